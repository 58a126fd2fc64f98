/* A run in play with its save slot: what every frontend (the window, the
 * scripted runner) does around a run's commands, so they all keep the save
 * the same way: a checkpoint on arrival on each new floor (none on floor 1
 * at the start) and when a debugging view marks the run, save and quit
 * from Esc's menu or the window's close, and no save once the run is
 * over, by death or by victory. A save holds the run as it is, in
 * whichever of its modes (save.h); a checkpoint holds the run alone,
 * and the save made on leaving the play layer's records too (slot.h). Every command is
 * recorded beside the save (recorder.h), and the recording of a run that
 * ended is kept in runs/, its record in morgue/ (morgue.h), and it goes
 * on the high scores if it's good enough (scores.h). */
#ifndef AMULETS_SESSION_H
#define AMULETS_SESSION_H

#include "recorder.h"
#include "run.h"
#include "slot.h"

/* The wall clock, in seconds since 1970: only for the dates of records
 * and high scores, never in the rules */
typedef long long (*SessionClock)(void);
long long session_wall_clock(void);

typedef struct Session {
    const Slot *slot;
    Run *run;
    int arrivals;     /* the run's arrivals when last looked at */
    Recorder recorder;
    SessionClock clock;              /* NULL (as session_start leaves it):
                                        records and scores have no date */
    char morgue[SLOT_PATH_SIZE];     /* the record of the run that ended,
                                        or "" (none yet, or it failed) */
} Session;

/* slot may be NULL for a run that's never saved, such as a benchmark's */
void session_start(Session *session, const Slot *slot, Run *run);

/* A debugging view was used: the run is marked (CMD_DEBUG), and the mark
 * saved at once with the recording, so quitting without saving can't
 * shed it */
void session_debug(Session *session);

/* Carries out a command and keeps the save. False if the run refused it */
bool session_command(Session *session, Command command);

/* Writes the save, the run as it is (a half-made choice too: nothing is
 * put back). On failure the run goes on, and the log says why in the
 * player's words */
bool session_save(Session *session);
/* The same with the play layer's records (above may be NULL) */
bool session_save_with(Session *session, const SlotAbove *above);

#endif
