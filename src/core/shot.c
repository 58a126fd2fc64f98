/* Shooting, throwing and the aimed scrolls (ch21): the one flight every
 * shot takes (plan), the player's aim and quiver, where a missile lands,
 * and the monsters that shoot arrows and breathe fire. Every shot flies
 * the line.h line, the field of view's own geometry, so what the target
 * cursor draws (run_plan_shot) is what happens, as far as the player can
 * know: it's drawn over the floor as they know it, so a monster out of
 * sight stops the shot but not the drawing. */
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

/* A creature on the cell, as the flight sees it: every monster, or for
 * the plan a target cursor draws, only those the player sees */
static bool creature_at(const Run *run, Point cell, bool seen_only)
{
    if (point_eq(cell, run->player.pos)) return true;
    return lvl_monster_at(&run->level, cell) >= 0 &&
           (!seen_only || map_visible(&run->level.map, cell.x, cell.y));
}

/* The cells round the end that the burst reaches: itself and each open
 * neighbour */
static void plan_burst(const Run *run, const Map *map, ShotPlan *out)
{
    Point centre = out->cells[out->count - 1];
    out->burst[out->burst_count++] = centre;
    for (int i = 0; i < 8; ++i) {
        Point cell = point_add(centre, DIRS[i]);
        if (!in_bounds(cell.x, cell.y) || map_blocks_sight(map, cell.x, cell.y)) continue;
        out->burst[out->burst_count++] = cell;
    }
    for (int i = 0; i < out->burst_count; ++i) {
        if (point_eq(out->burst[i], run->player.pos)) out->burns_player = true;
    }
}

/* What a flight is worked out over: the floor as it is (the shot itself),
 * or as the player knows it (the target cursor's drawing) */
typedef struct Sky {
    const Map *map;
    bool seen_only;           /* only the monsters in sight stop it */
} Sky;

/* The one flight. It stops short of a cell that blocks sight, since a
 * shot goes where sight goes */
static void plan_over(const Run *run, Sky sky, Point from, Point target, ShotKind kind,
                      int range, ShotPlan *out)
{
    memset(out, 0, sizeof *out);
    Point line[MOST_RANGE];
    if (range > MOST_RANGE) range = MOST_RANGE;
    int n = line_cells(sky.map, from, target, range, line);
    bool stops_at_creature = kind == SHOT_MISSILE || kind == SHOT_BALL;
    for (int i = 0; i < n; ++i) {
        Point cell = line[i];
        if (map_blocks_sight(sky.map, cell.x, cell.y)) break;
        out->cells[out->count++] = cell;
        if (stops_at_creature && (creature_at(run, cell, sky.seen_only) || point_eq(cell, target))) break;
    }
    out->stopped = out->count > 0;
    if (kind == SHOT_BALL && out->stopped) plan_burst(run, sky.map, out);
}

static void plan(const Run *run, Point from, Point target, ShotKind kind, int range, ShotPlan *out)
{
    plan_over(run, (Sky){&run->level.map, false}, from, target, kind, range, out);
}

/* The floor as the player knows it, for the drawn plan: in sight as it
 * looks, out of sight as remembered, and a cell never seen as open. Sight
 * and a shot share one line, and every cell that blocks it on the way to
 * a cell in sight is itself in sight (fov.c), so a plan to a cell in
 * sight reaches it just as the shot does, except where the player can't
 * see what stands in the way */
