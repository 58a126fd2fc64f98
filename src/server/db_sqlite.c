/* The database on SQLite (db.h): the one file that names SQLite. Each
 * statement is prepared once, from db.h's table, the first time it runs,
 * and kept; values are only ever bound. */
#include "db.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A notice sent or arrived */
typedef struct Notice {
    DbChannel channel;
    char *payload;
} Notice;

typedef struct Notices {
    Notice *all;
    int count, capacity;
} Notices;

typedef struct SqliteDb {
    sqlite3 *handle;
    sqlite3_stmt *prepared[DB_STATEMENT_COUNT];
    /* Notices within one process: those sent in the open transaction
     * (pending), delivered at its commit to this connection if it
     * listens (arrived), as PostgreSQL delivers them */
    bool listening[DB_CHANNEL_COUNT];
    Notices pending, arrived;
    /* A transaction sent (db.h's send_*): run as it came, so its answer
     * is known once it's sent: 1 committed, -1 failed, 0 none sent */
    int sent;
    char sent_error[DB_ERROR_SIZE];
} SqliteDb;

static void say(SqliteDb *db, char *error, size_t error_size, const char *what)
{
    snprintf(error, error_size, "%s: %s", what, sqlite3_errmsg(db->handle));
}

static sqlite3_stmt *prepared(SqliteDb *db, DbStatement which, char *error, size_t error_size)
{
    if (which < 0 || which >= DB_STATEMENT_COUNT) {
        snprintf(error, error_size, "no such statement (%d)", (int)which);
        return NULL;
    }
    if (db->prepared[which] == NULL &&
        sqlite3_prepare_v3(db->handle, db_statement_text(which), -1, SQLITE_PREPARE_PERSISTENT,
                           &db->prepared[which], NULL) != SQLITE_OK) {
        say(db, error, error_size, "a statement couldn't be prepared");
        return NULL;
    }
    return db->prepared[which];
}

/* $N by its name, so a text may name them in any order */
static bool bind(SqliteDb *db, sqlite3_stmt *stmt, const DbValue *values, int count, char *error,
                 size_t error_size)
{
    if (count != sqlite3_bind_parameter_count(stmt)) {
        snprintf(error, error_size, "%d values for a statement of %d", count, sqlite3_bind_parameter_count(stmt));
        return false;
    }
    for (int i = 0; i < count; ++i) {
        char name[16];
        snprintf(name, sizeof name, "$%d", i + 1);
        int at = sqlite3_bind_parameter_index(stmt, name);
        const DbValue *v = &values[i];
        int rc = at == 0                ? SQLITE_RANGE
                 : v->type == DB_INT    ? sqlite3_bind_int64(stmt, at, v->i)
                 : v->type == DB_TEXT   ? sqlite3_bind_text(stmt, at, v->s, (int)v->n, SQLITE_STATIC)
                                        : sqlite3_bind_null(stmt, at);
        if (rc != SQLITE_OK) {
            say(db, error, error_size, "a value couldn't be bound");
            return false;
        }
    }
    return true;
}

static void read_row(sqlite3_stmt *stmt, DbValue *columns, int count)
{
    for (int c = 0; c < count; ++c) {
        switch (sqlite3_column_type(stmt, c)) {
        case SQLITE_NULL: columns[c] = db_null(); break;
        case SQLITE_INTEGER: columns[c] = db_int(sqlite3_column_int64(stmt, c)); break;
        default:
            columns[c].type = DB_TEXT;
            columns[c].s = (const char *)sqlite3_column_text(stmt, c);
            columns[c].n = (size_t)sqlite3_column_bytes(stmt, c);
            if (columns[c].s == NULL) columns[c] = db_bytes("", 0);
            break;
        }
    }
}

static bool sqlite_run(void *self, DbStatement which, const DbValue *values, int count, DbEach each,
                       void *context, char *error, size_t error_size)
{
    SqliteDb *db = self;
    sqlite3_stmt *stmt = prepared(db, which, error, error_size);
    if (stmt == NULL) return false;
    bool ok = bind(db, stmt, values, count, error, error_size);
    int rc = SQLITE_DONE;
    bool more = true;
    while (ok && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        if (each == NULL || !more) continue;   /* the statement still runs to its end */
        DbValue columns[DB_MOST_VALUES];
        int n = sqlite3_column_count(stmt);
        if (n > DB_MOST_VALUES) n = DB_MOST_VALUES;
        read_row(stmt, columns, n);
        more = each(context, columns, n);
    }
    if (ok && rc != SQLITE_DONE) {
        say(db, error, error_size, "a statement failed");
        ok = false;
    }
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
    return ok;
}

