/* A run saved on any screen that gathers a choice (the pack open for each
 * of its purposes, Q's quiver among them; each question; each aim;
 * closing; the menu, and quit without saving? over it) comes back on the
 * same screen with the same cursor, and goes on as the run never saved:
 * the same keys after it give the same screen and the same digest after
 * each, both when the choice is made and when it's put away (Esc). The
 * screens are the play layer's since the rules took choices whole (save
 * version 7: its [screen] holds the dialog); a save of version 6 held
 * them as the rules' mode, and the real ones of every mode in
 * fuzz/corpus/save (save-v6-MODE-PURPOSE.txt, made by that version's
 * game through its keys) come back on the equivalent screen, a scroll
 * read there back at its letter, unspent. Every dialog and every member
 * of each of dialog.h's lists must be reached, so one added fails here
 * until a case saves it. (Once the quiver's choice had no name in the
 * save: the writer read past its table of names, and the save was
 * refused when read back.) */
#define _POSIX_C_SOURCE 200809L
#include "files.h"

#include "input.h"
#include "runtest.h"
#include "save.h"
#include "slottest.h"

static GameData data;
static char root[PATH_SIZE];

static int kind_of(const char *id)
{
    int kind = data_find_item(&data, id);
    if (kind < 0) {
        fprintf(stderr, "no item %s in the shipped data\n", id);
        exit(EXIT_FAILURE);
    }
    return kind;
}

static void give(Run *run, const char *id, int count)
{
    CHECK(pack_add(&run_debug_player(run)->pack, (Stack){kind_of(id), count}));
}

static int letter_of(const Run *run, const char *id)
{
    return 'a' + pack_find(&run_player(run)->pack, kind_of(id));
}

/* The last letter held */
static int last_letter(const Run *run)
{
    for (int slot = PACK_SLOTS - 1; slot >= 0; --slot) {
        if (pack_holds(&run_player(run)->pack, slot)) return 'a' + slot;
    }
    return 'a';
}

/* A free cell of floor beside the player: its direction, or -1 */
static int free_beside(const Run *run)
{
    const Level *level = run_level(run);
    Point me = run_player(run)->pos;
    for (int d = 0; d < 8; ++d) {
        Point p = point_add(me, DIRS[d]);
        if (map_walkable(&level->map, p.x, p.y) && lvl_monster_at(level, p) < 0 && lvl_trap_at(level, p) < 0 &&
            lvl_item_at(level, p) < 0 && map_at(&level->map, p.x, p.y) != T_STAIRS) {
            return d;
        }
    }
    return -1;
}

/* The keypad's key for a direction */
static int dir_key(int dir)
{
    static const int KEYPAD[8] = {AK_KP8, AK_KP9, AK_KP6, AK_KP3, AK_KP2, AK_KP1, AK_KP4, AK_KP7};
    return KEYPAD[dir < 0 ? 0 : dir];
}

/* The save continued by an input, as the game does when it starts: the
 * title offers it, and C continues it */
static void continue_slot(Input *input, const Slot *slot)
{
    InputSetup setup = {.data = &data, .slot = slot, .seed = 1, .start_floor = 1, .offer_title = true};
    if (!input_open(input, &setup)) exit(EXIT_FAILURE);
    CHECK_INT(input_screen(input), SCREEN_TITLE);
    CHECK_INT(input_key(input, 'c'), INPUT_NEW_RUN);
}

/* ---- The cases: each brings a fresh run to a screen, by its keys ------- */

enum { MOST_KEYS = 8 };

typedef struct Case {
    const char *name;
    int floor;                           /* the floor the run starts on */
    /* sets the run up (false: this floor can't have it) and puts the keys
     * that reach the screen into keys, ending with 0 */
    bool (*reach)(Run *run, int keys[MOST_KEYS]);
    /* the keys that answer it, as reach_keys does (0 ends them) */
    void (*answer)(const Run *run, int keys[MOST_KEYS]);
} Case;

static void keys_of(int keys[MOST_KEYS], int a, int b, int c)
{
    keys[0] = a;
    keys[1] = b;
    keys[2] = c;
    keys[3] = 0;
}

static bool pack_use(Run *run, int keys[MOST_KEYS])
{
    (void)run;
    keys_of(keys, 'i', 0, 0);
    return true;
}

static bool pack_drop(Run *run, int keys[MOST_KEYS])
{
    give(run, "healing", 2);
    keys_of(keys, 'd', 0, 0);
    return true;
}

