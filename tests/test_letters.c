/* The pack's letters stay put while a stack is carried, as in DCSS and
 * NetHack: a stack keeps its letter as others are used up, dropped or
 * picked up; a pick-up takes the first free letter; a scroll of
 * lightning put back after Esc keeps its letter; the letters go through
 * the save; and the "identify which?" list offers only what isn't known
 * (and says so when nothing is left). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "run_debug.h"
#include "runtest.h"
#include "said.h"
#include "save.h"
#include "scene.h"
#include "screen_dialog.h"

static GameData data;

static int item(const char *id) { return scene_item(&data, id); }

static const char *const ROOM[] = {
    "#########",
    "#.......#",
    "#...@...#",
    "#.......#",
    "#########",
    NULL,
};

static void give(Run *run, const char *id, int count, bool known)
{
    CHECK(pack_add(&run_debug_player(run)->pack, (Stack){item(id), count}));
    if (known) ident_learn(run_debug_ident(run), item(id));
}

static bool order(Run *run, CommandKind kind, int arg)
{
    bool accepted = run_command(run, (Command){(uint16_t)kind, (int16_t)arg});
    CHECK(run_invariants_hold(run));
    return accepted;
}

/* The kind in a letter's slot, or -1 if it holds nothing */
static int kind_at(const Run *run, char letter)
{
    const Pack *pack = &run_player(run)->pack;
    int slot = letter - 'a';
    return pack_holds(pack, slot) ? pack->slots[slot].kind : -1;
}

/* A potion drunk, a stack dropped: the stacks after them keep their
 * letters, so the letter the player learnt still means the same thing */
static void stacks_keep_their_letters(void)
{
    Run *run = scene_build(&data, 3, 2, ROOM);
    give(run, "healing", 1, true);
    give(run, "magic_mapping", 1, true);
    give(run, "poison", 1, true);
    give(run, "dagger", 1, true);
    CHECK(order(run, CMD_INVENTORY, 0));
    CHECK(order(run, CMD_CHOOSE, 0));
    EXPECT_SAID(run, "You drink a potion of healing.", "You feel better.");
    CHECK_INT(kind_at(run, 'a'), -1);
    CHECK_INT(kind_at(run, 'b'), item("magic_mapping"));
    CHECK_INT(kind_at(run, 'c'), item("poison"));
    /* b is still the map: the old letter reads the scroll it named */
    CHECK(order(run, CMD_INVENTORY, 0));
    CHECK(order(run, CMD_CHOOSE, 1));
    EXPECT_SAID(run, "You read a scroll of magic mapping.", "A map of the floor forms in your mind.");
    CHECK(order(run, CMD_DROP, 0));
    CHECK(order(run, CMD_CHOOSE, 2));
    EXPECT_SAID(run, "You drop a potion of poison.");
    CHECK_INT(kind_at(run, 'd'), item("dagger"));
    CHECK_INT(run_player(run)->pack.count, 1);
    /* an empty letter is no choice at all */
    CHECK(order(run, CMD_INVENTORY, 0));
    CHECK(!order(run, CMD_CHOOSE, 0));
    CHECK(!order(run, CMD_CHOOSE, 2));
    CHECK(order(run, CMD_CANCEL, 0));
    /* picked up again, it takes the first free letter */
    CHECK(order(run, CMD_PICK_UP, 0));
    EXPECT_SAID(run, "You pick up a potion of poison.");
    CHECK_INT(kind_at(run, 'a'), item("poison"));
    CHECK_INT(kind_at(run, 'd'), item("dagger"));
    /* one more of a kind carried joins its stack, under its letter */
    give(run, "dagger", 2, true);
    CHECK_INT(kind_at(run, 'b'), -1);
    CHECK_INT(run_player(run)->pack.slots[3].count, 3);
    run_free(run);
}

/* A scroll of lightning read and put back with Esc goes back under its
 * own letter, not the first free one nor the last */
