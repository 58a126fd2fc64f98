/* Stamping vaults into a map: every shipped vault's terrain and contents
 * match its rows, and the way in is found on each of the four sides. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "data.h"
#include "runtest.h"
#include "map.h"
#include "vault.h"

/* A terrain no vault writes, so a cell left as it was shows */
enum { UNTOUCHED = T_STAIRS };

static Terrain expected_terrain(char symbol)
{
    switch (symbol) {
    case ' ': return (Terrain)UNTOUCHED;
    case '#': return T_WALL;
    case '+': return T_CLOSED_DOOR;
    case 'S': return T_SECRET_DOOR;
    default: return T_FLOOR;
    }
}

static bool has_point(const Point *points, int count, Point p)
{
    for (int i = 0; i < count; ++i) {
        if (point_eq(points[i], p)) return true;
    }
    return false;
}

static int count_symbol(const VaultDef *vault, char symbol)
{
    int count = 0;
    for (int y = 0; y < vault->h; ++y) {
        for (int x = 0; x < vault->w; ++x) count += vault->rows[y][x] == symbol;
    }
    return count;
}

/* Each cell of the contents is in the vault, on its symbol */
static bool contents_on(const VaultDef *vault, Point corner, const Point *points, int count,
                        char symbol)
{
    for (int i = 0; i < count; ++i) {
        int x = points[i].x - corner.x, y = points[i].y - corner.y;
        if (vault_outside(vault, x, y) || vault->rows[y][x] != symbol) return false;
    }
    return count == count_symbol(vault, symbol);
}

static void check_stamp(const VaultDef *vault, Point corner)
{
    Map map;
    map_fill(&map, (Terrain)UNTOUCHED);
    VaultContents contents;
    memset(&contents, 0xAB, sizeof contents);
    vault_stamp(&map, vault, corner, &contents);

    bool terrain_right = true;
    for (int y = -1; y <= vault->h; ++y) {
        for (int x = -1; x <= vault->w; ++x) {
            if (!in_bounds(corner.x + x, corner.y + y)) continue;
            bool inside = x >= 0 && y >= 0 && x < vault->w && y < vault->h;
            Terrain want = inside ? expected_terrain(vault->rows[y][x]) : (Terrain)UNTOUCHED;
            terrain_right = terrain_right && map_at(&map, corner.x + x, corner.y + y) == want;
        }
    }
    if (!terrain_right) fprintf(stderr, "  vault %s\n", vault->id);
    CHECK(terrain_right);
    CHECK(contents_on(vault, corner, contents.traps, contents.trap_count, '^'));
    CHECK(contents_on(vault, corner, contents.treasure, contents.treasure_count, '$'));
    CHECK(contents_on(vault, corner, contents.monsters, contents.monster_count, 'm'));
    CHECK(contents_on(vault, corner, contents.guardians, contents.guardian_count, 'G'));
    CHECK_INT(contents.guardian, vault->guardian);
    CHECK_INT(contents.has_amulet, count_symbol(vault, 'A') == 1);
    if (contents.has_amulet) {
        Point a = contents.amulet;
        CHECK_INT(vault->rows[a.y - corner.y][a.x - corner.x], 'A');
        CHECK_INT(map_at_point(&map, a), T_FLOOR);
    }

    /* the way in: outside the vault, straight next to its one door */
    Point entrance = vault_entrance(vault);
    CHECK(vault_outside(vault, entrance.x, entrance.y));
    int doors = 0;
    for (int i = 0; i < 8; i += 2) {
        Point door = point_add(entrance, DIRS[i]);
        if (vault_outside(vault, door.x, door.y)) continue;
        char symbol = vault->rows[door.y][door.x];
        doors += symbol == '+' || symbol == 'S';
    }
    CHECK_INT(doors, 1);
    Point outside = point_add(corner, entrance);
    if (in_bounds(outside.x, outside.y)) CHECK_INT(map_at_point(&map, outside), UNTOUCHED);
}

static void test_shipped_vaults(void)
{
    GameData data = {0};
    Errors errors = {0};
    CHECK(data_load_dir(&data, AMULETS_SOURCE_DIR "/data", &errors));
    CHECK_INT(data.vault_count, 9);
    for (int i = 0; i < data.vault_count; ++i) {
        check_stamp(&data.vaults[i], (Point){3, 4});
        check_stamp(&data.vaults[i], (Point){MAP_W - data.vaults[i].w, MAP_H - data.vaults[i].h});
    }

    /* the closet, cell by cell */
    const VaultDef *closet = &data.vaults[0];
    CHECK_STR(closet->id, "closet");
    Map map;
    map_fill(&map, T_CAVE_FLOOR);
    VaultContents c;
    vault_stamp(&map, closet, (Point){10, 20}, &c);
    CHECK_INT(map_at(&map, 10, 20), T_WALL);
    CHECK_INT(map_at(&map, 11, 21), T_FLOOR);   /* worked stone, even in a cave */
    CHECK_INT(map_at(&map, 13, 24), T_CLOSED_DOOR);
    CHECK_INT(map_at(&map, 13, 25), T_CAVE_FLOOR);
    CHECK_INT(c.treasure_count, 4);
    CHECK(has_point(c.treasure, c.treasure_count, (Point){11, 21}));
    CHECK(has_point(c.treasure, c.treasure_count, (Point){15, 23}));
    CHECK_INT(c.trap_count, 1);
    CHECK(point_eq(c.traps[0], (Point){13, 21}));
    CHECK_INT(c.monster_count, 1);
    CHECK(point_eq(c.monsters[0], (Point){13, 22}));
    CHECK_INT(c.guardian_count, 0);
    CHECK_INT(c.guardian, -1);
    CHECK(!c.has_amulet);
    CHECK(point_eq(vault_entrance(closet), (Point){3, 5}));

    Point corner = {20, 10};
    const VaultDef *cache = vault_named(&data, "secret_cache");
    vault_stamp(&map, cache, corner, &c);
    Point door = point_add(corner, vault_entrance(cache));
    door.y -= 1;
    CHECK_INT(map_at_point(&map, door), T_SECRET_DOOR);

    vault_stamp(&map, vault_named(&data, "dragon_lair"), corner, &c);
    CHECK_INT(c.guardian_count, 1);
    CHECK(point_eq(c.guardians[0], (Point){25, 13}));
    CHECK(c.has_amulet);
    CHECK(point_eq(c.amulet, (Point){25, 14}));
    CHECK_INT(c.guardian, data_find_monster(&data, "young_red_dragon"));
    CHECK_INT(c.treasure_count, 11);

    vault_stamp(&map, vault_named(&data, "goblin_hall"), corner, &c);
    CHECK_INT(c.guardian_count, 4);
    CHECK(c.has_amulet);

    vault_stamp(&map, vault_named(&data, "orc_hold"), corner, &c);
    CHECK_INT(c.guardian_count, 4);
    for (int g = 0; g < c.guardian_count; ++g) CHECK_INT(c.guardians[g].y, 11);
    errors_clear(&errors);
    data_free(&data);
}

