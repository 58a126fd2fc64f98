/* Making a floor (ch15, ch18, ch19, ch20): rooms or a cave, an Amulet's
 * vault or sometimes a treasure vault, the player's start, monsters by
 * band and in packs, items by frequency, gold, the vault's contents, the
 * stairs at the far end of the longest walk, secret doors that never cut
 * anything off, and traps. Only the level and the dice it is given are
 * touched. */
#ifndef AMULETS_GEN_H
#define AMULETS_GEN_H

#include "data.h"
#include "level.h"
#include "rng.h"

/* Makes the floor at depth into level (every field overwritten) and gives
 * the player's start. data must have loaded without mistakes. */
void gen_level(Level *level, const GameData *data, Rng *rng, int depth, Point *start);

/* The seed's floor at depth: gen_level with the floor's own stream of the
 * seed (streams.h), and no other dice, so it is the same floor whatever
 * was played before it. What a run arriving there finds, and the seed
 * catalog lists */
void gen_floor(Level *level, const GameData *data, uint64_t seed, int depth, Point *start);

/* A new monster of a kind on a cell, with its kind's health, asleep or
 * wandering; the scenario tests make monsters with it too */
Monster gen_monster(const GameData *data, int kind, Point pos, int pack_id, bool awake);

/* A kind of item chosen by frequency; a kind of monster for a floor (one
 * time in DEEPER_ONE_IN from three floors deeper; never vault_only); a
 * kind of trap for a floor (no trapdoor on an Amulet's floor or the last) */
int gen_item_kind(const GameData *data, Rng *rng);
int gen_monster_kind(const GameData *data, Rng *rng, int depth);
TrapKind gen_trap_kind(Rng *rng, int depth);

#endif
