/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The unfused chain of the GPU benchmark (chain-kernels.cu): three separate
 * kernels, as a user would write them, with 8-bit interleaved RGB between
 * them.  Shared by the benchmark and the kernels' host build
 * (chain-kernels-host.c), which the benchmark links and which exports each
 * kernel's descriptor to the mock CUDA driver (mock_cuda_kernel_<name>,
 * tests/mock-cuda/mock-cuda.h): under the mock, a launch runs that host
 * build after the mock checked each pointer argument's extent.  Plain C,
 * no CUDA headers.  Every kernel runs one thread per output pixel, bounds-checked;
 * launched with kernelParams, one pointer per parameter to storage of its
 * exact size (pointers as 8-byte CUdeviceptr).
 *
 *   chain_nv12_to_rgb8 (const uint8_t *y, int y_stride,
 *       const uint8_t *uv, int uv_stride, int width, int height,
 *       uint8_t *rgb, int rgb_stride)
 *     the whole frame, BT.709 limited range, rounded to u8;
 *   chain_resize_rgb8 (const uint8_t *src, int src_stride, ChainRect crop,
 *       uint8_t *dst, int dst_stride, int out_width, int out_height,
 *       ChainRect inner, int pad)
 *     crop of src -> bilinear resize (half-pixel centers) into the inner
 *     rectangle of dst, pad elsewhere, rounded to u8;
 *   chain_normalize_planar (const uint8_t *src, int src_stride, int width,
 *       int height, ChainNorm norm, float *dst)
 *     (x * scale - mean[c]) / std[c], interleaved RGB8 -> float NCHW. */

#ifndef __CHAIN_KERNELS_H__
#define __CHAIN_KERNELS_H__

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct
{
  int x, y, width, height;
} ChainRect;

typedef struct
{
  float scale;
  float mean[3];
  float std[3];
} ChainNorm;

#define CHAIN_CONVERT_NAME "chain_nv12_to_rgb8"
#define CHAIN_RESIZE_NAME "chain_resize_rgb8"
#define CHAIN_NORMALIZE_NAME "chain_normalize_planar"

/* Parameter indices in kernelParams. */
enum {
  CHAIN_CONVERT_Y = 0, CHAIN_CONVERT_Y_STRIDE, CHAIN_CONVERT_UV,
  CHAIN_CONVERT_UV_STRIDE, CHAIN_CONVERT_WIDTH, CHAIN_CONVERT_HEIGHT,
  CHAIN_CONVERT_RGB, CHAIN_CONVERT_RGB_STRIDE, CHAIN_CONVERT_COUNT
};

enum {
  CHAIN_RESIZE_SRC = 0, CHAIN_RESIZE_SRC_STRIDE, CHAIN_RESIZE_CROP,
  CHAIN_RESIZE_DST, CHAIN_RESIZE_DST_STRIDE, CHAIN_RESIZE_OUT_WIDTH,
  CHAIN_RESIZE_OUT_HEIGHT, CHAIN_RESIZE_INNER, CHAIN_RESIZE_PAD,
  CHAIN_RESIZE_COUNT
};

enum {
  CHAIN_NORMALIZE_SRC = 0, CHAIN_NORMALIZE_SRC_STRIDE, CHAIN_NORMALIZE_WIDTH,
  CHAIN_NORMALIZE_HEIGHT, CHAIN_NORMALIZE_NORM, CHAIN_NORMALIZE_DST,
  CHAIN_NORMALIZE_COUNT
};

#ifdef __cplusplus
}
#endif

#endif /* __CHAIN_KERNELS_H__ */
