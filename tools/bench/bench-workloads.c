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
#include <string.h>

#include "bench.h"

#define NORM_UNIT { 1.0 / 255.0, { 0.0, 0.0, 0.0 }, { 1.0, 1.0, 1.0 } }
#define NORM_IMAGENET { 1.0 / 255.0, { 0.485, 0.456, 0.406 }, \
    { 0.229, 0.224, 0.225 } }

#define NV12 BENCH_FORMAT_NV12
#define I420 BENCH_FORMAT_I420
#define P010 BENCH_FORMAT_P010

/* W1 to W4 from NV12; then W1 and W4 again from I420 and from P010_10LE
 * (the same picture, bench-frame.c); then, from NV12, W2 and W4 with
 * antialias and the classifier's eval transform (torchvision's Resize (256)
 * and CenterCrop (224) of the whole frame, antialiased). */
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

size_t
bench_slot_elements (const BenchWorkload * w)
{
  return (size_t) 3 *(size_t) w->out_width * (size_t) w->out_height;
}

size_t
bench_tensor_elements (const BenchWorkload * w)
{
  return (size_t) w->n_rois * bench_slot_elements (w);
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

static void
fill_span (float *p, size_t n, float v)
{
  size_t i;

  for (i = 0; i < n; i++)
    p[i] = v;
}

/* The pad value, normalized, everywhere outside the visible part of the
 * inner rectangle of one slot (3 planes). */
void
bench_fill_bands (const BenchWorkload * w, const BenchRect * inner, float *slot)
{
  size_t ow = (size_t) w->out_width, plane = ow * (size_t) w->out_height;
  float a[3], b[3], v;
  BenchRect vis;
  int c, y;

  bench_visible_rect (w, inner, &vis);
  if (vis.width == w->out_width && vis.height == w->out_height)
    return;
  bench_norm_fold (&w->norm, a, b);
  for (c = 0; c < 3; c++) {
    float *p = slot + c * plane;

    v = (float) w->pad_value * a[c] + b[c];
    fill_span (p, ow * (size_t) vis.y, v);
    for (y = vis.y; y < vis.y + vis.height; y++) {
      fill_span (p + y * ow, (size_t) vis.x, v);
      fill_span (p + y * ow + vis.x + vis.width,
          ow - (size_t) (vis.x + vis.width), v);
    }
    y = vis.y + vis.height;
    fill_span (p + y * ow, ow * (size_t) (w->out_height - y), v);
  }
}
