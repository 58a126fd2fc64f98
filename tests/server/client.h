/* The tests' and the benchmark's page: a WebSocket client of the server
 * (wslay, client side) and a page's model of the frames it is sent
 * (wire.h), made here apart from the server's own code, so the frames
 * the server sends are checked by another reading of the protocol; and
 * the server started as a process of its own. */
#ifndef AMULETS_SERVER_CLIENT_H
#define AMULETS_SERVER_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <wslay/wslay.h>

#include "frame.h"

/* The server, started as amulets-server: its pid and port */
typedef struct ServerProc {
    pid_t pid;
    int port;
} ServerProc;

/* Starts the server on database --test-seeds --dev (with extra
 * arguments, NULL-ended, or NULL; "--no-dev" first: without --dev);
 * false if it didn't say it's listening within 10 s */
bool server_start(ServerProc *server, const char *database, const char *const *extra);
/* Sends it signal and waits for it: its exit status (128 + signal if killed) */
int server_stop(ServerProc *server, int signal);

/* A page's model of its game's frame */
typedef struct PageFrame {
    uint32_t number;            /* 0: none yet */
    int32_t cells[FRAME_MAP_INTS];
    char *text;
    char **names;
    int name_count;
    uint32_t sum;               /* as the server said */
    int fulls, deltas;          /* taken */
} PageFrame;

typedef struct Client {
    int fd;
    wslay_event_context_ptr ctx;
    char **inbox;               /* messages received, not yet taken */
    int inbox_count, inbox_capacity;
    char *taken;                /* the last one taken */
    bool closed;
    PageFrame frame;
    long long received_bytes;
} Client;

/* Connects to the server's /play (origin: an Origin header, or NULL) */
bool client_connect(Client *client, int port, const char *origin);
/* The same with a Cookie header (cookie: "name=value", or NULL) */
bool client_connect_as(Client *client, int port, const char *origin, const char *cookie);
/* The same on path (/play, or nginx's /s/NAME/play) */
bool client_connect_path(Client *client, int port, const char *path, const char *origin, const char *cookie);
void client_close(Client *client);
bool client_send(Client *client, const char *text);
/* The next message, waiting at most timeout_ms: NULL if none came. It
 * lives until the next call */
const char *client_next(Client *client, int timeout_ms);
/* The next message whose "t" is kind (others skipped, frames applied) */
const char *client_expect(Client *client, const char *kind, int timeout_ms);
/* Reads what has come without waiting (frames applied to the model) */
void client_pump(Client *client);

/* A frame message applied to the page's model: 1 applied and its sum
 * right, 0 not a frame, -1 it doesn't apply or its sum is wrong (a page
 * would ask to resync) */
int page_apply(PageFrame *frame, const char *message);
/* The checksum of the model as the page has it */
uint32_t page_sum(const PageFrame *frame);
void page_free(PageFrame *frame);

/* A key: sends it with the frame drawn, and waits for the frame or ack
 * answering it (frames applied). The answering message's type ("frame",
 * "ack"), or NULL if none came in timeout_ms. dropped says if it was */
const char *client_key(Client *client, int key, uint32_t id, int timeout_ms, bool *dropped);

/* GET path from the server: the status, the body in out (size bytes) */
int http_get(int port, const char *path, char *out, size_t size);

/* An HTTP answer: its status, head, body and Set-Cookie's "name=value" */
typedef struct HttpAnswer {
    int status;
    char *head, *body;
    char cookie[160];
} HttpAnswer;
/* A request: method, path, extra header lines ("Name: value\r\n" each,
 * or NULL), a body of length bytes. The status (-1: no answer) */
int http_request(int port, const char *method, const char *path, const char *headers, const char *body,
                 size_t length, HttpAnswer *answer);
void http_answer_free(HttpAnswer *answer);

#endif
