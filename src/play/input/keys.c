#include "keys.h"

#include <stdio.h>
#include <string.h>

#include "dialog.h"

/* ---- The bindings ------------------------------------------------------- */

/* The screens a binding is read on, to find two that share a key */
enum {
    ON_PLAY = 1, ON_CLOSE = 2, ON_LOOK = 4, ON_PACK = 8, ON_MENU = 16, ON_ASK = 32,
    ON_END = 64, ON_TITLE = 128, ON_AIM = 256,
};

typedef struct BindingDef {
    const char *name;
    unsigned screens;
    int keys[KEYS_PER_BINDING];
    const char *what;          /* what it does, as the help screen says */
} BindingDef;

static const BindingDef BINDINGS[KB_COUNT] = {
    [KB_NORTH] = {"north", ON_PLAY | ON_CLOSE | ON_LOOK | ON_AIM, {'k', AK_UP, AK_KP8}, "move or attack north (and move a cursor)"},
    [KB_NORTHEAST] = {"northeast", ON_PLAY | ON_CLOSE | ON_LOOK | ON_AIM, {'u', AK_KP9}, "move or attack northeast"},
    [KB_EAST] = {"east", ON_PLAY | ON_CLOSE | ON_LOOK | ON_AIM, {'l', AK_RIGHT, AK_KP6}, "move or attack east"},
    [KB_SOUTHEAST] = {"southeast", ON_PLAY | ON_CLOSE | ON_LOOK | ON_AIM, {'n', AK_KP3}, "move or attack southeast"},
    [KB_SOUTH] = {"south", ON_PLAY | ON_CLOSE | ON_LOOK | ON_AIM, {'j', AK_DOWN, AK_KP2}, "move or attack south"},
    [KB_SOUTHWEST] = {"southwest", ON_PLAY | ON_CLOSE | ON_LOOK | ON_AIM, {'b', AK_KP1}, "move or attack southwest"},
    [KB_WEST] = {"west", ON_PLAY | ON_CLOSE | ON_LOOK | ON_AIM, {'h', AK_LEFT, AK_KP4}, "move or attack west"},
    [KB_NORTHWEST] = {"northwest", ON_PLAY | ON_CLOSE | ON_LOOK | ON_AIM, {'y', AK_KP7}, "move or attack northwest"},
    [KB_WAIT] = {"wait", ON_PLAY, {'.', AK_KP5}, "wait a turn"},
    [KB_PICK_UP] = {"pick_up", ON_PLAY, {'g'}, "pick up what lies here"},
    [KB_INVENTORY] = {"inventory", ON_PLAY, {'i'}, "the pack: use something"},
    [KB_DROP] = {"drop", ON_PLAY, {'d'}, "drop something"},
    [KB_CLOSE_DOOR] = {"close_door", ON_PLAY, {'c'}, "close a door (then a direction)"},
    [KB_SEARCH] = {"search", ON_PLAY, {'s'}, "search for secret doors and traps"},
    [KB_DESCEND] = {"descend", ON_PLAY, {'>'}, "go down the stairs"},
    [KB_LOOK] = {"look", ON_PLAY | ON_LOOK, {'x'}, "look around (a cursor; again to stop)"},
    [KB_MENU] = {"menu", ON_PLAY, {AK_ESC}, "the menu: save and quit"},
    [KB_BACK] = {"back", ON_PACK | ON_CLOSE | ON_MENU | ON_LOOK | ON_AIM, {AK_ESC}, "close a screen, stop looking or aiming"},
    /* the menu's keys are capitals only: Esc with nothing to close opens
     * the menu, and s (a search) or q typed after it by reflex must not
     * leave the game */
    [KB_SAVE_QUIT] = {"save_quit", ON_MENU, {'S'}, "in the menu: save the run and quit"},
    [KB_QUIT_UNSAVED] = {"quit_unsaved", ON_MENU, {'Q'}, "in the menu: quit without saving"},
    [KB_YES] = {"yes", ON_ASK, {'y', 'Y'}, "yes, to a question"},
    [KB_NEW_RUN] = {"new_run", ON_END, {'r', 'R'}, "at the end: play again"},
    [KB_QUIT] = {"quit", ON_END | ON_TITLE, {AK_ESC}, "at the end, or on the title: quit"},
    [KB_CONTINUE] = {"continue", ON_TITLE, {'c', 'C'}, "on the title: continue the saved run"},
    [KB_NEW_GAME] = {"new_game", ON_TITLE, {'n', 'N'}, "on the title: start a new run"},
    [KB_FIRE] = {"fire", ON_PLAY | ON_AIM, {'f'}, "fire the quivered missile (again: let fly)"},
    [KB_THROW] = {"throw", ON_PLAY | ON_AIM, {'t'}, "throw something (again: let fly)"},
    [KB_QUIVER] = {"quiver", ON_PLAY, {'Q'}, "choose the missile to fire (the quiver)"},
    [KB_LET_FLY] = {"let_fly", ON_AIM, {AK_ENTER}, "aiming: let fly at the cursor"},
    [KB_NEXT_TARGET] = {"next_target", ON_AIM, {AK_TAB, '+'}, "aiming: the next monster in sight"},
    [KB_PREVIOUS_TARGET] = {"previous_target", ON_AIM, {AK_BACKTAB, '-'}, "aiming: the monster before"},
    [KB_HELP] = {"help", ON_PLAY, {'?'}, "this help, and how to play"},
    [KB_HISTORY] = {"history", ON_PLAY, {AK_CTRL_P}, "the messages so far"},
    [KB_CHARACTER] = {"character", ON_PLAY, {'@'}, "your character"},
    [KB_KNOWN] = {"known", ON_PLAY, {'\\'}, "every kind of potion and scroll"},
    [KB_EXPLORE] = {"explore", ON_PLAY, {'o'}, "explore the floor, step by step, until something's found"},
    [KB_TRAVEL] = {"travel", ON_PLAY | ON_LOOK, {'G'}, "travel to the stairs (looking: to the cursor)"},
    [KB_REST] = {"rest", ON_PLAY, {'Z'}, "rest until healed, or until something comes"},
    [KB_EXAMINE] = {"examine", ON_PLAY, {'e'}, "examine something carried, in hand or worn"},
    [KB_SCORES] = {"scores", ON_TITLE, {'H'}, "on the title: the high scores"},
};

