/* The words of the screens about the run (info.h): each page is written
 * line by line through a Page, which keeps only the lines in view (from
 * the scroll) and counts them all, so a long history costs no copy. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "info.h"
#include "lines.h"
#include "palette.h"
#include "tune.h"

enum { INFO_COLUMNS = 64, HEAD_ROWS = 3 };

typedef struct Page {
    ScreenDialog *out;
    int first;             /* the first line to keep */
    int lines;             /* lines written so far */
} Page;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void say(Page *p, Color color, const char *format, ...)
{
    int row = p->lines++ - p->first;
    if (row < 0 || row >= INFO_PAGE_LINES || HEAD_ROWS + row >= SCREEN_DIALOG_ROWS) return;
    DialogRow *r = &p->out->lines[HEAD_ROWS + row];
    va_list args;
    va_start(args, format);
    vsnprintf(r->text, sizeof r->text, format, args);
    va_end(args);
    r->color = color;
    r->align = DIALOG_LEFT;
    if (HEAD_ROWS + row >= p->out->count) p->out->count = HEAD_ROWS + row + 1;
}

/* Text cut into lines of at most INFO_COLUMNS, at spaces */
static void say_wrapped(Page *p, Color color, const char *text)
{
    while (*text != '\0') {
        int cut = lines_cut(text, INFO_COLUMNS);
        say(p, color, "%.*s", cut, text);
        text += cut;
        while (*text == ' ') ++text;
    }
}

/* ---- The pages ----------------------------------------------------------- */

static void keys_page(const Input *input, Page *p)
{
    KeyMap defaults;
    const KeyMap *map = input->setup.keys;
    if (map == NULL) {
        key_defaults(&defaults);
        map = &defaults;
    }
    for (int b = 0; b < KB_COUNT; ++b) {
        const int *keys = map->keys[b];
        char spelled[64] = "";
        for (int k = 0; k < KEYS_PER_BINDING && keys[k] != 0; ++k) {
            char one[16];
            key_spelling(keys[k], one, sizeof one);
            snprintf(spelled + strlen(spelled), sizeof spelled - strlen(spelled), "%s%s", k ? " " : "", one);
        }
        say(p, PAL_TEXT, "%-16s %s", spelled, key_binding_text((KeyBinding)b));
    }
    say(p, PAL_DIM_TEXT, "%-16s %s", "a..t", "in the pack: the thing with that letter");
}

static void guide_page(Page *p)
{
    static const char *const LINES[] = {
        "Find the three Amulets of SDL: one lies in a guarded vault on floor 3, "
        "one on floor 6, and the last on floor 9, with the dragon.",
        "",
        "Potions and scrolls are unknown until you use one, read a scroll of "
        "identify, or (as some classes do) know them from the start. Weapons "
        "and armor always show what they are: e examines what you carry.",
        "",
        "Every blow in hand lands; arrows, darts and thrown knives can miss an "
        "awake monster. Monsters sleep, wander, hunt you and flee when hurt.",
        "",
        "The run is saved when you quit from the menu (Esc, then S), when the "
        "window or terminal closes, and on every new floor. Death is for good: "
        "the save is deleted, as in the roguelikes of old.",
    };
    for (size_t i = 0; i < sizeof LINES / sizeof LINES[0]; ++i) say_wrapped(p, PAL_TEXT, LINES[i]);
}

static void history_page(const Run *run, Page *p)
{
    const MsgLog *log = run_log(run);
    for (int i = 0; i < msg_count(log); ++i) {
        const Message *m = msg_get(log, i);
        if (m->count > 1) say(p, PAL_TEXT, "%s x%d", m->text, m->count);
        else say(p, PAL_TEXT, "%s", m->text);
    }
    if (msg_count(log) == 0) say(p, PAL_DIM_TEXT, "Nothing has been said yet.");
}

static void worn_name(const Run *run, int kind, char *out, size_t size)
{
    if (kind < 0) snprintf(out, size, "none");
    else run_item_name(run, (Stack){kind, 1}, out, size);
}

static void character_page(const Run *run, Page *p)
{
    const Player *pl = run_player(run);
    char weapon[96], armor[96];
    worn_name(run, pl->weapon, weapon, sizeof weapon);
    worn_name(run, pl->armor, armor, sizeof armor);
    say(p, PAL_TEXT, "%s, on floor %d", run_class_name(run), run_level(run)->depth);
    say(p, PAL_TEXT, "Health %d of %d", pl->hp, pl->max_hp);
    say(p, PAL_TEXT, "Strength %+d, defense %d", pl->strength, run_player_defense(run));
    say(p, PAL_TEXT, "Weapon: %s", weapon);
    say(p, PAL_TEXT, "Armor: %s", armor);
    const Statuses *s = &pl->status;
    if (s->poisoned) say(p, PAL_DANGER, "Poisoned for %d turns", s->poisoned);
    if (s->regenerating) say(p, PAL_TEXT, "Regenerating for %d turns", s->regenerating);
    if (s->confused) say(p, PAL_DANGER, "Confused for %d turns", s->confused);
    say(p, PAL_TEXT, "Turn %d, %d kill%s", run_turn(run), pl->kills, pl->kills == 1 ? "" : "s");
    say(p, PAL_GOLD, "Gold %d, Amulets %d of %d", pl->gold, pl->amulets, AMULETS);
}

