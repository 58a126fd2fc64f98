#include "slot.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A save of a floor-9 run is about 17 KB; anything past this isn't one */
enum { SAVE_LIMIT = 4 * 1024 * 1024 };

static bool set_paths(Slot *slot, char *error, size_t error_size)
{
    size_t length = strlen(slot->dir);
    while (length > 1 && slot->dir[length - 1] == '/') slot->dir[--length] = '\0';
    int a = snprintf(slot->save, sizeof slot->save, "%s/save.txt", slot->dir);
    int b = snprintf(slot->bad, sizeof slot->bad, "%s/save.bad", slot->dir);
    int c = snprintf(slot->replay, sizeof slot->replay, "%s/replay.txt", slot->dir);
    int d = snprintf(slot->runs, sizeof slot->runs, "%s/runs", slot->dir);
    if (a >= (int)sizeof slot->save || b >= (int)sizeof slot->bad ||
        c >= (int)sizeof slot->replay || d >= (int)sizeof slot->runs) {
        snprintf(error, error_size, "the save folder's path is too long");
        return false;
    }
    return file_make_dirs(slot->dir, error, error_size);
}

static bool given(const char *value) { return value != NULL && value[0] != '\0'; }

bool slot_init(Slot *slot, const char *amulets_home, const char *xdg_data_home, const char *home,
               char *error, size_t error_size)
{
    memset(slot, 0, sizeof *slot);
    slot->ops = file_system_ops();
    int n;
    if (given(amulets_home)) {
        n = snprintf(slot->dir, sizeof slot->dir, "%s", amulets_home);
    } else if (given(xdg_data_home)) {
        n = snprintf(slot->dir, sizeof slot->dir, "%s/AmuletsOfSDL/Amulets", xdg_data_home);
    } else if (given(home)) {
        n = snprintf(slot->dir, sizeof slot->dir, "%s/.local/share/AmuletsOfSDL/Amulets", home);
    } else {
        snprintf(error, error_size, "there's no folder to save in (set AMULETS_HOME or HOME)");
        return false;
    }
    if (n >= (int)sizeof slot->dir) {
        snprintf(error, error_size, "the save folder's path is too long");
        return false;
    }
    return set_paths(slot, error, error_size);
}

bool slot_has_save(const Slot *slot)
{
    return file_exists(slot->save);
}

bool slot_write(const Slot *slot, const Run *run, char *error, size_t error_size)
{
    size_t length;
    char *text = save_write(run, &length);
    if (text == NULL) {
        snprintf(error, error_size, "there's not enough memory to write it");
        return false;
    }
    bool written = file_write_whole(slot->ops, slot->save, text, length, error, error_size);
    free(text);
    return written;
}

Run *slot_load(const Slot *slot, const GameData *data, SlotLoad *load)
{
    memset(load, 0, sizeof *load);
    char *text;
    size_t length;
    char error[SLOT_ERROR_SIZE];
    if (!file_read_all(slot->save, SAVE_LIMIT, &text, &length, error, sizeof error)) {
        errors_add(&load->reasons, "save.txt: %s", error);
        load->result = LOAD_DAMAGED;
    } else {
        Run *run = NULL;
        load->result = save_read(data, text, length, &run, &load->reasons);
        free(text);
        if (load->result == LOAD_OK) return run;
    }
    if (load->result == LOAD_DAMAGED) {
        load->set_aside = slot->ops->rename(slot->save, slot->bad) == 0;
    }
    return NULL;
}

bool slot_remove(const Slot *slot)
{
    slot->ops->unlink(slot->replay);
    return slot->ops->unlink(slot->save) == 0 || errno == ENOENT;
}

int slot_explain(const SlotLoad *load, char lines[][SLOT_ERROR_SIZE], int max)
{
    int count = 0;
    const char *what = load->result == LOAD_OTHER_VERSION
                           ? "The saved run is from another version of the game:"
                       : load->set_aside ? "The saved run is damaged, so it's been set aside as save.bad:"
                                         : "The saved run is damaged, and couldn't be set aside:";
    if (count < max) snprintf(lines[count++], SLOT_ERROR_SIZE, "%s", what);
    int shown = 0;
    for (; shown < load->reasons.count && shown < SLOT_REASONS_SHOWN && count < max; ++shown) {
        snprintf(lines[count++], SLOT_ERROR_SIZE, "%s", load->reasons.lines[shown]);
    }
    int more = load->reasons.count - shown;
    if (more > 0 && count < max) snprintf(lines[count++], SLOT_ERROR_SIZE, "and %d more", more);
    return count;
}
