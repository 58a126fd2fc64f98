/* A recording's text: see replay.h. Decisions the header leaves open:
 *
 * - The whole text is read by rec_parse first, so the bytes a record file
 *   may not hold (NULs, control characters, broken UTF-8) are refused the
 *   way every data file's are, with their line.
 * - A start save's row is its line between two bars ("||[save]|" holds
 *   "[save]"), since a row's trailing spaces are trimmed and the save's
 *   blank lines would otherwise be empty rows that read as nothing.
 * - "commands =" always has at least one row, maybe empty, since a value
 *   of rows needs one; a row holds at most ROW_TOKENS tokens, so a mistake's
 *   line points near it.
 * - A recording is refused at its first mistakes, all reported; nothing of
 *   a damaged recording is ever played.
 * - Format 1 named the rules version "game"; format 2 calls it "rules",
 *   the same number (REP_GAME_VERSION when it was made), so a format 1
 *   recording reads as made under the version it says. Every recording
 *   is written in this format, whichever it was read from. */
#include "replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file.h"
#include "hash.h"
#include "records.h"
#include "store.h"
#include "text.h"
#include "tune.h"

enum { ROW_TOKENS = 20, DIGEST_DIGITS = 16 };

/* Each command kind in a recording: its letter, and whether its argument
 * is always written (a direction, a slot), or only when it isn't 0
 * (test_replay writes and reads back every kind) */
typedef struct KindToken { char letter; bool has_arg; } KindToken;
static const KindToken KIND_TOKENS[CMD_COUNT] = {
    [CMD_MOVE] = {'m', true},       [CMD_WAIT] = {'w', false},   [CMD_PICK_UP] = {'g', false},
    [CMD_SEARCH] = {'s', false},    [CMD_DESCEND] = {'>', false}, [CMD_USE] = {'u', true},
    [CMD_DROP] = {'d', true},       [CMD_THROW] = {'t', true},   [CMD_FIRE] = {'f', false},
    [CMD_QUIVER] = {'Q', true},     [CMD_CLOSE_DOOR] = {'C', true}, [CMD_DEBUG] = {'D', false},
};

/* ---- The data's digest ------------------------------------------------ */

typedef struct Hash { uint64_t value; } Hash;

static void hash_into(Hash *h, const void *bytes, size_t length)
{
    h->value = hash_bytes(h->value, bytes, length);
}

/* Numbers as 4 bytes, low first, so the digest is the same everywhere */
static void hash_int(Hash *h, long long value)
{
    unsigned char bytes[4];
    for (int i = 0; i < 4; ++i) bytes[i] = (unsigned char)((unsigned long long)value >> (8 * i));
    hash_into(h, bytes, sizeof bytes);
}

/* Text with its length first, so "ab" "c" and "a" "bc" differ */
static void hash_text(Hash *h, const char *text)
{
    size_t length = strlen(text);
    hash_int(h, (long long)length);
    hash_into(h, text, length);
}

static void hash_color(Hash *h, Color color)
{
    hash_int(h, color.r);
    hash_int(h, color.g);
    hash_int(h, color.b);
    hash_int(h, color.a);
}

/* A definition's numbers, each as hash_int takes it */
static void hash_ints(Hash *h, const int *numbers, size_t count)
{
    for (size_t i = 0; i < count; ++i) hash_int(h, numbers[i]);
}

/* A monster's description isn't hashed: it is shown only while looking,
 * never in the run, its log or its save, so a recording plays the same
 * whatever it says (and rewording one refuses no recording) */
static void hash_monster(Hash *h, const MonsterDef *m)
{
    hash_text(h, m->id);
    hash_text(h, m->name);
    hash_int(h, m->glyph);
    hash_color(h, m->color);
    hash_text(h, m->tile);
    const int numbers[] = {m->min_floor, m->max_floor, m->sight, m->hp, m->damage_min,
                           m->damage_max, m->defense, (int)m->traits, m->venom, m->pack,
                           m->ranged_min, m->ranged_max, m->range, m->breath};
    hash_ints(h, numbers, sizeof numbers / sizeof numbers[0]);
}

