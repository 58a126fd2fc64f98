/* The data files: the shipped ones load with no mistakes, and each check
 * catches the one thing it's for. Each test takes the real files, breaks
 * them in one way and checks the exact list of mistakes; the line numbers
 * are found in the text, so the files can change without the tests. Then
 * the files are cut short, emptied, filled with noise and mutated at
 * random, which must never crash. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "mistakes.h"
#include "runtest.h"
#include "data.h"
#include "records.h"
#include "rng.h"
#include "tune.h"
#include "pack.h"
#include "vault.h"

enum { MONSTERS, ITEMS, VAULTS, CLASSES, FILE_COUNT };

static const char *const FILE_NAMES[FILE_COUNT] = {"monsters.txt", "items.txt", "vaults.txt",
                                                   "classes.txt"};

/* ---- The four texts, and changing them ---- */

typedef struct Texts {
    char *text[FILE_COUNT];
    size_t len[FILE_COUNT];
} Texts;

static char *read_whole(const char *path, size_t *len)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        fprintf(stderr, "can't read %s\n", path);
        exit(EXIT_FAILURE);
    }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    *len = fread(text, 1, (size_t)size, file);
    text[*len] = '\0';
    fclose(file);
    return text;
}

static Texts shipped(void)
{
    Texts texts;
    for (int i = 0; i < FILE_COUNT; ++i) {
        char path[1024];
        snprintf(path, sizeof path, "%s/data/%s", AMULETS_SOURCE_DIR, FILE_NAMES[i]);
        texts.text[i] = read_whole(path, &texts.len[i]);
    }
    return texts;
}

static void free_texts(Texts *texts)
{
    for (int i = 0; i < FILE_COUNT; ++i) free(texts->text[i]);
}

static void set_text(Texts *texts, int file, char *text)
{
    free(texts->text[file]);
    texts->text[file] = text;
    texts->len[file] = strlen(text);
}

static int line_number(const char *text, size_t offset)
{
    int line = 1;
    for (size_t i = 0; i < offset; ++i) line += text[i] == '\n';
    return line;
}

/* The offset of the nth line (from 0) starting with prefix, counting from
 * the line anchor is on */
static size_t line_at(const char *text, const char *anchor, const char *prefix, int nth)
{
    const char *found = strstr(text, anchor);
    if (found == NULL) {
        fprintf(stderr, "anchor not found: %s\n", anchor);
        exit(EXIT_FAILURE);
    }
    while (found > text && found[-1] != '\n') --found;
    for (const char *line = found; *line != '\0'; ) {
        if (strncmp(line, prefix, strlen(prefix)) == 0 && nth-- == 0) return (size_t)(line - text);
        const char *next = strchr(line, '\n');
        if (next == NULL) break;
        line = next + 1;
    }
    fprintf(stderr, "no line starting %s after %s\n", prefix, anchor);
    exit(EXIT_FAILURE);
}

/* Puts replacement in place of len bytes at offset */
static void splice(Texts *texts, int file, size_t offset, size_t len, const char *replacement)
{
    const char *text = texts->text[file];
    size_t size = strlen(text) - len + strlen(replacement) + 1;
    char *changed = malloc(size);
    memcpy(changed, text, offset);
    strcpy(changed + offset, replacement);
    strcat(changed, text + offset + len);
    set_text(texts, file, changed);
}

/* Replaces the nth line starting with prefix (from anchor's line) with
 * replacement, which may hold several lines or none. Returns its line. */
static int set_line(Texts *texts, int file, const char *anchor, const char *prefix, int nth,
                    const char *replacement)
{
    const char *text = texts->text[file];
    size_t at = line_at(text, anchor, prefix, nth);
    size_t len = strcspn(text + at, "\n");
    int line = line_number(text, at);
    splice(texts, file, at, len, replacement);
    return line;
}

/* Takes the line out, its newline too. Returns its line. */
static int delete_line(Texts *texts, int file, const char *anchor, const char *prefix)
{
    const char *text = texts->text[file];
    size_t at = line_at(text, anchor, prefix, 0);
    size_t len = strcspn(text + at, "\n") + 1;
    int line = line_number(text, at);
    splice(texts, file, at, len, "");
    return line;
}

/* Adds a line after the one starting with prefix. Returns the new line's. */
static int insert_after(Texts *texts, int file, const char *anchor, const char *prefix,
                        const char *added)
{
    const char *text = texts->text[file];
    size_t at = line_at(text, anchor, prefix, 0);
    at += strcspn(text + at, "\n") + 1;
    int line = line_number(text, at);
    char *with_newline = malloc(strlen(added) + 2);
    sprintf(with_newline, "%s\n", added);
    splice(texts, file, at, 0, with_newline);
    free(with_newline);
    return line;
}

/* Replaces a piece of text found exactly once. Returns its first line. */
static int replace_once(Texts *texts, int file, const char *old, const char *replacement)
{
    const char *text = texts->text[file];
    const char *found = strstr(text, old);
    if (found == NULL || strstr(found + 1, old) != NULL) {
        fprintf(stderr, "not found exactly once: %s\n", old);
        exit(EXIT_FAILURE);
    }
    int line = line_number(text, (size_t)(found - text));
    splice(texts, file, (size_t)(found - text), strlen(old), replacement);
    return line;
}

static int line_of(const Texts *texts, int file, const char *anchor, const char *prefix)
{
    return line_number(texts->text[file], line_at(texts->text[file], anchor, prefix, 0));
}

/* ---- Loading and checking the mistakes ---- */

static bool load(const Texts *texts, GameData *data, Errors *errors)
{
    memset(data, 0, sizeof *data);
    memset(errors, 0, sizeof *errors);
    return data_load_texts(data, texts->text[MONSTERS], texts->len[MONSTERS],
                           texts->text[ITEMS], texts->len[ITEMS],
                           texts->text[VAULTS], texts->len[VAULTS],
                           texts->text[CLASSES], texts->len[CLASSES], errors);
}

/* Loads the texts (and frees them); the mistakes must be exactly the
 * expected lines, each ended with \n */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void expect_load_at(int line, Texts *texts, const char *format, ...)
{
    char expected[8192];
    va_list args;
    va_start(args, format);
    vsnprintf(expected, sizeof expected, format, args);
    va_end(args);
    GameData data;
    Errors errors;
    bool ok = load(texts, &data, &errors);
    CHECK_INT(ok, errors.count == 0);
    char *got = joined(&errors);
    if (strcmp(got, expected) != 0) fprintf(stderr, "  (from test_data.c:%d)\n", line);
    CHECK_STR(got, expected);
    free(got);
    errors_clear(&errors);
    data_free(&data);
    free_texts(texts);
}
#define EXPECT_LOAD(texts, ...) expect_load_at(__LINE__, (texts), __VA_ARGS__)
#define NO_MISTAKES "%s", ""

/* ---- The shipped files ---- */

static void test_shipped_files_load(void)
{
    GameData data = {0};
    Errors errors = {0};
    CHECK(data_load_dir(&data, AMULETS_SOURCE_DIR "/data", &errors));
    for (int i = 0; i < errors.count; ++i) fprintf(stderr, "  %s\n", errors.lines[i]);
    CHECK_INT(errors.count, 0);
    CHECK_INT(data.monster_count, 19);
    CHECK_INT(data.item_count, 26);
    CHECK_INT(data.vault_count, 9);

    int jackal = data_find_monster(&data, "jackal");
    CHECK(jackal >= 0);
    if (jackal >= 0) {
        const MonsterDef *m = &data.monsters[jackal];
        CHECK_STR(m->name, "jackal");
        CHECK_STR(m->description, "A lean scavenger that hunts in threes, sleeping and waking as one pack.");
        CHECK_INT(m->glyph, 'j');
        CHECK(m->color.r == 205 && m->color.g == 150 && m->color.b == 80 && m->color.a == 255);
        CHECK_STR(m->tile, "jackal");
        CHECK_INT(m->min_floor, 1);
        CHECK_INT(m->max_floor, 3);
        CHECK_INT(m->sight, 7);
        CHECK_INT(m->hp, 5);
        CHECK_INT(m->damage_min, 1);
        CHECK_INT(m->damage_max, 3);
        CHECK_INT(m->pack, 3);
        CHECK_INT(m->traits, 0);
    }
    const MonsterDef *orc = &data.monsters[data_find_monster(&data, "cave_orc")];
    CHECK_INT(orc->traits, TRAIT_OPENS_DOORS);
    CHECK_INT(orc->pack, 2);
    CHECK_INT(orc->defense, 3);
    CHECK_STR(orc->tile, "cave-orc");
    const MonsterDef *spider = &data.monsters[data_find_monster(&data, "giant_spider")];
    CHECK_INT(spider->venom, 6);
    CHECK_INT(spider->pack, 1);
    const MonsterDef *shrieker = &data.monsters[data_find_monster(&data, "shrieker")];
    CHECK_INT(shrieker->glyph, ',');
    CHECK_INT(shrieker->damage_max, 0);
    CHECK_INT(shrieker->traits, TRAIT_STATIONARY | TRAIT_SHRIEKS);
    const MonsterDef *dragon = &data.monsters[data_find_monster(&data, "young_red_dragon")];
    CHECK_INT(dragon->traits, TRAIT_NEVER_FLEES | TRAIT_VAULT_ONLY);
    CHECK_INT(dragon->hp, 35);
    const MonsterDef *vampire = &data.monsters[data_find_monster(&data, "vampire")];
    CHECK_INT(vampire->traits, TRAIT_DRAINS | TRAIT_OPENS_DOORS);

    const ItemDef *healing = &data.items[data_find_item(&data, "healing")];
    CHECK_INT(healing->item_class, IC_POTION);
    CHECK_INT(healing->effect, FX_HEAL);
    CHECK_INT(healing->frequency, 7);
    const ItemDef *mapping = &data.items[data_find_item(&data, "magic_mapping")];
    CHECK_INT(mapping->effect, FX_MAP_FLOOR);
    CHECK_STR(mapping->name, "magic mapping");
    const ItemDef *sword = &data.items[data_find_item(&data, "short_sword")];
    CHECK_INT(sword->item_class, IC_WEAPON);
    CHECK_INT(sword->damage_min, 2);
    CHECK_INT(sword->damage_max, 6);
    CHECK_STR(sword->tile, "sword");
    const ItemDef *plate = &data.items[data_find_item(&data, "plate_armor")];
    CHECK_INT(plate->defense, 5);
    CHECK(plate->noisy);
    CHECK(!data.items[data_find_item(&data, "chain_mail")].noisy);
    const ItemDef *amulet = &data.items[data_find_item(&data, "amulet")];
    CHECK_INT(amulet->item_class, IC_AMULET);
    CHECK_STR(amulet->name, "Amulet of SDL");
    CHECK_INT(amulet->frequency, 0);
    CHECK_INT(data.items[data_find_item(&data, "gold")].item_class, IC_GOLD);
    CHECK_INT(data_find_item(&data, "wand"), -1);
    CHECK_INT(data_find_monster(&data, "gobbo"), -1);

    int potions = 0, total = 0;
    for (int i = 0; i < data.item_count; ++i) {
        potions += data.items[i].item_class == IC_POTION;
        total += data.items[i].frequency;
    }
    CHECK_INT(potions, 6);
    CHECK_INT(total, 80);   /* ch15: 28 + 19 + 10 + 6, and ch21's 7 + 2 + 8 */

    int amulet_vaults = 0;
    for (int i = 0; i < data.vault_count; ++i) {
        const VaultDef *v = &data.vaults[i];
        if (v->amulet) {
            ++amulet_vaults;
            CHECK_INT(v->w, 11);
            CHECK_INT(v->h, 7);
            CHECK_INT(v->min_floor, v->max_floor);
            CHECK(tune_is_amulet_floor(v->min_floor));
            CHECK(v->guardian >= 0);
        }
        CHECK(v->w <= VAULT_MAX_W && v->h <= VAULT_MAX_H);
    }
    CHECK_INT(amulet_vaults, 3);
    const VaultDef *closet = &data.vaults[0];
    CHECK_STR(closet->id, "closet");
    CHECK_INT(closet->w, 7);
    CHECK_INT(closet->h, 5);
    CHECK_STR(closet->rows[4], "###+###");
    CHECK_INT(closet->guardian, -1);
    /* a leading space kept; rows padded to the widest */
    const VaultDef *shrine = vault_named(&data, "shrine");
    CHECK_STR(shrine->rows[0], "   ###   ");
    CHECK_INT(shrine->w, 9);
    CHECK_INT(vault_named(&data, "guardroom")->guardian, data_find_monster(&data, "goblin"));
    const VaultDef *lair = vault_named(&data, "dragon_lair");
    CHECK_INT(lair->guardian, data_find_monster(&data, "young_red_dragon"));
    CHECK_INT(lair->rows[3][5], 'G');
    CHECK_INT(lair->rows[4][5], 'A');
    errors_clear(&errors);
    data_free(&data);
    CHECK(data.monsters == NULL && data.monster_count == 0 && data.vault_count == 0);

    /* the same from texts in memory */
    Texts texts = shipped();
    EXPECT_LOAD(&texts, NO_MISTAKES);
}

