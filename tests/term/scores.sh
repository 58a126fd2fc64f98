#!/bin/sh
# The high scores in an 80 x 24 terminal: H on the title shows each run
# that died as "Killed by" and what killed it (carried onto a second row
# if it's long, never cut), as the window's wider table does.
. "$2/tests/term/tmux.inc"

# runs that die: explore, then stand still where something hunts
waits=$(printf '.%.0s' $(seq 1 400))
for seed in 1 2 3 4 5 6; do
    "$amulets" --home "$AMULETS_HOME" --seed "$seed" --play "oooo$waits" >/dev/null
done
scores="$AMULETS_HOME/scores.txt"
dead=$(grep -c '^outcome = dead' "$scores" 2>/dev/null)
[ "${dead:-0}" -gt 0 ] || fail "none of the runs died, so the table has no death to show"

start_game --seed 21
wait_for "Continue|Start a new run|CHOOSE YOUR CLASS" "the title or the class choice"
press H
wait_for "HIGH SCORES" "the high scores"
settle
[ "$(screen | grep -c 'Killed by ')" = "$dead" ] ||
    fail "$dead deaths in scores.txt, $(screen | grep -c 'Killed by ') shown with 'Killed by'"
# each cause's first words follow "Killed by" (a long one goes on below)
grep '^cause = ' "$scores" | sed 's/^cause = //' | cut -c1-12 | sort -u | while IFS= read -r cause; do
    screen | grep -qF "Killed by $cause" || fail "no 'Killed by $cause'"
done || exit 1
echo "ok: the high scores at 80 x 24 say 'Killed by' and the cause of each death"
