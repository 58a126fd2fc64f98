/* A flight's frame over the map (loop.h: the loop steps it on its
 * timer): a missile at its cell, a bolt or a breath along its line so
 * far, a burst or a hit whole, each cell the player sees drawn as the
 * flight's glyph on a dark ground, in either view. It only shows what
 * the rules already did (run_events), and never waits: the loop's timer
 * brings the next frame, as it does in the terminal and the page. */
#include "palette.h"
#include "ui.h"

void ui_flight_draw(Ui *ui)
{
    const FrontFlight *flight = ui->flight;
    for (int i = 0; i < flight->count; ++i) {
        Rect r;
        if (!ui_cell_rect(ui, flight->cells[i], &r)) continue;
        gfx_fill(ui->gfx, r, PAL_FLIGHT_BACK);
        gfx_glyph(ui->gfx, flight->glyph, r, flight->color);
    }
}
