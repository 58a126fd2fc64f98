/* What the scripted runner and the replay runner print of a run at its
 * end: the log, and a line about the run (and how it ended). */
#include "app.h"

#include "input.h"
#include "run.h"

void app_print_log(const Run *run)
{
    const MsgLog *log = run_log(run);
    for (int i = 0; i < msg_count(log); ++i) {
        const Message *m = msg_get(log, i);
        if (m->count > 1) printf("%s x%d\n", m->text, m->count);
        else printf("%s\n", m->text);
    }
}

/* A dead player's hp can be below 0 inside the run; they have none left */
void app_print_summary(const Run *run, const char *screen)
{
    const Player *p = run_player(run);
    printf("floor %d, turn %d, hp %d/%d, gold %d, amulets %d, %s\n", run_level(run)->depth,
           run_turn(run), p->hp > 0 ? p->hp : 0, p->max_hp, p->gold, p->amulets,
           screen != NULL ? screen : input_mode_name(run_mode(run)));
    if (run_mode(run) == MODE_DEAD) {
        printf("Killed by %s, on turn %d.\n", p->killed_by, run_turn(run));
    }
}
