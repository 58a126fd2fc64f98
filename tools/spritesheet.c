/* spritesheet: finds the pictures in a packed atlas, so data/tiles.txt can
 * name each one's rectangle. A developer's tool, not part of the game (so
 * it calls SDL directly, SDL3 and SDL3_image). Build it beside the game,
 * on the SDL3 the game's build found or built:
 *
 *   cmake --build build --target spritesheet     (build/spritesheet)
 *
 * Contact sheet of an atlas:
 *
 *   /tmp/spritesheet /usr/share/crawl/dat/tiles/player.png /tmp/player
 *
 * writes /tmp/player.txt, one line "number x y w h" for each picture found,
 * and /tmp/player.png, the atlas enlarged (3x) on a checkerboard with each
 * picture outlined and its number drawn at its top left. Options, before
 * the atlas:
 *   --scale N           enlarge N times (1 to 8; 3 unless told)
 *   --region X Y W H    draw only this part of the atlas (the numbers are
 *                       still those of the whole atlas), to keep a sheet of
 *                       a big atlas small enough to look at
 *   --grid N            the size of most pictures, which a region
 *                       bigger than it is cut to (32 unless told; 0
 *                       never cuts)
 *
 * To check a rectangle before putting it in tiles.txt:
 *
 *   /tmp/spritesheet --scale 8 --crop X Y W H ATLAS.png /tmp/check.png
 *
 * writes just that rectangle, enlarged, on a checkerboard; with
 * --tint R G B (before --crop) multiplied by that colour, as the game
 * tints a picture marked tint = yes (a potion by its colour, say).
 *
 * How pictures are found. DCSS packs its pictures in rows, each trimmed
 * to its own box and set at its row's top, left to right with no gaps; so
 * pictures often touch. Pixels that aren't transparent are joined to their
 * eight neighbours into regions; regions whose boxes overlap are one
 * picture (one with a hole, or parts that don't touch), and a speck of a
 * few pixels joins the nearest picture within 3 pixels. A region bigger
 * than the grid is cut: a nearly opaque one (walls and floors, squares
 * packed edge to edge) on the atlas's grid; any other first across, where
 * a line is empty or a row of the packer's starts (a line where, in three
 * or more of the grid's columns, something at least 8 pixels tall starts
 * below an empty line), then down, where a column is empty; and a piece
 * still longer than the grid at its sparsest line near the grid's length
 * (where touching pictures touch least). Last, a piece and the shadow a
 * few pixels under it are joined again. It's a guess, made to be looked
 * at: check a rectangle with --crop before using it. Numbers go row by
 * row, top to bottom, then left to right. */
#include <SDL3/SDL.h>
#include <SDL3_image/SDL_image.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SPECK_PIXELS = 12, SPECK_REACH = 3, MIN_RUN = 8, MAX_SCALE = 8 };

typedef struct Box { int x, y, w, h, pixels; } Box;

typedef struct Boxes { Box *items; int count, capacity; } Boxes;

typedef struct Options {
    int scale;
    int grid;
    bool has_region, crop;
    int tint[3];
    SDL_Rect region;
    const char *atlas, *out;
} Options;

/* ---- Pixels ---- */

static SDL_Surface *load_rgba(const char *path)
{
    SDL_Surface *loaded = IMG_Load(path);
    if (loaded == NULL) {
        fprintf(stderr, "spritesheet: can't read %s: %s\n", path, SDL_GetError());
        return NULL;
    }
    SDL_Surface *rgba = SDL_ConvertSurface(loaded, SDL_PIXELFORMAT_RGBA32);
    SDL_DestroySurface(loaded);
    if (rgba == NULL) fprintf(stderr, "spritesheet: %s\n", SDL_GetError());
    return rgba;
}

static Uint8 *pixel_at(SDL_Surface *s, int x, int y)
{
    return (Uint8 *)s->pixels + y * s->pitch + x * 4;
}

static bool solid(SDL_Surface *s, int x, int y)
{
    return pixel_at(s, x, y)[3] > 0;
}

static void put(SDL_Surface *s, int x, int y, Uint8 r, Uint8 g, Uint8 b)
{
    if (x < 0 || y < 0 || x >= s->w || y >= s->h) return;
    Uint8 *p = pixel_at(s, x, y);
    p[0] = r;
    p[1] = g;
    p[2] = b;
    p[3] = 255;
}

/* ---- Boxes ---- */

