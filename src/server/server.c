/* The server's loop, its HTTP and its sockets: see server.h */
#define _GNU_SOURCE
#include "server.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stdarg.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "api.h"
#include "http.h"
#include "live.h"
#include "modes.h"
#include "upload.h"
#include "static.h"

enum { SERVER_EVENTS = 256, HTTP_TIMEOUT_S = 10, SERVER_RETRY_MS = 250 };

typedef struct Server Server;

/* A page's socket: its viewer (first, so a Viewer * is a Conn *) */
typedef struct Conn {
    Viewer viewer;
    Server *server;
    struct MHD_UpgradeResponseHandle *urh;
    uint8_t *early;             /* read by the HTTP server past the request */
    uint32_t events;            /* what epoll watches for it */
} Conn;

struct Server {
    const ServerSetup *setup;
    struct MHD_Daemon *http;
    int epoll_fd, signal_fd, http_fd;
    int port;
    GameData data;
    Db db;
    Lives lives;
    Workers workers;
    bool workers_started;
    Site api;
    Conn **conns;
    int conn_count, conn_capacity;
    uint64_t checked_ms;        /* the sockets' last liveness check */
    uint64_t states_ms;         /* the players' states' last check */
    bool stop;
    /* The database's socket as epoll watches it (PostgreSQL's: the group
     * commit's answer comes on it): a copy of the descriptor, so epoll
     * never watches a number libpq closed and another socket took, and
     * the socket's inode, to see when libpq connected again */
    int db_watch;
    ino_t db_inode;
};

/* Markers for epoll's data: the HTTP server's descriptor, the signals',
 * the workers' */
static char HTTP_MARK, SIGNAL_MARK, WORK_MARK, DB_MARK;

static uint64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

/* ---- The WebSocket --------------------------------------------------------------- */

static void on_ws_message(void *context, const uint8_t *bytes, size_t length, bool text)
{
    Conn *conn = context;
    Msg msg;
    char why[MSG_WHY_SIZE];
    if (!text) {
        lives_refuse(&conn->viewer, "The server reads text messages only.");
        return;
    }
    if (!msg_read((const char *)bytes, length, &msg, why, sizeof why)) {
        lives_refuse(&conn->viewer, why);
        return;
    }
    lives_message(&conn->server->lives, &conn->viewer, &msg, now_ms());
}

static void conn_free(Server *server, Conn *conn)
{
    lives_viewer_gone(&server->lives, &conn->viewer);
    if (conn->viewer.ws.fd >= 0) epoll_ctl(server->epoll_fd, EPOLL_CTL_DEL, conn->viewer.ws.fd, NULL);
    ws_free(&conn->viewer.ws);
    if (conn->urh != NULL) MHD_upgrade_action(conn->urh, MHD_UPGRADE_ACTION_CLOSE);
    free(conn->early);
    for (int i = 0; i < server->conn_count; ++i) {
        if (server->conns[i] == conn) server->conns[i] = server->conns[--server->conn_count];
    }
    free(conn);
}

