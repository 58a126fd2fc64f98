#include "wrap.h"

#include <string.h>

int wrap_cut(const char *text, int width)
{
    int take = (int)strlen(text);
    if (take <= width) return take;
    if (width < 1) return 1;   /* no room at all: a character a line */
    take = width;
    while (take > 0 && text[take] != ' ') --take;
    return take > 0 ? take : width;
}

int wrap_rows(const char *text, int width)
{
    int rows = 0;
    while (*text != '\0') {
        text += wrap_cut(text, width);
        while (*text == ' ') ++text;
        ++rows;
    }
    return rows;
}
