/* The tile view's pictures: see tiles.h. Decisions the header leaves open:
 *
 * - tiles.txt and the atlases' sizes are read and checked by the play
 *   layer's tilecheck.c, which --check-data uses without the window; any
 *   mistake there makes tiles_load return NULL.
 * - The atlases are then read whole with gfx_read_png, and a picture that
 *   is all transparent is a mistake too ("tiles.txt:LINE: the rectangle is
 *   empty ..."), so nothing is ever drawn invisible: decoding every atlas
 *   costs tens of milliseconds, so it's done here, at the window's start
 *   and by --check-data --deep, not by every --check-data.
 * - Each needed picture is copied into a cell of one sheet, centred in a
 *   square TILE_PX across (or the picture's own size, if bigger), which
 *   becomes one gfx image. So a Tile's src is always square, and the
 *   atlases aren't kept. A set holds its one image for as long as the Gfx
 *   lives (gfx can't free an image), so a program makes a set or two, not
 *   one a frame. */
#include "tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SHEET_MAX_W = 1024 };

typedef struct Entry {
    char name[TILE_SIZE];
    Tile tile;
    bool tinted;
} Entry;

struct TileSet {
    Entry *entries;   /* sorted by name */
    int count;
    bool builtin;
};

/* A picture to put in a set: a rectangle of some pixels */
typedef struct Piece {
    const char *name;
    const uint32_t *pixels;
    int stride;               /* pixels in a row of pixels */
    Rect src;
    bool tint;
} Piece;

int tiles_needed(const GameData *data, const char **names, int max)
{
    return tilecheck_needed(data, names, max);
}

/* ---- Finding a picture -------------------------------------------------- */

static int by_name(const void *a, const void *b)
{
    return strcmp(((const Entry *)a)->name, ((const Entry *)b)->name);
}

static const Entry *find_entry(const TileSet *tiles, const char *name)
{
    if (tiles == NULL || name == NULL || strlen(name) >= TILE_SIZE) return NULL;
    Entry key;
    memset(&key, 0, sizeof key);
    strcpy(key.name, name);
    return bsearch(&key, tiles->entries, (size_t)tiles->count, sizeof *tiles->entries, by_name);
}

const Tile *tiles_find(const TileSet *tiles, const char *name)
{
    const Entry *entry = find_entry(tiles, name);
    return entry != NULL ? &entry->tile : NULL;
}

bool tiles_tinted(const TileSet *tiles, const char *name)
{
    const Entry *entry = find_entry(tiles, name);
    return entry != NULL && entry->tinted;
}

bool tiles_is_builtin(const TileSet *tiles)
{
    return tiles != NULL && tiles->builtin;
}

void tiles_free(TileSet *tiles)
{
    if (tiles == NULL) return;
    free(tiles->entries);
    free(tiles);
}

/* ---- Making a set: every piece in a square cell of one sheet ----------- */

static int piece_side(const Piece *p)
{
    int side = p->src.w > p->src.h ? p->src.w : p->src.h;
    return side > TILE_PX ? side : TILE_PX;
}

/* Lays the cells out in rows, left to right; returns the sheet's size */
static void lay_out(const Piece *pieces, int count, Rect *cells, int *width, int *height)
{
    int x = 0, y = 0, row_h = 0;
    *width = 0;
    for (int i = 0; i < count; ++i) {
        int side = piece_side(&pieces[i]);
        if (x > 0 && x + side > SHEET_MAX_W) {
            x = 0;
            y += row_h;
            row_h = 0;
        }
        cells[i] = (Rect){x, y, side, side};
        x += side;
        if (x > *width) *width = x;
        if (side > row_h) row_h = side;
    }
    *height = y + row_h;
}

/* Copies a piece into the middle of its cell */
static void copy_piece(uint32_t *sheet, int sheet_w, const Piece *p, Rect cell)
{
    int left = cell.x + (cell.w - p->src.w) / 2, top = cell.y + (cell.h - p->src.h) / 2;
    for (int y = 0; y < p->src.h; ++y) {
        const uint32_t *from = p->pixels + (size_t)(p->src.y + y) * (size_t)p->stride + (size_t)p->src.x;
        memcpy(sheet + (size_t)(top + y) * (size_t)sheet_w + (size_t)left, from,
               (size_t)p->src.w * sizeof *from);
    }
}

