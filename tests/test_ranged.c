/* Ranged combat (ch21), on floors drawn by hand: the target cursor's
 * start and cycling, a bolt of lightning along its line, a fireball's
 * burst, missiles that land and break, firing with nothing to fire,
 * archers that step back and shoot, the dragon's breath, Esc and a save
 * while aiming; and, over thousands of generated floors, that the path
 * drawn is the path flown (but for a monster out of sight, test_aim.c)
 * and never passes a wall. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run_debug.h"
#include "said.h"
#include "save.h"
#include "screen.h"
#include "shottest.h"

/* What f fires (Q chooses it in play) */
static void quiver(Run *run, const char *id) { run_debug_player(run)->quiver = item(id); }

/* Reads what's in a pack slot, as it is: an unknown scroll of
 * lightning or fireball is learnt, and needs a cell then */
static void use_slot(Run *run, int slot)
{
    CHECK(order(run, cmd_make(CMD_USE, slot)));
}

/* A choice at a cell */
static Command at(CommandKind kind, int arg, Point cell) { return cmd_at(cmd_make(kind, arg), cell); }

static int lying(const Run *run, const char *id)
{
    const Level *level = run_level(run);
    int count = 0;
    for (int i = 0; i < level->item_count; ++i) {
        if (level->items[i].stack.kind == item(id)) count += level->items[i].stack.count;
    }
    return count;
}

/* An input playing a run built by hand, saving nowhere */
static void open_input(Input *input, Run *run) { shot_open_input(&data, input, run); }

static void press(Input *input, int key) { input_key(input, key); }

/* ---- The target cursor --------------------------------------------------- */

static void test_cursor(void)
{
    static const char *const ROWS[] = {
        "###########",
        "#@.a.b..c.#",
        "#.........#",
        "#######d###",
        "#.........#",
        "###########",
        NULL,
    };
    Run *run = scene_build(&data, 5, 2, ROWS);
    give(run, "dart", 5);
    quiver(run, "dart");
    spawn(run, "ogre", scene_find(ROWS, 'c'), MS_HUNTING);
    spawn(run, "ogre", scene_find(ROWS, 'a'), MS_HUNTING);
    spawn(run, "ogre", scene_find(ROWS, 'b'), MS_HUNTING);
    map_set(&run_debug_level(run)->map, 7, 3, T_WALL);
    spawn(run, "ogre", (Point){7, 4}, MS_ASLEEP);   /* out of sight, behind the wall */
    Input input;
    open_input(&input, run);
    Point a = scene_find(ROWS, 'a'), b = scene_find(ROWS, 'b'), c = scene_find(ROWS, 'c');
    Point targets[8];
    CHECK_INT(input_targets(&input, targets, 8), 3);
    CHECK(point_eq(targets[0], a) && point_eq(targets[1], b) && point_eq(targets[2], c));

    uint64_t before = save_digest(run);
    press(&input, 'f');
    CHECK_INT(input_screen(&input), SCREEN_AIMING);
    CHECK(point_eq(input.cursor, a));   /* the nearest */
    press(&input, AK_TAB);
    CHECK(point_eq(input.cursor, b));
    press(&input, '+');
    CHECK(point_eq(input.cursor, c));
    press(&input, AK_TAB);
    CHECK(point_eq(input.cursor, a));   /* round again */
    press(&input, AK_BACKTAB);
    CHECK(point_eq(input.cursor, c));
    press(&input, '-');
    CHECK(point_eq(input.cursor, b));
    press(&input, 'j');                 /* the moving keys move it freely */
    CHECK(point_eq(input.cursor, ((Point){b.x, b.y + 1})));
    Point look;
    CHECK(input_look_cell(&input, &look) && point_eq(look, input.cursor));
    /* Esc: nothing spent, nothing changed */
    press(&input, AK_ESC);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK(save_digest(run) == before);
    CHECK_INT(run_turn(run), 0);

    /* fired at b, the next aim starts on b while it's in sight */
    press(&input, 'f');
    press(&input, AK_TAB);
    CHECK(point_eq(input.cursor, b));
    press(&input, 'f');                 /* the firing key again lets fly */
    CHECK_INT(run_turn(run), 1);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    Point now_b = b;
    for (int i = 0; i < run_level(run)->monster_count; ++i) {
        if (run_level(run)->monsters[i].targeted) now_b = run_level(run)->monsters[i].pos;
    }
    press(&input, 'f');
    CHECK(point_eq(input.cursor, now_b));
    press(&input, AK_ESC);
    input_free(&input);
}

