/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The CUDA kernel: a video frame -> normalized tensor (the contract is in
 * prep-kernel.h and prep-kernel-args.h).  Only the thread-index mapping,
 * the bounds checks and how memory is reached live here; the per-pixel math
 * is prep-math.h, called exactly as the CPU executor (prep-cpu.c) calls it,
 * so both paths give the same bits (build with nvcc --fmad=false, no
 * fast-math).
 *
 * Built twice:
 *  - by nvcc into the embedded fat binary (src/meson.build), loaded through
 *    the driver API: extern "C" entry points, no __constant__ or __device__
 *    globals, no cudart, no templates;
 *  - by gcc as plain C, included by prep-kernel-host.c after
 *    prep-kernel-shim.h, which provides the entry qualifier, the blockIdx,
 *    blockDim and threadIdx that its emulation loop sets for every thread
 *    of the grid, and the vector loads and stores (checking their
 *    alignment): the tests run this very code over the whole grid.
 *
 * Entry points (prep_plan_launch ()): each takes one PrepKArgs by value
 * (__grid_constant__: common parameters and every slot's planes, no
 * per-batch upload) and the kernel table (prep-kernel-args.h: taps shared
 * by identical slots, uploaded when the slots change).  The specialised
 * ones (prep-kernel-spec.h: one per format class, element kind, layout
 * and filter, 4 pixels per thread) where a launch fits one, else
 * prep_slots_to_tensor (any plan, one pixel per thread) or
 * prep_slots_to_tensor_aa (antialias; the tile's descriptors from the
 * host), or prep_slots_to_tensor_taps for the colour options' tap fetch
 * (color-conversion=opencv-8bit, chroma-interpolation=bilinear).
 *
 * Batches: the grid's z is the slot of the tensor [N, ...].
 *
 * Taps: each thread reads its taps from a table computed on the host: no
 * thread divides in 64 bits or in double precision (checked on the PTX by
 * the test kernel-ptx-division, over the whole PTX of this file).
 *
 * Antialias: prep_slots_to_tensor_aa shares a block's vertical sums
 * through shared memory (src/prep-aa-tile.h); the host build runs its two
 * phases as the two sides of the barrier.
 *
 * Coalescing: a warp is 32 consecutive threads of one output row (the
 * block is 32 wide, prep_launch_geometry ()), so for NCHW each plane store
 * of a warp writes 32 (or, 4 pixels per thread, 128) consecutive
 * elements. */

#include "prep-aa-tile.h"
#include "prep-kernel-spec.h"

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

/* __grid_constant__: a by-value argument is read in place from the
 * parameter space, with run-time indices (blockIdx.z), never copied to
 * local memory (CUDA 11.7+, sm_70+; without it the kernel is the same, with
 * a copy). */
#if defined (__CUDACC__) && (__CUDACC_VER_MAJOR__ > 11 || \
    (__CUDACC_VER_MAJOR__ == 11 && __CUDACC_VER_MINOR__ >= 7))
#define PREP_GRID_CONSTANT __grid_constant__
#else
#define PREP_GRID_CONSTANT
#endif

/* Pointers the compiler may assume unaliased: the tensor is written, the
 * frame and tables only read. */
#define PREP_RESTRICT __restrict__

/* Where a slot's taps are: its column and row taps (bilinear, nearest),
 * or its antialiased taps (columns, then rows) and their weights. */
typedef struct
{
  const PrepTap *col, *row;
  const PrepAaTap *aa;
  const float *w;
} PrepKTaps;

/* Output pixel (ox, oy) of a slot from frame @f with parameters @p into
 * the slot's tensor @slot_dst; valid 0: the slot is padding.  Threads past
 * the edge of the output (the last block of each row or column) do
 * nothing.  The indices are unsigned, as CUDA's built-ins are: with the
 * grid of prep_launch_geometry () they stay below 2^31 + 31, no wrap. */
PREP_FN void
prep_kernel_pixel (const PrepParams * p, int valid, const PrepKTaps * kt,
    const PrepPlanes * f, void *slot_dst, unsigned int ox, unsigned int oy,
    int taps)
{
  PrepTap tx, ty;
  float v[3];

  if (ox >= (unsigned int) p->out_width || oy >= (unsigned int) p->out_height)
    return;
  if (p->antialias) {
    prep_pixel_aa_taps (p, &kt->aa[ox], &kt->aa[(size_t) p->out_width + oy],
        valid, kt->w, f, v, taps);
  } else {
    tx = kt->col[ox];
    ty = kt->row[oy];
    tx.inside = tx.inside && valid;
    prep_pixel_taps (p, &tx, &ty, f, v, taps);
  }
  prep_store (p, slot_dst, (int) ox, (int) oy, v);
}

