/* The one loop (loop.h) driven by a scripted frontend (fake/fake_front.h):
 * events in, frames out. A new player meets the class choice, plays a few
 * moves, opens the pack and saves and quits from Esc's menu; the next
 * start offers the save on the title, N goes to the class choice and Esc
 * back, C continues the very run saved; auto-explore steps on the loop's
 * timer between events; an ending signal saves and ends with 128 + its
 * number. A recording is watched step by step through loop_step alone,
 * as a browser would call it. And the fake frontend needed nothing of
 * the program but frontend.h and loop.h. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <signal.h>
#include <time.h>

#include "check.h"
#include "fake/fake_front.h"
#include "files.h"
#include "replay.h"
#include "save.h"
#include "scene.h"
#include "store.h"

static char root[PATH_SIZE];

static LoopFrontend front;
static Loop *const loop = &front.loop;
static FakeFront fake;

/* The game as a frontend opens it, on the test's folder, locked, a new
 * run starting by choosing its class */
static LoopConfig game(void)
{
    return (LoopConfig){.data_dir = AMULETS_SOURCE_DIR "/data", .store_root = root, .lock = true,
                        .config = LOOP_CONFIG_NONE, .seed = 21, .floor = 1, .choose_class = true};
}

static void open_game(const LoopConfig *config)
{
    if (!loop_frontend_open(&front, config)) {
        fprintf(stderr, "%s %s\n", front.heading, front.errors.count > 0 ? front.errors.lines[0] : "");
        exit(EXIT_FAILURE);
    }
}

/* The game opened, the fake frontend's script empty */
static void start_loop(void)
{
    LoopConfig config = game();
    open_game(&config);
    memset(&fake, 0, sizeof fake);
}

/* The next start, on the same folder */
static void start_again(void)
{
    loop_frontend_close(&front);
    LoopConfig config = game();
    open_game(&config);
}

/* A new player: the classes first, a few moves, the pack, Esc S */
static uint64_t first_start(void)
{
    start_loop();
    fake_push(&fake, (FrontEvent){.kind = FRONT_KEY, .key = AK_ENTER});
    fake_keys(&fake, "lljh");
    fake_keys(&fake, "i~");
    fake_keys(&fake, "~S");
    Frontend frontend = fake_frontend(&fake);
    CHECK_INT(loop_run(loop, &frontend), 0);
    char screens[512];
    fake_screens(&fake, 0, screens, sizeof screens);
    CHECK_STR(screens, "class, playing, inventory, playing, menu");
    CHECK(fake.next == fake.count);   /* S ended it: no close button needed */
    CHECK(strstr(fake.frames[2], "playing turn 1") != NULL);   /* a move is a turn */
    CHECK(slot_has_save(&front.slot));
    uint64_t saved = save_digest(loop->input.session.run);
    loop_frontend_close(&front);
    return saved;
}

/* One event through loop_step, painted if it asks, as a browser does it */
static LoopNext feed(const FrontEvent *event)
{
    LoopNext next = loop_step(loop, event);
    if (next.paint) {
        FrontView view;
        loop_view(loop, &view);
        fake_paint(&fake, &view);
        loop_painted(loop);
    }
    return next;
}

static LoopNext feed_key(int key)
{
    return feed(&(FrontEvent){.kind = FRONT_KEY, .key = key});
}

/* The save waits: the title, N and back, C; then o, stepped by the timer,
 * and an ending signal */