static void known_page(const Run *run, Page *p)
{
    const GameData *data = run_data(run);
    int unknown = 0, known = 0;
    for (int kind = 0; kind < data->item_count; ++kind) {
        ItemClass c = data->items[kind].item_class;
        if (c != IC_POTION && c != IC_SCROLL) continue;
        if (!run_kind_known(run, kind)) {
            ++unknown;
            continue;
        }
        char name[96];
        run_item_name(run, (Stack){kind, 2}, name, sizeof name);
        say(p, PAL_TEXT, "%s", name + 2);   /* "potions of healing", without the 2 */
        say(p, PAL_DIM_TEXT, "  %s", data_effect_text(data->items[kind].effect));
        ++known;
    }
    if (known == 0) say(p, PAL_DIM_TEXT, "You know no kind of potion or scroll yet.");
    say(p, PAL_DIM_TEXT, "%d kind%s not yet known.", unknown, unknown == 1 ? "" : "s");
}

static void pick_page(const Run *run, Page *p)
{
    const Pack *pack = &run_player(run)->pack;
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        if (!pack_holds(pack, slot)) continue;
        char name[96];
        run_item_name(run, pack->slots[slot], name, sizeof name);
        say(p, PAL_TEXT, "%c) %s", pack_letter(slot), name);
    }
    if (pack->count == 0) say(p, PAL_DIM_TEXT, "Your pack is empty.");
}

/* What the player knows of a kind: the numbers of a weapon, armor or a
 * missile, and what a known potion or scroll does */
static void examine_page(const Run *run, int slot, Page *p)
{
    const Pack *pack = &run_player(run)->pack;
    if (!pack_holds(pack, slot)) return;
    Stack stack = pack->slots[slot];
    const ItemDef *def = &run_data(run)->items[stack.kind];
    char name[96];
    run_item_name(run, stack, name, sizeof name);
    say(p, PAL_TEXT, "%c) %s", pack_letter(slot), name);
    switch (def->item_class) {
    case IC_WEAPON: say(p, PAL_TEXT, "A weapon: %d to %d damage a blow.", def->damage_min, def->damage_max); break;
    case IC_ARMOR:
        say(p, PAL_TEXT, "Armor: it takes %d off every blow.", def->defense);
        if (def->noisy) say(p, PAL_TEXT, "It clanks: monsters hear every step in it.");
        break;
    case IC_MISSILE:
        say(p, PAL_TEXT, "A missile: %d to %d damage, %d cells, hits %d in 100 awake.", def->damage_min,
            def->damage_max, def->range, def->to_hit);
        if (def->launcher >= 0) {
            char bow[96];
            run_item_name(run, (Stack){def->launcher, 1}, bow, sizeof bow);
            say(p, PAL_TEXT, "It needs %s in hand, and breaks %d times in 100 it hits.", bow, def->breaks);
        }
        break;
    case IC_POTION:
    case IC_SCROLL:
        if (run_kind_known(run, stack.kind)) say_wrapped(p, PAL_TEXT, data_effect_text(def->effect));
        else say(p, PAL_TEXT, "You don't know what this does.");
        break;
    default: break;
    }
}

/* ---- The dialog ------------------------------------------------------------ */

static const char *const TITLES[INFO_COUNT] = {
    [INFO_HELP] = "KEYS", [INFO_GUIDE] = "HOW TO PLAY", [INFO_HISTORY] = "MESSAGES",
    [INFO_CHARACTER] = "CHARACTER", [INFO_KNOWN] = "WHAT YOU KNOW",
    [INFO_PICK] = "EXAMINE WHICH?", [INFO_EXAMINE] = "EXAMINE",
};

static const char *const HINTS[INFO_COUNT] = {
    [INFO_HELP] = "? or Tab: how to play. Up and down scroll.",
    [INFO_GUIDE] = "? or Tab: the keys.",
    [INFO_HISTORY] = "Up and down scroll; the newest is at the foot.",
    [INFO_PICK] = "Press a thing's letter.",
};

static void write_page(const Input *input, const Run *run, Page *p)
{
    switch (input->info.page) {
    case INFO_HELP: keys_page(input, p); break;
    case INFO_GUIDE: guide_page(p); break;
    case INFO_HISTORY: history_page(run, p); break;
    case INFO_CHARACTER: character_page(run, p); break;
    case INFO_KNOWN: known_page(run, p); break;
    case INFO_PICK: pick_page(run, p); break;
    case INFO_EXAMINE: examine_page(run, input->info.slot, p); break;
    case INFO_NONE:
    case INFO_COUNT: break;
    }
}

int screen_info_lines(const Input *input, const Run *run)
{
    Page p = {NULL, INT_MAX, 0};   /* keeps no line: only counts them */
    write_page(input, run, &p);
    return p.lines;
}

void screen_info(const Input *input, const Run *run, ScreenDialog *out)
{
    memset(out, 0, sizeof *out);
    out->shown = true;
    out->columns = INFO_COLUMNS;
    out->rows = HEAD_ROWS + INFO_PAGE_LINES;
    InfoPage page = input->info.page;
    snprintf(out->lines[0].text, sizeof out->lines[0].text, "%s", TITLES[page] ? TITLES[page] : "");
    out->lines[0].color = PAL_TEXT;
    snprintf(out->lines[0].aside, sizeof out->lines[0].aside, "Esc to close");
    out->lines[0].aside_color = PAL_DIM_TEXT;
    snprintf(out->lines[1].text, sizeof out->lines[1].text, "%s", HINTS[page] ? HINTS[page] : "");
    out->lines[1].color = PAL_DIM_TEXT;
    out->count = HEAD_ROWS;
    /* the scroll is kept in range as it's changed (info.c), so one pass
     * writes the lines in view */
    Page p = {out, input->info.scroll, 0};
    write_page(input, run, &p);
}
