/* Holds a picture against a reference (tests/sdl/reference.sh):
 *   picture_diff REFERENCE.png PICTURE.png|PICTURE.ppm LEVELS [PERCENT]
 * Both must be the same size. A pixel differs if one of its red, green and
 * blue differs; the pictures agree if none differs by more than LEVELS
 * and at most PERCENT of the pixels (default 2) differ at all. It says
 * how many differ, by how much at most, and the box they lie in; exits 0
 * if they agree, 1 if not, 2 if a picture can't be read. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfx.h"

/* A binary PPM (P6, 255 levels), as xwin grab writes it, as 0xRRGGBBAA */
static bool read_ppm(const char *path, int *width, int *height, uint32_t **pixels)
{
    FILE *in = fopen(path, "rb");
    if (in == NULL) return false;
    int most = 0;
    bool ok = fscanf(in, "P6 %d %d %d", width, height, &most) == 3 && most == 255 && *width > 0 &&
              *height > 0 && fgetc(in) != EOF;
    size_t count = ok ? (size_t)*width * (size_t)*height : 0;
    *pixels = ok ? malloc(count * sizeof **pixels) : NULL;
    for (size_t i = 0; *pixels != NULL && i < count; ++i) {
        unsigned char rgb[3];
        if (fread(rgb, 1, 3, in) != 3) {
            free(*pixels);
            *pixels = NULL;
            break;
        }
        (*pixels)[i] = (uint32_t)rgb[0] << 24 | (uint32_t)rgb[1] << 16 | (uint32_t)rgb[2] << 8 | 255u;
    }
    fclose(in);
    return *pixels != NULL;
}

static bool read_picture(const char *path, int *width, int *height, uint32_t **pixels)
{
    size_t length = strlen(path);
    if (length > 4 && strcmp(path + length - 4, ".ppm") == 0) return read_ppm(path, width, height, pixels);
    return gfx_read_png(path, width, height, pixels);
}

/* The most one of red, green and blue differs by */
static int difference(uint32_t a, uint32_t b)
{
    int most = 0;
    for (int shift = 8; shift <= 24; shift += 8) {
        int d = abs((int)((a >> shift) & 255) - (int)((b >> shift) & 255));
        if (d > most) most = d;
    }
    return most;
}

int main(int argc, char **argv)
{
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: picture_diff REFERENCE.png PICTURE.png|.ppm LEVELS [PERCENT]\n");
        return 2;
    }
    int levels = atoi(argv[3]);
    double percent = argc == 5 ? atof(argv[4]) : 2.0;
    int w1, h1, w2, h2;
    uint32_t *reference = NULL, *picture = NULL;
    if (!read_picture(argv[1], &w1, &h1, &reference) || !read_picture(argv[2], &w2, &h2, &picture)) {
        fprintf(stderr, "picture_diff: can't read %s\n", reference == NULL ? argv[1] : argv[2]);
        free(reference);
        return 2;
    }
    if (w1 != w2 || h1 != h2) {
        printf("%s is %dx%d, the reference %dx%d\n", argv[2], w2, h2, w1, h1);
        free(reference);
        free(picture);
        return 1;
    }
    long differ = 0, beyond = 0;
    int worst = 0, left = w1, top = h1, right = -1, bottom = -1;
    for (int y = 0; y < h1; ++y) {
        for (int x = 0; x < w1; ++x) {
            int d = difference(reference[(size_t)y * (size_t)w1 + (size_t)x], picture[(size_t)y * (size_t)w1 + (size_t)x]);
            if (d == 0) continue;
            ++differ;
            if (d > levels) ++beyond;
            if (d > worst) worst = d;
            if (x < left) left = x;
            if (x > right) right = x;
            if (y < top) top = y;
            if (y > bottom) bottom = y;
        }
    }
    double share = 100.0 * (double)differ / ((double)w1 * (double)h1);
    printf("%s: %ld of %d pixels differ (%.2f%%), by %d levels at most", argv[2], differ, w1 * h1, share, worst);
    if (differ > 0) printf(", within x %d-%d, y %d-%d", left, right, top, bottom);
    printf("; %ld by more than %d\n", beyond, levels);
    free(reference);
    free(picture);
    return beyond == 0 && share <= percent ? 0 : 1;
}
