/* Reading monsters.txt, items.txt, vaults.txt and classes.txt (whose
 * records data_vault.c and data_class.c read), in that order: a vault's
 * guardian is named by a monster's id, a class's kit by items' ids. Each file's checks that look at the
 * file as a whole (every floor has a monster, the items the game needs,
 * an Amulet's vault for each Amulet floor) wait until its records are all
 * good: a record left out for a mistake would otherwise be reported again
 * as missing, which isn't the real mistake. An empty file is reported, and
 * those checks still run on it. */
#include "data.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data_load.h"
#include "file.h"
#include "geom.h"
#include "invariant.h"
#include "records.h"
#include "tune.h"

enum {
    MAX_FILE_BYTES = 64 << 20,   /* no data file comes near; a bigger one is a mistake */
    TOKEN_SIZE = 64
};

/* Each number's own range: wide enough for any game, small enough that
 * nothing the rules work out from one can overflow (a sight's square, a
 * blow's damage summed over a floor, a pack laid out on a floor) */
enum {
    MOST_SIGHT = MAP_W,
    MOST_HP = 10000,
    MOST_DAMAGE = 1000,
    MOST_DEFENSE = 1000,
    MOST_VENOM = 1000,
    MOST_PACK = 12,
    MOST_FREQUENCY = 10000,
    MOST_BREATH = 1000,
    MOST_BUNDLE = 99,
};

/* ---- Names, as the files spell them ---- */

typedef struct TraitName { const char *name; unsigned trait; } TraitName;

static const TraitName TRAIT_NAMES[] = {
    {"never_sleeps", TRAIT_NEVER_SLEEPS}, {"erratic", TRAIT_ERRATIC},
    {"stationary", TRAIT_STATIONARY},     {"shrieks", TRAIT_SHRIEKS},
    {"slow", TRAIT_SLOW},                 {"never_flees", TRAIT_NEVER_FLEES},
    {"regenerates", TRAIT_REGENERATES},   {"drains", TRAIT_DRAINS},
    {"opens_doors", TRAIT_OPENS_DOORS},   {"vault_only", TRAIT_VAULT_ONLY},
};

/* Each effect's name in items.txt, and what it does as the player is
 * told once the kind is known: by effect, each of data.h's list must
 * have its line here */
typedef struct EffectInfo { const char *name, *text; } EffectInfo;

#define TELLS_NONE ""
#define TELLS_HEAL "It heals some of your wounds."
#define TELLS_HEAL_FULLY "It heals every wound."
#define TELLS_STRENGTHEN "It makes you stronger, for good."
#define TELLS_POISON "It poisons whoever drinks it."
#define TELLS_REGENERATE "It heals you a little every turn, for a while."
#define TELLS_CONFUSE "It confuses whoever drinks it."
#define TELLS_TELEPORT "It takes you somewhere else on the floor."
#define TELLS_MAP_FLOOR "It maps the whole floor, and what lies on it."
#define TELLS_IDENTIFY "It tells you what one thing you carry is."
#define TELLS_FRIGHTEN "It makes every monster in sight afraid."
#define TELLS_LIGHTNING "A bolt you aim: it hits every monster on its line."
#define TELLS_FIREBALL "A ball of fire you aim: it burns everything round where it bursts."
#define DATA_EFFECT_INFO(id, name) [FX_##id] = {name, TELLS_##id},
static const EffectInfo EFFECTS[FX_COUNT] = {ITEM_EFFECTS(DATA_EFFECT_INFO)};
#undef DATA_EFFECT_INFO

/* What each class of item reads besides id, name, tile and frequency */
enum { READS_EFFECT = 1 << 0, READS_DAMAGE = 1 << 1, READS_DEFENSE = 1 << 2, READS_FLIGHT = 1 << 3 };

typedef struct ClassInfo { const char *name; unsigned reads; } ClassInfo;

/* by class: each class of data.h's list must have its line here */
#define READS_POTION READS_EFFECT
#define READS_SCROLL READS_EFFECT
#define READS_WEAPON READS_DAMAGE
#define READS_ARMOR READS_DEFENSE
#define READS_GOLD 0
#define READS_AMULET 0
#define READS_MISSILE (READS_DAMAGE | READS_FLIGHT)
#define DATA_CLASS_INFO(id, name, glyph) [IC_##id] = {name, READS_##id},
static const ClassInfo CLASSES[IC_COUNT] = {ITEM_CLASSES(DATA_CLASS_INFO)};
#undef DATA_CLASS_INFO

