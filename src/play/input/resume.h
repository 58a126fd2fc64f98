/* What a continued run takes up beyond the run itself, so that the same
 * keys do next what they would have done had the player never left: the
 * input's screen over the run, its cursor, and the explorer's marks. They
 * are the play layer's records in the save (slot.h's SlotAbove and
 * SLOT_ABOVE_TYPES), written
 * whenever the player leaves (Esc S, the window's close, a signal):
 *
 *   [screen]              (resume.c's FIELDS)
 *   cursor = X Y          the look and target cursor
 *   looking = yes         looking (x); left out if not
 *   page = history        an info page that's up (help, guide, history,
 *                         character, known, pick, examine); left out if none
 *   scroll = N            its first line shown; the history's is
 *   back = N              instead its lines back from the newest
 *   examined = c          the letter examined (page = examine), or ) for
 *                         what's in hand, [ for what's worn
 *   quit_asked = yes      Q in Esc's menu, waiting for a yes
 *   dialog = pack         the dialog up gathering a choice (dialog.h):
 *                         pack, closing, question, menu, aiming; left
 *                         out if none (version 7 on)
 *   pack_for = identify   the pack's purpose: use, drop, identify,
 *                         throw, quiver
 *   aim = lightning       the aim's: fire, throw, lightning, fireball
 *   letter = c            what's in hand: the scroll of identify read
 *                         (pack_for = identify), the missile thrown or
 *                         the scroll read (aim, but fire)
 *   question = step       the rules' question: step (with step = DIR,
 *                         its direction) or descend
 *
 *   [explorer]            explore.h's EXPLORE_RECORD
 *
 * A save of version 5 or 6 has its dialog as the rules' mode, in their
 * [run] (save.h, run_saved_choice): read back, it's the same dialog. A
 * save without these records (a checkpoint on a new floor, a save from
 * before version 5) comes back playing, with the explorer's marks
 * forgotten.
 *
 * Not kept, as the straight run would have lost them too: a string of
 * auto-explore, travel or rest under way (leaving stops it, as any key
 * does, and nothing more happens after the save); keys typed ahead;
 * where the mouse points (it's wherever the pointer is now); the
 * debugging views. And the history holds "Welcome back." at its foot, as
 * a continued run's does, so it comes back the same lines from its
 * newest. */
#ifndef AMULETS_RESUME_H
#define AMULETS_RESUME_H

#include "input.h"

/* What the records say: the view they're written from and read into,
 * read before the input takes it up */
typedef struct Resumed {
    bool looking, quit_asked;
    Point cursor;
    Dialog dialog;
    InfoPage page;
    int scroll, back, examined;
    Explorer explorer;
} Resumed;

/* The records of the input's screen and explorer, for the caller to free
 * (NULL if out of memory); length gets their length */
char *resume_write(const Input *input, size_t *length);
/* The same from what they say, for the run */
char *resume_text(const Resumed *resumed, const Run *run, size_t *length);

/* The schema of the play layer's records in the save (schema.h): [screen]
 * and [explorer], each field with the save's version it came in */
const Schema *resume_schema(void);

/* A SlotReadAbove: reads the records for the run into a Resumed (state),
 * each mistake "save.txt:LINE: ..." in errors; false if there was one.
 * No records is a run playing, its explorer unmarked */
bool resume_read(void *state, const Run *run, const RecFile *file, Errors *errors);

/* The input takes up what was read, for the run just continued */
void resume_apply(Input *input, const Resumed *resumed);

#endif
