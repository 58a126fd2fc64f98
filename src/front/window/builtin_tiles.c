/* The tile view's own pictures, for when DCSS's atlases aren't installed:
 * 32 x 32 pixel art drawn by the program. The map's pictures carry their
 * own colours (brick, flagstones, earth, wood); everything that's tinted
 * as it's shown (the player, monsters, items, traps) is drawn in whites
 * and greys with a dark outline, so the tint gives it its colour and the
 * shading survives. Each needed name has a shape of its own; a kind the
 * program doesn't know (a monster or item added to the data files) gets a
 * shape by its glyph or class, marked with its glyph or initial. */
#include "tiles.h"

#include <string.h>

enum { N = TILE_PX };

typedef uint32_t Pixel;   /* 0xRRGGBBAA */

static const Pixel CLEAR = 0;
static const Pixel INK = 0x1c1a1cff;      /* outlines, eyes, mouths */
static const Pixel BODY = 0xd2d2d2ff;     /* a tinted thing's colour */
static const Pixel BRIGHT = 0xf4f4f4ff;
static const Pixel DIM = 0x9a9a9aff;
static const Pixel DEEP = 0x6a6a6aff;

/* ---- Pixels ---------------------------------------------------------------- */

static Pixel rgb(int r, int g, int b)
{
    return (Pixel)r << 24 | (Pixel)g << 16 | (Pixel)b << 8 | 0xff;
}

/* A colour made lighter (percent above 100) or darker */
static Pixel scaled(Pixel p, int percent)
{
    int c[3];
    for (int i = 0; i < 3; ++i) {
        c[i] = (int)((p >> (24 - 8 * i)) & 0xff) * percent / 100;
        if (c[i] > 255) c[i] = 255;
    }
    return rgb(c[0], c[1], c[2]);
}

/* A fixed pseudo-random number for a pixel: the same every time */
static unsigned noise(int x, int y, unsigned seed)
{
    unsigned h = (unsigned)x * 374761393u + (unsigned)y * 668265263u + seed * 2246822519u;
    h = (h ^ (h >> 13)) * 1274126177u;
    return h ^ (h >> 16);
}

static void plot(Pixel *c, int x, int y, Pixel p)
{
    if (x >= 0 && y >= 0 && x < N && y < N) c[y * N + x] = p;
}

static Pixel at(const Pixel *c, int x, int y)
{
    return x >= 0 && y >= 0 && x < N && y < N ? c[y * N + x] : CLEAR;
}

static void fill_rect(Pixel *c, int x, int y, int w, int h, Pixel p)
{
    for (int j = y; j < y + h; ++j) {
        for (int i = x; i < x + w; ++i) plot(c, i, j, p);
    }
}

/* An ellipse centred between pixels as well as on them (cx2, cy2 are
 * twice the centre) */
static void fill_oval(Pixel *c, int cx2, int cy2, int rx, int ry, Pixel p)
{
    for (int y = 0; y < N; ++y) {
        for (int x = 0; x < N; ++x) {
            long dx = 2 * x + 1 - cx2, dy = 2 * y + 1 - cy2;
            if (dx * dx * ry * ry + dy * dy * rx * rx <= 4L * rx * rx * ry * ry) plot(c, x, y, p);
        }
    }
}

static void fill_circle(Pixel *c, int cx, int cy, int r, Pixel p)
{
    fill_oval(c, 2 * cx + 1, 2 * cy + 1, r, r, p);
}

static long edge(int ax, int ay, int bx, int by, int px, int py)
{
    return (long)(bx - ax) * (py - ay) - (long)(by - ay) * (px - ax);
}

static void fill_triangle(Pixel *c, int x0, int y0, int x1, int y1, int x2, int y2, Pixel p)
{
    for (int y = 0; y < N; ++y) {
        for (int x = 0; x < N; ++x) {
            long a = edge(x0, y0, x1, y1, x, y), b = edge(x1, y1, x2, y2, x, y);
            long d = edge(x2, y2, x0, y0, x, y);
            if ((a >= 0 && b >= 0 && d >= 0) || (a <= 0 && b <= 0 && d <= 0)) plot(c, x, y, p);
        }
    }
}

