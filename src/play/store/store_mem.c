/* The tests' store, in memory, failing where it is told (store.h) */
#include "store.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MemStore *mem_of(void *self) { return self; }

static MemFile *find(const MemStore *mem, const char *name)
{
    for (int i = 0; i < mem->count; ++i) {
        if (strcmp(mem->files[i].name, name) == 0) return &mem->files[i];
    }
    return NULL;
}

static void drop(MemStore *mem, MemFile *file)
{
    free(file->text);
    *file = mem->files[--mem->count];
}

bool store_mem_put(MemStore *mem, const char *name, const char *text, size_t length)
{
    MemFile *file = find(mem, name);
    if (text == NULL) {
        if (file != NULL) drop(mem, file);
        return true;
    }
    char *copy = malloc(length + 1);
    if (copy == NULL) return false;
    memcpy(copy, text, length);
    copy[length] = '\0';
    if (file == NULL && mem->count == mem->capacity) {
        int capacity = mem->capacity ? mem->capacity * 2 : 64;
        MemFile *bigger = realloc(mem->files, (size_t)capacity * sizeof *bigger);
        if (bigger == NULL) {
            free(copy);
            return false;
        }
        mem->files = bigger;
        mem->capacity = capacity;
    }
    if (file == NULL) {
        file = &mem->files[mem->count++];
        snprintf(file->name, sizeof file->name, "%s", name);
    } else {
        free(file->text);
    }
    file->text = copy;
    file->length = length;
    return true;
}

const char *store_mem_get(const MemStore *mem, const char *name, size_t *length)
{
    const MemFile *file = find(mem, name);
    if (file != NULL && length != NULL) *length = file->length;
    return file != NULL ? file->text : NULL;
}

/* The next step: 0 if it happens, else the errno it fails with (a crash
 * is EIO to the caller, and the store stays dead) */
static int step(MemStore *mem)
{
    if (mem->crashed) return EIO;
    ++mem->steps;
    if (mem->steps != mem->fail_at) return 0;
    if (mem->fail_errno != 0) return mem->fail_errno;
    mem->crashed = true;
    return EIO;
}

/* EINVAL for a name no store takes, ELOOP for one in a linked folder */
static int check_name(const MemStore *mem, const char *name)
{
    if (!store_name_ok(name)) return EINVAL;
    size_t n = strlen(mem->linked);
    if (n > 0 && strncmp(name, mem->linked, n) == 0 && name[n] == '/') return ELOOP;
    return 0;
}

static FileRead mem_read(void *self, const char *name, size_t limit, char **text, size_t *length,
                         char *error, size_t error_size)
{
    MemStore *mem = mem_of(self);
    *text = NULL;
    *length = 0;
    int failed = check_name(mem, name);
    if (failed == 0) failed = step(mem);
    const MemFile *file = failed == 0 ? find(mem, name) : NULL;
    if (failed == 0 && file == NULL) {
        snprintf(error, error_size, "it can't be read: it isn't there");
        return FILE_READ_MISSING;
    }
    if (failed != 0) {
        file_explain_read(error, error_size, failed);
        return FILE_READ_FAILED;
    }
    if (file->length > limit) {
        snprintf(error, error_size, "it's far too big");
        return FILE_READ_TOO_BIG;
    }
    *text = malloc(file->length + 1);
    if (*text == NULL) {
        file_explain(error, error_size, "it can't be read", ENOMEM);
        return FILE_READ_FAILED;
    }
    memcpy(*text, file->text, file->length + 1);
    *length = file->length;
    return FILE_READ_OK;
}

/* As file_write_whole fails: the temporary file removed, and its words */
static bool write_failed(MemStore *mem, const char *temporary, int failed, bool renaming,
                         char *error, size_t error_size)
{
    if (!mem->crashed) store_mem_put(mem, temporary, NULL, 0);
    if (renaming) file_explain(error, error_size, "the new file couldn't be put in its place", failed);
    else file_say(error, error_size, failed);
    return false;
}

static bool mem_write(void *self, const char *name, const char *text, size_t length, char *error,
                      size_t error_size)
{
    MemStore *mem = mem_of(self);
    char temporary[STORE_NAME_SIZE + 8];
    snprintf(temporary, sizeof temporary, "%s.tmp", name);
    int failed = check_name(mem, name);
    if (failed == 0) failed = step(mem);   /* made */
    if (failed == 0 && !store_mem_put(mem, temporary, "", 0)) failed = ENOMEM;
    if (failed != 0) return write_failed(mem, temporary, failed, false, error, error_size);
    failed = step(mem);   /* filled: a crash leaves half of it */
    store_mem_put(mem, temporary, text, failed == 0 ? length : length / 2);
    if (failed == 0) failed = step(mem);   /* flushed */
    if (failed != 0) return write_failed(mem, temporary, failed, false, error, error_size);
    failed = step(mem);   /* renamed over the old one */
    if (failed != 0) {
        return write_failed(mem, temporary, failed, true, error, error_size);
    }
    store_mem_put(mem, name, text, length);
    store_mem_put(mem, temporary, NULL, 0);
    step(mem);   /* the folder flushed: a failure here changes nothing */
    return true;
}

