#include "bot.h"

#include <string.h>

#include "cover.h"
#include "heed.h"
#include "kit.h"
#include "tune.h"
#include "bot_sees.h"

/* How long it searches for a floor's Amulet the stairs told of, in turns,
 * before it goes on without it; and how many tries of auto-explore a
 * command may take (each stop, bar the floor's end, is only news) */
enum { AMULET_SEARCH = 400, EXPLORE_TRIES = 4, MOST_SEEN = 16, CHASE_COMMANDS = 6,
       KITED_GIVE_UP = 40, HEEDLESS_TURNS = 150, COVER_TURNS = 30, COVERS_A_FLOOR = 2,
       MOST_LEAPS = 20, HAND_KEPT_TURNS = 20 };

void bot_start(Bot *bot)
{
    memset(bot, 0, sizeof *bot);
    bot->depth = -1;
    bot->read_slot = -1;
}

static Command make(CommandKind kind, int arg)
{
    return cmd_make(kind, arg);
}

/* ---- What a read scroll asks for ------------------------------------------- */

/* The cell a bolt or a missile goes at: where it last aimed if that
 * monster's still in sight, else the nearest in sight; false if it
 * wouldn't fly there (none in sight, past the range) */
static bool aim_cell(const Bot *bot, const Run *run, Command aimed, Command *out)
{
    SeenMonster seen[MOST_SEEN];
    int count = heed_monsters_in_view(run, seen, MOST_SEEN);
    Point target = count > 0 ? seen[0].pos : run_player(run)->pos;
    for (int i = 0; i < count; ++i) {
        if (point_eq(seen[i].pos, bot->aim)) target = bot->aim;
    }
    ShotPlan plan;
    *out = cmd_at(aimed, target);
    return run_plan_shot(run, *out, &plan) && !plan.beyond_range && run_allows(run, *out, NULL, 0);
}

/* A scroll that needs a cell or a slot, read on one: a bolt at a monster,
 * identify on something unknown; false if there's none to read it on */
static bool read_on(Bot *bot, const Run *run, int slot, Command *out)
{
    switch (run_use_needs(run, slot)) {
    case USE_AT_CELL: return aim_cell(bot, run, make(CMD_USE, slot), out);
    case USE_ON_SLOT: {
        int unknown = kit_unknown_slot(run, IC_COUNT);
        *out = cmd_on(slot, unknown);
        return unknown >= 0;
    }
    case USE_AS_IS:
    case USE_THROWN: break;
    }
    return false;
}

/* A pack slot used now; a scroll whose use needs a cell or a slot is
 * read on one, or (none fit) not at all: false */
static bool use_slot(Bot *bot, const Run *run, int slot, Command *out)
{
    if (run_use_needs(run, slot) != USE_AS_IS) return read_on(bot, run, slot, out);
    *out = make(CMD_USE, slot);
    bot->read_slot = slot;   /* an unknown scroll may turn out to ask */
    return true;
}

/* A potion drunk or a scroll read, counted */
static bool use_magic(Bot *bot, const Run *run, int slot, Command *out)
{
    ++bot->items_used;
    return use_slot(bot, run, slot, out);
}

/* A new floor: what was learnt of the last one goes */
static void arrive(Bot *bot, const Run *run)
{
    if (bot->depth == run_arrivals(run)) return;
    bot->depth = run_arrivals(run);
    bot->floor_searches = 0;
    bot->explored = bot->amulet_here = bot->nothing_left = bot->over_traps = false;
    bot->leaps = 0;
    bot->kited = 0;
    /* what kept off was on the floor above */
    bot->heedless_until = bot->archers_let_be_until = bot->cover_until = 0;
    bot->archer_give_ups = 0;
    bot->route.made = false;
    bot->explorer.marked = false;
    bot->explorer.going = false;
    bot->chasing = 0;
}

/* ---- The run's questions --------------------------------------------------- */

static bool done_searching(const Bot *bot)
{
    return bot->nothing_left || bot->floor_searches >= AMULET_SEARCH;
}

/* A command the rules ask about first, answered: a step onto a known trap
 * is meant or not; going down with the floor's Amulet left is put off
 * the first time (it's looked for first, the search's turns counted from
 * now) and until the search is done. False if the answer is no: the
 * command isn't made */
