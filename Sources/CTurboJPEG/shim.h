#ifndef MOVIES_CTURBOJPEG_SHIM_H
#define MOVIES_CTURBOJPEG_SHIM_H

// The TurboJPEG API (libturbojpeg), not the libjpeg one: it decodes from memory with plain
// return codes instead of libjpeg's longjmp error handler.
#include <turbojpeg.h>

#endif
