/* Reading a save back, all or nothing (ch17, ch19, ch20). The text is read
 * into a run of its own; the version is looked at first, then every value
 * as it's read, then the records together, then every place on the map.
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

/* ---- Values ---------------------------------------------------------- */

static Point read_point(Fields *fields, const char *key)
{
    int xy[2];
    fld_numbers(fields, key, 2, 0, xy);
    return (Point){xy[0], xy[1]};
}

/* An optional place, such as a monster's target, which must be on the map */
static bool read_optional_point(Fields *fields, const char *key, Point *out)
{
    if (!fld_has(fields, key)) return false;
    *out = read_point(fields, key);
    if (!in_bounds(out->x, out->y)) {
        fld_report(fields, fld_line(fields, key), "'%s' is off the map", key);
    }
    return true;
}

static void read_statuses(Fields *fields, Statuses *status, bool afraid)
{
    status->poisoned = fld_number(fields, "poisoned", 0);
    status->regenerating = fld_number(fields, "regenerating", 0);
    status->confused = fld_number(fields, "confused", 0);
    if (afraid) status->afraid = fld_number(fields, "afraid", 0);
}

/* A kind named by its id; -1, with the mistake reported, if there's none */
static int read_item_kind(Fields *fields, const GameData *data, const char *key)
{
    char id[ID_SIZE];
    fld_id(fields, key, id);
    int kind = data_find_item(data, id);
    if (kind < 0 && id[0] != '\0') {
        fld_report(fields, fld_line(fields, key), "no kind of item is called '%s'", id);
    }
    return kind;
}

static int read_monster_kind(Fields *fields, const GameData *data)
{
    char id[ID_SIZE];
    fld_id(fields, "kind", id);
    int kind = data_find_monster(data, id);
    if (kind < 0 && id[0] != '\0') {
        fld_report(fields, fld_line(fields, "kind"), "no kind of monster is called '%s'", id);
    }
    return kind;
}


/* ---- Records --------------------------------------------------------- */

/* The class, by its id, from version 3 on; a run of no class has none */
static void read_class(Reading *r, Fields *fields)
{
    r->run->class_index = RUN_NO_CLASS;
    if (r->version < 3 || !fld_has(fields, "class")) return;
    char id[ID_SIZE];
    fld_id(fields, "class", id);
    if (id[0] == '\0') return;   /* reported already */
    r->run->class_index = data_find_class(r->data, id);
    if (r->run->class_index < 0) {
        fld_report(fields, fld_line(fields, "class"), "no class is called '%s'", id);
        r->run->class_index = RUN_NO_CLASS;
    }
}

static void read_run(Reading *r, Fields *fields)
{
    Run *run = r->run;
    ++r->runs;
    run->seed = fld_u64(fields, "seed");
    run->turn = fld_number(fields, "turn", 0);
    run->level.depth = fld_number(fields, "floor", 1);
    if (run->level.depth > LAST_FLOOR) {
        fld_report(fields, fld_line(fields, "floor"), "'floor' goes up to %d", LAST_FLOOR);
        run->level.depth = LAST_FLOOR;
    }
    const char *dice = fld_text(fields, "dice");
    if (dice[0] != '\0' && !rng_from_text(&run->rng, dice)) {
        fld_report(fields, fld_line(fields, "dice"), "'dice' isn't the dice's state");
    }
    read_class(r, fields);
    run->debugged = r->version >= 4 && fld_yes_no(fields, "debug");
    if (r->version >= 5) choice_read(run, fields, &r->choice);
}

static void read_look(Reading *r, Fields *fields)
{
    int kind = read_item_kind(fields, r->data, "kind");
    Look look;
    fld_text_into(fields, "name", look.name, sizeof look.name);
    look.color = fld_color(fields, "color");
    bool known = fld_yes_no(fields, "known");
    if (kind < 0) return;
    ItemClass item_class = r->data->items[kind].item_class;
    if (item_class != IC_POTION && item_class != IC_SCROLL) {
        fld_report(fields, fld_line(fields, "kind"), "only potions and scrolls have looks");
        return;
    }
    if (kind >= IDENT_MAX_KINDS) return;
    if (ident_has_look(&r->run->ident, kind)) {
        fld_report(fields, fld_line(fields, "kind"), "the %s has a [look] already", r->data->items[kind].id);
    }
    ident_set_look(&r->run->ident, kind, &look);
    if (known) ident_learn(&r->run->ident, kind);
}

/* What the player wields, wears or has quivered must be a weapon, armor,
 * or a missile */
