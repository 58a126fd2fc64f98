/* What live.c and commit.c share, and nothing else sees: live.c keeps
 * the games and their viewers, commit.c writes the games' queues (the
 * group commit) and lets go of what waited on them */
#ifndef AMULETS_LIVE_OWN_H
#define AMULETS_LIVE_OWN_H

#include "live.h"

/* {"t":kind,"text":text} to one page */
void live_tell(Viewer *viewer, const char *kind, const char *text);
/* What waited on the commit, to the viewers, in order: the first count
 * held */
void live_release(Live *live, int count);
void live_queued_free(Queued *q);

/* A run's row (DB_GAME_GET) as the games read it */
typedef struct RunRow {
    bool found;
    int64_t id;
    int64_t player;
    JournalBase base;
    char settings[JOURNAL_SETTINGS_SIZE];
    bool live;
    int64_t events;
    LiveMode mode;
    char day[11];
} RunRow;
/* DB_GAME_GET's row into a RunRow (a DbEach) */
bool live_read_run(void *context, const DbValue *c, int count);

#endif
