#include "session.h"

#include <stdio.h>

void session_start(Session *session, const Slot *slot, Run *run)
{
    session->slot = slot;
    session->run = run;
    session->arrivals = run_arrivals(run);
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

/* A new floor is a checkpoint; a run that's over keeps no save */
static void keep_save(Session *session)
{
    if (session->slot == NULL) return;   /* a run that isn't saved (benchmarks) */
    Mode mode = run_mode(session->run);
    if (mode == MODE_DEAD || mode == MODE_WON) {
        slot_remove(session->slot);
    } else if (run_arrivals(session->run) != session->arrivals) {
        write_or_tell(session);
    }
    session->arrivals = run_arrivals(session->run);
}

bool session_command(Session *session, Command command)
{
    if (!run_command(session->run, command)) return false;
    keep_save(session);
    return true;
}

bool session_save(Session *session)
{
    run_command(session->run, (Command){CMD_SUSPEND, 0});
    return session->slot == NULL || write_or_tell(session);
}
