/* Auto-explore, travel and rest (the book's ch23): given a run, the next
 * ordinary command toward the nearest unexplored place or item (a step,
 * a bump that opens a door, a pick-up, a search), toward a chosen cell, or
 * to rest (a wait, which says nothing); or a stop, with its reason and what to tell the player. Every
 * command is one a player could type, so a run explored this way replays,
 * saves and digests exactly as the same commands typed.
 *
 * It reads only what the player knows: known.h's terrain, the memory's
 * items, the traps found, the monsters in sight (never one out of it),
 * and the player's own state. Unexplored cells and known traps are never
 * walked onto; a secret door is a wall until found.
 *
 * The stops: a monster that could harm the player now comes into view,
 * or is in view at the start ("Not with the kobold in view."; heed.h
 * says which let them be: one that does no harm, one that can't move
 * and isn't beside the player, one fleeing and not beside them, one
 * asleep and far off); the player is hurt (resting, the tick of a
 * status it rests off isn't a hurt) or a status begins; an item is seen
 * that exploring won't take (what it takes it walks to without a stop);
 * a trap or a secret door is found; the stairs are seen (exploring); the
 * pack is too full for an item stood on; a monster in sight that lets
 * the going be is in its way with no way round it the player knows
 * ("The shrieker is in the way.": a way goes round one while it can);
 * and the floor is explored:
 * "Explored. The stairs are N steps away." or "There is nothing left to
 * explore." (a magic-mapped floor is explored). Exploring an explored
 * floor searches its likely walls (dead ends first, then walls with
 * unexplored rock behind, then any wall) a few turns at a time, and
 * says so; once every wall has been searched EXPLORE_SEARCH_MOST times,
 * "There is nothing left to explore or search.", and the next o begins
 * the round again (a secret door may be missed every time).
 *
 * Exploring takes gold and the Amulets, and the classes of item in the
 * caller's take (the autopickup option: heed.h); missiles only with no
 * monster in view that could harm the player now (a harmless one, or one
 * asleep far off, doesn't stop the fetching, as it doesn't stop the
 * going). It leaves alone what the player dropped where they stand as
 * they press o, and what the run refused (a full pack). Travel
 * stops for no gold (walking onto gold takes it).
 *
 * An Explorer is a plain value the caller keeps between commands; it
 * remembers, for the floor it is on, the items already stopped for, the
 * ones not to go for, the walls searched, and what the player carried
 * and stood on at the last command it gave or stop it made. */
#ifndef AMULETS_EXPLORE_H
#define AMULETS_EXPLORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "records.h"
#include "run.h"
#include "schema.h"

typedef enum ExploreKind { EXPLORE_FLOOR, EXPLORE_TRAVEL, EXPLORE_REST } ExploreKind;

typedef enum ExploreStop {
    EXPLORE_GO,           /* not a stop: the command is the next */
    EXPLORE_NOT_PLAYING,  /* the run isn't waiting for a command of play */
    EXPLORE_MONSTER,      /* "Not with the jackal in view." (or the run said
                             why: "A jackal comes into view.") */
    EXPLORE_HURT,         /* "You stop: you are hurt." */
    EXPLORE_STATUS,       /* "You stop: you are poisoned." */
    EXPLORE_TRAP,         /* a trap found or sprung (the run said so) */
    EXPLORE_SECRET_DOOR,  /* a secret door found (the run said so) */
    EXPLORE_ITEM,         /* "You see a crimson potion." */
    EXPLORE_STAIRS,       /* "You see the stairs down." */
    EXPLORE_PACK_FULL,    /* "Your pack is full." */
    EXPLORE_EXPLORED,     /* "Explored. The stairs are N steps away." */
    EXPLORE_SEARCHED,     /* a few turns of searching, without a find */
    EXPLORE_ARRIVED,      /* travel's end */
    EXPLORE_NO_WAY,       /* "You don't know a way there." */
    EXPLORE_RESTED,       /* "You are rested." */
    EXPLORE_LONG,         /* too many commands in one go */
    EXPLORE_STOP_COUNT
} ExploreStop;

/* Turns searched at a likely wall each time, and in all in a round of
 * the floor's walls */
enum { EXPLORE_SEARCH_TURNS = 5, EXPLORE_SEARCH_MOST = 15, EXPLORE_MOST_COMMANDS = 2000 };

