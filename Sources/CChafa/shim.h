#ifndef MOVIES_CCHAFA_SHIM_H
#define MOVIES_CCHAFA_SHIM_H

#include <chafa.h>

// g_string_free is a macro in newer GLib versions; a function keeps the call one Swift can make.
static inline void movies_g_string_free(GString *string) { g_string_free(string, TRUE); }

#endif
