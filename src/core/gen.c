/* Making a whole floor (ch15, ch18, ch19, ch20): the ground and its vault,
 * the player's start, the stairs, monsters, items, gold, the vault's
 * contents, secret doors and traps. The book puts the stairs after the
 * vault's contents; they come first here, so that nothing lands on them
 * (they roll no dice, so the rest rolls as in the book). The order matters
 * because every step rolls the floor's one stream of dice: change it and
 * every seed makes a different floor. */
#include "gen.h"

#include <string.h>

#include "cave.h"
#include "dmap.h"
#include "rooms.h"
#include "streams.h"
#include "tune.h"
#include "vault.h"

enum {
    /* Random cells tried for each thing before it's given up */
    PLACE_TRIES = 20,
    /* Tries at a floor's monsters, so crowded areas can't loop for ever */
    MONSTER_TRIES = 100,
    /* Random corners tried for a vault in a cave */
    CAVE_VAULT_TRIES = 50,
    /* The floor's areas: its rooms, or its cave's squares */
    AREAS_MAX = CAVE_AREAS_MAX,
    /* Vaults of one kind for one floor taking turns; any past this many
     * are never tried (the shipped data has a handful) */
    VAULT_CHOICES_MAX = 256,
    /* Every door of every room, each with its room */
    DOORWAYS_MAX = 512,
    ROOM_DOORS_MAX = 2 * (MAP_W + MAP_H),
};

_Static_assert((int)CAVE_AREAS_MAX >= (int)ROOMS_MAX, "the areas hold a floor's rooms too");

/* A floor while it's made: the level, what it's made from, and what
 * the steps hand on to each other */
typedef struct Gen {
    Level *level;
    const GameData *data;
    Rng *rng;
    bool cave;
    Rect areas[AREAS_MAX];    /* the first is the player's */
    int area_count;
    VaultContents vault;      /* what goes in the vault, once it's built */
    Point start;
} Gen;

/* ---- Choosing kinds ---------------------------------------------------- */

int gen_item_kind(const GameData *data, Rng *rng)
{
    int total = 0;
    for (int i = 0; i < data->item_count; ++i) {
        total += data->items[i].frequency;
    }
    if (total <= 0) return 0;
    int roll = rng_roll(rng, 1, total);
    for (int i = 0; i < data->item_count; ++i) {
        roll -= data->items[i].frequency;
        if (roll <= 0) return i;
    }
    return 0;
}

static bool found_at_random_on(const MonsterDef *def, int floor)
{
    return !(def->traits & TRAIT_VAULT_ONLY) && def->min_floor <= floor && floor <= def->max_floor;
}

static int kinds_found_on(const GameData *data, int floor)
{
    int count = 0;
    for (int i = 0; i < data->monster_count; ++i) {
        count += found_at_random_on(&data->monsters[i], floor);
    }
    return count;
}

/* The nth (from 0) of the kinds found on a floor */
static int nth_kind_found_on(const GameData *data, int floor, int nth)
{
    for (int i = 0; i < data->monster_count; ++i) {
        if (found_at_random_on(&data->monsters[i], floor) && nth-- == 0) return i;
    }
    return 0;
}

int gen_monster_kind(const GameData *data, Rng *rng, int depth)
{
    int floor = depth;
    if (rng_one_in(rng, DEEPER_ONE_IN) && kinds_found_on(data, depth + 3) > 0) {
        floor = depth + 3;
    }
    int count = kinds_found_on(data, floor);
    /* The data's checks give every floor a kind; this only keeps a floor
     * past the bottom from failing */
    if (count == 0) return 0;
    return nth_kind_found_on(data, floor, rng_roll(rng, 0, count - 1));
}

/* The trapdoor is last of the kinds, so leaving it out is one fewer: a
 * fall would leave an Amulet behind for good, and the last floor has
 * nowhere to fall to */
TrapKind gen_trap_kind(Rng *rng, int depth)
{
    int last = TRAP_COUNT - 1;
    if (depth == LAST_FLOOR || tune_is_amulet_floor(depth)) {
        --last;
    }
    return (TrapKind)rng_roll(rng, 0, last);
}

Monster gen_monster(const GameData *data, int kind, Point pos, int pack_id, bool awake)
{
    Monster monster;
    /* Padding too, so two floors made alike compare alike byte for byte */
    memset(&monster, 0, sizeof monster);
    monster.kind = kind;
    monster.pos = pos;
    monster.hp = data->monsters[kind].hp;
    monster.state = awake ? MS_WANDERING : MS_ASLEEP;
    monster.pack_id = pack_id;
    monster.last_shriek = -1;
    monster.last_breath = -1;
    return monster;
}

