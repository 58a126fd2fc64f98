/* The debugging views behind --debug and the mark they leave on a run
 * (its save, its recording, its record, kept off the high scores), the
 * kills counted by kind, and the record of a run in morgue/ for a death
 * and for a victory, section by section. */
#define _POSIX_C_SOURCE 200809L

#include "files.h"
#include "gen.h"
#include "input.h"
#include "morgue.h"
#include "playback.h"
#include "replay.h"
#include "runtest.h"
#include "save.h"
#include "scene.h"
#include "scores.h"
#include "session.h"
#include "slot.h"
#include "slottest.h"

/* A run that dies waiting on floor 9, as test_input's */
enum { DEATH_SEED = 12, DEATH_FLOOR = 9 };

static GameData data;
static char root[PATH_SIZE];

static void make_slot(Slot *slot, const char *name) { make_slot_in(slot, root, name); }

static void open_input(Input *input, const Slot *slot, uint64_t seed, int floor, bool debug)
{
    InputSetup setup = {.data = &data, .slot = slot, .seed = seed, .start_floor = floor, .debug = debug,
                        .clock = fixed_clock};
    if (!input_open(input, &setup)) {
        fprintf(stderr, "out of memory\n");
        exit(EXIT_FAILURE);
    }
}

static void die(Input *input)
{
    for (int i = 0; i < 200 && input_screen(input) != SCREEN_DEAD; ++i) input_key(input, '.');
}

static bool said(const Run *run, const char *text)
{
    const MsgLog *log = run_log(run);
    for (int i = 0; i < msg_count(log); ++i) {
        if (strcmp(msg_get(log, i)->text, text) == 0) return true;
    }
    return false;
}

static char *text_of(const char *path)
{
    char *text = contents(path, NULL);
    if (text == NULL) {
        fprintf(stderr, "can't read %s\n", path);
        exit(EXIT_FAILURE);
    }
    return text;
}

static int count_commands(const Replay *replay, CommandKind kind)
{
    int count = 0;
    for (int i = 0; i < replay->count; ++i) count += replay->commands[i].kind == kind;
    return count;
}

/* ---- The switch --------------------------------------------------------------- */

/* Without --debug the views' keys do nothing at all, on any screen; F2,
 * the tile view, is no debugging aid */
static void test_debug_keys_need_the_switch(void)
{
    Slot slot;
    make_slot(&slot, "no-switch");
    Input input;
    open_input(&input, &slot, 7, 3, false);
    uint64_t before = save_digest(input.session.run);
    static const int VIEWS[] = {AK_F1, AK_F3, AK_F4, AK_F6, AK_F7};
    for (int round = 0; round < 2; ++round) {
        for (size_t i = 0; i < sizeof VIEWS / sizeof VIEWS[0]; ++i) {
            CHECK_INT(input_key(&input, VIEWS[i]), INPUT_NOTHING);
        }
        const DebugViews *views = &input.views;
        CHECK(!views->reveal && !views->distances && !views->monster_list && !views->growing);
        CHECK_INT(views->vault_shown, -1);
        input_key(&input, 'x');   /* and while looking */
    }
    CHECK(!run_debugged(input.session.run));
    CHECK(save_digest(input.session.run) == before);
    input_key(&input, AK_ESC);
    CHECK(!slot_has_save(&slot));
    CHECK_INT(input_key(&input, AK_F2), INPUT_REDRAW);
    CHECK(input.views.tiles);
    CHECK(!run_debugged(input.session.run));
    input_free(&input);
}

/* With it, the first view used marks the run for good: in the save
 * (written at once), the recording's header and its D command, which
 * plays back to the same marked run */
