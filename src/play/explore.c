#include "explore.h"

#include <stdio.h>
#include <string.h>

#include "dmap.h"
#include "known.h"
#include "memory.h"

/* A step onto a closed door costs the bump that opens it too */
enum { DOOR_COST = 2, MOST_GOALS = 512 };

/* What the player knows of the floor now, as the pathing needs it */
typedef struct Sight {
    Map map;                   /* known terrain; unknown cells and known traps are wall */
    Point goals[MOST_GOALS];
    int goal_count;
    int known_traps, known_doors;
    bool stairs_known;
    Point stairs;
} Sight;

static bool unknown(const Map *map, Point p)
{
    if (!in_bounds(p.x, p.y)) return false;
    int i = cell_index(p.x, p.y);
    return !map->explored[i] && !map->visible[i];
}

static void add_goal(Sight *sight, Point p)
{
    if (sight->goal_count < MOST_GOALS) sight->goals[sight->goal_count++] = p;
}

/* The known map, with its stairs, doors and traps counted */
static void look(const Run *run, Sight *sight)
{
    const Level *level = run_level(run);
    sight->goal_count = 0;
    sight->known_doors = 0;
    sight->stairs_known = false;
    for (int y = 0; y < MAP_H; ++y) {
        for (int x = 0; x < MAP_W; ++x) {
            Terrain t = known_terrain(run, (Point){x, y});
            sight->map.terrain[cell_index(x, y)] = (uint8_t)t;
            if (t == T_CLOSED_DOOR || t == T_OPEN_DOOR) ++sight->known_doors;
            if (t == T_STAIRS && !sight->stairs_known) {
                sight->stairs_known = true;
                sight->stairs = (Point){x, y};
            }
        }
    }
    memcpy(sight->map.explored, level->map.explored, sizeof sight->map.explored);
    memcpy(sight->map.visible, level->map.visible, sizeof sight->map.visible);
    sight->known_traps = 0;
    for (int i = 0; i < level->trap_count; ++i) {
        if (!level->traps[i].known) continue;
        ++sight->known_traps;
        Point p = level->traps[i].pos;
        sight->map.terrain[cell_index(p.x, p.y)] = T_WALL;   /* never walked onto */
    }
}

/* The item the player knows on a cell (count 0 for none) */
static Stack item_at(const Run *run, Point p)
{
    return mem_item(mem_of(run), run_level(run), p);
}

/* The nearest monster in sight, if any */
static int monster_in_view(const Run *run)
{
    const Level *level = run_level(run);
    Point me = run_player(run)->pos;
    int best = -1, best_d = 0;
    for (int i = 0; i < level->monster_count; ++i) {
        Point at = level->monsters[i].pos;
        if (!run_sees(run, at)) continue;
        int d = chebyshev(at, me);
        if (best < 0 || d < best_d) best = i, best_d = d;
    }
    return best;
}

static void remember_now(Explorer *e, const Run *run, const Sight *sight)
{
    const Player *player = run_player(run);
    e->hp = player->hp;
    e->status = player->status;
    e->known_traps = sight->known_traps;
    e->known_doors = sight->known_doors;
    e->stairs_known = sight->stairs_known;
}

/* Every item the player knows of now is one already noticed */
static void notice_all(Explorer *e, const Run *run)
{
    const Memory *memory = mem_of(run);
    const Level *level = run_level(run);
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (memory->item[i].count > 0 && level->map.explored[i]) e->noticed[i] = 1;
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
    e->commands = 0;
    e->searched_last = false;
    if (kind != EXPLORE_FLOOR) e->search_left = 0;
    notice_all(e, run);
    /* what the player stands on was left there, maybe dropped */
    Point me = run_player(run)->pos;
    e->skipped[cell_index(me.x, me.y)] = 1;
    Sight sight;
    look(run, &sight);
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

/* A new item known: stops once for each */
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
        if (!seen) run_item_name(run, level->items[i].stack, name, size);
        seen = true;
    }
    for (int c = 0; c < MAP_CELLS && !seen; ++c) {
        if (e->noticed[c] || memory->item[c].count == 0 || !level->map.explored[c]) continue;
        e->noticed[c] = 1;
        run_item_name(run, memory->item[c], name, size);
        seen = true;
    }
    return seen;
}