/* ---- Cells ------------------------------------------------------------- */

static Point random_cell_in(Rng *rng, Rect area)
{
    /* Two statements, since C leaves the order of a call's arguments open */
    int x = area.x + rng_roll(rng, 0, area.w - 1);
    int y = area.y + rng_roll(rng, 0, area.h - 1);
    return (Point){x, y};
}

static Rect random_area(Gen *gen, int first)
{
    return gen->areas[rng_roll(gen->rng, first, gen->area_count - 1)];
}

/* Ground nothing else has claimed: not the player's start, nor the vault,
 * which is filled on its own, nor the stairs, which must be seen and must
 * be free to step onto */
static bool open_ground(const Gen *gen, Point p)
{
    const Level *level = gen->level;
    return map_walkable_at(&level->map, p) && !point_eq(p, gen->start) &&
           !lvl_in_vault(level, p) && !(level->has_stairs && point_eq(p, level->stairs));
}

static bool free_for_monster(const Gen *gen, Point p)
{
    return open_ground(gen, p) && lvl_monster_at(gen->level, p) < 0;
}

static bool free_for_item(const Gen *gen, Point p)
{
    return open_ground(gen, p) && lvl_item_at(gen->level, p) < 0;
}

static bool free_for_trap(const Gen *gen, Point p)
{
    return free_for_item(gen, p) && lvl_trap_at(gen->level, p) < 0;
}

/* ---- The vault --------------------------------------------------------- */

/* The vaults for this floor of the kind asked for, in a random order */
static int vault_choices(const Gen *gen, bool amulet, int choices[VAULT_CHOICES_MAX])
{
    int depth = gen->level->depth, count = 0;
    for (int i = 0; i < gen->data->vault_count && count < VAULT_CHOICES_MAX; ++i) {
        const VaultDef *vault = &gen->data->vaults[i];
        if (vault->amulet == amulet && vault->min_floor <= depth && depth <= vault->max_floor) {
            choices[count++] = i;
        }
    }
    rng_shuffle(gen->rng, choices, count, sizeof choices[0]);
    return count;
}

/* A room other than the player's, with a cell of floor all round the
 * vault so the corridors still meet the room and lead on to its door */
static bool room_for_vault(Gen *gen, const VaultDef *vault, Point *corner)
{
    int roomy[ROOMS_MAX], count = 0;
    for (int i = 1; i < gen->area_count; ++i) {
        Rect room = gen->areas[i];
        if (room.w >= vault->w + 2 && room.h >= vault->h + 2) roomy[count++] = i;
    }
    if (count == 0) return false;
    Rect room = gen->areas[roomy[rng_roll(gen->rng, 0, count - 1)]];
    int x = room.x + 1 + rng_roll(gen->rng, 0, room.w - 2 - vault->w);
    int y = room.y + 1 + rng_roll(gen->rng, 0, room.h - 2 - vault->h);
    *corner = (Point){x, y};
    return true;
}

/* The cave must hold together round the vault: tried on a copy, the
 * flood fill mustn't take the vault away (its way in stays ground) nor
 * leave the cave smaller than a cave may be */
static bool cave_holds_vault(const Map *map, const VaultDef *vault, Point corner, Point outside)
{
    Map trial = *map;
    VaultContents unused;
    Rect areas[CAVE_AREAS_MAX];
    vault_stamp(&trial, vault, corner, &unused);
    int cells = cave_keep_biggest(&trial);
    return map_walkable_at(&trial, outside) && cells >= MIN_CAVE_CELLS &&
           cave_areas(&trial, areas) >= 2;
}

static bool cave_for_vault(Gen *gen, const VaultDef *vault, Point *corner)
{
    Point entrance = vault_entrance(vault);
    for (int tries = 0; tries < CAVE_VAULT_TRIES; ++tries) {
        int x = rng_roll(gen->rng, 1, MAP_W - 1 - vault->w);
        int y = rng_roll(gen->rng, 1, MAP_H - 1 - vault->h);
        Point outside = {x + entrance.x, y + entrance.y};
        if (map_at_point(&gen->level->map, outside) != T_CAVE_FLOOR) continue;
        if (cave_holds_vault(&gen->level->map, vault, (Point){x, y}, outside)) {
            *corner = (Point){x, y};
            return true;
        }
    }
    return false;
}