static bool answer(Bot *bot, const Run *run, Command *command)
{
    if (!run_asks(run, *command, NULL, 0)) return true;
    bool yes;
    if (command->kind == CMD_MOVE) {
        yes = bot->trap_step || bot->over_traps;
        bot->trap_step = false;
    } else if (!bot->amulet_here) {
        bot->amulet_here = true;
        bot->nothing_left = false;
        bot->floor_searches = 0;
        yes = false;
    } else {
        yes = done_searching(bot);
    }
    if (yes) *command = cmd_yes(*command);
    return yes;
}

/* ---- Fighting ------------------------------------------------------------ */

static int direction_to(Point from, Point to)
{
    int dx = (to.x > from.x) - (to.x < from.x), dy = (to.y > from.y) - (to.y < from.y);
    for (int d = 0; d < 8; ++d) {
        if (DIRS[d].x == dx && DIRS[d].y == dy) return d;
    }
    return -1;
}

/* A step along the known way to a monster's cell; the straight line if
 * none; a search if there's no way at all. With no way round known
 * traps, one that ends on a trap will do (the last step is a blow, not a
 * step onto it), and for an archer, one over them (bar those that move
 * whoever springs them): a dart is better than its arrows */
static Command step_to(Bot *bot, const Run *run, const SeenMonster *m)
{
    Point me = run_player(run)->pos, target = m->pos;
    int dir = explore_step_toward(run, target, false);
    bool archer = cover_archer(run, m);
    if (dir < 0 && (archer || known_cell(run, target).trap >= 0)) {
        dir = explore_step_toward(run, target, true);
        Point next = point_add(me, DIRS[dir < 0 ? 0 : dir]);
        bool onto_trap = dir >= 0 && !point_eq(next, target) && known_cell(run, next).trap >= 0;
        if (onto_trap && !archer) dir = -1;
        bot->trap_step = onto_trap && archer;
    }
    if (dir < 0 && chebyshev(me, target) == 1) dir = direction_to(me, target);
    return dir >= 0 ? make(CMD_MOVE, dir) : make(CMD_SEARCH, 0);
}

/* Low on health with a monster near: heal, gamble on a potion, or go
 * down the stairs away from it. False if there's nothing to do but fight */
static bool save_self(Bot *bot, const Run *run, const SeenMonster *m, Command *out)
{
    int slot = kit_healing_slot(run);
    if (slot < 0) slot = kit_unknown_slot(run, IC_POTION);
    if (slot < 0) slot = kit_teleport_slot(run);
    if (slot < 0) slot = kit_unknown_slot(run, IC_SCROLL);   /* it may be teleportation */
    if (slot >= 0 && use_magic(bot, run, slot, out)) return true;
    Point stairs, me = run_player(run)->pos;
    if (m->distance < 2 || !explore_known_stairs(run, &stairs)) return false;
    /* from an archer, running means arrows in the back all the way: only
     * to stairs nearer than it (closing in, it steps back and doesn't
     * shoot) */
    if (cover_archer(run, m) && chebyshev(me, stairs) >= m->distance) return false;
    if (point_eq(stairs, me)) {
        bot->amulet_here = true;          /* no time to look for it */
        bot->floor_searches = AMULET_SEARCH;
        bot->fled = true;
        *out = make(CMD_DESCEND, 0);
        return true;
    }
    int dir = explore_step_along(run, stairs, false, &bot->route);
    if (dir < 0) return false;
    *out = make(CMD_MOVE, dir);
    return true;
}

/* A missile lying underfoot, to pick up between shots */
static bool missile_here(const Run *run)
{
    KnownCell k = known_cell(run, run_player(run)->pos);
    return k.item >= 0 && run_data(run)->items[k.item].item_class == IC_MISSILE;
}

/* It keeps its distance: an archer is waited for out of its sight, a
 * few times a floor, and then let be as anything else is */
static void give_up_chase(Bot *bot, const Run *run, const SeenMonster *m)
{
    bot->kited = 0;
    bool archer = cover_archer(run, m);
    if (archer && ++bot->archer_give_ups <= COVERS_A_FLOOR) bot->cover_until = run_turn(run) + COVER_TURNS;
    else if (archer) bot->archers_let_be_until = run_turn(run) + HEEDLESS_TURNS;
    else bot->heedless_until = run_turn(run) + HEEDLESS_TURNS;
}

/* f at the monster's cell, or where it would aim if not there; false if
 * neither would fly */
static bool shoot(Bot *bot, const Run *run, const SeenMonster *m, Command *out)
{
    bot->aim = m->pos;
    *out = cmd_at(make(CMD_FIRE, 0), m->pos);
    return run_allows(run, *out, NULL, 0) || aim_cell(bot, run, make(CMD_FIRE, 0), out);
}

