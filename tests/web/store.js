// The page's store (src/front/web/web_store.js) and the page on storage
// that is odd, denied or failing, in headless Chromium:
//   node tests/web/store.js SITE-DIR SOURCE-DIR
// - the store alone (on a page of the game's origin that loads only
//   web_store.js): writes, additions, removals and renames come back as
//   made; the log is folded at the start;
// - a change that fails (a QuotaExceededError thrown, a transaction
//   aborted, the origin's real quota, set small through the DevTools
//   protocol) keeps every later change from counting, though IndexedDB
//   committed them: an ending's writes (ended.txt, then a big record that
//   fails, then the save's and ended.txt's removal) leave the save and
//   ended.txt, never the removal alone; once the storage works, all of
//   it is written again (a rescue), with no change asked;
// - the page on odd entries (keys that are arrays, numbers, dates;
//   values that aren't bytes; names the game refuses; log entries that
//   aren't the store's; a file too big for the game's memory): it starts,
//   continues the run kept beside them, and lists each in Files;
// - a database of the store's first version (no log) is continued;
// - storage denied (no IndexedDB, its getter throwing, open throwing or
//   failing as private modes do, open never answering, the first read
//   refused, Web Locks throwing): the game plays without saving and says
//   so; blocked by a tab of an older version: the page says why it waits
//   and starts once that tab closes; a newer version opened elsewhere: this
//   tab says it can no longer save, and a reload plays without saving;
// - the title's and the class choice's "Esc: quit" leave the game: the
//   page says it is closed, and a key starts it again.
// Exit 77 (a skip) where chromium or playwright-core is missing.
'use strict';
const h = require('./harness.js');

const [, , site, source] = process.argv;
let failures = 0, checks = 0;

function check(ok, what, detail) {
  checks += 1;
  if (ok) console.log(`ok: ${what}`);
  else {
    failures += 1;
    const text = String(detail || '');
    console.log(`FAILED: ${what}${text ? `: ${text.length > 600 ? `${text.slice(0, 600)}...` : text}` : ''}`);
  }
}

