/* Keys pressed on a bare run (no session, no input), as the input does
 * for the run's own screens (choose.h): the dialog up and the aim's
 * cursor are the KeyRun's. For the tests that play a run by its keys,
 * so a choice is made on the same screens as in play. */
#ifndef AMULETS_KEYRUN_H
#define AMULETS_KEYRUN_H

#include "choose.h"

typedef struct KeyRun {
    Dialog dialog;
    Point cursor;
} KeyRun;

static inline KeyRun keyrun_start(void)
{
    return (KeyRun){dialog_none(), {0, 0}};
}

/* What the key did: KA_COMMAND for a choice the rules took, else what
 * choose.h left to the caller (KA_NONE for nothing, or a dialog's change) */
static inline KeyAction keyrun_press(KeyRun *k, Run *run, int key)
{
    ChooseStep step = choose_key(&k->dialog, &k->cursor, NULL, run, key);
    if (step.words[0] != '\0') run_answer(run, step.words);
    if (step.done == CHOOSE_LEFT) return step.action;
    if (step.done != CHOOSE_COMMAND || !run_command(run, step.command)) return KA_NONE;
    char words[CHOOSE_WORDS];
    choose_after(&k->dialog, &k->cursor, run, step.command, words);
    if (words[0] != '\0') run_tell(run, words);
    return KA_COMMAND;
}

#endif
