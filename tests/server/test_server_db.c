/* The server's database (db.h), on SQLite and, run with the argument
 * "postgres", on a PostgreSQL of the test's own (tools/pg.sh; a skip, 77,
 * where it can't be had): made and migrated to the schema's version (in
 * WAL mode on SQLite); migrating again changes nothing; servers migrating
 * one empty database at once all start; a database of a newer version
 * refused and left as it was; values bound, never read as SQL (a name
 * with quotes and SQL in it is stored and found as itself); a
 * transaction rolled back leaves nothing; events read back in their
 * order; every statement's values as many as its text's $N. */
#define _GNU_SOURCE
#include <libpq-fe.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db_engines.h"

static bool take_text(void *context, const DbValue *columns, int count)
{
    if (count > 0 && columns[0].type == DB_TEXT) snprintf(context, 64, "%s", columns[0].s);
    return false;
}

static void journal_mode(const char *path, char out[16])
{
    sqlite3 *handle;
    sqlite3_stmt *stmt;
    out[0] = '\0';
    if (sqlite3_open(path, &handle) != SQLITE_OK) return;
    if (sqlite3_prepare_v2(handle, "PRAGMA journal_mode", -1, &stmt, NULL) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW) {
        snprintf(out, 16, "%s", (const char *)sqlite3_column_text(stmt, 0));
    }
    sqlite3_finalize(stmt);
    sqlite3_close(handle);
}

static void test_made_and_migrated(Engine *e)
{
    Db db;
    char error[DB_ERROR_SIZE], version[64] = "", path[PG_HARNESS_INFO];
    engine_fresh(e, path, sizeof path);
    CHECK(engine_open(e, path, false, &db, error, sizeof error));
    CHECK(db_migrate(db, error, sizeof error));
    DbValue key = db_text("schema");
    CHECK(db_run(db, DB_META_GET, &key, 1, take_text, version, error, sizeof error));
    CHECK_INT(atoi(version), DB_SCHEMA_VERSION);
    CHECK(db_migrate(db, error, sizeof error));   /* again: nothing to do */
    CHECK_INT(db.ops->version(db.self, error, sizeof error), DB_SCHEMA_VERSION);
    CHECK_STR(db.ops->engine, e->name);
    db_close(&db);
    if (e->pg != NULL) return;
    char mode[16];
    journal_mode(path, mode);
    CHECK_STR(mode, "wal");
}

static bool migrate(Db db, int racer, void *context, bool *failed, char *error, size_t size)
{
    (void)racer;
    (void)context;
    *failed = !db_migrate(db, error, size);
    return !*failed;
}

/* Several servers starting on one empty database at once: each migrates
 * it or finds it migrated, none fails (PostgreSQL: an advisory lock) */
static void test_migrations_race(Engine *e)
{
    char where[PG_HARNESS_INFO], error[DB_ERROR_SIZE];
    engine_fresh(e, where, sizeof where);
    int failed;
    CHECK_INT(race(e, where, 4, migrate, NULL, &failed), 4);
    CHECK_INT(failed, 0);
    Db db;
    CHECK(engine_open(e, where, true, &db, error, sizeof error));
    CHECK_INT(db.ops->version(db.self, error, sizeof error), DB_SCHEMA_VERSION);
    db_close(&db);
}

static void test_values_are_values(Engine *e)
{
    char error[DB_ERROR_SIZE], name[64] = "", path[PG_HARNESS_INFO];
    Db db = engine_new(e, path, sizeof path);
    static const char *const NASTY[] = {"' OR 1=1 --", "x'); DROP TABLE players; --", "$1", "\"quoted\"", "%s%n"};
    int64_t ids[5];
    for (int i = 0; i < 5; ++i) {
        DbValue values[] = {db_text(NASTY[i]), db_int(0)};
        ids[i] = db_one_int(db, DB_PLAYER_ADD, values, 2, error, sizeof error);
        CHECK(ids[i] > 0);
    }
    for (int i = 0; i < 5; ++i) {
        DbValue value = db_text(NASTY[i]);
        CHECK_INT(db_one_int(db, DB_PLAYER_FIND, &value, 1, error, sizeof error), ids[i]);
        DbValue id = db_int(ids[i]);
        CHECK(db_run(db, DB_PLAYER_NAME, &id, 1, take_text, name, error, sizeof error));
        CHECK_STR(name, NASTY[i]);
    }
    DbValue other = db_text("nobody");
    CHECK_INT(db_one_int(db, DB_PLAYER_FIND, &other, 1, error, sizeof error), -1);
    CHECK_STR(error, "");
    /* too few values: refused, never run */
    CHECK(!db_run(db, DB_PLAYER_ADD, &other, 1, NULL, NULL, error, sizeof error));
    db_close(&db);
}

typedef struct Events {
    int count;
    bool in_order;
} Events;

static bool count_event(void *context, const DbValue *c, int count)
{
    Events *e = context;
    e->in_order = e->in_order && count == 4 && c[0].i == e->count && c[2].i == e->count * 10;
    ++e->count;
    return true;
}

