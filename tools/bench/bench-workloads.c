/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The workloads of the benchmark and the geometry every
 * implementation shares: the letterbox and cover inner rectangles (the same
 * integer rounding as docs/semantics.md, section 1) and the pad bands. */

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"

#define NORM_UNIT { 1.0 / 255.0, { 0.0, 0.0, 0.0 }, { 1.0, 1.0, 1.0 } }
#define NORM_IMAGENET { 1.0 / 255.0, { 0.485, 0.456, 0.406 }, \
    { 0.229, 0.224, 0.225 } }
#define NORM_RAW { 1.0, { 0.0, 0.0, 0.0 }, { 1.0, 1.0, 1.0 } }

#define NV12 BENCH_FORMAT_NV12
#define I420 BENCH_FORMAT_I420
#define P010 BENCH_FORMAT_P010

/* W1 to W4 from NV12; then W1 and W4 again from I420 and from P010_10LE
 * (the same picture, bench-frame.c); then, from NV12, W2 and W4 with
 * antialias and the classifier's eval transform (torchvision's Resize (256)
 * and CenterCrop (224) of the whole frame, antialiased); then W1 and W2
 * into other tensors: uint8 NHWC RGB of raw pixels (a quantized model's
 * input), one gray channel (float32), and float32 NCHW RGB sampled with
 * nearest taps. */
static const BenchWorkload workloads[] = {
  {"W1", "1920x1080 -> letterbox 640x640, pad 114, x/255", NV12,
      1920, 1080, 1, {{0, 0, 1920, 1080}}, 640, 640, 1, 114.0, NORM_UNIT},
  {"W2", "1920x1080 crop (600,200) 720x720 -> 224x224 stretch, ImageNet",
        NV12, 1920, 1080, 1, {{600, 200, 720, 720}}, 224, 224, 0, 0.0,
      NORM_IMAGENET},
  {"W3", "1920x1080, 8 ROIs -> [8,3,224,224] stretch, ImageNet", NV12,
        1920, 1080, 8, {{100, 80, 320, 480}, {520, 300, 256, 256},
            {900, 120, 640, 360}, {1500, 600, 300, 420}, {40, 700, 180, 320},
            {700, 640, 512, 400}, {1200, 40, 128, 96}, {1600, 100, 300,
              300}}, 224, 224, 0, 0.0, NORM_IMAGENET},
  {"W4", "3840x2160 -> letterbox 640x640, pad 114, x/255", NV12,
      3840, 2160, 1, {{0, 0, 3840, 2160}}, 640, 640, 1, 114.0, NORM_UNIT},
  {"W1-I420", "1920x1080 I420 -> letterbox 640x640, pad 114, x/255", I420,
      1920, 1080, 1, {{0, 0, 1920, 1080}}, 640, 640, 1, 114.0, NORM_UNIT},
  {"W4-I420", "3840x2160 I420 -> letterbox 640x640, pad 114, x/255", I420,
      3840, 2160, 1, {{0, 0, 3840, 2160}}, 640, 640, 1, 114.0, NORM_UNIT},
  {"W1-P010", "1920x1080 P010_10LE -> letterbox 640x640, pad 114, x/255", P010,
      1920, 1080, 1, {{0, 0, 1920, 1080}}, 640, 640, 1, 114.0, NORM_UNIT},
  {"W4-P010", "3840x2160 P010_10LE -> letterbox 640x640, pad 114, x/255", P010,
      3840, 2160, 1, {{0, 0, 3840, 2160}}, 640, 640, 1, 114.0, NORM_UNIT},
  {"W2-AA", "1920x1080 crop (600,200) 720x720 -> 224x224 stretch, "
        "antialias, ImageNet", NV12, 1920, 1080, 1, {{600, 200, 720, 720}},
      224, 224, 0, 0.0, NORM_IMAGENET, 1},
  {"W4-AA", "3840x2160 -> letterbox 640x640, pad 114, antialias, x/255",
        NV12, 3840, 2160, 1, {{0, 0, 3840, 2160}}, 640, 640, 1, 114.0,
      NORM_UNIT, 1},
  {"W2-cover", "1920x1080 -> 224x224 cover, crop fraction 0.875, "
        "antialias, ImageNet", NV12, 1920, 1080, 1, {{0, 0, 1920, 1080}},
      224, 224, 0, 0.0, NORM_IMAGENET, 1, 1, 0.875},
  {"W1-uint8", "1920x1080 -> letterbox 640x640, pad 114, uint8 NHWC, raw "
        "pixels", NV12, 1920, 1080, 1, {{0, 0, 1920, 1080}}, 640, 640, 1,
      114.0, NORM_RAW, 0, 0, 0.0, BENCH_OUT_UINT8, 1, 0, 0},
  {"W2-uint8", "1920x1080 crop (600,200) 720x720 -> 224x224 stretch, uint8 "
        "NHWC, raw pixels", NV12, 1920, 1080, 1, {{600, 200, 720, 720}}, 224,
      224, 0, 0.0, NORM_RAW, 0, 0, 0.0, BENCH_OUT_UINT8, 1, 0, 0},
  {"W1-gray", "1920x1080 -> letterbox 640x640, pad 114, gray, x/255", NV12,
        1920, 1080, 1, {{0, 0, 1920, 1080}}, 640, 640, 1, 114.0, NORM_UNIT,
      0, 0, 0.0, BENCH_OUT_FLOAT32, 0, 1, 0},
  {"W2-gray", "1920x1080 crop (600,200) 720x720 -> 224x224 stretch, gray, "
        "ImageNet (R's mean and std)", NV12, 1920, 1080, 1, {{600, 200, 720,
              720}}, 224, 224, 0, 0.0, NORM_IMAGENET, 0, 0, 0.0,
      BENCH_OUT_FLOAT32, 0, 1, 0},
  {"W1-nearest", "1920x1080 -> letterbox 640x640, pad 114, nearest, x/255",
        NV12, 1920, 1080, 1, {{0, 0, 1920, 1080}}, 640, 640, 1, 114.0,
      NORM_UNIT, 0, 0, 0.0, BENCH_OUT_FLOAT32, 0, 0, 1},
  {"W2-nearest", "1920x1080 crop (600,200) 720x720 -> 224x224 stretch, "
        "nearest, ImageNet", NV12, 1920, 1080, 1, {{600, 200, 720, 720}}, 224,
      224, 0, 0.0, NORM_IMAGENET, 0, 0, 0.0, BENCH_OUT_FLOAT32, 0, 0, 1},
};

