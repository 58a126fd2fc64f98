#include "input.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "invariant.h"

/* ---- Screens ----------------------------------------------------------- */

static const char *const SCREEN_NAMES[SCREEN_COUNT] = {
    [SCREEN_TITLE] = "title",     [SCREEN_LOOKING] = "looking",
    [SCREEN_PLAYING] = "playing", [SCREEN_PACK] = "inventory",
    [SCREEN_CLOSING] = "closing", [SCREEN_CONFIRMING] = "confirming",
    [SCREEN_MENU] = "menu",       [SCREEN_QUIT_ASKED] = "quitting",
    [SCREEN_DEAD] = "dead",       [SCREEN_WON] = "won",
};

/* The run's modes are screens of their own */
static const Screen MODE_SCREENS[] = {
    [MODE_PLAYING] = SCREEN_PLAYING, [MODE_INVENTORY] = SCREEN_PACK,
    [MODE_CLOSING] = SCREEN_CLOSING, [MODE_CONFIRMING] = SCREEN_CONFIRMING,
    [MODE_MENU] = SCREEN_MENU,       [MODE_DEAD] = SCREEN_DEAD,
    [MODE_WON] = SCREEN_WON,
};

Screen input_screen(const Input *input)
{
    if (input->on_title) return SCREEN_TITLE;
    if (input->looking) return SCREEN_LOOKING;
    if (input->quit_asked) return SCREEN_QUIT_ASKED;
    Mode mode = run_mode(input->session.run);
    INVARIANT((size_t)mode < sizeof MODE_SCREENS / sizeof MODE_SCREENS[0]);
    return MODE_SCREENS[mode];
}

const char *input_mode_name(Mode mode)
{
    INVARIANT((size_t)mode < sizeof MODE_SCREENS / sizeof MODE_SCREENS[0]);
    return SCREEN_NAMES[MODE_SCREENS[mode]];
}

const char *input_screen_name(Screen screen)
{
    INVARIANT((unsigned)screen < SCREEN_COUNT);
    return SCREEN_NAMES[screen];
}

/* ---- Opening, and the runs it plays -------------------------------------- */

/* The run in play becomes run, with nothing of the old one's screens */
static void play_run(Input *input, Run *run)
{
    run_free(input->session.run);
    session_start(&input->session, input->setup.slot, run);
    input->on_title = false;
    input->looking = false;
    input->quit_asked = false;
}

bool input_open(Input *input, const InputSetup *setup)
{
    memset(input, 0, sizeof *input);
    input->setup = *setup;
    input->next_seed = setup->seed;
    input->views.vault_shown = -1;
    rng_seed(&input->views.growth_rng, setup->seed ^ 0xCA7Eull);
    Run *run = run_new(setup->data, input->next_seed++, setup->start_floor);
    if (run == NULL) return false;
    session_start(&input->session, setup->slot, run);
    input->on_title = setup->offer_title && setup->slot != NULL && slot_has_save(setup->slot);
    return true;
}

void input_free(Input *input)
{
    run_free(input->session.run);
    input->session.run = NULL;
}

/* R on the death or victory screen: the next seed's run */
static InputResult new_run(Input *input)
{
    Run *run = run_new(input->setup.data, input->next_seed, input->setup.start_floor);
    if (run == NULL) {
        run_tell(input->session.run, "There's no memory left for a new run.");
        return INPUT_REDRAW;
    }
    ++input->next_seed;
    play_run(input, run);
    return INPUT_NEW_RUN;
}

bool input_continue(Input *input)
{
    if (input->setup.slot == NULL) return false;
    SlotLoad load;
    Run *run = slot_load(input->setup.slot, input->setup.data, &load);
    if (run != NULL) {
        play_run(input, run);
    } else {
        TitleState *title = &input->title;
        title->failed = true;
        title->other_version = load.result == LOAD_OTHER_VERSION;
        title->line_count = slot_explain(&load, title->lines, INPUT_TITLE_LINES);
    }
    errors_clear(&load.reasons);
    return run != NULL;
}

/* ---- The title ----------------------------------------------------------- */

