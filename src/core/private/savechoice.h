/* The run's mode and the choice it waits for, as a save's [run] has them
 * from version 5 on (saveschema.c lists them, saveread.c checks them): a save
 * is taken as the player leaves, in whatever screen of the run they're
 * in, and continues there. Left out for a run that's playing.
 *
 *   mode = inventory        pack_for = use | drop | identify | throw
 *                           | quiver (version 6 on) (identify:
 *                           scroll_letter = the letter the scroll of
 *                           identify was read from)
 *   mode = closing
 *   mode = confirming       question = step (with step = DIR) | descend
 *   mode = menu
 *   mode = aiming           aim = fire | throw (aim_kind = the missile)
 *                           | lightning | fireball (aim_kind = the
 *                           scroll, and scroll_letter) */
#ifndef AMULETS_SAVECHOICE_H
#define AMULETS_SAVECHOICE_H

#include "records.h"
#include "run_internal.h"

/* What was read, for the checks once the whole save is */
typedef struct ChoiceRead {
    int mode_line;             /* 0 if playing */
    int letter_line;           /* of scroll_letter, or 0 */
    int kind_line;             /* of aim_kind, or 0 */
} ChoiceRead;

/* Once the schema has read [run]'s fields (saveschema.c's mode to
 * scroll_letter) into the run: the mode must be one a save can be in,
 * and what couldn't be read stands in as the first of its kind */
void choice_read(Run *run, Fields *fields, ChoiceRead *read);

/* The choice against the rest of the save: a missile aimed is carried
 * and can be loosed, a scroll aimed does what it's aimed for, a scroll's
 * letter is free or holds its kind still, a descent is asked on the
 * stairs */
void choice_check(const Run *run, const ChoiceRead *read, Errors *errors);

#endif