/* The kinds the game's own code asks for by id */
typedef struct NeededItem { const char *id; ItemClass item_class; } NeededItem;

static const NeededItem NEEDED_ITEMS[] = {
    {"short_sword", IC_WEAPON}, {"gold", IC_GOLD}, {"amulet", IC_AMULET},
};

/* A vault's legend; a space is outside the vault */

const char *data_trait_name(unsigned trait)
{
    for (size_t i = 0; i < sizeof TRAIT_NAMES / sizeof TRAIT_NAMES[0]; ++i) {
        if (TRAIT_NAMES[i].trait == trait) return TRAIT_NAMES[i].name;
    }
    return NULL;
}

const char *data_effect_name(ItemEffect effect)
{
    return (int)effect > FX_NONE && effect < FX_COUNT ? EFFECTS[effect].name : NULL;
}

const char *data_effect_text(ItemEffect effect)
{
    return (int)effect >= 0 && effect < FX_COUNT ? EFFECTS[effect].text : "";
}

const char *data_class_name(ItemClass item_class)
{
    return (int)item_class >= 0 && item_class < IC_COUNT ? CLASSES[item_class].name : NULL;
}

int data_find_monster(const GameData *data, const char *id)
{
    INVARIANT(id != NULL);
    for (int i = 0; i < data->monster_count; ++i) {
        if (strcmp(data->monsters[i].id, id) == 0) return i;
    }
    return -1;
}

int data_find_vault(const GameData *data, const char *id)
{
    INVARIANT(id != NULL);
    for (int i = 0; i < data->vault_count; ++i) {
        if (strcmp(data->vaults[i].id, id) == 0) return i;
    }
    return -1;
}

int data_find_item(const GameData *data, const char *id)
{
    INVARIANT(id != NULL);
    for (int i = 0; i < data->item_count; ++i) {
        if (strcmp(data->items[i].id, id) == 0) return i;
    }
    return -1;
}

int data_find_class(const GameData *data, const char *id)
{
    INVARIANT(id != NULL);
    for (int i = 0; i < data->class_count; ++i) {
        if (strcmp(data->classes[i].id, id) == 0) return i;
    }
    return -1;
}

void data_free(GameData *data)
{
    free(data->monsters);
    free(data->items);
    free(data->vaults);
    free(data->classes);
    memset(data, 0, sizeof *data);
}

/* ---- Ids and the lines they were given on ---- */

const IdLine *data_find_id(const IdList *list, const char *id)
{
    for (int i = 0; i < list->count; ++i) {
        if (strcmp(list->ids[i].id, id) == 0) return &list->ids[i];
    }
    return NULL;
}

static bool add_id(IdList *list, const char *id, int line)
{
    if (list->count == list->capacity) {
        int capacity = list->capacity ? list->capacity * 2 : 32;
        IdLine *ids = realloc(list->ids, (size_t)capacity * sizeof *ids);
        if (ids == NULL) return false;
        list->ids = ids;
        list->capacity = capacity;
    }
    IdLine *added = &list->ids[list->count++];
    strcpy(added->id, id);
    added->line = line;
    return true;
}

static void free_ids(IdList *list)
{
    free(list->ids);
    *list = (IdList){NULL, 0, 0};
}

/* ---- A load in progress ---- */

void *data_push(Loader *loader, void *array, int *count, const void *value, size_t size)
{
    bool full = *count == 0 || (*count >= 8 && (*count & (*count - 1)) == 0);
    if (full) {
        size_t capacity = *count == 0 ? 8 : (size_t)*count * 2;
        void *grown = realloc(array, capacity * size);
        if (grown == NULL) {
            loader->out_of_memory = true;
            return array;
        }
        array = grown;
    }
    memcpy((char *)array + (size_t)*count * size, value, size);
    ++*count;
    return array;
}

void data_report_file(Loader *loader, const char *format, ...)
{
    char text[256];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    errors_add(loader->errors, "%s: %s", loader->file, text);
}

void data_check_new_id(Loader *loader, Fields *fields, const char *id)
{
    if (id[0] == '\0') return;   /* reported already */
    const IdLine *before = data_find_id(&loader->ids, id);
    if (before != NULL) {
        fld_report(fields, fld_line(fields, "id"), "the id '%s' is already used, on line %d",
                   id, before->line);
    } else if (!add_id(&loader->ids, id, fld_line(fields, "id"))) {
        loader->out_of_memory = true;
    }
}

