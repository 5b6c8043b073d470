/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The host build of the CUDA kernel (kernel emulation): prep-kernel.cu
 * compiled as plain C through the shim of prep-kernel-shim.h, and run here
 * over every block and thread of a launch grid, in order.  The tests and the
 * mock CUDA driver use it, so the kernel's own index mapping and bounds
 * check run in CI, where no GPU is. */

#include <string.h>

#include "prep-kernel-shim.h"
#include "prep-kernel.cu"

/* Pointer parameter i: its slot holds a CUdeviceptr (8 bytes) whose value
 * is, for the host build, a host address. */
static void *
prep_karg_pointer (void **args, int i)
{
  uint64_t v;

  memcpy (&v, args[i], sizeof v);
  return (void *) (uintptr_t) v;
}

static int
prep_karg_int (void **args, int i)
{
  int v;

  memcpy (&v, args[i], sizeof v);
  return v;
}

/* The kernel's planes and tensor, as its host build gets them. */
typedef struct
{
  const uint8_t *plane[PREP_PLANES_MAX];
  int stride[PREP_PLANES_MAX];
  void *dst;
} PrepHostArgs;

/* Every thread of the current block, x fastest (as a warp is numbered). */
static void
prep_run_block (const PrepParams * p, const PrepSlotTable * slots,
    const PrepTap * taps, const PrepHostArgs * a)
{
  for (threadIdx.z = 0; threadIdx.z < blockDim.z; threadIdx.z++)
    for (threadIdx.y = 0; threadIdx.y < blockDim.y; threadIdx.y++)
      for (threadIdx.x = 0; threadIdx.x < blockDim.x; threadIdx.x++)
        prep_frame_to_tensor (*p, *slots, taps, a->plane[0], a->stride[0],
            a->plane[1], a->stride[1], a->plane[2], a->stride[2], a->dst);
}

/* kernelParams as prep-kernel.h lays them out: each slot points to storage
 * of the parameter's exact size. */
void
prep_kernel_host_launch_taps (PrepDim3 grid, PrepDim3 block, void **args)
{
  static _Thread_local PrepSlotTable slots;
  PrepParams p;
  const PrepTap *taps;
  PrepHostArgs a;
  int i;

  memcpy (&p, args[PREP_TKARG_PARAMS], sizeof p);
  memcpy (&slots, args[PREP_TKARG_SLOTS], sizeof slots);
  taps = prep_karg_pointer (args, PREP_TKARG_TAPS);
  for (i = 0; i < PREP_PLANES_MAX; i++) {
    a.plane[i] = prep_karg_pointer (args, PREP_TKARG_PLANE (i));
    a.stride[i] = prep_karg_int (args, PREP_TKARG_STRIDE (i));
  }
  a.dst = prep_karg_pointer (args, PREP_TKARG_DST);

  gridDim = grid;
  blockDim = block;
  for (blockIdx.z = 0; blockIdx.z < gridDim.z; blockIdx.z++)
    for (blockIdx.y = 0; blockIdx.y < gridDim.y; blockIdx.y++)
      for (blockIdx.x = 0; blockIdx.x < gridDim.x; blockIdx.x++)
        prep_run_block (&p, &slots, taps, &a);
}

/* The streams entry over the whole grid (PREP_SKARG_* parameters). */
void
prep_kernel_host_launch_streams (PrepDim3 grid, PrepDim3 block, void **args)
{
  static _Thread_local PrepSlotTable slots;
  const PrepSlotSource *sources;
  const PrepTap *taps;
  void *dst;

  memcpy (&slots, args[PREP_SKARG_SLOTS], sizeof slots);
  taps = prep_karg_pointer (args, PREP_SKARG_TAPS);
  sources = prep_karg_pointer (args, PREP_SKARG_SOURCES);
  dst = prep_karg_pointer (args, PREP_SKARG_DST);
  gridDim = grid;
  blockDim = block;
  for (blockIdx.z = 0; blockIdx.z < gridDim.z; blockIdx.z++)
    for (blockIdx.y = 0; blockIdx.y < gridDim.y; blockIdx.y++)
      for (blockIdx.x = 0; blockIdx.x < gridDim.x; blockIdx.x++)
        for (threadIdx.z = 0; threadIdx.z < blockDim.z; threadIdx.z++)
          for (threadIdx.y = 0; threadIdx.y < blockDim.y; threadIdx.y++)
            for (threadIdx.x = 0; threadIdx.x < blockDim.x; threadIdx.x++)
              prep_streams_to_tensor (slots, taps, sources, dst);
}
