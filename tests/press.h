/* A key pressed straight into a session, as the input layer does for the
 * run's own screens (no looking, no title): for tests and tools that
 * drive a Session without an Input. The dialog up (choose.h) and the
 * aim's cursor are the Presser's. Returns what the key meant: KA_COMMAND
 * for a choice made (taken or not), KA_QUIT for S in the menu once the
 * save is written, KA_NONE if that failed or the key meant nothing, and
 * KA_BACK for any other change of the dialog. */
#ifndef AMULETS_PRESS_H
#define AMULETS_PRESS_H

#include "choose.h"
#include "session.h"

typedef struct Presser {
    Dialog dialog;
    Point cursor;
} Presser;

static inline Presser press_start(void)
{
    return (Presser){dialog_none(), {0, 0}};
}

static inline KeyAction press_key(Presser *p, Session *session, int key)
{
    ChooseStep step = choose_key(&p->dialog, &p->cursor, NULL, session->run, key);
    if (step.words[0] != '\0') run_answer(session->run, step.words);
    if (step.done == CHOOSE_COMMAND) {
        if (session_command(session, step.command)) {
            char words[CHOOSE_WORDS];
            choose_after(&p->dialog, &p->cursor, session->run, step.command, words);
            if (words[0] != '\0') run_tell(session->run, words);
        }
        return KA_COMMAND;
    }
    if (step.done == CHOOSE_LEFT && step.action == KA_SAVE_QUIT) {
        p->dialog = dialog_none();
        return session_save(session) ? KA_QUIT : KA_NONE;
    }
    if (step.done == CHOOSE_LEFT) return step.action;
    return step.done == CHOOSE_CHANGED ? KA_BACK : KA_NONE;
}

#endif
