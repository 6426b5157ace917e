#include "build_info.h"

#ifndef MOVIES_COMMIT
#define MOVIES_COMMIT ""
#endif

const char *movies_build_commit(void) { return MOVIES_COMMIT; }
