#include "session.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ending.h"
#include "hash.h"
#include "morgue.h"
#include "scores.h"

long long session_wall_clock(void)
{
    return (long long)time(NULL);
}

static JournalBase base_from_start(const Run *run)
{
    JournalBase base = {.from = JOURNAL_FROM_START, .seed = run_seed(run), .floor = run_level(run)->depth,
                        .data_digest = rep_data_digest(run_data(run))};
    const char *class_id = run_class_id(run);
    snprintf(base.class_id, sizeof base.class_id, "%s", class_id != NULL ? class_id : "");
    return base;
}

void session_start(Session *session, const Slot *slot, Run *run)
{
    session->slot = slot;
    session->run = run;
    session->arrivals = run_arrivals(run);
    session->clock = NULL;
    session->holding = session->save_due = session->end_due = false;
    session->ended = session->replaying = session->journal_failing = false;
    session->morgue[0] = '\0';
    recorder_start(&session->recorder, slot, run);
    JournalBase base = base_from_start(run);
    memset(&session->journal, 0, sizeof session->journal);
    journal_start(&session->journal, slot, &base, NULL);
    session->journal_starts = 0;
}

void session_free(Session *session)
{
    journal_free(&session->journal);
}

void session_from_save(Session *session, uint64_t save_hash)
{
    JournalBase base = session->journal.base;
    base.from = JOURNAL_FROM_SAVE;
    base.save_hash = save_hash;
    char settings[JOURNAL_SETTINGS_SIZE];
    snprintf(settings, sizeof settings, "%s", session->journal.settings);
    journal_free(&session->journal);
    journal_start(&session->journal, session->slot, &base, settings);
    ++session->journal_starts;
}

void session_settings(Session *session, const char *settings)
{
    snprintf(session->journal.settings, sizeof session->journal.settings, "%s", settings);
}

/* ---- The journal ---------------------------------------------------------- */

void session_note(Session *session, JournalEvent event)
{
    if (session->slot == NULL || session->replaying || session->ended) return;
    char error[SLOT_ERROR_SIZE], line[SLOT_ERROR_SIZE + 120];
    if (journal_add(&session->journal, event, error, sizeof error)) {
        session->journal_failing = false;
        return;
    }
    if (session->journal_failing) return;   /* told already */
    session->journal_failing = true;
    snprintf(line, sizeof line, "Your commands can't be kept as you make them: %s. "
                                "The run is kept at each save.", error);
    run_tell(session->run, line);
}

void session_idle(Session *session)
{
    journal_flush(&session->journal, false);
}

/* ---- Saves ----------------------------------------------------------------- */

/* Writes the save; if it can't, the run goes on and the log says why. A
 * save holds all the journal said: the journal starts again from it */
static bool write_or_tell(Session *session, const SlotAbove *above)
{
    char error[SLOT_ERROR_SIZE], line[SLOT_ERROR_SIZE + 40];
    uint64_t hash;
    if (slot_write_hashed(session->slot, session->run, above, &hash, error, sizeof error)) {
        /* the new journal's head at once, so no journal of events the
         * save holds is left waiting (if it can't be, the next event
         * writes it) */
        session_from_save(session, hash);
        journal_write(&session->journal, error, sizeof error);
        return true;
    }
    snprintf(line, sizeof line, "The run couldn't be saved: %s.", error);
    run_tell(session->run, line);
    return false;
}

/* The recording first: if the save then fails, the old save still
 * matches one of the recording's checkpoints */
static bool checkpoint(Session *session, const SlotAbove *above)
{
    session->save_due = false;
    if (session->replaying) return false;   /* the straight run's failed */
    recorder_checkpoint(&session->recorder, session->run);
    return write_or_tell(session, above);
}

/* ---- The ending --------------------------------------------------------------- */

static void tell_run(void *context, const char *line)
{
    run_tell(context, line);
}

