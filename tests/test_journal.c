/* Every command durable (journal.h, durable.h) and every ending recorded
 * once (ending.h):
 * - the journal's lines: read back as written, a torn last line dropped,
 *   a damaged line ending it, a head that isn't one refused;
 * - a run killed (SIGKILL, at each system call of its store in turn) while
 *   it's played by keys comes back, on the next start, at its last event:
 *   the same run and the same screen as the run never killed had then,
 *   whether it had a save or not, on a new floor or mid auto-explore;
 * - a death and a victory killed at each system call of their ending: on
 *   the next start the run is on every record once (never twice, never
 *   lost) and is never continued. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "files.h"
#include "runtest.h"
#include "said.h"
#include "scene.h"

#include "bot.h"
#include "ending.h"
#include "hash.h"
#include "input.h"
#include "journal.h"
#include "resume.h"
#include "save.h"
#include "slot.h"

static GameData data;

/* ---- The journal's lines ------------------------------------------------------ */

static void mem_slot(Slot *slot, MemStore *mem)
{
    char error[SLOT_ERROR_SIZE];
    if (!slot_init_store(slot, store_mem(mem), error, sizeof error)) {
        fprintf(stderr, "%s\n", error);
        exit(EXIT_FAILURE);
    }
}

static const JournalEvent EVENTS[] = {
    {'k', 'h', 0}, {'k', AK_KP4, 0}, {'a', 0, 0}, {'p', 12, 5}, {'P', 0, 0}, {'c', -1, 35}, {'l', 0, 0}, {'h', 0, 0},
};
enum { EVENT_COUNT = sizeof EVENTS / sizeof EVENTS[0] };

static void write_events(Slot *slot, const JournalBase *base)
{
    Journal journal;
    journal_start(&journal, slot, base, "keys default take 7");
    char error[SLOT_ERROR_SIZE];
    for (int i = 0; i < EVENT_COUNT; ++i) CHECK(journal_add(&journal, EVENTS[i], error, sizeof error));
    journal_free(&journal);
}

static bool same_event(JournalEvent a, JournalEvent b)
{
    return a.kind == b.kind && a.a == b.a && a.b == b.b;
}

