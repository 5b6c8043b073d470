/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The input side of the memory-traffic lower bound: the 64-byte lines of
 * the frame that the taps of some ROI reach, for the output pixels the
 * tensor shows (luma rows and columns of the taps, chroma at
 * [ty / 2][tx / 2]: for NV12 the UV pair, for I420 the U and the V byte,
 * for P010 the 2-byte luma word and the 4-byte UV pair).  The taps are the
 * 2 of bilinear, the 1 of nearest, or with antialias every sample of the
 * widened triangle's support; gray reads the luma plane alone.
 * Overlapping ROIs count once. */

#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define LINE 64

/* The samples [*lo, *hi) of the antialiased taps of inner index o
 * (docs/semantics.md; the reference model's aa_tap ()). */
static void
aa_span (int start, int len, int inner, int o, int *lo, int *hi)
{
  double scale = (double) len / inner, support = scale > 1.0 ? scale : 1.0;
  double centre = start + (o + 0.5) * scale;

  *lo = (int) (centre - support + 0.5);
  *hi = (int) (centre + support + 0.5);
  *lo = *lo < start ? start : *lo;
  *hi = *hi > start + len ? start + len : *hi;
}

/* Marks the source indices that the taps of one axis reach (the integer
 * mapping of docs/semantics.md, section 1), for the inner indices that lie
 * on the output ([0, out) once shifted by the inner offset @off: all of
 * them but with cover). */
static void
mark_axis (int start, int len, int off, int inner, int out, int antialias,
    int nearest, unsigned char *used)
{
  long long d = 2LL * inner, n, i;
  int o, o0 = off < 0 ? -off : 0, o1 = out - off, lo, hi;

  o1 = o1 < inner ? o1 : inner;
  for (o = o0; o < o1; o++) {
    if (antialias) {
      aa_span (start, len, inner, o, &lo, &hi);
      if (hi > lo)
        memset (used + lo, 1, (size_t) (hi - lo));
      continue;
    }
    n = (2LL * o + 1) * len - inner + (nearest ? inner : 0);
    i = n >= 0 ? n / d : -((-n + d - 1) / d);
    used[start + (i < 0 ? 0 : (i > len - 1 ? len - 1 : i))] = 1;
    if (nearest)
      continue;
    i++;
    used[start + (i < 0 ? 0 : (i > len - 1 ? len - 1 : i))] = 1;
  }
}

/* Where sample (x, y) of plane p lies: at row y / sub, byte
 * (x / sub) * bytes. */
typedef struct
{
  int sub, bytes;
} PlaneStep;

/* Per format (BenchFormat order), per plane. */
static const PlaneStep plane_steps[3][3] = {
  {{1, 1}, {2, 2}, {0, 0}},     /* NV12: Y; UV pairs */
  {{1, 1}, {2, 1}, {2, 1}},     /* I420: Y; U; V */
  {{1, 2}, {2, 4}, {0, 0}},     /* P010: 16-bit Y; 16-bit UV pairs */
};

/* Samples never straddle a line: each starts at a multiple of its size
 * (1, 2 or 4 bytes), and strides are multiples of 64. */
static void
mark_plane (unsigned char *lines, const unsigned char *rows,
    const unsigned char *cols, const BenchFrame * f, int stride, PlaneStep step)
{
  size_t off;
  int y, x;

  for (y = 0; y < f->height; y++) {
    if (!rows[y])
      continue;
    for (x = 0; x < f->width; x++) {
      if (!cols[x])
        continue;
      off = (size_t) (y / step.sub) * stride +
          (size_t) (x / step.sub) * step.bytes;
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
  const PlaneStep *steps = plane_steps[f->format];
  int n_planes = bench_format_n_planes (f->format), p, r, ok;
  unsigned char *lines[3] = { NULL, NULL, NULL };
  size_t n_lines[3] = { 0, 0, 0 }, bytes = 0;
  unsigned char *rows = calloc ((size_t) f->height, 1);
  unsigned char *cols = calloc ((size_t) f->width, 1);
  BenchRect inner;

  ok = rows != NULL && cols != NULL;
  for (p = 0; p < n_planes; p++) {
    n_lines[p] = (size_t) f->strides[p] * ((f->height + steps[p].sub - 1) /
        steps[p].sub) / LINE + 1;
    lines[p] = calloc (n_lines[p], 1);
    ok = ok && lines[p] != NULL;
  }
  if (ok) {
    for (r = 0; r < w->n_rois; r++) {
      const BenchRect *roi = &w->rois[r];

      bench_inner_rect (w, roi, &inner);
      mark_axis (roi->x, roi->width, inner.x, inner.width, w->out_width,
          w->antialias, w->nearest, cols);
      mark_axis (roi->y, roi->height, inner.y, inner.height, w->out_height,
          w->antialias, w->nearest, rows);
      /* gray reads the luma plane alone */
      for (p = 0; p < (w->gray ? 1 : n_planes); p++)
        mark_plane (lines[p], rows, cols, f, f->strides[p], steps[p]);
      memset (rows, 0, (size_t) f->height);
      memset (cols, 0, (size_t) f->width);
    }
    for (p = 0; p < n_planes; p++)
      bytes += LINE * count_lines (lines[p], n_lines[p]);
  }
  for (p = 0; p < 3; p++)
    free (lines[p]);
  free (rows);
  free (cols);
  return bytes;
}
