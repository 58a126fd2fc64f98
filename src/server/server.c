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
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "live.h"

enum { SERVER_EVENTS = 256, ORIGIN_SIZE = 128, SERVER_RETRY_MS = 250 };

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
    Conn **conns;
    int conn_count, conn_capacity;
    char origins[2][ORIGIN_SIZE];
    bool stop;
    /* The database's socket as epoll watches it (PostgreSQL's: the group
     * commit's answer comes on it): a copy of the descriptor, so epoll
     * never watches a number libpq closed and another socket took, and
     * the socket's inode, to see when libpq connected again */
    int db_watch;
    ino_t db_inode;
};

/* Markers for epoll's data: the HTTP server's descriptor, the signals',
 * the database's */
static char HTTP_MARK, SIGNAL_MARK, DB_MARK;

static uint64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

/* ---- HTTP ------------------------------------------------------------------------ */

static enum MHD_Result answer(struct MHD_Connection *c, unsigned status, const char *type, const char *body,
                              size_t length)
{
    struct MHD_Response *response = MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, "Content-Type", type);
    MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(response, "Cache-Control", "no-store");
    enum MHD_Result result = MHD_queue_response(c, status, response);
    MHD_destroy_response(response);
    return result;
}

static enum MHD_Result answer_text(struct MHD_Connection *c, unsigned status, const char *text)
{
    return answer(c, status, "text/plain; charset=utf-8", text, strlen(text));
}

static enum MHD_Result games_json(Server *server, struct MHD_Connection *c)
{
    FrameText t = {0};
    frame_add(&t, "{\"games\":[", 10);
    int shown = 0;
    for (int i = 0; i < server->lives.count; ++i) {
        const Live *live = server->lives.all[i];
        if (live->run_id <= 0 || live->left) continue;
        char item[160];
        int n = snprintf(item, sizeof item, "%s{\"run\":%" PRId64 ",\"player\":%" PRId64 ",\"viewers\":%d,\"events\":%d}",
                         shown++ > 0 ? "," : "", live->run_id, live->player_id, live->viewer_count, live->committed);
        frame_add(&t, item, (size_t)n);
    }
    frame_add(&t, "]}", 2);
    enum MHD_Result result = t.failed ? MHD_NO : answer(c, MHD_HTTP_OK, "application/json", t.bytes, t.length);
    frame_text_free(&t);
    return result;
}

typedef struct RunAnswer {
    FrameText text;
    bool found;
    bool recording;             /* the recording alone */
} RunAnswer;

static bool read_run_answer(void *context, const DbValue *c, int count)
{
    RunAnswer *a = context;
    a->found = count >= 2;
    if (!a->found) return false;
    if (a->recording) {
        if (c[0].type == DB_TEXT) frame_add(&a->text, c[0].s, c[0].n);
        else a->found = false;
        return false;
    }
    return false;
}

static bool read_run_state(void *context, const DbValue *c, int count)
{
    RunAnswer *a = context;
    if (count < 10 || c[7].type != DB_TEXT) return false;
    a->found = true;
    char head[160];
    int n = snprintf(head, sizeof head, "{\"run\":%" PRId64 ",\"player\":%" PRId64 ",\"state\":", c[0].i, c[1].i);
    frame_add(&a->text, head, (size_t)n);
    frame_add_string(&a->text, c[7].s);
    n = snprintf(head, sizeof head, ",\"events\":%" PRId64 ",\"digest\":", c[8].i);
    frame_add(&a->text, head, (size_t)n);
    if (c[9].type == DB_TEXT) frame_add_string(&a->text, c[9].s);
    else frame_add(&a->text, "null", 4);
    frame_add(&a->text, "}", 1);
    return false;
}