static void test_transactions(Engine *e)
{
    char error[DB_ERROR_SIZE], path[PG_HARNESS_INFO];
    Db db = engine_new(e, path, sizeof path);
    CHECK(db.ops->begin(db.self, error, sizeof error));
    DbValue values[] = {db_text("rolled-back"), db_int(0)};
    CHECK(db_one_int(db, DB_PLAYER_ADD, values, 2, error, sizeof error) > 0);
    db.ops->rollback(db.self);
    CHECK_INT(db_one_int(db, DB_PLAYER_FIND, values, 1, error, sizeof error), -1);

    DbValue player[] = {db_text("kept"), db_int(0)};
    int64_t id = db_one_int(db, DB_PLAYER_ADD, player, 2, error, sizeof error);
    DbValue game[] = {db_int(id), db_text("18446744073709551615"), db_int(1), db_text("fighter"),
                      db_text("0123456789abcdef"), db_text("keys default take default"), db_int(0),
                      db_text("ladder"), db_null(), db_null()};
    int64_t run = db_one_int(db, DB_GAME_ADD, game, 10, error, sizeof error);
    CHECK(run > 0);
    CHECK(db.ops->begin(db.self, error, sizeof error));
    for (int i = 0; i < 50; ++i) {
        DbValue event[] = {db_int(run), db_int(i), db_text("k"), db_int(i * 10), db_int(0)};
        CHECK(db_run(db, DB_EVENT_ADD, event, 5, NULL, NULL, error, sizeof error));
    }
    CHECK(db.ops->commit(db.self, error, sizeof error));
    Events events = {0, true};
    DbValue which = db_int(run);
    CHECK(db_run(db, DB_EVENTS_OF, &which, 1, count_event, &events, error, sizeof error));
    CHECK_INT(events.count, 50);
    CHECK(events.in_order);
    /* a second event of the same number is refused: none is written twice */
    DbValue again[] = {db_int(run), db_int(3), db_text("k"), db_int(0), db_int(0)};
    CHECK(!db_run(db, DB_EVENT_ADD, again, 5, NULL, NULL, error, sizeof error));
    /* a transaction a failed statement is in keeps nothing of it */
    CHECK(db.ops->begin(db.self, error, sizeof error));
    DbValue more[] = {db_int(run), db_int(50), db_text("k"), db_int(500), db_int(0)};
    CHECK(db_run(db, DB_EVENT_ADD, more, 5, NULL, NULL, error, sizeof error));
    CHECK(!db_run(db, DB_EVENT_ADD, again, 5, NULL, NULL, error, sizeof error));
    db.ops->rollback(db.self);
    events = (Events){0, true};
    CHECK(db_run(db, DB_EVENTS_OF, &which, 1, count_event, &events, error, sizeof error));
    CHECK_INT(events.count, 50);
    db_close(&db);
}

static void test_newer_refused(Engine *e)
{
    char error[DB_ERROR_SIZE], version[64] = "", path[PG_HARNESS_INFO];
    Db db = engine_new(e, path, sizeof path);
    DbValue values[] = {db_text("schema"), db_text("99")};
    CHECK(db_run(db, DB_META_SET, values, 2, NULL, NULL, error, sizeof error));
    db_close(&db);
    CHECK(engine_open(e, path, true, &db, error, sizeof error));
    CHECK(!db_migrate(db, error, sizeof error));
    CHECK(strstr(error, "newer") != NULL);
    DbValue key = db_text("schema");
    CHECK(db_run(db, DB_META_GET, &key, 1, take_text, version, error, sizeof error));
    CHECK_STR(version, "99");
    db_close(&db);
}

/* Each statement's $N as many as the engine itself counts */
static void sqlite_statement_values(const char *path)
{
    sqlite3 *handle;
    CHECK(sqlite3_open(path, &handle) == SQLITE_OK);
    for (int s = 0; s < DB_STATEMENT_COUNT; ++s) {
        sqlite3_stmt *stmt = NULL;
        CHECK(sqlite3_prepare_v2(handle, db_statement_text((DbStatement)s), -1, &stmt, NULL) == SQLITE_OK);
        CHECK_INT(sqlite3_bind_parameter_count(stmt), db_statement_values((DbStatement)s));
        sqlite3_finalize(stmt);
    }
    sqlite3_close(handle);
}

static void pg_statement_values(const char *conninfo)
{
    PGconn *conn = PQconnectdb(conninfo);
    CHECK(PQstatus(conn) == CONNECTION_OK);
    for (int s = 0; s < DB_STATEMENT_COUNT; ++s) {
        char name[16];
        snprintf(name, sizeof name, "s%d", s);
        PGresult *made = PQprepare(conn, name, db_statement_postgres((DbStatement)s), 0, NULL);
        if (!CHECK(PQresultStatus(made) == PGRES_COMMAND_OK)) fprintf(stderr, "    %s", PQresultErrorMessage(made));
        PQclear(made);
        PGresult *described = PQdescribePrepared(conn, name);
        CHECK_INT(PQnparams(described), db_statement_values((DbStatement)s));
        PQclear(described);
    }
    PQfinish(conn);
}

static void test_statement_values(Engine *e)
{
    char where[PG_HARNESS_INFO];
    Db db = engine_new(e, where, sizeof where);
    for (int s = 0; s < DB_STATEMENT_COUNT; ++s) {
        CHECK(strchr(db_statement_text((DbStatement)s), '%') == NULL);
        CHECK(strchr(db_statement_postgres((DbStatement)s), '%') == NULL);
    }
    if (e->pg != NULL) pg_statement_values(where);
    else sqlite_statement_values(where);
    db_close(&db);
}

int main(int argc, char **argv)
{
    bool postgres = argc > 1 && strcmp(argv[1], "postgres") == 0;
    Engine engine;
    engine_begin(&engine, postgres);
    test_made_and_migrated(&engine);
    test_migrations_race(&engine);
    test_values_are_values(&engine);
    test_transactions(&engine);
    test_newer_refused(&engine);
    test_statement_values(&engine);
    engine_end(&engine);
    return check_done(postgres ? "test_server_db (postgres)" : "test_server_db (sqlite)");
}
