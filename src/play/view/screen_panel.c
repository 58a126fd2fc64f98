/* The screen model's side panel (the run's figures, the debugging lines,
 * the look panel) and log, as lines of text a frontend paints. */
#include <stdio.h>
#include <string.h>

#include "known.h"
#include "lines.h"
#include "palette.h"
#include "screen.h"
#include "tune.h"
#include "wrap.h"

enum { LOOK_LINES = 12, AIM_LINES = 4, ABOUT_LINES = 4 };

static void health_bar(LineWriter *w, int hp, int most)
{
    PanelLine *line = lines_next(w);
    if (line == NULL) return;
    line->kind = PANEL_BAR;
    line->value = hp > 0 ? hp : 0;
    line->most = most;
    line->bar = hp * 4 <= most ? PAL_DANGER : PAL_GOOD;
    line->color = PAL_TEXT;
    snprintf(line->text, sizeof line->text, "%d/%d", line->value, most);
}

static void item_line(LineWriter *w, const Run *run, const char *label, int kind)
{
    char name[96] = "none", line[SCREEN_LINE_SIZE];
    if (kind >= 0) run_item_name(run, (Stack){kind, 1}, name, sizeof name);
    snprintf(line, sizeof line, "%s %s", label, name);
    lines_wrapped(w, line, PAL_TEXT, 2);
}

/* What f fires, once something is quivered, and how many are left */
static void quiver_line(LineWriter *w, const Run *run)
{
    const Player *p = run_player(run);
    if (p->quiver < 0) return;
    char name[96] = "empty", line[SCREEN_LINE_SIZE];
    int slot = pack_find(&p->pack, p->quiver);
    if (slot >= 0) run_item_name(run, p->pack.slots[slot], name, sizeof name);
    snprintf(line, sizeof line, "Quiver: %s", name);
    lines_wrapped(w, line, PAL_TEXT, 2);
}

static void statuses(LineWriter *w, const Player *p)
{
    static const char *const names[] = {"Poisoned", "Regenerating", "Confused"};
    const int turns[] = {p->status.poisoned, p->status.regenerating, p->status.confused};
    for (int i = 0; i < 3; ++i) {
        if (turns[i] <= 0) continue;
        char line[48];
        snprintf(line, sizeof line, "%s (%d)", names[i], turns[i]);
        lines_text(w, line, i == 1 ? PAL_GOOD : PAL_DANGER);
    }
}

/* What the player stands on: the stairs, or a thing lying there */
static void underfoot(LineWriter *w, const Run *run)
{
    const Level *level = run_level(run);
    Point at = run_player(run)->pos;
    if (level->has_stairs && point_eq(level->stairs, at)) lines_text(w, "Stairs down here.", PAL_STAIRS);
    int item = lvl_item_at(level, at);
    if (item < 0) return;
    char name[96], line[SCREEN_LINE_SIZE];
    run_item_name(run, level->items[item].stack, name, sizeof name);
    snprintf(line, sizeof line, "Here: %s.", name);
    lines_wrapped(w, line, PAL_TEXT, 2);
}

/* The monsters in sight, nearest first, as Brogue's sidebar shows them:
 * each with its state (on a line of its own if the name is long) and a
 * health bar, as many as fit */
static void in_view(LineWriter *w, const Run *run)
{
    Point seen[MAX_MONSTERS];
    /* the run drawn's monsters: a recording watched is not the input's run */
    int count = input_targets_of(run, seen, MAX_MONSTERS);
    if (count == 0) return;
    lines_gap(w);
    lines_text(w, "In view:", PAL_DIM_TEXT);
    const Level *level = run_level(run);
    int shown = 0;
    for (; shown < count; ++shown) {
        const Monster *m = &level->monsters[lvl_monster_at(level, seen[shown])];
        const MonsterDef *kind = &run_data(run)->monsters[m->kind];
        char line[SCREEN_LINE_SIZE];
        snprintf(line, sizeof line, "%c %s (%s)", kind->glyph, kind->name, run_monster_state(run, m));
        int rows = wrap_rows(line, w->width);
        /* its lines, its bar, and room for "and N more" after */
        if (*w->count + rows + 2 > w->most) break;
        lines_wrapped(w, line, kind->color, rows);
        health_bar(w, m->hp, kind->hp);
    }
    if (shown < count) {
        char line[32];
        snprintf(line, sizeof line, "and %d more", count - shown);
        lines_text(w, line, PAL_DIM_TEXT);
    }
}

