/* Fuzzing the server's WebSocket layer (src/server/ws.h over wslay) with
 * each whole message going to the messages' reader (msg.h), as the
 * server's socket does: any bytes as what a page sent after the upgrade.
 * A message handed on is never longer than WS_MESSAGE_LIMIT; the first
 * bytes are also tried as a Sec-WebSocket-Key. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "msg.h"
#include "ws.h"

static void on_message(void *context, const uint8_t *bytes, size_t length, bool text)
{
    int *count = context;
    ++*count;
    if (length > WS_MESSAGE_LIMIT) abort();
    Msg msg;
    char why[MSG_WHY_SIZE];
    if (text && msg_read((const char *)bytes, length, &msg, why, sizeof why) && msg.kind > MSG_ROOM) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    char key[32] = "", accept[WS_ACCEPT_SIZE];
    memcpy(key, input, size < 24 ? size : 24);
    ws_accept_key(key, accept);
    WsConn conn;
    int count = 0;
    if (!ws_open(&conn, -1, input, size, on_message, &count)) return 0;
    /* read until all is fed: wslay stops at the first mistake */
    for (int rounds = 0; rounds < 64 && ws_alive(&conn) && conn.fed < conn.feed_length; ++rounds) ws_read(&conn);
    ws_send(&conn, "{\"t\":\"ack\",\"id\":1}", 18);
    ws_write(&conn);
    ws_free(&conn);
    return 0;
}