static void on_upgrade(void *cls, struct MHD_Connection *connection, void *con_cls, const char *extra_in,
                       size_t extra_in_size, MHD_socket sock, struct MHD_UpgradeResponseHandle *urh)
{
    (void)connection;
    Server *server = cls;
    Conn *conn = calloc(1, sizeof *conn);
    bool ok = conn != NULL;
    if (ok && server->conn_count == server->conn_capacity) {
        int capacity = server->conn_capacity ? server->conn_capacity * 2 : 64;
        Conn **bigger = realloc(server->conns, (size_t)capacity * sizeof *bigger);
        ok = bigger != NULL;
        if (ok) server->conns = bigger, server->conn_capacity = capacity;
    }
    if (ok && extra_in_size > 0) {
        conn->early = malloc(extra_in_size);
        ok = conn->early != NULL;
        if (ok) memcpy(conn->early, extra_in, extra_in_size);
    }
    fcntl(sock, F_SETFL, fcntl(sock, F_GETFL) | O_NONBLOCK);
    /* each frame goes at once: Nagle's wait for the last one's ack would
     * add the peer's delayed ack (40 ms) to a key's answer */
    int one = 1;
    setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    ok = ok && ws_open(&conn->viewer.ws, sock, conn->early, extra_in_size, on_ws_message, conn);
    struct epoll_event event = {.events = EPOLLIN, .data.ptr = conn};
    ok = ok && epoll_ctl(server->epoll_fd, EPOLL_CTL_ADD, sock, &event) == 0;
    if (!ok) {
        if (conn != NULL) ws_free(&conn->viewer.ws);
        if (conn != NULL) free(conn->early);
        free(conn);
        MHD_upgrade_action(urh, MHD_UPGRADE_ACTION_CLOSE);
        return;
    }
    conn->server = server;
    conn->urh = urh;
    conn->events = EPOLLIN;
    conn->viewer.server = server;
    conn->viewer.session_player = api_request_player(con_cls);
    conn->viewer.ws.heard = true;
    server->conns[server->conn_count++] = conn;
    if (extra_in_size > 0) ws_read(&conn->viewer.ws);
}

static bool has_token(const char *header, const char *token)
{
    if (header == NULL) return false;
    size_t n = strlen(token);
    for (const char *p = header; *p != '\0'; ++p) {
        if (strncasecmp(p, token, n) == 0 && (p == header || p[-1] == ' ' || p[-1] == ',') &&
            (p[n] == '\0' || p[n] == ',' || p[n] == ' ')) {
            return true;
        }
    }
    return false;
}

static enum MHD_Result answer_text(struct MHD_Connection *c, unsigned status, const char *text)
{
    return http_text(c, status, text);
}

static enum MHD_Result upgrade(void *context, struct MHD_Connection *c)
{
    Server *server = context;
    const char *key = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-WebSocket-Key");
    const char *version = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-WebSocket-Version");
    const char *upgrade_to = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Upgrade");
    const char *connection = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Connection");
    char accept[WS_ACCEPT_SIZE];
    if (!has_token(upgrade_to, "websocket") || !has_token(connection, "upgrade")) {
        return answer_text(c, MHD_HTTP_UPGRADE_REQUIRED, "This is the game's WebSocket.\n");
    }
    if (!api_origin_ok(&server->api, c)) return answer_text(c, MHD_HTTP_FORBIDDEN, "Pages of other sites can't play here.\n");
    if (key == NULL || version == NULL || strcmp(version, "13") != 0 || !ws_accept_key(key, accept)) {
        return answer_text(c, MHD_HTTP_BAD_REQUEST, "That's not a WebSocket handshake the server takes.\n");
    }
    struct MHD_Response *response = MHD_create_response_for_upgrade(on_upgrade, server);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, MHD_HTTP_HEADER_UPGRADE, "websocket");
    MHD_add_response_header(response, "Sec-WebSocket-Accept", accept);
    http_headers(response);
    enum MHD_Result result = MHD_queue_response(c, MHD_HTTP_SWITCHING_PROTOCOLS, response);
    MHD_destroy_response(response);
    return result;
}

/* The sockets a player's ended sessions opened are closed: the page
 * opens another with its new cookie */
static void on_revoked(void *context, int64_t player)
{
    Server *server = context;
    for (int i = 0; i < server->conn_count; ++i) {
        Viewer *viewer = &server->conns[i]->viewer;
        if (viewer->session_player == player) ws_close(&viewer->ws, 1008, "Your sessions were ended: log in again.");
    }
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **con_cls)
{
    (void)version;
    Server *server = cls;
    return api_request(&server->api, c, url, method, upload_data, upload_data_size, con_cls, now_ms());
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode why)
{
    (void)c;
    (void)why;
    Server *server = cls;
    api_completed(&server->api, con_cls);
}

/* ---- Starting ---------------------------------------------------------------------- */

/* libmicrohttpd's complaints, on stderr, but for a client gone mid-request
 * (a tab closed, a slow client let go): routine, and one a connection */