static void second_start(uint64_t saved)
{
    start_loop();
    LoopNext next = loop_next(loop);
    CHECK(next.paint && next.wait_ms == -1 && !next.done);
    feed(&(FrontEvent){.kind = FRONT_RESIZE});
    feed_key('N');
    feed_key(AK_ESC);
    feed_key('C');
    char screens[512];
    fake_screens(&fake, 0, screens, sizeof screens);
    CHECK_STR(screens, "title, class, title, playing");
    CHECK_INT(loop->run_serial, 1);   /* C brought another run into play */
    CHECK(save_digest(loop->input.session.run) == saved);   /* the very run */
    int turn = run_turn(loop->input.session.run);
    next = feed_key('o');
    CHECK_INT(next.wait_ms, LOOP_AUTO_STEP_MS);   /* o explores, a step a while */
    CHECK(run_turn(loop->input.session.run) > turn);   /* its first step at once */
    for (int i = 0; i < 3 && next.wait_ms >= 0; ++i) {
        turn = run_turn(loop->input.session.run);
        next = feed(NULL);   /* the time asked for passed */
        CHECK(run_turn(loop->input.session.run) > turn);
    }
    next = feed(&(FrontEvent){.kind = FRONT_STOP, .signal = SIGTERM});
    CHECK(next.done);
    CHECK_INT(loop->status, 128 + SIGTERM);
    CHECK(!input_auto_going(&loop->input));
    uint64_t stopped = save_digest(loop->input.session.run);
    /* what the signal saved is where the run stood */
    start_again();
    CHECK_STR(input_screen_name(input_screen(&loop->input)), "title");
    feed_key('C');
    CHECK(save_digest(loop->input.session.run) == stopped);
    loop_frontend_close(&front);
}

/* Hidden (a browser tab put behind another): the run in play is saved
 * where it stands, o stops, and the run goes on; a tab closed after it
 * continues at its last command, from the hide's save and the journal */
static void hidden(void)
{
    start_loop();
    feed_key('C');
    CHECK_STR(input_screen_name(input_screen(&loop->input)), "playing");
    LoopNext next = feed_key('o');
    CHECK(input_auto_going(&loop->input));
    next = feed(&(FrontEvent){.kind = FRONT_HIDE});
    CHECK(!next.done && next.wait_ms == -1);   /* nothing happens unseen */
    CHECK(!input_auto_going(&loop->input));
    CHECK_STR(input_screen_name(input_screen(&loop->input)), "playing");
    uint64_t at_hide = save_digest(loop->input.session.run);
    int turn = run_turn(loop->input.session.run);
    feed_key('s');   /* seen again: the run goes on */
    CHECK_INT(run_turn(loop->input.session.run), turn + 1);
    CHECK(save_digest(loop->input.session.run) != at_hide);
    uint64_t at_close = save_digest(loop->input.session.run);
    start_again();   /* the tab closed with no word: the search after the hide is in the journal */
    feed_key('C');
    CHECK(save_digest(loop->input.session.run) == at_close);
    loop_frontend_close(&front);
}

/* loop_run on the fake: o, then nothing comes, so the loop's own timer
 * steps the explorer; the close button at the script's end saves */
static void timed_steps(void)
{
    start_loop();
    fake_keys(&fake, "Co");
    for (int i = 0; i < 5; ++i) fake_push(&fake, (FrontEvent){.kind = FRONT_NONE});
    Frontend frontend = fake_frontend(&fake);
    CHECK_INT(loop_run(loop, &frontend), 0);
    CHECK(fake.clock_ms >= 5 * LOOP_AUTO_STEP_MS - 5);
    int painted_turns = 0, last = -1;
    for (int i = 0; i < fake.frame_count; ++i) {
        int turn;
        if (sscanf(fake.frames[i], "playing turn %d", &turn) == 1 && turn != last) ++painted_turns, last = turn;
    }
    CHECK(painted_turns >= 5);   /* each step was shown */
    CHECK(slot_has_save(&front.slot));
    loop_frontend_close(&front);
}

/* A recording watched through loop_step alone: the timer plays it, Space
 * pauses, . steps, q ends it */
static void watched(void)
{
    Replay replay;
    Errors errors = {0};
    CHECK(rep_read_file(&replay, AMULETS_SOURCE_DIR "/tests/replays/descend-1-to-3.txt", &errors));
    LoopConfig config = game();
    config.replay = &replay;
    open_game(&config);
    memset(&fake, 0, sizeof fake);
    LoopNext next = loop_next(loop);
    CHECK(next.wait_ms > 0);
    for (int i = 0; i < 5; ++i) next = feed(NULL);
    CHECK(strstr(fake.frames[fake.frame_count - 1], "Replay 5/") != NULL);
    next = feed_key(' ');
    CHECK_INT(next.wait_ms, -1);   /* paused: no timer */
    CHECK(strstr(fake.frames[fake.frame_count - 1], "paused") != NULL);
    feed_key('.');
    CHECK(strstr(fake.frames[fake.frame_count - 1], "Replay 6/") != NULL);
    next = feed_key('q');
    CHECK(next.done && loop->status == 0);
    loop_frontend_close(&front);
    rep_free(&replay);
}

