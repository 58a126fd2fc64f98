#!/bin/sh
# The share of the bot's work in flee maps as issue 21 defines it:
# instructions inside world_map_from_player (which settles the search
# toward the player and makes the flee map as far as asked) over all the
# instructions of a fixed bot run, counted by valgrind's callgrind (this
# machine has no hardware counters for the bench to read). The bench's
# own flee_share_of_bot is the share of the time, sampled. valgrind has no
# AVX-512, so under it the flee maps go four rows at a time (AVX2), not
# the whole map at once as on a machine with AVX-512 (dmap.h's ways).
#   tools/flee_share.sh [BUILD]   (default build-bench)
# RUNS and SEEDS choose another bot run (default 2 runs from seed 7000,
# the bench's own).
set -eu
build=${1:-build-bench}
runs=${RUNS:-2}
seeds=${SEEDS:-7000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$build/amulets" --bot --runs "$runs" \
    --seeds "$seeds" --class all -j 1 --out "$out/bot" >/dev/null 2>"$out/log" || {
    echo "flee_share: callgrind failed:" >&2
    cat "$out/log" >&2
    exit 1
}
callgrind_annotate --inclusive=yes "$out/cg" >"$out/report"
total=$(awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }' "$out/report")
flee=$(awk '/world_map_from_player/ { gsub(",", "", $1); print $1; exit }' "$out/report")
if [ -z "$total" ] || [ -z "$flee" ]; then
    echo "flee_share: no count for world_map_from_player in the profile" >&2
    exit 1
fi
echo "NOTE flee_share_of_bot_instructions callgrind's count of instructions in world_map_from_player over the whole of amulets --bot --runs $runs --seeds $seeds --class all -j 1"
awk -v f="$flee" -v t="$total" 'BEGIN { printf "RATIO flee_share_of_bot_instructions %.3f\n", f / t }'