/* What changed since the last command that stops the going, or EXPLORE_GO */
static ExploreStop changes(Explorer *e, const Run *run, const Sight *sight, char *message,
                           size_t size)
{
    const Player *player = run_player(run);
    int monster = monster_in_view(run);
    if (monster >= 0) {
        const Monster *m = &run_level(run)->monsters[monster];
        char name[64], text[96];
        run_with_article(run_data(run)->monsters[m->kind].name, name, sizeof name);
        if (name[0] >= 'a' && name[0] <= 'z') name[0] = (char)(name[0] - 'a' + 'A');
        snprintf(text, sizeof text, "%s comes into view.", name);
        return stop(e, EXPLORE_MONSTER, message, size, text);
    }
    const char *begun = status_begun(&e->status, &player->status);
    if (begun != NULL) return stop(e, EXPLORE_STATUS, message, size, begun);
    bool poison_rest = e->kind == EXPLORE_REST && player->status.poisoned > 0;
    if (player->hp < e->hp && !poison_rest) {
        return stop(e, EXPLORE_HURT, message, size, "You stop: you are hurt.");
    }
    if (sight->known_traps > e->known_traps) return stop(e, EXPLORE_TRAP, message, size, "");
    if (e->searched_last && sight->known_doors > e->known_doors) {
        e->told_explored = false;
        return stop(e, EXPLORE_SECRET_DOOR, message, size, "");
    }
    char name[96], text[128];
    if (e->kind != EXPLORE_REST && item_seen(e, run, name, sizeof name)) {
        snprintf(text, sizeof text, "You see %s.", name);
        return stop(e, EXPLORE_ITEM, message, size, text);
    }
    if (e->kind == EXPLORE_FLOOR && sight->stairs_known && !e->stairs_known) {
        return stop(e, EXPLORE_STAIRS, message, size, "You see the stairs down.");
    }
    return EXPLORE_GO;
}

/* ---- Where to go ------------------------------------------------------- */

static bool item_wanted(const Explorer *e, const Run *run, Point p)
{
    return !e->skipped[cell_index(p.x, p.y)] && item_at(run, p).count > 0;
}

static bool fits(const Run *run, Stack stack)
{
    ItemClass c = run_data(run)->items[stack.kind].item_class;
    const Pack *pack = &run_player(run)->pack;
    return c == IC_GOLD || c == IC_AMULET || pack->count < PACK_SLOTS ||
           pack_find(pack, stack.kind) >= 0;
}

/* Known ground beside the unknown, and items to pick up */
static void explore_goals(const Explorer *e, const Run *run, Sight *sight)
{
    Point me = run_player(run)->pos;
    for (int y = 0; y < MAP_H; ++y) {
        for (int x = 0; x < MAP_W; ++x) {
            Point p = {x, y};
            Terrain t = (Terrain)sight->map.terrain[cell_index(x, y)];
            if (!map_terrain_def(t)->passable || t == T_SECRET_DOOR) continue;
            if (item_wanted(e, run, p)) {
                add_goal(sight, p);
                continue;
            }
            if (point_eq(p, me)) continue;
            for (int d = 0; d < 8; ++d) {
                if (unknown(&sight->map, point_add(p, DIRS[d]))) {
                    add_goal(sight, p);
                    break;
                }
            }
        }
    }
}

static bool walkable_known(const Sight *sight, Point p)
{
    return in_bounds(p.x, p.y) && map_terrain_def((Terrain)sight->map.terrain[cell_index(p.x, p.y)])->passable;
}

/* A wall the player hasn't searched enough where a secret door is likely:
 * the end of a dead end, or ground beside a wall with the unknown behind */
static bool likely(const Explorer *e, const Sight *sight, Point p, bool dead_ends)
{
    if (e->searched[cell_index(p.x, p.y)] >= EXPLORE_SEARCH_MOST) return false;
    if (!map_walkable(&sight->map, p.x, p.y)) return false;
    int ways = 0;
    for (int d = 0; d < 8; ++d) ways += walkable_known(sight, point_add(p, DIRS[d]));
    if (dead_ends) return ways == 1;
    for (int d = 0; d < 8; d += 2) {
        Point wall = point_add(p, DIRS[d]), beyond = point_add(wall, DIRS[d]);
        if (!walkable_known(sight, wall) && in_bounds(wall.x, wall.y) &&
            unknown(&sight->map, beyond)) {
            return true;
        }
    }
    return false;
}

/* Dead ends first; walls with the unknown behind only once none is left */
static void search_goals(const Explorer *e, Sight *sight)
{
    for (int pass = 0; pass < 2 && sight->goal_count == 0; ++pass) {
        for (int y = 0; y < MAP_H; ++y) {
            for (int x = 0; x < MAP_W; ++x) {
                if (likely(e, sight, (Point){x, y}, pass == 0)) add_goal(sight, (Point){x, y});
            }
        }
    }
}

/* The step downhill from the player, or -1 if there is none */
static int downhill(const Dmap *dmap, Point me)
{
    int best = -1, here = dmap_at(dmap, me);
    for (int d = 0; d < 8; ++d) {
        int v = dmap_at(dmap, point_add(me, DIRS[d]));
        if (v < here) here = v, best = d;
    }
    return best;
}

static ExploreStop give(Explorer *e, Command *out, CommandKind kind, int arg)
{
    out->kind = (uint16_t)kind;
    out->arg = (int16_t)arg;
    e->searched_last = kind == CMD_SEARCH;
    ++e->commands;
    return EXPLORE_GO;
}

