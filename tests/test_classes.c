/* The classes (classes.txt): each class's run starts with its numbers,
 * its kit (the first weapon wielded, the first armor worn, the rest in
 * the pack) and the kinds it knows, on floor 1 or deeper; a run of no
 * class is the book's player; the runner's --class plays the class and
 * refuses one the data hasn't, naming those it has. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "run_debug.h"
#include "runtest.h"
#include "save.h"

static int kind(const GameData *data, const char *id)
{
    int found = data_find_item(data, id);
    if (found < 0) exit(EXIT_FAILURE);
    return found;
}

static int count_in_pack(const Player *p, int kind_index)
{
    int slot = pack_find(&p->pack, kind_index);
    return slot >= 0 ? p->pack.slots[slot].count : 0;
}

/* The shipped classes, on every floor a run can start on */
static void shipped_classes_start_with_their_kits(const GameData *data)
{
    int fighter = data_find_class(data, "fighter"), rogue = data_find_class(data, "rogue");
    int ranger = data_find_class(data, "ranger");
    CHECK(fighter == 0 && rogue >= 0 && ranger >= 0);
    int mapping = kind(data, "magic_mapping");
    for (int floor = 1; floor <= LAST_FLOOR; floor += 4) {
        Run *run = run_new_as(data, 40 + (uint64_t)floor, floor, fighter);
        const Player *p = run_player(run);
        CHECK_INT(run_class(run), fighter);
        CHECK_STR(run_class_name(run), "Fighter");
        CHECK_STR(run_class_id(run), "fighter");
        CHECK_INT(p->hp, 34);
        CHECK_INT(p->max_hp, 34);
        CHECK_INT(p->strength, 1);
        CHECK_INT(p->weapon, kind(data, "long_sword"));
        CHECK_INT(p->armor, kind(data, "chain_mail"));
        CHECK_INT(run_player_defense(run), 3);
        CHECK_INT(p->pack.count, 0);
        CHECK(!run_kind_known(run, mapping));
        CHECK(run_invariants_hold(run));
        run_free(run);

        run = run_new_as(data, 40 + (uint64_t)floor, floor, rogue);
        p = run_player(run);
        CHECK_INT(p->hp, 34);
        CHECK_INT(p->strength, 1);
        CHECK_INT(p->weapon, kind(data, "dagger"));
        CHECK_INT(p->armor, kind(data, "leather_armor"));
        CHECK_INT(p->pack.count, 2);
        CHECK_INT(count_in_pack(p, kind(data, "throwing_dagger")), 12);
        CHECK_INT(count_in_pack(p, mapping), 1);
        CHECK(run_kind_known(run, mapping));
        char name[96];
        run_item_name(run, p->pack.slots[1], name, sizeof name);
        CHECK_STR(name, "a scroll of magic mapping");
        CHECK(!run_kind_known(run, kind(data, "identify")));
        CHECK_INT(run_level(run)->depth, floor);
        run_free(run);

        run = run_new_as(data, 40 + (uint64_t)floor, floor, ranger);
        p = run_player(run);
        CHECK_INT(p->hp, 32);
        CHECK_INT(p->strength, 1);
        CHECK_INT(p->weapon, kind(data, "short_bow"));
        CHECK_INT(p->armor, kind(data, "leather_armor"));
        CHECK_INT(count_in_pack(p, kind(data, "arrow")), 30);
        CHECK_INT(count_in_pack(p, kind(data, "dagger")), 1);
        run_free(run);
    }
    /* run_new is the first class */
    Run *a = run_new(data, 7, 2), *b = run_new_as(data, 7, 2, 0);
    CHECK(save_digest(a) == save_digest(b));
    run_free(a);
    run_free(b);
}

/* No class: the book's player, 30 hp, a short sword, nothing else */
static void no_class_is_the_adventurer(const GameData *data)
{
    Run *run = run_new_as(data, 3, 1, RUN_NO_CLASS);
    const Player *p = run_player(run);
    CHECK_INT(run_class(run), RUN_NO_CLASS);
    CHECK_STR(run_class_name(run), "Adventurer");
    CHECK(run_class_id(run) == NULL);
    CHECK_INT(p->hp, PLAYER_HP);
    CHECK_INT(p->strength, 0);
    CHECK_INT(p->weapon, kind(data, "short_sword"));
    CHECK_INT(p->armor, -1);
    CHECK_INT(p->pack.count, 0);
    run_free(run);
}

