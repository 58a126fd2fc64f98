/* The side panel (the run's figures, the debugging lines, the look panel)
 * and the message log below the map, painted from the screen model. */
#include <stdio.h>
#include <string.h>

#include "palette.h"
#include "screen.h"
#include "ui.h"

enum { BAR_CHARS = 20 };

/* A bar: its back, its fill, and its numbers beside it */
static void paint_bar(Gfx *gfx, const PanelLine *line, int x, int y, int height)
{
    int cw = gfx_char_width(gfx);
    Rect back = {x, y + 2, BAR_CHARS * cw, height - 4};
    gfx_fill(gfx, back, PAL_HEALTH_BACK);
    int filled = line->most > 0 ? back.w * line->value / line->most : 0;
    gfx_fill(gfx, (Rect){back.x, back.y, filled, back.h}, line->bar);
    gfx_text(gfx, line->text, back.x + back.w + cw, y, line->color);
}

static int paint_line(Gfx *gfx, const PanelLine *line, int x, int y, int height)
{
    if (line->kind == PANEL_GAP) return y + height / 2;
    if (line->kind == PANEL_BAR) paint_bar(gfx, line, x, y, height);
    else gfx_text(gfx, line->text, x, y, line->color);
    return y + height;
}

void ui_panel_draw(Ui *ui)
{
    const Layout *l = &ui->layout;
    int line = gfx_line_height(ui->gfx), cw = gfx_char_width(ui->gfx);
    gfx_fill(ui->gfx, l->panel, PAL_PANEL);
    static ScreenPanel panel;
    int rows = (l->panel.h - line) / line;
    screen_panel(&ui->input, ui->run, l->panel.w / cw - 2, rows, &panel);
    int x = l->panel.x + cw, y = l->panel.y + line / 2;
    for (int i = 0; i < panel.look_first; ++i) y = paint_line(ui->gfx, &panel.lines[i], x, y, line);
    /* the look panel sits at the panel's foot */
    y = l->panel.y + l->panel.h - line / 2 - (panel.count - panel.look_first) * line;
    for (int i = panel.look_first; i < panel.count; ++i) y = paint_line(ui->gfx, &panel.lines[i], x, y, line);
}

/* Newest at the bottom */
void ui_log_draw(Ui *ui)
{
    const Rect r = ui->layout.log;
    int line = gfx_line_height(ui->gfx);
    static ScreenLog log;
    screen_log(ui->run, r.h / line, &log);
    int y = r.y + r.h - log.count * line;
    for (int i = 0; i < log.count; ++i, y += line) gfx_text(ui->gfx, log.lines[i], r.x, y, log.colors[i]);
}
