#!/bin/sh
# Every table and switch over a kind covers every member: a member added
# to one of the lists (map.h's TERRAINS, data.h's ITEM_CLASSES and
# ITEM_EFFECTS, level.h's TRAPS and MONSTER_STATES, run.h's RUN_MODES,
# the play layer's dialog.h's DIALOGS, PACK_PURPOSES, AIM_PURPOSES and
# CONFIRM_PURPOSES, saveschema.h's SAVE_RECORDS) doesn't compile in any file that says something of each
# one by hand (a table with a line per member, a switch with no default),
# and compiles where everything comes from the list's own columns. Each
# file is compiled as the game is, with the list's header first taken
# from a copy that has one member more (in a folder of its own, so the
# headers it includes are the real ones).
src="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cc="${CC:-cc}"
command -v "$cc" >/dev/null 2>&1 || { echo "SKIP: tables: no C compiler ($cc)"; exit 77; }
. "$src/tests/layers.inc"
includes="$(layer_includes "$src") -I$src/src/core/private -I$src/src/front/window"

# with_member HEADER LIST MEMBER: a copy of src/HEADER with the line
# MEMBER put first in the list LIST, in a folder of the list's name; its
# path
with_member() {
    mkdir -p "$work/$2"
    out="$work/$2/${1##*/}"
    sed "/^#define $2(X)/a\\
$3 \\\\" "$src/$1" >"$out"
    grep -q "^$3 \\\\\$" "$out" || fail "$1 has no list $2"
    echo "$out"
}
map_h=$(with_member src/core/map.h TERRAINS \
    "    X(LAVA, \"lava\", '~', 'L', \"lava\", false, false, false, LAVA, SHUT)") || exit 1
classes_h=$(with_member src/core/data.h ITEM_CLASSES "    X(WAND, \"wand\", '-')") || exit 1
effects_h=$(with_member src/core/data.h ITEM_EFFECTS "    X(WISH, \"wish\")") || exit 1
traps_h=$(with_member src/core/level.h TRAPS "    X(PIT, \"pit\", \"pit\", 90, 70, 50, false)") || exit 1
states_h=$(with_member src/core/level.h MONSTER_STATES "    X(CHARMED, \"charmed\")") || exit 1
modes_h=$(with_member src/core/run.h RUN_MODES "    X(SHOPPING, \"shopping\")") || exit 1
dialogs_h=$(with_member src/play/input/dialog.h DIALOGS "    X(SHOP, \"shop\")") || exit 1
pack_h=$(with_member src/play/input/dialog.h PACK_PURPOSES "    X(ENGRAVE, \"engrave\")") || exit 1
aims_h=$(with_member src/play/input/dialog.h AIM_PURPOSES "    X(ZAP, \"zap\")") || exit 1
questions_h=$(with_member src/play/input/dialog.h CONFIRM_PURPOSES "    X(ATTACK, \"attack\")") || exit 1
records_h=$(with_member src/core/private/saveschema.h SAVE_RECORDS \
    "    X(GHOST, ghost, SAVE_V1_FIRST, false)") || exit 1

# compiles FILE HEADER: FILE compiles with HEADER read first
compiles() {
    # shellcheck disable=SC2086
    "$cc" -std=c11 -fsyntax-only -Wall -Werror=switch $includes -include "$2" "$src/$1" \
        >"$work/out" 2>&1
}
# the real header a copy was made from
original() {
    for dir in src/core src/core/private src/play/input; do
        [ -f "$src/$dir/${1##*/}" ] && { echo "$src/$dir/${1##*/}"; return; }
    done
}
checked=0
# misses FILE HEADER WHAT MEMBER: FILE compiles as it is, and not with the
# copy, for want of the new member, not for anything else
misses() {
    compiles "$1" "$(original "$2")" || { cat "$work/out"; fail "$1 doesn't compile as it is"; }
    if compiles "$1" "$2"; then fail "$1 compiles with $3 its table or switch doesn't name"; fi
    grep -q "$4" "$work/out" || { cat "$work/out"; fail "$1 didn't compile, but not for $3"; }
    checked=$((checked + 1))
}
# covers FILE HEADER WHAT: FILE takes the new member from the list
covers() {
    compiles "$1" "$2" || { cat "$work/out"; fail "$1 doesn't take $3 from the list"; }
    checked=$((checked + 1))
}
misses src/play/view/screen_map.c "$map_h" "a new terrain" LAVA
covers src/core/map.c "$map_h" "a new terrain"
covers src/core/fov.c "$map_h" "a new terrain"
covers src/core/dmap.c "$map_h" "a new terrain"
misses src/core/data.c "$classes_h" "a new item class" WAND
misses src/core/describe.c "$classes_h" "a new item class" WAND
misses src/core/use.c "$classes_h" "a new item class" WAND
misses src/play/input/pages.c "$classes_h" "a new item class" WAND
misses src/core/data.c "$effects_h" "a new effect" WISH
misses src/core/use.c "$effects_h" "a new effect" WISH
covers src/core/level.c "$traps_h" "a new trap"
misses src/core/player.c "$traps_h" "a new trap" PIT
covers src/core/describe.c "$states_h" "a new monster state"
misses src/core/act.c "$states_h" "a new monster state" CHARMED
# the screen each mode and each dialog is, from the lists
misses src/play/input/input.c "$modes_h" "a new mode" SHOPPING
misses src/play/input/input.c "$dialogs_h" "a new dialog" DIALOG_SHOP
misses src/play/input/choose.c "$dialogs_h" "a new dialog" DIALOG_SHOP
misses src/play/input/dialog.c "$dialogs_h" "a new dialog" DIALOG_SHOP
covers src/play/input/resume.c "$dialogs_h" "a new dialog"
covers src/play/input/resume.c "$pack_h" "a new purpose of the pack"
covers src/play/input/dialog.c "$pack_h" "a new purpose of the pack"
misses src/play/input/choose.c "$pack_h" "a new purpose of the pack" ENGRAVE
# the pack's title, hint and words for nothing to offer, from the list
misses src/play/view/screen_dialog.c "$pack_h" "a new purpose of the pack" PACK_WORDS_ENGRAVE
covers src/play/input/resume.c "$aims_h" "a new aim"
misses src/play/input/dialog.c "$aims_h" "a new aim" ZAP
# the aim's prompt, from the list
misses src/play/view/screen_panel.c "$aims_h" "a new aim" AIM_WORDS_ZAP
covers src/play/input/resume.c "$questions_h" "a new question"
covers src/play/input/dialog.c "$questions_h" "a new question"
misses src/core/saveschema.c "$records_h" "a new record" ghost_FIELDS
misses src/core/saveread.c "$records_h" "a new record" ghost
# the window's own pictures (no SDL: gfx.h is the project's)
misses src/front/window/builtin_tiles.c "$classes_h" "a new item class" WAND
echo "PASS: tables: $checked files checked"
