#include "slot.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"

const char *const SLOT_ABOVE_TYPES[] = {"screen", "explorer", NULL};

/* A save of a floor-9 run is about 17 KB; anything past this isn't one */
enum { SAVE_LIMIT = 4 * 1024 * 1024 };

Store slot_store(const Slot *slot)
{
    /* the store's state is the slot's own; it changes only by the lock */
    return slot->given.ops != NULL ? slot->given : store_posix((PosixStore *)&slot->posix);
}

/* The files' paths, for the messages */
static bool set_paths(Slot *slot, char *error, size_t error_size)
{
    size_t length = strlen(slot->dir);
    while (length > 1 && slot->dir[length - 1] == '/') slot->dir[--length] = '\0';
    int a = snprintf(slot->save, sizeof slot->save, "%s/save.txt", slot->dir);
    int b = snprintf(slot->bad, sizeof slot->bad, "%s/save.bad", slot->dir);
    int c = snprintf(slot->lock, sizeof slot->lock, "%s/lock", slot->dir);
    int d = snprintf(slot->replay, sizeof slot->replay, "%s/replay.txt", slot->dir);
    int e = snprintf(slot->runs, sizeof slot->runs, "%s/runs", slot->dir);
    int f = snprintf(slot->class_file, sizeof slot->class_file, "%s/class.txt", slot->dir);
    /* room for the longest name in the folder, save.N.bad and save.txt.tmp */
    if (a + 16 >= (int)sizeof slot->save || b >= (int)sizeof slot->bad ||
        c >= (int)sizeof slot->lock || d + 4 >= (int)sizeof slot->replay ||
        e + 64 >= (int)sizeof slot->runs || f + 4 >= (int)sizeof slot->class_file) {
        snprintf(error, error_size, "the save folder's path is too long");
        return false;
    }
    return true;
}

bool slot_init_store(Slot *slot, Store store, char *error, size_t error_size)
{
    memset(slot, 0, sizeof *slot);
    slot->given = store;
    snprintf(slot->dir, sizeof slot->dir, "%s", store.ops->where(store.self));
    return set_paths(slot, error, error_size);
}

static bool given(const char *value) { return value != NULL && value[0] != '\0'; }

bool slot_init(Slot *slot, const char *amulets_home, const char *xdg_data_home, const char *home,
               char *error, size_t error_size)
{
    memset(slot, 0, sizeof *slot);
    int n;
    if (given(amulets_home)) {
        n = snprintf(slot->dir, sizeof slot->dir, "%s", amulets_home);
    } else if (given(xdg_data_home)) {
        n = snprintf(slot->dir, sizeof slot->dir, "%s/AmuletsOfSDL/Amulets", xdg_data_home);
    } else if (given(home)) {
        n = snprintf(slot->dir, sizeof slot->dir, "%s/.local/share/AmuletsOfSDL/Amulets", home);
    } else {
        snprintf(error, error_size, "there's no folder to save in (set AMULETS_HOME or HOME)");
        return false;
    }
    if (n >= (int)sizeof slot->dir) {
        snprintf(error, error_size, "the save folder's path is too long");
        return false;
    }
    return set_paths(slot, error, error_size) && store_posix_open(&slot->posix, slot->dir, true, error, error_size);
}

bool slot_read_class(const Slot *slot, char id[ID_SIZE])
{
    char *text, error[SLOT_ERROR_SIZE];
    size_t length;
    Store store = slot_store(slot);
    if (store.ops->read(store.self, SLOT_CLASS, ID_SIZE + 1, &text, &length, error, sizeof error) !=
        FILE_READ_OK) {
        return false;
    }
    size_t n = strspn(text, "abcdefghijklmnopqrstuvwxyz0123456789_");
    bool good = n > 0 && n < ID_SIZE && strcmp(text + n, "\n") == 0;
    if (good) {
        memcpy(id, text, n);
        id[n] = '\0';
    }
    free(text);
    return good;
}

void slot_write_class(const Slot *slot, const char *id)
{
    char text[ID_SIZE + 2], error[SLOT_ERROR_SIZE];
    int n = snprintf(text, sizeof text, "%s\n", id);
    if (n > 0 && n < (int)sizeof text) {
        Store store = slot_store(slot);
        store.ops->write(store.self, SLOT_CLASS, text, (size_t)n, error, sizeof error);
    }
}

bool slot_has_save(const Slot *slot)
{
    Store store = slot_store(slot);
    return store.ops->exists(store.self, SLOT_SAVE);
}

bool slot_has_run(const Slot *slot)
{
    Store store = slot_store(slot);
    return store.ops->exists(store.self, SLOT_SAVE) || store.ops->exists(store.self, SLOT_JOURNAL);
}

