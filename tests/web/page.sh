#!/bin/sh
# The game's page in headless Chromium (tests/web/page.js, store.js,
# config.js, close.js, kill.js), against this build's native program: AMULETS SOURCE [WEB-BUILD]. The page is built
# first in WEB-BUILD (default build-web/ in the source tree, shared with
# the web smoke test; a few seconds when nothing changed). Skipped (exit
# 77, a skip in ctest) where Node, emscripten, Debian's chromium or
# playwright-core (npm ci) is missing.
amulets="$1"
source="$2"
web="${3:-$source/build-web}"
tmp="${TMPDIR:-/tmp}/amulets-web-page-$$"
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
. "$source/tests/web/build.sh"
if [ ! -f "${AMULETS_CHROMIUM:-/usr/bin/chromium}" ] || [ ! -x "${AMULETS_CHROMIUM:-/usr/bin/chromium}" ]; then
    web_skip "chromium isn't installed (apt-get install chromium), so the page can't be tested"
fi
if [ ! -d "$source/node_modules/playwright-core" ]; then
    web_skip "playwright-core isn't installed (npm ci in $source), so the page can't be tested"
fi
web_build
failed=0
TMPDIR="$tmp" node "$source/tests/web/page.js" "$web/site" "$source" "$amulets" "${AMULETS_WEB_SHOTS:-/tmp/web-shots}" || failed=1
# the store on odd, denied and failing storage (tests/web/store.js)
TMPDIR="$tmp" node "$source/tests/web/store.js" "$web/site" "$source" || failed=1
# keys.txt and options.txt from IndexedDB, the Files page's editing, and a
# flight's frames (tests/web/config.js)
TMPDIR="$tmp" node "$source/tests/web/config.js" "$web/site" "$source" "$amulets" || failed=1
# real closes (tests/web/close.js): AMULETS_WEB_TRIES tries of each way
# (3 here; 20 when the store changes), and the browser killed at the
# page's writes (tests/web/kill.js; AMULETS_WEB_KILLS=8 for the full set)
TMPDIR="$tmp" node "$source/tests/web/close.js" "$web/site" "$source" "${AMULETS_WEB_TRIES:-3}" || failed=1
TMPDIR="$tmp" node "$source/tests/web/kill.js" "$web/site" "$source" "${AMULETS_WEB_KILLS:-quick}" || failed=1
exit $failed
