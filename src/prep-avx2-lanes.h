/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* prep-math.h on 8 lanes: the sampling and colour steps of the AVX2 row
 * executor (prep-cpu-avx2.c, which says how each keeps the scalar bits),
 * one output pixel per lane, and the loads and transposes of the
 * antialiased one (prep-cpu-aa.c).  Private to those files: it is only
 * included on x86-64 with GCC or Clang, and every function carries the
 * AVX2 target attribute, so the rest of the build needs no -mavx2. */

#ifndef __PREP_AVX2_LANES_H__
#define __PREP_AVX2_LANES_H__

#include <immintrin.h>

#include "prep-private.h"

/* The source rows of one output row.  When both row taps read the same
 * luma (chroma) row, the vertical lerp t + (t - t) * wy is exactly t (t is
 * a lerp of bytes: finite, never -0; wy >= +0), and when wy is 0,
 * t + (b - t) * 0 is t too: then it and the second row are skipped:
 * l_same (c_same). */
typedef struct
{
  const uint8_t *l0, *l1, *c0, *c1;
  ptrdiff_t l0_at, c0_at;       /* offsets of l0 and c0 in their planes */
  int l_same, c_same;
  __m256i l_limit, c_limit;     /* see words_ctl () */
  __m256 wy;
} Rows;

/* Whether @f is +0 (not -0). */
static inline int
plus_zero (float f)
{
  union
  {
    float f;
    uint32_t u;
  } b;

  b.f = f;
  return b.u == 0;
}

/* Whether the tensor needs component C0 alone: channel-order=gray whose
 * luma row multiplies C1 and C2 by +0 (YUV and GRAY8 inputs).  Then
 * C1 = C2 = 0 gives prep_convert_normalize ()'s bits: +0 * c is +0 for
 * every sampled c (finite and never below +0, never -0: bytes, lerped or
 * summed with weights >= 0 from +0), as +0 * 0 is, so every sum that
 * follows sees the same operands. */
static inline int
luma_only (const PrepParams * p)
{
  const float *m = p->m[p->perm[0]];

  return p->channels == 1 && plus_zero (m[1]) && plus_zero (m[2]);
}

/* prep_lerp () */
PREP_AVX2 static inline __m256
lerp8 (__m256 a, __m256 b, __m256 w)
{
  return _mm256_add_ps (a, _mm256_mul_ps (_mm256_sub_ps (b, a), w));
}

