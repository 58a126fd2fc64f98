/* gfx.h on SDL3, SDL3_ttf and SDL3_image: the only file of the game that
 * names SDL. Headless, it draws with SDL's software renderer into a
 * surface in memory, so screenshots and the frame benchmark need no video
 * driver at all. SDL3's calls answer true when they worked (SDL2's 0):
 * every test of one here is of a bool. */
#include "gfx.h"

#include <SDL3/SDL.h>
#include <SDL3_image/SDL_image.h>
#include <SDL3_ttf/SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"

enum {
    FIRST_GLYPH = 32, LAST_GLYPH = 126, GLYPHS = LAST_GLYPH - FIRST_GLYPH + 1, MAX_IMAGES = 64,
    COLORED_GLYPHS = 4096   /* a glyph in each colour the screen uses */
};

/* A glyph rendered in one colour: the software renderer copies it much
 * faster than it tints a white one */
typedef struct ColoredGlyph {
    uint32_t key;             /* the colour and the character; 0 unused */
    SDL_Texture *texture;
    int width, height;
} ColoredGlyph;

typedef struct Image {
    SDL_Texture *texture;     /* NULL: a free slot */
    SDL_Surface *pixels;      /* kept, to make scaled copies from */
    int width, height;
} Image;

struct Gfx {
    SDL_Window *window;         /* NULL when headless */
    SDL_Surface *surface;       /* what a headless renderer draws into */
    SDL_Renderer *renderer;
    TTF_Font *font;
    int font_px;
    int char_width, line_height;
    SDL_Texture *glyphs[GLYPHS];  /* white, coloured by colour mod */
    int glyph_width[GLYPHS];
    ColoredGlyph *colored;        /* COLORED_GLYPHS of them, by hash */
    Image images[MAX_IMAGES];
    int image_count;
    bool keypad_typed;            /* a keypad key was pressed: the text it
                                     types next (its digit) is no key */
    int width, height;            /* the size drawn into, last told */
};

/* ---- Opening and closing ---------------------------------------------- */

static bool fail(char *error, size_t size, const char *what)
{
    snprintf(error, size, "%s: %s", what, SDL_GetError());
    return false;
}

/* The window asks for every pixel of a high-density screen (a 2x one's
 * window has twice the pixels of its size), so the layout, which works in
 * the renderer's pixels, picks a font twice as big and the map is crisp */
static bool open_renderer(Gfx *gfx, const GfxOptions *options, char *error, size_t size)
{
    if (options->headless) {
        gfx->surface = SDL_CreateSurface(options->width, options->height, SDL_PIXELFORMAT_ARGB8888);
        if (gfx->surface == NULL) return fail(error, size, "can't make a picture to draw in");
        gfx->renderer = SDL_CreateSoftwareRenderer(gfx->surface);
        return gfx->renderer != NULL || fail(error, size, "can't start the software renderer");
    }
    if (!SDL_InitSubSystem(SDL_INIT_VIDEO)) return fail(error, size, "can't start SDL's video");
    gfx->window = SDL_CreateWindow(options->title, options->width, options->height,
                                   SDL_WINDOW_RESIZABLE | SDL_WINDOW_HIGH_PIXEL_DENSITY);
    if (gfx->window == NULL) return fail(error, size, "can't open the window");
    gfx->renderer = SDL_CreateRenderer(gfx->window, NULL);
    if (gfx->renderer == NULL) gfx->renderer = SDL_CreateRenderer(gfx->window, SDL_SOFTWARE_RENDERER);
    if (gfx->renderer == NULL) return fail(error, size, "can't start a renderer");
    /* SDL3 types text only into a window that asked for it */
    return SDL_StartTextInput(gfx->window) || fail(error, size, "can't take typed text");
}

