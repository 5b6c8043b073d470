/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The CUDA kernel: a frame of any input format -> the tensor, one thread per
 * output pixel (the contract is in prep-kernel.h).  Only the thread-index
 * mapping and the bounds check live here; the per-pixel math is prep-math.h,
 * called exactly as the CPU executor (prep-cpu.c) calls it, so both paths
 * give the same bits (build with nvcc --fmad=false, no fast-math).
 *
 * Built twice:
 *  - by nvcc into the embedded fat binary (src/meson.build), loaded through
 *    the driver API: extern "C" entry point, no __constant__ or __device__
 *    globals, no cudart, no templates;
 *  - by gcc as plain C, included by prep-kernel-host.c after
 *    prep-kernel-shim.h, which provides the entry qualifier and the
 *    blockIdx, blockDim and threadIdx that its emulation loop sets for every
 *    thread of the grid: the tests run this very code over the whole grid.
 *
 * Batches: the grid's z is the slot of the tensor [N, ...]; every slot's
 * geometry comes in one table by value.
 *
 * Taps: each thread reads its taps from the plan's tap table
 * (prep_plan_kernel_taps (), computed once per plan and per
 * prep_plan_set_slots () on the host, uploaded by the launcher): no thread
 * divides in 64 bits or in double precision (checked on the PTX by the
 * test kernel-ptx-division, over the whole PTX of this file).
 *
 * Antialias: the _aa entry points share a block's vertical sums through
 * shared memory (src/prep-aa-tile.h); the host build runs their two
 * phases as the two sides of the barrier.
 *
 * Coalescing: a warp is 32 consecutive x of one output row (the block is 32
 * wide, prep_launch_geometry ()), so for NCHW each of the three plane
 * stores writes 32 consecutive floats. */

#include "prep-aa-tile.h"

/* An unmangled name for cuModuleGetFunction () */
#ifdef __CUDACC__
#define PREP_KERNEL_ENTRY extern "C" __global__
#elif !defined (PREP_KERNEL_ENTRY)
#error "the host build of the kernel is prep-kernel-host.c"
#endif

/* The antialiased tile's shared memory (p->aa_tile floats, the launch's
 * dynamic shared memory) and its barrier.  The host build runs each block
 * twice over, PREP_PHASE (0) then PREP_PHASE (1), for the two sides of the
 * barrier (prep-kernel-shim.h); on the GPU every thread runs both. */
#ifdef __CUDACC__
extern __shared__ float prep_shared[];
#define PREP_SYNC() __syncthreads ()
#define PREP_PHASE(n) 1
#endif

/* __grid_constant__: the slot table is read in place from the parameter
 * space, with the run-time index blockIdx.z, never copied to local memory
 * (CUDA 11.7+, sm_70+). */
#ifdef __CUDACC__
#define PREP_GRID_CONSTANT __grid_constant__
#else
#define PREP_GRID_CONSTANT
#endif

/* Output pixel (x, y) of slot z = the thread's global index; threads past
 * the edge of the output (the last block of each row or column) do
 * nothing.  The index is computed in unsigned arithmetic, as CUDA's
 * built-ins are: with the grid of prep_launch_geometry () it stays below
 * 2^31 + 31, no wrap.  A slot without a rectangle (valid = 0) is padding.
 * The taps are read from the plan's table (layout in prep-kernel.h): slot
 * z's entries start at z * (out_width + out_height), its column taps first,
 * then its row taps.  Index arithmetic only: products and sums in size_t. */
/* Output pixel (ox, oy) of slot z from frame @f with parameters @p; valid
 * 0: the slot is padding. */
PREP_FN void
prep_kernel_pixel (const PrepParams * p, int valid, const PrepTap * taps,
    const PrepPlanes * f, void *dst, unsigned int ox, unsigned int oy)
{
  const PrepTap *st;
  PrepTap tx, ty;
  float v[3];

  if (ox >= (unsigned int) p->out_width || oy >= (unsigned int) p->out_height)
    return;
  st = taps + (size_t) blockIdx.z * ((size_t) p->out_width +
      (size_t) p->out_height);
  if (p->antialias) {
    const PrepAaTap *aa = prep_aa_taps (p, taps, (int) gridDim.z,
        (int) blockIdx.z);

    prep_pixel_aa (p, &aa[ox], &aa[(size_t) p->out_width + oy], valid,
        prep_aa_weights (p, taps, (int) gridDim.z, (int) blockIdx.z), f, v);
  } else {
    tx = st[ox];
    ty = st[(size_t) p->out_width + oy];
    tx.inside = tx.inside && valid;
    prep_pixel (p, &tx, &ty, f, v);
  }
  prep_store (p, prep_slot_base (p, dst, (int) blockIdx.z), (int) ox,
      (int) oy, v);
}

/* Pixel (ox, oy) of the block through its antialiased tile @t: the
 * vertical sums first, shared by the block, then each thread's pixel. */
