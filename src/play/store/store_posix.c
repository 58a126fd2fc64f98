#define _DEFAULT_SOURCE   /* flock, fdopendir */
/* The disk's store (store.h): a folder, its files written whole (to a
 * temporary file, flushed, renamed over the old one, the folder flushed:
 * file.h), its lock an flock that dies with the process, and its folders
 * (runs/, morgue/) opened without following links, so nothing planted
 * there sends a write or a removal outside the store. The only code of
 * the play layer that names the system's file calls. */
#include "store.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static PosixStore *posix_of(void *self) { return self; }

/* root/name, or ENAMETOOLONG / EINVAL (a name no store takes) */
static int path_of(const PosixStore *posix, const char *name, char out[STORE_PATH_SIZE + STORE_NAME_SIZE])
{
    if (!store_name_ok(name)) return EINVAL;
    int n = snprintf(out, STORE_PATH_SIZE + STORE_NAME_SIZE, "%s/%s", posix->root, name);
    return n > 0 && n < STORE_PATH_SIZE + STORE_NAME_SIZE ? 0 : ENAMETOOLONG;
}

/* The folder a name is in, opened without following a link (made first
 * if make and it's missing): a descriptor, or -1 with errno. A name in
 * the store's own folder gives -2: nothing to open. */
static int open_folder(const PosixStore *posix, const char *name, bool make)
{
    const char *slash = strchr(name, '/');
    if (slash == NULL) return -2;
    char folder[STORE_NAME_SIZE], path[STORE_PATH_SIZE + STORE_NAME_SIZE];
    snprintf(folder, sizeof folder, "%.*s", (int)(slash - name), name);
    int failed = path_of(posix, folder, path);
    if (failed != 0) {
        errno = failed;
        return -1;
    }
    int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
    int fd = posix->fs->open(path, flags, 0);
    if (fd < 0 && errno == ENOENT && make && mkdir(path, 0755) == 0) fd = posix->fs->open(path, flags, 0);
    /* a link in the folder's place: O_NOFOLLOW says ELOOP, or with
     * O_DIRECTORY on some systems ENOTDIR */
    if (fd < 0 && errno == ENOTDIR) {
        struct stat info;
        if (lstat(path, &info) == 0 && S_ISLNK(info.st_mode)) errno = ELOOP;
    }
    return fd;
}

/* The folder's check before a call on a name in it: 0, or an errno */
static int check_folder(const PosixStore *posix, const char *name, bool make)
{
    int fd = open_folder(posix, name, make);
    if (fd == -2) return 0;
    if (fd < 0) return errno;
    posix->fs->close(fd);
    return 0;
}

static FileRead posix_read(void *self, const char *name, size_t limit, char **text, size_t *length,
                           char *error, size_t error_size)
{
    PosixStore *posix = posix_of(self);
    char path[STORE_PATH_SIZE + STORE_NAME_SIZE];
    *text = NULL;
    *length = 0;
    int failed = path_of(posix, name, path);
    if (failed == 0) failed = check_folder(posix, name, false);
    if (failed == ENOENT) {
        snprintf(error, error_size, "it can't be read: it isn't there");
        return FILE_READ_MISSING;
    }
    if (failed != 0) {
        file_explain_read(error, error_size, failed);
        return FILE_READ_FAILED;
    }
    return file_read_all(posix->fs, path, limit, text, length, error, error_size);
}

static bool posix_write(void *self, const char *name, const char *text, size_t length, char *error,
                        size_t error_size)
{
    PosixStore *posix = posix_of(self);
    char path[STORE_PATH_SIZE + STORE_NAME_SIZE];
    int failed = path_of(posix, name, path);
    if (failed == 0 && !posix->made) {
        posix->made = file_make_dirs(posix->root, error, error_size);
        if (!posix->made) return false;
    }
    if (failed == 0) failed = check_folder(posix, name, true);
    if (failed != 0) {
        file_say(error, error_size, failed);
        return false;
    }
    return file_write_whole(posix->fs, path, text, length, error, error_size);
}

static int posix_overwrite(void *self, const char *name, const char *text, size_t length)
{
    PosixStore *posix = posix_of(self);
    char path[STORE_PATH_SIZE + STORE_NAME_SIZE];
    int failed = path_of(posix, name, path);
    if (failed == 0) failed = check_folder(posix, name, false);
    if (failed != 0) return failed;
    int fd = posix->fs->open(path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0);
    if (fd < 0) return errno;
    bool ok = posix->fs->write(fd, text, length) == (ssize_t)length && posix->fs->fsync(fd) == 0;
    int saved = ok ? 0 : errno != 0 ? errno : EIO;
    if (posix->fs->close(fd) != 0 && saved == 0) saved = errno;
    return saved;
}

