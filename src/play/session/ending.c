/* A run's ending, recorded exactly once: see ending.h */
#include "ending.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "journal.h"
#include "records.h"
#include "recorder.h"
#include "text.h"

/* A recording of a long run is a few hundred KB; this is far past one */
enum { ENDED_LIMIT = 64 * 1024 * 1024 };

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void say(EndingTell tell, void *context, const char *format, ...)
{
    char line[SLOT_ERROR_SIZE * 2];
    va_list args;
    va_start(args, format);
    vsnprintf(line, sizeof line, format, args);
    va_end(args);
    tell(context, line);
}

/* ---- ended.txt's records, and every field of them --------------------------- */

static bool name_in(const char *name, const char *folder)
{
    size_t n = strlen(folder);
    return store_name_ok(name) && strncmp(name, folder, n) == 0 && name[n] == '/' && name[n + 1] != '\0';
}

/* A file's name in the store, in the folder the field's what names */
static void get_name(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    char *name = (char *)view + field->at;
    fld_text_into(fields, field->key, name, STORE_NAME_SIZE);
    if (name[0] != '\0' && !name_in(name, field->what)) {
        fld_report(fields, fld_line(fields, field->key), "'%s' should be a file in %s/", field->key, field->what);
    }
}

static void put_name(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    schema_out_text(out, (const char *)view + field->at);
}

static bool no_name(const SchemaField *field, const void *view)
{
    return *((const char *)view + field->at) == '\0';
}

static void set_no_name(const SchemaField *field, void *view) { *((char *)view + field->at) = '\0'; }

static const SchemaType STORE_NAME = {.put = put_name, .get = get_name, .is_none = no_name,
                                      .set_none = set_no_name};

/* A file's whole text, a line a row between bars: a char * at field->at
 * and its length, the size_t at the offset field->table holds */
static size_t *length_of(const SchemaField *field, void *view)
{
    return (size_t *)(void *)((char *)view + *(const size_t *)field->table);
}

static void put_text(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)context;
    const char *text;
    size_t length;
    memcpy(&text, (const char *)view + field->at, sizeof text);
    memcpy(&length, (const char *)view + *(const size_t *)field->table, sizeof length);
    schema_out_barred(out, text, length);
}

static void get_text(Fields *fields, const SchemaField *field, void *view, const void *context)
{
    (void)context;
    int rows, bad_row;
    const char *barred = fld_rows(fields, field->key, &rows);
    if (barred == NULL) return;   /* reported already */
    char *text = text_unbar(barred, length_of(field, view), &bad_row);
    memcpy((char *)view + field->at, &text, sizeof text);
    int line = fld_line(fields, field->key);
    if (text == NULL && bad_row < 0) fld_report(fields, line, "there isn't enough memory to read it");
    else if (text == NULL) fld_report(fields, line + 1 + bad_row, "a row of '%s' should be between two bars", field->key);
}

static bool no_text(const SchemaField *field, const void *view)
{
    const char *text;
    memcpy(&text, (const char *)view + field->at, sizeof text);
    return text == NULL;
}

static void set_no_text(const SchemaField *field, void *view)
{
    char *none = NULL;
    memcpy((char *)view + field->at, &none, sizeof none);
    *length_of(field, view) = 0;
}

static const SchemaType BARRED = {.rows = true, .put = put_text, .get = get_text, .is_none = no_text,
                                  .set_none = set_no_text};

static const size_t RECORDING_LENGTH = offsetof(Ending, recording_length);
static const size_t MORGUE_LENGTH = offsetof(Ending, morgue_length);

#define FIELD(key_, type_, member_) .key = key_, .since = ENDING_V1_FIRST, .type = &type_, .at = offsetof(Ending, member_)