static int mem_overwrite(void *self, const char *name, const char *text, size_t length)
{
    MemStore *mem = mem_of(self);
    int failed = check_name(mem, name);
    if (failed == 0) failed = step(mem);
    if (failed == 0 && find(mem, name) == NULL) failed = ENOENT;
    if (failed != 0) return failed;
    store_mem_put(mem, name, "", 0);   /* truncated */
    failed = step(mem);
    if (failed == 0 || !mem->crashed) store_mem_put(mem, name, text, length);
    return failed != 0 ? failed : step(mem);
}

static int mem_append(void *self, const char *name, const char *text, size_t length, bool sync)
{
    MemStore *mem = mem_of(self);
    int failed = check_name(mem, name);
    if (failed == 0) failed = step(mem);
    if (failed != 0 && !mem->crashed) return failed;
    size_t old_length = 0;
    const char *old = store_mem_get(mem, name, &old_length);
    size_t added = failed == 0 ? length : length / 2;   /* a crash tears it */
    char *joined = malloc(old_length + added + 1);
    if (joined == NULL) return ENOMEM;
    if (old_length > 0) memcpy(joined, old, old_length);
    memcpy(joined + old_length, text, added);
    bool put = store_mem_put(mem, name, joined, old_length + added);
    free(joined);
    if (failed != 0) return failed;
    if (!put) return ENOMEM;
    return sync ? step(mem) : 0;
}

static bool mem_exists(void *self, const char *name)
{
    MemStore *mem = mem_of(self);
    return check_name(mem, name) == 0 && step(mem) == 0 && find(mem, name) != NULL;
}

static int mem_remove(void *self, const char *name)
{
    MemStore *mem = mem_of(self);
    int failed = check_name(mem, name);
    if (failed == 0) failed = step(mem);
    if (failed != 0) return failed;
    MemFile *file = find(mem, name);
    if (file == NULL) return ENOENT;
    drop(mem, file);
    return 0;
}

static int mem_rename(void *self, const char *from, const char *to)
{
    MemStore *mem = mem_of(self);
    int failed = check_name(mem, from);
    if (failed == 0) failed = check_name(mem, to);
    if (failed == 0) failed = step(mem);
    if (failed != 0) return failed;
    MemFile *file = find(mem, from);
    if (file == NULL) return ENOENT;
    if (!store_mem_put(mem, to, file->text, file->length)) return ENOMEM;
    store_mem_put(mem, from, NULL, 0);
    return 0;
}

static bool mem_list(void *self, const char *folder, StoreEach each, void *context, char *error,
                     size_t error_size)
{
    MemStore *mem = mem_of(self);
    char probe[STORE_NAME_SIZE];
    snprintf(probe, sizeof probe, "%s/x", folder);
    int failed = check_name(mem, probe);
    if (failed == 0) failed = step(mem);
    if (failed != 0) {
        file_explain(error, error_size, "the folder can't be read", failed);
        return false;
    }
    size_t n = strlen(folder);
    /* by name, so a listing may remove what it has listed */
    for (int i = 0; i < mem->count; ++i) {
        char name[STORE_NAME_SIZE];
        snprintf(name, sizeof name, "%s", mem->files[i].name);
        if (strncmp(name, folder, n) != 0 || name[n] != '/') continue;
        int before = mem->count;
        if (!each(context, name + n + 1)) break;
        if (mem->count < before && find(mem, name) == NULL) --i;   /* it took this one's place */
    }
    return true;
}

static bool mem_lock(void *self, char *error, size_t error_size)
{
    MemStore *mem = mem_of(self);
    int failed = step(mem);
    if (failed != 0) {
        file_explain(error, error_size, "the save folder can't be locked", failed);
        return false;
    }
    mem->locked = true;
    return true;
}

static void mem_unlock(void *self) { mem_of(self)->locked = false; }

static const char *mem_where(void *self) { return mem_of(self)->where; }

static const StoreOps MEM_OPS = {
    mem_read, mem_write, mem_overwrite, mem_append, mem_exists, mem_remove,
    mem_rename, mem_list, mem_lock, mem_unlock, mem_where,
};

void store_mem_init(MemStore *mem, const char *where)
{
    memset(mem, 0, sizeof *mem);
    snprintf(mem->where, sizeof mem->where, "%s", where);
}

void store_mem_free(MemStore *mem)
{
    while (mem->count > 0) drop(mem, &mem->files[mem->count - 1]);
    free(mem->files);
    mem->files = NULL;
    mem->capacity = 0;
}

Store store_mem(MemStore *mem) { return (Store){&MEM_OPS, mem}; }

void store_mem_fail(MemStore *mem, int at, int error_number)
{
    mem->fail_at = at > 0 ? mem->steps + at : 0;
    mem->fail_errno = error_number;
}

void store_mem_restart(MemStore *mem)
{
    mem->crashed = mem->locked = false;
    mem->steps = mem->fail_at = mem->fail_errno = 0;
}

bool store_mem_copy(MemStore *to, const MemStore *from)
{
    while (to->count > 0) drop(to, &to->files[to->count - 1]);
    for (int i = 0; i < from->count; ++i) {
        if (!store_mem_put(to, from->files[i].name, from->files[i].text, from->files[i].length)) return false;
    }
    return true;
}