/* A line with a square brush of the given width */
static void line(Pixel *c, int x0, int y0, int x1, int y1, int width, Pixel p)
{
    int dx = x1 > x0 ? x1 - x0 : x0 - x1, dy = y1 > y0 ? y0 - y1 : y1 - y0;
    int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, err = dx + dy;
    for (;;) {
        fill_rect(c, x0 - (width - 1) / 2, y0 - (width - 1) / 2, width, width, p);
        if (x0 == x1 && y0 == y1) return;
        int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y0 += sy;
        }
    }
}

/* ---- Finishing a tinted shape ---------------------------------------------- */

/* Light from the top left: an edge facing down or right is darker, one
 * facing up or left lighter */
static void shade(Pixel *c)
{
    Pixel copy[N * N];
    memcpy(copy, c, sizeof copy);
    for (int y = 0; y < N; ++y) {
        for (int x = 0; x < N; ++x) {
            Pixel p = copy[y * N + x];
            if (p == CLEAR || p == INK) continue;
            if (at(copy, x + 1, y) == CLEAR || at(copy, x, y + 1) == CLEAR) {
                c[y * N + x] = scaled(p, 72);
            } else if (at(copy, x - 1, y) == CLEAR || at(copy, x, y - 1) == CLEAR) {
                c[y * N + x] = scaled(p, 116);
            }
        }
    }
}

/* A dark line round everything drawn */
static void outline(Pixel *c)
{
    Pixel copy[N * N];
    memcpy(copy, c, sizeof copy);
    for (int y = 0; y < N; ++y) {
        for (int x = 0; x < N; ++x) {
            if (copy[y * N + x] != CLEAR) continue;
            bool next = at(copy, x - 1, y) != CLEAR || at(copy, x + 1, y) != CLEAR ||
                        at(copy, x, y - 1) != CLEAR || at(copy, x, y + 1) != CLEAR;
            if (next) c[y * N + x] = INK;
        }
    }
}

/* ---- A tiny font, for the marks of kinds with no shape of their own ------- */

/* 3 x 5 capitals, a row of three bits each, top first */
static const unsigned char LETTERS[26][5] = {
    {2, 5, 7, 5, 5}, {6, 5, 6, 5, 6}, {3, 4, 4, 4, 3}, {6, 5, 5, 5, 6}, {7, 4, 6, 4, 7},
    {7, 4, 6, 4, 4}, {3, 4, 5, 5, 3}, {5, 5, 7, 5, 5}, {7, 2, 2, 2, 7}, {1, 1, 1, 5, 2},
    {5, 5, 6, 5, 5}, {4, 4, 4, 4, 7}, {5, 7, 7, 5, 5}, {6, 5, 5, 5, 5}, {2, 5, 5, 5, 2},
    {6, 5, 6, 4, 4}, {2, 5, 5, 6, 3}, {6, 5, 6, 5, 5}, {3, 4, 2, 1, 6}, {7, 2, 2, 2, 2},
    {5, 5, 5, 5, 7}, {5, 5, 5, 5, 2}, {5, 5, 7, 7, 5}, {5, 5, 2, 5, 5}, {5, 5, 2, 2, 2},
    {7, 1, 2, 4, 7},
};

/* A character's mark, 3 x 5 at x, y, twice as big if big: a letter's
 * shape, or for anything else a pattern of its code */
static void mark(Pixel *c, char ch, int x, int y, bool big, Pixel p)
{
    int s = big ? 2 : 1;
    static const unsigned char QUESTION[5] = {6, 1, 2, 0, 2};
    bool letter = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    for (int row = 0; row < 5; ++row) {
        int bits = letter ? LETTERS[(ch | 0x20) - 'a'][row]
                 : ch == '?' ? QUESTION[row]
                 : ((unsigned char)ch >> (row % 3 * 2)) & 7;
        for (int col = 0; col < 3; ++col) {
            if (bits & (4 >> col)) fill_rect(c, x + col * s, y + row * s, s, s, p);
        }
    }
}

/* ---- The map ------------------------------------------------------------------ */

