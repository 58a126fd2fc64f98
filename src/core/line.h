/* The line a shot flies: from the centre of one cell toward the centre of
 * another, and on past it. It is the field of view's own geometry (fov.h:
 * symmetric shadowcasting judges an open cell by its centre), so for a
 * cell T within sight's radius:
 *     T is seen from O  <=>  every cell the line from O to T passes
 *                            before T is open.
 * What a target cursor draws, a bolt burns and an arrow flies is this one
 * line, so what the player sees is what happens. */
#ifndef AMULETS_LINE_H
#define AMULETS_LINE_H

#include "map.h"

/* The cells the line from `from` toward `to` enters, in order, `from`
 * itself left out: at most max of them, and none past the first cell that
 * blocks sight (the last one given, since a shot stops in it), the map's
 * edge, or a corner sight can't pass. Where the line runs exactly
 * between two cells it takes an open one. Returns how many; 0 if from is
 * to. */
int line_cells(const Map *map, Point from, Point to, int max, Point *out);

#endif
