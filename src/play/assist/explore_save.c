/* The explorer in a save (explore.h's explore_write and explore_read):
 * every field, listed once in FIELDS, so that a field added to Explorer
 * is one line here. A field at its zero is left out, and read as zero. */
#include "explore.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef enum As {
    AS_YES_NO,      /* a bool */
    AS_NUMBER,      /* an int, 0 or more */
    AS_POINT,       /* a cell on the map */
    AS_KIND,        /* an ExploreKind, by name */
    AS_MARKS,       /* uint8_t per cell, 0 or 1: a row of . and x a map row */
    AS_COUNTS,      /* uint8_t per cell: a row of 0-9 and a-z (35 at most) */
    AS_STACK,       /* a Stack: its kind's id and the count ("dart 3") */
    AS_CARRIED,     /* int16_t per item kind: a row "id count" each kind
                       counted above 0 */
} As;

typedef struct Field {
    const char *key;
    size_t offset;
    As as;
} Field;

#define FIELD(key, member, as) {key, offsetof(Explorer, member), as}

/* Not here: depth, arrivals and marked, which say which floor the marks
 * are for (the save has them only for the run's own floor) */
static const Field FIELDS[] = {
    FIELD("kind", kind, AS_KIND),
    FIELD("target", target, AS_POINT),
    FIELD("going", going, AS_YES_NO),
    FIELD("heedless", heedless, AS_YES_NO),
    FIELD("over_traps", over_traps, AS_YES_NO),
    FIELD("hp", hp, AS_NUMBER),
    FIELD("poisoned", status.poisoned, AS_NUMBER),
    FIELD("regenerating", status.regenerating, AS_NUMBER),
    FIELD("confused", status.confused, AS_NUMBER),
    FIELD("afraid", status.afraid, AS_NUMBER),
    FIELD("known_traps", known_traps, AS_NUMBER),
    FIELD("known_doors", known_doors, AS_NUMBER),
    FIELD("stairs_known", stairs_known, AS_YES_NO),
    FIELD("searched_last", searched_last, AS_YES_NO),
    FIELD("picked_last", picked_last, AS_YES_NO),
    FIELD("commands", commands, AS_NUMBER),
    FIELD("told_explored", told_explored, AS_YES_NO),
    FIELD("search_left", search_left, AS_NUMBER),
    FIELD("under_at", under_at, AS_POINT),
    FIELD("under", under, AS_STACK),
    FIELD("carried", carried, AS_CARRIED),
    FIELD("noticed", noticed, AS_MARKS),
    FIELD("skipped", skipped, AS_MARKS),
    FIELD("searched", searched, AS_COUNTS),
};

static const char *const KINDS[] = {[EXPLORE_FLOOR] = "floor", [EXPLORE_TRAVEL] = "travel",
                                    [EXPLORE_REST] = "rest"};
static const char COUNT_LETTERS[] = "0123456789abcdefghijklmnopqrstuvwxyz";
enum { COUNT_MOST = sizeof COUNT_LETTERS - 2 };
/* a wall searched more often than this is searched enough, so the count
 * kept no higher changes nothing explore does */
_Static_assert((int)EXPLORE_SEARCH_MOST <= (int)COUNT_MOST, "a wall's searches fit a letter");

/* ---- Writing ----------------------------------------------------------- */

static bool any_set(const uint8_t *cells)
{
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (cells[i] != 0) return true;
    }
    return false;
}

static void write_cells(FILE *out, const char *key, const uint8_t *cells, bool counts)
{
    if (!any_set(cells)) return;
    fprintf(out, "%s =\n", key);
    for (int y = 0; y < MAP_H; ++y) {
        char row[MAP_W + 1];
        for (int x = 0; x < MAP_W; ++x) {
            int value = cells[cell_index(x, y)];
            row[x] = counts ? COUNT_LETTERS[value < COUNT_MOST ? value : COUNT_MOST] : value ? 'x' : '.';
        }
        row[MAP_W] = '\0';
        fprintf(out, "|%s\n", row);
    }
}

static void write_carried(FILE *out, const char *key, const int16_t *carried, const GameData *data)
{
    bool any = false;
    for (int kind = 0; kind < data->item_count; ++kind) {
        if (carried[kind] <= 0) continue;
        if (!any) fprintf(out, "%s =\n", key);
        any = true;
        fprintf(out, "|%s %d\n", data->items[kind].id, carried[kind]);
    }
}

