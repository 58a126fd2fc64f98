#!/bin/sh
# Makes again the fuzz corpora's entries that stand for the game's own
# files, from today's game and data, so each fuzz target reaches its code
# (tests/test_corpus.c fails when one no longer does): run it when the
# data, the rules or a file's format change, and commit fuzz/corpus with
# the change. One command, from anywhere in the checkout:
#
#   tools/regen-fuzz-corpus.sh
#
# What it writes (everything else in fuzz/corpus, the fuzzers' finds and
# the hand-made damaged files, is left as it is):
#   replay/run-*.txt   real runs of every kind tools/replay_maker.c plays
#                      (descending, collecting, deaths, a victory, a
#                      trapdoor fall, saves and continues, a continue
#                      without its recording, random keys), on seeds of
#                      their own (from 1000 on, not the golden replays')
#   replay/            every-kind, wrong-checkpoint, truncated, other-data,
#                      huge-seed, bad-token, no-commands: made from a real
#                      run or today's header, each damaged in its one way;
#                      and every other entry's data digest set to today's,
#                      so a fuzzer's find that reads gets to be played
#   data/              the four data files (the first byte picks which one
#                      an input stands for), and monsters-bad, classes-bad,
#                      vaults-truncated, amulet-found-at-random from them
#   tiles/             tiles.txt and truncated.txt
#   save/              save-now.txt, a rogue's save this game wrote, and
#                      other-version.txt, the same from a later version
set -e
cd "$(dirname "$0")/.."
cmake -S . -B build >/dev/null
cmake --build build --target amulets replay_maker >/dev/null
corpus=fuzz/corpus
work=$(mktemp -d "${TMPDIR:-/tmp}/amulets-corpus.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
export LC_ALL=C

# ---- replay: real runs -------------------------------------------------
mkdir "$work/runs"
./build/replay_maker data "$work/runs" 1000 >"$work/made"
rm -f "$corpus"/replay/run-*.txt "$corpus"/replay/golden-*.txt
for file in "$work"/runs/*.txt; do
    cp "$file" "$corpus/replay/run-$(basename "$file")"
done
digest=$(sed -n 's/^data = //p' "$corpus/replay/run-descend-1-to-3.txt")
case "$digest" in
    [0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]*) ;;
    *) echo "no data digest in run-descend-1-to-3.txt" >&2; exit 1 ;;
esac

# ---- replay: each damaged in one way -----------------------------------
# the base: a run with checkpoints, without the marks that say the game
# wrote it whole (a damaged copy isn't whole)
grep -v '^# The game writes this file whole\|^# whole: ' \
    "$corpus/replay/run-save-and-continue.txt" >"$work/base.txt"
grep -q '@[0-9a-f]\{16\}' "$work/base.txt" || { echo "the base run has no checkpoint" >&2; exit 1; }
sed '0,/@[0-9a-f]\{16\}/s//@0000000000000000/' "$work/base.txt" >"$corpus/replay/wrong-checkpoint.txt"
sed 's/^data = .*/data = 0000000000000000/' "$work/base.txt" >"$corpus/replay/other-data.txt"
sed 's/^seed = .*/seed = 99999999999999999999999/' "$work/base.txt" >"$corpus/replay/huge-seed.txt"
sed '0,/^|[^ ]*/s//|q9/' "$work/base.txt" >"$corpus/replay/bad-token.txt"
head -c $(($(wc -c <"$work/base.txt") / 2)) "$work/base.txt" >"$corpus/replay/truncated.txt"
header() {   # CLASS: a recording's header, today's, up to its commands
    printf '[replay]\nformat = 3\nrules = %s\nseed = 1\nfloor = 1\ndata = %s\nclass = %s\ncommands =\n' \
        "$(sed -n 's/^rules = //p' "$work/base.txt")" "$digest" "$1"
}
header fighter >"$corpus/replay/no-commands.txt"
# every kind of command: each token kept if the run still takes it after
# those kept before (so the playback goes through them all whatever the
# rules are today), then the ones it never takes, as the fuzzer's start;
# the aimed ones at cells below the ranger's start (X,Y from --show's map)
at=$(./build/amulets --seed 1 --class ranger --play '' --show 2>/dev/null |
     awk 'NR > 2 && index($0, "@") { print index($0, "@") - 1, NR - 3; exit }')
x=${at% *}
y=${at#* }
taken=""
for token in w s m0 m3 m7 g "f:$x,$((y + 2))" u0 u1 u2 u3/0 d1 "t0:$x,$((y + 3))" Q0 C2 m4! \
             '>' '>!' D; do
    { header ranger; printf '|%s\n' "$taken $token"; } >"$work/kinds.txt"
    if ./build/amulets --replay "$work/kinds.txt" --headless >/dev/null 2>&1; then
        taken="$taken $token"
    fi
done
{ header ranger; printf '|%s\n|u19 d-128 m127 t1:0,0 u3/19 f:0,0 w!\n' "$taken"; } >"$corpus/replay/every-kind.txt"
# today's digest in every other entry that names one
for file in "$corpus"/replay/*; do
    case "$(basename "$file")" in run-*|other-data.txt) continue ;; esac
    if grep -q '^data = [0-9a-f]\{16\}$' "$file"; then
        sed "s/^data = [0-9a-f]\{16\}\$/data = $digest/" "$file" >"$work/stamped"
        cp "$work/stamped" "$file"
    fi
done

# ---- data: the four files, a byte first to pick which ------------------
picked() {   # BYTE FILE: the input that stands for FILE
    printf "\\$1"
    cat "$2"
}
picked 000 data/monsters.txt >"$corpus/data/monsters.txt"
picked 001 data/items.txt >"$corpus/data/items.txt"
picked 002 data/vaults.txt >"$corpus/data/vaults.txt"
picked 003 data/classes.txt >"$corpus/data/classes.txt"
# the first two monsters' hp not a number
awk '/^hp[ ]*=/ && n < 2 { print "hp = x"; ++n; next } { print }' data/monsters.txt >"$work/m"
picked 000 "$work/m" >"$corpus/data/monsters-bad.txt"
# the first class's hp not a number, its kit an item of no count and two of no kind
awk '/^hp[ ]*=/ && !h { print "hp = lots"; h = 1; next }
     /^kit[ ]*=/ && !k { print "kit = long_sword:0 gold spoon"; k = 1; next } { print }' \
    data/classes.txt >"$work/c"
picked 003 "$work/c" >"$corpus/data/classes-bad.txt"
head -c $(($(wc -c <data/vaults.txt) / 2)) data/vaults.txt >"$work/v"
picked 002 "$work/v" >"$corpus/data/vaults-truncated.txt"
# the Amulet found at random
awk '/^\[/ { amulet = ($0 == "[amulet]") }
     amulet && /^frequency[ ]*=/ { print "frequency = 5"; next } { print }' \
    data/items.txt >"$work/i"
picked 001 "$work/i" >"$corpus/data/amulet-found-at-random"

# ---- tiles ---------------------------------------------------------------
cp data/tiles.txt "$corpus/tiles/tiles.txt"
head -c $(($(wc -c <data/tiles.txt) / 2)) data/tiles.txt >"$corpus/tiles/truncated.txt"

# ---- save: one this game wrote, and one from a later version ------------
./build/amulets --seed 7 --class rogue --home "$work/home" --play 'oooooooooooo<esc>S' >/dev/null
cp "$work/home/save.txt" "$corpus/save/save-now.txt"
version=$(sed -n '/^\[save\]$/{n;s/^version = //p;q}' "$work/home/save.txt")
[ -n "$version" ] || { echo "the save has no version" >&2; exit 1; }
grep -v '^# The game writes this file whole\|^# whole: ' "$work/home/save.txt" |
    sed "0,/^version = $version\$/s//version = $((version + 1))/" >"$corpus/save/other-version.txt"

sed 's/^/  /' "$work/made"
echo "fuzz/corpus: $(ls "$corpus"/replay/run-*.txt | wc -l) runs (data $digest), the data," \
     "tiles and save entries from today's files; build/test_corpus checks them"
