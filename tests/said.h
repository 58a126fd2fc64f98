/* What the scenario tests ask of the log: the messages the last command
 * gave, exactly or among others. */
#ifndef AMULETS_SAID_H
#define AMULETS_SAID_H

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "run.h"

/* The first of the messages the last command gave. A command marks
 * everything said before it read, and a message said again is news
 * again, so the unread messages are the newest few */
static inline int first_unread(const Run *run)
{
    const MsgLog *log = run_log(run);
    int i = msg_count(log);
    while (i > 0 && !msg_get(log, i - 1)->read) --i;
    return i;
}

/* A message as the log shows it: its text, and "x3" if said three times */
static inline void shown(const Message *m, char *out, size_t size)
{
    if (m->count > 1) snprintf(out, size, "%s x%d", m->text, m->count);
    else snprintf(out, size, "%s", m->text);
}

static inline void print_said(const Run *run)
{
    const MsgLog *log = run_log(run);
    for (int i = first_unread(run); i < msg_count(log); ++i) {
        char text[MSG_SIZE + 16];
        shown(msg_get(log, i), text, sizeof text);
        fprintf(stderr, "      said     \"%s\"\n", text);
    }
}

/* Checks that the last command said exactly these messages, in order */
static inline void expect_said(const Run *run, const char *const expected[], const char *file, int line)
{
    const MsgLog *log = run_log(run);
    int first = first_unread(run), said = msg_count(log) - first, wanted = 0;
    while (expected[wanted] != NULL) ++wanted;
    bool same = said == wanted;
    for (int i = 0; same && i < said; ++i) {
        char text[MSG_SIZE + 16];
        shown(msg_get(log, first + i), text, sizeof text);
        same = strcmp(text, expected[i]) == 0;
    }
    if (!check_at(same, "the messages the command gave", file, line)) {
        for (int i = 0; i < wanted; ++i) fprintf(stderr, "      expected \"%s\"\n", expected[i]);
        print_said(run);
    }
}

#define EXPECT_SAID(run, ...) expect_said((run), (const char *const[]){__VA_ARGS__, NULL}, __FILE__, __LINE__)
#define EXPECT_SILENT(run) expect_said((run), (const char *const[]){NULL}, __FILE__, __LINE__)

/* The text of the last command's only message, whatever its count; ""
 * if it said nothing or more than one thing */
static inline const char *said_only(const Run *run)
{
    const MsgLog *log = run_log(run);
    return msg_count(log) - first_unread(run) == 1 ? msg_last(log) : "";
}

/* True if the last command said this, among other things */
static inline bool said_among(const Run *run, const char *text)
{
    const MsgLog *log = run_log(run);
    for (int i = first_unread(run); i < msg_count(log); ++i) {
        if (strcmp(msg_get(log, i)->text, text) == 0) return true;
    }
    return false;
}

/* How many lines of the whole log kept are this text */
static inline int said_lines(const Run *run, const char *text)
{
    const MsgLog *log = run_log(run);
    int n = 0;
    for (int i = 0; i < msg_count(log); ++i) n += strcmp(msg_get(log, i)->text, text) == 0;
    return n;
}

#endif
