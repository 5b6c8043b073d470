/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Antialiased taps (docs/semantics.md, "Antialias"): PIL's and
 * torchvision's antialiased bilinear resize, the triangle filter widened
 * by the scale factor when downscaling.  For output index o of an axis
 * whose crop is [start, start + len) mapped onto [offset, offset + inner):
 *   scale = len / inner, support = max (scale, 1),
 *   center = start + (o - offset + 0.5) * scale,
 *   samples [max (int (center - support + 0.5), start),
 *            min (int (center + support + 0.5), start + len)),
 *   weight of x = tri ((x - center + 0.5) / support), tri (t) = max (0,
 *   1 - |t|), normalized by their sum;
 * derived in double, rounded once to float, written into the plan's tap
 * table, which the CPU path and the kernel both read. */

#include <math.h>

#include "prep-private.h"

static double
prep_tri (double t)
{
  t = fabs (t);
  return t < 1.0 ? 1.0 - t : 0.0;
}

/* The samples [*lo, *hi) of output index @o, and their centre and
 * support. */
static void
prep_aa_span (const PrepAxis * a, int o, int *lo, int *hi, double *center,
    double *support)
{
  double scale = (double) a->len / (double) a->inner;

  *support = scale > 1.0 ? scale : 1.0;
  *center = a->start + (2.0 * (o - a->offset) + 1.0) * a->len /
      (2.0 * a->inner);
  *lo = (int) (*center - *support + 0.5);
  *hi = (int) (*center + *support + 0.5);
  *lo = *lo < a->start ? a->start : *lo;
  *hi = *hi > a->start + a->len ? a->start + a->len : *hi;
}

int
prep_aa_last_sample (const PrepAxis * a, int out)
{
  double center, support;
  int lo, hi;

  prep_aa_span (a, prep_axis_end (a, out) - 1, &lo, &hi, &center, &support);
  return hi - 1;
}

/* One output index's taps; its weights from w[*at] on (at most cap in
 * all: the plan sizes the table so that it never runs out). */
static PrepAaTap
prep_aa_tap (const PrepAxis * a, int o, float *w, int *at, int cap)
{
  double center, support, sum = 0.0;
  int lo, hi, i;
  PrepAaTap t;

  prep_aa_span (a, o, &lo, &hi, &center, &support);
  t.first = lo;
  t.count = hi - lo > cap - *at ? cap - *at : hi - lo;
  t.woff = *at;
  t.inside = 1;
  for (i = 0; i < t.count; i++)
    sum += prep_tri ((lo + i - center + 0.5) / support);
  for (i = 0; i < t.count; i++)
    w[*at + i] = (float) (sum != 0.0 ?
        prep_tri ((lo + i - center + 0.5) / support) / sum : 0.0);
  *at += t.count;
  return t;
}

/* The taps of one axis of @out indices into @taps: bands (letterbox) get
 * none. */
static void
prep_aa_axis (const PrepAxis * a, int out, PrepAaTap * taps, float *w,
    int *at, int cap)
{
  PrepAaTap band = { 0, 0, 0, 0 };
  int o;

  for (o = 0; o < out; o++)
    taps[o] = o >= prep_axis_first (a) && o < prep_axis_end (a, out) ?
        prep_aa_tap (a, o, w, at, cap) : band;
}

void
prep_aa_fill (const PrepSlotGeom * g, const PrepParams * p, PrepAaTap * taps,
    float *w)
{
  int at = 0;

  prep_aa_axis (&g->ax, p->out_width, taps, w, &at, p->aa_weights);
  prep_aa_axis (&g->ay, p->out_height, taps + p->out_width, w, &at,
      p->aa_weights);
}