static void test_names(void)
{
    CHECK_STR(data_trait_name(TRAIT_NEVER_SLEEPS), "never_sleeps");
    CHECK_STR(data_trait_name(TRAIT_OPENS_DOORS), "opens_doors");
    CHECK_STR(data_trait_name(TRAIT_VAULT_ONLY), "vault_only");
    CHECK(data_trait_name(0) == NULL);
    CHECK(data_trait_name(1u << 20) == NULL);
    CHECK(data_trait_name(TRAIT_SLOW | TRAIT_DRAINS) == NULL);
    CHECK_STR(data_effect_name(FX_HEAL_FULLY), "heal_fully");
    CHECK_STR(data_effect_name(FX_FRIGHTEN), "frighten");
    CHECK(data_effect_name(FX_NONE) == NULL);
    CHECK(data_effect_name(FX_COUNT) == NULL);
    CHECK_STR(data_class_name(IC_ARMOR), "armor");
    CHECK_STR(data_class_name(IC_AMULET), "amulet");
    CHECK(data_class_name(IC_COUNT) == NULL);
}

/* ---- monsters.txt, one mistake at a time ---- */

#define JACKAL "id      = jackal"

/* Sets a key of the jackal's record, and expects the one message */
static void expect_monster(int test_line, const char *anchor, const char *prefix,
                           const char *replacement, const char *message)
{
    Texts t = shipped();
    int line = set_line(&t, MONSTERS, anchor, prefix, 0, replacement);
    expect_load_at(test_line, &t, "monsters.txt:%d: %s\n", line, message);
}
#define EXPECT_JACKAL(prefix, replacement, message) \
    expect_monster(__LINE__, JACKAL, (prefix), (replacement), (message))
#define EXPECT_JACKAL_LIKE(anchor, prefix, replacement, message) \
    expect_monster(__LINE__, (anchor), (prefix), (replacement), (message))

static void test_monster_values(void)
{
    EXPECT_JACKAL("hp ", "hp      = five", "'hp' should be a whole number");
    EXPECT_JACKAL("hp ", "hp      = 0", "'hp' should be at least 1");
    EXPECT_JACKAL("hp ", "hp      = 12345678901234567890", "'hp' should be at most 10000");
    EXPECT_JACKAL("hp ", "hp      = 10001", "'hp' should be at most 10000");
    /* a sight whose square overflows an int would pass as a number */
    EXPECT_JACKAL("sight ", "sight   = 46341", "'sight' should be at most 64");
    EXPECT_JACKAL("sight ", "sight   = 65", "'sight' should be at most 64");
    EXPECT_JACKAL("damage ", "damage  = 1 1001", "'damage' should be at most 1000");
    EXPECT_JACKAL("defense ", "defense = 1001", "'defense' should be at most 1000");
    EXPECT_JACKAL("traits ", "traits  = pack:13", "'pack:13' needs a whole number from 1 to 12");
    EXPECT_JACKAL("hp ", "hp      =", "'hp' should be a whole number");
    EXPECT_JACKAL("sight ", "sight   = 0", "'sight' should be at least 1");
    EXPECT_JACKAL("floors ", "floors  = 1", "'floors' should be 2 whole numbers");
    EXPECT_JACKAL("floors ", "floors  = 1 2 3", "'floors' should be 2 whole numbers");
    EXPECT_JACKAL("floors ", "floors  = 0 3", "'floors' should be at least 1");
    EXPECT_JACKAL("floors ", "floors  = 1 10", "'floors' goes up to 9");
    EXPECT_JACKAL("floors ", "floors  = 3 1", "'floors' runs backward");
    EXPECT_JACKAL("damage ", "damage  = 3 1", "'damage' runs backward");
    EXPECT_JACKAL("damage ", "damage  = -1 3", "'damage' should be at least 0");
    EXPECT_JACKAL("damage ", "damage  = 1-3", "'damage' should be 2 whole numbers");
    EXPECT_JACKAL("defense ", "defense = -1", "'defense' should be at least 0");
    EXPECT_JACKAL("glyph ", "glyph   = jj", "'glyph' should be one printable ASCII character");
    EXPECT_JACKAL("color ", "color   = 205 150", "'color' should be 3 whole numbers from 0 to 255: red, green and blue");
    EXPECT_JACKAL("color ", "color   = 205 150 800", "'color' should be 3 whole numbers from 0 to 255: red, green and blue");
    EXPECT_JACKAL("id ", "id      = Jackal", "'id' should be lowercase letters, digits and _");
    EXPECT_JACKAL("id ", "id      = jackal_jackal_jackal_jackal_jackal", "'id' is longer than 31 characters");
    EXPECT_JACKAL("name ", "name    = a jackal with a name far too long to fit in its box",
                  "'name' is longer than 47 characters");
    EXPECT_JACKAL("name ", "name    =", "'name' is empty");
    EXPECT_JACKAL("description ", "description =", "'description' is empty");
    EXPECT_JACKAL("description ",
                  "description = A lean scavenger that hunts in threes, sleeping and waking as one pack, "
                  "and howls at the moon from the far end of the cave.", "'description' is longer than 95 characters");
    EXPECT_JACKAL("tile ", "tile    = the jackal's tile, which has a name far too long",
                  "'tile' is longer than 47 characters");
    EXPECT_JACKAL("traits ", "traits  = pack:3 fierce", "unknown trait 'fierce'");
    EXPECT_JACKAL("traits ", "traits  = pack:x", "'pack:x' needs a whole number from 1 to 12");
    EXPECT_JACKAL("traits ", "traits  = pack:0", "'pack:0' needs a whole number from 1 to 12");
    EXPECT_JACKAL("traits ", "traits  = pack:", "'pack:' needs a whole number from 1 to 12");
    EXPECT_JACKAL("traits ", "traits  = pack:3 never_sleeps,erratic",
                  "unknown trait 'never_sleeps,erratic'");
    EXPECT_JACKAL("traits ", "traits  =", "'traits' is empty");
    EXPECT_JACKAL("traits ", "traits  = pack:3 venom", "unknown trait 'venom'");
}

static void test_monster_trait_words(void)
{
    /* several unknown words: each reported, on the one line */
    Texts t = shipped();
    int line = set_line(&t, MONSTERS, JACKAL, "traits ", 0, "traits  = Slow pack:3 fast");
    EXPECT_LOAD(&t, "monsters.txt:%d: unknown trait 'Slow'\n"
                    "monsters.txt:%d: unknown trait 'fast'\n", line, line);

    /* a long word is cut short in the message */
    t = shipped();
    line = set_line(&t, MONSTERS, JACKAL, "traits ", 0,
                    "traits  = pack:3 an_extremely_long_trait_name_that_nobody_would_ever_write_down");
    EXPECT_LOAD(&t, "monsters.txt:%d: unknown trait 'an_extremely_long_trait_name_that_nobody...'\n",
                line);

    /* every trait and a pack read, tabs between them */
    t = shipped();
    set_line(&t, MONSTERS, JACKAL, "traits ", 0,
             "traits  = never_sleeps erratic\tstationary shrieks slow never_flees "
             "regenerates drains opens_doors pack:12");
    GameData data;
    Errors errors;
    CHECK(load(&t, &data, &errors));
    const MonsterDef *jackal = &data.monsters[data_find_monster(&data, "jackal")];
    CHECK_INT(jackal->traits, 0x1FF);
    CHECK_INT(jackal->pack, 12);
    errors_clear(&errors);
    data_free(&data);
    free_texts(&t);
}

static void test_monster_missing_key(void)
{
    Texts t = shipped();
    int record = line_of(&t, MONSTERS, JACKAL, "id ") - 1;
    delete_line(&t, MONSTERS, JACKAL, "tile ");
    EXPECT_LOAD(&t, "monsters.txt:%d: [monster] needs 'tile'\n", record);

    /* every monster has its line for the look panel */
    t = shipped();
    delete_line(&t, MONSTERS, JACKAL, "description ");
    EXPECT_LOAD(&t, "monsters.txt:%d: [monster] needs 'description'\n", record);

    /* venom and traits may be left out */
    t = shipped();
    delete_line(&t, MONSTERS, JACKAL, "traits ");
    delete_line(&t, MONSTERS, "id      = cave_spider", "venom ");
    EXPECT_LOAD(&t, NO_MISTAKES);
}

