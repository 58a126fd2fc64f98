/* The game's content, read from data/monsters.txt, data/items.txt,
 * data/vaults.txt and data/classes.txt: kinds of monster, kinds of item,
 * hand-drawn vaults and the classes a run can start as.
 * Every mistake in a file is reported as "file:line: what's wrong" and a
 * record with a mistake is left out. */
#ifndef AMULETS_DATA_H
#define AMULETS_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "color.h"
#include "errors.h"
#include "records.h"

enum { NAME_SIZE = 48, TILE_SIZE = 48 };
/* A monster's line for the look panel: a few lines of the side panel */
enum { MONSTER_DESCRIPTION_SIZE = 96 };

/* A run keeps what the player knows of each kind of item in a table of
 * this many */
enum { MAX_ITEM_KINDS = 128 };
/* ...and counts the player's kills in a table of this many kinds of
 * monster */
enum { MAX_MONSTER_KINDS = 128 };


/* Monster traits, by their names in monsters.txt; pack:N is separate */
enum {
    TRAIT_NEVER_SLEEPS = 1 << 0,
    TRAIT_ERRATIC = 1 << 1,
    TRAIT_STATIONARY = 1 << 2,
    TRAIT_SHRIEKS = 1 << 3,
    TRAIT_SLOW = 1 << 4,
    TRAIT_NEVER_FLEES = 1 << 5,
    TRAIT_REGENERATES = 1 << 6,
    TRAIT_DRAINS = 1 << 7,
    TRAIT_OPENS_DOORS = 1 << 8,
    TRAIT_VAULT_ONLY = 1 << 9,
};

typedef struct MonsterDef {
    char id[ID_SIZE];
    char name[NAME_SIZE];
    char description[MONSTER_DESCRIPTION_SIZE];   /* shown when looked at */
    char glyph;
    Color color;
    char tile[TILE_SIZE];
    int min_floor, max_floor;
    int sight;
    int hp;
    int damage_min, damage_max;
    int defense;
    unsigned traits;
    int venom;   /* turns of poison a hit gives; 0 for none */
    int pack;    /* how many are placed together; 1 for one alone */
    int ranged_min, ranged_max;  /* a shot's or a breath's damage */
    int range;   /* how far it shoots or breathes; 0: it fights only hand to hand */
    int breath;  /* turns between breaths of fire; 0: it shoots arrows instead */
} MonsterDef;

/* The farthest any shot, bolt or breath flies, in cells */
enum { MOST_RANGE = 16 };

/* Every class of item, once: its name in items.txt and its glyph. The
 * enum and describe.c's glyphs are made from this list; every other
 * table of classes (what items.txt reads for each, data.c; the built-in
 * pictures, builtin_tiles.c) is made from it too and names each class's
 * entry by the class's own name, and every switch over a class names
 * each one (no default; -Werror=switch), so a class one of them misses
 * doesn't compile (tests/tables.sh adds one to see) */
#define ITEM_CLASSES(X)            \
    X(POTION,  "potion",  '!')     \
    X(SCROLL,  "scroll",  '?')     \
    X(WEAPON,  "weapon",  ')')     \
    X(ARMOR,   "armor",   '[')     \
    X(GOLD,    "gold",    '$')     \
    X(AMULET,  "amulet",  '"')     \
    X(MISSILE, "missile", '(')

#define DATA_CLASS_ENUM(id, name, glyph) IC_##id,
typedef enum ItemClass { ITEM_CLASSES(DATA_CLASS_ENUM) IC_COUNT } ItemClass;
#undef DATA_CLASS_ENUM

/* Every effect of a potion or scroll, once, with its name in items.txt
 * ("" for none): the enum and data.c's table (the names, and what each
 * does in a sentence: a TELLS_ line for each) are made from this list,
 * and every switch over an effect names each one (no default;
 * -Werror=switch), so an effect one of them misses doesn't compile
 * (tests/tables.sh adds one to see) */
#define ITEM_EFFECTS(X)                  \
    X(NONE,        "")                   \
    X(HEAL,        "heal")               \
    X(HEAL_FULLY,  "heal_fully")         \
    X(STRENGTHEN,  "strengthen")         \
    X(POISON,      "poison")             \
    X(REGENERATE,  "regenerate")         \
    X(CONFUSE,     "confuse")            \
    X(TELEPORT,    "teleport")           \
    X(MAP_FLOOR,   "map_floor")          \
    X(IDENTIFY,    "identify")           \
    X(FRIGHTEN,    "frighten")           \
    X(LIGHTNING,   "lightning")   /* read, then aimed */ \
    X(FIREBALL,    "fireball")    /* read, then aimed */
