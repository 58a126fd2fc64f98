/* The tile view's pictures (src/sdl/tiles.c, builtin_tiles.c): the
 * shipped tiles.txt against the installed atlases, every kind of mistake
 * in a tiles.txt with its exact message (against a small atlas this test
 * draws and saves itself), the built-in pictures when the atlases are
 * missing, and the built-in pictures themselves. Draws headless, with
 * the software renderer. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "file.h"
#include "gfx.h"
#include "records.h"
#include "tiles.h"

enum { TEXT_SIZE = 1 << 15, ATLAS_W = 256, ATLAS_H = 128 };

static const char *const FONTS[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
    "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
};

/* What every test shares */
typedef struct World {
    Gfx *gfx;
    GameData data;
    char dir[512];          /* a folder of this test's own */
    char atlas_dir[600];    /* in it: a.png, ATLAS_W x ATLAS_H, its left half opaque */
    char empty_dir[600];    /* in it: a folder with no atlases */
    char tiles_txt[600];    /* where the test writes its tiles.txt */
} World;

/* ---- Setting up -------------------------------------------------------------- */

static Gfx *open_gfx(void)
{
    for (size_t i = 0; i < sizeof FONTS / sizeof FONTS[0]; ++i) {
        if (access(FONTS[i], R_OK) != 0) continue;
        GfxOptions options = {ATLAS_W, ATLAS_H, "test", true, FONTS[i], 14};
        char error[256];
        Gfx *gfx = gfx_open(&options, error, sizeof error);
        if (gfx == NULL) fprintf(stderr, "gfx_open: %s\n", error);
        return gfx;
    }
    fprintf(stderr, "no DejaVu Sans Mono font (Debian's fonts-dejavu-core)\n");
    return NULL;
}

/* a.png: coloured squares on the left half, nothing on the right */
static bool make_atlas(World *w)
{
    gfx_clear(w->gfx, (Color){0, 0, 0, 0});
    for (int i = 0; i < 16; ++i) {
        Color c = {(uint8_t)(40 + i * 12), (uint8_t)(200 - i * 9), (uint8_t)(i * 15), 255};
        gfx_fill(w->gfx, (Rect){(i % 4) * 32, (i / 4) * 32, 32, 32}, c);
        gfx_fill(w->gfx, (Rect){(i % 4) * 32 + 8, (i / 4) * 32 + 8, 8, 8}, (Color){250, 250, 250, 255});
    }
    gfx_present(w->gfx);
    char path[700], error[256];
    snprintf(path, sizeof path, "%s/a.png", w->atlas_dir);
    bool saved = gfx_save_png(w->gfx, path, error, sizeof error);
    if (!saved) fprintf(stderr, "%s\n", error);
    return saved;
}

static bool set_up(World *w)
{
    memset(w, 0, sizeof *w);
    const char *tmp = getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp";
    snprintf(w->dir, sizeof w->dir, "%s/test_tiles.XXXXXX", tmp);
    if (!CHECK(mkdtemp(w->dir) != NULL)) return false;
    snprintf(w->atlas_dir, sizeof w->atlas_dir, "%s/atlases", w->dir);
    snprintf(w->empty_dir, sizeof w->empty_dir, "%s/empty", w->dir);
    snprintf(w->tiles_txt, sizeof w->tiles_txt, "%s/tiles.txt", w->dir);
    char error[256];
    CHECK(file_make_dirs(w->atlas_dir, error, sizeof error));
    CHECK(file_make_dirs(w->empty_dir, error, sizeof error));
    Errors errors = {0};
    bool loaded = CHECK(data_load_dir(&w->data, AMULETS_SOURCE_DIR "/data", &errors));
    errors_clear(&errors);
    if (!loaded) return false;
    w->gfx = open_gfx();
    return CHECK(w->gfx != NULL) && CHECK(make_atlas(w));
}

static void tear_down(World *w)
{
    char command[1200];
    snprintf(command, sizeof command, "rm -rf '%s'", w->dir);
    if (system(command) != 0) fprintf(stderr, "couldn't remove %s\n", w->dir);
    data_free(&w->data);
    gfx_close(w->gfx);
}

/* ---- Writing a tiles.txt ------------------------------------------------------- */

typedef struct Text {
    char text[TEXT_SIZE];
    size_t len;
    int lines;
} Text;

