/* The disk's store (store_posix.c): runs/ and morgue/ planted as links
 * are never followed, a planted number overwrites nothing, append makes
 * and flushes what it should, and names that would leave the store are
 * refused. Its race against links swapped in and out is test_store_race. */
#define _POSIX_C_SOURCE 200809L

#include "files.h"

#include "check.h"
#include "runtest.h"
#include "session.h"
#include "slot.h"
#include "store.h"

static GameData data;

/* A run that dies waiting on floor 9, as test_morgue's */
enum { DEATH_SEED = 12, DEATH_FLOOR = 9 };

/* A run saved in a folder on the disk, then played till it dies */
static void die_on_disk(Slot *slot, const char *dir)
{
    char error[SLOT_ERROR_SIZE];
    CHECK(slot_init(slot, dir, NULL, NULL, error, sizeof error));
    Run *run = run_new(&data, DEATH_SEED, DEATH_FLOOR);
    Session session;
    session_start(&session, slot, run);
    CHECK(session_save(&session));
    for (int i = 0; i < 300 && run_mode(run) == MODE_PLAYING; ++i) session_command(&session, cmd_make(CMD_WAIT, 0));
    CHECK_INT(run_mode(run), MODE_DEAD);
    run_free(run);
}

/* runs/ and morgue/ planted as links to a folder outside, full of
 * numbered files: nothing is written there, nothing deleted */
static void test_linked_folders(const char *root)
{
    char outside[PATH_SIZE], dir[PATH_SIZE], link_path[PATH_SIZE], file[PATH_SIZE];
    path_of(outside, "%s/outside", root);
    path_of(dir, "%s/linked", root);
    CHECK(mkdir(outside, 0755) == 0 && mkdir(dir, 0755) == 0);
    for (int i = 1; i <= 150; ++i) {
        path_of(file, "%s/%06d-seed-1-floor-1-dead.txt", outside, i);
        put_file(file, "precious\n", 9);
    }
    char *before = listing_of(outside, NULL, true);
    path_of(link_path, "%s/runs", dir);
    CHECK(symlink(outside, link_path) == 0);
    path_of(link_path, "%s/morgue", dir);
    CHECK(symlink(outside, link_path) == 0);
    Slot slot;
    die_on_disk(&slot, dir);
    char *after = listing_of(outside, NULL, true);
    CHECK_STR(after, before);
    free(before);
    free(after);
}

/* A planted name with the largest 64-bit number: the next record is
 * numbered past the largest of the game's own, never with a minus sign,
 * and overwrites nothing */
static void test_largest_number(const char *root)
{
    char dir[PATH_SIZE], runs[PATH_SIZE], file[PATH_SIZE];
    path_of(dir, "%s/largest", root);
    path_of(runs, "%s/runs", dir);
    CHECK(mkdir(dir, 0755) == 0 && mkdir(runs, 0755) == 0);
    path_of(file, "%s/9223372036854775807-seed-1-floor-1-dead.txt", runs);
    put_file(file, "planted\n", 8);
    path_of(file, "%s/000041-seed-1-floor-1-dead.txt", runs);
    put_file(file, "the game's\n", 11);
    Slot slot;
    die_on_disk(&slot, dir);
    char *listing = listing_of(runs, NULL, false);
    char newest[64];
    snprintf(newest, sizeof newest, "/000042-seed-%d-floor-%d-dead.txt\n", DEATH_SEED, DEATH_FLOOR);
    CHECK(strstr(listing, newest) != NULL);
    CHECK(strchr(listing, '-') == strstr(listing, "-seed"));   /* no name begins with a minus */
    path_of(file, "%s/9223372036854775807-seed-1-floor-1-dead.txt", runs);
    CHECK(same_file(file, "planted\n", 8));
    path_of(file, "%s/000041-seed-1-floor-1-dead.txt", runs);
    CHECK(same_file(file, "the game's\n", 11));
    free(listing);
    /* the store's numbers: 18 digits at most, the next always fits */
    CHECK(store_number("999999999999999999-seed-1") == STORE_NUMBER_LAST);
    CHECK(store_number("9223372036854775807-seed-1") == -1);
    CHECK(store_number("000001-seed-1") == 1);
    CHECK(store_number("-1-seed-1") == -1 && store_number("12-sed-1") == -1);
}

static int fsyncs;
static int counted_fsync(int fd)
{
    ++fsyncs;
    return fsync(fd);
}

/* The disk's append: a missing file (and its folder) made, the bytes
 * added at its end; with sync the file is flushed, and its folder too
 * when the append made it, so it's there after a power cut (not at every
 * append: that would be a second wait on the disk each time); a folder
 * made (runs/) has its own name flushed in the store's folder */
static void test_disk_append(const char *root)
{
    char dir[PATH_SIZE], path[PATH_SIZE], error[STORE_ERROR_SIZE];
    path_of(dir, "%s/append", root);
    PosixStore posix;
    CHECK(store_posix_open(&posix, dir, true, error, sizeof error));
    FileOps counting = *file_system_ops();
    counting.fsync = counted_fsync;
    posix.fs = &counting;
    Store store = store_posix(&posix);
    const char *names[] = {"journal.txt", "runs/000001-seed-1-floor-1-dead.txt"};
    for (int i = 0; i < 2; ++i) {
        fsyncs = 0;
        int made = i;   /* runs/ is made too, and the store's folder flushed */
        CHECK_INT(store.ops->append(store.self, names[i], "one\n", 4, true), 0);
        CHECK_INT(fsyncs, made + 2);   /* the file, and the folder it was made in */
        CHECK_INT(store.ops->append(store.self, names[i], "two\n", 4, false), 0);
        CHECK_INT(fsyncs, made + 2);
        CHECK_INT(store.ops->append(store.self, names[i], "three\n", 6, true), 0);
        CHECK_INT(fsyncs, made + 3);   /* the file only */
        path_of(path, "%s/%s", dir, names[i]);
        CHECK(same_file(path, "one\ntwo\nthree\n", 14));
    }
    store_posix_close(&posix);
}

/* Names with "..", a leading '/', or two folders down are refused */
static void test_names(void)
{
    CHECK(store_name_ok("save.txt"));
    CHECK(store_name_ok("runs/000001-seed-1-floor-1-dead.txt"));
    const char *refused[] = {"", "/etc/passwd", "../save.txt", "runs/../../x", "a/b/c", "runs/",
                             "./save.txt", "runs/.", "runs//x"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; ++i) {
        if (!CHECK(!store_name_ok(refused[i]))) fprintf(stderr, "    %s\n", refused[i]);
    }
}

int main(void)
{
    load_shipped_data(&data);
    test_names();
    char root[PATH_SIZE];
    make_test_root(root, "store-disk");
    test_linked_folders(root);
    test_largest_number(root);
    test_disk_append(root);
    remove_tree(root);
    data_free(&data);
    return check_done("test_store_disk");
}