static void test_monster_unknown_key(void)
{
    Texts t = shipped();
    int line = insert_after(&t, MONSTERS, JACKAL, "hp ", "speed   = 3");
    EXPECT_LOAD(&t, "monsters.txt:%d: unknown key 'speed'\n", line);
}

static void test_monster_key_given_twice(void)
{
    Texts t = shipped();
    int line = insert_after(&t, MONSTERS, JACKAL, "hp ", "hp      = 6");
    EXPECT_LOAD(&t, "monsters.txt:%d: 'hp' is given twice\n", line);
}

static void test_monster_unknown_record(void)
{
    Texts t = shipped();
    int line = replace_once(&t, MONSTERS, "[monster]\n" JACKAL, "[monstre]\n" JACKAL);
    EXPECT_LOAD(&t, "monsters.txt:%d: unknown record [monstre]\n", line);
}

static void test_monster_id_used_twice(void)
{
    Texts t = shipped();
    int first = line_of(&t, MONSTERS, JACKAL, "id ");
    int line = set_line(&t, MONSTERS, "id      = kobold", "id ", 0, "id      = jackal");
    EXPECT_LOAD(&t, "monsters.txt:%d: the id 'jackal' is already used, on line %d\n", line, first);
}

static void test_monster_floors_covered(void)
{
    /* the deep band moved up to floor 7: nothing is found on 8 or 9 at
     * random, the dragon being vault_only */
    Texts t = shipped();
    const char *deep[] = {"id      = ogre", "id      = forest_troll", "id      = shadow_hound",
                          "id      = vampire"};
    for (int i = 0; i < 4; ++i) set_line(&t, MONSTERS, deep[i], "floors ", 0, "floors  = 7 7");
    EXPECT_LOAD(&t, "monsters.txt: floor 8 has no kind of monster found at random\n"
                    "monsters.txt: floor 9 has no kind of monster found at random\n");

    /* and the check waits for every record to be good */
    t = shipped();
    for (int i = 0; i < 4; ++i) set_line(&t, MONSTERS, deep[i], "floors ", 0, "floors  = 7 7");
    int line = set_line(&t, MONSTERS, JACKAL, "hp ", 0, "hp      = x");
    EXPECT_LOAD(&t, "monsters.txt:%d: 'hp' should be a whole number\n", line);
}

static void test_monster_several_mistakes(void)
{
    /* changed from the bottom up, so each line found stays put */
    Texts t = shipped();
    int record = line_of(&t, MONSTERS, "id      = vampire", "id ") - 1;
    int e = set_line(&t, MONSTERS, "id      = vampire", "color ", 0, "color   = red");
    delete_line(&t, MONSTERS, "id      = vampire", "sight ");
    int c = set_line(&t, MONSTERS, "id      = ogre", "traits ", 0, "traits  = opens_doors smashes");
    int d = insert_after(&t, MONSTERS, "id      = wolf", "hp ", "this line is no good");
    int b = set_line(&t, MONSTERS, "id      = goblin", "damage ", 0, "damage  = 5 2");
    int a = set_line(&t, MONSTERS, JACKAL, "hp ", 0, "hp      = five");
    /* in the order of their lines, as the file is read */
    EXPECT_LOAD(&t,
                "monsters.txt:%d: 'hp' should be a whole number\n"
                "monsters.txt:%d: 'damage' runs backward\n"
                "monsters.txt:%d: 'this line is no good' isn't a [record] line, a key = value, a | row or a # comment\n"
                "monsters.txt:%d: unknown trait 'smashes'\n"
                "monsters.txt:%d: [monster] needs 'sight'\n"
                "monsters.txt:%d: 'color' should be 3 whole numbers from 0 to 255: red, green and blue\n",
                a, b, d, c + 1, record + 1, e + 1);
}

/* A line that can't be read is reported, and its record's other mistakes
 * are found too: the hp it should have given is missing */
static void test_monster_broken_line(void)
{
    Texts t = shipped();
    int record = line_of(&t, MONSTERS, "id      = wolf", "id ") - 1;
    int sight = set_line(&t, MONSTERS, "id      = wolf", "sight ", 0, "sight   = far");
    int line = set_line(&t, MONSTERS, "id      = wolf", "hp ", 0, "hp 14");
    EXPECT_LOAD(&t, "monsters.txt:%d: [monster] needs 'hp'\n"
                    "monsters.txt:%d: 'sight' should be a whole number\n"
                    "monsters.txt:%d: 'hp 14' isn't a [record] line, a key = value, a | row or a # comment\n",
                record, sight, line);

    /* a byte that isn't text is read as ?, and the rest still checked */
    t = shipped();
    line = set_line(&t, MONSTERS, "id      = wolf", "hp ", 0, "hp      = 1\x01");
    EXPECT_LOAD(&t, "monsters.txt:%d: there's a byte that isn't text, at column 12\n"
                    "monsters.txt:%d: 'hp' should be a whole number\n", line, line);
}

static void test_monster_guardian_left_out(void)
{
    /* the goblins' own mistake is reported in monsters.txt; vaults.txt
     * doesn't say again that no monster is called 'goblin' */
    Texts t = shipped();
    int line = set_line(&t, MONSTERS, "id      = goblin", "hp ", 0, "hp      = -9");
    EXPECT_LOAD(&t, "monsters.txt:%d: 'hp' should be at least 1\n", line);
}

/* ---- items.txt ---- */

static void expect_item(int test_line, const char *anchor, const char *prefix,
                        const char *replacement, const char *message)
{
    Texts t = shipped();
    int line = set_line(&t, ITEMS, anchor, prefix, 0, replacement);
    expect_load_at(test_line, &t, "items.txt:%d: %s\n", line, message);
}
#define EXPECT_ITEM(anchor, prefix, replacement, message) \
    expect_item(__LINE__, (anchor), (prefix), (replacement), (message))

static void test_item_values(void)
{
    EXPECT_ITEM("id        = healing", "effect ", "effect    = explode", "no effect is called 'explode'");
    EXPECT_ITEM("id        = healing", "effect ", "effect    = Heal", "no effect is called 'Heal'");
    EXPECT_ITEM("id        = healing", "frequency ", "frequency = -1", "'frequency' should be at least 0");
    EXPECT_ITEM("id        = healing", "frequency ", "frequency = 10001", "'frequency' should be at most 10000");
    EXPECT_ITEM("id        = healing", "frequency ", "frequency = often", "'frequency' should be a whole number");
    EXPECT_ITEM("id        = dagger", "damage ", "damage    = 4 1", "'damage' runs backward");
    EXPECT_ITEM("id        = dagger", "damage ", "damage    = 4", "'damage' should be 2 whole numbers");
    EXPECT_ITEM("id        = chain_mail", "defense ", "defense   = -3", "'defense' should be at least 0");
    EXPECT_ITEM("id        = plate_armor", "noisy ", "noisy     = very", "'noisy' should be yes or no");
    EXPECT_ITEM("id        = plate_armor", "name ", "name      =", "'name' is empty");
    EXPECT_ITEM("id        = identify", "id ", "id        = identify!", "'id' should be lowercase letters, digits and _");
}

/* ch21's keys: a missile's flight, and a monster's shot or breath */
static void test_ranged_values(void)
{
    const char *arrow = "id        = arrow", *archer = "id      = goblin_archer";
    const char *dragon = "id      = young_red_dragon";
    EXPECT_ITEM(arrow, "range ", "range     = 0", "'range' should be at least 1");
    EXPECT_ITEM(arrow, "range ", "range     = 17", "'range' should be at most 16");
    EXPECT_ITEM(arrow, "to_hit ", "to_hit    = 101", "'to_hit' should be at most 100");
    EXPECT_ITEM(arrow, "breaks ", "breaks    = -1", "'breaks' should be at least 0");
    EXPECT_ITEM(arrow, "bundle ", "bundle    = 12 6", "'bundle' runs backward");
    EXPECT_ITEM(arrow, "bundle ", "bundle    = 0 6", "'bundle' should be at least 1");
    EXPECT_ITEM(arrow, "fired_by ", "fired_by  = long_bow",
                "'fired_by' should be a [weapon] above this record, and 'long_bow' isn't");
    EXPECT_ITEM(arrow, "fired_by ", "fired_by  = dart",
                "'fired_by' should be a [weapon] above this record, and 'dart' isn't");
    EXPECT_JACKAL_LIKE(archer, "ranged ", "ranged  = 4 2", "'ranged' runs backward");
    EXPECT_JACKAL_LIKE(archer, "range ", "range   = 40", "'range' should be at most 16");
    EXPECT_JACKAL_LIKE(dragon, "breath ", "breath  = 0", "'breath' should be at least 1");

    /* what goes together */
    Texts t = shipped();
    int line = line_of(&t, MONSTERS, archer, "ranged ");
    delete_line(&t, MONSTERS, archer, "range ");
    EXPECT_LOAD(&t, "monsters.txt:%d: 'ranged' and 'range' go together\n", line);
    t = shipped();
    delete_line(&t, MONSTERS, dragon, "ranged ");
    line = line_of(&t, MONSTERS, dragon, "breath ");
    EXPECT_LOAD(&t, "monsters.txt:%d: 'ranged' and 'range' go together\n"
                    "monsters.txt:%d: 'breath' needs 'ranged' and 'range' too\n", line - 1, line);
    /* a missile needs its flight, and nothing else has one */
    t = shipped();
    int record = line_of(&t, ITEMS, "id        = dart", "id ") - 1;
    delete_line(&t, ITEMS, "id        = dart", "to_hit ");
    EXPECT_LOAD(&t, "items.txt:%d: [missile] needs 'to_hit'\n", record);
    t = shipped();
    line = insert_after(&t, ITEMS, "id        = dagger", "damage ", "range     = 4");
    EXPECT_LOAD(&t, "items.txt:%d: unknown key 'range'\n", line);
    /* and the shipped ones read as written */
    GameData data;
    Errors errors;
    t = shipped();
    CHECK(load(&t, &data, &errors));
    const ItemDef *a = &data.items[data_find_item(&data, "arrow")];
    CHECK_INT(a->item_class, IC_MISSILE);
    CHECK_INT(a->launcher, data_find_item(&data, "short_bow"));
    CHECK(a->range == 10 && a->to_hit == 90 && a->breaks == 33 && a->bundle_min == 6 && a->bundle_max == 12);
    CHECK_INT(data.items[data_find_item(&data, "dart")].launcher, -1);
    const MonsterDef *d = &data.monsters[data_find_monster(&data, "young_red_dragon")];
    CHECK(d->breath == 6 && d->range == 6 && d->ranged_min == 3 && d->ranged_max == 7);
    CHECK_INT(data.monsters[data_find_monster(&data, "jackal")].range, 0);
    errors_clear(&errors);
    data_free(&data);
    free_texts(&t);
}

