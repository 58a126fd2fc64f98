// The web page's tile pictures: every picture data/tiles.txt names, cut
// out of Debian's crawl-tiles-data atlases into one sheet, so the page
// fetches one small PNG instead of 2.5 MB of atlases.
//   node tools/web/tiles.js data/tiles.txt /usr/share/crawl/dat/tiles OUT-DIR
// writes OUT-DIR/tiles.png, OUT-DIR/tiles.json ({name: [x, y, w, h, tint]})
// and the package's licence as OUT-DIR/COPYRIGHT.txt. Where the atlases
// aren't installed it writes {"missing": "..."}, and the page's tile view
// draws the glyphs. Only 8-bit RGBA PNGs are read (what the package has).
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const [, , tilesTxt, atlasDir, outDir] = process.argv;
const LICENCE = '/usr/share/doc/crawl-tiles-data/copyright';
const SHEET_W = 512;

// tiles.txt's [tile] records: name, atlas, rect, tint
function readRecords(text) {
  const records = [];
  let current = null;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (line === '[tile]') {
      current = { line: i + 1 };
      records.push(current);
      return;
    }
    const eq = line.indexOf('=');
    if (current === null || eq < 0) throw new Error(`${tilesTxt}:${i + 1}: not a [tile] record's key = value`);
    current[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  });
  return records;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function readPng(file) {
  const data = fs.readFileSync(file);
  let at = 8, width = 0, height = 0;
  const idat = [];
  while (at < data.length) {
    const length = data.readUInt32BE(at), type = data.toString('latin1', at + 4, at + 8);
    const body = data.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 6 || body[12] !== 0) throw new Error(`${file}: not an 8-bit RGBA PNG`);
    } else if (type === 'IDAT') idat.push(body);
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * 4, pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; ++y) {
    const filter = raw[y * (stride + 1)], row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; ++x) {
      const a = x >= 4 ? pixels[y * stride + x - 4] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4] : 0;
      let value = row[x];
      if (filter === 1) value += a;
      else if (filter === 2) value += b;
      else if (filter === 3) value += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        value += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + x] = value & 0xff;
    }
  }
  return { width, height, pixels };
}

function writePng(file, width, height, pixels) {
  const chunk = (type, body) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; ++y) pixels.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  fs.writeFileSync(file, Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]));
}

function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const records = readRecords(fs.readFileSync(tilesTxt, 'utf8'));
  const atlasNames = [...new Set(records.map((r) => r.atlas))];
  const missing = atlasNames.filter((name) => !fs.existsSync(path.join(atlasDir, name)));
  if (missing.length > 0) {
    fs.writeFileSync(path.join(outDir, 'tiles.json'),
      JSON.stringify({ missing: `${atlasDir} has no ${missing.join(', ')} (Debian's crawl-tiles-data)` }));
    return;
  }
  const atlases = Object.fromEntries(atlasNames.map((name) => [name, readPng(path.join(atlasDir, name))]));
  // shelf packing, in tiles.txt's order
  let x = 0, y = 0, shelf = 0;
  const places = records.map((r) => {
    const [rx, ry, rw, rh] = r.rect.split(/\s+/).map(Number);
    if (x + rw > SHEET_W) { x = 0; y += shelf; shelf = 0; }
    const place = { r, rx, ry, rw, rh, x, y };
    x += rw;
    shelf = Math.max(shelf, rh);
    return place;
  });
  const height = y + shelf, sheet = Buffer.alloc(SHEET_W * height * 4);
  const index = {};
  for (const p of places) {
    const atlas = atlases[p.r.atlas];
    if (p.rx + p.rw > atlas.width || p.ry + p.rh > atlas.height) {
      throw new Error(`${tilesTxt}:${p.r.line}: the rect is off ${p.r.atlas}`);
    }
    for (let row = 0; row < p.rh; ++row) {
      const from = ((p.ry + row) * atlas.width + p.rx) * 4;
      atlas.pixels.copy(sheet, ((p.y + row) * SHEET_W + p.x) * 4, from, from + p.rw * 4);
    }
    index[p.r.name] = [p.x, p.y, p.rw, p.rh, p.r.tint === 'yes' ? 1 : 0];
  }
  writePng(path.join(outDir, 'tiles.png'), SHEET_W, height, sheet);
  fs.writeFileSync(path.join(outDir, 'tiles.json'), JSON.stringify({ size: 32, tiles: index }));
  if (fs.existsSync(LICENCE)) fs.copyFileSync(LICENCE, path.join(outDir, 'COPYRIGHT.txt'));
}

main();
