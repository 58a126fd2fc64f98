/* The pack: picking things up, drinking, reading, wielding, wearing,
 * dropping, and the scroll of identify's choice (ch12, ch13, ch15, ch20). */
#include "run_internal.h"

#include <stdio.h>

#include "tune.h"

static const ItemDef *def_of(const Run *run, int kind)
{
    return &run->data->items[kind];
}

/* ---- Picking up ------------------------------------------------------ */

static void count_amulet(Run *run)
{
    ++run->player.amulets;
    if (run->player.amulets >= AMULETS) {
        rules_say(run, "You have all three Amulets!");
        run->mode = MODE_WON;
    } else {
        rules_say(run, "That's %d of the %d Amulets.", run->player.amulets, AMULETS);
    }
}

void use_say_picked_up(Run *run, Stack stack)
{
    char name[96], seen[MSG_SIZE], picked[MSG_SIZE];
    run_item_name(run, stack, name, sizeof name);
    snprintf(seen, sizeof seen, "You see %s here.", name);
    snprintf(picked, sizeof picked, "You pick up %s.", name);
    if (!msg_replace_last(&run->log, seen, picked)) rules_say(run, "%s", picked);
}

/* g picks up what the player stands on: gold goes in the purse, an Amulet
 * is counted, the rest goes in the pack if there's room. That takes a
 * turn; nothing there, or no room, doesn't. The third Amulet wins at once,
 * and no turn follows */
Took use_pick_up(Run *run)
{
    Level *level = &run->level;
    int index = lvl_item_at(level, run->player.pos);
    if (index < 0) {
        rules_say(run, "There's nothing here to pick up.");
        return TOOK_NO_TURN;
    }
    Stack stack = level->items[index].stack;
    ItemClass item_class = def_of(run, stack.kind)->item_class;
    if (item_class == IC_GOLD) {
        run->player.gold += stack.count;
    } else if (item_class != IC_AMULET && !pack_add(&run->player.pack, stack)) {
        rules_say(run, "Your pack is full.");
        return TOOK_NO_TURN;
    }
    use_say_picked_up(run, stack);
    lvl_remove_item(level, index);
    if (item_class == IC_AMULET) {
        count_amulet(run);
        if (run->mode == MODE_WON) return TOOK_NO_TURN;
    }
    return TOOK_TURN;
}

/* ---- Effects --------------------------------------------------------- */

static void heal(Run *run, int amount, const char *message)
{
    Player *player = &run->player;
    player->hp = player->hp + amount > player->max_hp ? player->max_hp : player->hp + amount;
    rules_say(run, "%s", message);
}

static void raise_status(int *status, int turns)
{
    if (*status < turns) *status = turns;
}

/* Every cell of ground, and every wall beside it, is known, and every item
 * lying on the floor is seen, so a mapped floor hides no Amulet */
static void map_floor(Run *run)
{
    Level *level = &run->level;
    for (int y = 0; y < MAP_H; ++y) {
        for (int x = 0; x < MAP_W; ++x) {
            if (map_walkable(&level->map, x, y) || map_borders_ground(&level->map, x, y) ||
                map_at(&level->map, x, y) == T_CLOSED_DOOR) {
                map_set_explored(&level->map, x, y);
                mem_learn_terrain(&run->memory, &level->map, (Point){x, y});
            }
        }
    }
    for (int i = 0; i < level->item_count; ++i) {
        level->items[i].seen = true;
        mem_learn_item(&run->memory, &level->items[i]);
    }
    rules_say(run, "A map of the floor forms in your mind.");
}

/* Something carried whose kind the player doesn't know */
static bool unknown_carried(const Run *run)
{
    const Pack *pack = &run->player.pack;
    for (int i = 0; i < PACK_SLOTS; ++i) {
        if (pack_holds(pack, i) && !rules_kind_known(run, pack->slots[i].kind)) return true;
    }
    return false;
}

