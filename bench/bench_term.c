/* The terminal's two costs: one whole frame of the screen model painted
 * into curses' buffer (80 x 24 and 200 x 60), and the bytes one ordinary
 * step sends to the terminal, measured through a pty in 80 x 24 with
 * 256 colours: over a slow SSH link a step should cost a packet, not a
 * screen. */
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
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "bench.h"
#include "run_debug.h"
#include "terminal.h"

enum { FRAMES = 400, STEPS = 61 };

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
    term_paint(painter, &input, input.session.run);   /* the pairs made: not timed */
    for (int i = 0; i < FRAMES; ++i) {
        if (i % 10 == 0) input_key(&input, keys[(i / 10) % 4]);
        double t0 = bench_now();
        term_paint(painter, &input, input.session.run);
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

static void bytes_per_step(void)
{
    int master, slave;
    struct winsize size = {24, 80, 0, 0};
    if (openpty(&master, &slave, NULL, NULL, &size) != 0) {
        perror("bench: openpty");
        return;
    }
    fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
    FILE *out = fdopen(slave, "w"), *in = fdopen(dup(slave), "r");
    SCREEN *screen = newterm("xterm-256color", out, in);
    Input input;
    if (screen == NULL || !open_input(&input, 1)) {
        fprintf(stderr, "bench: the terminal couldn't start on a pty\n");
        return;
    }
    set_term(screen);
    settle_screen();
    TermPainter *painter = term_painter_new(COLORS_AUTO);
    term_paint(painter, &input, input.session.run);
    refresh();
    long first = drain(master);
    /* walking about the first floor: steps that took a turn only */
    static const int walk[] = {'l', 'l', 'l', 'h', 'h', 'h', 'j', 'k', 'y', 'n', 'b', 'u'};
    static double bytes[STEPS];
    int steps = 0;
    for (int i = 0; steps < STEPS && i < 20 * STEPS; ++i) {
        int turn = run_turn(input.session.run);
        input_key(&input, walk[i % (int)(sizeof walk / sizeof walk[0])]);
        term_paint(painter, &input, input.session.run);
        refresh();
        long sent = drain(master);
        if (run_turn(input.session.run) != turn) bytes[steps++] = (double)sent;
    }
    printf("RATE term_bytes_per_turn %.0f bytes\n", steps > 0 ? bench_median(bytes, steps) : 0.0);
    printf("(the first screen: %ld bytes; %d steps)\n", first, steps);
    close_terminal(painter, screen, &input, out, in);
    close(master);
}

void bench_term(const BenchFloors *floors)
{
    (void)floors;
    frames(80, 24);
    frames(200, 60);
    bytes_per_step();
}
#endif
