/* What the bot carries, as the player knows it: which pack slot to use
 * for healing, a bolt, an experiment, and which weapon or armor is the
 * best it has. Only kinds the player knows are judged by what they do
 * (run_kind_known); an unknown potion is only "a potion". */
#ifndef AMULETS_BOT_KIT_H
#define AMULETS_BOT_KIT_H

#include <stdbool.h>

#include "run.h"

/* A known potion of healing (the greater one first), or -1 */
int kit_healing_slot(const Run *run);
/* A known scroll of teleportation, or -1 */
int kit_teleport_slot(const Run *run);
/* A known scroll of lightning or fireball, or -1 */
int kit_bolt_slot(const Run *run);
/* A known scroll of magic mapping, while the floor isn't explored */
int kit_magic_map_slot(const Run *run, bool explored);
/* A potion or scroll (item_class IC_POTION or IC_SCROLL) of a kind not
 * known yet; IC_COUNT for either. -1 if none */
int kit_unknown_slot(const Run *run, ItemClass item_class);
/* True if picking up a stack of the kind would take it: gold and the
 * Amulets always, anything else with a slot of its kind or a free one */
bool kit_fits(const Run *run, int kind);
/* The quivered missile can be let fly now (f fires only that), at a
 * monster this many steps away */
bool kit_can_shoot(const Run *run, int distance);
/* With nothing quivered that can be let fly, the first missile in the
 * pack that can (for Q); else -1 */
int kit_quiver_slot(const Run *run);
/* Better armor than worn, or -1 */
int kit_armor_upgrade(const Run *run);
/* Between fights: a better weapon for the hand, keeping a launcher while
 * there's something to shoot from it; or -1 */
int kit_weapon_upgrade(const Run *run);
/* Next to a monster: the best hand weapon if what's wielded is a launcher
 * or worse; or -1 */
int kit_melee_upgrade(const Run *run);

#endif
