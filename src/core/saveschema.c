/* The save's schema: see saveschema.h. FIELDS is the one list of what a
 * save holds; save.h says what each version added.
 *
 * A field added to the save: one line in FIELDS (in its record, where
 * it's to be written), with the version it comes in; a new version in
 * save.h's SaveVersion, SAVE_VERSION its name; and a real save of the
 * new version kept in fuzz/corpus/save beside the older ones
 * (test_save_schema loads one of every version, and changes the new
 * field in turn, failing until some sample save holds it). A field whose value needs checking
 * against the rest is checked in saveread.c's apply for its record. */
#include "saveschema.h"

#include <stdio.h>
#include <string.h>

#include "invariant.h"
#include "save.h"

/* The views keep these enums as ints */
_Static_assert(sizeof(Mode) == sizeof(int) && sizeof(InvAction) == sizeof(int) &&
                   sizeof(ConfirmPurpose) == sizeof(int) && sizeof(AimPurpose) == sizeof(int) &&
                   sizeof(TrapKind) == sizeof(int) && sizeof(MonsterState) == sizeof(int),
               "the save's enums are kept as ints");

#define SCHEMA_RECORD_DEF(id, type, since, talk) [SR_##id] = {#type, since, talk},
static const SaveRecordDef RECORDS[SR_COUNT] = {SAVE_RECORDS(SCHEMA_RECORD_DEF)};
#undef SCHEMA_RECORD_DEF

/* ---- The run's mode and its choice (savechoice.h) ---------------------- */

#define SAVE_NAME(id, save_name) save_name,
static const char *const MODES[MODE_COUNT] = {RUN_MODES(SAVE_NAME)};
static const char *const PACK_FOR[INV_COUNT] = {PACK_PURPOSES(SAVE_NAME)};
static const char *const QUESTIONS[CONFIRM_COUNT] = {CONFIRM_PURPOSES(SAVE_NAME)};
static const char *const AIMS[AIM_COUNT] = {AIM_PURPOSES(SAVE_NAME)};
#undef SAVE_NAME

static bool in_inventory(const void *view) { return ((const Run *)view)->mode == MODE_INVENTORY; }
static bool confirming(const void *view) { return ((const Run *)view)->mode == MODE_CONFIRMING; }
static bool aiming(const void *view) { return ((const Run *)view)->mode == MODE_AIMING; }

static bool asked_a_step(const void *view)
{
    const Run *run = view;
    return run->mode == MODE_CONFIRMING && run->confirm == CONFIRM_STEP;
}

/* A scroll read waits: identify's choice, or lightning's or fireball's aim */
static bool scroll_read(const void *view)
{
    const Run *run = view;
    return (run->mode == MODE_INVENTORY && run->inv_action == INV_IDENTIFY) ||
           (run->mode == MODE_AIMING && (run->aim == AIM_LIGHTNING || run->aim == AIM_FIREBALL));
}

/* ---- Every field ------------------------------------------------------- */

#define COUNT(names) ((int)(sizeof names / sizeof names[0]))
#define FIELD(record_, key_, since_, as_, view_, member_)                                        \
    .record = record_, .key = key_, .since = since_, .as = as_, .at = offsetof(view_, member_)
#define UNLESS(none_) .presence = SP_UNLESS, .none = (none_)
#define FLAGGED(view_, member_) .presence = SP_FLAGGED, .flag = offsetof(view_, member_)
#define WHEN(when_) .presence = SP_WHEN, .when = when_
#define NAMES(names_) .names = names_, .name_count = COUNT(names_)

enum {
    V1 = SAVE_V1_FIRST, V2 = SAVE_V2_MEMORY, V3 = SAVE_V3_CLASS, V4 = SAVE_V4_LOG, V5 = SAVE_V5_CHOICE,
    V6 = SAVE_V6_HAND,
};

