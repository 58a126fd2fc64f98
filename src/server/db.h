/* The server's database: one table of functions (as the store is,
 * store.h), so the engine is chosen when the server starts: SQLite, the
 * embedded default (db_sqlite.c, in WAL mode), and PostgreSQL (db_pg.c,
 * over libpq: several server processes on one database, docs/server.md).
 * Every statement is one of DB_STATEMENTS, its text fixed at compile time and its values bound as parameters ($1, $2, ...,
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
 *   players   a player (id, name, name_key: the name in lower case, unique,
 *             so names are unique whatever their case; hash: the
 *             password's argon2id string, NULL for a dev mode's player;
 *             state 'ok', 'held' or 'banned')
 *   sessions  a login: the SHA-256 of its token (the cookie's; the token
 *             itself is never stored), its player, when made
 *   recovery  a player's recovery codes, each keyed-hashed, used once
 *   dailies   one row a player and day: the daily's one attempt (its
 *             primary key is what refuses a second), its run once made
 *   seeds     seeds issued to players for offline runs, each used once
 *   uploads   offline recordings sent, queued (the recording kept until
 *             checked, so a restart checks it then), verified or refused
 *   games     a run: its player, where its events start from (seed,
 *             floor, class, data digest, the input's settings), its
 *             state ('live', 'ended', 'abandoned'), its events' count,
 *             and once ended its digest, recording and morgue record;
 *             its mode ('ladder', 'daily', 'practice', 'offline') and
 *             day; once the server's own replay verified its recording,
 *             what it says (outcome, floor, amulets, gold, turns:
 *             the boards' figures); struck (1: off every board)
 *   events    a run's events in order (journal.h's: kind, a, b), the
 *             only state of a live run: the server rebuilds it from them
 * Version 3 (several processes on PostgreSQL, issue 35):
 *   games     + owner, lease_until: the process that runs a live game and
 *             until when (ms since the epoch) it holds it; it renews the
 *             lease, and once it runs out any process may take the game
 *   uploads   + worker, taken: the queue's job taken by one worker (its
 *             claim skips those others hold: FOR UPDATE SKIP LOCKED),
 *             and when (ms since the epoch): the worker renews it while
 *             it checks the job; a claim not renewed for $3's age (a
 *             process killed mid-job) is any worker's to take again, and
 *             a verdict is kept only by the worker that holds the claim
 * Version 4:
 *   games     + token: 64 random bits (hex) a new run is made with, unique,
 *             so a commit that made it and whose answer was lost finds it
 *             by its token instead of making it twice */
#ifndef AMULETS_DB_H
#define AMULETS_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { DB_ERROR_SIZE = 256, DB_MOST_VALUES = 24 };

/* The schema's current version: the number of DB_MIGRATIONS */
enum { DB_SCHEMA_VERSION = 4 };

/* Every statement the server runs: a name and its text. The texts are
 * portable SQL (SQLite 3.35+ and PostgreSQL: $N parameters, RETURNING) */
