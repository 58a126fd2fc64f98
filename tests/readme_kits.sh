#!/bin/sh
# The README's words for each class's kit name every item data/classes.txt
# gives it ("the ranger (a short bow, 30 arrows, a dagger, leather armor)"):
# an id's words, its underscores as spaces, are in the class's brackets.
source_dir="$2"
fail() { echo "FAIL: $*"; exit 1; }
readme=$(tr '\n' ' ' <"$source_dir/README.md" | tr -s ' ')
checked=0
for class in $(sed -n 's/^id *= *//p' "$source_dir/data/classes.txt"); do
    kit=$(awk -v id="$class" '/^\[class\]/ { mine = 0 } $1 == "id" && $3 == id { mine = 1 }
        mine && $1 == "kit" { for (i = 3; i <= NF; ++i) print $i }' "$source_dir/data/classes.txt")
    words=$(printf '%s\n' "$readme" | sed -n "s/.*the $class (\([^)]*\)).*/\1/p")
    [ -n "$words" ] || fail "the README names no kit for the $class ('the $class (...)')"
    for item in $kit; do
        name=$(printf '%s' "${item%%:*}" | tr '_' ' ')
        case "$words" in
        *"$name"*) checked=$((checked + 1)) ;;
        *) fail "the README's $class kit ($words) leaves out its $name" ;;
        esac
    done
done
[ "$checked" -ge 10 ] || fail "only $checked kit items checked"
echo "readme_kits: ok, $checked items"
