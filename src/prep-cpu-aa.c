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
 * output row reads stay in the first-level caches).  Subsampled
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

/* The most row taps this executor takes (a downscale by about 32); beyond,
 * the reference rows run. */
#define AA_ROWS_MAX 64

typedef struct
{
  int x0, x1, w8;               /* the inner output columns; x1 - x0 to 8 */
  int u0[3], n[3];              /* component k's columns [u0, u0 + n) */
  int last[3];                  /* its last byte any row holds */
  int vec[3];                   /* its columns read 8 at a time */
  int cap;                      /* the most n, to a multiple of 8 */
  float *stage;                 /* 8 x cap: 8 rows' v of one component */
  float *vt;                    /* cap x 8: the same, transposed */
  float *ht;                    /* w8 x 8: their horizontal sums */
  float *cv;                    /* 8 x 3 x w8: the 8 rows' components */
} AaRows;

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
aa_columns (AaRows * a, const PrepSlotView * s, int s0, int s1)
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
aa_rows_init (AaRows * a, const PrepPlan * plan, const PrepSlotView * s)
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
  /* the transposes read past the values (v up to a multiple of 8, the
   * horizontal sums up to w8): never stored, but set, so that no
   * arithmetic sees garbage (a denormal would cost time) */
  memset (a->stage, 0, 8 * (size_t) a->cap * sizeof (float));
  memset (a->ht, 0, (size_t) a->w8 * 8 * sizeof (float));
  return 1;
}

/* v[u] = sum over the @n rows @rows, in order, of wy_i * sample u, for
 * u from 0 up to @end (a multiple of 8; samples @step bytes apart): 32 at
 * a time in 4 independent sums, so that their additions overlap, then 8
 * at a time.  Returns @end. */
PREP_AVX2 static inline __attribute__((always_inline))
     int aa_vertical_as (int step, int wide, const uint8_t * const *rows,
    const float *wy, int n, int end, float *v)
{
  __m256 a0, a1, a2, a3, w;
  int u, i;

  for (u = 0; u + 32 <= end; u += 32) {
    a0 = a1 = a2 = a3 = _mm256_setzero_ps ();
    for (i = 0; i < n; i++) {
      const uint8_t *s = rows[i] + (ptrdiff_t) u * step;

      w = _mm256_set1_ps (wy[i]);
      a0 = _mm256_add_ps (a0, _mm256_mul_ps (w, aa_load8 (s, step, wide)));
      a1 = _mm256_add_ps (a1, _mm256_mul_ps (w, aa_load8 (s + 8 * step, step,
                  wide)));
      a2 = _mm256_add_ps (a2, _mm256_mul_ps (w, aa_load8 (s + 16 * step,
                  step, wide)));
      a3 = _mm256_add_ps (a3, _mm256_mul_ps (w, aa_load8 (s + 24 * step,
                  step, wide)));
    }
    _mm256_storeu_ps (v + u, a0);
    _mm256_storeu_ps (v + u + 8, a1);
    _mm256_storeu_ps (v + u + 16, a2);
    _mm256_storeu_ps (v + u + 24, a3);
  }
  for (; u < end; u += 8) {
    a0 = _mm256_setzero_ps ();
    for (i = 0; i < n; i++)
      a0 = _mm256_add_ps (a0, _mm256_mul_ps (_mm256_set1_ps (wy[i]),
              aa_load8 (rows[i] + (ptrdiff_t) u * step, step, wide)));
    _mm256_storeu_ps (v + u, a0);
  }
  return end;
}

/* v[u] = sum over the row taps @ty, in order, of wy_i * sample (y_i, u),
 * for each column u of component @k: a->vec[k] of them 8 at a time, the
 * rest one at a time. */
