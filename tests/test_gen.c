/* Whole floors, thousands of every depth: what gen_level promises the rest
 * of the game, checked cell by cell with the shipped data. The stairs and
 * the Amulets can be walked to, the vault holds its own contents and
 * nothing else, nothing is piled up or buried in rock, monsters belong on
 * their floors, secret doors never seal a room, caves have no doors but a
 * vault's, packs agree, and a seed always makes the same floor. */
#include "cave.h"
#include "check.h"
#include "data.h"
#include "gen.h"
#include "maptest.h"
#include "rooms.h"
#include "run_debug.h"
#include "tune.h"
#include "vault.h"

enum {
    FLOORS_PLAIN = 5000, FLOORS_SANITIZED = 2000, SAME_SEED_EVERY = 10,
    /* Runs walked down every floor, as found from outside: seeds 1 to 400
     * had 103 floors with something on the stairs */
    RUNS_PLAIN = 400, RUNS_SANITIZED = 100,
};

/* What one depth's floors came to, for the printout */
typedef struct Tally {
    long floors, monsters, items, gold_piles, traps, secret_doors, vaults;
    long rooms_known;
    long vault_fits, vault_fits_and_built;   /* treasure vaults on floors of rooms */
} Tally;

static GameData data;
static int gold_kind, amulet_kind;

/* ---- Reaching cells ---------------------------------------------------- */

/* Walkable cells and doors the player can see are doors: never a secret
 * one. Eight directions, as the player walks. */
static bool open_way(const Map *map, int x, int y)
{
    Terrain t = map_at(map, x, y);
    return map_walkable(map, x, y) || t == T_CLOSED_DOOR;
}

static void reach_open(const Map *map, Point start, unsigned char reached[MAP_CELLS])
{
    int queue[MAP_CELLS];
    int head = 0, tail = 0;
    memset(reached, 0, MAP_CELLS);
    reached[cell_index(start.x, start.y)] = 1;
    queue[tail++] = cell_index(start.x, start.y);
    while (head < tail) {
        Point p = cell_point(queue[head++]);
        for (int i = 0; i < 8; ++i) {
            Point n = point_add(p, DIRS[i]);
            if (!in_bounds(n.x, n.y) || !open_way(map, n.x, n.y)) continue;
            int next = cell_index(n.x, n.y);
            if (!reached[next]) {
                reached[next] = 1;
                queue[tail++] = next;
            }
        }
    }
}

/* ---- Finding the rooms again ------------------------------------------- */

/* The level's map is the rooms' map with a vault, the stairs and secret
 * doors on it */
static bool same_ground(const Map *rooms_map, const Level *level)
{
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        if (lvl_in_vault(level, p)) continue;
        Terrain was = map_at_point(rooms_map, p), now = map_at_point(&level->map, p);
        if (was == now) continue;
        if (now == T_STAIRS && was == T_FLOOR) continue;
        if (now == T_SECRET_DOOR && map_is_door(rooms_map, p.x, p.y)) continue;
        return false;
    }
    return true;
}

/* The rooms the floor was made from, by making them again from the dice
 * as they were. A floor of rooms that had to be made again (an Amulet's,
 * with no room for its vault) rolled nothing but the rooms on each try,
 * since the shipped data has one Amulet's vault per floor: so the tries
 * are made again in turn until one matches. Returns how many rooms, or 0
 * if none matched. */
static int find_rooms(Rng dice, const Level *level, Rect rooms[ROOMS_MAX], Map *rooms_map)
{
    for (int tries = 0; tries < 1000; ++tries) {
        int count = rooms_generate(rooms_map, &dice, rooms);
        if (same_ground(rooms_map, level)) return count;
    }
    return 0;
}

/* Whether one of the floor's treasure vaults would fit one of its rooms,
 * as the generator asks (not the first room, floor all round) */
