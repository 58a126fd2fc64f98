/* The page's frame: the play layer's (frame.h), made for the one game a
 * page plays, in buffers of its own that live until the next call. */
#ifndef AMULETS_WEB_FRAME_H
#define AMULETS_WEB_FRAME_H

#include <stdint.h>

#include "frame.h"

/* A map cell's numbers and flags: frame.h's */
enum { WEB_CELL_INTS = FRAME_CELL_INTS };
typedef FrameRoom WebRoom;

/* The frame of the loop's view (its run may be another than the input's,
 * as while a recording is watched), with the flight in the air over the
 * map where there is one (frame.h). The text lives until the next call. */
const char *web_frame_text(const FrontView *view, const WebRoom *room);

/* The map's cells (MAP_CELLS * WEB_CELL_INTS), filled anew */
const int32_t *web_frame_map(const Input *input, const Run *run);

/* The name of a tile number, or NULL past the last one */
const char *web_frame_tile_name(int number);

#endif
