/* What a save of version 5 or 6 says the run waited for. Those versions'
 * rules held the screens that gather a choice as the run's mode, and a
 * save was taken on any of them; from version 7 on the screens are the
 * play layer's (its [screen] record), and [run] has none of this. The
 * names are those saves' own, frozen here (saveschema.c reads them):
 *
 *   mode = inventory        pack_for = use | drop | identify | throw
 *                           | quiver (version 6) (identify:
 *                           scroll_letter = the letter the scroll of
 *                           identify was read from)
 *   mode = closing
 *   mode = confirming       question = step (with step = DIR) | descend
 *   mode = menu
 *   mode = aiming           aim = fire | throw (aim_kind = the missile)
 *                           | lightning | fireball (aim_kind = the
 *                           scroll, and scroll_letter)
 *
 * Read back, a scroll those saves had taken out of the pack to read (the
 * choice of identify's, the aim of lightning's or fireball's) goes back
 * to its letter, as Esc there put it back: nothing was spent until the
 * choice, which the play layer's same screen now gathers (run.h's
 * run_saved_choice). */
#ifndef AMULETS_SAVECHOICE_H
#define AMULETS_SAVECHOICE_H

#include "records.h"
#include "run_internal.h"

#define OLD_COUNT_ONE(...) +1

#define OLD_MODES(X) \
    X(PLAYING,    "playing")    \
    X(INVENTORY,  "inventory")  \
    X(CLOSING,    "closing")    \
    X(CONFIRMING, "confirming") \
    X(MENU,       "menu")       \
    X(AIMING,     "aiming")     \
    X(DEAD,       "dead")       \
    X(WON,        "won")
#define OLD_PACK_PURPOSES(X) \
    X(USE,      "use")      \
    X(DROP,     "drop")     \
    X(IDENTIFY, "identify") \
    X(THROW,    "throw")    \
    X(QUIVER,   "quiver")
#define OLD_QUESTIONS(X) \
    X(STEP,    "step")    \
    X(DESCEND, "descend")
#define OLD_AIMS(X) \
    X(FIRE,      "fire")      \
    X(THROW,     "throw")     \
    X(LIGHTNING, "lightning") \
    X(FIREBALL,  "fireball")

#define OLD_ENUM_MODE(id, name) OLD_MODE_##id,
#define OLD_ENUM_PACK(id, name) OLD_PACK_##id,
#define OLD_ENUM_QUESTION(id, name) OLD_QUESTION_##id,
#define OLD_ENUM_AIM(id, name) OLD_AIM_##id,
enum { OLD_MODES(OLD_ENUM_MODE) };
enum { OLD_PACK_PURPOSES(OLD_ENUM_PACK) };
enum { OLD_QUESTIONS(OLD_ENUM_QUESTION) };
enum { OLD_AIMS(OLD_ENUM_AIM) };
#undef OLD_ENUM_MODE
#undef OLD_ENUM_PACK
#undef OLD_ENUM_QUESTION
#undef OLD_ENUM_AIM
enum {
    OLD_MODE_COUNT = 0 OLD_MODES(OLD_COUNT_ONE),
    OLD_PACK_COUNT = 0 OLD_PACK_PURPOSES(OLD_COUNT_ONE),
    OLD_QUESTION_COUNT = 0 OLD_QUESTIONS(OLD_COUNT_ONE),
    OLD_AIM_COUNT = 0 OLD_AIMS(OLD_COUNT_ONE),
};

/* The names, as those saves spell them, by value */
extern const char *const OLD_MODE_NAMES[OLD_MODE_COUNT];
extern const char *const OLD_PACK_NAMES[OLD_PACK_COUNT];
extern const char *const OLD_QUESTION_NAMES[OLD_QUESTION_COUNT];
extern const char *const OLD_AIM_NAMES[OLD_AIM_COUNT];

/* What was read, for the checks once the whole save is */
typedef struct ChoiceRead {
    int mode_line;             /* 0 if playing */
    int letter_line;           /* of scroll_letter, or 0 */
    int kind_line;             /* of aim_kind, or 0 */
} ChoiceRead;

/* A run as a save that says nothing of its choice leaves it: playing */
void choice_none(Run *run);

/* Once the schema has read [run]'s fields (saveschema.c's mode to
 * scroll_letter) into the run: the mode must be one a save can be in,
 * and what couldn't be read stands in as the first of its kind */
void choice_read(Run *run, Fields *fields, ChoiceRead *read);

/* The choice against the rest of the save: a missile aimed is carried
 * and can be loosed, a scroll aimed does what it's aimed for, a scroll's
 * letter is free or holds its kind still, a descent is asked on the
 * stairs */
void choice_check(const Run *run, const ChoiceRead *read, Errors *errors);

/* The save read whole: a scroll it had read back at its letter */
void choice_take_up(Run *run);

#endif
