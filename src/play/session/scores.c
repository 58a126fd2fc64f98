#define _POSIX_C_SOURCE 200809L   /* gmtime_r */
/* The high scores: see scores.h. The table on disk is only ever replaced
 * whole, and only by a table this game read as good (or by a new one,
 * once a damaged one is set aside), so nothing a damaged file says is
 * lost, and nothing in it is ever taken as a path. */
#include "scores.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "records.h"
#include "tune.h"

static const char SCORES_FILE[] = "scores.txt";

/* A table of 100 is about 20 KB; anything past this isn't one */
enum { SCORES_LIMIT = 1024 * 1024 };

/* ---- Scores ------------------------------------------------------------ */

void scores_format_date(long long now, char out[SCORES_DATE_SIZE])
{
    out[0] = '\0';
    if (now < 0) return;
    time_t when = (time_t)now;
    struct tm tm;
    if (gmtime_r(&when, &tm) == NULL || tm.tm_year + 1900 > 9999) return;
    /* unsigned, and each cut to its digits, so the text always fits */
    unsigned year = (unsigned)(tm.tm_year + 1900) % 10000u, month = (unsigned)(tm.tm_mon + 1) % 100u;
    snprintf(out, SCORES_DATE_SIZE, "%04u-%02u-%02u %02u:%02u", year, month,
             (unsigned)tm.tm_mday % 100u, (unsigned)tm.tm_hour % 100u, (unsigned)tm.tm_min % 100u);
}

void scores_from_run(const Run *run, long long now, Score *out)
{
    memset(out, 0, sizeof *out);
    const Player *p = run_player(run);
    snprintf(out->class_name, sizeof out->class_name, "%s", run_class_name(run));
    out->won = run_mode(run) == MODE_WON;
    if (!out->won) snprintf(out->cause, sizeof out->cause, "%s", p->killed_by);
    out->floor = run_level(run)->depth;
    out->amulets = p->amulets;
    out->gold = p->gold;
    out->turns = run_turn(run);
    out->seed = run_seed(run);
    scores_format_date(now, out->date);
}

bool scores_better(const Score *a, const Score *b)
{
    if (a->won != b->won) return a->won;
    if (a->amulets != b->amulets) return a->amulets > b->amulets;
    if (a->floor != b->floor) return a->floor > b->floor;
    if (a->gold != b->gold) return a->gold > b->gold;
    return a->turns < b->turns;
}

int scores_insert(ScoreTable *table, const Score *score)
{
    int place = table->count;
    while (place > 0 && scores_better(score, &table->entries[place - 1])) --place;
    if (place >= SCORES_KEPT) return -1;
    int last = table->count < SCORES_KEPT ? table->count : SCORES_KEPT - 1;
    memmove(&table->entries[place + 1], &table->entries[place],
            (size_t)(last - place) * sizeof table->entries[0]);
    table->entries[place] = *score;
    if (table->count < SCORES_KEPT) ++table->count;
    return place;
}

/* ---- The table's records, and every field of them ------------------------ */

/* A run's outcome, won or not, by the field's two names (dead, won) */
static void put_outcome(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    schema_out_text(out, field->names[((const Score *)view)->won]);
}

static void get_outcome(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    const char *outcome = fld_text(fields, field->key);
    Score *s = view;
    s->won = strcmp(outcome, field->names[true]) == 0;
    if (!s->won && strcmp(outcome, field->names[false]) != 0 && outcome[0] != '\0') {
        fld_report(fields, fld_line(fields, field->key), "'%s' should be %s or %s", field->key, field->names[false],
                   field->names[true]);
    }
}

static void mix_outcome(SchemaHash *hash, const SchemaField *field, const void *view)
{
    (void)field;
    schema_mix(hash, ((const Score *)view)->won);
}

static const SchemaType OUTCOME = {.put = put_outcome, .get = get_outcome, .mix = mix_outcome};

/* "2026-12-01 11:00", or left out if not known */
static void put_date(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)field;
    (void)context;
    schema_out_text(out, ((const Score *)view)->date);
}

static bool no_date(const SchemaField *field, const void *view)
{
    (void)field;
    return ((const Score *)view)->date[0] == '\0';
}

static void set_no_date(const SchemaField *field, void *view)
{
    (void)field;
    ((Score *)view)->date[0] = '\0';
}

