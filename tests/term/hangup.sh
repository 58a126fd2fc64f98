#!/bin/sh
# No run lost to a hang-up, in the terminal: SIGHUP (and SIGTERM) to the
# game, and the tmux session itself killed as a dropped SSH link would
# be, each leave a save that continues to the same digest as the run that
# never stopped; a second copy on the same save folder is refused while
# the first plays on; Ctrl-Z suspends the game and fg gives back a
# screen that plays on.
. "$2/tests/term/tmux.inc"

# the run that never stopped, after the keys: its digest
straight() { "$amulets" --home "$work/straight" --seed "$1" --play "$2" --digest | digest_of; }
continued() { "$amulets" --continue --play "" --digest | digest_of; }

for case in "HUP 1" "TERM 15"; do
    set -- $case
    signal=$1 number=$2
    rm -rf "$AMULETS_HOME"
    start_game --seed 5
    pick_class
    wait_for "Turn 0"
    press j j l l
    kill -s "$signal" "$(game_pid)"
    wait_end "SIG$signal"
    [ "$status" = $((128 + number)) ] || fail "SIG$signal: the game ended with $status"
    [ -f "$AMULETS_HOME/save.txt" ] || fail "SIG$signal left no save"
    [ "$(continued)" = "$(straight 5 jjll)" ] || fail "SIG$signal: continued $(continued), straight $(straight 5 jjll)"
    end_game
done

# a second copy on the same save folder is refused, and the first plays on
rm -rf "$AMULETS_HOME"
new_run 5
tm new-session -d -s second -x 80 -y 24 \
    "env TERM=tmux-256color '$amulets' --term --seed 9 2>'$work/second'; echo \$? >'$work/second-status'"
i=0
while [ ! -s "$work/second-status" ] && [ $i -lt $patience ]; do sleep 0.05; i=$((i + 1)); done
[ "$(cat "$work/second-status")" = 1 ] || fail "the second copy ended with '$(cat "$work/second-status")'"
grep -q "its run is being played elsewhere" "$work/second" || fail "the second copy said: $(cat "$work/second")"
press l
wait_for "Turn 1" "the first copy after the second was refused"
end_game
[ "$(continued)" = "$(straight 5 l)" ] || fail "the first copy's save: $(continued), not $(straight 5 l)"

# the session killed under the game: the terminal hangs up on it
rm -rf "$AMULETS_HOME"
new_run 6
press l l j
pid=$(game_pid)
end_game
i=0
while running "$pid" && [ $i -lt $patience ]; do sleep 0.05; i=$((i + 1)); done
running "$pid" && fail "the game outlived its terminal"
[ -f "$AMULETS_HOME/save.txt" ] || fail "the hang-up left no save"
[ "$(continued)" = "$(straight 6 llj)" ] || fail "after the hang-up: continued $(continued), straight $(straight 6 llj)"

# Ctrl-Z and fg, from a shell with job control
rm -rf "$AMULETS_HOME"
shell="sh -i"
command -v bash >/dev/null 2>&1 && shell="bash --norc --noprofile -i"
tm new-session -d -s game -x 80 -y 24 "env HISTFILE=/dev/null PS1='ready\$ ' TERM=tmux-256color LANG=C.UTF-8 $shell"
wait_for "ready"
tm send-keys -t game "'$amulets' --term --seed 7 2>'$work/stderr'" Enter
pick_class
wait_for "Turn 0"
press l
wait_for "Turn 1"
tm send-keys -t game C-z
wait_for "Stopped" "Ctrl-Z"
screen | grep -q "Turn 1" && fail "the game's screen stayed after Ctrl-Z"
tm send-keys -t game "fg" Enter
wait_for "Turn 1" "fg"
[ -n "$(player_at)" ] || fail "no player after fg"
press h
wait_for "Turn 2" "a key after fg"
tm send-keys -t game Escape
wait_for "Save the run, and quit"
tm send-keys -t game S
wait_for "ready" "the shell after Esc S"
[ -f "$AMULETS_HOME/save.txt" ] || fail "Esc S after fg left no save"
[ "$(continued)" = "$(straight 7 lh)" ] || fail "after fg: continued $(continued), straight $(straight 7 lh)"
echo "ok: SIGHUP, SIGTERM and a killed session saved; the lock; Ctrl-Z and fg restored the screen"