static const SchemaField FIELDS[] = {
    {FIELD("version", SCHEMA_INT, version), .least = ENDING_V1_FIRST, .most = ENDING_VERSION},
    {FIELD("run", SCHEMA_HEX, key)},
    {FIELD("turn", SCHEMA_INT, turn)},
    {FIELD("floor", SCHEMA_INT, floor), .least = 1},
    {FIELD("how", SCHEMA_CHARS, how), .size = ENDING_HOW_SIZE},
    {FIELD("recording", STORE_NAME, recording_name), .presence = SCHEMA_UNLESS, .what = SLOT_RUNS},
    {FIELD("morgue", STORE_NAME, morgue_name), .presence = SCHEMA_UNLESS, .what = SLOT_MORGUE},
    {FIELD("recording_text", BARRED, recording), .presence = SCHEMA_UNLESS, .table = &RECORDING_LENGTH},
    {FIELD("morgue_text", BARRED, morgue), .presence = SCHEMA_UNLESS, .table = &MORGUE_LENGTH},
};

static const SchemaRecord ENDED = {.type = "ended", .since = ENDING_V1_FIRST, .fields = FIELDS,
                                   .field_count = SCHEMA_COUNT(FIELDS)};
static const SchemaRecord *const RECORDS[] = {&ENDED, &SCORES_ENTRY};
static const Schema SCHEMA = {SLOT_ENDED, ENDING_VERSION, ENDING_V1_FIRST, RECORDS, SCHEMA_COUNT(RECORDS)};

const Schema *ending_schema(void) { return &SCHEMA; }

/* ended.txt's first version came with the high scores' second: its
 * [score] is read as one of those */
enum { ENDING_SCORES_VERSION = SCORES_V2_MARKED };

/* ---- Writing ended.txt ---------------------------------------------------- */

char *ending_text(const Ending *ending, size_t *length)
{
    SchemaOut out = {0};
    schema_out_text(&out, "# The end of a run, kept until its records are written\n");
    Ending *view = malloc(sizeof *view);
    if (view == NULL) return NULL;
    *view = *ending;
    view->version = ENDING_VERSION;
    schema_put(&out, &ENDED, view, NULL);
    free(view);
    if (ending->scored) {
        schema_out_bytes(&out, "\n", 1);
        schema_put(&out, &SCORES_ENTRY, &ending->score, NULL);
    }
    return schema_out_take(&out, length);
}

bool ending_mark(const Slot *slot, const Ending *ending, char *error, size_t error_size)
{
    size_t length;
    char *text = ending_text(ending, &length);
    if (text == NULL) {
        snprintf(error, error_size, "there's not enough memory to write it");
        return false;
    }
    bool written = store_write_marked(slot_store(slot), SLOT_ENDED, text, length, error, error_size);
    free(text);
    return written;
}

/* ---- Finishing ------------------------------------------------------------ */

static bool keep_file(const Slot *slot, const char *name, const char *text, size_t length, bool marked,
                      const char *what, EndingTell tell, void *context, char *path, size_t path_size)
{
    char error[SLOT_ERROR_SIZE];
    Store store = slot_store(slot);
    bool written = marked ? store_write_marked(store, name, text, length, error, sizeof error)
                          : store.ops->write(store.self, name, text, length, error, sizeof error);
    if (written) snprintf(path, path_size, "%s/%s", slot->dir, name);
    else say(tell, context, "The run's %s: %s.", what, error);
    return written;
}

/* Each line of the high scores' message told on its own */
static bool keep_score(const Slot *slot, const Ending *ending, EndingTell tell, void *context)
{
    char message[SCORES_MESSAGE_SIZE];
    ScoresEnter entered = scores_enter_entry(slot, &ending->score, message, sizeof message);
    for (const char *told = message; *told != '\0';) {
        size_t length = strcspn(told, "\n");
        say(tell, context, "%.*s", (int)length, told);
        told += length + (told[length] == '\n');
    }
    return entered != SCORES_NOT_WRITTEN;
}

/* The save goes; one that can't is marked over in place, so it can never
 * be continued from its last checkpoint */
static bool end_save(const Slot *slot, const Ending *ending, EndingTell tell, void *context)
{
    Store store = slot_store(slot);
    int failed = store.ops->remove(store.self, SLOT_SAVE);
    if (failed == 0 || failed == ENOENT) return true;
    char reason[SLOT_ERROR_SIZE], over[120];
    file_explain(reason, sizeof reason, "the save couldn't be deleted", failed);
    snprintf(over, sizeof over, "it ended on turn %d, on floor %d", ending->turn, ending->floor);
    bool marked = slot_mark_over(slot, over);
    say(tell, context, "The run is over, but %s%s.", reason,
        marked ? "; it's marked over, and can't be continued" : ", nor marked over");
    return marked;
}

