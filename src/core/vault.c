#include "vault.h"

#include <string.h>

bool vault_outside(const VaultDef *vault, int x, int y)
{
    if (x < 0 || y < 0 || x >= vault->w || y >= vault->h) return true;
    return vault->rows[y][x] == ' ';
}

static Terrain terrain_of(char symbol)
{
    switch (symbol) {
    case '#': return T_WALL;
    case '+': return T_CLOSED_DOOR;
    case 'S': return T_SECRET_DOOR;
    default: return T_FLOOR;   /* a room's worked stone, in a cave too, so a vault looks built */
    }
}

/* Notes what stands on a cell of floor, if anything */
static void note_contents(VaultContents *out, char symbol, Point cell)
{
    switch (symbol) {
    case '^': out->traps[out->trap_count++] = cell; break;
    case '$': out->treasure[out->treasure_count++] = cell; break;
    case 'm': out->monsters[out->monster_count++] = cell; break;
    case 'G': out->guardians[out->guardian_count++] = cell; break;
    case 'A':
        out->has_amulet = true;
        out->amulet = cell;
        break;
    default: break;
    }
}

void vault_stamp(Map *map, const VaultDef *vault, Point corner, VaultContents *out)
{
    VaultContents ignored;
    if (out == NULL) out = &ignored;
    memset(out, 0, sizeof *out);
    out->guardian = vault->guardian;
    for (int y = 0; y < vault->h; ++y) {
        for (int x = 0; x < vault->w; ++x) {
            char symbol = vault->rows[y][x];
            if (symbol == ' ') continue;
            Point cell = {corner.x + x, corner.y + y};
            map_set(map, cell.x, cell.y, terrain_of(symbol));
            note_contents(out, symbol, cell);
        }
    }
}

Point vault_entrance(const VaultDef *vault)
{
    for (int y = 0; y < vault->h; ++y) {
        for (int x = 0; x < vault->w; ++x) {
            char symbol = vault->rows[y][x];
            if (symbol != '+' && symbol != 'S') continue;
            /* the even directions are the straight ones: the checks count
             * a door as the way in only if it meets the outside that way */
            for (int i = 0; i < 8; i += 2) {
                Point next = {x + DIRS[i].x, y + DIRS[i].y};
                if (vault_outside(vault, next.x, next.y)) return next;
            }
        }
    }
    return (Point){0, 0};
}
