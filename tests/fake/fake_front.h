/* A scripted frontend for the one loop (frontend.h): its events come from
 * a script, and every frame it's asked to paint is kept as a line (the
 * screen up, the turn, the player's cell, the banner, a flight's glyph
 * and first cell), so a test reads what a player would have seen. It is a frontend as the window and the
 * terminal are, made from frontend.h and loop.h alone: tests/test_loop.c
 * checks that it names nothing else of the program, as a new frontend
 * must need no change outside itself. */
#ifndef AMULETS_FAKE_FRONT_H
#define AMULETS_FAKE_FRONT_H

#include <stdio.h>
#include <string.h>

#include "frontend.h"
#include "loop.h"

enum { FAKE_EVENTS = 256, FAKE_FRAMES = 4096, FAKE_FRAME_SIZE = 96 };

typedef struct FakeFront {
    FrontEvent script[FAKE_EVENTS];   /* FRONT_NONE here: nothing comes in
                                         the time asked for */
    int count, next;
    uint64_t clock_ms;                /* moves only when a wait runs out */
    char frames[FAKE_FRAMES][FAKE_FRAME_SIZE];
    int frame_count;
    int drops;                        /* keys typed ahead dropped */
    int leavings;
} FakeFront;

static inline void fake_push(FakeFront *f, FrontEvent event)
{
    if (f->count < FAKE_EVENTS) f->script[f->count++] = event;
}

static inline void fake_keys(FakeFront *f, const char *keys)
{
    for (const char *k = keys; *k != '\0'; ++k) {
        fake_push(f, (FrontEvent){.kind = FRONT_KEY, .key = *k == '~' ? AK_ESC : (unsigned char)*k});
    }
}

static inline void fake_paint(void *self, const FrontView *view)
{
    FakeFront *f = self;
    if (f->frame_count >= FAKE_FRAMES) return;
    Point at = run_player(view->run)->pos;
    char flight[32] = "";
    const FrontFlight *fl = view->flight;
    if (fl != NULL) snprintf(flight, sizeof flight, " | %c at %d,%d", fl->glyph, fl->cells[0].x, fl->cells[0].y);
    snprintf(f->frames[f->frame_count++], FAKE_FRAME_SIZE, "%s turn %d at %d,%d%s%s%s",
             input_screen_name(input_screen(view->input)), run_turn(view->run), at.x, at.y,
             view->banner != NULL ? " | " : "", view->banner != NULL ? view->banner : "", flight);
}

/* The script's next event; once it's played out, the close button */
static inline bool fake_wait(void *self, int timeout_ms, FrontEvent *out)
{
    FakeFront *f = self;
    if (f->next >= f->count) {
        *out = (FrontEvent){.kind = FRONT_QUIT};
        return true;
    }
    *out = f->script[f->next++];
    if (out->kind != FRONT_NONE) return true;
    f->clock_ms += timeout_ms > 0 ? (uint64_t)timeout_ms : 0;
    return false;
}

static inline uint64_t fake_now_ms(void *self)
{
    return ((FakeFront *)self)->clock_ms;
}

static inline void fake_drop_keys(void *self)
{
    ++((FakeFront *)self)->drops;
}

static inline void fake_leaving(void *self)
{
    ++((FakeFront *)self)->leavings;
}

static inline Frontend fake_frontend(FakeFront *f)
{
    return (Frontend){.self = f, .paint = fake_paint, .wait = fake_wait, .now_ms = fake_now_ms,
                      .drop_keys = fake_drop_keys, .leaving = fake_leaving};
}

/* The frames painted since the first, frame, as "a, b, c" with runs of one
 * screen told once */
static inline void fake_screens(const FakeFront *f, int first, char *out, size_t size)
{
    out[0] = '\0';
    char last[FAKE_FRAME_SIZE] = "";
    for (int i = first; i < f->frame_count; ++i) {
        char name[FAKE_FRAME_SIZE];
        sscanf(f->frames[i], "%95s", name);
        if (strcmp(name, last) == 0) continue;
        snprintf(out + strlen(out), size - strlen(out), "%s%s", last[0] != '\0' ? ", " : "", name);
        strcpy(last, name);
    }
}

#endif
