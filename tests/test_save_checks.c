/* Damaged saves (ch17, ch19, ch20). A real save, from a real run, is
 * damaged in one way at a time, and each copy must be turned away with
 * exactly the messages the title screen would show, their lines worked
 * out from the text. A save with several mistakes lists them all, the run
 * in play is never touched, and thousands of randomly mangled copies are
 * read without a crash: each is turned away, or is a whole run that
 * saves itself back the same. */
#include <stdarg.h>

#include "pack.h"
#include "run_debug.h"
#include "runtest.h"
#include "save.h"
#include "savetext.h"

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

enum { MAX_LINES = 8192, MAX_WANTED = 48, WANTED_SIZE = 320 };

/* ---- A save as lines, to damage one at a time ------------------------- */

typedef struct Lines {
    char *at[MAX_LINES];
    int count;
} Lines;

static char *copy_text(const char *text, size_t length)
{
    char *copy = malloc(length + 1);
    if (copy == NULL) exit(EXIT_FAILURE);
    memcpy(copy, text, length);
    copy[length] = '\0';
    return copy;
}

/* A save's text ends each line with \n, so each line is what comes before */
static void split(Lines *lines, const char *text)
{
    lines->count = 0;
    while (*text != '\0' && lines->count < MAX_LINES) {
        const char *newline = strchr(text, '\n');
        size_t length = newline ? (size_t)(newline - text) : strlen(text);
        lines->at[lines->count++] = copy_text(text, length);
        text += length + (newline ? 1 : 0);
    }
}

static void copy_lines(Lines *to, const Lines *from)
{
    to->count = from->count;
    for (int i = 0; i < from->count; ++i) to->at[i] = copy_text(from->at[i], strlen(from->at[i]));
}

static void free_lines(Lines *lines)
{
    for (int i = 0; i < lines->count; ++i) free(lines->at[i]);
    lines->count = 0;
}

static char *join(const Lines *lines, size_t *length)
{
    size_t size = 1;
    for (int i = 0; i < lines->count; ++i) size += strlen(lines->at[i]) + 1;
    char *text = malloc(size);
    if (text == NULL) exit(EXIT_FAILURE);
    size_t at = 0;
    for (int i = 0; i < lines->count; ++i) {
        size_t n = strlen(lines->at[i]);
        memcpy(text + at, lines->at[i], n);
        text[at + n] = '\n';
        at += n + 1;
    }
    text[at] = '\0';
    *length = at;
    return text;
}

PRINTF_LIKE(3, 4)
static void set_line(Lines *lines, int i, const char *format, ...)
{
    char text[4096];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    free(lines->at[i]);
    lines->at[i] = copy_text(text, strlen(text));
}

PRINTF_LIKE(3, 4)
static void insert_line(Lines *lines, int at, const char *format, ...)
{
    if (lines->count == MAX_LINES) exit(EXIT_FAILURE);
    char text[4096];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    memmove(&lines->at[at + 1], &lines->at[at], (size_t)(lines->count - at) * sizeof lines->at[0]);
    lines->at[at] = copy_text(text, strlen(text));
    ++lines->count;
}

static void delete_lines(Lines *lines, int at, int n)
{
    for (int i = at; i < at + n; ++i) free(lines->at[i]);
    memmove(&lines->at[at], &lines->at[at + n], (size_t)(lines->count - at - n) * sizeof lines->at[0]);
    lines->count -= n;
}

/* The index of the nth (from 0) record of a type, at its [type] line */
static int record_at(const Lines *lines, const char *type, int nth)
{
    char header[64];
    snprintf(header, sizeof header, "[%s]", type);
    for (int i = 0; i < lines->count; ++i) {
        if (strcmp(lines->at[i], header) == 0 && nth-- == 0) return i;
    }
    fprintf(stderr, "the save has no %s number %d\n", header, nth);
    exit(EXIT_FAILURE);
}

static int record_count(const Lines *lines, const char *type)
{
    char header[64];
    snprintf(header, sizeof header, "[%s]", type);
    int count = 0;
    for (int i = 0; i < lines->count; ++i) count += strcmp(lines->at[i], header) == 0;
    return count;
}

/* Where the record starting at index ends: the next [type] line, or the
 * end of the text (the blank line between records goes with the first) */
static int record_end(const Lines *lines, int record)
{
    int i = record + 1;
    while (i < lines->count && lines->at[i][0] != '[') ++i;
    return i;
}

static void delete_record(Lines *lines, int record)
{
    delete_lines(lines, record, record_end(lines, record) - record);
}

/* The index of a key's line in the record starting at index */
static int key_at(const Lines *lines, int record, const char *key)
{
    size_t n = strlen(key);
    for (int i = record + 1; i < record_end(lines, record); ++i) {
        if (strncmp(lines->at[i], key, n) == 0 && strncmp(lines->at[i] + n, " = ", 3) == 0) return i;
    }
    fprintf(stderr, "the record at line %d has no '%s'\n", record + 1, key);
    exit(EXIT_FAILURE);
}

static const char *value_at(const Lines *lines, int record, const char *key)
{
    return strstr(lines->at[key_at(lines, record, key)], " = ") + 3;
}

/* Gives a key a new value; returns the key's line, counted from 1 */
PRINTF_LIKE(4, 5)
static int set_key(Lines *lines, int record, const char *key, const char *format, ...)
{
    char value[4096];
    va_list args;
    va_start(args, format);
    vsnprintf(value, sizeof value, format, args);
    va_end(args);
    int i = key_at(lines, record, key);
    set_line(lines, i, "%s = %s", key, value);
    return i + 1;
}

static int line_of(const Lines *lines, int record, const char *key)
{
    return key_at(lines, record, key) + 1;
}

/* Changes what the player remembers of a cell; returns the line */
static int set_known(Lines *lines, Point cell, char letter)
{
    int i = key_at(lines, record_at(lines, "row", cell.y), "known");
    strstr(lines->at[i], " = ")[3 + cell.x] = letter;
    return i + 1;
}

static char known_letter(const Lines *lines, Point cell)
{
    return value_at(lines, record_at(lines, "row", cell.y), "known")[cell.x];
}

/* Changes one cell's letter in the row that holds it, and what the player
 * remembers of it if they've seen it and the letter is a terrain's (as
 * they'd see it: a secret door as a wall); returns the terrain's line */
static int set_letter(Lines *lines, Point cell, char letter)
{
    int row = record_at(lines, "row", cell.y);
    int i = key_at(lines, row, "terrain");
    strstr(lines->at[i], " = ")[3 + cell.x] = letter;
    int terrain = map_terrain_by_letter(letter);
    if (terrain >= 0 && known_letter(lines, cell) != '-') {
        set_known(lines, cell, map_terrain_def(map_terrain_def((Terrain)terrain)->seen_as)->save_letter);
    }
    return i + 1;
}

/* ---- What a load should say ------------------------------------------- */

typedef struct Wanted {
    char text[MAX_WANTED][WANTED_SIZE];
    int count;
} Wanted;

PRINTF_LIKE(2, 3)
static void want(Wanted *wanted, const char *format, ...)
{
    if (wanted->count == MAX_WANTED) exit(EXIT_FAILURE);
    va_list args;
    va_start(args, format);
    vsnprintf(wanted->text[wanted->count++], WANTED_SIZE, format, args);
    va_end(args);
}

typedef struct Suite {
    const GameData *data;
    const GameData *more_data;   /* the shipped data and three more weapons */
    const Run *base_run;         /* the run the base save was written from */
    Lines base;
    Run *live;                   /* a run in play, which no load may touch */
    uint64_t live_digest;
    int loads;
} Suite;

static const char *result_name(LoadResult result)
{
    return result == LOAD_OK ? "OK" : result == LOAD_OTHER_VERSION ? "OTHER_VERSION" : "DAMAGED";
}

static bool same_messages(const Errors *errors, const Wanted *wanted)
{
    bool same = errors->count == wanted->count;
    for (int i = 0; same && i < wanted->count; ++i) same = strcmp(errors->lines[i], wanted->text[i]) == 0;
    return same;
}

static void show_difference(const char *name, LoadResult got, LoadResult result, const Errors *errors,
                            const Wanted *wanted)
{
    fprintf(stderr, "  %s: got %s with:\n", name, result_name(got));
    for (int i = 0; i < errors->count && i < 20; ++i) fprintf(stderr, "    %s\n", errors->lines[i]);
    fprintf(stderr, "  expected %s with:\n", result_name(result));
    for (int i = 0; i < wanted->count; ++i) fprintf(stderr, "    %s\n", wanted->text[i]);
}

/* Reads the text with the given data and checks what came of it: the
 * result, exactly these messages in this order, no run unless it loaded,
 * and the run in play as it was */
static void expect_load_with(Suite *s, const GameData *data, const char *name, const Lines *lines,
                             LoadResult result, const Wanted *wanted)
{
    size_t length;
    char *text = join(lines, &length);
    Errors errors = {0};
    Run *out = NULL;
    LoadResult got = save_read(data, text, length, &out, &errors);
    bool same = got == result && same_messages(&errors, wanted);
    if (!check_at(same, name, __FILE__, __LINE__)) show_difference(name, got, result, &errors, wanted);
    CHECK((out != NULL) == (got == LOAD_OK));
    if (out != NULL) CHECK(run_invariants_hold(out));
    CHECK(save_digest(s->live) == s->live_digest);
    ++s->loads;
    run_free(out);
    errors_clear(&errors);
    free(text);
}

static void expect_load(Suite *s, const char *name, const Lines *lines, LoadResult result,
                        const Wanted *wanted)
{
    expect_load_with(s, s->data, name, lines, result, wanted);
}

/* The commonest case: one key of one record given a bad value, and one
 * message, on that key's line */
static void expect_key(Suite *s, const char *name, const char *type, int nth, const char *key,
                       const char *value, const char *message)
{
    Lines lines;
    copy_lines(&lines, &s->base);
    int line = set_key(&lines, record_at(&lines, type, nth), key, "%s", value);
    Wanted wanted = {0};
    want(&wanted, "save.txt:%d: %s", line, message);
    expect_load(s, name, &lines, LOAD_DAMAGED, &wanted);
    free_lines(&lines);
}

/* A key left out of a record: "[type] needs 'key'", on the record's line */
static void expect_missing_key(Suite *s, const char *name, const char *type, const char *key)
{
    Lines lines;
    copy_lines(&lines, &s->base);
    int record = record_at(&lines, type, 0);
    delete_lines(&lines, key_at(&lines, record, key), 1);
    Wanted wanted = {0};
    want(&wanted, "save.txt:%d: [%s] needs '%s'", record + 1, type, key);
    expect_load(s, name, &lines, LOAD_DAMAGED, &wanted);
    free_lines(&lines);
}

/* A line "key = value" nobody asks for, put offset lines below a record's
 * [type] line: "unknown key 'key'" on its own line */