static void write_field(FILE *out, const Explorer *e, const Field *f, const GameData *data)
{
    const char *at = (const char *)e + f->offset;
    switch (f->as) {
    case AS_STACK: {
        Stack stack = *(const Stack *)at;
        if (stack.count > 0) fprintf(out, "%s = %s %d\n", f->key, data->items[stack.kind].id, stack.count);
        break;
    }
    case AS_CARRIED: write_carried(out, f->key, (const int16_t *)at, data); break;
    case AS_YES_NO:
        if (*(const bool *)at) fprintf(out, "%s = yes\n", f->key);
        break;
    case AS_NUMBER:
        if (*(const int *)at != 0) fprintf(out, "%s = %d\n", f->key, *(const int *)at);
        break;
    case AS_POINT: {
        Point p = *(const Point *)at;
        if (p.x != 0 || p.y != 0) fprintf(out, "%s = %d %d\n", f->key, p.x, p.y);
        break;
    }
    case AS_KIND:
        fprintf(out, "%s = %s\n", f->key, KINDS[*(const ExploreKind *)at]);
        break;
    case AS_MARKS:
    case AS_COUNTS: write_cells(out, f->key, (const uint8_t *)at, f->as == AS_COUNTS); break;
    }
}

void explore_write(const Explorer *e, const Run *run, FILE *out)
{
    fprintf(out, "[explorer]\n");
    /* marks for another floor are forgotten at the next start */
    if (!e->marked || e->depth != run_level(run)->depth || e->arrivals != run_arrivals(run)) return;
    fprintf(out, "marked = yes\n");
    for (size_t i = 0; i < sizeof FIELDS / sizeof FIELDS[0]; ++i) write_field(out, e, &FIELDS[i], run_data(run));
}

/* ---- Reading ----------------------------------------------------------- */

static void read_cells(Fields *fields, const char *key, uint8_t *cells, bool counts)
{
    if (!fld_has(fields, key)) return;
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
            bool good = counts ? letter != NULL : *text == '.' || *text == 'x';
            if (!good) {
                fld_report(fields, line, counts ? "a row of '%s' is letters from 0 to z"
                                                : "a row of '%s' is . and x", key);
                return;
            }
            cells[cell_index(x, y)] = (uint8_t)(counts ? letter - COUNT_LETTERS : *text == 'x');
        }
    }
}

static void read_kind(Fields *fields, const char *key, ExploreKind *out)
{
    const char *name = fld_text(fields, key);
    for (int i = 0; i < (int)(sizeof KINDS / sizeof KINDS[0]); ++i) {
        if (strcmp(name, KINDS[i]) == 0) {
            *out = (ExploreKind)i;
            return;
        }
    }
    if (name[0] != '\0') {
        char quoted[REC_QUOTE_SIZE];
        fld_report(fields, fld_line(fields, key), "'%s' can't be '%s'", key, rec_quote(name, quoted));
    }
}

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

static void read_carried(Fields *fields, const char *key, int16_t *carried, const GameData *data)
{
    int rows;
    const char *text = fld_rows(fields, key, &rows);
    if (text == NULL) return;
    for (int i = 0; i < rows; ++i) {
        size_t length = strcspn(text, "\n");
        char row[96];
        snprintf(row, sizeof row, "%.*s", (int)(length < sizeof row ? length : sizeof row - 1), text);
        Stack stack;
        if (!read_kind_count(fields, fld_line(fields, key) + 1 + i, key, row, INT16_MAX, data, &stack)) return;
        carried[stack.kind] = (int16_t)stack.count;
        text += length + (text[length] == '\n');
    }
}

static void read_field(Fields *fields, Explorer *e, const Field *f, const GameData *data)
{
    char *at = (char *)e + f->offset;
    if (f->as == AS_CARRIED) {
        if (fld_has(fields, f->key)) read_carried(fields, f->key, (int16_t *)at, data);
        return;
    }
    if (f->as == AS_STACK) {
        /* fld_text says what's wrong with a value it gives as "" */
        const char *text = fld_has(fields, f->key) ? fld_text(fields, f->key) : "";
        if (text[0] != '\0') read_kind_count(fields, fld_line(fields, f->key), f->key, text, 1000000, data, (Stack *)at);
        return;
    }
    if (f->as == AS_MARKS || f->as == AS_COUNTS) {
        read_cells(fields, f->key, (uint8_t *)at, f->as == AS_COUNTS);
        return;
    }
    if (f->as == AS_KIND) {
        read_kind(fields, f->key, (ExploreKind *)at);
        return;
    }
    if (!fld_has(fields, f->key)) return;
    int xy[2];
    switch (f->as) {
    case AS_YES_NO: *(bool *)at = fld_yes_no(fields, f->key); break;
    case AS_NUMBER: *(int *)at = fld_number(fields, f->key, 0); break;
    case AS_POINT:
        if (fld_numbers_in(fields, f->key, 2, 0, MAP_W - 1, xy)) {
            if (xy[1] >= MAP_H) fld_report(fields, fld_line(fields, f->key), "'%s' is off the map", f->key);
            else *(Point *)at = (Point){xy[0], xy[1]};
        }
        break;
    default: break;
    }
}

void explore_read(Explorer *e, const Run *run, Fields *fields)
{
    memset(e, 0, sizeof *e);
    if (!fld_yes_no(fields, "marked")) return;
    e->marked = true;
    e->depth = run_level(run)->depth;
    e->arrivals = run_arrivals(run);
    for (size_t i = 0; i < sizeof FIELDS / sizeof FIELDS[0]; ++i) read_field(fields, e, &FIELDS[i], run_data(run));
}
