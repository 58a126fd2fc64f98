/* tiles.txt and its atlases, checked without the window: the text's
 * records (tile names, atlases, rectangles) and each atlas's size, read
 * from its PNG header (24 bytes, nothing decoded). --check-data uses it
 * alone, so it starts without SDL; the window's tiles.c reads the same
 * list and then decodes the atlases, and finds the blank rectangles
 * (--check-data --deep). */
#ifndef AMULETS_TILECHECK_H
#define AMULETS_TILECHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "data.h"
#include "errors.h"
#include "geom.h"

/* Where Debian puts the atlases */
#define TILES_DEFAULT_DIR "/usr/share/crawl/dat/tiles"

/* The biggest picture tiles.txt may name, and the biggest atlas side a
 * header may give (crawl's are 1024 x 2083 at most; more is a broken or
 * hostile file, which would ask for gigabytes when decoded) */
enum { TILES_MAX_SIDE = 128, TILECHECK_ATLAS_MAX_SIDE = 16384, TILECHECK_NAME_SIZE = 64 };

/* A [tile] record, as read */
typedef struct TilePicture {
    char name[TILE_SIZE];
    char atlas[TILECHECK_NAME_SIZE];
    Rect rect;
    bool tint;
    int name_line, atlas_line, rect_line;
    int atlas_index;          /* into the list's atlases */
} TilePicture;

/* An atlas a picture names, with its size from its header */
typedef struct TileAtlas {
    char name[TILECHECK_NAME_SIZE];
    bool there;               /* the folder has something of that name */
    bool sized;               /* its header gave a size */
    int w, h;
} TileAtlas;

typedef struct TileList {
    const char *file;         /* tiles.txt, as the messages name it */
    const char *dir;          /* the atlases' folder */
    Errors *errors;
    const GameData *data;
    const char **needed;
    int needed_count;
    TilePicture *pictures;
    int count;
    TileAtlas *atlases;
    int atlas_count;
    bool builtin;             /* the folder holds none of the atlases */
    bool out_of_memory;
} TileList;

/* Every tile name the game draws: the terrain, the player, the traps,
 * and each kind's own tile in monsters.txt and items.txt. Returns how
 * many and writes the first max (names may be NULL when max is 0). */
int tilecheck_needed(const GameData *data, const char **names, int max);
/* The same names in a new array for the caller to free (NULL if out of
 * memory), their count in *count */
const char **tilecheck_needed_names(const GameData *data, int *count);

/* Reads tiles.txt (a path) and, if its text has no mistakes, the header
 * of each atlas it names in atlas_dir: every mistake goes to errors as
 * "tiles.txt:LINE: what's wrong"; false if there were any. A missing
 * folder, or one with none of the atlases, sets list->builtin. The list
 * is the caller's to tilecheck_free, whatever it returns. */
bool tilecheck_read(TileList *list, const GameData *data, const char *tiles_txt,
                    const char *atlas_dir, Errors *errors);
void tilecheck_free(TileList *list);

/* Only the text, as tilecheck_read reads it (for the fuzzer) */
bool tilecheck_text(const GameData *data, const char *text, size_t len, Errors *errors);

/* A PNG's size from its first 24 bytes; false with why (not a regular
 * file, too short, not a PNG, an absurd size). Never waits on a FIFO. */
bool tilecheck_png_size(const char *path, int *w, int *h, const char **why);

/* The atlases' folder: the option's, else $AMULETS_TILES, else Debian's */
const char *tilecheck_dir(const char *option);

/* A mistake, as the list's others are said ("tiles.txt:LINE: ...") */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void tilecheck_report(TileList *list, int line, const char *format, ...);

#endif
