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

/* prep-math.h stands alone under nvcc, so it has its own name for the
 * batch limit; the two must agree. */
_Static_assert (PREP_SLOT_TABLE_SIZE == PREP_BATCH_MAX,
    "the kernel's slot table holds PREP_BATCH_MAX slots");

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
  PrepSlotTable slots;          /* every slot's geometry (kernel argument) */
  int n_valid;                  /* slots [0, n_valid) hold a rectangle */
  /* batch_size * out_width entries, slot by slot: prep_axis_tap () per x */
  PrepTap *col_taps;
  PrepColumns cols;             /* the same taps, for the vectorized path */
  /* the kernel's tap table (prep_plan_kernel_taps ()): batch_size blocks of
   * out_width column taps then out_height row taps; kernel_taps_bytes of
   * it, sized at plan creation */
  PrepTap *kernel_taps;
  size_t kernel_taps_bytes;
  size_t slot_bytes;            /* bytes of one slot of the tensor */
  size_t n_elements;
  size_t n_bytes;
};

/* A checked frame, as the row executors get it.  dst is the slot's part of
 * the tensor. */
typedef struct
{
  const uint8_t *y;
  ptrdiff_t y_stride;
  const uint8_t *uv;
  ptrdiff_t uv_stride;
  void *dst;
} PrepFrame;

/* One slot as the row executors get it: its geometry and column taps. */
typedef struct
{
  const PrepSlotGeom *geom;
  const PrepTap *col_taps;
  PrepColumns cols;
} PrepSlotView;

void prep_plan_slot_view (const PrepPlan * plan, int slot, PrepSlotView * v);

/* Writes output rows [row_begin, row_end) of one slot of a checked frame. */
typedef void (*PrepRowsFunc) (const PrepPlan * plan, const PrepSlotView * s,
    const PrepFrame * f, int row_begin, int row_end);

/* The scalar reference (prep-cpu.c) and the AVX2 executor
 * (prep-cpu-avx2.c; call it only when prep_cpu_have_avx2 ()). */
void prep_rows_scalar (const PrepPlan * plan, const PrepSlotView * s,
    const PrepFrame * f, int row_begin, int row_end);
void prep_rows_avx2 (const PrepPlan * plan, const PrepSlotView * s,
    const PrepFrame * f, int row_begin, int row_end);
int prep_cpu_have_avx2 (void);

/* Rows [row_begin, row_end) of the batch (numbered as in
 * prep_plan_run_cpu_rows ()), cut at slot boundaries and handed to @rows;
 * f->dst is the whole tensor. */
void prep_run_batch_rows (const PrepPlan * plan, PrepRowsFunc rows,
    const PrepFrame * f, int row_begin, int row_end);

/* Whether @r is non-empty and inside a frame of that size. */
int prep_crop_inside (int frame_width, int frame_height, const PrepRect * r);

/* The geometry of a slot whose source rectangle is @r (inside the frame). */
void prep_slot_geometry (const PrepConfig * cfg, const PrepRect * r,
    PrepSlotGeom * g);

/* The AVX2 executor's column table (prep-columns.c): allocated for @n
 * columns, filled from @n taps at entry @at, freed. */
PrepStatus prep_columns_init (PrepColumns * c, size_t n);
void prep_columns_fill (PrepColumns * c, size_t at, const PrepTap * taps,
    size_t n);
void prep_columns_clear (PrepColumns * c);

/* The float parameters of a config (prep-params.c): output size, colour
 * matrix, normalization, flags. */
void prep_params_init (const PrepConfig * cfg, PrepParams * p);

/* The checks of prep_plan_run_cpu_rows () that do not depend on the rows,
 * then the row executor of @impl and the frame it gets. */
PrepStatus prep_cpu_prepare (const PrepPlan * plan, PrepCpuImpl impl,
    const uint8_t * y, int y_stride, const uint8_t * uv, int uv_stride,
    void *dst, size_t dst_size, PrepRowsFunc * rows, PrepFrame * f);

/* The float parameters every path hands to the per-pixel math, and every
 * slot's geometry (what the kernel gets). */
const PrepParams *prep_plan_params (const PrepPlan * plan);
const PrepSlotTable *prep_plan_slot_table (const PrepPlan * plan);

/* The checks every executor makes before it touches memory: pointers
 * present, strides that hold a row, a destination that holds the tensor. */
PrepStatus prep_plan_check_frame (const PrepPlan * plan, int have_pointers,
    int y_stride, int uv_stride, size_t dst_size);

#endif /* __PREP_PRIVATE_H__ */