/* Adds a line; returns its number */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int add_line(Text *t, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int n = vsnprintf(t->text + t->len, sizeof t->text - t->len, format, args);
    va_end(args);
    if (n >= 0 && t->len + (size_t)n + 1 < sizeof t->text) {
        t->len += (size_t)n;
        t->text[t->len++] = '\n';
        t->text[t->len] = '\0';
    }
    return ++t->lines;
}

/* A [tile] record; returns its first line (name is +1, atlas +2, rect +3) */
static int add_tile(Text *t, const char *name, const char *atlas, const char *rect)
{
    int first = add_line(t, "[tile]");
    add_line(t, "name  = %s", name);
    add_line(t, "atlas = %s", atlas);
    add_line(t, "rect  = %s", rect);
    return first;
}

/* A good record for every needed name but skip, each its own square of
 * a.png */
static void add_all(Text *t, const GameData *data, const char *skip)
{
    const char *names[256];
    int count = tiles_needed(data, names, 256);
    add_line(t, "# a test's tiles.txt");
    for (int i = 0; i < count; ++i) {
        if (skip != NULL && strcmp(names[i], skip) == 0) continue;
        char rect[64];
        snprintf(rect, sizeof rect, "%d %d 32 32", (i % 4) * 32, (i / 4 % 4) * 32);
        add_tile(t, names[i], "a.png", rect);
        add_line(t, "%s", "");
    }
}

static bool write_text(const World *w, const Text *t)
{
    FILE *file = fopen(w->tiles_txt, "w");
    if (file == NULL) return false;
    bool ok = fwrite(t->text, 1, t->len, file) == t->len;
    return fclose(file) == 0 && ok;
}

/* Loads the text against a.png; the set, if it loaded */
static TileSet *load_text(World *w, const Text *t, Errors *errors, bool *builtin)
{
    CHECK(write_text(w, t));
    return tiles_load(w->gfx, &w->data, w->tiles_txt, w->atlas_dir, errors, builtin);
}

/* The text gives exactly the one mistake expected, and no set */
static void expect_one(World *w, const Text *t, const char *expected)
{
    Errors errors = {0};
    bool builtin = true;
    TileSet *set = load_text(w, t, &errors, &builtin);
    CHECK(set == NULL);
    CHECK(!builtin);
    CHECK_INT(errors.count, 1);
    if (errors.count >= 1) CHECK_STR(errors.lines[0], expected);
    for (int i = 1; i < errors.count; ++i) fprintf(stderr, "    also: %s\n", errors.lines[i]);
    tiles_free(set);
    errors_clear(&errors);
}

/* ---- Reading pixels back ------------------------------------------------------ */

