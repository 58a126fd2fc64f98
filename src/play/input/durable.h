/* Every event of play kept as it's made: the input's part of the run's
 * journal (journal.h). Each of the input's events (a key, an auto-explore
 * step, a click, the pointer moving a cursor, a leave or a hide whose
 * save failed) that changes something while a run is in play is noted in
 * the journal before its result is shown; a checkpoint or an ending it
 * brought about is made after (session_settle), so the journal never
 * misses an event a save doesn't hold. Continuing plays the journal's
 * events again through the same input, from the save (or, for a run with
 * no save yet, from its seed), with the keys and pick-up choices they
 * were made with (the journal's settings), so the run comes back at its
 * last event: the same run, the same screen, the same marks. An event
 * that changed nothing, an event on the title or a run's end, the pointer
 * off a cursor and F2 (the view) aren't noted; a string of o, G or Z steps
 * comes back stopped, as a save stops it. */
#ifndef AMULETS_DURABLE_H
#define AMULETS_DURABLE_H

#include <stdbool.h>

#include "input.h"
#include "journal.h"

/* What the input was before an event */
typedef struct DurableMark {
    bool in_run;            /* a run was in play */
    int journal_starts;     /* the session's journal count: a save in the
                               event starts another, which holds the event */
} DurableMark;

DurableMark durable_begin(const Input *input);
/* After the event: the event noted (a kind of 0: not one to keep), then
 * what it brought about made; returns result */
InputResult durable_end(Input *input, DurableMark mark, JournalEvent event, InputResult result);

/* The input's settings as the journal's head keeps them ("keys default
 * take 7"), into out (JOURNAL_SETTINGS_SIZE) */
void durable_settings(const Input *input, char *out, size_t size);

/* The run the journal starts from when it has no save (from the start):
 * new as its seed, floor and class make it; NULL (errors say why) if the
 * data has no such class or there's no memory */
Run *durable_new_run(const Input *input, const JournalBase *base, Errors *errors);

/* Takes up the journal read for the run just continued (found is what
 * journal_read said, its errors in errors): plays its events again if
 * it's this run's, sets it aside (journal.bad) and says so if it's
 * damaged or can't be played, and leaves a stale one (a save made after
 * it) to be written over. Tells the player what came of it. */
void durable_take_up(Input *input, JournalFound found, JournalRead *read, Errors *errors);

#endif
