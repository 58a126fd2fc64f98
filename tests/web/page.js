// The game's page in headless Chromium (Debian's, driven by
// playwright-core), against the native program:
//   node tests/web/page.js SITE-DIR SOURCE-DIR AMULETS [SHOTS-DIR]
// - the page loads with no console error, on the class choice;
// - 1 there starts a fighter;
// - keys typed on the keyboard (letters, digits, arrows, the keypad, Esc,
//   Tab, F2, Ctrl-P) play the run the native scripted runner plays for
//   the same seed and keys: the same digest;
// - a run saved with Esc S (the game left: the page says it's closed,
//   and a key starts it again on the title), and one saved when the page
//   is hidden, go on after a reload (the save came back out of
//   IndexedDB) as the straight run does, and the recording the page kept
//   verifies natively (real closes are close.js's);
// - a native recording plays back in the page to the native digest;
// - a second tab on the same save is told the run is played elsewhere;
// - storage full (a QuotaExceededError injected) keeps the old save in
//   IndexedDB and says so; with the storage back, what failed is written
//   again by itself, and the page says the storage works;
// - the death screen names the record as the Files list does
//   (Files/morgue/NAME.txt), and it downloads from there;
// - screenshots of the class choice, the glyph view, the tile view, a
//   dialog, the death screen, the Files list, the two tabs' and the
//   storage's messages go to SHOTS-DIR (default /tmp/web-shots), at
//   1280x760 and at 800x480 (NAME-small.png), to be looked at.
// Exit 77 (a skip) where chromium or playwright-core is missing.
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const h = require('./harness.js');

const [, , site, source, amulets, shotsArg] = process.argv;
const shots = shotsArg || '/tmp/web-shots';
const VIEWPORT = { width: 1280, height: 760 }, SMALL = { width: 800, height: 480 };
let failures = 0, checks = 0;

function check(ok, what, detail) {
  checks += 1;
  if (ok) console.log(`ok: ${what}`);
  else {
    failures += 1;
    console.log(`FAILED: ${what}${detail ? `: ${detail}` : ''}`);
  }
}

// The native runner's digest for these arguments
function native(...args) {
  const out = execFileSync(amulets, args, { encoding: 'utf8' });
  const m = /^digest ([0-9a-f]{16})$/m.exec(out);
  return m ? m[1] : `no digest in: ${out.slice(-300)}`;
}

const digest = (page) => page.evaluate(() => window.amulets.digest());
const screen = (page) => page.evaluate(() => window.amulets.screen());
const settled = (page) => page.evaluate(() => window.amulets.store.settled());
const idbFile = (page, name) => page.evaluate(async (file) => {
  const found = (await window.amulets.store.files()).get(file);
  return found ? new TextDecoder().decode(found) : null;
}, name);

// A keyboard's worth of keys, native spelling: moving by letters, the
// arrows and the keypad, waiting, looking (x, Esc), the pack (i, Esc),
// help (?), the history (Ctrl-P), the tile view (F2), exploring (o)
const KEYS = 'hhjjkkll<left><left><up><right><down><down><down><kp4><kp6><kp8><kp8><kp2><kp7><kp3><kp3>.s.sxkk<esc>i<esc>?<esc><ctrl_p><esc><f2>oooooooo<f2>ooooo';

async function loads(browser, url) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await h.openGame(context, url, '?seed=3&fast');
  check(await screen(page) === 'class', 'the page starts on the class choice', await screen(page));
  await h.typeKeys(page, '1');
  const frame = await page.evaluate(() => window.amulets.frame());
  check(frame.screen === 'playing' && frame.panel.some((l) => l[1] === 'Fighter'),
    '1 on the class choice starts a fighter', JSON.stringify(frame.panel.slice(0, 3)));
  // the mouse on the player's cell looks there: the look panel shows
  const at = await page.evaluate(() => {
    const a = window.amulets, v = a.painter.view(a.frame()), map = a.game.map() >> 2, dpr = a.painter.layout.dpr;
    let player = -1;
    for (let i = 0; i < 64 * 36 && player < 0; ++i) {
      if (a.module.HEAP32[map + i * a.game.ints + 1] === '@'.charCodeAt(0)) player = i;
    }
    return player < 0 ? null : [(v.ox + (player % 64 + 0.5) * v.cw) / dpr, (v.oy + (Math.floor(player / 64) + 0.5) * v.ch) / dpr];
  });
  if (at !== null) await page.mouse.move(at[0], at[1]);
  await page.evaluate(() => window.amulets.paintNow());
  const looked = await page.evaluate(() => { const f = window.amulets.frame(); return f.panel.slice(f.look).map((l) => l[1]); });
  check(at !== null && looked.length > 0, 'the mouse on the player looks there (the look panel)', JSON.stringify(looked));
  check(page.consoleErrors.length === 0, 'the page loads with no console error', page.consoleErrors.join(' | '));
  await context.close();
}