static ExploreStop search_here(Explorer *e, const Run *run, Command *out)
{
    Point me = run_player(run)->pos;
    for (int d = -1; d < 8; ++d) {
        Point p = d < 0 ? me : point_add(me, DIRS[d]);
        if (!in_bounds(p.x, p.y)) continue;
        uint8_t *s = &e->searched[cell_index(p.x, p.y)];
        if (*s < 255) ++*s;
    }
    --e->search_left;
    return give(e, out, CMD_SEARCH, 0);
}

/* Walks to the nearest goal; at one, what's to do there is the caller's */
static bool walk(Explorer *e, const Run *run, Sight *sight, Command *out, int *distance)
{
    Dmap dmap;
    dmap_compute(&dmap, &sight->map, sight->goals, sight->goal_count, DOOR_COST);
    Point me = run_player(run)->pos;
    *distance = dmap_at(&dmap, me);
    if (*distance == 0 || *distance >= DMAP_UNREACHED) return false;
    int dir = downhill(&dmap, me);
    if (dir < 0) return false;
    give(e, out, CMD_MOVE, dir);
    return true;
}

/* The steps to the stairs, or -1 if they aren't known or reachable */
static int stairs_steps(const Run *run, Sight *sight)
{
    if (!sight->stairs_known) return -1;
    Dmap dmap;
    dmap_compute(&dmap, &sight->map, &sight->stairs, 1, 1);
    int d = dmap_at(&dmap, run_player(run)->pos);
    return d >= DMAP_UNREACHED ? -1 : d;
}

static ExploreStop explored(Explorer *e, const Run *run, Sight *sight, char *message, size_t size)
{
    e->told_explored = true;
    int steps = stairs_steps(run, sight);
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
    sight->goal_count = 0;
    search_goals(e, sight);
    int distance;
    if (walk(e, run, sight, out, &distance)) return EXPLORE_GO;
    if (distance == 0) {
        e->search_left = EXPLORE_SEARCH_TURNS;
        return search_here(e, run, out);
    }
    return stop(e, EXPLORE_EXPLORED, message, size, "There is nothing left to explore or search.");
}

static ExploreStop explore_floor(Explorer *e, const Run *run, Sight *sight, Command *out,
                                 char *message, size_t size)
{
    Point me = run_player(run)->pos;
    if (e->search_left == 0 && item_wanted(e, run, me)) {
        Stack stack = item_at(run, me);
        e->skipped[cell_index(me.x, me.y)] = 1;
        if (!fits(run, stack)) return stop(e, EXPLORE_PACK_FULL, message, size, "Your pack is full.");
        return give(e, out, CMD_PICK_UP, 0);
    }
    if (e->search_left == 0) {
        sight->goal_count = 0;
        explore_goals(e, run, sight);
        int distance;
        if (walk(e, run, sight, out, &distance)) {
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
    if (!walkable_known(sight, e->target)) {
        return stop(e, EXPLORE_NO_WAY, message, size, "You don't know a way there.");
    }
    sight->goal_count = 0;
    add_goal(sight, e->target);
    int distance;
    if (walk(e, run, sight, out, &distance)) return EXPLORE_GO;
    return stop(e, EXPLORE_NO_WAY, message, size, "You don't know a way there.");
}

static ExploreStop rest(Explorer *e, const Run *run, Command *out, char *message, size_t size)
{
    const Player *p = run_player(run);
    const Statuses *s = &p->status;
    if (p->hp >= p->max_hp && s->poisoned == 0 && s->confused == 0 && s->regenerating == 0) {
        return stop(e, EXPLORE_RESTED, message, size, e->commands > 0 ? "You are rested." : "You have no need to rest.");
    }
    return give(e, out, CMD_SEARCH, 0);
}

ExploreStop explore_next(Explorer *e, const Run *run, Command *out, char *message, size_t size)
{
    message[0] = '\0';
    if (!e->going) return EXPLORE_NOT_PLAYING;
    if (run_mode(run) != MODE_PLAYING) return stop(e, EXPLORE_NOT_PLAYING, message, size, "");
    if (e->commands >= EXPLORE_MOST_COMMANDS) return stop(e, EXPLORE_LONG, message, size, "You stop.");
    Sight sight;
    look(run, &sight);
    ExploreStop why = changes(e, run, &sight, message, size);
    remember_now(e, run, &sight);
    if (why != EXPLORE_GO) {
        e->searched_last = false;
        e->search_left = 0;
        return why;
    }
    switch (e->kind) {
    case EXPLORE_FLOOR: return explore_floor(e, run, &sight, out, message, size);
    case EXPLORE_TRAVEL: return travel(e, run, &sight, out, message, size);
    case EXPLORE_REST: return rest(e, run, out, message, size);
    }
    return stop(e, EXPLORE_NOT_PLAYING, message, size, "");
}

bool explore_known_stairs(const Run *run, Point *out)
{
    for (int y = 0; y < MAP_H; ++y) {
        for (int x = 0; x < MAP_W; ++x) {
            if (known_terrain(run, (Point){x, y}) == T_STAIRS) {
                *out = (Point){x, y};
                return true;
            }
        }
    }
    return false;
}
