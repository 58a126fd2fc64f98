/* The dialogs over a shaded map (the pack, Esc's menu, death, victory)
 * and the title screen, painted from the screen model (screen_dialog.h),
 * and the box of data-file mistakes that stops start-up. */
#include <stdio.h>
#include <string.h>

#include "palette.h"
#include "screen_dialog.h"
#include "ui.h"

enum { ERRORS_SHOWN = 10 };

Rect ui_dialog_box(Ui *ui, int columns, int rows)
{
    const Rect map = ui->layout.map;
    int cw = gfx_char_width(ui->gfx), line = gfx_line_height(ui->gfx);
    gfx_fill(ui->gfx, map, PAL_SHADE);
    Rect box = {0, 0, (columns + 4) * cw, (rows + 2) * line};
    box.x = map.x + (map.w - box.w) / 2;
    box.y = map.y + (map.h - box.h) / 2;
    gfx_fill(ui->gfx, box, PAL_PANEL);
    gfx_outline(ui->gfx, box, PAL_FRAME);
    ui->dialog = box;
    return (Rect){box.x + 2 * cw, box.y + line, columns * cw, rows * line};
}

static void centred(Ui *ui, const char *text, Rect area, int y, Color color)
{
    int width = (int)strlen(text) * gfx_char_width(ui->gfx);
    ui_text(ui, text, area.x + (area.w - width) / 2, y, color, area);
}

/* ---- Painting the screen model's rows ---------------------------------- */

/* The rows of a dialog or the title, from y down in area: a block of
 * rows shares the left edge that centres its longest; a row's aside takes
 * its right end, its text the rest */
static void paint_rows(Ui *ui, const ScreenDialog *d, Rect area, int y)
{
    int cw = gfx_char_width(ui->gfx), line = gfx_line_height(ui->gfx);
    for (int i = 0; i < d->count; ++i, y += line) {
        const DialogRow *row = &d->lines[i];
        Rect text = area;
        if (row->aside[0] != '\0') {
            int width = (int)strlen(row->aside) * cw;
            ui_text(ui, row->aside, area.x + area.w - width, y, row->aside_color, area);
            text.w = area.w - width - cw;
        }
        if (row->text[0] == '\0') continue;
        if (row->align == DIALOG_LEFT) {
            ui_text(ui, row->text, text.x, y, row->color, text);
        } else if (row->align == DIALOG_CENTRE) {
            centred(ui, row->text, text, y, row->color);
        } else {
            int first = i, longest = 0;
            while (first > 0 && d->lines[first - 1].align == DIALOG_BLOCK) --first;
            for (int j = first; j < d->count && d->lines[j].align == DIALOG_BLOCK; ++j) {
                int length = (int)strlen(d->lines[j].text);
                longest = length > longest ? length : longest;
            }
            ui_text(ui, row->text, text.x + (text.w - longest * cw) / 2, y, row->color, text);
        }
    }
}

void ui_dialog_draw(Ui *ui)
{
    static ScreenDialog dialog;
    screen_dialog(ui->input, ui->run, &dialog);
    if (!dialog.shown) return;
    Rect text = ui_dialog_box(ui, dialog.columns, dialog.rows);
    paint_rows(ui, &dialog, text, text.y);
}

/* ---- The title screen ------------------------------------------------- */

void ui_title_draw(Ui *ui)
{
    static ScreenDialog title;
    screen_title(ui->input, &title);
    Rect all = {0, 0, ui->layout.width, ui->layout.height};
    paint_rows(ui, &title, all, all.h / 3);
}

/* ---- Mistakes in the data ------------------------------------------- */

void ui_draw_data_errors(Gfx *gfx, const char *heading, const Errors *errors)
{
    int w, h, line = gfx_line_height(gfx), cw = gfx_char_width(gfx);
    gfx_size(gfx, &w, &h);
    gfx_clear(gfx, PAL_BACKGROUND);
    int shown = errors->count < ERRORS_SHOWN ? errors->count : ERRORS_SHOWN;
    Rect box = {cw * 2, h / 2 - (shown + 6) * line / 2, w - cw * 4, (shown + 6) * line};
    gfx_fill(gfx, box, PAL_PANEL);
    gfx_outline(gfx, box, PAL_DANGER);
    int x = box.x + 2 * cw, y = box.y + line;
    gfx_text(gfx, heading, x, y, PAL_DANGER);
    y += 2 * line;
    for (int i = 0; i < shown; ++i, y += line) gfx_text(gfx, errors->lines[i], x, y, PAL_TEXT);
    if (errors->count > shown) {
        char more[32];
        snprintf(more, sizeof more, "and %d more", errors->count - shown);
        gfx_text(gfx, more, x, y, PAL_DIM_TEXT);
    }
    gfx_text(gfx, "Press Esc to quit.", x, box.y + box.h - 2 * line, PAL_DIM_TEXT);
    gfx_present(gfx);
}