// An object's entries in order of name, as text, to compare
const sorted = (o) => JSON.stringify(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

// A page of the game's origin with only the store on it, and t: the
// game's copy of the files (mirror) beside the store, as web.js keeps it
const STORE_PAGE = `<!doctype html><meta charset="utf-8"><script src="web_store.js"></script><script>
const enc = (s) => new TextEncoder().encode(s), dec = (b) => new TextDecoder().decode(b);
window.t = {
  mirror: new Map(), results: [],
  async open() {
    this.st = await AmuletsStore.open((e) => this.results.push(e ? e.name : 'ok'), { onWait() {}, onLost() {} });
    for (const [k, v] of this.st.startFiles) this.mirror.set(k, v);
    this.st.copies((n) => this.mirror.get(n) || null);
    return this.start();
  },
  start() { return Object.fromEntries([...this.st.startFiles].map(([k, v]) => [k, dec(v)])); },
  write(n, s) { this.mirror.set(n, enc(s)); return this.st.write(n, enc(s)); },
  add(n, s) {
    const old = this.mirror.get(n) || new Uint8Array(0), b = enc(s), all = new Uint8Array(old.length + b.length);
    all.set(old); all.set(b, old.length); this.mirror.set(n, all);
    return this.st.add(n, b);
  },
  remove(n) { this.mirror.delete(n); return this.st.remove(n); },
  rename(a, b) { const v = this.mirror.get(a); this.mirror.delete(a); this.mirror.set(b, v); return this.st.rename(a, b, v); },
  // the database as it is: the files' names and the log's numbers
  async raw() {
    const db = await new Promise((res, rej) => { const r = indexedDB.open('amulets'); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
    const tx = db.transaction(['files', 'log']);
    const get = (s) => new Promise((res) => { const r = tx.objectStore(s).getAllKeys(); r.onsuccess = () => res(r.result); });
    const out = { files: await get('files'), log: await get('log') };
    db.close();
    return out;
  },
};
</script>`;

async function storePage(context, url) {
  await context.route(`${url}store-test.html`, (route) => route.fulfill({ contentType: 'text/html', body: STORE_PAGE }));
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.goto(`${url}store-test.html`);
  return page;
}

// The store as a new page finds it (after the last one closed)
async function reopened(context, url) {
  const page = await storePage(context, url);
  const start = await page.evaluate(() => window.t.open());
  const skipped = await page.evaluate(() => window.t.st.skipped);
  await page.evaluate(() => window.t.st.settled());
  return { page, start, skipped };
}

async function basics(browser, url) {
  const context = await browser.newContext();
  let page = await storePage(context, url);
  await page.evaluate(async () => {
    const t = window.t;
    await t.open();
    t.write('save.txt', 'one');
    t.add('journal.txt', 'a\n');
    t.add('journal.txt', 'b\n');
    t.write('runs/1.txt', 'run');
    t.rename('save.txt', 'save.bad');
    t.write('save.txt', 'two');
    t.remove('runs/1.txt');
    t.add('journal.txt', 'c\n');
    await t.st.settled();
  });
  const raw = await page.evaluate(() => window.t.raw());
  check(raw.log.length === 8 && raw.files.length === 0, 'each change is one entry of the log as it is made', JSON.stringify(raw));
  await page.close();
  const again = await reopened(context, url);
  const want = { 'journal.txt': 'a\nb\nc\n', 'save.bad': 'one', 'save.txt': 'two' };
  check(sorted(again.start) === sorted(want), 'the files come back as the changes made them',
    JSON.stringify(again.start));
  const folded = await again.page.evaluate(() => window.t.raw());
  check(folded.log.length === 0 && folded.files.length === 3, 'the start folds the log into the files', JSON.stringify(folded));
  check(again.page.errors.length === 0, 'no page error', again.page.errors.join(' | '));
  await context.close();
}

// A change that fails, made to fail by how (in the page); the change
// after it commits in IndexedDB but mustn't count
async function failedBlocksLater(browser, url, how, name) {
  const context = await browser.newContext();
  let page = await storePage(context, url);
  await page.evaluate(async (breaking) => {
    const t = window.t;
    await t.open();
    t.write('save.txt', 'saved');
    t.add('journal.txt', 'one\n');
    await t.st.settled();
    const restore = (0, eval)(breaking)();
    t.add('journal.txt', 'two\n');   // fails
    restore();
    t.add('journal.txt', 'three\n');   // IndexedDB commits it
    t.remove('save.txt');
    await t.st.settled();
  }, how);
  const raw = await page.evaluate(() => window.t.raw());
  const results = await page.evaluate(() => window.t.results);
  await page.close();   // before the store writes it again
  check(results.filter((r) => r !== 'ok').length === 1 && raw.log.length === 4,
    `${name}: one change failed, the two after it committed in IndexedDB`, JSON.stringify([results, raw]));
  const again = await reopened(context, url);
  check(sorted(again.start) === sorted({ 'journal.txt': 'one\n', 'save.txt': 'saved' }),
    `${name}: the changes after the failed one don't count (the save isn't removed alone)`, JSON.stringify(again.start));
  check(again.skipped.some((s) => /2 changes written after one that failed/.test(s)), `${name}: and the start says so`,
    JSON.stringify(again.skipped));
  await context.close();
}

const THROWS = `() => {
  const real = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
  return () => { IDBObjectStore.prototype.put = real; };
}`;
const ABORTS = `() => {
  const real = IDBTransaction.prototype.commit;
  IDBTransaction.prototype.commit = function () { this.abort(); };
  return () => { IDBTransaction.prototype.commit = real; };
}`;

// The storage fails, then works: what failed is written again, with no
// change asked, and everything counts
async function rescued(browser, url) {
  const context = await browser.newContext();
  const page = await storePage(context, url);
  await page.evaluate(async (breaking) => {
    const t = window.t;
    await t.open();
    t.write('save.txt', 'saved');
    await t.st.settled();
    const restore = (0, eval)(breaking)();
    t.add('journal.txt', 'one\n');
    t.remove('save.txt');
    await t.st.settled();
    restore();
    t.add('journal.txt', 'two\n');
    await t.st.settled();
  }, THROWS);
  await page.waitForFunction(() => !window.t.st.failing(), null, { timeout: 15000 }).catch(() => {});
  await page.evaluate(() => window.t.st.settled());
  const results = await page.evaluate(() => window.t.results);
  await page.close();
  const again = await reopened(context, url);
  check(sorted(again.start) === sorted({ 'journal.txt': 'one\ntwo\n' }) && results[results.length - 1] === 'ok',
    'storage back: what failed is written again by itself, and what followed it counts', JSON.stringify([results, again.start]));
  await context.close();
}

// The origin's quota, set small through the DevTools protocol: an ending's
// writes, one of which is too big
async function realQuota(browser, url) {
  const context = await browser.newContext();
  // the quota is the origin's, set before its database opens, through a
  // page that stays open
  const control = await storePage(context, url);
  const cdp = await context.newCDPSession(control);
  const origin = new URL(url).origin;
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 400000 });
  const page = await storePage(context, url);
  await page.evaluate(async () => {
    const t = window.t;
    await t.open();
    t.write('save.txt', 'the run');
    t.add('journal.txt', 'a move\n');
    t.write('scores.txt', 'old scores');
    await t.st.settled();
  });
  const results = await page.evaluate(async () => {
    const t = window.t;
    t.write('ended.txt', 'the end');
    t.write('morgue/1.txt', 'x'.repeat(2000000));   // more than the quota
    t.write('scores.txt', 'new scores');
    t.remove('save.txt');
    t.remove('journal.txt');
    t.remove('ended.txt');
    await t.st.settled();
    return t.results;
  });
  const raw = await page.evaluate(() => window.t.raw());
  await page.close();
  // (Chromium fails the changes after it too: the rest of the test is
  // what the injected failures above check, that they'd not count)
  check(results[4] === 'QuotaExceededError' && raw.log.length >= 4,
    'real quota: ended.txt is written, the big record fails (QuotaExceededError)', JSON.stringify([results, raw]));
  const after = await reopened(context, url);
  check(sorted(after.start) === sorted({ 'ended.txt': 'the end', 'journal.txt': 'a move\n', 'save.txt': 'the run', 'scores.txt': 'old scores' }),
    'real quota: the save and ended.txt are kept, none of the later changes counts', JSON.stringify(Object.keys(after.start)));
  await after.page.close();
  await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  await context.close();
}