static void http_log(void *cls, const char *format, va_list args)
{
    (void)cls;
    char text[256];
    vsnprintf(text, sizeof text, format, args);
    if (strncmp(text, "Connection was closed by remote side", 36) != 0) fputs(text, stderr);
}

static bool start_http(Server *server)
{
    const ServerSetup *setup = server->setup;
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)setup->port)};
    if (inet_pton(AF_INET, setup->address, &address.sin_addr) != 1) {
        fprintf(stderr, "amulets-server: %s isn't an IPv4 address\n", setup->address);
        return false;
    }
    /* a slow client (headers trickled, a body never sent) is let go after
     * HTTP_TIMEOUT_S; one address holds at most per_address connections */
    unsigned per_address = setup->per_address > 0 ? setup->per_address : 64;
    server->http = MHD_start_daemon(MHD_USE_EPOLL | MHD_ALLOW_UPGRADE | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG,
                                    (uint16_t)setup->port, NULL, NULL, on_request, server, MHD_OPTION_SOCK_ADDR,
                                    &address, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)HTTP_TIMEOUT_S,
                                    MHD_OPTION_CONNECTION_LIMIT, (unsigned)10000, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
                                    per_address, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
                                    MHD_OPTION_NOTIFY_COMPLETED, on_completed, server, MHD_OPTION_EXTERNAL_LOGGER,
                                    http_log, NULL, MHD_OPTION_END);
    if (server->http == NULL) {
        fprintf(stderr, "amulets-server: can't listen on %s:%d\n", setup->address, setup->port);
        return false;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->http, MHD_DAEMON_INFO_EPOLL_FD);
    const union MHD_DaemonInfo *port = MHD_get_daemon_info(server->http, MHD_DAEMON_INFO_BIND_PORT);
    server->http_fd = info != NULL ? info->epoll_fd : -1;
    server->port = port != NULL ? port->port : setup->port;
    struct epoll_event event = {.events = EPOLLIN, .data.ptr = &HTTP_MARK};
    if (server->http_fd < 0 || epoll_ctl(server->epoll_fd, EPOLL_CTL_ADD, server->http_fd, &event) != 0) {
        fprintf(stderr, "amulets-server: the HTTP server gives no epoll descriptor\n");
        return false;
    }
    Site *api = &server->api;
    snprintf(api->origins[0], SITE_ORIGIN_SIZE, "http://%s:%d", setup->address, server->port);
    snprintf(api->origins[1], SITE_ORIGIN_SIZE, "http://localhost:%d", server->port);
    api->origin_count = 2;
    if (setup->origin != NULL) snprintf(api->origins[api->origin_count++], SITE_ORIGIN_SIZE, "%s", setup->origin);
    return true;
}

static bool start_signals(Server *server)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigprocmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);
    server->signal_fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
    struct epoll_event event = {.events = EPOLLIN, .data.ptr = &SIGNAL_MARK};
    return server->signal_fd >= 0 && epoll_ctl(server->epoll_fd, EPOLL_CTL_ADD, server->signal_fd, &event) == 0;
}

static bool start_workers(Server *server)
{
    const ServerSetup *setup = server->setup;
    AccountHashing hashing = account_hashing_default();
    if (setup->pwhash_ops > 0) hashing.ops = setup->pwhash_ops;
    if (setup->pwhash_mem > 0) hashing.mem = setup->pwhash_mem;
    if (!work_start(&server->workers, hashing, &server->data, setup->verifier, setup->data_dir)) {
        fprintf(stderr, "amulets-server: the workers can't start\n");
        return false;
    }
    server->workers_started = true;
    server->workers.upload_delay_ms = setup->test_verify_ms;
    struct epoll_event event = {.events = EPOLLIN, .data.ptr = &WORK_MARK};
    return epoll_ctl(server->epoll_fd, EPOLL_CTL_ADD, server->workers.event_fd, &event) == 0;
}

/* The engine the setup names: --postgres's conninfo, a postgres:// or
 * postgresql:// URI (PostgreSQL's), else SQLite's file */
