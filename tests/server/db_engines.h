/* What the database suites share (included by each; _GNU_SOURCE first):
 * the engines they run against, SQLite and PostgreSQL (a server of the
 * test's own, pg_harness.h), a fresh empty database of either, and
 * connections racing in threads. */
#ifndef AMULETS_DB_ENGINES_H
#define AMULETS_DB_ENGINES_H

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "db.h"
#include "pg_harness.h"

typedef struct Engine {
    const char *name;
    PgHarness *pg;              /* PostgreSQL's, or NULL: SQLite */
    char root[256];             /* SQLite's files' folder */
    int made;                   /* databases made so far */
} Engine;

/* A fresh, empty database of the engine: where (a file, a conninfo) */
static inline void engine_fresh(Engine *e, char *where, size_t size)
{
    ++e->made;
    if (e->pg == NULL) {
        snprintf(where, size, "%s/db%d.sqlite", e->root, e->made);
        return;
    }
    char name[32];
    snprintf(name, sizeof name, "test%d", e->made);
    if (!pg_harness_database(e->pg, name, where, size)) {
        fprintf(stderr, "a database of PostgreSQL's couldn't be made\n");
        exit(EXIT_FAILURE);
    }
}

static inline bool engine_open(const Engine *e, const char *where, bool fast, Db *db, char *error, size_t size)
{
    return e->pg != NULL ? db_pg_open(db, where, fast, error, size) : db_sqlite_open(db, where, fast, error, size);
}

/* A fresh database, opened and migrated (a failure ends the test) */
static inline Db engine_new(Engine *e, char *where, size_t size)
{
    Db db;
    char error[DB_ERROR_SIZE];
    engine_fresh(e, where, size);
    if (!engine_open(e, where, true, &db, error, sizeof error) || !db_migrate(db, error, sizeof error)) {
        fprintf(stderr, "%s: a fresh database: %s\n", e->name, error);
        exit(EXIT_FAILURE);
    }
    return db;
}

static inline void engine_begin(Engine *e, bool postgres)
{
    static PgHarness pg;
    e->made = 0;
    e->name = postgres ? "postgres" : "sqlite";
    e->pg = NULL;
    if (postgres) {   /* first: a skip (77) leaves nothing behind */
        pg_harness_start(&pg);
        e->pg = &pg;
    }
    snprintf(e->root, sizeof e->root, "/tmp/amulets-server-db-XXXXXX");
    if (mkdtemp(e->root) == NULL) exit(EXIT_FAILURE);
    fprintf(stderr, "-- %s\n", e->name);
}

static inline void engine_end(Engine *e)
{
    char command[400];
    snprintf(command, sizeof command, "rm -rf '%s'", e->root);
    if (system(command) != 0) fprintf(stderr, "can't remove %s\n", e->root);
    if (e->pg != NULL) pg_harness_stop(e->pg);
}

/* ---- Connections racing -------------------------------------------------------- */

enum { RACERS_MOST = 8 };

/* What a racer does on its own connection once all are ready: true if
 * it won (took the thing raced for); error says why on failure */
typedef bool (*RaceStep)(Db db, int racer, void *context, bool *failed, char *error, size_t size);

typedef struct Racer {
    const Engine *engine;
    const char *where;
    int index;
    RaceStep step;
    void *context;
    pthread_barrier_t *ready;
    bool won, failed;
    char error[DB_ERROR_SIZE];
} Racer;

static inline void *racer_run(void *arg)
{
    Racer *r = arg;
    Db db;
    bool opened = engine_open(r->engine, r->where, true, &db, r->error, sizeof r->error);
    pthread_barrier_wait(r->ready);
    if (!opened) {
        r->failed = true;
        return NULL;
    }
    r->won = r->step(db, r->index, r->context, &r->failed, r->error, sizeof r->error);
    db_close(&db);
    return NULL;
}

/* Runs count racers at once, each on a connection of its own: how many
 * won; failed counts those that failed (each said on stderr) */
static inline int race(const Engine *e, const char *where, int count, RaceStep step, void *context, int *failed)
{
    Racer racers[RACERS_MOST] = {0};
    pthread_t threads[RACERS_MOST];
    pthread_barrier_t ready;
    pthread_barrier_init(&ready, NULL, (unsigned)count);
    for (int i = 0; i < count; ++i) {
        racers[i] = (Racer){e, where, i, step, context, &ready, false, false, ""};
        pthread_create(&threads[i], NULL, racer_run, &racers[i]);
    }
    int won = 0;
    *failed = 0;
    for (int i = 0; i < count; ++i) {
        pthread_join(threads[i], NULL);
        won += racers[i].won;
        if (racers[i].failed) {
            ++*failed;
            fprintf(stderr, "%s: racer %d failed: %s\n", e->name, i, racers[i].error);
        }
    }
    pthread_barrier_destroy(&ready);
    return won;
}

#endif