static void test_item_missing_and_unknown_keys(void)
{
    Texts t = shipped();
    int record = line_of(&t, ITEMS, "id        = healing", "id ") - 1;
    delete_line(&t, ITEMS, "id        = healing", "effect ");
    EXPECT_LOAD(&t, "items.txt:%d: [potion] needs 'effect'\n", record);

    /* a weapon has no effect, and gold no damage */
    t = shipped();
    int a = insert_after(&t, ITEMS, "id        = dagger", "damage ", "effect    = heal");
    int b = insert_after(&t, ITEMS, "id        = gold", "frequency ", "damage    = 1 2");
    EXPECT_LOAD(&t, "items.txt:%d: unknown key 'effect'\n"
                    "items.txt:%d: unknown key 'damage'\n", a, b);

    /* noisy may be left out, and is read only for armor */
    t = shipped();
    delete_line(&t, ITEMS, "id        = plate_armor", "noisy ");
    int c = insert_after(&t, ITEMS, "id        = mace", "damage ", "noisy     = yes");
    EXPECT_LOAD(&t, "items.txt:%d: unknown key 'noisy'\n", c);
}

static void test_item_unknown_class(void)
{
    Texts t = shipped();
    int line = replace_once(&t, ITEMS, "[potion]\nid        = healing", "[wand]\nid        = healing");
    EXPECT_LOAD(&t, "items.txt:%d: unknown record [wand]\n", line);
}

static void test_item_id_used_twice(void)
{
    Texts t = shipped();
    int first = line_of(&t, ITEMS, "id        = dagger", "id ");
    int line = set_line(&t, ITEMS, "id        = mace", "id ", 0, "id        = dagger");
    EXPECT_LOAD(&t, "items.txt:%d: the id 'dagger' is already used, on line %d\n", line, first);
}

static void test_at_most_ten_potions(void)
{
    Texts t = shipped();
    char *added = malloc(4096);
    added[0] = '\0';
    for (int i = 0; i < 6; ++i) {
        sprintf(added + strlen(added),
                "\n[potion]\nid        = extra_%d\nname      = extra %d\ntile      = potion\n"
                "frequency = 1\neffect    = heal\n", i, i);
    }
    size_t len = strlen(t.text[ITEMS]);
    int first_added = line_number(t.text[ITEMS], len) + 1;
    splice(&t, ITEMS, len, 0, added);
    free(added);
    /* six shipped and four more make ten: the fifth and sixth added are
     * the eleventh and twelfth; each added record is 7 lines */
    EXPECT_LOAD(&t,
                "items.txt:%d: there can be at most 10 kinds of potion, one for each colour\n"
                "items.txt:%d: there can be at most 10 kinds of potion, one for each colour\n",
                first_added + 4 * 7, first_added + 5 * 7);
}

/* How many records a text has: lines starting with [ */
static int count_records(const char *text)
{
    int count = text[0] == '[';
    for (const char *p = strchr(text, '\n'); p != NULL; p = strchr(p + 1, '\n')) count += p[1] == '[';
    return count;
}

/* The run's table of what the player knows has room for so many kinds */
static void test_at_most_so_many_items(void)
{
    Texts t = shipped();
    int extra = MAX_ITEM_KINDS + 2 - count_records(t.text[ITEMS]);
    char *added = malloc((size_t)extra * 128 + 1);
    added[0] = '\0';
    for (int i = 0; i < extra; ++i) {
        sprintf(added + strlen(added),
                "\n[weapon]\nid        = extra_%d\nname      = extra %d\ntile      = dagger\n"
                "frequency = 1\ndamage    = 1 2\n", i, i);
    }
    size_t len = strlen(t.text[ITEMS]);
    int first_added = line_number(t.text[ITEMS], len) + 1;
    splice(&t, ITEMS, len, 0, added);
    free(added);
    /* each added record is 7 lines; the last two are one and two too many */
    EXPECT_LOAD(&t, "items.txt:%d: there can be at most %d kinds of item\n"
                    "items.txt:%d: there can be at most %d kinds of item\n",
                first_added + (extra - 2) * 7, MAX_ITEM_KINDS,
                first_added + (extra - 1) * 7, MAX_ITEM_KINDS);
}

static void test_needed_items(void)
{
    Texts t = shipped();
    set_line(&t, ITEMS, "id        = short_sword", "id ", 0, "id        = short_blade");
    EXPECT_LOAD(&t, "items.txt: the game needs an item called 'short_sword'\n");

    t = shipped();
    set_line(&t, ITEMS, "id        = gold", "id ", 0, "id        = coins");
    EXPECT_LOAD(&t, "items.txt: the game needs an item called 'gold'\n");

    t = shipped();
    set_line(&t, ITEMS, "id        = amulet", "id ", 0, "id        = amulet_of_sdl");
    EXPECT_LOAD(&t, "items.txt: the game needs an item called 'amulet'\n");

    /* there, but of the wrong class */
    t = shipped();
    set_line(&t, ITEMS, "id        = short_sword", "id ", 0, "id        = short_blade");
    set_line(&t, ITEMS, "id        = healing", "id ", 0, "id        = short_sword");
    EXPECT_LOAD(&t, "items.txt: the game needs 'short_sword' to be a [weapon]\n");

    t = shipped();
    replace_once(&t, ITEMS, "[gold]\n", "[amulet]\n");
    EXPECT_LOAD(&t, "items.txt: the game needs 'gold' to be a [gold]\n");

    t = shipped();
    replace_once(&t, ITEMS, "[amulet]\n", "[gold]\n");
    EXPECT_LOAD(&t, "items.txt: the game needs 'amulet' to be a [amulet]\n");

    /* found at random: the fuzzer's find, a fourth Amulet on a floor
     * made a save that couldn't be read back */
    t = shipped();
    set_line(&t, ITEMS, "id        = amulet", "frequency ", 0, "frequency = 5");
    EXPECT_LOAD(&t, "items.txt: 'amulet' needs frequency 0: it's never found at random\n");
    t = shipped();
    set_line(&t, ITEMS, "id        = gold", "frequency ", 0, "frequency = 1");
    EXPECT_LOAD(&t, "items.txt: 'gold' needs frequency 0: it's never found at random\n");

    /* all three at once */
    t = shipped();
    set_line(&t, ITEMS, "id        = short_sword", "id ", 0, "id        = sword");
    set_line(&t, ITEMS, "id        = gold", "id ", 0, "id        = coins");
    set_line(&t, ITEMS, "id        = amulet", "id ", 0, "id        = trinket");
    EXPECT_LOAD(&t, "items.txt: the game needs an item called 'short_sword'\n"
                    "items.txt: the game needs an item called 'gold'\n"
                    "items.txt: the game needs an item called 'amulet'\n");
}

static void test_item_several_mistakes(void)
{
    Texts t = shipped();
    int a = set_line(&t, ITEMS, "id        = strength", "effect ", 0, "effect    = strong");
    int b = set_line(&t, ITEMS, "id        = spear", "damage ", 0, "damage    = 8 2");
    int c = set_line(&t, ITEMS, "id        = leather_armor", "defense ", 0, "defense   = thick");
    int d = replace_once(&t, ITEMS, "[scroll]\nid        = fear", "[scrol]\nid        = fear");
    EXPECT_LOAD(&t,
                "items.txt:%d: no effect is called 'strong'\n"
                "items.txt:%d: unknown record [scrol]\n"
                "items.txt:%d: 'damage' runs backward\n"
                "items.txt:%d: 'defense' should be a whole number\n",
                a, d, b, c);
}

/* ---- vaults.txt ---- */

#define CLOSET "id     = closet"
#define SHRINE "id     = shrine"
#define GUARDROOM "id       = guardroom"
#define GOBLIN_HALL "id       = goblin_hall"

static void test_vault_size(void)
{
    Texts t = shipped();
    int map = line_of(&t, VAULTS, CLOSET, "map ");
    set_line(&t, VAULTS, CLOSET, "|", 0, "|################");
    EXPECT_LOAD(&t, "vaults.txt:%d: a vault is from 3 x 3 to 15 x 9 cells\n", map);

    t = shipped();
    map = line_of(&t, VAULTS, CLOSET, "map ");
    replace_once(&t, VAULTS, "|#######\n|#$.^.$#\n|#..m..#\n|#$...$#\n|###+###\n", "|#+#\n|###\n");
    EXPECT_LOAD(&t, "vaults.txt:%d: a vault is from 3 x 3 to 15 x 9 cells\n", map);

    t = shipped();
    map = line_of(&t, VAULTS, CLOSET, "map ");
    replace_once(&t, VAULTS, "|#######\n|#$.^.$#\n|#..m..#\n|#$...$#\n|###+###\n", "|##\n|#+\n|##\n");
    EXPECT_LOAD(&t, "vaults.txt:%d: a vault is from 3 x 3 to 15 x 9 cells\n", map);

    t = shipped();
    map = line_of(&t, VAULTS, GUARDROOM, "map ");
    insert_after(&t, VAULTS, GUARDROOM, "|#..$", "|#.......#\n|#.......#\n|#.......#\n"
                                                 "|#.......#\n|#.......#");
    EXPECT_LOAD(&t, "vaults.txt:%d: a vault is from 3 x 3 to 15 x 9 cells\n", map);

    /* the biggest and smallest there can be are fine */
    t = shipped();
    replace_once(&t, VAULTS, "|#######\n|#$.^.$#\n|#..m..#\n|#$...$#\n|###+###\n",
                 "|###############\n|#.............#\n|#.............#\n|#.............#\n"
                 "|#.............#\n|#.............#\n|#.............#\n|#.............#\n"
                 "|#######+#######\n");
    replace_once(&t, VAULTS, "|#########\n|#...^...#\n|#.##S##.#\n|#.#$m$#.#\n|#.#####.#\n"
                             "|#.......#\n|####+####\n", "|###\n|#.#\n|#+#\n");
    EXPECT_LOAD(&t, NO_MISTAKES);
}

static void test_amulet_vault_size(void)
{
    Texts t = shipped();
    int map = line_of(&t, VAULTS, GOBLIN_HALL, "map ");
    insert_after(&t, VAULTS, GOBLIN_HALL, "|", "|#.........#");
    EXPECT_LOAD(&t, "vaults.txt:%d: an Amulet's vault is at most 11 x 7 cells\n", map);
}

