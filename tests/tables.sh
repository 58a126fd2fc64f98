#!/bin/sh
# Every table and switch over a kind covers every member: a terrain added
# to map.h's list (TERRAINS) or an item class added to data.h's
# (ITEM_CLASSES) doesn't compile in any file that says something of each
# one by hand (a table with a line per member, a switch with no default),
# and compiles where everything comes from the list's own columns. Each
# file is compiled as the game is, with the list's header first taken
# from a copy that has one member more.
src="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cc="${CC:-cc}"
command -v "$cc" >/dev/null 2>&1 || { echo "SKIP: tables: no C compiler ($cc)"; exit 77; }
. "$src/tests/layers.inc"
includes="$(layer_includes "$src") -I$src/src/core/private -I$src/src/front/window"

# The headers with one member more, put first in the list
sed '/^#define TERRAINS(X)/a\
    X(LAVA, "lava", '"'~'"', '"'L'"', "lava", false, false, false, LAVA, SHUT) \\' \
    "$src/src/core/map.h" >"$work/map.h"
sed '/^#define ITEM_CLASSES(X)/a\
    X(WAND, "wand", '"'-'"') \\' "$src/src/core/data.h" >"$work/data.h"
grep -q 'X(LAVA' "$work/map.h" || fail "map.h has no list TERRAINS"
grep -q 'X(WAND' "$work/data.h" || fail "data.h has no list ITEM_CLASSES"

# compiles FILE HEADER: FILE compiles with HEADER read first
compiles() {
    # shellcheck disable=SC2086
    "$cc" -std=c11 -fsyntax-only -Wall -Werror=switch $includes -include "$2" "$src/$1" \
        >"$work/out" 2>&1
}
checked=0
# misses FILE HEADER WHAT: FILE compiles as it is, and not with the copy,
# for want of the new member (LAVA, WAND), not for anything else
misses() {
    compiles "$1" "$src/src/core/${2##*/}" || { cat "$work/out"; fail "$1 doesn't compile as it is"; }
    if compiles "$1" "$2"; then fail "$1 compiles with $3 its table or switch doesn't name"; fi
    grep -q 'LAVA\|WAND' "$work/out" || { cat "$work/out"; fail "$1 didn't compile, but not for $3"; }
    checked=$((checked + 1))
}
# covers FILE HEADER WHAT: FILE takes the new member from the list
covers() {
    compiles "$1" "$2" || { cat "$work/out"; fail "$1 doesn't take $3 from the list"; }
    checked=$((checked + 1))
}
misses src/play/view/screen_map.c "$work/map.h" "a new terrain"
covers src/core/map.c "$work/map.h" "a new terrain"
covers src/core/fov.c "$work/map.h" "a new terrain"
covers src/core/dmap.c "$work/map.h" "a new terrain"
misses src/core/data.c "$work/data.h" "a new item class"
misses src/core/describe.c "$work/data.h" "a new item class"
misses src/core/use.c "$work/data.h" "a new item class"
misses src/play/input/pages.c "$work/data.h" "a new item class"
# the window's own pictures (no SDL: gfx.h is the project's)
misses src/front/window/builtin_tiles.c "$work/data.h" "a new item class"
echo "PASS: tables: $checked files checked"