static const SaveField FIELDS[] = {
    {FIELD(SR_SAVE, "version", V1, AS_INT, SaveHeadView, version), .least = 1},

    {FIELD(SR_RUN, "seed", V1, AS_U64, Run, seed)},
    {FIELD(SR_RUN, "turn", V1, AS_INT, Run, turn)},
    {FIELD(SR_RUN, "floor", V1, AS_INT, Run, level.depth), .least = 1},
    {FIELD(SR_RUN, "dice", V1, AS_DICE, Run, rng)},
    {FIELD(SR_RUN, "class", V3, AS_CLASS, Run, class_index), UNLESS(RUN_NO_CLASS)},
    {FIELD(SR_RUN, "debug", V4, AS_YES, Run, debugged), UNLESS(false)},
    {FIELD(SR_RUN, "mode", V5, AS_NAME, Run, mode), UNLESS(MODE_PLAYING), NAMES(MODES)},
    {FIELD(SR_RUN, "pack_for", V5, AS_NAME, Run, inv_action), WHEN(in_inventory), NAMES(PACK_FOR)},
    {FIELD(SR_RUN, "question", V5, AS_NAME, Run, confirm), WHEN(confirming), NAMES(QUESTIONS)},
    {FIELD(SR_RUN, "step", V5, AS_INT, Run, pending_dir), WHEN(asked_a_step), .most = 7},
    {FIELD(SR_RUN, "aim", V5, AS_NAME, Run, aim), WHEN(aiming), NAMES(AIMS)},
    {FIELD(SR_RUN, "aim_kind", V5, AS_ITEM, Run, aim_kind), WHEN(aiming)},
    {FIELD(SR_RUN, "scroll_letter", V5, AS_LETTER, Run, read_slot), WHEN(scroll_read)},

    {FIELD(SR_LOOK, "kind", V1, AS_ITEM, LookView, kind)},
    {FIELD(SR_LOOK, "name", V1, AS_TEXT, LookView, name), .most = LOOK_SIZE - 1},
    {FIELD(SR_LOOK, "color", V1, AS_COLOR, LookView, color)},
    {FIELD(SR_LOOK, "known", V1, AS_YES, LookView, known)},

    {FIELD(SR_PLAYER, "pos", V1, AS_POINT, Player, pos)},
    {FIELD(SR_PLAYER, "hp", V1, AS_INT, Player, hp), .least = 1},
    {FIELD(SR_PLAYER, "max_hp", V1, AS_INT, Player, max_hp), .least = 1},
    {FIELD(SR_PLAYER, "strength", V1, AS_INT, Player, strength)},
    {FIELD(SR_PLAYER, "gold", V1, AS_INT, Player, gold)},
    {FIELD(SR_PLAYER, "amulets", V1, AS_INT, Player, amulets)},
    {FIELD(SR_PLAYER, "kills", V1, AS_INT, Player, kills)},
    {FIELD(SR_PLAYER, "poisoned", V1, AS_INT, Player, status.poisoned)},
    {FIELD(SR_PLAYER, "regenerating", V1, AS_INT, Player, status.regenerating)},
    {FIELD(SR_PLAYER, "confused", V1, AS_INT, Player, status.confused)},
    {FIELD(SR_PLAYER, "weapon", V1, AS_ITEM, Player, weapon), UNLESS(-1)},
    {FIELD(SR_PLAYER, "weapon_letter", V6, AS_LETTER, Player, weapon_letter), UNLESS(-1)},
    {FIELD(SR_PLAYER, "armor", V1, AS_ITEM, Player, armor), UNLESS(-1)},
    {FIELD(SR_PLAYER, "armor_letter", V6, AS_LETTER, Player, armor_letter), UNLESS(-1)},
    {FIELD(SR_PLAYER, "quiver", V3, AS_ITEM, Player, quiver), UNLESS(-1)},

    {FIELD(SR_KILLED, "kind", V4, AS_MONSTER, KilledView, kind)},
    {FIELD(SR_KILLED, "count", V4, AS_INT, KilledView, count), .least = 1},

    {FIELD(SR_CARRIED, "letter", V5, AS_LETTER, CarriedView, slot)},
    {FIELD(SR_CARRIED, "kind", V1, AS_ITEM, CarriedView, stack.kind)},
    {FIELD(SR_CARRIED, "count", V1, AS_INT, CarriedView, stack.count), .least = 1},

    {FIELD(SR_ROW, "y", V1, AS_INT, RowView, y)},
    {FIELD(SR_ROW, "terrain", V1, AS_TEXT, RowView, terrain)},
    {FIELD(SR_ROW, "explored", V1, AS_TEXT, RowView, known), .until = V1},
    {FIELD(SR_ROW, "known", V2, AS_TEXT, RowView, known)},

    {FIELD(SR_MONSTER, "kind", V1, AS_MONSTER, Monster, kind)},
    {FIELD(SR_MONSTER, "pos", V1, AS_POINT, Monster, pos)},
    {FIELD(SR_MONSTER, "hp", V1, AS_INT, Monster, hp), .least = 1},
    {FIELD(SR_MONSTER, "state", V1, AS_STATE, Monster, state)},
    {FIELD(SR_MONSTER, "pack", V1, AS_INT, Monster, pack_id)},
    {FIELD(SR_MONSTER, "search_turns", V1, AS_INT, Monster, search_turns)},
    {FIELD(SR_MONSTER, "last_shriek", V1, AS_INT, Monster, last_shriek), .least = -1},
    {FIELD(SR_MONSTER, "poisoned", V1, AS_INT, Monster, status.poisoned)},
    {FIELD(SR_MONSTER, "regenerating", V1, AS_INT, Monster, status.regenerating)},
    {FIELD(SR_MONSTER, "confused", V1, AS_INT, Monster, status.confused)},
    {FIELD(SR_MONSTER, "afraid", V1, AS_INT, Monster, status.afraid)},
    {FIELD(SR_MONSTER, "last_breath", V3, AS_INT, Monster, last_breath), UNLESS(-1), .least = -1},
    {FIELD(SR_MONSTER, "target", V1, AS_CELL, Monster, target), FLAGGED(Monster, has_target)},
    {FIELD(SR_MONSTER, "last_seen", V1, AS_CELL, Monster, last_seen), FLAGGED(Monster, has_last_seen)},
    {FIELD(SR_MONSTER, "targeted", V5, AS_YES, Monster, targeted), UNLESS(false)},
    {FIELD(SR_MONSTER, "seen_at", V2, AS_CELL, Monster, sighted_at), FLAGGED(Monster, sighted)},

    {FIELD(SR_ITEM, "kind", V1, AS_ITEM, FloorItem, stack.kind)},
    {FIELD(SR_ITEM, "count", V1, AS_INT, FloorItem, stack.count), .least = 1},
    {FIELD(SR_ITEM, "pos", V1, AS_POINT, FloorItem, pos)},
    {FIELD(SR_ITEM, "seen", V1, AS_YES, FloorItem, seen)},

    {FIELD(SR_TRAP, "kind", V1, AS_TRAP, Trap, kind)},
    {FIELD(SR_TRAP, "pos", V1, AS_POINT, Trap, pos)},
    {FIELD(SR_TRAP, "known", V1, AS_YES, Trap, known)},

    {FIELD(SR_REMEMBERED_ITEM, "kind", V2, AS_ITEM, RememberedView, kind)},
    {FIELD(SR_REMEMBERED_ITEM, "count", V2, AS_INT, RememberedView, count), .least = 1},
    {FIELD(SR_REMEMBERED_ITEM, "pos", V2, AS_POINT, RememberedView, pos)},

    {FIELD(SR_REMEMBERED_MONSTER, "kind", V2, AS_MONSTER, RememberedView, kind)},
    {FIELD(SR_REMEMBERED_MONSTER, "pos", V2, AS_POINT, RememberedView, pos)},

    {FIELD(SR_MESSAGE, "text", V4, AS_TEXT, MessageView, text)},
    {FIELD(SR_MESSAGE, "count", V4, AS_INT, MessageView, count), UNLESS(1), .least = 1},
};

