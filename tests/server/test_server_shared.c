/* One database shared by several connections, as several server
 * processes share one PostgreSQL (issue 35), on SQLite and, run with the
 * argument "postgres", on a PostgreSQL of the test's own (a skip, 77,
 * where it can't be had): the daily's one attempt under connections
 * racing for it (exactly one wins, the others refused by its key);
 * workers taking uploads from the queue at once, each a different one (PostgreSQL: a job
 * held in a worker's open transaction is skipped, not waited on, and
 * comes back if the worker rolls back); notices delivered on commit,
 * never on rollback; a game's lease taken, renewed, running out and
 * taken over. */
#define _GNU_SOURCE
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "db_engines.h"

enum { JOBS = 40, WORKERS = 4, DAILY_RACERS = 6 };

static int64_t add_player(Db db, const char *name)
{
    char error[DB_ERROR_SIZE];
    DbValue values[] = {db_text(name), db_int(0)};
    int64_t id = db_one_int(db, DB_PLAYER_ADD, values, 2, error, sizeof error);
    if (!CHECK(id > 0)) fprintf(stderr, "    %s\n", error);
    return id;
}

static int64_t add_game(Db db, int64_t player)
{
    char error[DB_ERROR_SIZE];
    DbValue game[] = {db_int(player), db_text("7"),   db_int(1),        db_text("fighter"), db_text("0123456789abcdef"),
                      db_text(""),    db_int(0),       db_text("ladder"), db_null(), db_null()};
    int64_t id = db_one_int(db, DB_GAME_ADD, game, 10, error, sizeof error);
    if (!CHECK(id > 0)) fprintf(stderr, "    %s\n", error);
    return id;
}

/* ---- The daily's one attempt ----------------------------------------------------- */

typedef struct Daily {
    const char *day;
    int64_t player;
} Daily;

/* A claim of the daily's attempt in a transaction held a while, so the
 * others' come while it is open: won if its row went in; lost (not
 * failed) if the primary key refused it */
static bool start_daily(Db db, int racer, void *context, bool *failed, char *error, size_t size)
{
    const Daily *daily = context;
    DbValue values[] = {db_int(daily->player), db_text(daily->day), db_int(racer)};
    if (!db.ops->begin(db.self, error, size)) {
        *failed = true;
        return false;
    }
    bool won = db_run(db, DB_DAILY_CLAIM, values, 3, NULL, NULL, error, size);
    *failed = !won && strcasestr(error, "unique") == NULL;
    usleep(30000);
    if (!won) {
        db.ops->rollback(db.self);
        return false;
    }
    if (!db.ops->commit(db.self, error, size)) {
        *failed = strcasestr(error, "unique") == NULL;
        return false;
    }
    return true;
}

static void test_daily_once(Engine *e)
{
    char where[PG_HARNESS_INFO], error[DB_ERROR_SIZE];
    Db db = engine_new(e, where, sizeof where);
    Daily daily = {"2026-12-05", add_player(db, "racer")};
    int failed;
    CHECK_INT(race(e, where, DAILY_RACERS, start_daily, &daily, &failed), 1);
    CHECK_INT(failed, 0);
    /* and once more, alone, later: still refused */
    DbValue again[] = {db_int(daily.player), db_text(daily.day), db_int(99)};
    CHECK(!db_run(db, DB_DAILY_CLAIM, again, 3, NULL, NULL, error, sizeof error));
    CHECK(strcasestr(error, "unique") != NULL);
    /* the next day is a day of its own; another player their own */
    Daily next = {"2026-12-06", daily.player}, other = {daily.day, add_player(db, "other")};
    CHECK_INT(race(e, where, 2, start_daily, &next, &failed), 1);
    CHECK_INT(failed, 0);
    CHECK_INT(race(e, where, 2, start_daily, &other, &failed), 1);
    CHECK_INT(failed, 0);
    db_close(&db);
}

/* ---- The verification queue ------------------------------------------------------ */

typedef struct Queue {
    int taken[WORKERS][JOBS];
    int counts[WORKERS];
} Queue;

static bool take_job(void *context, const DbValue *columns, int count)
{
    int64_t *id = context;
    *id = count > 0 && columns[0].type == DB_INT ? columns[0].i : -1;
    return false;
}

/* One claim: the job's number, 0 if none was left, -1 on failure */
static int64_t claim(Db db, const char *worker, char *error, size_t size)
{
    int64_t id = 0;
    DbValue values[] = {db_text(worker), db_int(1), db_int(0)};
    if (!db_run(db, DB_UPLOAD_CLAIM, values, 3, take_job, &id, error, size)) return -1;
    return id;
}

