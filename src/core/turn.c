/* The turn: a command, read by the run's mode, becomes an action (the
 * player's in player.c, the pack's in use.c), and the turn ends here, and
 * only here, as far as that action says it went: the monsters act,
 * statuses tick, the player heals, and death is noticed. */
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

/* ---- Commands, by mode ----------------------------------------------- */

static bool valid_dir(int dir) { return dir >= 0 && dir < 8; }

/* The commands that change only the mode, and never take a turn. False
 * if the command isn't one of them */
static bool playing_mode_command(Run *run, Command command)
{
    switch ((CommandKind)command.kind) {
    case CMD_INVENTORY:
        run->mode = MODE_INVENTORY;
        run->inv_action = INV_USE;
        return true;
    case CMD_DROP:
        if (run->player.pack.count == 0) {
            rules_say(run, "You have nothing to drop.");
        } else {
            run->mode = MODE_INVENTORY;
            run->inv_action = INV_DROP;
        }
        return true;
    case CMD_CLOSE_DOOR:
        rules_say(run, "Close a door: which way? (Esc to stop)");
        run->mode = MODE_CLOSING;
        return true;
    case CMD_MENU:
        run->mode = MODE_MENU;
        return true;
    default:
        return false;
    }
}

static bool playing_command(Run *run, Command command, Took *took)
{
    switch ((CommandKind)command.kind) {
    case CMD_MOVE:
        if (!valid_dir(command.arg)) return false;
        *took = player_step(run, command.arg, false);
        return true;
    case CMD_WAIT:
        *took = TOOK_TURN;
        return true;
    case CMD_PICK_UP:
        *took = use_pick_up(run);
        return true;
    case CMD_SEARCH:
        *took = player_search(run);
        return true;
    case CMD_DESCEND:
        *took = player_descend(run, false);
        return true;
    case CMD_FIRE:
        *took = shot_fire(run);
        return true;
    case CMD_THROW:
        *took = shot_open_throw(run);
        return true;
    case CMD_QUIVER:
        *took = shot_open_quiver(run);
        return true;
    default:
        return playing_mode_command(run, command);
    }
}

static bool inventory_command(Run *run, Command command, Took *took)
{
    if (command.kind == CMD_CANCEL) {
        use_unread_identify(run);   /* as Esc while aiming a scroll puts it back */
        run->mode = MODE_PLAYING;
        return true;
    }
    if (command.kind != CMD_CHOOSE || !pack_holds(&run->player.pack, command.arg)) {
        return false;
    }
    switch (run->inv_action) {
    case INV_USE:
        *took = use_item(run, command.arg);
        break;
    case INV_DROP:
        *took = use_drop(run, command.arg);
        break;
    case INV_IDENTIFY:
        *took = use_identify(run, command.arg);
        break;
    case INV_THROW:
        *took = shot_choose_throw(run, command.arg);
        break;
    case INV_QUIVER:
        *took = shot_choose_quiver(run, command.arg);
        break;
    }
    return true;
}

/* A cell to aim at, or Esc, which spends nothing */
static bool aiming_command(Run *run, Command command, Took *took)
{
    if (command.kind == CMD_CANCEL) {
        shot_cancel(run);
        return true;
    }
    if (command.kind != CMD_AIM || command.arg < 0 || command.arg >= MAP_CELLS) return false;
    *took = shot_aim_at(run, cmd_cell(command));
    return true;
}

static bool closing_command(Run *run, Command command, Took *took)
{
    if (command.kind == CMD_CANCEL) {
        run->mode = MODE_PLAYING;
        return true;
    }
    if (command.kind != CMD_MOVE || !valid_dir(command.arg)) return false;
    *took = player_close_door(run, command.arg);
    return true;
}

/* Any answer but yes stays put, Esc included */
static bool confirming_command(Run *run, Command command, Took *took)
{
    if (command.kind != CMD_YES && command.kind != CMD_NO && command.kind != CMD_CANCEL) {
        return false;
    }
    run->mode = MODE_PLAYING;
    if (command.kind != CMD_YES) {
        rules_say(run, "You stay where you are.");
    } else if (run->confirm == CONFIRM_DESCEND) {
        *took = player_descend(run, true);
    } else {
        *took = player_step(run, run->pending_dir, true);
    }
    return true;
}

static bool menu_command(Run *run, Command command)
{
    if (command.kind != CMD_CANCEL) return false;
    run->mode = MODE_PLAYING;
    return true;
}

/* CMD_SUSPEND, as saves before version 5 had no place for a choice half
 * made: a scroll of identify, lightning or fireball has left the pack by
 * then, so it goes back, as though it hadn't been read, though its name
 * stays known (recordings of those games still hold it) */
static void suspend(Run *run)
{
    use_unread_identify(run);
    shot_cancel(run);
    run->mode = MODE_PLAYING;
}

static bool mode_command(Run *run, Command command, Took *took)
{
    switch (run->mode) {
    case MODE_PLAYING: return playing_command(run, command, took);
    case MODE_INVENTORY: return inventory_command(run, command, took);
    case MODE_CLOSING: return closing_command(run, command, took);
    case MODE_CONFIRMING: return confirming_command(run, command, took);
    case MODE_MENU: return menu_command(run, command);
    case MODE_AIMING: return aiming_command(run, command, took);
    case MODE_DEAD:
    case MODE_WON: break;
    }
    return false;
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
    if (command.kind == CMD_SUSPEND) {
        if (run->mode == MODE_DEAD || run->mode == MODE_WON) return false;
        suspend(run);
        return true;
    }
    if (command.kind == CMD_DEBUG) {
        if (run->debugged || run->mode == MODE_DEAD || run->mode == MODE_WON) return false;
        run->debugged = true;
        return true;
    }
    if (command.kind >= CMD_COUNT) return false;
    /* What was said before this command has been read */
    int unread = msg_unread(&run->log);
    msg_mark_read(&run->log);
    int events = run->events.count, hp = run->player.hp;
    bool alarm = run->events.alarm;
    run->events.count = 0;
    run->events.alarm = false;   /* raised as a monster comes into view */
    Took took = TOOK_NO_TURN;
    bool accepted = mode_command(run, command, &took);
    if (!accepted) {
        msg_mark_unread(&run->log, unread);   /* a refusal changes nothing */
        run->events.count = events;
        run->events.alarm = alarm;
        return false;
    }
    ++run->events.serial;
    if (!world_player_dead(run) && run->mode != MODE_WON) notice_arrivals(run);
    end_turn(run, took);
    if (run->mode != MODE_DEAD) notice_arrivals(run);
    run->events.alarm = run->events.alarm || run->player.hp < hp;
    return true;
}
