/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The libyuv peer, scale first (the cheap order): NV12Scale of the crop to
 * the inner size (bilinear), NV12ToARGBMatrix with the BT.709 limited range
 * constants, then one pass that deinterleaves the 8-bit B,G,R,A pixels into
 * the tensor's normalized R, G, B planes at the letterbox offset, and the
 * pad bands.  Scratch images are allocated at setup. */

#include <stdio.h>
#include <stdlib.h>

#include <libyuv.h>

#include "bench.h"

typedef struct
{
  BenchWorkload w;
  BenchRect inner[BENCH_MAX_ROIS];
  uint8_t *y, *uv, *argb;       /* scratch, sized for the largest ROI */
  float a[3], b[3];
} Yuv;

static void
yuv_release (void *state)
{
  Yuv *s = state;

  free (s->y);
  free (s->uv);
  free (s->argb);
  free (s);
}

static void *
yuv_setup (const BenchWorkload * w, const char **why)
{
  Yuv *s = calloc (1, sizeof (Yuv));
  size_t pixels = (size_t) (w->out_width + 1) * (w->out_height + 1);
  int i;

  if (s == NULL)
    return NULL;
  s->w = *w;
  bench_norm_fold (&w->norm, s->a, s->b);
  for (i = 0; i < w->n_rois; i++)
    bench_inner_rect (w, &w->rois[i], &s->inner[i]);
  s->y = bench_alloc (pixels);
  s->uv = bench_alloc (pixels);
  s->argb = bench_alloc (4 * pixels);
  if (s->y == NULL || s->uv == NULL || s->argb == NULL) {
    *why = "out of memory";
    yuv_release (s);
    return NULL;
  }
  return s;
}

/* libyuv ARGB is B, G, R, A in memory. */
static void
deinterleave (const Yuv * s, const BenchRect * in, float *slot)
{
  size_t ow = (size_t) s->w.out_width, plane = ow * s->w.out_height;
  const uint8_t *p;
  float *r, *g, *b;
  int x, y;

  for (y = 0; y < in->height; y++) {
    p = s->argb + (size_t) y *4 * in->width;
    r = slot + (in->y + y) * ow + in->x;
    g = r + plane;
    b = g + plane;
    for (x = 0; x < in->width; x++) {
      r[x] = (float) p[4 * x + 2] * s->a[0] + s->b[0];
      g[x] = (float) p[4 * x + 1] * s->a[1] + s->b[1];
      b[x] = (float) p[4 * x] * s->a[2] + s->b[2];
    }
  }
}

static void
yuv_run_roi (const Yuv * s, int i, const BenchFrame * f, float *slot)
{
  const BenchRect *roi = &s->w.rois[i], *in = &s->inner[i];
  int uv_stride = 2 * ((in->width + 1) / 2);

  NV12Scale (f->y + (size_t) roi->y * f->y_stride + roi->x, f->y_stride,
      f->uv + (size_t) (roi->y / 2) * f->uv_stride + roi->x, f->uv_stride,
      roi->width, roi->height, s->y, in->width, s->uv, uv_stride,
      in->width, in->height, kFilterBilinear);
  NV12ToARGBMatrix (s->y, in->width, s->uv, uv_stride, s->argb,
      4 * in->width, &kYuvH709Constants, in->width, in->height);
  deinterleave (s, in, slot);
  bench_fill_bands (&s->w, in, slot);
}

static void
yuv_run (void *state, const BenchFrame * f, float *dst)
{
  Yuv *s = state;
  size_t n = bench_slot_elements (&s->w);
  int i;

  for (i = 0; i < s->w.n_rois; i++)
    yuv_run_roi (s, i, f, dst + (size_t) i * n);
}

const char *
bench_libyuv_version (void)
{
  static char v[32];

  snprintf (v, sizeof (v), "%d", LIBYUV_VERSION);
  return v;
}

const BenchImpl bench_libyuv_impl = {
  "libyuv", 1, 1, yuv_setup, yuv_run, yuv_release
};