static void hash_item(Hash *h, const ItemDef *item)
{
    hash_text(h, item->id);
    hash_text(h, item->name);
    hash_text(h, item->tile);
    const int numbers[] = {item->item_class, item->effect, item->frequency, item->damage_min,
                           item->damage_max, item->defense, item->noisy, item->range,
                           item->to_hit, item->breaks, item->launcher, item->bundle_min,
                           item->bundle_max};
    hash_ints(h, numbers, sizeof numbers / sizeof numbers[0]);
}

static void hash_vault(Hash *h, const VaultDef *v)
{
    hash_text(h, v->id);
    const int numbers[] = {v->min_floor, v->max_floor, v->amulet, v->guardian, v->w, v->h};
    hash_ints(h, numbers, sizeof numbers / sizeof numbers[0]);
    for (int y = 0; y < v->h && y < VAULT_MAX_H; ++y) hash_text(h, v->rows[y]);
}

static void hash_class(Hash *h, const ClassDef *c)
{
    hash_text(h, c->id);
    hash_text(h, c->name);
    hash_text(h, c->description);
    hash_int(h, c->hp);
    hash_int(h, c->strength);
    hash_int(h, c->kit_count);
    for (int i = 0; i < c->kit_count; ++i) {
        hash_int(h, c->kit[i].kind);
        hash_int(h, c->kit[i].count);
    }
    hash_int(h, c->known_count);
    for (int i = 0; i < c->known_count; ++i) hash_int(h, c->known[i]);
}

/* Every field of every kind that play reads (a monster's description is
 * only words, above): a field added to data.h must be added here, or two
 * data sets differing only in it would look the same. The sizes
 * below stop the build when a kind grows, as a reminder (change them
 * once the new field is hashed). */
_Static_assert(sizeof(MonsterDef) == 288, "hash MonsterDef's new field in rep_data_digest");
_Static_assert(sizeof(ItemDef) == 180, "hash ItemDef's new field in rep_data_digest");
_Static_assert(sizeof(VaultDef) == 200, "hash VaultDef's new field in rep_data_digest");
_Static_assert(sizeof(ClassDef) == 1792, "hash ClassDef's new field in rep_data_digest");
uint64_t rep_data_digest(const GameData *data)
{
    Hash h = {HASH_START};
    hash_int(&h, data->monster_count);
    for (int i = 0; i < data->monster_count; ++i) hash_monster(&h, &data->monsters[i]);
    hash_int(&h, data->item_count);
    for (int i = 0; i < data->item_count; ++i) hash_item(&h, &data->items[i]);
    hash_int(&h, data->vault_count);
    for (int i = 0; i < data->vault_count; ++i) hash_vault(&h, &data->vaults[i]);
    hash_int(&h, data->class_count);
    for (int i = 0; i < data->class_count; ++i) hash_class(&h, &data->classes[i]);
    return h.value;
}

/* ---- Making one ------------------------------------------------------- */

void rep_init(Replay *replay, uint64_t seed, int floor, uint64_t data_digest,
              const char *class_id, const char *start, size_t start_length)
{
    *replay = (Replay){.format = REP_FORMAT, .rules = REP_GAME_VERSION, .seed = seed,
                       .floor = floor, .data_digest = data_digest, .ended = MODE_PLAYING};
    if (class_id != NULL) snprintf(replay->class_id, sizeof replay->class_id, "%s", class_id);
    snprintf(replay->file, sizeof replay->file, "replay.txt");
    if (start != NULL) {
        replay->start = malloc(start_length + 1);
        if (replay->start != NULL) {
            memcpy(replay->start, start, start_length);
            replay->start[start_length] = '\0';
            replay->start_length = start_length;
        }
    }
}

