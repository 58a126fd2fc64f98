/* Verifying a recording: see verify.h. Decisions the header leaves open:
 *
 * - The cheap refusals come first, each before anything dearer is done:
 *   the size, the mark, the bytes, the text, the count of commands, then
 *   the header's (ranked: rules, data, class, start, debug, floor, end),
 *   and only then is the run played. A recording refused for several
 *   reasons is refused for the first of them in that order.
 * - "Binary" is any byte a record file may not hold (a NUL, a control
 *   character but a tab, broken UTF-8), so a forged file of bytes is told
 *   from a text that isn't a recording.
 * - A recording the game wrote whole carries its mark (store.h); a mark
 *   that doesn't fit is "damaged". One without it is read as it is: a
 *   forger would take it off, so it proves nothing, and the run's end is
 *   what the playing finds.
 * - Ranked, a run marked as debugged in play (a D command in it) is
 *   refused too, whatever its header says.
 * - A message is the reader's or the player's words without the file's
 *   name, which the caller knows; the line is given apart. */
#include "verify.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "playback.h"
#include "replay.h"
#include "save.h"
#include "store.h"

/* What a message calls the recording, cut off again before it's shown */
#define NAME "recording"

#define VERIFY_REASON_TEXT(name, text, ranked) [name] = {text, ranked},
static const struct { const char *name; bool ranked; } REASONS[VERIFY_REASON_COUNT] = {
    VERIFY_REASONS(VERIFY_REASON_TEXT)
};

const char *verify_reason_name(VerifyReason reason) { return REASONS[reason].name; }

bool verify_reason_ranked(VerifyReason reason) { return REASONS[reason].ranked; }

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static bool refuse(VerifyResult *result, VerifyReason reason, int line, const char *format, ...)
{
    result->reason = reason;
    result->line = line;
    va_list args;
    va_start(args, format);
    vsnprintf(result->message, sizeof result->message, format, args);
    va_end(args);
    return false;
}

/* Refused with the first of errors, "recording:LINE: why" or
 * "recording: why", its line taken apart from its words */
static bool refuse_with(VerifyResult *result, VerifyReason reason, int line, const Errors *errors)
{
    const char *text = errors->count > 0 ? errors->lines[0] : "it can't be read";
    size_t name = strlen(NAME);
    if (strncmp(text, NAME ":", name + 1) == 0) {
        text += name + 1;
        int read = 0, at = 0;
        if (sscanf(text, "%d:%n", &at, &read) == 1 && read > 0) {
            text += read;
            if (line == 0) line = at;
        }
        while (*text == ' ') ++text;
    }
    return refuse(result, reason, line, "%s", text);
}

/* ---- The bytes ------------------------------------------------------------ */

/* The length of the UTF-8 character at p (n bytes left), or 0 if it isn't
 * one: an overlong form, a surrogate, past U+10FFFF, or cut short */
static size_t utf8_length(const unsigned char *p, size_t n)
{
    size_t length = p[0] >= 0xF0 ? 4 : p[0] >= 0xE0 ? 3 : 2;
    if (p[0] < 0xC2 || p[0] > 0xF4 || n < length) return 0;
    for (size_t i = 1; i < length; ++i) {
        if ((p[i] & 0xC0) != 0x80) return 0;
    }
    bool bad = (p[0] == 0xE0 && p[1] < 0xA0) || (p[0] == 0xED && p[1] > 0x9F) ||
               (p[0] == 0xF0 && p[1] < 0x90) || (p[0] == 0xF4 && p[1] > 0x8F);
    return bad ? 0 : length;
}

/* The line (from 1) of the first byte that isn't text, or 0 if all are */
static int first_binary_line(const char *text, size_t length)
{
    const unsigned char *p = (const unsigned char *)text;
    int line = 1;
    size_t i = length >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    while (i < length) {
        if (p[i] == '\n') ++line;
        if (p[i] == '\n' || p[i] == '\t' || (p[i] >= 0x20 && p[i] < 0x7F)) {
            ++i;
            continue;
        }
        size_t step = p[i] >= 0x80 ? utf8_length(p + i, length - i) : 0;
        if (step == 0) return line;
        i += step;
    }
    return 0;
}

/* How much of text is the recording: all of it, or with the store's mark
 * (store.h) all but its last line, the mark checked first. Its head, a
 * comment, is left on so that the lines are the file's. False (result
 * saying why) if the mark doesn't fit */
static bool unmarked(const char *text, size_t length, size_t *out_length, VerifyResult *result)
{
    *out_length = length;
    if (!store_has_mark(text, length)) return true;
    char *copy = malloc(length + 1), error[160];
    if (copy == NULL) return refuse(result, VERIFY_NO_MEMORY, 0, "there isn't enough memory to read it");
    memcpy(copy, text, length);
    copy[length] = '\0';
    size_t own = length, head = strlen(STORE_MARK_HEAD);
    bool good = store_unmark(copy, &own, error, sizeof error) == STORE_MARK_OK;
    free(copy);
    if (!good) return refuse(result, VERIFY_DAMAGED, 0, "%s", error);
    *out_length = own + (length >= head && memcmp(text, STORE_MARK_HEAD, head) == 0 ? head : 0);
    return true;
}

