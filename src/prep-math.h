/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* THE per-pixel math, shared by the CPU executor (gcc) and the CUDA kernel
 * (nvcc).  Written in the subset of C99 that C++ also accepts: no compound
 * literals, no designated initializers, only static functions, float literals
 * with an f suffix.  Build with no FP contraction (gcc -ffp-contract=off,
 * nvcc --fmad=false) and no fast-math: then every path that calls these
 * functions in the same order gets the same bits.
 *
 * Per output element (x, y) of a slot:
 *   1. the axis taps: source indices and weight, from exact integer
 *      arithmetic (prep_axis_tap);
 *   2. for each of the 4 taps: Y from luma, U,V from chroma[ty/2][tx/2];
 *   3. Y, U, V interpolated with the same weights, horizontal lerps first,
 *      then the vertical one: a + (b - a) * w;
 *   4. one affine YUV->RGB conversion, clamped to [0, 255];
 *   5. per channel v * scale[c] + bias[c] (mean/std folded in on the host);
 *   6. the store at the layout's index, as float32 or float16.
 *
 * Headers are formatted by hand, GNU layout, PREP_FN on its own line.
 */

#ifndef __PREP_MATH_H__
#define __PREP_MATH_H__

#include <stddef.h>
#include <stdint.h>

#ifdef __CUDACC__
#define PREP_FN static __host__ __device__ __forceinline__
#else
#define PREP_FN static inline
#endif

/* One axis of the geometry.  Output indices [offset, offset + inner) map onto
 * source indices [start, start + len); with stretch, offset = 0 and inner =
 * the output size; with letterbox, inner/offset are the centered inner
 * rectangle and indices outside it are padding. */
typedef struct
{
  int start;                    /* first source pixel of the crop */
  int len;                      /* crop size, >= 1 */
  int inner;                    /* output pixels that map onto the crop, >= 1 */
  int offset;                   /* first such output pixel */
} PrepAxis;

/* The taps of one output index along one axis: source indices i0 <= i1,
 * already clamped to the crop, and the weight of i1. inside = 0 marks a
 * letterbox band. */
typedef struct
{
  int i0;
  int i1;
  float w;
  int inside;
} PrepTap;

/* Everything the per-pixel math needs that all slots share, by value (a
 * kernel argument). */
typedef struct
{
  int out_width;
  int out_height;
  int nearest;                  /* 1: nearest neighbour, 0: bilinear */
  int nhwc;                     /* 1: NHWC, 0: NCHW */
  int half;                     /* 1: float16 elements, 0: float32 */
  /* tensor channel c = rgb[perm[c]]: (0,1,2) RGB, (2,1,0) BGR */
  int perm[3];
  /* rgb[k] = m[k][0] * Y + m[k][1] * U + m[k][2] * V + m[k][3] */
  float m[3][4];
  /* tensor channel c: out = clamped * scale[c] + bias[c] */
  float scale[3];
  float bias[3];
  float pad[3];                 /* normalized pad value, per channel */
} PrepParams;

/* The geometry of one slot of the batch [N, ...]: where its source
 * rectangle is and how it maps onto the output.  valid = 0: the slot holds
 * only padding. */
typedef struct
{
  PrepAxis ax;                  /* horizontal */
  PrepAxis ay;                  /* vertical */
  int valid;
} PrepSlotGeom;

/* Every slot's geometry, by value (a kernel argument: 64 slots of 36 bytes
 * stay well inside CUDA's 4 KiB of kernel parameters).  Equal to
 * PREP_BATCH_MAX of prep.h. */
#define PREP_SLOT_TABLE_SIZE 64

typedef struct
{
  PrepSlotGeom s[PREP_SLOT_TABLE_SIZE];
} PrepSlotTable;

PREP_FN int
prep_clamp_int (int v, int lo, int hi)
{
  return v < lo ? lo : (v > hi ? hi : v);
}

