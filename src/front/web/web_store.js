// The game's files in the browser: IndexedDB holds every file of the save
// folder (the save, its recording, runs/, morgue/, the scores, class.txt)
// by its path in the folder. At the start they are all read and put into
// the game's in-memory folder (MEMFS); after that the in-memory folder is
// the game's, and each whole file it writes (or removes) is written
// through to IndexedDB. The changes one key makes go in one transaction:
// all of them, or none (then the old files are kept there, and the page
// says so). A failed change is tried again with the next write.
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

  // Every file: [[path, Uint8Array]...]
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

  // The store: files() at the start; change(path, bytes or null) as the
  // game writes; flush() writes what changed in one transaction.
  // onResult(error or null) hears how each flush went.
  async function open(onResult) {
    const db = await openDb();
    const pending = new Map();   // path -> bytes, or null to remove
    let chain = Promise.resolve(), failing = false;

    function write(changes) {
      return new Promise((resolve, reject) => {
        let tx;
        try {
          tx = db.transaction(FILES, 'readwrite');
          const store = tx.objectStore(FILES);
          for (const [path, bytes] of changes) {
            if (bytes === null) store.delete(path);
            else store.put(bytes, path);
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

    function flush() {
      if (pending.size === 0) return chain;
      const changes = [...pending];
      pending.clear();
      chain = chain.then(() => write(changes)).then(
        () => { failing = false; onResult(null); },
        (error) => {
          // kept to try again, unless a newer change came meanwhile
          for (const [path, bytes] of changes) if (!pending.has(path)) pending.set(path, bytes);
          failing = true;
          onResult(error);
        });
      return chain;
    }

    return {
      files: () => readAll(db),
      change(path, bytes) { pending.set(path, bytes); },
      flush,
      failing: () => failing,
      settled: () => chain,
    };
  }

  return { open, lock };
})();
