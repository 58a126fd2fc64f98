/* The world's side of a turn: what the player sees, the distance maps the
 * monsters walk by, noise, doors, teleporting, floors made and read
 * back, and waking and hurting. Both the player's actions (player.c,
 * use.c, shot.c) and the monsters' (act.c) go through it; it calls none
 * of them. */
#include "run_internal.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fov.h"
#include "gen.h"
#include "tune.h"

/* ---- Sight ----------------------------------------------------------- */

/* What the player can see from where they stand. One sweep, as far as
 * the keenest monster sees (its seeing the player is the same line the
 * other way), cut down to the player's own radius, which gives exactly
 * the player's sight (test_fov checks it). Everything seen is explored,
 * and every item that comes into sight is seen from then on. Without
 * caches, the player's own sweep, and the monsters' sight is swept at
 * each look (act_sees_player) */
void world_update_sight(Run *run)
{
    Level *level = &run->level;
    Map *map = &level->map;
    Point me = run->player.pos;
    mem_look(&run->memory, level);   /* what was in sight, as it was last */
    int sweep = run->bypass_caches ? SIGHT_RADIUS : run->max_sight;
    memset(run->sees_far, 0, sizeof run->sees_far);
    fov_compute_into(map, me, sweep, run->sees_far);
    memset(map->visible, 0, sizeof map->visible);
    for (int y = me.y - SIGHT_RADIUS; y <= me.y + SIGHT_RADIUS; ++y) {
        if (y < 0 || y >= MAP_H) continue;
        int half = 0;   /* the row's cells within the radius: me.x - half to me.x + half */
        while (fov_in_radius(half + 1, y - me.y, SIGHT_RADIUS)) ++half;
        int from = me.x - half < 0 ? 0 : me.x - half, to = me.x + half >= MAP_W ? MAP_W - 1 : me.x + half;
        const unsigned char *restrict sees = run->sees_far + y * MAP_W;
        uint8_t *restrict visible = map->visible + y * MAP_W, *restrict explored = map->explored + y * MAP_W;
        for (int x = from; x <= to; ++x) {   /* without a branch: the compiler vectorises it */
            uint8_t seen = sees[x] != 0;
            visible[x] = seen;
            explored[x] |= seen;
        }
    }
    for (int i = 0; i < level->item_count; ++i) {
        Point p = level->items[i].pos;
        if (map_visible(map, p.x, p.y)) level->items[i].seen = true;
    }
    run->maps_fresh = false;
}

/* ---- Distance maps --------------------------------------------------- */

/* Only what says which slots are in use need be cleared: the searches
 * are started before they are read, and they are most of the block */
PathCache *world_new_paths(void)
{
    PathCache *cache = malloc(sizeof *cache);
    if (cache != NULL) world_clear_paths(cache);
    return cache;
}

void world_clear_paths(PathCache *cache)
{
    memset(cache, 0, offsetof(PathCache, searches));
}

/* Whether a slot holds the search toward a target on this map: no two
 * slots do (a slot is filled only when none does, and when the map
 * changes, no slot holds the new version before the searches that go on
 * with it) */
static bool slot_holds(const PathCache *cache, int i, Point target, unsigned version)
{
    return cache->used[i] && cache->version[i] == version && point_eq(cache->target[i], target);
}

/* The cache's slot for a target on this map, or the slot to reuse (the
 * one used longest ago, but never the one a fresh flee map reads) with
 * *found false. The slot last filled with the target is the one if any
 * is, as no other can be */
static int path_slot(Run *run, Point target, bool *found)
{
    PathCache *cache = run->paths;
    bool on_map = in_bounds(target.x, target.y);
    int oldest = -1, cell = on_map ? cell_index(target.x, target.y) : 0;
    ++cache->clock;
    *found = true;
    if (on_map && slot_holds(cache, cache->slot_of[cell], target, run->map_version)) {
        cache->age[cache->slot_of[cell]] = cache->clock;
        return cache->slot_of[cell];
    }
    for (int i = 0; i < PATH_CACHE_SLOTS; ++i) {
        if (!on_map && slot_holds(cache, i, target, run->map_version)) {
            cache->age[i] = cache->clock;
            return i;
        }
        if (run->maps_fresh && i == cache->pinned) continue;
        if (oldest < 0 || !cache->used[i] || cache->age[i] < cache->age[oldest]) oldest = i;
    }
    *found = false;
    cache->used[oldest] = true;
    cache->target[oldest] = target;
    cache->version[oldest] = run->map_version;
    cache->age[oldest] = cache->clock;
    if (on_map) cache->slot_of[cell] = (int8_t)oldest;
    return oldest;
}

/* The map as the searches see it, worked out once a map version */
static const DmapTerrain *terrain_now(Run *run)
{
    if (!run->has_terrain || run->terrain_version != run->map_version) {
        dmap_terrain_of(&run->terrain, &run->level.map);
        run->terrain_version = run->map_version;
        run->has_terrain = true;
    }
    return &run->terrain;
}

