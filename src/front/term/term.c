/* The terminal's loop: starting curses and always putting the terminal
 * back (on quitting, on an ending signal, at exit after an error, and on
 * a crash), the keys as the input layer names them, and drawing only
 * when something changed, so a step sends only the cells it changed. */
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

#include "stop.h"
#include "terminal.h"

/* How long a wait for a key lasts before the loop looks for a signal */
enum { SIGNAL_CHECK_MS = 200, AUTO_STEP_MS = 30, ESC_DELAY_MS = 25, RESET_SIZE = 256 };

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

static void append_cap(const char *name)
{
    char *cap = tigetstr(name);
    if (cap == NULL || cap == (char *)-1) return;
    size_t length = strlen(cap);
    if (restore.reset_length + length >= RESET_SIZE) return;
    memcpy(restore.reset + restore.reset_length, cap, length);
    restore.reset_length += length;
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

/* At exit, whatever the way out */
static void end_curses(void)
{
    if (!isendwin()) endwin();
}

static bool start_curses(void)
{
    restore.tty_saved = tcgetattr(STDIN_FILENO, &restore.tty) == 0;
    setlocale(LC_ALL, "");
    set_escdelay(ESC_DELAY_MS);
    if (initscr() == NULL) return false;
    atexit(end_curses);
    catch_crashes();
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    timeout(SIGNAL_CHECK_MS);
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

/* ---- Starting ----------------------------------------------------------- */

typedef struct Term {
    GameData data;
    Slot slot;
    Input input;
    bool input_open;
    TermPainter *painter;
} Term;

static void close_term(Term *t)
{
    term_painter_free(t->painter);
    end_curses();
    if (t->input_open) input_free(&t->input);
    slot_unlock(&t->slot);
    data_free(&t->data);
}

/* Everything but curses; false, said on stderr, if it can't be had */
static bool open_term(Term *t, const TermOptions *o)
{
    memset(t, 0, sizeof *t);
    Errors errors = {0};
    if (!data_load_dir(&t->data, o->data_dir, &errors)) {
        fprintf(stderr, "The game can't start: its data files have mistakes.\n");
        errors_print(&errors, stderr, 10);
        errors_clear(&errors);
        return false;
    }
    char error[SLOT_ERROR_SIZE];
    if (!slot_init(&t->slot, getenv("AMULETS_HOME"), getenv("XDG_DATA_HOME"), getenv("HOME"), error,
                   sizeof error)) {
        fprintf(stderr, "amulets: %s\n", error);
        return false;
    }
    if (!slot_lock(&t->slot, error, sizeof error)) {
        fprintf(stderr, "The game can't start: its run is being played elsewhere.\n%s.\n"
                        "Quit it there first, or set AMULETS_HOME to play another run.\n", error);
        return false;
    }
    InputSetup setup = {&t->data, &t->slot, o->seed, o->floor, true, 0, true, o->keys, o->debug,
                        session_wall_clock};
    if (!input_open(&t->input, &setup)) {
        fprintf(stderr, "amulets: out of memory\n");
        return false;
    }
    t->input_open = true;
    t->input.autopickup = o->autopickup;
    input_tell(&t->input, o->notes, o->note_count);
    return true;
}

/* ---- The loop ------------------------------------------------------------- */

/* The terminal is gone without a SIGHUP having said so (its input
 * hung up): curses would wait on it for ever, each wait failing at once */
static bool hung_up(void)
{
    struct pollfd in = {STDIN_FILENO, POLLIN, 0};
    return poll(&in, 1, 0) > 0 && (in.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

/* Saves as Esc S would, the screen put back first so that what the save
 * says is seen */
static int stop(Term *t, int signal_number)
{
    end_curses();
    input_stop(&t->input);
    return 128 + signal_number;   /* as a shell tells of a signal */
}

static int play(Term *t, const KeyMap *keys)
{
    bool dirty = true;
    for (;;) {
        if (dirty) {
            term_paint(t->painter, &t->input, t->input.session.run);
            refresh();
            dirty = false;
        }
        /* exploring, travelling or resting: a step each short wait, which
         * a key pressed meanwhile stops instead */
        bool autoing = input_auto_going(&t->input);
        timeout(autoing ? AUTO_STEP_MS : SIGNAL_CHECK_MS);
        int ch = getch();
        if (stop_signal() != 0) return stop(t, stop_signal());
        if (ch == ERR && hung_up()) return stop(t, SIGHUP);
        if (ch == ERR && autoing) {
            if (input_auto_step(&t->input) != INPUT_NOTHING) dirty = true;
            continue;
        }
        if (ch == ERR) continue;
        if (ch == KEY_RESIZE) {
            dirty = true;
            continue;
        }
        int key = term_key(ch, keys, input_takes_digits(&t->input));
        if (key < 0) continue;
        InputResult result = input_key(&t->input, key);
        if (input_take_alarm(&t->input)) flushinp();   /* keys typed ahead go */
        if (result == INPUT_QUIT) return 0;
        if (result == INPUT_NEW_RUN) term_painter_reset(t->painter);
        if (result != INPUT_NOTHING) dirty = true;
    }
}

int term_play(const TermOptions *options)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "amulets: --term plays in a terminal: its input and output must be one\n");
        return 1;
    }
    /* before curses starts: it leaves alone the signals caught already */
    stop_catch();
    Term t;
    if (!open_term(&t, options)) {
        close_term(&t);
        return 1;
    }
    int status = 1;
    if (!start_curses()) {
        fprintf(stderr, "amulets: the terminal (TERM=%s) can't be used\n", getenv("TERM") ? getenv("TERM") : "");
    } else if ((t.painter = term_painter_new(options->colors)) == NULL) {
        end_curses();
        fprintf(stderr, "amulets: out of memory\n");
    } else {
        status = play(&t, options->keys);
    }
    close_term(&t);
    return status;
}
