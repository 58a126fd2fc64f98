/* A continued run plays on exactly as the run that never stopped. For
 * each class, runs of keys a player might press (chosen as they play:
 * exploring, travelling, resting, looking, aiming, firing and throwing,
 * the pack, closing doors, the questions, the menu, the info pages) are
 * played in one Input (the straight run), and at save points along the
 * way the run is saved as a player leaving saves it (input_stop, as a
 * signal does; input_leave, as the window's close does), a fresh Input
 * continues the save in a folder of its own and plays the same keys on.
 * After every key both must agree on the run's digest, the screen, the
 * cursor and the page, the log's lines since the save, and the
 * explorer's every field; and the continued run's recording plays back
 * (as --replay FILE --digest does) to its digest.
 *
 * The save points are chosen to fall mid-aim, mid-explore, mid-rest and
 * mid-travel (between the presses of o, Z and G that go on, and in a
 * string of steps stopped by the save itself), in the pack, closing a
 * door, at a yes or no, in the menu and "quit without saving?", on
 * every info page, looking, after a shot, and with a missile on the
 * floor: at least 1,000 of them, with no difference. */
#define _POSIX_C_SOURCE 200809L
#include "files.h"

#include "explore.h"
#include "heed.h"
#include "fingerprint.h"
#include "input.h"
#include "playback.h"
#include "run_debug.h"
#include "runtest.h"
#include "save.h"

static GameData data;
static char root[PATH_SIZE];

/* ---- Actions: what the player does, a key or the mouse ------------------ */

typedef enum ActKind { ACT_KEY, ACT_POINT, ACT_CLICK } ActKind;

typedef struct Action {
    ActKind kind;
    int key;
    Point cell;
    int steps;        /* auto-explore's steps after the key: -1 to its stop */
} Action;

static void act(Input *input, Action a)
{
    if (a.kind == ACT_POINT) {
        input_point(input, &a.cell);
    } else if (a.kind == ACT_CLICK) {
        input_click(input, a.cell);
    } else {
        input_key(input, a.key);
    }
    for (int i = 0; input_auto_going(input) && (a.steps < 0 || i < a.steps); ++i) input_auto_step(input);
}

/* ---- Choosing keys as a player would --------------------------------------- */

static int pick(Rng *rng, const int *keys, int count) { return keys[rng_roll(rng, 0, count - 1)]; }

static int direction_key(Rng *rng)
{
    static const int KEYS[] = {'h', 'j', 'k', 'l', 'y', 'u', 'b', 'n'};
    return pick(rng, KEYS, 8);
}

/* A letter the pack holds, now and then one it doesn't */
static int pack_key(const Input *input, Rng *rng)
{
    const Pack *pack = &run_player(input->session.run)->pack;
    int held[PACK_SLOTS], count = 0;
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        if (pack_holds(pack, slot)) held[count++] = slot;
    }
    if (count == 0 || rng_roll(rng, 1, 8) == 1) return 'a' + rng_roll(rng, 0, PACK_SLOTS - 1);
    return 'a' + held[rng_roll(rng, 0, count - 1)];
}

static Point near_cell(const Input *input, Rng *rng)
{
    Point me = run_player(input->session.run)->pos;
    Point p = {me.x + rng_roll(rng, -6, 6), me.y + rng_roll(rng, -5, 5)};
    p.x = p.x < 0 ? 0 : p.x >= MAP_W ? MAP_W - 1 : p.x;
    p.y = p.y < 0 ? 0 : p.y >= MAP_H ? MAP_H - 1 : p.y;
    return p;
}

static Action key(int k) { return (Action){ACT_KEY, k, {0, 0}, -1}; }