/* From afar: a bolt scroll, a missile quivered, a shot; false if none */
static bool fight_from_afar(Bot *bot, const Run *run, const SeenMonster *m, Command *out)
{
    int scroll = kit_bolt_slot(run);
    if (scroll >= 0 && m->state != MS_ASLEEP) {
        Point aim = bot->aim;
        bot->aim = m->pos;
        if (read_on(bot, run, scroll, out)) {
            ++bot->items_used;
            return true;
        }
        bot->aim = aim;
    }
    int quiver = kit_quiver_slot(run);
    if (quiver >= 0) {
        *out = make(CMD_QUIVER, quiver);
        return true;
    }
    if (!kit_can_shoot(run, m->distance) || !run_sees(run, m->pos)) return false;
    return shoot(bot, run, m, out);
}

static Command fight(Bot *bot, const Run *run, const SeenMonster *m)
{
    const Player *p = run_player(run);
    Command command;
    bool weak = p->hp * 3 < p->max_hp;
    if (weak && save_self(bot, run, m, &command)) return command;
    /* nothing to save it but cover from an archer, to rest behind */
    if (weak && m->distance > 1 && cover_archer(run, m)) bot->cover_until = run_turn(run) + COVER_TURNS;
    bot->kited = m->distance > 1 ? bot->kited + 1 : 0;
    if (bot->kited > KITED_GIVE_UP) give_up_chase(bot, run, m);
    if (m->distance > 1 && missile_here(run)) return make(CMD_PICK_UP, 0);
    if (m->distance > 1 && fight_from_afar(bot, run, m, &command)) return command;
    /* an archer beside it steps back at once: a shot now, not a turn
     * spent changing weapons (and back again when it's gone) */
    if (m->distance == 1 && cover_archer(run, m) && kit_can_shoot(run, 1) && shoot(bot, run, m, &command)) {
        return command;
    }
    if (m->distance == 1 && bot->gear_turn != run_turn(run) + 1) {
        int weapon = kit_melee_upgrade(run);
        if (weapon >= 0 && use_slot(bot, run, weapon, &command)) {
            bot->gear_turn = run_turn(run) + 1;   /* refused (a full pack): not again this turn */
            bot->hand_until = run_turn(run) + HAND_KEPT_TURNS;
            return command;
        }
    }
    command = step_to(bot, run, m);
    if (command.kind == CMD_SEARCH && cover_archer(run, m)) {
        /* no way to it the player knows (past a known trap, say): not
         * standing under its arrows, but out of its sight, or on */
        give_up_chase(bot, run, m);
        int dir = cover_step(run, m, 1);
        if (dir >= 0) return make(CMD_MOVE, dir);
    }
    return command;
}

/* ---- Between fights --------------------------------------------------------- */

/* Gear, rest, and trying what it doesn't know: false if none is wanted.
 * No rest with a monster in view that could harm it (an archer it let
 * be, say): it would only be shot at while it stood */
static bool tend(Bot *bot, const Run *run, const SeenMonster *seen, int count, Command *out)
{
    const Player *p = run_player(run);
    /* what it stands on, even where auto-explore would let it lie */
    KnownCell here = known_cell(run, p->pos);
    if (here.item >= 0 && kit_fits(run, here.item)) {
        *out = make(CMD_PICK_UP, 0);
        return true;
    }
    /* gear that was refused (a full pack) is let be until a turn passes */
    bool refused = bot->gear_turn == run_turn(run) + 1;
    int slot = refused ? -1 : kit_armor_upgrade(run);
    /* the launcher again only once the hand weapon has had its while: a
     * monster stepping in and out of sight beside it (seed 513's orc archer
     * on floor 7) had it changing weapons each turn, for 60,000 turns */
    if (slot < 0 && !refused) {
        slot = run_turn(run) < bot->hand_until ? kit_melee_upgrade(run) : kit_weapon_upgrade(run);
    }
    if (slot >= 0 && use_slot(bot, run, slot, out)) {
        bot->gear_turn = run_turn(run) + 1;
        return true;
    }
    const Statuses *s = &p->status;
    bool hurt = p->hp < p->max_hp || s->poisoned > 0 || s->confused > 0;
    if (hurt && heed_nearest_threat(run, seen, count) < 0) {
        *out = make(CMD_SEARCH, 0);   /* rest to full, as Z does: no clock presses */
        return true;
    }
    slot = kit_unknown_slot(run, IC_POTION);
    if (slot < 0) slot = kit_unknown_slot(run, IC_SCROLL);
    if (slot < 0) slot = kit_magic_map_slot(run, bot->explored);
    return slot >= 0 && use_magic(bot, run, slot, out);
}