static int read_worn(Fields *fields, const GameData *data, const char *key, ItemClass wanted)
{
    if (!fld_has(fields, key)) return -1;
    int kind = read_item_kind(fields, data, key);
    if (kind >= 0 && data->items[kind].item_class != wanted) {
        fld_report(fields, fld_line(fields, key), "'%s' isn't %s", data->items[kind].id,
                   wanted == IC_WEAPON ? "a weapon" : wanted == IC_ARMOR ? "armor" : "a missile");
        return -1;
    }
    return kind;
}

static void read_player(Reading *r, Fields *fields)
{
    Player *p = &r->run->player;
    ++r->players;
    p->pos = read_point(fields, "pos");
    int mistakes = fields->mistakes;
    p->hp = fld_number(fields, "hp", 1);
    p->max_hp = fld_number(fields, "max_hp", 1);
    /* a value that couldn't be read stands in as its least, which would
     * blame the other one too */
    bool both_read = fields->mistakes == mistakes;
    if (both_read && p->hp > p->max_hp) {
        fld_report(fields, fld_line(fields, "hp"), "'hp' is more than 'max_hp'");
    }
    p->strength = fld_number(fields, "strength", 0);
    p->gold = fld_number(fields, "gold", 0);
    p->amulets = fld_number(fields, "amulets", 0);
    if (p->amulets > AMULETS) {
        fld_report(fields, fld_line(fields, "amulets"), "there are only %d Amulets", AMULETS);
    } else if (p->amulets == AMULETS) {
        /* the third Amulet ends the run, and the end deletes the save */
        fld_report(fields, fld_line(fields, "amulets"), "a run with all %d Amulets is already won",
                   AMULETS);
    }
    p->kills = fld_number(fields, "kills", 0);
    read_statuses(fields, &p->status, false);
    p->weapon = read_worn(fields, r->data, "weapon", IC_WEAPON);
    p->armor = read_worn(fields, r->data, "armor", IC_ARMOR);
    p->quiver = r->version >= 3 ? read_worn(fields, r->data, "quiver", IC_MISSILE) : -1;
}

/* Version 5's letter of a stack carried, a to t: its slot, or -1 */
static int read_letter(Fields *fields)
{
    const char *letter = fld_text(fields, "letter");
    if (letter[0] == '\0') return -1;   /* reported already */
    int slot = letter[0] - 'a';
    if (letter[1] != '\0' || slot < 0 || slot >= PACK_SLOTS) {
        char quoted[REC_QUOTE_SIZE];
        fld_report(fields, fld_line(fields, "letter"), "'%s' isn't a letter from %c to %c",
                   rec_quote(letter, quoted), pack_letter(0), pack_letter(PACK_SLOTS - 1));
        return -1;
    }
    return slot;
}

/* A stack carried: by its letter from version 5 on; before, the stacks
 * were lettered in their order, as pack_add letters them */
static void read_carried(Reading *r, Fields *fields)
{
    int slot = r->version >= 5 ? read_letter(fields) : -1;
    int kind = read_item_kind(fields, r->data, "kind");
    int count = fld_number(fields, "count", 1);
    if (kind < 0 || (r->version >= 5 && slot < 0)) return;
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
        pack_place(pack, slot, (Stack){kind, count});
    } else if (!pack_add(pack, (Stack){kind, count})) {
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
        bool read = r->version == 1 ? read_explored(fields, map, x, y, seen[x])
                                    : read_known(fields, r, x, y, seen + x);
        if (!read) return;
    }
}

static void read_row(Reading *r, Fields *fields)
{
    int y = fld_number(fields, "y", 0);
    const char *terrain = fld_text(fields, "terrain");
    const char *seen_key = r->version == 1 ? "explored" : "known";
    const char *seen = fld_text(fields, seen_key);
    /* a value that couldn't be read stands in as its default (row 0, or
     * no cells at all), and checking that would blame the wrong row */
    if (fields->mistakes > 0) return;
    if (y >= MAP_H) {
        fld_report(fields, fld_line(fields, "y"), "'y' goes up to %d", MAP_H - 1);
        return;
    }
    if (r->rows_read[y]) {
        fld_report(fields, fld_line(fields, "y"), "row %d is given twice", y);
        return;
    }
    r->rows_read[y] = true;
    if (strlen(terrain) != MAP_W || strlen(seen) != MAP_W) {
        const char *key = strlen(terrain) != MAP_W ? "terrain" : seen_key;
        fld_report(fields, fld_line(fields, key), "a row is %d cells across", MAP_W);
        return;
    }
    read_row_cells(fields, r, y, terrain, seen);
}

static MonsterState read_state(Fields *fields)
{
    const char *name = fld_text(fields, "state");
    for (int i = 0; i < MS_COUNT; ++i) {
        if (strcmp(name, run_state_name((MonsterState)i)) == 0) return (MonsterState)i;
    }
    if (name[0] != '\0') {
        char quoted[REC_QUOTE_SIZE];
        fld_report(fields, fld_line(fields, "state"), "no state is called '%s'", rec_quote(name, quoted));
    }
    return MS_ASLEEP;
}

