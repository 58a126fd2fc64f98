/* Fuzzing the server's HTTP routing and forms (src/server/route.h): the
 * input's first line is "METHOD PATH", the rest a body. A path found is
 * one of the routes, its number or day in range; a form read has every
 * field its route takes, each text of at most ROUTE_FIELD_MOST bytes
 * with no NUL; one refused says why. */
#include <stdlib.h>
#include <string.h>

#include "account.h"
#include "fuzz.h"
#include "route.h"

static void check_match(const RouteMatch *m)
{
    if (m->route < ROUTE_BAD_METHOD || m->route >= ROUTE_COUNT) abort();
    bool numbered = m->route == ROUTE_RUN || m->route == ROUTE_RECORDING || m->route == ROUTE_UPLOAD_STATE;
    bool dated = m->route == ROUTE_DAILY_BOARD || m->route == ROUTE_DUMP;
    if (numbered && m->number <= 0) abort();
    if (dated && !account_day_ok(m->day)) abort();
}

static void check_form(Route route, const char *body, size_t length)
{
    Form form;
    char why[ROUTE_WHY_SIZE] = "";
    if (!form_read(route, body, length, &form, why, sizeof why)) {
        if (why[0] == '\0') abort();
        for (int i = 0; i < ROUTE_FIELDS; ++i) {
            if (form.fields[i] != NULL) abort();   /* nothing kept of a form refused */
        }
        return;
    }
    if (length > route_body_limit(route)) abort();
    for (int i = 0; i < ROUTE_FIELDS; ++i) {
        if (form.fields[i] == NULL) continue;
        if (form.lengths[i] > ROUTE_FIELD_MOST || strlen(form.fields[i]) != form.lengths[i]) abort();
    }
    if ((route == ROUTE_LOGIN || route == ROUTE_REGISTER) && (form.fields[0] == NULL || form.fields[1] == NULL)) abort();
    if (route == ROUTE_RECOVER && form.fields[2] == NULL) abort();
    form_free(&form);
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    const char *text = (const char *)input;
    const char *newline = memchr(text, '\n', size);
    size_t head = newline != NULL ? (size_t)(newline - text) : size;
    if (head > 512) return 0;
    char line[513], method[16] = "";
    memcpy(line, text, head);
    line[head] = '\0';
    if (memchr(line, '\0', head) != NULL) return 0;   /* a request line has none */
    const char *space = strchr(line, ' ');
    if (space == NULL || space - line >= (long)sizeof method) return 0;
    memcpy(method, line, (size_t)(space - line));
    method[space - line] = '\0';
    RouteMatch m = route_find(method, space + 1);
    check_match(&m);
    const char *body = newline != NULL ? newline + 1 : "";
    size_t length = newline != NULL ? size - head - 1 : 0;
    /* the body as every form reads it, not just the path's route's */
    for (int r = 0; r < ROUTE_COUNT; ++r) check_form((Route)r, body, length);
    return 0;
}