static Action playing_action(const Input *input, Rng *rng)
{
    static const int OFTEN[] = {'o', 'o', 'o', 'o', 'o', 'o', 'G', 'Z', 'f', 'f', 't', 'i', 'i', 'd', 'x',
                                'x', 'c', 'g', 'e', 's', '.', '>', AK_ESC, '?', AK_CTRL_P, '@', '\\'};
    int roll = rng_roll(rng, 1, 100);
    const Run *run = input->session.run;
    const Level *level = run_level(run);
    /* down the stairs, asked first while the floor's Amulet lies there */
    if (level->has_stairs && point_eq(level->stairs, run_player(run)->pos) && roll <= 40) return key('>');
    Point stairs;
    if (explore_known_stairs(run, &stairs) && roll >= 90) return key('G');
    SeenMonster seen[4];
    if (roll <= 20 && heed_monsters_in_view(run, seen, 4) > 0) {   /* to the fight */
        int dir = explore_step_toward(run, seen[0].pos, false);
        static const int DIRECTION_KEYS[] = {'k', 'u', 'l', 'n', 'j', 'b', 'h', 'y'};
        if (dir >= 0) return key(DIRECTION_KEYS[dir]);
    }
    if (roll <= 30) return key(direction_key(rng));
    if (roll <= 36) {   /* a string of steps the save may stop half way */
        static const int AUTO[] = {'o', 'o', 'Z', 'G'};
        Action a = key(pick(rng, AUTO, 4));
        a.steps = rng_roll(rng, 1, 6);
        return a;
    }
    if (roll <= 38) return (Action){ACT_CLICK, 0, near_cell(input, rng), -1};
    return key(pick(rng, OFTEN, (int)(sizeof OFTEN / sizeof OFTEN[0])));
}

static Action next_action(const Input *input, Rng *rng)
{
    int roll = rng_roll(rng, 1, 10);
    switch (input_screen(input)) {
    case SCREEN_PLAYING: return playing_action(input, rng);
    case SCREEN_AIMING: {
        if (roll <= 2) return (Action){ACT_POINT, 0, near_cell(input, rng), -1};
        static const int KEYS[] = {AK_TAB, AK_TAB, AK_BACKTAB, AK_ENTER, AK_ENTER, AK_ENTER, 'f', 't', AK_ESC, 'h', 'l', 'k'};
        return key(pick(rng, KEYS, 12));
    }
    case SCREEN_PACK: return key(roll <= 8 ? pack_key(input, rng) : AK_ESC);
    case SCREEN_CLOSING: return key(roll <= 7 ? direction_key(rng) : AK_ESC);
    case SCREEN_CONFIRMING: return key(roll <= 5 ? 'y' : roll <= 8 ? 'n' : AK_ESC);
    case SCREEN_MENU: return key(roll <= 7 ? AK_ESC : roll <= 9 ? 'Q' : 'x');
    case SCREEN_QUIT_ASKED: return key(roll <= 5 ? 'n' : AK_ESC);   /* never yes: that quits */
    case SCREEN_INFO: {
        if (input->info.page == INFO_PICK && roll <= 6) return key(pack_key(input, rng));
        static const int KEYS[] = {'j', 'j', 'k', 'k', 'j', AK_ESC, AK_ESC, AK_ESC, AK_ESC, ' ', '?', AK_TAB};
        return key(pick(rng, KEYS, 12));
    }
    case SCREEN_LOOKING: {
        if (roll <= 1) return (Action){ACT_POINT, 0, near_cell(input, rng), -1};
        static const int KEYS[] = {'h', 'j', 'k', 'l', 'y', 'n', 'l', 'j', 'G', 'G', 'x', AK_ESC, AK_ESC};
        return key(pick(rng, KEYS, 13));
    }
    default: return key(AK_F12);   /* over: the caller stops first */
    }
}

/* ---- What must agree ------------------------------------------------------ */

/* The explorer as the save writes it, every field */
static char *explorer_text(const Input *input)
{
    SchemaOut out = {0};
    explore_write(&input->explorer, input->session.run, &out);
    char *text = schema_out_take(&out, NULL);
    if (text == NULL) exit(EXIT_FAILURE);
    return text;
}

/* The first message said since the continue (after its "Welcome back."),
 * or 0 */
static int since_welcome(const MsgLog *log)
{
    for (int i = msg_count(log) - 1; i >= 0; --i) {
        if (strncmp(msg_get(log, i)->text, "Welcome back.", 13) == 0) return i + 1;
    }
    return 0;
}

/* The continued log's lines since the continue are the straight log's
 * newest, but that the first may be counted up there with a line of the
 * same words said before the save (the continued log has "Welcome back."
 * between them) */
