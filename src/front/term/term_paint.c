/* The terminal's painter: the screen model laid out in character cells
 * (the map view, the side panel, the log, a dialog over the map, the
 * title), each cell's colours turned into the terminal's own colours. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <curses.h>
#include <langinfo.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "palette.h"
#include "screen.h"
#include "screen_class.h"
#include "screen_dialog.h"
#include "screen_scores.h"
#include "terminal.h"
#include "term_color.h"

enum {
    PANEL_MIN = 28, PANEL_MAX = 32,      /* the side panel's columns (the
                                            look panel's heading fits) */
    LOG_ROWS_MIN = 4, LOG_ROWS_MAX = 7,  /* the log's rows */
    MARGIN_MAX = 8,                      /* the map view moves when the
                                            player comes this near its edge */
    BAR_CHARS = 10,                      /* a health bar's width */
};

typedef struct Area {
    int y, x, h, w;
} Area;

struct TermPainter {
    TermColor color;
    bool boxes;               /* the locale shows box-drawing lines */
    bool placed;              /* camera is where the view was last frame
                                 (else it's placed afresh on the focus) */
    Point camera;             /* the map cell at the view's top left (may be
                                 negative: a map smaller than the view is
                                 centred in it) */
    Area map, panel, log;
    ScreenMap screen;         /* 100 KB each frame: kept here, off the stack */
    ScreenPanel side;
    ScreenLog lines;
    ScreenDialog dialog;
    int cut;                  /* texts the last paint cut to keep them in
                                 their boxes (none, in a good layout) */
    char first_cut[160];      /* the first of them, and where */
};

/* ---- Making --------------------------------------------------------------- */

static bool locale_has_boxes(void)
{
    const char *set = nl_langinfo(CODESET);
    return set != NULL && (strcmp(set, "UTF-8") == 0 || strcmp(set, "utf8") == 0);
}

TermPainter *term_painter_new(ColorMode colors)
{
    TermPainter *p = calloc(1, sizeof *p);
    if (p == NULL) return NULL;
    term_color_start(&p->color, colors);
    p->boxes = locale_has_boxes();
    return p;
}

void term_painter_free(TermPainter *painter)
{
    free(painter);
}

void term_painter_reset(TermPainter *painter)
{
    painter->placed = false;
}

/* ---- Text ------------------------------------------------------------------ */

static void set_color(TermPainter *p, Color fg, Color back, attr_t extra)
{
    TermPen pen = term_color_pen(&p->color, fg, back);
    attr_set(pen.attrs | extra, pen.pair, NULL);
}

/* A text that doesn't fit its box: counted, the first kept, for the
 * tests (a layout that fits cuts none) */
static void note_cut(TermPainter *p, const char *text, int row, int column)
{
    if (p->cut++ == 0) snprintf(p->first_cut, sizeof p->first_cut, "row %d, column %d: \"%.100s\"", row, column, text);
}

/* Text at row, column, in a box width characters wide: what doesn't fit
 * (past the box or the screen) is cut, and noted */
static void text_at_pen(TermPainter *p, int row, int column, int width, const char *text, Color color, attr_t extra)
{
    int length = (int)strlen(text);
    if (column + width > COLS) width = COLS - column;
    if (length > width || column < 0 || row < 0 || row >= LINES) note_cut(p, text, row, column);
    if (width <= 0 || length == 0 || row < 0 || row >= LINES || column < 0) return;
    set_color(p, color, PAL_NO_BACK, extra);
    mvaddnstr(row, column, text, width);
}

static void text_at(TermPainter *p, int row, int column, int width, const char *text, Color color)
{
    text_at_pen(p, row, column, width, text, color, 0);
}

int term_painter_cut(const TermPainter *painter, char *first, size_t size)
{
    snprintf(first, size, "%s", painter->cut > 0 ? painter->first_cut : "");
    return painter->cut;
}

static void centred_at(TermPainter *p, int row, Area a, const char *text, Color color)
{
    int length = (int)strlen(text);
    int column = a.x + (length < a.w ? (a.w - length) / 2 : 0);
    text_at(p, row, column, a.w, text, color);
}

