// The browser killed at the page's storage writes (issue 31): the page's
// store keeps the native store's promise, 0 runs lost, 0 doubled, 0
// continued after their end, for a death and a victory. Two plays:
//   a death    a fighter on floor 6 (seed 1: the page test's) explores
//              and then waits until a monster kills it;
//   a victory  the golden replay victory-floor-3's starting save (two
//              Amulets found), put in the page's storage and continued,
//              then its commands as keys: it picks up the third.
// Each is played once to count the page's writes (IndexedDB
// transactions) and note the run's digest after each; then, for each
// write chosen (every write of the ending's, and writes spread over the
// play before it), it's played again in a new profile and the browser
// killed (SIGKILL to the process group of the chromium this test started)
// the moment the page begins that write: the page stops there (a
// synchronous request to this test's server, which never answers), and
// the browser is killed at once (the writes begun before may be on the
// disk or not, as at a crash) or, for the ending's writes, also after
// 300 ms (those before it are on the disk). The browser is started again
// on the profile and the page opened; then:
//   - the records (runs/, morgue/, scores.txt) are none or one of each,
//     one only if the run's save and journal are gone (it ended), none if
//     they're there (it goes on), and no ended.txt is left once the page
//     has started (the start finishes an ending);
//   - a run going on continues (C on the title) at a state the page
//     showed at one of its writes, no earlier than the last write the
//     browser had finished before the kill (nothing kept is lost) and
//     before the write killed at; played on to its end, its records are
//     one of each;
//   - a run with nothing kept is allowed only if no write had finished.
//   node tests/web/kill.js SITE-DIR SOURCE-DIR [PLAY-POINTS]
// PLAY-POINTS (default 8, AMULETS_WEB_KILLS): how many writes before the
// ending are killed at, spread evenly, in each play; 'quick' kills at 2
// of them and at each of the ending's writes once (at once and later by
// turns), for make test. Exit 77 (a skip) where chromium or
// playwright-core is missing.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const h = require('./harness.js');

const [, , site, source, pointsArg] = process.argv;
const QUICK = (pointsArg || process.env.AMULETS_WEB_KILLS) === 'quick';
const PLAY_POINTS = QUICK ? 2 : Number(pointsArg || process.env.AMULETS_WEB_KILLS || 8);
const WAITS = 300;   // waits at most, to die
const SETTLE_MS = 300;   // the later kill: the writes begun before are on the disk
let failures = 0, checks = 0;