static bool same_lines(const Run *straight, const Run *continued)
{
    const MsgLog *a = run_log(straight), *b = run_log(continued);
    int from = since_welcome(b), count = msg_count(b) - from;
    if (count > msg_count(a)) return false;
    for (int i = 0; i < count; ++i) {
        const Message *x = msg_get(a, msg_count(a) - count + i), *y = msg_get(b, from + i);
        bool counts = i == 0 ? x->count >= y->count : x->count == y->count;
        if (strcmp(x->text, y->text) != 0 || !counts) return false;
    }
    return true;
}

static bool same_page(const InfoState *a, const InfoState *b)
{
    if (a->page != b->page) return false;
    /* the continued history has "Welcome back." too: it's kept as far
     * back from its newest line, so its first line isn't the same */
    if (a->page != INFO_HISTORY && a->page != INFO_NONE && a->scroll != b->scroll) return false;
    return a->page != INFO_EXAMINE || a->slot == b->slot;
}

typedef struct Differences {
    int digest, screen, cursor, log, explorer, recording;
} Differences;

static int total(const Differences *d)
{
    return d->digest + d->screen + d->cursor + d->log + d->explorer + d->recording;
}

static void report_first(const char *what, const char *where)
{
    static int reported;
    if (reported++ < 12) fprintf(stderr, "  %s differs: %s\n", what, where);
}

/* Both inputs after the same keys; true if they agree */
static bool compare(const Input *a, const Input *b, Differences *d, const char *where)
{
    int before = total(d);
    const Run *x = a->session.run, *y = b->session.run;
    /* the fingerprint after each key, the digest itself now and then */
    static unsigned compared;
    bool whole = ++compared % 16 == 0;
    if (whole ? save_digest(x) != save_digest(y) : fingerprint_run(x) != fingerprint_run(y)) {
        ++d->digest;
        report_first("the digest", where);
    }
    if (input_screen(a) != input_screen(b) || !same_page(&a->info, &b->info)) {
        ++d->screen;
        report_first("the screen", where);
    }
    if (!point_eq(a->cursor, b->cursor)) ++d->cursor, report_first("the cursor", where);
    Mode mode = run_mode(x);
    /* a run's end tells of the record and high scores each slot keeps */
    if (mode != MODE_DEAD && mode != MODE_WON && !same_lines(x, y)) ++d->log, report_first("the log", where);
    char *e = explorer_text(a), *f = explorer_text(b);
    if (strcmp(e, f) != 0) ++d->explorer, report_first("the explorer", where);
    free(e);
    free(f);
    return total(d) == before;
}

/* ---- Save points ------------------------------------------------------------ */

typedef enum Point_kind {
    AT_AIMING, AT_PACK, AT_CLOSING, AT_CONFIRMING, AT_MENU, AT_QUIT_ASKED, AT_INFO, AT_LOOKING,
    AT_MID_STEPS, AT_EXPLORING, AT_RESTING, AT_TRAVELLING, AT_AFTER_SHOT, AT_MISSILE_LYING,
    AT_PLAYING, AT_COUNT
} PointKind;

static const char *const POINT_NAMES[AT_COUNT] = {
    "aiming", "in the pack", "closing a door", "at a yes or no", "in the menu",
    "quit without saving?", "on an info page", "looking", "mid-steps", "after o", "after Z",
    "after G or a click", "after a shot", "with a missile lying", "playing",
};

static bool missile_lying(const Run *run)
{
    const Level *level = run_level(run);
    for (int i = 0; i < level->item_count; ++i) {
        const FloorItem *item = &level->items[i];
        if (item->seen && run_data(run)->items[item->stack.kind].item_class == IC_MISSILE) return true;
    }
    return false;
}

