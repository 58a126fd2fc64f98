/* The schema engine (schema.h) on a record of its own, with no game in
 * it: written as its table says, each field only when its presence says
 * so; read back the same; a field read only from files of a version that
 * has it (one missing from an older file is its none, one from a newer
 * field in an older file a mistake); the head's version told apart
 * (later, damaged); and the fingerprint moved by every field written. */
#include <stdint.h>

#include "check.h"
#include "geom.h"
#include "schema.h"

typedef struct Toy {
    int count;
    bool shiny;
    uint64_t key;
    int colour;        /* by COLOURS */
    bool has_spot;
    Point spot;
    char name[16];
    int size;          /* only when shiny */
} Toy;

static const char *const COLOURS[] = {"red", "green", "blue"};

static bool shiny(const void *view) { return ((const Toy *)view)->shiny; }

#define FIELD(key_, since_, type_, member_) .key = key_, .since = since_, .type = &type_, .at = offsetof(Toy, member_)

static const SchemaField FIELDS[] = {
    {FIELD("count", 1, SCHEMA_INT, count), .least = 1, .most = 9},
    {FIELD("shiny", 1, SCHEMA_YES, shiny), .presence = SCHEMA_UNLESS},
    {FIELD("key", 2, SCHEMA_HEX, key), .presence = SCHEMA_UNLESS},
    {FIELD("colour", 1, SCHEMA_NAMES, colour), .names = COLOURS, .name_count = 3, .listed = true},
    {FIELD("spot", 1, SCHEMA_CELL, spot), .presence = SCHEMA_FLAGGED, .flag = offsetof(Toy, has_spot)},
    {FIELD("name", 1, SCHEMA_CHARS, name), .size = 16, .presence = SCHEMA_UNLESS, .comment = "what it's called"},
    {FIELD("size", 1, SCHEMA_INT, size), .when = shiny},
};

static const SchemaRecord TOY = {.type = "toy", .since = 1, .fields = FIELDS, .field_count = SCHEMA_COUNT(FIELDS)};

typedef struct Head { int version; } Head;
static const SchemaField HEAD_FIELDS[] = {
    {.key = "version", .since = 1, .type = &SCHEMA_INT, .at = offsetof(Head, version), .least = 1},
};
static const SchemaRecord HEAD = {.type = "toys", .since = 1, .fields = HEAD_FIELDS, .field_count = 1};
static const SchemaRecord *const RECORDS[] = {&HEAD, &TOY};
static const Schema SCHEMA = {"toys.txt", 2, 1, RECORDS, 2};

static char *written(const Toy *toy)
{
    SchemaOut out = {0};
    schema_put(&out, &TOY, toy, NULL);
    return schema_out_take(&out, NULL);
}

/* Reads text's [toy] of a file of this version: the mistakes' count */
static int read_toy(const char *text, int version, Toy *out, Errors *errors)
{
    RecFile file;
    rec_parse(&file, text, strlen(text), "toys.txt", errors);
    memset(out, 0, sizeof *out);
    Fields fields;
    fld_init(&fields, &file.records[0], "toys.txt", errors);
    schema_get(&fields, &TOY, version, out, NULL);
    fld_finish(&fields);
    rec_free(&file);
    return errors->count;
}

static uint64_t fingerprint(const Toy *toy)
{
    SchemaHash hash = {1};
    schema_mix_record(&hash, 7, &TOY, toy);
    return hash.h;
}

