/* A run's ending, recorded exactly once. When a run ends (death, victory)
 * everything its records need is made first and kept whole as ended.txt
 * (the mark that the run is over): its recording, its morgue record, its
 * high-score entry, and the names they take in runs/ and morgue/. Then the
 * records are written, each so that doing it again finds it done (the same
 * names, the same bytes; the high scores keyed by the run), then the save,
 * its recording and its journal go, and ended.txt last. A game stopped
 * anywhere on the way (a kill -9, a crash, a full disk) leaves ended.txt,
 * and the next start finishes the ending before anything else, and says
 * so: the run is on the records once, and never continued.
 *
 *   # The end of a run, kept until its records are written
 *   [ended]                      (ending.c's FIELDS)
 *   version = 1
 *   run = 0123456789abcdef       the run's key: its recording's hash
 *   turn = 123                   when and where it ended
 *   floor = 3
 *   how = Killed by a jackal     for the player's messages
 *   recording = runs/000012-seed-5-floor-3-dead.txt   (left out if not
 *   morgue = morgue/000012-seed-5-floor-3-dead.txt     named yet)
 *   recording_text =             the files' texts, a line a row between bars
 *   ||...|
 *   morgue_text =
 *   ||...|
 *   [score]                      its entry (scores.h), if it goes on them
 *   ...
 *
 * Nothing ended.txt says is used as a path outside the store: its names
 * must be store names in runs/ and morgue/. */
#ifndef AMULETS_ENDING_H
#define AMULETS_ENDING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "errors.h"
#include "scores.h"
#include "slot.h"


enum { ENDING_V1_FIRST = 1, ENDING_VERSION = ENDING_V1_FIRST, ENDING_HOW_SIZE = 160 };

typedef struct Ending {
    int version;                             /* the file's (written: ENDING_VERSION) */
    uint64_t key;
    int turn, floor;
    char how[ENDING_HOW_SIZE];               /* "Killed by a jackal", "Won" */
    char recording_name[STORE_NAME_SIZE];    /* "" if not named yet */
    char morgue_name[STORE_NAME_SIZE];
    char *recording, *morgue;                /* their texts (NULL: none: the
                                                recording was lost) */
    size_t recording_length, morgue_length;
    bool scored;                             /* it goes on the high scores */
    Score score;
} Ending;

/* What a step told the player: one line (no newline) a call */
typedef void (*EndingTell)(void *context, const char *line);

/* Writes ended.txt whole; false with the player's words in error */
bool ending_mark(const Slot *slot, const Ending *ending, char *error, size_t error_size);

/* What came of finishing */
typedef struct EndingDone {
    bool records;       /* the recording, the morgue record and the score are kept */
    bool save_gone;     /* the save is gone, or marked over */
    bool finished;      /* and ended.txt is gone: nothing more to do */
    char morgue_path[SLOT_PATH_SIZE + STORE_NAME_SIZE];   /* where it is ("" if not) */
    char recording_path[SLOT_PATH_SIZE + STORE_NAME_SIZE];
} EndingDone;

/* Where the ending is kept while its records are written: in ended.txt
 * (ending_mark), or only in the run's journal (ended.txt couldn't be
 * written, but the journal holds the event that ended the run: starting
 * again plays it and ends the run again), or nowhere */
typedef enum EndingKept { ENDING_MARKED, ENDING_IN_JOURNAL, ENDING_UNKEPT } EndingKept;

/* Writes the records, removes the save, its recording and its journal,
 * and then ended.txt if all went well; each step tells what went wrong
 * (and what came of the high scores) through tell. A text without its
 * name (runs/ couldn't be read when the run ended) is named now, and
 * ended.txt written again with the name before the file is. An ending
 * kept only in the journal whose records couldn't be written leaves the
 * save and its journal, so the next start ends the run again; one kept
 * nowhere ends the save anyway (a run that ended is never continued) */
void ending_finish(const Slot *slot, Ending *ending, EndingKept kept, EndingTell tell, void *context,
                   EndingDone *done);

typedef enum EndingFound { ENDING_NONE, ENDING_FOUND, ENDING_DAMAGED, ENDING_UNREADABLE } EndingFound;

/* Reads ended.txt; the reasons it can't be used go to errors as
 * "ended.txt:LINE: ..." */
EndingFound ending_read(const Slot *slot, Ending *out, Errors *errors);

/* ended.txt's text, without the store's mark (for the caller to free;
 * NULL if out of memory), and read back from such a text: ENDING_FOUND
 * or ENDING_DAMAGED */
char *ending_text(const Ending *ending, size_t *length);
EndingFound ending_parse(const char *text, size_t length, Ending *out, Errors *errors);
/* Its schema (schema.h): [ended] and its run's [score] (scores.h's),
 * every field with the version it came in */
const Schema *ending_schema(void);

/* Finishes an ending a game left (ended.txt) at the start: the lines for
 * the player go through tell. ENDING_NONE if there was none; otherwise
 * *finished says whether it's done (if not, the save is never continued:
 * it belongs to a run that ended) */
EndingFound ending_finish_left(const Slot *slot, EndingTell tell, void *context, bool *finished);

/* True if an ending waits to be finished (ended.txt is there): the save
 * beside it is the ended run's, never to be continued */
bool ending_left(const Slot *slot);

void ending_free(Ending *ending);

#endif
