#!/bin/sh
# tools/sweep across two "hosts" (each a folder here, reached by a stand-in
# for ssh that runs the command in the host's home, as ssh does): the jobs
# go to both, the merged report is the one one machine makes of the same
# seeds, line for line; a third host whose data differs is refused, and a
# sweep with no host left stops. With no hosts it runs here, and
# tools/sweep.slurm's tasks (run as Slurm would) merge to the same report.
# Without GNU parallel it can check nothing, and says SKIP (77).
amulets="$1"
src="$2"
parallel --version 2>/dev/null | grep -q "GNU parallel" || {
    echo "SKIP: GNU parallel isn't installed (Debian's parallel; make test installs it)"
    exit 77
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export AMULETS_HOME="$work/home"
runs=6
[ "$AMULETS_SANITIZED" = 1 ] && runs=4

# the same build and data in each place, laid out as a checkout: here,
# and on hosts a and b
build="$(cd "$(dirname "$amulets")" && pwd)/$(basename "$amulets")"
tree() {
    mkdir -p "$1/build"
    ln -s "$build" "$1/build/amulets"
    ln -s "$src/data" "$1/data"
    ln -s "$src/tools" "$1/tools"
}
tree "$work/here"
tree "$work/homes/a/tree"
tree "$work/homes/b/tree"
# the stale host: the same build, a monster changed
mkdir -p "$work/homes/stale/tree/build"
ln -s "$build" "$work/homes/stale/tree/build/amulets"
cp -r "$src/data" "$work/homes/stale/tree/data"
sed 's/^hp      = 5$/hp      = 6/' "$src/data/monsters.txt" >"$work/homes/stale/tree/data/monsters.txt"
cmp -s "$src/data/monsters.txt" "$work/homes/stale/tree/data/monsters.txt" && fail "the stale host's data is the same"

cat >"$work/ssh" <<EOF
#!/bin/sh
# ssh's options dropped; the host's name, then the command, run in its home
while [ \$# -gt 0 ]; do
    case "\$1" in
    -l | -o | -p | -S | -i | -F) shift 2 ;;
    -*) shift ;;
    *) break ;;
    esac
done
host="\$1"
shift
[ "\$1" = "--" ] && shift
echo "\$host" >>"$work/reached"
cd "$work/homes/\$host" || exit 255
exec sh -c "\$*"
EOF
chmod +x "$work/ssh"

# with no SHELL set, as under CI, where parallel once sent no command at all
sweep() { (cd "$work/here" && env -u SHELL sh tools/sweep --ssh "$work/ssh" --dir tree "$@"); }

sweep -S 1/a,1/b -S 1/stale --runs $runs --seeds 5 --turns 800 --chunk 2 --out "$work/out" \
    >"$work/sweep.txt" 2>"$work/err" || fail "the sweep failed: $(cat "$work/err")"
grep -q "refusing 1/stale: its build and data digest is '[0-9a-f]*', here [0-9a-f]*$" "$work/err" ||
    fail "the stale host wasn't refused: $(cat "$work/err")"
grep -q "refusing 1/[ab]" "$work/err" && fail "a good host was refused: $(cat "$work/err")"
for host in a b; do
    # once for its digest, and then for its jobs
    [ "$(grep -c "^$host\$" "$work/reached")" -ge 2 ] || fail "host $host ran no job"
done

# the report of one machine, playing the same seeds
AMULETS_DATA="$src/data" "$amulets" --bot --runs $runs --seeds 5 --class all --turns 800 -j 2 >"$work/one.txt" ||
    fail "the one-machine sweep failed"
grep -v '^{' "$work/one.txt" >"$work/one-summary.txt"
cmp -s "$work/one-summary.txt" "$work/out/summary.txt" ||
    fail "the merged report differs from one machine's: $(diff "$work/one-summary.txt" "$work/out/summary.txt")"
cmp -s "$work/one-summary.txt" "$work/sweep.txt" || fail "the sweep printed another summary"
grep '^{' "$work/one.txt" | sort >"$work/one.jsonl"
sort "$work/out/runs.jsonl" | cmp -s - "$work/one.jsonl" || fail "the merged runs differ from one machine's"
[ "$(wc -l <"$work/one.jsonl")" -eq $((runs * 3)) ] || fail "not a line a run"
grep -q "<svg" "$work/out/report.html" || fail "no charts"

# the same with no hosts: here, on every core
sweep --runs $runs --seeds 5 --turns 800 --out "$work/local" >/dev/null 2>"$work/err" ||
    fail "the sweep here failed: $(cat "$work/err")"
cmp -s "$work/one-summary.txt" "$work/local/summary.txt" || fail "the sweep here differs from one machine's"

# tools/sweep.slurm's tasks 0 and 1, as Slurm runs them, merged
digest=$(cd "$work/here" && sh tools/sweep --digest)
half=$((runs / 2))
for task in 0 1; do
    (cd "$work/here" && SLURM_SUBMIT_DIR="$work/here" SLURM_ARRAY_TASK_ID=$task SLURM_CPUS_PER_TASK=1 \
        DIGEST="$digest" SWEEP_SEEDS=$half SWEEP_FIRST=5 SWEEP_TURNS=800 SWEEP_OUT="$work/slurm" \
        sh tools/sweep.slurm >/dev/null) || fail "sweep.slurm's task $task failed"
done
"$amulets" --bot-report "$work/slurm" >"$work/slurm.txt" 2>/dev/null || fail "--bot-report of the tasks"
[ $((half * 2)) -eq $runs ] || fail "the test's runs must be even"
cmp -s "$work/one-summary.txt" "$work/slurm.txt" || fail "the tasks' report differs from one machine's"
(cd "$work/here" && SLURM_ARRAY_TASK_ID=0 DIGEST=0123456789abcdef sh tools/sweep.slurm >/dev/null 2>"$work/err") &&
    fail "a task ran on another build's digest"
grep -q "refused" "$work/err" || fail "no word of the refusal: $(cat "$work/err")"

# only hosts of other data: nothing to run on
sweep -S 1/stale --runs 2 --out "$work/none" >/dev/null 2>"$work/err" && fail "a sweep ran on a refused host"
grep -q "no host has this build and data" "$work/err" || fail "no word of why: $(cat "$work/err")"
echo "sweep: two hosts' merged report is one machine's; a host of other data is refused"
