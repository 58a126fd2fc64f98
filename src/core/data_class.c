/* Reading classes.txt: each [class]'s numbers, its kit and the kinds it
 * knows, both lists of item ids from items.txt (read before it). A kit's
 * word is an id, or an id, a colon and a count ("dagger:3"); a known
 * kind is a potion's or a scroll's id, since every other kind is known
 * anyway. The ids are looked up only in an items.txt without mistakes:
 * one with any (or none at all) would make every kit that names a kind
 * it left out a mistake too, which isn't the real one; the class can't
 * be kept then, but the load has failed already. */
#include <stdio.h>
#include <string.h>

#include "data_load.h"
#include "pack.h"

enum {
    WORD_SIZE = ID_SIZE + 16,   /* an id and a count, and more to quote a bad one */
    MOST_CLASS_HP = 10000,
    MOST_STRENGTH = 100,
    MOST_KIT_COUNT = 99,
};

/* The next space-separated word of text, cut short to fit word (a long
 * word is never a good one, and is only quoted back). Returns the text
 * after it; *len is the word's whole length, 0 at the end. */
static const char *next_word(const char *text, char word[WORD_SIZE], size_t *len)
{
    while (*text == ' ' || *text == '\t') ++text;
    size_t n = strcspn(text, " \t");
    size_t kept = n < WORD_SIZE - 1 ? n : WORD_SIZE - 1;
    memcpy(word, text, kept);
    word[kept] = '\0';
    *len = n;
    return text + n;
}

/* An item by its id, into *kind; false if there's none (reported if
 * items.txt is good) */
static bool find_item(Loader *loader, Fields *fields, int line, const char *id, int *kind)
{
    char quoted[REC_QUOTE_SIZE];
    *kind = data_find_item(loader->data, id);
    if (*kind >= 0) return true;
    if (loader->items_good) fld_report(fields, line, "no item is called '%s'", rec_quote(id, quoted));
    return false;
}

/* "dagger:3" into its id and count; false, reported, if the count isn't
 * one that can be carried */
static bool split_count(Fields *fields, int line, char word[WORD_SIZE], size_t len, int *count)
{
    char quoted[REC_QUOTE_SIZE];
    *count = 1;
    char *colon = strchr(word, ':');
    if (colon == NULL) return true;
    const char *number = colon + 1;
    bool good = len < WORD_SIZE - 1 && rec_whole_number(number, strlen(number), count) &&
                *count >= 1 && *count <= MOST_KIT_COUNT;
    if (!good) {
        fld_report(fields, line, "'%s' needs a count from 1 to %d after the colon",
                   rec_quote(word, quoted), MOST_KIT_COUNT);
        return false;
    }
    *colon = '\0';
    return true;
}

static bool in_kit(const ClassDef *def, int kind)
{
    for (int i = 0; i < def->kit_count; ++i) {
        if (def->kit[i].kind == kind) return true;
    }
    return false;
}

/* One word of the kit. False if the class can't be kept for it */
static bool read_kit_word(Loader *loader, Fields *fields, char word[WORD_SIZE], size_t len,
                          ClassDef *def)
{
    int line = fld_line(fields, "kit"), count, kind;
    if (!split_count(fields, line, word, len, &count)) return false;
    if (!find_item(loader, fields, line, word, &kind)) return false;
    ItemClass item_class = loader->data->items[kind].item_class;
    if (item_class == IC_GOLD || item_class == IC_AMULET) {
        fld_report(fields, line, "'%s' can't be in a kit: gold and the Amulets aren't carried",
                   word);
        return false;
    }
    if (in_kit(def, kind)) {
        fld_report(fields, line, "'%s' is in the kit twice: give it once, with a count (%s:2)",
                   word, word);
        return false;
    }
    def->kit[def->kit_count++] = (ClassKit){kind, count};
    return true;
}

/* The pack's slots the kit needs: every kind but the weapon wielded and
 * the armor worn, when those are the only one of their kind */
static int pack_slots_needed(const GameData *data, const ClassDef *def)
{
    bool wielded = false, worn = false;
    int needed = 0;
    for (int i = 0; i < def->kit_count; ++i) {
        ItemClass item_class = data->items[def->kit[i].kind].item_class;
        bool weapon = item_class == IC_WEAPON && !wielded;
        bool armor = item_class == IC_ARMOR && !worn;
        wielded = wielded || weapon;
        worn = worn || armor;
        needed += !((weapon || armor) && def->kit[i].count == 1);
    }
    return needed;
}

/* A key's words, each read by read_word; false if any made the class
 * one that can't be kept */
typedef bool (*WordReader)(Loader *loader, Fields *fields, char word[WORD_SIZE], size_t len,
                           ClassDef *def);

static bool read_words(Loader *loader, Fields *fields, const char *key, WordReader read_word,
                       ClassDef *def)
{
    if (!fld_has(fields, key)) return true;   /* none */
    const char *rest = fld_text(fields, key);
    char word[WORD_SIZE];
    size_t len = 0;
    bool good = true;
    /* a line of a million bad words mustn't make a million messages */
    while ((rest = next_word(rest, word, &len)), len > 0 && fields->mistakes < REC_MAX_MISTAKES) {
        good = read_word(loader, fields, word, len, def) && good;
    }
    return good;
}

static bool is_known(const ClassDef *def, int kind)
{
    for (int i = 0; i < def->known_count; ++i) {
        if (def->known[i] == kind) return true;
    }
    return false;
}

/* One word of what the class knows */
static bool read_known_word(Loader *loader, Fields *fields, char word[WORD_SIZE], size_t len,
                            ClassDef *def)
{
    (void)len;
    int line = fld_line(fields, "known"), kind;
    if (!find_item(loader, fields, line, word, &kind)) return false;
    ItemClass item_class = loader->data->items[kind].item_class;
    if (item_class != IC_POTION && item_class != IC_SCROLL) {
        fld_report(fields, line, "'%s' is known anyway: only potions and scrolls are learnt", word);
        return false;
    }
    if (is_known(def, kind)) {
        fld_report(fields, line, "'%s' is known twice", word);
        return false;
    }
    def->known[def->known_count++] = kind;
    return true;
}

bool data_read_class(Loader *loader, Fields *fields, const Record *record)
{
    if (strcmp(record->type, "class") != 0) {
        data_report_unknown_record(fields, record);
        return false;
    }
    ClassDef def;
    memset(&def, 0, sizeof def);
    fld_id(fields, "id", def.id);
    fld_text_into(fields, "name", def.name, sizeof def.name);
    fld_text_into(fields, "description", def.description, sizeof def.description);
    def.hp = fld_number_in(fields, "hp", 1, MOST_CLASS_HP);
    def.strength = fld_number_in(fields, "strength", 0, MOST_STRENGTH);
    bool kit_good = read_words(loader, fields, "kit", read_kit_word, &def);
    int needed = pack_slots_needed(loader->data, &def);
    if (needed > PACK_SLOTS) {
        fld_report(fields, fld_line(fields, "kit"),
                   "the kit needs %d of the pack's slots, and the pack has %d", needed, PACK_SLOTS);
    }
    bool known_good = read_words(loader, fields, "known", read_known_word, &def);
    data_check_new_id(loader, fields, def.id);
    bool good = fld_finish(fields);
    if (!good || !kit_good || !known_good) return false;
    GameData *data = loader->data;
    data->classes = data_push(loader, data->classes, &data->class_count, &def, sizeof def);
    return true;
}

void data_check_classes(Loader *loader)
{
    if (loader->data->class_count == 0) {
        data_report_file(loader, "there's no [class]: a run needs at least one to start as");
    }
}
