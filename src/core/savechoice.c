/* The run's mode and its choice in a save: see savechoice.h */
#include "savechoice.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static bool scroll_read(const Run *run)
{
    return (run->mode == MODE_INVENTORY && run->inv_action == INV_IDENTIFY) ||
           (run->mode == MODE_AIMING && (run->aim == AIM_LIGHTNING || run->aim == AIM_FIREBALL));
}

void choice_read(Run *run, Fields *fields, ChoiceRead *read)
{
    memset(read, 0, sizeof *read);
    if ((int)run->mode < 0 || !fld_has(fields, "mode")) {
        run->mode = MODE_PLAYING;   /* reported already, or left out: playing */
        return;
    }
    if (run->mode == MODE_DEAD || run->mode == MODE_WON || run->mode == MODE_PLAYING) {
        /* the run's end deletes the save; playing is said by leaving it out */
        fld_report(fields, fld_line(fields, "mode"), "'mode' can't be '%s' in a save", fld_text(fields, "mode"));
        run->mode = MODE_PLAYING;
        return;
    }
    read->mode_line = fld_line(fields, "mode");
    /* what couldn't be read stands in as the first of its names */
    if ((int)run->inv_action < 0) run->inv_action = INV_USE;
    if ((int)run->confirm < 0) run->confirm = CONFIRM_STEP;
    if (run->mode == MODE_AIMING) {
        read->kind_line = (int)run->aim < 0 || run->aim_kind < 0 ? 0 : fld_line(fields, "aim_kind");
        if ((int)run->aim < 0) run->aim = AIM_FIRE;
        if (run->aim_kind < 0) run->aim_kind = 0;
    }
    if (scroll_read(run)) {
        read->letter_line = fld_line(fields, "scroll_letter");
        if (run->read_slot < 0) run->read_slot = 0;
    }
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void report(Errors *errors, int line, const char *format, ...);

static void check_aim(const Run *run, const ChoiceRead *read, Errors *errors)
{
    const ItemDef *def = &run->data->items[run->aim_kind];
    if (run->aim == AIM_FIRE || run->aim == AIM_THROW) {
        if (def->item_class != IC_MISSILE) {
            report(errors, read->kind_line, "'%s' isn't a missile", def->id);
        } else if (pack_find(&run->player.pack, run->aim_kind) < 0) {
            report(errors, read->kind_line, "the %s aimed isn't carried", def->id);
        } else if (def->launcher >= 0 && def->launcher != run->player.weapon) {
            report(errors, read->kind_line, "the %s needs the %s in hand", def->id,
                   run->data->items[def->launcher].id);
        }
        return;
    }
    ItemEffect effect = run->aim == AIM_LIGHTNING ? FX_LIGHTNING : FX_FIREBALL;
    if (def->effect != effect) {
        report(errors, read->kind_line, "the %s isn't a scroll of %s", def->id,
               run->aim == AIM_LIGHTNING ? "lightning" : "fireball");
    }
}

/* The letter a scroll was read from is free, or holds more of its kind */
static void check_letter(const Run *run, const ChoiceRead *read, Errors *errors)
{
    int kind = run->aim_kind;
    if (run->mode == MODE_INVENTORY) {
        kind = -1;
        for (int k = 0; k < run->data->item_count && kind < 0; ++k) {
            if (run->data->items[k].effect == FX_IDENTIFY) kind = k;
        }
    }
    const Pack *pack = &run->player.pack;
    if (pack_holds(pack, run->read_slot) && pack->slots[run->read_slot].kind != kind) {
        report(errors, read->letter_line, "the letter %c the scroll was read from holds something else",
               pack_letter(run->read_slot));
    }
}

void choice_check(const Run *run, const ChoiceRead *read, Errors *errors)
{
    if (read->mode_line == 0) return;
    if (run->mode == MODE_AIMING && read->kind_line > 0) check_aim(run, read, errors);
    if (read->letter_line > 0) check_letter(run, read, errors);
    Point me = run->player.pos;
    if (run->mode == MODE_CONFIRMING && run->confirm == CONFIRM_DESCEND &&
        map_at(&run->level.map, me.x, me.y) != T_STAIRS) {
        report(errors, read->mode_line, "the player is asked about going down, and isn't on the stairs");
    }
}

static void report(Errors *errors, int line, const char *format, ...)
{
    char text[256];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    errors_add(errors, "save.txt:%d: %s", line, text);
}
