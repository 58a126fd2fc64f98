// The page's scripts and styles under names that carry their contents'
// hash, so a web server may let browsers keep them for a year (deploy/'s
// nginx file: "name.0123456789.js" kept long, every other file checked
// again each time): node tools/web/hash.js SITE-DIR
// Each of FILES gets a copy NAME.HASH.EXT beside it (older hashed copies
// removed), and index.html and online.html are rewritten to load the
// copies; the plain names stay too (the tests and the benchmark read them).
// Run again after any change: a name already hashed is hashed anew. The
// .wasm keeps its name (amulets.js asks for it by name): the server
// checks it again each time, a 304 when it hasn't changed.
// hashed.txt lists NAME HASHED-NAME, a line each.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const FILES = ['web.css', 'online.css', 'web_keys.js', 'web_store.js', 'web_paint.js', 'web_files.js', 'web.js',
  'web_online.js', 'web_wire.js', 'web_offline.js', 'amulets.js'];
const PAGES = ['index.html', 'online.html'];
const site = process.argv[2];
if (!site) {
  console.error('usage: node tools/web/hash.js SITE-DIR');
  process.exit(2);
}
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const lines = [];
const renames = [];
for (const file of FILES) {
  const from = path.join(site, file);
  if (!fs.existsSync(from)) continue;
  const ext = path.extname(file), stem = file.slice(0, -ext.length);
  const hash = crypto.createHash('sha256').update(fs.readFileSync(from)).digest('hex').slice(0, 10);
  const hashed = `${stem}.${hash}${ext}`;
  const old = new RegExp(`^${escape(stem)}\\.[0-9a-f]{10}${escape(ext)}$`);
  for (const other of fs.readdirSync(site)) if (old.test(other) && other !== hashed) fs.unlinkSync(path.join(site, other));
  fs.copyFileSync(from, path.join(site, hashed));
  lines.push(`${file} ${hashed}`);
  // src="web.js" or src="web.0123456789.js" (an earlier run's), in an attribute only
  renames.push([new RegExp(`((?:src|href)=")${escape(stem)}(?:\\.[0-9a-f]{10})?${escape(ext)}"`, 'g'), `$1${hashed}"`]);
}
for (const page of PAGES) {
  const at = path.join(site, page);
  if (!fs.existsSync(at)) continue;
  let text = fs.readFileSync(at, 'utf8');
  for (const [pattern, to] of renames) text = text.replace(pattern, to);
  fs.writeFileSync(at, text);
}
fs.writeFileSync(path.join(site, 'hashed.txt'), `${lines.join('\n')}\n`);
