/* The database's statements, its migrations and what every engine shares
 * (db.h) */
#include "db.h"

#include <stdio.h>
#include <string.h>

#define DB_STATEMENT_TEXT(name, text) text,
static const char *const STATEMENT_TEXTS[] = {DB_STATEMENTS(DB_STATEMENT_TEXT)};
#undef DB_STATEMENT_TEXT
_Static_assert(sizeof STATEMENT_TEXTS / sizeof STATEMENT_TEXTS[0] == DB_STATEMENT_COUNT,
               "a text for every statement");

/* Version 1's tables, with each engine's key column (SQLite's rowid,
 * PostgreSQL's identity) */
#define DB_V1(KEY) \
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);" \
    "INSERT INTO meta (key, value) VALUES ('schema', '0');" \
    "CREATE TABLE players (id " KEY ", name TEXT NOT NULL UNIQUE, created BIGINT NOT NULL);" \
    "CREATE TABLE games (id " KEY ", player_id BIGINT NOT NULL REFERENCES players (id)," \
    " seed TEXT NOT NULL, floor BIGINT NOT NULL, class_id TEXT NOT NULL, data_digest TEXT NOT NULL," \
    " settings TEXT NOT NULL, state TEXT NOT NULL, events BIGINT NOT NULL, started BIGINT NOT NULL," \
    " ended BIGINT, digest TEXT, recording TEXT, morgue TEXT);" \
    "CREATE INDEX games_player ON games (player_id, state);" \
    "CREATE INDEX games_state ON games (state);" \
    "CREATE TABLE events (game_id BIGINT NOT NULL REFERENCES games (id), seq BIGINT NOT NULL," \
    " kind TEXT NOT NULL, a BIGINT NOT NULL, b BIGINT NOT NULL, PRIMARY KEY (game_id, seq));"

/* Version 2: accounts, sessions, recovery codes, the modes, the boards'
 * figures (the server's own replay of each run), the daily's one
 * attempt, offline seeds and uploads. The index on name_key is
 * players_name_lower: PostgreSQL names version 1's UNIQUE on name
 * players_name_key already */
#define DB_V2(KEY) \
    "ALTER TABLE players ADD COLUMN name_key TEXT;" \
    "UPDATE players SET name_key = lower(name);" \
    "CREATE UNIQUE INDEX players_name_lower ON players (name_key);" \
    "ALTER TABLE players ADD COLUMN hash TEXT;" \
    "ALTER TABLE players ADD COLUMN state TEXT NOT NULL DEFAULT 'ok';" \
    "CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, player_id BIGINT NOT NULL REFERENCES players (id)," \
    " created BIGINT NOT NULL);" \
    "CREATE INDEX sessions_player ON sessions (player_id);" \
    "CREATE TABLE recovery (player_id BIGINT NOT NULL REFERENCES players (id), code_hash TEXT NOT NULL," \
    " used BIGINT, PRIMARY KEY (player_id, code_hash));" \
    "ALTER TABLE games ADD COLUMN mode TEXT NOT NULL DEFAULT 'ladder';" \
    "ALTER TABLE games ADD COLUMN day TEXT;" \
    "ALTER TABLE games ADD COLUMN struck BIGINT NOT NULL DEFAULT 0;" \
    "ALTER TABLE games ADD COLUMN verified BIGINT;" \
    "ALTER TABLE games ADD COLUMN outcome TEXT;" \
    "ALTER TABLE games ADD COLUMN end_floor BIGINT;" \
    "ALTER TABLE games ADD COLUMN amulets BIGINT;" \
    "ALTER TABLE games ADD COLUMN gold BIGINT;" \
    "ALTER TABLE games ADD COLUMN turns BIGINT;" \
    "CREATE INDEX games_board ON games (mode, day, verified, struck);" \
    "CREATE TABLE dailies (player_id BIGINT NOT NULL REFERENCES players (id), day TEXT NOT NULL," \
    " started BIGINT NOT NULL, game_id BIGINT REFERENCES games (id), PRIMARY KEY (player_id, day));" \
    "CREATE TABLE seeds (token_hash TEXT PRIMARY KEY, player_id BIGINT NOT NULL REFERENCES players (id)," \
    " seed TEXT NOT NULL, issued BIGINT NOT NULL, used BIGINT);" \
    "CREATE INDEX seeds_player ON seeds (player_id, seed);" \
    "CREATE TABLE uploads (id " KEY "," \
    " player_id BIGINT NOT NULL REFERENCES players (id), state TEXT NOT NULL, reason TEXT," \
    " game_id BIGINT REFERENCES games (id), created BIGINT NOT NULL, recording TEXT);"

/* Version 3: leases (several processes on one PostgreSQL), the upload
 * queue's claims */
