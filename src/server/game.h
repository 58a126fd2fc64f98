/* A live game on the server: the one loop (loop.h) over a run, fed one
 * event at a time (a key from the player's page, the loop's own timer
 * for auto-explore's steps), as the page's glue feeds it, with its files
 * in memory (store_mem.c's, behind a store of this module's that watches
 * the journal).
 *
 * Its events are the input's own journal (journal.h, durable.h): each
 * event the input notes while a run is in play is handed out by
 * game_step (GameNews), for the server to commit before it shows what
 * the event did. Those events, with the run's start (seed, floor, class,
 * the input's settings), are all the state a run has: game_rebuild
 * makes the game again from them through the same input, exactly as a
 * run is continued from its journal natively (durable.c's replay), with
 * no save and nothing rolled back. The saves and recordings the session
 * makes stay in the game's memory; a run's recording and morgue record
 * are handed out when it ends. */
#ifndef AMULETS_GAME_H
#define AMULETS_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "durable.h"
#include "loop.h"
#include "store.h"

/* What a step brought, for the database: valid until the next step */
typedef struct GameNews {
    bool new_run;               /* another run came into play (R at a run's
                                   end): its start is game->base and
                                   game->settings; events now are its */
    const JournalEvent *events; /* noted in this step, in order */
    int count;
    bool ended;                 /* the run ended in this step: */
    uint64_t digest;            /* its digest (amulets --digest's) */
    const char *recording;      /* its recording (runs/), and */
    size_t recording_length;
    const char *morgue;         /* its morgue record, or NULL */
    size_t morgue_length;
} GameNews;

/* The journal's file, kept here rather than in the memory store, so an
 * append costs its own bytes only */
typedef struct GameJournalFile {
    char *text;
    size_t length, size;
    bool exists;
} GameJournalFile;

typedef struct Game {
    const GameData *data;
    MemStore mem;
    Store store;                /* mem, the journal watched */
    GameJournalFile journal_file;
    Slot slot;
    Loop loop;
    bool open;                  /* the loop is open */
    JournalBase base;           /* where the run in play starts from */
    char settings[JOURNAL_SETTINGS_SIZE];
    const Run *run;             /* the run whose events are handed out */
    int journal_starts;         /* the session's journal as last seen */
    int journal_count;
    bool quiet;                 /* rebuilding: the journal's writes aren't news */
    bool end_told;
    JournalEvent *noted;        /* noted in the step */
    int noted_count, noted_capacity;
    bool failed;                /* out of memory noting: the game can't go on */
    char *recording, *morgue;   /* the ended run's, until the next step */
    size_t recording_length, morgue_length;
} Game;

/* A new run of class class_index (an index into data's classes) from
 * seed on floor; the next run (R at its end) starts from next_seed.
 * False if out of memory */
bool game_open(Game *game, const GameData *data, uint64_t seed, int floor, int class_index, uint64_t next_seed);

/* The run made again from its start and its events through the input (a
 * game_close'd or never opened game). False with why in errors (the
 * data's class is gone, a different data digest, out of memory) */
bool game_rebuild(Game *game, const GameData *data, const JournalBase *base, const char *settings,
                  const JournalEvent *events, int count, uint64_t next_seed, Errors *errors);

void game_close(Game *game);

/* One event, as loop_step takes it (NULL: the timer); news says what to
 * commit. The loop's answer as loop_step gives it */
LoopNext game_step(Game *game, const FrontEvent *event, GameNews *news);

/* The seed the run after this one starts from */
void game_next_seed(Game *game, uint64_t seed);

/* A run is in play (not its end's screen, not left) */
bool game_in_run(const Game *game);

#endif
