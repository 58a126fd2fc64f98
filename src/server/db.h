/* The server's database: one table of functions (as the store is,
 * store.h), so the engine is chosen when the server starts: SQLite, the
 * embedded default (db_sqlite.c, in WAL mode), and PostgreSQL (db_pg.c,
 * over libpq: several server processes on one database, docs/server.md). Every statement is one of DB_STATEMENTS, its text
 * fixed at compile time and its values bound as parameters ($1, $2, ...,
 * which both engines read): no call takes SQL text, so no SQL is ever
 * built from values (tests/server/sql.sh fails on any that is).
 *
 * The schema is versioned: DB_MIGRATIONS, each a step from the version
 * before, applied in order by db_migrate when the server starts, in one
 * transaction; a database of a newer version than this server knows is
 * refused, never touched.
 *
 * The tables:
 *   meta      key -> value: "schema", the schema's version
 *   players   a player (id, name): anonymous ones in dev mode; accounts
 *             come next, and hang off this table
 *   games     a run: its player, where its events start from (seed,
 *             floor, class, data digest, the input's settings), its
 *             state ('live', 'ended', 'abandoned'), its events' count,
 *             and once ended its digest, recording and morgue record
 *   events    a run's events in order (journal.h's: kind, a, b), the
 *             only state of a live run: the server rebuilds it from them
 * Version 2 (several processes, issue 35):
 *   games     + owner, lease_until: the process that runs a live game and
 *             until when (ms since the epoch) it holds it; it renews the
 *             lease, and once it runs out any process may take the game
 *   daily_attempts  (day, player) once: the daily's one attempt, which the
 *             primary key enforces however many processes race for it
 *   verifications   the queue of recordings to verify: taken by one worker
 *             each (PostgreSQL: FOR UPDATE SKIP LOCKED) */
#ifndef AMULETS_DB_H
#define AMULETS_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { DB_ERROR_SIZE = 256, DB_MOST_VALUES = 16 };

/* The schema's current version: the number of DB_MIGRATIONS */
enum { DB_SCHEMA_VERSION = 2 };

/* Every statement the server runs: a name and its text. The texts are
 * portable SQL (SQLite 3.35+ and PostgreSQL: $N parameters, RETURNING) */
#define DB_STATEMENTS(X) \
    X(DB_META_GET, "SELECT value FROM meta WHERE key = $1") \
    X(DB_META_SET, "UPDATE meta SET value = $2 WHERE key = $1") \
    X(DB_PLAYER_FIND, "SELECT id FROM players WHERE name = $1") \
    X(DB_PLAYER_ADD, "INSERT INTO players (name, created) VALUES ($1, $2) RETURNING id") \
    X(DB_PLAYER_NAME, "SELECT name FROM players WHERE id = $1") \
    X(DB_GAME_ADD, \
      "INSERT INTO games (player_id, seed, floor, class_id, data_digest, settings, state, events, started) " \
      "VALUES ($1, $2, $3, $4, $5, $6, 'live', 0, $7) RETURNING id") \
    X(DB_GAME_GET, \
      "SELECT id, player_id, seed, floor, class_id, data_digest, settings, state, events, digest " \
      "FROM games WHERE id = $1") \
    X(DB_GAME_LIVE_OF, "SELECT id FROM games WHERE player_id = $1 AND state = 'live' ORDER BY id DESC") \
    X(DB_GAMES_LIVE, "SELECT id, player_id FROM games WHERE state = 'live' ORDER BY id") \
    X(DB_GAME_EVENTS, "UPDATE games SET events = $2 WHERE id = $1 AND state = 'live'") \
    X(DB_GAME_END, \
      "UPDATE games SET state = 'ended', ended = $2, digest = $3, recording = $4, morgue = $5 " \
      "WHERE id = $1 AND state = 'live'") \
    X(DB_GAME_ABANDON, "UPDATE games SET state = 'abandoned', ended = $2 WHERE id = $1 AND state = 'live'") \
    X(DB_GAME_RECORDING, "SELECT recording, digest FROM games WHERE id = $1") \
    X(DB_EVENT_ADD, "INSERT INTO events (game_id, seq, kind, a, b) VALUES ($1, $2, $3, $4, $5)") \
    X(DB_EVENTS_OF, "SELECT seq, kind, a, b FROM events WHERE game_id = $1 ORDER BY seq") \
    X(DB_PROBE, "SELECT $1") \
    X(DB_LEASE_TAKE, \
      "UPDATE games SET owner = $2, lease_until = $3 WHERE id = $1 AND state = 'live' " \
      "AND (owner IS NULL OR owner = $2 OR lease_until < $4) RETURNING id") \
    X(DB_LEASE_RENEW, "UPDATE games SET lease_until = $2 WHERE owner = $1 AND state = 'live' RETURNING id") \
    X(DB_LEASE_RELEASE, "UPDATE games SET owner = NULL, lease_until = NULL WHERE id = $1 AND owner = $2") \
    X(DB_LEASE_OWNER, "SELECT owner, lease_until FROM games WHERE id = $1") \
    X(DB_DAILY_START, \
      "INSERT INTO daily_attempts (day, player_id, started) VALUES ($1, $2, $3) " \
      "ON CONFLICT DO NOTHING RETURNING player_id") \
    X(DB_VERIFY_QUEUE, \
      "INSERT INTO verifications (recording, state, queued) VALUES ($1, 'queued', $2) RETURNING id") \
    X(DB_VERIFY_CLAIM, \
      "UPDATE verifications SET state = 'taken', worker = $1, taken = $2 WHERE state = 'queued' AND id = " \
      "(SELECT id FROM verifications WHERE state = 'queued' ORDER BY id LIMIT 1) RETURNING id, recording") \
    X(DB_VERIFY_DONE, \
      "UPDATE verifications SET state = 'done', result = $3 WHERE id = $1 AND worker = $2 AND state = 'taken'")

