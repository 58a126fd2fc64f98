/* The server's workers: what would stall the one loop runs on threads of
 * its own, and comes back through an eventfd the loop watches. Two
 * lanes, a thread each, so a queue of uploads never delays a login:
 *
 *   WORK_LANE_PASSWORDS  argon2id (crypto_pwhash): a password hashed, or
 *                        checked against a stored hash (and hashed again
 *                        if the settings rose: crypto_pwhash_str_needs_rehash)
 *   WORK_LANE_REPLAYS    a run's recording played back by the server's own
 *                        replay (verify.h, in this process: the server's
 *                        own recordings), or an uploaded recording checked
 *                        by `amulets --verify --ranked -` in a process of its
 *                        own under setrlimit (CPU, memory, no files written,
 *                        no processes)
 *
 * A job is handed over whole (work_post) and handed back whole (work_take)
 * with its answer in it; the loop owns it before and after, the worker
 * in between. Nothing else is shared. */
#ifndef AMULETS_WORK_H
#define AMULETS_WORK_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sodium.h>

#include "account.h"
#include "verify.h"

typedef enum WorkKind { WORK_HASH, WORK_CHECK, WORK_REPLAY, WORK_UPLOAD } WorkKind;
enum { WORK_LANES = 2, WORK_HASH_TEXT = crypto_pwhash_STRBYTES };

typedef struct Work {
    WorkKind kind;
    void *owner;                /* the loop's: who waits on it */
    int64_t id;                 /* the loop's: a run's, an upload's */
    int64_t player;             /* the loop's: an upload's account */
    /* in: */
    char *password;             /* HASH, CHECK (freed, wiped, by work_free) */
    size_t password_length;
    char stored[WORK_HASH_TEXT];    /* CHECK: the hash kept ("": no account,
                                       checked against a dummy all the same) */
    char *text;                 /* REPLAY, UPLOAD: the recording */
    size_t length;
    /* out: */
    bool ok;                    /* hashed; the password is right; verified */
    bool rehashed;              /* CHECK: hash holds a new hash to keep */
    char hash[WORK_HASH_TEXT];
    VerifyResult result;        /* REPLAY, UPLOAD */
    char reason[64];            /* UPLOAD refused: the verifier's reason */
    struct Work *next;
} Work;

typedef struct WorkLane {
    pthread_t thread;
    bool started;
    Work *todo, *todo_last;
    struct Workers *workers;
} WorkLane;

typedef struct Workers {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    WorkLane lanes[WORK_LANES];
    Work *done;
    int event_fd;               /* readable when work is done */
    bool stop;
    AccountHashing hashing;
    const GameData *data;       /* read only, for REPLAY */
    const char *verifier;       /* the amulets program, for UPLOAD */
    const char *data_dir;       /* its --data */
    char dummy[WORK_HASH_TEXT]; /* a hash no password opens: CHECKs of no account */
    int upload_delay_ms;        /* the tests': each UPLOAD takes this much longer,
                                   so a test can see who checks it, and kill it mid-job */
} Workers;

/* The threads started: false if they can't be */
bool work_start(Workers *workers, AccountHashing hashing, const GameData *data, const char *verifier,
                const char *data_dir);
/* Stops the threads (the jobs in hand finish first; those waiting are dropped) */
void work_stop(Workers *workers);

Work *work_new(WorkKind kind, void *owner);
void work_free(Work *work);
/* Hands a job over: false (and the job is still the caller's) if the lanes are stopped */
bool work_post(Workers *workers, Work *work);
/* The jobs done since the last call (the eventfd read empty), a list by next */
Work *work_take(Workers *workers);

/* The checks an upload's verifier runs under: `amulets --verify --ranked
 * --data DIR -` as a process of its own, the recording on its standard
 * input, its one line of JSON read back; false and reason if it refused
 * or failed. Used by the lane, and by the tests alone */
bool work_verify_upload(const char *verifier, const char *data_dir, const char *text, size_t length,
                        VerifyResult *result, char *reason, size_t reason_size);
/* The verifier's line of JSON (verify_json's) read back: true if it says
 * ok; result's figures as it says them, reason its reason ("no-answer" if
 * it isn't one) */
bool work_read_answer(const char *answer, VerifyResult *result, char *reason, size_t reason_size);

#endif
