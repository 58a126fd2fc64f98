/* A run in play with its save slot: what every way to play (the window,
 * the terminal, the page, the scripted runner) does around a run's
 * commands, so they all keep it the same way:
 *
 * - Every event of play is kept as it's made: the input layer notes each
 *   one in the run's journal (journal.h, session_note) before its result
 *   is shown, so a kill -9, a crash or a closed tab loses at most the
 *   event being made.
 * - A save (save.h, with the play layer's records: slot.h) on arrival on
 *   each new floor, when a debugging view marks the run, and on leaving
 *   (Esc's menu, the window's close, a signal, a hidden page); each starts
 *   the journal afresh. Every command is recorded beside the save
 *   (recorder.h) for replays.
 * - A run that ends (death, victory) has its ending recorded exactly once
 *   (ending.h): its recording in runs/, its record in morgue/ (morgue.h),
 *   its place on the high scores (scores.h); then the save goes.
 *
 * A caller that notes events holds the session (session_hold): the
 * checkpoint or the ending a command brings about then waits for
 * session_settle, so the event that caused it is in the journal first.
 * One that doesn't (the tests, a benchmark) has them at once. */
#ifndef AMULETS_SESSION_H
#define AMULETS_SESSION_H

#include "journal.h"
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
    Journal journal;
    int journal_starts;              /* counts the journal's starts (each save) */
    SessionClock clock;              /* NULL (as session_start leaves it):
                                        records and scores have no date */
    bool holding;                    /* checkpoints and endings wait for
                                        session_settle */
    bool save_due, end_due;          /* what waits */
    bool ended;                      /* the run's ending is made: never twice */
    bool replaying;                  /* rebuilt from the journal: nothing is
                                        written, no save made */
    bool journal_failing;            /* the journal's last write failed (told) */
    char morgue[SLOT_PATH_SIZE + STORE_NAME_SIZE];   /* the record of the run that ended,
                                        or "" (none yet, or it failed) */
} Session;

/* slot may be NULL for a run that's never saved, such as a benchmark's.
 * The journal starts from the run as its seed, floor and class make it
 * (session_from_save says otherwise). A session started again on the same
 * Session reuses its memory; session_free at the end. */
void session_start(Session *session, const Slot *slot, Run *run);
void session_free(Session *session);

/* The run was continued from the save whose text hashes so (SlotLoad's
 * text_hash): the journal starts from it */
void session_from_save(Session *session, uint64_t save_hash);

/* The input's settings, kept in the journal's head (journal.h) */
void session_settings(Session *session, const char *settings);

/* A debugging view was used: the run is marked (CMD_DEBUG), and the mark
 * saved at once with the recording, so quitting without saving can't
 * shed it */
void session_debug(Session *session);

/* Carries out a command and keeps the save. False if the run refused it */
bool session_command(Session *session, Command command);

/* Notes an event of play in the journal (journal.h's kinds). If it can't
 * be kept the log says why, once until it can again */
void session_note(Session *session, JournalEvent event);
/* Flushes the journal to the device if it's time (play is idle) */
void session_idle(Session *session);

/* Checkpoints and endings wait for session_settle from now on */
void session_hold(Session *session);
/* True if a checkpoint or an ending waits */
bool session_due(const Session *session);
/* Makes what waits: the ending, or the checkpoint with the play layer's
 * records (above may be NULL) */
void session_settle(Session *session, const SlotAbove *above);

/* Writes the save, the run as it is (a half-made choice too: nothing is
 * put back), and starts the journal afresh. On failure the run goes on,
 * the journal goes on, and the log says why in the player's words */
bool session_save(Session *session);
/* The same with the play layer's records (above may be NULL) */
bool session_save_with(Session *session, const SlotAbove *above);

#endif