static void read_monster(Reading *r, Fields *fields)
{
    Monster m;
    memset(&m, 0, sizeof m);
    m.kind = read_monster_kind(fields, r->data);
    m.pos = read_point(fields, "pos");
    m.hp = fld_number(fields, "hp", 1);
    m.state = read_state(fields);
    m.pack_id = fld_number(fields, "pack", 0);
    m.search_turns = fld_number(fields, "search_turns", 0);
    m.last_shriek = fld_number(fields, "last_shriek", -1);
    m.last_breath = r->version >= 3 && fld_has(fields, "last_breath")
                        ? fld_number(fields, "last_breath", -1) : -1;
    read_statuses(fields, &m.status, true);
    m.has_target = read_optional_point(fields, "target", &m.target);
    m.has_last_seen = read_optional_point(fields, "last_seen", &m.last_seen);
    if (r->version >= 2) m.sighted = read_optional_point(fields, "seen_at", &m.sighted_at);
    m.targeted = r->version >= 5 && fld_yes_no(fields, "targeted");
    if (m.targeted && ++r->targeted > 1) {
        fld_report(fields, fld_line(fields, "targeted"), "only one monster is the last one aimed at");
    }
    if (m.kind < 0) return;
    const MonsterDef *kind = &r->data->monsters[m.kind];
    /* a save from an earlier version may hold more than a kind has now
     * (ch21's numbers came with version 3, and were tuned since): it's
     * worn down to the most, not refused */
    if (r->version < SAVE_VERSION && m.hp > kind->hp) m.hp = kind->hp;
    if (m.hp > kind->hp) {
        fld_report(fields, fld_line(fields, "hp"), "a %s has %d health at most", kind->id, kind->hp);
    }
    if (!lvl_add_monster(&r->run->level, &m)) {
        fld_report(fields, fields->record->line, "a floor holds at most %d monsters", MAX_MONSTERS);
    }
}

static void read_item(Reading *r, Fields *fields)
{
    FloorItem item;
    memset(&item, 0, sizeof item);
    item.stack.kind = read_item_kind(fields, r->data, "kind");
    item.stack.count = fld_number(fields, "count", 1);
    item.pos = read_point(fields, "pos");
    item.seen = fld_yes_no(fields, "seen");
    if (item.stack.kind < 0) return;
    if (!lvl_add_item(&r->run->level, &item)) {
        fld_report(fields, fields->record->line, "a floor holds at most %d items", MAX_FLOOR_ITEMS);
    }
}

/* A line of the log, oldest first; read, as everything in a save was */
static void read_message(Reading *r, Fields *fields)
{
    const char *text = fld_text(fields, "text");
    int count = fld_has(fields, "count") ? fld_number(fields, "count", 1) : 1;
    if (strlen(text) >= MSG_SIZE) {
        fld_report(fields, fld_line(fields, "text"), "a message is at most %d characters", MSG_SIZE - 1);
        return;
    }
    if (fields->mistakes == 0 && text[0] != '\0') msg_restore(&r->run->log, text, count);
}

static void read_trap(Reading *r, Fields *fields)
{
    Trap trap;
    memset(&trap, 0, sizeof trap);
    char id[ID_SIZE];
    fld_id(fields, "kind", id);
    int kind = trap_kind_by_id(id);
    if (kind < 0 && id[0] != '\0') {
        fld_report(fields, fld_line(fields, "kind"), "no kind of trap is called '%s'", id);
    }
    trap.kind = kind < 0 ? TRAP_DART : (TrapKind)kind;
    trap.pos = read_point(fields, "pos");
    trap.known = fld_yes_no(fields, "known");
    if (kind >= 0 && !lvl_add_trap(&r->run->level, &trap)) {
        fld_report(fields, fields->record->line, "a floor holds at most %d traps", MAX_TRAPS);
    }
}

/* The cell a remembered thing is on, which must be on the map and have
 * nothing else of its sort remembered; -1 if not */