/* ---- The header ----------------------------------------------------------- */

static void take_header(const Replay *replay, VerifyResult *result)
{
    result->seed = replay->seed;
    result->start_floor = replay->floor;
    result->data_digest = replay->data_digest;
    result->rules = replay->rules;
    snprintf(result->class_id, sizeof result->class_id, "%s", replay->class_id);
}

/* What a ranked verify refuses before playing but the rules and the
 * data, in verify.c's order */
static bool ranked_header_holds(const Replay *replay, VerifyResult *result)
{
    if (replay->class_id[0] == '\0') {
        return refuse(result, VERIFY_NO_CLASS, rep_line(replay, "class"), "it's a run of no class, as "
                      "runs were before classes: a ranked run is of a class");
    }
    if (replay->start != NULL) {
        return refuse(result, VERIFY_FROM_SAVE, replay->start_line, "it begins from a saved run, "
                      "not from the run's start");
    }
    if (replay->debug) {
        return refuse(result, VERIFY_DEBUG, rep_line(replay, "debug"), "a debugging view was used in it");
    }
    if (replay->floor != 1) {
        return refuse(result, VERIFY_BELOW_FLOOR_1, rep_line(replay, "floor"), "it begins on floor %d, "
                      "not floor 1", replay->floor);
    }
    if (replay->ended == MODE_PLAYING) {
        return refuse(result, VERIFY_CUT_SHORT, rep_line(replay, "ended"), "it has no end: the run "
                      "it records goes on, or it was cut short");
    }
    return true;
}

/* What every verify refuses before playing: what can't be played here */
static bool header_holds(const Replay *replay, const GameData *data, VerifyOptions options,
                         VerifyResult *result)
{
    if (replay->count > options.max_commands) {
        return refuse(result, VERIFY_TOO_MANY_COMMANDS, replay->lines[options.max_commands], "it has %d "
                      "commands, and a recording may have at most %d", replay->count, options.max_commands);
    }
    if (options.ranked && replay->rules != REP_GAME_VERSION) {
        return refuse(result, VERIFY_OTHER_RULES, rep_line(replay, "rules"), "it was played under version %d "
                      "of the rules, and these are version %d", replay->rules, REP_GAME_VERSION);
    }
    uint64_t digest = rep_data_digest(data);
    if (replay->data_digest != digest) {
        return refuse(result, VERIFY_OTHER_DATA, rep_line(replay, "data"), "it was played with other data "
                      "files (theirs %016llx, these %016llx)", (unsigned long long)replay->data_digest,
                      (unsigned long long)digest);
    }
    if (replay->class_id[0] != '\0' && data_find_class(data, replay->class_id) < 0) {
        return refuse(result, VERIFY_UNKNOWN_CLASS, replay->class_line, "no class is called '%s'",
                      replay->class_id);
    }
    return !options.ranked || ranked_header_holds(replay, result);
}

/* ---- Playing it ----------------------------------------------------------- */

static void take_run(const Playback *playback, VerifyResult *result)
{
    const Run *run = playback_run(playback);
    const Player *player = run_player(run);
    result->commands = playback_position(playback);
    Mode mode = run_mode(run);
    result->outcome = mode == MODE_DEAD || mode == MODE_WON ? mode : MODE_PLAYING;
    result->floor = run_level(run)->depth;
    result->amulets = player->amulets;
    result->gold = player->gold;
    result->turns = run_turn(run);
    result->digest = save_digest(run);
}

static bool plays(const Replay *replay, const GameData *data, VerifyOptions options, VerifyResult *result)
{
    static const VerifyReason BY_FAULT[] = {
        [PLAYBACK_NO_FAULT] = VERIFY_OK,      [PLAYBACK_CANT_BEGIN] = VERIFY_BAD_START,
        [PLAYBACK_REFUSED] = VERIFY_REFUSED,  [PLAYBACK_PARTED] = VERIFY_PARTED,
        [PLAYBACK_WRONG_END] = VERIFY_WRONG_END,
    };
    Playback playback;
    Errors errors = {0};
    bool good = false;
    if (!playback_start(&playback, replay, data, &errors)) {
        VerifyReason reason = replay->start != NULL ? VERIFY_BAD_START : VERIFY_NO_MEMORY;
        refuse_with(result, reason, playback.fault_line, &errors);
    } else if (playback_finish(&playback, &errors) != PLAYBACK_END) {
        take_run(&playback, result);
        refuse_with(result, BY_FAULT[playback.fault], playback.fault_line, &errors);
    } else {
        take_run(&playback, result);
        good = !(options.ranked && run_debugged(playback_run(&playback))) ||
               refuse(result, VERIFY_DEBUG, 0, "a debugging view was used in it");
    }
    playback_stop(&playback);
    errors_clear(&errors);
    return good;
}

