#!/bin/sh
# The \ list (every kind of potion and scroll) at 80 x 24 is longer than
# its dialog once the kinds are known: under the lines in view it says
# how many more there are and how to see them, and down and up scroll
# to them (a fighter of the test's data knows every kind from the start).
. "$2/tests/term/tmux.inc"
cp -r "$source_dir/data" "$work/data"
kinds=$(awk '/^\[/ { section = $0 } section ~ /^\[(potion|scroll)\]$/ && $1 == "id" { printf "%s ", $3 }' \
    "$work/data/items.txt")
[ -n "$kinds" ] || fail "no potion or scroll in items.txt"
sed -i "0,/^kit *= *long_sword chain_mail\$/s//&\nknown       = $kinds/" "$work/data/classes.txt"
grep -q "^known *= *$kinds" "$work/data/classes.txt" || fail "the fighter wasn't given every kind"

start_game --seed 5 --data "$work/data"
pick_class
wait_for "Turn 0" "a new run"
press '\'
wait_for "POTIONS AND SCROLLS" "the \\ list"
wait_for "[0-9]+ more lines below: down scrolls\\." "the hint at the top of the page"
below=$(screen | sed -n 's/.* \([0-9][0-9]*\) more lines below: down scrolls\..*/\1/p')
# a heading, each kind and what it does (a line or more), a gap, a heading
[ "$below" -ge $((2 * $(echo $kinds | wc -w) + 3 - 18)) ] || fail "only $below more lines below"
screen | grep -q "Potions: [0-9]* of [0-9]* known" || fail "the page's top isn't in view"
press j
wait_for "1 more line above and $((below - 1)) below: up and down scroll\\." "one line down"
for i in $(seq 2 "$below"); do press j; done
wait_for "$below more lines above: up scrolls\\." "the foot of the page"
screen | grep -q "below" && fail "more below at the foot of the page"
press k
wait_for "$((below - 1)) more lines above and 1 below: up and down scroll\\." "one line up"
press Escape
wait_for "Turn 0" "the page closed"
echo "ok: the \\ list at 80 x 24 says how many more lines there are, and scrolls to them"
