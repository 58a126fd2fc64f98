#!/bin/sh
# make determinism: the same seed and the same keys give the same run, byte
# for byte, in every build. The rules are built six ways (gcc -O0, -O2 and
# -O3, clang -O2 and -O3, gcc -m32 -O2) and as WebAssembly; 200 key
# strings (made here from a fixed generator: seeds, classes, floors and keys
# of every kind, the screens' included) are played in each, and every
# build must print the same log, summary and digest for every one. The bot's
# JSON lines for a sweep must also be the same in every native build and on
# 1 and 2 threads. Not part of make test (seven builds: several minutes);
# its figures go in the issues' notes.
#
#   sh tools/determinism.sh [WORK-DIR] [STRINGS] [BOT-RUNS]
set -eu
source=$(cd "$(dirname "$0")/.." && pwd)
work="${1:-$source/build-determinism}"
strings="${2:-200}"
bot_runs="${3:-40}"
jobs="${JOBS:-2}"
mkdir -p "$work"

# The key strings: a Park-Miller generator (exact in awk's doubles), so the
# same list on every machine and every awk
awk -v count="$strings" 'BEGIN {
    x = 20261205
    # phrases as a player types them: walking, exploring, travelling down,
    # resting, searching, and each screen opened, used or left with Esc
    n = split("h j k l y u b n hhhh jjjj kkkk llll ooooo oooooooooo oooooooooo oooooooooo G<gt> G<gt> G Z Z s. ss ...... " \
              "f<enter> f<tab><enter> ta<enter> tb<esc> ia<esc> i<esc> da db Qa Qb<esc> ch cj ck " \
              "x<esc> xhhj<esc> @<esc> ea<esc> ?<esc> <esc><esc> <esc>a <gt> <lt> g y <kp5> <up><down>", \
              phrases, " ")
    split("fighter ranger rogue", classes, " ")
    for (i = 0; i < count; i++) {
        x = (x * 48271) % 2147483647; seed = 1 + x % 100000
        x = (x * 48271) % 2147483647; class = classes[1 + x % 3]
        x = (x * 48271) % 2147483647; floor = (x % 4 == 0) ? 1 + x % 9 : 1
        x = (x * 48271) % 2147483647; len = 20 + x % 130
        line = ""
        for (k = 0; k < len; k++) {
            x = (x * 48271) % 2147483647
            line = line phrases[1 + x % n]
        }
        print seed, class, floor, line
    }
}' >"$work/strings"
echo "$(wc -l <"$work/strings") key strings in $work/strings"

# One native build of the program alone (no window, terminal or server)
build() { # NAME CC FLAGS
    dir="$work/$1"
    CC="$2" cmake -S "$source" -B "$dir" -DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS="$3" \
        -DAMULETS_WINDOW=OFF -DAMULETS_SERVER=OFF -DCMAKE_DISABLE_FIND_PACKAGE_Curses=ON >/dev/null
    cmake --build "$dir" -j "$jobs" --target amulets >/dev/null
}

play_all() { # PROGRAM OUT
    while read -r seed class floor keys; do
        echo "== $seed $class $floor"
        "$1" --home "$work/home" --seed "$seed" --class "$class" --floor "$floor" \
            --play "$keys" --digest 2>&1 || echo "status $?"
        rm -rf "$work/home"
    done <"$work/strings" >"$2"
}

failures=0
first=""
for spec in "gcc-O0 gcc -O0" "gcc-O2 gcc -O2" "gcc-O3 gcc -O3" "clang-O2 clang -O2" \
            "clang-O3 clang -O3" "gcc-m32 gcc -m32 -O2"; do
    set -- $spec
    name=$1 cc=$2
    shift 2
    echo "building $name ($cc $*)"
    if ! build "$name" "$cc" "$*"; then
        echo "FAIL: $name did not build"; failures=$((failures + 1)); continue
    fi
    play_all "$work/$name/amulets" "$work/$name.out"
    echo "$name: $(grep -c '^digest' "$work/$name.out") digests, md5 $(md5sum <"$work/$name.out" | cut -c1-16)"
    if [ -z "$first" ]; then
        first=$name
    elif ! cmp -s "$work/$first.out" "$work/$name.out"; then
        echo "FAIL: $name plays differently from $first:"
        diff "$work/$first.out" "$work/$name.out" | head -10
        failures=$((failures + 1))
    fi
    # The bot's sweep, on one thread and two
    for threads in 1 2; do
        rm -rf "$work/bot"
        "$work/$name/amulets" --bot --runs "$bot_runs" --seeds 9000 --class all -j "$threads" \
            --out "$work/bot" >/dev/null 2>&1
        cat "$work/bot"/*.jsonl >"$work/$name.bot$threads"
        if ! cmp -s "$work/$first.bot1" "$work/$name.bot$threads"; then
            echo "FAIL: the bot's JSON of $name on $threads threads differs from $first on 1"
            failures=$((failures + 1))
        fi
    done
done
echo "the bot: $(wc -l <"$work/$first.bot1") runs each, md5 $(md5sum <"$work/$first.bot1" | cut -c1-16)"

# WebAssembly: the page's own build of the rules under Node (tests/web's)
if command -v emcc >/dev/null 2>&1 && command -v node >/dev/null 2>&1; then
    web="$source/build-web" tmp="$work"
    . "$source/tests/web/build.sh"
    web_build
    set --
    while read -r seed class floor keys; do
        set -- "$@" --seed "$seed" --class "$class" --floor "$floor" --play "$keys" --digest --
    done <"$work/strings"
    node --no-experimental-fetch "$source/tools/web/smoke.js" "$web" "$@" >"$work/wasm.raw" 2>&1 || true
    grep -v '^== ' "$work/$first.out" >"$work/native.raw"
    if cmp -s "$work/native.raw" "$work/wasm.raw"; then
        echo "wasm: $(grep -c '^digest' "$work/wasm.raw") digests, its log and summaries the same as $first's"
    else
        echo "FAIL: WebAssembly plays differently from $first:"
        diff "$work/native.raw" "$work/wasm.raw" | head -10
        failures=$((failures + 1))
    fi
else
    echo "FAIL: no emcc or node: WebAssembly not compared"; failures=$((failures + 1))
fi

if [ "$failures" -eq 0 ]; then
    echo "determinism: every build plays every string alike"
else
    echo "determinism: $failures failures"; exit 1
fi
