/* The database on PostgreSQL (db.h) through libpq: the one file that
 * names libpq. Each statement is prepared once per connection
 * (PQprepare, named by its number), from db.h's table (its PostgreSQL
 * text where it has one), the first time it runs; values are only ever
 * sent as parameters, in text form. Errors are PostgreSQL's own words.
 *
 * A transaction sent whole (db.h's send_*: the server's group commit) goes
 * in libpq's pipeline mode: BEGIN, its statements and COMMIT written at
 * once, their answers read when they come on the socket, which the
 * server's epoll loop watches; the loop never waits on PostgreSQL for
 * it. Every other call waits for its answer (and first for a sent
 * transaction's). A connection lost between
 * transactions is made again (PQreset) at the next call, its statements
 * prepared again and its channels listened to again; one lost within a
 * transaction fails the transaction, which the caller holds and retries. */
#include "db.h"

#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* PostgreSQL's numbers for its integer types (catalog/pg_type.h, fixed
 * since forever): columns of these are read as integers */
enum { PG_INT8 = 20, PG_INT2 = 21, PG_INT4 = 23 };

/* The migrations take this advisory lock, so two servers starting on one
 * empty database migrate it once, one after the other */
#define MIGRATION_LOCK "SELECT pg_advisory_xact_lock(3505)"

#define LISTEN_TEXT(name, text) "LISTEN " text,
static const char *const LISTEN_TEXTS[] = {DB_CHANNELS(LISTEN_TEXT)};
#undef LISTEN_TEXT

typedef struct PgDb {
    PGconn *conn;
    bool fast;
    bool in_transaction;
    bool prepared[DB_STATEMENT_COUNT];
    bool listening[DB_CHANNEL_COUNT];
    /* A transaction sent (pipeline mode): in flight, its statements
     * prepared within it (forgotten if it fails), and once its answer is
     * read, that (1, -1) until sent_done gives it */
    bool flying, synced;
    bool fresh[DB_STATEMENT_COUNT];
    int landed;
    char landed_error[DB_ERROR_SIZE];
} PgDb;

static int land(PgDb *db, bool wait);

/* PostgreSQL's message on one line (its lines joined, its closing
 * newline gone) */
static void say(char *error, size_t error_size, const char *what, const char *message)
{
    int at = snprintf(error, error_size, "%s: ", what);
    for (const char *c = message; c != NULL && *c != '\0' && at >= 0 && (size_t)at + 1 < error_size; ++c) {
        if (*c == '\t') continue;
        error[at++] = *c == '\n' ? ' ' : *c;
    }
    while (at > 0 && (size_t)at <= error_size && error[at - 1] == ' ') --at;
    if (at >= 0 && (size_t)at < error_size) error[at] = '\0';
}

static void quiet(void *context, const char *message)
{
    (void)context;
    (void)message;
}

/* A fixed text of the engine's own (never built): true if it ran */
static bool exec_fixed(PgDb *db, const char *fixed, char *error, size_t error_size)
{
    PGresult *result = PQexec(db->conn, fixed);
    ExecStatusType status = PQresultStatus(result);
    bool ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
    if (!ok) say(error, error_size, "the database refused", PQresultErrorMessage(result));
    PQclear(result);
    return ok;
}

/* What every new connection is set to: durability, and the channels */
static bool settle(PgDb *db, char *error, size_t error_size)
{
    PQsetNoticeProcessor(db->conn, quiet, NULL);
    memset(db->prepared, 0, sizeof db->prepared);
    if (!exec_fixed(db, db->fast ? "SET synchronous_commit = off" : "SET synchronous_commit = on", error,
                    error_size)) {
        return false;
    }
    for (int c = 0; c < DB_CHANNEL_COUNT; ++c) {
        if (db->listening[c] && !exec_fixed(db, LISTEN_TEXTS[c], error, error_size)) return false;
    }
    return true;
}

/* The connection, made again if it was lost (never within a transaction:
 * that one is gone, and says so) */
static bool ready(PgDb *db, char *error, size_t error_size)
{
    if (db->flying) land(db, true);
    if (PQstatus(db->conn) == CONNECTION_OK) return true;
    if (db->in_transaction) {
        say(error, error_size, "the database was lost mid-transaction", PQerrorMessage(db->conn));
        return false;
    }
    PQreset(db->conn);
    if (PQstatus(db->conn) != CONNECTION_OK) {
        say(error, error_size, "the database can't be reached", PQerrorMessage(db->conn));
        return false;
    }
    return settle(db, error, error_size);
}

