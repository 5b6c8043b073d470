/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Proves that the shared per-pixel header compiles as CUDA device code: a
 * kernel that calls every function of prep-math.h once per output pixel.
 * Built by nvcc in the test suite; never run. */

#include "prep-math.h"

__global__ void
prep_header_check_kernel (PrepParams p, const PrepSlotGeom g,
    const uint8_t * luma, int y_stride, const uint8_t * chroma, int uv_stride,
    void *dst)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  PrepPlanes f;
  PrepTap tx, ty;
  float v[3];

  f.d0 = luma;
  f.s0 = y_stride;
  f.d1 = chroma;
  f.s1 = uv_stride;
  f.d2 = NULL;
  f.s2 = 0;
  if (x >= p.out_width || y >= p.out_height)
    return;
  tx = prep_axis_tap (&g.ax, x, p.nearest);
  ty = prep_axis_tap (&g.ay, y, p.nearest);
  prep_pixel (&p, &tx, &ty, &f, v);
  prep_store (&p, prep_slot_base (&p, dst, (int) blockIdx.z), x, y, v);
}
