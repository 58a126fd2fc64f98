/* Aiming as a player knows the floor (issue 18): the path the target
 * cursor draws is made from what the player knows, never stopping at a
 * monster they can't see (over thousands of generated floors and every
 * cell in sight), and a monster hit out of sight is "something"; a
 * missile can't be aimed past its range; a missed monster that was awake
 * doesn't wake up again; the aim starts on the monster that most calls
 * for it (one that harms the player now before a sleeper, a sleeper
 * before a shrieker), and Tab goes through them so; f fires the quiver and only the quiver, Q
 * chooses it, and the bot quivers for itself; the aiming prompt is the
 * panel's, not the log's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "run_debug.h"
#include "said.h"
#include "save.h"
#include "screen.h"
#include "screen_dialog.h"
#include "shottest.h"

static void open_input(Input *input, Run *run) { shot_open_input(&data, input, run); }

static void press(Input *input, int key) { input_key(input, key); }

static bool panel_says(const Input *input, const char *text)
{
    static ScreenPanel panel;
    screen_panel(input, input->session.run, 30, 40, &panel);
    for (int i = 0; i < panel.count; ++i) {
        if (strcmp(panel.lines[i].text, text) == 0) return true;
    }
    return false;
}

/* f at a cell: the quivered missile's choice */
static Command fire_at(Point cell) { return cmd_at(cmd_make(CMD_FIRE, 0), cell); }

static const char *newest(const Run *run)
{
    const MsgLog *log = run_log(run);
    return msg_count(log) > 0 ? msg_get(log, msg_count(log) - 1)->text : "";
}

/* ---- The drawn path knows only what the player knows -------------------- */

/* A run of the book's player with a short bow in hand and arrows
 * quivered, on a generated floor */
static Run *archer_on(uint64_t seed, int floor)
{
    Run *run = run_new_as(&data, seed, floor, RUN_NO_CLASS);
    run_debug_player(run)->weapon = item("short_bow");
    give(run, "arrow", 30);
    run_debug_player(run)->quiver = item("arrow");
    return run;
}

/* A monster on a cell of the plan before its end that the player can't
 * see: the shot itself stops there */
static int hidden_on(const Run *run, const ShotPlan *plan)
{
    for (int i = 0; i < plan->count; ++i) {
        Point c = plan->cells[i];
        if (!run_sees(run, c) && lvl_monster_at(run_level(run), c) >= 0) return i;
    }
    return -1;
}

/* The sweep's floors, and the places on each the player is put */
enum { SWEEP_SEED = 4000, PLACES = 8 };

/* The player put on a cell the dice choose, if it's open ground with no
 * monster on it */
static bool place_player(Run *run, Rng *dice)
{
    Point at = {rng_roll(dice, 0, MAP_W - 1), rng_roll(dice, 0, MAP_H - 1)};
    const Level *level = run_level(run);
    if (!map_walkable(&level->map, at.x, at.y) || lvl_monster_at(level, at) >= 0) return false;
    run_debug_player(run)->pos = at;
    run_debug_refresh(run);
    return true;
}

typedef struct Sweep {
    int targets, differ, short_of_target, hidden;
} Sweep;

/* The run as it would be with no monster out of sight */
static Run *without_unseen(const Run *run)
{
    Run *bare = run_clone(run);
    CHECK(bare != NULL);
    Level *level = run_debug_level(bare);
    for (int i = level->monster_count - 1; i >= 0; --i) {
        if (!run_sees(bare, level->monsters[i].pos)) lvl_remove_monster(level, i);
    }
    return bare;
}

static bool same_plan(const ShotPlan *a, const ShotPlan *b)
{
    bool same = a->count == b->count;
    for (int i = 0; same && i < a->count; ++i) same = point_eq(a->cells[i], b->cells[i]);
    return same;
}

/* Every cell in sight from where the player stands, aimed at: the plan is
 * the same as with no monster out of sight, and it reaches an open cell
 * aimed at (or a monster in sight before it) */
static void sweep_from(Run *run, Sweep *s)
{
    Point me = run_player(run)->pos;
    Run *bare = without_unseen(run);
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point target = cell_point(i);
        if (!run_sees(run, target) || point_eq(target, me)) continue;
        ShotPlan plan, known;
        CHECK(run_plan_shot(run, fire_at(target), &plan));
        CHECK(run_plan_shot(bare, fire_at(target), &known));
        ++s->targets;
        s->hidden += hidden_on(run, &plan) >= 0;
        if (!same_plan(&plan, &known)) {
            if (s->differ++ < 3) {
                fprintf(stderr, "from %d,%d at %d,%d: the plan stops at %d,%d, out of sight\n",
                        me.x, me.y, target.x, target.y, plan.cells[plan.count - 1].x,
                        plan.cells[plan.count - 1].y);
            }
        }
        if (map_blocks_sight(&run_level(run)->map, target.x, target.y)) continue;
        Point end = plan.cells[plan.count - 1];
        bool at_seen_monster = run_sees(run, end) && lvl_monster_at(run_level(run), end) >= 0;
        if (!point_eq(end, target) && !at_seen_monster) ++s->short_of_target;
    }
    run_free(bare);
}