int
bench_workload_count (void)
{
  return (int) (sizeof (workloads) / sizeof (workloads[0]));
}

const BenchWorkload *
bench_workload_get (int i)
{
  return &workloads[i];
}

int
bench_workload_selected (const char *list, const char *name)
{
  size_t len = strlen (name);
  const char *p = list;

  if (list == NULL)
    return 1;
  while ((p = strstr (p, name)) != NULL) {
    if ((p == list || p[-1] == ',') && (p[len] == ',' || p[len] == '\0'))
      return 1;
    p += len;
  }
  return 0;
}

int
bench_channels (const BenchWorkload * w)
{
  return w->gray ? 1 : 3;
}

size_t
bench_slot_elements (const BenchWorkload * w)
{
  return (size_t) bench_channels (w) * (size_t) w->out_width *
      (size_t) w->out_height;
}

size_t
bench_tensor_elements (const BenchWorkload * w)
{
  return (size_t) w->n_rois * bench_slot_elements (w);
}

size_t
bench_elem_size (const BenchWorkload * w)
{
  return w->out == BENCH_OUT_UINT8 ? 1 : sizeof (float);
}

size_t
bench_tensor_bytes (const BenchWorkload * w)
{
  return bench_tensor_elements (w) * bench_elem_size (w);
}

int
bench_default_output (const BenchWorkload * w)
{
  return w->out == BENCH_OUT_FLOAT32 && !w->nhwc && !w->gray && !w->nearest;
}

static int
clamp_int (long long v, int lo, int hi)
{
  return v < lo ? lo : (v > hi ? hi : (int) v);
}

/* round (twice / 2) for twice >= 0, halves to even (Python's round) */
static int
half_even (long long twice)
{
  long long k = twice / 2;

  return (int) (twice % 2 != 0 && k % 2 != 0 ? k + 1 : k);
}

/* Cover (torchvision's Resize of the shorter side, then CenterCrop): the
 * axis whose scale is the larger gets floor (out / crop_fraction), the
 * other the ROI's aspect at that size, truncated; each is cut to the output
 * by round ((size - out) / 2), halves to even, on the left (top). */
static void
cover_rect (const BenchWorkload * w, const BenchRect * roi, BenchRect * inner)
{
  long long ow = w->out_width, oh = w->out_height;
  long long rw = roi->width, rh = roi->height, iw, ih;

  if (ow * rh >= oh * rw) {
    iw = (long long) floor ((double) ow / w->crop_fraction);
    ih = rh * iw / rw;
  } else {
    ih = (long long) floor ((double) oh / w->crop_fraction);
    iw = rw * ih / rh;
  }
  iw = iw < ow ? ow : iw;
  ih = ih < oh ? oh : ih;
  inner->width = (int) iw;
  inner->height = (int) ih;
  inner->x = -half_even (iw - ow);
  inner->y = -half_even (ih - oh);
}

const char *
bench_peer_refuses (const BenchWorkload * w)
{
  int c, raw = w->norm.scale == 1.0;

  for (c = 0; c < 3; c++)
    raw = raw && w->norm.mean[c] == 0.0 && w->norm.std[c] == 1.0;
  if (bench_default_output (w))
    return NULL;
  if (w->format != BENCH_FORMAT_NV12 || w->cover || w->antialias)
    return "the peers' uint8, gray and nearest chains are written for NV12 "
        "without cover or antialias";
  if (w->nhwc != (w->out == BENCH_OUT_UINT8) || (w->out == BENCH_OUT_UINT8
          && (!raw || w->gray)))
    return "the peers' uint8 chains write NHWC RGB raw pixels, their float32 "
        "ones NCHW";
  return NULL;
}