// ---- The game's page on odd storage ----------------------------------------------

// A run played and saved (Esc S): its files (name -> text) and digest
async function savedRun(browser, url, keys) {
  const context = await browser.newContext();
  const page = await h.openGame(context, url, '?seed=12&fast');
  await h.typeKeys(page, `1${keys}`);
  const digest = await page.evaluate(() => window.amulets.digest());
  await h.typeKeys(page, '<esc>S');
  const files = await page.evaluate(async () => {
    const out = {};
    for (const [k, v] of await window.amulets.store.files()) out[k] = new TextDecoder().decode(v);
    return out;
  });
  await context.close();
  return { files, digest };
}

async function continues(page, digest, what) {
  const title = await page.evaluate(() => window.amulets.screen());
  await h.typeKeys(page, 'C');
  const got = await page.evaluate(() => [window.amulets.screen(), window.amulets.digest()]);
  check(title === 'title' && got[0] === 'playing' && got[1] === digest, `${what}: the run kept there continues`,
    JSON.stringify([title, got, digest]));
}

async function oddEntries(browser, url, run) {
  const context = await browser.newContext();
  const files = JSON.stringify(run.files);
  await h.seed(context, url, 1, ['files'], `(() => {
    const e = (s) => new TextEncoder().encode(s), out = [];
    for (const [k, v] of Object.entries(${files})) out.push(['files', k, e(v)]);
    out.push(['files', ['an', 'array'], e('x')]);
    out.push(['files', 1e308, e('a huge number')]);
    out.push(['files', 7, e('a number')]);
    out.push(['files', new Date(0), e('a date')]);
    out.push(['files', 'huge.txt', 1e300]);
    out.push(['files', 'text.txt', 'a string, not bytes']);
    out.push(['files', 'object.txt', { a: 1 }]);
    out.push(['files', '../outside.txt', e('a name the game refuses')]);
    out.push(['files', 'big.txt', new Uint8Array(3000000)]);
    return out;
  })()`);
  // the game's memory takes nothing over 2 MB in one piece here: a file
  // too big for it is skipped too (web.js checks _malloc)
  await context.addInitScript(() => {
    let made;
    Object.defineProperty(window, 'createAmulets', {
      configurable: true,
      get: () => made,
      set: (factory) => {
        made = (options) => factory(options).then((m) => {
          // emscripten binds _malloc at its first call, over the property
          let real = m._malloc;
          const small = (n) => (n > 2000000 ? 0 : real(n));
          Object.defineProperty(m, '_malloc', { configurable: true, get: () => small, set: (f) => { real = f; } });
          return m;
        });
      },
    });
  });
  const page = await h.openGame(context, url, '?seed=5&fast');
  const skipped = await page.evaluate(() => window.amulets.skipped || []);
  const wanted = [/"an", "array"/, /1e\+308/, /number 7/, /the date 1970/, /huge\.txt: its value is number 1e\+300/,
    /text\.txt: its value is "a string/, /object\.txt/, /\.\.\/outside\.txt: not a name/, /big\.txt: 3000000 bytes are more/];
  const missing = wanted.filter((w) => !skipped.some((s) => w.test(s)));
  check(missing.length === 0, 'odd entries: the page starts, each one skipped and said', JSON.stringify({ missing: missing.map(String), skipped }));
  check(page.consoleErrors.length === 0, 'odd entries: no error', page.consoleErrors.join(' | '));
  await continues(page, run.digest, 'odd entries');
  await page.click('#files-button');
  await page.waitForSelector('#files li.skipped');
  const listed = await page.evaluate(() => [...document.querySelectorAll('#files li.skipped')].map((l) => l.textContent));
  check(listed.length === skipped.length && listed.every((l) => /^Left alone in this browser's storage: /.test(l)),
    'odd entries: the Files page lists each as left alone', JSON.stringify(listed));
  await context.close();
}

// The log with entries that aren't the store's: one under a key that
// isn't a number (left alone), one that can't be read (the log stops
// there: what follows is dropped)
async function oddLog(browser, url, run) {
  const context = await browser.newContext();
  const files = JSON.stringify(run.files);
  await h.seed(context, url, 2, ['files', 'log'], `(() => {
    const e = (s) => new TextEncoder().encode(s), out = [];
    for (const [k, v] of Object.entries(${files})) out.push(['files', k, e(v)]);
    out.push(['log', 'seven', [['save.txt', e('not a save'), false]]]);
    out.push(['log', 1, [['class.txt', e('rogue\\n'), false]]]);
    out.push(['log', 2, 'not a change']);
    out.push(['log', 3, [['save.txt', null, false]]]);
    return out;
  })()`);
  const page = await h.openGame(context, url, '?seed=5&fast');
  const skipped = await page.evaluate(() => window.amulets.skipped || []);
  const said = (re) => skipped.some((t) => re.test(t));
  check(skipped.length === 3 && said(/an entry of the log keyed "seven": not a change's number/) &&
    said(/change 2 of the log isn't one the game writes: dropped/) && said(/^1 change written after one that failed/),
  'odd log entries: each said, the log read up to the unreadable one', JSON.stringify(skipped));
  await continues(page, run.digest, 'odd log entries');
  const left = await page.evaluate(async () => {
    const db = await new Promise((res) => { const r = indexedDB.open('amulets'); r.onsuccess = () => res(r.result); });
    const keys = await new Promise((res) => { const r = db.transaction('log').objectStore('log').getAllKeys(); r.onsuccess = () => res(r.result); });
    const cls = await new Promise((res) => { const r = db.transaction('files').objectStore('files').get('class.txt'); r.onsuccess = () => res(new TextDecoder().decode(r.result)); });
    db.close();
    return [keys, cls];
  });
  check(JSON.stringify(left) === JSON.stringify([['seven'], 'rogue\n']),
    'odd log entries: the start folds what counts, and leaves the one not keyed by a number', JSON.stringify(left));
  await context.close();
}

async function firstVersion(browser, url, run) {
  const context = await browser.newContext();
  const files = JSON.stringify(run.files);
  await h.seed(context, url, 1, ['files'], `Object.entries(${files}).map(([k, v]) => ['files', k, new TextEncoder().encode(v)])`);
  const page = await h.openGame(context, url, '?seed=5&fast');
  await continues(page, run.digest, "the store's first version (no log)");
  await context.close();
}

// Each way a browser denies its storage, as an init script
const DENIED = {
  'no IndexedDB': () => Object.defineProperty(window, 'indexedDB', { get: () => undefined }),
  'its getter throwing': () => Object.defineProperty(window, 'indexedDB', { get: () => { throw new DOMException('denied', 'SecurityError'); } }),
  'open throwing': () => { IDBFactory.prototype.open = function () { throw new DOMException('denied', 'SecurityError'); }; },
  'open failing (a private mode)': () => {
    IDBFactory.prototype.open = function () {
      const r = {};
      setTimeout(() => { r.error = new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError'); if (r.onerror) r.onerror(); }, 10);
      return r;
    };
  },
  'open never answering': () => { IDBFactory.prototype.open = function () { return {}; }; },
  'the first read refused': () => { IDBDatabase.prototype.transaction = function () { throw new DOMException('denied', 'InvalidStateError'); }; },
};

async function denied(browser, url) {
  for (const [name, script] of Object.entries(DENIED)) {
    const context = await browser.newContext();
    await context.addInitScript(script);
    let page, said = '', state = [];
    try {
      page = await h.openGame(context, url, '?seed=5&fast&patience=500');
      said = await page.evaluate(() => document.getElementById('status').textContent);
      await h.typeKeys(page, '1l');
      state = await page.evaluate(() => [window.amulets.screen(), window.amulets.unsaved]);
    } catch (error) {
      said = String(error.message);
    }
    check(/^Nothing can be saved: .*The game plays, but nothing of it is kept/.test(said) && state[0] === 'playing' && page.consoleErrors.length === 0,
      `storage denied (${name}): the game plays without saving, and says so`, JSON.stringify([said, state, page && page.consoleErrors]));
    await context.close();
  }
  // Web Locks throwing: the lock is left out, the game plays and saves
  const context = await browser.newContext();
  await context.addInitScript(() => { LockManager.prototype.request = function () { throw new DOMException('denied', 'SecurityError'); }; });
  const page = await h.openGame(context, url, '?seed=5&fast');
  await h.typeKeys(page, '1l<esc>S');
  const saved = await page.evaluate(async () => (await window.amulets.store.files()).has('save.txt'));
  check(saved && page.consoleErrors.length === 0, 'Web Locks throwing: the game plays and saves', page.consoleErrors.join(' | '));
  await context.close();
}

// A tab of an older version holds the database open: the page says why it
// waits, and starts once that tab is gone. Then a newer version opened in
// another tab: this one says it can't save; reloaded, it plays without
async function versions(browser, url) {
  const context = await browser.newContext();
  await h.seed(context, url, 1, ['files'], '[]');
  const old = await storePage(context, url);
  await old.evaluate(() => new Promise((res) => { const r = indexedDB.open('amulets', 1); r.onsuccess = () => { window.held = r.result; res(); }; }));
  const page = await context.newPage();
  page.consoleErrors = [];
  page.on('pageerror', (e) => page.consoleErrors.push(String(e)));
  await page.goto(`${url}?seed=5&fast`);
  await page.waitForFunction(() => /another tab of the game/.test(document.getElementById('status').textContent), null, { timeout: 15000 }).catch(() => {});
  const waiting = await page.evaluate(() => [document.getElementById('status').textContent, window.amulets.ready]);
  check(/The game waits for its storage: another tab of the game/.test(waiting[0]) && !waiting[1],
    'blocked by a tab of an older version: the page says why it waits', JSON.stringify(waiting));
  await old.close();
  await page.waitForFunction(() => window.amulets.ready, null, { timeout: 15000 }).catch(() => {});
  const started = await page.evaluate(() => [window.amulets.screen(), document.getElementById('status').textContent]);
  check(started[0] === 'class' && started[1] === '', 'once that tab closes, the game starts', JSON.stringify(started));
  await h.typeKeys(page, '1l');
  const newer = await storePage(context, url);
  await newer.evaluate(() => new Promise((res) => { const r = indexedDB.open('amulets', 3); r.onsuccess = () => { window.held = r.result; res(); }; }));
  const lost = await page.evaluate(() => [window.amulets.storeLost, document.getElementById('status').textContent]);
  check(/A newer version of the game was opened in another tab: this one can no longer save/.test(lost[1]),
    'a newer version opened elsewhere: this tab says it can no longer save', JSON.stringify(lost));
  await page.reload();
  await page.waitForFunction(() => window.amulets && window.amulets.ready, null, { timeout: 15000 }).catch(() => {});
  const reloaded = await page.evaluate(() => [window.amulets.screen(), document.getElementById('status').textContent]);
  check(reloaded[0] === 'class' && /Nothing can be saved: a newer version of the game keeps its files/.test(reloaded[1]),
    'reloaded, it plays without saving and says why', JSON.stringify(reloaded));
  check(page.consoleErrors.length === 0, 'versions: no page error', page.consoleErrors.join(' | '));
  await context.close();
}

// ---- A death's writes failing --------------------------------------------------

// a fighter on floor 6 who dies on turn 22 (seed 1's, since floors have
// dice of their own, lives to turn 39, and its ending fits under the
// quota quotaDeath sets)
const DEATH_QUERY = '?seed=38&floor=6&fast';

// In the page: counts the writes begun (window.writes) and makes the one
// numbered by ?fail= abort
function failing() {
  const failAt = Number(new URLSearchParams(location.search).get('fail') || 0);
  const w = (window.writes = { begun: 0 });
  const real = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (names, mode, options) {
    const tx = real.call(this, names, mode, options);
    if (mode === 'readwrite' && (w.begun += 1) === failAt) tx.commit = function () { this.abort(); };
    return tx;
  };
}

// The fighter on floor 6 plays and waits to die: the storage's usage
// before the fatal key (navigator.storage.estimate), the writes begun
// before it
async function dies(page) {
  await h.typeKeys(page, '1oooooooooo');
  let usage = 0, before = 0;
  while (await page.evaluate(() => window.amulets.screen()) === 'playing') {
    [usage, before] = await page.evaluate(async () => [(await navigator.storage.estimate()).usage, window.writes.begun]);
    await h.typeKeys(page, '.');
  }
  return { usage, before };
}

const records = (page) => page.evaluate(async () => {
  const files = await window.amulets.store.files();   // (an array of [name, bytes] before the log)
  const names = files instanceof Map ? [...files.keys()] : files.map(([n]) => n);
  const count = (p) => names.filter((n) => n.startsWith(p)).length;
  return { journal: names.includes('journal.txt'), ended: names.includes('ended.txt'), runs: count('runs/'), morgue: count('morgue/'), scores: count('scores.txt') };
});
const ended = (r) => !r.journal && !r.ended && r.runs === 1 && r.morgue === 1 && r.scores === 1;

// The origin's quota, set (through the DevTools protocol, before the
// game's database opens) a little above what the play uses: the death's
// ended.txt can't be written. The page says so; nothing of the ending is
// kept (the journal is, with the fatal key), on a reload too; with the
// quota back, a reload continues the run to its death and records it once
async function quotaDeath(browser, url) {
  let context = await browser.newContext();
  await context.addInitScript(failing);
  let page = await h.openGame(context, url, DEATH_QUERY);
  const dry = await dies(page);
  await context.close();

  context = await browser.newContext();
  await context.addInitScript(failing);
  const control = await storePage(context, url);
  const cdp = await context.newCDPSession(control);
  const origin = new URL(url).origin;
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: dry.usage + 2048 });
  page = await h.openGame(context, url, DEATH_QUERY);
  await dies(page);
  await page.evaluate(() => window.amulets.store.settled());
  const said = await page.evaluate(() => [window.amulets.screen(), document.getElementById('status').textContent]);
  let kept = await records(page);
  check(said[0] === 'dead' && /couldn't write to this browser's storage \(QuotaExceededError/.test(said[1]),
    'a death over the quota: the page says the storage failed', JSON.stringify(said));
  check(kept.journal && !kept.ended && kept.runs + kept.morgue + kept.scores === 0,
    'a death over the quota: nothing of its ending is kept, the journal is', JSON.stringify(kept));
  await page.reload();
  await page.waitForFunction(() => window.amulets && window.amulets.ready);
  await h.typeKeys(page, 'C');
  await page.evaluate(() => window.amulets.store.settled());
  kept = await records(page);
  const again = await page.evaluate(() => [window.amulets.screen(), document.getElementById('status').textContent]);
  // Chromium may have compacted the database since (its usage falls a
  // little after a fold): then the ending fits, and is recorded once
  const stillFull = /QuotaExceededError/.test(again[1]) && kept.journal && kept.runs + kept.morgue + kept.scores === 0;
  check(again[0] === 'dead' && (stillFull || ended(kept)),
    'reloaded over the quota: the run dies again, and its ending is either refused (said) or recorded once', JSON.stringify([again, kept]));
  await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  if (stillFull) {
    await page.reload();
    await page.waitForFunction(() => window.amulets && window.amulets.ready);
    await h.typeKeys(page, 'C');
    await page.evaluate(() => window.amulets.store.settled());
    kept = await records(page);
    check(await page.evaluate(() => window.amulets.screen()) === 'dead' && ended(kept),
      'the quota back, a reload finishes the ending: its records once, the journal gone', JSON.stringify(kept));
  }
  // the death screen's "Esc to quit"
  const hint = await page.evaluate(() => JSON.stringify(window.amulets.frame().dialog));
  await h.typeKeys(page, '<esc>');
  const left = await page.evaluate(() => [window.amulets.screen(), window.amulets.closedLines()]);
  check(/Esc to quit/.test(hint) && left[0] === 'closed' && left[1].join('|') === 'Amulets of SDL||You have left the game.|||' +
    'Press any key, or click, to start it again; or close this tab.', 'Esc on the death screen leaves the game: the page says it is closed',
  JSON.stringify(left));
  await context.close();
  return dry.before;
}

// A death's record made to fail (its transaction aborted) after ended.txt
// is written: the save's journal and ended.txt stay (the later removals
// don't count), the page says so, and the next start finishes the ending:
// its records once. And with the page left open, the store writes it all
// again by itself
async function abortedDeath(browser, url, before) {
  // the death's writes: the fatal key's journal line, ended.txt, a record...
  const fail = before + 3;
  let context = await browser.newContext();
  await context.addInitScript(failing);
  let page = await h.openGame(context, url, `${DEATH_QUERY}&fail=${fail}`);
  await dies(page);
  await page.evaluate(() => window.amulets.store.settled());
  const said = await page.evaluate(() => document.getElementById('status').textContent);
  check(/couldn't write to this browser's storage \(AbortError/.test(said), 'a death\'s record aborted: the page says so', said);
  await page.close();   // before the store writes it again
  page = await storePage(context, url);
  const raw = await page.evaluate(async () => { await window.t.open(); return Object.keys(window.t.start()).sort(); });
  check(raw.includes('ended.txt') && raw.includes('journal.txt') && !raw.some((n) => /^(runs|morgue)\//.test(n)),
    'closed at once: ended.txt and the journal are kept, none of the later writes counts', JSON.stringify(raw));
  await page.close();
  page = await h.openGame(context, url, DEATH_QUERY);
  await page.evaluate(() => window.amulets.store.settled());
  const kept = await records(page);
  check(ended(kept), 'the next start finishes the ending: its records once', JSON.stringify(kept));
  await context.close();

  context = await browser.newContext();
  await context.addInitScript(failing);
  page = await h.openGame(context, url, `${DEATH_QUERY}&fail=${fail}`);
  await dies(page);
  await page.waitForFunction(() => !window.amulets.store.failing(), null, { timeout: 15000 }).catch(() => {});
  await page.evaluate(() => window.amulets.store.settled());
  const rescued = await records(page);
  const status = await page.evaluate(() => document.getElementById('status').textContent);
  check(ended(rescued) && /storage works again/.test(status), 'left open, the store writes the ending again by itself: its records once',
    JSON.stringify([rescued, status]));
  await context.close();
}

// "Esc: quit" on the class choice and on the title
async function quitting(browser, url) {
  const context = await browser.newContext();
  const page = await h.openGame(context, url, '?seed=5&fast');
  const hint = await page.evaluate(() => JSON.stringify(window.amulets.frame()));
  await h.typeKeys(page, '<esc>');
  const left = await page.evaluate(() => [window.amulets.screen(), window.amulets.closedLines()]);
  check(/Esc: quit/.test(hint) && left[0] === 'closed' && left[1].includes('You have left the game.'),
    'Esc on the class choice ("Esc: quit") leaves the game: the page says it is closed', JSON.stringify(left));
  await h.typeKeys(page, 'x');
  check(await page.evaluate(() => window.amulets.screen()) === 'class', 'a key starts it again: the class choice');
  await h.typeKeys(page, '1l<esc>Sx');
  await h.typeKeys(page, '<esc>');
  const titleLeft = await page.evaluate(() => [window.amulets.screen(), window.amulets.closedLines()]);
  check(titleLeft[0] === 'closed' && titleLeft[1].includes('Your run is saved in this browser: continue it from the title.'),
    'Esc on the title leaves the game, the run kept', JSON.stringify(titleLeft));
  await page.mouse.click(100, 100);
  check(await page.evaluate(() => window.amulets.screen()) === 'title', 'a click starts it again: the title');
  await context.close();
}

(async () => {
  const browser = await h.launch(source);
  const server = await h.serve(site);
  try {
    const url = server.url;
    const run = await savedRun(browser, url, 'ooooo');
    const tests = [
      function storeBasics() { return basics(browser, url); },
      function failedPut() { return failedBlocksLater(browser, url, THROWS, 'a write failing (QuotaExceededError)'); },
      function failedTx() { return failedBlocksLater(browser, url, ABORTS, 'a transaction aborted'); },
      function storageBack() { return rescued(browser, url); },
      function quota() { return realQuota(browser, url); },
      function odd() { return oddEntries(browser, url, run); },
      function oddLogTest() { return oddLog(browser, url, run); },
      function first() { return firstVersion(browser, url, run); },
      function denials() { return denied(browser, url); },
      function versionsTest() { return versions(browser, url); },
      function quit() { return quitting(browser, url); },
      async function deaths() { await abortedDeath(browser, url, await quotaDeath(browser, url)); },
    ];
    const only = process.env.AMULETS_WEB_ONLY;   // a test's name, to run it alone
    for (const test of tests.filter((t) => !only || t.name === only)) {
      try {
        await test();
      } catch (error) {
        check(false, test.name, String(error.stack || error));
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(failures === 0 ? `the page's store: ${checks} checks passed` : `the page's store: ${failures} of ${checks} checks failed`);
  process.exit(failures === 0 ? 0 : 1);
})();
