// See include/CInkSystem.h.
#if defined(__linux__)
#define _GNU_SOURCE
#include "CInkSystem.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <unistd.h>

// Declared here as well as (in newer C libraries) in the headers, so that the weak attribute
// applies and this file compiles where a header lacks one of them.
extern int pipe2(int fds[2], int flags) __attribute__((weak));
extern int renameat2(int, const char *, int, const char *, unsigned int) __attribute__((weak));
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *, const char *) __attribute__((weak));
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int) __attribute__((weak));

int ink_pipe2(int fds[2], int flags) {
    if (!pipe2) {
        errno = ENOSYS;
        return -1;
    }
    return pipe2(fds, flags);
}

int ink_renameat2(int oldDirectory, const char *oldPath, int newDirectory, const char *newPath, unsigned int flags) {
    if (!renameat2) {
        errno = ENOSYS;
        return -1;
    }
    return renameat2(oldDirectory, oldPath, newDirectory, newPath, flags);
}

int ink_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
    if (!posix_spawn_file_actions_addchdir_np) return ENOSYS;
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int ink_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int lowest) {
    if (!posix_spawn_file_actions_addclosefrom_np) return ENOSYS;
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}
#endif
