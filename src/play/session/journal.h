/* The run's journal: every event of play since the run's last save (or
 * since it began, before its first save), appended to journal.txt as it
 * is made, a line each, as a database appends to its write-ahead log. A
 * kill -9, a crash or a closed tab then loses at most the event being
 * made: starting again rebuilds the run from its save (or from its seed)
 * and the journal's events, played through the same input layer. Each
 * save starts the journal afresh, since the save holds all it said.
 *
 *   # The run's journal: a line for each key as you play (the game writes it)
 *   journal 1 save 0123456789abcdef data 89ab0123cdef4567 *1a2b3c4d
 *   settings keys 104 ... *5e6f7a8b
 *   k104 *0c1d2e3f
 *   a *...
 *   p12,5 *...
 *
 * The head says where the events start from: "save HASH" (the save whose
 * text, without its mark, hashes so) or "start SEED FLOOR CLASS" (the run
 * as its seed, floor and class make it, with nothing done yet), and the
 * data files' digest; then the input's settings (opaque here: its keys,
 * what o picks up), so the events mean what they meant. An event is a
 * letter and up to two numbers (input.h's: k a key, a an auto-explore
 * step, p a point, P the pointer off, c a click, l a leave, h a hide).
 *
 * Each line ends with " *" and eight hex digits, its check: the low 32
 * bits of the hash of the line before's check and this line's text. A
 * line cut short by a death mid-append (no newline) is dropped; a line
 * whose check is wrong ends the journal there (said to the player).
 *
 * Appends are flushed to the device at most every JOURNAL_SYNC_MS (and by
 * journal_flush when play idles), so a power cut loses at most the last
 * second or so of play; the head, written whole, is always flushed. */
#ifndef AMULETS_JOURNAL_H
#define AMULETS_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "errors.h"
#include "slot.h"

enum {
    JOURNAL_VERSION = 1,
    JOURNAL_SETTINGS_SIZE = 2048,   /* the input's settings line, at most */
    JOURNAL_MAX_EVENTS = 1000 * 1000,
    JOURNAL_LIMIT = 64 * 1024 * 1024,
    JOURNAL_SYNC_MS = 1000,
};

typedef enum JournalFrom { JOURNAL_FROM_START, JOURNAL_FROM_SAVE } JournalFrom;

/* Where the events start from */
typedef struct JournalBase {
    JournalFrom from;
    uint64_t save_hash;          /* from a save: its text's hash (slot.h) */
    uint64_t seed;               /* from the start: the run new from these */
    int floor;
    char class_id[ID_SIZE];      /* "" for a run of no class */
    uint64_t data_digest;        /* rep_data_digest of the data played with */
} JournalBase;

typedef struct JournalEvent {
    char kind;                   /* one of JOURNAL_KINDS */
    int a, b;
} JournalEvent;

/* The letters an event may be, and how many numbers each takes */
#define JOURNAL_KINDS "kapPclh"
int journal_kind_numbers(char kind);

/* What a journal on disk holds */
typedef struct JournalRead {
    JournalBase base;
    char settings[JOURNAL_SETTINGS_SIZE];
    JournalEvent *events;
    int count;
    uint64_t chain;              /* the last good line's check */
    bool torn;                   /* its last line was cut short (dropped) */
    int damaged_line;            /* the first bad line (the rest dropped), or 0 */
} JournalRead;

typedef struct Journal {
    const Slot *slot;            /* NULL: nothing is kept */
    JournalBase base;
    char settings[JOURNAL_SETTINGS_SIZE];
    bool begun;                  /* journal.txt holds this journal's head and
                                    every event below, and nothing else */
    uint64_t chain;              /* the last line's check */
    JournalEvent *events;        /* every event since the base, so a failed
                                    append is made good by a whole write */
    int count, capacity;
    uint64_t synced_ms;          /* when last flushed to the device */
    bool unsynced;               /* appends since then */
} Journal;

/* A journal kept in slot (NULL: none), starting from base, with no
 * events; nothing is written until the first event. settings may be NULL.
 * journal_free before starting it again, and at the end */
void journal_start(Journal *journal, const Slot *slot, const JournalBase *base, const char *settings);
void journal_free(Journal *journal);

/* Adds an event: appended, or if journal.txt isn't wholly this journal's
 * (none yet, another's, or an append failed part way) written whole.
 * False with the player's words in error if it couldn't be kept (it is
 * kept in memory, and goes with the next write that works) */
bool journal_add(Journal *journal, JournalEvent event, char *error, size_t error_size);

/* Writes journal.txt whole now: the head and every event (false with the
 * player's words in error) */
bool journal_write(Journal *journal, char *error, size_t error_size);

/* Takes up the journal read from disk as this one's, its events the
 * journal's own (read->events is moved, emptied): if all its lines were
 * good, appends go on after its last; else it's written whole at the next
 * event. False if out of memory */
void journal_take_up(Journal *journal, JournalRead *read);

/* Flushes appends to the device if any wait and the last flush was at
 * least JOURNAL_SYNC_MS ago (or at once, if now) */
void journal_flush(Journal *journal, bool now);

typedef enum JournalFound {
    JOURNAL_FOUND,               /* read: its events may be fewer than its lines
                                    (torn, damaged_line) */
    JOURNAL_MISSING,
    JOURNAL_BAD_HEAD,            /* not a journal this game reads */
    JOURNAL_UNREADABLE,          /* the system couldn't read it */
} JournalFound;

/* Reads journal.txt (any bytes); the reasons it isn't good go to errors
 * as "journal.txt:LINE: ...". journal_read_free after, whatever it says */
JournalFound journal_read(const Slot *slot, JournalRead *out, Errors *errors);
void journal_read_free(JournalRead *read);

/* True if two bases name the same start */
bool journal_same_base(const JournalBase *a, const JournalBase *b);

/* Deletes journal.txt (0, or an errno) */
int journal_remove(const Slot *slot);

#endif
