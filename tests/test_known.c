/* What the player knows (known.c, memory.c): on floors built by hand, a
 * door opened by a monster out of sight stays closed in memory until seen
 * again, a secret door is a wall until found, an item stays where it was
 * seen, a monster is known only while in sight (with a mark where it was
 * last seen), and a hidden trap is unknown. The memory is saved: a
 * version 1 save loads with its memory worked out, a version 2 save reads
 * back to the same text. And over many random runs, what's known never
 * shows a monster out of sight, a trap not found, or a secret door. */
#define _POSIX_C_SOURCE 200809L

#include "files.h"
#include "gen.h"
#include "keys.h"
#include "known.h"
#include "run_debug.h"
#include "keyrun.h"
#include "runtest.h"
#include "scene.h"
#include "save.h"
#include "savetext.h"

enum { DIR_N, DIR_NE, DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W, DIR_NW };
enum { TRIES = 100 };

static GameData data;

/* ---- Building a floor ---------------------------------------------------- */

static Run *build(uint64_t seed, const char *const rows[])
{
    return scene_build(&data, seed, 1, rows);
}

static Point find(const char *const rows[], char c) { return scene_find(rows, c); }

static int spawn(Run *run, const char *id, Point pos, MonsterState state)
{
    Monster m = gen_monster(&data, data_find_monster(&data, id), pos, 0, state != MS_ASLEEP);
    m.state = state;
    Level *level = run_debug_level(run);
    CHECK(lvl_add_monster(level, &m));
    run_debug_refresh(run);
    return level->monster_count - 1;
}

static bool order(Run *run, CommandKind kind, int arg)
{
    bool accepted = run_command(run, cmd_make(kind, arg));
    CHECK(run_invariants_hold(run));
    return accepted;
}

static void step(Run *run, int dir) { CHECK(order(run, CMD_MOVE, dir)); }

static Terrain truth(const Run *run, Point cell)
{
    return map_at_point(&run_level(run)->map, cell);
}

static void expect_ground(const Run *run, Point cell, const char *ground, int line)
{
    LookInfo look;
    known_look(run, cell, &look);
    if (!check_at(strcmp(look.ground, ground) == 0, "the look panel's ground", __FILE__, line)) {
        fprintf(stderr, "      expected \"%s\", got \"%s\"\n", ground, look.ground);
    }
}

/* ---- Doors ----------------------------------------------------------------- */

/* The player sees the door closed, then goes round the corner; a kobold
 * opens it. The player remembers it closed until they see it again */
static void test_door_opened_out_of_sight(void)
{
    static const char *const rows[] = {
        "##########",
        "#k+....@.#",
        "########.#",
        "########.#",
        "########.#",
        "##########",
        NULL,
    };
    Run *run = build(1, rows);
    Point door = find(rows, '+');
    KnownCell k = known_cell(run, door);
    CHECK(k.visible && k.terrain == T_CLOSED_DOOR);
    step(run, DIR_SE);
    step(run, DIR_S);
    step(run, DIR_S);
    CHECK(!known_cell(run, door).visible);
    int kobold = spawn(run, "kobold", find(rows, 'k'), MS_HUNTING);
    Monster *m = &run_debug_level(run)->monsters[kobold];
    m->has_last_seen = true;
    m->last_seen = (Point){5, 1};
    for (int i = 0; i < TRIES && truth(run, door) == T_CLOSED_DOOR; ++i) CHECK(order(run, CMD_WAIT, 0));
    CHECK_INT(truth(run, door), T_OPEN_DOOR);
    /* the kobold goes, so nothing stands in the player's way back */
    lvl_remove_monster(run_debug_level(run), kobold);
    k = known_cell(run, door);
    CHECK(!k.visible && k.explored);
    CHECK_INT(k.terrain, T_CLOSED_DOOR);
    expect_ground(run, door, "A closed door.", __LINE__);

    /* back round the corner, and there it is, open */
    step(run, DIR_N);
    step(run, DIR_N);
    step(run, DIR_N);
    k = known_cell(run, door);
    CHECK(k.visible);
    CHECK_INT(k.terrain, T_OPEN_DOOR);
    expect_ground(run, door, "An open door.", __LINE__);
    run_free(run);
}

