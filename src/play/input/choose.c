/* Gathering a choice, key by key: see choose.h */
#include "choose.h"

#include <stdio.h>
#include <string.h>

#include "heed.h"

static ChooseStep step_of(ChooseDone done)
{
    ChooseStep step;
    memset(&step, 0, sizeof step);
    step.done = done;
    return step;
}

static ChooseStep said(const char *words)
{
    ChooseStep step = step_of(CHOOSE_CHANGED);
    snprintf(step.words, sizeof step.words, "%s", words);
    return step;
}

/* The choice is made: the dialog it was made on goes */
static ChooseStep made(Dialog *dialog, Command command)
{
    *dialog = dialog_none();
    ChooseStep step = step_of(CHOOSE_COMMAND);
    step.command = command;
    return step;
}

static ChooseStep closed(Dialog *dialog)
{
    *dialog = dialog_none();
    return step_of(CHOOSE_CHANGED);
}

/* Why the rules won't take it (run_allows): the words, or none to say */
static ChooseStep refused(const Run *run, Command command)
{
    char why[CHOOSE_WORDS];
    run_allows(run, command, why, sizeof why);
    return why[0] != '\0' ? said(why) : step_of(CHOOSE_NOTHING);
}

static const Pack *pack_of(const Run *run) { return &run_player(run)->pack; }

/* ---- The aim's targets -------------------------------------------------------- */

static int distance_squared(Point a, Point b)
{
    return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
}

/* How much a monster in sight calls for the aim, most first: one awake
 * that could harm the player now (heed.h's threat), then one that could
 * harm them but not now (asleep, fleeing, rooted away from them), then
 * one that does no harm at all (a shrieker): a rat biting comes before
 * a shrieker beside the player, asleep or shrieking */
typedef enum AimCall { AIM_HARMS_NOW, AIM_HARMS_LATER, AIM_HARMLESS } AimCall;

static AimCall aim_call(const Run *run, const Monster *m)
{
    if (heed_harmless(run, m->kind)) return AIM_HARMLESS;
    SeenMonster seen = {0, m->kind, m->pos, m->state, chebyshev(m->pos, run_player(run)->pos)};
    return m->state != MS_ASLEEP && heed_threat(run, &seen) ? AIM_HARMS_NOW : AIM_HARMS_LATER;
}

/* The monsters in sight, kept in order as they're added: by their call
 * on the aim first if by_call, then nearest first, the level's order
 * between equals */
int choose_targets(const Run *run, bool by_call, Point *out, int max)
{
    const Level *level = run_level(run);
    Point me = run_player(run)->pos;
    AimCall calls[MAX_MONSTERS];
    int count = 0;
    if (max > MAX_MONSTERS) max = MAX_MONSTERS;
    for (int i = 0; i < level->monster_count && count < max; ++i) {
        const Monster *m = &level->monsters[i];
        if (!run_sees(run, m->pos)) continue;
        AimCall call = by_call ? aim_call(run, m) : AIM_HARMS_NOW;
        int slot = count++;
        while (slot > 0 && (calls[slot - 1] > call ||
                            (calls[slot - 1] == call && distance_squared(out[slot - 1], me) > distance_squared(m->pos, me)))) {
            out[slot] = out[slot - 1];
            calls[slot] = calls[slot - 1];
            --slot;
        }
        out[slot] = m->pos;
        calls[slot] = call;
    }
    return count;
}

Point choose_first_target(const Run *run)
{
    const Level *level = run_level(run);
    Point targets[MAX_MONSTERS];
    int count = choose_targets(run, true, targets, MAX_MONSTERS);
    Point cursor = count > 0 ? targets[0] : run_player(run)->pos;
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        if (m->targeted && run_sees(run, m->pos)) cursor = m->pos;
    }
    return cursor;
}

/* Tab and Shift-Tab: the next or the one before in the targets' order,
 * from the one under the cursor (or from before the first) */
static void cycle_target(const Run *run, Point *cursor, int step)
{
    Point targets[MAX_MONSTERS];
    int count = choose_targets(run, true, targets, MAX_MONSTERS);
    if (count == 0) return;
    int at = -1;
    for (int i = 0; i < count; ++i) {
        if (point_eq(targets[i], *cursor)) at = i;
    }
    if (at < 0) at = step > 0 ? -1 : 0;
    *cursor = targets[((at + step) % count + count) % count];
}

static ChooseStep aim_opened(Dialog *dialog, Point *cursor, const Run *run, Dialog aim)
{
    *dialog = aim;
    *cursor = choose_first_target(run);
    return step_of(CHOOSE_CHANGED);
}

/* ---- The playing screen -------------------------------------------------------- */

