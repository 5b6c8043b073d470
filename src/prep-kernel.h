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
 * The kernel (PREP_KERNEL_TAPS_NAME; the other entry points below take
 * the same path for antialiased and multi-stream plans) runs one thread
 * per output pixel (x = blockIdx.x * blockDim.x + threadIdx.x, y likewise)
 * of slot blockIdx.z, bounds-checked, reading its two taps from the plan's
 * tap table, computing prep_pixel () on the frame's planes (any format: the
 * format's components are in PrepParams) and storing the channels with
 * prep_store ().  Antialiased plans share their vertical sums within a
 * block, through PrepParams.aa_tile floats of dynamic shared memory
 * (src/prep-aa-tile.h).  It is launched with CuLaunchKernel's
 * kernelParams: an array of PREP_TKARG_COUNT pointers, each to storage of
 * exactly the parameter's size (pointers as 8-byte CUdeviceptr). */

#ifndef __PREP_KERNEL_H__
#define __PREP_KERNEL_H__

#include <stddef.h>
#include <stdint.h>

#include "prep.h"
#include "prep-math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The kernel's entry point, which reads its taps from the plan's tap table
 * (no thread divides in 64 bits or in double precision):
 *   extern "C" __global__ void prep_frame_to_tensor (PrepParams p,
 *       const __grid_constant__ PrepSlotTable slots, const PrepTap * taps,
 *       const uint8_t * plane0, int stride0, const uint8_t * plane1,
 *       int stride1, const uint8_t * plane2, int stride2, void *dst);
 * its kernelParams are indexed by PREP_TKARG_*; planes past the format's
 * count are 0 and never read.  Same output as the CPU path, bit for bit. */
#define PREP_KERNEL_TAPS_NAME "prep_frame_to_tensor"

/* The same parameters and output, for antialiased plans: the block shares
 * its vertical sums through PrepParams.aa_tile floats of dynamic shared
 * memory (src/prep-aa-tile.h).  A separate entry point, so that the tile's
 * registers cost the other plans nothing. */
#define PREP_KERNEL_TAPS_AA_NAME "prep_frame_to_tensor_aa"

/* Index of each kernel parameter in kernelParams. */
enum {
  PREP_TKARG_PARAMS = 0,        /* PrepParams, by value */
  PREP_TKARG_SLOTS,             /* PrepSlotTable, by value */
  PREP_TKARG_TAPS,              /* const PrepTap *, the plan's tap table */
  PREP_TKARG_PLANE0,            /* const uint8_t *, the frame's planes */
  PREP_TKARG_STRIDE0,           /* int */
  PREP_TKARG_PLANE1,
  PREP_TKARG_STRIDE1,
  PREP_TKARG_PLANE2,
  PREP_TKARG_STRIDE2,
  PREP_TKARG_DST,               /* void *, the tensor (all slots) */
  PREP_TKARG_COUNT
};

/* The entry point of multi-stream plans (prep_plan_new_streams ()):
 *   extern "C" __global__ void prep_streams_to_tensor (
 *       const __grid_constant__ PrepSlotTable slots, const PrepTap * taps,
 *       const PrepSlotSource * sources, void * dst);
 * slot z reads sources[z] (its parameters and frame, in device memory:
 * prep_plan_stream_sources ()), one launch for every stream. */
#define PREP_KERNEL_STREAMS_NAME "prep_streams_to_tensor"

/* Its antialiased variant (each slot's PrepParams.aa_tile). */
#define PREP_KERNEL_STREAMS_AA_NAME "prep_streams_to_tensor_aa"

enum {
  PREP_SKARG_SLOTS = 0,         /* PrepSlotTable, by value */
  PREP_SKARG_TAPS,              /* const PrepTap *, the plan's tap table */
  PREP_SKARG_SOURCES,           /* const PrepSlotSource *, one per slot */
  PREP_SKARG_DST,               /* void *, the tensor (all slots) */
  PREP_SKARG_COUNT
};

/* kernelParams index of plane @p's pointer and stride (p in 0..2). */
#define PREP_TKARG_PLANE(p) (PREP_TKARG_PLANE0 + 2 * (p))
#define PREP_TKARG_STRIDE(p) (PREP_TKARG_STRIDE0 + 2 * (p))

/* The plan's tap table, in host memory, for the launcher to copy to device
 * memory (the kernel's taps argument): batch_size blocks of out_width +
 * out_height PrepTap, slot by slot; block s holds prep_axis_tap () of slot
 * s's horizontal axis for x = 0 .. out_width - 1, then of its vertical
 * axis for y = 0 .. out_height - 1 (the plan's interpolation).  Entries of
 * padding slots are stale: the kernel does not sample them.
 * The table is allocated by prep_plan_new () and rewritten in place by
 * every prep_plan_set_slots (): its address and *bytes (= batch_size *
 * (out_width + out_height) * sizeof (PrepTap)) never change for a plan, but
 * its content does, so the launcher must copy it again after a
 * prep_plan_set_slots () that changed it (prep_plan_kernel_taps_id ();
 * the first prep_plan_valid_slots () blocks are enough: the rest are
 * padding) and before the next launch.
 * PREP_ERROR_INVALID_ARGUMENT for a NULL argument. */
