#!/bin/sh
# The window under Xvfb, stopped every way but SIGKILL: SIGHUP, SIGTERM,
# SIGQUIT and SIGINT each save the run as Esc S would, and continuing it
# gives the same digest as the run that never stopped; a save that fails
# doesn't keep the game from ending (it says why on stderr); Esc Q Y
# quits without saving; a second copy on the same folder is refused
# while the first plays on. Each key waits for the window to change
# (xwindow.inc's press_keys), never for a time.
amulets="$1"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
work=$(mktemp -d)
home="$work/home"
export AMULETS_HOME="$home"
game=""
first=""
xvfb=""
trap 'kill -9 $game $first 2>/dev/null; kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
. "$2/tests/sdl/xwindow.inc"
start_xvfb

# starts the window on a seed; sets $game and $window. With no save
# waiting, it starts on the class choice: Return takes the first class,
# the one the scripted runner plays without --class
start() {
    "$amulets" --seed "$1" 2>"$work/stderr" &
    game=$!
    find_window
    window_ready
}

# each key waits for the window to show what it did: a signal then comes
# after the keys, never in the middle of them
keys() {
    xdotool windowactivate --sync "$window" 2>/dev/null || xdotool windowfocus --sync "$window" 2>/dev/null
    press_keys --window "$@"
}

# waits for the game to end; sets $status
ended() {
    for i in $(seq 1 150); do
        kill -0 $game 2>/dev/null || break
        sleep 0.1
    done
    kill -0 $game 2>/dev/null && { kill -9 $game; fail "$1: the game didn't end"; }
    wait $game
    status=$?
}

digest_of() { grep '^digest' | cut -d' ' -f2; }

for signal in HUP TERM QUIT INT; do
    rm -rf "$home"
    start 5
    keys Return j j l l
    kill -s "$signal" $game
    ended "SIG$signal"
    [ -f "$home/save.txt" ] || fail "SIG$signal left no save"
    continued=$("$amulets" --continue --play "" --digest | digest_of)
    straight=$("$amulets" --seed 5 --play "jjll" --digest | digest_of)
    [ -n "$straight" ] && [ "$continued" = "$straight" ] ||
        fail "SIG$signal: continued $continued, straight $straight"
done

# a save that can't be written (a folder where its temporary file goes)
rm -rf "$home"
start 6
keys Return l l
mkdir -p "$home/save.txt.tmp/in-the-way"
kill -s TERM $game
ended "SIGTERM with a failing save"
[ ! -f "$home/save.txt" ] || fail "a save appeared that couldn't be written"
grep -q "couldn't be saved" "$work/stderr" || fail "no word on stderr: $(cat "$work/stderr")"
rm -rf "$home/save.txt.tmp"

# quit without saving: the last save stays as it was
"$amulets" --home "$home" --seed 7 --play "hh<esc>S" >/dev/null
cp "$home/save.txt" "$work/before"
start 7
keys c l l l Escape Q y
ended "quit without saving"
[ "$status" -eq 0 ] || fail "quitting without saving ended with $status"
cmp -s "$home/save.txt" "$work/before" || fail "quitting without saving changed the save"

# a second copy on the same folder: refused, the first plays on
rm -rf "$home"
start 8
first=$game
first_window=$window
keys Return l l
start 9
second=$game
kill -0 $first 2>/dev/null || fail "the first copy ended"
[ ! -f "$home/save.txt" ] || fail "the second copy saved"
keys Escape
ended "the second copy"
[ "$status" -eq 1 ] || fail "the refused copy ended with $status"
game=$first
window=$first_window
kill -s TERM $game
ended "the first copy"
continued=$("$amulets" --continue --play "" --digest | digest_of)
straight=$("$amulets" --seed 8 --play "ll" --digest | digest_of)
[ "$continued" = "$straight" ] || fail "the first copy's save: $continued, not $straight"
echo "ok: every ending signal saved, a failing save still ended, quit without saving, the lock"
