/* A model of the terminal the tests send to (xterm-256color, UTF-8 or
 * one byte a character): the bytes a program wrote, read as xterm reads
 * them, into a grid of cells, so that a test can compare what two ways
 * of sending a screen leave on it. It knows what curses sends that
 * terminal (cursor moves, erasing with the back colour set (bce),
 * inserting and deleting, scrolling regions, repeating, the line
 * drawing set, SGR), and says what it doesn't know rather than guess:
 * a test that saw an escape it can't read fails. */
#ifndef AMULETS_TEST_VT_H
#define AMULETS_TEST_VT_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

enum { VT_ROWS_MOST = 60, VT_COLS_MOST = 200, VT_PARAMS = 16 };

enum {
    VT_BOLD = 1, VT_DIM = 2, VT_ITALIC = 4, VT_UNDERLINE = 8,
    VT_BLINK = 16, VT_REVERSE = 32, VT_INVISIBLE = 64,
};

enum { VT_DEFAULT = -1 };   /* the terminal's own colour */

typedef struct VtCell {
    wchar_t ch;
    int fg, bg;
    unsigned attrs;
} VtCell;

typedef struct Vt {
    int rows, cols;
    VtCell cells[VT_ROWS_MOST][VT_COLS_MOST];
    int y, x;
    bool wrap_next;          /* the last column written: the next wraps */
    VtCell pen;              /* its ch unused */
    bool graphics;           /* G0 is the line drawing set */
    bool g1_graphics;        /* G1 is */
    bool shifted;            /* G1 is in use (SO), not G0 (SI) */
    bool insert, autowrap;
    int top, bottom;         /* the scrolling region */
    int saved_y, saved_x;
    wchar_t last;            /* the last character printed, for rep */
    /* the escape being read */
    int state;
    char seq[64];
    int seq_length;
    /* a UTF-8 character being read */
    bool utf8;
    wchar_t partial;
    int partial_left;
    char unknown[80];        /* the first escape it didn't know, or "" */
} Vt;

enum { VT_GROUND, VT_ESCAPE, VT_CSI, VT_CHARSET, VT_CHARSET_G1, VT_OSC, VT_OSC_ESCAPE };

/* The line drawing set's letters, as Unicode's lines (curses' ACS) */
static inline wchar_t vt_line(wchar_t letter)
{
    static const struct { char letter; wchar_t line; } LINES_[] = {
        {'q', 0x2500}, {'x', 0x2502}, {'l', 0x250C}, {'k', 0x2510}, {'m', 0x2514}, {'j', 0x2518},
        {'t', 0x251C}, {'u', 0x2524}, {'w', 0x252C}, {'v', 0x2534}, {'n', 0x253C}, {'a', 0x2592},
        {'`', 0x25C6}, {'f', 0x00B0}, {'g', 0x00B1}, {'~', 0x00B7}, {'0', 0x2588}, {',', 0x2190},
        {'+', 0x2192}, {'.', 0x2193}, {'-', 0x2191}, {'h', 0x2592}, {'y', 0x2264}, {'z', 0x2265},
        {'{', 0x03C0}, {'|', 0x2260}, {'}', 0x00A3},
    };
    for (size_t i = 0; i < sizeof LINES_ / sizeof LINES_[0]; ++i) {
        if (LINES_[i].letter == letter) return LINES_[i].line;
    }
    return letter;
}

static inline void vt_unknown(Vt *vt, const char *what)
{
    if (vt->unknown[0] != '\0') return;
    snprintf(vt->unknown, sizeof vt->unknown, "%s", what);
}

static inline VtCell vt_blank(const Vt *vt)
{
    return (VtCell){L' ', VT_DEFAULT, vt->pen.bg, 0};   /* bce */
}

static inline void vt_reset_pen(Vt *vt)
{
    vt->pen = (VtCell){L' ', VT_DEFAULT, VT_DEFAULT, 0};
}