static bool work(Db db, int racer, void *context, bool *failed, char *error, size_t size)
{
    Queue *queue = context;
    char worker[16];
    snprintf(worker, sizeof worker, "worker%d", racer);
    for (;;) {
        int64_t id = claim(db, worker, error, size);
        if (id <= 0) {
            *failed = id < 0;
            return !*failed;
        }
        if (queue->counts[racer] < JOBS) queue->taken[racer][queue->counts[racer]++] = (int)id;
        DbValue done[] = {db_int(id), db_text("verified"), db_null(), db_null(), db_text(worker)};
        if (!db_run(db, DB_UPLOAD_SET, done, 5, NULL, NULL, error, size)) {
            *failed = true;
            return false;
        }
    }
}

/* An upload queued (its player the first) */
static int64_t queue_job(Db db, int i)
{
    char error[DB_ERROR_SIZE], recording[32];
    snprintf(recording, sizeof recording, "recording %d", i);
    DbValue values[] = {db_int(1), db_int(i), db_text(recording)};
    return db_one_int(db, DB_UPLOAD_ADD, values, 3, error, sizeof error);
}

static void test_workers(Engine *e)
{
    char where[PG_HARNESS_INFO];
    Db db = engine_new(e, where, sizeof where);
    add_player(db, "uploader");
    for (int i = 0; i < JOBS; ++i) CHECK(queue_job(db, i) > 0);
    static Queue queue;
    memset(&queue, 0, sizeof queue);
    int failed;
    CHECK_INT(race(e, where, WORKERS, work, &queue, &failed), WORKERS);
    CHECK_INT(failed, 0);
    int times[JOBS + 1] = {0}, total = 0;
    for (int w = 0; w < WORKERS; ++w) {
        for (int j = 0; j < queue.counts[w]; ++j) {
            if (queue.taken[w][j] >= 1 && queue.taken[w][j] <= JOBS) ++times[queue.taken[w][j]];
            ++total;
        }
    }
    CHECK_INT(total, JOBS);
    for (int j = 1; j <= JOBS; ++j) CHECK_INT(times[j], 1);
    db_close(&db);
}

typedef struct Held {
    const Engine *engine;
    const char *where;
    int64_t got;
    volatile int done;
    char error[DB_ERROR_SIZE];
} Held;

static void *claim_beside(void *arg)
{
    Held *held = arg;
    Db db;
    held->got = -1;
    if (engine_open(held->engine, held->where, true, &db, held->error, sizeof held->error)) {
        held->got = claim(db, "beside", held->error, sizeof held->error);
        db_close(&db);
    }
    __atomic_store_n(&held->done, 1, __ATOMIC_SEQ_CST);
    return NULL;
}

/* A claim at taken (ms) of the jobs queued or whose claim is older than
 * cutoff: the job's number, 0 if none, -1 on failure */
static int64_t claim_at(Db db, const char *worker, int64_t taken, int64_t cutoff)
{
    char error[DB_ERROR_SIZE];
    int64_t id = 0;
    DbValue values[] = {db_text(worker), db_int(taken), db_int(cutoff)};
    if (!db_run(db, DB_UPLOAD_CLAIM, values, 3, take_job, &id, error, sizeof error)) return -1;
    return id;
}

static bool upload_worker(void *context, const DbValue *columns, int count)
{
    char *out = context;
    snprintf(out, 64, "%s/%s", count > 4 && columns[0].type == DB_TEXT ? columns[0].s : "?",
             count > 4 && columns[4].type == DB_TEXT ? columns[4].s : "-");
    return false;
}

/* A claim its worker stops renewing (its process killed mid-job) runs
 * out and is taken again; while renewed it's kept; and only the claim's
 * holder keeps a verdict (the one that lost it is too late) */
static void test_claim_runs_out(Engine *e)
{
    char where[PG_HARNESS_INFO], error[DB_ERROR_SIZE], seen[64] = "";
    Db db = engine_new(e, where, sizeof where);
    add_player(db, "uploader");
    int64_t job = queue_job(db, 0);
    CHECK_INT(claim_at(db, "dead", 10000, 0), job);
    CHECK_INT(claim_at(db, "alive", 11000, 9000), 0);       /* held, not run out */
    DbValue renew[] = {db_text("dead"), db_int(20000)};
    CHECK(db_run(db, DB_UPLOAD_RENEW, renew, 2, NULL, NULL, error, sizeof error));
    CHECK_INT(claim_at(db, "alive", 21000, 15000), 0);      /* renewed */
    CHECK_INT(claim_at(db, "alive", 30000, 25000), job);    /* run out: taken over */
    DbValue late[] = {db_int(job), db_text("refused"), db_text("late"), db_null(), db_text("dead")};
    CHECK_INT(db_one_int(db, DB_UPLOAD_SET, late, 5, error, sizeof error), -1);
    DbValue done[] = {db_int(job), db_text("verified"), db_null(), db_null(), db_text("alive")};
    CHECK_INT(db_one_int(db, DB_UPLOAD_SET, done, 5, error, sizeof error), job);
    DbValue id = db_int(job);
    CHECK(db_run(db, DB_UPLOAD_GET, &id, 1, upload_worker, seen, error, sizeof error));
    CHECK_STR(seen, "verified/alive");
    CHECK_INT(claim_at(db, "alive", 40000, 39000), 0);      /* a verdict is never taken again */
    db_close(&db);
}

