/* The side panel (the run's figures, the debugging lines, the look panel)
 * and the message log below the map, painted from the screen model. */
#include <stdio.h>
#include <string.h>

#include "lines.h"
#include "palette.h"
#include "screen.h"
#include "ui.h"
#include "wrap.h"

enum { BAR_CHARS = 20 };

/* A bar: its back, its fill, and its numbers beside it */
static void paint_bar(Ui *ui, const PanelLine *line, int x, int y, int height, Rect box)
{
    int cw = gfx_char_width(ui->gfx);
    Rect back = {x, y + 2, BAR_CHARS * cw, height - 4};
    gfx_fill(ui->gfx, back, PAL_HEALTH_BACK);
    int filled = line->most > 0 ? back.w * line->value / line->most : 0;
    gfx_fill(ui->gfx, (Rect){back.x, back.y, filled, back.h}, line->bar);
    ui_text(ui, line->text, back.x + back.w + cw, y, line->color, box);
}

static int paint_line(Ui *ui, const PanelLine *line, int x, int y, int height, Rect box)
{
    if (line->kind == PANEL_GAP) return y + height / 2;
    if (line->kind == PANEL_BAR) paint_bar(ui, line, x, y, height, box);
    else ui_text(ui, line->text, x, y, line->color, box);
    return y + height;
}

void ui_panel_draw(Ui *ui)
{
    const Layout *l = &ui->layout;
    int line = gfx_line_height(ui->gfx), cw = gfx_char_width(ui->gfx);
    gfx_fill(ui->gfx, l->panel, PAL_PANEL);
    static ScreenPanel panel;
    Rect box = ui_panel_text_box(ui);
    /* a replay's banner takes the panel's foot */
    int foot = ui_banner_rows(ui) * line;
    int rows = (l->panel.h - line - foot) / line;
    screen_panel(ui->input, ui->run, box.w / cw, rows, &panel);
    int x = box.x, y = l->panel.y + line / 2;
    for (int i = 0; i < panel.look_first; ++i) y = paint_line(ui, &panel.lines[i], x, y, line, box);
    /* the look panel sits at the panel's foot */
    y = l->panel.y + l->panel.h - line / 2 - foot - (panel.count - panel.look_first) * line;
    for (int i = panel.look_first; i < panel.count; ++i) y = paint_line(ui, &panel.lines[i], x, y, line, box);
}

/* Newest at the bottom; a message longer than the log is wide takes more
 * rows (broken as the screen model breaks lines), so fewer older ones show */
void ui_log_draw(Ui *ui)
{
    enum { MOST_ROWS = 8 };
    const Rect r = ui->layout.log;
    int line = gfx_line_height(ui->gfx), columns = r.w / gfx_char_width(ui->gfx);
    static ScreenLog log;
    screen_log(ui->run, r.h / line, &log);
    int y = r.y + r.h;
    char part[MSG_SIZE + 16];
    for (int i = log.count - 1; i >= 0 && y - line >= r.y; --i) {
        const char *starts[MOST_ROWS];
        int lengths[MOST_ROWS], rows = 0;
        for (const char *text = log.lines[i]; *text != '\0' && rows < MOST_ROWS; ++rows) {
            starts[rows] = text;
            lengths[rows] = wrap_cut(text, columns);
            text += lengths[rows];
            while (*text == ' ') ++text;
        }
        for (int k = rows - 1; k >= 0 && y - line >= r.y; --k) {
            y -= line;
            snprintf(part, sizeof part, "%.*s", lengths[k], starts[k]);
            ui_text(ui, part, r.x, y, log.colors[i], r);
        }
    }
}
