/* The explorer in a save (explore.h's EXPLORE_RECORD, explore_write and
 * explore_read): every field, listed once in FIELDS with the save's
 * version it came in, through the schema engine (schema.h), so a field
 * added to Explorer is one line here. A field at its zero is left out,
 * and read as zero. The explorer came with the play layer's records, in
 * save version 5; picked_last, under_at, under and carried joined it
 * while saves were version 5 (each left out at its zero, so a version 5
 * save without them reads them as nothing). */
#include "explore.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "save.h"

static const char *const KINDS[] = {[EXPLORE_FLOOR] = "floor", [EXPLORE_TRAVEL] = "travel",
                                    [EXPLORE_REST] = "rest"};
static const char COUNT_LETTERS[] = "0123456789abcdefghijklmnopqrstuvwxyz";
enum { COUNT_MOST = sizeof COUNT_LETTERS - 2 };
/* a wall searched more often than this is searched enough, so the count
 * kept no higher changes nothing explore does */
_Static_assert((int)EXPLORE_SEARCH_MOST <= (int)COUNT_MOST, "a wall's searches fit a letter");
_Static_assert(sizeof(ExploreKind) == sizeof(int), "the kind is kept as an int");

/* ---- A map's worth of marks or counts: 36 rows of the map ----------------- */

static const uint8_t *cells_of(const SchemaField *field, const void *view)
{
    return (const uint8_t *)view + field->at;
}

/* What a cell's value is written as: . and x for marks, 0 to z for counts */
static bool counts(const SchemaField *field) { return field->most > 1; }

static bool cells_none(const SchemaField *field, const void *view)
{
    const uint8_t *cells = cells_of(field, view);
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (cells[i] != 0) return false;
    }
    return true;
}

static void set_cells_none(const SchemaField *field, void *view)
{
    memset((uint8_t *)view + field->at, 0, MAP_CELLS);
}

static void put_cells(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    const uint8_t *cells = cells_of(field, view);
    for (int y = 0; y < MAP_H; ++y) {
        char row[MAP_W];
        for (int x = 0; x < MAP_W; ++x) {
            int value = cells[cell_index(x, y)];
            row[x] = counts(field) ? COUNT_LETTERS[value < COUNT_MOST ? value : COUNT_MOST] : value ? 'x' : '.';
        }
        schema_out_row(out, row, MAP_W);
    }
}

static void get_cells(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    const char *key = field->key;
    uint8_t *cells = (uint8_t *)view + field->at;
    int rows;
    const char *text = fld_rows(fields, key, &rows);
    if (text == NULL) return;
    if (rows != MAP_H) {
        fld_report(fields, fld_line(fields, key), "'%s' is %d rows of the map", key, MAP_H);
        return;
    }
    for (int y = 0; y < MAP_H; ++y, ++text) {
        size_t length = strcspn(text, "\n");
        int line = fld_line(fields, key) + 1 + y;
        if (length != MAP_W) {
            fld_report(fields, line, "a row of '%s' is %d cells across", key, MAP_W);
            return;
        }
        for (int x = 0; x < MAP_W; ++x, ++text) {
            const char *letter = *text != '\0' ? strchr(COUNT_LETTERS, *text) : NULL;
            bool good = counts(field) ? letter != NULL : *text == '.' || *text == 'x';
            if (!good) {
                fld_report(fields, line, counts(field) ? "a row of '%s' is letters from 0 to z"
                                                       : "a row of '%s' is . and x", key);
                return;
            }
            cells[cell_index(x, y)] = (uint8_t)(counts(field) ? letter - COUNT_LETTERS : *text == 'x');
        }
    }
}

static void mix_cells(SchemaHash *hash, const SchemaField *field, const void *view)
{
    schema_mix_bytes(hash, cells_of(field, view), MAP_CELLS);
}

/* most: the most a cell holds (1: a mark) */
static const SchemaType CELLS = {.rows = true, .put = put_cells, .get = get_cells, .mix = mix_cells,
                                 .is_none = cells_none, .set_none = set_cells_none};

/* ---- Items: a stack ("dart 3"), and how many of each kind was carried ------- */