static void expect_unknown_key(Suite *s, const char *name, const char *type, int offset,
                               const char *key, const char *value)
{
    Lines lines;
    copy_lines(&lines, &s->base);
    int record = record_at(&lines, type, 0);
    insert_line(&lines, record + offset, "%s = %s", key, value);
    Wanted wanted = {0};
    want(&wanted, "save.txt:%d: unknown key '%s'", record + offset + 1, key);
    expect_load(s, name, &lines, LOAD_DAMAGED, &wanted);
    free_lines(&lines);
}

/* ---- The base save ---------------------------------------------------- */

static int item_kind(const GameData *data, const char *id)
{
    int kind = data_find_item(data, id);
    if (kind < 0) {
        fprintf(stderr, "the shipped data has no %s\n", id);
        exit(EXIT_FAILURE);
    }
    return kind;
}

static bool cell_taken(const Run *run, Point cell)
{
    const Level *level = run_level(run);
    return point_eq(cell, run_player(run)->pos) || lvl_monster_at(level, cell) >= 0 ||
           lvl_item_at(level, cell) >= 0 || lvl_trap_at(level, cell) >= 0 ||
           map_at_point(&level->map, cell) != T_FLOOR;
}

/* The nth (from 0) cell of plain floor with nothing on it */
static Point free_cell(const Run *run, int nth)
{
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (!cell_taken(run, cell_point(i)) && nth-- == 0) return cell_point(i);
    }
    fprintf(stderr, "the base floor has too few free cells\n");
    exit(EXIT_FAILURE);
}

/* The nth cell of plain floor with nothing on it that the player sees */
static Point seen_free_cell(const Run *run, int nth)
{
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        if (!cell_taken(run, p) && run_sees(run, p) && nth-- == 0) return p;
    }
    fprintf(stderr, "the base floor has too few free cells in sight\n");
    exit(EXIT_FAILURE);
}

/* A floor-2 run, played a little, and given what the checks need: a pack,
 * a weapon and armor, looks known and unknown, a monster with a target
 * and one with a place it last saw the player, and traps known and not */
static Run *base_run(const GameData *data)
{
    Run *run = run_new(data, 1717, 2);
    for (int i = 0; i < 30; ++i) run_command(run, cmd_make(CMD_SEARCH, 0));
    Player *player = run_debug_player(run);
    pack_add(&player->pack, (Stack){item_kind(data, "healing"), 2});
    pack_add(&player->pack, (Stack){item_kind(data, "identify"), 1});
    pack_add(&player->pack, (Stack){item_kind(data, "dagger"), 1});
    player->armor = item_kind(data, "leather_armor");
    player->gold = 40;
    ident_learn(run_debug_ident(run), item_kind(data, "healing"));
    ident_learn(run_debug_ident(run), item_kind(data, "fear"));
    pack_add(&player->pack, (Stack){item_kind(data, "dart"), 5});
    player->quiver = item_kind(data, "dart");
    Level *level = run_debug_level(run);
    level->monsters[0].has_target = true;
    level->monsters[0].target = level->monsters[0].pos;
    level->monsters[1].last_breath = 12;
    level->monsters[3].has_last_seen = true;
    level->monsters[3].last_seen = run_player(run)->pos;
    level->monsters[3].search_turns = 2;
    level->traps[1].known = true;
    /* an item and a monster in sight, which the player will remember */
    FloorItem mace = {seen_free_cell(run, 0), {item_kind(data, "mace"), 1}, false};
    lvl_add_item(level, &mace);
    level->monsters[2].pos = seen_free_cell(run, 1);
    run_debug_refresh(run);
    return run;
}

/* The base save, checked to be what the tests take it for */
static void check_base(Suite *s)
{
    const Lines *base = &s->base;
    CHECK(record_count(base, "carried") == 4);
    CHECK(record_count(base, "monster") >= 4);
    CHECK(record_count(base, "item") >= 3);
    CHECK(record_count(base, "trap") >= 3);
    CHECK(record_count(base, "look") == 12);   /* 6 potions, 6 scrolls */
    bool target = false, last_seen = false, known = false, unknown = false;
    for (int i = 0; i < base->count; ++i) {
        target = target || strncmp(base->at[i], "target = ", 9) == 0;
        last_seen = last_seen || strncmp(base->at[i], "last_seen = ", 12) == 0;
        known = known || strcmp(base->at[i], "known = yes") == 0;
        unknown = unknown || strcmp(base->at[i], "known = no") == 0;
    }
    CHECK(record_count(base, "remembered_item") >= 1);
    bool seen_at = false;
    for (int i = 0; i < base->count; ++i) seen_at = seen_at || strncmp(base->at[i], "seen_at = ", 10) == 0;
    CHECK(target && last_seen && known && unknown && seen_at);
    CHECK(strcmp(value_at(base, record_at(base, "player", 0), "armor"), "leather_armor") == 0);
    Wanted none = {0};
    expect_load(s, "the base save", base, LOAD_OK, &none);
}

/* A save opened in Notepad and saved again: a byte order mark, CRLF line
 * ends, spaces and comments of the player's own. It's the same run. */
static void test_edited_by_hand(Suite *s)
{
    size_t length;
    char *text = join(&s->base, &length);
    size_t size = 3 + length * 3 + 256;
    char *edited = malloc(size);
    size_t at = (size_t)sprintf(edited, "\xEF\xBB\xBF# my notes: don't die\r\n");
    for (int i = 0; i < s->base.count; ++i) {
        const char *line = s->base.at[i];
        const char *equals = strstr(line, " = ");
        if (equals != NULL) {
            at += (size_t)sprintf(edited + at, "  %.*s\t=   %s  \r\n", (int)(equals - line), line,
                                  equals + 3);
        } else {
            at += (size_t)sprintf(edited + at, "%s\r\n", line);
        }
    }
    Errors errors = {0};
    Run *run = NULL;
    CHECK_INT(save_read(s->data, edited, at, &run, &errors), LOAD_OK);
    for (int i = 0; i < errors.count && i < 5; ++i) fprintf(stderr, "    %s\n", errors.lines[i]);
    if (run != NULL) {
        char *again = save_write(run, NULL);
        CHECK_SAME_STATE(again, text);
        free(again);
    }
    run_free(run);
    errors_clear(&errors);
    free(edited);
    free(text);
}

/* ---- The version, first ------------------------------------------------ */

static void test_not_starting_with_save(Suite *s)
{
    Wanted wanted = {0};
    want(&wanted, "save.txt: a save starts with [save]");

    Lines lines;
    copy_lines(&lines, &s->base);
    set_line(&lines, record_at(&lines, "save", 0), "[saved]");
    expect_load(s, "[saved] in place of [save]", &lines, LOAD_DAMAGED, &wanted);
    free_lines(&lines);

    /* [run] first, the [save] after it */
    copy_lines(&lines, &s->base);
    int save = record_at(&lines, "save", 0);
    delete_record(&lines, save);
    insert_line(&lines, lines.count, "[save]");
    insert_line(&lines, lines.count, "version = %d", SAVE_VERSION);
    expect_load(s, "[save] last", &lines, LOAD_DAMAGED, &wanted);
    free_lines(&lines);

    /* a second [save], after the first */
    copy_lines(&lines, &s->base);
    int at = lines.count;
    insert_line(&lines, lines.count, "[save]");
    insert_line(&lines, lines.count, "version = %d", SAVE_VERSION);
    Wanted second = {0};
    want(&second, "save.txt:%d: a save has one [save], its first record", at + 1);
    expect_load(s, "a second [save]", &lines, LOAD_DAMAGED, &second);
    free_lines(&lines);

    Lines empty = {.count = 0};
    expect_load(s, "an empty save", &empty, LOAD_DAMAGED, &wanted);
    Lines comment = {.count = 1, .at = {"# nothing but a comment"}};
    expect_load(s, "a save of one comment", &comment, LOAD_DAMAGED, &wanted);
}

static void test_other_version(Suite *s)
{
    Wanted wanted = {0};
    want(&wanted, "save.txt: it's version %d, and this game reads versions up to %d",
         SAVE_VERSION + 1, SAVE_VERSION);
    Lines lines;
    copy_lines(&lines, &s->base);
    set_key(&lines, record_at(&lines, "save", 0), "version", "%d", SAVE_VERSION + 1);
    expect_load(s, "the next version", &lines, LOAD_OTHER_VERSION, &wanted);

    /* another version's records mean nothing to this game, so nothing
     * else in it is a mistake */
    set_key(&lines, record_at(&lines, "player", 0), "hp", "999");
    set_line(&lines, lines.count - 1, "this line isn't a record");
    insert_line(&lines, lines.count, "[chest]");
    expect_load(s, "the next version, with more wrong", &lines, LOAD_OTHER_VERSION, &wanted);
    free_lines(&lines);

    Wanted later = {0};
    want(&later, "save.txt: it's version 1000000, and this game reads versions up to %d", SAVE_VERSION);
    copy_lines(&lines, &s->base);
    set_key(&lines, record_at(&lines, "save", 0), "version", "1000000");
    expect_load(s, "version 1000000", &lines, LOAD_OTHER_VERSION, &later);
    free_lines(&lines);

    /* more digits than a number holds: still another version, not damage */
    Wanted huge = {0};
    want(&huge, "save.txt: it's version 99999999999, and this game reads versions up to %d", SAVE_VERSION);
    copy_lines(&lines, &s->base);
    set_key(&lines, record_at(&lines, "save", 0), "version", "99999999999");
    expect_load(s, "version 99999999999", &lines, LOAD_OTHER_VERSION, &huge);
    free_lines(&lines);
}

static void test_bad_version(Suite *s)
{
    expect_key(s, "a version that isn't a number", "save", 0, "version", "one",
               "'version' should be a whole number");
    expect_key(s, "version 0", "save", 0, "version", "0", "'version' should be at least 1");

    expect_missing_key(s, "no version", "save", "version");
    expect_unknown_key(s, "a key a [save] doesn't have", "save", 2, "author", "me");
}

/* ---- [run] -------------------------------------------------------------- */

static void test_run_record(Suite *s)
{
    static const char *const SEEDS[] = {"12x", "-1", "18446744073709551616", "0x10",
                                        "123456789012345678901"};
    for (size_t i = 0; i < sizeof SEEDS / sizeof SEEDS[0]; ++i) {
        expect_key(s, SEEDS[i], "run", 0, "seed", SEEDS[i], "'seed' should be a whole number");
    }
    expect_key(s, "floor 10", "run", 0, "floor", "10", "'floor' goes up to 9");
    expect_key(s, "floor 0", "run", 0, "floor", "0", "'floor' should be at least 1");
    expect_key(s, "turn -1", "run", 0, "turn", "-1", "'turn' should be at least 0");
    expect_key(s, "three numbers for the dice", "run", 0, "dice", "1 2 3",
               "'dice' isn't the dice's state");
    expect_key(s, "dice that can't roll", "run", 0, "dice",
               "0000000000000000 0000000000000000 0000000000000000 0000000000000000",
               "'dice' isn't the dice's state");
    expect_key(s, "a digit that isn't hex", "run", 0, "dice",
               "ef3e600ab4100c7g 360d0d26271f7307 ae5b673e3d61f314 c635413e33aeeb88",
               "'dice' isn't the dice's state");
    expect_key(s, "no dice", "run", 0, "dice", "", "'dice' is empty");

    /* the biggest seed there is loads, and is kept exactly */
    Lines lines;
    copy_lines(&lines, &s->base);
    set_key(&lines, record_at(&lines, "run", 0), "seed", "18446744073709551615");
    size_t length;
    char *text = join(&lines, &length);
    Errors errors = {0};
    Run *run = NULL;
    CHECK_INT(save_read(s->data, text, length, &run, &errors), LOAD_OK);
    if (run != NULL) CHECK(run_seed(run) == UINT64_MAX);
    run_free(run);
    errors_clear(&errors);
    free(text);
    free_lines(&lines);
}