static inline void vt_init(Vt *vt, int rows, int cols, bool utf8)
{
    memset(vt, 0, sizeof *vt);
    vt->rows = rows;
    vt->cols = cols;
    vt->utf8 = utf8;
    vt->autowrap = true;
    vt->bottom = rows - 1;
    vt_reset_pen(vt);
    for (int y = 0; y < rows; ++y) {
        for (int x = 0; x < cols; ++x) vt->cells[y][x] = vt_blank(vt);
    }
}

/* The terminal made rows x cols, as xterm does: what it showed stays
 * where it was, what's new is blank */
static inline void vt_resize(Vt *vt, int rows, int cols)
{
    for (int y = 0; y < VT_ROWS_MOST; ++y) {
        for (int x = 0; x < VT_COLS_MOST; ++x) {
            if (y >= vt->rows || x >= vt->cols) vt->cells[y][x] = (VtCell){L' ', VT_DEFAULT, VT_DEFAULT, 0};
        }
    }
    vt->rows = rows;
    vt->cols = cols;
    vt->top = 0;
    vt->bottom = rows - 1;
    vt->y = vt->y < rows ? vt->y : rows - 1;
    vt->x = vt->x < cols ? vt->x : cols - 1;
    vt->wrap_next = false;
}

static inline void vt_erase(Vt *vt, int y, int from, int to)
{
    for (int x = from; x < to && x < vt->cols; ++x) vt->cells[y][x] = vt_blank(vt);
}

/* Rows top..bottom moved up by n (down, if n < 0), blank rows coming in */
static inline void vt_scroll(Vt *vt, int top, int bottom, int n)
{
    for (; n > 0; --n) {
        for (int y = top; y < bottom; ++y) memcpy(vt->cells[y], vt->cells[y + 1], sizeof vt->cells[y]);
        vt_erase(vt, bottom, 0, vt->cols);
    }
    for (; n < 0; ++n) {
        for (int y = bottom; y > top; --y) memcpy(vt->cells[y], vt->cells[y - 1], sizeof vt->cells[y]);
        vt_erase(vt, top, 0, vt->cols);
    }
}

static inline void vt_line_feed(Vt *vt)
{
    vt->wrap_next = false;
    if (vt->y == vt->bottom) vt_scroll(vt, vt->top, vt->bottom, 1);
    else if (vt->y < vt->rows - 1) ++vt->y;
}

static inline void vt_print(Vt *vt, wchar_t ch)
{
    if (vt->shifted ? vt->g1_graphics : vt->graphics) ch = vt_line(ch);
    if (vt->wrap_next && vt->autowrap) {
        vt->x = 0;
        vt_line_feed(vt);
    }
    vt->wrap_next = false;
    VtCell *row = vt->cells[vt->y];
    if (vt->insert) memmove(&row[vt->x + 1], &row[vt->x], sizeof row[0] * (size_t)(vt->cols - vt->x - 1));
    row[vt->x] = vt->pen;
    row[vt->x].ch = ch;
    vt->last = ch;
    if (vt->x == vt->cols - 1) vt->wrap_next = true;
    else ++vt->x;
}

static inline int vt_clamp(int v, int low, int high)
{
    return v < low ? low : v > high ? high : v;
}

static inline void vt_move(Vt *vt, int y, int x)
{
    vt->y = vt_clamp(y, 0, vt->rows - 1);
    vt->x = vt_clamp(x, 0, vt->cols - 1);
    vt->wrap_next = false;
}

