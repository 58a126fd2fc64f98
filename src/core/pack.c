#include "pack.h"

#include <string.h>

bool pack_add(Pack *pack, Stack stack)
{
    int slot = pack_find(pack, stack.kind);
    if (slot >= 0) {
        pack->slots[slot].count += stack.count;
        return true;
    }
    if (pack->count >= PACK_SLOTS) return false;
    pack->slots[pack->count++] = stack;
    return true;
}

void pack_remove_one(Pack *pack, int slot)
{
    if (slot < 0 || slot >= pack->count) return;
    if (--pack->slots[slot].count <= 0) {
        pack_remove_stack(pack, slot);
    }
}

Stack pack_remove_stack(Pack *pack, int slot)
{
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
    for (int i = 0; i < pack->count; ++i) {
        if (pack->slots[i].kind == kind) return i;
    }
    return -1;
}
