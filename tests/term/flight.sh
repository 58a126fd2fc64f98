#!/bin/sh
# An arrow's flight in the terminal, as the window and the page show it:
# a ranger (seed 5, the floor open east of the start) fires three cells
# east, and the screen shows the arrow a cell at a time on its way there
# (options.txt's flight_delay = 400 holds each frame long enough for
# capture-pane to see every one), then where it landed; a key pressed
# during a flight ends it at once and is taken.
. "$2/tests/term/tmux.inc"
config="$XDG_CONFIG_HOME/AmuletsOfSDL"
mkdir -p "$config"
printf '[options]\nflight_delay = 400\n' >"$config/options.txt"

start_game --seed 5
wait_for "Enter: start" "the class choice"
tm send-keys -t game 3
wait_for "Ranger" "a ranger's run"
wait_for "Turn 0" "a new run"
settle
set -- $(player_at)
row=$1 col=$2
# the four cells east of the player
east() { screen | awk -v r=$((row + 1)) -v c=$((col + 1)) 'NR == r { print substr($0, c + 1, 4) }'; }
[ "$(east)" = "...." ] || fail "the floor east of the player isn't open: '$(east)'"

press f
wait_for "Shoot an arrow at what" "f, aiming"
tm send-keys -t game l l l f   # the cursor's moves show only in its colours
# each frame of the flight, as the screen shows it, in order: the rules
# put the arrow where it lands at once (the third cell east), and the
# flight is drawn over the map, a cell on each frame
frames=""
i=0
while [ $i -lt $((patience * 4)) ]; do
    case "$(east)" in
    "(.(."*) [ "${frames##* }" = 1 ] || frames="$frames 1" ;;
    ".((."*) [ "${frames##* }" = 2 ] || frames="$frames 2" ;;
    "..(."*) [ "${frames##* }" = 3 ] || frames="$frames 3" ;;
    esac
    screen | grep -q "Turn 1" && [ "${frames##* }" = 3 ] && break
    sleep 0.02
    i=$((i + 1))
done
[ "$frames" = " 1 2 3" ] || fail "the arrow's frames were '$frames', not 1 2 3 (a cell at a time)"
sleep 0.5
settle
[ "$(east)" = "..(." ] || fail "the arrow didn't land three cells east: '$(east)'"

# a key in the air: the flight ends, and the key (s, a search) is taken
# at once, long before the flight's 1.2 s would have run
press f
wait_for "Shoot an arrow at what" "f again"
tm send-keys -t game h h f
wait_for "Turn 2" "the second shot"
tm send-keys -t game s
i=0
until screen | grep -q "Turn 3" || [ $i -ge 10 ]; do sleep 0.05; i=$((i + 1)); done
screen | grep -q "Turn 3" || fail "s during the flight waited for it"
end_game
echo "ok: an arrow's flight, a cell at a time, and a key ending it"