static void apply_effect(Run *run, ItemEffect effect)
{
    Statuses *status = &run->player.status;
    switch (effect) {
    case FX_HEAL: heal(run, HEAL_AMOUNT, "You feel better."); break;
    case FX_HEAL_FULLY: heal(run, run->player.max_hp, "You feel much better."); break;
    case FX_STRENGTHEN:
        ++run->player.strength;
        rules_say(run, "You feel stronger!");
        break;
    case FX_POISON:
        raise_status(&status->poisoned, POISON_TURNS);
        rules_say(run, "You feel very sick!");
        break;
    case FX_REGENERATE:
        raise_status(&status->regenerating, REGENERATION_TURNS);
        rules_say(run, "You feel your wounds begin to close.");
        break;
    case FX_CONFUSE:
        raise_status(&status->confused, CONFUSION_TURNS);
        rules_say(run, "You feel confused!");
        break;
    case FX_TELEPORT:
        world_teleport_player(run);
        rules_say(run, "You are whisked away!");
        break;
    case FX_MAP_FLOOR: map_floor(run); break;
    case FX_IDENTIFY:
        rules_say(run, "You already know everything you carry.");   /* else it's read on a slot */
        break;
    case FX_FRIGHTEN:
        if (act_frighten(run) == 0) rules_say(run, "You hear a distant wail, and nothing else.");
        break;
    case FX_LIGHTNING:
    case FX_FIREBALL:
        break;   /* read at a cell: use_magic casts it */
    case FX_NONE:
    case FX_COUNT:
        break;
    }
}

/* ---- Using ----------------------------------------------------------- */

static const ItemDef *def_in(const Run *run, int slot)
{
    return def_of(run, run->player.pack.slots[slot].kind);
}

UseNeeds use_needs(const Run *run, int slot)
{
    const ItemDef *def = def_in(run, slot);
    if (def->item_class == IC_MISSILE) return USE_THROWN;
    if (def->item_class != IC_SCROLL || !ident_known(&run->ident, run->player.pack.slots[slot].kind)) {
        return USE_AS_IS;
    }
    if (def->effect == FX_LIGHTNING || def->effect == FX_FIREBALL) return USE_AT_CELL;
    return def->effect == FX_IDENTIFY && unknown_carried(run) ? USE_ON_SLOT : USE_AS_IS;
}

/* A scroll of lightning reaches as far as it flies: its aim is any cell
 * in sight; a fireball bursts at the cell, which must be in its range */
static int scroll_range(ItemEffect effect)
{
    return effect == FX_FIREBALL ? FIREBALL_RANGE : 0;
}

bool use_allows(const Run *run, Command command, char *why, size_t size)
{
    int slot = command.arg;
    if (!pack_holds(&run->player.pack, slot)) return false;
    ItemClass item_class = def_in(run, slot)->item_class;
    if (item_class == IC_GOLD || item_class == IC_AMULET) return rules_refuse(why, size, "You can't use that.");
    switch (use_needs(run, slot)) {
    case USE_THROWN: return false;   /* a throw is CMD_THROW's */
    case USE_AS_IS: return command.at == 0 && command.on == 0;
    case USE_AT_CELL:
        return command.on == 0 &&
               (command.at == 0 || shot_aim_allows(run, cmd_cell(command), scroll_range(def_in(run, slot)->effect),
                                                   why, size));
    case USE_ON_SLOT: {
        int on = command.on - 1;
        if (command.at != 0 || (command.on != 0 && !pack_holds(&run->player.pack, on))) return false;
        if (command.on != 0 && rules_kind_known(run, run->player.pack.slots[on].kind)) {
            return rules_refuse(why, size, "You already know what that is.");
        }
        return true;
    }
    }
    return false;
}

/* The scroll of identify's choice, the scroll spent already */
static void identify(Run *run, int slot)
{
    Stack chosen = run->player.pack.slots[slot];
    ident_learn(&run->ident, chosen.kind);
    char name[96];
    run_item_name(run, chosen, name, sizeof name);
    rules_say(run, "You identify %s.", name);
}

/* An unknown potion or scroll is learnt as it's used: "You read a scroll
 * labelled X." "It was a scroll of Y." */
static void say_used(Run *run, Stack used, bool learn)
{
    const ItemDef *def = def_of(run, used.kind);
    char name[96];
    run_item_name(run, used, name, sizeof name);
    rules_say(run, "You %s %s.", def->item_class == IC_POTION ? "drink" : "read", name);
    if (!learn) return;
    ident_learn(&run->ident, used.kind);
    run_item_name(run, used, name, sizeof name);
    rules_say(run, "It was %s.", name);
}

