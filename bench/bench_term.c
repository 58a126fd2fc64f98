/* The terminal's two costs: one whole frame of the screen model painted
 * into curses' buffer (80 x 24 and 200 x 60), and the bytes a turn sends
 * to the terminal, measured through a pty in 80 x 24 with 256 colours,
 * walking (the median step) and auto-exploring (all bytes over all
 * turns): over a slow SSH link a step should cost a packet, not a
 * screen. The screen is sent as the game sends it (term_out.c, curses'
 * refresh where that can't); that what it sends shows what curses' own
 * would is tests/term/test_term_out.c's. */
#ifdef AMULETS_HAVE_TERM
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

#include "bench.h"
#include "run_debug.h"
#include "terminal.h"

enum { FRAMES = 400, STEPS = 61, EXPLORE_SEEDS = 8, EXPLORE_TURNS = 600 };

static void settle_screen(void)
{
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
}

static bool open_input(Input *input, int floor)
{
    InputSetup setup = {.data = bench_shipped_data(), .seed = 5, .start_floor = floor};
    return input_open(input, &setup);
}

/* Everything a figure opened, closed */
static void close_terminal(TermPainter *painter, SCREEN *screen, Input *input, FILE *out, FILE *in)
{
    term_painter_free(painter);
    endwin();
    delscreen(screen);
    input_free(input);
    fclose(out);
    fclose(in);
}

/* Medians of FRAMES frames at one size, every cell of the floor seen */
static void frames(int width, int height)
{
    FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
    SCREEN *screen = out && in ? newterm("xterm-256color", out, in) : NULL;
    Input input;
    if (screen == NULL || !open_input(&input, 5)) {
        fprintf(stderr, "bench: the terminal couldn't start\n");
        return;
    }
    set_term(screen);
    resizeterm(height, width);
    settle_screen();
    Map *map = &run_debug_level(input.session.run)->map;
    for (int i = 0; i < MAP_CELLS; ++i) map->explored[i] = 1;
    TermPainter *painter = term_painter_new(COLORS_AUTO);
    static double times[FRAMES];
    static const int keys[] = {'h', 'l', 'j', 'k'};
    term_paint(painter, &input, input.session.run, NULL);   /* the pairs made: not timed */
    for (int i = 0; i < FRAMES; ++i) {
        if (i % 10 == 0) input_key(&input, keys[(i / 10) % 4]);
        double t0 = bench_now();
        term_paint(painter, &input, input.session.run, NULL);
        times[i] = bench_now() - t0;
    }
    printf("RATE term_frame_us_%dx%d %.1f us\n", width, height, bench_median(times, FRAMES) * 1e6);
    close_terminal(painter, screen, &input, out, in);
}

/* Everything the terminal has been sent, read off the pty's other end */
static long drain(int master)
{
    long total = 0;
    char buffer[4096];
    for (;;) {
        ssize_t got = read(master, buffer, sizeof buffer);
        if (got > 0) total += got;
        else if (got < 0 && errno == EINTR) continue;
        else break;
    }
    return total;
}

typedef struct PtyTerm {
    int master;
    FILE *out, *in;
    SCREEN *screen;
    Input input;
    TermPainter *painter;
    TermOut *sender;           /* NULL: curses' refresh sends */
    long first;
} PtyTerm;

/* The screen painted and sent as the game's loop sends it (term.c's
 * draw), and every byte the terminal got counted */
static long paint_and_drain(PtyTerm *t)
{
    term_paint(t->painter, &t->input, t->input.session.run, NULL);
    if (t->sender != NULL) term_out_show(t->sender);
    else refresh();
    return drain(t->master);
}

/* A terminal of 80 x 24 with 256 colours on a pty, the game's first
 * floor of seed in it (without its monsters, if asked), its first screen
 * sent and drained */
