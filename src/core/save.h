/* The save: the run as text, in the same records as the data files, with
 * exactly what can't be worked out again (ch17, ch19, ch20); a choice
 * being gathered on a screen over the run is in the play layer's records.
 * The digest is a hash of the rules' records, so two runs with the same
 * digest would write the same save (but for the log and the records of
 * the layer above, below).
 *
 * From version 5 on a save may also carry records for the layer above
 * the rules (the play layer's screen, cursor and explorer's marks): the
 * rules neither make nor read them. save_write_with puts the caller's
 * records after the rules' and before the log; save_read_with leaves the
 * records of the caller's types for the caller to read from the same
 * text, where any other record it doesn't know is a mistake. */
#ifndef AMULETS_SAVE_H
#define AMULETS_SAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "errors.h"
#include "run.h"
#include "schema.h"

/* Raised whenever the format changes, so an old save is never misread;
 * every earlier version is still read. Each version's name says what it
 * brought; saveschema.c's tables have every field with its version.
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
 *      in their order); the run's mode and its choice, [run] mode = ...
 *      (left out while playing: savechoice.h); the monster last aimed
 *      at, [monster] targeted = yes; the layer above's records
 *   6  the pack opened to choose what's quivered, [run] pack_for = quiver
 *      (version 5 had no name for it: a run saved there couldn't be read
 *      back); the letter the weapon in hand and the armor worn were taken
 *      from, which each goes back to when taken off, [player]
 *      weapon_letter and armor_letter = a..t (left out for none: the
 *      kit's, or a save before version 6)
 *   7  the screens that gather a choice are the play layer's: [run] has
 *      no mode and no choice (read from versions 5 and 6 only:
 *      savechoice.h), and the play layer's [screen] holds its dialog */
enum SaveVersion {
    SAVE_V1_FIRST = 1,
    SAVE_V2_MEMORY = 2,
    SAVE_V3_CLASS = 3,
    SAVE_V4_LOG = 4,
    SAVE_V5_CHOICE = 5,
    SAVE_V6_HAND = 6,
    SAVE_V7_CHOICES = 7,
    SAVE_VERSION = SAVE_V7_CHOICES,   /* what this game writes */
};
enum { SAVE_LOG_MESSAGES = 300 };

/* The save's schema (schema.h): every record and field of the save, with
 * the version each came in, in the order written; saveschema.c declares
 * them. For the tests that change each field in turn */
const Schema *save_schema(void);

/* The save's text, NUL-terminated, for the caller to free; NULL if out of
 * memory. length (if not NULL) gets its length. */
char *save_write(const Run *run, size_t *length);

/* With the layer above's records (whole records, above_length bytes) */
char *save_write_with(const Run *run, const char *above, size_t above_length, size_t *length);

/* FNV-1a over the save's text, less the log and the layer above's
 * records: two runs alike in everything but what they were told have the
 * same digest */
uint64_t save_digest(const Run *run);
/* The same digest, of a save's text already written (with records of
 * above_types, NULL-terminated, or none) */
uint64_t save_digest_text(const char *text, size_t length, const char *const *above_types);

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
/* The same, leaving records of above_types (NULL-terminated) to the
 * caller in a save of version 5 on */
LoadResult save_read_with(const GameData *data, const char *text, size_t length,
                          const char *const *above_types, Run **out, Errors *errors);

#endif