/* Two whole numbers, each at least least, low to high */
static bool read_range(Fields *fields, const char *key, int least, int most, int range[2])
{
    if (!fld_numbers_in(fields, key, 2, least, most, range)) return false;
    if (range[0] > range[1]) {
        fld_report(fields, fld_line(fields, key), "'%s' runs backward", key);
        return false;
    }
    return true;
}

void data_read_floors(Fields *fields, int *min_floor, int *max_floor)
{
    int floors[2];
    if (fld_numbers(fields, "floors", 2, 1, floors)) {
        int line = fld_line(fields, "floors");
        if (floors[0] > LAST_FLOOR || floors[1] > LAST_FLOOR) {
            fld_report(fields, line, "'floors' goes up to %d", LAST_FLOOR);
        } else if (floors[0] > floors[1]) {
            fld_report(fields, line, "'floors' runs backward");
        }
    }
    *min_floor = floors[0];
    *max_floor = floors[1];
}

void data_report_unknown_record(Fields *fields, const Record *record)
{
    char quoted[REC_QUOTE_SIZE];
    fld_report(fields, record->line, "unknown record [%s]", rec_quote(record->type, quoted));
}

/* ---- monsters.txt ---- */

/* Copies the next space-separated word of text into word, cut short if
 * it's long (a long word is never a good one, and is only quoted back).
 * Returns the text after it; *len is the word's whole length, 0 at the end. */
static const char *next_word(const char *text, char word[TOKEN_SIZE], size_t *len)
{
    while (*text == ' ' || *text == '\t') ++text;
    size_t n = 0;
    while (text[n] != '\0' && text[n] != ' ' && text[n] != '\t') {
        if (n < TOKEN_SIZE - 1) word[n] = text[n];
        ++n;
    }
    word[n < TOKEN_SIZE - 1 ? n : TOKEN_SIZE - 1] = '\0';
    *len = n;
    return text + n;
}

static unsigned trait_by_name(const char *name)
{
    for (size_t i = 0; i < sizeof TRAIT_NAMES / sizeof TRAIT_NAMES[0]; ++i) {
        if (strcmp(TRAIT_NAMES[i].name, name) == 0) return TRAIT_NAMES[i].trait;
    }
    return 0;
}

static void read_trait(Fields *fields, const char *word, size_t word_len, MonsterDef *def)
{
    char quoted[REC_QUOTE_SIZE];
    int line = fld_line(fields, "traits");
    static const char PACK[] = "pack:";
    if (strncmp(word, PACK, sizeof PACK - 1) == 0) {
        int pack = 0;
        const char *number = word + sizeof PACK - 1;
        bool good = word_len < TOKEN_SIZE - 1 &&
                    rec_whole_number(number, strlen(number), &pack) && pack >= 1 &&
                    pack <= MOST_PACK;
        if (good) {
            def->pack = pack;
        } else {
            fld_report(fields, line, "'%s' needs a whole number from 1 to %d", rec_quote(word, quoted),
                       MOST_PACK);
        }
        return;
    }
    unsigned trait = word_len < TOKEN_SIZE - 1 ? trait_by_name(word) : 0;
    if (trait == 0) {
        fld_report(fields, line, "unknown trait '%s'", rec_quote(word, quoted));
    }
    def->traits |= trait;
}

static void read_traits(Fields *fields, MonsterDef *def)
{
    def->pack = 1;
    if (!fld_has(fields, "traits")) return;
    const char *rest = fld_text(fields, "traits");
    char word[TOKEN_SIZE];
    size_t len = 0;
    /* a line of a million bad words mustn't make a million messages */
    while ((rest = next_word(rest, word, &len)), len > 0 && fields->mistakes < REC_MAX_MISTAKES) {
        read_trait(fields, word, len, def);
    }
}

/* A monster that fights at range has a range and a shot's damage; a
 * breath of fire needs both too */