static void get_date(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    char *out = ((Score *)view)->date;
    const char *text = fld_text(fields, field->key);
    static const char PATTERN[] = "dddd-dd-dd dd:dd";
    bool good = strlen(text) == sizeof PATTERN - 1;
    for (size_t i = 0; good && i < sizeof PATTERN - 1; ++i) {
        good = PATTERN[i] == 'd' ? text[i] >= '0' && text[i] <= '9' : text[i] == PATTERN[i];
    }
    if (good) memcpy(out, text, SCORES_DATE_SIZE);
    else fld_report(fields, fld_line(fields, field->key), "'%s' should be YEAR-MM-DD HH:MM", field->key);
}

static const SchemaType DATE = {.put = put_date, .get = get_date, .is_none = no_date, .set_none = set_no_date};

static bool dead(const void *view) { return !((const Score *)view)->won; }

static const char *const OUTCOMES[] = {[false] = "dead", [true] = "won"};

#define FIELD(key_, since_, type_, member_) .key = key_, .since = since_, .type = &type_, .at = offsetof(Score, member_)
#define ROOM(member_) .size = sizeof(((Score *)NULL)->member_)

static const SchemaField ENTRY_FIELDS[] = {
    {FIELD("class", SCORES_V1_FIRST, SCHEMA_CHARS, class_name), ROOM(class_name)},
    {FIELD("outcome", SCORES_V1_FIRST, OUTCOME, won), .names = OUTCOMES, .name_count = SCHEMA_COUNT(OUTCOMES)},
    {FIELD("cause", SCORES_V1_FIRST, SCHEMA_CHARS, cause), ROOM(cause), .presence = SCHEMA_UNLESS, .when = dead},
    {FIELD("floor", SCORES_V1_FIRST, SCHEMA_INT, floor), .least = 1, .most = LAST_FLOOR},
    {FIELD("amulets", SCORES_V1_FIRST, SCHEMA_INT, amulets), .most = AMULETS},
    {FIELD("gold", SCORES_V1_FIRST, SCHEMA_INT, gold)},
    {FIELD("turns", SCORES_V1_FIRST, SCHEMA_INT, turns)},
    {FIELD("seed", SCORES_V1_FIRST, SCHEMA_U64, seed)},
    {FIELD("date", SCORES_V1_FIRST, DATE, date), .presence = SCHEMA_UNLESS},
    {FIELD("run", SCORES_V2_MARKED, SCHEMA_HEX, key), .presence = SCHEMA_UNLESS},
};

const SchemaRecord SCORES_ENTRY = {.type = "score", .since = SCORES_V1_FIRST, .fields = ENTRY_FIELDS,
                                   .field_count = SCHEMA_COUNT(ENTRY_FIELDS)};

typedef struct ScoresHead { int version; } ScoresHead;

static const SchemaField HEAD_FIELDS[] = {
    {.key = "version", .since = SCORES_V1_FIRST, .type = &SCHEMA_INT, .at = offsetof(ScoresHead, version),
     .least = SCORES_OLDEST_VERSION},
};

static const SchemaRecord HEAD = {.type = "scores", .since = SCORES_V1_FIRST, .fields = HEAD_FIELDS,
                                  .field_count = SCHEMA_COUNT(HEAD_FIELDS)};

static const SchemaRecord *const RECORDS[] = {&HEAD, &SCORES_ENTRY};
static const Schema SCHEMA = {SCORES_FILE, SCORES_VERSION, SCORES_OLDEST_VERSION, RECORDS,
                              SCHEMA_COUNT(RECORDS)};

const Schema *scores_schema(void) { return &SCHEMA; }

/* ---- Writing ------------------------------------------------------------- */

char *scores_text(const ScoreTable *table, size_t *length)
{
    SchemaOut out = {0};
    schema_out_text(&out, "# The high scores of Amulets of SDL, best first\n");
    ScoresHead head = {SCORES_VERSION};
    schema_put(&out, &HEAD, &head, NULL);
    for (int i = 0; i < table->count; ++i) {
        schema_out_bytes(&out, "\n", 1);
        schema_put(&out, &SCORES_ENTRY, &table->entries[i], NULL);
    }
    return schema_out_take(&out, length);
}

/* ---- Reading ------------------------------------------------------------- */

void scores_read_entry(Fields *fields, int version, Score *s)
{
    memset(s, 0, sizeof *s);
    uint64_t bad = schema_get(fields, &SCORES_ENTRY, version, s, NULL);
    /* a key is never 0: 0 is none, left out */
    if (fld_has(fields, "run") && s->key == 0 && (bad & schema_bit(&SCORES_ENTRY, "run")) == 0) {
        fld_report(fields, fld_line(fields, "run"), "'run' should be 16 hex digits");
    }
}

