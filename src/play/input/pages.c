/* The words of the screens about the run (pages.h): each page is written
 * line by line through a Page, which keeps only the lines in view (from
 * the scroll) and counts them all, so a long history costs no copy. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ident.h"
#include "pages.h"
#include "tune.h"
#include "wrap.h"

enum { KEY_COLUMN = 16 };

typedef struct Page {
    PageView *view;        /* NULL: only count */
    int first;             /* the first line to keep */
    int lines;             /* lines written so far */
} Page;

/* One row of the page, if it's in view */
static void put_row(Page *p, PageTone tone, const char *text, int length)
{
    int row = p->lines++ - p->first;
    if (p->view == NULL || row < 0 || row >= INFO_PAGE_LINES) return;
    PageRow *r = &p->view->rows[row];
    snprintf(r->text, sizeof r->text, "%.*s", length, text);
    r->tone = tone;
    if (row >= p->view->shown) p->view->shown = row + 1;
}

/* A line of the page, wrapped at spaces to PAGE_COLUMNS, the rows after
 * the first indented by hang (a key's words under the words, not the key) */
static void say_hung(Page *p, PageTone tone, int hang, const char *text)
{
    char row[PAGE_ROW_TEXT];
    int take = wrap_cut(text, PAGE_COLUMNS);
    put_row(p, tone, text, take);
    for (text += take; *text != '\0'; text += take) {
        while (*text == ' ') ++text;
        take = wrap_cut(text, PAGE_COLUMNS - hang);
        snprintf(row, sizeof row, "%*s%.*s", hang, "", take, text);
        put_row(p, tone, row, (int)strlen(row));
    }
}

enum { HANG = 2 };

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void say(Page *p, PageTone tone, const char *format, ...)
{
    char text[PAGE_ROW_TEXT];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    say_hung(p, tone, HANG, text);
}

/* Text cut into lines of at most PAGE_COLUMNS, at spaces */
static void say_wrapped(Page *p, PageTone tone, const char *text)
{
    while (*text != '\0') {
        int cut = wrap_cut(text, PAGE_COLUMNS);
        put_row(p, tone, text, cut);
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
        char line[PAGE_ROW_TEXT];
        snprintf(line, sizeof line, "%-*s %s", KEY_COLUMN, spelled, key_binding_text((KeyBinding)b));
        say_hung(p, PAGE_TEXT, KEY_COLUMN + 1, line);
    }
    say(p, PAGE_DIM, "%-*s %s", KEY_COLUMN, "a..t", "in the pack: the thing with that letter");
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
    for (size_t i = 0; i < sizeof LINES / sizeof LINES[0]; ++i) say_wrapped(p, PAGE_TEXT, LINES[i]);
}

static void history_page(const Run *run, Page *p)
{
    const MsgLog *log = run_log(run);
    for (int i = 0; i < msg_count(log); ++i) {
        const Message *m = msg_get(log, i);
        if (m->count > 1) say(p, PAGE_TEXT, "%s x%d", m->text, m->count);
        else say(p, PAGE_TEXT, "%s", m->text);
    }
    if (msg_count(log) == 0) say(p, PAGE_DIM, "Nothing has been said yet.");
}

/* What a blow in hand does: the weapon's damage (bare hands 1 to 2, as
 * act.c has it), then with the player's strength */
static void weapon_lines(const Run *run, Page *p)
{
    const Player *pl = run_player(run);
    int lo = 1, hi = 2;
    char name[96] = "none: your bare hands";
    if (pl->weapon >= 0) {
        const ItemDef *def = &run_data(run)->items[pl->weapon];
        lo = def->damage_min;
        hi = def->damage_max;
        run_item_name(run, (Stack){pl->weapon, 1}, name, sizeof name);
    }
    say(p, PAGE_TEXT, "Weapon: %s, %d to %d damage", name, lo, hi);
    if (pl->strength != 0) {
        say(p, PAGE_DIM, "  a blow does %d to %d with your strength", lo + pl->strength, hi + pl->strength);
    }
}

