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
    bool accepted = run_command(run, cmd_make(kind, arg));
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
    CHECK(order(run, CMD_USE, 0));
    EXPECT_SAID(run, "You drink a potion of healing.", "You feel better.");
    CHECK_INT(kind_at(run, 'a'), -1);
    CHECK_INT(kind_at(run, 'b'), item("magic_mapping"));
    CHECK_INT(kind_at(run, 'c'), item("poison"));
    /* b is still the map: the old letter reads the scroll it named */
    CHECK(order(run, CMD_USE, 1));
    EXPECT_SAID(run, "You read a scroll of magic mapping.", "A map of the floor forms in your mind.");
    CHECK(order(run, CMD_DROP, 2));
    EXPECT_SAID(run, "You drop a potion of poison.");
    CHECK_INT(kind_at(run, 'd'), item("dagger"));
    CHECK_INT(run_player(run)->pack.count, 1);
    /* an empty letter is no choice at all */
    CHECK(!order(run, CMD_USE, 0));
    CHECK(!order(run, CMD_USE, 2));
    CHECK(!order(run, CMD_DROP, 2));
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

/* A scroll of lightning chosen and then put away with Esc stays under its
 * own letter: nothing was spent, and nothing moved. A save of version 6
 * taken mid-aim, whose scroll had left the pack, puts it back there */
static void a_scroll_put_back_keeps_its_letter(void)
{
    Input input;
    InputSetup setup = {.data = &data, .seed = 4, .start_floor = 2};
    if (!input_open(&input, &setup)) exit(EXIT_FAILURE);
    run_free(input.session.run);
    Run *run = scene_build(&data, 4, 2, ROOM);
    session_start(&input.session, NULL, run);
    give(run, "healing", 1, true);
    give(run, "lightning", 1, true);
    give(run, "poison", 1, true);
    give(run, "fireball", 1, true);
    input_key(&input, 'i');
    input_key(&input, 'b');
    CHECK_INT(input_screen(&input), SCREEN_AIMING);
    CHECK_INT(kind_at(run, 'b'), item("lightning"));
    input_key(&input, AK_ESC);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK_INT(kind_at(run, 'b'), item("lightning"));
    CHECK_INT(kind_at(run, 'c'), item("poison"));
    /* with a hole before it, too */
    input_key(&input, 'i');
    input_key(&input, 'a');   /* the healing: a is free now */
    input_key(&input, 'i');
    input_key(&input, 'd');
    input_key(&input, AK_ESC);
    CHECK_INT(kind_at(run, 'a'), -1);
    CHECK_INT(kind_at(run, 'd'), item("fireball"));
    input_free(&input);
    /* the v6 save left aiming its scroll of lightning, read from 'a' */
    char path[512];
    snprintf(path, sizeof path, "%s/fuzz/corpus/save/save-v6-aiming-lightning.txt", AMULETS_SOURCE_DIR);
    FILE *file = fopen(path, "rb");
    static char text[1 << 20];
    size_t length = file != NULL ? fread(text, 1, sizeof text - 1, file) : 0;
    if (file != NULL) fclose(file);
    /* two were given, one read: the other is still at a */
    CHECK(length > 0 && strstr(text, "scroll_letter = a\n") != NULL && strstr(text, "\nletter = a\nkind = lightning\ncount = 1\n") != NULL);
    Run *read = NULL;
    Errors errors = {0};
    static const char *const ABOVE[] = {"screen", "explorer", NULL};
    CHECK_INT(save_read_with(&data, text, length, ABOVE, &read, &errors), LOAD_OK);
    errors_clear(&errors);
    if (read != NULL) CHECK_INT(kind_at(read, 'a'), item("lightning"));
    if (read != NULL) CHECK_INT(run_player(read)->pack.slots[0].count, 2);
    run_free(read);
}

/* The letters, holes and all, are in the save and come back from it */
static void letters_are_saved(void)
{
    Run *run = scene_build(&data, 5, 2, ROOM);
    give(run, "healing", 1, true);
    give(run, "dagger", 1, true);
    give(run, "poison", 2, true);
    CHECK(order(run, CMD_USE, 1));   /* the dagger wielded: the sword goes to b */
    CHECK(order(run, CMD_USE, 0));   /* the healing drunk: a is free */
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
    CHECK_INT(input.dialog.pack_for, INV_IDENTIFY);
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
