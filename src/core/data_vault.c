/* Reading vaults.txt: each [vault]'s map, its legend, its guardian (a
 * monster's id from monsters.txt), and the checks of a vault's shape:
 * one way in, reachable inside, walled round, an Amulet's small enough;
 * and the file as a whole, an Amulet's vault for each Amulet floor. */
#include <stdio.h>
#include <string.h>

#include "data_load.h"
#include "tune.h"
#include "vault.h"

/* Every symbol a vault's map may use (vaults.txt's header says what each is) */
static const char VAULT_LEGEND[] = "#.+S^$mGA ";

/* What a look at each cell of a vault's map found */
typedef struct VaultScan {
    int ways_in;
    Point way_in;
    int guards;
    int amulets;
    bool told_open;
} VaultScan;

/* A symbol of a vault's map to quote: the whole of a UTF-8 character */
static const char *quote_symbol(const char *at, char out[8])
{
    size_t len = 1;
    while (len < 4 && ((unsigned char)at[len] & 0xC0) == 0x80) ++len;
    if (at[0] == '\t') return strcpy(out, "\\t");
    memcpy(out, at, len);
    out[len] = '\0';
    return out;
}

static bool in_legend(char symbol)
{
    return symbol != '\0' && strchr(VAULT_LEGEND, symbol) != NULL;
}

/* Reports the first cell inside the vault the way in can't reach, by
 * steps in the eight directions over anything but wall: an Amulet walled
 * off there could never be taken */
static void check_vault_reach(Fields *fields, const VaultDef *def, Point way_in, int map_line)
{
    bool reached[VAULT_MAX_H][VAULT_MAX_W] = {{false}};
    Point to_visit[VAULT_MAX_W * VAULT_MAX_H];
    int count = 0;
    reached[way_in.y][way_in.x] = true;
    to_visit[count++] = way_in;
    while (count > 0) {
        Point cell = to_visit[--count];
        for (int i = 0; i < 8; ++i) {
            Point next = point_add(cell, DIRS[i]);
            bool open = !vault_outside(def, next.x, next.y) && def->rows[next.y][next.x] != '#';
            if (open && !reached[next.y][next.x]) {
                reached[next.y][next.x] = true;
                to_visit[count++] = next;
            }
        }
    }
    for (int y = 0; y < def->h; ++y) {
        for (int x = 0; x < def->w; ++x) {
            char symbol = def->rows[y][x];
            if (symbol != ' ' && symbol != '#' && !reached[y][x]) {
                fld_report(fields, map_line + 1 + y,
                           "the cell at column %d can't be reached from the way in", x + 1);
                return;
            }
        }
    }
}

/* A cell inside the vault must not touch the outside, diagonals too, but
 * for the one way in: a door meeting the outside along a row or column,
 * as vault_entrance looks for it */
static void check_vault_edge(Fields *fields, const VaultDef *def, int x, int y, int line,
                             VaultScan *scan)
{
    bool edge = false, straight = false;
    for (int i = 0; i < 8; ++i) {
        bool out = vault_outside(def, x + DIRS[i].x, y + DIRS[i].y);
        edge = edge || out;
        straight = straight || (out && i % 2 == 0);
    }
    char symbol = def->rows[y][x];
    bool door = symbol == '+' || symbol == 'S';
    if (edge && door && straight) {
        ++scan->ways_in;
        scan->way_in = (Point){x, y};
    } else if (edge && door) {
        fld_report(fields, line, "the door at column %d meets the outside only at a corner", x + 1);
    } else if (edge && !scan->told_open) {
        fld_report(fields, line, "the vault is open to the outside, at column %d", x + 1);
        scan->told_open = true;
    }
}

static void check_vault_cell(Fields *fields, const VaultDef *def, int x, int y, int line,
                             VaultScan *scan)
{
    const char *at = &def->rows[y][x];
    if (((unsigned char)*at & 0xC0) == 0x80) return;   /* the rest of a character quoted already */
    if (!in_legend(*at)) {
        char quoted[8];
        fld_report(fields, line, "'%s' isn't in a vault's legend", quote_symbol(at, quoted));
        return;
    }
    scan->guards += *at == 'G';
    scan->amulets += *at == 'A';
    if (*at != ' ' && *at != '#') check_vault_edge(fields, def, x, y, line, scan);
}

static void check_vault_cells(Fields *fields, const VaultDef *def, bool guardian_named,
                              int map_line)
{
    VaultScan scan = {0, {0, 0}, 0, 0, false};
    for (int y = 0; y < def->h; ++y) {
        for (int x = 0; x < def->w; ++x) {
            check_vault_cell(fields, def, x, y, map_line + 1 + y, &scan);
        }
    }
    if (scan.ways_in != 1) {
        fld_report(fields, map_line, "a vault has one way in: a + or an S on its edge");
    } else {
        check_vault_reach(fields, def, scan.way_in, map_line);
    }
    if (scan.guards > 0 && !fld_has(fields, "guardian")) {
        fld_report(fields, map_line, "the map has G, but there's no 'guardian'");
    }
    if (scan.guards == 0 && guardian_named) {
        fld_report(fields, fld_line(fields, "guardian"), "a 'guardian' needs a G on the map");
    }
    if (def->amulet && scan.amulets != 1) {
        fld_report(fields, map_line, "an Amulet's vault has one A");
    }
    if (!def->amulet && scan.amulets > 0) {
        fld_report(fields, map_line, "only an Amulet's vault, with 'amulet = yes', has an A");
    }
}

