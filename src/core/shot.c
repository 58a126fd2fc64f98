/* Shooting, throwing and the aimed scrolls (ch21): the one flight every
 * shot takes (plan), the player's aim, where a missile lands, and the
 * monsters that shoot arrows and breathe fire. Every shot flies the
 * line.h line, the field of view's own geometry, so what the target
 * cursor draws (run_plan_shot) is what happens. */
#include "run_internal.h"

#include <stdio.h>
#include <string.h>

#include "invariant.h"
#include "line.h"
#include "tune.h"

typedef enum ShotKind {
    SHOT_MISSILE,   /* stops at the first creature, or at its target */
    SHOT_BOLT,      /* passes through creatures, on to its range */
    SHOT_BALL,      /* stops as a missile does, and bursts there */
    SHOT_BREATH,    /* passes through creatures, on to its range */
} ShotKind;

static bool creature_at(const Run *run, Point cell)
{
    return lvl_monster_at(&run->level, cell) >= 0 || point_eq(cell, run->player.pos);
}

/* The cells round the end that the burst reaches: itself and each open
 * neighbour */
static void plan_burst(const Run *run, ShotPlan *out)
{
    Point centre = out->cells[out->count - 1];
    out->burst[out->burst_count++] = centre;
    for (int i = 0; i < 8; ++i) {
        Point cell = point_add(centre, DIRS[i]);
        if (!in_bounds(cell.x, cell.y) || map_blocks_sight(&run->level.map, cell.x, cell.y)) continue;
        out->burst[out->burst_count++] = cell;
    }
    for (int i = 0; i < out->burst_count; ++i) {
        if (point_eq(out->burst[i], run->player.pos)) out->burns_player = true;
    }
}

/* The one flight. It stops short of a cell that blocks sight, since a
 * shot goes where sight goes */
static void plan(const Run *run, Point from, Point target, ShotKind kind, int range,
                 ShotPlan *out)
{
    memset(out, 0, sizeof *out);
    Point line[MOST_RANGE];
    if (range > MOST_RANGE) range = MOST_RANGE;
    int n = line_cells(&run->level.map, from, target, range, line);
    bool stops_at_creature = kind == SHOT_MISSILE || kind == SHOT_BALL;
    for (int i = 0; i < n; ++i) {
        Point cell = line[i];
        if (map_blocks_sight(&run->level.map, cell.x, cell.y)) break;
        out->cells[out->count++] = cell;
        if (stops_at_creature && (creature_at(run, cell) || point_eq(cell, target))) break;
    }
    out->stopped = out->count > 0;
    if (kind == SHOT_BALL && out->stopped) plan_burst(run, out);
}

/* ---- What happened, for the frontends ------------------------------- */

static void add_event(Run *run, RunEventKind kind, char glyph, Color color,
                      const Point *cells, int count)
{
    RunEvents *events = &run->events;
    if (events->count >= RUN_EVENTS) return;   /* talk only: the rest go unshown */
    RunEvent *event = &events->list[events->count++];
    event->kind = kind;
    event->glyph = glyph;
    event->color = color;
    event->count = count < MOST_RANGE ? count : MOST_RANGE;
    memcpy(event->cells, cells, (size_t)event->count * sizeof *cells);
}

static void add_hit(Run *run, Point cell)
{
    static const Color red = {230, 60, 50, 255};
    add_event(run, EV_HIT, '*', red, &cell, 1);
}

const RunEvents *run_events(const Run *run) { return &run->events; }

/* ---- The player's aim ----------------------------------------------- */

AimPurpose run_aim_purpose(const Run *run) { return run->aim; }

static const ItemDef *item_def(const Run *run, int kind) { return &run->data->items[kind]; }

static int aim_range(const Run *run)
{
    switch (run->aim) {
    case AIM_LIGHTNING: return LIGHTNING_RANGE;
    case AIM_FIREBALL: return FIREBALL_RANGE;
    case AIM_FIRE:
    case AIM_THROW: break;
    }
    return item_def(run, run->aim_kind)->range;
}

