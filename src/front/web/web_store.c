/* The page's store: the tests' store in memory (store_mem.c) for the
 * files, and each change that succeeded told to the page, which queues
 * its IndexedDB transaction (web_store.h, web_store.js) */
#include "web_store.h"

#include <emscripten.h>

/* The page hears of each whole change; bytes are copied out at once */
EM_JS(void, page_store_wrote, (const char *name, const char *text, int length), {
    Module.onStoreWrite(UTF8ToString(name), HEAPU8.slice(text, text + length));
})
EM_JS(void, page_store_added, (const char *name, const char *text, int length), {
    Module.onStoreAdd(UTF8ToString(name), HEAPU8.slice(text, text + length));
})
EM_JS(void, page_store_removed, (const char *name), {
    Module.onStoreRemove(UTF8ToString(name));
})
EM_JS(void, page_store_renamed, (const char *from, const char *to, const char *text, int length), {
    Module.onStoreRename(UTF8ToString(from), UTF8ToString(to), HEAPU8.slice(text, text + length));
})

static MemStore *mem_of(void *self) { return &((WebStore *)self)->mem; }

static Store inner(void *self) { return store_mem(mem_of(self)); }

static FileRead web_read(void *self, const char *name, size_t limit, char **text, size_t *length,
                         char *error, size_t error_size)
{
    Store s = inner(self);
    return s.ops->read(s.self, name, limit, text, length, error, error_size);
}

static bool web_write(void *self, const char *name, const char *text, size_t length, char *error,
                      size_t error_size)
{
    Store s = inner(self);
    if (!s.ops->write(s.self, name, text, length, error, error_size)) return false;
    page_store_wrote(name, text, (int)length);
    return true;
}

static int web_overwrite(void *self, const char *name, const char *text, size_t length)
{
    Store s = inner(self);
    int failed = s.ops->overwrite(s.self, name, text, length);
    if (failed == 0) page_store_wrote(name, text, (int)length);
    return failed;
}

/* The page is told only the bytes added, one small transaction: a
 * journal's line per command, never the whole file again. sync changes
 * nothing here (nor is a flush of nothing told): every transaction the
 * page makes is as durable as the browser can make it, at once */
static int web_append(void *self, const char *name, const char *text, size_t length, bool sync)
{
    Store s = inner(self);
    int failed = s.ops->append(s.self, name, text, length, sync);
    if (failed == 0 && length > 0) page_store_added(name, text, (int)length);
    return failed;
}

static bool web_exists(void *self, const char *name)
{
    Store s = inner(self);
    return s.ops->exists(s.self, name);
}

static int web_remove(void *self, const char *name)
{
    Store s = inner(self);
    int failed = s.ops->remove(s.self, name);
    if (failed == 0) page_store_removed(name);
    return failed;
}

static int web_rename(void *self, const char *from, const char *to)
{
    Store s = inner(self);
    int failed = s.ops->rename(s.self, from, to);
    size_t length = 0;
    const char *text = failed == 0 ? store_mem_get(mem_of(self), to, &length) : NULL;
    if (text != NULL) page_store_renamed(from, to, text, (int)length);
    return failed;
}

static bool web_list(void *self, const char *folder, StoreEach each, void *context, char *error,
                     size_t error_size)
{
    Store s = inner(self);
    return s.ops->list(s.self, folder, each, context, error, error_size);
}

/* The page took the Web Lock before the game started: this only marks it */
static bool web_lock(void *self, char *error, size_t error_size)
{
    Store s = inner(self);
    return s.ops->lock(s.self, error, error_size);
}

static void web_unlock(void *self)
{
    Store s = inner(self);
    s.ops->unlock(s.self);
}

static const char *web_where(void *self) { return mem_of(self)->where; }

static const StoreOps WEB_OPS = {
    web_read, web_write, web_overwrite, web_append, web_exists, web_remove,
    web_rename, web_list, web_lock, web_unlock, web_where,
};

void web_store_init(WebStore *store) { store_mem_init(&store->mem, WEB_STORE_WHERE); }

void web_store_free(WebStore *store) { store_mem_free(&store->mem); }

Store web_store(WebStore *store) { return (Store){&WEB_OPS, store}; }

bool web_store_put(WebStore *store, const char *name, const char *text, size_t length)
{
    return store_name_ok(name) && store_mem_put(&store->mem, name, text, length);
}

const char *web_store_get(const WebStore *store, const char *name, size_t *length)
{
    return store_mem_get(&store->mem, name, length);
}
