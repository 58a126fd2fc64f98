/* The terminal's own output (term_out.c) shows what curses' would: the
 * same game played twice side by side, the same keys to both, one sent
 * by curses' refresh and one as the game sends it (term_out_show), each
 * on a pty of 80 x 24 taken for a terminal (xterm-256color, the
 * benchmark's, in UTF-8 and in C's locale, where the box lines are
 * - | +; xterm's 8 colours; tmux's own); what each pty got read
 * by a terminal model (vt.h), and after every step of every screen both
 * terminals show the same, and what curses holds (stdscr). The model is
 * checked by curses' own side: what refresh sent shows what stdscr holds.
 * The steps: auto-explore on seeds 1 to 8 (their first floors without
 * monsters, o pressed again at each stop, as the benchmark does), and a
 * run from the class choice through the pack, the screens about the run,
 * looking and aiming, the terminal made larger, too small and 80 x 24
 * again, and some 1,500 keys at random (the explore on two
 * seeds only, for all but the first terminal, and under the sanitizers,
 * where a third of the keys are pressed). Curses' side sends more
 * bytes than ours over the explore, or ours isn't worth having. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "input.h"
#include "run_debug.h"
#include "runtest.h"
#include "term/vt.h"
#include "terminal.h"

enum { PTY_ROWS = 24, PTY_COLS = 80, EXPLORE_SEEDS = 8, EXPLORE_TURNS = 600, RANDOM_KEYS = 1500 };

static GameData data;
static long frames_compared;

/* The terminal the ptys are taken for, and the locale */
typedef struct Terminal {
    const char *type;
    bool utf8;
} Terminal;

/* One way of sending the screen, on a pty of its own */
typedef struct Side {
    const char *name;
    int master;
    FILE *out, *in;
    SCREEN *screen;
    Input input;
    TermPainter *painter;
    TermOut *sender;           /* NULL: curses' refresh */
    Vt vt;
    long bytes;
    char frame[1 << 16];       /* the last frame's bytes, to tell of a failure */
    size_t frame_length;
} Side;

typedef struct Twins {
    Side curses, ours;
    char what[64];             /* the scenario, for the failures */
    int frame;
    bool failed;               /* one failure told: the rest would repeat it */
} Twins;

/* What the pty got since last time, into the model */
static void drain(Side *s)
{
    char buffer[4096];
    s->frame_length = 0;
    for (;;) {
        ssize_t got = read(s->master, buffer, sizeof buffer);
        if (got > 0) {
            vt_feed(&s->vt, buffer, (size_t)got);
            s->bytes += got;
            size_t keep = sizeof s->frame - s->frame_length < (size_t)got ? sizeof s->frame - s->frame_length : (size_t)got;
            memcpy(s->frame + s->frame_length, buffer, keep);
            s->frame_length += keep;
        } else if (got < 0 && errno == EINTR) {
            continue;
        } else {
            break;
        }
    }
}

/* The screen painted and sent, as the game's loop does (term.c's draw) */
static void send(Side *s)
{
    set_term(s->screen);
    term_paint(s->painter, &s->input, s->input.session.run, NULL);
    if (s->sender != NULL) term_out_show(s->sender);
    else refresh();
    drain(s);
}

static bool open_side(Side *s, const char *name, const InputSetup *setup, bool ours, bool no_monsters, const Terminal *term)
{
    memset(s, 0, sizeof *s);
    s->name = name;
    int slave;
    struct winsize size = {PTY_ROWS, PTY_COLS, 0, 0};
    if (openpty(&s->master, &slave, NULL, NULL, &size) != 0) return false;
    fcntl(s->master, F_SETFL, fcntl(s->master, F_GETFL) | O_NONBLOCK);
    s->out = fdopen(slave, "w");
    s->in = fdopen(dup(slave), "r");
    s->screen = newterm(term->type, s->out, s->in);
    if (s->screen == NULL || !input_open(&s->input, setup)) return false;
    if (no_monsters) {
        run_debug_level(s->input.session.run)->monster_count = 0;
        run_debug_refresh(s->input.session.run);
    }
    set_term(s->screen);
    cbreak();
    noecho();
    nonl();
    curs_set(0);
    vt_init(&s->vt, PTY_ROWS, PTY_COLS, term->utf8);
    s->painter = term_painter_new(COLORS_AUTO);
    if (ours) {
        s->sender = term_out_new(slave);
        if (!CHECK(s->sender != NULL)) return false;
    }
    return s->painter != NULL;
}