static void test_lines(void)
{
    MemStore mem;
    store_mem_init(&mem, "/mem");
    Slot slot;
    mem_slot(&slot, &mem);
    JournalBase base = {.from = JOURNAL_FROM_START, .seed = 1ull << 63, .floor = 2, .class_id = "rogue",
                        .data_digest = 0x0123456789abcdefull};
    write_events(&slot, &base);
    JournalRead read;
    Errors errors = {0};
    CHECK_INT(journal_read(&slot, &read, &errors), JOURNAL_FOUND);
    CHECK(journal_same_base(&read.base, &base));
    CHECK_STR(read.settings, "keys default take 7");
    CHECK_INT(read.count, EVENT_COUNT);
    for (int i = 0; i < read.count && i < EVENT_COUNT; ++i) CHECK(same_event(read.events[i], EVENTS[i]));
    CHECK(!read.torn && read.damaged_line == 0 && errors.count == 0);
    journal_read_free(&read);

    /* cut anywhere in its last line: that line is dropped, the rest kept */
    size_t length;
    char *whole = strdup(store_mem_get(&mem, SLOT_JOURNAL, &length));
    size_t last_line = length - 1;
    while (last_line > 0 && whole[last_line - 1] != '\n') --last_line;
    for (size_t cut = last_line + 1; cut < length; ++cut) {
        store_mem_put(&mem, SLOT_JOURNAL, whole, cut);
        CHECK_INT(journal_read(&slot, &read, &errors), JOURNAL_FOUND);
        CHECK(read.torn && read.count == EVENT_COUNT - 1 && read.damaged_line == 0);
        journal_read_free(&read);
    }
    /* a byte changed in a line: it and the lines after are dropped, said */
    int changed = 0;
    for (size_t at = last_line / 2; at < last_line; ++at) {
        if (whole[at] == '\n') continue;
        char *copy = strdup(whole);
        copy[at] ^= 0x01;
        store_mem_put(&mem, SLOT_JOURNAL, copy, length);
        JournalFound found = journal_read(&slot, &read, &errors);
        CHECK(found == JOURNAL_BAD_HEAD || (found == JOURNAL_FOUND && read.damaged_line > 0 &&
                                             read.count < EVENT_COUNT - 1));
        changed += found == JOURNAL_FOUND;
        journal_read_free(&read);
        free(copy);
    }
    CHECK(changed > 20);
    CHECK(errors.count > 0);
    errors_clear(&errors);
    /* not a journal at all */
    store_mem_put(&mem, SLOT_JOURNAL, "[save]\nturn = 3\n", 16);
    CHECK_INT(journal_read(&slot, &read, &errors), JOURNAL_BAD_HEAD);
    journal_read_free(&read);
    errors_clear(&errors);
    /* a failed append is made good by a whole write at the next event */
    Journal journal;
    journal_start(&journal, &slot, &base, NULL);
    char error[SLOT_ERROR_SIZE];
    CHECK(journal_add(&journal, EVENTS[0], error, sizeof error));
    store_mem_fail(&mem, 1, 0);   /* a crash in the append: half of it written */
    CHECK(!journal_add(&journal, EVENTS[1], error, sizeof error));
    store_mem_restart(&mem);
    CHECK(journal_add(&journal, EVENTS[2], error, sizeof error));
    CHECK_INT(journal_read(&slot, &read, &errors), JOURNAL_FOUND);
    CHECK(read.count == 3 && !read.torn && read.damaged_line == 0);
    journal_read_free(&read);
    journal_free(&journal);
    free(whole);
    store_mem_free(&mem);
    printf("the journal's lines: read back, torn, damaged, refused, made good\n");
}

/* ---- Killed at every system call, while played -------------------------------- */

static int calls, kill_at, progress_fd = -1;

static void count_call(void)
{
    if (++calls == kill_at) raise(SIGKILL);
}

static int k_openat(int folder, const char *name, int flags, int mode)
{
    count_call();
    return openat(folder, name, flags, mode);
}
static ssize_t k_write(int fd, const void *text, size_t size) { count_call(); return write(fd, text, size); }
static int k_fsync(int fd) { count_call(); return fsync(fd); }
static int k_close(int fd) { count_call(); return close(fd); }
static int k_renameat(int from_folder, const char *from, int to_folder, const char *to)
{
    count_call();
    return renameat(from_folder, from, to_folder, to);
}
static int k_unlinkat(int folder, const char *name, int flags)
{
    count_call();
    return unlinkat(folder, name, flags);
}
static ssize_t k_read(int fd, void *text, size_t size) { count_call(); return read(fd, text, size); }
static int k_mkdirat(int folder, const char *name, int mode)
{
    count_call();
    return mkdirat(folder, name, (mode_t)mode);
}
static int k_fstatat(int folder, const char *name, struct stat *info, int flags)
{
    count_call();
    return fstatat(folder, name, info, flags);
}

static const FileOps KILLING_OPS = {
    .openat = k_openat, .write = k_write,       .fsync = k_fsync,     .close = k_close,
    .renameat = k_renameat, .unlinkat = k_unlinkat, .read = k_read, .mkdirat = k_mkdirat, .fstatat = k_fstatat,
};

/* What a kill test plays: from a run made new (or a save first written by
 * prepare), these keys, each followed by its auto-explore steps */
typedef struct Play {
    const char *name;
    uint64_t seed;
    int floor, class_index;
    Run *(*prepare)(void);   /* a run to save first, or NULL */
    const char *keys;        /* NULL: the test bot's commands, as keys */
} Play;

typedef struct State {
    uint64_t digest;         /* the run's, and the input's records' */
    int screen;
} State;