/* ---- Notices ---------------------------------------------------------------- */

static bool notice_add(Notices *notices, DbChannel channel, const char *payload)
{
    if (notices->count == notices->capacity) {
        int capacity = notices->capacity > 0 ? notices->capacity * 2 : 8;
        Notice *all = realloc(notices->all, (size_t)capacity * sizeof *all);
        if (all == NULL) return false;
        notices->all = all;
        notices->capacity = capacity;
    }
    size_t n = strlen(payload) + 1;
    char *copy = malloc(n);
    if (copy == NULL) return false;
    memcpy(copy, payload, n);
    notices->all[notices->count++] = (Notice){channel, copy};
    return true;
}

static void notices_clear(Notices *notices)
{
    for (int i = 0; i < notices->count; ++i) free(notices->all[i].payload);
    notices->count = 0;
}

/* The transaction's notices delivered (it committed) */
static void deliver(SqliteDb *db)
{
    for (int i = 0; i < db->pending.count; ++i) {
        Notice *n = &db->pending.all[i];
        if (db->listening[n->channel]) notice_add(&db->arrived, n->channel, n->payload);
    }
    notices_clear(&db->pending);
}

static bool sqlite_listen(void *self, DbChannel channel, char *error, size_t error_size)
{
    SqliteDb *db = self;
    if (db_channel_name(channel) == NULL) {
        snprintf(error, error_size, "no such channel (%d)", (int)channel);
        return false;
    }
    db->listening[channel] = true;
    return true;
}

static bool sqlite_notify(void *self, DbChannel channel, const char *payload, char *error, size_t error_size)
{
    SqliteDb *db = self;
    if (db_channel_name(channel) == NULL || strlen(payload) > DB_NOTICE_MOST) {
        snprintf(error, error_size, "a notice on no channel, or longer than %d bytes", DB_NOTICE_MOST);
        return false;
    }
    if (!notice_add(&db->pending, channel, payload)) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    if (sqlite3_get_autocommit(db->handle)) deliver(db);   /* no transaction: it commits now */
    return true;
}

static int sqlite_notices(void *self, DbNoticed each, void *context, char *error, size_t error_size)
{
    (void)error;
    (void)error_size;
    SqliteDb *db = self;
    int count = db->arrived.count;
    for (int i = 0; i < count; ++i) each(context, db->arrived.all[i].channel, db->arrived.all[i].payload);
    notices_clear(&db->arrived);
    return count;
}

static int sqlite_socket(void *self)
{
    (void)self;
    return -1;
}

/* ---- Transactions ------------------------------------------------------------ */

/* The fixed texts the engine's own commands are (never built) */
static bool sqlite_exec_fixed(SqliteDb *db, const char *fixed, char *error, size_t error_size)
{
    if (sqlite3_exec(db->handle, fixed, NULL, NULL, NULL) == SQLITE_OK) return true;
    say(db, error, error_size, "the database refused");
    return false;
}

static bool sqlite_begin(void *self, char *error, size_t error_size)
{
    return sqlite_exec_fixed(self, "BEGIN IMMEDIATE", error, error_size);
}

static bool sqlite_commit(void *self, char *error, size_t error_size)
{
    SqliteDb *db = self;
    if (!sqlite_exec_fixed(db, "COMMIT", error, error_size)) return false;
    deliver(db);
    return true;
}

static void sqlite_rollback(void *self)
{
    SqliteDb *db = self;
    char error[DB_ERROR_SIZE];
    sqlite_exec_fixed(db, "ROLLBACK", error, sizeof error);
    notices_clear(&db->pending);
}

/* ---- A transaction sent whole ------------------------------------------------ */

static void sent_failed(SqliteDb *db, const char *error)
{
    if (db->sent != -1) snprintf(db->sent_error, sizeof db->sent_error, "%s", error);
    db->sent = -1;
}

static bool sqlite_send_begin(void *self, char *error, size_t error_size)
{
    SqliteDb *db = self;
    db->sent = 0;
    if (sqlite_begin(db, error, error_size)) return true;
    sent_failed(db, error);
    return false;
}