static void close_side(Side *s)
{
    set_term(s->screen);
    term_out_free(s->sender);
    term_painter_free(s->painter);
    endwin();
    delscreen(s->screen);
    input_free(&s->input);
    fclose(s->out);
    fclose(s->in);
    close(s->master);
}

/* A cell of stdscr (the screen that's set) as the model keeps cells */
static VtCell held(int y, int x)
{
    cchar_t cell;
    wchar_t text[CCHARW_MAX + 1] = {0};
    attr_t attrs = 0;
    short pair = 0;
    int extended = 0, fg = VT_DEFAULT, bg = VT_DEFAULT;
    mvwin_wch(stdscr, y, x, &cell);
    getcchar(&cell, text, &attrs, &pair, &extended);
    if (extended != 0) extended_pair_content(extended, &fg, &bg);
    static const struct { attr_t curses; unsigned vt; } ATTRS[] = {
        {A_BOLD, VT_BOLD}, {A_DIM, VT_DIM}, {A_ITALIC, VT_ITALIC}, {A_UNDERLINE, VT_UNDERLINE},
        {A_BLINK, VT_BLINK}, {A_REVERSE, VT_REVERSE}, {A_STANDOUT, VT_REVERSE}, {A_INVIS, VT_INVISIBLE},
    };
    unsigned vt_attrs = 0;
    for (size_t i = 0; i < sizeof ATTRS / sizeof ATTRS[0]; ++i) {
        if (attrs & ATTRS[i].curses) vt_attrs |= ATTRS[i].vt;
    }
    wchar_t ch = (attrs & A_ALTCHARSET) ? vt_line(text[0]) : text[0];
    return (VtCell){ch, fg, bg, vt_attrs};
}

/* A frame's bytes, escapes shown as \e */
static void tell_frame(const Side *s)
{
    fprintf(stderr, "  %s sent: ", s->name);
    for (size_t i = 0; i < s->frame_length; ++i) {
        unsigned char c = (unsigned char)s->frame[i];
        if (c == 0x1B) fputs("\\e", stderr);
        else if (c < 0x20) fprintf(stderr, "^%c", c + '@');
        else fputc(c, stderr);
    }
    fputc('\n', stderr);
}

static void tell(Twins *t, const char *which, int y, int x, VtCell got, VtCell want)
{
    got = vt_seen(got);
    want = vt_seen(want);
    fprintf(stderr, "%s, frame %d, row %d column %d: %s shows U+%04X colours %d/%d attributes %u, where %s U+%04X %d/%d %u\n",
            t->what, t->frame, y, x, which, (unsigned)got.ch, got.fg, got.bg, got.attrs,
            "it should be", (unsigned)want.ch, want.fg, want.bg, want.attrs);
    tell_frame(&t->curses);
    tell_frame(&t->ours);
}

/* Both terminals show the same, and what each side's curses holds */
static void compare(Twins *t)
{
    ++t->frame;
    if (t->failed) return;
    Side *sides[2] = {&t->curses, &t->ours};
    for (int i = 0; i < 2 && !t->failed; ++i) {
        Side *s = sides[i];
        if (!CHECK(s->vt.unknown[0] == '\0')) {
            fprintf(stderr, "%s, frame %d: %s sent what the model can't read: %s\n", t->what, t->frame, s->name, s->vt.unknown);
            t->failed = true;
            break;
        }
        set_term(s->screen);
        int rows, cols;
        getmaxyx(stdscr, rows, cols);
        CHECK(rows == s->vt.rows && cols == s->vt.cols);
        for (int y = 0; y < rows && !t->failed; ++y) {
            for (int x = 0; x < cols && !t->failed; ++x) {
                VtCell want = held(y, x);
                if (!vt_same_seen(s->vt.cells[y][x], want)) {
                    CHECK(!"the terminal shows what curses holds");
                    tell(t, s->name, y, x, s->vt.cells[y][x], want);
                    t->failed = true;
                }
            }
        }
    }
    for (int y = 0; y < t->ours.vt.rows && !t->failed; ++y) {
        for (int x = 0; x < t->ours.vt.cols && !t->failed; ++x) {
            if (!vt_same_seen(t->ours.vt.cells[y][x], t->curses.vt.cells[y][x])) {
                CHECK(!"ours shows what curses' refresh shows");
                tell(t, "ours", y, x, t->ours.vt.cells[y][x], t->curses.vt.cells[y][x]);
                t->failed = true;
            }
        }
    }
}