static void add_box(Boxes *boxes, Box box)
{
    if (boxes->count == boxes->capacity) {
        boxes->capacity = boxes->capacity ? boxes->capacity * 2 : 256;
        boxes->items = realloc(boxes->items, (size_t)boxes->capacity * sizeof *boxes->items);
        if (boxes->items == NULL) {
            fprintf(stderr, "spritesheet: out of memory\n");
            exit(1);
        }
    }
    boxes->items[boxes->count++] = box;
}

static Box box_union(Box a, Box b)
{
    int x0 = a.x < b.x ? a.x : b.x, y0 = a.y < b.y ? a.y : b.y;
    int x1 = a.x + a.w > b.x + b.w ? a.x + a.w : b.x + b.w;
    int y1 = a.y + a.h > b.y + b.h ? a.y + a.h : b.y + b.h;
    return (Box){x0, y0, x1 - x0, y1 - y0, a.pixels + b.pixels};
}

/* How many pixels of empty space lie between two boxes (0 if they touch
 * or overlap) */
static int box_gap(Box a, Box b)
{
    int gx = a.x > b.x + b.w ? a.x - (b.x + b.w) : b.x > a.x + a.w ? b.x - (a.x + a.w) : 0;
    int gy = a.y > b.y + b.h ? a.y - (b.y + b.h) : b.y > a.y + a.h ? b.y - (a.y + a.h) : 0;
    return gx > gy ? gx : gy;
}

static bool boxes_overlap(Box a, Box b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

static void remove_box(Boxes *boxes, int i)
{
    boxes->items[i] = boxes->items[--boxes->count];
}

/* ---- Finding regions ---- */

/* Floods the region holding (x, y), marking it seen; returns its box */
static Box flood(SDL_Surface *s, unsigned char *seen, int x, int y, int *stack)
{
    Box box = {x, y, 1, 1, 0};
    int top = 0, x1 = x, y1 = y;
    stack[top++] = y * s->w + x;
    seen[y * s->w + x] = 1;
    while (top > 0) {
        int at = stack[--top], px = at % s->w, py = at / s->w;
        ++box.pixels;
        if (px < box.x) box.x = px;
        if (py < box.y) box.y = py;
        if (px > x1) x1 = px;
        if (py > y1) y1 = py;
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                int nx = px + dx, ny = py + dy;
                if (nx < 0 || ny < 0 || nx >= s->w || ny >= s->h) continue;
                if (seen[ny * s->w + nx] || !solid(s, nx, ny)) continue;
                seen[ny * s->w + nx] = 1;
                stack[top++] = ny * s->w + nx;
            }
        }
    }
    box.w = x1 - box.x + 1;
    box.h = y1 - box.y + 1;
    return box;
}

static void find_regions(SDL_Surface *s, Boxes *boxes)
{
    size_t n = (size_t)s->w * (size_t)s->h;
    unsigned char *seen = calloc(n, 1);
    int *stack = malloc(n * sizeof *stack);
    if (seen == NULL || stack == NULL) {
        fprintf(stderr, "spritesheet: out of memory\n");
        exit(1);
    }
    for (int y = 0; y < s->h; ++y) {
        for (int x = 0; x < s->w; ++x) {
            if (!seen[y * s->w + x] && solid(s, x, y)) add_box(boxes, flood(s, seen, x, y, stack));
        }
    }
    free(seen);
    free(stack);
}

/* Joins boxes that overlap; true if it joined any */
static bool join_overlapping(Boxes *boxes)
{
    bool joined = false;
    for (int i = 0; i < boxes->count; ++i) {
        for (int j = i + 1; j < boxes->count; ++j) {
            if (!boxes_overlap(boxes->items[i], boxes->items[j])) continue;
            boxes->items[i] = box_union(boxes->items[i], boxes->items[j]);
            remove_box(boxes, j);
            joined = true;
            j = i;
        }
    }
    return joined;
}

/* Joins each speck to the nearest box within reach */
static void join_specks(Boxes *boxes)
{
    for (int i = 0; i < boxes->count; ++i) {
        if (boxes->items[i].pixels >= SPECK_PIXELS) continue;
        int best = -1, best_gap = SPECK_REACH + 1;
        for (int j = 0; j < boxes->count; ++j) {
            int gap = j == i ? best_gap : box_gap(boxes->items[i], boxes->items[j]);
            if (gap < best_gap) {
                best = j;
                best_gap = gap;
            }
        }
        if (best < 0) continue;
        boxes->items[best] = box_union(boxes->items[best], boxes->items[i]);
        remove_box(boxes, i);
        i = -1;   /* the list changed: start again */
    }
}

