#include "kit.h"

#include "bot_sees.h"

static const ItemDef *def(const Run *run, int kind) { return &run_data(run)->items[kind]; }

static const Pack *pack(const Run *run) { return &run_player(run)->pack; }

/* The slot of a known potion or scroll that does this, or -1 */
static int known_effect(const Run *run, ItemEffect effect)
{
    for (int i = 0; i < PACK_SLOTS; ++i) {
        if (!pack_holds(pack(run), i)) continue;
        int kind = pack(run)->slots[i].kind;
        if (run_kind_known(run, kind) && def(run, kind)->effect == effect) return i;
    }
    return -1;
}

int kit_healing_slot(const Run *run)
{
    int slot = known_effect(run, FX_HEAL_FULLY);
    return slot >= 0 ? slot : known_effect(run, FX_HEAL);
}

int kit_teleport_slot(const Run *run)
{
    return known_effect(run, FX_TELEPORT);
}

int kit_bolt_slot(const Run *run)
{
    int slot = known_effect(run, FX_FIREBALL);
    return slot >= 0 ? slot : known_effect(run, FX_LIGHTNING);
}

int kit_magic_map_slot(const Run *run, bool explored)
{
    return explored ? -1 : known_effect(run, FX_MAP_FLOOR);
}

int kit_unknown_slot(const Run *run, ItemClass item_class)
{
    for (int i = 0; i < PACK_SLOTS; ++i) {
        if (!pack_holds(pack(run), i)) continue;
        int kind = pack(run)->slots[i].kind;
        ItemClass c = def(run, kind)->item_class;
        bool magic = c == IC_POTION || c == IC_SCROLL;
        if (magic && !run_kind_known(run, kind) && (item_class == IC_COUNT || c == item_class)) return i;
    }
    return -1;
}

/* True if some missile the player has is shot from this weapon */
static bool launches_carried(const Run *run, int weapon)
{
    for (int i = 0; i < PACK_SLOTS; ++i) {
        if (!pack_holds(pack(run), i)) continue;
        const ItemDef *d = def(run, pack(run)->slots[i].kind);
        if (d->item_class == IC_MISSILE && d->launcher == weapon && weapon >= 0) return true;
    }
    return false;
}

/* A weapon some missile kind needs: a poor club */
static bool is_launcher(const Run *run, int weapon)
{
    const GameData *data = run_data(run);
    for (int k = 0; k < data->item_count; ++k) {
        if (data->items[k].item_class == IC_MISSILE && data->items[k].launcher == weapon) return true;
    }
    return false;
}

bool kit_fits(const Run *run, int kind)
{
    ItemClass c = def(run, kind)->item_class;
    return c == IC_GOLD || c == IC_AMULET || pack(run)->count < PACK_SLOTS || pack_find(pack(run), kind) >= 0;
}

/* A missile of the kind can be let fly now */
static bool loosable(const Run *run, int kind)
{
    const ItemDef *d = def(run, kind);
    return d->item_class == IC_MISSILE && (d->launcher < 0 || d->launcher == run_player(run)->weapon);
}

bool kit_can_shoot(const Run *run, int distance)
{
    int kind = run_quivered(run);
    return kind >= 0 && loosable(run, kind) && def(run, kind)->range >= distance;
}

int kit_quiver_slot(const Run *run)
{
    int kind = run_quivered(run);
    if (kind >= 0 && loosable(run, kind)) return -1;
    for (int i = 0; i < PACK_SLOTS; ++i) {
        if (pack_holds(pack(run), i) && loosable(run, pack(run)->slots[i].kind)) return i;
    }
    return -1;
}

int kit_armor_upgrade(const Run *run)
{
    int worn = run_player(run)->armor;
    int best = -1, most = worn >= 0 ? def(run, worn)->defense : 0;
    for (int i = 0; i < PACK_SLOTS; ++i) {
        if (!pack_holds(pack(run), i)) continue;
        const ItemDef *d = def(run, pack(run)->slots[i].kind);
        if (d->item_class == IC_ARMOR && d->defense > most) most = d->defense, best = i;
    }
    return best;
}

/* The best hand weapon in the pack better than most, or -1 */
static int best_hand_weapon(const Run *run, int most)
{
    int best = -1;
    for (int i = 0; i < PACK_SLOTS; ++i) {
        if (!pack_holds(pack(run), i)) continue;
        int kind = pack(run)->slots[i].kind;
        const ItemDef *d = def(run, kind);
        if (d->item_class == IC_WEAPON && !is_launcher(run, kind) && d->damage_max > most) {
            most = d->damage_max;
            best = i;
        }
    }
    return best;
}

int kit_melee_upgrade(const Run *run)
{
    int weapon = run_player(run)->weapon;
    int most = weapon >= 0 && !is_launcher(run, weapon) ? def(run, weapon)->damage_max : 0;
    return best_hand_weapon(run, most);
}

int kit_weapon_upgrade(const Run *run)
{
    int weapon = run_player(run)->weapon;
    if (weapon >= 0 && is_launcher(run, weapon) && launches_carried(run, weapon)) return -1;
    /* a launcher in the pack with its missiles: back to it */
    for (int i = 0; i < PACK_SLOTS; ++i) {
        if (!pack_holds(pack(run), i)) continue;
        int kind = pack(run)->slots[i].kind;
        if (def(run, kind)->item_class == IC_WEAPON && is_launcher(run, kind) && launches_carried(run, kind)) {
            return i;
        }
    }
    return kit_melee_upgrade(run);
}
