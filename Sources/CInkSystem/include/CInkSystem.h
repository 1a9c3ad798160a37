// The GNU C library's extensions InkBench calls, for Swift: Swift's `Glibc` module does not
// declare them (they need `_GNU_SOURCE`), and older C libraries lack some of them.
//
// Each is a weak reference, so it is found the same way in a dynamically linked program (when
// the program starts) and in a statically linked one (when it is linked: the executable's link
// names them with `-u`, so the C library's archive members are pulled in; see Package.swift).
// Where the C library lacks one, its wrapper fails with ENOSYS and the caller takes its fallback.
// Linux only: elsewhere this module declares nothing.
#ifndef CINKSYSTEM_H
#define CINKSYSTEM_H

#if defined(__linux__)
#include <spawn.h>

/// `pipe2(fds, flags)` (glibc 2.9 and later): 0, or -1 with `errno` set (ENOSYS: no `pipe2`).
int ink_pipe2(int fds[2], int flags);

/// `renameat2(oldDirectory, oldPath, newDirectory, newPath, flags)` (glibc 2.28 and later):
/// 0, or -1 with `errno` set (ENOSYS: no `renameat2`; EINVAL: the file system cannot).
int ink_renameat2(int oldDirectory, const char *oldPath, int newDirectory, const char *newPath, unsigned int flags);

/// `posix_spawn_file_actions_addchdir_np(actions, path)` (glibc 2.29 and later): 0, or an
/// error number (ENOSYS: the C library lacks it).
int ink_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path);

/// `posix_spawn_file_actions_addclosefrom_np(actions, lowest)` (glibc 2.34 and later): 0, or
/// an error number (ENOSYS: the C library lacks it).
int ink_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int lowest);
#endif

#endif