/* ---- The choice a save of version 5 or 6 waited for ---------------------- */

/* The lines read as a run, which must load; their text in *text, for the
 * caller to free */
static Run *load_lines(const Suite *s, const Lines *lines, char **text)
{
    size_t length;
    *text = join(lines, &length);
    Errors errors = {0};
    Run *run = NULL;
    CHECK_INT(save_read(s->data, *text, length, &run, &errors), LOAD_OK);
    errors_clear(&errors);
    return run;
}

/* The base save, as a save of version 6 (whose [run] held the rules'
 * modes), with lines put at the end of its [run]; returns the first one's
 * line */
static int run_with(Lines *lines, const Suite *s, const char *const *extra)
{
    copy_lines(lines, &s->base);
    set_key(lines, record_at(lines, "save", 0), "version", "%d", SAVE_V6_HAND);
    int at = record_end(lines, record_at(lines, "run", 0));
    while (at > 0 && lines->at[at - 1][0] == '\0') --at;   /* before the blank line */
    for (int i = 0; extra[i] != NULL; ++i) insert_line(lines, at + i, "%s", extra[i]);
    return at + 1;
}

/* The base save in a mode, which must load, playing, with the choice it
 * waited for told (run_saved_choice) and a scroll it had read back at
 * its letter, one more there than the save carried (put_back: its
 * letter, or 0) */
static void expect_choice_loads(Suite *s, const char *name, const char *const *extra, const char *screen,
                                char put_back)
{
    Lines lines;
    run_with(&lines, s, extra);
    Wanted none = {0};
    expect_load(s, name, &lines, LOAD_OK, &none);
    char *text;
    Run *run = load_lines(s, &lines, &text);
    if (run != NULL) {
        CHECK_INT(run_mode(run), MODE_PLAYING);
        SavedChoice saved = run_saved_choice(run);
        CHECK(saved.screen != NULL && strcmp(saved.screen, screen) == 0);
        const Pack *now = &run_player(run)->pack, *was = &run_player(s->base_run)->pack;
        for (int slot = 0; slot < PACK_SLOTS; ++slot) {
            int more = slot == put_back - 'a' ? 1 : 0;
            CHECK_INT(pack_holds(now, slot) ? now->slots[slot].count : 0,
                      (pack_holds(was, slot) ? was->slots[slot].count : 0) + more);
        }
        /* written again, it's a save of this version, which has no mode */
        char *again = save_write(run, NULL);
        CHECK(strstr(again, "\nmode = ") == NULL && strstr(again, "\nscroll_letter = ") == NULL);
        free(again);
    }
    run_free(run);
    free(text);
    free_lines(&lines);
}

/* A mistake on the nth line put in: exactly "save.txt:LINE: message" */
static void expect_choice(Suite *s, const char *name, const char *const *extra, int nth, const char *message)
{
    Lines lines;
    int line = run_with(&lines, s, extra) + nth;
    Wanted wanted = {0};
    want(&wanted, "save.txt:%d: %s", line, message);
    expect_load(s, name, &lines, LOAD_DAMAGED, &wanted);
    free_lines(&lines);
}

#define LINES(...) ((const char *const[]){__VA_ARGS__, NULL})

static void test_choice(Suite *s)
{
    /* the base pack: a) healing b) identify c) dagger d) darts; the
     * darts are thrown by hand */
    expect_choice_loads(s, "aiming the darts", LINES("mode = aiming", "aim = fire", "aim_kind = dart"), "aiming", 0);
    expect_choice_loads(s, "the pack open to drop", LINES("mode = inventory", "pack_for = drop"), "inventory", 0);
    expect_choice_loads(s, "identifying", LINES("mode = inventory", "pack_for = identify", "scroll_letter = b"),
                        "inventory", 'b');
    /* the scroll joins its kind's stack where one is carried (pack_put_back) */
    expect_choice_loads(s, "identifying, the last scroll read", LINES("mode = inventory", "pack_for = identify",
                        "scroll_letter = e"), "inventory", 'b');
    expect_choice_loads(s, "a fireball read", LINES("mode = aiming", "aim = fireball", "aim_kind = fireball",
                        "scroll_letter = f"), "aiming", 'f');
    expect_choice_loads(s, "asked about a step", LINES("mode = confirming", "question = step", "step = 3"),
                        "confirming", 0);
    expect_choice_loads(s, "the menu", LINES("mode = menu"), "menu", 0);
    expect_choice_loads(s, "closing", LINES("mode = closing"), "closing", 0);
    /* a save of this version has no mode: its screens are the play layer's */
    Lines now;
    copy_lines(&now, &s->base);
    int end = record_end(&now, record_at(&now, "run", 0));
    while (end > 0 && now.at[end - 1][0] == '\0') --end;
    insert_line(&now, end, "mode = menu");
    Wanted unknown = {0};
    want(&unknown, "save.txt:%d: unknown key 'mode'", end + 1);
    expect_load(s, "a mode in this version's save", &now, LOAD_DAMAGED, &unknown);
    free_lines(&now);

    expect_choice(s, "dead in a save", LINES("mode = dead"), 0, "'mode' can't be 'dead' in a save");
    expect_choice(s, "playing said", LINES("mode = playing"), 0, "'mode' can't be 'playing' in a save");
    expect_choice(s, "no such mode", LINES("mode = flying"), 0, "'mode' can't be 'flying'");
    expect_choice(s, "the pack open for nothing", LINES("mode = inventory", "pack_for = juggle"), 1,
                  "'pack_for' can't be 'juggle'");
    Lines missing;
    run_with(&missing, s, LINES("mode = confirming", "question = step"));
    Wanted needs = {0};
    want(&needs, "save.txt:%d: [run] needs 'step'", record_at(&missing, "run", 0) + 1);
    expect_load(s, "no step", &missing, LOAD_DAMAGED, &needs);
    free_lines(&missing);
    expect_choice(s, "a step of 8", LINES("mode = confirming", "question = step", "step = 8"), 2,
                  "'step' should be at most 7");
    expect_choice(s, "a potion fired", LINES("mode = aiming", "aim = fire", "aim_kind = healing"), 2,
                  "'healing' isn't a missile");
    expect_choice(s, "arrows not carried", LINES("mode = aiming", "aim = throw", "aim_kind = arrow"), 2,
                  "the arrow aimed isn't carried");
    expect_choice(s, "the wrong scroll", LINES("mode = aiming", "aim = lightning", "aim_kind = fireball",
                  "scroll_letter = e"), 2, "the fireball isn't a scroll of lightning");
    expect_choice(s, "a letter taken", LINES("mode = inventory", "pack_for = identify", "scroll_letter = a"), 2,
                  "the letter a the scroll was read from holds something else");
    expect_choice(s, "a letter past t", LINES("mode = inventory", "pack_for = identify", "scroll_letter = v"), 2,
                  "'v' isn't a letter from a to t");
    expect_choice(s, "asked off the stairs", LINES("mode = confirming", "question = descend"), 0,
                  "the player is asked about going down, and isn't on the stairs");
    expect_choice(s, "an aim while playing", LINES("aim = fire"), 0, "unknown key 'aim'");
    expect_choice(s, "a step in the menu", LINES("mode = menu", "step = 2"), 1, "unknown key 'step'");

    /* the monster last aimed at, one at most */
    Lines lines;
    copy_lines(&lines, &s->base);
    int at = record_at(&lines, "monster", 0) + 1;
    insert_line(&lines, at, "targeted = maybe");
    Wanted maybe = {0};
    want(&maybe, "save.txt:%d: 'targeted' should be yes or no", at + 1);
    expect_load(s, "targeted, maybe", &lines, LOAD_DAMAGED, &maybe);
    free_lines(&lines);
    copy_lines(&lines, &s->base);
    insert_line(&lines, record_at(&lines, "monster", 0) + 1, "targeted = yes");
    int line = record_at(&lines, "monster", 1) + 2;
    insert_line(&lines, line - 1, "targeted = yes");
    Wanted twice = {0};
    want(&twice, "save.txt:%d: only one monster is the last one aimed at", line);
    expect_load(s, "two monsters last aimed at", &lines, LOAD_DAMAGED, &twice);
    free_lines(&lines);
}

/* ---- [look] ------------------------------------------------------------- */

static void test_looks(Suite *s)
{
    expect_key(s, "a look for no kind", "look", 0, "kind", "elixir",
               "no kind of item is called 'elixir'");
    expect_key(s, "a look's kind not an id", "look", 0, "kind", "Healing",
               "'kind' should be lowercase letters, digits and _");
    expect_key(s, "a look for a weapon", "look", 0, "kind", "dagger",
               "only potions and scrolls have looks");
    expect_key(s, "a look for gold", "look", 0, "kind", "gold", "only potions and scrolls have looks");
    expect_key(s, "a look's name too long", "look", 0, "name", "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEF",
               "'name' is longer than 31 characters");
    expect_key(s, "a look's colour out of range", "look", 0, "color", "300 0 0",
               "'color' should be 3 whole numbers from 0 to 255: red, green and blue");
    expect_key(s, "known neither yes nor no", "look", 0, "known", "maybe",
               "'known' should be yes or no");

    Lines lines;
    copy_lines(&lines, &s->base);
    const char *first = value_at(&lines, record_at(&lines, "look", 0), "kind");
    char kind[ID_SIZE];
    snprintf(kind, sizeof kind, "%s", first);
    int line = set_key(&lines, record_at(&lines, "look", 1), "kind", "%s", kind);
    Wanted twice = {0};
    want(&twice, "save.txt:%d: the %s has a [look] already", line, kind);
    expect_load(s, "a look given twice", &lines, LOAD_DAMAGED, &twice);
    free_lines(&lines);

    copy_lines(&lines, &s->base);
    int look = record_at(&lines, "look", 9);
    snprintf(kind, sizeof kind, "%s", value_at(&lines, look, "kind"));
    delete_record(&lines, look);
    Wanted missing = {0};
    want(&missing, "save.txt: the %s has no [look]", kind);
    expect_load(s, "a missing look", &lines, LOAD_DAMAGED, &missing);
    free_lines(&lines);
}

/* ---- [player] and [carried] ---------------------------------------------- */

