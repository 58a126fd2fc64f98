// The online page end to end: Debian's chromium (playwright-core) against
// amulets-server on 127.0.0.1, started here with a fresh SQLite database,
// --test-seeds (a run's seed and floor from the page's address: a quick
// death) and --static (the built page):
//   node tests/online/e2e.js SITE-DIR SOURCE-DIR AMULETS-SERVER AMULETS [SHOTS-DIR]
// - the pages (online.html and the local index.html) run under the
//   server's strict Content-Security-Policy with no violation: the
//   WebAssembly starts with no eval;
// - register through the page (the recovery codes shown once), log out,
//   log in;
// - a ladder run played by keys (keyboard.press through the page) to its
//   death, every frame's checksum agreeing with the page's copy (no
//   resync); a second browser context watching live draws the same
//   frames (the same sum at the same frame); the socket dropped mid-run:
//   the page opens another and has the same state; two tabs of one
//   account still make one live game;
// - the board shows what the server computed; the run's page downloads
//   the recording, which verifies natively (amulets --verify) to the
//   server's digest;
// - a second daily attempt refused; a recovery code sets a new password
//   and logs every other session out, and works once; a cross-site POST
//   and a WebSocket from a foreign Origin refused;
// - an offline run for the board: "Play offline for the board" gets a
//   seed issued to the account and opens the local page on it; the server
//   is stopped, and the run played by keys to its death with no
//   connection; the page offers the upload (which, tried, says the server
//   can't be reached); the tab closed; the server started again on the
//   same database and port: the online page still offers it, uploads it,
//   and shows it verified, on the offline board with the figures
//   `amulets --verify` gives its recording; the same recording again
//   refused (the seed used), a forged one (tests/forged) refused with its
//   reason in the game's words; a run left for another said abandoned;
// - the password changed on the account's page: the old session's
//   requests 401, this page's still 200;
// - screenshots at 1280x760, 800x600 and 400x700 to SHOTS-DIR.
// A server without the accounts API (/api/me 404) fails each case that
// needs it: every one must run.
'use strict';
const { spawn, execFileSync } = require('child_process');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const h = require('../web/harness.js');

const [, , site, source, serverBinary, amulets, shotsArg] = process.argv;
const shots = shotsArg || '/tmp/online-shots';
const SEED = 12, FLOOR = 9, MOST_KEYS = 600;
// a ranger on seed 3, floor 1 (ranked), dies within 60 keys of o and .
// (amulets --seed 3 --class ranger --play 'o..........' repeated)
const OFFLINE_SEED = 3, OFFLINE_KEYS = 'o..........', OFFLINE_MOST_KEYS = 400;
const SIZES = { big: { width: 1280, height: 760 }, small: { width: 800, height: 600 }, phone: { width: 400, height: 700 } };
let failures = 0, checks = 0;
const skipped = [];

function check(ok, what, detail) {
  checks += 1;
  if (ok) console.log(`ok: ${what}`);
  else {
    failures += 1;
    console.log(`FAILED: ${what}${detail !== undefined ? `: ${detail}` : ''}`);
  }
}
function skipCase(what) {
  skipped.push(what);
  check(false, `${what}: the server has no accounts API (/api/me answers 404)`);
}

// ---- The server ------------------------------------------------------------------------
function startServer(dir, port) {
  const child = spawn(serverBinary, ['--address', '127.0.0.1', '--port', String(port || 0), '--database', path.join(dir, 'db.sqlite'),
    '--static', site, '--test-seeds', '--name', 'A'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server didn't start: ${err}`)), 20000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+\/)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], child, said: () => err, stop: () => new Promise((done) => {
          if (child.exitCode !== null) done(child.exitCode);
          else { child.on('exit', done); child.kill('SIGTERM'); }
        }) });
      }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`the server ended (${code}): ${err}`)); });
  });
}

