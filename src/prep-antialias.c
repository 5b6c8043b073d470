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
 * *center the fraction t, fs 1). */
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

  /* a window's slot has the samples its taps read as its rectangle */
  if (p->antialias & PREP_WTAPS_WINDOW)
    return a->start + a->len - 1;
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
  int filter = p->antialias & PREP_WTAPS_FILTER, at = 0;

  /* a window plan's padding slots (1x1, never sampled): triangle taps */
  filter = filter > PREP_WTAPS_CUBIC ? PREP_WTAPS_TRIANGLE : filter;
  prep_aa_axis (filter, &g->ax, p->out_width, taps, w, &at, p->aa_weights);
  prep_aa_axis (filter, &g->ay, p->out_height, taps + p->out_width, w, &at,
      p->aa_weights);
}

/* Fractional windows (docs/semantics.md, "Fractional windows"): output
 * index o of an axis shows the window [x, x + len) of a frame of @n
 * samples on [offset, offset + inner), in double, left to right:
 *   s = (x + ((o - offset + 0.5) * len) / inner) - 0.5,
 * i = floor (s), t = s - i: bilinear taps i, i + 1 weighted 1 - t, t;
 * bicubic i - 1 .. i + 2 as above; nearest floor (s + 0.5); nearest-floor
 * floor (x + ((o - offset) * len) / inner); antialiased filters centred at
 * x + ((o - offset + 0.5) * len) / inner.  Every tap is clamped to the FRAME, [0, n - 1] (a window onto
 * the resized whole frame), taps that land on one pixel add their
 * weights. */
typedef struct
{
  double x, len;
  int n;
} PrepWinAxis;

/* Where the weights of @tp (first and count set) go: from w[*@at] on, its
 * count cut to the room left before @cap.  FALSE, with woff 0, when only
 * the taps are asked (@w NULL): nothing to write. */
static int
prep_window_room (PrepAaTap * tp, const float *w, const int *at, int cap)
{
  tp->inside = 1;
  tp->woff = 0;
  if (w == NULL)
    return 0;
  tp->count = tp->count > cap - *at ? cap - *at : tp->count;
  tp->woff = *at;
  return 1;
}

/* The point taps (nearest, bilinear, bicubic) of @o: up to 4, contiguous
 * after the clamp, their weights added per pixel. */
static PrepAaTap
prep_window_point (int filter, const PrepWinAxis * wa, const PrepAxis * a,
    int o, float *w, int *at, int cap)
{
  double s = wa->x + (((double) (o - a->offset) + 0.5) * wa->len) /
      a->inner - 0.5, f, t, wt[4], acc[4] = { 0.0, 0.0, 0.0, 0.0 };
  int m, j, i0, idx[4];
  PrepAaTap tp;

  if (filter == PREP_WTAPS_NEAREST_FLOOR)
    f = floor (wa->x + ((double) (o - a->offset) * wa->len) / a->inner);
  else if (filter == PREP_WTAPS_NEAREST)
    f = floor (s + 0.5);
  else
    f = floor (s);
  t = s - f;
  /* past the frame's ends the clamp decides: keep the index in int */
  f = f < -4.0 ? -4.0 : (f > wa->n + 4.0 ? wa->n + 4.0 : f);
  i0 = (int) f;
  if (filter == PREP_WTAPS_CUBIC) {
    m = 4;
    i0--;
    for (j = 0; j < 4; j++)
      wt[j] = prep_cubic (t + 1.0 - j, -0.75);
  } else if (filter == PREP_WTAPS_LINEAR) {
    m = 2;
    wt[0] = 1.0 - t;
    wt[1] = t;
  } else {
    m = 1;
    wt[0] = 1.0;
  }
  for (j = 0; j < m; j++)
    idx[j] = prep_clamp_int (i0 + j, 0, wa->n - 1);
  for (j = 0; j < m; j++)
    acc[idx[j] - idx[0]] += wt[j];
  tp.first = idx[0];
  tp.count = idx[m - 1] - idx[0] + 1;
  if (!prep_window_room (&tp, w, at, cap))
    return tp;
  for (j = 0; j < tp.count; j++)
    w[*at + j] = (float) acc[j];
  *at += tp.count;
  return tp;
}

