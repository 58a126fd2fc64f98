/* make bench-server's commits: the server's group commit through db.h,
 * on SQLite (synchronous FULL) and on a PostgreSQL 15 of the benchmark's
 * own (tools/pg.sh: fsync on, synchronous_commit on), one commit after
 * another as the server makes them (one in flight at a time), each of
 * GROUP events spread over 50 games and each game's count updated. For
 * each engine and group size it prints
 *   RATE commit_ENGINE_HOW_gGROUP_events_per_s  events committed a second
 * HOW is "sent" (db.h's send_*: PostgreSQL's pipeline mode, the server's
 * way) or "run" (each statement waited on). SECONDS (3) each. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "db.h"
#include "pg_harness.h"

enum { GAMES = 50 };

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

typedef struct Bench {
    Db db;
    int64_t games[GAMES];
    int seq[GAMES];
} Bench;

static bool put(Db db, bool sent, DbStatement which, const DbValue *values, int count, char *error)
{
    if (sent) return db.ops->send(db.self, which, values, count, error, DB_ERROR_SIZE);
    return db_run(db, which, values, count, NULL, NULL, error, DB_ERROR_SIZE);
}

/* One group commit of group events: true if it committed */
static bool commit_group(Bench *b, bool sent, int group, char *error)
{
    Db db = b->db;
    bool ok = sent ? db.ops->send_begin(db.self, error, DB_ERROR_SIZE) : db.ops->begin(db.self, error, DB_ERROR_SIZE);
    int touched = group < GAMES ? group : GAMES;
    for (int e = 0; ok && e < group; ++e) {
        int g = e % GAMES;
        DbValue event[] = {db_int(b->games[g]), db_int(b->seq[g]++), db_text("k"), db_int(e), db_int(0)};
        ok = put(db, sent, DB_EVENT_ADD, event, 5, error);
    }
    for (int g = 0; ok && g < touched; ++g) {
        DbValue count[] = {db_int(b->games[g]), db_int(b->seq[g])};
        ok = put(db, sent, DB_GAME_EVENTS, count, 2, error);
    }
    if (!sent) {
        if (ok) return db.ops->commit(db.self, error, DB_ERROR_SIZE);
        db.ops->rollback(db.self);
        return false;
    }
    db.ops->send_commit(db.self, error, DB_ERROR_SIZE);
    return db.ops->sent_done(db.self, true, error, DB_ERROR_SIZE) > 0;
}

static bool measure(Bench *b, const char *engine, bool sent, int group, double seconds)
{
    char error[DB_ERROR_SIZE] = "";
    long events = 0, commits = 0;
    double start = now_s(), end = start + seconds, now = start;
    while (now < end) {
        if (!commit_group(b, sent, group, error)) {
            fprintf(stderr, "bench-commit: %s: %s\n", engine, error);
            return false;
        }
        events += group;
        ++commits;
        now = now_s();
    }
    double took = now - start;
    printf("RATE commit_%s_%s_g%d_events_per_s %.0f events/s (%.0f commits/s)\n", engine, sent ? "sent" : "run", group,
           (double)events / took, (double)commits / took);
    fflush(stdout);
    return true;
}

static bool run_engine(const char *engine, const char *where, bool postgres, double seconds)
{
    Bench b = {0};
    char error[DB_ERROR_SIZE];
    bool opened = postgres ? db_pg_open(&b.db, where, false, error, sizeof error)
                           : db_sqlite_open(&b.db, where, false, error, sizeof error);
    if (!opened || !db_migrate(b.db, error, sizeof error)) {
        fprintf(stderr, "bench-commit: %s: %s\n", engine, error);
        return false;
    }
    DbValue player[] = {db_text("bench"), db_int(0)};
    int64_t id = db_one_int(b.db, DB_PLAYER_ADD, player, 2, error, sizeof error);
    bool ok = id > 0;
    for (int g = 0; ok && g < GAMES; ++g) {
        DbValue game[] = {db_int(id), db_text("1"), db_int(1), db_text("fighter"), db_text("0"), db_text(""), db_int(0),
                          db_text("ladder"), db_null(), db_null()};
        b.games[g] = db_one_int(b.db, DB_GAME_ADD, game, 10, error, sizeof error);
        ok = b.games[g] > 0;
    }
    static const int GROUPS[] = {1, 10, 100};
    for (int s = 0; ok && s < 2; ++s) {
        for (int i = 0; ok && i < 3; ++i) ok = measure(&b, engine, s == 0, GROUPS[i], seconds);
    }
    db_close(&b.db);
    return ok;
}

int main(void)
{
    const char *env = getenv("SECONDS");
    double seconds = env != NULL && atof(env) > 0 ? atof(env) : 3;
    char root[] = "/tmp/amulets-bench-commit-XXXXXX", path[128];
    if (mkdtemp(root) == NULL) return EXIT_FAILURE;
    snprintf(path, sizeof path, "%s/db.sqlite", root);
    bool ok = run_engine("sqlite", path, false, seconds);
    static PgHarness pg;
    pg_harness_start(&pg);
    char conninfo[PG_HARNESS_INFO];
    ok = ok && pg_harness_database(&pg, "bench", conninfo, sizeof conninfo) &&
         run_engine("postgres", conninfo, true, seconds);
    pg_harness_stop(&pg);
    char command[200];
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    return ok && system(command) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
