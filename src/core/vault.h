/* Building a vault from vaults.txt into a map: its walls, floors and
 * doors. What stands in it, the game fills in afterwards from the cells
 * the stamp hands back. */
#ifndef AMULETS_VAULT_H
#define AMULETS_VAULT_H

#include <stdbool.h>

#include "data.h"
#include "map.h"

enum { VAULT_CELLS = VAULT_MAX_W * VAULT_MAX_H };

typedef struct VaultContents {
    Point traps[VAULT_CELLS];
    int trap_count;
    Point treasure[VAULT_CELLS];
    int treasure_count;
    Point monsters[VAULT_CELLS];
    int monster_count;
    Point guardians[VAULT_CELLS];
    int guardian_count;
    int guardian;          /* the guardians' kind, or -1 */
    bool has_amulet;
    Point amulet;
} VaultContents;

/* Builds the vault with its top left corner on corner: # wall, + closed
 * door, S secret door, everything else but a space a room's floor (even
 * in a cave). A space leaves the map as it was. */
void vault_stamp(Map *map, const VaultDef *vault, Point corner, VaultContents *out);

/* True if a cell of the vault's map, counted from its top left corner, is
 * outside the vault: past its edge, or a space. (vaults.txt's checks use
 * it too.) */
bool vault_outside(const VaultDef *vault, int x, int y);

/* The cell just outside the vault's one way in, counted from its top left
 * corner (so it can be (-1, 3)) */
Point vault_entrance(const VaultDef *vault);

#endif
