/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The antialiased AVX2 executor's state (src/prep-cpu-aa.c), shared
 * with its vertical sums (src/prep-cpu-aa-vertical.c).  x86-64 only. */

#ifndef __PREP_CPU_AA_H__
#define __PREP_CPU_AA_H__

#include "prep-private.h"

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
} PrepAaRows;

/* The vertical sums of component @k for the output row taps @ty (weights
 * @wy) into @v: v[u] = sum over the row taps, in order, of wy_i * sample
 * (y_i, u) for each of the component's columns u. */
void prep_aa_vertical (const PrepAaRows * a, const PrepParams * p,
    const PrepPass * f, const PrepAaTap * ty, const float *wy, int k, float *v);

#endif /* __PREP_CPU_AA_H__ */