enum { FIELD_COUNT = COUNT(FIELDS) };

const SaveRecordDef *schema_record(SaveRecordId record)
{
    INVARIANT(record >= 0 && record < SR_COUNT);
    return &RECORDS[record];
}

int schema_record_of(const char *type, int version)
{
    for (int i = 0; i < SR_COUNT; ++i) {
        if (strcmp(RECORDS[i].type, type) == 0 && version >= RECORDS[i].since) return i;
    }
    return -1;
}

const SaveField *schema_fields(int *count)
{
    *count = FIELD_COUNT;
    return FIELDS;
}

/* ---- Values in views --------------------------------------------------- */

static int int_at(const void *view, size_t at)
{
    int value;
    memcpy(&value, (const char *)view + at, sizeof value);
    return value;
}

static bool bool_at(const void *view, size_t at)
{
    return *((const bool *)((const char *)view + at));
}

/* A field's value as a whole number, for the fields that are one */
static int number_of(const SaveField *field, const void *view)
{
    return field->as == AS_YES ? bool_at(view, field->at) : int_at(view, field->at);
}

bool schema_field_written(const SaveField *field, const void *view)
{
    if (field->until != 0) return false;
    switch (field->presence) {
    case SP_ALWAYS: return true;
    case SP_UNLESS: return number_of(field, view) != field->none;
    case SP_FLAGGED: return bool_at(view, field->flag);
    case SP_WHEN: return field->when(view);
    }
    return true;
}

