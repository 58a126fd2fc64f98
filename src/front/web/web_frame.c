/* The page's frame (web_frame.h): frame.h's, in the page's own buffers,
 * since a page plays one game */
#include "web_frame.h"

#include <stdlib.h>

static FrameText text;
static FrameScratch scratch;
static FrameTiles tiles;
static int32_t cells[FRAME_MAP_INTS];

const char *web_frame_text(const FrontView *view, const WebRoom *room)
{
    if (!frame_text(&text, &scratch, view, room)) abort();   /* the page can't go on without memory */
    return text.bytes;
}

const int32_t *web_frame_map(const Input *input, const Run *run)
{
    frame_cells(cells, &scratch, &tiles, input, run);
    return cells;
}

const char *web_frame_tile_name(int number)
{
    return frame_tile_name(&tiles, number);
}
