/* What the player is told, kept and timed: the whole log goes across a
 * save and continue (the last SAVE_LOG_MESSAGES of it), never into the
 * digest; "A kobold comes into view." once each time one does; and the
 * alarm that drops keys typed ahead, when the player is hurt or a
 * monster comes into view. */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "run_debug.h"
#include "runtest.h"
#include "said.h"
#include "save.h"
#include "scene.h"

static GameData data;

static Run *reload(const Run *run)
{
    size_t length;
    char *text = save_write(run, &length);
    Errors errors = {0};
    Run *copy = NULL;
    CHECK_INT(save_read(&data, text, length, &copy, &errors), LOAD_OK);
    errors_clear(&errors);
    free(text);
    return copy;
}

static void test_history_kept(void)
{
    Run *run = run_new(&data, 14, 1);
    for (int i = 0; i < 40; ++i) run_command(run, cmd_make(CMD_MOVE, (i % 8)));
    run_tell(run, "A line of our own.");
    run_tell(run, "A line of our own.");
    const MsgLog *before = run_log(run);
    Run *copy = reload(run);
    if (copy == NULL) return;
    const MsgLog *after = run_log(copy);
    CHECK_INT(msg_count(after), msg_count(before) + 1);
    bool same = true;
    for (int i = 0; i < msg_count(before) && same; ++i) {
        same = strcmp(msg_get(before, i)->text, msg_get(after, i)->text) == 0 &&
               msg_get(before, i)->count == msg_get(after, i)->count && msg_get(after, i)->read;
    }
    CHECK(same);
    CHECK_INT(msg_get(after, msg_count(before) - 1)->count, 2);
    CHECK_STR(msg_last(after), "Welcome back. You're on floor 1.");
    CHECK(!msg_get(after, msg_count(after) - 1)->read);
    /* talk is no part of the digest */
    CHECK(save_digest(copy) == save_digest(run));
    run_tell(copy, "Something else entirely.");
    CHECK(save_digest(copy) == save_digest(run));
    run_free(copy);

    /* a long run keeps its last SAVE_LOG_MESSAGES */
    for (int i = 0; i < SAVE_LOG_MESSAGES + 50; ++i) {
        char line[32];
        snprintf(line, sizeof line, "Line %d.", i);
        run_tell(run, line);
    }
    copy = reload(run);
    if (copy != NULL) {
        CHECK_INT(msg_count(run_log(copy)), SAVE_LOG_MESSAGES + 1);
        char last[32];
        snprintf(last, sizeof last, "Line %d.", SAVE_LOG_MESSAGES + 49);
        CHECK_STR(msg_get(run_log(copy), SAVE_LOG_MESSAGES - 1)->text, last);
    }
    run_free(copy);
    run_free(run);
}

static void test_comes_into_view(void)
{
    static const char *const ROWS[] = {
        "############",
        "#@.........#",
        "######+#####",
        "#..........#",
        "############",
        NULL,
    };
    Run *run = scene_build(&data, 15, 2, ROWS);
    int kind = data_find_monster(&data, "kobold");
    Monster m = gen_monster(&data, kind, (Point){8, 1}, 0, false);   /* asleep, in view */
    CHECK(lvl_add_monster(run_debug_level(run), &m));
    Monster hidden = gen_monster(&data, kind, (Point){6, 3}, 0, false);   /* behind the door */
    CHECK(lvl_add_monster(run_debug_level(run), &hidden));
    run_debug_refresh(run);
    CHECK(run_command(run, cmd_make(CMD_WAIT, 0)));
    EXPECT_SAID(run, "A kobold comes into view.");
    CHECK(run_events(run)->alarm);
    CHECK(run_command(run, cmd_make(CMD_WAIT, 0)));
    EXPECT_SILENT(run);   /* once, not each turn */
    CHECK(!run_events(run)->alarm);
    /* out of sight and back: told again */
    run_debug_level(run)->monsters[0].pos = (Point){9, 3};
    run_debug_refresh(run);
    CHECK(run_command(run, cmd_make(CMD_WAIT, 0)));
    EXPECT_SILENT(run);
    run_debug_level(run)->monsters[0].pos = (Point){9, 1};
    run_debug_refresh(run);
    CHECK(run_command(run, cmd_make(CMD_WAIT, 0)));
    EXPECT_SAID(run, "A kobold comes into view. x2");   /* the log counts it again */
    /* the door opened: the one behind it */
    for (int i = 0; i < 4; ++i) run_command(run, cmd_make(CMD_MOVE, 2));
    CHECK(run_command(run, cmd_make(CMD_MOVE, 3)));   /* bumps the door open */
    CHECK(said_among(run, "A kobold comes into view."));
    run_free(run);
}

/* Hurt, the alarm goes: keys typed ahead are to be dropped */
static void test_alarm_when_hurt(void)
{
    static const char *const ROWS[] = {"#####", "#@k.#", "#####", NULL};
    Run *run = scene_build(&data, 16, 2, ROWS);
    Monster m = gen_monster(&data, data_find_monster(&data, "kobold"), (Point){2, 1}, 0, true);
    m.state = MS_HUNTING;
    m.in_view = true;
    CHECK(lvl_add_monster(run_debug_level(run), &m));
    run_debug_refresh(run);
    CHECK(run_command(run, cmd_make(CMD_WAIT, 0)));
    CHECK(said_among(run, "The kobold hits you."));
    CHECK(run_events(run)->alarm);
    run_free(run);
}

int main(void)
{
    load_shipped_data(&data);
    test_history_kept();
    test_comes_into_view();
    test_alarm_when_hurt();
    data_free(&data);
    return check_done("test_history");
}
