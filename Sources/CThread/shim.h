// CThread: a glibc thread call that Swift's Glibc module leaves out: <pthread.h> declares it
// only under _GNU_SOURCE, which it is built without.
#ifndef ROTARY_CTHREAD_SHIM_H
#define ROTARY_CTHREAD_SHIM_H

#include <pthread.h>

/// Names a thread for ps, top and gdb (at most 15 bytes and the NUL).
int pthread_setname_np(pthread_t thread, const char *name);

#endif
