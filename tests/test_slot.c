/* The save slot and the files under it (ch17): a save written whole or
 * not at all, whichever step of the writing fails, with the player told
 * why in their own words; the folder, from AMULETS_HOME, XDG_DATA_HOME or
 * HOME; and the title screen's flow: continue, set a damaged save aside,
 * keep another version's, delete. Nothing a save says is ever a path.
 * Everything happens in a fresh folder under /tmp, removed at the end. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file.h"
#include "files.h"
#include "run_debug.h"
#include "runtest.h"
#include "save.h"
#include "slot.h"

enum { MAX_NOTED = 256 };

/* ---- A FileOps that fails where it's told to ------------------------------ */

typedef enum Fault {
    FAULT_NONE,
    FAULT_OPEN,              /* the temporary file can't be made */
    FAULT_WRITE,             /* the first write fails */
    FAULT_SHORT_THEN_FULL,   /* half is written, then the disk is full */
    FAULT_WRITE_NOTHING,     /* a write that writes nothing */
    FAULT_FSYNC,             /* the file's flush */
    FAULT_CLOSE,
    FAULT_RENAME,
    FAULT_FOLDER_OPEN,       /* the folder, to flush it */
    FAULT_FOLDER_FSYNC,
    FAULT_INTERRUPTED,       /* a signal, then writes a little at a time */
    FAULT_READ,              /* reading the save fails */
} Fault;

static struct {
    Fault fault;
    int error;               /* the errno it fails with */
    int writes;
    int file_fd;             /* the temporary file, while it's open */
    bool file_open;
    char noted[MAX_NOTED][PATH_SIZE];   /* every path the ops were given */
    int noted_count;
} faults;

static void arm(Fault fault, int error)
{
    faults.fault = fault;
    faults.error = error;
    faults.writes = 0;
    faults.file_open = false;
}

/* The path of name in folder (AT_FDCWD: name is one), as the system
 * says the folder is called now */
static void note(int folder, const char *name)
{
    char where[PATH_SIZE] = "", link[64];
    if (folder != AT_FDCWD) {
        snprintf(link, sizeof link, "/proc/self/fd/%d", folder);
        ssize_t n = readlink(link, where, sizeof where - 1);
        where[n > 0 ? n : 0] = '\0';
    }
    if (faults.noted_count < MAX_NOTED) {
        path_of(faults.noted[faults.noted_count++], "%s%s%s", where, where[0] ? "/" : "", name);
    }
}

static int fail_with(int error)
{
    errno = error;
    return -1;
}

static int fault_openat(int folder, const char *name, int flags, int mode)
{
    note(folder, name);
    bool a_folder = (flags & O_DIRECTORY) != 0;
    if (faults.fault == (a_folder ? FAULT_FOLDER_OPEN : FAULT_OPEN)) return fail_with(faults.error);
    int fd = openat(folder, name, flags, (mode_t)mode);
    if (!a_folder && fd >= 0) {
        faults.file_fd = fd;
        faults.file_open = true;
    }
    return fd;
}

static bool is_file(int fd)
{
    return faults.file_open && fd == faults.file_fd;
}

static ssize_t fault_write(int fd, const void *data, size_t size)
{
    int n = ++faults.writes;
    switch (faults.fault) {
    case FAULT_WRITE:
        return fail_with(faults.error);
    case FAULT_SHORT_THEN_FULL:
        return n == 1 ? write(fd, data, size / 2) : fail_with(ENOSPC);
    case FAULT_WRITE_NOTHING:
        return 0;
    case FAULT_INTERRUPTED:
        return n == 1 ? fail_with(EINTR) : write(fd, data, size < 1000 ? size : 1000);
    default:
        return write(fd, data, size);
    }
}

static int fault_fsync(int fd)
{
    if (faults.fault == (is_file(fd) ? FAULT_FSYNC : FAULT_FOLDER_FSYNC)) return fail_with(faults.error);
    return fsync(fd);
}

