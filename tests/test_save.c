/* Exact continuation: a run saved and read back goes on exactly as the
 * run that never stopped, at many save points on many seeds: mid-floor,
 * right after a trapdoor, with monsters hunting and searching, with
 * statuses running. */
#include "keys.h"
#include "run_debug.h"
#include "runtest.h"
#include "gen.h"
#include "save.h"

static const int KEYS[] = {
    'h', 'j', 'k', 'l', 'y', 'u', 'b', 'n', 'h', 'j', 'k', 'l', 'y', 'u', 'b', 'n',
    '.', 'g', 'g', 'i', 'd', 'c', 's', '>', '>', 'a', 'b', 'c', 'y', 'n', AK_ESC,
};

typedef struct Coverage {
    int saves, hunting, searching, statuses, after_fall, deep;
} Coverage;

static int random_key(Rng *chooser)
{
    return KEYS[rng_roll(chooser, 0, (int)(sizeof KEYS / sizeof KEYS[0]) - 1)];
}

static void press(Run *run, int key)
{
    Command command;
    if (key_action(run_mode(run), key, &command) == KA_COMMAND) run_command(run, command);
}

/* Saves, reads back, and checks the two write the same save */
static Run *reload(const GameData *data, const Run *run)
{
    size_t length;
    char *text = save_write(run, &length);
    Errors errors = {0};
    Run *copy = NULL;
    CHECK_INT(save_read(data, text, length, &copy, &errors), LOAD_OK);
    for (int i = 0; i < errors.count && i < 5; ++i) fprintf(stderr, "%s\n", errors.lines[i]);
    errors_clear(&errors);
    if (copy != NULL) {
        char *again = save_write(copy, NULL);
        CHECK_STR(again, text);
        free(again);
    }
    free(text);
    return copy;
}

static void note_coverage(const Run *run, Coverage *coverage, bool fell)
{
    const Level *level = run_level(run);
    bool hunting = false, searching = false;
    for (int i = 0; i < level->monster_count; ++i) {
        hunting = hunting || level->monsters[i].state == MS_HUNTING;
        searching = searching || level->monsters[i].search_turns > 0;
    }
    const Statuses *s = &run_player(run)->status;
    ++coverage->saves;
    coverage->hunting += hunting;
    coverage->searching += searching;
    coverage->statuses += s->poisoned > 0 || s->regenerating > 0 || s->confused > 0;
    coverage->after_fall += fell;
    coverage->deep += level->depth >= 7;
}

/* Both runs take the same commands; their digests must agree after each */
static void continue_both(Run *a, Run *b, Rng *chooser, int commands)
{
    for (int i = 0; i < commands; ++i) {
        int key = random_key(chooser);
        press(a, key);
        press(b, key);
        if (save_digest(a) != save_digest(b)) {
            CHECK(!"a continued run went its own way");
            return;
        }
    }
}

static bool just_fell(const Run *run, int arrivals_before)
{
    return run_arrivals(run) != arrivals_before &&
           strstr(msg_last(run_log(run)), "You fall through") != NULL;
}

/* One seed: random play, a save at each save point once the run is
 * playing, and each continued for a while beside the original */
static void one_seed(const GameData *data, uint64_t seed, int floor, int length, Coverage *cov)
{
    static const int POINTS[] = {5, 60, 150, 300, 450};
    enum { POINT_COUNT = sizeof POINTS / sizeof POINTS[0] };
    Run *run = run_new(data, seed, floor);
    Rng chooser;
    rng_seed(&chooser, seed * 31 + 7);
    int next_point = 0;
    for (int i = 0; i < length && run_mode(run) != MODE_DEAD && run_mode(run) != MODE_WON; ++i) {
        int arrivals = run_arrivals(run);
        press(run, random_key(&chooser));
        bool fell = just_fell(run, arrivals);
        bool point = next_point < POINT_COUNT && i >= POINTS[next_point];
        if ((point || fell) && run_mode(run) == MODE_PLAYING) {
            next_point += point;
            note_coverage(run, cov, fell);
            Run *copy = reload(data, run);
            if (copy == NULL) break;
            Run *original = run_clone(run);
            Rng side = chooser;
            continue_both(original, copy, &side, 150);
            run_free(original);
            run_free(copy);
        }
    }
    run_free(run);
}

/* A hand-made fall: a trapdoor under the next step, the save taken the
 * moment the player lands */
