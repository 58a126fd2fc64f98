/* Reading a save back, all or nothing (ch17, ch19, ch20). The text is read
 * into a run of its own; the version is looked at first, then every value
 * as the schema reads it (saveschema.h), then each record as a whole (its
 * apply, below), then the records together, then every place on the map.
 * Only a save that passes everything becomes a run. A save is input like
 * any other file: any bytes give mistakes with their lines, never a crash,
 * and nothing in it is ever taken as a path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records.h"
#include "run_internal.h"
#include "save.h"
#include "savechoice.h"
#include "saveschema.h"
#include "tune.h"

static const char SAVE_FILE[] = "save.txt";

/* What the records add up to, counted as they're read */
typedef struct Reading {
    const GameData *data;
    Run *run;
    Errors *errors;
    int version;
    const char *const *above_types;   /* left to the caller, or NULL */
    int runs, players;
    int targeted;                     /* monsters marked as the last target */
    ChoiceRead choice;
    bool rows_read[MAP_H];
} Reading;

/* ---- Records, each once its values are read (saveschema.h) ---------- */

/* What the player wields, wears or has quivered must be a weapon, armor,
 * or a missile */
static int check_worn(Fields *fields, const GameData *data, const char *key, int kind, ItemClass wanted)
{
    if (kind >= 0 && data->items[kind].item_class != wanted) {
        fld_report(fields, fld_line(fields, key), "'%s' isn't %s", data->items[kind].id,
                   wanted == IC_WEAPON ? "a weapon" : wanted == IC_ARMOR ? "armor" : "a missile");
        return -1;
    }
    return kind;
}

/* [run], read into the run itself */
static void apply_run(Reading *r, Fields *fields, void *view, uint64_t bad)
{
    (void)view;
    (void)bad;
    Run *run = r->run;
    ++r->runs;
    if (run->level.depth > LAST_FLOOR) {
        fld_report(fields, fld_line(fields, "floor"), "'floor' goes up to %d", LAST_FLOOR);
        run->level.depth = LAST_FLOOR;
    }
    memset(&r->choice, 0, sizeof r->choice);
    if (r->version >= SAVE_V5_CHOICE && r->version <= SAVE_V6_HAND) choice_read(run, fields, &r->choice);
}

static void apply_look(Reading *r, Fields *fields, void *view, uint64_t bad)
{
    (void)bad;
    const LookView *v = view;
    if (v->kind < 0) return;
    ItemClass item_class = r->data->items[v->kind].item_class;
    if (item_class != IC_POTION && item_class != IC_SCROLL) {
        fld_report(fields, fld_line(fields, "kind"), "only potions and scrolls have looks");
        return;
    }
    if (v->kind >= IDENT_MAX_KINDS) return;
    if (ident_has_look(&r->run->ident, v->kind)) {
        fld_report(fields, fld_line(fields, "kind"), "the %s has a [look] already", r->data->items[v->kind].id);
    }
    Look look = {.color = v->color};
    snprintf(look.name, sizeof look.name, "%s", v->name);
    ident_set_look(&r->run->ident, v->kind, &look);
    if (v->known) ident_learn(&r->run->ident, v->kind);
}

/* [player], read into the run's player */
static void apply_player(Reading *r, Fields *fields, void *view, uint64_t bad)
{
    (void)view;
    Player *p = &r->run->player;
    ++r->players;
    /* a value that couldn't be read stands in as its least, which would
     * blame the other one too */
    const SchemaRecord *player = saveschema_record(SR_PLAYER);
    bool both_read = (bad & (schema_bit(player, "hp") | schema_bit(player, "max_hp"))) == 0;
    if (both_read && p->hp > p->max_hp) {
        fld_report(fields, fld_line(fields, "hp"), "'hp' is more than 'max_hp'");
    }
    if (p->amulets > AMULETS) {
        fld_report(fields, fld_line(fields, "amulets"), "there are only %d Amulets", AMULETS);
    } else if (p->amulets == AMULETS) {
        /* the third Amulet ends the run, and the end deletes the save */
        fld_report(fields, fld_line(fields, "amulets"), "a run with all %d Amulets is already won",
                   AMULETS);
    }
    p->weapon = check_worn(fields, r->data, "weapon", p->weapon, IC_WEAPON);
    p->armor = check_worn(fields, r->data, "armor", p->armor, IC_ARMOR);
    p->quiver = check_worn(fields, r->data, "quiver", p->quiver, IC_MISSILE);
    /* where the thing in hand or worn goes back to: only with one there */
    if (!fld_has(fields, "weapon") && p->weapon_letter >= 0) {
        fld_report(fields, fld_line(fields, "weapon_letter"), "'weapon_letter' is for a 'weapon' in hand");
    }
    if (!fld_has(fields, "armor") && p->armor_letter >= 0) {
        fld_report(fields, fld_line(fields, "armor_letter"), "'armor_letter' is for 'armor' worn");
    }
}

