#include "ident.h"

#include <stdio.h>
#include <string.h>

#include "invariant.h"
#include "tune.h"

static const Look POTION_COLORS[MAX_POTION_KINDS] = {
    {"crimson", {220, 60, 60, 255}},   {"azure", {80, 140, 255, 255}},
    {"emerald", {60, 200, 100, 255}},  {"golden", {235, 195, 60, 255}},
    {"violet", {170, 100, 230, 255}},  {"murky", {130, 115, 80, 255}},
    {"silver", {200, 200, 215, 255}},  {"amber", {230, 140, 40, 255}},
    {"pink", {240, 130, 180, 255}},    {"teal", {50, 180, 180, 255}},
};

static const char *const SYLLABLES[] = {
    "ka", "zel", "mor", "thi", "van", "qua", "lor", "bex",
    "nim", "pho", "rax", "sul", "gor", "dra", "ush", "tel",
};

static const Color SCROLL_COLOR = {235, 220, 175, 255};

/* A word of two or three syllables, in capitals */
static void make_word(Rng *rng, char *out, size_t size)
{
    int syllables = rng_roll(rng, 2, 3);
    out[0] = '\0';
    for (int i = 0; i < syllables; ++i) {
        int last = (int)(sizeof SYLLABLES / sizeof SYLLABLES[0]) - 1;
        strncat(out, SYLLABLES[rng_roll(rng, 0, last)], size - strlen(out) - 1);
    }
    for (char *p = out; *p; ++p) *p = (char)(*p - 'a' + 'A');
}

static bool title_taken(const Ident *ident, int kinds, const char *title)
{
    for (int i = 0; i < kinds; ++i) {
        if (ident->has_look[i] && strcmp(ident->looks[i].name, title) == 0) return true;
    }
    return false;
}

static bool color_taken(const Ident *ident, const GameData *data, int kinds, const Look *color)
{
    for (int i = 0; i < kinds; ++i) {
        if (ident->has_look[i] && data->items[i].item_class == IC_POTION &&
            strcmp(ident->looks[i].name, color->name) == 0) {
            return true;
        }
    }
    return false;
}

/* A title no other kind has */
static void new_title(const Ident *ident, int kinds, Rng *rng, Look *out)
{
    char title[LOOK_SIZE];
    do {
        char first[LOOK_SIZE / 2], second[LOOK_SIZE / 2];
        make_word(rng, first, sizeof first);
        make_word(rng, second, sizeof second);
        snprintf(title, sizeof title, "%s %s", first, second);
    } while (title_taken(ident, kinds, title));
    snprintf(out->name, LOOK_SIZE, "%s", title);
    out->color = SCROLL_COLOR;
}

static int table_kinds(const GameData *data)
{
    /* the data's loader holds items to MAX_ITEM_KINDS, the table's size */
    INVARIANT(data->item_count >= 0 && data->item_count <= IDENT_MAX_KINDS);
    return data->item_count < IDENT_MAX_KINDS ? data->item_count : IDENT_MAX_KINDS;
}

void ident_randomize(Ident *ident, const GameData *data, Rng *rng)
{
    memset(ident, 0, sizeof *ident);
    /* The colours in a random order (Fisher-Yates); each kind of potion
     * takes the next, so no two share one */
    int order[MAX_POTION_KINDS];
    for (int i = 0; i < MAX_POTION_KINDS; ++i) order[i] = i;
    rng_shuffle(rng, order, MAX_POTION_KINDS, sizeof order[0]);
    int next_color = 0;
    int kinds = table_kinds(data);
    for (int kind = 0; kind < kinds; ++kind) {
        ItemClass item_class = data->items[kind].item_class;
        if (item_class == IC_POTION && next_color < MAX_POTION_KINDS) {
            ident->looks[kind] = POTION_COLORS[order[next_color++]];
            ident->has_look[kind] = true;
        } else if (item_class == IC_SCROLL) {
            new_title(ident, kind, rng, &ident->looks[kind]);
            ident->has_look[kind] = true;
        }
    }
}

void ident_fill_missing(Ident *ident, const GameData *data, Rng *rng)
{
    int kinds = table_kinds(data);
    for (int kind = 0; kind < kinds; ++kind) {
        ItemClass item_class = data->items[kind].item_class;
        if (ident->has_look[kind]) continue;
        if (item_class == IC_POTION) {
            int first = rng_roll(rng, 0, MAX_POTION_KINDS - 1);
            for (int i = 0; i < MAX_POTION_KINDS; ++i) {
                const Look *color = &POTION_COLORS[(first + i) % MAX_POTION_KINDS];
                if (color_taken(ident, data, kinds, color)) continue;
                ident->looks[kind] = *color;
                ident->has_look[kind] = true;
                break;
            }
        } else if (item_class == IC_SCROLL) {
            new_title(ident, kinds, rng, &ident->looks[kind]);
            ident->has_look[kind] = true;
        }
    }
}

/* Every kind asked about is one of the data's items, so within the table;
 * out of range is a kind of -1 or a stale index */
static bool kind_in_table(int kind)
{
    INVARIANT(kind >= 0 && kind < IDENT_MAX_KINDS);
    return kind >= 0 && kind < IDENT_MAX_KINDS;
}

bool ident_has_look(const Ident *ident, int kind)
{
    return kind_in_table(kind) && ident->has_look[kind];
}

const Look *ident_look(const Ident *ident, int kind)
{
    static const Look none = {"", {255, 255, 255, 255}};
    return ident_has_look(ident, kind) ? &ident->looks[kind] : &none;
}

bool ident_known(const Ident *ident, int kind)
{
    return kind_in_table(kind) && ident->known[kind];
}

void ident_learn(Ident *ident, int kind)
{
    if (kind_in_table(kind)) ident->known[kind] = true;
}

void ident_set_look(Ident *ident, int kind, const Look *look)
{
    if (!kind_in_table(kind)) return;
    ident->looks[kind] = *look;
    ident->has_look[kind] = true;
}
