/* The screenshot mode, in both views, on several seeds and screens: runs
 * amulets --seed N --play KEYS --screenshot out.png, reads the picture
 * back, and checks what a player would see: its size, the player's colour
 * at the player's cell, a dialog's box where one is open, and a picture
 * that isn't one flat colour. */
#define _POSIX_C_SOURCE 200809L   /* getpid */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "gfx.h"

/* A run that dies waiting on floor 9: floor 9 is deadly for a newcomer */
#define DEATH_SEED "12"
#define DEATH_KEYS "........................................"

typedef struct Shot {
    int width, height;
    uint32_t *pixels;
    int player[4];     /* the player's cell, if reported */
    int dialog[4];     /* the dialog's box, if one was open */
    int map[4];        /* where the whole map would be drawn */
    int mistakes;      /* the data's, when they stopped start-up */
    bool has_player, has_dialog, has_map;
    char mode[16];
} Shot;

static const char *home(void)
{
    /* beside the build, not in /tmp: another build's run of this test
     * (another work tree's, the sanitizers') may share the machine */
    static char path[512];
    snprintf(path, sizeof path, "%s", AMULETS_BINARY);
    char *slash = strrchr(path, '/');
    size_t at = slash != NULL ? (size_t)(slash + 1 - path) : 0;
    snprintf(path + at, sizeof path - at, "screens-home");
    return path;
}

/* Runs the program with its save folder in dir and reads what it
 * reported and drew (into home(), to be looked at); from no save, unless
 * first makes one */
static bool take_in(Shot *shot, const char *dir, const char *first, const char *args, const char *name)
{
    memset(shot, 0, sizeof *shot);
    char png[600], report[600], command[4096];
    snprintf(png, sizeof png, "%s/%s.png", home(), name);
    snprintf(report, sizeof report, "%s/%s.txt", home(), name);
    /* no run waits: neither a save nor the journal of one */
    snprintf(command, sizeof command, "rm -rf '%s/save.txt' '%s/journal.txt' && %s%s AMULETS_HOME='%s' '%s' %s "
             "--screenshot '%s' > '%s'", dir, dir, first, first[0] ? " >/dev/null && " : "", dir, AMULETS_BINARY,
             args, png, report);
    int status = system(command);
    if (!CHECK(status == 0 || strstr(args, "--data") != NULL)) {
        fprintf(stderr, "failed: %s\n", command);
        return false;
    }
    FILE *file = fopen(report, "r");
    char line[256];
    while (file != NULL && fgets(line, sizeof line, file) != NULL) {
        int *p = shot->player, *d = shot->dialog;
        if (sscanf(line, "player %d %d %d %d", &p[0], &p[1], &p[2], &p[3]) == 4) shot->has_player = true;
        if (sscanf(line, "dialog %d %d %d %d", &d[0], &d[1], &d[2], &d[3]) == 4) shot->has_dialog = true;
        int *m = shot->map;
        if (sscanf(line, "map %d %d %d %d", &m[0], &m[1], &m[2], &m[3]) == 4) shot->has_map = true;
        sscanf(line, "mode %15s", shot->mode);
        sscanf(line, "mistakes %d", &shot->mistakes);
    }
    if (file != NULL) fclose(file);
    return CHECK(gfx_read_png(png, &shot->width, &shot->height, &shot->pixels));
}

static bool take(Shot *shot, const char *args, const char *name)
{
    return take_in(shot, home(), "", args, name);
}

static uint32_t pixel(const Shot *shot, int x, int y)
{
    return shot->pixels[(size_t)y * (size_t)shot->width + (size_t)x] | 0xff;
}

static uint32_t rgba(int r, int g, int b)
{
    return (uint32_t)r << 24 | (uint32_t)g << 16 | (uint32_t)b << 8 | 0xff;
}

/* How many different colours a rectangle holds (up to a limit) */
static int colours_in(const Shot *shot, int x0, int y0, int w, int h)
{
    uint32_t seen[64];
    int count = 0;
    for (int y = y0; y < y0 + h && y < shot->height; ++y) {
        for (int x = x0; x < x0 + w && x < shot->width; ++x) {
            uint32_t c = pixel(shot, x, y);
            bool known = false;
            for (int i = 0; i < count && !known; ++i) known = seen[i] == c;
            if (!known && count < 64) seen[count++] = c;
        }
    }
    return count;
}

