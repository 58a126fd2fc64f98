#define _POSIX_C_SOURCE 200809L
#include "bots.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bot.h"
#include "file.h"
#include "replay.h"
#include "run.h"

/* Commands in a row without a turn passing before a run counts as stuck */
enum { STUCK_COMMANDS = 300, LOST_COMMANDS = 1000, DEFAULT_TURNS = 60000, MOST_THREADS = 64 };

/* The Amulets lying on the floor now, seen and never seen: the driver's
 * look at the truth, for the report only */
static void amulets_lying(const Run *run, int *seen, int *unseen)
{
    const Level *level = run_level(run);
    const GameData *data = run_data(run);
    *seen = *unseen = 0;
    for (int i = 0; i < level->item_count; ++i) {
        if (data->items[level->items[i].stack.kind].item_class != IC_AMULET) continue;
        if (level->items[i].seen) ++*seen;
        else ++*unseen;
    }
}

static void keep_replay(const Replay *replay, const char *dir, BotsRun *out)
{
    char folder[BOTS_TEXT * 2], error[256];
    snprintf(folder, sizeof folder, "%s/replays", dir);
    if (!file_make_dirs(folder, error, sizeof error)) return;
    char path[BOTS_TEXT * 3];
    snprintf(path, sizeof path, "%s/seed-%llu-%s.txt", folder, (unsigned long long)out->seed,
             out->class_id);
    size_t length;
    char *text = rep_text(replay, &length);
    if (text != NULL && file_write_whole(file_system_ops(), path, text, length, error, sizeof error)) {
        snprintf(out->replay, sizeof out->replay, "replays/seed-%llu-%s.txt",
                 (unsigned long long)out->seed, out->class_id);
    }
    free(text);
}

static void finish(const Run *run, const Bot *bot, BotsRun *out)
{
    const Player *p = run_player(run);
    out->floor = run_level(run)->depth;
    out->turns = run_turn(run);
    out->amulets_found = p->amulets;
    out->items_used = bot->items_used;
    if (run_mode(run) == MODE_WON) out->end = BOTS_WON;
    if (run_mode(run) == MODE_DEAD) {
        out->end = BOTS_DIED;
        snprintf(out->killer, sizeof out->killer, "%s", p->killed_by);
    }
    /* with an Amulet left above, the three can't all be had: not stuck */
    if (out->end == BOTS_STUCK && out->left_seen + out->left_unseen > 0) out->end = BOTS_LOST;
}

void bots_play(const GameData *data, uint64_t seed, int class_index, int most_turns,
               const char *replay_dir, BotsRun *out)
{
    memset(out, 0, sizeof *out);
    out->seed = seed;
    snprintf(out->class_id, sizeof out->class_id, "%s", data->classes[class_index].id);
    out->end = BOTS_STUCK;
    Run *run = run_new_as(data, seed, 1, class_index);
    if (run == NULL) {
        snprintf(out->stuck, sizeof out->stuck, "out of memory");
        return;
    }
    Bot *bot = malloc(sizeof *bot);
    if (bot == NULL) {
        snprintf(out->stuck, sizeof out->stuck, "out of memory");
        run_free(run);
        return;
    }
    Replay replay;
    rep_init(&replay, seed, 1, rep_data_digest(data), out->class_id, NULL, 0);
    bot_start(bot);
    int idle = 0, last_turn = 0, lost = 0;
    Command command;
    while (bot_next(bot, run, &command)) {
        int arrivals = run_arrivals(run), seen, unseen;
        amulets_lying(run, &seen, &unseen);
        if (run_command(run, command)) rep_add(&replay, command);
        if (run_arrivals(run) != arrivals) {
            out->left_seen += seen;
            out->left_unseen += unseen;
            if (command.kind == CMD_MOVE) out->left_fell += seen + unseen;
            else if (bot->fled) out->left_fled += seen + unseen;
        }
        idle = run_turn(run) == last_turn ? idle + 1 : 0;
        last_turn = run_turn(run);
        lost = bot->lost ? lost + 1 : 0;
        const char *why = idle >= STUCK_COMMANDS  ? "no turn in 300 commands"
                          : lost >= LOST_COMMANDS ? "nothing left to explore or search, and no way on"
                          : last_turn >= most_turns ? "out of turns" : NULL;
        if (why != NULL) {
            Point at = run_player(run)->pos;
            snprintf(out->stuck, sizeof out->stuck, "floor %d at %d,%d: %s", run_level(run)->depth,
                     at.x, at.y, why);
            break;
        }
    }
    finish(run, bot, out);
    replay.ended = run_mode(run) == MODE_DEAD || run_mode(run) == MODE_WON ? run_mode(run) : MODE_PLAYING;
    bool odd = out->end == BOTS_STUCK || out->left_seen + out->left_unseen > 0;
    if (replay_dir != NULL && odd) keep_replay(&replay, replay_dir, out);
    rep_free(&replay);
    free(bot);
    run_free(run);
}

/* ---- Many runs, on threads ------------------------------------------------ */

typedef struct Sweep {
    const GameData *data;
    int runs_per_class, first_class, class_count, most_turns;
    uint64_t first_seed;
    const char *out_dir;
    BotsRun *results;
    int total;
    pthread_mutex_t lock;
    int next, done, won;
} Sweep;

