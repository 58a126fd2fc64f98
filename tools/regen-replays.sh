#!/bin/sh
# Records the golden replays of tests/replays again, and their digests:
# run it when a change is meant to alter play (a rule, the data, the save's
# text, which the digests hash), and say so in the commit message. Each
# case is played by tools/replay_maker.c's bot, which tries seed after seed
# until one does what the case is for (reach floor 3, die, win, fall
# through a trapdoor, save and continue), so nothing needs choosing by hand.
# The fuzz corpus's runs are made the same way: run
# tools/regen-fuzz-corpus.sh too (test_corpus says when it is due), and
# tools/regen-reference.sh when the window's reference scenes change
# (tests/sdl/reference.sh says when; look at its pictures).
set -e
cd "$(dirname "$0")/.."
cmake -S . -B build >/dev/null
cmake --build build --target amulets replay_maker >/dev/null
dir=tests/replays
mkdir -p "$dir"
rm -f "$dir"/*.txt "$dir"/digests
./build/replay_maker data "$dir"
home="${TMPDIR:-/tmp}/amulets-regen-replays-$$"
for file in "$dir"/*.txt; do
    name=$(basename "$file" .txt)
    digest=$(AMULETS_HOME="$home" ./build/amulets --replay "$file" --digest | sed -n 's/^digest //p')
    [ -n "$digest" ] || { echo "$file doesn't replay"; exit 1; }
    echo "$name $digest" >> "$dir/digests"
done
rm -rf "$home"
echo "$dir: $(wc -l < "$dir/digests") recordings, $(cat "$dir"/*.txt | wc -c) bytes"