/* The cache's slot for the search toward a target on this map, started
 * if it wasn't there */
static int search_slot(Run *run, Point target)
{
    bool found;
    int slot = path_slot(run, target, &found);
    if (!found) {
        dmap_search_start_on(&run->paths->searches[slot], terrain_now(run), target, DOOR_STEPS);
    }
    return slot;
}

static DmapSearch *search_to(Run *run, Point target)
{
    return &run->paths->searches[search_slot(run, target)];
}

/* The flee map needs the whole floor's map toward the player, so it is
 * begun only when first asked for in a turn (most turns nothing flees),
 * and made only as far as each who flees needs. Its search is pinned in
 * the cache meanwhile, as the flee map reads the search's levels.
 * Without caches, the whole map every time */
const Dmap *world_map_from_player(Run *run, Point from)
{
    if (run->bypass_caches) {
        dmap_compute(&run->scratch, &run->level.map, &run->player.pos, 1, DOOR_STEPS);
        dmap_flee(&run->scratch_flee, &run->scratch, &run->level.map, DOOR_STEPS);
        return &run->scratch_flee;
    }
    if (!run->maps_fresh) {
        int slot = search_slot(run, run->player.pos);
        dmap_search_settle(&run->paths->searches[slot]);
        dmap_fleeing_start(&run->fleeing, &run->paths->searches[slot], &run->level.map);
        run->paths->pinned = slot;
        run->maps_fresh = true;
    }
    dmap_fleeing_reach(&run->fleeing, from);
    return &run->fleeing.dmap;
}

/* The map is a new version; the searches the change can't have touched
 * go on with it, and the rest are left behind */
void world_terrain_changed(Run *run, Point cell, Terrain terrain)
{
    map_set(&run->level.map, cell.x, cell.y, terrain);
    PathCache *cache = run->paths;
    unsigned old = run->map_version++;
    for (int i = 0; i < PATH_CACHE_SLOTS && !run->bypass_caches; ++i) {
        if (cache->used[i] && cache->version[i] == old &&
            dmap_search_update(&cache->searches[i], cell, terrain)) {
            cache->version[i] = run->map_version;
        }
    }
    run->maps_fresh = false;
}

/* A walker needs a map only as far as itself: a step downhill reads only
 * its neighbours nearer the target, and those are nearer than itself
 * (dmap_search_reach). Without caches, the whole map every time */
const Dmap *world_path_to(Run *run, Point target, Point from)
{
    if (run->bypass_caches) {
        dmap_compute(&run->scratch, &run->level.map, &target, 1, DOOR_STEPS);
        return &run->scratch;
    }
    DmapSearch *search = search_to(run, target);
    dmap_search_reach(search, from);
    return &search->dmap;
}

/* ---- Noise, doors and teleporting ------------------------------------ */

/* How far off a monster hears a noise: a sleeper within half its reach
 * wakes and goes to see; a wanderer within its reach heads for it.
 * Hunters and fleers have better things to do (-1) */
static int hearing_reach(const Monster *m, int loudness)
{
    if (m->hp <= 0) return -1;
    return m->state == MS_ASLEEP ? loudness / 2 : m->state == MS_WANDERING ? loudness : -1;
}

/* Could anyone hear a noise? No walk is shorter than the straight line
 * (a step goes one cell, and costs one at least), so nobody farther than
 * that from the noise can, and the noise's map isn't needed */
static bool within_earshot(const Level *level, Point origin, int loudness)
{
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        if (chebyshev(m->pos, origin) <= hearing_reach(m, loudness)) return true;
    }
    return false;
}

/* A noise spreads by walking distance, closed doors muffling it, to
 * each monster's hearing_reach */
void world_make_noise(Run *run, Point origin, int loudness)
{
    Level *level = &run->level;
    if (run->bypass_caches) {
        dmap_compute_within(&run->scratch, &level->map, origin, DOOR_MUFFLE, loudness);
    } else if (within_earshot(level, origin, loudness)) {
        dmap_compute_within_on(&run->scratch, terrain_now(run), origin, DOOR_MUFFLE, loudness);
    } else {
        return;
    }
    for (int i = 0; i < level->monster_count; ++i) {
        Monster *m = &level->monsters[i];
        int32_t distance = dmap_at(&run->scratch, m->pos);
        if (distance > hearing_reach(m, loudness)) continue;
        if (m->state == MS_ASLEEP) {
            world_wake(run, i, false, origin);
        } else {
            m->has_target = true;
            m->target = origin;
        }
    }
}

void world_open_door(Run *run, Point door)
{
    world_terrain_changed(run, door, T_OPEN_DOOR);
    world_make_noise(run, door, DOOR_OPEN_LOUDNESS);
    world_update_sight(run);
}

static bool teleport_to(Run *run, Point cell)
{
    Level *level = &run->level;
    if (!map_walkable(&level->map, cell.x, cell.y) || point_eq(cell, run->player.pos) ||
        lvl_monster_at(level, cell) >= 0) {
        return false;
    }
    run->player.pos = cell;
    world_update_sight(run);
    return true;
}