static void draw_wall(Pixel *c)
{
    for (int y = 0; y < N; ++y) {
        int row = y / 8, offset = row % 2 ? 8 : 0;
        for (int x = 0; x < N; ++x) {
            int bx = (x + offset) % 16, by = y % 8, brick = (x + offset) / 16 + row * 3;
            Pixel base = scaled(rgb(128, 108, 88), 88 + (int)(noise(brick, row, 1) % 25));
            Pixel p = bx == 0 || by == 7 ? rgb(46, 38, 32)
                    : by == 0 ? scaled(base, 118)
                    : by == 6 || bx == 15 ? scaled(base, 80)
                    : scaled(base, 94 + (int)(noise(x, y, 2) % 12));
            plot(c, x, y, p);
        }
    }
}

static void draw_floor(Pixel *c)
{
    for (int y = 0; y < N; ++y) {
        for (int x = 0; x < N; ++x) {
            int slab = (x / 16) + 2 * (y / 16), sx = x % 16, sy = y % 16;
            Pixel base = scaled(rgb(80, 82, 90), 90 + (int)(noise(slab, 0, 3) % 16));
            Pixel p = sx == 0 || sy == 0 ? rgb(34, 34, 40)
                    : sx == 1 || sy == 1 ? scaled(base, 112)
                    : sx == 15 || sy == 15 ? scaled(base, 84)
                    : scaled(base, 95 + (int)(noise(x, y, 4) % 10));
            plot(c, x, y, p);
        }
    }
}

static void draw_cave_floor(Pixel *c)
{
    for (int y = 0; y < N; ++y) {
        for (int x = 0; x < N; ++x) {
            unsigned n = noise(x, y, 5) % 100;
            Pixel p = n < 8 ? rgb(124, 96, 66) : n < 20 ? rgb(64, 46, 30) : rgb(92, 70, 48);
            plot(c, x, y, p);
        }
    }
    for (int i = 0; i < 5; ++i) {
        int x = (int)(noise(i, 0, 6) % 28) + 2, y = (int)(noise(i, 1, 6) % 28) + 2;
        fill_rect(c, x, y, 2, 1, rgb(150, 124, 94));
        plot(c, x, y + 1, rgb(60, 44, 30));
    }
}

static void draw_stairs(Pixel *c)
{
    draw_floor(c);
    fill_rect(c, 3, 3, 26, 26, rgb(20, 20, 24));
    for (int step = 0; step < 5; ++step) {
        int top = 4 + step * 5, inset = step * 2, light = 190 - step * 30;
        fill_rect(c, 4 + inset, top, 24 - inset, 4, rgb(light, light, light + 8));
        fill_rect(c, 4 + inset, top + 4, 24 - inset, 1, rgb(light / 3, light / 3, light / 3));
    }
}

static void draw_frame(Pixel *c)
{
    draw_wall(c);
    fill_rect(c, 5, 4, 22, 28, rgb(70, 70, 76));
    fill_oval(c, 32, 12, 11, 8, rgb(70, 70, 76));
}

static void draw_door(Pixel *c)
{
    draw_frame(c);
    Pixel wood = rgb(132, 86, 46);
    fill_rect(c, 7, 8, 18, 24, wood);
    fill_oval(c, 32, 14, 9, 6, wood);
    for (int x = 7; x < 25; ++x) {
        for (int y = 5; y < 32; ++y) {
            if (at(c, x, y) != wood) continue;
            bool gap = (x - 7) % 6 == 5;
            plot(c, x, y, gap ? rgb(60, 36, 20) : scaled(wood, 90 + (int)(noise(x, y, 7) % 20)));
        }
    }
    fill_rect(c, 7, 12, 18, 2, rgb(58, 58, 66));
    fill_rect(c, 7, 24, 18, 2, rgb(58, 58, 66));
    fill_circle(c, 21, 19, 1, rgb(200, 180, 90));
}

static void draw_open_door(Pixel *c)
{
    draw_frame(c);
    fill_rect(c, 7, 8, 18, 24, rgb(26, 26, 30));
    fill_oval(c, 32, 14, 9, 6, rgb(26, 26, 30));
    fill_rect(c, 7, 9, 4, 23, rgb(132, 86, 46));
    line(c, 10, 9, 10, 31, 1, rgb(70, 44, 24));
    fill_rect(c, 7, 13, 4, 1, rgb(58, 58, 66));
    fill_rect(c, 7, 25, 4, 1, rgb(58, 58, 66));
}