/* What the save would fall in after this action */
static PointKind point_kind(const Input *input, Action last, bool shot)
{
    switch (input_screen(input)) {
    case SCREEN_AIMING: return AT_AIMING;
    case SCREEN_PACK: return AT_PACK;
    case SCREEN_CLOSING: return AT_CLOSING;
    case SCREEN_CONFIRMING: return AT_CONFIRMING;
    case SCREEN_MENU: return AT_MENU;
    case SCREEN_QUIT_ASKED: return AT_QUIT_ASKED;
    case SCREEN_INFO: return AT_INFO;
    case SCREEN_LOOKING: return AT_LOOKING;
    default: break;
    }
    if (input_auto_going(input)) return AT_MID_STEPS;
    if (shot) return AT_AFTER_SHOT;
    if (last.kind == ACT_CLICK || (last.kind == ACT_KEY && last.key == 'G')) return AT_TRAVELLING;
    if (last.kind == ACT_KEY && last.key == 'o') return AT_EXPLORING;
    if (last.kind == ACT_KEY && last.key == 'Z') return AT_RESTING;
    return missile_lying(input->session.run) ? AT_MISSILE_LYING : AT_PLAYING;
}

/* How likely a save is there, in tenths: the rarer the likelier */
static const int SAVE_ODDS[AT_COUNT] = {
    [AT_AIMING] = 6, [AT_PACK] = 5, [AT_CLOSING] = 8, [AT_CONFIRMING] = 10, [AT_MENU] = 8,
    [AT_QUIT_ASKED] = 10, [AT_INFO] = 2, [AT_LOOKING] = 4, [AT_MID_STEPS] = 8, [AT_EXPLORING] = 5,
    [AT_RESTING] = 7, [AT_TRAVELLING] = 7, [AT_AFTER_SHOT] = 8, [AT_MISSILE_LYING] = 2, [AT_PLAYING] = 1,
};

/* ---- The continued runs ------------------------------------------------------- */

enum { WINDOW = 16, MOST_GOING = 6 };

typedef struct Continued {
    Input input;
    Slot slot;
    int left;           /* actions still to compare */
    bool parted;        /* it differed from the straight run */
    bool run_parted;    /* its run did: the digest */
    bool verify;        /* its recording is played back at the end */
} Continued;

static void copy_file(const char *from_dir, const char *to_dir, const char *name)
{
    char from[PATH_SIZE], to[PATH_SIZE];
    path_of(from, "%s/%s", from_dir, name);
    path_of(to, "%s/%s", to_dir, name);
    size_t length;
    char *text = contents(from, &length);
    if (text == NULL) return;
    put_file(to, text, length);
    free(text);
}

/* The system's calls but fsync: the test's thousands of saves needn't
 * wait for the disk */
static int no_sync(int fd)
{
    (void)fd;
    return 0;
}

static FileOps quick_ops;

static bool quick_slot(Slot *slot, const char *dir)
{
    char error[SLOT_ERROR_SIZE];
    if (!slot_init(slot, dir, NULL, NULL, error, sizeof error)) return false;
    quick_ops = *file_system_ops();
    quick_ops.fsync = no_sync;
    slot->posix.fs = &quick_ops;
    return true;
}

static void open_input(Input *input, const Slot *slot, uint64_t seed, int floor, int class_index)
{
    InputSetup setup = {.data = &data, .slot = slot, .seed = seed, .start_floor = floor,
                        .class_index = class_index};
    if (!input_open(input, &setup)) exit(EXIT_FAILURE);
}

/* The straight run saved as a player leaving saves it, and continued
 * from a copy of its save and recording by a fresh Input */
static bool start_continued(Continued *c, Input *straight, int number, bool by_close)
{
    InputResult left = by_close ? input_leave(straight) : input_stop(straight);
    CHECK_INT(left, INPUT_QUIT);
    char dir[PATH_SIZE];
    path_of(dir, "%s/continued-%d", root, number);
    if (!quick_slot(&c->slot, dir)) return false;
    copy_file(straight->setup.slot->dir, dir, "save.txt");
    copy_file(straight->setup.slot->dir, dir, "replay.txt");
    const Run *run = straight->session.run;
    open_input(&c->input, &c->slot, straight->setup.seed, run_level(run)->depth, run_class(run));
    if (!CHECK(input_continue(&c->input))) {
        input_free(&c->input);
        return false;
    }
    c->left = WINDOW;
    c->parted = c->run_parted = false;
    c->verify = number % 10 == 0;   /* each plays the whole run back */
    return true;
}

