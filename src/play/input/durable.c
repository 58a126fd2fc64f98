/* Every event of play kept as it's made: see durable.h */
#include "durable.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "resume.h"
#include "tune.h"

/* ---- Noting each event ---------------------------------------------------- */

DurableMark durable_begin(const Input *input)
{
    const ScreenTraits *screen = input_screen_traits(input_screen(input));
    return (DurableMark){screen->in_run && !input->session.replaying, input->session.journal_starts};
}

/* The checkpoint or the ending an event brought about, with the play
 * layer's records, as a save on leaving has them */
static void settle(Input *input)
{
    size_t length;
    char *text = resume_write(input, &length);
    SlotAbove above = {text, text != NULL ? length : 0, NULL, NULL};
    session_settle(&input->session, text != NULL ? &above : NULL);
    free(text);
}

InputResult durable_end(Input *input, DurableMark mark, JournalEvent event, InputResult result)
{
    Session *session = &input->session;
    bool keep = mark.in_run && event.kind != 0 && result != INPUT_NOTHING && result != INPUT_NEW_RUN &&
                session->journal_starts == mark.journal_starts;
    if (keep) {
        if (!session->journal.begun) {
            char settings[JOURNAL_SETTINGS_SIZE];
            durable_settings(input, settings, sizeof settings);
            session_settings(session, settings);
        }
        session_note(session, event);
    }
    if (session_due(session)) settle(input);
    return result;
}

/* ---- The settings --------------------------------------------------------- */

void durable_settings(const Input *input, char *out, size_t size)
{
    KeyMap own;
    key_defaults(&own);
    const KeyMap *keys = input->setup.keys;
    int at = 0;
    if (keys == NULL || memcmp(keys, &own, sizeof own) == 0) {
        at = snprintf(out, size, "keys default");
    } else {
        at = snprintf(out, size, "keys %d", KB_COUNT * KEYS_PER_BINDING);
        for (int b = 0; b < KB_COUNT; ++b) {
            for (int k = 0; k < KEYS_PER_BINDING && at > 0 && (size_t)at < size; ++k) {
                at += snprintf(out + at, size - (size_t)at, " %d", keys->keys[b][k]);
            }
        }
    }
    if (at > 0 && (size_t)at < size && input->autopickup != NULL) {
        snprintf(out + at, size - (size_t)at, " take %u", *input->autopickup);
    } else if (at > 0 && (size_t)at < size) {
        snprintf(out + at, size - (size_t)at, " take default");
    }
}

/* The settings read back: false if they aren't this game's */
static bool read_settings(const char *text, KeyMap *keys, bool *own_keys, unsigned *take, bool *own_take)
{
    int used = 0, count;
    *own_keys = strncmp(text, "keys default", 12) == 0;
    if (*own_keys) {
        used = 12;
    } else if (sscanf(text, "keys %d%n", &count, &used) != 1 || count != KB_COUNT * KEYS_PER_BINDING) {
        return false;
    } else {
        for (int b = 0; b < KB_COUNT; ++b) {
            for (int k = 0; k < KEYS_PER_BINDING; ++k) {
                int n = 0;
                if (sscanf(text + used, " %d%n", &keys->keys[b][k], &n) != 1) return false;
                if (keys->keys[b][k] < 0 || keys->keys[b][k] >= AK_LIMIT) return false;
                used += n;
            }
        }
    }
    const char *rest = text + used;
    *own_take = strcmp(rest, " take default") == 0;
    int n = 0;
    return *own_take || (sscanf(rest, " take %u%n", take, &n) == 1 && rest[n] == '\0');
}

/* ---- Playing the journal again --------------------------------------------- */

Run *durable_new_run(const Input *input, const JournalBase *base, Errors *errors)
{
    const GameData *data = input->setup.data;
    int class_index = base->class_id[0] != '\0' ? data_find_class(data, base->class_id) : 0;
    if (class_index < 0) {
        errors_add(errors, "%s: its run is of a class this game's data doesn't have", SLOT_JOURNAL);
        return NULL;
    }
    if (base->floor < 1 || base->floor > LAST_FLOOR) {
        errors_add(errors, "%s: its run starts on a floor there isn't", SLOT_JOURNAL);
        return NULL;
    }
    Run *run = run_new_as(data, base->seed, base->floor, class_index);
    if (run == NULL) errors_add(errors, "%s: there's not enough memory to make its run", SLOT_JOURNAL);
    return run;
}