static bool has_colour(const Shot *shot, int x0, int y0, int w, int h, uint32_t colour)
{
    for (int y = y0; y < y0 + h; ++y)
        for (int x = x0; x < x0 + w; ++x)
            if (pixel(shot, x, y) == colour) return true;
    return false;
}

static void check_common(const Shot *shot)
{
    CHECK_INT(shot->width, 1280);
    CHECK_INT(shot->height, 760);
    CHECK(colours_in(shot, 0, 0, shot->width, shot->height) > 20);   /* not one flat colour */
}

/* The player at their cell: in the glyph view an @ in the player's
 * colour, in the tile view a picture of many colours, not the background */
static void player_shot(const char *args, const char *name, bool tiles)
{
    Shot shot;
    if (!take(&shot, args, name)) return;
    check_common(&shot);
    CHECK(shot.has_player);
    if (shot.has_player) {
        const int *p = shot.player;
        if (tiles) {
            CHECK(p[2] >= 32 && p[3] >= 32);
            CHECK(colours_in(&shot, p[0], p[1], p[2], p[3]) >= 4);
        } else {
            CHECK(has_colour(&shot, p[0], p[1], p[2], p[3], rgba(255, 240, 90)));
        }
    }
    free(shot.pixels);
}

/* A dialog: its frame drawn round it, the panel's colour inside, and the
 * map around it shaded */
static void dialog(const char *args, const char *name, const char *mode)
{
    Shot shot;
    if (!take(&shot, args, name)) return;
    check_common(&shot);
    CHECK_STR(shot.mode, mode);
    CHECK(shot.has_dialog);
    if (shot.has_dialog) {
        const int *d = shot.dialog;
        uint32_t frame = rgba(150, 140, 110), panel = rgba(24, 24, 34);
        CHECK(pixel(&shot, d[0], d[1] + d[3] / 2) == frame);
        CHECK(pixel(&shot, d[0] + d[2] - 1, d[1] + d[3] / 2) == frame);
        CHECK(pixel(&shot, d[0] + d[2] / 2, d[1]) == frame);
        CHECK(pixel(&shot, d[0] + 2, d[1] + d[3] - 3) == panel);
        CHECK(colours_in(&shot, d[0], d[1], d[2], d[3]) > 3);   /* there's text in it */
    }
    free(shot.pixels);
}

/* The panel lists the monsters in view: the shrieker's name in its own
 * colour, beside the map (seed 17's ranger on floor 2 sees one after three steps north) */
static void sidebar(const char *args, const char *name)
{
    Shot shot;
    if (!take(&shot, args, name)) return;
    check_common(&shot);
    /* the panel: right of the whole map (the tile view reports none) */
    int right = shot.has_map ? shot.map[0] + shot.map[2] : shot.width * 4 / 5;
    CHECK(has_colour(&shot, right, 0, shot.width - right, shot.height, rgba(210, 130, 220)));
    free(shot.pixels);
}

/* The high scores, H on the title with a save waiting: the heading in
 * the title's colour, the entries and the keys, and no map */
static void scores_screen(void)
{
    /* a folder of its own, so nothing else's run deletes its save */
    char dir[600], first[2048];
    snprintf(dir, sizeof dir, "%s/high-scores-%ld", home(), (long)getpid());
    snprintf(first, sizeof first, "'%s' --home '%s' --seed " DEATH_SEED " --floor 9 --play " DEATH_KEYS
             " >/dev/null && '%s' --home '%s' --seed 21 --play 'hh<esc>S'", AMULETS_BINARY, dir, AMULETS_BINARY, dir);
    Shot shot;
    bool taken = take_in(&shot, dir, first, "--seed 21 --play H", "high-scores");
    snprintf(first, sizeof first, "rm -rf '%s'", dir);
    if (system(first) != 0) fprintf(stderr, "couldn't remove %s\n", dir);
    if (!taken) return;
    check_common(&shot);
    CHECK_STR(shot.mode, "scores");
    CHECK(!shot.has_player && !shot.has_dialog);
    CHECK(has_colour(&shot, 0, 0, shot.width, shot.height / 2, rgba(255, 240, 90)));   /* HIGH SCORES */
    CHECK(has_colour(&shot, 0, 0, shot.width, shot.height, rgba(220, 220, 220)));      /* an entry */
    CHECK(has_colour(&shot, 0, 0, shot.width, shot.height, rgba(120, 120, 130)));      /* the columns, the keys */
    CHECK(!has_colour(&shot, 0, 0, shot.width, shot.height, rgba(24, 24, 34)));        /* no panel, no map */
    free(shot.pixels);
}

