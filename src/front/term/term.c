/* The terminal as a frontend of the one loop (frontend.h, loop.h):
 * starting curses and always putting the terminal back (on quitting, on
 * an ending signal, at exit after an error, and on a crash), the keys as
 * the input layer names them, and painting only when the loop says
 * something changed, so a step sends only the cells it changed
 * (term_out.c sends them, where the terminal allows, else curses). The
 * keys are read through a window of their own that's never drawn (a
 * pad), so that reading a key never has curses send the screen. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <curses.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "loop.h"
#include "stop.h"
#include "terminal.h"

/* How long a wait for a key lasts before the loop looks for a signal */
enum { ESC_DELAY_MS = 25, RESET_SIZE = 256 };

/* ---- Putting the terminal back ------------------------------------------ */

/* What a crash's handler needs to put the terminal back: the one state
 * kept outside the program's values, as a signal handler can reach no
 * other (set once before curses starts, read by the handler only) */
static struct {
    struct termios tty;          /* the terminal's modes before curses */
    bool tty_saved;
    char reset[RESET_SIZE];      /* leave the alternate screen, show the
                                    cursor, plain colours */
    size_t reset_length;
    struct sigaction before[32]; /* the crash handlers there were (ASan's) */
} restore;

static const int CRASHES[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

/* Ctrl-Z asked for, by a handler of this program's own (curses', which
 * it then leaves out, would put the terminal back with colours set that
 * it doesn't know of, term_out.c having set them): the frontend suspends
 * the game at its next wait's end */
static volatile sig_atomic_t suspend_asked;

static void on_suspend(int number)
{
    (void)number;
    suspend_asked = 1;
}

static void catch_suspend(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_suspend;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTSTP, &action, NULL);
}

/* A crash: the terminal as it was, then the crash goes on as it would
 * have (a core, or the sanitizer's report). Only async-signal-safe calls. */
static void on_crash(int number)
{
    if (restore.reset_length > 0) {
        ssize_t ignored = write(STDOUT_FILENO, restore.reset, restore.reset_length);
        (void)ignored;
    }
    if (restore.tty_saved) tcsetattr(STDIN_FILENO, TCSANOW, &restore.tty);
    if (number > 0 && number < 32) sigaction(number, &restore.before[number], NULL);
    raise(number);
}

/* A capability for the crash's reset, without its padding (term_out.c) */
static void append_cap(const char *name)
{
    char *cap = tigetstr(name);
    if (cap == NULL || cap == (char *)-1) return;
    char *end = restore.reset + restore.reset_length;
    size_t length = term_out_unpadded(cap, end, RESET_SIZE - restore.reset_length);
    if (length != SIZE_MAX) restore.reset_length += length;
}

static void catch_crashes(void)
{
    append_cap("sgr0");
    append_cap("cnorm");
    append_cap("rmcup");
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_crash;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof CRASHES / sizeof CRASHES[0]; ++i) {
        sigaction(CRASHES[i], &action, &restore.before[CRASHES[i]]);
    }
}

/* At exit, whatever the way out: plain colours first, as curses may
 * not know which the terminal was last sent (term_out.c) */
static void end_curses(void)
{
    if (isendwin()) return;
    char *plain = tigetstr("sgr0");
    if (plain != NULL && plain != (char *)-1) putp(plain);
    endwin();
}

static bool start_curses(void)
{
    restore.tty_saved = tcgetattr(STDIN_FILENO, &restore.tty) == 0;
    catch_suspend();   /* before curses, which then leaves SIGTSTP alone */
    setlocale(LC_ALL, "");
    set_escdelay(ESC_DELAY_MS);
    if (initscr() == NULL) return false;
    atexit(end_curses);
    catch_crashes();
    cbreak();
    noecho();
    nonl();
    curs_set(0);
    return true;
}

/* ---- Keys ----------------------------------------------------------------- */

/* curses' key as the input layer names it, or -1. The keypad's keys come
 * as the cursor keys (Num Lock off) or as digits (on): a terminal can't
 * tell its digits from the keyboard's, so a digit is a digit where the
 * screen takes numbers (the class choice), and elsewhere the keypad's
 * unless keys.txt gives it a meaning of its own (key_typed_digit). */
static int term_key(int ch, const KeyMap *keys, bool takes_digits)
{
    static const struct { int curses, key; } NAMED[] = {
        {KEY_UP, AK_UP}, {KEY_DOWN, AK_DOWN}, {KEY_LEFT, AK_LEFT}, {KEY_RIGHT, AK_RIGHT},
        {KEY_ENTER, AK_ENTER}, {'\r', AK_ENTER}, {'\n', AK_ENTER}, {27, AK_ESC},
        {KEY_HOME, AK_KP7}, {KEY_A1, AK_KP7}, {KEY_PPAGE, AK_KP9}, {KEY_A3, AK_KP9},
        {KEY_B2, AK_KP5}, {KEY_END, AK_KP1}, {KEY_C1, AK_KP1}, {KEY_NPAGE, AK_KP3},
        {KEY_C3, AK_KP3}, {'\t', AK_TAB}, {KEY_BTAB, AK_BACKTAB}, {AK_CTRL_P, AK_CTRL_P},
    };
    for (size_t i = 0; i < sizeof NAMED / sizeof NAMED[0]; ++i) {
        if (NAMED[i].curses == ch) return NAMED[i].key;
    }
    if (ch >= KEY_F(1) && ch <= KEY_F(12)) return AK_F1 + (ch - KEY_F(1));
    return ch >= 32 && ch < 127 ? key_typed_digit(keys, takes_digits, ch) : -1;
}

