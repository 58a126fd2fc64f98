#!/bin/sh
# A real window under Xvfb: the game starts, takes a few keys, is still
# running, and quits cleanly through Esc's menu (which saves the run).
amulets="$1"
if ! command -v Xvfb >/dev/null || ! command -v xdotool >/dev/null; then
    echo "Xvfb and xdotool are needed (Debian's xvfb and xdotool packages)"
    exit 1
fi
# Under the sanitizers, the X and GL drivers SDL loads and unloads at run
# time leave allocations whose stacks can't be named after they're
# unloaded; leaks in our own code are checked by every other test
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
home="${TMPDIR:-/tmp}/amulets-window-$$"
rm -rf "$home"
export AMULETS_HOME="$home"
display=":$((90 + $$ % 100))"
Xvfb "$display" -screen 0 1400x900x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$home"' EXIT
export DISPLAY="$display"
sleep 1
"$amulets" --seed 5 &
game=$!
window=""
for i in $(seq 1 50); do
    window=$(xdotool search --name "Amulets of SDL" 2>/dev/null | head -1)
    [ -n "$window" ] && break
    sleep 0.2
done
[ -n "$window" ] || { echo "no window appeared"; kill $game; exit 1; }
xdotool windowfocus --sync "$window" 2>/dev/null
for key in j j l l period F2 F2 i Escape; do
    xdotool key --window "$window" "$key"
    sleep 0.1
done
sleep 0.5
kill -0 $game 2>/dev/null || { echo "the game stopped by itself"; exit 1; }
xdotool key --window "$window" Escape
sleep 0.2
xdotool key --window "$window" s
for i in $(seq 1 50); do
    kill -0 $game 2>/dev/null || break
    sleep 0.1
done
if kill -0 $game 2>/dev/null; then
    echo "the game didn't quit through Esc's menu"
    kill $game
    exit 1
fi
wait $game
status=$?
[ "$status" -eq 0 ] || { echo "the game quit with status $status"; exit 1; }
[ -f "$home/save.txt" ] || { echo "quitting through the menu left no save"; exit 1; }
echo "the window opened, took keys, and quit cleanly with a save"
