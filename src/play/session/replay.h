/* A recording of a run, as Doom's demos are: a header saying how the run
 * began, then every command the run took, in order, with the run's digest
 * at each save on the way (checkpoints), so a replay that parts from the
 * recording says where. It is text in the records format (records.h):
 *
 *   # A recording of a run of Amulets of SDL: amulets --replay FILE plays it
 *   [replay]
 *   format = 3                   REP_FORMAT; another is refused
 *   rules = 4                    the rules version it was played under:
 *                                REP_GAME_VERSION of the game that played
 *                                it (format 1 called it game)
 *   seed = 38                    the run's seed
 *   floor = 1                    the floor it began on
 *   data = 89ab0123cdef4567      rep_data_digest of the data files it used
 *   class = fighter              the class the run began as (classes.txt's
 *                                id); left out for a run of no class, as
 *                                every run recorded before classes was
 *   debug = yes                  a debugging view was used in the run (its
 *                                D command says when); left out if not
 *   start =                      only when it begins mid-run (a recording
 *   ||# A saved run...|          lost or not matching its save): the save it
 *   ||[save]|                    begins from, a line of it a row between bars
 *   commands =
 *   |m2 m2 w g u3 u5:40,12 @0123456789abcdef
 *   |t1:38,9 m4! >!
 *   ended = dead                 only once the run is over: dead or won
 *
 * Commands are choices made whole (run.h's Command), tokens split by
 * spaces: a letter for the kind (replay.c's one table of kinds: m a step,
 * w a wait, g picking up, s a search, > going down, u a use, d a drop,
 * t a throw, f a shot of the quiver's, Q quivering, C closing a door, D a
 * debugging view used), then its parts, each only when it's given: the
 * direction or pack slot (always for a kind that takes one, m2, u12; an
 * argument of 0 is left out otherwise), then :X,Y the cell aimed at
 * (t1:38,9, f:40,12), /N the pack slot a scroll of identify is read on
 * (u3/5), and ! a yes to the rules' question (m4! onto a known trap, >!
 * leaving the floor's Amulet). @ and 16 hex digits is a checkpoint: the
 * run's save_digest at that point. A class is named by its id, which the
 * data it's played with must have. A recording of format 1 or 2 (the
 * rules before version 4, whose commands were the keys of the dialogs:
 * i c0 x M y a1234) is refused, saying both versions.
 *
 * Reading takes any bytes: every mistake is "FILE:LINE: what's wrong". */
#ifndef AMULETS_REPLAY_H
#define AMULETS_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "errors.h"
#include "file.h"
#include "records.h"
#include "run.h"
#include "schema.h"

enum {
    /* The recording's own version, each field of its header (replay.c's
     * FIELDS) with the one it came in. Formats 1 and 2 held the keys of the
     * dialogs (inventory, choose, cancel...), which no rules since take:
     * this game refuses them, saying so (rep_is_older) */
    REP_FORMAT_FIRST = 1,
    REP_FORMAT_RULES = 2,    /* game = N is called rules = N */
    REP_FORMAT_CHOICES = 3,  /* commands are choices made whole */
    REP_FORMAT = REP_FORMAT_CHOICES,
    /* The rules version: raised with any change meant to alter play, when
     * the golden replays are recorded again (tools/regen-replays.sh). A
     * recording of another version is still played (its checkpoints tell
     * if it plays the same); a ranked one is refused (verify.h). 4: the
     * rules take choices whole (the dialogs left them) */
    REP_GAME_VERSION = 4,
    REP_TOKEN_SIZE = 32,
    REP_MAX_COMMANDS = 10 * 1000 * 1000,
    REP_FILE_LIMIT = 64 * 1024 * 1024,
    REP_NAME_SIZE = 256,
    REP_HEADER_FIELDS = 11,   /* replay.c's FIELDS, every format's */
};

typedef struct RepCheck {
    int position;     /* how many commands come before it */
    uint64_t digest;  /* the run's save_digest there */
    int line;
} RepCheck;

typedef struct Replay {
    char file[REP_NAME_SIZE];   /* what messages call it */
    int format;                 /* the file's; rep_text writes REP_FORMAT */
    int rules;                  /* REP_GAME_VERSION of the game that made it */
    uint64_t seed;
    int floor;
    uint64_t data_digest;
    char class_id[ID_SIZE];     /* "" for a run of no class */
    int class_line;
    bool debug;                 /* debug = yes */
    char *start;                /* the save it begins from, or NULL */
    size_t start_length;
    int start_line;
    Command *commands;
    int *lines;                 /* each command's line, for messages */
    int count, capacity;
    RepCheck *checks;
    int check_count, check_capacity;
    Mode ended;                 /* MODE_DEAD or MODE_WON, or MODE_PLAYING */
    int header_lines[REP_HEADER_FIELDS];   /* as read: rep_line's */
} Replay;

/* FNV-1a over every value of the data, kind by kind in their files'
 * order, so a recording knows the data it was played with. Comments and
 * spacing in the files don't change it. */
uint64_t rep_data_digest(const GameData *data);

/* A new recording's header: from the start (start NULL), or mid-run from
 * a save's text, of a run of the class (an id, or NULL for none).
 * Commands and checkpoints are added after. */
void rep_init(Replay *replay, uint64_t seed, int floor, uint64_t data_digest,
              const char *class_id, const char *start, size_t start_length);
/* False if out of memory (nothing is added then) */
bool rep_add(Replay *replay, Command command);
bool rep_add_check(Replay *replay, uint64_t digest);
void rep_free(Replay *replay);

/* Reads a recording's text (any bytes, length long) into *out; file
 * names it in the mistakes. True if all of it is good; otherwise every
 * mistake is in errors and *out is left empty. */
bool rep_parse(Replay *out, const char *text, size_t length, const char *file, Errors *errors);
/* True if the text is a recording of an older format than this game's
 * (formats 1 and 2: its commands the keys of the dialogs), which
 * rep_parse refuses, with the rules version it names in *rules (NULL:
 * not wanted); false for anything else, a damaged one too */
bool rep_is_older(const char *text, size_t length, int *rules);
/* Reads the file at path, named in the mistakes as given */
bool rep_read_file(Replay *out, const char *path, Errors *errors);
/* The bytes of the file at path as they are (at most limit, the store's
 * mark and all) for the caller to free; on failure, the player's words
 * for why in error ("it's a folder, not a recording") */
FileRead rep_read_bytes(const char *path, size_t limit, char **text, size_t *length, char *error,
                        size_t error_size);

/* The line a recording read has its header's key on ("rules", "ended"),
 * or its [replay] line if the key isn't there; 0 for one not read */
int rep_line(const Replay *replay, const char *key);

/* The text of a recording, NUL-terminated, for the caller to free; NULL
 * if out of memory */
char *rep_text(const Replay *replay, size_t *length);

/* The recording's schema (schema.h): its [replay] record, every field
 * with the format it came in, for the tests that change each in turn */
const Schema *rep_schema(void);

/* A command's token ("m2", "t1:38,9"), into out */
void rep_command_token(Command command, char out[REP_TOKEN_SIZE]);

#endif