PREP_AVX2 static void
aa_vertical (const AaRows * a, const PrepParams * p, const PrepPass * f,
    const PrepAaTap * ty, const float *wy, int k, float *v)
{
  const PrepComponent *c = &p->comp[k];
  const uint8_t *rows[AA_ROWS_MAX], *at[AA_ROWS_MAX];
  int n = ty->count, i, u = 0, m = a->vec[k];

  for (i = 0; i < n; i++) {
    rows[i] = prep_row (&f->src, c, ty->first + i);
    at[i] = rows[i] + c->offset + (ptrdiff_t) a->u0[k] * c->step;
  }
  if (c->step == 1)
    u = aa_vertical_as (1, 0, at, wy, n, m, v);
  else if (c->step == 2)
    u = p->wide ? aa_vertical_as (2, 1, at, wy, n, m, v) :
        aa_vertical_as (2, 0, at, wy, n, m, v);
  else if (c->step == 4)
    u = p->wide ? aa_vertical_as (4, 1, at, wy, n, m, v) :
        aa_vertical_as (4, 0, at, wy, n, m, v);
  for (; u < a->n[k]; u++) {
    v[u] = 0.0f;
    for (i = 0; i < n; i++)
      v[u] = v[u] + wy[i] * prep_read (p, c, rows[i],
          (a->u0[k] + u) << c->shift_x);
  }
}

/* ht[x][g] = sum over the column taps of inner column x, in order, of
 * wx_j * vt[u_j][g]: the 8 rows of the group at once. */
PREP_AVX2 static void
aa_horizontal (const AaRows * a, const PrepParams * p,
    const PrepSlotView * s, int k)
{
  int sx = p->comp[k].shift_x, x, j;
  const float *vt = a->vt - (size_t) a->u0[k] * 8;
  __m256 acc;

  for (x = a->x0; x < a->x1; x++) {
    const PrepAaTap *t = &s->aa[x];
    const float *w = s->aa_weights + t->woff;

    acc = _mm256_setzero_ps ();
    for (j = 0; j < t->count; j++)
      acc = _mm256_add_ps (acc, _mm256_mul_ps (_mm256_set1_ps (w[j]),
              _mm256_loadu_ps (vt + (size_t) ((t->first + j) >> sx) * 8)));
    _mm256_storeu_ps (a->ht + (size_t) (x - a->x0) * 8, acc);
  }
}

/* Output row @oy from its inner columns' components @cv; bands pad. */
PREP_AVX2 static void
aa_finish_row (const AaRows * a, const PrepPlan * plan,
    const PrepSlotView * s, const PrepPass * f, int oy, const float *cv)
{
  const PrepParams *p = s->params;
  const float *c[3] = { cv, cv + a->w8, cv + 2 * (size_t) a->w8 };
  float in[3], out[3];
  int x;

  if (plan->avx2) {
    prep_avx2_finish_row (p, c, f->dst, oy, a->x0, a->x1);
    return;
  }
  for (x = 0; x < p->out_width; x++) {
    if (x < a->x0 || x >= a->x1) {
      prep_store (p, f->dst, x, oy, p->pad);
      continue;
    }
    in[0] = c[0][x - a->x0];
    in[1] = c[1][x - a->x0];
    in[2] = c[2][x - a->x0];
    prep_convert_normalize (p, in, out);
    prep_store (p, f->dst, x, oy, out);
  }
}

/* Output rows [oy, oy + m), m <= 8, all inside: lanes past m repeat the
 * last row (and are not stored). */
PREP_AVX2 static void
aa_group (AaRows * a, const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, int oy, int m)
{
  const PrepParams *p = s->params;
  const PrepAaTap *ty;
  __m256 r[8];
  int k, g, u, x, i;

  for (k = 0; k < 3; k++) {
    for (g = 0; g < 8; g++) {
      ty = &s->aa[p->out_width + oy + (g < m ? g : m - 1)];
      aa_vertical (a, p, f, ty, s->aa_weights + ty->woff, k,
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
    aa_finish_row (a, plan, s, f, oy + g, a->cv + (size_t) g * 3 * a->w8);
}

PREP_AVX2 void
prep_rows_aa (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, int row_begin, int row_end)
{
  const PrepParams *p = s->params;
  const PrepAaTap *ty = s->aa + p->out_width;
  AaRows a;
  int oy, m, x;

  if (!s->geom->valid || !aa_rows_init (&a, plan, s)) {
    prep_rows_scalar (plan, s, f, row_begin, row_end);
    return;
  }
  for (oy = row_begin; oy < row_end; oy += m) {
    for (m = 0; m < 8 && oy + m < row_end && ty[oy + m].inside; m++);
    if (m > 0) {
      aa_group (&a, plan, s, f, oy, m);
      continue;
    }
    for (x = 0; x < p->out_width; x++)
      prep_store (p, f->dst, x, oy, p->pad);
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