static void test_player(Suite *s)
{
    char above[16];
    snprintf(above, sizeof above, "%d", run_player(s->base_run)->max_hp + 1);
    expect_key(s, "hp above max_hp", "player", 0, "hp", above, "'hp' is more than 'max_hp'");
    expect_key(s, "hp 0", "player", 0, "hp", "0", "'hp' should be at least 1");
    expect_key(s, "max_hp not a number", "player", 0, "max_hp", "lots",
               "'max_hp' should be a whole number");
    expect_key(s, "3 Amulets", "player", 0, "amulets", "3", "a run with all 3 Amulets is already won");
    expect_key(s, "4 Amulets", "player", 0, "amulets", "4", "there are only 3 Amulets");
    expect_key(s, "gold below 0", "player", 0, "gold", "-5", "'gold' should be at least 0");
    expect_key(s, "a weapon that isn't a weapon", "player", 0, "weapon", "leather_armor",
               "'leather_armor' isn't a weapon");
    expect_key(s, "armor that isn't armor", "player", 0, "armor", "dagger", "'dagger' isn't armor");
    expect_key(s, "a potion worn", "player", 0, "armor", "healing", "'healing' isn't armor");
    expect_key(s, "a sword in the quiver", "player", 0, "quiver", "long_sword",
               "'long_sword' isn't a missile");
    expect_key(s, "a quiver of no kind", "player", 0, "quiver", "javelin",
               "no kind of item is called 'javelin'");
    expect_key(s, "a weapon of no kind", "player", 0, "weapon", "vorpal_blade",
               "no kind of item is called 'vorpal_blade'");
    expect_key(s, "one number for a place", "player", 0, "pos", "12",
               "'pos' should be 2 whole numbers");
    expect_key(s, "a place below 0", "player", 0, "pos", "-1 5", "'pos' should be at least 0");
    expect_key(s, "a status not a number", "player", 0, "poisoned", "yes",
               "'poisoned' should be a whole number");

    /* a place that can't be read doesn't hide the health that's wrong */
    Lines lines;
    copy_lines(&lines, &s->base);
    int player = record_at(&lines, "player", 0);
    int pos = set_key(&lines, player, "pos", "here");
    int hp = set_key(&lines, player, "hp", "%s", above);
    Wanted both = {0};
    want(&both, "save.txt:%d: 'pos' should be 2 whole numbers", pos);
    want(&both, "save.txt:%d: 'hp' is more than 'max_hp'", hp);
    expect_load(s, "no place, and hp above max_hp", &lines, LOAD_DAMAGED, &both);
    free_lines(&lines);

    expect_missing_key(s, "no hp", "player", "hp");
    expect_unknown_key(s, "a key a [player] doesn't have", "player", 3, "colour", "blue");

    /* a key given twice is the record format's mistake; the first stands */
    copy_lines(&lines, &s->base);
    player = record_at(&lines, "player", 0);
    insert_line(&lines, player + 3, "hp = 1");
    Wanted twice = {0};
    want(&twice, "save.txt:%d: 'hp' is given twice", player + 4);
    expect_load(s, "hp given twice", &lines, LOAD_DAMAGED, &twice);
    free_lines(&lines);
}

/* Replaces the pack with a stack of each of these kinds, one to a
 * record, lettered from a on; returns the line of the last one's letter */
static int set_pack(Lines *lines, const char *const *kinds, int count)
{
    while (record_count(lines, "carried") > 0) delete_record(lines, record_at(lines, "carried", 0));
    int at = record_at(lines, "row", 0);
    for (int i = 0; i < count; ++i) {
        insert_line(lines, at++, "[carried]");
        insert_line(lines, at++, "letter = %c", 'a' + i);
        insert_line(lines, at++, "kind = %s", kinds[i]);
        insert_line(lines, at++, "count = 1");
        insert_line(lines, at++, "%s", "");
    }
    return at - 3;
}

/* Version 5's letters: one to a stack, a to t, each once; the holes
 * between them are kept */
static void test_letters(Suite *s)
{
    expect_key(s, "a letter past t", "carried", 1, "letter", "z", "'z' isn't a letter from a to t");
    expect_key(s, "two letters", "carried", 1, "letter", "ab", "'ab' isn't a letter from a to t");
    expect_key(s, "a capital letter", "carried", 1, "letter", "B", "'B' isn't a letter from a to t");
    expect_key(s, "no letter", "carried", 1, "letter", "", "'letter' is empty");

    Lines lines;
    copy_lines(&lines, &s->base);
    int line = set_key(&lines, record_at(&lines, "carried", 2), "letter", "a");
    Wanted twice = {0};
    want(&twice, "save.txt:%d: another stack has the letter a already", line);
    expect_load(s, "a letter given twice", &lines, LOAD_DAMAGED, &twice);
    free_lines(&lines);

    copy_lines(&lines, &s->base);
    set_key(&lines, record_at(&lines, "carried", 0), "letter", "q");
    set_key(&lines, record_at(&lines, "carried", 1), "letter", "f");
    char *text;
    Run *run = load_lines(s, &lines, &text);
    if (run != NULL) {
        const Pack *pack = &run_player(run)->pack;
        CHECK(pack_holds(pack, 16) && pack_holds(pack, 5) && !pack_holds(pack, 0) && !pack_holds(pack, 1));
        CHECK_INT(pack->count, 4);
        char *again = save_write(run, NULL);
        CHECK(again != NULL && strstr(again, "[carried]\nletter = q\n") != NULL);
        free(again);
    }
    run_free(run);
    free(text);
    free_lines(&lines);
}

static void test_carried(Suite *s)
{
    expect_key(s, "gold in the pack", "carried", 0, "kind", "gold",
               "gold and the Amulets aren't carried in the pack");
    expect_key(s, "the Amulet in the pack", "carried", 0, "kind", "amulet",
               "gold and the Amulets aren't carried in the pack");
    expect_key(s, "a stack of no kind", "carried", 0, "kind", "potion_of_flying",
               "no kind of item is called 'potion_of_flying'");
    expect_key(s, "a stack of none", "carried", 0, "count", "0", "'count' should be at least 1");

    Lines lines;
    copy_lines(&lines, &s->base);
    const char *first = value_at(&lines, record_at(&lines, "carried", 0), "kind");
    char kind[ID_SIZE];
    snprintf(kind, sizeof kind, "%s", first);
    int line = set_key(&lines, record_at(&lines, "carried", 2), "kind", "%s", kind);
    Wanted twice = {0};
    want(&twice, "save.txt:%d: the pack has a stack of %s already", line, kind);
    expect_load(s, "a kind carried twice", &lines, LOAD_DAMAGED, &twice);
    free_lines(&lines);

    /* The shipped data has 18 kinds a pack can hold, so the 21st stack
     * needs three more kinds of weapon */
    static const char *const KINDS[] = {
        "healing", "greater_healing", "strength", "poison", "regeneration", "confusion",
        "teleportation", "magic_mapping", "identify", "fear", "dagger", "short_sword", "spear",
        "mace", "long_sword", "leather_armor", "chain_mail", "plate_armor", "test_blade_1",
        "test_blade_2", "test_blade_3",
    };
    copy_lines(&lines, &s->base);
    set_pack(&lines, KINDS, PACK_SLOTS);
    Wanted none = {0};
    expect_load_with(s, s->more_data, "a full pack", &lines, LOAD_OK, &none);
    free_lines(&lines);

    copy_lines(&lines, &s->base);
    line = set_pack(&lines, KINDS, PACK_SLOTS + 1);
    Wanted full = {0};
    want(&full, "save.txt:%d: 'u' isn't a letter from a to t", line);
    expect_load_with(s, s->more_data, "a 21st stack", &lines, LOAD_DAMAGED, &full);
    free_lines(&lines);
    test_letters(s);
}

/* ---- [row] -------------------------------------------------------------- */

static void test_rows(Suite *s)
{
    expect_key(s, "row 36", "row", 5, "y", "36", "'y' goes up to 35");
    expect_key(s, "row -1", "row", 5, "y", "-1", "'y' should be at least 0");
    expect_key(s, "a row that isn't a number", "row", 5, "y", "five", "'y' should be a whole number");
    expect_key(s, "a row given twice", "row", 5, "y", "4", "row 4 is given twice");
    expect_key(s, "a row 63 wide", "row", 5, "terrain",
               "###############################################################",
               "a row is 64 cells across");
    expect_key(s, "known 65 wide", "row", 5, "known",
               "-----------------------------------------------------------------",
               "a row is 64 cells across");
    expect_key(s, "a row with no terrain", "row", 5, "terrain", "", "'terrain' is empty");

    Lines lines;
    copy_lines(&lines, &s->base);
    int line = set_letter(&lines, (Point){10, 5}, 'X');
    Wanted letter = {0};
    want(&letter, "save.txt:%d: no terrain is called 'X'", line);
    expect_load(s, "a letter for no terrain", &lines, LOAD_DAMAGED, &letter);
    free_lines(&lines);

    /* a letter outside ASCII is quoted whole, not a byte of it */
    copy_lines(&lines, &s->base);
    int row = record_at(&lines, "row", 5);
    line = line_of(&lines, row, "terrain");
    char accent[MAP_W + 1];
    memset(accent, '#', MAP_W);
    memcpy(accent + 2, "\xc3\xa9", 2);
    accent[MAP_W] = '\0';
    set_line(&lines, line - 1, "terrain = %s", accent);
    Wanted accented = {0};
    want(&accented, "save.txt:%d: no terrain is called '\xc3\xa9'", line);
    expect_load(s, "an accented letter", &lines, LOAD_DAMAGED, &accented);
    free_lines(&lines);

    copy_lines(&lines, &s->base);
    line = set_known(&lines, (Point){30, 5}, 'X');
    Wanted known = {0};
    want(&known, "save.txt:%d: no terrain is called 'X'", line);
    expect_load(s, "a letter for no terrain known", &lines, LOAD_DAMAGED, &known);
    free_lines(&lines);

    expect_missing_key(s, "a row with nothing known", "row", "known");
    expect_unknown_key(s, "a row explored, as in version 1", "row", 2, "explored",
                       "0000000000000000000000000000000000000000000000000000000000000000");

    copy_lines(&lines, &s->base);
    delete_record(&lines, record_at(&lines, "row", 12));
    Wanted missing = {0};
    want(&missing, "save.txt: row 12 of the map is missing");
    expect_load(s, "a missing row", &lines, LOAD_DAMAGED, &missing);
    free_lines(&lines);
}

/* ---- [monster], [item] and [trap] ------------------------------------------ */

