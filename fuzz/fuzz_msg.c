/* Fuzzing the messages a page sends the server (src/server/msg.h): any
 * bytes as one. A message read is of a kind the server knows, and its
 * values are in their ranges; one refused says why. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "geom.h"
#include "keys.h"
#include "msg.h"

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    Msg msg;
    char why[MSG_WHY_SIZE] = "";
    if (!msg_read((const char *)input, size, &msg, why, sizeof why)) {
        if (why[0] == '\0') abort();
        return 0;
    }
    if (size > MSG_LIMIT || msg.kind > MSG_ROOM) abort();
    if (msg.kind == MSG_PLAY && !msg_name_ok(msg.player)) abort();
    if (msg.kind == MSG_KEY && (msg.key <= 0 || msg.key >= AK_LIMIT)) abort();
    if ((msg.kind == MSG_CLICK || msg.kind == MSG_POINT) && (msg.x < 0 || msg.x >= MAP_W || msg.y < 0 || msg.y >= MAP_H)) {
        abort();
    }
    if (msg.kind == MSG_WATCH && msg.game <= 0) abort();
    return 0;
}