static void figures(LineWriter *w, const Run *run)
{
    const Player *p = run_player(run);
    char line[96];
    lines_text(w, "AMULETS OF SDL", PAL_PLAYER);
    lines_gap(w);
    lines_text(w, run_class_name(run), PAL_TEXT);
    snprintf(line, sizeof line, "Floor %d", run_level(run)->depth);
    lines_text(w, line, PAL_TEXT);
    health_bar(w, p->hp, p->max_hp);
    snprintf(line, sizeof line, "Strength %+d", p->strength);
    lines_text(w, line, PAL_TEXT);
    snprintf(line, sizeof line, "Defense %d", run_player_defense(run));
    lines_text(w, line, PAL_TEXT);
    item_line(w, run, "Weapon:", p->weapon);
    item_line(w, run, "Armor:", p->armor);
    quiver_line(w, run);
    snprintf(line, sizeof line, "Gold %d", p->gold);
    lines_text(w, line, PAL_GOLD);
    snprintf(line, sizeof line, "Amulets %d of %d", p->amulets, AMULETS);
    lines_text(w, line, PAL_GOLD);
    snprintf(line, sizeof line, "Turn %d", run_turn(run));
    lines_text(w, line, PAL_TEXT);
    statuses(w, p);
    if (p->hp > 0 && p->hp * 3 < p->max_hp) lines_text(w, "Badly hurt!", PAL_DANGER);
    underfoot(w, run);
}

/* F4: every monster that fits, and how many didn't */
static void monster_list(LineWriter *w, const Run *run)
{
    const Level *level = run_level(run);
    int shown = 0;
    lines_text(w, "DEBUG: monsters (F4)", PAL_DEBUG);
    for (; shown < level->monster_count && *w->count + 1 < w->most; ++shown) {
        const Monster *m = &level->monsters[shown];
        char line[64];
        snprintf(line, sizeof line, "%c %2d,%2d %s", run_data(run)->monsters[m->kind].glyph,
                 m->pos.x, m->pos.y, run_monster_state(run, m));
        lines_text(w, line, PAL_DEBUG);
    }
    if (shown < level->monster_count) {
        char line[32];
        snprintf(line, sizeof line, "and %d more", level->monster_count - shown);
        lines_text(w, line, PAL_DEBUG);
    }
}

static void debug_lines(LineWriter *w, const Input *input, const Run *run)
{
    const DebugViews *views = &input->views;
    const GameData *data = run_data(run);
    char line[96];
    if (views->reveal) lines_text(w, "DEBUG: whole floor (F1)", PAL_DEBUG);
    if (views->distances) lines_text(w, "DEBUG: distances (F3)", PAL_DEBUG);
    if (views->growing) {
        snprintf(line, sizeof line, "DEBUG: cave step %d of %d (F6)", views->growth.step, CAVE_STEPS + 1);
        lines_text(w, line, PAL_DEBUG);
    }
    if (views->vault_shown >= 0) {
        const VaultDef *vault = &data->vaults[views->vault_shown];
        snprintf(line, sizeof line, "DEBUG: vault %d of %d (F7)", views->vault_shown + 1, data->vault_count);
        lines_text(w, line, PAL_DEBUG);
        snprintf(line, sizeof line, "%s, floors %d to %d", vault->id, vault->min_floor, vault->max_floor);
        lines_text(w, line, PAL_DEBUG);
    }
    if (views->monster_list) monster_list(w, run);
}

/* The prompt's words for each aim (dialog.h's AIM_PURPOSES): its verb, and
 * whether the missile aimed is named after it; an aim added without its
 * words doesn't compile */
typedef struct AimWords { const char *verb; bool names_missile; } AimWords;
#define AIM_WORDS_FIRE "Shoot", true
#define AIM_WORDS_THROW "Throw", true
#define AIM_WORDS_LIGHTNING "Aim the lightning", false
#define AIM_WORDS_FIREBALL "Aim the fireball", false
#define AIM_WORDS_OF(id, save_name) [AIM_##id] = {AIM_WORDS_##id},
static const AimWords AIM_WORDS[AIM_COUNT] = {AIM_PURPOSES(AIM_WORDS_OF)};
#undef AIM_WORDS_OF

