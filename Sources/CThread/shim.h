// CThread: two glibc thread calls that Swift's Glibc module leaves out: <pthread.h> declares
// them only under _GNU_SOURCE, which it is built without.
#ifndef ROTARY_CTHREAD_SHIM_H
#define ROTARY_CTHREAD_SHIM_H

#include <pthread.h>
#include <time.h>

/// Names a thread for ps, top and gdb (at most 15 bytes and the NUL).
int pthread_setname_np(pthread_t thread, const char *name);

/// Waits for `thread` to end until `abstime` on `clock` (glibc 2.31 and later); ETIMEDOUT if it
/// has not.
int pthread_clockjoin_np(pthread_t thread, void **result, clockid_t clock, const struct timespec *abstime);

#endif