/* A save is written only if this game reads it back as the same run:
 * the reader's limits are the writer's, so a run that somehow went past
 * one (a number bigger than a save may hold) keeps its last good save
 * rather than writing one that would be set aside as damaged */
static bool reads_back(const Run *run, const char *text, size_t length, char *error,
                       size_t error_size)
{
    Run *again = NULL;
    Errors errors = {0};
    bool same = save_read_with(run_data(run), text, length, SLOT_ABOVE_TYPES, &again, &errors) == LOAD_OK &&
                save_digest(again) == save_digest_text(text, length, SLOT_ABOVE_TYPES);
    if (!same) {
        snprintf(error, error_size, "it wouldn't read back (%s)",
                 errors.count > 0 ? errors.lines[0] : "a different run");
    }
    run_free(again);
    errors_clear(&errors);
    return same;
}

bool slot_write(const Slot *slot, const Run *run, char *error, size_t error_size)
{
    return slot_write_with(slot, run, NULL, error, error_size);
}

bool slot_write_with(const Slot *slot, const Run *run, const SlotAbove *above, char *error,
                     size_t error_size)
{
    return slot_write_hashed(slot, run, above, NULL, error, error_size);
}

bool slot_write_hashed(const Slot *slot, const Run *run, const SlotAbove *above, uint64_t *hash,
                       char *error, size_t error_size)
{
    size_t length;
    char *text = above != NULL ? save_write_with(run, above->text, above->length, &length)
                               : save_write(run, &length);
    if (text == NULL) {
        snprintf(error, error_size, "there's not enough memory to write it");
        return false;
    }
    Store store = slot_store(slot);
    bool written = reads_back(run, text, length, error, error_size) &&
                   store_write_marked(store, SLOT_SAVE, text, length, error, error_size);
    if (written && hash != NULL) *hash = hash_bytes(HASH_START, text, length);
    free(text);
    return written;
}

/* The journal of events since it goes with it: they can't be played
 * without it */
static void set_aside(const Slot *slot, SlotLoad *load)
{
    Store store = slot_store(slot);
    load->set_aside = store_set_aside(store, SLOT_SAVE, "save", SLOT_BAD_KEPT, &load->older_bad);
    if (load->set_aside && store.ops->exists(store.self, SLOT_JOURNAL)) {
        store_set_aside(store, SLOT_JOURNAL, "journal", SLOT_BAD_KEPT, NULL);
    }
}

static const char OVER_MARK[] = "# This run is over";

bool slot_mark_over(const Slot *slot, const char *how)
{
    char text[200];
    int n = snprintf(text, sizeof text, "%s: %.120s.\n", OVER_MARK, how);
    /* in place, as the folder can't be written to (else it was deleted) */
    Store store = slot_store(slot);
    return store.ops->overwrite(store.self, SLOT_SAVE, text, (size_t)n) == 0;
}

/* A save marked over: never continued; deleted now if it can be */
static bool marked_over(const Slot *slot, const char *text, SlotLoad *load)
{
    if (strncmp(text, OVER_MARK, sizeof OVER_MARK - 1) != 0) return false;
    const char *end = strchr(text, '\n');
    int shown = end != NULL && end - text < 120 ? (int)(end - text) : 0;
    errors_add(&load->reasons, "save.txt: %.*s", shown, text + 2);
    load->over = true;
    load->result = LOAD_DAMAGED;
    load->unreadable = !slot_remove(slot);
    return true;
}

/* The run's records, then the play layer's: a run only if both are good */
static Run *read_save(const GameData *data, const char *text, size_t length,
                      const SlotAbove *above, SlotLoad *load)
{
    Run *run = NULL;
    load->result = save_read_with(data, text, length, SLOT_ABOVE_TYPES, &run, &load->reasons);
    if (load->result != LOAD_OK || above == NULL) return run;
    RecFile file;
    Errors ignored = {0};   /* the run's reading has told of the lines */
    rec_parse(&file, text, length, "save.txt", &ignored);
    errors_clear(&ignored);
    if (!above->read(above->state, run, &file, &load->reasons)) {
        load->result = LOAD_DAMAGED;
        run_free(run);
        run = NULL;
    }
    rec_free(&file);
    return run;
}

/* The marks came in with no save version of their own (6519bb6, on
 * 2026-12-02), while saves were version 5 (since 48a50b2, the evening
 * before): version 5 is taken as the first that has them. A save of
 * version 4 or before has neither head nor mark and is read as it always
 * was; one of version 5 without them had its first and last lines taken
 * off (or is one of the few written in those hours of development, set
 * aside as save.bad, not lost). */
enum { SLOT_MARKED_SINCE = SAVE_V5_CHOICE };

