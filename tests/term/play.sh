#!/bin/sh
# The terminal as a new player meets it, in an 80 x 24 tmux pane: the
# title (a save waits), a new run, the player on the screen and moving
# with l, the map view scrolling as the player walks toward an edge of a
# map taller than the pane (and never losing the player), the pack
# opening and closing, a resize to 100 x 40 (the whole map) and to
# 60 x 20 (too small: how big it must be), and Esc S saving a run that
# --continue goes on with to the same digest.
. "$2/tests/term/tmux.inc"

# a waiting save, so the title offers it
"$amulets" --home "$AMULETS_HOME" --seed 4 --play "ll<esc>S" >/dev/null
start_game --seed 64
wait_for "A saved run is waiting" "the title"
wait_for "N +Start a new run"
press n
pick_class
wait_for "Turn 0" "a new run"
wait_for "Welcome to the dungeon"
settle
start=$(player_at)
[ -n "$start" ] || fail "no @ on the screen"

# l moves the player a column to the right
press l
wait_for "Turn 1"
set -- $start $(player_at)
[ "$3" = "$1" ] && [ "$4" = $(($2 + 1)) ] || fail "l moved @ from $start to $3 $4"
press h
wait_for "Turn 2"

# south toward the map's foot: the view follows, the player always shown
scrolled=no
last=$(player_at)
for step in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
    press j
    now=$(player_at)
    [ -n "$now" ] || fail "the player went off the screen at step $step"
    set -- $last $now
    [ $(($3 - $1)) -lt 0 ] && scrolled=yes   # a step south that goes up the screen: the view moved
    last=$now
done
turn=$(screen | grep -o 'Turn [0-9]*')
[ "$scrolled" = yes ] || fail "the view never scrolled (the player ended at $last)"

# the pack opens over the map, and Esc closes it
press i
wait_for "INVENTORY" "the pack"
wait_for "Esc to close"
press Escape
screen | grep -q INVENTORY && fail "Esc left the pack open"
[ -n "$(player_at)" ] || fail "no player after the pack closed"

# a bigger pane shows the whole map; a smaller one says how big it must be
tm resize-window -t game -x 100 -y 40
wait_for "$turn" "after the resize to 100 x 40"
[ "$(screen | wc -l)" -ge 40 ] || fail "the pane didn't grow"
[ -n "$(player_at)" ] || fail "no player at 100 x 40"
tm resize-window -t game -x 60 -y 20
wait_for "The game needs 80 x 24" "at 60 x 20"
wait_for "This terminal is 60 x 20"
tm resize-window -t game -x 80 -y 24
wait_for "$turn" "back at 80 x 24"
[ -n "$(player_at)" ] || fail "no player back at 80 x 24"

# Esc S saves and quits; the save goes on as the run that never stopped
tm send-keys -t game Escape
wait_for "Save the run, and quit" "Esc's menu"
tm send-keys -t game S
wait_end "Esc S"
[ "$status" = 0 ] || fail "Esc S ended with $status"
[ -f "$AMULETS_HOME/save.txt" ] || fail "Esc S left no save"
continued=$("$amulets" --continue --play "" --digest | digest_of)
straight=$("$amulets" --home "$work/straight" --seed 64 --play "lhjjjjjjjjjjjjjjji<esc>" --digest | digest_of)
[ -n "$straight" ] && [ "$continued" = "$straight" ] || fail "continued $continued, straight $straight"
echo "ok: title, a new run, moving, scrolling, the pack, resizing, Esc S and --continue"