#define DB_V3 \
    "ALTER TABLE games ADD COLUMN owner TEXT;" \
    "ALTER TABLE games ADD COLUMN lease_until BIGINT;" \
    "CREATE INDEX games_owner ON games (owner);" \
    "ALTER TABLE uploads ADD COLUMN worker TEXT;" \
    "ALTER TABLE uploads ADD COLUMN taken BIGINT;" \
    "CREATE INDEX uploads_state ON uploads (state, id);"

/* Version 4: a new run's token, so a commit whose answer was lost can
 * find the run it made (commit.c) */
#define DB_V4 \
    "ALTER TABLE games ADD COLUMN token TEXT;" \
    "CREATE UNIQUE INDEX games_token ON games (token);"

#define SQLITE_KEY "INTEGER PRIMARY KEY"
#define POSTGRES_KEY "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"

const DbMigration DB_MIGRATIONS[DB_SCHEMA_VERSION] = {
    {1, DB_V1(SQLITE_KEY), DB_V1(POSTGRES_KEY)},
    {2, DB_V2(SQLITE_KEY), DB_V2(POSTGRES_KEY)},
    {3, DB_V3, DB_V3},
    {4, DB_V4, DB_V4},
};

typedef struct Override {
    DbStatement which;
    const char *text;
} Override;
#define DB_OVERRIDE(name, text) {name, text},
static const Override POSTGRES_TEXTS[] = {DB_POSTGRES_STATEMENTS(DB_OVERRIDE)};
#undef DB_OVERRIDE

#define DB_CHANNEL_TEXT(name, text) text,
static const char *const CHANNEL_NAMES[] = {DB_CHANNELS(DB_CHANNEL_TEXT)};
#undef DB_CHANNEL_TEXT
_Static_assert(sizeof CHANNEL_NAMES / sizeof CHANNEL_NAMES[0] == DB_CHANNEL_COUNT, "a name for every channel");

const char *db_statement_text(DbStatement which)
{
    return which >= 0 && which < DB_STATEMENT_COUNT ? STATEMENT_TEXTS[which] : NULL;
}

const char *db_statement_postgres(DbStatement which)
{
    for (size_t i = 0; i < sizeof POSTGRES_TEXTS / sizeof POSTGRES_TEXTS[0]; ++i) {
        if (POSTGRES_TEXTS[i].which == which) return POSTGRES_TEXTS[i].text;
    }
    return db_statement_text(which);
}

const char *db_channel_name(DbChannel channel)
{
    return channel >= 0 && channel < DB_CHANNEL_COUNT ? CHANNEL_NAMES[channel] : NULL;
}

int db_statement_values(DbStatement which)
{
    const char *text = db_statement_text(which);
    int most = 0;
    for (const char *p = text; p != NULL && (p = strchr(p, '$')) != NULL; ++p) {
        int n = 0;
        for (const char *d = p + 1; *d >= '0' && *d <= '9'; ++d) n = n * 10 + (*d - '0');
        if (n > most) most = n;
    }
    return most;
}

DbValue db_text(const char *s)
{
    return db_bytes(s, strlen(s));
}

/* ---- Migrating --------------------------------------------------------------- */

static bool set_version(Db db, int version, char *error, size_t error_size)
{
    char text[16];
    snprintf(text, sizeof text, "%d", version);
    DbValue values[] = {db_text("schema"), db_text(text)};
    return db_run(db, DB_META_SET, values, 2, NULL, NULL, error, error_size);
}

bool db_migrate(Db db, char *error, size_t error_size)
{
    if (!db.ops->begin(db.self, error, error_size)) return false;
    int version = db.ops->version(db.self, error, error_size);
    if (version > DB_SCHEMA_VERSION) {
        snprintf(error, error_size, "the database is of schema version %d, newer than this server's %d: "
                 "run a newer server on it", version, DB_SCHEMA_VERSION);
    }
    bool ok = version >= 0 && version <= DB_SCHEMA_VERSION;
    for (int v = version + 1; ok && v <= DB_SCHEMA_VERSION; ++v) {
        ok = db.ops->apply(db.self, v - 1, error, error_size) && set_version(db, v, error, error_size);
    }
    if (ok) return db.ops->commit(db.self, error, error_size);
    db.ops->rollback(db.self);
    return false;
}

/* ---- Helpers --------------------------------------------------------------- */

typedef struct OneInt {
    int64_t value;
    bool found;
} OneInt;

static bool take_int(void *context, const DbValue *columns, int count)
{
    OneInt *one = context;
    if (count < 1) return false;
    one->found = true;
    one->value = columns[0].type == DB_INT ? columns[0].i : -1;
    return false;
}

int64_t db_one_int(Db db, DbStatement which, const DbValue *values, int count, char *error, size_t error_size)
{
    OneInt one = {-1, false};
    if (error_size > 0) error[0] = '\0';
    if (!db_run(db, which, values, count, take_int, &one, error, error_size)) return -1;
    return one.found ? one.value : -1;
}

void db_close(Db *db)
{
    if (db->ops != NULL) db->ops->close(db->self);
    db->ops = NULL;
    db->self = NULL;
}