static void after_a_trapdoor(const GameData *data, Coverage *cov)
{
    Run *run = run_new(data, 4242, 1);
    Level *level = run_debug_level(run);
    Point to = point_add(run_player(run)->pos, DIRS[2]);
    map_set(&level->map, to.x, to.y, T_FLOOR);
    int existing = lvl_trap_at(level, to);
    if (existing >= 0) level->traps[existing].kind = TRAP_TRAPDOOR;
    else lvl_add_trap(level, &(Trap){to, TRAP_TRAPDOOR, false});
    int m = lvl_monster_at(level, to);
    if (m >= 0) lvl_remove_monster(level, m);
    run_debug_refresh(run);
    run_command(run, (Command){CMD_MOVE, 2});
    CHECK_INT(run_level(run)->depth, 2);
    note_coverage(run, cov, true);
    Run *copy = reload(data, run);
    Rng chooser;
    rng_seed(&chooser, 99);
    if (copy != NULL) continue_both(run, copy, &chooser, 300);
    run_free(copy);
    run_free(run);
}

/* A hunter that has lost the player: it walks to where it last saw them
 * and searches there, and the save is taken mid-search */
static void while_searching(const GameData *data, Coverage *cov)
{
    Run *run = run_new(data, 77, 2);
    run_debug_clear_level(run, 2);
    Level *level = run_debug_level(run);
    /* a wall between the player's corner and the hunter's */
    for (int y = 1; y < MAP_H - 1; ++y) map_set(&level->map, 20, y, T_WALL);
    run_debug_player(run)->pos = (Point){5, 5};
    Monster hunter = gen_monster(data, data_find_monster(data, "goblin"), (Point){40, 20}, 0, true);
    hunter.state = MS_HUNTING;
    hunter.has_last_seen = true;
    hunter.last_seen = (Point){30, 20};
    lvl_add_monster(level, &hunter);
    level->has_stairs = true;
    level->stairs = (Point){2, 2};
    map_set(&level->map, 2, 2, T_STAIRS);
    run_debug_refresh(run);
    int waited = 0;
    while (run_level(run)->monsters[0].search_turns < 3 && waited < 40) {
        run_command(run, (Command){CMD_WAIT, 0});
        ++waited;
    }
    CHECK(run_level(run)->monsters[0].search_turns >= 3);
    /* statuses running too: their counts and the dice must carry over */
    run_debug_player(run)->status = (Statuses){4, 12, 9, 0};
    note_coverage(run, cov, false);
    Run *copy = reload(data, run);
    Rng chooser;
    rng_seed(&chooser, 11);
    if (copy != NULL) {
        for (int i = 0; i < 30; ++i) {
            run_command(run, (Command){CMD_WAIT, 0});
            run_command(copy, (Command){CMD_WAIT, 0});
            CHECK(save_digest(run) == save_digest(copy));
        }
        CHECK(run_level(copy)->monsters[0].state == MS_WANDERING);
    }
    run_free(copy);
    run_free(run);
}

/* The save holds the dice: two runs from one save roll the same, while a
 * run with other dice soon differs */
static void dice_are_saved(const GameData *data)
{
    Run *run = run_new(data, 5, 1);
    Run *copy = reload(data, run);
    if (copy == NULL) return;
    CHECK(memcmp(run_rng(run), run_rng(copy), sizeof(Rng)) == 0);
    rng_next(run_debug_rng(copy));
    Rng chooser;
    rng_seed(&chooser, 3);
    bool differed = false;
    for (int i = 0; i < 400 && !differed; ++i) {
        int key = random_key(&chooser);
        press(run, key);
        press(copy, key);
        differed = save_digest(run) != save_digest(copy);
    }
    CHECK(differed);
    run_free(copy);
    run_free(run);
}

int main(void)
{
    GameData data = {0};
    load_shipped_data(&data);
    Coverage cov = {0};
    const int seeds = 100;
    int length = check_sanitized() ? 500 : 700;
    for (int i = 0; i < seeds; ++i) {
        one_seed(&data, 500 + (uint64_t)i, 1 + i % LAST_FLOOR, length, &cov);
    }
    after_a_trapdoor(&data, &cov);
    while_searching(&data, &cov);
    dice_are_saved(&data);
    printf("%d save points: %d with hunters, %d with searchers, %d with statuses, "
           "%d right after a fall, %d on floors 7 to 9\n", cov.saves, cov.hunting,
           cov.searching, cov.statuses, cov.after_fall, cov.deep);
    CHECK(cov.saves >= 300);
    CHECK(cov.hunting >= 20);
    CHECK(cov.searching >= 1);
    CHECK(cov.statuses >= 2);
    CHECK(cov.after_fall >= 1);
    CHECK(cov.deep >= 30);
    data_free(&data);
    return check_done("test_save");
}
