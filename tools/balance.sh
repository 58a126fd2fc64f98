#!/bin/sh
# make balance: the bot's big sweeps, and docs/balance.md and
# docs/balance.html made from them. Not part of make test.
#   tools/balance.sh AMULETS RUNS_PER_CLASS THREADS [UNTUNED_FIRST_SEED]
# Two ranges of seeds, RUNS_PER_CLASS runs of each class on each: the
# docs' range from seed 1, which the data and the bot were tuned on, and
# a range never tuned on (from seed 200001 unless given), to tell
# balance from fitting. The runs' JSON lines are kept in build/balance/
# and build/balance-untuned/ for --bot-report; the page is the docs'
# range's. docs/balance.md is made afresh but for its part written by
# hand, from the line HAND_WRITTEN below on, which is kept as it is.
set -e
amulets="${1:-build/amulets}"
runs="${2:-1000}"
jobs="${3:-2}"
untuned_seed="${4:-200001}"
out=build/balance
untuned_out=build/balance-untuned
doc=docs/balance.md
HAND_WRITTEN='<!-- Written by hand: make balance keeps everything from this line on. -->'

# the sweep of one range into its folder, its summary in summary.txt;
# the CPU seconds it took (user and system, the shell's times for its
# children: "0m52.1s 0m0.2s") in cpu.txt
sweep() {
    rm -rf "$2"
    mkdir -p "$2"
    (
        "$amulets" --bot --runs "$runs" --seeds "$1" --class all -j "$jobs" --out "$2" >"$2/summary.txt"
        times >"$2/times.txt"
    )
    awk 'NR == 2 { n = 0; for (i = 1; i <= 2; ++i) { split($i, t, "m"); n += t[1] * 60 + t[2] } printf "%.0f\n", n }' \
        "$2/times.txt" >"$2/cpu.txt"
}
sweep 1 "$out"
sweep "$untuned_seed" "$untuned_out"
mkdir -p docs
"$amulets" --bot-report "$out" --html docs/balance.html >/dev/null 2>&1
kept=""
if [ -f "$doc" ] && grep -qxF "$HAND_WRITTEN" "$doc"; then
    kept=$(sed -n "\\|^$HAND_WRITTEN\$|,\$p" "$doc")
fi
last_seed=$((untuned_seed + runs - 1))
command="amulets --bot --runs $runs --seeds 1 --class all -j $jobs --out $out"
untuned_command="amulets --bot --runs $runs --seeds $untuned_seed --class all -j $jobs --out $untuned_out"

# The goals (issue 11; issue 31 asks them of a range never tuned on
# too), each range's rows: every class wins 10% to 60%; no floor ends
# more than 35% of runs; no Amulet left behind but by a fall or running
# from a monster; no run stuck
verdict() { if [ "$1" = 1 ]; then echo "met"; else echo "**not met**"; fi; }
goals() {
    awk -v range="$2" '/^class/ { sub(/[(]/, "", $7); sub(/%[)]/, "", $7); v = $7 + 0; ok = v >= 10 && v <= 60;
        printf "| %s wins (%s) | 10%% to 60%% | %s%% | %s |\n", $2, range, $7, ok ? "met" : "**not met**" }' "$1"
    floor_most=$(awk '/^floor/ { sub(/[(]/, "", $6); sub(/%[)],?/, "", $6); if ($6 + 0 > m) m = $6 + 0 } END { print m + 0 }' "$1")
    left=$(sed -n 's/^amulets found [0-9]*, left behind \([0-9]*\).*/\1/p' "$1")
    fell=$(sed -n 's/.*; \([0-9]*\) by a fall, \([0-9]*\) fleeing.*/\1/p' "$1")
    fled=$(sed -n 's/.*; \([0-9]*\) by a fall, \([0-9]*\) fleeing.*/\2/p' "$1")
    avoidable=$((left - fell - fled))
    stuck=$(sed -n 's/^runs [0-9]*: won .*, stuck \([0-9]*\)$/\1/p' "$1")
    echo "| the most runs one floor ends ($2) | at most 35% | $floor_most% | $(verdict "$(awk "BEGIN { print ($floor_most <= 35) }")") |"
    echo "| Amulets left behind, but by a fall or running from a monster ($2) | 0 | $avoidable (of $left) | $(verdict "$([ "$avoidable" -eq 0 ] && echo 1)") |"
    echo "| stuck runs ($2) | 0 | $stuck | $(verdict "$([ "$stuck" -eq 0 ] && echo 1)") |"
}
summary="$out/summary.txt"
untuned="$untuned_out/summary.txt"
{
    echo "# Balance, as the bot plays it"
    echo
    echo "Made by \`make balance\` (tools/balance.sh): \`$command\`"
    echo "(the docs' range, which the data and the bot were tuned on) and"
    echo "\`$untuned_command\`"
    echo "(seeds $untuned_seed to $last_seed, a range never tuned on), then"
    echo "\`amulets --bot-report $out --html docs/balance.html\` for the charts"
    echo "([balance.html](balance.html)). The same seeds and data give the same"
    echo "figures on any machine and any number of threads. The two sweeps took"
    echo "$(cat "$out/cpu.txt") and $(cat "$untuned_out/cpu.txt") seconds of CPU time."
    echo
    echo "## The goals"
    echo
    echo "| goal | wanted | measured | |"
    echo "|---|---|---|---|"
    goals "$summary" "seeds 1-$runs"
    goals "$untuned" "seeds $untuned_seed-$last_seed"
    echo
    echo "## The summary (seeds 1-$runs)"
    echo
    echo '```'
    cat "$summary"
    echo '```'
    echo
    echo "## The summary of the range never tuned on (seeds $untuned_seed-$last_seed)"
    echo
    echo '```'
    cat "$untuned"
    echo '```'
    if [ -n "$kept" ]; then
        echo
        printf '%s\n' "$kept"
    fi
} >"$doc"
cat "$doc"
