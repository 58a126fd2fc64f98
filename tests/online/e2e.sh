#!/bin/sh
# The online page end to end in Debian's chromium against amulets-server
# (tests/online/e2e.js): AMULETS-SERVER SOURCE AMULETS [WEB-BUILD]. The
# page is built first in WEB-BUILD (build-web/ in the source tree, shared
# with the web tests). Skipped (77) where Node, emscripten, chromium or
# playwright-core is missing, and, until the accounts branch is merged,
# where the server has no accounts API (each such case says so).
server="$1"
source="$2"
amulets="$3"
web="${4:-$source/build-web}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/amulets-online-e2e-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$source/tests/web/build.sh"
if [ ! -x "${AMULETS_CHROMIUM:-/usr/bin/chromium}" ]; then
    web_skip "chromium isn't installed (apt-get install chromium), so the page can't be tested"
fi
[ -d "$source/node_modules/playwright-core" ] ||
    web_skip "playwright-core isn't installed (npm ci in $source), so the page can't be tested"
web_build
TMPDIR="$tmp" node "$source/tests/online/e2e.js" "$web/site" "$source" "$server" "$amulets" "${AMULETS_ONLINE_SHOTS:-/tmp/online-shots}"