static void test_vault_legend(void)
{
    Texts t = shipped();
    int row = set_line(&t, VAULTS, CLOSET, "|", 2, "|#..x..#");
    EXPECT_LOAD(&t, "vaults.txt:%d: 'x' isn't in a vault's legend\n", row);

    /* a character of several bytes is quoted whole, once */
    t = shipped();
    row = set_line(&t, VAULTS, CLOSET, "|", 2, "|#..\xC3\xA9.#");
    EXPECT_LOAD(&t, "vaults.txt:%d: '\xC3\xA9' isn't in a vault's legend\n", row);

    t = shipped();
    row = set_line(&t, VAULTS, CLOSET, "|", 2, "|#.\tm..#");
    EXPECT_LOAD(&t, "vaults.txt:%d: '\\t' isn't in a vault's legend\n", row);

    t = shipped();
    int a = set_line(&t, VAULTS, CLOSET, "|", 1, "|#$.~.$#");
    int b = set_line(&t, VAULTS, CLOSET, "|", 3, "|#$.o.@#");
    EXPECT_LOAD(&t, "vaults.txt:%d: '~' isn't in a vault's legend\n"
                    "vaults.txt:%d: 'o' isn't in a vault's legend\n"
                    "vaults.txt:%d: '@' isn't in a vault's legend\n", a, b, b);
}

static void test_vault_open_to_outside(void)
{
    /* the book's checkpoint: the closet's top row's middle # made a . */
    Texts t = shipped();
    int row = set_line(&t, VAULTS, CLOSET, "|", 0, "|###.###");
    EXPECT_LOAD(&t, "vaults.txt:%d: the vault is open to the outside, at column 4\n", row);

    /* a whole side left out is reported once */
    t = shipped();
    row = set_line(&t, VAULTS, CLOSET, "|", 0, "|#.....#");
    EXPECT_LOAD(&t, "vaults.txt:%d: the vault is open to the outside, at column 2\n", row);

    /* a space inside is outside: the floor beside it is open, corners too */
    t = shipped();
    row = set_line(&t, VAULTS, CLOSET, "|", 2, "|#.. ..#");
    EXPECT_LOAD(&t, "vaults.txt:%d: the vault is open to the outside, at column 3\n", row - 1);

    /* a short row is padded with spaces, which are outside */
    t = shipped();
    row = set_line(&t, VAULTS, CLOSET, "|", 2, "|#..m.");
    EXPECT_LOAD(&t, "vaults.txt:%d: the vault is open to the outside, at column 5\n", row - 1);
}

static void test_vault_door_at_corner(void)
{
    Texts t = shipped();
    int row = set_line(&t, VAULTS, SHRINE, "|", 2, "|###+.####");
    EXPECT_LOAD(&t, "vaults.txt:%d: the door at column 4 meets the outside only at a corner\n", row);
}

static void test_vault_ways_in(void)
{
    Texts t = shipped();
    int map = line_of(&t, VAULTS, CLOSET, "map ");
    set_line(&t, VAULTS, CLOSET, "|", 4, "|#######");
    EXPECT_LOAD(&t, "vaults.txt:%d: a vault has one way in: a + or an S on its edge\n", map);

    t = shipped();
    map = line_of(&t, VAULTS, CLOSET, "map ");
    set_line(&t, VAULTS, CLOSET, "|", 0, "|#S#####");
    EXPECT_LOAD(&t, "vaults.txt:%d: a vault has one way in: a + or an S on its edge\n", map);

    /* a door inside, away from the edge, isn't a way in */
    t = shipped();
    set_line(&t, VAULTS, CLOSET, "|", 2, "|#..+..#");
    EXPECT_LOAD(&t, NO_MISTAKES);
}

static void test_vault_reach(void)
{
    Texts t = shipped();
    int row = line_of(&t, VAULTS, CLOSET, "|#$.^");
    set_line(&t, VAULTS, CLOSET, "|", 2, "|#######");
    EXPECT_LOAD(&t, "vaults.txt:%d: the cell at column 2 can't be reached from the way in\n", row);

    /* only the first is reported */
    t = shipped();
    set_line(&t, VAULTS, "id     = moat", "|", 2, "|#.#####.#");
    row = line_of(&t, VAULTS, "id     = moat", "|#.#$m$");
    EXPECT_LOAD(&t, "vaults.txt:%d: the cell at column 4 can't be reached from the way in\n", row);

    /* a step on the diagonal reaches */
    t = shipped();
    set_line(&t, VAULTS, CLOSET, "|", 2, "|##.#.##");
    set_line(&t, VAULTS, CLOSET, "|", 1, "|#$#^#$#");
    EXPECT_LOAD(&t, NO_MISTAKES);
}

static void test_vault_guardian(void)
{
    Texts t = shipped();
    int map = line_of(&t, VAULTS, CLOSET, "map ");
    set_line(&t, VAULTS, CLOSET, "|", 2, "|#..G..#");
    EXPECT_LOAD(&t, "vaults.txt:%d: the map has G, but there's no 'guardian'\n", map);

    t = shipped();
    int line = line_of(&t, VAULTS, GUARDROOM, "guardian ");
    set_line(&t, VAULTS, GUARDROOM, "|", 1, "|#m.....m#");
    set_line(&t, VAULTS, GUARDROOM, "|", 3, "|#m.....m#");
    EXPECT_LOAD(&t, "vaults.txt:%d: a 'guardian' needs a G on the map\n", line);

    t = shipped();
    line = set_line(&t, VAULTS, GUARDROOM, "guardian ", 0, "guardian = gobbo");
    EXPECT_LOAD(&t, "vaults.txt:%d: no monster is called 'gobbo'\n", line);

    t = shipped();
    line = set_line(&t, VAULTS, GUARDROOM, "guardian ", 0, "guardian = Goblin");
    EXPECT_LOAD(&t, "vaults.txt:%d: 'guardian' should be lowercase letters, digits and _\n", line);

    /* any monster may guard, vault_only or not */
    t = shipped();
    set_line(&t, VAULTS, GUARDROOM, "guardian ", 0, "guardian = young_red_dragon");
    EXPECT_LOAD(&t, NO_MISTAKES);
}

static void test_vault_amulet(void)
{
    Texts t = shipped();
    int map = line_of(&t, VAULTS, GOBLIN_HALL, "map ");
    set_line(&t, VAULTS, GOBLIN_HALL, "|", 3, "|#..#$.$#..#");
    EXPECT_LOAD(&t, "vaults.txt:%d: an Amulet's vault has one A\n", map);

    t = shipped();
    map = line_of(&t, VAULTS, GOBLIN_HALL, "map ");
    set_line(&t, VAULTS, GOBLIN_HALL, "|", 3, "|#..#AA$#..#");
    EXPECT_LOAD(&t, "vaults.txt:%d: an Amulet's vault has one A\n", map);

    t = shipped();
    map = line_of(&t, VAULTS, CLOSET, "map ");
    set_line(&t, VAULTS, CLOSET, "|", 2, "|#..A..#");
    EXPECT_LOAD(&t, "vaults.txt:%d: only an Amulet's vault, with 'amulet = yes', has an A\n", map);

    t = shipped();
    map = line_of(&t, VAULTS, GOBLIN_HALL, "map ");
    int line = set_line(&t, VAULTS, GOBLIN_HALL, "amulet ", 0, "amulet   = maybe");
    EXPECT_LOAD(&t, "vaults.txt:%d: 'amulet' should be yes or no\n"
                    "vaults.txt:%d: only an Amulet's vault, with 'amulet = yes', has an A\n",
                line, map);
}

static void test_amulet_floors(void)
{
    Texts t = shipped();
    set_line(&t, VAULTS, "id       = dragon_lair", "floors ", 0, "floors   = 8 8");
    EXPECT_LOAD(&t, "vaults.txt: floor 9 has no Amulet's vault\n");

    t = shipped();
    delete_line(&t, VAULTS, GOBLIN_HALL, "amulet ");
    set_line(&t, VAULTS, GOBLIN_HALL, "|", 3, "|#..#$.$#..#");
    set_line(&t, VAULTS, "id       = orc_hold", "floors ", 0, "floors   = 5 5");
    EXPECT_LOAD(&t, "vaults.txt: floor 3 has no Amulet's vault\n"
                    "vaults.txt: floor 6 has no Amulet's vault\n");

    /* an Amulet's vault over several floors covers them all */
    t = shipped();
    set_line(&t, VAULTS, GOBLIN_HALL, "floors ", 0, "floors   = 3 6");
    set_line(&t, VAULTS, "id       = orc_hold", "floors ", 0, "floors   = 2 2");
    EXPECT_LOAD(&t, NO_MISTAKES);

    /* and the check waits for every record to be good */
    t = shipped();
    int line = set_line(&t, VAULTS, "id       = dragon_lair", "floors ", 0, "floors   = 9");
    EXPECT_LOAD(&t, "vaults.txt:%d: 'floors' should be 2 whole numbers\n", line);
}

static void test_vault_map_key(void)
{
    Texts t = shipped();
    int map = line_of(&t, VAULTS, CLOSET, "map ");
    replace_once(&t, VAULTS, "|#######\n|#$.^.$#\n|#..m..#\n|#$...$#\n|###+###\n", "");
    EXPECT_LOAD(&t, "vaults.txt:%d: 'map' needs rows, each on a line starting with |\n", map);

    t = shipped();
    int record = line_of(&t, VAULTS, CLOSET, "id ") - 1;
    replace_once(&t, VAULTS, "map    =\n|#######\n|#$.^.$#\n|#..m..#\n|#$...$#\n|###+###\n", "");
    EXPECT_LOAD(&t, "vaults.txt:%d: [vault] needs 'map'\n", record);

    /* a blank line between rows */
    t = shipped();
    int row = insert_after(&t, VAULTS, CLOSET, "|#..m", "") + 1;
    EXPECT_LOAD(&t, "vaults.txt:%d: a | row follows its key, or another row\n", row);

    /* a comment between the key and its rows */
    t = shipped();
    row = insert_after(&t, VAULTS, CLOSET, "map ", "# the closet") + 1;
    EXPECT_LOAD(&t, "vaults.txt:%d: a | row follows its key, or another row\n", row);

    /* the first row on the key's own line: the rows can't follow it, and
     * the map says how rows are written */
    t = shipped();
    map = set_line(&t, VAULTS, CLOSET, "map ", 0, "map    = #######");
    EXPECT_LOAD(&t, "vaults.txt:%d: 'map' needs rows, each on a line starting with |\n"
                    "vaults.txt:%d: 'map' has a value after its =, so it can't take | rows\n",
                map, map + 1);
}

