#define _POSIX_C_SOURCE 200809L
/* The window's events as gfx.h hands them on, with SDL's dummy video
 * driver (no display): a digit of the main keyboard is that digit, a
 * keypad key is the keypad's key and never also its digit (with Num Lock
 * on it types one just after), and the mouse moves only when the pointer
 * moved: where it rests, told as it comes into the window (on opening,
 * or when a minimised window is restored), is no move. The same under a
 * real X server: tests/sdl/window_events.sh. */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "gfx.h"
#include "keys.h"

static void push_key(SDL_Keycode sym, Uint16 mod, const char *text)
{
    SDL_Event e;
    SDL_memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = sym;
    e.key.keysym.mod = mod;
    SDL_PushEvent(&e);
    if (text == NULL) return;
    SDL_memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    SDL_strlcpy(e.text.text, text, sizeof e.text.text);
    SDL_PushEvent(&e);
}

static void push_motion(int x, int y, int xrel, int yrel)
{
    SDL_Event e;
    SDL_memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEMOTION;
    e.motion.x = x;
    e.motion.y = y;
    e.motion.xrel = xrel;
    e.motion.yrel = yrel;
    SDL_PushEvent(&e);
}

static void push_window(Uint8 what)
{
    SDL_Event e;
    SDL_memset(&e, 0, sizeof e);
    e.type = SDL_WINDOWEVENT;
    e.window.event = what;
    SDL_PushEvent(&e);
}

/* The events gfx hands on until none is left: keys as their codes, a
 * move as -1000 - x */
static int events(Gfx *gfx, int *out, int most)
{
    int count = 0;
    GfxEvent event;
    while (count < most && gfx_wait_event(gfx, &event, 0)) {
        if (event.kind == GFX_KEY) out[count++] = event.key;
        else if (event.kind == GFX_MOUSE_MOVE) out[count++] = -1000 - event.x;
    }
    return count;
}

static void digits_and_keypad(Gfx *gfx)
{
    push_key(SDLK_2, 0, "2");                 /* the main keyboard's 2 */
    push_key(SDLK_KP_2, KMOD_NUM, "2");       /* the keypad's, Num Lock on */
    push_key(SDLK_KP_8, 0, NULL);             /* Num Lock off: no text */
    push_key(SDLK_8, 0, "8");                 /* a digit after it is still one */
    push_key(SDLK_KP_PLUS, KMOD_NUM, "+");    /* the keypad's + is the + */
    push_key(SDLK_KP_5, KMOD_NUM, "5");
    push_key(SDLK_3, 0, "3");
    push_key(SDLK_j, 0, "j");
    int got[16];
    int count = events(gfx, got, 16);
    static const int WANTED[] = {'2', AK_KP2, AK_KP8, '8', '+', AK_KP5, '3', 'j'};
    CHECK_INT(count, 8);
    for (int i = 0; i < count && i < 8; ++i) CHECK_INT(got[i], WANTED[i]);
    /* keys dropped (typed ahead) take the keypad's text with them, and a
     * digit typed after is a digit */
    push_key(SDLK_KP_4, KMOD_NUM, NULL);
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
    push_window(SDL_WINDOWEVENT_MINIMIZED);
    push_window(SDL_WINDOWEVENT_RESTORED);
    push_window(SDL_WINDOWEVENT_ENTER);
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

int main(void)
{
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    char error[256];
    GfxOptions options = {320, 200, "test", false, "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", 12};
    Gfx *gfx = gfx_open(&options, error, sizeof error);
    if (!CHECK(gfx != NULL)) {
        fprintf(stderr, "%s\n", error);
        return check_done("test_events");
    }
    int got[64];
    events(gfx, got, 64);   /* the window's own, on opening */
    digits_and_keypad(gfx);
    pointer_moves(gfx);
    gfx_close(gfx);
    return check_done("test_events");
}
