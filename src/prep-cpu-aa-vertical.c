/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The vertical sums of the antialiased AVX2 executor (see
 * src/prep-cpu-aa.c): for one output row and one component, v[u] = sum
 * over the row taps, in order, of wy_i * sample (y_i, u), for every
 * column u of the crop, 8 columns per vector, straight from the source
 * rows' bytes.  Every product and sum is the reference's float operation
 * (prep_sample_aa ()) in the reference's order. */

#include "prep-private.h"

#if defined (__x86_64__) && defined (__GNUC__)

#include "prep-avx2-lanes.h"
#include "prep-cpu-aa.h"

/* v[u] = sum over the @n rows @rows, in order, of wy_i * sample u, for
 * u from 0 up to @end (a multiple of 8; samples @step bytes apart): 64 at
 * a time in 8 independent sums, so that their additions overlap (a float
 * addition's latency is 3 to 4 cycles; 8 chains keep both adders busy),
 * then 8 at a time.  Returns @end. */
#define AA_MAC(acc, off) \
  acc = _mm256_add_ps (acc, _mm256_mul_ps (w, aa_load8 (s + (off) * step, \
              step, wide, lsb10)))
PREP_AVX2 static inline __attribute__((always_inline))
     int aa_vertical_as (int step, int wide, int lsb10,
    const uint8_t * const *rows, const float *wy, int n, int end, float *v)
{
  __m256 a0, a1, a2, a3, a4, a5, a6, a7, w;
  int u, i;

  for (u = 0; u + 64 <= end; u += 64) {
    a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = _mm256_setzero_ps ();
    for (i = 0; i < n; i++) {
      const uint8_t *s = rows[i] + (ptrdiff_t) u * step;

      w = _mm256_set1_ps (wy[i]);
      AA_MAC (a0, 0);
      AA_MAC (a1, 8);
      AA_MAC (a2, 16);
      AA_MAC (a3, 24);
      AA_MAC (a4, 32);
      AA_MAC (a5, 40);
      AA_MAC (a6, 48);
      AA_MAC (a7, 56);
    }
    _mm256_storeu_ps (v + u, a0);
    _mm256_storeu_ps (v + u + 8, a1);
    _mm256_storeu_ps (v + u + 16, a2);
    _mm256_storeu_ps (v + u + 24, a3);
    _mm256_storeu_ps (v + u + 32, a4);
    _mm256_storeu_ps (v + u + 40, a5);
    _mm256_storeu_ps (v + u + 48, a6);
    _mm256_storeu_ps (v + u + 56, a7);
  }
  for (; u < end; u += 8) {
    a0 = _mm256_setzero_ps ();
    for (i = 0; i < n; i++) {
      const uint8_t *s = rows[i] + (ptrdiff_t) u * step;

      w = _mm256_set1_ps (wy[i]);
      AA_MAC (a0, 0);
    }
    _mm256_storeu_ps (v + u, a0);
  }
  return end;
}

#undef AA_MAC

/* A component's row taps with consecutive taps on the same row (a
 * vertically subsampled component: source rows 2i and 2i + 1 read chroma
 * row i) taken together: row j's samples are read once and added with
 * weight wa[j], then, where two[j], with weight wb[j]: the same products
 * and sums, in the same order, as one tap at a time. */
typedef struct
{
  const uint8_t *at[AA_ROWS_MAX];
  float wa[AA_ROWS_MAX], wb[AA_ROWS_MAX];
  int two[AA_ROWS_MAX];
  int n;
} AaPairs;

#define AA_MAC2(acc, x) \
  acc = _mm256_add_ps (acc, _mm256_mul_ps (wa, x)); \
  if (two) \
    acc = _mm256_add_ps (acc, _mm256_mul_ps (wb, x))

/* aa_vertical_as () over paired taps @q: 32 columns at a time in 4
 * independent sums, then 8 at a time. */
