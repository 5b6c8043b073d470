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
 *   2. for each of the 4 taps and each component (Y, U, V or R, G, B): the
 *      sample the format's description (PrepComponent) points to, in 8-bit
 *      units (a 16-bit container / 256, a 10-bit LSB-aligned code / 4);
 *      (color-conversion=opencv-8bit, videoconvert: each tap converted
 *      to 8-bit RGB;
 *      chroma-interpolation=bilinear: each tap's chroma linear on its
 *      plane at the chroma site: prep_tap3 ());
 *   3. the components interpolated with the same weights, horizontal lerps
 *      first, then the vertical one: a + (b - a) * w;
 *   4. one affine conversion to RGB (or gray), clamped to [0, 255];
 *   5. per channel v * scale[c] + bias[c] (mean/std folded in on the host);
 *   6. the store at the layout's index, as float32, float16, uint8 or
 *      int8.
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
 * the output size; with letterbox, inner/offset are the inner rectangle and
 * indices outside it are padding; with cover, inner is larger than the
 * output and offset <= 0: the output shows a window of the scaled crop. */
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

/* Where one component (Y, U, V or R, G, B) of a format lives: sample
 * (x, y) of the full-resolution grid is at byte
 *   offset + (x >> shift_x) * step
 * of row (y >> shift_y) of plane @plane.  docs/semantics.md section 2 has
 * every format's entries (src/prep-formats.c). */
typedef struct
{
  int plane;                    /* 0..2 */
  int offset;                   /* bytes before the row's first sample */
  int step;                     /* bytes from one sample to the next */
  int shift_x;                  /* 1: a subsampled (half-width) grid */
  int shift_y;                  /* 1: a half-height grid */
} PrepComponent;

/* Antialiased taps of one output index along one axis: the samples
 * [first, first + count) of the axis, their weights at index woff of the
 * slot's weight table.  inside = 0 marks a letterbox band. */
typedef struct
{
  int first;
  int count;
  int woff;
  int inside;
} PrepAaTap;

/* The filters of weighted taps (PrepParams.antialias, non-zero: every
 * path reads the same table, src/prep-antialias.c makes it). */
#define PREP_WTAPS_TRIANGLE 1   /* antialiased bilinear (PIL, torchvision) */
#define PREP_WTAPS_CUBIC_AA 2   /* antialiased bicubic: Keys a = -0.5 */
#define PREP_WTAPS_CUBIC 3      /* bicubic: 4 taps, Keys A = -0.75 */
#define PREP_WTAPS_LINEAR 4     /* a window's bilinear: 2 taps, 1 - t, t */
#define PREP_WTAPS_NEAREST 5    /* a window's nearest: 1 tap */
#define PREP_WTAPS_NEAREST_FLOOR 6      /* a window's nearest-floor */
#define PREP_WTAPS_FILTER 15    /* the filter's bits */
#define PREP_WTAPS_WINDOW 16    /* with a filter: the slots show fractional
                                 * windows, taps clamped to the frame */

/* The colour conversions (PrepColorConversion's values). */
#define PREP_CONV_EXACT 0
#define PREP_CONV_OPENCV 1
#define PREP_CONV_OPENCV_8BIT 2
#define PREP_CONV_VIDEOCONVERT 3

/* The chroma interpolations (PrepParams.chroma_lerp). */
#define PREP_CHROMA_LERP_SITE 1 /* linear at the chroma site */
#define PREP_CHROMA_LERP_SWSCALE 2      /* swscale's full_chroma_int */

/* The element types (PrepDataType's values). */
#define PREP_ELEM_FLOAT32 0
#define PREP_ELEM_FLOAT16 1
#define PREP_ELEM_UINT8 2
#define PREP_ELEM_INT8 3

/* Everything the per-pixel math needs that the slots of one source share
 * (a plan's, or a streams plan's per stream; the kernel reads each
 * source's from the kernel table, src/prep-kernel-args.h). */
