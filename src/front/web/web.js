// The game in the page: starts the WebAssembly (amulets.js, made by
// tools/web/web.cmake), fills its save folder from IndexedDB
// (web_store.js), and then hands it each key and mouse move and paints
// what it says (web_paint.js). A key runs the game until it needs the
// next key; o, G and Z step on a timer, as the window's do, so the page
// never blocks. The page saves when it is hidden or closed.
//   index.html?seed=N   the first run's seed (else a random one)
//             &floor=N  new runs start on that floor (as --floor)
//             &fast     o, G and Z step with no pause (the tests)
// For the tests, window.amulets has digest(), idle(), and the rest below.
'use strict';
(async function () {
  const HOME = '/home/web_user/amulets';
  const AUTO_STEP_MS = 30;   // the window's pause between two steps of o, G, Z
  const AK = { TAB: 9, ENTER: 13, CTRL_P: 16, ESC: 27, UP: 0x100, DOWN: 0x101, LEFT: 0x102, RIGHT: 0x103, KP1: 0x104, F1: 0x10d, BACKTAB: 0x119 };
  const NAMED = {
    Escape: AK.ESC, Enter: AK.ENTER, ArrowUp: AK.UP, ArrowDown: AK.DOWN, ArrowLeft: AK.LEFT, ArrowRight: AK.RIGHT,
  };
  // F5 (reload), F11 (full screen) and F12 (the developer tools) stay the browser's
  const BROWSER_KEYS = new Set(['F5', 'F11', 'F12']);
  const RESULT = { NOTHING: 0, QUIT: 3, ALARM: 16, ENDED: 32 };

  const canvas = document.getElementById('screen');
  const status = document.getElementById('status');
  const painter = AmuletsPaint.create(canvas);
  const params = new URLSearchParams(location.search);
  const seed = params.has('seed') ? Number(params.get('seed')) : crypto.getRandomValues(new Uint32Array(1))[0];
  const api = (window.amulets = { ready: false, started: performance.now(), errors: [] });
  let frame = null, dirty = true, autoTimer = null, heldAfterAlarm = false, module = null;
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

  // ---- Keys and steps ------------------------------------------------------------
  function after(result) {
    if (result & RESULT.ALARM) heldAfterAlarm = true;
    if (result & RESULT.ENDED) say('The run is saved; continue it from the title.', 'note');
    dirty = true;
    schedule();
    store.flush();
    if (game.autoGoing()) {
      if (autoTimer === null) autoTimer = setTimeout(step, api.autoStepMs);
    } else {
      const waiting = idleWaiters;
      idleWaiters = [];
      waiting.forEach((resolve) => resolve());
    }
  }
  function step() {
    autoTimer = null;
    if (game.autoGoing()) after(game.autoStep());
    else after(0);
  }
  function press(key) {
    if (status.className === 'note') say('');
    if (autoTimer !== null) { clearTimeout(autoTimer); autoTimer = null; }
    after(game.key(key));
  }

  // A browser key as the game's key (keys.h), or 0
  function keyOf(e) {
    if (e.ctrlKey && (e.key === 'p' || e.key === 'P')) return AK.CTRL_P;
    if (e.ctrlKey || e.altKey || e.metaKey) return 0;
    if (e.code && e.code.startsWith('Numpad')) {
      const digit = e.code.slice(6);
      if (digit >= '1' && digit <= '9' && digit.length === 1) return AK.KP1 + Number(digit) - 1;
      if (e.code === 'NumpadEnter') return AK.ENTER;
    }
    if (e.key === 'Tab') return e.shiftKey ? AK.BACKTAB : AK.TAB;
    if (NAMED[e.key] !== undefined) return NAMED[e.key];
    const f = /^F([1-9]|1[0-2])$/.exec(e.key);
    if (f && !BROWSER_KEYS.has(e.key)) return AK.F1 + Number(f[1]) - 1;
    if (e.key.length === 1) {
      const c = e.key.charCodeAt(0);
      if (c >= 32 && c <= 126) return c;
    }
    return 0;
  }

  function onKey(e) {
    if (e.defaultPrevented || (filesList !== null && filesList.isOpen())) return;   // the files' list has the keys
    const key = keyOf(e);
    if (key === 0) return;
    e.preventDefault();
    if (watching !== null) { watchKey(key); return; }
    // after a hurt, a monster in view or a question, a key held down
    // repeats no further: it must be pressed again (the window drops the
    // keys typed ahead)
    if (e.repeat && heldAfterAlarm) return;
    heldAfterAlarm = false;
    press(key);
  }

  function onMouse(e, click) {
    if (frame === null) return;
    const r = canvas.getBoundingClientRect(), cell = painter.cellAt(frame, e.clientX - r.left, e.clientY - r.top);
    if (click) { if (cell !== null) after(game.click(cell[0], cell[1])); }
    else after(game.point(cell ? cell[0] : 0, cell ? cell[1] : 0, cell ? 1 : 0));
  }

  // ---- Watching a recording (the window's --replay FILE) ------------------------
  // milliseconds between commands, slowest to fastest (front.c's)
  const WATCH_DELAYS = [1000, 400, 150, 60, 20, 5, 1];
  let watching = null;
  function watchSay() {
    const w = watching, state = w.error ? `parted from the run: ${w.error}` : w.ended ? 'the end' : w.paused ? 'paused' : 'playing';
    say(`Replay ${game.watchPlace()}, ${state}, ${Math.round(1000 / WATCH_DELAYS[w.speed])}/s. ` +
        'Space pauses, . steps, + and - change the speed, Esc stops.', 'note watch');
  }
  function watchStep() {
    const w = watching;
    w.timer = null;
    if (w.ended) return;
    const step = game.watchStep();
    if (step !== 0) { w.ended = true; if (step === 2) w.error = game.error(); }
    watchSay();
    dirty = true;
    schedule();
    if (!w.ended && !w.paused) w.timer = setTimeout(watchStep, WATCH_DELAYS[w.speed]);
  }
  function watch(text) {
    stopWatching();
    FS.writeFile('/tmp/watched.txt', text);
    if (!game.watch('/tmp/watched.txt')) {
      say(`That recording can't be watched: ${game.error()}`, 'error');
      return;
    }
    watching = { speed: 2, paused: false, ended: false, error: '', timer: null };
    watchSay();
    dirty = true;
    schedule();
    watching.timer = setTimeout(watchStep, WATCH_DELAYS[watching.speed]);
  }
  function stopWatching() {
    if (watching === null) return;
    if (watching.timer !== null) clearTimeout(watching.timer);
    watching = null;
    game.watchStop();
    say('');
    dirty = true;
    schedule();
  }
  function watchKey(key) {
    const w = watching;
    if (key === AK.ESC || key === 113 /* q */) { stopWatching(); return; }
    if (key === 32) w.paused = !w.paused;
    else if (key === 46 || key === AK.RIGHT) { w.paused = true; if (w.timer !== null) clearTimeout(w.timer); watchStep(); }
    else if (key === 43 || key === 61) w.speed = Math.min(w.speed + 1, WATCH_DELAYS.length - 1);
    else if (key === 45) w.speed = Math.max(w.speed - 1, 0);
    else if (key === AK.F1 + 1) game.viewsTiles(frame && frame.tiles ? 0 : 1);
    if (w.timer !== null) { clearTimeout(w.timer); w.timer = null; }
    if (!w.paused && !w.ended) w.timer = setTimeout(watchStep, WATCH_DELAYS[w.speed]);
    watchSay();
    dirty = true;
    schedule();
  }

  // ---- Starting -------------------------------------------------------------------
  relayout();
  window.addEventListener('resize', relayout);
  painter.notice(['Amulets of SDL', '', 'Loading...']);
  window.addEventListener('error', (e) => api.errors.push(String(e.message)));

  // the WebAssembly is fetched and compiled while the lock and the store open
  let store;
  const relative = (path) => (path.startsWith(HOME + '/') ? path.slice(HOME.length + 1) : null);
  const making = createAmulets({
    locateFile: (file) => file,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    onFileRenamed(from, to) {
      const rel = relative(to);
      if (rel === null) return;
      const old = relative(from);
      if (old !== null && !old.endsWith('.tmp')) store.change(old, null);
      store.change(rel, module.FS.readFile(to));
    },
    onFileRemoved(path) {
      const rel = relative(path);
      if (rel !== null && !rel.endsWith('.tmp')) store.change(rel, null);
    },
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

  try {
    store = await AmuletsStore.open((error) => {
      api.storeFailures = (api.storeFailures || 0) + (error ? 1 : 0);
      if (error) {
        say(`The game couldn't be saved in this browser's storage (${error.name}: ${error.message}). ` +
            'The last good save is kept there; the game tries again at the next save.', 'error');
      } else if (status.className === 'error') say('');
    });
  } catch (error) {
    say(`This browser's storage (IndexedDB) can't be opened (${error.name}); nothing will be saved.`, 'error');
    store = { files: async () => [], change() {}, flush: () => Promise.resolve(), failing: () => true, settled: () => Promise.resolve() };
  }
  const files = await store.files();
  api.timings = { script: api.started, files: performance.now() };
  module = await making;
  api.timings.module = performance.now();

  const FS = module.FS;
  FS.mkdirTree(HOME);
  for (const [path, bytes] of files) {
    const full = `${HOME}/${path}`;
    FS.mkdirTree(full.slice(0, full.lastIndexOf('/')));
    FS.writeFile(full, bytes);
  }
  const c = (name, ret, args) => module.cwrap(name, ret, args);
  const game = {
    open: c('web_open', 'number', ['number', 'number', 'string']), error: c('web_error', 'string', []),
    key: c('web_key', 'number', ['number']), autoGoing: c('web_auto_going', 'number', []),
    autoStep: c('web_auto_step', 'number', []), point: c('web_point', 'number', ['number', 'number', 'number']),
    click: c('web_click', 'number', ['number', 'number']), save: c('web_save', 'number', []),
    frame: c('web_frame', 'string', ['number', 'number', 'number', 'number', 'number']),
    map: c('web_map', 'number', []), tileName: c('web_tile_name', 'string', ['number']),
    digest: c('web_digest', 'string', []), replay: c('web_replay', 'number', ['string', 'number']),
    replayDigest: c('web_replay_digest', 'string', []), watch: c('web_watch', 'number', ['string']),
    watchStep: c('web_watch_step', 'number', []), watchStop: c('web_watch_stop', null, []),
    watchPlace: c('web_watch_place', 'string', []), viewsTiles: c('web_views_tiles', null, ['number']), ints: 0,
  };
  game.ints = module._web_cell_ints();
  if (!game.open(seed, Number(params.get('floor') || 1), HOME)) {
    const lines = game.error().split('\n');
    say(lines.join(' '), 'error');
    painter.notice(lines, AmuletsPaint.PAL.danger);
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

  filesList = AmuletsFiles.create(store, () => { dirty = true; schedule(); }, watch);
  window.addEventListener('keydown', onKey);
  window.addEventListener('keyup', () => { heldAfterAlarm = false; });
  canvas.addEventListener('mousemove', (e) => onMouse(e, false));
  canvas.addEventListener('mouseleave', () => after(game.point(0, 0, 0)));
  canvas.addEventListener('click', (e) => onMouse(e, true));
  // saved as the window's close saves: on whatever screen, to go on from
  function saveNow() {
    game.save();
    dirty = true;
    schedule();
    return store.flush();
  }
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') saveNow(); });
  window.addEventListener('pagehide', saveNow);

  Object.assign(api, {
    autoStepMs: params.has('fast') ? 0 : AUTO_STEP_MS,
    FS, HOME, game, store, painter, module,
    digest: () => game.digest(),
    screen: () => (frame ? frame.screen : null),
    frame: () => frame,
    // resolves once o, G or Z has stopped and the store has written
    idle: () => new Promise((resolve) => {
      if (!game.autoGoing()) resolve();
      else idleWaiters.push(resolve);
    }).then(() => store.settled()),
    press: (key) => press(key),
    watch: (text) => watch(text),
    watching: () => (watching === null ? null : { ...watching, place: game.watchPlace() }),
    save: saveNow,
    paintNow,
    // a recording (its text) played back in the page, rounds times: the
    // commands played, the seconds, and the run's digest
    replay(text, rounds) {
      FS.writeFile('/tmp/replay.txt', text);
      const started = performance.now(), commands = game.replay('/tmp/replay.txt', rounds || 1);
      return { commands, seconds: (performance.now() - started) / 1000, digest: game.replayDigest(), error: commands < 0 ? game.error() : '' };
    },
  });
  dirty = true;
  paintNow();
  api.ready = true;
})().catch((error) => {
  console.error(error);
  const status = document.getElementById('status');
  status.textContent = `The game can't start: ${error}`;
  status.className = 'error';
  status.hidden = false;
});
