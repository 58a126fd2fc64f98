/* The live games of a server and the pages that play or watch them
 * (docs/server.md). Each live game is a Game (game.h) with its frames
 * (wire.h), its player's page and any number of watchers' pages, each a
 * Viewer.
 *
 * Durable by construction: what a step of a game brings (its events, a
 * new run, a run's end) waits in the game's queue, and so does every
 * message it makes; lives_commit, called once a turn of the server's
 * loop, writes every game's queue in one transaction (a group commit),
 * and only then sends the messages, so no page ever sees what the
 * database doesn't hold. If the commit fails the queues wait for the next
 * turn, and the games go on queueing behind them.
 *
 * Viewers: each is sent the game's frames in order (a full frame first,
 * then deltas); one whose socket falls behind (more than LIVES_LAG_BYTES
 * queued) is sent no more deltas until it drains, and then a full frame,
 * so a slow watcher never slows the game or the others.
 *
 * Keys typed ahead of a warning: a key says the last frame its page drew;
 * a key drawn before the frame that showed an alarm (the player hurt, a
 * monster come into view, a question asked: input_take_alarm) is dropped,
 * as the native game drops the keys typed ahead (loop_step's drop_keys). */
#ifndef AMULETS_LIVE_H
#define AMULETS_LIVE_H

#include <stdbool.h>
#include <stdint.h>
#include <jansson.h>

#include "account.h"
#include "db.h"
#include "game.h"
#include "lease.h"
#include "limit.h"
#include "msg.h"
#include "wire.h"
#include "work.h"
#include "ws.h"

enum {
    LIVES_LAG_BYTES = 256 * 1024,    /* a viewer's queue past this gets no deltas */
    LIVES_IDLE_MS = 120 * 1000,      /* a game no page views is let go after
                                        this (its events are kept: it's made
                                        again when a page asks for it) */
};

struct Live;

/* A page's connection: the server's part (its socket, the HTTP
 * server's handle) and the game it plays or watches */
typedef struct Viewer {
    WsConn ws;
    struct Live *live;          /* NULL: none yet, or it was let go */
    bool player;                /* plays it (else watches) */
    uint32_t sent;              /* the last frame sent it */
    bool needs_full;            /* send it a full frame when it can take one */
    int64_t player_id;          /* after a play message, else 0 */
    int64_t session_player;     /* the player the upgrade's cookie named (0: none) */
    KeyBucket keys;             /* its keys' rate */
    void *server;               /* the server's own */
} Viewer;

/* A run's mode: its enum and its name in the database and the API */
#define LIVE_MODES(X) X(LADDER, "ladder") X(DAILY, "daily") X(PRACTICE, "practice")
#define LIVE_MODE_ENUM(name, text) LIVE_##name,
typedef enum LiveMode { LIVE_MODES(LIVE_MODE_ENUM) LIVE_MODE_COUNT } LiveMode;
#undef LIVE_MODE_ENUM
const char *live_mode_name(LiveMode mode);

/* A step's result or a message, waiting for the commit */
typedef enum QueuedKind { QUEUED_NEW_RUN, QUEUED_EVENT, QUEUED_END } QueuedKind;
typedef struct Queued {
    QueuedKind kind;
    JournalEvent event;
    JournalBase base;           /* a new run's */
    char *settings;
    LiveMode mode;              /* a new run's, and its day */
    char day[11];
    char token[17];             /* a new run's: its row's, found by it after
                                   a commit whose answer was lost (commit.c) */
    uint64_t digest;            /* an end's, and its run once written */
    int64_t run;
    char *recording, *morgue;
    size_t recording_length, morgue_length;
} Queued;

typedef struct Held {
    char *bytes;
    size_t length;
    uint32_t number;            /* a frame's number; 0: for the player alone */
} Held;

typedef struct Live {
    Game game;
    Wire wire;
    int64_t run_id;             /* the run's row (0: not committed yet) */
    int64_t player_id;
    char player_name[MSG_NAME_SIZE];
    LiveMode mode;              /* the run in play's (R's next run is a ladder run) */
    char day[11];               /* a daily's or practice's day */
    uint64_t input_ms;          /* when its player last typed */
    int committed;              /* the run's events the database holds */
    Queued *queued;
    int queued_count, queued_capacity;
    Held *held;
    int held_count, held_capacity;
    /* In the commit in flight: the first flying_queued of queued and
     * flying_held of held, and the run and count they make */
    int flying_queued, flying_held;
    int64_t flying_run;
    int flying_committed;
    bool timed;                 /* the loop's timer is set: */
    uint64_t due_ms;            /* it's due then */
    uint32_t alarm_frame;       /* keys drawn before this frame are dropped */
    Viewer **viewers;
    int viewer_count, viewer_capacity;
    uint64_t active_ms;         /* when it last had a viewer */
    bool left;                  /* the player left the game: let go once committed */
    int64_t told_run;           /* what the lobby's last notice said of it */
    int told_floor;             /* (lobby.h): its run (0: none) and floor */
} Live;

typedef struct Lives {
    Db db;
    const GameData *data;
    WireScratch *scratch;
    Live **all;
    int count, capacity;
    bool test_seeds;            /* a new run may name its seed and floor, and
                                   a daily its day */
    bool dev;                   /* a page may name its player (the tests') */
    Workers *workers;           /* each ended run's recording goes to the
                                   server's own replay (NULL: not) */
    uint8_t secret[ACCOUNT_SECRET_BYTES];   /* the daily's seeds' key */
    char error[DB_ERROR_SIZE];  /* the last commit's failure, or "" */
    bool flying;                /* a commit sent, its answer not yet come */
    bool down;                  /* the last commit failed: the players told */
    bool recheck;               /* a commit failed: it may have gone through
                                   (its answer lost), so the counts are read
                                   again before the next */
    Leases leases;              /* this process's on its live games (lease.h) */
    long long commits, events;  /* all told */
    uint64_t changes;           /* counts changes to what the lobby lists
                                   (games, their runs, their viewers) */
    int64_t *gone;              /* runs the lobby told of whose games were */
    int gone_count, gone_capacity;  /* let go since: to tell they ended */
} Lives;

bool lives_init(Lives *lives, Db db, const GameData *data);
void lives_free(Lives *lives);

/* A page's message (msg.h), at now (monotonic ms) */
void lives_message(Lives *lives, Viewer *viewer, const Msg *msg, uint64_t now);
/* A message the page sent that can't be read: told to it */
void lives_refuse(Viewer *viewer, const char *why);
/* The viewer's connection is gone: it leaves its game */
void lives_viewer_gone(Lives *lives, Viewer *viewer);
/* The viewer's socket drained: a full frame if it fell behind */
void lives_drained(Lives *lives, Viewer *viewer);

/* Milliseconds until a game's timer is due (-1: none) */
int lives_timeout(const Lives *lives, uint64_t now);
/* Steps every game whose timer is due; lets go of idle games */
void lives_tick(Lives *lives, uint64_t now);
/* The group commit, once a turn: if one is in flight, its answer read
 * if it has come (what waited on it sent; the loop wakes on the
 * database's socket for it); then, if none is in flight, every game's
 * queue sent in one transaction (db.h's send_*). What a game makes
 * meanwhile waits for the next. False (the queues kept, lives->error
 * says why) if the database refused */
bool lives_commit(Lives *lives);
/* Every commit done, waiting for the database (the server stopping) */
bool lives_settle(Lives *lives);

#endif