/* ---- Scrolls -------------------------------------------------------------- */

static void test_lightning(void)
{
    static const char *const ROWS[] = {
        "############",
        "#@.a.b.c#.d#",
        "############",
        NULL,
    };
    Run *run = scene_build(&data, 6, 8, ROWS);
    give(run, "lightning", 1);
    int hp = data.monsters[data_find_monster(&data, "ogre")].hp;
    spawn(run, "ogre", scene_find(ROWS, 'a'), MS_ASLEEP);
    spawn(run, "ogre", scene_find(ROWS, 'b'), MS_ASLEEP);
    spawn(run, "ogre", scene_find(ROWS, 'c'), MS_ASLEEP);
    spawn(run, "ogre", scene_find(ROWS, 'd'), MS_ASLEEP);   /* past the wall */
    use_slot(run, 0);
    CHECK_INT(run_use_needs(run, 0), USE_AT_CELL);
    CHECK(run_kind_known(run, item("lightning")));
    CHECK_INT(carried(run, "lightning"), 1);   /* learnt, not spent */
    CHECK_INT(run_turn(run), 0);        /* the casting is the turn */
    CHECK(order(run, at(CMD_USE, 0, scene_find(ROWS, 'a'))));   /* it flies on past */
    CHECK(said_among(run, "A bolt of lightning shoots out!"));
    int struck = 0;
    for (int i = first_unread(run); i < msg_count(run_log(run)); ++i) {
        struck += strcmp(msg_get(run_log(run), i)->text, "The lightning hits the ogre.") == 0;
    }
    CHECK_INT(struck, 3);
    for (int i = 0; i < 3; ++i) {
        int lost = hp - monster(run, i)->hp;
        CHECK(lost >= LIGHTNING_MIN && lost <= LIGHTNING_MAX);
        CHECK(monster(run, i)->state == MS_HUNTING);
    }
    CHECK_INT(monster(run, 3)->hp, hp);
    CHECK_INT(carried(run, "lightning"), 0);
    const RunEvents *events = run_events(run);
    CHECK(events->count >= 1 && events->list[0].kind == EV_BOLT);
    CHECK_INT(events->list[0].count, 6);   /* to the cell before the wall */
    CHECK_INT(run_turn(run), 1);
    run_free(run);
}

static void test_fireball(void)
{
    static const char *const ROWS[] = {
        "#########",
        "#@a.....#",
        "#.......#",
        "#########",
        NULL,
    };
    Run *run = scene_build(&data, 7, 8, ROWS);
    give(run, "fireball", 1);
    spawn(run, "ogre", scene_find(ROWS, 'a'), MS_HUNTING);
    Input input;
    open_input(&input, run);
    press(&input, 'i');
    press(&input, 'a');
    CHECK_INT(input_screen(&input), SCREEN_AIMING);
    CHECK(point_eq(input.cursor, scene_find(ROWS, 'a')));
    ShotPlan plan;
    CHECK(run_plan_shot(run, dialog_aimed(&input.dialog, input.cursor), &plan));
    CHECK(plan.burns_player);
    CHECK_INT(plan.count, 1);               /* it stops at the ogre */
    CHECK_INT(plan.burst_count, 6);         /* the ogre's cell and its open neighbours */
    ScreenPanel panel;
    screen_panel(&input, run, 30, 40, &panel);
    bool warned = false;
    for (int i = 0; i < panel.count; ++i) warned = warned || strcmp(panel.lines[i].text, "You are inside the burst!") == 0;
    CHECK(warned);
    int hp = run_player(run)->hp;
    press(&input, AK_ENTER);
    CHECK(said_among(run, "The fireball bursts!"));
    CHECK(said_among(run, "The fire burns you."));
    CHECK(said_among(run, "The fire hits the ogre."));
    int lost = hp - run_player(run)->hp;
    /* the burn, less nothing for armor; the ogre may have struck too */
    CHECK(lost >= FIREBALL_MIN);
    input_free(&input);

    /* far off, the player is safe, and told nothing of it */
    static const char *const FAR[] = {
        "#########",
        "#@......#",
        "#.....a.#",
        "#.......#",
        "#########",
        NULL,
    };
    run = scene_build(&data, 7, 8, FAR);
    give(run, "fireball", 1);
    spawn(run, "kobold", scene_find(FAR, 'a'), MS_ASLEEP);
    use_slot(run, 0);
    CHECK(run_plan_shot(run, at(CMD_USE, 0, scene_find(FAR, 'a')), &plan));
    CHECK(!plan.burns_player);
    CHECK_INT(plan.burst_count, 9);
    hp = run_player(run)->hp;
    CHECK(order(run, at(CMD_USE, 0, scene_find(FAR, 'a'))));
    CHECK(!said_among(run, "The fire burns you."));
    CHECK_INT(run_player(run)->hp, hp);
    run_free(run);
}