/* The box of the solid pixels of s inside cell, if it has any */
static bool shrink_to_pixels(SDL_Surface *s, Box cell, Box *out)
{
    int x0 = cell.x + cell.w, y0 = cell.y + cell.h, x1 = -1, y1 = -1, count = 0;
    for (int y = cell.y; y < cell.y + cell.h; ++y) {
        for (int x = cell.x; x < cell.x + cell.w; ++x) {
            if (!solid(s, x, y)) continue;
            ++count;
            if (x < x0) x0 = x;
            if (y < y0) y0 = y;
            if (x > x1) x1 = x;
            if (y > y1) y1 = y;
        }
    }
    if (count == 0) return false;
    *out = (Box){x0, y0, x1 - x0 + 1, y1 - y0 + 1, count};
    return true;
}

/* What cutting a region needs to know of the atlas */
typedef struct Cutter {
    SDL_Surface *s;
    int grid;
    bool *row_top;   /* for each y: a row of pictures starts there */
} Cutter;

/* The solid pixels on one line of box b: row at (rows) or column at */
static int line_count(SDL_Surface *s, Box b, bool rows, int at)
{
    int n = 0;
    int len = rows ? b.w : b.h;
    for (int i = 0; i < len; ++i) {
        n += rows ? solid(s, b.x + i, at) : solid(s, at, b.y + i);
    }
    return n;
}

/* How many lines from y down (in columns x0 to x1) have a solid pixel,
 * up to limit */
static int run_length(SDL_Surface *s, int y, int x0, int x1, int limit)
{
    Box b = {x0, 0, x1 - x0, 0, 0};
    int n = 0;
    while (n < limit && y + n < s->h && line_count(s, b, true, y + n) > 0) ++n;
    return n;
}

/* The packer lays pictures in rows, each at its row's top; so a row
 * starts where, in at least three of the grid's columns, a picture at
 * least MIN_RUN lines tall (not a shadow) starts below an empty line */
static bool *find_row_tops(SDL_Surface *s, int grid)
{
    int *votes = calloc((size_t)s->h, sizeof *votes);
    bool *tops = calloc((size_t)s->h, sizeof *tops);
    if (votes == NULL || tops == NULL) {
        fprintf(stderr, "spritesheet: out of memory\n");
        exit(1);
    }
    for (int x0 = 0; x0 < s->w; x0 += grid) {
        int x1 = x0 + grid < s->w ? x0 + grid : s->w;
        bool above_empty = true;
        for (int y = 0; y < s->h; ++y) {
            bool empty = run_length(s, y, x0, x1, 1) == 0;
            if (above_empty && !empty && run_length(s, y, x0, x1, MIN_RUN) == MIN_RUN) ++votes[y];
            above_empty = empty;
        }
    }
    for (int y = 0; y < s->h; ++y) tops[y] = votes[y] >= 3;
    free(votes);
    return tops;
}

/* The part of b from line from to line to (rows: y's, else x's) */
static Box slice(Box b, bool rows, int from, int to)
{
    return rows ? (Box){b.x, from, b.w, to - from, 0} : (Box){from, b.y, to - from, b.h, 0};
}

/* Where to cut a piece that runs on past the grid from start: the
 * sparsest line between half the grid and the grid, each pixel on it
 * counting as two lines of distance from the grid (so squares packed edge
 * to edge are cut on the grid, and touching pictures where they touch) */
static int sparsest(const Cutter *c, Box b, bool rows, int start, int end)
{
    int best = start + c->grid, best_score = -1;
    for (int at = start + c->grid; at >= start + c->grid / 2; --at) {
        if (at >= end) continue;
        int score = 2 * line_count(c->s, b, rows, at) + (start + c->grid - at);
        if (best_score < 0 || score < best_score) {
            best = at;
            best_score = score;
        }
    }
    return best;
}

/* Cuts b into bands (rows) or strips: at empty lines, at row tops (bands
 * only), and a piece that grows longer than the grid (pictures touching)
 * at its sparsest line; each piece is shrunk to its pixels */
