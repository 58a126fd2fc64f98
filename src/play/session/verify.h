/* Verifying a recording: any bytes, from anyone, played back against this
 * game's rules and data to say what the run was (how it ended, on which
 * floor, with how many Amulets, how much gold, in how many turns, and the
 * run's digest at its end) or why it's refused, in one line of JSON
 * (amulets --verify FILE, and the server's uploads, each in a process of
 * its own). Ranked, it also refuses what a high-score table must not
 * take: a run begun from a save, or below floor 1, or of no class; one
 * the debugging views were used in; one with no end; one of other rules.
 *
 * Bounded for any input: at most VERIFY_MAX_BYTES are read and at most
 * VERIFY_MAX_COMMANDS played, so the time is bounded by the dearest
 * command times that, and the memory by the recording's size. It reads
 * the recording through replay.h and plays it through playback.h, never
 * by its tokens, so it holds whatever a command is written as. */
#ifndef AMULETS_VERIFY_H
#define AMULETS_VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "data.h"
#include "records.h"
#include "run.h"

enum {
    VERIFY_MAX_BYTES = 256 * 1024,      /* an upload's most: a long won run is ~100 KB */
    VERIFY_MAX_COMMANDS = 200 * 1000,
    VERIFY_MESSAGE_SIZE = 256,
    VERIFY_JSON_SIZE = 2048,            /* room for verify_json's line, whatever it says */
};

/* Each reason a recording is refused: its enum, the name the JSON gives
 * it, and whether only a ranked verify refuses it */
#define VERIFY_REASONS(X)                                                            \
    X(VERIFY_OK, "", false)                                                          \
    X(VERIFY_TOO_BIG, "too-big", false)              /* over max_bytes */            \
    X(VERIFY_DAMAGED, "damaged", false)              /* its mark doesn't fit */      \
    X(VERIFY_BINARY, "binary", false)                /* bytes that aren't text */    \
    X(VERIFY_UNREADABLE, "unreadable", false)        /* not a recording */           \
    X(VERIFY_TOO_MANY_COMMANDS, "too-many-commands", false)                          \
    X(VERIFY_OTHER_RULES, "other-rules", true)       /* rules = another version */   \
    X(VERIFY_OTHER_DATA, "other-data", false)        /* data = other files' */       \
    X(VERIFY_UNKNOWN_CLASS, "unknown-class", false)  /* a class the data hasn't */   \
    X(VERIFY_NO_CLASS, "no-class", true)             /* from before classes */       \
    X(VERIFY_FROM_SAVE, "from-save", true)           /* start = a save */            \
    X(VERIFY_DEBUG, "debug", true)                   /* a debugging view used */     \
    X(VERIFY_BELOW_FLOOR_1, "below-floor-1", true)   /* floor = 2 or deeper */       \
    X(VERIFY_CUT_SHORT, "cut-short", true)           /* no ended = */                \
    X(VERIFY_BAD_START, "bad-start", false)          /* a start save that fails */   \
    X(VERIFY_REFUSED, "refused-command", false)      /* the run refuses one */       \
    X(VERIFY_PARTED, "parted", false)                /* a checkpoint not reached */  \
    X(VERIFY_WRONG_END, "wrong-end", false)          /* ended = what didn't happen */\
    X(VERIFY_NO_MEMORY, "no-memory", false)

#define VERIFY_REASON_ENUM(name, text, ranked) name,
typedef enum VerifyReason { VERIFY_REASONS(VERIFY_REASON_ENUM) VERIFY_REASON_COUNT } VerifyReason;

typedef struct VerifyOptions {
    bool ranked;
    size_t max_bytes;        /* 0: VERIFY_MAX_BYTES */
    int max_commands;        /* 0: VERIFY_MAX_COMMANDS */
} VerifyOptions;

/* What a recording says and what its run did. Refused, the figures are
 * as far as they were read and played (0 where nothing was) */
typedef struct VerifyResult {
    VerifyReason reason;     /* VERIFY_OK if it verifies */
    int line;                /* the recording's line the reason is at, or 0 */
    char message[VERIFY_MESSAGE_SIZE];   /* why, in the game's words */
    int commands;            /* carried out */
    Mode outcome;            /* MODE_DEAD, MODE_WON, or MODE_PLAYING (not over) */
    int floor, amulets, gold, turns;     /* the run's at the end */
    char class_id[ID_SIZE];  /* "" for a run of no class */
    uint64_t seed;
    int start_floor;
    uint64_t data_digest;    /* the recording's */
    int rules;               /* the rules version it was made under */
    uint64_t digest;         /* the run's save_digest at the end */
} VerifyResult;

/* Verifies the recording's length bytes (a file the game wrote whole,
 * with its mark, or one without) against data, which is loaded without
 * mistakes. True if it verifies; else result says why. One longer than
 * the most is refused before a byte of it is looked at: a reader that
 * stops past the most passes that length, and text may be NULL then */
bool verify_recording(const char *text, size_t length, const GameData *data, VerifyOptions options,
                      VerifyResult *result);

/* The reason's name in the JSON ("parted"), and whether only a ranked
 * verify refuses for it */
const char *verify_reason_name(VerifyReason reason);
bool verify_reason_ranked(VerifyReason reason);

/* The result as one line of JSON and a newline, NUL-terminated, into out
 * (VERIFY_JSON_SIZE is room enough); its length */
size_t verify_json(const VerifyResult *result, char *out, size_t size);

#endif