async function sameRun(browser, url) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await h.openGame(context, url, '?seed=21&fast');
  await h.typeKeys(page, '1' + KEYS);
  const want = native('--seed', '21', '--play', KEYS, '--digest');
  check(await digest(page) === want, 'keys typed in the page play the native run (seed 21)', `${await digest(page)} != ${want}`);
  check(page.consoleErrors.length === 0, 'no console error while playing', page.consoleErrors.join(' | '));
  await context.close();
}

async function reloadContinues(browser, url) {
  const first = 'ooooooooo', then = 'ooooooooooo';
  const straight = native('--seed', '38', '--play', first + then, '--digest');
  const mid = native('--seed', '38', '--play', first, '--digest');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amulets-web-'));
  // saved by Esc S: back on the title; a reload offers to continue
  let context = await browser.newContext({ viewport: VIEWPORT });
  let page = await h.openGame(context, url, '?seed=38&fast');
  await h.typeKeys(page, '1' + first + '<esc>S');
  await settled(page);
  const left = await page.evaluate(() => [window.amulets.screen(), window.amulets.closedLines()]);
  check(left[0] === 'closed' && left[1].includes('Your run is saved in this browser: continue it from the title.'),
    'Esc S saves and leaves the game: the page says it is closed, and the run saved', JSON.stringify(left));
  await page.screenshot({ path: path.join(shots, 'closed.png') });
  await h.typeKeys(page, 'x');
  check(await screen(page) === 'title', 'a key starts the game again, on the title', await screen(page));
  const recording = await idbFile(page, 'replay.txt');
  check(recording !== null && (await idbFile(page, 'save.txt')) !== null, 'the save and its recording are in IndexedDB');
  // downloaded from the page's Files list
  await page.click('#files-button');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#files a:text-is("replay.txt")')]);
  await download.saveAs(path.join(tmp, 'replay.txt'));
  const want = native('--seed', '38', '--play', first + '<esc>S', '--digest');
  check(fs.readFileSync(path.join(tmp, 'replay.txt'), 'utf8') === recording &&
    native('--replay', path.join(tmp, 'replay.txt'), '--digest') === want,
    'the recording downloaded from the page verifies natively', want);
  await page.screenshot({ path: path.join(shots, 'files.png') });
  await page.keyboard.press('Escape');
  await page.reload();
  await page.waitForFunction(() => window.amulets && window.amulets.ready);
  check(await screen(page) === 'title', 'after a reload the title offers the save');
  await h.typeKeys(page, 'C' + then);
  check(await digest(page) === straight, 'the continued run goes on as the straight run', `${await digest(page)} != ${straight}`);
  await context.close();

  // saved when the page is hidden (as on closing the tab), mid-run
  context = await browser.newContext({ viewport: VIEWPORT });
  page = await h.openGame(context, url, '?seed=38&fast');
  await h.typeKeys(page, '1' + first);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await settled(page);
  const hidden = await page.evaluate(() => [window.amulets.screen(), window.amulets.digest()]);
  check(hidden[0] === 'playing' && hidden[1] === mid,
    'hiding the page (another tab) leaves the run in play where it was', JSON.stringify(hidden));
  await page.reload();
  await page.waitForFunction(() => window.amulets && window.amulets.ready);
  await h.typeKeys(page, 'C' + then);
  check(await digest(page) === straight, 'a run saved on hiding the page goes on after a reload as the straight run',
    `${await digest(page)} != ${straight}`);
  check(page.consoleErrors.length === 0, 'no console error over the reloads', page.consoleErrors.join(' | '));
  await context.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}

