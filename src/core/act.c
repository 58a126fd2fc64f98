/* The monsters: how they sleep, wander, hunt and flee (GAME.md §3), how
 * they fight (§4), and the packs that wake together (ch15). */
#include "run_internal.h"

#include <stdio.h>

#include "fov.h"
#include "invariant.h"
#include "tune.h"

static bool has(const Run *run, const Monster *m, unsigned trait)
{
    return (rules_kind_of(run, m)->traits & trait) != 0;
}

/* Seeing the player: within the monster's own sight and in the symmetric
 * field of view, which is the player's sight run the other way */
bool act_sees_player(const Run *run, const Monster *m)
{
    int sight = rules_kind_of(run, m)->sight;
    int dx = m->pos.x - run->player.pos.x, dy = m->pos.y - run->player.pos.y;
    if (run->bypass_caches) {
        unsigned char seen[MAP_CELLS] = {0};
        fov_compute_into(&run->level.map, run->player.pos, sight, seen);
        return seen[cell_index(m->pos.x, m->pos.y)] != 0;
    }
    if (!run->sees_far[cell_index(m->pos.x, m->pos.y)]) return false;
    return fov_in_radius(dx, dy, sight);
}

static bool next_to_player(const Run *run, const Monster *m)
{
    return chebyshev(m->pos, run->player.pos) == 1;
}

/* ---- Waking ---------------------------------------------------------- */

/* ---- Moving ---------------------------------------------------------- */

static bool free_cell(const Run *run, Point cell)
{
    return map_walkable(&run->level.map, cell.x, cell.y) &&
           lvl_monster_at(&run->level, cell) < 0 && !point_eq(cell, run->player.pos);
}

/* A cell the monster could step onto, or, being one that opens doors,
 * open the closed door on. A kind that never moves enters none, so no
 * state's way of moving (a hunt, a search, a flight) can move it */
static bool can_enter(const Run *run, const Monster *m, Point cell)
{
    if (has(run, m, TRAIT_STATIONARY)) return false;
    bool door = map_at(&run->level.map, cell.x, cell.y) == T_CLOSED_DOOR;
    return free_cell(run, cell) || (door && has(run, m, TRAIT_OPENS_DOORS));
}

/* Moves a monster onto a cell next to it; a closed door there is opened
 * instead, and that's its move */
static void move_monster(Run *run, Monster *m, Point to)
{
    if (map_at(&run->level.map, to.x, to.y) == T_CLOSED_DOOR) {
        world_open_door(run, to);
        rules_announce(run, m, "opens a door.");
        return;
    }
    m->pos = to;
}

/* The neighbour lowest on a distance map, if it's lower than here and can
 * be entered; the first in compass order wins a tie */
static bool step_down(const Run *run, const Monster *m, const Dmap *dmap, Point *out)
{
    int32_t best = dmap_at(dmap, m->pos);
    bool found = false;
    for (int i = 0; i < 8; ++i) {
        Point next = point_add(m->pos, DIRS[i]);
        int32_t value = dmap_at(dmap, next);
        if (value < best && can_enter(run, m, next)) {
            best = value;
            *out = next;
            found = true;
        }
    }
    return found;
}

static bool random_step(Run *run, const Monster *m, Point *out)
{
    int first = rng_roll(&run->rng, 0, 7);
    for (int i = 0; i < 8; ++i) {
        Point next = point_add(m->pos, DIRS[(first + i) % 8]);
        if (can_enter(run, m, next)) {
            *out = next;
            return true;
        }
    }
    return false;
}

/* Half an erratic monster's moves go anywhere at all. True if it made one */
static bool erratic_move(Run *run, Monster *m)
{
    Point to;
    if (!has(run, m, TRAIT_ERRATIC) || rng_roll(&run->rng, 0, 1) == 1) return false;
    if (random_step(run, m, &to)) move_monster(run, m, to);
    return true;
}

/* Nowhere to step: then no map can show a way, and none is made */
static bool boxed_in(const Run *run, const Monster *m)
{
    for (int i = 0; i < 8; ++i) {
        if (can_enter(run, m, point_add(m->pos, DIRS[i]))) return false;
    }
    return true;
}

/* One step toward a cell; false if no step brings it nearer */
static bool walk_toward(Run *run, Monster *m, Point target)
{
    Point to;
    if (boxed_in(run, m) || !step_down(run, m, world_path_to(run, target, m->pos), &to)) {
        return false;
    }
    move_monster(run, m, to);
    return true;
}

static Point random_ground(Run *run)
{
    for (int tries = 0; tries < 100; ++tries) {
        Point cell = {rng_roll(&run->rng, 0, MAP_W - 1), rng_roll(&run->rng, 0, MAP_H - 1)};
        if (map_walkable(&run->level.map, cell.x, cell.y)) return cell;
    }
    return run->player.pos;
}

/* ---- Fighting -------------------------------------------------------- */