/* The sheet of every piece, as a gfx image; -1 if it can't be made */
static int make_sheet(Gfx *gfx, const Piece *pieces, int count, Rect *cells)
{
    int width, height;
    lay_out(pieces, count, cells, &width, &height);
    if (width == 0) return -1;
    uint32_t *sheet = calloc((size_t)width * (size_t)height, sizeof *sheet);
    if (sheet == NULL) return -1;
    for (int i = 0; i < count; ++i) copy_piece(sheet, width, &pieces[i], cells[i]);
    int image = gfx_make_image(gfx, width, height, sheet);
    free(sheet);
    return image;
}

static TileSet *new_set(const Piece *pieces, const Rect *cells, int count, int image, bool builtin)
{
    TileSet *set = calloc(1, sizeof *set);
    Entry *entries = calloc((size_t)(count > 0 ? count : 1), sizeof *entries);
    if (set == NULL || entries == NULL) {
        free(set);
        free(entries);
        return NULL;
    }
    for (int i = 0; i < count; ++i) {
        snprintf(entries[i].name, sizeof entries[i].name, "%s", pieces[i].name);
        entries[i].tile = (Tile){image, cells[i]};
        entries[i].tinted = pieces[i].tint;
    }
    qsort(entries, (size_t)count, sizeof *entries, by_name);
    *set = (TileSet){entries, count, builtin};
    return set;
}

static TileSet *make_set(Gfx *gfx, const Piece *pieces, int count, bool builtin)
{
    Rect *cells = malloc((size_t)(count > 0 ? count : 1) * sizeof *cells);
    if (cells == NULL) return NULL;
    int image = make_sheet(gfx, pieces, count, cells);
    TileSet *set = image >= 0 ? new_set(pieces, cells, count, image, builtin) : NULL;
    free(cells);
    return set;
}

/* ---- The built-in pictures ---------------------------------------------- */

/* Stamps a row of dots for a number along a picture's bottom edge */
static void stamp(uint32_t *pixels, int number)
{
    for (int bit = 0; bit < 10; ++bit) {
        uint32_t dot = (number >> bit) & 1 ? 0xf0f0f0ff : 0x202020ff;
        pixels[(TILE_PX - 1) * TILE_PX + 1 + bit * 3] = dot;
    }
}

static bool same_picture(const uint32_t *a, const uint32_t *b)
{
    return memcmp(a, b, TILE_PX * TILE_PX * sizeof *a) == 0;
}

/* Two kinds the program has no shapes for, of the same glyph, would look
 * the same: the later one is told apart by its number's dots */
static void make_distinct(uint32_t *canvas, int count)
{
    for (int i = 1; i < count; ++i) {
        uint32_t *picture = canvas + (size_t)i * TILE_PX * TILE_PX;
        for (int j = 0, tries = 0; j < i && tries < count; ++j) {
            if (!same_picture(picture, canvas + (size_t)j * TILE_PX * TILE_PX)) continue;
            stamp(picture, i + tries * count);
            ++tries;
            j = -1;
        }
    }
}

TileSet *tiles_builtin(Gfx *gfx, const GameData *data)
{
    int count;
    const char **names = tilecheck_needed_names(data, &count);
    uint32_t *canvas = calloc((size_t)(count > 0 ? count : 1) * TILE_PX * TILE_PX, sizeof *canvas);
    Piece *pieces = calloc((size_t)(count > 0 ? count : 1), sizeof *pieces);
    TileSet *set = NULL;
    if (names != NULL && canvas != NULL && pieces != NULL) {
        for (int i = 0; i < count; ++i) {
            uint32_t *pixels = canvas + (size_t)i * TILE_PX * TILE_PX;
            tiles_draw_builtin(data, names[i], pixels);
            pieces[i] = (Piece){names[i], pixels, TILE_PX, {0, 0, TILE_PX, TILE_PX}, true};
        }
        make_distinct(canvas, count);
        set = make_set(gfx, pieces, count, true);
    }
    free(names);
    free(canvas);
    free(pieces);
    return set;
}