static void split(const Cutter *c, Box b, bool rows, Boxes *out)
{
    int at = rows ? b.y : b.x, end = at + (rows ? b.h : b.w);
    while (at < end) {
        while (at < end && line_count(c->s, b, rows, at) == 0) ++at;
        if (at == end) break;
        int first = at++;
        while (at < end && at - first <= c->grid && line_count(c->s, b, rows, at) > 0 &&
               !(rows && c->row_top[at])) {
            ++at;
        }
        if (at - first > c->grid) at = sparsest(c, b, rows, first, end);
        Box piece;
        if (shrink_to_pixels(c->s, slice(b, rows, first, at), &piece)) add_box(out, piece);
    }
}

/* Cuts a region bigger than the grid: a nearly opaque one (walls and
 * floors, squares packed edge to edge) into the atlas's grid; any other
 * into bands across, and each band into strips */
static void cut_region(const Cutter *c, Box big, Boxes *out)
{
    if (big.pixels * 10 >= big.w * big.h * 9) {
        for (int y = big.y / c->grid * c->grid; y < big.y + big.h; y += c->grid) {
            for (int x = big.x / c->grid * c->grid; x < big.x + big.w; x += c->grid) {
                Box piece;
                if (shrink_to_pixels(c->s, (Box){x, y, c->grid, c->grid, 0}, &piece)) {
                    add_box(out, piece);
                }
            }
        }
        return;
    }
    Boxes bands = {0};
    split(c, big, true, &bands);
    for (int i = 0; i < bands.count; ++i) split(c, bands.items[i], false, out);
    free(bands.items);
}

/* Joins a box to one a few pixels below it (a picture and its shadow)
 * when together they fit in the grid and the lower one doesn't start a
 * row; true if it joined any */
static bool join_shadows(Boxes *boxes, const Cutter *c)
{
    for (int i = 0; i < boxes->count; ++i) {
        for (int j = 0; j < boxes->count; ++j) {
            Box a = boxes->items[i], b = boxes->items[j], u = box_union(a, b);
            bool below = b.y >= a.y + a.h && b.y - (a.y + a.h) <= SPECK_REACH;
            bool across = b.x < a.x + a.w && a.x < b.x + b.w;
            if (j == i || !below || !across || u.w > c->grid || u.h > c->grid) continue;
            if (c->row_top[b.y]) continue;
            boxes->items[i] = u;
            remove_box(boxes, j);
            return true;
        }
    }
    return false;
}

static void cut_big(SDL_Surface *s, Boxes *boxes, int grid)
{
    if (grid <= 0) return;
    Cutter c = {s, grid, find_row_tops(s, grid)};
    Boxes out = {0};
    for (int i = 0; i < boxes->count; ++i) {
        Box b = boxes->items[i];
        if (b.w > grid || b.h > grid) {
            cut_region(&c, b, &out);
        } else {
            add_box(&out, b);
        }
    }
    while (join_shadows(&out, &c)) {
    }
    free(c.row_top);
    free(boxes->items);
    *boxes = out;
}

static int by_row(const void *a, const void *b)
{
    const Box *p = a, *q = b;
    if (p->y != q->y) return p->y - q->y;
    return p->x - q->x;
}

static void find_pictures(SDL_Surface *s, int grid, Boxes *boxes)
{
    find_regions(s, boxes);
    while (join_overlapping(boxes)) {
    }
    join_specks(boxes);
    while (join_overlapping(boxes)) {
    }
    cut_big(s, boxes, grid);
    qsort(boxes->items, (size_t)boxes->count, sizeof *boxes->items, by_row);
}

/* ---- Drawing the sheet ---- */

/* 3 x 5 digits, a row of three bits each, top first */
static const unsigned short DIGITS[10][5] = {
    {7, 5, 5, 5, 7}, {2, 6, 2, 2, 7}, {7, 1, 7, 4, 7}, {7, 1, 3, 1, 7}, {5, 5, 7, 1, 1},
    {7, 4, 7, 1, 7}, {7, 4, 7, 5, 7}, {7, 1, 1, 2, 2}, {7, 5, 7, 5, 7}, {7, 5, 7, 1, 7},
};

static void fill_block(SDL_Surface *s, int x, int y, int size, const Uint8 rgb[3])
{
    for (int dy = 0; dy < size; ++dy) {
        for (int dx = 0; dx < size; ++dx) put(s, x + dx, y + dy, rgb[0], rgb[1], rgb[2]);
    }
}