/* floor (a / b) for b > 0, in integers. */
PREP_FN int64_t
prep_floor_div (int64_t a, int64_t b)
{
  int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* Source taps for output index o along axis a.
 * Half-pixel centers: s = start + (o - offset + 0.5) * len / inner - 0.5.
 * With d = 2 * inner and n = (2 (o - offset) + 1) * len - inner, s - start is
 * exactly n / d, so tap index and weight come from integers:
 *   bilinear: i = floor (n / d), w = (n - i d) / d (one rounding, in double,
 *             then to float);
 *   nearest:  i = floor (s + 0.5) - start = floor ((n + inner) / d), w = 0.
 * Taps are clamped to [0, len - 1]: pixels outside the crop never leak in.
 * Operands fit in int64: |2 o + 1| < 2^32 and len < 2^31. */
PREP_FN PrepTap
prep_axis_tap (const PrepAxis * a, int o, int nearest)
{
  PrepTap t;
  int64_t d = 2 * (int64_t) a->inner;
  int64_t n = (2 * (int64_t) (o - a->offset) + 1) * a->len - a->inner;
  int64_t i;

  t.inside = o >= a->offset && o - a->offset < a->inner;
  if (nearest) {
    i = prep_floor_div (n + a->inner, d);
    t.w = 0.0f;
  } else {
    i = prep_floor_div (n, d);
    t.w = (float) ((double) (n - i * d) / (double) d);
  }
  /* i is in [-1, len] for every inside o; clamp before narrowing */
  i = i < -1 ? -1 : (i > a->len ? a->len : i);
  t.i0 = a->start + prep_clamp_int ((int) i, 0, a->len - 1);
  t.i1 = a->start + prep_clamp_int ((int) i + 1, 0, a->len - 1);
  if (nearest)
    t.i1 = t.i0;
  return t;
}

PREP_FN float
prep_lerp (float a, float b, float w)
{
  return a + (b - a) * w;
}

PREP_FN float
prep_clamp_255 (float v)
{
  return v < 0.0f ? 0.0f : (v > 255.0f ? 255.0f : v);
}

/* Bilinear interpolation of Y, U and V over the 4 taps, each tap taking its
 * chroma from chroma[ty / 2][tx / 2].  Horizontal lerps first, then the
 * vertical one, in this fixed order (a SIMD path must keep it). */
PREP_FN void
prep_sample_yuv (const PrepTap * tx, const PrepTap * ty,
    const uint8_t * luma, ptrdiff_t y_stride,
    const uint8_t * chroma, ptrdiff_t uv_stride, float yuv[3])
{
  const uint8_t *l0 = luma + ty->i0 * y_stride;
  const uint8_t *l1 = luma + ty->i1 * y_stride;
  const uint8_t *c0 = chroma + (ty->i0 / 2) * uv_stride;
  const uint8_t *c1 = chroma + (ty->i1 / 2) * uv_stride;
  int u0 = (tx->i0 / 2) * 2, u1 = (tx->i1 / 2) * 2;
  float top, bottom;
  int k;

  top = prep_lerp ((float) l0[tx->i0], (float) l0[tx->i1], tx->w);
  bottom = prep_lerp ((float) l1[tx->i0], (float) l1[tx->i1], tx->w);
  yuv[0] = prep_lerp (top, bottom, ty->w);
  for (k = 0; k < 2; k++) {
    top = prep_lerp ((float) c0[u0 + k], (float) c0[u1 + k], tx->w);
    bottom = prep_lerp ((float) c1[u0 + k], (float) c1[u1 + k], tx->w);
    yuv[1 + k] = prep_lerp (top, bottom, ty->w);
  }
}

/* rgb[i], i in 0..2, as selects: indexing a local array with a run-time
 * index would put the array in local memory on the GPU. */
PREP_FN float
prep_pick3 (const float rgb[3], int i)
{
  return i == 0 ? rgb[0] : (i == 1 ? rgb[1] : rgb[2]);
}

/* YUV -> normalized tensor channels (in tensor order). */
PREP_FN void
prep_convert_normalize (const PrepParams * p, const float yuv[3], float out[3])
{
  float rgb[3];
  int k;

  for (k = 0; k < 3; k++)
    rgb[k] = prep_clamp_255 (p->m[k][0] * yuv[0] + p->m[k][1] * yuv[1]
        + p->m[k][2] * yuv[2] + p->m[k][3]);
  for (k = 0; k < 3; k++)
    out[k] = prep_pick3 (rgb, p->perm[k]) * p->scale[k] + p->bias[k];
}

/* The three channel values of output pixel (tx, ty): padding or sample. */
PREP_FN void
prep_pixel (const PrepParams * p, const PrepTap * tx, const PrepTap * ty,
    const uint8_t * luma, ptrdiff_t y_stride,
    const uint8_t * chroma, ptrdiff_t uv_stride, float out[3])
{
  float yuv[3];
  int k;

  if (!tx->inside || !ty->inside) {
    for (k = 0; k < 3; k++)
      out[k] = p->pad[k];
    return;
  }
  prep_sample_yuv (tx, ty, luma, y_stride, chroma, uv_stride, yuv);
  prep_convert_normalize (p, yuv, out);
}

/* v rounded to the nearest IEEE binary16, ties to even, as its bits.
 * Finite inputs only (the plan guarantees them); magnitudes from 65520 up
 * give infinity, as IEEE rounding does. */
PREP_FN uint16_t
prep_float_to_half (float v)
{
  union
  {
    float f;
    uint32_t u;
  } b;
  uint32_t sign, a, m, q, rem, tie;
  int shift;

  b.f = v;
  sign = (b.u >> 16) & 0x8000u;
  a = b.u & 0x7fffffffu;
  if (a >= 0x477ff000u)         /* 65520 and up: infinity */
    return (uint16_t) (sign | 0x7c00u);
  if (a >= 0x38800000u)         /* 2^-14 and up: a normal half; rebias the
                                 * exponent by 127 - 15, round 13 bits off */
    return (uint16_t) (sign | ((a + 0xfffu + ((a >> 13) & 1u)
                - 0x38000000u) >> 13));
  if (a <= 0x33000000u)         /* 2^-25 and below: zero (2^-25 is a tie) */
    return (uint16_t) sign;
  /* subnormal half: the value in units of 2^-24, rounded */
  m = (a & 0x7fffffu) | 0x800000u;
  shift = 126 - (int) (a >> 23);
  q = m >> shift;
  rem = m & ((1u << shift) - 1u);
  tie = 1u << (shift - 1);
  if (rem > tie || (rem == tie && (q & 1u)))
    q++;
  return (uint16_t) (sign | q);
}

/* Element index of channel c of output pixel (x, y) within a slot. */
PREP_FN size_t
prep_out_index (const PrepParams * p, int x, int y, int c)
{
  size_t plane = (size_t) p->out_width * (size_t) p->out_height;
  size_t pix = (size_t) y * (size_t) p->out_width + (size_t) x;

  return p->nhwc ? pix * 3 + (size_t) c : (size_t) c * plane + pix;
}

/* The first byte of slot @slot of a batch tensor. */
PREP_FN void *
prep_slot_base (const PrepParams * p, void *dst, int slot)
{
  size_t elems = (size_t) p->out_width * (size_t) p->out_height * 3;

  return (uint8_t *) dst + (size_t) slot * elems * (p->half ? 2 : 4);
}

/* Element @index of a slot's tensor @dst gets value v. */
PREP_FN void
prep_store_one (const PrepParams * p, void *dst, size_t index, float v)
{
  if (p->half)
    ((uint16_t *) dst)[index] = prep_float_to_half (v);
  else
    ((float *) dst)[index] = v;
}

PREP_FN void
prep_store (const PrepParams * p, void *dst, int x, int y, const float v[3])
{
  int c;

  for (c = 0; c < 3; c++)
    prep_store_one (p, dst, prep_out_index (p, x, y, c), v[c]);
}

#endif /* __PREP_MATH_H__ */
