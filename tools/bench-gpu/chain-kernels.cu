/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The unfused chain of the GPU benchmark (contract: chain-kernels.h): three
 * separate kernels, written the plain way a user would, with 8-bit RGB
 * intermediates in global memory.  Built like src/prep-kernel.cu: by nvcc
 * into a fat binary (extern "C" entry points, no globals) and by gcc as
 * plain C through chain-kernels-host.c (prep-kernel-shim.h gives the
 * built-in index variables). */

#include "chain-kernels.h"

#ifdef __CUDACC__
#define CHAIN_KERNEL_ENTRY extern "C" __global__
#define CHAIN_FN static __device__ __forceinline__
#elif !defined (CHAIN_KERNEL_ENTRY)
#error "the host build of the chain kernels is chain-kernels-host.c"
#else
#define CHAIN_FN static inline
#endif

CHAIN_FN uint8_t
chain_to_u8 (float v)
{
  v = v < 0.0f ? 0.0f : (v > 255.0f ? 255.0f : v);
  return (uint8_t) (v + 0.5f);
}

/* NV12 -> interleaved RGB8, BT.709 limited range: each pixel takes the
 * chroma sample of its 2x2 block. */
CHAIN_KERNEL_ENTRY void
chain_nv12_to_rgb8 (const uint8_t * y, int y_stride, const uint8_t * uv,
    int uv_stride, int width, int height, uint8_t * rgb, int rgb_stride)
{
  int x = (int) (blockIdx.x * blockDim.x + threadIdx.x);
  int r = (int) (blockIdx.y * blockDim.y + threadIdx.y);
  const uint8_t *c;
  float l, u, v;
  uint8_t *o;

  if (x >= width || r >= height)
    return;
  c = uv + (size_t) (r / 2) * uv_stride + (size_t) (x / 2) * 2;
  l = 1.164383562f * ((float) y[(size_t) r * y_stride + x] - 16.0f);
  u = (float) c[0] - 128.0f;
  v = (float) c[1] - 128.0f;
  o = rgb + (size_t) r *rgb_stride + (size_t) x *3;
  o[0] = chain_to_u8 (l + 1.792741071f * v);
  o[1] = chain_to_u8 (l - 0.213248614f * u - 0.532909329f * v);
  o[2] = chain_to_u8 (l + 2.112401786f * u);
}

/* Source coordinate of output index o along one axis (half-pixel centers),
 * split into the two clamped taps and the weight of the second. */
CHAIN_FN void
chain_taps (int o, int offset, int inner, int start, int len, int *i0,
    int *i1, float *w)
{
  float s = ((float) (o - offset) + 0.5f) * (float) len / (float) inner - 0.5f;
  int i;

  if (s < 0.0f)
    s = 0.0f;
  i = (int) s;
  *w = s - (float) i;
  *i0 = start + (i < len - 1 ? i : len - 1);
  *i1 = start + (i + 1 < len - 1 ? i + 1 : len - 1);
}

/* Crop + bilinear resize of RGB8 into the inner rectangle of the output,
 * pad around it (letterbox). */
CHAIN_KERNEL_ENTRY void
chain_resize_rgb8 (const uint8_t * src, int src_stride, ChainRect crop,
    uint8_t * dst, int dst_stride, int out_width, int out_height,
    ChainRect inner, int pad)
{
  int x = (int) (blockIdx.x * blockDim.x + threadIdx.x);
  int r = (int) (blockIdx.y * blockDim.y + threadIdx.y);
  int x0, x1, y0, y1, c;
  float wx, wy, top, bottom;
  const uint8_t *a, *b;
  uint8_t *o;

  if (x >= out_width || r >= out_height)
    return;
  o = dst + (size_t) r *dst_stride + (size_t) x *3;
  if (x < inner.x || x >= inner.x + inner.width || r < inner.y
      || r >= inner.y + inner.height) {
    o[0] = o[1] = o[2] = (uint8_t) pad;
    return;
  }
  chain_taps (x, inner.x, inner.width, crop.x, crop.width, &x0, &x1, &wx);
  chain_taps (r, inner.y, inner.height, crop.y, crop.height, &y0, &y1, &wy);
  a = src + (size_t) y0 *src_stride;
  b = src + (size_t) y1 *src_stride;
  for (c = 0; c < 3; c++) {
    top = (float) a[x0 * 3 + c] + ((float) a[x1 * 3 + c]
        - (float) a[x0 * 3 + c]) * wx;
    bottom = (float) b[x0 * 3 + c] + ((float) b[x1 * 3 + c]
        - (float) b[x0 * 3 + c]) * wx;
    o[c] = chain_to_u8 (top + (bottom - top) * wy);
  }
}

/* (x * scale - mean) / std per channel, interleaved RGB8 -> float NCHW. */
CHAIN_KERNEL_ENTRY void
chain_normalize_planar (const uint8_t * src, int src_stride, int width,
    int height, ChainNorm norm, float *dst)
{
  int x = (int) (blockIdx.x * blockDim.x + threadIdx.x);
  int r = (int) (blockIdx.y * blockDim.y + threadIdx.y);
  size_t plane = (size_t) width * (size_t) height;
  size_t pix = (size_t) r * (size_t) width + (size_t) x;
  const uint8_t *s;

  if (x >= width || r >= height)
    return;
  s = src + (size_t) r *src_stride + (size_t) x *3;
  dst[pix] = ((float) s[0] * norm.scale - norm.mean[0]) / norm.std[0];
  dst[plane + pix] = ((float) s[1] * norm.scale - norm.mean[1]) / norm.std[1];
  dst[2 * plane + pix] = ((float) s[2] * norm.scale - norm.mean[2])
      / norm.std[2];
}