/* A stack carried: by its letter from version 5 on; before, the stacks
 * were lettered in their order, as pack_add letters them */
static void apply_carried(Reading *r, Fields *fields, void *view, uint64_t bad)
{
    (void)bad;
    const CarriedView *v = view;
    int slot = r->version >= SAVE_V5_CHOICE ? v->slot : -1;
    int kind = v->stack.kind;
    if (kind < 0 || (r->version >= SAVE_V5_CHOICE && slot < 0)) return;
    Pack *pack = &r->run->player.pack;
    ItemClass item_class = r->data->items[kind].item_class;
    if (item_class == IC_GOLD || item_class == IC_AMULET) {
        fld_report(fields, fld_line(fields, "kind"), "gold and the Amulets aren't carried in the pack");
    } else if (pack_find(pack, kind) >= 0) {
        fld_report(fields, fld_line(fields, "kind"), "the pack has a stack of %s already",
                   r->data->items[kind].id);
    } else if (slot >= 0 && pack_holds(pack, slot)) {
        fld_report(fields, fld_line(fields, "letter"), "another stack has the letter %c already",
                   pack_letter(slot));
    } else if (slot >= 0) {
        pack_place(pack, slot, v->stack);
    } else if (!pack_add(pack, v->stack)) {
        fld_report(fields, fld_line(fields, "kind"), "the pack is already full");
    }
}

/* A letter that stands for no terrain, quoted whole: the record reader
 * lets only whole UTF-8 characters through, so a byte above 127 starts
 * one, and quoting that byte alone would make a message of broken text */
static void report_letter(Fields *fields, const char *key, const char *at)
{
    char letter[5] = {at[0], '\0'};
    for (int i = 1; i < 4 && ((unsigned char)at[i] & 0xC0) == 0x80; ++i) letter[i] = at[i];
    fld_report(fields, fld_line(fields, key), "no terrain is called '%s'", letter);
}

/* Version 1 says which cells were explored in 0s and 1s */
static bool read_explored(Fields *fields, Map *map, int x, int y, char explored)
{
    if (explored != '0' && explored != '1') {
        fld_report(fields, fld_line(fields, "explored"), "'explored' is 0s and 1s");
        return false;
    }
    if (explored == '1') map_set_explored(map, x, y);
    return true;
}

/* Version 2 says what the player knows of each cell: '-' if never seen */
static bool read_known(Fields *fields, Reading *r, int x, int y, const char *known)
{
    if (*known == '-') return true;
    int cell = map_terrain_by_letter(*known);
    if (cell < 0) {
        report_letter(fields, "known", known);
        return false;
    }
    map_set_explored(&r->run->level.map, x, y);
    r->run->memory.terrain[cell_index(x, y)] = (uint8_t)cell;
    return true;
}

static void read_row_cells(Fields *fields, Reading *r, int y, const char *terrain, const char *seen)
{
    Map *map = &r->run->level.map;
    for (int x = 0; x < MAP_W; ++x) {
        int cell = map_terrain_by_letter(terrain[x]);
        if (cell < 0) {
            report_letter(fields, "terrain", terrain + x);
            return;
        }
        map_set(map, x, y, (Terrain)cell);
        bool read = r->version == SAVE_V1_FIRST ? read_explored(fields, map, x, y, seen[x])
                                                : read_known(fields, r, x, y, seen + x);
        if (!read) return;
    }
}

static void apply_row(Reading *r, Fields *fields, void *view, uint64_t bad)
{
    (void)bad;
    const RowView *v = view;
    const char *seen_key = r->version == SAVE_V1_FIRST ? "explored" : "known";
    /* a value that couldn't be read stands in as its default (row 0, or
     * no cells at all), and checking that would blame the wrong row */
    if (fields->mistakes > 0) return;
    if (v->y >= MAP_H) {
        fld_report(fields, fld_line(fields, "y"), "'y' goes up to %d", MAP_H - 1);
        return;
    }
    if (r->rows_read[v->y]) {
        fld_report(fields, fld_line(fields, "y"), "row %d is given twice", v->y);
        return;
    }
    r->rows_read[v->y] = true;
    if (strlen(v->terrain) != MAP_W || strlen(v->known) != MAP_W) {
        const char *key = strlen(v->terrain) != MAP_W ? "terrain" : seen_key;
        fld_report(fields, fld_line(fields, key), "a row is %d cells across", MAP_W);
        return;
    }
    read_row_cells(fields, r, v->y, v->terrain, v->known);
}