PREP_FN void
prep_kernel_tile (const PrepParams * p, const PrepAaTile * t,
    const PrepTap * taps, const PrepPlanes * f, void *dst, unsigned int ox,
    unsigned int oy)
{
  const PrepAaTap *aa = prep_aa_taps (p, taps, (int) gridDim.z,
      (int) blockIdx.z);
  const float *w = prep_aa_weights (p, taps, (int) gridDim.z,
      (int) blockIdx.z);
  float v[3];
  int tid = (int) (threadIdx.y * blockDim.x + threadIdx.x);
  int n = (int) (blockDim.x * blockDim.y);

  if (PREP_PHASE (0)) {
    prep_aa_tile_fill (p, &p->comp[0], 0, t, aa, w, f, prep_shared, tid, n);
    prep_aa_tile_fill (p, &p->comp[1], 1, t, aa, w, f, prep_shared, tid, n);
    prep_aa_tile_fill (p, &p->comp[2], 2, t, aa, w, f, prep_shared, tid, n);
  }
  PREP_SYNC ();
  if (!PREP_PHASE (1) || ox >= (unsigned int) p->out_width
      || oy >= (unsigned int) p->out_height)
    return;
  prep_aa_tile_pixel (p, t, aa, w, prep_shared, (int) ox, (int) oy, v);
  prep_store (p, prep_slot_base (p, dst, (int) blockIdx.z), (int) ox,
      (int) oy, v);
}

/* The block's pixels: through the antialiased tile where the launch gave
 * one (p->aa_tile floats) and the block's fits, each on its own otherwise.
 * Every thread of a block takes the same branch (it depends on the block
 * and the slot only), so all of them reach the barrier. */
PREP_FN void
prep_kernel_block (const PrepParams * p, int valid, const PrepTap * taps,
    const PrepPlanes * f, void *dst)
{
  unsigned int ox = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int oy = blockIdx.y * blockDim.y + threadIdx.y;
  PrepAaTile t;
  int floats;

  if (p->antialias && p->aa_tile > 0 && valid) {
    floats = prep_aa_tile_init (p, prep_aa_taps (p, taps, (int) gridDim.z,
            (int) blockIdx.z), (int) (blockIdx.x * blockDim.x),
        (int) (blockIdx.y * blockDim.y), (int) blockDim.x, (int) blockDim.y,
        &t);
    if (floats > 0 && floats <= p->aa_tile) {
      prep_kernel_tile (p, &t, taps, f, dst, ox, oy);
      return;
    }
  }
  if (PREP_PHASE (1))
    prep_kernel_pixel (p, valid, taps, f, dst, ox, oy);
}

/* The frame's planes from the entry points' arguments. */
PREP_FN void
prep_kernel_planes (PrepPlanes * f, const uint8_t * plane0, int stride0,
    const uint8_t * plane1, int stride1, const uint8_t * plane2, int stride2)
{
  f->d0 = plane0;
  f->d1 = plane1;
  f->d2 = plane2;
  f->s0 = stride0;
  f->s1 = stride1;
  f->s2 = stride2;
}

/* Each thread its own pixel (every plan).  No barrier: the host build
 * runs it once, as phase 1. */
PREP_KERNEL_ENTRY void
prep_frame_to_tensor (PrepParams p, const PREP_GRID_CONSTANT
    PrepSlotTable slots, const PrepTap * taps, const uint8_t * plane0,
    int stride0, const uint8_t * plane1, int stride1,
    const uint8_t * plane2, int stride2, void *dst)
{
  PrepPlanes f;

  prep_kernel_planes (&f, plane0, stride0, plane1, stride1, plane2, stride2);
  if (PREP_PHASE (1))
    prep_kernel_pixel (&p, slots.s[blockIdx.z].valid, taps, &f, dst,
        blockIdx.x * blockDim.x + threadIdx.x,
        blockIdx.y * blockDim.y + threadIdx.y);
}

/* The same through the antialiased tile: a separate entry point, so that
 * the tile's registers and shared memory cost the other plans nothing. */
PREP_KERNEL_ENTRY void
prep_frame_to_tensor_aa (PrepParams p, const PREP_GRID_CONSTANT
    PrepSlotTable slots, const PrepTap * taps, const uint8_t * plane0,
    int stride0, const uint8_t * plane1, int stride1,
    const uint8_t * plane2, int stride2, void *dst)
{
  PrepPlanes f;

  prep_kernel_planes (&f, plane0, stride0, plane1, stride1, plane2, stride2);
  prep_kernel_block (&p, slots.s[blockIdx.z].valid, taps, &f, dst);
}

/* A multi-stream batch (prep_plan_new_streams ()): slot z reads its own
 * frame with its own parameters, both in the table @sources (in device
 * memory, one entry per slot); one launch for every stream.  A slot whose
 * frame has no first plane (a stream without a frame in this batch) is
 * padding. */
PREP_KERNEL_ENTRY void
prep_streams_to_tensor (const PREP_GRID_CONSTANT PrepSlotTable slots,
    const PrepTap * taps, const PrepSlotSource * sources, void *dst)
{
  const PrepSlotSource *s = &sources[blockIdx.z];

  if (PREP_PHASE (1))
    prep_kernel_pixel (&s->params, slots.s[blockIdx.z].valid &&
        s->planes.d0 != NULL, taps, &s->planes, dst,
        blockIdx.x * blockDim.x + threadIdx.x,
        blockIdx.y * blockDim.y + threadIdx.y);
}

/* The same through the antialiased tile. */
PREP_KERNEL_ENTRY void
prep_streams_to_tensor_aa (const PREP_GRID_CONSTANT PrepSlotTable slots,
    const PrepTap * taps, const PrepSlotSource * sources, void *dst)
{
  const PrepSlotSource *s = &sources[blockIdx.z];

  prep_kernel_block (&s->params, slots.s[blockIdx.z].valid &&
      s->planes.d0 != NULL, taps, &s->planes, dst);
}