static void known_map(const Run *run, Map *out)
{
    const Map *map = &run->level.map;
    *out = *map;
    for (int i = 0; i < MAP_CELLS; ++i) {
        out->terrain[i] = map->explored[i] ? (uint8_t)mem_terrain(&run->memory, map, cell_point(i))
                                           : (uint8_t)T_FLOOR;
    }
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

static const ItemDef *item_def(const Run *run, int kind) { return &run->data->items[kind]; }

/* A missile the player can let fly now: one thrown by hand, or one whose
 * launcher is in hand */
static bool can_loose(const Run *run, int kind)
{
    const ItemDef *def = item_def(run, kind);
    return def->item_class == IC_MISSILE && (def->launcher < 0 || def->launcher == run->player.weapon);
}

int run_quivered(const Run *run)
{
    int kind = run->player.quiver;
    return kind >= 0 && pack_find(&run->player.pack, kind) >= 0 ? kind : -1;
}

/* What an aimed choice lets fly: the missile or scroll kind, how it flies
 * and how far. False if it aims nothing that can be let fly now */
typedef struct Aimed {
    int kind;
    ShotKind shot;
    int range;
} Aimed;

static bool aimed_scroll(const Run *run, int slot, Aimed *out)
{
    const Pack *pack = &run->player.pack;
    if (!pack_holds(pack, slot)) return false;
    int kind = pack->slots[slot].kind;
    ItemEffect effect = item_def(run, kind)->effect;
    if (!ident_known(&run->ident, kind) || (effect != FX_LIGHTNING && effect != FX_FIREBALL)) return false;
    *out = effect == FX_LIGHTNING ? (Aimed){kind, SHOT_BOLT, LIGHTNING_RANGE}
                                  : (Aimed){kind, SHOT_BALL, FIREBALL_RANGE};
    return true;
}

static bool aimed(const Run *run, Command command, Aimed *out)
{
    int kind = -1;
    switch ((CommandKind)command.kind) {
    case CMD_FIRE: kind = run_quivered(run); break;
    case CMD_THROW:
        kind = pack_holds(&run->player.pack, command.arg) ? run->player.pack.slots[command.arg].kind : -1;
        break;
    case CMD_USE: return aimed_scroll(run, command.arg, out);
    default: return false;
    }
    if (kind < 0 || !can_loose(run, kind)) return false;
    *out = (Aimed){kind, SHOT_MISSILE, item_def(run, kind)->range};
    return true;
}

/* A missile or a fireball goes to the cell aimed at, so that cell must
 * be within its range (DCSS's rule); a bolt is aimed only for its way */
static bool beyond_range(const Run *run, const Aimed *shot, Point target)
{
    return shot->shot != SHOT_BOLT && chebyshev(target, run->player.pos) > shot->range;
}

bool run_plan_shot(const Run *run, Command command, ShotPlan *out)
{
    memset(out, 0, sizeof *out);
    Aimed shot;
    if (!cmd_aimed(command) || !aimed(run, command, &shot)) return false;
    Point target = cmd_cell(command);
    if (point_eq(target, run->player.pos)) return false;
    Map known;
    known_map(run, &known);
    plan_over(run, (Sky){&known, true}, run->player.pos, target, shot.shot, shot.range, out);
    out->beyond_range = beyond_range(run, &shot, target);
    return true;
}

int run_aimed_kind(const Run *run, Command command)
{
    Aimed shot;
    return aimed(run, command, &shot) ? shot.kind : -1;
}

bool shot_aim_allows(const Run *run, Point target, int range, char *why, size_t size)
{
    if (point_eq(target, run->player.pos)) return rules_refuse(why, size, "Aim at something other than yourself.");
    if (!map_visible(&run->level.map, target.x, target.y)) return rules_refuse(why, size, "You can't see that place.");
    if (range > 0 && chebyshev(target, run->player.pos) > range) {
        return rules_refuse(why, size, "That is beyond your range.");
    }
    return true;
}

/* "You need to wield a bow to shoot those.", or true */
static bool launcher_allows(const Run *run, int kind, char *why, size_t size)
{
    if (can_loose(run, kind)) return true;
    char launcher[96];
    run_item_name(run, (Stack){item_def(run, kind)->launcher, 1}, launcher, sizeof launcher);
    return rules_refuse(why, size, "You need to wield %s to shoot those.", launcher);
}

/* f: the quivered missile and only that (DCSS): when none is left, nothing
 * else in the pack is spent in its place. t and Q: a missile carried */
bool shot_allows(const Run *run, Command command, char *why, size_t size)
{
    const Pack *pack = &run->player.pack;
    bool fire = command.kind == CMD_FIRE, quiver = command.kind == CMD_QUIVER;
    if (command.on != 0 || (fire && command.arg != 0) || (quiver && command.at != 0)) return false;
    if (!fire && !pack_holds(pack, command.arg)) return false;
    int kind = fire ? run_quivered(run) : pack->slots[command.arg].kind;
    if (fire && kind < 0) return rules_refuse(why, size, "Your quiver is empty.");
    if (item_def(run, kind)->item_class != IC_MISSILE) {
        return rules_refuse(why, size, "You can't %s that.", quiver ? "quiver" : "throw");
    }
    if (quiver) return true;
    return launcher_allows(run, kind, why, size) &&
           (command.at == 0 || shot_aim_allows(run, cmd_cell(command), item_def(run, kind)->range, why, size));
}

/* Q's choice: what f fires from now on, arrows without their bow too
 * (f says what's missing); it takes no time */
Took shot_quiver(Run *run, int slot)
{
    Stack stack = run->player.pack.slots[slot];
    run->player.quiver = stack.kind;
    char name[96];
    run_item_name(run, stack, name, sizeof name);
    rules_say(run, "You quiver %s.", name);
    return TOOK_NO_TURN;
}

void shot_fill_quiver(Run *run)
{
    const Pack *pack = &run->player.pack;
    for (int slot = 0; slot < PACK_SLOTS && run->player.quiver < 0; ++slot) {
        if (pack_holds(pack, slot) && can_loose(run, pack->slots[slot].kind)) {
            run->player.quiver = pack->slots[slot].kind;
        }
    }
}

/* The monster on the cell aimed at is the one the next aim starts on */
static void mark_target(Run *run, Point target)
{
    for (int i = 0; i < run->level.monster_count; ++i) {
        Monster *m = &run->level.monsters[i];
        m->targeted = point_eq(m->pos, target);
    }
}

/* ---- The player's shots --------------------------------------------- */

/* A monster as the player's shot names it: "something" out of sight */
static void target_name(const Run *run, const Monster *m, char *out, size_t size)
{
    if (map_visible(&run->level.map, m->pos.x, m->pos.y)) {
        snprintf(out, size, "the %s", rules_kind_of(run, m)->name);
    } else {
        snprintf(out, size, "something");
    }
}

/* A monster struck by the player's shot: told, and hurt. True if it died */
static bool strike(Run *run, int index, int damage, const char *what)
{
    Monster *m = &run->level.monsters[index];
    bool dies = m->hp <= damage;
    char name[NAME_SIZE + 8];
    target_name(run, m, name, sizeof name);
    /* told before the noise of it wakes anyone */
    rules_say_about(run, m, "The %s %s %s.", what, dies ? "kills" : "hits", name);
    add_hit(run, m->pos);
    return world_hurt_monster(run, index, damage, true);
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
        const MonsterDef *mdef = rules_kind_of(run, m);
        hit = m->state == MS_ASLEEP || rng_roll(&run->rng, 1, 100) <= def->to_hit;
        if (hit) {
            int damage = rng_roll(&run->rng, def->damage_min, def->damage_max) +
                         run->player.strength - mdef->defense;
            strike(run, index, damage < 1 ? 1 : damage, def->name);
        } else {
            /* a sleeper is never missed, so this one was awake: it turns
             * on the player, without waking up again */
            char name[NAME_SIZE + 8];
            target_name(run, m, name, sizeof name);
            rules_say_about(run, m, "The %s misses %s.", def->name, name);
            world_wake(run, index, true, run->player.pos);
        }
    }
    if (hit && def->breaks > 0 && rng_roll(&run->rng, 1, 100) <= def->breaks) {
        rules_say(run, "The %s breaks.", def->name);
        return;
    }
    land(run, end, kind);
}

