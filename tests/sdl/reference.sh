#!/bin/sh
# The window draws what it drew when the references were made. The
# pictures in tests/sdl/reference/ were first the SDL2 game's own, made at
# b48ae70 (the last commit on SDL2), and SDL3's were held to them; when
# play changes what the scenes show (a message counted otherwise), they
# are made again with tools/regen-reference.sh, looked at, and committed
# saying so: headless-*.png the screenshots (SDL's software renderer),
# window-*.png the window under Xvfb (OpenGL on Mesa's llvmpipe) read
# back from the X server. The game draws them again, in
# both views: seed 17 after six steps south (jackals, the log, the
# panel's health bars) at 800 x 480, the least size, in glyphs and tiles;
# and seed 17's first screen in tiles at 1280 x 760, the default size,
# where tiles are scaled (a potion's picture, tinted, from 25 x 27 to 35
# pixels: filtered linearly instead of pixel for pixel it is blurred, up
# to 154 levels off). The window's keys are typed through XTEST.
# Tolerance: no pixel's red, green or blue more than 8 levels off, and at
# most 3% of the pixels off at all. SDL3's software renderer blends
# text's anti-aliased edges and the dialogs' shade a level or two apart
# from SDL2's (2 levels at most, on 1.3% of the pixels); its window was
# the same to the pixel here. A blurred tile, a glyph a pixel off or a
# wrong colour is tens of levels off. (The two renderers differ from each
# other in where a scaled tile's pixels fall: one column of the potion is
# its neighbour's, up to 129 levels off, so each is held to its own.)
amulets="$1"
source_dir="$2"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
work=$(mktemp -d)
home="$work/home"
export AMULETS_HOME="$home"
export XDG_CONFIG_HOME="$work/config"
game=""
xvfb=""
trap 'kill -9 $game 2>/dev/null; kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
reference="$source_dir/tests/sdl/reference"
diff_tool="$(dirname "$amulets")/picture_diff"
[ -x "$diff_tool" ] || fail "no $diff_tool (built with the window's tests)"
# the tile view's pictures are Debian's crawl-tiles-data (make test installs it)
[ -d /usr/share/crawl/dat/tiles ] || fail "the tile pictures aren't installed (Debian's crawl-tiles-data)"

# holds PICTURE against the reference NAME.png (tools/regen-reference.sh
# sets AMULETS_REFERENCE_WRITE to a folder: each picture is kept there
# instead, to become the reference when play changes what the scenes show)
holds() {
    if [ -n "${AMULETS_REFERENCE_WRITE:-}" ]; then
        cp "$2" "$AMULETS_REFERENCE_WRITE/$1.${2##*.}" || fail "$1: can't keep it"
        return
    fi
    "$diff_tool" "$reference/$1.png" "$2" 8 3 || fail "$1: the picture isn't the reference's"
}

# headless: seed 17, the keys, the view and the size
headless() {
    rm -rf "$home"
    "$amulets" --seed 17 --play "$1" --screenshot "$work/$2.png" --"$3" --size "$4" >/dev/null ||
        fail "$2: no screenshot"
    holds "headless-$2" "$work/$2.png"
}
headless jjjjjj glyphs-800x480 glyphs 800x480
headless jjjjjj tiles-800x480 tiles 800x480
headless "" tiles-1280x760 tiles 1280x760

. "$source_dir/tests/sdl/xwindow.inc"
[ -x "$xwin" ] || fail "no $xwin (it's built with the tests where Xlib's headers are)"
start_xvfb
# the pointer off the window: the look panel tells of nothing
xdotool mousemove 0 0

# the window on seed 17 at a size, in a view, its class chosen (Enter: the
# first, as a screenshot's run has it); the keys typed as a keyboard does
window_on() {
    rm -rf "$home"
    "$amulets" --seed 17 --size "$1" --"$2" 2>"$work/stderr" &
    game=$!
    find_window
    window_ready
    xdotool windowfocus --sync "$window" 2>/dev/null
    press_keys Return
}
grab() {
    "$xwin" grab "$window" "$work/$1.ppm" || fail "$1: the window couldn't be read"
    holds "window-$1" "$work/$1.ppm"
}
window_on 800x480 glyphs
press_keys j j j j j j
grab glyphs-800x480
press_keys F2
grab tiles-800x480
kill -9 $game
game=""
window_on 1280x760 tiles
grab tiles-1280x760
echo "the window's pictures, headless and under Xvfb, are the references' within 8 levels"
