/* A game's frames as the server sends them (docs/server.md, "Frames"):
 * the page's own model (frame.h) numbered, a full frame on join or
 * reconnect, then deltas, each with the checksum of the whole frame it
 * makes, so a page that disagrees asks for a full one.
 *
 *   {"t":"full","n":N,"sum":"%08x","names":[tile names],"cells":[...],"text":"..."}
 *   {"t":"frame","n":N,"sum":"%08x","from":K,"names":[names K..],"cells":[...],
 *    "text":"...","ack":ID}
 *
 * cells is flat: a cell's index then its FRAME_CELL_INTS numbers, for
 * each cell that differs from the frame before (a full frame: from a
 * blank cell, frame_blank_cell). text is the frame's JSON text (frame.h)
 * as a string, present when it changed (always in a full frame); names
 * are the tile names numbered from K on (all of them in a full frame);
 * ack is the number the player's key carried, when this frame answers
 * it. A delta applies to frame N - 1 only.
 *
 * The checksum: FNV-1a of 32 bits (offset 2166136261, prime 16777619)
 * over the cells' numbers as 32-bit words (every cell, in order: the
 * word xored in whole, then multiplied), then over the text's bytes. */
#ifndef AMULETS_WIRE_H
#define AMULETS_WIRE_H

#include <stdbool.h>
#include <stdint.h>

#include "frame.h"
#include "loop.h"

typedef struct Wire {
    uint32_t number;            /* the last frame made; 0: none yet */
    int32_t cells[FRAME_MAP_INTS];
    FrameText text;             /* its text */
    FrameTiles tiles;
    int names_told;             /* the tile names the deltas told */
    uint32_t sum;
    FrameRoom room;
    FrameText delta;            /* the last delta's message */
    FrameText full;             /* the full frame's message, of full_number */
    uint32_t full_number;
} Wire;

/* The work of making a frame, one for every game of a thread */
typedef struct WireScratch {
    FrameScratch frame;
    int32_t cells[FRAME_MAP_INTS];
    FrameText text;
} WireScratch;

/* A wire for a page of room */
void wire_init(Wire *wire, const FrameRoom *room);
void wire_free(Wire *wire);

/* The frame of view now: true if it differs from the last one made (or
 * there was none), with its delta in wire->delta (ack: the key's number
 * it answers, or 0 for none). False if nothing changed */
bool wire_make(Wire *wire, WireScratch *scratch, const FrontView *view, uint32_t ack);

/* The full frame of the last one made (made once a number) */
const FrameText *wire_full(Wire *wire);

/* The checksum of a frame's cells and text */
uint32_t wire_sum(const int32_t *cells, const char *text, size_t length);

/* The default room: the page's at 1280 x 800 */
FrameRoom wire_room_default(void);

#endif
