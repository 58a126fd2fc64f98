#!/bin/sh
# A real window under Xvfb: the game starts, takes a few keys (typed
# through XTEST, as a keyboard types them, to the window with the focus),
# is still running, and quits cleanly through Esc's menu (which saves the
# run); options.txt keeps the view it closed in (F2: tiles) and its size.
amulets="$1"
# Under the sanitizers, the X and GL drivers SDL loads and unloads at run
# time leave allocations whose stacks can't be named after they're
# unloaded; leaks in our own code are checked by every other test
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
work=$(mktemp -d)
home="$work/home"
export AMULETS_HOME="$home"
export XDG_CONFIG_HOME="$work/config"
game=""
xvfb=""
trap 'kill -9 $game 2>/dev/null; kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "$*"; exit 1; }
. "$2/tests/sdl/xwindow.inc"
start_xvfb
"$amulets" --seed 5 &
game=$!
find_window
xdotool windowfocus --sync "$window" 2>/dev/null
# Return: the class choice's first, the default class
for key in Return j j l l period F2 F2 F2 i Escape; do
    xdotool key "$key"
    sleep 0.1
done
sleep 0.5
kill -0 $game 2>/dev/null || fail "the game stopped by itself"
xdotool key Escape
sleep 0.2
xdotool key S
for i in $(seq 1 100); do
    kill -0 $game 2>/dev/null || break
    sleep 0.1
done
kill -0 $game 2>/dev/null && fail "the game didn't quit through Esc's menu"
wait $game
status=$?
game=""
[ "$status" -eq 0 ] || fail "the game quit with status $status"
[ -f "$home/save.txt" ] || fail "quitting through the menu left no save"
options="$XDG_CONFIG_HOME/AmuletsOfSDL/options.txt"
grep -qx "view = tiles" "$options" || fail "options.txt didn't keep the tile view: $(cat "$options")"
grep -qx "window = 1280x760" "$options" || fail "options.txt didn't keep the size: $(cat "$options")"
echo "the window opened, took keys, quit cleanly with a save, and kept its view and size"
