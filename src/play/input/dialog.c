/* The screens that gather a choice, as a value: see dialog.h */
#include "dialog.h"

#include <stdio.h>
#include <string.h>

#define DIALOG_NAME(id, save_name) save_name,
const char *const DIALOG_NAMES[DIALOG_COUNT] = {DIALOGS(DIALOG_NAME)};
const char *const PACK_PURPOSE_NAMES[INV_COUNT] = {PACK_PURPOSES(DIALOG_NAME)};
const char *const AIM_PURPOSE_NAMES[AIM_COUNT] = {AIM_PURPOSES(DIALOG_NAME)};
const char *const CONFIRM_PURPOSE_NAMES[CONFIRM_COUNT] = {CONFIRM_PURPOSES(DIALOG_NAME)};
#undef DIALOG_NAME

Dialog dialog_pack(InvAction purpose, int letter)
{
    Dialog d = dialog_none();
    d.kind = DIALOG_PACK;
    d.pack_for = purpose;
    d.letter = purpose == INV_IDENTIFY ? letter : -1;
    return d;
}

Dialog dialog_aim(AimPurpose purpose, int letter)
{
    Dialog d = dialog_none();
    d.kind = DIALOG_AIMING;
    d.aim = purpose;
    d.letter = purpose == AIM_FIRE ? -1 : letter;
    return d;
}

Dialog dialog_question(Command asked)
{
    Dialog d = dialog_none();
    d.kind = DIALOG_QUESTION;
    d.question = asked.kind == CMD_DESCEND ? CONFIRM_DESCEND : CONFIRM_STEP;
    d.step = asked.kind == CMD_MOVE ? asked.arg : 0;
    return d;
}

Command dialog_aimed(const Dialog *dialog, Point cell)
{
    Command command = cmd_make(CMD_FIRE, 0);
    switch (dialog->aim) {
    case AIM_FIRE: break;
    case AIM_THROW: command = cmd_make(CMD_THROW, dialog->letter); break;
    case AIM_LIGHTNING:
    case AIM_FIREBALL: command = cmd_make(CMD_USE, dialog->letter); break;
    }
    return in_bounds(cell.x, cell.y) ? cmd_at(command, cell) : command;
}

Command dialog_asked(const Dialog *dialog)
{
    Command command = dialog->question == CONFIRM_DESCEND ? cmd_make(CMD_DESCEND, 0) : cmd_make(CMD_MOVE, dialog->step);
    return cmd_yes(command);
}

/* ---- Whether one fits the run ----------------------------------------------- */

static int kind_in(const Run *run, int slot)
{
    const Pack *pack = &run_player(run)->pack;
    return pack_holds(pack, slot) ? pack->slots[slot].kind : -1;
}

/* A scroll of lightning or fireball aimed: one of its kind in hand */
static bool scroll_fits(const Dialog *dialog, const Run *run)
{
    int kind = kind_in(run, dialog->letter);
    ItemEffect wanted = dialog->aim == AIM_LIGHTNING ? FX_LIGHTNING : FX_FIREBALL;
    return kind >= 0 && run_data(run)->items[kind].effect == wanted &&
           run_use_needs(run, dialog->letter) == USE_AT_CELL;
}

static bool aim_fits(const Dialog *dialog, const Run *run, char *why, size_t size)
{
    switch (dialog->aim) {
    case AIM_FIRE:
    case AIM_THROW:
        if (run_allows(run, dialog_aimed(dialog, (Point){-1, -1}), why, size)) return true;
        if (why != NULL && why[0] == '\0') snprintf(why, size, "nothing is there to %s", AIM_PURPOSE_NAMES[dialog->aim]);
        return false;
    case AIM_LIGHTNING:
    case AIM_FIREBALL:
        if (scroll_fits(dialog, run)) return true;
        snprintf(why, size, "the letter aimed isn't a scroll of %s", AIM_PURPOSE_NAMES[dialog->aim]);
        return false;
    }
    return false;
}