/* Copies the rows into the vault, each as wide as the widest, if they're
 * a size rooms have room for */
static bool read_vault_rows(const char *rows, int row_count, VaultDef *def)
{
    size_t widest = 0;
    for (const char *row = rows; ; ) {
        const char *end = strchr(row, '\n');
        size_t len = end ? (size_t)(end - row) : strlen(row);
        if (len > widest) widest = len;
        if (end == NULL) break;
        row = end + 1;
    }
    bool fits = row_count >= VAULT_MIN_SIZE && row_count <= VAULT_MAX_H &&
                widest >= VAULT_MIN_SIZE && widest <= VAULT_MAX_W;
    if (!fits) return false;
    def->w = (int)widest;
    def->h = row_count;
    const char *row = rows;
    for (int y = 0; y < row_count; ++y) {
        size_t len = strcspn(row, "\n");
        memset(def->rows[y], ' ', widest);
        memcpy(def->rows[y], row, len);
        def->rows[y][widest] = '\0';
        row += len + (row[len] == '\n');
    }
    return true;
}

static void read_vault_map(Fields *fields, VaultDef *def, bool guardian_named)
{
    int row_count = 0;
    const char *rows = fld_rows(fields, "map", &row_count);
    if (rows == NULL) return;   /* reported already */
    int map_line = fld_line(fields, "map");
    if (!read_vault_rows(rows, row_count, def)) {
        fld_report(fields, map_line, "a vault is from %d x %d to %d x %d cells",
                   VAULT_MIN_SIZE, VAULT_MIN_SIZE, VAULT_MAX_W, VAULT_MAX_H);
        return;
    }
    if (def->amulet && (def->w > AMULET_VAULT_MAX_W || def->h > AMULET_VAULT_MAX_H)) {
        fld_report(fields, map_line, "an Amulet's vault is at most %d x %d cells",
                   AMULET_VAULT_MAX_W, AMULET_VAULT_MAX_H);
    }
    check_vault_cells(fields, def, guardian_named, map_line);
}

/* The guardian's kind, if one is named. True if the name stands: found,
 * or not checkable because monsters.txt couldn't be read, or left out of
 * it for a mistake reported there. */
static bool read_guardian(Loader *loader, Fields *fields, VaultDef *def)
{
    def->guardian = -1;
    if (!fld_has(fields, "guardian")) return false;
    char id[ID_SIZE];
    fld_id(fields, "guardian", id);
    if (id[0] == '\0') return false;
    def->guardian = data_find_monster(loader->data, id);
    bool known = def->guardian >= 0 || !loader->monsters_read ||
                 data_find_id(&loader->monster_ids, id) != NULL;
    if (!known) {
        fld_report(fields, fld_line(fields, "guardian"), "no monster is called '%s'", id);
    }
    return known;
}

bool data_read_vault(Loader *loader, Fields *fields, const Record *record)
{
    if (strcmp(record->type, "vault") != 0) {
        data_report_unknown_record(fields, record);
        return false;
    }
    VaultDef def;
    memset(&def, 0, sizeof def);
    fld_id(fields, "id", def.id);
    data_read_floors(fields, &def.min_floor, &def.max_floor);
    def.amulet = fld_yes_no(fields, "amulet");
    bool guardian_named = read_guardian(loader, fields, &def);
    read_vault_map(fields, &def, guardian_named);
    data_check_new_id(loader, fields, def.id);
    bool good = fld_finish(fields);
    /* a guardian left out of monsters.txt for its own mistake, or one that
     * file couldn't be read for: reported there, but a vault can't be kept
     * with guards of no kind */
    if (!good || (guardian_named && def.guardian < 0)) return false;
    GameData *data = loader->data;
    data->vaults = data_push(loader, data->vaults, &data->vault_count, &def, sizeof def);
    return true;
}

/* Without its vault, an Amulet floor would leave the run no way to win */
void data_check_amulet_floors(Loader *loader)
{
    const GameData *data = loader->data;
    for (int floor = 1; floor <= LAST_FLOOR; ++floor) {
        if (!tune_is_amulet_floor(floor)) continue;
        bool found = false;
        for (int i = 0; i < data->vault_count; ++i) {
            const VaultDef *vault = &data->vaults[i];
            found = found || (vault->amulet && vault->min_floor <= floor && floor <= vault->max_floor);
        }
        if (!found) data_report_file(loader, "floor %d has no Amulet's vault", floor);
    }
}

