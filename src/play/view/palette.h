/* The screen's colours, in one place */
#ifndef AMULETS_PALETTE_H
#define AMULETS_PALETTE_H

#include "data.h"

#define RGB(r, g, b) {(r), (g), (b), 255}

static const Color PAL_BACKGROUND = RGB(8, 8, 12);
static const Color PAL_PLAYER = RGB(255, 240, 90);
static const Color PAL_FLOOR = RGB(120, 110, 95);
static const Color PAL_CAVE_FLOOR = RGB(150, 110, 70);
static const Color PAL_WALL = RGB(170, 160, 150);
static const Color PAL_WALL_BACK = RGB(52, 46, 42);
static const Color PAL_STAIRS = RGB(240, 240, 250);
static const Color PAL_DOOR = RGB(180, 130, 80);
static const Color PAL_MEMORY_FLOOR = RGB(45, 50, 70);
static const Color PAL_MEMORY_WALL = RGB(80, 88, 120);
static const Color PAL_MEMORY_WALL_BACK = RGB(22, 24, 36);
static const Color PAL_MEMORY_TINT = RGB(110, 120, 170);
static const Color PAL_NO_TINT = RGB(255, 255, 255);
static const Color PAL_TEXT = RGB(220, 220, 220);
static const Color PAL_DIM_TEXT = RGB(120, 120, 130);
static const Color PAL_PANEL = RGB(24, 24, 34);
static const Color PAL_FRAME = RGB(150, 140, 110);
static const Color PAL_SHADE = {0, 0, 0, 170};
static const Color PAL_DANGER = RGB(230, 70, 60);
static const Color PAL_GOOD = RGB(90, 200, 90);
static const Color PAL_GOLD = RGB(245, 205, 60);
static const Color PAL_DEBUG = RGB(255, 110, 200);
static const Color PAL_HIGHLIGHT = {255, 255, 120, 90};
static const Color PAL_PATH = {120, 200, 255, 80};     /* a shot's path, aimed */
static const Color PAL_BURST = {255, 120, 30, 110};    /* a fireball's burst, aimed */
static const Color PAL_FLIGHT_BACK = {10, 10, 16, 200}; /* under a flight's cell, shown */
static const Color PAL_HEALTH_BACK = RGB(70, 25, 25);

#endif
