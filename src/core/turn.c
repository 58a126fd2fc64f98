/* The turn: a command, a choice made whole (or refused, run_allows),
 * becomes an action (the player's in player.c, the pack's in use.c, a
 * shot's in shot.c), and the turn ends here, and only here, as far as
 * that action says it went: the monsters act, statuses tick, the player
 * heals, and death is noticed. */
#include "run_internal.h"

#include "tune.h"

/* ---- The end of a turn ----------------------------------------------- */

static void tick_player(Run *run)
{
    Player *player = &run->player;
    /* The turn poison runs out is still a turn poisoned: no healing */
    bool poisoned = player->status.poisoned > 0;
    if (player->status.poisoned > 0) {
        --player->status.poisoned;
        world_hurt_player(run, 1, "poison");
    }
    if (player->status.regenerating > 0) {
        --player->status.regenerating;
        if (player->hp < player->max_hp) ++player->hp;
    }
    if (player->status.confused > 0) {
        --player->status.confused;
        if (player->status.confused == 0) rules_say(run, "You feel less confused.");
    }
    bool healing_turn = (run->turn + 1) % HEAL_EVERY == 0;
    if (healing_turn && !poisoned && player->hp > 0 &&
        player->hp < player->max_hp) {
        ++player->hp;
    }
}

/* The turn count stops at the most a save can hold, so a run played
 * however long can always be saved and read back (its monsters' shriek
 * turns are turns too); play goes on as before */
static void count_turn(Run *run)
{
    if (run->turn < REC_NUMBER_MAX) ++run->turn;
}

static void finish_turn(Run *run)
{
    act_monsters(run);
    act_tick_statuses(run);
    if (!world_player_dead(run)) tick_player(run);
    count_turn(run);
    if (world_player_dead(run)) {
        rules_say(run, "You die...");
        run->mode = MODE_DEAD;
    }
}

/* A turn that ended on the floor below passes there with nothing done:
 * its monsters haven't noticed the player yet */
static void end_turn(Run *run, Took took)
{
    switch (took) {
    case TOOK_NO_TURN: break;
    case TOOK_TURN: finish_turn(run); break;
    case TOOK_TURN_BELOW: count_turn(run); break;
    }
}

/* ---- Commands ------------------------------------------------------------ */

static bool valid_dir(int dir) { return dir >= 0 && dir < 8; }

/* The parts each kind takes (run.h): any other part given is refused, so
 * a choice has one way to be written */
static bool parts_fit(Command command)
{
    bool aims = command.kind == CMD_USE || command.kind == CMD_THROW || command.kind == CMD_FIRE;
    bool asks = command.kind == CMD_MOVE || command.kind == CMD_DESCEND;
    bool has_arg = command.kind == CMD_MOVE || command.kind == CMD_CLOSE_DOOR || command.kind == CMD_USE ||
                   command.kind == CMD_DROP || command.kind == CMD_THROW || command.kind == CMD_QUIVER;
    return (command.at <= MAP_CELLS && (aims || command.at == 0)) &&
           (command.on <= PACK_SLOTS && (command.kind == CMD_USE || command.on == 0)) &&
           (command.yes <= 1 && (asks || command.yes == 0)) && (has_arg || command.arg == 0);
}

bool run_allows(const Run *run, Command command, char *why, size_t size)
{
    if (why != NULL && size > 0) why[0] = '\0';
    if (run->mode != MODE_PLAYING || command.kind >= CMD_COUNT || !parts_fit(command)) return false;
    switch ((CommandKind)command.kind) {
    case CMD_MOVE:
    case CMD_CLOSE_DOOR: return valid_dir(command.arg);
    case CMD_WAIT:
    case CMD_PICK_UP:
    case CMD_SEARCH:
    case CMD_DESCEND: return true;
    case CMD_USE: return use_allows(run, command, why, size);
    case CMD_DROP: return pack_holds(&run->player.pack, command.arg);
    case CMD_THROW:
    case CMD_FIRE:
    case CMD_QUIVER: return shot_allows(run, command, why, size);
    case CMD_DEBUG: return !run->debugged;
    case CMD_COUNT: break;
    }
    return false;
}

bool run_asks(const Run *run, Command command, char *question, size_t size)
{
    if (question != NULL && size > 0) question[0] = '\0';
    if (run->mode != MODE_PLAYING || command.yes != 0) return false;
    return player_asks(run, command, question, size);
}

UseNeeds run_use_needs(const Run *run, int slot)
{
    return pack_holds(&run->player.pack, slot) ? use_needs(run, slot) : USE_AS_IS;
}

/* A choice whole: the cell or the slot its use needs, and a yes where the
 * rules ask, and only there */
static bool whole(const Run *run, Command command)
{
    bool aimed = command.at != 0;
    switch ((CommandKind)command.kind) {
    case CMD_THROW:
    case CMD_FIRE: return aimed;
    case CMD_USE: {
        UseNeeds needs = use_needs(run, command.arg);
        return needs == USE_AT_CELL ? aimed : needs == USE_ON_SLOT ? command.on != 0 : true;
    }
    case CMD_MOVE:
    case CMD_DESCEND: return (command.yes != 0) == player_asks(run, command, NULL, 0);
    default: return true;
    }
}

static Took carry_out(Run *run, Command command)
{
    switch ((CommandKind)command.kind) {
    case CMD_MOVE: return player_step(run, command.arg);
    case CMD_WAIT: return TOOK_TURN;
    case CMD_PICK_UP: return use_pick_up(run);
    case CMD_SEARCH: return player_search(run);
    case CMD_DESCEND: return player_descend(run);
    case CMD_USE: return use_item(run, command);
    case CMD_DROP: return use_drop(run, command.arg);
    case CMD_THROW: return shot_throw(run, command.arg, cmd_cell(command));
    case CMD_FIRE: return shot_fire(run, cmd_cell(command));
    case CMD_QUIVER: return shot_quiver(run, command.arg);
    case CMD_CLOSE_DOOR: return player_close_door(run, command.arg);
    case CMD_DEBUG:
    case CMD_COUNT: break;
    }
    return TOOK_NO_TURN;
}

/* "A kobold comes into view.", once each time one does: after the
 * player's action, for what it showed them, before any monster acts, and
 * after the monsters', for those that came then (one told of before its
 * turn's end came first, rules_say_about) */
static void notice_arrivals(Run *run)
{
    Level *level = &run->level;
    for (int i = 0; i < level->monster_count; ++i) rules_notice(run, &level->monsters[i]);
}

bool run_command(Run *run, Command command)
{
    if (!run_allows(run, command, NULL, 0) || !whole(run, command)) return false;
    if (command.kind == CMD_DEBUG) {
        run->debugged = true;
        return true;
    }
    /* What was said before this command has been read */
    msg_mark_read(&run->log);
    int hp = run->player.hp;
    run->events.count = 0;
    run->events.alarm = false;   /* raised as a monster comes into view */
    Took took = carry_out(run, command);
    ++run->events.serial;
    if (!world_player_dead(run) && run->mode != MODE_WON) notice_arrivals(run);
    end_turn(run, took);
    if (run->mode != MODE_DEAD) notice_arrivals(run);
    run->events.alarm = run->events.alarm || run->player.hp < hp;
    return true;
}