/* One SGR's parameters */
static inline void vt_sgr(Vt *vt, const int *p, int n)
{
    if (n == 0) vt_reset_pen(vt);
    for (int i = 0; i < n; ++i) {
        int v = p[i];
        static const unsigned ON[10] = {0, VT_BOLD, VT_DIM, VT_ITALIC, VT_UNDERLINE, VT_BLINK, 0, VT_REVERSE, VT_INVISIBLE, 0};
        if (v == 0) vt_reset_pen(vt);
        else if (v < 10 && ON[v] != 0) vt->pen.attrs |= ON[v];
        else if (v == 22) vt->pen.attrs &= ~(unsigned)(VT_BOLD | VT_DIM);
        else if (v == 23) vt->pen.attrs &= ~(unsigned)VT_ITALIC;
        else if (v == 24) vt->pen.attrs &= ~(unsigned)VT_UNDERLINE;
        else if (v == 25) vt->pen.attrs &= ~(unsigned)VT_BLINK;
        else if (v == 27) vt->pen.attrs &= ~(unsigned)VT_REVERSE;
        else if (v == 28) vt->pen.attrs &= ~(unsigned)VT_INVISIBLE;
        else if (v >= 30 && v <= 37) vt->pen.fg = v - 30;
        else if (v >= 90 && v <= 97) vt->pen.fg = v - 90 + 8;
        else if (v >= 40 && v <= 47) vt->pen.bg = v - 40;
        else if (v >= 100 && v <= 107) vt->pen.bg = v - 100 + 8;
        else if (v == 39) vt->pen.fg = VT_DEFAULT;
        else if (v == 49) vt->pen.bg = VT_DEFAULT;
        else if ((v == 38 || v == 48) && i + 2 < n && p[i + 1] == 5) {
            *(v == 38 ? &vt->pen.fg : &vt->pen.bg) = p[i + 2];
            i += 2;
        } else {
            vt_unknown(vt, "an SGR parameter");
        }
    }
}

/* The private modes (CSI ? n h or l) */
static inline void vt_mode(Vt *vt, const int *p, int n, bool on)
{
    for (int i = 0; i < n; ++i) {
        if (p[i] == 7) vt->autowrap = on;
        else if (p[i] == 1049 && on) {   /* the alternate screen, cleared */
            vt_reset_pen(vt);
            for (int y = 0; y < vt->rows; ++y) vt_erase(vt, y, 0, vt->cols);
        }
        /* 1 (keypad), 12 (blinking cursor), 25 (cursor shown), 1034, 1049l: nothing shown */
    }
}

static inline void vt_erase_display(Vt *vt, int how)
{
    if (how == 0) {
        vt_erase(vt, vt->y, vt->x, vt->cols);
        for (int y = vt->y + 1; y < vt->rows; ++y) vt_erase(vt, y, 0, vt->cols);
    } else if (how == 1) {
        for (int y = 0; y < vt->y; ++y) vt_erase(vt, y, 0, vt->cols);
        vt_erase(vt, vt->y, 0, vt->x + 1);
    } else {
        for (int y = 0; y < vt->rows; ++y) vt_erase(vt, y, 0, vt->cols);
    }
}

static inline void vt_chars(Vt *vt, char final, int n)
{
    VtCell *row = vt->cells[vt->y];
    int right = vt->cols - vt->x;
    if (n > right) n = right;
    if (final == '@') {
        memmove(&row[vt->x + n], &row[vt->x], sizeof row[0] * (size_t)(right - n));
        vt_erase(vt, vt->y, vt->x, vt->x + n);
    } else if (final == 'P') {
        memmove(&row[vt->x], &row[vt->x + n], sizeof row[0] * (size_t)(right - n));
        vt_erase(vt, vt->y, vt->cols - n, vt->cols);
    } else {   /* X */
        vt_erase(vt, vt->y, vt->x, vt->x + n);
    }
    vt->wrap_next = false;
}

/* A CSI's numbers, after its private mark if any: false if it has
 * something else among them */
static inline bool vt_params(Vt *vt, const char *from, int *p, int *count)
{
    const char *end = vt->seq + vt->seq_length - 1;
    int n = 0;
    for (const char *c = from; c < end; ++c) {
        if (*c >= '0' && *c <= '9' && p[n] < 100000) p[n] = p[n] * 10 + (*c - '0');
        else if (*c == ';' && n < VT_PARAMS - 1) ++n;
        else return false;
    }
    *count = from < end ? n + 1 : 0;
    return true;
}