/* A whole number's digits, into out (room for 12); their count */
static int int_text(int value, char *out)
{
    char digits[12];
    unsigned magnitude = value < 0 ? 0u - (unsigned)value : (unsigned)value;
    int n = 0, length = 0;
    do {
        digits[n++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude > 0);
    if (value < 0) out[length++] = '-';
    while (n > 0) out[length++] = digits[--n];
    return length;
}

/* text into out, if it fits with its NUL: its length, else -1 */
static int copy_text(const char *text, char *out, size_t size)
{
    size_t length = strlen(text);
    if (length + 1 > size) return -1;
    memcpy(out, text, length + 1);
    return (int)length;
}

static const char *name_of(const SaveField *field, int number, const GameData *data)
{
    switch (field->as) {
    case AS_CLASS: return data->classes[number].id;
    case AS_ITEM: return data->items[number].id;
    case AS_MONSTER: return data->monsters[number].id;
    case AS_TRAP: return trap_def((TrapKind)number)->id;
    case AS_STATE: return run_state_name((MonsterState)number);
    default:
        INVARIANT(field->as == AS_NAME && number >= 0 && number < field->name_count && field->names[number] != NULL);
        return field->names[number];
    }
}

int schema_value_text(const SaveField *field, const void *view, const GameData *data, char *out, size_t size)
{
    const char *at = (const char *)view + field->at;
    int n;
    switch (field->as) {
    case AS_U64: n = snprintf(out, size, "%llu", (unsigned long long)*(const uint64_t *)at); break;
    case AS_INT:
        if (size < 12) return -1;
        n = int_text(int_at(view, field->at), out);
        out[n] = '\0';
        break;
    case AS_DICE:
        if (size < RNG_TEXT_SIZE) return -1;
        rng_to_text((const Rng *)at, out);
        n = (int)strlen(out);
        break;
    case AS_YES: n = copy_text(*(const bool *)at ? "yes" : "no", out, size); break;
    case AS_POINT:
    case AS_CELL: n = snprintf(out, size, "%d %d", ((const Point *)at)->x, ((const Point *)at)->y); break;
    case AS_TEXT: n = copy_text(*(const char *const *)at, out, size); break;
    case AS_COLOR: {
        const Color *c = (const Color *)at;
        n = snprintf(out, size, "%d %d %d", c->r, c->g, c->b);
        break;
    }
    case AS_LETTER:
        if (size < 2) return -1;
        out[0] = pack_letter(int_at(view, field->at));
        out[1] = '\0';
        n = 1;
        break;
    default: n = copy_text(name_of(field, int_at(view, field->at), data), out, size); break;
    }
    return n >= 0 && (size_t)n < size ? n : -1;
}

/* ---- The records of a run ---------------------------------------------- */

/* Where each record's fields are in FIELDS, which has them together */
typedef struct Walk {
    SaveVisit visit;
    void *context;
    int first[SR_COUNT], count[SR_COUNT];
} Walk;

static Walk walk_of(SaveVisit visit, void *context)
{
    Walk walk = {.visit = visit, .context = context};
    for (int i = FIELD_COUNT - 1; i >= 0; --i) {
        /* grouped, in the records' order: first_field looks them up so */
        INVARIANT(i == 0 || FIELDS[i - 1].record <= FIELDS[i].record);
        walk.first[FIELDS[i].record] = i;
        ++walk.count[FIELDS[i].record];
    }
    return walk;
}

static void visit(const Walk *walk, SaveRecordId record, const void *view)
{
    walk->visit(walk->context, record, view, &FIELDS[walk->first[record]], walk->count[record]);
}

static void each_look(const Run *run, const Walk *walk)
{
    for (int kind = 0; kind < run->data->item_count; ++kind) {
        if (!ident_has_look(&run->ident, kind)) continue;
        const Look *look = ident_look(&run->ident, kind);
        LookView view = {kind, look->name, look->color, ident_known(&run->ident, kind)};
        visit(walk, SR_LOOK, &view);
    }
}

static void each_of_player(const Run *run, const Walk *walk)
{
    const Player *p = &run->player;
    visit(walk, SR_PLAYER, p);
    for (int kind = 0; kind < run->data->monster_count; ++kind) {
        KilledView view = {kind, p->killed[kind]};
        if (view.count > 0) visit(walk, SR_KILLED, &view);
    }
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        CarriedView view = {slot, p->pack.slots[slot]};
        if (pack_holds(&p->pack, slot)) visit(walk, SR_CARRIED, &view);
    }
}

