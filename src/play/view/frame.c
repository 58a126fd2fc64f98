/* The screen model copied out for a page: see frame.h. The JSON is built
 * in one growing buffer; only the parts the screen that's up shows are
 * written, as the window's ui_draw paints only those. */
#include "frame.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"

/* Room for more bytes and the NUL: false (and failed) if out of memory */
static bool grow(FrameText *t, size_t more)
{
    if (t->failed) return false;
    if (t->length + more + 1 <= t->size) return true;
    size_t size = t->size ? t->size : 16384;
    while (size < t->length + more + 1) size *= 2;
    char *bytes = realloc(t->bytes, size);
    if (bytes == NULL) {
        t->failed = true;
        return false;
    }
    t->bytes = bytes;
    t->size = size;
    return true;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void add(FrameText *t, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int n = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (n < 0 || !grow(t, (size_t)n)) return;
    va_start(args, format);
    vsnprintf(t->bytes + t->length, t->size - t->length, format, args);
    va_end(args);
    t->length += (size_t)n;
}

void frame_add(FrameText *t, const char *bytes, size_t length)
{
    if (!grow(t, length)) return;
    memcpy(t->bytes + t->length, bytes, length);
    t->length += length;
    t->bytes[t->length] = '\0';
}

/* A JSON string: quotes, backslashes and control characters escaped */
void frame_add_string(FrameText *t, const char *s)
{
    add(t, "\"");
    for (; *s != '\0'; ++s) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') add(t, "\\%c", c);
        else if (c < 32) add(t, "\\u%04x", c);
        else if (grow(t, 1)) t->bytes[t->length++] = (char)c;
    }
    add(t, "\"");
}

void frame_text_free(FrameText *t)
{
    free(t->bytes);
    memset(t, 0, sizeof *t);
}

static uint32_t packed(Color c)
{
    return (uint32_t)c.r << 24 | (uint32_t)c.g << 16 | (uint32_t)c.b << 8 | c.a;
}

/* ---- The parts ------------------------------------------------------------ */

static void add_line(FrameText *t, const PanelLine *l, bool comma)
{
    add(t, "%s[%d,", comma ? "," : "", (int)l->kind);
    frame_add_string(t, l->text);
    add(t, ",%u,%d,%d,%u]", packed(l->color), l->value, l->most, packed(l->bar));
}

static void add_lines(FrameText *t, const PanelLine *lines, int count)
{
    add(t, "[");
    for (int i = 0; i < count; ++i) add_line(t, &lines[i], i > 0);
    add(t, "]");
}

static void add_dialog(FrameText *t, const char *name, const ScreenDialog *d)
{
    add(t, ",\"%s\":{\"columns\":%d,\"rows\":%d,\"lines\":[", name, d->columns, d->rows);
    for (int i = 0; i < d->count; ++i) {
        const DialogRow *row = &d->lines[i];
        add(t, "%s[", i > 0 ? "," : "");
        frame_add_string(t, row->text);
        add(t, ",%u,%d,", packed(row->color), (int)row->align);
        frame_add_string(t, row->aside);
        add(t, ",%u]", packed(row->aside_color));
    }
    add(t, "]}");
}

static void add_map_parts(FrameText *t, FrameScratch *s, const Input *input, const Run *run,
                          const FrameRoom *room)
{
    Point focus = screen_focus(input, run);
    add(t, ",\"focus\":[%d,%d]", focus.x, focus.y);
    screen_panel(input, run, room->panel_columns, room->panel_rows, &s->panel);
    add(t, ",\"panel\":");
    add_lines(t, s->panel.lines, s->panel.count);
    add(t, ",\"look\":%d", s->panel.look_first);
    screen_log(run, room->log_rows, &s->log);
    add(t, ",\"log\":[");
    for (int i = 0; i < s->log.count; ++i) {
        add(t, "%s[", i > 0 ? "," : "");
        frame_add_string(t, s->log.lines[i]);
        add(t, ",%u]", packed(s->log.colors[i]));
    }
    add(t, "]");
    screen_dialog(input, run, &s->dialog);
    if (s->dialog.shown) add_dialog(t, "dialog", &s->dialog);
}

/* A flight's frame: what the window's ui_anim.c and the terminal draw */
static void add_flight(FrameText *t, const FrontFlight *flight)
{
    add(t, ",\"flight\":{\"glyph\":%d,\"color\":%u,\"cells\":[", (unsigned char)flight->glyph,
        packed(flight->color));
    for (int i = 0; i < flight->count; ++i) {
        add(t, "%s[%d,%d]", i > 0 ? "," : "", flight->cells[i].x, flight->cells[i].y);
    }
    add(t, "]}");
}

