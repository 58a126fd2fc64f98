/* The game's keys, and what each means in the run's present mode (GAME.md
 * §8): the table the input layer (input.h) reads them by, for every
 * frontend alike. A key is a character, or one of the named keys below. */
#ifndef AMULETS_KEYS_H
#define AMULETS_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include "run.h"

enum {
    AK_TAB = 9,
    AK_ENTER = 13,
    AK_ESC = 27,
    AK_UP = 0x100, AK_DOWN, AK_LEFT, AK_RIGHT,
    AK_KP1, AK_KP2, AK_KP3, AK_KP4, AK_KP5, AK_KP6, AK_KP7, AK_KP8, AK_KP9,
    AK_F1, AK_F2, AK_F3, AK_F4, AK_F5, AK_F6, AK_F7, AK_F8, AK_F9,
    AK_F10, AK_F11, AK_F12,
    AK_BACKTAB,       /* Shift-Tab */
    AK_LIMIT
};

/* What a key asks for in one of the run's modes: a command for the run,
 * or something the input layer (input.h) does around the run */
typedef enum KeyAction {
    KA_NONE,          /* nothing, in this mode */
    KA_COMMAND,       /* the command in *command */
    KA_SAVE_QUIT,     /* S in Esc's menu */
    KA_QUIT_UNSAVED,  /* Q in Esc's menu: quit without saving, once asked */
    KA_QUIT,          /* Esc on the death or victory screen */
    KA_NEW_RUN,       /* R on the death or victory screen */
    KA_LOOK,          /* x: start looking around */
    KA_EXPLORE,       /* o: explore the floor (explore.h) */
    KA_TRAVEL_STAIRS, /* G: travel to the stairs down */
    KA_REST,          /* Z: rest until well */
    KA_DEBUG,         /* F1 to F7: the debugging aids */
} KeyAction;

KeyAction key_action(Mode mode, int key, Command *command);

/* The direction 0..7 a moving key means (h j k l y u b n, the arrows, the
 * keypad), or -1 */
int key_direction(int key);

/* Parses the scripted runner's key text: characters stand for themselves,
 * and <name> for a named key (<esc> <enter> <up> <down> <left> <right>
 * <kp1>..<kp9> <f1>..<f12> <tab> <backtab> <lt> <gt>). Writes at most max keys; returns
 * how many, or -1 with a message in error if the text is bad. */
int key_parse(const char *text, int *keys, int max, char *error, size_t error_size);

#endif
