#include "input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "choose.h"
#include "info.h"
#include "invariant.h"
#include "durable.h"
#include "ending.h"
#include "resume.h"

/* ---- Screens ----------------------------------------------------------- */

/* What each screen is: the one place that says it (input.h) */
static const ScreenTraits SCREEN_TRAITS[SCREEN_COUNT] = {
    [SCREEN_TITLE] = {"title", false, false, false},
    [SCREEN_CLASS] = {"class", false, false, false},
    [SCREEN_LOOKING] = {"looking", true, true, true},
    [SCREEN_PLAYING] = {"playing", true, true, false},
    [SCREEN_PACK] = {"inventory", true, true, false},
    [SCREEN_CLOSING] = {"closing", true, true, false},
    [SCREEN_CONFIRMING] = {"confirming", true, true, false},
    [SCREEN_MENU] = {"menu", true, true, false},
    [SCREEN_QUIT_ASKED] = {"quitting", true, true, false},
    [SCREEN_AIMING] = {"aiming", true, true, true},
    [SCREEN_INFO] = {"info", true, true, false},
    [SCREEN_DEAD] = {"dead", true, false, false},
    [SCREEN_WON] = {"won", true, false, false},
    [SCREEN_SCORES] = {"scores", false, false, false},
};

/* The run's modes and the dialogs over it are screens of their own: each
 * mode of RUN_MODES and each dialog of DIALOGS names its screen here, and
 * one added without one doesn't compile */
#define SCREEN_OF_PLAYING SCREEN_PLAYING
#define SCREEN_OF_DEAD SCREEN_DEAD
#define SCREEN_OF_WON SCREEN_WON
#define MODE_SCREEN(id, save_name) [MODE_##id] = SCREEN_OF_##id,
static const Screen MODE_SCREENS[MODE_COUNT] = {RUN_MODES(MODE_SCREEN)};
#undef MODE_SCREEN
#define SCREEN_OF_DIALOG_NONE SCREEN_PLAYING
#define SCREEN_OF_DIALOG_PACK SCREEN_PACK
#define SCREEN_OF_DIALOG_CLOSING SCREEN_CLOSING
#define SCREEN_OF_DIALOG_QUESTION SCREEN_CONFIRMING
#define SCREEN_OF_DIALOG_MENU SCREEN_MENU
#define SCREEN_OF_DIALOG_AIMING SCREEN_AIMING
#define DIALOG_SCREEN(id, save_name) [DIALOG_##id] = SCREEN_OF_DIALOG_##id,
static const Screen DIALOG_SCREENS[DIALOG_COUNT] = {DIALOGS(DIALOG_SCREEN)};
#undef DIALOG_SCREEN

/* The one order of the screens: the first that's up is the one shown,
 * and the one the keys go to */
Screen input_screen(const Input *input)
{
    if (input->scores.up) return SCREEN_SCORES;
    if (input->choice.up) return SCREEN_CLASS;
    if (input->on_title) return SCREEN_TITLE;
    if (input->looking) return SCREEN_LOOKING;
    if (input->info.page != INFO_NONE) return SCREEN_INFO;
    if (input->quit_asked) return SCREEN_QUIT_ASKED;
    if (input->dialog.kind != DIALOG_NONE) {
        INVARIANT((unsigned)input->dialog.kind < DIALOG_COUNT);
        return DIALOG_SCREENS[input->dialog.kind];
    }
    Mode mode = run_mode(input->session.run);
    INVARIANT((size_t)mode < sizeof MODE_SCREENS / sizeof MODE_SCREENS[0]);
    return MODE_SCREENS[mode];
}

bool input_takes_digits(const Input *input)
{
    return input_screen(input) == SCREEN_CLASS;
}

const char *input_mode_name(Mode mode)
{
    INVARIANT((size_t)mode < sizeof MODE_SCREENS / sizeof MODE_SCREENS[0]);
    return SCREEN_TRAITS[MODE_SCREENS[mode]].name;
}

const ScreenTraits *input_screen_traits(Screen screen)
{
    INVARIANT((unsigned)screen < SCREEN_COUNT);
    return &SCREEN_TRAITS[screen];
}

const char *input_screen_name(Screen screen)
{
    return input_screen_traits(screen)->name;
}

