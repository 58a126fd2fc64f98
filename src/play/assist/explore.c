#include "explore.h"

#include <stdio.h>
#include <string.h>

#include "dmap.h"   /* DMAP_UNREACHED */
#include "explore_sight.h"
#include "heed.h"
#include "known.h"
#include "memory.h"

_Static_assert((int)PAD_CELLS == (int)EXPLORE_PAD_CELLS, "the padded map is the header's");

/* Each terrain byte's PASSABLE and WALKABLE, its way, and what the player
 * takes it for */
static void terrain_kinds(Sight *sight, bool over_traps, uint8_t seen_as[256])
{
    memset(sight->kind, 0, sizeof sight->kind);
    memset(sight->way, NO_WAY, sizeof sight->way);
    memset(seen_as, T_WALL, 256);
    for (int t = 0; t < T_COUNT; ++t) {
        const TerrainDef *def = map_terrain_def((Terrain)t);
        bool secret = t == T_SECRET_DOOR;   /* a wall, to the player */
        bool passable = def->passable && !secret;
        sight->kind[t] = (uint8_t)((passable ? PASSABLE : 0) | (def->walkable ? WALKABLE : 0));
        sight->way[t] = passable ? (t == T_CLOSED_DOOR ? DOOR : GROUND) : NO_WAY;
        seen_as[t] = (uint8_t)def->seen_as;
    }
    sight->way[BLOCKED] = over_traps ? GROUND : NO_WAY;
    sight->way[ONTO] = over_traps ? GROUND : NO_WAY;
    sight->way[OCCUPIED] = DOOR;
}

_Static_assert(MAP_CELLS % 8 == 0, "the visible flags are read 8 at a time");
_Static_assert(T_WALL == 0, "a cell never seen is a wall: its terrain byte masked out");

/* A row of what the player remembers: explored ? remembered : T_WALL, in
 * a form the compiler vectorises */
static void remembered_row(uint8_t *restrict row, const uint8_t *restrict remembered,
                           const uint8_t *restrict explored)
{
    for (int x = 0; x < MAP_W; ++x) row[x] = (uint8_t)(remembered[x] & -(uint8_t)(explored[x] != 0));
}

/* A row of the unknown: neither explored nor in sight */
static void unknown_row(uint8_t *restrict row, const uint8_t *restrict explored,
                        const uint8_t *restrict visible)
{
    for (int x = 0; x < MAP_W; ++x) row[x] = (uint8_t)((explored[x] | visible[x]) == 0);
}

/* The terrain as the player knows it (known.h's, a cell at a time). What
 * is in sight is as it looks now (the memory takes it in at the next
 * look); it is all near the player, so the rows with none are skipped,
 * and the visible flags read 8 at a time, the clear runs skipped */
static void know_terrain(Sight *sight, const uint8_t seen_as[256])
{
    const Map *map = &sight->level->map;
    memset(sight->terrain, T_WALL, sizeof sight->terrain);
    memset(sight->unknown, 0, sizeof sight->unknown);
    for (int y = 0; y < MAP_H; ++y) {
        int row = (y + 1) * PAD_W + 1, from = y * MAP_W;
        remembered_row(sight->terrain + row, sight->memory->terrain + from, map->explored + from);
        unknown_row(sight->unknown + row, map->explored + from, map->visible + from);
    }
    for (int y = 0; y < MAP_H; ++y) {
        if (!map_row_in_sight(map, y)) continue;
        uint8_t *row = sight->terrain + (y + 1) * PAD_W + 1;
        for (int x = 0; x < MAP_W; x += 8) {
            uint64_t eight;
            memcpy(&eight, map->visible + y * MAP_W + x, sizeof eight);
            for (int i = x; eight != 0 && i < x + 8; ++i) {
                if (map->visible[y * MAP_W + i]) row[i] = seen_as[map->terrain[y * MAP_W + i]];
            }
        }
    }
}

/* The known traps: never walked onto; one that moves the player never
 * leads across, but may be the cell a way ends on (onto, or -1) */