/* A number in the little font on a black plate, px screen pixels a dot */
static void draw_number(SDL_Surface *s, int number, int x, int y, int px)
{
    char text[16];
    int len = snprintf(text, sizeof text, "%d", number);
    static const Uint8 black[3] = {0, 0, 0}, white[3] = {255, 255, 255};
    for (int dy = 0; dy < 7; ++dy) {
        for (int dx = 0; dx < len * 4 + 1; ++dx) fill_block(s, x + dx * px, y + dy * px, px, black);
    }
    for (int i = 0; i < len; ++i) {
        const unsigned short *rows = DIGITS[text[i] - '0'];
        for (int row = 0; row < 5; ++row) {
            for (int col = 0; col < 3; ++col) {
                if (!(rows[row] & (4 >> col))) continue;
                fill_block(s, x + (1 + i * 4 + col) * px, y + (1 + row) * px, px, white);
            }
        }
    }
}

/* Copies the part of the atlas in region, scaled and multiplied by tint
 * (as the game tints a picture), onto a checkerboard */
static void draw_atlas(SDL_Surface *sheet, SDL_Surface *atlas, SDL_Rect region, int scale,
                       const int tint[3])
{
    for (int y = 0; y < sheet->h; ++y) {
        for (int x = 0; x < sheet->w; ++x) {
            int check = ((x / 8) + (y / 8)) % 2 ? 96 : 128;
            Uint8 *p = pixel_at(atlas, region.x + x / scale, region.y + y / scale);
            Uint8 rgb[3];
            for (int i = 0; i < 3; ++i) {
                int colour = p[i] * tint[i] / 255;
                rgb[i] = (Uint8)((colour * p[3] + check * (255 - p[3])) / 255);
            }
            put(sheet, x, y, rgb[0], rgb[1], rgb[2]);
        }
    }
}

static void draw_outline(SDL_Surface *sheet, Box b, SDL_Rect region, int scale, int colour)
{
    static const Uint8 colours[3][3] = {{255, 40, 40}, {255, 230, 0}, {0, 230, 255}};
    const Uint8 *c = colours[colour % 3];
    int x0 = (b.x - region.x) * scale, y0 = (b.y - region.y) * scale;
    int x1 = x0 + b.w * scale - 1, y1 = y0 + b.h * scale - 1;
    for (int x = x0; x <= x1; ++x) {
        put(sheet, x, y0, c[0], c[1], c[2]);
        put(sheet, x, y1, c[0], c[1], c[2]);
    }
    for (int y = y0; y <= y1; ++y) {
        put(sheet, x0, y, c[0], c[1], c[2]);
        put(sheet, x1, y, c[0], c[1], c[2]);
    }
}

static SDL_Surface *new_sheet(int w, int h)
{
    SDL_Surface *sheet = SDL_CreateSurface(w, h, SDL_PIXELFORMAT_RGBA32);
    if (sheet == NULL) fprintf(stderr, "spritesheet: %s\n", SDL_GetError());
    return sheet;
}

static bool save_png(SDL_Surface *sheet, const char *path)
{
    if (IMG_SavePNG(sheet, path)) return true;
    fprintf(stderr, "spritesheet: can't write %s: %s\n", path, SDL_GetError());
    return false;
}

static bool write_sheet(SDL_Surface *atlas, const Boxes *boxes, const Options *o,
                        const char *path)
{
    SDL_Rect r = o->region;
    SDL_Surface *sheet = new_sheet(r.w * o->scale, r.h * o->scale);
    if (sheet == NULL) return false;
    draw_atlas(sheet, atlas, r, o->scale, (const int[3]){255, 255, 255});
    for (int i = 0; i < boxes->count; ++i) {
        Box b = boxes->items[i];
        SDL_Rect br = {b.x, b.y, b.w, b.h};
        if (!SDL_HasRectIntersection(&br, &r)) continue;
        draw_outline(sheet, b, r, o->scale, i);
    }
    int px = o->scale > 2 ? 2 : 1;
    for (int i = 0; i < boxes->count; ++i) {
        Box b = boxes->items[i];
        SDL_Point corner = {b.x, b.y};
        if (SDL_PointInRect(&corner, &r)) {
            draw_number(sheet, i, (b.x - r.x) * o->scale + 1, (b.y - r.y) * o->scale + 1, px);
        }
    }
    bool ok = save_png(sheet, path);
    SDL_DestroySurface(sheet);
    return ok;
}

static bool write_listing(const Boxes *boxes, const char *path)
{
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        perror(path);
        return false;
    }
    fprintf(f, "# number x y w h\n");
    for (int i = 0; i < boxes->count; ++i) {
        Box b = boxes->items[i];
        fprintf(f, "%d %d %d %d %d\n", i, b.x, b.y, b.w, b.h);
    }
    return fclose(f) == 0;
}