/* Each row as it is, and as the player knows it ('-' where never seen) */
static void each_row(const Run *run, const Memory *memory, const Walk *walk)
{
    const Map *map = &run->level.map;
    char letters[T_COUNT];
    for (int t = 0; t < T_COUNT; ++t) letters[t] = map_terrain_def((Terrain)t)->save_letter;
    for (int y = 0; y < MAP_H; ++y) {
        RowView view = {.y = y};
        for (int x = 0; x < MAP_W; ++x) {
            int cell = cell_index(x, y);
            view.terrain_row[x] = letters[map->terrain[cell]];
            view.known_row[x] = map->explored[cell] ? letters[memory->terrain[cell]] : '-';
        }
        view.terrain = view.terrain_row;
        view.known = view.known_row;
        visit(walk, SR_ROW, &view);
    }
}

static void each_on_floor(const Run *run, const Walk *walk)
{
    const Level *level = &run->level;
    for (int i = 0; i < level->monster_count; ++i) {
        Monster view = level->monsters[i];
        view.sighted = mem_monster_seen_at(level, &level->monsters[i], &view.sighted_at);
        visit(walk, SR_MONSTER, &view);
    }
    for (int i = 0; i < level->item_count; ++i) visit(walk, SR_ITEM, &level->items[i]);
    for (int i = 0; i < level->trap_count; ++i) visit(walk, SR_TRAP, &level->traps[i]);
}

/* The items the player remembers, and the monsters last seen where the
 * player can't see now (one in sight is where it is) */
static void each_remembered(const Run *run, const Memory *memory, const Walk *walk)
{
    const Map *map = &run->level.map;
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (!map->explored[i] || memory->item[i].count == 0) continue;   /* explored: the fewer */
        Stack item = memory->item[i];
        INVARIANT(item.kind >= 0 && item.kind < run->data->item_count);
        RememberedView view = {item.kind, item.count, cell_point(i)};
        visit(walk, SR_REMEMBERED_ITEM, &view);
    }
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (!map->explored[i] || memory->monster[i] == 0 || map->visible[i]) continue;
        INVARIANT(memory->monster[i] <= run->data->monster_count);
        RememberedView view = {memory->monster[i] - 1, 1, cell_point(i)};
        visit(walk, SR_REMEMBERED_MONSTER, &view);
    }
}

void schema_each(const Run *run, const Memory *memory, SaveVisit visit_record, void *context)
{
    Walk walk = walk_of(visit_record, context);
    SaveHeadView head = {SAVE_VERSION};
    visit(&walk, SR_SAVE, &head);
    visit(&walk, SR_RUN, run);
    each_look(run, &walk);
    each_of_player(run, &walk);
    each_row(run, memory, &walk);
    each_on_floor(run, &walk);
    each_remembered(run, memory, &walk);
}