void key_defaults(KeyMap *out)
{
    for (int b = 0; b < KB_COUNT; ++b) memcpy(out->keys[b], BINDINGS[b].keys, sizeof out->keys[b]);
}

const char *key_binding_text(KeyBinding binding)
{
    return (unsigned)binding < KB_COUNT ? BINDINGS[binding].what : "";
}

const char *key_binding_name(KeyBinding binding)
{
    return (unsigned)binding < KB_COUNT ? BINDINGS[binding].name : "?";
}

bool key_bound(const KeyMap *map, KeyBinding binding, int key)
{
    const int *keys = map != NULL ? map->keys[binding] : BINDINGS[binding].keys;
    for (int i = 0; i < KEYS_PER_BINDING; ++i) {
        if (keys[i] != 0 && keys[i] == key) return true;
    }
    return false;
}

bool key_share_screen(KeyBinding a, KeyBinding b)
{
    return (BINDINGS[a].screens & BINDINGS[b].screens) != 0;
}

/* ---- What a key means ------------------------------------------------- */

int key_direction_in(const KeyMap *map, int key)
{
    for (int dir = 0; dir < 8; ++dir) {
        if (key_bound(map, (KeyBinding)(KB_NORTH + dir), key)) return dir;
    }
    return -1;
}

static KeyAction command(Command *out, CommandKind kind, int arg)
{
    *out = cmd_make(kind, arg);
    return KA_COMMAND;
}

/* An action with a value in out->arg (a purpose, a slot) */
static KeyAction valued(Command *out, KeyAction action, int value)
{
    *out = cmd_make(CMD_WAIT, value);
    return action;
}

