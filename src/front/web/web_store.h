/* The page's store (store.h): every file the game keeps lives in the
 * WebAssembly's memory, filled from the browser's IndexedDB before the
 * game starts (web_store_put), and each whole file written, removed or
 * renamed (a save set aside) is told to the page at once, which queues
 * one IndexedDB transaction for it (web_store.js): whole or nothing. The
 * game reads only the copy in memory, so a transaction that fails (the
 * storage full) keeps the old file in IndexedDB, and the page says so.
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

#endif