/* A statement whose text differs on PostgreSQL: the claim of a job skips
 * the rows other workers hold (SQLite has one writer at a time, and
 * takes the plain text's whole statement at once) */
#define DB_POSTGRES_STATEMENTS(X) \
    X(DB_VERIFY_CLAIM, \
      "UPDATE verifications SET state = 'taken', worker = $1, taken = $2 WHERE state = 'queued' AND id = " \
      "(SELECT id FROM verifications WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) " \
      "RETURNING id, recording")

/* The channels of notices (LISTEN/NOTIFY): a name each, fixed, so the
 * engine's LISTEN is never built from a value */
#define DB_CHANNELS(X) \
    X(DB_CHANNEL_LOBBY, "lobby")

#define DB_STATEMENT_NAME(name, text) name,
typedef enum DbStatement { DB_STATEMENTS(DB_STATEMENT_NAME) DB_STATEMENT_COUNT } DbStatement;
#undef DB_STATEMENT_NAME

#define DB_CHANNEL_NAME(name, text) name,
typedef enum DbChannel { DB_CHANNELS(DB_CHANNEL_NAME) DB_CHANNEL_COUNT } DbChannel;
#undef DB_CHANNEL_NAME
/* A notice's payload at most (PostgreSQL's own limit is 8000 bytes) */
enum { DB_NOTICE_MOST = 7999 };

/* The migrations, oldest first: DB_MIGRATIONS[v - 1] takes a database of
 * version v - 1 (0: empty) to v. Each is statements separated by ';'.
 * The types are those both engines read alike (BIGINT, TEXT); the key
 * columns are each engine's own, so a migration has a text for each */
typedef struct DbMigration {
    int version;
    const char *sqlite;
    const char *postgres;
} DbMigration;
extern const DbMigration DB_MIGRATIONS[DB_SCHEMA_VERSION];

const char *db_statement_text(DbStatement which);
/* The statement's text on PostgreSQL: its own (DB_POSTGRES_STATEMENTS)
 * or the shared one */
const char *db_statement_postgres(DbStatement which);
const char *db_channel_name(DbChannel channel);
/* The number of $N parameters the statement's text takes */
int db_statement_values(DbStatement which);

/* A value bound to a parameter, or read from a column */
typedef enum DbType { DB_NULL, DB_INT, DB_TEXT } DbType;
typedef struct DbValue {
    DbType type;
    int64_t i;
    const char *s;              /* DB_TEXT: bytes (not always NUL-ended when
                                   bound), length n */
    size_t n;
} DbValue;

static inline DbValue db_int(int64_t i) { return (DbValue){DB_INT, i, NULL, 0}; }
DbValue db_text(const char *s);
static inline DbValue db_bytes(const char *s, size_t n) { return (DbValue){DB_TEXT, 0, s, n}; }
static inline DbValue db_null(void) { return (DbValue){DB_NULL, 0, NULL, 0}; }

/* Called for each notice delivered: its channel and payload (valid
 * during the call) */
typedef void (*DbNoticed)(void *context, DbChannel channel, const char *payload);