/* A recording holds only the choices; watched, a choice made on a dialog
 * is shown on it for a beat first (the pack with the letter chosen, the
 * aim with its cursor on the cell), then carried out */
static void watched_choices(void)
{
    static GameData data;
    Errors errors = {0};
    if (!data_load_dir(&data, AMULETS_SOURCE_DIR "/data", &errors)) exit(EXIT_FAILURE);
    int rogue = data_find_class(&data, "rogue");
    Run *run = run_new_as(&data, 21, 1, rogue);
    int dagger = pack_find(&run_player(run)->pack, data_find_item(&data, "throwing_dagger"));
    Command thrown = cmd_make(CMD_THROW, dagger);
    Point me = run_player(run)->pos, cell = me;
    for (int d = 0; d < 8 && point_eq(cell, me); ++d) {
        Point p = point_add(me, DIRS[d]);
        if (run_allows(run, cmd_at(thrown, p), NULL, 0)) cell = p;
    }
    CHECK(!point_eq(cell, me));
    thrown = cmd_at(thrown, cell);
    int dropped = -1;   /* something else carried */
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        if (slot != dagger && pack_holds(&run_player(run)->pack, slot)) dropped = slot;
    }
    CHECK(dropped >= 0);
    Replay replay;
    rep_init(&replay, 21, 1, rep_data_digest(&data), "rogue", NULL, 0);
    rep_add(&replay, cmd_make(CMD_WAIT, 0));
    rep_add(&replay, cmd_make(CMD_DROP, dropped));
    rep_add(&replay, thrown);
    run_free(run);
    LoopConfig config = game();
    config.replay = &replay;
    open_game(&config);
    memset(&fake, 0, sizeof fake);
    const Input *input = &loop->input;
    feed(NULL);   /* the wait: no dialog */
    CHECK_INT(playback_position(&loop->watch.playback), 1);
    CHECK_INT(input_screen(input), SCREEN_PLAYING);
    feed(NULL);   /* the drop's beat: the pack, its letter chosen */
    CHECK_INT(playback_position(&loop->watch.playback), 1);
    CHECK_INT(input_screen(input), SCREEN_PACK);
    CHECK_INT(input->dialog.pack_for, INV_DROP);
    CHECK_INT(input->dialog.chosen, dropped);
    feed(NULL);   /* dropped */
    CHECK_INT(playback_position(&loop->watch.playback), 2);
    CHECK_INT(input_screen(input), SCREEN_PLAYING);
    feed(NULL);   /* the throw's beat: the aim, on the cell */
    CHECK_INT(input_screen(input), SCREEN_AIMING);
    CHECK_INT(input->dialog.aim, AIM_THROW);
    CHECK_INT(input->dialog.letter, dagger);
    CHECK(point_eq(input->cursor, cell));
    feed(NULL);   /* thrown: the end */
    CHECK_INT(playback_position(&loop->watch.playback), 3);
    CHECK_INT(input_screen(input), SCREEN_PLAYING);
    feed(NULL);   /* nothing more: the end */
    CHECK(loop->watch.ended && loop->watch.errors.count == 0);
    for (int i = 0; i < loop->watch.errors.count; ++i) fprintf(stderr, "    %s\n", loop->watch.errors.lines[i]);
    loop_frontend_close(&front);
    rep_free(&replay);
    data_free(&data);
}

/* A recording of 300,000 checkpoints at one place: each step of the
 * watch is short, so the window answers Esc and signals between them
 * (each checkpoint's digest was worked out anew: some 18 s of CPU) */
