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

/* The run's modes and the choices they wait for, each kind once, with
 * its name in a save ([run] mode, pack_for, question, aim: savechoice.h).
 * Each enum and the save's table of names are made from its list, so a
 * member added has its name, and every switch over one names each member
 * (no default; -Werror=switch), so a member one of them misses doesn't
 * compile (tests/tables.sh adds one to see). Each count is kept out of
 * its enum, so a switch needs no case for it. A table of them elsewhere
 * (a screen's titles or prompts) takes its entries from the list too: a
 * macro per member named from the list's id (as data.c's READS_ are for
 * ITEM_CLASSES), which a new member has none of until it's written. */
#define RUN_COUNT_ONE(...) +1

/* What the run is doing: the chapters' GameState */
#define RUN_MODES(X) \
    X(PLAYING,    "playing")                                                          \
    X(INVENTORY,  "inventory")  /* the pack is open, for run_inventory_action's reason */ \
    X(CLOSING,    "closing")    /* asking which way to close a door */                \
    X(CONFIRMING, "confirming") /* asking a yes or no, about run_confirm_purpose */   \
    X(MENU,       "menu")       /* Esc's menu */                                      \
    X(AIMING,     "aiming")     /* waiting for a cell to aim at, for run_aim_purpose's reason */ \
    X(DEAD,       "dead")                                                             \
    X(WON,        "won")
#define RUN_MODE_ENUM(id, save_name) MODE_##id,
typedef enum Mode { RUN_MODES(RUN_MODE_ENUM) } Mode;
#undef RUN_MODE_ENUM
enum { MODE_COUNT = 0 RUN_MODES(RUN_COUNT_ONE) };

/* Why the pack is open: to use, drop, identify (a scroll read), throw or
 * quiver what's chosen */
#define PACK_PURPOSES(X) \
    X(USE,      "use")        \
    X(DROP,     "drop")       \
    X(IDENTIFY, "identify")   \
    X(THROW,    "throw")      \
    X(QUIVER,   "quiver")
#define RUN_INV_ENUM(id, save_name) INV_##id,
typedef enum InvAction { PACK_PURPOSES(RUN_INV_ENUM) } InvAction;
#undef RUN_INV_ENUM
enum { INV_COUNT = 0 PACK_PURPOSES(RUN_COUNT_ONE) };

/* What the player is aiming: the quivered missile (f), one chosen to
 * throw (t), or a scroll already read */
#define AIM_PURPOSES(X) \
    X(FIRE,      "fire")        \
    X(THROW,     "throw")       \
    X(LIGHTNING, "lightning")   \
    X(FIREBALL,  "fireball")
#define RUN_AIM_ENUM(id, save_name) AIM_##id,
typedef enum AimPurpose { AIM_PURPOSES(RUN_AIM_ENUM) } AimPurpose;
#undef RUN_AIM_ENUM
enum { AIM_COUNT = 0 AIM_PURPOSES(RUN_COUNT_ONE) };

/* What a yes or no is asked about: a step onto a known trap, or leaving
 * a floor's Amulet behind */
#define CONFIRM_PURPOSES(X) \
    X(STEP,    "step")      \
    X(DESCEND, "descend")
#define RUN_CONFIRM_ENUM(id, save_name) CONFIRM_##id,
typedef enum ConfirmPurpose { CONFIRM_PURPOSES(RUN_CONFIRM_ENUM) } ConfirmPurpose;
#undef RUN_CONFIRM_ENUM
enum { CONFIRM_COUNT = 0 CONFIRM_PURPOSES(RUN_COUNT_ONE) };

/* A command is plain data, as a key press becomes one: a kind and, for
 * some kinds, an argument (a direction 0..7 clockwise from north, a
 * pack slot 0..19, or a map cell y * MAP_W + x) */
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
    CMD_SUSPEND,       /* what a save before version 5 began with: a
                          half-made choice undone (a read scroll goes back
                          in the pack) and the run back to playing. No
                          game makes it now (a save holds the run in any
                          mode), but older recordings play back with it */
    CMD_FIRE,          /* f: aim the quivered missile, and only that */
    CMD_THROW,         /* t: open the pack to choose something to throw */
    CMD_AIM,           /* while aiming: shoot at the cell cmd_cell names */
    CMD_DEBUG,         /* a debugging view was used (--debug): the run is
                          marked so for good (run_debugged), kept off the
                          high scores; takes no turn; refused once marked,
                          or once the run is over */
    CMD_QUIVER,        /* Q: open the pack to choose what f fires */
    CMD_COUNT
} CommandKind;

