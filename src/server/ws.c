/* A WebSocket connection over wslay: see ws.h */
#include "ws.h"

#include <errno.h>
#include <sodium.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

#include "sha1.h"

bool ws_accept_key(const char *key, char out[WS_ACCEPT_SIZE])
{
    static const char GUID[] = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
    unsigned char raw[32];
    size_t raw_length = 0;
    size_t n = strlen(key);
    if (n != 24 || sodium_base642bin(raw, sizeof raw, key, n, NULL, &raw_length, NULL,
                                     sodium_base64_VARIANT_ORIGINAL) != 0 || raw_length != 16) {
        return false;
    }
    char joined[24 + sizeof GUID];
    memcpy(joined, key, 24);
    memcpy(joined + 24, GUID, sizeof GUID);
    uint8_t digest[SHA1_SIZE];
    sha1(joined, 24 + sizeof GUID - 1, digest);
    sodium_bin2base64(out, WS_ACCEPT_SIZE, digest, sizeof digest, sodium_base64_VARIANT_ORIGINAL);
    return true;
}

static ssize_t on_recv(wslay_event_context_ptr ctx, uint8_t *buf, size_t len, int flags, void *user)
{
    (void)flags;
    WsConn *conn = user;
    if (conn->fed < conn->feed_length) {
        size_t n = conn->feed_length - conn->fed;
        if (n > len) n = len;
        memcpy(buf, conn->feed + conn->fed, n);
        conn->fed += n;
        return (ssize_t)n;
    }
    if (conn->fd < 0) {
        wslay_event_set_error(ctx, WSLAY_ERR_WOULDBLOCK);
        return -1;
    }
    ssize_t got;
    while ((got = recv(conn->fd, buf, len, 0)) < 0 && errno == EINTR) {}
    if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        wslay_event_set_error(ctx, WSLAY_ERR_WOULDBLOCK);
        return -1;
    }
    if (got <= 0) {
        conn->closed = true;
        wslay_event_set_error(ctx, WSLAY_ERR_CALLBACK_FAILURE);
        return -1;
    }
    return got;
}

static ssize_t on_send(wslay_event_context_ptr ctx, const uint8_t *data, size_t len, int flags, void *user)
{
    (void)flags;
    WsConn *conn = user;
    if (conn->fd < 0) {
        conn->sent_bytes += len;
        return (ssize_t)len;
    }
    ssize_t sent;
    while ((sent = send(conn->fd, data, len, MSG_NOSIGNAL)) < 0 && errno == EINTR) {}
    if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        wslay_event_set_error(ctx, WSLAY_ERR_WOULDBLOCK);
        return -1;
    }
    if (sent < 0) {
        conn->closed = true;
        wslay_event_set_error(ctx, WSLAY_ERR_CALLBACK_FAILURE);
        return -1;
    }
    conn->sent_bytes += (size_t)sent;
    return sent;
}

static void on_message(wslay_event_context_ptr ctx, const struct wslay_event_on_msg_recv_arg *arg, void *user)
{
    (void)ctx;
    WsConn *conn = user;
    conn->heard = true;
    if (wslay_is_ctrl_frame(arg->opcode)) return;   /* wslay answers pings and closes */
    conn->handler(conn->context, arg->msg, arg->msg_length, arg->opcode == WSLAY_TEXT_FRAME);
}

bool ws_open(WsConn *conn, int fd, const uint8_t *feed, size_t feed_length, WsHandler handler, void *context)
{
    memset(conn, 0, sizeof *conn);
    conn->fd = fd;
    conn->feed = feed;
    conn->feed_length = feed_length;
    conn->handler = handler;
    conn->context = context;
    struct wslay_event_callbacks callbacks = {on_recv, on_send, NULL, NULL, NULL, NULL, on_message};
    if (wslay_event_context_server_init(&conn->ctx, &callbacks, conn) != 0) return false;
    wslay_event_config_set_max_recv_msg_length(conn->ctx, WS_MESSAGE_LIMIT);
    return true;
}

void ws_free(WsConn *conn)
{
    if (conn->ctx != NULL) wslay_event_context_free(conn->ctx);
    conn->ctx = NULL;
}

void ws_read(WsConn *conn)
{
    if (conn->closed) return;
    if (wslay_event_recv(conn->ctx) != 0) conn->closed = true;
}

void ws_write(WsConn *conn)
{
    if (conn->closed) return;
    if (wslay_event_send(conn->ctx) != 0) conn->closed = true;
}

bool ws_send(WsConn *conn, const char *text, size_t length)
{
    if (conn->closed) return false;
    struct wslay_event_msg msg = {WSLAY_TEXT_FRAME, (const uint8_t *)text, length};
    return wslay_event_queue_msg(conn->ctx, &msg) == 0;
}

bool ws_check_alive(WsConn *conn)
{
    if (conn->closed) return false;
    if (conn->heard) {
        conn->heard = false;
        conn->pinged = false;
        return true;
    }
    if (conn->pinged) {   /* a ping a sweep ago, and not a word since */
        conn->closed = true;
        return false;
    }
    struct wslay_event_msg ping = {WSLAY_PING, (const uint8_t *)"", 0};
    conn->pinged = wslay_event_queue_msg(conn->ctx, &ping) == 0;
    return true;
}

void ws_close(WsConn *conn, uint16_t status, const char *reason)
{
    if (conn->closed) return;
    wslay_event_queue_close(conn->ctx, status, (const uint8_t *)reason, strlen(reason));
}

size_t ws_queued(const WsConn *conn)
{
    return wslay_event_get_queued_msg_length(conn->ctx);
}

bool ws_wants_write(const WsConn *conn)
{
    return !conn->closed && wslay_event_want_write(conn->ctx);
}

bool ws_alive(const WsConn *conn)
{
    return !conn->closed && (wslay_event_want_read(conn->ctx) || wslay_event_want_write(conn->ctx));
}
