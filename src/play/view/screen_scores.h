/* The screen model of the high scores (input.h's SCREEN_SCORES): the
 * lines every frontend paints, top to bottom, so a window and a terminal
 * say the same. */
#ifndef AMULETS_SCREEN_SCORES_H
#define AMULETS_SCREEN_SCORES_H

#include "scores.h"
#include "screen.h"

typedef struct ScreenScores {
    PanelLine lines[SCREEN_PANEL_LINES];
    int count;
} ScreenScores;

/* The heading, why the table is empty or was set aside, the columns'
 * names, at most rows - 6 entries from the one scrolled to (each cut to
 * width characters), and the keys */
void screen_scores(const ScoresScreen *screen, int width, int rows, ScreenScores *out);

/* One entry as its line shows it: place, class, outcome, floor, Amulets,
 * gold, turns, date */
void screen_score_line(const Score *score, int place, char *out, size_t size);

#endif
