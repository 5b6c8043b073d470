/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The AVX2 row executor: 8 output pixels of a row at a time, giving the
 * same bits as the scalar reference (prep_rows_scalar ()) for every output
 * kind: float32, float16, uint8 and int8; RGB, BGR and gray; NCHW and
 * NHWC; bilinear, nearest and nearest-floor taps.  Per pixel it performs
 * the IEEE operations of prep-math.h in the same order, each lane one
 * pixel:
 *   taps: the plan's column table and prep_axis_tap () per row;
 *   C0, C1, C2: top = a + (b - a) * wx, bottom likewise, then
 *            top + (bottom - top) * wy (prep_bilerp ());
 *   rgb[k] = clamp (((m0 * C0 + m1 * C1) + m2 * C2) + m3) to [0, 255]: min
 *            and max with operands in the order that keeps
 *            prep_clamp_255 ()'s result for every input (-0 and NaN
 *            included);
 *   out[c] = rgb[perm[c]] * scale[c] + bias[c] (gray: c = 0 only); bands
 *            take pad[c];
 *   the store (prep_store ()): float32; float16 (F16C, round to nearest
 *            even); uint8 and int8 (prep_round_255 (): clamp, round half
 *            to even, int8 minus 128; see quant8 ()); NCHW or NHWC.
 * Multiplies and adds stay separate: no FMA (the build has
 * -ffp-contract=off and this file never asks for FMA).
 * Bytes come from 32-bit gathers of words that end at a needed byte (see
 * PrepColumns), picked out by byte shuffles and converted exactly; blocks
 * whose words would start before a plane, and the row tail (width not a
 * multiple of 8), use the scalar per-pixel code.
 * The 8-lane steps are in prep-avx2-lanes.h; this file runs them over a
 * row, once per output kind: element type, channel count and layout
 * (blocks ()).  Compiled with a target attribute and only called when the
 * CPU has AVX2 (checked once, at run time: prep_cpu_have_avx2 ()). */

#include "prep-private.h"

#if defined (__x86_64__) && defined (__GNUC__)

#include <string.h>

#include "prep-avx2-lanes.h"

#define PREP_ALWAYS_INLINE inline __attribute__ ((always_inline))

/* The element type of the stores: float32, float16, or 8-bit integers
 * (uint8, and int8, which is uint8's byte with its top bit flipped). */
enum
{
  OUT_F32,
  OUT_F16,
  OUT_Q8
};

/* What the stores of one output kind need: the element type, the channel
 * count and the layout (1 channel: NCHW and NHWC are the same indices). */
#define OUT_KEY(elem, ch, nhwc) ((elem) * 4 + ((ch) == 1 ? 0 : 1 + (nhwc)))

/* Every output kind a block copy exists for: X (elem, channels, nhwc);
 * gray is one channel, so NCHW only. */
#define OUT_KINDS(X) \
    X (OUT_F32, 3, 0); X (OUT_F32, 3, 1); X (OUT_F32, 1, 0); \
    X (OUT_F16, 3, 0); X (OUT_F16, 3, 1); X (OUT_F16, 1, 0); \
    X (OUT_Q8, 3, 0); X (OUT_Q8, 3, 1); X (OUT_Q8, 1, 0)

typedef struct
{
  __m256 m[3][4];               /* row perm[c] of the matrix */
  __m256 scale[3];
  __m256 bias[3];
  __m256i qxor;                 /* int8: 0x80 in every byte; else 0 */
  /* the pad value's bytes for 8 output pixels as the tensor holds them:
   * NCHW: pad[c] goes to channel c's plane; NHWC (and gray): the 8
   * pixels' elements, one third of them per pad[c] (pad_init ()) */
  __m256i pad[3];
  int out;                      /* OUT_KEY () */
  int luma_only;                /* luma_only (): only C0 is sampled */
} Coefs;

/* k->pad from the bytes prep_store_one () writes for each channel's pad
 * value (the reference's own conversion to the element type), repeated for
 * 8 pixels in the layout's order. */
