/* The server's database on SQLite (db.h): made and migrated to the
 * schema's version, in WAL mode; migrating again changes nothing; a
 * database of a newer version refused and left as it was; values bound,
 * never read as SQL (a name with quotes and SQL in it is stored and found
 * as itself); a transaction rolled back leaves nothing; events read back
 * in their order; every statement's values as many as its text's $N. */
#define _GNU_SOURCE
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "db.h"

static char root[256], path[320];

static bool take_text(void *context, const DbValue *columns, int count)
{
    if (count > 0 && columns[0].type == DB_TEXT) snprintf(context, 64, "%s", columns[0].s);
    return false;
}

static void journal_mode(char out[16])
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

static void test_made_and_migrated(void)
{
    Db db;
    char error[DB_ERROR_SIZE], version[64] = "";
    CHECK(db_sqlite_open(&db, path, false, error, sizeof error));
    CHECK(db_migrate(db, error, sizeof error));
    DbValue key = db_text("schema");
    CHECK(db_run(db, DB_META_GET, &key, 1, take_text, version, error, sizeof error));
    CHECK_INT(atoi(version), DB_SCHEMA_VERSION);
    CHECK(db_migrate(db, error, sizeof error));   /* again: nothing to do */
    CHECK_INT(db.ops->version(db.self, error, sizeof error), DB_SCHEMA_VERSION);
    db_close(&db);
    char mode[16];
    journal_mode(mode);
    CHECK_STR(mode, "wal");
}

static void test_values_are_values(void)
{
    Db db;
    char error[DB_ERROR_SIZE], name[64] = "";
    CHECK(db_sqlite_open(&db, path, true, error, sizeof error));
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

static void test_transactions(void)
{
    Db db;
    char error[DB_ERROR_SIZE];
    CHECK(db_sqlite_open(&db, path, true, error, sizeof error));
    CHECK(db.ops->begin(db.self, error, sizeof error));
    DbValue values[] = {db_text("rolled-back"), db_int(0)};
    CHECK(db_one_int(db, DB_PLAYER_ADD, values, 2, error, sizeof error) > 0);
    db.ops->rollback(db.self);
    CHECK_INT(db_one_int(db, DB_PLAYER_FIND, values, 1, error, sizeof error), -1);

    DbValue player[] = {db_text("kept"), db_int(0)};
    int64_t id = db_one_int(db, DB_PLAYER_ADD, player, 2, error, sizeof error);
    DbValue game[] = {db_int(id), db_text("18446744073709551615"), db_int(1), db_text("fighter"),
                      db_text("0123456789abcdef"), db_text("keys default take default"), db_int(0),
                      db_text("ladder"), db_null()};
    int64_t run = db_one_int(db, DB_GAME_ADD, game, 9, error, sizeof error);
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
    db_close(&db);
}

static void test_newer_refused(void)
{
    Db db;
    char error[DB_ERROR_SIZE], version[64] = "";
    CHECK(db_sqlite_open(&db, path, true, error, sizeof error));
    DbValue values[] = {db_text("schema"), db_text("99")};
    CHECK(db_run(db, DB_META_SET, values, 2, NULL, NULL, error, sizeof error));
    db_close(&db);
    CHECK(db_sqlite_open(&db, path, true, error, sizeof error));
    CHECK(!db_migrate(db, error, sizeof error));
    CHECK(strstr(error, "newer") != NULL);
    DbValue key = db_text("schema");
    CHECK(db_run(db, DB_META_GET, &key, 1, take_text, version, error, sizeof error));
    CHECK_STR(version, "99");
    db_close(&db);
}

static void test_statement_values(void)
{
    Db db;
    char error[DB_ERROR_SIZE];
    char other[400];
    snprintf(other, sizeof other, "%s/values.sqlite", root);
    CHECK(db_sqlite_open(&db, other, true, error, sizeof error));
    CHECK(db_migrate(db, error, sizeof error));
    sqlite3 *handle;
    CHECK(sqlite3_open(other, &handle) == SQLITE_OK);
    for (int s = 0; s < DB_STATEMENT_COUNT; ++s) {
        sqlite3_stmt *stmt = NULL;
        CHECK(sqlite3_prepare_v2(handle, db_statement_text((DbStatement)s), -1, &stmt, NULL) == SQLITE_OK);
        CHECK_INT(sqlite3_bind_parameter_count(stmt), db_statement_values((DbStatement)s));
        CHECK(strchr(db_statement_text((DbStatement)s), '%') == NULL);
        sqlite3_finalize(stmt);
    }
    sqlite3_close(handle);
    db_close(&db);
}

int main(void)
{
    snprintf(root, sizeof root, "/tmp/amulets-server-db-XXXXXX");
    if (mkdtemp(root) == NULL) return EXIT_FAILURE;
    snprintf(path, sizeof path, "%s/db.sqlite", root);
    test_made_and_migrated();
    test_values_are_values();
    test_transactions();
    test_newer_refused();
    test_statement_values();
    char command[400];
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    if (system(command) != 0) return EXIT_FAILURE;
    return check_done("test_server_db");
}
