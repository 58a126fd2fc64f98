/* The terminal's output: what curses' stdscr holds, sent to the terminal
 * in fewer bytes than curses' own refresh sends it. curses sends a row's
 * changed cells left to right, so where walls and floors alternate (the
 * edge of what's in sight, a room passing into memory) nearly every
 * character costs a colour escape of its own, 11 to 22 bytes. Here the
 * changed cells are sent a pen (a colour pair and attributes) at a time:
 * each pen's escape once a frame and the cursor moved between its cells
 * by the fewest bytes the terminal has for it; the escapes of one change
 * of pen merged into one.
 *
 * Colours and attributes are sent by the terminal's own capabilities
 * (setaf, setab, op, sgr0, bold...), as curses would send them; curses
 * isn't told of them, so the program puts the terminal back itself
 * before endwin (plain colours) and suspends itself on Ctrl-Z, where
 * curses would do neither knowing of them. A terminal this can't serve
 * is left to curses' refresh (term_out_new gives NULL), and so is a
 * frame with a cell this doesn't send (a wide character). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "terminal.h"

typedef struct OutCell {
    wchar_t ch;
    attr_t attrs;            /* without the colour pair */
    int pair;
} OutCell;

/* The cursor moves this many columns at most by rewriting the cells it
 * passes, or back by as many backspaces */
enum { REWRITE_MOST = 8, BACKSPACES_MOST = 4, MOVE_MOST = 64 };

struct TermOut {
    int fd;
    int rows, cols;
    bool known;              /* shown is what the terminal shows */
    OutCell *shown, *want;
    int *changed;            /* the cells this frame sends, by index */
    int y, x;                /* the terminal's cursor, when placed */
    bool placed;
    attr_t attrs;            /* the pen vid_puts was given last */
    int pair;
    bool utf8;               /* the locale's characters are UTF-8 */
    const char *cup, *hpa, *vpa, *cuf, *cuf1, *cub1, *cuu, *cuu1, *cud, *cr, *clear;
    const char *sgr0, *op, *setaf, *setab;
    char *buf;
    size_t length, size;
};

/* ---- The bytes ---------------------------------------------------------- */

static bool reserve(TermOut *o, size_t more)
{
    if (o->length + more <= o->size) return true;
    size_t size = o->size * 2 > o->length + more ? o->size * 2 : o->length + more;
    char *grown = realloc(o->buf, size);
    if (grown == NULL) return false;
    o->buf = grown;
    o->size = size;
    return true;
}

static void put_bytes(TermOut *o, const char *bytes, size_t n)
{
    if (n == 0 || !reserve(o, n)) return;
    memcpy(o->buf + o->length, bytes, n);
    o->length += n;
}

/* A terminfo string, or NULL if the terminal has none */
static const char *cap(const char *name)
{
    char *text = tigetstr(name);
    return text == NULL || text == (char *)-1 ? NULL : text;
}

/* How long the padding at s is ("$<5>", "$<2.5*>", "$<50/>"), or 0 if
 * there's none there */
static size_t padding_at(const char *s)
{
    if (s[0] != '$' || s[1] != '<') return 0;
    size_t i = 2, digits = 0;
    while ((s[i] >= '0' && s[i] <= '9') || s[i] == '.') digits += s[i++] != '.';
    while (s[i] == '*' || s[i] == '/') ++i;
    return digits > 0 && s[i] == '>' ? i + 1 : 0;
}

size_t term_out_unpadded(const char *text, char *out, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; text[i] != '\0';) {
        size_t skip = padding_at(text + i);
        if (skip > 0) {
            i += skip;
            continue;
        }
        if (n + 1 >= size) return SIZE_MAX;
        out[n++] = text[i++];
    }
    if (size > 0) out[n] = '\0';
    return n;
}

/* A terminfo string, without its padding: a delay for a terminal of the
 * 1980s, which tputs turns into pause characters (or, where the terminal
 * keeps up, nothing) and which written as it stands shows as text */
static void put_cap(TermOut *o, const char *text)
{
    if (text == NULL) return;
    while (*text != '\0') {
        size_t skip = padding_at(text), run = 0;
        if (skip > 0) {
            text += skip;
            continue;
        }
        while (text[run] != '\0' && padding_at(text + run) == 0) ++run;
        put_bytes(o, text, run);
        text += run;
    }
}

/* Everything gathered, to the terminal (a terminal that's gone takes
 * nothing: the loop notices it hung up) */