typedef struct Command {
    uint16_t kind;     /* as wide as arg, so a Command has no padding bytes */
    int16_t arg;
} Command;

/* The command to aim at a cell, and the cell an argument names */
static inline Command cmd_aim_at(Point cell)
{
    return (Command){CMD_AIM, (int16_t)cell_index(cell.x, cell.y)};
}
static inline Point cmd_cell(Command command)
{
    return (Point){command.arg % MAP_W, command.arg / MAP_W};
}

typedef struct Player {
    Point pos;
    int hp, max_hp;
    int strength;
    int gold;
    int amulets;
    Statuses status;            /* afraid is unused for the player */
    int weapon;                 /* item kind wielded, or -1 */
    int armor;                  /* item kind worn, or -1 */
    int weapon_letter;          /* the pack slot the weapon in hand was taken
                                   from, or -1 (the kit's, never in the pack) */
    int armor_letter;           /* the same for the armor worn */
    int quiver;                 /* the missile kind f fires first, or -1 */
    Pack pack;
    int kills;
    int killed[MAX_MONSTER_KINDS];   /* kills by kind of monster, counted
                                        from save version 4 on (so kills
                                        may be more, in an older run) */
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
/* True once a debugging view was used in the run (CMD_DEBUG) */
bool run_debugged(const Run *run);
Mode run_mode(const Run *run);
InvAction run_inventory_action(const Run *run);
ConfirmPurpose run_confirm_purpose(const Run *run);
const Level *run_level(const Run *run);
const Player *run_player(const Run *run);
const Ident *run_ident(const Run *run);
const MsgLog *run_log(const Run *run);
/* The play's dice (streams.h): no floor is made with them */
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
    char about[MONSTER_DESCRIPTION_SIZE];   /* the kind's description (monsters.txt) */
    char item[128];         /* "A crimson potion." */
    char ground[64];        /* "Floor.", "A closed door.", "A dart trap." */
} LookInfo;

/* ---- Aiming and shooting (shot.c) ----------------------------------- */

AimPurpose run_aim_purpose(const Run *run);

/* Where a shot aimed at a cell would go, worked out by the one function
 * the shot itself flies by: the cells it passes, in order, up to the one
 * it stops in (a wall or closed door stops it short, a missile and a
 * fireball stop at the first creature, anything at its range), and for a
 * fireball the cells its burst reaches */
enum { SHOT_BURST_CELLS = 9 };
typedef struct ShotPlan {
    int count;
    Point cells[MOST_RANGE];
    bool stopped;                 /* it stops in cells[count - 1] (else it
                                     never left the shooter's cell) */
    int burst_count;
    Point burst[SHOT_BURST_CELLS];
    bool burns_player;            /* the player stands in the burst */
    bool beyond_range;            /* the cell aimed at is past a missile's
                                     or a fireball's range: it won't be let fly */
} ShotPlan;

/* The plan for what the player is aiming now, as the player knows the
 * floor: it stops only at walls and doors known, and at monsters in
 * sight (a monster out of sight still stops the shot itself). False (and
 * an empty plan) if not aiming or the cell is the player's own */
bool run_plan_shot(const Run *run, Point target, ShotPlan *out);
/* While aiming: the missile or scroll kind aimed */
int run_aim_kind(const Run *run);
/* The missile kind f fires: the quivered one while the pack holds some,
 * else -1 (f fires nothing else in its place) */
int run_quivered(const Run *run);

/* What happened during the last command, for a frontend to animate: each
 * flight, bolt, burst and breath in order, with the cells it passed.
 * Talk, like the log: never saved, cleared as each command starts */
typedef enum RunEventKind { EV_MISSILE, EV_BOLT, EV_BURST, EV_BREATH, EV_HIT } RunEventKind;
enum { RUN_EVENTS = 12 };
typedef struct RunEvent {
    RunEventKind kind;
    char glyph;                   /* what flies, in the glyph view */
    Color color;
    int count;
    Point cells[MOST_RANGE];
} RunEvent;
typedef struct RunEvents {
    RunEvent list[RUN_EVENTS];
    int count;
    unsigned serial;              /* goes up with each command carried out,
                                     so a frontend shows each list once */
    bool alarm;                   /* the player was hurt, or a monster came
                                     into view: keys typed ahead are dropped */
} RunEvents;
const RunEvents *run_events(const Run *run);

/* The name of a monster state, as a save spells it */
const char *run_state_name(MonsterState state);
/* A monster's state as the player is told it (the panel, looking): its
 * state's name, but "stationary" for an awake kind that never moves (a
 * shrieker: data/monsters.txt's stationary), which never wanders */
const char *run_monster_state(const Run *run, const Monster *m);

#endif