static bool prepare(PgDb *db, DbStatement which, const char *name, char *error, size_t error_size)
{
    if (db->prepared[which]) return true;
    PGresult *result = PQprepare(db->conn, name, db_statement_postgres(which), 0, NULL);
    db->prepared[which] = PQresultStatus(result) == PGRES_COMMAND_OK;
    if (!db->prepared[which]) say(error, error_size, "a statement couldn't be prepared", PQresultErrorMessage(result));
    PQclear(result);
    return db->prepared[which];
}

/* The values as libpq's text parameters: integers written out, texts
 * copied to end in a NUL (a bound text needn't); copies to free after */
static bool texts(const DbValue *values, int count, const char **params, char ints[][24], char **copies)
{
    for (int i = 0; i < count; ++i) {
        const DbValue *v = &values[i];
        copies[i] = NULL;
        if (v->type == DB_INT) {
            snprintf(ints[i], 24, "%lld", (long long)v->i);
            params[i] = ints[i];
        } else if (v->type == DB_TEXT) {
            copies[i] = malloc(v->n + 1);
            if (copies[i] == NULL) return false;
            memcpy(copies[i], v->s, v->n);
            copies[i][v->n] = '\0';
            params[i] = copies[i];
        } else {
            params[i] = NULL;
        }
    }
    return true;
}

static void read_row(const PGresult *result, int row, DbValue *columns, int count)
{
    for (int c = 0; c < count; ++c) {
        if (PQgetisnull(result, row, c)) {
            columns[c] = db_null();
            continue;
        }
        const char *text = PQgetvalue(result, row, c);
        Oid type = PQftype(result, c);
        if (type == PG_INT8 || type == PG_INT4 || type == PG_INT2) {
            columns[c] = db_int(strtoll(text, NULL, 10));
        } else {
            columns[c] = db_bytes(text, (size_t)PQgetlength(result, row, c));
        }
    }
}

static bool rows(PGresult *result, DbEach each, void *context)
{
    int n = PQnfields(result);
    if (n > DB_MOST_VALUES) n = DB_MOST_VALUES;
    for (int row = 0; each != NULL && row < PQntuples(result); ++row) {
        DbValue columns[DB_MOST_VALUES];
        read_row(result, row, columns, n);
        if (!each(context, columns, n)) break;
    }
    return true;
}

static bool pg_run(void *self, DbStatement which, const DbValue *values, int count, DbEach each, void *context,
                   char *error, size_t error_size)
{
    PgDb *db = self;
    if (which < 0 || which >= DB_STATEMENT_COUNT) {
        snprintf(error, error_size, "no such statement (%d)", (int)which);
        return false;
    }
    if (count != db_statement_values(which) || count > DB_MOST_VALUES) {
        snprintf(error, error_size, "%d values for a statement of %d", count, db_statement_values(which));
        return false;
    }
    char name[16];
    snprintf(name, sizeof name, "s%d", (int)which);
    if (!ready(db, error, error_size) || !prepare(db, which, name, error, error_size)) return false;
    const char *params[DB_MOST_VALUES];
    char ints[DB_MOST_VALUES][24], *copies[DB_MOST_VALUES] = {0};
    bool ok = texts(values, count, params, ints, copies);
    if (!ok) snprintf(error, error_size, "out of memory");
    PGresult *result = ok ? PQexecPrepared(db->conn, name, count, params, NULL, NULL, 0) : NULL;
    ExecStatusType status = PQresultStatus(result);
    if (ok && status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
        say(error, error_size, "a statement failed", PQresultErrorMessage(result));
        ok = false;
    }
    if (ok) rows(result, each, context);
    PQclear(result);
    for (int i = 0; i < count; ++i) free(copies[i]);
    return ok;
}

static bool pg_begin(void *self, char *error, size_t error_size)
{
    PgDb *db = self;
    if (!ready(db, error, error_size) || !exec_fixed(db, "BEGIN", error, error_size)) return false;
    db->in_transaction = true;
    return true;
}