/* ---- The atlases' pixels ---------------------------------------------------- */

/* Each atlas's pixels, decoded (NULL where it couldn't be), in the list's
 * order; a decode that fails or disagrees with the header is a mistake */
static uint32_t **decode_atlases(TileList *l)
{
    uint32_t **pixels = calloc((size_t)(l->atlas_count > 0 ? l->atlas_count : 1), sizeof *pixels);
    if (pixels == NULL) return NULL;
    for (int i = 0; i < l->atlas_count; ++i) {
        const TileAtlas *atlas = &l->atlases[i];
        char path[4096];
        int w = 0, h = 0;
        snprintf(path, sizeof path, "%s/%s", l->dir, atlas->name);
        if (gfx_read_png(path, &w, &h, &pixels[i]) && w == atlas->w && h == atlas->h) continue;
        free(pixels[i]);
        pixels[i] = NULL;
        tilecheck_report(l, 0, "the atlas %s in %s can't be decoded", atlas->name, l->dir);
    }
    return pixels;
}

/* True if every pixel of the rectangle is transparent */
static bool all_clear(const uint32_t *pixels, int stride, Rect r)
{
    for (int y = r.y; y < r.y + r.h; ++y) {
        for (int x = r.x; x < r.x + r.w; ++x) {
            if ((pixels[(size_t)y * (size_t)stride + (size_t)x] & 0xff) != 0) return false;
        }
    }
    return true;
}

/* The pieces of the atlases' pictures, each checked not to be blank */
static bool atlas_pieces(TileList *l, uint32_t **pixels, Piece *pieces)
{
    bool ok = true;
    for (int i = 0; i < l->count; ++i) {
        const TilePicture *p = &l->pictures[i];
        const TileAtlas *atlas = &l->atlases[p->atlas_index];
        const uint32_t *from = pixels[p->atlas_index];
        if (from == NULL) {
            ok = false;
        } else if (all_clear(from, atlas->w, p->rect)) {
            tilecheck_report(l, p->rect_line, "the rectangle is empty: every pixel of it in %s is clear",
                             atlas->name);
            ok = false;
        }
        pieces[i] = (Piece){p->name, from, atlas->w, p->rect, p->tint};
    }
    return ok;
}

static TileSet *make_atlas_set(Gfx *gfx, TileList *l)
{
    uint32_t **pixels = decode_atlases(l);
    Piece *pieces = calloc((size_t)(l->count > 0 ? l->count : 1), sizeof *pieces);
    TileSet *set = NULL;
    if (pixels == NULL || pieces == NULL) {
        tilecheck_report(l, 0, "out of memory");
    } else if (atlas_pieces(l, pixels, pieces)) {
        set = make_set(gfx, pieces, l->count, false);
    }
    for (int i = 0; pixels != NULL && i < l->atlas_count; ++i) free(pixels[i]);
    free(pixels);
    free(pieces);
    return set;
}

/* ---- Loading ------------------------------------------------------------------ */

TileSet *tiles_load(Gfx *gfx, const GameData *data, const char *tiles_txt,
                    const char *atlas_dir, Errors *errors, bool *builtin)
{
    bool ignored;
    if (builtin == NULL) builtin = &ignored;
    *builtin = false;
    int first = errors->count;
    TileList list;
    TileSet *set = NULL;
    if (tilecheck_read(&list, data, tiles_txt, atlas_dir, errors)) {
        *builtin = list.builtin;
        set = list.builtin ? tiles_builtin(gfx, data) : make_atlas_set(gfx, &list);
    }
    if (set == NULL && errors->count == first) tilecheck_report(&list, 0, "the pictures can't be made");
    tilecheck_free(&list);
    return set;
}
