#include "level.h"

#include <string.h>

#include "invariant.h"

/* The lists' counts stay within their arrays: a count past one is memory
 * already overwritten */
static void check_counts(const Level *level)
{
    INVARIANT(level->monster_count >= 0 && level->monster_count <= MAX_MONSTERS);
    INVARIANT(level->item_count >= 0 && level->item_count <= MAX_FLOOR_ITEMS);
    INVARIANT(level->trap_count >= 0 && level->trap_count <= MAX_TRAPS);
    (void)level;
}

#define LEVEL_TRAP_DEF(id, save_id, name, r, g, b, moves) [TRAP_##id] = {save_id, name, {r, g, b, 255}, moves},
static const TrapDef TRAP_DEFS[TRAP_COUNT] = {TRAPS(LEVEL_TRAP_DEF)};
#undef LEVEL_TRAP_DEF

const TrapDef *trap_def(TrapKind kind)
{
    INVARIANT((unsigned)kind < TRAP_COUNT);
    return (unsigned)kind < TRAP_COUNT ? &TRAP_DEFS[kind] : &TRAP_DEFS[0];
}

int trap_kind_by_id(const char *id)
{
    for (int i = 0; i < TRAP_COUNT; ++i) {
        if (strcmp(TRAP_DEFS[i].id, id) == 0) return i;
    }
    return -1;
}

int lvl_monster_at(const Level *level, Point pos)
{
    check_counts(level);
    for (int i = 0; i < level->monster_count; ++i) {
        if (point_eq(level->monsters[i].pos, pos)) return i;
    }
    return -1;
}

int lvl_item_at(const Level *level, Point pos)
{
    check_counts(level);
    for (int i = 0; i < level->item_count; ++i) {
        if (point_eq(level->items[i].pos, pos)) return i;
    }
    return -1;
}

int lvl_trap_at(const Level *level, Point pos)
{
    check_counts(level);
    for (int i = 0; i < level->trap_count; ++i) {
        if (point_eq(level->traps[i].pos, pos)) return i;
    }
    return -1;
}

/* What's added names a kind: a kind of -1 (an id not found) must be
 * caught before it gets this far */
bool lvl_add_monster(Level *level, const Monster *monster)
{
    check_counts(level);
    INVARIANT(monster->kind >= 0 && (unsigned)monster->state < MS_COUNT);
    if (level->monster_count >= MAX_MONSTERS) return false;
    level->monsters[level->monster_count] = *monster;
    level->monsters[level->monster_count++].id = ++level->monsters_added;
    return true;
}

bool lvl_add_item(Level *level, const FloorItem *item)
{
    check_counts(level);
    INVARIANT(item->stack.kind >= 0 && item->stack.count >= 1);
    if (level->item_count >= MAX_FLOOR_ITEMS) return false;
    level->items[level->item_count++] = *item;
    return true;
}

bool lvl_add_trap(Level *level, const Trap *trap)
{
    check_counts(level);
    INVARIANT((unsigned)trap->kind < TRAP_COUNT);
    if (level->trap_count >= MAX_TRAPS) return false;
    level->traps[level->trap_count++] = *trap;
    return true;
}

void lvl_remove_monster(Level *level, int index)
{
    check_counts(level);
    INVARIANT(index >= 0 && index < level->monster_count);
    if (index < 0 || index >= level->monster_count) return;
    memmove(&level->monsters[index], &level->monsters[index + 1],
            (size_t)(level->monster_count - index - 1) * sizeof level->monsters[0]);
    --level->monster_count;
}

void lvl_remove_item(Level *level, int index)
{
    check_counts(level);
    INVARIANT(index >= 0 && index < level->item_count);
    if (index < 0 || index >= level->item_count) return;
    memmove(&level->items[index], &level->items[index + 1],
            (size_t)(level->item_count - index - 1) * sizeof level->items[0]);
    --level->item_count;
}

bool lvl_in_vault(const Level *level, Point pos)
{
    return level->has_vault && rect_contains(level->vault, pos);
}
