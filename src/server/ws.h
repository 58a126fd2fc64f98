/* A WebSocket connection (RFC 6455) on a socket the HTTP server handed
 * over after the upgrade, its frames read and written by wslay: whole
 * text messages of at most WS_MESSAGE_LIMIT bytes come in (a longer one
 * closes the connection, 1009), pings are answered, and messages to send
 * wait in wslay's queue until the socket takes them. Nothing here knows
 * the game: each message goes to the connection's handler.
 *
 * A connection with no socket (fd -1) reads the bytes it is fed and
 * throws away what it writes: the tests' and the fuzzer's. */
#ifndef AMULETS_WS_H
#define AMULETS_WS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wslay/wslay.h>

enum { WS_MESSAGE_LIMIT = 1024, WS_ACCEPT_SIZE = 29 };

/* A whole message received: text or binary */
typedef void (*WsHandler)(void *context, const uint8_t *bytes, size_t length, bool text);

typedef struct WsConn {
    int fd;
    wslay_event_context_ptr ctx;
    WsHandler handler;
    void *context;
    const uint8_t *feed;        /* bytes to read first (those the HTTP server
                                   read past the request), then the socket's */
    size_t feed_length, fed;
    bool closed;                /* the socket failed or closed: drop it */
    size_t sent_bytes;          /* written to the socket, all told */
    bool heard;                 /* a frame came since the last check */
    bool pinged;                /* the last check sent a ping */
} WsConn;

/* Sec-WebSocket-Accept for a Sec-WebSocket-Key: false if the key isn't
 * one (16 bytes in base64) */
bool ws_accept_key(const char *key, char out[WS_ACCEPT_SIZE]);

/* A connection on fd (non-blocking; -1: fed only), the server's side */
bool ws_open(WsConn *conn, int fd, const uint8_t *feed, size_t feed_length, WsHandler handler, void *context);
void ws_free(WsConn *conn);

/* The socket can be read: every message whole in it goes to the handler */
void ws_read(WsConn *conn);
/* The socket can be written: the queue goes out as far as it takes */
void ws_write(WsConn *conn);
/* A text message queued (copied); false if the connection is closing */
bool ws_send(WsConn *conn, const char *text, size_t length);
/* Called every WS_CHECK_MS: a connection that has said nothing since the
 * last call is pinged; one that didn't answer that ping either (a page
 * gone without closing, a half-open socket) is closed: false then */
enum { WS_CHECK_MS = 30 * 1000 };
bool ws_check_alive(WsConn *conn);
/* Closes with status and reason (queued, then the socket is let go) */
void ws_close(WsConn *conn, uint16_t status, const char *reason);
/* Bytes queued and not yet written */
size_t ws_queued(const WsConn *conn);
bool ws_wants_write(const WsConn *conn);
/* False once the connection is over (closed both ways, or failed) */
bool ws_alive(const WsConn *conn);

#endif
