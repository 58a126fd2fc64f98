#!/bin/sh
# The scripted runner plays in a throwaway folder: a waiting save in the
# player's folder is left byte for byte, even when the scripted run dies
# or saves; --home and --continue use a real folder, and a second copy on
# a folder whose lock is held is refused without touching anything.
amulets="$1"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export AMULETS_HOME="$work/player"
export TMPDIR="$work/tmp"
mkdir -p "$TMPDIR"

"$amulets" --home "$AMULETS_HOME" --seed 3 --play "hh<esc>S" >/dev/null
[ -f "$AMULETS_HOME/save.txt" ] || fail "--home: Esc S left no save"
cp "$AMULETS_HOME/save.txt" "$work/before"

# a scripted run that saves, and one that dies (seed 4's waits end in death)
"$amulets" --seed 8 --play "llll<esc>S" >"$work/out" || fail "the runner failed"
grep -q "^saved" "$work/out" || fail "Esc S didn't save in the throwaway folder"
"$amulets" --seed 4 --floor 9 --play "$(printf '%0400d' 0 | tr 0 .)" >"$work/out"
grep -q "dead" "$work/out" || fail "the waiting run didn't die: $(tail -2 "$work/out")"
cmp -s "$AMULETS_HOME/save.txt" "$work/before" || fail "the player's save was touched"
[ -z "$(ls -A "$TMPDIR")" ] || fail "the throwaway folders were left: $(ls "$TMPDIR")"

# the player's run continues from its own folder
"$amulets" --continue --play "." --digest | grep -q "^digest" || fail "--continue"

# a second copy while the folder's lock is held (an flock on the folder
# itself): refused, nothing touched
cp "$AMULETS_HOME/save.txt" "$work/before"
command -v flock >/dev/null || fail "flock (Debian's util-linux) is needed to hold the lock"
flock "$AMULETS_HOME" sh -c "
    '$amulets' --continue --play '...' >'$work/out' 2>'$work/err'; echo \$? >'$work/status'"
[ "$(cat "$work/status")" = 1 ] || fail "a second copy wasn't refused"
grep -q "being played by another copy" "$work/err" || fail "no word of the lock: $(cat "$work/err")"
cmp -s "$AMULETS_HOME/save.txt" "$work/before" || fail "the locked save was touched"
# the debugging views only with --debug; a run one is used in is saved
# marked, and so is its recording
"$amulets" --home "$work/plain" --seed 3 --play "<f1><f4>h<esc>S" >/dev/null
grep -q "^debug" "$work/plain/save.txt" "$work/plain/replay.txt" && fail "a view worked without --debug"
"$amulets" --home "$work/marked" --debug --seed 3 --play "<f1>h<esc>S" >/dev/null
grep -q "^debug = yes$" "$work/marked/save.txt" || fail "--debug's view didn't mark the save"
grep -q "^debug = yes$" "$work/marked/replay.txt" || fail "--debug's view didn't mark the recording"
echo ok
