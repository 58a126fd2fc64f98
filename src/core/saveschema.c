/* The save's schema: see saveschema.h. Each record's table of fields
 * (TYPE_FIELDS) is the one list of what a save holds; save.h says what
 * each version added.
 *
 * A field added to the save: one line in its record's table (where it's
 * to be written), with the version it comes in; a new version in save.h's
 * SaveVersion, SAVE_VERSION its name; and a real save of the new version
 * kept in fuzz/corpus/save beside the older ones (test_save_schema loads
 * one of every version, and changes the new field in turn, failing until
 * some sample save holds it). A field whose value needs checking against
 * the rest is checked in saveread.c's apply for its record. */
#include "saveschema.h"

#include <string.h>

#include "invariant.h"
#include "save.h"
#include "savechoice.h"

/* The views keep these enums as ints */
_Static_assert(sizeof(TrapKind) == sizeof(int) && sizeof(MonsterState) == sizeof(int),
               "the save's enums are kept as ints");

/* ---- What a save of version 5 or 6 waited for (savechoice.h) ---------- */

static bool in_inventory(const void *view) { return ((const Run *)view)->old.mode == OLD_MODE_INVENTORY; }
static bool confirming(const void *view) { return ((const Run *)view)->old.mode == OLD_MODE_CONFIRMING; }
static bool aiming(const void *view) { return ((const Run *)view)->old.mode == OLD_MODE_AIMING; }

static bool asked_a_step(const void *view)
{
    const OldChoice *old = &((const Run *)view)->old;
    return old->mode == OLD_MODE_CONFIRMING && old->question == OLD_QUESTION_STEP;
}

/* A scroll read waits: identify's choice, or lightning's or fireball's aim */
static bool scroll_read(const void *view)
{
    const OldChoice *old = &((const Run *)view)->old;
    return (old->mode == OLD_MODE_INVENTORY && old->pack_for == OLD_PACK_IDENTIFY) ||
           (old->mode == OLD_MODE_AIMING && (old->aim == OLD_AIM_LIGHTNING || old->aim == OLD_AIM_FIREBALL));
}

/* ---- What the save names by id -------------------------------------- */

/* The context the schema hands these is the run's GameData */
static int find_item(const void *data, const char *id) { return data_find_item(data, id); }
static const char *item_id(const void *data, int kind) { return ((const GameData *)data)->items[kind].id; }
static int find_monster(const void *data, const char *id) { return data_find_monster(data, id); }
static const char *monster_id(const void *data, int kind)
{
    return ((const GameData *)data)->monsters[kind].id;
}
static int find_class(const void *data, const char *id) { return data_find_class(data, id); }
static const char *class_id(const void *data, int index) { return ((const GameData *)data)->classes[index].id; }

static int find_trap(const void *data, const char *id)
{
    (void)data;
    return trap_kind_by_id(id);
}

static const char *trap_id(const void *data, int kind)
{
    (void)data;
    return trap_def((TrapKind)kind)->id;
}

static int find_state(const void *data, const char *name)
{
    (void)data;
    for (int i = 0; i < MS_COUNT; ++i) {
        if (strcmp(name, run_state_name((MonsterState)i)) == 0) return i;
    }
    return -1;
}

static const char *state_name(const void *data, int state)
{
    (void)data;
    return run_state_name((MonsterState)state);
}

static const SchemaLookup ITEM = {"kind of item", find_item, item_id, -1, true};
static const SchemaLookup MONSTER = {"kind of monster", find_monster, monster_id, -1, true};
static const SchemaLookup CLASS = {"class", find_class, class_id, RUN_NO_CLASS, true};
static const SchemaLookup TRAP = {"kind of trap", find_trap, trap_id, -1, true};
/* a state unread stands in as asleep, the least it can do */
static const SchemaLookup STATE = {"state", find_state, state_name, MS_ASLEEP, false};

/* ---- Every field ------------------------------------------------------- */