static void apply_monster(Reading *r, Fields *fields, void *view, uint64_t bad)
{
    (void)bad;
    Monster *m = view;
    if (m->targeted && ++r->targeted > 1) {
        fld_report(fields, fld_line(fields, "targeted"), "only one monster is the last one aimed at");
    }
    if (m->kind < 0) return;
    const MonsterDef *kind = &r->data->monsters[m->kind];
    /* a save from an earlier version may hold more than a kind has now
     * (ch21's numbers came with version 3, and were tuned since): it's
     * worn down to the most, not refused */
    if (r->version < SAVE_VERSION && m->hp > kind->hp) m->hp = kind->hp;
    if (m->hp > kind->hp) {
        fld_report(fields, fld_line(fields, "hp"), "a %s has %d health at most", kind->id, kind->hp);
    }
    if (!lvl_add_monster(&r->run->level, m)) {
        fld_report(fields, fields->record->line, "a floor holds at most %d monsters", MAX_MONSTERS);
    }
}

static void apply_item(Reading *r, Fields *fields, void *view, uint64_t bad)
{
    (void)bad;
    const FloorItem *item = view;
    if (item->stack.kind < 0) return;
    if (!lvl_add_item(&r->run->level, item)) {
        fld_report(fields, fields->record->line, "a floor holds at most %d items", MAX_FLOOR_ITEMS);
    }
}

static void apply_trap(Reading *r, Fields *fields, void *view, uint64_t bad)
{
    (void)bad;
    const Trap *trap = view;
    if ((int)trap->kind >= 0 && !lvl_add_trap(&r->run->level, trap)) {
        fld_report(fields, fields->record->line, "a floor holds at most %d traps", MAX_TRAPS);
    }
}

/* A line of the log, oldest first; read, as everything in a save was */
static void apply_message(Reading *r, Fields *fields, void *view, uint64_t bad)
{
    (void)bad;
    const MessageView *v = view;
    if (strlen(v->text) >= MSG_SIZE) {
        fld_report(fields, fld_line(fields, "text"), "a message is at most %d characters", MSG_SIZE - 1);
        return;
    }
    if (fields->mistakes == 0 && v->text[0] != '\0') msg_restore(&r->run->log, v->text, v->count);
}

/* The cell a remembered thing is on, which must be on the map and have
 * nothing else of its sort remembered; -1 if not */
static int remembered_cell(Fields *fields, Point pos, bool taken(const Memory *, int), const Memory *memory)
{
    if (fields->mistakes > 0) return -1;
    if (!in_bounds(pos.x, pos.y)) {
        fld_report(fields, fld_line(fields, "pos"), "'pos' is off the map");
        return -1;
    }
    int cell = cell_index(pos.x, pos.y);
    if (taken(memory, cell)) {
        fld_report(fields, fld_line(fields, "pos"), "another [%s] is at %d, %d", fields->record->type,
                   pos.x, pos.y);
        return -1;
    }
    return cell;
}

static bool item_remembered(const Memory *memory, int cell) { return memory->item[cell].count > 0; }
static bool monster_remembered(const Memory *memory, int cell) { return memory->monster[cell] > 0; }

static void apply_remembered_item(Reading *r, Fields *fields, void *view, uint64_t bad)
{
    (void)bad;
    const RememberedView *v = view;
    Memory *memory = &r->run->memory;
    int cell = remembered_cell(fields, v->pos, item_remembered, memory);
    if (v->kind >= 0 && cell >= 0) mem_remember_item(memory, cell, (Stack){v->kind, v->count});
}

static void apply_remembered_monster(Reading *r, Fields *fields, void *view, uint64_t bad)
{
    (void)bad;
    const RememberedView *v = view;
    Memory *memory = &r->run->memory;
    int cell = remembered_cell(fields, v->pos, monster_remembered, memory);
    if (v->kind >= 0 && v->kind < UINT16_MAX && cell >= 0) memory->monster[cell] = (uint16_t)(v->kind + 1);
}

