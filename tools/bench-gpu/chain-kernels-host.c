/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The host build of the chain kernels (chain-kernels.cu compiled as plain
 * C, as src/prep-kernel-host.c does for the fused kernel), run over every
 * block and thread of a launch grid, and their descriptors for the mock
 * CUDA driver.
 *
 * The mock knows only the engine's kernel and links none of this: the
 * benchmark, which launches the chain, brings it.  Each kernel's
 * descriptor is the exported data symbol mock_cuda_kernel_<name>, of the
 * mock's type MockCudaKernel (tests/mock-cuda/mock-cuda.h: its layout and
 * naming rule are the mock's ABI); cudapreproc-bench-gpu links this file
 * and exports those symbols (tools/bench-gpu/meson.build:
 * --dynamic-list=tests/mock-cuda/mock-cuda-kernels.list), and the mock
 * finds them with dlsym when the benchmark asks for a chain kernel.  A
 * real driver never looks at them. */

#include <string.h>

#include "prep-kernel-shim.h"
#include "mock-cuda.h"

#define CHAIN_KERNEL_ENTRY static
#include "chain-kernels.cu"

static void *
arg_pointer (void *const *args, int i)
{
  uint64_t v;

  memcpy (&v, args[i], sizeof v);
  return (void *) (uintptr_t) v;
}

static int
arg_int (void *const *args, int i)
{
  int v;

  memcpy (&v, args[i], sizeof v);
  return v;
}

static ChainRect
arg_rect (void *const *args, int i)
{
  ChainRect v;

  memcpy (&v, args[i], sizeof v);
  return v;
}

/* Bytes of an image of @rows rows of @row_bytes with @stride, 0 if any is
 * not positive or the stride is smaller than a row. */
static size_t
image_bytes (int stride, int rows, size_t row_bytes)
{
  if (stride <= 0 || rows <= 0 || row_bytes == 0 || (size_t) stride < row_bytes)
    return 0;
  return (size_t) stride *(size_t) (rows - 1) + row_bytes;
}

/* The grid loop: @thread once per thread, blocks and threads in order. */
static void
run_grid (MockCudaDim3 grid, MockCudaDim3 block, void (*thread) (void **),
    void **args)
{
  gridDim.x = grid.x;
  gridDim.y = grid.y;
  gridDim.z = grid.z;
  blockDim.x = block.x;
  blockDim.y = block.y;
  blockDim.z = block.z;
  for (blockIdx.z = 0; blockIdx.z < gridDim.z; blockIdx.z++)
    for (blockIdx.y = 0; blockIdx.y < gridDim.y; blockIdx.y++)
      for (blockIdx.x = 0; blockIdx.x < gridDim.x; blockIdx.x++)
        for (threadIdx.z = 0; threadIdx.z < blockDim.z; threadIdx.z++)
          for (threadIdx.y = 0; threadIdx.y < blockDim.y; threadIdx.y++)
            for (threadIdx.x = 0; threadIdx.x < blockDim.x; threadIdx.x++)
              thread (args);
}

/* Convert */

static void
convert_extents (void *const *args, size_t bytes[MOCK_CUDA_KERNEL_MAX_POINTERS])
{
  int w = arg_int (args, CHAIN_CONVERT_WIDTH);
  int h = arg_int (args, CHAIN_CONVERT_HEIGHT);

  if (w <= 0 || h <= 0) {
    bytes[0] = bytes[1] = bytes[2] = 0;
    return;
  }
  bytes[0] = image_bytes (arg_int (args, CHAIN_CONVERT_Y_STRIDE), h, w);
  bytes[1] = image_bytes (arg_int (args, CHAIN_CONVERT_UV_STRIDE),
      (h + 1) / 2, (size_t) ((w + 1) / 2) * 2);
  bytes[2] = image_bytes (arg_int (args, CHAIN_CONVERT_RGB_STRIDE), h,
      (size_t) w * 3);
}