void schema_each_message(const Run *run, SaveVisit visit_record, void *context)
{
    Walk walk = walk_of(visit_record, context);
    const MsgLog *log = &run->log;
    int first = msg_count(log) > SAVE_LOG_MESSAGES ? msg_count(log) - SAVE_LOG_MESSAGES : 0;
    for (int i = first; i < msg_count(log); ++i) {
        const Message *m = msg_get(log, i);
        MessageView view = {m->text, m->count};
        visit(&walk, SR_MESSAGE, &view);
    }
}

/* ---- Reading values ---------------------------------------------------- */

static void put_int(void *view, size_t at, int value)
{
    memcpy((char *)view + at, &value, sizeof value);
}

/* An id of the data's, by its finder; -1, with the mistake reported, if
 * there's none */
static int read_id(Fields *fields, const char *key, const char *what, int found(const GameData *, const char *),
                   const GameData *data)
{
    char id[ID_SIZE];
    fld_id(fields, key, id);
    if (id[0] == '\0') return -1;   /* reported already */
    int index = found(data, id);
    if (index < 0) fld_report(fields, fld_line(fields, key), "no %s is called '%s'", what, id);
    return index;
}

static int find_trap(const GameData *data, const char *id)
{
    (void)data;
    return trap_kind_by_id(id);
}

static int find_state(const char *name)
{
    for (int i = 0; i < MS_COUNT; ++i) {
        if (strcmp(name, run_state_name((MonsterState)i)) == 0) return i;
    }
    return -1;
}

/* One of the names, or -1 with the mistake reported */
static int read_name(Fields *fields, const SaveField *field)
{
    const char *name = fld_text(fields, field->key);
    for (int i = 0; i < field->name_count; ++i) {
        if (field->names[i] != NULL && strcmp(name, field->names[i]) == 0) return i;
    }
    if (name[0] != '\0') {
        char quoted[REC_QUOTE_SIZE];
        fld_report(fields, fld_line(fields, field->key), "'%s' can't be '%s'", field->key,
                   rec_quote(name, quoted));
    }
    return -1;
}

/* A pack's letter, a to t: its slot, or -1 */
static int read_letter(Fields *fields, const char *key)
{
    const char *letter = fld_text(fields, key);
    if (letter[0] == '\0') return -1;   /* reported already */
    int slot = letter[0] - 'a';
    if (letter[1] != '\0' || slot < 0 || slot >= PACK_SLOTS) {
        char quoted[REC_QUOTE_SIZE];
        fld_report(fields, fld_line(fields, key), "'%s' isn't a letter from %c to %c", rec_quote(letter, quoted),
                   pack_letter(0), pack_letter(PACK_SLOTS - 1));
        return -1;
    }
    return slot;
}

static void read_point(Fields *fields, const SaveField *field, Point *out)
{
    int xy[2];
    fld_numbers(fields, field->key, 2, 0, xy);
    *out = (Point){xy[0], xy[1]};
    if (field->as == AS_CELL && !in_bounds(out->x, out->y)) {
        fld_report(fields, fld_line(fields, field->key), "'%s' is off the map", field->key);
    }
}

static void read_text(Fields *fields, const SaveField *field, const char **out)
{
    *out = fld_text(fields, field->key);
    if (field->most > 0 && strlen(*out) > (size_t)field->most) {
        fld_report(fields, fld_line(fields, field->key), "'%s' is longer than %d characters", field->key,
                   field->most);
        *out = "";
    }
}

static void read_dice(Fields *fields, const char *key, Rng *out)
{
    const char *dice = fld_text(fields, key);
    if (dice[0] != '\0' && !rng_from_text(out, dice)) {
        fld_report(fields, fld_line(fields, key), "'%s' isn't the dice's state", key);
    }
}