/* A close that fails has still closed the file, as on Linux. One that
 * works may still change errno, as any call may, so a reason must be
 * kept before closing */
static int fault_close(int fd)
{
    bool file = is_file(fd);
    if (file) faults.file_open = false;
    int closed = close(fd);
    if (file && faults.fault == FAULT_CLOSE) return fail_with(faults.error);
    errno = EBADF;
    return closed;
}

static int fault_renameat(int from_folder, const char *from, int to_folder, const char *to)
{
    note(from_folder, from);
    note(to_folder, to);
    if (faults.fault == FAULT_RENAME) return fail_with(faults.error);
    return renameat(from_folder, from, to_folder, to);
}

static int fault_unlinkat(int folder, const char *name, int flags)
{
    note(folder, name);
    return unlinkat(folder, name, flags);
}

static int fault_mkdirat(int folder, const char *name, int mode)
{
    note(folder, name);
    return mkdirat(folder, name, (mode_t)mode);
}

static int fault_fstatat(int folder, const char *name, struct stat *info, int flags)
{
    note(folder, name);
    return fstatat(folder, name, info, flags);
}

static ssize_t fault_read(int fd, void *data, size_t size)
{
    if (faults.fault == FAULT_READ) return fail_with(faults.error);
    return read(fd, data, size);
}

static const FileOps FAULT_OPS = {
    .openat = fault_openat, .write = fault_write,       .fsync = fault_fsync,
    .close = fault_close,   .renameat = fault_renameat, .unlinkat = fault_unlinkat,
    .read = fault_read,     .mkdirat = fault_mkdirat,   .fstatat = fault_fstatat,
};

/* ---- The tests -------------------------------------------------------------- */

typedef struct Suite {
    const GameData *data;
    char root[PATH_SIZE];   /* the fresh folder everything happens in */
    Run *old_run;           /* the run the old save is of */
    Run *run;               /* the run being saved over it */
    uint64_t run_digest;
} Suite;

static void make_slot(Suite *s, Slot *slot, const char *name)
{
    char dir[PATH_SIZE], error[SLOT_ERROR_SIZE];
    path_of(dir, "%s/%s", s->root, name);
    if (!slot_init(slot, dir, NULL, NULL, error, sizeof error)) {
        fprintf(stderr, "slot_init: %s\n", error);
        exit(EXIT_FAILURE);
    }
}

static char *temporary_of(const Slot *slot, char out[PATH_SIZE])
{
    path_of(out, "%s.tmp", slot->save);
    return out;
}

typedef struct FaultCase {
    Fault fault;
    int error;
    const char *message;
} FaultCase;

static const FaultCase FAULT_CASES[] = {
    {FAULT_OPEN, EACCES, "the save folder can't be written to"},
    {FAULT_OPEN, ENOSPC, "the disk is full"},
    {FAULT_OPEN, EROFS, "the disk is read-only"},
    {FAULT_OPEN, ENOENT, "the save folder is missing"},
    {FAULT_WRITE, EIO, "the disk reported an error"},
    {FAULT_WRITE, EDQUOT, "the disk quota is used up"},
    {FAULT_WRITE, ENOSPC, "the disk is full"},
    {FAULT_SHORT_THEN_FULL, 0, "the disk is full"},
    {FAULT_WRITE_NOTHING, 0, "the disk is full"},
    {FAULT_FSYNC, EIO, "the disk reported an error"},
    {FAULT_FSYNC, ENOSPC, "the disk is full"},
    {FAULT_CLOSE, EIO, "the disk reported an error"},
    {FAULT_CLOSE, EDQUOT, "the disk quota is used up"},
    {FAULT_RENAME, EACCES, "the new file couldn't be put in its place: the save folder can't be written to"},
    {FAULT_RENAME, EIO, "the new file couldn't be put in its place: the disk reported an error"},
    {FAULT_OPEN, EISDIR, "there's a folder in its place"},
    {FAULT_OPEN, EMFILE, "the game has too many files open"},
    /* the system's own words, where there are none of ours, in a sentence of their own */
    {FAULT_RENAME, EXDEV, "the new file couldn't be put in its place. The system said: \"Invalid cross-device link\""},
};

