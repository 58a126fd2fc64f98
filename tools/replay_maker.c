#define _POSIX_C_SOURCE 200809L
/* Makes the golden replays of tests/replays: each case is played by a
 * small bot through a session with a real save slot, so the recordings
 * are made the way a player's are (saves, continues, deaths and victories
 * included), and each is played back before it's kept. The bot sees the
 * whole floor (it's a tool, not a player), and a case tries seed after
 * seed until one does what the case is for, so the cases stay what they
 * are when a change alters play. tools/regen-replays.sh runs it.
 *
 *   replay_maker DATA_DIR OUT_DIR [SEEDS_FROM]
 *       writes OUT_DIR/NAME.txt for each case; SEEDS_FROM (0 if not given)
 *       is added to each case's first seed, so the fuzz corpus
 *       (tools/regen-fuzz-corpus.sh) gets runs of the same kinds as the
 *       golden replays but not the same runs */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dmap.h"
#include "file.h"
#include "playback.h"
#include "rng.h"
#include "run_debug.h"
#include "save.h"
#include "press.h"
#include "session.h"

typedef enum Goal { GOAL_DESCEND, GOAL_DIE, GOAL_WIN, GOAL_TRAPDOOR, GOAL_RANDOM } Goal;

typedef struct Case {
    const char *name;
    Goal goal;
    int floor;        /* where it starts */
    int depth;        /* GOAL_DESCEND: the floor to reach */
    bool collect;     /* pick up what lies on the way, and use it */
    int saves;        /* times to save and continue on the way */
    bool lose_recording;  /* at the first continue, as if replay.txt were lost */
    bool hardy;       /* begins mid-run, by debug means, with 400 hit points and 8 more strength */
    int budget;       /* commands at most (GOAL_RANDOM: exactly) */
    uint64_t first_seed;
    const char *class_id;  /* the class it plays, NULL for classes.txt's first */
} Case;

static const Case CASES[] = {
    {"descend-1-to-3", GOAL_DESCEND, 1, 3, false, 0, false, false, 4000, 1, NULL},
    {"descend-4-to-6", GOAL_DESCEND, 4, 6, false, 0, false, true, 4000, 10, NULL},
    {"descend-7-to-9", GOAL_DESCEND, 7, 9, false, 0, false, true, 4000, 20, NULL},
    {"collect-floor-1", GOAL_DESCEND, 1, 2, true, 0, false, false, 4000, 30, "rogue"},
    {"collect-floor-5", GOAL_DESCEND, 5, 6, true, 0, false, false, 4000, 40, "rogue"},
    {"death-floor-9", GOAL_DIE, 9, 0, false, 0, false, false, 3000, 50, NULL},
    {"death-floor-6", GOAL_DIE, 6, 0, true, 0, false, false, 5000, 60, "ranger"},
    /* a whole run as a high-score table takes one (verify.h's ranked) */
    {"whole-run-death", GOAL_DIE, 1, 0, true, 0, false, false, 6000, 130, "rogue"},
    {"victory-floor-3", GOAL_WIN, 3, 0, false, 0, false, true, 4000, 70, NULL},
    {"trapdoor-fall", GOAL_TRAPDOOR, 2, 0, false, 0, false, false, 4000, 80, NULL},
    {"save-and-continue", GOAL_DESCEND, 2, 4, true, 3, false, false, 5000, 90, NULL},
    {"continue-without-recording", GOAL_DESCEND, 3, 4, false, 1, true, false, 4000, 100, NULL},
    {"random-keys-floor-1", GOAL_RANDOM, 1, 0, false, 0, false, false, 1500, 110, "ranger"},
    {"random-keys-floor-8", GOAL_RANDOM, 8, 0, false, 0, false, false, 800, 120, NULL},
};

typedef struct Bot {
    const Case *c;
    const GameData *data;
    Slot slot;
    Session session;
    Run *run;
    int commands;
    int saves_done;
    bool tried[MAP_CELLS];   /* items already gone after */
    Dmap dmap;               /* toward where it's going */
    Rng rng;
    Presser presser;         /* the dialog its random keys have up */
} Bot;

/* ---- The slot ---------------------------------------------------------- */