function check(ok, what, detail) {
  checks += 1;
  if (ok) console.log(`ok: ${what}${detail ? ` (${detail})` : ''}`);
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
  const w = (window.writes = { begun: 0, done: 0, snaps: [], keys: [] });
  // the writes begun before each key
  window.addEventListener('keydown', () => w.keys.push(w.begun), true);
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

// The golden replay victory-floor-3's starting save as the store writes
// it (its head, the text, its mark: FNV-1a of the text, store.h), and its
// commands as the game's keys (a move by its direction, fire as f f)
function victory() {
  const lines = fs.readFileSync(path.join(source, 'tests', 'replays', 'victory-floor-3.txt'), 'utf8').split('\n');
  const block = (name) => {
    const out = [];
    for (let i = lines.indexOf(`${name} =`) + 1; lines[i].startsWith('|'); ++i) out.push(lines[i].slice(1));
    return out;
  };
  const text = `${block('start').map((l) => l.replace(/^\|/, '').replace(/\|$/, '')).join('\n')}\n`;
  let hash = 0xcbf29ce484222325n;
  for (const b of Buffer.from(text)) hash = ((hash ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  const save = '# The game writes this file whole: its last line says so.\n' + text +
    `# whole: ${Buffer.byteLength(text)} bytes, ${hash.toString(16).padStart(16, '0')}\n`;
  // a command as the keys that make it (recordings' letters, replay.c)
  const DIRS = 'kulnjbhy', KEYS = { w: '.', g: 'g', s: 's', '>': '>', f: 'ff' };
  const keys = block('commands').join(' ').split(' ').filter((t) => t && !t.startsWith('@')).map((c) => {
    const key = c[0] === 'm' ? DIRS[Number(c[1])] : KEYS[c];
    if (key === undefined) throw new Error(`victory-floor-3.txt's command ${c} has no key in kill.js`);
    return key;
  }).join('');
  return { save, keys };
}

// Waits until the run ends (the death screen), at most WAITS turns:
// the screen
async function waitToDie(page) {
  for (let i = 0; i < WAITS; ++i) {
    if (await page.evaluate(() => window.amulets.screen()) !== 'playing') break;
    await h.typeKeys(page, '.');
  }
  return page.evaluate(() => window.amulets.screen());
}

// Types keys, noting the writes begun before each: [before...]. Slowly,
// each key's digests are noted after it; else at once, which keys that
// play at once (no o, G or Z) can be
async function typeNoting(page, keys, slowly) {
  const from = await page.evaluate(() => window.writes.keys.length);
  if (slowly) await h.typeKeys(page, keys);
  else await page.keyboard.type(keys);
  await page.evaluate(() => window.amulets.idle(false));
  return page.evaluate((n) => window.writes.keys.slice(n), from);
}

const DEATH = {
  name: 'a death', query: '?seed=1&floor=6&fast', end: 'dead',
  async prepare() {},
  async play(page) {
    await h.typeKeys(page, '1oooooooooo');
    const before = [];
    for (let i = 0; i < WAITS && await page.evaluate(() => window.amulets.screen()) === 'playing'; ++i) {
      before.push(...await typeNoting(page, '.', true));
    }
    return before[before.length - 1] + 1;   // the fatal key's first write
  },
  // from a continued run: to its end
  finish: (page) => waitToDie(page),
};

function victoryPlay() {
  const won = victory();
  return {
    name: 'a victory', query: '?seed=5&fast', end: 'won', keys: won.keys,
    // the save put in the page's storage
    prepare: (context, url) => h.seed(context, url, 2, ['files', 'log'],
      `[['files', 'save.txt', new TextEncoder().encode(${JSON.stringify(won.save)})]]`),
    async play(page, slowly) {
      await h.typeKeys(page, 'C');
      const before = await typeNoting(page, won.keys, slowly);
      if (slowly) this.before = before;
      return before[before.length - 1] + 1;
    },
    // from a continued run at write w's state: the keys after the one
    // that made it
    async finish(page, w) {
      let key = this.before.length - 1;
      while (key > 0 && this.before[key] >= w) --key;
      await page.keyboard.type(won.keys.slice(key + 1));
      await page.evaluate(() => window.amulets.idle());
      return page.evaluate(() => window.amulets.screen());
    },
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

// The play played through once: the writes' count, the digests after
// each, the first write of the ending's
async function dryRun(own, url, play) {
  await h.forget(own.context, url);
  await play.prepare(own.context, url);
  const page = await h.openGame(own.context, url, `${play.query}&snaps`);
  const endFirst = await play.play(page, true);
  const screen = await page.evaluate(() => window.amulets.screen());
  await page.evaluate(() => window.amulets.store.settled());
  await new Promise((r) => setTimeout(r, 50));
  const w = await page.evaluate(() => window.writes);
  const k = await kept(page);
  await page.close();
  check(screen === play.end && k.runs === 1 && k.morgue === 1 && k.scores === 1 && !k.save && !k.journal && !k.ended,
    `${play.name} played through: it ends and is kept once, ${w.begun} writes, the ending's from ${endFirst}`, `${screen}: ${told(k)}`);
  return { writes: w.begun, snaps: w.snaps, endFirst };
}

async function killAt(own, url, play, dry, at, later, log) {
  await h.forget(own.context, url);
  await play.prepare(own.context, url);
  let killed = null;
  log.pending = (query) => { killed = query; };
  log.delay = later ? SETTLE_MS : 0;
  const page = await h.openGame(own.context, url, `${play.query}&killat=${at}`);
  const played = play.play(page, false).then(() => 'played through', () => 'stopped');
  const what = `${play.name}: killed at write ${at} of ${dry.writes}${later ? ` ${SETTLE_MS} ms after it began` : ''}`;
  if (await Promise.race([log.dead, played]) === 'played through') {
    check(false, what, 'the page never began that write');
    await page.close();
    return own;
  }
  await log.dead;
  await played;
  const done = later ? at - 1 : Number(killed.get('done'));
  own = await log.restart();
  const again = await h.openGame(own.context, url, play.query);
  const first = await kept(again);
  const screen = await again.evaluate(() => window.amulets.screen());
  const live = first.save || first.journal;
  let ok = !first.ended && first.runs <= 1 && first.runs === first.morgue && first.morgue === first.scores && (live ? first.runs === 0 : true);
  let detail = `${screen}: ${told(first)}`;
  if (ok && live) {
    // going on: continued where a write left it, no earlier than the last finished
    await h.typeKeys(again, 'C');
    const digest = await again.evaluate(() => window.amulets.digest());
    const last = dry.snaps.lastIndexOf(digest), from = dry.snaps.indexOf(digest);
    ok = from >= 0 && last >= Math.min(done, dry.endFirst - 1) && from < at;
    detail += `; continued at write ${from}${last > from ? `..${last}` : ''}'s state`;
    const end = await play.finish(again, last);
    await again.evaluate(() => window.amulets.store.settled());
    const after = await kept(again);
    ok = ok && end === play.end && after.runs === 1 && after.morgue === 1 && after.scores === 1 && !after.save && !after.journal && !after.ended;
    detail += `; then ${end}: ${told(after)}`;
  } else if (ok && first.runs === 0) {
    ok = done === 0;   // nothing kept: only if nothing had finished
    detail += '; nothing kept';
  }
  check(ok, `${what}, ${done} finished`, detail);
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
      setTimeout(() => own.kill().then(() => log.died()), log.delay);
    },
  });
  const url = server.url;
  const started = Date.now();
  log.restart = async () => {
    own = await h.launchOwn(source, dir);
    await own.context.addInitScript(counting);
    return own;
  };
  try {
    own = await log.restart();
    for (const play of [DEATH, victoryPlay()]) {
      const dry = await dryRun(own, url, play);
      const points = [];
      for (let i = 1; i <= PLAY_POINTS; ++i) points.push([Math.max(1, Math.round((i * (dry.endFirst - 1)) / (PLAY_POINTS + 1))), false]);
      for (let n = dry.endFirst; n <= dry.writes; ++n) {
        if (!QUICK || (n - dry.endFirst) % 2 === 0) points.push([n, false]);
        if (!QUICK || (n - dry.endFirst) % 2 === 1) points.push([n, true]);
      }
      for (const [at, later] of points) {
        log.dead = new Promise((resolve) => { log.died = resolve; });
        own = await killAt(own, url, play, dry, at, later, log);
      }
    }
  } catch (error) {
    check(false, 'the kills', String(error.stack || error));
  } finally {
    if (own) await own.close();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`${failures === 0 ? `every kill (${checks - 2}): no run lost, doubled or continued after its end` : `kills: ${failures} of ${checks} checks failed`} ` +
    `(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  process.exit(failures === 0 ? 0 : 1);
})();
