/* The window's tests play as the window does: the one loop (loop.h),
 * painted headless by the window's own frontend table (ui_frontend), with
 * the window's events made the loop's by the window's own translation
 * (ui_front_event: the pointer's pixels made a map cell), each handed to
 * loop_dispatch as loop_run hands it after a wait. Only the wait itself
 * is the test's: no test reaches the input layer by another way in. */
#ifndef AMULETS_WINDOW_LOOP_H
#define AMULETS_WINDOW_LOOP_H

#include <string.h>

#include "loop.h"
#include "ui.h"

typedef struct WindowLoop {
    Loop loop;                 /* big (an explorer): keep it static */
    Ui *ui;
    Frontend frontend;         /* the window's: ui_frontend(ui) */
    LoopNext next;             /* what the loop said last */
} WindowLoop;

/* The loop on its first screen, painted once by the window */
static inline bool window_loop_open(WindowLoop *w, Gfx *gfx, TileSet *tiles, const LoopSetup *setup)
{
    memset(w, 0, sizeof *w);
    if (!loop_open(&w->loop, setup)) return false;
    w->ui = ui_new_painter(gfx, tiles);
    if (w->ui == NULL) {
        loop_close(&w->loop);
        return false;
    }
    w->frontend = ui_frontend(w->ui);
    w->next = loop_next(&w->loop);
    loop_show(&w->loop, &w->frontend);
    return true;
}

static inline void window_loop_close(WindowLoop *w)
{
    if (w->ui == NULL) return;
    ui_free(w->ui);
    loop_close(&w->loop);
    w->ui = NULL;
}

static inline Run *window_loop_run(WindowLoop *w)
{
    return w->loop.input.session.run;
}

/* An event, as the window hands it over after a wait */
static inline LoopNext window_loop_send(WindowLoop *w, FrontEvent event)
{
    w->next = loop_dispatch(&w->loop, &w->frontend, &event);
    return w->next;
}

static inline LoopNext window_loop_key(WindowLoop *w, int key)
{
    return window_loop_send(w, (FrontEvent){.kind = FRONT_KEY, .key = key});
}

static inline LoopNext window_loop_keys(WindowLoop *w, const char *keys)
{
    for (const char *k = keys; *k != '\0'; ++k) window_loop_key(w, (unsigned char)*k);
    return w->next;
}

/* An event of the window's (pixels, the close button, a new size),
 * turned into the loop's by the window's frontend; one it has no use for
 * (a click off the map) changes nothing */
static inline LoopNext window_loop_window(WindowLoop *w, GfxEvent event)
{
    FrontEvent out;
    if (!ui_front_event(w->ui, &event, &out)) return w->next;
    return window_loop_send(w, out);
}

/* The time the loop asked for passed (the timer's event) */
static inline LoopNext window_loop_timer(WindowLoop *w)
{
    w->next = loop_dispatch(&w->loop, &w->frontend, NULL);
    return w->next;
}

/* One wait of the window's own, not waiting: headless no event of the
 * window's comes, but what it tells before it waits does (a pointer the
 * map moved under: ui_pointer_stale). What came is handed over, and
 * given in *got; false if nothing came */
static inline bool window_loop_wait(WindowLoop *w, FrontEvent *got)
{
    if (!w->frontend.wait(w->frontend.self, 0, got)) return false;
    window_loop_send(w, *got);
    return true;
}

/* The view painted now by the window's table, whether or not it changed */
static inline void window_loop_paint(WindowLoop *w)
{
    FrontView view;
    loop_view(&w->loop, &view);
    w->frontend.paint(w->frontend.self, &view);
    loop_painted(&w->loop);
}

#endif