static inline void vt_soft_reset(Vt *vt)
{
    vt_reset_pen(vt);
    vt->insert = vt->graphics = vt->shifted = false;
    vt->autowrap = true;
    vt->top = 0;
    vt->bottom = vt->rows - 1;
}

static inline void vt_csi(Vt *vt)
{
    const char *s = vt->seq;
    char final = s[vt->seq_length - 1];
    bool private = s[0] == '?', bang = s[0] == '!';
    int p[VT_PARAMS] = {0}, n = 0;
    if (!vt_params(vt, s + (private || bang), p, &n)) {
        vt_unknown(vt, vt->seq);
        return;
    }
    int first = n > 0 && p[0] > 0 ? p[0] : 1;
    if (private) {
        if (final == 'h' || final == 'l') vt_mode(vt, p, n, final == 'h');
        else vt_unknown(vt, vt->seq);
        return;
    }
    if (bang) {   /* the soft reset */
        if (final != 'p') vt_unknown(vt, vt->seq);
        vt_soft_reset(vt);
        return;
    }
    switch (final) {
    case 'm': vt_sgr(vt, p, n); break;
    case 'H': case 'f': vt_move(vt, (n > 0 && p[0] ? p[0] : 1) - 1, (n > 1 && p[1] ? p[1] : 1) - 1); break;
    case 'A': vt_move(vt, vt->y - first, vt->x); break;
    case 'B': vt_move(vt, vt->y + first, vt->x); break;
    case 'C': vt_move(vt, vt->y, vt->x + first); break;
    case 'D': vt_move(vt, vt->y, vt->x - first); break;
    case 'G': vt_move(vt, vt->y, first - 1); break;
    case 'd': vt_move(vt, first - 1, vt->x); break;
    case 'K':
        if (p[0] == 0) vt_erase(vt, vt->y, vt->x, vt->cols);
        else if (p[0] == 1) vt_erase(vt, vt->y, 0, vt->x + 1);
        else vt_erase(vt, vt->y, 0, vt->cols);
        vt->wrap_next = false;
        break;
    case 'J': vt_erase_display(vt, p[0]); vt->wrap_next = false; break;
    case '@': case 'P': case 'X': vt_chars(vt, final, first); break;
    case 'L': case 'M':
        if (vt->y >= vt->top && vt->y <= vt->bottom) vt_scroll(vt, vt->y, vt->bottom, final == 'L' ? -first : first);
        vt->x = 0;
        vt->wrap_next = false;
        break;
    case 'S': vt_scroll(vt, vt->top, vt->bottom, first); break;
    case 'T': vt_scroll(vt, vt->top, vt->bottom, -first); break;
    case 'b': for (int i = 0; i < first; ++i) vt_print(vt, vt->last); break;
    case 'r':
        vt->top = (n > 0 && p[0] ? p[0] : 1) - 1;
        vt->bottom = (n > 1 && p[1] ? p[1] : vt->rows) - 1;
        vt_move(vt, 0, 0);
        break;
    case 'h': case 'l':
        if (n == 1 && p[0] == 4) vt->insert = final == 'h';
        else vt_unknown(vt, vt->seq);
        break;
    case 't': break;   /* the window's title stack: nothing shown */
    default: vt_unknown(vt, vt->seq);
    }
}

static inline void vt_escape(Vt *vt, char c)
{
    vt->state = VT_GROUND;
    switch (c) {
    case '[': vt->state = VT_CSI; vt->seq_length = 0; break;
    case '(': vt->state = VT_CHARSET; break;
    case ')': vt->state = VT_CHARSET_G1; break;
    case ']': vt->state = VT_OSC; break;
    case '7': vt->saved_y = vt->y; vt->saved_x = vt->x; break;
    case '8': vt_move(vt, vt->saved_y, vt->saved_x); break;
    case 'M':
        if (vt->y == vt->top) vt_scroll(vt, vt->top, vt->bottom, -1);
        else vt_move(vt, vt->y - 1, vt->x);
        break;
    case 'E': vt->x = 0; vt_line_feed(vt); break;
    case '=': case '>': break;   /* the keypad's mode */
    default: {
        char what[16];
        snprintf(what, sizeof what, "ESC %c", c);
        vt_unknown(vt, what);
    }
    }
}

