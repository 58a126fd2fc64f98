/* The tile view's pictures: see tiles.h. Decisions the header leaves open:
 *
 * - tiles_needed returns how many names there are and writes the first
 *   max of them (names may be NULL when max is 0): the game's own (wall,
 *   floor, cave-floor, stairs, door, open-door, trap, player), then each
 *   monster's tile and each item's, every name once, in that order. The
 *   names point into data, or are the program's own.
 * - tiles.txt is read with the record reader: [tile] records of name,
 *   atlas, rect and tint. Every mistake is reported, as
 *   "tiles.txt:LINE: what's wrong" (or "tiles.txt: ..." for one that has
 *   no line, a needed name with no picture), and any mistake at all makes
 *   tiles_load return NULL. A picture that is all transparent is a
 *   mistake too, so nothing is ever drawn invisible.
 * - The mistakes of the text (keys, names) are looked for whatever the
 *   atlases. Those that need an atlas (is it there, does the rectangle fit
 *   in it) only when the folder holds at least one of the atlases named:
 *   a missing folder, or one with none of them, means the built-in
 *   pictures. A missing atlas is reported once, at the first line naming
 *   it.
 * - The atlases are read whole with gfx_read_png, and each needed picture
 *   is copied into a cell of one sheet, centred in a square TILE_PX across
 *   (or the picture's own size, if bigger), which becomes one gfx image.
 *   So a Tile's src is always square, and the atlases aren't kept. A set
 *   holds its one image for as long as the Gfx lives (gfx can't free an
 *   image), so a program makes a set or two, not one a frame. */
#include "tiles.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file.h"
#include "records.h"

enum {
    TEXT_LIMIT = 1 << 20,   /* tiles.txt is a few kB; a MB is something else */
    ATLAS_NAME_SIZE = 64,
    SHEET_MAX_W = 1024,
    PATH_SIZE = 4096,
    MESSAGE_SIZE = 512,
};

static const char *const OWN_NAMES[] = {
    "wall", "floor", "cave-floor", "stairs", "door", "open-door", "trap", "player",
};
enum { OWN_COUNT = sizeof OWN_NAMES / sizeof OWN_NAMES[0] };

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

/* A [tile] record, as read */
typedef struct Picture {
    char name[TILE_SIZE];
    char atlas[ATLAS_NAME_SIZE];
    Rect rect;
    bool tint;
    int name_line, atlas_line, rect_line;
    int atlas_index;          /* into the loader's atlases */
} Picture;

typedef struct Atlas {
    char name[ATLAS_NAME_SIZE];
    uint32_t *pixels;         /* NULL if it couldn't be read */
    int w, h;
} Atlas;

typedef struct Loader {
    const GameData *data;
    const char *file;         /* tiles.txt, as the messages name it */
    const char *dir;
    Errors *errors;
    const char **needed;
    int needed_count;
    Picture *pictures;
    int count;
    Atlas *atlases;
    int atlas_count;
    bool out_of_memory;
} Loader;

/* ---- The names the game draws ---------------------------------------- */

/* The i-th name the game asks for, repeats and all */
static const char *candidate(const GameData *data, int i)
{
    if (i < OWN_COUNT) return OWN_NAMES[i];
    i -= OWN_COUNT;
    if (i < data->monster_count) return data->monsters[i].tile;
    return data->items[i - data->monster_count].tile;
}

/* True if candidate i is a name no candidate before it is */
static bool first_of_its_name(const GameData *data, int i)
{
    const char *name = candidate(data, i);
    if (name[0] == '\0') return false;
    for (int j = 0; j < i; ++j) {
        if (strcmp(candidate(data, j), name) == 0) return false;
    }
    return true;
}

int tiles_needed(const GameData *data, const char **names, int max)
{
    int total = OWN_COUNT + data->monster_count + data->item_count, count = 0;
    for (int i = 0; i < total; ++i) {
        if (!first_of_its_name(data, i)) continue;
        if (count < max) names[count] = candidate(data, i);
        ++count;
    }
    return count;
}

