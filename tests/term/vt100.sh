#!/bin/sh
# A terminal whose terminfo asks for padding (a DEC VT100's "$<50>" after
# clear, "$<5>" after a cursor address, "$<2>" after an attribute): the
# padding is a delay for the terminal's sake, never text, so no screen
# shows "$<" (the title with a save waiting, the class choice, play, the
# pack, and the screen sent again after a resize), in UTF-8 and in C's
# locale; and the game still plays (a step east) and saves.
. "$2/tests/term/tmux.inc"
infocmp vt100 2>/dev/null | grep -q 'clear=.*\$<' || {
    echo "SKIP: this system's terminfo has no vt100 with padding"
    exit 77
}
extra_env="TERM=vt100"

no_padding() {
    settle
    screen | grep -qF '$<' && fail "padding shown as text ($1)"
    return 0
}

for lang in C.UTF-8 C; do
    rm -rf "$AMULETS_HOME"
    "$amulets" --home "$AMULETS_HOME" --seed 4 --play "ll<esc>S" >/dev/null
    start_game --seed 21
    wait_for "A saved run is waiting" "the title ($lang)"
    no_padding "the title, $lang"
    press n
    wait_for "Enter: start" "the class choice ($lang)"
    no_padding "the class choice, $lang"
    tm send-keys -t game Enter
    wait_for "Turn 0" "a new run ($lang)"
    no_padding "play, $lang"
    press l
    wait_for "Turn 1" "a step east ($lang)"
    press i
    wait_for "INVENTORY" "the pack ($lang)"
    no_padding "the pack, $lang"
    press Escape
    tm resize-window -t game -x 100 -y 30
    wait_for "Turn 1" "after a resize ($lang)"
    no_padding "after a resize, $lang"
    tm send-keys -t game Escape
    wait_for "Save the run, and quit" "Esc's menu ($lang)"
    tm send-keys -t game S
    wait_end "Esc S ($lang)"
    [ "$status" = 0 ] || fail "Esc S ended with $status ($lang)"
    [ -f "$AMULETS_HOME/save.txt" ] || fail "Esc S left no save ($lang)"
    tm kill-session -t game 2>/dev/null
done
echo "ok: a VT100's padding is never shown, in UTF-8 and in C's locale"
