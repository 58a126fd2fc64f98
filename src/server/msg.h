/* The messages a page sends the server, JSON text of at most MSG_LIMIT
 * bytes, read strictly (jansson): one object, nested at most MSG_DEPTH
 * deep, no key twice, no key this module doesn't know, each value of its
 * type and in its range, else the message is refused with why.
 *
 *   {"t":"play"}                          be the page of the player the
 *                                         session's cookie names: its live
 *                                         game (full frame), or none yet
 *   {"t":"play","player":NAME}            be NAME's page (a server started
 *                                         --dev only: the tests')
 *   {"t":"new","mode":M,"date":D,"class":ID,"abandon":B,"seed":S,"floor":F}
 *                                         a new run of mode M ("ladder", the
 *                                         default, "daily", "practice": D a
 *                                         past daily's day), of class ID,
 *                                         else the first; abandon must be
 *                                         true if a live run would be left
 *                                         for it; a seed and floor (and a
 *                                         daily's day) are taken only by a
 *                                         server started --test-seeds
 *   {"t":"watch","game":G}                watch the live game of run G
 *   {"t":"key","key":K,"seen":N,"id":I}   a key (keys.h's numbers); N the
 *                                         last frame the page drew; I the
 *                                         page's number for it (ack)
 *   {"t":"point","x":X,"y":Y} {"t":"unpoint"} {"t":"click","x":X,"y":Y}
 *   {"t":"resync"}                        send a full frame
 *   {"t":"room","room":[PC,PR,LR,C,R]}    the page's room (frame.h's
 *                                         FrameRoom): the player's only
 *
 * NAME is ^[A-Za-z0-9_-]{3,20}$ (as accounts will be), ID a class's id
 * (letters, digits, '_' and '-'). */
#ifndef AMULETS_MSG_H
#define AMULETS_MSG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { MSG_LIMIT = 1024, MSG_DEPTH = 3, MSG_NAME_SIZE = 24, MSG_WHY_SIZE = 128 };

typedef enum MsgKind {
    MSG_PLAY, MSG_NEW, MSG_WATCH, MSG_KEY, MSG_POINT, MSG_UNPOINT, MSG_CLICK, MSG_RESYNC, MSG_ROOM
} MsgKind;

typedef enum MsgMode { MSG_MODE_LADDER, MSG_MODE_DAILY, MSG_MODE_PRACTICE } MsgMode;

typedef struct Msg {
    MsgKind kind;
    MsgMode mode;
    char day[11];                   /* "YYYY-MM-DD", or "" */
    char player[MSG_NAME_SIZE];
    char class_id[MSG_NAME_SIZE];   /* "" for the first class */
    bool abandon;
    int64_t game;
    int key;
    uint32_t seen, id;
    int x, y;
    int room[5];
    bool seeded;                    /* seed and floor were given */
    uint64_t seed;
    int floor;
} Msg;

/* Reads a message of length bytes: false with why (for the page) */
bool msg_read(const char *text, size_t length, Msg *out, char *why, size_t why_size);

/* True if name is a player's name as the server takes it */
bool msg_name_ok(const char *name);

#endif