static void
pad_init (Coefs * k, const PrepParams * p)
{
  size_t es = prep_elem_size (p);
  uint8_t run[96 + 32];
  float e[3];
  int n = p->channels, i, c;

  memset (run, 0, sizeof (run));
  for (c = 0; c < n; c++)
    prep_store_one (p, &e[c], 0, p->pad[c]);
  for (i = 0; i < 8 * n; i++)
    memcpy (run + (size_t) i * es, &e[n == 1 ? 0 : (p->nhwc ? i % n : i / 8)],
        es);
  for (c = 0; c < 3; c++)
    memcpy (&k->pad[c], run + (size_t) (c < n ? c : 0) * 8 * es,
        sizeof (__m256i));
}

PREP_AVX2 static void
coefs_init (Coefs * k, const PrepParams * p)
{
  int elem = p->elem == PREP_ELEM_FLOAT32 ? OUT_F32 :
      (p->elem == PREP_ELEM_FLOAT16 ? OUT_F16 : OUT_Q8);
  int i, j;

  for (i = 0; i < 3; i++) {
    for (j = 0; j < 4; j++)
      k->m[i][j] = _mm256_set1_ps (p->m[p->perm[i]][j]);
    k->scale[i] = _mm256_set1_ps (p->scale[i]);
    k->bias[i] = _mm256_set1_ps (p->bias[i]);
  }
  k->qxor = _mm256_set1_epi8 (p->elem == PREP_ELEM_INT8 ? (char) 0x80 : 0);
  pad_init (k, p);
  k->out = OUT_KEY (elem, p->channels, p->nhwc);
  k->luma_only = luma_only (p);
}

/* 8 values to integers as prep_round_255 () rounds them.  The clamp to
 * [0, 255]: min (255, v) is 255 < v ? 255 : v, then max (0, .) is
 * 0 > t ? 0 : t, which gives the scalar's v < 0 ? 0 : (v > 255 ? 255 : v)
 * for every v (-0 stays -0, as there).  Then the conversion rounds by the
 * MXCSR's mode, to nearest, ties to even, unless the caller changed it;
 * the scalar (c + 1.5 * 2^23) - 1.5 * 2^23 rounds c in [0, 255] by the
 * same mode (the first sum's spacing is 1 and 1.5 * 2^23 is even, the
 * second sum is exact), so both give the same integer in every mode, and
 * -0 gives 0 in both.  No NaN reaches here: samples are finite and the
 * normalization is checked. */
PREP_AVX2 static inline __m256i
quant8 (__m256 v)
{
  __m256 c = _mm256_min_ps (_mm256_set1_ps (255.0f), v);

  return _mm256_cvtps_epi32 (_mm256_max_ps (_mm256_setzero_ps (), c));
}

/* The integers 0..255 of 8 lanes as 8 bytes (the low half): two
 * saturating packs, which leave 0..255 as they are. */
PREP_AVX2 static inline __m128i
pack8 (__m256i q)
{
  __m256i t = _mm256_packs_epi32 (q, q);

  t = _mm256_packus_epi16 (t, t);
  return _mm_unpacklo_epi32 (_mm256_castsi256_si128 (t),
      _mm256_extracti128_si256 (t, 1));
}

/* Three such vectors as 24 bytes: a's 8, b's 8, c's 8. */
PREP_AVX2 static inline __m256i
pack24 (__m256i a, __m256i b, __m256i c)
{
  __m256i t = _mm256_packus_epi16 (_mm256_packs_epi32 (a, b),
      _mm256_packs_epi32 (c, c));

  /* per 128-bit half: a b c c, 4 bytes each: a0-3 a4-7 b0-3 b4-7 ... */
  return _mm256_permutevar8x32_epi32 (t, _mm256_setr_epi32 (0, 4, 1, 5, 2,
          6, 3, 7));
}

/* 8 consecutive elements of a slot's tensor from element @index on, as
 * float32, rounded to float16 (F16C, round to nearest even: the same bits
 * as prep_float_to_half ()) or quantized (prep_round_255 (), minus 128 for
 * int8 by flipping the top bit: q - 128 = q ^ 0x80 for q in 0..255). */
