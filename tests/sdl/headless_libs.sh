#!/bin/sh
# Headless commands load no window library: the window's module
# (amulets-window.so, with SDL3 in it) and what SDL loads (X11, Wayland,
# GL) are loaded only when a window or a picture is asked for
# (src/app/modules.c), so a test script, a replay check or a bot shard
# starts at about twice /bin/true (make bench: RATIO startup_vs_true).
# The dynamic loader's own account (LD_DEBUG=files) of each command that
# make bench times; a headless screenshot, which does load the module, is
# the control that the account shows one.
amulets="$1"
source_dir="$2"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export AMULETS_HOME="$work/home"
window_libs='amulets-window\.so|libSDL3|libX11|libwayland|libGL|libEGL|libfreetype'

# the libraries the command loaded, one a line
loaded() {
    LD_DEBUG=files "$amulets" "$@" </dev/null >/dev/null 2>"$work/debug"
    sed -n 's/.*file=\([^ ]*\) .*\[0\];  *\(needed\|dynamically loaded\) by.*/\1/p' "$work/debug" | sort -u
}

loaded --seed 1 --play "" --screenshot "$work/shot.png" >"$work/libs"
grep -Eq "$window_libs" "$work/libs" || fail "a screenshot loaded no window library: the account shows none ($(tr '\n' ' ' <"$work/libs"))"

check() {
    name=$1
    shift
    loaded "$@" >"$work/libs"
    [ -s "$work/libs" ] || fail "$name: the loader said nothing"
    if grep -E "$window_libs" "$work/libs" >"$work/window"; then
        fail "$name loaded the window's libraries: $(tr '\n' ' ' <"$work/window")"
    fi
}
check play --seed 1 --play ""
check replay --replay "$source_dir/tests/replays/trapdoor-fall.txt" --digest
check bot --bot --runs 1 --turns 1 --out "$work/bot"
check check_data --check-data
check catalog --catalog 1 1
check term --term
echo "ok: headless commands load no window library; a screenshot loads the window's module"
