#!/bin/sh
# A FIFO by the name of tiles.txt stops neither --check-data nor the
# window's start: each says at once that it isn't a file (nothing ever
# writes to the FIFO: a reader that opened it would wait for ever, so
# each runs under a timeout, and an end by the timeout fails).
amulets="$1"
source_dir="$2"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
limit=20
[ -n "$AMULETS_SANITIZED" ] && limit=60
said="tiles.txt: it can't be read: it's a FIFO (a pipe), not a file"

cp -r "$source_dir/data" "$work/data"
rm "$work/data/tiles.txt"
mkfifo "$work/data/tiles.txt"

AMULETS_HOME="$work/home" timeout "$limit" "$amulets" --check-data "$work/data" >"$work/out" 2>&1
status=$?
[ "$status" = 124 ] && fail "--check-data waited on the FIFO"
[ "$status" = 0 ] && fail "--check-data passed a FIFO for tiles.txt"
grep -qF "$said" "$work/out" || fail "--check-data: $(cat "$work/out")"

# the window's start (headless: a screenshot), where it's built
if [ -e "$(dirname "$amulets")/amulets-window.so" ]; then
    AMULETS_HOME="$work/home" timeout "$limit" "$amulets" --data "$work/data" --seed 1 --play "" \
        --screenshot "$work/shot.png" >"$work/out" 2>&1
    status=$?
    [ "$status" = 124 ] && fail "the window's start waited on the FIFO"
    [ "$status" = 0 ] && fail "the window started with a FIFO for tiles.txt"
    grep -qF "$said" "$work/out" || fail "the window's start: $(cat "$work/out")"
fi
echo "ok: a FIFO for tiles.txt is said at once, by --check-data and the window"
