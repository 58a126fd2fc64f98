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

#define RUN_COUNT_ONE(...) +1

/* What the run is doing (the chapters' GameState), each with its name
 * ([replay] ended names the last two). The rules wait for nothing but
 * the next choice: the screens that gather one (the pack, aiming,
 * closing a door, a question, Esc's menu) are the play layer's. The
 * enum is made from the list, and every switch over it names each
 * member (no default; -Werror=switch), so a member added is handled
 * everywhere or doesn't compile (tests/tables.sh adds one to see) */
#define RUN_MODES(X) \
    X(PLAYING, "playing") \
    X(DEAD,    "dead")    \
    X(WON,     "won")
#define RUN_MODE_ENUM(id, save_name) MODE_##id,
typedef enum Mode { RUN_MODES(RUN_MODE_ENUM) } Mode;
#undef RUN_MODE_ENUM
enum { MODE_COUNT = 0 RUN_MODES(RUN_COUNT_ONE) };

/* A command is a choice made whole, plain data, as Doom's ticcmd is: what
 * the player does, never a key of a dialog. Its parts:
 * - arg: a direction 0..7 clockwise from north (a step, a door closed),
 *   or a pack slot 0..19 (what's used, dropped, thrown, quivered);
 * - at: the map cell aimed at (a throw, a shot, a scroll of lightning or
 *   fireball read), cmd_at and cmd_cell;
 * - on: the pack slot a scroll of identify is read on, cmd_on;
 * - yes: the player said yes to the question the rules ask first
 *   (run_asks: a step onto a known trap, the floor's Amulet left).
 * Each part is 0 when it isn't given, so a Command made with only a
 * kind and an arg has none of the rest. */
typedef enum CommandKind {
    CMD_MOVE,          /* a step (a blow, a door opened) in direction arg */
    CMD_WAIT,
    CMD_PICK_UP,
    CMD_SEARCH,
    CMD_DESCEND,
    CMD_USE,           /* slot arg: drink, read, wield, wear; a scroll of
                          lightning or fireball at a cell; one of identify
                          on a slot. An unknown potion or scroll is only
                          used as it is: one that turns out to need a cell
                          or a slot is learnt, and nothing spent yet */
    CMD_DROP,          /* slot arg's whole stack */
    CMD_THROW,         /* slot arg's missile, at a cell */
    CMD_FIRE,          /* the quivered missile (and only that), at a cell */
    CMD_QUIVER,        /* slot arg's missile is what f fires; no turn */
    CMD_CLOSE_DOOR,    /* the open door in direction arg */
    CMD_DEBUG,         /* a debugging view was used (--debug): the run is
                          marked so for good (run_debugged), kept off the
                          high scores; takes no turn; refused once marked,
                          or once the run is over */
    CMD_COUNT
} CommandKind;

typedef struct Command {
    uint16_t kind;     /* CommandKind */
    int16_t arg;       /* a direction or a pack slot */
    uint16_t at;       /* the cell aimed at, y * MAP_W + x, plus 1; 0: none */
    uint8_t on;        /* the slot a scroll of identify is read on, plus 1; 0: none */
    uint8_t yes;       /* 1: yes to the rules' question (run_asks) */
} Command;
_Static_assert(sizeof(Command) == 8, "a Command has no padding bytes");