/* Version 4's kills of a kind, each kind once */
static void apply_killed(Reading *r, Fields *fields, void *view, uint64_t bad)
{
    (void)bad;
    const KilledView *v = view;
    if (v->kind < 0) return;
    Player *p = &r->run->player;
    if (p->killed[v->kind] > 0) {
        fld_report(fields, fld_line(fields, "kind"), "the %s has a [killed] already",
                   r->data->monsters[v->kind].id);
    }
    p->killed[v->kind] = v->count;
}

/* [save] comes first and once (read_version reads it): another is a
 * mistake */
static void apply_save(Reading *r, Fields *fields, void *view, uint64_t bad)
{
    (void)r;
    (void)view;
    (void)bad;
    fld_report(fields, fields->record->line, "a save has one [save], its first record");
}

/* What's done with each record once its values are read: apply_TYPE,
 * by saveschema.h's list */
typedef void (*RecordApply)(Reading *, Fields *, void *view, uint64_t bad);
#define SAVE_APPLY(id, type, since, talk) [SR_##id] = apply_##type,
static const RecordApply APPLIES[SR_COUNT] = {SAVE_RECORDS(SAVE_APPLY)};
#undef SAVE_APPLY

/* ---- The version, first ---------------------------------------------- */

/* A save from another version isn't damaged, just not this game's, so
 * it's told apart before anything else is read */
static LoadResult read_version(const RecFile *file, Errors *errors, int *version)
{
    switch (schema_read_version(save_schema(), file, "a save starts with [save]", errors, version)) {
    case SCHEMA_VERSION_OK: return LOAD_OK;
    case SCHEMA_VERSION_LATER: return LOAD_OTHER_VERSION;
    case SCHEMA_VERSION_BAD: break;
    }
    return LOAD_DAMAGED;
}

/* ---- The records together -------------------------------------------- */

static void check_whole(Reading *r)
{
    if (r->runs != 1) errors_add(r->errors, "%s: a save has one [run]", SAVE_FILE);
    if (r->players != 1) errors_add(r->errors, "%s: a save has one [player]", SAVE_FILE);
    long long by_kind = 0;
    for (int kind = 0; kind < r->data->monster_count; ++kind) by_kind += r->run->player.killed[kind];
    if (by_kind > r->run->player.kills) {
        errors_add(r->errors, "%s: the [killed] records add up to more than the player's kills", SAVE_FILE);
    }
    for (int y = 0; y < MAP_H; ++y) {
        if (!r->rows_read[y]) errors_add(r->errors, "%s: row %d of the map is missing", SAVE_FILE, y);
    }
    if (r->version <= SAVE_V3_CLASS) {
        /* written before the scrolls of lightning and fireball (which
         * came during version 3: a rogue's save in the fuzzers' corpus
         * has none): they get looks of their own, by dice of their own,
         * not the run's */
        Rng looks;
        rng_seed(&looks, r->run->seed ^ 0x1d3a7c0de5ULL);
        ident_fill_missing(&r->run->ident, r->data, &looks);
    }
    for (int kind = 0; kind < r->data->item_count; ++kind) {
        ItemClass c = r->data->items[kind].item_class;
        if ((c == IC_POTION || c == IC_SCROLL) && !ident_has_look(&r->run->ident, kind)) {
            errors_add(r->errors, "%s: the %s has no [look]", SAVE_FILE, r->data->items[kind].id);
        }
    }
}

/* Reports something put off the map or where it can't stand; true if
 * it's somewhere it can be */
static bool check_place(Reading *r, Point pos, const char *what)
{
    const Map *map = &r->run->level.map;
    if (!in_bounds(pos.x, pos.y)) {
        errors_add(r->errors, "%s: %s at %d, %d is off the map", SAVE_FILE, what, pos.x, pos.y);
        return false;
    }
    if (!map_walkable(map, pos.x, pos.y)) {
        errors_add(r->errors, "%s: %s at %d, %d is in a wall", SAVE_FILE, what, pos.x, pos.y);
        return false;
    }
    return true;
}

static void report_shared(Reading *r, const char *what, Point pos)
{
    errors_add(r->errors, "%s: %s at %d, %d shares its cell", SAVE_FILE, what, pos.x, pos.y);
}

