/* runs/ and morgue/ swapped for links to a folder outside the store, in
 * and out, thousands of times by a second process while the disk's store
 * writes, appends, lists, renames and removes there (issue 31): the store
 * acts through folders it opened without following a link, so nothing
 * outside is ever written, made, listed or deleted. The folder outside
 * holds a file of every name the store uses (and each one's .tmp), and is
 * checked byte for byte at the end. */
#define _GNU_SOURCE   /* renameat2 */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>

#include "check.h"
#include "files.h"
#include "store.h"

enum { NAMES = 40 };

/* The store's nth name in folder, "runs/000007-seed-1-floor-1-dead.txt" */
static void name_of(char out[STORE_NAME_SIZE], const char *folder, int n)
{
    snprintf(out, STORE_NAME_SIZE, "%s/%06d-seed-1-floor-1-dead.txt", folder, n % NAMES + 1);
}

/* Every file outside, name then bytes, one text: what must not change */
static char *everything_in(const char *folder)
{
    char *listing = listing_of(folder, NULL, true);
    size_t used = strlen(listing), room = used + 1;
    char *all = malloc(room);
    memcpy(all, listing, used + 1);
    for (char *line = listing; *line != '\0';) {
        char *end = strchr(line, '\n');
        *end = '\0';
        char *space = strrchr(line, ' ');
        if (space != NULL) *space = '\0';
        char path[PATH_SIZE];
        path_of(path, "%s%s", folder, line);
        size_t length = 0;
        char *text = contents(path, &length);
        all = realloc(all, room + length + 1);
        if (text != NULL) memcpy(all + used, text, length);
        used += text != NULL ? length : 0;
        all[used] = '\0';
        room = used + 1;
        free(text);
        line = end + 1;
    }
    free(listing);
    return all;
}

/* Swaps a with b: at once where the system can (so the store never finds
 * the folder missing), else in three renames */
static void swap(const char *a, const char *b, const char *spare)
{
    if (renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) == 0) return;
    if (rename(a, spare) == 0) {
        rename(b, a);
        rename(spare, b);
    }
}

/* The second process: swaps each folder with its link, in and out, till
 * it is killed; tells the parent (a byte on the pipe) after its first */
static void swapper(const char *store_dir, int told)
{
    char folders[2][PATH_SIZE], links[2][PATH_SIZE], spares[2][PATH_SIZE];
    const char *names[2] = {"runs", "morgue"};
    for (int f = 0; f < 2; ++f) {
        path_of(folders[f], "%s/%s", store_dir, names[f]);
        path_of(links[f], "%s/%s.link", store_dir, names[f]);
        path_of(spares[f], "%s/%s.spare", store_dir, names[f]);
    }
    for (long n = 0;; ++n) {
        swap(folders[n % 2], links[n % 2], spares[n % 2]);
        if (n == 1 && write(told, "s", 1) != 1) _exit(1);
    }
}

static int no_sync(int fd)
{
    (void)fd;
    return 0;
}

static bool count_name(void *context, const char *name)
{
    int *outside = context;
    if (strcmp(name, "only-outside.txt") == 0) ++*outside;
    return true;
}

/* How many files outside differ from the sentinels put there: written,
 * deleted, or made anew */
static int touched_outside(const char *outside)
{
    int touched = 0, found = 0;
    for (int n = 0; n < NAMES; ++n) {
        char name[STORE_NAME_SIZE], path[PATH_SIZE];
        name_of(name, "x", n);
        path_of(path, "%s/%s", outside, name + 2);
        touched += !same_file(path, "outside: never to be touched\n", 29);
        path_of(path, "%s/%s.tmp", outside, name + 2);
        touched += !same_file(path, "outside, a .tmp\n", 16);
    }
    char *listing = listing_of(outside, NULL, false);
    for (const char *p = listing; (p = strchr(p, '\n')) != NULL; ++p) ++found;
    free(listing);
    /* the sentinels, and only-outside.txt */
    return touched + (found > 2 * NAMES + 1 ? found - (2 * NAMES + 1) : 0);
}

typedef struct Tally {
    int done, refused, listed_outside;
} Tally;

