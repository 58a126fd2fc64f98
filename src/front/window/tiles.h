/* The tile view's pictures: data/tiles.txt names each picture (the
 * chapters' name -> picture table) by an atlas of Dungeon Crawl Stone
 * Soup's tiles and a rectangle in it. The atlases are read from the
 * installed crawl-tiles-data package at run time, never copied here; when
 * they're missing, the program draws built-in pictures of its own. */
#ifndef AMULETS_TILES_H
#define AMULETS_TILES_H

#include <stdbool.h>

#include "data.h"
#include "errors.h"
#include "gfx.h"
#include "tilecheck.h"

typedef struct TileSet TileSet;

typedef struct Tile {
    int image;      /* a gfx image */
    Rect src;       /* the picture's part of it */
} Tile;

/* Every tile name the game draws: the terrain, the player, the traps,
 * and each kind's own tile in monsters.txt and items.txt */
int tiles_needed(const GameData *data, const char **names, int max);

/* Reads tiles.txt and the atlases it names from atlas_dir. Mistakes in
 * tiles.txt (a bad line, an atlas that isn't there, a rectangle off its
 * atlas, a needed name with no picture) go to errors as
 * "tiles.txt:LINE: what's wrong" and make it return NULL. If atlas_dir
 * itself is missing or holds none of the atlases, the built-in pictures
 * are used instead (and *builtin is set). */
TileSet *tiles_load(Gfx *gfx, const GameData *data, const char *tiles_txt,
                    const char *atlas_dir, Errors *errors, bool *builtin);

/* The program's own pictures for every needed name: simple, distinct
 * shapes, drawn in white or their kind's colour so tints work on them */
TileSet *tiles_builtin(Gfx *gfx, const GameData *data);

/* The picture for a name; never NULL for a needed name */
const Tile *tiles_find(const TileSet *tiles, const char *name);
/* True if the picture should be tinted with its thing's colour (the
 * built-in shapes and the plain flask, scroll and trap pictures are) */
bool tiles_tinted(const TileSet *tiles, const char *name);

void tiles_free(TileSet *tiles);

/* ---- Added with the implementation ---- */

/* Each picture is drawn centred in a square cell of its own, TILE_PX
 * across (or as big as the picture, if it's bigger), in one image made
 * for the set: so a Tile's src is always square, and drawing it into a
 * map cell keeps its proportions. TILES_MAX_SIDE is the biggest picture
 * tiles.txt may name. */
enum { TILE_PX = 32 };

/* True if the set is the built-in pictures */
bool tiles_is_builtin(const TileSet *tiles);

/* The built-in picture for a name (builtin_tiles.c): TILE_PX x TILE_PX
 * pixels, 0xRRGGBBAA, row by row. Any name gets a picture: the needed
 * ones their own shapes, a monster kind of data's that it doesn't know
 * a shape by its glyph with its glyph's mark, anything else a plain mark. */
void tiles_draw_builtin(const GameData *data, const char *name, uint32_t *pixels);

#endif
