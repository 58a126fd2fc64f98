/* amulets-server: the online game's server (docs/server.md). One
 * process, one thread, one epoll loop: libmicrohttpd answers HTTP inside
 * it (its own epoll descriptor is one of the loop's), upgrades /play to
 * a WebSocket whose socket the loop then reads and writes (ws.h), and the
 * live games (live.h) step on their pages' messages and their own
 * timers. Each turn of the loop ends with one commit of every game's
 * events (lives_commit), then the frames that waited on it are sent.
 *
 * HTTP: the API (api.h, route.h's ROUTES), and GET /play, the WebSocket
 * (msg.h's messages in, wire.h's frames out): a browser's Origin must be
 * the server's own or the one named, and the player is the session's
 * (its cookie), or in dev mode the one a page names. With --static DIR,
 * GET /FILE serves the built page's files (static.h; "/" is online.html).
 *
 * Also: `amulets-server --admin DB hold|release|ban|unban NAME` and
 * `strike RUN` (admin.h). */
#ifndef AMULETS_SERVER_H
#define AMULETS_SERVER_H

#include <stdbool.h>
#include <stdio.h>

typedef struct ServerSetup {
    const char *address;        /* "127.0.0.1" */
    int port;                   /* 0: any free one */
    const char *database;       /* the SQLite file (its folder must exist),
                                   or a postgres:// URI (PostgreSQL) */
    const char *postgres;       /* PostgreSQL's libpq conninfo, or NULL: the
                                   database is then `database` */
    const char *data_dir;       /* the game's data files */
    bool fast;                  /* SQLite's synchronous NORMAL (db.h) */
    const char *origin;         /* another Origin allowed, or NULL */
    bool test_seeds;            /* a new run may name its seed and floor (the
                                   tests' and the benchmark's: never for play) */
    int lose_answer;            /* the tests' fault: the group commit of that
                                   number (1 the first) commits, its answer
                                   lost (db_fault_wrap); 0 none */
    const char *name;           /* this process's name, which the lobby gives
                                   its games (nginx's /s/NAME/play), or NULL */
    int test_verify_ms;         /* the tests': each upload's check takes this
                                   much longer (work.h); 0 none */
    bool dev;                   /* a page may name its player: the tests' */
    unsigned long long pwhash_ops;  /* argon2id's settings (0: the defaults, */
    size_t pwhash_mem;              /* 2 and 19 MiB) */
    const char *verifier;       /* the amulets program that checks uploads */
    unsigned per_address;       /* most connections from one address (0: 64) */
    bool trust_proxy;           /* an address is nginx's X-Real-IP */
    int ws_check_ms;            /* how often sockets are checked for life
                                   (0: ws.h's WS_CHECK_MS; the tests' less) */
    FILE *say;                  /* where the server says what it does */
    const char *static_dir;     /* the built page's files (static.h), or NULL */
} ServerSetup;

/* Runs the server until SIGINT or SIGTERM: 0, or 1 if it couldn't start
 * (said on stderr). Its first line on setup->say is "listening on URL" */
int server_run(const ServerSetup *setup);

#endif