/* A scroll of identify read, with something unknown left to choose */
static bool pack_identify(Run *run, int keys[MOST_KEYS])
{
    give(run, "identify", 2);
    give(run, "confusion", 1);
    keys_of(keys, 'i', letter_of(run, "identify"), 0);
    return true;
}

static bool pack_throw(Run *run, int keys[MOST_KEYS])
{
    give(run, "dart", 5);
    keys_of(keys, 't', 0, 0);
    return true;
}

static bool pack_quiver(Run *run, int keys[MOST_KEYS])
{
    give(run, "dart", 5);
    give(run, "throwing_dagger", 3);
    keys_of(keys, 'Q', 0, 0);
    return true;
}

static bool closing(Run *run, int keys[MOST_KEYS])
{
    (void)run;
    keys_of(keys, 'c', 0, 0);
    return true;
}

static bool menu(Run *run, int keys[MOST_KEYS])
{
    (void)run;
    keys_of(keys, AK_ESC, 0, 0);
    return true;
}

static bool quit_asked(Run *run, int keys[MOST_KEYS])
{
    (void)run;
    keys_of(keys, AK_ESC, 'Q', 0);
    return true;
}

/* A known dart trap beside the player, stepped toward */
static bool step_asked(Run *run, int keys[MOST_KEYS])
{
    int dir = free_beside(run);
    if (dir < 0) return false;
    Trap trap = {point_add(run_player(run)->pos, DIRS[dir]), TRAP_DART, true};
    CHECK(lvl_add_trap(run_debug_level(run), &trap));
    keys_of(keys, dir_key(dir), 0, 0);
    return true;
}

/* Down the stairs of an Amulet's floor, the Amulet still there */
static bool descent_asked(Run *run, int keys[MOST_KEYS])
{
    const Level *level = run_level(run);
    if (!level->has_stairs) return false;
    run_debug_player(run)->pos = level->stairs;
    Level *writable = run_debug_level(run);
    for (int i = writable->monster_count - 1; i >= 0; --i) {   /* none in the way */
        if (point_eq(writable->monsters[i].pos, level->stairs)) lvl_remove_monster(writable, i);
    }
    run_debug_refresh(run);
    keys_of(keys, '>', 0, 0);
    return true;
}

static bool fire(Run *run, int keys[MOST_KEYS])
{
    give(run, "dart", 5);
    run_debug_player(run)->quiver = kind_of("dart");
    keys_of(keys, 'f', 0, 0);
    return true;
}

static bool throw_chosen(Run *run, int keys[MOST_KEYS])
{
    give(run, "dart", 5);
    keys_of(keys, 't', letter_of(run, "dart"), 0);
    return true;
}

static bool lightning(Run *run, int keys[MOST_KEYS])
{
    give(run, "lightning", 2);
    keys_of(keys, 'i', letter_of(run, "lightning"), 0);
    return true;
}

static bool fireball(Run *run, int keys[MOST_KEYS])
{
    give(run, "fireball", 2);
    keys_of(keys, 'i', letter_of(run, "fireball"), 0);
    return true;
}

static void answer_letter(const Run *run, int keys[MOST_KEYS]) { keys_of(keys, last_letter(run), 0, 0); }
static void answer_yes(const Run *run, int keys[MOST_KEYS]) { (void)run; keys_of(keys, 'y', 0, 0); }
static void answer_way(const Run *run, int keys[MOST_KEYS]) { keys_of(keys, dir_key(free_beside(run)), 0, 0); }
static void answer_back(const Run *run, int keys[MOST_KEYS]) { (void)run; keys_of(keys, AK_ESC, 0, 0); }

/* The cursor a cell off the player, and let fly */
static void answer_aim(const Run *run, int keys[MOST_KEYS])
{
    (void)run;
    keys_of(keys, AK_TAB, AK_ENTER, 0);
}

/* A missile chosen, then f aims it (a cell off) and lets fly */
static void answer_quiver(const Run *run, int keys[MOST_KEYS])
{
    keys_of(keys, last_letter(run), 'f', 'l');
    keys[3] = AK_ENTER;
    keys[4] = 0;
}

static void answer_throw(const Run *run, int keys[MOST_KEYS])
{
    keys_of(keys, last_letter(run), 'l', AK_ENTER);
}