static void eyes(Pixel *c, int x, int y, int apart)
{
    plot(c, x, y, INK);
    if (apart > 0) plot(c, x + apart, y, INK);
}

/* ---- Things that are tinted ---------------------------------------------- */

static void draw_trap(Pixel *c)
{
    fill_triangle(c, 4, 26, 28, 26, 16, 24, DIM);
    fill_rect(c, 4, 24, 25, 4, DIM);
    for (int i = 0; i < 4; ++i) fill_triangle(c, 6 + i * 6, 24, 11 + i * 6, 24, 8 + i * 6, 10 + (i % 2) * 4, BODY);
    shade(c);
}

/* A two-legged body: its width, height (to the feet at the bottom) and
 * how far its arms hang */
static void draw_biped(Pixel *c, int w, int h, int arms)
{
    int top = 30 - h, r = w / 3 + 1, neck = top + 2 * r, hip = neck + (h - 2 * r) / 2;
    int left = 16 - w / 2, leg = w / 2 - 1;
    fill_circle(c, 16, top + r, r, BODY);
    fill_rect(c, left, neck, w, hip - neck + 1, BODY);
    fill_rect(c, left, hip, leg, 30 - hip, BODY);
    fill_rect(c, left + w - leg, hip, leg, 30 - hip, BODY);
    fill_rect(c, left - 3, neck + 1, 2, arms, BODY);
    fill_rect(c, left + w + 1, neck + 1, 2, arms, BODY);
}

static void draw_person(Pixel *c)
{
    draw_biped(c, 9, 26, 9);
    fill_oval(c, 14, 36, 4, 5, DIM);
    shade(c);
    fill_rect(c, 12, 17, 9, 1, DEEP);
    eyes(c, 15, 8, 2);
    line(c, 25, 15, 29, 3, 1, BRIGHT);
    fill_rect(c, 23, 15, 5, 1, DIM);
}

static void draw_potion(Pixel *c)
{
    fill_circle(c, 16, 20, 9, BODY);
    fill_rect(c, 13, 6, 6, 7, BODY);
    fill_rect(c, 12, 4, 8, 3, DIM);
    shade(c);
    fill_rect(c, 9, 14, 14, 1, DIM);
    fill_rect(c, 11, 16, 3, 2, BRIGHT);
    plot(c, 10, 18, BRIGHT);
}

static void draw_scroll(Pixel *c)
{
    fill_rect(c, 7, 9, 18, 15, BODY);
    fill_rect(c, 4, 8, 4, 17, DIM);
    fill_rect(c, 24, 8, 4, 17, DIM);
    shade(c);
    for (int y = 12; y < 22; y += 3) fill_rect(c, 10, y, 7 + (y % 2) * 4, 1, DEEP);
}

static void draw_dagger(Pixel *c)
{
    line(c, 13, 19, 22, 10, 2, BRIGHT);
    line(c, 14, 19, 22, 11, 1, DIM);
    line(c, 9, 15, 15, 21, 1, DIM);
    line(c, 8, 24, 12, 20, 2, DEEP);
    shade(c);
}

static void draw_sword(Pixel *c)
{
    line(c, 9, 23, 27, 5, 3, BRIGHT);
    line(c, 10, 22, 26, 6, 1, DIM);
    line(c, 4, 28, 8, 24, 2, DEEP);
    line(c, 5, 19, 13, 27, 2, DIM);
    shade(c);
}

static void draw_spear(Pixel *c)
{
    line(c, 3, 29, 21, 11, 1, DEEP);
    fill_triangle(c, 19, 9, 23, 13, 29, 3, BRIGHT);
    line(c, 18, 13, 20, 15, 1, DIM);
    shade(c);
}

static void draw_mace(Pixel *c)
{
    line(c, 5, 28, 18, 15, 2, DEEP);
    fill_circle(c, 21, 11, 5, BODY);
    for (int i = 0; i < 4; ++i) {
        static const int SPIKES[4][2] = {{21, 3}, {29, 11}, {21, 19}, {13, 11}};
        line(c, 21, 11, SPIKES[i][0], SPIKES[i][1], 1, DIM);
    }
    fill_circle(c, 21, 11, 4, BODY);
    shade(c);
}