static void test_vault_other_keys(void)
{
    Texts t = shipped();
    int line = set_line(&t, VAULTS, CLOSET, "floors ", 0, "floors = 1 12");
    EXPECT_LOAD(&t, "vaults.txt:%d: 'floors' goes up to 9\n", line);

    t = shipped();
    int first = line_of(&t, VAULTS, CLOSET, "id ");
    line = set_line(&t, VAULTS, "id     = moat", "id ", 0, "id     = closet");
    EXPECT_LOAD(&t, "vaults.txt:%d: the id 'closet' is already used, on line %d\n", line, first);

    t = shipped();
    line = replace_once(&t, VAULTS, "[vault]\n" CLOSET, "[vaul]\n" CLOSET);
    EXPECT_LOAD(&t, "vaults.txt:%d: unknown record [vaul]\n", line);

    t = shipped();
    line = insert_after(&t, VAULTS, CLOSET, "floors ", "rarity = 3");
    EXPECT_LOAD(&t, "vaults.txt:%d: unknown key 'rarity'\n", line);
}

static void test_vault_several_mistakes(void)
{
    Texts t = shipped();
    int a = set_line(&t, VAULTS, CLOSET, "|", 0, "|###.###");
    int b = set_line(&t, VAULTS, CLOSET, "|", 2, "|#..q..#");
    int map = line_of(&t, VAULTS, "id     = secret_cache", "map ");
    set_line(&t, VAULTS, "id     = secret_cache", "|", 4, "|#####");
    int c = set_line(&t, VAULTS, GUARDROOM, "guardian ", 0, "guardian = hobgoblin");
    EXPECT_LOAD(&t,
                "vaults.txt:%d: the vault is open to the outside, at column 4\n"
                "vaults.txt:%d: 'q' isn't in a vault's legend\n"
                "vaults.txt:%d: a vault has one way in: a + or an S on its edge\n"
                "vaults.txt:%d: no monster is called 'hobgoblin'\n",
                a, b, map, c);
}

/* ---- Files missing, empty, cut short, or not text at all ---- */

/* ---- classes.txt ---- */

#define FIGHTER "id          = fighter"
#define ROGUE "id          = rogue"

static void test_class_values(void)
{
    GameData data = {0};
    Errors errors = {0};
    CHECK(data_load_dir(&data, AMULETS_SOURCE_DIR "/data", &errors));
    CHECK_INT(data.class_count, 3);
    const ClassDef *fighter = &data.classes[0];
    CHECK_STR(fighter->id, "fighter");
    CHECK_STR(fighter->name, "Fighter");
    CHECK(strlen(fighter->description) > 20);
    CHECK_INT(fighter->hp, 34);
    CHECK_INT(fighter->strength, 1);
    CHECK_INT(fighter->kit_count, 2);
    CHECK_INT(fighter->kit[0].kind, data_find_item(&data, "long_sword"));
    CHECK_INT(fighter->kit[0].count, 1);
    CHECK_INT(fighter->kit[1].kind, data_find_item(&data, "chain_mail"));
    CHECK_INT(fighter->known_count, 0);
    int rogue = data_find_class(&data, "rogue");
    CHECK_INT(rogue, 1);
    CHECK_INT(data.classes[rogue].known_count, 1);
    CHECK_INT(data.classes[rogue].known[0], data_find_item(&data, "magic_mapping"));
    CHECK_INT(data_find_class(&data, "ranger"), 2);
    CHECK_INT(data_find_class(&data, "wizard"), -1);
    errors_clear(&errors);
    data_free(&data);

    /* counts, and every kind that can be carried */
    Texts t = shipped();
    set_line(&t, CLASSES, FIGHTER, "kit ", 0, "kit = dagger:3 healing:2 long_sword");
    GameData counted;
    CHECK(load(&t, &counted, &errors));
    const ClassDef *changed = &counted.classes[0];
    CHECK_INT(changed->kit_count, 3);
    CHECK_INT(changed->kit[0].kind, data_find_item(&counted, "dagger"));
    CHECK_INT(changed->kit[0].count, 3);
    CHECK_INT(changed->kit[1].count, 2);
    CHECK_INT(changed->kit[2].count, 1);
    errors_clear(&errors);
    data_free(&counted);
    free_texts(&t);
}

static void test_class_missing_and_unknown_keys(void)
{
    const char *const NEEDED[] = {"id ", "name ", "description ", "hp ", "strength "};
    for (size_t i = 0; i < sizeof NEEDED / sizeof NEEDED[0]; ++i) {
        Texts t = shipped();
        int record = line_of(&t, CLASSES, ROGUE, "id ") - 1;
        delete_line(&t, CLASSES, ROGUE, NEEDED[i]);
        char key[16];
        snprintf(key, sizeof key, "%.*s", (int)strcspn(NEEDED[i], " "), NEEDED[i]);
        EXPECT_LOAD(&t, "classes.txt:%d: [class] needs '%s'\n", record, key);
    }

    /* kit and known may be left out: a class with nothing */
    Texts t = shipped();
    delete_line(&t, CLASSES, ROGUE, "kit ");
    delete_line(&t, CLASSES, ROGUE, "known ");
    EXPECT_LOAD(&t, NO_MISTAKES);

    t = shipped();
    int line = insert_after(&t, CLASSES, FIGHTER, "hp ", "speed       = 3");
    EXPECT_LOAD(&t, "classes.txt:%d: unknown key 'speed'\n", line);

    t = shipped();
    line = replace_once(&t, CLASSES, "[class]\n" ROGUE, "[klass]\n" ROGUE);
    EXPECT_LOAD(&t, "classes.txt:%d: unknown record [klass]\n", line);
}

static void test_class_numbers(void)
{
    Texts t = shipped();
    int line = set_line(&t, CLASSES, FIGHTER, "hp ", 0, "hp = lots");
    EXPECT_LOAD(&t, "classes.txt:%d: 'hp' should be a whole number\n", line);

    t = shipped();
    line = set_line(&t, CLASSES, FIGHTER, "hp ", 0, "hp = 0");
    EXPECT_LOAD(&t, "classes.txt:%d: 'hp' should be at least 1\n", line);

    t = shipped();
    line = set_line(&t, CLASSES, ROGUE, "strength ", 0, "strength = 101");
    EXPECT_LOAD(&t, "classes.txt:%d: 'strength' should be at most 100\n", line);

    t = shipped();
    line = set_line(&t, CLASSES, ROGUE, "strength ", 0, "strength = -1");
    EXPECT_LOAD(&t, "classes.txt:%d: 'strength' should be at least 0\n", line);

    t = shipped();
    char description[256];
    memset(description, 'a', 200);
    snprintf(description + 200, sizeof description - 200, "%s", ".");
    char replacement[300];
    snprintf(replacement, sizeof replacement, "description = %s", description);
    line = set_line(&t, CLASSES, ROGUE, "description ", 0, replacement);
    EXPECT_LOAD(&t, "classes.txt:%d: 'description' is longer than %d characters\n", line,
                DESCRIPTION_SIZE - 1);
}

static void test_class_id_used_twice(void)
{
    Texts t = shipped();
    int first = line_of(&t, CLASSES, FIGHTER, "id ");
    int line = set_line(&t, CLASSES, ROGUE, "id ", 0, "id = fighter");
    EXPECT_LOAD(&t, "classes.txt:%d: the id 'fighter' is already used, on line %d\n", line, first);
}

static void test_class_kit_items(void)
{
    Texts t = shipped();
    int line = set_line(&t, CLASSES, FIGHTER, "kit ", 0, "kit = broadsword chain_mail");
    EXPECT_LOAD(&t, "classes.txt:%d: no item is called 'broadsword'\n", line);

    t = shipped();
    line = set_line(&t, CLASSES, FIGHTER, "kit ", 0, "kit = long_sword gold:50");
    EXPECT_LOAD(&t, "classes.txt:%d: 'gold' can't be in a kit: gold and the Amulets aren't "
                    "carried\n", line);

    t = shipped();
    line = set_line(&t, CLASSES, FIGHTER, "kit ", 0, "kit = amulet");
    EXPECT_LOAD(&t, "classes.txt:%d: 'amulet' can't be in a kit: gold and the Amulets aren't "
                    "carried\n", line);

    t = shipped();
    line = set_line(&t, CLASSES, ROGUE, "kit ", 0, "kit = dagger leather_armor dagger");
    EXPECT_LOAD(&t, "classes.txt:%d: 'dagger' is in the kit twice: give it once, with a count "
                    "(dagger:2)\n", line);

    const char *const COUNTS[] = {"dagger:0", "dagger:100", "dagger:x", "dagger:", "dagger:2:3"};
    for (size_t i = 0; i < sizeof COUNTS / sizeof COUNTS[0]; ++i) {
        t = shipped();
        char kit[64];
        snprintf(kit, sizeof kit, "kit = %s", COUNTS[i]);
        line = set_line(&t, CLASSES, ROGUE, "kit ", 0, kit);
        EXPECT_LOAD(&t, "classes.txt:%d: '%s' needs a count from 1 to 99 after the colon\n", line,
                    COUNTS[i]);
    }

    /* an id that items.txt left out for its own mistake is that file's */
    t = shipped();
    int bad = set_line(&t, ITEMS, "id        = long_sword", "damage ", 0, "damage    = 9 3");
    EXPECT_LOAD(&t, "items.txt:%d: 'damage' runs backward\n", bad);
}

/* Every kind that can be carried, two of each, and extra scrolls to make
 * n kinds in all: the weapon wielded and the armor worn still take a
 * slot each for their second */
static void kit_of_kinds(Texts *t, int n)
{
    char *extra = malloc(4096), *kit = malloc(4096);
    extra[0] = '\0';
    snprintf(kit, 4096, "kit =");
    static const char *const SHIPPED[] = {
        "healing", "greater_healing", "strength", "poison", "regeneration", "confusion",
        "teleportation", "magic_mapping", "identify", "fear", "dagger", "short_sword", "spear",
        "mace", "long_sword", "leather_armor", "chain_mail", "plate_armor",
    };
    int shipped_kinds = (int)(sizeof SHIPPED / sizeof SHIPPED[0]);
    for (int i = 0; i < n; ++i) {
        char id[32];
        if (i < shipped_kinds) {
            snprintf(id, sizeof id, "%s", SHIPPED[i]);
        } else {
            snprintf(id, sizeof id, "extra_%d", i);
            sprintf(extra + strlen(extra), "\n[scroll]\nid = %s\nname = x\ntile = scroll\n"
                    "frequency = 0\neffect = identify\n", id);
        }
        sprintf(kit + strlen(kit), " %s:2", id);
    }
    splice(t, ITEMS, strlen(t->text[ITEMS]), 0, extra);
    set_line(t, CLASSES, FIGHTER, "kit ", 0, kit);
    free(extra);
    free(kit);
}