static void a_scroll_put_back_keeps_its_letter(void)
{
    Run *run = scene_build(&data, 4, 2, ROOM);
    give(run, "healing", 1, true);
    give(run, "lightning", 1, true);
    give(run, "poison", 1, true);
    give(run, "fireball", 1, true);
    CHECK(order(run, CMD_INVENTORY, 0));
    CHECK(order(run, CMD_CHOOSE, 1));
    CHECK_INT(run_mode(run), MODE_AIMING);
    CHECK_INT(kind_at(run, 'b'), -1);
    CHECK(order(run, CMD_CANCEL, 0));
    CHECK_INT(kind_at(run, 'b'), item("lightning"));
    CHECK_INT(kind_at(run, 'c'), item("poison"));
    /* with a hole before it, too */
    CHECK(order(run, CMD_INVENTORY, 0));
    CHECK(order(run, CMD_CHOOSE, 0));   /* the healing: a is free now */
    CHECK(order(run, CMD_INVENTORY, 0));
    CHECK(order(run, CMD_CHOOSE, 3));
    CHECK(order(run, CMD_CANCEL, 0));
    CHECK_INT(kind_at(run, 'a'), -1);
    CHECK_INT(kind_at(run, 'd'), item("fireball"));
    run_free(run);
}

/* The letters, holes and all, are in the save and come back from it */
static void letters_are_saved(void)
{
    Run *run = scene_build(&data, 5, 2, ROOM);
    give(run, "healing", 1, true);
    give(run, "dagger", 1, true);
    give(run, "poison", 2, true);
    CHECK(order(run, CMD_INVENTORY, 0));
    CHECK(order(run, CMD_CHOOSE, 1));   /* the dagger wielded: the sword goes to b */
    CHECK(order(run, CMD_INVENTORY, 0));
    CHECK(order(run, CMD_CHOOSE, 0));   /* the healing drunk: a is free */
    char *text = save_write(run, NULL);
    CHECK(text != NULL && strstr(text, "[carried]\nletter = c\n") != NULL);
    Run *read = NULL;
    Errors errors = {0};
    CHECK_INT(save_read(&data, text, strlen(text), &read, &errors), LOAD_OK);
    errors_clear(&errors);
    if (read != NULL) {
        for (char letter = 'a'; letter <= 't'; ++letter) CHECK_INT(kind_at(read, letter), kind_at(run, letter));
        CHECK_INT(run_player(read)->pack.count, run_player(run)->pack.count);
        CHECK(save_digest(read) == save_digest(run));
    }
    run_free(read);
    free(text);
    run_free(run);
}

static const char *row(const ScreenDialog *dialog, int i)
{
    return i < dialog->count ? dialog->lines[i].text : "(past the rows)";
}

/* The identify list: the unknown only, each under its own letter */
static void identify_offers_only_the_unknown(void)
{
    Input input;
    InputSetup setup = {.data = &data, .seed = 6, .start_floor = 2};
    if (!input_open(&input, &setup)) exit(EXIT_FAILURE);
    Run *run = input.session.run;
    Pack *pack = &run_debug_player(run)->pack;
    memset(pack, 0, sizeof *pack);
    give(run, "healing", 2, true);
    give(run, "identify", 1, false);
    give(run, "poison", 1, false);
    give(run, "dagger", 1, true);
    CHECK_INT(input_key(&input, 'i'), INPUT_REDRAW);
    CHECK_INT(input_key(&input, 'b'), INPUT_REDRAW);
    CHECK_INT(run_inventory_action(run), INV_IDENTIFY);
    ScreenDialog dialog;
    screen_dialog(&input, run, &dialog);
    CHECK_STR(row(&dialog, 0), "IDENTIFY WHICH?");
    char poison[96], line[112];
    run_item_name(run, (Stack){item("poison"), 1}, poison, sizeof poison);
    snprintf(line, sizeof line, "c) %s", poison);
    CHECK_STR(row(&dialog, 3), line);
    for (int i = 4; i < dialog.count; ++i) CHECK_STR(row(&dialog, i), "");
    /* nothing known is offered, in the pack or in hand */
    for (int i = 0; i < dialog.count; ++i) {
        CHECK(strstr(dialog.lines[i].text, "healing") == NULL);
        CHECK(strstr(dialog.lines[i].text, "dagger") == NULL);
        CHECK(strstr(dialog.lines[i].text, "in hand") == NULL);
    }
    /* with nothing left unknown, the list says so */
    ident_learn(run_debug_ident(run), item("poison"));
    screen_dialog(&input, run, &dialog);
    CHECK_STR(row(&dialog, 3), "You know everything you carry.");
    input_free(&input);
}

int main(void)
{
    load_shipped_data(&data);
    stacks_keep_their_letters();
    a_scroll_put_back_keeps_its_letter();
    letters_are_saved();
    identify_offers_only_the_unknown();
    data_free(&data);
    return check_done("test_letters");
}