static void draw_torso(Pixel *c, Pixel p)
{
    fill_rect(c, 9, 8, 14, 20, p);
    fill_rect(c, 4, 8, 6, 8, p);
    fill_rect(c, 22, 8, 6, 8, p);
    fill_oval(c, 32, 8, 5, 3, CLEAR);
}

static void draw_leather_armor(Pixel *c)
{
    draw_torso(c, BODY);
    shade(c);
    fill_rect(c, 9, 20, 14, 2, DEEP);
    for (int y = 11; y < 19; y += 2) plot(c, 16, y, DEEP);
}

static void draw_metal_armor(Pixel *c)
{
    draw_torso(c, DIM);
    for (int y = 9; y < 28; ++y) {
        for (int x = 4; x < 28; ++x) {
            if (at(c, x, y) != CLEAR) plot(c, x, y, (x + y) % 2 ? BRIGHT : DIM);
        }
    }
    fill_rect(c, 4, 8, 6, 3, BRIGHT);
    fill_rect(c, 22, 8, 6, 3, BRIGHT);
    shade(c);
}

static void draw_gold(Pixel *c)
{
    static const int COINS[7][2] = {{9, 24}, {17, 25}, {24, 23}, {13, 20}, {21, 19}, {16, 15}, {11, 27}};
    for (int i = 0; i < 7; ++i) {
        fill_oval(c, 2 * COINS[i][0], 2 * COINS[i][1], 5, 3, DIM);
        fill_oval(c, 2 * COINS[i][0], 2 * COINS[i][1] - 2, 5, 3, BODY);
        plot(c, COINS[i][0] - 2, COINS[i][1] - 2, BRIGHT);
    }
    shade(c);
}

static void draw_amulet(Pixel *c)
{
    fill_oval(c, 32, 14, 10, 10, DIM);
    fill_oval(c, 32, 14, 8, 8, CLEAR);
    fill_triangle(c, 16, 16, 10, 23, 22, 23, BODY);
    fill_triangle(c, 10, 23, 22, 23, 16, 30, BODY);
    shade(c);
    fill_rect(c, 15, 21, 3, 3, BRIGHT);
}

/* ---- Monsters ---------------------------------------------------------------- */

static void draw_rat(Pixel *c)
{
    fill_oval(c, 36, 42, 10, 6, BODY);
    fill_oval(c, 16, 38, 5, 4, BODY);
    fill_triangle(c, 4, 19, 9, 16, 9, 22, BODY);
    fill_circle(c, 10, 15, 2, BODY);
    line(c, 26, 22, 30, 16, 1, DIM);
    fill_rect(c, 11, 24, 2, 3, BODY);
    fill_rect(c, 22, 25, 2, 3, BODY);
    shade(c);
    eyes(c, 7, 18, 0);
}

static void draw_bat(Pixel *c)
{
    fill_triangle(c, 16, 12, 2, 8, 12, 22, BODY);
    fill_triangle(c, 16, 12, 30, 8, 20, 22, BODY);
    for (int i = 0; i < 3; ++i) {
        fill_circle(c, 5 + i * 3, 18 - i * 2, 2, CLEAR);
        fill_circle(c, 26 - i * 3, 18 - i * 2, 2, CLEAR);
    }
    fill_oval(c, 32, 30, 4, 7, BODY);
    fill_triangle(c, 13, 9, 15, 5, 16, 10, BODY);
    fill_triangle(c, 19, 9, 17, 5, 16, 10, BODY);
    shade(c);
    eyes(c, 14, 12, 3);
}

/* A four-legged beast: size 0 small (a jackal) to 2 big */
static void draw_beast(Pixel *c, int size)
{
    int rx = 8 + size, ry = 4 + size / 2, leg = 2 + (size > 0);
    fill_oval(c, 34, 36, rx, ry, BODY);
    fill_oval(c, 16, 26, 4 + size / 2, 4, BODY);
    fill_triangle(c, 2, 15, 7, 11, 7, 16, BODY);
    fill_triangle(c, 7, 9, 8, 3 + size, 11, 9, BODY);
    fill_triangle(c, 10, 9, 12, 4 + size, 13, 10, BODY);
    for (int i = 0; i < 4; ++i) fill_rect(c, 10 + i * 5 - (i > 1) * 1, 20, leg, 9, BODY);
    shade(c);
    eyes(c, 6, 12, 0);
}