static void know_traps(Sight *sight, int onto)
{
    sight->known_traps = 0;
    for (int i = 0; i < sight->level->trap_count; ++i) {
        const Trap *trap = &sight->level->traps[i];
        if (!trap->known) continue;
        ++sight->known_traps;
        bool moves = trap_def(trap->kind)->moves;
        uint8_t mark = !moves ? BLOCKED : cell_index(trap->pos.x, trap->pos.y) == onto ? ONTO : MOVES_AWAY;
        sight->terrain[padded(trap->pos)] = mark;
    }
}

void explore_look(const Run *run, Sight *sight, bool over_traps, int onto)
{
    const Level *level = run_level(run);
    sight->run = run;
    sight->level = level;
    sight->memory = mem_of(run);
    uint8_t seen_as[256];
    terrain_kinds(sight, over_traps, seen_as);
    know_terrain(sight, seen_as);
    know_traps(sight, onto);
    memset(sight->item, 0, sizeof sight->item);
    sight->threat_in_view = false;
    for (int i = 0; i < level->item_count; ++i) {
        Point p = level->items[i].pos;
        if (map_visible(&level->map, p.x, p.y)) sight->item[cell_index(p.x, p.y)] = 1;
    }
}

/* The monsters in sight are in the going's way */
static void occupy(Sight *sight)
{
    const Level *level = sight->level;
    for (int i = 0; i < level->monster_count; ++i) {
        Point p = level->monsters[i].pos;
        if (run_sees(sight->run, p)) sight->terrain[padded(p)] = OCCUPIED;
    }
}

static int sight_terrain(const Sight *sight, Point p)
{
    return in_bounds(p.x, p.y) ? sight->terrain[padded(p)] : T_WALL;
}

/* Ground a way can lead through: walkable, or a door the player knows */
static bool passable(const Sight *sight, Point p)
{
    return sight->way[sight_terrain(sight, p)] != NO_WAY;
}

static bool walkable(const Sight *sight, Point p)
{
    return (sight->kind[sight_terrain(sight, p)] & WALKABLE) != 0;
}

static bool unknown(const Sight *sight, Point p)
{
    return in_bounds(p.x, p.y) && sight->unknown[padded(p)];
}

/* An item the player knows of on a cell */
static bool item_known(const Sight *sight, Point p)
{
    int i = cell_index(p.x, p.y);
    if (sight->level->map.visible[i]) return sight->item[i] != 0;
    return sight->level->map.explored[i] && sight->memory->item[i].count > 0;
}

/* The item the player knows on a cell (count 0 for none) */
static Stack item_at(const Run *run, Point p)
{
    return mem_item(mem_of(run), run_level(run), p);
}

/* ---- The nearest goal -------------------------------------------------- */

typedef bool (*GoalTest)(const Explorer *e, Sight *sight, Point p);

typedef struct Reach {
    uint8_t shut[PAD_CELLS];      /* reached already */
    int8_t first[PAD_CELLS];      /* the first step's direction toward the cell */
    int16_t bucket[3][PAD_CELLS];
    int count[3];
} Reach;

/* A walk outward from the player (Dial's algorithm, costs 1 and door_cost
 * up to 2) to the nearest cell passing the test (with none, a goal
 * sight->goal marks), the player's own cell left out: its distance
 * and the first step toward it, or -1. A step's
 * cost is the cell stepped onto's, so the first distance a cell is given
 * is its least: each cell is queued once, and is shut once reached */
static int nearest(const Explorer *e, Sight *sight, GoalTest test, int door_cost, int *dir)
{
    Reach r;   /* about 20 KB, on the stack: no state outlives the call */
    memset(r.shut, 0, sizeof r.shut);
    r.count[0] = r.count[1] = r.count[2] = 0;
    int start = padded(run_player(sight->run)->pos);
    r.shut[start] = 1;
    r.first[start] = -1;
    r.bucket[0][r.count[0]++] = (int16_t)start;
    for (int dist = 0, waiting = 1; waiting > 0; ++dist) {
        int b = dist % 3, step = (b + 1) % 3, door = (b + door_cost) % 3;
        for (int k = 0; k < r.count[b]; ++k) {
            int c = r.bucket[b][k];
            --waiting;
            if (c != start && (test == NULL ? sight->goal[c] != 0 : test(e, sight, unpadded(c)))) {
                *dir = r.first[c];
                return dist;
            }
            for (int d = 0; d < 8; ++d) {
                int q = c + PAD_STEP[d];
                uint8_t way = sight->way[sight->terrain[q]];
                if (way == NO_WAY || r.shut[q]) continue;
                r.shut[q] = 1;
                int to = way == DOOR ? door : step;
                r.first[q] = c == start ? (int8_t)d : r.first[c];
                r.bucket[to][r.count[to]++] = (int16_t)q;
                ++waiting;
            }
        }
        r.count[b] = 0;
    }
    return -1;
}

