/* The HTTP API's routes and forms: see route.h */
#include "route.h"

#include <errno.h>
#include <jansson.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "account.h"

typedef struct RouteRow {
    const char *method, *path;
    bool changes;
    const char *form;
} RouteRow;

#define ROUTE_ROW(name, method, path, changes, form) {method, path, changes, form},
static const RouteRow ROWS[] = {ROUTES(ROUTE_ROW)};
#undef ROUTE_ROW
_Static_assert(sizeof ROWS / sizeof ROWS[0] == ROUTE_COUNT, "a row for every route");

/* A path's argument, as the pattern's mark says: a number (1 and up:
 * '#') or a day ('@'); its length in *used */
static bool argument(char mark, const char *path, RouteMatch *match, size_t *used)
{
    if (mark == '@') {
        if (strlen(path) < 10) return false;
        memcpy(match->day, path, 10);
        match->day[10] = '\0';
        *used = 10;
        return account_day_ok(match->day);
    }
    size_t n = strspn(path, "0123456789");
    if (n == 0 || n > 18 || path[0] == '0') return false;
    errno = 0;
    match->number = strtoll(path, NULL, 10);
    *used = n;
    return errno == 0 && match->number > 0;
}

static bool matches(const char *pattern, const char *path, RouteMatch *match)
{
    size_t head = strcspn(pattern, "#@");
    if (pattern[head] == '\0') return strcmp(pattern, path) == 0;
    if (strncmp(pattern, path, head) != 0) return false;
    size_t used;
    if (!argument(pattern[head], path + head, match, &used)) return false;
    return strcmp(pattern + head + 1, path + head + used) == 0;
}

RouteMatch route_find(const char *method, const char *path)
{
    RouteMatch match = {.route = ROUTE_NONE};
    for (int r = 0; r < ROUTE_COUNT; ++r) {
        RouteMatch m = {.route = (Route)r};
        if (!matches(ROWS[r].path, path, &m)) continue;
        bool get = strcmp(ROWS[r].method, "GET") == 0;
        if (strcmp(method, ROWS[r].method) == 0 || (get && strcmp(method, "HEAD") == 0)) return m;
        match.route = ROUTE_BAD_METHOD;
    }
    return match;
}

bool route_changes(Route route)
{
    return route >= 0 && route < ROUTE_COUNT && ROWS[route].changes;
}

size_t route_body_limit(Route route)
{
    return route == ROUTE_UPLOAD ? ROUTE_UPLOAD_LIMIT : ROUTE_BODY_LIMIT;
}

/* The index of key among the form's fields, or -1 */
static int field_index(const char *form, const char *key)
{
    int index = 0;
    size_t n = strlen(key);
    for (const char *p = form; *p != '\0'; ++index) {
        const char *end = strchr(p, ' ');
        size_t length = end != NULL ? (size_t)(end - p) : strlen(p);
        if (length == n && strncmp(p, key, n) == 0) return index;
        if (end == NULL) break;
        p = end + 1;
    }
    return -1;
}

static int field_count(const char *form)
{
    if (form[0] == '\0') return 0;
    int count = 1;
    for (const char *p = form; *p != '\0'; ++p) count += *p == ' ';
    return count;
}

void form_free(Form *form)
{
    for (int i = 0; i < ROUTE_FIELDS; ++i) {
        if (form->fields[i] != NULL) sodium_memzero(form->fields[i], form->lengths[i]);
        free(form->fields[i]);
        form->fields[i] = NULL;
    }
}

static bool read_fields(Route route, json_t *root, Form *form, char *why, size_t why_size)
{
    const char *key;
    json_t *value;
    json_object_foreach(root, key, value) {
        int i = field_index(ROWS[route].form, key);
        if (i < 0) {
            snprintf(why, why_size, "This form has no field \"%.32s\".", key);
            return false;
        }
        size_t n = json_string_length(value);
        if (!json_is_string(value) || n > ROUTE_FIELD_MOST || memchr(json_string_value(value), '\0', n) != NULL) {
            snprintf(why, why_size, "The field \"%s\" must be text of at most %d bytes.", key, ROUTE_FIELD_MOST);
            return false;
        }
        form->fields[i] = malloc(n + 1);
        if (form->fields[i] == NULL) return snprintf(why, why_size, "The server is out of memory."), false;
        memcpy(form->fields[i], json_string_value(value), n + 1);
        form->lengths[i] = n;
    }
    for (int i = 0; i < field_count(ROWS[route].form); ++i) {
        if (form->fields[i] == NULL) {
            snprintf(why, why_size, "The form lacks a field (it takes %s).", ROWS[route].form);
            return false;
        }
    }
    return true;
}

bool form_read(Route route, const char *body, size_t length, Form *form, char *why, size_t why_size)
{
    memset(form, 0, sizeof *form);
    if (route < 0 || route >= ROUTE_COUNT) return snprintf(why, why_size, "There's no such page."), false;
    if (length > route_body_limit(route)) return snprintf(why, why_size, "The request is too long."), false;
    if (ROWS[route].form[0] == '\0') return true;   /* no form: the body is ignored */
    /* one object of strings: a '[' or a second '{' outside a string is
     * refused before jansson reads any of it */
    bool in_string = false;
    int opens = 0;
    for (size_t i = 0; i < length; ++i) {
        char c = body[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || (c == '{' && ++opens > 1)) {
            return snprintf(why, why_size, "The form must be one JSON object of text fields."), false;
        }
    }
    json_error_t error;
    json_t *root = json_loadb(body, length, JSON_REJECT_DUPLICATES, &error);
    bool ok = json_is_object(root);
    if (!ok) snprintf(why, why_size, "The form must be one JSON object of text fields.");
    ok = ok && read_fields(route, root, form, why, why_size);
    json_decref(root);
    if (!ok) form_free(form);
    return ok;
}
