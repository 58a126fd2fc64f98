#!/bin/sh
# No module calls or includes another that calls or includes it back,
# inside a layer, but for the edges tools/cycles.allow allows (each with
# why it stays): tools/cycles.sh over this build's objects and the
# sources. First the tool itself is checked on a planted tree: a cycle
# of includes and one of calls are found, and allowing an edge of each
# takes them out, so a pass here means the check looked.
program="$1"
src="$2"
build=$(dirname "$program")
tool="$src/tools/cycles.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cc="${CC:-cc}"
command -v nm >/dev/null 2>&1 || { echo "SKIP: cycles: no nm (binutils)"; exit 77; }
command -v "$cc" >/dev/null 2>&1 || { echo "SKIP: cycles: no C compiler ($cc)"; exit 77; }

# The planted tree: core/a.h and core/b.h include each other's; a.c calls
# b.c and b.c calls a.c; c.c only calls a.c
mkdir -p "$work/tree/src/core" "$work/build/CMakeFiles/t.dir/src/core"
cd "$work/tree/src/core" || fail "no planted tree"
printf '#ifndef A_H\n#define A_H\n#include "b.h"\nint a_one(void);\n#endif\n' >a.h
printf '#ifndef B_H\n#define B_H\n#include "a.h"\nint b_one(void);\n#endif\n' >b.h
printf '#include "a.h"\nint a_one(void) { return b_one(); }\n' >a.c
printf '#include "b.h"\nint b_one(void) { return 1; }\nint b_two(void) { return a_one(); }\n' >b.c
printf '#include "a.h"\nint c_one(void) { return a_one(); }\n' >c.c
for f in a b c; do
    "$cc" -c -I. "$f.c" -o "$work/build/CMakeFiles/t.dir/src/core/$f.c.o" || fail "the planted $f.c didn't compile"
done
cd "$work" || fail "no work folder"
: >none.allow
sh "$tool" tree build none.allow >planted.out
[ $? -eq 1 ] || { cat planted.out; fail "the planted cycles weren't a failure"; }
grep -qx 'include cycle in core: core/a core/b' planted.out || { cat planted.out; fail "the planted include cycle wasn't found"; }
grep -qx 'call cycle in core: core/a core/b' planted.out || { cat planted.out; fail "the planted call cycle wasn't found"; }
grep -qx '    core/b -> core/a: a_one' planted.out || { cat planted.out; fail "the call cycle's symbols weren't named"; }
grep -q 'core/c' planted.out && { cat planted.out; fail "c, in no cycle, was listed"; }
printf '# why\ninclude core/b -> core/a\ncall core/b -> core/a\n' >some.allow
sh "$tool" tree build some.allow >allowed.out || { cat allowed.out; fail "the allowed edges didn't take the planted cycles out"; }
printf 'include core/b -> core/a\ncall core/b -> core/a\ncall core/c -> core/b\n' >gone.allow
sh "$tool" tree build gone.allow >gone.out
grep -qx 'allowed, but not there any more: call core/c core/b' gone.out || { cat gone.out; fail "an allowed edge not there wasn't named"; }

# The game itself
sh "$tool" "$src" "$build" "$src/tools/cycles.allow" >game.out
status=$?
[ $status -eq 2 ] && { cat game.out; fail "tools/cycles.sh couldn't read the build"; }
if [ $status -ne 0 ]; then
    sed -n '/^Once the allowed/,$p' game.out
    fail "a cycle between modules that tools/cycles.allow doesn't allow (or an allowed edge gone)"
fi
grep -q '^call cycle in core: core/act ' game.out && fail "the rules' modules call each other in a circle"
echo "PASS: cycles: none but the $(grep -c -- '->' "$src/tools/cycles.allow") allowed edges"