/* Drinks a potion or reads a scroll: one leaves the pack, the kind is
 * known from then on, and it does what it does, which takes the turn; a
 * scroll read at a cell or on a slot does it there. An unknown scroll
 * that turns out to need a cell or a slot is only learnt: nothing is
 * spent and no turn taken until it's read at one (run_use_needs), as Esc
 * at its aim or its choice always spent nothing (DCSS's rule) */
static Took use_magic(Run *run, Command command)
{
    int slot = command.arg;
    Stack used = run->player.pack.slots[slot];
    used.count = 1;
    bool learn = !ident_known(&run->ident, used.kind);
    if (learn) {
        say_used(run, used, true);
        if (use_needs(run, slot) != USE_AS_IS) return TOOK_NO_TURN;   /* learnt, nothing spent */
    } else {
        say_used(run, used, false);
    }
    pack_remove_one(&run->player.pack, slot);
    const ItemDef *def = def_of(run, used.kind);
    if (command.at != 0) return shot_read_scroll(run, def->effect, cmd_cell(command));
    if (command.on != 0) {
        identify(run, command.on - 1);
        return TOOK_TURN;
    }
    apply_effect(run, def->effect);
    return TOOK_TURN;
}

/* Wields a weapon or wears armor from the pack; the one in hand or on
 * the back goes back into the pack. No other stack's letter changes
 * (pack.h), as in NetHack and DCSS: the new one frees its letter (if
 * none of its kind is left there), and the old one goes back to its own
 * letter, the one it was taken from, if that's free; else to the letter
 * the new one left (the two swap places), else to the first free one */
static Took equip(Run *run, int slot)
{
    Player *player = &run->player;
    int kind = player->pack.slots[slot].kind;
    bool weapon = def_of(run, kind)->item_class == IC_WEAPON;
    int *worn = weapon ? &player->weapon : &player->armor;
    int *worn_letter = weapon ? &player->weapon_letter : &player->armor_letter;
    bool slot_stays = player->pack.slots[slot].count > 1;
    if (*worn >= 0 && slot_stays && pack_find(&player->pack, *worn) < 0 &&
        player->pack.count >= PACK_SLOTS) {
        rules_say(run, "Your pack is full.");
        return TOOK_NO_TURN;
    }
    pack_remove_one(&player->pack, slot);
    if (*worn >= 0) {
        bool own_free = *worn_letter >= 0 && !pack_holds(&player->pack, *worn_letter);
        pack_put_back(&player->pack, own_free ? *worn_letter : slot, (Stack){*worn, 1});
    }
    *worn = kind;
    *worn_letter = slot;
    char name[96];
    run_item_name(run, (Stack){kind, 1}, name, sizeof name);
    rules_say(run, weapon ? "You wield %s." : "You put on %s.", name);
    return TOOK_TURN;
}

Took use_item(Run *run, Command command)
{
    switch (def_in(run, command.arg)->item_class) {
    case IC_POTION:
    case IC_SCROLL: return use_magic(run, command);
    case IC_WEAPON:
    case IC_ARMOR: return equip(run, command.arg);
    case IC_MISSILE:
    case IC_GOLD:
    case IC_AMULET:
    case IC_COUNT: break;
    }
    return TOOK_NO_TURN;   /* refused already (use_allows) */
}

/* Drops a whole stack where the player stands, which takes a turn. A cell
 * holds one stack, so it can only join one of its own kind */
Took use_drop(Run *run, int slot)
{
    Level *level = &run->level;
    int here = lvl_item_at(level, run->player.pos);
    int kind = run->player.pack.slots[slot].kind;
    if (here >= 0 && level->items[here].stack.kind != kind) {
        rules_say(run, "There's already something here.");
        return TOOK_NO_TURN;
    }
    if (here < 0 && level->item_count >= MAX_FLOOR_ITEMS) {
        rules_say(run, "There's no room to drop anything here.");
        return TOOK_NO_TURN;
    }
    Stack stack = pack_remove_stack(&run->player.pack, slot);
    char name[96];
    run_item_name(run, stack, name, sizeof name);
    rules_say(run, "You drop %s.", name);
    if (here >= 0) {
        level->items[here].stack.count += stack.count;
    } else {
        FloorItem dropped = {run->player.pos, stack, true};
        lvl_add_item(level, &dropped);
    }
    return TOOK_TURN;
}
