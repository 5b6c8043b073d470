/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The fast CPU executor for antialiased taps (AVX2): the same bytes as the
 * reference (prep_rows_scalar (), i.e. prep_pixel_aa () per pixel).
 *
 * prep_sample_aa () computes, per component, for each column tap j the
 * vertical sum v_j = sum over i, in order, of wy_i * sample (y_i, x_j),
 * then acc = sum over j, in order, of wx_j * v_j.  v_j depends on the
 * output row and the source column only, so this executor computes v for
 * every source column of the crop at once, 8 columns per step, straight
 * from the source rows' bytes (prep_read ()'s values; the few rows an
 * output row reads stay in the first-level caches; two taps on one row,
 * as a subsampled component has, read it once: src/prep-cpu-aa-vertical.c).  Subsampled
 * components keep their own columns (x >> 1), whose v is that of both
 * full-resolution columns.  Output rows go in groups of 8: their v are
 * transposed so that one load holds a column's v for the 8 rows, and the
 * horizontal sums take 8 rows per step with the column's weights
 * broadcast (no gathers); transposed back, the rows are converted and
 * stored as by the other executors.  Every product and sum is the
 * reference's float operation in the reference's order.  The scratch is
 * allocated per call (one block, freed on return); when it cannot be, the
 * reference rows run instead. */

#include <stdlib.h>

#include "prep-private.h"

#if defined (__x86_64__) && defined (__GNUC__)

#include <string.h>

#include "prep-avx2-lanes.h"
#include "prep-cpu-aa.h"

static inline int
aa_min (int a, int b)
{
  return a < b ? a : b;
}

static int
aa_most_taps (const PrepAaTap * taps, int o0, int o1)
{
  int most = 1, o;

  for (o = o0; o < o1; o++)
    most = taps[o].inside && taps[o].count > most ? taps[o].count : most;
  return most;
}

/* Component columns: the source columns [s0, s1) of the crop's taps. */
static void
aa_columns (PrepAaRows * a, const PrepSlotView * s, int s0, int s1)
{
  const PrepParams *p = s->params;
  int k, sx, step;

  a->cap = 0;
  for (k = 0; k < 3; k++) {
    sx = p->comp[k].shift_x;
    step = p->comp[k].step;
    a->u0[k] = s0 >> sx;
    a->n[k] = ((s1 - 1) >> sx) + 1 - a->u0[k];
    a->last[k] = p->comp[k].offset + ((s->src_width - 1) >> sx) *
        step + (p->wide ? 1 : 0);
    a->cap = (a->n[k] + 7) / 8 * 8 > a->cap ? (a->n[k] + 7) / 8 * 8 : a->cap;
    /* samples read 8 at a time: 8 * step bytes from the first on, all in
     * the row (up to its last sample's last byte) */
    a->vec[k] = (step == 1 && !p->wide) || step == 2 || step == 4 ?
        a->n[k] / 8 * 8 : 0;
    while (a->vec[k] > 0 && p->comp[k].offset + (a->u0[k] + a->vec[k]) *
        step - 1 > a->last[k])
      a->vec[k] -= 8;
  }
}