/* Each step failing, through slot_write: false, the player's words, the
 * old save byte for byte, no .tmp, and the run as it was */
static void test_faults(Suite *s)
{
    Slot slot;
    make_slot(s, &slot, "faults");
    CHECK(slot_write(&slot, s->old_run, (char[SLOT_ERROR_SIZE]){0}, SLOT_ERROR_SIZE));
    size_t old_length;
    char *old = contents(slot.save, &old_length);
    CHECK(old != NULL);
    char temporary[PATH_SIZE];
    for (size_t i = 0; i < sizeof FAULT_CASES / sizeof FAULT_CASES[0]; ++i) {
        const FaultCase *c = &FAULT_CASES[i];
        slot.posix.fs = &FAULT_OPS;
        arm(c->fault, c->error);
        char error[SLOT_ERROR_SIZE] = "";
        bool written = slot_write(&slot, s->run, error, sizeof error);
        arm(FAULT_NONE, 0);
        if (!check_at(!written, "a failed write says so", __FILE__, __LINE__)) {
            fprintf(stderr, "    with %s\n", c->message);
        }
        CHECK_STR(error, c->message);
        CHECK(same_file(slot.save, old, old_length));
        CHECK(!exists(temporary_of(&slot, temporary)));
        CHECK(!faults.file_open);
        CHECK(save_digest(s->run) == s->run_digest);
    }

    /* with no old save, a failure leaves no save at all */
    slot.posix.fs = file_system_ops();
    CHECK(slot_remove(&slot));
    slot.posix.fs = &FAULT_OPS;
    arm(FAULT_SHORT_THEN_FULL, 0);
    char error[SLOT_ERROR_SIZE] = "";
    CHECK(!slot_write(&slot, s->run, error, sizeof error));
    arm(FAULT_NONE, 0);
    CHECK_STR(error, "the disk is full");
    CHECK(!exists(slot.save));
    CHECK(!exists(temporary));
    CHECK(!slot_has_save(&slot));
    free(old);
}

/* file_write_whole itself, on a file of any name */
static void test_write_whole(Suite *s)
{
    char path[PATH_SIZE], temporary[PATH_SIZE], error[256];
    path_of(path, "%s/notes.txt", s->root);
    path_of(temporary, "%s.tmp", path);
    put_file(path, "the old notes\n", 14);

    /* a stale .tmp from a crash is written over, and gone after */
    put_file(temporary, "half a save from a cras", 23);
    const char *text = "new notes\n";
    CHECK(file_write_whole(file_system_ops(), path, text, strlen(text), error, sizeof error));
    CHECK(same_file(path, text, strlen(text)));
    CHECK(!exists(temporary));

    /* a longer file is replaced whole by a shorter one */
    size_t big = 200000;
    char *long_text = malloc(big);
    memset(long_text, 'x', big);
    CHECK(file_write_whole(file_system_ops(), path, long_text, big, error, sizeof error));
    CHECK(same_file(path, long_text, big));
    CHECK(file_write_whole(file_system_ops(), path, "short\n", 6, error, sizeof error));
    CHECK(same_file(path, "short\n", 6));
    free(long_text);

    /* an empty text is an empty file */
    CHECK(file_write_whole(file_system_ops(), path, "", 0, error, sizeof error));
    CHECK(same_file(path, "", 0));

    for (size_t i = 0; i < sizeof FAULT_CASES / sizeof FAULT_CASES[0]; ++i) {
        arm(FAULT_CASES[i].fault, FAULT_CASES[i].error);
        error[0] = '\0';
        CHECK(!file_write_whole(&FAULT_OPS, path, text, strlen(text), error, sizeof error));
        arm(FAULT_NONE, 0);
        CHECK_STR(error, FAULT_CASES[i].message);
        CHECK(same_file(path, "", 0));
        CHECK(!exists(temporary));
    }

    /* a signal during a write, and writes a little at a time, still
     * write it all */
    size_t length;
    char *save = save_write(s->run, &length);
    arm(FAULT_INTERRUPTED, 0);
    CHECK(file_write_whole(&FAULT_OPS, path, save, length, error, sizeof error));
    CHECK(faults.writes > 2);
    arm(FAULT_NONE, 0);
    CHECK(same_file(path, save, length));

    /* the folder can't always be flushed (some filesystems refuse): the
     * save is written all the same, and says so */
    static const Fault FOLDER[] = {FAULT_FOLDER_OPEN, FAULT_FOLDER_FSYNC};
    for (int i = 0; i < 2; ++i) {
        arm(FOLDER[i], EINVAL);
        CHECK(file_write_whole(&FAULT_OPS, path, text, strlen(text), error, sizeof error));
        arm(FAULT_NONE, 0);
        CHECK(same_file(path, text, strlen(text)));
        CHECK(!exists(temporary));
        CHECK(file_write_whole(file_system_ops(), path, "", 0, error, sizeof error));
    }
    free(save);

    /* a path too long for the temporary file's name */
    char *long_path = malloc(5000);
    memset(long_path, 'a', 4999);
    long_path[4999] = '\0';
    CHECK(!file_write_whole(file_system_ops(), long_path, "x", 1, error, sizeof error));
    CHECK_STR(error, "the save folder's path is too long");
    free(long_path);
}

