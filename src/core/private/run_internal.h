/* What the run's own modules (run.c, act.c, use.c, save.c) share: the Run
 * itself and the steps of a turn. Nothing outside the rules includes it;
 * the frontends read a run through run.h. */
#ifndef AMULETS_RUN_INTERNAL_H
#define AMULETS_RUN_INTERNAL_H

#include "dmap.h"
#include "memory.h"
#include "rng.h"
#include "run.h"

/* Distance maps toward cells monsters walk to (a wanderer's target, the
 * cell a hunter last saw the player on), kept while the map stays as it
 * was. Each turn's map toward the player goes in too, since a hunter that
 * loses sight walks to where the player was. Purely a cache: it never
 * changes what happens */
enum { PATH_CACHE_SLOTS = 32 };
typedef struct PathCache {
    Point target[PATH_CACHE_SLOTS];
    unsigned version[PATH_CACHE_SLOTS];
    unsigned age[PATH_CACHE_SLOTS];
    int limit[PATH_CACHE_SLOTS];     /* how far each map was worked out */
    bool used[PATH_CACHE_SLOTS];
    unsigned clock;
    Dmap maps[PATH_CACHE_SLOTS];
} PathCache;

struct Run {
    /* What a save holds */
    const GameData *data;
    uint64_t seed;
    int turn;
    Rng rng;
    Level level;
    Player player;
    Ident ident;
    Mode mode;
    InvAction inv_action;
    ConfirmPurpose confirm;
    int pending_dir;          /* the step waiting for a yes */
    Memory memory;            /* what the player remembers of this floor */

    /* Talk, not state: never saved, never in the digest */
    MsgLog log;

    int arrivals;             /* floors arrived on since made or loaded */

    /* Worked out again from the rest whenever it's needed */
    int max_sight;            /* the keenest monster's sight */
    unsigned map_version;     /* goes up whenever terrain changes */
    bool maps_fresh;          /* to_player and from_player fit the map */
    unsigned char sees_far[MAP_CELLS];   /* FOV of radius max_sight */
    Dmap to_player;
    Dmap from_player;
    Dmap scratch;
    PathCache *paths;         /* its own block: big, and never copied */
};

/* run.c: the turn and what both the player and the monsters do */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void run_say(Run *run, const char *format, ...);
void run_update_sight(Run *run);
void run_terrain_changed(Run *run, Point cell, Terrain terrain);
void run_open_door(Run *run, Point door);
void run_make_noise(Run *run, Point origin, int loudness);
void run_teleport_player(Run *run);
/* Hurts the player; killer names what did it if it kills ("a jackal") */
void run_hurt_player(Run *run, int damage, const char *killer);
bool run_player_dead(const Run *run);
/* "a jackal", "an ogre" */
void run_with_article(const char *name, char *out, size_t size);
const MonsterDef *run_kind_of(const Run *run, const Monster *monster);
/* The monster's name for a message, "The jackal", capitalised */
void run_announce(Run *run, const Monster *monster, const char *what);
/* A distance map toward a cell, good at least as far as the cell from
 * which someone is walking there; from the cache when it's still good */
const Dmap *run_path_to(Run *run, Point target, Point from);
/* Makes the to_player and from_player maps fit the map and the player */
void run_refresh_maps(Run *run);

/* act.c: the monsters */
void act_monsters(Run *run);
bool act_sees_player(const Run *run, const Monster *monster);
/* Wakes a monster to hunt the player, or to go and see a noise */
void act_wake(Run *run, int index, bool to_hunt, Point noise);
/* The player strikes a monster; removes it if it dies */
void act_player_attacks(Run *run, int index);
void act_tick_statuses(Run *run);
/* Makes the monsters in sight afraid; returns how many took notice */
int act_frighten(Run *run);

/* use.c: the pack */
void use_item(Run *run, int slot);
void use_drop(Run *run, int slot);
void use_identify(Run *run, int slot);
void use_pick_up(Run *run);

/* A run just read from a save: works out what a save leaves out (sight,
 * maps, the keenest sight), and starts a fresh log that says where the
 * player is. False if out of memory */
bool run_restore(Run *run);

/* The turn is over: the monsters act, statuses tick, healing, death */
void run_finish_turn(Run *run);

#endif
