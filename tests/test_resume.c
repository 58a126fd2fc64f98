/* The play layer's records in the save (resume.h): the screen and the
 * explorer, written as the player leaves and read back whole; and, as
 * input like any other, every mistake in them turned away with its
 * file and line, the save set aside as save.bad and the title saying
 * why. */
#define _POSIX_C_SOURCE 200809L
#include "files.h"

#include "info.h"
#include "input.h"
#include "resume.h"
#include "runtest.h"
#include "save.h"
#include "slottest.h"

static GameData data;
static char root[PATH_SIZE];
static char *base;          /* a save with both records, looking */
static size_t base_length;

static void open_input(Input *input, const Slot *slot, uint64_t seed)
{
    InputSetup setup = {.data = &data, .slot = slot, .seed = seed, .start_floor = 2};
    if (!input_open(input, &setup)) exit(EXIT_FAILURE);
}

static void press(Input *input, const char *keys)
{
    for (const char *k = keys; *k != '\0'; ++k) {
        input_key(input, *k);
        while (input_auto_going(input)) input_auto_step(input);
    }
}

/* A run explored a little, then looking with the cursor moved, saved as
 * a signal saves it; on a seed where auto-explore noticed nothing (the
 * edits below add a 'noticed') */
static void make_base(void)
{
    Slot slot;
    make_slot_in(&slot, root, "base");
    Input input;
    open_input(&input, &slot, 9);
    press(&input, "ooooosssssxlllj");
    CHECK_INT(input_screen(&input), SCREEN_LOOKING);
    CHECK_INT(input_stop(&input), INPUT_QUIT);
    input_free(&input);
    base = contents(slot.save, &base_length);
    char why[256];
    if (base == NULL || store_unmark(base, &base_length, why, sizeof why) != STORE_MARK_OK) exit(EXIT_FAILURE);
    CHECK(strstr(base, "\n[screen]\ncursor = ") != NULL && strstr(base, "\nlooking = yes\n") != NULL);
    CHECK(strstr(base, "\n[explorer]\nmarked = yes\nkind = floor\n") != NULL);
    CHECK(strstr(base, "\nnoticed =\n") == NULL);
}

/* The line number of the first line that is exactly line, from [screen]
 * on (or anywhere, for the [save] and [screen] lines), or 0 */
static int line_number(const char *text, const char *line)
{
    int number = 1;
    size_t n = strlen(line);
    bool anywhere = strncmp(line, "version", 7) == 0 || line[0] == '[', past = anywhere;
    for (const char *at = text; *at != '\0'; ++number) {
        past = past || strncmp(at, "[screen]\n", 9) == 0;
        if (past && strncmp(at, line, n) == 0 && (at[n] == '\n' || at[n] == '\0')) return number;
        const char *end = strchr(at, '\n');
        if (end == NULL) break;
        at = end + 1;
    }
    return 0;
}

/* The base with its first line that is exactly old, from [screen] on (or
 * in [save]), replaced by new (which may be several lines); for the
 * caller to free */
static char *edited(const char *old, const char *new)
{
    char marked[256];
    snprintf(marked, sizeof marked, "\n%s\n", old);
    const char *at = strstr(strncmp(old, "version", 7) == 0 ? base : strstr(base, "\n[screen]\n"), marked);
    if (at == NULL) {
        fprintf(stderr, "the base has no line '%s'\n", old);
        exit(EXIT_FAILURE);
    }
    size_t head = (size_t)(at - base) + 1, size = base_length + strlen(new) + 1;
    char *text = malloc(size);
    snprintf(text, size, "%.*s%s%s", (int)head, base, new, at + strlen(old) + 1);
    return text;
}

/* Continuing a save of this text: the reasons the slot gives, or none */
static Run *load(const char *name, const char *text, SlotLoad *load_out, Resumed *resumed)
{
    Slot slot;
    make_slot_in(&slot, root, name);
    put_marked(slot.save, text, strlen(text));
    SlotAbove above = {NULL, 0, resume_read, resumed};
    return slot_load_with(&slot, &data, &above, load_out);
}

