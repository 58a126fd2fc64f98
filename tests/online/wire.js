// The online page's frame model (src/front/web/web_wire.js) alone, under
// Node: the checksum against a value computed apart (wire.c's FNV-1a of a
// blank map and "{}", worked out in Python), a full frame then deltas
// applied, and each way a delta can't follow saying resync: a frame
// skipped, a sum that disagrees, tile names past the page's; a frame from
// before the page's left alone. The server's real frames are
// tests/online/e2e.js's.
//   node tests/online/wire.js SOURCE
'use strict';
const path = require('path');
const W = require(path.join(process.argv[2], 'src/front/web/web_wire.js'));

let failures = 0;
function check(ok, what, detail) {
  if (ok) console.log(`ok: ${what}`);
  else {
    failures += 1;
    console.log(`FAILED: ${what}${detail !== undefined ? `: ${JSON.stringify(detail)}` : ''}`);
  }
}

const INTS = W.INTS, CELLS = W.MAP_W * W.MAP_H;
function blank() {
  const cells = new Int32Array(CELLS * INTS);
  for (let i = 0; i < CELLS; ++i) cells.fill(-1, i * INTS + 4, i * INTS + 7);
  return cells;
}
// the server's side, kept here: its cells and text, and the frames it sends
const server = { cells: blank(), text: '{}', n: 0, names: [] };
function change(i, values) { values.forEach((v, k) => { server.cells[i * INTS + k] = v; }); }
function flat(indices) {
  const out = [];
  for (const i of indices) out.push(i, ...server.cells.subarray(i * INTS, (i + 1) * INTS));
  return out;
}
function full() {
  const changed = [];
  const b = blank();
  for (let i = 0; i < CELLS; ++i) if (server.cells.subarray(i * INTS, (i + 1) * INTS).some((v, k) => v !== b[i * INTS + k])) changed.push(i);
  return { t: 'full', n: server.n, sum: W.sum(server.cells, server.text), names: server.names.slice(), cells: flat(changed), text: server.text };
}
function delta(indices, text, newNames) {
  const from = server.names.length;
  server.names.push(...(newNames || []));
  server.n += 1;
  if (text !== undefined) server.text = text;
  const m = { t: 'frame', n: server.n, sum: W.sum(server.cells, server.text), from, names: newNames || [], cells: flat(indices) };
  if (text !== undefined) m.text = text;
  return m;
}

check(W.sum(blank(), '{}') === '1a23fc25', "the checksum of a blank map and {} is wire.c's", W.sum(blank(), '{}'));
check(W.sum(blank(), '{"a":"é"}') !== W.sum(blank(), '{"a":"e"}'), 'the text counts as UTF-8 bytes');

const page = W.create();
server.n = 7;
change(5, [1, 64, -1, 0, 0, -1, -1, 0, 0, 0]);
check(page.apply(full()) === 'ok' && page.n === 7 && page.ready, 'a full frame taken');
change(6, [257, 35, 255, 0, 0, -1, -1, -1, 0, 0]);
check(page.apply(delta([6], '{"view":"map"}', ['wall'])) === 'ok', 'a delta after it, with a tile name and new text');
check(page.sum() === W.sum(server.cells, server.text) && page.tileName(0) === 'wall' && page.frame().view === 'map',
  "the page's copy is the server's");
change(6, [257, 46, 255, 0, 0, -1, -1, -1, 0, 0]);
const skipped = delta([6]);
change(7, [1, 46, 255, 0, 0, -1, -1, -1, 0, 0]);
const after = delta([7]);
check(page.apply(after) === 'resync' && !page.ready, 'a frame skipped: resync', page.n);
check(page.apply(skipped) === 'resync', 'and nothing more applies till a full frame');
check(page.apply(full()) === 'ok' && page.sum() === W.sum(server.cells, server.text), 'a full frame puts it right');
check(page.apply(skipped) === 'stale' && page.n === server.n, 'a frame from before the page has is left alone');
change(8, [1, 46, 255, 0, 0, -1, -1, -1, 0, 0]);
const wrong = delta([8]);
wrong.sum = '00000000';
check(page.apply(wrong) === 'resync' && page.badSums === 1, 'a sum that disagrees: resync');
check(page.apply(full()) === 'ok', 'and a full frame after it');
const names = delta([], undefined, ['floor']);
names.from += 1;   // names past the ones the page has
check(page.apply(names) === 'resync', 'tile names from past the ones the page has: resync');
check(page.apply(full()) === 'ok' && page.tileName(1) === 'floor', 'the full frame has them all');
const bad = delta([]);
bad.cells = [CELLS, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
check(page.apply(bad) === 'resync', 'a cell past the map: resync');
console.log(failures === 0 ? 'web_wire.js: all ok' : `web_wire.js: ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