static State state_of(const Input *input)
{
    size_t length;
    char *text = resume_write(input, &length);
    State state = {save_digest(input->session.run) ^ hash_bytes(HASH_START, text, text ? length : 0),
                   input_screen(input)};
    free(text);
    return state;
}

static void open_slot(Slot *slot, const char *root, const FileOps *ops)
{
    char error[SLOT_ERROR_SIZE];
    if (!slot_init(slot, root, NULL, NULL, error, sizeof error)) {
        fprintf(stderr, "%s\n", error);
        exit(EXIT_FAILURE);
    }
    slot->posix.fs = ops;
}

static bool open_game(Input *input, Slot *slot, const Play *play, bool offer_title)
{
    InputSetup setup = {.data = &data, .slot = slot, .seed = play->seed, .start_floor = play->floor,
                        .class_index = play->class_index, .offer_title = offer_title};
    return input_open(input, &setup);
}

/* A fresh folder for the play: its save written first if it has one */
static void fresh_folder(const char *root, const Play *play)
{
    remove_tree(root);
    Slot slot;
    open_slot(&slot, root, file_system_ops());
    if (play->prepare == NULL) return;
    Run *run = play->prepare();
    char error[SLOT_ERROR_SIZE];
    if (!slot_write(&slot, run, error, sizeof error)) {
        fprintf(stderr, "%s: the save can't be written: %s\n", play->name, error);
        exit(EXIT_FAILURE);
    }
    run_free(run);
}

/* One event done: its state kept (the straight run) and said on the pipe */
static void event_done(const Input *input, State *states, int event)
{
    if (states != NULL) states[event] = state_of(input);
    if (progress_fd >= 0 && write(progress_fd, &event, sizeof event) != sizeof event) _exit(3);
}

/* A key, then its auto-explore steps: false if it quit */
static bool press(Input *input, int key, State *states, int *events, int most)
{
    bool quit = input_key(input, key) == INPUT_QUIT;
    event_done(input, states, (*events)++);
    while (!quit && input_auto_going(input) && *events < most) {
        input_auto_step(input);
        event_done(input, states, (*events)++);
    }
    return !quit;
}

/* The keys that open the dialog a choice is made on, and choose on it,
 * as a player types them (the game's own keys); the cell comes after
 * (cursor_keys). None where the dialog is up already: an unknown scroll
 * read and learnt opened its aim or its pack. How many */
static int opening_keys(const Input *input, Command command, int *keys)
{
    KeyMap map;
    key_defaults(&map);
    int count = 0;
    const Dialog *up = &input->dialog;
    bool aim_up = up->kind == DIALOG_AIMING && up->letter == command.arg;
    bool pack_up = up->kind == DIALOG_PACK && up->pack_for == INV_IDENTIFY && up->letter == command.arg;
    switch ((CommandKind)command.kind) {
    case CMD_MOVE: keys[count++] = map.keys[KB_NORTH + command.arg][0]; break;
    case CMD_WAIT: keys[count++] = map.keys[KB_WAIT][0]; break;
    case CMD_PICK_UP: keys[count++] = map.keys[KB_PICK_UP][0]; break;
    case CMD_SEARCH: keys[count++] = map.keys[KB_SEARCH][0]; break;
    case CMD_DESCEND: keys[count++] = map.keys[KB_DESCEND][0]; break;
    case CMD_USE:
        if (!aim_up && !pack_up) {
            keys[count++] = map.keys[KB_INVENTORY][0];
            keys[count++] = 'a' + command.arg;
        }
        if (command.on != 0) keys[count++] = 'a' + command.on - 1;
        break;
    case CMD_DROP:
    case CMD_QUIVER:
    case CMD_THROW:
        keys[count++] = map.keys[command.kind == CMD_DROP ? KB_DROP : command.kind == CMD_QUIVER ? KB_QUIVER : KB_THROW][0];
        keys[count++] = 'a' + command.arg;
        break;
    case CMD_FIRE: keys[count++] = map.keys[KB_FIRE][0]; break;
    case CMD_CLOSE_DOOR:
        keys[count++] = map.keys[KB_CLOSE_DOOR][0];
        keys[count++] = map.keys[KB_NORTH + command.arg][0];
        break;
    case CMD_DEBUG:
    case CMD_COUNT: break;
    }
    if (command.yes != 0) keys[count++] = map.keys[KB_YES][0];
    return count;
}

