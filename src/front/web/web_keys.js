// A browser key as the game's key (src/play/input/keys.h's numbers),
// shared by the page's two modes: the local game (web.js) hands it to the
// loop in the page, the online game (web_online.js) sends it to the
// server. Printable characters as typed (so '>' is '>' on any layout),
// Esc, Enter, Tab and Shift-Tab, the arrows, the keypad's digits as its
// moving keys (by KeyboardEvent.code, whatever Num Lock says), Ctrl-P,
// and F1 to F10: F5 (reload), F11 (full screen) and F12 (the developer
// tools) stay the browser's.
'use strict';
const AmuletsKeys = (() => {
  const AK = { TAB: 9, ENTER: 13, CTRL_P: 16, ESC: 27, UP: 0x100, DOWN: 0x101, LEFT: 0x102, RIGHT: 0x103, KP1: 0x104, F1: 0x10d, BACKTAB: 0x119 };
  const NAMED = {
    Escape: AK.ESC, Enter: AK.ENTER, ArrowUp: AK.UP, ArrowDown: AK.DOWN, ArrowLeft: AK.LEFT, ArrowRight: AK.RIGHT,
  };
  const BROWSER_KEYS = new Set(['F5', 'F11', 'F12']);

  // The game's key for a KeyboardEvent, or 0 (none of the game's)
  function keyOf(e) {
    if (e.ctrlKey && (e.key === 'p' || e.key === 'P')) return AK.CTRL_P;
    if (e.ctrlKey || e.altKey || e.metaKey) return 0;
    if (e.code && e.code.startsWith('Numpad')) {
      const digit = e.code.slice(6);
      if (digit >= '1' && digit <= '9' && digit.length === 1) return AK.KP1 + Number(digit) - 1;
      if (e.code === 'NumpadEnter') return AK.ENTER;
    }
    if (e.key === 'Tab') return e.shiftKey ? AK.BACKTAB : AK.TAB;
    if (NAMED[e.key] !== undefined) return NAMED[e.key];
    const f = /^F([1-9]|1[0-2])$/.exec(e.key);
    if (f && !BROWSER_KEYS.has(e.key)) return AK.F1 + Number(f[1]) - 1;
    if (e.key.length === 1) {
      const c = e.key.charCodeAt(0);
      if (c >= 32 && c <= 126) return c;
    }
    return 0;
  }
  return { AK, keyOf };
})();