static bool pg_commit(void *self, char *error, size_t error_size)
{
    PgDb *db = self;
    PGresult *result = PQexec(db->conn, "COMMIT");
    bool ok = PQresultStatus(result) == PGRES_COMMAND_OK;
    if (!ok) say(error, error_size, "the commit failed", PQresultErrorMessage(result));
    /* a COMMIT of a transaction an error ended answers ROLLBACK, not an
     * error: nothing of it was kept */
    if (ok && strcmp(PQcmdStatus(result), "COMMIT") != 0) {
        snprintf(error, error_size, "the transaction was rolled back (a statement in it failed)");
        ok = false;
    }
    PQclear(result);
    db->in_transaction = false;
    return ok;
}

static void pg_rollback(void *self)
{
    PgDb *db = self;
    char error[DB_ERROR_SIZE];
    if (db->flying) land(db, true);
    if (PQstatus(db->conn) == CONNECTION_OK) exec_fixed(db, "ROLLBACK", error, sizeof error);
    db->in_transaction = false;
}

/* ---- A transaction sent whole (pipeline mode) ---------------------------------- */

static void landed_failed(PgDb *db, const char *what, const char *message)
{
    if (db->landed != -1) say(db->landed_error, sizeof db->landed_error, what, message);
    db->landed = -1;
}

/* One answer of the pipeline read: false at its end (the Sync's) */
static bool take_answer(PgDb *db, PGresult *result)
{
    ExecStatusType status = PQresultStatus(result);
    if (status == PGRES_PIPELINE_SYNC) return false;
    if (status == PGRES_FATAL_ERROR) landed_failed(db, "the commit failed", PQresultErrorMessage(result));
    else if (status == PGRES_PIPELINE_ABORTED) landed_failed(db, "the commit failed", "a statement was refused");
    else if (status == PGRES_COMMAND_OK && strcmp(PQcmdStatus(result), "ROLLBACK") == 0) {
        landed_failed(db, "the commit failed", "the transaction was rolled back");
    }
    return true;
}

/* The flying transaction's answers read as far as they have come (all of
 * them if wait): 1 or -1 once all are in (db->landed), 0 if not yet */
static int land(PgDb *db, bool wait)
{
    /* a pipeline never ended (its COMMIT unsent) is ended here, or the
     * connection made again */
    if (db->flying && !db->synced && !(PQpipelineSync(db->conn) && PQflush(db->conn) == 0)) {
        landed_failed(db, "the database was lost mid-commit", PQerrorMessage(db->conn));
        db->flying = db->in_transaction = false;
        PQreset(db->conn);
        char error[DB_ERROR_SIZE];
        if (PQstatus(db->conn) == CONNECTION_OK) settle(db, error, sizeof error);
        return -1;
    }
    db->synced = true;
    while (db->flying) {
        if (PQstatus(db->conn) != CONNECTION_OK) {
            landed_failed(db, "the database was lost mid-commit", PQerrorMessage(db->conn));
            break;
        }
        /* what has come is read from the socket only when what libpq
         * holds runs out (one read, not one a statement) */
        if (!wait && PQisBusy(db->conn) && (!PQconsumeInput(db->conn) || PQisBusy(db->conn))) {
            if (PQstatus(db->conn) == CONNECTION_OK) return 0;
            continue;
        }
        PGresult *result = PQgetResult(db->conn);
        if (result == NULL) continue;   /* between one statement's answers and the next's */
        bool more = take_answer(db, result);
        PQclear(result);
        if (!more) break;
    }
    if (!db->flying) return db->landed;
    db->flying = false;
    db->in_transaction = false;
    PQexitPipelineMode(db->conn);
    if (db->landed != -1) db->landed = 1;
    if (db->landed == -1) {
        for (int i = 0; i < DB_STATEMENT_COUNT; ++i) db->prepared[i] = db->prepared[i] && !db->fresh[i];
        /* an explicit transaction an error ended stays open, refused */
        char error[DB_ERROR_SIZE];
        if (PQtransactionStatus(db->conn) == PQTRANS_INERROR) exec_fixed(db, "ROLLBACK", error, sizeof error);
    }
    return db->landed;
}