static bool treasure_vault_fits(int depth, const Rect *rooms, int room_count)
{
    for (int v = 0; v < data.vault_count; ++v) {
        const VaultDef *vault = &data.vaults[v];
        if (vault->amulet || depth < vault->min_floor || depth > vault->max_floor) continue;
        for (int r = 1; r < room_count; ++r) {
            if (rooms[r].w >= vault->w + 2 && rooms[r].h >= vault->h + 2) return true;
        }
    }
    return false;
}

/* ---- The checks -------------------------------------------------------- */

static bool is_amulet(const FloorItem *item)
{
    return data.items[item->stack.kind].item_class == IC_AMULET;
}

static void check_border(const Level *level)
{
    for (int x = 0; x < MAP_W; ++x) {
        CHECK(map_at(&level->map, x, 0) == T_WALL && map_at(&level->map, x, MAP_H - 1) == T_WALL);
    }
    for (int y = 0; y < MAP_H; ++y) {
        CHECK(map_at(&level->map, 0, y) == T_WALL && map_at(&level->map, MAP_W - 1, y) == T_WALL);
    }
}

static void check_stairs(const Level *level, Point start)
{
    int stairs_cells = 0;
    for (int i = 0; i < MAP_CELLS; ++i) stairs_cells += level->map.terrain[i] == T_STAIRS;
    CHECK_INT(level->has_stairs, level->depth < LAST_FLOOR);
    CHECK_INT(stairs_cells, level->has_stairs ? 1 : 0);
    if (!level->has_stairs) return;
    Point s = level->stairs;
    CHECK(map_at_point(&level->map, s) == T_STAIRS);
    CHECK(!lvl_in_vault(level, s));
    CHECK(!point_eq(s, start));
    unsigned char reached[MAP_CELLS];
    reach_passable(&level->map, start, reached);
    CHECK(reached[cell_index(s.x, s.y)]);
    reach_open(&level->map, start, reached);
    CHECK(reached[cell_index(s.x, s.y)]);
}

static void check_amulets(const Level *level, Point start)
{
    unsigned char reached[MAP_CELLS];
    reach_open(&level->map, start, reached);
    int amulets = 0;
    for (int i = 0; i < level->item_count; ++i) {
        const FloorItem *item = &level->items[i];
        if (!is_amulet(item)) continue;
        ++amulets;
        CHECK(reached[cell_index(item->pos.x, item->pos.y)]);
        CHECK(lvl_in_vault(level, item->pos));
    }
    CHECK_INT(amulets, tune_is_amulet_floor(level->depth) ? 1 : 0);
}

/* No ground, the stairs and the Amulet's vault above all, is reached only
 * across a trap that moves the player (a teleport trap, a trapdoor):
 * nobody would come out past it. Counted: the floors where one stood in
 * the only way before */
static void check_moving_traps(const Level *level, Point start)
{
    static Map blocked;
    blocked = level->map;
    for (int i = 0; i < level->trap_count; ++i) {
        Point t = level->traps[i].pos;
        if (trap_def(level->traps[i].kind)->moves) map_set(&blocked, t.x, t.y, T_WALL);
    }
    unsigned char all[MAP_CELLS], round[MAP_CELLS];
    reach_passable(&level->map, start, all);
    reach_passable(&blocked, start, round);
    int cut_off = 0;
    for (int i = 0; i < MAP_CELLS; ++i) cut_off += all[i] && !round[i] && map_passable(&blocked, i % MAP_W, i / MAP_W);
    CHECK_INT(cut_off, 0);
}

/* Whether a monster, an item or a trap is on the stairs, where it would
 * hide the way down or stand in it */
static bool stairs_taken(const Level *level)
{
    if (!level->has_stairs) return false;
    Point s = level->stairs;
    return lvl_monster_at(level, s) >= 0 || lvl_item_at(level, s) >= 0 ||
           lvl_trap_at(level, s) >= 0;
}

/* At most one of each on a cell, only on ground, none on the start, and
 * nothing on the stairs */