#define DATA_EFFECT_ENUM(id, name) FX_##id,
typedef enum ItemEffect { ITEM_EFFECTS(DATA_EFFECT_ENUM) FX_COUNT } ItemEffect;
#undef DATA_EFFECT_ENUM

typedef struct ItemDef {
    char id[ID_SIZE];
    char name[NAME_SIZE];
    char tile[TILE_SIZE];
    ItemClass item_class;
    ItemEffect effect;        /* potions and scrolls */
    int frequency;            /* against the other kinds'; 0 never chosen */
    int damage_min, damage_max;  /* weapons and missiles */
    int defense;              /* armor */
    bool noisy;               /* armor */
    int range;                /* missiles: how far they fly */
    int to_hit;               /* missiles: the chance in 100 of a hit */
    int breaks;               /* missiles: the chance in 100 a hit breaks it */
    int bundle_min, bundle_max;  /* how many lie together when found */
    int launcher;             /* missiles: the weapon that must be wielded
                                 to shoot one (an index), or -1 to throw */
} ItemDef;

enum { VAULT_MIN_SIZE = 3, VAULT_MAX_W = 15, VAULT_MAX_H = 9 };

/* A vault's map, row by row, all as wide as the widest:
 *   # wall  . floor  + door  S secret door  ^ trap  $ treasure
 *   m a monster of the floor's band  G a guardian  A the Amulet
 *   (a space is outside the vault) */
typedef struct VaultDef {
    char id[ID_SIZE];
    int min_floor, max_floor;
    bool amulet;      /* an Amulet's vault, not treasure */
    int guardian;     /* index into GameData.monsters, or -1 */
    int w, h;
    char rows[VAULT_MAX_H][VAULT_MAX_W + 1];
} VaultDef;

/* A class (classes.txt): who the player starts a run as. The kit is
 * what they carry at the start, kind by kind; the first weapon in it is
 * wielded and the first armor worn, one of each, and the rest goes in the
 * pack. known are the kinds of potion and scroll they know at the start. */
enum {
    CLASS_KIT_SIZE = MAX_ITEM_KINDS,     /* each kind at most once */
    CLASS_KNOWN_SIZE = MAX_ITEM_KINDS,
    DESCRIPTION_SIZE = 160,
};

typedef struct ClassKit { int kind; int count; } ClassKit;

typedef struct ClassDef {
    char id[ID_SIZE];
    char name[NAME_SIZE];
    char description[DESCRIPTION_SIZE];
    int hp;
    int strength;
    ClassKit kit[CLASS_KIT_SIZE];   /* item kinds, in the file's order */
    int kit_count;
    int known[CLASS_KNOWN_SIZE];    /* item kinds */
    int known_count;
} ClassDef;

typedef struct GameData {
    MonsterDef *monsters;
    int monster_count;
    ItemDef *items;
    int item_count;
    VaultDef *vaults;
    int vault_count;
    ClassDef *classes;   /* at least one; the first is a new run's default */
    int class_count;
} GameData;

/* Reads the four files from a folder into data, reporting every mistake
 * in errors. True if there were none; if not, data is left empty (freed).
 * A file that isn't a regular file (a folder, a FIFO) is refused at once.
 * data must be zeroed or freed. */
bool data_load_dir(GameData *data, const char *dir, Errors *errors);

/* The same, from texts in memory (each with its length; NULs and any other
 * bytes allowed), named as the files they stand for. A NULL text is a
 * missing file. */
bool data_load_texts(GameData *data,
                     const char *monsters, size_t monsters_len,
                     const char *items, size_t items_len,
                     const char *vaults, size_t vaults_len,
                     const char *classes, size_t classes_len,
                     Errors *errors);

void data_free(GameData *data);

/* A kind's index by its id, or -1 */
int data_find_monster(const GameData *data, const char *id);
int data_find_item(const GameData *data, const char *id);
int data_find_vault(const GameData *data, const char *id);
int data_find_class(const GameData *data, const char *id);

/* Names of things, as the files spell them (NULL if out of range) */
const char *data_trait_name(unsigned trait);
/* What an effect does, in a sentence for the player ("" for none) */
const char *data_effect_text(ItemEffect effect);
const char *data_effect_name(ItemEffect effect);
const char *data_class_name(ItemClass item_class);

#endif
