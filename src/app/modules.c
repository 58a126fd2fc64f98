/* The frontends' shared objects, loaded only when a frontend is asked
 * for: the window's (SDL3, SDL3_image and SDL3_ttf, and the libraries
 * they load, whose relocation would cost every headless command most of
 * its start) and the terminal's (curses). Each module is built beside the
 * program (CMakeLists.txt) and exports one table (front.h's
 * front_window_api, terminal.h's term_api); the rules and the play
 * layer it calls are the program's own, exported to it. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "app.h"

/* The module's path: beside the program, wherever it was started from */
static bool module_path(const char *file, char *out, size_t size)
{
    char self[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0) return snprintf(out, size, "%s/%s", AMULETS_MODULE_DIR, file) < (int)size;
    self[length] = '\0';
    char *slash = strrchr(self, '/');
    if (slash != NULL) *slash = '\0';
    return snprintf(out, size, "%s/%s", self, file) < (int)size;
}

bool app_module_present(const char *file)
{
    char path[PATH_MAX];
    return module_path(file, path, sizeof path) && access(path, R_OK) == 0;
}

const void *app_module_table(const char *file, const char *table)
{
    char path[PATH_MAX];
    if (!module_path(file, path, sizeof path)) return NULL;
    /* kept loaded until the program ends: its table is used until then */
    void *module = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (module == NULL) {
        fprintf(stderr, "amulets: %s\n", dlerror());
        return NULL;
    }
    const void *found = dlsym(module, table);
    if (found == NULL) fprintf(stderr, "amulets: %s has no %s\n", path, table);
    return found;
}
