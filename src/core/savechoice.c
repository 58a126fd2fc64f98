/* What a save of version 5 or 6 waited for: see savechoice.h */
#include "savechoice.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "invariant.h"

#define OLD_NAME(id, name) name,
const char *const OLD_MODE_NAMES[OLD_MODE_COUNT] = {OLD_MODES(OLD_NAME)};
const char *const OLD_PACK_NAMES[OLD_PACK_COUNT] = {OLD_PACK_PURPOSES(OLD_NAME)};
const char *const OLD_QUESTION_NAMES[OLD_QUESTION_COUNT] = {OLD_QUESTIONS(OLD_NAME)};
const char *const OLD_AIM_NAMES[OLD_AIM_COUNT] = {OLD_AIMS(OLD_NAME)};
#undef OLD_NAME

static bool scroll_read(const OldChoice *old)
{
    return (old->mode == OLD_MODE_INVENTORY && old->pack_for == OLD_PACK_IDENTIFY) ||
           (old->mode == OLD_MODE_AIMING && (old->aim == OLD_AIM_LIGHTNING || old->aim == OLD_AIM_FIREBALL));
}

void choice_none(Run *run)
{
    run->old = (OldChoice){OLD_MODE_PLAYING, 0, 0, 0, 0, -1, -1};
}

void choice_read(Run *run, Fields *fields, ChoiceRead *read)
{
    OldChoice *old = &run->old;
    memset(read, 0, sizeof *read);
    if (old->mode < 0 || !fld_has(fields, "mode")) {
        choice_none(run);   /* reported already, or left out: playing */
        return;
    }
    if (old->mode == OLD_MODE_DEAD || old->mode == OLD_MODE_WON || old->mode == OLD_MODE_PLAYING) {
        /* the run's end deletes the save; playing is said by leaving it out */
        fld_report(fields, fld_line(fields, "mode"), "'mode' can't be '%s' in a save", fld_text(fields, "mode"));
        choice_none(run);
        return;
    }
    read->mode_line = fld_line(fields, "mode");
    /* what couldn't be read stands in as the first of its names */
    if (old->pack_for < 0) old->pack_for = OLD_PACK_USE;
    if (old->question < 0) old->question = OLD_QUESTION_STEP;
    if (old->mode == OLD_MODE_AIMING) {
        read->kind_line = old->aim < 0 || old->aim_kind < 0 ? 0 : fld_line(fields, "aim_kind");
        if (old->aim < 0) old->aim = OLD_AIM_FIRE;
        if (old->aim_kind < 0) old->aim_kind = 0;
    }
    if (scroll_read(old)) {
        read->letter_line = fld_line(fields, "scroll_letter");
        if (old->scroll_letter < 0) old->scroll_letter = 0;
    }
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void report(Errors *errors, int line, const char *format, ...);

static void check_aim(const Run *run, const ChoiceRead *read, Errors *errors)
{
    const OldChoice *old = &run->old;
    const ItemDef *def = &run->data->items[old->aim_kind];
    if (old->aim == OLD_AIM_FIRE || old->aim == OLD_AIM_THROW) {
        if (def->item_class != IC_MISSILE) {
            report(errors, read->kind_line, "'%s' isn't a missile", def->id);
        } else if (pack_find(&run->player.pack, old->aim_kind) < 0) {
            report(errors, read->kind_line, "the %s aimed isn't carried", def->id);
        } else if (def->launcher >= 0 && def->launcher != run->player.weapon) {
            report(errors, read->kind_line, "the %s needs the %s in hand", def->id,
                   run->data->items[def->launcher].id);
        }
        return;
    }
    ItemEffect effect = old->aim == OLD_AIM_LIGHTNING ? FX_LIGHTNING : FX_FIREBALL;
    if (def->effect != effect) {
        report(errors, read->kind_line, "the %s isn't a scroll of %s", def->id,
               old->aim == OLD_AIM_LIGHTNING ? "lightning" : "fireball");
    }
}

/* The kind of the scroll read: the one aimed, or identify */
static int scroll_kind(const Run *run)
{
    if (run->old.mode != OLD_MODE_INVENTORY) return run->old.aim_kind;
    for (int k = 0; k < run->data->item_count; ++k) {
        if (run->data->items[k].effect == FX_IDENTIFY) return k;
    }
    return -1;
}

/* The letter a scroll was read from is free, or holds more of its kind */
static void check_letter(const Run *run, const ChoiceRead *read, Errors *errors)
{
    int kind = scroll_kind(run), slot = run->old.scroll_letter;
    const Pack *pack = &run->player.pack;
    if (pack_holds(pack, slot) && pack->slots[slot].kind != kind) {
        report(errors, read->letter_line, "the letter %c the scroll was read from holds something else",
               pack_letter(slot));
    } else if (kind < 0) {
        report(errors, read->letter_line, "the data has no scroll of identify to have been read");
    }
}

void choice_check(const Run *run, const ChoiceRead *read, Errors *errors)
{
    if (read->mode_line == 0) return;
    if (run->old.mode == OLD_MODE_AIMING && read->kind_line > 0) check_aim(run, read, errors);
    if (read->letter_line > 0) check_letter(run, read, errors);
    Point me = run->player.pos;
    if (run->old.mode == OLD_MODE_CONFIRMING && run->old.question == OLD_QUESTION_DESCEND &&
        map_at(&run->level.map, me.x, me.y) != T_STAIRS) {
        report(errors, read->mode_line, "the player is asked about going down, and isn't on the stairs");
    }
}

void choice_take_up(Run *run)
{
    if (!scroll_read(&run->old)) return;
    bool back = pack_put_back(&run->player.pack, run->old.scroll_letter, (Stack){scroll_kind(run), 1});
    INVARIANT(back);   /* choice_check made sure it fits */
    (void)back;
}

SavedChoice run_saved_choice(const Run *run)
{
    const OldChoice *old = &run->old;
    SavedChoice saved = {NULL, NULL, 0, -1};
    if (old->mode <= OLD_MODE_PLAYING || old->mode >= OLD_MODE_DEAD) return saved;
    saved.screen = OLD_MODE_NAMES[old->mode];
    switch (old->mode) {
    case OLD_MODE_INVENTORY:
        saved.purpose = OLD_PACK_NAMES[old->pack_for];
        if (old->pack_for == OLD_PACK_IDENTIFY) saved.slot = old->scroll_letter;
        break;
    case OLD_MODE_CONFIRMING:
        saved.purpose = OLD_QUESTION_NAMES[old->question];
        saved.dir = old->step;
        break;
    case OLD_MODE_AIMING:
        saved.purpose = OLD_AIM_NAMES[old->aim];
        saved.slot = scroll_read(old) ? old->scroll_letter : pack_find(&run->player.pack, old->aim_kind);
        break;
    default: break;
    }
    return saved;
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
