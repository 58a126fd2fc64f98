/* Digits are digits where a screen takes them, and the keypad moves: a
 * terminal, which can't tell its keypad's digits from the keyboard's,
 * hands a digit over as a digit on the class choice (1 to 9 start a run
 * as that class) and as the keypad's moving key elsewhere, unless
 * keys.txt binds the digit (key_typed_digit, input_takes_digits). The
 * window tells the two apart itself (tests/sdl/test_events.c); both are
 * tried as a person types in tests/sdl/window_events.sh and
 * tests/term/digits.sh. No save is written (no slot). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "runtest.h"
#include "save.h"

static GameData data;

static void open_input(Input *input, bool choose_class)
{
    InputSetup setup = {.data = &data, .seed = 12, .start_floor = 1, .choose_class = choose_class};
    if (!input_open(input, &setup)) exit(EXIT_FAILURE);
}

/* A key as the terminal hands it to the input */
static InputResult typed(Input *input, int key)
{
    return input_key(input, key_typed_digit(input->setup.keys, input_takes_digits(input), key));
}

static void the_translation(void)
{
    CHECK_INT(key_typed_digit(NULL, true, '2'), '2');
    CHECK_INT(key_typed_digit(NULL, false, '2'), AK_KP2);
    CHECK_INT(key_typed_digit(NULL, false, '8'), AK_KP8);
    CHECK_INT(key_typed_digit(NULL, false, '0'), '0');   /* no direction */
    CHECK_INT(key_typed_digit(NULL, false, 'j'), 'j');
    /* keys.txt binding 3 to something: it's that, everywhere */
    KeyMap map;
    key_defaults(&map);
    map.keys[KB_SEARCH][1] = '3';
    CHECK_INT(key_typed_digit(&map, false, '3'), '3');
    CHECK_INT(key_typed_digit(&map, false, '4'), AK_KP4);
}

/* On the class choice each digit starts its class, as the screen says
 * ("1-3 or Enter: start"); 2 and 8 don't move the highlight */
static void the_class_choice(void)
{
    for (int c = 0; c < data.class_count && c < 9; ++c) {
        Input input;
        open_input(&input, true);
        CHECK(input_takes_digits(&input));
        CHECK_INT(typed(&input, '1' + c), INPUT_NEW_RUN);
        CHECK_INT(input_screen(&input), SCREEN_PLAYING);
        CHECK_INT(run_class(input.session.run), c);
        CHECK(!input_takes_digits(&input));
        input_free(&input);
    }
    /* a digit past the classes does nothing, and the keypad still moves */
    Input input;
    open_input(&input, true);
    char past = (char)('1' + data.class_count);
    CHECK_INT(typed(&input, past), INPUT_NOTHING);
    CHECK_INT(input_screen(&input), SCREEN_CLASS);
    CHECK_INT(input_key(&input, AK_KP2), INPUT_REDRAW);
    CHECK_INT(input.choice.highlighted, 1);
    CHECK_INT(input_key(&input, AK_KP8), INPUT_REDRAW);
    CHECK_INT(input.choice.highlighted, 0);
    input_free(&input);
}

/* In play a terminal's digit is the keypad's: 6 walks east as l does */
static void in_play(void)
{
    Input a, b;
    open_input(&a, false);
    open_input(&b, false);
    CHECK(!input_takes_digits(&a));
    const char *digits = "6624", *letters = "llhj";
    for (int i = 0; digits[i] != '\0'; ++i) {
        typed(&a, digits[i]);
        input_key(&b, letters[i]);
    }
    CHECK(run_turn(a.session.run) > 0);
    CHECK(save_digest(a.session.run) == save_digest(b.session.run));
    input_free(&a);
    input_free(&b);
}

int main(void)
{
    load_shipped_data(&data);
    the_translation();
    the_class_choice();
    in_play();
    data_free(&data);
    return check_done("test_digits");
}
