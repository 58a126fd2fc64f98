// The browser killed at the page's storage writes (issue 31): the page's
// store keeps the native store's promise, 0 runs lost, 0 doubled, 0
// continued after their end. A fighter on floor 6 explores and then waits
// until a monster kills it (seed 1: the page test's death); its run is
// played once to count the page's writes (IndexedDB transactions) and
// note the run's digest after each; then, for each write chosen (every
// write of the death's, and writes spread over the play before it), the
// run is played again in a new profile and the browser killed (SIGKILL to
// the process group of the chromium this test started) the moment the
// page begins that write: the page stops at it (a synchronous request to
// this test's server, which kills the browser and never answers), so
// every write before it was begun and the ones not yet on the disk die
// with the browser, as at a crash. The browser is started again on the
// profile and the page opened; then:
//   - the records (runs/, morgue/, scores.txt) are none or one of each,
//     one only if the run's save and journal are gone (ended), none if
//     they're there (going on), and no ended.txt is left once the page
//     has started;
//   - a run going on continues (C on the title) at a state the page
//     showed at one of its writes, no earlier than the last write the
//     browser had finished before the kill (nothing lost that was kept)
//     and no later than the last begun; waiting then kills it, and its
//     records are one of each;
//   - a run with nothing kept is allowed only if no write had finished.
//   node tests/web/kill.js SITE-DIR SOURCE-DIR [PLAY-POINTS]
// PLAY-POINTS (default 8, AMULETS_WEB_KILLS): how many writes before the
// death are killed at, spread evenly. Exit 77 (a skip) where chromium or
// playwright-core is missing.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const h = require('./harness.js');

const [, , site, source, pointsArg] = process.argv;
const PLAY_POINTS = Number(pointsArg || process.env.AMULETS_WEB_KILLS || 8);
const QUERY = '?seed=1&floor=6&fast';
const KEYS = '1oooooooooo';
const WAITS = 300;   // waits at most, to die
let failures = 0, checks = 0;

function check(ok, what, detail) {
  checks += 1;
  if (ok) console.log(`ok: ${what}`);
  else {
    failures += 1;
    console.log(`FAILED: ${what}${detail ? `: ${detail}` : ''}`);
  }
}

// In the page, before its scripts: counts the writes (IndexedDB's
// readwrite transactions) as they're begun and finished; at the write
// numbered killat, stops the page and asks the test to kill the browser;
// with snaps, notes the run's digest after each write's event
function counting() {
  const q = new URLSearchParams(location.search), killAt = Number(q.get('killat') || 0);
  const w = (window.writes = { begun: 0, done: 0, snaps: [] });
  const real = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (names, mode, options) {
    if (mode !== 'readwrite') return real.call(this, names, mode, options);
    const n = (w.begun += 1);
    if (n === killAt) {
      const x = new XMLHttpRequest();
      x.open('GET', `/__kill?at=${n}&done=${w.done}`, false);
      try { x.send(); } catch (error) { /* the browser dies first */ }
    }
    const tx = real.call(this, names, mode, options);
    tx.addEventListener('complete', () => { if (n > w.done) w.done = n; });
    if (q.has('snaps')) {
      setTimeout(() => { w.snaps[n] = window.amulets && window.amulets.game ? window.amulets.digest() : ''; }, 0);
    }
    return tx;
  };
}

// What the page's store keeps: {save, journal, ended, runs, morgue, scores}
const kept = (page) => page.evaluate(async () => {
  const files = await window.amulets.store.files(), names = [...files.keys()];
  const scores = files.has('scores.txt') ? (new TextDecoder().decode(files.get('scores.txt')).match(/^\[score\]$/gm) || []).length : 0;
  return {
    save: files.has('save.txt'), journal: files.has('journal.txt'), ended: files.has('ended.txt'),
    runs: names.filter((n) => n.startsWith('runs/')).length, morgue: names.filter((n) => n.startsWith('morgue/')).length, scores,
  };
});
const told = (k) => `save ${k.save} journal ${k.journal} ended ${k.ended} runs ${k.runs} morgue ${k.morgue} scores ${k.scores}`;

async function freshProfile(own, url) {
  const blank = await own.context.newPage();
  await blank.goto(`${url}tiles/tiles.json`);
  await blank.evaluate(() => new Promise((resolve, reject) => {
    const r = indexedDB.deleteDatabase('amulets');
    r.onsuccess = resolve;
    r.onerror = () => reject(r.error);
  }));
  await blank.close();
}

