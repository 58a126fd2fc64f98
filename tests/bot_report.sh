#!/bin/sh
# amulets --bot and --bot-report: a JSON line per run, shards merged into
# the same summary as one sweep of them all (and as the sweep printed), the
# same sweep twice the same (it's deterministic, on any number of
# threads), and a page of SVG charts.
amulets="$1"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export AMULETS_HOME="$work/home"
runs=6
[ "$AMULETS_SANITIZED" = 1 ] && runs=2
half=$((runs / 2))

"$amulets" --bot --runs $runs --seeds 1 --class all --turns 800 -j 2 --out "$work/all" >"$work/all.txt" ||
    fail "--bot failed"
[ "$(cat "$work"/all/*.jsonl | wc -l)" -eq $((runs * 3)) ] || fail "not a line per run"
grep -q '^{"seed":1,"class":"fighter","outcome":"[a-z]*","floor":[1-9],"turns":[0-9]*,' "$work"/all/*.jsonl ||
    fail "the line's form"
"$amulets" --bot --runs $half --seeds 1 --class all --turns 800 --out "$work/a" >/dev/null || fail "shard a"
"$amulets" --bot --runs $((runs - half)) --seeds $((half + 1)) --class all --turns 800 --out "$work/b" >/dev/null ||
    fail "shard b"
"$amulets" --bot-report "$work/all" >"$work/one.txt" 2>/dev/null || fail "--bot-report of one"
"$amulets" --bot-report "$work/b" "$work/a" >"$work/two.txt" 2>/dev/null || fail "--bot-report of two"
cmp -s "$work/one.txt" "$work/two.txt" || fail "the shards' summary differs from the sweep's"
cmp -s "$work/one.txt" "$work/all.txt" || fail "the report differs from the summary the sweep printed"
grep -q "^runs $((runs * 3)): won" "$work/one.txt" || fail "the summary's first line"
grep -q "<svg" "$work/b/report.html" || fail "no chart on the page"
grep -q "<script" "$work/b/report.html" && fail "a script on the page"
# the charts' counts are whole ("160", not "160.0"); only a share has a tenth
grep -q 'font-size="12">[0-9]*</text>' "$work/b/report.html" || fail "no whole count on the charts"
grep -E 'font-size="12">[0-9]+[.][0-9]+</text>' "$work/b/report.html" &&
    fail "a count on the charts has a fraction"
grep -qE 'font-size="12">[0-9]+[.][0-9]%</text>' "$work/b/report.html" || fail "no share on the charts"
# the summary fits a page 900 px wide: a monospace character of 13 px is
# about 7.8 px, so 100 characters and the page's margins come to 800 px
awk '/<pre/ { inside = 1 } inside && length($0) > 100 { print; bad = 1 } /<[/]pre>/ { inside = 0 }
    END { exit bad }' "$work/b/report.html" || fail "a line of the page's summary is longer than 100 characters"
"$amulets" --bot --runs $half --seeds 1 --class all --turns 800 -j 1 --out "$work/again" >/dev/null || fail "again"
cmp -s "$work"/a/*.jsonl "$work"/again/*.jsonl || fail "the same sweep twice differs"
# a run that could no longer be won is "lost", read back and summed as such
mkdir "$work/lost"
printf '%s\n' '{"seed":5,"class":"fighter","outcome":"lost","floor":9,"turns":9000,"killer":"","amulets_found":2,"amulets_left":1,"left_seen":0,"left_unseen":1,"left_fell":0,"left_fled":1,"items_used":3,"stuck":"floor 9 at 1,1: nothing left to explore or search, and no way on","replay":""}' \
    >"$work/lost/bot-5-5.jsonl"
"$amulets" --bot-report "$work/lost" >"$work/lost.txt" 2>/dev/null || fail "--bot-report of a lost run"
grep -q "^runs 1: won 0 (0.0%), died 0, lost 1, stuck 0$" "$work/lost.txt" || fail "a lost run isn't summed as lost"
# each killer's deaths by floor and by class, in two tables after the
# killers: the floors' row first, the classes' second
mkdir "$work/killers"
line() {
    printf '{"seed":%s,"class":"%s","outcome":"died","floor":%s,"turns":99,"killer":"%s","amulets_found":0,"amulets_left":0,"left_seen":0,"left_unseen":0,"left_fell":0,"left_fled":0,"items_used":0,"stuck":"","replay":""}\n' "$@"
}
{ line 1 fighter 1 "a goblin archer"; line 2 fighter 3 "a goblin archer"; line 3 rogue 3 "a goblin archer"
  line 4 rogue 2 "a jackal"; } >"$work/killers/bot-1-4.jsonl"
"$amulets" --bot-report "$work/killers" >"$work/killers.txt" 2>/dev/null || fail "--bot-report of the killers"
rows() { grep "^  $1 " "$work/killers.txt" | tr -s ' ' | sed "s/^ $1 //"; }
[ "$(rows "a goblin archer" | head -1)" = "1 0 2 0 0 0 0 0 0" ] || { cat "$work/killers.txt"; fail "the archer's deaths by floor"; }
[ "$(rows "a goblin archer" | sed -n 2p)" = "2 1" ] || { cat "$work/killers.txt"; fail "the archer's deaths by class"; }
[ "$(rows "a jackal" | head -1)" = "0 1 0 0 0 0 0 0 0" ] || fail "the jackal's deaths by floor"
[ "$(rows "a jackal" | sed -n 2p)" = "0 1" ] || fail "the jackal's deaths by class"
grep -q "^deaths by class  *fighter  *rogue$" "$work/killers.txt" || fail "the classes' heading"
echo "bot_report: ok"