#define FIELD(key_, since_, type_, view_, member_) \
    .key = key_, .since = since_, .type = &type_, .at = offsetof(view_, member_)
#define UNLESS(none_) .presence = SCHEMA_UNLESS, .none = (none_)
#define FLAGGED(view_, member_) .presence = SCHEMA_FLAGGED, .flag = offsetof(view_, member_)
#define NAMES(names_) .names = names_, .name_count = SCHEMA_COUNT(names_)
#define ID(lookup_) .table = &lookup_
#define LETTERS .most = PACK_SLOTS - 1

enum {
    V1 = SAVE_V1_FIRST, V2 = SAVE_V2_MEMORY, V3 = SAVE_V3_CLASS, V4 = SAVE_V4_LOG, V5 = SAVE_V5_CHOICE,
    V6 = SAVE_V6_HAND, V7 = SAVE_V7_CHOICES,
};

static const SchemaField save_FIELDS[] = {
    {FIELD("version", V1, SCHEMA_INT, SaveHeadView, version), .least = 1},
};

static const SchemaField run_FIELDS[] = {
    {FIELD("seed", V1, SCHEMA_U64, Run, seed)},
    {FIELD("turn", V1, SCHEMA_INT, Run, turn)},
    {FIELD("floor", V1, SCHEMA_INT, Run, level.depth), .least = 1},
    {FIELD("dice", V1, SCHEMA_DICE, Run, rng)},
    {FIELD("class", V3, SCHEMA_LOOKUP, Run, class_index), ID(CLASS), UNLESS(RUN_NO_CLASS)},
    {FIELD("debug", V4, SCHEMA_YES, Run, debugged), UNLESS(false)},
    /* the screen a save of version 5 or 6 was left on: the play layer's
     * [screen] since (savechoice.h) */
    {FIELD("mode", V5, SCHEMA_NAMES, Run, old.mode), .until = V6, UNLESS(OLD_MODE_PLAYING), NAMES(OLD_MODE_NAMES)},
    {FIELD("pack_for", V5, SCHEMA_NAMES, Run, old.pack_for), .until = V6, .when = in_inventory,
     NAMES(OLD_PACK_NAMES)},
    {FIELD("question", V5, SCHEMA_NAMES, Run, old.question), .until = V6, .when = (confirming),
     NAMES(OLD_QUESTION_NAMES)},
    {FIELD("step", V5, SCHEMA_INT, Run, old.step), .until = V6, .when = (asked_a_step), .most = 7},
    {FIELD("aim", V5, SCHEMA_NAMES, Run, old.aim), .until = V6, .when = (aiming), NAMES(OLD_AIM_NAMES)},
    {FIELD("aim_kind", V5, SCHEMA_LOOKUP, Run, old.aim_kind), .until = V6, ID(ITEM), .when = (aiming)},
    {FIELD("scroll_letter", V5, SCHEMA_LETTER, Run, old.scroll_letter), .until = V6, LETTERS,
     .when = (scroll_read)},
};

static const SchemaField look_FIELDS[] = {
    {FIELD("kind", V1, SCHEMA_LOOKUP, LookView, kind), ID(ITEM)},
    {FIELD("name", V1, SCHEMA_TEXT, LookView, name), .most = LOOK_SIZE - 1},
    {FIELD("color", V1, SCHEMA_COLOR, LookView, color)},
    {FIELD("known", V1, SCHEMA_YES, LookView, known)},
};

