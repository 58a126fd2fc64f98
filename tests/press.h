/* A key pressed straight into a session, as the input layer does for the
 * run's own screens (no looking, no title): for tests and tools that
 * drive a Session without an Input. Returns what the key meant; KA_QUIT
 * for S in the menu once the save is written, KA_NONE if it failed. */
#ifndef AMULETS_PRESS_H
#define AMULETS_PRESS_H

#include "keys.h"
#include "session.h"

static inline KeyAction press_key(Session *session, int key)
{
    Command command;
    KeyAction action = key_action(run_mode(session->run), key, &command);
    if (action == KA_COMMAND) session_command(session, command);
    if (action == KA_SAVE_QUIT) return session_save(session) ? KA_QUIT : KA_NONE;
    return action;
}

#endif