Gfx *gfx_open(const GfxOptions *options, char *error, size_t error_size)
{
    Gfx *gfx = calloc(1, sizeof *gfx);
    if (gfx == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    bool ok = SDL_Init(0) || fail(error, error_size, "can't start SDL");
    ok = ok && (TTF_Init() || fail(error, error_size, "can't start SDL_ttf"));
    ok = ok && open_renderer(gfx, options, error, error_size);
    if (ok) {
        gfx->font = TTF_OpenFont(options->font_path, (float)options->font_px);
        ok = gfx->font != NULL || fail(error, error_size, "can't open the font");
    }
    ok = ok && gfx_set_font_px(gfx, options->font_px);
    if (!ok) {
        gfx_close(gfx);
        return NULL;
    }
    SDL_SetRenderDrawBlendMode(gfx->renderer, SDL_BLENDMODE_BLEND);
    gfx->colored = calloc(COLORED_GLYPHS, sizeof *gfx->colored);
    gfx_size(gfx, &gfx->width, &gfx->height);
    return gfx;
}

static void drop_colored(Gfx *gfx)
{
    for (int i = 0; gfx->colored != NULL && i < COLORED_GLYPHS; ++i) {
        if (gfx->colored[i].texture != NULL) SDL_DestroyTexture(gfx->colored[i].texture);
        gfx->colored[i] = (ColoredGlyph){0, NULL, 0, 0};
    }
}

static void drop_glyphs(Gfx *gfx)
{
    drop_colored(gfx);
    for (int i = 0; i < GLYPHS; ++i) {
        if (gfx->glyphs[i] != NULL) SDL_DestroyTexture(gfx->glyphs[i]);
        gfx->glyphs[i] = NULL;
    }
}

void gfx_close(Gfx *gfx)
{
    if (gfx == NULL) return;
    drop_glyphs(gfx);
    for (int i = 0; i < gfx->image_count; ++i) gfx_free_image(gfx, i);
    free(gfx->colored);
    if (gfx->font != NULL) TTF_CloseFont(gfx->font);
    if (gfx->renderer != NULL) SDL_DestroyRenderer(gfx->renderer);
    if (gfx->surface != NULL) SDL_DestroySurface(gfx->surface);
    if (gfx->window != NULL) SDL_DestroyWindow(gfx->window);
    free(gfx);
    TTF_Quit();
    SDL_Quit();
}

void gfx_size(const Gfx *gfx, int *width, int *height)
{
    if (!SDL_GetRenderOutputSize(gfx->renderer, width, height)) {
        *width = *height = 0;
    }
}

void gfx_window_size(const Gfx *gfx, int *width, int *height)
{
    if (gfx->window == NULL || !SDL_GetWindowSize(gfx->window, width, height)) gfx_size(gfx, width, height);
}

/* The window's own units, in which its least size is set, are the
 * screen's pixels over its density (2 on a 2x screen) */
static int window_units(Gfx *gfx, int pixels)
{
    float density = SDL_GetWindowPixelDensity(gfx->window);
    if (density <= 1.0f) return pixels;
    return (int)SDL_ceilf((float)pixels / density);
}

void gfx_set_min_size(Gfx *gfx, int width, int height)
{
    if (gfx->window == NULL) return;
    int least_w = window_units(gfx, width), least_h = window_units(gfx, height);
    SDL_SetWindowMinimumSize(gfx->window, least_w, least_h);
    int w, h;
    if (!SDL_GetWindowSize(gfx->window, &w, &h) || (w >= least_w && h >= least_h)) return;
    SDL_SetWindowSize(gfx->window, w > least_w ? w : least_w, h > least_h ? h : least_h);
    /* SDL3 asks the window manager and goes on: wait for its answer, so
     * the size read next is the new one */
    SDL_SyncWindow(gfx->window);
}

/* ---- Text -------------------------------------------------------------- */

/* A texture of the surface, copied pixel for pixel when scaled: SDL3
 * filters a texture linearly unless told, which blurs tiles and text */
static SDL_Texture *new_texture(Gfx *gfx, SDL_Surface *surface)
{
    SDL_Texture *texture = SDL_CreateTextureFromSurface(gfx->renderer, surface);
    if (texture != NULL) SDL_SetTextureScaleMode(texture, SDL_SCALEMODE_NEAREST);
    return texture;
}

/* Every printable character is rendered once, in white, at the font's
 * size; drawing text is then copying textures, never TTF work per frame */
bool gfx_set_font_px(Gfx *gfx, int px)
{
    if (px < 6) px = 6;
    if (px == gfx->font_px && gfx->glyphs['@' - FIRST_GLYPH] != NULL) return true;
    if (!TTF_SetFontSize(gfx->font, (float)px)) return false;
    drop_glyphs(gfx);
    gfx->font_px = px;
    gfx->line_height = TTF_GetFontLineSkip(gfx->font);
    SDL_Color white = {255, 255, 255, 255};
    for (int i = 0; i < GLYPHS; ++i) {
        SDL_Surface *surface = TTF_RenderGlyph_Blended(gfx->font, (Uint32)(FIRST_GLYPH + i), white);
        if (surface == NULL) continue;
        gfx->glyphs[i] = new_texture(gfx, surface);
        gfx->glyph_width[i] = surface->w;
        SDL_DestroySurface(surface);
    }
    int advance = 0;
    if (!TTF_GetGlyphMetrics(gfx->font, 'M', NULL, NULL, NULL, NULL, &advance)) advance = 0;
    gfx->char_width = advance > 0 ? advance : px / 2;
    return true;
}

int gfx_char_width(const Gfx *gfx) { return gfx->char_width; }
int gfx_line_height(const Gfx *gfx) { return gfx->line_height; }

static SDL_Texture *glyph_texture(Gfx *gfx, char c, int *width)
{
    int i = (unsigned char)c - FIRST_GLYPH;
    if (i < 0 || i >= GLYPHS) i = '?' - FIRST_GLYPH;
    *width = gfx->glyph_width[i];
    return gfx->glyphs[i];
}

/* The glyph in this colour, rendered the first time it's asked for; NULL
 * if the table can't have it (then the white one is tinted instead) */
static ColoredGlyph *colored_glyph(Gfx *gfx, char c, Color color)
{
    if (gfx->colored == NULL || (unsigned char)c < FIRST_GLYPH || (unsigned char)c > LAST_GLYPH) {
        return NULL;
    }
    /* never 0, since c is at least FIRST_GLYPH */
    uint32_t key = (uint32_t)color.r << 24 | (uint32_t)color.g << 16 | (uint32_t)color.b << 8 |
                   (uint32_t)(unsigned char)c;
    if (color.a != 255) return NULL;
    uint32_t hash = (key * 2654435761u) >> 20;
    for (int probe = 0; probe < 8; ++probe) {
        ColoredGlyph *slot = &gfx->colored[(hash + (uint32_t)probe) % COLORED_GLYPHS];
        if (slot->key == key) return slot;
        if (slot->key != 0) continue;
        SDL_Color fg = {color.r, color.g, color.b, 255};
        SDL_Surface *surface = TTF_RenderGlyph_Blended(gfx->font, (Uint32)(unsigned char)c, fg);
        if (surface == NULL) return NULL;
        slot->texture = new_texture(gfx, surface);
        slot->width = surface->w;
        slot->height = surface->h;
        SDL_DestroySurface(surface);
        slot->key = slot->texture != NULL ? key : 0;
        return slot->texture != NULL ? slot : NULL;
    }
    return NULL;
}

static void draw_glyph_at(Gfx *gfx, char c, int x, int y, Color color)
{
    ColoredGlyph *colored = colored_glyph(gfx, c, color);
    if (colored != NULL) {
        SDL_FRect dst = {(float)x, (float)y, (float)colored->width, (float)colored->height};
        SDL_RenderTexture(gfx->renderer, colored->texture, NULL, &dst);
        return;
    }
    int width;
    SDL_Texture *texture = glyph_texture(gfx, c, &width);
    if (texture == NULL) return;
    SDL_SetTextureColorMod(texture, color.r, color.g, color.b);
    SDL_SetTextureAlphaMod(texture, color.a);
    SDL_FRect dst = {(float)x, (float)y, (float)width, (float)texture->h};
    SDL_RenderTexture(gfx->renderer, texture, NULL, &dst);
}

int gfx_text(Gfx *gfx, const char *text, int x, int y, Color color)
{
    int start = x;
    for (const char *p = text; *p != '\0'; ++p) {
        if (*p != ' ') draw_glyph_at(gfx, *p, x, y, color);
        x += gfx->char_width;
    }
    return x - start;
}

void gfx_glyph(Gfx *gfx, char glyph, Rect cell, Color color)
{
    int width;
    if (glyph_texture(gfx, glyph, &width) == NULL) return;
    int x = cell.x + (cell.w - width) / 2;
    int y = cell.y + (cell.h - gfx->line_height) / 2;
    draw_glyph_at(gfx, glyph, x, y, color);
}

/* ---- Shapes ------------------------------------------------------------ */

static void set_color(Gfx *gfx, Color color)
{
    SDL_SetRenderDrawColor(gfx->renderer, color.r, color.g, color.b, color.a);
}

void gfx_clear(Gfx *gfx, Color color)
{
    set_color(gfx, color);
    SDL_RenderClear(gfx->renderer);
}

static SDL_FRect frect(Rect rect)
{
    return (SDL_FRect){(float)rect.x, (float)rect.y, (float)rect.w, (float)rect.h};
}

void gfx_fill(Gfx *gfx, Rect rect, Color color)
{
    SDL_FRect r = frect(rect);
    set_color(gfx, color);
    SDL_RenderFillRect(gfx->renderer, &r);
}

void gfx_outline(Gfx *gfx, Rect rect, Color color)
{
    SDL_FRect r = frect(rect);
    set_color(gfx, color);
    SDL_RenderRect(gfx->renderer, &r);
}

/* ---- Pictures ---------------------------------------------------------- */

static int free_slot(Gfx *gfx)
{
    for (int i = 0; i < gfx->image_count; ++i) {
        if (gfx->images[i].texture == NULL) return i;
    }
    return gfx->image_count < MAX_IMAGES ? gfx->image_count : -1;
}

static int add_image(Gfx *gfx, SDL_Surface *surface, char *error, size_t error_size)
{
    int slot = free_slot(gfx);
    if (slot < 0) {
        snprintf(error, error_size, "too many pictures");
        return -1;
    }
    SDL_Surface *pixels = SDL_ConvertSurface(surface, SDL_PIXELFORMAT_ARGB8888);
    SDL_Texture *texture = pixels ? new_texture(gfx, pixels) : NULL;
    if (texture == NULL) {
        if (pixels != NULL) SDL_DestroySurface(pixels);
        fail(error, error_size, "can't use the picture");
        return -1;
    }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
    gfx->images[slot] = (Image){texture, pixels, surface->w, surface->h};
    if (slot == gfx->image_count) ++gfx->image_count;
    return slot;
}

int gfx_scaled_image(Gfx *gfx, int image, int width, int height, Color tint)
{
    if (image < 0 || image >= gfx->image_count || gfx->images[image].texture == NULL) return -1;
    SDL_Surface *from = gfx->images[image].pixels;
    SDL_Surface *to = SDL_CreateSurface(width, height, SDL_PIXELFORMAT_ARGB8888);
    if (to == NULL) return -1;
    SDL_SetSurfaceBlendMode(from, SDL_BLENDMODE_NONE);
    SDL_SetSurfaceColorMod(from, tint.r, tint.g, tint.b);
    bool blitted = SDL_BlitSurfaceScaled(from, NULL, to, NULL, SDL_SCALEMODE_NEAREST);
    SDL_SetSurfaceColorMod(from, 255, 255, 255);
    char error[128];
    int copy = blitted ? add_image(gfx, to, error, sizeof error) : -1;
    SDL_DestroySurface(to);
    return copy;
}

void gfx_free_image(Gfx *gfx, int image)
{
    if (image < 0 || image >= gfx->image_count || gfx->images[image].texture == NULL) return;
    SDL_DestroyTexture(gfx->images[image].texture);
    SDL_DestroySurface(gfx->images[image].pixels);
    gfx->images[image] = (Image){NULL, NULL, 0, 0};
}

int gfx_make_image(Gfx *gfx, int width, int height, const uint32_t *pixels)
{
    SDL_Surface *surface = SDL_CreateSurfaceFrom(width, height, SDL_PIXELFORMAT_RGBA8888, (void *)pixels,
                                                 width * 4);
    if (surface == NULL) return -1;
    char error[128];
    int image = add_image(gfx, surface, error, sizeof error);
    SDL_DestroySurface(surface);
    return image;
}

void gfx_image_size(const Gfx *gfx, int image, int *width, int *height)
{
    bool valid = image >= 0 && image < gfx->image_count;
    *width = valid ? gfx->images[image].width : 0;
    *height = valid ? gfx->images[image].height : 0;
}

void gfx_image(Gfx *gfx, int image, Rect src, Rect dst, Color tint)
{
    if (image < 0 || image >= gfx->image_count || gfx->images[image].texture == NULL) return;
    SDL_Texture *texture = gfx->images[image].texture;
    SDL_SetTextureColorMod(texture, tint.r, tint.g, tint.b);
    SDL_SetTextureAlphaMod(texture, tint.a);
    SDL_FRect s = frect(src), d = frect(dst);
    SDL_RenderTexture(gfx->renderer, texture, &s, &d);
}

/* ---- Showing and saving ------------------------------------------------ */

void gfx_present(Gfx *gfx)
{
    SDL_RenderPresent(gfx->renderer);
}

/* What was drawn, as a surface: the headless one itself, or a copy read
 * back from the window's renderer. SDL3 draws in batches: the headless
 * surface holds the frame only once the batch is flushed */
static SDL_Surface *drawn(Gfx *gfx, bool *owned)
{
    *owned = false;
    if (gfx->surface != NULL) return SDL_FlushRenderer(gfx->renderer) ? gfx->surface : NULL;
    SDL_Surface *read = SDL_RenderReadPixels(gfx->renderer, NULL);
    if (read == NULL) return NULL;
    /* a renderer's pixels may come without alpha (XRGB): made opaque */
    SDL_Surface *copy = SDL_ConvertSurface(read, SDL_PIXELFORMAT_ARGB8888);
    SDL_DestroySurface(read);
    *owned = copy != NULL;
    return copy;
}

bool gfx_save_png(Gfx *gfx, const char *path, char *error, size_t error_size)
{
    bool owned;
    SDL_Surface *surface = drawn(gfx, &owned);
    bool saved = surface != NULL && IMG_SavePNG(surface, path);
    if (!saved) snprintf(error, error_size, "can't write %s: %s", path, SDL_GetError());
    if (owned) SDL_DestroySurface(surface);
    return saved;
}

bool gfx_pixel(Gfx *gfx, int x, int y, Color *out)
{
    SDL_Surface *s = gfx->surface;
    if (s == NULL || x < 0 || y < 0 || x >= s->w || y >= s->h) return false;
    if (!SDL_FlushRenderer(gfx->renderer)) return false;
    Uint32 pixel = ((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch))[x];
    SDL_GetRGBA(pixel, SDL_GetPixelFormatDetails(s->format), NULL, &out->r, &out->g, &out->b, &out->a);
    return true;
}

bool gfx_read_png(const char *path, int *width, int *height, uint32_t **pixels)
{
    SDL_Surface *loaded = IMG_Load(path);
    if (loaded == NULL) return false;
    SDL_Surface *rgba = SDL_ConvertSurface(loaded, SDL_PIXELFORMAT_RGBA8888);
    SDL_DestroySurface(loaded);
    if (rgba == NULL) return false;
    *width = rgba->w;
    *height = rgba->h;
    *pixels = malloc((size_t)rgba->w * (size_t)rgba->h * 4);
    for (int y = 0; *pixels != NULL && y < rgba->h; ++y) {
        memcpy(*pixels + (size_t)y * (size_t)rgba->w, (const Uint8 *)rgba->pixels + y * rgba->pitch,
               (size_t)rgba->w * 4);
    }
    SDL_DestroySurface(rgba);
    return *pixels != NULL;
}

/* ---- Input ------------------------------------------------------------- */

static int named_key(SDL_Keycode code)
{
    static const struct { SDL_Keycode code; int key; } KEYS[] = {
        {SDLK_ESCAPE, AK_ESC}, {SDLK_RETURN, AK_ENTER}, {SDLK_KP_ENTER, AK_ENTER},
        {SDLK_UP, AK_UP}, {SDLK_DOWN, AK_DOWN}, {SDLK_LEFT, AK_LEFT}, {SDLK_RIGHT, AK_RIGHT},
        {SDLK_KP_1, AK_KP1}, {SDLK_KP_2, AK_KP2}, {SDLK_KP_3, AK_KP3}, {SDLK_KP_4, AK_KP4},
        {SDLK_KP_5, AK_KP5}, {SDLK_KP_6, AK_KP6}, {SDLK_KP_7, AK_KP7}, {SDLK_KP_8, AK_KP8},
        {SDLK_KP_9, AK_KP9}, {SDLK_F1, AK_F1}, {SDLK_F2, AK_F2}, {SDLK_F3, AK_F3},
        {SDLK_F4, AK_F4}, {SDLK_F5, AK_F5}, {SDLK_F6, AK_F6}, {SDLK_F7, AK_F7},
        {SDLK_F8, AK_F8}, {SDLK_F9, AK_F9}, {SDLK_F10, AK_F10}, {SDLK_F11, AK_F11},
        {SDLK_F12, AK_F12},
    };
    for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; ++i) {
        if (KEYS[i].code == code) return KEYS[i].key;
    }
    return 0;
}