/* How far a cell is from a rectangle: 0 inside it */
static int distance_to_rect(Point p, Rect r)
{
    int dx = p.x < r.x ? r.x - p.x : p.x >= r.x + r.w ? p.x - (r.x + r.w - 1) : 0;
    int dy = p.y < r.y ? r.y - p.y : p.y >= r.y + r.h ? p.y - (r.y + r.h - 1) : 0;
    return dx > dy ? dx : dy;
}

/* After a vault, the cave's areas are worked out again; the player keeps
 * starting where the cave chose, in the area holding the old first area's
 * middle, or the nearest one to it (the first in reading order on a tie).
 * Reading order alone would always start the player at the top left. */
static void recompute_cave_areas(Gen *gen)
{
    Point middle = rect_center(gen->areas[0]);
    gen->area_count = cave_areas(&gen->level->map, gen->areas);
    int best = 0;
    for (int i = 1; i < gen->area_count; ++i) {
        if (distance_to_rect(middle, gen->areas[i]) < distance_to_rect(middle, gen->areas[best])) {
            best = i;
        }
    }
    Rect swap = gen->areas[0];
    gen->areas[0] = gen->areas[best];
    gen->areas[best] = swap;
}

static void stamp_vault(Gen *gen, int index, Point corner)
{
    const VaultDef *vault = &gen->data->vaults[index];
    Level *level = gen->level;
    vault_stamp(&level->map, vault, corner, &gen->vault);
    level->has_vault = true;
    level->vault = (Rect){corner.x, corner.y, vault->w, vault->h};
    level->vault_index = index;
    if (gen->cave) {
        /* The vault's walls may have cut a pocket off the cave */
        cave_keep_biggest(&level->map);
        recompute_cave_areas(gen);
    }
}

/* The first of this floor's vaults of the kind asked for (in a random
 * order) that has room; false if none has */
static bool build_vault(Gen *gen, bool amulet)
{
    int choices[VAULT_CHOICES_MAX];
    int count = vault_choices(gen, amulet, choices);
    for (int i = 0; i < count; ++i) {
        const VaultDef *vault = &gen->data->vaults[choices[i]];
        Point corner;
        bool fits = gen->cave ? cave_for_vault(gen, vault, &corner)
                              : room_for_vault(gen, vault, &corner);
        if (fits) {
            stamp_vault(gen, choices[i], corner);
            return true;
        }
    }
    return false;
}

/* ---- The ground -------------------------------------------------------- */

static void make_ground(Gen *gen, int depth)
{
    memset(gen->level, 0, sizeof *gen->level);
    gen->level->depth = depth;
    gen->level->vault_index = -1;
    memset(&gen->vault, 0, sizeof gen->vault);
    gen->vault.guardian = -1;
    if (gen->cave) {
        gen->area_count = cave_generate(&gen->level->map, gen->rng, gen->areas);
    } else {
        gen->area_count = rooms_generate(&gen->level->map, gen->rng, gen->areas);
    }
}

/* One try at the ground, its vault and the player's start. An Amulet's
 * floor fails without its vault, and any floor fails if a cave's vault
 * took all of the player's area. */
static bool try_ground(Gen *gen, int depth)
{
    make_ground(gen, depth);
    bool has_vault = false;
    if (tune_is_amulet_floor(depth)) {
        has_vault = build_vault(gen, true);
        if (!has_vault) return false;
    } else if (rng_one_in(gen->rng, VAULT_ONE_IN)) {
        has_vault = build_vault(gen, false);
    }
    const Rect *avoid = has_vault ? &gen->level->vault : NULL;
    return cave_start_in(&gen->level->map, gen->areas[0], avoid, &gen->start);
}

/* ---- Monsters, items and gold ------------------------------------------ */

static bool random_free_cell_for_monster(Gen *gen, Rect area, Point *out)
{
    for (int tries = 0; tries < PLACE_TRIES; ++tries) {
        Point p = random_cell_in(gen->rng, area);
        if (free_for_monster(gen, p)) {
            *out = p;
            return true;
        }
    }
    return false;
}

static bool starts_awake(const GameData *data, Rng *rng, int kind)
{
    return (data->monsters[kind].traits & TRAIT_NEVER_SLEEPS) || rng_one_in(rng, AWAKE_ONE_IN);
}

