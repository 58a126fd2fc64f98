/* The window's ways in (SDL3): the game in a window, a headless
 * screenshot of a scripted run, a recording watched. */
#ifndef AMULETS_FRONT_H
#define AMULETS_FRONT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "data.h"
#include "errors.h"
#include "loop.h"

typedef struct FrontOptions {
    LoopConfig game;           /* what the game opens with, as in every
                                  frontend (loop.h); the window by hand
                                  keeps its view and size in the player's
                                  options.txt when it closes */
    const char *font_path;     /* NULL: found with fontconfig or known paths */
    const char *tiles_dir;     /* NULL: $AMULETS_TILES or Debian's crawl tiles */
    const char *play;          /* keys to play first (screenshots) */
    const char *screenshot;    /* the PNG to write */
    bool digest;               /* and print the run's digest */
    int width, height;         /* 0: options.txt's, else the default */
    const char *replay;        /* a recording to watch (front_watch) */
} FrontOptions;

int front_window(const FrontOptions *options);
int front_screenshot(const FrontOptions *options);

/* Watches options->replay in the window: Space pauses and goes on, . or
 * the right arrow steps one command (pausing), + and - go faster and
 * slower, Esc or q quits; F1 to F7 as in play. With options->screenshot
 * it plays the whole recording headless instead, draws its last frame
 * into that PNG and (with digest) prints the run's digest. A recording
 * that can't be played is refused with FILE:LINE on stderr; one that
 * parts from its run stops there, saying so. */
int front_watch(const FrontOptions *options);

/* --check-data's look at tiles.txt: every mistake the window would
 * refuse to start with goes to errors (false if there were any); with no
 * atlases installed only tiles.txt itself is checked, and *builtin says
 * the tile view will draw its own pictures */
bool front_check_tiles(const FrontOptions *options, const GameData *data, Errors *errors,
                       bool *builtin);

/* The window's ways in, as its shared object exports them (the program
 * loads it only when a window, a screenshot or --check-data's look at
 * the tiles needs it: src/app/modules.c) */
typedef struct FrontWindowApi {
    int (*window)(const FrontOptions *options);
    int (*screenshot)(const FrontOptions *options);
    int (*watch)(const FrontOptions *options);
    bool (*check_tiles)(const FrontOptions *options, const GameData *data, Errors *errors,
                        bool *builtin);
    /* the libraries it was linked with (gfx.h's gfx_versions), for --version */
    void (*versions)(char *out, size_t size);
} FrontWindowApi;
extern const FrontWindowApi front_window_api;
#define FRONT_WINDOW_MODULE "amulets-window.so"

#endif
