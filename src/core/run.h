/* A run of the game as a value: made from a seed, changed only by
 * commands, and read through queries. Every way to play (the window, the
 * scripted runner, the tests, the bot) drives it the same way, so the same
 * seed and the same commands always give the same run. */
#ifndef AMULETS_RUN_H
#define AMULETS_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "data.h"
#include "ident.h"
#include "level.h"
#include "msglog.h"
#include "pack.h"

typedef struct Run Run;

/* What the run is doing: the chapters' GameState */
typedef enum Mode {
    MODE_PLAYING,
    MODE_INVENTORY,    /* the pack is open, for run_inventory_action's reason */
    MODE_CLOSING,      /* asking which way to close a door */
    MODE_CONFIRMING,   /* asking a yes or no, about run_confirm_purpose */
    MODE_MENU,         /* Esc's menu */
    MODE_DEAD,
    MODE_WON,
} Mode;

typedef enum InvAction { INV_USE, INV_DROP, INV_IDENTIFY } InvAction;
typedef enum ConfirmPurpose { CONFIRM_STEP, CONFIRM_DESCEND } ConfirmPurpose;

/* A command is plain data, as a key press becomes one: a kind and, for
 * some kinds, an argument (a direction 0..7 clockwise from north, or a
 * pack slot 0..19) */
typedef enum CommandKind {
    CMD_MOVE,          /* move or attack; while closing, the direction */
    CMD_WAIT,
    CMD_PICK_UP,
    CMD_INVENTORY,     /* open the pack to use something */
    CMD_DROP,          /* open the pack to drop something */
    CMD_CHOOSE,        /* a slot, while the pack is open */
    CMD_CLOSE_DOOR,    /* asks which way */
    CMD_SEARCH,
    CMD_DESCEND,
    CMD_YES,
    CMD_NO,
    CMD_CANCEL,        /* Esc: put the pack away, stop closing, leave the menu */
    CMD_MENU,          /* Esc while playing: open the menu */
    CMD_SUSPEND,       /* about to be saved and left: a half-made choice is
                          undone (a scroll of identify goes back in the
                          pack) and the run is back to playing */
    CMD_COUNT
} CommandKind;

typedef struct Command {
    uint8_t kind;
    int8_t arg;
} Command;

typedef struct Player {
    Point pos;
    int hp, max_hp;
    int strength;
    int gold;
    int amulets;
    Statuses status;            /* afraid is unused for the player */
    int weapon;                 /* item kind wielded, or -1 */
    int armor;                  /* item kind worn, or -1 */
    Pack pack;
    int kills;
    char killed_by[NAME_SIZE + 32];  /* "a jackal", for the death screen */
} Player;

/* A run of no class: the player of the book before classes (PLAYER_HP,
 * a short sword, nothing else), as a save or a recording from before
 * classes holds, and as the hand-built scenes of the tests start */
enum { RUN_NO_CLASS = -1 };

/* A new run on floor 1, or deeper as if arrived there by the stairs, the
 * player starting as the class (an index into data's classes, or
 * RUN_NO_CLASS): its hp, strength and kit, knowing its known kinds.
 * data must stay loaded (without mistakes) while the run lives. NULL if
 * out of memory. */
Run *run_new_as(const GameData *data, uint64_t seed, int start_floor, int class_index);
/* The same as the first class in classes.txt, the default */
Run *run_new(const GameData *data, uint64_t seed, int start_floor);
void run_free(Run *run);
/* A copy of the whole run, caches and all */
Run *run_clone(const Run *run);

/* Carries out a command. False, with nothing changed, if the command
 * isn't allowed now (the wrong mode, a slot that isn't there, a
 * direction out of range). A command that is allowed may still take no
 * turn (bumping a wall says so in the log). */
bool run_command(Run *run, Command command);

/* Adds a line to the log on a frontend's behalf, such as why a save
 * failed. It's talk only: nothing a save holds changes. */
void run_tell(Run *run, const char *text);

/* Queries */
const GameData *run_data(const Run *run);
uint64_t run_seed(const Run *run);
/* The class the run began as, or RUN_NO_CLASS */
int run_class(const Run *run);
/* Its name as the title shows it, "Adventurer" for none */
const char *run_class_name(const Run *run);
/* Its id in classes.txt, or NULL for none */
const char *run_class_id(const Run *run);
int run_turn(const Run *run);
Mode run_mode(const Run *run);
InvAction run_inventory_action(const Run *run);
ConfirmPurpose run_confirm_purpose(const Run *run);
const Level *run_level(const Run *run);
const Player *run_player(const Run *run);
const Ident *run_ident(const Run *run);
const MsgLog *run_log(const Run *run);
const Rng *run_rng(const Run *run);
/* How many times the player has arrived on a new floor (stairs or a
 * fall) since this run value was made or loaded: a frontend saves a
 * checkpoint whenever it goes up */
int run_arrivals(const Run *run);
/* True if the player knows what the kind is: weapons, armor, gold and
 * the Amulet always; potions and scrolls once identified */
bool run_kind_known(const Run *run, int kind);
/* The player's defense, from their armor */
int run_player_defense(const Run *run);
/* True if the player can see a cell now */
bool run_sees(const Run *run, Point cell);

/* An item's name as the player knows it: "a crimson potion", "3 scrolls
 * of magic mapping", "19 gold pieces", "the Amulet of SDL" */
void run_item_name(const Run *run, Stack stack, char *out, size_t size);
/* "a jackal", "an ogre": a name with its article */
void run_with_article(const char *name, char *out, size_t size);

/* How an item is drawn: its glyph and colour */
char run_item_glyph(const Run *run, int kind);
Color run_item_color(const Run *run, int kind);

/* What the look panel says of a cell (known_look in the play layer
 * fills it from what the player knows). Lines are empty when there's
 * nothing to say. */
typedef struct LookInfo {
    int monster;            /* index into the level's monsters, or -1 */
    char creature[128];     /* "A jackal (asleep)." */
    char item[128];         /* "A crimson potion." */
    char ground[64];        /* "Floor.", "A closed door.", "A dart trap." */
} LookInfo;

/* The name of a monster state, as a save and the look panel spell it */
const char *run_state_name(MonsterState state);

#endif