/* The antialiased taps of @o (triangle, cubic a = -0.5): the window rule
 * of prep_aa_span () around centre x + ((o - offset + 0.5) * len) / inner,
 * on the frame's samples [0, n). */
static PrepAaTap
prep_window_aa (int filter, const PrepWinAxis * wa, const PrepAxis * a,
    int o, float *w, int *at, int cap)
{
  double scale = wa->len / a->inner, fs = scale > 1.0 ? scale : 1.0;
  double support = filter == PREP_WTAPS_CUBIC_AA ? 2.0 * fs : fs;
  double center = wa->x + (((double) (o - a->offset) + 0.5) * wa->len) /
      a->inner, sum = 0.0, lo_d, hi_d;
  int lo, hi, i;
  PrepAaTap tp;

  lo_d = center - support + 0.5;
  hi_d = center + support + 0.5;
  /* int () truncates, as PIL's; the clamp to the frame after it (the
   * centre lies in the window, inside the frame: at least one sample) */
  lo = lo_d < 0.0 ? 0 : (lo_d > wa->n - 1 ? wa->n - 1 : (int) lo_d);
  hi = hi_d > wa->n ? wa->n : (hi_d < 0.0 ? 0 : (int) hi_d);
  hi = hi > lo ? hi : lo + 1;
  tp.first = lo;
  tp.count = hi - lo;
  if (!prep_window_room (&tp, w, at, cap))
    return tp;
  for (i = 0; i < tp.count; i++)
    sum += prep_aa_filter (filter, (tp.first + i - center + 0.5) / fs);
  for (i = 0; i < tp.count; i++)
    w[*at + i] = (float) (sum != 0.0 ?
        prep_aa_filter (filter, (tp.first + i - center + 0.5) / fs) / sum :
        0.0);
  *at += tp.count;
  return tp;
}

static PrepAaTap
prep_window_tap (int filter, const PrepWinAxis * wa, const PrepAxis * a,
    int o, float *w, int *at, int cap)
{
  if (filter == PREP_WTAPS_TRIANGLE || filter == PREP_WTAPS_CUBIC_AA)
    return prep_window_aa (filter, wa, a, o, w, at, cap);
  return prep_window_point (filter, wa, a, o, w, at, cap);
}

void
prep_window_reach (const PrepParams * p, double x, double len, int n,
    const PrepAxis * a, int out, int *lo, int *hi)
{
  PrepWinAxis wa = { x, len, n };
  int filter = p->antialias & PREP_WTAPS_FILTER;
  PrepAaTap t0 = prep_window_tap (filter, &wa, a, prep_axis_first (a), NULL,
      NULL, 0);
  PrepAaTap t1 = prep_window_tap (filter, &wa, a, prep_axis_end (a, out) - 1,
      NULL, NULL, 0);

  *lo = t0.first;
  *hi = t1.first + t1.count;
}

static void
prep_window_axis (int filter, const PrepWinAxis * wa, const PrepAxis * a,
    int out, PrepAaTap * taps, float *w, int *at, int cap)
{
  PrepAaTap band = { 0, 0, 0, 0 };
  int o;

  for (o = 0; o < out; o++) {
    taps[o] = o < prep_axis_first (a) || o >= prep_axis_end (a, out) ?
        band : prep_window_tap (filter, wa, a, o, w, at, cap);
  }
}

void
prep_aa_fill_window (const PrepSlotGeom * g, const PrepWindow * win,
    int width, int height, const PrepParams * p, PrepAaTap * taps, float *w)
{
  PrepWinAxis wx = { win->x, win->width, width };
  PrepWinAxis wy = { win->y, win->height, height };
  int filter = p->antialias & PREP_WTAPS_FILTER, at = 0;

  prep_window_axis (filter, &wx, &g->ax, p->out_width, taps, w, &at,
      p->aa_weights);
  prep_window_axis (filter, &wy, &g->ay, p->out_height, taps + p->out_width,
      w, &at, p->aa_weights);
}
