/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The contract of the CUDA kernel (src/prep-kernel.cu), shared by its
 * launcher, its host build (kernel emulation) and the mock CUDA driver of the
 * tests.  Plain C, no CUDA headers.
 *
 * The kernel's entry points (src/prep-kernel-args.h: the specialised ones
 * and the slots entries, which serve any plan) are launched by
 * prep_plan_launch () with one argument by value (PrepKArgs: every slot's
 * planes, where its taps are) and the plan's kernel table in device memory
 * (prep_plan_kernel_table ()).  Threads map to output pixels of slot
 * blockIdx.z (x = blockIdx.x * blockDim.x + threadIdx.x, y likewise; a
 * specialised entry's thread computes PREP_KSPEC_PIXELS adjacent pixels
 * of a row), bounds-checked, read their taps from the table, compute the
 * per-pixel math of prep-math.h on the frame's planes and store the
 * channels with prep_store ().  Antialiased plans share their vertical
 * sums within a block, through PrepParams.aa_tile floats of dynamic shared
 * memory (src/prep-aa-tile.h).  kernelParams is an array of
 * PREP_KARG_COUNT pointers, each to storage of exactly the parameter's
 * size (pointers as 8-byte CUdeviceptr). */

#ifndef __PREP_KERNEL_H__
#define __PREP_KERNEL_H__

#include <stddef.h>
#include <stdint.h>

#include "prep.h"
#include "prep-math.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  unsigned int x, y, z;
} PrepDim3;

/* Launch geometry for @n_slots slots (grid z) of the params' output size:
 * a pure function, tested on the host.  Fails with PREP_ERROR_GRID when
 * the grid exceeds CUDA's limits (outputs taller than 524280 rows),
 * PREP_ERROR_SIZE for sizes <= 0, PREP_ERROR_INVALID_ARGUMENT for n_slots
 * outside [1, PREP_SLOT_TABLE_SIZE]. */
PrepStatus prep_launch_geometry (const PrepParams * p, int n_slots,
    PrepDim3 * grid, PrepDim3 * block);

/* Bytes of each buffer the kernel may touch, from the params, the first
 * @n_slots slots and the planes' strides: the extent in each plane that the
 * taps of the valid slots can reach through the format's components (0
 * when none is valid, and for a plane no component lives in), and the
 * tensor. */
void prep_kernel_extents (const PrepParams * p, const PrepSlotTable * slots,
    int n_slots, const int strides[PREP_PLANES_MAX],
    size_t plane_bytes[PREP_PLANES_MAX], size_t * dst_bytes);

/* The host build of the kernel's own source, run over the whole grid: what
 * the mock driver's cuLaunchKernel calls.  @entry is an entry point's name
 * (src/prep-kernel-args.h); @args its kernelParams (PREP_KARG_*), whose
 * pointer slots hold host addresses (the table's a host image of the
 * kernel table, as prep_plan_kernel_table () gives it, the planes in
 * PrepKArgs host addresses too); @shared the launch's bytes of dynamic
 * shared memory.  Returns 0, or -1 without running for an unknown entry,
 * when the antialiased tile (PrepParams.aa_tile floats of every source in
 * the table) does not fit in @shared bytes for PREP_KERNEL_SLOTS_AA_NAME
 * (on a GPU it would write past its shared memory; the other entries
 * ignore aa_tile), or when the memory cannot be had. */
int prep_kernel_host_launch (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void **args);

/* What launches the kernel: CuLaunchKernel in the element, the host build
 * in tests.  @entry is the entry point's name (the launcher resolves it in
 * the module it loaded: cuModuleGetFunction ()); @shared the bytes of
 * dynamic shared memory each block must get (CuLaunchKernel's
 * sharedMemBytes: the antialiased tile's for PREP_KERNEL_SLOTS_AA_NAME, at
 * most 48 KiB, 0 for the other entries); @stream is the caller's
 * (CUstream).
 * Returns 0 on success, the driver's error code otherwise. */
typedef int (*PrepLaunchFunc) (const char *entry, PrepDim3 grid,
    PrepDim3 block, unsigned int shared, void *stream, void **args,
    void *user_data);

/* The kernel table (prep-kernel-args.h): the plan's host image (*@bytes
 * of it at *@table), rebuilt by prep_plan_set_slots () and
 * prep_plan_set_streams (), whose *@generation changes only when its bytes
 * do, is never 0, and is never another table's in the process (a launcher
 * copies it to the device then, and keeps the copy across frames).
 * PREP_ERROR_INVALID_ARGUMENT for a NULL argument. */
PrepStatus prep_plan_kernel_table (const PrepPlan * plan, const void **table,
    size_t * bytes, uint64_t * generation);

/* The CUDA path of a plan, driver-agnostic: one launch of the plan (a
 * plain plan: frames[0], its valid slots read it; a streams plan:
 * frames[i] stream i's, planes[0] NULL: none) through a specialised entry
 * where one serves the plan, else the slots entry (antialias, formats of
 * no class or of several, rows where the word loads are not aligned).
 * Checks the frames, their strides and the destination size like
 * prep_plan_run_cpu () and prep_plan_run_cpu_streams (), computes the
 * launch geometry and the entry's argument, and hands them to @launch.
 * Device addresses are CUdeviceptr values: the frames' plane pointers
 * hold them; @table is the device copy of prep_plan_kernel_table () made
 * after the plan's last change of slots.  A @table or @dst of 0 or no
 * @launch: PREP_ERROR_INVALID_ARGUMENT, like a missing plane; a launch
 * failure gives PREP_ERROR_LAUNCH with the driver's code in
 * *launch_error (when not NULL). */
PrepStatus prep_plan_launch (const PrepPlan * plan, uint64_t table,
    const PrepFrame * frames, uint64_t dst, size_t dst_size,
    PrepLaunchFunc launch, void *stream, void *user_data, int *launch_error);

/* Bytes of each plane of stream @i's frames that a launch may read, for
 * @strides (prep_kernel_extents () of the stream's slot). */
PrepStatus prep_plan_stream_extents (const PrepPlan * plan, int i,
    const int strides[PREP_PLANES_MAX], size_t plane_bytes[PREP_PLANES_MAX]);

#ifdef __cplusplus
}
#endif

#endif /* __PREP_KERNEL_H__ */
