/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The AVX2 row executor: 8 output pixels of a row at a time, giving the
 * same bits as the scalar reference (prep_rows_scalar ()).  Per pixel it
 * performs the IEEE operations of prep-math.h in the same order, each lane
 * one pixel:
 *   taps: the plan's column table and prep_axis_tap () per row;
 *   Y, U, V: top = a + (b - a) * wx, bottom likewise, then
 *            top + (bottom - top) * wy (prep_sample_yuv ());
 *   rgb[k] = clamp (((m0 * Y + m1 * U) + m2 * V) + m3) to [0, 255]: max then
 *            min, operands in the order that keeps prep_clamp_255 ()'s
 *            result for every input (-0 and NaN included);
 *   out[c] = rgb[perm[c]] * scale[c] + bias[c]; bands take pad[c].
 * Multiplies and adds stay separate: no FMA (the build has
 * -ffp-contract=off and this file never asks for FMA).
 * Bytes come from 32-bit gathers of words that end at a needed byte (see
 * PrepColumns), picked out by byte shuffles and converted exactly; blocks
 * whose words would start before a plane, and the row tail (width not a
 * multiple of 8), use the scalar per-pixel code.
 * The 8-lane steps are in prep-avx2-lanes.h; this file runs them over a
 * row, once per layout and element type (blocks ()).  Compiled with a
 * target attribute and only called when the CPU has AVX2 (checked once,
 * at run time: prep_cpu_have_avx2 ()). */

#include "prep-private.h"

#if defined (__x86_64__) && defined (__GNUC__)

#include "prep-avx2-lanes.h"

#define PREP_ALWAYS_INLINE inline __attribute__ ((always_inline))

typedef struct
{
  __m256 m[3][4];               /* row perm[c] of the matrix */
  __m256 scale[3];
  __m256 bias[3];
  __m256 pad[3];                /* NCHW: per channel; NHWC: 8 pixels */
} Coefs;

PREP_AVX2 static void
coefs_init (Coefs * k, const PrepParams * p)
{
  __m256 pad[3];
  int i, j;

  for (i = 0; i < 3; i++) {
    for (j = 0; j < 4; j++)
      k->m[i][j] = _mm256_set1_ps (p->m[p->perm[i]][j]);
    k->scale[i] = _mm256_set1_ps (p->scale[i]);
    k->bias[i] = _mm256_set1_ps (p->bias[i]);
    pad[i] = _mm256_set1_ps (p->pad[i]);
  }
  if (p->nhwc)
    interleave3 (pad, k->pad);
  else
    for (i = 0; i < 3; i++)
      k->pad[i] = pad[i];
}

/* 8 consecutive elements of a slot's tensor from element @index on, as
 * float32 or rounded to float16 (F16C, round to nearest even: the same bits
 * as prep_float_to_half ()). */
