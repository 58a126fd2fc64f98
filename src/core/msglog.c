#include "msglog.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static Message *newest(MsgLog *log)
{
    return log->count == 0 ? NULL : &log->messages[(log->first + log->count - 1) % LOG_MAX];
}

static Message *append(MsgLog *log)
{
    if (log->count == LOG_MAX) {
        log->first = (log->first + 1) % LOG_MAX;
        --log->count;
    }
    return &log->messages[(log->first + log->count++) % LOG_MAX];
}

/* Adds a message already formatted, or counts the newest up if it's the
 * same words about the same thing */
static void add_text(MsgLog *log, unsigned about, const char *text)
{
    Message *last = newest(log);
    if (last != NULL && last->about == about && strcmp(last->text, text) == 0) {
        ++last->count;
        last->read = false;   /* said again, it's news again */
        return;
    }
    Message *message = append(log);
    snprintf(message->text, sizeof message->text, "%s", text);
    message->count = 1;
    message->read = false;
    message->about = about;
}

void msg_add_about(MsgLog *log, unsigned about, const char *format, va_list args)
{
    char text[MSG_SIZE];
    vsnprintf(text, sizeof text, format, args);
    if (text[0] >= 'a' && text[0] <= 'z') {
        text[0] = (char)(text[0] - 'a' + 'A');
    }
    add_text(log, about, text);
}

void msg_addv(MsgLog *log, const char *format, va_list args)
{
    msg_add_about(log, 0, format, args);
}

bool msg_replace_last(MsgLog *log, const char *was, const char *text)
{
    Message *last = newest(log);
    if (last == NULL || last->count != 1 || strcmp(last->text, was) != 0) return false;
    --log->count;
    add_text(log, 0, text);
    return true;
}

void msg_restore(MsgLog *log, const char *text, int count)
{
    Message *message = append(log);
    snprintf(message->text, sizeof message->text, "%s", text);
    message->count = count;
    message->read = true;
    message->about = 0;
}

/* Only the newest few are ever unread (msglog.h), so marking stops at
 * the first read one: a long history costs nothing a command */
void msg_mark_read(MsgLog *log)
{
    for (int i = log->count - 1; i >= 0; --i) {
        Message *m = &log->messages[(log->first + i) % LOG_MAX];
        if (m->read) break;
        m->read = true;
    }
}

int msg_unread(const MsgLog *log)
{
    int unread = 0;
    while (unread < log->count && !log->messages[(log->first + log->count - 1 - unread) % LOG_MAX].read) {
        ++unread;
    }
    return unread;
}

void msg_mark_unread(MsgLog *log, int newest)
{
    for (int i = log->count - newest; i < log->count; ++i) {
        if (i >= 0) log->messages[(log->first + i) % LOG_MAX].read = false;
    }
}

const Message *msg_get(const MsgLog *log, int i)
{
    if (i < 0 || i >= log->count) return NULL;
    return &log->messages[(log->first + i) % LOG_MAX];
}

const char *msg_last(const MsgLog *log)
{
    const Message *m = msg_get(log, log->count - 1);
    return m != NULL ? m->text : "";
}
