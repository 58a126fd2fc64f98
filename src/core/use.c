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

/* Opens the pack for identifying if there's anything left to learn.
 * True if it did: the choice is the turn, and Esc puts the scroll back
 * (use_unread_identify), as a scroll aimed does */
static bool start_identify(Run *run)
{
    const Pack *pack = &run->player.pack;
    for (int i = 0; i < PACK_SLOTS; ++i) {
        if (pack_holds(pack, i) && !rules_kind_known(run, pack->slots[i].kind)) {
            run->mode = MODE_INVENTORY;
            run->inv_action = INV_IDENTIFY;
            rules_say(run, "Choose an item to identify.");
            return true;
        }
    }
    return false;   /* apply_effect says so */
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
        rules_say(run, "You already know everything you carry.");   /* else use_magic waits for the choice */
        break;
    case FX_FRIGHTEN:
        if (act_frighten(run) == 0) rules_say(run, "You hear a distant wail, and nothing else.");
        break;
    case FX_LIGHTNING:
    case FX_FIREBALL:
        break;   /* aimed: use_magic starts the aim */
    case FX_NONE:
    case FX_COUNT:
        break;
    }
}

/* ---- Using ----------------------------------------------------------- */

/* Drinks a potion or reads a scroll: one leaves the pack, the kind is
 * known from then on, and it does what it does, which takes the turn. A
 * scroll that waits for a choice (identify's, with the pack left open;
 * lightning's and fireball's aim) takes none yet: the choice made is the
 * turn, and Esc puts the scroll back, spending nothing (DCSS's rule) */
static Took use_magic(Run *run, int slot)
{
    Stack used = run->player.pack.slots[slot];
    used.count = 1;
    pack_remove_one(&run->player.pack, slot);
    run->read_slot = slot;   /* a scroll put back goes back to its letter */
    const ItemDef *def = def_of(run, used.kind);
    char name[96];
    run_item_name(run, used, name, sizeof name);
    rules_say(run, "You %s %s.", def->item_class == IC_POTION ? "drink" : "read", name);
    if (!ident_known(&run->ident, used.kind)) {
        ident_learn(&run->ident, used.kind);
        run_item_name(run, used, name, sizeof name);
        rules_say(run, "It was %s.", name);
    }
    if (def->effect == FX_LIGHTNING || def->effect == FX_FIREBALL) {
        shot_read_scroll(run, def->effect, used.kind);
        return TOOK_NO_TURN;
    }
    if (def->effect == FX_IDENTIFY && start_identify(run)) return TOOK_NO_TURN;
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

Took use_item(Run *run, int slot)
{
    run->mode = MODE_PLAYING;
    int kind = run->player.pack.slots[slot].kind;
    switch (def_of(run, kind)->item_class) {
    case IC_POTION:
    case IC_SCROLL: return use_magic(run, slot);
    case IC_WEAPON:
    case IC_ARMOR: return equip(run, slot);
    case IC_MISSILE: return shot_choose_throw(run, slot);
    case IC_GOLD:
    case IC_AMULET:
    case IC_COUNT: break;
    }
    rules_say(run, "You can't use that.");
    return TOOK_NO_TURN;
}

/* Drops a whole stack where the player stands, which takes a turn. A cell
 * holds one stack, so it can only join one of its own kind */
Took use_drop(Run *run, int slot)
{
    Level *level = &run->level;
    run->mode = MODE_PLAYING;
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

/* The scroll of identify's choice, which is the scroll's turn. Something
 * already known only says so, and the pack stays open */
Took use_identify(Run *run, int slot)
{
    Stack chosen = run->player.pack.slots[slot];
    if (rules_kind_known(run, chosen.kind)) {
        rules_say(run, "You already know what that is.");
        return TOOK_NO_TURN;
    }
    ident_learn(&run->ident, chosen.kind);
    char name[96];
    run_item_name(run, chosen, name, sizeof name);
    rules_say(run, "You identify %s.", name);
    run->mode = MODE_PLAYING;
    return TOOK_TURN;
}

void use_unread_identify(Run *run)
{
    if (run->mode != MODE_INVENTORY || run->inv_action != INV_IDENTIFY) return;
    for (int kind = 0; kind < run->data->item_count; ++kind) {
        if (def_of(run, kind)->effect == FX_IDENTIFY) {
            pack_put_back(&run->player.pack, run->read_slot, (Stack){kind, 1});
            break;
        }
    }
    run->mode = MODE_PLAYING;
}
