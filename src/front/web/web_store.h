/* The page's store (store.h): every file the game keeps lives in the
 * WebAssembly's memory, filled from the browser's IndexedDB before the
 * game starts (web_store_put), and each change (a whole file written,
 * bytes added at a file's end, a removal, a rename: a save set aside) is
 * told to the page at once, which begins and commits one IndexedDB
 * transaction for it (web_store.js): whole or nothing, in order, and none
 * counting unless every one before it does. The game reads only the copy
 * in memory, so a transaction that fails (the storage full) keeps the old
 * files in IndexedDB, and the page says so and writes them again from
 * that copy (web_store_get).
 * The lock is the page's (Web Locks, taken before the game starts). */
#ifndef AMULETS_WEB_STORE_H
#define AMULETS_WEB_STORE_H

#include "store.h"

/* What the store calls itself in the player's messages: the page's
 * Files list, where a file "morgue/NAME.txt" is shown as
 * "Files/morgue/NAME.txt" */
#define WEB_STORE_WHERE "Files"

typedef struct WebStore {
    MemStore mem;              /* the files, as the tests' store keeps them */
} WebStore;

void web_store_init(WebStore *store);
void web_store_free(WebStore *store);
Store web_store(WebStore *store);
/* A file as IndexedDB had it, before the game starts (no one is told):
 * false if the name is none a store takes, or out of memory */
bool web_store_put(WebStore *store, const char *name, const char *text, size_t length);
/* A file as the game has it now (its bytes, *length of them), or NULL if
 * there's none: what the page writes again after its storage failed */
const char *web_store_get(const WebStore *store, const char *name, size_t *length);

#endif