static bool open_twins(Twins *t, const char *what, const InputSetup *setup, bool no_monsters, const Terminal *term)
{
    memset(t, 0, sizeof *t);
    snprintf(t->what, sizeof t->what, "%s, %s, %s", what, term->type, term->utf8 ? "UTF-8" : "C");
    bool ok = open_side(&t->curses, "curses' refresh", setup, false, no_monsters, term) &&
              open_side(&t->ours, "ours", setup, true, no_monsters, term);
    if (!CHECK(ok)) return false;
    send(&t->curses);
    send(&t->ours);
    compare(t);
    return true;
}

static void close_twins(Twins *t)
{
    frames_compared += t->frame;
    close_side(&t->curses);
    close_side(&t->ours);
}

/* A key to both, both sent; then auto-explore's, travel's or rest's steps
 * till they stop (at most limit turns of the run), each sent. False once
 * the game has quit. */
static bool press(Twins *t, int key, int limit)
{
    InputResult a = input_key(&t->curses.input, key), b = input_key(&t->ours.input, key);
    CHECK_INT(a, b);
    if (a == INPUT_QUIT) return false;
    send(&t->curses);
    send(&t->ours);
    compare(t);
    int start = run_turn(t->ours.input.session.run);
    while (input_auto_going(&t->ours.input) && run_turn(t->ours.input.session.run) - start < limit) {
        input_auto_step(&t->curses.input);
        input_auto_step(&t->ours.input);
        send(&t->curses);
        send(&t->ours);
        compare(t);
    }
    CHECK_INT(run_turn(t->curses.input.session.run), run_turn(t->ours.input.session.run));
    return true;
}

/* The terminal resized, as the game's loop meets it (curses resizes its
 * screen at KEY_RESIZE, term_out_forget), and both sent. Both screens
 * are resized before either is painted: resizing one of a program's
 * screens cuts the other's stdscr to the old size (the game has one) */
static void resize(Twins *t, int rows, int cols)
{
    Side *sides[2] = {&t->curses, &t->ours};
    for (int i = 0; i < 2; ++i) {
        Side *s = sides[i];
        struct winsize size = {(unsigned short)rows, (unsigned short)cols, 0, 0};
        ioctl(s->master, TIOCSWINSZ, &size);
        vt_resize(&s->vt, rows, cols);
        set_term(s->screen);
        resizeterm(rows, cols);
        if (s->sender != NULL) term_out_forget(s->sender);
    }
    send(&t->curses);
    send(&t->ours);
    compare(t);
}

/* The benchmark's explore: o at each stop till the floor's explored */
static void explore(const Terminal *term, int seeds, long *curses_bytes, long *our_bytes)
{
    for (int s = 0; s < seeds; ++s) {
        InputSetup setup = {&data, NULL, 1 + (uint64_t)s, 1, false, 0, false, NULL, false, NULL};
        Twins t;
        char what[64];
        snprintf(what, sizeof what, "explore, seed %d", 1 + s);
        if (!open_twins(&t, what, &setup, true, term)) return;
        Run *run = t.ours.input.session.run;
        int start = run_turn(run);
        for (int presses = 0; presses < 40 && run_turn(run) - start < EXPLORE_TURNS; ++presses) {
            int before = run_turn(run);
            press(&t, 'o', EXPLORE_TURNS - (run_turn(run) - start));
            if (run_turn(run) == before) break;
        }
        CHECK(run_turn(run) - start > 100);
        CHECK(t.frame > 100);
        *curses_bytes += t.curses.bytes;
        *our_bytes += t.ours.bytes;
        close_twins(&t);
    }
}