/* ---- Opening, and the runs it plays -------------------------------------- */

/* The run in play becomes run, with nothing of the old one's screens */
static void play_run(Input *input, Run *run)
{
    run_free(input->session.run);
    session_free(&input->session);
    session_start(&input->session, input->setup.slot, run);
    session_hold(&input->session);
    input->session.clock = input->setup.clock;
    input->on_title = false;
    input->looking = false;
    input->quit_asked = false;
    input->dialog = dialog_none();
    input->autoing = false;
    input->explorer.marked = false;
}

/* The class chosen last time, if the slot remembers one the data has */
static int remembered_class(const InputSetup *setup)
{
    char id[ID_SIZE];
    int found = setup->slot != NULL && slot_read_class(setup->slot, id)
                    ? data_find_class(setup->data, id) : -1;
    return found >= 0 ? found : setup->class_index;
}

static void open_choice(Input *input, ChoiceBack back, uint64_t seed)
{
    input->choice = (ClassChoice){true, input->last_class, back, seed};
}

static void tell_title(void *context, const char *line)
{
    TitleState *title = context;
    if (title->line_count < INPUT_TITLE_LINES) {
        snprintf(title->lines[title->line_count++], SLOT_ERROR_SIZE, "%s", line);
    }
}

/* A run's ending a game left part way (ending.h) is finished before
 * anything else, and said on the title; a save of a run that ended is
 * never continued */
static void finish_left_ending(Input *input)
{
    if (input->setup.slot == NULL) return;
    bool finished;
    if (ending_finish_left(input->setup.slot, tell_title, &input->title, &finished) == ENDING_NONE) return;
    /* nothing to continue: the save was the ended run's (gone, or kept
     * from being continued) */
    input->title.told = true;
    input->title.failed = true;
}

bool input_open(Input *input, const InputSetup *setup)
{
    memset(input, 0, sizeof *input);
    input->setup = *setup;
    input->dialog = dialog_none();
    input->next_seed = setup->seed;
    input->views.vault_shown = -1;
    rng_seed(&input->views.growth_rng, setup->seed ^ 0xCA7Eull);
    input->last_class = setup->choose_class ? remembered_class(setup) : setup->class_index;
    INVARIANT(input->last_class >= 0 && input->last_class < setup->data->class_count);
    Run *run = run_new_as(setup->data, input->next_seed++, setup->start_floor, input->last_class);
    if (run == NULL) return false;
    session_start(&input->session, setup->slot, run);
    session_hold(&input->session);
    input->session.clock = setup->clock;
    finish_left_ending(input);
    input->on_title = setup->offer_title && setup->slot != NULL &&
                      (slot_has_run(setup->slot) || input->title.told);
    /* a new player meets the classes first; the run made here is only
     * what's behind the choice until one is made */
    if (setup->choose_class && !input->on_title) open_choice(input, BACK_QUITS, setup->seed);
    return true;
}

void input_free(Input *input)
{
    run_free(input->session.run);
    input->session.run = NULL;
    session_free(&input->session);
}

/* The run R starts after this one's end is the next seed's, of its class:
 * set when a saved run is continued, whatever seed and class the program
 * was started with (a run of no class, from before classes, keeps them) */
static void follow_run(Input *input, const Run *run)
{
    input->next_seed = run_seed(run) + 1;
    if (run_class(run) != RUN_NO_CLASS) input->last_class = run_class(run);
}

/* R on the death or victory screen: the next seed's run, of the last
 * class chosen (or continued) */
static InputResult new_run(Input *input)
{
    if (input->setup.choose_class) {
        open_choice(input, BACK_TO_END, input->next_seed);
        return INPUT_REDRAW;
    }
    Run *run = run_new_as(input->setup.data, input->next_seed, input->setup.start_floor,
                          input->last_class);
    if (run == NULL) {
        run_tell(input->session.run, "There's no memory left for a new run.");
        return INPUT_REDRAW;
    }
    ++input->next_seed;
    play_run(input, run);
    return INPUT_NEW_RUN;
}

