/* The project's own small drawing and input layer. Every SDL call lives
 * behind it (in gfx_sdl.c, on SDL3), so the views never name SDL, and
 * another SDL is a port of one file. Colours are the rules' own Color.
 * Sizes and the pointer are in the pixels drawn into: on a high-density
 * screen (2x) a window has more of them than its size in the desktop's
 * units, and the layout uses them all. */
#ifndef AMULETS_GFX_H
#define AMULETS_GFX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "data.h"
#include "geom.h"

typedef struct Gfx Gfx;

typedef struct GfxOptions {
    int width, height;          /* the window's (or the picture's) size */
    const char *title;
    bool headless;              /* draw into memory with the software
                                   renderer: no window, no video driver */
    const char *font_path;      /* a monospace TrueType font */
    int font_px;                /* the font's height in pixels */
} GfxOptions;

/* NULL, with error filled in, if it can't start */
Gfx *gfx_open(const GfxOptions *options, char *error, size_t error_size);
void gfx_close(Gfx *gfx);

/* The size drawn into, in pixels */
void gfx_size(const Gfx *gfx, int *width, int *height);
/* The window's size in the desktop's units, the size a window is opened
 * at (GfxOptions); headless, the picture's */
void gfx_window_size(const Gfx *gfx, int *width, int *height);
/* The least size the window can be made (and is made now, if smaller);
 * nothing headless */
void gfx_set_min_size(Gfx *gfx, int width, int height);

/* The font: its size can change as the window does */
bool gfx_set_font_px(Gfx *gfx, int px);
int gfx_char_width(const Gfx *gfx);
int gfx_line_height(const Gfx *gfx);

/* Drawing. Colours with alpha below 255 are blended. */
void gfx_clear(Gfx *gfx, Color color);
void gfx_fill(Gfx *gfx, Rect rect, Color color);
void gfx_outline(Gfx *gfx, Rect rect, Color color);
/* A line of text with its top left at x, y; returns its width */
int gfx_text(Gfx *gfx, const char *text, int x, int y, Color color);
/* One character centred in a cell */
void gfx_glyph(Gfx *gfx, char glyph, Rect cell, Color color);

/* Pictures, made from RGBA pixels (0xRRGGBBAA): an image number, or -1 */
int gfx_make_image(Gfx *gfx, int width, int height, const uint32_t *pixels);
void gfx_image_size(const Gfx *gfx, int image, int *width, int *height);
/* A copy of a whole picture scaled to width x height and multiplied by
 * tint, made once so that drawing it later is a plain copy (the software
 * renderer scales and tints slowly); -1 if it can't be made */
int gfx_scaled_image(Gfx *gfx, int image, int width, int height, Color tint);
void gfx_free_image(Gfx *gfx, int image);
/* Part of a picture, scaled into dst and multiplied by tint */
void gfx_image(Gfx *gfx, int image, Rect src, Rect dst, Color tint);

/* Shows what was drawn (a window), or keeps it (headless) */
void gfx_present(Gfx *gfx);
/* Writes what was last drawn to a PNG file */
bool gfx_save_png(Gfx *gfx, const char *path, char *error, size_t error_size);
/* The colour of a pixel of what was last drawn (headless only) */
bool gfx_pixel(Gfx *gfx, int x, int y, Color *out);

/* Reads a PNG into new RGBA pixels (0xRRGGBBAA, row by row) for the
 * caller to free; the tests look at screenshots with it */
bool gfx_read_png(const char *path, int *width, int *height, uint32_t **pixels);

/* Input */
typedef enum GfxEventKind {
    GFX_NONE, GFX_KEY, GFX_MOUSE_MOVE, GFX_MOUSE_CLICK, GFX_MOUSE_LEAVE, GFX_RESIZE, GFX_EXPOSE, GFX_QUIT,
} GfxEventKind;

typedef struct GfxEvent {
    GfxEventKind kind;
    int key;          /* a character, or an AK_ name from keys.h */
    int x, y;         /* the mouse, or the new size */
} GfxEvent;

/* Waits up to timeout_ms (-1 for ever) for an event; false if none came */
bool gfx_wait_event(Gfx *gfx, GfxEvent *event, int timeout_ms);
/* Drops the key presses waiting (typed ahead, or a key held down) */
void gfx_drop_keys(Gfx *gfx);

/* The libraries linked, as "SDL 3.2.10, SDL_ttf 3.2.2, SDL_image 3.2.4" */
void gfx_versions(char *out, size_t size);

#endif
