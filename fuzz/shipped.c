#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "fuzz.h"

enum { FILES = 5 };

/* Read once and kept for the fuzzer's whole run */
static struct { const char *name; char *text; size_t length; } files[FILES] = {
    {"monsters.txt", NULL, 0}, {"items.txt", NULL, 0}, {"vaults.txt", NULL, 0},
    {"classes.txt", NULL, 0}, {"tiles.txt", NULL, 0},
};

static char *read_whole(const char *path, size_t *length)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    char *text = malloc(1 << 20);
    *length = text ? fread(text, 1, (1 << 20) - 1, file) : 0;
    fclose(file);
    if (text) text[*length] = '\0';
    return text;
}

const char *fuzz_shipped(const char *name, size_t *length)
{
    for (int i = 0; i < FILES; ++i) {
        if (strcmp(files[i].name, name) != 0) continue;
        if (files[i].text == NULL) {
            char path[4096];
            snprintf(path, sizeof path, "%s/data/%s", AMULETS_SOURCE_DIR, name);
            files[i].text = read_whole(path, &files[i].length);
            if (files[i].text == NULL) {
                fprintf(stderr, "fuzz: can't read %s\n", path);
                abort();
            }
        }
        *length = files[i].length;
        return files[i].text;
    }
    abort();
}

const GameData *fuzz_shipped_data(void)
{
    static GameData data;
    static int loaded;
    if (!loaded) {
        size_t m, i, v, c;
        const char *monsters = fuzz_shipped("monsters.txt", &m);
        const char *items = fuzz_shipped("items.txt", &i);
        const char *vaults = fuzz_shipped("vaults.txt", &v);
        const char *classes = fuzz_shipped("classes.txt", &c);
        Errors errors = {0};
        if (!data_load_texts(&data, monsters, m, items, i, vaults, v, classes, c, &errors)) abort();
        errors_clear(&errors);
        loaded = 1;
    }
    return &data;
}
