#include "lines.h"

#include "wrap.h"

#include <stdio.h>
#include <string.h>

PanelLine *lines_next(LineWriter *w)
{
    if (*w->count >= w->most || *w->count >= SCREEN_PANEL_LINES) return NULL;
    PanelLine *line = &w->lines[(*w->count)++];
    memset(line, 0, sizeof *line);
    return line;
}

void lines_text(LineWriter *w, const char *text, Color color)
{
    PanelLine *line = lines_next(w);
    if (line == NULL) return;
    line->kind = PANEL_TEXT;
    snprintf(line->text, sizeof line->text, "%s", text);
    line->color = color;
}

void lines_gap(LineWriter *w)
{
    PanelLine *line = lines_next(w);
    if (line != NULL) line->kind = PANEL_GAP;
}

void lines_wrapped(LineWriter *w, const char *text, Color color, int max_lines)
{
    char line[SCREEN_LINE_SIZE];
    int width = w->width < (int)sizeof line - 1 ? w->width : (int)sizeof line - 1;
    if (width < 1) width = 1;
    for (int lines = 0; *text != '\0' && lines < max_lines; ++lines) {
        int take = wrap_cut(text, width);
        snprintf(line, sizeof line, "%.*s", take, text);
        lines_text(w, line, color);
        text += take;
        while (*text == ' ') ++text;
    }
}