static KeyAction playing_key(const KeyMap *map, int key, Command *out)
{
    static const struct { KeyBinding binding; CommandKind kind; } COMMANDS[] = {
        {KB_WAIT, CMD_WAIT}, {KB_PICK_UP, CMD_PICK_UP}, {KB_SEARCH, CMD_SEARCH}, {KB_DESCEND, CMD_DESCEND},
    };
    static const struct { KeyBinding binding; InvAction purpose; } PACKS[] = {
        {KB_INVENTORY, INV_USE}, {KB_DROP, INV_DROP}, {KB_THROW, INV_THROW}, {KB_QUIVER, INV_QUIVER},
    };
    static const struct { KeyBinding binding; KeyAction action; } OTHERS[] = {
        {KB_CLOSE_DOOR, KA_CLOSE_DOOR}, {KB_MENU, KA_MENU}, {KB_FIRE, KA_FIRE}, {KB_EXPLORE, KA_EXPLORE},
        {KB_TRAVEL, KA_TRAVEL_STAIRS}, {KB_REST, KA_REST}, {KB_LOOK, KA_LOOK},
    };
    int dir = key_direction_in(map, key);
    if (dir >= 0) return command(out, CMD_MOVE, dir);
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; ++i) {
        if (key_bound(map, COMMANDS[i].binding, key)) return command(out, COMMANDS[i].kind, 0);
    }
    for (size_t i = 0; i < sizeof PACKS / sizeof PACKS[0]; ++i) {
        if (key_bound(map, PACKS[i].binding, key)) return valued(out, KA_OPEN_PACK, (int)PACKS[i].purpose);
    }
    for (size_t i = 0; i < sizeof OTHERS / sizeof OTHERS[0]; ++i) {
        if (key_bound(map, OTHERS[i].binding, key)) return OTHERS[i].action;
    }
    return KA_NONE;
}

KeyAction key_action_in(const KeyMap *map, KeyScreen screen, int key, Command *out)
{
    *out = cmd_make(CMD_WAIT, 0);
    if (key >= AK_F1 && key <= AK_F12) return KA_DEBUG;
    bool back = key_bound(map, KB_BACK, key);
    switch (screen) {
    case KEYS_PLAYING: return playing_key(map, key, out);
    case KEYS_PACK:
        if (back) return KA_BACK;
        if (key >= 'a' && key < 'a' + PACK_SLOTS) return valued(out, KA_CHOOSE, key - 'a');
        return KA_NONE;
    case KEYS_CLOSING:
        if (back) return KA_BACK;
        if (key_direction_in(map, key) >= 0) return command(out, CMD_CLOSE_DOOR, key_direction_in(map, key));
        return KA_NONE;
    case KEYS_AIMING: return back ? KA_BACK : KA_NONE;   /* the cursor's keys are choose.c's */
    case KEYS_QUESTION: return key_bound(map, KB_YES, key) ? KA_YES : KA_NONE;
    case KEYS_MENU:
        if (back) return KA_BACK;
        if (key_bound(map, KB_SAVE_QUIT, key)) return KA_SAVE_QUIT;
        if (key_bound(map, KB_QUIT_UNSAVED, key)) return KA_QUIT_UNSAVED;
        return KA_NONE;
    case KEYS_END:
        if (key_bound(map, KB_QUIT, key)) return KA_QUIT;
        if (key_bound(map, KB_NEW_RUN, key)) return KA_NEW_RUN;
        return KA_NONE;
    }
    return KA_NONE;
}

KeyAction key_action(KeyScreen screen, int key, Command *out)
{
    return key_action_in(NULL, screen, key, out);
}

int key_direction(int key)
{
    return key_direction_in(NULL, key);
}

static bool bound_anywhere(const KeyMap *map, int key)
{
    for (int b = 0; b < KB_COUNT; ++b) {
        if (key_bound(map, (KeyBinding)b, key)) return true;
    }
    return false;
}

int key_typed_digit(const KeyMap *map, bool screen_takes_digits, int key)
{
    if (key < '1' || key > '9' || screen_takes_digits || bound_anywhere(map, key)) return key;
    return AK_KP1 + (key - '1');
}