/* Its recording plays back to its run's digest, as --replay --digest */
static bool recording_verifies(Continued *c)
{
    if (run_mode(c->input.session.run) == MODE_DEAD) return true;   /* kept in runs/ */
    input_stop(&c->input);
    Replay replay;
    Errors errors = {0};
    bool good = rep_read_file(&replay, c->slot.replay, &errors);
    Playback playback;
    if (good && playback_start(&playback, &replay, &data, &errors)) {
        good = playback_finish(&playback, &errors) == PLAYBACK_END &&
               save_digest(playback_run(&playback)) == save_digest(c->input.session.run);
        playback_stop(&playback);
    } else {
        good = false;
    }
    for (int i = 0; i < errors.count && i < 3; ++i) fprintf(stderr, "  %s\n", errors.lines[i]);
    if (good) rep_free(&replay);
    errors_clear(&errors);
    return good;
}

static void finish_continued(Continued *c, Differences *d, int *parted, int *run_parted)
{
    *run_parted += c->run_parted;
    if (c->verify && !recording_verifies(c)) {
        ++d->recording;
        report_first("the recording", c->slot.dir);
        c->parted = true;
    }
    *parted += c->parted;
    input_free(&c->input);
    remove_tree(c->slot.dir);
}

/* ---- A run ------------------------------------------------------------------- */

typedef struct Tally {
    int saves, parted, run_parted, at[AT_COUNT];
    Differences differences;
    int number;
} Tally;

/* A save point: the straight run saved and continued, if there's room */
static void save_point(Input *saved, PointKind kind, Continued **going, int *count, Tally *tally,
                       const char *where)
{
    ++tally->at[kind];
    ++tally->saves;
    int number = tally->number++;
    Continued *c = malloc(sizeof *c);   /* its input points to its own slot */
    if (c == NULL) exit(EXIT_FAILURE);
    if (!start_continued(c, saved, number, number % 2 == 1)) {
        free(c);
        return;
    }
    c->parted = !compare(saved, &c->input, &tally->differences, where);
    going[(*count)++] = c;
}

/* One action for the straight runs and every continued one */
static void act_all(Input *pure, Input *saved, Continued **going, int count, Action a)
{
    act(pure, a);
    act(saved, a);
    for (int k = 0; k < count; ++k) act(&going[k]->input, a);
}

/* Sturdy, so a run lasts; and, in some runs, the floor mapped (a scroll
 * of magic mapping read) and its traps known, so travel reaches the
 * stairs and the questions get asked: the Amulet's, and a step onto a
 * known trap */
static void sturdy(Input *input, bool mapped)
{
    Run *run = input->session.run;
    Player *player = run_debug_player(run);
    player->hp = player->max_hp = 400;
    if (!mapped) return;
    int kind = data_find_item(&data, "magic_mapping");
    ident_learn(run_debug_ident(run), kind);
    CHECK(pack_add(&player->pack, (Stack){kind, 1}));
    CHECK(run_command(run, cmd_make(CMD_USE, pack_find(&player->pack, kind))));
    Level *level = run_debug_level(run);
    for (int i = 0; i < level->trap_count; ++i) level->traps[i].known = true;
    for (int d = 0; d < 8; d += 3) {   /* and a dart trap or two close by */
        Point p = point_add(player->pos, DIRS[d]);
        if (!in_bounds(p.x, p.y) || !map_walkable(&level->map, p.x, p.y) || lvl_trap_at(level, p) >= 0 ||
            lvl_monster_at(level, p) >= 0 || (level->has_stairs && point_eq(p, level->stairs))) {
            continue;
        }
        Trap trap = {p, TRAP_DART, true};
        lvl_add_trap(level, &trap);
    }
    run_debug_refresh(run);
}

static bool over(const Input *input)
{
    Mode mode = run_mode(input->session.run);
    return mode == MODE_DEAD || mode == MODE_WON;
}