static void
convert_thread (void **a)
{
  chain_nv12_to_rgb8 (a[0], *(int *) a[1], a[2], *(int *) a[3],
      *(int *) a[4], *(int *) a[5], a[6], *(int *) a[7]);
}

static void
convert_run (MockCudaDim3 grid, MockCudaDim3 block, void **args)
{
  void *y = arg_pointer (args, CHAIN_CONVERT_Y);
  void *uv = arg_pointer (args, CHAIN_CONVERT_UV);
  void *rgb = arg_pointer (args, CHAIN_CONVERT_RGB);
  int y_stride = arg_int (args, CHAIN_CONVERT_Y_STRIDE);
  int uv_stride = arg_int (args, CHAIN_CONVERT_UV_STRIDE);
  int w = arg_int (args, CHAIN_CONVERT_WIDTH);
  int h = arg_int (args, CHAIN_CONVERT_HEIGHT);
  int rgb_stride = arg_int (args, CHAIN_CONVERT_RGB_STRIDE);
  void *a[CHAIN_CONVERT_COUNT] = { y, &y_stride, uv, &uv_stride, &w, &h,
    rgb, &rgb_stride
  };

  run_grid (grid, block, convert_thread, a);
}

/* Resize */

static void
resize_extents (void *const *args, size_t bytes[MOCK_CUDA_KERNEL_MAX_POINTERS])
{
  ChainRect crop = arg_rect (args, CHAIN_RESIZE_CROP);
  ChainRect inner = arg_rect (args, CHAIN_RESIZE_INNER);
  int ow = arg_int (args, CHAIN_RESIZE_OUT_WIDTH);
  int oh = arg_int (args, CHAIN_RESIZE_OUT_HEIGHT);

  bytes[0] = bytes[1] = bytes[2] = 0;
  if (crop.x < 0 || crop.y < 0 || crop.width <= 0 || crop.height <= 0
      || ow <= 0 || oh <= 0 || inner.x < 0 || inner.y < 0
      || inner.width <= 0 || inner.height <= 0
      || inner.x + inner.width > ow || inner.y + inner.height > oh)
    return;
  bytes[0] = image_bytes (arg_int (args, CHAIN_RESIZE_SRC_STRIDE),
      crop.y + crop.height, (size_t) (crop.x + crop.width) * 3);
  bytes[1] = image_bytes (arg_int (args, CHAIN_RESIZE_DST_STRIDE), oh,
      (size_t) ow * 3);
}

static void
resize_thread (void **a)
{
  chain_resize_rgb8 (a[0], *(int *) a[1], *(ChainRect *) a[2], a[3],
      *(int *) a[4], *(int *) a[5], *(int *) a[6], *(ChainRect *) a[7],
      *(int *) a[8]);
}

static void
resize_run (MockCudaDim3 grid, MockCudaDim3 block, void **args)
{
  void *src = arg_pointer (args, CHAIN_RESIZE_SRC);
  void *dst = arg_pointer (args, CHAIN_RESIZE_DST);
  int src_stride = arg_int (args, CHAIN_RESIZE_SRC_STRIDE);
  ChainRect crop = arg_rect (args, CHAIN_RESIZE_CROP);
  int dst_stride = arg_int (args, CHAIN_RESIZE_DST_STRIDE);
  int ow = arg_int (args, CHAIN_RESIZE_OUT_WIDTH);
  int oh = arg_int (args, CHAIN_RESIZE_OUT_HEIGHT);
  ChainRect inner = arg_rect (args, CHAIN_RESIZE_INNER);
  int pad = arg_int (args, CHAIN_RESIZE_PAD);
  void *a[CHAIN_RESIZE_COUNT] = { src, &src_stride, &crop, dst, &dst_stride,
    &ow, &oh, &inner, &pad
  };

  run_grid (grid, block, resize_thread, a);
}

/* Normalize */

