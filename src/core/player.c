/* The player's actions on the floor: a step (which may be an attack, the
 * opening of a door, or a trap sprung), closing a door, searching, and
 * going down. Each says what it took (run_internal.h); the turn that
 * follows is turn.c's. The pack's actions are use.c's. */
#include "run_internal.h"

#include <stdio.h>

#include "tune.h"

/* ---- Going down ------------------------------------------------------ */

static bool amulet_still_here(const Run *run)
{
    const Level *level = &run->level;
    for (int i = 0; i < level->item_count; ++i) {
        if (run->data->items[level->items[i].stack.kind].item_class == IC_AMULET) return true;
    }
    return false;
}

/* The player arrives on the next floor down, by the stairs or a fall.
 * The turn ends there (TOOK_TURN_BELOW) */
static Took arrive_on_floor(Run *run, const char *how)
{
    world_make_floor(run, run->level.depth + 1);
    ++run->arrivals;
    rules_say(run, "%s to floor %d.", how, run->level.depth);
    if (run->level.depth == LAST_FLOOR) {
        rules_say(run, "This is the bottom of the dungeon.");
    }
    return TOOK_TURN_BELOW;
}

static bool on_stairs(const Run *run)
{
    Point p = run->player.pos;
    return map_at(&run->level.map, p.x, p.y) == T_STAIRS;
}

/* Going down leaving the floor's Amulet was asked about (player_asks) */
Took player_descend(Run *run)
{
    if (!on_stairs(run)) {
        rules_say(run, "There are no stairs down here.");
        return TOOK_NO_TURN;
    }
    return arrive_on_floor(run, "You go down the stairs");
}

/* ---- Traps ----------------------------------------------------------- */

/* The player has stepped onto a trap: a turn, which a fall through a
 * trapdoor ends on the floor below */
static Took spring_trap(Run *run, int index)
{
    Trap *trap = &run->level.traps[index];
    trap->known = true;
    switch (trap->kind) {
    case TRAP_DART: {
        rules_say(run, "A dart flies out of the wall, and hits you!");
        int damage = rng_roll(&run->rng, DART_MIN, DART_MAX) - rules_player_defense(run);
        world_hurt_player(run, damage < 1 ? 1 : damage, "a dart trap");
        break;
    }
    case TRAP_POISON_NEEDLE:
        rules_say(run, "A needle pricks you. You feel very sick!");
        if (run->player.status.poisoned < POISON_TURNS) run->player.status.poisoned = POISON_TURNS;
        break;
    case TRAP_ALARM:
        rules_say(run, "An alarm rings out across the floor!");
        world_make_noise(run, trap->pos, ALARM_LOUDNESS);
        break;
    case TRAP_TELEPORT:
        rules_say(run, "The floor flashes, and you're somewhere else!");
        world_teleport_player(run);
        break;
    case TRAP_TRAPDOOR:
        rules_say(run, "A trapdoor opens under you!");
        world_hurt_player(run, rng_roll(&run->rng, FALL_MIN, FALL_MAX), "a fall through a trapdoor");
        if (world_player_dead(run)) break;
        return arrive_on_floor(run, "You fall through");
    case TRAP_COUNT:
        break;
    }
    return TOOK_TURN;
}

/* ---- The player's step ----------------------------------------------- */

static bool wears_noisy_armor(const Run *run)
{
    return run->player.armor >= 0 && run->data->items[run->player.armor].noisy;
}

static void announce_item_here(Run *run)
{
    int index = lvl_item_at(&run->level, run->player.pos);
    if (index < 0) return;
    char name[96];
    run_item_name(run, run->level.items[index].stack, name, sizeof name);
    rules_say(run, "You see %s here.", name);
}

/* The trap the player knows of that a step in the direction goes onto
 * (not a blow at a monster there, nor a door opened), or -1 */
static int known_trap_ahead(const Run *run, int dir)
{
    Point to = point_add(run->player.pos, DIRS[dir]);
    const Level *level = &run->level;
    if (lvl_monster_at(level, to) >= 0 || !map_walkable(&level->map, to.x, to.y)) return -1;
    int trap = lvl_trap_at(level, to);
    return trap >= 0 && level->traps[trap].known ? trap : -1;
}

/* The way a step goes: a confused player's goes astray half the time,
 * rolled from rng */
static int step_way(const Run *run, Rng *rng, int dir, bool *staggered)
{
    *staggered = run->player.status.confused > 0 && rng_roll(rng, 0, 1) == 0;
    return *staggered ? rng_roll(rng, 0, 7) : dir;
}

/* The questions: a step onto a known trap, going down with the floor's
 * Amulet on it. A confused step that will go astray isn't chosen, so it
 * isn't asked about: the rules look at the roll the step will make on a
 * copy of the dice (nothing rolls between the question and its yes), so
 * a step asked about and then taken goes where it was asked, as when the
 * rules asked after rolling */