static void check_monsters(Reading *r)
{
    const Level *level = &r->run->level;
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        char what[ID_SIZE + 8];
        snprintf(what, sizeof what, "the %s", r->data->monsters[m->kind].id);
        if (!check_place(r, m->pos, what)) continue;
        bool shared = point_eq(m->pos, r->run->player.pos);
        for (int j = 0; j < i; ++j) shared = shared || point_eq(level->monsters[j].pos, m->pos);
        if (shared) report_shared(r, what, m->pos);
    }
}

static int amulets_lying(const Reading *r)
{
    int amulets = 0;
    const Level *level = &r->run->level;
    for (int i = 0; i < level->item_count; ++i) {
        if (r->data->items[level->items[i].stack.kind].item_class == IC_AMULET) {
            amulets += level->items[i].stack.count;
        }
    }
    return amulets;
}

static void check_items(Reading *r)
{
    const Level *level = &r->run->level;
    for (int i = 0; i < level->item_count; ++i) {
        const FloorItem *item = &level->items[i];
        char what[ID_SIZE + 8];
        snprintf(what, sizeof what, "the %s", r->data->items[item->stack.kind].id);
        if (!check_place(r, item->pos, what)) continue;
        bool shared = false;
        for (int j = 0; j < i; ++j) shared = shared || point_eq(level->items[j].pos, item->pos);
        if (shared) report_shared(r, what, item->pos);
    }
    if (r->run->player.amulets + amulets_lying(r) > AMULETS) {
        errors_add(r->errors, "%s: there are only %d Amulets", SAVE_FILE, AMULETS);
    }
}

static void check_traps(Reading *r)
{
    const Level *level = &r->run->level;
    for (int i = 0; i < level->trap_count; ++i) {
        const Trap *trap = &level->traps[i];
        char what[ID_SIZE + 8];
        snprintf(what, sizeof what, "the %s", trap_def(trap->kind)->id);
        if (!check_place(r, trap->pos, what)) continue;
        bool shared = false;
        for (int j = 0; j < i; ++j) shared = shared || point_eq(level->traps[j].pos, trap->pos);
        if (shared) report_shared(r, what, trap->pos);
        if (trap->kind == TRAP_TRAPDOOR && level->depth == LAST_FLOOR) {
            errors_add(r->errors, "%s: a trapdoor can't be on the last floor", SAVE_FILE);
        } else if (trap->kind == TRAP_TRAPDOOR && tune_is_amulet_floor(level->depth)) {
            errors_add(r->errors, "%s: a trapdoor can't be on an Amulet's floor", SAVE_FILE);
        }
    }
}

/* Every floor but the last has one stairs down, and the last has none */
static void check_stairs(Reading *r)
{
    Level *level = &r->run->level;
    int stairs = 0;
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (level->map.terrain[i] == T_STAIRS) {
            level->stairs = cell_point(i);
            ++stairs;
        }
    }
    bool last = level->depth == LAST_FLOOR;
    level->has_stairs = stairs == 1;
    if (stairs != (last ? 0 : 1)) {
        errors_add(r->errors, "%s: the map has %d stairs down, where floor %d has %s", SAVE_FILE,
                   stairs, level->depth, last ? "none" : "one");
    }
}

/* Something the player remembers must be on a cell they've seen, and on
 * ground as they remember it */
static void check_remembered(Reading *r, int cell, const char *id)
{
    const Level *level = &r->run->level;
    Point pos = cell_point(cell);
    if (!level->map.explored[cell]) {
        errors_add(r->errors, "%s: the remembered %s at %d, %d is on a cell never seen", SAVE_FILE, id,
                   pos.x, pos.y);
    } else if (!map_terrain_def((Terrain)r->run->memory.terrain[cell])->walkable) {
        errors_add(r->errors, "%s: the remembered %s at %d, %d is in a wall", SAVE_FILE, id, pos.x, pos.y);
    }
}

/* What the player remembers can differ from what is only where a door
 * was opened, closed or found out of their sight */
static void check_memory(Reading *r)
{
    const Level *level = &r->run->level;
    const Memory *memory = &r->run->memory;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Terrain truth = (Terrain)level->map.terrain[i], known = (Terrain)memory->terrain[i];
        if (level->map.explored[i] && !mem_may_remember(truth, known)) {
            errors_add(r->errors, "%s: the cell at %d, %d is %s, which can't be remembered as %s",
                       SAVE_FILE, i % MAP_W, i / MAP_W, map_terrain_def(truth)->name,
                       map_terrain_def(known)->name);
        }
    }
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (memory->item[i].count > 0) check_remembered(r, i, r->data->items[memory->item[i].kind].id);
        if (memory->monster[i] > 0) check_remembered(r, i, r->data->monsters[memory->monster[i] - 1].id);
    }
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        if (m->sighted && !map_explored(&level->map, m->sighted_at.x, m->sighted_at.y)) {
            errors_add(r->errors, "%s: the %s at %d, %d was last seen at %d, %d, a cell never seen",
                       SAVE_FILE, r->data->monsters[m->kind].id, m->pos.x, m->pos.y, m->sighted_at.x,
                       m->sighted_at.y);
        }
    }
}

