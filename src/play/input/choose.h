/* Gathering a choice: what each key means on the run's own screens (the
 * playing screen, the dialogs over it: dialog.h, and the run's end), for
 * the input and for whatever else plays a run by its keys (the tests,
 * the tools). A key opens a dialog, changes it (the aim's cursor, a
 * letter refused), closes it, or makes a choice whole for the rules; the
 * caller sends that (run_command, or session_command), says the step's
 * words, and then hands the choice to choose_after.
 *
 * The keys (keys.h names them; keys.txt may bind others):
 * - Playing: the moving keys step (a step onto a known trap is asked
 *   first, as going down with the floor's Amulet left is: the rules'
 *   questions, run_asks), . waits, g picks up, s searches, > goes down; i
 *   opens the pack to use, d to drop, t to throw, Q to quiver (d, t and
 *   Q say so when there's nothing to offer); c asks which way to close a
 *   door; f aims the quivered missile; Esc opens the menu.
 * - The pack: a letter chooses (a missile to use is thrown, a scroll of
 *   lightning or fireball aimed, one of identify opens the pack again
 *   for what to identify); Esc closes it, spending nothing.
 * - Aiming: the target cursor starts on the monster last aimed at if
 *   it's in sight, else the most called for (choose_targets), else the
 *   player; Tab or + goes to the next monster in sight, Shift-Tab or -
 *   back; the moving keys move it a cell; Enter, or f or t again, lets
 *   fly at it (a cell the rules refuse says why, and the aim stays); Esc
 *   stops, spending nothing.
 * - Closing: a direction closes the door there; Esc stops.
 * - A question: y is yes; any other key is no ("You stay where you are").
 * - The menu: S saves and quits, Q asks to quit unsaved (the caller's),
 *   Esc goes back. */
#ifndef AMULETS_CHOOSE_H
#define AMULETS_CHOOSE_H

#include <stdbool.h>

#include "dialog.h"
#include "keys.h"

enum { CHOOSE_WORDS = 160 };

typedef enum ChooseDone {
    CHOOSE_NOTHING,   /* the key means nothing here: nothing changed */
    CHOOSE_CHANGED,   /* the dialog or the cursor changed, or words are said */
    CHOOSE_COMMAND,   /* a choice is made: step.command, for the rules */
    CHOOSE_LEFT,      /* a key for the caller: step.action (KA_SAVE_QUIT,
                         KA_QUIT_UNSAVED, KA_QUIT, KA_NEW_RUN, KA_LOOK,
                         KA_EXPLORE, KA_TRAVEL_STAIRS, KA_REST, KA_DEBUG,
                         and KA_NONE on the playing screen: the pages') */
} ChooseDone;

typedef struct ChooseStep {
    ChooseDone done;
    Command command;
    KeyAction action;
    char words[CHOOSE_WORDS];  /* for the log, first; "" for none */
    bool asked;                /* a question went up: keys typed ahead go */
} ChooseStep;

/* A key on the run's own screen that's up (the dialog, or none: the
 * playing screen, or the run's end), with keys (NULL: the game's own);
 * cursor is the aim's */
ChooseStep choose_key(Dialog *dialog, Point *cursor, const KeyMap *keys, const Run *run, int key);

/* A command made on the playing screen (a key, auto-explore's next
 * step): made at once, or first the question the rules ask of it */
ChooseStep choose_command(Dialog *dialog, const Run *run, Command command);

/* After the rules took a choice: the dialog its use opens now, if any
 * (an unknown scroll read is learnt, and if it needs a cell or a slot
 * it's aimed or read on one then: run_use_needs), with its words in
 * words (CHOOSE_WORDS) */
void choose_after(Dialog *dialog, Point *cursor, const Run *run, Command command, char *words);

/* The monsters in sight, as targets in the aim's order (where it starts,
 * and Tab's) if by_call: those that could harm the player now first
 * (awake: heed.h's threat), then those that could later (asleep,
 * fleeing, rooted away from them), then the harmless (a shrieker);
 * nearest first within each, ties in the level's order. Without
 * by_call, nearest first only. Returns how many, at most max */
int choose_targets(const Run *run, bool by_call, Point *out, int max);

/* Where the target cursor starts: on the monster last aimed at if it's
 * in sight, else the first of the targets, else the player */
Point choose_first_target(const Run *run);

#endif