/* A free walkable cell chosen at random, the player's own excepted. Most
 * floors give one in a few tries; a cramped one is searched cell by cell
 * from a random start, so the player always goes somewhere if anywhere */
void world_teleport_player(Run *run)
{
    for (int tries = 0; tries < 100; ++tries) {
        Point cell = {rng_roll(&run->rng, 0, MAP_W - 1), rng_roll(&run->rng, 0, MAP_H - 1)};
        if (teleport_to(run, cell)) return;
    }
    int start = rng_roll(&run->rng, 0, MAP_CELLS - 1);
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (teleport_to(run, cell_point((start + i) % MAP_CELLS))) return;
    }
}

/* ---- Hurting --------------------------------------------------------- */

bool world_player_dead(const Run *run)
{
    return run->player.hp <= 0;
}

void world_hurt_player(Run *run, int damage, const char *killer)
{
    Player *player = &run->player;
    bool was_alive = player->hp > 0;
    player->hp -= damage;
    if (was_alive && player->hp <= 0) {
        snprintf(player->killed_by, sizeof player->killed_by, "%s", killer);
    }
}

/* ---- Floors ---------------------------------------------------------- */

/* The seed's floor at depth, the player on its way in, and their sight.
 * Made from the floor's own dice, never the play's (gen_floor) */
void world_make_floor(Run *run, int depth)
{
    mem_reset(&run->memory);
    gen_floor(&run->level, run->data, run->seed, depth, &run->player.pos);
    ++run->map_version;
    run->maps_fresh = false;
    world_update_sight(run);
}

bool world_restore(Run *run)
{
    run->paths = world_new_paths();
    if (run->paths == NULL) return false;
    run->max_sight = rules_keenest_sight(run->data);
    ++run->map_version;
    run->maps_fresh = false;
    world_update_sight(run);
    world_note_in_view(run);
    /* the log read back is the run's history; the new line is news */
    msg_mark_read(&run->log);
    rules_say(run, "Welcome back. You're on floor %d.", run->level.depth);
    return true;
}

void world_note_in_view(Run *run)
{
    Level *level = &run->level;
    for (int i = 0; i < level->monster_count; ++i) {
        Monster *m = &level->monsters[i];
        m->in_view = map_visible(&level->map, m->pos.x, m->pos.y);
    }
}

/* ---- Waking and hurting monsters -------------------------------------- */

/* A pack wakes together: the others still asleep take on what the woken
 * one does, and the player is told of each one they can see */
static void wake_pack(Run *run, int woken)
{
    Level *level = &run->level;
    Monster leader = level->monsters[woken];
    if (leader.pack_id == 0) return;
    for (int i = 0; i < level->monster_count; ++i) {
        Monster *other = &level->monsters[i];
        if (i == woken || other->pack_id != leader.pack_id || other->state != MS_ASLEEP ||
            other->hp <= 0) {
            continue;
        }
        /* a fleeing leader's fear is its own: the rest come to fight */
        other->state = leader.state == MS_FLEEING ? MS_HUNTING : leader.state;
        other->has_target = leader.has_target;
        other->target = leader.target;
        other->has_last_seen = leader.has_last_seen;
        other->last_seen = leader.last_seen;
        rules_announce(run, other, "wakes up!");
    }
}

void world_wake(Run *run, int index, bool to_hunt, Point noise)
{
    Monster *m = &run->level.monsters[index];
    bool asleep = m->state == MS_ASLEEP;   /* an awake one (a missile missed it) only turns */
    if (to_hunt) {
        m->state = MS_HUNTING;
        m->has_last_seen = true;
        m->last_seen = run->player.pos;
    } else {
        m->state = MS_WANDERING;
        m->has_target = true;
        m->target = noise;
    }
    m->search_turns = 0;
    if (asleep) rules_announce(run, m, "wakes up!");
    wake_pack(run, index);
}

bool world_hurt_monster(Run *run, int index, int damage, bool by_player)
{
    Level *level = &run->level;
    Monster *m = &level->monsters[index];
    Point where = m->pos;
    m->hp -= damage;
    bool killed = m->hp <= 0;
    if (killed && by_player) {
        ++run->player.kills;
        INVARIANT(m->kind >= 0 && m->kind < MAX_MONSTER_KINDS);
        ++run->player.killed[m->kind];
        world_remove_dead(run, index);
    } else if (!killed && by_player) {
        /* A blow wakes the one struck, and any of its pack still asleep */
        m->has_last_seen = true;
        m->last_seen = run->player.pos;
        if (m->state == MS_ASLEEP || m->state == MS_WANDERING) m->state = MS_HUNTING;
        wake_pack(run, index);
    }
    if (killed && !by_player) m->hp = 0;
    world_make_noise(run, where, FIGHT_LOUDNESS);
    return killed;
}

void world_remove_dead(Run *run, int index)
{
    mem_forget_dead(&run->memory, &run->level, &run->level.monsters[index]);
    lvl_remove_monster(&run->level, index);
}