/* The stairs, if the player knows them: only a cell they know as stairs
 * counts, so it tells them nothing they haven't seen */
bool explore_known_stairs(const Run *run, Point *out)
{
    const Level *level = run_level(run);
    if (!level->has_stairs || known_terrain(run, level->stairs) != T_STAIRS) return false;
    *out = level->stairs;
    return true;
}

/* Known doors beside the player: one more after a search is one found */
static int doors_around(const Run *run)
{
    Point me = run_player(run)->pos;
    int doors = 0;
    for (int d = 0; d < 8; ++d) {
        Terrain t = known_terrain(run, point_add(me, DIRS[d]));
        doors += t == T_CLOSED_DOOR || t == T_OPEN_DOOR;
    }
    return doors;
}

/* The nearest monster in sight that could harm the player now (heed.h),
 * or -1 */
static int threat_in_view(const Run *run)
{
    SeenMonster seen[MAX_MONSTERS];
    int count = heed_monsters_in_view(run, seen, MAX_MONSTERS);
    int threat = heed_nearest_threat(run, seen, count);
    return threat >= 0 ? seen[threat].index : -1;
}

static void remember_now(Explorer *e, const Run *run, const Sight *sight)
{
    const Player *player = run_player(run);
    Point stairs;
    e->hp = player->hp;
    e->status = player->status;
    e->known_traps = sight->known_traps;
    e->known_doors = doors_around(run);
    e->stairs_known = explore_known_stairs(run, &stairs);
    e->under_at = player->pos;
    e->under = item_at(run, player->pos);
    heed_count_carried(run, e->carried);
}

/* Every item the player knows of now is one already noticed */
static void notice_all(Explorer *e, const Run *run)
{
    const Memory *memory = mem_of(run);
    const Level *level = run_level(run);
    int16_t cells[MAP_CELLS];
    for (int k = 0, n = mem_item_cells(memory, cells); k < n; ++k) {
        if (level->map.explored[cells[k]]) e->noticed[cells[k]] = 1;
    }
    for (int i = 0; i < level->item_count; ++i) {
        Point p = level->items[i].pos;
        if (run_sees(run, p)) e->noticed[cell_index(p.x, p.y)] = 1;
    }
}

void explore_start(Explorer *e, const Run *run, ExploreKind kind, Point target)
{
    const Level *level = run_level(run);
    if (!e->marked || e->depth != level->depth || e->arrivals != run_arrivals(run)) {
        memset(e, 0, sizeof *e);
        e->marked = true;
        e->depth = level->depth;
        e->arrivals = run_arrivals(run);
    }
    e->kind = kind;
    e->target = target;
    e->going = true;
    e->heedless = e->over_traps = false;
    e->take = HEED_TAKE_DEFAULT;
    e->commands = 0;
    e->searched_last = e->picked_last = false;
    if (kind != EXPLORE_FLOOR) e->search_left = 0;
    notice_all(e, run);
    if (heed_dropped_underfoot(e, run)) {
        Point me = run_player(run)->pos;
        e->skipped[cell_index(me.x, me.y)] = 1;
    }
    Sight sight;
    explore_look(run, &sight, false, -1);
    remember_now(e, run, &sight);
}

/* ---- The stops --------------------------------------------------------- */

static ExploreStop stop(Explorer *e, ExploreStop why, char *message, size_t size,
                        const char *text)
{
    e->going = false;
    snprintf(message, size, "%s", text);
    return why;
}

static const char *status_begun(const Statuses *was, const Statuses *now)
{
    if (was->poisoned == 0 && now->poisoned > 0) return "You stop: you are poisoned.";
    if (was->confused == 0 && now->confused > 0) return "You stop: you are confused.";
    if (was->regenerating == 0 && now->regenerating > 0) return "You stop: you are regenerating.";
    return NULL;
}