/* A secret door is a wall to the player, up close too, until searching
 * finds it; then it's a door */
static void test_secret_door(void)
{
    static const char *const rows[] = {
        "#######",
        "#....*.#",
        "#.@...##",
        "#######",
        NULL,
    };
    Run *run = build(2, rows);
    Point secret = find(rows, '*');
    step(run, DIR_E);
    step(run, DIR_NE);
    KnownCell k = known_cell(run, secret);
    CHECK(k.visible && k.terrain == T_WALL);
    expect_ground(run, secret, "A wall.", __LINE__);
    for (int i = 0; i < TRIES && truth(run, secret) == T_SECRET_DOOR; ++i) CHECK(order(run, CMD_SEARCH, 0));
    CHECK_INT(truth(run, secret), T_CLOSED_DOOR);
    CHECK_INT(known_cell(run, secret).terrain, T_CLOSED_DOOR);
    expect_ground(run, secret, "A closed door.", __LINE__);
    run_free(run);
}

/* ---- Items ----------------------------------------------------------------- */

/* An item seen stays where it was seen once it's out of sight, even if it
 * has gone since; when the player looks again, it's gone */
static void test_item_remembered(void)
{
    static const char *const rows[] = {
        "##########",
        "#!.....@.#",
        "########.#",
        "########.#",
        "########.#",
        "##########",
        NULL,
    };
    Run *run = build(3, rows);
    Point at = find(rows, '!');
    int potion = data_find_item(&data, "healing");
    FloorItem item = {at, {potion, 2}, false};
    CHECK(lvl_add_item(run_debug_level(run), &item));
    run_debug_refresh(run);
    CHECK_INT(known_cell(run, at).item, potion);
    step(run, DIR_SE);
    step(run, DIR_S);
    step(run, DIR_S);
    KnownCell k = known_cell(run, at);
    CHECK(!k.visible);
    CHECK_INT(k.item, potion);
    CHECK_INT(k.item_count, 2);
    LookInfo look;
    known_look(run, at, &look);
    char name[96], wanted[128];
    run_item_name(run, (Stack){potion, 2}, name, sizeof name);
    snprintf(wanted, sizeof wanted, "%s.", name);
    CHECK_STR(look.item, wanted);

    /* gone while nobody looked: still remembered */
    lvl_remove_item(run_debug_level(run), 0);
    run_debug_refresh(run);
    CHECK_INT(known_cell(run, at).item, potion);
    step(run, DIR_N);
    step(run, DIR_N);
    step(run, DIR_NW);
    CHECK_INT(known_cell(run, at).item, -1);
    run_free(run);
}

/* ---- Monsters -------------------------------------------------------------- */

/* A monster behind a wall isn't known at all; one seen and then out of
 * sight is only a mark where it was last seen, gone when it's seen again
 * elsewhere */
static void test_monsters_only_in_sight(void)
{
    static const char *const rows[] = {
        "###########",
        "#@....a...#",
        "#########.#",
        "#.b######.#",
        "#########.#",
        "###########",
        NULL,
    };
    Run *run = build(4, rows);
    Point hidden = find(rows, 'b');
    int rat = spawn(run, "giant_white_rat", hidden, MS_ASLEEP);
    KnownCell k = known_cell(run, hidden);
    CHECK(!k.visible && !k.explored);
    CHECK_INT(k.monster, -1);
    CHECK_INT(k.remembered, -1);

    Point seen = find(rows, 'a');
    int kobold = spawn(run, "kobold", seen, MS_ASLEEP);
    (void)rat;
    k = known_cell(run, seen);
    CHECK(k.visible);
    CHECK_INT(k.monster, kobold);
    LookInfo look;
    known_look(run, seen, &look);
    CHECK_STR(look.creature, "A kobold (asleep).");
    /* the player goes where they can't see its cell, and it's carried off
     * by hand to a room the player has never seen */
    step(run, DIR_E);
    Monster *m = &run_debug_level(run)->monsters[kobold];
    run_debug_player(run)->pos = (Point){9, 4};
    run_debug_refresh(run);
    CHECK(!known_cell(run, seen).visible);
    m->pos = (Point){1, 3};
    k = known_cell(run, seen);
    CHECK_INT(k.monster, -1);
    CHECK_INT(k.remembered, data_find_monster(&data, "kobold"));
    known_look(run, seen, &look);
    CHECK_STR(look.creature, "You saw a kobold here.");
    CHECK_INT(known_cell(run, m->pos).monster, -1);
    CHECK_INT(known_cell(run, m->pos).remembered, -1);

    /* seen again somewhere else: the mark goes, at once and for good */
    m->pos = (Point){9, 1};
    CHECK_INT(known_cell(run, m->pos).monster, kobold);
    CHECK_INT(known_cell(run, seen).remembered, -1);
    CHECK(order(run, CMD_SEARCH, 0));
    CHECK_INT(known_cell(run, seen).remembered, -1);
    run_free(run);
}

