/* The screen model copied out for the page: see web_frame.h. The JSON is
 * built in one growing buffer; only the parts the screen that's up shows
 * are written, as the window's ui_draw paints only those. */
#include "web_frame.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screen.h"
#include "screen_class.h"
#include "screen_dialog.h"
#include "screen_scores.h"

enum { TILE_NAMES_MOST = 1024 };

typedef struct Text {
    char *bytes;
    size_t length, size;
} Text;

static Text frame_text;

static void grow(Text *t, size_t more)
{
    if (t->length + more + 1 <= t->size) return;
    size_t size = t->size ? t->size : 16384;
    while (size < t->length + more + 1) size *= 2;
    char *bytes = realloc(t->bytes, size);
    if (bytes == NULL) abort();   /* the page can't go on without memory */
    t->bytes = bytes;
    t->size = size;
}

static void add(Text *t, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int n = vsnprintf(NULL, 0, format, args);
    va_end(args);
    grow(t, (size_t)n);
    va_start(args, format);
    vsnprintf(t->bytes + t->length, t->size - t->length, format, args);
    va_end(args);
    t->length += (size_t)n;
}

/* A JSON string: quotes, backslashes and control characters escaped */
static void add_string(Text *t, const char *s)
{
    add(t, "\"");
    for (; *s != '\0'; ++s) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') add(t, "\\%c", c);
        else if (c < 32) add(t, "\\u%04x", c);
        else {
            grow(t, 1);
            t->bytes[t->length++] = (char)c;
        }
    }
    add(t, "\"");
}

static uint32_t packed(Color c)
{
    return (uint32_t)c.r << 24 | (uint32_t)c.g << 16 | (uint32_t)c.b << 8 | c.a;
}

/* ---- The parts ------------------------------------------------------------ */

static void add_line(Text *t, const PanelLine *l, bool comma)
{
    add(t, "%s[%d,", comma ? "," : "", (int)l->kind);
    add_string(t, l->text);
    add(t, ",%u,%d,%d,%u]", packed(l->color), l->value, l->most, packed(l->bar));
}

static void add_lines(Text *t, const PanelLine *lines, int count)
{
    add(t, "[");
    for (int i = 0; i < count; ++i) add_line(t, &lines[i], i > 0);
    add(t, "]");
}

static void add_dialog(Text *t, const char *name, const ScreenDialog *d)
{
    add(t, ",\"%s\":{\"columns\":%d,\"rows\":%d,\"lines\":[", name, d->columns, d->rows);
    for (int i = 0; i < d->count; ++i) {
        const DialogRow *row = &d->lines[i];
        add(t, "%s[", i > 0 ? "," : "");
        add_string(t, row->text);
        add(t, ",%u,%d,", packed(row->color), (int)row->align);
        add_string(t, row->aside);
        add(t, ",%u]", packed(row->aside_color));
    }
    add(t, "]}");
}

static void add_map_parts(Text *t, const Input *input, const Run *run, const WebRoom *room)
{
    static ScreenPanel panel;
    static ScreenLog log;
    static ScreenDialog dialog;
    Point focus = screen_focus(input, run);
    add(t, ",\"focus\":[%d,%d]", focus.x, focus.y);
    screen_panel(input, run, room->panel_columns, room->panel_rows, &panel);
    add(t, ",\"panel\":");
    add_lines(t, panel.lines, panel.count);
    add(t, ",\"look\":%d", panel.look_first);
    screen_log(run, room->log_rows, &log);
    add(t, ",\"log\":[");
    for (int i = 0; i < log.count; ++i) {
        add(t, "%s[", i > 0 ? "," : "");
        add_string(t, log.lines[i]);
        add(t, ",%u]", packed(log.colors[i]));
    }
    add(t, "]");
    screen_dialog(input, run, &dialog);
    if (dialog.shown) add_dialog(t, "dialog", &dialog);
}

