/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The libyuv peer, scale first (the cheap order), then convert with the
 * BT.709 limited range constants, then one pass that deinterleaves the
 * 8-bit B,G,R,A pixels into the tensor's normalized R, G, B planes at the
 * letterbox offset, and the pad bands.  Per input format:
 *   NV12: NV12Scale (bilinear) of the crop to the inner size,
 *         NV12ToARGBMatrix;
 *   I420: I420Scale (bilinear) of the crop to the inner size,
 *         I420ToARGBMatrix;
 *   P010: the same two steps, P010 scaled and P010ToARGBMatrix.  libyuv
 *         (1857) has no P010 scaler and its 16-bit UV scaler (UVScale_16)
 *         only halves or doubles, so the UV plane of the crop is split into
 *         U and V (SplitUVPlane_16, values kept in the high bits), Y, U and
 *         V are scaled with ScalePlane_16 (bilinear), and U, V merged back
 *         (MergeUVPlane_16) before P010ToARGBMatrix: one more pass over the
 *         crop's chroma than NV12's chain, the least libyuv allows.
 * One thread (libyuv has none of its own).  Scratch images are allocated at
 * setup. */

#include <stdio.h>
#include <stdlib.h>

#include <libyuv.h>

#include "bench.h"

typedef struct
{
  BenchWorkload w;
  BenchRect inner[BENCH_MAX_ROIS];
  /* scratch, sized for the largest ROI: the scaled image (8-bit NV12, I420
   * or 16-bit P010, NV12 and P010 in y, uv; I420 in y, u, v) and its ARGB;
   * P010 also the crop's chroma split into u16, v16 */
  uint8_t *y, *uv, *u, *v, *argb;
  uint16_t *u16, *v16;
  float a[3], b[3];
} Yuv;

static void
yuv_release (void *state)
{
  Yuv *s = state;

  free (s->y);
  free (s->uv);
  free (s->u);
  free (s->v);
  free (s->u16);
  free (s->v16);
  free (s->argb);
  free (s);
}

static void *
yuv_setup (const BenchWorkload * w, const char **why)
{
  Yuv *s = calloc (1, sizeof (Yuv));
  size_t pixels = (size_t) (w->out_width + 1) * (w->out_height + 1);
  size_t sample = w->format == BENCH_FORMAT_P010 ? 2 : 1, crop_chroma = 0, n;
  int i, ok;

  if (s == NULL)
    return NULL;
  s->w = *w;
  bench_norm_fold (&w->norm, s->a, s->b);
  for (i = 0; i < w->n_rois; i++) {
    bench_inner_rect (w, &w->rois[i], &s->inner[i]);
    n = (size_t) (w->rois[i].width / 2) * (w->rois[i].height / 2);
    crop_chroma = n > crop_chroma ? n : crop_chroma;
  }
  s->y = bench_alloc (sample * pixels);
  s->uv = bench_alloc (sample * pixels);
  s->argb = bench_alloc (4 * pixels);
  ok = s->y != NULL && s->uv != NULL && s->argb != NULL;
  if (w->format == BENCH_FORMAT_I420) {
    s->u = bench_alloc (pixels / 2);
    s->v = bench_alloc (pixels / 2);
    ok = ok && s->u != NULL && s->v != NULL;
  } else if (w->format == BENCH_FORMAT_P010) {
    s->u = bench_alloc (sample * pixels / 2);
    s->v = bench_alloc (sample * pixels / 2);
    s->u16 = bench_alloc (sample * crop_chroma);
    s->v16 = bench_alloc (sample * crop_chroma);
    ok = ok && s->u != NULL && s->v != NULL && s->u16 != NULL && s->v16 != NULL;
  }
  if (!ok) {
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
scale_nv12 (const Yuv * s, const BenchRect * roi, const BenchRect * in,
    const BenchFrame * f)
{
  int uv_stride = 2 * ((in->width + 1) / 2);

  NV12Scale (f->planes[0] + (size_t) roi->y * f->strides[0] + roi->x,
      f->strides[0], f->planes[1] + (size_t) (roi->y / 2) * f->strides[1] +
      roi->x, f->strides[1], roi->width, roi->height, s->y, in->width, s->uv,
      uv_stride, in->width, in->height, kFilterBilinear);
  NV12ToARGBMatrix (s->y, in->width, s->uv, uv_stride, s->argb,
      4 * in->width, &kYuvH709Constants, in->width, in->height);
}

static void
scale_i420 (const Yuv * s, const BenchRect * roi, const BenchRect * in,
    const BenchFrame * f)
{
  int cw = (in->width + 1) / 2, p;
  const uint8_t *src[3];

  for (p = 0; p < 3; p++)
    src[p] = f->planes[p] + (size_t) (p ? roi->y / 2 : roi->y) * f->strides[p]
        + (p ? roi->x / 2 : roi->x);
  I420Scale (src[0], f->strides[0], src[1], f->strides[1], src[2],
      f->strides[2], roi->width, roi->height, s->y, in->width, s->u, cw, s->v,
      cw, in->width, in->height, kFilterBilinear);
  I420ToARGBMatrix (s->y, in->width, s->u, cw, s->v, cw, s->argb,
      4 * in->width, &kYuvH709Constants, in->width, in->height);
}

/* Strides of the 16-bit functions count uint16_t elements. */
static void
scale_p010 (const Yuv * s, const BenchRect * roi, const BenchRect * in,
    const BenchFrame * f)
{
  int cw = (in->width + 1) / 2, ch = (in->height + 1) / 2;
  int rcw = roi->width / 2, rch = roi->height / 2;
  uint16_t *y = (uint16_t *) s->y, *uv = (uint16_t *) s->uv;
  uint16_t *u = (uint16_t *) s->u, *v = (uint16_t *) s->v;
  const uint16_t *src_y = (const uint16_t *) (f->planes[0] +
      (size_t) roi->y * f->strides[0]) + roi->x;
  const uint16_t *src_uv = (const uint16_t *) (f->planes[1] +
      (size_t) (roi->y / 2) * f->strides[1]) + roi->x;

  ScalePlane_16 (src_y, f->strides[0] / 2, roi->width, roi->height, y,
      in->width, in->width, in->height, kFilterBilinear);
  SplitUVPlane_16 (src_uv, f->strides[1] / 2, s->u16, rcw, s->v16, rcw, rcw,
      rch, 16);
  ScalePlane_16 (s->u16, rcw, rcw, rch, u, cw, cw, ch, kFilterBilinear);
  ScalePlane_16 (s->v16, rcw, rcw, rch, v, cw, cw, ch, kFilterBilinear);
  MergeUVPlane_16 (u, cw, v, cw, uv, 2 * cw, cw, ch, 16);
  P010ToARGBMatrix (y, in->width, uv, 2 * cw, s->argb, 4 * in->width,
      &kYuvH709Constants, in->width, in->height);
}

static void
yuv_run_roi (const Yuv * s, int i, const BenchFrame * f, float *slot)
{
  const BenchRect *roi = &s->w.rois[i], *in = &s->inner[i];

  switch (f->format) {
    case BENCH_FORMAT_NV12:
      scale_nv12 (s, roi, in, f);
      break;
    case BENCH_FORMAT_I420:
      scale_i420 (s, roi, in, f);
      break;
    case BENCH_FORMAT_P010:
      scale_p010 (s, roi, in, f);
      break;
  }
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
