/* The SDL frontend's two ways in: the game in a window, and a headless
 * screenshot of a scripted run. */
#ifndef AMULETS_FRONT_H
#define AMULETS_FRONT_H

#include <stdbool.h>
#include <stdint.h>

#include "data.h"
#include "errors.h"

typedef struct FrontOptions {
    const char *data_dir;
    const char *font_path;     /* NULL: found with fontconfig or known paths */
    const char *tiles_dir;     /* NULL: $AMULETS_TILES or Debian's crawl tiles */
    uint64_t seed;
    int floor;
    bool tile_view;            /* start in the tile view */
    const char *play;          /* keys to play first (screenshots) */
    const char *screenshot;    /* the PNG to write */
    bool digest;               /* and print the run's digest */
    int width, height;
} FrontOptions;

int front_window(const FrontOptions *options);
int front_screenshot(const FrontOptions *options);

/* --check-data's look at tiles.txt: every mistake the window would
 * refuse to start with goes to errors (false if there were any); with no
 * atlases installed only tiles.txt itself is checked, and *builtin says
 * the tile view will draw its own pictures */
bool front_check_tiles(const FrontOptions *options, const GameData *data, Errors *errors,
                       bool *builtin);

#endif
