/* What the scripted runner and the replay runner print of a run at its
 * end: the log, and a line about the run (and how it ended). */
#include "app.h"

#include "run.h"

static const char *mode_name(Mode mode)
{
    static const char *const names[] = {
        "playing", "inventory", "closing", "confirming", "menu", "dead", "won",
    };
    return names[mode];
}

void app_print_log(const Run *run)
{
    const MsgLog *log = run_log(run);
    for (int i = 0; i < msg_count(log); ++i) {
        const Message *m = msg_get(log, i);
        if (m->count > 1) printf("%s x%d\n", m->text, m->count);
        else printf("%s\n", m->text);
    }
}

void app_print_summary(const Run *run)
{
    const Player *p = run_player(run);
    printf("floor %d, turn %d, hp %d/%d, gold %d, amulets %d, %s\n", run_level(run)->depth,
           run_turn(run), p->hp, p->max_hp, p->gold, p->amulets, mode_name(run_mode(run)));
    if (run_mode(run) == MODE_DEAD) {
        printf("Killed by %s, on turn %d.\n", p->killed_by, run_turn(run));
    }
}
