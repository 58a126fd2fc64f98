/* Exact continuation: a run saved and read back goes on exactly as the
 * run that never stopped, at thousands of save points on many seeds,
 * split at random: mid-floor, mid-fight (a hunter next to the player),
 * mid-flight (a monster fleeing), right after a trapdoor, with monsters
 * hunting and searching, with statuses running. The run that never
 * stopped keeps its caches warm, as in play, while the one read back
 * starts with none. */
#include "bookdice.h"
#include "file.h"
#include "fingerprint.h"
#include "keys.h"
#include "run_debug.h"
#include "keyrun.h"
#include "runtest.h"
#include "gen.h"
#include "save.h"
#include "savetext.h"

static const int KEYS[] = {
    'h', 'j', 'k', 'l', 'y', 'u', 'b', 'n', 'h', 'j', 'k', 'l', 'y', 'u', 'b', 'n',
    '.', 'g', 'g', 'i', 'd', 'c', 's', '>', '>', 'a', 'b', 'c', 'y', 'n', AK_ESC,
};

/* The digest (the whole save written) every so many commands, and the
 * fingerprint (test_exact shows it says the same) after every one */
enum { DIGEST_EVERY = 10 };

typedef struct Coverage {
    int saves, hunting, fighting, fleeing, searching, statuses, after_fall, deep;
} Coverage;

static int random_key(Rng *chooser)
{
    return KEYS[rng_roll(chooser, 0, (int)(sizeof KEYS / sizeof KEYS[0]) - 1)];
}

/* A key on the run's screens, the dialog up kept in keys */
static void press(KeyRun *keys, Run *run, int key)
{
    keyrun_press(keys, run, key);
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
        CHECK_SAME_STATE(again, text);
        free(again);
    }
    free(text);
    return copy;
}

static bool fighting(const Run *run)
{
    const Level *level = run_level(run);
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        if (m->state == MS_HUNTING && chebyshev(m->pos, run_player(run)->pos) == 1) return true;
    }
    return false;
}

static bool fleeing(const Run *run)
{
    const Level *level = run_level(run);
    for (int i = 0; i < level->monster_count; ++i) {
        if (level->monsters[i].state == MS_FLEEING) return true;
    }
    return false;
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
    coverage->fighting += fighting(run);
    coverage->fleeing += fleeing(run);
    coverage->searching += searching;
    coverage->statuses += s->poisoned > 0 || s->regenerating > 0 || s->confused > 0;
    coverage->after_fall += fell;
    coverage->deep += level->depth >= 7;
}

/* Both runs take the same commands; they must agree after each. Neither
 * has a dialog up to begin with: the save holds only the run */
