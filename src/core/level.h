/* One floor of the dungeon as the rules keep it: its depth, its map, and
 * the monsters, items and traps on it. Only the floor the player is on is
 * ever kept, since the way down is one way. */
#ifndef AMULETS_LEVEL_H
#define AMULETS_LEVEL_H

#include <stdbool.h>

#include "data.h"
#include "map.h"

enum { MAX_MONSTERS = 96, MAX_FLOOR_ITEMS = 128, MAX_TRAPS = 48 };

/* Every state a monster is in, once, with its name (a save's, the
 * panel's): the enum and describe.c's names are made from this list, and
 * every switch over a state names each one (no default; -Werror=switch),
 * so a state one of them misses doesn't compile (tests/tables.sh adds
 * one to see) */
#define MONSTER_STATES(X) \
    X(ASLEEP,    "asleep")    \
    X(WANDERING, "wandering") \
    X(HUNTING,   "hunting")   \
    X(FLEEING,   "fleeing")
#define LEVEL_STATE_ENUM(id, name) MS_##id,
typedef enum MonsterState { MONSTER_STATES(LEVEL_STATE_ENUM) MS_COUNT } MonsterState;
#undef LEVEL_STATE_ENUM

/* Counts of turns left; each ticks down at the end of a turn */
typedef struct Statuses {
    int poisoned, regenerating, confused, afraid;
} Statuses;

typedef struct Monster {
    int kind;                 /* index into GameData.monsters */
    Point pos;
    int hp;                   /* its most and its defense are its kind's */
    MonsterState state;
    bool has_target;          /* where a wanderer is heading */
    Point target;
    bool has_last_seen;       /* where a hunter last saw the player */
    Point last_seen;
    int search_turns;         /* hunting, turns spent searching where it lost
                                 them; wandering, turns it couldn't get nearer
                                 its target */
    int pack_id;              /* 0 for none; a pack sleeps and wakes together */
    Statuses status;
    int last_shriek;          /* the turn a shrieker last shrieked, or -1 */
    int last_breath;          /* the turn a fire-breather last breathed, or -1 */
    bool targeted;            /* the player's last target (not saved: a
                                 target cursor's first choice) */
    bool in_view;             /* in sight when the last command ended (not
                                 saved: what "comes into view" is told by) */
    bool sighted;             /* the player has seen it, last at sighted_at */
    Point sighted_at;         /* (memory.c keeps these two) */
    unsigned id;              /* its own number on the floor, from 1, which
                                 no other has (lvl_add_monster gives it; not
                                 saved: what a message is about) */
} Monster;

/* Some items of one kind: a stack in the pack, or a pile of gold */
typedef struct Stack {
    int kind;                 /* index into GameData.items */
    int count;
} Stack;

typedef struct FloorItem {
    Point pos;
    Stack stack;
    bool seen;                /* the player has seen it there */
} FloorItem;

/* Every kind of trap, once, with everything about it: the enum and
 * level.c's table (trap_def) are made from this list, and every switch
 * over a kind (what springing it does, player.c) names each one, so a
 * kind one of them misses doesn't compile (tests/tables.sh adds one to
 * see). The columns: its id in a save; its name in messages; its colour;
 * whether it moves who springs it elsewhere. The kinds that stay come
 * first and the trapdoor last (gen.c leaves it off floors it can't be on) */
#define TRAPS(X) \
    /* id             save id          name              colour          moves */ \
    X(DART,           "dart",          "dart trap",      200, 200, 215,  false)   \
    X(POISON_NEEDLE,  "poison_needle", "poison needle",  130, 205, 70,   false)   \
    X(ALARM,          "alarm",         "alarm trap",     240, 205, 70,   false)   \
    X(TELEPORT,       "teleport",      "teleport trap",  175, 120, 240,  true)    \
    X(TRAPDOOR,       "trapdoor",      "trapdoor",       180, 125, 75,   true)
#define LEVEL_TRAP_ENUM(id, ...) TRAP_##id,
typedef enum TrapKind { TRAPS(LEVEL_TRAP_ENUM) TRAP_COUNT } TrapKind;
#undef LEVEL_TRAP_ENUM

typedef struct TrapDef {
    const char *id;           /* its name in a save */
    const char *name;         /* its name in messages */
    Color color;
    bool moves;               /* it takes who springs it elsewhere (teleport,
                                 trapdoor): never a way across it */
} TrapDef;

typedef struct Trap {
    Point pos;
    TrapKind kind;
    bool known;               /* found, or sprung */
} Trap;

typedef struct Level {
    int depth;                /* 1 for the first floor */
    Map map;
    Monster monsters[MAX_MONSTERS];
    int monster_count;
    unsigned monsters_added;  /* the last monster's id (not saved) */
    FloorItem items[MAX_FLOOR_ITEMS];
    int item_count;
    Trap traps[MAX_TRAPS];
    int trap_count;
    bool has_stairs;          /* every floor but the last */
    Point stairs;
    bool has_vault;           /* kept while the floor is made, so nothing */
    Rect vault;               /* else lands in it; not saved */
    int vault_index;          /* which of GameData.vaults it is, or -1; not saved */
} Level;

const TrapDef *trap_def(TrapKind kind);
/* A trap kind by its id, or -1 */
int trap_kind_by_id(const char *id);

/* The index of what stands or lies on a cell, or -1 */
int lvl_monster_at(const Level *level, Point pos);
int lvl_item_at(const Level *level, Point pos);
int lvl_trap_at(const Level *level, Point pos);

/* Adding fails (returns false) only when the floor's list is full; a
 * monster added gets the next id */
bool lvl_add_monster(Level *level, const Monster *monster);
bool lvl_add_item(Level *level, const FloorItem *item);
bool lvl_add_trap(Level *level, const Trap *trap);

/* Removing keeps the others in their order */
void lvl_remove_monster(Level *level, int index);
void lvl_remove_item(Level *level, int index);

bool lvl_in_vault(const Level *level, Point pos);

#endif