/* /api/runs/ID and /api/runs/ID/recording */
static enum MHD_Result run_page(Server *server, struct MHD_Connection *c, const char *rest)
{
    char *end;
    errno = 0;
    long long id = strtoll(rest, &end, 10);
    bool recording = strcmp(end, "/recording") == 0;
    if (errno != 0 || end == rest || id <= 0 || (*end != '\0' && !recording)) {
        return answer_text(c, MHD_HTTP_NOT_FOUND, "There's no such page.\n");
    }
    RunAnswer a = {.recording = recording};
    DbValue value = db_int(id);
    char error[DB_ERROR_SIZE];
    bool ran = db_run(server->db, recording ? DB_GAME_RECORDING : DB_GAME_GET, &value, 1,
                      recording ? read_run_answer : read_run_state, &a, error, sizeof error);
    enum MHD_Result result;
    if (!ran) result = answer_text(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The database can't be read now.\n");
    else if (!a.found || a.text.failed) result = answer_text(c, MHD_HTTP_NOT_FOUND, "There's no such run, or it has no recording yet.\n");
    else result = answer(c, MHD_HTTP_OK, recording ? "text/plain; charset=utf-8" : "application/json", a.text.bytes,
                         a.text.length);
    frame_text_free(&a.text);
    return result;
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
    (void)con_cls;
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
    server->conns[server->conn_count++] = conn;
    if (extra_in_size > 0) ws_read(&conn->viewer.ws);
}

static bool origin_ok(Server *server, struct MHD_Connection *c)
{
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    if (origin == NULL) return true;   /* not a browser's page */
    for (int i = 0; i < 2; ++i) {
        if (strcmp(origin, server->origins[i]) == 0) return true;
    }
    return server->setup->origin != NULL && strcmp(origin, server->setup->origin) == 0;
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

static enum MHD_Result upgrade(Server *server, struct MHD_Connection *c)
{
    const char *key = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-WebSocket-Key");
    const char *version = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-WebSocket-Version");
    const char *upgrade_to = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Upgrade");
    const char *connection = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Connection");
    char accept[WS_ACCEPT_SIZE];
    if (!has_token(upgrade_to, "websocket") || !has_token(connection, "upgrade")) {
        return answer_text(c, MHD_HTTP_UPGRADE_REQUIRED, "This is the game's WebSocket.\n");
    }
    if (!origin_ok(server, c)) return answer_text(c, MHD_HTTP_FORBIDDEN, "Pages of other sites can't play here.\n");
    if (key == NULL || version == NULL || strcmp(version, "13") != 0 || !ws_accept_key(key, accept)) {
        return answer_text(c, MHD_HTTP_BAD_REQUEST, "That's not a WebSocket handshake the server takes.\n");
    }
    struct MHD_Response *response = MHD_create_response_for_upgrade(on_upgrade, server);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, MHD_HTTP_HEADER_UPGRADE, "websocket");
    MHD_add_response_header(response, "Sec-WebSocket-Accept", accept);
    enum MHD_Result result = MHD_queue_response(c, MHD_HTTP_SWITCHING_PROTOCOLS, response);
    MHD_destroy_response(response);
    return result;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **con_cls)
{
    (void)version;
    (void)upload_data;
    Server *server = cls;
    if (*con_cls == NULL) {   /* the headers alone: answer at the next call */
        *con_cls = server;
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        *upload_data_size = 0;   /* no page takes a body yet */
        return MHD_YES;
    }
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
        return answer_text(c, MHD_HTTP_METHOD_NOT_ALLOWED, "The server takes GET only.\n");
    }
    if (strcmp(url, "/play") == 0) return upgrade(server, c);
    if (strcmp(url, "/api/games") == 0) return games_json(server, c);
    if (strncmp(url, "/api/runs/", 10) == 0) return run_page(server, c, url + 10);
    if (strcmp(url, "/") == 0) {
        return answer_text(c, MHD_HTTP_OK, "Amulets of SDL's server.\n"
                                           "The game's page plays through the WebSocket at /play; "
                                           "/api/games lists the live games (docs/server.md).\n");
    }
    return answer_text(c, MHD_HTTP_NOT_FOUND, "There's no such page.\n");
}

/* ---- Starting ---------------------------------------------------------------------- */

static bool start_http(Server *server)
{
    const ServerSetup *setup = server->setup;
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)setup->port)};
    if (inet_pton(AF_INET, setup->address, &address.sin_addr) != 1) {
        fprintf(stderr, "amulets-server: %s isn't an IPv4 address\n", setup->address);
        return false;
    }
    server->http = MHD_start_daemon(MHD_USE_EPOLL | MHD_ALLOW_UPGRADE | MHD_USE_ERROR_LOG, (uint16_t)setup->port,
                                    NULL, NULL, on_request, server, MHD_OPTION_SOCK_ADDR, &address,
                                    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30, MHD_OPTION_CONNECTION_LIMIT,
                                    (unsigned)10000, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
                                    MHD_OPTION_END);
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
    snprintf(server->origins[0], ORIGIN_SIZE, "http://%s:%d", setup->address, server->port);
    snprintf(server->origins[1], ORIGIN_SIZE, "http://localhost:%d", server->port);
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
    return start_signals(server) && start_http(server);
}

/* ---- The loop ---------------------------------------------------------------------- */

static void on_conn(Server *server, Conn *conn, uint32_t events)
{
    (void)server;
    WsConn *ws = &conn->viewer.ws;
    if (events & (EPOLLIN | EPOLLHUP | EPOLLERR)) ws_read(ws);
    if (events & EPOLLOUT) ws_write(ws);
}

static int wait_for(Server *server, uint64_t now)
{
    MHD_UNSIGNED_LONG_LONG http = 0;
    int wait = MHD_get_timeout(server->http, &http) == MHD_YES ? (int)(http < 60000 ? http : 60000) : 60000;
    int game = lives_timeout(&server->lives, now);
    /* a commit that failed is tried again soon, typed to or not */
    if (server->lives.down && !server->lives.flying) game = game >= 0 && game < SERVER_RETRY_MS ? game : SERVER_RETRY_MS;
    return game >= 0 && game < wait ? game : wait;
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

static void ignore_notice(void *context, DbChannel channel, const char *payload)
{
    (void)context;
    (void)channel;
    (void)payload;
}

/* The database's socket readable: what came read (the commit's answer
 * is then taken by lives_commit); a connection lost is watched no more
 * until it's made again */
static void on_db(Server *server)
{
    char error[DB_ERROR_SIZE];
    if (server->db.ops->notices(server->db.self, ignore_notice, NULL, error, sizeof error) < 0) unwatch_db(server);
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
        } else {
            on_conn(server, mark, events[i].events);
        }
    }
    if (http) MHD_run(server->http);
    lives_tick(&server->lives, now_ms());
    bool was_down = server->lives.down;
    if (!lives_commit(&server->lives) && !was_down) {
        fprintf(server->setup->say, "amulets-server: the events couldn't be committed (%s): they wait\n",
                server->lives.error);
        fflush(server->setup->say);
    } else if (was_down && !server->lives.down) {
        fprintf(server->setup->say, "amulets-server: the database is back: the events waiting are committed\n");
        fflush(server->setup->say);
    }
    settle_conns(server);
    watch_db(server);
}

static void stop(Server *server)
{
    lives_settle(&server->lives);
    unwatch_db(server);
    while (server->conn_count > 0) conn_free(server, server->conns[0]);
    free(server->conns);
    lives_free(&server->lives);
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
