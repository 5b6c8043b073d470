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
 * Compiled with a target attribute and only called when the CPU has AVX2
 * (checked at run time). */

#include "prep-private.h"

#if defined (__x86_64__) && defined (__GNUC__)

#include <cpuid.h>
#include <immintrin.h>

#define PREP_AVX2 __attribute__ ((target ("avx2,f16c")))

/* AVX2 and F16C (the float16 stores); every AVX2 CPU has F16C, but it is
 * checked, not assumed: CPUID leaf 1, ECX bit 29. */
int
prep_cpu_have_avx2 (void)
{
  unsigned int eax, ebx, ecx, edx;

  __builtin_cpu_init ();
  if (!__builtin_cpu_supports ("avx2"))
    return 0;
  if (!__get_cpuid (1, &eax, &ebx, &ecx, &edx))
    return 0;
  return (ecx & (1u << 29)) != 0;
}

typedef struct
{
  __m256 m[3][4];               /* row perm[c] of the matrix */
  __m256 scale[3];
  __m256 bias[3];
  __m256 pad[3];                /* NCHW: per channel; NHWC: 8 pixels */
} Coefs;

/* The source rows of one output row.  When both row taps read the same
 * luma (chroma) row, the vertical lerp t + (t - t) * wy is exactly t (t is
 * a lerp of bytes: finite, never -0; wy >= +0), so it and the second row
 * are skipped: l_same (c_same). */
typedef struct
{
  const uint8_t *l0, *l1, *c0, *c1;
  ptrdiff_t l0_at, c0_at;       /* offsets of l0 and c0 in their planes */
  int l_same, c_same;
  __m256 wy;
} Rows;

/* prep_lerp () */
PREP_AVX2 static inline __m256
lerp8 (__m256 a, __m256 b, __m256 w)
{
  return _mm256_add_ps (a, _mm256_mul_ps (_mm256_sub_ps (b, a), w));
}

/* The byte that sel picks in each 32-bit lane, as float (exact). */
PREP_AVX2 static inline __m256
pick (__m256i d, __m256i sel)
{
  return _mm256_cvtepi32_ps (_mm256_shuffle_epi8 (d, sel));
}

PREP_AVX2 static inline __m256
top_byte (__m256i d)
{
  return _mm256_cvtepi32_ps (_mm256_srli_epi32 (d, 24));
}

/* A per-lane selector as a shuffle control: the shuffle indexes the bytes
 * of a 16-byte half, so lane k of a half adds 4 k to its byte index. */
PREP_AVX2 static inline __m256i
lane_sel (__m256i sel)
{
  return _mm256_add_epi32 (sel, _mm256_setr_epi32 (0, 4, 8, 12, 0, 4, 8, 12));
}

PREP_AVX2 static inline __m256i
gather8 (const uint8_t * row, __m256i at)
{
  return _mm256_i32gather_epi32 ((const int *) row, at, 1);
}

/* 3 vectors of 8 (one per channel) -> 24 interleaved floats: each channel
 * permuted once, then blended (r0 g0 b0 r1 ... | b2 r3 g3 ... | g5 b5 ...). */
