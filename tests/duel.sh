#!/bin/sh
# amulets --duel: the table's form, a fight the fighter always wins and
# one the rogue can't always, the same table twice (it's deterministic),
# and a clear refusal of a class or monster that isn't there.
amulets="$1"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export AMULETS_HOME="$work/home"

"$amulets" --duel fighter all 20 >"$work/table" || fail "--duel failed"
head -1 "$work/table" | grep -q "^class *monster *fl *wins *draws *turns *hp left$" || fail "no header"
[ "$(grep -c '^fighter ' "$work/table")" -eq "$(grep -c '^\[monster\]' data/monsters.txt 2>/dev/null || \
    grep -c '^\[monster\]' "$(dirname "$0")/../data/monsters.txt")" ] || fail "not a row for each monster"
grep -q "^fighter  *jackal  *1-3 100.0%" "$work/table" || fail "the fighter lost to a jackal"
"$amulets" --duel rogue young_red_dragon 40 >"$work/dragon" || fail "--duel rogue dragon failed"
rate=$(sed -n 's/^rogue  *young_red_dragon  *9-9  *\([0-9.]*\)%.*/\1/p' "$work/dragon")
[ -n "$rate" ] || fail "no row for the rogue and the dragon"
awk "BEGIN { exit !($rate > 0 && $rate < 100) }" || fail "the rogue's duel with the dragon is $rate%, not a fight"
"$amulets" --duel rogue young_red_dragon 40 | cmp -s - "$work/dragon" || fail "two duels differ"

"$amulets" --duel wizard 2>"$work/err" && fail "an unknown class was taken"
grep -q "no class is called 'wizard'" "$work/err" || fail "no reason for the unknown class"
"$amulets" --duel all dragonet 2>"$work/err" && fail "an unknown monster was taken"
grep -q "no monster is called 'dragonet'" "$work/err" || fail "no reason for the unknown monster"
echo "duel: ok"
