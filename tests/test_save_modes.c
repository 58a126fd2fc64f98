/* A run saved in any mode a save can be in, waiting for any of its
 * choices (the pack open for each of its purposes, Q's quiver among
 * them; each question; each aim; closing; the menu), is written, read
 * back to the same state and digest, and continues as the run that was
 * never saved: the same commands after it give the same digest after
 * each, both when the choice is made and when it's put away. Every mode
 * (but the run's end, which deletes the save) and every member of each
 * choice's list must be reached, so one added to run.h's lists fails
 * here until a case saves it. Once the quiver's choice had no name in
 * the save: the writer read past its table of names (under ASan, a
 * global-buffer-overflow), and the save was refused when read back. */
#include "runtest.h"
#include "save.h"
#include "savetext.h"

static GameData data;

static int kind_of(const char *id)
{
    int kind = data_find_item(&data, id);
    if (kind < 0) {
        fprintf(stderr, "no item %s in the shipped data\n", id);
        exit(EXIT_FAILURE);
    }
    return kind;
}

static void give(Run *run, const char *id, int count)
{
    CHECK(pack_add(&run_debug_player(run)->pack, (Stack){kind_of(id), count}));
}

static int16_t letter_of(const Run *run, const char *id)
{
    return (int16_t)pack_find(&run_player(run)->pack, kind_of(id));
}

static bool command(Run *run, CommandKind kind, int arg)
{
    return run_command(run, cmd_make(kind, arg));
}

/* A free cell of floor beside the player, or the player's own cell */
static Point free_beside(const Run *run, int *dir)
{
    const Level *level = run_level(run);
    Point me = run_player(run)->pos;
    for (int d = 0; d < 8; ++d) {
        Point p = point_add(me, DIRS[d]);
        if (map_walkable(&level->map, p.x, p.y) && lvl_monster_at(level, p) < 0 && lvl_trap_at(level, p) < 0 &&
            lvl_item_at(level, p) < 0 && map_at(&level->map, p.x, p.y) != T_STAIRS) {
            *dir = d;
            return p;
        }
    }
    *dir = -1;
    return me;
}

/* ---- The cases: each brings a fresh run to a choice, and answers it --- */

typedef struct Case {
    const char *name;
    int floor;                         /* the floor the run starts on */
    bool (*reach)(Run *run);           /* true if the run waits there now */
    Command answer[3];                 /* the choice made (kind 0 ends it) */
} Case;

static bool open_pack(Run *run) { return command(run, CMD_INVENTORY, 0); }

static bool open_drop(Run *run)
{
    give(run, "healing", 2);
    return command(run, CMD_DROP, 0);
}

/* A scroll of identify read, with something unknown left to choose */
static bool open_identify(Run *run)
{
    give(run, "identify", 2);
    give(run, "confusion", 1);
    return open_pack(run) && command(run, CMD_CHOOSE, letter_of(run, "identify"));
}

static bool open_throw(Run *run)
{
    give(run, "dart", 5);
    return command(run, CMD_THROW, 0);
}

static bool open_quiver(Run *run)
{
    give(run, "dart", 5);
    give(run, "throwing_dagger", 3);
    return command(run, CMD_QUIVER, 0);
}

static bool close_door(Run *run) { return command(run, CMD_CLOSE_DOOR, 0); }

static bool menu(Run *run) { return command(run, CMD_MENU, 0); }

/* A known dart trap beside the player, stepped toward */
static bool step_asked(Run *run)
{
    int dir;
    Point p = free_beside(run, &dir);
    if (dir < 0) return false;
    Trap trap = {p, TRAP_DART, true};
    CHECK(lvl_add_trap(run_debug_level(run), &trap));
    return command(run, CMD_MOVE, dir);
}

/* Down the stairs of an Amulet's floor, the Amulet still there */
static bool descent_asked(Run *run)
{
    const Level *level = run_level(run);
    if (!level->has_stairs) return false;
    run_debug_player(run)->pos = level->stairs;
    Level *writable = run_debug_level(run);
    for (int i = writable->monster_count - 1; i >= 0; --i) {   /* none in the way */
        if (point_eq(writable->monsters[i].pos, level->stairs)) lvl_remove_monster(writable, i);
    }
    run_debug_refresh(run);
    return command(run, CMD_DESCEND, 0);
}

static bool fire(Run *run)
{
    give(run, "dart", 5);
    run_debug_player(run)->quiver = kind_of("dart");
    return command(run, CMD_FIRE, 0);
}