static void test_a_debugged_run_is_marked(void)
{
    Slot slot;
    make_slot(&slot, "marked");
    Input input;
    open_input(&input, &slot, 7, 3, true);
    input_key(&input, '.');
    CHECK(!run_debugged(input.session.run));
    CHECK_INT(input_key(&input, AK_F1), INPUT_REDRAW);
    CHECK(input.views.reveal);
    CHECK(run_debugged(input.session.run));
    CHECK(slot_has_save(&slot));   /* quitting without saving can't shed it */
    char *save = text_of(slot.save);
    char version[40];
    snprintf(version, sizeof version, "\n[save]\nversion = %d\n", SAVE_VERSION);
    CHECK(strstr(save, version) != NULL);
    CHECK(strstr(save, "\ndebug = yes\n") != NULL);
    input_key(&input, AK_F1);
    input_key(&input, AK_F4);
    input_key(&input, AK_F4);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
    CHECK_INT(input_key(&input, 'S'), INPUT_QUIT);
    uint64_t marked = save_digest(input.session.run);
    input_free(&input);

    Replay replay;
    Errors errors = {0};
    CHECK(rep_read_file(&replay, slot.replay, &errors));
    CHECK(replay.debug);
    CHECK_INT(count_commands(&replay, CMD_DEBUG), 1);
    char *recording = text_of(slot.replay);
    CHECK(strstr(recording, "\nclass = fighter\ndebug = yes\n") != NULL);
    free(recording);
    Playback playback;
    CHECK(playback_start(&playback, &replay, &data, &errors));
    CHECK_INT(playback_finish(&playback, &errors), PLAYBACK_END);
    CHECK(run_debugged(playback_run(&playback)));
    CHECK(save_digest(playback_run(&playback)) == marked);
    playback_stop(&playback);
    rep_free(&replay);

    SlotLoad load;
    Run *run = slot_load(&slot, &data, &load);
    CHECK(run != NULL && run_debugged(run));
    errors_clear(&load.reasons);
    run_free(run);
    free(save);
    errors_clear(&errors);
}

/* Takes out every line that starts with start */
static void drop_lines(char *text, const char *start)
{
    char *out = text;
    for (const char *line = text; *line != '\0';) {
        const char *end = strchr(line, '\n');
        size_t length = end != NULL ? (size_t)(end - line) + 1 : strlen(line);
        if (strncmp(line, start, strlen(start)) != 0) {
            memmove(out, line, length);
            out += length;
        }
        line += length;
    }
    *out = '\0';
}

/* A version 3 save (no mark, no [killed]) still reads, unmarked; the
 * mark is version 4's, so a version 3 save with it is damaged */
static void test_version_3_still_reads(void)
{
    Run *run = run_new(&data, 7, 3);
    char *text = save_write(run, NULL);
    char *log = strstr(text, "\n[message]\n");   /* version 4's log goes too */
    if (log != NULL) log[1] = '\0';
    drop_lines(text, "letter = ");               /* and version 5's letters */
    char current[32];
    snprintf(current, sizeof current, "version = %d", SAVE_VERSION);
    char *at = strstr(text, current);
    CHECK(at != NULL);
    if (at != NULL) at[10] = '3';
    Run *read = NULL;
    Errors errors = {0};
    CHECK_INT(save_read(&data, text, strlen(text), &read, &errors), LOAD_OK);
    CHECK(read != NULL && !run_debugged(read));
    run_free(read);

    char marked[64 * 1024];
    const char *class_line = strstr(text, "class = fighter\n");
    CHECK(class_line != NULL && strlen(text) + 16 < sizeof marked);
    if (class_line != NULL) {
        size_t head = (size_t)(class_line - text) + strlen("class = fighter\n");
        snprintf(marked, sizeof marked, "%.*sdebug = yes\n%s", (int)head, text, text + head);
        read = NULL;
        CHECK_INT(save_read(&data, marked, strlen(marked), &read, &errors), LOAD_DAMAGED);
        CHECK(read == NULL);
        CHECK(errors.count > 0 && strstr(errors.lines[errors.count - 1], "'debug'") != NULL);
    }
    errors_clear(&errors);
    free(text);
    run_free(run);
}

/* A debugged run that dies has its record, saying so, and never reaches
 * the high scores; the next run, not debugged, does. A view after the
 * run's end marks nothing */
