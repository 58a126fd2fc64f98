#!/bin/sh
# The player's own keys and options in the terminal: a rebinding takes
# effect (and the run it plays is the run the default keys play); files
# full of mistakes still let the game start, their file:line words on
# stderr and in the log; the colour modes (none, NO_COLOR, 8, 16, 256) and
# a locale without box-drawing lines.
. "$2/tests/term/tmux.inc"
config="$XDG_CONFIG_HOME/AmuletsOfSDL"
mkdir -p "$config"

# w walks east instead of l
printf '# mine\n[keys]\neast = w\n' >"$config/keys.txt"
new_run 5
press w
wait_for "Turn 1" "w, rebound to east"
tm send-keys -t game l
press w
wait_for "Turn 2" "l, no longer a key, then w"
saved_as 5 ll "w w, and the default keys' l l"
end_game

# mistakes in both files: said, and the game plays with the defaults
rm -rf "$AMULETS_HOME"
printf '[keys]\nnorth = banana\nwait = k\n' >"$config/keys.txt"
printf '[options]\ncolors = lots\nsound = on\n' >"$config/options.txt"
start_game --seed 5
pick_class
wait_for "Turn 0" "a start with mistakes"
wait_for "Mistake, kept as it was: keys.txt:3: 'k' is both" "the last mistake in the log"
for words in "keys.txt:2: 'banana' isn't a key" \
             "keys.txt:3: 'k' is both north and wait, on the same screen: wait keeps its own keys" \
             "options.txt:2: 'colors' should be auto, 256, 16, 8 or none, not 'lots'" \
             "options.txt:3: unknown key 'sound'"; do
    grep -qF "$words" "$work/stderr" || fail "stderr lacks: $words"
done
press l
wait_for "Turn 1" "l with the defaults kept"
end_game
rm -f "$config/keys.txt" "$config/options.txt"

# colours: 256 where the terminal has them, 16 when asked, none when asked or with NO_COLOR
colours() {
    end_game
    rm -rf "$AMULETS_HOME"
    start_game --seed 5
    pick_class
    wait_for "Turn 0"
    settle
    tm capture-pane -p -e -t game >"$work/colours"
}
colours
grep -q '38;5;' "$work/colours" || fail "no 256-colour letters in tmux-256color"
printf '[options]\ncolors = 16\n' >"$config/options.txt"
colours
grep -q '38;5;' "$work/colours" && fail "colors = 16 used the 256"
grep -Eq '\[(3[1-7]|9[0-7])m' "$work/colours" || fail "colors = 16 has no basic colours"
printf '[options]\ncolors = none\n' >"$config/options.txt"
colours
grep -Eq '\[[0-9;]*(3[0-9]|9[0-7]|38;5;[0-9]+)m' "$work/colours" && fail "colors = none has colours"
# out of the first room (play.sh's walk): what's remembered is dim
end_game
rm -rf "$AMULETS_HOME"
new_run 21
press j j j j j j j j
i=0
until tm capture-pane -p -e -t game | grep -q '\[2m' || [ $i -ge $patience ]; do sleep 0.05; i=$((i + 1)); done
tm capture-pane -p -e -t game | grep -q '\[2m' || fail "colors = none draws nothing remembered dim"
rm -f "$config/options.txt"
# a terminal of 8 colours (screen): the bright ones bold
extra_env="TERM=screen" colours
grep -q '38;5;' "$work/colours" && fail "an 8-colour terminal got the 256"
grep -Eq '\[[0-9;]*1[;m]' "$work/colours" || fail "an 8-colour terminal has no bold for the bright colours"
grep -Eq '\[[0-9;]*3[1-7]m' "$work/colours" || fail "an 8-colour terminal has no colours"
extra_env="NO_COLOR=1" colours
grep -Eq '\[[0-9;]*(3[0-9]|9[0-7]|38;5;[0-9]+)m' "$work/colours" && fail "NO_COLOR has colours"

# a locale that can't show box-drawing lines gets plain ones
end_game
rm -rf "$AMULETS_HOME"
lang=C new_run 5
screen | grep -q '│' && fail "box-drawing lines in the C locale"
screen | grep -q '|' || fail "no plain line in the C locale"
echo "ok: a rebinding, mistakes that don't stop the game, the colour modes, plain lines"