static void expect_folder(const char *amulets_home, const char *xdg, const char *home, const char *wanted)
{
    Slot slot;
    char error[SLOT_ERROR_SIZE] = "";
    bool made = slot_init(&slot, amulets_home, xdg, home, error, sizeof error);
    if (!check_at(made, "slot_init", __FILE__, __LINE__)) fprintf(stderr, "    %s\n", error);
    CHECK_STR(slot.dir, wanted);
    char save[PATH_SIZE], bad[PATH_SIZE];
    path_of(save, "%s/save.txt", wanted);
    path_of(bad, "%s/save.bad", wanted);
    CHECK_STR(slot.save, save);
    CHECK_STR(slot.bad, bad);
    CHECK(is_folder(wanted));
    CHECK(slot.posix.fs == file_system_ops() && slot.given.ops == NULL);
    CHECK(!slot_has_save(&slot));
}

static void expect_no_folder(const char *amulets_home, const char *xdg, const char *home,
                             const char *message)
{
    Slot slot;
    char error[SLOT_ERROR_SIZE] = "";
    CHECK(!slot_init(&slot, amulets_home, xdg, home, error, sizeof error));
    CHECK_STR(error, message);
}

static void test_folder(Suite *s)
{
    char home[PATH_SIZE], xdg[PATH_SIZE], amulets[PATH_SIZE], wanted[PATH_SIZE];
    path_of(home, "%s/home", s->root);
    path_of(xdg, "%s/xdg", s->root);
    path_of(amulets, "%s/amulets/deeper/still", s->root);

    /* AMULETS_HOME is the folder itself, made with every folder above it */
    expect_folder(amulets, xdg, home, amulets);
    path_of(wanted, "%s/amulets/slash", s->root);
    char slashed[PATH_SIZE];
    path_of(slashed, "%s//", wanted);
    expect_folder(slashed, NULL, NULL, wanted);

    /* then XDG_DATA_HOME, then HOME, as SDL_GetPrefPath has them */
    path_of(wanted, "%s/AmuletsOfSDL/Amulets", xdg);
    expect_folder(NULL, xdg, home, wanted);
    expect_folder("", xdg, home, wanted);
    path_of(wanted, "%s/.local/share/AmuletsOfSDL/Amulets", home);
    expect_folder(NULL, NULL, home, wanted);
    expect_folder("", "", home, wanted);
    /* and a folder that's there already is fine */
    expect_folder(NULL, NULL, home, wanted);

    const char *none = "there's no folder to save in (set AMULETS_HOME or HOME)";
    expect_no_folder(NULL, NULL, NULL, none);
    expect_no_folder("", "", "", none);

    char *long_path = malloc(3000);
    memset(long_path, 'a', 2999);
    long_path[0] = '/';
    long_path[2999] = '\0';
    expect_no_folder(long_path, NULL, NULL, "the save folder's path is too long");
    free(long_path);

    /* a file where a folder should be */
    char file[PATH_SIZE], under[PATH_SIZE];
    path_of(file, "%s/a_file", s->root);
    put_file(file, "x", 1);
    path_of(under, "%s/sub", file);
    expect_no_folder(under, NULL, NULL, "the save folder can't be made: a file is where a folder should be");
    expect_no_folder(file, NULL, NULL, "the save folder can't be made: a file is where a folder should be");
}