static void read_ranged(Fields *fields, MonsterDef *def)
{
    bool ranged = fld_has(fields, "ranged"), range = fld_has(fields, "range");
    if (fld_has(fields, "breath")) {
        def->breath = fld_number_in(fields, "breath", 1, MOST_BREATH);
        if (!ranged || !range) {
            fld_report(fields, fld_line(fields, "breath"),
                       "'breath' needs 'ranged' and 'range' too");
        }
    }
    if (ranged != range) {
        fld_report(fields, fld_line(fields, ranged ? "ranged" : "range"),
                   "'ranged' and 'range' go together");
    }
    if (ranged) {
        int damage[2] = {0, 0};
        read_range(fields, "ranged", 0, MOST_DAMAGE, damage);
        def->ranged_min = damage[0];
        def->ranged_max = damage[1];
    }
    if (range) def->range = fld_number_in(fields, "range", 1, MOST_RANGE);
}

static bool read_monster(Loader *loader, Fields *fields, const Record *record)
{
    if (strcmp(record->type, "monster") != 0) {
        data_report_unknown_record(fields, record);
        return false;
    }
    MonsterDef def;
    memset(&def, 0, sizeof def);
    int damage[2];
    fld_id(fields, "id", def.id);
    fld_text_into(fields, "name", def.name, sizeof def.name);
    fld_text_into(fields, "description", def.description, sizeof def.description);
    def.glyph = fld_glyph(fields, "glyph");
    def.color = fld_color(fields, "color");
    fld_text_into(fields, "tile", def.tile, sizeof def.tile);
    data_read_floors(fields, &def.min_floor, &def.max_floor);
    def.sight = fld_number_in(fields, "sight", 1, MOST_SIGHT);
    def.hp = fld_number_in(fields, "hp", 1, MOST_HP);
    read_range(fields, "damage", 0, MOST_DAMAGE, damage);
    def.damage_min = damage[0];
    def.damage_max = damage[1];
    def.defense = fld_number_in(fields, "defense", 0, MOST_DEFENSE);
    read_traits(fields, &def);
    def.venom = fld_has(fields, "venom") ? fld_number_in(fields, "venom", 0, MOST_VENOM) : 0;
    read_ranged(fields, &def);
    if (loader->data->monster_count >= MAX_MONSTER_KINDS) {
        fld_report(fields, record->line, "there can be at most %d kinds of monster", MAX_MONSTER_KINDS);
    }
    data_check_new_id(loader, fields, def.id);
    if (!fld_finish(fields)) return false;
    GameData *data = loader->data;
    data->monsters = data_push(loader, data->monsters, &data->monster_count, &def, sizeof def);
    return true;
}

/* Every floor needs a kind of monster the game can choose there */
static void check_monster_floors(Loader *loader)
{
    const GameData *data = loader->data;
    for (int floor = 1; floor <= LAST_FLOOR; ++floor) {
        bool found = false;
        for (int i = 0; i < data->monster_count; ++i) {
            const MonsterDef *def = &data->monsters[i];
            found = found || (!(def->traits & TRAIT_VAULT_ONLY) &&
                              def->min_floor <= floor && floor <= def->max_floor);
        }
        if (!found) data_report_file(loader, "floor %d has no kind of monster found at random", floor);
    }
}

/* ---- items.txt ---- */

static ItemClass class_by_name(const char *name)
{
    for (int i = 0; i < IC_COUNT; ++i) {
        if (strcmp(CLASSES[i].name, name) == 0) return (ItemClass)i;
    }
    return IC_COUNT;
}

static ItemEffect read_effect(Fields *fields)
{
    const char *name = fld_text(fields, "effect");
    if (name[0] == '\0') return FX_NONE;   /* reported already */
    for (int i = FX_NONE + 1; i < FX_COUNT; ++i) {
        if (strcmp(EFFECTS[i].name, name) == 0) return (ItemEffect)i;
    }
    char quoted[REC_QUOTE_SIZE];
    fld_report(fields, fld_line(fields, "effect"), "no effect is called '%s'",
               rec_quote(name, quoted));
    return FX_NONE;
}

static int potion_count(const GameData *data)
{
    int count = 0;
    for (int i = 0; i < data->item_count; ++i) count += data->items[i].item_class == IC_POTION;
    return count;
}

