// The page opens the game as the window and the terminal do (loop.h's
// loop_frontend_open): the player's keys.txt and options.txt, kept among
// the page's files in IndexedDB, are read as the game starts; and the
// page shows a flight, as the other frontends do.
//   node tests/web/config.js SITE-DIR SOURCE-DIR AMULETS
// - keys.txt and options.txt put in IndexedDB (as an earlier visit's Files
//   page kept them): the rebinding takes (w walks east: the native run of
//   l), options.txt's view is the view the game starts in;
// - an arrow shot (options.txt's flight_delay = 300): the page's frames
//   during the shot show it a cell at a time, east, each drawn on the
//   canvas in the arrow's colour at its cell; then none is in the air;
// - the Files page: keys.txt edited there and kept (in IndexedDB), its
//   mistakes said; read when the game starts again (Esc S, a key), not
//   before; an options.txt uploaded is kept too, and another file isn't;
//   the view the game is left in is kept in options.txt, as the window's.
// Exit 77 (a skip) where chromium or playwright-core is missing.
'use strict';
const { execFileSync } = require('child_process');
const h = require('./harness.js');

const [, , site, source, amulets] = process.argv;
const VIEWPORT = { width: 1280, height: 760 };
let failures = 0, checks = 0;

function check(ok, what, detail) {
  checks += 1;
  if (ok) console.log(`ok: ${what}`);
  else {
    failures += 1;
    console.log(`FAILED: ${what}${detail ? `: ${detail}` : ''}`);
  }
}

function native(...args) {
  const out = execFileSync(amulets, args, { encoding: 'utf8' });
  const m = /^digest ([0-9a-f]{16})$/m.exec(out);
  return m ? m[1] : `no digest in: ${out.slice(-300)}`;
}

const digest = (page) => page.evaluate(() => window.amulets.digest());
const screen = (page) => page.evaluate(() => window.amulets.screen());
const idbFile = (page, name) => page.evaluate(async (file) => {
  await window.amulets.store.settled();
  const found = (await window.amulets.store.files()).get(file);
  return found ? new TextDecoder().decode(found) : null;
}, name);

// keys.txt and options.txt as an earlier visit kept them
async function seedConfig(context, url, keys, options) {
  await h.forget(context, url);
  const files = JSON.stringify({ 'keys.txt': keys, 'options.txt': options });
  await h.seed(context, url, 2, ['files', 'log'],
    `Object.entries(${files}).map(([k, v]) => ['files', k, new TextEncoder().encode(v)])`);
}

// The frame now, and what the canvas shows at the flight's first cell:
// how many of its pixels are the flight's colour
const FLIGHT_NOW = () => {
  const a = window.amulets, f = a.frame();
  if (!f.flight) return { flight: null };
  const v = a.painter.view(f), [x, y] = f.flight.cells[0];
  const data = document.getElementById('screen').getContext('2d').getImageData(v.ox + x * v.cw, v.oy + y * v.ch, v.cw, v.ch).data;
  const c = f.flight.color >>> 0, want = [c >>> 24, (c >>> 16) & 255, (c >>> 8) & 255];
  let pixels = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i] - want[0]) + Math.abs(data[i + 1] - want[1]) + Math.abs(data[i + 2] - want[2]) < 40) pixels += 1;
  }
  return { flight: { glyph: String.fromCharCode(f.flight.glyph), cells: f.flight.cells }, pixels };
};

// The player's cell on the map, from the page's own cells
const PLAYER = () => {
  const a = window.amulets, map = a.game.map() >> 2;
  for (let i = 0; i < 64 * 36; ++i) {
    if (a.module.HEAP32[map + i * a.game.ints + 1] === '@'.charCodeAt(0)) return [i % 64, Math.floor(i / 64)];
  }
  return null;
};

async function readAtStart(browser, url) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await seedConfig(context, url, '# mine\n[keys]\neast = w\n', '[options]\nview = tiles\nflight_delay = 300\n');
  const page = await h.openGame(context, url, '?seed=5');
  check(await screen(page) === 'class', 'the page starts on the class choice', await screen(page));
  await h.typeKeys(page, '3');
  const frame = await page.evaluate(() => window.amulets.frame());
  check(frame.screen === 'playing' && frame.tiles === true, "options.txt's view: the game starts in the tile view",
    JSON.stringify({ screen: frame.screen, tiles: frame.tiles }));
  const before = await page.evaluate(PLAYER);
  await h.typeKeys(page, 'w');
  const after = await page.evaluate(PLAYER);
  check(before !== null && after !== null && after[0] === before[0] + 1 && after[1] === before[1],
    "keys.txt's east = w: w walks east", JSON.stringify([before, after]));
  const want = native('--seed', '5', '--class', 'ranger', '--play', 'l', '--digest');
  check(await digest(page) === want, "w plays the native run of the default keys' l", `${await digest(page)} != ${want}`);
  await shotFlight(page, after);
  check(page.consoleErrors.length === 0, 'no console error', page.consoleErrors.join(' | '));
  await context.close();
}

