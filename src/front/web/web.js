// The game in the page, a frontend of the one loop (loop.h): starts the
// WebAssembly (amulets.js, made by tools/web/web.cmake), hands its store
// the files IndexedDB keeps (web_store.js; the player's keys.txt and
// options.txt among them, read as the game starts and edited on the Files
// page), and then hands the loop each event (a key, the mouse, the timer
// it asked for, the page hidden) and paints when the page's frontend
// table asks (Module.onPaint; web_paint.js). Each event runs to its end;
// a flight's frames, o, G and Z, and a recording watched, step on the
// timer the loop asks for, so the page never blocks. Every change the game makes to its files goes to
// IndexedDB as it is made (web_store.js), so closing the page loses
// nothing; a storage that can't be used leaves the game playing without
// saving, and the page says so. Leaving the game (Esc on the title, Esc S)
// closes it as the program would end, and the page says so until a key
// starts it again.
//   index.html?seed=N   the first run's seed (else a random one)
//             &floor=N  new runs start on that floor (as --floor)
//             &fast     o, G and Z step with no pause (the tests)
//             &patience=MS  how long IndexedDB may take to open before the
//                       game plays without saving (the tests; else 10 s)
//             &watch=URL  watch this site's recording at URL (the online
//                       page's run pages: /api/runs/N/recording)
// A seed the online page asked the server for ("Play offline for the
// board") is index.html?seed=S: its run is played here with no connection
// needed, and its recording, at its end, kept apart for the upload
// (web_offline.js), which this page offers at once (and at each start
// while one waits), or the online page later.
// For the tests, window.amulets has digest(), idle(), and the rest below.
'use strict';
(async function () {
  const keyOf = AmuletsKeys.keyOf;   // web_keys.js

  const canvas = document.getElementById('screen');
  const status = document.getElementById('status');
  const painter = AmuletsPaint.create(canvas);
  const params = new URLSearchParams(location.search);
  const fast = params.has('fast');
  const seed = params.has('seed') ? Number(params.get('seed')) : crypto.getRandomValues(new Uint32Array(1))[0];
  const api = (window.amulets = { ready: false, started: performance.now(), errors: [] });
  // closed: the lines shown over the game when it can't go on or was
  // left (left: a key or a click starts it again)
  let frame = null, dirty = true, heldAfterAlarm = false, module = null, closed = null, left = false;
  let idleWaiters = [], filesList = null;

  // the status line takes the window's foot: the canvas fills the rest
  function say(text, kind) {
    const height = status.hidden ? 0 : status.offsetHeight;
    status.textContent = text;
    status.className = kind || '';
    status.hidden = text === '';
    if ((status.hidden ? 0 : status.offsetHeight) !== height) relayout();
  }

  function relayout() {
    const foot = status.hidden ? 0 : status.offsetHeight;
    painter.relayout(window.innerWidth, window.innerHeight - foot, window.devicePixelRatio || 1);
    dirty = true;
    schedule();
  }

  // ---- Painting ---------------------------------------------------------------
  let painting = false;
  function paintNow() {
    const started = performance.now();
    if (module === null) return 0;
    if (closed !== null) {
      frame = { screen: 'closed' };
      painter.notice(closed, left ? undefined : AmuletsPaint.PAL.danger);
      dirty = false;
      return performance.now() - started;
    }
    const room = painter.room();
    frame = JSON.parse(game.frame(room.panelColumns, room.panelRows, room.logRows, room.columns, room.rows));
    let cells = null;
    if (frame.view === 'map') {
      const at = game.map() >> 2;
      cells = module.HEAP32.subarray(at, at + 64 * 36 * game.ints);
    }
    painter.paint(frame, cells, game.ints, tileName);
    dirty = false;
    const spent = performance.now() - started;
    if (api.firstFrame === undefined) api.firstFrame = performance.now();
    return spent;
  }
  function schedule() {
    if (painting || !dirty) return;
    painting = true;
    requestAnimationFrame(() => {
      painting = false;
      if (dirty) paintNow();
    });
  }
  const tileNames = [];
  function tileName(n) {
    if (n < 0) return null;
    if (tileNames[n] === undefined) tileNames[n] = game.tileName(n);
    return tileNames[n];
  }

  // ---- The loop: each event handed over, and what it says to do next ------------
  // frontend.h's FrontEventKind, and what web_event answers (web_glue.c):
  // painting and dropping the keys the page's table asks for by itself
  // (Module.onPaint, Module.onDropKeys)
  const FRONT = { NONE: 0, KEY: 1, POINT: 2, POINT_OFF: 3, CLICK: 4, RESIZE: 5, QUIT: 6, STOP: 7, HIDE: 8 };
  const NEXT = { OPEN: 1, ENDED: 4, WATCH_ENDED: 8, WAIT_SHIFT: 4 };
  let timer = null, timerDue = 0;

  function send(kind, key, x, y) {
    if (module === null) return;
    take(game.event(kind, key || 0, x || 0, y || 0), kind === FRONT.NONE);
  }
  function take(next, fromTimer) {
    if (next & NEXT.WATCH_ENDED) say('');
    if (next & NEXT.ENDED) leave();
    const watched = game.watching() !== 0;
    if (watched) watchSay();
    let wait = (next >> NEXT.WAIT_SHIFT) - 1;
    if (fast && !watched) wait = Math.min(wait, 0);
    setTimer(wait, fromTimer);
    if (wait < 0 || watched) {
      const waiting = idleWaiters;
      idleWaiters = [];
      waiting.forEach((resolve) => resolve());
    }
  }
  // the time the loop asked for: an event keeps the timer's time, the
  // timer itself sets the next (as loop_run waits)
  function setTimer(wait, fromTimer) {
    if (wait < 0) {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      return;
    }
    const due = performance.now() + wait;
    if (timer !== null && !fromTimer && timerDue <= due) return;
    if (timer !== null) clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(() => { timer = null; send(FRONT.NONE); }, wait);
  }
  function press(key) {
    if (status.className === 'note') say('');
    if (left) reopen();
    else if (closed === null) send(FRONT.KEY, key);
  }

  // ---- Leaving the game: closed, as the program ends, till a key ------------------
  // The title's, the class choice's and the death screen's "Esc: quit",
  // and Esc S, end the game as they end the program; a page can't close
  // its own tab, so it says the game is closed (and what is kept), and a
  // key or a click starts it again, on the title, as starting the program
  // again would.
  function leave() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const saved = !game.saveWaits() ? ''
      : store.unsaved ? "Your run can't be kept in this browser: it ends when this tab closes."
        : store.failing() ? "Your run is saved, but this browser's storage failed: keep this tab open while the game tries again."
          : 'Your run is saved in this browser: continue it from the title.';
    closed = ['Amulets of SDL', '', 'You have left the game.', saved, '',
      'Press any key, or click, to start it again; or close this tab.'];
    left = true;
    dirty = true;
    schedule();
  }
  function reopen() {
    closed = null;
    left = false;
    const next = game.reopen();
    if (next === 0) {
      failed(game.error().split('\n'));
      return;
    }
    take(next, false);
    paintNow();
  }
  // the game can't go on: said on the screen and the status line
  function failed(lines) {
    closed = lines;
    say(lines.join(' '), 'error');
    dirty = true;
    paintNow();
  }

  function onKey(e) {
    if (e.defaultPrevented || (filesList !== null && filesList.isOpen())) return;   // the files' list has the keys
    const key = keyOf(e);
    if (key === 0) return;
    e.preventDefault();
    // after a hurt, a monster in view or a question, a key held down
    // repeats no further: it must be pressed again (the window drops the
    // keys typed ahead)
    if (e.repeat && heldAfterAlarm && game.watching() === 0) return;
    heldAfterAlarm = false;
    press(key);
  }

  function onMouse(e, click) {
    if (closed !== null) {
      if (click && left) reopen();
      return;
    }
    if (frame === null) return;
    const r = canvas.getBoundingClientRect(), cell = painter.cellAt(frame, e.clientX - r.left, e.clientY - r.top);
    if (click) { if (cell !== null) send(FRONT.CLICK, 0, cell[0], cell[1]); }
    else if (cell !== null) send(FRONT.POINT, 0, cell[0], cell[1]);
    else send(FRONT.POINT_OFF);
  }

  // bytes into the WebAssembly's memory for call(pointer, length); a
  // RangeError if its memory can't grow to take them
  function withBytes(bytes, call) {
    const at = module._malloc(bytes.length + 1);
    if (!at) throw new RangeError(`${bytes.length} bytes are more than the game's memory can take`);
    module.HEAPU8.set(bytes, at);
    try {
      return call(at, bytes.length);
    } finally {
      module._free(at);
    }
  }
  const withText = (text, call) => withBytes(new TextEncoder().encode(text), call);

  // ---- Watching a recording (the window's --replay FILE: loop.h's keys) ----------
  function watchSay() {
    const error = game.watchError();
    say(`${game.watchBanner()}${error ? `: ${error}` : ''}. ` +
        'Space pauses, . steps, + and - change the speed, Esc stops.', 'note watch');
  }
  function watch(text) {
    if (left) reopen();
    let watched;
    try {
      watched = withText(text, game.watch);
    } catch (error) {
      say(`That recording can't be watched: ${error.message}.`, 'error');
      return;
    }
    if (!watched) {
      say(`That recording can't be watched: ${game.error()}`, 'error');
      return;
    }
    take(game.next(), false);
  }

  // ---- The store ------------------------------------------------------------------
  // The page's storage (web_store.js); where the browser won't give it, a
  // store that keeps nothing: the game plays without saving, and the
  // status line says so for as long as it plays
  let storeFailing = false;
  function storeResult(error) {
    if (left && !!error !== storeFailing) setTimeout(leave, 0);   // what the closed game says of its save
    if (error) {
      storeFailing = true;
      api.storeFailures = (api.storeFailures || 0) + 1;
      const why = [error.name, String(error.message || '').replace(/\.$/, '')].filter((t) => t).join(': ');
      say(`The game couldn't write to this browser's storage (${why}). ` +
        'What you played since is kept only in this page for now: the game writes it again every few seconds ' +
        'and at every move. Free some space, or let this site keep data.', 'error');
    } else if (storeFailing) {
      storeFailing = false;
      say("The game's storage works again: everything is kept.", 'note');
    }
  }
  async function openStore() {
    const hooks = {
      onWait: (text) => say(text, 'error'),
      onLost: (text) => { api.storeLost = text; say(text, 'error'); },
      patience: Number(params.get('patience')) || undefined,
    };
    try {
      const opened = await AmuletsStore.open(storeResult, hooks);
      if (status.className === 'error') say('');   // a wait that ended
      return opened;
    } catch (error) {
      const why = error instanceof AmuletsStore.StoreError ? error.message
        : `this browser's storage failed (${error && error.name ? `${error.name}: ${error.message}` : error})`;
      api.unsaved = why;
      say(`Nothing can be saved: ${why}. The game plays, but nothing of it is kept once this page closes.`, 'error');
      const none = () => Promise.resolve();
      return { files: async () => new Map(), startFiles: new Map(), skipped: [], copies() {}, write: none, add: none,
        remove: none, rename: none, failing: () => false, settled: none, unsaved: why };
    }
  }

  // ---- Offline runs for the board (web_offline.js) --------------------------------
  // The game's writes of replay.txt and of a run's recording are told to
  // the offline runs, one after another; a recording come for a seed the
  // server issued is offered for upload, an abandoned one said
  let offlineChain = Promise.resolve(), offered = null;
  const offer = document.getElementById('offline-offer');
  function offlineNote(name, bytes) {
    if (name !== 'replay.txt' && !AmuletsOffline.RUN_FILE.test(name)) return;
    offlineChain = offlineChain.then(() => AmuletsOffline.noteFile(name, bytes)).then(offlineTell)
      .catch((error) => console.warn(`The offline run couldn't be kept apart: ${error}`));
  }
  function offlineTell(changed) {
    for (const record of changed) {
      if (record.state === 'ended') offerUpload(record, 'Your run on the seed the server gave you has ended. ' +
        'Upload its recording for the offline board now, or later: it is kept in this browser until then.');
      if (record.state === 'abandoned') {
        say(`The run on the server's seed ${record.seed} was left for a new one: it can't be uploaded for the board.`, 'note');
      }
    }
  }
  function offerUpload(record, text) {
    offered = record;
    document.getElementById('offline-text').textContent = text;
    document.getElementById('offline-upload').hidden = record.state !== 'ended';
    offer.hidden = false;
  }
  document.getElementById('offline-upload').addEventListener('click', async (e) => {
    e.target.disabled = true;
    try {
      document.getElementById('offline-text').textContent = 'Uploading...';
      const record = await AmuletsOffline.upload('', offered);
      offerUpload(record, record.said || AmuletsOffline.describe(record));
    } finally {
      e.target.disabled = false;
    }
  });
  document.getElementById('offline-close').addEventListener('click', () => { offer.hidden = true; canvas.focus(); });
  async function offlineStart(files) {
    await AmuletsOffline.noteFiles(files);
    const waiting = (await AmuletsOffline.all()).filter((r) => r.state === 'ended');
    if (waiting.length > 0) {
      offerUpload(waiting[0], waiting.length === 1 ? 'A run played offline on a seed the server gave you waits to be uploaded for the offline board.'
        : `${waiting.length} runs played offline on seeds the server gave you wait to be uploaded for the offline board.`);
    }
  }

  // ---- Starting -------------------------------------------------------------------
  relayout();
  window.addEventListener('resize', relayout);
  painter.notice(['Amulets of SDL', '', 'Loading...']);
  window.addEventListener('error', (e) => api.errors.push(String(e.message)));

  // the WebAssembly is fetched and compiled while the lock and the store
  // open; its store tells of each change, one transaction each
  let store;
  const making = createAmulets({
    locateFile: (file) => file,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    onStoreWrite: (name, bytes) => { offlineNote(name, bytes); return store.write(name, bytes); },
    onStoreAdd: (name, bytes) => store.add(name, bytes),
    onStoreRemove: (name) => store.remove(name),
    onStoreRename: (from, to, bytes) => { offlineNote(to, bytes); return store.rename(from, to, bytes); },
    // the page's frontend table (web_glue.c): a frame is due; the keys
    // typed ahead go (after a hurt, a key held down repeats no further)
    onPaint: () => { dirty = true; schedule(); },
    onDropKeys: () => { heldAfterAlarm = true; },
  });
  if (!(await AmuletsStore.lock())) {
    api.elsewhere = true;
    const lines = ['This run is being played elsewhere: in another tab or window of this browser.',
      'Close the game there, then reload this page.'];
    say(lines.join(' '), 'error');
    painter.notice(lines, AmuletsPaint.PAL.danger);
    window.addEventListener('resize', () => painter.notice(lines, AmuletsPaint.PAL.danger));
    api.ready = true;
    return;
  }

  store = await openStore();
  // the offline runs in the background: the game needn't wait for them
  offlineChain = offlineStart(store.startFiles).catch((error) => console.warn(`The offline runs can't be read: ${error}`));
  api.timings = { script: api.started, files: performance.now() };
  module = await making;
  api.timings.module = performance.now();

  const c = (name, ret, args) => module.cwrap(name, ret, args);
  const n = 'number', s = 'string';
  const game = {
    put: c('web_file_put', n, [s, n, n]), get: c('web_file_get', n, [s, n]), open: c('web_open', n, [n, n]),
    error: c('web_error', s, []), next: c('web_next', n, []), reopen: c('web_reopen', n, []),
    event: c('web_event', n, [n, n, n, n]), saveWaits: c('web_save_waits', n, []),
    frame: c('web_frame', s, [n, n, n, n, n]), map: c('web_map', n, []), tileName: c('web_tile_name', s, ['number']),
    digest: c('web_digest', s, []), replay: c('web_replay', n, [n, n, n]), replayDigest: c('web_replay_digest', s, []),
    watch: c('web_watch', n, [n, n]), watching: c('web_watching', n, []), watchBanner: c('web_watch_banner', s, []),
    watchError: c('web_watch_error', s, []), ints: module._web_cell_ints(),
    configText: c('web_config_text', n, [s, n]), configCheck: c('web_config_check', s, [s, n, n]),
    configPut: c('web_config_put', n, [s, n, n]),
  };
  // the files IndexedDB keeps, into the game's store; one the game refuses
  // (or can't take) is left alone in IndexedDB, and said
  for (const [name, bytes] of store.startFiles) {
    let put = false;
    try {
      put = withBytes(bytes, (at, length) => game.put(name, at, length));
    } catch (error) {
      store.skipped.push(`${name}: ${error.message}`);
      continue;
    }
    if (!put) store.skipped.push(`${name}: not a name the game gives its files`);
  }
  if (store.skipped.length > 0) {
    api.skipped = store.skipped;
    store.skipped.forEach((why) => console.warn(`Left alone in this browser's storage: ${why}`));
    if (status.hidden) {
      say("Some entries in this browser's storage aren't the game's files: they are left alone (Files lists them).", 'note');
    }
  }
  // a rescue (the storage failed, then works again) writes the game's copies
  const lengthAt = module._malloc(4);
  if (!lengthAt) throw new RangeError("the game's memory is full before the game starts");
  store.copies((name) => {
    const at = game.get(name, lengthAt);
    return at === 0 ? null : module.HEAPU8.slice(at, at + module.HEAP32[lengthAt >> 2]);
  });
  if (!game.open(seed, Number(params.get('floor') || 1))) {
    failed(game.error().split('\n'));
    api.ready = true;
    return;
  }

  api.timings.opened = performance.now();
  // the tile pictures, in the background: the glyph view needs none
  fetch('tiles/tiles.json').then((r) => r.json()).then((index) => {
    if (index.missing) { api.tilesMissing = index.missing; return; }
    const image = new Image();
    image.onload = () => { painter.setTiles(index.tiles, image); api.tilesLoaded = true; dirty = true; schedule(); };
    image.src = 'tiles/tiles.png';
  }).catch((error) => { api.tilesMissing = String(error); });

  // the player's keys.txt and options.txt, for the Files page: as kept
  // (or the game's own, documented, to start from), their mistakes, and
  // kept again, read when the game starts again
  const config = {
    text(name) {
      const at = game.configText(name, lengthAt);
      return at === 0 ? '' : new TextDecoder().decode(module.HEAPU8.slice(at, at + module.HEAP32[lengthAt >> 2]));
    },
    check: (name, text) => withText(text, (at, length) => game.configCheck(name, at, length)),
    put(name, text) {
      const kept = withText(text, (at, length) => game.configPut(name, at, length));
      return kept ? null : game.error();
    },
  };
  filesList = AmuletsFiles.create(store, () => { dirty = true; schedule(); }, watch, config);
  window.addEventListener('keydown', onKey);
  window.addEventListener('keyup', () => { heldAfterAlarm = false; });
  canvas.addEventListener('mousemove', (e) => onMouse(e, false));
  canvas.addEventListener('mouseleave', () => send(FRONT.POINT_OFF));
  canvas.addEventListener('click', (e) => onMouse(e, true));
  // hidden: the run in play is saved as it stands (the tab may be closed
  // unseen) and goes on when the page is seen again, as a player coming
  // back from another tab expects; closed: the loop stops as on an
  // ending signal, the run saved, to be continued from the title
  function hide() {
    send(FRONT.HIDE);
    return store.settled();
  }
  function stop() {
    if (closed === null) send(FRONT.STOP);
    return store.settled();
  }
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') hide(); });
  window.addEventListener('pagehide', stop);

  Object.assign(api, {
    game, store, painter, module, config, files: filesList,
    // the offline runs, once every write so far is noted
    offline: () => offlineChain.then(() => AmuletsOffline.all()),
    digest: () => game.digest(),
    // what's on the screen now (painted first if it waits for the next frame)
    screen: () => {
      if (dirty) paintNow();
      return closed !== null ? 'closed' : frame ? frame.screen : null;
    },
    closedLines: () => closed,
    frame: () => {
      if (dirty) paintNow();
      return frame;
    },
    // resolves once o, G or Z has stopped (or a recording is watched) and,
    // unless written is false, the store has written
    idle: (written) => new Promise((resolve) => {
      if (timer === null || game.watching() !== 0) resolve();
      else idleWaiters.push(resolve);
    }).then(() => (written === false ? undefined : store.settled())),
    press: (key) => press(key),
    watch: (text) => watch(text),
    watching: () => {
      const state = game.watching();
      return state === 0 ? null : { ended: state === 2, error: game.watchError(), banner: game.watchBanner() };
    },
    stop,
    paintNow,
    // a recording (its text) played back in the page, rounds times: the
    // commands played, the seconds, and the run's digest
    replay(text, rounds) {
      const started = performance.now(), commands = withText(text, (at, length) => game.replay(at, length, rounds || 1));
      return { commands, seconds: (performance.now() - started) / 1000, digest: game.replayDigest(), error: commands < 0 ? game.error() : '' };
    },
  });
  take(game.next(), false);
  dirty = true;
  paintNow();
  // index.html?watch=URL: a recording of this site watched at once (the
  // online page's run pages link here): only this site's, as a link from
  // elsewhere could name any address
  if (params.has('watch')) {
    const from = new URL(params.get('watch'), location.href);
    if (from.origin !== location.origin) say("Only this site's own recordings are watched from a link.", 'error');
    else {
      api.watchFetched = fetch(from).then((r) => {
        if (!r.ok) throw new Error(`the server answered ${r.status}`);
        return r.text();
      }).then((text) => watch(text)).catch((error) => say(`That recording can't be fetched: ${error.message}.`, 'error'));
    }
  }
  api.ready = true;
})().catch((error) => {
  console.error(error);
  const status = document.getElementById('status');
  status.textContent = `The game can't start: ${error}`;
  status.className = 'error';
  status.hidden = false;
});