static ShotKind aim_shot(const Run *run)
{
    return run->aim == AIM_LIGHTNING ? SHOT_BOLT : run->aim == AIM_FIREBALL ? SHOT_BALL : SHOT_MISSILE;
}

bool run_plan_shot(const Run *run, Point target, ShotPlan *out)
{
    memset(out, 0, sizeof *out);
    if (run->mode != MODE_AIMING || !in_bounds(target.x, target.y) ||
        point_eq(target, run->player.pos)) {
        return false;
    }
    plan(run, run->player.pos, target, aim_shot(run), aim_range(run), out);
    return true;
}

/* A missile the player can let fly now: one thrown by hand, or one whose
 * launcher is in hand */
static bool can_loose(const Run *run, int kind)
{
    const ItemDef *def = item_def(run, kind);
    return def->item_class == IC_MISSILE && (def->launcher < 0 || def->launcher == run->player.weapon);
}

static void start_aim(Run *run, AimPurpose purpose, int kind)
{
    static const char *const prompts[] = {
        [AIM_FIRE] = "Shoot", [AIM_THROW] = "Throw",
        [AIM_LIGHTNING] = "Aim the lightning", [AIM_FIREBALL] = "Aim the fireball",
    };
    run->mode = MODE_AIMING;
    run->aim = purpose;
    run->aim_kind = kind;
    if (purpose == AIM_FIRE || purpose == AIM_THROW) {
        char name[96];
        run_item_name(run, (Stack){kind, 1}, name, sizeof name);
        run_say(run, "%s %s at what? (Tab: next target, Enter: let fly, Esc: stop)",
                prompts[purpose], name);
    } else {
        run_say(run, "%s at what? (Tab: next target, Enter: cast, Esc: stop)", prompts[purpose]);
    }
}

/* f: the quivered missile if it can be loosed, else the first in the
 * pack that can */
Took shot_fire(Run *run)
{
    const Pack *pack = &run->player.pack;
    int chosen = -1;
    if (run->player.quiver >= 0 && pack_find(pack, run->player.quiver) >= 0 &&
        can_loose(run, run->player.quiver)) {
        chosen = run->player.quiver;
    }
    for (int slot = 0; slot < PACK_SLOTS && chosen < 0; ++slot) {
        if (pack_holds(pack, slot) && can_loose(run, pack->slots[slot].kind)) chosen = pack->slots[slot].kind;
    }
    if (chosen < 0) {
        run_say(run, "You have nothing to fire.");
    } else {
        start_aim(run, AIM_FIRE, chosen);
    }
    return TOOK_NO_TURN;
}

/* t: the pack opens to choose a missile, if there is one */
Took shot_open_throw(Run *run)
{
    const Pack *pack = &run->player.pack;
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        if (pack_holds(pack, slot) && item_def(run, pack->slots[slot].kind)->item_class == IC_MISSILE) {
            run->mode = MODE_INVENTORY;
            run->inv_action = INV_THROW;
            return TOOK_NO_TURN;
        }
    }
    run_say(run, "You have nothing to throw.");
    return TOOK_NO_TURN;
}

Took shot_choose_throw(Run *run, int slot)
{
    int kind = run->player.pack.slots[slot].kind;
    const ItemDef *def = item_def(run, kind);
    if (def->item_class != IC_MISSILE) {
        run_say(run, "You can't throw that.");
        return TOOK_NO_TURN;
    }
    if (!can_loose(run, kind)) {
        char launcher[96];
        run_item_name(run, (Stack){def->launcher, 1}, launcher, sizeof launcher);
        run_say(run, "You need to wield %s to shoot those.", launcher);
        return TOOK_NO_TURN;
    }
    start_aim(run, AIM_THROW, kind);
    return TOOK_NO_TURN;
}

