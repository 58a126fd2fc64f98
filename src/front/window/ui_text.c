/* The drawing helpers the ui files share: a line of text kept to its
 * box, the panel's text box, and the banner at the panel's foot. They
 * call no other ui file, so every one may call them. */
#include <stdio.h>
#include <string.h>

#include "lines.h"
#include "palette.h"
#include "ui.h"
#include "wrap.h"

void ui_text(Ui *ui, const char *text, int x, int y, Color color, Rect box)
{
    int width = (int)strlen(text) * gfx_char_width(ui->gfx), height = gfx_line_height(ui->gfx);
    bool inside = x >= box.x && y >= box.y && x + width <= box.x + box.w && y + height <= box.y + box.h &&
                  x >= 0 && y >= 0 && x + width <= ui->layout.width && y + height <= ui->layout.height;
    if (!inside && ui->cut++ == 0) {
        snprintf(ui->first_cut, sizeof ui->first_cut, "at %d,%d in %d,%d %dx%d: \"%.100s\"", x, y, box.x, box.y,
                 box.w, box.h, text);
    }
    gfx_text(ui->gfx, text, x, y, color);
}

Rect ui_panel_text_box(const Ui *ui)
{
    const Rect panel = ui->layout.panel;
    int cw = gfx_char_width(ui->gfx);
    return (Rect){panel.x + cw, panel.y, (panel.w / cw - 2) * cw, panel.h};
}

static int banner_columns(const Ui *ui)
{
    return ui_panel_text_box(ui).w / gfx_char_width(ui->gfx);
}

int ui_banner_rows(const Ui *ui)
{
    return ui->banner != NULL ? wrap_rows(ui->banner, banner_columns(ui)) : 0;
}

/* A replay's place and speed at the panel's foot, wrapped to its width */
void ui_banner_draw(Ui *ui)
{
    Rect box = ui_panel_text_box(ui);
    int line = gfx_line_height(ui->gfx), columns = banner_columns(ui);
    int y = box.y + box.h - line / 2 - ui_banner_rows(ui) * line;
    char part[SCREEN_LINE_SIZE];
    for (const char *text = ui->banner; *text != '\0'; y += line) {
        int take = wrap_cut(text, columns);
        snprintf(part, sizeof part, "%.*s", take, text);
        ui_text(ui, part, box.x, y, PAL_GOLD, box);
        text += take;
        while (*text == ' ') ++text;
    }
}