/* The save read, with the input's records (Resumed), into a new run */
static Run *load_save(Input *input, Resumed *resumed, SlotLoad *load)
{
    SlotAbove above = {NULL, 0, resume_read, resumed};
    Run *run = resumed != NULL ? slot_load_with(input->setup.slot, input->setup.data, &above, load) : NULL;
    if (resumed == NULL) {
        memset(load, 0, sizeof *load);
        load->result = LOAD_DAMAGED;
        load->unreadable = true;   /* no memory: it may well be fine */
        errors_add(&load->reasons, "save.txt: there's not enough memory to read it");
    }
    return run;
}

/* The run to continue: the waiting save, or a run begun with no save yet
 * (its journal starts from the seed), and the journal's events over it */
bool input_continue(Input *input)
{
    if (input->setup.slot == NULL) return false;
    if (ending_left(input->setup.slot)) {
        /* its save is the ended run's, kept only until its end is recorded */
        TitleState *title = &input->title;
        title->failed = true;
        title->line_count = 1;
        snprintf(title->lines[0], SLOT_ERROR_SIZE, "The saved run has ended, and its end is waiting to be "
                                                   "recorded, so it can't be continued.");
        return false;
    }
    JournalRead journal;
    Errors journal_errors = {0};
    JournalFound found = journal_read(input->setup.slot, &journal, &journal_errors);
    /* a run with no save yet is its journal's; a save, once made, holds
     * all of such a journal, which is then only a leftover */
    bool from_start = found == JOURNAL_FOUND && journal.base.from == JOURNAL_FROM_START &&
                      !slot_has_save(input->setup.slot);
    SlotLoad load;
    memset(&load, 0, sizeof load);
    Resumed *resumed = from_start ? NULL : malloc(sizeof *resumed);   /* an Explorer: big */
    Run *run = from_start ? durable_new_run(input, &journal.base, &load.reasons)
                          : load_save(input, resumed, &load);
    if (run == NULL && from_start) load.result = LOAD_DAMAGED;
    if (run != NULL) {
        follow_run(input, run);
        play_run(input, run);
        if (!from_start) {
            resume_apply(input, resumed);
            session_from_save(&input->session, load.text_hash);
        }
        durable_take_up(input, found, &journal, &journal_errors);
    } else {
        TitleState *title = &input->title;
        title->failed = true;
        title->other_version = load.result == LOAD_OTHER_VERSION;
        title->line_count = slot_explain(&load, title->lines, INPUT_TITLE_LINES);
    }
    errors_clear(&load.reasons);
    errors_clear(&journal_errors);
    journal_read_free(&journal);
    free(resumed);
    return run != NULL;
}

/* The save, with the input's own records beside the run's (resume.h):
 * the screen, the cursor and the explorer's marks, so the run goes on
 * as though the player had never left */
static bool save_all(Input *input)
{
    size_t length;
    char *text = resume_write(input, &length);
    SlotAbove above = {text, text != NULL ? length : 0, NULL, NULL};
    bool saved = session_save_with(&input->session, text != NULL ? &above : NULL);
    free(text);
    return saved;
}

/* ---- The title ----------------------------------------------------------- */

/* The waiting save goes, whatever it is (a damaged one set aside is
 * already gone); if it can't, the new run says why, since it will be
 * offered again at the next start */
static void remove_waiting_save(Input *input)
{
    if (slot_remove(input->setup.slot)) return;
    char line[SLOT_ERROR_SIZE + 80];
    file_explain(line, sizeof line - 1,
                 "The old save couldn't be deleted, so it will be offered again", errno);
    strcat(line, ".");
    run_tell(input->session.run, line);
}

static InputResult title_key(Input *input, int key)
{
    const KeyMap *keys = input->setup.keys;
    if (key_bound(keys, KB_CONTINUE, key) && !input->title.failed) {
        return input_continue(input) ? INPUT_NEW_RUN : INPUT_REDRAW;
    }
    if (key_bound(input->setup.keys, KB_SCORES, key)) {
        scores_show(&input->scores, input->setup.slot);
        return INPUT_REDRAW;
    }
    if (key_bound(keys, KB_NEW_GAME, key) && input->setup.choose_class) {
        open_choice(input, BACK_TO_TITLE, run_seed(input->session.run));
        return INPUT_REDRAW;
    }
    if (key_bound(keys, KB_NEW_GAME, key)) {
        remove_waiting_save(input);
        input->on_title = false;
        return INPUT_NEW_RUN;
    }
    return key_bound(keys, KB_QUIT, key) ? INPUT_QUIT : INPUT_NOTHING;
}