static void check_sweep(int floors)
{
    Sweep s = {0};
    for (int f = 0; f < floors; ++f) {
        Run *run = archer_on(SWEEP_SEED + (uint64_t)f, 1 + f % LAST_FLOOR);
        Rng dice;
        rng_seed(&dice, (uint64_t)f * 7919);
        for (int place = 0; place < PLACES; ++place) {
            if (place_player(run, &dice)) sweep_from(run, &s);
        }
        run_free(run);
    }
    printf("%d targets in sight on %d floors: %d past a monster out of sight\n", s.targets, floors,
           s.hidden);
    CHECK(s.targets > floors * 100);
    CHECK(s.hidden > 0);               /* the case is met */
    CHECK_INT(s.differ, 0);            /* and never drawn */
    CHECK_INT(s.short_of_target, 0);
}

/* The first target past a monster the player can't see, on the sweep's
 * floors: the shot hits "something", and the path drawn went on past it */
static void check_hit_unseen(void)
{
    for (int f = 0; f < 2000; ++f) {
        Run *run = archer_on(SWEEP_SEED + (uint64_t)f, 1 + f % LAST_FLOOR);
        Rng dice;
        rng_seed(&dice, (uint64_t)f * 7919);
        for (int place = 0; place < PLACES; ++place) {
            if (!place_player(run, &dice)) continue;
            for (int i = 0; i < MAP_CELLS; ++i) {
                Point target = cell_point(i);
                ShotPlan plan;
                if (!run_sees(run, target) || !run_plan_shot(run, fire_at(target), &plan)) continue;
                int hidden = hidden_on(run, &plan);
                if (hidden < 0) continue;
                Point cell = plan.cells[hidden];
                Monster *m = monster(run, lvl_monster_at(run_level(run), cell));
                m->state = MS_ASLEEP;   /* a sleeper is always hit */
                m->hp = data.monsters[m->kind].hp;
                char named[96];
                snprintf(named, sizeof named, "The arrow hits the %s.", data.monsters[m->kind].name);
                CHECK(order(run, fire_at(target)));
                CHECK(said_among(run, "The arrow hits something.") ||
                      said_among(run, "The arrow kills something."));
                CHECK(!said_among(run, named));
                const RunEvents *events = run_events(run);
                CHECK(events->count >= 1 && events->list[0].count == hidden + 1 &&
                      point_eq(events->list[0].cells[hidden], cell));
                printf("an arrow at %d,%d hit something unseen at %d,%d (seed %d)\n", target.x,
                       target.y, cell.x, cell.y, SWEEP_SEED + f);
                run_free(run);
                return;
            }
        }
        run_free(run);
    }
    CHECK(!"no target past a monster out of sight");
}

/* ---- Range ------------------------------------------------------------- */

static void test_range(void)
{
    static const char *const ROWS[] = {"###########", "#@......o.#", "###########", NULL};
    Run *run = scene_build(&data, 21, 3, ROWS);
    give(run, "dart", 5);
    run_debug_player(run)->quiver = item("dart");
    Point ogre = scene_find(ROWS, 'o');
    CHECK(chebyshev(ogre, run_player(run)->pos) > data.items[item("dart")].range);
    spawn(run, "ogre", ogre, MS_ASLEEP);
    Input input;
    open_input(&input, run);
    press(&input, 'f');
    CHECK_INT(input_screen(&input), SCREEN_AIMING);
    CHECK(point_eq(input.cursor, ogre));
    CHECK(panel_says(&input, "Beyond your range."));
    press(&input, AK_ENTER);
    CHECK_STR(newest(run), "That is beyond your range.");
    CHECK_INT(input_screen(&input), SCREEN_AIMING);   /* still aiming: nearer, then */
    CHECK_INT(run_turn(run), 0);
    CHECK_INT(carried(run, "dart"), 5);
    press(&input, 'h');
    CHECK(!panel_says(&input, "Beyond your range."));
    press(&input, AK_ENTER);
    CHECK_INT(run_turn(run), 1);
    CHECK_INT(carried(run, "dart"), 4);
    input_free(&input);

    /* a bolt is aimed only for its way: past its range it goes as far */
    run = scene_build(&data, 22, 3, ROWS);
    give(run, "lightning", 1);
    run_debug_player(run)->pos = (Point){1, 1};
    CHECK(order(run, cmd_make(CMD_USE, 0)));   /* read: learnt, and nothing spent yet */
    CHECK_INT(run_use_needs(run, 0), USE_AT_CELL);
    CHECK_INT(run_turn(run), 0);
    CHECK(order(run, cmd_at(cmd_make(CMD_USE, 0), (Point){9, 1})));
    CHECK(said_among(run, "A bolt of lightning shoots out!"));
    run_free(run);
}

