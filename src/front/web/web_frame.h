/* The screen model (screen.h, screen_dialog.h, screen_class.h,
 * screen_scores.h) turned into what the page's script paints: the map as
 * a flat array of numbers (WEB_CELL_INTS to a cell, read straight out of
 * the WebAssembly memory), everything else as one JSON text. Nothing here
 * decides what the screen shows; it only copies the model out. */
#ifndef AMULETS_WEB_FRAME_H
#define AMULETS_WEB_FRAME_H

#include <stdint.h>

#include "frontend.h"
#include "input.h"

/* A map cell's numbers, in this order */
enum {
    WEB_CELL_FLAGS,     /* WEB_SHOWN | WEB_OVERLAY | ... | layers << 8 */
    WEB_CELL_GLYPH,
    WEB_CELL_FG,        /* colours as 0xRRGGBBAA */
    WEB_CELL_BACK,
    WEB_CELL_TILE,      /* three tile numbers (web_frame_tile_name), bottom first */
    WEB_CELL_TINT = WEB_CELL_TILE + 3,
    WEB_CELL_INTS = WEB_CELL_TINT + 3
};

enum {
    WEB_SHOWN = 1, WEB_OVERLAY = 2, WEB_LIT = 4, WEB_CURSOR = 8, WEB_PATH = 16, WEB_BURST = 32
};

/* The room the page gives the text, in characters and rows */
typedef struct WebRoom {
    int panel_columns, panel_rows;
    int log_rows;
    int columns, rows;          /* the whole page's (the title, the class
                                   choice, the high scores) */
    bool map_only;              /* the map, panel and log whatever the screen
                                   (a recording watched) */
} WebRoom;

/* The frame of the loop's view (its run may be another than the input's,
 * as while a recording is watched), with the flight in the air over the
 * map ("flight": its glyph, colour and cells) where there is one. The
 * text lives until the next call. */
const char *web_frame_text(const FrontView *view, const WebRoom *room);

/* The map's cells (MAP_CELLS * WEB_CELL_INTS), filled anew */
const int32_t *web_frame_map(const Input *input, const Run *run);

/* The name of a tile number, or NULL past the last one */
const char *web_frame_tile_name(int number);

#endif
