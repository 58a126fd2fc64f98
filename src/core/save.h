/* The save: the run as text, in the same records as the data files, with
 * exactly what can't be worked out again (ch17, ch19, ch20). The digest
 * is a hash of that text, so two runs with the same digest would write
 * the same save. */
#ifndef AMULETS_SAVE_H
#define AMULETS_SAVE_H

#include <stddef.h>
#include <stdint.h>

#include "errors.h"
#include "run.h"

/* Raised whenever the format changes, so an old save is never misread;
 * every earlier version is still read. What each added:
 *   2  what the player remembers (a version 1 save's memory is worked
 *      out from what was explored)
 *   3  the run's class, [run] class = ID (left out for a run of no
 *      class, as every run before version 3 was); the quiver, [player]
 *      quiver = ID; when each fire-breather last breathed, [monster]
 *      last_breath = TURN (left out: breath ready)
 *   4  the log's last SAVE_LOG_MESSAGES messages, [message] records at
 *      the end: talk, never in the digest; a run in which a debugging
 *      view was used, [run] debug = yes (left out for one that wasn't);
 *      the kills by kind, a [killed] record (kind = ID, count = N) for
 *      each kind killed
 *   5  each stack's letter, [carried] letter = a..t (letters stay put
 *      while a stack is carried: pack.h; before, the stacks were lettered
 *      in their order) */
enum { SAVE_VERSION = 5, SAVE_LOG_MESSAGES = 300 };

/* The save's text, NUL-terminated, for the caller to free; NULL if out of
 * memory. length (if not NULL) gets its length. */
char *save_write(const Run *run, size_t *length);

/* FNV-1a over the save's text, less the log at its end: two runs alike
 * in everything but what they were told have the same digest */
uint64_t save_digest(const Run *run);
/* The same digest, of a save's text already written */
uint64_t save_digest_text(const char *text, size_t length);

typedef enum LoadResult {
    LOAD_OK,
    LOAD_OTHER_VERSION,   /* fine, for the game that wrote it */
    LOAD_DAMAGED,         /* can't be used, for the reasons given */
} LoadResult;

/* Reads a save's text (any bytes, length long) into a new run, which
 * *out gets only if every value and every check passed; otherwise every
 * reason is added to errors as "save.txt:LINE: what's wrong" (or
 * "save.txt: what's wrong" for the save as a whole). data must be the
 * data the run was played with, loaded without mistakes. */
LoadResult save_read(const GameData *data, const char *text, size_t length, Run **out,
                     Errors *errors);

#endif
