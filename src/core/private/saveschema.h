/* The save's schema: every record type and every field of the save,
 * each declared once (saveschema.c's RECORDS and FIELDS), with the
 * version it came in. The writer (save.c), the reader (saveread.c) and
 * the fingerprint (fingerprint.c) all walk the same list, so a field
 * added to the save is one line in FIELDS and a version in save.h.
 *
 * A record is written from a view: the struct it is read back into.
 * [run] and [player] are the Run and its Player themselves; a monster,
 * an item and a trap are the level's own structs (a monster's seen_at
 * as the player remembers it now); the rest have a view below, made
 * from the run as it is written. The reader fills a view from a
 * record's fields, checking each value on its own, and saveread.c then
 * checks the view against the rest and puts it in the run. */
#ifndef AMULETS_SAVESCHEMA_H
#define AMULETS_SAVESCHEMA_H

#include <stddef.h>
#include <stdint.h>

#include "records.h"
#include "run_internal.h"
#include "save.h"

/* Every record, once, in the order a save has them: the enum, the
 * schema's table of them (schema_record) and saveread.c's table of what's
 * done with each once read (apply_TYPE, which each must have) are made
 * from this list, so a record one of them misses doesn't compile. The
 * columns: the type, as a save names it; the version it came in; and
 * talk, the log: never in the digest or the fingerprint */
#define SAVE_RECORDS(X) \
    /* id                  type                version          talk */ \
    X(SAVE,                save,               SAVE_V1_FIRST,   false)  \
    X(RUN,                 run,                SAVE_V1_FIRST,   false)  \
    X(LOOK,                look,               SAVE_V1_FIRST,   false)  \
    X(PLAYER,              player,             SAVE_V1_FIRST,   false)  \
    X(KILLED,              killed,             SAVE_V4_LOG,     false)  \
    X(CARRIED,             carried,            SAVE_V1_FIRST,   false)  \
    X(ROW,                 row,                SAVE_V1_FIRST,   false)  \
    X(MONSTER,             monster,            SAVE_V1_FIRST,   false)  \
    X(ITEM,                item,               SAVE_V1_FIRST,   false)  \
    X(TRAP,                trap,               SAVE_V1_FIRST,   false)  \
    X(REMEMBERED_ITEM,     remembered_item,    SAVE_V2_MEMORY,  false)  \
    X(REMEMBERED_MONSTER,  remembered_monster, SAVE_V2_MEMORY,  false)  \
    X(MESSAGE,             message,            SAVE_V4_LOG,     true)
#define SCHEMA_RECORD_ENUM(id, type, since, talk) SR_##id,
typedef enum SaveRecordId { SAVE_RECORDS(SCHEMA_RECORD_ENUM) SR_COUNT } SaveRecordId;
#undef SCHEMA_RECORD_ENUM

typedef struct SaveRecordDef {
    const char *type;
    int since;          /* the version it came in */
    bool talk;          /* the log: never in the digest or the fingerprint */
} SaveRecordDef;

/* How a field's value is kept in its view, and written */
typedef enum SaveAs {
    AS_U64,       /* uint64_t, a whole number */
    AS_INT,       /* int, from least (to most, if most isn't 0) */
    AS_DICE,      /* Rng, as rng_to_text has it */
    AS_CLASS,     /* int, an index into the classes, by id */
    AS_YES,       /* bool, yes or no (missing: no) */
    AS_POINT,     /* Point, "x y", each 0 or more */
    AS_CELL,      /* Point, on the map */
    AS_ITEM,      /* int, an index into the items, by id (-1 if unread) */
    AS_MONSTER,   /* int, an index into the monsters, by id (-1 if unread) */
    AS_TRAP,      /* TrapKind, by id (-1 if unread) */
    AS_STATE,     /* MonsterState, by name */
    AS_NAME,      /* an enum, by one of the field's names (-1 if unread) */
    AS_TEXT,      /* const char *, at most most bytes if most isn't 0 */
    AS_COLOR,     /* Color, "r g b" */
    AS_LETTER,    /* int, a pack slot by its letter (-1 if unread) */
} SaveAs;

/* When a field is in its record */
typedef enum SavePresence {
    SP_ALWAYS,    /* always written; missing is a mistake (AS_YES: no) */
    SP_UNLESS,    /* left out when its value is none, and read as none */
    SP_FLAGGED,   /* there when the bool at flag is, which says so */
    SP_WHEN,      /* there when when(view) says, by the fields before it */
} SavePresence;

typedef struct SaveField {
    SaveRecordId record;
    const char *key;
    int since;                 /* the version it came in */
    SaveAs as;
    size_t at;                 /* the value's offset in the view */
    SavePresence presence;
    int none;                  /* SP_UNLESS */
    size_t flag;               /* SP_FLAGGED: a bool's offset in the view */
    bool (*when)(const void *view);   /* SP_WHEN */
    int least, most;           /* AS_INT (most 0: no most); AS_TEXT's most */
    const char *const *names;  /* AS_NAME's, by the enum's values */
    int name_count;
    int until;                 /* the last version with it; 0 while it's written */
} SaveField;

/* The views of the records that aren't the rules' own structs */
typedef struct SaveHeadView { int version; } SaveHeadView;
typedef struct LookView { int kind; const char *name; Color color; bool known; } LookView;
typedef struct KilledView { int kind, count; } KilledView;
typedef struct CarriedView { int slot; Stack stack; } CarriedView;
typedef struct RowView {
    int y;
    const char *terrain, *known;      /* known: "explored" in version 1 */
    char terrain_row[MAP_W + 1], known_row[MAP_W + 1];   /* written from */
} RowView;
typedef struct RememberedView { int kind, count; Point pos; } RememberedView;
typedef struct MessageView { const char *text; int count; } MessageView;

/* Room for any record's view, to read one into */
typedef union SaveView {
    SaveHeadView head;
    LookView look;
    KilledView killed;
    CarriedView carried;
    RowView row;
    Monster monster;
    FloorItem item;
    Trap trap;
    RememberedView remembered;
    MessageView message;
} SaveView;

const SaveRecordDef *schema_record(SaveRecordId record);
/* The record of a type in a save of this version, or -1 */
int schema_record_of(const char *type, int version);

/* Every field of every record, grouped by record in the save's order */
const SaveField *schema_fields(int *count);

/* The fields of a record, written now (the version's none: this game's) */
bool schema_field_written(const SaveField *field, const void *view);

/* Each record the rules write, in the save's order, with its view and
 * its fields (count of them): memory is the player's memory as of the
 * next look (mem_now). The log is left out; schema_each_message gives it. */
typedef void (*SaveVisit)(void *context, SaveRecordId record, const void *view, const SaveField *fields,
                          int count);
void schema_each(const Run *run, const Memory *memory, SaveVisit visit, void *context);
void schema_each_message(const Run *run, SaveVisit visit, void *context);

/* A field's value as save text, into out: its length, or -1 if it
 * doesn't fit */
int schema_value_text(const SaveField *field, const void *view, const GameData *data, char *out,
                       size_t size);

/* Reads the record's fields of this version into view, each checked on
 * its own, with every mistake reported by fields. Returns a mask of the
 * record's fields (by their order in it) that couldn't be read. */
uint64_t schema_read(Fields *fields, SaveRecordId record, int version, const GameData *data,
                     void *view);
/* The bit of a record's field in schema_read's mask (0 if none) */
uint64_t schema_bit(SaveRecordId record, const char *key);

#endif
