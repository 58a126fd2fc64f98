/* The run's mode and its choice in a save: see savechoice.h */
#include "savechoice.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The save's names, by the enums' values */
static const char *const MODES[] = {
    [MODE_PLAYING] = "playing", [MODE_INVENTORY] = "inventory", [MODE_CLOSING] = "closing",
    [MODE_CONFIRMING] = "confirming", [MODE_MENU] = "menu", [MODE_AIMING] = "aiming",
    [MODE_DEAD] = "dead", [MODE_WON] = "won",
};
static const char *const PACK_FOR[] = {
    [INV_USE] = "use", [INV_DROP] = "drop", [INV_IDENTIFY] = "identify", [INV_THROW] = "throw",
};
static const char *const QUESTIONS[] = {[CONFIRM_STEP] = "step", [CONFIRM_DESCEND] = "descend"};
static const char *const AIMS[] = {
    [AIM_FIRE] = "fire", [AIM_THROW] = "throw", [AIM_LIGHTNING] = "lightning", [AIM_FIREBALL] = "fireball",
};

enum { NAMES_MOST = 8 };

static bool scroll_read(const Run *run)
{
    return (run->mode == MODE_INVENTORY && run->inv_action == INV_IDENTIFY) ||
           (run->mode == MODE_AIMING && (run->aim == AIM_LIGHTNING || run->aim == AIM_FIREBALL));
}

void choice_write(const Run *run, char *out, size_t size)
{
    out[0] = '\0';
    if (run->mode == MODE_PLAYING) return;
    size_t n = (size_t)snprintf(out, size, "mode = %s\n", MODES[run->mode]);
    if (run->mode == MODE_INVENTORY) {
        n += (size_t)snprintf(out + n, size - n, "pack_for = %s\n", PACK_FOR[run->inv_action]);
    } else if (run->mode == MODE_CONFIRMING) {
        n += (size_t)snprintf(out + n, size - n, "question = %s\n", QUESTIONS[run->confirm]);
        if (run->confirm == CONFIRM_STEP) n += (size_t)snprintf(out + n, size - n, "step = %d\n", run->pending_dir);
    } else if (run->mode == MODE_AIMING) {
        n += (size_t)snprintf(out + n, size - n, "aim = %s\naim_kind = %s\n", AIMS[run->aim],
                              run->data->items[run->aim_kind].id);
    }
    if (scroll_read(run)) snprintf(out + n, size - n, "scroll_letter = %c\n", pack_letter(run->read_slot));
}

/* One of the names for a key, or -1 with the mistake reported */
static int read_name(Fields *fields, const char *key, const char *const *names, int count)
{
    const char *name = fld_text(fields, key);
    for (int i = 0; i < count && i < NAMES_MOST; ++i) {
        if (strcmp(name, names[i]) == 0) return i;
    }
    if (name[0] != '\0') {
        char quoted[REC_QUOTE_SIZE];
        fld_report(fields, fld_line(fields, key), "'%s' can't be '%s'", key, rec_quote(name, quoted));
    }
    return -1;
}

#define COUNT(names) ((int)(sizeof names / sizeof names[0]))

static void read_letter(Run *run, Fields *fields, ChoiceRead *read)
{
    const char *letter = fld_text(fields, "scroll_letter");
    read->letter_line = fld_line(fields, "scroll_letter");
    int slot = letter[0] - 'a';
    if (letter[0] != '\0' && (letter[1] != '\0' || slot < 0 || slot >= PACK_SLOTS)) {
        char quoted[REC_QUOTE_SIZE];
        fld_report(fields, read->letter_line, "'%s' isn't a letter from %c to %c", rec_quote(letter, quoted),
                   pack_letter(0), pack_letter(PACK_SLOTS - 1));
    }
    run->read_slot = slot >= 0 && slot < PACK_SLOTS ? slot : 0;
}

static void read_aim(Run *run, Fields *fields, ChoiceRead *read)
{
    int aim = read_name(fields, "aim", AIMS, COUNT(AIMS));
    char id[ID_SIZE];
    fld_id(fields, "aim_kind", id);
    read->kind_line = fld_line(fields, "aim_kind");
    int kind = data_find_item(run->data, id);
    if (kind < 0 && id[0] != '\0') fld_report(fields, read->kind_line, "no kind of item is called '%s'", id);
    if (aim < 0 || kind < 0) {
        read->kind_line = 0;   /* nothing more to check */
        return;
    }
    run->aim = (AimPurpose)aim;
    run->aim_kind = kind;
    if (run->aim == AIM_LIGHTNING || run->aim == AIM_FIREBALL) read_letter(run, fields, read);
}

void choice_read(Run *run, Fields *fields, ChoiceRead *read)
{
    memset(read, 0, sizeof *read);
    run->mode = MODE_PLAYING;
    if (!fld_has(fields, "mode")) return;
    int mode = read_name(fields, "mode", MODES, COUNT(MODES));
    if (mode < 0) return;
    if (mode == MODE_DEAD || mode == MODE_WON || mode == MODE_PLAYING) {
        /* the run's end deletes the save; playing is said by leaving it out */
        fld_report(fields, fld_line(fields, "mode"), "'mode' can't be '%s' in a save", MODES[mode]);
        return;
    }
    run->mode = (Mode)mode;
    read->mode_line = fld_line(fields, "mode");
    if (mode == MODE_INVENTORY) {
        int action = read_name(fields, "pack_for", PACK_FOR, COUNT(PACK_FOR));
        run->inv_action = action < 0 ? INV_USE : (InvAction)action;
        if (action == INV_IDENTIFY) read_letter(run, fields, read);
    } else if (mode == MODE_CONFIRMING) {
        int question = read_name(fields, "question", QUESTIONS, COUNT(QUESTIONS));
        run->confirm = question < 0 ? CONFIRM_STEP : (ConfirmPurpose)question;
        if (question == CONFIRM_STEP) run->pending_dir = fld_number_in(fields, "step", 0, 7);
    } else if (mode == MODE_AIMING) {
        read_aim(run, fields, read);
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
    if (def->effect != effect) report(errors, read->kind_line, "the %s isn't a scroll of %s", def->id, AIMS[run->aim]);
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
