/* What the player carries: up to PACK_SLOTS stacks, lettered a to t. A
 * kind already in the pack joins its stack; only a new kind needs a slot. */
#ifndef AMULETS_PACK_H
#define AMULETS_PACK_H

#include <stdbool.h>

#include "level.h"

enum { PACK_SLOTS = 20 };

typedef struct Pack {
    Stack slots[PACK_SLOTS];
    int count;
} Pack;

/* Adds the stack, onto one of its kind if there is one. False, adding
 * nothing, if it needs a slot and none is free. */
bool pack_add(Pack *pack, Stack stack);
/* Takes one from a slot's stack, and the slot once it's empty (the slots
 * after it move up a letter) */
void pack_remove_one(Pack *pack, int slot);
/* Takes a slot's whole stack out and returns it */
Stack pack_remove_stack(Pack *pack, int slot);
/* The slot holding a kind, or -1 */
int pack_find(const Pack *pack, int kind);

static inline char pack_letter(int slot) { return (char)('a' + slot); }

#endif