static void heavy_watch(void)
{
    char *text = contents(AMULETS_SOURCE_DIR "/tests/replays/trapdoor-fall.txt", NULL);
    CHECK(text != NULL);
    /* rows go on after its last: its head and whole-file mark go (store.h) */
    size_t length = text != NULL ? strlen(text) : 0;
    char why[SLOT_ERROR_SIZE];
    if (text != NULL) CHECK(store_unmark(text, &length, why, sizeof why) == STORE_MARK_OK);
    char *at = text != NULL ? strrchr(text, '@') : NULL;
    if (at == NULL) return;
    char check[18];
    snprintf(check, sizeof check, "%.17s", at);
    char path[PATH_SIZE];
    path_of(path, "%s/heavy.txt", root);
    FILE *out = fopen(path, "w");
    CHECK(out != NULL);
    if (out == NULL) return;
    fputs(text, out);
    for (int line = 0; line < 6000; ++line) {
        fputc('|', out);
        for (int i = 0; i < 50; ++i) fprintf(out, "%s%s", i > 0 ? " " : "", check);
        fputc('\n', out);
    }
    fclose(out);
    free(text);
    Replay replay;
    Errors errors = {0};
    CHECK(rep_read_file(&replay, path, &errors));
    LoopConfig config = game();
    config.replay = &replay;
    open_game(&config);
    clock_t start = clock();
    LoopNext next = loop_next(loop);
    for (int i = 0; i < 1000 && next.wait_ms >= 0; ++i) next = loop_step(loop, NULL);
    next = loop_step(loop, &(FrontEvent){.kind = FRONT_KEY, .key = AK_ESC});
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    CHECK(next.done);
    CHECK(loop->watch.ended && loop->watch.errors.count == 0);
    if (!CHECK(seconds < 4.0)) fprintf(stderr, "    the watch took %.1f s of CPU\n", seconds);
    loop_frontend_close(&front);
    rep_free(&replay);
}

/* The log of the run in play says text, in one of its messages */
static bool logged(const char *text)
{
    const MsgLog *log = run_log(loop->input.session.run);
    for (int i = 0; i < log->count; ++i) {
        if (strstr(log->messages[(log->first + i) % LOG_MAX].text, text) != NULL) return true;
    }
    return false;
}

/* The page's way: keys.txt and options.txt are the store's own files
 * (the page's Files, in IndexedDB), read once as the game opens, as the
 * config folder's are natively: a rebinding takes, the view and the
 * flights are options.txt's, and a mistake is told in the log with the
 * file's name as the player knows it */
static void config_in_the_store(void)
{
    MemStore mem;
    store_mem_init(&mem, "Files");
    const char *keys = "[keys]\neast = w\n";
    const char *options = "[options]\nview = tiles\nflight_delay = 90\nautopickup = none\nsound = on\n";
    CHECK(store_mem_put(&mem, "keys.txt", keys, strlen(keys)));
    CHECK(store_mem_put(&mem, "options.txt", options, strlen(options)));
    LoopConfig config = game();
    config.store = store_mem(&mem);
    config.config = LOOP_CONFIG_STORE;
    config.choose_class = false;
    open_game(&config);
    CHECK(loop->input.views.tiles);
    CHECK_INT(loop->flight_delay, 90);
    CHECK(loop->input.autopickup != NULL && *loop->input.autopickup == 0);
    CHECK(logged("Mistake, kept as it was: options.txt:5: unknown key 'sound'"));
    Point at = run_player(loop->input.session.run)->pos;
    memset(&fake, 0, sizeof fake);
    feed_key('w');
    CHECK_INT(run_player(loop->input.session.run)->pos.x, at.x + 1);
    loop_frontend_close(&front);

    /* the command line's view wins over options.txt's; a scripted run
     * (a screenshot's) reads neither file */
    config.view_given = true;
    config.tile_view = false;
    open_game(&config);
    CHECK(!loop->input.views.tiles);
    loop_frontend_close(&front);
    config.config = LOOP_CONFIG_NONE;
    open_game(&config);
    CHECK_INT(loop->flight_delay, SETTINGS_FLIGHT_DELAY);
    CHECK(loop->input.setup.keys == NULL && !logged("Mistake"));
    loop_frontend_close(&front);
    store_mem_free(&mem);
}