static int blow(Run *run, int lo, int hi, int bonus, int defense)
{
    int damage = rng_roll(&run->rng, lo, hi) + bonus - defense;
    return damage < 1 ? 1 : damage;
}

static void monster_attacks(Run *run, Monster *m)
{
    const MonsterDef *kind = rules_kind_of(run, m);
    if (kind->damage_max <= 0) return;   /* the harmless, such as a shrieker */
    int damage = blow(run, kind->damage_min, kind->damage_max, 0, rules_player_defense(run));
    rules_say_about(run, m, "The %s hits you.", kind->name);
    char killer[NAME_SIZE + 8];
    run_with_article(kind->name, killer, sizeof killer);
    world_hurt_player(run, damage, killer);
    if (kind->venom > 0 && run->player.hp > 0) {
        if (run->player.status.poisoned == 0) rules_say(run, "You are poisoned!");
        if (run->player.status.poisoned < kind->venom) run->player.status.poisoned = kind->venom;
    }
    if (kind->traits & TRAIT_DRAINS) {
        m->hp += damage / 2;
        if (m->hp > kind->hp) m->hp = kind->hp;
    }
    world_make_noise(run, run->player.pos, FIGHT_LOUDNESS);
}

void act_player_attacks(Run *run, int index)
{
    Monster *m = &run->level.monsters[index];
    const MonsterDef *kind = rules_kind_of(run, m);
    const ItemDef *weapon = run->player.weapon >= 0 ? &run->data->items[run->player.weapon] : NULL;
    int lo = weapon ? weapon->damage_min : 1, hi = weapon ? weapon->damage_max : 2;
    int damage = blow(run, lo, hi, run->player.strength, kind->defense);
    /* told before the noise of it wakes anyone */
    rules_say_about(run, m, m->hp <= damage ? "You kill the %s." : "You hit the %s.", kind->name);
    world_hurt_monster(run, index, damage, true);
}

/* ---- The four states ------------------------------------------------- */

static bool badly_wounded(const Run *run, const Monster *m)
{
    return m->hp * 4 <= rules_kind_of(run, m)->hp * WOUNDED_QUARTERS;
}

static bool wants_to_flee(const Run *run, const Monster *m)
{
    return !has(run, m, TRAIT_NEVER_FLEES) && !has(run, m, TRAIT_STATIONARY) &&
           (badly_wounded(run, m) || m->status.afraid > 0);
}

static void act_hunting(Run *run, int index);

static void act_fleeing(Run *run, int index)
{
    Monster *m = &run->level.monsters[index];
    if (m->status.afraid == 0 && m->hp * 2 > rules_kind_of(run, m)->hp) {
        m->state = MS_HUNTING;
        act_hunting(run, index);
        return;
    }
    Point to;
    if (step_down(run, m, world_map_from_player(run, m->pos), &to)) {
        move_monster(run, m, to);
    } else if (next_to_player(run, m)) {
        monster_attacks(run, m);   /* at bay, it fights */
    }
}

/* Lost sight of the player: to where it last saw them, then a search
 * there, then back to wandering. Once the search has begun it doesn't
 * walk back to the spot after each searching step, or it would search
 * for twice SEARCH_TURNS */
static void hunt_blind(Run *run, Monster *m)
{
    bool moved = false;
    if (m->has_last_seen && m->search_turns == 0 && !point_eq(m->pos, m->last_seen)) {
        moved = walk_toward(run, m, m->last_seen);
    }
    if (!moved) {
        Point to;
        ++m->search_turns;
        if (!has(run, m, TRAIT_STATIONARY) && random_step(run, m, &to)) move_monster(run, m, to);
    }
    if (m->search_turns >= SEARCH_TURNS) {
        m->state = MS_WANDERING;
        m->has_last_seen = false;
        m->has_target = false;
        m->search_turns = 0;
    }
}

/* A monster that fights at range, seeing the player: a fire-breather
 * breathes when rested; an archer steps back from the player by the
 * flee map when it's next to them, and shoots when its line is clear.
 * False if it does neither, and fights or walks as any hunter does */
static bool fights_at_range(Run *run, int index)
{
    Monster *m = &run->level.monsters[index];
    const MonsterDef *kind = rules_kind_of(run, m);
    if (kind->range == 0) return false;
    if (kind->breath > 0) return shot_monster_breathes(run, index);
    if (next_to_player(run, m)) {
        Point to;
        if (has(run, m, TRAIT_STATIONARY) ||
            !step_down(run, m, world_map_from_player(run, m->pos), &to)) {
            return false;
        }
        move_monster(run, m, to);
        return true;
    }
    return shot_monster_shoots(run, index);
}

