/* The game's keys, and what each means on the run's screen that's up
 * (GAME.md §8): the table the input layer (input.h, choose.h) reads them by, for every
 * frontend alike. A key is a character, or one of the named keys below.
 * Every command of every screen is a binding with its keys (a KeyMap):
 * the game's own, or the player's keys.txt over them (config.h). */
#ifndef AMULETS_KEYS_H
#define AMULETS_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include "run.h"

enum {
    AK_TAB = 9,
    AK_ENTER = 13,
    AK_CTRL_P = 16,      /* Ctrl-P, as a terminal sends it */
    AK_ESC = 27,
    AK_UP = 0x100, AK_DOWN, AK_LEFT, AK_RIGHT,
    AK_KP1, AK_KP2, AK_KP3, AK_KP4, AK_KP5, AK_KP6, AK_KP7, AK_KP8, AK_KP9,
    AK_F1, AK_F2, AK_F3, AK_F4, AK_F5, AK_F6, AK_F7, AK_F8, AK_F9,
    AK_F10, AK_F11, AK_F12,
    AK_BACKTAB,       /* Shift-Tab */
    AK_LIMIT
};

/* Where a key is read among the run's own screens: the playing screen,
 * a dialog over it (dialog.h), or the run's end */
typedef enum KeyScreen { KEYS_PLAYING, KEYS_PACK, KEYS_CLOSING, KEYS_QUESTION, KEYS_MENU, KEYS_AIMING, KEYS_END } KeyScreen;

/* What a key asks for there: a command for the rules, something a dialog
 * does (choose.h), or something the input layer (input.h) does around
 * the run */
typedef enum KeyAction {
    KA_NONE,          /* nothing, there */
    KA_COMMAND,       /* the command in *command: playing, a step, a wait,
                         picking up, searching, going down; closing, the
                         door's way */
    KA_OPEN_PACK,     /* i, d, t, Q: the pack, for command->arg's purpose
                         (dialog.h's InvAction) */
    KA_CLOSE_DOOR,    /* c: which way? */
    KA_MENU,          /* Esc while playing */
    KA_FIRE,          /* f: aim the quivered missile */
    KA_BACK,          /* Esc on a dialog */
    KA_CHOOSE,        /* a letter on the pack: command->arg's slot */
    KA_YES,           /* y to a question (any other key is no) */
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

/* What a key can be bound to: every command of every screen, named in
 * keys.txt by KEY_BINDING_NAMES. The directions come first, in DIRS's
 * order (north, then clockwise). */
typedef enum KeyBinding {
    KB_NORTH, KB_NORTHEAST, KB_EAST, KB_SOUTHEAST, KB_SOUTH, KB_SOUTHWEST, KB_WEST, KB_NORTHWEST,
    KB_WAIT, KB_PICK_UP, KB_INVENTORY, KB_DROP, KB_CLOSE_DOOR, KB_SEARCH, KB_DESCEND,
    KB_LOOK,          /* start looking, and stop */
    KB_MENU,          /* Esc's menu, while playing */
    KB_BACK,          /* close the pack, closing or the menu; stop looking */
    KB_SAVE_QUIT, KB_QUIT_UNSAVED,   /* in Esc's menu */
    KB_YES,           /* to a question (any other key is no) */
    KB_NEW_RUN,       /* on the death and victory screens */
    KB_QUIT,          /* on the title, death and victory screens */
    KB_CONTINUE, KB_NEW_GAME,        /* on the title */
    KB_FIRE, KB_THROW,               /* f and t; while aiming, let fly */
    KB_QUIVER,                       /* Q: choose what f fires */
    KB_LET_FLY,                      /* while aiming */
    KB_NEXT_TARGET, KB_PREVIOUS_TARGET,
    KB_HELP, KB_HISTORY, KB_CHARACTER, KB_KNOWN, KB_EXAMINE,   /* screens about the run */
    KB_EXPLORE, KB_TRAVEL, KB_REST,  /* o, G (to the stairs; looking, to the cursor), Z */
    KB_SCORES,                       /* on the title and the class choice */
    KB_COUNT
} KeyBinding;

enum { KEYS_PER_BINDING = 4 };

/* The keys of each binding (0 for none) */
typedef struct KeyMap {
    int keys[KB_COUNT][KEYS_PER_BINDING];
} KeyMap;

/* The game's own keys (GAME.md §8) */
void key_defaults(KeyMap *out);

/* What a binding does, as the help screen says it */
const char *key_binding_text(KeyBinding binding);

/* keys.txt's name of a binding ("north", "pick_up", ...) */
const char *key_binding_name(KeyBinding binding);

bool key_bound(const KeyMap *map, KeyBinding binding, int key);

/* Two bindings that are read on the same screen, so can't share a key */
bool key_share_screen(KeyBinding a, KeyBinding b);

/* What the key means on the screen, with map's keys (NULL: the default);
 * the aim's cursor keys are choose.c's own (KEYS_AIMING has only Esc) */
KeyAction key_action_in(const KeyMap *map, KeyScreen screen, int key, Command *command);

/* The direction 0..7 a moving key means with map's keys, or -1 */
int key_direction_in(const KeyMap *map, int key);

/* The same, with the default keys */
KeyAction key_action(KeyScreen screen, int key, Command *command);

/* The direction 0..7 a moving key means (h j k l y u b n, the arrows, the
 * keypad), or -1 */
int key_direction(int key);

/* A digit from a keyboard whose keypad types the same digits (a terminal,
 * which can't tell the two apart): the digit itself where the screen
 * takes numbers (screen_takes_digits: input_takes_digits) or the map
 * binds it, else the keypad's key of that number, which moves. Any other
 * key is given back as it is. */
int key_typed_digit(const KeyMap *map, bool screen_takes_digits, int key);

/* The key a screen names for a binding ("S", "Esc", or the player's own):
 * its first key, or the capital where it's a letter bound in both cases */
void key_label(const KeyMap *map, KeyBinding binding, char *out, size_t size);

/* A key by its name in keys.txt or --play: a character, or a name with or
 * without its <> ("esc", "<kp8>", "space"); -1 if it's none */
int key_named(const char *name);
/* A key's name as key_named reads it back, into out */
void key_spelling(int key, char *out, size_t size);

/* Parses the scripted runner's key text: characters stand for themselves,
 * and <name> for a named key (<esc> <enter> <up> <down> <left> <right>
 * <kp1>..<kp9> <f1>..<f12> <tab> <backtab> <lt> <gt>). Writes at most max keys; returns
 * how many, or -1 with a message in error if the text is bad. */
int key_parse(const char *text, int *keys, int max, char *error, size_t error_size);

#endif
