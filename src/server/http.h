/* Answers to HTTP requests, each with the same headers: nosniff, no
 * framing, no referrer, and a Content-Security-Policy that lets an
 * answer load or run nothing (the API's answers are data; the page is
 * nginx's, docs/server.md gives its policy). JSON answers are built with
 * jansson, so every value is escaped by it. */
#ifndef AMULETS_HTTP_H
#define AMULETS_HTTP_H

#include <jansson.h>
#include <microhttpd.h>
#include <stdbool.h>
#include <stddef.h>

#define HTTP_CSP "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/* body (length bytes, copied) as type, with the headers, and cookie as
 * Set-Cookie (NULL: none) and disposition as Content-Disposition (NULL: none) */
enum MHD_Result http_answer(struct MHD_Connection *c, unsigned status, const char *type, const char *body,
                            size_t length, const char *cookie, const char *disposition);
enum MHD_Result http_text(struct MHD_Connection *c, unsigned status, const char *text);
/* value as JSON (its reference taken), with cookie (NULL: none) */
enum MHD_Result http_json(struct MHD_Connection *c, unsigned status, json_t *value, const char *cookie);
/* {"error":text} */
enum MHD_Result http_error(struct MHD_Connection *c, unsigned status, const char *text);
/* An answer with no body (204) */
enum MHD_Result http_empty(struct MHD_Connection *c, unsigned status, const char *cookie);

/* The headers every answer carries, added to response */
void http_headers(struct MHD_Response *response);

#endif