/* Letterbox: the limiting axis fills the output; the other one is
 * round (len * s), halves away from zero, in integers. */
void
bench_inner_rect (const BenchWorkload * w, const BenchRect * roi,
    BenchRect * inner)
{
  long long ow = w->out_width, oh = w->out_height;
  long long rw = roi->width, rh = roi->height;

  if (w->cover) {
    cover_rect (w, roi, inner);
    return;
  }
  inner->width = w->out_width;
  inner->height = w->out_height;
  if (w->letterbox) {
    if (ow * rh <= oh * rw)
      inner->height = clamp_int ((2 * rh * ow + rw) / (2 * rw), 1,
          w->out_height);
    else
      inner->width = clamp_int ((2 * rw * oh + rh) / (2 * rh), 1, w->out_width);
  }
  inner->x = (w->out_width - inner->width) / 2;
  inner->y = (w->out_height - inner->height) / 2;
}

void
bench_visible_rect (const BenchWorkload * w, const BenchRect * inner,
    BenchRect * visible)
{
  int x0 = inner->x > 0 ? inner->x : 0, y0 = inner->y > 0 ? inner->y : 0;
  int x1 = inner->x + inner->width, y1 = inner->y + inner->height;

  x1 = x1 < w->out_width ? x1 : w->out_width;
  y1 = y1 < w->out_height ? y1 : w->out_height;
  visible->x = x0;
  visible->y = y0;
  visible->width = x1 > x0 ? x1 - x0 : 0;
  visible->height = y1 > y0 ? y1 - y0 : 0;
}

/* out = v * a[c] + b[c] for v in pixel units */
void
bench_norm_fold (const BenchNorm * norm, float a[3], float b[3])
{
  int c;

  for (c = 0; c < 3; c++) {
    a[c] = (float) (norm->scale / norm->std[c]);
    b[c] = (float) (-norm->mean[c] / norm->std[c]);
  }
}

/* Pixels [x0, x1) of row y of one slot get the values v[c] (float32) or
 * q[c] (uint8), in the tensor's layout. */
static void
fill_pixels (const BenchWorkload * w, void *slot, int y, int x0, int x1,
    const float v[3], const uint8_t q[3])
{
  size_t ow = (size_t) w->out_width, plane = ow * (size_t) w->out_height;
  size_t pix = (size_t) y * ow + (size_t) x0, n = (size_t) (x1 - x0), i;
  int ch = bench_channels (w), c;

  if (x1 <= x0)
    return;
  if (w->out == BENCH_OUT_UINT8) {
    uint8_t *d = slot;

    if (ch == 1 || !w->nhwc) {
      for (c = 0; c < ch; c++)
        memset (d + c * plane + pix, q[c], n);
    } else if (q[0] == q[1] && q[1] == q[2]) {
      memset (d + pix * 3, q[0], n * 3);
    } else {
      for (i = 0; i < n; i++)
        for (c = 0; c < 3; c++)
          d[(pix + i) * 3 + c] = q[c];
    }
    return;
  }
  for (c = 0; c < ch; c++) {
    float *d = (float *) slot + (w->nhwc ? pix * ch + c : c * plane + pix);
    size_t step = w->nhwc ? (size_t) ch : 1;

    for (i = 0; i < n; i++)
      d[i * step] = v[c];
  }
}

/* The pad value, normalized (and for uint8 rounded, half to even, and
 * saturated), everywhere outside the visible part of the inner rectangle
 * of one slot. */
void
bench_fill_bands (const BenchWorkload * w, const BenchRect * inner, void *slot)
{
  float a[3], b[3], v[3], r;
  uint8_t q[3];
  BenchRect vis;
  int c, y;

  bench_visible_rect (w, inner, &vis);
  if (vis.width == w->out_width && vis.height == w->out_height)
    return;
  bench_norm_fold (&w->norm, a, b);
  for (c = 0; c < 3; c++) {
    v[c] = (float) w->pad_value * a[c] + b[c];
    r = v[c] < 0.0f ? 0.0f : (v[c] > 255.0f ? 255.0f : v[c]);
    q[c] = (uint8_t) lrintf (r);
  }
  for (y = 0; y < w->out_height; y++) {
    if (y < vis.y || y >= vis.y + vis.height) {
      fill_pixels (w, slot, y, 0, w->out_width, v, q);
      continue;
    }
    fill_pixels (w, slot, y, 0, vis.x, v, q);
    fill_pixels (w, slot, y, vis.x + vis.width, w->out_width, v, q);
  }
}

void
bench_gray_lut (const BenchWorkload * w, float lut[256])
{
  float a[3], b[3], g;
  int i;

  bench_norm_fold (&w->norm, a, b);
  for (i = 0; i < 256; i++) {
    g = (float) ((i - 16) * 255.0 / 219.0);
    g = g < 0.0f ? 0.0f : (g > 255.0f ? 255.0f : g);
    lut[i] = g * a[0] + b[0];
  }
}