/* All the needed names, in a new array (NULL if out of memory) */
static const char **needed_names(const GameData *data, int *count)
{
    *count = tiles_needed(data, NULL, 0);
    const char **names = malloc((size_t)(*count > 0 ? *count : 1) * sizeof *names);
    if (names != NULL) tiles_needed(data, names, *count);
    return names;
}

static bool is_needed(const Loader *l, const char *name)
{
    for (int i = 0; i < l->needed_count; ++i) {
        if (strcmp(l->needed[i], name) == 0) return true;
    }
    return false;
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
    const char **names = needed_names(data, &count);
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

/* ---- Messages ------------------------------------------------------------ */

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void report(Loader *l, int line, const char *format, ...)
{
    char text[MESSAGE_SIZE];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    if (line > 0) {
        errors_add(l->errors, "%s:%d: %s", l->file, line, text);
    } else {
        errors_add(l->errors, "%s: %s", l->file, text);
    }
}

/* The file's name without its folder, as the messages call it */
static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

/* ---- Reading tiles.txt ---------------------------------------------------- */

/* The whole file, NUL-terminated, for the caller to free; NULL with why */
static char *read_text(const char *path, size_t *len, const char **why)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        *why = errno == ENOENT ? "it isn't there" : strerror(errno);
        return NULL;
    }
    char *text = malloc(TEXT_LIMIT + 1);
    size_t got = text != NULL ? fread(text, 1, TEXT_LIMIT + 1, file) : 0;
    bool broken = text == NULL || ferror(file) || got > TEXT_LIMIT;
    fclose(file);
    if (broken) {
        *why = text == NULL ? "out of memory" : got > TEXT_LIMIT ? "it's far too big" : "the disk reported an error";
        free(text);
        return NULL;
    }
    text[got] = '\0';
    *len = got;
    return text;
}

static void read_rect(Fields *f, Picture *p)
{
    int v[4];
    p->rect_line = fld_line(f, "rect");
    if (!fld_numbers(f, "rect", 4, 0, v)) return;
    if (v[2] < 1 || v[3] < 1) {
        fld_report(f, p->rect_line, "'rect' needs a width and a height of at least 1");
    } else if (v[2] > TILES_MAX_SIDE || v[3] > TILES_MAX_SIDE) {
        fld_report(f, p->rect_line, "'rect' is bigger than a picture may be (%d x %d)",
                   TILES_MAX_SIDE, TILES_MAX_SIDE);
    }
    p->rect = (Rect){v[0], v[1], v[2], v[3]};
}

static void read_atlas_name(Fields *f, Picture *p)
{
    p->atlas_line = fld_line(f, "atlas");
    fld_text_into(f, "atlas", p->atlas, sizeof p->atlas);
    if (strchr(p->atlas, '/') != NULL) {
        fld_report(f, p->atlas_line, "'atlas' should be the name of a file in the tiles folder, "
                                     "such as player.png");
    }
}

/* The picture kept before with this name, or NULL */
static const Picture *picture_named(const Loader *l, const char *name)
{
    for (int i = 0; i < l->count; ++i) {
        if (strcmp(l->pictures[i].name, name) == 0) return &l->pictures[i];
    }
    return NULL;
}

/* Checks a picture's name against the others and the game's */
static bool check_name(Loader *l, Fields *f, const Picture *p)
{
    char quoted[REC_QUOTE_SIZE];
    const Picture *before = picture_named(l, p->name);
    if (before != NULL) {
        fld_report(f, p->name_line, "'%s' is given twice (first on line %d)",
                   rec_quote(p->name, quoted), before->name_line);
        return false;
    }
    if (!is_needed(l, p->name)) {
        fld_report(f, p->name_line, "nothing is drawn with the tile '%s'", rec_quote(p->name, quoted));
        return false;
    }
    return true;
}

static void keep_picture(Loader *l, const Picture *p)
{
    Picture *grown = realloc(l->pictures, (size_t)(l->count + 1) * sizeof *grown);
    if (grown == NULL) {
        l->out_of_memory = true;
        return;
    }
    l->pictures = grown;
    l->pictures[l->count++] = *p;
}

