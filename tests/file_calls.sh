#!/bin/sh
# Every file the game keeps goes through the store (src/play/store/store.h):
# no open, rename, flock, opendir, stat (or the rest of the system's file
# calls, or base's file_* functions) in the play layer outside the disk's
# store, src/play/store/store_posix.c. The frontends and the programs name a
# few files that aren't the game's to keep, each listed here with why;
# any other call fails the test (and a call planted in a copy of the
# tree is found, so the test can fail). The disk's store itself names no
# file by a path (issue 31): it acts through the folders it holds open
# (openat, renameat, unlinkat, mkdirat, fstatat), so no path is looked at
# twice, and only file_make_dirs makes its own folder.
src="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
calls='open|openat|creat|fopen|fdopen|freopen|rename|renameat|flock|lockf|opendir|fdopendir|scandir|stat|lstat|fstat|fstatat|unlink|unlinkat|mkdir|mkdirat|rmdir|access|remove|truncate|ftruncate|symlink|link|file_exists|file_make_dirs|file_read_all|file_write_whole'
pattern="(^|[^A-Za-z0-9_.>])($calls)[[:space:]]*\("
# file call: why it isn't a file the game keeps
allowed='src/play/session/replay.c file_read_all: the recording the player names (--replay, --verify), a path outside any store
src/play/view/tilecheck.c open: the tile atlases --check-data reads the headers of (never written, never waited on)
src/play/view/tilecheck.c stat: the tile atlases --check-data looks for (a folder, a FIFO said as such)
src/play/view/tilecheck.c fstat: the tile atlases --check-data reads the headers of (a regular file only)
src/play/view/tilecheck.c file_read_all: tiles.txt, read from the data folder (a regular file only, never waited on)
src/play/view/tilecheck.c file_exists: the tile atlases, looked for in the tiles folder
src/front/window/front.c access: the system fonts, looked for
src/app/modules.c access: the frontend modules (amulets-window.so, amulets-term.so), looked for beside the program
src/app/bots.c file_make_dirs: the bot sweep writes its reports in --out
src/app/bots.c file_write_whole: the bot sweep writes its reports in --out
src/app/bots.c fopen: the bot sweep writes its reports in --out
src/app/bots_report.c fopen: the bot sweep reads and writes its reports in --out
src/app/bots_report.c stat: the bot sweep looks for its --out folder
src/app/bots_report.c scandir: the bot sweep lists its --out folder
src/app/runner.c remove: --play removes the throwaway save folder it made'

# The calls outside the store under the tree $1, one "file call" a line
scan() {
    (cd "$1" && grep -rnE "$pattern" src/play src/front src/app --include='*.c' --include='*.h') |
    grep -v '^src/play/store/store_posix\.c:' |
    while IFS= read -r hit; do
        file=${hit%%:*}
        # comments name no call
        echo "${hit#*:*:}" | sed -E 's|/\*.*\*/||g; s|//.*$||; s|^[[:space:]]*\*.*$||; s|/\*.*$||' |
            grep -oE "$pattern" | sed -E 's/^[^A-Za-z_]*//; s/[[:space:]]*\($//' |
            while read -r call; do echo "$file $call"; done
    done | sort -u
}

# The path calls in the disk's store, one "file call" a line: a file
# named by a path could be a link swapped in since it was checked
path_calls='open|creat|fopen|freopen|rename|unlink|stat|lstat|mkdir|rmdir|opendir|scandir|access|remove|truncate|symlink|link|file_exists|file_read_all|file_write_whole'
path_pattern="(^|[^A-Za-z0-9_.>])($path_calls)[[:space:]]*\("
store_paths() {
    sed -E 's|/\*.*\*/||g; s|//.*$||; s|^[[:space:]]*\*.*$||; s|/\*.*$||' "$1" |
        grep -oE "$path_pattern" | sed -E 's/^[^A-Za-z_]*//; s/[[:space:]]*\($//' | sort -u
}

# The scan finds a planted call, and leaves a comment alone
mkdir -p "$work/tree/src/play" "$work/tree/src/front" "$work/tree/src/app"
printf 'int f(void)\n{\n    /* rename(a, b) is what the store does */\n    return rename("a", "b") + x.open(1) + s->stat(2);\n}\n' >"$work/tree/src/play/planted.c"
[ "$(scan "$work/tree")" = "src/play/planted.c rename" ] || fail "the scan doesn't find a planted rename: $(scan "$work/tree")"

printf 'int f(void)\n{\n    /* unlink(path) is what it did */\n    return fs->openat(d, "x", 0) + unlink(path) + renameat(1, "a", 1, "b");\n}\n' >"$work/store.c"
[ "$(store_paths "$work/store.c")" = "unlink" ] || fail "the scan doesn't find a planted unlink in the store: $(store_paths "$work/store.c")"

cd "$src" || fail "no source folder $src"
found=$(store_paths src/play/store/store_posix.c | tr "\n" " ")
[ -z "$found" ] || fail "the disk's store names files by a path: ${found% } (act through its open folders: openat, renameat, unlinkat, ...)"
scan . >"$work/found"
[ -s "$work/found" ] || fail "the scan found no call at all, not even the allowed ones"
bad=0
while read -r file call; do
    echo "$allowed" | grep -q "^$file $call:" && continue
    echo "a file call outside the store: $file: $call"
    bad=1
done <"$work/found"
[ "$bad" = 0 ] || fail "the play layer and the programs reach the game's files only through the store (src/play/store/store.h)"
echo "file_calls: ok ($(wc -l <"$work/found") allowed calls outside the play layer's store)"