/* ---- Key names ------------------------------------------------------------ */

typedef struct KeyName {
    const char *name;
    int key;
} KeyName;

static const KeyName KEY_NAMES[] = {
    {"esc", AK_ESC}, {"enter", AK_ENTER}, {"up", AK_UP}, {"down", AK_DOWN},
    {"left", AK_LEFT}, {"right", AK_RIGHT}, {"lt", '<'}, {"gt", '>'}, {"space", ' '},
    {"kp1", AK_KP1}, {"kp2", AK_KP2}, {"kp3", AK_KP3}, {"kp4", AK_KP4},
    {"kp5", AK_KP5}, {"kp6", AK_KP6}, {"kp7", AK_KP7}, {"kp8", AK_KP8},
    {"kp9", AK_KP9}, {"f1", AK_F1}, {"f2", AK_F2}, {"f3", AK_F3},
    {"f4", AK_F4}, {"f5", AK_F5}, {"f6", AK_F6}, {"f7", AK_F7},
    {"f8", AK_F8}, {"f9", AK_F9}, {"f10", AK_F10}, {"f11", AK_F11},
    {"f12", AK_F12}, {"tab", AK_TAB}, {"backtab", AK_BACKTAB}, {"ctrl_p", AK_CTRL_P},
};

static int named_key(const char *name, size_t length)
{
    for (size_t i = 0; i < sizeof KEY_NAMES / sizeof KEY_NAMES[0]; ++i) {
        if (strlen(KEY_NAMES[i].name) == length && strncmp(KEY_NAMES[i].name, name, length) == 0) {
            return KEY_NAMES[i].key;
        }
    }
    return -1;
}

int key_named(const char *name)
{
    size_t length = strlen(name);
    if (length == 1 && name[0] > 32 && name[0] < 127) return (unsigned char)name[0];
    if (length > 2 && name[0] == '<' && name[length - 1] == '>') return named_key(name + 1, length - 2);
    return named_key(name, length);
}

void key_spelling(int key, char *out, size_t size)
{
    for (size_t i = 0; i < sizeof KEY_NAMES / sizeof KEY_NAMES[0]; ++i) {
        if (KEY_NAMES[i].key == key && key != '<' && key != '>') {
            snprintf(out, size, "%s", KEY_NAMES[i].name);
            return;
        }
    }
    snprintf(out, size, "%c", key > 32 && key < 127 ? key : '?');
}

void key_label(const KeyMap *map, KeyBinding binding, char *out, size_t size)
{
    const int *keys = map != NULL ? map->keys[binding] : BINDINGS[binding].keys;
    int key = keys[0];
    if (key >= 'a' && key <= 'z' && key_bound(map, binding, key - 'a' + 'A')) key = key - 'a' + 'A';
    key_spelling(key, out, size);
    if (strlen(out) > 1 && out[0] >= 'a' && out[0] <= 'z') out[0] = (char)(out[0] - 'a' + 'A');
}

int key_parse(const char *text, int *keys, int max, char *error, size_t error_size)
{
    int count = 0;
    for (const char *p = text; *p != '\0'; ++p) {
        int key = (unsigned char)*p;
        if (*p == '<') {
            const char *end = strchr(p, '>');
            key = end != NULL ? named_key(p + 1, (size_t)(end - p - 1)) : -1;
            if (key < 0) {
                snprintf(error, error_size, "unknown key name at '%.12s' (named keys: <esc> <enter> "
                         "<up> <down> <left> <right> <kp1>..<kp9> <f1>..<f12> <tab> <backtab> <ctrl_p> <lt> <gt> <space>)", p);
                return -1;
            }
            p = end;
        } else if (key < 32 || key > 126) {
            snprintf(error, error_size, "a key must be a printable character or <name>");
            return -1;
        }
        if (count == max) {
            snprintf(error, error_size, "too many keys (at most %d)", max);
            return -1;
        }
        keys[count++] = key;
    }
    return count;
}