/* Pixel (ox, oy) of the block through its antialiased tile @t: the
 * vertical sums first, shared by the block, then each thread's pixel. */
PREP_FN void
prep_kernel_tile (const PrepParams * p, const PrepAaTile * t,
    const PrepKTaps * kt, const PrepPlanes * f, void *slot_dst,
    unsigned int ox, unsigned int oy)
{
  float v[3];
  int tid = (int) (threadIdx.y * blockDim.x + threadIdx.x);
  int n = (int) (blockDim.x * blockDim.y);

  if (PREP_PHASE (0)) {
    prep_aa_tile_fill (p, &p->comp[0], 0, t, kt->aa, kt->w, f, prep_shared,
        tid, n);
    prep_aa_tile_fill (p, &p->comp[1], 1, t, kt->aa, kt->w, f, prep_shared,
        tid, n);
    prep_aa_tile_fill (p, &p->comp[2], 2, t, kt->aa, kt->w, f, prep_shared,
        tid, n);
  }
  PREP_SYNC ();
  if (!PREP_PHASE (1) || ox >= (unsigned int) p->out_width
      || oy >= (unsigned int) p->out_height)
    return;
  prep_aa_tile_pixel (p, t, kt->aa, kt->w, prep_shared, (int) ox, (int) oy, v);
  prep_store (p, slot_dst, (int) ox, (int) oy, v);
}

/* The block's pixels: through the antialiased tile @t of @floats floats
 * where the launch gave one (p->aa_tile floats) and it fits, each on its
 * own otherwise.  Every thread of a block takes the same branch (it
 * depends on the block and the slot only), so all of them reach the
 * barrier. */
PREP_FN void
prep_kernel_block (const PrepParams * p, int valid, const PrepKTaps * kt,
    const PrepAaTile * t, int floats, const PrepPlanes * f, void *slot_dst)
{
  unsigned int ox = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int oy = blockIdx.y * blockDim.y + threadIdx.y;

  if (p->antialias && p->aa_tile > 0 && valid && floats > 0
      && floats <= p->aa_tile) {
    prep_kernel_tile (p, t, kt, f, slot_dst, ox, oy);
    return;
  }
  if (PREP_PHASE (1))
    prep_kernel_pixel (p, valid, kt, f, slot_dst, ox, oy, 0);
}

/* ------------------------------------------------------------------------ */
/* The entry points                                                         */

/* Slot @s's source in the kernel table: its parameters (the slots
 * entries). */
PREP_FN const PrepKTableSource *
prep_ktable_source (const uint8_t * table, const PrepKSlot * s)
{
  return (const PrepKTableSource *) (const void *) (table +
      sizeof (PrepKTableHead)) + s->source;
}

/* Slot @s's frame as the per-pixel math reads it. */
PREP_FN void
prep_kslot_planes (const PrepKSlot * s, PrepPlanes * f)
{
  f->d0 = (const uint8_t *) (uintptr_t) s->plane[0];
  f->d1 = (const uint8_t *) (uintptr_t) s->plane[1];
  f->d2 = (const uint8_t *) (uintptr_t) s->plane[2];
  f->s0 = s->stride[0];
  f->s1 = s->stride[1];
  f->s2 = s->stride[2];
}

/* Slot @s's taps in the kernel table: 16-byte units from its start. */
PREP_FN void
prep_kslot_taps (const PrepParams * p, const uint8_t * table,
    const PrepKSlot * s, PrepKTaps * kt)
{
  kt->col = (const PrepTap *) (const void *) table + s->col;
  kt->row = (const PrepTap *) (const void *) table + s->row;
  kt->aa = NULL;
  kt->w = NULL;
  if (p->antialias) {
    kt->aa = (const PrepAaTap *) (const void *) table + s->col;
    kt->w = (const float *) (const void *) (kt->aa + p->out_width +
        p->out_height);
  }
}

/* The tile of this block from the descriptors the host computed after the
 * slot's weights (prep-kernel-args.h): its source columns, its rows, and
 * its floats (0: no row of the block is inner). */
