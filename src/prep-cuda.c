/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The CUDA path without a driver: the launch geometry of the kernel, the
 * memory it touches, and the launch itself.  Pure C, always built; the
 * element hands prep_plan_launch_taps () CuLaunchKernel, the tests and the
 * mock driver the kernel's host build (prep-kernel-host.c).  The tap table
 * the kernel reads is the plan's (prep_plan_kernel_taps ()), copied to
 * device memory by the caller.
 *
 * Geometry: one thread per output pixel, blocks of 32 x 8 threads (256), a
 * grid of ceil (W / 32) x ceil (H / 8) x 1 blocks.  32 wide so that a warp
 * is 32 consecutive pixels of one output row: each NCHW plane store of a
 * warp is one contiguous run of 32 floats (coalesced).
 *
 * Limits: CUDA caps grid.y at 65535 (and grid.x at 2^31 - 1, which an int
 * width cannot reach: ceil ((2^31 - 1) / 32) = 2^26).  Outputs taller than
 * 65535 * 8 = 524280 rows are refused with PREP_ERROR_GRID, which the
 * element reports as an error naming the limit. */

#include <stdint.h>

#include "prep-private.h"
#include "prep-kernel.h"

#define PREP_GRID_X_MAX 2147483647u
#define PREP_GRID_Y_MAX 65535u

/* ceil (n / d) for n >= 0, d > 0, without overflow */
static unsigned int
prep_div_up (unsigned int n, unsigned int d)
{
  return n / d + (n % d != 0);
}

PrepStatus
prep_launch_geometry (const PrepParams * p, int n_slots, PrepDim3 * grid,
    PrepDim3 * block)
{
  unsigned int gx, gy;

  if (p == NULL || grid == NULL || block == NULL || n_slots < 1 ||
      n_slots > PREP_SLOT_TABLE_SIZE)
    return PREP_ERROR_INVALID_ARGUMENT;
  if (p->out_width <= 0 || p->out_height <= 0)
    return PREP_ERROR_SIZE;
  gx = prep_div_up ((unsigned int) p->out_width, PREP_BLOCK_W);
  gy = prep_div_up ((unsigned int) p->out_height, PREP_BLOCK_H);
  if (gx > PREP_GRID_X_MAX || gy > PREP_GRID_Y_MAX)
    return PREP_ERROR_GRID;
  grid->x = gx;
  grid->y = gy;
  grid->z = (unsigned int) n_slots;
  block->x = PREP_BLOCK_W;
  block->y = PREP_BLOCK_H;
  block->z = 1;
  return PREP_OK;
}

/* The last source index the taps of an axis reach (its largest i1). */
static int
prep_axis_last_tap (const PrepAxis * a, int nearest, int out)
{
  PrepTap t = prep_axis_tap (a, prep_axis_end (a, out) - 1, nearest);

  return t.i1;
}

/* a * b + c in 64 bits for a, b, c >= 0, SIZE_MAX when it does not fit in
 * size_t */
static size_t
prep_mul_add_sat (uint64_t a, uint64_t b, uint64_t c)
{
  if (a != 0 && b > (UINT64_MAX - c) / a)
    return SIZE_MAX;
  if (a * b + c > (uint64_t) SIZE_MAX)
    return SIZE_MAX;
  return (size_t) (a * b + c);
}

/* The extent in its plane of component @c for taps reaching (col, row):
 * the last sample's byte, + 1 (+ 2 for wide samples). */
static size_t
prep_component_extent (const PrepParams * p, const PrepComponent * c,
    uint64_t col, uint64_t row, uint64_t stride)
{
  uint64_t x = (col >> c->shift_x) * (uint64_t) c->step + (uint64_t) c->offset
      + (p->wide ? 2 : 1);

  return prep_mul_add_sat (row >> c->shift_y, stride, x);
}

/* Extents in 64 bits, saturated at SIZE_MAX: a negative stride (which no
 * checked launch gets) or sizes no plan has cannot wrap to a small
 * extent. */
