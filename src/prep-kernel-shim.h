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
 *    callers) can emulate launches concurrently.
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

#endif /* __PREP_KERNEL_SHIM_H__ */
