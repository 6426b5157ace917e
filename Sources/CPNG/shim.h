#ifndef MOVIES_CPNG_SHIM_H
#define MOVIES_CPNG_SHIM_H

// libpng's progressive reader, fed a piece at a time, so a decode can stop between pieces
// (Ctrl-C, a CPU budget) and stops as soon as the last row has arrived: the simplified API
// inflates every byte of the image data to its end, however far past the rows it goes.
// libpng reports errors by longjmp, which must not cross Swift frames, so its callbacks and
// every call that can fail are here, inside a function that holds the setjmp.
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct movies_png_reader {
  png_structp png;
  png_infop info;
  // Images over this many pixels are refused from their header (too_large = 1).
  png_uint_32 max_pixels;
  png_uint_32 width, height;
  // 8-bit RGBA rows, width * height * 4 bytes, allocated once the header has been read.
  unsigned char *pixels;
  int passes;
  // Every row of the last pass has arrived.
  int finished;
  int too_large;
  char message[200];
} movies_png_reader;

static void movies_png_error(png_structp png, png_const_charp message) {
  movies_png_reader *reader = (movies_png_reader *)png_get_error_ptr(png);
  snprintf(reader->message, sizeof reader->message, "%s", message);
  png_longjmp(png, 1);
}

// Warnings (a damaged ancillary chunk) are not printed.
static void movies_png_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

// The header: refuses a size over the limit before any memory is taken for it, and asks
// for every format as 8-bit RGBA.
static void movies_png_info(png_structp png, png_infop info) {
  movies_png_reader *reader = (movies_png_reader *)png_get_progressive_ptr(png);
  reader->width = png_get_image_width(png, info);
  reader->height = png_get_image_height(png, info);
  if (reader->width == 0 || reader->height == 0
      || reader->width > reader->max_pixels / reader->height) {
    reader->too_large = 1;
    png_error(png, "too large");
  }
  png_set_expand(png);
  png_set_strip_16(png);
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
  reader->passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)reader->width * 4) png_error(png, "bad row size");
  reader->pixels = calloc((size_t)reader->width * reader->height, 4);
  if (reader->pixels == NULL) png_error(png, "out of memory");
}

static void movies_png_row(png_structp png, png_bytep row, png_uint_32 number, int pass) {
  movies_png_reader *reader = (movies_png_reader *)png_get_progressive_ptr(png);
  if (number >= reader->height) return;
  png_progressive_combine_row(png, reader->pixels + (size_t)number * reader->width * 4, row);
  // The last row of the last pass: the reader is fed no more. libpng itself inflates no
  // more either: output past the last row ends the stream ("Extra compressed data"). Not
  // png_process_data_pause: called from here it makes libpng's count of buffered bytes wrap
  // around, and png_process_data never returns.
  if (number == reader->height - 1 && pass == reader->passes - 1) reader->finished = 1;
}

static void movies_png_end(png_structp png, png_infop info) {
  (void)info;
  ((movies_png_reader *)png_get_progressive_ptr(png))->finished = 1;
}

// 0, or -1 (out of memory).
static inline int movies_png_begin(movies_png_reader *reader, png_uint_32 max_pixels) {
  memset(reader, 0, sizeof *reader);
  reader->max_pixels = max_pixels;
  reader->png = png_create_read_struct(
      PNG_LIBPNG_VER_STRING, reader, movies_png_error, movies_png_warning);
  if (reader->png == NULL) return -1;
  reader->info = png_create_info_struct(reader->png);
  if (reader->info == NULL) return -1;
  if (setjmp(png_jmpbuf(reader->png))) return -1;
  png_set_progressive_read_fn(reader->png, reader, movies_png_info, movies_png_row, movies_png_end);
  // The pixel limit is ours (max_pixels); libpng's own stops at 1,000,000 a side.
  png_set_user_limits(reader->png, 0x7FFFFFFF, 0x7FFFFFFF);
  return 0;
}

// Feeds the next `size` bytes: 1 when the image is complete, 0 when it wants more, -1 on an
// error (`message`, or `too_large`).
static inline int movies_png_feed(movies_png_reader *reader, const unsigned char *bytes,
                                  size_t size) {
  if (setjmp(png_jmpbuf(reader->png))) return -1;
  png_process_data(reader->png, reader->info, (png_bytep)bytes, size);
  return reader->finished;
}

// Frees what libpng and the reader hold; safe after any failure.
static inline void movies_png_free(movies_png_reader *reader) {
  png_destroy_read_struct(&reader->png, &reader->info, NULL);
  free(reader->pixels);
  reader->pixels = NULL;
}

#endif
