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
 *    every block of an _aa entry twice, with prep_phase 0 (the code before
 *    the barrier) then 1 (the code after it), the other entries' blocks
 *    once with prep_phase 1, and prep_shared points to the launch's
 *    shared memory, whose content is a NaN at the start of every block.
 * Headers are formatted by hand. */

#ifndef __PREP_KERNEL_SHIM_H__
#define __PREP_KERNEL_SHIM_H__

#ifdef __CUDACC__
#error "prep-kernel-shim.h is for the host build of the kernel only"
#endif

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

#endif /* __PREP_KERNEL_SHIM_H__ */
