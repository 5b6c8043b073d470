/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Engine internals shared by the engine's .c files (not installed, not
 * used by the element). */

#ifndef __PREP_PRIVATE_H__
#define __PREP_PRIVATE_H__

#include "prep.h"
#include "prep-math.h"

/* The column taps again, one entry per output column, as arrays that the
 * vectorized executor loads 8 at a time.  Its byte gathers read 4-byte
 * words that END at a byte the taps need (luma[i1], chroma V of pair
 * i1 / 2), so they never read past the end of a plane; where a word would
 * start before the plane (first rows, first columns) the executor falls back
 * to the scalar code.  Taps have i1 - i0 in {0, 1} (prep_axis_tap ()). */
typedef struct
{
  int32_t *y_word;              /* i1 - 3: the luma word holds [i1 - 3, i1] */
  int32_t *y_sel;               /* byte of luma[i0] in it (3 or 2), as a
                                 * byte-shuffle control: 0x808080nn */
  int32_t *c_word;              /* 2 (i1 / 2) - 2: the chroma word holds
                                 * U, V of pair i1 / 2 - 1, then of i1 / 2 */
  int32_t *c_sel;               /* byte of U of pair i0 / 2 (2 or 0), as
                                 * y_sel; V is the byte after it */
  float *w;                     /* weight of i1, as in col_taps */
} PrepColumns;

/* A byte-shuffle control with bytes 1..3 zeroed (0x80). */
#define PREP_SEL_ZERO 0x80808000u

struct _PrepPlan
{
  PrepConfig cfg;
  PrepParams params;            /* what the per-pixel math (and kernel) gets */
  PrepTap *col_taps;            /* out_width entries: prep_axis_tap () per x */
  PrepColumns cols;             /* the same taps, for the vectorized path */
  size_t n_elements;
  size_t n_bytes;
};

/* A checked frame, as the row executors get it.  dst is the whole tensor. */
typedef struct
{
  const uint8_t *y;
  ptrdiff_t y_stride;
  const uint8_t *uv;
  ptrdiff_t uv_stride;
  float *dst;
} PrepFrame;

/* Writes output rows [row_begin, row_end) of a checked frame. */
typedef void (*PrepRowsFunc) (const PrepPlan * plan, const PrepFrame * f,
    int row_begin, int row_end);

/* The scalar reference (prep-cpu.c) and the AVX2 executor
 * (prep-cpu-avx2.c; call it only when prep_cpu_have_avx2 ()). */
void prep_rows_scalar (const PrepPlan * plan, const PrepFrame * f,
    int row_begin, int row_end);
void prep_rows_avx2 (const PrepPlan * plan, const PrepFrame * f,
    int row_begin, int row_end);
int prep_cpu_have_avx2 (void);

/* Fills / frees plan->cols from plan->col_taps (at plan creation). */
PrepStatus prep_columns_init (PrepPlan * plan);
void prep_columns_clear (PrepPlan * plan);

/* The checks of prep_plan_run_cpu_rows () that do not depend on the rows,
 * then the row executor of @impl and the frame it gets. */
PrepStatus prep_cpu_prepare (const PrepPlan * plan, PrepCpuImpl impl,
    const uint8_t * y, int y_stride, const uint8_t * uv, int uv_stride,
    float *dst, size_t dst_size, PrepRowsFunc * rows, PrepFrame * f);

/* The float parameters every path hands to the per-pixel math. */
const PrepParams *prep_plan_params (const PrepPlan * plan);

/* The checks every executor makes before it touches memory: pointers
 * present, strides that hold a row, a destination that holds the tensor. */
PrepStatus prep_plan_check_frame (const PrepPlan * plan, int have_pointers,
    int y_stride, int uv_stride, size_t dst_size);

#endif /* __PREP_PRIVATE_H__ */