static void read_class_values(Fields *fields, ItemDef *def)
{
    unsigned reads = CLASSES[def->item_class].reads;
    if (reads & READS_EFFECT) def->effect = read_effect(fields);
    if (reads & READS_DAMAGE) {
        int damage[2];
        read_range(fields, "damage", 0, MOST_DAMAGE, damage);
        def->damage_min = damage[0];
        def->damage_max = damage[1];
    }
    if (reads & READS_DEFENSE) {
        def->defense = fld_number_in(fields, "defense", 0, MOST_DEFENSE);
        def->noisy = fld_yes_no(fields, "noisy");
    }
    def->launcher = -1;
    if (reads & READS_FLIGHT) {
        def->range = fld_number_in(fields, "range", 1, MOST_RANGE);
        def->to_hit = fld_number_in(fields, "to_hit", 0, 100);
        def->breaks = fld_has(fields, "breaks") ? fld_number_in(fields, "breaks", 0, 100) : 0;
    }
    int bundle[2] = {1, 1};
    if ((reads & READS_FLIGHT) && fld_has(fields, "bundle")) {
        read_range(fields, "bundle", 1, MOST_BUNDLE, bundle);
    }
    def->bundle_min = bundle[0];
    def->bundle_max = bundle[1];
}

/* A missile shot from a launcher names the weapon, which must come
 * earlier in the file (as a vault's guardian comes from monsters.txt) */
static void read_launcher(Loader *loader, Fields *fields, ItemDef *def)
{
    if (def->item_class != IC_MISSILE || !fld_has(fields, "fired_by")) return;
    char id[ID_SIZE];
    fld_id(fields, "fired_by", id);
    if (id[0] == '\0') return;   /* reported already */
    int found = data_find_item(loader->data, id);
    if (found < 0 || loader->data->items[found].item_class != IC_WEAPON) {
        fld_report(fields, fld_line(fields, "fired_by"),
                   "'fired_by' should be a [weapon] above this record, and '%s' isn't", id);
        return;
    }
    def->launcher = found;
}

static bool read_item(Loader *loader, Fields *fields, const Record *record)
{
    ItemClass item_class = class_by_name(record->type);
    if (item_class == IC_COUNT) {
        data_report_unknown_record(fields, record);
        return false;
    }
    ItemDef def;
    memset(&def, 0, sizeof def);
    def.item_class = item_class;
    fld_id(fields, "id", def.id);
    fld_text_into(fields, "name", def.name, sizeof def.name);
    fld_text_into(fields, "tile", def.tile, sizeof def.tile);
    def.frequency = fld_number_in(fields, "frequency", 0, MOST_FREQUENCY);
    read_class_values(fields, &def);
    read_launcher(loader, fields, &def);
    /* a potion's colour tells it apart, and there are only so many */
    if (item_class == IC_POTION && potion_count(loader->data) >= MAX_POTION_KINDS) {
        fld_report(fields, record->line,
                   "there can be at most %d kinds of potion, one for each colour",
                   MAX_POTION_KINDS);
    }
    if (loader->data->item_count >= MAX_ITEM_KINDS) {
        fld_report(fields, record->line, "there can be at most %d kinds of item", MAX_ITEM_KINDS);
    }
    data_check_new_id(loader, fields, def.id);
    if (!fld_finish(fields)) return false;
    GameData *data = loader->data;
    data->items = data_push(loader, data->items, &data->item_count, &def, sizeof def);
    return true;
}

static void check_needed_items(Loader *loader)
{
    for (size_t i = 0; i < sizeof NEEDED_ITEMS / sizeof NEEDED_ITEMS[0]; ++i) {
        const NeededItem *needed = &NEEDED_ITEMS[i];
        int found = data_find_item(loader->data, needed->id);
        if (found < 0) {
            data_report_file(loader, "the game needs an item called '%s'", needed->id);
        } else if (loader->data->items[found].item_class != needed->item_class) {
            data_report_file(loader, "the game needs '%s' to be a [%s]", needed->id,
                        CLASSES[needed->item_class].name);
        } else if (needed->item_class != IC_WEAPON && loader->data->items[found].frequency != 0) {
            /* an Amulet found at random would make more than three, and
             * gold lies in piles of its own */
            data_report_file(loader, "'%s' needs frequency 0: it's never found at random",
                             needed->id);
        }
    }
}

/* ---- The files ---- */

typedef struct FileKind {
    const char *name;
    bool (*read_record)(Loader *loader, Fields *fields, const Record *record);
    void (*check_whole)(Loader *loader);
} FileKind;

/* The files, in the order they're read (each may look up the ones
 * before: a vault its guardian among the monsters, a class its kit among
 * the items): the enum and the table are made from this list */