static void continue_both(Run *a, Run *b, Rng *chooser, int commands)
{
    KeyRun ka = keyrun_start(), kb = keyrun_start();
    for (int i = 1; i <= commands; ++i) {
        int key = random_key(chooser);
        press(&ka, a, key);
        press(&kb, b, key);
        bool same = fingerprint_run(a) == fingerprint_run(b) && run_mode(a) == run_mode(b);
        if (same && (i % DIGEST_EVERY == 0 || i == commands)) {
            same = save_digest(a) == save_digest(b);
        }
        if (!same) {
            fprintf(stderr, "seed %llu: a continued run went its own way %d commands on\n",
                    (unsigned long long)run_seed(a), i);
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

static bool over(const Run *run)
{
    return run_mode(run) == MODE_DEAD || run_mode(run) == MODE_WON;
}

/* Is this a point to save at? At random, every few dozen commands; and
 * the first fight and the first flight of each run, whenever they come */
static bool save_point(const Run *run, const KeyRun *keys, int *until_next, bool *fought, bool *fled, bool fell)
{
    if (run_mode(run) != MODE_PLAYING || keys->dialog.kind != DIALOG_NONE) return false;
    bool fight = !*fought && fighting(run), flight = !*fled && fleeing(run);
    if (--*until_next > 0 && !fell && !fight && !flight) return false;
    *fought = *fought || fight;
    *fled = *fled || flight;
    return true;
}

/* One seed: random play, saved at random points, each run read back and
 * played on beside the one that never stopped, which then plays on. A
 * run that ends starts again, with a seed of its own */
static void one_seed(const GameData *data, uint64_t seed, int floor, int points, int side_length,
                     Coverage *cov)
{
    Run *run = run_new(data, seed, floor);
    Rng chooser, splitter;
    rng_seed(&chooser, seed * 31 + 7);
    rng_seed(&splitter, seed * 17 + 3);
    int until_next = rng_roll(&splitter, 1, 60);
    bool fought = false, fled = false;
    KeyRun keys = keyrun_start();
    for (int taken = 0; taken < points;) {
        int arrivals = run_arrivals(run);
        press(&keys, run, random_key(&chooser));
        bool fell = just_fell(run, arrivals);
        if (save_point(run, &keys, &until_next, &fought, &fled, fell)) {
            ++taken;
            note_coverage(run, cov, fell);
            Run *copy = reload(data, run);
            if (copy == NULL) break;
            continue_both(run, copy, &chooser, side_length);
            run_free(copy);
            until_next = rng_roll(&splitter, 1, 60);
        }
        if (over(run)) {
            uint64_t next_seed = run_seed(run) * 1000003u + (uint64_t)taken;
            run_free(run);
            run = run_new(data, next_seed, floor);
            keys = keyrun_start();
            fought = fled = false;
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
    run_command(run, cmd_make(CMD_MOVE, 2));
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
        run_command(run, cmd_make(CMD_WAIT, 0));
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
            run_command(run, cmd_make(CMD_WAIT, 0));
            run_command(copy, cmd_make(CMD_WAIT, 0));
            CHECK(save_digest(run) == save_digest(copy));
        }
        CHECK(run_level(copy)->monsters[0].state == MS_WANDERING);
    }
    run_free(copy);
    run_free(run);
}

/* Seed 38 once parted: a walk's short distance map, cached, was taken
 * for the whole floor's map toward the player once the player stood on
 * the walk's end, and two fleeing kobolds went elsewhere than in the run
 * read back, which starts with no cache. On the floor and dice it was
 * found on (bookdice.h) */
static void seed_38(const GameData *data)
{
    const char *before = "ubullsshllunsylhllllsllnnnsnnlslslllul", *after = "slujuns";
    int keys[64];
    char error[64];
    Run *run = bookdice_run(data, 38, 1, 0);
    KeyRun kr = keyrun_start(), kc = keyrun_start();
    int count = key_parse(before, keys, 64, error, sizeof error);
    for (int i = 0; i < count; ++i) press(&kr, run, keys[i]);
    Run *copy = reload(data, run);
    if (copy != NULL) {
        count = key_parse(after, keys, 64, error, sizeof error);
        for (int i = 0; i < count; ++i) {
            press(&kr, run, keys[i]);
            press(&kc, copy, keys[i]);
            CHECK(save_digest(run) == save_digest(copy));
        }
        CHECK_INT(run_turn(copy), 45);
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
    KeyRun kr = keyrun_start(), kc = keyrun_start();
    for (int i = 0; i < 400 && !differed; ++i) {
        int key = random_key(&chooser);
        press(&kr, run, key);
        press(&kc, copy, key);
        differed = save_digest(run) != save_digest(copy);
    }
    CHECK(differed);
    run_free(copy);
    run_free(run);
}

/* A run of each class (and of none), saved along the way and read back,
 * goes on exactly as the run that never stopped; the save names the
 * class, and a save of none doesn't */
static void each_class_continues(const GameData *data)
{
    for (int c = RUN_NO_CLASS; c < data->class_count; ++c) {
        Run *run = run_new_as(data, 900 + (uint64_t)(c + 1), 1 + (c + 1) % 3, c);
        Rng chooser;
        rng_seed(&chooser, 31 + (uint64_t)c);
        KeyRun keys = keyrun_start();
        for (int i = 0; i < 60 && !over(run); ++i) press(&keys, run, random_key(&chooser));
        char *text = save_write(run, NULL);
        char expected[64] = "";
        if (c >= 0) snprintf(expected, sizeof expected, "\nclass = %s\n", data->classes[c].id);
        CHECK(c >= 0 ? strstr(text, expected) != NULL : strstr(text, "class =") == NULL);
        free(text);
        Run *copy = reload(data, run);
        if (copy != NULL) {
            CHECK_INT(run_class(copy), c);
            continue_both(run, copy, &chooser, 200);
        }
        run_free(copy);
        run_free(run);
    }
}

/* The saves from before classes (version 1 and 2, in the fuzzers'
 * corpus) still load, as runs of no class, and go on as saved */
static void old_saves_load(const GameData *data)
{
    static const char *const FILES[] = {"save-floor1.txt", "save-floor6.txt", "save-v2-floor1.txt",
                                        "save-v2-floor4.txt", "save-v2-floor9.txt"};
    for (size_t i = 0; i < sizeof FILES / sizeof FILES[0]; ++i) {
        char path[1024], error[256], *text;
        size_t length;
        snprintf(path, sizeof path, "%s/fuzz/corpus/save/%s", AMULETS_SOURCE_DIR, FILES[i]);
        if (!CHECK(file_read_all(file_system_ops(), path, 1 << 22, &text, &length, error,
                                 sizeof error) == FILE_READ_OK)) continue;
        Errors errors = {0};
        Run *run = NULL;
        CHECK_INT(save_read(data, text, length, &run, &errors), LOAD_OK);
        for (int e = 0; e < errors.count && e < 3; ++e) fprintf(stderr, "  %s: %s\n", FILES[i], errors.lines[e]);
        errors_clear(&errors);
        if (run != NULL) {
            CHECK_INT(run_class(run), RUN_NO_CLASS);
            CHECK_STR(run_class_name(run), "Adventurer");
            Run *copy = reload(data, run);
            Rng chooser;
            rng_seed(&chooser, i);
            if (copy != NULL) continue_both(run, copy, &chooser, 100);
            run_free(copy);
        }
        run_free(run);
        free(text);
    }
}

/* The saves of classes and of version 4 (a rogue's of version 3, and
 * four this game wrote as version 4 just before version 5 came in) still
 * load, as runs of their class with their stacks lettered in order (no
 * letter between them left free), and go on as saved */
static void class_saves_load(const GameData *data)
{
    static const struct { const char *file, *class_id; } SAVES[] = {
        {"save-v3-rogue-floor3.txt", "rogue"},     {"save-v4-fighter-floor1.txt", "fighter"},
        {"save-v4-rogue-floor2.txt", "rogue"},     {"save-v4-rogue-floor5.txt", "rogue"},
        {"save-v4-ranger-floor8.txt", "ranger"},
    };
    for (size_t i = 0; i < sizeof SAVES / sizeof SAVES[0]; ++i) {
        char path[1024], error[256], *text;
        size_t length;
        snprintf(path, sizeof path, "%s/fuzz/corpus/save/%s", AMULETS_SOURCE_DIR, SAVES[i].file);
        if (!CHECK(file_read_all(file_system_ops(), path, 1 << 22, &text, &length, error,
                                 sizeof error) == FILE_READ_OK)) continue;
        Errors errors = {0};
        Run *run = NULL;
        CHECK_INT(save_read(data, text, length, &run, &errors), LOAD_OK);
        for (int e = 0; e < errors.count && e < 3; ++e) fprintf(stderr, "  %s: %s\n", SAVES[i].file, errors.lines[e]);
        errors_clear(&errors);
        if (run != NULL) {
            CHECK_STR(run_class_id(run), SAVES[i].class_id);
            CHECK_INT(run_mode(run), MODE_PLAYING);
            const Pack *pack = &run_player(run)->pack;
            for (int slot = 0; slot < PACK_SLOTS; ++slot) CHECK(pack_holds(pack, slot) == (slot < pack->count));
            CHECK(pack->count > 0);
            Run *copy = reload(data, run);
            Rng chooser;
            rng_seed(&chooser, 40 + i);
            if (copy != NULL) continue_both(run, copy, &chooser, 100);
            run_free(copy);
        }
        run_free(run);
        free(text);
    }
}

int main(void)
{
    GameData data = {0};
    load_shipped_data(&data);
    Coverage cov = {0};
    const int seeds = 200, points = 11;
    int side_length = check_sanitized() ? 40 : 100;
    for (int i = 0; i < seeds; ++i) {
        one_seed(&data, 500 + (uint64_t)i, 1 + i % LAST_FLOOR, points, side_length, &cov);
    }
    after_a_trapdoor(&data, &cov);
    while_searching(&data, &cov);
    dice_are_saved(&data);
    seed_38(&data);
    each_class_continues(&data);
    old_saves_load(&data);
    class_saves_load(&data);
    printf("%d save points: %d with hunters, %d mid-fight, %d mid-flight, %d with searchers, "
           "%d with statuses, %d right after a fall, %d on floors 7 to 9\n", cov.saves,
           cov.hunting, cov.fighting, cov.fleeing, cov.searching, cov.statuses, cov.after_fall,
           cov.deep);
    CHECK(cov.saves >= 2000);
    CHECK(cov.hunting >= 100);
    CHECK(cov.fighting >= 50);
    CHECK(cov.fleeing >= 20);
    CHECK(cov.searching >= 1);
    CHECK(cov.statuses >= 2);
    CHECK(cov.after_fall >= 1);
    CHECK(cov.deep >= 300);
    data_free(&data);
    return check_done("test_save");
}