static void empty_folder(const char *folder)
{
    DIR *dir = opendir(folder);
    struct dirent *entry;
    while (dir != NULL && (entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        char path[SLOT_PATH_SIZE + 300];
        snprintf(path, sizeof path, "%s/%s", folder, entry->d_name);
        unlink(path);
    }
    if (dir != NULL) closedir(dir);
}

/* The save, the recordings, and the records and high scores of runs
 * that ended (session.h) */
static void empty_slot(const Slot *slot)
{
    char path[SLOT_PATH_SIZE + 32];
    unlink(slot->save);
    unlink(slot->replay);
    empty_folder(slot->runs);
    snprintf(path, sizeof path, "%s/morgue", slot->dir);
    empty_folder(path);
    rmdir(path);
    snprintf(path, sizeof path, "%s/scores.txt", slot->dir);
    unlink(path);
}

/* The one recording in runs/, or replay.txt */
static bool recording_path(const Slot *slot, char *out, size_t size)
{
    DIR *dir = opendir(slot->runs);
    struct dirent *entry;
    bool found = false;
    while (dir != NULL && (entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        snprintf(out, size, "%s/%s", slot->runs, entry->d_name);
        found = true;
    }
    if (dir != NULL) closedir(dir);
    if (!found) snprintf(out, size, "%s", slot->replay);
    return found || access(slot->replay, R_OK) == 0;
}

/* Save, and continue from the save in a new run value, as a new process
 * would */
static bool save_and_continue(Bot *bot)
{
    if (!session_save(&bot->session)) return false;
    if (bot->c->lose_recording && bot->saves_done == 0) unlink(bot->slot.replay);
    SlotLoad load;
    Run *run = slot_load(&bot->slot, bot->data, &load);
    errors_clear(&load.reasons);
    if (run == NULL) return false;
    run_free(bot->run);
    bot->run = run;
    session_start(&bot->session, &bot->slot, run);
    ++bot->saves_done;
    return true;
}

/* ---- Moving ------------------------------------------------------------ */

/* A choice, with a yes to the question the rules ask of it (a step onto
 * a known trap, the floor's Amulet left): the bot says yes to them all */
static bool choose(Bot *bot, Command choice)
{
    ++bot->commands;
    if (run_asks(bot->run, choice, NULL, 0)) choice = cmd_yes(choice);
    return session_command(&bot->session, choice);
}

static bool command(Bot *bot, CommandKind kind, int arg)
{
    return choose(bot, cmd_make(kind, arg));
}

/* The first monster in sight, or false */
static bool monster_in_sight(const Bot *bot, Point *out)
{
    const Level *level = run_level(bot->run);
    for (int i = 0; i < level->monster_count; ++i) {
        if (run_sees(bot->run, level->monsters[i].pos)) {
            *out = level->monsters[i].pos;
            return true;
        }
    }
    return false;
}

/* An aimed choice at the first monster in sight, if the rules take it */
static bool aim(Bot *bot, Command aimed)
{
    Point at;
    if (!monster_in_sight(bot, &at)) return false;
    aimed = cmd_at(aimed, at);
    return run_allows(bot->run, aimed, NULL, 0) && choose(bot, aimed);
}

/* What's in the slot used, with what its use needs: a cell (a monster in
 * sight), a slot to identify (the first the rules take), or nothing. An
 * unknown scroll read is learnt first, and then used with what it needs */
static void use_slot(Bot *bot, int slot)
{
    for (int tries = 0; tries < 2 && pack_holds(&run_player(bot->run)->pack, slot); ++tries) {
        switch (run_use_needs(bot->run, slot)) {
        case USE_AS_IS:
            if (!command(bot, CMD_USE, slot)) return;
            break;
        case USE_AT_CELL: aim(bot, cmd_make(CMD_USE, slot)); return;
        case USE_THROWN: aim(bot, cmd_make(CMD_THROW, slot)); return;
        case USE_ON_SLOT:
            for (int on = 0; on < PACK_SLOTS; ++on) {
                if (run_allows(bot->run, cmd_on(slot, on), NULL, 0)) {
                    choose(bot, cmd_on(slot, on));
                    return;
                }
            }
            return;
        }
    }
}

/* One step along the shortest way to target, searching for a secret door
 * that's in the way. False if target can't be reached. */
static bool step_toward(Bot *bot, Point target)
{
    const Level *level = run_level(bot->run);
    Map map = level->map;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        if (map_at(&map, p.x, p.y) == T_SECRET_DOOR) map_set(&map, p.x, p.y, T_CLOSED_DOOR);
    }
    Dmap *dmap = &bot->dmap;
    dmap_compute(dmap, &map, &target, 1, 2);
    Point here = run_player(bot->run)->pos;
    int best = -1;
    int32_t best_distance = dmap_at(dmap, here);
    for (int dir = 0; dir < 8; ++dir) {
        int32_t distance = dmap_at(dmap, point_add(here, DIRS[dir]));
        if (distance < best_distance) {
            best = dir;
            best_distance = distance;
        }
    }
    if (best < 0) return false;
    Point next = point_add(here, DIRS[best]);
    if (map_at(&level->map, next.x, next.y) == T_SECRET_DOOR) return command(bot, CMD_SEARCH, 0);
    command(bot, CMD_MOVE, best);
    return true;
}

/* The nearest item not gone after yet, or false */
static bool next_item(Bot *bot, Point *out)
{
    const Level *level = run_level(bot->run);
    Point here = run_player(bot->run)->pos;
    int best = -1;
    for (int i = 0; i < level->item_count; ++i) {
        Point p = level->items[i].pos;
        if (bot->tried[cell_index(p.x, p.y)]) continue;
        if (best < 0 || chebyshev(here, p) < chebyshev(here, level->items[best].pos)) best = i;
    }
    if (best >= 0) *out = level->items[best].pos;
    return best >= 0;
}

/* Picks up what's here and uses or drops it, now and then */
static void take(Bot *bot)
{
    Point here = run_player(bot->run)->pos;
    bot->tried[cell_index(here.x, here.y)] = true;
    command(bot, CMD_PICK_UP, 0);
    if (run_player(bot->run)->pack.count == 0) return;
    bool drop = rng_roll(&bot->rng, 0, 3) == 0;
    if (drop) command(bot, CMD_DROP, 0);
    else use_slot(bot, 0);
}

static bool nearest_monster(const Bot *bot, Point *out)
{
    const Level *level = run_level(bot->run);
    Point here = run_player(bot->run)->pos;
    int best = -1;
    for (int i = 0; i < level->monster_count; ++i) {
        if (best < 0 || chebyshev(here, level->monsters[i].pos) <
                            chebyshev(here, level->monsters[best].pos)) {
            best = i;
        }
    }
    if (best >= 0) *out = level->monsters[best].pos;
    return best >= 0;
}

static bool find_item_class(const Bot *bot, ItemClass item_class, Point *out)
{
    const Level *level = run_level(bot->run);
    for (int i = 0; i < level->item_count; ++i) {
        if (bot->data->items[level->items[i].stack.kind].item_class == item_class) {
            *out = level->items[i].pos;
            return true;
        }
    }
    return false;
}

static bool find_trapdoor(const Bot *bot, Point *out)
{
    const Level *level = run_level(bot->run);
    for (int i = 0; i < level->trap_count; ++i) {
        if (level->traps[i].kind == TRAP_TRAPDOOR) {
            *out = level->traps[i].pos;
            return true;
        }
    }
    return false;
}

/* ---- The goals --------------------------------------------------------- */

static bool over(const Bot *bot)
{
    Mode mode = run_mode(bot->run);
    return mode == MODE_DEAD || mode == MODE_WON;
}

/* One move toward the case's goal; false if it can't go on */
static bool act(Bot *bot)
{
    Point here = run_player(bot->run)->pos, target;
    const Level *level = run_level(bot->run);
    const Player *player = run_player(bot->run);
    bool near = nearest_monster(bot, &target) && chebyshev(here, target) <= 2;
    if (near && chebyshev(here, target) == 1) return step_toward(bot, target);
    /* one in sight, not yet next to it: a shot, if there's one to fire */
    if (nearest_monster(bot, &target) && run_sees(bot->run, target) && chebyshev(here, target) > 1 &&
        aim(bot, cmd_make(CMD_FIRE, 0))) {
        return true;
    }
    if (!near && player->hp * 5 < player->max_hp * 3 && bot->c->goal != GOAL_DIE) {
        return command(bot, CMD_SEARCH, 0);   /* rest */
    }
    if (bot->c->collect && next_item(bot, &target) && chebyshev(here, target) < 12) {
        if (point_eq(here, target)) take(bot);
        else if (!step_toward(bot, target)) bot->tried[cell_index(target.x, target.y)] = true;
        return true;
    }
    switch (bot->c->goal) {
    case GOAL_DESCEND:
        if (!level->has_stairs) return false;
        if (point_eq(here, level->stairs)) return command(bot, CMD_DESCEND, 0) || true;
        return step_toward(bot, level->stairs);
    case GOAL_DIE:
        if (!nearest_monster(bot, &target)) return command(bot, CMD_WAIT, 0) || true;
        return step_toward(bot, target) || command(bot, CMD_WAIT, 0) || true;
    case GOAL_WIN:
        if (!find_item_class(bot, IC_AMULET, &target)) return false;
        if (point_eq(here, target)) return command(bot, CMD_PICK_UP, 0);
        return step_toward(bot, target);
    case GOAL_TRAPDOOR:
        if (!find_trapdoor(bot, &target)) return false;
        return step_toward(bot, target);
    case GOAL_RANDOM: break;
    }
    return false;
}

static bool reached(const Bot *bot, int start_arrivals)
{
    const Case *c = bot->c;
    switch (c->goal) {
    case GOAL_DESCEND: return run_level(bot->run)->depth >= c->depth;
    case GOAL_DIE: return run_mode(bot->run) == MODE_DEAD;
    case GOAL_WIN: return run_mode(bot->run) == MODE_WON;
    case GOAL_TRAPDOOR:
        /* the bot never takes the stairs here: a new floor is a fall */
        return run_arrivals(bot->run) != start_arrivals;
    case GOAL_RANDOM: return bot->commands >= c->budget;
    }
    return false;
}

/* A key at random, as a cat on the keyboard might; a save from Esc's menu
 * is continued */
static void random_key(Bot *bot)
{
    static const char keys[] = "hjklyubn.....gsssicd>yynafft";
    int key = keys[rng_roll(&bot->rng, 0, (int)sizeof keys - 2)];
    if (rng_roll(&bot->rng, 0, 60) == 0) key = AK_ESC;
    DialogKind up = bot->presser.dialog.kind;
    if (up == DIALOG_MENU) key = rng_roll(&bot->rng, 0, 1) ? 'S' : AK_ESC;
    if (up == DIALOG_AIMING) {   /* at the first monster in sight, else put away */
        key = monster_in_sight(bot, &bot->presser.cursor) ? AK_ENTER : AK_ESC;
    }
    ++bot->commands;
    if (press_key(&bot->presser, &bot->session, key) == KA_QUIT && !over(bot)) {
        /* the save was written: go on from it */
        SlotLoad load;
        Run *run = slot_load(&bot->slot, bot->data, &load);
        errors_clear(&load.reasons);
        if (run == NULL) return;
        run_free(bot->run);
        bot->run = run;
        session_start(&bot->session, &bot->slot, run);
    }
}

static bool play(Bot *bot)
{
    int start_arrivals = run_arrivals(bot->run);
    int next_save = bot->c->saves > 0 ? bot->c->budget / 40 : -1;
    while (bot->commands < bot->c->budget && !reached(bot, start_arrivals)) {
        if (over(bot)) return false;
        if (bot->c->goal == GOAL_RANDOM) {
            random_key(bot);
            continue;
        }
        if (bot->saves_done < bot->c->saves && bot->commands >= next_save) {
            if (!save_and_continue(bot)) return false;
            start_arrivals = run_arrivals(bot->run);
            next_save = bot->commands + bot->c->budget / 40;
        }
        if (!act(bot)) return false;
    }
    return reached(bot, start_arrivals) && bot->saves_done >= bot->c->saves;
}

/* ---- Keeping one ------------------------------------------------------- */

/* The recording plays back to the run's own end */
static bool plays_back(const Bot *bot, const char *path)
{
    Replay replay;
    Errors errors = {0};
    Playback playback = {0};
    bool good = rep_read_file(&replay, path, &errors) &&
                playback_start(&playback, &replay, bot->data, &errors) &&
                playback_finish(&playback, &errors) == PLAYBACK_END &&
                save_digest(playback_run(&playback)) == save_digest(bot->run);
    for (int i = 0; i < errors.count; ++i) fprintf(stderr, "  (%s)\n", errors.lines[i]);
    playback_stop(&playback);
    rep_free(&replay);
    errors_clear(&errors);
    return good;
}

static bool copy_file(const char *from, const char *to)
{
    char *text, error[256];
    size_t length;
    if (file_read_all(file_system_ops(), from, REP_FILE_LIMIT, &text, &length, error, sizeof error) != FILE_READ_OK) return false;
    bool written = file_write_whole(file_system_ops(), to, text, length, error, sizeof error);
    free(text);
    return written;
}

static bool try_seed(const Case *c, const GameData *data, const char *home, uint64_t seed,
                     const char *out)
{
    Bot bot = {.c = c, .data = data};
    bot.presser = press_start();
    rng_seed(&bot.rng, seed * 7919u);
    char error[SLOT_ERROR_SIZE];
    if (!slot_init(&bot.slot, home, NULL, NULL, error, sizeof error)) return false;
    empty_slot(&bot.slot);
    int class_index = c->class_id != NULL ? data_find_class(data, c->class_id) : 0;
    if (class_index < 0) return false;
    bot.run = run_new_as(data, seed, c->floor, class_index);
    if (bot.run == NULL) return false;
    if (c->goal == GOAL_WIN) run_debug_player(bot.run)->amulets = 2;
    if (c->hardy) {
        Player *player = run_debug_player(bot.run);
        player->hp = player->max_hp = 400;
        player->strength += 8;
    }
    session_start(&bot.session, &bot.slot, bot.run);
    bool kept = play(&bot);
    if (kept && !over(&bot)) kept = session_save(&bot.session);
    char path[SLOT_PATH_SIZE + 300];
    kept = kept && recording_path(&bot.slot, path, sizeof path) && plays_back(&bot, path) &&
           copy_file(path, out);
    if (getenv("MAKER_VERBOSE") != NULL) {
        fprintf(stderr, "%s seed %llu: %d commands, floor %d, mode %d, hp %d, kept %d\n", c->name,
                (unsigned long long)seed, bot.commands, run_level(bot.run)->depth,
                run_mode(bot.run), run_player(bot.run)->hp, kept);
    }
    if (kept) {
        printf("%s: seed %llu, %d commands, floor %d, %s\n", c->name, (unsigned long long)seed,
               bot.commands, run_level(bot.run)->depth, over(&bot) ? "over" : "saved");
    }
    run_free(bot.run);
    empty_slot(&bot.slot);
    return kept;
}

int main(int argc, char **argv)
{
    char *end = NULL;
    unsigned long long seeds_from = argc == 4 ? strtoull(argv[3], &end, 10) : 0;
    if ((argc != 3 && argc != 4) || (argc == 4 && (end == argv[3] || *end != '\0'))) {
        fprintf(stderr, "usage: replay_maker DATA_DIR OUT_DIR [SEEDS_FROM]\n");
        return 2;
    }
    GameData data = {0};
    Errors errors = {0};
    if (!data_load_dir(&data, argv[1], &errors)) {
        fprintf(stderr, "replay_maker: the data in %s has mistakes\n", argv[1]);
        return 1;
    }
    char home[4096];
    snprintf(home, sizeof home, "%s/.maker-home", argv[2]);
    int failures = 0;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; ++i) {
        const Case *c = &CASES[i];
        char out[4096];
        snprintf(out, sizeof out, "%s/%s.txt", argv[2], c->name);
        bool made = false;
        uint64_t first = c->first_seed + seeds_from;
        for (uint64_t seed = first; seed < first + 300 && !made; ++seed) {
            made = try_seed(c, &data, home, seed, out);
        }
        if (!made) {
            fprintf(stderr, "%s: no seed of 300 did it\n", c->name);
            ++failures;
        }
    }
    char runs[4200];
    snprintf(runs, sizeof runs, "%s/runs", home);
    rmdir(runs);
    snprintf(runs, sizeof runs, "%s/morgue", home);
    rmdir(runs);
    rmdir(home);
    data_free(&data);
    return failures ? 1 : 0;
}
