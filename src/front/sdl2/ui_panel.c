/* The side panel (the run's figures, the debugging lines, the look panel)
 * and the message log below the map. */
#include <stdio.h>
#include <string.h>

#include "known.h"
#include "palette.h"
#include "tune.h"
#include "ui.h"

enum { LOOK_LINES = 8, BAR_CHARS = 20 };

typedef struct Pen {
    Gfx *gfx;
    int x, y, line, width_chars;
} Pen;

static void write_line(Pen *pen, const char *text, Color color)
{
    gfx_text(pen->gfx, text, pen->x, pen->y, color);
    pen->y += pen->line;
}

/* Words wrapped to the panel's width, at most max_lines lines */
static void write_wrapped(Pen *pen, const char *text, Color color, int max_lines)
{
    char line[128];
    const char *p = text;
    for (int lines = 0; *p != '\0' && lines < max_lines; ++lines) {
        int take = (int)strlen(p);
        if (take > pen->width_chars) {
            take = pen->width_chars;
            while (take > 0 && p[take] != ' ') --take;
            if (take == 0) take = pen->width_chars;
        }
        if (take >= (int)sizeof line) take = (int)sizeof line - 1;
        memcpy(line, p, (size_t)take);
        line[take] = '\0';
        write_line(pen, line, color);
        p += take;
        while (*p == ' ') ++p;
    }
}

static void health_bar(Pen *pen, int hp, int max_hp)
{
    int cw = gfx_char_width(pen->gfx);
    Rect back = {pen->x, pen->y + 2, BAR_CHARS * cw, pen->line - 4};
    gfx_fill(pen->gfx, back, PAL_HEALTH_BACK);
    int filled = max_hp > 0 && hp > 0 ? back.w * hp / max_hp : 0;
    gfx_fill(pen->gfx, (Rect){back.x, back.y, filled, back.h}, hp * 4 <= max_hp ? PAL_DANGER : PAL_GOOD);
    char numbers[32];
    snprintf(numbers, sizeof numbers, "%d/%d", hp > 0 ? hp : 0, max_hp);
    gfx_text(pen->gfx, numbers, back.x + back.w + cw, pen->y, PAL_TEXT);
    pen->y += pen->line;
}

static void item_line(Pen *pen, const Run *run, const char *label, int kind)
{
    char name[96] = "none", line[128];
    if (kind >= 0) run_item_name(run, (Stack){kind, 1}, name, sizeof name);
    snprintf(line, sizeof line, "%s %s", label, name);
    write_wrapped(pen, line, PAL_TEXT, 2);
}

static void statuses(Pen *pen, const Player *p)
{
    static const char *const names[] = {"Poisoned", "Regenerating", "Confused"};
    const int turns[] = {p->status.poisoned, p->status.regenerating, p->status.confused};
    for (int i = 0; i < 3; ++i) {
        if (turns[i] <= 0) continue;
        char line[48];
        snprintf(line, sizeof line, "%s (%d)", names[i], turns[i]);
        write_line(pen, line, i == 1 ? PAL_GOOD : PAL_DANGER);
    }
}

static void figures(Pen *pen, const Run *run)
{
    const Player *p = run_player(run);
    char line[96];
    write_line(pen, "AMULETS OF SDL", PAL_PLAYER);
    pen->y += pen->line / 2;
    snprintf(line, sizeof line, "Floor %d", run_level(run)->depth);
    write_line(pen, line, PAL_TEXT);
    health_bar(pen, p->hp, p->max_hp);
    snprintf(line, sizeof line, "Strength %+d", p->strength);
    write_line(pen, line, PAL_TEXT);
    snprintf(line, sizeof line, "Defense %d", run_player_defense(run));
    write_line(pen, line, PAL_TEXT);
    item_line(pen, run, "Weapon:", p->weapon);
    item_line(pen, run, "Armor:", p->armor);
    snprintf(line, sizeof line, "Gold %d", p->gold);
    write_line(pen, line, PAL_GOLD);
    snprintf(line, sizeof line, "Amulets %d of %d", p->amulets, AMULETS);
    write_line(pen, line, PAL_GOLD);
    snprintf(line, sizeof line, "Turn %d", run_turn(run));
    write_line(pen, line, PAL_TEXT);
    statuses(pen, p);
}

