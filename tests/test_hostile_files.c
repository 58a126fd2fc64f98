/* The save folder against what a hostile or unlucky disk holds: a link
 * planted as the temporary file, a stale temporary file, a folder or a
 * FIFO as the save, a read that fails, and a second copy of the game on
 * the same folder. Nothing outside the folder is ever written, a save that
 * can't be read is kept, and a damaged one never overwrites another. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>

#include "files.h"
#include "run_debug.h"
#include "runtest.h"
#include "save.h"
#include "session.h"
#include "slot.h"
#include "slottest.h"

typedef struct Suite {
    const GameData *data;
    char root[PATH_SIZE];
    Run *run;
} Suite;

static void make_slot(Suite *s, Slot *slot, const char *name) { make_slot_in(slot, s->root, name); }

static bool is_regular(const char *path)
{
    struct stat info;
    return lstat(path, &info) == 0 && S_ISREG(info.st_mode);
}

/* A link planted as save.txt.tmp, to a file outside the folder: the save
 * is written in the folder and the target is untouched; a dangling link's
 * target is never made */
static void test_planted_links(Suite *s)
{
    Slot slot;
    make_slot(s, &slot, "links");
    char victim[PATH_SIZE], temporary[PATH_SIZE], nowhere[PATH_SIZE];
    char error[SLOT_ERROR_SIZE];
    path_of(victim, "%s/victim.txt", s->root);
    path_of(temporary, "%s.tmp", slot.save);
    path_of(nowhere, "%s/nowhere.txt", s->root);
    put_file(victim, "precious\n", 9);
    CHECK(symlink(victim, temporary) == 0);
    CHECK(slot_write(&slot, s->run, error, sizeof error));
    CHECK(same_file(victim, "precious\n", 9));
    CHECK(is_regular(slot.save));
    CHECK(!exists(temporary));
    size_t length;
    char *text = save_write(s->run, &length);
    CHECK(same_marked(slot.save, text, length));

    CHECK(symlink(nowhere, temporary) == 0);
    CHECK(slot_write(&slot, s->run, error, sizeof error));
    CHECK(!exists(nowhere));
    CHECK(same_marked(slot.save, text, length));

    /* a temporary file a crash left behind is cleaned up by the next save */
    put_file(temporary, "half a save", 11);
    CHECK(slot_write(&slot, s->run, error, sizeof error));
    CHECK(!exists(temporary));
    CHECK(same_marked(slot.save, text, length));
    free(text);
}

/* save.txt as a folder: said to be a folder, never moved or set aside */
static void test_folder_as_save(Suite *s)
{
    Slot slot;
    make_slot(s, &slot, "folder");
    CHECK(mkdir(slot.save, 0755) == 0);
    SlotLoad load;
    CHECK(slot_load(&slot, s->data, &load) == NULL);
    CHECK(load.unreadable);
    CHECK(!load.set_aside);
    CHECK(is_folder(slot.save));
    CHECK(!exists(slot.bad));
    CHECK_INT(load.reasons.count, 1);
    if (load.reasons.count == 1) {
        CHECK_STR(load.reasons.lines[0], "save.txt: it can't be read: it's a folder, not a file");
    }
    char lines[SLOT_REASONS_SHOWN + 2][SLOT_ERROR_SIZE];
    CHECK_INT(slot_explain(&load, lines, SLOT_REASONS_SHOWN + 2), 2);
    CHECK_STR(lines[0], "The saved run couldn't be read, and is left as it is:");
    errors_clear(&load.reasons);
}

/* A FIFO as save.txt is refused at once: a child process tries, and is
 * killed if it's still waiting after a few seconds (a hang fails) */