static int posix_append(void *self, const char *name, const char *text, size_t length, bool sync)
{
    PosixStore *posix = posix_of(self);
    char path[STORE_PATH_SIZE + STORE_NAME_SIZE];
    char error[STORE_ERROR_SIZE];
    int failed = path_of(posix, name, path);
    if (failed == 0 && !posix->made) {
        posix->made = file_make_dirs(posix->root, error, sizeof error);
        if (!posix->made) failed = errno != 0 ? errno : EIO;
    }
    if (failed == 0) failed = check_folder(posix, name, true);
    if (failed != 0) return failed;
    int fd = posix->fs->open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) return errno;
    size_t done = 0;
    while (failed == 0 && done < length) {
        ssize_t n = posix->fs->write(fd, text + done, length - done);
        if (n > 0) done += (size_t)n;
        else failed = n < 0 && errno != 0 ? errno : EIO;
    }
    if (failed == 0 && sync && posix->fs->fsync(fd) != 0) failed = errno;
    if (posix->fs->close(fd) != 0 && failed == 0) failed = errno;
    return failed;
}

static bool posix_exists(void *self, const char *name)
{
    PosixStore *posix = posix_of(self);
    char path[STORE_PATH_SIZE + STORE_NAME_SIZE];
    struct stat info;
    return path_of(posix, name, path) == 0 && check_folder(posix, name, false) == 0 &&
           stat(path, &info) == 0;
}

static int posix_remove(void *self, const char *name)
{
    PosixStore *posix = posix_of(self);
    char path[STORE_PATH_SIZE + STORE_NAME_SIZE];
    int failed = path_of(posix, name, path);
    if (failed == 0) failed = check_folder(posix, name, false);
    if (failed != 0) return failed;
    return posix->fs->unlink(path) == 0 ? 0 : errno;
}

static int posix_rename(void *self, const char *from, const char *to)
{
    PosixStore *posix = posix_of(self);
    char from_path[STORE_PATH_SIZE + STORE_NAME_SIZE], to_path[STORE_PATH_SIZE + STORE_NAME_SIZE];
    int failed = path_of(posix, from, from_path);
    if (failed == 0) failed = path_of(posix, to, to_path);
    if (failed == 0) failed = check_folder(posix, from, false);
    if (failed == 0) failed = check_folder(posix, to, false);
    if (failed != 0) return failed;
    return posix->fs->rename(from_path, to_path) == 0 ? 0 : errno;
}

static bool posix_list(void *self, const char *folder, StoreEach each, void *context, char *error,
                       size_t error_size)
{
    PosixStore *posix = posix_of(self);
    char name[STORE_NAME_SIZE];
    if (snprintf(name, sizeof name, "%s/x", folder) >= (int)sizeof name) return false;
    int fd = open_folder(posix, name, false);
    if (fd < 0 && errno == ENOENT) return true;
    DIR *dir = fd >= 0 ? fdopendir(fd) : NULL;
    if (dir == NULL) {
        file_explain(error, error_size, "the folder can't be read", errno);
        if (fd >= 0) close(fd);
        return false;
    }
    struct dirent *entry;
    bool going = true;
    while (going && (entry = readdir(dir)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
        going = each(context, entry->d_name);
    }
    closedir(dir);
    return true;
}

static bool posix_lock(void *self, char *error, size_t error_size)
{
    PosixStore *posix = posix_of(self);
    if (posix->locked) return true;
    char path[STORE_PATH_SIZE + STORE_NAME_SIZE];
    int failed = path_of(posix, "lock", path);
    int fd = failed == 0 ? open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0644) : -1;
    if (fd < 0) {
        file_explain(error, error_size, "the save folder can't be locked", failed ? failed : errno);
        return false;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int reason = errno;
        close(fd);
        if (reason == EWOULDBLOCK) {
            snprintf(error, error_size, "the run in %s is being played by another copy of the game",
                     posix->root);
        } else {
            file_explain(error, error_size, "the save folder can't be locked", reason);
        }
        return false;
    }
    posix->lock_fd = fd;
    posix->locked = true;
    return true;
}

static void posix_unlock(void *self)
{
    PosixStore *posix = posix_of(self);
    if (!posix->locked) return;
    close(posix->lock_fd);   /* closing the last descriptor drops the flock */
    posix->locked = false;
    posix->lock_fd = -1;
}

static const char *posix_where(void *self) { return posix_of(self)->root; }

static const StoreOps POSIX_OPS = {
    posix_read, posix_write, posix_overwrite, posix_append, posix_exists, posix_remove,
    posix_rename, posix_list, posix_lock, posix_unlock, posix_where,
};

bool store_posix_open(PosixStore *posix, const char *root, bool make, char *error,
                      size_t error_size)
{
    posix->fs = file_system_ops();
    posix->locked = false;
    posix->lock_fd = -1;
    posix->made = false;
    int n = snprintf(posix->root, sizeof posix->root, "%s", root);
    if (n <= 0 || n >= (int)sizeof posix->root - STORE_NAME_SIZE) {
        snprintf(error, error_size, "the save folder's path is too long");
        return false;
    }
    while (n > 1 && posix->root[n - 1] == '/') posix->root[--n] = '\0';
    if (!make) return true;
    posix->made = file_make_dirs(posix->root, error, error_size);
    return posix->made;
}

Store store_posix(PosixStore *posix) { return (Store){&POSIX_OPS, posix}; }