static void check_one_to_a_cell(const Level *level, Point start)
{
    CHECK(!stairs_taken(level));
    unsigned char monsters[MAP_CELLS] = {0}, items[MAP_CELLS] = {0}, traps[MAP_CELLS] = {0};
    for (int i = 0; i < level->monster_count; ++i) {
        Point p = level->monsters[i].pos;
        CHECK(in_bounds(p.x, p.y) && map_walkable_at(&level->map, p));
        CHECK(!point_eq(p, start));
        CHECK(monsters[cell_index(p.x, p.y)]++ == 0);
    }
    for (int i = 0; i < level->item_count; ++i) {
        Point p = level->items[i].pos;
        CHECK(in_bounds(p.x, p.y) && map_walkable_at(&level->map, p));
        CHECK(items[cell_index(p.x, p.y)]++ == 0);
    }
    for (int i = 0; i < level->trap_count; ++i) {
        Point p = level->traps[i].pos;
        CHECK(in_bounds(p.x, p.y) && map_walkable_at(&level->map, p));
        CHECK(map_at_point(&level->map, p) != T_STAIRS);
        CHECK(!point_eq(p, start));
        CHECK(traps[cell_index(p.x, p.y)]++ == 0);
    }
}

static bool in_list(const Point *cells, int count, Point p)
{
    for (int i = 0; i < count; ++i) {
        if (point_eq(cells[i], p)) return true;
    }
    return false;
}

static bool found_on(const MonsterDef *def, int floor)
{
    return def->min_floor <= floor && floor <= def->max_floor;
}

/* A monster the floor chose itself: of its band or three floors deeper,
 * never a vault's own */
static void check_floor_kind(int kind, int depth)
{
    const MonsterDef *def = &data.monsters[kind];
    CHECK(!(def->traits & TRAIT_VAULT_ONLY));
    CHECK(found_on(def, depth) || found_on(def, depth + 3));
}

static int highest_floor_pack(const Level *level, const VaultContents *vault)
{
    int highest = 0;
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        bool guardian = vault != NULL && in_list(vault->guardians, vault->guardian_count, m->pos);
        if (!guardian && m->pack_id > highest) highest = m->pack_id;
    }
    return highest;
}

/* The vault as vault_stamp builds it, untouched, and in it its own
 * contents and nothing else */