/* Room for needed, doubling; false (the array as it was) if out of memory */
static bool grow(void *array_pointer, int *capacity, int needed, size_t size)
{
    if (needed <= *capacity) return true;
    int more = *capacity ? *capacity * 2 : 1024;
    while (more < needed) more *= 2;
    void **array = array_pointer;
    void *bigger = realloc(*array, (size_t)more * size);
    if (bigger == NULL) return false;
    *array = bigger;
    *capacity = more;
    return true;
}

static bool add_at_line(Replay *replay, Command command, int line)
{
    if (replay->count == replay->capacity) {
        /* both arrays have room for capacity; each is grown to the same */
        int commands = replay->capacity, lines = replay->capacity;
        bool grown = grow(&replay->commands, &commands, replay->count + 1, sizeof(Command)) &&
                     grow(&replay->lines, &lines, replay->count + 1, sizeof(int));
        if (!grown) return false;
        replay->capacity = commands;
    }
    replay->commands[replay->count] = command;
    replay->lines[replay->count++] = line;
    return true;
}

bool rep_add(Replay *replay, Command command)
{
    return add_at_line(replay, command, 0);
}

static bool add_check_at_line(Replay *replay, uint64_t digest, int line)
{
    if (!grow(&replay->checks, &replay->check_capacity, replay->check_count + 1,
              sizeof(RepCheck))) {
        return false;
    }
    replay->checks[replay->check_count++] = (RepCheck){replay->count, digest, line};
    return true;
}

bool rep_add_check(Replay *replay, uint64_t digest)
{
    return add_check_at_line(replay, digest, 0);
}

void rep_free(Replay *replay)
{
    free(replay->start);
    free(replay->commands);
    free(replay->lines);
    free(replay->checks);
    memset(replay, 0, sizeof *replay);
}

/* ---- Its text ------------------------------------------------------- */

void rep_command_token(Command command, char out[REP_TOKEN_SIZE])
{
    bool known = command.kind < CMD_COUNT;
    char letter = known ? KIND_TOKENS[command.kind].letter : '?';
    bool write_arg = command.arg != 0 || (known && KIND_TOKENS[command.kind].has_arg);
    int n = write_arg ? snprintf(out, REP_TOKEN_SIZE, "%c%d", letter, command.arg)
                      : snprintf(out, REP_TOKEN_SIZE, "%c", letter);
    if (cmd_aimed(command)) {
        Point cell = cmd_cell(command);
        n += snprintf(out + n, (size_t)(REP_TOKEN_SIZE - n), ":%d,%d", cell.x, cell.y);
    } else if (command.at != 0) {
        n += snprintf(out + n, (size_t)(REP_TOKEN_SIZE - n), ":?");
    }
    if (command.on != 0) n += snprintf(out + n, (size_t)(REP_TOKEN_SIZE - n), "/%d", command.on - 1);
    if (command.yes != 0) snprintf(out + n, (size_t)(REP_TOKEN_SIZE - n), "!");
}

/* A token, on a new row when the row is full */
static void put_token(SchemaOut *out, const char *token, int *in_row)
{
    if (*in_row == ROW_TOKENS) {
        schema_out_text(out, "\n|");
        *in_row = 0;
    }
    if ((*in_row)++ > 0) schema_out_bytes(out, " ", 1);
    schema_out_text(out, token);
}

/* The commands, checkpoints among them: rows of ROW_TOKENS tokens */
static void put_commands(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)field;
    (void)context;
    const Replay *replay = view;
    schema_out_bytes(out, "|", 1);
    int in_row = 0, check = 0;
    for (int i = 0; i <= replay->count; ++i) {
        char token[REP_TOKEN_SIZE];
        for (; check < replay->check_count && replay->checks[check].position == i; ++check) {
            snprintf(token, sizeof token, "@%016llx", (unsigned long long)replay->checks[check].digest);
            put_token(out, token, &in_row);
        }
        if (i == replay->count) break;
        rep_command_token(replay->commands[i], token);
        put_token(out, token, &in_row);
    }
    schema_out_bytes(out, "\n", 1);
}