/* Keys that type a character come as text, so > is the typed character
 * whatever the keyboard, and the main keyboard's digits are digits; the
 * others (Esc, arrows, the keypad, F-keys) as key presses. A keypad key
 * that moves also types its digit (with Num Lock on), just after it: that
 * text is dropped, so the keypad only moves. */
static bool translate_key(Gfx *gfx, const SDL_Event *e, GfxEvent *out)
{
    if (e->type == SDL_EVENT_KEY_DOWN) {
        out->key = named_key(e->key.key);
        gfx->keypad_typed = out->key >= AK_KP1 && out->key <= AK_KP9;
        if (e->key.key == SDLK_TAB) out->key = (e->key.mod & SDL_KMOD_SHIFT) ? AK_BACKTAB : AK_TAB;
        if (e->key.key == SDLK_P && (e->key.mod & SDL_KMOD_CTRL)) out->key = AK_CTRL_P;
        out->kind = out->key ? GFX_KEY : GFX_NONE;
        return out->key != 0;
    }
    const char *text = e->text.text != NULL ? e->text.text : "";
    unsigned char c = (unsigned char)text[0];
    bool keypads = gfx->keypad_typed && c >= '1' && c <= '9';
    gfx->keypad_typed = false;
    if (c < 32 || c > 126 || text[1] != '\0' || keypads) return false;
    out->kind = GFX_KEY;
    out->key = c;
    return true;
}