static void draw_jackal(Pixel *c)
{
    line(c, 24, 16, 29, 23, 1, BODY);
    draw_beast(c, 0);
}

static void draw_wolf(Pixel *c)
{
    fill_oval(c, 54, 30, 4, 7, BODY);
    draw_beast(c, 2);
}

static void draw_hound(Pixel *c)
{
    draw_beast(c, 1);
    for (int i = 0; i < 5; ++i) fill_triangle(c, 9 + i * 4, 14, 13 + i * 4, 14, 11 + i * 4, 7, DIM);
    for (int x = 8; x < 28; x += 3) plot(c, x, 29, DIM);
    fill_rect(c, 24, 13, 6, 2, DIM);
}

static void draw_kobold(Pixel *c)
{
    draw_biped(c, 8, 18, 7);
    fill_triangle(c, 18, 13, 24, 15, 18, 17, BODY);
    line(c, 20, 28, 26, 24, 1, BODY);
    plot(c, 14, 12, BODY);
    plot(c, 18, 12, BODY);
    shade(c);
    eyes(c, 15, 15, 2);
}

static void draw_goblin(Pixel *c)
{
    draw_biped(c, 9, 17, 6);
    fill_triangle(c, 12, 16, 4, 12, 12, 19, BODY);
    fill_triangle(c, 21, 16, 29, 12, 21, 19, BODY);
    shade(c);
    eyes(c, 14, 16, 4);
    fill_rect(c, 14, 19, 5, 1, INK);
}

static void draw_orc(Pixel *c)
{
    draw_biped(c, 12, 24, 9);
    shade(c);
    eyes(c, 14, 10, 4);
    plot(c, 14, 13, BRIGHT);
    plot(c, 18, 13, BRIGHT);
    line(c, 26, 24, 26, 10, 1, DEEP);
    fill_triangle(c, 26, 10, 30, 12, 26, 16, DIM);
}

static void draw_ogre(Pixel *c)
{
    fill_circle(c, 16, 6, 4, BODY);
    fill_oval(c, 32, 34, 12, 12, BODY);
    fill_rect(c, 9, 25, 5, 6, BODY);
    fill_rect(c, 18, 25, 5, 6, BODY);
    fill_rect(c, 2, 12, 4, 12, BODY);
    shade(c);
    eyes(c, 14, 5, 3);
    fill_rect(c, 14, 8, 4, 1, INK);
    line(c, 29, 26, 27, 6, 3, DEEP);
}

static void draw_troll(Pixel *c)
{
    fill_oval(c, 36, 34, 9, 9, BODY);
    fill_circle(c, 10, 9, 4, BODY);
    fill_rect(c, 5, 10, 3, 2, BODY);
    line(c, 11, 14, 6, 27, 2, BODY);
    line(c, 24, 13, 28, 27, 2, BODY);
    fill_rect(c, 12, 23, 4, 7, BODY);
    fill_rect(c, 20, 23, 4, 7, BODY);
    shade(c);
    eyes(c, 9, 8, 3);
    for (int i = 0; i < 3; ++i) {
        plot(c, 4 + i, 29, INK);
        plot(c, 27 + i, 29, INK);
    }
}

static void draw_zombie(Pixel *c)
{
    draw_biped(c, 8, 18, 3);
    fill_rect(c, 16, 16, 12, 2, BODY);
    fill_triangle(c, 18, 13, 24, 15, 18, 17, BODY);
    shade(c);
    eyes(c, 15, 15, 2);
    static const int HOLES[4][2] = {{13, 20}, {17, 23}, {14, 27}, {24, 16}};
    for (int i = 0; i < 4; ++i) plot(c, HOLES[i][0], HOLES[i][1], CLEAR);
    fill_rect(c, 13, 22, 2, 2, DEEP);
}