static void test_a_debugged_run_never_reaches_the_scores(void)
{
    Slot slot;
    make_slot(&slot, "kept-off");
    char scores[PATH_SIZE];
    path_of(scores, "%s/scores.txt", slot.dir);
    Input input;
    open_input(&input, &slot, DEATH_SEED, DEATH_FLOOR, true);
    input_key(&input, AK_F3);
    input_key(&input, AK_F3);
    die(&input);
    CHECK_INT(input_screen(&input), SCREEN_DEAD);
    CHECK(said(input.session.run, "This run used the debugging views, so it isn't on the high scores."));
    CHECK(!exists(scores));
    CHECK(input.session.morgue[0] != '\0');
    char *record = text_of(input.session.morgue);
    CHECK(strstr(record, "\nThe debugging views were used in this run (--debug): it isn't on the "
                         "high scores.\n") != NULL);
    free(record);
    input_free(&input);

    open_input(&input, &slot, DEATH_SEED, DEATH_FLOOR, true);
    die(&input);
    CHECK(!run_debugged(input.session.run));
    CHECK(said(input.session.run, "The run is number 1 of the high scores."));
    CHECK_INT(input_key(&input, AK_F1), INPUT_REDRAW);   /* the run is over */
    CHECK(!run_debugged(input.session.run));
    input_free(&input);
    ScoreTable table;
    ScoresLoad load;
    scores_load(&slot, &table, &load);
    CHECK_INT(load.result, SCORES_READ_OK);
    CHECK_INT(table.count, 1);
}

/* ---- The record of a death ----------------------------------------------------- */

/* The lines of a section, from its heading to the next blank line */
static const char *section(const char *text, const char *title)
{
    char heading[128];
    snprintf(heading, sizeof heading, "\n%s\n", title);
    const char *at = strstr(text, heading);
    if (at == NULL) return NULL;
    at += strlen(heading);
    for (size_t i = 0; i < strlen(title); ++i) {
        if (*at++ != '-') return NULL;   /* underlined */
    }
    return *at == '\n' ? at + 1 : NULL;
}

static int count_char(const char *from, const char *to, char c)
{
    int count = 0;
    for (const char *p = from; p < to; ++p) count += *p == c;
    return count;
}

/* A death's last messages, the floor as the player knew it, and its
 * recording */
static void check_the_end(const char *text, const Run *run, const Slot *slot)
{
    /* the last messages, up to the death, at most 30 of them */
    const char *messages = section(text, "The last messages");
    const char *floor = section(text, "Floor 9, as you knew it");
    CHECK(messages != NULL && floor != NULL && messages < floor);
    if (messages != NULL && floor != NULL) {
        int lines = count_char(messages, floor, '\n') - 3;   /* the blank, the heading, its line */
        CHECK(lines >= 3 && lines <= MORGUE_MESSAGES);
        CHECK(strstr(messages, "You die...\n\nFloor 9") != NULL);
        CHECK(strncmp(messages, "Welcome to the dungeon!", 23) == 0);
    }
    /* the floor as the player knew it: the player once, a wall beside */
    const char *recording = section(text, "The recording");
    CHECK(floor != NULL && recording != NULL);
    if (floor != NULL && recording != NULL) {
        CHECK_INT(count_char(floor, recording, '@'), 1);
        CHECK(count_char(floor, recording, '#') > 10);
        const char *row = strchr(floor, '@');
        while (row > floor && row[-1] != '\n') --row;
        int x = (int)(strchr(floor, '@') - row);
        CHECK_INT(x, run_player(run)->pos.x);
    }
    /* the recording, in runs/, of this run's death */
    char runs[PATH_SIZE];
    path_of(runs, "%s/000001-seed-%d-floor-%d-dead.txt\n", slot->runs, DEATH_SEED, DEATH_FLOOR);
    CHECK(recording != NULL && strcmp(recording, runs) == 0);
    Replay replay;
    Errors errors = {0};
    runs[strlen(runs) - 1] = '\0';
    CHECK(rep_read_file(&replay, runs, &errors) && replay.ended == MODE_DEAD);
    rep_free(&replay);
    errors_clear(&errors);
}