/* ---- Traps ----------------------------------------------------------------- */

static void test_hidden_trap(void)
{
    static const char *const rows[] = {
        "#######",
        "#@.^..#",
        "#######",
        NULL,
    };
    Run *run = build(5, rows);
    Point at = find(rows, '^');
    Trap trap = {at, TRAP_DART, false};
    CHECK(lvl_add_trap(run_debug_level(run), &trap));
    KnownCell k = known_cell(run, at);
    CHECK(k.visible);
    CHECK_INT(k.trap, -1);
    expect_ground(run, at, "Floor.", __LINE__);
    run_debug_level(run)->traps[0].known = true;
    CHECK_INT(known_cell(run, at).trap, TRAP_DART);
    expect_ground(run, at, "A dart trap.", __LINE__);
    run_free(run);
}

/* ---- Saves ------------------------------------------------------------------ */

static Run *read_save(const char *text, size_t length)
{
    Errors errors = {0};
    Run *run = NULL;
    LoadResult result = save_read(&data, text, length, &run, &errors);
    for (int i = 0; i < errors.count && i < 5; ++i) fprintf(stderr, "    %s\n", errors.lines[i]);
    CHECK_INT(result, LOAD_OK);
    errors_clear(&errors);
    return run;
}

/* What a version 1 save leaves the player knowing: every explored cell as
 * it looks (a secret door a wall), every item seen, and no monster out of
 * sight */
static void check_rebuilt(const Run *run)
{
    const Level *level = run_level(run);
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        KnownCell k = known_cell(run, p);
        Terrain t = map_at_point(&level->map, p);
        CHECK(k.explored == map_explored(&level->map, p.x, p.y));
        if (k.explored) CHECK_INT(k.terrain, t == T_SECRET_DOOR ? T_WALL : t);
        int item = lvl_item_at(level, p);
        bool seen = item >= 0 && (level->items[item].seen || k.visible);
        CHECK_INT(k.item, seen ? level->items[item].stack.kind : -1);
        CHECK_INT(k.remembered, -1);
    }
}

/* Version 2's text turned back into version 1's: the rows explored in 0s
 * and 1s, and nothing remembered */
static char *as_version_1(const char *text)
{
    /* "explored" is 3 letters longer than "known", once a row */
    size_t size = strlen(text) + 3 * MAP_H + 1;
    char *out = malloc(size), *at = out;
    if (out == NULL) exit(EXIT_FAILURE);
    bool skipping = false;
    while (*text != '\0') {
        const char *end = strchr(text, '\n');
        size_t n = end ? (size_t)(end - text) + 1 : strlen(text);
        if (text[0] == '[') skipping = strncmp(text, "[remembered_", 12) == 0 || strncmp(text, "[message]", 9) == 0;
        if (strncmp(text, "version = ", 10) == 0) {
            at += sprintf(at, "version = 1\n");
        } else if (strncmp(text, "known = ", 8) == 0 && !skipping && n == 8 + MAP_W + 1) {
            at += sprintf(at, "explored = ");
            for (int x = 0; x < MAP_W; ++x) *at++ = text[8 + x] == '-' ? '0' : '1';
            *at++ = '\n';
        } else if (!skipping && strncmp(text, "seen_at = ", 10) != 0) {
            memcpy(at, text, n);
            at += n;
        }
        text += n;
    }
    *at = '\0';
    return out;
}

