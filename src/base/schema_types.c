/* The kinds of value every layer's records have (schema.h): each kept in
 * its view as its comment there says, written, read with its checks, and
 * hashed. */
#include <stdio.h>
#include <string.h>

#include "color.h"
#include "geom.h"
#include "rng.h"
#include "schema.h"

static const void *value_at(const SchemaField *field, const void *view)
{
    return (const char *)view + field->at;
}

static void *place_at(const SchemaField *field, void *view)
{
    return (char *)view + field->at;
}

static int int_of(const SchemaField *field, const void *view)
{
    int value;
    memcpy(&value, value_at(field, view), sizeof value);
    return value;
}

static void put_int_in(const SchemaField *field, void *view, int value)
{
    memcpy(place_at(field, view), &value, sizeof value);
}

/* ---- Numbers ---------------------------------------------------------------- */

static void put_int(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    schema_out_int(out, int_of(field, view));
}

static void get_int(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    int most = field->most != 0 ? field->most : REC_NUMBER_MAX;
    put_int_in(field, view, fld_number_in(fields, field->key, field->least, most));
}

const SchemaType SCHEMA_INT = {.put = put_int, .get = get_int};

static uint64_t u64_of(const SchemaField *field, const void *view)
{
    uint64_t value;
    memcpy(&value, value_at(field, view), sizeof value);
    return value;
}

static void put_u64(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    schema_out_u64(out, u64_of(field, view));
}

static void get_u64(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    uint64_t value = fld_u64(fields, field->key);
    memcpy(place_at(field, view), &value, sizeof value);
}

static void mix_u64(SchemaHash *hash, const SchemaField *field, const void *view)
{
    schema_mix(hash, u64_of(field, view));
}

static bool u64_none(const SchemaField *field, const void *view)
{
    return u64_of(field, view) == (uint64_t)(int64_t)field->none;
}

static void set_u64_none(const SchemaField *field, void *view)
{
    uint64_t none = (uint64_t)(int64_t)field->none;
    memcpy(place_at(field, view), &none, sizeof none);
}

const SchemaType SCHEMA_U64 = {.put = put_u64, .get = get_u64, .mix = mix_u64, .is_none = u64_none,
                               .set_none = set_u64_none};

static void put_hex(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    schema_out_hex(out, u64_of(field, view));
}

/* 16 lowercase hex digits */
static void get_hex(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    const char *text = fld_text(fields, field->key);
    uint64_t value = 0;
    bool good = strlen(text) == 16 && strspn(text, "0123456789abcdef") == 16;
    for (int i = 0; good && i < 16; ++i) {
        value = value << 4 | (uint64_t)(text[i] <= '9' ? text[i] - '0' : text[i] - 'a' + 10);
    }
    if (!good && text[0] != '\0') {
        fld_report(fields, fld_line(fields, field->key), "'%s' should be 16 hex digits", field->key);
    }
    if (!good) value = 0;
    memcpy(place_at(field, view), &value, sizeof value);
}

const SchemaType SCHEMA_HEX = {.put = put_hex, .get = get_hex, .mix = mix_u64, .is_none = u64_none,
                               .set_none = set_u64_none};

/* ---- Yes or no --------------------------------------------------------------- */

static bool bool_of(const SchemaField *field, const void *view)
{
    bool value;
    memcpy(&value, value_at(field, view), sizeof value);
    return value;
}

static void put_yes(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    schema_out_text(out, bool_of(field, view) ? "yes" : "no");
}

static void get_yes(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    *(bool *)place_at(field, view) = fld_yes_no(fields, field->key);
}

static void mix_yes(SchemaHash *hash, const SchemaField *field, const void *view)
{
    schema_mix(hash, bool_of(field, view));
}

static bool yes_none(const SchemaField *field, const void *view)
{
    return bool_of(field, view) == (field->none != 0);
}

static void set_yes_none(const SchemaField *field, void *view)
{
    *(bool *)place_at(field, view) = field->none != 0;
}

const SchemaType SCHEMA_YES = {.put = put_yes, .get = get_yes, .mix = mix_yes, .is_none = yes_none,
                               .set_none = set_yes_none};

/* ---- Dice ------------------------------------------------------------------ */

static void put_dice(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    char text[RNG_TEXT_SIZE];
    rng_to_text(value_at(field, view), text);
    schema_out_text(out, text);
}

