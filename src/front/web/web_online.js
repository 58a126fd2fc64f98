// The page's online mode (online.html; docs/web.md, docs/server.md): an
// account (log in, register with recovery codes shown once, recover), the
// lobby of live games, a game played or watched over the server's
// WebSocket, the boards and each run's page. The game's screen is the
// server's frames (web_wire.js: full, then deltas, each checksummed; a
// disagreement asks for a full frame) painted by the local page's own
// painter (web_paint.js). A key goes with the number of the last frame
// painted ("seen"), so one typed ahead of a warning is dropped as the
// native game drops it. A socket that drops is opened again after a
// wait that doubles (to 8 s), and the server's full frame puts the screen
// back as it was.
//   online.html#/                 the lobby
//   online.html#/play             my game (#/play/ladder, #/play/daily,
//                                 #/play/practice/DATE start one)
//   online.html#/watch/RUN[/SERVER] watch a live run (on the process SERVER)
//   online.html#/boards/ladder, #/boards/daily[/DATE], #/boards/offline
//   online.html#/run/RUN          a run's page
//   online.html#/login, #/register, #/recover
//   online.html#/me               my account: runs played offline for the
//                                 board (web_offline.js), the password
//   ?player=NAME  a server without accounts (make serve before them, the
//                 tests): the page names its player (docs/server.md's dev mode)
//   ?seed=N&floor=N  a new run's seed and floor, and an offline run's seed
//                 (a server started --test-seeds takes them: the tests)
// window.amulets is for the tests: the frame model, what was sent, the socket.
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const canvas = $('screen'), status = $('status');
  const painter = AmuletsPaint.create(canvas);
  const api = (window.amulets = { mode: 'online', ready: false, errors: [], sent: [], resyncs: 0, dropped: 0, paints: 0 });
  window.addEventListener('error', (e) => api.errors.push(String(e.message)));

  // who: {name} logged in, null logged out; accounts: false on a server
  // without them (the dev mode: ?player=NAME names the page's player)
  let who = null, accounts = true, me = null;

  function say(text, kind) {
    status.textContent = text;
    status.className = kind || '';
    status.hidden = text === '';
    if (current === 'game') relayout();
  }

  // ---- The server's JSON API ------------------------------------------------------
  // {status, body}: body the parsed JSON (or null); a failed fetch is
  // status 0 with the browser's reason
  async function call(method, path, body) {
    const init = { method, credentials: 'same-origin', headers: {} };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    try {
      const r = await fetch(path, init);
      const text = await r.text();
      let parsed = null;
      try { parsed = text ? JSON.parse(text) : null; } catch (error) { parsed = null; }
      return { status: r.status, body: parsed, text };
    } catch (error) {
      return { status: 0, body: null, text: String(error) };
    }
  }
  const why = (r, fallback) => (r.body && r.body.error) || (r.status === 429
    ? 'Too many tries: wait a minute, then try again.' : r.status === 0
      ? "The server can't be reached: check your connection." : fallback);

  async function whoAmI() {
    const r = await call('GET', 'api/me');
    if (r.status === 200 && r.body) {
      accounts = true;
      me = r.body;
      who = { name: r.body.name };
    } else if (r.status === 401) {
      accounts = true;
      me = null;
      who = null;
    } else {
      // no accounts on this server (404): the dev mode names the player
      accounts = false;
      me = null;
      who = params.has('player') ? { name: params.get('player') } : null;
    }
    $('who').textContent = who ? `You are ${who.name}` : '';
    $('logout').hidden = !(who && accounts);
    $('nav-login').hidden = !!who || !accounts;
    $('nav-play').hidden = !who;
    $('nav-me').hidden = !(who && accounts);
  }

  // ---- Views ----------------------------------------------------------------------
  let current = null;
  function show(view) {
    document.querySelectorAll('.view').forEach((v) => { v.hidden = v.id !== `view-${view}`; });
    if (view !== 'game') leaveGame();
    current = view;
    api.view = view;
  }

  async function route() {
    const parts = location.hash.replace(/^#\/?/, '').split('/').filter((p) => p !== '').map(decodeURIComponent);
    const [first, second, third] = parts;
    say('');
    if (first === 'login' || first === 'register' || first === 'recover') return show(first);
    if (first === 'boards') return board(second || 'ladder', third);
    if (first === 'run') return runPage(second);
    if (first === 'me') return who && accounts ? accountPage() : needLogin();
    if (first === 'watch') return startGame({ watch: Number(second), server: third });
    if (first === 'play') {
      if (who && accounts) await whoAmI();   // which process has my game now (me.server)
      if (!who) return needLogin();
      if (second === undefined) return startGame({ play: true });
      return startGame({ play: true, start: { mode: second, date: third } });
    }
    return lobby();
  }
  function needLogin() {
    if (accounts) {
      location.hash = '#/login';
      say('Log in first, or make an account.', 'note');
    } else {
      show('lobby');
      say('This server has no accounts yet: open the page with ?player=NAME to play as NAME.', 'error');
    }
  }
  function go(hash) {
    if (location.hash === hash) route();
    else location.hash = hash;
  }

  // ---- Accounts -------------------------------------------------------------------
  function form(id, handler) {
    const f = $(id);
    f.addEventListener('submit', async (e) => {
      e.preventDefault();
      const said = f.querySelector('.said'), button = f.querySelector('button');
      said.textContent = '';
      button.disabled = true;
      try {
        const error = await handler(Object.fromEntries(new FormData(f).entries()));
        said.textContent = error || '';
        if (!error) f.reset();
      } finally {
        button.disabled = false;
      }
    });
  }
  form('login-form', async (v) => {
    const r = await call('POST', 'api/login', { name: v.name, password: v.password });
    if (r.status !== 200) return why(r, r.status === 401 ? "That name and password don't match an account." : `The server answered ${r.status}.`);
    await whoAmI();
    go('#/');
    return null;
  });
  form('register-form', async (v) => {
    const r = await call('POST', 'api/register', { name: v.name, password: v.password });
    if (r.status === 409) return 'That name is taken: choose another.';
    if (r.status !== 200 || !r.body) return why(r, `The server answered ${r.status}.`);
    await whoAmI();
    const list = $('codes');
    list.textContent = '';
    (r.body.recovery || []).forEach((code) => {
      const li = document.createElement('li');
      li.textContent = code;
      list.append(li);
    });
    api.recovery = (r.body.recovery || []).slice();
    show('codes');
    return null;
  });
  $('codes-kept').addEventListener('click', () => {
    $('codes').textContent = '';   // shown once: gone from the page too
    go('#/');
  });
  form('recover-form', async (v) => {
    const r = await call('POST', 'api/recover', { name: v.name, code: v.code.trim(), password: v.password });
    if (r.status !== 200) return why(r, r.status === 401 || r.status === 400 ? "That code doesn't open that account." : `The server answered ${r.status}.`);
    await whoAmI();
    go('#/');
    say('Your new password is set, and every other place you were logged in is logged out.', 'note');
    return null;
  });
  $('logout').addEventListener('click', async () => {
    await call('POST', 'api/logout');
    await whoAmI();
    go('#/login');
  });

  // ---- The lobby ------------------------------------------------------------------
  // Either the accounts' list ([{game, player, class, ...}]) or the first
  // server's ({games: [{run, player, viewers, events}]})
  function gamesOf(body) {
    const list = Array.isArray(body) ? body : body && Array.isArray(body.games) ? body.games : [];
    return list.map((g) => ({
      game: g.game !== undefined ? g.game : g.run, player: g.player, class: g.class || '', floor: g.floor,
      turns: g.turns !== undefined ? g.turns : g.events, mode: g.mode || '', watchers: g.watchers !== undefined ? g.watchers : g.viewers,
    }));
  }
  function cell(row, text) {
    const td = document.createElement('td');
    if (text instanceof Node) td.append(text);
    else td.textContent = text === undefined || text === null ? '' : String(text);
    row.append(td);
  }
  function link(text, href) {
    const a = document.createElement('a');
    a.textContent = text;
    a.href = href;
    return a;
  }

  async function lobby() {
    show('lobby');
    $('lobby-hello').textContent = who ? `Welcome back, ${who.name}.`
      : accounts ? 'Log in to play; anyone may watch.' : 'This server has no accounts yet: anyone may watch.';
    $('lobby-start').hidden = !who;
    if (who && accounts) {
      const daily = me && me.daily;
      $('start-daily').disabled = !!(daily && daily.played);
      $('daily-said').textContent = !daily ? ''
        : daily.played ? `You have played today's daily (${daily.date}): one attempt a day.`
          : `Today's daily (${daily.date}): the same dungeon for everyone, one attempt.`;
      const yesterday = new Date(Date.now() - 86400000).toISOString().slice(0, 10);
      $('practice-date').max = yesterday;
      if (!$('practice-date').value) $('practice-date').value = yesterday;
    }
    $('start-daily').hidden = $('practice-form').hidden = $('start-offline').hidden = !accounts;
    $('offline-waiting').hidden = true;
    if (who && accounts) {
      offlineRuns().then((runs) => { $('offline-waiting').hidden = !runs.some((r) => r.state === 'ended'); });
    }
    const r = await call('GET', 'api/games');
    const games = r.status === 200 ? gamesOf(r.body) : [];
    api.lobby = games;
    const body = $('lobby-games').tBodies[0];
    body.textContent = '';
    for (const g of games) {
      const row = document.createElement('tr');
      [g.player, g.class, g.floor, g.turns, g.mode, g.watchers].forEach((t) => cell(row, t));
      cell(row, link('Watch', `#/watch/${g.game}${g.server ? `/${encodeURIComponent(g.server)}` : ''}`));
      body.append(row);
    }
    $('lobby-games').hidden = games.length === 0;
    $('lobby-none').hidden = games.length > 0;
    if (r.status !== 200) say(`The lobby can't be read now (the server answered ${r.status}).`, 'error');
  }
  $('start-ladder').addEventListener('click', () => go('#/play/ladder'));
  $('idle-ladder').addEventListener('click', () => go('#/play/ladder'));
  $('start-daily').addEventListener('click', () => go('#/play/daily'));
  $('continue').addEventListener('click', () => go('#/play'));
  $('practice-form').addEventListener('submit', (e) => {
    e.preventDefault();
    go(`#/play/practice/${$('practice-date').value}`);
  });

  // ---- My account: offline runs and the password --------------------------------------
  // This account's offline runs kept in this browser (web_offline.js)
  async function offlineRuns() {
    try {
      return (await AmuletsOffline.all()).filter((r) => who && r.player === who.name).sort((a, b) => b.issued - a.issued);
    } catch (error) {
      say(`This browser's storage can't be read, so offline runs can't be kept: ${error.message || error}`, 'error');
      return [];
    }
  }
  // A seed issued to the account, kept, and the local game opened on it
  // (the tests' server takes ?seed=N)
  async function startOffline() {
    const record = await AmuletsOffline.ask('', who.name, params.has('seed') ? params.get('seed') : undefined);
    if (record.error) {
      say(record.error, 'error');
      return;
    }
    api.offlineSeed = record.seed;
    location.href = `index.html?seed=${record.seed}${params.has('fast') ? '&fast' : ''}`;
  }
  document.querySelectorAll('.offline-start').forEach((b) => b.addEventListener('click', async () => {
    b.disabled = true;
    try { await startOffline(); } finally { b.disabled = false; }
  }));

  function button(text, action) {
    const b = document.createElement('button');
    b.textContent = text;
    b.addEventListener('click', async () => {
      b.disabled = true;
      try { await action(); } finally { b.disabled = false; }
      if (current === 'me') showOfflineRuns();
    });
    return b;
  }
  // what the last try from this page met, by seed (the server unreachable)
  const told = new Map();
  const tell = (record) => told.set(record.seed, record.said || '');
  // what may be done with a run: upload it, look again, play or forget it
  function offlineActions(record) {
    const v = record.verdict || {};
    if (record.state === 'ended') return [button('Upload it', async () => tell(await AmuletsOffline.upload('', record)))];
    if (record.state === 'uploaded' && v.state === 'queued') {
      return [button('Look again', async () => tell(await AmuletsOffline.refresh('', record, 3000)))];
    }
    if (record.state === 'uploaded' && v.state === 'verified' && v.run) return [link('Its page', `#/run/${v.run}`)];
    if (record.state === 'issued' || record.state === 'playing') return [link('Play it', `index.html?seed=${record.seed}`)];
    return [button('Forget it', () => AmuletsOffline.remove(record.seed))];
  }
  async function showOfflineRuns() {
    const runs = await offlineRuns();
    api.offlineRuns = runs;
    const body = $('offline-runs').tBodies[0];
    body.textContent = '';
    for (const record of runs) {
      const row = document.createElement('tr');
      cell(row, record.seed);
      cell(row, `${new Date(record.issued).toISOString().slice(0, 16).replace('T', ' ')} UTC`);
      const said = told.get(record.seed);
      cell(row, `${AmuletsOffline.describe(record)}${said ? ` ${said}` : ''}`);
      row.lastChild.className = 'offline-state';
      const actions = document.createElement('td');
      offlineActions(record).forEach((a) => actions.append(a));
      row.append(actions);
      body.append(row);
    }
    $('offline-runs').hidden = runs.length === 0;
    $('offline-none').hidden = runs.length > 0;
    return runs;
  }
  async function accountPage() {
    show('me');
    $('me-title').textContent = `Your account: ${who.name}`;
    $('me-said').textContent = me && me.state === 'held' ? 'Your account is held: it can\'t start runs until an admin releases it.' : '';
    const runs = await showOfflineRuns();
    // uploads the server was still checking: their verdicts now
    const checking = runs.filter((r) => r.state === 'uploaded' && (!r.verdict || r.verdict.state === 'queued'));
    if (checking.length > 0) {
      await Promise.all(checking.map(async (r) => tell(await AmuletsOffline.refresh('', r, 5000))));
      if (current === 'me') await showOfflineRuns();
    }
  }
  form('password-form', async (v) => {
    const r = await call('POST', 'api/password', { old: v.old, new: v.new });
    if (r.status === 401) return "That isn't your password now (or you were logged out): nothing changed.";
    if (r.status !== 200) return why(r, `The server answered ${r.status}.`);
    say('Your password is changed, and every other place you were logged in is logged out.', 'note');
    return null;
  });

  // ---- The boards and a run's page --------------------------------------------------
  async function board(kind, date) {
    show('boards');
    if (!['ladder', 'daily', 'offline'].includes(kind)) kind = 'ladder';
    let day = date;
    if (kind === 'daily' && !day) {
      const d = await call('GET', 'api/daily');
      day = d.status === 200 && d.body && d.body.date ? d.body.date : new Date().toISOString().slice(0, 10);
    }
    $('board-title').textContent = kind === 'ladder' ? 'The ladder' : kind === 'offline' ? 'Runs played offline'
      : `The daily of ${day}`;
    $('board-date-form').hidden = kind !== 'daily';
    if (day) $('board-date').value = day;
    const r = await call('GET', kind === 'daily' ? `api/boards/daily/${day}` : `api/boards/${kind}`);
    const rows = r.status === 200 && Array.isArray(r.body) ? r.body : [];
    api.board = rows;
    const body = $('board').tBodies[0];
    body.textContent = '';
    for (const b of rows) {
      const row = document.createElement('tr');
      cell(row, b.rank);
      cell(row, link(String(b.player), `#/run/${b.run}`));
      [b.class, b.outcome, b.floor, b.amulets, b.gold, b.turns, when(b.ended)].forEach((t) => cell(row, t));
      body.append(row);
    }
    $('board').hidden = rows.length === 0;
    $('board-said').textContent = r.status !== 200 ? `This board can't be read now (the server answered ${r.status}).`
      : rows.length === 0 ? 'No run has ended here yet.' : '';
  }
  $('board-date-form').addEventListener('submit', (e) => {
    e.preventDefault();
    go(`#/boards/daily/${$('board-date').value}`);
  });

  // a time the server gives in seconds since 1970, as a reader reads it
  function when(value) {
    if (typeof value !== 'number' || value < 1e9) return value;
    return `${new Date(value * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
  const FACT_NAMES = { run: 'Run', player: 'Player', class: 'Class', mode: 'Mode', day: 'Day', state: 'State',
    outcome: 'Outcome', floor: 'Floor', amulets: 'Amulets', gold: 'Gold', turns: 'Turns', events: 'Moves', digest: 'Digest',
    started: 'Started', ended: 'Ended', verified: 'Verified by the server', struck: 'Struck from the boards', date: 'Day', seed: 'Seed' };
  async function runPage(id) {
    show('run');
    const n = Number(id);
    const r = await call('GET', `api/runs/${n}`);
    const facts = $('run-facts'), morgue = $('run-morgue');
    facts.textContent = '';
    morgue.textContent = '';
    if (r.status !== 200 || !r.body) {
      api.run = null;
      $('run-title').textContent = `Run ${n}`;
      say(r.status === 404 ? "There's no such run." : `The run can't be read now (the server answered ${r.status}).`, 'error');
      return;
    }
    const run = r.body;
    api.run = run;
    $('run-title').textContent = `Run ${n}${run.player !== undefined ? ` by ${run.player}` : ''}`;
    for (const [key, value] of Object.entries(run)) {
      if (value === null || typeof value === 'object' || FACT_NAMES[key] === undefined) continue;
      const dt = document.createElement('dt'), dd = document.createElement('dd');
      dt.textContent = FACT_NAMES[key];
      dd.textContent = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(when(value));
      facts.append(dt, dd);
    }
    const record = run.morgue || run.record || run.morgue_record || '';
    morgue.textContent = typeof record === 'string' ? record : JSON.stringify(record, null, 2);
    morgue.hidden = morgue.textContent === '';
    const recording = `api/runs/${n}/recording`;
    $('run-download').href = recording;
    $('run-download').download = `amulets-run-${n}.txt`;
    $('run-watch').href = `index.html?watch=${encodeURIComponent(`/${recording}`)}`;
  }

  // ---- A game over the socket -------------------------------------------------------
  // One socket at a time: what it is for (play or watch), the frame
  // model, and the wait before it is opened again after a drop
  let link_ = null;
  const BACKOFF_FIRST = 500, BACKOFF_MOST = 8000;

  // /s/NAME/play reaches the process NAME that serves the game (nginx
  // routes it there, or to another once NAME is gone: the game comes back
  // there from its events); the lobby names a watched game's process and
  // /api/me the player's own. A page that knows none takes /play
  function socketUrl(server) {
    const path = server ? `/s/${encodeURIComponent(server)}/play` : '/play';
    return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
  }

  function startGame(what) {
    show('game');
    $('confirm').hidden = $('idle').hidden = true;
    link_ = { what, model: AmuletsWire.create(), ws: null, wait: BACKOFF_FIRST, timer: null, id: 0, drawn: 0,
      frame: null, closing: false, started: false, lastPoint: null };
    api.model = link_.model;
    relayout();
    painter.notice(['Amulets of SDL', '', 'Connecting to the server...']);
    open();
  }

  function leaveGame() {
    if (link_ === null) return;
    const l = link_;
    link_ = null;
    l.closing = true;
    if (l.timer !== null) clearTimeout(l.timer);
    if (l.ws !== null) l.ws.close(1000, 'the page left the game');
  }

  function send(message) {
    if (link_ === null || link_.ws === null || link_.ws.readyState !== WebSocket.OPEN) return false;
    const text = JSON.stringify(message);
    api.sent.push(message);
    if (api.sent.length > 200) api.sent.splice(0, 100);
    link_.ws.send(text);
    return true;
  }

  function open() {
    const l = link_;
    const ws = new WebSocket(socketUrl(l.what.watch !== undefined ? l.what.server : me && me.server));
    l.ws = ws;
    api.socket = ws;
    ws.onopen = () => {
      if (l !== link_) return;
      l.model.ready = false;
      if (l.what.watch !== undefined) send({ t: 'watch', game: l.what.watch });
      else {
        send(accounts ? { t: 'play' } : { t: 'play', player: who.name });
        sendRoom();
        if (l.what.start && !l.started) startRun(false);
      }
    };
    ws.onmessage = (e) => { if (l === link_) take(l, e.data); };
    ws.onclose = () => {
      if (l !== link_ || l.closing) return;
      l.ws = null;
      const seconds = Math.round(l.wait / 100) / 10;
      say(`The connection to the server dropped: trying again in ${seconds} s. Nothing of your game is lost.`, 'error');
      api.drops = (api.drops || 0) + 1;
      l.timer = setTimeout(() => { l.timer = null; if (l === link_) open(); }, l.wait);
      l.wait = Math.min(l.wait * 2, BACKOFF_MOST);
    };
  }

  // the run the page was opened to start: its mode (and day), once
  function startRun(abandon) {
    const l = link_, s = l.what.start;
    const message = { t: 'new' };
    if (accounts) {
      message.mode = s.mode === 'daily' || s.mode === 'practice' ? s.mode : 'ladder';
      if (s.mode === 'practice' && s.date) message.date = s.date;
    }
    // the tests' seed and floor, for a ladder run only (the daily's is the day's)
    if (!accounts || message.mode === 'ladder') {
      if (params.has('seed')) message.seed = Number(params.get('seed'));
      if (params.has('floor')) message.floor = Number(params.get('floor'));
    }
    if (abandon) message.abandon = true;
    l.started = true;
    send(message);
  }

  function take(l, data) {
    let m;
    try { m = JSON.parse(data); } catch (error) { return; }
    if (m.t === 'full' || m.t === 'frame') {
      const result = l.model.apply(m);
      if (result === 'resync') {
        if (!l.resyncing) {
          l.resyncing = true;
          api.resyncs += 1;
          send({ t: 'resync' });
        }
        return;
      }
      if (m.t === 'full') {
        l.resyncing = false;
        l.wait = BACKOFF_FIRST;   // back in step: the next drop waits little again
        if (status.className === 'error' && /connection/.test(status.textContent)) say('');
        $('idle').hidden = true;
      }
      if (result === 'ok') schedule();
      return;
    }
    if (m.t === 'ack') {
      if (m.dropped) api.dropped += 1;
      return;
    }
    if (m.t === 'idle') {
      if (l.what.start) return;   // a new run was asked for: its frame comes next
      $('idle-text').textContent = m.text || 'You have no game in play: start a new one.';
      $('idle').hidden = false;
      painter.notice(['Amulets of SDL']);
      return;
    }
    if (m.t === 'confirm') {
      $('confirm').hidden = false;
      return;
    }
    if (m.t === 'refused') {
      say(m.text || 'The server refused that.', 'error');
      api.refused = m.text;
      return;
    }
    if (m.t === 'notice') {
      say(m.text || '', 'note');
      return;
    }
    if (m.t === 'left') {
      l.left = true;
      api.left = true;
      painter.notice(['Amulets of SDL', '', m.text || 'You have left the game.', '',
        'Press any key to go back to it, or go to the lobby.']);
    }
  }
  $('confirm-yes').addEventListener('click', () => {
    $('confirm').hidden = true;
    if (link_ !== null && link_.what.start) startRun(true);
  });
  $('confirm-no').addEventListener('click', () => {
    $('confirm').hidden = true;
    if (link_ !== null) link_.what.start = null;
    go('#/play');
  });

  // ---- Painting: the model, at the next animation frame ------------------------------
  let painting = false;
  function schedule() {
    if (painting) return;
    painting = true;
    requestAnimationFrame(() => {
      painting = false;
      paintNow();
    });
  }
  function paintNow() {
    const l = link_;
    if (l === null || !l.model.ready) return;
    l.frame = l.model.frame();
    painter.paint(l.frame, l.model.cells, l.model.ints, l.model.tileName);
    l.drawn = l.model.n;
    api.paints += 1;
  }

  function relayout() {
    if (current !== 'game' && link_ === null) return;
    const top = $('bar').offsetHeight, foot = status.hidden ? 0 : status.offsetHeight;
    painter.relayout(window.innerWidth, Math.max(120, window.innerHeight - top - foot), window.devicePixelRatio || 1);
    sendRoom();
    paintNow();
  }
  // the player's page says how much room it has: every viewer's frames
  // are of that room (docs/server.md)
  function sendRoom() {
    if (link_ === null || link_.what.watch !== undefined) return;
    const r = painter.room();
    const most = [200, 200, 64, 400, 200];   // msg.c's ranges
    send({ t: 'room', room: [r.panelColumns, r.panelRows, r.logRows, r.columns, r.rows].map((n, i) => Math.max(1, Math.min(n, most[i]))) });
  }

  // ---- Keys and the mouse -------------------------------------------------------------
  function onKey(e) {
    if (current !== 'game' || link_ === null || link_.what.watch !== undefined) return;
    if (e.target instanceof HTMLInputElement || !$('confirm').hidden) return;
    const key = AmuletsKeys.keyOf(e);
    if (key === 0) return;
    e.preventDefault();
    if (link_.left) {
      link_.left = false;
      send(accounts ? { t: 'play' } : { t: 'play', player: who.name });
      return;
    }
    send({ t: 'key', key, seen: link_.drawn, id: ++link_.id });
  }
  function cellOf(e) {
    if (link_ === null || link_.frame === null) return null;
    const r = canvas.getBoundingClientRect();
    return painter.cellAt(link_.frame, e.clientX - r.left, e.clientY - r.top);
  }
  canvas.addEventListener('mousemove', (e) => {
    if (link_ === null || link_.what.watch !== undefined) return;
    const c = cellOf(e), key = c === null ? null : `${c[0]},${c[1]}`;
    if (key === link_.lastPoint) return;
    link_.lastPoint = key;
    send(c === null ? { t: 'unpoint' } : { t: 'point', x: c[0], y: c[1] });
  });
  canvas.addEventListener('click', (e) => {
    if (link_ === null || link_.what.watch !== undefined) return;
    const c = cellOf(e);
    if (c !== null) send({ t: 'click', x: c[0], y: c[1] });
  });

  // ---- Starting -----------------------------------------------------------------------
  Object.assign(api, {
    painter,
    frame: () => (link_ !== null && link_.model.ready ? link_.model.frame() : null),
    screen: () => {
      const f = api.frame();
      return f ? f.screen || f.view : null;
    },
    drawn: () => (link_ !== null ? link_.drawn : 0),
    // the page's own sum of what it holds, and the server's last
    sums: () => (link_ !== null ? { n: link_.model.n, mine: link_.model.sum(), ready: link_.model.ready } : null),
    // the socket dropped as a network drop would (the page opens another)
    drop: () => { if (link_ !== null && link_.ws !== null) link_.ws.close(4000, 'dropped by the test'); },
    // the offline runs kept here; a recording's text uploaded as this page
    // uploads one, and the server's verdict ({state, reason?, run?, rank?})
    offline: {
      runs: offlineRuns,
      async upload(text) {
        const sent = await AmuletsOffline.send('', text);
        if (sent.error) return sent;
        const v = await AmuletsOffline.settle('', sent.upload);
        return { ...v, said: v.reason ? AmuletsOffline.reasonText(v.reason) : '' };
      },
    },
    whoAmI,
  });
  window.addEventListener('keydown', onKey);
  window.addEventListener('resize', relayout);
  window.addEventListener('hashchange', route);
  whoAmI().then(route).then(() => { api.ready = true; }).catch((error) => {
    console.error(error);
    say(`The page can't start: ${error}`, 'error');
  });
})();
