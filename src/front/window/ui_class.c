/* The class choice, painted from the play layer's lines (screen_class.h)
 * in a column down the middle of the window, the class moved to lit; and
 * the high scores the same way (screen_scores.h). */
#include "screen_class.h"
#include "screen_scores.h"
#include "palette.h"
#include "ui.h"

enum { CHOICE_COLUMNS = 64 };

void ui_class_draw(Ui *ui)
{
    static ScreenClassChoice choice;   /* big; the window draws one at a time */
    int line = gfx_line_height(ui->gfx), cw = gfx_char_width(ui->gfx);
    int columns = ui->layout.width / cw - 4;
    if (columns > CHOICE_COLUMNS) columns = CHOICE_COLUMNS;
    screen_class_choice(ui->input, columns, &choice);
    int x = (ui->layout.width - columns * cw) / 2;
    int y = (ui->layout.height - choice.count * line) / 3;
    if (y < line) y = line;
    Rect box = {x, 0, columns * cw, ui->layout.height};
    for (int i = 0; i < choice.count; ++i, y += line) {
        const PanelLine *l = &choice.lines[i];
        if (i == choice.highlighted) gfx_fill(ui->gfx, (Rect){x - cw, y, (columns + 2) * cw, line}, PAL_HIGHLIGHT);
        if (l->kind == PANEL_TEXT) ui_text(ui, l->text, x, y, l->color, box);
    }
}

enum { SCORES_COLUMNS = 100 };   /* the full table, with "Killed by a fall through a trapdoor" */

void ui_scores_draw(Ui *ui)
{
    ScreenScores lines;
    int line = gfx_line_height(ui->gfx), cw = gfx_char_width(ui->gfx);
    int columns = ui->layout.width / cw - 4;
    if (columns > SCORES_COLUMNS) columns = SCORES_COLUMNS;
    int rows = ui->layout.height / line - 4;
    screen_scores(&ui->input->scores, columns, rows, &lines);
    int x = (ui->layout.width - columns * cw) / 2;
    int y = (ui->layout.height - lines.count * line) / 3;
    if (y < line) y = line;
    Rect box = {x, 0, columns * cw, ui->layout.height};
    for (int i = 0; i < lines.count; ++i, y += line) {
        if (lines.lines[i].kind == PANEL_TEXT) ui_text(ui, lines.lines[i].text, x, y, lines.lines[i].color, box);
    }
}