/* The pointer, in the renderer's pixels: on a high-density screen SDL
 * tells it in the window's units, half the pixels on a 2x one */
static bool translate_pointer(Gfx *gfx, SDL_Event *e, GfxEvent *out)
{
    SDL_ConvertEventToRenderCoordinates(gfx->renderer, e);
    if (e->type == SDL_EVENT_MOUSE_MOTION) {
        /* SDL tells where the pointer rests, with no movement, when it
         * comes into the window (on opening, or on being restored from a
         * minimised state): only a move the pointer made is a move */
        if (e->motion.xrel == 0.0f && e->motion.yrel == 0.0f) return false;
        out->kind = GFX_MOUSE_MOVE;
        out->x = (int)SDL_floorf(e->motion.x);
        out->y = (int)SDL_floorf(e->motion.y);
        return true;
    }
    if (e->button.button != SDL_BUTTON_LEFT) return false;
    out->kind = GFX_MOUSE_CLICK;
    out->x = (int)SDL_floorf(e->button.x);
    out->y = (int)SDL_floorf(e->button.y);
    return true;
}

/* The window's own news. A size in pixels that is the one drawn into
 * already (SDL3 tells it as the window opens) changes nothing */
static bool translate_window(Gfx *gfx, const SDL_Event *e, GfxEvent *out)
{
    switch (e->type) {
    case SDL_EVENT_WINDOW_PIXEL_SIZE_CHANGED:
        if (e->window.data1 == gfx->width && e->window.data2 == gfx->height) return false;
        gfx->width = e->window.data1;
        gfx->height = e->window.data2;
        out->kind = GFX_RESIZE;
        out->x = e->window.data1;
        out->y = e->window.data2;
        return true;
    case SDL_EVENT_WINDOW_MOUSE_LEAVE: out->kind = GFX_MOUSE_LEAVE; return true;
    case SDL_EVENT_WINDOW_EXPOSED: out->kind = GFX_EXPOSE; return true;
    default: return false;
    }
}

