#define _POSIX_C_SOURCE 200809L
/* The window's events as gfx.h hands them on, with SDL's dummy video
 * driver (no display): a digit of the main keyboard is that digit, a
 * keypad key is the keypad's key and never also its digit (with Num Lock
 * on it types one just after), and the mouse moves only when the pointer
 * moved: where it rests, told as it comes into the window (on opening,
 * or when a minimised window is restored), is no move. The same under a
 * real X server: tests/sdl/window_events.sh. SDL3 tells the window's
 * size in pixels as it opens: the size it has, no resize (which would lay
 * the window out and draw it again); a size it hasn't is one. The window
 * takes typed text (SDL3's is per window, off until asked for) and asks
 * for every pixel of a high-density screen. */
#include <SDL3/SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gfx.h"
#include "keys.h"

/* text: a string that outlives the event (SDL3's events point at it) */
static void push_key(SDL_Keycode key, SDL_Keymod mod, const char *text)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_EVENT_KEY_DOWN;
    e.key.key = key;
    e.key.mod = mod;
    SDL_PushEvent(&e);
    if (text == NULL) return;
    SDL_zero(e);
    e.type = SDL_EVENT_TEXT_INPUT;
    e.text.text = text;
    SDL_PushEvent(&e);
}

static void push_motion(float x, float y, float xrel, float yrel)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_EVENT_MOUSE_MOTION;
    e.motion.x = x;
    e.motion.y = y;
    e.motion.xrel = xrel;
    e.motion.yrel = yrel;
    SDL_PushEvent(&e);
}

static void push_window(SDL_EventType what, Sint32 data1, Sint32 data2)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = what;
    e.window.data1 = data1;
    e.window.data2 = data2;
    SDL_PushEvent(&e);
}

enum { RESIZED = -1 };

/* The events gfx hands on until none is left: keys as their codes, a
 * move as -1000 - x, a new size as RESIZED */
static int events(Gfx *gfx, int *out, int most)
{
    int count = 0;
    GfxEvent event;
    while (count < most && gfx_wait_event(gfx, &event, 0)) {
        if (event.kind == GFX_KEY) out[count++] = event.key;
        else if (event.kind == GFX_MOUSE_MOVE) out[count++] = -1000 - event.x;
        else if (event.kind == GFX_RESIZE) out[count++] = RESIZED;
    }
    return count;
}

static void digits_and_keypad(Gfx *gfx)
{
    push_key(SDLK_2, 0, "2");                 /* the main keyboard's 2 */
    push_key(SDLK_KP_2, SDL_KMOD_NUM, "2");   /* the keypad's, Num Lock on */
    push_key(SDLK_KP_8, 0, NULL);             /* Num Lock off: no text */
    push_key(SDLK_8, 0, "8");                 /* a digit after it is still one */
    push_key(SDLK_KP_PLUS, SDL_KMOD_NUM, "+");   /* the keypad's + is the + */
    push_key(SDLK_KP_5, SDL_KMOD_NUM, "5");
    push_key(SDLK_3, 0, "3");
    push_key(SDLK_J, 0, "j");
    int got[16];
    int count = events(gfx, got, 16);
    static const int WANTED[] = {'2', AK_KP2, AK_KP8, '8', '+', AK_KP5, '3', 'j'};
    CHECK_INT(count, 8);
    for (int i = 0; i < count && i < 8; ++i) CHECK_INT(got[i], WANTED[i]);
    /* keys dropped (typed ahead) take the keypad's text with them, and a
     * digit typed after is a digit */
    push_key(SDLK_KP_4, SDL_KMOD_NUM, NULL);
    SDL_PumpEvents();
    gfx_drop_keys(gfx);
    push_key(SDLK_4, 0, "4");
    count = events(gfx, got, 16);
    CHECK_INT(count, 1);
    CHECK_INT(got[0], '4');
}

static void pointer_moves(Gfx *gfx)
{
    push_motion(100, 50, 3, 0);               /* a move */
    push_window(SDL_EVENT_WINDOW_MINIMIZED, 0, 0);
    push_window(SDL_EVENT_WINDOW_RESTORED, 0, 0);
    push_window(SDL_EVENT_WINDOW_MOUSE_ENTER, 0, 0);
    push_motion(300, 200, 0, 0);              /* where it rests: no move */
    push_motion(301, 200, 1, 0);              /* a move again */
    int got[16];
    int count = events(gfx, got, 16);
    CHECK_INT(count, 2);
    if (count == 2) {
        CHECK_INT(got[0], -1000 - 100);
        CHECK_INT(got[1], -1000 - 301);
    }
}

