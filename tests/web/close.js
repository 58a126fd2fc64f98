// Closing the page never loses the run (issue 31): real closes, not a
// synthetic event. Each try plays a new run for a few keys (moves, waits,
// searches, exploring: 3 to 14 of them, from a seed of its own), and the
// moment the last key's turn is on the screen the page goes away:
//   close        page.close(): the tab closed (no beforeunload)
//   close-asked  page.close({runBeforeUnload: true}): beforeunload, then
//                the tab closed
//   reload       the page reloaded
//   away         the tab navigated away (to about:blank)
//   kill         the whole browser killed (SIGKILL to the chromium this
//                test started, its process group) and started again on
//                the same profile folder
// Then the page is opened again and the run continued from the title (C):
// it must be the run at its last command, the digest the page showed
// before the close (and so its turn and hit points). No key waits for the
// store to finish writing: what the page wrote as each command was made is
// all there is.
//   node tests/web/close.js SITE-DIR SOURCE-DIR [TRIES]
// TRIES (default 20, AMULETS_WEB_TRIES) tries of each way; prints each way's
// count of runs found at their last command. Exit 77 (a skip) where
// chromium or playwright-core is missing.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const h = require('./harness.js');

const [, , site, source, triesArg] = process.argv;
const TRIES = Number(triesArg || process.env.AMULETS_WEB_TRIES || 20);
const KINDS = (process.env.AMULETS_WEB_CLOSES || 'close,close-asked,reload,away,kill').split(',');
const VIEWPORT = { width: 1000, height: 640 };
const MOVES = 'hjklyubn..ssho';

// A try's keys: from its own small generator, so a failure can be replayed
function keysFor(n) {
  let x = (n * 2654435761) >>> 0;
  const next = () => { x = (x * 1103515245 + 12345) >>> 0; return x >>> 16; };
  const count = 3 + (next() % 12);
  let keys = '';
  for (let i = 0; i < count; ++i) keys += MOVES[next() % MOVES.length];
  return keys;
}

// What the page shows of the run: its digest, screen, turn and hit points
const shown = (page) => page.evaluate(() => {
  const a = window.amulets, f = a.frame();
  const panel = f && f.panel ? f.panel.map((l) => l[1]) : [];
  return {
    screen: a.screen(), digest: a.digest(),
    turn: (panel.find((t) => /^Turn \d+$/.test(t)) || '').slice(5),
    hp: panel.find((t) => /^\d+\/\d+$/.test(t)) || '',
  };
});

// Plays keys; the last one's turn is painted and the loop idle, but the
// store's writes are not waited for
async function play(page, keys) {
  await h.typeKeys(page, '1' + keys.slice(0, -1));
  await page.keyboard.press(keys[keys.length - 1]);
  await page.evaluate(() => window.amulets.idle(false));
  await page.evaluate(() => { window.amulets.paintNow(); });
  return shown(page);
}

// Back on the game after the close: the title, and C continues
async function continued(page) {
  const first = await shown(page);
  if (first.screen !== 'title') return { ...first, lost: `the page opened on ${first.screen}, not the title` };
  await h.typeKeys(page, 'C');
  await page.evaluate(() => window.amulets.paintNow());
  return shown(page);
}

const same = (a, b) => a.screen === b.screen && a.digest === b.digest && a.turn === b.turn && a.hp === b.hp;
const told = (s) => `${s.screen} turn ${s.turn} at ${s.hp} (${s.digest})${s.lost ? `: ${s.lost}` : ''}`;

async function closeTry(browser, url, kind, n) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const query = `?seed=${1000 + n}&fast`;
    let page = await h.openGame(context, url, query);
    const before = await play(page, keysFor(n));
    if (kind === 'close') await page.close();
    else if (kind === 'close-asked') await page.close({ runBeforeUnload: true });
    else if (kind === 'reload') await page.reload({ waitUntil: 'commit' });
    else if (kind === 'away') await page.goto('about:blank');
    if (kind === 'reload') {
      await page.waitForFunction(() => window.amulets && window.amulets.ready, null, { timeout: 20000 });
    } else {
      if (kind === 'close-asked') await page.waitForEvent('close');
      page = await h.openGame(context, url, query);
    }
    const after = await continued(page);
    return { before, after };
  } finally {
    await context.close();
  }
}

async function killTries(url, tries, result) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amulets-kill-'));
  let own = await h.launchOwn(source, dir);
  try {
    for (let n = 0; n < tries; ++n) {
      await h.forget(own.context, url);   // a new run each try
      let page = await h.openGame(own.context, url, `?seed=${2000 + n}&fast`);
      const before = await play(page, keysFor(1000 + n));
      await own.kill();
      own = await h.launchOwn(source, dir);
      page = await h.openGame(own.context, url, `?seed=${2000 + n}&fast`);
      const after = await continued(page);
      result(n, { before, after });
      await page.close();
    }
  } finally {
    await own.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

(async () => {
  const server = await h.serve(site);
  const counts = {};
  let failures = 0;
  const result = (kind) => (n, { before, after }) => {
    const ok = same(before, after);
    counts[kind].kept += ok ? 1 : 0;
    counts[kind].tries += 1;
    if (!ok) {
      failures += 1;
      console.log(`FAILED: ${kind} try ${n} (keys ${keysFor(kind === 'kill' ? 1000 + n : n)}): ` +
        `before ${told(before)}, after ${told(after)}`);
    }
  };
  try {
    const browser = KINDS.some((k) => k !== 'kill') ? await h.launch(source) : null;
    for (const kind of KINDS) {
      counts[kind] = { kept: 0, tries: 0 };
      const started = Date.now();
      try {
        if (kind === 'kill') await killTries(server.url, TRIES, result(kind));
        else for (let n = 0; n < TRIES; ++n) result(kind)(n, await closeTry(browser, server.url, kind, n));
      } catch (error) {
        failures += 1;
        console.log(`FAILED: ${kind}: ${error.stack || error}`);
      }
      const c = counts[kind];
      console.log(`${c.kept === c.tries && c.tries === TRIES ? 'ok' : 'FAILED'}: ${kind}: ` +
        `${c.kept} of ${c.tries} runs at their last command (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    if (browser) await browser.close();
  } finally {
    server.close();
  }
  console.log(failures === 0 ? 'closing the page: every run kept' : `closing the page: ${failures} failures`);
  process.exit(failures === 0 ? 0 : 1);
})();