/* A text not named when the run ended is named now, and ended.txt says
 * so before the file is written, so a second finish writes the same one */
static bool name_late(const Slot *slot, Ending *ending, char *name, const char *folder, bool marked,
                      EndingTell tell, void *context)
{
    if (name[0] != '\0') return true;
    char error[SLOT_ERROR_SIZE] = "";
    int64_t next = store_next_number(slot_store(slot), folder);
    bool named = next > 0 && snprintf(name, STORE_NAME_SIZE, "%s/%06" PRId64 "-seed-%llu-floor-%d-%s.txt",
                                      folder, next, (unsigned long long)ending->score.seed, ending->floor,
                                      ending->score.won ? "won" : "dead") < STORE_NAME_SIZE;
    if (!named) snprintf(error, sizeof error, "%s/ can't be read, or has no number left for it", folder);
    if (named && marked && !ending_mark(slot, ending, error, sizeof error)) named = false;
    if (!named) {
        name[0] = '\0';
        say(tell, context, "The run's %s: %s.",
            strcmp(folder, SLOT_RUNS) == 0 ? "recording couldn't be kept" : "record couldn't be written", error);
    }
    return named;
}

void ending_finish(const Slot *slot, Ending *ending, EndingKept kept, EndingTell tell, void *context,
                   EndingDone *done)
{
    bool marked = kept == ENDING_MARKED;
    memset(done, 0, sizeof *done);
    bool records = true;
    if (ending->recording != NULL) {
        bool done_file = name_late(slot, ending, ending->recording_name, SLOT_RUNS, marked, tell, context) &&
                         keep_file(slot, ending->recording_name, ending->recording, ending->recording_length,
                                   true, "recording couldn't be kept", tell, context, done->recording_path,
                                   sizeof done->recording_path);
        if (done_file) recorder_prune(slot);
        records = records && done_file;
    }
    if (ending->morgue != NULL) {
        bool done_file = name_late(slot, ending, ending->morgue_name, SLOT_MORGUE, marked, tell, context) &&
                         keep_file(slot, ending->morgue_name, ending->morgue, ending->morgue_length, false,
                                   "record couldn't be written", tell, context, done->morgue_path,
                                   sizeof done->morgue_path);
        records = records && done_file;
    }
    if (ending->scored) records = keep_score(slot, ending, tell, context) && records;
    else say(tell, context, "This run used the debugging views, so it isn't on the high scores.");
    done->records = records;
    if (kept == ENDING_IN_JOURNAL && !records) {
        say(tell, context, "Its save is kept, so the game can record its end when it next starts; "
                           "a new run now would write over it.");
        return;
    }
    done->save_gone = end_save(slot, ending, tell, context);
    Store store = slot_store(slot);
    store.ops->remove(store.self, SLOT_REPLAY);
    journal_remove(slot);
    if (!marked) return;   /* there's no ended.txt to keep trying from */
    if (!records || !done->save_gone) {
        say(tell, context, "The game will try again to record this run's end when it next starts.");
        return;
    }
    int failed = store.ops->remove(store.self, SLOT_ENDED);
    done->finished = failed == 0 || failed == ENOENT;
}

/* ---- Reading ended.txt --------------------------------------------------- */

static void read_ended(const RecFile *file, Ending *out, Errors *errors)
{
    Fields fields;
    fld_init(&fields, &file->records[0], SLOT_ENDED, errors);
    schema_get(&fields, &ENDED, ENDING_VERSION, out, NULL);
    /* a file named has its text */
    if (out->recording_name[0] != '\0' && !fld_has(&fields, "recording_text")) {
        fld_report(&fields, fld_line(&fields, "recording"), "'recording' has no 'recording_text'");
    }
    if (out->morgue_name[0] != '\0' && !fld_has(&fields, "morgue_text")) {
        fld_report(&fields, fld_line(&fields, "morgue"), "'morgue' has no 'morgue_text'");
    }
    fld_finish(&fields);
    if (file->count < 2) return;
    fld_init(&fields, &file->records[1], SLOT_ENDED, errors);
    if (strcmp(file->records[1].type, SCORES_ENTRY.type) != 0 || file->count > 2) {
        fld_report(&fields, file->records[1].line, "only a [score] may follow [ended]");
    }
    scores_read_entry(&fields, ENDING_SCORES_VERSION, &out->score);
    out->scored = true;
    fld_finish(&fields);
}