/* ---- Where the aim starts ------------------------------------------------ */

/* A shrieker asleep beside the player, a rat biting, an ogre asleep
 * across the room: the aim starts on the rat, the one that harms the
 * player now, and Tab goes on to the ogre, which could later, then the
 * shrieker, which never could. The last target, in sight, still comes
 * first */
static void test_most_called_for(void)
{
    static const char *const ROWS[] = {
        "##########",
        "#.s......#",
        "#.@......#",
        "#...r..o.#",
        "##########",
        NULL,
    };
    Run *run = scene_build(&data, 23, 2, ROWS);
    give(run, "dart", 5);
    run_debug_player(run)->quiver = item("dart");
    Point shrieker = scene_find(ROWS, 's'), rat = scene_find(ROWS, 'r'), ogre = scene_find(ROWS, 'o');
    spawn(run, "shrieker", shrieker, MS_ASLEEP);
    spawn(run, "giant_white_rat", rat, MS_HUNTING);
    spawn(run, "ogre", ogre, MS_ASLEEP);
    Input input;
    open_input(&input, run);
    Point targets[8];
    CHECK_INT(input_targets(&input, targets, 8), 3);
    CHECK(point_eq(targets[0], rat) && point_eq(targets[1], ogre) && point_eq(targets[2], shrieker));
    /* the panel's list is still nearest first */
    CHECK_INT(input_targets_of(run, targets, 8), 3);
    CHECK(point_eq(targets[0], shrieker) && point_eq(targets[1], rat) && point_eq(targets[2], ogre));
    press(&input, 'f');
    CHECK_INT(input_screen(&input), SCREEN_AIMING);
    CHECK(point_eq(input.cursor, rat));
    press(&input, AK_TAB);
    CHECK(point_eq(input.cursor, ogre));
    press(&input, AK_TAB);
    CHECK(point_eq(input.cursor, shrieker));
    press(&input, AK_TAB);
    CHECK(point_eq(input.cursor, rat));
    /* fired at the ogre: the next aim starts on it, nearer monsters and
     * all, while it's in sight */
    press(&input, AK_TAB);
    press(&input, AK_ENTER);
    CHECK_INT(run_turn(run), 1);
    const Monster *target = NULL;
    for (int i = 0; i < run_level(run)->monster_count; ++i) {
        if (run_level(run)->monsters[i].targeted) target = &run_level(run)->monsters[i];
    }
    CHECK(target != NULL && strcmp(data.monsters[target->kind].id, "ogre") == 0 && run_sees(run, target->pos));
    press(&input, 'f');
    CHECK(target != NULL && point_eq(input.cursor, target->pos));
    press(&input, AK_ESC);
    input_free(&input);
}

/* ---- A miss turns an awake monster, which doesn't wake again ---------------- */

static void test_miss_no_wake(void)
{
    static const char *const ROWS[] = {"#########", "#@...o..#", "#########", NULL};
    Run *run = scene_build(&data, 23, 8, ROWS);
    give(run, "dart", 40);
    run_debug_player(run)->quiver = item("dart");
    int ogre = spawn(run, "ogre", scene_find(ROWS, 'o'), MS_WANDERING);
    bool missed = false;
    for (int i = 0; i < 40 && !missed; ++i) {
        monster(run, ogre)->pos = scene_find(ROWS, 'o');
        monster(run, ogre)->hp = data.monsters[monster(run, ogre)->kind].hp;
        monster(run, ogre)->state = MS_WANDERING;
        run_debug_player(run)->hp = run_player(run)->max_hp;
        run_debug_refresh(run);
        CHECK(order(run, fire_at(scene_find(ROWS, 'o'))));
        missed = said_among(run, "The dart misses the ogre.");
    }
    CHECK(missed);
    CHECK(!said_among(run, "The ogre wakes up!"));
    CHECK_INT(monster(run, ogre)->state, MS_HUNTING);   /* it turns on the player all the same */
    run_free(run);
}

