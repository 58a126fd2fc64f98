/* Leases on live games: see lease.h */
#define _POSIX_C_SOURCE 200809L
#include "lease.h"

#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

/* The lease times are the wall clock's (ms since the epoch): several
 * processes, possibly on several machines, compare them */
static int64_t wall_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

void leases_init(Leases *leases, bool shared)
{
    leases->shared = shared;
    uint64_t salt;
    randombytes_buf(&salt, sizeof salt);
    snprintf(leases->owner, sizeof leases->owner, "%ld-%016" PRIx64, (long)getpid(), salt);
    leases->renewed_ms = 0;
}

int lease_take(Db db, const Leases *leases, int64_t run, char *error, size_t error_size)
{
    if (!leases->shared) return 1;
    int64_t now = wall_ms();
    DbValue values[] = {db_int(run), db_text(leases->owner), db_int(now + LEASE_MS), db_int(now)};
    int64_t taken = db_one_int(db, DB_LEASE_TAKE, values, 4, error, error_size);
    if (taken < 0) return error[0] != '\0' ? -1 : 0;
    return 1;
}

typedef struct Held {
    int64_t *runs;
    int count, most;
} Held;

static bool take_held(void *context, const DbValue *columns, int count)
{
    Held *held = context;
    if (count > 0 && columns[0].type == DB_INT && held->count < held->most) held->runs[held->count++] = columns[0].i;
    return true;
}

int leases_renew(Db db, Leases *leases, uint64_t now_ms, int64_t *held, int most, char *error, size_t error_size)
{
    Held h = {held, 0, most};
    if (!leases->shared) {   /* every live run is this process's */
        leases->renewed_ms = now_ms;
        return -1;
    }
    DbValue values[] = {db_text(leases->owner), db_int(wall_ms() + LEASE_MS)};
    if (!db_run(db, DB_LEASE_RENEW, values, 2, take_held, &h, error, error_size)) return -1;
    leases->renewed_ms = now_ms;
    return h.count;
}

void lease_release(Db db, const Leases *leases, int64_t run)
{
    if (!leases->shared) return;
    char error[DB_ERROR_SIZE];
    DbValue values[] = {db_int(run), db_text(leases->owner)};
    db_run(db, DB_LEASE_RELEASE, values, 2, NULL, NULL, error, sizeof error);
}

int leases_due(const Leases *leases, uint64_t now_ms)
{
    if (!leases->shared) return -1;
    uint64_t due = leases->renewed_ms + LEASE_RENEW_MS;
    return due > now_ms ? (int)(due - now_ms) : 0;
}