/* ---- Reading one ------------------------------------------------------ */

static int kind_of_letter(char letter)
{
    for (int kind = 0; kind < CMD_COUNT; ++kind) {
        if (KIND_TOKENS[kind].letter == letter) return kind;
    }
    return -1;
}

static bool read_hex(const char *text, size_t length, uint64_t *out)
{
    if (length != DIGEST_DIGITS) return false;
    uint64_t value = 0;
    for (size_t i = 0; i < length; ++i) {
        char c = text[i];
        int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (digit < 0) return false;
        value = value << 4 | (uint64_t)digit;
    }
    *out = value;
    return true;
}

/* A whole number at the front of text (of length), from least to most:
 * its length, or 0 if there's none or it doesn't fit */
static size_t read_number(const char *text, size_t length, int least, int most, int *out)
{
    size_t n = text[0] == '-' ? 1 : 0;
    while (n < length && n < 7 && text[n] >= '0' && text[n] <= '9') ++n;
    int value;
    if (n == 0 || (n == 1 && text[0] == '-') || !rec_whole_number(text, n, &value) || value < least ||
        value > most) {
        return 0;
    }
    *out = value;
    return n;
}

/* A command's parts after its letter (replay.h): its argument (none for
 * 0), :X,Y, /N and !, each only once, in that order. False if anything
 * else is there */
static bool read_parts(const char *text, size_t length, Command *out)
{
    size_t at = 0, n;
    int value, y;
    if (at < length && text[at] != ':' && text[at] != '/' && text[at] != '!') {
        if ((n = read_number(text, length, INT16_MIN, INT16_MAX, &value)) == 0) return false;
        out->arg = (int16_t)value;
        at += n;
    }
    if (at < length && text[at] == ':') {
        ++at;
        if ((n = read_number(text + at, length - at, 0, MAP_W - 1, &value)) == 0) return false;
        at += n;
        if (at >= length || text[at++] != ',') return false;
        if ((n = read_number(text + at, length - at, 0, MAP_H - 1, &y)) == 0) return false;
        at += n;
        *out = cmd_at(*out, (Point){value, y});
    }
    if (at < length && text[at] == '/') {
        ++at;
        if ((n = read_number(text + at, length - at, 0, PACK_SLOTS - 1, &value)) == 0) return false;
        at += n;
        out->on = (uint8_t)(value + 1);
    }
    if (at < length && text[at] == '!') {
        ++at;
        out->yes = 1;
    }
    return at == length;
}

/* One token of a commands row */
static bool read_token(Replay *replay, Fields *fields, const char *token, size_t length, int line)
{
    char quoted[REC_QUOTE_SIZE], copy[REC_QUOTE_SIZE];
    size_t shown = length < sizeof copy - 1 ? length : sizeof copy - 1;
    snprintf(copy, sizeof copy, "%.*s", (int)shown, token);
    if (token[0] == '@') {
        uint64_t digest;
        if (!read_hex(token + 1, length - 1, &digest)) {
            fld_report(fields, line, "'%s' should be @ and 16 hex digits, a checkpoint",
                       rec_quote(copy, quoted));
            return false;
        }
        if (!add_check_at_line(replay, digest, line)) goto out_of_memory;
        return true;
    }
    int kind = kind_of_letter(token[0]);
    Command command = cmd_make(kind < 0 ? CMD_WAIT : (CommandKind)kind, 0);
    if (kind < 0 || !read_parts(token + 1, length - 1, &command)) {
        fld_report(fields, line, "'%s' isn't a command", rec_quote(copy, quoted));
        return false;
    }
    if (replay->count == REP_MAX_COMMANDS) {
        fld_report(fields, line, "there are more than %d commands", REP_MAX_COMMANDS);
        return false;
    }
    if (add_at_line(replay, command, line)) return true;
out_of_memory:
    fld_report(fields, line, "there isn't enough memory to read it");
    return false;
}