/* The value, checked on its own, into the view */
static void read_value(Fields *fields, const SaveField *field, const GameData *data, void *view)
{
    char *at = (char *)view + field->at;
    const char *key = field->key;
    switch (field->as) {
    case AS_U64: *(uint64_t *)at = fld_u64(fields, key); break;
    case AS_INT:
        put_int(view, field->at, fld_number_in(fields, key, field->least, field->most ? field->most : REC_NUMBER_MAX));
        break;
    case AS_DICE: read_dice(fields, key, (Rng *)at); break;
    case AS_CLASS: {
        int index = read_id(fields, key, "class", data_find_class, data);
        put_int(view, field->at, index < 0 ? RUN_NO_CLASS : index);
        break;
    }
    case AS_YES: *(bool *)at = fld_yes_no(fields, key); break;
    case AS_POINT:
    case AS_CELL: read_point(fields, field, (Point *)at); break;
    case AS_ITEM: put_int(view, field->at, read_id(fields, key, "kind of item", data_find_item, data)); break;
    case AS_MONSTER:
        put_int(view, field->at, read_id(fields, key, "kind of monster", data_find_monster, data));
        break;
    case AS_TRAP: put_int(view, field->at, read_id(fields, key, "kind of trap", find_trap, data)); break;
    case AS_STATE: {
        const char *name = fld_text(fields, key);
        int state = find_state(name);
        if (state < 0 && name[0] != '\0') {
            char quoted[REC_QUOTE_SIZE];
            fld_report(fields, fld_line(fields, key), "no state is called '%s'", rec_quote(name, quoted));
        }
        put_int(view, field->at, state < 0 ? MS_ASLEEP : state);
        break;
    }
    case AS_NAME: put_int(view, field->at, read_name(fields, field)); break;
    case AS_TEXT: read_text(fields, field, (const char **)at); break;
    case AS_COLOR: *(Color *)at = fld_color(fields, key); break;
    case AS_LETTER: put_int(view, field->at, read_letter(fields, key)); break;
    }
}

/* A field missing, or not in the save's version, is its none */
static void read_none(const SaveField *field, void *view)
{
    if (field->presence == SP_FLAGGED) {
        *(bool *)((char *)view + field->flag) = false;
    } else if (field->presence == SP_UNLESS && field->as == AS_YES) {
        *(bool *)((char *)view + field->at) = field->none != 0;
    } else if (field->presence == SP_UNLESS) {
        put_int(view, field->at, field->none);
    }
}

static bool in_version(const SaveField *field, int version)
{
    return version >= field->since && (field->until == 0 || version <= field->until);
}

/* The first of a record's fields: FIELDS has them in the records' order */
static int first_field(SaveRecordId record)
{
    int low = 0, high = FIELD_COUNT;
    while (low < high) {
        int middle = (low + high) / 2;
        if (FIELDS[middle].record < record) low = middle + 1;
        else high = middle;
    }
    return low;
}

uint64_t schema_read(Fields *fields, SaveRecordId record, int version, const GameData *data, void *view)
{
    uint64_t bad = 0, bit = 1;
    for (int i = first_field(record); i < FIELD_COUNT && FIELDS[i].record == record; ++i) {
        const SaveField *field = &FIELDS[i];
        uint64_t this_bit = bit;
        bit <<= 1;
        if (!in_version(field, version)) {
            read_none(field, view);
            continue;
        }
        if (field->presence == SP_WHEN && !field->when(view)) continue;
        if ((field->presence == SP_UNLESS || field->presence == SP_FLAGGED) && !fld_has(fields, field->key)) {
            read_none(field, view);
            continue;
        }
        if (field->presence == SP_FLAGGED) *(bool *)((char *)view + field->flag) = true;
        int mistakes = fields->mistakes;
        read_value(fields, field, data, view);
        if (fields->mistakes > mistakes) bad |= this_bit;
    }
    return bad;
}

uint64_t schema_bit(SaveRecordId record, const char *key)
{
    uint64_t bit = 1;
    for (int i = 0; i < FIELD_COUNT; ++i) {
        if (FIELDS[i].record != record) continue;
        if (strcmp(FIELDS[i].key, key) == 0) return bit;
        bit <<= 1;
    }
    return 0;
}