/* A save must end with the mark that says it's whole (store.h): one cut
 * short just after a record would read as a good run with what came
 * after it gone. A later version's save is that version's to judge, and
 * one from before the marks (no head, no mark) is read as it was. */
static Run *read_whole(const GameData *data, char *text, size_t length, const SlotAbove *above,
                       SlotLoad *load)
{
    char why[SLOT_ERROR_SIZE];
    size_t whole = length;
    StoreMarked marked = store_unmark(text, &whole, why, sizeof why);
    if (marked == STORE_MARK_NONE) {
        int version = store_version_of(text, length, "save");
        if (version >= 1 && version < SLOT_MARKED_SINCE) {
            load->text_hash = hash_bytes(HASH_START, text, whole);
            return read_save(data, text, whole, above, load);
        }
        snprintf(why, sizeof why, "%s", STORE_MARK_GONE);
    } else if (marked == STORE_MARK_OK) {
        load->text_hash = hash_bytes(HASH_START, text, whole);
        return read_save(data, text, whole, above, load);
    }
    Run *run = read_save(data, text, length, above, load);
    if (load->result == LOAD_OTHER_VERSION) return run;
    run_free(run);
    errors_clear(&load->reasons);
    errors_add(&load->reasons, "save.txt: %s", why);
    load->result = LOAD_DAMAGED;
    return NULL;
}

Run *slot_load(const Slot *slot, const GameData *data, SlotLoad *load)
{
    return slot_load_with(slot, data, NULL, load);
}

Run *slot_load_with(const Slot *slot, const GameData *data, const SlotAbove *above, SlotLoad *load)
{
    memset(load, 0, sizeof *load);
    char *text;
    size_t length;
    char error[SLOT_ERROR_SIZE];
    Store store = slot_store(slot);
    FileRead read = store.ops->read(store.self, SLOT_SAVE, SAVE_LIMIT, &text, &length, error,
                                    sizeof error);
    if (read != FILE_READ_OK) {
        errors_add(&load->reasons, "save.txt: %s",
                   read == FILE_READ_TOO_BIG ? "it's far too big to be a save" : error);
        load->result = LOAD_DAMAGED;
        /* only a file too big to be a save is known to be damaged */
        load->unreadable = read != FILE_READ_TOO_BIG;
    } else if (marked_over(slot, text, load)) {
        free(text);
        return NULL;
    } else {
        Run *run = read_whole(data, text, length, above, load);
        free(text);
        if (load->result == LOAD_OK) return run;
    }
    if (load->result == LOAD_DAMAGED && !load->unreadable) set_aside(slot, load);
    return NULL;
}

bool slot_lock(Slot *slot, char *error, size_t error_size)
{
    Store store = slot_store(slot);
    return store.ops->lock(store.self, error, error_size);
}

void slot_unlock(Slot *slot)
{
    Store store = slot_store(slot);
    store.ops->unlock(store.self);
}

bool slot_remove(const Slot *slot)
{
    Store store = slot_store(slot);
    store.ops->remove(store.self, SLOT_REPLAY);
    store.ops->remove(store.self, SLOT_JOURNAL);
    int failed = store.ops->remove(store.self, SLOT_SAVE);
    errno = failed;
    return failed == 0 || failed == ENOENT;
}

int slot_explain(const SlotLoad *load, char lines[][SLOT_ERROR_SIZE], int max)
{
    int count = 0;
    const char *what = load->over ? "The saved run is over, and can't be continued:"
                       : load->result == LOAD_OTHER_VERSION
                           ? "The saved run is from another version of the game:"
                       : load->unreadable
                           ? "The saved run couldn't be read, and is left as it is:"
                       : load->set_aside ? "The saved run is damaged, so it's been set aside as save.bad"
                                         : "The saved run is damaged, and couldn't be set aside:";
    if (count < max && load->set_aside && load->older_bad == 1) {
        snprintf(lines[count++], SLOT_ERROR_SIZE, "%s (an older one as save.1.bad):", what);
    } else if (count < max && load->set_aside && load->older_bad > 1) {
        snprintf(lines[count++], SLOT_ERROR_SIZE, "%s (older ones as save.1.bad to save.%d.bad):",
                 what, load->older_bad);
    } else if (count < max) {
        snprintf(lines[count++], SLOT_ERROR_SIZE, "%s%s", what, load->set_aside ? ":" : "");
    }
    int shown = 0;
    for (; shown < load->reasons.count && shown < SLOT_REASONS_SHOWN && count < max; ++shown) {
        snprintf(lines[count++], SLOT_ERROR_SIZE, "%s", load->reasons.lines[shown]);
    }
    int more = load->reasons.count - shown;
    if (more > 0 && count < max) snprintf(lines[count++], SLOT_ERROR_SIZE, "and %d more", more);
    return count;
}