/* This floor's Amulet is still wanted: the stairs said it's here, or
 * this is the last floor (which holds the third) */
static bool wants_amulet(const Bot *bot, const Run *run)
{
    bool last = bot->explorer.marked && bot->explorer.depth == LAST_FLOOR;
    return bot->amulet_here || (last && run_player(run)->amulets < AMULETS);
}

/* An Amulet the player knows of, and a way to it: round known traps if
 * there is one, else over them. Fetched before the stairs, whatever the
 * search has cost */
static bool fetch_amulet(Bot *bot, const Run *run, Command *out)
{
    Point me = run_player(run)->pos;
    Point amulets[MAP_CELLS];
    int count = known_item_cells(run, IC_AMULET, amulets, MAP_CELLS);
    for (int c = 0; c < count; ++c) {
        Point p = amulets[c];
        if (point_eq(p, me)) {
            *out = make(CMD_PICK_UP, 0);
            return true;
        }
        int dir = explore_step_toward(run, p, false);
        if (dir < 0) dir = explore_step_toward(run, p, true);
        if (dir < 0) continue;
        bot->trap_step = known_cell(run, point_add(me, DIRS[dir])).trap >= 0;
        *out = make(CMD_MOVE, dir);
        return true;
    }
    return false;
}

/* The way on: the stairs once the floor is done */
static bool go_down(Bot *bot, const Run *run, Command *out)
{
    Point stairs;
    if (!bot->explored || !explore_known_stairs(run, &stairs)) return false;
    if (bot->amulet_here && !done_searching(bot)) return false;
    if (point_eq(stairs, run_player(run)->pos)) {
        bot->fled = false;
        *out = make(CMD_DESCEND, 0);
        return true;
    }
    int dir = explore_step_along(run, stairs, false, &bot->route);
    if (dir < 0 && bot->nothing_left) {
        /* hemmed in by known traps: over one, as the only way on */
        dir = explore_step_along(run, stairs, true, &bot->route);
        bot->trap_step = dir >= 0;
    }
    if (dir < 0) return false;
    *out = make(CMD_MOVE, dir);
    return true;
}

/* Letting be some monsters that keep off: exploring goes on with them
 * in view */
static bool heedless(const Bot *bot, const Run *run)
{
    return run_turn(run) < bot->heedless_until || run_turn(run) < bot->archers_let_be_until;
}

static bool explore(Bot *bot, const Run *run, Command *out)
{
    for (int tries = 0; tries < EXPLORE_TRIES; ++tries) {
        if (!bot->explorer.going) explore_start(&bot->explorer, run, EXPLORE_FLOOR, run_player(run)->pos);
        bot->explorer.heedless = heedless(bot, run);
        bot->explorer.over_traps = bot->over_traps;
        bot->explorer.take = HEED_TAKE_ALL;   /* its kit judges what it carries */
        char message[160];
        ExploreStop why = explore_next(&bot->explorer, run, out, message, sizeof message);
        if (why == EXPLORE_GO) {
            if (out->kind == CMD_SEARCH) ++bot->floor_searches;
            return true;
        }
        if (why == EXPLORE_EXPLORED) {
            if (bot->explored && strstr(message, "nothing left to explore or search") != NULL) {
                bot->nothing_left = true;
            }
            if (wants_amulet(bot, run) && !bot->over_traps) {
                /* the Amulet may lie past a known trap: that way first,
                 * before the walls are searched */
                bot->over_traps = true;
                bot->nothing_left = bot->explored = false;
                bot->explorer.going = false;
                continue;
            }
            bot->explored = true;
            if (go_down(bot, run, out)) return true;
            if (bot->nothing_left && !bot->over_traps) {
                /* the rest may lie past a known trap: that way, then */
                bot->over_traps = true;
                bot->nothing_left = bot->explored = false;
                bot->explorer.going = false;
                continue;
            }
            if (bot->nothing_left) return false;
        }
        if (why == EXPLORE_MONSTER || why == EXPLORE_NOT_PLAYING) return false;
    }
    return false;
}

/* No way on but a known trap that moves whoever springs it: a trapdoor
 * (down a floor) before a teleport trap (elsewhere on this one, maybe
 * past what hems it in), a few times a floor at most. It explores afresh
 * from wherever it lands */