/* [scores] and its version first: a later game's table isn't damage */
static ScoresRead read_version(const RecFile *file, Errors *errors, int *version)
{
    switch (schema_read_version(&SCHEMA, file, "the high scores start with [scores]", errors, version)) {
    case SCHEMA_VERSION_OK: return SCORES_READ_OK;
    case SCHEMA_VERSION_LATER: return SCORES_READ_OTHER_VERSION;
    case SCHEMA_VERSION_BAD: break;
    }
    return SCORES_READ_DAMAGED;
}

static void read_scores(const RecFile *file, int version, ScoreTable *out, Errors *errors)
{
    for (int i = 1; i < file->count; ++i) {
        const Record *record = &file->records[i];
        Fields fields;
        fld_init(&fields, record, SCORES_FILE, errors);
        if (strcmp(record->type, "score") != 0) {
            char quoted[REC_QUOTE_SIZE];
            fld_report(&fields, record->line, "unknown record [%s]", rec_quote(record->type, quoted));
            continue;
        }
        if (out->count == SCORES_KEPT) {
            fld_report(&fields, record->line, "the high scores hold at most %d runs", SCORES_KEPT);
            return;
        }
        Score *score = &out->entries[out->count++];
        scores_read_entry(&fields, version, score);
        if (out->count > 1 && scores_better(score, score - 1)) {
            fld_report(&fields, record->line, "this run is better than the one before it");
        }
        fld_finish(&fields);
    }
}

ScoresRead scores_parse(const char *text, size_t length, ScoreTable *out, Errors *errors)
{
    memset(out, 0, sizeof *out);
    int start = errors->count;
    RecFile file;
    Errors line_errors = {0};
    rec_parse(&file, text, length, SCORES_FILE, &line_errors);
    int version = SCORES_VERSION;
    ScoresRead result = read_version(&file, errors, &version);
    if (result != SCORES_READ_OTHER_VERSION) {
        errors_append(errors, &line_errors);
        read_scores(&file, version, out, errors);
    }
    errors_clear(&line_errors);
    rec_free(&file);
    if (result == SCORES_READ_OK && errors->count > start) result = SCORES_READ_DAMAGED;
    if (result != SCORES_READ_OK) memset(out, 0, sizeof *out);
    return result;
}

/* ---- The folder's table --------------------------------------------------- */

/* The player's words for a table that wasn't good, and its first reason */
static void explain(ScoresLoad *load, const Errors *reasons)
{
    const char *what = load->result == SCORES_READ_OTHER_VERSION
                           ? "The high scores are from another version of the game, and are left as they are"
                       : load->result == SCORES_READ_UNREADABLE
                           ? "The high scores couldn't be read, and are left as they are"
                       : load->set_aside ? "The high scores were damaged, so they've been set aside as scores.bad"
                                         : "The high scores are damaged, and couldn't be set aside";
    const char *why = reasons->count > 0 ? reasons->lines[0] : "";
    snprintf(load->message, sizeof load->message, "%s%s%s%s", what, why[0] ? " (" : ".", why,
             why[0] ? ")." : "");
}

/* The table must end with the mark that says it's whole (store.h): one
 * cut just after a record would read as a good, shorter table, and the
 * runs cut off would be lost at the next write. A later version's table
 * is that version's to judge. Version 1 tables were written before the
 * marks (and for a while after, with them): one without head and mark is
 * read as it always was. From version 2, which came with this rule, one
 * without them had its first and last lines taken off. */
static ScoresRead parse_whole(char *text, size_t length, ScoreTable *out, Errors *reasons)
{
    char why[SLOT_ERROR_SIZE];
    size_t whole = length;
    StoreMarked marked = store_unmark(text, &whole, why, sizeof why);
    if (marked == STORE_MARK_NONE) {
        int version = store_version_of(text, length, "scores");
        if (version == SCORES_V1_FIRST) return scores_parse(text, whole, out, reasons);
        snprintf(why, sizeof why, "%s", STORE_MARK_GONE);
    } else if (marked == STORE_MARK_OK) {
        return scores_parse(text, whole, out, reasons);
    }
    Errors ignored = {0};
    ScoresRead result = scores_parse(text, length, out, &ignored);
    if (result == SCORES_READ_OTHER_VERSION) {
        errors_append(reasons, &ignored);
    } else {
        memset(out, 0, sizeof *out);
        errors_add(reasons, "%s: %s", SCORES_FILE, why);
        result = SCORES_READ_DAMAGED;
    }
    errors_clear(&ignored);
    return result;
}

