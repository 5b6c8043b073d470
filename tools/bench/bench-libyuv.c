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
 * Antialiased workloads use kFilterBox, libyuv's area-averaging downscale,
 * which only its single-plane scalers have (ScalePlane, ScalePlane_16 and
 * I420Scale, which runs ScalePlane per plane): its interleaved scalers
 * (ARGBScale, UVScale, so NV12Scale's chroma) take kFilterBox but run
 * bilinear (2 taps) at other than even integer factors, and average a 2x2
 * block per output pixel at those ("ARGB does not support box filter yet",
 * scale_argb.cc).  So from NV12 the antialiased chain splits the crop's UV
 * into U and V (SplitUVPlane), then I420Scale (kFilterBox) and
 * I420ToARGBMatrix; from I420 and P010 it is the bilinear chain with
 * kFilterBox.  With cover only the window the tensor shows is converted
 * (from the even corner at or before it, where the chroma starts).
 * Nearest workloads scale with kFilterNone.  The other tensors, each by
 * libyuv's shortest chain (NV12 only):
 *   uint8 NHWC RGB: NV12Scale to the inner size, then NV12ToRAWMatrix
 *         (libyuv's RAW is R, G, B in memory) straight into the tensor's
 *         inner rectangle, and the bands: no deinterleave;
 *   gray: ScalePlane of the Y crop (it is the luma), then one pass through
 *         a 256-entry float table (range expansion, clamp, normalization)
 *         into the tensor's inner rectangle.
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
  BenchRect visible[BENCH_MAX_ROIS];
  /* per ROI, in the scaled image: the part converted to ARGB (from an even
   * corner) and where the visible window starts in it */
  BenchRect conv[BENCH_MAX_ROIS];
  int win_x[BENCH_MAX_ROIS], win_y[BENCH_MAX_ROIS];
  enum FilterMode filter;
  /* scratch, sized for the largest inner rectangle: the scaled image (8-bit
   * NV12, I420 or 16-bit P010, NV12 and P010 in y, uv; I420 and NV12
   * antialiased in y, u, v) and its ARGB; P010 and NV12 antialiased also
   * the crop's chroma split into crop_u, crop_v */
  uint8_t *y, *uv, *u, *v, *argb, *crop_u, *crop_v;
  float a[3], b[3];
  float lut[256];               /* gray */
} Yuv;

static void
yuv_release (void *state)
{
  Yuv *s = state;

  free (s->y);
  free (s->uv);
  free (s->u);
  free (s->v);
  free (s->crop_u);
  free (s->crop_v);
  free (s->argb);
  free (s);
}

/* The converted part of ROI i: the visible window of the scaled image,
 * widened left and up to even coordinates. */
static void
yuv_window (Yuv * s, int i)
{
  const BenchRect *in = &s->inner[i], *vis = &s->visible[i];
  int wx = vis->x - in->x, wy = vis->y - in->y;

  s->conv[i].x = wx & ~1;
  s->conv[i].y = wy & ~1;
  s->win_x[i] = wx - s->conv[i].x;
  s->win_y[i] = wy - s->conv[i].y;
  s->conv[i].width = vis->width + s->win_x[i];
  s->conv[i].height = vis->height + s->win_y[i];
}

static void *
yuv_setup (const BenchWorkload * w, const char **why)
{
  Yuv *s = calloc (1, sizeof (Yuv));
  size_t pixels = 0, sample = w->format == BENCH_FORMAT_P010 ? 2 : 1;
  size_t crop_chroma = 0, n;
  int i, ok, planar;

  if (s == NULL)
    return NULL;
  if (bench_peer_refuses (w) != NULL) {
    *why = bench_peer_refuses (w);
    free (s);
    return NULL;
  }
  s->w = *w;
  s->filter = w->antialias ? kFilterBox : (w->nearest ? kFilterNone :
      kFilterBilinear);
  bench_norm_fold (&w->norm, s->a, s->b);
  if (w->gray)
    bench_gray_lut (w, s->lut);
  for (i = 0; i < w->n_rois; i++) {
    bench_inner_rect (w, &w->rois[i], &s->inner[i]);
    bench_visible_rect (w, &s->inner[i], &s->visible[i]);
    yuv_window (s, i);
    n = (size_t) (s->inner[i].width + 1) * (s->inner[i].height + 1);
    pixels = n > pixels ? n : pixels;
    n = (size_t) (w->rois[i].width / 2) * (w->rois[i].height / 2);
    crop_chroma = n > crop_chroma ? n : crop_chroma;
  }
  s->y = bench_alloc (sample * pixels);
  s->uv = bench_alloc (sample * pixels);
  s->argb = bench_alloc (4 * pixels);
  ok = s->y != NULL && s->uv != NULL && s->argb != NULL;
  /* the scaled image in three planes */
  planar = w->format != BENCH_FORMAT_NV12 || w->antialias;
  if (planar) {
    s->u = bench_alloc (sample * pixels / 2);
    s->v = bench_alloc (sample * pixels / 2);
    ok = ok && s->u != NULL && s->v != NULL;
  }
  /* the crop's chroma split */
  if (w->format == BENCH_FORMAT_P010 || (w->format == BENCH_FORMAT_NV12 &&
          w->antialias)) {
    s->crop_u = bench_alloc (sample * crop_chroma);
    s->crop_v = bench_alloc (sample * crop_chroma);
    ok = ok && s->crop_u != NULL && s->crop_v != NULL;
  }
  if (!ok) {
    *why = "out of memory";
    yuv_release (s);
    return NULL;
  }
  return s;
}

/* libyuv ARGB is B, G, R, A in memory: the converted part of ROI i, from
 * its visible window on, into the tensor's visible rectangle. */
static void
deinterleave (const Yuv * s, int i, float *slot)
{
  size_t ow = (size_t) s->w.out_width, plane = ow * s->w.out_height;
  const BenchRect *vis = &s->visible[i];
  size_t stride = (size_t) 4 * s->conv[i].width;
  const uint8_t *p;
  float *r, *g, *b;
  int x, y;

  for (y = 0; y < vis->height; y++) {
    p = s->argb + (size_t) (s->win_y[i] + y) * stride + 4 * s->win_x[i];
    r = slot + (vis->y + y) * ow + vis->x;
    g = r + plane;
    b = g + plane;
    for (x = 0; x < vis->width; x++) {
      r[x] = (float) p[4 * x + 2] * s->a[0] + s->b[0];
      g[x] = (float) p[4 * x + 1] * s->a[1] + s->b[1];
      b[x] = (float) p[4 * x] * s->a[2] + s->b[2];
    }
  }
}

static void
scale_nv12 (const Yuv * s, int i, const BenchFrame * f)
{
  const BenchRect *roi = &s->w.rois[i], *in = &s->inner[i], *c = &s->conv[i];
  int uv_stride = 2 * ((in->width + 1) / 2);

  NV12Scale (f->planes[0] + (size_t) roi->y * f->strides[0] + roi->x,
      f->strides[0], f->planes[1] + (size_t) (roi->y / 2) * f->strides[1] +
      roi->x, f->strides[1], roi->width, roi->height, s->y, in->width, s->uv,
      uv_stride, in->width, in->height, s->filter);
  NV12ToARGBMatrix (s->y + (size_t) c->y * in->width + c->x, in->width,
      s->uv + (size_t) (c->y / 2) * uv_stride + c->x, uv_stride, s->argb,
      4 * c->width, &kYuvH709Constants, c->width, c->height);
}

/* The scaled I420 image's converted part to ARGB. */
static void
convert_i420 (const Yuv * s, int i)
{
  const BenchRect *in = &s->inner[i], *c = &s->conv[i];
  int cw = (in->width + 1) / 2;
  size_t chroma = (size_t) (c->y / 2) * cw + c->x / 2;

  I420ToARGBMatrix (s->y + (size_t) c->y * in->width + c->x, in->width,
      s->u + chroma, cw, s->v + chroma, cw, s->argb, 4 * c->width,
      &kYuvH709Constants, c->width, c->height);
}

/* Antialiased from NV12: the crop's UV split, then the I420 chain (the
 * interleaved scalers have no box filter). */
static void
scale_nv12_box (const Yuv * s, int i, const BenchFrame * f)
{
  const BenchRect *roi = &s->w.rois[i], *in = &s->inner[i];
  int cw = (in->width + 1) / 2, rcw = roi->width / 2, rch = roi->height / 2;

  SplitUVPlane (f->planes[1] + (size_t) (roi->y / 2) * f->strides[1] +
      roi->x, f->strides[1], s->crop_u, rcw, s->crop_v, rcw, rcw, rch);
  I420Scale (f->planes[0] + (size_t) roi->y * f->strides[0] + roi->x,
      f->strides[0], s->crop_u, rcw, s->crop_v, rcw, roi->width, roi->height,
      s->y, in->width, s->u, cw, s->v, cw, in->width, in->height, kFilterBox);
  convert_i420 (s, i);
}

static void
scale_i420 (const Yuv * s, int i, const BenchFrame * f)
{
  const BenchRect *roi = &s->w.rois[i], *in = &s->inner[i];
  int cw = (in->width + 1) / 2, p;
  const uint8_t *src[3];

  for (p = 0; p < 3; p++)
    src[p] = f->planes[p] + (size_t) (p ? roi->y / 2 : roi->y) * f->strides[p]
        + (p ? roi->x / 2 : roi->x);
  I420Scale (src[0], f->strides[0], src[1], f->strides[1], src[2],
      f->strides[2], roi->width, roi->height, s->y, in->width, s->u, cw, s->v,
      cw, in->width, in->height, s->filter);
  convert_i420 (s, i);
}

/* Strides of the 16-bit functions count uint16_t elements. */
static void
scale_p010 (const Yuv * s, int i, const BenchFrame * f)
{
  const BenchRect *roi = &s->w.rois[i], *in = &s->inner[i], *c = &s->conv[i];
  int cw = (in->width + 1) / 2, ch = (in->height + 1) / 2;
  int rcw = roi->width / 2, rch = roi->height / 2;
  uint16_t *y = (uint16_t *) s->y, *uv = (uint16_t *) s->uv;
  uint16_t *u = (uint16_t *) s->u, *v = (uint16_t *) s->v;
  uint16_t *crop_u = (uint16_t *) s->crop_u, *crop_v = (uint16_t *) s->crop_v;
  const uint16_t *src_y = (const uint16_t *) (f->planes[0] +
      (size_t) roi->y * f->strides[0]) + roi->x;
  const uint16_t *src_uv = (const uint16_t *) (f->planes[1] +
      (size_t) (roi->y / 2) * f->strides[1]) + roi->x;

  ScalePlane_16 (src_y, f->strides[0] / 2, roi->width, roi->height, y,
      in->width, in->width, in->height, s->filter);
  SplitUVPlane_16 (src_uv, f->strides[1] / 2, crop_u, rcw, crop_v, rcw, rcw,
      rch, 16);
  ScalePlane_16 (crop_u, rcw, rcw, rch, u, cw, cw, ch, s->filter);
  ScalePlane_16 (crop_v, rcw, rcw, rch, v, cw, cw, ch, s->filter);
  MergeUVPlane_16 (u, cw, v, cw, uv, 2 * cw, cw, ch, 16);
  P010ToARGBMatrix (y + (size_t) c->y * in->width + c->x, in->width,
      uv + (size_t) (c->y / 2) * 2 * cw + c->x, 2 * cw, s->argb,
      4 * c->width, &kYuvH709Constants, c->width, c->height);
}

static void
yuv_run_roi (const Yuv * s, int i, const BenchFrame * f, float *slot)
{
  switch (f->format) {
    case BENCH_FORMAT_NV12:
      if (s->w.antialias)
        scale_nv12_box (s, i, f);
      else
        scale_nv12 (s, i, f);
      break;
    case BENCH_FORMAT_I420:
      scale_i420 (s, i, f);
      break;
    case BENCH_FORMAT_P010:
      scale_p010 (s, i, f);
      break;
  }
  deinterleave (s, i, slot);
  bench_fill_bands (&s->w, &s->inner[i], slot);
}

/* uint8 NHWC RGB: scaled, then converted into the tensor (stretch,
 * letterbox: the visible rectangle is the inner one). */
static void
yuv_run_roi_u8 (const Yuv * s, int i, const BenchFrame * f, uint8_t * slot)
{
  const BenchRect *roi = &s->w.rois[i], *in = &s->inner[i];
  int uv_stride = 2 * ((in->width + 1) / 2), ow = s->w.out_width;

  NV12Scale (f->planes[0] + (size_t) roi->y * f->strides[0] + roi->x,
      f->strides[0], f->planes[1] + (size_t) (roi->y / 2) * f->strides[1] +
      roi->x, f->strides[1], roi->width, roi->height, s->y, in->width, s->uv,
      uv_stride, in->width, in->height, s->filter);
  NV12ToRAWMatrix (s->y, in->width, s->uv, uv_stride, slot +
      ((size_t) in->y * ow + in->x) * 3, 3 * ow, &kYuvH709Constants,
      in->width, in->height);
  bench_fill_bands (&s->w, in, slot);
}

/* gray: the Y crop scaled, then the table into the tensor. */
static void
yuv_run_roi_gray (const Yuv * s, int i, const BenchFrame * f, float *slot)
{
  const BenchRect *roi = &s->w.rois[i], *in = &s->inner[i];
  int ow = s->w.out_width, x, y;
  const uint8_t *p;
  float *d;

  ScalePlane (f->planes[0] + (size_t) roi->y * f->strides[0] + roi->x,
      f->strides[0], roi->width, roi->height, s->y, in->width, in->width,
      in->height, s->filter);
  for (y = 0; y < in->height; y++) {
    p = s->y + (size_t) y *in->width;
    d = slot + (size_t) (in->y + y) * ow + in->x;
    for (x = 0; x < in->width; x++)
      d[x] = s->lut[p[x]];
  }
  bench_fill_bands (&s->w, in, slot);
}

static void
yuv_run (void *state, const BenchFrame * f, void *dst)
{
  Yuv *s = state;
  size_t n = bench_slot_elements (&s->w) * bench_elem_size (&s->w);
  uint8_t *slot;
  int i;

  for (i = 0; i < s->w.n_rois; i++) {
    slot = (uint8_t *) dst + (size_t) i *n;
    if (s->w.out == BENCH_OUT_UINT8)
      yuv_run_roi_u8 (s, i, f, slot);
    else if (s->w.gray)
      yuv_run_roi_gray (s, i, f, (float *) slot);
    else
      yuv_run_roi (s, i, f, (float *) slot);
  }
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
