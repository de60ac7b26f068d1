/* The Linux one file's launcher (build/one_file.py appends the one-folder app to it).

   PyInstaller's one file writes its whole bundle to a temporary folder at every start, before Python
   runs (issue 47). This launcher unpacks the app once per build, into the player's cache folder,
   $XDG_CACHE_HOME/skyjo/app-<key> (else ~/.cache/skyjo/app-<key>), where <key> is the first 128 bits
   of the SHA-256 of everything appended: a new build gets a new folder. Each start checks that every
   file of the index is there with its kind and size and belongs to the player, then runs the app
   from there; anything else unpacks it again, into a fresh folder renamed into place when complete.

   Careful as the store's door is (game/store/files.py): the cache folders are opened without
   following a link (a link planted at skyjo/ or app-<key> is refused, never written through), files
   are created exclusively in a fresh 0700 folder, the index is checked whole before anything is
   written (names relative, no "..", links pointing inside, sizes and counts bounded), and a failure
   (a full disk, a folder that forbids running programs) removes what it wrote and says so in one
   line, naming the cure. The app learns which file started it from $SKYJO_ONE_FILE (the menu entry
   names that file, not the cache). */

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAGIC "SKYJO-ONE-FILE-1"
#define TRAILER_SIZE 64 /* magic (16), index offset (8), index size (8), key (32 hex digits) */
#define RECORD_HEAD 21  /* kind (1), mode (2), name length (2), data offset (8), data size (8) */
#define MAX_INDEX (4u << 20)
#define MAX_ENTRIES 20000
#define MAX_NAME 1024
#define COPY_CHUNK (1u << 20)
#define KEY_SIZE 32
#define STALE_SECONDS 3600

struct entry {
    char kind; /* 'd' folder, 'f' file, 'l' link (its data is the target) */
    unsigned mode;
    const char *name;
    unsigned name_size;
    uint64_t offset, size;
    char *target; /* a link's, read and checked with the index */
};

static const char *me = "skyjo";

static void say(const char *what, const char *where, int error, const char *cure) {
    fprintf(stderr, "%s: %s %s: %s%s%s\n", me, what, where, strerror(error), cure ? "; " : "", cure ? cure : "");
}

/* What stands where a folder of ours should be: a link, a file, someone else's folder. */
static void not_ours(const char *where) {
    fprintf(stderr, "%s: %s is a link or not a folder of yours, and is left as it is: remove it, or set "
            "XDG_CACHE_HOME to another folder\n", me, where);
}

static uint64_t little(const unsigned char *bytes, int size) {
    uint64_t value = 0;
    for (int i = size - 1; i >= 0; i--) value = value << 8 | bytes[i];
    return value;
}

/* A name the app may have: relative, components neither empty, "." nor "..", no NUL. */
static int safe_name(const char *name, unsigned size) {
    if (size == 0 || size > MAX_NAME || name[0] == '/' || memchr(name, 0, size)) return 0;
    unsigned start = 0;
    for (unsigned i = 0; i <= size; i++) {
        if (i == size || name[i] == '/') {
            unsigned length = i - start;
            if (length == 0 || (length == 1 && name[start] == '.') ||
                (length == 2 && name[start] == '.' && name[start + 1] == '.'))
                return 0;
            start = i + 1;
        }
    }
    return 1;
}

/* A link's target: relative, without "..", so that it stays inside the app's folder. */
static int safe_link(int self, const struct entry *e, char *target) {
    if (pread(self, target, e->size, (off_t)e->offset) != (ssize_t)e->size) return 0;
    target[e->size] = 0;
    return safe_name(target, (unsigned)e->size);
}

/* The index, checked whole: every record inside it, every name safe, every file's bytes before it. */
static struct entry *read_index(int self, uint64_t offset, uint64_t size, size_t *count, char **text) {
    unsigned char *index = malloc(size + 1);
    if (!index || pread(self, index, size, (off_t)offset) != (ssize_t)size) return NULL;
    struct entry *entries = calloc(MAX_ENTRIES, sizeof *entries);
    if (!entries) return NULL;
    size_t n = 0;
    for (uint64_t at = 0; at < size; n++) {
        if (n == MAX_ENTRIES || size - at < RECORD_HEAD) return NULL;
        struct entry *e = &entries[n];
        e->kind = (char)index[at];
        e->mode = (unsigned)little(index + at + 1, 2) & 0755;
        e->name_size = (unsigned)little(index + at + 3, 2);
        e->offset = little(index + at + 5, 8);
        e->size = little(index + at + 13, 8);
        e->name = (const char *)index + at + RECORD_HEAD;
        at += RECORD_HEAD;
        if (size - at < e->name_size || !safe_name(e->name, e->name_size)) return NULL;
        if (e->offset > offset || e->size > offset - e->offset) return NULL;
        if (e->kind == 'l' && (e->size == 0 || e->size > MAX_NAME)) return NULL;
        if (e->kind != 'd' && e->kind != 'f' && e->kind != 'l') return NULL;
        at += e->name_size;
    }
    for (size_t i = 0; i < n; i++) { /* names end with NUL from here on; links' targets read and checked */
        struct entry *e = &entries[i];
        char *copy = strndup(e->name, e->name_size);
        if (!copy) return NULL;
        e->name = copy;
        if (e->kind == 'l' && (!(e->target = malloc(e->size + 1)) || !safe_link(self, e, e->target))) return NULL;
    }
    *count = n;
    *text = (char *)index;
    return entries;
}