static int
aa_rows_init (PrepAaRows * a, const PrepPlan * plan, const PrepSlotView * s)
{
  const PrepParams *p = s->params;
  int s0 = 0, s1 = 0, i;
  size_t n;

  a->x0 = prep_axis_first (&s->geom->ax);
  a->x1 = prep_axis_end (&s->geom->ax, p->out_width);
  for (i = a->x0; i < a->x1; i++) {
    s0 = i == a->x0 || s->aa[i].first < s0 ? s->aa[i].first : s0;
    s1 = s->aa[i].first + s->aa[i].count > s1 ?
        s->aa[i].first + s->aa[i].count : s1;
  }
  if (a->x0 >= a->x1 || s1 <= s0 ||
      aa_most_taps (s->aa + p->out_width, 0, p->out_height) > AA_ROWS_MAX)
    return 0;
  aa_columns (a, s, s0, s1);
  a->w8 = (a->x1 - a->x0 + 7) / 8 * 8;
  n = 16 * (size_t) a->cap + (size_t) a->w8 * 32;
  a->stage = malloc (n * 4);
  if (a->stage == NULL)
    return 0;
  a->vt = a->stage + 8 * (size_t) a->cap;
  a->ht = a->vt + 8 * (size_t) a->cap;
  a->cv = a->ht + 8 * (size_t) a->w8;
  /* components that aa_group () does not sum (luma_only ()) stay 0 */
  memset (a->cv, 0, 8 * 3 * (size_t) a->w8 * sizeof (float));
  /* the transposes read past the values (v up to a multiple of 8, the
   * horizontal sums up to w8): never stored, but set, so that no
   * arithmetic sees garbage (a denormal would cost time) */
  memset (a->stage, 0, 8 * (size_t) a->cap * sizeof (float));
  memset (a->ht, 0, (size_t) a->w8 * 8 * sizeof (float));
  return 1;
}

/* @acc plus the products of inner column taps @t from tap @j on, in
 * order: wx_j * vt[u_j] (8 rows each). */
PREP_AVX2 static inline __attribute__((always_inline))
     __m256 aa_htaps (__m256 acc, const float *vt, int sx,
    const PrepAaTap * t, const float *w, int j)
{
  for (; j < t->count; j++)
    acc = _mm256_add_ps (acc, _mm256_mul_ps (_mm256_set1_ps (w[j]),
            _mm256_loadu_ps (vt + (size_t) ((t->first + j) >> sx) * 8)));
  return acc;
}

/* One tap @j of column taps @t into @acc (see aa_htaps ()). */
#define AA_HTAP(acc, t, w, j) \
  acc = _mm256_add_ps (acc, _mm256_mul_ps (_mm256_set1_ps ((w)[j]), \
          _mm256_loadu_ps (vt + (size_t) (((t)->first + (j)) >> sx) * 8)))

/* ht[x][g] = sum over the column taps of inner column x, in order, of
 * wx_j * vt[u_j][g]: the 8 rows of the group at once, and 4 columns at
 * once while all 4 have taps left (4 independent sums, so that their
 * additions overlap), each column's last taps after. */
PREP_AVX2 static void
aa_horizontal (const PrepAaRows * a, const PrepParams * p,
    const PrepSlotView * s, int k)
{
  int sx = p->comp[k].shift_x, x = a->x0, j, most;
  const float *vt = a->vt - (size_t) a->u0[k] * 8;
  const float *wt = s->aa_weights;
  float *ht = a->ht;
  __m256 a0, a1, a2, a3;

  for (; x + 4 <= a->x1; x += 4, ht += 32) {
    const PrepAaTap *t = &s->aa[x];

    most = aa_min (aa_min (t[0].count, t[1].count), aa_min (t[2].count,
            t[3].count));
    a0 = a1 = a2 = a3 = _mm256_setzero_ps ();
    for (j = 0; j < most; j++) {
      AA_HTAP (a0, &t[0], wt + t[0].woff, j);
      AA_HTAP (a1, &t[1], wt + t[1].woff, j);
      AA_HTAP (a2, &t[2], wt + t[2].woff, j);
      AA_HTAP (a3, &t[3], wt + t[3].woff, j);
    }
    _mm256_storeu_ps (ht, aa_htaps (a0, vt, sx, &t[0], wt + t[0].woff, j));
    _mm256_storeu_ps (ht + 8, aa_htaps (a1, vt, sx, &t[1], wt + t[1].woff, j));
    _mm256_storeu_ps (ht + 16, aa_htaps (a2, vt, sx, &t[2], wt + t[2].woff, j));
    _mm256_storeu_ps (ht + 24, aa_htaps (a3, vt, sx, &t[3], wt + t[3].woff, j));
  }
  for (; x < a->x1; x++, ht += 8)
    _mm256_storeu_ps (ht, aa_htaps (_mm256_setzero_ps (), vt, sx, &s->aa[x],
            wt + s->aa[x].woff, 0));
}