static void test_fifo_as_save(Suite *s)
{
    Slot slot;
    make_slot(s, &slot, "fifo");
    CHECK(mkfifo(slot.save, 0644) == 0);
    pid_t child = fork();
    if (child == 0) {
        alarm(5);
        SlotLoad load;
        Run *run = slot_load(&slot, s->data, &load);
        bool refused = run == NULL && load.unreadable && !load.set_aside &&
                       load.reasons.count == 1 &&
                       strcmp(load.reasons.lines[0],
                              "save.txt: it can't be read: it's a FIFO (a pipe), not a file") == 0;
        _exit(refused ? 0 : 1);
    }
    int status = 0;
    CHECK(waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    struct stat info;
    CHECK(lstat(slot.save, &info) == 0 && S_ISFIFO(info.st_mode));
}

/* Reads that fail for a moment: the read fails with EIO */
static int failing_reads;
static ssize_t eio_read(int fd, void *data, size_t size)
{
    (void)fd, (void)data, (void)size;
    ++failing_reads;
    errno = EIO;
    return -1;
}

static int plain_openat(int folder, const char *name, int flags, int mode)
{
    return openat(folder, name, flags, (mode_t)mode);
}

/* A read error on a good save is not damage: it's kept where it is, the
 * player is told, and the next try continues it */
static void test_read_error(Suite *s)
{
    Slot slot;
    make_slot(s, &slot, "eio");
    char error[SLOT_ERROR_SIZE];
    CHECK(slot_write(&slot, s->run, error, sizeof error));
    size_t length;
    char *text = save_write(s->run, &length);
    FileOps ops = *file_system_ops();
    ops.openat = plain_openat;
    ops.read = eio_read;
    slot.posix.fs = &ops;
    SlotLoad load;
    CHECK(slot_load(&slot, s->data, &load) == NULL);
    CHECK(failing_reads > 0);
    CHECK(load.unreadable);
    CHECK(!load.set_aside);
    CHECK(same_marked(slot.save, text, length));
    CHECK(!exists(slot.bad));
    CHECK_INT(load.reasons.count, 1);
    if (load.reasons.count == 1) {
        CHECK_STR(load.reasons.lines[0],
                  "save.txt: it can't be read: the disk reported an error while reading it");
    }
    errors_clear(&load.reasons);

    slot.posix.fs = file_system_ops();
    Run *again = slot_load(&slot, s->data, &load);
    CHECK(again != NULL);
    if (again != NULL) CHECK(save_digest(again) == save_digest(s->run));
    run_free(again);
    errors_clear(&load.reasons);
    free(text);
}

/* Two damaged saves in a row, then more than are kept: none is written
 * over, the oldest go first */
static void test_damaged_kept(Suite *s)
{
    Slot slot;
    make_slot(s, &slot, "damaged");
    char texts[SLOT_BAD_KEPT + 2][32];
    for (int i = 0; i < SLOT_BAD_KEPT + 2; ++i) {
        snprintf(texts[i], sizeof texts[i], "version = 1\n# damaged %d\n", i);
        put_file(slot.save, texts[i], strlen(texts[i]));
        SlotLoad load;
        CHECK(slot_load(&slot, s->data, &load) == NULL);
        CHECK(load.set_aside);
        CHECK_INT(load.older_bad, i < SLOT_BAD_KEPT - 1 ? i : SLOT_BAD_KEPT - 1);
        errors_clear(&load.reasons);
    }
    /* the newest is save.bad, the one before save.1.bad, and so on */
    int newest = SLOT_BAD_KEPT + 1;
    CHECK(same_file(slot.bad, texts[newest], strlen(texts[newest])));
    for (int i = 1; i < SLOT_BAD_KEPT; ++i) {
        char older[PATH_SIZE];
        path_of(older, "%s/save.%d.bad", slot.dir, i);
        CHECK(same_file(older, texts[newest - i], strlen(texts[newest - i])));
    }
    char past[PATH_SIZE];
    path_of(past, "%s/save.%d.bad", slot.dir, SLOT_BAD_KEPT);
    CHECK(!exists(past));
}

/* The folder's lock: a second holder is refused with the player's words,
 * and once the first lets go (or its process ends) it can be had */
static void test_lock(Suite *s)
{
    Slot first, second;
    make_slot(s, &first, "locked");
    make_slot(s, &second, "locked");
    char error[SLOT_ERROR_SIZE];
    CHECK(slot_lock(&first, error, sizeof error));
    CHECK(!slot_lock(&second, error, sizeof error));
    char expected[SLOT_PATH_SIZE + 80];
    snprintf(expected, sizeof expected,
             "the run in %s is being played by another copy of the game", second.dir);
    CHECK_STR(error, expected);
    slot_unlock(&first);
    CHECK(slot_lock(&second, error, sizeof error));
    slot_unlock(&second);

    /* a process that holds it and dies leaves no lock behind */
    pid_t child = fork();
    if (child == 0) {
        Slot mine;
        make_slot(s, &mine, "locked");
        char e[SLOT_ERROR_SIZE];
        _exit(slot_lock(&mine, e, sizeof e) ? 0 : 1);
    }
    int status = 0;
    CHECK(waitpid(child, &status, 0) == child && WIFEXITED(status) && WEXITSTATUS(status) == 0);
    CHECK(slot_lock(&first, error, sizeof error));
    slot_unlock(&first);

    /* the lock is the folder's own: no file is made for it, and a link
     * planted as "lock" is never followed */
    Slot linked;
    make_slot(s, &linked, "linked-lock");
    CHECK(slot_lock(&linked, error, sizeof error));
    slot_unlock(&linked);
    CHECK(!exists(linked.lock));
    char target[PATH_SIZE];
    path_of(target, "%s/lock-target", s->root);
    CHECK(symlink(target, linked.lock) == 0);
    CHECK(slot_lock(&linked, error, sizeof error));
    slot_unlock(&linked);
    CHECK(!exists(target));
}

/* A byte from the other end of a pipe (0 if it closed) */
static char heard(int from)
{
    char byte = 0;
    while (read(from, &byte, 1) < 0 && errno == EINTR) continue;
    return byte;
}

/* The first copy of the game, in a child: takes the lock ('l'), then
 * when told ('m') saves its run and says so ('w'), then ends when told */
static void first_copy(Suite *s, const char *name, int told, int tell)
{
    Slot mine;
    make_slot(s, &mine, name);
    char error[SLOT_ERROR_SIZE];
    char said = slot_lock(&mine, error, sizeof error) ? 'l' : 'x';
    if (write(tell, &said, 1) != 1 || heard(told) != 'm') _exit(1);
    said = slot_write(&mine, s->run, error, sizeof error) ? 'w' : 'x';
    if (write(tell, &said, 1) != 1) _exit(1);
    heard(told);
    _exit(0);
}

/* The lock is the save folder itself (issue 31), held by the first copy
 * while it runs: deleting a file named lock lets no second copy in, and
 * one an older game left is harmless. A folder renamed away takes its
 * lock and its run along: the first copy goes on saving there, and a new
 * folder made at the path is another store, with no run in it, which a
 * second copy may lock; neither writes in the other's folder */
static void test_lock_is_the_folder(Suite *s)
{
    int down[2], up[2];
    CHECK(pipe(down) == 0 && pipe(up) == 0);
    pid_t child = fork();
    if (child == 0) first_copy(s, "held", down[0], up[1]);
    CHECK(heard(up[0]) == 'l');
    Slot second;
    make_slot(s, &second, "held");
    char error[SLOT_ERROR_SIZE], expected[SLOT_PATH_SIZE + 80];
    CHECK(!slot_lock(&second, error, sizeof error));
    snprintf(expected, sizeof expected, "the run in %s is being played by another copy of the game", second.dir);
    CHECK_STR(error, expected);
    unlink(second.lock);
    CHECK(!slot_lock(&second, error, sizeof error));
    put_file(second.lock, "an older game's lock\n", 21);
    CHECK(!slot_lock(&second, error, sizeof error));

    char moved[PATH_SIZE];
    path_of(moved, "%s.moved", second.dir);
    CHECK(rename(second.dir, moved) == 0 && mkdir(second.dir, 0755) == 0);
    CHECK(write(down[1], "m", 1) == 1 && heard(up[0]) == 'w');
    char saved[PATH_SIZE];
    path_of(saved, "%s/save.txt", moved);
    CHECK(is_regular(saved));
    CHECK(!exists(second.save));
    Slot fresh, renamed;
    make_slot(s, &fresh, "held");
    make_slot(s, &renamed, "held.moved");
    CHECK(slot_lock(&fresh, error, sizeof error));
    CHECK(!slot_lock(&renamed, error, sizeof error));
    CHECK(write(down[1], "q", 1) == 1);
    int status = 0;
    CHECK(waitpid(child, &status, 0) == child && WIFEXITED(status) && WEXITSTATUS(status) == 0);
    CHECK(slot_lock(&renamed, error, sizeof error));
    slot_unlock(&renamed);
    slot_unlock(&fresh);
    close(down[0]), close(down[1]), close(up[0]), close(up[1]);
}

static bool is_link(const char *path)
{
    struct stat info;
    return lstat(path, &info) == 0 && S_ISLNK(info.st_mode);
}

/* A link where a file of the store should be, dangling or not, is never
 * taken for "no saved run", read through, written through, replaced or
 * removed: the player is told it's a link, and it's left as it is */
static void test_linked_files(Suite *s)
{
    Slot slot;
    make_slot(s, &slot, "linked-files");
    char nowhere[PATH_SIZE], victim[PATH_SIZE], error[SLOT_ERROR_SIZE];
    path_of(nowhere, "%s/nowhere.txt", s->root);
    path_of(victim, "%s/victim.txt", s->root);
    size_t length;
    char *text = save_write(s->run, &length);
    put_marked(victim, text, length);
    const char *targets[] = {nowhere, victim};
    for (int t = 0; t < 2; ++t) {
        CHECK(symlink(targets[t], slot.save) == 0);
        CHECK(slot_has_save(&slot));
        SlotLoad load;
        CHECK(slot_load(&slot, s->data, &load) == NULL);
        CHECK(load.unreadable && !load.set_aside);
        CHECK_INT(load.reasons.count, 1);
        if (load.reasons.count == 1) {
            CHECK_STR(load.reasons.lines[0], "save.txt: it can't be read: it's a link, which the game never makes");
        }
        errors_clear(&load.reasons);
        CHECK(!slot_write(&slot, s->run, error, sizeof error));
        CHECK_STR(error, "there's a link in its place, which the game never makes: it's left as it is");
        CHECK(!slot_remove(&slot));
        CHECK(is_link(slot.save));
        CHECK(!exists(nowhere));
        CHECK(same_marked(victim, text, length));
        unlink(slot.save);
    }
    /* the class and a run kept in runs/ alike */
    char class_file[PATH_SIZE], runs[PATH_SIZE], kept[PATH_SIZE];
    put_file(victim, "fighter\n", 8);
    CHECK(symlink(victim, slot.class_file) == 0);
    char id[ID_SIZE];
    CHECK(!slot_read_class(&slot, id));
    slot_write_class(&slot, "rogue");
    CHECK(is_link(slot.class_file));
    CHECK(same_file(victim, "fighter\n", 8));
    path_of(class_file, "%s", slot.class_file);
    path_of(runs, "%s/runs", slot.dir);
    path_of(kept, "%s/000001-seed-5-floor-2-dead.txt", runs);
    CHECK(mkdir(runs, 0755) == 0 && symlink(victim, kept) == 0);
    Store store = slot_store(&slot);
    CHECK(store.ops->exists(store.self, "runs/000001-seed-5-floor-2-dead.txt"));
    CHECK_INT(store.ops->remove(store.self, "runs/000001-seed-5-floor-2-dead.txt"), ELOOP);
    CHECK(!store.ops->write(store.self, "runs/000001-seed-5-floor-2-dead.txt", "x\n", 2, error, sizeof error));
    CHECK(store.ops->append(store.self, "runs/000001-seed-5-floor-2-dead.txt", "x\n", 2, false) == ELOOP);
    CHECK(is_link(kept));
    CHECK(same_file(victim, "fighter\n", 8));
    free(text);
}

/* A run played past turn 1,000,000 saves and loads; one past what a save
 * may hold isn't written at all, and the last good save stays */
static void test_far_turns(Suite *s)
{
    Slot slot;
    make_slot(s, &slot, "far");
    char error[SLOT_ERROR_SIZE];
    Run *run = run_clone(s->run);
    run_debug_set_turn(run, 1100000);
    CHECK(slot_write(&slot, run, error, sizeof error));
    SlotLoad load;
    Run *loaded = slot_load(&slot, s->data, &load);
    CHECK(loaded != NULL);
    if (loaded != NULL) CHECK_INT(run_turn(loaded), 1100000);
    run_free(loaded);
    errors_clear(&load.reasons);
    size_t length;
    char *good = save_write(run, &length);
    run_debug_set_turn(run, REC_NUMBER_MAX + 1);
    CHECK(!slot_write(&slot, run, error, sizeof error));
    CHECK_STR(error, "it wouldn't read back (save.txt:8: 'turn' is too big)");
    CHECK(same_marked(slot.save, good, length));
    free(good);
    /* play never goes past it: the count stops there, and the run saves */
    run_debug_set_turn(run, REC_NUMBER_MAX - 1);
    for (int i = 0; i < 3; ++i) run_command(run, cmd_make(CMD_SEARCH, 0));
    CHECK_INT(run_turn(run), REC_NUMBER_MAX);
    CHECK(slot_write(&slot, run, error, sizeof error));
    run_free(run);
}

static int refused_unlinkat(int folder, const char *name, int flags)
{
    (void)folder, (void)name, (void)flags;
    errno = EACCES;
    return -1;
}

/* A death whose save can't be deleted: the save is marked over in place,
 * so the dead run can never be continued from its last checkpoint */
static void test_death_not_deleted(Suite *s)
{
    Slot slot;
    make_slot(s, &slot, "dead");
    char error[SLOT_ERROR_SIZE];
    Run *run = run_new(s->data, 8, 3);
    CHECK(slot_write(&slot, run, error, sizeof error));
    FileOps ops = *file_system_ops();
    ops.unlinkat = refused_unlinkat;
    slot.posix.fs = &ops;
    Session session;
    session_start(&session, &slot, run);
    run_debug_player(run)->hp = 1;
    run_debug_player(run)->status.poisoned = 5;
    for (int i = 0; i < 5 && run_mode(run) != MODE_DEAD; ++i) session_command(&session, cmd_make(CMD_WAIT, 0));
    CHECK_INT(run_mode(run), MODE_DEAD);
    /* said first, as the save is ended before the records are kept */
    const MsgLog *log = run_log(run);
    bool told = false;
    for (int i = 0; i < msg_count(log); ++i) {
        told = told || strcmp(msg_get(log, i)->text, "The run is over, but the save couldn't be deleted: the save "
                                                     "folder can't be written to; it's marked over, and can't be "
                                                     "continued.") == 0;
    }
    CHECK(told);
    SlotLoad load;
    CHECK(slot_load(&slot, s->data, &load) == NULL);
    CHECK(load.over);
    char lines[SLOT_REASONS_SHOWN + 2][SLOT_ERROR_SIZE];
    CHECK_INT(slot_explain(&load, lines, SLOT_REASONS_SHOWN + 2), 2);
    CHECK_STR(lines[0], "The saved run is over, and can't be continued:");
    errors_clear(&load.reasons);
    /* once the folder can be written to again, it goes */
    slot.posix.fs = file_system_ops();
    CHECK(slot_load(&slot, s->data, &load) == NULL && load.over);
    CHECK(!exists(slot.save));
    errors_clear(&load.reasons);
    run_free(run);
}

/* The save folder itself is the player's to name (AMULETS_HOME, their
 * data folder), and may be a link to where they keep it: followed once,
 * when the store opens it, and everything after goes through that folder */
static void test_linked_save_folder(Suite *s)
{
    char real[PATH_SIZE], link_path[PATH_SIZE], saved[PATH_SIZE], error[SLOT_ERROR_SIZE];
    path_of(real, "%s/kept-elsewhere", s->root);
    path_of(link_path, "%s/linked-home", s->root);
    CHECK(mkdir(real, 0755) == 0 && symlink(real, link_path) == 0);
    Slot slot;
    make_slot(s, &slot, "linked-home");
    CHECK(slot_lock(&slot, error, sizeof error));
    CHECK(slot_write(&slot, s->run, error, sizeof error));
    path_of(saved, "%s/save.txt", real);
    CHECK(is_regular(saved));
    SlotLoad load;
    Run *run = slot_load(&slot, s->data, &load);
    CHECK(run != NULL);
    run_free(run);
    errors_clear(&load.reasons);
    slot_unlock(&slot);
}

int main(void)
{
    GameData data = {0};
    load_shipped_data(&data);
    static Suite suite;
    Suite *s = &suite;
    s->data = &data;
    make_test_root(s->root, "hostile");
    s->run = run_new(&data, 5, 2);

    test_planted_links(s);
    test_folder_as_save(s);
    test_fifo_as_save(s);
    test_read_error(s);
    test_damaged_kept(s);
    test_lock(s);
    test_lock_is_the_folder(s);
    test_linked_files(s);
    test_linked_save_folder(s);
    test_far_turns(s);
    test_death_not_deleted(s);

    run_free(s->run);
    remove_tree(s->root);
    data_free(&data);
    return check_done("test_hostile_files");
}
