// The online page's copy of a live game's screen, made from the server's
// frames (docs/server.md, "Frames"): a full frame when the page joins,
// asks or reconnects, then deltas, each checked against its checksum. The
// copy is what web_paint.js paints, as the local page paints the model
// its WebAssembly copies out: the map's 64 x 36 cells, 10 numbers each
// (web_frame.h), the tile names those numbers mean, and the rest of the
// screen as one JSON text. A delta that doesn't follow the frame the
// page has, or a sum that disagrees, says resync: the page then asks the
// server for a full frame (tests/server/client.c is the server's own
// second reading; this is the page's). Also loaded by Node (the tests).
'use strict';
const AmuletsWire = (() => {
  const MAP_W = 64, MAP_H = 36, INTS = 10, CELLS = MAP_W * MAP_H;
  // a cell with nothing in it: all zero but its three tile numbers
  const TILE_FIRST = 4, TILES = 3;
  const encoder = new TextEncoder();

  function blank(cells) {
    cells.fill(0);
    for (let i = 0; i < CELLS; ++i) cells.fill(-1, i * INTS + TILE_FIRST, i * INTS + TILE_FIRST + TILES);
  }

  // FNV-1a, 32 bits: every cell's numbers as whole 32-bit words, then the
  // text's UTF-8 bytes (wire.c's wire_sum)
  function sum(cells, text) {
    let h = 2166136261;
    for (let i = 0; i < cells.length; ++i) h = Math.imul((h ^ cells[i]) >>> 0, 16777619) >>> 0;
    const bytes = encoder.encode(text);
    for (let i = 0; i < bytes.length; ++i) h = Math.imul((h ^ bytes[i]) >>> 0, 16777619) >>> 0;
    return h.toString(16).padStart(8, '0');
  }

  function create() {
    const m = {
      cells: new Int32Array(CELLS * INTS), names: [], text: '', n: 0, ready: false, ints: INTS,
      fulls: 0, deltas: 0, stale: 0, badSums: 0,
    };
    blank(m.cells);

    function put(flat) {
      if (!Array.isArray(flat) || flat.length % (INTS + 1) !== 0) return false;
      for (let k = 0; k < flat.length; k += INTS + 1) {
        const i = flat[k];
        if (!Number.isInteger(i) || i < 0 || i >= CELLS) return false;
        for (let j = 0; j < INTS; ++j) m.cells[i * INTS + j] = flat[k + 1 + j];
      }
      return true;
    }

    // A frame message ("full" or "frame") applied: 'ok', 'stale' (one
    // from before the frame the page has, left alone) or 'resync' (the
    // page's copy can't follow it: ask for a full frame)
    m.apply = function (msg) {
      if (msg.t === 'full') {
        blank(m.cells);
        m.names = Array.isArray(msg.names) ? msg.names.slice() : [];
        m.text = typeof msg.text === 'string' ? msg.text : '{}';
        m.n = msg.n;
        m.fulls += 1;
        if (!put(msg.cells)) return (m.ready = false, 'resync');
      } else {
        if (m.ready && msg.n <= m.n) return (m.stale += 1, 'stale');
        if (!m.ready || msg.n !== m.n + 1 || !(msg.from <= m.names.length)) return (m.ready = false, 'resync');
        (msg.names || []).forEach((name, k) => { m.names[msg.from + k] = name; });
        if (!put(msg.cells)) return (m.ready = false, 'resync');
        if (typeof msg.text === 'string') m.text = msg.text;
        m.n = msg.n;
        m.deltas += 1;
      }
      m.ready = sum(m.cells, m.text) === msg.sum;
      if (!m.ready) m.badSums += 1;
      return m.ready ? 'ok' : 'resync';
    };
    m.sum = () => sum(m.cells, m.text);
    m.tileName = (n) => (n >= 0 && n < m.names.length ? m.names[n] : null);
    m.frame = () => JSON.parse(m.text);
    return m;
  }

  return { create, sum, MAP_W, MAP_H, INTS };
})();
if (typeof module !== 'undefined') module.exports = AmuletsWire;