/* Draws a tile into the top left (64 x 64) and counts its colours */
static int colours_drawn(Gfx *gfx, const Tile *tile)
{
    gfx_clear(gfx, (Color){0, 0, 0, 255});
    gfx_image(gfx, tile->image, tile->src, (Rect){0, 0, 64, 64}, (Color){255, 255, 255, 255});
    gfx_present(gfx);
    uint32_t seen[16];
    int count = 0;
    for (int y = 0; y < 64; ++y) {
        for (int x = 0; x < 64; ++x) {
            Color c;
            if (!gfx_pixel(gfx, x, y, &c)) return 0;
            uint32_t v = (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b;
            bool known = false;
            for (int i = 0; i < count && !known; ++i) known = seen[i] == v;
            if (!known && count < 16) seen[count++] = v;
        }
    }
    return count;
}

/* True if a colour is the pink of a missing picture */
static bool pinkish(Color c)
{
    return c.r > 200 && c.g < 60 && c.b > 200;
}

static bool centre_is_pink(Gfx *gfx)
{
    Color c = {0, 0, 0, 0};
    return gfx_pixel(gfx, 32, 32, &c) && pinkish(c);
}

/* ---- The names ------------------------------------------------------------------ */

static void test_needed(const World *w)
{
    const char *names[256];
    int count = tiles_needed(&w->data, names, 256);
    CHECK_INT(tiles_needed(&w->data, NULL, 0), count);
    /* 8 of the game's own, 19 monsters, 14 items' (potions share one,
     * scrolls one, the swords one, the metal armors one) */
    CHECK_INT(count, 8 + 19 + 14);
    static const char *const MUST[] = {"wall", "floor", "cave-floor", "stairs", "door", "open-door",
                                       "trap", "player", "jackal", "young-red-dragon", "potion",
                                       "metal-armor", "amulet"};
    for (size_t m = 0; m < sizeof MUST / sizeof MUST[0]; ++m) {
        int found = 0;
        for (int i = 0; i < count; ++i) found += strcmp(names[i], MUST[m]) == 0;
        if (!CHECK(found == 1)) fprintf(stderr, "    for '%s': %d\n", MUST[m], found);
    }
    for (int i = 0; i < count; ++i) {
        for (int j = 0; j < i; ++j) CHECK(strcmp(names[i], names[j]) != 0);
    }
    const char *few[3] = {NULL, NULL, NULL};
    CHECK_INT(tiles_needed(&w->data, few, 2), count);
    CHECK(few[0] != NULL && few[1] != NULL && few[2] == NULL);
}

/* ---- The shipped tiles.txt -------------------------------------------------------- */

static void check_every_name(World *w, const TileSet *set, bool atlas)
{
    const char *names[256];
    int count = tiles_needed(&w->data, names, 256);
    for (int i = 0; i < count; ++i) {
        const Tile *tile = tiles_find(set, names[i]);
        if (!CHECK(tile != NULL)) {
            fprintf(stderr, "    no picture for '%s'\n", names[i]);
            continue;
        }
        int iw, ih;
        gfx_image_size(w->gfx, tile->image, &iw, &ih);
        CHECK(tile->src.w == tile->src.h);
        CHECK(tile->src.w >= TILE_PX && tile->src.w <= TILES_MAX_SIDE);
        CHECK(tile->src.x >= 0 && tile->src.y >= 0);
        CHECK(tile->src.x + tile->src.w <= iw && tile->src.y + tile->src.h <= ih);
        /* drawn, it's a picture: several colours, never the pink of a missing one */
        if (!CHECK(colours_drawn(w->gfx, tile) >= 3)) fprintf(stderr, "    for '%s'\n", names[i]);
        CHECK(!centre_is_pink(w->gfx));
        if (!atlas) CHECK(tiles_tinted(set, names[i]));
    }
    CHECK(tiles_find(set, "jackall") == NULL);
    CHECK(tiles_find(set, "") == NULL);
    CHECK(!tiles_tinted(set, "jackall"));
}

static void test_shipped(World *w)
{
    char probe[256];
    snprintf(probe, sizeof probe, "%s/player.png", TILES_DEFAULT_DIR);
    if (!file_exists(probe)) {
        printf("test_tiles: %s isn't installed (crawl-tiles-data); not testing it\n", TILES_DEFAULT_DIR);
        return;
    }
    Errors errors = {0};
    bool builtin = true;
    TileSet *set = tiles_load(w->gfx, &w->data, AMULETS_SOURCE_DIR "/data/tiles.txt",
                              TILES_DEFAULT_DIR, &errors, &builtin);
    CHECK(set != NULL);
    CHECK_INT(errors.count, 0);
    for (int i = 0; i < errors.count && i < 10; ++i) fprintf(stderr, "    %s\n", errors.lines[i]);
    CHECK(!builtin);
    CHECK(!tiles_is_builtin(set));
    if (set != NULL) check_every_name(w, set, true);
    CHECK(tiles_tinted(set, "potion"));
    CHECK(tiles_tinted(set, "scroll"));
    CHECK(tiles_tinted(set, "trap"));
    CHECK(!tiles_tinted(set, "jackal"));
    CHECK(!tiles_tinted(set, "wall"));
    tiles_free(set);
    errors_clear(&errors);
}

/* ---- The built-in pictures --------------------------------------------------------- */

static void test_missing_atlases(World *w, const char *dir)
{
    Errors errors = {0};
    bool builtin = false;
    TileSet *set = tiles_load(w->gfx, &w->data, AMULETS_SOURCE_DIR "/data/tiles.txt", dir, &errors,
                              &builtin);
    CHECK(set != NULL);
    CHECK_INT(errors.count, 0);
    CHECK(builtin);
    CHECK(tiles_is_builtin(set));
    if (set != NULL) check_every_name(w, set, false);
    tiles_free(set);
    errors_clear(&errors);
}

static int colours_in(const uint32_t *pixels)
{
    uint32_t seen[8];
    int count = 0;
    for (int i = 0; i < TILE_PX * TILE_PX; ++i) {
        bool known = false;
        for (int j = 0; j < count && !known; ++j) known = seen[j] == pixels[i];
        if (!known && count < 8) seen[count++] = pixels[i];
    }
    return count;
}

static int clear_pixels(const uint32_t *pixels)
{
    int clear = 0;
    for (int i = 0; i < TILE_PX * TILE_PX; ++i) clear += (pixels[i] & 0xff) == 0;
    return clear;
}

static void test_builtin_pictures(const World *w)
{
    const char *names[256];
    int count = tiles_needed(&w->data, names, 256);
    uint32_t (*pictures)[TILE_PX * TILE_PX] = calloc((size_t)count, sizeof *pictures);
    if (!CHECK(pictures != NULL)) return;
    for (int i = 0; i < count; ++i) {
        tiles_draw_builtin(&w->data, names[i], pictures[i]);
        bool ground = i < 6;   /* the map's: wall to open-door, filling their cells */
        if (!CHECK(colours_in(pictures[i]) >= 3)) fprintf(stderr, "    for '%s'\n", names[i]);
        CHECK(ground ? clear_pixels(pictures[i]) == 0 : clear_pixels(pictures[i]) > 100);
        CHECK(clear_pixels(pictures[i]) < TILE_PX * TILE_PX - 40);
        for (int j = 0; j < i; ++j) {
            bool same = memcmp(pictures[i], pictures[j], sizeof pictures[i]) == 0;
            if (!CHECK(!same)) fprintf(stderr, "    '%s' looks like '%s'\n", names[i], names[j]);
        }
    }
    /* the same every time */
    uint32_t again[TILE_PX * TILE_PX];
    tiles_draw_builtin(&w->data, names[count - 1], again);
    CHECK(memcmp(again, pictures[count - 1], sizeof again) == 0);
    free(pictures);
}

/* Two new kinds of one glyph, with no shapes of their own, still differ */
static void test_builtin_new_kinds(World *w)
{
    GameData data = w->data;
    MonsterDef monsters[64];
    if (!CHECK(data.monster_count + 2 <= 64)) return;
    memcpy(monsters, data.monsters, (size_t)data.monster_count * sizeof *monsters);
    monsters[data.monster_count] = monsters[0];
    monsters[data.monster_count + 1] = monsters[0];
    snprintf(monsters[data.monster_count].tile, TILE_SIZE, "%s", "newt");
    snprintf(monsters[data.monster_count + 1].tile, TILE_SIZE, "%s", "newer-newt");
    data.monsters = monsters;
    data.monster_count += 2;
    uint32_t a[TILE_PX * TILE_PX], b[TILE_PX * TILE_PX];
    tiles_draw_builtin(&data, "newt", a);
    CHECK(colours_in(a) >= 3);
    TileSet *set = tiles_builtin(w->gfx, &data);
    CHECK(set != NULL);
    const Tile *one = tiles_find(set, "newt"), *two = tiles_find(set, "newer-newt");
    if (CHECK(one != NULL && two != NULL)) {
        /* read both back as drawn */
        uint32_t *pictures[2] = {a, b};
        const Tile *tiles[2] = {one, two};
        for (int k = 0; k < 2; ++k) {
            gfx_clear(w->gfx, (Color){0, 0, 0, 255});
            gfx_image(w->gfx, tiles[k]->image, tiles[k]->src, (Rect){0, 0, TILE_PX, TILE_PX},
                      (Color){255, 255, 255, 255});
            gfx_present(w->gfx);
            for (int i = 0; i < TILE_PX * TILE_PX; ++i) {
                Color c;
                gfx_pixel(w->gfx, i % TILE_PX, i / TILE_PX, &c);
                pictures[k][i] = (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b;
            }
        }
        CHECK(memcmp(a, b, sizeof a) != 0);
    }
    tiles_free(set);
}

/* ---- Mistakes ---------------------------------------------------------------------- */

/* A jackal record with one line changed: key is "name", "atlas", "rect"
 * or a line to add; returns the changed line's number */
static int jackal_with(Text *t, const World *w, const char *key, const char *value)
{
    add_all(t, &w->data, "jackal");
    int first = add_line(t, "[tile]");
    int name = add_line(t, "name = %s", strcmp(key, "name") == 0 ? value : "jackal");
    int atlas = add_line(t, "atlas = %s", strcmp(key, "atlas") == 0 ? value : "a.png");
    int rect = add_line(t, "rect = %s", strcmp(key, "rect") == 0 ? value : "0 0 32 32");
    if (strcmp(key, "extra") == 0) return add_line(t, "%s", value);
    return strcmp(key, "name") == 0 ? name : strcmp(key, "atlas") == 0 ? atlas
         : strcmp(key, "rect") == 0 ? rect : first;
}

static void expect_jackal(World *w, const char *key, const char *value, const char *message)
{
    Text t = {{0}, 0, 0};
    int line = jackal_with(&t, w, key, value);
    char expected[600];
    snprintf(expected, sizeof expected, "tiles.txt:%d: %s", line, message);
    expect_one(w, &t, expected);
}

static void test_line_mistakes(World *w)
{
    expect_jackal(w, "extra", "colour = red", "unknown key 'colour'");
    expect_jackal(w, "extra", "tint = maybe", "'tint' should be yes or no");
    expect_jackal(w, "rect", "1 2 3", "'rect' should be 4 whole numbers");
    expect_jackal(w, "rect", "0 0 32 thirty", "'rect' should be 4 whole numbers");
    expect_jackal(w, "rect", "-1 0 32 32", "'rect' should be at least 0");
    expect_jackal(w, "rect", "0 0 0 32", "'rect' needs a width and a height of at least 1");
    expect_jackal(w, "rect", "0 0 32 129", "'rect' is bigger than a picture may be (128 x 128)");
    expect_jackal(w, "atlas", "../a.png",
                  "'atlas' should be the name of a file in the tiles folder, such as player.png");
    expect_jackal(w, "rect", "240 0 32 32", "the rectangle runs off a.png (256 x 128)");
    expect_jackal(w, "rect", "0 100 32 32", "the rectangle runs off a.png (256 x 128)");
    expect_jackal(w, "rect", "160 0 32 32", "the rectangle is empty: every pixel of it in a.png is clear");
    char message[700];
    snprintf(message, sizeof message, "there's no atlas called 'foo.png' in %s", w->atlas_dir);
    expect_jackal(w, "atlas", "foo.png", message);
}

static void test_name_mistakes(World *w)
{
    Text t = {{0}, 0, 0};
    add_all(&t, &w->data, "jackal");
    expect_one(w, &t, "tiles.txt: there's no picture for 'jackal'");

    Text twice = {{0}, 0, 0};
    add_all(&twice, &w->data, NULL);
    int again = add_tile(&twice, "jackal", "a.png", "0 0 32 32");
    char expected[200];
    /* add_all writes a comment, then 5 lines a name in needed order */
    const char *names[256];
    int count = tiles_needed(&w->data, names, 256), first = 0;
    for (int i = 0; i < count; ++i) {
        if (strcmp(names[i], "jackal") == 0) first = 2 + 5 * i + 1;
    }
    snprintf(expected, sizeof expected, "tiles.txt:%d: 'jackal' is given twice (first on line %d)",
             again + 1, first);
    expect_one(w, &twice, expected);

    Text extra = {{0}, 0, 0};
    add_all(&extra, &w->data, NULL);
    int line = add_tile(&extra, "jackall", "a.png", "0 0 32 32");
    snprintf(expected, sizeof expected, "tiles.txt:%d: nothing is drawn with the tile 'jackall'", line + 1);
    expect_one(w, &extra, expected);

    Text record = {{0}, 0, 0};
    add_all(&record, &w->data, NULL);
    line = add_line(&record, "[tiles]");
    add_line(&record, "name = wall");
    snprintf(expected, sizeof expected, "tiles.txt:%d: unknown record [tiles]", line);
    expect_one(w, &record, expected);
}

/* Every mistake of a file is found, each once */
static void test_many_mistakes(World *w)
{
    Text t = {{0}, 0, 0};
    add_all(&t, &w->data, "wolf");
    add_tile(&t, "jackal", "a.png", "0 0 32 32");
    add_tile(&t, "jackall", "a.png", "0 0 32 32");
    add_tile(&t, "ogre", "a.png", "1 2");
    add_line(&t, "size = 3");
    add_line(&t, "this isn't anything");
    Errors errors = {0};
    bool builtin = true;
    TileSet *set = load_text(w, &t, &errors, &builtin);
    CHECK(set == NULL);
    /* jackal and ogre twice, jackall, the bad rect, size, the odd line, no wolf */
    CHECK_INT(errors.count, 7);
    tiles_free(set);
    errors_clear(&errors);
}

static void test_unreadable(World *w)
{
    Errors errors = {0};
    char path[700];
    snprintf(path, sizeof path, "%s/no-such/tiles.txt", w->dir);
    bool builtin = true;
    TileSet *set = tiles_load(w->gfx, &w->data, path, w->atlas_dir, &errors, &builtin);
    CHECK(set == NULL);
    CHECK(!builtin);
    CHECK_INT(errors.count, 1);
    if (errors.count == 1) CHECK_STR(errors.lines[0], "tiles.txt: it can't be read: it isn't there");
    errors_clear(&errors);
}

/* Garbage, and a flood of records, are reported without trouble */
static void test_garbage(World *w)
{
    static Text t;
    memset(&t, 0, sizeof t);
    unsigned x = 12345;
    for (size_t i = 0; i < 20000; ++i) {
        x = x * 1103515245u + 12345u;
        t.text[t.len++] = (char)(x >> 16);
    }
    Errors errors = {0};
    CHECK(load_text(w, &t, &errors, NULL) == NULL);
    CHECK(errors.count > 0 && errors.count <= REC_MAX_MISTAKES + 40);
    errors_clear(&errors);

    memset(&t, 0, sizeof t);
    for (int i = 0; i < 500; ++i) add_tile(&t, i % 2 ? "wall" : "nothing-at-all", "a.png", "0 0 32 32");
    CHECK(load_text(w, &t, &errors, NULL) == NULL);
    CHECK(errors.count > 0 && errors.count <= REC_MAX_MISTAKES + 40);
    errors_clear(&errors);
}

/* A tiles.txt with no mistakes against the test's own atlas */
static void test_good_text(World *w)
{
    Text t = {{0}, 0, 0};
    add_all(&t, &w->data, "potion");
    add_tile(&t, "potion", "a.png", "8 8 8 8");
    add_line(&t, "tint = yes");
    Errors errors = {0};
    bool builtin = true;
    TileSet *set = load_text(w, &t, &errors, &builtin);
    CHECK(set != NULL);
    CHECK_INT(errors.count, 0);
    CHECK(!builtin);
    CHECK(tiles_tinted(set, "potion"));
    CHECK(!tiles_tinted(set, "jackal"));
    const Tile *potion = tiles_find(set, "potion");
    if (CHECK(potion != NULL)) {
        /* an 8 x 8 picture sits in the middle of its 32 x 32 cell */
        CHECK_INT(potion->src.w, TILE_PX);
        gfx_clear(w->gfx, (Color){0, 0, 0, 255});
        gfx_image(w->gfx, potion->image, potion->src, (Rect){0, 0, 32, 32}, (Color){255, 255, 255, 255});
        gfx_present(w->gfx);
        Color middle = {0, 0, 0, 0}, corner = {9, 9, 9, 9};
        gfx_pixel(w->gfx, 16, 16, &middle);
        gfx_pixel(w->gfx, 2, 2, &corner);
        CHECK(middle.r == 250 && middle.g == 250 && middle.b == 250);
        CHECK(corner.r == 0 && corner.g == 0 && corner.b == 0);
    }
    tiles_free(set);
    errors_clear(&errors);
}

int main(void)
{
    World w;
    if (set_up(&w)) {
        test_needed(&w);
        test_shipped(&w);
        test_missing_atlases(&w, "/no/such/folder");
        test_missing_atlases(&w, w.empty_dir);
        test_builtin_pictures(&w);
        test_builtin_new_kinds(&w);
        test_line_mistakes(&w);
        test_name_mistakes(&w);
        test_many_mistakes(&w);
        test_unreadable(&w);
        test_garbage(&w);
        test_good_text(&w);
    }
    tear_down(&w);
    return check_done("test_tiles");
}
