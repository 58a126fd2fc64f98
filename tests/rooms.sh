#!/bin/sh
# The play layer's rooms (src/play/*/, CMakeLists.txt's PLAY_ROOMS,
# lowest first) see only down: a file in a room includes the play
# layer's headers of its own room and the rooms before it, never one of
# a room after it, by any path; every file of the layer is in a room.
# The build enforces it too (each room's library sees only the include
# folders below it); this says it in words, and catches a relative path.
src="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# The violations under the tree $1 with the rooms $2 (in order), a line each
scan() {
    (cd "$1/src/play" || exit 1
     for f in *.c *.h; do [ -e "$f" ] && echo "src/play/$f: in no room"; done
     rank=0
     for room in $2; do
         rank=$((rank + 1))
         for h in "$room"/*.h; do [ -e "$h" ] && echo "${h##*/} $rank $room"; done
     done >"$work/ranks"
     rank=0
     for room in $2; do
         rank=$((rank + 1))
         for f in "$room"/*.c "$room"/*.h; do
             [ -e "$f" ] || continue
             sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
                 while read -r inc; do
                     name=${inc##*/}
                     awk -v name="$name" -v rank="$rank" -v file="src/play/$f" -v inc="$inc" \
                         '$1 == name && $2 > rank { print file ": includes " inc " of the room " $3 " above it" }' \
                         "$work/ranks"
                 done
         done
     done)
}

rooms=$(sed -n 's/^set(PLAY_ROOMS \(.*\))$/\1/p' "$src/CMakeLists.txt")
[ -n "$rooms" ] || fail "no PLAY_ROOMS in $src/CMakeLists.txt"
for room in $rooms; do [ -d "$src/src/play/$room" ] || fail "no room src/play/$room"; done

# The scan finds a planted upward include and a file outside the rooms
mkdir -p "$work/tree/src/play/low" "$work/tree/src/play/high"
printf '#include "../high/up.h"\n' >"$work/tree/src/play/low/down.c"
: >"$work/tree/src/play/high/up.h"
: >"$work/tree/src/play/loose.c"
found=$(scan "$work/tree" "low high")
expected="src/play/loose.c: in no room
src/play/low/down.c: includes ../high/up.h of the room high above it"
[ "$found" = "$expected" ] || fail "the scan doesn't find the planted mistakes: $found"

found=$(scan "$src" "$rooms")
[ -z "$found" ] && echo "rooms: ok ($rooms)" && exit 0
echo "$found"
fail "the play layer's rooms see only the rooms before them ($rooms)"