static void check_vault(const Level *level, VaultContents *contents)
{
    int depth = level->depth;
    if (tune_is_amulet_floor(depth)) CHECK(level->has_vault);
    if (!level->has_vault) {
        CHECK_INT(level->vault_index, -1);
        return;
    }
    CHECK(level->vault_index >= 0 && level->vault_index < data.vault_count);
    if (level->vault_index < 0 || level->vault_index >= data.vault_count) return;
    const VaultDef *vault = &data.vaults[level->vault_index];
    CHECK_INT(vault->amulet, tune_is_amulet_floor(depth));
    CHECK(vault->min_floor <= depth && depth <= vault->max_floor);
    CHECK(level->vault.w == vault->w && level->vault.h == vault->h);
    CHECK(level->vault.x >= 1 && level->vault.y >= 1 && level->vault.x + vault->w <= MAP_W - 1 &&
          level->vault.y + vault->h <= MAP_H - 1);
    Map stamped = level->map;
    vault_stamp(&stamped, vault, (Point){level->vault.x, level->vault.y}, contents);
    CHECK(memcmp(stamped.terrain, level->map.terrain, sizeof stamped.terrain) == 0);

    for (int i = 0; i < level->item_count; ++i) {
        const FloorItem *item = &level->items[i];
        if (!lvl_in_vault(level, item->pos)) continue;
        if (contents->has_amulet && point_eq(item->pos, contents->amulet)) {
            CHECK_INT(item->stack.kind, amulet_kind);
        } else {
            CHECK(in_list(contents->treasure, contents->treasure_count, item->pos));
            CHECK(data.items[item->stack.kind].frequency > 0);
        }
    }
    for (int i = 0; i < level->trap_count; ++i) {
        if (lvl_in_vault(level, level->traps[i].pos)) {
            CHECK(in_list(contents->traps, contents->trap_count, level->traps[i].pos));
        }
    }
    int highest = highest_floor_pack(level, contents), guardian_state = -1;
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        if (!lvl_in_vault(level, m->pos)) continue;
        if (in_list(contents->guardians, contents->guardian_count, m->pos)) {
            CHECK_INT(m->kind, contents->guardian);
            CHECK_INT(m->pack_id, highest + 1);
            if (guardian_state < 0) guardian_state = (int)m->state;
            CHECK_INT(m->state, guardian_state);
        } else {
            CHECK(in_list(contents->monsters, contents->monster_count, m->pos));
            CHECK_INT(m->pack_id, 0);
            check_floor_kind(m->kind, depth);
        }
    }
    /* and every one of its contents there */
    for (int i = 0; i < contents->trap_count; ++i) {
        CHECK(lvl_trap_at(level, contents->traps[i]) >= 0);
    }
    for (int i = 0; i < contents->treasure_count; ++i) {
        CHECK(lvl_item_at(level, contents->treasure[i]) >= 0);
    }
    for (int i = 0; i < contents->monster_count; ++i) {
        CHECK(lvl_monster_at(level, contents->monsters[i]) >= 0);
    }
    for (int i = 0; i < contents->guardian_count; ++i) {
        CHECK(lvl_monster_at(level, contents->guardians[i]) >= 0);
    }
    if (contents->has_amulet) CHECK(lvl_item_at(level, contents->amulet) >= 0);
}

static void check_monsters(const Level *level)
{
    int pack_kind[MAX_MONSTERS + 2], pack_state[MAX_MONSTERS + 2];
    for (int i = 0; i < MAX_MONSTERS + 2; ++i) pack_kind[i] = pack_state[i] = -1;
    int outside_vault = 0;
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        const MonsterDef *def = &data.monsters[m->kind];
        CHECK(m->kind >= 0 && m->kind < data.monster_count);
        CHECK_INT(m->hp, def->hp);
        CHECK(m->state == MS_ASLEEP || m->state == MS_WANDERING);
        if (def->traits & TRAIT_NEVER_SLEEPS) CHECK(m->state == MS_WANDERING);
        CHECK_INT(m->last_shriek, -1);
        CHECK(!m->has_target && !m->has_last_seen && m->search_turns == 0);
        CHECK(m->pack_id >= 0 && m->pack_id <= MAX_MONSTERS + 1);
        if (!lvl_in_vault(level, m->pos)) {
            ++outside_vault;
            check_floor_kind(m->kind, level->depth);
            CHECK_INT(m->pack_id > 0, def->pack > 1);
        }
        if (m->pack_id <= 0 || m->pack_id > MAX_MONSTERS + 1) continue;
        if (pack_kind[m->pack_id] < 0) {
            pack_kind[m->pack_id] = m->kind;
            pack_state[m->pack_id] = (int)m->state;
        }
        CHECK_INT(m->kind, pack_kind[m->pack_id]);
        CHECK_INT(m->state, pack_state[m->pack_id]);
    }
    int wanted = MONSTERS_BASE + MONSTERS_PER_FLOOR * level->depth;
    if (tune_is_cave_floor(level->depth)) wanted = wanted * CAVE_MONSTERS_PERCENT / 100;
    int biggest_pack = 1;
    for (int k = 0; k < data.monster_count; ++k) {
        if (data.monsters[k].pack > biggest_pack) biggest_pack = data.monsters[k].pack;
    }
    CHECK(outside_vault <= wanted + biggest_pack - 1);
}

