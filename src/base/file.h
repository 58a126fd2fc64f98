/* Files on the disk, for the save: written whole or not at all, read
 * whole with a limit, and the few other things a save slot needs. Every
 * call that touches the disk goes through a FileOps, so the tests can make
 * any step fail (a full disk, a failed rename) and see what survives. */
#ifndef AMULETS_FILE_H
#define AMULETS_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct FileOps {
    int (*open)(const char *path, int flags, int mode);
    ssize_t (*write)(int fd, const void *data, size_t size);
    int (*fsync)(int fd);
    int (*close)(int fd);
    int (*rename)(const char *from, const char *to);
    int (*unlink)(const char *path);
} FileOps;

/* The system's own calls */
const FileOps *file_system_ops(void);

/* Writes text to path whole or not at all: to path + ".tmp" first,
 * flushed to the disk, closed, renamed over path, and the folder flushed
 * (where the filesystem can) so the rename itself survives a power cut.
 * On any failure the old file is untouched, the temporary one removed,
 * and error says why in the player's words ("the disk is full"). */
bool file_write_whole(const FileOps *ops, const char *path, const char *text, size_t length,
                      char *error, size_t error_size);

/* Reads a whole file (at most limit bytes) into a new NUL-terminated
 * buffer for the caller to free */
bool file_read_all(const char *path, size_t limit, char **text, size_t *length,
                   char *error, size_t error_size);

bool file_exists(const char *path);
/* Makes a folder and the folders above it, as mkdir -p does */
bool file_make_dirs(const char *dir, char *error, size_t error_size);

/* The player's words for an errno */
const char *file_reason(int error_number);

#endif
