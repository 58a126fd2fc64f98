#!/bin/sh
# The mouse looks at the cell under the pointer, as x looks at the cell
# under its cursor, also when the map moves under a pointer at rest: F2
# changing the view, the tile view's camera following the player, the
# window resized. In a real window under Xvfb: the pointer is put on the
# player's tile, the map is moved under it, and a wiggle of the pointer
# (a pixel away and back) must change nothing on the screen, as it
# changes nothing where the look panel and the cell it marks are the
# pointer's (before, they stayed on the cell the pointer had left: over
# a remembered shrieker the panel told of another cell, "x" of the
# shrieker).
amulets="$1"
source_dir="$2"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
work=$(mktemp -d)
export AMULETS_HOME="$work/home"
export XDG_CONFIG_HOME="$work/config"
game=""
xvfb=""
trap 'kill -9 $game 2>/dev/null; kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
. "$source_dir/tests/sdl/xwindow.inc"

# where the player's tile is at 800 x 480 in the tile view, from the
# screenshot of the same run (the first class, as Return picks below)
set -- $("$amulets" --home "$work/shot" --seed 5 --tiles --size 800x480 --play "" --screenshot "$work/shot.png" |
    grep '^player ')
[ "$1" = player ] || fail "the screenshot didn't say where the player is"
px=$(($2 + $4 / 2))
py=$(($3 + $5 / 2))

start_xvfb
"$amulets" --seed 5 --tiles --size 800x480 &
game=$!
find_window
window_ready
xdotool windowfocus --sync "$window" 2>/dev/null
press_keys Return
eval "$(xdotool getwindowgeometry --shell "$window")"

# Waits until the window has shown the same for half a second (a resize
# comes in several pieces, some a while apart)
quiet() {
    tries=0
    was=$(window_look)
    same=0
    while [ $same -lt 5 ] && [ $tries -lt 200 ]; do
        sleep 0.1
        now=$(window_look)
        if [ "$now" = "$was" ] && [ "$now" != gone ]; then same=$((same + 1)); else same=0; fi
        was=$now
        tries=$((tries + 1))
    done
}

# the pointer moved by a pixel and back: the screen as it was if the
# look panel was already about the cell under it
steady() {
    quiet
    look=$(window_look)
    xdotool mousemove_relative 1 0
    sleep 0.15
    xdotool mousemove_relative -- -1 0
    quiet
    [ "$(window_look)" = "$look" ] || fail "$1: the look panel wasn't about the cell under the pointer"
}

before=$(window_look)
xdotool mousemove $((X + px)) $((Y + py))
window_changed "$before" "the pointer on the player"
window_settled
steady "the pointer moved onto the player"
press_keys F2
steady "F2 to the glyph view"
press_keys F2
steady "F2 back to the tile view"
for key in l l j j; do
    press_keys "$key"
    steady "a step ($key) in the tile view"
done
xdotool windowsize --sync "$window" 960 600
window_changed "$look" "the resize"
steady "the window made bigger"

kill -0 $game 2>/dev/null || fail "the game stopped by itself"
echo "ok: the look panel follows the cell under a resting pointer as the map moves"