/* A kit of two weapons and two armors, counts and a potion: the first
 * of each is in hand or on the back, one of a stack of more, the rest
 * packed; the same dice as any class (a class changes no roll) */
static void first_weapon_wielded_first_armor_worn(const GameData *shipped)
{
    GameData data = *shipped;
    ClassDef def = {0};
    snprintf(def.id, sizeof def.id, "test");
    snprintf(def.name, sizeof def.name, "Test");
    def.hp = 50;
    def.strength = 2;
    const ClassKit kit[] = {
        {kind(shipped, "healing"), 2}, {kind(shipped, "dagger"), 3}, {kind(shipped, "plate_armor"), 1},
        {kind(shipped, "mace"), 1}, {kind(shipped, "leather_armor"), 1},
    };
    memcpy(def.kit, kit, sizeof kit);
    def.kit_count = (int)(sizeof kit / sizeof kit[0]);
    def.known[def.known_count++] = kind(shipped, "healing");
    data.classes = &def;
    data.class_count = 1;
    Run *run = run_new_as(&data, 11, 1, 0);
    const Player *p = run_player(run);
    CHECK_INT(p->hp, 50);
    CHECK_INT(p->strength, 2);
    CHECK_INT(p->weapon, kind(shipped, "dagger"));
    CHECK_INT(p->armor, kind(shipped, "plate_armor"));
    CHECK_INT(count_in_pack(p, kind(shipped, "dagger")), 2);
    CHECK_INT(count_in_pack(p, kind(shipped, "healing")), 2);
    CHECK_INT(count_in_pack(p, kind(shipped, "mace")), 1);
    CHECK_INT(count_in_pack(p, kind(shipped, "leather_armor")), 1);
    CHECK_INT(p->pack.count, 4);
    CHECK(run_kind_known(run, kind(shipped, "healing")));
    /* the floor and the looks are rolled as for any class */
    Run *other = run_new_as(shipped, 11, 1, 0);
    CHECK(memcmp(run_rng(run)->s, run_rng(other)->s, sizeof run_rng(run)->s) == 0);
    CHECK(point_eq(run_player(run)->pos, run_player(other)->pos));
    run_free(other);
    run_free(run);
}

static bool amulets(const char *args, char *out, size_t size, int *status)
{
    char command[512];
    /* the runner plays in a throwaway save folder of its own */
    snprintf(command, sizeof command, "'%s' %s 2>&1", AMULETS_BINARY, args);
    FILE *pipe = popen(command, "r");
    if (pipe == NULL) return false;
    size_t got = fread(out, 1, size - 1, pipe);
    out[got] = '\0';
    int raw = pclose(pipe);
    *status = raw >= 0 ? (raw >> 8) & 0xff : -1;
    return true;
}

/* --class plays the class's run; an unknown one is refused, naming those
 * there are */
static void runner_takes_class(const GameData *data)
{
    static char out[1 << 16];
    int status;
    if (amulets("--seed 6 --floor 2 --class rogue --play '' --digest", out, sizeof out, &status)) {
        CHECK_INT(status, 0);
        Run *run = run_new_as(data, 6, 2, data_find_class(data, "rogue"));
        char digest[40];
        snprintf(digest, sizeof digest, "digest %016llx", (unsigned long long)save_digest(run));
        CHECK(strstr(out, digest) != NULL);
        CHECK(strstr(out, "hp 34/34") != NULL);
        run_free(run);
    }
    if (amulets("--seed 6 --class wizard --play ''", out, sizeof out, &status)) {
        CHECK_INT(status, 2);
        CHECK_STR(out, "amulets: --class: no class is called 'wizard'; the classes are fighter, "
                       "rogue, ranger\n");
    }
}

int main(void)
{
    GameData data;
    load_shipped_data(&data);
    shipped_classes_start_with_their_kits(&data);
    no_class_is_the_adventurer(&data);
    first_weapon_wielded_first_armor_worn(&data);
    runner_takes_class(&data);
    data_free(&data);
    return check_done("test_classes");
}
