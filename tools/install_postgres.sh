#!/usr/bin/env bash
# Installs Debian's postgresql when initdb/postgres are missing: the rulings tests start a throwaway
# PostgreSQL cluster (tests/_postgres.py) and fail without one. Exits 1 when it cannot install, unless
# ARBITER_ALLOW_SKIP_SERVICES=1 (then those tests skip instead).
set -u
have_postgres() {
    command -v initdb >/dev/null 2>&1 && command -v postgres >/dev/null 2>&1 && return 0
    # Debian keeps the server binaries outside PATH, in /usr/lib/postgresql/<version>/bin.
    for dir in /usr/lib/postgresql/*/bin; do
        [ -x "$dir/initdb" ] && [ -x "$dir/postgres" ] && return 0
    done
    return 1
}
give_up() {
    if [ "${ARBITER_ALLOW_SKIP_SERVICES:-}" = 1 ]; then
        echo "install_postgres: $1; ARBITER_ALLOW_SKIP_SERVICES=1, so the PostgreSQL tests will skip" >&2
        exit 0
    fi
    echo "install_postgres: $1; the PostgreSQL tests need it (install Debian's postgresql, or set" \
         "ARBITER_ALLOW_SKIP_SERVICES=1 to skip them)" >&2
    exit 1
}
if have_postgres; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    give_up "PostgreSQL is missing and apt-get is not usable as this user"
fi
echo "install_postgres: installing Debian's postgresql for the rulings tests" >&2
export DEBIAN_FRONTEND=noninteractive
# The package's own cluster and service are not used (the tests start their own); in a container
# without an init system the service simply does not start.
{ apt-get update -qq && apt-get install -y -qq postgresql >/dev/null; } \
    || give_up "apt-get could not install postgresql"
have_postgres || give_up "postgresql installed but initdb/postgres not found"
exit 0