static void test_the_record_of_a_death(void)
{
    Slot slot;
    make_slot(&slot, "death");
    Input input;
    open_input(&input, &slot, DEATH_SEED, DEATH_FLOOR, false);
    die(&input);
    const Run *run = input.session.run;
    char want[PATH_SIZE];
    path_of(want, "%s/morgue/000001-seed-%d-floor-%d-dead.txt", slot.dir, DEATH_SEED, DEATH_FLOOR);
    CHECK_STR(input.session.morgue, want);
    char *text = text_of(want);

    char top[512];
    snprintf(top, sizeof top,
             "Amulets of SDL: the record of a run\n===================================\n\n"
             "Fighter, seed %d\nEnded 2026-12-01 12:00 UTC\nKilled by %s, on turn %d, on floor %d.\n",
             DEATH_SEED, run_player(run)->killed_by, run_turn(run), DEATH_FLOOR);
    CHECK(strncmp(text, top, strlen(top)) == 0);
    CHECK(strstr(text, "(--debug)") == NULL);

    const char *figures = section(text, "The run");
    char line[256];
    snprintf(line, sizeof line, "Floor %d    Turns %d    Gold 0    Amulets 0 of 3\nHealth 0/%d    ",
             DEATH_FLOOR, run_turn(run), run_player(run)->max_hp);
    CHECK(figures != NULL && strncmp(figures, line, strlen(line)) == 0);
    CHECK(strstr(text, "\nWielding a long sword; wearing chain mail.\n") != NULL);
    const char *kills = section(text, "Kills");
    CHECK(kills != NULL && strncmp(kills, "0 in all\n\n", 10) == 0);
    const char *pack = section(text, "The pack");
    CHECK(pack != NULL && strncmp(pack, "Nothing.\n", 9) == 0);

    check_the_end(text, run, &slot);
    free(text);
    input_free(&input);

    /* the next death has the next number */
    open_input(&input, &slot, DEATH_SEED, DEATH_FLOOR, false);
    die(&input);
    path_of(want, "%s/morgue/000002-seed-%d-floor-%d-dead.txt", slot.dir, DEATH_SEED, DEATH_FLOOR);
    CHECK_STR(input.session.morgue, want);
    input_free(&input);
}

/* Only the last 30 messages; no date without a clock; no recording */
static void test_the_last_30_messages(void)
{
    Run *run = run_new(&data, 5, 1);
    for (int i = 1; i <= 40; ++i) {
        char line[32];
        snprintf(line, sizeof line, "Message %d.", i);
        run_tell(run, line);
    }
    run_debug_player(run)->hp = 0;
    snprintf(run_debug_player(run)->killed_by, sizeof run_debug_player(run)->killed_by, "a rat");
    run_debug_set_mode(run, MODE_DEAD);
    size_t length;
    char *text = morgue_text(run, "", MORGUE_NO_DATE, &length);
    CHECK(text != NULL && strlen(text) == length);
    CHECK(strstr(text, "\nFighter, seed 5\nKilled by a rat, on turn 0, on floor 1.\n") != NULL);
    CHECK(strstr(text, "Ended") == NULL);
    const char *messages = section(text, "The last messages");
    const char *floor = section(text, "Floor 1, as you knew it");
    CHECK(messages != NULL && floor != NULL);
    if (messages != NULL && floor != NULL) {
        CHECK_INT(count_char(messages, floor, '\n') - 3, MORGUE_MESSAGES);
        CHECK(strncmp(messages, "Message 11.\nMessage 12.\n", 24) == 0);
        CHECK(strstr(messages, "Message 40.\n\nFloor 1") != NULL);
    }
    const char *recording = section(text, "The recording");
    CHECK(recording != NULL && strcmp(recording, "None was kept.\n") == 0);
    free(text);
    run_free(run);
}

/* A morgue/ that can't be made: the log says why, the run ends as ever */
static void test_a_record_that_cant_be_written(void)
{
    Slot slot;
    make_slot(&slot, "no-morgue");
    char blocker[PATH_SIZE];
    path_of(blocker, "%s/morgue", slot.dir);
    put_file(blocker, "in the way\n", 11);
    Input input;
    open_input(&input, &slot, DEATH_SEED, DEATH_FLOOR, false);
    die(&input);
    CHECK_INT(input_screen(&input), SCREEN_DEAD);
    CHECK_STR(input.session.morgue, "");
    const MsgLog *log = run_log(input.session.run);
    bool told = false;
    for (int i = 0; i < msg_count(log); ++i) {
        told = told || strncmp(msg_get(log, i)->text, "The run's record couldn't be written: ", 38) == 0;
    }
    CHECK(told);
    CHECK(said(input.session.run, "The run is number 1 of the high scores."));
    input_free(&input);
}

/* ---- Kills by kind, and the record of a victory ---------------------------------- */

static int kind_of_class(ItemClass item_class)
{
    for (int kind = 0; kind < data.item_count; ++kind) {
        if (data.items[kind].item_class == item_class) return kind;
    }
    return -1;
}

/* The kills by kind are saved and read back, each kind once, and never
 * more than the kills */