static void read_record(Loader *l, const Record *record)
{
    Fields f;
    fld_init(&f, record, l->file, l->errors);
    char quoted[REC_QUOTE_SIZE];
    if (strcmp(record->type, "tile") != 0) {
        fld_report(&f, record->line, "unknown record [%s]", rec_quote(record->type, quoted));
        return;
    }
    Picture p;
    memset(&p, 0, sizeof p);
    p.name_line = fld_line(&f, "name");
    fld_text_into(&f, "name", p.name, sizeof p.name);
    read_atlas_name(&f, &p);
    read_rect(&f, &p);
    p.tint = fld_yes_no(&f, "tint");
    fld_finish(&f);
    /* kept with any other mistake, so its name isn't also said to have no
     * picture; the atlases are only looked at when there are none */
    if (p.name[0] != '\0' && check_name(l, &f, &p)) keep_picture(l, &p);
}

static void report_missing_names(Loader *l)
{
    for (int i = 0; i < l->needed_count; ++i) {
        char quoted[REC_QUOTE_SIZE];
        if (picture_named(l, l->needed[i]) == NULL) {
            report(l, 0, "there's no picture for '%s'", rec_quote(l->needed[i], quoted));
        }
    }
}

/* Reads the records of the text, reporting every mistake */
static void read_pictures(Loader *l, const char *text, size_t len)
{
    int first = l->errors->count;
    RecFile records;
    rec_parse(&records, text, len, l->file, l->errors);
    /* a file of garbage gives a list that can be read, as records.h says */
    for (int i = 0; i < records.count && !l->out_of_memory; ++i) {
        if (l->errors->count - first >= REC_MAX_MISTAKES) break;
        read_record(l, &records.records[i]);
    }
    rec_free(&records);
    report_missing_names(l);
}

/* ---- The atlases ------------------------------------------------------------ */

static int atlas_named(const Loader *l, const char *name)
{
    for (int i = 0; i < l->atlas_count; ++i) {
        if (strcmp(l->atlases[i].name, name) == 0) return i;
    }
    return -1;
}

/* Reads an atlas from the folder: false if it isn't there or isn't a
 * picture that can be read */
static bool read_atlas(const Loader *l, Atlas *atlas)
{
    char path[PATH_SIZE];
    if (snprintf(path, sizeof path, "%s/%s", l->dir, atlas->name) >= (int)sizeof path) return false;
    if (!file_exists(path)) return false;
    if (!gfx_read_png(path, &atlas->w, &atlas->h, &atlas->pixels)) atlas->pixels = NULL;
    return atlas->pixels != NULL;
}

/* Reads every atlas the pictures name, once each; returns how many
 * could be read */
static int read_atlases(Loader *l)
{
    int read = 0;
    l->atlases = calloc((size_t)(l->count > 0 ? l->count : 1), sizeof *l->atlases);
    if (l->atlases == NULL) {
        l->out_of_memory = true;
        return 0;
    }
    for (int i = 0; i < l->count; ++i) {
        Picture *p = &l->pictures[i];
        p->atlas_index = atlas_named(l, p->atlas);
        if (p->atlas_index >= 0) continue;
        p->atlas_index = l->atlas_count++;
        Atlas *atlas = &l->atlases[p->atlas_index];
        snprintf(atlas->name, sizeof atlas->name, "%s", p->atlas);
        read += read_atlas(l, atlas);
    }
    return read;
}

/* True if every pixel of the rectangle is transparent */
static bool all_clear(const Atlas *atlas, Rect r)
{
    for (int y = r.y; y < r.y + r.h; ++y) {
        for (int x = r.x; x < r.x + r.w; ++x) {
            if ((atlas->pixels[(size_t)y * (size_t)atlas->w + (size_t)x] & 0xff) != 0) return false;
        }
    }
    return true;
}

/* Checks a picture against its atlas; told[] marks the atlases already
 * reported missing */