static InputResult title_key(Input *input, int key)
{
    const KeyMap *keys = input->setup.keys;
    if (key_bound(keys, KB_CONTINUE, key) && !input->title.failed) {
        return input_continue(input) ? INPUT_NEW_RUN : INPUT_REDRAW;
    }
    if (key_bound(keys, KB_NEW_GAME, key)) {
        /* the waiting save goes, whatever it is (a damaged one set aside
         * is already gone); if it can't, the new run says why, since it
         * will be offered again at the next start */
        if (!slot_remove(input->setup.slot)) {
            char line[SLOT_ERROR_SIZE + 80];
            file_explain(line, sizeof line - 1,
                         "The old save couldn't be deleted, so it will be offered again", errno);
            strcat(line, ".");
            run_tell(input->session.run, line);
        }
        input->on_title = false;
        return INPUT_NEW_RUN;
    }
    return key_bound(keys, KB_QUIT, key) ? INPUT_QUIT : INPUT_NOTHING;
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

static InputResult debug_key(Input *input, int key)
{
    DebugViews *views = &input->views;
    switch (key) {
    case AK_F1: views->reveal = !views->reveal; break;
    case AK_F2: views->tiles = !views->tiles; break;
    case AK_F3: views->distances = !views->distances; break;
    case AK_F4: views->monster_list = !views->monster_list; break;
    case AK_F6: step_cave(views); break;
    case AK_F7: step_vault(views, input->setup.data); break;
    default: return INPUT_NOTHING;
    }
    return INPUT_REDRAW;
}

/* ---- Looking ------------------------------------------------------------- */

static InputResult look_key(Input *input, int key)
{
    const KeyMap *keys = input->setup.keys;
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

bool input_look_cell(const Input *input, Point *out)
{
    if (input->on_title) return false;
    if (input->looking) {
        *out = input->cursor;
        return true;
    }
    if (input->pointing) *out = input->pointed;
    return input->pointing;
}

InputResult input_point(Input *input, const Point *cell)
{
    bool on_map = cell != NULL && !input->on_title && in_bounds(cell->x, cell->y);
    if (on_map && input->looking) {
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

/* A key in one of the run's own screens, as keys.h reads it there */
static InputResult run_key(Input *input, int key)
{
    Session *session = &input->session;
    Command command;
    switch (key_action_in(input->setup.keys, run_mode(session->run), key, &command)) {
    case KA_COMMAND:
        return session_command(session, command) ? INPUT_REDRAW : INPUT_NOTHING;
    case KA_SAVE_QUIT:
        return session_save(session) ? INPUT_QUIT : INPUT_REDRAW;
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
    case KA_DEBUG:   /* input_key's already */
    case KA_NONE:
        break;
    }
    return INPUT_NOTHING;
}

/* Y quits, leaving the save as it was; anything else goes back to the menu */
static InputResult quit_asked_key(Input *input, int key)
{
    input->quit_asked = false;
    return key_bound(input->setup.keys, KB_YES, key) ? INPUT_QUIT : INPUT_REDRAW;
}

InputResult input_key(Input *input, int key)
{
    if (key >= AK_F1 && key <= AK_F12) return debug_key(input, key);
    if (input->on_title) return title_key(input, key);
    if (input->looking) return look_key(input, key);
    if (input->quit_asked) return quit_asked_key(input, key);
    return run_key(input, key);
}

bool input_has_save(const Input *input)
{
    return input->setup.slot != NULL && slot_has_save(input->setup.slot);
}

/* A run is in play (not the title, not over), so leaving saves it */
static bool in_run(const Input *input)
{
    Screen screen = input_screen(input);
    return screen != SCREEN_TITLE && screen != SCREEN_DEAD && screen != SCREEN_WON;
}

InputResult input_stop(Input *input)
{
    bool saving = in_run(input);
    input->looking = input->quit_asked = false;
    if (saving && !session_save(&input->session)) {
        const MsgLog *log = run_log(input->session.run);
        const Message *why = msg_count(log) > 0 ? msg_get(log, msg_count(log) - 1) : NULL;
        fprintf(stderr, "amulets: %s The last good save is kept.\n",
                why != NULL ? why->text : "The run couldn't be saved.");
    }
    return INPUT_QUIT;
}

InputResult input_leave(Input *input)
{
    if (!in_run(input) || session_save(&input->session)) return INPUT_QUIT;
    /* the save failed (the log says why): ask whether to quit without it,
     * so a save folder that can't be written never traps the player */
    input->looking = false;
    input->quit_asked = true;
    return INPUT_REDRAW;
}

bool input_play(Input *input, const int *keys, int count)
{
    for (int i = 0; i < count; ++i) {
        if (input_key(input, keys[i]) == INPUT_QUIT) return true;
    }
    return false;
}
