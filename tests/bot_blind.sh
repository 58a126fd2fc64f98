#!/bin/sh
# The bot can't read what the player can't see: in a file of the bot
# (one that includes src/bot/bot_sees.h, as each does), reading the floor
# as it is, or any way round to it, doesn't compile; reading what the
# player knows does.
src="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cc="${CC:-cc}"
# without a compiler nothing was checked: a skip (77, as ctest is told),
# never a pass
command -v "$cc" >/dev/null 2>&1 || { echo "SKIP: bot_blind: no C compiler ($cc)"; exit 77; }
. "$src/tests/layers.inc"
includes=$(layer_includes "$src")
compile() {
    printf '#include "bot_sees.h"\nint peek(const Run *run);\nint peek(const Run *run) { %s }\n' "$1" >"$work/peek.c"
    "$cc" -std=c11 -fsyntax-only $includes -I"$src/src/bot" \
        "$work/peek.c" 2>"$work/err"
}
compile 'return known_cell(run, run_player(run)->pos).item;' || { cat "$work/err"; fail "what the player knows didn't compile"; }
for peek in 'return run_level(run)->monster_count;' 'return mem_of(run)->item[0].count;' \
            'return (int)run_seed(run);' 'return run_clone(run) != NULL;' \
            'return run_ident(run) != NULL;' 'return map_at(NULL, 0, 0);'; do
    compile "$peek" && fail "the bot could: $peek"
    grep -q "poisoned" "$work/err" || { cat "$work/err"; fail "not refused as poisoned: $peek"; }
done
echo "bot_blind: ok"