#define DB_STATEMENTS(X) \
    X(DB_META_GET, "SELECT value FROM meta WHERE key = $1") \
    X(DB_META_SET, "UPDATE meta SET value = $2 WHERE key = $1") \
    X(DB_PLAYER_FIND, "SELECT id FROM players WHERE name_key = lower($1)") \
    X(DB_PLAYER_ADD, "INSERT INTO players (name, name_key, created) VALUES ($1, lower($1), $2) RETURNING id") \
    X(DB_PLAYER_NAME, "SELECT name FROM players WHERE id = $1") \
    X(DB_ACCOUNT_ADD, \
      "INSERT INTO players (name, name_key, created, hash) VALUES ($1, lower($1), $2, $3) " \
      "ON CONFLICT (name_key) DO NOTHING RETURNING id") \
    X(DB_ACCOUNT_GET, "SELECT id, name, hash, state FROM players WHERE name_key = lower($1)") \
    X(DB_ACCOUNT_OF, "SELECT id, name, hash, state FROM players WHERE id = $1") \
    X(DB_ACCOUNT_HASH, "UPDATE players SET hash = $2 WHERE id = $1") \
    X(DB_ACCOUNT_STATE, "UPDATE players SET state = $2 WHERE name_key = lower($1) RETURNING id") \
    X(DB_SESSION_ADD, "INSERT INTO sessions (token_hash, player_id, created) VALUES ($1, $2, $3)") \
    X(DB_SESSION_FIND, "SELECT player_id FROM sessions WHERE token_hash = $1 AND created > $2") \
    X(DB_SESSION_DROP, "DELETE FROM sessions WHERE token_hash = $1") \
    X(DB_SESSIONS_DROP, "DELETE FROM sessions WHERE player_id = $1") \
    X(DB_RECOVERY_ADD, "INSERT INTO recovery (player_id, code_hash) VALUES ($1, $2)") \
    X(DB_RECOVERY_USE, \
      "UPDATE recovery SET used = $3 WHERE player_id = $1 AND code_hash = $2 AND used IS NULL RETURNING player_id") \
    X(DB_META_ADD, "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING") \
    X(DB_DAILY_CLAIM, "INSERT INTO dailies (player_id, day, started) VALUES ($1, $2, $3)") \
    X(DB_DAILY_OF, \
      "SELECT d.day, g.state FROM dailies d LEFT JOIN games g ON g.id = d.game_id " \
      "WHERE d.player_id = $1 AND d.day = $2") \
    X(DB_DAILY_RUN, "UPDATE dailies SET game_id = $3 WHERE player_id = $1 AND day = $2") \
    X(DB_GAME_STRIKE, "UPDATE games SET struck = 1 WHERE id = $1 RETURNING id") \
    X(DB_GAMES_UNVERIFIED, "SELECT id, recording FROM games WHERE state = 'ended' AND verified IS NULL " \
                           "AND recording IS NOT NULL ORDER BY id") \
    X(DB_GAME_VERIFIED, \
      "UPDATE games SET verified = $2, outcome = $3, end_floor = $4, amulets = $5, gold = $6, turns = $7, " \
      "class_id = $8 WHERE id = $1") \
    X(DB_BOARD, \
      "SELECT g.id, p.name, g.class_id, g.outcome, g.end_floor, g.amulets, g.gold, g.turns, g.digest, g.ended " \
      "FROM games g JOIN players p ON p.id = g.player_id " \
      "WHERE g.mode = $1 AND ($2 = '' OR g.day = $2) AND g.verified = 1 AND g.struck = 0 " \
      "ORDER BY CASE WHEN g.outcome = 'won' THEN 0 ELSE 1 END, g.amulets DESC, g.end_floor DESC, " \
      "g.gold DESC, g.turns ASC, g.id ASC LIMIT $3") \
    X(DB_RUN_PAGE, \
      "SELECT g.id, p.name, g.state, g.events, g.digest, g.mode, g.day, g.class_id, g.outcome, g.end_floor, " \
      "g.amulets, g.gold, g.turns, g.struck, g.started, g.ended, g.morgue, g.verified " \
      "FROM games g JOIN players p ON p.id = g.player_id WHERE g.id = $1") \
    X(DB_DAILY_DUMP, \
      "SELECT g.id, p.name, g.class_id, g.outcome, g.end_floor, g.amulets, g.gold, g.turns, g.digest, g.ended, " \
      "g.state, g.seed, g.recording FROM games g JOIN players p ON p.id = g.player_id " \
      "WHERE g.mode = 'daily' AND g.day = $1 ORDER BY g.id") \
    X(DB_SEED_ADD, "INSERT INTO seeds (token_hash, player_id, seed, issued) VALUES ($1, $2, $3, $4)") \
    X(DB_SEED_USE, \
      "UPDATE seeds SET used = $3 WHERE player_id = $1 AND seed = $2 AND used IS NULL RETURNING player_id") \
    X(DB_UPLOAD_ADD, \
      "INSERT INTO uploads (player_id, state, created, recording) VALUES ($1, 'queued', $2, $3) RETURNING id") \
    X(DB_UPLOAD_SET, \
      "UPDATE uploads SET state = $2, reason = $3, game_id = $4, recording = NULL " \
      "WHERE id = $1 AND state = 'taken' AND worker = $5 RETURNING id") \
    X(DB_UPLOAD_GET, "SELECT state, reason, game_id, player_id, worker FROM uploads WHERE id = $1") \
    X(DB_OFFLINE_ADD, \
      "INSERT INTO games (player_id, seed, floor, class_id, data_digest, settings, state, events, started, ended, " \
      "digest, recording, mode, verified, outcome, end_floor, amulets, gold, turns) " \
      "VALUES ($1, $2, 1, $3, $4, '', 'ended', 0, $5, $5, $6, $7, 'offline', 1, $8, $9, $10, $11, $12) " \
      "RETURNING id") \
    X(DB_GAME_ADD, \
      "INSERT INTO games (player_id, seed, floor, class_id, data_digest, settings, state, events, started, mode, day, " \
      "token) VALUES ($1, $2, $3, $4, $5, $6, 'live', 0, $7, $8, $9, $10) RETURNING id") \
    X(DB_GAME_GET, \
      "SELECT id, player_id, seed, floor, class_id, data_digest, settings, state, events, digest, mode, day " \
      "FROM games WHERE id = $1") \
    X(DB_GAME_OF_TOKEN, \
      "SELECT id, player_id, seed, floor, class_id, data_digest, settings, state, events, digest, mode, day " \
      "FROM games WHERE token = $1") \
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
    X(DB_UPLOAD_CLAIM, \
      "UPDATE uploads SET state = 'taken', worker = $1, taken = $2 " \
      "WHERE (state = 'queued' OR (state = 'taken' AND taken < $3)) AND id = " \
      "(SELECT id FROM uploads WHERE (state = 'queued' OR (state = 'taken' AND taken < $3)) " \
      "AND recording IS NOT NULL ORDER BY id LIMIT 1) RETURNING id, player_id, recording") \
    X(DB_UPLOAD_RENEW, "UPDATE uploads SET taken = $2 WHERE worker = $1 AND state = 'taken'")

/* A statement whose text differs on PostgreSQL: the claim of a job skips
 * the rows other workers hold (SQLite has one writer at a time, and
 * takes the plain text's whole statement at once) */
#define DB_POSTGRES_STATEMENTS(X) \
    X(DB_UPLOAD_CLAIM, \
      "UPDATE uploads SET state = 'taken', worker = $1, taken = $2 " \
      "WHERE (state = 'queued' OR (state = 'taken' AND taken < $3)) AND id = " \
      "(SELECT id FROM uploads WHERE (state = 'queued' OR (state = 'taken' AND taken < $3)) " \
      "AND recording IS NOT NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, player_id, recording")

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

/* The tests' fault: db wrapped so the lose_at-th group commit (1 the
 * first: a transaction sent, or one that makes a new run) commits but
 * is said to have failed, its answer lost (db_fault.c) */
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