ChooseStep choose_command(Dialog *dialog, const Run *run, Command command)
{
    ChooseStep step = step_of(CHOOSE_COMMAND);
    if (!run_asks(run, command, step.words, sizeof step.words)) {
        step.command = command;
        return step;
    }
    *dialog = dialog_question(command);
    step.done = CHOOSE_CHANGED;
    step.asked = true;
    return step;
}

static bool missile_carried(const Run *run)
{
    const Pack *pack = pack_of(run);
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        if (pack_holds(pack, slot) && run_data(run)->items[pack->slots[slot].kind].item_class == IC_MISSILE) {
            return true;
        }
    }
    return false;
}

/* i, d, t and Q: the pack, if it holds anything for the purpose (the
 * pack to use opens empty too, saying so) */
static ChooseStep open_pack(Dialog *dialog, const Run *run, InvAction purpose)
{
    if (purpose == INV_DROP && pack_of(run)->count == 0) return said("You have nothing to drop.");
    if ((purpose == INV_THROW || purpose == INV_QUIVER) && !missile_carried(run)) {
        return said(purpose == INV_THROW ? "You have nothing to throw." : "You have nothing to quiver.");
    }
    *dialog = dialog_pack(purpose, -1);
    return step_of(CHOOSE_CHANGED);
}

/* f: the quivered missile's aim; with nothing quivered, said with the
 * key that quivers, which the rules don't know */
static ChooseStep open_fire(Dialog *dialog, Point *cursor, const KeyMap *keys, const Run *run)
{
    if (run_quivered(run) < 0) {
        char key[16], line[CHOOSE_WORDS];
        key_label(keys, KB_QUIVER, key, sizeof key);
        snprintf(line, sizeof line, "Your quiver is empty. Press %s to choose a missile.", key);
        return said(line);
    }
    Command fire = cmd_make(CMD_FIRE, 0);
    if (!run_allows(run, fire, NULL, 0)) return refused(run, fire);
    return aim_opened(dialog, cursor, run, dialog_aim(AIM_FIRE, -1));
}

static ChooseStep playing_key(Dialog *dialog, Point *cursor, const KeyMap *keys, const Run *run, int key)
{
    Command command;
    KeyScreen screen = run_mode(run) == MODE_PLAYING ? KEYS_PLAYING : KEYS_END;
    KeyAction action = key_action_in(keys, screen, key, &command);
    switch (action) {
    case KA_COMMAND: return choose_command(dialog, run, command);
    case KA_OPEN_PACK: return open_pack(dialog, run, (InvAction)command.arg);
    case KA_CLOSE_DOOR:
        dialog->kind = DIALOG_CLOSING;
        return said("Close a door: which way? (Esc to stop)");
    case KA_MENU:
        dialog->kind = DIALOG_MENU;
        return step_of(CHOOSE_CHANGED);
    case KA_FIRE: return open_fire(dialog, cursor, keys, run);
    default: break;
    }
    ChooseStep step = step_of(CHOOSE_LEFT);
    step.action = action;
    return step;
}

/* ---- The pack ------------------------------------------------------------------- */

/* A slot chosen to use: as it is, or aimed, or read on another slot, or
 * thrown */
static ChooseStep use_chosen(Dialog *dialog, Point *cursor, const Run *run, int slot)
{
    Command use = cmd_make(CMD_USE, slot), throw = cmd_make(CMD_THROW, slot);
    switch (run_use_needs(run, slot)) {
    case USE_AS_IS: break;
    case USE_AT_CELL: {
        bool fireball = run_data(run)->items[pack_of(run)->slots[slot].kind].effect == FX_FIREBALL;
        return aim_opened(dialog, cursor, run, dialog_aim(fireball ? AIM_FIREBALL : AIM_LIGHTNING, slot));
    }
    case USE_ON_SLOT:
        *dialog = dialog_pack(INV_IDENTIFY, slot);
        return said("Choose an item to identify.");
    case USE_THROWN:
        if (run_allows(run, throw, NULL, 0)) return aim_opened(dialog, cursor, run, dialog_aim(AIM_THROW, slot));
        *dialog = dialog_none();
        return refused(run, throw);
    }
    if (run_allows(run, use, NULL, 0)) return made(dialog, use);
    *dialog = dialog_none();
    return refused(run, use);
}

/* A letter chosen on the pack: a letter the rules refuse for the purpose
 * says why, and the pack stays open for another */
static ChooseStep pack_chosen(Dialog *dialog, Point *cursor, const Run *run, int slot)
{
    Command command = cmd_make(CMD_DROP, slot);
    switch (dialog->pack_for) {
    case INV_USE: return use_chosen(dialog, cursor, run, slot);
    case INV_DROP: break;
    case INV_IDENTIFY: command = cmd_on(dialog->letter, slot); break;
    case INV_THROW:
        command = cmd_make(CMD_THROW, slot);
        if (!run_allows(run, command, NULL, 0)) return refused(run, command);
        return aim_opened(dialog, cursor, run, dialog_aim(AIM_THROW, slot));
    case INV_QUIVER: command = cmd_make(CMD_QUIVER, slot); break;
    }
    return run_allows(run, command, NULL, 0) ? made(dialog, command) : refused(run, command);
}

