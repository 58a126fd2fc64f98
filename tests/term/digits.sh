#!/bin/sh
# Digits in the terminal, typed as a person types them (tmux send-keys):
# on the class choice ("1-3 or Enter: start") each digit starts its class,
# where 2 and 8 once moved the highlight; in play a digit is the keypad's
# and moves (6 east, as l), since a terminal can't tell the two apart.
. "$2/tests/term/tmux.inc"

# the class each digit starts, as the choice lists them
for n in 1 2 3; do
    name=$(awk -v n="$n" '/^\[class\]/ { c++ } c == n && $1 == "name" { print $3; exit }' "$source_dir/data/classes.txt")
    rm -rf "$AMULETS_HOME"
    start_game --seed 5
    wait_for "1-3 or Enter: start" "the class choice"
    tm send-keys -t game "$n"
    wait_for "Turn 0" "$n on the class choice"
    screen | grep -q "Enter: start" && fail "$n left the class choice up"
    screen | grep -q "$name" || fail "$n didn't start a $name"
    end_game
done

# in play the digit is the keypad's: 6 6 walks east twice, as l l does
rm -rf "$AMULETS_HOME"
new_run 5
press 6
wait_for "Turn 1" "6, the keypad's east"
press 6
wait_for "Turn 2" "6 again"
saved_as 5 ll "6 6, and l l"
echo "digits: ok"