static void check_items_and_traps(const Level *level, Tally *tally)
{
    int items = 0, piles = 0, traps = 0;
    for (int i = 0; i < level->item_count; ++i) {
        const FloorItem *item = &level->items[i];
        CHECK(item->stack.kind >= 0 && item->stack.kind < data.item_count);
        CHECK(!item->seen);
        if (item->stack.kind == gold_kind) {
            ++piles;
            int d = level->depth;
            CHECK(item->stack.count % d == 0 && item->stack.count >= GOLD_MIN * d &&
                  item->stack.count <= GOLD_MAX * d);
            CHECK(!lvl_in_vault(level, item->pos));
        } else {
            const ItemDef *def = &data.items[item->stack.kind];
            CHECK(item->stack.count >= def->bundle_min && item->stack.count <= def->bundle_max);
            if (!is_amulet(item)) CHECK(data.items[item->stack.kind].frequency > 0);
            items += !lvl_in_vault(level, item->pos);
        }
    }
    for (int i = 0; i < level->trap_count; ++i) {
        const Trap *trap = &level->traps[i];
        CHECK(!trap->known);
        CHECK(trap->kind >= 0 && trap->kind < TRAP_COUNT);
        if (tune_is_amulet_floor(level->depth) || level->depth == LAST_FLOOR) {
            CHECK(trap->kind != TRAP_TRAPDOOR);
        }
        traps += !lvl_in_vault(level, trap->pos);
    }
    CHECK(items <= ITEMS_BASE + level->depth / 2);
    CHECK(piles <= GOLD_PILES_MAX);
    CHECK(traps <= TRAPS_BASE + level->depth / 2);
    tally->monsters += level->monster_count;
    tally->items += items;
    tally->gold_piles += piles;
    tally->traps += traps;
}

/* Doors: a cave has none but its vault's; on a floor of rooms, every
 * secret door outside the vault was one of the rooms' doors, and a room
 * with a door hidden keeps one that isn't */
static int check_doors(const Level *level, const Rect *rooms, int room_count, const Map *rooms_map)
{
    int secret = 0;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        Terrain t = map_at_point(&level->map, p);
        bool door = t == T_CLOSED_DOOR || t == T_OPEN_DOOR || t == T_SECRET_DOOR;
        if (!door || lvl_in_vault(level, p)) continue;
        CHECK(!tune_is_cave_floor(level->depth));
        if (t == T_SECRET_DOOR) {
            ++secret;
            if (rooms_map != NULL) CHECK(map_is_door(rooms_map, p.x, p.y));
        }
    }
    CHECK(secret <= SECRET_DOORS_MAX);
    for (int r = 0; r < room_count; ++r) {
        Point doors[2 * (MAP_W + MAP_H)];
        int open = rooms_doors_into(&level->map, rooms[r], doors, 2 * (MAP_W + MAP_H));
        int before = rooms_doors_into(rooms_map, rooms[r], doors, 2 * (MAP_W + MAP_H));
        if (before > open) CHECK(open >= 1);
    }
    return secret;
}

/* Where the rooms are known: the start in the first, no trap there, the
 * stairs not where a door was */
static void check_rooms(const Level *level, Point start, const Rect *rooms, const Map *rooms_map)
{
    CHECK(rect_contains(rooms[0], start));
    for (int i = 0; i < level->trap_count; ++i) {
        CHECK(!rect_contains(rooms[0], level->traps[i].pos));
    }
    for (int i = 0; i < level->monster_count; ++i) {
        Point p = level->monsters[i].pos;
        if (!lvl_in_vault(level, p)) CHECK(!rect_contains(rooms[0], p));
    }
    if (level->has_stairs) CHECK(!map_is_door(rooms_map, level->stairs.x, level->stairs.y));
}

static void check_same_seed(uint64_t seed, int depth, const Level *first, Point first_start)
{
    static Level again;
    Rng rng;
    rng_seed(&rng, seed);
    Point start;
    gen_level(&again, &data, &rng, depth, &start);
    CHECK(memcmp(&again, first, sizeof again) == 0);
    CHECK(point_eq(start, first_start));
}