static void get_dice(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    const char *dice = fld_text(fields, field->key);
    if (dice[0] != '\0' && !rng_from_text(place_at(field, view), dice)) {
        fld_report(fields, fld_line(fields, field->key), "'%s' isn't the dice's state", field->key);
    }
}

static void mix_dice(SchemaHash *hash, const SchemaField *field, const void *view)
{
    const Rng *rng = value_at(field, view);
    for (int i = 0; i < 4; ++i) schema_mix(hash, rng->s[i]);
}

const SchemaType SCHEMA_DICE = {.put = put_dice, .get = get_dice, .mix = mix_dice};

/* ---- Points and colours ------------------------------------------------------ */

static Point point_of(const SchemaField *field, const void *view)
{
    Point p;
    memcpy(&p, value_at(field, view), sizeof p);
    return p;
}

static void put_point(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    Point p = point_of(field, view);
    schema_out_int(out, p.x);
    schema_out_bytes(out, " ", 1);
    schema_out_int(out, p.y);
}

static void get_point(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    int xy[2];
    fld_numbers(fields, field->key, 2, 0, xy);
    Point p = {xy[0], xy[1]};
    memcpy(place_at(field, view), &p, sizeof p);
}

static void mix_point(SchemaHash *hash, const SchemaField *field, const void *view)
{
    Point p = point_of(field, view);
    schema_mix(hash, (uint64_t)(uint32_t)p.x << 32 | (uint32_t)p.y);
}

static bool point_none(const SchemaField *field, const void *view)
{
    Point p = point_of(field, view);
    return p.x == 0 && p.y == 0;
}

static void set_point_none(const SchemaField *field, void *view)
{
    memset(place_at(field, view), 0, sizeof(Point));
}

const SchemaType SCHEMA_POINT = {.put = put_point, .get = get_point, .mix = mix_point, .is_none = point_none,
                                 .set_none = set_point_none};

static void get_cell(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    int mistakes = fields->mistakes;
    get_point(fields, field, view, context);
    Point p = point_of(field, view);
    if (fields->mistakes == mistakes && !in_bounds(p.x, p.y)) {
        fld_report(fields, fld_line(fields, field->key), "'%s' is off the map", field->key);
    }
}

const SchemaType SCHEMA_CELL = {.put = put_point, .get = get_cell, .mix = mix_point, .is_none = point_none,
                                .set_none = set_point_none};

static void put_color(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    const Color *c = value_at(field, view);
    schema_out_int(out, c->r);
    schema_out_bytes(out, " ", 1);
    schema_out_int(out, c->g);
    schema_out_bytes(out, " ", 1);
    schema_out_int(out, c->b);
}

static void get_color(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    Color color = fld_color(fields, field->key);
    memcpy(place_at(field, view), &color, sizeof color);
}

static void mix_color(SchemaHash *hash, const SchemaField *field, const void *view)
{
    const Color *c = value_at(field, view);
    schema_mix(hash, (uint64_t)c->r << 16 | (uint64_t)c->g << 8 | c->b);
}

const SchemaType SCHEMA_COLOR = {.put = put_color, .get = get_color, .mix = mix_color};

/* ---- Texts -------------------------------------------------------------------- */

static const char *text_of(const SchemaField *field, const void *view)
{
    const char *text;
    memcpy(&text, value_at(field, view), sizeof text);
    return text != NULL ? text : "";
}

static void put_text(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    schema_out_text(out, text_of(field, view));
}

static void get_text(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    const char *text = fld_text(fields, field->key);
    if (field->most > 0 && strlen(text) > (size_t)field->most) {
        fld_report(fields, fld_line(fields, field->key), "'%s' is longer than %d characters", field->key,
                   field->most);
        text = "";
    }
    memcpy(place_at(field, view), &text, sizeof text);
}

static void mix_text(SchemaHash *hash, const SchemaField *field, const void *view)
{
    const char *text = text_of(field, view);
    schema_mix_bytes(hash, text, strlen(text));
}

static bool text_none(const SchemaField *field, const void *view)
{
    return text_of(field, view)[0] == '\0';
}

static void set_text_none(const SchemaField *field, void *view)
{
    const char *none = "";
    memcpy(place_at(field, view), &none, sizeof none);
}

const SchemaType SCHEMA_TEXT = {.put = put_text, .get = get_text, .mix = mix_text, .is_none = text_none,
                                .set_none = set_text_none};

static void put_chars(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    schema_out_text(out, value_at(field, view));
}

static void get_chars(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    fld_text_into(fields, field->key, place_at(field, view), field->size);
}