static const Case CASES[] = {
    {"the pack, to use", 1, pack_use, answer_letter},
    {"the pack, to drop", 1, pack_drop, answer_letter},
    {"the pack, to identify", 1, pack_identify, answer_letter},
    {"the pack, to throw", 1, pack_throw, answer_throw},
    {"the pack, to quiver", 1, pack_quiver, answer_quiver},
    {"closing a door", 1, closing, answer_way},
    {"a step asked", 1, step_asked, answer_yes},
    {"a descent asked", 3, descent_asked, answer_yes},
    {"the menu", 1, menu, answer_back},
    {"quit without saving?", 1, quit_asked, answer_back},
    {"firing", 1, fire, answer_aim},
    {"throwing", 1, throw_chosen, answer_aim},
    {"lightning", 1, lightning, answer_aim},
    {"a fireball", 1, fireball, answer_aim},
};
enum { CASE_COUNT = sizeof CASES / sizeof CASES[0] };

/* ---- Saved, continued, and played on ----------------------------------- */

typedef struct Reached {
    int dialogs[DIALOG_COUNT], pack_for[INV_COUNT], aims[AIM_COUNT], questions[CONFIRM_COUNT];
    int quit_asked, saves, continued;
} Reached;

static void count_reached(const Input *input, Reached *reached)
{
    const Dialog *d = &input->dialog;
    ++reached->dialogs[d->kind];
    if (d->kind == DIALOG_PACK) ++reached->pack_for[d->pack_for];
    if (d->kind == DIALOG_AIMING) ++reached->aims[d->aim];
    if (d->kind == DIALOG_QUESTION) ++reached->questions[d->question];
    reached->quit_asked += input->quit_asked;
}

static bool same_dialog(const Dialog *a, const Dialog *b)
{
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case DIALOG_NONE:
    case DIALOG_CLOSING:
    case DIALOG_MENU: return true;
    case DIALOG_PACK: return a->pack_for == b->pack_for && a->letter == b->letter;
    case DIALOG_AIMING: return a->aim == b->aim && a->letter == b->letter;
    case DIALOG_QUESTION: return a->question == b->question && (a->question != CONFIRM_STEP || a->step == b->step);
    }
    return false;
}

/* The two inputs show the same: the screen, its dialog and cursor, and
 * the run to its digest */
static bool same_input(const Input *a, const Input *b)
{
    bool cursor = !input_screen_traits(input_screen(a))->cursor || point_eq(a->cursor, b->cursor);
    return input_screen(a) == input_screen(b) && same_dialog(&a->dialog, &b->dialog) && cursor &&
           a->quit_asked == b->quit_asked && save_digest(a->session.run) == save_digest(b->session.run);
}

/* A new run of the case's, set up for it and brought to its screen by the
 * keys; false if this floor can't have it */
static bool open_case(Input *input, const Slot *slot, const Case *c, int class_index, uint64_t seed)
{
    InputSetup setup = {.data = &data, .slot = slot, .seed = seed, .start_floor = c->floor,
                        .class_index = class_index};
    if (!input_open(input, &setup)) exit(EXIT_FAILURE);
    Run *run = input->session.run;
    run_debug_player(run)->hp = run_debug_player(run)->max_hp = 500;
    run_debug_refresh(run);
    int keys[MOST_KEYS];
    if (!c->reach(run, keys)) return false;
    for (int i = 0; keys[i] != 0; ++i) input_key(input, keys[i]);
    return input->dialog.kind != DIALOG_NONE;
}

/* The same keys to both, the same after each; true while they agree */
static bool go_on(Input *straight, Input *continued, const int *keys, const char *what)
{
    for (int i = 0; keys[i] != 0; ++i) {
        input_key(straight, keys[i]);
        input_key(continued, keys[i]);
        if (!check_at(same_input(straight, continued), what, __FILE__, __LINE__)) {
            fprintf(stderr, "    parted at key %d (%d): screens %s and %s\n", i, keys[i],
                    input_screen_traits(input_screen(straight))->name,
                    input_screen_traits(input_screen(continued))->name);
            return false;
        }
    }
    return true;
}

/* One case: the run brought to its screen and left there (Esc S's save, as
 * a signal makes it); continued, it's on the same screen as the run never
 * left, and both go on the same, once answering and once putting it away */