bool player_asks(const Run *run, Command command, char *question, size_t size)
{
    if (command.kind == CMD_MOVE && command.arg >= 0 && command.arg < 8) {
        Rng dice = run->rng;
        bool staggered;
        step_way(run, &dice, command.arg, &staggered);
        int trap = staggered ? -1 : known_trap_ahead(run, command.arg);
        if (trap < 0) return false;
        if (question != NULL) {
            snprintf(question, size, "Step onto the %s? (y or n)", trap_def(run->level.traps[trap].kind)->name);
        }
        return true;
    }
    if (command.kind != CMD_DESCEND || !on_stairs(run) || !amulet_still_here(run)) return false;
    if (question != NULL) snprintf(question, size, "Leave this floor's Amulet behind for good? (y or n)");
    return true;
}

/* Walking onto gold takes it, in the same step */
static void take_gold_here(Run *run)
{
    int index = lvl_item_at(&run->level, run->player.pos);
    if (index < 0) return;
    Stack stack = run->level.items[index].stack;
    if (run->data->items[stack.kind].item_class != IC_GOLD) return;
    run->player.gold += stack.count;
    use_say_picked_up(run, stack);
    lvl_remove_item(&run->level, index);
}

static Took walk_to(Run *run, Point to, int trap)
{
    run->player.pos = to;
    if (wears_noisy_armor(run)) world_make_noise(run, to, PLATE_STEP_LOUDNESS);
    take_gold_here(run);
    world_update_sight(run);
    announce_item_here(run);
    return trap >= 0 ? spring_trap(run, trap) : TOOK_TURN;
}

/* Stepping onto a monster attacks it; into a closed door opens it; onto
 * ground moves (onto a known trap only once asked: player_asks). Bumping
 * a wall takes no turn, unless the player staggered into it. A confused
 * player's step goes astray half the time, onto whatever is there */
Took player_step(Run *run, int dir)
{
    bool staggered;
    dir = step_way(run, &run->rng, dir, &staggered);
    Point to = point_add(run->player.pos, DIRS[dir]);
    Level *level = &run->level;
    int monster = lvl_monster_at(level, to);
    if (monster >= 0) {
        act_player_attacks(run, monster);
        return TOOK_TURN;
    }
    if (map_at(&level->map, to.x, to.y) == T_CLOSED_DOOR) {
        world_open_door(run, to);
        rules_say(run, "You open the door.");
        return TOOK_TURN;
    }
    if (map_walkable(&level->map, to.x, to.y)) return walk_to(run, to, lvl_trap_at(level, to));
    if (staggered) {
        rules_say(run, "You stagger into the wall.");
        return TOOK_TURN;
    }
    rules_say(run, "You bump into the wall.");
    return TOOK_NO_TURN;
}

/* ---- Doors and searching --------------------------------------------- */

Took player_close_door(Run *run, int dir)
{
    Point door = point_add(run->player.pos, DIRS[dir]);
    if (map_at(&run->level.map, door.x, door.y) != T_OPEN_DOOR) {
        rules_say(run, "There's no open door there.");
        return TOOK_NO_TURN;
    }
    if (lvl_monster_at(&run->level, door) >= 0 || lvl_item_at(&run->level, door) >= 0) {
        rules_say(run, "Something is in the way.");
        return TOOK_NO_TURN;
    }
    world_terrain_changed(run, door, T_CLOSED_DOOR);
    rules_say(run, "You close the door.");
    world_make_noise(run, door, DOOR_CLOSE_LOUDNESS);
    world_update_sight(run);
    return TOOK_TURN;
}

/* Each secret door and hidden trap next to the player is found with a
 * chance of 1 in FIND_ONE_IN. It takes a turn either way */
Took player_search(Run *run)
{
    bool found = false;
    Level *level = &run->level;
    for (int i = 0; i < 8; ++i) {
        Point cell = point_add(run->player.pos, DIRS[i]);
        bool secret = map_at(&level->map, cell.x, cell.y) == T_SECRET_DOOR;
        if (secret && rng_one_in(&run->rng, FIND_ONE_IN)) {
            world_terrain_changed(run, cell, T_CLOSED_DOOR);
            mem_learn_terrain(&run->memory, &level->map, cell);
            rules_say(run, "You find a secret door!");
            found = true;
        }
        int trap = lvl_trap_at(level, cell);
        if (trap >= 0 && !level->traps[trap].known && rng_one_in(&run->rng, FIND_ONE_IN)) {
            level->traps[trap].known = true;
            char name[64];
            run_with_article(trap_def(level->traps[trap].kind)->name, name, sizeof name);
            rules_say(run, "You find %s!", name);
            found = true;
        }
    }
    if (found) {
        world_update_sight(run);
    } else {
        rules_say(run, "You search, and find nothing.");
    }
    return TOOK_TURN;
}