/* Esc while aiming, or a save, spends nothing: a scroll read at a cell is
 * one choice, and Esc makes none */
static void test_scroll_put_back(void)
{
    static const char *const ROWS[] = {"#####", "#@.a#", "#####", NULL};
    Run *run = scene_build(&data, 8, 3, ROWS);
    give(run, "lightning", 2);
    Input input;
    open_input(&input, run);
    uint64_t before = save_digest(run);
    press(&input, 'i');
    press(&input, 'a');
    CHECK_INT(input_screen(&input), SCREEN_AIMING);
    CHECK_INT(carried(run, "lightning"), 2);
    press(&input, AK_ESC);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK_INT(carried(run, "lightning"), 2);
    CHECK_INT(run_turn(run), 0);
    CHECK(run_kind_known(run, item("lightning")));   /* read, it's known */

    press(&input, 'i');
    press(&input, 'a');
    CHECK(save_digest(run) != before);   /* only for the name now known */
    char *text = save_write(run, NULL);
    Errors errors = {0};
    Run *loaded = NULL;
    CHECK_INT(save_read(&data, text, strlen(text), &loaded, &errors), LOAD_OK);
    if (loaded != NULL) {
        CHECK_INT(carried(loaded, "lightning"), 2);
        CHECK(run_kind_known(loaded, item("lightning")));
    }
    run_free(loaded);
    errors_clear(&errors);
    free(text);
    input_free(&input);
}

/* ---- Missiles -------------------------------------------------------------- */

static void test_missile_lands(void)
{
    static const char *const ROWS[] = {"#########", "#@....x.#", "#########", NULL};
    Run *run = scene_build(&data, 9, 3, ROWS);
    give(run, "dart", 4);
    CHECK(order(run, at(CMD_THROW, 0, scene_find(ROWS, 'x'))));
    CHECK_INT(carried(run, "dart"), 3);
    int landed = lvl_item_at(run_level(run), scene_find(ROWS, 'x'));
    CHECK(landed >= 0 && run_level(run)->items[landed].stack.kind == item("dart"));
    CHECK_INT(run_player(run)->quiver, item("dart"));
    /* f throws the quivered one; a second lands on the first */
    CHECK(order(run, at(CMD_FIRE, 0, scene_find(ROWS, 'x'))));
    CHECK_INT(lying(run, "dart"), 2);
    CHECK_INT(run_level(run)->item_count, 1);
    /* walked to and picked up, they join the pack's */
    for (int i = 0; i < 5; ++i) CHECK(order(run, cmd_make(CMD_MOVE, 2)));
    CHECK(simple(run, CMD_PICK_UP));
    EXPECT_SAID(run, "You pick up 2 darts.");
    CHECK_INT(carried(run, "dart"), 4);
    run_free(run);
}

/* Thrown at an awake ogre until one misses: it says so, and lands by it */
static void test_missile_misses(void)
{
    static const char *const ROWS[] = {"#########", "#@...o..#", "#########", NULL};
    Run *run = scene_build(&data, 10, 8, ROWS);
    give(run, "dart", 40);
    quiver(run, "dart");
    int ogre = spawn(run, "ogre", scene_find(ROWS, 'o'), MS_HUNTING);
    monster(run, ogre)->status.afraid = 0;
    bool missed = false;
    for (int i = 0; i < 30 && !missed && run_mode(run) == MODE_PLAYING; ++i) {
        monster(run, ogre)->pos = scene_find(ROWS, 'o');   /* kept where it was */
        monster(run, ogre)->hp = 26;
        run_debug_player(run)->hp = run_player(run)->max_hp;
        run_debug_refresh(run);
        CHECK(order(run, at(CMD_FIRE, 0, scene_find(ROWS, 'o'))));
        missed = said_among(run, "The dart misses the ogre.");
    }
    CHECK(missed);
    CHECK_INT(carried(run, "dart") + lying(run, "dart"), 40);   /* darts never break */
    const Level *level = run_level(run);
    for (int i = 0; i < level->item_count; ++i) {
        CHECK(chebyshev(level->items[i].pos, scene_find(ROWS, 'o')) <= 2);
    }
    run_free(run);
}