/* "id count": a kind the data has, and a count from 1 to most; false
 * (having said why at line) if not */
static bool read_kind_count(Fields *fields, int line, const char *key, const char *text, int most,
                            const GameData *data, Stack *out)
{
    char id[ID_SIZE], quoted[REC_QUOTE_SIZE];
    int count, used = 0;
    if (sscanf(text, "%31s %d%n", id, &count, &used) != 2 || text[used] != '\0' || count < 1 ||
        count > most) {
        fld_report(fields, line, "'%s' is an item's id and a count from 1 to %d", key, most);
        return false;
    }
    int kind = data_find_item(data, id);
    if (kind < 0) {
        fld_report(fields, line, "'%s': no item is called '%s'", key, rec_quote(id, quoted));
        return false;
    }
    *out = (Stack){kind, count};
    return true;
}

static Stack stack_of(const SchemaField *field, const void *view)
{
    Stack stack;
    memcpy(&stack, (const char *)view + field->at, sizeof stack);
    return stack;
}

static void put_stack(SchemaOut *out, const SchemaField *field, const void *view, const void *data)
{
    Stack stack = stack_of(field, view);
    schema_out_text(out, ((const GameData *)data)->items[stack.kind].id);
    schema_out_bytes(out, " ", 1);
    schema_out_int(out, stack.count);
}

static void get_stack(Fields *fields, const SchemaField *field, void *view, const void *data)
{
    /* fld_text says what's wrong with a value it gives as "" */
    const char *text = fld_text(fields, field->key);
    if (text[0] != '\0') {
        read_kind_count(fields, fld_line(fields, field->key), field->key, text, 1000000, data,
                        (Stack *)((char *)view + field->at));
    }
}

static void mix_stack(SchemaHash *hash, const SchemaField *field, const void *view)
{
    Stack stack = stack_of(field, view);
    schema_mix(hash, (uint64_t)(uint32_t)stack.kind << 32 | (uint32_t)stack.count);
}

static bool stack_none(const SchemaField *field, const void *view) { return stack_of(field, view).count <= 0; }

static void set_stack_none(const SchemaField *field, void *view)
{
    memset((char *)view + field->at, 0, sizeof(Stack));
}

static const SchemaType STACK = {.put = put_stack, .get = get_stack, .mix = mix_stack, .is_none = stack_none,
                                 .set_none = set_stack_none};

static const int16_t *carried_of(const SchemaField *field, const void *view)
{
    return (const int16_t *)(const void *)((const char *)view + field->at);
}

static bool carried_none(const SchemaField *field, const void *view)
{
    const int16_t *carried = carried_of(field, view);
    for (int kind = 0; kind < MAX_ITEM_KINDS; ++kind) {
        if (carried[kind] > 0) return false;
    }
    return true;
}

static void set_carried_none(const SchemaField *field, void *view)
{
    memset((char *)view + field->at, 0, sizeof(int16_t) * MAX_ITEM_KINDS);
}

/* A row "id count" each kind counted above 0 */
static void put_carried(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    const GameData *data = context;
    const int16_t *carried = carried_of(field, view);
    for (int kind = 0; kind < data->item_count; ++kind) {
        if (carried[kind] <= 0) continue;
        schema_out_bytes(out, "|", 1);
        schema_out_text(out, data->items[kind].id);
        schema_out_bytes(out, " ", 1);
        schema_out_int(out, carried[kind]);
        schema_out_bytes(out, "\n", 1);
    }
}

static void get_carried(Fields *fields, const SchemaField *field, void *view, const void *data)
{
    int16_t *carried = (int16_t *)(void *)((char *)view + field->at);
    int rows;
    const char *text = fld_rows(fields, field->key, &rows);
    if (text == NULL) return;
    for (int i = 0; i < rows; ++i) {
        size_t length = strcspn(text, "\n");
        char row[96];
        snprintf(row, sizeof row, "%.*s", (int)(length < sizeof row ? length : sizeof row - 1), text);
        Stack stack;
        int line = fld_line(fields, field->key) + 1 + i;
        if (!read_kind_count(fields, line, field->key, row, INT16_MAX, data, &stack)) return;
        carried[stack.kind] = (int16_t)stack.count;
        text += length + (text[length] == '\n');
    }
}

