/* The test bot (the book's ch27): plays a run through ordinary commands,
 * seeing only what a player sees. It explores (explore.h), fights or
 * falls back to the stairs by its health, shoots and throws missiles,
 * reads bolt scrolls at monsters, tries unknown potions and scrolls when
 * it is safe, heals when it must, wields and wears the best it has,
 * searches for secret doors when a floor seems to have no way on (or when
 * the stairs say an Amulet is still here), picks up Amulets and descends.
 * An archer that steps back from it it chases (stepping back, it doesn't
 * shoot), then waits for out of its sight round a corner (cover.h), and
 * at last lets be; it never rests where a monster that could harm it
 * can see it.
 *
 * What it may read is the player's: its own state (run_player, the pack,
 * run_kind_known), the data's tables, the log, and the floor only through
 * the play layer's known.h and explore.h. bot_sees.h, which every bot
 * file includes, poisons the run's floor queries (run_level and the
 * level's lookups), so a bot that read a hidden monster, trap or secret
 * door wouldn't compile; tests/test_bot.c checks two floors that look
 * the same but hide different things get the same first command.
 *
 * The same run and the same bot state give the same command: the bot has
 * no dice of its own. */
#ifndef AMULETS_BOT_H
#define AMULETS_BOT_H

#include <stdbool.h>

#include "explore.h"
#include "run.h"

typedef struct Bot {
    Explorer explorer;
    int read_slot;               /* the slot of a potion or scroll just used as
                                  it was (an unknown scroll may turn out to
                                  need a cell or a slot), or -1 */
    Point aim;                   /* where the next aim goes */
    int depth;                   /* the arrival (run_arrivals) the floor's marks are for */
    int floor_searches;          /* turns searched on this floor since explored */
    bool explored;               /* the floor said it was explored */
    bool amulet_here;            /* the stairs asked about this floor's Amulet */
    bool nothing_left;           /* nothing more to explore or search */
    int items_used;              /* potions drunk and scrolls read */
    int kited;                   /* fight commands in a row a monster kept off */
    int heedless_until;          /* the turn till which monsters kept off are let be, */
    int archers_let_be_until;    /* and archers */
    int cover_until;             /* the turn till which it keeps out of archers' sight */
    int archer_give_ups;         /* on this floor, archers it gave up chasing */
    bool over_traps;             /* on this floor, known traps may be crossed */
    bool trap_step;              /* the step asked about is meant: onto a known trap */
    int leaps;                   /* on this floor, traps stepped onto that move it
                                    (a teleport trap, a trapdoor), as the only way on */
    bool lost;                   /* nothing left to explore or search, and no
                                    way on: it only waits */
    bool fled;                   /* its last way down was running from a monster */
    int gear_turn;               /* the turn it last changed gear, + 1 (0: never) */
    int hand_until;              /* the turn till which a hand weapon taken up beside a
                                    monster is kept, not changed back for a launcher */
    ExploreRoute route;          /* the way to the stairs, kept */
    Point chase;                 /* where a monster was last seen, */
    int chasing;                 /* for this many more commands */
} Bot;

void bot_start(Bot *bot);

/* The bot's next choice for the run, made whole (the questions the rules
 * ask answered in it: cmd_yes). False if the run is over (dead or won) */
bool bot_next(Bot *bot, const Run *run, Command *out);

#endif
