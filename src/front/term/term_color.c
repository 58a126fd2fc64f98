/* The terminal's colours. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "term_color.h"

#include <stdlib.h>
#include <string.h>

/* How far apart two colours look (green counts most, blue least), to
 * choose between the 256's cube and its greys */
static long distance(Color a, Color b)
{
    long dr = a.r - b.r, dg = a.g - b.g, db = a.b - b.b;
    return 3 * dr * dr + 4 * dg * dg + 2 * db * db;
}

/* The xterm cube's levels: 0, 95, 135, 175, 215, 255 */
static int cube_level(int v)
{
    return v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40;
}

static int cube_value(int level)
{
    return level == 0 ? 0 : 55 + 40 * level;
}

static int index_256(Color c)
{
    int r = cube_level(c.r), g = cube_level(c.g), b = cube_level(c.b);
    Color cube = {(uint8_t)cube_value(r), (uint8_t)cube_value(g), (uint8_t)cube_value(b), 255};
    int average = (c.r + c.g + c.b) / 3;
    int grey = average > 238 ? 23 : (average - 3) / 10 < 0 ? 0 : (average - 3) / 10;
    uint8_t gv = (uint8_t)(8 + 10 * grey);
    Color grey_rgb = {gv, gv, gv, 255};
    return distance(c, grey_rgb) < distance(c, cube) ? 232 + grey : 16 + 36 * r + 6 * g + b;
}

/* One of the basic 16 (ANSI's order: red 1, green 2, blue 4 added, +8
 * bright): a greyish colour by its lightness, any other by which of its
 * channels stand out and whether it's bright. (Nearest by distance sends
 * every middling colour to grey.) A letter's colour is never black, where
 * it would vanish. */
static int index_16(Color c, bool back)
{
    int hi = c.r > c.g ? (c.r > c.b ? c.r : c.b) : (c.g > c.b ? c.g : c.b);
    int lo = c.r < c.g ? (c.r < c.b ? c.r : c.b) : (c.g < c.b ? c.g : c.b);
    if (hi - lo < 40) {
        int light = (c.r + c.g + c.b) / 3;
        if (light < 50) return back ? 0 : 8;
        return light < 150 ? 8 : light <= 225 ? 7 : 15;
    }
    int mid = (hi + lo + 1) / 2;
    int hue = (c.r >= mid ? 1 : 0) | (c.g >= mid ? 2 : 0) | (c.b >= mid ? 4 : 0);
    return hue + (hi > 200 ? 8 : 0);
}

int term_color_index(int depth, Color rgb, bool back)
{
    return depth >= 256 ? index_256(rgb) : index_16(rgb, back);
}

void term_color_start(TermColor *color, ColorMode asked)
{
    memset(color, 0, sizeof *color);
    const char *no_color = getenv("NO_COLOR");
    bool refused = asked == COLORS_NONE || (asked == COLORS_AUTO && no_color && no_color[0]);
    if (refused || !has_colors() || start_color() == ERR) return;
    use_default_colors();
    int have = COLORS >= 256 ? 256 : COLORS >= 16 ? 16 : COLORS >= 8 ? 8 : 0;
    int most = asked == COLORS_256 ? 256 : asked == COLORS_16 ? 16 : asked == COLORS_8 ? 8 : 256;
    color->depth = have < most ? have : most;
    color->next_pair = 1;
}

static uint64_t key_of(Color fg, Color back, bool memory)
{
    uint64_t f = (uint64_t)fg.r << 16 | (uint64_t)fg.g << 8 | fg.b;
    uint64_t b = back.a == 0 ? 0x1000000u : ((uint64_t)back.r << 16 | (uint64_t)back.g << 8 | back.b);
    return f << 32 | b << 1 | (memory ? 1u : 0u);
}

/* A new pair for fg and back in the terminal's colours */
static TermPen make_pen(TermColor *color, Color fg, Color back, bool memory)
{
    TermPen pen = {A_NORMAL, 0};
    int depth = color->depth;
    int f = memory && depth < 256 ? COLOR_BLUE : term_color_index(depth, fg, false);
    int b = back.a == 0 ? -1 : term_color_index(depth, back, true);
    if (depth == 8) {
        if (f >= 8) pen.attrs |= A_BOLD;
        f &= 7;
        if (b >= 0) b &= 7;
    }
    if (b == 0 && depth < 256) b = -1;   /* black backs are the terminal's own */
    for (int pair = 1; pair < color->next_pair; ++pair) {
        if (color->pair_fg[pair] == f && color->pair_bg[pair] == b) {
            pen.pair = (short)pair;
            return pen;
        }
    }
    int pair = color->next_pair;
    if (pair < COLOR_PAIRS && pair < TERM_PEN_CACHE && init_pair((short)pair, (short)f, (short)b) != ERR) {
        color->pair_fg[pair] = (short)f;
        color->pair_bg[pair] = (short)b;
        pen.pair = (short)color->next_pair++;
    }
    return pen;
}

static TermPen pen_for(TermColor *color, Color fg, Color back, bool memory)
{
    if (color->depth == 0) return (TermPen){A_NORMAL, 0};
    uint64_t key = key_of(fg, back, memory);
    if (color->last.used && color->last.key == key) return color->last.pen;
    size_t i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 54) % TERM_PEN_CACHE;
    for (int probes = 0; probes < TERM_PEN_CACHE; ++probes, i = (i + 1) % TERM_PEN_CACHE) {
        TermPenSlot *slot = &color->cache[i];
        if (!slot->used) {
            slot->used = true;
            slot->key = key;
            slot->pen = make_pen(color, fg, back, memory);
        }
        if (slot->key == key) {
            color->last = *slot;
            return slot->pen;
        }
    }
    return (TermPen){A_NORMAL, 0};   /* a full cache: plain text */
}

TermPen term_color_pen(TermColor *color, Color fg, Color back)
{
    return pen_for(color, fg, back, false);
}

TermPen term_color_memory_pen(TermColor *color, Color fg, Color back)
{
    return pen_for(color, fg, back, true);
}
