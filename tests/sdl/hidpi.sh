#!/bin/sh
# The window on a screen of density 2: Weston's headless compositor at
# scale 2 (Debian's weston; its pixman renderer, no GPU), SDL3 on Wayland.
# test_events --scaled opens a window there and checks it has twice the
# pixels of its size and the layout gets them all (gfx_size), its size in
# the desktop's units is kept (gfx_window_size, for options.txt), its
# least size is set in those units, and the pointer comes in the
# renderer's pixels (a move to 100.5, 50.25 is at 201, 100). Says SKIP
# without weston.
amulets="$1"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
command -v weston >/dev/null || { echo "SKIP: hidpi: no weston (Debian's weston)"; exit 77; }
work=$(mktemp -d)
compositor=""
trap 'kill $compositor 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export XDG_RUNTIME_DIR="$work"
weston --backend=headless-backend.so --use-pixman --width=1600 --height=1000 --scale=2 \
    --socket=amulets-hidpi --idle-time=0 --no-config --log="$work/weston.log" >/dev/null 2>&1 &
compositor=$!
for i in $(seq 1 100); do
    [ -S "$work/amulets-hidpi" ] && break
    kill -0 $compositor 2>/dev/null || fail "weston ended: $(tail -3 "$work/weston.log")"
    sleep 0.1
done
[ -S "$work/amulets-hidpi" ] || fail "weston made no socket in ten seconds"
WAYLAND_DISPLAY=amulets-hidpi SDL_VIDEO_DRIVER=wayland "$(dirname "$amulets")/test_events" --scaled ||
    fail "the window at density 2"
echo "ok: at density 2 the window draws every pixel, keeps its size, and the pointer is in its pixels"