typedef struct
{
  int out_width;
  int out_height;
  int nearest;                  /* PREP_TAPS_*: bilinear, nearest,
                                 * nearest-floor */
  int nhwc;                     /* 1: NHWC, 0: NCHW */
  int elem;                     /* PREP_ELEM_* */
  int antialias;                /* 0: two taps (PrepTap); else weighted
                                 * taps (PrepAaTap) of filter PREP_WTAPS_* */
  int aa_weights;               /* antialias: the most weights a slot's
                                 * taps take (prep_aa_fill ()) */
  int aa_tile;                  /* the kernel's antialiased tile: floats of
                                 * shared memory a block has, 0 for none
                                 * (src/prep-aa-tile.h; the CPU ignores it) */
  int channels;                 /* 3, or 1 (gray) */
  PrepComponent comp[3];        /* the input format's components */
  int wide;                     /* 1: 2-byte little-endian samples */
  int lsb10;                    /* 1 (with wide): a 10-bit code in each
                                 * container's low bits, its 6 high bits
                                 * masked off (prep_wide_bits ()) */
  int color;                    /* PREP_CONV_* (YUV inputs; 0 otherwise):
                                 * opencv clamps Y to 16 and up before the
                                 * matrix, opencv-8bit and videoconvert
                                 * convert each tap (prep_opencv_rgb (),
                                 * prep_vc_rgb ()) */
  int vc[5];                    /* videoconvert: its coefficients K_Y,
                                 * K_RV, K_GU, K_GV, K_BU (PREP_VC_*) */
  int chroma_lerp;              /* PREP_CHROMA_LERP_*: a tap's chroma is
                                 * interpolated on its plane (prep_chroma
                                 * ()); subsampled YUV formats only; 0:
                                 * the block's sample */
  int chroma_cosited;           /* with chroma_lerp: PREP_CHROMA_SITE_*
                                 * flags (1 horizontal, 2 vertical) */
  int chroma_xinc, chroma_yinc; /* swscale chroma: its fixed-point steps
                                 * (prep_chroma_axis_swscale ()) */
  int chroma_w, chroma_h;       /* with chroma_lerp: the chroma plane's
                                 * samples per row and rows */
  /* tensor channel c = rgb[perm[c]]: (0,1,2) RGB, (2,1,0) BGR, (0,0,0)
   * gray (one channel, row 0 of m the luma) */
  int perm[3];
  /* rgb[k] = m[k][0] * C0 + m[k][1] * C1 + m[k][2] * C2 + m[k][3] */
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

/* Every slot's geometry (the plan's; prep_kernel_extents () reads it).
 * The kernel's argument has as many slots (PrepKArgs of
 * src/prep-kernel-args.h: 64 slots stay inside CUDA's 4 KiB of kernel
 * parameters).  Equal to PREP_BATCH_MAX of prep.h. */
#define PREP_SLOT_TABLE_SIZE 64

typedef struct
{
  PrepSlotGeom s[PREP_SLOT_TABLE_SIZE];
} PrepSlotTable;

/* The planes of a frame as the per-pixel math reads them: three fields,
 * not arrays, so that the kernel picks a plane with selects (a run-time
 * index into a local array would put it in local memory).  Unused planes
 * are NULL and never read. */
typedef struct
{
  const uint8_t *d0, *d1, *d2;
  ptrdiff_t s0, s1, s2;
} PrepPlanes;

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
 *   nearest:  i = floor (s + 0.5) - start = floor ((n + inner) / d), w = 0
 *             (torch nearest-exact);
 *   nearest-floor: i = floor ((o - offset) * len / inner), w = 0 (torch
 *             nearest, OpenCV INTER_NEAREST: the sample at the pixel's left
 *             edge, no half-pixel shift).
 * Taps are clamped to [0, len - 1]: pixels outside the crop never leak in.
 * Operands fit in int64: |2 o + 1| < 2^32 and len < 2^31.  @nearest is one
 * of PREP_TAPS_*. */
#define PREP_TAPS_BILINEAR 0
#define PREP_TAPS_NEAREST 1
#define PREP_TAPS_NEAREST_FLOOR 2

PREP_FN PrepTap
prep_axis_tap (const PrepAxis * a, int o, int nearest)
{
  PrepTap t;
  int64_t d = 2 * (int64_t) a->inner;
  int64_t n = (2 * (int64_t) (o - a->offset) + 1) * a->len - a->inner;
  int64_t i;

  t.inside = o >= a->offset && o - a->offset < a->inner;
  if (nearest == PREP_TAPS_NEAREST_FLOOR) {
    i = prep_floor_div ((int64_t) (o - a->offset) * a->len, a->inner);
    t.w = 0.0f;
  } else if (nearest) {
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

/* The output indices [first, end) of an axis of @out indices that map
 * onto the crop: the inner ones, within the output (cover: all). */
PREP_FN int
prep_axis_first (const PrepAxis * a)
{
  return a->offset > 0 ? a->offset : 0;
}

PREP_FN int
prep_axis_end (const PrepAxis * a, int out)
{
  return a->inner < out - a->offset ? a->offset + a->inner : out;
}

PREP_FN float
prep_lerp (float a, float b, float w)
{
  return a + (b - a) * w;
}

/* Bilinear interpolation of one component over its 4 taps (a, b on row
 * tap i0, c, d on i1; b and d at column tap i1): the two horizontal lerps
 * first, then the vertical one, in this fixed order (a SIMD path must keep
 * it). */
PREP_FN float
prep_bilerp (float a, float b, float c, float d, float wx, float wy)
{
  float top = prep_lerp (a, b, wx);
  float bottom = prep_lerp (c, d, wx);

  return prep_lerp (top, bottom, wy);
}

/* The value of a sample whose container holds @raw (a byte, or a
 * little-endian 16-bit container when @wide), in 8-bit units: raw, or raw /
 * 256.  Equal to prep_read ()'s (float) conversion, computed through the
 * bits: (2^23 + raw) - 2^23 is raw exactly for raw < 2^23 (one float
 * subtraction, no integer-to-float conversion, which GPUs run at a quarter
 * of the rate of a float addition). */
PREP_FN float
prep_sample_value (uint32_t raw, int wide)
{
  union
  {
    uint32_t u;
    float f;
  } b;
  float v;

  b.u = 0x4b000000u | raw;
  v = b.f - 8388608.0f;
  return wide ? v * 0.00390625f : v;
}

PREP_FN float
prep_clamp_255 (float v)
{
  return v < 0.0f ? 0.0f : (v > 255.0f ? 255.0f : v);
}

/* Row @y (of the full-resolution grid) of component @c's plane. */
PREP_FN const uint8_t *
prep_row (const PrepPlanes * f, const PrepComponent * c, int y)
{
  ptrdiff_t r = (ptrdiff_t) (y >> c->shift_y);

  if (c->plane == 0)
    return f->d0 + r * f->s0;
  return c->plane == 1 ? f->d1 + r * f->s1 : f->d2 + r * f->s2;
}

/* The MSB-aligned 16-bit container of the 16 bits @u of a wide sample:
 * @u itself, or for a 10-bit code in the low bits (@lsb10) those 10 bits
 * moved to the top, the 6 high bits masked off.  Every wide sample's value
 * is then its MSB-aligned container / 256: (D << 6) / 256 = D / 4 for a
 * 10-bit code D, as P010's (docs/semantics.md section 2). */
PREP_FN unsigned int
prep_wide_bits (unsigned int u, int lsb10)
{
  return lsb10 ? (u & 0x3ffu) << 6 : u;
}

/* Sample @x of component @c in row @row, in 8-bit units: a byte, or a
 * little-endian 16-bit container (prep_wide_bits ()) divided by 256 (exact
 * in float). */
PREP_FN float
prep_read (const PrepParams * p, const PrepComponent * c,
    const uint8_t * row, int x)
{
  const uint8_t *s = row + c->offset + (ptrdiff_t) (x >> c->shift_x) *
      c->step;

  if (p->wide)
    return (float) prep_wide_bits ((unsigned int) s[0] |
        ((unsigned int) s[1] << 8), p->lsb10) * 0.00390625f;
  return (float) s[0];
}

/* Bilinear interpolation of component @k over the 4 taps (prep_bilerp ()'s
 * order). */
PREP_FN float
prep_sample (const PrepParams * p, int k, const PrepTap * tx,
    const PrepTap * ty, const PrepPlanes * f)
{
  const PrepComponent *c = &p->comp[k];
  const uint8_t *r0 = prep_row (f, c, ty->i0);
  const uint8_t *r1 = prep_row (f, c, ty->i1);

  return prep_bilerp (prep_read (p, c, r0, tx->i0), prep_read (p, c, r0,
          tx->i1), prep_read (p, c, r1, tx->i0), prep_read (p, c, r1,
          tx->i1), tx->w, ty->w);
}

/* rgb[i], i in 0..2, as selects: indexing a local array with a run-time
 * index would put the array in local memory on the GPU. */
PREP_FN float
prep_pick3 (const float rgb[3], int i)
{
  return i == 0 ? rgb[0] : (i == 1 ? rgb[1] : rgb[2]);
}

/* Sampled components -> normalized tensor channels (in tensor order; the
 * first p->channels of out). */
PREP_FN void
prep_convert_normalize (const PrepParams * p, const float cv[3], float out[3])
{
  float rgb[3];
  /* color-conversion=opencv: cvtColor's footroom clamp max (Y - 16, 0),
   * as max (Y, 16) with the 16 in m[k][3] (exact: Y >= 0 otherwise) */
  float y = p->color == PREP_CONV_OPENCV && cv[0] < 16.0f ? 16.0f : cv[0];
  int k;

  for (k = 0; k < 3; k++)
    rgb[k] = prep_clamp_255 (p->m[k][0] * y + p->m[k][1] * cv[1]
        + p->m[k][2] * cv[2] + p->m[k][3]);
  for (k = 0; k < 3; k++)
    out[k] = prep_pick3 (rgb, p->perm[k]) * p->scale[k] + p->bias[k];
}

/* The channel values of a padding pixel. */
PREP_FN void
prep_pad_pixel (const PrepParams * p, float out[3])
{
  out[0] = p->pad[0];
  out[1] = p->pad[1];
  out[2] = p->pad[2];
}

/* ------------------------------------------------------------------------
 * The tap fetch of color-conversion=opencv-8bit, videoconvert and
 * chroma-interpolation=bilinear (docs/semantics.md sections 2 and 3):
 * each tap (x, y) of the full-resolution grid yields three components that
 * are then interpolated as usual (prep_sample_taps (),
 * prep_sample_aa_taps ()). */

/* OpenCV's cvtColor YUV -> RGB (COLOR_YUV2RGB_NV12 and the other 4:2:0
 * and 4:2:2 codes; modules/imgproc/src/color_yuv.simd.hpp, uvToRGBuv ()
 * and yRGBuvToRGBA ()): BT.601 limited range in 20-bit fixed point,
 * ITUR_BT_601_CY and friends. */
#define PREP_CV_SHIFT 20
#define PREP_CV_CY 1220542
#define PREP_CV_CUB 2116026
#define PREP_CV_CUG (-409993)
#define PREP_CV_CVG (-852492)
#define PREP_CV_CVR 1673527

/* saturate_cast<uchar> (v >> 20) with v's floor division by 2^20 written
 * out: a negative v gives 0 either way, without shifting a negative int
 * (implementation-defined in C). */
PREP_FN int
prep_cv_byte (int v)
{
  v = v < 0 ? 0 : v >> PREP_CV_SHIFT;
  return v > 255 ? 255 : v;
}

/* The 8-bit R, G, B cvtColor gives for the 8-bit codes y, u, v:
 *   Y' = max (0, y - 16) * CY,  half = 2^19,
 *   R = sat ((Y' + half + CVR (v - 128)) >> 20),
 *   G = sat ((Y' + half + CVG (v - 128) + CUG (u - 128)) >> 20),
 *   B = sat ((Y' + half + CUB (u - 128)) >> 20),
 * round half up by the added half, every sum within int (|.| < 2^30). */
PREP_FN void
prep_opencv_rgb (int y, int u, int v, float rgb[3])
{
  int yy = (y > 16 ? y - 16 : 0) * PREP_CV_CY;
  int half = 1 << (PREP_CV_SHIFT - 1), uu = u - 128, vv = v - 128;

  rgb[0] = (float) prep_cv_byte (yy + (half + PREP_CV_CVR * vv));
  rgb[1] = (float) prep_cv_byte (yy + (half + PREP_CV_CVG * vv +
          PREP_CV_CUG * uu));
  rgb[2] = (float) prep_cv_byte (yy + (half + PREP_CV_CUB * uu));
}

/* The 8-bit code of sample @x of component @c in @row: a byte, or the 8
 * high bits of a wide sample's MSB-aligned container (P010's D >> 2, a
 * 10-bit LSB code's D >> 2, P016's u >> 8): the integer part of its
 * value. */
PREP_FN int
prep_code8 (const PrepParams * p, const PrepComponent * c,
    const uint8_t * row, int x)
{
  const uint8_t *s = row + c->offset + (ptrdiff_t) (x >> c->shift_x) *
      c->step;

  if (p->wide)
    return (int) (prep_wide_bits ((unsigned int) s[0] |
            ((unsigned int) s[1] << 8), p->lsb10) >> 8);
  return (int) s[0];
}

/* One axis of a tap's chroma with chroma_lerp: luma index @x of a
 * subsampled axis (@sub 1; @n chroma samples) is x = 2 m + r, at chroma
 * position m + r / 2 when the chroma is cosited, m + r / 2 - 1 / 4 when it
 * is centered.  So the chroma indices (i0, i1) and the weight of i1 are
 *   centered: x even (m - 1, m, 3/4), x odd (m, m + 1, 1/4);
 *   cosited:  x even (m, m, 0),       x odd (m, m + 1, 1/2);
 * clamped to the plane [0, n - 1] (videoconvert's linear chroma
 * upsampling, video-chroma.c).  An axis that is not subsampled: (x, x,
 * 0). */
PREP_FN void
prep_chroma_axis (int x, int sub, int cosited, int n, int *i0, int *i1,
    float *w)
{
  int m = x >> 1;

  if (!sub) {
    *i0 = *i1 = x;
    *w = 0.0f;
    return;
  }
  if (x & 1) {
    *i0 = m;
    *i1 = m + 1;
    *w = cosited ? 0.5f : 0.25f;
  } else if (cosited) {
    *i0 = *i1 = m;
    *w = 0.0f;
  } else {
    *i0 = m - 1;
    *i1 = m;
    *w = 0.75f;
  }
  *i0 = prep_clamp_int (*i0, 0, n - 1);
  *i1 = prep_clamp_int (*i1, 0, n - 1);
}

/* An axis of a tap's chroma with chroma-interpolation=swscale: what FFmpeg's
 * swscale (libswscale 6, full_chroma_int, bilinear, accurate_rnd, the
 * luma not scaled) gives.  Its chroma filters scale the @n chroma samples
 * to the full luma samples with its fixed-point step @xinc =
 * ((n << 16) + full / 2) / full (libswscale/utils.c; computed on the
 * host: PrepParams.chroma_xinc, chroma_yinc) at the
 * centered site: luma index x sits at P / 2^17 with
 * P = (2 x + 1) xinc - 2^16, between chroma f = floor (P / 2^17) and
 * f + 1, weight k / 2^17 of f + 1 (k = P - f 2^17; for an even @full,
 * xinc = 2^15 and the weights are 1/4 and 3/4).  A weight of f below
 * 0.002 (k >= 130810) is dropped (initFilter ()'s SWS_MAX_REDUCE_CUTOFF):
 * f + 1 alone, f = f + 1 and k = 0.  A plane of 3 samples or fewer gets
 * a one-tap filter (its size is capped at n - 2): the nearest sample,
 * floor ((P + 2^16) / 2^17), clamped.  A filter reaching out of
 * the plane is moved inside with its weight on the edge sample (f < 0:
 * sample 0 alone; f + 1 > n - 1: samples n - 2 and n - 1, weight 1 on the
 * last).
 *  - Horizontally (@vertical 0) that is a linear interpolation, weight
 *    k / 2^17 (exact in float; swscale's 14-bit coefficients are within
 *    2^-15 of it), indices clamped to the plane.
 *  - Vertically its output path for an unscaled luma (yuv2rgb_full_1_c ()
 *    of libswscale/output.c) does not interpolate: it takes row f alone
 *    when the 12-bit weight of row f + 1, 4096 - floor ((2^17 - k + 16) /
 *    32), is below 2048, i.e. when k <= 65520, and the mean of rows f and
 *    f + 1 otherwise: weight 0 or 1/2.  So a 4:2:0 frame of even height
 *    takes, for luma row 2 m + 1, chroma row m alone; for row 2 m, the
 *    mean of rows m - 1 and m; row 0 chroma row 0, and the last luma row
 *    the mean of the last two chroma rows. */
PREP_FN void
prep_chroma_axis_swscale (int x, int xinc, int n, int vertical, int *i0,
    int *i1, float *w)
{
  int64_t pos = (2 * (int64_t) x + 1) * xinc - 65536;
  int64_t f = prep_floor_div (pos, 131072);
  int k = (int) (pos - f * 131072);

  if (n <= 3) {
    f = prep_floor_div (pos + 65536, 131072);
    *i0 = *i1 = prep_clamp_int ((int) f, 0, n - 1);
    *w = 0.0f;
    return;
  }
  if (k >= 130810) {
    f++;
    k = 0;
  }
  *w = (float) k * (1.0f / 131072.0f);
  if (vertical && f < 0) {
    f = 0;
    *w = 0.0f;
  } else if (vertical && f + 1 > n - 1) {
    f = n - 2;
    *w = 0.5f;
  } else if (vertical) {
    *w = k > 65520 ? 0.5f : 0.0f;
  }
  *i0 = prep_clamp_int ((int) f, 0, n - 1);
  *i1 = prep_clamp_int ((int) f + 1, 0, n - 1);
}

/* A tap's chroma indices and weights on both axes: swscale's along a
 * subsampled axis with chroma-interpolation=swscale, else the chroma
 * site's (chroma_cosited is 0 with swscale: an axis that is not
 * subsampled gives (x, x, 0) either way). */
PREP_FN void
prep_chroma_taps (const PrepParams * p, const PrepComponent * c, int x,
    int y, int *x0, int *x1, float *wx, int *y0, int *y1, float *wy)
{
  int swscale = p->chroma_lerp == PREP_CHROMA_LERP_SWSCALE;

  if (swscale && c->shift_x)
    prep_chroma_axis_swscale (x, p->chroma_xinc, p->chroma_w, 0, x0, x1, wx);
  else
    prep_chroma_axis (x, c->shift_x, p->chroma_cosited & 1, p->chroma_w, x0,
        x1, wx);
  if (swscale && c->shift_y)
    prep_chroma_axis_swscale (y, p->chroma_yinc, p->chroma_h, 1, y0, y1, wy);
  else
    prep_chroma_axis (y, c->shift_y, (p->chroma_cosited >> 1) & 1,
        p->chroma_h, y0, y1, wy);
}

/* Chroma component @c at full-resolution pixel (x, y) with chroma_lerp:
 * its plane's samples around the chroma site, interpolated as
 * prep_bilerp () does (horizontal lerps first). */
PREP_FN float
prep_chroma (const PrepParams * p, const PrepComponent * c,
    const PrepPlanes * f, int x, int y)
{
  const uint8_t *r0, *r1;
  int x0, x1, y0, y1;
  float wx, wy;

  prep_chroma_taps (p, c, x, y, &x0, &x1, &wx, &y0, &y1, &wy);
  r0 = prep_row (f, c, y0 << c->shift_y);
  r1 = prep_row (f, c, y1 << c->shift_y);
  return prep_bilerp (prep_read (p, c, r0, x0 << c->shift_x), prep_read (p,
          c, r0, x1 << c->shift_x), prep_read (p, c, r1, x0 << c->shift_x),
      prep_read (p, c, r1, x1 << c->shift_x), wx, wy);
}

/* GStreamer videoconvert's 8-bit YUV -> RGB (gst-libs/gst/video/
 * video-orc.orc: video_orc_convert_AYUV_ARGB, the program of its "fast
 * AYUV -> RGB matrix", and video_orc_convert_I420_ARGB, its I420 path, the
 * same arithmetic): a code c in 0..255 is the signed byte s = c - 128,
 * widened to the 16-bit word of two copies of its byte (splatbw),
 *   w (c) = 257 s + (s < 0 ? 256 : 0);
 * a product with a coefficient K (the matrix's coefficient in 1/256,
 * rounded: PrepParams.vc) keeps its high 16 bits (mulhsw),
 *   h (w, K) = floor (w K / 2^16);
 * and each sum saturates to -128..127 before 128 is added back:
 *   Y' = h (w (y), K_Y),
 *   R = sat (Y' + h (w (v), K_RV)) + 128,
 *   G = sat (Y' + h (w (u), K_GU) + h (w (v), K_GV)) + 128,
 *   B = sat (Y' + h (w (u), K_BU)) + 128.
 * The matrix's constant column is not used: the offsets are the 128s, so
 * limited range comes out 2.4 steps darker than the exact conversion (Y
 * 235 gives 253).  |w K| < 2^15 * 2^10 = 2^25: the floor is taken of
 * w K + 2^25 >= 0, a multiple of 2^16 added and taken back. */
#define PREP_VC_Y 0
#define PREP_VC_RV 1
#define PREP_VC_GU 2
#define PREP_VC_GV 3
#define PREP_VC_BU 4

PREP_FN int
prep_vc_word (int c)
{
  int s = c - 128;

  return 257 * s + (s < 0 ? 256 : 0);
}

PREP_FN int
prep_vc_high (int w, int k)
{
  return ((w * k + (1 << 25)) >> 16) - (1 << 9);
}

PREP_FN float
prep_vc_byte (int v)
{
  return (float) (prep_clamp_int (v, -128, 127) + 128);
}

PREP_FN void
prep_vc_rgb (const PrepParams * p, int y, int u, int v, float rgb[3])
{
  int wy = prep_vc_high (prep_vc_word (y), p->vc[PREP_VC_Y]);
  int wu = prep_vc_word (u), wv = prep_vc_word (v);

  rgb[0] = prep_vc_byte (wy + prep_vc_high (wv, p->vc[PREP_VC_RV]));
  rgb[1] = prep_vc_byte (wy + prep_vc_high (wu, p->vc[PREP_VC_GU]) +
      prep_vc_high (wv, p->vc[PREP_VC_GV]));
  rgb[2] = prep_vc_byte (wy + prep_vc_high (wu, p->vc[PREP_VC_BU]));
}

/* Two chroma codes mixed as videoconvert's linear resampler does in 8-bit
 * integers (video-chroma.c: (3 a + b + 2) >> 2, (a + 3 b + 2) >> 2,
 * (a + b + 1) >> 1): @w is the weight of b (prep_chroma_taps ()'s), a
 * multiple of 2^-17 (exact in float), q = 2^17 w, and
 * ((2^17 - q) a + q b + 2^16) >> 17 is each of them (q = 0: a): the
 * nearest integer, halves up, within int. */
PREP_FN int
prep_vc_mix (int a, int b, float w)
{
  int q = (int) (w * 131072.0f);

  return ((131072 - q) * a + q * b + 65536) >> 17;
}

/* Chroma component @c of full-resolution pixel (x, y) for videoconvert:
 * without chroma_lerp the block's code; with it, as videoconvert's linear
 * resampler upsamples: each of the two chroma rows mixed horizontally
 * (prep_chroma_taps ()'s indices and weights) and rounded, then the two
 * results mixed vertically and rounded; a vertically cosited site is not
 * interpolated vertically (videoconvert's cosited vertical upsampler
 * passes the row through): the row of the pixel's block. */
PREP_FN int
prep_vc_chroma (const PrepParams * p, const PrepComponent * c,
    const PrepPlanes * f, int x, int y)
{
  const uint8_t *r0, *r1;
  int x0, x1, y0, y1, top, bottom;
  float wx, wy;

  if (!p->chroma_lerp)
    return prep_code8 (p, c, prep_row (f, c, y), x);
  prep_chroma_taps (p, c, x, y, &x0, &x1, &wx, &y0, &y1, &wy);
  if ((p->chroma_cosited >> 1) & 1)
    wy = 0.0f;
  r0 = prep_row (f, c, y0 << c->shift_y);
  r1 = prep_row (f, c, y1 << c->shift_y);
  top = prep_vc_mix (prep_code8 (p, c, r0, x0 << c->shift_x),
      prep_code8 (p, c, r0, x1 << c->shift_x), wx);
  bottom = prep_vc_mix (prep_code8 (p, c, r1, x0 << c->shift_x),
      prep_code8 (p, c, r1, x1 << c->shift_x), wx);
  return prep_vc_mix (top, bottom, wy);
}

/* The three components of tap (x, y) with the options: R, G, B of
 * prep_opencv_rgb () (opencv-8bit: the tap's own Y and its block's
 * chroma, as cvtColor) or of prep_vc_rgb () (videoconvert: its own Y and
 * prep_vc_chroma ()), or Y and the chroma of prep_chroma (). */
PREP_FN void
prep_tap3 (const PrepParams * p, const PrepPlanes * f, int x, int y,
    float v[3])
{
  const PrepComponent *c0 = &p->comp[0], *c1 = &p->comp[1], *c2 = &p->comp[2];

  if (p->color == PREP_CONV_OPENCV_8BIT) {
    prep_opencv_rgb (prep_code8 (p, c0, prep_row (f, c0, y), x),
        prep_code8 (p, c1, prep_row (f, c1, y), x),
        prep_code8 (p, c2, prep_row (f, c2, y), x), v);
    return;
  }
  if (p->color == PREP_CONV_VIDEOCONVERT) {
    prep_vc_rgb (p, prep_code8 (p, c0, prep_row (f, c0, y), x),
        prep_vc_chroma (p, c1, f, x, y), prep_vc_chroma (p, c2, f, x, y), v);
    return;
  }
  v[0] = prep_read (p, c0, prep_row (f, c0, y), x);
  v[1] = prep_chroma (p, c1, f, x, y);
  v[2] = prep_chroma (p, c2, f, x, y);
}

/* Whether the options' tap fetch applies. */
PREP_FN int
prep_special_taps (const PrepParams * p)
{
  return p->color == PREP_CONV_OPENCV_8BIT ||
      p->color == PREP_CONV_VIDEOCONVERT || p->chroma_lerp;
}

/* prep_sample () of the three components with prep_tap3 ()'s taps: the
 * same lerps in the same order. */
PREP_FN void
prep_sample_taps (const PrepParams * p, const PrepTap * tx,
    const PrepTap * ty, const PrepPlanes * f, float cv[3])
{
  float a[3], b[3], c[3], d[3];

  prep_tap3 (p, f, tx->i0, ty->i0, a);
  prep_tap3 (p, f, tx->i1, ty->i0, b);
  prep_tap3 (p, f, tx->i0, ty->i1, c);
  prep_tap3 (p, f, tx->i1, ty->i1, d);
  cv[0] = prep_bilerp (a[0], b[0], c[0], d[0], tx->w, ty->w);
  cv[1] = prep_bilerp (a[1], b[1], c[1], d[1], tx->w, ty->w);
  cv[2] = prep_bilerp (a[2], b[2], c[2], d[2], tx->w, ty->w);
}

/* The channel values of output pixel (tx, ty): padding or sample.  @taps
 * 0: the plain tap fetch only (the caller knows the options are off: the
 * kernel's plain entries, whose registers it keeps low); 1: the options'
 * too, where the parameters ask for them. */
PREP_FN void
prep_pixel_taps (const PrepParams * p, const PrepTap * tx,
    const PrepTap * ty, const PrepPlanes * f, float out[3], int taps)
{
  float cv[3];
  int k;

  if (!tx->inside || !ty->inside) {
    prep_pad_pixel (p, out);
    return;
  }
  if (taps && prep_special_taps (p))
    prep_sample_taps (p, tx, ty, f, cv);
  else
    for (k = 0; k < 3; k++)
      cv[k] = prep_sample (p, k, tx, ty, f);
  prep_convert_normalize (p, cv, out);
}

PREP_FN void
prep_pixel (const PrepParams * p, const PrepTap * tx, const PrepTap * ty,
    const PrepPlanes * f, float out[3])
{
  prep_pixel_taps (p, tx, ty, f, out, 1);
}

/* The vertical sum of component @c at full-resolution column @x for the
 * row taps @ty: sum over i, in order, of wy_i * sample (y_i, x), from 0,
 * every product and sum one float operation. */
PREP_FN float
prep_aa_vertical_sum (const PrepParams * p, const PrepComponent * c,
    const PrepAaTap * ty, const float *wy, const PrepPlanes * f, int x)
{
  float v = 0.0f;
  int i;

  for (i = 0; i < ty->count; i++)
    v = v + wy[ty->woff + i] * prep_read (p, c, prep_row (f, c,
            ty->first + i), x);
  return v;
}

/* Antialiased sample of component @k: for each column tap, the weighted
 * sum of its row taps in order (a vertical sum), then the weighted sum of
 * those, in order; sums start at 0 and every product and sum is one float
 * operation.  Vertical first: on the CPU a vertical sum is one contiguous
 * pass over source rows, shared by the output columns that read it (and
 * on the GPU by a block's threads: src/prep-aa-tile.h). */
PREP_FN float
prep_sample_aa (const PrepParams * p, int k, const PrepAaTap * tx,
    const PrepAaTap * ty, const float *wx, const float *wy,
    const PrepPlanes * f)
{
  const PrepComponent *c = &p->comp[k];
  float acc = 0.0f;
  int j;

  for (j = 0; j < tx->count; j++)
    acc = acc + wx[tx->woff + j] * prep_aa_vertical_sum (p, c, ty, wy, f,
        tx->first + j);
  return acc;
}

/* prep_sample_aa () of the three components with prep_tap3 ()'s taps:
 * per component the same products and sums in the same order. */
PREP_FN void
prep_sample_aa_taps (const PrepParams * p, const PrepAaTap * tx,
    const PrepAaTap * ty, const float *w, const PrepPlanes * f, float cv[3])
{
  float vs[3], t[3], wy;
  int i, j;

  cv[0] = cv[1] = cv[2] = 0.0f;
  for (j = 0; j < tx->count; j++) {
    vs[0] = vs[1] = vs[2] = 0.0f;
    for (i = 0; i < ty->count; i++) {
      prep_tap3 (p, f, tx->first + j, ty->first + i, t);
      wy = w[ty->woff + i];
      vs[0] = vs[0] + wy * t[0];
      vs[1] = vs[1] + wy * t[1];
      vs[2] = vs[2] + wy * t[2];
    }
    cv[0] = cv[0] + w[tx->woff + j] * vs[0];
    cv[1] = cv[1] + w[tx->woff + j] * vs[1];
    cv[2] = cv[2] + w[tx->woff + j] * vs[2];
  }
}

/* prep_pixel_taps () with antialiased taps; @w: the slot's weights;
 * @valid 0: a padding slot. */
PREP_FN void
prep_pixel_aa_taps (const PrepParams * p, const PrepAaTap * tx,
    const PrepAaTap * ty, int valid, const float *w, const PrepPlanes * f,
    float out[3], int taps)
{
  float cv[3];

  if (!valid || !tx->inside || !ty->inside) {
    prep_pad_pixel (p, out);
    return;
  }
  /* written out: a loop around the tap loops would not be unrolled, and a
   * run-time index into cv would put it in local memory on the GPU */
  if (taps && prep_special_taps (p)) {
    prep_sample_aa_taps (p, tx, ty, w, f, cv);
  } else {
    cv[0] = prep_sample_aa (p, 0, tx, ty, w, w, f);
    cv[1] = prep_sample_aa (p, 1, tx, ty, w, w, f);
    cv[2] = prep_sample_aa (p, 2, tx, ty, w, w, f);
  }
  prep_convert_normalize (p, cv, out);
}

PREP_FN void
prep_pixel_aa (const PrepParams * p, const PrepAaTap * tx,
    const PrepAaTap * ty, int valid, const float *w, const PrepPlanes * f,
    float out[3])
{
  prep_pixel_aa_taps (p, tx, ty, valid, w, f, out, 1);
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

/* v clamped to [0, 255] and rounded to the nearest integer, ties to even:
 * adding and subtracting 1.5 * 2^23 leaves the float rounded to an integer
 * (exact for |v| < 2^22, two IEEE additions, no FMA to merge them). */
PREP_FN int
prep_round_255 (float v)
{
  float c = v < 0.0f ? 0.0f : (v > 255.0f ? 255.0f : v);

  return (int) ((c + 12582912.0f) - 12582912.0f);
}

/* Bytes of one element. */
PREP_FN size_t
prep_elem_size (const PrepParams * p)
{
  return p->elem == PREP_ELEM_FLOAT32 ? 4 : (p->elem == PREP_ELEM_FLOAT16 ?
      2 : 1);
}

/* Element index of channel c of output pixel (x, y) within a slot. */
PREP_FN size_t
prep_out_index (const PrepParams * p, int x, int y, int c)
{
  size_t plane = (size_t) p->out_width * (size_t) p->out_height;
  size_t pix = (size_t) y * (size_t) p->out_width + (size_t) x;

  return p->nhwc ? pix * (size_t) p->channels + (size_t) c :
      (size_t) c * plane + pix;
}

/* The first byte of slot @slot of a batch tensor. */
PREP_FN void *
prep_slot_base (const PrepParams * p, void *dst, int slot)
{
  size_t elems = (size_t) p->out_width * (size_t) p->out_height *
      (size_t) p->channels;

  return (uint8_t *) dst + (size_t) slot * elems * prep_elem_size (p);
}

/* Element @index of a slot's tensor @dst gets value v. */
PREP_FN void
prep_store_one (const PrepParams * p, void *dst, size_t index, float v)
{
  if (p->elem == PREP_ELEM_FLOAT32)
    ((float *) dst)[index] = v;
  else if (p->elem == PREP_ELEM_FLOAT16)
    ((uint16_t *) dst)[index] = prep_float_to_half (v);
  else if (p->elem == PREP_ELEM_UINT8)
    ((uint8_t *) dst)[index] = (uint8_t) prep_round_255 (v);
  else
    ((int8_t *) dst)[index] = (int8_t) (prep_round_255 (v) - 128);
}

/* The channels written out, constant indices: a run-time index into v
 * would put it in local memory on the GPU. */
PREP_FN void
prep_store (const PrepParams * p, void *dst, int x, int y, const float v[3])
{
  prep_store_one (p, dst, prep_out_index (p, x, y, 0), v[0]);
  if (p->channels == 1)
    return;
  prep_store_one (p, dst, prep_out_index (p, x, y, 1), v[1]);
  prep_store_one (p, dst, prep_out_index (p, x, y, 2), v[2]);
}

#endif /* __PREP_MATH_H__ */
