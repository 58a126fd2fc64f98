/* The tests' page: see client.h */
#define _GNU_SOURCE
#include "client.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- The server as a process -------------------------------------------------- */

bool server_start(ServerProc *server, const char *database, const char *const *extra)
{
    int out[2];
    if (pipe(out) != 0) return false;
    const char *argv[32] = {AMULETS_SERVER_BINARY, "--port", "0", "--database", database, "--test-seeds", "--dev"};
    int argc = 7;
    if (extra != NULL && extra[0] != NULL && strcmp(extra[0], "--no-dev") == 0) {   /* accounts alone */
        argc = 6;
        ++extra;
    }
    for (int i = 0; extra != NULL && extra[i] != NULL && argc < 31; ++i) argv[argc++] = extra[i];
    argv[argc] = NULL;
    server->pid = fork();
    if (server->pid == 0) {
        dup2(out[1], 1);
        close(out[0]);
        close(out[1]);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(out[1]);
    char line[512];
    size_t at = 0;
    server->port = 0;
    struct pollfd p = {out[0], POLLIN, 0};
    while (at < sizeof line - 1 && poll(&p, 1, 10000) > 0) {
        ssize_t n = read(out[0], line + at, 1);
        if (n <= 0 || line[at] == '\n') break;
        ++at;
    }
    line[at] = '\0';
    close(out[0]);
    const char *colon = strstr(line, "127.0.0.1:");
    if (colon != NULL) server->port = atoi(colon + 10);
    return server->port > 0;
}

int server_stop(ServerProc *server, int signal)
{
    int status = 0;
    kill(server->pid, signal);
    waitpid(server->pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* ---- HTTP -------------------------------------------------------------------- */

static int dial(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        if (fd >= 0) close(fd);
        return -1;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

static bool send_all(int fd, const char *text, size_t length)
{
    while (length > 0) {
        ssize_t n = send(fd, text, length, MSG_NOSIGNAL);
        if (n <= 0) return false;
        text += n;
        length -= (size_t)n;
    }
    return true;
}

int http_request(int port, const char *method, const char *path, const char *headers, const char *body,
                 size_t length, HttpAnswer *answer)
{
    memset(answer, 0, sizeof *answer);
    int fd = dial(port);
    if (fd < 0) return -1;
    char head[1024];
    int n = snprintf(head, sizeof head,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\nContent-Length: %zu\r\n%s\r\n",
                     method, path, port, length, headers != NULL ? headers : "");
    if (!send_all(fd, head, (size_t)n) || (length > 0 && !send_all(fd, body, length))) {
        /* the server may answer (413) before the body is all sent: read it */
    }
    size_t at = 0, most = 1 << 20;
    ssize_t got;
    char *all = malloc(most);
    while (all != NULL && at < most - 1 && (got = recv(fd, all + at, most - 1 - at, 0)) > 0) at += (size_t)got;
    close(fd);
    if (all == NULL) return -1;
    all[at] = '\0';
    int status = -1;
    sscanf(all, "HTTP/1.1 %d", &status);
    char *end = strstr(all, "\r\n\r\n");
    answer->body = strdup(end != NULL ? end + 4 : "");
    if (end != NULL) *end = '\0';
    answer->head = strdup(all);
    const char *cookie = strcasestr(answer->head, "\r\nSet-Cookie: ");
    if (cookie != NULL) {
        cookie += 14;
        size_t length_cookie = strcspn(cookie, ";\r");
        snprintf(answer->cookie, sizeof answer->cookie, "%.*s", (int)length_cookie, cookie);
    }
    answer->status = status;
    free(all);
    return status;
}

void http_answer_free(HttpAnswer *answer)
{
    free(answer->head);
    free(answer->body);
    memset(answer, 0, sizeof *answer);
}

int http_get(int port, const char *path, char *out, size_t size)
{
    int fd = dial(port);
    if (fd < 0) return -1;
    char request[512];
    int n = snprintf(request, sizeof request, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", path);
    if (!send_all(fd, request, (size_t)n)) {
        close(fd);
        return -1;
    }
    size_t at = 0;
    ssize_t got;
    char *all = malloc(1 << 20);
    while (all != NULL && at < (1 << 20) - 1 && (got = recv(fd, all + at, (1 << 20) - 1 - at, 0)) > 0) at += (size_t)got;
    close(fd);
    if (all == NULL) return -1;
    all[at] = '\0';
    int status = -1;
    sscanf(all, "HTTP/1.1 %d", &status);
    const char *body = strstr(all, "\r\n\r\n");
    snprintf(out, size, "%s", body != NULL ? body + 4 : "");
    free(all);
    return status;
}

/* ---- The WebSocket ------------------------------------------------------------- */

static ssize_t on_recv(wslay_event_context_ptr ctx, uint8_t *buf, size_t len, int flags, void *user)
{
    (void)flags;
    Client *client = user;
    ssize_t n = recv(client->fd, buf, len, 0);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        wslay_event_set_error(ctx, WSLAY_ERR_WOULDBLOCK);
        return -1;
    }
    if (n <= 0) {
        client->closed = true;
        wslay_event_set_error(ctx, WSLAY_ERR_CALLBACK_FAILURE);
        return -1;
    }
    client->received_bytes += n;
    return n;
}

static ssize_t on_send(wslay_event_context_ptr ctx, const uint8_t *data, size_t len, int flags, void *user)
{
    (void)flags;
    Client *client = user;
    ssize_t n = send(client->fd, data, len, MSG_NOSIGNAL);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        wslay_event_set_error(ctx, WSLAY_ERR_WOULDBLOCK);
        return -1;
    }
    if (n < 0) {
        client->closed = true;
        wslay_event_set_error(ctx, WSLAY_ERR_CALLBACK_FAILURE);
        return -1;
    }
    return n;
}

static int on_mask(wslay_event_context_ptr ctx, uint8_t *buf, size_t len, void *user)
{
    (void)ctx;
    (void)user;
    randombytes_buf(buf, len);
    return 0;
}

static void on_message(wslay_event_context_ptr ctx, const struct wslay_event_on_msg_recv_arg *arg, void *user)
{
    (void)ctx;
    Client *client = user;
    if (wslay_is_ctrl_frame(arg->opcode)) return;
    if (client->inbox_count == client->inbox_capacity) {
        int capacity = client->inbox_capacity ? client->inbox_capacity * 2 : 16;
        char **bigger = realloc(client->inbox, (size_t)capacity * sizeof *bigger);
        if (bigger == NULL) return;
        client->inbox = bigger;
        client->inbox_capacity = capacity;
    }
    char *copy = malloc(arg->msg_length + 1);
    if (copy == NULL) return;
    memcpy(copy, arg->msg, arg->msg_length);
    copy[arg->msg_length] = '\0';
    client->inbox[client->inbox_count++] = copy;
}

bool client_connect(Client *client, int port, const char *origin)
{
    return client_connect_as(client, port, origin, NULL);
}

bool client_connect_as(Client *client, int port, const char *origin, const char *cookie)
{
    return client_connect_path(client, port, "/play", origin, cookie);
}

bool client_connect_path(Client *client, int port, const char *path, const char *origin, const char *cookie)
{
    memset(client, 0, sizeof *client);
    if (sodium_init() < 0) return false;
    client->fd = dial(port);
    if (client->fd < 0) return false;
    unsigned char nonce[16];
    char key[32], request[768], origin_line[160] = "", cookie_line[200] = "";
    randombytes_buf(nonce, sizeof nonce);
    sodium_bin2base64(key, sizeof key, nonce, sizeof nonce, sodium_base64_VARIANT_ORIGINAL);
    if (origin != NULL) snprintf(origin_line, sizeof origin_line, "Origin: %s\r\n", origin);
    if (cookie != NULL) snprintf(cookie_line, sizeof cookie_line, "Cookie: %s\r\n", cookie);
    int n = snprintf(request, sizeof request,
                     "GET %.64s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n%s%s\r\n", path, port, key,
                     origin_line, cookie_line);
    char answer[1024];
    size_t at = 0;
    bool ok = send_all(client->fd, request, (size_t)n);
    /* the answer's head, a byte at a time, so no frame after it is read here */
    while (ok && at < sizeof answer - 1 && (at < 4 || memcmp(answer + at - 4, "\r\n\r\n", 4) != 0)) {
        ok = recv(client->fd, answer + at, 1, 0) == 1;
        ++at;
    }
    answer[at] = '\0';
    ok = ok && strncmp(answer, "HTTP/1.1 101", 12) == 0;
    struct wslay_event_callbacks callbacks = {on_recv, on_send, on_mask, NULL, NULL, NULL, on_message};
    ok = ok && wslay_event_context_client_init(&client->ctx, &callbacks, client) == 0;
    if (!ok) {
        close(client->fd);
        client->fd = -1;
        return false;
    }
    fcntl(client->fd, F_SETFL, fcntl(client->fd, F_GETFL) | O_NONBLOCK);
    return true;
}

void client_close(Client *client)
{
    if (client->ctx != NULL) wslay_event_context_free(client->ctx);
    if (client->fd >= 0) close(client->fd);
    for (int i = 0; i < client->inbox_count; ++i) free(client->inbox[i]);
    free(client->inbox);
    free(client->taken);
    page_free(&client->frame);
    memset(client, 0, sizeof *client);
    client->fd = -1;
}

static void flush(Client *client)
{
    while (!client->closed && wslay_event_want_write(client->ctx)) {
        if (wslay_event_send(client->ctx) != 0) {
            struct pollfd p = {client->fd, POLLOUT, 0};
            if (poll(&p, 1, 1000) <= 0) break;
        }
    }
}

bool client_send(Client *client, const char *text)
{
    struct wslay_event_msg msg = {WSLAY_TEXT_FRAME, (const uint8_t *)text, strlen(text)};
    if (client->closed || wslay_event_queue_msg(client->ctx, &msg) != 0) return false;
    flush(client);
    return !client->closed;
}

void client_pump(Client *client)
{
    if (client->closed) return;
    if (wslay_event_recv(client->ctx) != 0) client->closed = true;
    /* a ping's pong and a close's answer go out at once, as a browser's do */
    if (!client->closed && wslay_event_want_write(client->ctx) && wslay_event_send(client->ctx) != 0) client->closed = true;
}

static uint64_t clock_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

const char *client_next(Client *client, int timeout_ms)
{
    uint64_t until = clock_ms() + (uint64_t)timeout_ms;
    while (client->inbox_count == 0 && !client->closed) {
        uint64_t now = clock_ms();
        if (now >= until) break;
        struct pollfd p = {client->fd, POLLIN, 0};
        if (poll(&p, 1, (int)(until - now)) > 0) client_pump(client);
    }
    if (client->inbox_count == 0) return NULL;
    free(client->taken);
    client->taken = client->inbox[0];
    memmove(client->inbox, client->inbox + 1, (size_t)--client->inbox_count * sizeof *client->inbox);
    page_apply(&client->frame, client->taken);
    return client->taken;
}

static bool is_kind(const char *message, const char *kind)
{
    char head[64];
    snprintf(head, sizeof head, "{\"t\":\"%s\"", kind);
    return strncmp(message, head, strlen(head)) == 0;
}

const char *client_expect(Client *client, const char *kind, int timeout_ms)
{
    uint64_t until = clock_ms() + (uint64_t)timeout_ms;
    for (;;) {
        uint64_t now = clock_ms();
        const char *message = now < until ? client_next(client, (int)(until - now)) : NULL;
        if (message == NULL || is_kind(message, kind)) return message;
    }
}

const char *client_key(Client *client, int key, uint32_t id, int timeout_ms, bool *dropped)
{
    char text[128];
    snprintf(text, sizeof text, "{\"t\":\"key\",\"key\":%d,\"seen\":%u,\"id\":%u}", key, client->frame.number, id);
    *dropped = false;
    if (!client_send(client, text)) return NULL;
    char ack[40];
    snprintf(ack, sizeof ack, "\"ack\":%u", id);
    uint64_t until = clock_ms() + (uint64_t)timeout_ms;
    for (;;) {
        uint64_t now = clock_ms();
        const char *message = now < until ? client_next(client, (int)(until - now)) : NULL;
        if (message == NULL) return NULL;
        const char *found = strstr(message, ack);
        if (found == NULL || (found[strlen(ack)] >= '0' && found[strlen(ack)] <= '9')) continue;
        if (is_kind(message, "ack") && strstr(message, "\"id\"") == NULL) continue;
        *dropped = strstr(message, "\"dropped\":true") != NULL;
        return is_kind(message, "ack") ? "ack" : "frame";
    }
}

/* ---- The page's model ------------------------------------------------------------ */

uint32_t page_sum(const PageFrame *frame)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < FRAME_MAP_INTS; ++i) h = (h ^ (uint32_t)frame->cells[i]) * 16777619u;
    for (const char *p = frame->text != NULL ? frame->text : ""; *p != '\0'; ++p) {
        h = (h ^ (unsigned char)*p) * 16777619u;
    }
    return h;
}

void page_free(PageFrame *frame)
{
    for (int i = 0; i < frame->name_count; ++i) free(frame->names[i]);
    free(frame->names);
    free(frame->text);
    memset(frame, 0, sizeof *frame);
}

static bool add_names(PageFrame *frame, json_t *names, int from)
{
    if (!json_is_array(names) || from != frame->name_count) return false;
    size_t count = json_array_size(names);
    char **bigger = realloc(frame->names, (size_t)(frame->name_count + (int)count + 1) * sizeof *bigger);
    if (bigger == NULL) return false;
    frame->names = bigger;
    for (size_t i = 0; i < count; ++i) {
        const char *name = json_string_value(json_array_get(names, i));
        if (name == NULL) return false;
        frame->names[frame->name_count++] = strdup(name);
    }
    return true;
}

static bool set_cells(PageFrame *frame, json_t *cells)
{
    size_t count = json_array_size(cells);
    if (!json_is_array(cells) || count % (FRAME_CELL_INTS + 1) != 0) return false;
    for (size_t at = 0; at < count; at += FRAME_CELL_INTS + 1) {
        json_int_t cell = json_integer_value(json_array_get(cells, at));
        if (cell < 0 || cell >= MAP_CELLS) return false;
        for (int k = 0; k < FRAME_CELL_INTS; ++k) {
            frame->cells[cell * FRAME_CELL_INTS + k] = (int32_t)json_integer_value(json_array_get(cells, at + 1 + (size_t)k));
        }
    }
    return true;
}

static void blank(PageFrame *frame)
{
    for (int i = 0; i < MAP_CELLS; ++i) {
        int32_t *c = &frame->cells[i * FRAME_CELL_INTS];
        memset(c, 0, FRAME_CELL_INTS * sizeof *c);
        c[FRAME_CELL_TILE] = c[FRAME_CELL_TILE + 1] = c[FRAME_CELL_TILE + 2] = -1;
    }
}

int page_apply(PageFrame *frame, const char *message)
{
    bool full = is_kind(message, "full");
    if (!full && !is_kind(message, "frame")) return 0;
    json_t *root = json_loads(message, 0, NULL);
    if (root == NULL) return -1;
    uint32_t number = (uint32_t)json_integer_value(json_object_get(root, "n"));
    const char *sum = json_string_value(json_object_get(root, "sum"));
    json_t *text = json_object_get(root, "text");
    bool ok = sum != NULL && (full || (frame->number > 0 && number == frame->number + 1));
    if (ok && full) {
        int fulls = frame->fulls, deltas = frame->deltas;
        page_free(frame);
        frame->fulls = fulls;
        frame->deltas = deltas;
        blank(frame);
    }
    int from = full ? 0 : (int)json_integer_value(json_object_get(root, "from"));
    ok = ok && add_names(frame, json_object_get(root, "names"), from) && set_cells(frame, json_object_get(root, "cells"));
    if (ok && text != NULL) {
        free(frame->text);
        frame->text = strdup(json_string_value(text) != NULL ? json_string_value(text) : "");
    }
    if (ok) {
        frame->number = number;
        frame->sum = (uint32_t)strtoul(sum, NULL, 16);
        full ? ++frame->fulls : ++frame->deltas;
    }
    json_decref(root);
    return ok && page_sum(frame) == frame->sum ? 1 : -1;
}
