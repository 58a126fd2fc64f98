#!/bin/sh
# The game built to WebAssembly (tools/web/web_smoke.c, under Node) plays
# as the native program does: scripted runs from several seeds and classes
# (exploring, travelling, resting, firing, looking, the screens) print the same log,
# summary and digest as build/amulets; a run saved and continued in the
# same in-memory folder does too; every golden replay plays back to the
# same digest; and a recording made in WebAssembly verifies natively.
# Skipped (exit 77, a skip in ctest) where Node or Debian's emscripten is
# missing. The WebAssembly build lives in WEB (default build-web/ in the
# source tree, shared by every native build): brought up to date here, so
# a stale one is never compared (a few seconds when nothing changed).
amulets="$1"
source="$2"
web="${3:-$source/build-web}"
tmp="${TMPDIR:-/tmp}/amulets-web-smoke-$$"
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
. "$source/tests/web/build.sh"
web_build
wasm() { node --no-experimental-fetch "$source/tools/web/smoke.js" "$web" "$@"; }
failures=0

# Scripted runs: seed, class, floor, keys; all in one WebAssembly process
runs=0
set --
: >"$tmp/native"
while read -r seed class floor keys; do
    [ -n "$seed" ] || continue
    "$amulets" --seed "$seed" --class "$class" --floor "$floor" --play "$keys" --digest >>"$tmp/native" 2>&1
    set -- "$@" --seed "$seed" --class "$class" --floor "$floor" --play "$keys" --digest --
    runs=$((runs + 1))
done <<'EOF'
3 fighter 1 hhhhjjjjkkkkllll.s.s
8 fighter 1 oooooooooooooooooooooooo
21 rogue 1 ooooooooooooG>ooooooooooG>oooo
42 ranger 1 ooooooffffffoooooffffff
7 ranger 2 ooooQ<esc>oooottt<esc>ffooooZZZZoooo
99 fighter 7 ZZZZoooooooooooooooooooooooooooooooooooooooooooo
13 rogue 5 oooooooG>oooxlllll<esc>ooooo
5 fighter 1 ?<esc>i<esc>xkkkk<esc>jjjj<ctrl_p><esc>ooooZ
1234 fighter 1 oooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooo
EOF
wasm "$@" >"$tmp/web" 2>&1
if ! cmp -s "$tmp/native" "$tmp/web"; then
    echo "scripted runs: WebAssembly and native differ:"
    diff "$tmp/native" "$tmp/web" | head -20
    failures=$((failures + 1))
fi

# Saved through Esc's menu, continued from the save in the same folder
: >"$tmp/native"
"$amulets" --home "$tmp/home" --seed 38 --play "ubullsshllunsylhllllsllnnnsnnlslslllul<esc>S" >>"$tmp/native" 2>&1
"$amulets" --home "$tmp/home" --continue --play "slujunsoooooooooo" --digest >>"$tmp/native" 2>&1
wasm --home /home/a --seed 38 --play "ubullsshllunsylhllllsllnnnsnnlslslllul<esc>S" -- \
     --home /home/a --continue --play "slujunsoooooooooo" --digest >"$tmp/web" 2>&1
if ! cmp -s "$tmp/native" "$tmp/web" || ! grep -q '^saved' "$tmp/web"; then
    echo "save and continue: WebAssembly and native differ:"
    diff "$tmp/native" "$tmp/web" | head -20
    failures=$((failures + 1))
fi

# Every golden replay, played back in both
replays=0
: >"$tmp/native"
set --
for file in "$source"/tests/replays/*.txt; do
    name=$(basename "$file")
    "$amulets" --replay "$file" --digest >>"$tmp/native" 2>&1
    set -- "$@" --replay "/replays/$name" --digest --
    replays=$((replays + 1))
done
wasm "$@" >"$tmp/web" 2>&1
# a recording that parts from the run is named by its path: the same
# file under /replays in WebAssembly
sed "s|^$source/tests/replays/|/replays/|" "$tmp/native" >"$tmp/native-named"
mv "$tmp/native-named" "$tmp/native"
if [ "$replays" -lt 12 ] || ! cmp -s "$tmp/native" "$tmp/web"; then
    echo "golden replays ($replays): WebAssembly and native differ:"
    diff "$tmp/native" "$tmp/web" | head -20
    failures=$((failures + 1))
fi

# A recording made in WebAssembly (the save's, read out of its in-memory
# folder) verifies natively to the digest the WebAssembly run printed
wasm --home /home/b --seed 11 --play "oooooooooooooooooooo<esc>S" --digest -- --cat /home/b/replay.txt >"$tmp/web" 2>&1
sed -n '/^# A recording/,$p' "$tmp/web" >"$tmp/recording.txt"
made=$(sed -n 's/^digest //p' "$tmp/web")
verified=$("$amulets" --replay "$tmp/recording.txt" --digest 2>&1 | sed -n 's/^digest //p')
if [ -z "$made" ] || [ "$made" != "$verified" ]; then
    echo "a WebAssembly recording: made with digest '$made', verified natively as '$verified'"
    failures=$((failures + 1))
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures of 4 checks differ between WebAssembly and native"
    exit 1
fi
echo "WebAssembly plays as native: $runs scripted runs, a save continued, $replays golden replays, a recording verified"