/* Writes text as the slot's save, as if a game (or a player) had */
static void put_save(const Slot *slot, const char *text, size_t length)
{
    put_marked(slot->save, text, length);
}

static void expect_explained(const SlotLoad *load, const char *const *lines, int count)
{
    char got[SLOT_REASONS_SHOWN + 2][SLOT_ERROR_SIZE];
    int n = slot_explain(load, got, SLOT_REASONS_SHOWN + 2);
    CHECK_INT(n, count);
    for (int i = 0; i < n && i < count; ++i) CHECK_STR(got[i], lines[i]);
}

/* The save with some of its [row] records taken out */
static char *without_rows(const char *text, int first, int last)
{
    char *copy = malloc(strlen(text) + 1);
    strcpy(copy, text);
    for (int y = first; y <= last; ++y) {
        char header[64];
        snprintf(header, sizeof header, "\n[row]\ny = %d\n", y);
        char *start = strstr(copy, header);
        if (start == NULL) continue;
        char *end = strstr(start + 1, "\n[");
        end = end != NULL ? end : start + strlen(start);
        memmove(start, end, strlen(end) + 1);
    }
    return copy;
}

static char *with_replaced(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    char *copy = malloc(strlen(text) + strlen(to) + 1);
    if (at == NULL) {
        strcpy(copy, text);
        return copy;
    }
    size_t before = (size_t)(at - text);
    memcpy(copy, text, before);
    strcpy(copy + before, to);
    strcat(copy, at + strlen(from));
    return copy;
}