static void check_floor(uint64_t seed, int depth, Tally *tally)
{
    static Level level;
    static Map rooms_map;
    Rect rooms[ROOMS_MAX];
    Rng rng, before;
    rng_seed(&rng, seed);
    before = rng;
    Point start;
    gen_level(&level, &data, &rng, depth, &start);

    CHECK_INT(level.depth, depth);
    CHECK(in_bounds(start.x, start.y) && map_walkable_at(&level.map, start));
    CHECK(!lvl_in_vault(&level, start));
    check_border(&level);
    check_stairs(&level, start);
    check_amulets(&level, start);
    check_moving_traps(&level, start);
    check_one_to_a_cell(&level, start);
    VaultContents contents;
    memset(&contents, 0, sizeof contents);
    check_vault(&level, &contents);
    check_monsters(&level);
    check_items_and_traps(&level, tally);

    int room_count = 0;
    if (!tune_is_cave_floor(depth)) {
        room_count = find_rooms(before, &level, rooms, &rooms_map);
        CHECK(room_count >= 2);
    }
    if (room_count >= 2) {
        ++tally->rooms_known;
        check_rooms(&level, start, rooms, &rooms_map);
        if (!tune_is_amulet_floor(depth)) {
            /* made in one try, so the vault's roll came straight after the rooms */
            bool fits = treasure_vault_fits(depth, rooms, room_count);
            if (!fits) CHECK(!level.has_vault);
            tally->vault_fits += fits;
            tally->vault_fits_and_built += fits && level.has_vault;
        }
    }
    const Map *known = room_count >= 2 ? &rooms_map : NULL;
    tally->secret_doors += check_doors(&level, rooms, room_count, known);
    tally->vaults += level.has_vault;
    ++tally->floors;

    if (seed % SAME_SEED_EVERY == 0) check_same_seed(seed, depth, &level, start);
}

/* ---- Runs walking down -------------------------------------------------- */

/* Every floor of many runs, made one after another from one run's dice as
 * play makes them: none with anything on its stairs */
static void check_runs_stairs_free(int runs)
{
    int taken = 0, floors = 0;
    for (int seed = 1; seed <= runs; ++seed) {
        Run *run = run_new(&data, (uint64_t)seed, 1);
        CHECK(run != NULL);
        if (run == NULL) return;
        for (int depth = 1; depth < LAST_FLOOR; ++depth) {
            taken += stairs_taken(run_level(run));
            ++floors;
            run_debug_next_floor(run);
        }
        run_free(run);
    }
    printf("runs 1 to %d: %d of %d floors with something on the stairs\n", runs, taken, floors);
    CHECK_INT(taken, 0);
}

/* Seed 142's first floor had an item on its stairs, so no > showed at all
 * (an item is drawn over the ground): now nothing is drawn over them */
static void check_seed_142(void)
{
    Run *run = run_new(&data, 142, 1);
    CHECK(run != NULL);
    if (run == NULL) return;
    const Level *level = run_level(run);
    CHECK(level->has_stairs);
    Point s = level->stairs;
    CHECK_INT(lvl_item_at(level, s), -1);
    CHECK_INT(lvl_monster_at(level, s), -1);
    CHECK_INT(lvl_trap_at(level, s), -1);
    CHECK(map_at_point(&level->map, s) == T_STAIRS);
    run_free(run);
}

/* ---- Kinds ------------------------------------------------------------- */