/* The class choice, the pack, the screens about the run, looking,
 * aiming, the menu; then keys at random (a fixed sequence) */
static void screens(const Terminal *term)
{
    InputSetup setup = {&data, NULL, 5, 1, false, 0, true, NULL, false, NULL};
    Twins t;
    if (!open_twins(&t, "screens", &setup, false, term)) return;
    CHECK_INT(input_screen(&t.ours.input), SCREEN_CLASS);
    static const int tour[] = {
        'j', 'j', 'k', AK_ENTER, 'i', AK_ESC, '?', AK_ESC, '@', AK_ESC, '\\', AK_ESC, 'e', AK_ESC,
        'x', 'l', 'l', 'j', 'x', 'f', AK_ESC, 't', AK_ESC, 'Q', AK_ESC, AK_CTRL_P, AK_ESC,
        AK_ESC, AK_ESC, 'l', 'l', 'j', 'Z', 'o', 'G', 'd', AK_ESC,
    };
    bool going = true;
    for (size_t i = 0; going && i < sizeof tour / sizeof tour[0]; ++i) going = press(&t, tour[i], 200);
    /* larger, too small (the screen says how big it must be), as it was */
    static const int sizes[][2] = {{30, 100}, {20, 70}, {PTY_ROWS, PTY_COLS}};
    static const int keys_at_each[] = {'i', AK_ESC, 'l', '?', AK_ESC, 'h'};
    for (int i = 0; going && i < 3; ++i) {
        resize(&t, sizes[i][0], sizes[i][1]);
        for (size_t k = 0; going && k < sizeof keys_at_each / sizeof keys_at_each[0]; ++k) going = press(&t, keys_at_each[k], 200);
    }
    static const char keys[] = "hjklyubnhjklyubnhjklyubn.s,io?@\\exftQ<>dGZ";
    uint32_t state = 12345;
    int random_keys = check_sanitized() ? RANDOM_KEYS / 3 : RANDOM_KEYS;   /* several times slower there */
    for (int i = 0; going && i < random_keys; ++i) {
        state = state * 1664525u + 1013904223u;
        int pick = (int)((state >> 16) % (sizeof keys));   /* the last: Esc */
        int key = pick < (int)sizeof keys - 1 ? keys[pick] : AK_ESC;
        /* the menu left as it came, an ended run played again: the game
         * goes on for all the keys */
        Screen screen = input_screen(&t.ours.input);
        if (screen == SCREEN_MENU || screen == SCREEN_QUIT_ASKED) key = AK_ESC;
        if (screen == SCREEN_DEAD || screen == SCREEN_WON) key = 'r';
        if (screen == SCREEN_CLASS) key = AK_ENTER;
        going = press(&t, key, 200);
    }
    CHECK(going);
    CHECK(t.frame > random_keys / 2);
    close_twins(&t);
}

int main(void)
{
    load_shipped_data(&data);
    long curses_bytes = 0, our_bytes = 0;
    /* the benchmark's terminal, both ways; then one of 8 colours, and
     * tmux's own */
    static const Terminal TERMINALS[] = {
        {"xterm-256color", true}, {"xterm-256color", false}, {"xterm", true}, {"tmux-256color", true},
    };
    for (size_t i = 0; i < sizeof TERMINALS / sizeof TERMINALS[0]; ++i) {
        const Terminal *term = &TERMINALS[i];
        if (!CHECK(setlocale(LC_ALL, term->utf8 ? "C.UTF-8" : "C") != NULL)) break;
        long *curses = i == 0 ? &curses_bytes : &(long){0}, *ours = i == 0 ? &our_bytes : &(long){0};
        explore(term, i == 0 && !check_sanitized() ? EXPLORE_SEEDS : 2, curses, ours);
        screens(term);
    }
    printf("%ld frames compared; explore (xterm-256color, UTF-8): curses' refresh sent %ld bytes, ours %ld\n",
           frames_compared, curses_bytes, our_bytes);
    CHECK(our_bytes * 10 < curses_bytes * 7);
    data_free(&data);
    return check_done("test_term_out");
}
