/* The modes' rules (docs/server.md): who may start a run, and where a
 * new run of each mode starts from; a player's daily. */
#include "modes.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static bool read_state(void *context, const DbValue *c, int count)
{
    if (count >= 4 && c[3].type == DB_TEXT) snprintf(context, MODES_STATE_SIZE, "%s", c[3].s);
    return false;
}

bool modes_player_state(Db db, int64_t player, char state[MODES_STATE_SIZE])
{
    char error[DB_ERROR_SIZE];
    DbValue id = db_int(player);
    state[0] = '\0';
    return db_run(db, DB_ACCOUNT_OF, &id, 1, read_state, state, error, sizeof error);
}

bool modes_may_start(Db db, int64_t player, char *why, size_t why_size)
{
    char state[MODES_STATE_SIZE];
    if (!modes_player_state(db, player, state)) {
        snprintf(why, why_size, "The server can't reach its database: try again.");
        return false;
    }
    if (strcmp(state, "held") == 0 || strcmp(state, "banned") == 0) {
        snprintf(why, why_size, "%s", strcmp(state, "held") == 0
                                          ? "Your account is held: it can't start runs until an admin releases it."
                                          : "Your account is banned: it can't start runs.");
        return false;
    }
    return true;
}

bool modes_choose_start(ModesSource source, int64_t player, const Msg *msg, uint64_t *seed, int *floor, char day[11],
                        char *why, size_t why_size)
{
    char today[11];
    account_day_of(time(NULL), today);
    *seed = msg->seeded ? msg->seed : account_fresh_seed();
    *floor = msg->seeded && msg->floor > 0 ? msg->floor : 1;
    day[0] = '\0';
    if (msg->mode == MSG_MODE_LADDER) return true;
    if (msg->mode == MSG_MODE_PRACTICE) {
        if (msg->day[0] == '\0' || strcmp(msg->day, today) >= 0) {
            snprintf(why, why_size, "Practice takes the day of a daily that has closed (before today).");
            return false;
        }
    } else if (msg->day[0] != '\0' && strcmp(msg->day, today) != 0 && !source.test_seeds) {
        snprintf(why, why_size, "The daily is today's alone: a past day's is for practice.");
        return false;
    }
    snprintf(day, 11, "%s", msg->day[0] != '\0' ? msg->day : today);
    *seed = account_daily_seed(source.secret, day);
    *floor = 1;
    if (msg->mode == MSG_MODE_PRACTICE) return true;
    char error[DB_ERROR_SIZE];
    DbValue values[] = {db_int(player), db_text(day), db_int(time(NULL))};
    if (!db_run(source.db, DB_DAILY_CLAIM, values, 3, NULL, NULL, error, sizeof error)) {
        snprintf(why, why_size, "You have played this daily already: one attempt a day.");
        return false;
    }
    return true;
}

typedef struct DailyRow {
    bool played, finished;
} DailyRow;

static bool read_daily(void *context, const DbValue *c, int count)
{
    DailyRow *row = context;
    row->played = count >= 2;
    row->finished = count >= 2 && c[1].type == DB_TEXT && strcmp(c[1].s, "live") != 0;
    return false;
}

bool modes_daily_of(Db db, int64_t player, const char *day, bool *played, bool *finished)
{
    DailyRow row = {false, false};
    char error[DB_ERROR_SIZE];
    DbValue values[] = {db_int(player), db_text(day)};
    bool ok = player <= 0 || db_run(db, DB_DAILY_OF, values, 2, read_daily, &row, error, sizeof error);
    *played = row.played;
    *finished = row.finished;
    return ok;
}