static void check_kind_choices(void)
{
    Rng rng;
    rng_seed(&rng, 7);
    long chosen[256] = {0};
    for (int i = 0; i < 100000; ++i) {
        int kind = gen_item_kind(&data, &rng);
        CHECK(kind >= 0 && kind < data.item_count);
        CHECK(data.items[kind].frequency > 0);
        if (kind >= 0 && kind < 256) ++chosen[kind];
    }
    CHECK_INT(chosen[gold_kind], 0);
    CHECK_INT(chosen[amulet_kind], 0);
    for (int depth = 1; depth <= LAST_FLOOR; ++depth) {
        bool trapdoor = false;
        for (int i = 0; i < 2000; ++i) {
            int kind = gen_monster_kind(&data, &rng, depth);
            check_floor_kind(kind, depth);
            trapdoor = trapdoor || gen_trap_kind(&rng, depth) == TRAP_TRAPDOOR;
        }
        CHECK_INT(trapdoor, !tune_is_amulet_floor(depth) && depth != LAST_FLOOR);
    }
    Monster m = gen_monster(&data, 0, (Point){3, 4}, 2, true);
    CHECK(m.kind == 0 && m.pos.x == 3 && m.pos.y == 4 && m.pack_id == 2);
    CHECK(m.state == MS_WANDERING && m.hp == data.monsters[0].hp && m.last_shriek == -1);
    CHECK(gen_monster(&data, 0, (Point){1, 1}, 0, false).state == MS_ASLEEP);
}

/* ---- The run ----------------------------------------------------------- */

static void print_tally(int depth, const Tally *t)
{
    double n = (double)t->floors;
    printf("floor %d: %ld floors; per floor %.1f monsters, %.2f items, %.2f gold piles, "
           "%.2f traps, %.2f secret doors; vault on %.1f%%\n",
           depth, t->floors, (double)t->monsters / n, (double)t->items / n,
           (double)t->gold_piles / n, (double)t->traps / n, (double)t->secret_doors / n,
           100.0 * (double)t->vaults / n);
}

/* Each floor's checks looked at something: its floors have monsters,
 * items, gold, traps and vaults (and, made of rooms, rooms found and
 * secret doors), so no loop over them ran empty on every floor */
static void check_tally(int depth, const Tally *t)
{
    CHECK(t->floors > 0);
    CHECK(t->monsters > 0 && t->items > 0 && t->gold_piles > 0 && t->traps > 0 && t->vaults > 0);
    if (!tune_is_cave_floor(depth)) CHECK(t->rooms_known > 0 && t->secret_doors > 0);
}

int main(void)
{
    Errors errors = {0};
    if (!data_load_dir(&data, AMULETS_SOURCE_DIR "/data", &errors)) {
        for (int i = 0; i < errors.count; ++i) fprintf(stderr, "%s\n", errors.lines[i]);
        CHECK(!"the shipped data loads");
        return check_done("test_gen");
    }
    gold_kind = data_find_item(&data, "gold");
    amulet_kind = data_find_item(&data, "amulet");
    CHECK(gold_kind >= 0 && amulet_kind >= 0);
    check_kind_choices();
    check_seed_142();
    check_runs_stairs_free(check_sanitized() ? RUNS_SANITIZED : RUNS_PLAIN);

    int floors = check_sanitized() ? FLOORS_SANITIZED : FLOORS_PLAIN;
    long fits = 0, built = 0;
    for (int depth = 1; depth <= LAST_FLOOR; ++depth) {
        Tally tally = {0};
        for (int i = 0; i < floors; ++i) {
            check_floor((uint64_t)(depth * 1000003 + i), depth, &tally);
        }
        print_tally(depth, &tally);
        check_tally(depth, &tally);
        fits += tally.vault_fits;
        built += tally.vault_fits_and_built;
    }
    double rate = fits > 0 ? (double)built / (double)fits : 0.0;
    printf("treasure vaults on floors of rooms where one fits: %ld of %ld "
           "(%.3f, about 1 in %d wanted)\n", built, fits, rate, VAULT_ONE_IN);
    CHECK(fits > 1000);
    CHECK(rate > 1.0 / VAULT_ONE_IN - 0.04 && rate < 1.0 / VAULT_ONE_IN + 0.04);

    data_free(&data);
    errors_clear(&errors);
    return check_done("test_gen");
}
