/* The class choice's lines. A kit's potions and scrolls are named only
 * if the class knows them (it would find them unknown in its pack), so
 * the choice tells nothing the run wouldn't. */
#include "screen_class.h"

#include <stdio.h>
#include <string.h>

#include "lines.h"
#include "palette.h"

static bool knows(const ClassDef *def, int kind)
{
    for (int i = 0; i < def->known_count; ++i) {
        if (def->known[i] == kind) return true;
    }
    return false;
}

/* "2 potions of healing", "a scroll", "a long sword" */
static void kind_name(const GameData *data, const ClassDef *def, ClassKit kit, char *out,
                      size_t size)
{
    const ItemDef *item = &data->items[kit.kind];
    bool magic = item->item_class == IC_POTION || item->item_class == IC_SCROLL;
    const char *word = item->item_class == IC_POTION ? "potion" : "scroll";
    const char *article = strchr("aeiou", item->name[0]) != NULL ? "an" : "a";
    if (magic && !knows(def, kit.kind)) {
        if (kit.count == 1) snprintf(out, size, "a %s", word);
        else snprintf(out, size, "%d %ss", kit.count, word);
    } else if (magic) {
        if (kit.count == 1) snprintf(out, size, "a %s of %s", word, item->name);
        else snprintf(out, size, "%d %ss of %s", kit.count, word, item->name);
    } else if (kit.count == 1 && item->item_class == IC_ARMOR) {
        snprintf(out, size, "%s", item->name);   /* "chain mail", as the run says it */
    } else if (kit.count == 1) {
        snprintf(out, size, "%s %s", article, item->name);
    } else if (item->item_class == IC_ARMOR) {
        snprintf(out, size, "%d suits of %s", kit.count, item->name);
    } else {
        snprintf(out, size, "%d %ss", kit.count, item->name);   /* as run_item_name says it */
    }
}

void screen_class_kit(const GameData *data, const ClassDef *def, char *out, size_t size)
{
    bool wielded = false, worn = false;
    out[0] = '\0';
    size_t used = 0;
    for (int i = 0; i < def->kit_count && used < size; ++i) {
        char name[96];
        kind_name(data, def, def->kit[i], name, sizeof name);
        ItemClass item_class = data->items[def->kit[i].kind].item_class;
        const char *mark = "";
        if (item_class == IC_WEAPON && !wielded) mark = " (wielded)", wielded = true;
        if (item_class == IC_ARMOR && !worn) mark = " (worn)", worn = true;
        int n = snprintf(out + used, size - used, "%s%s%s", i > 0 ? ", " : "", name, mark);
        used += n > 0 ? (size_t)n : 0;
    }
    if (def->kit_count == 0) snprintf(out, size, "nothing");
}

static void known_line(const GameData *data, const ClassDef *def, char *out, size_t size)
{
    size_t used = (size_t)snprintf(out, size, "Knows: ");
    for (int i = 0; i < def->known_count && used < size; ++i) {
        const ItemDef *item = &data->items[def->known[i]];
        int n = snprintf(out + used, size - used, "%s%s of %s", i > 0 ? ", " : "",
                         item->item_class == IC_POTION ? "potions" : "scrolls", item->name);
        used += n > 0 ? (size_t)n : 0;
    }
    if (def->known_count == 0) snprintf(out, size, "Knows: no potion or scroll yet");
}

static void about(LineWriter *out, const GameData *data, const ClassDef *def)
{
    char line[SCREEN_LINE_SIZE * 4];
    lines_text(out, def->name, PAL_PLAYER);
    lines_wrapped(out, def->description, PAL_TEXT, SCREEN_PANEL_LINES);
    snprintf(line, sizeof line, "%d hp, strength %+d", def->hp, def->strength);
    lines_wrapped(out, line, PAL_TEXT, SCREEN_PANEL_LINES);
    char kit[SCREEN_LINE_SIZE * 3];
    screen_class_kit(data, def, kit, sizeof kit);
    snprintf(line, sizeof line, "Kit: %s", kit);
    lines_wrapped(out, line, PAL_TEXT, SCREEN_PANEL_LINES);
    known_line(data, def, line, sizeof line);
    lines_wrapped(out, line, PAL_TEXT, SCREEN_PANEL_LINES);
}

void screen_class_choice(const Input *input, int width, ScreenClassChoice *out)
{
    const GameData *data = input->setup.data;
    const ClassChoice *choice = &input->choice;
    memset(out, 0, sizeof *out);
    LineWriter w = {out->lines, &out->count, SCREEN_PANEL_LINES, width};
    lines_text(&w, "CHOOSE YOUR CLASS", PAL_PLAYER);
    lines_gap(&w);
    for (int i = 0; i < data->class_count && i < 9; ++i) {
        char line[SCREEN_LINE_SIZE];
        bool here = i == choice->highlighted;
        snprintf(line, sizeof line, "%s%d  %s", here ? "> " : "  ", i + 1, data->classes[i].name);
        if (here) out->highlighted = out->count;
        lines_text(&w, line, here ? PAL_GOLD : PAL_TEXT);
    }
    lines_gap(&w);
    about(&w, data, &data->classes[choice->highlighted]);
    lines_gap(&w);
    char keys[SCREEN_LINE_SIZE];
    snprintf(keys, sizeof keys, "1-%d or Enter: start   Up/Down: move   Esc: %s",
             data->class_count < 9 ? data->class_count : 9,
             choice->back == BACK_QUITS ? "quit" : "back");
    lines_wrapped(&w, keys, PAL_DIM_TEXT, SCREEN_PANEL_LINES);
    char scores[32], line[64];
    key_label(input->setup.keys, KB_SCORES, scores, sizeof scores);
    snprintf(line, sizeof line, "%s: the high scores", scores);
    lines_wrapped(&w, line, PAL_DIM_TEXT, SCREEN_PANEL_LINES);
}