async function nativeRecording(browser, url) {
  const dir = path.join(source, 'tests', 'replays');
  const file = fs.readdirSync(dir).filter((f) => f.endsWith('.txt')).sort()[0];
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  const want = native('--replay', path.join(dir, file), '--digest');
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await h.openGame(context, url, '?seed=1');
  const got = await page.evaluate((t) => window.amulets.replay(t, 1), text);
  check(got.digest === want && got.commands > 0, `the native recording ${file} plays back in the page`, JSON.stringify(got));
  // and is watched, uploaded on the Files list, at the fastest speed
  await page.click('#files-button');
  await page.setInputFiles('#files-upload', path.join(dir, file));
  for (let i = 0; i < 6; ++i) await page.keyboard.press('+');
  await page.waitForFunction(() => window.amulets.watching() && window.amulets.watching().ended, null, { timeout: 60000 });
  const watched = await page.evaluate(() => [window.amulets.watching(), document.getElementById('status').textContent]);
  check(!watched[0].error && /the end/.test(watched[1]), `${file} uploaded is watched to its end`, JSON.stringify(watched));
  await page.evaluate(() => window.amulets.paintNow());
  await page.screenshot({ path: path.join(shots, 'watch.png') });
  await page.keyboard.press('Escape');
  // the key is taken on the page's next frame, which a loaded machine may be slow to run
  const stopped = () => window.amulets.watching() === null && window.amulets.screen() === 'class';
  await page.waitForFunction(stopped, null, { timeout: 10000 }).catch(() => {});
  check(await page.evaluate(stopped), 'Esc stops watching: back on the class choice',
    JSON.stringify(await page.evaluate(() => [window.amulets.screen(), window.amulets.watching()])));
  check(page.consoleErrors.length === 0, 'no console error while watching', page.consoleErrors.join(' | '));
  await context.close();
}

async function twoTabs(browser, url) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const one = await h.openGame(context, url, '?seed=4&fast');
  const two = await h.openGame(context, url, '?seed=4&fast');
  const told = await two.evaluate(() => [window.amulets.elsewhere === true, document.getElementById('status').textContent]);
  check(told[0] && /played elsewhere/.test(told[1]), 'a second tab on the save is told the run is played elsewhere', told[1]);
  await two.screenshot({ path: path.join(shots, 'elsewhere.png') });
  await two.setViewportSize(SMALL);
  await two.screenshot({ path: path.join(shots, 'elsewhere-small.png') });
  await one.close();
  await two.reload();
  await two.waitForFunction(() => window.amulets && window.amulets.ready);
  const after = await two.evaluate(() => [window.amulets.elsewhere === true, window.amulets.screen()]);
  check(!after[0] && after[1] === 'class', 'once the first tab is closed, the second plays', JSON.stringify(after));
  await context.close();
}

async function quota(browser, url) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await h.openGame(context, url, '?seed=9&fast');
  await h.typeKeys(page, '1oooooo<esc>Sx');
  await settled(page);
  const old = await idbFile(page, 'save.txt');
  await h.typeKeys(page, 'C');
  const continued = await digest(page);
  const full = () => page.evaluate(() => {
    const real = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
    window.amulets.storageBack = () => { IDBObjectStore.prototype.put = real; };
  });
  await full();
  await h.typeKeys(page, 'oooooo<esc>S');
  await settled(page);
  const said = await page.evaluate(() => document.getElementById('status').textContent);
  check(/QuotaExceededError/.test(said) && /kept only in this page/.test(said), 'storage full: the page says the writes failed', said);
  await page.screenshot({ path: path.join(shots, 'quota.png') });
  await page.setViewportSize(SMALL);
  await page.screenshot({ path: path.join(shots, 'quota-small.png') });
  await page.setViewportSize(VIEWPORT);
  check(await idbFile(page, 'save.txt') === old, 'storage full: the old save is untouched in IndexedDB');
  await page.reload();
  await page.waitForFunction(() => window.amulets && window.amulets.ready);
  await h.typeKeys(page, 'C');
  check(await digest(page) === continued, 'after a reload the old save continues', `${await digest(page)} != ${continued}`);
  // storage back: what failed is written again, with no key pressed, and
  // the page says so
  await full();
  await h.typeKeys(page, 'ooo');
  const latest = await digest(page);
  await h.typeKeys(page, '<esc>S');
  await page.evaluate(() => window.amulets.storageBack());
  await page.waitForFunction(() => !window.amulets.store.failing(), null, { timeout: 15000 }).catch(() => {});
  const saved = await page.evaluate(() => [document.getElementById('status').textContent, window.amulets.store.failing()]);
  check(/storage works again/.test(saved[0]) && !saved[1],
    'storage back: what failed is written again, and the page says the storage works', JSON.stringify(saved));
  await page.reload();
  await page.waitForFunction(() => window.amulets && window.amulets.ready);
  await h.typeKeys(page, 'C');
  check(await digest(page) === latest, 'storage back: after a reload the save made while it was full continues',
    `${await digest(page)} != ${latest}`);
  await context.close();
}

