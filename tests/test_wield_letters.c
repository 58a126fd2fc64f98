/* Wielding and wearing keep the pack's letters, as NetHack and DCSS do:
 * the thing taken up frees its letter (if none of its kind is left
 * there), and the one taken off goes back to its own letter, the one it
 * had before it was taken up, if that's free; else to the letter the new
 * one left, else to the first free one (a kind already carried joins
 * its stack). No other stack's letter ever changes, and taking the old
 * one up again puts every letter back as it was. Once the one taken off
 * took the first free letter: a weapon wielded from c and swapped back
 * came back at a. Random wields and wears on real runs of each class,
 * the letters through a save too. */
#include "runtest.h"
#include "save.h"

static GameData data;

static bool command(Run *run, CommandKind kind, int arg)
{
    return run_command(run, cmd_make(kind, arg));
}

static bool is_worn_class(int kind)
{
    ItemClass c = data.items[kind].item_class;
    return c == IC_WEAPON || c == IC_ARMOR;
}

/* Every weapon and armor of the data, one each, with a hole or two in
 * the letters before them and a potion between */
static void fill_pack(Run *run, Rng *rng)
{
    Pack *pack = &run_debug_player(run)->pack;
    for (int kind = 0; kind < data.item_count; ++kind) {
        if (!is_worn_class(kind) || kind == run_player(run)->weapon || kind == run_player(run)->armor) continue;
        if (rng_one_in(rng, 3)) pack_add(pack, (Stack){data_find_item(&data, "healing"), 1});
        pack_add(pack, (Stack){kind, rng_one_in(rng, 4) ? 2 : 1});
    }
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {   /* holes */
        if (pack_holds(pack, slot) && !is_worn_class(pack->slots[slot].kind) && rng_one_in(rng, 2)) {
            pack_remove_stack(pack, slot);
        }
    }
}

/* A random weapon or armor the pack holds: its letter, or -1 */
static int worn_letter(const Run *run, Rng *rng)
{
    int letters[PACK_SLOTS], count = 0;
    const Pack *pack = &run_player(run)->pack;
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        if (pack_holds(pack, slot) && is_worn_class(pack->slots[slot].kind)) letters[count++] = slot;
    }
    return count == 0 ? -1 : letters[rng_roll(rng, 0, count - 1)];
}

typedef struct Tally {
    int taken_up, swapped_back, through_saves;
} Tally;

/* Where each kind in hand or worn came from, as the test sees it: the
 * letter it was taken up from, or -1 (the kit's) */
static int came_from[MAX_ITEM_KINDS];

/* The first free letter, or -1 */
static int first_free(const Pack *pack)
{
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        if (!pack_holds(pack, slot)) return slot;
    }
    return -1;
}

/* Takes up the thing at letter: every other stack keeps its letter, and
 * the one taken off is where the rule says. False if it went wrong */
static bool take_up(Run *run, int letter, const char *what)
{
    const Player *player = run_player(run);
    Pack before = player->pack;
    int kind = before.slots[letter].kind;
    bool weapon = data.items[kind].item_class == IC_WEAPON;
    int off = weapon ? player->weapon : player->armor;
    CHECK(command(run, CMD_USE, letter));
    const Pack *after = &player->pack;
    if (!check_at((weapon ? player->weapon : player->armor) == kind, what, __FILE__, __LINE__)) return false;
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        if (!pack_holds(&before, slot)) continue;
        Stack was = before.slots[slot];
        int count = was.count - (slot == letter) + (was.kind == off);
        /* the letter freed may take the one taken off */
        bool freed = !pack_holds(after, slot) || (slot == letter && after->slots[slot].kind == off);
        bool kept = count == 0 ? freed
                               : pack_holds(after, slot) && after->slots[slot].kind == was.kind &&
                                     after->slots[slot].count == count;
        if (!check_at(kept, what, __FILE__, __LINE__)) {
            fprintf(stderr, "    taking up %c moved the stack at %c\n", 'a' + letter, 'a' + slot);
            return false;
        }
    }
    if (off >= 0 && pack_find(&before, off) < 0) {
        /* its own letter if free, else the one the new one left, else the first free */
        Pack left = before;
        pack_remove_one(&left, letter);
        int own = came_from[off], wanted = own >= 0 && !pack_holds(&left, own) ? own
                                         : !pack_holds(&left, letter) ? letter : first_free(&left);
        if (!check_at(pack_find(after, off) == wanted, what, __FILE__, __LINE__)) {
            fprintf(stderr, "    the %s taken off went to %c, not %c\n", data.items[off].id,
                    'a' + pack_find(after, off), 'a' + wanted);
            return false;
        }
    }
    came_from[kind] = letter;
    return true;
}

/* A thing taken up and the one taken off taken up again: the pack is as
 * it was */