static ChooseStep pack_key(Dialog *dialog, Point *cursor, const KeyMap *keys, const Run *run, int key)
{
    Command chosen;
    switch (key_action_in(keys, KEYS_PACK, key, &chosen)) {
    case KA_BACK: return closed(dialog);
    case KA_CHOOSE:
        if (!pack_holds(pack_of(run), chosen.arg)) return step_of(CHOOSE_NOTHING);
        return pack_chosen(dialog, cursor, run, chosen.arg);
    default: return step_of(CHOOSE_NOTHING);
    }
}

/* ---- Aiming ------------------------------------------------------------------------ */

/* Enter, or the key that started the aim again */
static bool lets_fly(const Dialog *dialog, const KeyMap *keys, int key)
{
    return key_bound(keys, KB_LET_FLY, key) || (dialog->aim == AIM_FIRE && key_bound(keys, KB_FIRE, key)) ||
           (dialog->aim == AIM_THROW && key_bound(keys, KB_THROW, key));
}

static ChooseStep aim_key(Dialog *dialog, Point *cursor, const KeyMap *keys, const Run *run, int key)
{
    if (lets_fly(dialog, keys, key)) {
        Command command = dialog_aimed(dialog, *cursor);
        return run_allows(run, command, NULL, 0) ? made(dialog, command) : refused(run, command);
    }
    bool onward = key_bound(keys, KB_NEXT_TARGET, key);
    if (onward || key_bound(keys, KB_PREVIOUS_TARGET, key)) {
        cycle_target(run, cursor, onward ? 1 : -1);
        return step_of(CHOOSE_CHANGED);
    }
    int dir = key_direction_in(keys, key);
    if (dir >= 0) {
        Point to = point_add(*cursor, DIRS[dir]);
        if (!in_bounds(to.x, to.y)) return step_of(CHOOSE_NOTHING);
        *cursor = to;
        return step_of(CHOOSE_CHANGED);
    }
    Command none;
    return key_action_in(keys, KEYS_AIMING, key, &none) == KA_BACK ? closed(dialog) : step_of(CHOOSE_NOTHING);
}

/* ---- Closing, a question, the menu --------------------------------------------------- */

static ChooseStep closing_key(Dialog *dialog, const KeyMap *keys, int key)
{
    Command command;
    switch (key_action_in(keys, KEYS_CLOSING, key, &command)) {
    case KA_BACK: return closed(dialog);
    case KA_COMMAND: return made(dialog, command);
    default: return step_of(CHOOSE_NOTHING);
    }
}

/* Any answer but yes stays put, Esc included */
static ChooseStep question_key(Dialog *dialog, const KeyMap *keys, int key)
{
    Command none;
    if (key_action_in(keys, KEYS_QUESTION, key, &none) == KA_YES) return made(dialog, dialog_asked(dialog));
    *dialog = dialog_none();
    return said("You stay where you are.");
}

static ChooseStep menu_key(Dialog *dialog, const KeyMap *keys, int key)
{
    Command none;
    KeyAction action = key_action_in(keys, KEYS_MENU, key, &none);
    if (action == KA_BACK) return closed(dialog);
    if (action != KA_SAVE_QUIT && action != KA_QUIT_UNSAVED) return step_of(CHOOSE_NOTHING);
    ChooseStep step = step_of(CHOOSE_LEFT);
    step.action = action;
    return step;
}

ChooseStep choose_key(Dialog *dialog, Point *cursor, const KeyMap *keys, const Run *run, int key)
{
    switch (dialog->kind) {
    case DIALOG_NONE: return playing_key(dialog, cursor, keys, run, key);
    case DIALOG_PACK: return pack_key(dialog, cursor, keys, run, key);
    case DIALOG_CLOSING: return closing_key(dialog, keys, key);
    case DIALOG_QUESTION: return question_key(dialog, keys, key);
    case DIALOG_MENU: return menu_key(dialog, keys, key);
    case DIALOG_AIMING: return aim_key(dialog, cursor, keys, run, key);
    }
    return step_of(CHOOSE_NOTHING);
}

void choose_after(Dialog *dialog, Point *cursor, const Run *run, Command command, char *words)
{
    words[0] = '\0';
    if (command.kind != CMD_USE || command.at != 0 || command.on != 0) return;
    ChooseStep step = step_of(CHOOSE_NOTHING);
    UseNeeds needs = run_use_needs(run, command.arg);
    if (needs == USE_AT_CELL || needs == USE_ON_SLOT) step = use_chosen(dialog, cursor, run, command.arg);
    snprintf(words, CHOOSE_WORDS, "%s", step.words);
}