#define DATA_FILES(X)                                                    \
    X(MONSTERS, "monsters.txt", read_monster, check_monster_floors)      \
    X(ITEMS,    "items.txt",    read_item, check_needed_items)           \
    X(VAULTS,   "vaults.txt",   data_read_vault, data_check_amulet_floors) \
    X(CLASSES,  "classes.txt",  data_read_class, data_check_classes)
#define DATA_FILE_ENUM(id, ...) FILE_##id,
typedef enum DataFile { DATA_FILES(DATA_FILE_ENUM) FILE_COUNT } DataFile;
#undef DATA_FILE_ENUM
#define DATA_FILE_KIND(id, name, read, check) [FILE_##id] = {name, read, check},
static const FileKind FILES[FILE_COUNT] = {DATA_FILES(DATA_FILE_KIND)};
#undef DATA_FILE_KIND

/* A file's text, or why there isn't one */
typedef struct Source {
    const char *text;
    size_t len;
    const char *why_missing;
} Source;

static bool is_empty_text(const char *text, size_t len)
{
    size_t at = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    for (; at < len; ++at) {
        if (strchr(" \t\r\n", text[at]) == NULL || text[at] == '\0') return false;
    }
    return true;
}

/* True if every record was good (whether or not the file was empty) */
static bool read_records(Loader *loader, const FileKind *kind, const RecFile *records,
                         int first_error)
{
    bool good = true;
    for (int i = 0; i < records->count && !loader->out_of_memory; ++i) {
        if (loader->errors->count - first_error >= REC_MAX_MISTAKES) {
            data_report_file(loader, "too many mistakes: the rest of the file isn't checked");
            return false;
        }
        Fields fields;
        fld_init(&fields, &records->records[i], kind->name, loader->errors);
        good = kind->read_record(loader, &fields, &records->records[i]) && good;
    }
    return good;
}

/* A mistake, with the line it's about, for putting them in order */
typedef struct Numbered { int line; int order; char *text; } Numbered;

