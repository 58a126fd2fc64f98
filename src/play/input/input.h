/* The one input layer: the state of the interface above the run (which
 * screen is up, the look cursor, the debugging views) and what a key
 * means, for every way to play. The window, the terminal, the scripted
 * runner, the screenshot mode and the replays watched hand it their keys
 * and the mouse's cell, paint what it and the run say, and do what it
 * returns; none of them turns a key into a command itself, so a string
 * of keys plays the same run everywhere.
 *
 * The screens and their keys:
 * - The title (a save waits, when the program offers it): C continues it,
 *   N starts a new run (and deletes a save that could be continued or
 *   that another version wrote), Esc quits and keeps it. A save that
 *   can't be continued says why (input->title) and C is no longer offered.
 * - Choosing a class, where a new run starts that way (setup.choose_class:
 *   the title's N, R at a run's end, and the start when no save waits):
 *   a class's number starts a run as it, the up and down keys (j, k, the
 *   keypad's 8 and 2) move between them, Enter starts the one moved to,
 *   Esc goes back (to the title or the run's end; at the start, it quits). The waiting save
 *   is deleted only once a class is chosen. The last class chosen is
 *   remembered beside the save (slot.h) and chosen first next time.
 * - The high scores (scores.h), from the title or the class choice by H:
 *   the up and down keys scroll, Esc (or H, or q) goes back.
 * - The run's own screens: playing, and over it the dialogs that gather a
 *   choice (the pack, aiming, closing a door, a yes or no question, Esc's
 *   menu: input->dialog, choose.h has their keys); then death and
 *   victory, as the run's mode says. A choice made whole goes through
 *   the session (which keeps the save); S in Esc's menu saves and quits;
 *   Q in it asks "quit without saving?" (Y quits and the run goes on
 *   from its last save, any other key goes back to the menu); on the
 *   death and victory screens R starts a new run (the next seed) and Esc
 *   quits.
 * - Looking, as in DCSS: x while playing puts a cursor on the player; the
 *   moving keys move it a cell (it stays on the map); Esc or x ends it.
 *   No other key takes a turn or reaches the run while looking, so looking
 *   never changes what happens; G ends it and travels to the cursor.
 *   Pointing the mouse at a cell looks there too, and while looking it
 *   moves the cursor there; a click while playing travels there.
 * - o explores, G travels to the stairs, Z rests (explore.h): a string of
 *   ordinary commands, stepped by input_auto_step; any key stops it.
 * - Aiming (f, t and a missile, or a scroll of lightning or fireball):
 *   choose.h's keys; the mouse moves the cursor too. Only the shot itself
 *   reaches the run.
 * - F2 switches between the glyph and tile views. F1, F3, F4, F6 and F7
 *   switch the debugging views on any screen, only with setup.debug
 *   (--debug); they never change the run's play, but a run in play when
 *   one is used is marked for good (CMD_DEBUG, saved at once: save.h,
 *   the recording, the record of the run) and kept off the high scores.
 * The keys named here are the game's own; setup.keys (the player's
 * keys.txt) may bind others to the same commands.
 *
 * An Input is a plain value; it owns the run in play (input->session.run),
 * which it replaces when a new run starts or a save is continued. */
#ifndef AMULETS_INPUT_H
#define AMULETS_INPUT_H

#include <stdbool.h>

#include "cave.h"
#include "dialog.h"
#include "explore.h"
#include "keys.h"
#include "scores.h"
#include "session.h"
#include "slot.h"

enum { INPUT_TITLE_LINES = SLOT_REASONS_SHOWN + 2, INPUT_SCORES_PAGE = 20 };

/* What the player is looking at: the title, looking, or one of the run's
 * modes */
typedef enum Screen {
    SCREEN_TITLE,
    SCREEN_CLASS,          /* choosing a class for a new run */
    SCREEN_LOOKING,
    SCREEN_PLAYING,
    SCREEN_PACK,
    SCREEN_CLOSING,
    SCREEN_CONFIRMING,
    SCREEN_MENU,
    SCREEN_QUIT_ASKED,     /* Q in the menu: quit without saving? */
    SCREEN_AIMING,         /* the target cursor, for a shot or a scroll */
    SCREEN_INFO,           /* help, the history, the character, what's
                              known, examining (info.h) */
    SCREEN_DEAD,
    SCREEN_WON,
    SCREEN_SCORES,         /* the high scores, over the title or the class choice */
    SCREEN_COUNT
} Screen;

/* What a screen is, for the input, the screen model and the painters:
 * input.c's table is the one place that says it, and input_screen the
 * one place that orders the screens. Adding a screen touches the input
 * layer, the screen model and a painter. */
