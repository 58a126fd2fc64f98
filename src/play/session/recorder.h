/* Recording a run as it is played, for the session: every command the
 * run takes, kept beside the save as replay.txt (replay.h's format) and
 * written whole or not at all each time the save is, so the two always
 * agree; when the run ends, by death or victory, the recording goes to
 * runs/ (the last RECORDER_RUNS_KEPT are kept, oldest dropped), named
 * NNNNNN-seed-S-floor-F-dead.txt or -won.txt, NNNNNN counting up.
 *
 * A run continued from its save goes on with its recording, which must
 * have a checkpoint with the save's digest (any commands after it, from
 * a game that stopped without saving, are dropped). If the recording is
 * missing, damaged, from other data or another version, or doesn't match,
 * a new one begins mid-run from the save (replay.h's start), and the log
 * says so; one that was there is first set aside as replay.bad (older
 * ones moving along to replay.4.bad, as the save's do), never written
 * over. One that can't be read at all (permissions, a disk error) may be
 * fine: it's left as it is, and nothing of that session is recorded. A new run (turn 0, as its seed and floor make it) starts a new
 * recording, which is first written with the first save (or once
 * RECORDER_PENDING commands wait), so a waiting save's recording isn't
 * touched by a short run that's never saved.
 *
 * Commands wait in memory (a fixed RECORDER_PENDING, so a session needs
 * no freeing) and are written out early when that fills. */
#ifndef AMULETS_RECORDER_H
#define AMULETS_RECORDER_H

#include "replay.h"
#include "slot.h"

enum { RECORDER_PENDING = 4096, RECORDER_RUNS_KEPT = 100 };

typedef struct Recorder {
    const Slot *slot;        /* NULL: nothing is recorded */
    uint64_t seed;
    int floor;
    char class_id[ID_SIZE];  /* the run's class, "" for none */
    uint64_t data_digest;
    bool on_disk;            /* replay.txt holds this run's recording */
    bool broken;             /* commands were lost: a new recording begins
                                mid-run at the next save */
    uint64_t disk_hash;      /* replay.txt's bytes as last written or read */
    int kept_commands, kept_checks;   /* of replay.txt's, this run's */
    char why[SLOT_ERROR_SIZE];   /* why replay.txt couldn't be read */
    Command pending[RECORDER_PENDING];
    int pending_count;
} Recorder;

/* slot may be NULL: a run not saved isn't recorded */
void recorder_start(Recorder *recorder, const Slot *slot, Run *run);

/* A command the run carried out */
void recorder_add(Recorder *recorder, Run *run, Command command);

/* The save is about to be written: the recording is written first, with
 * the run's digest as a checkpoint. On failure the log says why. */
bool recorder_checkpoint(Recorder *recorder, Run *run);

/* The run is over: the whole recording's text (ended, with a last
 * checkpoint) for the caller to free, and nothing more is recorded; NULL
 * with the player's words in error if it's lost */
char *recorder_final(Recorder *recorder, Run *run, size_t *length, char *error, size_t error_size);

/* The next free name for the run that ended in folder (runs/ or morgue/):
 * "runs/000012-seed-5-floor-3-dead.txt". False if the folder can't be read
 * or has no number left */
bool recorder_name(const Slot *slot, const char *folder, const Run *run, char *name, size_t size);

/* Drops the oldest recordings in runs/ past the last RECORDER_RUNS_KEPT */
void recorder_prune(const Slot *slot);

#endif