// A request from outside any browser: {status, body}
function request(url, method, body, headers) {
  return new Promise((resolve, reject) => {
    const r = http.request(url, { method, headers: { 'Content-Type': 'application/json', ...(headers || {}) } }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => {
        let parsed = null;
        try { parsed = JSON.parse(text); } catch (error) { parsed = null; }
        resolve({ status: res.statusCode, body: parsed, text, headers: res.headers });
      });
    });
    r.on('error', reject);
    if (body !== undefined) r.write(typeof body === 'string' ? body : JSON.stringify(body));
    r.end();
  });
}

// ---- Pages -------------------------------------------------------------------------------
// Every page of a context counts the CSP's violations
async function newContext(browser, size) {
  const context = await browser.newContext({ viewport: size || SIZES.big, acceptDownloads: true });
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return context;
}
async function openPage(context, url) {
  const page = await context.newPage();
  page.consoleErrors = [];
  // (a status the page expects, such as /api/me's 401 or a server
  // without accounts' 404, is logged by Chromium as a failed load: not an error of the page's)
  page.on('console', (m) => { if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) page.consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => page.consoleErrors.push(String(e)));
  page.sockets = [];   // the WebSockets' addresses it opened
  page.on('websocket', (ws) => page.sockets.push(ws.url()));
  await page.goto(url);
  await page.waitForFunction(() => window.amulets && window.amulets.ready, null, { timeout: 20000 });
  return page;
}
const shot = async (page, name) => {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
};
const sums = (page) => page.evaluate(() => window.amulets.sums());
const screen = (page) => page.evaluate(() => window.amulets.screen());
async function waitFrame(page, timeout) {
  await page.waitForFunction(() => window.amulets.sums() && window.amulets.sums().ready, null, { timeout: timeout || 15000 });
}
// Waits for the page to have painted frame n or later
async function waitDrawn(page, n, timeout) {
  await page.waitForFunction((k) => window.amulets.drawn() >= k, n, { timeout: timeout || 10000 });
}

async function ownGames(url, name) {
  const r = await request(`${url}api/games`, 'GET');
  const list = Array.isArray(r.body) ? r.body : (r.body && r.body.games) || [];
  return list.filter((g) => name === undefined || g.player === name || typeof g.player === 'number');
}

// Types '.' (rest) as a person would until the death screen, each key
// answered by a frame before the next; the watcher checked on the way,
// and the socket dropped once halfway
async function playToDeath(player, watcher, url) {
  let keys = 0, dropChecked = false, watchChecked = 0;
  for (; keys < MOST_KEYS && (await screen(player)) !== 'dead'; ++keys) {
    const before = (await sums(player)).n;
    await player.keyboard.press('.');
    try {
      await player.waitForFunction((k) => window.amulets.sums().n > k || window.amulets.screen() === 'dead', before, { timeout: 5000 });
    } catch (error) { /* a key dropped after a warning changes nothing: the next goes on */ }
    await waitDrawn(player, (await sums(player)).n).catch(() => {});
    if (keys % 4 === 1 && watcher !== null) {
      const mine = await sums(player);
      await watcher.waitForFunction((k) => window.amulets.sums() && window.amulets.sums().n >= k, mine.n, { timeout: 10000 }).catch(() => {});
      const theirs = await sums(watcher);
      if (theirs.n === mine.n) {
        watchChecked += 1;
        if (theirs.mine !== mine.mine) check(false, `the watcher's frame ${theirs.n} is the player's`, `${theirs.mine} != ${mine.mine}`);
      }
    }
    if (keys === 12 && !dropChecked) {
      dropChecked = true;
      await dropAndReopen(player, watcher);
    }
  }
  check(watchChecked >= 3, 'a second browser context watching live draws the same frames (the same checksum)', `${watchChecked} frames compared`);
  return keys;
}

