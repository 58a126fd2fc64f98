/* A frame: the screen model (screen.h, screen_dialog.h, screen_class.h,
 * screen_scores.h) copied out for a page to paint, the same for the page
 * that plays in the browser (src/front/web) and for the server's pages
 * (src/server): the map as a flat array of numbers, FRAME_CELL_INTS to a
 * cell, everything else as one JSON text. Nothing here decides what the
 * screen shows; it only copies the model out.
 *
 * Nothing is kept between calls but what the caller hands in (the text's
 * buffer, the scratch, the tile numbers), so a server can make the frames
 * of many games on one thread. */
#ifndef AMULETS_FRAME_H
#define AMULETS_FRAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend.h"
#include "input.h"
#include "screen.h"
#include "screen_class.h"
#include "screen_dialog.h"
#include "screen_scores.h"

/* A map cell's numbers, in this order */
enum {
    FRAME_CELL_FLAGS,     /* FRAME_SHOWN | FRAME_OVERLAY | ... | layers << 8 */
    FRAME_CELL_GLYPH,
    FRAME_CELL_FG,        /* colours as 0xRRGGBBAA */
    FRAME_CELL_BACK,
    FRAME_CELL_TILE,      /* three tile numbers (frame_tile_name), bottom first, -1 none */
    FRAME_CELL_TINT = FRAME_CELL_TILE + 3,
    FRAME_CELL_INTS = FRAME_CELL_TINT + 3,
    FRAME_MAP_INTS = MAP_CELLS * FRAME_CELL_INTS
};

enum {
    FRAME_SHOWN = 1, FRAME_OVERLAY = 2, FRAME_LIT = 4, FRAME_CURSOR = 8, FRAME_PATH = 16, FRAME_BURST = 32
};

/* The room the page gives the text, in characters and rows */
typedef struct FrameRoom {
    int panel_columns, panel_rows;
    int log_rows;
    int columns, rows;          /* the whole page's (the title, the class
                                   choice, the high scores) */
    bool map_only;              /* the map, panel and log whatever the screen
                                   (a recording watched) */
} FrameRoom;

/* The JSON text, in a buffer that grows and is kept for the next frame */
typedef struct FrameText {
    char *bytes;
    size_t length, size;
    bool failed;                /* out of memory part way: the text is cut */
} FrameText;

/* The tile names seen, numbered in the order first seen: the numbers a
 * frame's cells hold. A page is told the names (frame_tile_name). */
enum { FRAME_TILES_MOST = 1024, FRAME_TILE_SLOTS = 2048 };
typedef struct FrameTiles {
    const char *names[FRAME_TILES_MOST];
    int count;
    int16_t slots[FRAME_TILE_SLOTS];   /* a name's hash -> its number + 1 */
} FrameTiles;

/* The screen model's parts, big, made afresh for each frame: one is
 * enough for every game made on a thread */
typedef struct FrameScratch {
    ScreenMap map;
    ScreenPanel panel;
    ScreenLog log;
    ScreenDialog dialog;
    ScreenScores scores;
    ScreenClassChoice choice;
} FrameScratch;

/* The frame's text of the loop's view (its run may be another than the
 * input's, as while a recording is watched), with the flight in the air
 * over the map ("flight": its glyph, colour and cells) where there is
 * one, into text (emptied first). False if out of memory (text->failed) */
bool frame_text(FrameText *text, FrameScratch *scratch, const FrontView *view, const FrameRoom *room);
void frame_text_free(FrameText *text);

/* Adds bytes to text as they are, or a JSON string of s (quoted and
 * escaped), for whoever builds a message around a frame */
void frame_add(FrameText *text, const char *bytes, size_t length);
void frame_add_string(FrameText *text, const char *s);

/* The map's cells (FRAME_MAP_INTS numbers) into cells, filled anew, the
 * tile names numbered in tiles */
void frame_cells(int32_t *cells, FrameScratch *scratch, FrameTiles *tiles, const Input *input,
                 const Run *run);

/* The name of a tile number, or NULL past the last one */
const char *frame_tile_name(const FrameTiles *tiles, int number);

/* A cell no screen shows: its numbers, as a frame with nothing on the
 * map has them (the page's blank to apply deltas to) */
void frame_blank_cell(int32_t *cell);

#endif