static bool sqlite_send(void *self, DbStatement which, const DbValue *values, int count, char *error,
                        size_t error_size)
{
    SqliteDb *db = self;
    if (db->sent == -1) return false;
    if (sqlite_run(db, which, values, count, NULL, NULL, error, error_size)) return true;
    sent_failed(db, error);
    return false;
}

static bool sqlite_send_commit(void *self, char *error, size_t error_size)
{
    SqliteDb *db = self;
    if (db->sent == 0 && sqlite_commit(db, error, error_size)) {
        db->sent = 1;
        return true;
    }
    if (db->sent == 0) sent_failed(db, error);
    sqlite_rollback(db);
    return false;
}

static int sqlite_sent_done(void *self, bool wait, char *error, size_t error_size)
{
    (void)wait;
    SqliteDb *db = self;
    int done = db->sent;
    if (done < 0) snprintf(error, error_size, "%s", db->sent_error);
    db->sent = 0;
    return done;
}

static bool has_meta(void *context, const DbValue *columns, int count)
{
    *(bool *)context = count > 0 && columns[0].type == DB_INT && columns[0].i > 0;
    return false;
}

static bool read_version(void *context, const DbValue *columns, int count)
{
    int *version = context;
    *version = count > 0 && columns[0].type == DB_TEXT ? atoi(columns[0].s) : -1;
    return false;
}

static int sqlite_version(void *self, char *error, size_t error_size)
{
    SqliteDb *db = self;
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(db->handle, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'",
                           -1, &stmt, NULL) != SQLITE_OK) {
        say(db, error, error_size, "the database can't be read");
        return -1;
    }
    bool meta = false;
    if (sqlite3_step(stmt) == SQLITE_ROW) {
        DbValue column;
        read_row(stmt, &column, 1);
        has_meta(&meta, &column, 1);
    }
    sqlite3_finalize(stmt);
    if (!meta) return 0;
    int version = -1;
    DbValue key = db_text("schema");
    if (!sqlite_run(self, DB_META_GET, &key, 1, read_version, &version, error, error_size)) return -1;
    if (version < 0) snprintf(error, error_size, "the database's schema version can't be read");
    return version;
}

static bool sqlite_apply(void *self, int index, char *error, size_t error_size)
{
    if (index < 0 || index >= DB_SCHEMA_VERSION) return false;
    return sqlite_exec_fixed(self, DB_MIGRATIONS[index].sqlite, error, error_size);
}

static void sqlite_close(void *self)
{
    SqliteDb *db = self;
    for (int i = 0; i < DB_STATEMENT_COUNT; ++i) sqlite3_finalize(db->prepared[i]);
    sqlite3_close(db->handle);
    notices_clear(&db->pending);
    notices_clear(&db->arrived);
    free(db->pending.all);
    free(db->arrived.all);
    free(db);
}

static const DbOps SQLITE_OPS = {
    "sqlite",          sqlite_run,         sqlite_begin,  sqlite_commit,  sqlite_rollback, sqlite_version,
    sqlite_apply,      sqlite_send_begin,  sqlite_send,   sqlite_send_commit, sqlite_sent_done,
    sqlite_listen,     sqlite_notify,      sqlite_notices, sqlite_socket,  sqlite_close,
};

bool db_sqlite_open(Db *out, const char *path, bool fast, char *error, size_t error_size)
{
    SqliteDb *db = calloc(1, sizeof *db);
    if (db == NULL) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    if (sqlite3_open_v2(path, &db->handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK) {
        snprintf(error, error_size, "%s can't be opened: %s", path,
                 db->handle != NULL ? sqlite3_errmsg(db->handle) : "out of memory");
        sqlite3_close(db->handle);
        free(db);
        return false;
    }
    sqlite3_busy_timeout(db->handle, 5000);
    bool ok = sqlite_exec_fixed(db, "PRAGMA journal_mode = WAL", error, error_size) &&
              sqlite_exec_fixed(db, fast ? "PRAGMA synchronous = NORMAL" : "PRAGMA synchronous = FULL",
                                error, error_size) &&
              sqlite_exec_fixed(db, "PRAGMA foreign_keys = ON", error, error_size);
    if (!ok) {
        sqlite_close(db);
        return false;
    }
    out->ops = &SQLITE_OPS;
    out->self = db;
    return true;
}