#undef AA_HTAP

/* Output row @oy from its inner columns' components @cv; bands pad. */
PREP_AVX2 static void
aa_finish_row (const PrepAaRows * a, const PrepSlotView * s,
    const PrepPass * f, int oy, const float *cv)
{
  const float *c[3] = { cv, cv + a->w8, cv + 2 * (size_t) a->w8 };

  prep_avx2_finish_row (s->params, c, f->dst, oy, a->x0, a->x1);
}

/* Output row @oy in a letterbox band: all pad. */
PREP_AVX2 static void
aa_pad_row (const PrepParams * p, const PrepPass * f, int oy)
{
  const float *none[3] = { NULL, NULL, NULL };

  prep_avx2_finish_row (p, none, f->dst, oy, p->out_width, p->out_width);
}

/* Output rows [oy, oy + m), m <= 8, all inside: lanes past m repeat the
 * last row (and are not stored).  Gray from luma alone sums C0 only
 * (luma_only ()). */
PREP_AVX2 static void
aa_group (PrepAaRows * a, const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, int oy, int m)
{
  const PrepParams *p = s->params;
  const PrepAaTap *ty;
  __m256 r[8];
  int n = luma_only (p) ? 1 : 3, k, g, u, x, i;

  for (k = 0; k < n; k++) {
    for (g = 0; g < 8; g++) {
      ty = &s->aa[p->out_width + oy + (g < m ? g : m - 1)];
      prep_aa_vertical (a, p, f, ty, s->aa_weights + ty->woff, k,
          a->stage + (size_t) g * a->cap);
    }
    for (u = 0; u < a->n[k]; u += 8) {
      for (i = 0; i < 8; i++)
        r[i] = _mm256_loadu_ps (a->stage + (size_t) i * a->cap + u);
      aa_transpose8 (r, a->vt + (size_t) u * 8, 8);
    }
    aa_horizontal (a, p, s, k);
    for (x = 0; x < a->w8; x += 8) {
      for (i = 0; i < 8; i++)
        r[i] = _mm256_loadu_ps (a->ht + (size_t) (x + i) * 8);
      aa_transpose8 (r, a->cv + (size_t) k * a->w8 + x, 3 * (size_t) a->w8);
    }
  }
  for (g = 0; g < m; g++)
    aa_finish_row (a, s, f, oy + g, a->cv + (size_t) g * 3 * a->w8);
}

PREP_AVX2 void
prep_rows_aa (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, int row_begin, int row_end)
{
  const PrepParams *p = s->params;
  const PrepAaTap *ty = s->aa + p->out_width;
  PrepAaRows a;
  int oy, m;

  /* a padding slot: every row is pad */
  if (!s->geom->valid) {
    for (oy = row_begin; oy < row_end; oy++)
      aa_pad_row (p, f, oy);
    return;
  }
  /* more row taps than AA_ROWS_MAX, or no scratch: the reference rows */
  if (!aa_rows_init (&a, plan, s)) {
    prep_rows_scalar (plan, s, f, row_begin, row_end);
    return;
  }
  for (oy = row_begin; oy < row_end; oy += m) {
    for (m = 0; m < 8 && oy + m < row_end && ty[oy + m].inside; m++);
    if (m > 0) {
      aa_group (&a, plan, s, f, oy, m);
      continue;
    }
    aa_pad_row (p, f, oy);
    m = 1;
  }
  free (a.stage);
}

#else /* no x86-64 GCC or Clang: the reference rows */

void
prep_rows_aa (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, int row_begin, int row_end)
{
  prep_rows_scalar (plan, s, f, row_begin, row_end);
}

#endif
