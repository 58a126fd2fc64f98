#include "keys.h"

#include <stdio.h>
#include <string.h>

int key_direction(int key)
{
    switch (key) {
    case 'k': case AK_UP: case AK_KP8: return 0;
    case 'u': case AK_KP9: return 1;
    case 'l': case AK_RIGHT: case AK_KP6: return 2;
    case 'n': case AK_KP3: return 3;
    case 'j': case AK_DOWN: case AK_KP2: return 4;
    case 'b': case AK_KP1: return 5;
    case 'h': case AK_LEFT: case AK_KP4: return 6;
    case 'y': case AK_KP7: return 7;
    default: return -1;
    }
}

static KeyAction command(Command *out, CommandKind kind, int arg)
{
    out->kind = (uint8_t)kind;
    out->arg = (int16_t)arg;
    return KA_COMMAND;
}

static KeyAction playing_key(int key, Command *out)
{
    int dir = key_direction(key);
    if (dir >= 0) return command(out, CMD_MOVE, dir);
    switch (key) {
    case '.': case AK_KP5: return command(out, CMD_WAIT, 0);
    case 'g': return command(out, CMD_PICK_UP, 0);
    case 'i': return command(out, CMD_INVENTORY, 0);
    case 'd': return command(out, CMD_DROP, 0);
    case 'c': return command(out, CMD_CLOSE_DOOR, 0);
    case 's': return command(out, CMD_SEARCH, 0);
    case '>': return command(out, CMD_DESCEND, 0);
    case 'f': return command(out, CMD_FIRE, 0);
    case 't': return command(out, CMD_THROW, 0);
    case 'x': return KA_LOOK;
    case 'o': return KA_EXPLORE;
    case 'G': return KA_TRAVEL_STAIRS;
    case 'Z': return KA_REST;
    case AK_ESC: return command(out, CMD_MENU, 0);
    default: return KA_NONE;
    }
}

KeyAction key_action(Mode mode, int key, Command *out)
{
    if (key >= AK_F1 && key <= AK_F12) return KA_DEBUG;
    switch (mode) {
    case MODE_PLAYING:
        return playing_key(key, out);
    case MODE_INVENTORY:
        if (key == AK_ESC) return command(out, CMD_CANCEL, 0);
        if (key >= 'a' && key < 'a' + PACK_SLOTS) return command(out, CMD_CHOOSE, key - 'a');
        return KA_NONE;
    case MODE_CLOSING:
        if (key == AK_ESC) return command(out, CMD_CANCEL, 0);
        if (key_direction(key) >= 0) return command(out, CMD_MOVE, key_direction(key));
        return KA_NONE;
    case MODE_AIMING:
        /* the target cursor's keys are the input layer's own */
        if (key == AK_ESC) return command(out, CMD_CANCEL, 0);
        return KA_NONE;
    case MODE_CONFIRMING:
        return command(out, key == 'y' || key == 'Y' ? CMD_YES : CMD_NO, 0);
    case MODE_MENU:
        if (key == AK_ESC) return command(out, CMD_CANCEL, 0);
        if (key == 's' || key == 'S') return KA_SAVE_QUIT;
        if (key == 'q' || key == 'Q') return KA_QUIT_UNSAVED;
        return KA_NONE;
    case MODE_DEAD:
    case MODE_WON:
        if (key == AK_ESC) return KA_QUIT;
        if (key == 'r' || key == 'R') return KA_NEW_RUN;
        return KA_NONE;
    }
    return KA_NONE;
}

typedef struct KeyName {
    const char *name;
    int key;
} KeyName;

static const KeyName KEY_NAMES[] = {
    {"esc", AK_ESC}, {"enter", AK_ENTER}, {"up", AK_UP}, {"down", AK_DOWN},
    {"left", AK_LEFT}, {"right", AK_RIGHT}, {"lt", '<'}, {"gt", '>'},
    {"kp1", AK_KP1}, {"kp2", AK_KP2}, {"kp3", AK_KP3}, {"kp4", AK_KP4},
    {"kp5", AK_KP5}, {"kp6", AK_KP6}, {"kp7", AK_KP7}, {"kp8", AK_KP8},
    {"kp9", AK_KP9}, {"f1", AK_F1}, {"f2", AK_F2}, {"f3", AK_F3},
    {"f4", AK_F4}, {"f5", AK_F5}, {"f6", AK_F6}, {"f7", AK_F7},
    {"f8", AK_F8}, {"f9", AK_F9}, {"f10", AK_F10}, {"f11", AK_F11},
    {"f12", AK_F12}, {"tab", AK_TAB}, {"backtab", AK_BACKTAB},
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
                         "<up> <down> <left> <right> <kp1>..<kp9> <f1>..<f12> <tab> <backtab> <lt> <gt>)", p);
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
