#!/bin/sh
# make balance's script (tools/balance.sh), on a few runs in a folder of
# its own: it sweeps the docs' range and a range never tuned on, writes
# both summaries and both ranges' goals into docs/balance.md, says what
# the sweeps cost in CPU time, keeps the part of the page written by hand
# as it was, and makes the page of charts.
amulets="$1"
src="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export AMULETS_HOME="$work/home"
runs=2
mkdir -p "$work/docs"
hand='<!-- Written by hand: make balance keeps everything from this line on. -->'
printf '# Old figures\n\n%s\n\n## Archers\n\nWritten by hand, kept.\n' "$hand" >"$work/docs/balance.md"
(cd "$work" && sh "$src/tools/balance.sh" "$amulets" $runs 1 300001 >/dev/null) || fail "tools/balance.sh failed"
doc="$work/docs/balance.md"
grep -q "^# Old figures" "$doc" && fail "the old figures are still there"
grep -q "^runs $((runs * 3)): won" "$doc" || fail "no summary"
[ "$(grep -c "^runs $((runs * 3)): won" "$doc")" -eq 2 ] || fail "not two summaries"
grep -q "^## The summary of the range never tuned on (seeds 300001-300002)$" "$doc" || fail "no untuned range's heading"
grep -q "^| fighter wins (seeds 1-2) | 10% to 60% |" "$doc" || fail "no docs' range goal"
grep -q "^| rogue wins (seeds 300001-300002) | 10% to 60% |" "$doc" || fail "no untuned range's goal"
grep -q "^| stuck runs (seeds 300001-300002) | 0 | [0-9]* |" "$doc" || fail "no untuned range's stuck runs"
grep -q "^[0-9]* and [0-9]* seconds of CPU time.$" "$doc" || fail "no CPU time"
[ "$(sed -n '$p' "$doc")" = "Written by hand, kept." ] || fail "the part written by hand isn't kept at the end"
[ "$(grep -cxF "$hand" "$doc")" -eq 1 ] || fail "the line that starts the part written by hand, not once"
grep -q "<svg" "$work/docs/balance.html" || fail "no page of charts"
[ -f "$work/build/balance-untuned/summary.txt" ] || fail "the untuned range's runs not kept"
echo "balance_tool: ok"
