/* The log's counting and order, on floors built by hand. A line said
 * again straight after itself is counted ("x2") only when it's the same
 * words about the same thing: one jackal biting twice is "x2", two
 * jackals biting or waking are two lines (once "The goblin wakes up! x2"
 * couldn't say whether one goblin woke twice or two woke). And what
 * comes into view is told before anything it does: "A kobold comes into
 * view." and then "The kobold wakes up!", not the other way round. */
#include "gen.h"
#include "runtest.h"
#include "said.h"
#include "scene.h"

static GameData data;

static int spawn(Run *run, const char *id, Point pos, MonsterState state)
{
    Monster m = gen_monster(&data, data_find_monster(&data, id), pos, 0, state != MS_ASLEEP);
    m.state = state;
    m.in_view = true;   /* seen already */
    if (state == MS_HUNTING) {
        m.has_last_seen = true;
        m.last_seen = run_player(run)->pos;
    }
    Level *level = run_debug_level(run);
    CHECK(lvl_add_monster(level, &m));
    run_debug_refresh(run);
    return level->monster_count - 1;
}

static bool wait_turn(Run *run) { return run_command(run, cmd_make(CMD_WAIT, 0)); }

/* One jackal biting turn after turn: one line, counted */
static void same_monster_counted(void)
{
    static const char *const ROWS[] = {"#####", "#@j.#", "#####", NULL};
    Run *run = scene_build(&data, 21, 1, ROWS);
    run_debug_player(run)->hp = run_debug_player(run)->max_hp = 200;
    spawn(run, "jackal", scene_find(ROWS, 'j'), MS_HUNTING);
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The jackal hits you.");
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The jackal hits you. x2");
    run_free(run);
}

/* Two jackals biting in the same turn: two lines */
static void two_monsters_two_lines(void)
{
    static const char *const ROWS[] = {"#####", "#j@k#", "#####", NULL};
    Run *run = scene_build(&data, 22, 1, ROWS);
    run_debug_player(run)->hp = run_debug_player(run)->max_hp = 200;
    spawn(run, "jackal", scene_find(ROWS, 'j'), MS_HUNTING);
    spawn(run, "jackal", scene_find(ROWS, 'k'), MS_HUNTING);
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The jackal hits you.", "The jackal hits you.");
    /* each again: still one line each, the two never counted as one */
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The jackal hits you.", "The jackal hits you.");
    run_free(run);
}

/* A pack waking together: a line for each the player sees */
static void pack_wakes_line_by_line(void)
{
    static const char *const ROWS[] = {
        "##########",
        "#........#",
        "#..a@....#",
        "#........#",
        "#b......c#",
        "##########",
        NULL,
    };
    Run *run = scene_build(&data, 61, 1, ROWS);
    int a = spawn(run, "jackal", scene_find(ROWS, 'a'), MS_ASLEEP);
    int b = spawn(run, "jackal", scene_find(ROWS, 'b'), MS_ASLEEP);
    int c = spawn(run, "jackal", scene_find(ROWS, 'c'), MS_ASLEEP);
    Level *level = run_debug_level(run);
    level->monsters[a].pack_id = level->monsters[b].pack_id = level->monsters[c].pack_id = 1;
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The jackal wakes up!", "The jackal wakes up!", "The jackal wakes up!");
    run_free(run);
}

/* Different monsters of different kinds are different lines anyway; and
 * the same words about nothing in particular are counted as before */
static void plain_lines_counted(void)
{
    static const char *const ROWS[] = {"####", "#@.#", "####", NULL};
    Run *run = scene_build(&data, 23, 1, ROWS);
    CHECK(run_command(run, cmd_make(CMD_MOVE, 6)));
    EXPECT_SAID(run, "You bump into the wall.");
    CHECK(run_command(run, cmd_make(CMD_MOVE, 6)));
    EXPECT_SAID(run, "You bump into the wall. x2");
    run_free(run);
}

/* A sleeper seen only from the step beside it: it comes into view, and
 * then wakes */
static void comes_into_view_first(void)
{
    static const char *const ROWS[] = {
        "#####",
        "#...#",
        "#@#k#",
        "#####",
        NULL,
    };
    Run *run = scene_build(&data, 24, 1, ROWS);
    Point k = scene_find(ROWS, 'k');
    Monster m = gen_monster(&data, data_find_monster(&data, "kobold"), k, 0, false);
    CHECK(lvl_add_monster(run_debug_level(run), &m));
    run_debug_refresh(run);
    CHECK(!run_sees(run, k));
    CHECK(run_command(run, cmd_make(CMD_MOVE, 1)));   /* north-east, beside it */
    EXPECT_SAID(run, "A kobold comes into view.", "The kobold wakes up!");
    CHECK(run_events(run)->alarm);
    CHECK(wait_turn(run));
    CHECK(!said_among(run, "A kobold comes into view."));   /* once */
    run_free(run);
}

/* An archer behind a door the player opens: seen, then its arrow */
static void seen_before_it_shoots(void)
{
    static const char *const ROWS[] = {
        "#########",
        "#@+...g.#",
        "#########",
        NULL,
    };
    int told_first = 0, shots = 0;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        Run *run = scene_build(&data, seed, 2, ROWS);
        run_debug_player(run)->hp = run_debug_player(run)->max_hp = 200;
        Monster m = gen_monster(&data, data_find_monster(&data, "goblin_archer"), scene_find(ROWS, 'g'), 0, true);
        m.state = MS_HUNTING;
        m.has_last_seen = true;
        m.last_seen = run_player(run)->pos;
        CHECK(lvl_add_monster(run_debug_level(run), &m));
        run_debug_refresh(run);
        CHECK(run_command(run, cmd_make(CMD_MOVE, 2)));   /* bumps the door open */
        const MsgLog *log = run_log(run);
        int view = -1, arrow = -1;
        for (int i = first_unread(run); i < msg_count(log); ++i) {
            const char *text = msg_get(log, i)->text;
            if (strcmp(text, "A goblin archer comes into view.") == 0 && view < 0) view = i;
            if (strstr(text, "arrow") != NULL && arrow < 0) arrow = i;
        }
        if (arrow >= 0) {
            ++shots;
            told_first += view >= 0 && view < arrow;
            if (!check_at(view >= 0 && view < arrow, "seen before its arrow", __FILE__, __LINE__)) print_said(run);
        }
        run_free(run);
    }
    CHECK(shots >= 10);
    CHECK_INT(told_first, shots);
}

int main(void)
{
    load_shipped_data(&data);
    same_monster_counted();
    two_monsters_two_lines();
    pack_wakes_line_by_line();
    plain_lines_counted();
    comes_into_view_first();
    seen_before_it_shoots();
    data_free(&data);
    return check_done("test_messages");
}