static void armor_line(const Run *run, Page *p)
{
    const Player *pl = run_player(run);
    if (pl->armor < 0) {
        say(p, PAGE_TEXT, "Armor: none, defense 0");
        return;
    }
    const ItemDef *def = &run_data(run)->items[pl->armor];
    char name[96];
    run_item_name(run, (Stack){pl->armor, 1}, name, sizeof name);
    say(p, PAGE_TEXT, "Armor: %s, defense %d%s", name, def->defense, def->noisy ? " (it clanks)" : "");
}

static void character_page(const Run *run, Page *p)
{
    const Player *pl = run_player(run);
    say(p, PAGE_TEXT, "%s, on floor %d", run_class_name(run), run_level(run)->depth);
    say(p, PAGE_TEXT, "Health %d of %d", pl->hp, pl->max_hp);
    say(p, PAGE_TEXT, "Strength %+d, defense %d", pl->strength, run_player_defense(run));
    weapon_lines(run, p);
    armor_line(run, p);
    const Statuses *s = &pl->status;
    if (s->poisoned) say(p, PAGE_DANGER, "Poisoned for %d turns", s->poisoned);
    if (s->regenerating) say(p, PAGE_TEXT, "Regenerating for %d turns", s->regenerating);
    if (s->confused) say(p, PAGE_DANGER, "Confused for %d turns", s->confused);
    say(p, PAGE_TEXT, "Turn %d, %d kill%s", run_turn(run), pl->kills, pl->kills == 1 ? "" : "s");
    say(p, PAGE_GOLD, "Gold %d, Amulets %d of %d", pl->gold, pl->amulets, AMULETS);
}

/* The kinds of a class in the order of their looks: in the data's order
 * a look would tell its kind (the first potion listed would always be
 * healing) */
static int kinds_by_look(const Run *run, ItemClass item_class, int kinds[MAX_ITEM_KINDS])
{
    const GameData *data = run_data(run);
    const Ident *ident = run_ident(run);
    int n = 0;
    for (int kind = 0; kind < data->item_count && n < MAX_ITEM_KINDS; ++kind) {
        if (data->items[kind].item_class != item_class) continue;
        int at = n++;
        while (at > 0 && strcmp(ident_look(ident, kinds[at - 1])->name, ident_look(ident, kind)->name) > 0) {
            kinds[at] = kinds[at - 1];
            --at;
        }
        kinds[at] = kind;
    }
    return n;
}

/* Every kind of a class, as DCSS's \ lists them: a known one by its
 * name and look, and what it does ("potion of healing (violet)"); an
 * unknown one by its look alone, as the pack names it ("a crimson
 * potion"), dim */
static void known_class(const Run *run, ItemClass item_class, Page *p)
{
    int kinds[MAX_ITEM_KINDS];
    int count = kinds_by_look(run, item_class, kinds), known = 0;
    for (int i = 0; i < count; ++i) known += run_kind_known(run, kinds[i]);
    bool potion = item_class == IC_POTION;
    say(p, PAGE_DIM, "%s: %d of %d known", potion ? "Potions" : "Scrolls", known, count);
    for (int i = 0; i < count; ++i) {
        int kind = kinds[i];
        const ItemDef *def = &run_data(run)->items[kind];
        const char *look = ident_look(run_ident(run), kind)->name;
        if (run_kind_known(run, kind)) {
            say(p, PAGE_TEXT, "%s of %s (%s)", potion ? "potion" : "scroll", def->name, look);
            say(p, PAGE_DIM, "  %s", data_effect_text(def->effect));
        } else {
            char name[96];
            run_item_name(run, (Stack){kind, 1}, name, sizeof name);
            say(p, PAGE_DIM, "%s", name);
        }
    }
}

static void known_page(const Run *run, Page *p)
{
    known_class(run, IC_POTION, p);
    say(p, PAGE_TEXT, "%s", "");
    known_class(run, IC_SCROLL, p);
}