/* Whether every lane of the weights @w is 0 (luma_row8 ()). */
PREP_AVX2 static inline int
all_zero8 (__m256 w)
{
  return _mm256_movemask_ps (_mm256_cmp_ps (w, _mm256_setzero_ps (),
          _CMP_EQ_OQ)) == 0xff;
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

/* The words gather8 (row, at) reads, from two 16-byte loads (one per
 * half, at its first lane's word), moved into place by @ctl (words_ctl ()).
 * Cheaper than a gather where the words lie close together: a downscale
 * by up to 3 of a planar 8-bit component. */
PREP_AVX2 static inline __m256i
load_words8 (const uint8_t * row, __m256i at, __m256i ctl)
{
  __m128i lo = _mm_loadu_si128 ((const __m128i *) (row +
          _mm256_extract_epi32 (at, 0)));
  __m128i hi = _mm_loadu_si128 ((const __m128i *) (row +
          _mm256_extract_epi32 (at, 4)));

  return _mm256_shuffle_epi8 (_mm256_set_m128i (hi, lo), ctl);
}

/* load_words8 ()'s control for the words at @at, and whether it may be
 * used: each half's words within 16 bytes of its first, and no word past
 * @limit (the last start of a 16-byte load that stays in a row). */
PREP_AVX2 static inline int
words_ctl (__m256i at, __m256i limit, __m256i * ctl)
{
  __m256i off = _mm256_sub_epi32 (at, _mm256_permutevar8x32_epi32 (at,
          _mm256_setr_epi32 (0, 0, 0, 0, 4, 4, 4, 4)));
  __m256i bad = _mm256_or_si256 (_mm256_cmpgt_epi32 (off,
          _mm256_set1_epi32 (12)), _mm256_cmpgt_epi32 (at, limit));

  /* byte b of a lane reads byte off + b of its half (off <= 12) */
  *ctl = _mm256_add_epi32 (_mm256_shuffle_epi8 (off,
          _mm256_setr_epi8 (0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12,
              12, 0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12)),
      _mm256_set1_epi32 (0x03020100));
  return _mm256_testz_si256 (bad, bad);
}

/* 3 vectors of 8 (one per channel) -> 24 interleaved floats: each channel
 * permuted once, then blended (r0 g0 b0 r1 ... | b2 r3 g3 ... | g5 b5 ...). */
PREP_AVX2 static inline void
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

/* One luma row, horizontally: i0's byte (sel) and i1's (the top one).
 * When every lane's weight is 0 (nearest taps, or a scale whose samples
 * fall on pixels), a + (b - a) * 0 is a (a, b finite, a never -0): i0's
 * byte alone (@zero), as comp_row8 () does. */
PREP_AVX2 static inline __m256
luma_row8 (__m256i d, __m256i sel, __m256 wx, int zero)
{
  if (zero)
    return pick (d, sel);
  return lerp8 (pick (d, sel), top_byte (d), wx);
}

/* A block's words in a row: loaded when @fast, else gathered. */
PREP_AVX2 static inline __m256i
words8 (const uint8_t * row, __m256i at, int fast, __m256i ctl)
{
  return fast ? load_words8 (row, at, ctl) : gather8 (row, at);
}

PREP_AVX2 static inline __m256
sample_y8 (const PrepColumns * cols, const Rows * r, int x, __m256 wx,
    int zero)
{
  __m256i at = _mm256_loadu_si256 ((const __m256i *) (cols->y_word + x));
  __m256i sel = lane_sel (_mm256_loadu_si256 ((const __m256i *)
          (cols->y_sel + x)));
  __m256i ctl;
  int fast = words_ctl (at, r->l_limit, &ctl);
  __m256 top = luma_row8 (words8 (r->l0, at, fast, ctl), sel, wx, zero);

  if (r->l_same)
    return top;
  return lerp8 (top, luma_row8 (words8 (r->l1, at, fast, ctl), sel, wx,
          zero), r->wy);
}

/* One chroma row, horizontally, from the words (U', V', U, V) of pairs
 * i1 / 2 - 1 and i1 / 2: the pair of i0 is picked by usel; with @zero
 * weights that pair alone (luma_row8 ()). */
PREP_AVX2 static inline void
chroma_row8 (__m256i d, __m256i usel, __m256 wx, int zero, __m256 * u,
    __m256 * v)
{
  __m256i vsel = _mm256_add_epi32 (usel, _mm256_set1_epi32 (1));
  __m256i u1 = lane_sel (_mm256_set1_epi32 ((int) (PREP_SEL_ZERO | 2)));

  if (zero) {
    *u = pick (d, usel);
    *v = pick (d, vsel);
    return;
  }
  *u = lerp8 (pick (d, usel), pick (d, u1), wx);
  *v = lerp8 (pick (d, vsel), top_byte (d), wx);
}

PREP_AVX2 static inline void
sample_uv8 (const PrepColumns * cols, const Rows * r, int x, __m256 wx,
    int zero, __m256 * u, __m256 * v)
{
  __m256i at = _mm256_loadu_si256 ((const __m256i *) (cols->c_word + x));
  __m256i usel = lane_sel (_mm256_loadu_si256 ((const __m256i *)
          (cols->c_sel + x)));
  __m256i ctl;
  int fast = words_ctl (at, r->c_limit, &ctl);
  __m256 u1, v1;

  chroma_row8 (words8 (r->c0, at, fast, ctl), usel, wx, zero, u, v);
  if (r->c_same)
    return;
  chroma_row8 (words8 (r->c1, at, fast, ctl), usel, wx, zero, &u1, &v1);
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

static inline int
block_in_planes (const PrepColumns * cols, const Rows * r, int x)
{
  return r->l0_at + cols->y_word[x] >= 0 && r->c0_at + cols->c_word[x] >= 0;
}

/* The generic path (every format but NV12): per component, the two source
 * rows of the output row and where the first starts in its plane; same:
 * the second row is skipped, because it is the first or because the row
 * weight is 0 (t + (b - t) * 0 is t, as in comp_row8 ()). */
typedef struct
{
  const uint8_t *r0[3], *r1[3];
  ptrdiff_t at0[3];
  int same[3];
  __m256i limit[3];             /* see words_ctl () */
  __m256 wy;
} CompRows;

/* prep_wide_bits () on 16-bit containers in the low 16 bits of each
 * lane (the high 16 zero): themselves, or with @lsb10 their 10 low bits
 * moved to the top, the 6 high bits masked off. */
PREP_AVX2 static inline __m256i
wide_bits8 (__m256i u, int lsb10)
{
  if (lsb10)
    return _mm256_slli_epi32 (_mm256_and_si256 (u, _mm256_set1_epi32 (0x3ff)),
        6);
  return u;
}

/* The sample in each lane's word: its top byte, or its top 16 bits (a
 * little-endian container, prep_wide_bits ()) times 2^-8, as
 * prep_read (). */
PREP_AVX2 static inline __m256
word_value8 (__m256i d, int wide, int lsb10)
{
  if (wide)
    return _mm256_mul_ps (_mm256_cvtepi32_ps (wide_bits8 (_mm256_srli_epi32 (d,
                    16), lsb10)), _mm256_set1_ps (0.00390625f));
  return _mm256_cvtepi32_ps (_mm256_srli_epi32 (d, 24));
}

/* One source row, horizontally.  When every lane's weight is 0 (a scale
 * whose samples fall on pixels), a + (b - a) * 0 is a (finite a, b; a never
 * -0): the second gather is skipped (zero_wx). */
PREP_AVX2 static inline __m256
comp_row8 (const uint8_t * row, __m256i a0, __m256i a1, __m256 wx, int wide,
    int lsb10, int zero_wx)
{
  __m256 v0 = word_value8 (gather8 (row, a0), wide, lsb10);

  if (zero_wx)
    return v0;
  return lerp8 (v0, word_value8 (gather8 (row, a1), wide, lsb10), wx);
}

/* The same when both taps lie in the word @d that ends at i1's sample
 * (PrepColumns.single); @pick selects i0's sample. */
PREP_AVX2 static inline __m256
comp_row8_single (__m256i d, __m256i pick, __m256 wx, int wide, int lsb10,
    int zero_wx)
{
  __m256 v0;

  /* a 16-bit pick selects two bytes: both move with the lane */
  if (wide)
    v0 = _mm256_mul_ps (_mm256_cvtepi32_ps (wide_bits8 (_mm256_shuffle_epi8
                (d, _mm256_add_epi32 (pick, _mm256_setr_epi32 (0, 0x404,
                            0x808, 0xc0c, 0, 0x404, 0x808, 0xc0c))), lsb10)),
        _mm256_set1_ps (0.00390625f));
  else
    v0 = _mm256_cvtepi32_ps (_mm256_shuffle_epi8 (d, lane_sel (pick)));
  if (zero_wx)
    return v0;
  return lerp8 (v0, word_value8 (d, wide, lsb10), wx);
}

/* prep_sample () of component k on 8 pixels; a vertical lerp between
 * equal rows is skipped as in sample_y8 (). */
PREP_AVX2 static inline __m256
comp8 (const PrepColumns * cols, const CompRows * r, int k, int x,
    __m256 wx, int wide, int lsb10, int single, int zero_wx)
{
  __m256i a0 = _mm256_loadu_si256 ((const __m256i *) (cols->word[k][0] + x));
  __m256i a1 = _mm256_loadu_si256 ((const __m256i *) (cols->word[k][1] + x));
  __m256i ctl;
  __m256 top, bottom;
  int fast;

  if (single) {
    fast = words_ctl (a1, r->limit[k], &ctl);
    top = comp_row8_single (words8 (r->r0[k], a1, fast, ctl), a0, wx,
        wide, lsb10, zero_wx);
    if (r->same[k])
      return top;
    bottom = comp_row8_single (words8 (r->r1[k], a1, fast, ctl), a0, wx,
        wide, lsb10, zero_wx);
  } else {
    top = comp_row8 (r->r0[k], a0, a1, wx, wide, lsb10, zero_wx);
    if (r->same[k])
      return top;
    bottom = comp_row8 (r->r1[k], a0, a1, wx, wide, lsb10, zero_wx);
  }
  return lerp8 (top, bottom, r->wy);
}

/* The first byte of component @c's plane. */
static inline const uint8_t *
plane_base (const PrepPlanes * f, const PrepComponent * c)
{
  return c->plane == 0 ? f->d0 : (c->plane == 1 ? f->d1 : f->d2);
}

/* Whether every component's words of the block at x start inside their
 * planes (the first lane's is the lowest: taps grow with x). */
static inline int
block_in_comp_planes (const PrepColumns * cols, const CompRows * r, int x)
{
  int k;

  for (k = 0; k < 3; k++)
    if (r->at0[k] + cols->word[k][cols->single[k]][x] < 0)
      return 0;
  return 1;
}

/* 8 samples of a component from @s on, @step bytes apart (1, 2 or 4:
 * 8 * step bytes read), as prep_read () reads them (@wide, @lsb10: its
 * PrepParams'). */
PREP_AVX2 static inline __m256
aa_load8 (const uint8_t * s, int step, int wide, int lsb10)
{
  __m256i d;

  if (step == 1)
    d = _mm256_cvtepu8_epi32 (_mm_loadl_epi64 ((const __m128i *) s));
  else if (step == 2)
    d = _mm256_cvtepu16_epi32 (_mm_loadu_si128 ((const __m128i *) s));
  else
    d = _mm256_loadu_si256 ((const __m256i *) s);
  d = _mm256_and_si256 (d, _mm256_set1_epi32 (wide ? 0xffff : 0xff));
  if (wide)
    return _mm256_mul_ps (_mm256_cvtepi32_ps (wide_bits8 (d, lsb10)),
        _mm256_set1_ps (0.00390625f));
  return _mm256_cvtepi32_ps (d);
}

/* The 8 vectors @r (8 x 8 floats) transposed into @dst: element l of
 * r[i] at dst[l * ds + i]. */
PREP_AVX2 static inline void
aa_transpose8 (__m256 r[8], float *dst, size_t ds)
{
  __m256 t[8];
  int i;

  for (i = 0; i < 8; i += 2) {
    t[i] = _mm256_unpacklo_ps (r[i], r[i + 1]);
    t[i + 1] = _mm256_unpackhi_ps (r[i], r[i + 1]);
  }
  for (i = 0; i < 8; i += 4) {
    r[i] = _mm256_shuffle_ps (t[i], t[i + 2], 0x44);
    r[i + 1] = _mm256_shuffle_ps (t[i], t[i + 2], 0xee);
    r[i + 2] = _mm256_shuffle_ps (t[i + 1], t[i + 3], 0x44);
    r[i + 3] = _mm256_shuffle_ps (t[i + 1], t[i + 3], 0xee);
  }
  for (i = 0; i < 4; i++) {
    _mm256_storeu_ps (dst + i * ds, _mm256_permute2f128_ps (r[i], r[i + 4],
            0x20));
    _mm256_storeu_ps (dst + (i + 4) * ds, _mm256_permute2f128_ps (r[i],
            r[i + 4], 0x31));
  }
}

#endif /* __PREP_AVX2_LANES_H__ */
