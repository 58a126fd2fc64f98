#!/bin/sh
# The window under Xvfb, keys typed as a person types them (xdotool key
# without --window, after windowfocus: through XTEST, to the window that
# has the focus):
# - on the class choice ("1-3 or Enter: start") the main keyboard's 3
#   starts a ranger; in play the keypad's 6 moves east and the main
#   keyboard's 6 is only a digit (no key of the game);
# - minimising and restoring the window while aiming leaves the target
#   cursor where the keys put it, not where the pointer rests (only the
#   pointer moving moves it): the arrow flies where the keys aimed;
# - the close button (WM_DELETE_WINDOW, as a window manager sends it)
#   during auto-explore saves the run and ends the game, nothing after.
amulets="$1"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
work=$(mktemp -d)
home="$work/home"
export AMULETS_HOME="$home"
export XDG_CONFIG_HOME="$work/config"
game=""
xvfb=""
trap 'kill -9 $game 2>/dev/null; kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
. "$2/tests/sdl/xwindow.inc"
[ -x "$xwin" ] || fail "no $xwin (it's built with the tests where Xlib's headers are)"
start_xvfb
patience=100
[ -n "$AMULETS_SANITIZED" ] && patience=400

# starts the window on a seed, no save waiting: the class choice
start() {
    rm -rf "$home"
    "$amulets" --seed "$1" 2>"$work/stderr" &
    game=$!
    find_window
    window_ready
}

# types keys into the window with the focus, as a keyboard does, each
# waiting for the window to show what it did
type_keys() {
    xdotool windowfocus --sync "$window" 2>/dev/null
    press_keys "$@"
}

# waits for the game to end; sets $status
ended() {
    i=0
    while kill -0 $game 2>/dev/null && [ $i -lt $patience ]; do sleep 0.1; i=$((i + 1)); done
    kill -0 $game 2>/dev/null && { kill -9 $game; fail "$1: the game didn't end (the keys left it elsewhere than the menu)"; }
    wait $game
    status=$?
    game=""
}

# Esc S; sets $continued, the save's digest (not in a subshell: the game
# is this shell's to wait for)
save_quit() {
    type_keys Escape S
    ended "$1"
    [ "$status" -eq 0 ] || fail "$1: the game ended with $status"
    [ -f "$home/save.txt" ] || fail "$1: no save"
    continued=$("$amulets" --continue --play "" --digest | digest_of)
}

digest_of() { grep '^digest' | cut -d' ' -f2; }

straight() { "$amulets" --home "$work/straight-$$" --seed "$1" --class "$2" --play "$3" --digest | digest_of; }

# ---- digits and the keypad -------------------------------------------------
start 5
type_keys 3 KP_6 6
save_quit "3, then the keypad's 6 and the keyboard's 6"
wanted=$(straight 5 ranger "<kp6>6")
[ -n "$wanted" ] && [ "$continued" = "$wanted" ] ||
    fail "3 KP_6 6 in the window: $continued, a ranger's <kp6>6: $wanted"
[ "$wanted" != "$(straight 5 ranger "")" ] || fail "the keypad's 6 took no step"

# ---- minimised and restored while aiming -----------------------------------
start 5
type_keys 3
# the pointer rests on the map, far from the player (a real move: it
# only points there while playing)
eval "$(xdotool getwindowgeometry --shell "$window")"
before=$(window_look)
xdotool mousemove $((X + 90)) $((Y + 90))
window_changed "$before" "the pointer's move"
window_settled
type_keys f l l
# minimised (without a window manager, xdotool's minimise does nothing:
# unmapping is what a window manager does to minimise it) and restored,
# the pointer still where it rested
xdotool windowminimize "$window" 2>/dev/null
xdotool windowunmap --sync "$window"
sleep 0.3
xdotool windowmap --sync "$window"
window_ready
type_keys Return
save_quit "aiming across a minimise"
wanted=$(straight 5 ranger "fll<enter>")
[ -n "$wanted" ] && [ "$continued" = "$wanted" ] ||
    fail "the arrow wasn't where the keys aimed after a minimise: $continued, f l l Enter: $wanted"

# ---- the close button during auto-explore ----------------------------------
start 5
type_keys Return
xdotool windowfocus --sync "$window" 2>/dev/null
before=$(window_look)
xdotool key o
window_changed "$before" "o"
"$xwin" close "$window" || fail "couldn't send the close"
ended "the close during auto-explore"
[ "$status" -eq 0 ] || fail "the close ended the game with $status"
[ -f "$home/save.txt" ] || fail "the close during auto-explore left no save"
# the save is the run as it was, mid-explore, and its recording agrees
# (a recording that didn't would be replaced, and the log would say so)
"$amulets" --continue --play "" --show >"$work/continued.txt" 2>&1 || fail "the save didn't continue"
grep -q "turn [1-9]" "$work/continued.txt" || fail "no step was taken before the close: $(head -3 "$work/continued.txt")"
grep -qi "recording" "$work/continued.txt" && fail "the recording didn't agree with the save: $(cat "$work/continued.txt")"
echo "ok: digits and the keypad, a minimise while aiming, the close during auto-explore"