static bool pg_send_begin(void *self, char *error, size_t error_size)
{
    PgDb *db = self;
    if (!ready(db, error, error_size)) return false;
    if (!PQenterPipelineMode(db->conn) || !PQsendQueryParams(db->conn, "BEGIN", 0, NULL, NULL, NULL, NULL, 0)) {
        say(error, error_size, "a commit couldn't be sent", PQerrorMessage(db->conn));
        PQexitPipelineMode(db->conn);
        return false;
    }
    memset(db->fresh, 0, sizeof db->fresh);
    db->flying = db->in_transaction = true;
    db->synced = false;
    db->landed = 0;
    return true;
}

static bool pg_send(void *self, DbStatement which, const DbValue *values, int count, char *error,
                    size_t error_size)
{
    PgDb *db = self;
    if (which < 0 || which >= DB_STATEMENT_COUNT || count != db_statement_values(which) || count > DB_MOST_VALUES ||
        !db->flying) {
        snprintf(error, error_size, "a statement sent wrongly (%d, %d values)", (int)which, count);
        return false;
    }
    char name[16];
    snprintf(name, sizeof name, "s%d", (int)which);
    if (!db->prepared[which]) {
        if (!PQsendPrepare(db->conn, name, db_statement_postgres(which), 0, NULL)) {
            say(error, error_size, "a statement couldn't be sent", PQerrorMessage(db->conn));
            landed_failed(db, "a statement couldn't be sent", PQerrorMessage(db->conn));
            return false;
        }
        db->prepared[which] = db->fresh[which] = true;
    }
    const char *params[DB_MOST_VALUES];
    char ints[DB_MOST_VALUES][24], *copies[DB_MOST_VALUES] = {0};
    bool ok = texts(values, count, params, ints, copies) &&
              PQsendQueryPrepared(db->conn, name, count, params, NULL, NULL, 0);
    if (!ok) {
        say(error, error_size, "a statement couldn't be sent", PQerrorMessage(db->conn));
        landed_failed(db, "a statement couldn't be sent", PQerrorMessage(db->conn));
    }
    for (int i = 0; i < count; ++i) free(copies[i]);
    return ok;
}

/* COMMIT, or ROLLBACK if a statement couldn't be sent (a transaction is
 * all or nothing); the answer comes to sent_done */
static bool pg_send_commit(void *self, char *error, size_t error_size)
{
    PgDb *db = self;
    bool whole = db->landed != -1;
    const char *fixed = whole ? "COMMIT" : "ROLLBACK";
    bool ok = db->flying && PQsendQueryParams(db->conn, fixed, 0, NULL, NULL, NULL, NULL, 0) && PQpipelineSync(db->conn);
    db->synced = ok;
    ok = ok && PQflush(db->conn) == 0;
    if (!ok) {
        say(error, error_size, "a commit couldn't be sent", PQerrorMessage(db->conn));
        landed_failed(db, "a commit couldn't be sent", PQerrorMessage(db->conn));
    }
    return ok && whole;
}

static int pg_sent_done(void *self, bool wait, char *error, size_t error_size)
{
    PgDb *db = self;
    int done = db->flying ? land(db, wait) : db->landed;
    if (done == 0) return 0;
    if (done < 0) snprintf(error, error_size, "%s", db->landed_error);
    db->landed = 0;
    return done;
}

/* One row's one text column, NULL on no row */
static char *one_text(PgDb *db, const char *fixed, char *error, size_t error_size)
{
    PGresult *result = PQexec(db->conn, fixed);
    char *text = NULL;
    if (PQresultStatus(result) != PGRES_TUPLES_OK) {
        say(error, error_size, "the database can't be read", PQresultErrorMessage(result));
    } else if (PQntuples(result) > 0 && !PQgetisnull(result, 0, 0)) {
        const char *value = PQgetvalue(result, 0, 0);
        size_t n = strlen(value) + 1;
        text = malloc(n);
        if (text != NULL) memcpy(text, value, n);
    }
    PQclear(result);
    return text;
}

static bool read_version(void *context, const DbValue *columns, int count)
{
    int *version = context;
    *version = count > 0 && columns[0].type == DB_TEXT ? atoi(columns[0].s) : -1;
    return false;
}