PREP_AVX2 static void
interleave3 (const __m256 v[3], __m256 o[3])
{
  __m256 r = _mm256_permutevar8x32_ps (v[0],
      _mm256_setr_epi32 (0, 3, 6, 1, 4, 7, 2, 5));
  __m256 g = _mm256_permutevar8x32_ps (v[1],
      _mm256_setr_epi32 (5, 0, 3, 6, 1, 4, 7, 2));
  __m256 b = _mm256_permutevar8x32_ps (v[2],
      _mm256_setr_epi32 (2, 5, 0, 3, 6, 1, 4, 7));

  o[0] = _mm256_blend_ps (_mm256_blend_ps (r, g, 0x92), b, 0x24);
  o[1] = _mm256_blend_ps (_mm256_blend_ps (r, g, 0x24), b, 0x49);
  o[2] = _mm256_blend_ps (_mm256_blend_ps (r, g, 0x49), b, 0x92);
}

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
store_elems8 (const PrepParams * p, void *dst, size_t index, __m256 v)
{
  if (p->half)
    _mm_storeu_si128 ((__m128i *) ((uint16_t *) dst + index),
        _mm256_cvtps_ph (v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
  else
    _mm256_storeu_ps ((float *) dst + index, v);
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

PREP_AVX2 static inline __m256
luma_row8 (const uint8_t * row, __m256i at, __m256i sel, __m256 wx)
{
  __m256i d = gather8 (row, at);

  return lerp8 (pick (d, sel), top_byte (d), wx);
}

PREP_AVX2 static inline __m256
sample_y8 (const PrepColumns * cols, const Rows * r, int x, __m256 wx)
{
  __m256i at = _mm256_loadu_si256 ((const __m256i *) (cols->y_word + x));
  __m256i sel = lane_sel (_mm256_loadu_si256 ((const __m256i *)
          (cols->y_sel + x)));
  __m256 top = luma_row8 (r->l0, at, sel, wx);

  if (r->l_same)
    return top;
  return lerp8 (top, luma_row8 (r->l1, at, sel, wx), r->wy);
}

/* One chroma row, horizontally, from the words (U', V', U, V) of pairs
 * i1 / 2 - 1 and i1 / 2: the pair of i0 is picked by usel. */
PREP_AVX2 static inline void
chroma_row8 (const uint8_t * row, __m256i at, __m256i usel, __m256 wx,
    __m256 * u, __m256 * v)
{
  __m256i d = gather8 (row, at);
  __m256i vsel = _mm256_add_epi32 (usel, _mm256_set1_epi32 (1));
  __m256i u1 = lane_sel (_mm256_set1_epi32 ((int) (PREP_SEL_ZERO | 2)));

  *u = lerp8 (pick (d, usel), pick (d, u1), wx);
  *v = lerp8 (pick (d, vsel), top_byte (d), wx);
}

PREP_AVX2 static inline void
sample_uv8 (const PrepColumns * cols, const Rows * r, int x, __m256 wx,
    __m256 * u, __m256 * v)
{
  __m256i at = _mm256_loadu_si256 ((const __m256i *) (cols->c_word + x));
  __m256i usel = lane_sel (_mm256_loadu_si256 ((const __m256i *)
          (cols->c_sel + x)));
  __m256 u1, v1;

  chroma_row8 (r->c0, at, usel, wx, u, v);
  if (r->c_same)
    return;
  chroma_row8 (r->c1, at, usel, wx, &u1, &v1);
  *u = lerp8 (*u, u1, r->wy);
  *v = lerp8 (*v, v1, r->wy);
}

/* prep_convert_normalize () on 8 pixels, for tensor channel c whose
 * matrix row is m = p->m[perm[c]] (coefs_init ()).  max (0, t) is
 * 0 > t ? 0 : t and min (255, t) is 255 < t ? 255 : t (the first operand
 * wins only when the comparison holds), as prep_clamp_255 (). */
PREP_AVX2 static inline __m256
channel8 (const __m256 m[4], __m256 scale, __m256 bias, __m256 y, __m256 u,
    __m256 v)
{
  __m256 t = _mm256_add_ps (_mm256_mul_ps (m[0], y), _mm256_mul_ps (m[1], u));

  t = _mm256_add_ps (t, _mm256_mul_ps (m[2], v));
  t = _mm256_add_ps (t, m[3]);
  t = _mm256_max_ps (_mm256_setzero_ps (), t);
  t = _mm256_min_ps (_mm256_set1_ps (255.0f), t);
  return _mm256_add_ps (_mm256_mul_ps (t, scale), bias);
}

PREP_AVX2 static inline void
store8 (const PrepParams * p, void *dst, int x, int oy, const __m256 v[3])
{
  size_t plane = (size_t) p->out_width * (size_t) p->out_height;
  size_t at = prep_out_index (p, x, oy, 0);
  __m256 il[3];
  int c;

  if (p->nhwc) {
    interleave3 (v, il);
    for (c = 0; c < 3; c++)
      store_elems8 (p, dst, at + 8 * c, il[c]);
  } else {
    for (c = 0; c < 3; c++)
      store_elems8 (p, dst, at + plane * c, v[c]);
  }
}

PREP_AVX2 static void
pixels_scalar (const PrepPlan * plan, const PrepSlotView * s,
    const PrepFrame * f, const PrepTap * ty, int oy, int x0, int x1)
{
  float v[3];
  int x;

  for (x = x0; x < x1; x++) {
    prep_pixel (&plan->params, &s->col_taps[x], ty, f->y, f->y_stride,
        f->uv, f->uv_stride, v);
    prep_store (&plan->params, f->dst, x, oy, v);
  }
}

static inline int
block_in_planes (const PrepColumns * cols, const Rows * r, int x)
{
  return r->l0_at + cols->y_word[x] >= 0 && r->c0_at + cols->c_word[x] >= 0;
}

PREP_AVX2 static void
row_inside (const PrepPlan * plan, const PrepSlotView * s,
    const PrepFrame * f, const Coefs * k, const PrepTap * ty, int oy)
{
  const PrepParams *p = &plan->params;
  const PrepColumns *cols = &s->cols;
  const PrepAxis *ax = &s->geom->ax;
  int x = ax->offset, x1 = ax->offset + ax->inner;
  __m256 y, u, v, wx, out[3];
  Rows r;

  r.l0_at = (ptrdiff_t) ty->i0 * f->y_stride;
  r.c0_at = (ptrdiff_t) (ty->i0 / 2) * f->uv_stride;
  r.l0 = f->y + r.l0_at;
  r.l1 = f->y + (ptrdiff_t) ty->i1 * f->y_stride;
  r.c0 = f->uv + r.c0_at;
  r.c1 = f->uv + (ptrdiff_t) (ty->i1 / 2) * f->uv_stride;
  r.l_same = r.l0 == r.l1;
  r.c_same = r.c0 == r.c1;
  r.wy = _mm256_set1_ps (ty->w);
  for (; x + 8 <= x1 && !block_in_planes (cols, &r, x); x += 8)
    pixels_scalar (plan, s, f, ty, oy, x, x + 8);
  for (; x + 8 <= x1; x += 8) {
    wx = _mm256_loadu_ps (cols->w + x);
    y = sample_y8 (cols, &r, x, wx);
    sample_uv8 (cols, &r, x, wx, &u, &v);
    out[0] = channel8 (k->m[0], k->scale[0], k->bias[0], y, u, v);
    out[1] = channel8 (k->m[1], k->scale[1], k->bias[1], y, u, v);
    out[2] = channel8 (k->m[2], k->scale[2], k->bias[2], y, u, v);
    store8 (p, f->dst, x, oy, out);
  }
  pixels_scalar (plan, s, f, ty, oy, x, x1);
}

/* One output row: the letterbox bands left and right of the inner columns
 * (or the whole row in a band), the inner columns from the source. */
PREP_AVX2 static void
row_avx2 (const PrepPlan * plan, const PrepSlotView * s, const PrepFrame * f,
    const Coefs * k, int oy)
{
  const PrepParams *p = &plan->params;
  const PrepAxis *ax = &s->geom->ax;
  PrepTap ty = prep_axis_tap (&s->geom->ay, oy, p->nearest);
  int x0 = ax->offset, x1 = ax->offset + ax->inner;

  if (!ty.inside || !s->geom->valid)
    x0 = x1 = p->out_width;
  pad_span (p, k, f->dst, oy, 0, x0);
  pad_span (p, k, f->dst, oy, x1, p->out_width);
  if (x0 < x1)
    row_inside (plan, s, f, k, &ty, oy);
}

PREP_AVX2 void
prep_rows_avx2 (const PrepPlan * plan, const PrepSlotView * s,
    const PrepFrame * f, int row_begin, int row_end)
{
  Coefs k;
  int oy;

  coefs_init (&k, &plan->params);
  for (oy = row_begin; oy < row_end; oy++)
    row_avx2 (plan, s, f, &k, oy);
}

#else /* no x86-64 GCC or Clang: the scalar path only */

int
prep_cpu_have_avx2 (void)
{
  return 0;
}

void
prep_rows_avx2 (const PrepPlan * plan, const PrepSlotView * s,
    const PrepFrame * f, int row_begin, int row_end)
{
  prep_rows_scalar (plan, s, f, row_begin, row_end);
}

#endif