static void blank(TermPainter *p, Area a)
{
    set_color(p, PAL_TEXT, PAL_NO_BACK, 0);
    for (int y = a.y; y < a.y + a.h; ++y) mvhline(y, a.x, ' ', a.w);
}

/* A frame round a, its lines inside a's edge */
static void frame(TermPainter *p, Area a)
{
    set_color(p, PAL_FRAME, PAL_NO_BACK, 0);
    chtype h = p->boxes ? ACS_HLINE : '-', v = p->boxes ? ACS_VLINE : '|';
    mvhline(a.y, a.x + 1, h, a.w - 2);
    mvhline(a.y + a.h - 1, a.x + 1, h, a.w - 2);
    mvvline(a.y + 1, a.x, v, a.h - 2);
    mvvline(a.y + 1, a.x + a.w - 1, v, a.h - 2);
    mvaddch(a.y, a.x, p->boxes ? ACS_ULCORNER : '+');
    mvaddch(a.y, a.x + a.w - 1, p->boxes ? ACS_URCORNER : '+');
    mvaddch(a.y + a.h - 1, a.x, p->boxes ? ACS_LLCORNER : '+');
    mvaddch(a.y + a.h - 1, a.x + a.w - 1, p->boxes ? ACS_LRCORNER : '+');
}

/* ---- Layout ------------------------------------------------------------------ */

static int clamp(int value, int lo, int hi)
{
    return value < lo ? lo : value > hi ? hi : value;
}

/* The panel and the log get their room, the map the rest; a map column
 * is a character, so the whole map shows from 93 x 40 up */
static void lay_out(TermPainter *p, int width, int height)
{
    int panel_w = clamp(width - MAP_W - 1, PANEL_MIN, PANEL_MAX);
    int log_h = clamp(height - MAP_H, LOG_ROWS_MIN, LOG_ROWS_MAX);
    p->panel = (Area){0, width - panel_w, height, panel_w};
    p->map = (Area){0, 0, height - log_h, width - panel_w - 1};
    p->log = (Area){height - log_h, 0, log_h, p->map.w};
}

/* One axis of the map view: a map that fits is centred; one that doesn't
 * stays put until the focus comes within the margin of the view's edge,
 * then centres on it (clamped to the map's edges), so a step costs a few
 * cells and the view jumps seldom */
static int place_axis(int camera, bool placed, int focus, int view, int size)
{
    if (view >= size) return -(view - size) / 2;
    int margin = view / 4 < MARGIN_MAX ? view / 4 : MARGIN_MAX;
    bool near_edge = focus < camera + margin || focus > camera + view - 1 - margin;
    if (!placed || near_edge) camera = focus - view / 2;
    return clamp(camera, 0, size - view);
}

static void place_camera(TermPainter *p, Point focus)
{
    p->camera.x = place_axis(p->camera.x, p->placed, focus.x, p->map.w, MAP_W);
    p->camera.y = place_axis(p->camera.y, p->placed, focus.y, p->map.h, MAP_H);
    p->placed = true;
}

/* ---- The map ----------------------------------------------------------------- */

/* A flag of a cell shown by an attribute of its own, whatever the colours:
 * one line here for each mark the screen model gains */
typedef struct CellMark {
    size_t flag;               /* offsetof a bool in ScreenCell */
    attr_t attr;
} CellMark;

static const CellMark MARKS[] = {
    {offsetof(ScreenCell, cursor), A_REVERSE},
    {offsetof(ScreenCell, path), A_UNDERLINE},
    {offsetof(ScreenCell, burst), A_BOLD | A_UNDERLINE},
};

/* A cell's character and pen */
static chtype cell_look(TermPainter *p, const ScreenCell *c, TermPen *pen)
{
    attr_t marks = 0;
    for (size_t i = 0; i < sizeof MARKS / sizeof MARKS[0]; ++i) {
        if (*(const bool *)((const char *)c + MARKS[i].flag)) marks |= MARKS[i].attr;
    }
    if (!c->shown) {
        *pen = term_color_pen(&p->color, PAL_TEXT, PAL_NO_BACK);
        pen->attrs |= marks;
        return ' ';
    }
    /* without colours, what's remembered is dim */
    if (!c->lit && p->color.depth == 0) marks |= A_DIM;
    *pen = c->lit ? term_color_pen(&p->color, c->fg, c->back) : term_color_memory_pen(&p->color, c->fg, c->back);
    pen->attrs |= marks;
    return (chtype)(unsigned char)c->glyph;
}