bool frame_text(FrameText *t, FrameScratch *s, const FrontView *view, const FrameRoom *room)
{
    const Input *input = view->input;
    const Run *run = view->run;
    t->length = 0;
    t->failed = false;
    Screen screen = input_screen(input);
    add(t, "{\"screen\":\"%s\",\"tiles\":%s", input_screen_name(screen), input->views.tiles ? "true" : "false");
    bool map = room->map_only || input_screen_traits(screen)->over_map;
    if (map && view->flight != NULL) add_flight(t, view->flight);
    if (room->map_only) {
        add(t, ",\"view\":\"map\"");
        add_map_parts(t, s, input, run, room);
    } else if (screen == SCREEN_SCORES) {
        screen_scores(&input->scores, room->columns, room->rows, &s->scores);
        add(t, ",\"view\":\"scores\",\"lines\":");
        add_lines(t, s->scores.lines, s->scores.count);
    } else if (screen == SCREEN_CLASS) {
        screen_class_choice(input, room->columns, &s->choice);
        add(t, ",\"view\":\"class\",\"highlighted\":%d,\"lines\":", s->choice.highlighted);
        add_lines(t, s->choice.lines, s->choice.count);
    } else if (screen == SCREEN_TITLE) {
        screen_title(input, &s->dialog);
        add(t, ",\"view\":\"title\"");
        add_dialog(t, "title", &s->dialog);
    } else {
        add(t, ",\"view\":\"map\"");
        add_map_parts(t, s, input, run, room);
    }
    add(t, "}");
    return !t->failed;
}

/* ---- The map -------------------------------------------------------------- */

/* A tile name's number, the same for the same text all along: -1 once
 * FRAME_TILES_MOST names are numbered */
static int tile_number(FrameTiles *tiles, const char *name)
{
    uint64_t hash = hash_bytes(HASH_START, name, strlen(name));
    for (unsigned probe = 0; probe < FRAME_TILE_SLOTS; ++probe) {
        int16_t *slot = &tiles->slots[(hash + probe) % FRAME_TILE_SLOTS];
        if (*slot == 0) {
            if (tiles->count == FRAME_TILES_MOST) return -1;
            tiles->names[tiles->count] = name;   /* names live as long as the data */
            *slot = (int16_t)++tiles->count;
            return tiles->count - 1;
        }
        const char *known = tiles->names[*slot - 1];
        if (known == name || strcmp(known, name) == 0) return *slot - 1;
    }
    return -1;
}

const char *frame_tile_name(const FrameTiles *tiles, int number)
{
    return number >= 0 && number < tiles->count ? tiles->names[number] : NULL;
}

void frame_blank_cell(int32_t *cell)
{
    memset(cell, 0, FRAME_CELL_INTS * sizeof *cell);
    for (int k = 0; k < SCREEN_TILE_LAYERS; ++k) cell[FRAME_CELL_TILE + k] = -1;
}

void frame_cells(int32_t *cells, FrameScratch *s, FrameTiles *tiles, const Input *input, const Run *run)
{
    screen_map(input, run, &s->map);
    for (int i = 0; i < MAP_CELLS; ++i) {
        const ScreenCell *c = &s->map.cells[i];
        int32_t *out = &cells[i * FRAME_CELL_INTS];
        out[FRAME_CELL_FLAGS] = (c->shown ? FRAME_SHOWN : 0) | (c->overlay ? FRAME_OVERLAY : 0) |
                                (c->lit ? FRAME_LIT : 0) | (c->cursor ? FRAME_CURSOR : 0) |
                                (c->path ? FRAME_PATH : 0) | (c->burst ? FRAME_BURST : 0) | c->layers << 8;
        out[FRAME_CELL_GLYPH] = (unsigned char)c->glyph;
        out[FRAME_CELL_FG] = (int32_t)packed(c->fg);
        out[FRAME_CELL_BACK] = (int32_t)packed(c->back);
        for (int k = 0; k < SCREEN_TILE_LAYERS; ++k) {
            bool has = k < c->layers && c->tiles[k] != NULL;
            out[FRAME_CELL_TILE + k] = has ? tile_number(tiles, c->tiles[k]) : -1;
            out[FRAME_CELL_TINT + k] = has ? (int32_t)packed(c->tints[k]) : 0;
        }
    }
}
