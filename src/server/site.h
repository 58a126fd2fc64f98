/* The HTTP API's state, shared by its parts: the routes (api.c), the
 * lobby and boards (boards.c) and the offline seeds and uploads
 * (upload.c), which sit above this and beside each other: the database,
 * the live games, the workers, the limits, the server's secret, the
 * pages' origins, the answers kept for the next asker, and the requests
 * waiting on a worker. Also what every part asks: whose session a
 * request's cookie is, today's day, and that the kept boards are stale. */
#ifndef AMULETS_SITE_H
#define AMULETS_SITE_H

#include <microhttpd.h>
#include <stdbool.h>
#include <stdint.h>

#include "account.h"
#include "db.h"
#include "limit.h"
#include "live.h"
#include "lobby.h"
#include "route.h"
#include "work.h"

enum {
    SITE_ORIGINS = 3, SITE_ORIGIN_SIZE = 128, SITE_BOARD_MOST = 100,
    SITE_CACHES = 16,            /* the lobby and the boards last asked for */
    SITE_LOBBY_MS = 250,         /* a lobby answer is kept this long */
    SITE_BOARD_MS = 1000,        /* a board's, unless a run's figures come first */
};

/* An answer kept for the next asker of the same page: the lobby (as
 * anyone not logged in sees it) and the boards are read far more often
 * than they change */
typedef struct SiteCache {
    char key[40];               /* "" empty */
    char *text;
    size_t length;
    uint64_t at;                /* when made (ms) */
} SiteCache;

typedef struct Site {
    Db db;
    Lives *lives;
    Lobby lobby;                /* the other processes' games (lobby.h) */
    Workers *workers;
    Limits limits;
    uint8_t secret[ACCOUNT_SECRET_BYTES];    /* the server's: meta's 'secret' */
    char origins[SITE_ORIGINS][SITE_ORIGIN_SIZE];  /* the pages' origins allowed */
    int origin_count;
    bool trust_proxy;           /* the address is X-Real-IP's (nginx's) */
    /* GET /play: the server's WebSocket upgrade */
    enum MHD_Result (*upgrade)(void *context, struct MHD_Connection *c);
    void *upgrade_context;
    /* The page's own files, if the server serves them (the online
     * branch's --static: make serve's page): a GET the API has no route
     * for (and "/") that files_wanted takes is files' to answer */
    bool (*files_wanted)(const char *url);
    enum MHD_Result (*files)(struct MHD_Connection *c, const char *dir, const char *url);
    const char *files_dir;
    /* every session of player ended (a password changed or reset): the
     * server closes the sockets those sessions opened */
    void (*revoked)(void *context, int64_t player);
    SiteCache caches[SITE_CACHES];
    int next_cache;             /* the one to make over next */
    struct Request **suspended; /* requests waiting on a worker */
    int suspended_count, suspended_capacity;
    /* the verification queue (upload.h): the jobs this process claimed
     * and is checking, and when it last looked at the queue (ms) */
    int uploads_in_hand;
    uint64_t uploads_polled_ms;
} Site;

/* The player whose session the request's cookie is (0: none) */
int64_t site_session_player(Site *site, struct MHD_Connection *c);

/* The boards' answers kept are out of date (a run's figures came) */
void site_boards_changed(Site *site);

/* Today's day (UTC) */
void site_today(char day[11]);

#endif