/* ---- The two jobs ---- */

static bool contact_sheet(SDL_Surface *atlas, Options *o)
{
    if (!o->has_region) o->region = (SDL_Rect){0, 0, atlas->w, atlas->h};
    Boxes boxes = {0};
    find_pictures(atlas, o->grid, &boxes);
    size_t len = strlen(o->out) + 5;
    char *png = malloc(len), *txt = malloc(len);
    bool ok = png != NULL && txt != NULL;
    if (ok) {
        snprintf(png, len, "%s.png", o->out);
        snprintf(txt, len, "%s.txt", o->out);
        ok = write_listing(&boxes, txt) && write_sheet(atlas, &boxes, o, png);
        if (ok) printf("%d pictures: %s and %s\n", boxes.count, txt, png);
    }
    free(png);
    free(txt);
    free(boxes.items);
    return ok;
}

static bool crop(SDL_Surface *atlas, const Options *o)
{
    SDL_Surface *sheet = new_sheet(o->region.w * o->scale, o->region.h * o->scale);
    if (sheet == NULL) return false;
    draw_atlas(sheet, atlas, o->region, o->scale, o->tint);
    bool ok = save_png(sheet, o->out);
    SDL_DestroySurface(sheet);
    return ok;
}

static bool region_fits(SDL_Rect r, const SDL_Surface *atlas)
{
    return r.x >= 0 && r.y >= 0 && r.w > 0 && r.h > 0 && r.x + r.w <= atlas->w &&
           r.y + r.h <= atlas->h;
}

/* ---- The command line ---- */

static void usage(void)
{
    fprintf(stderr,
            "usage: spritesheet [--scale N] [--grid N] [--region X Y W H] ATLAS.png OUT\n"
            "         writes OUT.txt (number x y w h) and OUT.png (the contact sheet)\n"
            "       spritesheet [--scale N] [--tint R G B] --crop X Y W H ATLAS.png OUT.png\n");
    exit(2);
}

static int number_arg(const char *text)
{
    char *end;
    long value = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || value < 0 || value > 100000) usage();
    return (int)value;
}

static void read_rect(char **argv, int *i, int argc, SDL_Rect *r)
{
    if (*i + 4 >= argc) usage();
    r->x = number_arg(argv[++*i]);
    r->y = number_arg(argv[++*i]);
    r->w = number_arg(argv[++*i]);
    r->h = number_arg(argv[++*i]);
}

static Options parse_args(int argc, char **argv)
{
    Options o = {.scale = 3, .grid = 32, .tint = {255, 255, 255}};
    int i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; ++i) {
        if (strcmp(argv[i], "--scale") == 0 && i + 1 < argc) {
            o.scale = number_arg(argv[++i]);
        } else if (strcmp(argv[i], "--tint") == 0 && i + 3 < argc) {
            for (int c = 0; c < 3; ++c) {
                o.tint[c] = number_arg(argv[++i]);
                if (o.tint[c] > 255) usage();
            }
        } else if (strcmp(argv[i], "--grid") == 0 && i + 1 < argc) {
            o.grid = number_arg(argv[++i]);
        } else if (strcmp(argv[i], "--region") == 0 || strcmp(argv[i], "--crop") == 0) {
            o.crop = o.crop || strcmp(argv[i], "--crop") == 0;
            o.has_region = true;
            read_rect(argv, &i, argc, &o.region);
        } else {
            usage();
        }
    }
    if (argc - i != 2 || o.scale < 1 || o.scale > MAX_SCALE) usage();
    o.atlas = argv[i];
    o.out = argv[i + 1];
    return o;
}

int main(int argc, char **argv)
{
    Options o = parse_args(argc, argv);
    if (!SDL_Init(0)) {
        fprintf(stderr, "spritesheet: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Surface *atlas = load_rgba(o.atlas);
    bool ok = atlas != NULL;
    if (ok && o.has_region && !region_fits(o.region, atlas)) {
        fprintf(stderr, "spritesheet: that rectangle runs off %s (%d x %d)\n", o.atlas,
                atlas->w, atlas->h);
        ok = false;
    }
    if (ok) ok = o.crop ? crop(atlas, &o) : contact_sheet(atlas, &o);
    SDL_DestroySurface(atlas);
    SDL_Quit();
    return ok ? 0 : 1;
}
