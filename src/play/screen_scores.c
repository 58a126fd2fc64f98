/* The high scores' lines. */
#include "screen_scores.h"

#include <stdio.h>
#include <string.h>

#include "palette.h"

static void write_line(ScreenScores *out, int width, const char *text, Color color)
{
    if (out->count >= SCREEN_PANEL_LINES) return;
    PanelLine *line = &out->lines[out->count++];
    memset(line, 0, sizeof *line);
    line->kind = PANEL_TEXT;
    int shown = width < (int)sizeof line->text - 1 ? width : (int)sizeof line->text - 1;
    snprintf(line->text, sizeof line->text, "%.*s", shown, text);
    line->color = color;
}

static void gap(ScreenScores *out)
{
    if (out->count >= SCREEN_PANEL_LINES) return;
    PanelLine *line = &out->lines[out->count++];
    memset(line, 0, sizeof *line);
    line->kind = PANEL_GAP;
}

void screen_score_line(const Score *score, int place, char *out, size_t size)
{
    char outcome[NAME_SIZE + 48];
    if (score->won) snprintf(outcome, sizeof outcome, "Won");
    else snprintf(outcome, sizeof outcome, "Killed by %s", score->cause[0] ? score->cause : "something");
    snprintf(out, size, "%3d  %-12.12s %-26.26s %5d %7d %6d %6d  %s", place + 1, score->class_name,
             outcome, score->floor, score->amulets, score->gold, score->turns, score->date);
}

/* Words wrapped to width, for a message that may be long */
static void write_wrapped(ScreenScores *out, int width, const char *text, Color color)
{
    char line[SCREEN_LINE_SIZE];
    if (width > (int)sizeof line - 1) width = (int)sizeof line - 1;
    for (const char *p = text; *p != '\0';) {
        int take = (int)strlen(p);
        if (take > width) {
            take = width;
            while (take > 0 && p[take] != ' ') --take;
            if (take == 0) take = width;
        }
        snprintf(line, sizeof line, "%.*s", take, p);
        write_line(out, width, line, color);
        p += take;
        while (*p == ' ') ++p;
    }
}

void screen_scores(const ScoresScreen *screen, int width, int rows, ScreenScores *out)
{
    memset(out, 0, sizeof *out);
    const ScoreTable *table = &screen->table;
    write_line(out, width, "HIGH SCORES", PAL_PLAYER);
    gap(out);
    if (screen->message[0] != '\0') {
        write_wrapped(out, width, screen->message, PAL_DANGER);
        gap(out);
    }
    if (table->count == 0) {
        write_line(out, width, "No run has ended yet.", PAL_DIM_TEXT);
    } else {
        char names[SCREEN_LINE_SIZE];
        snprintf(names, sizeof names, "%3s  %-12s %-26s %5s %7s %6s %6s  %s", "#", "Class", "Outcome",
                 "Floor", "Amulets", "Gold", "Turns", "Date");
        write_line(out, width, names, PAL_DIM_TEXT);
    }
    int room = rows - out->count - 2;
    if (room > SCREEN_PANEL_LINES - out->count - 2) room = SCREEN_PANEL_LINES - out->count - 2;
    for (int i = screen->first; i < table->count && room > 0; ++i, --room) {
        char line[SCREEN_LINE_SIZE];
        screen_score_line(&table->entries[i], i, line, sizeof line);
        write_line(out, width, line, table->entries[i].won ? PAL_GOLD : PAL_TEXT);
    }
    gap(out);
    write_line(out, width, table->count > 0 ? "Up/Down: scroll   Esc: back" : "Esc: back", PAL_DIM_TEXT);
}
