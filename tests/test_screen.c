/* The screen model, which every frontend paints: over many random runs no
 * cell shows a monster out of sight (but the dim mark of one last seen),
 * a trap not found or a secret door; F1 shows every monster; the player
 * and the cursor are where they are; the panel's figures and the look
 * panel, and the log's newest lines with repeats counted. */
#include <string.h>

#include "input.h"
#include "known.h"
#include "palette.h"
#include "rng.h"
#include "run_debug.h"
#include "runtest.h"
#include "screen.h"

static GameData data;
static ScreenMap screen;

static void open_input(Input *input, uint64_t seed, int floor)
{
    InputSetup setup = {.data = &data, .seed = seed, .start_floor = floor, .debug = true};  /* F1 */
    if (!input_open(input, &setup)) exit(EXIT_FAILURE);
}

static bool same_color(Color a, Color b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

/* Nothing on the screen the player doesn't know: counts the cells that
 * show more */
static int cells_past_knowledge(const Run *run, const ScreenMap *map)
{
    const Level *level = run_level(run);
    int wrong = 0;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        const ScreenCell *c = &map->cells[i];
        KnownCell k = known_cell(run, p);
        int m = lvl_monster_at(level, p), t = lvl_trap_at(level, p);
        bool player = point_eq(p, run_player(run)->pos);
        if (!k.explored && !k.visible && c->shown && !player) ++wrong;
        /* a monster out of sight shows only as a remembered mark */
        if (m >= 0 && !k.visible && c->lit && !player) ++wrong;
        if (m >= 0 && !k.visible && k.remembered < 0 && c->shown &&
            c->glyph == data.monsters[level->monsters[m].kind].glyph &&
            !same_color(c->fg, PAL_MEMORY_WALL) && !player) ++wrong;
        if (t >= 0 && !level->traps[t].known && c->glyph == '^') ++wrong;
        if (map_at_point(&level->map, p) == T_SECRET_DOOR && c->shown && c->glyph != '#' && !player) ++wrong;
    }
    return wrong;
}

static void never_past_knowledge(int runs, int commands)
{
    Rng rng;
    rng_seed(&rng, 77);
    int wrong = 0, checked = 0;
    for (int r = 0; r < runs; ++r) {
        Input input;
        open_input(&input, (uint64_t)r + 1, 1 + r % LAST_FLOOR);
        for (int i = 0; i < commands; ++i) {
            static const char keys[] = "hjklyubn.sg";
            input_key(&input, keys[rng_roll(&rng, 0, (int)sizeof keys - 2)]);
            Mode mode = run_mode(input.session.run);
            if (mode == MODE_DEAD || mode == MODE_WON) break;
            if (mode != MODE_PLAYING) input_key(&input, AK_ESC);
            if (i % 10 == 0) {
                screen_map(&input, input.session.run, &screen);
                wrong += cells_past_knowledge(input.session.run, &screen);
                ++checked;
            }
        }
        input_free(&input);
    }
    CHECK_INT(wrong, 0);
    CHECK(checked > runs);
}

/* F1 shows every monster, wherever it is; F1 again hides them */
static void reveal_shows_everything(void)
{
    Input input;
    open_input(&input, 9, 5);
    const Run *run = input.session.run;
    const Level *level = run_level(run);
    input_key(&input, AK_F1);
    screen_map(&input, run, &screen);
    int shown = 0;
    for (int i = 0; i < level->monster_count; ++i) {
        Point p = level->monsters[i].pos;
        shown += screen.cells[cell_index(p.x, p.y)].glyph == data.monsters[level->monsters[i].kind].glyph;
    }
    CHECK_INT(shown, level->monster_count);
    input_key(&input, AK_F1);
    screen_map(&input, run, &screen);
    CHECK_INT(cells_past_knowledge(run, &screen), 0);
    input_free(&input);
}

/* The player's @ and the look cursor */
static void player_and_cursor(void)
{
    Input input;
    open_input(&input, 21, 1);
    const Run *run = input.session.run;
    Point p = run_player(run)->pos;
    screen_map(&input, run, &screen);
    const ScreenCell *at = &screen.cells[cell_index(p.x, p.y)];
    CHECK(at->glyph == '@' && at->lit && at->layers > 0 && strcmp(at->tiles[at->layers - 1], "player") == 0);
    int cursors = 0;
    for (int i = 0; i < MAP_CELLS; ++i) cursors += screen.cells[i].cursor;
    CHECK_INT(cursors, 0);
    input_key(&input, 'x');
    input_key(&input, 'l');
    screen_map(&input, run, &screen);
    Point q = {p.x + 1, p.y};
    CHECK(screen.cells[cell_index(q.x, q.y)].cursor);
    CHECK(point_eq(screen_focus(&input, run), q));
    input_free(&input);
}

static bool has_line(const ScreenPanel *panel, int from, int to, const char *text)
{
    for (int i = from; i < to; ++i) {
        if (strcmp(panel->lines[i].text, text) == 0) return true;
    }
    return false;
}

/* The figures, the health bar, and the look panel while looking */
static void panel_lines(void)
{
    Input input;
    open_input(&input, 4, 2);
    ScreenPanel panel;
    screen_panel(&input, input.session.run, 30, 40, &panel);
    CHECK(has_line(&panel, 0, panel.count, "Floor 2"));
    /* the default class's, as classes.txt gives it */
    const ClassDef *first = &data.classes[0];
    char weapon[96], line[128];
    run_item_name(input.session.run, (Stack){first->kit[0].kind, 1}, weapon, sizeof weapon);
    snprintf(line, sizeof line, "Weapon: %s", weapon);
    CHECK_INT(data.items[first->kit[0].kind].item_class, IC_WEAPON);
    CHECK(has_line(&panel, 0, panel.count, line));
    CHECK(has_line(&panel, 0, panel.count, first->name));
    CHECK(has_line(&panel, 0, panel.count, "Turn 0"));
    int bars = 0;
    for (int i = 0; i < panel.count; ++i) bars += panel.lines[i].kind == PANEL_BAR;
    CHECK_INT(bars, 1);
    CHECK_INT(panel.look_first, panel.count);
    input_key(&input, 'x');
    screen_panel(&input, input.session.run, 30, 40, &panel);
    CHECK(panel.look_first < panel.count);
    CHECK(has_line(&panel, panel.look_first, panel.count, "Looking (Esc or x to stop):"));
    /* a short panel keeps to its rows */
    screen_panel(&input, input.session.run, 30, 10, &panel);
    CHECK(panel.count <= 10);
    input_free(&input);
}

/* The log's newest rows, repeats counted, read ones dim */
static void log_lines(void)
{
    Input input;
    open_input(&input, 4, 2);
    Run *run = input.session.run;
    run_debug_clear_level(run, 2);
    for (int i = 0; i < 3; ++i) input_key(&input, 'k');
    for (int i = 0; i < 40; ++i) input_key(&input, 'j');
    ScreenLog log;
    screen_log(run, 3, &log);
    CHECK(log.count <= 3);
    bool counted = false;
    for (int i = 0; i < log.count; ++i) counted = counted || strstr(log.lines[i], " x") != NULL;
    CHECK(counted);
    input_free(&input);
}

int main(void)
{
    load_shipped_data(&data);
    bool slow = check_sanitized();
    never_past_knowledge(slow ? 30 : 200, 300);
    reveal_shows_everything();
    player_and_cursor();
    panel_lines();
    log_lines();
    data_free(&data);
    return check_done("test_screen");
}