static void
normalize_extents (void *const *args,
    size_t bytes[MOCK_CUDA_KERNEL_MAX_POINTERS])
{
  int w = arg_int (args, CHAIN_NORMALIZE_WIDTH);
  int h = arg_int (args, CHAIN_NORMALIZE_HEIGHT);

  bytes[0] = bytes[1] = bytes[2] = 0;
  if (w <= 0 || h <= 0)
    return;
  bytes[0] = image_bytes (arg_int (args, CHAIN_NORMALIZE_SRC_STRIDE), h,
      (size_t) w * 3);
  bytes[1] = (size_t) w *(size_t) h *3 * sizeof (float);
}

static void
normalize_thread (void **a)
{
  chain_normalize_planar (a[0], *(int *) a[1], *(int *) a[2], *(int *) a[3],
      *(ChainNorm *) a[4], a[5]);
}

static void
normalize_run (MockCudaDim3 grid, MockCudaDim3 block, void **args)
{
  void *src = arg_pointer (args, CHAIN_NORMALIZE_SRC);
  void *dst = arg_pointer (args, CHAIN_NORMALIZE_DST);
  int src_stride = arg_int (args, CHAIN_NORMALIZE_SRC_STRIDE);
  int w = arg_int (args, CHAIN_NORMALIZE_WIDTH);
  int h = arg_int (args, CHAIN_NORMALIZE_HEIGHT);
  ChainNorm norm;
  void *a[CHAIN_NORMALIZE_COUNT] = { src, &src_stride, &w, &h, &norm, dst };

  memcpy (&norm, args[CHAIN_NORMALIZE_NORM], sizeof norm);
  run_grid (grid, block, normalize_thread, a);
}

/* The descriptors (mock-cuda.h), one per kernel, named after it. */

#define PTR sizeof (uint64_t)   /* a CUdeviceptr */

const MockCudaKernel MOCK_CUDA_KERNEL (chain_nv12_to_rgb8) = {
  .abi = MOCK_CUDA_KERNEL_ABI,
  .name = CHAIN_CONVERT_NAME,
  .n_args = CHAIN_CONVERT_COUNT,
  .arg_sizes = {PTR, sizeof (int), PTR, sizeof (int), sizeof (int),
      sizeof (int), PTR, sizeof (int)},
  .n_pointers = 3,
  .pointer_args = {CHAIN_CONVERT_Y, CHAIN_CONVERT_UV, CHAIN_CONVERT_RGB},
  .pointer_names = {"luma (y)", "chroma (uv)", "rgb"},
  .output = 2,
  .extents = convert_extents,
  .run = convert_run,
};

const MockCudaKernel MOCK_CUDA_KERNEL (chain_resize_rgb8) = {
  .abi = MOCK_CUDA_KERNEL_ABI,
  .name = CHAIN_RESIZE_NAME,
  .n_args = CHAIN_RESIZE_COUNT,
  .arg_sizes = {PTR, sizeof (int), sizeof (ChainRect), PTR, sizeof (int),
      sizeof (int), sizeof (int), sizeof (ChainRect), sizeof (int)},
  .n_pointers = 2,
  .pointer_args = {CHAIN_RESIZE_SRC, CHAIN_RESIZE_DST},
  .pointer_names = {"source rgb (src)", "resized rgb (dst)"},
  .output = 1,
  .extents = resize_extents,
  .run = resize_run,
};

const MockCudaKernel MOCK_CUDA_KERNEL (chain_normalize_planar) = {
  .abi = MOCK_CUDA_KERNEL_ABI,
  .name = CHAIN_NORMALIZE_NAME,
  .n_args = CHAIN_NORMALIZE_COUNT,
  .arg_sizes = {PTR, sizeof (int), sizeof (int), sizeof (int),
      sizeof (ChainNorm), PTR},
  .n_pointers = 2,
  .pointer_args = {CHAIN_NORMALIZE_SRC, CHAIN_NORMALIZE_DST},
  .pointer_names = {"rgb (src)", "tensor (dst)"},
  .output = 1,
  .extents = normalize_extents,
  .run = normalize_run,
};