typedef struct Explorer {
    ExploreKind kind;
    Point target;              /* travel's */
    bool going;                /* between explore_start and a stop */
    bool heedless;             /* a bot's choice: a monster in view doesn't stop it */
    bool over_traps;           /* a bot's choice: known traps may be crossed
                                  (bar those that move the player) */
    unsigned take;             /* the caller's choice of what exploring picks
                                  up (heed.h's HEED_TAKE_*); explore_start
                                  sets HEED_TAKE_DEFAULT */
    /* the floor the marks are for */
    int depth, arrivals;
    bool marked;
    /* as at the last command, to see what changed */
    int hp;
    Statuses status;
    int known_traps;
    int known_doors;           /* beside the player: one more after a search is found */
    bool stairs_known;
    bool searched_last;        /* the last command was a search */
    bool picked_last;          /* the last command was a pick-up */
    int commands;              /* given since the start */
    bool told_explored;        /* the floor was said to be explored */
    int search_left;           /* turns still to search where the player is */
    Point under_at;            /* where the player stood, */
    Stack under;               /* and the item known there (count 0: none) */
    int16_t carried[MAX_ITEM_KINDS];   /* how many of each kind the pack held */
    uint8_t noticed[MAP_CELLS];   /* items already stopped for */
    uint8_t skipped[MAP_CELLS];   /* items not to walk to: dropped, or refused */
    uint8_t searched[MAP_CELLS];  /* turns each wall was searched from beside it */
} Explorer;

/* The explorer in a save, as an [explorer] record (the play layer's,
 * beside the run's: resume.h), so a continued run's next o, G or Z does
 * what the straight run's would: every field, its marks only while
 * they're for the run's floor. explore_save.c lists the fields once, in
 * this record's schema (schema.h), with the save's version each came in:
 * a field added to Explorer belongs in its table. Its values are named
 * by the run's GameData. */
extern const SchemaRecord EXPLORE_RECORD;
void explore_write(const Explorer *explorer, const Run *run, SchemaOut *out);
/* Reads one back for the run from a save of this version, each mistake
 * reported through fields */
void explore_read(Explorer *explorer, const Run *run, Fields *fields, int version);

/* Starts exploring, travelling to target (travel only), or resting */
void explore_start(Explorer *explorer, const Run *run, ExploreKind kind, Point target);

/* The next command, EXPLORE_GO; or a stop, with what to tell the player
 * in message ("" when the run has said it). A stop ends the going. */
ExploreStop explore_next(Explorer *explorer, const Run *run, Command *out, char *message,
                         size_t size);

/* The known stairs, if the player has seen them */
bool explore_known_stairs(const Run *run, Point *out);

/* The first step of the shortest way the player knows to a cell (through
 * known ground and doors, round known traps unless over_traps): its
 * direction, or -1 if they know none. With no stops: for a bot closing in
 * on a monster, or with no other way on. Even over_traps, a way never
 * crosses a trap that moves the player (a teleport trap, a trapdoor),
 * for they never come out the other side; but it may end on one, as the
 * target, when that is the way on */
int explore_step_toward(const Run *run, Point target, bool over_traps);

/* The map with a border all round, as the searches read it */
enum { EXPLORE_PAD_CELLS = (MAP_W + 2) * (MAP_H + 2) };

/* A way to one cell kept between commands: every cell's steps to it over
 * the ground the player knows, and the knowledge they were worked out
 * from. While the player knows the floor as they did, the next step
 * costs only a look */
typedef struct ExploreRoute {
    bool made;
    Point target;
    bool over_traps;
    uint8_t known[EXPLORE_PAD_CELLS];   /* the terrain as the player knew it */
    int32_t steps[EXPLORE_PAD_CELLS];   /* to the target, by padded cell */
} ExploreRoute;

/* A first step of a shortest way the player knows to a cell, over the
 * same ground as explore_step_toward: downhill on every cell's steps to
 * it, the first in compass order on a tie; or -1. With a route (not
 * NULL), the steps are kept there and used again while the player knows
 * the floor as before: the same step with a route or without. For a bot
 * walking to the stairs */
int explore_step_along(const Run *run, Point target, bool over_traps, ExploreRoute *route);

/* A monster in sight, as the player sees it (heed_monsters_in_view lists
 * them, nearest first) */
typedef struct SeenMonster {
    int index;             /* into the level's monsters, while in sight */
    int kind;
    Point pos;
    MonsterState state;
    int distance;          /* in steps, as the crow flies (chebyshev) */
} SeenMonster;

#endif