static void get_commands(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    Replay *replay = view;
    int rows;
    const char *text = fld_rows(fields, field->key, &rows);
    if (text == NULL) return;
    int line = fld_line(fields, field->key) + 1;
    for (const char *p = text; ; ) {
        while (*p == ' ' || *p == '\t') ++p;
        if (*p == '\0') return;
        if (*p == '\n') {
            ++line;
            ++p;
            continue;
        }
        size_t length = strcspn(p, " \t\n");
        if (!read_token(replay, fields, p, length, line)) return;
        p += length;
    }
}

static const SchemaType COMMANDS = {.rows = true, .put = put_commands, .get = get_commands};

/* The start save, a line a row between bars */
static void put_start(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)field;
    (void)context;
    const Replay *replay = view;
    schema_out_barred(out, replay->start, replay->start_length);
}

/* The start save's rows, each between bars, back into the save's text */
static void get_start(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    Replay *replay = view;
    int rows, bad_row;
    const char *text = fld_rows(fields, field->key, &rows);
    if (text == NULL) return;
    replay->start_line = fld_line(fields, field->key);
    replay->start = text_unbar(text, &replay->start_length, &bad_row);
    if (replay->start == NULL && bad_row < 0) {
        fld_report(fields, replay->start_line, "there isn't enough memory to read it");
    } else if (replay->start == NULL) {
        fld_report(fields, replay->start_line + 1 + bad_row, "a row of the start save should be between two bars");
    }
}

static bool no_start(const SchemaField *field, const void *view)
{
    (void)field;
    return ((const Replay *)view)->start == NULL;
}

static void set_no_start(const SchemaField *field, void *view)
{
    (void)field;
    Replay *replay = view;
    replay->start = NULL;
    replay->start_length = 0;
}

static const SchemaType START = {.rows = true, .put = put_start, .get = get_start, .is_none = no_start,
                                 .set_none = set_no_start};

static void put_seed(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)field;
    (void)context;
    schema_out_u64(out, ((const Replay *)view)->seed);
}

/* As SCHEMA_U64, saying how big a seed may be */
static void get_seed(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    const char *text = fld_text(fields, field->key);
    uint64_t value = 0;
    size_t i = 0;
    for (; text[i] >= '0' && text[i] <= '9' && i < 20; ++i) {
        uint64_t digit = (uint64_t)(text[i] - '0');
        if (value > (UINT64_MAX - digit) / 10) break;
        value = value * 10 + digit;
    }
    if (i == 0 || text[i] != '\0') {
        if (text[0] != '\0') {
            fld_report(fields, fld_line(fields, field->key), "'%s' should be a whole number from 0 to %llu",
                       field->key, (unsigned long long)UINT64_MAX);
        }
        return;
    }
    ((Replay *)view)->seed = value;
}

static const SchemaType SEED = {.put = put_seed, .get = get_seed};

/* ---- The header, and every field of it -------------------------------------- */

static const char *const ENDED[MODE_COUNT] = {[MODE_DEAD] = "dead", [MODE_WON] = "won"};
_Static_assert(sizeof(Mode) == sizeof(int), "the end is kept as an int");

#define FIELD_SINCE(since_, key_, type_, member_) .key = key_, .since = since_, .type = &type_, .at = offsetof(Replay, member_)
#define FIELD(key_, type_, member_) FIELD_SINCE(REP_FORMAT_FIRST, key_, type_, member_)

