/* The screen model of the class choice (input.h's SCREEN_CLASS): the
 * lines every frontend paints, top to bottom, so a window and a terminal
 * say the same. */
#ifndef AMULETS_SCREEN_CLASS_H
#define AMULETS_SCREEN_CLASS_H

#include "screen.h"

typedef struct ScreenClassChoice {
    PanelLine lines[SCREEN_PANEL_LINES];
    int count;
    int highlighted;       /* the line of the class moved to */
} ScreenClassChoice;

/* The heading, a numbered line for each class, then the highlighted
 * one's description (wrapped to width characters), numbers, kit and what
 * it knows, and the keys */
void screen_class_choice(const Input *input, int width, ScreenClassChoice *out);

/* "a long sword (wielded), chain mail (worn), 2 potions of healing": a
 * class's kit as the player would be told it at the start */
void screen_class_kit(const GameData *data, const ClassDef *def, char *out, size_t size);

#endif
