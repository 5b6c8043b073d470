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
 * over every block and thread of a launch grid, in order (each block of
 * the antialiased slots entry twice: the two sides of its tile's barrier).
 * The tests and the mock CUDA driver use it, so the kernel's own index
 * mapping and bounds check run in CI, where no GPU is. */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prep-kernel-shim.h"
/* prep_slots_to_tensor_aa () reads its block's tile only where
 * prep_kslot_tile () set it (floats > 0), which gcc's analysis of
 * uninitialized uses does not follow through the inlined calls. */
#if defined (__GNUC__) && !defined (__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "prep-kernel.cu"
#if defined (__GNUC__) && !defined (__clang__)
#pragma GCC diagnostic pop
#endif

/* Pointer parameter i: its slot holds a CUdeviceptr (8 bytes) whose value
 * is, for the host build, a host address. */
static void *
prep_karg_pointer (void **args, int i)
{
  uint64_t v;

  memcpy (&v, args[i], sizeof v);
  return (void *) (uintptr_t) v;
}

/* One thread of an entry point (PREP_KARG_* parameters). */
typedef void (*PrepKEntry) (PrepKArgs a, const void *table, void *dst);

typedef struct
{
  PrepKArgs a;
  const void *table;
  void *dst;
  PrepKEntry entry;
} PrepKLaunch;

static void
prep_run_karg_thread (const void *data)
{
  const PrepKLaunch *l = data;

  l->entry (l->a, l->table, l->dst);
}

/* The entry points by name: the specialised ones, then the slots
 * entries. */
#define PREP_KSPEC_HOST(c, e, l, f) \
  { PREP_KSPEC_NAME (c, e, l, f), prep_##c##_##e##_##l##_##f },

static const struct
{
  const char *name;
  PrepKEntry entry;
} prep_karg_entries[] = {
  PREP_KSPEC_FOR_EACH (PREP_KSPEC_HOST)
      {PREP_KERNEL_SLOTS_NAME, prep_slots_to_tensor},
  {PREP_KERNEL_SLOTS_AA_NAME, prep_slots_to_tensor_aa},
  {PREP_KERNEL_SLOTS_TAPS_NAME, prep_slots_to_tensor_taps},
};

void
prep_kernel_misaligned (const void *p, unsigned int align)
{
  fprintf (stderr, "prep-kernel host build: an access of %u bytes at %p, "
      "which is not aligned to its size (a GPU faults)\n", align, p);
  abort ();
}

/* The whole grid: each block's threads, x fastest (as a warp is
 * numbered), once per side of the barrier (@barrier: the antialiased
 * slots entry; the others have none and run once, as phase 1), with
 * @shared bytes of shared memory set to NaN at the start of the block (so
 * that a tile entry read before it was written shows in the output).  -1
 * when the memory cannot be had. */
static int
prep_run_grid (PrepDim3 grid, PrepDim3 block, unsigned int shared,
    int barrier, void (*thread) (const void *), const void *data)
{
  size_t n = shared / sizeof (float), i;
  float *mem = calloc (n > 0 ? n : 1, sizeof (float));

  if (mem == NULL)
    return -1;
  prep_shared = mem;
  gridDim = grid;
  blockDim = block;
  for (blockIdx.z = 0; blockIdx.z < gridDim.z; blockIdx.z++)
    for (blockIdx.y = 0; blockIdx.y < gridDim.y; blockIdx.y++)
      for (blockIdx.x = 0; blockIdx.x < gridDim.x; blockIdx.x++) {
        for (i = 0; i < n; i++)
          mem[i] = NAN;
        for (prep_phase = barrier ? 0 : 1; prep_phase < 2; prep_phase++)
          for (threadIdx.z = 0; threadIdx.z < blockDim.z; threadIdx.z++)
            for (threadIdx.y = 0; threadIdx.y < blockDim.y; threadIdx.y++)
              for (threadIdx.x = 0; threadIdx.x < blockDim.x; threadIdx.x++)
                thread (data);
      }
  prep_shared = NULL;
  free (mem);
  return 0;
}

/* Whether parameters whose tile takes @aa_tile floats fit in @shared
 * bytes (on a GPU, more would be read and written past the memory). */
static int
prep_tile_fits (int aa_tile, unsigned int shared)
{
  return aa_tile >= 0 && (size_t) aa_tile <= shared / sizeof (float);
}

/* An entry point over the whole grid: the antialiased entry's tile
 * (every source's aa_tile in the table) must fit in @shared. */
static int
prep_host_launch_karg (PrepKEntry entry, int aa, PrepDim3 grid,
    PrepDim3 block, unsigned int shared, void **args)
{
  static _Thread_local PrepKLaunch l;
  const PrepKTableHead *head;
  const PrepKTableSource *src;
  int i;

  memcpy (&l.a, args[PREP_KARG_ARGS], sizeof l.a);
  l.table = prep_karg_pointer (args, PREP_KARG_TABLE);
  l.dst = prep_karg_pointer (args, PREP_KARG_DST);
  l.entry = entry;
  head = l.table;
  src = (const PrepKTableSource *) (head + 1);
  for (i = 0; aa && i < head->n_sources; i++)
    if (!prep_tile_fits (src[i].params.aa_tile, shared))
      return -1;
  return prep_run_grid (grid, block, shared, aa, prep_run_karg_thread, &l);
}

int
prep_kernel_host_launch (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void **args)
{
  size_t i;

  if (entry == NULL)
    return -1;
  for (i = 0; i < sizeof (prep_karg_entries) / sizeof (prep_karg_entries[0]);
      i++)
    if (strcmp (entry, prep_karg_entries[i].name) == 0)
      return prep_host_launch_karg (prep_karg_entries[i].entry,
          strcmp (entry, PREP_KERNEL_SLOTS_AA_NAME) == 0, grid, block, shared,
          args);
  return -1;
}