static int read_remembered_cell(Fields *fields, bool taken(const Memory *, int), const Memory *memory)
{
    Point pos = read_point(fields, "pos");
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

static void read_remembered_item(Reading *r, Fields *fields)
{
    Stack stack;
    stack.kind = read_item_kind(fields, r->data, "kind");
    stack.count = fld_number(fields, "count", 1);
    Memory *memory = &r->run->memory;
    int cell = read_remembered_cell(fields, item_remembered, memory);
    if (stack.kind >= 0 && cell >= 0) memory->item[cell] = stack;
}

static void read_remembered_monster(Reading *r, Fields *fields)
{
    int kind = read_monster_kind(fields, r->data);
    Memory *memory = &r->run->memory;
    int cell = read_remembered_cell(fields, monster_remembered, memory);
    if (kind >= 0 && kind < UINT16_MAX && cell >= 0) memory->monster[cell] = (uint16_t)(kind + 1);
}

/* Version 4's kills of a kind, each kind once */
static void read_killed(Reading *r, Fields *fields)
{
    int kind = read_monster_kind(fields, r->data);
    int count = fld_number(fields, "count", 1);
    if (kind < 0) return;
    Player *p = &r->run->player;
    if (p->killed[kind] > 0) {
        fld_report(fields, fld_line(fields, "kind"), "the %s has a [killed] already",
                   r->data->monsters[kind].id);
    }
    p->killed[kind] = count;
}

typedef void (*RecordReader)(Reading *, Fields *);

/* The reader of a type of record, in a save of this version; NULL if
 * the version has none */
static RecordReader reader_for(const char *type, int version)
{
    static const struct { const char *type; RecordReader read; int since; } READERS[] = {
        {"run", read_run, 1}, {"look", read_look, 1}, {"player", read_player, 1},
        {"carried", read_carried, 1}, {"row", read_row, 1}, {"monster", read_monster, 1},
        {"item", read_item, 1}, {"trap", read_trap, 1},
        {"remembered_item", read_remembered_item, 2},
        {"remembered_monster", read_remembered_monster, 2},
        {"message", read_message, 4},
        {"killed", read_killed, 4},
    };
    for (size_t i = 0; i < sizeof READERS / sizeof READERS[0]; ++i) {
        if (strcmp(READERS[i].type, type) == 0 && version >= READERS[i].since) return READERS[i].read;
    }
    return NULL;
}

/* ---- The version, first ---------------------------------------------- */

/* A save from another version isn't damaged, just not this game's, so
 * it's told apart before anything else is read */
static LoadResult read_version(const RecFile *file, Errors *errors, int *version_out)
{
    if (file->count == 0 || strcmp(file->records[0].type, "save") != 0) {
        errors_add(errors, "%s: a save starts with [save]", SAVE_FILE);
        return LOAD_DAMAGED;
    }
    Fields fields;
    fld_init(&fields, &file->records[0], SAVE_FILE, errors);
    /* digits too many for a number are a later game's version, not
     * damage: newer games may number their saves as they like */
    const char *text = fld_has(&fields, "version") ? fld_text(&fields, "version") : "";
    int version = 0;
    bool digits = text[0] != '\0' && text[strspn(text, "0123456789")] == '\0';
    if (digits && !rec_whole_number(text, strlen(text), &version)) {
        errors_add(errors, "%s: it's version %s, and this game reads versions up to %d", SAVE_FILE,
                   text, SAVE_VERSION);
        fld_finish(&fields);
        return LOAD_OTHER_VERSION;
    }
    version = fld_number(&fields, "version", 1);
    if (!fld_finish(&fields)) return LOAD_DAMAGED;
    if (version > SAVE_VERSION) {
        errors_add(errors, "%s: it's version %d, and this game reads versions up to %d", SAVE_FILE,
                   version, SAVE_VERSION);
        return LOAD_OTHER_VERSION;
    }
    *version_out = version;
    return LOAD_OK;
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
    if (r->version <= 3) {
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
    if (r->version >= 2) check_memory(r);
    choice_check(r->run, &r->choice, r->errors);
}

/* ---- All of it ------------------------------------------------------- */

/* A record for the layer above, which the caller reads */
static bool above(const Reading *r, const char *type)
{
    for (int i = 0; r->version >= 5 && r->above_types != NULL && r->above_types[i] != NULL; ++i) {
        if (strcmp(r->above_types[i], type) == 0) return true;
    }
    return false;
}

static void read_records(Reading *r, const RecFile *file)
{
    for (int i = 1; i < file->count; ++i) {
        const Record *record = &file->records[i];
        if (above(r, record->type)) continue;
        Fields fields;
        fld_init(&fields, record, SAVE_FILE, r->errors);
        RecordReader read = reader_for(record->type, r->version);
        if (read == NULL) {
            char quoted[REC_QUOTE_SIZE];
            fld_report(&fields, record->line, "unknown record [%s]", rec_quote(record->type, quoted));
            continue;
        }
        read(r, &fields);
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
    run->class_index = RUN_NO_CLASS;
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
    if (version == 1) mem_rebuild(&run->memory, &run->level);
    if (!world_restore(run)) {
        free(run);
        errors_add(errors, "%s: out of memory", SAVE_FILE);
        return LOAD_DAMAGED;
    }
    *out = run;
    return LOAD_OK;
}