/* An item that stops the going when first seen: exploring walks to what
 * it takes without a word (it says so as it picks it up); travel stops
 * for any but gold (walking onto gold takes it) */
static bool stops_for(const Explorer *e, const Run *run, Stack stack)
{
    if (e->kind == EXPLORE_FLOOR) return !heed_takes(run, e->take, stack.kind, false);
    return run_data(run)->items[stack.kind].item_class != IC_GOLD;
}

/* A new item known: noticed once, and the first that stops the going
 * named. False if none stops it */
static bool item_seen(Explorer *e, const Run *run, char *name, size_t size)
{
    const Memory *memory = mem_of(run);
    const Level *level = run_level(run);
    bool seen = false;
    for (int i = 0; i < level->item_count; ++i) {
        Point p = level->items[i].pos;
        int c = cell_index(p.x, p.y);
        if (e->noticed[c] || !run_sees(run, p)) continue;
        e->noticed[c] = 1;
        if (seen || !stops_for(e, run, level->items[i].stack)) continue;
        run_item_name(run, level->items[i].stack, name, size);
        seen = true;
    }
    int16_t cells[MAP_CELLS];
    for (int k = 0, n = mem_item_cells(memory, cells); k < n; ++k) {
        int c = cells[k];
        if (e->noticed[c] || !level->map.explored[c]) continue;
        e->noticed[c] = 1;
        if (seen || !stops_for(e, run, memory->item[c])) continue;
        run_item_name(run, memory->item[c], name, size);
        seen = true;
    }
    return seen;
}

/* A monster that could harm the player stops the going: "Not with the
 * kobold in view.", unless a line of the going's last command named it
 * (it came into view, woke up, struck), however many were said after
 * it: the player has just read of it */
static ExploreStop monster_stop(Explorer *e, const Run *run, int monster, char *message, size_t size)
{
    int kind = run_level(run)->monsters[monster].kind;
    if (e->commands > 0 && heed_just_named(run, kind)) return stop(e, EXPLORE_MONSTER, message, size, "");
    char text[96];
    snprintf(text, sizeof text, "Not with the %s in view.", run_data(run)->monsters[kind].name);
    return stop(e, EXPLORE_MONSTER, message, size, text);
}

/* Hurt since the last command by more than the statuses the rest is
 * resting off do (poison's tick, its last one too); exploring and
 * travel stop for any hurt */
static bool hurt(const Explorer *e, const Player *player)
{
    int ticks = e->kind == EXPLORE_REST && e->status.poisoned > 0 ? 1 : 0;
    return player->hp < e->hp - ticks;
}

/* What changed since the last command that stops the going, or EXPLORE_GO */
static ExploreStop changes(Explorer *e, const Run *run, Sight *sight, char *message, size_t size)
{
    const Player *player = run_player(run);
    int monster = threat_in_view(run);
    sight->threat_in_view = monster >= 0;
    if (monster >= 0 && !e->heedless) return monster_stop(e, run, monster, message, size);
    const char *begun = status_begun(&e->status, &player->status);
    if (begun != NULL) return stop(e, EXPLORE_STATUS, message, size, begun);
    if (hurt(e, player)) return stop(e, EXPLORE_HURT, message, size, "You stop: you are hurt.");
    if (sight->known_traps > e->known_traps) return stop(e, EXPLORE_TRAP, message, size, "");
    if (e->searched_last && doors_around(run) > e->known_doors) {
        e->told_explored = false;
        return stop(e, EXPLORE_SECRET_DOOR, message, size, "");
    }
    char name[96], text[128];
    if (e->kind != EXPLORE_REST && item_seen(e, run, name, sizeof name)) {
        snprintf(text, sizeof text, "You see %s.", name);
        return stop(e, EXPLORE_ITEM, message, size, text);
    }
    Point stairs;
    if (e->kind == EXPLORE_FLOOR && !e->stairs_known && explore_known_stairs(run, &stairs)) {
        return stop(e, EXPLORE_STAIRS, message, size, "You see the stairs down.");
    }
    return EXPLORE_GO;
}

/* ---- Where to go ------------------------------------------------------- */