static int by_line(const void *a, const void *b)
{
    const Numbered *x = a, *y = b;
    if (x->line != y->line) return x->line < y->line ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* The line of a message "file:12: ...", or INT_MAX for one about the
 * whole file */
static int message_line(const char *message, const char *file)
{
    size_t len = strlen(file);
    if (strncmp(message, file, len) != 0 || message[len] != ':') return INT_MAX;
    const char *at = message + len + 1;
    long line = 0;
    for (; *at >= '0' && *at <= '9' && line < INT_MAX / 10; ++at) line = line * 10 + (*at - '0');
    return at > message + len + 1 && *at == ':' ? (int)line : INT_MAX;
}

/* Puts a file's mistakes, from first on, in the order of their lines, as
 * a player reads the file: reading finds the lines that can't be read
 * before it checks the records' values. One line's keep their order. */
static void sort_by_line(Errors *errors, int first, const char *file)
{
    int count = errors->count - first;
    Numbered *numbered = count > 1 ? malloc((size_t)count * sizeof *numbered) : NULL;
    if (numbered == NULL) return;   /* in order enough */
    for (int i = 0; i < count; ++i) {
        char *text = errors->lines[first + i];
        numbered[i] = (Numbered){message_line(text, file), i, text};
    }
    qsort(numbered, (size_t)count, sizeof *numbered, by_line);
    for (int i = 0; i < count; ++i) errors->lines[first + i] = numbered[i].text;
    free(numbered);
}

/* Reads one file. True if it had no mistakes. */
static bool load_file(Loader *loader, const FileKind *kind, const Source *source)
{
    int first_error = loader->errors->count;
    loader->file = kind->name;
    free_ids(&loader->ids);
    if (source->text == NULL) {
        data_report_file(loader, "can't be read: %s", source->why_missing);
        return false;
    }
    if (is_empty_text(source->text, source->len)) data_report_file(loader, "the file is empty");
    int first_line_error = loader->errors->count;
    RecFile records;
    bool good = rec_parse(&records, source->text, source->len, kind->name, loader->errors);
    bool parse_stopped = loader->errors->count - first_error >= REC_MAX_MISTAKES;
    if (!parse_stopped) good = read_records(loader, kind, &records, first_error) && good;
    rec_free(&records);
    sort_by_line(loader->errors, first_line_error, kind->name);
    if (loader->out_of_memory) {
        data_report_file(loader, "out of memory");
        return false;
    }
    if (good) kind->check_whole(loader);
    return good && loader->errors->count == first_error;
}

/* What the rest of the game indexes by, kept whatever the files held: the
 * items fit the run's table of what the player knows, and each vault's
 * guardian is a monster or none */
static void check_indices(const GameData *data)
{
    INVARIANT(data->item_count >= 0 && data->item_count <= MAX_ITEM_KINDS);
    INVARIANT(data->monster_count >= 0 && data->vault_count >= 0);
    for (int i = 0; i < data->vault_count; ++i) {
        int guardian = data->vaults[i].guardian;
        INVARIANT(guardian >= -1 && guardian < data->monster_count);
        (void)guardian;
    }
}

static bool load_sources(GameData *data, const Source sources[FILE_COUNT], Errors *errors)
{
    data_free(data);
    Loader loader;
    memset(&loader, 0, sizeof loader);
    loader.data = data;
    loader.errors = errors;
    bool good = true;
    for (int i = 0; i < FILE_COUNT; ++i) {
        bool file_good = load_file(&loader, &FILES[i], &sources[i]);
        good = file_good && good;
        if (i == FILE_MONSTERS) {
            /* the vaults look for their guardians among these */
            loader.monsters_read = sources[FILE_MONSTERS].text != NULL;
            loader.monster_ids = loader.ids;
            loader.ids = (IdList){NULL, 0, 0};
        } else if (i == FILE_ITEMS) {
            /* the classes' kits look for their items among these */
            loader.items_good = file_good;
        }
    }
    free_ids(&loader.ids);
    free_ids(&loader.monster_ids);
    check_indices(data);
    return good;
}

bool data_load_texts(GameData *data,
                     const char *monsters, size_t monsters_len,
                     const char *items, size_t items_len,
                     const char *vaults, size_t vaults_len,
                     const char *classes, size_t classes_len,
                     Errors *errors)
{
    const char *missing = "the file is missing";
    Source sources[FILE_COUNT] = {
        [FILE_MONSTERS] = {monsters, monsters_len, missing},
        [FILE_ITEMS] = {items, items_len, missing},
        [FILE_VAULTS] = {vaults, vaults_len, missing},
        [FILE_CLASSES] = {classes, classes_len, missing},
    };
    return load_sources(data, sources, errors);
}

/* ---- Reading the files from a folder ---- */

/* The whole of a file, or NULL with why not in why. Anything but a
 * regular file is refused at once (a FIFO would wait for ever, a folder
 * isn't a disk error), as file_read_all does */
static char *read_file(const char *path, size_t *len, char *why, size_t why_size)
{
    char *text = NULL, error[160];
    FileRead read = file_read_all(file_system_ops(), path, MAX_FILE_BYTES, &text, len, error, sizeof error);
    static const char PREFIX[] = "it can't be read: ";
    if (read == FILE_READ_OK) return text;
    if (read == FILE_READ_MISSING) snprintf(why, why_size, "%s", strerror(ENOENT));
    else if (read == FILE_READ_TOO_BIG) snprintf(why, why_size, "it's bigger than %d MB", MAX_FILE_BYTES >> 20);
    else {
        const char *words = strncmp(error, PREFIX, sizeof PREFIX - 1) == 0 ? error + sizeof PREFIX - 1 : error;
        snprintf(why, why_size, "%.*s", (int)(why_size > 0 ? why_size - 1 : 0), words);
    }
    return NULL;
}

bool data_load_dir(GameData *data, const char *dir, Errors *errors)
{
    char *texts[FILE_COUNT] = {NULL};
    char why[FILE_COUNT][128];
    Source sources[FILE_COUNT];
    for (int i = 0; i < FILE_COUNT; ++i) {
        why[i][0] = '\0';
        size_t path_size = strlen(dir) + 1 + strlen(FILES[i].name) + 1;
        char *path = malloc(path_size);
        size_t len = 0;
        if (path != NULL) {
            snprintf(path, path_size, "%s/%s", dir, FILES[i].name);
            texts[i] = read_file(path, &len, why[i], sizeof why[i]);
        } else {
            snprintf(why[i], sizeof why[i], "out of memory");
        }
        free(path);
        sources[i] = (Source){texts[i], len, why[i]};
    }
    bool good = load_sources(data, sources, errors);
    for (int i = 0; i < FILE_COUNT; ++i) free(texts[i]);
    /* a folder refused leaves nothing for the caller to free */
    if (!good) data_free(data);
    return good;
}
