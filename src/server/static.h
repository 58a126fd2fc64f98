/* The built page's files (make web's site folder), served by the server
 * itself for make serve and the tests (--static DIR); in production nginx
 * serves them (deploy/). Only plain names are served: letters, digits,
 * '.', '_', '-' and '/' between them, no name starting with '.', so no
 * path leaves DIR; "/" is the online page, online.html. Each answer has
 * the page's Content-Security-Policy and its other security headers. */
#ifndef AMULETS_STATIC_H
#define AMULETS_STATIC_H

#include <microhttpd.h>
#include <stdbool.h>

/* True if url names a file static_answer would look for */
bool static_wanted(const char *url);

/* Answers GET url with DIR's file (200), or 404 if there's none */
enum MHD_Result static_answer(struct MHD_Connection *c, const char *dir, const char *url);

/* The page's security headers (deploy/nginx.conf sends the same) */
void static_security_headers(struct MHD_Response *response);

#endif