PREP_AVX2 static inline void
store_as (int half, void *dst, size_t index, __m256 v)
{
  if (half)
    _mm_storeu_si128 ((__m128i *) ((uint16_t *) dst + index),
        _mm256_cvtps_ph (v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
  else
    _mm256_storeu_ps ((float *) dst + index, v);
}

PREP_AVX2 static inline void
store_elems8 (const PrepParams * p, void *dst, size_t index, __m256 v)
{
  store_as (p->elem == PREP_ELEM_FLOAT16, dst, index, v);
}

/* Output pixels [x0, x1) of row oy take the pad values: 8 pixels per
 * 3 stores (NCHW: one per plane; NHWC: 24 interleaved elements), the rest
 * one element at a time. */
PREP_AVX2 static void
pad_span (const PrepParams * p, const Coefs * k, void *dst, int oy, int x0,
    int x1)
{
  size_t step = p->nhwc ? 8 : (size_t) p->out_width * p->out_height;
  int x8 = x0 + (x1 - x0) / 8 * 8, x, c;
  size_t at;

  for (x = x0; x < x8; x += 8) {
    at = prep_out_index (p, x, oy, 0);
    for (c = 0; c < 3; c++)
      store_elems8 (p, dst, at + c * step, k->pad[c]);
  }
  for (c = 0; c < 3; c++)
    for (x = x8; x < x1; x++)
      prep_store_one (p, dst, prep_out_index (p, x, oy, c), p->pad[c]);
}

/* The 3 channels of 8 pixels of row oy from x on (three stores written
 * out: a loop over c kept the vectors on the stack). */
PREP_AVX2 static PREP_ALWAYS_INLINE void
store8_as (int nhwc, int half, const PrepParams * p, void *dst, int x,
    int oy, const __m256 v[3])
{
  size_t plane = (size_t) p->out_width * (size_t) p->out_height;
  size_t pix = (size_t) oy * (size_t) p->out_width + (size_t) x;
  __m256 il[3];

  if (nhwc) {
    interleave3 (v, il);
    store_as (half, dst, pix * 3, il[0]);
    store_as (half, dst, pix * 3 + 8, il[1]);
    store_as (half, dst, pix * 3 + 16, il[2]);
  } else {
    store_as (half, dst, pix, v[0]);
    store_as (half, dst, pix + plane, v[1]);
    store_as (half, dst, pix + 2 * plane, v[2]);
  }
}

PREP_AVX2 static void
pixels_scalar (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, const PrepTap * ty, int oy, int x0, int x1)
{
  float v[3];
  int x;

  for (x = x0; x < x1; x++) {
    prep_pixel (s->params, &s->col_taps[x], ty, &f->src, v);
    prep_store (s->params, f->dst, x, oy, v);
  }
}

/* The 8-pixel blocks of row oy from x on, up to x1; returns where they
 * end.  nhwc and half are constants in each of blocks ()'s four calls, so
 * each copy has no branch on them and keeps its vectors in registers. */
PREP_AVX2 static PREP_ALWAYS_INLINE int
blocks_as (int nhwc, int half, const PrepParams * p, const PrepColumns * cols,
    const Rows * r, const Coefs * k, void *dst, int oy, int x, int x1)
{
  __m256 y, u, v, wx, out[3];

  for (; x + 8 <= x1; x += 8) {
    wx = _mm256_loadu_ps (cols->w + x);
    y = sample_y8 (cols, r, x, wx);
    sample_uv8 (cols, r, x, wx, &u, &v);
    out[0] = channel8 (k->m[0], k->scale[0], k->bias[0], y, u, v);
    out[1] = channel8 (k->m[1], k->scale[1], k->bias[1], y, u, v);
    out[2] = channel8 (k->m[2], k->scale[2], k->bias[2], y, u, v);
    store8_as (nhwc, half, p, dst, x, oy, out);
  }
  return x;
}

PREP_AVX2 static int
blocks (const PrepParams * p, const PrepColumns * cols, const Rows * r,
    const Coefs * k, void *dst, int oy, int x, int x1)
{
  int half = p->elem == PREP_ELEM_FLOAT16;

  if (p->nhwc)
    return half ? blocks_as (1, 1, p, cols, r, k, dst, oy, x, x1) :
        blocks_as (1, 0, p, cols, r, k, dst, oy, x, x1);
  return half ? blocks_as (0, 1, p, cols, r, k, dst, oy, x, x1) :
      blocks_as (0, 0, p, cols, r, k, dst, oy, x, x1);
}

PREP_AVX2 static void
row_inside (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, const Coefs * k, const PrepTap * ty, int oy)
{
  const PrepParams *p = s->params;
  const PrepColumns *cols = &s->cols;
  const PrepAxis *ax = &s->geom->ax;
  int x = prep_axis_first (ax), x1 = prep_axis_end (ax, p->out_width);
  Rows r;

  /* NV12 (plan->avx2): luma in plane 0, U V pairs in plane 1 */
  r.l0_at = (ptrdiff_t) ty->i0 * f->src.s0;
  r.c0_at = (ptrdiff_t) (ty->i0 / 2) * f->src.s1;
  r.l0 = f->src.d0 + r.l0_at;
  r.l1 = f->src.d0 + (ptrdiff_t) ty->i1 * f->src.s0;
  r.c0 = f->src.d1 + r.c0_at;
  r.c1 = f->src.d1 + (ptrdiff_t) (ty->i1 / 2) * f->src.s1;
  r.l_same = r.l0 == r.l1 || ty->w == 0.0f;
  r.c_same = r.c0 == r.c1 || ty->w == 0.0f;
  r.wy = _mm256_set1_ps (ty->w);
  /* the last byte of a row: the last luma sample, the last V */
  r.l_limit = _mm256_set1_epi32 (s->src_width - 1 - 15);
  r.c_limit = _mm256_set1_epi32 (((s->src_width - 1) | 1) - 15);
  for (; x + 8 <= x1 && !block_in_planes (cols, &r, x); x += 8)
    pixels_scalar (plan, s, f, ty, oy, x, x + 8);
  x = blocks (p, cols, &r, k, f->dst, oy, x, x1);
  pixels_scalar (plan, s, f, ty, oy, x, x1);
}

/* The generic path's blocks.  @kind fixes, when it is not KIND_ANY, the
 * sample width and which components take one gather per row (see
 * generic_kind ()), so that the common formats' copies have no branch on
 * them. */
enum
{
  KIND_ANY,                     /* read from p->wide and cols->single */
  KIND_BYTES_SINGLE,            /* 8-bit, every component single: I420 ... */
  KIND_WIDE_LUMA_SINGLE         /* 16-bit, only component 0 single: P010 */
};

PREP_AVX2 static PREP_ALWAYS_INLINE __m256
generic_comp8 (int kind, const PrepParams * p, const PrepColumns * cols,
    const CompRows * r, int k, int x, __m256 wx, int zero)
{
  if (kind == KIND_BYTES_SINGLE)
    return comp8 (cols, r, k, x, wx, 0, 1, zero);
  if (kind == KIND_WIDE_LUMA_SINGLE)
    return comp8 (cols, r, k, x, wx, 1, k == 0, zero);
  return comp8 (cols, r, k, x, wx, p->wide, cols->single[k], zero);
}

PREP_AVX2 static PREP_ALWAYS_INLINE int
generic_blocks_as (int kind, int nhwc, int half, const PrepParams * p,
    const PrepColumns * cols, const CompRows * r, const Coefs * k, void *dst,
    int oy, int x, int x1)
{
  __m256 c0, c1, c2, wx, out[3];
  int zero;

  for (; x + 8 <= x1; x += 8) {
    wx = _mm256_loadu_ps (cols->w + x);
    zero = _mm256_movemask_ps (_mm256_cmp_ps (wx, _mm256_setzero_ps (),
            _CMP_EQ_OQ)) == 0xff;
    c0 = generic_comp8 (kind, p, cols, r, 0, x, wx, zero);
    c1 = generic_comp8 (kind, p, cols, r, 1, x, wx, zero);
    c2 = generic_comp8 (kind, p, cols, r, 2, x, wx, zero);
    out[0] = channel8 (k->m[0], k->scale[0], k->bias[0], c0, c1, c2);
    out[1] = channel8 (k->m[1], k->scale[1], k->bias[1], c0, c1, c2);
    out[2] = channel8 (k->m[2], k->scale[2], k->bias[2], c0, c1, c2);
    store8_as (nhwc, half, p, dst, x, oy, out);
  }
  return x;
}

static int
generic_kind (const PrepParams * p, const PrepColumns * cols)
{
  int all = cols->single[0] && cols->single[1] && cols->single[2];

  if (!p->wide && all)
    return KIND_BYTES_SINGLE;
  if (p->wide && cols->single[0] && !cols->single[1] && !cols->single[2])
    return KIND_WIDE_LUMA_SINGLE;
  return KIND_ANY;
}

/* float32 NCHW, the common tensor, gets a copy per kind; the other
 * layouts and types one copy each, reading the kind at run time. */
PREP_AVX2 static int
generic_blocks (const PrepParams * p, const PrepColumns * cols,
    const CompRows * r, const Coefs * k, void *dst, int oy, int x, int x1)
{
  int half = p->elem == PREP_ELEM_FLOAT16;

  if (p->nhwc)
    return half ? generic_blocks_as (KIND_ANY, 1, 1, p, cols, r, k, dst, oy,
        x, x1) : generic_blocks_as (KIND_ANY, 1, 0, p, cols, r, k, dst, oy,
        x, x1);
  if (half)
    return generic_blocks_as (KIND_ANY, 0, 1, p, cols, r, k, dst, oy, x, x1);
  switch (generic_kind (p, cols)) {
    case KIND_BYTES_SINGLE:
      return generic_blocks_as (KIND_BYTES_SINGLE, 0, 0, p, cols, r, k, dst,
          oy, x, x1);
    case KIND_WIDE_LUMA_SINGLE:
      return generic_blocks_as (KIND_WIDE_LUMA_SINGLE, 0, 0, p, cols, r, k,
          dst, oy, x, x1);
    default:
      return generic_blocks_as (KIND_ANY, 0, 0, p, cols, r, k, dst, oy, x, x1);
  }
}

PREP_AVX2 static void
row_inside_generic (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, const Coefs * k, const PrepTap * ty, int oy)
{
  const PrepParams *p = s->params;
  const PrepAxis *ax = &s->geom->ax;
  int x = prep_axis_first (ax), x1 = prep_axis_end (ax, p->out_width), c;
  CompRows r;

  for (c = 0; c < 3; c++) {
    r.r0[c] = prep_row (&f->src, &p->comp[c], ty->i0);
    r.r1[c] = prep_row (&f->src, &p->comp[c], ty->i1);
    r.at0[c] = r.r0[c] - plane_base (&f->src, &p->comp[c]);
    r.same[c] = r.r0[c] == r.r1[c] || ty->w == 0.0f;
    /* a row's bytes end with its last sample's */
    r.limit[c] = _mm256_set1_epi32 (p->comp[c].offset + ((s->src_width
                - 1) >> p->comp[c].shift_x) * p->comp[c].step + p->wide - 15);
  }
  r.wy = _mm256_set1_ps (ty->w);
  for (; x + 8 <= x1 && !block_in_comp_planes (&s->cols, &r, x); x += 8)
    pixels_scalar (plan, s, f, ty, oy, x, x + 8);
  x = generic_blocks (p, &s->cols, &r, k, f->dst, oy, x, x1);
  pixels_scalar (plan, s, f, ty, oy, x, x1);
}

/* One output row: the letterbox bands left and right of the inner columns
 * (or the whole row in a band), the inner columns from the source. */
PREP_AVX2 static void
row_avx2 (const PrepPlan * plan, const PrepSlotView * s, const PrepPass * f,
    const Coefs * k, int oy)
{
  const PrepParams *p = s->params;
  const PrepAxis *ax = &s->geom->ax;
  PrepTap ty = prep_axis_tap (&s->geom->ay, oy, p->nearest);
  int x0 = prep_axis_first (ax), x1 = prep_axis_end (ax, p->out_width);

  if (!ty.inside || !s->geom->valid)
    x0 = x1 = p->out_width;
  pad_span (p, k, f->dst, oy, 0, x0);
  pad_span (p, k, f->dst, oy, x1, p->out_width);
  if (x0 < x1 && !s->nv12)
    row_inside_generic (plan, s, f, k, &ty, oy);
  else if (x0 < x1)
    row_inside (plan, s, f, k, &ty, oy);
}

PREP_AVX2 void
prep_avx2_finish_row (const PrepParams * p, const float *const cv[3],
    void *dst, int oy, int x0, int x1)
{
  int half = p->elem == PREP_ELEM_FLOAT16, x = x0, c;
  __m256 in[3], out[3];
  float v[3], o[3];
  Coefs k;

  coefs_init (&k, p);
  pad_span (p, &k, dst, oy, 0, x0);
  pad_span (p, &k, dst, oy, x1, p->out_width);
  for (; x + 8 <= x1; x += 8) {
    for (c = 0; c < 3; c++)
      in[c] = _mm256_loadu_ps (cv[c] + (x - x0));
    for (c = 0; c < 3; c++)
      out[c] = channel8 (k.m[c], k.scale[c], k.bias[c], in[0], in[1], in[2]);
    store8_as (p->nhwc, half, p, dst, x, oy, out);
  }
  for (; x < x1; x++) {
    for (c = 0; c < 3; c++)
      v[c] = cv[c][x - x0];
    prep_convert_normalize (p, v, o);
    prep_store (p, dst, x, oy, o);
  }
}

PREP_AVX2 void
prep_rows_avx2 (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, int row_begin, int row_end)
{
  Coefs k;
  int oy;

  coefs_init (&k, s->params);
  for (oy = row_begin; oy < row_end; oy++)
    row_avx2 (plan, s, f, &k, oy);
}

#else /* no x86-64 GCC or Clang: the scalar path only */

void
prep_rows_avx2 (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, int row_begin, int row_end)
{
  prep_rows_scalar (plan, s, f, row_begin, row_end);
}

#endif
