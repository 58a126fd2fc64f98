#!/bin/sh
# The game's page in headless Chromium (tests/web/page.js), against this
# build's native program: AMULETS SOURCE [WEB-BUILD]. The page is built
# first in WEB-BUILD (default build-web/ in the source tree, shared with
# the web smoke test; a few seconds when nothing changed). Skipped (exit
# 77, a skip in ctest) where Node, emscripten, Debian's chromium or
# playwright-core (npm ci) is missing.
amulets="$1"
source="$2"
web="${3:-$source/build-web}"
if ! command -v node >/dev/null 2>&1; then
    echo "SKIP: node isn't installed, so the page can't be tested"
    exit 77
fi
if ! command -v emcc >/dev/null 2>&1; then
    echo "SKIP: emscripten isn't installed (apt-get install emscripten), so the page isn't built"
    exit 77
fi
if [ ! -f "${AMULETS_CHROMIUM:-/usr/bin/chromium}" ] || [ ! -x "${AMULETS_CHROMIUM:-/usr/bin/chromium}" ]; then
    echo "SKIP: chromium isn't installed (apt-get install chromium), so the page can't be tested"
    exit 77
fi
if [ ! -d "$source/node_modules/playwright-core" ]; then
    echo "SKIP: playwright-core isn't installed (npm ci in $source), so the page can't be tested"
    exit 77
fi
tmp="${TMPDIR:-/tmp}/amulets-web-page-$$"
mkdir -p "$tmp" "$web"
trap 'rm -rf "$tmp"' EXIT
lock=""
command -v flock >/dev/null 2>&1 && lock="flock $web/smoke.lock"
if ! env -u MAKEFLAGS -u MFLAGS $lock make -s -C "$source" web-smoke-build WEB_BUILD="$web" \
        >"$tmp/build.log" 2>&1; then
    cat "$tmp/build.log"
    echo "the WebAssembly build failed (above)"
    exit 1
fi
TMPDIR="$tmp" exec node "$source/tests/web/page.js" "$web/site" "$source" "$amulets" "${AMULETS_WEB_SHOTS:-/tmp/web-shots}"