bool verify_recording(const char *text, size_t length, const GameData *data, VerifyOptions options,
                      VerifyResult *result)
{
    memset(result, 0, sizeof *result);
    result->outcome = MODE_PLAYING;
    if (options.max_bytes == 0) options.max_bytes = VERIFY_MAX_BYTES;
    if (options.max_commands <= 0) options.max_commands = VERIFY_MAX_COMMANDS;
    if (length > options.max_bytes) {
        return refuse(result, VERIFY_TOO_BIG, 0, "it's more than %zu bytes, the most a recording may have",
                      options.max_bytes);
    }
    size_t own_length;
    if (!unmarked(text, length, &own_length, result)) return false;
    int binary = first_binary_line(text, own_length);
    Replay replay;
    Errors errors = {0};
    bool good = false;
    if (binary > 0) {
        refuse(result, VERIFY_BINARY, binary, "it isn't text: line %d has a byte no recording holds "
               "(a NUL, a control character or broken UTF-8)", binary);
    } else if (!rep_parse(&replay, text, own_length, NAME, &errors)) {
        /* one of the rules before choices (the dialogs' keys) can't be
         * played by these: refused as of other rules, ranked or not, its
         * version and this game's named */
        bool older = rep_is_older(text, own_length, &result->rules);
        refuse_with(result, older ? VERIFY_OTHER_RULES : VERIFY_UNREADABLE, 0, &errors);
    } else {
        take_header(&replay, result);
        good = header_holds(&replay, data, options, result) && plays(&replay, data, options, result);
        rep_free(&replay);
    }
    errors_clear(&errors);
    return good;
}

/* ---- Its JSON ------------------------------------------------------------- */

typedef struct Json {
    char *at;
    size_t size, length;   /* length: what's written, or would be */
} Json;

static void json_bytes(Json *json, const char *bytes, size_t n)
{
    for (size_t i = 0; i < n; ++i, ++json->length) {
        if (json->length + 1 < json->size) json->at[json->length] = bytes[i];
    }
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void json_printf(Json *json, const char *format, ...)
{
    char piece[128];
    va_list args;
    va_start(args, format);
    int n = vsnprintf(piece, sizeof piece, format, args);
    va_end(args);
    if (n > 0) json_bytes(json, piece, (size_t)n < sizeof piece ? (size_t)n : sizeof piece - 1);
}

/* A JSON string: quotes, backslashes and control characters escaped, a
 * byte that isn't UTF-8 as U+FFFD, so the line is always valid JSON */
static void json_string(Json *json, const char *text)
{
    json_bytes(json, "\"", 1);
    const unsigned char *p = (const unsigned char *)text;
    for (size_t i = 0, n = strlen(text); i < n;) {
        size_t step = p[i] >= 0x80 ? utf8_length(p + i, n - i) : 1;
        if (step == 0) {
            json_bytes(json, "\\ufffd", 6);
            ++i;
        } else if (p[i] == '"' || p[i] == '\\') {
            json_printf(json, "\\%c", p[i++]);
        } else if (p[i] < 0x20 || p[i] == 0x7F) {
            json_printf(json, "\\u%04x", p[i++]);
        } else {
            json_bytes(json, text + i, step);
            i += step;
        }
    }
    json_bytes(json, "\"", 1);
}

static const char *outcome_name(Mode outcome)
{
    return outcome == MODE_DEAD ? "dead" : outcome == MODE_WON ? "won" : "unfinished";
}

size_t verify_json(const VerifyResult *r, char *out, size_t size)
{
    Json json = {out, size, 0};
    json_printf(&json, "{\"ok\":%s", r->reason == VERIFY_OK ? "true" : "false");
    if (r->reason != VERIFY_OK) {
        json_printf(&json, ",\"reason\":\"%s\",\"line\":%d,\"message\":", verify_reason_name(r->reason), r->line);
        json_string(&json, r->message);
    }
    json_printf(&json, ",\"commands\":%d,\"outcome\":\"%s\",\"floor\":%d,\"amulets\":%d,\"gold\":%d,\"turns\":%d",
                r->commands, outcome_name(r->outcome), r->floor, r->amulets, r->gold, r->turns);
    json_bytes(&json, ",\"class\":", 9);
    if (r->class_id[0] != '\0') json_string(&json, r->class_id);
    else json_bytes(&json, "null", 4);
    json_printf(&json, ",\"seed\":%llu,\"start_floor\":%d,\"data\":\"%016llx\",\"rules\":%d,\"digest\":\"%016llx\"}\n",
                (unsigned long long)r->seed, r->start_floor, (unsigned long long)r->data_digest, r->rules,
                (unsigned long long)r->digest);
    if (size > 0) out[json.length < size ? json.length : size - 1] = '\0';
    return json.length;
}