static bool open_db(Server *server, char *error, size_t error_size)
{
    const ServerSetup *setup = server->setup;
    const char *uri = setup->database;
    bool pg = setup->postgres != NULL || strncmp(uri, "postgres://", 11) == 0 || strncmp(uri, "postgresql://", 13) == 0;
    bool opened = pg ? db_pg_open(&server->db, setup->postgres != NULL ? setup->postgres : uri, setup->fast, error,
                                  error_size)
                     : db_sqlite_open(&server->db, uri, setup->fast, error, error_size);
    if (opened && setup->lose_answer > 0 && !db_fault_wrap(&server->db, setup->lose_answer)) {
        db_close(&server->db);
        snprintf(error, error_size, "out of memory");
        return false;
    }
    return opened;
}

static bool start(Server *server)
{
    const ServerSetup *setup = server->setup;
    Errors errors = {0};
    char error[DB_ERROR_SIZE];
    if (sodium_init() < 0) {
        fprintf(stderr, "amulets-server: libsodium can't start\n");
        return false;
    }
    if (!data_load_dir(&server->data, setup->data_dir, &errors)) {
        fprintf(stderr, "amulets-server: the data files in %s have mistakes:\n", setup->data_dir);
        errors_print(&errors, stderr, 8);
        errors_clear(&errors);
        return false;
    }
    if (!open_db(server, error, sizeof error) || !db_migrate(server->db, error, sizeof error)) {
        fprintf(stderr, "amulets-server: the database: %s\n", error);
        return false;
    }
    server->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    if (server->epoll_fd < 0 || !lives_init(&server->lives, server->db, &server->data)) return false;
    server->lives.test_seeds = setup->test_seeds;
    server->lives.dev = setup->dev;
    /* the signals blocked before any thread starts, so every thread
     * leaves them to the loop's signalfd */
    if (!start_signals(server) || !start_workers(server)) return false;
    server->lives.workers = &server->workers;
    if (!api_init(&server->api, server->db, &server->lives, &server->workers, error, sizeof error)) {
        fprintf(stderr, "amulets-server: the database: %s\n", error);
        return false;
    }
    server->api.upgrade = upgrade;
    server->api.upgrade_context = server;
    if (server->setup->static_dir != NULL) {   /* the page's files (make serve's; nginx's for real) */
        server->api.files = static_answer;
        server->api.files_wanted = static_wanted;
        server->api.files_dir = server->setup->static_dir;
    }
    server->api.revoked = on_revoked;
    server->api.trust_proxy = setup->trust_proxy;
    if (!lobby_start(&server->api.lobby, server->db, setup->name, server->lives.leases.shared, error, sizeof error)) {
        fprintf(stderr, "amulets-server: the lobby's notices: %s\n", error);
        return false;
    }
    upload_replay_pending(&server->api);
    return start_http(server);
}

/* ---- The loop ---------------------------------------------------------------------- */

static void on_conn(Server *server, Conn *conn, uint32_t events)
{
    (void)server;
    WsConn *ws = &conn->viewer.ws;
    if (events & (EPOLLIN | EPOLLHUP | EPOLLERR)) ws_read(ws);
    if (events & EPOLLOUT) ws_write(ws);
}

/* How often the sockets are checked for life (ws.h) */
static uint64_t check_ms(const Server *server)
{
    return server->setup->ws_check_ms > 0 ? (uint64_t)server->setup->ws_check_ms : WS_CHECK_MS;
}

/* A ban is the admin's command line's, another process: the players
 * with sockets open are read every SERVER_STATE_CHECK_MS, and a banned
 * one's sockets (playing or watching) closed with the reason. A hold
 * needs no check here: live.c reads it as a key could start a run */
enum { SERVER_STATE_CHECK_MS = 1000 };

