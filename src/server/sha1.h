/* SHA-1 (FIPS 180-4), for the WebSocket handshake's Sec-WebSocket-Accept
 * alone (RFC 6455 names it): never for anything that must be secure */
#ifndef AMULETS_SHA1_H
#define AMULETS_SHA1_H

#include <stddef.h>
#include <stdint.h>

enum { SHA1_SIZE = 20 };

void sha1(const void *bytes, size_t length, uint8_t out[SHA1_SIZE]);

#endif