static void test_arrows(void)
{
    static const char *const ROWS[] = {"##########", "#@.....o.#", "##########", NULL};
    Run *run = scene_build(&data, 11, 8, ROWS);
    /* no bow, and arrows only: f and t say what's missing, no turn */
    give(run, "arrow", 30);
    quiver(run, "arrow");
    Input input;
    open_input(&input, run);
    press(&input, 'f');
    EXPECT_SAID(run, "You need to wield a short bow to shoot those.");
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK_INT(run_turn(run), 0);
    press(&input, 't');
    press(&input, 'a');
    EXPECT_SAID(run, "You need to wield a short bow to shoot those. x2");
    CHECK_INT(input_screen(&input), SCREEN_PACK);   /* another, then */
    press(&input, AK_ESC);
    char why[128];
    CHECK(!run_allows(run, at(CMD_THROW, 0, scene_find(ROWS, 'o')), why, sizeof why));
    CHECK_STR(why, "You need to wield a short bow to shoot those.");
    run_debug_player(run)->weapon = item("short_bow");
    int ogre = spawn(run, "ogre", scene_find(ROWS, 'o'), MS_ASLEEP);
    int hits = 0, breaks = 0;
    for (int i = 0; i < 20; ++i) {
        monster(run, ogre)->state = MS_ASLEEP;   /* a sleeper is always hit */
        monster(run, ogre)->hp = 26;
        monster(run, ogre)->pos = scene_find(ROWS, 'o');
        run_debug_refresh(run);
        CHECK(order(run, at(CMD_FIRE, 0, scene_find(ROWS, 'o'))));
        hits += said_among(run, "The arrow hits the ogre.");
        breaks += said_among(run, "The arrow breaks.");
    }
    CHECK_INT(hits, 20);
    CHECK(breaks > 0 && breaks < 20);
    CHECK_INT(carried(run, "arrow") + lying(run, "arrow") + breaks, 30);
    input_free(&input);

    /* nothing at all */
    run = scene_build(&data, 11, 8, ROWS);
    open_input(&input, run);
    CHECK(!run_allows(run, at(CMD_FIRE, 0, scene_find(ROWS, 'o')), why, sizeof why));
    CHECK_STR(why, "Your quiver is empty.");
    press(&input, 't');
    EXPECT_SAID(run, "You have nothing to throw.");
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    input_free(&input);
}

/* ---- Monsters at range ------------------------------------------------------ */

static void test_archer(void)
{
    static const char *const ROWS[] = {
        "#########",
        "#.......#",
        "#..@a...#",
        "#.......#",
        "#########",
        NULL,
    };
    Run *run = scene_build(&data, 12, 3, ROWS);
    int archer = spawn(run, "goblin_archer", scene_find(ROWS, 'a'), MS_HUNTING);
    CHECK(simple(run, CMD_WAIT));
    CHECK(chebyshev(monster(run, archer)->pos, run_player(run)->pos) == 2);   /* it stepped back */
    CHECK_INT(run_player(run)->hp, run_player(run)->max_hp);
    bool shot = false;
    for (int i = 0; i < 6 && !shot; ++i) {
        CHECK(simple(run, CMD_WAIT));
        shot = said_among(run, "The goblin archer's arrow hits you.") ||
               said_among(run, "The goblin archer's arrow misses you.");
        CHECK(chebyshev(monster(run, archer)->pos, run_player(run)->pos) >= 2);
    }
    CHECK(shot);
    const RunEvents *events = run_events(run);
    CHECK(events->count >= 1 && events->list[0].kind == EV_MISSILE);
    run_free(run);
}

static void test_dragon_breath(void)
{
    static const char *const ROWS[] = {
        "##########",
        "#@.k...D.#",
        "##########",
        NULL,
    };
    Run *run = scene_build(&data, 13, 9, ROWS);
    run_debug_player(run)->hp = run_debug_player(run)->max_hp = 80;
    spawn(run, "ogre", scene_find(ROWS, 'k'), MS_ASLEEP);
    int dragon = spawn(run, "young_red_dragon", scene_find(ROWS, 'D'), MS_HUNTING);
    CHECK(simple(run, CMD_WAIT));
    CHECK(said_among(run, "The young red dragon breathes fire!"));
    CHECK(said_among(run, "The fire burns the ogre."));
    CHECK(said_among(run, "The fire burns you."));
    CHECK_INT(monster(run, dragon)->last_breath, 0);
    const RunEvents *events = run_events(run);
    CHECK(events->count >= 1 && events->list[0].kind == EV_BREATH);
    /* it rests between breaths */
    CHECK(simple(run, CMD_WAIT));
    CHECK(!said_among(run, "The young red dragon breathes fire!"));
    run_free(run);
}