static const SchemaField player_FIELDS[] = {
    {FIELD("pos", V1, SCHEMA_POINT, Player, pos)},
    {FIELD("hp", V1, SCHEMA_INT, Player, hp), .least = 1},
    {FIELD("max_hp", V1, SCHEMA_INT, Player, max_hp), .least = 1},
    {FIELD("strength", V1, SCHEMA_INT, Player, strength)},
    {FIELD("gold", V1, SCHEMA_INT, Player, gold)},
    {FIELD("amulets", V1, SCHEMA_INT, Player, amulets)},
    {FIELD("kills", V1, SCHEMA_INT, Player, kills)},
    {FIELD("poisoned", V1, SCHEMA_INT, Player, status.poisoned)},
    {FIELD("regenerating", V1, SCHEMA_INT, Player, status.regenerating)},
    {FIELD("confused", V1, SCHEMA_INT, Player, status.confused)},
    {FIELD("weapon", V1, SCHEMA_LOOKUP, Player, weapon), ID(ITEM), UNLESS(-1)},
    {FIELD("weapon_letter", V6, SCHEMA_LETTER, Player, weapon_letter), LETTERS, UNLESS(-1)},
    {FIELD("armor", V1, SCHEMA_LOOKUP, Player, armor), ID(ITEM), UNLESS(-1)},
    {FIELD("armor_letter", V6, SCHEMA_LETTER, Player, armor_letter), LETTERS, UNLESS(-1)},
    {FIELD("quiver", V3, SCHEMA_LOOKUP, Player, quiver), ID(ITEM), UNLESS(-1)},
};

static const SchemaField killed_FIELDS[] = {
    {FIELD("kind", V4, SCHEMA_LOOKUP, KilledView, kind), ID(MONSTER)},
    {FIELD("count", V4, SCHEMA_INT, KilledView, count), .least = 1},
};

static const SchemaField carried_FIELDS[] = {
    {FIELD("letter", V5, SCHEMA_LETTER, CarriedView, slot), LETTERS},
    {FIELD("kind", V1, SCHEMA_LOOKUP, CarriedView, stack.kind), ID(ITEM)},
    {FIELD("count", V1, SCHEMA_INT, CarriedView, stack.count), .least = 1},
};

static const SchemaField row_FIELDS[] = {
    {FIELD("y", V1, SCHEMA_INT, RowView, y)},
    {FIELD("terrain", V1, SCHEMA_TEXT, RowView, terrain)},
    {FIELD("explored", V1, SCHEMA_TEXT, RowView, known), .until = V1},
    {FIELD("known", V2, SCHEMA_TEXT, RowView, known)},
};

static const SchemaField monster_FIELDS[] = {
    {FIELD("kind", V1, SCHEMA_LOOKUP, Monster, kind), ID(MONSTER)},
    {FIELD("pos", V1, SCHEMA_POINT, Monster, pos)},
    {FIELD("hp", V1, SCHEMA_INT, Monster, hp), .least = 1},
    {FIELD("state", V1, SCHEMA_LOOKUP, Monster, state), ID(STATE)},
    {FIELD("pack", V1, SCHEMA_INT, Monster, pack_id)},
    {FIELD("search_turns", V1, SCHEMA_INT, Monster, search_turns)},
    {FIELD("last_shriek", V1, SCHEMA_INT, Monster, last_shriek), .least = -1},
    {FIELD("poisoned", V1, SCHEMA_INT, Monster, status.poisoned)},
    {FIELD("regenerating", V1, SCHEMA_INT, Monster, status.regenerating)},
    {FIELD("confused", V1, SCHEMA_INT, Monster, status.confused)},
    {FIELD("afraid", V1, SCHEMA_INT, Monster, status.afraid)},
    {FIELD("last_breath", V3, SCHEMA_INT, Monster, last_breath), UNLESS(-1), .least = -1},
    {FIELD("target", V1, SCHEMA_CELL, Monster, target), FLAGGED(Monster, has_target)},
    {FIELD("last_seen", V1, SCHEMA_CELL, Monster, last_seen), FLAGGED(Monster, has_last_seen)},
    {FIELD("targeted", V5, SCHEMA_YES, Monster, targeted), UNLESS(false)},
    {FIELD("seen_at", V2, SCHEMA_CELL, Monster, sighted_at), FLAGGED(Monster, sighted)},
};