/* ---- Choosing a class ------------------------------------------------------ */

/* A run of the class begins: the choice's seed (the first run's, or the
 * next after a run's end) */
static InputResult choose_class(Input *input, int class_index)
{
    Run *run = run_new_as(input->setup.data, input->choice.seed, input->setup.start_floor,
                          class_index);
    if (run == NULL) {
        run_tell(input->session.run, "There's no memory left for a new run.");
        return INPUT_REDRAW;
    }
    if (input->choice.back == BACK_TO_END) ++input->next_seed;
    bool over_save = input->on_title;
    input->choice.up = false;
    input->last_class = class_index;
    if (input->setup.slot != NULL) slot_write_class(input->setup.slot, input->setup.data->classes[class_index].id);
    play_run(input, run);
    if (over_save) remove_waiting_save(input);
    for (int i = 0; i < input->note_count; ++i) run_tell(run, input->notes[i]);
    input->note_count = 0;
    return INPUT_NEW_RUN;
}

void input_tell(Input *input, const char *const *lines, int count)
{
    input->notes = lines;
    input->note_count = count;
    for (int i = 0; i < count; ++i) run_tell(input->session.run, lines[i]);
}

static InputResult class_key(Input *input, int key)
{
    ClassChoice *choice = &input->choice;
    int count = input->setup.data->class_count;
    if (key >= '1' && key <= '9' && key - '1' < count) return choose_class(input, key - '1');
    if (key == AK_ENTER) return choose_class(input, choice->highlighted);
    if (key_bound(input->setup.keys, KB_SCORES, key)) {
        scores_show(&input->scores, input->setup.slot);
        return INPUT_REDRAW;
    }
    if (key == AK_ESC) {
        choice->up = false;
        return choice->back == BACK_QUITS ? INPUT_QUIT : INPUT_REDRAW;
    }
    int step = key == AK_UP || key == 'k' || key == AK_KP8   ? -1
               : key == AK_DOWN || key == 'j' || key == AK_KP2 ? 1 : 0;
    if (step == 0) return INPUT_NOTHING;
    choice->highlighted = (choice->highlighted + step + count) % count;
    return INPUT_REDRAW;
}

/* ---- The debugging views --------------------------------------------------- */

/* F6: each press shows the next step of a cave's growth, from its random
 * fill to the flood fill; the press after the last puts the game back */
static void step_cave(DebugViews *views)
{
    if (!views->growing) {
        cave_growth_start(&views->growth, &views->growth_rng);
        views->growing = true;
    } else if (!cave_growth_step(&views->growth)) {
        views->growing = false;
    }
}

/* F7: each vault in vaults.txt in turn, then the game again */
static void step_vault(DebugViews *views, const GameData *data)
{
    ++views->vault_shown;
    if (views->vault_shown >= data->vault_count) views->vault_shown = -1;
}

static bool in_run(const Input *input);

static InputResult debug_key(Input *input, int key)
{
    DebugViews *views = &input->views;
    if (key == AK_F2) {   /* the tile view is no debugging aid */
        views->tiles = !views->tiles;
        return INPUT_REDRAW;
    }
    if (!input->setup.debug) return INPUT_NOTHING;
    switch (key) {
    case AK_F1: views->reveal = !views->reveal; break;
    case AK_F3: views->distances = !views->distances; break;
    case AK_F4: views->monster_list = !views->monster_list; break;
    case AK_F6: step_cave(views); break;
    case AK_F7: step_vault(views, input->setup.data); break;
    default: return INPUT_NOTHING;
    }
    if (in_run(input)) session_debug(&input->session);
    return INPUT_REDRAW;
}

/* ---- Looking ------------------------------------------------------------- */

static InputResult start_auto(Input *input, ExploreKind kind, Point target);
static InputResult auto_step_event(Input *input);