/* The aim's cursor moved from where it is to the choice's cell, and Enter */
static int cursor_keys(const Input *input, Command command, int *keys)
{
    KeyMap map;
    key_defaults(&map);
    Point at = input->cursor, to = cmd_cell(command);
    int count = 0;
    while (!point_eq(at, to) && count < 100) {
        Point step = {(to.x > at.x) - (to.x < at.x), (to.y > at.y) - (to.y < at.y)};
        for (int dir = 0; dir < 8; ++dir) {
            if (point_eq(DIRS[dir], step)) keys[count++] = map.keys[KB_NORTH + dir][0];
        }
        at = point_add(at, step);
    }
    keys[count++] = AK_ENTER;
    return count;
}

/* Plays the keys (or the bot's commands as keys), each then its
 * auto-explore steps; states[0] gets the state before the first event,
 * states[i + 1] the state after event i, and the pipe (progress_fd) hears
 * each event's number once it's done. The number of events */
static int play_keys(Input *input, const Play *play, State *states, int most)
{
    if (play->prepare != NULL && !input_continue(input)) return 0;
    if (states != NULL) *states++ = state_of(input);
    int keys[4096], events = 0;
    if (play->keys != NULL) {
        char error[160];
        int count = key_parse(play->keys, keys, 4096, error, sizeof error);
        for (int i = 0; i < count && events < most && press(input, keys[i], states, &events, most); ++i) continue;
        return events;
    }
    Bot *bot = malloc(sizeof *bot);
    bot_start(bot);
    Command command;
    bool going = true;
    while (going && events < most && bot_next(bot, input->session.run, &command)) {
        int count = opening_keys(input, command, keys);
        for (int i = 0; i < count && going; ++i) going = press(input, keys[i], states, &events, most);
        if (going && cmd_aimed(command)) {
            count = cursor_keys(input, command, keys);
            for (int i = 0; i < count && going; ++i) going = press(input, keys[i], states, &events, most);
        }
    }
    free(bot);
    return events;
}

enum { MOST_EVENTS = 600 };

/* The play killed at call n in a child; the last event it finished (-1
 * none) in *done. False once the child ran to its end unkilled */
