/* The high scores as the terminal's 80 x 24 shows them (78 columns, 22
 * rows inside its margins) and the window's 100 columns: every entry
 * says what it was, "Killed by" and the whole cause (carried onto the
 * next row if it's long) or "Won", and no line is wider than the room.
 * The terminal itself, in tmux: tests/term/scores.sh. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "palette.h"
#include "screen_scores.h"

static void add(ScoresScreen *screen, const char *class_name, const char *cause, int gold)
{
    Score *s = &screen->table.entries[screen->table.count++];
    memset(s, 0, sizeof *s);
    snprintf(s->class_name, sizeof s->class_name, "%s", class_name);
    s->won = cause == NULL;
    snprintf(s->cause, sizeof s->cause, "%s", cause != NULL ? cause : "");
    s->floor = s->won ? 9 : 2;
    s->amulets = s->won ? 3 : 0;
    s->gold = gold;
    s->turns = 1200;
    snprintf(s->date, sizeof s->date, "2026-12-01 12:00");
}

static void table(ScoresScreen *screen)
{
    memset(screen, 0, sizeof *screen);
    screen->up = true;
    add(screen, "Rogue", NULL, 900);
    add(screen, "Fighter", "a jackal", 40);
    add(screen, "Ranger", "a fall through a trapdoor", 30);
    add(screen, "Fighter", "a zombified kobold", 20);
}

static void lines_fit(const ScreenScores *lines, int width)
{
    for (int i = 0; i < lines->count; ++i) {
        if (!CHECK((int)strlen(lines->lines[i].text) <= width)) fprintf(stderr, "    %s\n", lines->lines[i].text);
    }
}

static void test_terminal(void)
{
    ScoresScreen screen;
    table(&screen);
    ScreenScores lines;
    screen_scores(&screen, 78, 22, &lines);
    lines_fit(&lines, 78);
    CHECK_STR(lines.lines[2].text, "  #  Class   Outcome                   Floor Amulets   Gold  Turns  Date");
    CHECK_STR(lines.lines[3].text, "  1  Rogue   Won                           9       3    900   1200  2026-12-01");
    CHECK_STR(lines.lines[4].text, "  2  Fighter Killed by a jackal            2       0     40   1200  2026-12-01");
    CHECK_STR(lines.lines[5].text, "  3  Ranger  Killed by a fall through      2       0     30   1200  2026-12-01");
    CHECK_STR(lines.lines[6].text, "             a trapdoor");
    CHECK_STR(lines.lines[7].text, "  4  Fighter Killed by a zombified         2       0     20   1200  2026-12-01");
    CHECK_STR(lines.lines[8].text, "             kobold");
    CHECK_STR(lines.lines[lines.count - 1].text, "Up/Down: scroll   Esc: back");
}

/* The window's 100 columns (its most): the full form, each on one row */
static void test_window(void)
{
    ScoresScreen screen;
    table(&screen);
    ScreenScores lines;
    screen_scores(&screen, 100, 40, &lines);
    lines_fit(&lines, 100);
    CHECK(strstr(lines.lines[4].text, "Killed by a jackal") != NULL);
    CHECK(strstr(lines.lines[5].text, "Killed by a fall through a trapdoor") != NULL);
    CHECK(strstr(lines.lines[5].text, "2026-12-01 12:00") != NULL);
    CHECK(strstr(lines.lines[6].text, "Killed by a zombified kobold") != NULL);
}

int main(void)
{
    test_terminal();
    test_window();
    return check_done("test_screen_scores");
}
