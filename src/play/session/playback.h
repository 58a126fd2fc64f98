/* Playing a recording back, one command at a time, for the replay runner
 * (amulets --replay), the golden tests, the benchmark and a window that
 * pauses, steps, speeds up and slows down: it asks for a step whenever it
 * likes and shows playback_position of playback_total. Each checkpoint is
 * checked as it is reached, so a replay that parts from its recording
 * stops there, saying where (FILE:LINE). */
#ifndef AMULETS_PLAYBACK_H
#define AMULETS_PLAYBACK_H

#include "replay.h"

/* Why a playback failed, for a caller that sorts failures (verify.h) */
typedef enum PlaybackFault {
    PLAYBACK_NO_FAULT,
    PLAYBACK_CANT_BEGIN,   /* other data, no such class, a bad start save */
    PLAYBACK_REFUSED,      /* the run refused a command */
    PLAYBACK_PARTED,       /* a checkpoint the run doesn't reach */
    PLAYBACK_WRONG_END,    /* the run ended otherwise than the recording says */
} PlaybackFault;

typedef struct Playback {
    const Replay *replay;
    Run *run;
    int position;     /* commands carried out */
    int next_check;   /* the first checkpoint not yet reached */
    PlaybackFault fault;
    int fault_line;   /* the recording's line it's at, or 0 */
} Playback;

typedef enum PlaybackStep {
    PLAYBACK_STEPPED,   /* one more command carried out */
    PLAYBACK_END,       /* every command is carried out and checked */
    PLAYBACK_FAILED,    /* the run refused a command or parted from the
                           recording: errors says where and why, and
                           fault and fault_line too */
} PlaybackStep;

/* Makes the run the recording begins with (from its seed and floor, or
 * from its start save), against data, which must be the data it was
 * played with (else it's refused, saying so). replay must stay alive
 * while playing. False, with the reasons in errors, if it can't begin. */
bool playback_start(Playback *playback, const Replay *replay, const GameData *data,
                    Errors *errors);

PlaybackStep playback_step(Playback *playback, Errors *errors);

/* Steps to the end: PLAYBACK_END or PLAYBACK_FAILED */
PlaybackStep playback_finish(Playback *playback, Errors *errors);

int playback_position(const Playback *playback);
int playback_total(const Playback *playback);
/* The command playback_step carries out next, into *out; false if none
 * is left (the end, or a playback that failed) */
bool playback_next(const Playback *playback, Command *out);
const Run *playback_run(const Playback *playback);

void playback_stop(Playback *playback);

#endif