static void round_trip(void)
{
    Toy toy = {.count = 3, .shiny = true, .key = 0xabcdef, .colour = 2, .has_spot = true, .spot = {5, 6},
               .name = "Rex", .size = 4};
    char *text = written(&toy);
    CHECK_STR(text, "[toy]\ncount = 3\nshiny = yes\nkey = 0000000000abcdef\ncolour = blue\nspot = 5 6\n"
                    "# what it's called\nname = Rex\nsize = 4\n");
    Toy back;
    Errors errors = {0};
    CHECK_INT(read_toy(text, 2, &back, &errors), 0);
    CHECK(back.count == 3 && back.shiny && back.key == 0xabcdef && back.colour == 2 && back.has_spot &&
          back.spot.x == 5 && back.spot.y == 6 && strcmp(back.name, "Rex") == 0 && back.size == 4);
    CHECK(fingerprint(&back) == fingerprint(&toy));
    free(text);
    /* left out at their none: no shine (and so no size), no key, no spot, no name */
    Toy plain = {.count = 1, .colour = 0};
    text = written(&plain);
    CHECK_STR(text, "[toy]\ncount = 1\ncolour = red\n");
    CHECK(fingerprint(&plain) != fingerprint(&toy));
    free(text);
    /* every field written moves the fingerprint */
    Toy changed[7] = {toy, toy, toy, toy, toy, toy, toy};
    ++changed[0].count;
    changed[1].shiny = false;
    ++changed[2].key;
    changed[3].colour = 1;
    ++changed[4].spot.y;
    changed[5].name[0] = 'T';
    ++changed[6].size;
    for (int i = 0; i < 7; ++i) CHECK(fingerprint(&changed[i]) != fingerprint(&toy));
}

static void versions_and_mistakes(void)
{
    Toy toy;
    Errors errors = {0};
    /* a version 1 file has no key: one given is a mistake, one missing none */
    CHECK_INT(read_toy("[toy]\ncount = 2\ncolour = red\nkey = 00000000000000ff\n", 1, &toy, &errors), 1);
    CHECK_STR(errors.lines[0], "toys.txt:4: unknown key 'key'");
    errors_clear(&errors);
    CHECK_INT(read_toy("[toy]\ncount = 2\ncolour = red\n", 1, &toy, &errors), 0);
    CHECK(toy.key == 0 && !toy.has_spot && !toy.shiny);
    CHECK_INT(read_toy("[toy]\ncount = 12\ncolour = pink\nsize = 3\nspot = 70 1\n", 2, &toy, &errors), 4);
    CHECK_STR(errors.lines[0], "toys.txt:2: 'count' should be at most 9");
    CHECK_STR(errors.lines[1], "toys.txt:3: 'colour' should be red, green or blue");
    CHECK_STR(errors.lines[2], "toys.txt:5: 'spot' is off the map");
    CHECK_STR(errors.lines[3], "toys.txt:4: unknown key 'size'");   /* not shiny: no size */
    errors_clear(&errors);
}

static SchemaVersionRead version_of(const char *text, int *version, Errors *errors)
{
    RecFile file;
    rec_parse(&file, text, strlen(text), "toys.txt", errors);
    SchemaVersionRead read = schema_read_version(&SCHEMA, &file, "the toys start with [toys]", errors, version);
    rec_free(&file);
    return read;
}

static void heads(void)
{
    int version = 0;
    Errors errors = {0};
    CHECK_INT(version_of("[toys]\nversion = 1\n", &version, &errors), SCHEMA_VERSION_OK);
    CHECK_INT(version, 1);
    CHECK_INT(version_of("[toys]\nversion = 3\nwhatever = 1\n", &version, &errors), SCHEMA_VERSION_LATER);
    CHECK_INT(version_of("[toys]\nversion = 99999999999999\n", &version, &errors), SCHEMA_VERSION_LATER);
    CHECK_INT(errors.count, 2);
    CHECK_STR(errors.lines[0], "toys.txt: it's version 3, and this game reads versions up to 2");
    errors_clear(&errors);
    CHECK_INT(version_of("[toys]\nversion = 0\n", &version, &errors), SCHEMA_VERSION_BAD);
    CHECK_INT(version_of("[toy]\ncount = 1\n", &version, &errors), SCHEMA_VERSION_BAD);
    CHECK_INT(errors.count, 2);
    CHECK_STR(errors.lines[1], "toys.txt: the toys start with [toys]");
    errors_clear(&errors);
    CHECK_INT(schema_record_of(&SCHEMA, "toy", 1), 1);
    CHECK_INT(schema_record_of(&SCHEMA, "doll", 2), -1);
    CHECK_INT(schema_field_total(&SCHEMA), 8);
    SchemaFieldName name = schema_field_name(&SCHEMA, 3);
    CHECK_STR(name.record, "toy");
    CHECK_STR(name.field->key, "key");
}

int main(void)
{
    round_trip();
    versions_and_mistakes();
    heads();
    return check_done("test_schema");
}
