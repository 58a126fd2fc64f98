#include "session.h"

#include <stdio.h>

void session_start(Session *session, const Slot *slot, Run *run)
{
    session->slot = slot;
    session->run = run;
    session->arrivals = run_arrivals(run);
    recorder_start(&session->recorder, slot, run);
}

/* Writes the save; if it can't, the run goes on and the log says why */
static bool write_or_tell(Session *session)
{
    char error[SLOT_ERROR_SIZE], line[SLOT_ERROR_SIZE + 40];
    if (slot_write(session->slot, session->run, error, sizeof error)) return true;
    snprintf(line, sizeof line, "The run couldn't be saved: %s.", error);
    run_tell(session->run, line);
    return false;
}

/* The recording first: if the save then fails, the old save still
 * matches one of the recording's checkpoints */
static bool checkpoint(Session *session)
{
    recorder_checkpoint(&session->recorder, session->run);
    return write_or_tell(session);
}

/* A new floor is a checkpoint; a run that's over keeps no save, and its
 * recording goes to runs/ */
static void keep_save(Session *session)
{
    if (session->slot == NULL) return;   /* a run that isn't saved (benchmarks) */
    Mode mode = run_mode(session->run);
    if (mode == MODE_DEAD || mode == MODE_WON) {
        recorder_finish(&session->recorder, session->run, NULL, 0);
        slot_remove(session->slot);
    } else if (run_arrivals(session->run) != session->arrivals) {
        checkpoint(session);
    }
    session->arrivals = run_arrivals(session->run);
}

bool session_command(Session *session, Command command)
{
    if (!run_command(session->run, command)) return false;
    recorder_add(&session->recorder, session->run, command);
    keep_save(session);
    return true;
}

bool session_save(Session *session)
{
    Command suspend = {CMD_SUSPEND, 0};
    if (run_command(session->run, suspend)) {
        recorder_add(&session->recorder, session->run, suspend);
    }
    return session->slot == NULL || checkpoint(session);
}