static inline Command cmd_make(CommandKind kind, int arg)
{
    return (Command){(uint16_t)kind, (int16_t)arg, 0, 0, 0};
}
/* The command aimed at a cell, and the cell it's aimed at */
static inline Command cmd_at(Command command, Point cell)
{
    command.at = (uint16_t)(cell_index(cell.x, cell.y) + 1);
    return command;
}
static inline bool cmd_aimed(Command command) { return command.at > 0 && command.at <= MAP_CELLS; }
static inline Point cmd_cell(Command command) { return cell_point(command.at - 1); }
/* A scroll of identify read from slot scroll, on slot */
static inline Command cmd_on(int scroll, int slot)
{
    Command command = cmd_make(CMD_USE, scroll);
    command.on = (uint8_t)(slot + 1);
    return command;
}
/* The command with the player's yes to the rules' question */
static inline Command cmd_yes(Command command)
{
    command.yes = 1;
    return command;
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

/* Carries out a command. False, with nothing changed, if the rules don't
 * take it now (run_allows: why, in the player's words; a question not
 * yet answered, run_asks). A command taken may still take no turn
 * (bumping a wall says so in the log). */
bool run_command(Run *run, Command command);

/* Whether the rules take the command now; if not, why, in the player's
 * words, into why ("" where there's nothing to say: the run is over, a
 * slot holds nothing, a part out of range). A choice still being gathered
 * is judged as far as it goes: a throw without its cell by its missile,
 * so the screen gathering it can say at once what the rules would (and
 * run_command itself takes only a choice whole). why may be NULL */
bool run_allows(const Run *run, Command command, char *why, size_t size);

/* The question the rules ask before the command, if they ask one: a step
 * onto a trap the player knows of ("Step onto the dart trap? (y or n)"),
 * going down with the floor's Amulet still on it. The command is taken
 * only with its yes (cmd_yes); false for a command asked nothing, or
 * given its yes already. question may be NULL */
bool run_asks(const Run *run, Command command, char *question, size_t size);

/* What using the pack's slot needs besides the slot, as the player knows
 * it: nothing (a potion, a scroll that does its work, a weapon or armor:
 * CMD_USE slot), a cell (a known scroll of lightning or fireball: CMD_USE
 * at it), a slot to identify (a known scroll of identify while something
 * carried is unknown: cmd_on), or a cell to throw it at (a missile:
 * CMD_THROW). An unknown potion or scroll needs nothing: read, one that
 * turns out to need a cell or a slot is learnt, and asks it then */
typedef enum UseNeeds { USE_AS_IS, USE_AT_CELL, USE_ON_SLOT, USE_THROWN } UseNeeds;
UseNeeds run_use_needs(const Run *run, int slot);

/* Adds a line to the log on a frontend's behalf, such as why a save
 * failed. It's talk only: nothing a save holds changes. */
void run_tell(Run *run, const char *text);
/* The same, as the answer to a key the player pressed that the rules
 * didn't take (a dialog's words, why a choice is refused): what was said
 * before it has been read, as before a command. Talk only too */
void run_answer(Run *run, const char *text);

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

/* ---- A save of version 5 or 6 (savechoice.c) ----------------------- */

/* What a save of version 5 or 6 waited for: those versions' rules held
 * the screens that gather a choice (the pack, closing a door, a question,
 * Esc's menu, aiming) as the run's mode, and a save was left on any of
 * them. Read back, a scroll already read there (the choice of identify's,
 * the aim of lightning's or fireball's) is back at its letter, unspent,
 * and the play layer opens the same screen. The names are those saves'.
 * screen is NULL for a run that was playing, and for any later save */
typedef struct SavedChoice {
    const char *screen;     /* "inventory", "closing", "confirming", "menu"
                               or "aiming" */
    const char *purpose;    /* the pack's ("use", "drop", "identify",
                               "throw", "quiver"), the question's ("step",
                               "descend") or the aim's ("fire", "throw",
                               "lightning", "fireball"); NULL for none */
    int dir;                /* the step asked about */
    int slot;               /* the scroll read (identify's, one aimed) or
                               the missile aimed, or -1 */
} SavedChoice;
SavedChoice run_saved_choice(const Run *run);

/* ---- Aiming and shooting (shot.c) ----------------------------------- */

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

/* The plan for an aimed choice (a throw, a shot, a scroll of lightning or
 * fireball read, at its cell), as the player knows the floor: it stops
 * only at walls and doors known, and at monsters in sight (a monster out
 * of sight still stops the shot itself). False (and an empty plan) if the
 * command aims nothing the rules would let fly (run_allows, bar the cell
 * itself being out of sight or range), or at the player's own cell */
bool run_plan_shot(const Run *run, Command aimed, ShotPlan *out);
/* The missile or scroll kind an aimed choice lets fly, or -1 */
int run_aimed_kind(const Run *run, Command aimed);
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