static void check_places(Reading *r)
{
    check_place(r, r->run->player.pos, "the player");
    check_monsters(r);
    check_items(r);
    check_traps(r);
    check_stairs(r);
    if (r->version >= SAVE_V2_MEMORY) check_memory(r);
    choice_check(r->run, &r->choice, r->errors);
}

/* ---- All of it ------------------------------------------------------- */

/* A record for the layer above, which the caller reads */
static bool above(const Reading *r, const char *type)
{
    for (int i = 0; r->version >= SAVE_V5_CHOICE && r->above_types != NULL && r->above_types[i] != NULL; ++i) {
        if (strcmp(r->above_types[i], type) == 0) return true;
    }
    return false;
}

/* The record's view: the run's own for [run] and [player], which there
 * is one of */
static void *view_for(Reading *r, SaveRecordId record, SaveView *scratch)
{
    memset(scratch, 0, sizeof *scratch);
    if (record == SR_RUN) return r->run;
    if (record == SR_PLAYER) return &r->run->player;
    return scratch;
}

static void read_records(Reading *r, const RecFile *file)
{
    for (int i = 1; i < file->count; ++i) {
        const Record *record = &file->records[i];
        if (above(r, record->type)) continue;
        Fields fields;
        fld_init(&fields, record, SAVE_FILE, r->errors);
        int id = schema_record_of(save_schema(), record->type, r->version);
        if (id < 0) {
            char quoted[REC_QUOTE_SIZE];
            fld_report(&fields, record->line, "unknown record [%s]", rec_quote(record->type, quoted));
            continue;
        }
        SaveView scratch;
        void *view = view_for(r, (SaveRecordId)id, &scratch);
        uint64_t bad = schema_get(&fields, saveschema_record((SaveRecordId)id), r->version, view, r->data);
        APPLIES[id](r, &fields, view, bad);
        fld_finish(&fields);
    }
}

LoadResult save_read(const GameData *data, const char *text, size_t length, Run **out,
                     Errors *errors)
{
    return save_read_with(data, text, length, NULL, out, errors);
}

LoadResult save_read_with(const GameData *data, const char *text, size_t length,
                          const char *const *above_types, Run **out, Errors *errors)
{
    *out = NULL;
    int start = errors->count;
    RecFile file;
    Errors line_errors = {0};
    rec_parse(&file, text, length, SAVE_FILE, &line_errors);
    int version = SAVE_VERSION;
    LoadResult result = read_version(&file, errors, &version);
    if (result != LOAD_OK) {
        errors_clear(&line_errors);
        rec_free(&file);
        return result;
    }
    errors_append(errors, &line_errors);
    Run *run = calloc(1, sizeof *run);
    if (run == NULL) {
        errors_add(errors, "%s: out of memory", SAVE_FILE);
        rec_free(&file);
        return LOAD_DAMAGED;
    }
    run->data = data;
    map_fill(&run->level.map, T_WALL);
    run->level.depth = 1;
    run->player.weapon = run->player.armor = run->player.quiver = -1;
    run->player.weapon_letter = run->player.armor_letter = -1;
    run->class_index = RUN_NO_CLASS;
    choice_none(run);
    Reading reading = {.data = data, .run = run, .errors = errors, .version = version,
                       .above_types = above_types};
    read_records(&reading, &file);
    rec_free(&file);
    if (errors->count == start) check_whole(&reading);
    if (errors->count == start) check_places(&reading);
    if (errors->count > start) {
        free(run);
        return LOAD_DAMAGED;
    }
    if (version == SAVE_V1_FIRST) mem_rebuild(&run->memory, &run->level);
    choice_take_up(run);
    if (!world_restore(run)) {
        free(run);
        errors_add(errors, "%s: out of memory", SAVE_FILE);
        return LOAD_DAMAGED;
    }
    *out = run;
    return LOAD_OK;
}