static const SchemaField item_FIELDS[] = {
    {FIELD("kind", V1, SCHEMA_LOOKUP, FloorItem, stack.kind), ID(ITEM)},
    {FIELD("count", V1, SCHEMA_INT, FloorItem, stack.count), .least = 1},
    {FIELD("pos", V1, SCHEMA_POINT, FloorItem, pos)},
    {FIELD("seen", V1, SCHEMA_YES, FloorItem, seen)},
};

static const SchemaField trap_FIELDS[] = {
    {FIELD("kind", V1, SCHEMA_LOOKUP, Trap, kind), ID(TRAP)},
    {FIELD("pos", V1, SCHEMA_POINT, Trap, pos)},
    {FIELD("known", V1, SCHEMA_YES, Trap, known)},
};

static const SchemaField remembered_item_FIELDS[] = {
    {FIELD("kind", V2, SCHEMA_LOOKUP, RememberedView, kind), ID(ITEM)},
    {FIELD("count", V2, SCHEMA_INT, RememberedView, count), .least = 1},
    {FIELD("pos", V2, SCHEMA_POINT, RememberedView, pos)},
};

static const SchemaField remembered_monster_FIELDS[] = {
    {FIELD("kind", V2, SCHEMA_LOOKUP, RememberedView, kind), ID(MONSTER)},
    {FIELD("pos", V2, SCHEMA_POINT, RememberedView, pos)},
};

static const SchemaField message_FIELDS[] = {
    {FIELD("text", V4, SCHEMA_TEXT, MessageView, text)},
    {FIELD("count", V4, SCHEMA_INT, MessageView, count), UNLESS(1), .least = 1},
};

/* Each record of SAVE_RECORDS with its fields: a record without a table
 * of them doesn't compile */
#define SAVE_RECORD(id, type_, since_, talk_)                                                       \
    static const SchemaRecord RECORD_##id = {.type = #type_, .since = since_, .fields = type_##_FIELDS, \
                                             .field_count = SCHEMA_COUNT(type_##_FIELDS), .unhashed = talk_};
SAVE_RECORDS(SAVE_RECORD)
#undef SAVE_RECORD
#define SAVE_RECORD_AT(id, type, since, talk) [SR_##id] = &RECORD_##id,
static const SchemaRecord *const RECORDS[SR_COUNT] = {SAVE_RECORDS(SAVE_RECORD_AT)};
#undef SAVE_RECORD_AT

static const Schema SCHEMA = {"save.txt", SAVE_VERSION, SAVE_V1_FIRST, RECORDS, SR_COUNT};

const Schema *save_schema(void) { return &SCHEMA; }

const SchemaRecord *saveschema_record(SaveRecordId record)
{
    INVARIANT(record >= 0 && record < SR_COUNT);
    return RECORDS[record];
}

/* ---- The records of a run ---------------------------------------------- */

typedef struct Walk {
    SaveVisit visit;
    void *context;
} Walk;

static void visit(const Walk *walk, SaveRecordId record, const void *view)
{
    walk->visit(walk->context, record, RECORDS[record], view);
}

/* ---- The records of a run ---------------------------------------------- */

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

void saveschema_each(const Run *run, const Memory *memory, SaveVisit visit_record, void *context)
{
    Walk walk = {visit_record, context};
    SaveHeadView head = {SAVE_VERSION};
    visit(&walk, SR_SAVE, &head);
    visit(&walk, SR_RUN, run);
    each_look(run, &walk);
    each_of_player(run, &walk);
    each_row(run, memory, &walk);
    each_on_floor(run, &walk);
    each_remembered(run, memory, &walk);
}

void saveschema_each_message(const Run *run, SaveVisit visit_record, void *context)
{
    Walk walk = {visit_record, context};
    const MsgLog *log = &run->log;
    int first = msg_count(log) > SAVE_LOG_MESSAGES ? msg_count(log) - SAVE_LOG_MESSAGES : 0;
    for (int i = first; i < msg_count(log); ++i) {
        const Message *m = msg_get(log, i);
        MessageView view = {m->text, m->count};
        visit(&walk, SR_MESSAGE, &view);
    }
}
