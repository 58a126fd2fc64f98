// The game's files in the browser: IndexedDB holds every file of the save
// folder (the save, its recording, runs/, morgue/, the scores, class.txt)
// by its name in the folder. At the start they are all read and handed to
// the game, whose store keeps them in its memory (web_store.h); after
// that each whole file it writes, removes or renames is one IndexedDB
// transaction, queued at once and run in order: all of it, or none. A
// transaction that fails (the storage full or denied) leaves the old file
// in IndexedDB, and the page says so; its change goes again with the next
// one, unless that one changes the same file anew.
// The lock: one tab plays the folder at a time (Web Locks).
'use strict';
const AmuletsStore = (() => {
  const DB_NAME = 'amulets', FILES = 'files', LOCK = 'amulets-save-folder';

  function request(r) {
    return new Promise((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  }

  function openDb() {
    const r = indexedDB.open(DB_NAME, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(FILES);
    return request(r);
  }

  // Every file: [[name, Uint8Array]...]
  async function readAll(db) {
    const tx = db.transaction(FILES, 'readonly'), store = tx.objectStore(FILES);
    const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
    return keys.map((k, i) => [k, new Uint8Array(values[i])]);
  }

  // True if this tab holds the folder's lock (until it closes); false if
  // another tab does. Where the browser has no Web Locks, true.
  function lock() {
    if (!navigator.locks) return Promise.resolve(true);
    return new Promise((resolve) => {
      navigator.locks.request(LOCK, { ifAvailable: true }, (held) => {
        resolve(held !== null);
        return held !== null ? new Promise(() => {}) : undefined;
      });
    });
  }

  // One transaction: changes is [[name, bytes or null to remove]...]
  function transact(db, changes) {
    return new Promise((resolve, reject) => {
      let tx;
      try {
        tx = db.transaction(FILES, 'readwrite');
        const store = tx.objectStore(FILES);
        for (const [name, bytes] of changes) {
          if (bytes === null) store.delete(name);
          else store.put(bytes, name);
        }
      } catch (error) {
        if (tx) try { tx.abort(); } catch (e) { /* already over */ }
        reject(error);
        return;
      }
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error || new DOMException('The transaction was aborted', 'AbortError'));
    });
  }

  // The store: files() at the start; write(name, bytes), remove(name) and
  // rename(from, to, bytes) as the game's store does them, each one
  // transaction; settled() once all are done. onResult(error or null)
  // hears how each went.
  async function open(onResult) {
    const db = await openDb();
    const again = new Map();   // the changes of failed transactions, to go with the next
    let chain = Promise.resolve(), failing = false;

    function queue(changes) {
      chain = chain.then(() => {
        const all = new Map(again);
        again.clear();
        for (const [name, bytes] of changes) all.set(name, bytes);   // the newer wins
        return transact(db, [...all]).then(
          () => { failing = false; onResult(null); },
          (error) => {
            for (const [name, bytes] of all) again.set(name, bytes);
            failing = true;
            onResult(error);
          });
      });
      return chain;
    }

    return {
      files: () => readAll(db),
      write: (name, bytes) => queue([[name, bytes]]),
      remove: (name) => queue([[name, null]]),
      rename: (from, to, bytes) => queue([[from, null], [to, bytes]]),
      failing: () => failing,
      settled: () => chain,
    };
  }

  return { open, lock };
})();