static void run_case(const Case *c, int class_index, uint64_t seed, Reached *reached)
{
    char what[128];
    snprintf(what, sizeof what, "%s, class %s, seed %llu", c->name, data.classes[class_index].id,
             (unsigned long long)seed);
    for (int way = 0; way < 2; ++way) {
        char name[64];
        snprintf(name, sizeof name, "case-%d-%d-%llu-%d", (int)(c - CASES), class_index, (unsigned long long)seed,
                 way);
        Slot slot;
        make_slot_in(&slot, root, name);
        Input left, straight;
        bool reached_left = open_case(&left, &slot, c, class_index, seed);
        bool reached_straight = open_case(&straight, NULL, c, class_index, seed);
        if (!reached_left || !reached_straight) {
            CHECK(reached_left == reached_straight);
            input_free(&left);
            input_free(&straight);
            return;   /* this floor doesn't allow it: other seeds do */
        }
        count_reached(&straight, reached);
        ++reached->saves;
        CHECK_INT(input_stop(&left), INPUT_QUIT);
        input_free(&left);
        Input continued;
        continue_slot(&continued, &slot);
        if (check_at(same_input(&straight, &continued), what, __FILE__, __LINE__)) {
            int keys[MOST_KEYS + 8] = {0};
            if (way == 0) c->answer(straight.session.run, keys);
            else keys[0] = AK_ESC;
            int count = 0;
            while (keys[count] != 0) ++count;
            static const int PLAY_ON[] = {'s', '.', AK_KP6, AK_KP4, 's'};
            for (size_t i = 0; i < sizeof PLAY_ON / sizeof PLAY_ON[0]; ++i) keys[count++] = PLAY_ON[i];
            keys[count] = 0;
            reached->continued += go_on(&straight, &continued, keys, what);
        } else {
            fprintf(stderr, "    came back on %s, not %s\n", input_screen_traits(input_screen(&continued))->name,
                    input_screen_traits(input_screen(&straight))->name);
        }
        input_free(&continued);
        input_free(&straight);
    }
}

static void made_now(void)
{
    Reached reached = {0};
    for (int c = 0; c < CASE_COUNT; ++c) {
        for (int class_index = 0; class_index < data.class_count; ++class_index) {
            for (uint64_t seed = 1; seed <= 3; ++seed) run_case(&CASES[c], class_index, seed, &reached);
        }
    }
    printf("%d saves on a dialog continued, %d as the run never left\n", reached.saves, reached.continued);
    CHECK(reached.saves >= CASE_COUNT * data.class_count * 2);
    CHECK_INT(reached.continued, reached.saves);
    for (int i = 1; i < DIALOG_COUNT; ++i) {
        if (!check_at(reached.dialogs[i] > 0, "every dialog saved", __FILE__, __LINE__)) {
            fprintf(stderr, "    %s never\n", DIALOG_NAMES[i]);
        }
    }
    for (int i = 0; i < INV_COUNT; ++i) {
        if (!check_at(reached.pack_for[i] > 0, "the pack saved open for each purpose", __FILE__, __LINE__)) {
            fprintf(stderr, "    %s never\n", PACK_PURPOSE_NAMES[i]);
        }
    }
    for (int i = 0; i < AIM_COUNT; ++i) {
        if (!check_at(reached.aims[i] > 0, "each aim saved", __FILE__, __LINE__)) {
            fprintf(stderr, "    %s never\n", AIM_PURPOSE_NAMES[i]);
        }
    }
    for (int i = 0; i < CONFIRM_COUNT; ++i) {
        if (!check_at(reached.questions[i] > 0, "each question saved", __FILE__, __LINE__)) {
            fprintf(stderr, "    %s never\n", CONFIRM_PURPOSE_NAMES[i]);
        }
    }
    CHECK(reached.quit_asked > 0);
}

/* ---- Real saves: of version 6, and of this version ------------------------ */

typedef struct OldSave {
    const char *file;       /* in fuzz/corpus/save */
    Screen screen;          /* the screen it comes back on */
    DialogKind dialog;
    int purpose;            /* the pack's, the aim's or the question's; -1 */
    const char *in_hand;    /* the item the scroll read or missile aimed is, or NULL */
    int answer;             /* a key that makes the choice there */
} OldSave;

