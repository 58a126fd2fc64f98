#include "session.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "morgue.h"
#include "scores.h"

long long session_wall_clock(void)
{
    return (long long)time(NULL);
}

void session_start(Session *session, const Slot *slot, Run *run)
{
    session->slot = slot;
    session->run = run;
    session->arrivals = run_arrivals(run);
    session->clock = NULL;
    session->morgue[0] = '\0';
    recorder_start(&session->recorder, slot, run);
}

/* Writes the save; if it can't, the run goes on and the log says why */
static bool write_or_tell(Session *session, const SlotAbove *above)
{
    char error[SLOT_ERROR_SIZE], line[SLOT_ERROR_SIZE + 40];
    if (slot_write_with(session->slot, session->run, above, error, sizeof error)) return true;
    snprintf(line, sizeof line, "The run couldn't be saved: %s.", error);
    run_tell(session->run, line);
    return false;
}

/* The recording first: if the save then fails, the old save still
 * matches one of the recording's checkpoints */
static bool checkpoint(Session *session, const SlotAbove *above)
{
    recorder_checkpoint(&session->recorder, session->run);
    return write_or_tell(session, above);
}

/* A run that's over keeps no save; if it can't be deleted, it's marked
 * over in place, so the dead run can't be continued from its last
 * checkpoint, and the player is told */
static void end_save(Session *session)
{
    char why[SLOT_ERROR_SIZE * 2] = "", line[SLOT_ERROR_SIZE * 2 + 32];
    slot_end(session->slot, session->run, why, sizeof why);
    if (why[0] == '\0') return;
    snprintf(line, sizeof line, "The run is over, but %s.", why);
    run_tell(session->run, line);
}

/* The run's record in morgue/, naming its recording, and its place on
 * the high scores; each says in the log what went wrong */
static void keep_record(Session *session, const char *recording)
{
    long long now = session->clock != NULL ? session->clock() : MORGUE_NO_DATE;
    char error[SLOT_ERROR_SIZE], line[SCORES_MESSAGE_SIZE];
    if (!morgue_write(session->slot, session->run, recording, now, session->morgue,
                      sizeof session->morgue, error, sizeof error)) {
        snprintf(line, sizeof line, "The run's record couldn't be written: %s.", error);
        run_tell(session->run, line);
    }
    scores_enter(session->slot, session->run, now, line, sizeof line);
    for (const char *told = line; *told != '\0';) {   /* a line each */
        size_t length = strcspn(told, "\n");
        char one[SCORES_MESSAGE_SIZE];
        snprintf(one, sizeof one, "%.*s", (int)length, told);
        run_tell(session->run, one);
        told += length + (told[length] == '\n');
    }
}

/* A new floor is a checkpoint; a run that's over keeps no save (that
 * first, so nothing can stop the program with the run ended and still
 * continuable), its recording goes to runs/, its record to morgue/ and
 * the high scores, and then its replay.txt goes */
static void keep_save(Session *session)
{
    if (session->slot == NULL) return;   /* a run that isn't saved (benchmarks) */
    Mode mode = run_mode(session->run);
    if (mode == MODE_DEAD || mode == MODE_WON) {
        end_save(session);
        char recording[SLOT_PATH_SIZE + 300];
        recorder_finish(&session->recorder, session->run, recording, sizeof recording);
        keep_record(session, recording);
        slot_remove_recording(session->slot);
    } else if (run_arrivals(session->run) != session->arrivals) {
        checkpoint(session, NULL);
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

void session_debug(Session *session)
{
    Command mark = {CMD_DEBUG, 0};
    if (!run_command(session->run, mark)) return;   /* marked already, or over */
    recorder_add(&session->recorder, session->run, mark);
    if (session->slot != NULL) checkpoint(session, NULL);
}

bool session_save(Session *session)
{
    return session_save_with(session, NULL);
}

bool session_save_with(Session *session, const SlotAbove *above)
{
    return session->slot == NULL || checkpoint(session, above);
}