typedef struct ScreenTraits {
    const char *name;      /* input_screen_name's */
    bool over_map;         /* drawn over the map, the panel and the log
                              (else on its own: the title, the classes,
                              the high scores) */
    bool in_run;           /* a run goes on under it: leaving saves it */
    bool cursor;           /* the look or target cursor is up */
} ScreenTraits;

const ScreenTraits *input_screen_traits(Screen screen);

/* What the program around the input must do after a key */
typedef enum InputResult {
    INPUT_NOTHING,     /* the key meant nothing here: nothing changed */
    INPUT_REDRAW,      /* something changed: draw again */
    INPUT_NEW_RUN,     /* another run is in play (a new one, or the save
                          continued): forget anything kept of the old one,
                          and draw again */
    INPUT_QUIT,        /* leave the program (a run that goes on is saved) */
} InputResult;

/* The title screen, after a continue that failed */
typedef struct TitleState {
    bool failed;           /* C can't be pressed again */
    bool told;             /* lines say what the start did (a run's end
                              it recorded), though C may be pressed */
    bool other_version;    /* another version's save, kept where it is */
    char lines[INPUT_TITLE_LINES][SLOT_ERROR_SIZE];   /* why, for the player */
    int line_count;
} TitleState;

/* The debugging views (GAME.md §8). What each shows is the frontend's to
 * draw; only F6's cave and F7's vault choice are kept here. */
typedef struct DebugViews {
    bool tiles;            /* F2: the tile view, where a frontend has one */
    bool reveal;           /* F1: the whole floor */
    bool distances;        /* F3 */
    bool monster_list;     /* F4 */
    bool growing;          /* F6: a cave growing step by step, in growth */
    CaveGrowth growth;
    Rng growth_rng;        /* the caves' own dice, never the run's */
    int vault_shown;       /* F7: an index into the data's vaults, or -1 */
} DebugViews;

typedef struct InputSetup {
    const GameData *data;  /* loaded without mistakes, kept while the input lives */
    const Slot *slot;      /* NULL: the runs are never saved */
    uint64_t seed;         /* the first run's; each new run takes the next */
    int start_floor;
    bool offer_title;      /* a waiting save is offered on the title first */
    int class_index;       /* the class a new run starts as when none is
                              chosen: 0 is classes.txt's first */
    bool choose_class;     /* a new run starts by choosing its class (the
                              window): the title's N, R at a run's end, and
                              the start when no save waits */
    const KeyMap *keys;    /* the player's keys (keys.txt), kept while the
                              input lives; NULL: the game's own */
    bool debug;            /* --debug: the debugging views work */
    SessionClock clock;    /* the dates of the records and high scores of
                              runs that end; NULL for none */
} InputSetup;

/* Where Esc goes from the class choice */
typedef enum ChoiceBack { BACK_QUITS, BACK_TO_TITLE, BACK_TO_END } ChoiceBack;

typedef struct ClassChoice {
    bool up;               /* the choice is on the screen */
    int highlighted;       /* a class's index */
    ChoiceBack back;
    uint64_t seed;         /* the run it starts */
} ClassChoice;

/* The screens about the run (info.h), over the map; none reaches the run */
typedef enum InfoPage {
    INFO_NONE,
    INFO_HELP,             /* every key and what it does */
    INFO_GUIDE,            /* how to play */
    INFO_HISTORY,          /* the whole log */
    INFO_CHARACTER,
    INFO_KNOWN,            /* every kind identified */
    INFO_PICK,             /* examine which? */
    INFO_EXAMINE,          /* what the player knows of a thing carried */
    INFO_COUNT
} InfoPage;

typedef struct InfoState {
    InfoPage page;
    int scroll;            /* the first line shown */
    int slot;              /* the pack slot examined, or INFO_IN_HAND or
                              INFO_WORN (info.h) */
} InfoState;

typedef struct Input {
    InputSetup setup;
    uint64_t next_seed;
    Session session;       /* the run in play, and its save */
    bool on_title;
    TitleState title;
    ClassChoice choice;
    InfoState info;
    bool alarmed;          /* since input_take_alarm: hurt, a monster came
                              into view, or a question was asked */
    const char *const *notes;   /* input_tell's lines, told again to the
                                   first run a class choice starts */
    int note_count;
    int last_class;        /* the last class chosen, or setup's */
    bool looking;
    Point cursor;          /* while looking, or aiming */
    Dialog dialog;         /* what's up over the run gathering a choice
                              (dialog.h, choose.h), or none */
    bool quit_asked;       /* Q in Esc's menu, waiting for a yes */
    bool pointing;         /* the mouse is on a map cell... */
    Point pointed;         /* ...this one */
    DebugViews views;
    ScoresScreen scores;   /* H on the title or the class choice */
    bool autoing;          /* exploring, travelling or resting (o, G, Z, */
    Explorer explorer;     /* G while looking, a click): steps wait */
    const unsigned *autopickup;   /* what o picks up (options.txt's, heed.h's
                                     HEED_TAKE_*), kept while the input
                                     lives; NULL (as input_open leaves
                                     it): heed.h's default */
} Input;

