#!/bin/sh
# --check-data reads each atlas's size from its PNG header without the
# window: a short file, one that isn't a PNG, an absurd size, a FIFO and a
# folder by an atlas's name are each said at the line naming it, at once.
amulets="$1"
source_dir="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp -r "$source_dir/data" "$work/data"
line=$(grep -n "^atlas *= *wall.png" "$work/data/tiles.txt" | head -1 | cut -d: -f1)
[ -n "$line" ] || fail "no wall.png line in tiles.txt"
# the other atlases are real ones (or absent: then wall.png alone is there)
check() {  # what, the expected reason
    mkdir -p "$work/tiles"
    for f in feat floor main player; do
        [ -f /usr/share/crawl/dat/tiles/$f.png ] && ln -sf /usr/share/crawl/dat/tiles/$f.png "$work/tiles/"
    done
    AMULETS_TILES="$work/tiles" timeout 10 "$amulets" --check-data "$work/data" >"$work/out" && fail "$1 passed"
    grep -q "^tiles.txt:$line: the atlas 'wall.png' in $work/tiles can't be read: $2\$" "$work/out" ||
        fail "$1: $(cat "$work/out")"
    rm -rf "$work/tiles"
}
mkdir -p "$work/tiles"; printf '\211PNG' >"$work/tiles/wall.png"; check "a short file" "it isn't a PNG file"
mkdir -p "$work/tiles"; printf '\211PNG\r\n\032\n\0\0\0\015IH' >"$work/tiles/wall.png"; check "a cut header" "it ends inside its header"
mkdir -p "$work/tiles"; echo "hello" >"$work/tiles/wall.png"; check "a text file" "it isn't a PNG file"
mkdir -p "$work/tiles"; printf '\211PNG\r\n\032\n\0\0\0\015IHDR\177\377\377\377\0\0\0\001' >"$work/tiles/wall.png"
check "an absurd size" "its header gives a size no atlas has"
mkdir -p "$work/tiles"; mkfifo "$work/tiles/wall.png"; check "a FIFO" "it isn't a regular file"
mkdir -p "$work/tiles/wall.png"; check "a folder" "it's a folder, not a file"
# a real header with a small size: the rectangle runs off it
mkdir -p "$work/tiles"; printf '\211PNG\r\n\032\n\0\0\0\015IHDR\0\0\0\040\0\0\0\040' >"$work/tiles/wall.png"
AMULETS_TILES="$work/tiles" "$amulets" --check-data "$work/data" >"$work/out" && fail "a rect off a 32 x 32 atlas passed"
grep -q "the rectangle runs off wall.png (32 x 32)" "$work/out" || fail "off a small atlas: $(cat "$work/out")"
echo "ok"