PREP_FN int
prep_kslot_tile (const PrepParams * p, const PrepKTaps * kt, PrepAaTile * t)
{
  const int32_t *d = (const int32_t *) (const void *) (kt->w +
      prep_ktable_round4 (p->aa_weights));
  int bx = (int) blockIdx.x, by = (int) blockIdx.y;
  int rows = d[2 * prep_ktile_columns (p->out_width) + by];

  t->s0 = d[2 * bx];
  t->s1 = d[2 * bx + 1];
  t->y0 = by * PREP_KBLOCK_H;
  t->y1 = t->y0 + PREP_KBLOCK_H < p->out_height ? t->y0 + PREP_KBLOCK_H :
      p->out_height;
  return rows > 0 ? (t->y1 - t->y0) * prep_aa_tile_per (p, t) : 0;
}

/* Slot z's pixel of this thread, its parameters and taps from the table;
 * @taps as prep_pixel_taps (): a constant in each entry below, so the
 * plain one is compiled without the colour options' tap fetch (and the
 * registers it takes). */
PREP_FN void
prep_slots_pixel (const PrepKArgs * a, const void *PREP_RESTRICT table,
    void *PREP_RESTRICT dst, int taps)
{
  const PrepKSlot *s = &a->slot[blockIdx.z];
  const PrepParams *p = &prep_ktable_source ((const uint8_t *) table,
      s)->params;
  PrepPlanes f;
  PrepKTaps kt;

  prep_kslot_planes (s, &f);
  prep_kslot_taps (p, (const uint8_t *) table, s, &kt);
  if (PREP_PHASE (1))
    prep_kernel_pixel (p, s->plane[0] != 0, &kt, &f, prep_slot_base (p, dst,
            (int) blockIdx.z), blockIdx.x * blockDim.x + threadIdx.x,
        blockIdx.y * blockDim.y + threadIdx.y, taps);
}

/* Any plan: slot z's parameters from the table, one pixel per thread. */
PREP_KERNEL_ENTRY void
prep_slots_to_tensor (const PREP_GRID_CONSTANT PrepKArgs a,
    const void *PREP_RESTRICT table, void *PREP_RESTRICT dst)
{
  prep_slots_pixel (&a, table, dst, 0);
}

/* The same with the colour options' tap fetch (prep_tap3 ()), bilinear,
 * nearest or antialiased taps (no tile), one pixel per thread. */
PREP_KERNEL_ENTRY void
prep_slots_to_tensor_taps (const PREP_GRID_CONSTANT PrepKArgs a,
    const void *PREP_RESTRICT table, void *PREP_RESTRICT dst)
{
  prep_slots_pixel (&a, table, dst, 1);
}

/* The same through the antialiased tile, its descriptors the host's. */
PREP_KERNEL_ENTRY void
prep_slots_to_tensor_aa (const PREP_GRID_CONSTANT PrepKArgs a,
    const void *PREP_RESTRICT table, void *PREP_RESTRICT dst)
{
  const PrepKSlot *s = &a.slot[blockIdx.z];
  const PrepParams *p = &prep_ktable_source ((const uint8_t *) table,
      s)->params;
  PrepPlanes f;
  PrepKTaps kt;
  PrepAaTile t;
  int floats = 0;

  prep_kslot_planes (s, &f);
  prep_kslot_taps (p, (const uint8_t *) table, s, &kt);
  if (p->aa_tile > 0 && s->plane[0] != 0)
    floats = prep_kslot_tile (p, &kt, &t);
  prep_kernel_block (p, s->plane[0] != 0, &kt, &t, floats, &f,
      prep_slot_base (p, dst, (int) blockIdx.z));
}

/* The specialised entries, one per X (class, elem, layout, filter) of
 * PREP_KSPEC_FOR_EACH: prep_kspec_thread () with those constants. */
#define PREP_KSPEC_ENTRY(c, e, l, f) \
PREP_KERNEL_ENTRY void \
prep_##c##_##e##_##l##_##f (const PREP_GRID_CONSTANT PrepKArgs a, \
    const void *PREP_RESTRICT table, void *PREP_RESTRICT dst) \
{ \
  if (PREP_PHASE (1)) \
    prep_kspec_thread (PREP_KCLASS_##c, PREP_KELEM_##e, PREP_KLAYOUT_##l, \
        PREP_KFILTER_##f, &a, (const uint8_t *) table, dst); \
}

PREP_KSPEC_FOR_EACH (PREP_KSPEC_ENTRY)
