#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests when it is missing; never fails the build:
# without it the browser tests skip and say why.
set -u
# A CJK font too: without one the screenshots show boxes instead of Chinese.
if command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi -e wqy -e noto.*cjk; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "install_browser: chromium missing and apt-get not usable as this user; browser tests will skip" >&2
    exit 0
fi
echo "install_browser: installing Debian's chromium for the browser tests" >&2
export DEBIAN_FRONTEND=noninteractive
{ apt-get update -qq && apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null; } \
    || echo "install_browser: apt-get could not install chromium; browser tests will skip" >&2
exit 0