static void mix_carried(SchemaHash *hash, const SchemaField *field, const void *view)
{
    schema_mix_bytes(hash, carried_of(field, view), sizeof(int16_t) * MAX_ITEM_KINDS);
}

static const SchemaType CARRIED = {.rows = true, .put = put_carried, .get = get_carried, .mix = mix_carried,
                                   .is_none = carried_none, .set_none = set_carried_none};

/* ---- Every field ------------------------------------------------------------- */

static bool marked(const void *view) { return ((const Explorer *)view)->marked; }

#define FIELD(key_, type_, member_)                                                                  \
    .key = key_, .since = SAVE_V5_CHOICE, .type = &type_, .at = offsetof(Explorer, member_),        \
    .presence = SCHEMA_UNLESS, .when = marked
#define MARKS(key_, member_) {FIELD(key_, CELLS, member_), .most = 1}

/* Not here: depth and arrivals, which say which floor the marks are for
 * (the save has them only for the run's own floor) */
static const SchemaField FIELDS[] = {
    {.key = "marked", .since = SAVE_V5_CHOICE, .type = &SCHEMA_YES, .at = offsetof(Explorer, marked),
     .presence = SCHEMA_UNLESS},
    {.key = "kind", .since = SAVE_V5_CHOICE, .type = &SCHEMA_NAMES, .at = offsetof(Explorer, kind),
     .when = marked, .names = KINDS, .name_count = SCHEMA_COUNT(KINDS)},
    {FIELD("target", SCHEMA_CELL, target)},
    {FIELD("going", SCHEMA_YES, going)},
    {FIELD("heedless", SCHEMA_YES, heedless)},
    {FIELD("over_traps", SCHEMA_YES, over_traps)},
    {FIELD("hp", SCHEMA_INT, hp)},
    {FIELD("poisoned", SCHEMA_INT, status.poisoned)},
    {FIELD("regenerating", SCHEMA_INT, status.regenerating)},
    {FIELD("confused", SCHEMA_INT, status.confused)},
    {FIELD("afraid", SCHEMA_INT, status.afraid)},
    {FIELD("known_traps", SCHEMA_INT, known_traps)},
    {FIELD("known_doors", SCHEMA_INT, known_doors)},
    {FIELD("stairs_known", SCHEMA_YES, stairs_known)},
    {FIELD("searched_last", SCHEMA_YES, searched_last)},
    {FIELD("picked_last", SCHEMA_YES, picked_last)},
    {FIELD("commands", SCHEMA_INT, commands)},
    {FIELD("told_explored", SCHEMA_YES, told_explored)},
    {FIELD("search_left", SCHEMA_INT, search_left)},
    {FIELD("under_at", SCHEMA_CELL, under_at)},
    {FIELD("under", STACK, under)},
    {FIELD("carried", CARRIED, carried)},
    MARKS("noticed", noticed),
    MARKS("skipped", skipped),
    {FIELD("searched", CELLS, searched), .most = COUNT_MOST},
};

const SchemaRecord EXPLORE_RECORD = {.type = "explorer", .since = SAVE_V5_CHOICE, .fields = FIELDS,
                                     .field_count = SCHEMA_COUNT(FIELDS)};

/* ---- Writing and reading ------------------------------------------------------ */

void explore_write(const Explorer *e, const Run *run, SchemaOut *out)
{
    /* marks for another floor are forgotten at the next start */
    bool here = e->marked && e->depth == run_level(run)->depth && e->arrivals == run_arrivals(run);
    static const Explorer UNMARKED;
    schema_put(out, &EXPLORE_RECORD, here ? e : &UNMARKED, run_data(run));
}

void explore_read(Explorer *e, const Run *run, Fields *fields, int version)
{
    memset(e, 0, sizeof *e);
    schema_get(fields, &EXPLORE_RECORD, version, e, run_data(run));
    if (!e->marked) return;
    e->depth = run_level(run)->depth;
    e->arrivals = run_arrivals(run);
}