/* Starts on the title if setup offers it and a save waits, else in a new
 * run (the title's N plays that same run). False if out of memory. */
bool input_open(Input *input, const InputSetup *setup);
void input_free(Input *input);

/* A key: a character, or a named key (AK_*) */
InputResult input_key(Input *input, int key);

/* The mouse is on a map cell, or off the map (NULL) */
InputResult input_point(Input *input, const Point *cell);

/* The player leaves some other way than a key (the window's close
 * button): a run in play is saved first, just as it is, on whatever
 * screen (resume.h: continuing it comes back there), and a string of
 * o, G or Z steps stops there. INPUT_QUIT, or INPUT_REDRAW if the save
 * failed: the run goes on, asking whether to quit without saving (Y) as
 * Esc Q does. (Esc S saves the same way, once the menu is closed.) */
InputResult input_leave(Input *input);

/* An ending signal arrived (stop.h): a run in play is saved as
 * input_leave saves it. If the save fails, the reason goes to stderr and
 * the last good save is kept. Always INPUT_QUIT: the program leaves
 * either way. */
InputResult input_stop(Input *input);

/* The frontend went out of sight and may be closed unseen (a browser tab
 * hidden): a run in play is saved as input_leave saves it and goes on;
 * a string of o, G or Z steps stops (nothing happens unseen). If the
 * save fails the log says why and the last good save is kept. Always
 * INPUT_REDRAW. */
InputResult input_keep(Input *input);

/* Play is idle (no event for a while): the run's journal is flushed to
 * the device if its last flush was a second or more ago (journal.h), so
 * a power cut loses at most the last second of play */
void input_idle(Input *input);

/* True if the run in play has a save to go on from (for "quit without
 * saving", which loses a run that has none) */
bool input_has_save(const Input *input);

/* Continues the waiting save, as C on the title does. False if it
 * couldn't; input->title says why. */
bool input_continue(Input *input);

/* Lines for the player at the start (the config files' mistakes): told
 * to the run in play, and again to the run the first class choice
 * starts. The lines must outlive the input */
void input_tell(Input *input, const char *const *lines, int count);

/* True (once) if the keys since the last call hurt the player, brought a
 * monster into view or asked a question: a frontend then drops the keys
 * typed ahead or held down, so they can't walk the player to death */
bool input_take_alarm(Input *input);

/* Presses keys typed ahead, as a frontend's queue holds them: the rest
 * are dropped at an alarm. True if one quit */
bool input_play_typed(Input *input, const int *keys, int count);

/* Presses the keys in turn until one quits; true if one did */
bool input_play(Input *input, const int *keys, int count);

Screen input_screen(const Input *input);
/* The screen up takes numbers (the class choice's 1 to 9): a frontend
 * that can't tell the keypad's digits from the keyboard's hands digits
 * over as digits here, and as the keypad's moving keys elsewhere
 * (key_typed_digit) */
bool input_takes_digits(const Input *input);
/* The screen's name: "title", "class", "looking", "playing", "inventory",
 * "closing", "confirming", "menu", "quitting", "aiming", "info", "dead",
 * "won", "scores" */
const char *input_screen_name(Screen screen);

/* The name of the screen a run's mode is (playing, dead, won) */
const char *input_mode_name(Mode mode);

/* The monsters in sight, as targets in the aim's order (where it starts,
 * and Tab's): their cells, those that could harm the player now first
 * (awake: heed.h's threat), then those that could later (asleep,
 * fleeing, rooted away from them), then the harmless (a shrieker);
 * nearest first within each, ties in the level's order. Returns how
 * many, at most max */
int input_targets(const Input *input, Point *out, int max);
/* The monsters in sight of any run (the one drawn, which while a
 * recording is watched is not the input's own): their cells, nearest
 * first (ties in the level's order), the panel's list */
int input_targets_of(const Run *run, Point *out, int max);

/* Auto-explore, travel and rest: while input_auto_going, the program
 * calls input_auto_step now and then (the window, with a short pause so
 * each step shows), and it carries out the next command or stops, telling
 * why; any key stops it first (and does nothing else). input_play steps
 * it to its stop after each key, so a string of keys plays the same
 * everywhere. */
bool input_auto_going(const Input *input);
InputResult input_auto_step(Input *input);
/* A click on a map cell: travel there, while playing */
InputResult input_click(Input *input, Point cell);

/* The cell the look panel is about (the cursor, or where the mouse
 * points), if any */
bool input_look_cell(const Input *input, Point *out);

#endif
