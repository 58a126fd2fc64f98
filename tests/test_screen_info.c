/* The screens about the run say when a page is longer than its dialog:
 * under the lines in view, how many more there are above and below and
 * which keys scroll to them (the \ list with every kind known, the
 * history, which opens at its newest), and nothing under a page that's
 * all in view (the character). The terminal at 80 x 24: tests/term/known.sh;
 * that every row fits both smallest screens: tests/sdl/test_fit.c. */
#include <stdio.h>
#include <string.h>

#include "info.h"
#include "pages.h"
#include "run_debug.h"
#include "runtest.h"
#include "screen_dialog.h"

static GameData data;

enum { FOOT = 3 + INFO_PAGE_LINES };   /* the title, the hint and a gap, then the page */

static void open_input(Input *input, Run *run)
{
    InputSetup setup = {.data = &data, .seed = 1, .start_floor = 1};
    if (!input_open(input, &setup)) exit(EXIT_FAILURE);
    run_free(input->session.run);
    session_start(&input->session, NULL, run);
}

static const char *foot(const Input *input)
{
    static ScreenDialog d;
    screen_dialog(input, input->session.run, &d);
    CHECK(d.rows >= FOOT + 1);
    return d.count > FOOT ? d.lines[FOOT].text : "";
}

static void test_known_page(void)
{
    Run *run = run_new(&data, 5, 1);
    for (int k = 0; k < data.item_count; ++k) ident_learn(run_debug_ident(run), k);
    Input input;
    open_input(&input, run);
    input_key(&input, '\\');
    int lines = pages_write(&input, input.session.run, 0, NULL), below = lines - INFO_PAGE_LINES;
    CHECK(below >= 3);
    char want[96];
    snprintf(want, sizeof want, "%d more lines below: down scrolls.", below);
    CHECK_STR(foot(&input), want);
    input_key(&input, 'j');
    snprintf(want, sizeof want, "1 more line above and %d below: up and down scroll.", below - 1);
    CHECK_STR(foot(&input), want);
    for (int i = 0; i < lines; ++i) input_key(&input, 'j');
    snprintf(want, sizeof want, "%d more lines above: up scrolls.", below);
    CHECK_STR(foot(&input), want);
    input_key(&input, 'k');
    snprintf(want, sizeof want, "%d more lines above and 1 below: up and down scroll.", below - 1);
    CHECK_STR(foot(&input), want);
    input_key(&input, AK_ESC);
    /* a page that's all in view says nothing more */
    input_key(&input, '@');
    CHECK_STR(foot(&input), "");
    input_free(&input);
}

static void test_history(void)
{
    Run *run = run_new(&data, 5, 1);
    for (int i = 0; i < 40; ++i) run_tell(run, "Another line.");
    for (int i = 0; i < 40; ++i) {
        char line[32];
        snprintf(line, sizeof line, "Line number %d.", i);
        run_tell(run, line);
    }
    Input input;
    open_input(&input, run);
    input_key(&input, AK_CTRL_P);
    int lines = pages_write(&input, input.session.run, 0, NULL);
    char want[96];
    snprintf(want, sizeof want, "%d more lines above: up scrolls.", lines - INFO_PAGE_LINES);
    CHECK_STR(foot(&input), want);
    input_free(&input);
}

int main(void)
{
    load_shipped_data(&data);
    test_known_page();
    test_history();
    data_free(&data);
    return check_done("test_screen_info");
}