/* The folder at `name` inside `parent`, made (0700) if missing, never through a link, and ours. */
static int own_folder(int parent, const char *name) {
    if (mkdirat(parent, name, 0700) != 0 && errno != EEXIST) return -1;
    int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    if (fd < 0) return -1;
    if (fstat(fd, &st) != 0 || st.st_uid != geteuid()) {
        close(fd);
        errno = EPERM;
        return -1;
    }
    return fd;
}

/* Is the unpacked app at `app` whole: every entry of its kind and size, ours, and the mark written last? */
static int whole(int app, const struct entry *entries, size_t count, const char *key) {
    struct stat st;
    char mark[KEY_SIZE + 1] = {0};
    int fd = openat(app, ".complete", O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return 0;
    ssize_t got = read(fd, mark, KEY_SIZE);
    close(fd);
    if (got != KEY_SIZE || memcmp(mark, key, KEY_SIZE) != 0) return 0;
    for (size_t i = 0; i < count; i++) {
        const struct entry *e = &entries[i];
        if (fstatat(app, e->name, &st, AT_SYMLINK_NOFOLLOW) != 0 || st.st_uid != geteuid()) return 0;
        if (e->kind == 'd' && !S_ISDIR(st.st_mode)) return 0;
        if (e->kind == 'l' && !S_ISLNK(st.st_mode)) return 0;
        if (e->kind == 'f' && (!S_ISREG(st.st_mode) || (uint64_t)st.st_size != e->size)) return 0;
    }
    return 1;
}

static int copy_out(int self, const struct entry *e, int out, char *buffer) {
    for (uint64_t done = 0; done < e->size;) {
        size_t chunk = e->size - done < COPY_CHUNK ? (size_t)(e->size - done) : COPY_CHUNK;
        ssize_t got = pread(self, buffer, chunk, (off_t)(e->offset + done));
        if (got <= 0) return -1;
        for (ssize_t written = 0; written < got;) {
            ssize_t put = write(out, buffer + written, (size_t)(got - written));
            if (put < 0) return -1;
            written += put;
        }
        done += (uint64_t)got;
    }
    return 0;
}

/* Every entry into the fresh folder `into`, then the mark; 0, or -1 with errno. */
static int unpack(int self, int into, const struct entry *entries, size_t count, const char *key) {
    char *buffer = malloc(COPY_CHUNK);
    if (!buffer) return -1;
    for (size_t i = 0; i < count; i++) {
        const struct entry *e = &entries[i];
        int status = 0;
        if (e->kind == 'd') {
            status = mkdirat(into, e->name, 0700 | e->mode);
        } else if (e->kind == 'l') {
            status = symlinkat(e->target, into, e->name);
        } else {
            int out = openat(into, e->name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600 | e->mode);
            status = out < 0 ? -1 : copy_out(self, e, out, buffer);
            if (out >= 0 && close(out) != 0) status = -1;
        }
        if (status != 0) return -1;
    }
    int mark = openat(into, ".complete", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (mark < 0 || write(mark, key, KEY_SIZE) != KEY_SIZE || close(mark) != 0) return -1;
    free(buffer);
    return 0;
}

static int remove_one(const char *path, const struct stat *st, int kind, struct FTW *where) {
    (void)st, (void)where;
    return kind == FTW_DP ? rmdir(path) : unlink(path);
}

static void remove_tree(const char *path) {
    nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* Half-made folders (tmp-…) and folders set aside (old-…) that an interrupted start left, once they
   are STALE_SECONDS old: younger ones may belong to a start unpacking right now. Nothing else. */
static void sweep(int folder, const char *path) {
    int fd = dup(folder);
    DIR *listing = fd < 0 ? NULL : fdopendir(fd);
    struct dirent *item;
    struct stat st;
    time_t now = time(NULL);
    if (!listing) return;
    while ((item = readdir(listing))) {
        if (strncmp(item->d_name, "tmp-", 4) != 0 && strncmp(item->d_name, "old-", 4) != 0) continue;
        if (fstatat(folder, item->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode) ||
            st.st_uid != geteuid() || now - st.st_mtime < STALE_SECONDS)
            continue;
        char stale[4096 + 320];
        if (snprintf(stale, sizeof stale, "%s/%s", path, item->d_name) < (int)sizeof stale) remove_tree(stale);
    }
    closedir(listing);
}

/* $XDG_CACHE_HOME when absolute, else ~/.cache (made if missing, as the XDG rule allows). */
static int cache_home(char *path, size_t size) {
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (xdg && xdg[0] == '/') return snprintf(path, size, "%s", xdg) < (int)size ? 0 : -1;
    if (!home || home[0] != '/') return -1;
    if (snprintf(path, size, "%s/.cache", home) >= (int)size) return -1;
    if (mkdir(path, 0700) != 0 && errno != EEXIST) return -1;
    return 0;
}

int main(int argc, char **argv) {
    (void)argc;
    char exe[4096], cache[4096], app_path[4096 + 64], key[KEY_SIZE + 1];
    ssize_t exe_size = readlink("/proc/self/exe", exe, sizeof exe - 1);
    int self = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    unsigned char trailer[TRAILER_SIZE];
    struct stat st;
    if (exe_size <= 0 || self < 0 || fstat(self, &st) != 0 || st.st_size < TRAILER_SIZE ||
        pread(self, trailer, TRAILER_SIZE, st.st_size - TRAILER_SIZE) != TRAILER_SIZE ||
        memcmp(trailer, MAGIC, 16) != 0) {
        fprintf(stderr, "%s: this file is damaged (its app is missing): download it again\n", me);
        return 1;
    }
    exe[exe_size] = 0;
    uint64_t index_offset = little(trailer + 16, 8), index_size = little(trailer + 24, 8);
    memcpy(key, trailer + 32, KEY_SIZE);
    key[KEY_SIZE] = 0;
    size_t count = 0;
    char *index_text = NULL;
    struct entry *entries = NULL;
    if (index_size <= MAX_INDEX && index_offset + index_size + TRAILER_SIZE == (uint64_t)st.st_size &&
        strspn(key, "0123456789abcdef") == KEY_SIZE)
        entries = read_index(self, index_offset, index_size, &count, &index_text);
    if (!entries) {
        fprintf(stderr, "%s: this file is damaged (its index does not hold together): download it again\n", me);
        return 1;
    }
    if (cache_home(cache, sizeof cache) != 0) {
        fprintf(stderr, "%s: no cache folder: set HOME or XDG_CACHE_HOME to an absolute path\n", me);
        return 1;
    }
    int base = open(cache, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int folder = base < 0 ? -1 : own_folder(base, "skyjo");
    if (folder < 0) {
        int error = errno;
        char where[sizeof cache + 8];
        snprintf(where, sizeof where, "%s%s", cache, base < 0 ? "" : "/skyjo");
        if (error == ELOOP || error == ENOTDIR || error == EPERM)
            not_ours(where);
        else
            say("cannot use the folder", where, error, "set XDG_CACHE_HOME to a folder of yours");
        return 1;
    }
    char name[KEY_SIZE + 8];
    snprintf(name, sizeof name, "app-%s", key);
    snprintf(app_path, sizeof app_path, "%s/skyjo/%s", cache, name);
    int app = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (app < 0 || !whole(app, entries, count, key)) {
        if (app >= 0) { /* ours but not whole (a file gone or cut short): aside, then away */
            char aside[KEY_SIZE + 32];
            snprintf(aside, sizeof aside, "old-%s-%d", key, (int)getpid());
            if (renameat(folder, name, folder, aside) == 0) {
                char aside_path[sizeof app_path + 32];
                snprintf(aside_path, sizeof aside_path, "%s/skyjo/%s", cache, aside);
                remove_tree(aside_path);
            }
            close(app);
        } else if (errno == ELOOP || errno == ENOTDIR) {
            not_ours(app_path);
            return 1;
        }
        char folder_path[sizeof cache + 8];
        snprintf(folder_path, sizeof folder_path, "%s/skyjo", cache);
        sweep(folder, folder_path);
        char fresh[sizeof app_path + 32];
        snprintf(fresh, sizeof fresh, "%s/skyjo/tmp-%s-XXXXXX", cache, key);
        int into = mkdtemp(fresh) ? open(fresh, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
        if (into < 0 || unpack(self, into, entries, count, key) != 0) {
            int error = errno;
            if (into >= 0) remove_tree(fresh);
            uint64_t bytes = 0;
            for (size_t i = 0; i < count; i++) bytes += entries[i].kind == 'f' ? entries[i].size : 0;
            char cure[160] = "set XDG_CACHE_HOME to another folder";
            if (error == ENOSPC || error == EDQUOT || error == EFBIG)
                snprintf(cure, sizeof cure, "it needs %llu MB free there, or set XDG_CACHE_HOME to another folder",
                         (unsigned long long)(bytes / 1000000 + 1));
            say("could not unpack into", cache, error, cure);
            return 1;
        }
        close(into);
        if (renameat(folder, strrchr(fresh, '/') + 1, folder, name) != 0) {
            remove_tree(fresh); /* another start put it there meanwhile: use that one */
            app = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (app < 0 || !whole(app, entries, count, key)) {
                say("could not put the app at", app_path, errno ? errno : EEXIST, "start it again");
                return 1;
            }
        }
    }
    close(self);
    setenv("SKYJO_ONE_FILE", exe, 1);
    strcat(app_path, "/skyjo");
    execv(app_path, argv);
    int error = errno;
    say("cannot run the app in", cache, error,
        error == EACCES || error == EPERM ? "the folder forbids running programs (noexec?): set XDG_CACHE_HOME to "
                                            "one that allows them" : NULL);
    return 1;
}