async function dropAndReopen(player) {
  const before = await sums(player);
  const frame = await player.evaluate(() => JSON.stringify(window.amulets.frame()));
  const drops = await player.evaluate(() => window.amulets.drops || 0);
  await player.evaluate(() => window.amulets.drop());
  await player.waitForFunction((d) => (window.amulets.drops || 0) > d, drops, { timeout: 5000 });
  await shot(player, 'game-dropped');
  await player.waitForFunction(() => window.amulets.socket.readyState === 1 && window.amulets.model.fulls >= 2, null, { timeout: 15000 });
  await waitFrame(player);
  const after = await sums(player);
  const again = await player.evaluate(() => JSON.stringify(window.amulets.frame()));
  check(after.mine === before.mine && again === frame, 'the socket closed mid-run and opened again: the same state (a full frame equal to what the page had)',
    `${before.n}:${before.mine} then ${after.n}:${after.mine}`);
  check(await player.evaluate(() => document.getElementById('status').hidden || !/dropped/.test(document.getElementById('status').textContent)),
    'the page no longer says the connection dropped once it is back');
}

// ---- The cases --------------------------------------------------------------------------------
async function cspCases(browser, url) {
  const context = await newContext(browser);
  const online = await openPage(context, `${url}online.html`);
  const local = await openPage(context, `${url}index.html?seed=3`);
  await local.waitForFunction(() => window.amulets.screen() !== null, null, { timeout: 20000 });
  for (const [name, page] of [['the online page', online], ['the local page (the WebAssembly)', local]]) {
    const violations = await page.evaluate(() => window.cspViolations);
    check(violations.length === 0 && page.consoleErrors.length === 0, `${name} runs under the strict CSP with no violation`,
      `${violations.join(' | ')} ${page.consoleErrors.join(' | ')}`);
  }
  const headers = (await request(`${url}online.html`, 'GET')).headers;
  check(/script-src 'self'/.test(headers['content-security-policy'] || '') && !/'unsafe-eval'|'unsafe-inline'/.test(headers['content-security-policy']),
    'the CSP allows no eval and no inline script', headers['content-security-policy']);
  await context.close();
}

async function register(page, name, password) {
  await page.goto(`${page.url().split('#')[0]}#/register`);
  await page.fill('#register-form input[name=name]', name);
  await page.fill('#register-form input[name=password]', password);
  await page.click('#register-form button');
  await page.waitForFunction(() => window.amulets.view === 'codes', null, { timeout: 20000 });
  const codes = await page.$$eval('#codes li', (items) => items.map((li) => li.textContent));
  return codes;
}
async function login(page, name, password) {
  await page.goto(`${page.url().split('#')[0]}#/login`);
  await page.fill('#login-form input[name=name]', name);
  await page.fill('#login-form input[name=password]', password);
  await page.click('#login-form button');
  await page.waitForFunction(() => window.amulets.view === 'lobby', null, { timeout: 20000 });
}

// ---- Offline runs for the board, and the password ---------------------------------------------
async function playLocalToDeath(page) {
  let keys = 0;
  for (; keys < OFFLINE_MOST_KEYS && (await page.evaluate(() => window.amulets.screen())) !== 'dead'; ++keys) {
    await page.keyboard.press(OFFLINE_KEYS[keys % OFFLINE_KEYS.length]);
    await page.evaluate(() => window.amulets.idle(false));
  }
  return keys;
}
function nativeVerify(text, dir) {
  const file = path.join(dir, 'offline.txt');
  fs.writeFileSync(file, text);
  try {
    return JSON.parse(execFileSync(amulets, ['--verify', file, '--ranked'], { encoding: 'utf8' }));
  } catch (error) {
    return { ok: false, said: `${error.stdout || ''}${error.stderr || ''}` };
  }
}