/* A flight's frame: what the window's ui_anim.c and the terminal draw */
static void add_flight(Text *t, const FrontFlight *flight)
{
    add(t, ",\"flight\":{\"glyph\":%d,\"color\":%u,\"cells\":[", (unsigned char)flight->glyph,
        packed(flight->color));
    for (int i = 0; i < flight->count; ++i) {
        add(t, "%s[%d,%d]", i > 0 ? "," : "", flight->cells[i].x, flight->cells[i].y);
    }
    add(t, "]}");
}

const char *web_frame_text(const FrontView *view, const WebRoom *room)
{
    const Input *input = view->input;
    const Run *run = view->run;
    Text *t = &frame_text;
    t->length = 0;
    Screen screen = input_screen(input);
    add(t, "{\"screen\":\"%s\",\"tiles\":%s", input_screen_name(screen), input->views.tiles ? "true" : "false");
    bool map = room->map_only || input_screen_traits(screen)->over_map;
    if (map && view->flight != NULL) add_flight(t, view->flight);
    if (room->map_only) {
        add(t, ",\"view\":\"map\"");
        add_map_parts(t, input, run, room);
    } else if (screen == SCREEN_SCORES) {
        static ScreenScores scores;
        screen_scores(&input->scores, room->columns, room->rows, &scores);
        add(t, ",\"view\":\"scores\",\"lines\":");
        add_lines(t, scores.lines, scores.count);
    } else if (screen == SCREEN_CLASS) {
        static ScreenClassChoice choice;
        screen_class_choice(input, room->columns, &choice);
        add(t, ",\"view\":\"class\",\"highlighted\":%d,\"lines\":", choice.highlighted);
        add_lines(t, choice.lines, choice.count);
    } else if (screen == SCREEN_TITLE) {
        static ScreenDialog title;
        screen_title(input, &title);
        add(t, ",\"view\":\"title\"");
        add_dialog(t, "title", &title);
    } else {
        add(t, ",\"view\":\"map\"");
        add_map_parts(t, input, run, room);
    }
    add(t, "}");
    return t->bytes;
}

/* ---- The map -------------------------------------------------------------- */

static const char *tile_names[TILE_NAMES_MOST];
static int tile_name_count;

/* A tile name's number, the same for the same text all along */
static int tile_number(const char *name)
{
    for (int i = 0; i < tile_name_count; ++i) {
        if (tile_names[i] == name || strcmp(tile_names[i], name) == 0) return i;
    }
    if (tile_name_count == TILE_NAMES_MOST) return -1;
    tile_names[tile_name_count] = name;   /* names live as long as the data */
    return tile_name_count++;
}

const char *web_frame_tile_name(int number)
{
    return number >= 0 && number < tile_name_count ? tile_names[number] : NULL;
}

const int32_t *web_frame_map(const Input *input, const Run *run)
{
    static ScreenMap map;
    static int32_t cells[MAP_CELLS * WEB_CELL_INTS];
    screen_map(input, run, &map);
    for (int i = 0; i < MAP_CELLS; ++i) {
        const ScreenCell *c = &map.cells[i];
        int32_t *out = &cells[i * WEB_CELL_INTS];
        out[WEB_CELL_FLAGS] = (c->shown ? WEB_SHOWN : 0) | (c->overlay ? WEB_OVERLAY : 0) | (c->lit ? WEB_LIT : 0) |
                              (c->cursor ? WEB_CURSOR : 0) | (c->path ? WEB_PATH : 0) | (c->burst ? WEB_BURST : 0) |
                              c->layers << 8;
        out[WEB_CELL_GLYPH] = (unsigned char)c->glyph;
        out[WEB_CELL_FG] = (int32_t)packed(c->fg);
        out[WEB_CELL_BACK] = (int32_t)packed(c->back);
        for (int k = 0; k < SCREEN_TILE_LAYERS; ++k) {
            bool has = k < c->layers && c->tiles[k] != NULL;
            out[WEB_CELL_TILE + k] = has ? tile_number(c->tiles[k]) : -1;
            out[WEB_CELL_TINT + k] = has ? (int32_t)packed(c->tints[k]) : 0;
        }
    }
    return cells;
}