/* got: the events the window opened with */
static void sizes(Gfx *gfx, const int *got, int count)
{
    int resized = 0;
    for (int i = 0; i < count; ++i) resized += got[i] == RESIZED;
    CHECK_INT(resized, 0);
    int w, h;
    gfx_size(gfx, &w, &h);
    push_window(SDL_EVENT_WINDOW_PIXEL_SIZE_CHANGED, w, h);
    push_window(SDL_EVENT_WINDOW_PIXEL_SIZE_CHANGED, w + 10, h);
    push_window(SDL_EVENT_WINDOW_PIXEL_SIZE_CHANGED, w + 10, h);
    push_window(SDL_EVENT_WINDOW_PIXEL_SIZE_CHANGED, w, h);
    int again[16];
    count = events(gfx, again, 16);
    CHECK_INT(count, 2);
    for (int i = 0; i < count; ++i) CHECK_INT(again[i], RESIZED);
}

/* The window gfx opened: typed text on, every pixel asked for */
static void window_asks(void)
{
    int count = 0;
    SDL_Window **windows = SDL_GetWindows(&count);
    if (CHECK(count == 1)) {
        CHECK(SDL_TextInputActive(windows[0]));
        CHECK((SDL_GetWindowFlags(windows[0]) & SDL_WINDOW_HIGH_PIXEL_DENSITY) != 0);
    }
    SDL_free(windows);
}

/* On a screen of density 2 (tests/sdl/hidpi.sh: Wayland at scale 2): the
 * window has twice the pixels of its size, the layout gets them all, its
 * least size is set in the desktop's units, and the pointer comes in the
 * renderer's pixels */
static void scaled(Gfx *gfx)
{
    int count = 0;
    SDL_Window **windows = SDL_GetWindows(&count);
    SDL_Window *window = count == 1 ? windows[0] : NULL;
    SDL_free(windows);
    if (!CHECK(window != NULL)) return;
    CHECK(SDL_GetWindowPixelDensity(window) == 2.0f);
    int w, h;
    gfx_size(gfx, &w, &h);
    CHECK_INT(w, 800);
    CHECK_INT(h, 480);
    gfx_window_size(gfx, &w, &h);
    CHECK_INT(w, 400);
    CHECK_INT(h, 240);
    gfx_set_min_size(gfx, 800, 480);
    SDL_GetWindowMinimumSize(window, &w, &h);
    CHECK_INT(w, 400);
    CHECK_INT(h, 240);
    int drained[64];
    events(gfx, drained, 64);
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_EVENT_MOUSE_MOTION;
    e.motion.windowID = SDL_GetWindowID(window);
    e.motion.x = 100.5f;
    e.motion.y = 50.25f;
    e.motion.xrel = 1.0f;
    SDL_PushEvent(&e);
    GfxEvent event;
    bool moved = false;
    while (!moved && gfx_wait_event(gfx, &event, 100)) moved = event.kind == GFX_MOUSE_MOVE;
    if (CHECK(moved)) {
        CHECK_INT(event.x, 201);
        CHECK_INT(event.y, 100);
    }
}

/* test_events: SDL's dummy driver. test_events --scaled: the driver SDL
 * is given, on a screen of density 2 */
int main(int argc, char **argv)
{
    bool scaled_screen = argc == 2 && strcmp(argv[1], "--scaled") == 0;
    if (!scaled_screen) setenv("SDL_VIDEO_DRIVER", "dummy", 1);
    char error[256];
    GfxOptions options = {scaled_screen ? 400 : 320, scaled_screen ? 240 : 200, "test", false,
                          "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", 12};
    Gfx *gfx = gfx_open(&options, error, sizeof error);
    if (!CHECK(gfx != NULL)) {
        fprintf(stderr, "%s\n", error);
        return check_done("test_events");
    }
    if (scaled_screen) {
        scaled(gfx);
    } else {
        int got[64];
        int count = events(gfx, got, 64);   /* the window's own, on opening */
        window_asks();
        sizes(gfx, got, count);
        digits_and_keypad(gfx);
        pointer_moves(gfx);
    }
    gfx_close(gfx);
    return check_done("test_events");
}
