#!/usr/bin/env bash
# Installs Debian's redis-server for the tests marked `redis` (the shared rate-limit storage) when it
# is missing. Unlike the browser install this one fails the build when it cannot install: those
# tests must run in `make test`, not skip.
set -eu
if command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ]; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "install_services: redis-server is missing; install it as root (apt-get install redis-server)" \
         "or run this script as root" >&2
    exit 1
fi
echo "install_services: installing Debian's redis-server for the redis tests" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# Only the binary is needed: the tests start their own private server on a free port.
apt-get install -y -qq --no-install-recommends redis-server >/dev/null
command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ]
