/* The scripted runner: plays a string of the game's own keys headless and
 * prints the log, a line about the run, and its digest. It keeps the save
 * as the game does: a checkpoint on each new floor, Esc's menu saves and
 * quits, death and victory delete it, and --continue starts from it.
 * Golden tests and bug reports are made of these. */
#include <stdlib.h>

#include "app.h"
#include "keys.h"
#include "known.h"
#include "run.h"
#include "save.h"
#include "session.h"
#include "slot.h"

enum { MAX_KEYS = 1 << 20 };

static const char *mode_name(Mode mode)
{
    static const char *const names[] = {
        "playing", "inventory", "closing", "confirming", "menu", "dead", "won",
    };
    return names[mode];
}

static void print_log(const Run *run)
{
    const MsgLog *log = run_log(run);
    for (int i = 0; i < msg_count(log); ++i) {
        const Message *m = msg_get(log, i);
        if (m->count > 1) printf("%s x%d\n", m->text, m->count);
        else printf("%s\n", m->text);
    }
}

static void print_summary(const Run *run)
{
    const Player *p = run_player(run);
    printf("floor %d, turn %d, hp %d/%d, gold %d, amulets %d, %s\n", run_level(run)->depth,
           run_turn(run), p->hp, p->max_hp, p->gold, p->amulets, mode_name(run_mode(run)));
    if (run_mode(run) == MODE_DEAD) {
        printf("Killed by %s, on turn %d.\n", p->killed_by, run_turn(run));
    }
}

/* A cell as the player knows it: blank if never seen; a monster only in
 * sight (where one was last seen isn't shown: text has no dim) */
static char known_glyph(const Run *run, Point p)
{
    KnownCell k = known_cell(run, p);
    if (point_eq(p, run_player(run)->pos)) return '@';
    if (!k.explored && !k.visible) return ' ';
    if (k.monster >= 0) return run_data(run)->monsters[run_level(run)->monsters[k.monster].kind].glyph;
    if (k.item >= 0) return run_item_glyph(run, k.item);
    if (k.trap >= 0) return '^';
    return map_terrain_def(k.terrain)->glyph;
}

/* --show: the floor as the player knows it, each row cut after its last
 * known cell */
static void print_known_floor(const Run *run)
{
    for (int y = 0; y < MAP_H; ++y) {
        char row[MAP_W + 1];
        int end = 0;
        for (int x = 0; x < MAP_W; ++x) {
            row[x] = known_glyph(run, (Point){x, y});
            if (row[x] != ' ') end = x + 1;
        }
        row[end] = '\0';
        puts(row);
    }
}

/* --show-all: the whole floor as F1 shows it, every monster, item and
 * trap, and secret doors as doors */
static void print_floor(const Run *run)
{
    const Level *level = run_level(run);
    for (int y = 0; y < MAP_H; ++y) {
        for (int x = 0; x < MAP_W; ++x) {
            Point p = {x, y};
            int m = lvl_monster_at(level, p), item = lvl_item_at(level, p);
            int trap = lvl_trap_at(level, p);
            Terrain t = map_at(&level->map, x, y);
            char c = map_terrain_def(t == T_SECRET_DOOR ? T_CLOSED_DOOR : t)->glyph;
            if (point_eq(p, run_player(run)->pos)) c = '@';
            else if (m >= 0) c = run_data(run)->monsters[level->monsters[m].kind].glyph;
            else if (item >= 0) c = run_item_glyph(run, level->items[item].stack.kind);
            else if (trap >= 0) c = '^';
            putchar(c);
        }
        putchar('\n');
    }
}

/* Plays the keys, until a key that leaves the run */
static void play(Session *session, const int *keys, int count)
{
    bool looking = false;
    for (int i = 0; i < count; ++i) {
        if (looking) {
            looking = keys[i] != AK_ESC;   /* looking takes no turn */
            continue;
        }
        KeyAction action = session_key(session, keys[i]);
        if (action == KA_LOOK) looking = true;
        if (action == KA_QUIT) {
            if (run_mode(session->run) != MODE_DEAD && run_mode(session->run) != MODE_WON) {
                printf("saved\n");
            }
            return;
        }
    }
}

static Run *continue_run(const Slot *slot, const GameData *data)
{
    if (!slot_has_save(slot)) {
        fprintf(stderr, "amulets: there's no saved run in %s\n", slot->dir);
        return NULL;
    }
    SlotLoad load;
    Run *run = slot_load(slot, data, &load);
    if (run == NULL) {
        char lines[SLOT_REASONS_SHOWN + 2][SLOT_ERROR_SIZE];
        int count = slot_explain(&load, lines, SLOT_REASONS_SHOWN + 2);
        for (int i = 0; i < count; ++i) fprintf(stderr, "%s\n", lines[i]);
    }
    errors_clear(&load.reasons);
    return run;
}

static bool open_slot(Slot *slot)
{
    char error[SLOT_ERROR_SIZE];
    if (slot_init(slot, getenv("AMULETS_HOME"), getenv("XDG_DATA_HOME"), getenv("HOME"), error,
                  sizeof error)) {
        return true;
    }
    fprintf(stderr, "amulets: %s\n", error);
    return false;
}

int app_play_keys(const Options *options, const GameData *data)
{
    int *keys = malloc(MAX_KEYS * sizeof *keys);
    char error[160];
    int count = keys ? key_parse(options->play, keys, MAX_KEYS, error, sizeof error) : -1;
    if (count < 0) {
        fprintf(stderr, "amulets: --play: %s\n", keys ? error : "out of memory");
        free(keys);
        return 2;
    }
    Slot slot;
    Run *run = NULL;
    if (open_slot(&slot)) {
        run = options->resume ? continue_run(&slot, data)
                              : run_new(data, options->seed, options->floor);
    }
    if (run == NULL) {
        free(keys);
        return 1;
    }
    Session session;
    session_start(&session, &slot, run);
    play(&session, keys, count);
    print_log(run);
    print_summary(run);
    if (options->show) print_known_floor(run);
    if (options->show_all) print_floor(run);
    if (options->digest) printf("digest %016llx\n", (unsigned long long)save_digest(run));
    run_free(run);
    free(keys);
    return 0;
}
