/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The CPU executor: one pass over the output, row by row, around the shared
 * per-pixel math of prep-math.h.  Column taps come from the plan's table
 * (filled by the same prep_axis_tap () the kernel calls), row taps are
 * computed once per row.  The scalar rows here are the reference; the
 * vectorized ones (prep-cpu-avx2.c) give the same bytes, and the entry
 * points pick one at run time. */

#include <stdint.h>
#include <stdlib.h>

#include "prep-private.h"

#if defined (__x86_64__) && defined (__GNUC__)
#include <cpuid.h>

/* AVX2 and F16C (the float16 stores); every AVX2 CPU has F16C, but it is
 * checked, not assumed: CPUID leaf 1, ECX bit 29. */
static int
detect_avx2 (void)
{
  unsigned int eax, ebx, ecx, edx;

  __builtin_cpu_init ();
  if (!__builtin_cpu_supports ("avx2"))
    return 0;
  if (!__get_cpuid (1, &eax, &ebx, &ecx, &edx))
    return 0;
  return (ecx & (1u << 29)) != 0;
}

/* Detected once per process: in a virtual machine CPUID traps to the
 * hypervisor, which cost about 5 us per frame when it ran on every one.
 * Threads that race here store the same answer. */
int
prep_cpu_have_avx2 (void)
{
  static int known;             /* 0: not yet, 1: no, 2: yes */
  int v = __atomic_load_n (&known, __ATOMIC_RELAXED);

  if (v == 0) {
    v = detect_avx2 ()? 2 : 1;
    __atomic_store_n (&known, v, __ATOMIC_RELAXED);
  }
  return v == 2;
}

#else /* the AVX2 executor is built on x86-64 with GCC or Clang only */

int
prep_cpu_have_avx2 (void)
{
  return 0;
}

#endif

/* NV12 chroma: ceil (w / 2) interleaved U,V pairs per row, ceil (h / 2)
 * rows.  In 64 bits: for a width of INT_MAX the row is 2^31 bytes, more
 * than any int stride holds. */
static int64_t
prep_chroma_row_bytes (int width)
{
  return 2 * (((int64_t) width + 1) / 2);
}

/* Bytes of a plane of @rows rows of @row_bytes with @stride: stride *
 * (rows - 1) + row_bytes, in 64 bits, or PREP_ERROR_STRIDE when the stride
 * cannot hold a row (negative strides included), PREP_ERROR_OVERFLOW when
 * the count does not fit in size_t. */
static PrepStatus
prep_plane_bytes (int64_t stride, int64_t rows, int64_t row_bytes,
    size_t *bytes)
{
  uint64_t n;

  if (stride < row_bytes || row_bytes <= 0 || rows <= 0)
    return PREP_ERROR_STRIDE;
  /* stride < 2^31, rows < 2^31, row_bytes <= stride: below 2^62 */
  n = (uint64_t) stride *(uint64_t) (rows - 1) + (uint64_t) row_bytes;
  if (n > (uint64_t) SIZE_MAX)
    return PREP_ERROR_OVERFLOW;
  *bytes = (size_t) n;
  return PREP_OK;
}

