#!/bin/sh
# --check-data checks tiles.txt as the window reads it: a NUL byte and a
# rectangle off its atlas are each reported with their line, and the
# shipped files pass. (The window's own tests check the pictures drawn.)
amulets="$1"
source_dir="$2"
# the X and GL drivers SDL loads leave allocations the sanitizers can't name
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$amulets" --check-data "$source_dir/data" >"$work/out" || fail "the shipped data: $(cat "$work/out")"
grep -q "no mistakes" "$work/out" || fail "the shipped data: $(cat "$work/out")"

# a rectangle outside its atlas (floor.png is 1024 wide in crawl-tiles-data)
cp -r "$source_dir/data" "$work/off"
line=$(grep -n "^rect  = 640 480 32 32" "$work/off/tiles.txt" | head -1 | cut -d: -f1)
[ -n "$line" ] || fail "the floor's rect isn't where the test expects it"
sed -i "${line}s/.*/rect  = 100000 480 32 32/" "$work/off/tiles.txt"
if [ -d /usr/share/crawl/dat/tiles ]; then
    "$amulets" --check-data "$work/off" >"$work/out" && fail "a rect off its atlas passed"
    grep -q "^tiles.txt:$line: " "$work/out" || fail "no tiles.txt:$line mistake: $(cat "$work/out")"
fi

# a NUL byte in a line
cp -r "$source_dir/data" "$work/nul"
printf '[tile]\nname  = wall\x00x\natlas = wall.png\nrect  = 0 96 32 32\n' >>"$work/nul/tiles.txt"
last=$(wc -l <"$work/nul/tiles.txt")
"$amulets" --check-data "$work/nul" >"$work/out" && fail "a NUL byte passed"
grep -q "^tiles.txt:$((last - 2)): " "$work/out" || fail "no tiles.txt:$((last - 2)) mistake: $(cat "$work/out")"
echo "ok"
