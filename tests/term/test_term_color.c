/* The terminal's colours (term_color.h): the screen model's colours as a
 * player should see them with 16 colours (the health bar green, the
 * player bright yellow, danger bright red, walls light grey, floors dark
 * grey, doors brown; no letter black), and the 256's cube and greys. */
#include "check.h"
#include "palette.h"
#include "term_color.h"

static int basic(Color c, bool back)
{
    return term_color_index(16, c, back);
}

int main(void)
{
    CHECK_INT(basic(PAL_GOOD, true), COLOR_GREEN);
    CHECK_INT(basic(PAL_PLAYER, false), COLOR_YELLOW + 8);
    CHECK_INT(basic(PAL_DANGER, false), COLOR_RED + 8);
    CHECK_INT(basic(PAL_GOLD, false), COLOR_YELLOW + 8);
    CHECK_INT(basic(PAL_DEBUG, false), COLOR_MAGENTA + 8);
    CHECK_INT(basic(PAL_WALL, false), COLOR_WHITE);
    CHECK_INT(basic(PAL_FLOOR, false), COLOR_BLACK + 8);
    CHECK_INT(basic(PAL_DOOR, false), COLOR_YELLOW);
    CHECK_INT(basic(PAL_STAIRS, false), COLOR_WHITE + 8);
    CHECK_INT(basic(PAL_HEALTH_BACK, true), COLOR_RED);
    /* dark: a back is the terminal's black, a letter stays to be seen */
    CHECK_INT(basic(PAL_WALL_BACK, true), COLOR_BLACK);
    CHECK(basic(PAL_WALL_BACK, false) != COLOR_BLACK);
    for (int v = 0; v < 256; v += 5) {
        CHECK(basic((Color){(uint8_t)v, (uint8_t)(v / 2), 0, 255}, false) != COLOR_BLACK);
    }
    /* the 256: the cube's corners and a grey */
    CHECK_INT(term_color_index(256, (Color){255, 0, 0, 255}, false), 196);
    CHECK_INT(term_color_index(256, (Color){0, 0, 255, 255}, false), 21);
    CHECK_INT(term_color_index(256, (Color){255, 255, 255, 255}, false), 231);
    CHECK_INT(term_color_index(256, (Color){128, 128, 128, 255}, false), 244);
    CHECK_INT(term_color_index(256, (Color){95, 135, 175, 255}, false), 16 + 36 * 1 + 6 * 2 + 3);
    return check_done("test_term_color");
}