PrepStatus
prep_plan_frame_bytes (const PrepPlan * plan, int y_stride, int uv_stride,
    size_t *luma_bytes, size_t *chroma_bytes)
{
  const PrepConfig *cfg;
  size_t ly, luv;
  PrepStatus st;

  if (plan == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  cfg = &plan->cfg;
  st = prep_plane_bytes (y_stride, cfg->src_height, cfg->src_width, &ly);
  if (st == PREP_OK)
    st = prep_plane_bytes (uv_stride, ((int64_t) cfg->src_height + 1) / 2,
        prep_chroma_row_bytes (cfg->src_width), &luv);
  if (st != PREP_OK)
    return st;
  if (luma_bytes != NULL)
    *luma_bytes = ly;
  if (chroma_bytes != NULL)
    *chroma_bytes = luv;
  return PREP_OK;
}

size_t
prep_plan_luma_bytes (const PrepPlan * plan, int y_stride)
{
  size_t n;

  if (plan == NULL || prep_plane_bytes (y_stride, plan->cfg.src_height,
          plan->cfg.src_width, &n) != PREP_OK)
    return SIZE_MAX;
  return n;
}

size_t
prep_plan_chroma_bytes (const PrepPlan * plan, int uv_stride)
{
  size_t n;

  if (plan == NULL || prep_plane_bytes (uv_stride,
          ((int64_t) plan->cfg.src_height + 1) / 2,
          prep_chroma_row_bytes (plan->cfg.src_width), &n) != PREP_OK)
    return SIZE_MAX;
  return n;
}

/* Strides are refused whatever the width when they cannot hold a row: the
 * comparison is in 64 bits. */
PrepStatus
prep_plan_check_frame (const PrepPlan * plan, int have_pointers, int y_stride,
    int uv_stride, size_t dst_size)
{
  if (plan == NULL || !have_pointers)
    return PREP_ERROR_INVALID_ARGUMENT;
  if ((int64_t) y_stride < (int64_t) plan->cfg.src_width ||
      (int64_t) uv_stride < prep_chroma_row_bytes (plan->cfg.src_width))
    return PREP_ERROR_STRIDE;
  if (dst_size < plan->n_bytes)
    return PREP_ERROR_OUTPUT_SIZE;
  return PREP_OK;
}

/* The reference executor: prep_pixel () and prep_store () per element, in
 * output order; a padding slot's rows are all pad. */
void
prep_rows_scalar (const PrepPlan * plan, const PrepSlotView * s,
    const PrepFrame * f, int row_begin, int row_end)
{
  const PrepParams *p = &plan->params;
  PrepTap ty;
  float v[3];
  int ox, oy;

  for (oy = row_begin; oy < row_end; oy++) {
    ty = prep_axis_tap (&s->geom->ay, oy, p->nearest);
    ty.inside = ty.inside && s->geom->valid;
    for (ox = 0; ox < p->out_width; ox++) {
      prep_pixel (p, &s->col_taps[ox], &ty, f->y, f->y_stride, f->uv,
          f->uv_stride, v);
      prep_store (p, f->dst, ox, oy, v);
    }
  }
}

void
prep_run_batch_rows (const PrepPlan * plan, PrepRowsFunc rows,
    const PrepFrame * f, int row_begin, int row_end)
{
  int h = plan->cfg.out_height, slot, end;
  PrepSlotView view;
  PrepFrame sf = *f;

  while (row_begin < row_end) {
    slot = row_begin / h;
    end = (slot + 1) * h < row_end ? (slot + 1) * h : row_end;
    prep_plan_slot_view (plan, slot, &view);
    sf.dst = (uint8_t *) f->dst + (size_t) slot *plan->slot_bytes;
    rows (plan, &view, &sf, row_begin - slot * h, end - slot * h);
    row_begin = end;
  }
}

PrepStatus
prep_columns_init (PrepPlan * plan)
{
  size_t n = (size_t) plan->cfg.batch_size * (size_t) plan->cfg.out_width;
  size_t entry = 4 * sizeof (int32_t) + sizeof (float);
  PrepColumns *c = &plan->cols;

  c->y_word = NULL;
  if (n > SIZE_MAX / entry)
    return PREP_ERROR_NO_MEMORY;
  c->y_word = malloc (n * entry);
  if (c->y_word == NULL)
    return PREP_ERROR_NO_MEMORY;
  c->y_sel = c->y_word + n;
  c->c_word = c->y_sel + n;
  c->c_sel = c->c_word + n;
  c->w = (float *) (c->c_sel + n);
  return PREP_OK;
}

void
prep_columns_fill (PrepPlan * plan, int slot)
{
  size_t n = (size_t) plan->cfg.out_width, at = (size_t) slot *n, x;
  PrepColumns *c = &plan->cols;

  for (x = at; x < at + n; x++) {
    const PrepTap *t = &plan->col_taps[x];

    c->y_word[x] = t->i1 - 3;
    c->y_sel[x] = (int32_t) (PREP_SEL_ZERO | (t->i0 == t->i1 ? 3 : 2));
    c->c_word[x] = 2 * (t->i1 / 2) - 2;
    c->c_sel[x] = (int32_t) (PREP_SEL_ZERO | (t->i0 / 2 == t->i1 / 2 ? 2 : 0));
    c->w[x] = t->w;
  }
}

void
prep_columns_clear (PrepPlan * plan)
{
  free (plan->cols.y_word);
  plan->cols.y_word = NULL;
}

static PrepCpuImpl
prep_cpu_resolve (PrepCpuImpl impl)
{
  if (impl != PREP_CPU_AUTO)
    return impl;
  return prep_cpu_have_avx2 ()? PREP_CPU_AVX2 : PREP_CPU_SCALAR;
}

int
prep_cpu_impl_available (PrepCpuImpl impl)
{
  switch (impl) {
    case PREP_CPU_AUTO:
    case PREP_CPU_SCALAR:
      return 1;
    case PREP_CPU_AVX2:
      return prep_cpu_have_avx2 ();
  }
  return 0;
}

const char *
prep_cpu_impl_name (PrepCpuImpl impl)
{
  switch (prep_cpu_resolve (impl)) {
    case PREP_CPU_SCALAR:
      return "scalar";
    case PREP_CPU_AVX2:
      return "avx2";
    default:
      return NULL;
  }
}

PrepStatus
prep_cpu_prepare (const PrepPlan * plan, PrepCpuImpl impl, const uint8_t * y,
    int y_stride, const uint8_t * uv, int uv_stride, void *dst,
    size_t dst_size, PrepRowsFunc * rows, PrepFrame * f)
{
  PrepStatus st;

  st = prep_plan_check_frame (plan, y != NULL && uv != NULL && dst != NULL,
      y_stride, uv_stride, dst_size);
  if (st != PREP_OK)
    return st;
  if (!prep_cpu_impl_available (impl))
    return PREP_ERROR_INVALID_ARGUMENT;
  *rows = prep_cpu_resolve (impl) == PREP_CPU_AVX2 ? prep_rows_avx2 :
      prep_rows_scalar;
  f->y = y;
  f->y_stride = y_stride;
  f->uv = uv;
  f->uv_stride = uv_stride;
  f->dst = dst;
  return PREP_OK;
}

PrepStatus
prep_plan_run_cpu_rows (const PrepPlan * plan, PrepCpuImpl impl,
    const uint8_t * y, int y_stride, const uint8_t * uv, int uv_stride,
    void *dst, size_t dst_size, int row_begin, int row_end)
{
  PrepRowsFunc rows;
  PrepFrame f;
  PrepStatus st;

  st = prep_cpu_prepare (plan, impl, y, y_stride, uv, uv_stride, dst,
      dst_size, &rows, &f);
  if (st != PREP_OK)
    return st;
  if (row_begin < 0 || row_begin > row_end || row_end > prep_plan_rows (plan))
    return PREP_ERROR_INVALID_ARGUMENT;
  prep_run_batch_rows (plan, rows, &f, row_begin, row_end);
  return PREP_OK;
}

PrepStatus
prep_plan_run_cpu (const PrepPlan * plan, const uint8_t * y, int y_stride,
    const uint8_t * uv, int uv_stride, void *dst, size_t dst_size)
{
  return prep_plan_run_cpu_rows (plan, PREP_CPU_AUTO, y, y_stride, uv,
      uv_stride, dst, dst_size, 0, plan != NULL ? prep_plan_rows (plan) : 0);
}