static void test_version_1(void)
{
    /* the saves the game wrote before there was a memory */
    static const char *const FILES[] = {"save-floor1.txt", "save-floor4.txt", "save-floor6.txt",
                                        "save-floor9.txt"};
    for (size_t i = 0; i < sizeof FILES / sizeof FILES[0]; ++i) {
        char path[1024];
        snprintf(path, sizeof path, "%s/fuzz/corpus/save/%s", AMULETS_SOURCE_DIR, FILES[i]);
        size_t length;
        char *text = contents(path, &length);
        if (text == NULL) exit(EXIT_FAILURE);
        CHECK(strstr(text, "version = 1\n") != NULL);
        Run *run = read_save(text, length);
        if (run != NULL) check_rebuilt(run);
        run_free(run);
        free(text);
    }

    /* a secret door explored as a wall, and an item seen, kept across */
    static const char *const rows[] = {
        "#########",
        "#@..*...#",
        "#....!..#",
        "#########",
        NULL,
    };
    Run *run = build(6, rows);
    FloorItem item = {find(rows, '!'), {data_find_item(&data, "dagger"), 1}, false};
    CHECK(lvl_add_item(run_debug_level(run), &item));
    run_debug_refresh(run);
    char *v2 = save_write(run, NULL);
    char *v1 = as_version_1(v2);
    CHECK(strstr(v1, "[remembered_item]") == NULL && strstr(v1, "explored = ") != NULL);
    Run *loaded = read_save(v1, strlen(v1));
    if (loaded != NULL) {
        check_rebuilt(loaded);
        CHECK_INT(known_cell(loaded, find(rows, '*')).terrain, T_WALL);
        CHECK_INT(known_cell(loaded, find(rows, '!')).item, item.stack.kind);
        /* and it saves as version 2, knowing the same */
        char *again = save_write(loaded, NULL);
        CHECK_SAME_STATE(again, v2);
        free(again);
    }
    run_free(loaded);
    free(v1);
    free(v2);
    run_free(run);
}

/* Save, load, save: the same text, at random points of random runs */
static void test_round_trip(int seeds, int commands)
{
    for (int s = 0; s < seeds; ++s) {
        Run *run = run_new(&data, 500 + (uint64_t)s, 1 + s % LAST_FLOOR);
        Rng chooser;
        rng_seed(&chooser, (uint64_t)s ^ 0xfeed);
        KeyRun keys = keyrun_start();
        for (int i = 0; i < commands && run_mode(run) != MODE_DEAD && run_mode(run) != MODE_WON; ++i) {
            static const char KEYS[] = "hjklyubnhjklyubn..gs>yn";
            int key = KEYS[rng_roll(&chooser, 0, (int)sizeof KEYS - 2)];
            keyrun_press(&keys, run, key);
            /* a run that has ended isn't saved */
            if (rng_roll(&chooser, 0, 9) != 0 || run_mode(run) == MODE_DEAD || run_mode(run) == MODE_WON) {
                continue;
            }
            size_t length;
            char *text = save_write(run, &length);
            Run *loaded = read_save(text, length);
            if (loaded != NULL) {
                char *again = save_write(loaded, NULL);
                CHECK_SAME_STATE(again, text);
                free(again);
            }
            run_free(loaded);
            free(text);
        }
        run_free(run);
    }
}

/* ---- The invariant ----------------------------------------------------------- */

/* Nothing known that the player couldn't know */
static bool known_is_sound(const Run *run)
{
    int before = check_failures;
    const Level *level = run_level(run);
    for (int i = 0; i < MAP_CELLS && check_failures == before; ++i) {
        Point p = cell_point(i);
        KnownCell k = known_cell(run, p);
        CHECK(k.visible == map_visible(&level->map, p.x, p.y));
        CHECK(k.terrain != T_SECRET_DOOR);
        if (k.monster >= 0) {
            CHECK(k.visible);
            CHECK(point_eq(level->monsters[k.monster].pos, p));
        }
        if (k.remembered >= 0) CHECK(!k.visible && k.explored);
        int trap = lvl_trap_at(level, p);
        if (k.trap >= 0) CHECK(trap >= 0 && level->traps[trap].known);
        if (!k.explored && !k.visible) {
            CHECK(k.item < 0 && k.monster < 0 && k.remembered < 0 && k.trap < 0);
        }
        if (k.visible) {
            int item = lvl_item_at(level, p);
            CHECK_INT(k.item, item >= 0 ? level->items[item].stack.kind : -1);
            CHECK_INT(k.terrain, map_terrain_def(map_at_point(&level->map, p))->seen_as);
        }
    }
    return check_failures == before;
}

