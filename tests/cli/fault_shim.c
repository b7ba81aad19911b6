/* A preload library for the command-line tests (files_test.py): faults a test cannot cause
 * otherwise, chosen by environment variables.
 *   FAULT_SHIM_NO_TMPFILE=1    open/openat with O_TMPFILE fail with EOPNOTSUPP, as on a file
 *                              system without it (the named temporary file is used instead).
 *   FAULT_SHIM_SWAP=PATH:TARGET right after the first stat, open or openat of PATH returns,
 *                              PATH becomes a symbolic link to TARGET (renamed over it), the
 *                              race of a name swapped between a check and its use. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int swapped;

static void after_use(const char* path) {
  const char* spec = getenv("FAULT_SHIM_SWAP");
  if (spec == NULL || swapped) return;
  const char* colon = strchr(spec, ':');
  if (colon == NULL || strlen(path) != (size_t)(colon - spec) ||
      strncmp(path, spec, (size_t)(colon - spec)) != 0)
    return;
  swapped = 1;
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s.swap", path);
  if (symlink(colon + 1, tmp) != 0 || rename(tmp, path) != 0) abort();
}

static int refused(int flags) {
  const char* no_tmpfile = getenv("FAULT_SHIM_NO_TMPFILE");
  if (no_tmpfile == NULL || (flags & O_TMPFILE) != O_TMPFILE) return 0;
  errno = EOPNOTSUPP;
  return 1;
}

#define NEXT(name, type) ((type)dlsym(RTLD_NEXT, name))

int open(const char* path, int flags, ...) {
  va_list ap;
  va_start(ap, flags);
  const mode_t mode =
      (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(ap, mode_t) : 0;
  va_end(ap);
  if (refused(flags)) return -1;
  const int fd = NEXT("open", int (*)(const char*, int, ...))(path, flags, mode);
  after_use(path);
  return fd;
}

int open64(const char* path, int flags, ...) {
  va_list ap;
  va_start(ap, flags);
  const mode_t mode =
      (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(ap, mode_t) : 0;
  va_end(ap);
  return open(path, flags, mode);
}

int openat(int dirfd, const char* path, int flags, ...) {
  va_list ap;
  va_start(ap, flags);
  const mode_t mode =
      (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(ap, mode_t) : 0;
  va_end(ap);
  if (refused(flags)) return -1;
  const int fd = NEXT("openat", int (*)(int, const char*, int, ...))(dirfd, path, flags, mode);
  after_use(path);
  return fd;
}

int openat64(int dirfd, const char* path, int flags, ...) {
  va_list ap;
  va_start(ap, flags);
  const mode_t mode =
      (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(ap, mode_t) : 0;
  va_end(ap);
  return openat(dirfd, path, flags, mode);
}

int stat(const char* path, struct stat* st) {
  const int r = NEXT("stat", int (*)(const char*, struct stat*))(path, st);
  after_use(path);
  return r;
}