static void test_monster_values(Suite *s)
{
    expect_key(s, "a monster of no kind", "monster", 0, "kind", "dragonet",
               "no kind of monster is called 'dragonet'");
    expect_key(s, "a state of no name", "monster", 0, "state", "dozing", "no state is called 'dozing'");
    expect_key(s, "a target off the map", "monster", 0, "target", "64 3", "'target' is off the map");
    expect_key(s, "a breath before time", "monster", 1, "last_breath", "-2",
               "'last_breath' should be at least -1");
    expect_key(s, "a breath of words", "monster", 1, "last_breath", "soon",
               "'last_breath' should be a whole number");
    expect_key(s, "a last place off the map", "monster", 3, "last_seen", "3 36",
               "'last_seen' is off the map");
    expect_key(s, "afraid not a number", "monster", 0, "afraid", "very",
               "'afraid' should be a whole number");
    expect_key(s, "last_shriek below -1", "monster", 0, "last_shriek", "-2",
               "'last_shriek' should be at least -1");

    Lines lines;
    copy_lines(&lines, &s->base);
    int monster = record_at(&lines, "monster", 0);
    char kind[ID_SIZE];
    snprintf(kind, sizeof kind, "%s", value_at(&lines, monster, "kind"));
    int most = s->data->monsters[data_find_monster(s->data, kind)].hp;
    int line = set_key(&lines, monster, "hp", "%d", most + 1);
    Wanted hp = {0};
    want(&hp, "save.txt:%d: a %s has %d health at most", line, kind, most);
    expect_load(s, "a monster above its kind's health", &lines, LOAD_DAMAGED, &hp);
    free_lines(&lines);
}

static void test_item_and_trap_values(Suite *s)
{
    expect_key(s, "an item of no kind", "item", 0, "kind", "crown", "no kind of item is called 'crown'");
    expect_key(s, "seen neither yes nor no", "item", 0, "seen", "1", "'seen' should be yes or no");
    expect_key(s, "a trap of no kind", "trap", 0, "kind", "pit", "no kind of trap is called 'pit'");
    expect_key(s, "a trap's kind not an id", "trap", 0, "kind", "../../x",
               "'kind' should be lowercase letters, digits and _");
}

/* The records a floor can hold: exactly the most loads, one more doesn't */
static void add_monster(Lines *lines, int at, Point pos)
{
    static const char *const RECORD[] = {
        "[monster]", "kind = giant_white_rat", NULL, "hp = 1", "state = asleep", "pack = 0",
        "search_turns = 0", "last_shriek = -1", "poisoned = 0", "regenerating = 0",
        "confused = 0", "afraid = 0", "",
    };
    for (size_t i = 0; i < sizeof RECORD / sizeof RECORD[0]; ++i) {
        if (RECORD[i] == NULL) insert_line(lines, at + (int)i, "pos = %d %d", pos.x, pos.y);
        else insert_line(lines, at + (int)i, "%s", RECORD[i]);
    }
}

static void add_item(Lines *lines, int at, Point pos, const char *kind, int count)
{
    insert_line(lines, at, "[item]");
    insert_line(lines, at + 1, "kind = %s", kind);
    insert_line(lines, at + 2, "count = %d", count);
    insert_line(lines, at + 3, "pos = %d %d", pos.x, pos.y);
    insert_line(lines, at + 4, "seen = no");
    insert_line(lines, at + 5, "%s", "");
}

static void add_trap(Lines *lines, int at, Point pos)
{
    insert_line(lines, at, "[trap]");
    insert_line(lines, at + 1, "kind = dart");
    insert_line(lines, at + 2, "pos = %d %d", pos.x, pos.y);
    insert_line(lines, at + 3, "known = no");
    insert_line(lines, at + 4, "%s", "");
}

static void fill_floor(Suite *s, const char *type, int most, const char *message)
{
    Lines lines;
    copy_lines(&lines, &s->base);
    int have = record_count(&lines, type);
    for (int i = have; i < most; ++i) {
        int at = record_end(&lines, record_at(&lines, type, i - 1));
        Point pos = free_cell(s->base_run, i - have);
        if (strcmp(type, "monster") == 0) add_monster(&lines, at, pos);
        else if (strcmp(type, "item") == 0) add_item(&lines, at, pos, "dagger", 1);
        else add_trap(&lines, at, pos);
    }
    Wanted none = {0};
    expect_load(s, message, &lines, LOAD_OK, &none);

    /* one more, on a cell of its own */
    int at = record_end(&lines, record_at(&lines, type, most - 1));
    Point pos = free_cell(s->base_run, most - have);
    if (strcmp(type, "monster") == 0) add_monster(&lines, at, pos);
    else if (strcmp(type, "item") == 0) add_item(&lines, at, pos, "dagger", 1);
    else add_trap(&lines, at, pos);
    Wanted full = {0};
    want(&full, "save.txt:%d: a floor holds at most %d %ss", at + 1, most, type);
    expect_load(s, message, &lines, LOAD_DAMAGED, &full);
    free_lines(&lines);
}

static void test_full_floor(Suite *s)
{
    fill_floor(s, "monster", MAX_MONSTERS, "a floor full of monsters");
    fill_floor(s, "item", MAX_FLOOR_ITEMS, "a floor full of items");
    fill_floor(s, "trap", MAX_TRAPS, "a floor full of traps");
}

/* ---- Records together --------------------------------------------------- */

static void test_records_together(Suite *s)
{
    Lines lines;
    copy_lines(&lines, &s->base);
    int at = record_end(&lines, record_at(&lines, "player", 0));
    insert_line(&lines, at, "[chest]");
    insert_line(&lines, at + 1, "kind = gold");
    insert_line(&lines, at + 2, "%s", "");
    Wanted unknown = {0};
    want(&unknown, "save.txt:%d: unknown record [chest]", at + 1);
    expect_load(s, "an unknown record", &lines, LOAD_DAMAGED, &unknown);
    free_lines(&lines);

    Wanted one_run = {0};
    want(&one_run, "save.txt: a save has one [run]");
    copy_lines(&lines, &s->base);
    delete_record(&lines, record_at(&lines, "run", 0));
    expect_load(s, "no [run]", &lines, LOAD_DAMAGED, &one_run);
    free_lines(&lines);

    copy_lines(&lines, &s->base);
    int run = record_at(&lines, "run", 0);
    int end = record_end(&lines, run);
    for (int i = run; i < end; ++i) insert_line(&lines, end + (i - run), "%s", lines.at[i]);
    expect_load(s, "two [run]", &lines, LOAD_DAMAGED, &one_run);
    free_lines(&lines);

    /* the player's record alone, its pack being records of their own */
    Wanted one_player = {0};
    want(&one_player, "save.txt: a save has one [player]");
    copy_lines(&lines, &s->base);
    delete_record(&lines, record_at(&lines, "player", 0));
    expect_load(s, "no [player]", &lines, LOAD_DAMAGED, &one_player);
    free_lines(&lines);

    copy_lines(&lines, &s->base);
    int player = record_at(&lines, "player", 0);
    end = record_end(&lines, player);
    for (int i = player; i < end; ++i) insert_line(&lines, lines.count, "%s", lines.at[i]);
    expect_load(s, "two [player]", &lines, LOAD_DAMAGED, &one_player);
    free_lines(&lines);
}

/* ---- Places -------------------------------------------------------------- */

static Point wall_cell(const Run *run)
{
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        const Map *map = &run_level(run)->map;
        if (map_at_point(map, p) == T_WALL && map_borders_ground(map, p.x, p.y)) return p;
    }
    exit(EXIT_FAILURE);
}

static Point point_of(const Lines *lines, int record, const char *key)
{
    Point p = {-1, -1};
    sscanf(value_at(lines, record, key), "%d %d", &p.x, &p.y);
    return p;
}

/* Moves the nth record of a type to a place, and expects one message
 * about the thing there, "the jackal at 70, 5 is off the map" */
static void expect_place(Suite *s, const char *type, int nth, Point pos, const char *what)
{
    Lines lines;
    copy_lines(&lines, &s->base);
    int record = record_at(&lines, type, nth);
    set_key(&lines, record, "pos", "%d %d", pos.x, pos.y);
    Wanted wanted = {0};
    if (strcmp(type, "player") == 0) {
        want(&wanted, "save.txt: the player at %d, %d %s", pos.x, pos.y, what);
    } else {
        want(&wanted, "save.txt: the %s at %d, %d %s", value_at(&lines, record, "kind"), pos.x, pos.y,
             what);
    }
    char name[96];
    snprintf(name, sizeof name, "a %s that %s", type, what);
    expect_load(s, name, &lines, LOAD_DAMAGED, &wanted);
    free_lines(&lines);
}

static void test_places(Suite *s)
{
    Point wall = wall_cell(s->base_run);
    Point off = {70, 5};
    const Lines *base = &s->base;
    Point player = point_of(base, record_at(base, "player", 0), "pos");
    static const char *const TYPES[] = {"player", "monster", "item", "trap"};
    for (int i = 0; i < 4; ++i) {
        expect_place(s, TYPES[i], 0, off, "is off the map");
        expect_place(s, TYPES[i], 0, wall, "is in a wall");
        expect_place(s, TYPES[i], 0, (Point){63, 35}, "is in a wall");
    }
    expect_place(s, "monster", 2, player, "shares its cell");
    expect_place(s, "monster", 2, point_of(base, record_at(base, "monster", 0), "pos"), "shares its cell");
    expect_place(s, "item", 2, point_of(base, record_at(base, "item", 1), "pos"), "shares its cell");
    expect_place(s, "trap", 2, point_of(base, record_at(base, "trap", 0), "pos"), "shares its cell");

    /* a closed door can't be stood in */
    Lines lines;
    copy_lines(&lines, &s->base);
    Point cell = free_cell(s->base_run, 0);
    set_letter(&lines, cell, '+');
    set_key(&lines, record_at(&lines, "monster", 1), "pos", "%d %d", cell.x, cell.y);
    Wanted door = {0};
    want(&door, "save.txt: the %s at %d, %d is in a wall",
         value_at(&lines, record_at(&lines, "monster", 1), "kind"), cell.x, cell.y);
    expect_load(s, "a monster in a closed door", &lines, LOAD_DAMAGED, &door);
    free_lines(&lines);

    /* an item may lie under the player, and a trap under an item */
    copy_lines(&lines, &s->base);
    set_key(&lines, record_at(&lines, "item", 0), "pos", "%d %d", player.x, player.y);
    Point trap = point_of(&lines, record_at(&lines, "trap", 0), "pos");
    set_key(&lines, record_at(&lines, "item", 1), "pos", "%d %d", trap.x, trap.y);
    Wanted none = {0};
    expect_load(s, "an item under the player, another on a trap", &lines, LOAD_OK, &none);
    free_lines(&lines);
}

/* Every trap a dart trap but the first, which is a trapdoor */
static void one_trapdoor(Lines *lines)
{
    for (int i = 0; i < record_count(lines, "trap"); ++i) {
        set_key(lines, record_at(lines, "trap", i), "kind", i == 0 ? "trapdoor" : "dart");
    }
}