/* One event, as it was handed to the input first; false if it came after
 * the run was over or left (a journal never holds such) */
static bool play_event(Input *input, JournalEvent event)
{
    if (!input_screen_traits(input_screen(input))->in_run) return false;
    Point cell = {event.a, event.b};
    switch (event.kind) {
    case 'k': input_key(input, event.a); break;
    case 'a': input_auto_step(input); break;
    case 'p': input_point(input, &cell); break;
    case 'P': input_point(input, NULL); break;
    case 'c': input_click(input, cell); break;
    case 'l': input_leave(input); break;
    case 'h': input_keep(input); break;
    default: return false;
    }
    return true;
}

/* Plays the events with the keys and choices they were made with; the
 * number played */
static int replay(Input *input, const JournalRead *read, const KeyMap *keys, const unsigned *take)
{
    const KeyMap *own_keys = input->setup.keys;
    const unsigned *own_take = input->autopickup;
    input->setup.keys = keys;
    input->autopickup = take;
    input->session.replaying = true;
    int played = 0;
    while (played < read->count && play_event(input, read->events[played])) ++played;
    input->session.replaying = false;
    input->setup.keys = own_keys;
    input->autopickup = own_take;
    input->autoing = false;   /* a string of steps stops, as a save stops it */
    input->alarmed = false;
    return played;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void tell(Input *input, const char *format, ...)
{
    char line[SLOT_ERROR_SIZE * 2];
    va_list args;
    va_start(args, format);
    vsnprintf(line, sizeof line, format, args);
    va_end(args);
    run_tell(input->session.run, line);
}

/* A journal that can't be played: kept aside as journal.bad, never lost */
static void set_aside(Input *input, const char *why, const Errors *errors)
{
    bool aside = store_set_aside(slot_store(input->setup.slot), SLOT_JOURNAL, "journal", SLOT_BAD_KEPT, NULL);
    tell(input, "This run's journal %s, so some of the commands since its last save are lost.", why);
    if (aside) tell(input, "It's set aside as journal.bad (%s).", errors->count > 0 ? errors->lines[0] : why);
}

void durable_take_up(Input *input, JournalFound found, JournalRead *read, Errors *errors)
{
    Session *session = &input->session;
    if (found == JOURNAL_MISSING || input->setup.slot == NULL) return;
    if (found == JOURNAL_UNREADABLE) {
        tell(input, "This run's journal can't be read (%s), so it's left as it is, and the run goes on from "
                    "its last save.", errors->count > 0 ? errors->lines[0] : "");
        return;
    }
    if (found == JOURNAL_BAD_HEAD) {
        set_aside(input, "is damaged", errors);
        return;
    }
    if (!journal_same_base(&read->base, &session->journal.base)) return;   /* a save came after it */
    KeyMap keys;
    unsigned take;
    bool own_keys, own_take;
    if (!read_settings(read->settings, &keys, &own_keys, &take, &own_take)) {
        set_aside(input, "was made with keys this game can't read", errors);
        return;
    }
    int played = replay(input, read, own_keys ? NULL : &keys, own_take ? NULL : &take);
    if (played < read->count || read->damaged_line > 0) {
        errors_add(errors, "%s: %d of its %d events were played", SLOT_JOURNAL, played, read->count);
        set_aside(input, "is damaged part way", errors);
        read->count = played;
    }
    if (played > 0) tell(input, "The run is back where you left it, %d command%s after its last save.",
                         played, played == 1 ? "" : "s");
    char settings[JOURNAL_SETTINGS_SIZE];
    durable_settings(input, settings, sizeof settings);
    bool same_settings = strcmp(settings, read->settings) == 0;
    session_settings(session, read->settings);
    journal_take_up(&session->journal, read);
    /* events from now on are made with today's keys: a save starts a
     * journal of them; a checkpoint or an ending the events brought about
     * is made now */
    if (!same_settings && played > 0) session->save_due = true;
    char error[SLOT_ERROR_SIZE];
    if (!session_due(session) && !session->journal.begun && played > 0 &&
        !journal_write(&session->journal, error, sizeof error)) {
        tell(input, "The run's journal couldn't be written again: %s.", error);
    }
    if (session_due(session)) settle(input);
}
