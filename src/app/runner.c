/* The scripted runner: plays a string of the game's own keys headless and
 * prints the log, a line about the run, and its digest. It keeps the save
 * as the game does: a checkpoint on each new floor, Esc's menu saves and
 * quits, death and victory delete it, and --continue starts from it.
 * Golden tests and bug reports are made of these. */
#include <stdlib.h>

#include "app.h"
#include "input.h"
#include "known.h"
#include "run.h"
#include "save.h"
#include "slot.h"

enum { MAX_KEYS = 1 << 20 };

static void print_log(const Run *run)
{
    const MsgLog *log = run_log(run);
    for (int i = 0; i < msg_count(log); ++i) {
        const Message *m = msg_get(log, i);
        if (m->count > 1) printf("%s x%d\n", m->text, m->count);
        else printf("%s\n", m->text);
    }
}

/* A dead player's hp can be below 0 inside the run; they have none left */
static void print_summary(const Input *input)
{
    const Run *run = input->session.run;
    const Player *p = run_player(run);
    printf("floor %d, turn %d, hp %d/%d, gold %d, amulets %d, %s\n", run_level(run)->depth,
           run_turn(run), p->hp > 0 ? p->hp : 0, p->max_hp, p->gold, p->amulets,
           input_screen_name(input_screen(input)));
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

/* Continues the waiting save, as the title's C does; says why not */
static bool continue_run(Input *input)
{
    if (!slot_has_save(input->setup.slot)) {
        fprintf(stderr, "amulets: there's no saved run in %s\n", input->setup.slot->dir);
        return false;
    }
    if (input_continue(input)) return true;
    for (int i = 0; i < input->title.line_count; ++i) fprintf(stderr, "%s\n", input->title.lines[i]);
    return false;
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
    Input input;
    InputSetup setup = {data, &slot, options->seed, options->floor, false};
    bool opened = open_slot(&slot) && input_open(&input, &setup);
    if (!opened || (options->resume && !continue_run(&input))) {
        if (opened) input_free(&input);
        free(keys);
        return 1;
    }
    if (input_play(&input, keys, count) && input_screen(&input) == SCREEN_PLAYING) {
        printf("saved\n");   /* the runner has no title: a quit mid-run is the menu's S */
    }
    const Run *run = input.session.run;
    print_log(run);
    print_summary(&input);
    if (options->show) print_known_floor(run);
    if (options->show_all) print_floor(run);
    if (options->digest) printf("digest %016llx\n", (unsigned long long)save_digest(run));
    input_free(&input);
    free(keys);
    return 0;
}