static void mix_chars(SchemaHash *hash, const SchemaField *field, const void *view)
{
    const char *text = value_at(field, view);
    schema_mix_bytes(hash, text, strlen(text));
}

static bool chars_none(const SchemaField *field, const void *view)
{
    return *(const char *)value_at(field, view) == '\0';
}

static void set_chars_none(const SchemaField *field, void *view)
{
    *(char *)place_at(field, view) = '\0';
}

const SchemaType SCHEMA_CHARS = {.put = put_chars, .get = get_chars, .mix = mix_chars, .is_none = chars_none,
                                 .set_none = set_chars_none};

static void get_id(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    fld_id(fields, field->key, place_at(field, view));
}

const SchemaType SCHEMA_ID = {.put = put_chars, .get = get_id, .mix = mix_chars, .is_none = chars_none,
                              .set_none = set_chars_none};

/* ---- Letters, names and ids --------------------------------------------------- */

static void put_letter(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    char letter = (char)('a' + int_of(field, view));
    schema_out_bytes(out, &letter, 1);
}

static void get_letter(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    const char *letter = fld_text(fields, field->key);
    int n = letter[0] - 'a';
    if (letter[0] != '\0' && (letter[1] != '\0' || n < 0 || n > field->most)) {
        char quoted[REC_QUOTE_SIZE];
        fld_report(fields, fld_line(fields, field->key), "'%s' isn't a letter from a to %c",
                   rec_quote(letter, quoted), 'a' + field->most);
    }
    bool good = letter[0] != '\0' && letter[1] == '\0' && n >= 0 && n <= field->most;
    put_int_in(field, view, good ? n : -1);
}

const SchemaType SCHEMA_LETTER = {.put = put_letter, .get = get_letter};

static void put_name(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    int value = int_of(field, view);
    bool named = value >= 0 && value < field->name_count && field->names[value] != NULL;
    INVARIANT(named);
    schema_out_text(out, named ? field->names[value] : "?");
}

/* "'key' should be a, b or c": the names, as many as fit */
static void report_names(Fields *fields, const SchemaField *field)
{
    char list[160] = "";
    size_t used = 0;
    int named = 0, count = 0;
    for (int i = 0; i < field->name_count; ++i) count += field->names[i] != NULL;
    for (int i = 0; i < field->name_count && used < sizeof list; ++i) {
        if (field->names[i] == NULL) continue;
        const char *between = named == 0 ? "" : named == count - 1 ? " or " : ", ";
        int n = snprintf(list + used, sizeof list - used, "%s%s", between, field->names[i]);
        used += n > 0 ? (size_t)n : 0;
        ++named;
    }
    fld_report(fields, fld_line(fields, field->key), "'%s' should be %s", field->key, list);
}

static void get_name(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    const char *name = fld_text(fields, field->key);
    int value = -1;
    for (int i = 0; i < field->name_count && value < 0; ++i) {
        if (field->names[i] != NULL && strcmp(name, field->names[i]) == 0) value = i;
    }
    if (value < 0 && name[0] != '\0') {
        char quoted[REC_QUOTE_SIZE];
        if (field->listed) {
            report_names(fields, field);
        } else if (field->what != NULL) {
            fld_report(fields, fld_line(fields, field->key), "no %s is called '%s'", field->what,
                       rec_quote(name, quoted));
        } else {
            fld_report(fields, fld_line(fields, field->key), "'%s' can't be '%s'", field->key,
                       rec_quote(name, quoted));
        }
    }
    put_int_in(field, view, value);
}

const SchemaType SCHEMA_NAMES = {.put = put_name, .get = get_name};

static void put_lookup(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    const SchemaLookup *lookup = field->table;
    schema_out_text(out, lookup->name(context, int_of(field, view)));
}

static void get_lookup(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    const SchemaLookup *lookup = field->table;
    char id[ID_SIZE];
    const char *name = id;
    if (lookup->ids) fld_id(fields, field->key, id);
    else name = fld_text(fields, field->key);
    int index = name[0] != '\0' ? lookup->find(context, name) : -1;
    if (index < 0 && name[0] != '\0') {   /* "" was reported already */
        char quoted[REC_QUOTE_SIZE];
        fld_report(fields, fld_line(fields, field->key), "no %s is called '%s'", lookup->what,
                   rec_quote(name, quoted));
    }
    put_int_in(field, view, index < 0 ? lookup->unread : index);
}

const SchemaType SCHEMA_LOOKUP = {.put = put_lookup, .get = get_lookup};