// The screens to be looked at, in a browser of this size (suffix on
// the files' names)
async function screenshots(browser, url, viewport, suffix) {
  fs.mkdirSync(shots, { recursive: true });
  const shot = (page, name) => page.screenshot({ path: path.join(shots, `${name}${suffix}.png`) });
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  let page = await h.openGame(context, url, '?seed=3&fast');
  await shot(page, 'class');
  await h.typeKeys(page, '1oooooooooooo');
  await shot(page, 'glyphs');
  await h.typeKeys(page, '<f2>');
  await page.waitForFunction(() => window.amulets.tilesLoaded || window.amulets.tilesMissing);
  await page.evaluate(() => window.amulets.paintNow());
  await shot(page, 'tiles');
  await h.typeKeys(page, 'i');
  await shot(page, 'dialog');
  await context.close();
  if (suffix === '') {
    const hidpi = await browser.newContext({ viewport: { width: 900, height: 560 }, deviceScaleFactor: 2 });
    page = await h.openGame(hidpi, url, '?seed=3&fast');
    await h.typeKeys(page, '1oooo');
    await page.screenshot({ path: path.join(shots, 'hidpi.png') });
    await hidpi.close();
  }
  const deep = await browser.newContext({ viewport });
  page = await h.openGame(deep, url, '?seed=1&floor=6&fast');
  await h.typeKeys(page, '1oooooooooo' + '.'.repeat(80));
  check(await screen(page) === 'dead', `a fighter on floor 6 waiting dies: the death screen (${viewport.width}x${viewport.height})`, await screen(page));
  await shot(page, 'death');
  // the record's place as the page's Files list names it, not a path
  // of the WebAssembly's
  const morgue = 'morgue/000001-seed-1-floor-6-dead.txt';
  const rows = await page.evaluate(() => window.amulets.frame().dialog.lines.map((l) => l[0]));
  const at = rows.indexOf('The record of this run is in');
  check(at >= 0 && rows[at + 1] === `Files/${morgue}`, `the death screen says the record is in Files/${morgue}`, JSON.stringify(rows));
  await settled(page);
  await page.click('#files-button');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#files a:text-is("${morgue}")`)]);
  const record = fs.readFileSync(await download.path(), 'utf8');
  check(/Killed by a wolf/.test(record) && record.includes('Files/runs/000001-seed-1-floor-6-dead.txt'),
    `${morgue} is on the Files list, naming its recording there`, record.slice(-200));
  await shot(page, 'files-death');
  await deep.close();
  console.log(`screenshots in ${shots}: class, glyphs, tiles, dialog, death, files-death${suffix}`);
}

(async () => {
  fs.mkdirSync(shots, { recursive: true });
  const browser = await h.launch(source);
  const server = await h.serve(site);
  try {
    const shotsBig = function screenshotsBig(b, u) { return screenshots(b, u, VIEWPORT, ''); };
    const shotsSmall = function screenshotsSmall(b, u) { return screenshots(b, u, SMALL, '-small'); };
    for (const test of [loads, sameRun, reloadContinues, nativeRecording, twoTabs, quota, shotsBig, shotsSmall]) {
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
  console.log(failures === 0 ? `the page: ${checks} checks passed` : `the page: ${failures} of ${checks} checks failed`);
  process.exit(failures === 0 ? 0 : 1);
})();