enum { ROW_MOST = 1024 };

/* A row of the map view in one call: curses copies a row of characters
 * far faster than it adds them one at a time. A pair past what a
 * character can carry (256) is added by itself. */
static void paint_map_row(TermPainter *p, int y)
{
    chtype row[ROW_MOST];
    TermPen pens[ROW_MOST];
    int my = p->camera.y + y, width = p->map.w < ROW_MOST ? p->map.w : ROW_MOST;
    bool simple = true;
    for (int x = 0; x < width; ++x) {
        int mx = p->camera.x + x;
        if (in_bounds(mx, my)) {
            row[x] = cell_look(p, &p->screen.cells[cell_index(mx, my)], &pens[x]);
        } else {
            row[x] = ' ';
            pens[x] = term_color_pen(&p->color, PAL_TEXT, PAL_NO_BACK);
        }
        simple = simple && pens[x].pair < 256;
        row[x] |= pens[x].attrs | (chtype)COLOR_PAIR(pens[x].pair);
    }
    if (simple) {
        mvaddchnstr(p->map.y + y, p->map.x, row, width);
        return;
    }
    for (int x = 0; x < width; ++x) {
        attr_set(pens[x].attrs, pens[x].pair, NULL);
        mvaddch(p->map.y + y, p->map.x + x, row[x] & A_CHARTEXT);
    }
}

static void paint_map(TermPainter *p, const Input *input, const Run *run)
{
    screen_map(input, run, &p->screen);
    place_camera(p, p->screen.focus);
    for (int y = 0; y < p->map.h; ++y) paint_map_row(p, y);
}

/* A flight's frame over the map, each cell in view its glyph, bold on the
 * flight's dark ground (the window's and the page's) */
static void paint_flight(TermPainter *p, const FrontFlight *flight)
{
    TermPen pen = term_color_pen(&p->color, flight->color, PAL_FLIGHT_BACK);
    attr_set(pen.attrs | A_BOLD, pen.pair, NULL);
    for (int i = 0; i < flight->count; ++i) {
        int x = flight->cells[i].x - p->camera.x, y = flight->cells[i].y - p->camera.y;
        if (x >= 0 && x < p->map.w && y >= 0 && y < p->map.h) {
            mvaddch(p->map.y + y, p->map.x + x, (chtype)(unsigned char)flight->glyph);
        }
    }
}

/* ---- The panel and the log ------------------------------------------------------- */

static void paint_bar(TermPainter *p, const PanelLine *line, int row, int column)
{
    int filled = line->most > 0 ? BAR_CHARS * line->value / line->most : 0;
    if (filled == 0 && line->value > 0) filled = 1;
    move(row, column);
    for (int i = 0; i < BAR_CHARS; ++i) {
        if (p->color.depth == 0) {
            set_color(p, PAL_TEXT, PAL_NO_BACK, 0);
            addch(i < filled ? '#' : '.');
        } else {
            set_color(p, PAL_TEXT, i < filled ? line->bar : PAL_HEALTH_BACK, 0);
            addch(' ');
        }
    }
    text_at(p, row, column + BAR_CHARS + 1, p->panel.w - BAR_CHARS - 2, line->text, line->color);
}

static void paint_panel_line(TermPainter *p, const PanelLine *line, int row)
{
    int column = p->panel.x + 1;
    if (line->kind == PANEL_BAR) paint_bar(p, line, row, column);
    else if (line->kind == PANEL_TEXT) text_at(p, row, column, p->panel.w - 1, line->text, line->color);
}