static void close_banned(Server *server)
{
    int64_t last = 0;
    bool banned = false;
    for (int i = 0; i < server->conn_count; ++i) {
        Viewer *viewer = &server->conns[i]->viewer;
        int64_t player = viewer->player_id > 0 ? viewer->player_id : viewer->session_player;
        if (player <= 0) continue;
        if (player != last) {   /* a player's pages are often side by side */
            char state[MODES_STATE_SIZE];
            banned = modes_player_state(server->db, player, state) && strcmp(state, "banned") == 0;
            last = player;
        }
        if (banned) ws_close(&viewer->ws, 1008, "Your account is banned: you can't play or watch here.");
    }
}

static int wait_for(Server *server, uint64_t now)
{
    MHD_UNSIGNED_LONG_LONG http = 0;
    int wait = MHD_get_timeout(server->http, &http) == MHD_YES ? (int)(http < 60000 ? http : 60000) : 60000;
    int game = lives_timeout(&server->lives, now);
    if (game >= 0 && game < wait) wait = game;
    int queue = upload_due(&server->api, now);
    if (queue < wait) wait = queue;
    int told = lobby_timeout(&server->api.lobby, &server->lives, now);
    if (told >= 0 && told < wait) wait = told;
    /* a commit that failed is tried again soon, typed to or not */
    if (server->lives.down && !server->lives.flying && SERVER_RETRY_MS < wait) wait = SERVER_RETRY_MS;
    uint64_t since = now - server->checked_ms, every = check_ms(server);
    int check = server->conn_count == 0 ? wait : since >= every ? 0 : (int)(every - since);
    uint64_t states = now - server->states_ms;
    int state = server->conn_count == 0              ? wait
                : states >= SERVER_STATE_CHECK_MS ? 0
                                                  : (int)(SERVER_STATE_CHECK_MS - states);
    if (state < check) check = state;
    return check < wait ? check : wait;
}

/* After a turn: each socket written as far as it takes, watched for what
 * it waits on, or let go */
static void settle_conns(Server *server)
{
    for (int i = server->conn_count - 1; i >= 0; --i) {
        Conn *conn = server->conns[i];
        WsConn *ws = &conn->viewer.ws;
        bool behind = ws_queued(ws) > 0;
        if (ws_wants_write(ws)) ws_write(ws);
        if (behind && ws_queued(ws) < LIVES_LAG_BYTES) lives_drained(&server->lives, &conn->viewer);
        if (!ws_alive(ws)) {
            conn_free(server, conn);
            continue;
        }
        uint32_t events = EPOLLIN | (ws_wants_write(ws) ? EPOLLOUT : 0);
        if (events != conn->events) {
            struct epoll_event event = {.events = events, .data.ptr = conn};
            epoll_ctl(server->epoll_fd, EPOLL_CTL_MOD, ws->fd, &event);
            conn->events = events;
        }
    }
}

/* ---- The database's socket ------------------------------------------------------- */

static void unwatch_db(Server *server)
{
    if (server->db_watch >= 0) close(server->db_watch);   /* closing it takes it out of epoll */
    server->db_watch = -1;
}

/* After a turn: epoll watches the database's socket as it is now */
static void watch_db(Server *server)
{
    int fd = server->db.ops->socket(server->db.self);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        unwatch_db(server);
        return;
    }
    if (server->db_watch >= 0 && st.st_ino == server->db_inode) return;
    unwatch_db(server);
    server->db_watch = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    struct epoll_event event = {.events = EPOLLIN, .data.ptr = &DB_MARK};
    if (server->db_watch >= 0 && epoll_ctl(server->epoll_fd, EPOLL_CTL_ADD, server->db_watch, &event) != 0) {
        unwatch_db(server);
    }
    server->db_inode = st.st_ino;
}

static void on_notice(void *context, DbChannel channel, const char *payload)
{
    Server *server = context;
    if (channel == DB_CHANNEL_LOBBY) lobby_heard(&server->api.lobby, &server->lives, payload);
}

/* The database's socket readable: what came read (the commit's answer
 * is then taken by lives_commit, the notices heard); a connection lost
 * is watched no more until it's made again */