static int pg_version(void *self, char *error, size_t error_size)
{
    PgDb *db = self;
    if (!ready(db, error, error_size) || !exec_fixed(db, MIGRATION_LOCK, error, error_size)) return -1;
    char *meta = one_text(db, "SELECT to_regclass('meta') IS NOT NULL", error, error_size);
    bool has_meta = meta != NULL && strcmp(meta, "t") == 0;
    bool read = meta != NULL;
    free(meta);
    if (!read) return -1;
    if (!has_meta) return 0;
    int version = -1;
    DbValue key = db_text("schema");
    if (!pg_run(self, DB_META_GET, &key, 1, read_version, &version, error, error_size)) return -1;
    if (version < 0) snprintf(error, error_size, "the database's schema version can't be read");
    return version;
}

static bool pg_apply(void *self, int index, char *error, size_t error_size)
{
    if (index < 0 || index >= DB_SCHEMA_VERSION) return false;
    return exec_fixed(self, DB_MIGRATIONS[index].postgres, error, error_size);
}

/* ---- Notices ------------------------------------------------------------------ */

static bool pg_listen(void *self, DbChannel channel, char *error, size_t error_size)
{
    PgDb *db = self;
    if (db_channel_name(channel) == NULL) {
        snprintf(error, error_size, "no such channel (%d)", (int)channel);
        return false;
    }
    if (!ready(db, error, error_size) || !exec_fixed(db, LISTEN_TEXTS[channel], error, error_size)) return false;
    db->listening[channel] = true;
    return true;
}

static bool pg_notify(void *self, DbChannel channel, const char *payload, char *error, size_t error_size)
{
    PgDb *db = self;
    const char *name = db_channel_name(channel);
    if (name == NULL || strlen(payload) > DB_NOTICE_MOST) {
        snprintf(error, error_size, "a notice on no channel, or longer than %d bytes", DB_NOTICE_MOST);
        return false;
    }
    if (!ready(db, error, error_size)) return false;
    const char *params[] = {name, payload};
    PGresult *result = PQexecParams(db->conn, "SELECT pg_notify($1, $2)", 2, NULL, params, NULL, NULL, 0);
    bool ok = PQresultStatus(result) == PGRES_TUPLES_OK;
    if (!ok) say(error, error_size, "a notice couldn't be sent", PQresultErrorMessage(result));
    PQclear(result);
    return ok;
}

static int pg_notices(void *self, DbNoticed each, void *context, char *error, size_t error_size)
{
    PgDb *db = self;
    if (PQstatus(db->conn) != CONNECTION_OK || !PQconsumeInput(db->conn)) {
        say(error, error_size, "the database was lost", PQerrorMessage(db->conn));
        return -1;
    }
    int count = 0;
    PGnotify *notice;
    while ((notice = PQnotifies(db->conn)) != NULL) {
        for (int c = 0; c < DB_CHANNEL_COUNT; ++c) {
            if (strcmp(notice->relname, db_channel_name((DbChannel)c)) == 0) {
                each(context, (DbChannel)c, notice->extra);
                ++count;
            }
        }
        PQfreemem(notice);
    }
    return count;
}

static int pg_socket(void *self)
{
    PgDb *db = self;
    return PQsocket(db->conn);
}

static void pg_close(void *self)
{
    PgDb *db = self;
    if (db->flying) land(db, true);
    PQfinish(db->conn);
    free(db);
}

static const DbOps PG_OPS = {
    "postgres",  pg_run,     pg_begin,   pg_commit,      pg_rollback,  pg_version,
    pg_apply,    pg_send_begin, pg_send, pg_send_commit, pg_sent_done,
    pg_listen,   pg_notify,  pg_notices, pg_socket,      pg_close,
};

bool db_pg_open(Db *out, const char *conninfo, bool fast, char *error, size_t error_size)
{
    PgDb *db = calloc(1, sizeof *db);
    if (db == NULL) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    db->fast = fast;
    db->conn = PQconnectdb(conninfo);
    if (db->conn == NULL || PQstatus(db->conn) != CONNECTION_OK) {
        say(error, error_size, "PostgreSQL can't be reached", db->conn != NULL ? PQerrorMessage(db->conn) : "");
        pg_close(db);
        return false;
    }
    if (!settle(db, error, error_size)) {
        pg_close(db);
        return false;
    }
    out->ops = &PG_OPS;
    out->self = db;
    return true;
}