static bool leap(Bot *bot, const Run *run, Command *out)
{
    static const TrapKind ways[] = {TRAP_TRAPDOOR, TRAP_TELEPORT};
    if (bot->leaps >= MOST_LEAPS) return false;
    Point me = run_player(run)->pos;
    for (size_t w = 0; w < sizeof ways / sizeof ways[0]; ++w) {
        for (int c = 0; c < MAP_CELLS; ++c) {
            Point p = cell_point(c);
            if (known_cell(run, p).trap != (int)ways[w]) continue;
            int dir = explore_step_toward(run, p, true);
            if (dir < 0) continue;
            if (point_eq(point_add(me, DIRS[dir]), p)) {
                bot->trap_step = true;
                ++bot->leaps;
                bot->nothing_left = bot->explored = false;
                bot->explorer.going = false;
            }
            *out = make(CMD_MOVE, dir);
            return true;
        }
    }
    return false;
}

/* Keeping out of archers' sight: to the nearest cover while one can see
 * it, then waiting there (resting, if hurt) for whoever comes round the
 * corner. False when there's something else to do first: a monster
 * beside it, one in sight that doesn't shoot, or no cover near */
static bool take_cover(const Run *run, const SeenMonster *seen, int count, Command *out)
{
    for (int i = 0; i < count; ++i) {
        bool archer = cover_archer(run, &seen[i]);
        if (heed_threat(run, &seen[i]) && (seen[i].distance <= 1 || !archer)) return false;
    }
    if (cover_exposed(run, seen, count)) {
        int dir = cover_step(run, seen, count);
        if (dir < 0) return false;
        *out = make(CMD_MOVE, dir);
        return true;
    }
    *out = make(CMD_SEARCH, 0);
    return true;
}

/* The monster to fight, nearest first: one beside it, or one of a sort
 * it isn't letting be. -1 for none */
static int target(const Bot *bot, const Run *run, const SeenMonster *seen, int count)
{
    int turn = run_turn(run);
    for (int i = 0; i < count; ++i) {
        bool archer = cover_archer(run, &seen[i]);
        int let_be_until = archer ? bot->archers_let_be_until : bot->heedless_until;
        if (seen[i].distance <= 1 || turn >= let_be_until) return i;
    }
    return -1;
}

static Command play(Bot *bot, const Run *run)
{
    SeenMonster seen[MOST_SEEN];
    int count = heed_monsters_in_view(run, seen, MOST_SEEN);
    Command command;
    if (run_turn(run) < bot->cover_until && take_cover(run, seen, count, &command)) {
        bot->explorer.going = false;
        bot->chasing = 0;
        return command;
    }
    int fought = target(bot, run, seen, count);
    if (fought >= 0) {
        bot->explorer.going = false;
        bot->chase = seen[fought].pos;
        bot->chasing = CHASE_COMMANDS;
        return fight(bot, run, &seen[fought]);
    }
    /* a monster just out of sight is still there: after it, not away */
    const Player *p = run_player(run);
    bool weak = p->hp * 3 < p->max_hp;   /* better rested than after it */
    if (bot->chasing > 0 && !heedless(bot, run) && !weak && !point_eq(bot->chase, p->pos)) {
        --bot->chasing;
        int dir = explore_step_toward(run, bot->chase, false);
        if (dir >= 0) return make(CMD_MOVE, dir);
    }
    bot->chasing = 0;
    if (tend(bot, run, seen, count, &command)) return command;
    if (fetch_amulet(bot, run, &command)) return command;
    if (go_down(bot, run, &command)) return command;
    if (explore(bot, run, &command)) return command;
    if (bot->nothing_left && leap(bot, run, &command)) return command;
    bot->lost = bot->nothing_left;
    return make(CMD_SEARCH, 0);   /* nothing else: wait and search */
}

/* Replans after a question answered no: the state the answer changed
 * decides again, as the next command would have; then, with still no
 * way, it waits and searches */
enum { REPLANS = 4 };

bool bot_next(Bot *bot, const Run *run, Command *out)
{
    Mode mode = run_mode(run);
    if (mode == MODE_DEAD || mode == MODE_WON) return false;
    arrive(bot, run);
    /* an unknown scroll read turned out to need a cell or a slot */
    int read = bot->read_slot;
    bot->read_slot = -1;
    if (read >= 0 && run_use_needs(run, read) != USE_AS_IS && read_on(bot, run, read, out)) return true;
    for (int plan = 0; plan < REPLANS; ++plan) {
        *out = play(bot, run);
        if (answer(bot, run, out)) return true;
    }
    *out = make(CMD_SEARCH, 0);
    return true;
}