/* The text is turned away with exactly this one reason, and set aside */
static void expect_reasons(const char *name, const char *text, int line, const char *message, bool only)
{
    SlotLoad got;
    static Resumed resumed;
    Run *run = load(name, text, &got, &resumed);
    char wanted[320];
    snprintf(wanted, sizeof wanted, "save.txt:%d: %s", line, message);
    bool same = run == NULL && got.result == LOAD_DAMAGED && got.set_aside &&
                (only ? got.reasons.count == 1 : got.reasons.count >= 1) &&
                strcmp(got.reasons.lines[0], wanted) == 0;
    if (!check_at(same, name, __FILE__, __LINE__)) {
        fprintf(stderr, "  wanted %s\n", wanted);
        for (int i = 0; i < got.reasons.count && i < 5; ++i) fprintf(stderr, "  got    %s\n", got.reasons.lines[i]);
    }
    run_free(run);
    errors_clear(&got.reasons);
}

static void expect_damaged(const char *name, const char *text, int line, const char *message)
{
    expect_reasons(name, text, line, message, true);
}

static void expect_edit(const char *name, const char *old, const char *new, int nth, const char *message)
{
    char *text = edited(old, new);
    char first[256];
    snprintf(first, sizeof first, "%.*s", (int)strcspn(new, "\n"), new);
    expect_damaged(name, text, line_number(text, first) + nth, message);
    free(text);
}

/* The base with walls searched by the explorer: some once, some often,
 * some more than a letter counts (kept as the most a letter says) */
static char *with_searched(void)
{
    char map[(MAP_W + 2) * MAP_H + 16] = "searched =\n";
    size_t n = strlen(map);
    for (int y = 0; y < MAP_H; ++y) {
        map[n++] = '|';
        for (int x = 0; x < MAP_W; ++x) map[n++] = y == 3 && x < 36 ? "0123456789abcdefghijklmnopqrstuvwxyz"[x] : '0';
        map[n++] = '\n';
    }
    map[n - 1] = '\0';
    /* the last of the explorer's fields, at the record's end */
    const char *end = strstr(base, "\n\n[message]\n");
    size_t head = (size_t)(end - base) + 1, size = base_length + strlen(map) + 2;
    char *text = malloc(size);
    snprintf(text, size, "%.*s%s\n%s", (int)head, base, map, end + 1);
    return text;
}

static void screen_mistakes(void)
{
    char cursor[32];
    const char *at = strstr(base, "\n[screen]\ncursor = ") + 10;
    snprintf(cursor, sizeof cursor, "%.*s", (int)strcspn(at, "\n"), at);
    expect_edit("the cursor past the edge", cursor, "cursor = 64 3", 0, "'cursor' is off the map");
    expect_edit("the cursor below the map", cursor, "cursor = 3 36", 0, "'cursor' is off the map");
    char *text = edited("looking = yes", "looking = yes\npage = nowhere");
    expect_damaged("no such page", text, line_number(text, "page = nowhere"), "no page is called 'nowhere'");
    free(text);
    text = edited("looking = yes", "looking = yes\npage = help");
    expect_damaged("looking and a page", text, line_number(text, "[screen]"),
                   "only one of looking, a page and quit_asked can be up");
    free(text);
    text = edited("looking = yes", "quit_asked = yes");
    expect_damaged("quit asked while playing", text, line_number(text, "[screen]"),
                   "quit_asked is over the menu, not playing");
    free(text);
    expect_edit("a letter not carried", "looking = yes", "page = examine\nexamined = t", 1,
                "'t' isn't the letter of a stack carried");
    expect_edit("a looking of maybe", "looking = yes", "looking = maybe", 0, "'looking' should be yes or no");
    expect_edit("a key nobody reads", "looking = yes", "looking = yes\nzoom = 3", 1, "unknown key 'zoom'");
    text = edited("[explorer]", "[screen]\ncursor = 1 1\n\n[explorer]");
    expect_damaged("two screens", text, line_number(text, "[explorer]") - 3, "a save has one [screen]");
    free(text);
}

