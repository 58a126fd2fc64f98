/* amulets --bot and --bot-report: whole runs played by the bot (src/bot/)
 * on threads, one JSON line per run, and the summary and HTML page made
 * from any number of those lines. A seed range is the unit of work: shards
 * played apart and merged with --bot-report give the same summary as one
 * sweep of them all.
 *
 *   amulets --bot --runs N [--seeds FIRST] [--class ID|all] [-j THREADS]
 *           [--out DIR] [--turns MOST]
 *   amulets --bot-report DIR|FILE... [--html FILE]
 *
 * With --out, the lines go to DIR/bot-FIRST-LAST.jsonl and the recordings
 * of runs that got stuck or left an Amulet behind to DIR/replays/ (each
 * line names its own); else the lines go to stdout. The summary goes to
 * stdout after the lines (or alone, with --out). The driver, not the bot,
 * reads the floor's truth: to tell the Amulets left behind and why. */
#ifndef AMULETS_BOTS_H
#define AMULETS_BOTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "data.h"
#include "tune.h"

enum { BOTS_TEXT = 112, BOTS_MOST_CLASSES = 16, BOTS_MOST_KILLERS = 64 };

/* How a run ended: won, died, lost (it could no longer be won, an Amulet
 * left on a floor above, and the bot had nothing left to do), or stuck
 * (it could still be won, and the bot had nothing left to do, or ran out
 * of turns or of commands that take a turn) */
typedef enum BotsEnd { BOTS_WON, BOTS_DIED, BOTS_STUCK, BOTS_LOST, BOTS_END_COUNT } BotsEnd;

typedef struct BotsRun {
    uint64_t seed;
    char class_id[ID_SIZE];
    BotsEnd end;
    int floor;                 /* reached */
    int turns;
    char killer[BOTS_TEXT];    /* "" unless died */
    int amulets_found;
    int left_seen, left_unseen;   /* Amulets left behind: seen and not picked up, never seen */
    int left_fell;                /* of those, left by a fall through a trapdoor */
    int left_fled;                /* or down the stairs, running from a monster */
    int items_used;
    char stuck[BOTS_TEXT];     /* where, if stuck or lost: "floor 3 at 12,5: no turn in 300 commands" */
    char replay[BOTS_TEXT];    /* the recording kept, or "" */
} BotsRun;

typedef struct BotsSummary {
    int runs, ends[BOTS_END_COUNT];
    int class_count;
    char class_ids[BOTS_MOST_CLASSES][ID_SIZE];
    int class_runs[BOTS_MOST_CLASSES], class_won[BOTS_MOST_CLASSES];
    int ended_on[LAST_FLOOR + 1], died_on[LAST_FLOOR + 1];
    long turns_on[LAST_FLOOR + 1];     /* of the runs that ended there */
    int killer_count;
    char killers[BOTS_MOST_KILLERS][BOTS_TEXT];
    int killed[BOTS_MOST_KILLERS];
    int killed_on[BOTS_MOST_KILLERS][LAST_FLOOR + 1];         /* each killer's deaths by floor */
    int killed_class[BOTS_MOST_KILLERS][BOTS_MOST_CLASSES];  /* and by class (class_ids' slot) */
    long turns;
    int amulets_found, left_seen, left_unseen, left_fell, left_fled, items_used;
} BotsSummary;

/* Plays one run to its end (or to most_turns, which counts as stuck) */
void bots_play(const GameData *data, uint64_t seed, int class_index, int most_turns,
               const char *replay_dir, BotsRun *out);

/* A run as one JSON line (with its newline), and read back; false if the
 * line isn't one */
void bots_write_line(const BotsRun *run, FILE *out);
bool bots_read_line(const char *line, BotsRun *out);

void bots_add(BotsSummary *summary, const BotsRun *run);
void bots_print_summary(const BotsSummary *summary, FILE *out);
bool bots_write_html(const BotsSummary *summary, const char *path);

/* The command lines: argv from after the program's name */
int app_bot(int argc, char **argv, const GameData *data);
int app_bot_report(int argc, char **argv);

#endif