// f, the cursor three cells east (w, keys.txt's east), f: the frames the
// page paints while the arrow flies, read as they come
async function shotFlight(page, at) {
  await h.typeKeys(page, 'fwww');
  await page.keyboard.press('f');
  const seen = [];
  const started = Date.now();
  while (Date.now() - started < 4000) {
    const now = await page.evaluate(FLIGHT_NOW);
    if (now.flight === null) {
      if (seen.length > 0) break;
    } else if (seen.length === 0 || seen[seen.length - 1].cells[0][0] !== now.flight.cells[0][0]) {
      seen.push({ cells: now.flight.cells, glyph: now.flight.glyph, pixels: now.pixels });
    }
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  const xs = seen.map((s) => s.cells[0][0]);
  check(xs.length === 3 && xs.every((x, i) => x === at[0] + 1 + i) && seen.every((s) => s.cells[0][1] === at[1]),
    "the arrow's flight, a cell east on each frame the page paints (flight_delay = 300)", JSON.stringify(seen));
  check(seen.length > 0 && seen.every((s) => s.pixels > 0), "each frame's arrow drawn on the canvas in its colour, at its cell",
    JSON.stringify(seen.map((s) => s.pixels)));
  await page.evaluate(() => window.amulets.idle());
  const landed = await page.evaluate(() => window.amulets.frame());
  check(!landed.flight && landed.screen === 'playing', 'then none is in the air', JSON.stringify(landed.flight));
}

async function filesPage(browser, url) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await h.forget(context, url);
  const page = await h.openGame(context, url, '?seed=5&fast');
  await h.typeKeys(page, '3');
  const start = await page.evaluate(PLAYER);
  // keys.txt edited on the Files page, from the game's own
  await page.click('#files-button');
  await page.click('#edit-keys');
  const shown = await page.inputValue('#config-text');
  check(/\[keys\]/.test(shown) && /east/.test(shown), "keys.txt to edit starts from the game's own, documented", shown.slice(0, 120));
  await page.fill('#config-text', '[keys]\neast = w\nnorth = banana\n');
  await page.click('#config-keep');
  await page.waitForFunction(() => /is kept/.test(document.getElementById('config-said').textContent));
  const said = await page.textContent('#config-said');
  check(/keys\.txt is kept/.test(said) && /keys\.txt:3: 'banana' isn't a key/.test(said),
    'kept, its mistake said with its line', said);
  check(await idbFile(page, 'keys.txt') === '[keys]\neast = w\nnorth = banana\n', 'keys.txt is in IndexedDB as edited');
  check((await page.textContent('#files ul')).includes('keys.txt'), 'and on the Files list');
  // an upload: options.txt is kept; another file is refused
  await page.setInputFiles('#config-upload', { name: 'options.txt', mimeType: 'text/plain', buffer: Buffer.from('[options]\nview = tiles\n') });
  await page.waitForFunction(() => /options\.txt is kept/.test(document.getElementById('config-said').textContent));
  check(await idbFile(page, 'options.txt') === '[options]\nview = tiles\n', 'an options.txt uploaded is kept in IndexedDB');
  await page.setInputFiles('#config-upload', { name: 'save.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await page.waitForFunction(() => /not save\.txt/.test(document.getElementById('config-said').textContent));
  check(await idbFile(page, 'save.txt') === null, 'a save.txt uploaded there is refused');
  await page.keyboard.press('Escape');
  // read once, as the game starts: not before it starts again
  await h.typeKeys(page, 'w');
  check(JSON.stringify(await page.evaluate(PLAYER)) === JSON.stringify(start), "w isn't east yet: the game read keys.txt as it started");
  check((await page.evaluate(() => window.amulets.frame())).tiles === false, "nor options.txt's view");
  await h.typeKeys(page, '<esc>S');
  await h.typeKeys(page, 'x');   // the game started again, on the title
  check(await screen(page) === 'title', 'a key starts the game again, on the title', await screen(page));
  await h.typeKeys(page, 'C');
  const frame = await page.evaluate(() => window.amulets.frame());
  check(frame.tiles === true, "started again: options.txt's view", String(frame.tiles));
  const back = await page.evaluate(PLAYER);
  await h.typeKeys(page, 'w');
  const after = await page.evaluate(PLAYER);
  check(back !== null && after !== null && after[0] === back[0] + 1, 'started again: w walks east', JSON.stringify([back, after]));
  // the view left in is kept in options.txt, as the window keeps it
  await h.typeKeys(page, '<f2><esc>Sx');
  check(/view = glyphs/.test(await idbFile(page, 'options.txt') || ''), 'F2, then leaving the game: options.txt keeps the glyph view',
    await idbFile(page, 'options.txt'));
  await h.typeKeys(page, 'C');
  check((await page.evaluate(() => window.amulets.frame())).tiles === false, 'and the game started again is in it');
  check(page.consoleErrors.length === 0, 'no console error', page.consoleErrors.join(' | '));
  await context.close();
}

(async () => {
  const browser = await h.launch(source);
  const server = await h.serve(site);
  try {
    for (const test of [readAtStart, filesPage]) {
      try {
        await test(browser, server.url);
      } catch (error) {
        check(false, test.name, String(error.stack || error));
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(failures === 0 ? `the page's config and flights: ${checks} checks passed`
    : `the page's config and flights: ${failures} of ${checks} checks failed`);
  process.exit(failures === 0 ? 0 : 1);
})();
