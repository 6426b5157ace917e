#ifndef MOVIES_CMALLOC_SHIM_H
#define MOVIES_CMALLOC_SHIM_H

// glibc's allocator settings (mallopt): Swift's Glibc module leaves malloc.h out.
#include <malloc.h>

#endif
