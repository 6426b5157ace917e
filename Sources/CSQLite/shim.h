#ifndef MOVIES_CSQLITE_SHIM_H
#define MOVIES_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift does not import: it
// tells sqlite3_bind_text to copy the bytes before the call returns.
static inline sqlite3_destructor_type movies_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
