#ifndef MOVIES_CPNG_SHIM_H
#define MOVIES_CPNG_SHIM_H

#include <png.h>

// libpng's simplified API reports errors through return codes, so no setjmp is needed.
// Its format and version constants are composite macros Swift does not import; these
// functions hand them over.

// PNG_IMAGE_VERSION: the version the png_image struct must carry.
static inline png_uint_32 movies_png_image_version(void) { return PNG_IMAGE_VERSION; }

// PNG_FORMAT_RGBA: 8-bit red, green, blue, alpha, unassociated.
static inline png_uint_32 movies_png_format_rgba(void) { return PNG_FORMAT_RGBA; }

#endif
