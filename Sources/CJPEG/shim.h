#ifndef MOVIES_CJPEG_SHIM_H
#define MOVIES_CJPEG_SHIM_H

// The libjpeg API (libjpeg-turbo's), not the TurboJPEG one: only it has a progress monitor,
// which bounds a progressive file's scans (as `djpeg -maxscans` does) and lets a decode be
// stopped. libjpeg reports errors by longjmp, which must not cross Swift frames, so every
// call that can fail is made here, inside a function that holds the setjmp.
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>

typedef struct movies_jpeg_reader {
  struct jpeg_decompress_struct info;
  struct jpeg_error_mgr errors;
  struct jpeg_progress_mgr progress;
  jmp_buf escape;
  // Past this many scans the decode stops (stopped = 2).
  int max_scans;
  // Asked often while decoding; nonzero stops it (stopped = 1).
  int (*should_stop)(void *context);
  void *context;
  int stopped;
  char message[JMSG_LENGTH_MAX];
} movies_jpeg_reader;

static void movies_jpeg_error_exit(j_common_ptr info) {
  movies_jpeg_reader *reader = (movies_jpeg_reader *)info->client_data;
  (*info->err->format_message)(info, reader->message);
  longjmp(reader->escape, 1);
}

// Warnings (corrupt data that can be decoded anyway) are not printed.
static void movies_jpeg_output_message(j_common_ptr info) { (void)info; }

// Called for every row of MCUs libjpeg reads, in every scan.
static void movies_jpeg_progress(j_common_ptr info) {
  movies_jpeg_reader *reader = (movies_jpeg_reader *)info->client_data;
  if (reader->info.input_scan_number > reader->max_scans) {
    reader->stopped = 2;
    longjmp(reader->escape, 1);
  }
  if (reader->should_stop(reader->context)) {
    reader->stopped = 1;
    longjmp(reader->escape, 1);
  }
}

// Reads the header of `size` bytes at `bytes` (kept alive until the end). 0, or -1 with
// `message` or `stopped` set.
static inline int movies_jpeg_begin(
    movies_jpeg_reader *reader, const unsigned char *bytes, unsigned long size, int max_scans,
    int (*should_stop)(void *), void *context) {
  memset(reader, 0, sizeof *reader);
  reader->max_scans = max_scans;
  reader->should_stop = should_stop;
  reader->context = context;
  reader->info.err = jpeg_std_error(&reader->errors);
  reader->errors.error_exit = movies_jpeg_error_exit;
  reader->errors.output_message = movies_jpeg_output_message;
  reader->info.client_data = reader;
  if (setjmp(reader->escape)) return -1;
  jpeg_create_decompress(&reader->info);
  reader->progress.progress_monitor = movies_jpeg_progress;
  reader->info.progress = &reader->progress;
  jpeg_mem_src(&reader->info, bytes, size);
  jpeg_read_header(&reader->info, TRUE);
  return 0;
}

// Decodes every row as 8-bit RGBA into `pixels` (image_width * image_height * 4 bytes).
// The image's trailing markers are never read: the rows are all a preview needs.
static inline int movies_jpeg_read(movies_jpeg_reader *reader, unsigned char *pixels) {
  if (setjmp(reader->escape)) return -1;
  reader->info.out_color_space = JCS_EXT_RGBA;
  jpeg_start_decompress(&reader->info);
  size_t row_bytes = (size_t)reader->info.output_width * 4;
  while (reader->info.output_scanline < reader->info.output_height) {
    JSAMPROW row = pixels + (size_t)reader->info.output_scanline * row_bytes;
    jpeg_read_scanlines(&reader->info, &row, 1);
    if (reader->should_stop(reader->context)) {
      reader->stopped = 1;
      return -1;
    }
  }
  return 0;
}

// Frees what libjpeg holds; safe after any failure.
static inline void movies_jpeg_end(movies_jpeg_reader *reader) {
  jpeg_destroy_decompress(&reader->info);
}

#endif
