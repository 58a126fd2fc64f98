/* The screens that gather a choice, as one value over the run: the pack
 * opened for a purpose, the aim with its purpose (the cursor is the
 * input's), closing a door (which way?), a yes or no the rules ask first
 * (run_asks), and Esc's menu. The rules take only the choice once it's
 * whole (run.h's Command); what's up while it's gathered is the play
 * layer's, saved in its [screen] record (resume.h), so a continued run is
 * back on the same screen. One is up at a time (choose.h makes each key
 * of it a choice, or none).
 *
 * Each list below makes its enum and its names in the save, and every
 * table over one (a screen's words, the save's names) is made from it, so
 * a member added has its words and its name or doesn't compile
 * (tests/tables.sh adds one to see): a macro per member named from the
 * list's id, as data.c's READS_ are for ITEM_CLASSES. */
#ifndef AMULETS_DIALOG_H
#define AMULETS_DIALOG_H

#include <stdbool.h>

#include "run.h"

#define DIALOG_COUNT_ONE(...) +1

/* What's up over the run, and its name in a save ([screen] dialog) */
#define DIALOGS(X) \
    X(NONE,     NULL)       /* nothing up: the run plays */ \
    X(PACK,     "pack")     /* the pack, open for pack_for */     \
    X(CLOSING,  "closing")  /* which way to close a door */       \
    X(QUESTION, "question") /* a yes or no, about question */     \
    X(MENU,     "menu")     /* Esc's menu */                      \
    X(AIMING,   "aiming")   /* a cell to aim at, for aim */
#define DIALOG_ENUM(id, save_name) DIALOG_##id,
typedef enum DialogKind { DIALOGS(DIALOG_ENUM) } DialogKind;
#undef DIALOG_ENUM
enum { DIALOG_COUNT = 0 DIALOGS(DIALOG_COUNT_ONE) };

/* Why the pack is open: to use, drop, identify (with the scroll of
 * identify in hand), throw or quiver what's chosen */
#define PACK_PURPOSES(X) \
    X(USE,      "use")        \
    X(DROP,     "drop")       \
    X(IDENTIFY, "identify")   \
    X(THROW,    "throw")      \
    X(QUIVER,   "quiver")
#define DIALOG_INV_ENUM(id, save_name) INV_##id,
typedef enum InvAction { PACK_PURPOSES(DIALOG_INV_ENUM) } InvAction;
#undef DIALOG_INV_ENUM
enum { INV_COUNT = 0 PACK_PURPOSES(DIALOG_COUNT_ONE) };

/* What the player is aiming: the quivered missile (f), one chosen to
 * throw (t), or a scroll of lightning or fireball to read */
#define AIM_PURPOSES(X) \
    X(FIRE,      "fire")        \
    X(THROW,     "throw")       \
    X(LIGHTNING, "lightning")   \
    X(FIREBALL,  "fireball")
#define DIALOG_AIM_ENUM(id, save_name) AIM_##id,
typedef enum AimPurpose { AIM_PURPOSES(DIALOG_AIM_ENUM) } AimPurpose;
#undef DIALOG_AIM_ENUM
enum { AIM_COUNT = 0 AIM_PURPOSES(DIALOG_COUNT_ONE) };

/* What a yes or no is about: a step onto a known trap, or leaving a
 * floor's Amulet behind (the rules' questions, run_asks) */
#define CONFIRM_PURPOSES(X) \
    X(STEP,    "step")      \
    X(DESCEND, "descend")
#define DIALOG_CONFIRM_ENUM(id, save_name) CONFIRM_##id,
typedef enum ConfirmPurpose { CONFIRM_PURPOSES(DIALOG_CONFIRM_ENUM) } ConfirmPurpose;
#undef DIALOG_CONFIRM_ENUM
enum { CONFIRM_COUNT = 0 CONFIRM_PURPOSES(DIALOG_COUNT_ONE) };

/* The names in a save, by value (dialog.c) */
extern const char *const DIALOG_NAMES[DIALOG_COUNT];
extern const char *const PACK_PURPOSE_NAMES[INV_COUNT];
extern const char *const AIM_PURPOSE_NAMES[AIM_COUNT];
extern const char *const CONFIRM_PURPOSE_NAMES[CONFIRM_COUNT];

typedef struct Dialog {
    DialogKind kind;
    InvAction pack_for;         /* the pack's purpose */
    AimPurpose aim;             /* the aim's */
    int letter;                 /* the pack slot of what's in hand: the
                                   scroll of identify read (the pack, to
                                   identify), the missile thrown or the
                                   scroll read (an aim, but f's) */
    ConfirmPurpose question;
    int step;                   /* the step asked about: its direction */
    int chosen;                 /* the letter shown chosen in the pack (a
                                   recording watched), or -1 */
} Dialog;

/* Nothing up: the run plays */
static inline Dialog dialog_none(void)
{
    return (Dialog){.kind = DIALOG_NONE, .letter = -1, .chosen = -1};
}

/* The pack open for a purpose; for identify, with the scroll in slot
 * letter */
Dialog dialog_pack(InvAction purpose, int letter);
/* The aim for a purpose, with what's aimed in slot letter (f's: -1) */
Dialog dialog_aim(AimPurpose purpose, int letter);
/* The rules' question about the command (run_asks) */
Dialog dialog_question(Command asked);

/* The choice the aim makes at the cell (what Enter lets fly), for the
 * line and the panel's words too (run_plan_shot) */
Command dialog_aimed(const Dialog *dialog, Point cell);
/* The choice a yes to the question makes */
Command dialog_asked(const Dialog *dialog);

/* True if the dialog is one the run can be on: the pack to identify with
 * a known scroll of identify in hand and something to identify, an aim
 * at what can be let fly, a question the rules ask; else why, into why */
bool dialog_fits(const Dialog *dialog, const Run *run, char *why, size_t size);

/* The dialog a save of version 5 or 6 was left on (run_saved_choice), by
 * its names; dialog_none for none, or one that doesn't fit the run */
Dialog dialog_from_saved(const Run *run);

/* The dialog a choice made would have been made on, for a recording
 * watched: the pack with the letter chosen, or the aim with its cell in
 * *cell. False for a choice made on none (a step, a wait) */
bool dialog_of_choice(const Run *run, Command command, Dialog *out, Point *cell);

#endif