bool dialog_fits(const Dialog *dialog, const Run *run, char *why, size_t size)
{
    char scratch[8];
    if (why == NULL) {
        why = scratch;
        size = sizeof scratch;
    }
    why[0] = '\0';
    if (dialog->kind != DIALOG_NONE && run_mode(run) != MODE_PLAYING) {
        snprintf(why, size, "a run that's over has no %s up", DIALOG_NAMES[dialog->kind]);
        return false;
    }
    switch (dialog->kind) {
    case DIALOG_NONE:
    case DIALOG_CLOSING:
    case DIALOG_MENU: return true;
    case DIALOG_PACK:
        if (dialog->pack_for != INV_IDENTIFY || run_use_needs(run, dialog->letter) == USE_ON_SLOT) return true;
        snprintf(why, size, "the letter read isn't a scroll of identify with something to identify");
        return false;
    case DIALOG_QUESTION:
        if (run_asks(run, cmd_make(dialog_asked(dialog).kind, dialog->step), NULL, 0)) return true;
        snprintf(why, size, "the rules don't ask that here");
        return false;
    case DIALOG_AIMING: return aim_fits(dialog, run, why, size);
    }
    return false;
}

/* ---- A save of version 5 or 6 ------------------------------------------------- */

/* The value of a name in names, or -1 */
static int named(const char *const *names, int count, const char *name)
{
    for (int i = 0; name != NULL && i < count; ++i) {
        if (names[i] != NULL && strcmp(names[i], name) == 0) return i;
    }
    return -1;
}

/* The old saves' names: their modes "inventory" and "confirming" are
 * the pack and a question; the purposes are named as they were */
static Dialog saved_dialog(const SavedChoice *saved)
{
    Dialog none = dialog_none();
    if (saved->screen == NULL) return none;
    if (strcmp(saved->screen, "inventory") == 0) {
        int purpose = named(PACK_PURPOSE_NAMES, INV_COUNT, saved->purpose);
        return purpose < 0 ? none : dialog_pack((InvAction)purpose, saved->slot);
    }
    if (strcmp(saved->screen, "aiming") == 0) {
        int purpose = named(AIM_PURPOSE_NAMES, AIM_COUNT, saved->purpose);
        return purpose < 0 ? none : dialog_aim((AimPurpose)purpose, saved->slot);
    }
    if (strcmp(saved->screen, "confirming") == 0) {
        int purpose = named(CONFIRM_PURPOSE_NAMES, CONFIRM_COUNT, saved->purpose);
        if (purpose < 0) return none;
        return dialog_question(purpose == CONFIRM_DESCEND ? cmd_make(CMD_DESCEND, 0) : cmd_make(CMD_MOVE, saved->dir));
    }
    Dialog d = none;
    if (strcmp(saved->screen, "closing") == 0) d.kind = DIALOG_CLOSING;
    if (strcmp(saved->screen, "menu") == 0) d.kind = DIALOG_MENU;
    return d;
}

Dialog dialog_from_saved(const Run *run)
{
    SavedChoice saved = run_saved_choice(run);
    Dialog d = saved_dialog(&saved);
    return dialog_fits(&d, run, NULL, 0) ? d : dialog_none();
}

/* ---- A choice watched --------------------------------------------------------- */

/* The aim a scroll read at a cell was made on */
static AimPurpose scroll_aim(const Run *run, int slot)
{
    int kind = kind_in(run, slot);
    return kind >= 0 && run_data(run)->items[kind].effect == FX_FIREBALL ? AIM_FIREBALL : AIM_LIGHTNING;
}

bool dialog_of_choice(const Run *run, Command command, Dialog *out, Point *cell)
{
    *out = dialog_none();
    if (cmd_aimed(command)) *cell = cmd_cell(command);
    switch ((CommandKind)command.kind) {
    case CMD_USE:
        if (cmd_aimed(command)) *out = dialog_aim(scroll_aim(run, command.arg), command.arg);
        else if (command.on != 0) *out = dialog_pack(INV_IDENTIFY, command.arg);
        else *out = dialog_pack(INV_USE, -1);
        out->chosen = command.on != 0 ? command.on - 1 : command.arg;
        return true;
    case CMD_DROP: *out = dialog_pack(INV_DROP, -1); break;
    case CMD_QUIVER: *out = dialog_pack(INV_QUIVER, -1); break;
    case CMD_THROW: *out = dialog_aim(AIM_THROW, command.arg); return cmd_aimed(command);
    case CMD_FIRE: *out = dialog_aim(AIM_FIRE, -1); return cmd_aimed(command);
    default: return false;
    }
    out->chosen = command.arg;
    return true;
}
