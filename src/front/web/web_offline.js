// Offline runs for the board (docs/web.md, docs/server.md's offline mode),
// for both pages. The online page asks the server for a seed issued to the
// account (POST /api/seed: {token, seed}) and keeps it here; the local page
// (index.html?seed=S) plays it with no connection needed, and tells this
// module of the game's files as it writes them: replay.txt names the seed
// of the run in play, and a run's end writes its recording to
// runs/NNNNNN-seed-S-floor-F-dead.txt (or -won). That recording is copied
// here at once, so it waits, in IndexedDB, until it is uploaded (POST
// /api/upload, the recording as the body: the session's cookie says whose,
// and the server finds the seed in it), from either page, whenever the
// server can be reached: a closed tab or no connection loses nothing.
// A seed whose run was left for another (a new run's replay.txt names
// another seed before its own recording came) is abandoned: never uploaded.
//
// The database `amulets-offline` (apart from the game's own `amulets`, so
// the game's store never sees it) has one store, `runs`, a record a seed:
//   {seed (text), token, player, issued (ms), state, recording?, file?,
//    upload?, verdict?: {state, reason?, run?, rank?}}
// state: issued (the seed given), playing (its run begun), ended (its
// recording kept here: to upload), abandoned, uploaded (sent: the verdict
// is the server's: queued, verified, refused).
'use strict';
const AmuletsOffline = (() => {
  const DB_NAME = 'amulets-offline', RUNS = 'runs', VERSION = 1;
  const RUN_FILE = /^runs\/\d+-seed-(\d+)-floor-\d+-(?:dead|won)\.txt$/;

  // verify.h's reasons and the upload policy's, in the game's words
  const REASONS = {
    'seed-not-issued': "The server didn't give you this run's seed, or a run on it was uploaded already: each seed counts once.",
    'too-big': 'The recording is longer than the server takes.',
    damaged: "The recording was changed after the game wrote it: its mark doesn't fit.",
    binary: "The recording holds bytes that aren't text.",
    unreadable: "That isn't a recording the game wrote.",
    'too-many-commands': 'The recording has more moves than any run needs.',
    'other-rules': 'The run was played under another version of the rules.',
    'other-data': "The run was played with other data files than the server's.",
    'unknown-class': "The recording names a class the game doesn't have.",
    'no-class': 'The run is from before classes: it can\'t be ranked.',
    'from-save': 'The recording starts from a save, not from the dungeon\'s first step.',
    debug: 'A debugging view was used in the run: it counts on no board.',
    'below-floor-1': "The run didn't start on the first floor.",
    'cut-short': "The run isn't over: only a death or a victory is ranked.",
    'bad-start': "The recording's starting save doesn't load.",
    'refused-command': 'The recording has a move the run refuses: it was not played as recorded.',
    parted: "The run, played again, parts from its recording: it wasn't played as recorded.",
    'wrong-end': "The recording claims an end the run, played again, doesn't reach.",
    'no-memory': 'The server ran out of memory checking it: try again later.',
    busy: 'The server was busy checking it: try again later.',
    refused: "The server's check refused it.",
  };
  const reasonText = (reason) => REASONS[reason] || `The server refused it (${reason}).`;

  function request(r) {
    return new Promise((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  }
  let opening = null;
  function db() {
    if (opening === null) {
      opening = new Promise((resolve, reject) => {
        const r = indexedDB.open(DB_NAME, VERSION);
        r.onupgradeneeded = () => r.result.createObjectStore(RUNS, { keyPath: 'seed' });
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
        r.onblocked = () => reject(new Error('the offline runs\' storage is held by an older page'));
      });
      opening.catch(() => { opening = null; });
    }
    return opening;
  }
  async function all() {
    const d = await db();
    return request(d.transaction(RUNS).objectStore(RUNS).getAll());
  }
  async function get(seed) {
    const d = await db();
    return (await request(d.transaction(RUNS).objectStore(RUNS).get(String(seed)))) || null;
  }
  // written and committed at once (a tab closed a moment later keeps it);
  // `said` (what the last try here met) is this page's, never kept
  async function put(record) {
    const d = await db();
    const t = d.transaction(RUNS, 'readwrite', { durability: 'strict' });
    const kept = { ...record };
    delete kept.said;
    t.objectStore(RUNS).put(kept);
    if (t.commit) t.commit();
    await new Promise((resolve, reject) => {
      t.oncomplete = resolve;
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error || new Error('the write was aborted'));
    });
    return record;
  }
  async function remove(seed) {
    const d = await db();
    const t = d.transaction(RUNS, 'readwrite');
    t.objectStore(RUNS).delete(String(seed));
    await new Promise((resolve) => { t.oncomplete = resolve; t.onerror = resolve; });
  }

  // The seed a recording (replay.txt's text) names, as text, or null
  function recordingSeed(text) {
    const m = /^seed = (\d+)$/m.exec(text);
    return m ? m[1] : null;
  }
  const decode = (bytes) => (typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes));

  // The local game wrote file name (its whole bytes): the records it
  // changes, changed and kept; resolves to those changed
  async function noteFile(name, bytes) {
    const ended = RUN_FILE.exec(name);
    if (!ended && name !== 'replay.txt') return [];
    let records;
    try {
      records = await all();
    } catch (error) {
      return [];
    }
    const waiting = records.filter((r) => r.state === 'issued' || r.state === 'playing');
    if (waiting.length === 0) return [];
    const changed = [];
    if (ended) {
      const record = waiting.find((r) => r.seed === ended[1]);
      if (record) {
        Object.assign(record, { state: 'ended', file: name, recording: decode(bytes), ended: Date.now() });
        changed.push(await put(record));
      }
      return changed;
    }
    const seed = recordingSeed(decode(bytes));
    if (seed === null) return changed;
    for (const record of waiting) {
      if (record.seed === seed && record.state === 'issued') {
        record.state = 'playing';
        changed.push(await put(record));
      } else if (record.seed !== seed && record.state === 'playing') {
        // another run began before this one ended: its recording never comes
        record.state = 'abandoned';
        changed.push(await put(record));
      }
    }
    return changed;
  }
  // The game's files at the page's start (name -> bytes), in case the tab
  // closed before a write was noted: the recordings first, then the run in play
  async function noteFiles(files) {
    const changed = [];
    for (const [name, bytes] of files) if (RUN_FILE.test(name)) changed.push(...await noteFile(name, bytes));
    if (files.has('replay.txt')) changed.push(...await noteFile('replay.txt', files.get('replay.txt')));
    return changed;
  }

  // ---- The server ---------------------------------------------------------------------
  // base: where the API is ('' for the page's own site)
  async function fetchJson(url, init) {
    try {
      const r = await fetch(url, { credentials: 'same-origin', ...init });
      const text = await r.text();
      let body = null;
      try { body = text ? JSON.parse(text) : null; } catch (error) { body = null; }
      return { status: r.status, body };
    } catch (error) {
      return { status: 0, body: null };
    }
  }
  const unreachable = "The server can't be reached: the run is kept in this browser and offered again next time.";
  function failure(r) {
    if (r.status === 0) return unreachable;
    if (r.status === 401) return 'Log in on the online page first: the run is kept in this browser until then.';
    return (r.body && r.body.error) || `The server answered ${r.status}: the run is kept in this browser.`;
  }

  // A seed issued to the logged-in account, kept: the record, or {error}
  async function ask(base, player, asked) {
    const r = await fetchJson(`${base}api/seed${asked !== undefined ? `?seed=${encodeURIComponent(asked)}` : ''}`, { method: 'POST' });
    if (r.status !== 200 || !r.body || r.body.seed === undefined) return { error: failure(r) };
    return put({ seed: String(r.body.seed), token: r.body.token, player, issued: Date.now(), state: 'issued' });
  }

  // Sends text: {upload} or {error} (the server's status in status)
  async function send(base, text) {
    const r = await fetchJson(`${base}api/upload`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: text });
    if (r.status !== 202 || !r.body || !r.body.upload) return { error: failure(r), status: r.status };
    return { upload: r.body.upload };
  }
  // The upload's verdict: {state, reason?, run?, rank?} ({error} if unknown)
  async function verdict(base, upload) {
    const r = await fetchJson(`${base}api/uploads/${upload}`);
    if (r.status !== 200 || !r.body) return { error: failure(r) };
    const v = { state: r.body.state };
    if (r.body.reason) v.reason = r.body.reason;
    if (r.body.run) {
      v.run = r.body.run;
      const board = await fetchJson(`${base}api/boards/offline`);
      const row = Array.isArray(board.body) ? board.body.find((b) => b.run === v.run) : undefined;
      if (row) v.rank = row.rank;
    }
    return v;
  }
  // Waits (at most ms) for the upload's verdict to leave "queued"
  async function settle(base, upload, ms) {
    const until = Date.now() + (ms || 20000);
    let v = await verdict(base, upload);
    while (v.state === 'queued' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      v = await verdict(base, upload);
    }
    return v;
  }

  // The record's recording uploaded and its verdict kept: the record,
  // with `said` the last failure (it is kept to try again)
  async function upload(base, record, ms) {
    if (record.state !== 'ended') return record;
    const sent = await send(base, record.recording);
    if (sent.error) {
      record.said = sent.error;
      return put(record);
    }
    Object.assign(record, { state: 'uploaded', upload: sent.upload, verdict: { state: 'queued' }, said: '' });
    await put(record);
    return refresh(base, record, ms);
  }
  async function refresh(base, record, ms) {
    if (record.state !== 'uploaded' || !record.upload) return record;
    const v = await settle(base, record.upload, ms);
    if (v.error) record.said = v.error;
    else {
      record.verdict = v;
      record.said = '';
    }
    return put(record);
  }

  // What a record's state is, in the player's words
  function describe(record) {
    const v = record.verdict || {};
    switch (record.state) {
      case 'issued': return 'Not begun yet: play it in the local game (a new run).';
      case 'playing': return 'In play in the local game: it can be uploaded once it ends.';
      case 'ended': return 'Ended: its recording waits in this browser to be uploaded.';
      case 'abandoned': return "Abandoned: a new run began before it ended, so it can't be uploaded for the board.";
      case 'uploaded':
        if (v.state === 'verified') {
          return `Verified by the server: ${v.rank ? `number ${v.rank} on the offline board` : 'on the offline board'}.`;
        }
        if (v.state === 'refused') return `Refused: ${reasonText(v.reason)}`;
        return 'Uploaded: the server is checking it.';
      default: return record.state;
    }
  }

  return { all, get, put, remove, noteFile, noteFiles, recordingSeed, ask, send, verdict, settle, upload, refresh,
    describe, reasonText, RUN_FILE };
})();