static void on_db(Server *server)
{
    char error[DB_ERROR_SIZE];
    if (server->db.ops->notices(server->db.self, on_notice, server, error, sizeof error) < 0) unwatch_db(server);
}

/* The turn's group commit; the log says when it fails and when it's back */
static void commit(Server *server)
{
    bool was_down = server->lives.down;
    if (!lives_commit(&server->lives) && !was_down) {
        fprintf(server->setup->say, "amulets-server: the events couldn't be committed (%s): they wait\n",
                server->lives.error);
        fflush(server->setup->say);
    } else if (was_down && !server->lives.down) {
        fprintf(server->setup->say, "amulets-server: the database is back: the events waiting are committed\n");
        fflush(server->setup->say);
    }
}

static void turn(Server *server)
{
    struct epoll_event events[SERVER_EVENTS];
    int n = epoll_wait(server->epoll_fd, events, SERVER_EVENTS, wait_for(server, now_ms()));
    bool http = n == 0;
    for (int i = 0; i < n; ++i) {
        void *mark = events[i].data.ptr;
        if (mark == &HTTP_MARK) {
            http = true;
        } else if (mark == &SIGNAL_MARK) {
            server->stop = true;
        } else if (mark == &DB_MARK) {
            on_db(server);
        } else if (mark == &WORK_MARK) {
            for (Work *work = work_take(&server->workers), *next; work != NULL; work = next) {
                next = work->next;
                api_work_done(&server->api, work);
            }
            http = true;   /* what the work resumed is answered now */
        } else {
            on_conn(server, mark, events[i].events);
        }
    }
    if (http) MHD_run(server->http);
    uint64_t now = now_ms();
    if (now - server->checked_ms >= check_ms(server)) {
        server->checked_ms = now;
        for (int i = 0; i < server->conn_count; ++i) ws_check_alive(&server->conns[i]->viewer.ws);
    }
    if (now - server->states_ms >= SERVER_STATE_CHECK_MS) {
        server->states_ms = now;
        close_banned(server);
    }
    lives_tick(&server->lives, now);
    upload_tick(&server->api, now);
    commit(server);
    if (server->api.lobby.shared) {
        /* notices libpq read while it read answers: the socket won't say */
        char error[DB_ERROR_SIZE];
        server->db.ops->notices(server->db.self, on_notice, server, error, sizeof error);
        lobby_tell(&server->api.lobby, &server->lives, now);
    }
    settle_conns(server);
    watch_db(server);
}

static void stop(Server *server)
{
    lives_settle(&server->lives);
    lobby_farewell(&server->api.lobby, &server->lives);
    unwatch_db(server);
    while (server->conn_count > 0) conn_free(server, server->conns[0]);
    free(server->conns);
    lives_free(&server->lives);
    if (server->workers_started) work_stop(&server->workers);
    lobby_free(&server->api.lobby);
    api_free(&server->api);
    if (server->http != NULL) MHD_run(server->http);   /* the resumed answered */
    if (server->http != NULL) MHD_stop_daemon(server->http);
    db_close(&server->db);
    data_free(&server->data);
    if (server->signal_fd >= 0) close(server->signal_fd);
    if (server->epoll_fd >= 0) close(server->epoll_fd);
}

int server_run(const ServerSetup *setup)
{
    Server *server = calloc(1, sizeof *server);
    if (server == NULL) return 1;
    server->setup = setup;
    server->epoll_fd = server->signal_fd = server->db_watch = -1;
    bool started = start(server);
    if (started) {
        /* a conninfo may hold a password: PostgreSQL is only named */
        fprintf(setup->say, "listening on http://%s:%d/ (the database: %s)\n", setup->address, server->port,
                strcmp(server->db.ops->engine, "sqlite") == 0 ? setup->database : "PostgreSQL");
        fflush(setup->say);
        while (!server->stop) turn(server);
        fprintf(setup->say, "stopped: %lld commits, %lld events kept\n", server->lives.commits, server->lives.events);
    }
    stop(server);
    free(server);
    return started ? 0 : 1;
}