static VaultDef make_vault(const char *const rows[], int h)
{
    VaultDef vault;
    memset(&vault, 0, sizeof vault);
    strcpy(vault.id, "test");
    vault.guardian = -1;
    vault.h = h;
    vault.w = (int)strlen(rows[0]);
    for (int y = 0; y < h; ++y) strcpy(vault.rows[y], rows[y]);
    return vault;
}

static void test_door_on_each_side(void)
{
    static const char *const top[] = {"##+##", "#...#", "#.$.#", "#####"};
    static const char *const bottom[] = {"#####", "#...#", "#.$.#", "##+##"};
    static const char *const left[] = {"#####", "+...#", "#.$.#", "#####"};
    static const char *const right[] = {"#####", "#...#", "#.$.S", "#####"};
    struct { const char *const *rows; Point entrance; } cases[] = {
        {top, {2, -1}}, {bottom, {2, 4}}, {left, {-1, 1}}, {right, {5, 2}},
    };
    for (int i = 0; i < 4; ++i) {
        VaultDef vault = make_vault(cases[i].rows, 4);
        Point entrance = vault_entrance(&vault);
        CHECK_INT(entrance.x, cases[i].entrance.x);
        CHECK_INT(entrance.y, cases[i].entrance.y);
        check_stamp(&vault, (Point){30, 15});
    }
}

static void test_shaped_vault(void)
{
    /* a door in a notch: its way in lies inside the rows' rectangle, in a
     * space */
    static const char *const rows[] = {
        "#####  ",
        "#.^.###",
        "#..G..#",
        "####+##",
        "   # # ",
    };
    VaultDef vault = make_vault(rows, 5);
    vault.guardian = 3;
    Point entrance = vault_entrance(&vault);
    CHECK(point_eq(entrance, (Point){4, 4}));
    CHECK(vault_outside(&vault, 4, 4));
    CHECK(vault_outside(&vault, 6, 0));
    CHECK(!vault_outside(&vault, 3, 4));
    CHECK(vault_outside(&vault, -1, 0));
    CHECK(vault_outside(&vault, 0, 5));
    CHECK(vault_outside(&vault, 7, 1));
    check_stamp(&vault, (Point){0, 0});

    Map map;
    map_fill(&map, T_CAVE_FLOOR);
    VaultContents c;
    vault_stamp(&map, &vault, (Point){40, 20}, &c);
    CHECK_INT(map_at(&map, 45, 20), T_CAVE_FLOOR);   /* a space leaves the map as it was */
    CHECK_INT(map_at(&map, 44, 24), T_CAVE_FLOOR);
    CHECK_INT(map_at(&map, 43, 24), T_WALL);
    CHECK_INT(c.guardian, 3);
    CHECK_INT(c.guardian_count, 1);
    CHECK(point_eq(c.guardians[0], (Point){43, 22}));
}

static void test_stamp_at_map_edge(void)
{
    /* cells off the map are left out; nothing breaks */
    static const char *const rows[] = {"#####", "#$.$#", "##+##"};
    VaultDef vault = make_vault(rows, 3);
    Map map;
    map_fill(&map, T_CAVE_FLOOR);
    VaultContents c;
    vault_stamp(&map, &vault, (Point){-2, -1}, &c);
    CHECK_INT(map_at(&map, 0, 0), T_FLOOR);
    CHECK_INT(map_at(&map, 1, 0), T_FLOOR);
    CHECK_INT(map_at(&map, 2, 0), T_WALL);
    CHECK_INT(map_at(&map, 3, 0), T_CAVE_FLOOR);
    CHECK_INT(map_at(&map, 0, 1), T_CLOSED_DOOR);
    CHECK_INT(map_at(&map, 1, 1), T_WALL);
    CHECK_INT(c.treasure_count, 2);   /* one of them off the map: the caller's to mind */
    vault_stamp(&map, &vault, (Point){MAP_W - 2, MAP_H - 1}, NULL);
    CHECK_INT(map_at(&map, MAP_W - 1, MAP_H - 1), T_WALL);
}

int main(void)
{
    test_shipped_vaults();
    test_door_on_each_side();
    test_shaped_vault();
    test_stamp_at_map_edge();
    return check_done("test_vault");
}
