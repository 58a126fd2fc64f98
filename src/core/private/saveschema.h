/* The save's schema: every record type and every field of the save,
 * each declared once (saveschema.c's tables of each record's fields), with
 * the version it came in, through the schema engine (schema.h). The
 * writer (save.c), the reader (saveread.c) and the fingerprint
 * (fingerprint.c) all walk the same tables, so a field added to the save
 * is one line in its record's table and a version in save.h.
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
#include "schema.h"

/* Every record, once, in the order a save has them: the enum, the
 * schema's table of them (each with its fields, TYPE_FIELDS in
 * saveschema.c) and saveread.c's table of what's done with each once
 * read (apply_TYPE) are made from this list, so a record one of them
 * misses doesn't compile. The
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

/* The save's schema (save.h's save_schema): its records in SaveRecordId's
 * order, each with its fields, each with the version it came in */
const SchemaRecord *saveschema_record(SaveRecordId record);

/* Each record the rules write, in the save's order, with its view: memory
 * is the player's memory as of the next look (mem_now). The log is left
 * out; saveschema_each_message gives it. */
typedef void (*SaveVisit)(void *context, SaveRecordId id, const SchemaRecord *record, const void *view);
void saveschema_each(const Run *run, const Memory *memory, SaveVisit visit, void *context);
void saveschema_each_message(const Run *run, SaveVisit visit, void *context);

#endif
