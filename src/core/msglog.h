/* The message log: newest last, each message read or not yet read, and a
 * message said again straight after itself, about the same thing,
 * counted rather than repeated ("The jackal hits you. x3": one jackal,
 * three times; two jackals waking are two lines). */
#ifndef AMULETS_MSGLOG_H
#define AMULETS_MSGLOG_H

#include <stdarg.h>
#include <stdbool.h>

/* The whole run's talk, as far as the history (Ctrl-P) goes back */
enum { LOG_MAX = 400, MSG_SIZE = 160 };

typedef struct Message {
    char text[MSG_SIZE];
    int count;     /* 1, or how many times in a row it was said */
    bool read;
    unsigned about;   /* what it tells of (a monster, by msg_add_about's
                         number), or 0: nothing in particular. Not saved:
                         a line read back is counted up with none */
} Message;

typedef struct MsgLog {
    Message messages[LOG_MAX];   /* a ring: the oldest is dropped */
    int first;
    int count;
} MsgLog;

/* Adds a message, formatted as vprintf does; its first letter is made a
 * capital. The same text as the newest message counts that one up
 * instead, and makes it unread again. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 0)))
#endif
void msg_addv(MsgLog *log, const char *format, va_list args);

/* The same, about one thing, by a number of the caller's that no other
 * thing shares (0: nothing in particular): counted up only with the
 * newest message if that is the same words about the same thing */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 0)))
#endif
void msg_add_about(MsgLog *log, unsigned about, const char *format, va_list args);

/* The newest message, if it is was and said once, becomes text (news
 * again, and counted in with the one before if that is text): "You see
 * a dagger here." and its pick-up make one line. False, changing
 * nothing, if the newest isn't was */
bool msg_replace_last(MsgLog *log, const char *was, const char *text);

/* Adds a message as a save kept it: read, said count times, and never
 * counted in with the one before */
void msg_restore(MsgLog *log, const char *text, int count);

/* Everything said so far has been read */
void msg_mark_read(MsgLog *log);

/* How many of the newest messages are unread. Messages are only ever made
 * unread by being said, so the unread ones are always the newest few, and
 * marking that many unread again undoes msg_mark_read */
int msg_unread(const MsgLog *log);
void msg_mark_unread(MsgLog *log, int newest);

/* The i-th message, 0 the oldest kept; NULL out of range */
const Message *msg_get(const MsgLog *log, int i);
static inline int msg_count(const MsgLog *log) { return log->count; }

/* The newest message's text, or "" */
const char *msg_last(const MsgLog *log);

#endif
