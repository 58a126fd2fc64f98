/* A colour as the data files and the screens spell it: red, green, blue
 * and alpha, 0..255 each. */
#ifndef AMULETS_COLOR_H
#define AMULETS_COLOR_H

#include <stdint.h>

typedef struct Color { uint8_t r, g, b, a; } Color;

#endif
