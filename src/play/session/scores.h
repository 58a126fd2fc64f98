/* The high scores: the best SCORES_KEPT runs that ended, kept in the save
 * folder as scores.txt, in the records format (records.h), written whole
 * or not at all (file.h) as the save is:
 *
 *   # The high scores of Amulets of SDL, best first
 *   [scores]
 *   version = 2
 *
 *   [score]
 *   class = Fighter          the class's name, as the run showed it
 *   outcome = dead           or won
 *   cause = a jackal         what killed a run that died
 *   floor = 3                the floor it ended on
 *   amulets = 0
 *   gold = 45
 *   turns = 123
 *   seed = 38
 *   date = 2026-12-01 11:00  when it ended (UTC); left out if not known
 *   run = 0123456789abcdef   the run's key (its recording's hash), so an
 *                            ending finished again enters it once; left
 *                            out in tables of version 1
 *
 * Best first: a win before a death, then more Amulets, then a deeper
 * floor, then more gold, then fewer turns; between runs equal in all of
 * those, the one that ended first stays ahead. A run in which a debugging
 * view was used (run_debugged) never enters.
 *
 * Damage never stops the game: a scores.txt that isn't a table of this
 * kind, sorted and at most SCORES_KEPT long, is set aside as scores.bad
 * (an earlier scores.bad moves along to scores.1.bad, up to scores.4.bad)
 * with the reasons told, and a new table begins; one that can't be read
 * at all (a folder, permissions) is left where it is, and so is one from
 * a later version, and neither is written over. */
#ifndef AMULETS_SCORES_H
#define AMULETS_SCORES_H

#include <stdbool.h>
#include <stdint.h>

#include <stdio.h>

#include "records.h"
#include "run.h"
#include "schema.h"
#include "slot.h"

enum {
    SCORES_KEPT = 100,
    /* 1: the first; 2: the table begins with the head and ends with the
     * mark (store.h), and one without them is damaged; its entries may
     * hold their run's key */
    SCORES_V1_FIRST = 1,
    SCORES_V2_MARKED = 2,
    SCORES_VERSION = SCORES_V2_MARKED,
    SCORES_OLDEST_VERSION = SCORES_V1_FIRST,
    SCORES_DATE_SIZE = 17,        /* "2026-12-01 11:00" */
    SCORES_MESSAGE_SIZE = SLOT_ERROR_SIZE + 128,
};

typedef struct Score {
    char class_name[NAME_SIZE];
    bool won;
    char cause[NAME_SIZE + 32];   /* "a jackal"; "" for a win */
    int floor, amulets, gold, turns;
    uint64_t seed;
    char date[SCORES_DATE_SIZE];  /* "" if not known */
    uint64_t key;                 /* the run's key; 0 if not known */
} Score;

typedef struct ScoreTable {
    Score entries[SCORES_KEPT];   /* best first */
    int count;
} ScoreTable;

/* "2026-12-01 11:00" (UTC) for seconds since 1970; "" for a time < 0 */
void scores_format_date(long long now, char out[SCORES_DATE_SIZE]);

/* A run that ended, as the table holds it; now as scores_format_date */
void scores_from_run(const Run *run, long long now, Score *out);

/* True if a is a better run than b, in the table's order */
bool scores_better(const Score *a, const Score *b);

/* Puts a score in its place (after every one at least as good), the
 * worst dropping off past SCORES_KEPT. Its place, 0 the best, or -1 if
 * it isn't good enough to enter */
int scores_insert(ScoreTable *table, const Score *score);

/* The table's text, for the caller to free; NULL if out of memory */
char *scores_text(const ScoreTable *table, size_t *length);

typedef enum ScoresRead {
    SCORES_READ_OK,
    SCORES_READ_NONE,             /* no scores.txt: an empty table */
    SCORES_READ_DAMAGED,          /* set aside, if it could be */
    SCORES_READ_UNREADABLE,       /* left as it is */
    SCORES_READ_OTHER_VERSION,    /* left as it is */
} ScoresRead;

/* Reads a table's text (any bytes): SCORES_READ_OK with *out filled, or
 * DAMAGED or OTHER_VERSION with each reason in errors as
 * "scores.txt:LINE: what's wrong" and *out empty */
ScoresRead scores_parse(const char *text, size_t length, ScoreTable *out, Errors *errors);

/* What came of reading the folder's table */
typedef struct ScoresLoad {
    ScoresRead result;
    bool set_aside;               /* a damaged table became scores.bad */
    char message[SCORES_MESSAGE_SIZE];   /* for the player, "" if all's well */
} ScoresLoad;

/* Reads scores.txt into *out (empty unless it's good), setting a damaged
 * one aside */
void scores_load(const Slot *slot, ScoreTable *out, ScoresLoad *load);

/* One entry, a [score] record (the ending's file keeps its run's entry
 * so), written from and read into a Score: every field with the
 * table's version it came in (schema.h) */
extern const SchemaRecord SCORES_ENTRY;
/* Reads one of a table of this version, each mistake reported by fields */
void scores_read_entry(Fields *fields, int version, Score *out);
/* The table's schema: [scores], its head, and [score] */
const Schema *scores_schema(void);

typedef enum ScoresEnter {
    SCORES_ENTERED,               /* in the table, and the table written */
    SCORES_NOT_GOOD_ENOUGH,
    SCORES_DEBUGGED,              /* a debugging view was used: never entered */
    SCORES_NOT_WRITTEN,           /* the table couldn't be read or written */
    SCORES_ALREADY,               /* its key was in the table already */
} ScoresEnter;

/* The run that ended enters the folder's table if it's good enough; the
 * table is read (a damaged one set aside), the run put in its place and
 * the table written whole. message gets the player's words for what
 * came of it ("The run is number 3 of the high scores."; a damaged table
 * set aside; why it isn't there), a line or two split by '\n', or ""
 * when there's nothing to say */
ScoresEnter scores_enter(const Slot *slot, const Run *run, long long now, char *message,
                         size_t message_size);
/* The same for an entry made already (scores_from_run, its key set): an
 * entry with its key in the table already is never entered again */
ScoresEnter scores_enter_entry(const Slot *slot, const Score *score, char *message, size_t message_size);

/* The table as the title screen's H shows it */
typedef struct ScoresScreen {
    bool up;
    int first;                    /* the first entry shown */
    ScoreTable table;
    char message[SCORES_MESSAGE_SIZE];   /* why the table is empty, or "" */
} ScoresScreen;

/* Reads the folder's table (none if slot is NULL) and shows it */
void scores_show(ScoresScreen *screen, const Slot *slot);

#endif