static void test_flows(Suite *s)
{
    Slot slot;
    make_slot(s, &slot, "flows");
    char error[SLOT_ERROR_SIZE];

    /* saved, then continued: the same run, and the save stays */
    CHECK(!slot_has_save(&slot));
    CHECK(slot_write(&slot, s->run, error, sizeof error));
    CHECK(slot_has_save(&slot));
    SlotLoad load;
    Run *loaded = slot_load(&slot, s->data, &load);
    CHECK(loaded != NULL);
    CHECK_INT(load.result, LOAD_OK);
    CHECK_INT(load.reasons.count, 0);
    CHECK(!load.set_aside);
    if (loaded != NULL) CHECK(save_digest(loaded) == s->run_digest);
    CHECK(slot_has_save(&slot));
    run_free(loaded);
    errors_clear(&load.reasons);

    size_t length;
    char *text = save_write(s->run, &length);

    /* damaged: set aside as save.bad, the one reason given */
    char *damaged = with_replaced(text, "\nhp = ", "\nhp = 9");
    put_save(&slot, damaged, strlen(damaged));
    CHECK(slot_load(&slot, s->data, &load) == NULL);
    CHECK_INT(load.result, LOAD_DAMAGED);
    CHECK(load.set_aside);
    CHECK(!slot_has_save(&slot));
    CHECK(same_marked(slot.bad, damaged, strlen(damaged)));
    CHECK_INT(load.reasons.count, 1);
    if (load.reasons.count == 1) {
        const char *lines[] = {"The saved run is damaged, so it's been set aside as save.bad:",
                               load.reasons.lines[0]};
        expect_explained(&load, lines, 2);
        CHECK(strstr(load.reasons.lines[0], ": 'hp' is more than 'max_hp'") != NULL);
    }
    errors_clear(&load.reasons);

    /* eleven rows missing: the first eight reasons, and "and 3 more"; a
     * save.bad from before moves along to save.1.bad, never written over */
    char *holed = without_rows(text, 10, 20);
    put_save(&slot, holed, strlen(holed));
    CHECK(slot_load(&slot, s->data, &load) == NULL);
    CHECK(load.set_aside);
    CHECK(same_marked(slot.bad, holed, strlen(holed)));
    char older[PATH_SIZE];
    path_of(older, "%s/save.1.bad", slot.dir);
    CHECK(same_marked(older, damaged, strlen(damaged)));
    CHECK_INT(load.older_bad, 1);
    CHECK_INT(load.reasons.count, 11);
    const char *explained[] = {
        "The saved run is damaged, so it's been set aside as save.bad (an older one as save.1.bad):",
        "save.txt: row 10 of the map is missing", "save.txt: row 11 of the map is missing",
        "save.txt: row 12 of the map is missing", "save.txt: row 13 of the map is missing",
        "save.txt: row 14 of the map is missing", "save.txt: row 15 of the map is missing",
        "save.txt: row 16 of the map is missing", "save.txt: row 17 of the map is missing",
        "and 3 more",
    };
    expect_explained(&load, explained, 10);
    errors_clear(&load.reasons);

    /* exactly eight reasons: no "and 0 more" */
    remove(older);
    remove(slot.bad);
    char *eight = without_rows(text, 10, 17);
    put_save(&slot, eight, strlen(eight));
    CHECK(slot_load(&slot, s->data, &load) == NULL);
    explained[0] = "The saved run is damaged, so it's been set aside as save.bad:";
    expect_explained(&load, explained, 9);
    errors_clear(&load.reasons);

    /* damaged, and it can't be renamed: it stays, and the screen says so */
    put_save(&slot, damaged, strlen(damaged));
    slot.posix.fs = &FAULT_OPS;
    arm(FAULT_RENAME, EACCES);
    CHECK(slot_load(&slot, s->data, &load) == NULL);
    arm(FAULT_NONE, 0);
    slot.posix.fs = file_system_ops();
    CHECK(!load.set_aside);
    CHECK(same_marked(slot.save, damaged, strlen(damaged)));
    char first[SLOT_ERROR_SIZE];
    snprintf(first, sizeof first, "%s", load.reasons.count > 0 ? load.reasons.lines[0] : "");
    const char *stuck[] = {"The saved run is damaged, and couldn't be set aside:", first};
    expect_explained(&load, stuck, 2);
    errors_clear(&load.reasons);

    /* another version's: kept where it is, byte for byte */
    CHECK(slot_remove(&slot));
    remove(slot.bad);
    char this_version[32], next_version[32], told[96];
    snprintf(this_version, sizeof this_version, "version = %d\n", SAVE_VERSION);
    snprintf(next_version, sizeof next_version, "version = %d\n", SAVE_VERSION + 1);
    snprintf(told, sizeof told, "save.txt: it's version %d, and this game reads versions up to %d",
             SAVE_VERSION + 1, SAVE_VERSION);
    char *other = with_replaced(text, this_version, next_version);
    put_save(&slot, other, strlen(other));
    CHECK(slot_load(&slot, s->data, &load) == NULL);
    CHECK_INT(load.result, LOAD_OTHER_VERSION);
    CHECK(!load.set_aside);
    CHECK(same_marked(slot.save, other, strlen(other)));
    CHECK(!exists(slot.bad));
    const char *version[] = {"The saved run is from another version of the game:",
                             told};
    expect_explained(&load, version, 2);
    errors_clear(&load.reasons);

    /* N on the title screen deletes it; deleting none is fine too */
    CHECK(slot_remove(&slot));
    CHECK(!slot_has_save(&slot));
    CHECK(!exists(slot.save));
    CHECK(slot_remove(&slot));

    /* a save that isn't there any more, or is far too big */
    CHECK(slot_load(&slot, s->data, &load) == NULL);
    CHECK(load.unreadable);
    const char *gone[] = {"The saved run couldn't be read, and is left as it is:",
                          "save.txt: it can't be read: it isn't there"};
    expect_explained(&load, gone, 2);
    errors_clear(&load.reasons);
    size_t huge = (4u << 20) + 1;
    char *big = malloc(huge);
    memset(big, '#', huge);
    put_save(&slot, big, huge);
    CHECK(slot_load(&slot, s->data, &load) == NULL);
    CHECK(load.set_aside);
    const char *too_big[] = {"The saved run is damaged, so it's been set aside as save.bad:",
                             "save.txt: it's far too big to be a save"};
    expect_explained(&load, too_big, 2);
    errors_clear(&load.reasons);
    free(big);

    CHECK(save_digest(s->run) == s->run_digest);
    free(other);
    free(eight);
    free(holed);
    free(damaged);
    free(text);
}