static void flush(TermOut *o)
{
    size_t done = 0;
    while (done < o->length) {
        ssize_t n = write(o->fd, o->buf + done, o->length - done);
        if (n > 0) done += (size_t)n;
        else if (n < 0 && errno == EINTR) continue;
        else break;
    }
    o->length = 0;
}

/* ---- Pens ----------------------------------------------------------------- */

/* One SGR parameter's command (38;5;n is one, 39 another), as numbers */
typedef struct SgrItem {
    int values[5];
    int count;
} SgrItem;

enum { SGR_ITEMS_MOST = 24 };

static bool sets_fg(const SgrItem *i)
{
    int v = i->values[0];
    return (v >= 30 && v <= 38) || (v >= 90 && v <= 97);
}

static bool sets_bg(const SgrItem *i)
{
    int v = i->values[0];
    return (v >= 40 && v <= 48) || (v >= 100 && v <= 107);
}

/* The items of one "ESC [ params m": false if it isn't one (or is too long) */
static bool parse_sgr(const char *s, size_t n, SgrItem *items, int *count)
{
    int numbers[64], got = 0, value = 0;
    for (size_t i = 0; i < n; ++i) {
        if (s[i] >= '0' && s[i] <= '9') {
            if (value > 100000) return false;
            value = value * 10 + (s[i] - '0');
        } else if (s[i] == ';' && got < 63) {
            numbers[got++] = value;
            value = 0;
        } else {
            return false;
        }
    }
    numbers[got++] = value;
    for (int i = 0; i < got && *count < SGR_ITEMS_MOST;) {
        SgrItem *item = &items[(*count)++];
        int take = (numbers[i] == 38 || numbers[i] == 48) && i + 1 < got ? (numbers[i + 1] == 5 ? 3 : numbers[i + 1] == 2 ? 5 : 1) : 1;
        if (i + take > got) return false;
        item->count = take;
        memcpy(item->values, &numbers[i], sizeof numbers[0] * (size_t)take);
        i += take;
    }
    return *count < SGR_ITEMS_MOST;
}

/* The items as one escape, leaving out what a later item undoes: a reset
 * makes all before it moot, "39" before another colour for the letters
 * is moot, "49" likewise for the back */
static size_t write_sgr(const SgrItem *items, int count, char *out)
{
    int first = 0;
    for (int i = 0; i < count; ++i) {
        if (items[i].values[0] == 0) first = i;
    }
    size_t n = 0;
    out[n++] = '\033';
    out[n++] = '[';
    bool any = false;
    for (int i = first; i < count; ++i) {
        bool moot = false;
        for (int j = i + 1; j < count; ++j) {
            moot = moot || (items[i].values[0] == 39 && sets_fg(&items[j])) ||
                   (items[i].values[0] == 49 && sets_bg(&items[j]));
        }
        if (moot) continue;
        for (int k = 0; k < items[i].count; ++k) {
            if (any) out[n++] = ';';
            n += (size_t)snprintf(out + n, 8, "%d", items[i].values[k]);
            any = true;
        }
    }
    out[n++] = 'm';
    return n;
}

/* The escapes vid_puts wrote from start on: a run of SGR escapes side by
 * side merged into one (the terminal applies their parameters in order
 * either way); anything else (a character set's switch) left as it is */
static void merge_sgr(TermOut *o, size_t start)
{
    char merged[512];
    size_t n = 0, i = start, end = o->length;
    SgrItem items[SGR_ITEMS_MOST];
    int count = 0;
    while (i < end) {
        const char *s = o->buf + i;
        size_t stop = i + 1;
        while (stop < end && o->buf[stop] != '\033') ++stop;
        bool sgr = stop - i >= 3 && s[0] == '\033' && s[1] == '[' && o->buf[stop - 1] == 'm' &&
                   parse_sgr(s + 2, stop - i - 3, items, &count);
        if (!sgr) {
            if (count > 0) n += write_sgr(items, count, merged + n);
            count = 0;
            if (n + (stop - i) > sizeof merged - 160) return;   /* too long: as it was */
            memcpy(merged + n, s, stop - i);
            n += stop - i;
        }
        i = stop;
    }
    if (count > 0) n += write_sgr(items, count, merged + n);
    if (n == 0 || n > end - start) return;   /* nothing written, or no shorter */
    memcpy(o->buf + start, merged, n);
    o->length = start + n;
}

/* A pair's colours (-1: the terminal's own) */
static void pair_colors(int pair, int *fg, int *bg)
{
    if (pair == 0 || extended_pair_content(pair, fg, bg) == ERR) *fg = *bg = -1;
}

