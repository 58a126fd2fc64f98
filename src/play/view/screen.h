/* The screen model: what every frontend shows, worked out once from the
 * input layer and what the player knows (known.h), in cells and lines. A
 * window, a terminal or a web page only paints it: the map as cells
 * (a glyph on a back colour for the glyph view or a terminal; pictures,
 * bottom first, for the tile view), the side panel and the log as lines
 * of text with their colours. The debugging views (F1, F3, F6, F7) are
 * made here too, the only part that reads past what the player knows. */
#ifndef AMULETS_SCREEN_H
#define AMULETS_SCREEN_H

#include <stdbool.h>

#include "input.h"
#include "msglog.h"

enum { SCREEN_TILE_LAYERS = 3 };

/* One map cell */
typedef struct ScreenCell {
    bool shown;            /* anything to draw at all */
    char glyph;            /* the glyph view's character */
    Color fg;              /* its colour (dimmed already when remembered) */
    Color back;            /* the cell's back, or alpha 0 for none */
    bool overlay;          /* the glyph is drawn over the pictures in the
                              tile view too (the debugging marks) */
    int layers;            /* the tile view's pictures, bottom first */
    const char *tiles[SCREEN_TILE_LAYERS];
    Color tints[SCREEN_TILE_LAYERS];   /* the thing's colour, for a picture
                                          the tile set tints */
    bool lit;              /* in sight: bright; else drawn as remembered */
    bool cursor;           /* the look cursor, or where the mouse points */
    bool path;             /* a cell the shot aimed will fly through, in sight */
    bool burst;            /* a cell the fireball aimed will burn, in sight */
} ScreenCell;

typedef struct ScreenMap {
    ScreenCell cells[MAP_CELLS];
    Point focus;           /* what a view smaller than the map keeps in
                              sight: the player, the cursor, or the middle */
} ScreenMap;

/* What a view smaller than the map keeps in sight */
Point screen_focus(const Input *input, const Run *run);

/* Every cell of the map as it is to be shown now; views.tiles chooses
 * nothing here (both views' parts are always given) */
void screen_map(const Input *input, const Run *run, ScreenMap *out);

/* A line of the panel: text, or a bar (hp of hp_max) with text beside it */
typedef enum PanelLineKind { PANEL_TEXT, PANEL_BAR, PANEL_GAP } PanelLineKind;

enum { SCREEN_LINE_SIZE = 128, SCREEN_PANEL_LINES = 64, SCREEN_LOG_LINES = 64 };

typedef struct PanelLine {
    PanelLineKind kind;
    char text[SCREEN_LINE_SIZE];
    Color color;
    int value, most;       /* a bar's */
    Color bar;             /* a bar's fill */
} PanelLine;

typedef struct ScreenPanel {
    PanelLine lines[SCREEN_PANEL_LINES];
    int count;
    int look_first;        /* where the look panel's lines begin (they go
                              at the panel's foot), or count if none */
} ScreenPanel;

/* The side panel, its text wrapped to width characters, at most rows
 * lines: the run's figures, the debugging lines, and the look panel for
 * the cell looked at (what the player knows of it only) */
void screen_panel(const Input *input, const Run *run, int width, int rows, ScreenPanel *out);

typedef struct ScreenLog {
    char lines[SCREEN_LOG_LINES][MSG_SIZE + 16];
    Color colors[SCREEN_LOG_LINES];
    int count;
} ScreenLog;

/* The log's newest rows, oldest first: unread bright, read dim, a repeat
 * counted ("The kobold hits you. x3") */
void screen_log(const Run *run, int rows, ScreenLog *out);

#endif