/* F4: every monster that fits above the look panel, and how many didn't */
static void monster_list(Pen *pen, const Ui *ui, int bottom)
{
    const Level *level = run_level(ui->run);
    int shown = 0;
    write_line(pen, "DEBUG: monsters (F4)", PAL_DEBUG);
    for (; shown < level->monster_count && pen->y + 2 * pen->line <= bottom; ++shown) {
        const Monster *m = &level->monsters[shown];
        char line[64];
        snprintf(line, sizeof line, "%c %2d,%2d %s", ui->data->monsters[m->kind].glyph, m->pos.x,
                 m->pos.y, run_state_name(m->state));
        write_line(pen, line, PAL_DEBUG);
    }
    if (shown < level->monster_count) {
        char line[32];
        snprintf(line, sizeof line, "and %d more", level->monster_count - shown);
        write_line(pen, line, PAL_DEBUG);
    }
}

static void debug_lines(Pen *pen, const Ui *ui, int bottom)
{
    const DebugViews *views = &ui->input.views;
    char line[96];
    if (views->reveal) write_line(pen, "DEBUG: whole floor (F1)", PAL_DEBUG);
    if (views->distances) write_line(pen, "DEBUG: distances (F3)", PAL_DEBUG);
    if (views->growing) {
        snprintf(line, sizeof line, "DEBUG: cave step %d of %d (F6)", views->growth.step, CAVE_STEPS + 1);
        write_line(pen, line, PAL_DEBUG);
    }
    if (views->vault_shown >= 0) {
        const VaultDef *vault = &ui->data->vaults[views->vault_shown];
        snprintf(line, sizeof line, "DEBUG: vault %d of %d (F7)", views->vault_shown + 1, ui->data->vault_count);
        write_line(pen, line, PAL_DEBUG);
        snprintf(line, sizeof line, "%s, floors %d to %d", vault->id, vault->min_floor, vault->max_floor);
        write_line(pen, line, PAL_DEBUG);
    }
    if (views->monster_list) monster_list(pen, ui, bottom);
}

/* The look panel: the creature there (if seen, with its state and a
 * health bar), the item there (if seen), and the ground or a known trap */
static void look_panel(Pen *pen, const Ui *ui, Point cell)
{
    LookInfo look;
    known_look(ui->run, cell, &look);
    write_line(pen, ui->input.looking ? "Looking (Esc or x to stop):" : "You see:", PAL_DIM_TEXT);
    if (look.creature[0] != '\0') write_wrapped(pen, look.creature, PAL_TEXT, 2);
    if (look.monster >= 0) {
        const Monster *m = &run_level(ui->run)->monsters[look.monster];
        health_bar(pen, m->hp, ui->data->monsters[m->kind].hp);
    }
    if (look.item[0] != '\0') write_wrapped(pen, look.item, PAL_TEXT, 2);
    write_wrapped(pen, look.ground[0] ? look.ground : "Nothing you know of.", PAL_TEXT, 1);
}

void ui_panel_draw(Ui *ui)
{
    const Layout *l = &ui->layout;
    int line = gfx_line_height(ui->gfx), cw = gfx_char_width(ui->gfx);
    gfx_fill(ui->gfx, l->panel, PAL_PANEL);
    Pen pen = {ui->gfx, l->panel.x + cw, l->panel.y + line / 2, line, l->panel.w / cw - 2};
    figures(&pen, ui->run);
    Point cell;
    bool looking = ui_look_cell(ui, &cell);
    int look_top = l->panel.y + l->panel.h - LOOK_LINES * line - line / 2;
    pen.y += line / 2;
    debug_lines(&pen, ui, looking ? look_top : l->panel.y + l->panel.h);
    if (looking) {
        pen.y = look_top;
        look_panel(&pen, ui, cell);
    }
}

/* Newest at the bottom; unread bright, read dim; repeats counted */
void ui_log_draw(Ui *ui)
{
    const Rect r = ui->layout.log;
    int line = gfx_line_height(ui->gfx);
    const MsgLog *log = run_log(ui->run);
    int rows = r.h / line, count = msg_count(log);
    int first = count > rows ? count - rows : 0;
    int y = r.y + r.h - (count - first) * line;
    for (int i = first; i < count; ++i, y += line) {
        const Message *m = msg_get(log, i);
        char text[MSG_SIZE + 16];
        if (m->count > 1) snprintf(text, sizeof text, "%s x%d", m->text, m->count);
        else snprintf(text, sizeof text, "%s", m->text);
        gfx_text(ui->gfx, text, r.x, y, m->read ? PAL_DIM_TEXT : PAL_TEXT);
    }
}
