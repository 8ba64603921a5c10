// CMalloc: glibc's allocator settings (mallopt), which Swift's Glibc module leaves out.
#ifndef ROTARY_CMALLOC_SHIM_H
#define ROTARY_CMALLOC_SHIM_H

#include <malloc.h>

#endif
