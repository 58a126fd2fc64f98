// The game's files in the browser: IndexedDB (database `amulets`) holds
// every file of the save folder by its name in the folder. At the start
// they are all read and handed to the game, whose store keeps them in its
// memory (web_store.h); after that each change the game makes (a file
// written whole, bytes added to a file's end, a removal, a rename) is one
// small IndexedDB transaction, begun and committed the moment the game
// makes it, so a tab closed or a browser killed a moment later still keeps
// it (the browser finishes a committed transaction without the page).
//
// The database has two object stores:
//   files  name -> bytes: the files as they were at the last fold;
//   log    number -> [[name, bytes or null (removed), added?]...]: each
//          change since, numbered in the order it was made.
// A file is its `files` entry with the log's changes after it, applied in
// order; the start folds the log into `files` (one transaction). IndexedDB
// runs transactions that share an object store in the order they were
// made, but a later one commits even when an earlier one failed (the
// storage full). So a change counts only if every change before it does:
// the log is read from its first number up to the first one missing, and
// what follows a gap is dropped. A change that fails (and each one made
// after it, which already went) is then written again all at once: the
// next change is a rescue, one transaction that writes every file changed
// since the last fold or rescue as the game has it now, and empties the
// log. Until one succeeds the page says the storage fails, and it tries
// again every few seconds. A rescue also folds the log when it grows long.
//
// What isn't one of the game's files (a key that isn't a name, a value
// that isn't bytes, a log entry that can't be read) is left alone in the
// database and told (skipped); a storage that can't be opened is told
// too (StoreError, in the player's words), so the page can play without
// saving rather than stop.
// The lock: one tab plays the folder at a time (Web Locks).
'use strict';
const AmuletsStore = (() => {
  const DB_NAME = 'amulets', FILES = 'files', LOG = 'log', VERSION = 2, LOCK = 'amulets-save-folder';
  // a rescue folds the log into the files past this many changes or bytes
  const FOLD_CHANGES = 2000, FOLD_BYTES = 4 << 20;
  // how long a failing storage waits before it's tried again (ms), at most
  const RETRY_FIRST = 2000, RETRY_MOST = 30000;
  // how long the start waits for IndexedDB to open before it gives up on
  // it (hooks.patience, the tests', can be shorter)
  const OPEN_PATIENCE = 10000;

  // Why the storage can't be used, in the player's words (message), and
  // IndexedDB's own name for it (name)
  class StoreError extends Error {
    constructor(message, cause) {
      super(message);
      this.name = cause && cause.name ? cause.name : 'StoreError';
    }
  }

  function request(r) {
    return new Promise((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  }

  // The database, made or brought up to VERSION. onWait(text) hears why
  // it waits (another tab holds an older version open); onLost(text) that
  // this tab's connection is gone for good (a newer version of the game
  // in another tab). Rejects with a StoreError
  function openDb(onWait, onLost, patienceMs) {
    return new Promise((resolve, reject) => {
      let factory = null;
      try {
        factory = window.indexedDB;
      } catch (error) { /* denied: a sandboxed frame throws here */ }
      if (!factory) {
        reject(new StoreError("this browser has no storage for pages (IndexedDB) here"));
        return;
      }
      let r;
      try {
        r = factory.open(DB_NAME, VERSION);
      } catch (error) {
        reject(new StoreError(`this browser refused the page its storage (${error.name})`, error));
        return;
      }
      const patience = setTimeout(() => {
        reject(new StoreError("this browser's storage didn't answer (it may be turned off for this site)"));
      }, patienceMs || OPEN_PATIENCE);
      r.onupgradeneeded = () => {
        const db = r.result, names = db.objectStoreNames;
        if (!names.contains(FILES)) db.createObjectStore(FILES);
        if (!names.contains(LOG)) db.createObjectStore(LOG);
      };
      // blocked, it waits as long as it takes, saying why
      r.onblocked = () => {
        clearTimeout(patience);
        onWait('The game waits for its storage: another tab of the game, from before an update, ' +
          'still has it open. Close that tab (or reload it).');
      };
      r.onsuccess = () => {
        clearTimeout(patience);
        const db = r.result;
        if (!db.objectStoreNames.contains(FILES) || !db.objectStoreNames.contains(LOG)) {
          db.close();
          reject(new StoreError("this browser's storage for the game isn't as the game makes it"));
          return;
        }
        db.onversionchange = () => {
          db.close();
          onLost('A newer version of the game was opened in another tab: this one can no longer save. ' +
            'Reload this page to go on with the newer one.');
        };
        resolve(db);
      };
      r.onerror = () => {
        clearTimeout(patience);
        const error = r.error || {};
        const why = error.name === 'VersionError'
          ? 'a newer version of the game keeps its files in this browser (reload to get it)'
          : `this browser refused the page its storage (${error.name || 'an error'}: ${error.message || 'no reason given'})`;
        reject(new StoreError(why, error));
      };
    });
  }

  // ---- Reading --------------------------------------------------------------------

  // A value as bytes, or null if it isn't bytes
  function bytesOf(value) {
    if (value instanceof Uint8Array) return value;
    if (value instanceof ArrayBuffer) return new Uint8Array(value);
    if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return null;
  }

  // A key or a value named briefly, for the list of what was skipped
  function describe(thing) {
    let text;
    try {
      text = typeof thing === 'string' ? JSON.stringify(thing) : Array.isArray(thing) ? `[${thing.map(describe).join(', ')}]`
        : thing instanceof ArrayBuffer ? `${thing.byteLength} bytes of binary`
          : thing instanceof Date ? `the date ${thing.toISOString()}` : `${typeof thing} ${String(thing)}`;
    } catch (error) {
      text = 'something unreadable';
    }
    return text.length > 60 ? `${text.slice(0, 57)}...` : text;
  }

  // A log entry's changes, or null if it isn't one
  function changesOf(value) {
    if (!Array.isArray(value)) return null;
    const changes = [];
    for (const change of value) {
      if (!Array.isArray(change) || typeof change[0] !== 'string') return null;
      const bytes = change[1] === null ? null : bytesOf(change[1]);
      if (change[1] !== null && bytes === null) return null;
      if (change[2] === true && bytes === null) return null;
      changes.push([change[0], bytes, change[2] === true]);
    }
    return changes;
  }

  // Applies one change to files (a Map)
  function apply(files, [name, bytes, added]) {
    if (bytes === null) files.delete(name);
    else if (!added) files.set(name, bytes);
    else {
      const old = files.get(name) || new Uint8Array(0), all = new Uint8Array(old.length + bytes.length);
      all.set(old);
      all.set(bytes, old.length);
      files.set(name, all);
    }
  }

  // Everything in the database, read at once: {files: Map, skipped: [why],
  // folded: names the log changed, last: the log's largest number (0)}
  async function readAll(db) {
    const tx = db.transaction([FILES, LOG], 'readonly'), files = tx.objectStore(FILES), log = tx.objectStore(LOG);
    const [keys, values, numbers, entries] = await Promise.all([request(files.getAllKeys()), request(files.getAll()),
      request(log.getAllKeys()), request(log.getAll())]);
    const out = { files: new Map(), skipped: [], folded: new Set(), last: 0 };
    keys.forEach((key, i) => {
      const bytes = bytesOf(values[i]);
      if (typeof key !== 'string') out.skipped.push(`an entry keyed ${describe(key)}: not a file's name`);
      else if (bytes === null) out.skipped.push(`${key}: its value is ${describe(values[i])}, not a file's bytes`);
      else out.files.set(key, bytes);
    });
    // the log counts from its first number up to the first one missing or
    // unreadable; what follows is dropped
    let expected = null, dropped = 0, stopped = false;
    numbers.forEach((number, i) => {
      if (typeof number !== 'number' || !(number >= 1 && number <= Number.MAX_SAFE_INTEGER)) {
        out.skipped.push(`an entry of the log keyed ${describe(number)}: not a change's number`);
        return;
      }
      if (number > out.last) out.last = Math.ceil(number);
      if (stopped) { dropped += 1; return; }
      const changes = Number.isInteger(number) ? changesOf(entries[i]) : null;
      if (changes === null) out.skipped.push(`change ${number} of the log isn't one the game writes: dropped`);
      else if (expected !== null && number !== expected) dropped += 1;
      if (changes === null || (expected !== null && number !== expected)) { stopped = true; return; }
      expected = number + 1;
      for (const change of changes) {
        apply(out.files, change);
        out.folded.add(change[0]);
      }
    });
    if (dropped > 0) {
      out.skipped.push(`${dropped} change${dropped === 1 ? '' : 's'} written after one that failed ` +
        "(the storage full or denied): dropped, since what came before them wasn't kept");
    }
    return out;
  }

  // True if this tab holds the folder's lock (until it closes); false if
  // another tab does. Where the browser has no Web Locks (or denies them), true.
  function lock() {
    let locks = null;
    try {
      locks = navigator.locks;
    } catch (error) { /* denied */ }
    if (!locks) return Promise.resolve(true);
    return new Promise((resolve) => {
      try {
        locks.request(LOCK, { ifAvailable: true }, (held) => {
          resolve(held !== null);
          return held !== null ? new Promise(() => {}) : undefined;
        }).catch(() => resolve(true));
      } catch (error) {
        resolve(true);
      }
    });
  }

  // ---- Writing --------------------------------------------------------------------

  // the log's changes, as a key range: an entry under any other key
  // isn't the store's, and is left alone
  let CHANGES = null;

  // One transaction over names, filled by fill(stores), committed at
  // once: resolves when it's on the disk, rejects with why not
  function transact(db, names, fill) {
    if (CHANGES === null) CHANGES = IDBKeyRange.bound(1, Number.MAX_SAFE_INTEGER);
    return new Promise((resolve, reject) => {
      let tx;
      try {
        tx = db.transaction(names, 'readwrite', { durability: 'strict' });
        fill(...names.map((n) => tx.objectStore(n)));
        tx.oncomplete = () => resolve();
        tx.onabort = () => reject(tx.error || new DOMException('The transaction was aborted', 'AbortError'));
        // sent to the browser now, so it finishes even if the page goes
        if (typeof tx.commit === 'function') tx.commit();
      } catch (error) {
        if (tx) {
          tx.oncomplete = null;
          tx.onabort = null;
          try { tx.abort(); } catch (e) { /* already over */ }
        }
        reject(error);
      }
    });
  }

  // The store, open: the files at the start (startFiles, a Map), what the
  // start skipped (skipped), every file as the database has it now
  // (files()), and the game's changes, each as it is made: write(name,
  // bytes), add(name, bytes) at its end, remove(name), rename(from, to,
  // bytes). copies(get) tells it where the game's copy of a file is
  // (get(name): its bytes or null), for a rescue. onResult(error or null)
  // hears how each transaction went; settled() resolves once every one
  // begun has ended. hooks: {onWait(text), onLost(text), patience (ms)}
  async function open(onResult, hooks) {
    let lost = false;
    const db = await openDb(hooks.onWait, (text) => { lost = true; hooks.onLost(text); }, hooks.patience);
    const first = await readAll(db);
    let number = first.last + 1;       // the next change's; a rescue takes one too
    let failedAt = 0, rescuedAt = 0;   // the last change that failed, the last rescue that succeeded
    let since = 0, sinceBytes = 0;     // the log's changes since the last fold
    let pending = [], retry = null, retryWait = RETRY_FIRST, current = () => null;
    // the files changed since the last fold or rescue that succeeded: name
    // -> the number of its last change
    const changed = new Map(), made = new Set();   // made: the files the game changed
    const failing = () => failedAt > rescuedAt;

    function track(promise) {
      const done = promise.then(() => {}, () => {});
      pending.push(done);
      done.then(() => { pending = pending.filter((p) => p !== done); });
      return done;
    }

    function failed(at, error) {
      if (at > failedAt) failedAt = at;
      if (lost) return;   // the page said why once (onLost)
      onResult(error);
      if (retry === null) {
        retry = setTimeout(() => { retry = null; if (failing()) rescue(); }, retryWait);
        retryWait = Math.min(retryWait * 2, RETRY_MOST);
      }
    }

    // Every file changed since the last fold, as the game has it now (or,
    // for one only the start's fold changed, as the fold made it), in one
    // transaction that empties the log: everything before it then
    // counts, whatever failed
    function rescue() {
      const at = number++, names = [...changed.keys()];
      // a file only the start's fold changed is as the fold made it
      const values = names.map((name) => (made.has(name) ? current(name) : first.files.get(name) || null));
      since = 0;
      sinceBytes = 0;
      if (lost) return failed(at, new DOMException('This tab can no longer save', 'InvalidStateError'));
      return track(transact(db, [FILES, LOG], (files, log) => {
        names.forEach((name, i) => {
          if (values[i] === null) files.delete(name);
          else files.put(values[i], name);
        });
        log.delete(CHANGES);
      }).then(() => {
        if (at > rescuedAt) rescuedAt = at;
        for (const name of names) if (changed.get(name) <= at) changed.delete(name);
        retryWait = RETRY_FIRST;
        onResult(null);
      }, (error) => failed(at, error)));
    }

    function change(changes) {
      for (const [name, bytes] of changes) {
        changed.set(name, number);
        made.add(name);
        since += 1;
        sinceBytes += bytes === null ? 0 : bytes.length;
      }
      if (failing() || since > FOLD_CHANGES || sinceBytes > FOLD_BYTES) return rescue();
      const at = number++;
      if (lost) return failed(at, new DOMException('This tab can no longer save', 'InvalidStateError'));
      return track(transact(db, [LOG], (log) => log.put(changes, at)).then(
        () => { if (!failing()) onResult(null); },
        (error) => failed(at, error)));
    }

    // the start's fold: the log's changes into the files, the log emptied
    if (first.folded.size > 0 || first.last > 0) {
      for (const name of first.folded) changed.set(name, number);
      rescue();
    }
    return {
      files: async () => { await Promise.all(pending); return (await readAll(db)).files; },
      startFiles: first.files,
      skipped: first.skipped,
      // the game's copy of each file, for the rescues (set once it's made)
      copies: (get) => { current = get; },
      write: (name, bytes) => change([[name, bytes, false]]),
      add: (name, bytes) => change([[name, bytes, true]]),
      remove: (name) => change([[name, null, false]]),
      rename: (from, to, bytes) => change([[from, null, false], [to, bytes, false]]),
      failing,
      settled: () => Promise.all(pending),
    };
  }

  return { open, lock, StoreError };
})();
