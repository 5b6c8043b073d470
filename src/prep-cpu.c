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

/* The same with antialiased taps, read from the plan's kernel table as
 * the kernel reads them. */
static void
prep_rows_scalar_aa (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, int row_begin, int row_end)
{
  const PrepParams *p = s->params;
  float v[3];
  int ox, oy;

  for (oy = row_begin; oy < row_end; oy++) {
    for (ox = 0; ox < p->out_width; ox++) {
      prep_pixel_aa (p, &s->aa[ox], &s->aa[p->out_width + oy],
          s->geom->valid, s->aa_weights, &f->src, v);
      prep_store (p, f->dst, ox, oy, v);
    }
  }
}

/* The reference executor: prep_pixel () and prep_store () per element, in
 * output order; a padding slot's rows are all pad. */
void
prep_rows_scalar (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, int row_begin, int row_end)
{
  const PrepParams *p = s->params;
  PrepTap ty;
  float v[3];
  int ox, oy;

  if (p->antialias) {
    prep_rows_scalar_aa (plan, s, f, row_begin, row_end);
    return;
  }

  for (oy = row_begin; oy < row_end; oy++) {
    ty = prep_axis_tap (&s->geom->ay, oy, p->nearest);
    ty.inside = ty.inside && s->geom->valid;
    for (ox = 0; ox < p->out_width; ox++) {
      prep_pixel (p, &s->col_taps[ox], &ty, &f->src, v);
      prep_store (p, f->dst, ox, oy, v);
    }
  }
}

void
prep_run_batch_rows (const PrepPlan * plan, PrepRowsFunc rows,
    const PrepPass * f, int row_begin, int row_end)
{
  int h = plan->cfg.out_height, slot, end;
  PrepSlotGeom missing;
  PrepSlotView view;
  PrepPass sf = *f;

  while (row_begin < row_end) {
    slot = row_begin / h;
    end = (slot + 1) * h < row_end ? (slot + 1) * h : row_end;
    prep_plan_slot_view (plan, slot, &view);
    sf.dst = (uint8_t *) f->dst + (size_t) slot *plan->slot_bytes;
    if (f->slot_src != NULL)
      sf.src = f->slot_src[slot];
    /* a stream without a frame in this batch: its slot is padding */
    if (f->slot_src != NULL && sf.src.d0 == NULL) {
      missing = *view.geom;
      missing.valid = 0;
      view.geom = &missing;
    }
    rows (plan, &view, &sf, row_begin - slot * h, end - slot * h);
    row_begin = end;
  }
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

/* The row executor of @plan with @impl (available). */
static PrepRowsFunc
prep_cpu_rows_func (const PrepPlan * plan, PrepCpuImpl impl)
{
  /* the AVX2 executors implement the default colour conversion and
   * chroma only: the scalar rows (the same bytes) for the others */
  if (prep_cpu_resolve (impl) == PREP_CPU_SCALAR
      || !prep_plan_plain_color (plan, 0))
    return prep_rows_scalar;
  return plan->params.antialias ? prep_rows_aa : prep_rows_avx2;
}

PrepStatus
prep_cpu_prepare (const PrepPlan * plan, PrepCpuImpl impl,
    const PrepFrame * src, void *dst, size_t dst_size, PrepRowsFunc * rows,
    PrepPass * f)
{
  PrepStatus st;

  /* a streams plan is refused here: it takes one frame per stream */
  st = prep_plan_check_frame (plan, src, dst != NULL, dst_size, &f->src);
  if (st != PREP_OK)
    return st;
  if (!prep_cpu_impl_available (impl))
    return PREP_ERROR_INVALID_ARGUMENT;
  *rows = prep_cpu_rows_func (plan, impl);
  f->dst = dst;
  f->slot_src = NULL;
  return PREP_OK;
}

PrepStatus
prep_cpu_prepare_streams (const PrepPlan * plan, PrepCpuImpl impl,
    const PrepFrame * frames, void *dst, size_t dst_size,
    PrepRowsFunc * rows, PrepPass * f)
{
  PrepStatus st;

  if (plan == NULL || plan->n_streams == 0 || frames == NULL || dst == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  st = prep_streams_check_frames (plan, frames, dst_size, f->slots);
  if (st != PREP_OK)
    return st;
  if (!prep_cpu_impl_available (impl))
    return PREP_ERROR_INVALID_ARGUMENT;
  *rows = prep_cpu_rows_func (plan, impl);
  f->dst = dst;
  f->slot_src = f->slots;
  return PREP_OK;
}

PrepStatus
prep_plan_run_cpu_rows (const PrepPlan * plan, PrepCpuImpl impl,
    const PrepFrame * src, void *dst, size_t dst_size, int row_begin,
    int row_end)
{
  PrepRowsFunc rows;
  PrepPass f;
  PrepStatus st;

  st = prep_cpu_prepare (plan, impl, src, dst, dst_size, &rows, &f);
  if (st != PREP_OK)
    return st;
  if (row_begin < 0 || row_begin > row_end || row_end > prep_plan_rows (plan))
    return PREP_ERROR_INVALID_ARGUMENT;
  prep_run_batch_rows (plan, rows, &f, row_begin, row_end);
  return PREP_OK;
}

PrepStatus
prep_plan_run_cpu (const PrepPlan * plan, const PrepFrame * src, void *dst,
    size_t dst_size)
{
  return prep_plan_run_cpu_rows (plan, PREP_CPU_AUTO, src, dst, dst_size, 0,
      plan != NULL ? prep_plan_rows (plan) : 0);
}
