/* A save killed part way (kill -9, a crash, the power cord as far as a
 * process can tell): at each system call of a save in turn, and at random
 * moments over hundreds of saves, the save left is always the old one or
 * the new one, whole, and loads. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "files.h"
#include "rng.h"
#include "runtest.h"
#include "save.h"
#include "slot.h"

/* ---- Ops that kill the process at the Nth system call ---------------------- */

static int calls, kill_at;

static void count_call(void)
{
    if (++calls == kill_at) raise(SIGKILL);
}

static int k_openat(int folder, const char *name, int flags, int mode)
{
    count_call();
    return openat(folder, name, flags, (mode_t)mode);
}
static ssize_t k_write(int fd, const void *data, size_t size)
{
    count_call();
    return write(fd, data, size < 4096 ? size : 4096);   /* a few calls per save */
}
static int k_fsync(int fd) { count_call(); return fsync(fd); }
static int k_close(int fd) { count_call(); return close(fd); }
static int k_renameat(int from_folder, const char *from, int to_folder, const char *to)
{
    count_call();
    return renameat(from_folder, from, to_folder, to);
}
static int k_unlinkat(int folder, const char *name, int flags)
{
    count_call();
    return unlinkat(folder, name, flags);
}
static ssize_t k_read(int fd, void *data, size_t size) { count_call(); return read(fd, data, size); }
static int k_mkdirat(int folder, const char *name, int mode)
{
    count_call();
    return mkdirat(folder, name, (mode_t)mode);
}
static int k_fstatat(int folder, const char *name, struct stat *info, int flags)
{
    count_call();
    return fstatat(folder, name, info, flags);
}

static const FileOps KILLING_OPS = {
    .openat = k_openat, .write = k_write,       .fsync = k_fsync,
    .close = k_close,   .renameat = k_renameat, .unlinkat = k_unlinkat,
    .read = k_read,     .mkdirat = k_mkdirat,   .fstatat = k_fstatat,
};

typedef struct Suite {
    const GameData *data;
    char root[PATH_SIZE];
    Slot slot;
    char *old_text, *new_text;
    size_t old_length, new_length;
    Run *old_run, *new_run;
} Suite;

/* The save is one of the two, whole, and loads as that run */
static bool old_or_new(Suite *s)
{
    bool is_old = same_marked(s->slot.save, s->old_text, s->old_length);
    bool is_new = same_marked(s->slot.save, s->new_text, s->new_length);
    if (!is_old && !is_new) return false;
    SlotLoad load;
    Run *run = slot_load(&s->slot, s->data, &load);
    errors_clear(&load.reasons);
    bool right = run != NULL && save_digest(run) == save_digest(is_old ? s->old_run : s->new_run);
    run_free(run);
    return right;
}

/* Runs one save in a child that is killed at system call n; returns
 * false once n is past the save's last call (the child finished) */
static bool save_killed_at(Suite *s, int n)
{
    pid_t child = fork();
    if (child == 0) {
        calls = 0;
        kill_at = n;
        s->slot.posix.fs = &KILLING_OPS;
        char error[SLOT_ERROR_SIZE];
        _exit(slot_write(&s->slot, s->new_run, error, sizeof error) ? 0 : 1);
    }
    int status = 0;
    waitpid(child, &status, 0);
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

static void put_old(Suite *s)
{
    char error[SLOT_ERROR_SIZE];
    s->slot.posix.fs = file_system_ops();
    if (!slot_write(&s->slot, s->old_run, error, sizeof error)) {
        fprintf(stderr, "can't write the old save: %s\n", error);
        exit(EXIT_FAILURE);
    }
}

static void test_each_call(Suite *s)
{
    int killed = 0;
    for (int n = 1; n < 1000; ++n) {
        put_old(s);
        bool died = save_killed_at(s, n);
        s->slot.posix.fs = file_system_ops();
        CHECK(old_or_new(s));
        if (!died) break;
        ++killed;
    }
    /* the look for a link, unlinkat, openat, writes, fsync, close,
     * renameat, the folder's fsync: every one of them was a place to die */
    CHECK(killed >= 9);
    printf("killed at each of %d system calls of a save\n", killed);
}

/* The child of test_random_moments: saves the two runs by turns as fast
 * as it can, telling the parent (a byte on the pipe) once its first save
 * is made, so the kill can't come before it has begun */
static void save_by_turns(Suite *s, int told)
{
    char error[SLOT_ERROR_SIZE];
    for (int k = 0;; ++k) {
        slot_write(&s->slot, k % 2 ? s->old_run : s->new_run, error, sizeof error);
        if (k == 0 && write(told, "s", 1) != 1) _exit(1);
    }
}

/* A child saving the two runs by turns, killed a random while after its
 * first save (on a loaded machine, a while from the fork could pass
 * before the child ran at all), many times */
static void test_random_moments(Suite *s, int times)
{
    Rng rng;
    rng_seed(&rng, 2026);
    int mid_save = 0;
    for (int i = 0; i < times; ++i) {
        put_old(s);
        int pipe_ends[2];
        if (pipe(pipe_ends) != 0) {
            perror("pipe");
            exit(EXIT_FAILURE);
        }
        pid_t child = fork();
        if (child == 0) {
            close(pipe_ends[0]);
            save_by_turns(s, pipe_ends[1]);
        }
        close(pipe_ends[1]);
        char byte = 0;
        ssize_t got;
        while ((got = read(pipe_ends[0], &byte, 1)) < 0 && errno == EINTR) continue;
        close(pipe_ends[0]);
        CHECK(got == 1);   /* the child made its first save */
        struct timespec pause = {0, (long)rng_roll(&rng, 0, 3000) * 1000L};
        nanosleep(&pause, NULL);
        kill(child, SIGKILL);
        waitpid(child, NULL, 0);
        char temporary[PATH_SIZE];
        path_of(temporary, "%s.tmp", s->slot.save);
        if (exists(temporary)) ++mid_save;
        CHECK(old_or_new(s));
    }
    printf("%d saves killed at random moments, %d of them with the new file half made\n",
           times, mid_save);
    CHECK(mid_save > 0);
}

int main(void)
{
    GameData data = {0};
    load_shipped_data(&data);
    static Suite suite;
    Suite *s = &suite;
    s->data = &data;
    make_test_root(s->root, "kill");
    char dir[PATH_SIZE], error[SLOT_ERROR_SIZE];
    path_of(dir, "%s/slot", s->root);
    if (!slot_init(&s->slot, dir, NULL, NULL, error, sizeof error)) return EXIT_FAILURE;
    s->old_run = run_new(&data, 3, 2);
    s->new_run = run_new(&data, 4, 7);
    s->old_text = save_write(s->old_run, &s->old_length);
    s->new_text = save_write(s->new_run, &s->new_length);

    test_each_call(s);
    test_random_moments(s, getenv("AMULETS_SANITIZED") ? 200 : 300);

    free(s->old_text);
    free(s->new_text);
    run_free(s->old_run);
    run_free(s->new_run);
    remove_tree(s->root);
    data_free(&data);
    return check_done("test_kill_save");
}