void scores_load(const Slot *slot, ScoreTable *out, ScoresLoad *load)
{
    memset(load, 0, sizeof *load);
    memset(out, 0, sizeof *out);
    char error[SLOT_ERROR_SIZE], *text;
    size_t length;
    Errors reasons = {0};
    Store store = slot_store(slot);
    FileRead read = store.ops->read(store.self, SCORES_FILE, SCORES_LIMIT, &text, &length, error,
                                    sizeof error);
    if (read == FILE_READ_MISSING) {
        load->result = SCORES_READ_NONE;
        return;
    }
    if (read == FILE_READ_OK) {
        load->result = parse_whole(text, length, out, &reasons);
        free(text);
    } else {
        load->result = read == FILE_READ_TOO_BIG ? SCORES_READ_DAMAGED : SCORES_READ_UNREADABLE;
        errors_add(&reasons, "%s: %s", SCORES_FILE,
                   read == FILE_READ_TOO_BIG ? "it's far too big to be the high scores" : error);
    }
    if (load->result == SCORES_READ_DAMAGED) {
        /* as a damaged save is set aside: none is ever written over */
        load->set_aside = store_set_aside(store, SCORES_FILE, "scores", SLOT_BAD_KEPT, NULL);
    }
    if (load->result != SCORES_READ_OK) explain(load, &reasons);
    errors_clear(&reasons);
}

static bool has_key(const ScoreTable *table, uint64_t key)
{
    for (int i = 0; key != 0 && i < table->count; ++i) {
        if (table->entries[i].key == key) return true;
    }
    return false;
}

/* scores_enter_entry with room for the table */
static ScoresEnter enter_table(const Slot *slot, const Score *score, ScoreTable *table,
                               char *message, size_t message_size)
{
    ScoresLoad load;
    scores_load(slot, table, &load);
    bool usable = load.result == SCORES_READ_OK || load.result == SCORES_READ_NONE ||
                  (load.result == SCORES_READ_DAMAGED && load.set_aside);
    if (!usable) {
        snprintf(message, message_size, "%s This run isn't on them.", load.message);
        return SCORES_NOT_WRITTEN;
    }
    if (has_key(table, score->key)) {
        snprintf(message, message_size, "%s", load.message);
        return SCORES_ALREADY;
    }
    int place = scores_insert(table, score);
    if (place < 0) {
        snprintf(message, message_size, "%s", load.message);
        return SCORES_NOT_GOOD_ENOUGH;
    }
    char error[SLOT_ERROR_SIZE] = "there's not enough memory to write them";
    size_t length;
    char *text = scores_text(table, &length);
    Store store = slot_store(slot);
    bool written = text != NULL && store_write_marked(store, SCORES_FILE, text, length, error, sizeof error);
    free(text);
    const char *gap = load.message[0] != '\0' ? "\n" : "";   /* a line each */
    if (!written) {
        snprintf(message, message_size, "%s%sThe high scores couldn't be written: %s.", load.message,
                 gap, error);
        return SCORES_NOT_WRITTEN;
    }
    snprintf(message, message_size, "%s%sThe run is number %d of the high scores.", load.message,
             gap, place + 1);
    return SCORES_ENTERED;
}

ScoresEnter scores_enter_entry(const Slot *slot, const Score *score, char *message, size_t message_size)
{
    message[0] = '\0';
    ScoreTable *table = malloc(sizeof *table);
    if (table == NULL) {
        snprintf(message, message_size, "There's not enough memory to read the high scores.");
        return SCORES_NOT_WRITTEN;
    }
    ScoresEnter result = enter_table(slot, score, table, message, message_size);
    free(table);
    return result;
}

ScoresEnter scores_enter(const Slot *slot, const Run *run, long long now, char *message,
                         size_t message_size)
{
    message[0] = '\0';
    if (run_debugged(run)) {
        snprintf(message, message_size, "This run used the debugging views, so it isn't on the high scores.");
        return SCORES_DEBUGGED;
    }
    Score score;
    scores_from_run(run, now, &score);
    return scores_enter_entry(slot, &score, message, message_size);
}

/* ---- The screen ------------------------------------------------------------ */

void scores_show(ScoresScreen *screen, const Slot *slot)
{
    memset(screen, 0, sizeof *screen);
    screen->up = true;
    if (slot == NULL) return;
    ScoresLoad load;
    scores_load(slot, &screen->table, &load);
    snprintf(screen->message, sizeof screen->message, "%s", load.message);
}