static void test_floors(Suite *s)
{
    Point stairs = run_level(s->base_run)->stairs;
    Lines lines;
    copy_lines(&lines, &s->base);
    one_trapdoor(&lines);
    set_key(&lines, record_at(&lines, "run", 0), "floor", "9");
    set_letter(&lines, stairs, '.');
    Wanted last = {0};
    want(&last, "save.txt: a trapdoor can't be on the last floor");
    expect_load(s, "a trapdoor on floor 9", &lines, LOAD_DAMAGED, &last);
    free_lines(&lines);

    for (int floor = 3; floor <= 6; floor += 3) {
        copy_lines(&lines, &s->base);
        one_trapdoor(&lines);
        set_key(&lines, record_at(&lines, "run", 0), "floor", "%d", floor);
        Wanted amulet = {0};
        want(&amulet, "save.txt: a trapdoor can't be on an Amulet's floor");
        expect_load(s, "a trapdoor on an Amulet's floor", &lines, LOAD_DAMAGED, &amulet);
        free_lines(&lines);
    }

    copy_lines(&lines, &s->base);
    set_key(&lines, record_at(&lines, "run", 0), "floor", "5");
    set_letter(&lines, stairs, '.');
    Wanted none = {0};
    want(&none, "save.txt: the map has 0 stairs down, where floor 5 has one");
    expect_load(s, "no stairs on floor 5", &lines, LOAD_DAMAGED, &none);
    free_lines(&lines);

    copy_lines(&lines, &s->base);
    set_letter(&lines, free_cell(s->base_run, 0), '>');
    Wanted two = {0};
    want(&two, "save.txt: the map has 2 stairs down, where floor 2 has one");
    expect_load(s, "two stairs on floor 2", &lines, LOAD_DAMAGED, &two);
    free_lines(&lines);

    copy_lines(&lines, &s->base);
    for (int i = 0; i < record_count(&lines, "trap"); ++i) {
        set_key(&lines, record_at(&lines, "trap", i), "kind", "alarm");
    }
    set_key(&lines, record_at(&lines, "run", 0), "floor", "9");
    Wanted bottom = {0};
    want(&bottom, "save.txt: the map has 1 stairs down, where floor 9 has none");
    expect_load(s, "stairs on floor 9", &lines, LOAD_DAMAGED, &bottom);

    /* and floor 9 without them is a floor 9 */
    set_letter(&lines, stairs, '.');
    Wanted nothing = {0};
    expect_load(s, "floor 9 without stairs", &lines, LOAD_OK, &nothing);
    free_lines(&lines);
}

static void test_amulets_counted(Suite *s)
{
    Lines lines;
    copy_lines(&lines, &s->base);
    set_key(&lines, record_at(&lines, "player", 0), "amulets", "2");
    int at = record_at(&lines, "trap", 0);
    add_item(&lines, at, free_cell(s->base_run, 0), "amulet", 1);
    Wanted none = {0};
    expect_load(s, "two Amulets carried and one lying", &lines, LOAD_OK, &none);

    set_key(&lines, record_at(&lines, "item", record_count(&lines, "item") - 1), "count", "2");
    Wanted four = {0};
    want(&four, "save.txt: there are only 3 Amulets");
    expect_load(s, "two Amulets carried and two lying", &lines, LOAD_DAMAGED, &four);

    set_key(&lines, record_at(&lines, "player", 0), "amulets", "0");
    set_key(&lines, record_at(&lines, "item", record_count(&lines, "item") - 1), "count", "1");
    add_item(&lines, record_at(&lines, "trap", 0), free_cell(s->base_run, 1), "amulet", 1);
    add_item(&lines, record_at(&lines, "trap", 0), free_cell(s->base_run, 2), "amulet", 1);
    add_item(&lines, record_at(&lines, "trap", 0), free_cell(s->base_run, 3), "amulet", 1);
    expect_load(s, "four Amulets lying", &lines, LOAD_DAMAGED, &four);
    free_lines(&lines);
}

/* ---- What the player remembers ------------------------------------------- */

/* The nth cell of this terrain the player has seen, with nothing on it,
 * or (explored false) never seen */
static Point cell_of(const Run *run, Terrain terrain, bool explored, int nth)
{
    const Level *level = run_level(run);
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        bool taken = point_eq(p, run_player(run)->pos) || lvl_monster_at(level, p) >= 0 ||
                     lvl_item_at(level, p) >= 0 || lvl_trap_at(level, p) >= 0;
        if (!taken && map_at_point(&level->map, p) == terrain &&
            map_explored(&level->map, p.x, p.y) == explored && nth-- == 0) {
            return p;
        }
    }
    fprintf(stderr, "the base floor has too few cells of terrain %d\n", terrain);
    exit(EXIT_FAILURE);
}

/* Adds a [remembered_item] (of one mace) or [remembered_monster] (a
 * jackal) before the record at `at`; returns the line of its pos */
static int add_remembered(Lines *lines, int at, const char *type, Point pos)
{
    bool item = strcmp(type, "remembered_item") == 0;
    insert_line(lines, at++, "[%s]", type);
    insert_line(lines, at++, "kind = %s", item ? "mace" : "jackal");
    if (item) insert_line(lines, at++, "count = 1");
    insert_line(lines, at++, "pos = %d %d", pos.x, pos.y);
    insert_line(lines, at++, "%s", "");
    return at - 1;
}

static void expect_cell_remembered(Suite *s, Point cell, char known, const char *message)
{
    Lines lines;
    copy_lines(&lines, &s->base);
    set_known(&lines, cell, known);
    Wanted wanted = {0};
    if (message != NULL) want(&wanted, "save.txt: the cell at %d, %d is %s", cell.x, cell.y, message);
    char name[96];
    snprintf(name, sizeof name, "%d, %d remembered as '%c'", cell.x, cell.y, known);
    expect_load(s, name, &lines, message != NULL ? LOAD_DAMAGED : LOAD_OK, &wanted);
    free_lines(&lines);
}

/* Only a door's cell can be remembered as other than it looks: as the
 * other door, or (found since) as a wall */
static void test_remembered_terrain(Suite *s)
{
    const Run *run = s->base_run;
    Point wall = cell_of(run, T_WALL, true, 0), floor = cell_of(run, T_FLOOR, true, 0);
    Point door = cell_of(run, T_CLOSED_DOOR, true, 0);
    expect_cell_remembered(s, wall, '.', "a wall, which can't be remembered as floor");
    expect_cell_remembered(s, floor, '#', "floor, which can't be remembered as a wall");
    expect_cell_remembered(s, floor, '+', "floor, which can't be remembered as a closed door");
    expect_cell_remembered(s, door, '.', "a closed door, which can't be remembered as floor");
    expect_cell_remembered(s, door, '/', NULL);
    expect_cell_remembered(s, door, '#', NULL);

    /* a secret door is only ever remembered as a wall */
    Lines lines;
    copy_lines(&lines, &s->base);
    set_letter(&lines, wall, 'S');
    CHECK(known_letter(&lines, wall) == '#');
    Wanted none = {0};
    expect_load(s, "a secret door remembered as a wall", &lines, LOAD_OK, &none);
    set_known(&lines, wall, 'S');
    Wanted secret = {0};
    want(&secret, "save.txt: the cell at %d, %d is a secret door, which can't be remembered as a secret "
                  "door", wall.x, wall.y);
    expect_load(s, "a secret door remembered as one", &lines, LOAD_DAMAGED, &secret);
    free_lines(&lines);
}

static void expect_remembered_at(Suite *s, const char *type, Point pos, const char *message)
{
    Lines lines;
    copy_lines(&lines, &s->base);
    add_remembered(&lines, lines.count, type, pos);
    Wanted wanted = {0};
    want(&wanted, "save.txt: the remembered %s at %d, %d %s", strcmp(type, "remembered_item") == 0 ?
         "mace" : "jackal", pos.x, pos.y, message);
    expect_load(s, message, &lines, LOAD_DAMAGED, &wanted);
    free_lines(&lines);
}

static void test_remembered_things(Suite *s)
{
    static const char *const TYPES[] = {"remembered_item", "remembered_monster"};
    Point floor = cell_of(s->base_run, T_FLOOR, true, 0);
    for (int t = 0; t < 2; ++t) {
        const char *type = TYPES[t];
        Lines lines;
        copy_lines(&lines, &s->base);
        int pos = add_remembered(&lines, lines.count, type, floor);
        Wanted none = {0};
        expect_load(s, type, &lines, LOAD_OK, &none);

        int at = pos - 1;
        while (lines.at[at][0] != '[') --at;
        set_key(&lines, at, "pos", "64 3");
        Wanted off = {0};
        want(&off, "save.txt:%d: 'pos' is off the map", pos);
        expect_load(s, "remembered off the map", &lines, LOAD_DAMAGED, &off);

        set_key(&lines, at, "pos", "%d %d", floor.x, floor.y);
        int second = add_remembered(&lines, lines.count, type, floor);
        Wanted twice = {0};
        want(&twice, "save.txt:%d: another [%s] is at %d, %d", second, type, floor.x, floor.y);
        expect_load(s, "two remembered on a cell", &lines, LOAD_DAMAGED, &twice);
        free_lines(&lines);

        expect_remembered_at(s, type, cell_of(s->base_run, T_FLOOR, false, 0), "is on a cell never seen");
        expect_remembered_at(s, type, cell_of(s->base_run, T_WALL, true, 0), "is in a wall");
    }
    Lines lines;
    copy_lines(&lines, &s->base);
    int at = record_at(&lines, "remembered_item", 0);
    int line = set_key(&lines, at, "kind", "crown");
    Wanted kind = {0};
    want(&kind, "save.txt:%d: no kind of item is called 'crown'", line);
    expect_load(s, "a remembered item of no kind", &lines, LOAD_DAMAGED, &kind);
    free_lines(&lines);
    expect_key(s, "a remembered stack of none", "remembered_item", 0, "count", "0",
               "'count' should be at least 1");
    expect_missing_key(s, "a remembered item nowhere", "remembered_item", "pos");

    copy_lines(&lines, &s->base);
    line = add_remembered(&lines, lines.count, "remembered_monster", floor) - 1;
    set_line(&lines, line - 1, "kind = dragonet");
    Wanted monster = {0};
    want(&monster, "save.txt:%d: no kind of monster is called 'dragonet'", line);
    expect_load(s, "a remembered monster of no kind", &lines, LOAD_DAMAGED, &monster);
    free_lines(&lines);
}

/* The index of the first monster the player saw, whose record has seen_at */
static int seen_monster(const Lines *lines)
{
    for (int i = 0; i < record_count(lines, "monster"); ++i) {
        int record = record_at(lines, "monster", i);
        for (int j = record + 1; j < record_end(lines, record); ++j) {
            if (strncmp(lines->at[j], "seen_at = ", 10) == 0) return i;
        }
    }
    exit(EXIT_FAILURE);
}

static void test_monster_seen_at(Suite *s)
{
    int nth = seen_monster(&s->base);
    expect_key(s, "last seen off the map", "monster", nth, "seen_at", "3 36", "'seen_at' is off the map");
    Lines lines;
    copy_lines(&lines, &s->base);
    int record = record_at(&lines, "monster", nth);
    Point never = cell_of(s->base_run, T_FLOOR, false, 0);
    set_key(&lines, record, "seen_at", "%d %d", never.x, never.y);
    Point pos = point_of(&lines, record, "pos");
    Wanted wanted = {0};
    want(&wanted, "save.txt: the %s at %d, %d was last seen at %d, %d, a cell never seen",
         value_at(&lines, record, "kind"), pos.x, pos.y, never.x, never.y);
    expect_load(s, "last seen on a cell never seen", &lines, LOAD_DAMAGED, &wanted);
    free_lines(&lines);
}