/* ---- The frontend ------------------------------------------------------- */

typedef struct Term {
    TermPainter *painter;
    TermOut *out;              /* NULL: curses' refresh sends the screen */
    WINDOW *pad;               /* keys are read from it; never drawn */
    const KeyMap *keys;
    const Input *input;        /* the loop's, as last painted */
    unsigned run_serial;       /* the run last painted */
} Term;

static void term_paint_view(void *self, const FrontView *view)
{
    Term *t = self;
    if (view->run_serial != t->run_serial) term_painter_reset(t->painter);
    t->run_serial = view->run_serial;
    t->input = view->input;
    term_paint(t->painter, view->input, view->run, view->flight);
    if (t->out != NULL) term_out_show(t->out);
    else refresh();
}

/* The terminal is gone without a SIGHUP having said so (its input
 * hung up): curses would wait on it for ever, each wait failing at once */
static bool hung_up(void)
{
    struct pollfd in = {STDIN_FILENO, POLLIN, 0};
    return poll(&in, 1, 0) > 0 && (in.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

/* Ctrl-Z: the terminal put back and the game stopped; on fg, curses
 * restarted and the whole screen to be sent again */
static void suspend(Term *t)
{
    suspend_asked = 0;
    end_curses();
    struct sigaction plain, ours;
    memset(&plain, 0, sizeof plain);
    plain.sa_handler = SIG_DFL;
    sigemptyset(&plain.sa_mask);
    sigaction(SIGTSTP, &plain, &ours);
    raise(SIGTSTP);
    sigaction(SIGTSTP, &ours, NULL);   /* going again */
    refresh();
    if (t->out != NULL) term_out_forget(t->out);
}

static bool term_wait(void *self, int timeout_ms, FrontEvent *out)
{
    Term *t = self;
    wtimeout(t->pad, timeout_ms);
    int ch = wgetch(t->pad);
    if (suspend_asked) {
        suspend(t);
        *out = (FrontEvent){.kind = FRONT_RESIZE};   /* all of it painted again */
        return true;
    }
    if (ch == ERR && hung_up()) {
        end_curses();   /* what the save says is seen */
        *out = (FrontEvent){.kind = FRONT_STOP, .signal = SIGHUP};
        return true;
    }
    if (ch == ERR) return false;
    if (ch == KEY_RESIZE) {
        if (t->out != NULL) term_out_forget(t->out);
        *out = (FrontEvent){.kind = FRONT_RESIZE};
        return true;
    }
    int key = term_key(ch, t->keys, t->input != NULL && input_takes_digits(t->input));
    if (key < 0) return false;
    *out = (FrontEvent){.kind = FRONT_KEY, .key = key};
    return true;
}

static void term_drop_keys(void *self)
{
    (void)self;
    flushinp();   /* keys typed ahead go */
}

/* Saves as Esc S would, the screen put back first so that what the save
 * says is seen */
static void term_leaving(void *self)
{
    (void)self;
    end_curses();
}

/* ---- Starting ----------------------------------------------------------- */

static int play(LoopFrontend *front)
{
    int status = 1;
    Term t = {.keys = &front->config.keys};
    if (!start_curses()) {
        fprintf(stderr, "amulets: the terminal (TERM=%s) can't be used\n", getenv("TERM") ? getenv("TERM") : "");
    } else if ((t.painter = term_painter_new(front->config.settings.colors)) == NULL ||
               (t.pad = newpad(1, 1)) == NULL) {
        end_curses();
        fprintf(stderr, "amulets: out of memory\n");
    } else {
        keypad(t.pad, TRUE);
        t.out = term_out_new(STDOUT_FILENO);
        Frontend frontend = {.self = &t, .paint = term_paint_view, .wait = term_wait, .now_ms = loop_clock_ms,
                             .drop_keys = term_drop_keys, .leaving = term_leaving};
        status = loop_run(&front->loop, &frontend);
    }
    term_painter_free(t.painter);
    term_out_free(t.out);
    if (t.pad != NULL) delwin(t.pad);
    end_curses();
    return status;
}

int term_play(const LoopConfig *game)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "amulets: --term plays in a terminal: its input and output must be one\n");
        return 1;
    }
    /* before curses starts: it leaves alone the signals caught already */
    stop_catch();
    static LoopFrontend front;   /* a loop holds an explorer: big */
    int status = 1;
    if (!loop_frontend_open(&front, game)) {
        fprintf(stderr, "%s\n", front.heading);
        errors_print(&front.errors, stderr, 10);
    } else {
        status = play(&front);
    }
    loop_frontend_close(&front);
    return status;
}

const TermApi term_api = {.play = term_play};
