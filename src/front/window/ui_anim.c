/* What the last command set flying, shown over the screen a few frames
 * at a time: a missile cell by cell, a bolt or a breath growing along its
 * line, a burst and a hit flashing. It only shows what the rules already
 * did (run_events), where the player can see, and never slows a headless
 * run: only the window's loop calls it. */
#include "palette.h"
#include "ui.h"

enum { FRAME_MS = 22, FLASH_FRAMES = 4, HIT_FRAMES = 2 };

static const Color BEHIND = {10, 10, 16, 200};

static void overlay(Ui *ui, Point cell, char glyph, Color color)
{
    Rect r;
    if (!run_sees(ui->run, cell) || !ui_cell_rect(ui, cell, &r)) return;
    gfx_fill(ui->gfx, r, BEHIND);
    gfx_glyph(ui->gfx, glyph, r, color);
}

/* Shows the frame and waits its time; true if a key or the close came */
static bool show(Ui *ui, GfxEvent *pending)
{
    gfx_present(ui->gfx);
    GfxEvent event;
    while (gfx_wait_event(ui->gfx, &event, FRAME_MS)) {
        if (event.kind == GFX_KEY || event.kind == GFX_QUIT) {
            *pending = event;
            return true;
        }
    }
    return false;
}

/* cells[first..last] drawn over a fresh frame */
static bool frame(Ui *ui, const RunEvent *e, int first, int last, GfxEvent *pending)
{
    ui_draw_frame(ui);
    for (int i = first; i <= last && i < e->count; ++i) overlay(ui, e->cells[i], e->glyph, e->color);
    return show(ui, pending);
}

static bool play_event(Ui *ui, const RunEvent *e, GfxEvent *pending)
{
    switch (e->kind) {
    case EV_MISSILE:
        for (int i = 0; i < e->count; ++i) {
            if (frame(ui, e, i, i, pending)) return true;
        }
        return false;
    case EV_BOLT:
    case EV_BREATH:
        for (int i = 0; i < e->count; ++i) {
            if (frame(ui, e, 0, i, pending)) return true;
        }
        return false;
    case EV_BURST:
        for (int i = 0; i < FLASH_FRAMES; ++i) {
            if (frame(ui, e, 0, e->count - 1, pending)) return true;
        }
        return false;
    case EV_HIT:
        for (int i = 0; i < HIT_FRAMES; ++i) {
            if (frame(ui, e, 0, e->count - 1, pending)) return true;
        }
        return false;
    }
    return false;
}

bool ui_animate(Ui *ui, GfxEvent *pending)
{
    const RunEvents *events = run_events(ui->run);
    if (events->serial == ui->animated) return false;
    ui->animated = events->serial;
    bool stopped = false;
    for (int i = 0; i < events->count && !stopped; ++i) stopped = play_event(ui, &events->list[i], pending);
    ui->dirty = true;
    return stopped;
}
