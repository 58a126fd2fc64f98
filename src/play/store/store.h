/* The store: every file the game keeps (the save and its recording,
 * runs/, morgue/, scores.txt, class.txt, options.txt, keys.txt), and the
 * lock that keeps a second copy of the game out, reached only through a
 * small table of functions, as Brogue's console is, so a frontend can
 * give its own (the web's) and the tests one that fails at any step.
 * Files are named within the store, never by a path: "save.txt", or one
 * folder down, "runs/000001-seed-5-floor-3-dead.txt";
 * a name with "..", a leading '/', or more than one '/' is refused.
 *
 * What every store promises:
 *   - read gives a whole file or says why not (missing, not a file,
 *     unreadable, too big), never waiting on a FIFO;
 *   - write is whole or nothing: after a failure, or a crash at any step,
 *     the file is the old one or the new one, never torn or lost;
 *   - a folder or a file of the store that is a link is refused, never
 *     followed, replaced or removed;
 *   - the lock keeps a second copy of the game out, and dies with it.
 *
 * store_posix.c is the disk's (the store a frontend opens at a folder),
 * store_mem.c the tests' (in memory, failing where it is told). */
#ifndef AMULETS_STORE_H
#define AMULETS_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "file.h"

enum { STORE_PATH_SIZE = 2048, STORE_NAME_SIZE = 256, STORE_ERROR_SIZE = 256 };

/* Called for each file in a folder, with its name within the folder;
 * false stops the listing */
typedef bool (*StoreEach)(void *context, const char *name);

typedef struct StoreOps {
    /* The whole file (at most limit bytes) in a new NUL-terminated
     * buffer for the caller to free; on failure error says why in the
     * player's words ("it can't be read: ...") */
    FileRead (*read)(void *self, const char *name, size_t limit, char **text, size_t *length,
                     char *error, size_t error_size);
    /* Whole or not at all, making its folder if it's missing; on failure
     * error says why in the player's words ("the disk is full") */
    bool (*write)(void *self, const char *name, const char *text, size_t length, char *error,
                  size_t error_size);
    /* Over the file in place, for when the folder can't be written to
     * (the save marked over): not whole-or-nothing. 0 or an errno */
    int (*overwrite)(void *self, const char *name, const char *text, size_t length);
    /* Adds text at the file's end (made, with its folder, if missing), for
     * the run's journal: once it returns the bytes survive the program's
     * death (a kill -9, a crash, a closed tab); with sync they survive a
     * power cut too. A death during the call may leave part of them, so
     * the caller marks what it appends to tell a torn end. 0 or an errno */
    int (*append)(void *self, const char *name, const char *text, size_t length, bool sync);
    bool (*exists)(void *self, const char *name);
    /* 0, or an errno (ENOENT when there was nothing to remove) */
    int (*remove)(void *self, const char *name);
    /* from takes to's place (to's folder is from's); 0 or an errno */
    int (*rename)(void *self, const char *from, const char *to);
    /* Each file in folder ("runs"); false with error if the folder can't
     * be read (a missing folder lists nothing and is no error) */
    bool (*list)(void *self, const char *folder, StoreEach each, void *context, char *error,
                 size_t error_size);
    /* Keeps a second copy of the game out; false with the player's words */
    bool (*lock)(void *self, char *error, size_t error_size);
    void (*unlock)(void *self);
    /* Where the store is, for the player's messages ("~/.local/...") */
    const char *(*where)(void *self);
} StoreOps;

/* A store is a value: its table, and its own state */
typedef struct Store {
    const StoreOps *ops;
    void *self;
} Store;

/* True if name is one a store takes */
bool store_name_ok(const char *name);

/* Sets name aside as STEM.bad, each older one moving along a place
 * (STEM.bad, STEM.1.bad, ... up to STEM.(kept-1).bad), the oldest
 * dropped; none is ever written over. older gets how many of
 * STEM.1.bad.. there are now (if not NULL). False if it couldn't be */
bool store_set_aside(Store store, const char *name, const char *stem, int kept, int *older);

/* ---- Files that say they are whole ----------------------------------- */

/* Every file the game writes and reads back ends with a line saying how
 * long it is and a digest of what comes before, a comment in the records
 * format ("# whole: 1234 bytes, 0123456789abcdef"), so a file cut short
 * anywhere (even just after a record) is known to be damaged. It begins
 * with STORE_MARK_HEAD, a comment too, so that a file cut short is told
 * from one an older game wrote before it marked its files (a save or a
 * table of scores kept from then): that one is read as it always was. */
#define STORE_MARK_HEAD "# The game writes this file whole: its last line says so.\n"

enum { STORE_MARK_SIZE = 64 };
/* The mark for text (its last line); returns its length */
int store_mark(const char *text, size_t length, char out[STORE_MARK_SIZE]);

/* Writes text with its mark, whole or not at all */
bool store_write_marked(Store store, const char *name, const char *text, size_t length,
                        char *error, size_t error_size);