/* PostgreSQL: a worker verifies within its claim's transaction; another
 * worker meanwhile takes the next job at once (SKIP LOCKED), never waits
 * for it; and if the first rolls back (it died), its job is queued again */
static void test_held_job_skipped(Engine *e)
{
    char where[PG_HARNESS_INFO], error[DB_ERROR_SIZE];
    Db db = engine_new(e, where, sizeof where);
    add_player(db, "uploader");
    int64_t first = queue_job(db, 0), second = queue_job(db, 1);
    CHECK(db.ops->begin(db.self, error, sizeof error));
    CHECK_INT(claim(db, "holder", error, sizeof error), first);
    Held held = {e, where, 0, 0, ""};
    pthread_t thread;
    pthread_create(&thread, NULL, claim_beside, &held);
    for (int waited = 0; waited < 3000 && !__atomic_load_n(&held.done, __ATOMIC_SEQ_CST); waited += 10) usleep(10000);
    bool waited_not = __atomic_load_n(&held.done, __ATOMIC_SEQ_CST);
    CHECK(waited_not);   /* a claim that waited on the held job would still be running */
    db.ops->rollback(db.self);
    pthread_join(thread, NULL);
    if (waited_not) CHECK_INT(held.got, second);
    CHECK_INT(claim(db, "again", error, sizeof error), first);
    CHECK_INT(claim(db, "again", error, sizeof error), 0);
    db_close(&db);
}

/* ---- Notices ---------------------------------------------------------------------- */

typedef struct Heard {
    int count;
    char last[64];
} Heard;

static void hear(void *context, DbChannel channel, const char *payload)
{
    Heard *heard = context;
    if (channel != DB_CHANNEL_LOBBY) return;
    ++heard->count;
    snprintf(heard->last, sizeof heard->last, "%s", payload);
}

/* The notices arrived within ms: on the connection's socket as the
 * server's loop would wait on it */
static int wait_notices(Db db, Heard *heard, int ms)
{
    char error[DB_ERROR_SIZE];
    int before = heard->count;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        int fd = db.ops->socket(db.self);
        if (fd >= 0) {
            struct pollfd p = {fd, POLLIN, 0};
            poll(&p, 1, 20);
        }
        if (!CHECK(db.ops->notices(db.self, hear, heard, error, sizeof error) >= 0)) return heard->count - before;
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long gone = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        if (heard->count > before || gone >= ms) return heard->count - before;
        if (fd < 0) usleep(20000);
    }
}

static void test_notices(Engine *e)
{
    char where[PG_HARNESS_INFO], error[DB_ERROR_SIZE];
    Db listener = engine_new(e, where, sizeof where), sender = listener;
    /* PostgreSQL's go from any connection to any; SQLite's stay in the
     * connection (one process) */
    if (e->pg != NULL) CHECK(engine_open(e, where, true, &sender, error, sizeof error));
    Heard heard = {0, ""};
    CHECK(listener.ops->listen(listener.self, DB_CHANNEL_LOBBY, error, sizeof error));
    CHECK(sender.ops->begin(sender.self, error, sizeof error));
    CHECK(sender.ops->notify(sender.self, DB_CHANNEL_LOBBY, "started 7 'it''s' \"x\"", error, sizeof error));
    if (e->pg != NULL) CHECK_INT(wait_notices(listener, &heard, 150), 0);   /* not before the commit */
    CHECK(sender.ops->commit(sender.self, error, sizeof error));
    CHECK_INT(wait_notices(listener, &heard, 3000), 1);
    CHECK_STR(heard.last, "started 7 'it''s' \"x\"");
    /* rolled back: never delivered */
    CHECK(sender.ops->begin(sender.self, error, sizeof error));
    CHECK(sender.ops->notify(sender.self, DB_CHANNEL_LOBBY, "rolled back", error, sizeof error));
    sender.ops->rollback(sender.self);
    CHECK(sender.ops->notify(sender.self, DB_CHANNEL_LOBBY, "ended 7", error, sizeof error));
    CHECK_INT(wait_notices(listener, &heard, 3000), 1);
    CHECK_STR(heard.last, "ended 7");
    CHECK_INT(wait_notices(listener, &heard, 150), 0);
    /* too long a payload: refused, as PostgreSQL refuses it */
    static char longer[DB_NOTICE_MOST + 2];
    memset(longer, 'x', sizeof longer - 1);
    CHECK(!sender.ops->notify(sender.self, DB_CHANNEL_LOBBY, longer, error, sizeof error));
    if (e->pg != NULL) db_close(&sender);
    db_close(&listener);
}