/* ---- Version 1 ------------------------------------------------------------ */

/* The base save without what version 3 added: the class, the quiver,
 * and the turn of a monster's last breath */
static void drop_version_3(Lines *lines)
{
    while (record_count(lines, "message") > 0) delete_record(lines, record_at(lines, "message", 0));
    for (int i = 0; i < lines->count; ++i) {
        if (strncmp(lines->at[i], "quiver = ", 9) == 0 || strncmp(lines->at[i], "last_breath = ", 14) == 0 ||
            strncmp(lines->at[i], "class = ", 8) == 0) {
            delete_lines(lines, i--, 1);
        }
    }
}

/* A save as version 3 would write it after reading the base save made
 * older: the same, less what the older version didn't hold */
static char *base_made_older(Suite *s)
{
    Lines older;
    copy_lines(&older, &s->base);
    drop_version_3(&older);
    size_t length;
    char *text = join(&older, &length);
    free_lines(&older);
    return text;
}

/* The base save as version 2 wrote it: its stacks lettered in order, as
 * the base's are, with no letters given */
static void to_version_2(Lines *lines)
{
    drop_version_3(lines);
    for (int i = 0; i < lines->count; ++i) {
        if (strncmp(lines->at[i], "letter = ", 9) == 0) delete_lines(lines, i--, 1);
    }
    set_key(lines, record_at(lines, "save", 0), "version", "2");
}

/* Reads a save, writes it again, and checks it's the text expected */
static void check_rewritten(Suite *s, Lines *lines, const char *expected)
{
    size_t length;
    char *text = join(lines, &length);
    Errors errors = {0};
    Run *run = NULL;
    CHECK_INT(save_read(s->data, text, strlen(text), &run, &errors), LOAD_OK);
    if (run != NULL) {
        char *again = save_write(run, NULL);
        CHECK_SAME_STATE(again, expected);
        free(again);
    }
    run_free(run);
    errors_clear(&errors);
    free(text);
}

static void test_version_2(Suite *s)
{
    Lines lines;
    copy_lines(&lines, &s->base);
    to_version_2(&lines);
    Wanted none = {0};
    expect_load(s, "the base save as version 2", &lines, LOAD_OK, &none);
    char *older = base_made_older(s);
    check_rewritten(s, &lines, older);
    free(older);
    /* version 3's keys are unknown to version 2 */
    int player = record_at(&lines, "player", 0);
    insert_line(&lines, player + 2, "quiver = dart");
    Wanted key = {0};
    want(&key, "save.txt:%d: unknown key 'quiver'", player + 3);
    expect_load(s, "a version 2 save with a quiver", &lines, LOAD_DAMAGED, &key);
    free_lines(&lines);
}

/* The base save as version 1 wrote it: rows explored in 0s and 1s, and
 * nothing remembered */
/* The base save as a run of no class, as every run before version 3 was */
static void without_class(Lines *lines)
{
    delete_lines(lines, key_at(lines, record_at(lines, "run", 0), "class"), 1);
}

static void to_version_1(Lines *lines)
{
    to_version_2(lines);
    set_key(lines, record_at(lines, "save", 0), "version", "1");
    while (record_count(lines, "remembered_item") > 0) delete_record(lines, record_at(lines, "remembered_item", 0));
    for (int i = 0; i < lines->count; ++i) {
        if (strncmp(lines->at[i], "seen_at = ", 10) == 0) delete_lines(lines, i--, 1);
    }
    for (int y = 0; y < MAP_H; ++y) {
        int i = key_at(lines, record_at(lines, "row", y), "known");
        char explored[MAP_W + 1];
        for (int x = 0; x < MAP_W; ++x) explored[x] = lines->at[i][8 + x] == '-' ? '0' : '1';
        explored[MAP_W] = '\0';
        set_line(lines, i, "explored = %s", explored);
    }
}

static void test_version_1(Suite *s)
{
    Lines lines;
    copy_lines(&lines, &s->base);
    to_version_1(&lines);
    Wanted none = {0};
    expect_load(s, "the base save as version 1", &lines, LOAD_OK, &none);
    /* what it knew is worked out again, and saved as this version it's
     * the base save again, less what version 1 didn't hold */
    char *older = base_made_older(s);
    check_rewritten(s, &lines, older);
    free(older);

    int row = record_at(&lines, "row", 5);
    char explored[MAP_W + 1];
    snprintf(explored, sizeof explored, "%s", value_at(&lines, row, "explored"));
    Lines damaged;
    copy_lines(&damaged, &lines);
    explored[30] = '2';
    int line = set_key(&damaged, row, "explored", "%s", explored);
    Wanted bits = {0};
    want(&bits, "save.txt:%d: 'explored' is 0s and 1s", line);
    expect_load(s, "explored with a 2", &damaged, LOAD_DAMAGED, &bits);
    free_lines(&damaged);

    copy_lines(&damaged, &lines);
    line = set_key(&damaged, row, "explored", "%s0", value_at(&lines, row, "explored"));
    Wanted wide = {0};
    want(&wide, "save.txt:%d: a row is 64 cells across", line);
    expect_load(s, "explored 65 wide", &damaged, LOAD_DAMAGED, &wide);
    free_lines(&damaged);

    /* version 2's records and keys are unknown to version 1 */
    copy_lines(&damaged, &lines);
    int at = add_remembered(&damaged, damaged.count, "remembered_item", cell_of(s->base_run, T_FLOOR, true, 0));
    while (damaged.at[at][0] != '[') --at;
    Wanted record = {0};
    want(&record, "save.txt:%d: unknown record [remembered_item]", at + 1);
    expect_load(s, "a version 1 save remembering an item", &damaged, LOAD_DAMAGED, &record);
    free_lines(&damaged);

    copy_lines(&damaged, &lines);
    int monster = record_at(&damaged, "monster", 0);
    insert_line(&damaged, monster + 2, "seen_at = 1 1");
    Wanted key = {0};
    want(&key, "save.txt:%d: unknown key 'seen_at'", monster + 3);
    expect_load(s, "a version 1 monster last seen", &damaged, LOAD_DAMAGED, &key);
    free_lines(&damaged);

    copy_lines(&damaged, &lines);
    insert_line(&damaged, row + 2, "known = %s", value_at(&s->base, record_at(&s->base, "row", 5), "known"));
    Wanted known = {0};
    want(&known, "save.txt:%d: unknown key 'known'", row + 3);
    expect_load(s, "a version 1 row with what's known", &damaged, LOAD_DAMAGED, &known);
    free_lines(&damaged);
    free_lines(&lines);
}

/* Version 2, before classes: a run of no class, which saves as version 3
 * without one; the class key is version 3's. And version 3's class: one
 * the data has */
static void test_version_2_and_the_class(Suite *s)
{
    Lines lines;
    copy_lines(&lines, &s->base);
    to_version_2(&lines);
    Wanted none = {0};
    size_t length;
    char *text = join(&lines, &length);
    Errors errors = {0};
    Run *run = NULL;
    CHECK_INT(save_read(s->data, text, strlen(text), &run, &errors), LOAD_OK);
    if (run != NULL) {
        CHECK_INT(run_class(run), RUN_NO_CLASS);
        CHECK_STR(run_class_name(run), "Adventurer");
        char *again = save_write(run, NULL);
        char version[32];
        snprintf(version, sizeof version, "\nversion = %d\n", SAVE_VERSION);
        CHECK(strstr(again, version) != NULL && strstr(again, "class =") == NULL);
        free(again);
    }
    run_free(run);
    errors_clear(&errors);
    free(text);

    int at = record_at(&lines, "run", 0) + 1;
    insert_line(&lines, at, "class = fighter");
    Wanted unknown = {0};
    want(&unknown, "save.txt:%d: unknown key 'class'", at + 1);
    expect_load(s, "a version 2 save with a class", &lines, LOAD_DAMAGED, &unknown);
    free_lines(&lines);

    expect_key(s, "a class the data hasn't", "run", 0, "class", "wizard",
               "no class is called 'wizard'");
    expect_key(s, "a class that isn't an id", "run", 0, "class", "Fighter",
               "'class' should be lowercase letters, digits and _");
    /* left out: a run of no class */
    copy_lines(&lines, &s->base);
    without_class(&lines);
    expect_load(s, "a version 3 save of no class", &lines, LOAD_OK, &none);
    free_lines(&lines);
}

/* ---- Several mistakes ---------------------------------------------------- */

static void test_several(Suite *s)
{
    /* Mistakes in values: every one, in the file's order, after the
     * lines the record format itself couldn't read */
    Lines lines;
    copy_lines(&lines, &s->base);
    int hp = set_key(&lines, record_at(&lines, "player", 0), "hp", "99");
    int terrain = set_letter(&lines, (Point){3, 7}, '?');
    int state = set_key(&lines, record_at(&lines, "monster", 1), "state", "napping");
    int trap = set_key(&lines, record_at(&lines, "trap", 1), "kind", "spikes");
    int garbage = lines.count;
    insert_line(&lines, lines.count, "this isn't a line of a save");
    Wanted values = {0};
    want(&values, "save.txt:%d: 'this isn't a line of a save' isn't a [record] line, a key = value, "
                  "a | row or a # comment", garbage + 1);
    want(&values, "save.txt:%d: 'hp' is more than 'max_hp'", hp);
    want(&values, "save.txt:%d: no terrain is called '?'", terrain);
    want(&values, "save.txt:%d: no state is called 'napping'", state);
    want(&values, "save.txt:%d: no kind of trap is called 'spikes'", trap);
    expect_load(s, "several mistakes in values", &lines, LOAD_DAMAGED, &values);
    free_lines(&lines);

    /* Mistakes in the records together */
    copy_lines(&lines, &s->base);
    int run = record_at(&lines, "run", 0);
    int end = record_end(&lines, run);
    for (int i = run; i < end; ++i) insert_line(&lines, end + (i - run), "%s", lines.at[i]);
    delete_record(&lines, record_at(&lines, "row", 20));
    delete_record(&lines, record_at(&lines, "row", 3));
    delete_record(&lines, record_at(&lines, "look", 2));
    delete_record(&lines, record_at(&lines, "look", 0));
    Wanted whole = {0};
    want(&whole, "save.txt: a save has one [run]");
    want(&whole, "save.txt: row 3 of the map is missing");
    want(&whole, "save.txt: row 20 of the map is missing");
    want(&whole, "save.txt: the %s has no [look]", s->data->items[0].id);
    want(&whole, "save.txt: the %s has no [look]", s->data->items[2].id);
    expect_load(s, "several mistakes together", &lines, LOAD_DAMAGED, &whole);
    free_lines(&lines);

    /* Mistakes of place */
    copy_lines(&lines, &s->base);
    Point wall = wall_cell(s->base_run);
    set_key(&lines, record_at(&lines, "player", 0), "pos", "%d %d", wall.x, wall.y);
    int monster = record_at(&lines, "monster", 1);
    set_key(&lines, monster, "pos", "80 3");
    Point first = point_of(&lines, record_at(&lines, "item", 0), "pos");
    int item = record_at(&lines, "item", 2);
    set_key(&lines, item, "pos", "%d %d", first.x, first.y);
    set_key(&lines, record_at(&lines, "trap", 1), "pos", "0 0");
    set_letter(&lines, run_level(s->base_run)->stairs, '.');
    Wanted places = {0};
    want(&places, "save.txt: the player at %d, %d is in a wall", wall.x, wall.y);
    want(&places, "save.txt: the %s at 80, 3 is off the map", value_at(&lines, monster, "kind"));
    want(&places, "save.txt: the %s at %d, %d shares its cell", value_at(&lines, item, "kind"), first.x,
         first.y);
    want(&places, "save.txt: the %s at 0, 0 is in a wall",
         value_at(&lines, record_at(&lines, "trap", 1), "kind"));
    want(&places, "save.txt: the map has 0 stairs down, where floor 2 has one");
    expect_load(s, "several mistakes of place", &lines, LOAD_DAMAGED, &places);

    /* The stages come in order: a save with values wrong has no places
     * worth checking yet, so only the values are listed */
    hp = set_key(&lines, record_at(&lines, "player", 0), "hp", "99");
    delete_record(&lines, record_at(&lines, "row", 30));
    Wanted first_stage = {0};
    want(&first_stage, "save.txt:%d: 'hp' is more than 'max_hp'", hp);
    expect_load(s, "the values' mistakes first", &lines, LOAD_DAMAGED, &first_stage);
    free_lines(&lines);
}