void
prep_kernel_extents (const PrepParams * p, const PrepSlotTable * slots,
    int n_slots, const int strides[PREP_PLANES_MAX],
    size_t plane_bytes[PREP_PLANES_MAX], size_t *dst_bytes)
{
  size_t ext[PREP_PLANES_MAX] = { 0, 0, 0 }, e;
  uint64_t col, row, stride, elems;
  int i, k, pl;

  for (i = 0; i < n_slots; i++) {
    const PrepSlotGeom *g = &slots->s[i];

    if (!g->valid)
      continue;
    col = (uint64_t) prep_axis_last_tap (&g->ax, p->nearest, p->out_width);
    row = (uint64_t) prep_axis_last_tap (&g->ay, p->nearest, p->out_height);
    if (p->antialias) {
      col = (uint64_t) prep_aa_last_sample (&g->ax, p->out_width);
      row = (uint64_t) prep_aa_last_sample (&g->ay, p->out_height);
    }
    for (k = 0; k < 3; k++) {
      pl = p->comp[k].plane;
      stride = strides[pl] < 0 ? UINT64_MAX : (uint64_t) strides[pl];
      e = prep_component_extent (p, &p->comp[k], col, row, stride);
      if (e > ext[pl])
        ext[pl] = e;
    }
  }
  if (plane_bytes != NULL)
    for (k = 0; k < PREP_PLANES_MAX; k++)
      plane_bytes[k] = ext[k];
  if (dst_bytes != NULL) {
    elems = (uint64_t) (p->out_width > 0 ? p->out_width : 0) *
        (uint64_t) (p->out_height > 0 ? p->out_height : 0);
    *dst_bytes = prep_mul_add_sat (elems, (uint64_t) p->channels *
        prep_elem_size (p) * (uint64_t) (n_slots > 0 ? n_slots : 0), 0);
  }
}

PrepStatus
prep_plan_kernel_taps (const PrepPlan * plan, const void **taps, size_t *bytes)
{
  if (plan == NULL || taps == NULL || bytes == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  *taps = plan->kernel_taps;
  *bytes = plan->kernel_taps_bytes;
  return PREP_OK;
}

uint64_t
prep_plan_kernel_taps_id (const PrepPlan * plan)
{
  return plan != NULL ? plan->taps_id : 0;
}

PrepStatus
prep_plan_launch_taps (const PrepPlan * plan, uint64_t taps,
    const PrepFrame * src, uint64_t dst, size_t dst_size,
    PrepLaunchFunc launch, void *stream, void *user_data, int *launch_error)
{
  PrepParams params;
  PrepPlanes f;
  PrepDim3 grid, block;
  void *args[PREP_TKARG_COUNT];
  uint64_t planes[PREP_PLANES_MAX];
  int strides[PREP_PLANES_MAX], i, err;
  PrepStatus st;

  st = prep_plan_check_frame (plan, src, taps != 0 && dst != 0 &&
      launch != NULL, dst_size, &f);
  if (st != PREP_OK)
    return st;
  params = plan->params;
  st = prep_launch_geometry (&params, plan->cfg.batch_size, &grid, &block);
  if (st != PREP_OK)
    return st;
  planes[0] = (uint64_t) (uintptr_t) f.d0;
  planes[1] = (uint64_t) (uintptr_t) f.d1;
  planes[2] = (uint64_t) (uintptr_t) f.d2;
  strides[0] = (int) f.s0;
  strides[1] = (int) f.s1;
  strides[2] = (int) f.s2;
  /* each slot points to storage of the parameter's exact size */
  args[PREP_TKARG_PARAMS] = &params;
  args[PREP_TKARG_SLOTS] = (void *) &plan->slots;
  args[PREP_TKARG_TAPS] = &taps;
  for (i = 0; i < PREP_PLANES_MAX; i++) {
    args[PREP_TKARG_PLANE (i)] = &planes[i];
    args[PREP_TKARG_STRIDE (i)] = &strides[i];
  }
  args[PREP_TKARG_DST] = &dst;
  params.aa_tile = plan->aa_tile;
  err = launch (plan->aa_tile > 0 ? PREP_KERNEL_TAPS_AA_NAME :
      PREP_KERNEL_TAPS_NAME, grid, block, (unsigned int) plan->aa_tile *
      (unsigned int) sizeof (float), stream, args, user_data);
  if (launch_error != NULL)
    *launch_error = err;
  return err == 0 ? PREP_OK : PREP_ERROR_LAUNCH;
}
