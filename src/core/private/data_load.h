/* What the readers of the data files share (data.c reads monsters.txt,
 * items.txt and the files as a whole; data_vault.c reads vaults.txt,
 * data_class.c classes.txt):
 * the load in progress and its helpers. Only the rules include it. */
#ifndef AMULETS_DATA_LOAD_H
#define AMULETS_DATA_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "data.h"
#include "records.h"

enum {
    AMULET_VAULT_MAX_W = 11,     /* room for floor all round in a 13 x 9 room */
    AMULET_VAULT_MAX_H = 7,
};

/* Ids and the lines they were given on */
typedef struct IdLine { char id[ID_SIZE]; int line; } IdLine;
typedef struct IdList { IdLine *ids; int count, capacity; } IdList;

typedef struct Loader {
    GameData *data;
    Errors *errors;
    const char *file;       /* the file being read */
    IdList ids;             /* its ids so far, kept or not */
    IdList monster_ids;     /* every id monsters.txt gave, kept or not */
    bool monsters_read;     /* monsters.txt could be read at all */
    bool items_good;        /* items.txt was read without a mistake, so
                               an id it doesn't give is a mistake here */
    bool out_of_memory;
} Loader;

/* Adds a value of size bytes to the end of an array of count, which
 * grows in powers of two from 8. Returns the array, perhaps moved; if
 * memory ran out, the old array as it was, and the loader notes it */
void *data_push(Loader *loader, void *array, int *count, const void *value, size_t size);

/* A whole-file mistake: "file: text" */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void data_report_file(Loader *loader, const char *format, ...);

const IdLine *data_find_id(const IdList *list, const char *id);
/* Reports an id given before in this file; notes a new one */
void data_check_new_id(Loader *loader, Fields *fields, const char *id);
void data_read_floors(Fields *fields, int *min_floor, int *max_floor);
void data_report_unknown_record(Fields *fields, const Record *record);

/* vaults.txt: a record, and the check of the file as a whole (an
 * Amulet's vault for each Amulet floor) */
bool data_read_vault(Loader *loader, Fields *fields, const Record *record);
void data_check_amulet_floors(Loader *loader);

/* classes.txt (data_class.c): a record, and the check of the file as a
 * whole (at least one class) */
bool data_read_class(Loader *loader, Fields *fields, const Record *record);
void data_check_classes(Loader *loader);

#endif
