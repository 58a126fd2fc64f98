/* The drawing layer, headless: every character draws as itself in any
 * colour (the per-colour glyph cache must never mix two up), fills and
 * outlines land where asked, scaled and tinted copies of a picture have
 * the right pixels, and a PNG written is read back the same. */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "gfx.h"

static Gfx *open_headless(void)
{
    char error[256];
    GfxOptions options = {200, 100, "test", true,
                          "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", 16};
    Gfx *gfx = gfx_open(&options, error, sizeof error);
    if (gfx == NULL) fprintf(stderr, "%s\n", error);
    return gfx;
}

/* A hash of what a rectangle shows */
static uint64_t picture_of(Gfx *gfx, Rect r)
{
    uint64_t hash = 1469598103934665603ull;
    for (int y = r.y; y < r.y + r.h; ++y) {
        for (int x = r.x; x < r.x + r.w; ++x) {
            Color c = {0, 0, 0, 0};
            gfx_pixel(gfx, x, y, &c);
            hash = (hash ^ (uint64_t)(c.r << 16 | c.g << 8 | c.b)) * 1099511628211ull;
        }
    }
    return hash;
}

/* Each printable character, drawn alone, looks unlike every other, in
 * each of two colours (the second time round, from the cache) */
static void glyphs_are_themselves(Gfx *gfx)
{
    static const Color colors[] = {{255, 240, 90, 255}, {120, 110, 95, 255}, {255, 240, 90, 255}};
    Rect cell = {10, 10, 30, 30};
    for (size_t k = 0; k < sizeof colors / sizeof colors[0]; ++k) {
        uint64_t seen[128] = {0};
        for (int c = 33; c < 127; ++c) {
            gfx_clear(gfx, (Color){0, 0, 0, 255});
            gfx_glyph(gfx, (char)c, cell, colors[k]);
            seen[c] = picture_of(gfx, cell);
            for (int d = 33; d < c; ++d) {
                if (seen[d] == seen[c]) {
                    fprintf(stderr, "'%c' and '%c' draw the same\n", d, c);
                    CHECK(false);
                }
            }
        }
    }
    /* the same character in the same colour is the same picture */
    gfx_clear(gfx, (Color){0, 0, 0, 255});
    gfx_text(gfx, "LM", 10, 10, colors[0]);
    uint64_t first = picture_of(gfx, (Rect){10, 10, 40, 30});
    gfx_clear(gfx, (Color){0, 0, 0, 255});
    gfx_text(gfx, "LM", 10, 10, colors[0]);
    CHECK(picture_of(gfx, (Rect){10, 10, 40, 30}) == first);
}

static bool pixel_is(Gfx *gfx, int x, int y, int r, int g, int b)
{
    Color c;
    return gfx_pixel(gfx, x, y, &c) && c.r == r && c.g == g && c.b == b;
}

static void shapes(Gfx *gfx)
{
    gfx_clear(gfx, (Color){1, 2, 3, 255});
    gfx_fill(gfx, (Rect){20, 20, 10, 10}, (Color){200, 100, 50, 255});
    gfx_outline(gfx, (Rect){50, 20, 10, 10}, (Color){10, 220, 30, 255});
    CHECK(pixel_is(gfx, 20, 20, 200, 100, 50) && pixel_is(gfx, 29, 29, 200, 100, 50));
    CHECK(pixel_is(gfx, 30, 30, 1, 2, 3));
    CHECK(pixel_is(gfx, 50, 25, 10, 220, 30) && pixel_is(gfx, 55, 25, 1, 2, 3));
    /* half see-through black halves the colour under it */
    gfx_fill(gfx, (Rect){20, 20, 10, 10}, (Color){0, 0, 0, 128});
    Color c;
    CHECK(gfx_pixel(gfx, 25, 25, &c) && c.r >= 95 && c.r <= 105);
}

/* A 2 x 2 picture scaled to 4 x 4 and tinted red: each pixel becomes a
 * 2 x 2 block, its green and blue gone */
static void scaled_copies(Gfx *gfx)
{
    static const uint32_t pixels[4] = {0xffffffff, 0x808080ff, 0x00ff00ff, 0x0000ffff};
    int image = gfx_make_image(gfx, 2, 2, pixels);
    CHECK(image >= 0);
    int red = gfx_scaled_image(gfx, image, 4, 4, (Color){255, 0, 0, 255});
    CHECK(red >= 0 && red != image);
    int w, h;
    gfx_image_size(gfx, red, &w, &h);
    CHECK(w == 4 && h == 4);
    gfx_clear(gfx, (Color){0, 0, 0, 255});
    gfx_image(gfx, red, (Rect){0, 0, 4, 4}, (Rect){100, 50, 4, 4}, (Color){255, 255, 255, 255});
    CHECK(pixel_is(gfx, 100, 50, 255, 0, 0) && pixel_is(gfx, 101, 51, 255, 0, 0));
    CHECK(pixel_is(gfx, 102, 50, 128, 0, 0) && pixel_is(gfx, 103, 51, 128, 0, 0));
    CHECK(pixel_is(gfx, 100, 52, 0, 0, 0) && pixel_is(gfx, 103, 53, 0, 0, 0));
    /* a freed image's slot is used again */
    gfx_free_image(gfx, red);
    int again = gfx_scaled_image(gfx, image, 6, 6, (Color){255, 255, 255, 255});
    CHECK_INT(again, red);
    gfx_free_image(gfx, again);
    gfx_free_image(gfx, image);
}

static void png_round_trip(Gfx *gfx)
{
    gfx_clear(gfx, (Color){9, 8, 7, 255});
    gfx_fill(gfx, (Rect){0, 0, 1, 1}, (Color){250, 0, 5, 255});
    gfx_present(gfx);
    char error[256];
    const char *path = "/tmp/amulets-test-gfx.png";
    CHECK(gfx_save_png(gfx, path, error, sizeof error));
    int w = 0, h = 0;
    uint32_t *pixels = NULL;
    CHECK(gfx_read_png(path, &w, &h, &pixels));
    CHECK(w == 200 && h == 100);
    if (pixels != NULL) {
        CHECK(pixels[0] == 0xfa0005ff);
        CHECK(pixels[1] == 0x090807ff);
    }
    free(pixels);
    remove(path);
    CHECK(!gfx_read_png("/tmp/amulets-no-such-file.png", &w, &h, &pixels));
}

int main(void)
{
    Gfx *gfx = open_headless();
    if (!CHECK(gfx != NULL)) return check_done("test_gfx");
    glyphs_are_themselves(gfx);
    shapes(gfx);
    scaled_copies(gfx);
    png_round_trip(gfx);
    gfx_close(gfx);
    return check_done("test_gfx");
}