/* Aiming: the prompt (here, not in the log: it's no news), the keys, and
 * a warning when the cell is past the range or the burst would reach the
 * player */
static void aim_lines(LineWriter *w, const Input *input, const Run *run)
{
    AimPurpose purpose = input->dialog.aim;
    INVARIANT((unsigned)purpose < AIM_COUNT);
    const AimWords *words = &AIM_WORDS[purpose];
    char name[96] = "", line[SCREEN_LINE_SIZE];
    Command aimed = dialog_aimed(&input->dialog, input->cursor);
    int kind = run_aimed_kind(run, aimed);
    if (words->names_missile && kind >= 0) {
        run_item_name(run, (Stack){kind, 1}, name, sizeof name - 1);
        strcat(name, " ");
    }
    snprintf(line, sizeof line, "%s %sat what?", words->verb, name);
    lines_wrapped(w, line, PAL_TEXT, 2);
    char next[16], go[16], stop[16];
    key_label(input->setup.keys, KB_NEXT_TARGET, next, sizeof next);
    key_label(input->setup.keys, KB_LET_FLY, go, sizeof go);
    key_label(input->setup.keys, KB_BACK, stop, sizeof stop);
    snprintf(line, sizeof line, "%s next, %s go, %s stop", next, go, stop);
    lines_wrapped(w, line, PAL_DIM_TEXT, 2);
    ShotPlan plan;
    if (!run_plan_shot(run, aimed, &plan)) return;
    if (plan.beyond_range) lines_text(w, "Beyond your range.", PAL_DANGER);
    else if (plan.burns_player) lines_text(w, "You are inside the burst!", PAL_DANGER);
}

/* The look panel: the creature there (if seen, with its state, a health
 * bar and a line about its kind), the item there (if known), and the
 * ground or a known trap */
static void look_panel(LineWriter *w, const Input *input, const Run *run, Point cell)
{
    LookInfo look;
    known_look(run, cell, &look);
    lines_text(w, input->looking ? "Looking (Esc or x to stop):" : "You see:", PAL_DIM_TEXT);
    if (look.creature[0] != '\0') lines_wrapped(w, look.creature, PAL_TEXT, 2);
    if (look.monster >= 0) {
        const Monster *m = &run_level(run)->monsters[look.monster];
        health_bar(w, m->hp, run_data(run)->monsters[m->kind].hp);
    }
    if (look.about[0] != '\0') lines_wrapped(w, look.about, PAL_DIM_TEXT, ABOUT_LINES);
    if (look.item[0] != '\0') lines_wrapped(w, look.item, PAL_TEXT, 2);
    lines_wrapped(w, look.ground[0] ? look.ground : "Nothing you know of.", PAL_TEXT, 1);
}

void screen_panel(const Input *input, const Run *run, int width, int rows, ScreenPanel *out)
{
    out->count = 0;
    Point cell;
    bool looking = input_look_cell(input, &cell);
    bool aiming = input->dialog.kind == DIALOG_AIMING;
    int top_rows = looking ? rows - LOOK_LINES - (aiming ? AIM_LINES : 0) : rows;
    LineWriter w = {out->lines, &out->count, top_rows > 0 ? top_rows : 0, width};
    figures(&w, run);
    in_view(&w, run);
    lines_gap(&w);
    debug_lines(&w, input, run);
    out->look_first = out->count;
    if (looking) {
        w.most = rows;
        if (aiming) aim_lines(&w, input, run);
        look_panel(&w, input, run, cell);
    }
}

void screen_log(const Run *run, int rows, ScreenLog *out)
{
    const MsgLog *log = run_log(run);
    int count = msg_count(log);
    if (rows > SCREEN_LOG_LINES) rows = SCREEN_LOG_LINES;
    int first = count > rows ? count - rows : 0;
    out->count = 0;
    for (int i = first; i < count; ++i) {
        const Message *m = msg_get(log, i);
        char *text = out->lines[out->count];
        if (m->count > 1) snprintf(text, sizeof out->lines[0], "%s x%d", m->text, m->count);
        else snprintf(text, sizeof out->lines[0], "%s", m->text);
        out->colors[out->count++] = m->read ? PAL_DIM_TEXT : PAL_TEXT;
    }
}
