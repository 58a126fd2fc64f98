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

/* ---- Writing ended.txt ---------------------------------------------------- */

static char *ended_text(const Ending *ending, size_t *length)
{
    TextOut t;
    if (!text_open(&t)) return NULL;
    FILE *out = t.out;
    fprintf(out, "# The end of a run, kept until its records are written\n[ended]\nversion = %d\n",
            ENDING_VERSION);
    fprintf(out, "run = %016" PRIx64 "\nturn = %d\nfloor = %d\nhow = %s\n", ending->key, ending->turn,
            ending->floor, ending->how);
    if (ending->recording_name[0] != '\0') fprintf(out, "recording = %s\n", ending->recording_name);
    if (ending->morgue_name[0] != '\0') fprintf(out, "morgue = %s\n", ending->morgue_name);
    if (ending->recording != NULL) {
        text_put_barred(out, "recording_text", ending->recording, ending->recording_length);
    }
    if (ending->morgue != NULL) text_put_barred(out, "morgue_text", ending->morgue, ending->morgue_length);
    if (ending->scored) {
        fputs("\n[score]\n", out);
        scores_put_entry(out, &ending->score);
    }
    return text_close(&t, length);
}

bool ending_mark(const Slot *slot, const Ending *ending, char *error, size_t error_size)
{
    size_t length;
    char *text = ended_text(ending, &length);
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

static bool name_in(const char *name, const char *folder)
{
    size_t n = strlen(folder);
    return store_name_ok(name) && strncmp(name, folder, n) == 0 && name[n] == '/' && name[n + 1] != '\0';
}

/* A file's text, and its name if it has one yet */
static void read_file_of(Fields *fields, const char *key, const char *text_key, const char *folder,
                         char *name, char **text, size_t *length)
{
    name[0] = '\0';
    if (fld_has(fields, key)) {
        fld_text_into(fields, key, name, STORE_NAME_SIZE);
        if (!name_in(name, folder)) {
            fld_report(fields, fld_line(fields, key), "'%s' should be a file in %s/", key, folder);
        }
    }
    if (!fld_has(fields, text_key)) {
        if (name[0] != '\0') fld_report(fields, fld_line(fields, key), "'%s' has no '%s'", key, text_key);
        return;
    }
    int rows, bad_row;
    const char *barred = fld_rows(fields, text_key, &rows);
    *text = barred != NULL ? text_unbar(barred, length, &bad_row) : NULL;
    if (*text == NULL) fld_report(fields, fld_line(fields, text_key), "'%s' should be rows between bars", text_key);
}

static void read_ended(const RecFile *file, Ending *out, Errors *errors)
{
    Fields fields;
    fld_init(&fields, &file->records[0], SLOT_ENDED, errors);
    fld_number_in(&fields, "version", ENDING_VERSION, ENDING_VERSION);
    const char *key = fld_text(&fields, "run");
    if (strlen(key) != 16 || strspn(key, "0123456789abcdef") != 16) {
        fld_report(&fields, fld_line(&fields, "run"), "'run' should be 16 hex digits");
    } else {
        out->key = strtoull(key, NULL, 16);
    }
    out->turn = fld_number(&fields, "turn", 0);
    out->floor = fld_number(&fields, "floor", 1);
    fld_text_into(&fields, "how", out->how, sizeof out->how);
    read_file_of(&fields, "recording", "recording_text", SLOT_RUNS, out->recording_name, &out->recording,
                 &out->recording_length);
    read_file_of(&fields, "morgue", "morgue_text", SLOT_MORGUE, out->morgue_name, &out->morgue,
                 &out->morgue_length);
    fld_finish(&fields);
    if (file->count < 2) return;
    fld_init(&fields, &file->records[1], SLOT_ENDED, errors);
    if (strcmp(file->records[1].type, "score") != 0 || file->count > 2) {
        fld_report(&fields, file->records[1].line, "only a [score] may follow [ended]");
    }
    scores_read_entry(&fields, &out->score);
    out->scored = true;
    fld_finish(&fields);
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
    int before = errors->count;
    if (store_unmark(text, &length, error, sizeof error) != STORE_MARK_OK) {
        errors_add(errors, "%s: %s", SLOT_ENDED, error);
    } else {
        RecFile file;
        rec_parse(&file, text, length, SLOT_ENDED, errors);
        if (file.count == 0 || strcmp(file.records[0].type, "ended") != 0) {
            errors_add(errors, "%s: it should begin with [ended]", SLOT_ENDED);
        } else {
            read_ended(&file, out, errors);
        }
        rec_free(&file);
    }
    free(text);
    if (errors->count == before) return ENDING_FOUND;
    ending_free(out);
    return ENDING_DAMAGED;
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
