/* The record of a run: see morgue.h. */
#include "morgue.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "known.h"
#include "scores.h"
#include "text.h"
#include "tune.h"


/* ---- The sections ------------------------------------------------------- */

static void heading(FILE *out, const char *title)
{
    fprintf(out, "\n%s\n", title);
    for (size_t i = 0; i < strlen(title); ++i) fputc('-', out);
    fputc('\n', out);
}

static void who_and_how(FILE *out, const Run *run, long long now)
{
    const Player *p = run_player(run);
    char date[SCORES_DATE_SIZE];
    scores_format_date(now, date);
    fputs("Amulets of SDL: the record of a run\n===================================\n\n", out);
    fprintf(out, "%s, seed %llu\n", run_class_name(run), (unsigned long long)run_seed(run));
    if (date[0] != '\0') fprintf(out, "Ended %s UTC\n", date);
    if (run_mode(run) == MODE_WON) {
        fprintf(out, "Won: all %d Amulets of SDL, on turn %d, on floor %d.\n", AMULETS,
                run_turn(run), run_level(run)->depth);
    } else {
        fprintf(out, "Killed by %s, on turn %d, on floor %d.\n", p->killed_by, run_turn(run),
                run_level(run)->depth);
    }
    if (run_debugged(run)) {
        fputs("The debugging views were used in this run (--debug): it isn't on the high scores.\n", out);
    }
}

static void figures(FILE *out, const Run *run)
{
    const Player *p = run_player(run);
    char weapon[96] = "nothing", armor[96] = "nothing";
    if (p->weapon >= 0) run_item_name(run, (Stack){p->weapon, 1}, weapon, sizeof weapon);
    if (p->armor >= 0) run_item_name(run, (Stack){p->armor, 1}, armor, sizeof armor);
    heading(out, "The run");
    fprintf(out, "Floor %d    Turns %d    Gold %d    Amulets %d of %d\n", run_level(run)->depth,
            run_turn(run), p->gold, p->amulets, AMULETS);
    fprintf(out, "Health %d/%d    Strength %+d    Defense %d\n", p->hp > 0 ? p->hp : 0, p->max_hp,
            p->strength, run_player_defense(run));
    fprintf(out, "Wielding %s; wearing %s.\n", weapon, armor);
}

/* Each kind killed, most first (the data's order between equals) */
static void kills(FILE *out, const Run *run)
{
    const Player *p = run_player(run);
    const GameData *data = run_data(run);
    heading(out, "Kills");
    fprintf(out, "%d in all\n", p->kills);
    int by_kind = 0, shown[MAX_MONSTER_KINDS];
    int count = 0;
    for (int kind = 0; kind < data->monster_count; ++kind) {
        if (p->killed[kind] <= 0) continue;
        by_kind += p->killed[kind];
        int at = count++;
        while (at > 0 && p->killed[shown[at - 1]] < p->killed[kind]) {
            shown[at] = shown[at - 1];
            --at;
        }
        shown[at] = kind;
    }
    for (int i = 0; i < count; ++i) fprintf(out, "%6d  %s\n", p->killed[shown[i]], data->monsters[shown[i]].name);
    /* a run saved before kills were counted by kind */
    if (p->kills > by_kind) fprintf(out, "%6d  not counted by kind\n", p->kills - by_kind);
}

static void pack(FILE *out, const Run *run)
{
    const Player *p = run_player(run);
    heading(out, "The pack");
    if (p->pack.count == 0) fputs("Nothing.\n", out);
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        if (!pack_holds(&p->pack, slot)) continue;
        Stack stack = p->pack.slots[slot];
        char name[96];
        run_item_name(run, stack, name, sizeof name);
        const char *mark = stack.kind == p->weapon ? " (in hand)"
                           : stack.kind == p->armor ? " (worn)"
                           : !run_kind_known(run, stack.kind) ? " (not known)" : "";
        fprintf(out, "%c) %s%s\n", pack_letter(slot), name, mark);
    }
}

static void messages(FILE *out, const Run *run)
{
    const MsgLog *log = run_log(run);
    heading(out, "The last messages");
    int first = msg_count(log) > MORGUE_MESSAGES ? msg_count(log) - MORGUE_MESSAGES : 0;
    for (int i = first; i < msg_count(log); ++i) {
        const Message *m = msg_get(log, i);
        if (m->count > 1) fprintf(out, "%s x%d\n", m->text, m->count);
        else fprintf(out, "%s\n", m->text);
    }
}

static void floor_known(FILE *out, const Run *run)
{
    char title[64];
    snprintf(title, sizeof title, "Floor %d, as you knew it", run_level(run)->depth);
    heading(out, title);
    /* each row cut after its last known cell, and the rows above and
     * below everything known left out */
    char rows[MAP_H][MAP_W + 1];
    int top = MAP_H, bottom = -1;
    for (int y = 0; y < MAP_H; ++y) {
        int end = 0;
        for (int x = 0; x < MAP_W; ++x) {
            rows[y][x] = known_glyph(run, (Point){x, y});
            if (rows[y][x] != ' ') end = x + 1;
        }
        rows[y][end] = '\0';
        if (end > 0 && top == MAP_H) top = y;
        if (end > 0) bottom = y;
    }
    for (int y = top; y <= bottom; ++y) fprintf(out, "%s\n", rows[y]);
}

char *morgue_text(const Run *run, const char *recording, long long now, size_t *length)
{
    TextOut t;
    if (!text_open(&t)) return NULL;
    FILE *out = t.out;
    who_and_how(out, run, now);
    figures(out, run);
    kills(out, run);
    pack(out, run);
    messages(out, run);
    floor_known(out, run);
    heading(out, "The recording");
    fprintf(out, "%s\n", recording[0] != '\0' ? recording : "None was kept.");
    return text_close(&t, length);
}
