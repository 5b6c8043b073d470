/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* What prep-kernel.cu needs from CUDA to compile as plain C, for its host
 * build (prep-kernel-host.c, the only file that includes this header, right
 * before the kernel's source):
 *  - the entry point qualifier: a static function of prep-kernel-host.c;
 *  - CUDA's built-in variables gridDim, blockDim, blockIdx and threadIdx,
 *    which the emulation loop sets before it calls the kernel for each
 *    thread.  Thread-local, so that host threads (the mock driver's
 *    callers) can emulate launches concurrently;
 *  - the antialiased tile's shared memory and barrier: the emulation runs
 *    every block of the _aa entry twice, with prep_phase 0 (the code before
 *    the barrier) then 1 (the code after it), the other entries' blocks
 *    once with prep_phase 1, and prep_shared points to the launch's
 *    shared memory, whose content is a NaN at the start of every block;
 *  - the specialised entries' vector loads and stores, with the GPU's
 *    alignment rule checked.
 * Headers are formatted by hand. */

#ifndef __PREP_KERNEL_SHIM_H__
#define __PREP_KERNEL_SHIM_H__

#ifdef __CUDACC__
#error "prep-kernel-shim.h is for the host build of the kernel only"
#endif

#include <string.h>

#include "prep-kernel.h"

#define PREP_KERNEL_ENTRY static

static _Thread_local PrepDim3 gridDim;
static _Thread_local PrepDim3 blockDim;
static _Thread_local PrepDim3 blockIdx;
static _Thread_local PrepDim3 threadIdx;

static _Thread_local int prep_phase __attribute__ ((unused));
static _Thread_local float *prep_shared __attribute__ ((unused));
#define PREP_SYNC() ((void) 0)
#define PREP_PHASE(n) (prep_phase == (n))

/* The specialised entries' loads and stores (prep-kernel-spec.h), which
 * the GPU makes as one access of 1, 2, 4, 8 or 16 bytes: here each checks
 * that its address is aligned to its size, as the GPU requires (a
 * misaligned access faults there), and aborts naming it. */
#define PREP_UNROLL

void prep_kernel_misaligned (const void *p, unsigned int align);

static inline void
prep_kalign (const void *p, unsigned int align)
{
  if ((uintptr_t) p % align != 0)
    prep_kernel_misaligned (p, align);
}

static inline uint32_t
prep_kld8 (const uint8_t * p)
{
  return p[0];
}

static inline uint32_t
prep_kld16 (const uint8_t * p)
{
  uint16_t v;

  prep_kalign (p, 2);
  memcpy (&v, p, 2);
  return v;
}

static inline uint32_t
prep_kld32 (const uint8_t * p)
{
  uint32_t v;

  prep_kalign (p, 4);
  memcpy (&v, p, 4);
  return v;
}

static inline PrepTap
prep_kld_tap (const PrepTap * p)
{
  PrepTap t;

  prep_kalign (p, 16);
  memcpy (&t, p, sizeof t);
  return t;
}

static inline void
prep_kst16 (void *p, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
  uint32_t v[4] = { a, b, c, d };

  prep_kalign (p, 16);
  memcpy (p, v, 16);
}

static inline void
prep_kst8 (void *p, uint32_t lo, uint32_t hi)
{
  uint32_t v[2] = { lo, hi };

  prep_kalign (p, 8);
  memcpy (p, v, 8);
}

static inline void
prep_kst4 (void *p, uint32_t v)
{
  prep_kalign (p, 4);
  memcpy (p, &v, 4);
}

#endif /* __PREP_KERNEL_SHIM_H__ */
