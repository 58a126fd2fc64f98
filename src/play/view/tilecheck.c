/* tiles.txt and its atlases' sizes: see tilecheck.h. Decisions the header
 * leaves open:
 *
 * - tiles.txt is read whole (file_read_all: a regular file only, so a
 *   FIFO or a folder by its name is said at once, never waited on), then
 *   with the record reader: [tile] records of name, atlas, rect and tint.
 *   Every mistake is reported, as "tiles.txt:LINE: what's wrong" (or
 *   "tiles.txt: ..." for one that has no line, a needed name with no
 *   picture).
 * - The atlases are looked at only when the text has no mistakes, and only
 *   when the folder holds something by at least one of the names: a
 *   missing folder, or one with none of them, means the built-in pictures.
 *   A missing atlas, or one whose header isn't a PNG's, is reported once,
 *   at the first line naming it; a rectangle off its atlas at its rect.
 * - An atlas is opened without blocking and must be a regular file (a
 *   symlink to one is fine), so a FIFO or a folder by an atlas's name is
 *   a mistake said at once, never a wait. */
#define _POSIX_C_SOURCE 200809L
#include "tilecheck.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file.h"
#include "records.h"

enum {
    TEXT_LIMIT = 1 << 20,   /* tiles.txt is a few kB; a MB is something else */
    PATH_SIZE = 4096,
    MESSAGE_SIZE = 512,
    PNG_HEADER = 24,        /* signature, IHDR's length and type, width, height */
};

static const char *const OWN_NAMES[] = {
    "wall", "floor", "cave-floor", "stairs", "door", "open-door", "trap", "player",
};
enum { OWN_COUNT = sizeof OWN_NAMES / sizeof OWN_NAMES[0] };

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

int tilecheck_needed(const GameData *data, const char **names, int max)
{
    int total = OWN_COUNT + data->monster_count + data->item_count, count = 0;
    for (int i = 0; i < total; ++i) {
        if (!first_of_its_name(data, i)) continue;
        if (count < max) names[count] = candidate(data, i);
        ++count;
    }
    return count;
}

const char **tilecheck_needed_names(const GameData *data, int *count)
{
    *count = tilecheck_needed(data, NULL, 0);
    const char **names = malloc((size_t)(*count > 0 ? *count : 1) * sizeof *names);
    if (names != NULL) tilecheck_needed(data, names, *count);
    return names;
}

static bool is_needed(const TileList *l, const char *name)
{
    for (int i = 0; i < l->needed_count; ++i) {
        if (strcmp(l->needed[i], name) == 0) return true;
    }
    return false;
}

/* ---- Messages ------------------------------------------------------------ */

void tilecheck_report(TileList *l, int line, const char *format, ...)
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

const char *tilecheck_dir(const char *option)
{
    const char *env = getenv("AMULETS_TILES");
    if (option != NULL) return option;
    return env != NULL && env[0] != '\0' ? env : TILES_DEFAULT_DIR;
}

/* ---- Reading tiles.txt ---------------------------------------------------- */

/* The whole file, NUL-terminated, for the caller to free; NULL with why
 * ("it can't be read: it's a FIFO (a pipe), not a file"): anything but a
 * regular file is refused at once, never waited on */
static char *read_text(const char *path, size_t *len, char *why, size_t why_size)
{
    char *text = NULL;
    if (file_read_all(file_system_ops(), path, TEXT_LIMIT, &text, len, why, why_size) != FILE_READ_OK) return NULL;
    return text;
}

static void read_rect(Fields *f, TilePicture *p)
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

static void read_atlas_name(Fields *f, TilePicture *p)
{
    p->atlas_line = fld_line(f, "atlas");
    fld_text_into(f, "atlas", p->atlas, sizeof p->atlas);
    if (strchr(p->atlas, '/') != NULL) {
        fld_report(f, p->atlas_line, "'atlas' should be the name of a file in the tiles folder, "
                                     "such as player.png");
    }
}

/* The picture kept before with this name, or NULL */
static const TilePicture *picture_named(const TileList *l, const char *name)
{
    for (int i = 0; i < l->count; ++i) {
        if (strcmp(l->pictures[i].name, name) == 0) return &l->pictures[i];
    }
    return NULL;
}

