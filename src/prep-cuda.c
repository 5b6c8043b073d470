/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The CUDA path without a driver: the launch geometry of the kernel and
 * the memory it touches (the launch itself: prep-klaunch.c).  Pure C,
 * always built.
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

/* The last full-resolution index whose sample a component on a subsampled
 * axis (@shift) reaches for taps reaching @v: with bilinear chroma one
 * chroma sample further, clamped to the plane's @n samples
 * (prep_chroma_axis ()). */
static uint64_t
prep_chroma_reach (uint64_t v, int shift, int n)
{
  uint64_t i = (v >> shift) + 1;

  if (!shift)
    return v;
  i = i > (uint64_t) (n - 1) ? (uint64_t) (n - 1) : i;
  return i << shift;
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
      col = (uint64_t) prep_aa_last_sample (p, &g->ax, p->out_width);
      row = (uint64_t) prep_aa_last_sample (p, &g->ay, p->out_height);
    }
    for (k = 0; k < 3; k++) {
      uint64_t kc = col, kr = row;

      if (p->chroma_lerp && k > 0) {
        kc = prep_chroma_reach (col, p->comp[k].shift_x, p->chroma_w);
        kr = prep_chroma_reach (row, p->comp[k].shift_y, p->chroma_h);
      }
      pl = p->comp[k].plane;
      stride = strides[pl] < 0 ? UINT64_MAX : (uint64_t) strides[pl];
      e = prep_component_extent (p, &p->comp[k], kc, kr, stride);
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
