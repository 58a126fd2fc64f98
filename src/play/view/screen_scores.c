/* The high scores' lines: the table in full where it fits (the window's
 * 100 columns), else in a narrower form (a terminal's 78): the date
 * without its time, the class column as wide as the longest class. In
 * either the outcome says what it was ("Killed by a jackal", "Won"), and
 * one too long for its column is carried on below it, as NetHack's and
 * DCSS's lists carry a long death onto a second line. Nothing is cut. */
#include "screen_scores.h"

#include <stdio.h>
#include <string.h>

#include "lines.h"
#include "palette.h"
#include "wrap.h"

enum {
    CLASS_FULL = 12, OUTCOME_FULL = 26,   /* the full form's columns, at least */
    DAY_SIZE = 10,                        /* "2026-12-01", of the date */
    OUTCOME_LEAST = 12,
    /* the columns beside the class and the outcome (place, floor, Amulets,
     * gold, turns, the date) and the spaces between */
    OTHERS = 3 + 2 + 1 + 1 + 5 + 1 + 7 + 1 + 6 + 1 + 6 + 2,
    FULL_DATE = SCORES_DATE_SIZE - 1,
};

typedef struct Columns {
    int class_w, outcome_w, date_w;
} Columns;

static void write_line(ScreenScores *out, const char *text, Color color)
{
    if (out->count >= SCREEN_PANEL_LINES) return;
    PanelLine *line = &out->lines[out->count++];
    memset(line, 0, sizeof *line);
    line->kind = PANEL_TEXT;
    snprintf(line->text, sizeof line->text, "%s", text);
    line->color = color;
}

static void gap(ScreenScores *out)
{
    if (out->count >= SCREEN_PANEL_LINES) return;
    PanelLine *line = &out->lines[out->count++];
    memset(line, 0, sizeof *line);
    line->kind = PANEL_GAP;
}

static void outcome_of(const Score *score, char *out, size_t size)
{
    const char *cause = score->cause[0] ? score->cause : "something";
    if (score->won) snprintf(out, size, "Won");
    else snprintf(out, size, "Killed by %s", cause);
}

static int longest(int most, const char *text)
{
    int length = (int)strlen(text);
    return length > most ? length : most;
}

/* The full form if it fits in width with an outcome column of at least
 * OUTCOME_FULL (as wide as the table's longest, if there's room), else
 * the narrow one; either's outcome column takes what's left */
static Columns columns_for(const ScoreTable *table, int width)
{
    Columns full = {CLASS_FULL, OUTCOME_FULL, FULL_DATE};
    Columns narrow = {5, 0, DAY_SIZE};   /* "Class" */
    for (int i = 0; i < table->count; ++i) {
        const Score *s = &table->entries[i];
        char outcome[NAME_SIZE + 48];
        outcome_of(s, outcome, sizeof outcome);
        full.outcome_w = longest(full.outcome_w, outcome);
        full.class_w = longest(full.class_w, s->class_name);
        narrow.class_w = longest(narrow.class_w, s->class_name);
    }
    int room = width - OTHERS - full.class_w - full.date_w;
    if (room >= OUTCOME_FULL) {
        if (full.outcome_w > room) full.outcome_w = room;
        return full;
    }
    narrow.outcome_w = width - OTHERS - narrow.class_w - narrow.date_w;
    if (narrow.outcome_w < OUTCOME_LEAST) narrow.outcome_w = OUTCOME_LEAST;
    return narrow;
}

static void names_line(Columns c, char *out, size_t size)
{
    snprintf(out, size, "%3s  %-*s %-*s %5s %7s %6s %6s  %s", "#", c.class_w, "Class", c.outcome_w, "Outcome",
             "Floor", "Amulets", "Gold", "Turns", "Date");
}

/* An entry: its row, and rows below for the rest of an outcome longer
 * than its column (at most room in all). Returns the rows written */
static int entry_lines(ScreenScores *out, Columns c, const Score *s, int place, Color color, int room)
{
    char outcome[NAME_SIZE + 48], line[SCREEN_LINE_SIZE];
    outcome_of(s, outcome, sizeof outcome);
    const char *rest = outcome;
    int take = wrap_cut(rest, c.outcome_w);
    snprintf(line, sizeof line, "%3d  %-*s %-*.*s %5d %7d %6d %6d  %.*s", place + 1, c.class_w, s->class_name,
             c.outcome_w, take, rest, s->floor, s->amulets, s->gold, s->turns, c.date_w, s->date);
    write_line(out, line, color);
    int rows = 1;
    for (rest += take; *rest != '\0' && rows < room; ++rows) {
        while (*rest == ' ') ++rest;
        take = wrap_cut(rest, c.outcome_w);
        snprintf(line, sizeof line, "%*s%.*s", 3 + 2 + c.class_w + 1, "", take, rest);
        write_line(out, line, color);
        rest += take;
    }
    return rows;
}

void screen_score_line(const Score *score, int place, char *out, size_t size)
{
    char outcome[NAME_SIZE + 48];
    outcome_of(score, outcome, sizeof outcome);
    Columns c = {longest(CLASS_FULL, score->class_name), longest(OUTCOME_FULL, outcome), FULL_DATE};
    snprintf(out, size, "%3d  %-*s %-*s %5d %7d %6d %6d  %s", place + 1, c.class_w, score->class_name,
             c.outcome_w, outcome, score->floor, score->amulets, score->gold, score->turns, score->date);
}

/* Words wrapped to width, for a message that may be long */
static void write_wrapped(ScreenScores *out, int width, const char *text, Color color)
{
    char line[SCREEN_LINE_SIZE];
    if (width > (int)sizeof line - 1) width = (int)sizeof line - 1;
    for (const char *p = text; *p != '\0';) {
        int take = wrap_cut(p, width);
        snprintf(line, sizeof line, "%.*s", take, p);
        write_line(out, line, color);
        p += take;
        while (*p == ' ') ++p;
    }
}

void screen_scores(const ScoresScreen *screen, int width, int rows, ScreenScores *out)
{
    memset(out, 0, sizeof *out);
    const ScoreTable *table = &screen->table;
    Columns columns = columns_for(table, width);
    write_line(out, "HIGH SCORES", PAL_PLAYER);
    gap(out);
    if (screen->message[0] != '\0') {
        write_wrapped(out, width, screen->message, PAL_DANGER);
        gap(out);
    }
    char line[SCREEN_LINE_SIZE];
    if (table->count == 0) {
        write_line(out, "No run has ended yet.", PAL_DIM_TEXT);
    } else {
        names_line(columns, line, sizeof line);
        write_line(out, line, PAL_DIM_TEXT);
    }
    int room = rows - out->count - 2;
    if (room > SCREEN_PANEL_LINES - out->count - 2) room = SCREEN_PANEL_LINES - out->count - 2;
    for (int i = screen->first; i < table->count && room > 0; ++i) {
        const Score *s = &table->entries[i];
        room -= entry_lines(out, columns, s, i, s->won ? PAL_GOLD : PAL_TEXT, room);
    }
    gap(out);
    write_line(out, table->count > 0 ? "Up/Down: scroll   Esc: back" : "Esc: back", PAL_DIM_TEXT);
}