/* An item exploring walks to: known, taken (heed.h), not left alone */
static bool item_wanted(const Explorer *e, Sight *sight, Point p)
{
    if (e->skipped[cell_index(p.x, p.y)] || !item_known(sight, p)) return false;
    Stack stack = item_at(sight->run, p);
    return stack.count > 0 && heed_takes(sight->run, e->take, stack.kind, sight->threat_in_view);
}

static bool fits(const Run *run, Stack stack)
{
    ItemClass c = run_data(run)->items[stack.kind].item_class;
    const Pack *pack = &run_player(run)->pack;
    return c == IC_GOLD || c == IC_AMULET || pack->count < PACK_SLOTS ||
           pack_find(pack, stack.kind) >= 0;
}

/* Where exploring goes: known ground beside the unknown, or an item to
 * pick up. Every cell's worked out whole before the walk to the nearest,
 * not asked about each cell the walk reaches: the cells beside the
 * unknown a row at a time (the compiler vectorises it), and the few where
 * an item is known */
static void explore_goals(const Explorer *e, Sight *sight)
{
    memset(sight->goal, 0, sizeof sight->goal);
    for (int y = 1; y <= MAP_H; ++y) {
        const uint8_t *restrict up = sight->unknown + (y - 1) * PAD_W;
        const uint8_t *restrict here = up + PAD_W, *restrict down = here + PAD_W;
        uint8_t *restrict out = sight->goal + y * PAD_W;
        for (int x = 1; x <= MAP_W; ++x) {
            out[x] = (uint8_t)(up[x - 1] | up[x] | up[x + 1] | here[x - 1] | here[x + 1] |
                               down[x - 1] | down[x] | down[x + 1]);
        }
    }
    const Level *level = sight->level;
    for (int i = 0; i < level->item_count; ++i) {
        Point p = level->items[i].pos;
        if (item_wanted(e, sight, p)) sight->goal[padded(p)] = 1;
    }
    int16_t cells[MAP_CELLS];
    for (int k = 0, n = mem_item_cells(sight->memory, cells); k < n; ++k) {
        Point p = cell_point(cells[k]);
        if (item_wanted(e, sight, p)) sight->goal[padded(p)] = 1;
    }
}

/* A wall beside the ground that hasn't been searched from beside it
 * enough: one more search there could find a secret door in it */
static bool unsearched_wall(const Explorer *e, Sight *sight, Point wall)
{
    bool inside = wall.x > 0 && wall.y > 0 && wall.x < MAP_W - 1 && wall.y < MAP_H - 1;
    return inside && !passable(sight, wall) && e->searched[cell_index(wall.x, wall.y)] < EXPLORE_SEARCH_MOST;
}

/* Ground where a secret door is likely beside: the end of a dead end,
 * or (once no dead end is left) ground beside a wall with the unknown
 * behind it */
static bool likely(const Explorer *e, Sight *sight, Point p, bool dead_ends)
{
    if (!walkable(sight, p)) return false;
    int ways = 0, unsearched = 0;
    for (int d = 0; d < 8; ++d) {
        Point q = point_add(p, DIRS[d]);
        ways += passable(sight, q);
        unsearched += unsearched_wall(e, sight, q);
    }
    if (unsearched == 0) return false;
    if (dead_ends) return ways == 1;
    for (int d = 0; d < 8; d += 2) {
        Point wall = point_add(p, DIRS[d]), beyond = point_add(wall, DIRS[d]);
        if (unsearched_wall(e, sight, wall) && unknown(sight, beyond)) return true;
    }
    return false;
}

/* The last resort: ground beside any wall not searched enough (a secret
 * door may lead back to ground already known, as a vault's does) */
static bool wall_beside(const Explorer *e, Sight *sight, Point p)
{
    if (!walkable(sight, p)) return false;
    for (int d = 0; d < 8; d += 2) {
        if (unsearched_wall(e, sight, point_add(p, DIRS[d]))) return true;
    }
    return false;
}

static bool dead_end(const Explorer *e, Sight *sight, Point p) { return likely(e, sight, p, true); }
static bool wall_by_unknown(const Explorer *e, Sight *sight, Point p) { return likely(e, sight, p, false); }

static bool is_target(const Explorer *e, Sight *sight, Point p)
{
    (void)sight;
    return point_eq(p, e->target);
}