/* Every path the ops were given is one of the slot's own */
static bool only_slot_paths(const Slot *slot)
{
    char temporary[PATH_SIZE];
    temporary_of(slot, temporary);
    for (int i = 0; i < faults.noted_count; ++i) {
        const char *p = faults.noted[i];
        char journal[PATH_SIZE];
        path_of(journal, "%s/journal.txt", slot->dir);   /* set aside with a damaged save */
        bool own = strcmp(p, slot->save) == 0 || strcmp(p, slot->bad) == 0 ||
                   strcmp(p, temporary) == 0 || strcmp(p, slot->dir) == 0 || strcmp(p, journal) == 0;
        for (int b = 1; b < SLOT_BAD_KEPT; ++b) {
            char older[PATH_SIZE];
            path_of(older, "%s/save.%d.bad", slot->dir, b);
            own = own || strcmp(p, older) == 0;
        }
        if (!own) {
            fprintf(stderr, "    a path outside the slot: %s\n", p);
            return false;
        }
    }
    return true;
}

/* Sets a key of the first record of a type */
static char *with_value(const char *text, const char *type, const char *key, const char *value)
{
    char header[64], from[128];
    snprintf(header, sizeof header, "\n[%s]\n", type);
    const char *record = strstr(text, header);
    snprintf(from, sizeof from, "\n%s = ", key);
    const char *at = record != NULL ? strstr(record, from) : NULL;
    if (at == NULL) {
        fprintf(stderr, "the save has no [%s] with '%s'\n", type, key);
        exit(EXIT_FAILURE);
    }
    const char *end = strchr(at + 1, '\n');
    char *copy = malloc(strlen(text) + strlen(value) + 64);
    size_t before = (size_t)(at - text);
    memcpy(copy, text, before);
    sprintf(copy + before, "\n%s = %s", key, value);
    strcat(copy, end);
    return copy;
}

/* Names and ids that look like paths are only ever text: the slot's
 * own files are all that's touched, wherever the game is started */
