/* Describing: what the player is told things are called (items by what
 * they know of them, monsters by kind and state) and what the look panel
 * says of a cell. */
#include "run_internal.h"

#include <stdio.h>
#include <string.h>

void run_with_article(const char *name, char *out, size_t size)
{
    bool vowel = strchr("aeiouAEIOU", name[0]) != NULL && name[0] != '\0';
    snprintf(out, size, "%s %s", vowel ? "an" : "a", name);
}

const char *run_state_name(MonsterState state)
{
#define DESCRIBE_STATE(id, name) [MS_##id] = name,
    static const char *const names[MS_COUNT] = {MONSTER_STATES(DESCRIBE_STATE)};
#undef DESCRIBE_STATE
    return (unsigned)state < MS_COUNT ? names[state] : "";
}

const char *run_monster_state(const Run *run, const Monster *m)
{
    bool awake = m->state != MS_ASLEEP;
    if (awake && (run->data->monsters[m->kind].traits & TRAIT_STATIONARY) != 0) return "stationary";
    return run_state_name(m->state);
}

static const char *class_noun(ItemClass item_class)
{
    return item_class == IC_POTION ? "potion" : "scroll";
}

/* A potion or scroll: by its name if the player knows the kind, and by
 * its look if not */
static void magic_item_name(const Run *run, Stack stack, char *out, size_t size)
{
    const ItemDef *def = &run->data->items[stack.kind];
    const char *noun = class_noun(def->item_class);
    const char *plural = stack.count > 1 ? "s" : "";
    char body[96];
    if (ident_known(&run->ident, stack.kind)) {
        snprintf(body, sizeof body, "%s%s of %s", noun, plural, def->name);
    } else if (def->item_class == IC_POTION) {
        snprintf(body, sizeof body, "%s %s%s", ident_look(&run->ident, stack.kind)->name, noun, plural);
    } else {
        snprintf(body, sizeof body, "%s%s titled %s", noun, plural, ident_look(&run->ident, stack.kind)->name);
    }
    if (stack.count > 1) {
        snprintf(out, size, "%d %s", stack.count, body);
    } else {
        run_with_article(body, out, size);
    }
}

void run_item_name(const Run *run, Stack stack, char *out, size_t size)
{
    if (stack.kind < 0 || stack.kind >= run->data->item_count) {
        snprintf(out, size, "something");
        return;
    }
    const ItemDef *def = &run->data->items[stack.kind];
    switch (def->item_class) {
    case IC_POTION:
    case IC_SCROLL:
        magic_item_name(run, stack, out, size);
        break;
    case IC_WEAPON:
    case IC_MISSILE:
        if (stack.count > 1) snprintf(out, size, "%d %ss", stack.count, def->name);
        else run_with_article(def->name, out, size);
        break;
    case IC_ARMOR:
        /* "leather armor", "chain mail": no article */
        if (stack.count > 1) snprintf(out, size, "%d suits of %s", stack.count, def->name);
        else snprintf(out, size, "%s", def->name);
        break;
    case IC_GOLD:
        if (stack.count == 1) snprintf(out, size, "a gold piece");
        else snprintf(out, size, "%d gold pieces", stack.count);
        break;
    case IC_AMULET:
        /* there are only three, and each is named */
        snprintf(out, size, "the %s", def->name);
        break;
    case IC_COUNT:
        snprintf(out, size, "something");
        break;
    }
}

char run_item_glyph(const Run *run, int kind)
{
#define DESCRIBE_GLYPH(id, name, glyph) [IC_##id] = glyph,
    static const char glyphs[IC_COUNT] = {ITEM_CLASSES(DESCRIBE_GLYPH)};
#undef DESCRIBE_GLYPH
    ItemClass item_class = run->data->items[kind].item_class;
    return (unsigned)item_class < IC_COUNT ? glyphs[item_class] : '?';
}

Color run_item_color(const Run *run, int kind)
{
    static const Color weapon = {190, 200, 215, 255}, armor = {160, 175, 195, 255};
    static const Color gold = {245, 205, 60, 255};
    switch (run->data->items[kind].item_class) {
    case IC_POTION:
    case IC_SCROLL: return ident_look(&run->ident, kind)->color;
    case IC_WEAPON:
    case IC_MISSILE: return weapon;
    case IC_ARMOR: return armor;
    case IC_GOLD:
    case IC_AMULET:
    case IC_COUNT: break;
    }
    return gold;
}