static void *worker(void *arg)
{
    Sweep *s = arg;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        int job = s->next < s->total ? s->next++ : -1;
        pthread_mutex_unlock(&s->lock);
        if (job < 0) return NULL;
        int class_index = s->first_class + job / s->runs_per_class;
        uint64_t seed = s->first_seed + (uint64_t)(job % s->runs_per_class);
        bots_play(s->data, seed, class_index, s->most_turns, s->out_dir, &s->results[job]);
        pthread_mutex_lock(&s->lock);
        ++s->done;
        s->won += s->results[job].end == BOTS_WON;
        pthread_mutex_unlock(&s->lock);
    }
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs done, wins, runs a second and the time left, on a terminal */
static void show_progress(Sweep *s, double start)
{
    bool terminal = isatty(STDERR_FILENO);
    for (;;) {
        pthread_mutex_lock(&s->lock);
        int done = s->done, won = s->won;
        pthread_mutex_unlock(&s->lock);
        double rate = done / (seconds() - start + 1e-9);
        if (terminal) {
            fprintf(stderr, "\r%d/%d runs, %d won, %.1f runs/s, %.0f s left   ", done, s->total, won,
                    rate, rate > 0 ? (s->total - done) / rate : 0.0);
        }
        if (done == s->total) break;
        struct timespec nap = {0, 200 * 1000 * 1000};
        nanosleep(&nap, NULL);
    }
    if (terminal) fprintf(stderr, "\n");
}

/* Plays the sweep on threads (one thread: on this one, so a shard of one
 * run starts no thread, with its own heap to fault in, and sleeps no
 * progress nap); true if it could */
static bool sweep(Sweep *s, int threads)
{
    s->total = s->runs_per_class * s->class_count;
    s->results = calloc((size_t)s->total, sizeof *s->results);
    if (s->results == NULL) return false;
    pthread_mutex_init(&s->lock, NULL);
    s->next = s->done = s->won = 0;
    pthread_t ids[MOST_THREADS];
    if (threads > MOST_THREADS) threads = MOST_THREADS;
    double start = seconds();
    int started = 0;
    while (threads > 1 && started < threads && pthread_create(&ids[started], NULL, worker, s) == 0) ++started;
    if (started == 0) worker(s);
    show_progress(s, start);
    for (int i = 0; i < started; ++i) pthread_join(ids[i], NULL);
    pthread_mutex_destroy(&s->lock);
    return true;
}

/* ---- The command line ---------------------------------------------------- */

static bool number(const char *text, long long low, long long high, long long *out)
{
    char *end;
    long long n = strtoll(text, &end, 10);
    if (*text == '\0' || *end != '\0' || n < low || n > high) return false;
    *out = n;
    return true;
}

static int bad(const char *what)
{
    fprintf(stderr, "amulets: %s\n", what);
    return 2;
}

static int write_results(const Sweep *s)
{
    FILE *out = stdout;
    char path[512];
    if (s->out_dir != NULL) {
        char error[256];
        if (!file_make_dirs(s->out_dir, error, sizeof error)) return bad(error);
        snprintf(path, sizeof path, "%s/bot-%llu-%llu.jsonl", s->out_dir,
                 (unsigned long long)s->first_seed,
                 (unsigned long long)(s->first_seed + (uint64_t)s->runs_per_class - 1));
        if (s->class_count == 1) {
            size_t n = strlen(path) - strlen(".jsonl");
            snprintf(path + n, sizeof path - n, "-%s.jsonl", s->data->classes[s->first_class].id);
        }
        out = fopen(path, "w");
        if (out == NULL) return bad("--out: the results file can't be written");
    }
    BotsSummary summary = {0};
    for (int i = 0; i < s->total; ++i) {
        bots_write_line(&s->results[i], out);
        bots_add(&summary, &s->results[i]);
    }
    if (out != stdout) fclose(out);
    bots_print_summary(&summary, stdout);
    return 0;
}

int app_bot(int argc, char **argv, const GameData *data)
{
    Sweep s = {.data = data, .runs_per_class = 1, .class_count = 1, .most_turns = DEFAULT_TURNS,
               .first_seed = 1};
    long long threads = 1, n;
    for (int i = 0; i < argc; ++i) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : "";
        if (strcmp(arg, "--bot") == 0) continue;
        ++i;
        if (strcmp(arg, "--runs") == 0 && number(value, 1, 10000000, &n)) s.runs_per_class = (int)n;
        else if (strcmp(arg, "--seeds") == 0 && number(value, 0, 4294967295LL, &n)) s.first_seed = (uint64_t)n;
        else if (strcmp(arg, "-j") == 0 && number(value, 1, MOST_THREADS, &n)) threads = n;
        else if (strcmp(arg, "--turns") == 0 && number(value, 1, 10000000, &n)) s.most_turns = (int)n;
        else if (strcmp(arg, "--out") == 0 && value[0] != '\0') s.out_dir = value;
        else if (strcmp(arg, "--class") == 0 && strcmp(value, "all") == 0) s.class_count = data->class_count;
        else if (strcmp(arg, "--class") == 0 && data_find_class(data, value) >= 0) s.first_class = data_find_class(data, value);
        else return bad("--bot takes --runs N, --seeds FIRST, --class ID|all, -j THREADS, --out DIR, --turns MOST");
    }
    if (!sweep(&s, (int)threads)) return bad("out of memory");
    int status = write_results(&s);
    free(s.results);
    return status;
}
