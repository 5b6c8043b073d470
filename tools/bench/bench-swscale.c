/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The FFmpeg libswscale peer: one sws_scale from the frame's format
 * (AV_PIX_FMT_NV12, AV_PIX_FMT_YUV420P for I420, AV_PIX_FMT_P010LE for
 * P010_10LE: the same chain whatever the format, swscale reads each itself)
 * straight to planar float GBR at the inner size, bilinear, BT.709 limited
 * range in, on one thread (swscale's default).  The crop is an offset of
 * the source plane pointers (even x, y); the three output planes are written
 * straight into the tensor's R, G, B planes at the letterbox offset, so the
 * G,B,R -> R,G,B reorder costs nothing.  Then normalization in place (when
 * it is not x/255, which swscale's 0..1 floats already are) and the pad
 * bands.  One context per ROI, made at setup.
 *
 * The antialiased workloads run the same chain: when SWS_BILINEAR
 * downscales it widens its tent over the scale factor, which is the
 * antialiased bilinear of PIL and torchvision that they ask for (SWS_AREA,
 * a narrower box, would be further from it).  With cover the scaled image
 * overhangs the tensor, so sws_scale writes it into scratch planes and the
 * window the tensor shows is copied out, normalized.
 *
 * Nearest workloads scale with SWS_POINT.  The other tensors, each by
 * swscale's shortest chain (NV12 only):
 *   uint8 NHWC RGB: one sws_scale to AV_PIX_FMT_RGB24 straight into the
 *         tensor's inner rectangle, and the bands;
 *   gray: one sws_scale of the Y crop as AV_PIX_FMT_GRAY8 (it is the
 *         luma) into a scratch image, then one pass through a 256-entry
 *         float table (range expansion, clamp, normalization) into the
 *         tensor's inner rectangle. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <libavutil/log.h>
#include <libavutil/pixfmt.h>
#include <libswscale/swscale.h>

#include "bench.h"

typedef struct
{
  BenchWorkload w;
  struct SwsContext *ctx[BENCH_MAX_ROIS];
  BenchRect inner[BENCH_MAX_ROIS];
  BenchRect visible[BENCH_MAX_ROIS];
  float k[3], b[3];             /* out = f * k + b, f = v / 255 */
  int identity;
  float *scratch;               /* cover: the G, B, R planes at the largest
                                 * inner size */
  size_t scratch_plane;         /* floats per plane */
  uint8_t *gray;                /* gray: the scaled luma */
  float lut[256];
} Sws;

static void
sws_release (void *state)
{
  Sws *s = state;
  int i;

  for (i = 0; i < s->w.n_rois; i++)
    sws_freeContext (s->ctx[i]);
  free (s->scratch);
  free (s->gray);
  free (s);
}

static enum AVPixelFormat
av_format_of (BenchFormat format)
{
  switch (format) {
    case BENCH_FORMAT_I420:
      return AV_PIX_FMT_YUV420P;
    case BENCH_FORMAT_P010:
      return AV_PIX_FMT_P010LE;
    default:
      return AV_PIX_FMT_NV12;
  }
}

static struct SwsContext *
sws_context_for (const BenchWorkload * w, const BenchRect * roi,
    const BenchRect * inner)
{
  const int *bt709 = sws_getCoefficients (SWS_CS_ITU709);
  enum AVPixelFormat from = w->gray ? AV_PIX_FMT_GRAY8 :
      av_format_of (w->format);
  enum AVPixelFormat to = w->gray ? AV_PIX_FMT_GRAY8 :
      (w->out == BENCH_OUT_UINT8 ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_GBRPF32LE);
  struct SwsContext *ctx;

  ctx = sws_getContext (roi->width, roi->height, from, inner->width,
      inner->height, to, w->nearest ? SWS_POINT : SWS_BILINEAR, NULL, NULL,
      NULL);
  if (ctx == NULL || w->gray)
    return ctx;
  /* source limited range, destination full range (RGB), no adjustment */
  if (sws_setColorspaceDetails (ctx, bt709, 0, bt709, 1, 0, 1 << 16,
          1 << 16) < 0) {
    sws_freeContext (ctx);
    return NULL;
  }
  return ctx;
}

static void *
sws_setup (const BenchWorkload * w, const char **why)
{
  Sws *s = calloc (1, sizeof (Sws));
  float a[3];
  int i, c;

  if (s == NULL)
    return NULL;
  if (bench_peer_refuses (w) != NULL) {
    *why = bench_peer_refuses (w);
    free (s);
    return NULL;
  }
  av_log_set_level (AV_LOG_ERROR);
  s->w = *w;
  if (w->gray)
    bench_gray_lut (w, s->lut);
  bench_norm_fold (&w->norm, a, s->b);
  s->identity = 1;
  for (c = 0; c < 3; c++) {
    s->k[c] = (float) (w->norm.scale * 255.0 / w->norm.std[c]);
    if (s->k[c] != 1.0f || s->b[c] != 0.0f)
      s->identity = 0;
  }
  for (i = 0; i < w->n_rois; i++) {
    bench_inner_rect (w, &w->rois[i], &s->inner[i]);
    bench_visible_rect (w, &s->inner[i], &s->visible[i]);
    if (s->visible[i].width != s->inner[i].width ||
        s->visible[i].height != s->inner[i].height) {
      size_t n = (size_t) s->inner[i].width * s->inner[i].height;

      s->scratch_plane = n > s->scratch_plane ? n : s->scratch_plane;
    }
    s->ctx[i] = sws_context_for (w, &w->rois[i], &s->inner[i]);
    if (s->ctx[i] == NULL) {
      *why = "sws_getContext / sws_setColorspaceDetails failed";
      sws_release (s);
      return NULL;
    }
  }
  if (w->gray) {
    s->gray = bench_alloc ((size_t) w->out_width * w->out_height);
    if (s->gray == NULL) {
      *why = "out of memory";
      sws_release (s);
      return NULL;
    }
  }
  if (s->scratch_plane > 0) {
    s->scratch = bench_alloc (3 * s->scratch_plane * sizeof (float));
    if (s->scratch == NULL) {
      *why = "out of memory";
      sws_release (s);
      return NULL;
    }
  }
  return s;
}

static void
normalize_inner (const Sws * s, const BenchRect * in, float *slot)
{
  size_t ow = (size_t) s->w.out_width, plane = ow * s->w.out_height;
  int c, x, y;
  float *row;

  for (c = 0; c < 3; c++)
    for (y = in->y; y < in->y + in->height; y++) {
      row = slot + c * plane + y * ow + in->x;
      for (x = 0; x < in->width; x++)
        row[x] = row[x] * s->k[c] + s->b[c];
    }
}

/* Cover: the window of the scaled image (scratch G, B, R planes) that the
 * tensor shows, normalized into its R, G, B planes. */
static void
copy_window (const Sws * s, int i, float *slot)
{
  size_t ow = (size_t) s->w.out_width, plane = ow * s->w.out_height;
  const BenchRect *in = &s->inner[i], *vis = &s->visible[i];
  static const int from[3] = { 2, 0, 1 };       /* R, G, B in GBR */
  const float *src;
  float *row;
  int c, x, y;

  for (c = 0; c < 3; c++)
    for (y = 0; y < vis->height; y++) {
      src = s->scratch + from[c] * s->scratch_plane +
          (size_t) (vis->y - in->y + y) * in->width + (vis->x - in->x);
      row = slot + c * plane + (vis->y + y) * ow + vis->x;
      for (x = 0; x < vis->width; x++)
        row[x] = src[x] * s->k[c] + s->b[c];
    }
}

static void
sws_run_roi (const Sws * s, int i, const BenchFrame * f, float *slot)
{
  const BenchRect *roi = &s->w.rois[i], *in = &s->inner[i];
  size_t plane = (size_t) s->w.out_width * s->w.out_height;
  size_t off = (size_t) in->y * s->w.out_width + in->x;
  /* bytes per luma pixel in plane 0; the chroma planes' offset of the crop
   * is x / 2 samples of 2 (NV12), 1 (I420) or 4 (P010) bytes */
  int bpp = f->format == BENCH_FORMAT_P010 ? 2 : 1;
  int cx = f->format == BENCH_FORMAT_I420 ? roi->x / 2 : bpp * roi->x;
  const uint8_t *src[4] = { NULL, NULL, NULL, NULL };
  int src_stride[4] = { 0, 0, 0, 0 }, p;

  /* GBRPF32: plane 0 is G, 1 is B, 2 is R */
  uint8_t *dst[4] = {
    (uint8_t *) (slot + plane + off), (uint8_t *) (slot + 2 * plane + off),
    (uint8_t *) (slot + off), NULL
  };
  int stride = s->w.out_width * (int) sizeof (float);
  int dst_stride[4] = { stride, stride, stride, 0 };

  for (p = 0; p < bench_format_n_planes (f->format); p++) {
    src[p] = f->planes[p] + (size_t) (p ? roi->y / 2 : roi->y) *
        f->strides[p] + (p ? cx : bpp * roi->x);
    src_stride[p] = f->strides[p];
  }
  if (s->visible[i].width != in->width || s->visible[i].height != in->height) {
    /* cover: the whole scaled image, then its window */
    for (p = 0; p < 3; p++) {
      dst[p] = (uint8_t *) (s->scratch + p * s->scratch_plane);
      dst_stride[p] = in->width * (int) sizeof (float);
    }
    sws_scale (s->ctx[i], src, src_stride, 0, roi->height, dst, dst_stride);
    copy_window (s, i, slot);
  } else {
    sws_scale (s->ctx[i], src, src_stride, 0, roi->height, dst, dst_stride);
    if (!s->identity)
      normalize_inner (s, in, slot);
  }
  bench_fill_bands (&s->w, in, slot);
}

/* uint8 NHWC RGB: scaled and converted into the tensor (stretch,
 * letterbox: the visible rectangle is the inner one). */
static void
sws_run_roi_u8 (const Sws * s, int i, const BenchFrame * f, uint8_t * slot)
{
  const BenchRect *roi = &s->w.rois[i], *in = &s->inner[i];
  int ow = s->w.out_width;
  const uint8_t *src[4] = {
    f->planes[0] + (size_t) roi->y * f->strides[0] + roi->x,
    f->planes[1] + (size_t) (roi->y / 2) * f->strides[1] + roi->x, NULL, NULL
  };
  int src_stride[4] = { f->strides[0], f->strides[1], 0, 0 };
  uint8_t *dst[4] = { slot + ((size_t) in->y * ow + in->x) * 3, NULL, NULL,
    NULL
  };
  int dst_stride[4] = { 3 * ow, 0, 0, 0 };

  sws_scale (s->ctx[i], src, src_stride, 0, roi->height, dst, dst_stride);
  bench_fill_bands (&s->w, in, slot);
}

/* gray: the Y crop scaled, then the table into the tensor. */
static void
sws_run_roi_gray (const Sws * s, int i, const BenchFrame * f, float *slot)
{
  const BenchRect *roi = &s->w.rois[i], *in = &s->inner[i];
  int ow = s->w.out_width, x, y;
  const uint8_t *src[4] = {
    f->planes[0] + (size_t) roi->y * f->strides[0] + roi->x, NULL, NULL, NULL
  };
  int src_stride[4] = { f->strides[0], 0, 0, 0 };
  uint8_t *dst[4] = { s->gray, NULL, NULL, NULL };
  int dst_stride[4] = { in->width, 0, 0, 0 };
  const uint8_t *p;
  float *d;

  sws_scale (s->ctx[i], src, src_stride, 0, roi->height, dst, dst_stride);
  for (y = 0; y < in->height; y++) {
    p = s->gray + (size_t) y *in->width;
    d = slot + (size_t) (in->y + y) * ow + in->x;
    for (x = 0; x < in->width; x++)
      d[x] = s->lut[p[x]];
  }
  bench_fill_bands (&s->w, in, slot);
}

static void
sws_run (void *state, const BenchFrame * f, void *dst)
{
  Sws *s = state;
  size_t n = bench_slot_elements (&s->w) * bench_elem_size (&s->w);
  uint8_t *slot;
  int i;

  for (i = 0; i < s->w.n_rois; i++) {
    slot = (uint8_t *) dst + (size_t) i *n;
    if (s->w.out == BENCH_OUT_UINT8)
      sws_run_roi_u8 (s, i, f, slot);
    else if (s->w.gray)
      sws_run_roi_gray (s, i, f, (float *) slot);
    else
      sws_run_roi (s, i, f, (float *) slot);
  }
}

const char *
bench_swscale_version (void)
{
  static char v[32];
  unsigned u = swscale_version ();

  snprintf (v, sizeof (v), "%u.%u.%u", u >> 16, (u >> 8) & 0xff, u & 0xff);
  return v;
}

const BenchImpl bench_swscale_impl = {
  "swscale", 1, 1, sws_setup, sws_run, sws_release
};