PREP_AVX2 static inline __attribute__((always_inline))
     int aa_vertical_pairs_as (int step, int wide, int lsb10,
    const AaPairs * q, int end, float *v)
{
  __m256 a0, a1, a2, a3, x0, x1, x2, x3, wa, wb;
  int u, j, two;

  for (u = 0; u + 32 <= end; u += 32) {
    a0 = a1 = a2 = a3 = _mm256_setzero_ps ();
    for (j = 0; j < q->n; j++) {
      const uint8_t *s = q->at[j] + (ptrdiff_t) u * step;

      x0 = aa_load8 (s, step, wide, lsb10);
      x1 = aa_load8 (s + 8 * step, step, wide, lsb10);
      x2 = aa_load8 (s + 16 * step, step, wide, lsb10);
      x3 = aa_load8 (s + 24 * step, step, wide, lsb10);
      wa = _mm256_set1_ps (q->wa[j]);
      wb = _mm256_set1_ps (q->wb[j]);
      two = q->two[j];
      AA_MAC2 (a0, x0);
      AA_MAC2 (a1, x1);
      AA_MAC2 (a2, x2);
      AA_MAC2 (a3, x3);
    }
    _mm256_storeu_ps (v + u, a0);
    _mm256_storeu_ps (v + u + 8, a1);
    _mm256_storeu_ps (v + u + 16, a2);
    _mm256_storeu_ps (v + u + 24, a3);
  }
  for (; u < end; u += 8) {
    a0 = _mm256_setzero_ps ();
    for (j = 0; j < q->n; j++) {
      x0 = aa_load8 (q->at[j] + (ptrdiff_t) u * step, step, wide, lsb10);
      wa = _mm256_set1_ps (q->wa[j]);
      wb = _mm256_set1_ps (q->wb[j]);
      two = q->two[j];
      AA_MAC2 (a0, x0);
    }
    _mm256_storeu_ps (v + u, a0);
  }
  return end;
}

#undef AA_MAC2

/* aa_vertical_pairs_as () with the step and sample encoding as
 * constants; 0 for the steps not read 8 at a time.  10-bit LSB samples
 * are planar: step 2. */
PREP_AVX2 static int
aa_vertical_pairs (const PrepParams * p, const PrepComponent * c,
    const AaPairs * q, int end, float *v)
{
  if (c->step == 1)
    return aa_vertical_pairs_as (1, 0, 0, q, end, v);
  if (c->step == 2 && p->lsb10)
    return aa_vertical_pairs_as (2, 1, 1, q, end, v);
  if (c->step == 2)
    return p->wide ? aa_vertical_pairs_as (2, 1, 0, q, end, v) :
        aa_vertical_pairs_as (2, 0, 0, q, end, v);
  if (c->step == 4 && !p->lsb10)
    return p->wide ? aa_vertical_pairs_as (4, 1, 0, q, end, v) :
        aa_vertical_pairs_as (4, 0, 0, q, end, v);
  return 0;
}

/* The @n taps at @at with weights @wy as pairs; 0 when no two taps share
 * a row. */
static int
aa_pairs (AaPairs * q, const uint8_t * const *at, const float *wy, int n)
{
  int i;

  q->n = 0;
  for (i = 0; i < n; i++) {
    q->at[q->n] = at[i];
    q->wa[q->n] = wy[i];
    q->two[q->n] = i + 1 < n && at[i + 1] == at[i];
    q->wb[q->n] = q->two[q->n] ? wy[i + 1] : 0.0f;
    i += q->two[q->n];
    q->n++;
  }
  return q->n < n;
}

/* v[u] = sum over the row taps @ty, in order, of wy_i * sample (y_i, u),
 * for each column u of component @k: a->vec[k] of them 8 at a time (taps
 * on one row together), the rest one at a time. */
PREP_AVX2 void
prep_aa_vertical (const PrepAaRows * a, const PrepParams * p,
    const PrepPass * f, const PrepAaTap * ty, const float *wy, int k, float *v)
{
  const PrepComponent *c = &p->comp[k];
  const uint8_t *rows[AA_ROWS_MAX], *at[AA_ROWS_MAX];
  int n = ty->count, i, u = 0, m = a->vec[k];
  AaPairs q;

  for (i = 0; i < n; i++) {
    rows[i] = prep_row (&f->src, c, ty->first + i);
    at[i] = rows[i] + c->offset + (ptrdiff_t) a->u0[k] * c->step;
  }
  if (aa_pairs (&q, at, wy, n))
    u = aa_vertical_pairs (p, c, &q, m, v);
  else if (c->step == 1)
    u = aa_vertical_as (1, 0, 0, at, wy, n, m, v);
  else if (c->step == 2 && p->lsb10)
    u = aa_vertical_as (2, 1, 1, at, wy, n, m, v);
  else if (c->step == 2)
    u = p->wide ? aa_vertical_as (2, 1, 0, at, wy, n, m, v) :
        aa_vertical_as (2, 0, 0, at, wy, n, m, v);
  else if (c->step == 4 && !p->lsb10)
    u = p->wide ? aa_vertical_as (4, 1, 0, at, wy, n, m, v) :
        aa_vertical_as (4, 0, 0, at, wy, n, m, v);
  for (; u < a->n[k]; u++) {
    v[u] = 0.0f;
    for (i = 0; i < n; i++)
      v[u] = v[u] + wy[i] * prep_read (p, c, rows[i],
          (a->u0[k] + u) << c->shift_x);
  }
}

#else /* no x86-64 GCC or Clang: prep-cpu-aa.c runs the reference rows */

typedef int PrepAaVerticalUnused;       /* ISO C: no empty file */

#endif