static bool throw_chosen(Run *run)
{
    return open_throw(run) && command(run, CMD_CHOOSE, letter_of(run, "dart"));
}

static bool read_scroll(Run *run, const char *id)
{
    give(run, id, 2);
    return open_pack(run) && command(run, CMD_CHOOSE, letter_of(run, id));
}

static bool lightning(Run *run) { return read_scroll(run, "lightning"); }
static bool fireball(Run *run) { return read_scroll(run, "fireball"); }

/* The answers that need the run: a letter, a cell */
enum { ANSWER_LETTER = -100, ANSWER_CELL = -101, ANSWER_DIR = -102 };

static const Case CASES[] = {
    {"the pack, to use", 1, open_pack, {{CMD_CHOOSE, ANSWER_LETTER}}},
    {"the pack, to drop", 1, open_drop, {{CMD_CHOOSE, ANSWER_LETTER}}},
    {"the pack, to identify", 1, open_identify, {{CMD_CHOOSE, ANSWER_LETTER}}},
    {"the pack, to throw", 1, open_throw, {{CMD_CHOOSE, ANSWER_LETTER}, {CMD_AIM, ANSWER_CELL}}},
    {"the pack, to quiver", 1, open_quiver, {{CMD_CHOOSE, ANSWER_LETTER}, {CMD_FIRE, 0}, {CMD_AIM, ANSWER_CELL}}},
    {"closing a door", 1, close_door, {{CMD_MOVE, ANSWER_DIR}}},
    {"a step asked", 1, step_asked, {{CMD_YES, 0}}},
    {"a descent asked", 3, descent_asked, {{CMD_YES, 0}}},
    {"the menu", 1, menu, {{CMD_WAIT, 0}}},
    {"firing", 1, fire, {{CMD_AIM, ANSWER_CELL}}},
    {"throwing", 1, throw_chosen, {{CMD_AIM, ANSWER_CELL}}},
    {"lightning", 1, lightning, {{CMD_AIM, ANSWER_CELL}}},
    {"a fireball", 1, fireball, {{CMD_AIM, ANSWER_CELL}}},
};
enum { CASE_COUNT = sizeof CASES / sizeof CASES[0] };

/* What the answer is on this run: the last letter held (the pack's
 * choices), a cell a few steps off (the aims), the first way */
static Command answer_now(const Run *run, Command answer)
{
    if (answer.arg == ANSWER_LETTER) {
        for (int slot = PACK_SLOTS - 1; slot >= 0; --slot) {
            if (pack_holds(&run_player(run)->pack, slot)) return (Command){answer.kind, (int16_t)slot};
        }
    }
    if (answer.arg == ANSWER_CELL) {
        int dir;
        Point p = free_beside(run, &dir);
        return cmd_aim_at(dir >= 0 ? p : point_add(run_player(run)->pos, DIRS[0]));
    }
    if (answer.arg == ANSWER_DIR) return (Command){answer.kind, 0};
    return answer;
}

/* ---- Saved, read back, and continued ------------------------------------ */

typedef struct Reached {
    int modes[MODE_COUNT], pack_for[INV_COUNT], aims[AIM_COUNT], questions[CONFIRM_COUNT];
    int saves, continued;
} Reached;

static void count_reached(const Run *run, Reached *reached)
{
    Mode mode = run_mode(run);
    ++reached->modes[mode];
    if (mode == MODE_INVENTORY) ++reached->pack_for[run_inventory_action(run)];
    if (mode == MODE_AIMING) ++reached->aims[run_aim_purpose(run)];
    if (mode == MODE_CONFIRMING) ++reached->questions[run_confirm_purpose(run)];
}

/* The run saved and read back: the same state, the same digest, and the
 * same text written again. NULL if it wasn't read back */
static Run *saved_and_read(const Run *run, const char *what)
{
    size_t length;
    char *text = save_write(run, &length);
    if (!check_at(text != NULL, what, __FILE__, __LINE__)) return NULL;
    Run *back = NULL;
    Errors errors = {0};
    LoadResult result = save_read(&data, text, length, &back, &errors);
    if (!check_at(result == LOAD_OK, what, __FILE__, __LINE__)) {
        for (int i = 0; i < errors.count && i < 3; ++i) fprintf(stderr, "    %s\n", errors.lines[i]);
    }
    errors_clear(&errors);
    if (back != NULL) {
        CHECK_INT(run_mode(back), run_mode(run));
        if (!check_at(save_digest(back) == save_digest(run), what, __FILE__, __LINE__)) {
            fprintf(stderr, "    the digest read back differs\n");
        }
        char *again = save_write(back, NULL);
        CHECK_SAME_STATE(again, text);
        free(again);
    }
    free(text);
    return back;
}

