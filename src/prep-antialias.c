/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Weighted taps (docs/semantics.md, "Antialias" and "Bicubic"): the
 * generator of every tap list that is not two lerped taps.  For output
 * index o of an axis whose crop is [start, start + len) mapped onto
 * [offset, offset + inner), scale = len / inner:
 *
 * - antialiased filters, PIL's and torchvision's resize (the triangle for
 *   bilinear, Keys' cubic with a = -0.5 for bicubic), widened by the scale
 *   factor when downscaling: with fs = max (scale, 1) and the filter's
 *   support r (1 triangle, 2 cubic), support = r * fs,
 *     center = start + (o - offset + 0.5) * scale,
 *     samples [max (int (center - support + 0.5), start),
 *              min (int (center + support + 0.5), start + len)),
 *     weight of x = filter ((x - center + 0.5) / fs), normalized by their
 *     sum;
 * - bicubic without antialias, torch's upsample_bicubic2d and OpenCV's
 *   INTER_CUBIC: Keys' cubic with A = -0.75 at the exact coordinate
 *   s - start = n / d of prep_axis_tap (), i = floor (s), t = s - i, the
 *   taps i - 1 .. i + 2 weighted cubic (t + 1), cubic (t), cubic (1 - t),
 *   cubic (2 - t), each clamped to the crop; taps that land on the same
 *   edge pixel add their weights (in double), so a list stays contiguous.
 *
 * Derived in double, rounded once to float, written into the plan's tap
 * table, which the CPU paths and the kernel all read. */

#include <math.h>

#include "prep-private.h"

static double
prep_tri (double t)
{
  t = fabs (t);
  return t < 1.0 ? 1.0 - t : 0.0;
}

/* Keys' cubic convolution kernel with parameter @a: (a + 2) |x|^3 -
 * (a + 3) |x|^2 + 1 on [0, 1), a |x|^3 - 5 a |x|^2 + 8 a |x| - 4 a on
 * [1, 2), 0 beyond; in Horner form, as PIL's bicubic_filter () and torch's
 * cubic_convolution1 () / cubic_convolution2 () evaluate it. */
static double
prep_cubic (double x, double a)
{
  x = fabs (x);
  if (x < 1.0)
    return ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0;
  if (x < 2.0)
    return (((x - 5.0) * x + 8.0) * x - 4.0) * a;
  return 0.0;
}

/* The antialiased filter @filter at @x (in units of fs). */
static double
prep_aa_filter (int filter, double x)
{
  return filter == PREP_WTAPS_CUBIC_AA ? prep_cubic (x, -0.5) : prep_tri (x);
}

/* The samples [*lo, *hi) of output index @o, their centre and the scale
 * of the filter fs (PREP_WTAPS_CUBIC: the taps i - 1 .. i + 2 clamped,
 * centre and fs unused). */
static void
prep_aa_span (int filter, const PrepAxis * a, int o, int *lo, int *hi,
    double *center, double *fs)
{
  double scale = (double) a->len / (double) a->inner, support;
  int64_t d, n, i;

  if (filter == PREP_WTAPS_CUBIC) {
    d = 2 * (int64_t) a->inner;
    n = (2 * (int64_t) (o - a->offset) + 1) * a->len - a->inner;
    i = prep_floor_div (n, d);
    /* i is in [-1, len] for every inside o */
    i = i < -1 ? -1 : (i > a->len ? a->len : i);
    *lo = a->start + prep_clamp_int ((int) i - 1, 0, a->len - 1);
    *hi = a->start + prep_clamp_int ((int) i + 2, 0, a->len - 1) + 1;
    *center = (double) (n - i * d) / (double) d;
    *fs = 1.0;
    return;
  }
  *fs = scale > 1.0 ? scale : 1.0;
  support = filter == PREP_WTAPS_CUBIC_AA ? 2.0 * *fs : *fs;
  *center = a->start + (2.0 * (o - a->offset) + 1.0) * a->len /
      (2.0 * a->inner);
  *lo = (int) (*center - support + 0.5);
  *hi = (int) (*center + support + 0.5);
  *lo = *lo < a->start ? a->start : *lo;
  *hi = *hi > a->start + a->len ? a->start + a->len : *hi;
}

int
prep_aa_last_sample (const PrepParams * p, const PrepAxis * a, int out)
{
  double center, fs;
  int lo, hi;

  prep_aa_span (p->antialias, a, prep_axis_end (a, out) - 1, &lo, &hi,
      &center, &fs);
  return hi - 1;
}

/* Plain bicubic's weights of the taps [lo, hi) of index @o into @acc
 * (hi - lo <= 4): tap i - 1 + j, clamped, gets cubic (t + 1 - j). */
static void
prep_cubic_weights (const PrepAxis * a, int o, int lo, double t, double acc[4])
{
  int64_t d = 2 * (int64_t) a->inner;
  int64_t n = (2 * (int64_t) (o - a->offset) + 1) * a->len - a->inner;
  int64_t i = prep_floor_div (n, d);
  int j, x;

  i = i < -1 ? -1 : (i > a->len ? a->len : i);
  acc[0] = acc[1] = acc[2] = acc[3] = 0.0;
  for (j = 0; j < 4; j++) {
    x = a->start + prep_clamp_int ((int) i - 1 + j, 0, a->len - 1);
    acc[x - lo] += prep_cubic (t + 1.0 - j, -0.75);
  }
}

/* One output index's taps; its weights from w[*at] on (at most cap in
 * all: the plan sizes the table so that it never runs out). */
static PrepAaTap
prep_aa_tap (int filter, const PrepAxis * a, int o, float *w, int *at, int cap)
{
  double center, fs, sum = 0.0, cw[4];
  int lo, hi, i;
  PrepAaTap t;

  prep_aa_span (filter, a, o, &lo, &hi, &center, &fs);
  t.first = lo;
  t.count = hi - lo > cap - *at ? cap - *at : hi - lo;
  t.woff = *at;
  t.inside = 1;
  if (filter == PREP_WTAPS_CUBIC) {
    /* not normalized: the four weights add up to 1 */
    prep_cubic_weights (a, o, lo, center, cw);
    for (i = 0; i < t.count; i++)
      w[*at + i] = (float) cw[i];
    *at += t.count;
    return t;
  }
  for (i = 0; i < t.count; i++)
    sum += prep_aa_filter (filter, (lo + i - center + 0.5) / fs);
  for (i = 0; i < t.count; i++)
    w[*at + i] = (float) (sum != 0.0 ?
        prep_aa_filter (filter, (lo + i - center + 0.5) / fs) / sum : 0.0);
  *at += t.count;
  return t;
}

/* The taps of one axis of @out indices into @taps: bands (letterbox) get
 * none. */
static void
prep_aa_axis (int filter, const PrepAxis * a, int out, PrepAaTap * taps,
    float *w, int *at, int cap)
{
  PrepAaTap band = { 0, 0, 0, 0 };
  int o;

  for (o = 0; o < out; o++)
    taps[o] = o >= prep_axis_first (a) && o < prep_axis_end (a, out) ?
        prep_aa_tap (filter, a, o, w, at, cap) : band;
}

void
prep_aa_fill (const PrepSlotGeom * g, const PrepParams * p, PrepAaTap * taps,
    float *w)
{
  int at = 0;

  prep_aa_axis (p->antialias, &g->ax, p->out_width, taps, w, &at,
      p->aa_weights);
  prep_aa_axis (p->antialias, &g->ay, p->out_height, taps + p->out_width, w,
      &at, p->aa_weights);
}