static const OldSave OLD_SAVES[] = {
    {"save-v6-inventory-use.txt", SCREEN_PACK, DIALOG_PACK, INV_USE, NULL, 'a'},
    {"save-v6-inventory-drop.txt", SCREEN_PACK, DIALOG_PACK, INV_DROP, NULL, 'a'},
    {"save-v6-inventory-identify.txt", SCREEN_PACK, DIALOG_PACK, INV_IDENTIFY, "identify", 0},
    {"save-v6-inventory-throw.txt", SCREEN_PACK, DIALOG_PACK, INV_THROW, NULL, 0},
    {"save-v6-inventory-quiver.txt", SCREEN_PACK, DIALOG_PACK, INV_QUIVER, NULL, 0},
    {"save-v6-closing.txt", SCREEN_CLOSING, DIALOG_CLOSING, -1, NULL, 0},
    {"save-v6-confirming-step.txt", SCREEN_CONFIRMING, DIALOG_QUESTION, CONFIRM_STEP, NULL, 'y'},
    {"save-v6-confirming-descend.txt", SCREEN_CONFIRMING, DIALOG_QUESTION, CONFIRM_DESCEND, NULL, 'y'},
    {"save-v6-menu.txt", SCREEN_MENU, DIALOG_MENU, -1, NULL, 0},
    {"save-v6-menu-quit-asked.txt", SCREEN_QUIT_ASKED, DIALOG_MENU, -1, NULL, 0},
    {"save-v6-aiming-fire.txt", SCREEN_AIMING, DIALOG_AIMING, AIM_FIRE, NULL, 0},
    {"save-v6-aiming-throw.txt", SCREEN_AIMING, DIALOG_AIMING, AIM_THROW, "dart", 0},
    {"save-v6-aiming-lightning.txt", SCREEN_AIMING, DIALOG_AIMING, AIM_LIGHTNING, "lightning", 0},
    {"save-v6-aiming-fireball.txt", SCREEN_AIMING, DIALOG_AIMING, AIM_FIREBALL, "fireball", 0},
    /* and one of this version's, the aim in its [screen] */
    {"save-v7-ranger-aiming-fire.txt", SCREEN_AIMING, DIALOG_AIMING, AIM_FIRE, NULL, AK_ENTER},
};

static int purpose_of(const Dialog *d)
{
    switch (d->kind) {
    case DIALOG_PACK: return (int)d->pack_for;
    case DIALOG_AIMING: return (int)d->aim;
    case DIALOG_QUESTION: return (int)d->question;
    default: return -1;
    }
}

/* The save of version 6 in a slot of its own, continued */
static bool open_old(Input *input, Slot *slot, const OldSave *old, int copy)
{
    char path[PATH_SIZE], name[80];
    path_of(path, "%s/fuzz/corpus/save/%s", AMULETS_SOURCE_DIR, old->file);
    size_t length;
    char *text = contents(path, &length);
    if (!check_at(text != NULL, old->file, __FILE__, __LINE__)) return false;
    snprintf(name, sizeof name, "old-%s-%d", old->file, copy);
    make_slot_in(slot, root, name);
    put_file(slot->save, text, length);
    free(text);
    continue_slot(input, slot);
    return true;
}

/* Each comes back on its screen, what's in hand back in the pack; Esc
 * there spends nothing and takes no turn; its answer is a choice the
 * rules take */
static void old_saves(void)
{
    int seen[DIALOG_COUNT] = {0};
    for (size_t i = 0; i < sizeof OLD_SAVES / sizeof OLD_SAVES[0]; ++i) {
        const OldSave *old = &OLD_SAVES[i];
        Input input;
        Slot slot;
        if (!open_old(&input, &slot, old, 0)) continue;
        const Run *run = input.session.run;
        const Dialog *d = &input.dialog;
        bool on_it = input_screen(&input) == old->screen && d->kind == old->dialog && purpose_of(d) == old->purpose;
        if (!check_at(on_it, old->file, __FILE__, __LINE__)) {
            fprintf(stderr, "    came back on %s (dialog %d, purpose %d)\n",
                    input_screen_traits(input_screen(&input))->name, d->kind, purpose_of(d));
        }
        ++seen[d->kind];
        if (old->in_hand != NULL) {
            bool held = d->letter >= 0 && pack_holds(&run_player(run)->pack, d->letter) &&
                        run_player(run)->pack.slots[d->letter].kind == kind_of(old->in_hand);
            if (!check_at(held, old->file, __FILE__, __LINE__)) fprintf(stderr, "    nothing in hand at its letter\n");
        }
        uint64_t digest = save_digest(run);
        int turn = run_turn(run);
        input_key(&input, AK_ESC);
        CHECK(input_screen(&input) == (old->screen == SCREEN_QUIT_ASKED ? SCREEN_MENU : SCREEN_PLAYING));
        CHECK(save_digest(input.session.run) == digest);
        CHECK_INT(run_turn(input.session.run), turn);
        input_free(&input);
        if (old->answer == 0 || !open_old(&input, &slot, old, 1)) continue;
        input_key(&input, old->answer);
        if (!check_at(run_turn(input.session.run) > turn && input.dialog.kind == DIALOG_NONE, old->file, __FILE__,
                      __LINE__)) {
            fprintf(stderr, "    its answer made no choice the rules took\n");
        }
        input_free(&input);
    }
    for (int k = 1; k < DIALOG_COUNT; ++k) CHECK(seen[k] > 0);
}

int main(void)
{
    load_shipped_data(&data);
    make_test_root(root, "save-modes");
    old_saves();
    made_now();
    remove_tree(root);
    data_free(&data);
    return check_done("test_save_modes");
}