static void explorer_mistakes(void)
{
    expect_edit("exploring sideways", "kind = floor", "kind = sideways", 0, "'kind' can't be 'sideways'");
    char *unmarked = edited("marked = yes", "marked = no");
    expect_reasons("marks unmarked", unmarked, line_number(unmarked, "marked = no") + 1, "unknown key 'kind'", false);
    free(unmarked);
    expect_edit("a count below 0", "hp = 34", "hp = -2", 0, "'hp' should be at least 0");
    char *searched_map = with_searched();
    char *row = strstr(searched_map, "\nsearched =\n|") + 12;
    row[5] = '!';
    int bad_line = line_number(searched_map, "searched =") + 1;
    expect_damaged("a search count of !", searched_map, bad_line, "a row of 'searched' is letters from 0 to z");
    free(searched_map);
    char target[32];
    const char *at = strstr(strstr(base, "\n[explorer]\n"), "\ntarget = ") + 1;
    snprintf(target, sizeof target, "%.*s", (int)strcspn(at, "\n"), at);
    expect_edit("a target off the map", target, "target = 5 40", 0, "'target' is off the map");
    expect_edit("a map of one row", "hp = 34", "hp = 34\nnoticed =\n|....", 1, "'noticed' is 36 rows of the map");
    /* a version 4 save knows no [screen] */
    char this_version[32];
    snprintf(this_version, sizeof this_version, "version = %d", SAVE_VERSION);
    char *text = edited(this_version, "version = 4");
    SlotLoad got;
    static Resumed resumed;
    Run *run = load("version-4", text, &got, &resumed);
    CHECK(run == NULL && got.reasons.count >= 1);
    char wanted[64];
    snprintf(wanted, sizeof wanted, "save.txt:%d: unknown record [screen]", line_number(text, "[screen]"));
    bool found = false;
    for (int i = 0; i < got.reasons.count; ++i) found = found || strcmp(got.reasons.lines[i], wanted) == 0;
    CHECK(found);
    run_free(run);
    errors_clear(&got.reasons);
    free(text);
}

/* The base with the explorer's key (and its rows) left out, and lines
 * put in after its hp; for the caller to free */
static char *explorer_with(const char *key, const char *lines)
{
    size_t size = base_length + strlen(lines) + 2;
    char *text = malloc(size), *out = text;
    if (text == NULL) exit(EXIT_FAILURE);
    const char *at = base, *explorer = strstr(base, "\n[explorer]\n");
    size_t n = strlen(key);
    bool dropping = false;
    while (*at != '\0') {
        size_t length = strcspn(at, "\n") + (at[strcspn(at, "\n")] == '\n');
        bool inside = at > explorer && strstr(explorer + 1, "\n[") > at;
        dropping = inside && (strncmp(at, key, n) == 0 && at[n] == ' ' ? true : dropping && at[0] == '|');
        if (!dropping) out += sprintf(out, "%.*s", (int)length, at);
        if (inside && strncmp(at, "hp = ", 5) == 0) out += sprintf(out, "%s\n", lines);
        at += length;
    }
    return text;
}

/* The explorer's newest keys, each given a bad value: a line of its own,
 * or a row of its value, is named */