PrepStatus prep_plan_kernel_taps (const PrepPlan * plan, const void **taps,
    size_t * bytes);

/* The identity of the tap table's content: it changes whenever
 * prep_plan_set_slots () or prep_plan_set_streams () may have changed the
 * table, keeps its value when they gave the same slots again (the same
 * rectangles, streams of the same parameters), and no two plans of the
 * process share a value (never 0 for a plan; 0 for NULL).  A launcher
 * that copied the table under an id need not copy it again while the id
 * stays. */
uint64_t prep_plan_kernel_taps_id (const PrepPlan * plan);

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
 * the mock driver's cuLaunchKernel calls.  @entry is one of the four
 * entry points' names; @args its kernelParams, whose pointer slots hold
 * host addresses (the taps argument a host address of the table, as
 * prep_plan_kernel_taps () gives it); @shared the launch's bytes of
 * dynamic shared memory.  Returns 0, or -1 without running for an unknown
 * entry, when the parameters' antialiased tile (PrepParams.aa_tile floats,
 * every slot's for the streams entries) does not fit in @shared bytes for
 * an _AA entry (on a GPU it would write past its shared memory; the other
 * entries ignore aa_tile), or when the memory cannot be had. */
int prep_kernel_host_launch (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void **args);

/* What launches the kernel: CuLaunchKernel in the element, the host build
 * in tests.  @entry is the entry point's name (the launcher resolves it in
 * the module it loaded: cuModuleGetFunction ()); @shared the bytes of
 * dynamic shared memory each block must get (CuLaunchKernel's
 * sharedMemBytes: the antialiased tile's, at most 48 KiB, 0 for the other
 * entries); @stream is the caller's (CUstream).
 * Returns 0 on success, the driver's error code otherwise. */
typedef int (*PrepLaunchFunc) (const char *entry, PrepDim3 grid,
    PrepDim3 block, unsigned int shared, void *stream, void **args,
    void *user_data);

/* The CUDA path of a plan, driver-agnostic: checks the frame, its strides
 * and the destination size like prep_plan_run_cpu (), computes the launch
 * geometry and the kernel parameters, and hands them to @launch with the
 * entry point the plan needs (PREP_KERNEL_TAPS_NAME, or
 * PREP_KERNEL_TAPS_AA_NAME for an antialiased one).  Device addresses are
 * CUdeviceptr values: @src's plane pointers hold them.  A launch failure
 * gives PREP_ERROR_LAUNCH with the driver's code in *launch_error (when
 * not NULL).
 * @taps is the device address of a copy of the plan's tap table
 * (prep_plan_kernel_taps ()) made after the plan's last
 * prep_plan_set_slots ().  0 gives PREP_ERROR_INVALID_ARGUMENT like the
 * other addresses. */
PrepStatus prep_plan_launch_taps (const PrepPlan * plan, uint64_t taps,
    const PrepFrame * src, uint64_t dst, size_t dst_size,
    PrepLaunchFunc launch, void *stream, void *user_data, int *launch_error);

/* The source table of a streams plan for one batch: frames[i] (stream i's
 * frame, its planes' pointers CUdeviceptr values) checked as
 * prep_plan_run_cpu_streams () checks them, then sources[slot] = the slot's
 * parameters and planes, batch_size entries (a padding slot's planes, and
 * those of a stream without a frame, planes[0] NULL, are NULL: the kernel
 * pads that slot), for the launcher to copy to device memory.
 * PREP_ERROR_INVALID_ARGUMENT for a plan that is not a streams plan. */
PrepStatus prep_plan_stream_sources (const PrepPlan * plan,
    const PrepFrame * frames, PrepSlotSource * sources);

/* Launches a streams plan: one launch of PREP_KERNEL_STREAMS_NAME
 * (PREP_KERNEL_STREAMS_AA_NAME when antialiased) for the whole batch.  @sources: the device address of a copy of
 * prep_plan_stream_sources ()'s table; @taps as for prep_plan_launch_taps ().
 * The caller checks each frame's memory against
 * prep_plan_stream_extents (). */
PrepStatus prep_plan_launch_streams (const PrepPlan * plan, uint64_t taps,
    uint64_t sources, uint64_t dst, size_t dst_size, PrepLaunchFunc launch,
    void *stream, void *user_data, int *launch_error);

/* The launch-table entries (prep-kernel-args.h).  The kernel table: the
 * plan's host image (*@bytes of it at *@table), whose *@generation changes
 * only when its bytes do, and is never another table's in the process (a
 * launcher copies it to the device then, and keeps the copy across
 * frames). */
PrepStatus prep_plan_kernel_table (const PrepPlan * plan, const void **table,
    size_t * bytes, uint64_t * generation);

/* One launch of the plan (a plain plan: frames[0], its valid slots read
 * it; a streams plan: frames[i] stream i's, planes[0] NULL: none) through
 * a specialised entry where one serves the plan, else the slots entry:
 * @table the device copy of prep_plan_kernel_table ().  Refusals as
 * prep_plan_launch_taps (). */
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