static void add_monster(Gen *gen, int kind, Point pos, int pack_id, bool awake)
{
    Monster monster = gen_monster(gen->data, kind, pos, pack_id, awake);
    lvl_add_monster(gen->level, &monster);
}

static int monsters_wanted(const Gen *gen)
{
    int wanted = MONSTERS_BASE + MONSTERS_PER_FLOOR * gen->level->depth;
    return gen->cave ? wanted * CAVE_MONSTERS_PERCENT / 100 : wanted;
}

/* A pack comes whole, into one area, asleep or awake together, so a floor
 * can end a monster or two over what it wanted. Never in the first area,
 * the player's. */
static void place_monsters(Gen *gen)
{
    if (gen->area_count < 2) return;
    int wanted = monsters_wanted(gen), packs = 0;
    for (int tries = 0; tries < MONSTER_TRIES && gen->level->monster_count < wanted; ++tries) {
        int kind = gen_monster_kind(gen->data, gen->rng, gen->level->depth);
        Rect area = random_area(gen, 1);
        int size = gen->data->monsters[kind].pack;
        int pack_id = size > 1 ? ++packs : 0;
        bool awake = starts_awake(gen->data, gen->rng, kind);
        for (int i = 0; i < size; ++i) {
            Point cell;
            if (random_free_cell_for_monster(gen, area, &cell)) {
                add_monster(gen, kind, cell, pack_id, awake);
            }
        }
    }
}

static void add_item(Gen *gen, int kind, int count, Point pos)
{
    FloorItem item;
    memset(&item, 0, sizeof item);
    item.pos = pos;
    item.stack.kind = kind;
    item.stack.count = count;
    lvl_add_item(gen->level, &item);
}

/* An item chosen at random, as many as lie together when found (a
 * bundle of arrows); one alone rolls no more dice */
static void add_found_item(Gen *gen, Point pos)
{
    int kind = gen_item_kind(gen->data, gen->rng);
    const ItemDef *def = &gen->data->items[kind];
    int count = def->bundle_max > 1 ? rng_roll(gen->rng, def->bundle_min, def->bundle_max) : 1;
    add_item(gen, kind, count, pos);
}

/* A cell anywhere on the floor, the player's area included, free for an
 * item; false if a few tries find none, and then the item is left out */
static bool random_free_cell_for_item(Gen *gen, Point *out)
{
    for (int tries = 0; tries < PLACE_TRIES; ++tries) {
        Rect area = random_area(gen, 0);
        Point p = random_cell_in(gen->rng, area);
        if (free_for_item(gen, p)) {
            *out = p;
            return true;
        }
    }
    return false;
}

static void place_items(Gen *gen)
{
    int wanted = ITEMS_BASE + gen->level->depth / 2;
    for (int i = 0; i < wanted; ++i) {
        Point cell;
        if (random_free_cell_for_item(gen, &cell)) {
            add_found_item(gen, cell);
        }
    }
}

static void place_gold(Gen *gen)
{
    int gold = data_find_item(gen->data, "gold");
    int piles = rng_roll(gen->rng, GOLD_PILES_MIN, GOLD_PILES_MAX);
    for (int i = 0; i < piles; ++i) {
        Point cell;
        if (random_free_cell_for_item(gen, &cell)) {
            int count = rng_roll(gen->rng, GOLD_MIN, GOLD_MAX) * gen->level->depth;
            add_item(gen, gold, count, cell);
        }
    }
}

/* ---- Filling the vault ------------------------------------------------- */

/* How many cells a way reaches from the start, round the traps that move
 * the player and the cell blocked (or none: off the map) */
static int reached_from_start(const Gen *gen, Point blocked)
{
    const Level *level = gen->level;
    uint8_t shut[MAP_CELLS];
    int16_t queue[MAP_CELLS];
    memset(shut, 0, sizeof shut);
    if (in_bounds(blocked.x, blocked.y)) shut[cell_index(blocked.x, blocked.y)] = 1;
    for (int i = 0; i < level->trap_count; ++i) {
        Point t = level->traps[i].pos;
        if (trap_def(level->traps[i].kind)->moves) shut[cell_index(t.x, t.y)] = 1;
    }
    int head = 0, tail = 0;
    shut[cell_index(gen->start.x, gen->start.y)] = 1;
    queue[tail++] = (int16_t)cell_index(gen->start.x, gen->start.y);
    while (head < tail) {
        Point c = cell_point(queue[head++]);
        for (int d = 0; d < 8; ++d) {
            Point n = point_add(c, DIRS[d]);
            if (!in_bounds(n.x, n.y) || shut[cell_index(n.x, n.y)] || !map_passable(&level->map, n.x, n.y)) continue;
            shut[cell_index(n.x, n.y)] = 1;
            queue[tail++] = (int16_t)cell_index(n.x, n.y);
        }
    }
    return tail;
}