// The whole offline flow (the server stopped and started again on the
// same port, so the page's origin and its IndexedDB stay): the server
// started again, for the cases after
async function offlineCases(browser, server, tmp) {
  const url = server.url, port = Number(new URL(url).port);
  const name = 'olive_e2e', password = 'olive passphrase 9';
  const context = await newContext(browser);
  const page = await openPage(context, `${url}online.html?seed=${OFFLINE_SEED}&fast#/`);
  await register(page, name, password);
  await page.click('#codes-kept');
  await page.goto(`${url}online.html?seed=${OFFLINE_SEED}&fast#/me`);
  await page.waitForFunction(() => window.amulets.view === 'me' && window.amulets.offlineRuns !== undefined, null, { timeout: 10000 });
  await Promise.all([page.waitForURL(/index\.html\?seed=/, { timeout: 10000 }), page.click('#view-me .offline-start')]);
  await page.waitForFunction(() => window.amulets && window.amulets.ready, null, { timeout: 20000 });
  const seed = new URL(page.url()).searchParams.get('seed');
  const issued = (await page.evaluate(() => window.amulets.offline())).find((r) => r.seed === seed);
  check(seed === String(OFFLINE_SEED) && issued && issued.state === 'issued' && issued.token && issued.player === name,
    '"Play offline for the board": a seed issued to the account (and its token) kept in IndexedDB, the local game opened on it', JSON.stringify(issued));

  // no server: the run is the page's alone
  await server.stop();
  check((await request(`${url}api/me`, 'GET').catch(() => ({ status: 0 }))).status === 0, 'the server is stopped');
  await page.waitForFunction(() => window.amulets.screen() === 'class', null, { timeout: 20000 });
  await page.keyboard.press('3');   // a ranger
  const keys = await playLocalToDeath(page);
  check(await page.evaluate(() => window.amulets.screen()) === 'dead', `the offline run played by keys to its death with the server stopped (${keys} keys)`);
  await page.waitForFunction(() => !document.getElementById('offline-offer').hidden, null, { timeout: 10000 }).catch(() => {});
  const ended = (await page.evaluate(() => window.amulets.offline())).find((r) => r.seed === seed);
  check(ended && ended.state === 'ended' && /^# The game writes this file whole/.test(ended.recording || ''),
    "the run's recording kept apart for the upload as it ended", JSON.stringify(ended && { ...ended, recording: (ended.recording || '').slice(0, 80) }));
  check(await page.evaluate(() => !document.getElementById('offline-offer').hidden), 'the local page offers the upload at once');
  await page.click('#offline-upload');
  await page.waitForFunction(() => /can't be reached/.test(document.getElementById('offline-text').textContent), null, { timeout: 10000 })
    .then(() => check(true, 'uploading with no server says so, and keeps the run'))
    .catch(async () => check(false, 'uploading with no server says so, and keeps the run', await page.textContent('#offline-text')));
  await shot(page, 'offline-offer');
  await page.setViewportSize(SIZES.phone);
  await shot(page, 'offline-offer-phone');
  await page.close();

  // the server again, on the same database and port: the tab reopened
  const again = await startServer(tmp, port);
  check(again.url === url, 'the server started again at the same address', again.url);
  const online = await openPage(context, `${url}online.html#/`);
  await online.waitForFunction(() => !document.getElementById('offline-waiting').hidden, null, { timeout: 10000 })
    .then(() => check(true, 'the tab closed and reopened: the lobby still offers the upload'))
    .catch(() => check(false, 'the tab closed and reopened: the lobby still offers the upload'));
  await online.goto(`${url}online.html#/me`);
  await online.waitForFunction(() => window.amulets.view === 'me' && window.amulets.offlineRuns !== undefined, null, { timeout: 10000 });
  await shot(online, 'account-offline-waiting');
  await online.click('#offline-runs tbody tr button');
  // the verdict, then the table drawn from it (drawn after the verdict comes: read at once, it
  // was once still the table before, on a loaded machine)
  await online.waitForFunction(() => (window.amulets.offlineRuns || []).some((r) => r.verdict && r.verdict.state !== 'queued'), null, { timeout: 30000 }).catch(() => {});
  await online.waitForFunction(() => !/waits in this browser/.test((document.querySelector('#offline-runs tbody') || {}).textContent || ''), null, { timeout: 10000 }).catch(() => {});
  const mine = (await online.evaluate(() => window.amulets.offlineRuns)).find((r) => r.seed === seed) || {};
  const v = mine.verdict || {};
  const shown = await online.textContent('#offline-runs tbody');
  check(v.state === 'verified' && v.run > 0 && v.rank === 1 && shown.includes('number 1 on the offline board'),
    'uploaded from the page: verified, its place on the offline board shown', JSON.stringify({ v, shown }));
  await shot(online, 'account-offline-verified');
  const board = (await request(`${url}api/boards/offline`, 'GET')).body || [];
  const row = board.find((b) => b.run === v.run);
  const native = nativeVerify(mine.recording || '', tmp);
  check(row && native.ok && ['outcome', 'floor', 'amulets', 'gold', 'turns', 'digest', 'class'].every((k) => row[k] === native[k]),
    'on the offline board with the figures amulets --verify --ranked gives its recording', JSON.stringify({ row, native }));
  await online.goto(`${url}online.html#/boards/offline`);
  await online.waitForFunction(() => window.amulets.board !== undefined, null, { timeout: 10000 });
  await shot(online, 'board-offline');

  // the same seed again, and a forged recording, through the page's API
  const twice = await online.evaluate((text) => window.amulets.offline.upload(text), mine.recording);
  check(twice.state === 'refused' && twice.reason === 'seed-not-issued' && /each seed counts once/.test(twice.said),
    'a second upload of the same seed is refused, said in the game\'s words', JSON.stringify(twice));
  const forged = fs.readFileSync(path.join(source, 'tests/forged/claimed-victory.txt'), 'utf8');
  const refused = await online.evaluate((text) => window.amulets.offline.upload(text), forged);
  check(refused.state === 'refused' && refused.reason === 'wrong-end' && /doesn't reach/.test(refused.said),
    'a forged recording (tests/forged/claimed-victory.txt) uploaded through the page is refused with its reason', JSON.stringify(refused));

  // a run left for another: abandoned, never offered (the game's write of
  // a new run's replay.txt, told to the offline runs as web.js tells it)
  const left = await online.evaluate(async () => {
    const record = await AmuletsOffline.put({ seed: '99', token: 't', player: 'olive_e2e', issued: Date.now(), state: 'playing' });
    await AmuletsOffline.noteFile('replay.txt', new TextEncoder().encode('[replay]\nseed = 100\n'));
    const after = await AmuletsOffline.get(record.seed);
    await AmuletsOffline.remove(record.seed);
    return { state: after.state, said: AmuletsOffline.describe(after) };
  });
  check(left.state === 'abandoned' && /can't be uploaded/.test(left.said), 'a run left for a new one is abandoned, and said so', JSON.stringify(left));

  // the password changed on the account's page: the other session is out
  const otherContext = await newContext(browser, SIZES.phone);
  const other = await openPage(otherContext, `${url}online.html#/login`);
  await login(other, name, password);
  await online.goto(`${url}online.html#/me`);
  await online.waitForFunction(() => window.amulets.view === 'me', null, { timeout: 10000 });
  await online.fill('#password-form input[name=old]', password);
  await online.fill('#password-form input[name=new]', 'a newer passphrase 10');
  await online.click('#password-form button');
  await online.waitForFunction(() => /password is changed/.test(document.getElementById('status').textContent), null, { timeout: 20000 }).catch(() => {});
  await shot(online, 'password-changed');
  const otherSays = await other.evaluate(() => fetch('api/me').then((r) => r.status));
  const mineSays = await online.evaluate(() => fetch('api/me').then((r) => r.status));
  check(otherSays === 401 && mineSays === 200, "the password changed on the account's page: the old session's requests 401, this page's 200",
    `${otherSays}, ${mineSays}`);
  await other.goto(`${url}online.html#/login`);
  await other.fill('#login-form input[name=name]', name);
  await other.fill('#login-form input[name=password]', 'a newer passphrase 10');
  await other.click('#login-form button');
  await other.waitForFunction(() => window.amulets.view === 'me' || window.amulets.view === 'lobby', null, { timeout: 20000 }).catch(() => {});
  await other.goto(`${url}online.html#/me`);
  await other.waitForFunction(() => window.amulets.view === 'me', null, { timeout: 10000 }).catch(() => {});
  await shot(other, 'account-phone');
  await otherContext.close();
  await context.close();
  return again;
}

// Every case but the offline ones, then those (which stop the server and
// start it again): the server in the end
async function allCases(browser, server, tmp, accounts) {
  const url = server.url;
  await cspCases(browser, url);

  // a foreign page's WebSocket, from a real browser on another origin
  const foreign = await h.serve(tmp, { '/foreign.html': (u, res) => { res.writeHead(200, { 'Content-Type': 'text/html' }); res.end('<!doctype html><title>elsewhere</title>'); } });
  const other = await newContext(browser);
  const evil = await other.newPage();
  await evil.goto(`${foreign.url.replace('127.0.0.1', 'localhost').replace(/\/$/, '')}/foreign.html`);
  const opened = await evil.evaluate((target) => new Promise((resolve) => {
    const ws = new WebSocket(target);
    ws.onopen = () => resolve(true);
    ws.onerror = () => resolve(false);
    setTimeout(() => resolve(false), 5000);
  }), `${url.replace('http', 'ws')}play`);
  check(!opened, 'a WebSocket from a page of a foreign Origin is refused');
  if (accounts) {
    const r = await request(`${url}api/login`, 'POST', { name: 'nobody', password: 'whatever1' }, { Origin: 'http://evil.example' });
    check(r.status === 403, 'a cross-site POST (a foreign Origin) is refused with 403', r.status);
  } else skipCase('a cross-site POST refused');
  await other.close();
  foreign.close();

  // register, log out, log in (accounts); else the dev mode's name
  const context = await newContext(browser);
  const name = 'alice_e2e', password = 'correct horse 42';
  let base = `${url}online.html?seed=${SEED}&floor=${FLOOR}`, codes = [];
  let player;
  if (accounts) {
    player = await openPage(context, `${base}#/`);
    codes = await register(player, name, password);
    check(codes.length >= 8 && codes.every((c) => /^[A-Za-z0-9-]{8,}$/.test(c)), 'registering shows the recovery codes', codes.join(' '));
    await shot(player, 'codes');
    await player.click('#codes-kept');
    check(await player.$$eval('#codes li', (l) => l.length) === 0, 'the codes are gone from the page once kept');
    await player.click('#logout');
    await player.waitForFunction(() => window.amulets.view === 'login', null, { timeout: 10000 });
    await shot(player, 'login');
    await login(player, name, password);
    check(await player.evaluate(() => document.getElementById('who').textContent.includes('alice_e2e')), 'logging in through the page');
  } else {
    skipCase('register, see the recovery codes, log out and in');
    base = `${url}online.html?player=${name}&seed=${SEED}&floor=${FLOOR}`;
    player = await openPage(context, `${base}#/`);
  }
  await shot(player, 'lobby');

  // a ladder run, watched by a second context
  await player.goto(`${base}#/play/ladder`);
  await waitFrame(player);
  const games = await ownGames(url);
  const run = games.length > 0 ? (games[games.length - 1].game || games[games.length - 1].run) : -1;
  check(run > 0, "the new run is in the lobby", JSON.stringify(games));
  console.log(`the lobby: ${JSON.stringify(games)}`);
  const process_ = games.length > 0 ? games[games.length - 1].server : undefined;
  check(process_ === 'A', "the lobby names the process that serves the game (--name A)", JSON.stringify(games));
  const watchContext = await newContext(browser, SIZES.small);
  const watcher = await openPage(watchContext, `${url}online.html#/watch/${run}/${process_}`);
  await waitFrame(watcher);
  await shot(player, 'game');
  await shot(watcher, 'watch-small');

  // two tabs of one account: still one live game
  const second = await openPage(context, `${base}#/play`);
  await waitFrame(second);
  check(watcher.sockets.some((u) => new URL(u).pathname === '/s/A/play') &&
        second.sockets.some((u) => new URL(u).pathname === '/s/A/play'),
  "the watcher and the player's second tab reach the game's process at /s/A/play (nginx's route to it)",
  JSON.stringify({ watcher: watcher.sockets, second: second.sockets }));
  const after = await ownGames(url);
  check(after.length === 1, 'two tabs of one account still make one live game', JSON.stringify(after));
  await player.waitForFunction(() => /another page/.test(document.getElementById('status').textContent), null, { timeout: 5000 })
    .then(() => check(true, 'the first tab is told the game is played from another page'))
    .catch(() => check(false, 'the first tab is told the game is played from another page'));
  await second.close();
  await player.goto(`${base}#/`);
  await player.goto(`${base}#/play`);
  await waitFrame(player);

  const keys = await playToDeath(player, watcher, url);
  check(await screen(player) === 'dead', `a ladder run played by keys to its death (${keys} keys)`);
  const stats = await player.evaluate(() => ({ resyncs: window.amulets.resyncs, bad: window.amulets.model.badSums,
    deltas: window.amulets.model.deltas, fulls: window.amulets.model.fulls, errors: window.amulets.errors }));
  check(stats.resyncs === 0 && stats.bad === 0 && stats.deltas > keys / 2, "every frame's checksum agreed with the page's copy",
    JSON.stringify(stats));
  await shot(player, 'dead');
  await player.setViewportSize(SIZES.phone);
  await shot(player, 'dead-phone');
  await player.setViewportSize(SIZES.big);

  // the run's page: the recording downloaded verifies to the server's digest
  let state = null;
  for (let i = 0; i < 100 && !(state && state.digest); ++i) {
    state = (await request(`${url}api/runs/${run}`, 'GET')).body;
    if (!(state && state.digest)) await new Promise((r) => setTimeout(r, 100));
  }
  check(state && state.digest, "the server has the ended run's digest", `run ${run}: ${JSON.stringify(state)}`);
  await player.goto(`${base}#/run/${run}`);
  await player.waitForFunction(() => window.amulets.run !== undefined, null, { timeout: 10000 });
  await shot(player, 'run');
  const [download] = await Promise.all([player.waitForEvent('download'), player.click('#run-download')]);
  const file = path.join(tmp, 'recording.txt');
  await download.saveAs(file);
  let verified = '';
  try {
    verified = execFileSync(amulets, ['--verify', file], { encoding: 'utf8' });
  } catch (error) {
    verified = `${error.stdout || ''}${error.stderr || ''}`;
  }
  const digest = (/"digest":"([0-9a-f]+)"/.exec(verified) || [])[1];
  check(state && digest && digest === state.digest, "the recording downloaded from the run's page verifies natively to the server's digest",
    `${digest} vs ${state && state.digest}: ${verified.slice(0, 300)}`);
  const watchHref = await player.getAttribute('#run-watch', 'href');
  const replay = await openPage(context, new URL(watchHref, `${url}online.html`).href);
  await replay.waitForFunction(() => window.amulets.watching && window.amulets.watching() !== null, null, { timeout: 20000 })
    .then(() => check(true, "the run's page's recording is watched in the page"))
    .catch(async () => check(false, "the run's page's recording is watched in the page", await replay.evaluate(() => document.getElementById('status').textContent)));
  await replay.close();

  if (accounts) {
    // the board: what the server computed
    await player.goto(`${base}#/boards/ladder`);
    await player.waitForFunction(() => window.amulets.board !== undefined, null, { timeout: 10000 });
    const served = (await request(`${url}api/boards/ladder`, 'GET')).body || [];
    const shown = await player.$$eval('#board tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));
    const mine = served.find((b) => b.run === run);
    check(mine !== undefined && shown.some((r) => r[1] === String(mine.player) && r[4] === String(mine.floor) && r[7] === String(mine.turns)),
      'the board shows what the server computed for the run', JSON.stringify({ mine, shown }));
    await shot(player, 'board');
    // the daily: one attempt
    await player.goto(`${base}#/play/daily`);
    await waitFrame(player).catch(() => {});
    const again = await openPage(context, `${base}#/play/daily`);
    await again.waitForFunction(() => window.amulets.refused !== undefined || !document.getElementById('confirm').hidden, null, { timeout: 10000 }).catch(() => {});
    if (!(await again.evaluate(() => document.getElementById('confirm').hidden))) await again.click('#confirm-yes');
    await again.waitForFunction(() => window.amulets.refused !== undefined, null, { timeout: 10000 }).catch(() => {});
    check(await again.evaluate(() => window.amulets.refused !== undefined), 'a second daily attempt is refused', await again.evaluate(() => window.amulets.refused));
    await shot(again, 'daily-refused');
    await again.close();
    // a recovery code: a new password, every other session logged out, the code used up
    const elsewhere = await newContext(browser, SIZES.phone);
    const rescuer = await openPage(elsewhere, `${url}online.html#/recover`);
    await shot(rescuer, 'recover-phone');
    await rescuer.fill('#recover-form input[name=name]', name);
    await rescuer.fill('#recover-form input[name=code]', codes[0]);
    await rescuer.fill('#recover-form input[name=password]', 'a new password 7');
    await rescuer.click('#recover-form button');
    await rescuer.waitForFunction(() => window.amulets.view === 'lobby', null, { timeout: 20000 }).catch(() => {});
    check(await rescuer.evaluate(() => document.getElementById('who').textContent.includes('alice_e2e')), 'a recovery code sets a new password and logs in');
    const old = await player.evaluate(() => fetch('api/me').then((r) => r.status));
    check(old === 401, 'the recovery logged the old session out', old);
    const reuse = await request(`${url}api/recover`, 'POST', { name, code: codes[0], password: 'another one 8' }, { Origin: url.replace(/\/$/, '') });
    check(reuse.status !== 200, 'a recovery code works once', reuse.status);
    await elsewhere.close();
  } else {
    skipCase('the board shows what the server computed');
    skipCase('a second daily attempt refused');
    skipCase('recovery codes work and revoke old sessions');
  }

  // the pages at the smaller sizes, to be looked at
  for (const [size, viewport] of Object.entries(SIZES)) {
    await player.setViewportSize(viewport);
    await player.goto(`${base}#/`);
    await shot(player, `lobby-${size}`);
    await player.goto(`${base}#/login`);
    await shot(player, `login-${size}`);
  }
  await watchContext.close();
  await context.close();

  if (accounts) server = await offlineCases(browser, server, tmp);
  else skipCase('an offline run for the board; the password changed');
  return server;
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amulets-online-e2e-'));
  let server = await startServer(tmp);
  const url = server.url;
  const browser = await h.launch(source);
  try {
    const accounts = (await request(`${url}api/me`, 'GET')).status !== 404;
    console.log(accounts ? 'the server has accounts' : 'the server has no accounts API yet: its dev mode names the player');
    // AMULETS_ONLINE_ONLY=offline: the offline cases alone (working on them)
    if (process.env.AMULETS_ONLINE_ONLY === 'offline') server = await offlineCases(browser, server, tmp);
    else server = await allCases(browser, server, tmp, accounts);
  } finally {
    await browser.close();
    const status = await server.stop();
    check(status === 0 && !/Sanitizer|runtime error/.test(server.said()), 'the server ended cleanly, no sanitizer saying anything',
      `${status}: ${server.said().slice(0, 2000)}`);
    if (process.env.AMULETS_ONLINE_KEEP) console.log(`kept: ${tmp}`);   // the database and all, to look at
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(`${checks} checks, ${failures} failed, ${skipped.length} cases skipped; screenshots in ${shots}`);
  if (failures > 0) process.exit(1);
}

main().catch((error) => {
  console.log(`FAILED: ${error.stack || error}`);
  process.exit(1);
});