/* The attributes this output sets, with the capability that sets each */
static const struct { attr_t attr; const char *cap; } ATTRS[] = {
    {A_BOLD, "bold"}, {A_DIM, "dim"}, {A_UNDERLINE, "smul"}, {A_REVERSE, "rev"},
};

enum { ATTR_COUNT = (int)(sizeof ATTRS / sizeof ATTRS[0]) };

static attr_t attrs_sent(void)
{
    attr_t all = 0;
    for (int i = 0; i < ATTR_COUNT; ++i) all |= ATTRS[i].attr;
    return all;
}

/* The escapes from the pen that's set to attrs and pair, as curses'
 * refresh would send them, merged */
static void set_pen(TermOut *o, attr_t attrs, int pair)
{
    size_t start = o->length;
    attr_t now = o->attrs;
    int fg, bg, now_fg, now_bg;
    pair_colors(pair, &fg, &bg);
    pair_colors(o->pair, &now_fg, &now_bg);
    if (now & ~attrs) {   /* one off: all off, the colours too */
        put_cap(o, o->sgr0);
        now = A_NORMAL;
        now_fg = now_bg = -1;
    }
    for (int i = 0; i < ATTR_COUNT; ++i) {
        if ((attrs & ~now) & ATTRS[i].attr) put_cap(o, cap(ATTRS[i].cap));
    }
    if ((fg < 0 && now_fg >= 0) || (bg < 0 && now_bg >= 0)) {
        put_cap(o, o->op);
        now_fg = now_bg = -1;
    }
    if (fg != now_fg) put_cap(o, tiparm(o->setaf, fg));
    if (bg != now_bg) put_cap(o, tiparm(o->setab, bg));
    merge_sgr(o, start);
    o->attrs = attrs;
    o->pair = pair;
}

/* ---- The cursor ------------------------------------------------------------ */

typedef struct Move {
    char text[MOVE_MOST];
    size_t length;
} Move;

/* A way to move the cursor, kept if it's the shortest yet (its padding
 * left out, as put_cap leaves it out) */
static void consider(Move *best, const char *text)
{
    char plain[MOVE_MOST];
    size_t length = text != NULL ? term_out_unpadded(text, plain, sizeof plain) : SIZE_MAX;
    if (length < best->length) {
        memcpy(best->text, plain, length);
        best->length = length;
    }
}

/* A character's bytes in the locale's encoding (a cell that doesn't
 * encode is never sent this way: see readable) */
static size_t encode(wchar_t ch, char *out)
{
    mbstate_t state;
    memset(&state, 0, sizeof state);
    size_t n = wcrtomb(out, ch, &state);
    return n == (size_t)-1 ? 0 : n;
}

/* Moving right along row y over cells that already show what they
 * should, in the pen that's set, by writing them again */
static bool rewrite(const TermOut *o, int y, int x, Move *out)
{
    if (x <= o->x || x - o->x > REWRITE_MOST) return false;
    size_t n = 0;
    for (int c = o->x; c < x; ++c) {
        const OutCell *s = &o->shown[y * o->cols + c], *w = &o->want[y * o->cols + c];
        if (s->ch != w->ch || s->attrs != w->attrs || s->pair != w->pair) return false;
        if (s->attrs != o->attrs || s->pair != o->pair || n + MB_LEN_MAX >= sizeof out->text) return false;
        size_t got = encode(s->ch, out->text + n);
        if (got == 0) return false;
        n += got;
    }
    out->text[n] = '\0';
    out->length = n;
    return true;
}

/* The fewest bytes from the cursor's column to x, in its row (by
 * rewriting cells too, if the cursor is on row y) */
static Move across(const TermOut *o, int y, int x)
{
    Move best = {"", x == o->x ? 0 : SIZE_MAX};
    if (x == o->x) return best;
    if (x > o->x) {
        if (x == o->x + 1) consider(&best, o->cuf1);
        if (o->cuf != NULL) consider(&best, tiparm(o->cuf, x - o->x));
        Move again;
        if (o->y == y && rewrite(o, y, x, &again) && again.length < best.length) best = again;
    } else if (o->cub1 != NULL && o->x - x <= BACKSPACES_MOST) {
        char text[MOVE_MOST] = "";
        for (int i = 0; i < o->x - x; ++i) strncat(text, o->cub1, sizeof text - strlen(text) - 1);
        consider(&best, text);
    }
    if (o->hpa != NULL) consider(&best, tiparm(o->hpa, x));
    if (x == 0) consider(&best, o->cr);
    return best;
}

