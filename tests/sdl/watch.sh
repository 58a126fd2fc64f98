#!/bin/sh
# Watching a recording: the headless frame of a replay ends on the same
# run as the replay runner's, and in a real window under Xvfb the
# playback keys (pause, step, faster, slower; typed through XTEST) work
# and Esc leaves.
# Watching touches no save folder: neither $AMULETS_HOME nor the user's
# data folder is made; nor does a screenshot without AMULETS_HOME or
# --home, which plays in a throwaway folder.
amulets="$1"
source_dir="$2"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
work=$(mktemp -d)
export AMULETS_HOME="$work/home"
fail() { echo "FAIL: $*"; exit 1; }
game=""
xvfb=""
trap 'kill -9 $game 2>/dev/null; kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT

for name in descend-1-to-3 death-floor-6 save-and-continue; do
    film="$source_dir/tests/replays/$name.txt"
    runner=$("$amulets" --replay "$film" --digest | grep '^digest')
    window=$("$amulets" --replay "$film" --screenshot "$work/$name.png" --digest | grep '^digest')
    [ -n "$runner" ] && [ "$runner" = "$window" ] || fail "$name: runner $runner, window $window"
    [ -s "$work/$name.png" ] || fail "$name: no picture"
done

[ -e "$AMULETS_HOME" ] && fail "watching a recording made the save folder $AMULETS_HOME"
# without AMULETS_HOME, the user's data folder is left alone too
HOME="$work/user" XDG_DATA_HOME="" AMULETS_HOME="" \
    "$amulets" --replay "$source_dir/tests/replays/descend-1-to-3.txt" --screenshot "$work/user.png" >/dev/null ||
    fail "the recording didn't play without AMULETS_HOME"
[ -e "$work/user" ] && fail "watching a recording made $(find "$work/user" | tail -1)"

# a screenshot's run is a script's, as the runner's is: without
# AMULETS_HOME or --home it plays in a throwaway folder, removed after,
# never in the user's data folder (its journal would take the place of a
# waiting run's)
mkdir -p "$work/tmp"
HOME="$work/user" XDG_DATA_HOME="" AMULETS_HOME="" TMPDIR="$work/tmp"     "$amulets" --seed 5 --play "hhjj" --screenshot "$work/scripted.png" >/dev/null ||
    fail "the screenshot failed without AMULETS_HOME"
[ -s "$work/scripted.png" ] || fail "no screenshot without AMULETS_HOME"
[ -e "$work/user" ] && fail "a screenshot played in the user's folder: $(find "$work/user" | tail -1)"
[ -z "$(ls -A "$work/tmp")" ] || fail "the screenshot's throwaway folder was left: $(ls "$work/tmp")"

# a damaged recording is refused with its file and line, in the window too
printf 'format = 1\ngame = x\n' >"$work/bad.txt"
"$amulets" --replay "$work/bad.txt" --screenshot "$work/bad.png" 2>"$work/err" && fail "a bad recording played"
grep -q "bad.txt:" "$work/err" || fail "no FILE:LINE for a bad recording: $(cat "$work/err")"

. "$source_dir/tests/sdl/xwindow.inc"
start_xvfb
"$amulets" --replay "$source_dir/tests/replays/descend-1-to-3.txt" &
game=$!
find_window
xdotool windowfocus --sync "$window" 2>/dev/null
for key in space period period Right plus plus minus F2 F2 space; do
    xdotool key "$key"
    sleep 0.2
done
kill -0 $game 2>/dev/null || fail "the playback window ended by itself"
xdotool key Escape
for i in $(seq 1 100); do kill -0 $game 2>/dev/null || break; sleep 0.1; done
kill -0 $game 2>/dev/null && fail "Esc didn't end the playback"
wait $game || fail "the playback ended with status $?"
game=""
[ -e "$AMULETS_HOME" ] && fail "watching a recording in the window made the save folder $AMULETS_HOME"
echo "ok"
