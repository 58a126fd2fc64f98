/* The server's HTTP API (docs/server.md has each route's shape): the
 * accounts (register, login, logout, password, recover, me), the lobby,
 * the boards, the runs and their recordings, the daily, the offline
 * seeds and uploads. Each request is read by route.h (its path, and its
 * form: at most 4 KB of JSON, an upload 256 KB), refused 403 if it
 * changes something and comes from a page of another site (its Origin),
 * 413 if its body is too long, 429 past its rate limit (limit.h).
 *
 * What takes time never stalls the loop: argon2id runs on a worker
 * (work.h) while the request is suspended (libmicrohttpd's
 * MHD_suspend_connection), and comes back through the workers' eventfd
 * (api_work_done), which resumes it; an upload is answered 202 at once,
 * checked on the other lane, and asked after (/api/uploads/N).
 *
 * Sessions: a login's token in the cookie __Host-amulets (account.h),
 * its SHA-256 in the database, so a session outlives a restart; a
 * password changed or reset ends every session of the account. */
#ifndef AMULETS_API_H
#define AMULETS_API_H

#include <microhttpd.h>
#include <stdbool.h>
#include <stdint.h>

#include "account.h"
#include "db.h"
#include "limit.h"
#include "live.h"
#include "route.h"
#include "work.h"

enum {
    API_ORIGINS = 3, API_ORIGIN_SIZE = 128, API_BOARD_MOST = 100,
    API_CACHES = 16,            /* the lobby and the boards last asked for */
    API_LOBBY_MS = 250,         /* a lobby answer is kept this long */
    API_BOARD_MS = 1000,        /* a board's, unless a run's figures come first */
};

/* An answer kept for the next asker of the same page: the lobby (as
 * anyone not logged in sees it) and the boards are read far more often
 * than they change */
typedef struct ApiCache {
    char key[40];               /* "" empty */
    char *text;
    size_t length;
    uint64_t at;                /* when made (ms) */
} ApiCache;

typedef struct Api {
    Db db;
    Lives *lives;
    Workers *workers;
    Limits limits;
    uint8_t secret[ACCOUNT_SECRET_BYTES];    /* the server's: meta's 'secret' */
    char origins[API_ORIGINS][API_ORIGIN_SIZE];  /* the pages' origins allowed */
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
    ApiCache caches[API_CACHES];
    int next_cache;             /* the one to make over next */
    struct Request **suspended; /* requests waiting on a worker */
    int suspended_count, suspended_capacity;
} Api;

/* The API over the server's parts: reads (or makes, at the first start)
 * the server's secret. False with why */
bool api_init(Api *api, Db db, Lives *lives, Workers *workers, char *error, size_t error_size);
/* Resumes what waits (answered 503) and lets go */
void api_free(Api *api);

/* libmicrohttpd's access handler and its completion notice */
enum MHD_Result api_request(Api *api, struct MHD_Connection *c, const char *url, const char *method,
                            const char *upload_data, size_t *upload_data_size, void **con_cls, uint64_t now);
void api_completed(Api *api, void **con_cls);

/* True if the request's Origin (if any) is one of the pages' */
bool api_origin_ok(const Api *api, struct MHD_Connection *c);
/* The player whose session the request's cookie is (0: none) */
int64_t api_session_player(Api *api, struct MHD_Connection *c);
/* The player a /play request's session found (0: none), for the upgrade */
int64_t api_request_player(void *con_cls);

/* A worker's job done (work_take's): its request resumed, or its
 * result kept (a run's figures, an upload's verdict). Frees it */
void api_work_done(Api *api, Work *work);

/* Every ended run the server's replay hasn't yet figured, and every
 * upload not yet checked (after a crash or a restart), handed to the
 * workers */
void api_replay_pending(Api *api);

/* The boards' answers kept are out of date (a run's figures came) */
void api_boards_changed(Api *api);

/* Today's day (UTC) */
void api_today(char day[11]);

#endif