void shot_read_scroll(Run *run, ItemEffect effect, int kind)
{
    start_aim(run, effect == FX_LIGHTNING ? AIM_LIGHTNING : AIM_FIREBALL, kind);
}

/* Esc, or a save: a scroll already read goes back in the pack, as though
 * it hadn't been (its name stays known); nothing has been spent */
void shot_cancel(Run *run)
{
    if (run->mode != MODE_AIMING) return;
    if (run->aim == AIM_LIGHTNING || run->aim == AIM_FIREBALL) {
        pack_put_back(&run->player.pack, run->read_slot, (Stack){run->aim_kind, 1});
    }
    run->mode = MODE_PLAYING;
}

/* ---- The player's shots --------------------------------------------- */

/* A monster struck by the player's shot: told, and hurt. True if it died */
static bool strike(Run *run, int index, int damage, const char *what)
{
    const Monster *m = &run->level.monsters[index];
    bool dies = m->hp <= damage;
    /* told before the noise of it wakes anyone */
    run_say(run, "The %s %s the %s.", what, dies ? "kills" : "hits", run_kind_of(run, m)->name);
    add_hit(run, m->pos);
    return act_hurt_monster(run, index, damage, true);
}

/* The cell a missile comes to rest on: where it fell, or the nearest open
 * cell round it that can take it (never the stairs, and only onto its
 * own kind); false if there's none within two steps, and it's lost */
static bool landing_cell(const Run *run, Point fell, int kind, Point *out)
{
    const Level *level = &run->level;
    for (int reach = 0; reach <= 2; ++reach) {
        for (int dy = -reach; dy <= reach; ++dy) {
            for (int dx = -reach; dx <= reach; ++dx) {
                Point cell = {fell.x + dx, fell.y + dy};
                if (chebyshev(cell, fell) != reach || !in_bounds(cell.x, cell.y) ||
                    !map_walkable(&level->map, cell.x, cell.y) ||
                    (level->has_stairs && point_eq(cell, level->stairs))) {
                    continue;
                }
                int here = lvl_item_at(level, cell);
                if ((here < 0 && level->item_count < MAX_FLOOR_ITEMS) ||
                    (here >= 0 && level->items[here].stack.kind == kind)) {
                    *out = cell;
                    return true;
                }
            }
        }
    }
    return false;
}

static void land(Run *run, Point fell, int kind)
{
    Point cell;
    if (!landing_cell(run, fell, kind, &cell)) return;
    Level *level = &run->level;
    int here = lvl_item_at(level, cell);
    if (here >= 0) {
        ++level->items[here].stack.count;
    } else {
        FloorItem item = {cell, {kind, 1}, map_visible(&level->map, cell.x, cell.y)};
        lvl_add_item(level, &item);
    }
}

/* A missile at the end of its flight: a creature there is hit or missed
 * (a sleeper can't dodge), a hit may break it, and the rest land */
static void missile_arrives(Run *run, const ShotPlan *flight, int kind)
{
    const ItemDef *def = item_def(run, kind);
    Point end = flight->cells[flight->count - 1];
    int index = lvl_monster_at(&run->level, end);
    bool hit = false;
    if (index >= 0) {
        Monster *m = &run->level.monsters[index];
        const MonsterDef *mdef = run_kind_of(run, m);
        hit = m->state == MS_ASLEEP || rng_roll(&run->rng, 1, 100) <= def->to_hit;
        if (hit) {
            int damage = rng_roll(&run->rng, def->damage_min, def->damage_max) +
                         run->player.strength - mdef->defense;
            strike(run, index, damage < 1 ? 1 : damage, def->name);
        } else {
            run_say(run, "The %s misses the %s.", def->name, mdef->name);
            act_wake(run, index, true, run->player.pos);
        }
    }
    if (hit && def->breaks > 0 && rng_roll(&run->rng, 1, 100) <= def->breaks) {
        run_say(run, "The %s breaks.", def->name);
        return;
    }
    land(run, end, kind);
}