static void explorer_newest_mistakes(void)
{
    static const struct { const char *key, *lines; int nth; const char *message; } CASES[] = {
        {"picked_last", "picked_last = maybe", 0, "'picked_last' should be yes or no"},
        {"under_at", "under_at = 5 40", 0, "'under_at' is off the map"},
        {"under_at", "under_at = 64 3", 0, "'under_at' is off the map"},
        {"under_at", "under_at = 5", 0, "'under_at' should be 2 whole numbers"},
        {"under", "under = dart", 0, "'under' is an item's id and a count from 1 to 1000000"},
        {"under", "under = dart 0", 0, "'under' is an item's id and a count from 1 to 1000000"},
        {"under", "under = dart 3 more", 0, "'under' is an item's id and a count from 1 to 1000000"},
        {"under", "under = nothing 3", 0, "'under': no item is called 'nothing'"},
        {"under", "under =\n|dart 3", 0, "'under' should be on one line, not in | rows"},
        {"carried", "carried = dart 3", 0, "'carried' needs rows, each on a line starting with |"},
        {"carried", "carried =\n|dart", 1, "'carried' is an item's id and a count from 1 to 32767"},
        {"carried", "carried =\n|dart 2\n|nothing 1", 2, "'carried': no item is called 'nothing'"},
        {"carried", "carried =\n|dart 40000", 1, "'carried' is an item's id and a count from 1 to 32767"},
        {"carried", "carried =\n|dart -1", 1, "'carried' is an item's id and a count from 1 to 32767"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; ++i) {
        char *text = explorer_with(CASES[i].key, CASES[i].lines);
        char first[64];
        snprintf(first, sizeof first, "%.*s", (int)strcspn(CASES[i].lines, "\n"), CASES[i].lines);
        expect_damaged(CASES[i].lines, text, line_number(text, first) + CASES[i].nth, CASES[i].message);
        free(text);
    }
    /* and good values are read */
    SlotLoad got;
    static Resumed resumed;
    char *text = explorer_with("under_at", "under_at = 4 5");
    Run *run = load("newest", text, &got, &resumed);
    CHECK(run != NULL && resumed.explorer.under_at.x == 4 && resumed.explorer.under_at.y == 5);
    run_free(run);
    errors_clear(&got.reasons);
    free(text);
}

/* Examining what's in hand or worn (e then ) or [) is a page like any
 * other: saved there, the run comes back on it, examining the same */
static void examining_in_hand(void)
{
    for (int worn = 0; worn < 2; ++worn) {
        Slot slot;
        make_slot_in(&slot, root, worn ? "examining-worn" : "examining-in-hand");
        Input input;
        InputSetup setup = {.data = &data, .slot = &slot, .seed = 8, .start_floor = 1,
                            .class_index = data_find_class(&data, "fighter")};
        if (!input_open(&input, &setup)) exit(EXIT_FAILURE);
        press(&input, worn ? "e[" : "e)");
        CHECK_INT(input.info.page, INFO_EXAMINE);
        CHECK_INT(input.info.slot, worn ? INFO_WORN : INFO_IN_HAND);
        CHECK_INT(input_stop(&input), INPUT_QUIT);
        input_free(&input);
        SlotLoad got;
        static Resumed resumed;
        SlotAbove above = {NULL, 0, resume_read, &resumed};
        Run *run = slot_load_with(&slot, &data, &above, &got);
        for (int i = 0; i < got.reasons.count && i < 3; ++i) fprintf(stderr, "  %s\n", got.reasons.lines[i]);
        CHECK(run != NULL);
        CHECK_INT(resumed.page, INFO_EXAMINE);
        CHECK_INT(resumed.examined, worn ? INFO_WORN : INFO_IN_HAND);
        errors_clear(&got.reasons);
        run_free(run);
    }
}

/* A damaged [screen] on the title: C can't continue, and it says why */
static void title_says_why(void)
{
    Slot slot;
    make_slot_in(&slot, root, "title");
    char *text = edited("looking = yes", "looking = perhaps");
    put_marked(slot.save, text, strlen(text));
    Input input;
    InputSetup setup = {.data = &data, .slot = &slot, .seed = 9, .start_floor = 1, .offer_title = true};
    if (!input_open(&input, &setup)) exit(EXIT_FAILURE);
    CHECK_INT(input_screen(&input), SCREEN_TITLE);
    CHECK_INT(input_key(&input, 'c'), INPUT_REDRAW);
    CHECK(input.title.failed && input.title.line_count >= 2);
    char wanted[80];
    snprintf(wanted, sizeof wanted, "save.txt:%d: 'looking' should be yes or no", line_number(text, "looking = perhaps"));
    CHECK_STR(input.title.lines[1], wanted);
    CHECK(exists(slot.bad));
    input_free(&input);
    free(text);
}

/* What's read is what was written: the screen and the explorer's every
 * field, written again the same */
static void read_back_whole(void)
{
    SlotLoad got;
    static Resumed resumed;
    char *text = with_searched();
    Run *run = load("whole", text, &got, &resumed);
    CHECK(run != NULL);
    for (int i = 0; i < got.reasons.count && i < 3; ++i) fprintf(stderr, "  %s\n", got.reasons.lines[i]);
    errors_clear(&got.reasons);
    if (run == NULL) {
        free(text);
        return;
    }
    CHECK(resumed.looking && resumed.explorer.marked);
    Input input;
    open_input(&input, NULL, 1);
    run_free(input.session.run);
    input.session.run = run;
    resume_apply(&input, &resumed);
    CHECK_INT(input_screen(&input), SCREEN_LOOKING);
    size_t length;
    char *again = resume_write(&input, &length);
    const char *from = strstr(text, "\n[screen]\n") + 1;
    const char *to = strstr(text, "\n[message]\n");
    CHECK(again != NULL && to != NULL && (size_t)(to - from) == length &&
          strncmp(from, again, length) == 0);
    free(again);
    free(text);
    input_free(&input);
}

int main(void)
{
    load_shipped_data(&data);
    make_test_root(root, "resume");
    make_base();
    read_back_whole();
    screen_mistakes();
    explorer_mistakes();
    explorer_newest_mistakes();
    examining_in_hand();
    title_says_why();
    free(base);
    remove_tree(root);
    data_free(&data);
    return check_done("test_resume");
}