/* One round of the store's calls on runs/ and morgue/ */
static void one_round(Store store, int n, Tally *tally)
{
    char name[STORE_NAME_SIZE], other[STORE_NAME_SIZE], morgue[STORE_NAME_SIZE], error[STORE_ERROR_SIZE];
    name_of(name, "runs", n);
    name_of(other, "runs", n + NAMES / 2);
    name_of(morgue, "morgue", n);
    static const char TEXT[] = "the store's own\n";
    int ok = 0;
    ok += store_write_marked(store, name, TEXT, sizeof TEXT - 1, error, sizeof error);
    ok += store.ops->write(store.self, morgue, TEXT, sizeof TEXT - 1, error, sizeof error);
    ok += store.ops->append(store.self, morgue, TEXT, sizeof TEXT - 1, false) == 0;
    ok += store.ops->list(store.self, "runs", count_name, &tally->listed_outside, error, sizeof error);
    ok += store.ops->list(store.self, "morgue", count_name, &tally->listed_outside, error, sizeof error);
    ok += store.ops->rename(store.self, name, other) == 0;
    ok += store.ops->remove(store.self, other) == 0;
    ok += store.ops->remove(store.self, morgue) == 0;
    tally->done += 8;
    tally->refused += 8 - ok;
}

/* The folder outside, full of sentinels (a file of every name the store
 * uses, each one's .tmp, and one to be listed only if outside is), and
 * the store's folder with runs/ and morgue/ and a link to outside beside
 * each, for the swapper */
static void set_up(const char *dir, const char *outside)
{
    char path[PATH_SIZE];
    CHECK(mkdir(dir, 0755) == 0 && mkdir(outside, 0755) == 0);
    for (int n = 0; n < NAMES; ++n) {
        char name[STORE_NAME_SIZE];
        name_of(name, "x", n);
        path_of(path, "%s/%s", outside, name + 2);
        put_file(path, "outside: never to be touched\n", 29);
        path_of(path, "%s/%s.tmp", outside, name + 2);
        put_file(path, "outside, a .tmp\n", 16);
    }
    path_of(path, "%s/only-outside.txt", outside);
    put_file(path, "never listed\n", 13);
    const char *folders[] = {"runs", "morgue"};
    for (int f = 0; f < 2; ++f) {
        path_of(path, "%s/%s", dir, folders[f]);
        CHECK(mkdir(path, 0755) == 0);
        path_of(path, "%s/%s.link", dir, folders[f]);
        CHECK(symlink(outside, path) == 0);
    }
}

/* The store's rounds while a child swaps the links in and out */
static Tally race(Store store, const char *dir)
{
    int pipe_ends[2];
    CHECK(pipe(pipe_ends) == 0);
    pid_t child = fork();
    if (child == 0) {
        close(pipe_ends[0]);
        swapper(dir, pipe_ends[1]);
    }
    close(pipe_ends[1]);
    char byte = 0;
    CHECK(read(pipe_ends[0], &byte, 1) == 1);   /* it has begun */
    close(pipe_ends[0]);
    Tally tally = {0};
    int rounds = check_sanitized() ? 1500 : 3000;
    for (int n = 0; n < rounds; ++n) one_round(store, n, &tally);
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    return tally;
}

int main(void)
{
    char root[PATH_SIZE], dir[PATH_SIZE], outside[PATH_SIZE];
    make_test_root(root, "race");
    path_of(dir, "%s/store", root);
    path_of(outside, "%s/outside", root);
    set_up(dir, outside);
    char *before = everything_in(outside);
    PosixStore posix;
    char error[STORE_ERROR_SIZE];
    CHECK(store_posix_open(&posix, dir, true, error, sizeof error));
    FileOps quick = *file_system_ops();
    quick.fsync = no_sync;   /* thousands of writes needn't wait for the disk */
    posix.fs = &quick;
    Tally tally = race(store_posix(&posix), dir);
    store_posix_close(&posix);

    char *after = everything_in(outside);
    int touched = touched_outside(outside);
    CHECK_INT(touched, 0);
    CHECK(strcmp(after, before) == 0);
    CHECK_INT(tally.listed_outside, 0);
    /* the links were met (calls refused), and the folders too (calls done) */
    CHECK(tally.refused > 0 && tally.refused < tally.done);
    printf("%d calls on runs/ and morgue/ while they were swapped for links: %d refused, "
           "%d listed a file outside, %d files outside written, made or deleted\n",
           tally.done, tally.refused, tally.listed_outside, touched);
    free(before);
    free(after);
    remove_tree(root);
    return check_done("test_store_race");
}
