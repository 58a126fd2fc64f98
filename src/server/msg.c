/* The messages a page sends: see msg.h */
#include "msg.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "account.h"
#include "geom.h"
#include "keys.h"

/* Deeper than MSG_DEPTH: looked at before jansson reads it, so no
 * nesting costs more than its bytes */
static bool too_deep(const char *text, size_t length)
{
    int depth = 0;
    bool in_string = false;
    for (size_t i = 0; i < length; ++i) {
        char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            if (++depth > MSG_DEPTH) return true;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return false;
}

static bool word_ok(const char *s, size_t least, size_t most)
{
    size_t n = strlen(s);
    if (n < least || n > most) return false;
    for (size_t i = 0; i < n; ++i) {
        char c = s[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
        if (!ok) return false;
    }
    return true;
}

bool msg_name_ok(const char *name)
{
    return word_ok(name, 3, 20);
}

/* The fields each kind takes beside "t" */
typedef struct KindFields {
    const char *name;
    MsgKind kind;
    const char *fields;         /* space-separated, each required unless '?' follows */
} KindFields;

static const KindFields KINDS[] = {
    {"play", MSG_PLAY, "player?"},
    {"new", MSG_NEW, "mode? date? class? abandon? seed? floor?"},
    {"watch", MSG_WATCH, "game"},
    {"key", MSG_KEY, "key seen id?"},
    {"point", MSG_POINT, "x y"},
    {"unpoint", MSG_UNPOINT, ""},
    {"click", MSG_CLICK, "x y"},
    {"resync", MSG_RESYNC, ""},
    {"room", MSG_ROOM, "room"},
};

/* True if key is one of fields' (required set if it has no '?') */
static bool field_of(const char *fields, const char *key, bool *optional)
{
    size_t n = strlen(key);
    for (const char *p = fields; *p != '\0';) {
        const char *end = strchr(p, ' ');
        size_t length = end != NULL ? (size_t)(end - p) : strlen(p);
        *optional = length > 0 && p[length - 1] == '?';
        size_t name_length = *optional ? length - 1 : length;
        if (name_length == n && strncmp(p, key, n) == 0) return true;
        if (end == NULL) break;
        p = end + 1;
    }
    return false;
}

static int required_count(const char *fields)
{
    int count = 0;
    for (const char *p = fields; *p != '\0';) {
        const char *end = strchr(p, ' ');
        size_t length = end != NULL ? (size_t)(end - p) : strlen(p);
        if (length > 0 && p[length - 1] != '?') ++count;
        if (end == NULL) break;
        p = end + 1;
    }
    return count;
}

static bool integer_in(json_t *value, long long least, long long most, long long *out)
{
    if (!json_is_integer(value)) return false;
    long long n = (long long)json_integer_value(value);
    if (n < least || n > most) return false;
    *out = n;
    return true;
}

/* One field's value into out: false if it isn't of its kind */
static bool read_field(Msg *out, const char *key, json_t *value)
{
    long long n = 0;
    if (strcmp(key, "player") == 0) {
        if (!json_is_string(value) || !msg_name_ok(json_string_value(value))) return false;
        snprintf(out->player, sizeof out->player, "%s", json_string_value(value));
        return true;
    }
    if (strcmp(key, "class") == 0) {
        if (!json_is_string(value) || !word_ok(json_string_value(value), 1, MSG_NAME_SIZE - 1)) return false;
        snprintf(out->class_id, sizeof out->class_id, "%s", json_string_value(value));
        return true;
    }
    if (strcmp(key, "mode") == 0) {
        static const char *const MODES[] = {"ladder", "daily", "practice"};
        for (int m = 0; json_is_string(value) && m < 3; ++m) {
            if (strcmp(json_string_value(value), MODES[m]) == 0) return out->mode = (MsgMode)m, true;
        }
        return false;
    }
    if (strcmp(key, "date") == 0) {
        if (!json_is_string(value) || !account_day_ok(json_string_value(value))) return false;
        snprintf(out->day, sizeof out->day, "%s", json_string_value(value));
        return true;
    }
    if (strcmp(key, "abandon") == 0) {
        out->abandon = json_is_true(value);
        return json_is_boolean(value);
    }
    if (strcmp(key, "seed") == 0) {
        out->seeded = true;
        return integer_in(value, 0, INT64_MAX, &n) && ((out->seed = (uint64_t)n), true);
    }
    if (strcmp(key, "floor") == 0) {
        out->seeded = true;
        return integer_in(value, 1, 99, &n) && ((out->floor = (int)n), true);
    }
    if (strcmp(key, "game") == 0) return integer_in(value, 1, INT64_MAX, &n) && ((out->game = n), true);
    if (strcmp(key, "key") == 0) return integer_in(value, 1, AK_LIMIT - 1, &n) && ((out->key = (int)n), true);
    if (strcmp(key, "seen") == 0) return integer_in(value, 0, UINT32_MAX, &n) && ((out->seen = (uint32_t)n), true);
    if (strcmp(key, "id") == 0) return integer_in(value, 1, UINT32_MAX, &n) && ((out->id = (uint32_t)n), true);
    if (strcmp(key, "x") == 0) return integer_in(value, 0, MAP_W - 1, &n) && ((out->x = (int)n), true);
    if (strcmp(key, "y") == 0) return integer_in(value, 0, MAP_H - 1, &n) && ((out->y = (int)n), true);
    if (strcmp(key, "room") == 0) {
        static const int most[5] = {200, 200, 64, 400, 200};
        if (!json_is_array(value) || json_array_size(value) != 5) return false;
        for (int i = 0; i < 5; ++i) {
            if (!integer_in(json_array_get(value, (size_t)i), 1, most[i], &n)) return false;
            out->room[i] = (int)n;
        }
        return true;
    }
    return false;
}

static bool read_object(json_t *root, Msg *out, char *why, size_t why_size)
{
    json_t *t = json_object_get(root, "t");
    const KindFields *kind = NULL;
    for (size_t i = 0; t != NULL && json_is_string(t) && i < sizeof KINDS / sizeof KINDS[0]; ++i) {
        if (strcmp(json_string_value(t), KINDS[i].name) == 0) kind = &KINDS[i];
    }
    if (kind == NULL) {
        snprintf(why, why_size, "the message says no kind the server knows");
        return false;
    }
    out->kind = kind->kind;
    int required = 0;
    const char *key;
    json_t *value;
    json_object_foreach(root, key, value) {
        if (strcmp(key, "t") == 0) continue;
        bool optional;
        if (!field_of(kind->fields, key, &optional)) {
            snprintf(why, why_size, "a %s message has no field \"%.32s\"", kind->name, key);
            return false;
        }
        if (!read_field(out, key, value)) {
            snprintf(why, why_size, "the field \"%s\" of a %s message isn't right", key, kind->name);
            return false;
        }
        if (!optional) ++required;
    }
    if (required != required_count(kind->fields)) {
        snprintf(why, why_size, "a %s message lacks a field (%s)", kind->name, kind->fields);
        return false;
    }
    return true;
}

bool msg_read(const char *text, size_t length, Msg *out, char *why, size_t why_size)
{
    memset(out, 0, sizeof *out);
    if (length > MSG_LIMIT) {
        snprintf(why, why_size, "the message is longer than %d bytes", MSG_LIMIT);
        return false;
    }
    if (too_deep(text, length)) {
        snprintf(why, why_size, "the message is nested too deep");
        return false;
    }
    json_error_t error;
    json_t *root = json_loadb(text, length, JSON_REJECT_DUPLICATES, &error);
    if (root == NULL) {
        snprintf(why, why_size, "the message isn't JSON the server reads: %.64s", error.text);
        return false;
    }
    bool ok = json_is_object(root);
    if (!ok) snprintf(why, why_size, "the message isn't a JSON object");
    ok = ok && read_object(root, out, why, why_size);
    json_decref(root);
    return ok;
}