static bool swapped_back(Run *run, int letter, const char *what)
{
    const Player *player = run_player(run);
    Pack before = player->pack;
    bool weapon = data.items[before.slots[letter].kind].item_class == IC_WEAPON;
    int off = weapon ? player->weapon : player->armor;
    bool carried = off >= 0 && pack_find(&before, off) >= 0;
    if (off < 0 || carried || before.slots[letter].kind == off) return false;
    if (!take_up(run, letter, what)) return false;
    int back = pack_find(&player->pack, off);
    if (!check_at(back >= 0, what, __FILE__, __LINE__) || !take_up(run, back, what)) return false;
    bool same = player->pack.count == before.count;
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        same = same && pack_holds(&player->pack, slot) == pack_holds(&before, slot);
        same = same && (!pack_holds(&before, slot) || (player->pack.slots[slot].kind == before.slots[slot].kind &&
                                                       player->pack.slots[slot].count == before.slots[slot].count));
    }
    if (!check_at(same, what, __FILE__, __LINE__)) {
        fprintf(stderr, "    taken up from %c and swapped back, the letters aren't as they were\n", 'a' + letter);
    }
    return same;
}

/* The run saved and read back, in place of the run: the letters and
 * where each thing taken off will go are kept */
static Run *through_save(Run *run, const char *what)
{
    size_t length;
    char *text = save_write(run, &length);
    Run *back = NULL;
    Errors errors = {0};
    bool read = save_read(&data, text, length, &back, &errors) == LOAD_OK;
    if (!check_at(read, what, __FILE__, __LINE__)) {
        for (int i = 0; i < errors.count && i < 3; ++i) fprintf(stderr, "    %s\n", errors.lines[i]);
    }
    errors_clear(&errors);
    free(text);
    if (!read) return run;
    CHECK(save_digest(back) == save_digest(run));
    run_free(run);
    return back;
}

static void play(int class_index, uint64_t seed, Tally *tally)
{
    char what[96];
    snprintf(what, sizeof what, "class %s, seed %llu", data.classes[class_index].id, (unsigned long long)seed);
    Run *run = run_new_as(&data, seed, 1, class_index);
    run_debug_player(run)->hp = run_debug_player(run)->max_hp = 5000;
    for (int kind = 0; kind < MAX_ITEM_KINDS; ++kind) came_from[kind] = -1;
    Rng rng;
    rng_seed(&rng, seed * 977 + (uint64_t)class_index);
    fill_pack(run, &rng);
    for (int i = 0; i < 60 && run_mode(run) == MODE_PLAYING; ++i) {
        int letter = worn_letter(run, &rng);
        if (letter < 0) break;
        int roll = rng_roll(&rng, 1, 10);
        if (roll <= 3 && swapped_back(run, letter, what)) {
            ++tally->swapped_back;
        } else if (roll == 4) {
            run = through_save(run, what);
            ++tally->through_saves;
        } else if (run_mode(run) == MODE_PLAYING && !take_up(run, worn_letter(run, &rng), what)) {
            break;
        } else {
            ++tally->taken_up;
        }
        if (run_mode(run) == MODE_PLAYING && rng_one_in(&rng, 4)) command(run, CMD_WAIT, 0);
    }
    run_free(run);
}

/* The case: a short sword at c, the first letter free, the long
 * sword in hand; wielding c and then the long sword again leaves the
 * short sword at c */
static void back_to_its_letter(void)
{
    int fighter = data_find_class(&data, "fighter");
    Run *run = run_new_as(&data, 5, 1, fighter < 0 ? 0 : fighter);
    Pack *pack = &run_debug_player(run)->pack;
    *pack = (Pack){.count = 0};
    for (int slot = 0; slot < PACK_SLOTS; ++slot) pack->slots[slot] = (Stack){-1, 0};
    CHECK(pack_place(pack, 1, (Stack){data_find_item(&data, "healing"), 1}));
    CHECK(pack_place(pack, 2, (Stack){data_find_item(&data, "short_sword"), 1}));
    int long_sword = run_player(run)->weapon;
    for (int kind = 0; kind < MAX_ITEM_KINDS; ++kind) came_from[kind] = -1;
    CHECK(take_up(run, 2, "wielding c"));
    CHECK_INT(pack_find(pack, long_sword), 2);   /* where the short sword was: a swap */
    CHECK(take_up(run, 2, "wielding the long sword again"));
    CHECK_INT(pack_find(pack, data_find_item(&data, "short_sword")), 2);
    CHECK(!pack_holds(pack, 0));
    run_free(run);
}

int main(void)
{
    load_shipped_data(&data);
    back_to_its_letter();
    Tally tally = {0};
    for (int class_index = 0; class_index < data.class_count; ++class_index) {
        for (uint64_t seed = 1; seed <= 30; ++seed) play(class_index, seed, &tally);
    }
    printf("%d things taken up, %d swapped back, %d saves between\n", tally.taken_up, tally.swapped_back,
           tally.through_saves);
    CHECK(tally.taken_up >= 1000);
    CHECK(tally.swapped_back >= 200);
    CHECK(tally.through_saves >= 100);
    data_free(&data);
    return check_done("test_wield_letters");
}
