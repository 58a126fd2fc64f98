/* Recording the run: see recorder.h. Each write builds the whole
 * recording again (what's on disk, read back and checked to be what was
 * last written, then the commands waiting), so a file changed or damaged
 * by something else is never added to. */
#include "recorder.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "save.h"

static uint64_t hash_text(const char *text, size_t length)
{
    return hash_bytes(HASH_START, text, length);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void tell(Run *run, const char *format, ...)
{
    char line[SLOT_ERROR_SIZE + 80];
    va_list args;
    va_start(args, format);
    vsnprintf(line, sizeof line, format, args);
    va_end(args);
    run_tell(run, line);
}

/* Writes a recording to its name in the store whole; its text's hash
 * goes in *hash */
static bool write_replay(const Recorder *recorder, const Replay *replay, const char *name,
                         uint64_t *hash, char *error, size_t error_size)
{
    size_t length;
    char *text = rep_text(replay, &length);
    if (text == NULL) {
        snprintf(error, error_size, "there's not enough memory to write it");
        return false;
    }
    bool written = store_write_marked(slot_store(recorder->slot), name, text, length, error, error_size);
    if (written && hash != NULL) *hash = hash_text(text, length);
    free(text);
    return written;
}

static void now_on_disk(Recorder *recorder, uint64_t hash, const Replay *replay)
{
    recorder->on_disk = true;
    recorder->broken = false;
    recorder->disk_hash = hash;
    recorder->kept_commands = replay->count;
    recorder->kept_checks = replay->check_count;
    recorder->pending_count = 0;
}

/* A new recording from the run as it is now, beginning from its save */
static bool begin_mid_run(Recorder *recorder, Run *run)
{
    size_t length;
    char *save = save_write(run, &length);
    Replay replay;
    rep_init(&replay, run_seed(run), run_level(run)->depth, recorder->data_digest,
             run_class_id(run), save, length);
    replay.debug = run_debugged(run);
    char error[SLOT_ERROR_SIZE] = "there's not enough memory to write it";
    uint64_t hash;
    bool written = save != NULL && replay.start != NULL &&
                   rep_add_check(&replay, save_digest(run)) &&
                   write_replay(recorder, &replay, SLOT_REPLAY, &hash, error,
                                sizeof error);
    if (written) {
        recorder->floor = replay.floor;
        now_on_disk(recorder, hash, &replay);
    } else {
        tell(run, "The run's recording couldn't be saved: %s.", error);
    }
    free(save);
    rep_free(&replay);
    return written;
}

/* replay.txt read back, if it is still what this recorder last wrote */
static bool read_own(const Recorder *recorder, Replay *out)
{
    char *text, error[SLOT_ERROR_SIZE];
    size_t length;
    Store store = slot_store(recorder->slot);
    if (store.ops->read(store.self, SLOT_REPLAY, REP_FILE_LIMIT, &text, &length, error,
                        sizeof error) != FILE_READ_OK) {
        return false;
    }
    StoreMarked marked = store_unmark(text, &length, error, sizeof error);
    if (marked != STORE_MARK_OK && marked != STORE_MARK_NONE) {
        free(text);
        return false;
    }
    Errors errors = {0};
    bool good = hash_text(text, length) == recorder->disk_hash &&
                rep_parse(out, text, length, "replay.txt", &errors);
    errors_clear(&errors);
    free(text);
    return good;
}

/* The recording so far: this run's part of what's on disk, and the
 * commands waiting */
static bool build(const Recorder *recorder, Replay *out)
{
    if (recorder->on_disk) {
        if (!read_own(recorder, out)) return false;
        if (out->count < recorder->kept_commands || out->check_count < recorder->kept_checks) {
            rep_free(out);
            return false;
        }
        out->count = recorder->kept_commands;
        out->check_count = recorder->kept_checks;
    } else {
        rep_init(out, recorder->seed, recorder->floor, recorder->data_digest,
                 recorder->class_id, NULL, 0);
    }
    for (int i = 0; i < recorder->pending_count; ++i) {
        if (!rep_add(out, recorder->pending[i])) {
            rep_free(out);
            return false;
        }
    }
    return true;
}

/* Writes the recording out, with a checkpoint if check */
static bool flush(Recorder *recorder, Run *run, bool check)
{
    Replay replay;
    if (recorder->broken || !build(recorder, &replay)) {
        bool told = recorder->broken;
        recorder->broken = true;
        recorder->on_disk = false;
        recorder->pending_count = 0;
        if (check) {
            if (!begin_mid_run(recorder, run)) return false;
            tell(run, "This run's recording was lost, so a new one begins here.");
            return true;
        }
        if (!told) tell(run, "The run's recording was lost; a new one begins at the next save.");
        return false;
    }
    replay.debug = run_debugged(run);
    char error[SLOT_ERROR_SIZE] = "there's not enough memory to write it";
    uint64_t hash;
    bool written = (!check || rep_add_check(&replay, save_digest(run))) &&
                   write_replay(recorder, &replay, SLOT_REPLAY, &hash, error,
                                sizeof error);
    if (written) {
        now_on_disk(recorder, hash, &replay);
    } else {
        tell(run, "The run's recording couldn't be saved: %s.", error);
        if (recorder->pending_count == RECORDER_PENDING) {
            recorder->broken = true;
            recorder->on_disk = false;
            recorder->pending_count = 0;
        }
    }
    rep_free(&replay);
    return written;
}

/* ---- Starting ------------------------------------------------------- */

typedef enum Found { FOUND_OURS, FOUND_NONE, FOUND_DAMAGED, FOUND_OTHER, FOUND_OLDER, FOUND_UNREADABLE } Found;

/* The last checkpoint with the run's digest, or -1 */
static int matching_check(const Replay *replay, uint64_t digest)
{
    for (int i = replay->check_count - 1; i >= 0; --i) {
        if (replay->checks[i].digest == digest) return i;
    }
    return -1;
}

/* Takes up replay.txt if it's this run's recording up to its save */
static Found take_up(Recorder *recorder, const Run *run)
{
    Store store = slot_store(recorder->slot);
    char *text, error[SLOT_ERROR_SIZE];
    size_t length;
    FileRead read = store.ops->read(store.self, SLOT_REPLAY, REP_FILE_LIMIT, &text, &length, error,
                                    sizeof error);
    if (read == FILE_READ_MISSING) return FOUND_NONE;
    if (read == FILE_READ_TOO_BIG) return FOUND_DAMAGED;
    /* one cut short (its head, but no mark saying it's whole) is damaged;
     * one from a game before the marks is read as it was */
    if (read == FILE_READ_OK) {
        StoreMarked marked = store_unmark(text, &length, error, sizeof error);
        if (marked != STORE_MARK_OK && marked != STORE_MARK_NONE) {
            free(text);
            return FOUND_DAMAGED;
        }
    }
    if (read != FILE_READ_OK) {
        /* "it can't be read: ..." (permissions, a disk error): it may be
         * fine, so it's left as it is */
        snprintf(recorder->why, sizeof recorder->why, "%s", strncmp(error, "it ", 3) == 0 ? error + 3 : error);
        return FOUND_UNREADABLE;
    }
    Replay replay;
    Errors errors = {0};
    bool good = rep_parse(&replay, text, length, "replay.txt", &errors);
    errors_clear(&errors);
    uint64_t hash = hash_text(text, length);
    bool older = !good && rep_is_older(text, length, NULL);
    free(text);
    if (!good) return older ? FOUND_OLDER : FOUND_DAMAGED;
    int check = -1;
    if (replay.rules == REP_GAME_VERSION && replay.data_digest == recorder->data_digest &&
        replay.seed == run_seed(run) && strcmp(replay.class_id, recorder->class_id) == 0 &&
        replay.ended == MODE_PLAYING) {
        check = matching_check(&replay, save_digest(run));
    }
    if (check >= 0) {
        recorder->on_disk = true;
        recorder->disk_hash = hash;
        recorder->floor = replay.floor;
        recorder->kept_commands = replay.checks[check].position;
        recorder->kept_checks = check + 1;
    }
    rep_free(&replay);
    return check >= 0 ? FOUND_OURS : FOUND_OTHER;
}

/* A run as its seed and floor make it, with nothing done yet */
static bool is_new(const Run *run)
{
    if (run_turn(run) != 0) return false;
    Run *made = run_new_as(run_data(run), run_seed(run), run_level(run)->depth, run_class(run));
    bool same = made != NULL && save_digest(made) == save_digest(run);
    run_free(made);
    return same;
}

void recorder_start(Recorder *recorder, const Slot *slot, Run *run)
{
    recorder->slot = slot;
    recorder->on_disk = recorder->broken = false;
    recorder->pending_count = recorder->kept_commands = recorder->kept_checks = 0;
    if (slot == NULL) return;
    recorder->seed = run_seed(run);
    recorder->floor = run_level(run)->depth;
    recorder->data_digest = rep_data_digest(run_data(run));
    const char *class_id = run_class_id(run);
    snprintf(recorder->class_id, sizeof recorder->class_id, "%s", class_id ? class_id : "");
    Found found = take_up(recorder, run);
    if (found == FOUND_UNREADABLE) {
        tell(run, "This run's recording %s, so it's left as it is, and this session isn't recorded.",
             recorder->why);
        recorder->slot = NULL;
        return;
    }
    if (found == FOUND_OURS || is_new(run)) return;
    /* one that isn't this run's is set aside, as a damaged save is, never
     * written over */
    bool aside = found != FOUND_NONE &&
                 store_set_aside(slot_store(slot), SLOT_REPLAY, "replay", SLOT_BAD_KEPT, NULL);
    if (found != FOUND_NONE && !aside) {
        tell(run, "This run's recording %s, and couldn't be set aside, so it's left as it is, and this "
                  "session isn't recorded.", found == FOUND_DAMAGED ? "is damaged" : "doesn't match its save");
        recorder->slot = NULL;
        return;
    }
    static const char *const why[] = {
        [FOUND_NONE] = "is missing, so a new one begins here",
        [FOUND_DAMAGED] = "is damaged, so it's set aside as replay.bad, and a new one begins here",
        [FOUND_OTHER] = "doesn't match its save, so it's set aside as replay.bad, and a new one begins here",
        [FOUND_OLDER] = "is of an older version of the game, so it's set aside as replay.bad, and a new one "
                        "begins here",
    };
    if (begin_mid_run(recorder, run)) tell(run, "This run's recording %s.", why[found]);
}

void recorder_add(Recorder *recorder, Run *run, Command command)
{
    if (recorder->slot == NULL || recorder->broken) return;
    recorder->pending[recorder->pending_count++] = command;
    if (recorder->pending_count == RECORDER_PENDING) flush(recorder, run, false);
}

bool recorder_checkpoint(Recorder *recorder, Run *run)
{
    return recorder->slot == NULL || flush(recorder, run, true);
}

/* ---- Ending: runs/ -------------------------------------------------- */

/* The numbers of the recordings in runs/, for pruning */
typedef struct Numbers {
    int64_t *numbers;
    int count, capacity;
} Numbers;

static bool note_number(void *context, const char *name)
{
    Numbers *n = context;
    int64_t number = store_number(name);
    if (number < 0) return true;
    if (n->count == n->capacity) {
        int capacity = n->capacity ? n->capacity * 2 : 128;
        int64_t *bigger = realloc(n->numbers, (size_t)capacity * sizeof *bigger);
        if (bigger == NULL) return false;
        n->numbers = bigger;
        n->capacity = capacity;
    }
    n->numbers[n->count++] = number;
    return true;
}

static int compare_numbers(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The recordings to drop: every one numbered at most last */
typedef struct Dropping {
    Store store;
    int64_t last;
} Dropping;

static bool drop_old(void *context, const char *name)
{
    const Dropping *d = context;
    int64_t number = store_number(name);
    char path[STORE_NAME_SIZE];
    if (number >= 0 && number <= d->last &&
        snprintf(path, sizeof path, "%s/%s", SLOT_RUNS, name) < (int)sizeof path) {
        d->store.ops->remove(d->store.self, path);
    }
    return true;
}

/* Drops the oldest recordings past the last RECORDER_RUNS_KEPT */
void recorder_prune(const Slot *slot)
{
    Store store = slot_store(slot);
    Numbers found = {0};
    char error[STORE_ERROR_SIZE];
    bool listed = store.ops->list(store.self, SLOT_RUNS, note_number, &found, error, sizeof error);
    int drop = found.count - RECORDER_RUNS_KEPT;
    if (listed && drop > 0) {
        qsort(found.numbers, (size_t)found.count, sizeof *found.numbers, compare_numbers);
        Dropping dropping = {store, found.numbers[drop - 1]};
        store.ops->list(store.self, SLOT_RUNS, drop_old, &dropping, error, sizeof error);
    }
    free(found.numbers);
}

bool recorder_name(const Slot *slot, const char *folder, const Run *run, char *name, size_t size)
{
    int64_t next = store_next_number(slot_store(slot), folder);
    int n = snprintf(name, size, "%s/%06" PRId64 "-seed-%llu-floor-%d-%s.txt", folder, next,
                     (unsigned long long)run_seed(run), run_level(run)->depth,
                     run_mode(run) == MODE_WON ? "won" : "dead");
    return next > 0 && n > 0 && (size_t)n < size;
}

char *recorder_final(Recorder *recorder, Run *run, size_t *length, char *error, size_t error_size)
{
    snprintf(error, error_size, "there's not enough memory to write it");
    if (recorder->slot == NULL || recorder->broken) {
        snprintf(error, error_size, "it was lost earlier in the run");
        return NULL;
    }
    Replay replay;
    if (!build(recorder, &replay)) {
        snprintf(error, error_size, "replay.txt isn't what this run last wrote there");
        return NULL;
    }
    replay.debug = run_debugged(run);
    replay.ended = run_mode(run);
    char *text = rep_add_check(&replay, save_digest(run)) ? rep_text(&replay, length) : NULL;
    rep_free(&replay);
    recorder->broken = true;   /* nothing more is recorded */
    return text;
}