static const char *const HALL[] = {
    "##############",
    "#............#",
    "#..@.........#",
    "#............#",
    "##############",
    NULL,
};

/* An arrow shot east on loop_run: each frame of its flight is painted a
 * cell on from the last, the loop's timer bringing each, flight_delay
 * apart; then the loop waits for the player again */
static void flight(void)
{
    MemStore mem;   /* no save waits there */
    store_mem_init(&mem, "flights");
    LoopConfig config = game();
    config.store = store_mem(&mem);
    config.choose_class = false;
    open_game(&config);
    loop->flight_delay = 50;
    Run *run = scene_build(&front.data, 21, 1, HALL);
    Player *p = run_debug_player(run);
    p->weapon = scene_item(&front.data, "short_bow");
    pack_add(&p->pack, (Stack){scene_item(&front.data, "arrow"), 10});
    p->quiver = scene_item(&front.data, "arrow");
    run_debug_refresh(run);
    run_free(loop->input.session.run);
    session_start(&loop->input.session, NULL, run);
    Point me = p->pos;
    memset(&fake, 0, sizeof fake);
    fake_keys(&fake, "flllf");
    for (int i = 0; i < 20; ++i) fake_push(&fake, (FrontEvent){.kind = FRONT_NONE});
    Frontend frontend = fake_frontend(&fake);
    CHECK_INT(loop_run(loop, &frontend), 0);
    int flying = 0;
    for (int i = 0; i < fake.frame_count; ++i) {
        char glyph;
        int x, y;
        const char *bar = strrchr(fake.frames[i], '|');
        if (bar == NULL || sscanf(bar, "| %c at %d,%d", &glyph, &x, &y) != 3) continue;
        CHECK_INT(x, me.x + 1 + flying);   /* a cell on each frame */
        CHECK_INT(y, me.y);
        ++flying;
    }
    if (!CHECK(flying >= 3)) {
        for (int i = 0; i < fake.frame_count; ++i) fprintf(stderr, "    %s\n", fake.frames[i]);
    }
    CHECK(strstr(fake.frames[fake.frame_count - 1], " | ") == NULL);   /* it landed: none in the air */
    CHECK(fake.clock_ms >= (uint64_t)flying * 50);   /* each frame its time */
    loop_frontend_close(&front);
    store_mem_free(&mem);
}

/* A frontend is frontend.h and loop.h: the fake one names no other of
 * the program's headers, and nothing in the program names it */
static bool names_fake(const char *dir)
{
    DIR *folder = opendir(dir);
    if (folder == NULL) return false;
    bool found = false;
    for (struct dirent *entry; !found && (entry = readdir(folder)) != NULL;) {
        if (entry->d_name[0] == '.') continue;
        char path[PATH_SIZE];
        path_of(path, "%s/%s", dir, entry->d_name);
        struct stat info;
        if (stat(path, &info) != 0) continue;
        if (S_ISDIR(info.st_mode)) {
            found = names_fake(path);
            continue;
        }
        char *text = contents(path, NULL);
        found = text != NULL && (strstr(text, "fake_front") != NULL || strstr(text, "FakeFront") != NULL);
        free(text);
    }
    closedir(folder);
    return found;
}

static void the_seam(void)
{
    char *text = contents(AMULETS_SOURCE_DIR "/tests/fake/fake_front.h", NULL);
    CHECK(text != NULL);
    int ours = 0;
    for (const char *line = text; line != NULL && *line != '\0'; line = strchr(line, '\n'), line += line != NULL) {
        if (strncmp(line, "#include \"", 10) != 0) continue;
        ++ours;
        CHECK(strncmp(line, "#include \"frontend.h\"", 21) == 0 || strncmp(line, "#include \"loop.h\"", 17) == 0);
    }
    CHECK_INT(ours, 2);
    free(text);
    CHECK(!names_fake(AMULETS_SOURCE_DIR "/src"));
}

int main(void)
{
    make_test_root(root, "loop");
    uint64_t saved = first_start();
    second_start(saved);
    hidden();
    timed_steps();
    watched_choices();
    watched();
    heavy_watch();
    config_in_the_store();
    flight();
    the_seam();
    return check_done("test_loop");
}