static InputResult look_key(Input *input, int key)
{
    const KeyMap *keys = input->setup.keys;
    if (key_bound(keys, KB_TRAVEL, key)) {   /* travel to the cursor, as G travels to the stairs */
        input->looking = false;
        return start_auto(input, EXPLORE_TRAVEL, input->cursor);
    }
    if (key_bound(keys, KB_BACK, key) || key_bound(keys, KB_LOOK, key)) {
        input->looking = false;
        return INPUT_REDRAW;
    }
    int dir = key_direction_in(keys, key);
    if (dir < 0) return INPUT_NOTHING;
    Point next = point_add(input->cursor, DIRS[dir]);
    if (!in_bounds(next.x, next.y)) return INPUT_NOTHING;
    input->cursor = next;
    return INPUT_REDRAW;
}

/* ---- Commands --------------------------------------------------------------- */

/* A choice through the session, and the dialog its use opens after (an
 * unknown scroll learnt); keys typed ahead are to go if it hurt the
 * player or brought a monster into view. A choice the rules refuse says
 * why */
static bool input_command(Input *input, Command command)
{
    Session *session = &input->session;
    if (!session_command(session, command)) {
        char why[CHOOSE_WORDS];
        run_allows(session->run, command, why, sizeof why);
        if (why[0] != '\0') run_answer(session->run, why);
        return why[0] != '\0';
    }
    if (run_events(session->run)->alarm) input->alarmed = true;
    char words[CHOOSE_WORDS];
    choose_after(&input->dialog, &input->cursor, session->run, command, words);
    if (words[0] != '\0') run_tell(session->run, words);
    return true;
}

/* What a step of choose.h's made: its words said, its choice sent */
static InputResult take_step(Input *input, const ChooseStep *step)
{
    if (step->words[0] != '\0') run_answer(input->session.run, step->words);
    if (step->asked) input->alarmed = true;
    switch (step->done) {
    case CHOOSE_NOTHING:
    case CHOOSE_LEFT: return INPUT_NOTHING;
    case CHOOSE_CHANGED: return INPUT_REDRAW;
    case CHOOSE_COMMAND: return input_command(input, step->command) ? INPUT_REDRAW : INPUT_NOTHING;
    }
    return INPUT_NOTHING;
}

bool input_take_alarm(Input *input)
{
    bool alarmed = input->alarmed;
    input->alarmed = false;
    return alarmed;
}

bool input_play_typed(Input *input, const int *keys, int count)
{
    input->alarmed = false;
    for (int i = 0; i < count; ++i) {
        if (input_key(input, keys[i]) == INPUT_QUIT) return true;
        if (input_take_alarm(input)) return false;   /* the rest were typed ahead */
    }
    return false;
}

/* ---- Aiming ------------------------------------------------------------------- */

int input_targets(const Input *input, Point *out, int max)
{
    return choose_targets(input->session.run, true, out, max);
}

int input_targets_of(const Run *run, Point *out, int max)
{
    return choose_targets(run, false, out, max);
}

bool input_look_cell(const Input *input, Point *out)
{
    const ScreenTraits *screen = input_screen_traits(input_screen(input));
    if (!screen->over_map) return false;
    if (screen->cursor) {
        *out = input->cursor;
        return true;
    }
    if (input->pointing) *out = input->pointed;
    return input->pointing;
}

static InputResult point_event(Input *input, const Point *cell)
{
    const ScreenTraits *screen = input_screen_traits(input_screen(input));
    bool on_map = cell != NULL && screen->over_map && in_bounds(cell->x, cell->y);
    if (on_map && screen->cursor) {
        if (point_eq(input->cursor, *cell)) return INPUT_NOTHING;
        input->cursor = *cell;
        return INPUT_REDRAW;
    }
    if (on_map == input->pointing && (!on_map || point_eq(input->pointed, *cell))) {
        return INPUT_NOTHING;
    }
    input->pointing = on_map;
    if (on_map) input->pointed = *cell;
    return INPUT_REDRAW;
}

/* ---- Keys ------------------------------------------------------------------ */

/* A key on one of the run's own screens (playing, a dialog, its end):
 * choose.h's, but for what the input does itself around the run */