/* The fewest bytes from the cursor's row to y, in its column */
static Move down_or_up(const TermOut *o, int y)
{
    Move best = {"", y == o->y ? 0 : SIZE_MAX};
    if (y == o->y) return best;
    if (o->vpa != NULL) consider(&best, tiparm(o->vpa, y));
    if (y < o->y && y == o->y - 1) consider(&best, o->cuu1);
    if (y < o->y && o->cuu != NULL) consider(&best, tiparm(o->cuu, o->y - y));
    if (y > o->y && o->cud != NULL) consider(&best, tiparm(o->cud, y - o->y));
    return best;
}

static void consider_two(Move *best, const Move *first, const Move *second)
{
    if (first->length == SIZE_MAX || second->length == SIZE_MAX) return;
    char text[2 * MOVE_MOST];
    snprintf(text, sizeof text, "%.*s%.*s", (int)first->length, first->text, (int)second->length, second->text);
    consider(best, text);
}

/* The cursor to y, x by the fewest bytes this terminal has for it: the
 * address, or a move down or up and one across (the row's cells
 * rewritten first, if that's the cheaper way across) */
static void move_to(TermOut *o, int y, int x)
{
    if (o->placed && o->y == y && o->x == x) return;
    Move best = {"", SIZE_MAX};
    consider(&best, tiparm(o->cup, y, x));
    if (o->placed) {
        Move vertical = down_or_up(o, y), here = across(o, o->y, x);
        TermOut below = *o;
        below.y = y;
        Move there = across(&below, y, x);
        consider_two(&best, &vertical, &there);
        consider_two(&best, &here, &vertical);
    }
    put_bytes(o, best.text, best.length);
    o->y = y;
    o->x = x;
    o->placed = true;
}

/* ---- Reading the screen ----------------------------------------------------- */

/* The box lines curses keeps as the alternate character set's letters,
 * as Unicode's */
static wchar_t box_line(wchar_t letter)
{
    static const struct { char letter; wchar_t line; } LINES_[] = {
        {'q', 0x2500}, {'x', 0x2502}, {'l', 0x250C}, {'k', 0x2510}, {'m', 0x2514}, {'j', 0x2518},
        {'t', 0x251C}, {'u', 0x2524}, {'w', 0x252C}, {'v', 0x2534}, {'n', 0x253C},
    };
    for (size_t i = 0; i < sizeof LINES_ / sizeof LINES_[0]; ++i) {
        if (LINES_[i].letter == letter) return LINES_[i].line;
    }
    return 0;
}

/* One cell of stdscr; false if it's one this output doesn't send (a wide
 * or combined character, a line it can't draw): curses sends that frame */
static bool read_cell(TermOut *o, int y, int x, OutCell *out)
{
    cchar_t cell;
    wchar_t text[CCHARW_MAX + 1] = {0};
    attr_t attrs = 0;
    short pair = 0;
    int extended = 0;
    if (mvwin_wch(stdscr, y, x, &cell) == ERR || getcchar(&cell, text, &attrs, &pair, &extended) == ERR) return false;
    out->ch = text[0];
    out->attrs = attrs & (A_ATTRIBUTES & ~A_COLOR);
    out->pair = extended;
    if (out->attrs & A_ALTCHARSET) {
        out->ch = o->utf8 ? box_line(text[0]) : 0;
        out->attrs &= ~A_ALTCHARSET;
    }
    if (out->attrs & ~attrs_sent()) return false;
    char bytes[MB_LEN_MAX];
    return text[1] == 0 && out->ch != 0 && wcwidth(out->ch) == 1 && encode(out->ch, bytes) > 0;
}

static bool read_screen(TermOut *o)
{
    for (int y = 0; y < o->rows; ++y) {
        for (int x = 0; x < o->cols; ++x) {
            if (!read_cell(o, y, x, &o->want[y * o->cols + x])) return false;
        }
    }
    return true;
}

/* ---- Making --------------------------------------------------------------- */