static void test_class_kit_fits_the_pack(void)
{
    Texts t = shipped();
    kit_of_kinds(&t, PACK_SLOTS);
    EXPECT_LOAD(&t, NO_MISTAKES);

    t = shipped();
    kit_of_kinds(&t, PACK_SLOTS + 1);
    int line = line_of(&t, CLASSES, FIGHTER, "kit ");
    EXPECT_LOAD(&t, "classes.txt:%d: the kit needs %d of the pack's slots, and the pack has %d\n",
                line, PACK_SLOTS + 1, PACK_SLOTS);
}

static void test_class_known(void)
{
    Texts t = shipped();
    int line = set_line(&t, CLASSES, ROGUE, "known ", 0, "known = magic_mapping scrying");
    EXPECT_LOAD(&t, "classes.txt:%d: no item is called 'scrying'\n", line);

    t = shipped();
    line = set_line(&t, CLASSES, ROGUE, "known ", 0, "known = dagger");
    EXPECT_LOAD(&t, "classes.txt:%d: 'dagger' is known anyway: only potions and scrolls are "
                    "learnt\n", line);

    t = shipped();
    line = set_line(&t, CLASSES, ROGUE, "known ", 0, "known = healing magic_mapping healing");
    EXPECT_LOAD(&t, "classes.txt:%d: 'healing' is known twice\n", line);
}

static void test_at_least_one_class(void)
{
    Texts t = shipped();
    set_text(&t, CLASSES, strcpy(malloc(32), "# no classes yet\n"));
    EXPECT_LOAD(&t, "classes.txt: there's no [class]: a run needs at least one to start as\n");

    t = shipped();
    set_text(&t, CLASSES, calloc(1, 1));
    EXPECT_LOAD(&t, "classes.txt: the file is empty\n"
                    "classes.txt: there's no [class]: a run needs at least one to start as\n");
}

/* Reading goes on after a mistake, each reported with its line */
static void test_class_several_mistakes(void)
{
    Texts t = shipped();
    int a = set_line(&t, CLASSES, FIGHTER, "hp ", 0, "hp = many");
    int b = set_line(&t, CLASSES, FIGHTER, "kit ", 0, "kit = long_sword spoon");
    int c = set_line(&t, CLASSES, ROGUE, "known ", 0, "known = chain_mail");
    int d = insert_after(&t, CLASSES, "id          = ranger", "kit ", "pet = dog");
    EXPECT_LOAD(&t,
                "classes.txt:%d: 'hp' should be a whole number\n"
                "classes.txt:%d: no item is called 'spoon'\n"
                "classes.txt:%d: 'chain_mail' is known anyway: only potions and scrolls are learnt\n"
                "classes.txt:%d: unknown key 'pet'\n",
                a, b, c, d);
}

static void test_missing_files(void)
{
    Texts t = shipped();
    free(t.text[MONSTERS]);
    t.text[MONSTERS] = NULL;
    t.len[MONSTERS] = 0;
    /* one message: the guardians can't be checked without the monsters */
    EXPECT_LOAD(&t, "monsters.txt: can't be read: the file is missing\n");

    t = shipped();
    free(t.text[ITEMS]);
    t.text[ITEMS] = NULL;
    EXPECT_LOAD(&t, "items.txt: can't be read: the file is missing\n");

    t = shipped();
    free(t.text[VAULTS]);
    t.text[VAULTS] = NULL;
    EXPECT_LOAD(&t, "vaults.txt: can't be read: the file is missing\n");

    t = shipped();
    free(t.text[CLASSES]);
    t.text[CLASSES] = NULL;
    EXPECT_LOAD(&t, "classes.txt: can't be read: the file is missing\n");

    GameData data = {0};
    Errors errors = {0};
    CHECK(!data_load_dir(&data, AMULETS_SOURCE_DIR "/no-such-folder", &errors));
    char expected[1024];
    const char *why = strerror(ENOENT);
    snprintf(expected, sizeof expected,
             "monsters.txt: can't be read: %s\nitems.txt: can't be read: %s\n"
             "vaults.txt: can't be read: %s\nclasses.txt: can't be read: %s\n", why, why, why, why);
    char *got = joined(&errors);
    CHECK_STR(got, expected);
    free(got);
    errors_clear(&errors);
    data_free(&data);
}

/* A data file that is a FIFO is refused at once (it waited for ever for
 * a writer), one that is a folder says so (it said the disk reported an
 * error), and the refused folder leaves nothing to free */
static void test_not_files(void)
{
    char dir[] = "/tmp/amulets-data-XXXXXX", path[256];
    CHECK(mkdtemp(dir) != NULL);
    static const char *const names[] = {"monsters.txt", "items.txt", "vaults.txt", "classes.txt"};
    for (int i = 0; i < 4; ++i) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (i == 0) CHECK(mkfifo(path, 0644) == 0);
        else if (i == 1) CHECK(mkdir(path, 0755) == 0);
        else {
            char from[512];
            snprintf(from, sizeof from, "%s/data/%s", AMULETS_SOURCE_DIR, names[i]);
            CHECK(symlink(from, path) == 0);
        }
    }
    alarm(60);   /* a wait for a writer fails the test, not the whole suite's time */
    GameData data = {0};
    Errors errors = {0};
    CHECK(!data_load_dir(&data, dir, &errors));
    alarm(0);
    CHECK(errors.count >= 2);
    CHECK_STR(errors.count > 0 ? errors.lines[0] : "", "monsters.txt: can't be read: it's a FIFO (a pipe), not a file");
    CHECK_STR(errors.count > 1 ? errors.lines[1] : "", "items.txt: can't be read: it's a folder, not a file");
    CHECK(data.monsters == NULL && data.items == NULL && data.vaults == NULL && data.classes == NULL);
    errors_clear(&errors);
    for (int i = 0; i < 4; ++i) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (i == 1) rmdir(path);
        else unlink(path);
    }
    rmdir(dir);
}

static void test_empty_files(void)
{
    Texts t = shipped();
    set_text(&t, ITEMS, calloc(1, 1));
    EXPECT_LOAD(&t, "items.txt: the file is empty\n"
                    "items.txt: the game needs an item called 'short_sword'\n"
                    "items.txt: the game needs an item called 'gold'\n"
                    "items.txt: the game needs an item called 'amulet'\n");

    t = shipped();
    set_text(&t, VAULTS, strcpy(malloc(8), "\n \r\n\t\n"));
    EXPECT_LOAD(&t, "vaults.txt: the file is empty\n"
                    "vaults.txt: floor 3 has no Amulet's vault\n"
                    "vaults.txt: floor 6 has no Amulet's vault\n"
                    "vaults.txt: floor 9 has no Amulet's vault\n");

    /* comments alone aren't empty, but have nothing in them */
    t = shipped();
    set_text(&t, VAULTS, strcpy(malloc(32), "# no vaults yet\n"));
    EXPECT_LOAD(&t, "vaults.txt: floor 3 has no Amulet's vault\n"
                    "vaults.txt: floor 6 has no Amulet's vault\n"
                    "vaults.txt: floor 9 has no Amulet's vault\n");

    /* without monsters, the guardians are no monsters at all */
    t = shipped();
    int g1 = line_of(&t, VAULTS, GUARDROOM, "guardian ");
    int g2 = line_of(&t, VAULTS, "id       = barracks", "guardian ");
    int g3 = line_of(&t, VAULTS, GOBLIN_HALL, "guardian ");
    int g4 = line_of(&t, VAULTS, "id       = orc_hold", "guardian ");
    int g5 = line_of(&t, VAULTS, "id       = dragon_lair", "guardian ");
    set_text(&t, MONSTERS, calloc(1, 1));
    EXPECT_LOAD(&t,
                "monsters.txt: the file is empty\n"
                "monsters.txt: floor 1 has no kind of monster found at random\n"
                "monsters.txt: floor 2 has no kind of monster found at random\n"
                "monsters.txt: floor 3 has no kind of monster found at random\n"
                "monsters.txt: floor 4 has no kind of monster found at random\n"
                "monsters.txt: floor 5 has no kind of monster found at random\n"
                "monsters.txt: floor 6 has no kind of monster found at random\n"
                "monsters.txt: floor 7 has no kind of monster found at random\n"
                "monsters.txt: floor 8 has no kind of monster found at random\n"
                "monsters.txt: floor 9 has no kind of monster found at random\n"
                "vaults.txt:%d: no monster is called 'goblin'\n"
                "vaults.txt:%d: no monster is called 'cave_orc'\n"
                "vaults.txt:%d: no monster is called 'goblin'\n"
                "vaults.txt:%d: no monster is called 'cave_orc'\n"
                "vaults.txt:%d: no monster is called 'young_red_dragon'\n",
                g1, g2, g3, g4, g5);
}

static void test_cut_short(void)
{
    /* mid-record: the last monster ends at its hp's = */
    Texts t = shipped();
    size_t at = line_at(t.text[MONSTERS], "id      = young_red_dragon", "hp ", 0);
    int line = line_number(t.text[MONSTERS], at);
    int record = line_of(&t, MONSTERS, "id      = young_red_dragon", "id ") - 1;
    t.text[MONSTERS][at + strlen("hp      =")] = '\0';
    t.len[MONSTERS] = strlen(t.text[MONSTERS]);
    EXPECT_LOAD(&t, "monsters.txt:%d: [monster] needs 'damage'\n"
                    "monsters.txt:%d: [monster] needs 'defense'\n"
                    "monsters.txt:%d: 'hp' should be a whole number\n", record, record, line);

    /* mid-row of the last vault: its door row is "###" and no more */
    t = shipped();
    at = line_at(t.text[VAULTS], "id       = dragon_lair", "|", 6);
    int map = line_of(&t, VAULTS, "id       = dragon_lair", "map ");
    t.text[VAULTS][at + 4] = '\0';
    t.len[VAULTS] = strlen(t.text[VAULTS]);
    EXPECT_LOAD(&t, "vaults.txt:%d: a vault has one way in: a + or an S on its edge\n"
                    "vaults.txt:%d: the vault is open to the outside, at column 3\n",
                    map, map + 6);

    /* mid-key, in a middle record's map */
    t = shipped();
    at = line_at(t.text[VAULTS], CLOSET, "map ", 0);
    map = line_number(t.text[VAULTS], at);
    record = line_of(&t, VAULTS, CLOSET, "id ") - 1;
    t.text[VAULTS][at + 2] = '\0';
    t.len[VAULTS] = strlen(t.text[VAULTS]);
    EXPECT_LOAD(&t, "vaults.txt:%d: [vault] needs 'map'\n"
                    "vaults.txt:%d: 'ma' isn't a [record] line, a key = value, a | row or a # comment\n",
                record, map);

    /* cut everywhere: never a crash, and a load that fails says why */
    Texts whole = shipped();
    for (int file = 0; file < FILE_COUNT; ++file) {
        size_t step = check_sanitized() ? 13 : 5;
        for (size_t cut = 0; cut < whole.len[file]; cut += step) {
            GameData data;
            Errors errors;
            Texts texts = whole;
            texts.len[file] = cut;
            bool ok = load(&texts, &data, &errors);
            if (ok != (errors.count == 0)) CHECK_INT(ok, errors.count == 0);
            errors_clear(&errors);
            data_free(&data);
        }
    }
    free_texts(&whole);
}