// Waits until the run ends (the death screen), at most WAITS turns:
// the screen, and the writes begun before the last key
async function waitToDie(page) {
  let before = 0;
  for (let i = 0; i < WAITS; ++i) {
    if (await page.evaluate(() => window.amulets.screen()) !== 'playing') break;
    before = await page.evaluate(() => window.writes.begun);
    await h.typeKeys(page, '.');
  }
  return [await page.evaluate(() => window.amulets.screen()), before];
}

// The run played through once: the writes' count, the digests after
// each, the first write of the death's
async function dryRun(own, url) {
  await freshProfile(own, url);
  const page = await h.openGame(own.context, url, `${QUERY}&snaps`);
  await h.typeKeys(page, KEYS);
  const [screen, before] = await waitToDie(page);
  await page.evaluate(() => window.amulets.store.settled());
  await new Promise((r) => setTimeout(r, 50));
  const w = await page.evaluate(() => window.writes);
  const k = await kept(page);
  const deathFirst = before + 1;   // the fatal key's writes
  await page.close();
  check(screen === 'dead' && k.runs === 1 && k.morgue === 1 && k.scores === 1 && !k.save && !k.journal && !k.ended,
    `played through: the run dies and is kept once (${w.begun} writes, the death's from ${deathFirst})`, `${screen} ${told(k)}`);
  return { writes: w.begun, snaps: w.snaps, deathFirst };
}

async function killAt(own, url, dry, at, log) {
  await freshProfile(own, url);
  let killed = null;
  log.pending = (query) => { killed = query; };
  const page = await h.openGame(own.context, url, `${QUERY}&killat=${at}`);
  const played = (async () => {
    await h.typeKeys(page, KEYS);
    await waitToDie(page);
  })().then(() => 'played through', () => 'stopped');
  if (await Promise.race([log.dead, played]) === 'played through') {
    check(false, `killed at write ${at} of ${dry.writes}`, 'the page never began that write');
    await page.close();
    return own;
  }
  await log.dead;
  await played;
  const done = Number(killed.get('done'));
  own = await log.restart();
  const again = await h.openGame(own.context, url, QUERY);
  const first = await kept(again);
  const screen = await again.evaluate(() => window.amulets.screen());
  const what = `killed at write ${at} of ${dry.writes} (${done} finished)`;
  const live = first.save || first.journal;
  let ok = !first.ended && first.runs <= 1 && first.runs === first.morgue && first.morgue === first.scores && (live ? first.runs === 0 : true);
  let detail = `${screen}: ${told(first)}`;
  if (ok && live) {
    // going on: continued where a write left it, no earlier than the last finished
    await h.typeKeys(again, 'C');
    const digest = await again.evaluate(() => window.amulets.digest());
    const at2 = dry.snaps.lastIndexOf(digest);
    const from = dry.snaps.indexOf(digest);
    ok = from >= 0 && at2 >= done && from < at;
    detail += `; continued at write ${from}..${at2}'s state (${digest})`;
    const [end] = await waitToDie(again);
    await again.evaluate(() => window.amulets.store.settled());
    const last = await kept(again);
    ok = ok && end === 'dead' && last.runs === 1 && last.morgue === 1 && last.scores === 1 && !last.save && !last.journal && !last.ended;
    detail += `; then ${end}: ${told(last)}`;
  } else if (ok && first.runs === 0) {
    ok = done === 0 && screen === 'class';   // nothing kept: only if nothing had finished
    detail += '; nothing kept';
  }
  check(ok, what, detail);
  await again.close();
  return own;
}

(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amulets-kills-'));
  const log = {};
  let own = null;
  const server = await h.serve(site, {
    '/__kill': (query) => {
      log.pending(query.searchParams);
      own.kill().then(() => log.died());
    },
  });
  const url = server.url;
  const started = Date.now();
  try {
    own = await h.launchOwn(source, dir);
    await own.context.addInitScript(counting);
    const dry = await dryRun(own, url);
    const points = new Set();
    for (let n = dry.deathFirst; n <= dry.writes; ++n) points.add(n);
    for (let i = 1; i <= PLAY_POINTS; ++i) points.add(Math.max(1, Math.round((i * (dry.deathFirst - 1)) / (PLAY_POINTS + 1))));
    for (const at of [...points].sort((a, b) => a - b)) {
      log.dead = new Promise((resolve) => { log.died = resolve; });
      log.restart = async () => {
        own = await h.launchOwn(source, dir);
        await own.context.addInitScript(counting);
        return own;
      };
      own = await killAt(own, url, dry, at, log);
    }
  } catch (error) {
    check(false, 'the kills', String(error.stack || error));
  } finally {
    if (own) await own.close();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`${failures === 0 ? 'every kill: no run lost, doubled or continued after its end' : `kills: ${failures} of ${checks} checks failed`} ` +
    `(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  process.exit(failures === 0 ? 0 : 1);
})();
