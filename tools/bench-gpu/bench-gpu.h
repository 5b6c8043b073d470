/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* What the GPU benchmark's files share (bench-gpu.c: the single-stream
 * workloads; bench-gpu-streams.c: many streams in one batch). */

#ifndef __BENCH_GPU_H__
#define __BENCH_GPU_H__

#include <stdint.h>

#include <gst/cuda/gstcudacontext.h>
#include <gst/cuda/gstcudaloader.h>
#include <gst/cuda/cuda-gst.h>

#include "prep.h"
#include "prep-kernel.h"
#include "prep-kernel-args.h"

#define FRAME_WIDTH 1920
#define FRAME_HEIGHT 1080
#define WARMUP 10

/* 1 when @r is CUDA_SUCCESS, else 0 with a message naming @what */
int check_cu (CUresult r, const char *what);
double now_us (void);
int cmp_double (const void *a, const void *b);
/* the benchmark's NV12 frame (FRAME_WIDTH x FRAME_HEIGHT) as a PrepFrame */
void nv12_frame (PrepFrame * f, const uint8_t * y, int y_stride,
    const uint8_t * uv, int uv_stride);
/* the synthetic frame: smooth gradients */
void frame_fill (uint8_t * y, int y_stride, uint8_t * uv, int uv_stride);
/* host <-> device copy of @bytes (@upload: to the device) */
int copy_linear (CUdeviceptr dev, void *host, size_t bytes, int upload);
/* Median (and min, when @min is not NULL) microseconds of @n runs of
 * @run (@data), each followed by cuStreamSynchronize (), after WARMUP
 * untimed ones; 0 on a failure. */
int time_runs (int (*run) (void *data), void *data, int n, double *median,
    double *min);
/* PrepLaunchFunc through cuLaunchKernel: @entry of the CUmodule
 * @user_data */
int launch_cu (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data);

/* The streams mode: @n streams of the frame (@y, @uv on the host, each
 * copied to its own device frame) letterboxed into [n, 3, 640, 640], x/255:
 * one launch of the streams kernel (from @module) against n launches of
 * the single-stream kernel.  @check: one run of each, compared with the
 * CPU engine's streams plan (bit-identical), with their launch counts;
 * else @iterations timed runs: synchronized wall time and the kernels'
 * back-to-back time by events, the batch's bytes over it against @peak
 * GB/s (0: unknown).  Returns 0 on a failure. */
int bench_gpu_streams (CUmodule module, int n, const uint8_t * y,
    const uint8_t * uv, int iterations, int check, double peak);

/* The antialias mode: antialiased workloads (W1-AA, W2-AA) through the
 * tile entry point against the entry point without a tile (each pixel
 * sums its own taps), both from @module.  @check: one run of each,
 * compared with the CPU engine (bit-identical), the tile's launch with
 * shared memory and the other without; else @iterations timed runs and
 * their ratio.  Returns 0 on a failure. */
int bench_gpu_tile (CUmodule module, const uint8_t * y, const uint8_t * uv,
    int iterations, int check);

/* Whether the event calls could be resolved from libcuda.so.1
 * (bench-gpu-events.c); without them no kernel time is reported. */
int bench_events_available (void);
/* Microseconds per run of @n back-to-back runs of @run (@data: launches
 * on the NULL stream, no synchronization between them), after WARMUP, by
 * the device's clock (two events); 0 on a failure. */
int time_back_to_back (int (*run) (void *data), void *data, int n,
    double *us);

/* The element mode (bench-gpu-element.c): W1 through the cudapreproc
 * element from CUDA frames of @ctx holding (@y, @uv), into a CUDA and a
 * system-memory tensor: the host time per frame, or with @check each
 * tensor against the CPU engine's output of @plan.  Skipped (1) without
 * the plugin.  Returns 0 on a failure. */
int bench_gpu_element (GstCudaContext * ctx, const PrepPlan * plan,
    const uint8_t * y, const uint8_t * uv, int iterations, int check);

#endif /* __BENCH_GPU_H__ */
