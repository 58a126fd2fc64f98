/* The save slot: where the one save lives (the user's own data folder, or
 * AMULETS_HOME), and the title screen's flow around it (ch17): a waiting
 * save is continued, or thrown away for a new run; a damaged one is set
 * aside as save.bad; one from another version is kept. Beside the save is
 * its run's recording (recorder.h), and runs/ with the recordings of runs
 * that ended. Nothing the save says is ever used as a path: the slot's
 * files are fixed names in its folder. */
#ifndef AMULETS_SLOT_H
#define AMULETS_SLOT_H

#include <stdbool.h>

#include "save.h"
#include "store.h"

enum { SLOT_PATH_SIZE = 2048, SLOT_ERROR_SIZE = 256, SLOT_REASONS_SHOWN = 8 };

/* How many damaged saves are kept: save.bad, then save.1.bad (older) up
 * to save.4.bad; the oldest goes when another is set aside */
enum { SLOT_BAD_KEPT = 5 };

/* The slot's files, by their names in its store */
#define SLOT_SAVE "save.txt"
#define SLOT_REPLAY "replay.txt"
#define SLOT_CLASS "class.txt"
#define SLOT_RUNS "runs"
#define SLOT_MORGUE "morgue"
#define SLOT_JOURNAL "journal.txt"   /* the events since the save (journal.h) */
#define SLOT_ENDED "ended.txt"       /* a run's ending until it's recorded (ending.h) */

typedef struct Slot {
    /* Where each file is, for the player's messages (and the tests) */
    char dir[SLOT_PATH_SIZE];
    char save[SLOT_PATH_SIZE];    /* dir/save.txt */
    char bad[SLOT_PATH_SIZE];     /* dir/save.bad */
    char lock[SLOT_PATH_SIZE];    /* dir/lock, an older game's lock file: the lock
                                     is the folder now, and this is left alone */
    char replay[SLOT_PATH_SIZE];  /* dir/replay.txt, the run's recording */
    char runs[SLOT_PATH_SIZE];    /* dir/runs, the recordings of runs ended */
    char class_file[SLOT_PATH_SIZE];  /* dir/class.txt, the last class chosen */
    /* Where they are kept: the disk's store in dir (slot_init), or one
     * given (slot_init_store) */
    PosixStore posix;
    Store given;                  /* .ops NULL: the disk's */
} Slot;

/* The slot's store (a value to pass on: it holds no copy of the files) */
Store slot_store(const Slot *slot);

/* The folder, from the environment's values as given (NULL or "" when
 * unset): AMULETS_HOME itself, or XDG_DATA_HOME/AmuletsOfSDL/Amulets, or
 * HOME/.local/share/AmuletsOfSDL/Amulets (what SDL's own preference path is on
 * Linux). The folder is made if it's missing. */
bool slot_init(Slot *slot, const char *amulets_home, const char *xdg_data_home, const char *home,
               char *error, size_t error_size);

/* A slot in a store of the caller's (the tests' in memory, the web's):
 * the files' paths in messages are named from the store's where() */
bool slot_init_store(Slot *slot, Store store, char *error, size_t error_size);

bool slot_has_save(const Slot *slot);
/* A run waits to be continued: a save, or the journal of a run begun
 * with no save yet (journal.h) */
bool slot_has_run(const Slot *slot);

/* Writes the run as the save, whole or not at all, in whatever mode it
 * is. On failure the old save is untouched and error has the player's
 * words for why. */
bool slot_write(const Slot *slot, const Run *run, char *error, size_t error_size);

/* The play layer's own records in the save, beside the run's (save.h's
 * records of the layer above: the input's screen and the explorer's
 * marks, resume.h), of these types (NULL-terminated) */
extern const char *const SLOT_ABOVE_TYPES[];

/* Their text, for writing; and their reader, called once the run is read
 * and checked, with the save's records (all of them, to pick its own
 * from), which reports each mistake in errors as "save.txt:LINE: ..."
 * and returns false if there was one. A mistake in them makes the save
 * damaged, as one in the run's does. */
typedef bool (*SlotReadAbove)(void *state, const Run *run, const RecFile *file, Errors *errors);
typedef struct SlotAbove {
    const char *text;             /* whole records, for slot_write_with */
    size_t length;
    SlotReadAbove read;           /* for slot_load_with */
    void *state;
} SlotAbove;

/* slot_write with the play layer's records (above may be NULL) */
bool slot_write_with(const Slot *slot, const Run *run, const SlotAbove *above, char *error,
                     size_t error_size);
/* The same, giving the hash of the text written (its records, without
 * the whole-file mark), as a journal names the save it follows */
bool slot_write_hashed(const Slot *slot, const Run *run, const SlotAbove *above, uint64_t *hash,
                       char *error, size_t error_size);

/* What came of continuing */
typedef struct SlotLoad {
    LoadResult result;
    bool unreadable;         /* the system couldn't read it (a disk error,
                                permissions, not a file): it's left where
                                it is, since it may be fine */
    bool set_aside;          /* a damaged save became save.bad */
    bool over;               /* it was marked over (slot_mark_over): the
                                run ended, and it was deleted now if it
                                could be */
    int older_bad;           /* how many earlier damaged saves are kept */
    uint64_t text_hash;      /* the hash of the save's text read (as
                                slot_write_hashed gives it) */
    Errors reasons;          /* why it couldn't be loaded */
} SlotLoad;

/* Reads the waiting save into a new run (*out) if all of it is good. A
 * damaged save is renamed save.bad (an earlier save.bad moves along to
 * save.1.bad, and so on); another version's is left in place, and so is
 * one that couldn't be read (unreadable: try again later). The caller
 * clears load->reasons. */
Run *slot_load(const Slot *slot, const GameData *data, SlotLoad *load);
/* The same, reading the play layer's records too (slot_load leaves them
 * unread) */
Run *slot_load_with(const Slot *slot, const GameData *data, const SlotAbove *above, SlotLoad *load);

/* Takes the save folder's lock, so a second copy of the game can't play
 * the same run or overwrite this one's save. The lock is an flock on the
 * folder itself (no file a player could delete), and dies with the
 * process, so a crash leaves none behind. False with the
 * player's words in error if another copy holds it or it can't be had. */
bool slot_lock(Slot *slot, char *error, size_t error_size);
void slot_unlock(Slot *slot);

/* When a run that's over can't have its save deleted: the save is
 * written over in place with a mark that says the run is over ("it ended
 * on turn 5, on floor 2"), so it can never be continued from its last
 * checkpoint. False if even that failed. */
bool slot_mark_over(const Slot *slot, const char *how);

/* Deletes the save, its recording and its journal (a new run over a
 * waiting one) */
bool slot_remove(const Slot *slot);

/* The class chosen last, kept in class.txt as its id on a line, written
 * whole or not at all. Reading gives false if there's none (or it isn't
 * an id); a failed write is only a class not chosen first next time, so
 * it isn't told. */
bool slot_read_class(const Slot *slot, char id[ID_SIZE]);
void slot_write_class(const Slot *slot, const char *id);

/* The title screen's lines about a failed continue: what became of the
 * save, its first reasons, and "and N more". Returns how many lines were
 * written (at most SLOT_REASONS_SHOWN + 2). */
int slot_explain(const SlotLoad *load, char lines[][SLOT_ERROR_SIZE], int max);

#endif