static Took loose_missile(Run *run, int slot, Point target)
{
    int kind = run->player.pack.slots[slot].kind;
    mark_target(run, target);
    pack_remove_one(&run->player.pack, slot);
    /* a missile thrown with the quiver empty is quivered; else the
     * quiver keeps the player's own choice (Q) */
    if (run_quivered(run) < 0) run->player.quiver = kind;
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

Took shot_fire(Run *run, Point target)
{
    int slot = pack_find(&run->player.pack, run_quivered(run));
    INVARIANT(slot >= 0);
    return loose_missile(run, slot, target);
}

Took shot_throw(Run *run, int slot, Point target)
{
    return loose_missile(run, slot, target);
}

static const Color LIGHTNING_COLOR = {150, 200, 255, 255};
static const Color FIRE_COLOR = {255, 120, 30, 255};

static Took cast_lightning(Run *run, Point target)
{
    ShotPlan bolt;
    plan(run, run->player.pos, target, SHOT_BOLT, LIGHTNING_RANGE, &bolt);
    add_event(run, EV_BOLT, '*', LIGHTNING_COLOR, bolt.cells, bolt.count);
    rules_say(run, "A bolt of lightning shoots out!");
    int struck = 0;
    for (int i = 0; i < bolt.count; ++i) {
        int index = lvl_monster_at(&run->level, bolt.cells[i]);
        if (index < 0) continue;
        strike(run, index, rng_roll(&run->rng, LIGHTNING_MIN, LIGHTNING_MAX), "lightning");
        ++struck;
    }
    if (struck == 0) rules_say(run, "The lightning hits nothing.");
    return TOOK_TURN;
}

/* Fire burns everything in the burst, the player too, armor or none */
static Took cast_fireball(Run *run, Point target)
{
    ShotPlan ball;
    plan(run, run->player.pos, target, SHOT_BALL, FIREBALL_RANGE, &ball);
    add_event(run, EV_BOLT, '*', FIRE_COLOR, ball.cells, ball.count);
    add_event(run, EV_BURST, '#', FIRE_COLOR, ball.burst, ball.burst_count);
    rules_say(run, "The fireball bursts!");
    for (int i = 0; i < ball.burst_count; ++i) {
        Point cell = ball.burst[i];
        int index = lvl_monster_at(&run->level, cell);
        if (index >= 0) strike(run, index, rng_roll(&run->rng, FIREBALL_MIN, FIREBALL_MAX), "fire");
        if (point_eq(cell, run->player.pos)) {
            rules_say(run, "The fire burns you.");
            add_hit(run, cell);
            world_hurt_player(run, rng_roll(&run->rng, FIREBALL_MIN, FIREBALL_MAX), "your own fireball");
        }
    }
    return TOOK_TURN;
}

Took shot_read_scroll(Run *run, ItemEffect effect, Point target)
{
    mark_target(run, target);
    return effect == FX_LIGHTNING ? cast_lightning(run, target) : cast_fireball(run, target);
}

/* ---- The monsters' shots -------------------------------------------- */

/* The flight from a monster to the player, if it reaches them with no
 * one in the way and they're within its range */
static bool clear_shot(const Run *run, const Monster *m, ShotKind kind, ShotPlan *out)
{
    int range = rules_kind_of(run, m)->range;
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
    const MonsterDef *kind = rules_kind_of(run, m);
    ShotPlan flight;
    if (!clear_shot(run, m, SHOT_MISSILE, &flight)) return false;
    static const Color arrow = {190, 200, 215, 255};
    add_event(run, EV_MISSILE, '(', arrow, flight.cells, flight.count);
    bool seen = map_visible(&run->level.map, m->pos.x, m->pos.y);
    bool hit = rng_roll(&run->rng, 1, 100) <= MONSTER_SHOT_TO_HIT;
    if (!hit) {
        if (seen) rules_say_about(run, m, "The %s's arrow misses you.", kind->name);
        else rules_say(run, "An arrow whistles past you.");
        return true;
    }
    int damage = rng_roll(&run->rng, kind->ranged_min, kind->ranged_max) - rules_player_defense(run);
    if (seen) rules_say_about(run, m, "The %s's arrow hits you.", kind->name);
    else rules_say(run, "An arrow hits you.");
    add_hit(run, run->player.pos);
    char killer[NAME_SIZE + 8];
    run_with_article(kind->name, killer, sizeof killer);
    world_hurt_player(run, damage < 1 ? 1 : damage, killer);
    return true;
}

/* Fire along the line to the player and on to its range, burning all on
 * it; a monster it kills is gone at the turn's end, so the monsters still
 * to act keep their places */
static void breathe(Run *run, Monster *m, const ShotPlan *flame)
{
    const MonsterDef *kind = rules_kind_of(run, m);
    add_event(run, EV_BREATH, '*', FIRE_COLOR, flame->cells, flame->count);
    if (map_visible(&run->level.map, m->pos.x, m->pos.y)) {
        rules_say_about(run, m, "The %s breathes fire!", kind->name);
    } else {
        rules_say(run, "A gout of fire roars out of the dark!");
    }
    m->last_breath = run->turn;
    for (int i = 0; i < flame->count; ++i) {
        Point cell = flame->cells[i];
        int damage = rng_roll(&run->rng, kind->ranged_min, kind->ranged_max);
        if (point_eq(cell, run->player.pos)) {
            char killer[NAME_SIZE + 8];
            run_with_article(kind->name, killer, sizeof killer);
            rules_say(run, "The fire burns you.");
            add_hit(run, cell);
            world_hurt_player(run, damage, killer);
            continue;
        }
        int index = lvl_monster_at(&run->level, cell);
        if (index < 0 || run->level.monsters[index].hp <= 0) continue;
        Monster *victim = &run->level.monsters[index];
        if (map_visible(&run->level.map, cell.x, cell.y)) {
            rules_say_about(run, victim, "The fire %s the %s.", victim->hp <= damage ? "kills" : "burns",
                            rules_kind_of(run, victim)->name);
        }
        world_hurt_monster(run, index, damage, false);
    }
}

bool shot_monster_breathes(Run *run, int index)
{
    Monster *m = &run->level.monsters[index];
    const MonsterDef *kind = rules_kind_of(run, m);
    bool rested = m->last_breath < 0 || run->turn - m->last_breath >= kind->breath;
    ShotPlan flame;
    if (!rested || !clear_shot(run, m, SHOT_BREATH, &flame)) return false;
    breathe(run, m, &flame);
    return true;
}