EndingFound ending_parse(const char *text, size_t length, Ending *out, Errors *errors)
{
    memset(out, 0, sizeof *out);
    int before = errors->count;
    RecFile file;
    rec_parse(&file, text, length, SLOT_ENDED, errors);
    if (file.count == 0 || strcmp(file.records[0].type, ENDED.type) != 0) {
        errors_add(errors, "%s: it should begin with [ended]", SLOT_ENDED);
    } else {
        read_ended(&file, out, errors);
    }
    rec_free(&file);
    if (errors->count == before) return ENDING_FOUND;
    ending_free(out);
    return ENDING_DAMAGED;
}

EndingFound ending_read(const Slot *slot, Ending *out, Errors *errors)
{
    memset(out, 0, sizeof *out);
    char *text, error[SLOT_ERROR_SIZE];
    size_t length;
    Store store = slot_store(slot);
    FileRead read = store.ops->read(store.self, SLOT_ENDED, ENDED_LIMIT, &text, &length, error, sizeof error);
    if (read == FILE_READ_MISSING) return ENDING_NONE;
    if (read != FILE_READ_OK) {
        errors_add(errors, "%s: %s", SLOT_ENDED, read == FILE_READ_TOO_BIG ? "it's far too big" : error);
        return read == FILE_READ_TOO_BIG ? ENDING_DAMAGED : ENDING_UNREADABLE;
    }
    EndingFound found = ENDING_DAMAGED;
    if (store_unmark(text, &length, error, sizeof error) != STORE_MARK_OK) {
        errors_add(errors, "%s: %s", SLOT_ENDED, error);
    } else {
        found = ending_parse(text, length, out, errors);
    }
    free(text);
    return found;
}

bool ending_left(const Slot *slot)
{
    Store store = slot_store(slot);
    return store.ops->exists(store.self, SLOT_ENDED);
}

void ending_free(Ending *ending)
{
    free(ending->recording);
    free(ending->morgue);
    ending->recording = ending->morgue = NULL;
}

EndingFound ending_finish_left(const Slot *slot, EndingTell tell, void *context, bool *finished)
{
    *finished = true;
    Ending ending;
    Errors errors = {0};
    EndingFound found = ending_read(slot, &ending, &errors);
    if (found == ENDING_FOUND) {
        say(tell, context, "The last run ended (%s, on floor %d), but the game stopped before its end "
                           "was recorded. It is recorded now.", ending.how, ending.floor);
        EndingDone done;
        ending_finish(slot, &ending, ENDING_MARKED, tell, context, &done);
        *finished = done.finished;
        ending_free(&ending);
    } else if (found == ENDING_DAMAGED) {
        /* its records can't be made from it; the save it guards is still
         * a run that ended, so it goes, and the damaged file is kept */
        bool aside = store_set_aside(slot_store(slot), SLOT_ENDED, "ended", SLOT_BAD_KEPT, NULL);
        say(tell, context, "The last run's end couldn't be recorded: %s%s", errors.count > 0 ? errors.lines[0] : "",
            aside ? " (it's set aside as ended.bad)." : ".");
        Ending blank = {.how = "its end unrecorded"};
        *finished = aside && end_save(slot, &blank, tell, context);
        Store store = slot_store(slot);
        store.ops->remove(store.self, SLOT_REPLAY);
        journal_remove(slot);
    } else if (found == ENDING_UNREADABLE) {
        /* it may be fine: left as it is, and the save isn't continued */
        say(tell, context, "The last run's end is waiting to be recorded, but %s",
            errors.count > 0 ? errors.lines[0] : "it can't be read.");
        *finished = false;
    }
    errors_clear(&errors);
    return found;
}