static void draw_skeleton(Pixel *c)
{
    fill_circle(c, 16, 6, 4, BODY);
    line(c, 16, 10, 16, 21, 1, BODY);
    for (int y = 12; y < 20; y += 2) line(c, 12, y, 20, y, 1, BODY);
    line(c, 12, 21, 20, 21, 2, BODY);
    line(c, 13, 22, 11, 30, 1, BODY);
    line(c, 19, 22, 21, 30, 1, BODY);
    line(c, 12, 12, 8, 21, 1, BODY);
    line(c, 20, 12, 24, 21, 1, BODY);
    plot(c, 14, 6, INK);
    plot(c, 18, 6, INK);
    fill_rect(c, 14, 9, 5, 1, INK);
}

static void draw_vampire(Pixel *c)
{
    fill_triangle(c, 16, 9, 4, 30, 28, 30, DIM);
    fill_rect(c, 12, 10, 9, 18, BODY);
    fill_circle(c, 16, 6, 4, BODY);
    fill_triangle(c, 9, 4, 12, 11, 9, 11, DIM);
    fill_triangle(c, 23, 4, 20, 11, 23, 11, DIM);
    shade(c);
    eyes(c, 14, 6, 3);
    plot(c, 15, 9, BRIGHT);
    plot(c, 17, 9, BRIGHT);
}

static void draw_mushroom(Pixel *c)
{
    fill_oval(c, 32, 14, 14, 9, BODY);
    fill_rect(c, 1, 14, 31, 18, CLEAR);
    fill_rect(c, 11, 14, 10, 16, DIM);
    shade(c);
    fill_oval(c, 32, 44, 3, 3, INK);
    fill_circle(c, 10, 9, 1, BRIGHT);
    fill_circle(c, 18, 6, 1, BRIGHT);
    fill_circle(c, 24, 10, 1, BRIGHT);
}

static void draw_spider(Pixel *c, bool big)
{
    int r = big ? 7 : 4, reach = big ? 15 : 10;
    for (int i = 0; i < 4; ++i) {
        int y = 14 + i * 3 - (big ? 2 : 0);
        line(c, 16, 16, 16 - reach + 3, y - 6, 1, DIM);
        line(c, 16 - reach + 3, y - 6, 16 - reach, y + 4, 1, DIM);
        line(c, 16, 16, 16 + reach - 3, y - 6, 1, DIM);
        line(c, 16 + reach - 3, y - 6, 16 + reach, y + 4, 1, DIM);
    }
    fill_circle(c, 16, 18 + r / 2, r, BODY);
    fill_circle(c, 16, 12, big ? 4 : 3, BODY);
    shade(c);
    eyes(c, 15, 11, 2);
    if (big) fill_rect(c, 15, 19, 3, 5, DEEP);
}

static void draw_cave_spider(Pixel *c) { draw_spider(c, false); }
static void draw_giant_spider(Pixel *c) { draw_spider(c, true); }

static void draw_dragon(Pixel *c)
{
    fill_triangle(c, 14, 14, 4, 2, 12, 22, DIM);
    fill_triangle(c, 18, 14, 30, 4, 22, 22, DIM);
    fill_oval(c, 34, 42, 8, 6, BODY);
    line(c, 16, 18, 10, 8, 3, BODY);
    fill_oval(c, 16, 14, 5, 3, BODY);
    line(c, 24, 24, 30, 30, 2, BODY);
    fill_rect(c, 11, 25, 3, 5, BODY);
    fill_rect(c, 19, 25, 3, 5, BODY);
    shade(c);
    eyes(c, 7, 6, 0);
    line(c, 9, 4, 11, 1, 1, BRIGHT);
}

/* ---- Kinds with no shape of their own -------------------------------------- */

static void draw_creature(Pixel *c, char glyph)
{
    bool big = glyph >= 'A' && glyph <= 'Z';
    int r = big ? 12 : 9;
    fill_oval(c, 32, 58 - 2 * r, r + 1, r, BODY);
    shade(c);
    mark(c, glyph, big ? 13 : 15, 29 - r - (big ? 4 : 2), big, DEEP);
    eyes(c, 13, 29 - 2 * r + 4, 6);
}

static void draw_unknown(Pixel *c)
{
    fill_rect(c, 6, 6, 20, 20, DIM);
    shade(c);
    mark(c, '?', 13, 11, true, INK);
}