static inline void vt_control(Vt *vt, unsigned char c)
{
    switch (c) {
    case '\r': vt->x = 0; vt->wrap_next = false; break;
    case '\n': vt_line_feed(vt); break;
    case '\b': if (vt->x > 0) --vt->x; vt->wrap_next = false; break;
    case '\t': vt_move(vt, vt->y, (vt->x / 8 + 1) * 8); break;
    case '\a': break;
    case 0x0E: vt->shifted = true; break;    /* SO */
    case 0x0F: vt->shifted = false; break;   /* SI */
    case 0x1B: vt->state = VT_ESCAPE; break;
    default: vt_unknown(vt, "a control character");
    }
}

/* One byte of a character: false until a whole one is read */
static inline bool vt_decode(Vt *vt, unsigned char c, wchar_t *out)
{
    if (!vt->utf8 || c < 0x80) {
        *out = c;
        return true;
    }
    if (c >= 0xC0) {
        vt->partial_left = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
        vt->partial = c & (0x3F >> vt->partial_left);
        return false;
    }
    if (vt->partial_left == 0) {
        vt_unknown(vt, "a stray UTF-8 byte");
        return false;
    }
    vt->partial = (vt->partial << 6) | (c & 0x3F);
    if (--vt->partial_left > 0) return false;
    *out = vt->partial;
    return true;
}

static inline void vt_byte(Vt *vt, unsigned char c)
{
    switch (vt->state) {
    case VT_ESCAPE: vt_escape(vt, (char)c); return;
    case VT_CHARSET: vt->graphics = c == '0'; vt->state = VT_GROUND; return;
    case VT_CHARSET_G1: vt->g1_graphics = c == '0'; vt->state = VT_GROUND; return;
    case VT_OSC: if (c == 0x07) vt->state = VT_GROUND; else if (c == 0x1B) vt->state = VT_OSC_ESCAPE; return;
    case VT_OSC_ESCAPE: vt->state = VT_GROUND; return;
    case VT_CSI:
        if (vt->seq_length < (int)sizeof vt->seq - 1) vt->seq[vt->seq_length++] = (char)c;
        vt->seq[vt->seq_length] = '\0';
        if (c >= 0x40 && c <= 0x7E) {
            vt->state = VT_GROUND;
            vt_csi(vt);
        }
        return;
    default: break;
    }
    if (c < 0x20 || c == 0x7F) {
        vt_control(vt, c);
        return;
    }
    wchar_t ch;
    if (vt_decode(vt, c, &ch)) vt_print(vt, ch);
}

static inline void vt_feed(Vt *vt, const char *bytes, size_t n)
{
    for (size_t i = 0; i < n; ++i) vt_byte(vt, (unsigned char)bytes[i]);
}

/* A cell as a person sees it: reverse applied, and a blank's letter
 * colour and boldness (which show nowhere) left out */
static inline VtCell vt_seen(VtCell c)
{
    if (c.attrs & VT_REVERSE) {
        int fg = c.fg;
        c.fg = c.bg == VT_DEFAULT ? -2 : c.bg;     /* -2: the terminal's own back */
        c.bg = fg == VT_DEFAULT ? -3 : fg;         /* -3: its own letters' colour */
        c.attrs &= ~(unsigned)VT_REVERSE;
    }
    if (c.attrs & VT_INVISIBLE) c.ch = L' ';
    if (c.ch == L' ' && !(c.attrs & VT_UNDERLINE)) {
        c.fg = 0;
        c.attrs = 0;
    }
    return c;
}

static inline bool vt_same_seen(VtCell a, VtCell b)
{
    a = vt_seen(a);
    b = vt_seen(b);
    return a.ch == b.ch && a.fg == b.fg && a.bg == b.bg && a.attrs == b.attrs;
}

#endif