/* ---- The path drawn is the path flown ----------------------------------------- */

static void test_paths(int floors)
{
    int aims = 0, at_monsters = 0, hidden = 0;
    static ScreenMap screen;
    for (int f = 0; f < floors; ++f) {
        Run *run = run_new(&data, 9000 + (uint64_t)f, 1 + f % LAST_FLOOR);
        give(run, "dart", 99);
        quiver(run, "dart");
        Input input;
        open_input(&input, run);
        Rng dice;
        rng_seed(&dice, (uint64_t)f);
        for (int a = 0; a < 3 && run_mode(run) == MODE_PLAYING; ++a) {
            /* a monster in sight first, then any cell in sight */
            Point seen[MAP_CELLS];
            int count = input_targets(&input, seen, MAX_MONSTERS);
            if (count == 0 || a > 0) {
                count = 0;
                for (int i = 0; i < MAP_CELLS; ++i) {
                    Point c = {i % MAP_W, i / MAP_W};
                    if (run_sees(run, c) && !point_eq(c, run_player(run)->pos)) seen[count++] = c;
                }
            }
            if (count == 0) continue;
            Point target = seen[a == 0 ? 0 : rng_roll(&dice, 0, count - 1)];
            press(&input, 'f');
            input.cursor = target;
            ShotPlan plan;
            CHECK(run_plan_shot(run, dialog_aimed(&input.dialog, target), &plan));
            screen_map(&input, run, &screen);
            /* no wall on it; drawn where the player sees, and only there */
            int in_sight = 0;
            for (int i = 0; i < plan.count; ++i) {
                Point c = plan.cells[i];
                CHECK(!map_blocks_sight(&run_level(run)->map, c.x, c.y));
                bool lit = run_sees(run, c);
                in_sight += lit;
                CHECK(screen.cells[cell_index(c.x, c.y)].path == lit);
            }
            int drawn = 0;
            for (int i = 0; i < MAP_CELLS; ++i) drawn += screen.cells[i].path;
            CHECK_INT(drawn, in_sight);
            /* a monster in sight is reached, unless another stands first
             * or it's out of range */
            int range = data.items[item("dart")].range;
            /* nothing flown: only at a wall right beside the player */
            if (plan.count == 0) {
                CHECK(chebyshev(target, run_player(run)->pos) == 1 &&
                      map_blocks_sight(&run_level(run)->map, target.x, target.y));
                press(&input, AK_ESC);
                continue;
            }
            Point end = plan.cells[plan.count - 1];
            if (lvl_monster_at(run_level(run), target) >= 0 && chebyshev(target, run_player(run)->pos) <= range) {
                ++at_monsters;
                CHECK(point_eq(end, target) || lvl_monster_at(run_level(run), end) >= 0);
            }
            CHECK(plan.count <= range);
            int turn = run_turn(run);
            press(&input, AK_ENTER);
            /* past the range it isn't let fly */
            CHECK(plan.beyond_range == (chebyshev(target, run_player(run)->pos) > range));
            if (plan.beyond_range) {
                CHECK_INT(run_turn(run), turn);
                CHECK_INT(input_screen(&input), SCREEN_AIMING);
                press(&input, AK_ESC);
                continue;
            }
            /* it flies the path drawn, but for a monster out of sight on
             * it, where it stops */
            const RunEvents *events = run_events(run);
            CHECK(events->count >= 1 && events->list[0].kind == EV_MISSILE);
            const RunEvent *flight = &events->list[0];
            bool same = flight->count <= plan.count;
            for (int i = 0; same && i < flight->count; ++i) same = point_eq(flight->cells[i], plan.cells[i]);
            CHECK(same);
            if (same && flight->count < plan.count) {
                ++hidden;
                CHECK(!run_sees(run, flight->cells[flight->count - 1]));
            }
            ++aims;
        }
        input_free(&input);
    }
    printf("%d aims on %d floors, %d at monsters, %d stopped out of sight\n", aims, floors,
           at_monsters, hidden);
    CHECK(aims > floors);
    CHECK(at_monsters > floors / 10);
}

int main(void)
{
    load_shipped_data(&data);
    test_cursor();
    test_lightning();
    test_fireball();
    test_scroll_put_back();
    test_missile_lands();
    test_missile_misses();
    test_arrows();
    test_archer();
    test_dragon_breath();
    test_paths(check_sanitized() ? 300 : 3000);
    data_free(&data);
    return check_done("test_ranged");
}
