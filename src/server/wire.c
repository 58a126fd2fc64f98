/* A game's frames as the server sends them: see wire.h */
#include "wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t wire_sum(const int32_t *cells, const char *text, size_t length)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < FRAME_MAP_INTS; ++i) h = (h ^ (uint32_t)cells[i]) * 16777619u;
    for (size_t i = 0; i < length; ++i) h = (h ^ (unsigned char)text[i]) * 16777619u;
    return h;
}

FrameRoom wire_room_default(void)
{
    return (FrameRoom){.panel_columns = 30, .panel_rows = 40, .log_rows = 6, .columns = 100, .rows = 40};
}

void wire_init(Wire *wire, const FrameRoom *room)
{
    memset(wire, 0, sizeof *wire);
    for (int i = 0; i < MAP_CELLS; ++i) frame_blank_cell(&wire->cells[i * FRAME_CELL_INTS]);
    wire->room = *room;
}

void wire_free(Wire *wire)
{
    frame_text_free(&wire->text);
    frame_text_free(&wire->delta);
    frame_text_free(&wire->full);
}

static void add_number(FrameText *t, long long n, bool comma)
{
    char digits[24];
    int length = snprintf(digits, sizeof digits, comma ? ",%lld" : "%lld", n);
    frame_add(t, digits, (size_t)length);
}

static void add_cell(FrameText *t, const int32_t *cells, int i, bool *first)
{
    add_number(t, i, !*first);
    *first = false;
    for (int k = 0; k < FRAME_CELL_INTS; ++k) add_number(t, cells[i * FRAME_CELL_INTS + k], true);
}

static void add_head(FrameText *t, const char *kind, uint32_t number, uint32_t sum)
{
    char head[96];
    int length = snprintf(head, sizeof head, "{\"t\":\"%s\",\"n\":%u,\"sum\":\"%08x\"", kind, number, sum);
    frame_add(t, head, (size_t)length);
}

static void add_names(FrameText *t, const FrameTiles *tiles, int from)
{
    frame_add(t, ",\"names\":[", 10);
    for (int i = from; i < tiles->count; ++i) {
        if (i > from) frame_add(t, ",", 1);
        frame_add_string(t, frame_tile_name(tiles, i));
    }
    frame_add(t, "]", 1);
}

bool wire_make(Wire *wire, WireScratch *s, const FrontView *view, uint32_t ack)
{
    frame_cells(s->cells, &s->frame, &wire->tiles, view->input, view->run);
    frame_text(&s->text, &s->frame, view, &wire->room);
    bool same_text = wire->text.bytes != NULL && s->text.length == wire->text.length &&
                     memcmp(s->text.bytes, wire->text.bytes, s->text.length) == 0;
    bool same_cells = memcmp(s->cells, wire->cells, sizeof s->cells) == 0;
    if (wire->number > 0 && same_text && same_cells) return false;
    FrameText *t = &wire->delta;
    t->length = 0;
    t->failed = false;
    ++wire->number;
    wire->sum = wire_sum(s->cells, s->text.bytes, s->text.length);
    add_head(t, "frame", wire->number, wire->sum);
    frame_add(t, ",\"from\":", 8);
    add_number(t, wire->names_told, false);
    add_names(t, &wire->tiles, wire->names_told);
    wire->names_told = wire->tiles.count;
    frame_add(t, ",\"cells\":[", 10);
    bool first = true;
    for (int i = 0; i < MAP_CELLS; ++i) {
        const int32_t *now = &s->cells[i * FRAME_CELL_INTS], *was = &wire->cells[i * FRAME_CELL_INTS];
        if (memcmp(now, was, FRAME_CELL_INTS * sizeof *now) != 0) add_cell(t, s->cells, i, &first);
    }
    frame_add(t, "]", 1);
    if (!same_text) {
        frame_add(t, ",\"text\":", 8);
        frame_add_string(t, s->text.bytes);
        /* the text kept is the one made: swap the buffers */
        FrameText kept = wire->text;
        wire->text = s->text;
        s->text = kept;
    }
    if (ack > 0) {
        frame_add(t, ",\"ack\":", 7);
        add_number(t, ack, false);
    }
    frame_add(t, "}", 1);
    memcpy(wire->cells, s->cells, sizeof s->cells);
    return true;
}

const FrameText *wire_full(Wire *wire)
{
    FrameText *t = &wire->full;
    if (wire->full_number == wire->number && t->bytes != NULL) return t;
    t->length = 0;
    t->failed = false;
    add_head(t, "full", wire->number, wire->sum);
    add_names(t, &wire->tiles, 0);
    frame_add(t, ",\"cells\":[", 10);
    int32_t blank[FRAME_CELL_INTS];
    frame_blank_cell(blank);
    bool first = true;
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (memcmp(&wire->cells[i * FRAME_CELL_INTS], blank, sizeof blank) != 0) add_cell(t, wire->cells, i, &first);
    }
    frame_add(t, "],\"text\":", 9);
    frame_add_string(t, wire->text.bytes != NULL ? wire->text.bytes : "{}");
    frame_add(t, "}", 1);
    wire->full_number = wire->number;
    return t;
}