static bool killed_at(const Play *play, const char *root, int n, int *done)
{
    int ends[2];
    if (pipe(ends) != 0) exit(EXIT_FAILURE);
    pid_t child = fork();
    if (child == 0) {
        close(ends[0]);
        progress_fd = ends[1];
        Slot slot;
        open_slot(&slot, root, &KILLING_OPS);
        calls = 0;
        kill_at = n;
        Input input;
        if (!open_game(&input, &slot, play, false)) _exit(2);
        play_keys(&input, play, NULL, MOST_EVENTS);
        _exit(0);
    }
    close(ends[1]);
    *done = -1;
    int event;
    while (read(ends[0], &event, sizeof event) == sizeof event) *done = event;
    close(ends[0]);
    int status = 0;
    waitpid(child, &status, 0);
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

typedef struct Tally {
    int kills, resumed, ended, fresh;
} Tally;

/* How many of a numbered folder's files there are */
static int count_files(const char *root, const char *folder)
{
    char path[PATH_SIZE];
    path_of(path, "%s/%s", root, folder);
    DIR *dir = opendir(path);
    int count = 0;
    struct dirent *entry;
    while (dir != NULL && (entry = readdir(dir)) != NULL) count += store_number(entry->d_name) >= 0;
    if (dir != NULL) closedir(dir);
    return count;
}

static int count_scores(const Slot *slot)
{
    ScoreTable table;
    ScoresLoad load;
    scores_load(slot, &table, &load);
    return table.count;
}

/* The next start after a kill: an ending left is finished, then the run
 * that waits is continued; it must be the straight run at its last event
 * (or the one being made), or over and on every record once */
static void check_start(const Play *play, const char *root, int done, const State *states, int events, Tally *tally)
{
    Slot slot;
    open_slot(&slot, root, file_system_ops());
    Input input;
    CHECK(open_game(&input, &slot, play, true));
    bool waits = input_screen(&input) == SCREEN_TITLE && !input.title.failed;
    if (waits) CHECK(input_continue(&input));
    Screen screen = input_screen(&input);
    bool over = screen == SCREEN_DEAD || screen == SCREEN_WON || !waits;
    int runs = count_files(root, "runs"), morgue = count_files(root, "morgue"), scores = count_scores(&slot);
    if (over && (runs + morgue + scores > 0 || waits)) {
        /* it ended: on every record once, and there's nothing to continue */
        if (!CHECK(runs == 1 && morgue == 1 && scores == 1)) {
            fprintf(stderr, "    %s killed after event %d: %d in runs/, %d in morgue/, %d scores\n", play->name, done,
                    runs, morgue, scores);
        }
        CHECK(!slot_has_run(&slot) && !exists(slot.save));
        ++tally->ended;
    } else if (waits) {
        /* states[done + 1] is the state after event done */
        State now = state_of(&input);
        bool at_last = now.digest == states[done + 1].digest && (int)now.screen == states[done + 1].screen;
        bool at_next = done + 1 < events && now.digest == states[done + 2].digest &&
                       (int)now.screen == states[done + 2].screen;
        if (!CHECK(at_last || at_next)) {
            fprintf(stderr, "    %s killed after event %d of %d: it came back elsewhere (screen %s)\n", play->name,
                    done, events, input_screen_name(screen));
        }
        ++tally->resumed;
    } else {
        /* nothing kept: only before the first event was made durable */
        CHECK(done <= 0 && play->prepare == NULL);
        ++tally->fresh;
    }
    input_free(&input);
}

static void kill_everywhere(const Play *play, int every, Tally *tally)
{
    char root[PATH_SIZE], straight_root[PATH_SIZE];
    make_test_root(root, "journal-killed");
    make_test_root(straight_root, "journal-straight");
    /* the run never killed, and its state after each event */
    State *states = malloc((MOST_EVENTS + 1) * sizeof *states);
    fresh_folder(straight_root, play);
    Slot slot;
    open_slot(&slot, straight_root, file_system_ops());
    Input input;
    CHECK(open_game(&input, &slot, play, false));
    int events = play_keys(&input, play, states, MOST_EVENTS);
    input_free(&input);
    int done;
    for (int n = 1;; n += every) {
        fresh_folder(root, play);
        if (!killed_at(play, root, n, &done)) break;
        ++tally->kills;
        check_start(play, root, done, states, events, tally);
    }
    free(states);
    remove_tree(root);
    remove_tree(straight_root);
}

/* ---- The plays ------------------------------------------------------------------ */

/* Two Amulets found, the third underfoot: g wins */
static Run *nearly_won(void)
{
    static const char *const rows[] = {"#######", "#..@..#", "#######", NULL};
    Run *run = scene_build(&data, 77, 3, rows);
    int amulet = -1;
    for (int kind = 0; kind < data.item_count && amulet < 0; ++kind) {
        if (data.items[kind].item_class == IC_AMULET) amulet = kind;
    }
    FloorItem item = {.stack = {amulet, 1}, .pos = scene_find(rows, '@'), .seen = true};
    CHECK(lvl_add_item(run_debug_level(run), &item));
    run_debug_player(run)->amulets = AMULETS - 1;
    run_debug_refresh(run);
    return run;
}

/* A fighter's first floor and the next: moves, auto-explore, looking, the
 * pack, the menu, the stairs (a checkpoint), more exploring */
static const Play PLAYING = {
    "a run played", 42, 1, 0, NULL,
    "llkkjjhh.s" "o" "xll<esc>" "i<esc>" "<esc><esc>" "o" "G" ">" "y" "o" "Z" "jjkk" "o" "G>y" "oo",
};
static const Play DYING = {"a death", 12, 9, 0, NULL,
                            "........................................................................"};
static const Play WINNING = {"a victory", 77, 3, 0, nearly_won, "g"};
static const Play BOT = {"the test bot's run, as keys", 2026, 1, 2, NULL, NULL};

/* Q in the menu writes no save, but the journal kept every command: the
 * run comes back where it was left, its dialog said so */
static void test_quit_without_saving(void)
{
    char root[PATH_SIZE];
    make_test_root(root, "journal-quit");
    Slot slot;
    open_slot(&slot, root, file_system_ops());
    const Play play = {"quit", 42, 1, 0, NULL, "llkkjj"};
    Input input;
    CHECK(open_game(&input, &slot, &play, false));
    CHECK_INT(play_keys(&input, &play, NULL, 100), 6);
    State before = state_of(&input);
    CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
    CHECK_INT(input_key(&input, 'Q'), INPUT_REDRAW);
    CHECK_INT(input_key(&input, 'y'), INPUT_QUIT);
    CHECK(!exists(slot.save));
    input_free(&input);
    CHECK(open_game(&input, &slot, &play, true));
    CHECK_INT(input_screen(&input), SCREEN_TITLE);
    CHECK(input_continue(&input));
    /* the menu Q was pressed in, closed by nothing: the run as it was, in it */
    CHECK_INT(input_screen(&input), SCREEN_MENU);
    CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
    CHECK(state_of(&input).digest == before.digest);
    input_free(&input);
    remove_tree(root);
}

/* ---- Endings held back ---------------------------------------------------------- */

static int count_mem(const MemStore *mem, const char *folder)
{
    size_t n = strlen(folder);
    int count = 0;
    for (int i = 0; i < mem->count; ++i) {
        const char *name = mem->files[i].name;
        count += strncmp(name, folder, n) == 0 && name[n] == '/' && store_number(name + n + 1) >= 0;
    }
    return count;
}

static const Play DYING_SOON = {"a death", 12, 9, 0, NULL, NULL};

static void die_by_waiting(Input *input)
{
    for (int i = 0; i < 300 && run_mode(input->session.run) == MODE_PLAYING; ++i) input_key(input, '.');
    CHECK_INT(run_mode(input->session.run), MODE_DEAD);
}

/* runs/ can't be used when the run dies (a link in its place, or a disk
 * that stays full): the ending is kept in ended.txt, and the next start
 * with runs/ usable writes what's missing, once */
static void test_records_held_back(void)
{
    MemStore mem;
    store_mem_init(&mem, "/mem");
    Slot slot;
    mem_slot(&slot, &mem);
    Input input;
    CHECK(open_game(&input, &slot, &DYING_SOON, false));
    snprintf(mem.linked, sizeof mem.linked, "runs");
    die_by_waiting(&input);
    CHECK_INT(said_lines(input.session.run, "The game will try again to record this run's end when it next starts."), 1);
    input_free(&input);
    CHECK(store_mem_get(&mem, SLOT_ENDED, NULL) != NULL);
    CHECK_INT(count_mem(&mem, "morgue"), 1);
    CHECK_INT(count_scores(&slot), 1);
    mem.linked[0] = '\0';
    for (int start = 0; start < 2; ++start) {
        CHECK(open_game(&input, &slot, &DYING_SOON, true));
        CHECK_INT(input.title.told, start == 0);   /* said once, when it was done */
        CHECK(store_mem_get(&mem, SLOT_ENDED, NULL) == NULL);
        CHECK_INT(count_mem(&mem, "runs"), 1);
        CHECK_INT(count_mem(&mem, "morgue"), 1);
        CHECK_INT(count_scores(&slot), 1);
        CHECK(!slot_has_run(&slot));
        input_free(&input);
    }
    store_mem_free(&mem);
}

/* A save that can be neither deleted nor written over (an immutable file):
 * the records are written once, and the run that ended is never
 * continued, however often the game starts; once the save can go, it does */
static bool keep_save_txt;

static int stubborn_unlinkat(int folder, const char *name, int flags)
{
    if (keep_save_txt && strcmp(name, "save.txt") == 0) {
        errno = EPERM;
        return -1;
    }
    return unlinkat(folder, name, flags);
}

static int stubborn_openat(int folder, const char *name, int flags, int mode)
{
    if (keep_save_txt && strcmp(name, "save.txt") == 0 && (flags & (O_WRONLY | O_RDWR)) != 0) {
        errno = EPERM;
        return -1;
    }
    return openat(folder, name, flags, mode);
}

static int stubborn_renameat(int from_folder, const char *from, int to_folder, const char *to)
{
    if (keep_save_txt && strcmp(to, "save.txt") == 0) {
        errno = EPERM;
        return -1;
    }
    return renameat(from_folder, from, to_folder, to);
}

static void test_save_that_stays(void)
{
    FileOps ops = *file_system_ops();
    ops.unlinkat = stubborn_unlinkat;
    ops.openat = stubborn_openat;
    ops.renameat = stubborn_renameat;
    char root[PATH_SIZE];
    make_test_root(root, "journal-stubborn");
    Slot slot;
    open_slot(&slot, root, &ops);
    Input input;
    CHECK(open_game(&input, &slot, &DYING_SOON, false));
    input_key(&input, '.');
    input_key(&input, AK_ESC);
    CHECK_INT(input_key(&input, 'S'), INPUT_QUIT);
    input_free(&input);
    CHECK(exists(slot.save));
    keep_save_txt = true;
    CHECK(open_game(&input, &slot, &DYING_SOON, true));
    CHECK(input_continue(&input));
    die_by_waiting(&input);
    input_free(&input);
    for (int start = 0; start < 3; ++start) {
        if (start == 2) keep_save_txt = false;
        CHECK(open_game(&input, &slot, &DYING_SOON, true));
        CHECK_INT(input_screen(&input), SCREEN_TITLE);
        CHECK(input.title.failed);                       /* C isn't offered */
        CHECK(!input_continue(&input));
        CHECK(input_screen(&input) == SCREEN_TITLE);
        CHECK_INT(count_files(root, "runs"), 1);
        CHECK_INT(count_files(root, "morgue"), 1);
        CHECK_INT(count_scores(&slot), 1);
        CHECK_INT(exists(slot.save), start < 2);
        input_free(&input);
    }
    remove_tree(root);
}

int main(void)
{
    load_shipped_data(&data);
    test_lines();
    test_quit_without_saving();
    test_records_held_back();
    test_save_that_stays();
    /* under the sanitizers, one system call in three (still over a
     * thousand kill points in all) */
    int every = check_sanitized() ? 3 : 1;
    const Play *plays[] = {&PLAYING, &DYING, &WINNING, &BOT};
    int kills = 0;
    for (size_t i = 0; i < sizeof plays / sizeof plays[0]; ++i) {
        Tally tally = {0};
        kill_everywhere(plays[i], every, &tally);
        printf("%s: killed at %d system calls; the next start came back at the last event %d times, "
               "found it ended (once on every record) %d times, had nothing to continue %d times\n",
               plays[i]->name, tally.kills, tally.resumed, tally.ended, tally.fresh);
        kills += tally.kills;
    }
    CHECK(kills >= (check_sanitized() ? 350 : 1000));
    data_free(&data);
    return check_done("test_journal");
}