/* The test's own memory of a floor, kept from what the player is shown
 * after each command: the terrain and item of each cell last in sight */
typedef struct Shown {
    bool known[MAP_CELLS];
    Terrain terrain[MAP_CELLS];
    int item[MAP_CELLS];
    int arrivals;
} Shown;

/* True if the command made the player know cells they don't see now: a
 * magic map, or a teleport trap's first sight */
static bool learned_unseen(const Run *run, const uint8_t *explored_before)
{
    const Map *map = &run_level(run)->map;
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (map->explored[i] && !explored_before[i] && !map->visible[i]) return true;
    }
    return false;
}

/* Out of sight, the player knows each cell as it was last shown; after
 * a command that taught them cells unseen, what they know is taken as it
 * is. A cell whose terrain changed during the command (a door a monster
 * opened) may have been in sight as it changed, partway through the
 * command, and out of it by the end (an open door isn't seen at every
 * angle a closed one is): it may be known as it is now */
static bool memory_is_what_was_shown(const Run *run, Shown *shown, bool mapped,
                                     const uint8_t *terrain_before)
{
    int before = check_failures;
    if (run_arrivals(run) != shown->arrivals) {
        memset(shown, 0, sizeof *shown);
        shown->arrivals = run_arrivals(run);
    }
    for (int i = 0; i < MAP_CELLS && check_failures == before; ++i) {
        KnownCell k = known_cell(run, cell_point(i));
        if (k.visible || (mapped && k.explored)) {
            shown->known[i] = true;
            shown->terrain[i] = k.terrain;
            shown->item[i] = k.item;
        } else if (shown->known[i]) {
            uint8_t now = run_level(run)->map.terrain[i];
            if (now != terrain_before[i] && k.terrain == map_terrain_def((Terrain)now)->seen_as) {
                shown->terrain[i] = k.terrain;   /* seen as it changed */
            }
            CHECK_INT(k.terrain, shown->terrain[i]);
            CHECK_INT(k.item, shown->item[i]);
        }
    }
    return check_failures == before;
}

static void test_never_past_sight(int seeds, int commands)
{
    static const char KEYS[] = "hjklyubnhjklyubnhjklyubn..gs>yniadaab";
    static Shown shown;
    for (int s = 0; s < seeds; ++s) {
        Run *run = run_new(&data, 9000 + (uint64_t)s, 1 + s % LAST_FLOOR);
        Rng chooser;
        rng_seed(&chooser, (uint64_t)s);
        memset(&shown, 0, sizeof shown);
        KeyRun keys = keyrun_start();
        for (int i = 0; i < commands && run_mode(run) != MODE_DEAD && run_mode(run) != MODE_WON; ++i) {
            int key = KEYS[rng_roll(&chooser, 0, (int)sizeof KEYS - 2)];
            static uint8_t explored[MAP_CELLS], terrain[MAP_CELLS];
            memcpy(explored, run_level(run)->map.explored, sizeof explored);
            memcpy(terrain, run_level(run)->map.terrain, sizeof terrain);
            keyrun_press(&keys, run, key);
            bool mapped = learned_unseen(run, explored);
            if (!known_is_sound(run) || !memory_is_what_was_shown(run, &shown, mapped, terrain)) {
                fprintf(stderr, "seed %d: what's known went wrong after command %d\n", 9000 + s, i);
                break;
            }
        }
        run_free(run);
    }
}

int main(void)
{
    load_shipped_data(&data);
    bool sanitized = getenv("AMULETS_SANITIZED") != NULL;
    test_door_opened_out_of_sight();
    test_secret_door();
    test_item_remembered();
    test_monsters_only_in_sight();
    test_hidden_trap();
    test_version_1();
    test_round_trip(sanitized ? 6 : 30, 300);
    test_never_past_sight(sanitized ? 10 : 100, 300);
    data_free(&data);
    return check_done("test_known");
}
