#include "pack.h"

#include "invariant.h"

static void check_count(const Pack *pack)
{
    INVARIANT(pack->count >= 0 && pack->count <= PACK_SLOTS);
    (void)pack;
}

bool pack_place(Pack *pack, int slot, Stack stack)
{
    check_count(pack);
    INVARIANT(stack.kind >= 0 && stack.count >= 1);
    if (slot < 0 || slot >= PACK_SLOTS || pack_holds(pack, slot)) return false;
    pack->slots[slot] = stack;
    ++pack->count;
    return true;
}

bool pack_add(Pack *pack, Stack stack)
{
    INVARIANT(stack.kind >= 0 && stack.count >= 1);
    int slot = pack_find(pack, stack.kind);
    if (slot >= 0) {
        pack->slots[slot].count += stack.count;
        return true;
    }
    for (slot = 0; slot < PACK_SLOTS; ++slot) {
        if (!pack_holds(pack, slot)) return pack_place(pack, slot, stack);
    }
    return false;
}

bool pack_put_back(Pack *pack, int slot, Stack stack)
{
    if (pack_find(pack, stack.kind) < 0 && pack_place(pack, slot, stack)) return true;
    return pack_add(pack, stack);
}

/* A slot that holds nothing is a letter nobody checked: the callers ask
 * only for slots that hold something */
void pack_remove_one(Pack *pack, int slot)
{
    check_count(pack);
    INVARIANT(pack_holds(pack, slot));
    if (!pack_holds(pack, slot)) return;
    if (--pack->slots[slot].count > 0) return;
    pack->slots[slot] = (Stack){-1, 0};
    --pack->count;
}

Stack pack_remove_stack(Pack *pack, int slot)
{
    check_count(pack);
    INVARIANT(pack_holds(pack, slot));
    Stack stack = {-1, 0};
    if (!pack_holds(pack, slot)) return stack;
    stack = pack->slots[slot];
    pack->slots[slot] = (Stack){-1, 0};
    --pack->count;
    return stack;
}

int pack_find(const Pack *pack, int kind)
{
    check_count(pack);
    INVARIANT(kind >= 0);
    for (int i = 0; i < PACK_SLOTS; ++i) {
        if (pack_holds(pack, i) && pack->slots[i].kind == kind) return i;
    }
    return -1;
}