static void check_in_atlas(Loader *l, const Picture *p, bool *told)
{
    const Atlas *atlas = &l->atlases[p->atlas_index];
    char quoted[REC_QUOTE_SIZE];
    Rect r = p->rect;
    if (atlas->pixels == NULL) {
        if (!told[p->atlas_index]) {
            report(l, p->atlas_line, "there's no atlas called '%s' in %s", rec_quote(p->atlas, quoted), l->dir);
        }
        told[p->atlas_index] = true;
    } else if (r.x + r.w > atlas->w || r.y + r.h > atlas->h) {
        report(l, p->rect_line, "the rectangle runs off %s (%d x %d)", atlas->name, atlas->w, atlas->h);
    } else if (all_clear(atlas, r)) {
        report(l, p->rect_line, "the rectangle is empty: every pixel of it in %s is clear", atlas->name);
    }
}

static void check_atlases(Loader *l)
{
    bool *told = calloc((size_t)(l->atlas_count > 0 ? l->atlas_count : 1), sizeof *told);
    if (told == NULL) {
        l->out_of_memory = true;
        return;
    }
    for (int i = 0; i < l->count; ++i) check_in_atlas(l, &l->pictures[i], told);
    free(told);
}

static TileSet *make_atlas_set(Gfx *gfx, Loader *l)
{
    Piece *pieces = calloc((size_t)(l->count > 0 ? l->count : 1), sizeof *pieces);
    if (pieces == NULL) return NULL;
    for (int i = 0; i < l->count; ++i) {
        const Picture *p = &l->pictures[i];
        const Atlas *atlas = &l->atlases[p->atlas_index];
        pieces[i] = (Piece){p->name, atlas->pixels, atlas->w, p->rect, p->tint};
    }
    TileSet *set = make_set(gfx, pieces, l->count, false);
    free(pieces);
    return set;
}

/* ---- Loading ------------------------------------------------------------------ */

static void free_loader(Loader *l)
{
    for (int i = 0; i < l->atlas_count; ++i) free(l->atlases[i].pixels);
    free(l->atlases);
    free(l->pictures);
    free(l->needed);
}

/* The pictures of a tiles.txt with no mistakes in its text: from the
 * atlases, or the built-in ones when there are none of those */
static TileSet *pictures_for(Gfx *gfx, Loader *l, bool *builtin)
{
    int first = l->errors->count;
    bool folder = l->dir != NULL && file_exists(l->dir);
    if (!folder || read_atlases(l) == 0) {
        *builtin = !l->out_of_memory;
        return l->out_of_memory ? NULL : tiles_builtin(gfx, l->data);
    }
    check_atlases(l);
    if (l->out_of_memory || l->errors->count > first) return NULL;
    return make_atlas_set(gfx, l);
}

TileSet *tiles_load(Gfx *gfx, const GameData *data, const char *tiles_txt,
                    const char *atlas_dir, Errors *errors, bool *builtin)
{
    bool ignored;
    if (builtin == NULL) builtin = &ignored;
    *builtin = false;
    Loader l = {.data = data, .file = base_name(tiles_txt), .dir = atlas_dir, .errors = errors};
    int first = errors->count;
    size_t len = 0;
    const char *why = "";
    char *text = read_text(tiles_txt, &len, &why);
    l.needed = needed_names(data, &l.needed_count);
    TileSet *set = NULL;
    if (text == NULL) {
        report(&l, 0, "can't be read: %s", why);
    } else if (l.needed != NULL) {
        read_pictures(&l, text, len);
        if (!l.out_of_memory && errors->count == first) set = pictures_for(gfx, &l, builtin);
    }
    if (l.needed == NULL || l.out_of_memory) report(&l, 0, "out of memory");
    if (set == NULL && errors->count == first) report(&l, 0, "the pictures can't be made");
    free(text);
    free_loader(&l);
    return set;
}

bool tiles_check_text(const GameData *data, const char *text, size_t len, Errors *errors)
{
    Loader l = {.data = data, .file = "tiles.txt", .errors = errors};
    int first = errors->count;
    l.needed = needed_names(data, &l.needed_count);
    if (l.needed == NULL) l.out_of_memory = true;
    else read_pictures(&l, text, len);
    if (l.out_of_memory) report(&l, 0, "out of memory");
    free_loader(&l);
    return errors->count == first;
}