/* A trap of a kind rolled for the floor; but one that would move the
 * player (a teleport trap, a trapdoor) where it would be the only way
 * to some ground (the stairs, a vault's Amulet) is one that doesn't,
 * for nobody would come out past it */
static void add_trap(Gen *gen, Point pos)
{
    Trap trap;
    memset(&trap, 0, sizeof trap);
    trap.pos = pos;
    trap.kind = gen_trap_kind(gen->rng, gen->level->depth);
    if (trap_def(trap.kind)->moves && reached_from_start(gen, pos) < reached_from_start(gen, (Point){-1, -1}) - 1) {
        _Static_assert(TRAP_TELEPORT == TRAP_ALARM + 1 && TRAP_TRAPDOOR == TRAP_COUNT - 1, "the kinds that stay come first");
        trap.kind = (TrapKind)rng_roll(gen->rng, 0, TRAP_ALARM);
    }
    trap.known = false;
    lvl_add_trap(gen->level, &trap);
}

static int next_pack_id(const Level *level)
{
    int pack_id = 1;
    for (int i = 0; i < level->monster_count; ++i) {
        if (level->monsters[i].pack_id >= pack_id) pack_id = level->monsters[i].pack_id + 1;
    }
    return pack_id;
}

/* The guards are a pack of their own, numbered after every pack on the
 * floor, so they wake together and with nobody else */
static void place_guardians(Gen *gen)
{
    const VaultContents *vault = &gen->vault;
    if (vault->guardian_count == 0 || vault->guardian < 0) return;
    int pack_id = next_pack_id(gen->level);
    bool awake = starts_awake(gen->data, gen->rng, vault->guardian);
    for (int i = 0; i < vault->guardian_count; ++i) {
        add_monster(gen, vault->guardian, vault->guardians[i], pack_id, awake);
    }
}

/* After the floor's own monsters and items, as the book does, so the
 * guards' pack number comes after theirs */
static void fill_vault(Gen *gen)
{
    const VaultContents *vault = &gen->vault;
    if (!gen->level->has_vault) return;
    if (vault->has_amulet) {
        add_item(gen, data_find_item(gen->data, "amulet"), 1, vault->amulet);
    }
    for (int i = 0; i < vault->trap_count; ++i) {
        add_trap(gen, vault->traps[i]);
    }
    for (int i = 0; i < vault->treasure_count; ++i) {
        add_found_item(gen, vault->treasure[i]);
    }
    for (int i = 0; i < vault->monster_count; ++i) {
        int kind = gen_monster_kind(gen->data, gen->rng, gen->level->depth);
        bool awake = starts_awake(gen->data, gen->rng, kind);
        add_monster(gen, kind, vault->monsters[i], 0, awake);
    }
    place_guardians(gen);
}

/* ---- The stairs -------------------------------------------------------- */

/* At the far end of the longest walk from the start, so the whole floor
 * has to be crossed; never in the vault, nor in a doorway. Chosen from the
 * ground alone (no dice), before anything is put on the floor, so that
 * nothing is put on them. */
static void place_stairs(Gen *gen)
{
    Level *level = gen->level;
    Dmap from_start;
    dmap_compute(&from_start, &level->map, &gen->start, 1, DOOR_STEPS);
    const Rect *avoid = level->has_vault ? &level->vault : NULL;
    Point stairs;
    if (!dmap_farthest(&from_start, &level->map, avoid, &stairs)) return;
    map_set(&level->map, stairs.x, stairs.y, T_STAIRS);
    level->stairs = stairs;
    level->has_stairs = true;
}

/* ---- Secret doors ------------------------------------------------------ */

typedef struct Doorway {
    Point door;
    int room;
} Doorway;