static void act_hunting(Run *run, int index)
{
    Monster *m = &run->level.monsters[index];
    if (wants_to_flee(run, m)) {
        m->state = MS_FLEEING;
        rules_announce(run, m, "turns to flee!");
        act_fleeing(run, index);
        return;
    }
    if (!act_sees_player(run, m)) {
        hunt_blind(run, m);
        return;
    }
    m->has_last_seen = true;
    m->last_seen = run->player.pos;
    m->search_turns = 0;
    if (fights_at_range(run, index)) return;
    if (next_to_player(run, m)) {
        monster_attacks(run, m);
        return;
    }
    if (has(run, m, TRAIT_STATIONARY) || erratic_move(run, m)) return;
    walk_toward(run, m, run->player.pos);
}

static void act_wandering(Run *run, int index)
{
    Monster *m = &run->level.monsters[index];
    if (act_sees_player(run, m)) {
        m->state = MS_HUNTING;
        act_hunting(run, index);
        return;
    }
    if (has(run, m, TRAIT_STATIONARY) || erratic_move(run, m)) return;
    if (!m->has_target || point_eq(m->pos, m->target)) {
        m->target = random_ground(run);
        m->has_target = true;
    }
    if (walk_toward(run, m, m->target)) {
        m->search_turns = 0;
    } else if (++m->search_turns >= WANDER_PATIENCE) {
        /* stuck this long (a door it can't open, a monster in the way):
         * somewhere else next time */
        m->has_target = false;
        m->search_turns = 0;
    }
}

/* Asleep, it wakes with the player next to it, or, while it can see
 * them, one time in STIR_ONE_IN */
static void act_asleep(Run *run, int index)
{
    Monster *m = &run->level.monsters[index];
    bool stirs = act_sees_player(run, m) && rng_one_in(&run->rng, STIR_ONE_IN);
    if (next_to_player(run, m) || stirs) {
        world_wake(run, index, true, m->pos);
    }
}

/* A shrieker that sees the player shrieks, at most every SHRIEK_EVERY
 * turns */
static void maybe_shriek(Run *run, Monster *m)
{
    bool rested = m->last_shriek < 0 || run->turn - m->last_shriek >= SHRIEK_EVERY;
    if (!has(run, m, TRAIT_SHRIEKS) || m->state == MS_ASLEEP || !rested ||
        !act_sees_player(run, m)) {
        return;
    }
    m->last_shriek = run->turn;
    rules_announce(run, m, "shrieks!");
    world_make_noise(run, m->pos, SHRIEK_LOUDNESS);
}

static void act_one(Run *run, int index)
{
    Monster *m = &run->level.monsters[index];
    switch (m->state) {
    case MS_ASLEEP: act_asleep(run, index); break;
    case MS_WANDERING: act_wandering(run, index); break;
    case MS_HUNTING: act_hunting(run, index); break;
    case MS_FLEEING: act_fleeing(run, index); break;
    case MS_COUNT: break;
    }
    maybe_shriek(run, &run->level.monsters[index]);
}

void act_monsters(Run *run)
{
    Level *level = &run->level;
    mem_look(&run->memory, level);   /* where they were last shown */
    for (int i = 0; i < level->monster_count && !world_player_dead(run); ++i) {
        Monster *m = &level->monsters[i];
        if (m->hp <= 0) continue;
        if (has(run, m, TRAIT_SLOW) && run->turn % 2 == 1) continue;
        act_one(run, i);
    }
}

void act_tick_statuses(Run *run)
{
    Level *level = &run->level;
    for (int i = 0; i < level->monster_count; ++i) {
        Monster *m = &level->monsters[i];
        const MonsterDef *kind = rules_kind_of(run, m);
        if (m->status.afraid > 0) --m->status.afraid;
        if (m->status.confused > 0) --m->status.confused;
        if (m->status.poisoned > 0) {
            --m->status.poisoned;
            --m->hp;
        }
        bool regenerates = (kind->traits & TRAIT_REGENERATES) || m->status.regenerating > 0;
        if (m->status.regenerating > 0) --m->status.regenerating;
        if (regenerates && m->hp > 0 && m->hp < kind->hp) {
            m->hp += REGENERATION;
            if (m->hp > kind->hp) m->hp = kind->hp;
        }
    }
    /* Poison can kill a monster too */
    for (int i = level->monster_count - 1; i >= 0; --i) {
        if (level->monsters[i].hp <= 0) world_remove_dead(run, i);
    }
}

/* The scroll of fear: every monster in sight is afraid and flees, waking
 * if it slept; one that can't move or never flees takes no notice */
int act_frighten(Run *run)
{
    Level *level = &run->level;
    int frightened = 0;
    for (int i = 0; i < level->monster_count; ++i) {
        Monster *m = &level->monsters[i];
        bool unmoved = has(run, m, TRAIT_STATIONARY) || has(run, m, TRAIT_NEVER_FLEES);
        if (!map_visible(&level->map, m->pos.x, m->pos.y) || unmoved) continue;
        m->status.afraid = FEAR_TURNS;
        m->state = MS_FLEEING;
        rules_announce(run, m, "turns to flee!");
        ++frightened;
    }
    return frightened;
}
