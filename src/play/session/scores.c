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
#include "text.h"
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

/* ---- Writing ------------------------------------------------------------- */

void scores_put_entry(FILE *out, const Score *s)
{
    fprintf(out, "class = %s\noutcome = %s\n", s->class_name, s->won ? "won" : "dead");
    if (!s->won && s->cause[0] != '\0') fprintf(out, "cause = %s\n", s->cause);
    fprintf(out, "floor = %d\namulets = %d\ngold = %d\nturns = %d\nseed = %llu\n", s->floor,
            s->amulets, s->gold, s->turns, (unsigned long long)s->seed);
    if (s->date[0] != '\0') fprintf(out, "date = %s\n", s->date);
    if (s->key != 0) fprintf(out, "run = %016llx\n", (unsigned long long)s->key);
}

char *scores_text(const ScoreTable *table, size_t *length)
{
    TextOut t;
    if (!text_open(&t)) return NULL;
    FILE *out = t.out;
    fprintf(out, "# The high scores of Amulets of SDL, best first\n[scores]\nversion = %d\n",
            SCORES_VERSION);
    for (int i = 0; i < table->count; ++i) {
        fputs("\n[score]\n", out);
        scores_put_entry(out, &table->entries[i]);
    }
    return text_close(&t, length);
}

/* ---- Reading ------------------------------------------------------------- */


/* "2026-12-01 11:00" */
static void read_date(Fields *fields, char out[SCORES_DATE_SIZE])
{
    out[0] = '\0';
    if (!fld_has(fields, "date")) return;
    const char *text = fld_text(fields, "date");
    static const char PATTERN[] = "dddd-dd-dd dd:dd";
    bool good = strlen(text) == sizeof PATTERN - 1;
    for (size_t i = 0; good && i < sizeof PATTERN - 1; ++i) {
        good = PATTERN[i] == 'd' ? text[i] >= '0' && text[i] <= '9' : text[i] == PATTERN[i];
    }
    if (good) memcpy(out, text, SCORES_DATE_SIZE);
    else fld_report(fields, fld_line(fields, "date"), "'date' should be YEAR-MM-DD HH:MM");
}

/* 16 hex digits, not all 0 */
static uint64_t read_key(Fields *fields)
{
    if (!fld_has(fields, "run")) return 0;
    const char *text = fld_text(fields, "run");
    uint64_t key = 0;
    bool good = strlen(text) == 16 && strspn(text, "0123456789abcdef") == 16;
    for (int i = 0; good && i < 16; ++i) key = key << 4 | (uint64_t)(text[i] <= '9' ? text[i] - '0' : text[i] - 'a' + 10);
    if (!good || key == 0) fld_report(fields, fld_line(fields, "run"), "'run' should be 16 hex digits");
    return good ? key : 0;
}

void scores_read_entry(Fields *fields, Score *s)
{
    memset(s, 0, sizeof *s);
    fld_text_into(fields, "class", s->class_name, sizeof s->class_name);
    const char *outcome = fld_text(fields, "outcome");
    s->won = strcmp(outcome, "won") == 0;
    if (!s->won && strcmp(outcome, "dead") != 0 && outcome[0] != '\0') {
        fld_report(fields, fld_line(fields, "outcome"), "'outcome' should be dead or won");
    }
    if (!s->won && fld_has(fields, "cause")) fld_text_into(fields, "cause", s->cause, sizeof s->cause);
    s->floor = fld_number_in(fields, "floor", 1, LAST_FLOOR);
    s->amulets = fld_number_in(fields, "amulets", 0, AMULETS);
    s->gold = fld_number(fields, "gold", 0);
    s->turns = fld_number(fields, "turns", 0);
    s->seed = fld_u64(fields, "seed");
    read_date(fields, s->date);
    s->key = read_key(fields);
}

/* [scores] and its version first: a later game's table isn't damage */
static ScoresRead read_version(const RecFile *file, Errors *errors)
{
    if (file->count == 0 || strcmp(file->records[0].type, "scores") != 0) {
        errors_add(errors, "%s: the high scores start with [scores]", SCORES_FILE);
        return SCORES_READ_DAMAGED;
    }
    Fields fields;
    fld_init(&fields, &file->records[0], SCORES_FILE, errors);
    const char *text = fld_has(&fields, "version") ? fld_text(&fields, "version") : "";
    int version = 0;
    bool digits = text[0] != '\0' && text[strspn(text, "0123456789")] == '\0';
    bool later = digits && (!rec_whole_number(text, strlen(text), &version) || version > SCORES_VERSION);
    if (later) {
        errors_add(errors, "%s: it's version %s, and this game reads versions up to %d", SCORES_FILE, text,
                   SCORES_VERSION);
        fld_finish(&fields);
        return SCORES_READ_OTHER_VERSION;
    }
    fld_number_in(&fields, "version", SCORES_OLDEST_VERSION, SCORES_VERSION);
    return fld_finish(&fields) ? SCORES_READ_OK : SCORES_READ_DAMAGED;
}

static void read_scores(const RecFile *file, ScoreTable *out, Errors *errors)
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
        scores_read_entry(&fields, score);
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
    ScoresRead result = read_version(&file, errors);
    if (result != SCORES_READ_OTHER_VERSION) {
        errors_append(errors, &line_errors);
        read_scores(&file, out, errors);
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