static InputResult run_key(Input *input, int key)
{
    Session *session = &input->session;
    ChooseStep step = choose_key(&input->dialog, &input->cursor, input->setup.keys, session->run, key);
    if (step.done != CHOOSE_LEFT) return take_step(input, &step);
    switch (step.action) {
    case KA_SAVE_QUIT:
        /* S is the menu's choice: the menu closes, and the run is saved
         * playing */
        input->dialog = dialog_none();
        return save_all(input) ? INPUT_QUIT : INPUT_REDRAW;
    case KA_QUIT_UNSAVED:
        input->quit_asked = true;
        return INPUT_REDRAW;
    case KA_QUIT:
        return INPUT_QUIT;
    case KA_NEW_RUN:
        return new_run(input);
    case KA_LOOK:
        input->looking = true;
        input->cursor = run_player(session->run)->pos;
        return INPUT_REDRAW;
    case KA_EXPLORE:
        return start_auto(input, EXPLORE_FLOOR, run_player(session->run)->pos);
    case KA_TRAVEL_STAIRS: {
        Point stairs;
        if (explore_known_stairs(session->run, &stairs)) return start_auto(input, EXPLORE_TRAVEL, stairs);
        run_tell(session->run, "You don't know where the stairs are.");
        return INPUT_REDRAW;
    }
    case KA_REST:
        return start_auto(input, EXPLORE_REST, run_player(session->run)->pos);
    case KA_NONE: {
        InputResult result = INPUT_NOTHING;
        if (run_mode(session->run) == MODE_PLAYING) info_playing_key(input, key, &result);
        return result;
    }
    default:   /* the debugging keys are input_key's already */
        break;
    }
    return INPUT_NOTHING;
}

/* A key on the high scores: the up and down keys (j, k, 8, 2) scroll a
 * line, space and b a page of rows, Esc, q and H close it. False if
 * nothing changed */
static bool scores_screen_key(ScoresScreen *screen, int key, int rows)
{
    if (key == AK_ESC || key == 'q' || key == 'H') {
        screen->up = false;
        return true;
    }
    int step = key == AK_UP || key == 'k' || key == AK_KP8     ? -1
               : key == AK_DOWN || key == 'j' || key == AK_KP2 ? 1
               : key == ' '                                    ? rows
               : key == 'b'                                    ? -rows : 0;
    int most = screen->table.count > 0 ? screen->table.count - 1 : 0;
    int first = screen->first + step;
    first = first < 0 ? 0 : first > most ? most : first;
    if (first == screen->first) return false;
    screen->first = first;
    return true;
}

/* Y quits, leaving the save as it was; anything else goes back to the menu */
static InputResult quit_asked_key(Input *input, int key)
{
    input->quit_asked = false;
    return key_bound(input->setup.keys, KB_YES, key) ? INPUT_QUIT : INPUT_REDRAW;
}

static InputResult key_event(Input *input, int key)
{
    if (input->autoing) {   /* any key stops it, and only stops it */
        input->autoing = false;
        return INPUT_REDRAW;
    }
    if (key >= AK_F1 && key <= AK_F12) return debug_key(input, key);
    switch (input_screen(input)) {
    case SCREEN_SCORES: return scores_screen_key(&input->scores, key, INPUT_SCORES_PAGE) ? INPUT_REDRAW : INPUT_NOTHING;
    case SCREEN_CLASS: return class_key(input, key);
    case SCREEN_TITLE: return title_key(input, key);
    case SCREEN_LOOKING: return look_key(input, key);
    case SCREEN_INFO: return info_key(input, key);
    case SCREEN_QUIT_ASKED: return quit_asked_key(input, key);
    default: return run_key(input, key);
    }
}

void input_idle(Input *input)
{
    session_idle(&input->session);
}

bool input_has_save(const Input *input)
{
    return input->setup.slot != NULL && slot_has_run(input->setup.slot);
}

/* A run is in play (not the title, not over), so leaving saves it */
static bool in_run(const Input *input)
{
    return input_screen_traits(input_screen(input))->in_run;
}

InputResult input_stop(Input *input)
{
    input->autoing = false;   /* nothing happens after the save */
    if (in_run(input) && !save_all(input)) {
        const MsgLog *log = run_log(input->session.run);
        const Message *why = msg_count(log) > 0 ? msg_get(log, msg_count(log) - 1) : NULL;
        fprintf(stderr, "amulets: %s The last good save is kept.\n",
                why != NULL ? why->text : "The run couldn't be saved.");
    }
    return INPUT_QUIT;
}