static ExploreStop give(Explorer *e, Command *out, CommandKind kind, int arg)
{
    *out = cmd_make(kind, arg);
    e->searched_last = kind == CMD_SEARCH;
    e->picked_last = kind == CMD_PICK_UP;
    ++e->commands;
    return EXPLORE_GO;
}

static ExploreStop search_here(Explorer *e, const Run *run, Command *out)
{
    Point me = run_player(run)->pos;
    for (int d = 0; d < 8; ++d) {   /* each wall beside is searched once more */
        Point p = point_add(me, DIRS[d]);
        if (!in_bounds(p.x, p.y)) continue;
        uint8_t *s = &e->searched[cell_index(p.x, p.y)];
        if (*s < 255) ++*s;
    }
    --e->search_left;
    return give(e, out, CMD_SEARCH, 0);
}

/* nearest, round the monsters in sight; through them (their cells goals
 * too) only if nothing is reached round them. One that won't move (a
 * shrieker) would be in the way for ever, and one that might is no surer */
static int nearest_round(const Explorer *e, Sight *sight, GoalTest test, int door_cost, int *dir)
{
    sight->way[OCCUPIED] = NO_WAY;
    int found = nearest(e, sight, test, door_cost, dir);
    sight->way[OCCUPIED] = DOOR;
    return found >= 0 ? found : nearest(e, sight, test, door_cost, dir);
}

/* A step toward the nearest goal; false if none can be reached */
static bool walk(Explorer *e, Sight *sight, GoalTest test, Command *out)
{
    int dir;
    if (nearest_round(e, sight, test, DOOR_COST, &dir) < 0) return false;
    give(e, out, CMD_MOVE, dir);
    return true;
}

/* The steps to the stairs, or -1 if they aren't known or reachable */
static int stairs_steps(Explorer *e, Sight *sight)
{
    int dir;
    Point at;
    if (!explore_known_stairs(sight->run, &at)) return -1;
    if (point_eq(at, run_player(sight->run)->pos)) return 0;
    Point kept = e->target;
    e->target = at;
    int steps = nearest_round(e, sight, is_target, 1, &dir);
    e->target = kept;
    return steps;
}

static ExploreStop explored(Explorer *e, const Run *run, Sight *sight, char *message, size_t size)
{
    e->told_explored = true;
    (void)run;
    int steps = stairs_steps(e, sight);
    if (steps < 0) return stop(e, EXPLORE_EXPLORED, message, size, "There is nothing left to explore.");
    char text[80];
    snprintf(text, sizeof text, "Explored. The stairs are %d step%s away.", steps, steps == 1 ? "" : "s");
    return stop(e, EXPLORE_EXPLORED, message, size, text);
}

/* An explored floor: searching its likely walls, a few turns at each */
static ExploreStop search_floor(Explorer *e, const Run *run, Sight *sight, Command *out,
                                char *message, size_t size)
{
    if (e->search_left > 0) return search_here(e, run, out);
    if (e->searched_last) {
        e->searched_last = false;
        return stop(e, EXPLORE_SEARCHED, message, size,
                    "You search for a secret door here, and find nothing yet.");
    }
    Point me = run_player(run)->pos;
    GoalTest likeliest[] = {dead_end, wall_by_unknown, wall_beside};
    for (int i = 0; i < 3; ++i) {
        if (likeliest[i](e, sight, me)) {
            e->search_left = EXPLORE_SEARCH_TURNS;
            return search_here(e, run, out);
        }
        if (walk(e, sight, likeliest[i], out)) return EXPLORE_GO;
    }
    /* every wall searched its fill: the counts start again, for the next o
     * to search them all again, as a door missed every time (one in 400
     * is) is still there, and may be the only way on */
    memset(e->searched, 0, sizeof e->searched);
    return stop(e, EXPLORE_EXPLORED, message, size, "There is nothing left to explore or search.");
}

