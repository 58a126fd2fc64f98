// The page's canvas: paints the screen model (the frame web_frame.c
// copies out) as the window paints it (src/front/window/ui*.c): the map in
// glyphs or tiles, the side panel, the log, the dialogs, the title, the
// class choice and the high scores, with the window's layout worked out
// for the canvas's size in device pixels, so it is crisp on a high-DPI
// screen. Glyphs are drawn once per colour into a cache and copied from
// there; tile pictures come from one sheet (tools/web/tiles.js), tinted
// copies made once per colour.
'use strict';
const AmuletsPaint = (() => {
  const MAP_W = 64, MAP_H = 36, PANEL_COLUMNS = 30, LOG_ROWS = 7, MARGIN = 6, BAR_CHARS = 20;
  // the whole-window text screens: the title's 76 columns and the class choice's rows, with room
  const TEXT_COLUMNS = 84, TEXT_ROWS = 28;
  const TILE_PX = 32;
  const FONT = '"DejaVu Sans Mono", "Menlo", "Consolas", monospace';
  const PAL = {
    background: 0x08080cff, panel: 0x181822ff, frame: 0x968c6eff, shade: 0x000000aa,
    highlight: 0xffff785a, player: 0xfff05aff, path: 0x78c8ff50, burst: 0xff781e6e,
    healthBack: 0x461919ff, noTint: 0xffffffff, memoryTint: 0x6e78aaff, danger: 0xe6463cff, text: 0xdcdcdcff,
    flightBack: 0x0a0a10c8,
  };
  // the cell's numbers (web_frame.h)
  const SHOWN = 1, OVERLAY = 2, LIT = 4, CURSOR = 8, PATH = 16, BURST = 32;

  const css = new Map();
  function color(packed) {
    let s = css.get(packed);
    if (s === undefined) {
      const p = packed >>> 0;
      s = `rgba(${p >>> 24},${(p >>> 16) & 255},${(p >>> 8) & 255},${(p & 255) / 255})`;
      css.set(packed, s);
    }
    return s;
  }

  function multiply(a, b) {
    a >>>= 0; b >>>= 0;
    const ch = (s) => Math.floor(((a >>> s) & 255) * ((b >>> s) & 255) / 255);
    return ((ch(24) << 24) | (ch(16) << 16) | (ch(8) << 8) | (a & 255)) >>> 0;
  }

  function create(canvas) {
    const ctx = canvas.getContext('2d', { alpha: false });
    const p = {
      canvas, ctx, layout: null, tiles: null, tileSheet: null, tinted: new Map(),
      glyphs: null, cut: 0,
    };

    // ---- Layout (ui.c's ui_relayout) --------------------------------------
    function fitFont(width, height, scale) {
      for (let px = Math.round(40 * scale); px >= 6; --px) {
        ctx.font = `${px}px ${FONT}`;
        const cw = Math.ceil(ctx.measureText('M').width), line = Math.ceil(px * 1.17);
        const cellW = Math.max(Math.floor(line * 5 / 6), cw);
        const needW = MAP_W * cellW + PANEL_COLUMNS * cw + 3 * MARGIN * scale;
        const needH = MAP_H * line + LOG_ROWS * line + 3 * MARGIN * scale;
        if ((needW <= width && needH <= height) || px === 6) return { px, cw, line, cellW };
      }
      return null;
    }

    // The title, the class choice, the high scores and the notices have
    // the whole window: letters as big as fit TEXT_COLUMNS x TEXT_ROWS,
    // up to 16 CSS pixels, never smaller than the map's (a small window
    // makes those small)
    function fitText(width, height, scale, least) {
      for (let px = Math.round(16 * scale); px > least.px; --px) {
        ctx.font = `${px}px ${FONT}`;
        const cw = Math.ceil(ctx.measureText('M').width), line = Math.ceil(px * 1.17);
        if (TEXT_COLUMNS * cw <= width && TEXT_ROWS * line <= height) return { px, cw, line };
      }
      return { px: least.px, cw: least.cw, line: least.line };
    }

    p.relayout = function (cssWidth, cssHeight, dpr) {
      const width = Math.max(1, Math.floor(cssWidth * dpr)), height = Math.max(1, Math.floor(cssHeight * dpr));
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = `${cssWidth}px`;
      canvas.style.height = `${cssHeight}px`;
      const f = fitFont(width, height, dpr), m = Math.round(MARGIN * dpr);
      const panelW = PANEL_COLUMNS * f.cw + m;
      const map = { x: m, y: m, w: width - panelW - 2 * m, h: height - LOG_ROWS * f.line - 2 * m };
      p.layout = {
        width, height, dpr, px: f.px, cw: f.cw, line: f.line, cellW: f.cellW, cellH: f.line, margin: m,
        map, panel: { x: width - panelW, y: 0, w: panelW, h: height },
        log: { x: m, y: map.y + map.h + Math.floor(m / 2), w: map.w, h: LOG_ROWS * f.line },
        tile: Math.max(Math.round(TILE_PX * dpr), Math.floor(map.h / 15)),
      };
      p.textLayout = { ...p.layout, ...fitText(width, height, dpr, f) };
      p.glyphs = { canvas: document.createElement('canvas'), at: new Map(), next: 0 };
      p.glyphs.canvas.width = 64 * f.cellW;
      p.glyphs.canvas.height = 32 * f.line;
    };

    // The room the screen model's text gets (web_frame's arguments)
    p.room = function () {
      const l = p.layout, t = p.textLayout;
      return {
        panelColumns: Math.floor(l.panel.w / l.cw) - 2, panelRows: Math.floor((l.panel.h - l.line) / l.line),
        logRows: Math.floor(l.log.h / l.line), columns: Math.floor(t.width / t.cw) - 4,
        rows: Math.floor(t.height / t.line) - 4,
      };
    };

    // ---- Text -----------------------------------------------------------
    function text(s, x, y, packed) {
      ctx.fillStyle = color(packed);
      ctx.fillText(s, x, y);
    }

    function fill(r, packed) {
      ctx.fillStyle = color(packed);
      ctx.fillRect(r.x, r.y, r.w, r.h);
    }

    function outline(r, packed) {
      const l = p.layout, w = Math.max(1, Math.round(l.dpr));
      ctx.fillStyle = color(packed);
      ctx.fillRect(r.x, r.y, r.w, w);
      ctx.fillRect(r.x, r.y + r.h - w, r.w, w);
      ctx.fillRect(r.x, r.y, w, r.h);
      ctx.fillRect(r.x + r.w - w, r.y, w, r.h);
    }

    // A glyph of a colour, drawn once into the cache, then copied
    function glyph(code, packed, x, y) {
      const l = p.layout, g = p.glyphs, key = code * 4294967296 + (packed >>> 0);
      let at = g.at.get(key);
      if (at === undefined) {
        if (g.next >= 64 * 32) { g.at.clear(); g.next = 0; }
        at = g.next++;
        const gx = (at % 64) * l.cellW, gy = Math.floor(at / 64) * l.cellH, gc = g.canvas.getContext('2d');
        gc.clearRect(gx, gy, l.cellW, l.cellH);
        gc.font = `${l.px}px ${FONT}`;
        gc.textBaseline = 'top';
        gc.fillStyle = color(packed);
        const ch = String.fromCharCode(code);
        gc.fillText(ch, gx + Math.floor((l.cellW - gc.measureText(ch).width) / 2), gy + Math.round(l.px * 0.08));
        g.at.set(key, at);
      }
      ctx.drawImage(g.canvas, (at % 64) * l.cellW, Math.floor(at / 64) * l.cellH, l.cellW, l.cellH,
        x, y, l.cellW, l.cellH);
    }

    // A line cut where the screen model's wrap_cut (src/base/wrap.c) would: at the last
    // space that fits, else at the width
    function cut(s, columns) {
      if (s.length <= columns) return s.length;
      const space = s.lastIndexOf(' ', columns);
      return space > 0 ? space : columns;
    }

    // ---- The map (ui_map.c) ------------------------------------------------
    function view(frame) {
      const l = p.layout;
      if (!frame.tiles || p.tileSheet === null) {
        return {
          cw: l.cellW, ch: l.cellH, first: [0, 0], columns: MAP_W, rows: MAP_H,
          ox: l.map.x + Math.floor((l.map.w - MAP_W * l.cellW) / 2),
          oy: l.map.y + Math.floor((l.map.h - MAP_H * l.cellH) / 2),
        };
      }
      const t = l.tile, columns = Math.min(Math.floor(l.map.w / t), MAP_W), rows = Math.min(Math.floor(l.map.h / t), MAP_H);
      const start = (focus, shown, size) => (shown >= size ? 0 : Math.min(Math.max(focus - Math.floor(shown / 2), 0), size - shown));
      const first = [start(frame.focus[0], columns, MAP_W), start(frame.focus[1], rows, MAP_H)];
      return {
        cw: t, ch: t, first, columns, rows,
        ox: l.map.x + Math.floor((l.map.w - columns * t) / 2) - first[0] * t,
        oy: l.map.y + Math.floor((l.map.h - rows * t) / 2) - first[1] * t,
      };
    }
    p.view = view;

    // The tile sheet in a colour (multiplied, alpha kept), made once
    function sheetIn(tint) {
      let s = p.tinted.get(tint);
      if (s === undefined) {
        s = document.createElement('canvas');
        s.width = p.tileSheet.width;
        s.height = p.tileSheet.height;
        const c = s.getContext('2d');
        c.drawImage(p.tileSheet, 0, 0);
        if (tint !== PAL.noTint) {
          c.globalCompositeOperation = 'multiply';
          c.fillStyle = color(tint | 255);
          c.fillRect(0, 0, s.width, s.height);
          c.globalCompositeOperation = 'destination-in';
          c.drawImage(p.tileSheet, 0, 0);
        }
        p.tinted.set(tint, s);
      }
      return s;
    }

    function picture(name, tint, lit, x, y, size) {
      const t = name !== null ? p.tiles[name] : undefined;
      if (t === undefined) return;
      const [sx, sy, w, h, tinted] = t;
      let c = tinted ? tint : PAL.noTint;
      if (!lit) c = multiply(c, PAL.memoryTint);
      const side = Math.max(TILE_PX, w, h), k = size / side;
      ctx.drawImage(sheetIn(c >>> 0), sx, sy, w, h, x + Math.round((side - w) / 2 * k),
        y + Math.round((side - h) / 2 * k), Math.round(w * k), Math.round(h * k));
    }

    function paintMap(frame, cells, ints, tileName) {
      const v = view(frame), tiles = frame.tiles && p.tileSheet !== null;
      ctx.imageSmoothingEnabled = false;
      for (let y = v.first[1]; y < v.first[1] + v.rows; ++y) {
        for (let x = v.first[0]; x < v.first[0] + v.columns; ++x) {
          const at = (y * MAP_W + x) * ints, flags = cells[at];
          const r = { x: v.ox + x * v.cw, y: v.oy + y * v.ch, w: v.cw, h: v.ch };
          if (flags & SHOWN) {
            if (tiles) {
              const layers = flags >> 8;
              for (let k = 0; k < layers; ++k) {
                picture(tileName(cells[at + 4 + k]), cells[at + 7 + k], (flags & LIT) !== 0, r.x, r.y, v.cw);
              }
            }
            if (!tiles || (flags & OVERLAY)) {
              if ((cells[at + 3] & 255) !== 0) fill(r, cells[at + 3]);
              if (cells[at + 1] > 32) glyph(cells[at + 1], cells[at + 2], r.x + Math.floor((r.w - p.layout.cellW) / 2), r.y + Math.floor((r.h - p.layout.cellH) / 2));
            }
          }
          if (flags & PATH) fill(r, PAL.path);
          if (flags & BURST) fill(r, PAL.burst);
          if (flags & CURSOR) { fill(r, PAL.highlight); outline(r, PAL.player); }
        }
      }
    }

    // A flight's frame over the map (ui_anim.c): each cell in view its
    // glyph, on the flight's dark ground, in either view
    function paintFlight(frame) {
      const v = view(frame), f = frame.flight;
      for (const [x, y] of f.cells) {
        if (x < v.first[0] || x >= v.first[0] + v.columns || y < v.first[1] || y >= v.first[1] + v.rows) continue;
        const r = { x: v.ox + x * v.cw, y: v.oy + y * v.ch, w: v.cw, h: v.ch };
        fill(r, PAL.flightBack);
        glyph(f.glyph, f.color, r.x + Math.floor((r.w - p.layout.cellW) / 2), r.y + Math.floor((r.h - p.layout.cellH) / 2));
      }
    }

    // ---- The panel and the log (ui_panel.c) -------------------------------------
    function panelLine(line, x, y) {
      const l = p.layout;
      const [kind, s, c, value, most, bar] = line;
      if (kind === 2) return y + Math.floor(l.line / 2);
      if (kind === 1) {
        const back = { x, y: y + 2, w: BAR_CHARS * l.cw, h: l.line - 4 };
        fill(back, PAL.healthBack);
        fill({ x: back.x, y: back.y, w: most > 0 ? Math.floor(back.w * value / most) : 0, h: back.h }, bar);
        text(s, back.x + back.w + l.cw, y, c);
      } else text(s, x, y, c);
      return y + l.line;
    }

    function paintPanel(frame) {
      const l = p.layout, panel = l.panel;
      fill(panel, PAL.panel);
      const x = panel.x + l.cw;
      let y = panel.y + Math.floor(l.line / 2);
      for (let i = 0; i < frame.look; ++i) y = panelLine(frame.panel[i], x, y);
      y = panel.y + panel.h - Math.floor(l.line / 2) - (frame.panel.length - frame.look) * l.line;
      for (let i = frame.look; i < frame.panel.length; ++i) y = panelLine(frame.panel[i], x, y);
    }

    function paintLog(frame) {
      const l = p.layout, r = l.log, columns = Math.floor(r.w / l.cw);
      let y = r.y + r.h;
      for (let i = frame.log.length - 1; i >= 0 && y - l.line >= r.y; --i) {
        const [s, c] = frame.log[i], rows = [];
        for (let rest = s; rest.length > 0 && rows.length < 8;) {
          const n = cut(rest, columns);
          rows.push(rest.slice(0, n));
          rest = rest.slice(n).replace(/^ +/, '');
        }
        for (let k = rows.length - 1; k >= 0 && y - l.line >= r.y; --k) {
          y -= l.line;
          text(rows[k], r.x, y, c);
        }
      }
    }

    // ---- Dialogs and the title (ui_dialog.c) -------------------------------------
    function paintRows(d, area, y) {
      const l = p.layout;
      d.lines.forEach((row, i) => {
        const [s, c, align, aside, asideColor] = row;
        const box = { ...area };
        if (aside !== '') {
          text(aside, area.x + area.w - aside.length * l.cw, y, asideColor);
          box.w = area.w - aside.length * l.cw - l.cw;
        }
        if (s !== '') {
          if (align === 0) text(s, box.x, y, c);
          else if (align === 1) text(s, box.x + Math.floor((box.w - s.length * l.cw) / 2), y, c);
          else {
            let first = i, longest = 0;
            while (first > 0 && d.lines[first - 1][2] === 2) --first;
            for (let j = first; j < d.lines.length && d.lines[j][2] === 2; ++j) longest = Math.max(longest, d.lines[j][0].length);
            text(s, box.x + Math.floor((box.w - longest * l.cw) / 2), y, c);
          }
        }
        y += l.line;
      });
    }

    function paintDialog(d) {
      const l = p.layout, map = l.map;
      fill(map, PAL.shade);
      const box = { w: (d.columns + 4) * l.cw, h: (d.rows + 2) * l.line };
      box.x = map.x + Math.floor((map.w - box.w) / 2);
      box.y = map.y + Math.floor((map.h - box.h) / 2);
      fill(box, PAL.panel);
      outline(box, PAL.frame);
      p.dialogBox = box;
      paintRows(d, { x: box.x + 2 * l.cw, y: box.y + l.line, w: d.columns * l.cw, h: d.rows * l.line }, box.y + l.line);
    }

    // The class choice and the high scores (ui_class.c): a column of lines
    function paintColumn(frame, most, highlighted) {
      const l = p.layout, columns = Math.min(Math.floor(l.width / l.cw) - 4, most);
      const x = Math.floor((l.width - columns * l.cw) / 2);
      let y = Math.max(l.line, Math.floor((l.height - frame.lines.length * l.line) / 3));
      frame.lines.forEach((line, i) => {
        if (i === highlighted) fill({ x: x - l.cw, y, w: (columns + 2) * l.cw, h: l.line }, PAL.highlight);
        if (line[0] === 0) text(line[1], x, y, line[2]);
        y += l.line;
      });
    }

    // ---- A whole frame ------------------------------------------------------------
    p.paint = function (frame, cells, ints, tileName) {
      const map = p.layout;
      if (frame.view !== 'map') p.layout = p.textLayout;   // what paints below reads
      const l = p.layout;
      try {
        fill({ x: 0, y: 0, w: l.width, h: l.height }, PAL.background);
        ctx.font = `${l.px}px ${FONT}`;
        ctx.textBaseline = 'top';
        p.dialogBox = null;
        if (frame.view === 'scores') paintColumn(frame, 100, -1);
        else if (frame.view === 'class') paintColumn(frame, 64, frame.highlighted);
        else if (frame.view === 'title') paintRows(frame.title, { x: 0, y: 0, w: l.width, h: l.height }, Math.floor(l.height / 3));
        else if (frame.view === 'map') {
          paintMap(frame, cells, ints, tileName);
          if (frame.flight) paintFlight(frame);
          paintPanel(frame);
          paintLog(frame);
          if (frame.dialog) paintDialog(frame.dialog);
        }
      } finally {
        p.layout = map;
      }
    };

    // A message over everything (the lock, a failed start)
    p.notice = function (lines, packed) {
      const l = p.textLayout;
      fill({ x: 0, y: 0, w: l.width, h: l.height }, PAL.background);
      ctx.font = `${l.px}px ${FONT}`;
      ctx.textBaseline = 'top';
      let y = Math.floor(l.height / 3);
      for (const s of lines) {
        text(s, Math.floor((l.width - s.length * l.cw) / 2), y, packed || PAL.text);
        y += l.line;
      }
    };

    // The map cell under a point of the canvas (in CSS pixels), or null
    p.cellAt = function (frame, cssX, cssY) {
      if (!frame || frame.view !== 'map') return null;
      const v = view(frame), x = Math.floor((cssX * p.layout.dpr - v.ox) / v.cw), y = Math.floor((cssY * p.layout.dpr - v.oy) / v.ch);
      const on = x >= v.first[0] && y >= v.first[1] && x < v.first[0] + v.columns && y < v.first[1] + v.rows;
      return on ? [x, y] : null;
    };

    p.setTiles = function (index, sheet) {
      p.tiles = index;
      p.tileSheet = sheet;
      p.tinted.clear();
    };
    return p;
  }

  return { create, PAL };
})();