static void paint_panel(TermPainter *p, const Input *input, const Run *run)
{
    const Area a = p->panel;
    set_color(p, PAL_FRAME, PAL_NO_BACK, 0);
    mvvline(0, a.x - 1, p->boxes ? ACS_VLINE : '|', a.h);
    screen_panel(input, run, a.w - 1, a.h, &p->side);
    for (int i = 0; i < p->side.look_first; ++i) paint_panel_line(p, &p->side.lines[i], a.y + i);
    /* the look panel sits at the panel's foot */
    int row = a.y + a.h - (p->side.count - p->side.look_first);
    for (int i = p->side.look_first; i < p->side.count; ++i) paint_panel_line(p, &p->side.lines[i], row++);
}

/* How many rows text takes wrapped at width (at word breaks where it
 * can), and where each row starts and how long it is */
static int wrap(const char *text, int width, const char **starts, int *lengths, int most)
{
    int rows = 0;
    for (const char *p = text; *p != '\0' && rows < most;) {
        int take = (int)strlen(p);
        if (take > width) {
            take = width;
            while (take > 0 && p[take] != ' ') --take;
            if (take == 0) take = width;
        }
        starts[rows] = p;
        lengths[rows++] = take;
        p += take;
        while (*p == ' ') ++p;
    }
    return rows;
}

/* Newest at the foot; a message longer than the log is wide takes more
 * rows, so fewer of the older ones show */
static void paint_log(TermPainter *p, const Run *run)
{
    enum { MOST = 8 };
    screen_log(run, p->log.h, &p->lines);
    int row = p->log.y + p->log.h;
    for (int i = p->lines.count - 1; i >= 0 && row > p->log.y; --i) {
        const char *starts[MOST];
        int lengths[MOST];
        int rows = wrap(p->lines.lines[i], p->log.w, starts, lengths, MOST);
        for (int r = rows - 1; r >= 0 && row > p->log.y; --r) {
            --row;
            set_color(p, p->lines.colors[i], PAL_NO_BACK, 0);
            mvaddnstr(row, p->log.x, starts[r], lengths[r]);
        }
    }
}

/* ---- Dialogs and the title ---------------------------------------------------------- */

/* The rows of a dialog or the title in a: a block of rows shares the left
 * edge that centres its longest */
static void paint_rows(TermPainter *p, const ScreenDialog *d, Area a, int first)
{
    for (int i = first; i < d->count; ++i) {
        const DialogRow *r = &d->lines[i];
        int row = a.y + i - first;
        if (row >= a.y + a.h) {   /* past the box's foot */
            if (r->text[0] != '\0' || r->aside[0] != '\0') note_cut(p, r->text, row, a.x);
            continue;
        }
        Area text = a;
        if (r->aside[0] != '\0') {
            int length = (int)strlen(r->aside);
            text_at(p, row, a.x + a.w - length, length, r->aside, r->aside_color);
            text.w = a.w - length - 1;   /* the row's text stops short of it */
        }
        if (r->text[0] == '\0') continue;
        if (r->align == DIALOG_LEFT) {
            text_at(p, row, a.x, text.w, r->text, r->color);
        } else if (r->align == DIALOG_CENTRE) {
            centred_at(p, row, text, r->text, r->color);
        } else {
            int top = i, longest = 0;
            while (top > 0 && d->lines[top - 1].align == DIALOG_BLOCK) --top;
            for (int j = top; j < d->count && d->lines[j].align == DIALOG_BLOCK; ++j) {
                int length = (int)strlen(d->lines[j].text);
                longest = length > longest ? length : longest;
            }
            text_at(p, row, a.x + (longest < a.w ? (a.w - longest) / 2 : 0), a.w, r->text, r->color);
        }
    }
}

/* A box over the middle of the map (or of the screen, if the map's view
 * is too short for it), as wide as the map at most (the rows are cut);
 * a tall one loses its empty rows at the end, then its frame's top and
 * foot */
