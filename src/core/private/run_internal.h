/* What the rules' own modules share: the Run itself and the steps of a
 * turn. Only src/core includes it (it is in core's private folder); the
 * rest of the game reads a run through run.h. */
#ifndef AMULETS_RUN_INTERNAL_H
#define AMULETS_RUN_INTERNAL_H

#include "dmap.h"
#include "memory.h"
#include "rng.h"
#include "run.h"

/* What a save of version 5 or 6 says the run waited for, as its [run]
 * has it (savechoice.h): the mode's name and its choice's, each an index
 * into that save's names (-1 unread), read and checked like any field */
typedef struct OldChoice {
    int mode, pack_for, question, step, aim, aim_kind, scroll_letter;
} OldChoice;

/* Searches toward cells monsters walk to (the player, a wanderer's
 * target, the cell a hunter last saw the player on), kept while the map
 * stays as it was, each spread as far as its walkers have needed. Purely
 * a cache: it never changes what happens (test_exact plays with and
 * without it) */
enum { PATH_CACHE_SLOTS = 32 };
_Static_assert(PATH_CACHE_SLOTS <= INT8_MAX, "a slot's number fits slot_of");
typedef struct PathCache {
    int pinned;               /* the slot the flee map reads, kept while it's fresh */
    int8_t slot_of[MAP_CELLS];   /* the slot last filled with a target on
                                    the map, to try first */
    Point target[PATH_CACHE_SLOTS];
    unsigned version[PATH_CACHE_SLOTS];
    unsigned age[PATH_CACHE_SLOTS];
    bool used[PATH_CACHE_SLOTS];
    unsigned clock;
    DmapSearch searches[PATH_CACHE_SLOTS];   /* last: not cleared */
} PathCache;

struct Run {
    /* What a save holds */
    const GameData *data;
    uint64_t seed;
    int class_index;          /* into data's classes, or RUN_NO_CLASS */
    bool debugged;            /* CMD_DEBUG: a debugging view was used */
    int turn;
    Rng rng;                  /* the play's dice (streams_play): every floor
                                 has dice of its own (gen_floor) */
    Level level;
    Player player;
    Ident ident;
    Mode mode;
    Memory memory;            /* what the player remembers of this floor */
    OldChoice old;            /* read from a save of version 5 or 6 only
                                 (savechoice.h): never written again */

    /* Talk, not state: never saved, never in the digest */
    MsgLog log;
    RunEvents events;         /* what the last command set flying */

    int arrivals;             /* floors arrived on since made or loaded */

    /* Worked out again from the rest whenever it's needed */
    int max_sight;            /* the keenest monster's sight */
    unsigned map_version;     /* goes up whenever terrain changes */
    bool maps_fresh;          /* fleeing fits the map and the player */
    unsigned char sees_far[MAP_CELLS];   /* FOV of radius max_sight */
    DmapFleeing fleeing;      /* the flee map from the player, made as far as asked */
    DmapTerrain terrain;      /* the map as the searches see it, */
    unsigned terrain_version; /* at this map version, */
    bool has_terrain;         /* once worked out */
    Dmap scratch, scratch_flee;
    PathCache *paths;         /* its own block: big, and never copied */

    /* How the rules work things out, never what happens: without caches
     * (run_debug_set_caching), every map and every sight is worked out
     * afresh each time it's used, which must come to the same run */
    bool bypass_caches;
};

/* What one of the player's actions took. Only the turn (turn.c) ends a
 * turn, as its action says */
typedef enum Took {
    TOOK_NO_TURN,     /* a bump, a question, a choice that waits */
    TOOK_TURN,        /* the monsters act, statuses tick, the player heals */
    TOOK_TURN_BELOW,  /* the turn ended on the floor below, by the stairs or
                         a fall: its monsters haven't noticed the player yet */
} Took;

/* The rules' modules call one another in one order, each only those
 * below it, so no two of them call each other (tests/cycles.sh checks
 * it): run.c (making a run, the queries) > turn.c (a command, the end of
 * a turn) > player.c (the player's actions) > use.c (the pack's) >
 * act.c (the monsters') > shot.c (aiming and flight) > world.c (what
 * all of them set going) > rules.c (the small shared pieces). Each
 * module's own functions are named for it; run_ is the public API
 * (run.h), never one of these. */

/* rules.c: the small pieces every part shares */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void rules_say(Run *run, const char *format, ...);
const MonsterDef *rules_kind_of(const Run *run, const Monster *monster);
/* A line about a monster: counted up with the newest only if that was
 * the same words about the same monster (msglog.h), and, if the player
 * sees it and it wasn't in view, after "A kobold comes into view." */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void rules_say_about(Run *run, Monster *monster, const char *format, ...);
/* The monster's name for a message, "The jackal", capitalised; said
 * only if the player sees it */