/* Deterministic noise: a 64-bit LCG's high bytes */
static void fill_noise(unsigned char *bytes, size_t len, unsigned long long seed)
{
    for (size_t i = 0; i < len; ++i) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        bytes[i] = (unsigned char)(seed >> 56);
    }
}

/* Every message names its file and is short enough to read */
static bool messages_sane(const Errors *errors)
{
    for (int i = 0; i < errors->count; ++i) {
        const char *line = errors->lines[i];
        bool named = false;
        for (int f = 0; f < FILE_COUNT; ++f) {
            size_t n = strlen(FILE_NAMES[f]);
            named = named || (strncmp(line, FILE_NAMES[f], n) == 0 && line[n] == ':');
        }
        if (!named || strlen(line) > 200) {
            fprintf(stderr, "  bad message: %.300s\n", line);
            return false;
        }
    }
    return true;
}

static void test_binary_files(void)
{
    size_t len = 64 * 1024;
    unsigned char *noise = malloc(len);
    for (int file = 0; file < FILE_COUNT; ++file) {
        fill_noise(noise, len, 42 + (unsigned long long)file);
        Texts t = shipped();
        free(t.text[file]);
        t.text[file] = (char *)noise;
        t.len[file] = len;
        GameData data;
        Errors errors;
        CHECK(!load(&t, &data, &errors));
        CHECK(errors.count > 0);
        CHECK(errors.count <= REC_MAX_MISTAKES + 2 + 9 + 5);
        CHECK(messages_sane(&errors));
        CHECK(strncmp(errors.lines[0], FILE_NAMES[file], strlen(FILE_NAMES[file])) == 0);
        errors_clear(&errors);
        data_free(&data);
        t.text[file] = NULL;
        free_texts(&t);
    }
    free(noise);
}

static void test_huge_lines(void)
{
    size_t huge = 10u << 20;
    Texts t = shipped();
    size_t len = t.len[MONSTERS];
    int line = line_number(t.text[MONSTERS], len) + 1;
    char *text = malloc(len + 1 + huge + 1);
    memcpy(text, t.text[MONSTERS], len);
    text[len] = '\n';
    memset(text + len + 1, 'z', huge);
    text[len + 1 + huge] = '\0';
    set_text(&t, MONSTERS, text);
    EXPECT_LOAD(&t, "monsters.txt:%d: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...' isn't a [record] line, "
                    "a key = value, a | row or a # comment\n", line);

    /* a name of 10 MB */
    t = shipped();
    size_t at = line_at(t.text[MONSTERS], JACKAL, "name ", 0);
    line = line_number(t.text[MONSTERS], at);
    char *name = malloc(huge + 16);
    strcpy(name, "name = ");
    memset(name + 7, 'n', huge);
    name[7 + huge] = '\0';
    set_line(&t, MONSTERS, JACKAL, "name ", 0, name);
    free(name);
    EXPECT_LOAD(&t, "monsters.txt:%d: 'name' is longer than 47 characters\n", line);

    /* a map row of 10 MB */
    t = shipped();
    int map = line_of(&t, VAULTS, CLOSET, "map ");
    char *row = malloc(huge + 2);
    row[0] = '|';
    memset(row + 1, '#', huge);
    row[huge + 1] = '\0';
    set_line(&t, VAULTS, CLOSET, "|", 0, row);
    free(row);
    EXPECT_LOAD(&t, "vaults.txt:%d: a vault is from 3 x 3 to 15 x 9 cells\n", map);
}

static void test_too_many_mistakes(void)
{
    Texts t = shipped();
    size_t lines = 3000;
    char *text = malloc(lines * 4 + 1);
    for (size_t i = 0; i < lines; ++i) memcpy(text + i * 4, "hp\r\n", 4);
    text[lines * 4] = '\0';
    set_text(&t, ITEMS, text);
    GameData data;
    Errors errors;
    CHECK(!load(&t, &data, &errors));
    CHECK_INT(errors.count, REC_MAX_MISTAKES + 1);
    CHECK_STR(errors.lines[REC_MAX_MISTAKES],
              "items.txt:1000: too many mistakes: the rest of the file isn't read");
    errors_clear(&errors);
    data_free(&data);
    free_texts(&t);

    /* mistakes in records count too */
    t = shipped();
    static const char WAND[] = "[wand]\nx=1\n";
    size_t each = sizeof WAND - 1;
    text = malloc(lines * each + 1);
    for (size_t i = 0; i < lines; ++i) memcpy(text + i * each, WAND, each);
    text[lines * each] = '\0';
    set_text(&t, ITEMS, text);
    CHECK(!load(&t, &data, &errors));
    CHECK_INT(errors.count, REC_MAX_MISTAKES + 1);
    CHECK_STR(errors.lines[REC_MAX_MISTAKES - 1], "items.txt:1999: unknown record [wand]");
    CHECK_STR(errors.lines[REC_MAX_MISTAKES],
              "items.txt: too many mistakes: the rest of the file isn't checked");
    errors_clear(&errors);
    data_free(&data);
    free_texts(&t);
}

/* ---- A mini fuzzer: mutated copies of each shipped file ---- */

static const char STRUCTURE[] = "[]=|#\n\r\t .+S^$mGA0123456789-:_ayn";

/* One random change to text (len bytes, room for cap): a byte changed, a
 * byte of the format's own put in, a run deleted, or a run repeated */
static size_t mutate(Rng *rng, char *text, size_t len, size_t cap)
{
    size_t at = len ? (size_t)rng_roll(rng, 0, (int)len - 1) : 0;
    size_t run = (size_t)rng_roll(rng, 1, 64);
    switch (rng_roll(rng, 0, 4)) {
    case 0:
        if (len) text[at] = (char)rng_roll(rng, 0, 255);
        return len;
    case 1:
        if (len) text[at] = STRUCTURE[rng_roll(rng, 0, (int)sizeof STRUCTURE - 2)];
        return len;
    case 2:
        if (run > len - at) run = len - at;
        memmove(text + at, text + at + run, len - at - run);
        return len - run;
    case 3:
        if (run > len - at) run = len - at;
        if (len + run > cap) return len;
        memmove(text + at + run, text + at, len - at);
        return len + run;
    default:
        if (len + 1 > cap) return len;
        memmove(text + at + 1, text + at, len - at);
        text[at] = (char)rng_roll(rng, 0, 255);
        return len + 1;
    }
}

static void test_fuzz(void)
{
    int rounds = check_sanitized() ? 2000 : 4000;
    Texts whole = shipped();
    Rng rng;
    rng_seed(&rng, 20240601);
    int failures = 0, clean = 0;
    for (int file = 0; file < FILE_COUNT; ++file) {
        size_t cap = whole.len[file] * 2 + 1024;
        char *buffer = malloc(cap);
        for (int round = 0; round < rounds; ++round) {
            size_t len = whole.len[file];
            memcpy(buffer, whole.text[file], len);
            int changes = rng_roll(&rng, 1, 4);
            for (int i = 0; i < changes; ++i) len = mutate(&rng, buffer, len, cap);
            Texts texts = whole;
            texts.text[file] = buffer;
            texts.len[file] = len;
            GameData data;
            Errors errors;
            bool ok = load(&texts, &data, &errors);
            bool good = ok == (errors.count == 0) && messages_sane(&errors) &&
                        data.monster_count >= 0 && data.vault_count >= 0;
            for (int v = 0; good && v < data.vault_count; ++v) {
                const VaultDef *vault = &data.vaults[v];
                good = vault->w >= VAULT_MIN_SIZE && vault->w <= VAULT_MAX_W &&
                       vault->h >= VAULT_MIN_SIZE && vault->h <= VAULT_MAX_H &&
                       vault->guardian < data.monster_count &&
                       vault_outside(vault, vault_entrance(vault).x, vault_entrance(vault).y);
            }
            for (int c = 0; good && c < data.class_count; ++c) {
                const ClassDef *def = &data.classes[c];
                for (int k = 0; k < def->kit_count; ++k) {
                    good = good && def->kit[k].kind >= 0 && def->kit[k].kind < data.item_count;
                }
            }
            good = good && (!ok || data.class_count > 0);
            failures += !good;
            clean += ok;
            errors_clear(&errors);
            data_free(&data);
        }
        free(buffer);
    }
    CHECK_INT(failures, 0);
    /* some mutations land in comments and change nothing that matters */
    CHECK(clean > 0);
    CHECK(clean < FILE_COUNT * rounds);
    free_texts(&whole);
}

int main(void)
{
    test_shipped_files_load();
    test_names();
    test_monster_values();
    test_monster_trait_words();
    test_monster_missing_key();
    test_monster_unknown_key();
    test_monster_key_given_twice();
    test_monster_unknown_record();
    test_monster_id_used_twice();
    test_monster_floors_covered();
    test_monster_several_mistakes();
    test_monster_broken_line();
    test_monster_guardian_left_out();
    test_item_values();
    test_ranged_values();
    test_item_missing_and_unknown_keys();
    test_item_unknown_class();
    test_item_id_used_twice();
    test_at_most_ten_potions();
    test_at_most_so_many_items();
    test_needed_items();
    test_item_several_mistakes();
    test_vault_size();
    test_amulet_vault_size();
    test_vault_legend();
    test_vault_open_to_outside();
    test_vault_door_at_corner();
    test_vault_ways_in();
    test_vault_reach();
    test_vault_guardian();
    test_vault_amulet();
    test_amulet_floors();
    test_vault_map_key();
    test_vault_other_keys();
    test_vault_several_mistakes();
    test_class_values();
    test_class_missing_and_unknown_keys();
    test_class_numbers();
    test_class_id_used_twice();
    test_class_kit_items();
    test_class_kit_fits_the_pack();
    test_class_known();
    test_at_least_one_class();
    test_class_several_mistakes();
    test_missing_files();
    test_empty_files();
    test_not_files();
    test_cut_short();
    test_binary_files();
    test_huge_lines();
    test_too_many_mistakes();
    test_fuzz();
    return check_done("test_data");
}
