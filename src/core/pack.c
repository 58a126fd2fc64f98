#include "pack.h"

#include <string.h>

#include "invariant.h"

static void check_count(const Pack *pack)
{
    INVARIANT(pack->count >= 0 && pack->count <= PACK_SLOTS);
    (void)pack;
}

bool pack_add(Pack *pack, Stack stack)
{
    INVARIANT(stack.kind >= 0 && stack.count >= 1);
    int slot = pack_find(pack, stack.kind);
    if (slot >= 0) {
        pack->slots[slot].count += stack.count;
        return true;
    }
    if (pack->count >= PACK_SLOTS) return false;
    pack->slots[pack->count++] = stack;
    return true;
}

/* A slot past the stacks is a letter nobody checked: the callers ask
 * only for slots that hold something */
void pack_remove_one(Pack *pack, int slot)
{
    check_count(pack);
    INVARIANT(slot >= 0 && slot < pack->count);
    if (slot < 0 || slot >= pack->count) return;
    if (--pack->slots[slot].count <= 0) {
        pack_remove_stack(pack, slot);
    }
}

Stack pack_remove_stack(Pack *pack, int slot)
{
    check_count(pack);
    INVARIANT(slot >= 0 && slot < pack->count);
    Stack stack = {-1, 0};
    if (slot < 0 || slot >= pack->count) return stack;
    stack = pack->slots[slot];
    memmove(&pack->slots[slot], &pack->slots[slot + 1],
            (size_t)(pack->count - slot - 1) * sizeof pack->slots[0]);
    --pack->count;
    return stack;
}

int pack_find(const Pack *pack, int kind)
{
    check_count(pack);
    INVARIANT(kind >= 0);
    for (int i = 0; i < pack->count; ++i) {
        if (pack->slots[i].kind == kind) return i;
    }
    return -1;
}