static void pick_page(const Run *run, Page *p)
{
    const Player *pl = run_player(run);
    const Pack *pack = &pl->pack;
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        if (!pack_holds(pack, slot)) continue;
        char name[96];
        run_item_name(run, pack->slots[slot], name, sizeof name);
        say(p, PAGE_TEXT, "%c) %s", pack_letter(slot), name);
    }
    if (pack->count == 0) say(p, PAGE_DIM, "Your pack is empty.");
    const int worn[] = {pl->weapon, pl->armor};
    for (int i = 0; i < 2; ++i) {
        if (worn[i] < 0) continue;
        char name[96];
        run_item_name(run, (Stack){worn[i], 1}, name, sizeof name);
        say(p, PAGE_TEXT, "%c %s (%s)", i == 0 ? INFO_KEY_IN_HAND : INFO_KEY_WORN, name, i == 0 ? "in hand" : "worn");
    }
}

/* The thing examined: a pack slot, or what's in hand or worn; false if
 * there's none */
static bool examined(const Run *run, int slot, Stack *stack, char *label, size_t size)
{
    const Player *pl = run_player(run);
    int worn = slot == INFO_IN_HAND ? pl->weapon : slot == INFO_WORN ? pl->armor : -1;
    char name[96];
    if (worn >= 0) {
        *stack = (Stack){worn, 1};
        run_item_name(run, *stack, name, sizeof name);
        snprintf(label, size, "%c %s (%s)", slot == INFO_IN_HAND ? INFO_KEY_IN_HAND : INFO_KEY_WORN, name,
                 slot == INFO_IN_HAND ? "in hand" : "worn");
        return true;
    }
    if (!pack_holds(&pl->pack, slot)) return false;
    *stack = pl->pack.slots[slot];
    run_item_name(run, *stack, name, sizeof name);
    snprintf(label, size, "%c) %s", pack_letter(slot), name);
    return true;
}

/* What the player knows of a kind: the numbers of a weapon, armor or a
 * missile, and what a known potion or scroll does */
static void examine_page(const Run *run, int slot, Page *p)
{
    Stack stack;
    char label[128];
    if (!examined(run, slot, &stack, label, sizeof label)) return;
    const ItemDef *def = &run_data(run)->items[stack.kind];
    say(p, PAGE_TEXT, "%s", label);
    switch (def->item_class) {
    case IC_WEAPON: say(p, PAGE_TEXT, "A weapon: %d to %d damage a blow.", def->damage_min, def->damage_max); break;
    case IC_ARMOR:
        say(p, PAGE_TEXT, "Armor: it takes %d off every blow.", def->defense);
        if (def->noisy) say(p, PAGE_TEXT, "It clanks: monsters hear every step in it.");
        break;
    case IC_MISSILE:
        say(p, PAGE_TEXT, "A missile: %d to %d damage, %d cells, hits %d in 100 awake.", def->damage_min,
            def->damage_max, def->range, def->to_hit);
        if (def->launcher >= 0) {
            char bow[96];
            run_item_name(run, (Stack){def->launcher, 1}, bow, sizeof bow);
            say(p, PAGE_TEXT, "It needs %s in hand, and breaks %d times in 100 it hits.", bow, def->breaks);
        }
        break;
    case IC_POTION:
    case IC_SCROLL:
        if (run_kind_known(run, stack.kind)) say_wrapped(p, PAGE_TEXT, data_effect_text(def->effect));
        else say(p, PAGE_TEXT, "You don't know what this does.");
        break;
    case IC_GOLD:
    case IC_AMULET:
    case IC_COUNT: break;
    }
}

/* ---- The page that's up ---------------------------------------------------- */

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

int pages_write(const Input *input, const Run *run, int first, PageView *view)
{
    if (view != NULL) view->shown = 0;
    Page p = {view, first, 0};
    write_page(input, run, &p);
    return p.lines;
}