/* ---- Choosing the picture ---------------------------------------------------- */

typedef void (*Drawer)(Pixel *c);

typedef struct Shape {
    const char *name;
    Drawer draw;
    bool outlined;   /* a tinted thing, with a dark outline */
} Shape;

static const Shape SHAPES[] = {
    {"wall", draw_wall, false}, {"floor", draw_floor, false},
    {"cave-floor", draw_cave_floor, false}, {"stairs", draw_stairs, false},
    {"door", draw_door, false}, {"open-door", draw_open_door, false},
    {"trap", draw_trap, true}, {"player", draw_person, true},
    {"giant-white-rat", draw_rat, true}, {"fruit-bat", draw_bat, true},
    {"jackal", draw_jackal, true}, {"kobold", draw_kobold, true},
    {"shrieker", draw_mushroom, true}, {"cave-spider", draw_cave_spider, true},
    {"goblin", draw_goblin, true}, {"cave-orc", draw_orc, true},
    {"wolf", draw_wolf, true}, {"zombified-kobold", draw_zombie, true},
    {"giant-spider", draw_giant_spider, true}, {"skeleton-orc", draw_skeleton, true},
    {"ogre", draw_ogre, true}, {"forest-troll", draw_troll, true},
    {"shadow-hound", draw_hound, true}, {"vampire", draw_vampire, true},
    {"young-red-dragon", draw_dragon, true},
    {"potion", draw_potion, true}, {"scroll", draw_scroll, true},
    {"dagger", draw_dagger, true}, {"sword", draw_sword, true},
    {"spear", draw_spear, true}, {"mace", draw_mace, true},
    {"leather-armor", draw_leather_armor, true}, {"metal-armor", draw_metal_armor, true},
    {"gold", draw_gold, true}, {"amulet", draw_amulet, true},
};

/* The shape an item of a class is drawn with when its tile is new */
/* (each class of data.h's list must have its line here) */
#define SHAPE_POTION draw_potion
#define SHAPE_SCROLL draw_scroll
#define SHAPE_WEAPON draw_sword
#define SHAPE_ARMOR draw_leather_armor
#define SHAPE_GOLD draw_gold
#define SHAPE_AMULET draw_amulet
#define SHAPE_MISSILE draw_dagger
#define TILES_CLASS_SHAPE(id, name, glyph) [IC_##id] = SHAPE_##id,
static const Drawer CLASS_SHAPES[IC_COUNT] = {ITEM_CLASSES(TILES_CLASS_SHAPE)};
#undef TILES_CLASS_SHAPE

static const Shape *shape_named(const char *name)
{
    for (size_t i = 0; i < sizeof SHAPES / sizeof SHAPES[0]; ++i) {
        if (strcmp(SHAPES[i].name, name) == 0) return &SHAPES[i];
    }
    return NULL;
}

/* A new name: a monster of data's by its glyph, an item by its class
 * with its name's initial on it, or a plain mark */
static void draw_new_name(const GameData *data, const char *name, Pixel *c)
{
    for (int i = 0; data != NULL && i < data->monster_count; ++i) {
        if (strcmp(data->monsters[i].tile, name) == 0) {
            draw_creature(c, data->monsters[i].glyph);
            return;
        }
    }
    for (int i = 0; data != NULL && i < data->item_count; ++i) {
        const ItemDef *item = &data->items[i];
        if (strcmp(item->tile, name) == 0 && (unsigned)item->item_class < IC_COUNT) {
            CLASS_SHAPES[item->item_class](c);
            fill_rect(c, 24, 24, 7, 7, DEEP);
            mark(c, name[0], 26, 25, false, BRIGHT);
            return;
        }
    }
    draw_unknown(c);
}

void tiles_draw_builtin(const GameData *data, const char *name, uint32_t *pixels)
{
    memset(pixels, 0, (size_t)N * N * sizeof *pixels);
    const Shape *shape = shape_named(name);
    if (shape != NULL) {
        shape->draw(pixels);
    } else {
        draw_new_name(data, name, pixels);
    }
    if (shape == NULL || shape->outlined) outline(pixels);
}