static InputResult keep_event(Input *input)
{
    input->autoing = false;
    if (in_run(input)) save_all(input);
    return INPUT_REDRAW;
}

static InputResult leave_event(Input *input)
{
    input->autoing = false;   /* nothing happens after the save */
    if (!in_run(input) || save_all(input)) return INPUT_QUIT;
    /* the save failed (the log says why): ask whether to quit without it,
     * so a save folder that can't be written never traps the player */
    input->looking = false;
    input->info.page = INFO_NONE;   /* the question is the screen up */
    input->quit_asked = true;
    return INPUT_REDRAW;
}

bool input_play(Input *input, const int *keys, int count)
{
    for (int i = 0; i < count; ++i) {
        if (input_key(input, keys[i]) == INPUT_QUIT) return true;
        while (input->autoing) input_auto_step(input);
    }
    return false;
}

/* ---- Auto-explore, travel and rest ----------------------------------------- */

/* o, G, Z, G while looking, a click: the first step at once */
static InputResult start_auto(Input *input, ExploreKind kind, Point target)
{
    explore_start(&input->explorer, input->session.run, kind, target);
    if (input->autopickup != NULL) input->explorer.take = *input->autopickup;
    input->autoing = true;
    return auto_step_event(input);
}

bool input_auto_going(const Input *input)
{
    return input->autoing;
}

static InputResult auto_step_event(Input *input)
{
    if (!input->autoing) return INPUT_NOTHING;
    Command command;
    char message[160];
    Session *session = &input->session;
    ExploreStop why = explore_next(&input->explorer, session->run, &command, message, sizeof message);
    if (why == EXPLORE_GO) {
        /* a step the rules ask about first stops the going, asking */
        ChooseStep step = choose_command(&input->dialog, session->run, command);
        if (step.done == CHOOSE_COMMAND && session_command(session, command)) return INPUT_REDRAW;
        if (step.done != CHOOSE_COMMAND) take_step(input, &step);
    }
    input->autoing = false;
    if (message[0] != '\0') run_tell(session->run, message);
    return INPUT_REDRAW;
}

static InputResult click_event(Input *input, Point cell)
{
    if (input_screen(input) != SCREEN_PLAYING || !in_bounds(cell.x, cell.y)) return INPUT_NOTHING;
    if (point_eq(cell, run_player(input->session.run)->pos)) return INPUT_NOTHING;
    return start_auto(input, EXPLORE_TRAVEL, cell);
}

/* ---- Every event kept as it's made (durable.h) ------------------------------ */

InputResult input_key(Input *input, int key)
{
    DurableMark mark = durable_begin(input);
    /* F2 only switches the view, which no save keeps */
    JournalEvent event = {key == AK_F2 ? 0 : 'k', key, 0};
    return durable_end(input, mark, event, key_event(input, key));
}

InputResult input_point(Input *input, const Point *cell)
{
    DurableMark mark = durable_begin(input);
    /* only the cursor the point moves is kept: where the mouse is isn't */
    bool cursor = input_screen_traits(input_screen(input))->cursor;
    JournalEvent event = {!cursor ? 0 : cell != NULL ? 'p' : 'P', cell ? cell->x : 0, cell ? cell->y : 0};
    return durable_end(input, mark, event, point_event(input, cell));
}

InputResult input_keep(Input *input)
{
    DurableMark mark = durable_begin(input);
    return durable_end(input, mark, (JournalEvent){'h', 0, 0}, keep_event(input));
}

InputResult input_leave(Input *input)
{
    DurableMark mark = durable_begin(input);
    return durable_end(input, mark, (JournalEvent){'l', 0, 0}, leave_event(input));
}

InputResult input_auto_step(Input *input)
{
    DurableMark mark = durable_begin(input);
    return durable_end(input, mark, (JournalEvent){'a', 0, 0}, auto_step_event(input));
}

InputResult input_click(Input *input, Point cell)
{
    DurableMark mark = durable_begin(input);
    return durable_end(input, mark, (JournalEvent){'c', cell.x, cell.y}, click_event(input, cell));
}