PREP_AVX2 static PREP_ALWAYS_INLINE void
store_as (int elem, const Coefs * k, void *dst, size_t index, __m256 v)
{
  if (elem == OUT_F16)
    _mm_storeu_si128 ((__m128i *) ((uint16_t *) dst + index),
        _mm256_cvtps_ph (v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
  else if (elem == OUT_Q8)
    _mm_storel_epi64 ((__m128i *) ((uint8_t *) dst + index),
        _mm_xor_si128 (pack8 (quant8 (v)), _mm256_castsi256_si128 (k->qxor)));
  else
    _mm256_storeu_ps ((float *) dst + index, v);
}

/* One piece of k->pad: 8 elements of @es bytes at @d. */
PREP_AVX2 static inline void
put_piece (size_t es, uint8_t * d, __m256i v)
{
  if (es == 4)
    _mm256_storeu_si256 ((__m256i *) d, v);
  else if (es == 2)
    _mm_storeu_si128 ((__m128i *) d, _mm256_castsi256_si128 (v));
  else
    _mm_storel_epi64 ((__m128i *) d, _mm256_castsi256_si128 (v));
}

/* Output pixels [x0, x1) of row oy take the pad values: 8 pixels per
 * piece of k->pad per channel (NCHW: one per plane; NHWC: consecutive),
 * the rest one element at a time. */
PREP_AVX2 static void
pad_span (const PrepParams * p, const Coefs * k, void *dst, int oy, int x0,
    int x1)
{
  size_t es = prep_elem_size (p), plane = (size_t) p->out_width *
      (size_t) p->out_height * es;
  size_t step = p->nhwc || p->channels == 1 ? 8 * es : plane;
  int x8 = x0 + (x1 - x0) / 8 * 8, x, c;
  uint8_t *at;

  for (x = x0; x < x8; x += 8) {
    at = (uint8_t *) dst + prep_out_index (p, x, oy, 0) * es;
    for (c = 0; c < p->channels; c++)
      put_piece (es, at + c * step, k->pad[c]);
  }
  for (c = 0; c < p->channels; c++)
    for (x = x8; x < x1; x++)
      prep_store_one (p, dst, prep_out_index (p, x, oy, c), p->pad[c]);
}

/* The channels of 8 pixels of row oy from x on, for the output kind
 * (@elem, @ch, @nhwc): stores written out (a loop over c kept the vectors
 * on the stack).  NHWC interleaves the channels first; 8-bit elements are
 * packed to 24 bytes at once (NHWC: one run; NCHW: 8 per plane). */
PREP_AVX2 static PREP_ALWAYS_INLINE void
store8_as (int elem, int ch, int nhwc, const PrepParams * p, const Coefs * k,
    void *dst, int x, int oy, const __m256 v[3])
{
  size_t plane = (size_t) p->out_width * (size_t) p->out_height;
  size_t pix = (size_t) oy * (size_t) p->out_width + (size_t) x;
  __m256 il[3];
  __m256i b;
  uint8_t *d = dst;

  if (ch == 1) {
    store_as (elem, k, dst, pix, v[0]);
    return;
  }
  if (nhwc)
    interleave3 (v, il);
  if (elem == OUT_Q8) {
    b = pack24 (quant8 (nhwc ? il[0] : v[0]), quant8 (nhwc ? il[1] : v[1]),
        quant8 (nhwc ? il[2] : v[2]));
    b = _mm256_xor_si256 (b, k->qxor);
    if (nhwc) {
      _mm_storeu_si128 ((__m128i *) (d + pix * 3), _mm256_castsi256_si128 (b));
      _mm_storel_epi64 ((__m128i *) (d + pix * 3 + 16),
          _mm256_extracti128_si256 (b, 1));
    } else {
      _mm_storel_epi64 ((__m128i *) (d + pix), _mm256_castsi256_si128 (b));
      /* the high 8 bytes, by an unaligned 8-byte store (not a double's) */
      _mm_storel_epi64 ((__m128i *) (d + pix + plane),
          _mm_unpackhi_epi64 (_mm256_castsi256_si128 (b),
              _mm256_castsi256_si128 (b)));
      _mm_storel_epi64 ((__m128i *) (d + pix + 2 * plane),
          _mm256_extracti128_si256 (b, 1));
    }
  } else if (nhwc) {
    store_as (elem, k, dst, pix * 3, il[0]);
    store_as (elem, k, dst, pix * 3 + 8, il[1]);
    store_as (elem, k, dst, pix * 3 + 16, il[2]);
  } else {
    store_as (elem, k, dst, pix, v[0]);
    store_as (elem, k, dst, pix + plane, v[1]);
    store_as (elem, k, dst, pix + 2 * plane, v[2]);
  }
}

/* store8_as () for the plan's output kind, chosen at run time. */
PREP_AVX2 static void
store8_any (const PrepParams * p, const Coefs * k, void *dst, int x, int oy,
    const __m256 v[3])
{
  int elem = k->out / 4;

  store8_as (elem, p->channels, p->nhwc, p, k, dst, x, oy, v);
}

/* The tensor channels of 8 pixels from their components (prep_convert_
 * normalize ()): channel 0 only for gray. */
PREP_AVX2 static PREP_ALWAYS_INLINE void
channels8 (int ch, const Coefs * k, __m256 c0, __m256 c1, __m256 c2,
    __m256 out[3])
{
  out[0] = channel8 (k->m[0], k->scale[0], k->bias[0], c0, c1, c2);
  if (ch == 1)
    return;
  out[1] = channel8 (k->m[1], k->scale[1], k->bias[1], c0, c1, c2);
  out[2] = channel8 (k->m[2], k->scale[2], k->bias[2], c0, c1, c2);
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
 * end.  The output kind (@elem, @ch, @nhwc) is a constant in each of
 * blocks ()'s calls, so each copy has no branch on it and keeps its
 * vectors in registers.  Gray with k->luma_only samples luma alone, U and
 * V are 0 (luma_only () says why that keeps the bits). */
PREP_AVX2 static PREP_ALWAYS_INLINE int
blocks_as (int elem, int ch, int nhwc, const PrepParams * p,
    const PrepColumns * cols, const Rows * r, const Coefs * k, void *dst,
    int oy, int x, int x1)
{
  __m256 y, u, v, wx, out[3];
  int zero;

  for (; x + 8 <= x1; x += 8) {
    wx = _mm256_loadu_ps (cols->w + x);
    zero = all_zero8 (wx);
    y = sample_y8 (cols, r, x, wx, zero);
    if (ch == 1 && k->luma_only)
      u = v = _mm256_setzero_ps ();
    else
      sample_uv8 (cols, r, x, wx, zero, &u, &v);
    channels8 (ch, k, y, u, v, out);
    store8_as (elem, ch, nhwc, p, k, dst, x, oy, out);
  }
  return x;
}

#define BLOCKS_CASE(elem, ch, nhwc) \
    case OUT_KEY (elem, ch, nhwc): \
      return blocks_as (elem, ch, nhwc, p, cols, r, k, dst, oy, x, x1)

PREP_AVX2 static int
blocks (const PrepParams * p, const PrepColumns * cols, const Rows * r,
    const Coefs * k, void *dst, int oy, int x, int x1)
{
  switch (k->out) {
      OUT_KINDS (BLOCKS_CASE);
    default:
      return x;
  }
}

#undef BLOCKS_CASE

PREP_AVX2 static void
row_inside (const PrepPlan * plan, const PrepSlotView * s,
    const PrepPass * f, const Coefs * k, const PrepTap * ty, int oy)
{
  const PrepParams *p = s->params;
  const PrepColumns *cols = &s->cols;
  const PrepAxis *ax = &s->geom->ax;
  int x = prep_axis_first (ax), x1 = prep_axis_end (ax, p->out_width);
  Rows r;

  /* NV12 (s->nv12): luma in plane 0, U V pairs in plane 1 */
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
  KIND_ANY,                     /* read from p->wide, p->lsb10 and
                                 * cols->single */
  KIND_BYTES_SINGLE,            /* 8-bit, every component single: I420 ... */
  KIND_WIDE_LUMA_SINGLE,        /* 16-bit, only component 0 single: P010 */
  KIND_LSB10_SINGLE             /* 10-bit in the low bits, every component
                                 * single: I420_10LE, I422_10LE */
};

PREP_AVX2 static PREP_ALWAYS_INLINE __m256
generic_comp8 (int kind, const PrepParams * p, const PrepColumns * cols,
    const CompRows * r, int k, int x, __m256 wx, int zero)
{
  if (kind == KIND_BYTES_SINGLE)
    return comp8 (cols, r, k, x, wx, 0, 0, 1, zero);
  if (kind == KIND_WIDE_LUMA_SINGLE)
    return comp8 (cols, r, k, x, wx, 1, 0, k == 0, zero);
  if (kind == KIND_LSB10_SINGLE)
    return comp8 (cols, r, k, x, wx, 1, 1, 1, zero);
  return comp8 (cols, r, k, x, wx, p->wide, p->lsb10, cols->single[k], zero);
}

PREP_AVX2 static PREP_ALWAYS_INLINE int
generic_blocks_as (int kind, int elem, int ch, int nhwc, const PrepParams * p,
    const PrepColumns * cols, const CompRows * r, const Coefs * k, void *dst,
    int oy, int x, int x1)
{
  __m256 c0, c1, c2, wx, out[3];
  int zero;

  for (; x + 8 <= x1; x += 8) {
    wx = _mm256_loadu_ps (cols->w + x);
    zero = all_zero8 (wx);
    c0 = generic_comp8 (kind, p, cols, r, 0, x, wx, zero);
    /* gray from luma alone: see blocks_as () */
    if (ch == 1 && k->luma_only) {
      c1 = c2 = _mm256_setzero_ps ();
    } else {
      c1 = generic_comp8 (kind, p, cols, r, 1, x, wx, zero);
      c2 = generic_comp8 (kind, p, cols, r, 2, x, wx, zero);
    }
    channels8 (ch, k, c0, c1, c2, out);
    store8_as (elem, ch, nhwc, p, k, dst, x, oy, out);
  }
  return x;
}

static int
generic_kind (const PrepParams * p, const PrepColumns * cols)
{
  int all = cols->single[0] && cols->single[1] && cols->single[2];

  if (!p->wide && all)
    return KIND_BYTES_SINGLE;
  if (p->wide && !p->lsb10 && cols->single[0] && !cols->single[1]
      && !cols->single[2])
    return KIND_WIDE_LUMA_SINGLE;
  if (p->wide && p->lsb10 && all)
    return KIND_LSB10_SINGLE;
  return KIND_ANY;
}

#define GENERIC_CASE(elem, ch, nhwc) \
    case OUT_KEY (elem, ch, nhwc): \
      return generic_blocks_as (KIND_ANY, elem, ch, nhwc, p, cols, r, k, \
          dst, oy, x, x1)

/* float32 NCHW, the common tensor, gets a copy per kind; the other
 * output kinds one copy each, reading the kind at run time. */
PREP_AVX2 static int
generic_blocks (const PrepParams * p, const PrepColumns * cols,
    const CompRows * r, const Coefs * k, void *dst, int oy, int x, int x1)
{
  int kind = generic_kind (p, cols);

  if (k->out == OUT_KEY (OUT_F32, 3, 0) && kind == KIND_BYTES_SINGLE)
    return generic_blocks_as (KIND_BYTES_SINGLE, OUT_F32, 3, 0, p, cols, r, k,
        dst, oy, x, x1);
  if (k->out == OUT_KEY (OUT_F32, 3, 0) && kind == KIND_WIDE_LUMA_SINGLE)
    return generic_blocks_as (KIND_WIDE_LUMA_SINGLE, OUT_F32, 3, 0, p, cols,
        r, k, dst, oy, x, x1);
  if (k->out == OUT_KEY (OUT_F32, 3, 0) && kind == KIND_LSB10_SINGLE)
    return generic_blocks_as (KIND_LSB10_SINGLE, OUT_F32, 3, 0, p, cols,
        r, k, dst, oy, x, x1);
  switch (k->out) {
      OUT_KINDS (GENERIC_CASE);
    default:
      return x;
  }
}

#undef GENERIC_CASE

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
  int x = x0, c;
  __m256 in[3], out[3];
  float v[3], o[3];
  Coefs k;

  coefs_init (&k, p);
  pad_span (p, &k, dst, oy, 0, x0);
  pad_span (p, &k, dst, oy, x1, p->out_width);
  for (; x + 8 <= x1; x += 8) {
    for (c = 0; c < 3; c++)
      in[c] = _mm256_loadu_ps (cv[c] + (x - x0));
    channels8 (p->channels, &k, in[0], in[1], in[2], out);
    store8_any (p, &k, dst, x, oy, out);
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