/* The same commands to both: each taken or refused alike, and the same
 * digest after each. True while they agree */
static bool go_on(Run *straight, Run *continued, const Command *commands, int count, const char *what)
{
    for (int i = 0; i < count; ++i) {
        Command c = answer_now(straight, commands[i]);
        bool a = run_command(straight, c), b = run_command(continued, c);
        if (!check_at(a == b && save_digest(straight) == save_digest(continued), what, __FILE__, __LINE__)) {
            fprintf(stderr, "    parted at command %d (kind %d, arg %d)\n", i, c.kind, c.arg);
            return false;
        }
    }
    return true;
}

/* One case: the run brought to its choice, saved, read back, and both
 * taken on the same way, once answering the choice and once putting it
 * away (Esc), each followed by a few turns of play */
static void run_case(const Case *c, int class_index, uint64_t seed, Reached *reached)
{
    char what[128];
    snprintf(what, sizeof what, "%s, class %s, seed %llu", c->name, data.classes[class_index].id,
             (unsigned long long)seed);
    for (int way = 0; way < 2; ++way) {
        Run *run = run_new_as(&data, seed, c->floor, class_index);
        run_debug_player(run)->hp = run_debug_player(run)->max_hp = 500;
        run_debug_refresh(run);
        if (!c->reach(run) || run_mode(run) == MODE_PLAYING) {
            run_free(run);
            return;   /* this floor doesn't allow it: other seeds do */
        }
        count_reached(run, reached);
        ++reached->saves;
        Run *back = saved_and_read(run, what);
        if (back != NULL) {
            Command commands[8];
            int count = 0;
            if (way == 0) {
                for (int i = 0; i < 3 && c->answer[i].kind != 0; ++i) commands[count++] = c->answer[i];
            } else {
                commands[count++] = cmd_make(CMD_CANCEL, 0);
            }
            static const Command PLAY_ON[] = {{CMD_WAIT, 0}, {CMD_SEARCH, 0}, {CMD_MOVE, 2}, {CMD_MOVE, 6}};
            for (size_t i = 0; i < sizeof PLAY_ON / sizeof PLAY_ON[0]; ++i) commands[count++] = PLAY_ON[i];
            reached->continued += go_on(run, back, commands, count, what);
        }
        run_free(back);
        run_free(run);
    }
}

int main(void)
{
    load_shipped_data(&data);
    Reached reached = {0};
    for (int c = 0; c < CASE_COUNT; ++c) {
        for (int class_index = 0; class_index < data.class_count; ++class_index) {
            for (uint64_t seed = 1; seed <= 6; ++seed) run_case(&CASES[c], class_index, seed, &reached);
        }
    }
    printf("%d saves read back and %d continued as the run never saved\n", reached.saves, reached.continued);
    CHECK(reached.saves >= CASE_COUNT * data.class_count * 2);
    CHECK_INT(reached.continued, reached.saves);
    /* every mode a save can be in, and every choice */
    for (int m = 0; m < MODE_COUNT; ++m) {
        bool saveable = m != MODE_PLAYING && m != MODE_DEAD && m != MODE_WON;
        if (saveable && !check_at(reached.modes[m] > 0, "every mode saved", __FILE__, __LINE__)) {
            fprintf(stderr, "    mode %d never\n", m);
        }
    }
    for (int i = 0; i < INV_COUNT; ++i) {
        if (!check_at(reached.pack_for[i] > 0, "the pack saved open for each purpose", __FILE__, __LINE__)) {
            fprintf(stderr, "    purpose %d never\n", i);
        }
    }
    for (int i = 0; i < AIM_COUNT; ++i) {
        if (!check_at(reached.aims[i] > 0, "each aim saved", __FILE__, __LINE__)) fprintf(stderr, "    aim %d never\n", i);
    }
    for (int i = 0; i < CONFIRM_COUNT; ++i) {
        if (!check_at(reached.questions[i] > 0, "each question saved", __FILE__, __LINE__)) {
            fprintf(stderr, "    question %d never\n", i);
        }
    }
    data_free(&data);
    return check_done("test_save_modes");
}
