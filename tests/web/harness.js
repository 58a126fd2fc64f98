// What the browser tests share: a static server for the built page (the
// site folder of make web), Debian's chromium driven by playwright-core
// (no browser download), and the skip (exit 77, a skip in ctest) where
// any of them is missing.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const http = require('http');
const path = require('path');

const CHROMIUM = process.env.AMULETS_CHROMIUM || '/usr/bin/chromium';
const SKIP = 77;

function skip(why) {
  console.log(`SKIP: ${why}`);
  process.exit(SKIP);
}

function playwright(source) {
  try {
    return require(path.join(source, 'node_modules', 'playwright-core'));
  } catch (error) {
    return skip(`playwright-core isn't installed in ${source}/node_modules (npm ci there), so the browser tests can't run`);
  }
}

const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json',
  '.png': 'image/png', '.data': 'application/octet-stream', '.txt': 'text/plain',
};

// Serves dir on 127.0.0.1 at a free port: {url, close()}; routes: a path
// ('/__kill') -> handler(url, response) of the test's own
function serve(dir, routes) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost');
    if (routes && routes[url.pathname]) {
      routes[url.pathname](url, response);
      return;
    }
    const file = path.join(dir, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    const target = url.pathname.endsWith('/') ? path.join(file, 'index.html') : file;
    fs.readFile(target, (error, body) => {
      if (error) {
        response.writeHead(404);
        response.end('not found');
        return;
      }
      response.writeHead(200, { 'Content-Type': TYPES[path.extname(target)] || 'application/octet-stream' });
      response.end(body);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() });
    });
  });
}

async function launch(source) {
  if (!fs.existsSync(CHROMIUM)) skip(`${CHROMIUM} isn't installed (apt-get install chromium), so the browser tests can't run`);
  const { chromium } = playwright(source);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
}

// Chromium started by the test itself on a profile folder (dir), in a
// process group of its own, so the test can kill it as a crash would
// (SIGKILL, kill()) and start it again on the same folder: what was in
// IndexedDB is what reached the disk. {browser, context, kill(), close()}
async function launchOwn(source, dir) {
  if (!fs.existsSync(CHROMIUM)) skip(`${CHROMIUM} isn't installed (apt-get install chromium), so the browser tests can't run`);
  const { chromium } = playwright(source);
  const child = spawn(CHROMIUM, ['--headless=new', '--no-sandbox', '--no-first-run', '--no-default-browser-check',
    `--user-data-dir=${dir}`, '--remote-debugging-port=0', 'about:blank'], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  const ws = await new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`chromium didn't start: ${text.slice(-400)}`)), 30000);
    child.stderr.on('data', (chunk) => {
      text += chunk;
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`chromium ended (${code}): ${text.slice(-400)}`)); });
  });
  child.stderr.resume();
  const browser = await chromium.connectOverCDP(ws);
  const gone = new Promise((resolve) => child.on('exit', resolve));
  return {
    browser,
    context: browser.contexts()[0],
    pid: child.pid,
    // the whole browser at once, mid-write as it may be: the process
    // group this test started, by its id
    async kill() {
      try { process.kill(-child.pid, 'SIGKILL'); } catch (error) { /* already gone */ }
      await gone;
    },
    async close() {
      await browser.close().catch(() => {});
      try { process.kill(-child.pid, 'SIGTERM'); } catch (error) { /* already gone */ }
      await gone;
    },
  };
}

// Forgets the game's files in this browser (its IndexedDB database), from
// a page of the origin that isn't the game's
async function forget(context, url) {
  const page = await context.newPage();
  await page.goto(`${url}tiles/tiles.json`);
  await page.evaluate(() => new Promise((resolve, reject) => {
    const r = indexedDB.deleteDatabase('amulets');
    r.onsuccess = resolve;
    r.onerror = () => reject(r.error);
  }));
  await page.close();
}

// Puts entries into the game's database (made at version, with the
// object stores named), from a page of the origin that isn't the game's:
// entriesCode is the text of an expression the page evaluates, to
// [[store, key, value]...]
async function seed(context, url, version, stores, entriesCode) {
  const page = await context.newPage();
  await page.goto(`${url}tiles/tiles.json`);
  await page.evaluate(async ([v, names, code]) => {
    const entries = (0, eval)(code);
    const db = await new Promise((res, rej) => {
      const r = indexedDB.open('amulets', v);
      r.onupgradeneeded = () => { for (const n of names) if (!r.result.objectStoreNames.contains(n)) r.result.createObjectStore(n); };
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    await new Promise((res, rej) => {
      const tx = db.transaction(names, 'readwrite');
      for (const [store, key, value] of entries) tx.objectStore(store).put(value, key);
      tx.oncomplete = res;
      tx.onabort = () => rej(tx.error);
    });
    db.close();
  }, [version, stores, entriesCode]);
  await page.close();
}

// A page on the game, with its console errors and page errors counted
async function openGame(context, url, query) {
  const page = await context.newPage();
  page.consoleErrors = [];
  // an error, or a sanitizer's report (a WebAssembly built with them prints it as a warning)
  page.on('console', (m) => { if (m.type() === 'error' || /Sanitizer/.test(m.text())) page.consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => page.consoleErrors.push(String(e)));
  await page.goto(url + (query || ''));
  try {
    await page.waitForFunction(() => window.amulets && window.amulets.ready, null, { timeout: 20000 });
  } catch (error) {
    throw new Error(`the page didn't start (${error.message.split('\n')[0]}); its errors: ${page.consoleErrors.join(' | ')}`);
  }
  return page;
}

// Playwright's names for the game's keys in --play's spelling
const NAMES = {
  esc: 'Escape', enter: 'Enter', tab: 'Tab', backtab: 'Shift+Tab', up: 'ArrowUp', down: 'ArrowDown',
  left: 'ArrowLeft', right: 'ArrowRight', lt: '<', gt: '>', ctrl_p: 'Control+p', space: ' ',
};
for (let i = 1; i <= 9; ++i) NAMES[`kp${i}`] = `Numpad${i}`;
for (let i = 1; i <= 12; ++i) NAMES[`f${i}`] = `F${i}`;

// Types a --play key string into the page as keyboard presses, each
// played to its end (o, G, Z stepped to their stop) before the next
async function typeKeys(page, keys) {
  for (let i = 0; i < keys.length; ++i) {
    let key = keys[i];
    if (key === '<') {
      const end = keys.indexOf('>', i);
      key = NAMES[keys.slice(i + 1, end)];
      if (key === undefined) throw new Error(`no key is called ${keys.slice(i, end + 1)}`);
      i = end;
    }
    await page.keyboard.press(key);
    await page.evaluate(() => window.amulets.idle());
  }
}

module.exports = { skip, serve, launch, launchOwn, forget, seed, openGame, typeKeys, SKIP };
