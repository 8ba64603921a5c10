// CSpawn: two glibc calls for starting hook processes that Swift's Glibc module leaves out:
// <spawn.h> and <unistd.h> declare them only under _GNU_SOURCE, which it is built without.
#ifndef ROTARY_CSPAWN_SHIM_H
#define ROTARY_CSPAWN_SHIM_H

#include <spawn.h>

/// Closes every descriptor from `from` up in the child (glibc 2.34 and later).
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/// pipe(2) with flags (O_CLOEXEC, O_NONBLOCK) set on both ends at once.
int pipe2(int fds[2], int flags);

#endif
