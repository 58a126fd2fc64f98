/* The admin command line: see admin.h */
#include "admin.h"

#include <stdlib.h>
#include <string.h>

#include "account.h"
#include "db.h"

static int set_state(Db db, const char *name, const char *state, FILE *out, FILE *err)
{
    char error[DB_ERROR_SIZE];
    DbValue values[] = {db_text(name), db_text(state)};
    int64_t id = db_one_int(db, DB_ACCOUNT_STATE, values, 2, error, sizeof error);
    if (id <= 0) {
        fprintf(err, "amulets-server: %s\n", error[0] != '\0' ? error : "there's no player of that name");
        return 1;
    }
    if (strcmp(state, "banned") == 0) {
        DbValue player = db_int(id);
        if (!db_run(db, DB_SESSIONS_DROP, &player, 1, NULL, NULL, error, sizeof error)) {
            fprintf(err, "amulets-server: %s\n", error);
            return 1;
        }
    }
    fprintf(out, "%s is %s now.\n", name, strcmp(state, "ok") == 0 ? "free to play" : state);
    return 0;
}

static int strike(Db db, const char *run, FILE *out, FILE *err)
{
    char *end, error[DB_ERROR_SIZE];
    long long id = strtoll(run, &end, 10);
    if (*end != '\0' || id <= 0) {
        fprintf(err, "amulets-server: --admin DB strike RUN takes a run's number\n");
        return 2;
    }
    DbValue value = db_int(id);
    if (db_one_int(db, DB_GAME_STRIKE, &value, 1, error, sizeof error) <= 0) {
        fprintf(err, "amulets-server: %s\n", error[0] != '\0' ? error : "there's no run of that number");
        return 1;
    }
    fprintf(out, "Run %lld is struck from every board.\n", id);
    return 0;
}

int admin_run(const char *database, int argc, char **argv, FILE *out, FILE *err)
{
    static const char *const VERBS[][2] = {{"hold", "held"}, {"release", "ok"}, {"ban", "banned"}, {"unban", "ok"}};
    if (argc != 2) {
        fprintf(err, "usage: amulets-server --admin DB hold|release|ban|unban NAME, or strike RUN\n");
        return 2;
    }
    Db db = {0};
    char error[DB_ERROR_SIZE];
    /* a postgres:// URI is PostgreSQL's, as amulets-server's --database */
    bool pg = strncmp(database, "postgres://", 11) == 0 || strncmp(database, "postgresql://", 13) == 0;
    bool opened = pg ? db_pg_open(&db, database, false, error, sizeof error)
                     : db_sqlite_open(&db, database, false, error, sizeof error);
    if (!opened || !db_migrate(db, error, sizeof error)) {
        fprintf(err, "amulets-server: the database: %s\n", error);
        db_close(&db);
        return 1;
    }
    int status = 2;
    if (strcmp(argv[0], "strike") == 0) status = strike(db, argv[1], out, err);
    for (size_t i = 0; i < sizeof VERBS / sizeof VERBS[0]; ++i) {
        if (strcmp(argv[0], VERBS[i][0]) != 0) continue;
        if (!account_name_ok(argv[1])) fprintf(err, "amulets-server: '%s' isn't a player's name\n", argv[1]);
        else status = set_state(db, argv[1], VERBS[i][1], out, err);
    }
    if (status == 2 && strcmp(argv[0], "strike") != 0) {
        fprintf(err, "usage: amulets-server --admin DB hold|release|ban|unban NAME, or strike RUN\n");
    }
    db_close(&db);
    return status;
}
