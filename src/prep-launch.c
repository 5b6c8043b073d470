/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The launch geometry of the kernel and the memory it touches: pure C,
 * always built, used by the launcher, the tests and the mock driver.
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

#include "prep-kernel.h"

#define PREP_BLOCK_W 32u
#define PREP_BLOCK_H 8u
#define PREP_GRID_X_MAX 2147483647u
#define PREP_GRID_Y_MAX 65535u

/* ceil (n / d) for n >= 0, d > 0, without overflow */
static unsigned int
prep_div_up (unsigned int n, unsigned int d)
{
  return n / d + (n % d != 0);
}

PrepStatus
prep_launch_geometry (const PrepParams * p, PrepDim3 * grid, PrepDim3 * block)
{
  unsigned int gx, gy;

  if (p == NULL || grid == NULL || block == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  if (p->out_width <= 0 || p->out_height <= 0)
    return PREP_ERROR_SIZE;
  gx = prep_div_up ((unsigned int) p->out_width, PREP_BLOCK_W);
  gy = prep_div_up ((unsigned int) p->out_height, PREP_BLOCK_H);
  if (gx > PREP_GRID_X_MAX || gy > PREP_GRID_Y_MAX)
    return PREP_ERROR_GRID;
  grid->x = gx;
  grid->y = gy;
  grid->z = 1;
  block->x = PREP_BLOCK_W;
  block->y = PREP_BLOCK_H;
  block->z = 1;
  return PREP_OK;
}

/* The last source index the taps of axis a reach.  Taps are non-decreasing
 * in the output index (a floor of a linear function increasing with o, then
 * a clamp), and only indices inside [offset, offset + inner) read the
 * source, so it is the i1 of the last one: at most start + len - 1, less
 * when a strong downscale never reaches the crop's far edge. */
static int
prep_axis_last_tap (const PrepAxis * a, int nearest)
{
  PrepTap t = prep_axis_tap (a, a->offset + a->inner - 1, nearest);

  return t.i1;
}

/* prep_sample_yuv () reads luma[ty][tx] and the (U, V) pair at
 * chroma[ty / 2][(tx / 2) * 2] for its taps; the last byte of each plane it
 * reads belongs to the last row and column taps, both of which the last
 * inside output pixel reaches.  Extents are one past that byte. */
void
prep_kernel_extents (const PrepParams * p, int y_stride, int uv_stride,
    size_t *y_bytes, size_t *uv_bytes, size_t *dst_bytes)
{
  size_t col = (size_t) prep_axis_last_tap (&p->ax, p->nearest);
  size_t row = (size_t) prep_axis_last_tap (&p->ay, p->nearest);

  if (y_bytes != NULL)
    *y_bytes = row * (size_t) y_stride + col + 1;
  if (uv_bytes != NULL)
    *uv_bytes = row / 2 * (size_t) uv_stride + col / 2 * 2 + 2;
  if (dst_bytes != NULL)
    *dst_bytes = (size_t) p->out_width * (size_t) p->out_height * 3 *
        sizeof (float);
}