/* ---- Mangled copies ---------------------------------------------------- */

typedef struct Buffer {
    char *text;
    size_t length, capacity;
} Buffer;

static void reserve(Buffer *b, size_t more)
{
    if (b->length + more <= b->capacity) return;
    b->capacity = (b->length + more) * 2;
    b->text = realloc(b->text, b->capacity);
    if (b->text == NULL) exit(EXIT_FAILURE);
}

static size_t line_start(const Buffer *b, size_t at)
{
    while (at > 0 && b->text[at - 1] != '\n') --at;
    return at;
}

static size_t line_end(const Buffer *b, size_t at)
{
    while (at < b->length && b->text[at] != '\n') ++at;
    return at < b->length ? at + 1 : at;
}

/* One random change: a byte set to anything, a bit flipped, a digit
 * changed (which often still reads, as another run), bytes deleted, a
 * line given twice, two lines swapped, or the end cut off */
static void mangle(Buffer *b, Rng *dice)
{
    if (b->length == 0) return;
    size_t at = (size_t)rng_roll(dice, 0, (int)b->length - 1);
    switch (rng_roll(dice, 0, 6)) {
    case 0:
        b->text[at] = (char)rng_roll(dice, 0, 255);
        break;
    case 1:
        b->text[at] = (char)(b->text[at] ^ (1 << rng_roll(dice, 0, 7)));
        break;
    case 2: {
        while (at < b->length && (b->text[at] < '0' || b->text[at] > '9')) ++at;
        if (at < b->length) b->text[at] = (char)('0' + rng_roll(dice, 0, 9));
        break;
    }
    case 3: {
        size_t n = (size_t)rng_roll(dice, 1, 40);
        if (n > b->length - at) n = b->length - at;
        memmove(b->text + at, b->text + at + n, b->length - at - n);
        b->length -= n;
        break;
    }
    case 4: {
        size_t start = line_start(b, at), end = line_end(b, at);
        reserve(b, end - start);
        memmove(b->text + end + (end - start), b->text + end, b->length - end);
        memcpy(b->text + end, b->text + start, end - start);
        b->length += end - start;
        break;
    }
    case 5: {
        /* swaps this line with the one after it */
        size_t start = line_start(b, at), middle = line_end(b, at), end = line_end(b, middle);
        if (middle == end || b->text[middle - 1] != '\n' || b->text[end - 1] != '\n') break;
        char *first = copy_text(b->text + start, middle - start);
        memmove(b->text + start, b->text + middle, end - middle);
        memcpy(b->text + start + (end - middle), first, middle - start);
        free(first);
        break;
    }
    default:
        b->length = at;
        break;
    }
}

typedef struct Tally {
    int ok, damaged, other_version;
} Tally;

/* A few commands for a run that loaded, to see it plays on soundly */
static void play_on(Run *run, Rng *dice)
{
    for (int i = 0; i < 8 && run_mode(run) == MODE_PLAYING; ++i) {
        int what = rng_roll(dice, 0, 9);
        Command command = what < 8 ? cmd_make(CMD_MOVE, what)
                                   : cmd_make(what == 8 ? CMD_WAIT : CMD_SEARCH, 0);
        run_command(run, command);
        if (!run_invariants_hold(run)) break;
    }
}

static bool message_is_plain(const char *line)
{
    if (strncmp(line, "save.txt", 8) != 0 || strlen(line) > 200) return false;
    for (const unsigned char *p = (const unsigned char *)line; *p; ++p) {
        if (*p < 0x20 || *p == 0x7F) return false;
    }
    return true;
}

static void read_mangled(Suite *s, const Buffer *b, int round, Tally *tally)
{
    Errors errors = {0};
    Run *run = NULL;
    LoadResult result = save_read(s->data, b->text, b->length, &run, &errors);
    CHECK(result == LOAD_OK || result == LOAD_DAMAGED || result == LOAD_OTHER_VERSION);
    CHECK((run != NULL) == (result == LOAD_OK));
    CHECK((errors.count == 0) == (result == LOAD_OK));
    for (int i = 0; i < errors.count; ++i) CHECK(message_is_plain(errors.lines[i]));
    if (result == LOAD_OTHER_VERSION) CHECK_INT(errors.count, 1);
    tally->ok += result == LOAD_OK;
    tally->damaged += result == LOAD_DAMAGED;
    tally->other_version += result == LOAD_OTHER_VERSION;
    if (run != NULL) {
        CHECK(run_invariants_hold(run));
        /* what it writes reads back, and writes the same again */
        size_t length;
        char *text = save_write(run, &length);
        Errors again_errors = {0};
        Run *again = NULL;
        CHECK_INT(save_read(s->data, text, length, &again, &again_errors), LOAD_OK);
        if (again != NULL) {
            char *twice = save_write(again, NULL);
            CHECK_SAME_STATE(twice, text);
            free(twice);
        }
        /* dice of its own, so the copies to come don't hang on how it plays */
        Rng dice;
        rng_seed(&dice, (uint64_t)round);
        play_on(run, &dice);
        run_free(again);
        errors_clear(&again_errors);
        free(text);
    }
    run_free(run);
    errors_clear(&errors);
}

static void test_mangled(Suite *s)
{
    size_t length;
    char *base = join(&s->base, &length);
    Rng dice;
    rng_seed(&dice, 20240617);
    Tally tally = {0};
    const int rounds = 3000;
    Buffer b = {0};
    for (int round = 0; round < rounds; ++round) {
        b.length = 0;
        reserve(&b, length);
        memcpy(b.text, base, length);
        b.length = length;
        int changes = rng_roll(&dice, 1, 3);
        for (int i = 0; i < changes; ++i) mangle(&b, &dice);
        read_mangled(s, &b, round, &tally);
    }
    printf("%d mangled saves: %d loaded, %d damaged, %d of another version\n", rounds, tally.ok,
           tally.damaged, tally.other_version);
    CHECK(tally.ok >= rounds / 20);
    CHECK(tally.damaged >= rounds / 2);
    CHECK(save_digest(s->live) == s->live_digest);
    free(b.text);
    free(base);
}

/* ---- The data with three more weapons, for a 21st stack ------------------ */

static char *read_data_file(const char *name, size_t extra, size_t *length)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/%s", AMULETS_SOURCE_DIR, name);
    FILE *file = fopen(path, "rb");
    if (file == NULL) exit(EXIT_FAILURE);
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)size + extra + 1);
    if (text == NULL || fread(text, 1, (size_t)size, file) != (size_t)size) exit(EXIT_FAILURE);
    fclose(file);
    text[size] = '\0';
    *length = (size_t)size;
    return text;
}

static void load_more_data(GameData *data)
{
    size_t monsters_length, items_length, vaults_length, classes_length;
    char *monsters = read_data_file("monsters.txt", 0, &monsters_length);
    char *items = read_data_file("items.txt", 1024, &items_length);
    char *vaults = read_data_file("vaults.txt", 0, &vaults_length);
    char *classes = read_data_file("classes.txt", 0, &classes_length);
    for (int i = 1; i <= 3; ++i) {
        items_length += (size_t)sprintf(items + items_length,
                                        "\n[weapon]\nid = test_blade_%d\nname = test blade %d\n"
                                        "tile = sword\nfrequency = 0\ndamage = 1 2\n", i, i);
    }
    Errors errors = {0};
    bool ok = data_load_texts(data, monsters, monsters_length, items, items_length, vaults,
                              vaults_length, classes, classes_length, &errors);
    for (int i = 0; i < errors.count; ++i) fprintf(stderr, "%s\n", errors.lines[i]);
    if (!ok) exit(EXIT_FAILURE);
    errors_clear(&errors);
    free(monsters);
    free(items);
    free(vaults);
    free(classes);
}

int main(void)
{
    GameData data = {0}, more_data = {0};
    load_shipped_data(&data);
    load_more_data(&more_data);
    Run *base = base_run(&data);
    static Suite suite;
    Suite *s = &suite;
    s->data = &data;
    s->more_data = &more_data;
    s->base_run = base;
    char *text = save_write(base, NULL);
    split(&s->base, text);
    free(text);
    s->live = run_new(&data, 77, 1);
    for (int i = 0; i < 12; ++i) run_command(s->live, cmd_make(CMD_MOVE, (i % 8)));
    s->live_digest = save_digest(s->live);

    check_base(s);
    test_edited_by_hand(s);
    test_not_starting_with_save(s);
    test_other_version(s);
    test_bad_version(s);
    test_run_record(s);
    test_choice(s);
    test_looks(s);
    test_player(s);
    test_carried(s);
    test_rows(s);
    test_monster_values(s);
    test_item_and_trap_values(s);
    test_full_floor(s);
    test_records_together(s);
    test_places(s);
    test_floors(s);
    test_amulets_counted(s);
    test_remembered_terrain(s);
    test_remembered_things(s);
    test_monster_seen_at(s);
    test_version_1(s);
    test_version_2(s);
    test_version_2_and_the_class(s);
    test_several(s);
    printf("%d damaged and whole saves read\n", s->loads);
    test_mangled(s);

    free_lines(&s->base);
    run_free(s->live);
    run_free(base);
    data_free(&more_data);
    data_free(&data);
    return check_done("test_save_checks");
}