void rules_announce(Run *run, Monster *monster, const char *what);
/* "A kobold comes into view." if the player sees it and it wasn't in
 * view (DCSS's habit; the keys typed ahead are dropped), and its being
 * in view noted either way. True if it came */
bool rules_notice(Run *run, Monster *monster);
int rules_player_defense(const Run *run);
/* Not a potion or a scroll, or one whose look the player has learnt */
bool rules_kind_known(const Run *run, int kind);
int rules_keenest_sight(const GameData *data);
/* A command refused, why said (why may be NULL): false, always */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
bool rules_refuse(char *why, size_t size, const char *format, ...);

/* world.c: what both the player and the monsters set going */
/* An empty cache of paths, NULL if out of memory; and emptied again */
PathCache *world_new_paths(void);
void world_clear_paths(PathCache *cache);
void world_update_sight(Run *run);
void world_terrain_changed(Run *run, Point cell, Terrain terrain);
void world_open_door(Run *run, Point door);
void world_make_noise(Run *run, Point origin, int loudness);
void world_teleport_player(Run *run);
/* Hurts the player; killer names what did it if it kills ("a jackal") */
void world_hurt_player(Run *run, int damage, const char *killer);
bool world_player_dead(const Run *run);
/* A distance map toward a cell, good at least for a step downhill from
 * the cell from which someone is walking there: it has that cell's
 * distance and every nearer one */
const Dmap *world_path_to(Run *run, Point target, Point from);
/* The flee map from the player, as the floor and the player are now,
 * good at least for a step downhill from the cell from which someone
 * flees: it has that cell's value and every lower one */
const Dmap *world_map_from_player(Run *run, Point from);
/* A new floor at depth, the player on its way in, and their sight */
void world_make_floor(Run *run, int depth);
/* A run just read from a save: works out what a save leaves out (sight,
 * maps, the keenest sight), and starts a fresh log that says where the
 * player is. False if out of memory */
bool world_restore(Run *run);
/* Which monsters are in view, marked without a word (a run just made or
 * read back: what's in view is no news) */
void world_note_in_view(Run *run);
/* Wakes a monster to hunt the player, or to go and see a noise */
void world_wake(Run *run, int index, bool to_hunt, Point noise);
/* A monster takes damage: by the player's hand, one that dies is counted
 * and gone at once, one that lives wakes to hunt them; by anything else,
 * one that dies stays (at hp 0, acting no more) until the turn's end, so
 * the monsters' turn order holds. True if it died */
bool world_hurt_monster(Run *run, int index, int damage, bool by_player);
/* A dead monster taken off the floor, and what the player remembers of
 * it as they saw it die (mem_forget_dead) */
void world_remove_dead(Run *run, int index);

/* shot.c: aiming and shooting (run.h has the plan and the events). Each
 * _allows says whether its command is taken (run_allows), as far as the
 * command goes, with why in why (may be NULL) */
bool shot_allows(const Run *run, Command command, char *why, size_t size);
/* A cell aimed at that a shot can go to: not the player's own, in sight,
 * and for a missile or a fireball within range (range 0: a bolt's, which
 * is only how far it flies) */
bool shot_aim_allows(const Run *run, Point target, int range, char *why, size_t size);
Took shot_fire(Run *run, Point target);
Took shot_throw(Run *run, int slot, Point target);
Took shot_quiver(Run *run, int slot);
/* A scroll of lightning or fireball read (it has left the pack) at a cell */
Took shot_read_scroll(Run *run, ItemEffect effect, Point target);
/* A new player's quiver: the first missile of the kit they can let fly */
void shot_fill_quiver(Run *run);
/* A monster's turn at range: true if it shot or breathed */
bool shot_monster_shoots(Run *run, int index);
bool shot_monster_breathes(Run *run, int index);

/* act.c: the monsters */
void act_monsters(Run *run);
bool act_sees_player(const Run *run, const Monster *monster);
/* The player strikes a monster; removes it if it dies */
void act_player_attacks(Run *run, int index);
void act_tick_statuses(Run *run);
/* Makes the monsters in sight afraid; returns how many took notice */
int act_frighten(Run *run);

/* use.c: the pack's actions */
UseNeeds use_needs(const Run *run, int slot);
bool use_allows(const Run *run, Command command, char *why, size_t size);
Took use_item(Run *run, Command command);
Took use_drop(Run *run, int slot);
Took use_pick_up(Run *run);
/* "You pick up a dagger.", as one line with the "You see a dagger here."
 * the step onto it said, when that is the newest line */
void use_say_picked_up(Run *run, Stack stack);

/* player.c: the player's actions on the floor. A step onto a trap the
 * player knows of, and a descent leaving the floor's Amulet, are asked
 * about first (player_asks), and taken only with the yes */
bool player_asks(const Run *run, Command command, char *question, size_t size);
Took player_step(Run *run, int dir);
Took player_close_door(Run *run, int dir);
Took player_search(Run *run);
Took player_descend(Run *run);

#endif
