#!/bin/sh
# --catalog takes the seeds --seed does, 0 to 4294967295, and describes
# each as itself: seed 2147483648 and above were once read as negative
# (2147483648 described seed 18446744071562067968). A range that runs
# past the last seed is refused with a message, and nothing is printed.
amulets="$1"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# first_seed FIRST COUNT: the first "seed N" line the catalog prints
first_seed() { "$amulets" --catalog "$1" "$2" 2>/dev/null | sed -n 's/^seed //p' | head -1; }

for seed in 0 2147483647 2147483648 3000000000 4294967295; do
    got=$(first_seed "$seed" 1)
    [ "$got" = "$seed" ] || fail "--catalog $seed 1 describes seed '$got'"
done
# the last seeds, up to 4294967295 exactly
last=$("$amulets" --catalog 4294967294 2 | sed -n 's/^seed //p' | tr '\n' ' ')
[ "$last" = "4294967294 4294967295 " ] || fail "--catalog 4294967294 2 describes '$last'"

# refused: past the last seed, or a FIRST out of range
refused() {
    err="${TMPDIR:-/tmp}/amulets-catalog-seeds-$$.err"
    out=$("$amulets" --catalog "$1" "$2" 2>"$err")
    status=$?
    said=$(head -1 "$err")
    rm -f "$err"
    [ "$status" -ne 0 ] || fail "--catalog $1 $2 wasn't refused"
    [ -z "$out" ] || fail "--catalog $1 $2 printed '$(echo "$out" | head -1)'"
    case "$said" in
    *"$3"*) ;;
    *) fail "--catalog $1 $2 says '$said', not '$3'" ;;
    esac
}
refused 4294967295 2 "4294967295"
refused 4294967200 100000 "4294967295"
refused 4294967296 1 "from 0 to 4294967295"
refused -1 1 "from 0 to 4294967295"

if [ "$failures" -ne 0 ]; then
    echo "$failures failures"
    exit 1
fi
echo "the catalog takes every seed from 0 to 4294967295, and refuses the rest"
