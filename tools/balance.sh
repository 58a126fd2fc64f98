#!/bin/sh
# make balance: the bot's big sweep, and docs/balance.md and
# docs/balance.html made from it. Not part of make test.
#   tools/balance.sh AMULETS RUNS_PER_CLASS THREADS
# The runs' JSON lines are kept in build/balance/ for --bot-report.
set -e
amulets="${1:-build/amulets}"
runs="${2:-1000}"
jobs="${3:-2}"
out=build/balance
rm -rf "$out"
mkdir -p "$out" docs
command="amulets --bot --runs $runs --seeds 1 --class all -j $jobs --out $out"
"$amulets" --bot --runs "$runs" --seeds 1 --class all -j "$jobs" --out "$out" >"$out/summary.txt"
"$amulets" --bot-report "$out" --html docs/balance.html >/dev/null 2>&1
summary="$out/summary.txt"

# The goals (issue 11): every class wins 10% to 60%; no floor ends more
# than 35% of runs; no Amulet left behind; no stuck run
verdict() { if [ "$1" = 1 ]; then echo "met"; else echo "**not met**"; fi; }
classes=$(awk '/^class/ { sub(/[(]/, "", $7); sub(/%[)]/, "", $7); v = $7 + 0; ok = v >= 10 && v <= 60;
    printf "| %s wins | 10%% to 60%% | %s%% | %s |\n", $2, $7, ok ? "met" : "**not met**" }' "$summary")
floor_most=$(awk '/^floor/ { sub(/[(]/, "", $6); sub(/%[)],?/, "", $6); if ($6 + 0 > m) m = $6 + 0 } END { print m + 0 }' "$summary")
left=$(sed -n 's/^amulets found [0-9]*, left behind \([0-9]*\).*/\1/p' "$summary")
fell=$(sed -n 's/.*; \([0-9]*\) by a fall, \([0-9]*\) fleeing.*/\1/p' "$summary")
fled=$(sed -n 's/.*; \([0-9]*\) by a fall, \([0-9]*\) fleeing.*/\2/p' "$summary")
avoidable=$((left - fell - fled))
stuck=$(sed -n 's/^runs [0-9]*: won .*, stuck \([0-9]*\)$/\1/p' "$summary")
{
    echo "# Balance, as the bot plays it"
    echo
    echo "Made by \`make balance\` (tools/balance.sh): \`$command\`, then"
    echo "\`amulets --bot-report $out --html docs/balance.html\` for the charts"
    echo "([balance.html](balance.html)). The same seeds and data give the same"
    echo "figures on any machine and any number of threads."
    echo
    echo "## The goals"
    echo
    echo "| goal | wanted | measured | |"
    echo "|---|---|---|---|"
    echo "$classes"
    echo "| the most runs one floor ends | at most 35% | $floor_most% | $(verdict "$(awk "BEGIN { print ($floor_most <= 35) }")") |"
    echo "| Amulets left behind, but by a fall or running from a monster | 0 | $avoidable (of $left) | $(verdict "$([ "$avoidable" -eq 0 ] && echo 1)") |"
    echo "| stuck runs | 0 | $stuck | $(verdict "$([ "$stuck" -eq 0 ] && echo 1)") |"
    echo
    echo "## The summary"
    echo
    echo '```'
    cat "$summary"
    echo '```'
} >docs/balance.md
cat docs/balance.md