/* Called for each row a statement gives, its columns in order (text
 * columns NUL-ended, valid during the call); false stops the rows */
typedef bool (*DbEach)(void *context, const DbValue *columns, int count);

typedef struct DbOps {
    const char *engine;         /* "sqlite", "postgres" */
    /* Runs a statement with its values, each row to each (NULL: rows
     * ignored). False with why in error */
    bool (*run)(void *self, DbStatement which, const DbValue *values, int count, DbEach each,
                void *context, char *error, size_t error_size);
    bool (*begin)(void *self, char *error, size_t error_size);
    bool (*commit)(void *self, char *error, size_t error_size);
    void (*rollback)(void *self);
    /* The schema's version as the database says (0: empty), or -1 with why */
    int (*version)(void *self, char *error, size_t error_size);
    /* Applies DB_MIGRATIONS[index]'s text for this engine (within a
     * transaction begun by the caller) */
    bool (*apply)(void *self, int index, char *error, size_t error_size);
    /* A transaction sent whole, its answer read later (the server's
     * group commit, its frames held until then): send_begin, send each
     * statement (no rows read), send_commit, then sent_done until it
     * says. PostgreSQL sends it in one go (libpq's pipeline mode) and
     * its answer comes on socket; SQLite runs it as it is sent and has
     * its answer at once. Any other call meanwhile waits for the answer
     * first (which sent_done then gives) */
    bool (*send_begin)(void *self, char *error, size_t error_size);
    bool (*send)(void *self, DbStatement which, const DbValue *values, int count, char *error, size_t error_size);
    bool (*send_commit)(void *self, char *error, size_t error_size);
    /* 1 committed; -1 failed (nothing of it kept, error says why); 0 not
     * yet (never when wait: then it waits for the answer) */
    int (*sent_done)(void *self, bool wait, char *error, size_t error_size);
    /* Notices: after listen, every notice sent on the channel by any
     * connection (this one too) is delivered once its transaction
     * commits (none if it rolls back): PostgreSQL's LISTEN/NOTIFY;
     * SQLite's, one process's, are this connection's own */
    bool (*listen)(void *self, DbChannel channel, char *error, size_t error_size);
    bool (*notify)(void *self, DbChannel channel, const char *payload, char *error, size_t error_size);
    /* Hands each notice arrived to each and forgets it: how many, or -1
     * with why (the connection lost) */
    int (*notices)(void *self, DbNoticed each, void *context, char *error, size_t error_size);
    /* The descriptor that becomes readable when notices may have come
     * (an epoll loop's), or -1: none (SQLite's come only from this
     * connection's commits) */
    int (*socket)(void *self);
    void (*close)(void *self);
} DbOps;

typedef struct Db {
    const DbOps *ops;
    void *self;
} Db;

/* SQLite at path (made if missing), WAL mode, foreign keys on; durable
 * at each commit (synchronous FULL) unless fast (NORMAL: a kill -9 loses
 * nothing, a power cut may lose the last commits). False with why */
bool db_sqlite_open(Db *db, const char *path, bool fast, char *error, size_t error_size);

/* PostgreSQL through libpq: conninfo is libpq's (key=value pairs or a
 * postgres:// URI). Durable at each commit (synchronous_commit on) unless
 * fast (off: a kill -9 of this server loses nothing, a crash of
 * PostgreSQL's machine may lose the last commits). False with
 * PostgreSQL's own message */
bool db_pg_open(Db *db, const char *conninfo, bool fast, char *error, size_t error_size);

/* The tests' fault: db wrapped so the lose_at-th transaction sent (1 the
 * first) commits but is said to have failed, its answer lost (db_fault.c) */
bool db_fault_wrap(Db *db, int lose_at);

/* Brings the schema up to DB_SCHEMA_VERSION: false with why if the
 * database is newer than this server, or a migration failed (nothing of
 * it is kept) */
bool db_migrate(Db db, char *error, size_t error_size);

static inline bool db_run(Db db, DbStatement which, const DbValue *values, int count, DbEach each,
                          void *context, char *error, size_t error_size)
{
    return db.ops->run(db.self, which, values, count, each, context, error, error_size);
}

/* A statement that gives one integer (RETURNING id, SELECT id): it, or
 * -1 if no row (error "" then) or on failure (error says why) */
int64_t db_one_int(Db db, DbStatement which, const DbValue *values, int count, char *error,
                   size_t error_size);

void db_close(Db *db);

#endif
