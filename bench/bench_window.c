/* The window's opening, as a player waits for it: from the program's
 * start to its first frame on the screen (the window's module loaded, SDL
 * and its X connection up, the window mapped, the font's glyphs and the
 * tiles made, the class choice drawn and shown), under an Xvfb of the
 * benchmark's own. Each open is watched from outside, the window looked
 * at every half millisecond until it shows the frame's background, then
 * the game is killed. RATE window_open_ms is the median of WINDOW_OPENS
 * opens. Without Xvfb (Debian's xvfb) it says so and measures nothing.
 * Built where the window and Xlib's headers are (AMULETS_HAVE_X11). */
#ifdef AMULETS_HAVE_X11
#define _POSIX_C_SOURCE 200809L
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "palette.h"

enum { WINDOW_OPENS = 9, WAIT_MS = 30000 };

/* A window gone between a look and the next is no error to stop for */
static int ignore_errors(Display *display, XErrorEvent *error)
{
    (void)display;
    (void)error;
    return 0;
}

/* Starts Xvfb on a display it picks; its pid, and the display in name */
static pid_t start_xvfb(char *name, size_t size)
{
    int fds[2];
    if (pipe(fds) != 0) return -1;
    pid_t xvfb = fork();
    if (xvfb == 0) {
        close(fds[0]);
        int null = open("/dev/null", O_RDWR);
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        char fd[16];
        snprintf(fd, sizeof fd, "%d", fds[1]);
        execlp("Xvfb", "Xvfb", "-displayfd", fd, "-noreset", "-screen", "0", "1400x900x24", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    char number[16] = {0};
    ssize_t got = xvfb > 0 ? read(fds[0], number, sizeof number - 1) : -1;
    close(fds[0]);
    if (got <= 0) {
        if (xvfb > 0) waitpid(xvfb, NULL, 0);
        return -1;
    }
    number[strcspn(number, "\n")] = '\0';
    snprintf(name, size, ":%s", number);
    return xvfb;
}

/* The game's window, once it's there: the root's child called so */
static Window find_game(Display *display)
{
    Window root, parent, *children = NULL, found = 0;
    unsigned count = 0;
    if (!XQueryTree(display, DefaultRootWindow(display), &root, &parent, &children, &count)) return 0;
    for (unsigned i = 0; i < count && found == 0; ++i) {
        char *title = NULL;
        if (XFetchName(display, children[i], &title) && title != NULL) {
            if (strcmp(title, "Amulets of SDL") == 0) found = children[i];
            XFree(title);
        }
    }
    if (children != NULL) XFree(children);
    return found;
}

/* Whether the window's pixel at x, y is the frames' background */
static bool background_at(Display *display, Window window, int x, int y)
{
    XImage *image = XGetImage(display, window, x, y, 1, 1, AllPlanes, ZPixmap);
    if (image == NULL) return false;
    unsigned long pixel = XGetPixel(image, 0, 0);
    XDestroyImage(image);
    unsigned long wanted = (unsigned long)PAL_BACKGROUND.r << 16 | (unsigned long)PAL_BACKGROUND.g << 8 |
                           (unsigned long)PAL_BACKGROUND.b;
    return (pixel & 0xffffff) == wanted;
}

/* The first frame is up: two corners are its background */
static bool frame_shown(Display *display, Window window)
{
    XWindowAttributes attributes;
    if (!XGetWindowAttributes(display, window, &attributes) || attributes.map_state != IsViewable) return false;
    return background_at(display, window, 1, 1) &&
           background_at(display, window, attributes.width - 2, attributes.height - 2);
}

static pid_t start_game(const char *display, const char *home)
{
    pid_t game = fork();
    if (game != 0) return game;
    int null = open("/dev/null", O_RDWR);
    dup2(null, STDIN_FILENO);
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
    setenv("DISPLAY", display, 1);
    setenv("SDL_VIDEO_DRIVER", "x11", 1);
    setenv("AMULETS_HOME", home, 1);
    setenv("XDG_CONFIG_HOME", home, 1);
    execl(AMULETS_BINARY, AMULETS_BINARY, "--seed", "1", (char *)NULL);
    _exit(127);
}

/* Milliseconds from the start to the first frame; -1 if none came */
static double one_open(Display *display, const char *name, const char *home)
{
    double start = bench_now();
    pid_t game = start_game(name, home);
    if (game < 0) return -1;
    double shown = -1;
    struct timespec nap = {0, 500 * 1000};
    while (bench_now() - start < WAIT_MS / 1000.0 && waitpid(game, NULL, WNOHANG) == 0) {
        Window window = find_game(display);
        if (window != 0 && frame_shown(display, window)) {
            shown = (bench_now() - start) * 1000.0;
            break;
        }
        nanosleep(&nap, NULL);
    }
    kill(game, SIGKILL);
    waitpid(game, NULL, 0);
    XSync(display, False);
    return shown;
}

/* An Xvfb that takes clients: one that said it's up may take none (seen
 * on :0, with other programs starting servers at once), and is left for
 * another. Its connection, or NULL */
static Display *open_xvfb(pid_t *xvfb, char *name, size_t size)
{
    struct timespec nap = {0, 100 * 1000 * 1000};
    for (int attempt = 0; attempt < 5; ++attempt) {
        *xvfb = start_xvfb(name, size);
        if (*xvfb < 0) return NULL;
        for (int i = 0; i < 20; ++i) {
            Display *display = XOpenDisplay(name);
            if (display != NULL) return display;
            nanosleep(&nap, NULL);
        }
        kill(*xvfb, SIGTERM);
        waitpid(*xvfb, NULL, 0);
    }
    *xvfb = -1;
    return NULL;
}

void bench_window(const BenchFloors *floors)
{
    (void)floors;
    char name[32], home[] = "/tmp/amulets-bench-window-XXXXXX";
    pid_t xvfb;
    Display *display = open_xvfb(&xvfb, name, sizeof name);
    if (display == NULL) {
        printf("NOTE window_open_ms not measured: no Xvfb (Debian's xvfb) to open windows on\n");
        return;
    }
    double times[WINDOW_OPENS];
    int opened = 0;
    if (mkdtemp(home) != NULL) {
        XSetErrorHandler(ignore_errors);
        for (int i = 0; i < WINDOW_OPENS; ++i) {
            double ms = one_open(display, name, home);
            if (ms >= 0) times[opened++] = ms;
        }
        char command[sizeof home + 16];
        snprintf(command, sizeof command, "rm -rf %s", home);
        if (system(command) != 0) fprintf(stderr, "bench: %s left behind\n", home);
    }
    XCloseDisplay(display);
    kill(xvfb, SIGTERM);
    waitpid(xvfb, NULL, 0);
    if (opened < WINDOW_OPENS) {
        printf("NOTE window_open_ms not measured: %d of %d windows showed a frame\n", opened, WINDOW_OPENS);
        return;
    }
    printf("RATE window_open_ms %.0f ms\n", bench_median(times, WINDOW_OPENS));
    printf("NOTE window_open_ms wall time from the program's start to the window's first frame on an "
           "Xvfb screen (module loaded, window up, class choice drawn), the median of %d opens\n",
           WINDOW_OPENS);
}
#endif
