#!/bin/sh
# amulets --verify on the forged recordings of tests/forged: each refused
# for its reason in tests/forged/reasons (ranked and not), from its file
# and from standard input alike, one line of JSON each, the status 0 if
# it verifies and 1 if not; the genuine one and every golden replay
# verify to their stored digests; and no recording to verify is status 2.
amulets="$1"
src="$2"
dir="$src/tests/forged"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
export AMULETS_HOME="$work/home"

# a JSON line's value of key (a string or a number), or nothing
value() { printf '%s\n' "$1" | sed -n "s/.*\"$2\":\"\{0,1\}\([^\",}]*\)\"\{0,1\}[,}].*/\1/p"; }
# what the line says: ok, or its reason
said() { case "$1" in '{"ok":true,'*) echo ok ;; *) value "$1" reason ;; esac; }
json_check=""
if command -v node >/dev/null 2>&1; then
    json_check='node -e JSON.parse(require("fs").readFileSync(0,"utf8"))'
elif command -v python3 >/dev/null 2>&1; then
    json_check='python3 -c import\ json,sys;json.loads(sys.stdin.read())'
fi

# verify NAME WANTED [--ranked]: the file and its bytes on standard input
verify() {
    name=$1 wanted=$2
    shift 2
    out=$("$amulets" --verify "$dir/$name.txt" "$@" 2>"$work/err")
    status=$?
    piped=$("$amulets" --verify - "$@" <"$dir/$name.txt" 2>>"$work/err")
    got=$(said "$out")
    case "|$wanted|" in
        *"|$got|"*) ;;
        *) fail "$name $*: '$got', not $wanted: $out" ;;
    esac
    [ "$out" = "$piped" ] || fail "$name $*: from standard input '$piped', from the file '$out'"
    [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "$name $*: not one line: $out"
    [ ! -s "$work/err" ] || fail "$name $*: said on stderr: $(cat "$work/err")"
    want_status=1
    [ "$got" = ok ] && want_status=0
    [ "$status" -eq "$want_status" ] || fail "$name $*: status $status, not $want_status"
    if [ -n "$json_check" ]; then
        printf '%s' "$out" | $json_check 2>/dev/null || fail "$name $*: not JSON: $out"
    fi
}

listed=0
while read -r name ranked unranked; do
    case "$name" in ''|'#'*) continue ;; esac
    listed=$((listed + 1))
    [ -f "$dir/$name.txt" ] || { fail "$name is in reasons but not in tests/forged"; continue; }
    verify "$name" "$ranked" --ranked
    verify "$name" "$unranked"
done <"$dir/reasons"
for file in "$dir"/*.txt; do
    name=$(basename "$file" .txt)
    grep -q "^$name " "$dir/reasons" || fail "$name.txt has no line in tests/forged/reasons"
done
[ "$listed" -ge 15 ] || fail "only $listed forged recordings"

# the genuine one is today's golden whole run; every golden verifies to its digest
genuine=$("$amulets" --verify "$dir/genuine.txt" --ranked)
stored=$(sed -n 's/^whole-run-death //p' "$src/tests/replays/digests")
if [ "$(value "$genuine" digest)" != "$stored" ]; then
    fail "tests/forged/genuine.txt isn't the golden whole run ($(value "$genuine" digest), stored $stored):" \
         "if play was meant to change, run tools/regen-forged.sh after tools/regen-replays.sh"
fi
while read -r name digest; do
    out=$("$amulets" --verify "$src/tests/replays/$name.txt")
    [ "$(said "$out")" = ok ] && [ "$(value "$out" digest)" = "$digest" ] ||
        fail "golden $name: $out, stored digest $digest"
done <"$src/tests/replays/digests"

# a figure of the genuine run, as the replay runner says it
replayed=$("$amulets" --replay "$dir/genuine.txt" --headless)
turns=$(value "$genuine" turns)
printf '%s\n' "$replayed" | grep -q "^floor $(value "$genuine" floor), turn $turns, .*gold $(value "$genuine" gold), amulets $(value "$genuine" amulets), " ||
    fail "the genuine run's figures ($genuine) aren't the replay's: $(printf '%s\n' "$replayed" | grep '^floor')"

# no recording to verify: said on stderr, status 2, no JSON
for args in "" "$work/missing.txt" "$work" "$dir/genuine.txt --rank"; do
    # shellcheck disable=SC2086
    out=$("$amulets" --verify $args 2>"$work/err")
    status=$?
    [ "$status" -eq 2 ] && [ -z "$out" ] && [ -s "$work/err" ] ||
        fail "--verify $args: status $status, '$out', stderr '$(cat "$work/err")'"
done

if [ "$failures" -ne 0 ]; then
    echo "$failures failures"
    exit 1
fi
echo "$listed forged recordings each refused for its reason, the genuine and $(wc -l <"$src/tests/replays/digests") golden ones verified"
