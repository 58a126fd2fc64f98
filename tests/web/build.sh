# Sourced by the web tests (smoke.sh, page.sh) with amulets, source and
# web set and tmp made: skips (exit 77, a skip in ctest) where node or
# emscripten is missing, then brings the WebAssembly build in $web up to
# date, one build at a time when two native builds' tests run at once
# (a few seconds when nothing changed), so a stale one is never tested.
# A skip says why; where AMULETS_WEB_REQUIRED=1 (CI, whose .ci/run
# installs everything) a missing piece is a failure, never a skip
web_skip() {
    if [ "${AMULETS_WEB_REQUIRED:-0}" = 1 ]; then
        echo "FAIL (AMULETS_WEB_REQUIRED=1, so not a skip): $*"
        exit 1
    fi
    echo "SKIP: $*"
    exit 77
}
command -v node >/dev/null 2>&1 || web_skip "node isn't installed, so the WebAssembly build can't run"
command -v emcc >/dev/null 2>&1 ||
    web_skip "emscripten isn't installed (apt-get install emscripten), so nothing is built to WebAssembly"
web_build() {
    lock=""
    mkdir -p "$web"
    command -v flock >/dev/null 2>&1 && lock="flock $web/smoke.lock"
    if ! env -u MAKEFLAGS -u MFLAGS $lock make -s -C "$source" web-smoke-build WEB_BUILD="$web" \
            >"$tmp/build.log" 2>&1; then
        cat "$tmp/build.log"
        echo "the WebAssembly build failed (above)"
        exit 1
    fi
}
