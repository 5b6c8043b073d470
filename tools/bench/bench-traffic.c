/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The input side of the memory-traffic lower bound: the 64-byte lines of
 * the NV12 frame that the bilinear taps of some ROI reach (luma rows and
 * columns of the taps, chroma at [ty / 2][tx / 2]).  Overlapping ROIs count
 * once. */

#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define LINE 64

/* Marks the source indices that the taps of one axis reach (the integer
 * mapping of docs/semantics.md, section 1). */
static void
mark_axis (int start, int len, int inner, unsigned char *used)
{
  long long d = 2LL * inner, n, i;
  int o;

  for (o = 0; o < inner; o++) {
    n = (2LL * o + 1) * len - inner;
    i = n >= 0 ? n / d : -((-n + d - 1) / d);
    used[start + (i < 0 ? 0 : (i > len - 1 ? len - 1 : i))] = 1;
    i++;
    used[start + (i < 0 ? 0 : (i > len - 1 ? len - 1 : i))] = 1;
  }
}

static void
mark_plane (unsigned char *lines, const unsigned char *rows,
    const unsigned char *cols, const BenchFrame * f, int chroma)
{
  int stride = chroma ? f->uv_stride : f->y_stride;
  size_t off;
  int y, x;

  for (y = 0; y < f->height; y++) {
    if (!rows[y])
      continue;
    for (x = 0; x < f->width; x++) {
      if (!cols[x])
        continue;
      if (chroma)
        off = (size_t) (y / 2) * stride + (size_t) (x / 2) * 2;
      else
        off = (size_t) y *stride + (size_t) x;
      lines[off / LINE] = 1;
    }
  }
}

static size_t
count_lines (const unsigned char *lines, size_t n)
{
  size_t i, c = 0;

  for (i = 0; i < n; i++)
    c += lines[i];
  return c;
}

size_t
bench_needed_input_bytes (const BenchWorkload * w, const BenchFrame * f)
{
  size_t n_luma = (size_t) f->y_stride * f->height / LINE + 1;
  size_t n_chroma = (size_t) f->uv_stride * ((f->height + 1) / 2) / LINE + 1;
  unsigned char *luma = calloc (n_luma, 1), *chroma = calloc (n_chroma, 1);
  unsigned char *rows = calloc ((size_t) f->height, 1);
  unsigned char *cols = calloc ((size_t) f->width, 1);
  size_t bytes = 0;
  BenchRect inner;
  int r;

  if (luma && chroma && rows && cols) {
    for (r = 0; r < w->n_rois; r++) {
      const BenchRect *roi = &w->rois[r];

      bench_inner_rect (w, roi, &inner);
      mark_axis (roi->x, roi->width, inner.width, cols);
      mark_axis (roi->y, roi->height, inner.height, rows);
      mark_plane (luma, rows, cols, f, 0);
      mark_plane (chroma, rows, cols, f, 1);
      memset (rows, 0, (size_t) f->height);
      memset (cols, 0, (size_t) f->width);
    }
    bytes = LINE * (count_lines (luma, n_luma) +
        count_lines (chroma, n_chroma));
  }
  free (luma);
  free (chroma);
  free (rows);
  free (cols);
  return bytes;
}