/* The window scales: at any size the glyph view shows the whole map */
static void whole_map_at(const char *size, int width, int height)
{
    char args[128], name[64];
    snprintf(args, sizeof args, "--seed 4 --glyphs --size %s", size);
    snprintf(name, sizeof name, "size-%s", size);
    Shot shot;
    if (!take(&shot, args, name)) return;
    CHECK_INT(shot.width, width);
    CHECK_INT(shot.height, height);
    CHECK(shot.has_map && shot.has_player);
    const int *m = shot.map;
    CHECK(m[0] >= 0 && m[1] >= 0 && m[0] + m[2] <= width && m[1] + m[3] <= height);
    CHECK(m[2] >= width / 3 && m[3] >= height / 3);   /* and it's not a postage stamp */
    free(shot.pixels);
}

/* Mistakes in the data stop start-up with a box listing them */
static void data_errors(void)
{
    char command[1024];
    snprintf(command, sizeof command, "rm -rf '%s/baddata' && cp -r '%s/data' '%s/baddata' && "
             "sed -i 's/^hp  *= 4$/hp = four/; s/^damage  *= 1 3$/damage = 3 1/' '%s/baddata/monsters.txt'",
             home(), AMULETS_SOURCE_DIR, home(), home());
    if (!CHECK(system(command) == 0)) return;
    char args[600];
    snprintf(args, sizeof args, "--seed 1 --data '%s/baddata'", home());
    Shot shot;
    if (!take(&shot, args, "data-errors")) return;
    CHECK(shot.mistakes >= 2);
    CHECK(has_colour(&shot, 0, 0, shot.width, shot.height, rgba(230, 70, 60)));
    CHECK(colours_in(&shot, 0, 0, shot.width, shot.height) > 10);
    free(shot.pixels);
}

int main(void)
{
    char make[600];
    snprintf(make, sizeof make, "mkdir -p '%s'", home());
    if (system(make) != 0) return EXIT_FAILURE;
    player_shot("--seed 1 --play hhjj --glyphs", "glyphs-1", false);
    player_shot("--seed 7 --floor 3 --debug --play '<f1>' --glyphs", "glyphs-vault", false);
    player_shot("--seed 2 --floor 4 --glyphs", "glyphs-cave", false);
    player_shot("--seed 1 --play hhjj --tiles", "tiles-1", true);
    player_shot("--seed 7 --floor 3 --debug --play '<f1>' --tiles", "tiles-vault", true);
    player_shot("--seed 2 --floor 7 --tiles", "tiles-cave", true);
    dialog("--seed 3 --play i --glyphs", "inventory-glyphs", "inventory");
    dialog("--seed 3 --play i --tiles", "inventory-tiles", "inventory");
    dialog("--seed 3 --play '<esc>' --tiles", "menu", "menu");
    dialog("--seed " DEATH_SEED " --floor 9 --play " DEATH_KEYS " --glyphs", "death-glyphs", "dead");
    dialog("--seed " DEATH_SEED " --floor 9 --play " DEATH_KEYS " --tiles", "death-tiles", "dead");
    dialog("--seed 3 --play '?' --glyphs", "help-glyphs", "info");
    dialog("--seed 3 --play '?' --tiles", "help-tiles", "info");
    dialog("--seed 3 --play 'hh<ctrl_p>' --glyphs", "history-glyphs", "info");
    dialog("--seed 3 --play 'hh<ctrl_p>' --tiles", "history-tiles", "info");
    dialog("--seed 3 --play '@' --glyphs", "character-glyphs", "info");
    dialog("--seed 3 --play '@' --tiles", "character-tiles", "info");
    sidebar("--seed 17 --floor 2 --class ranger --glyphs --play kkk", "sidebar-glyphs");
    sidebar("--seed 17 --floor 2 --class ranger --tiles --play kkk", "sidebar-tiles");
    scores_screen();
    whole_map_at("800x480", 800, 480);
    whole_map_at("1920x1080", 1920, 1080);
    data_errors();
    return check_done("test_screens");
}