static ExploreStop explore_floor(Explorer *e, const Run *run, Sight *sight, Command *out,
                                 char *message, size_t size)
{
    Point me = run_player(run)->pos;
    uint8_t *left = &e->skipped[cell_index(me.x, me.y)];
    /* a pick-up the run refused, for whatever reason, isn't tried again */
    if (e->picked_last && item_wanted(e, sight, me)) *left = 1;
    if (e->search_left == 0 && item_wanted(e, sight, me)) {
        if (!fits(run, item_at(run, me))) {
            *left = 1;
            return stop(e, EXPLORE_PACK_FULL, message, size, "Your pack is full.");
        }
        return give(e, out, CMD_PICK_UP, 0);
    }
    if (e->search_left == 0) {
        explore_goals(e, sight);
        if (walk(e, sight, NULL, out)) {
            e->told_explored = false;
            return EXPLORE_GO;
        }
        if (!e->told_explored) return explored(e, run, sight, message, size);
    }
    return search_floor(e, run, sight, out, message, size);
}

static ExploreStop travel(Explorer *e, const Run *run, Sight *sight, Command *out, char *message,
                          size_t size)
{
    Point me = run_player(run)->pos;
    if (point_eq(me, e->target)) return stop(e, EXPLORE_ARRIVED, message, size, "");
    if (!passable(sight, e->target) || !walk(e, sight, is_target, out)) {
        return stop(e, EXPLORE_NO_WAY, message, size, "You don't know a way there.");
    }
    return EXPLORE_GO;
}

/* A turn of rest is a wait ('.'), which says nothing, as DCSS's rest:
 * a search says "You search, and find nothing." every turn */
static ExploreStop rest(Explorer *e, const Run *run, Command *out, char *message, size_t size)
{
    const Player *p = run_player(run);
    const Statuses *s = &p->status;
    if (p->hp >= p->max_hp && s->poisoned == 0 && s->confused == 0 && s->regenerating == 0) {
        return stop(e, EXPLORE_RESTED, message, size, e->commands > 0 ? "You are rested." : "You have no need to rest.");
    }
    return give(e, out, CMD_WAIT, 0);
}

/* A step into a monster in sight (one that lets the going be, or it
 * would have stopped) isn't taken: "The shrieker is in the way." */
static ExploreStop in_the_way(Explorer *e, const Sight *sight, Command command, char *message, size_t size)
{
    if (command.kind != CMD_MOVE) return EXPLORE_GO;
    Point to = point_add(run_player(sight->run)->pos, DIRS[command.arg]);
    if (sight_terrain(sight, to) != OCCUPIED) return EXPLORE_GO;
    int monster = lvl_monster_at(sight->level, to);
    char text[96];
    snprintf(text, sizeof text, "The %s is in the way.", run_data(sight->run)->monsters[sight->level->monsters[monster].kind].name);
    return stop(e, EXPLORE_MONSTER, message, size, text);
}

ExploreStop explore_next(Explorer *e, const Run *run, Command *out, char *message, size_t size)
{
    message[0] = '\0';
    if (!e->going) return EXPLORE_NOT_PLAYING;
    if (run_mode(run) != MODE_PLAYING) return stop(e, EXPLORE_NOT_PLAYING, message, size, "");
    if (e->commands >= EXPLORE_MOST_COMMANDS) return stop(e, EXPLORE_LONG, message, size, "You stop.");
    Sight sight;
    explore_look(run, &sight, e->over_traps, -1);
    occupy(&sight);
    ExploreStop why = changes(e, run, &sight, message, size);
    remember_now(e, run, &sight);
    if (why != EXPLORE_GO) {
        e->searched_last = e->picked_last = false;
        e->search_left = 0;
        return why;
    }
    switch (e->kind) {
    case EXPLORE_FLOOR: why = explore_floor(e, run, &sight, out, message, size); break;
    case EXPLORE_TRAVEL: why = travel(e, run, &sight, out, message, size); break;
    case EXPLORE_REST: why = rest(e, run, out, message, size); break;
    }
    return why == EXPLORE_GO ? in_the_way(e, &sight, *out, message, size) : why;
}

int explore_step_toward(const Run *run, Point target, bool over_traps)
{
    if (!in_bounds(target.x, target.y)) return -1;
    Sight sight;
    explore_look(run, &sight, over_traps, cell_index(target.x, target.y));
    Explorer probe;   /* the goal test reads only its target */
    probe.target = target;
    int dir;
    return nearest(&probe, &sight, is_target, DOOR_COST, &dir) < 0 ? -1 : dir;
}