/* ---- Leases --------------------------------------------------------------------- */

/* The lease taken by owner at now, until: the game, or -1 */
static int64_t take(Db db, int64_t game, const char *owner, int64_t now, int64_t until)
{
    char error[DB_ERROR_SIZE];
    DbValue values[] = {db_int(game), db_text(owner), db_int(until), db_int(now)};
    return db_one_int(db, DB_LEASE_TAKE, values, 4, error, sizeof error);
}

static bool count_row(void *context, const DbValue *columns, int count)
{
    (void)columns;
    (void)count;
    ++*(int *)context;
    return true;
}

/* owner's leases renewed until: how many it still holds */
static int renew(Db db, const char *owner, int64_t until)
{
    char error[DB_ERROR_SIZE];
    int count = 0;
    DbValue values[] = {db_text(owner), db_int(until)};
    CHECK(db_run(db, DB_LEASE_RENEW, values, 2, count_row, &count, error, sizeof error));
    return count;
}

static bool take_owner(void *context, const DbValue *columns, int count)
{
    if (count > 0 && columns[0].type == DB_TEXT) snprintf(context, 64, "%s", columns[0].s);
    return false;
}

typedef struct Takeover {
    int64_t game;
} Takeover;

static bool take_over(Db db, int racer, void *context, bool *failed, char *error, size_t size)
{
    (void)error;
    (void)size;
    const Takeover *t = context;
    char owner[16];
    snprintf(owner, sizeof owner, "p%d", racer);
    *failed = false;
    return take(db, t->game, owner, 30000, 40000) == t->game;
}

static void test_leases(Engine *e)
{
    char where[PG_HARNESS_INFO], error[DB_ERROR_SIZE];
    Db a = engine_new(e, where, sizeof where), b;
    CHECK(engine_open(e, where, true, &b, error, sizeof error));
    int64_t game = add_game(a, add_player(a, "leased"));
    CHECK_INT(take(a, game, "A", 1000, 11000), game);
    CHECK_INT(take(b, game, "B", 5000, 15000), -1);       /* A holds it */
    CHECK_INT(renew(a, "A", 16000), 1);
    CHECK_INT(take(b, game, "B", 12000, 22000), -1);      /* renewed: still A's */
    CHECK_INT(take(b, game, "B", 17000, 27000), game);    /* ran out: taken over */
    CHECK_INT(renew(a, "A", 26000), 0);                   /* A learns it lost it */
    CHECK_INT(take(a, game, "A", 18000, 28000), -1);
    char owner[64] = "";
    DbValue id = db_int(game);
    CHECK(db_run(b, DB_LEASE_OWNER, &id, 1, take_owner, owner, error, sizeof error));
    CHECK_STR(owner, "B");
    DbValue release[] = {db_int(game), db_text("B")};
    CHECK(db_run(b, DB_LEASE_RELEASE, release, 2, NULL, NULL, error, sizeof error));
    CHECK_INT(take(a, game, "A", 19000, 29000), game);    /* let go: anyone's */
    /* a lease run out, raced for by several processes: one takes it */
    Takeover t = {game};
    int failed;
    CHECK_INT(race(e, where, 4, take_over, &t, &failed), 1);
    /* an ended game has no lease to take */
    DbValue end[] = {db_int(game), db_int(1), db_text("d"), db_null(), db_null()};
    CHECK(db_run(a, DB_GAME_END, end, 5, NULL, NULL, error, sizeof error));
    CHECK_INT(take(a, game, "A", 99000, 99999), -1);
    db_close(&b);
    db_close(&a);
}

int main(int argc, char **argv)
{
    bool postgres = argc > 1 && strcmp(argv[1], "postgres") == 0;
    Engine engine;
    engine_begin(&engine, postgres);
    test_daily_once(&engine);
    test_workers(&engine);
    if (postgres) test_held_job_skipped(&engine);
    test_claim_runs_out(&engine);
    test_notices(&engine);
    test_leases(&engine);
    engine_end(&engine);
    return check_done(postgres ? "test_server_shared (postgres)" : "test_server_shared (sqlite)");
}