static void test_paths(Suite *s)
{
    char slot_dir[PATH_SIZE], cwd[PATH_SIZE], error[SLOT_ERROR_SIZE];
    path_of(slot_dir, "%s/paths/in/slot", s->root);
    Slot slot;
    CHECK(slot_init(&slot, slot_dir, NULL, NULL, error, sizeof error));
    slot.posix.fs = &FAULT_OPS;
    arm(FAULT_NONE, 0);
    faults.noted_count = 0;
    /* from the slot folder, "../../x" would land in the test's own folder */
    CHECK(getcwd(cwd, sizeof cwd) != NULL);
    CHECK(chdir(slot_dir) == 0);
    struct stat passwd_before, passwd_after;
    bool has_passwd = stat("/etc/passwd", &passwd_before) == 0;
    char *outside_before = listing_of(s->root, slot_dir, true);

    /* a look named like a path loads, and saves back, as text */
    size_t length;
    char *text = save_write(s->run, &length);
    char *named = with_value(text, "look", "name", "../../x");
    put_save(&slot, named, strlen(named));
    SlotLoad load;
    Run *loaded = slot_load(&slot, s->data, &load);
    CHECK(loaded != NULL);
    errors_clear(&load.reasons);
    if (loaded != NULL) {
        CHECK_STR(ident_look(run_ident(loaded), 0)->name, "../../x");
        CHECK(slot_write(&slot, loaded, error, sizeof error));
        char *saved = contents(slot.save, NULL);
        CHECK(saved != NULL && strstr(saved, "\nname = ../../x\n") != NULL);
        free(saved);
    }
    run_free(loaded);

    /* so does one named like an absolute path */
    char *absolute = with_value(text, "look", "name", "/etc/passwd");
    put_save(&slot, absolute, strlen(absolute));
    loaded = slot_load(&slot, s->data, &load);
    CHECK(loaded != NULL);
    CHECK(!load.set_aside);
    errors_clear(&load.reasons);
    if (loaded != NULL) {
        CHECK_STR(ident_look(run_ident(loaded), 0)->name, "/etc/passwd");
        CHECK(slot_write(&slot, loaded, error, sizeof error));
    }
    run_free(loaded);
    free(absolute);

    /* ids like paths are damage, set aside in the slot folder itself,
     * the reason naming the field */
    static const char *const VALUES[][3] = {
        {"monster", "kind", "../../x"}, {"item", "kind", "/etc/passwd"},
        {"player", "weapon", "../../../../etc/passwd"},
        {"trap", "kind", "..\\..\\x"}, {"look", "kind", "/tmp"},
    };
    for (size_t i = 0; i < sizeof VALUES / sizeof VALUES[0]; ++i) {
        char *odd = with_value(text, VALUES[i][0], VALUES[i][1], VALUES[i][2]);
        put_save(&slot, odd, strlen(odd));
        loaded = slot_load(&slot, s->data, &load);
        CHECK(loaded == NULL);
        CHECK_INT(load.result, LOAD_DAMAGED);
        CHECK(load.set_aside);
        char said[64];
        snprintf(said, sizeof said, "'%s' should be lowercase", VALUES[i][1]);
        CHECK(load.reasons.count > 0 && strstr(load.reasons.lines[0], said) != NULL);
        run_free(loaded);
        errors_clear(&load.reasons);
        free(odd);
    }
    CHECK(slot_write(&slot, s->run, error, sizeof error));
    CHECK(faults.noted_count > 0);
    CHECK(only_slot_paths(&slot));

    /* outside the slot folder nothing changed, and in it are only its files */
    char *outside_after = listing_of(s->root, slot_dir, true);
    CHECK_STR(outside_after, outside_before);
    char *inside = listing_of(slot_dir, NULL, false);
    /* five damaged saves, all kept (SLOT_BAD_KEPT) */
    CHECK_STR(inside, "/save.1.bad\n/save.2.bad\n/save.3.bad\n/save.4.bad\n/save.bad\n/save.txt\n");
    if (has_passwd && stat("/etc/passwd", &passwd_after) == 0) {
        CHECK(passwd_after.st_size == passwd_before.st_size);
        CHECK(passwd_after.st_mtime == passwd_before.st_mtime);
    }
    CHECK(chdir(cwd) == 0);
    free(inside);
    free(outside_after);
    free(outside_before);
    free(named);
    free(text);
}

int main(void)
{
    GameData data = {0};
    load_shipped_data(&data);
    static Suite suite;
    Suite *s = &suite;
    s->data = &data;
    make_test_root(s->root, "slot");
    s->old_run = run_new(&data, 11, 1);
    s->run = run_new(&data, 12, 4);
    for (int i = 0; i < 20; ++i) run_command(s->run, cmd_make(CMD_SEARCH, 0));
    s->run_digest = save_digest(s->run);

    test_faults(s);
    test_write_whole(s);
    test_folder(s);
    test_flows(s);
    test_paths(s);

    run_free(s->run);
    run_free(s->old_run);
    remove_tree(s->root);
    CHECK(!exists(s->root));
    data_free(&data);
    return check_done("test_slot");
}