static bool open_pty(PtyTerm *t, uint64_t seed, bool no_monsters)
{
    int slave;
    struct winsize size = {24, 80, 0, 0};
    if (openpty(&t->master, &slave, NULL, NULL, &size) != 0) {
        perror("bench: openpty");
        return false;
    }
    fcntl(t->master, F_SETFL, fcntl(t->master, F_GETFL) | O_NONBLOCK);
    t->out = fdopen(slave, "w");
    t->in = fdopen(dup(slave), "r");
    t->screen = newterm("xterm-256color", t->out, t->in);
    InputSetup setup = {bench_shipped_data(), NULL, seed, 1, false, 0, false, NULL, false, NULL};
    if (t->screen == NULL || !input_open(&t->input, &setup)) {
        fprintf(stderr, "bench: the terminal couldn't start on a pty\n");
        return false;
    }
    if (no_monsters) {
        run_debug_level(t->input.session.run)->monster_count = 0;
        run_debug_refresh(t->input.session.run);
    }
    set_term(t->screen);
    settle_screen();
    t->painter = term_painter_new(COLORS_AUTO);
    t->sender = term_out_new(slave);
    t->first = paint_and_drain(t);
    return true;
}

static void close_pty(PtyTerm *t)
{
    term_out_free(t->sender);
    close_terminal(t->painter, t->screen, &t->input, t->out, t->in);
    close(t->master);
}

static void bytes_per_step(void)
{
    PtyTerm t;
    if (!open_pty(&t, 5, false)) return;
    /* walking about the first floor: steps that took a turn only */
    static const int walk[] = {'l', 'l', 'l', 'h', 'h', 'h', 'j', 'k', 'y', 'n', 'b', 'u'};
    static double bytes[STEPS];
    int steps = 0;
    for (int i = 0; steps < STEPS && i < 20 * STEPS; ++i) {
        int turn = run_turn(t.input.session.run);
        input_key(&t.input, walk[i % (int)(sizeof walk / sizeof walk[0])]);
        long sent = paint_and_drain(&t);
        if (run_turn(t.input.session.run) != turn) bytes[steps++] = (double)sent;
    }
    printf("RATE term_bytes_per_turn %.0f bytes\n", steps > 0 ? bench_median(bytes, steps) : 0.0);
    printf("(the first screen: %ld bytes; %d steps)\n", t.first, steps);
    close_pty(&t);
}

/* Auto-explore as a player pressing o sees it: the screen painted and
 * sent after each step, o pressed again after each stop (an item, the
 * stairs), until the floor is explored or a seed's turns are spent. The
 * monsters are taken off the floor, so that no fight stops it: the
 * figure is the walk's. Every byte after the first screen, a turn. */
static void bytes_per_turn_explore(void)
{
    long total = 0;
    int turns = 0;
    for (int s = 0; s < EXPLORE_SEEDS; ++s) {
        PtyTerm t;
        if (!open_pty(&t, 1 + (uint64_t)s, true)) return;
        Run *run = t.input.session.run;
        int start = run_turn(run);
        for (int presses = 0; presses < 40 && run_turn(run) - start < EXPLORE_TURNS; ++presses) {
            int before = run_turn(run);
            input_key(&t.input, 'o');
            total += paint_and_drain(&t);
            while (input_auto_going(&t.input) && run_turn(run) - start < EXPLORE_TURNS) {
                input_auto_step(&t.input);
                total += paint_and_drain(&t);
            }
            if (run_turn(run) == before) break;   /* explored: o goes nowhere */
        }
        turns += run_turn(run) - start;
        close_pty(&t);
    }
    printf("RATE term_bytes_per_turn_explore %.0f bytes\n", turns > 0 ? (double)total / turns : 0.0);
    printf("(%d seeds, %d turns of auto-explore at 80 x 24)\n", EXPLORE_SEEDS, turns);
}

void bench_term(const BenchFloors *floors)
{
    (void)floors;
    /* a UTF-8 terminal, as most are: the box lines are lines */
    char *was = setlocale(LC_ALL, NULL);
    char before[64];
    snprintf(before, sizeof before, "%s", was != NULL ? was : "C");
    setlocale(LC_ALL, "C.UTF-8");
    frames(80, 24);
    frames(200, 60);
    bytes_per_step();
    bytes_per_turn_explore();
    setlocale(LC_ALL, before);
}
#endif
