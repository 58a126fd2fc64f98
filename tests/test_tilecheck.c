#define _GNU_SOURCE
/* tiles.txt and its atlases as tilecheck.c reads them, where the system
 * lets it down: an atlas whose fstat fails is said with the system's
 * reason (the stat it never filled isn't read), and a tiles.txt that is
 * a FIFO is refused at once, as anything but a regular file is, never
 * waited on. The program's side (--check-data and the window's start
 * with a FIFO, under a timeout) is tests/tiles_fifo.sh. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "files.h"
#include "runtest.h"
#include "tilecheck.h"

static GameData data;
static char root[PATH_SIZE];

/* The program's fstat, as the static libraries link it: the system's,
 * unless a test asks the next one to fail. A failed fstat may leave the
 * buffer as it likes; this one leaves a folder's mode in it, so a reader
 * that looks at it anyway says "a folder" */
static int fstat_fails;   /* the errno the next fstat fails with, or 0 */

int fstat(int fd, struct stat *st)
{
    if (fstat_fails != 0) {
        memset(st, 0, sizeof *st);
        st->st_mode = S_IFDIR | 0755;
        errno = fstat_fails;
        fstat_fails = 0;
        return -1;
    }
    return (int)syscall(SYS_fstat, fd, st);
}

static void write_file(const char *path, const char *bytes, size_t length)
{
    FILE *file = fopen(path, "wb");
    CHECK(file != NULL);
    if (file == NULL) return;
    CHECK(fwrite(bytes, 1, length, file) == length);
    fclose(file);
}

/* A real header (32 x 16) is read; the same file whose fstat fails is
 * said with the system's words */
static void test_fstat_fails(void)
{
    static const char HEADER[] = "\211PNG\r\n\032\n\0\0\0\015IHDR\0\0\0\040\0\0\0\020";
    char path[PATH_SIZE + 16];
    snprintf(path, sizeof path, "%s/wall.png", root);
    write_file(path, HEADER, sizeof HEADER - 1);
    int w = 0, h = 0;
    const char *why = "";
    CHECK(tilecheck_png_size(path, &w, &h, &why));
    CHECK_INT(w, 32);
    CHECK_INT(h, 16);
    fstat_fails = EIO;
    why = "";
    CHECK(!tilecheck_png_size(path, &w, &h, &why));
    CHECK_STR(why, strerror(EIO));
    fstat_fails = EACCES;
    CHECK(!tilecheck_png_size(path, &w, &h, &why));
    CHECK_STR(why, strerror(EACCES));
    CHECK_INT(fstat_fails, 0);   /* the fstat was called, and failed */
}

/* A FIFO for tiles.txt: said at once (the alarm ends a test that waits) */
static void test_tiles_txt_fifo(void)
{
    char path[PATH_SIZE + 16];
    snprintf(path, sizeof path, "%s/tiles.txt", root);
    CHECK(mkfifo(path, 0600) == 0);
    Errors errors = {0};
    TileList list;
    alarm(10);
    CHECK(!tilecheck_read(&list, &data, path, root, &errors));
    alarm(0);
    tilecheck_free(&list);
    CHECK_INT(errors.count, 1);
    if (errors.count > 0) CHECK_STR(errors.lines[0], "tiles.txt: it can't be read: it's a FIFO (a pipe), not a file");
    errors_clear(&errors);
    /* a folder likewise, and a file that isn't there */
    unlink(path);
    CHECK(mkdir(path, 0700) == 0);
    CHECK(!tilecheck_read(&list, &data, path, root, &errors));
    tilecheck_free(&list);
    if (CHECK(errors.count == 1)) CHECK_STR(errors.lines[0], "tiles.txt: it can't be read: it's a folder, not a file");
    errors_clear(&errors);
    rmdir(path);
    CHECK(!tilecheck_read(&list, &data, path, root, &errors));
    tilecheck_free(&list);
    if (CHECK(errors.count == 1)) CHECK_STR(errors.lines[0], "tiles.txt: it can't be read: it isn't there");
    errors_clear(&errors);
    /* the shipped one reads as it did (no atlases in the folder: the
     * game's own pictures) */
    snprintf(path, sizeof path, "%s/none", root);
    CHECK(tilecheck_read(&list, &data, AMULETS_SOURCE_DIR "/data/tiles.txt", path, &errors));
    CHECK_INT(errors.count, 0);
    CHECK(list.count > 0);
    tilecheck_free(&list);
    errors_clear(&errors);
}

int main(void)
{
    load_shipped_data(&data);
    make_test_root(root, "tilecheck");
    test_fstat_fails();
    test_tiles_txt_fifo();
    char command[PATH_SIZE + 16];
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    if (system(command) != 0) fprintf(stderr, "couldn't remove %s\n", root);
    data_free(&data);
    return check_done("test_tilecheck");
}