static Took loose_missile(Run *run, Point target)
{
    int kind = run->aim_kind;
    int slot = pack_find(&run->player.pack, kind);
    INVARIANT(slot >= 0);
    pack_remove_one(&run->player.pack, slot);
    run->player.quiver = kind;   /* the last one loosed is f's first choice */
    ShotPlan flight;
    plan(run, run->player.pos, target, SHOT_MISSILE, item_def(run, kind)->range, &flight);
    add_event(run, EV_MISSILE, run_item_glyph(run, kind), run_item_color(run, kind), flight.cells,
              flight.count);
    if (flight.stopped) {
        missile_arrives(run, &flight, kind);
    } else {
        land(run, run->player.pos, kind);
    }
    return TOOK_TURN;
}

static const Color LIGHTNING_COLOR = {150, 200, 255, 255};
static const Color FIRE_COLOR = {255, 120, 30, 255};

static Took cast_lightning(Run *run, Point target)
{
    ShotPlan bolt;
    plan(run, run->player.pos, target, SHOT_BOLT, LIGHTNING_RANGE, &bolt);
    add_event(run, EV_BOLT, '*', LIGHTNING_COLOR, bolt.cells, bolt.count);
    run_say(run, "A bolt of lightning shoots out!");
    int struck = 0;
    for (int i = 0; i < bolt.count; ++i) {
        int index = lvl_monster_at(&run->level, bolt.cells[i]);
        if (index < 0) continue;
        strike(run, index, rng_roll(&run->rng, LIGHTNING_MIN, LIGHTNING_MAX), "lightning");
        ++struck;
    }
    if (struck == 0) run_say(run, "The lightning hits nothing.");
    return TOOK_TURN;
}

/* Fire burns everything in the burst, the player too, armor or none */
static Took cast_fireball(Run *run, Point target)
{
    ShotPlan ball;
    plan(run, run->player.pos, target, SHOT_BALL, FIREBALL_RANGE, &ball);
    add_event(run, EV_BOLT, '*', FIRE_COLOR, ball.cells, ball.count);
    add_event(run, EV_BURST, '#', FIRE_COLOR, ball.burst, ball.burst_count);
    run_say(run, "The fireball bursts!");
    for (int i = 0; i < ball.burst_count; ++i) {
        Point cell = ball.burst[i];
        int index = lvl_monster_at(&run->level, cell);
        if (index >= 0) strike(run, index, rng_roll(&run->rng, FIREBALL_MIN, FIREBALL_MAX), "fire");
        if (point_eq(cell, run->player.pos)) {
            run_say(run, "The fire burns you.");
            add_hit(run, cell);
            run_hurt_player(run, rng_roll(&run->rng, FIREBALL_MIN, FIREBALL_MAX), "your own fireball");
        }
    }
    return TOOK_TURN;
}

/* Enter while aiming: the cell must be one the player sees, and not their own */
Took shot_aim_at(Run *run, Point target)
{
    if (point_eq(target, run->player.pos)) {
        run_say(run, "Aim at something other than yourself.");
        return TOOK_NO_TURN;
    }
    if (!map_visible(&run->level.map, target.x, target.y)) {
        run_say(run, "You can't see that place.");
        return TOOK_NO_TURN;
    }
    for (int i = 0; i < run->level.monster_count; ++i) {
        Monster *m = &run->level.monsters[i];
        m->targeted = point_eq(m->pos, target);
    }
    AimPurpose purpose = run->aim;
    run->mode = MODE_PLAYING;
    switch (purpose) {
    case AIM_FIRE:
    case AIM_THROW: return loose_missile(run, target);
    case AIM_LIGHTNING: return cast_lightning(run, target);
    case AIM_FIREBALL: return cast_fireball(run, target);
    }
    return TOOK_NO_TURN;
}

/* ---- The monsters' shots -------------------------------------------- */

/* The flight from a monster to the player, if it reaches them with no
 * one in the way and they're within its range */