/* ---- The quiver ---------------------------------------------------------- */

static int class_named(const char *id)
{
    int found = data_find_class(&data, id);
    CHECK(found >= 0);
    return found;
}

static void test_kit_quivered(void)
{
    static const struct { const char *cls, *missile; } KITS[] = {
        {"ranger", "arrow"}, {"rogue", "throwing_dagger"}, {"fighter", NULL},
    };
    for (size_t i = 0; i < sizeof KITS / sizeof KITS[0]; ++i) {
        Run *run = run_new_as(&data, 30, 1, class_named(KITS[i].cls));
        CHECK_INT(run_player(run)->quiver, KITS[i].missile ? item(KITS[i].missile) : -1);
        run_free(run);
    }
}

static void test_fire_only_quiver(void)
{
    static const char *const ROWS[] = {"##########", "#@....o..#", "##########", NULL};
    Run *run = scene_build(&data, 24, 8, ROWS);
    run_debug_player(run)->weapon = item("short_bow");
    give(run, "arrow", 1);
    give(run, "dart", 5);
    run_debug_player(run)->quiver = item("arrow");
    spawn(run, "ogre", scene_find(ROWS, 'o'), MS_ASLEEP);
    Command fire = fire_at(scene_find(ROWS, 'o'));
    CHECK_INT(run_aimed_kind(run, fire), item("arrow"));
    CHECK(order(run, fire));
    CHECK_INT(carried(run, "arrow"), 0);
    /* the arrows are gone: f spends no dart in their place */
    int turn = run_turn(run);
    char why[128];
    CHECK(!run_allows(run, fire, why, sizeof why));
    CHECK_STR(why, "Your quiver is empty.");
    CHECK(!order(run, fire));
    CHECK_INT(run_turn(run), turn);
    CHECK_INT(carried(run, "dart"), 5);

    /* the keys: f says which key quivers, Q chooses, f fires it */
    Input input;
    open_input(&input, run);
    int logged = msg_count(run_log(run));
    press(&input, 'f');
    CHECK_STR(newest(run), "Your quiver is empty. Press Q to choose a missile.");
    CHECK_INT(msg_count(run_log(run)), logged + 1);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    press(&input, 'Q');
    CHECK_INT(input_screen(&input), SCREEN_PACK);
    static ScreenDialog dialog;
    screen_dialog(&input, run, &dialog);
    CHECK_STR(dialog.lines[0].text, "QUIVER WHICH?");
    press(&input, 'a' + pack_find(&run_player(run)->pack, item("dart")));
    CHECK_STR(newest(run), "You quiver 5 darts.");
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK_INT(run_player(run)->quiver, item("dart"));
    CHECK_INT(run_turn(run), turn);    /* choosing takes no time */
    press(&input, 'f');
    CHECK_INT(input_screen(&input), SCREEN_AIMING);
    CHECK_INT(run_aimed_kind(run, dialog_aimed(&input.dialog, input.cursor)), item("dart"));
    press(&input, AK_ESC);
    input_free(&input);
}

static void test_quiver_choices(void)
{
    static const char *const ROWS[] = {"########", "#@....o#", "########", NULL};
    Run *run = scene_build(&data, 25, 8, ROWS);
    Input input;
    open_input(&input, run);
    press(&input, 'Q');
    CHECK_STR(newest(run), "You have nothing to quiver.");
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    give(run, "healing", 1);
    give(run, "arrow", 3);
    give(run, "dart", 4);
    press(&input, 'Q');
    CHECK_INT(input_screen(&input), SCREEN_PACK);
    press(&input, 'a');
    CHECK_STR(newest(run), "You can't quiver that.");
    CHECK_INT(input_screen(&input), SCREEN_PACK);   /* another, then */
    press(&input, 'b');   /* arrows, without the bow */
    CHECK_STR(newest(run), "You quiver 3 arrows.");
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    press(&input, 'f');
    CHECK_STR(newest(run), "You need to wield a short bow to shoot those.");
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    /* the rules themselves refuse the same, whole or as far as it goes */
    char why[128];
    CHECK(!run_allows(run, cmd_make(CMD_QUIVER, 0), why, sizeof why));
    CHECK_STR(why, "You can't quiver that.");
    CHECK(!run_allows(run, fire_at(scene_find(ROWS, 'o')), why, sizeof why));
    CHECK_STR(why, "You need to wield a short bow to shoot those.");

    /* a throw leaves the quiver as chosen while it holds any */
    run_debug_player(run)->weapon = item("short_bow");
    CHECK(order(run, cmd_at(cmd_make(CMD_THROW, 2), scene_find(ROWS, 'o'))));
    CHECK_INT(carried(run, "dart"), 3);
    CHECK_INT(run_player(run)->quiver, item("arrow"));

    /* the choice is saved */
    char *text = save_write(run, NULL);
    Errors errors = {0};
    Run *loaded = NULL;
    CHECK_INT(save_read(&data, text, strlen(text), &loaded, &errors), LOAD_OK);
    if (loaded != NULL) CHECK_INT(run_player(loaded)->quiver, item("arrow"));
    run_free(loaded);
    errors_clear(&errors);
    free(text);
    input_free(&input);
}