/* Every door of every room, each with the room it leads into */
static int list_doorways(const Gen *gen, Doorway doorways[DOORWAYS_MAX])
{
    int count = 0;
    for (int room = 0; room < gen->area_count; ++room) {
        Point doors[ROOM_DOORS_MAX];
        int n = rooms_doors_into(&gen->level->map, gen->areas[room], doors, ROOM_DOORS_MAX);
        for (int i = 0; i < n && count < DOORWAYS_MAX; ++i) {
            doorways[count++] = (Doorway){doors[i], room};
        }
    }
    return count;
}

static int clamp(int value, int lo, int hi)
{
    return value < lo ? lo : value > hi ? hi : value;
}

/* Whether everything that must stay in reach still is: the cell just
 * inside the door's room, the stairs, and every Amulet lying on the floor
 * (an Amulet missed is a run lost). Secret doors are never entered. */
static bool still_in_reach(const Gen *gen, Point door, Rect room)
{
    const Level *level = gen->level;
    Dmap from_start;
    dmap_compute(&from_start, &level->map, &gen->start, 1, DOOR_STEPS);
    Point inside = {clamp(door.x, room.x, room.x + room.w - 1),
                    clamp(door.y, room.y, room.y + room.h - 1)};
    if (dmap_at(&from_start, inside) == DMAP_UNREACHED) return false;
    if (level->has_stairs && dmap_at(&from_start, level->stairs) == DMAP_UNREACHED) return false;
    for (int i = 0; i < level->item_count; ++i) {
        const FloorItem *item = &level->items[i];
        bool amulet = gen->data->items[item->stack.kind].item_class == IC_AMULET;
        if (amulet && dmap_at(&from_start, item->pos) == DMAP_UNREACHED) return false;
    }
    return true;
}

/* Hidden for a moment, and put back if that cuts off what must stay in
 * reach. A room whose only door this is keeps it. */
static bool try_hiding(Gen *gen, Doorway doorway)
{
    Map *map = &gen->level->map;
    Point door = doorway.door;
    Rect room = gen->areas[doorway.room];
    Point doors[ROOM_DOORS_MAX];
    if (!map_is_door(map, door.x, door.y)) return false;
    if (rooms_doors_into(map, room, doors, ROOM_DOORS_MAX) < 2) return false;
    Terrain before = map_at_point(map, door);
    map_set(map, door.x, door.y, T_SECRET_DOOR);
    if (still_in_reach(gen, door, room)) return true;
    map_set(map, door.x, door.y, before);
    return false;
}

/* The rooms beyond a hidden door can be hidden with it: that's what
 * secret doors are for */
static void hide_doors(Gen *gen)
{
    Doorway doorways[DOORWAYS_MAX];
    int count = list_doorways(gen, doorways);
    rng_shuffle(gen->rng, doorways, count, sizeof doorways[0]);
    int wanted = rng_roll(gen->rng, SECRET_DOORS_MIN, SECRET_DOORS_MAX), hidden = 0;
    for (int i = 0; i < count && hidden < wanted; ++i) {
        hidden += try_hiding(gen, doorways[i]);
    }
}

/* ---- Traps ------------------------------------------------------------- */

/* Never in the player's area, so the first steps are safe */
static void place_traps(Gen *gen)
{
    if (gen->area_count < 2) return;
    int wanted = TRAPS_BASE + gen->level->depth / 2;
    for (int i = 0; i < wanted; ++i) {
        for (int tries = 0; tries < PLACE_TRIES; ++tries) {
            Rect area = random_area(gen, 1);
            Point p = random_cell_in(gen->rng, area);
            if (free_for_trap(gen, p)) {
                add_trap(gen, p);
                break;
            }
        }
    }
}

/* ---- The whole floor --------------------------------------------------- */

void gen_level(Level *level, const GameData *data, Rng *rng, int depth, Point *start)
{
    Gen gen;
    memset(&gen, 0, sizeof gen);
    gen.level = level;
    gen.data = data;
    gen.rng = rng;
    gen.cave = tune_is_cave_floor(depth);
    while (!try_ground(&gen, depth)) {
        /* made again, with the dice rolling on */
    }
    if (depth < LAST_FLOOR) place_stairs(&gen);
    place_monsters(&gen);
    place_items(&gen);
    place_gold(&gen);
    fill_vault(&gen);
    if (!gen.cave) hide_doors(&gen);
    place_traps(&gen);
    *start = gen.start;
}

void gen_floor(Level *level, const GameData *data, uint64_t seed, int depth, Point *start)
{
    Rng floor_dice;
    streams_floor(&floor_dice, seed, depth);
    gen_level(level, data, &floor_dice, depth, start);
}