/* Checks a picture's name against the others and the game's */
static bool check_name(TileList *l, Fields *f, const TilePicture *p)
{
    char quoted[REC_QUOTE_SIZE];
    const TilePicture *before = picture_named(l, p->name);
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

static void keep_picture(TileList *l, const TilePicture *p)
{
    TilePicture *grown = realloc(l->pictures, (size_t)(l->count + 1) * sizeof *grown);
    if (grown == NULL) {
        l->out_of_memory = true;
        return;
    }
    l->pictures = grown;
    l->pictures[l->count++] = *p;
}

static void read_record(TileList *l, const Record *record)
{
    Fields f;
    fld_init(&f, record, l->file, l->errors);
    char quoted[REC_QUOTE_SIZE];
    if (strcmp(record->type, "tile") != 0) {
        fld_report(&f, record->line, "unknown record [%s]", rec_quote(record->type, quoted));
        return;
    }
    TilePicture p;
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

static void report_missing_names(TileList *l)
{
    for (int i = 0; i < l->needed_count; ++i) {
        char quoted[REC_QUOTE_SIZE];
        if (picture_named(l, l->needed[i]) == NULL) {
            tilecheck_report(l, 0, "there's no picture for '%s'", rec_quote(l->needed[i], quoted));
        }
    }
}

/* Reads the records of the text, reporting every mistake */
static void read_pictures(TileList *l, const char *text, size_t len)
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

/* ---- The atlases' headers ------------------------------------------------------ */

static uint32_t big_endian(const unsigned char *b)
{
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | (uint32_t)b[3];
}

/* The size in a PNG's first bytes; false with why */
static bool header_size(const unsigned char *b, size_t got, int *w, int *h, const char **why)
{
    static const unsigned char SIGNATURE[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (got < sizeof SIGNATURE || memcmp(b, SIGNATURE, sizeof SIGNATURE) != 0) {
        *why = "it isn't a PNG file";
        return false;
    }
    if (got < PNG_HEADER || big_endian(b + 8) != 13 || memcmp(b + 12, "IHDR", 4) != 0) {
        *why = got < PNG_HEADER ? "it ends inside its header" : "its header isn't a PNG's";
        return false;
    }
    uint32_t width = big_endian(b + 16), height = big_endian(b + 20);
    if (width < 1 || height < 1 || width > TILECHECK_ATLAS_MAX_SIDE || height > TILECHECK_ATLAS_MAX_SIDE) {
        *why = "its header gives a size no atlas has";
        return false;
    }
    *w = (int)width;
    *h = (int)height;
    return true;
}

bool tilecheck_png_size(const char *path, int *w, int *h, const char **why)
{
    /* O_NONBLOCK: opening a FIFO for reading would wait for a writer */
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        *why = errno == ENOENT ? "it isn't there" : strerror(errno);
        return false;
    }
    struct stat st;
    bool ok = false;
    if (fstat(fd, &st) != 0) {
        *why = strerror(errno);   /* st says nothing: it was never filled */
    } else if (!S_ISREG(st.st_mode)) {
        *why = S_ISDIR(st.st_mode) ? "it's a folder, not a file" : "it isn't a regular file";
    } else {
        unsigned char b[PNG_HEADER];
        ssize_t got = read(fd, b, sizeof b);
        if (got < 0) *why = strerror(errno);
        else ok = header_size(b, (size_t)got, w, h, why);
    }
    close(fd);
    return ok;
}

static int atlas_named(const TileList *l, const char *name)
{
    for (int i = 0; i < l->atlas_count; ++i) {
        if (strcmp(l->atlases[i].name, name) == 0) return i;
    }
    return -1;
}

/* Lists every atlas the pictures name, once each, with whether the folder
 * has it; returns how many it has */
static int list_atlases(TileList *l)
{
    int there = 0;
    l->atlases = calloc((size_t)(l->count > 0 ? l->count : 1), sizeof *l->atlases);
    if (l->atlases == NULL) {
        l->out_of_memory = true;
        return 0;
    }
    for (int i = 0; i < l->count; ++i) {
        TilePicture *p = &l->pictures[i];
        p->atlas_index = atlas_named(l, p->atlas);
        if (p->atlas_index >= 0) continue;
        p->atlas_index = l->atlas_count++;
        TileAtlas *atlas = &l->atlases[p->atlas_index];
        snprintf(atlas->name, sizeof atlas->name, "%s", p->atlas);
        char path[PATH_SIZE];
        struct stat st;
        bool named = snprintf(path, sizeof path, "%s/%s", l->dir, atlas->name) < (int)sizeof path;
        atlas->there = named && stat(path, &st) == 0;
        there += atlas->there;
    }
    return there;
}

/* Reads an atlas's header, saying (once, at the picture's line) why not */
static void size_atlas(TileList *l, const TilePicture *p, TileAtlas *atlas)
{
    char quoted[REC_QUOTE_SIZE], path[PATH_SIZE];
    const char *why = "";
    snprintf(path, sizeof path, "%s/%s", l->dir, atlas->name);
    if (!atlas->there) {
        tilecheck_report(l, p->atlas_line, "there's no atlas called '%s' in %s", rec_quote(p->atlas, quoted), l->dir);
    } else if (tilecheck_png_size(path, &atlas->w, &atlas->h, &why)) {
        atlas->sized = true;
    } else {
        tilecheck_report(l, p->atlas_line, "the atlas '%s' in %s can't be read: %s",
                         rec_quote(p->atlas, quoted), l->dir, why);
    }
}

/* Checks each picture's rectangle against its atlas's size */
static void check_atlases(TileList *l)
{
    bool *told = calloc((size_t)(l->atlas_count > 0 ? l->atlas_count : 1), sizeof *told);
    if (told == NULL) {
        l->out_of_memory = true;
        return;
    }
    for (int i = 0; i < l->count; ++i) {
        const TilePicture *p = &l->pictures[i];
        TileAtlas *atlas = &l->atlases[p->atlas_index];
        Rect r = p->rect;
        if (!told[p->atlas_index]) size_atlas(l, p, atlas);
        told[p->atlas_index] = true;
        if (atlas->sized && (r.x + r.w > atlas->w || r.y + r.h > atlas->h)) {
            tilecheck_report(l, p->rect_line, "the rectangle runs off %s (%d x %d)", atlas->name, atlas->w, atlas->h);
        }
    }
    free(told);
}

/* ---- The whole list ------------------------------------------------------------ */

void tilecheck_free(TileList *l)
{
    free(l->atlases);
    free(l->pictures);
    free(l->needed);
    memset(l, 0, sizeof *l);
}

static void start(TileList *l, const GameData *data, const char *file, const char *dir, Errors *errors)
{
    *l = (TileList){.data = data, .file = file, .dir = dir, .errors = errors};
    l->needed = tilecheck_needed_names(data, &l->needed_count);
    if (l->needed == NULL) l->out_of_memory = true;
}

bool tilecheck_read(TileList *l, const GameData *data, const char *tiles_txt,
                    const char *atlas_dir, Errors *errors)
{
    start(l, data, base_name(tiles_txt), atlas_dir, errors);
    int first = errors->count;
    size_t len = 0;
    char why[MESSAGE_SIZE] = "";
    char *text = read_text(tiles_txt, &len, why, sizeof why);
    if (text == NULL) {
        tilecheck_report(l, 0, "%s", why);
    } else if (!l->out_of_memory) {
        read_pictures(l, text, len);
    }
    free(text);
    if (!l->out_of_memory && errors->count == first) {
        bool folder = atlas_dir != NULL && file_exists(atlas_dir);
        l->builtin = !folder || list_atlases(l) == 0;
        if (!l->builtin && !l->out_of_memory) check_atlases(l);
    }
    if (l->out_of_memory) tilecheck_report(l, 0, "out of memory");
    return errors->count == first;
}

bool tilecheck_text(const GameData *data, const char *text, size_t len, Errors *errors)
{
    TileList l;
    start(&l, data, "tiles.txt", NULL, errors);
    int first = errors->count;
    if (!l.out_of_memory) read_pictures(&l, text, len);
    if (l.out_of_memory) tilecheck_report(&l, 0, "out of memory");
    tilecheck_free(&l);
    return errors->count == first;
}