/* The bot fires its arrows, then quivers its darts itself and throws
 * those: f alone would fire nothing more */
static void test_bot_quivers(void)
{
    static const char *const ROWS[] = {"##########", "#@....o..#", "##########", NULL};
    Run *run = scene_build(&data, 26, 8, ROWS);
    run_debug_player(run)->weapon = item("short_bow");
    run_debug_player(run)->hp = run_debug_player(run)->max_hp = 500;
    give(run, "arrow", 2);
    give(run, "dart", 6);
    run_debug_player(run)->quiver = item("arrow");
    int ogre = spawn(run, "ogre", scene_find(ROWS, 'o'), MS_ASLEEP);
    Bot bot;
    bot_start(&bot);
    bool quivered = false;
    for (int i = 0; i < 12 && carried(run, "dart") == 6; ++i) {
        monster(run, ogre)->pos = scene_find(ROWS, 'o');   /* kept off, asleep */
        monster(run, ogre)->state = MS_ASLEEP;
        monster(run, ogre)->hp = data.monsters[monster(run, ogre)->kind].hp;
        run_debug_refresh(run);
        for (int c = 0; c < 4 && run_mode(run) != MODE_DEAD; ++c) {
            Command command;
            CHECK(bot_next(&bot, run, &command));
            quivered = quivered || command.kind == CMD_QUIVER;
            int turn = run_turn(run);
            order(run, command);
            if (run_turn(run) != turn) break;
        }
    }
    CHECK_INT(carried(run, "arrow"), 0);
    CHECK(quivered);
    CHECK_INT(run_player(run)->quiver, item("dart"));
    CHECK(carried(run, "dart") < 6);
    run_free(run);
}

/* ---- The prompt is the panel's ------------------------------------------- */

static void test_prompt_not_logged(void)
{
    static const char *const ROWS[] = {"########", "#@...o.#", "########", NULL};
    Run *run = scene_build(&data, 27, 8, ROWS);
    give(run, "dart", 3);
    give(run, "fireball", 1);
    run_debug_player(run)->quiver = item("dart");
    spawn(run, "kobold", scene_find(ROWS, 'o'), MS_ASLEEP);
    Input input;
    open_input(&input, run);
    int logged = msg_count(run_log(run));
    press(&input, 'f');
    CHECK_INT(input_screen(&input), SCREEN_AIMING);
    CHECK_INT(msg_count(run_log(run)), logged);
    CHECK(panel_says(&input, "Shoot a dart at what?"));
    CHECK(panel_says(&input, "Tab next, Enter go, Esc stop"));
    press(&input, AK_ESC);
    press(&input, 't');
    CHECK_INT(input_screen(&input), SCREEN_PACK);
    press(&input, 'a');
    CHECK_INT(input_screen(&input), SCREEN_AIMING);
    CHECK(panel_says(&input, "Throw a dart at what?"));
    press(&input, AK_ESC);
    press(&input, 'i');
    press(&input, 'b');
    CHECK_INT(input_screen(&input), SCREEN_AIMING);
    CHECK(panel_says(&input, "Aim the fireball at what?"));
    /* reading it names it, in the log: that's news; the prompt isn't */
    for (int i = logged; i < msg_count(run_log(run)); ++i) {
        CHECK(strstr(msg_get(run_log(run), i)->text, "at what?") == NULL);
    }
    press(&input, AK_ESC);
    input_free(&input);
}

int main(void)
{
    load_shipped_data(&data);
    test_range();
    test_most_called_for();
    test_miss_no_wake();
    test_kit_quivered();
    test_fire_only_quiver();
    test_quiver_choices();
    test_bot_quivers();
    test_prompt_not_logged();
    check_hit_unseen();
    check_sweep(check_sanitized() ? 150 : 600);
    data_free(&data);
    return check_done("test_aim");
}