TermOut *term_out_new(int fd)
{
    /* a terminal that would scroll on its last cell, or can't address
     * the cursor, is left to curses */
    bool wraps_badly = tigetflag("am") > 0 && tigetflag("xenl") <= 0;
    /* colours are set as curses would, by setaf, setab and op; where
     * some attributes can't go with colours (ncv), curses knows which */
    bool colors = !has_colors() || (cap("setaf") && cap("setab") && cap("op") && tigetnum("ncv") <= 0);
    if (cap("cup") == NULL || cap("clear") == NULL || cap("sgr0") == NULL || wraps_badly || !colors) return NULL;
    TermOut *o = calloc(1, sizeof *o);
    if (o == NULL) return NULL;
    o->fd = fd;
    o->cup = cap("cup");
    o->hpa = cap("hpa");
    o->vpa = cap("vpa");
    o->cuf = cap("cuf");
    o->cuf1 = cap("cuf1");
    o->cub1 = cap("cub1");
    o->cuu = cap("cuu");
    o->cuu1 = cap("cuu1");
    o->cud = cap("cud");
    o->cr = cap("cr");
    o->clear = cap("clear");
    o->sgr0 = cap("sgr0");
    o->op = cap("op");
    o->setaf = cap("setaf");
    o->setab = cap("setab");
    const char *set = nl_langinfo(CODESET);
    o->utf8 = set != NULL && (strcmp(set, "UTF-8") == 0 || strcmp(set, "utf8") == 0);
    refresh();   /* curses' own start sent first: the alternate screen, cleared */
    return o;
}

void term_out_free(TermOut *out)
{
    if (out == NULL) return;
    free(out->shown);
    free(out->want);
    free(out->changed);
    free(out->buf);
    free(out);
}

void term_out_forget(TermOut *out)
{
    out->known = false;
}

static bool fit(TermOut *o, int rows, int cols)
{
    if (o->rows == rows && o->cols == cols && o->shown != NULL) return true;
    size_t cells = (size_t)rows * (size_t)cols;
    free(o->shown);
    free(o->want);
    free(o->changed);
    o->shown = calloc(cells, sizeof *o->shown);
    o->want = calloc(cells, sizeof *o->want);
    o->changed = calloc(cells, sizeof *o->changed);
    o->rows = o->shown && o->want && o->changed ? rows : 0;
    o->cols = o->rows > 0 ? cols : 0;
    o->known = false;
    return o->rows > 0;
}

/* ---- Sending ---------------------------------------------------------------- */

/* The screen cleared, in plain colours (a back colour set would fill it) */
static void clear_all(TermOut *o)
{
    set_pen(o, A_NORMAL, 0);
    put_cap(o, o->clear);
    for (int i = 0; i < o->rows * o->cols; ++i) o->shown[i] = (OutCell){L' ', A_NORMAL, 0};
    o->y = o->x = 0;
    o->placed = true;
    o->known = true;
}

static bool same(const OutCell *a, const OutCell *b)
{
    return a->ch == b->ch && a->attrs == b->attrs && a->pair == b->pair;
}

static void send_cell(TermOut *o, int index)
{
    int y = index / o->cols, x = index % o->cols;
    move_to(o, y, x);
    char bytes[MB_LEN_MAX];
    put_bytes(o, bytes, encode(o->want[index].ch, bytes));
    o->shown[index] = o->want[index];
    o->x = x + 1;
    /* past the last column the cursor waits to wrap: it's placed anew */
    if (o->x >= o->cols) o->placed = false;
}

static bool pen_set(const TermOut *o, const OutCell *c)
{
    return c->attrs == o->attrs && c->pair == o->pair;
}

/* The changed cells, a pen at a time: the pen that's set first, then
 * each in the order it first comes */
static void send_changes(TermOut *o, int remaining)
{
    while (remaining > 0) {
        int lead = 0;
        while (lead < remaining && !pen_set(o, &o->want[o->changed[lead]])) ++lead;
        if (lead == remaining) {
            const OutCell *first = &o->want[o->changed[0]];
            set_pen(o, first->attrs, first->pair);
        }
        int kept = 0;
        for (int i = 0; i < remaining; ++i) {
            int index = o->changed[i];
            if (pen_set(o, &o->want[index])) send_cell(o, index);
            else o->changed[kept++] = index;
        }
        remaining = kept;
    }
}

/* A frame curses sends itself, from a cleared screen: what this output
 * can't send. Then curses' pen is the plain one. */
static void curses_sends(TermOut *o)
{
    clearok(curscr, TRUE);
    refresh();
    memcpy(o->shown, o->want, sizeof *o->shown * (size_t)o->rows * (size_t)o->cols);
    o->attrs = A_NORMAL;
    o->pair = 0;
    o->placed = false;
    o->known = true;
}

void term_out_show(TermOut *out)
{
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    if (!fit(out, rows, cols)) return;
    if (!read_screen(out)) {
        curses_sends(out);
        return;
    }
    out->placed = false;
    if (!out->known) clear_all(out);
    int count = 0;
    for (int i = 0; i < rows * cols; ++i) {
        if (!same(&out->shown[i], &out->want[i])) out->changed[count++] = i;
    }
    send_changes(out, count);
    flush(out);
}
