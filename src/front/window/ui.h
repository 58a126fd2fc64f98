/* The game's face (GAME.md §8): the map in glyphs or tiles, the side
 * panel, the log, the look panel, the dialogs, the title screen, the
 * debugging aids, and a flight over the map. It paints the loop's view
 * (frontend.h: what the input layer and the run say), and as the window's
 * frontend table (ui_frontend) hands the loop every key and the mouse's
 * cell; it draws only through gfx.h. */
#ifndef AMULETS_UI_H
#define AMULETS_UI_H

#include <stdbool.h>

#include "cave.h"
#include "frontend.h"
#include "gfx.h"
#include "input.h"
#include "tiles.h"

/* The window's size at first, and the least it can be made (every
 * screen's text fits from there up; a screenshot may be smaller) */
enum { UI_DEFAULT_W = 1280, UI_DEFAULT_H = 760, UI_MIN_W = 800, UI_MIN_H = 480 };

/* Where everything goes in the window, worked out from its size */
typedef struct Layout {
    int width, height;
    int cell_w, cell_h;        /* the glyph view's cells */
    int tile;                  /* the tile view's cells */
    Rect map, panel, log;
} Layout;

typedef struct Ui {
    Gfx *gfx;
    TileSet *tiles;
    /* The screen, the look cursor, the debugging views and the run in
     * play, as painted last: the loop's view (loop.h), NULL before */
    const Input *input;
    const Run *run;            /* what is drawn: the input's run, or a replay's */
    const char *banner;        /* a line over the panel's foot (a replay's
                                  place and speed), or NULL */
    bool watching;             /* a recording's run is drawn */
    const FrontFlight *flight; /* a flight's frame over the map, or NULL */

    /* The tiles' sheet, scaled to the tile view's cells, lit and as
     * remembered, so drawing a cell is a plain copy */
    int sheet_source, sheet_px, sheet_lit, sheet_memory;

    Layout layout;
    Rect dialog;               /* the last dialog's box, for the tests */
    int cut;                   /* texts the last frame drew past their
                                  boxes (none, where the layout fits: the
                                  tests check every screen at UI_MIN_W x
                                  UI_MIN_H), and the first of them */
    char first_cut[160];
    bool pointer_in;           /* the pointer rests over the window... */
    int pointer_x, pointer_y;  /* ...here, where it last moved to */
    bool dirty;                /* something changed: draw again */
} Ui;

/* A face that paints what the loop gives it (ui_show), nothing yet */
Ui *ui_new_painter(Gfx *gfx, TileSet *tiles);
/* What to draw next: the loop's view (frontend.h) */
void ui_show(Ui *ui, const FrontView *view);
void ui_free(Ui *ui);

/* The window as a frontend of the loop (frontend.h): its paint draws the
 * view given (ui_show, ui_draw), its wait turns the window's events into
 * the loop's (ui_front_event), and first tells of a pointer the map
 * moved under (ui_pointer_stale) */
Frontend ui_frontend(Ui *ui);
/* A window's event as the loop's, the pointer's pixels made a map cell
 * (and the layout made again on a new size); false for one the loop has
 * no use for (a click off the map) */
bool ui_front_event(Ui *ui, const GfxEvent *event, FrontEvent *out);
/* The map moved under a resting pointer (the tile view's camera followed
 * the player, F2 changed the view, the window was resized): true if the
 * input must be told what the pointer is on now, *on_map and *cell, so
 * the look panel tells of the cell under it as x tells of the cell under
 * the cursor. Never while a cursor is up (looking, aiming), which only a
 * move of the pointer itself moves (gfx_sdl.c) */
bool ui_pointer_stale(const Ui *ui, bool *on_map, Point *cell);
/* The window's size changed (or is first known): lay it out again */
void ui_relayout(Ui *ui);
void ui_draw(Ui *ui);
/* ui_anim.c: the flight's frame (ui->flight) over the map */
void ui_flight_draw(Ui *ui);

/* Where a map cell is drawn, if it's in view; and the map cell in view
 * at a point of the window (ui_map.c) */
bool ui_cell_rect(const Ui *ui, Point cell, Rect *out);
bool ui_map_cell_at(const Ui *ui, int x, int y, Point *out);

/* Draws the data files' mistakes, the first few and "and N more", in a
 * box that stops start-up */
void ui_draw_data_errors(Gfx *gfx, const char *heading, const Errors *errors);

/* Drawing helpers the ui files share (ui_text.c) */
/* A line of text with its top left at x, y, that must stay inside box: a
 * text past it (or past the window) is drawn, and counted in ui->cut */
void ui_text(Ui *ui, const char *text, int x, int y, Color color, Rect box);
/* The panel's lines' box: where the screen model's panel width goes */
Rect ui_panel_text_box(const Ui *ui);
/* The rows the banner (a replay's place) takes at the panel's foot */
int ui_banner_rows(const Ui *ui);
/* The banner, wrapped to the panel's width, at its foot */
void ui_banner_draw(Ui *ui);
void ui_map_draw(Ui *ui);
void ui_panel_draw(Ui *ui);
void ui_log_draw(Ui *ui);
void ui_dialog_draw(Ui *ui);
void ui_title_draw(Ui *ui);
/* ui_class.c: choosing a class for a new run */
void ui_class_draw(Ui *ui);
/* ui_class.c too: the high scores */
void ui_scores_draw(Ui *ui);
/* A box over a shaded map; returns where its text goes */
Rect ui_dialog_box(Ui *ui, int columns, int rows);
/* The cell the look panel is about, if any */
bool ui_look_cell(const Ui *ui, Point *out);

#endif