static void paint_dialog(TermPainter *p, int width, int height)
{
    const ScreenDialog *d = &p->dialog;
    int rows = d->rows + 2 <= p->map.h ? d->rows : d->count;
    /* one too wide or too tall for the map's view covers the panel too */
    bool over_map = rows + 2 <= p->map.h && d->columns + 6 <= p->map.w;
    Area over = over_map ? p->map : (Area){0, 0, height, width};
    bool framed = rows + 2 <= over.h;
    int h = framed ? rows + 2 : (rows < over.h ? rows : over.h);
    int room = over.w > 2 ? over.w - 2 : over.w;   /* a column clear each side */
    int w = d->columns + 4 < room ? d->columns + 4 : room;
    Area box = {over.y + (over.h - h) / 2, over.x + (over.w - w) / 2, h, w};
    blank(p, box);
    if (framed) frame(p, box);
    Area text = {box.y + (framed ? 1 : 0), box.x + 2, framed ? h - 2 : h, w - 4};
    paint_rows(p, d, text, 0);
}

static void paint_title(TermPainter *p, const Input *input, int width, int height)
{
    screen_title(input, &p->dialog);
    int top = height / 3;
    if (top + p->dialog.count > height) top = height > p->dialog.count ? (height - p->dialog.count) / 2 : 0;
    paint_rows(p, &p->dialog, (Area){top, 0, height - top, width}, 0);
}

/* The class choice's lines down the middle, the class moved to lit */
static void paint_class_choice(TermPainter *p, const Input *input, int width, int height)
{
    static ScreenClassChoice choice;   /* big; one is painted at a time */
    int columns = width - 4 < 64 ? width - 4 : 64;
    screen_class_choice(input, columns, &choice);
    int top = (height - choice.count) / 3 > 0 ? (height - choice.count) / 3 : 0;
    int left = (width - columns) / 2;
    for (int i = 0; i < choice.count; ++i) {
        const PanelLine *l = &choice.lines[i];
        if (l->kind != PANEL_TEXT) continue;
        text_at_pen(p, top + i, left, columns, l->text, l->color, i == choice.highlighted ? A_REVERSE : 0);
    }
}

/* The high scores' lines, as the window shows them */
static void paint_scores(TermPainter *p, const Input *input, int width, int height)
{
    ScreenScores lines;
    int columns = width - 2;
    screen_scores(&input->scores, columns, height - 2, &lines);
    int top = (height - lines.count) / 3 > 0 ? (height - lines.count) / 3 : 0;
    for (int i = 0; i < lines.count; ++i) {
        if (lines.lines[i].kind != PANEL_TEXT) continue;
        text_at(p, top + i, 1, columns, lines.lines[i].text, lines.lines[i].color);
    }
}

/* Below the least usable size, only how big the terminal must be */
static void paint_too_small(TermPainter *p, int width, int height)
{
    char need[64], have[64];
    snprintf(need, sizeof need, "The game needs %d x %d.", TERM_MIN_W, TERM_MIN_H);
    snprintf(have, sizeof have, "This terminal is %d x %d.", width, height);
    Area all = {0, 0, height, width};
    centred_at(p, height / 2 - 1, all, need, PAL_TEXT);
    centred_at(p, height / 2, all, have, PAL_DIM_TEXT);
}

void term_paint(TermPainter *painter, const Input *input, const Run *run, const FrontFlight *flight)
{
    int height, width;
    getmaxyx(stdscr, height, width);
    set_color(painter, PAL_TEXT, PAL_NO_BACK, 0);
    erase();
    painter->cut = 0;
    if (width < TERM_MIN_W || height < TERM_MIN_H) {
        painter->placed = false;
        paint_too_small(painter, width, height);
        return;
    }
    switch (input_screen(input)) {
    case SCREEN_SCORES: paint_scores(painter, input, width, height); return;
    case SCREEN_CLASS: paint_class_choice(painter, input, width, height); return;
    case SCREEN_TITLE: paint_title(painter, input, width, height); return;
    default: break;
    }
    Area old = painter->map;
    lay_out(painter, width, height);
    if (old.w != painter->map.w || old.h != painter->map.h) painter->placed = false;
    paint_map(painter, input, run);
    if (flight != NULL) paint_flight(painter, flight);
    paint_panel(painter, input, run);
    paint_log(painter, run);
    screen_dialog(input, run, &painter->dialog);
    if (painter->dialog.shown) paint_dialog(painter, width, height);
}