static const SchemaField FIELDS[] = {
    {FIELD("format", SCHEMA_INT, format)},
    {FIELD("game", SCHEMA_INT, rules), .until = REP_FORMAT_FIRST},
    {FIELD_SINCE(REP_FORMAT_RULES, "rules", SCHEMA_INT, rules)},   /* as game was, so each reads the other's */
    {FIELD("seed", SEED, seed)},
    {FIELD("floor", SCHEMA_INT, floor), .least = 1},
    {FIELD("data", SCHEMA_HEX, data_digest)},
    {FIELD("class", SCHEMA_ID, class_id), .presence = SCHEMA_UNLESS},
    {FIELD("debug", SCHEMA_YES, debug), .presence = SCHEMA_UNLESS},
    {FIELD("start", START, start), .presence = SCHEMA_UNLESS, .comment = "It begins mid-run, from this save:"},
    {FIELD("commands", COMMANDS, commands)},
    {FIELD("ended", SCHEMA_NAMES, ended), .presence = SCHEMA_UNLESS, .none = MODE_PLAYING, .names = ENDED,
     .name_count = MODE_COUNT, .listed = true},
};

_Static_assert(SCHEMA_COUNT(FIELDS) == REP_HEADER_FIELDS, "REP_HEADER_FIELDS counts replay.c's FIELDS");

static const SchemaRecord RECORD = {.type = "replay", .since = REP_FORMAT_FIRST, .fields = FIELDS,
                                    .field_count = SCHEMA_COUNT(FIELDS)};
static const SchemaRecord *const RECORDS[] = {&RECORD};
static const Schema SCHEMA = {"replay.txt", REP_FORMAT, REP_FORMAT_FIRST, RECORDS, SCHEMA_COUNT(RECORDS)};

const Schema *rep_schema(void) { return &SCHEMA; }

int rep_line(const Replay *replay, const char *key)
{
    for (int i = 0; i < REP_HEADER_FIELDS; ++i) {
        if (strcmp(FIELDS[i].key, key) == 0) return replay->header_lines[i];
    }
    return 0;
}

char *rep_text(const Replay *replay, size_t *length)
{
    SchemaOut out = {0};
    Replay now = *replay;   /* the fields are this format's, whatever it was read from */
    now.format = REP_FORMAT;
    schema_out_text(&out, "# A recording of a run of Amulets of SDL: amulets --replay FILE plays it\n");
    schema_put(&out, &RECORD, &now, NULL);
    return schema_out_take(&out, length);
}

/* The format first: another is refused before anything else is read */
static bool read_record(Replay *replay, const RecFile *file, const char *name, Errors *errors)
{
    if (file->count != 1 || strcmp(file->records[0].type, RECORD.type) != 0) {
        int line = file->count == 0 ? 1 : file->records[file->count > 1 ? 1 : 0].line;
        errors_add(errors, "%s:%d: a recording is one [replay] record", name, line);
        return false;
    }
    Fields fields;
    fld_init(&fields, &file->records[0], name, errors);
    replay->format = fld_number(&fields, "format", 0);
    if (fields.mistakes == 0 && (replay->format < REP_FORMAT_FIRST || replay->format > REP_FORMAT)) {
        fld_report(&fields, fld_line(&fields, "format"), "it's format %d, and this game reads "
                   "formats %d to %d", replay->format, REP_FORMAT_FIRST, REP_FORMAT);
    }
    if (fields.mistakes > 0) return false;
    if (replay->format < REP_FORMAT_CHOICES) {
        /* its commands are the dialogs' keys, which no rules since take */
        const char *key = fld_has(&fields, "rules") ? "rules" : "game";
        replay->rules = fld_number(&fields, key, 0);
        fld_report(&fields, fld_line(&fields, "format"), "it was played under version %d of the rules, whose "
                   "commands were the keys of the dialogs (format %d), and this game plays version %d's, "
                   "choices made whole (format %d)", replay->rules, replay->format, REP_GAME_VERSION, REP_FORMAT);
        return false;
    }
    schema_get(&fields, &RECORD, replay->format, replay, NULL);
    for (int i = 0; i < REP_HEADER_FIELDS; ++i) replay->header_lines[i] = fld_line(&fields, FIELDS[i].key);
    if (replay->floor > LAST_FLOOR) {
        fld_report(&fields, fld_line(&fields, "floor"), "'floor' should be 1 to %d", LAST_FLOOR);
    }
    if (replay->class_id[0] != '\0') replay->class_line = fld_line(&fields, "class");
    if (!fld_finish(&fields)) return false;
    return true;
}