static bool translate(Gfx *gfx, SDL_Event *e, GfxEvent *out)
{
    memset(out, 0, sizeof *out);
    switch (e->type) {
    case SDL_EVENT_QUIT: out->kind = GFX_QUIT; return true;
    case SDL_EVENT_KEY_DOWN:
    case SDL_EVENT_TEXT_INPUT: return translate_key(gfx, e, out);
    case SDL_EVENT_MOUSE_MOTION:
    case SDL_EVENT_MOUSE_BUTTON_DOWN: return translate_pointer(gfx, e, out);
    default: return translate_window(gfx, e, out);
    }
}

void gfx_drop_keys(Gfx *gfx)
{
    if (gfx->window == NULL) return;
    SDL_PumpEvents();
    SDL_FlushEvents(SDL_EVENT_KEY_DOWN, SDL_EVENT_TEXT_INPUT);
    gfx->keypad_typed = false;
}

bool gfx_wait_event(Gfx *gfx, GfxEvent *event, int timeout_ms)
{
    if (gfx->window == NULL) return false;
    SDL_Event e;
    bool got = timeout_ms < 0 ? SDL_WaitEvent(&e) : SDL_WaitEventTimeout(&e, timeout_ms);
    while (got) {
        if (translate(gfx, &e, event)) return true;
        got = SDL_PollEvent(&e);
    }
    return false;
}

/* ---- What it runs on ---------------------------------------------------- */

static void version_text(char *out, size_t size, const char *name, int version)
{
    snprintf(out, size, "%s %d.%d.%d", name, SDL_VERSIONNUM_MAJOR(version), SDL_VERSIONNUM_MINOR(version),
             SDL_VERSIONNUM_MICRO(version));
}

void gfx_versions(char *out, size_t size)
{
    char sdl[32], ttf[32], image[32];
    version_text(sdl, sizeof sdl, "SDL", SDL_GetVersion());
    version_text(ttf, sizeof ttf, "SDL_ttf", TTF_Version());
    version_text(image, sizeof image, "SDL_image", IMG_Version());
    snprintf(out, size, "%s, %s, %s", sdl, ttf, image);
}