static void play_run(uint64_t seed, int floor, int class_index, int length, Tally *tally)
{
    Slot slot;
    char dir[PATH_SIZE], where[160];
    path_of(dir, "%s/straight-%llu", root, (unsigned long long)seed);
    if (!quick_slot(&slot, dir)) exit(EXIT_FAILURE);
    Input pure, saved;   /* the straight run never saved, and saved along the way */
    open_input(&pure, NULL, seed, floor, class_index);
    open_input(&saved, &slot, seed, floor, class_index);
    /* sturdy, so a run lasts to the stairs and the Amulet's question: a
     * run made so, whose recording begins from its save (and says so, to
     * both runs alike) */
    sturdy(&pure, seed % 2 == 1);
    sturdy(&saved, seed % 2 == 1);
    session_start(&saved.session, &slot, saved.session.run);
    run_tell(pure.session.run, msg_last(run_log(saved.session.run)));
    Continued *going[MOST_GOING];
    int count = 0;
    Rng rng, chooser;
    rng_seed(&rng, seed * 7919 + (uint64_t)class_index);
    rng_seed(&chooser, seed ^ 0x5a5e);
    for (int i = 0; i < length && !over(&pure); ++i) {
        /* a mapped run's first steps are onto its known traps: asked first */
        static const int ONTO_TRAPS[] = {'k', 'n', 'h'};
        bool onto = seed % 2 == 1 && i < 6 && i % 2 == 0 && input_screen(&pure) == SCREEN_PLAYING;
        Action a = onto ? key(ONTO_TRAPS[i / 2]) : next_action(&pure, &rng);
        bool aiming = input_screen(&pure) == SCREEN_AIMING;
        int turn = run_turn(pure.session.run);
        act_all(&pure, &saved, going, count, a);
        bool shot = aiming && input_screen(&pure) == SCREEN_PLAYING && run_turn(pure.session.run) > turn;
        snprintf(where, sizeof where, "seed %llu floor %d class %d, action %d",
                 (unsigned long long)seed, floor, class_index, i);
        compare(&pure, &saved, &tally->differences, where);
        for (int k = 0; k < count; ++k) {
            int digests = tally->differences.digest;
            if (!compare(&saved, &going[k]->input, &tally->differences, where)) going[k]->parted = true;
            if (tally->differences.digest > digests) going[k]->run_parted = true;
            if (--going[k]->left > 0) continue;
            finish_continued(going[k], &tally->differences, &tally->parted, &tally->run_parted);
            free(going[k]);
            going[k--] = going[--count];
        }
        PointKind kind = point_kind(&pure, a, shot);
        bool save = count < MOST_GOING && !over(&saved) && rng_roll(&chooser, 1, 10) <= SAVE_ODDS[kind];
        /* a string of steps is stopped by a key (a save stops it too) */
        if (a.steps >= 0 && kind != AT_MID_STEPS) save = false;
        if (save) save_point(&saved, kind, going, &count, tally, where);
        if (a.steps >= 0) act_all(&pure, &saved, going, count, key(AK_F12));
    }
    for (int k = 0; k < count; ++k) {
        finish_continued(going[k], &tally->differences, &tally->parted, &tally->run_parted);
        free(going[k]);
    }
    input_free(&pure);
    input_free(&saved);
    remove_tree(dir);
}

int main(void)
{
    load_shipped_data(&data);
    make_test_root(root, "continue");
    Tally tally = {0};
    /* the same under the sanitizers: never fewer than the issue asks */
    const int runs = 10, length = 400;
    for (int c = 0; c < data.class_count; ++c) {
        for (int r = 0; r < runs; ++r) {
            uint64_t seed = 4000 + (uint64_t)(c * 100 + r);
            play_run(seed, 1 + (r * 4 + c) % LAST_FLOOR, c, length, &tally);
        }
    }
    printf("%d save points, %d parted from the straight run (%d in the run itself), %d differences:",
           tally.saves, tally.parted, tally.run_parted, total(&tally.differences));
    for (int k = 0; k < AT_COUNT; ++k) printf("%s %d %s", k ? "," : "", tally.at[k], POINT_NAMES[k]);
    printf("\n");
    const Differences *d = &tally.differences;
    CHECK_INT(d->digest, 0);
    CHECK_INT(d->screen, 0);
    CHECK_INT(d->cursor, 0);
    CHECK_INT(d->log, 0);
    CHECK_INT(d->explorer, 0);
    CHECK_INT(d->recording, 0);
    CHECK(tally.saves >= 1000);
    for (int k = 0; k < AT_COUNT; ++k) CHECK(tally.at[k] >= 5);
    remove_tree(root);
    data_free(&data);
    return check_done("test_continue");
}