static bool clear_shot(const Run *run, const Monster *m, ShotKind kind, ShotPlan *out)
{
    int range = run_kind_of(run, m)->range;
    if (chebyshev(m->pos, run->player.pos) > range) return false;
    plan(run, m->pos, run->player.pos, kind, range, out);
    if (kind == SHOT_MISSILE) {
        return out->stopped && point_eq(out->cells[out->count - 1], run->player.pos);
    }
    for (int i = 0; i < out->count; ++i) {
        if (point_eq(out->cells[i], run->player.pos)) return true;
    }
    return false;
}

bool shot_monster_shoots(Run *run, int index)
{
    Monster *m = &run->level.monsters[index];
    const MonsterDef *kind = run_kind_of(run, m);
    ShotPlan flight;
    if (!clear_shot(run, m, SHOT_MISSILE, &flight)) return false;
    static const Color arrow = {190, 200, 215, 255};
    add_event(run, EV_MISSILE, '(', arrow, flight.cells, flight.count);
    bool seen = map_visible(&run->level.map, m->pos.x, m->pos.y);
    bool hit = rng_roll(&run->rng, 1, 100) <= MONSTER_SHOT_TO_HIT;
    if (!hit) {
        if (seen) run_say(run, "The %s's arrow misses you.", kind->name);
        else run_say(run, "An arrow whistles past you.");
        return true;
    }
    int damage = rng_roll(&run->rng, kind->ranged_min, kind->ranged_max) - run_player_defense(run);
    if (seen) run_say(run, "The %s's arrow hits you.", kind->name);
    else run_say(run, "An arrow hits you.");
    add_hit(run, run->player.pos);
    char killer[NAME_SIZE + 8];
    run_with_article(kind->name, killer, sizeof killer);
    run_hurt_player(run, damage < 1 ? 1 : damage, killer);
    return true;
}

/* Fire along the line to the player and on to its range, burning all on
 * it; a monster it kills is gone at the turn's end, so the monsters still
 * to act keep their places */
static void breathe(Run *run, Monster *m, const ShotPlan *flame)
{
    const MonsterDef *kind = run_kind_of(run, m);
    add_event(run, EV_BREATH, '*', FIRE_COLOR, flame->cells, flame->count);
    if (map_visible(&run->level.map, m->pos.x, m->pos.y)) {
        run_say(run, "The %s breathes fire!", kind->name);
    } else {
        run_say(run, "A gout of fire roars out of the dark!");
    }
    m->last_breath = run->turn;
    for (int i = 0; i < flame->count; ++i) {
        Point cell = flame->cells[i];
        int damage = rng_roll(&run->rng, kind->ranged_min, kind->ranged_max);
        if (point_eq(cell, run->player.pos)) {
            char killer[NAME_SIZE + 8];
            run_with_article(kind->name, killer, sizeof killer);
            run_say(run, "The fire burns you.");
            add_hit(run, cell);
            run_hurt_player(run, damage, killer);
            continue;
        }
        int index = lvl_monster_at(&run->level, cell);
        if (index < 0 || run->level.monsters[index].hp <= 0) continue;
        const Monster *victim = &run->level.monsters[index];
        if (map_visible(&run->level.map, cell.x, cell.y)) {
            run_say(run, "The fire %s the %s.", victim->hp <= damage ? "kills" : "burns",
                    run_kind_of(run, victim)->name);
        }
        act_hurt_monster(run, index, damage, false);
    }
}

bool shot_monster_breathes(Run *run, int index)
{
    Monster *m = &run->level.monsters[index];
    const MonsterDef *kind = run_kind_of(run, m);
    bool rested = m->last_breath < 0 || run->turn - m->last_breath >= kind->breath;
    ShotPlan flame;
    if (!rested || !clear_shot(run, m, SHOT_BREATH, &flame)) return false;
    breathe(run, m, &flame);
    return true;
}
