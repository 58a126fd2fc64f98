#define _DEFAULT_SOURCE   /* flock, fdopendir */
/* The disk's store (store.h): a folder, kept open while the program runs,
 * every call made through it (openat, renameat, unlinkat, mkdirat,
 * fstatat) and through runs/ or morgue/ opened from it without following
 * a link, so no path is looked at twice: a link swapped in for a folder
 * between a check and a use has nothing to win. Files are written whole
 * (a temporary file, flushed, renamed over the old one, the folder
 * flushed: file.h); a link in a file's place is refused, never followed,
 * replaced or removed; the lock is an flock on the folder itself, which
 * dies with the process. The only code of the play layer that names the
 * system's file calls. */
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

/* The store's folder, open (made first if make): 0 or an errno, with the
 * player's words in error if it's given. The folder is the player's to
 * name (AMULETS_HOME, their data folder), so a link to it is followed:
 * once, here, and never again */
static int open_root(PosixStore *posix, bool make, char *error, size_t error_size)
{
    if (posix->opened) return 0;
    char words[STORE_ERROR_SIZE];
    if (make && !file_make_dirs(posix->root, words, sizeof words)) {
        int failed = errno != 0 ? errno : EIO;
        if (error != NULL) snprintf(error, error_size, "%s", words);
        return failed;
    }
    int fd = posix->fs->openat(AT_FDCWD, posix->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
    if (fd < 0) {
        int failed = errno;
        if (error != NULL) file_explain(error, error_size, "the save folder can't be opened", failed);
        return failed;
    }
    posix->root_fd = fd;
    posix->opened = true;
    return 0;
}

static bool is_link(const PosixStore *posix, int folder, const char *name)
{
    struct stat info;
    return posix->fs->fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(info.st_mode);
}

/* A failed open's errno, ELOOP where a link is what's there (O_NOFOLLOW
 * says ELOOP on Linux; ENOTDIR with O_DIRECTORY, or EMLINK, elsewhere) */
static int link_or(const PosixStore *posix, int error_number, int folder, const char *name)
{
    if (error_number == ENOENT || error_number == ELOOP) return error_number;
    return is_link(posix, folder, name) ? ELOOP : error_number;
}

/* Where a name is: the folder it's in, open, and its last part */
typedef struct Place {
    int folder;
    bool opened;          /* folder is one of the store's, to close */
    const char *leaf;
} Place;

/* The folder of runs/NAME, opened from the store's without following a
 * link (made first if make); the store's own for a name without '/'.
 * 0 or an errno, ELOOP for a link in the folder's place */
static int place_of(PosixStore *posix, const char *name, bool make, Place *place)
{
    if (!store_name_ok(name)) return EINVAL;
    int failed = open_root(posix, make, NULL, 0);
    if (failed != 0) return failed;
    *place = (Place){posix->root_fd, false, name};
    const char *slash = strchr(name, '/');
    if (slash == NULL) return 0;
    char folder[STORE_NAME_SIZE];
    snprintf(folder, sizeof folder, "%.*s", (int)(slash - name), name);
    int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
    int fd = posix->fs->openat(posix->root_fd, folder, flags, 0);
    if (fd < 0 && errno == ENOENT && make) {
        /* made here (its name flushed, to outlive a power cut), or just
         * now by another */
        if (posix->fs->mkdirat(posix->root_fd, folder, 0755) == 0) posix->fs->fsync(posix->root_fd);
        else if (errno != EEXIST) return errno;
        fd = posix->fs->openat(posix->root_fd, folder, flags, 0);
    }
    if (fd < 0) return link_or(posix, errno, posix->root_fd, folder);
    *place = (Place){fd, true, slash + 1};
    return 0;
}

static void leave(const PosixStore *posix, const Place *place)
{
    if (place->opened) posix->fs->close(place->folder);
}

static FileRead posix_read(void *self, const char *name, size_t limit, char **text, size_t *length,
                           char *error, size_t error_size)
{
    PosixStore *posix = posix_of(self);
    *text = NULL;
    *length = 0;
    Place place;
    int failed = place_of(posix, name, false, &place);
    if (failed == ENOENT) {
        snprintf(error, error_size, "it can't be read: it isn't there");
        return FILE_READ_MISSING;
    }
    if (failed == ELOOP) {
        snprintf(error, error_size, "it can't be read: its folder is a link, which the game never makes");
        return FILE_READ_NOT_A_FILE;
    }
    if (failed != 0) {
        file_explain_read(error, error_size, failed);
        return FILE_READ_FAILED;
    }
    FileRead read = file_read_at(posix->fs, place.folder, place.leaf, posix->read_links, limit, text,
                                 length, error, error_size);
    leave(posix, &place);
    return read;
}

static bool posix_write(void *self, const char *name, const char *text, size_t length, char *error,
                        size_t error_size)
{
    PosixStore *posix = posix_of(self);
    if (store_name_ok(name) && open_root(posix, true, error, error_size) != 0) return false;
    Place place;
    int failed = place_of(posix, name, true, &place);
    /* renaming over a link would replace it: the player's, or planted */
    if (failed == 0 && is_link(posix, place.folder, place.leaf)) {
        leave(posix, &place);
        failed = ELOOP;
    }
    if (failed != 0) {
        file_say(error, error_size, failed);
        return false;
    }
    bool written = file_write_at(posix->fs, place.folder, place.leaf, text, length, error, error_size);
    leave(posix, &place);
    return written;
}

/* Writes all of text to fd: 0 or an errno */
static int write_out(const PosixStore *posix, int fd, const char *text, size_t length)
{
    for (size_t done = 0; done < length;) {
        ssize_t n = posix->fs->write(fd, text + done, length - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return n < 0 && errno != 0 ? errno : EIO;
        done += (size_t)n;
    }
    return 0;
}

static int posix_overwrite(void *self, const char *name, const char *text, size_t length)
{
    PosixStore *posix = posix_of(self);
    Place place;
    int failed = place_of(posix, name, false, &place);
    if (failed != 0) return failed;
    int fd = posix->fs->openat(place.folder, place.leaf, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0);
    if (fd < 0) failed = link_or(posix, errno, place.folder, place.leaf);
    if (fd >= 0) {
        failed = write_out(posix, fd, text, length);
        if (failed == 0 && posix->fs->fsync(fd) != 0) failed = errno;
        if (posix->fs->close(fd) != 0 && failed == 0) failed = errno;
    }
    leave(posix, &place);
    return failed;
}

/* name opened to append to, made if it's missing (*made then): a
 * descriptor, or -1 with errno */
static int open_to_append(const PosixStore *posix, const Place *place, bool *made)
{
    int flags = O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC;
    int fd = posix->fs->openat(place->folder, place->leaf, flags, 0);
    *made = false;
    if (fd >= 0 || errno != ENOENT) return fd;
    fd = posix->fs->openat(place->folder, place->leaf, flags | O_CREAT | O_EXCL, 0644);
    if (fd >= 0) *made = true;
    else if (errno == EEXIST) fd = posix->fs->openat(place->folder, place->leaf, flags, 0);
    return fd;
}

static int posix_append(void *self, const char *name, const char *text, size_t length, bool sync)
{
    PosixStore *posix = posix_of(self);
    Place place;
    int failed = place_of(posix, name, true, &place);
    if (failed != 0) return failed;
    bool made;
    int fd = open_to_append(posix, &place, &made);
    if (fd < 0) failed = link_or(posix, errno, place.folder, place.leaf);
    if (fd >= 0) {
        failed = write_out(posix, fd, text, length);
        if (failed == 0 && sync && posix->fs->fsync(fd) != 0) failed = errno;
        if (posix->fs->close(fd) != 0 && failed == 0) failed = errno;
        /* a file this append made is in its folder after a power cut too
         * (flushing the folder at every append would cost a second wait
         * on the disk each time) */
        if (failed == 0 && sync && made) posix->fs->fsync(place.folder);
    }
    leave(posix, &place);
    return failed;
}

static bool posix_exists(void *self, const char *name)
{
    PosixStore *posix = posix_of(self);
    Place place;
    if (place_of(posix, name, false, &place) != 0) return false;
    struct stat info;
    bool there = posix->fs->fstatat(place.folder, place.leaf, &info, AT_SYMLINK_NOFOLLOW) == 0;
    leave(posix, &place);
    return there;
}

static int posix_remove(void *self, const char *name)
{
    PosixStore *posix = posix_of(self);
    Place place;
    int failed = place_of(posix, name, false, &place);
    if (failed != 0) return failed;
    if (is_link(posix, place.folder, place.leaf)) failed = ELOOP;
    else if (posix->fs->unlinkat(place.folder, place.leaf, 0) != 0) failed = errno;
    leave(posix, &place);
    return failed;
}

static int posix_rename(void *self, const char *from, const char *to)
{
    PosixStore *posix = posix_of(self);
    Place source, target;
    int failed = place_of(posix, from, false, &source);
    if (failed != 0) return failed;
    failed = place_of(posix, to, false, &target);
    if (failed != 0) {
        leave(posix, &source);
        return failed;
    }
    if (is_link(posix, source.folder, source.leaf) || is_link(posix, target.folder, target.leaf)) {
        failed = ELOOP;
    } else if (posix->fs->renameat(source.folder, source.leaf, target.folder, target.leaf) != 0) {
        failed = errno;
    }
    leave(posix, &target);
    leave(posix, &source);
    return failed;
}

static bool posix_list(void *self, const char *folder, StoreEach each, void *context, char *error,
                       size_t error_size)
{
    PosixStore *posix = posix_of(self);
    char name[STORE_NAME_SIZE];
    if (strchr(folder, '/') != NULL || snprintf(name, sizeof name, "%s/x", folder) >= (int)sizeof name) {
        file_explain(error, error_size, "the folder can't be read", EINVAL);
        return false;
    }
    Place place;
    int failed = place_of(posix, name, false, &place);
    if (failed == ENOENT) return true;
    DIR *dir = failed == 0 ? fdopendir(place.folder) : NULL;
    if (dir == NULL) {
        file_explain(error, error_size, "the folder can't be read", failed != 0 ? failed : errno);
        if (failed == 0) leave(posix, &place);
        return false;
    }
    struct dirent *entry;
    bool going = true;
    while (going && (entry = readdir(dir)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
        going = each(context, entry->d_name);
    }
    closedir(dir);   /* and the folder's descriptor with it */
    return true;
}

/* The lock is the folder's own: a file named lock could be deleted, and
 * a second copy then let in to play the same run. An older game's lock
 * file is left where it is, unread: it locks nothing now. The folder
 * keeps its lock if it's renamed, and a new folder made at its path is
 * another store, which another copy may lock: neither writes in the
 * other's, as each acts through the folder it opened. */
static bool posix_lock(void *self, char *error, size_t error_size)
{
    PosixStore *posix = posix_of(self);
    if (posix->locked) return true;
    int failed = open_root(posix, true, NULL, 0);
    if (failed != 0) {
        file_explain(error, error_size, "the save folder can't be locked", failed);
        return false;
    }
    if (flock(posix->root_fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EWOULDBLOCK) {
            snprintf(error, error_size, "the run in %s is being played by another copy of the game",
                     posix->root);
        } else {
            file_explain(error, error_size, "the save folder can't be locked", errno);
        }
        return false;
    }
    posix->locked = true;
    return true;
}

static void posix_unlock(void *self)
{
    PosixStore *posix = posix_of(self);
    if (!posix->locked) return;
    flock(posix->root_fd, LOCK_UN);
    posix->locked = false;
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
    posix->opened = false;
    posix->root_fd = -1;
    posix->locked = false;
    posix->read_links = false;
    int n = snprintf(posix->root, sizeof posix->root, "%s", root);
    if (n <= 0 || n >= (int)sizeof posix->root - STORE_NAME_SIZE) {
        snprintf(error, error_size, "the save folder's path is too long");
        return false;
    }
    while (n > 1 && posix->root[n - 1] == '/') posix->root[--n] = '\0';
    return !make || open_root(posix, true, error, error_size) == 0;
}

void store_posix_close(PosixStore *posix)
{
    posix_unlock(posix);
    if (posix->opened) close(posix->root_fd);
    posix->opened = false;
    posix->root_fd = -1;
}

Store store_posix(PosixStore *posix) { return (Store){&POSIX_OPS, posix}; }