static void check_kills_saved(const Run *run, int jackal)
{
    char *save = save_write(run, NULL);
    CHECK(strstr(save, "\n[killed]\nkind = jackal\ncount = 1\n") != NULL);
    Run *read = NULL;
    Errors errors = {0};
    CHECK_INT(save_read(&data, save, strlen(save), &read, &errors), LOAD_OK);
    CHECK(read != NULL && run_player(read)->killed[jackal] == 1);
    run_free(read);
    char twice[64 * 1024];
    snprintf(twice, sizeof twice, "%s\n[killed]\nkind = jackal\ncount = 1\n", save);
    CHECK_INT(save_read(&data, twice, strlen(twice), &read, &errors), LOAD_DAMAGED);
    CHECK(errors.count > 0 && strstr(errors.lines[0], "the jackal has a [killed] already") != NULL);
    errors_clear(&errors);
    snprintf(twice, sizeof twice, "%s\n[killed]\nkind = kobold\ncount = 1\n", save);
    CHECK_INT(save_read(&data, twice, strlen(twice), &read, &errors), LOAD_DAMAGED);
    CHECK(errors.count > 0 && strcmp(errors.lines[errors.count - 1],
                                     "save.txt: the [killed] records add up to more than the player's kills") == 0);
    errors_clear(&errors);
    free(save);
}

/* The player, two Amulets found, kills a jackal and picks up the third */
static void test_the_record_of_a_victory(void)
{
    static const char *const rows[] = {
        "#######",
        "#.@j..#",
        "#######",
        NULL,
    };
    Slot slot;
    make_slot(&slot, "victory");
    Run *run = scene_build(&data, 77, 3, rows);
    int jackal = data_find_monster(&data, "jackal");
    Monster m = gen_monster(&data, jackal, scene_find(rows, 'j'), 0, true);
    m.hp = 1;
    Level *level = run_debug_level(run);
    CHECK(lvl_add_monster(level, &m));
    FloorItem amulet = {.stack = {kind_of_class(IC_AMULET), 1}, .pos = scene_find(rows, '@'), .seen = true};
    CHECK(lvl_add_item(level, &amulet));
    run_debug_player(run)->amulets = AMULETS - 1;
    run_debug_refresh(run);
    Session session;
    session_start(&session, &slot, run);
    session.clock = fixed_clock;
    for (int i = 0; i < 100 && level->monster_count > 0; ++i) session_command(&session, cmd_make(CMD_MOVE, 2));
    CHECK_INT(level->monster_count, 0);
    CHECK_INT(run_player(run)->kills, 1);
    CHECK_INT(run_player(run)->killed[jackal], 1);

    check_kills_saved(run, jackal);

    CHECK(session_command(&session, cmd_make(CMD_PICK_UP, 0)));
    CHECK_INT(run_mode(run), MODE_WON);
    char want[PATH_SIZE];
    path_of(want, "%s/morgue/000001-seed-77-floor-3-won.txt", slot.dir);
    CHECK_STR(session.morgue, want);
    char *text = text_of(want);
    char top[256];
    snprintf(top, sizeof top, "\nAdventurer, seed 77\nEnded 2026-12-01 12:00 UTC\nWon: all 3 Amulets of "
             "SDL, on turn %d, on floor 3.\n", run_turn(run));
    CHECK(strstr(text, top) != NULL);
    CHECK(strstr(text, "\nFloor 3    Turns ") != NULL && strstr(text, "Amulets 3 of 3\n") != NULL);
    const char *kills = section(text, "Kills");
    CHECK(kills != NULL && strncmp(kills, "1 in all\n     1  jackal\n\n", 25) == 0);
    const char *floor = section(text, "Floor 3, as you knew it");
    CHECK(floor != NULL && strncmp(floor, "#######\n#.@...#\n#######\n\n", 25) == 0);
    free(text);
    CHECK(said(run, "The run is number 1 of the high scores."));
    run_free(run);
}

int main(void)
{
    load_shipped_data(&data);
    make_test_root(root, "morgue");
    test_debug_keys_need_the_switch();
    test_a_debugged_run_is_marked();
    test_version_3_still_reads();
    test_a_debugged_run_never_reaches_the_scores();
    test_the_record_of_a_death();
    test_the_last_30_messages();
    test_a_record_that_cant_be_written();
    test_the_record_of_a_victory();
    char command[PATH_SIZE + 16];
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    if (system(command) != 0) fprintf(stderr, "couldn't remove %s\n", root);
    data_free(&data);
    return check_done("test_morgue");
}