/* What a marked file's reading found */
typedef enum StoreMarked {
    STORE_MARK_OK,       /* the mark is there and right: it's stripped */
    STORE_MARK_MISSING,  /* no mark: cut short, or not the game's */
    STORE_MARK_WRONG,    /* a mark that doesn't fit what's before it */
    STORE_MARK_NONE,     /* neither head nor mark: written by a game from
                            before the marks, to be read as it is */
} StoreMarked;

/* Checks text's head and mark and takes them off (*length shortens), with the
 * player's words in error if it isn't right ("it doesn't end as the game
 * ends it (it was cut short?)") */
StoreMarked store_unmark(char *text, size_t *length, char *error, size_t error_size);
/* True if text's last line is a mark (right or not) */
bool store_has_mark(const char *text, size_t length);

/* The version a file says it is, "version = N" in its first record, which
 * must be [type] ("save", "scores"): N, or 0 if it says none a number can
 * hold. A file with neither head nor mark is read as it is only if its
 * version is one from before the marks: a file of a later version was
 * written with them, and had its first and last lines taken off. */
int store_version_of(const char *text, size_t length, const char *type);
/* The player's words for such a file */
#define STORE_MARK_GONE "it doesn't begin and end as the game writes it (its first and last lines are missing)"

/* ---- File numbers ------------------------------------------------------ */

/* runs/ and morgue/ name their files NNNNNN-seed-..., counting up. A name
 * counts as one of them only if its number has at most STORE_NUMBER_DIGITS
 * digits, so the next number always fits (a planted name with the largest
 * 64-bit number is no one's and is left alone) */
enum { STORE_NUMBER_DIGITS = 18 };
#define STORE_NUMBER_LAST INT64_C(999999999999999999)

/* The number a numbered name begins with, or -1 if it isn't one */
int64_t store_number(const char *name);
/* One past the largest number in folder (1 if none), or -1 if the
 * folder can't be read or the largest is STORE_NUMBER_LAST */
int64_t store_next_number(Store store, const char *folder);

/* ---- The disk's store (store_posix.c) --------------------------------- */

/* The store keeps its folder open while the program runs, and does every
 * call through it (and through runs/ or morgue/ opened from it without
 * following a link), never by a path: a link swapped in for a folder or a
 * file meanwhile sends nothing outside. Its lock is the folder itself. */
typedef struct PosixStore {
    char root[STORE_PATH_SIZE];
    const FileOps *fs;    /* the system's calls; the tests swap in failing ones */
    bool opened;          /* root_fd is the folder, open (a store zeroed
                             has none, and holds no lock) */
    int root_fd;
    bool locked;          /* this copy holds the lock, on root_fd */
    bool read_links;      /* the player's own files (the config folder's):
                             a link in a file's place is read through, as
                             the player may keep them elsewhere; never
                             written through, replaced or removed */
} PosixStore;

/* A store in the folder root, made now if make and it's missing (else
 * at the first write); false with the player's words in error */
bool store_posix_open(PosixStore *posix, const char *root, bool make, char *error,
                      size_t error_size);
Store store_posix(PosixStore *posix);
/* Lets the folder go, and its lock with it */
void store_posix_close(PosixStore *posix);

/* ---- The tests' store, in memory (store_mem.c) ------------------------- */

/* Every call is one or more steps, as the disk's are: a write makes
 * NAME.tmp (1), fills it (2), flushes it (3), renames it over NAME (4)
 * and flushes the folder (5); an overwrite empties the file (1), fills
 * it (2) and flushes it (3); an append adds its bytes (1: a crash there
 * leaves half of them) and, with sync, flushes them (2); every other
 * call is one step. The store can
 * be told to fail at a step with an errno (the call fails as the disk's
 * would, a write's temporary file removed), or to crash there: the step
 * and everything after it never happen, as if the program were killed,
 * until store_mem_restart (the next start). */
typedef struct MemFile {
    char name[STORE_NAME_SIZE];
    char *text;
    size_t length;
} MemFile;

typedef struct MemStore {
    char where[STORE_PATH_SIZE];
    MemFile *files;
    int count, capacity;
    bool locked;
    int steps;            /* steps taken since the last restart */
    int fail_at;          /* the step that fails (1 the first), 0 none */
    int fail_errno;       /* its errno; 0 for a crash */
    bool crashed;         /* dead: every call fails (EIO) till a restart */
    char linked[STORE_NAME_SIZE];   /* a folder that is a link, or "" */
} MemStore;

void store_mem_init(MemStore *mem, const char *where);
void store_mem_free(MemStore *mem);
Store store_mem(MemStore *mem);
/* Fails at step at (counted from now) with error_number, 0 a crash */
void store_mem_fail(MemStore *mem, int at, int error_number);
/* The next start: calls work again, the lock is dropped, no failure is
 * waiting, steps count from 0; the files are as the crash left them */
void store_mem_restart(MemStore *mem);
/* A file put (or, with text NULL, removed) as it is, in no steps */
bool store_mem_put(MemStore *mem, const char *name, const char *text, size_t length);
/* A file's text as it is, or NULL if there's none */
const char *store_mem_get(const MemStore *mem, const char *name, size_t *length);
/* Copies every file of from into to (emptied first) */
bool store_mem_copy(MemStore *to, const MemStore *from);

#endif