bool rep_parse(Replay *out, const char *text, size_t length, const char *file, Errors *errors)
{
    memset(out, 0, sizeof *out);
    snprintf(out->file, sizeof out->file, "%s", file);
    RecFile records;
    int before = errors->count;
    bool good = rec_parse(&records, text, length, out->file, errors) &&
                read_record(out, &records, out->file, errors);
    rec_free(&records);
    if (!good || errors->count > before) {
        char name[REP_NAME_SIZE];
        memcpy(name, out->file, sizeof name);
        rep_free(out);
        memcpy(out->file, name, sizeof name);
        return false;
    }
    return true;
}

bool rep_is_older(const char *text, size_t length, int *rules)
{
    RecFile records;
    Errors errors = {0};
    bool older = false;
    if (rec_parse(&records, text, length, "replay.txt", &errors) && records.count == 1) {
        Fields fields;
        fld_init(&fields, &records.records[0], "replay.txt", &errors);
        int format = fld_has(&fields, "format") ? fld_number(&fields, "format", 0) : 0;
        const char *key = fld_has(&fields, "rules") ? "rules" : "game";
        int version = fld_has(&fields, key) ? fld_number(&fields, key, 0) : 0;
        older = fields.mistakes == 0 && format >= REP_FORMAT_FIRST && format < REP_FORMAT;
        if (older && rules != NULL) *rules = version;
    }
    rec_free(&records);
    errors_clear(&errors);
    return older;
}

FileRead rep_read_bytes(const char *path, size_t limit, char **text, size_t *length, char *error,
                        size_t error_size)
{
    FileRead read = file_read_all(file_system_ops(), path, limit, text, length, error, error_size);
    /* file_read_all speaks of a save; this is a recording */
    if (read == FILE_READ_NOT_A_FILE && strstr(error, "a folder") != NULL) {
        snprintf(error, error_size, "it's a folder, not a recording");
    } else if (read == FILE_READ_TOO_BIG) {
        snprintf(error, error_size, "it's far too big to be a recording");
    }
    return read;
}

bool rep_read_file(Replay *out, const char *path, Errors *errors)
{
    char *text, error[160];
    size_t length;
    FileRead read = rep_read_bytes(path, REP_FILE_LIMIT, &text, &length, error, sizeof error);
    if (read != FILE_READ_OK) {
        memset(out, 0, sizeof *out);
        snprintf(out->file, sizeof out->file, "%s", path);
        errors_add(errors, "%s: %s", path, error);
        return false;
    }
    /* the game's own end with the mark that says they're whole (store.h),
     * which must fit; one written by hand has none */
    size_t head = strlen(STORE_MARK_HEAD);
    bool headed = length >= head && memcmp(text, STORE_MARK_HEAD, head) == 0;
    if (store_has_mark(text, length)) {
        if (store_unmark(text, &length, error, sizeof error) != STORE_MARK_OK) {
            memset(out, 0, sizeof *out);
            snprintf(out->file, sizeof out->file, "%s", path);
            errors_add(errors, "%s: %s", path, error);
            free(text);
            return false;
        }
        /* the head, a comment, back where it was (its room is still
         * there), so that a mistake's line is the file's */
        if (headed) {
            memmove(text + head, text, length + 1);
            memcpy(text, STORE_MARK_HEAD, head);
            length += head;
        }
    }
    bool good = rep_parse(out, text, length, path, errors);
    free(text);
    return good;
}