/* Everything the run's records need, made now (ending.h) */
static void make_ending(Session *session, Ending *ending)
{
    Run *run = session->run;
    memset(ending, 0, sizeof *ending);
    ending->turn = run_turn(run);
    ending->floor = run_level(run)->depth;
    if (run_mode(run) == MODE_WON) snprintf(ending->how, sizeof ending->how, "Won");
    else snprintf(ending->how, sizeof ending->how, "Killed by %s", run_player(run)->killed_by);
    long long now = session->clock != NULL ? session->clock() : MORGUE_NO_DATE;
    char error[SLOT_ERROR_SIZE], path[SLOT_PATH_SIZE + STORE_NAME_SIZE] = "";
    ending->recording = recorder_final(&session->recorder, run, &ending->recording_length, error, sizeof error);
    if (ending->recording == NULL) {
        tell_run(run, "The run's recording couldn't be kept: it was lost earlier in the run.");
        ending->key = save_digest(run) ^ run_seed(run);
    } else {
        ending->key = hash_bytes(HASH_START, ending->recording, ending->recording_length);
        if (recorder_name(session->slot, SLOT_RUNS, run, ending->recording_name, STORE_NAME_SIZE)) {
            snprintf(path, sizeof path, "%s/%s", session->slot->dir, ending->recording_name);
        } else {
            ending->recording_name[0] = '\0';
        }
    }
    if (!recorder_name(session->slot, SLOT_MORGUE, run, ending->morgue_name, STORE_NAME_SIZE)) {
        ending->morgue_name[0] = '\0';
    }
    ending->morgue = morgue_text(run, path, now, &ending->morgue_length);
    scores_from_run(run, now, &ending->score);
    ending->score.key = ending->key;
    ending->scored = !run_debugged(run);
}

/* The run is over: its ending made, kept whole, and finished (ending.h) */
static void end_run(Session *session)
{
    session->end_due = false;
    session->ended = true;
    Ending ending;
    make_ending(session, &ending);
    char error[SLOT_ERROR_SIZE], line[SLOT_ERROR_SIZE + 80];
    bool marked = ending_mark(session->slot, &ending, error, sizeof error);
    if (!marked) {
        snprintf(line, sizeof line, "The run's end couldn't be kept safe first: %s.", error);
        run_tell(session->run, line);
    }
    /* the journal holds the event that ended it if it's been kept whole */
    const Journal *journal = &session->journal;
    bool in_journal = session->holding && journal->begun && !session->journal_failing && journal->count > 0;
    EndingKept kept = marked ? ENDING_MARKED : in_journal ? ENDING_IN_JOURNAL : ENDING_UNKEPT;
    EndingDone done;
    ending_finish(session->slot, &ending, kept, tell_run, session->run, &done);
    snprintf(session->morgue, sizeof session->morgue, "%s", done.morgue_path);
    ending_free(&ending);
}

/* ---- Commands -------------------------------------------------------------------- */

void session_hold(Session *session)
{
    session->holding = true;
}

bool session_due(const Session *session)
{
    return session->save_due || session->end_due;
}

void session_settle(Session *session, const SlotAbove *above)
{
    if (session->slot == NULL || session->replaying) return;
    if (session->end_due) end_run(session);
    else if (session->save_due) checkpoint(session, above);
}

/* A new floor is a checkpoint; a run that's over has its ending recorded */
static void keep_save(Session *session)
{
    if (session->slot == NULL) return;   /* a run that isn't saved (benchmarks) */
    Mode mode = run_mode(session->run);
    if ((mode == MODE_DEAD || mode == MODE_WON) && !session->ended) session->end_due = true;
    else if (run_arrivals(session->run) != session->arrivals) session->save_due = true;
    session->arrivals = run_arrivals(session->run);
    if (!session->holding) session_settle(session, NULL);
}

bool session_command(Session *session, Command command)
{
    if (!run_command(session->run, command)) return false;
    recorder_add(&session->recorder, session->run, command);
    keep_save(session);
    return true;
}

void session_debug(Session *session)
{
    Command mark = cmd_make(CMD_DEBUG, 0);
    if (!run_command(session->run, mark)) return;   /* marked already, or over */
    recorder_add(&session->recorder, session->run, mark);
    if (session->slot == NULL) return;
    session->save_due = true;
    if (!session->holding) session_settle(session, NULL);
}

bool session_save(Session *session)
{
    return session_save_with(session, NULL);
}

bool session_save_with(Session *session, const SlotAbove *above)
{
    return session->slot == NULL || checkpoint(session, above);
}
