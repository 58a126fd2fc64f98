/* A run in play with its save slot: what every frontend (the window, the
 * scripted runner) does around a run's commands, so they all keep the save
 * the same way: a checkpoint on arrival on each new floor (none on floor 1
 * at the start), save and quit from Esc's menu or the window's close, and
 * no save once the run is over, by death or by victory. Every command is
 * recorded beside the save (recorder.h), and the recording of a run that
 * ended is kept in runs/. */
#ifndef AMULETS_SESSION_H
#define AMULETS_SESSION_H

#include "recorder.h"
#include "run.h"
#include "slot.h"

typedef struct Session {
    const Slot *slot;
    Run *run;
    int arrivals;     /* the run's arrivals when last looked at */
    Recorder recorder;
} Session;

/* slot may be NULL for a run that's never saved, such as a benchmark's */
void session_start(Session *session, const Slot *slot, Run *run);

/* Carries out a command and keeps the save. False if the run refused it */
bool session_command(Session *session, Command command);

/* Puts a half-made choice back and writes the save. On failure the run
 * goes on, and the log says why in the player's words */
bool session_save(Session *session);

#endif
