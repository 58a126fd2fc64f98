/* What the player carries: up to PACK_SLOTS stacks, lettered a to t. A
 * kind already in the pack joins its stack; only a new kind needs a slot,
 * and takes the first free letter. A stack keeps its letter while it is
 * carried, as in DCSS and NetHack: taking one out leaves a hole, and no
 * other stack moves up. */
#ifndef AMULETS_PACK_H
#define AMULETS_PACK_H

#include <stdbool.h>

#include "level.h"

enum { PACK_SLOTS = 20 };

/* A slot whose stack has count 0 is free (its kind means nothing) */
typedef struct Pack {
    Stack slots[PACK_SLOTS];
    int count;                 /* how many slots hold a stack */
} Pack;

/* True if the slot (its letter) holds a stack; false for any other slot,
 * in range or not */
static inline bool pack_holds(const Pack *pack, int slot)
{
    return slot >= 0 && slot < PACK_SLOTS && pack->slots[slot].count > 0;
}

/* Adds the stack, onto one of its kind if there is one, else at the
 * first free letter. False, adding nothing, if it needs a slot and none
 * is free. */
bool pack_add(Pack *pack, Stack stack);
/* Puts a stack back where it was taken from (a scroll read, then put
 * back): onto its kind if that's carried, else in its old slot if that's
 * still free, else as pack_add does */
bool pack_put_back(Pack *pack, int slot, Stack stack);
/* Puts a stack in a free slot, as a save says (false if it isn't free) */
bool pack_place(Pack *pack, int slot, Stack stack);
/* Takes one from a slot's stack; the slot is free once it's empty */
void pack_remove_one(Pack *pack, int slot);
/* Takes a slot's whole stack out and returns it */
Stack pack_remove_stack(Pack *pack, int slot);
/* The slot holding a kind, or -1 */
int pack_find(const Pack *pack, int kind);

static inline char pack_letter(int slot) { return (char)('a' + slot); }

#endif
