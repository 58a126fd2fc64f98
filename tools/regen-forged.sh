#!/bin/sh
# Makes the forged recordings of tests/forged again from the golden
# replays (tests/replays): run it after tools/regen-replays.sh, when a
# change alters play, the data or the recording's format, and commit
# tests/forged with them (tests/forged.sh says when it's due). Each
# forgery is the genuine run, tests/replays/whole-run-death.txt (a whole
# run from floor 1, as a high-score table takes one), changed in one way,
# without the marks saying the game wrote it whole (a forger takes them
# off); what each must be refused for is tests/forged/reasons, written by
# hand, never by this.
set -e
cd "$(dirname "$0")/.."
export LC_ALL=C
out=tests/forged
golden=tests/replays
mkdir -p "$out"
rm -f "$out"/*.txt
cp "$golden/whole-run-death.txt" "$out/genuine.txt"
base=$(mktemp "${TMPDIR:-/tmp}/amulets-forged.XXXXXX")
trap 'rm -f "$base"' EXIT INT TERM
grep -v '^# The game writes this file whole\|^# whole: ' "$golden/whole-run-death.txt" >"$base"
for line in '^ended = dead$' '^floor = 1$' '^class = ' '^seed = ' '^rules = ' '^data = '; do
    grep -q "$line" "$base" || { echo "whole-run-death.txt has no line $line" >&2; exit 1; }
done
# forge NAME SED-SCRIPT: the genuine run, changed by the script
forge() { sed "$2" "$base" >"$out/$1.txt"; cmp -s "$base" "$out/$1.txt" && { echo "$1: nothing changed" >&2; exit 1; }; true; }
forge claimed-victory 's/^ended = dead$/ended = won/'
forge other-data 's/^data = .*/data = 0123456789abcdef/'
forge other-seed 's/^seed = \(.*\)/seed = \11/'
forge debug 's/^\(class = .*\)/\1\ndebug = yes/'
forge old-version 's/^rules = .*/rules = 2/'
forge no-class '/^class = /d'
forge unknown-class 's/^class = .*/class = necromancer/'
# cut short: the first half of its commands, and no end
forge cut-short '/^ended = /d'
rows=$(grep -c '^|' "$out/cut-short.txt")
awk -v keep=$((rows / 2)) '/^\|/ { if (++row > keep) next } { print }' "$out/cut-short.txt" >"$base.cut"
mv "$base.cut" "$out/cut-short.txt"
# the mark kept over a changed end: the file isn't what the game wrote
sed 's/^ended = dead$/ended = won/' "$golden/whole-run-death.txt" >"$out/damaged.txt"
# bytes that aren't text in a row of commands
first=$(grep -n '^|' "$base" | head -1 | cut -d: -f1)
{ head -n "$((first - 1))" "$base"; sed -n "${first}p" "$base" | tr -d '\n'; printf ' \000\377\001\n'; tail -n +"$((first + 1))" "$base"; } >"$out/binary.txt"
# begun from a made-up save (turn 0 on floor 3, with two Amulets), and below floor 1
grep -v '^# The game writes this file whole\|^# whole: ' "$golden/victory-floor-3.txt" >"$out/made-up-save.txt"
grep -v '^# The game writes this file whole\|^# whole: ' "$golden/death-floor-6.txt" >"$out/below-floor-1.txt"
# too big: a wait repeated past 256 KB (fewer than 200,000 commands), and
# past 200,000 commands (more than 256 KB: at least 2 bytes a command)
padded() {   # ROWS: the genuine run with ROWS rows of 20 waits before its commands
    awk -v rows="$1" '{ print } /^commands =$/ {
        row = "|w"; for (i = 1; i < 20; ++i) row = row " w"
        for (r = 0; r < rows; ++r) print row }' "$base"
}
padded 6500 >"$out/over-256-kb.txt"
padded 10001 >"$out/over-200000-commands.txt"
ls -l "$out"/*.txt | awk '{ print $5, $9 }'
