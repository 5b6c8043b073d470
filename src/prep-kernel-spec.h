/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The specialised entry points' thread (prep-kernel.cu instantiates it once
 * per format class, element kind, layout and filter: PREP_KSPEC_FOR_EACH).
 * The class, element, layout and filter are constants of each
 * instantiation, so every test on them folds away; the math is
 * prep-math.h's, on a local PrepParams whose format fields are constants
 * (prep_kspec_params ()): prep_bilerp () per component in prep_sample ()'s
 * order, prep_convert_normalize () with rows permuted on the host,
 * prep_pad_pixel (), prep_float_to_half (), prep_round_255 ().  What
 * differs from the generic entries is only how memory is reached:
 *  - a thread computes PREP_KSPEC_PIXELS (4) adjacent pixels of one output
 *    row (fewer at the row's end): its row tap and source rows once, each
 *    column tap one 16-byte load;
 *  - one load per tap fetches what a word holds: NV12's (U, V) pair,
 *    P010's 32-bit pair, a YUY2 macropixel, an RGBx pixel;
 *  - the 4 pixels' channels leave in vector stores (16, 8 or 4 bytes) when
 *    PrepKArgs.vec says the tensor allows them, else one by one.
 * Built by nvcc and, as C, by the kernel's host build, where the loads and
 * stores check their alignment (prep-kernel-shim.h).  The same C subset as
 * prep-math.h; headers are formatted by hand. */

#ifndef __PREP_KERNEL_SPEC_H__
#define __PREP_KERNEL_SPEC_H__

#include "prep-kernel-args.h"

#ifdef __CUDACC__
#define PREP_UNROLL _Pragma ("unroll")

/* Read-only loads through the non-coherent path (ld.global.nc): the
 * frame and the table do not change during a launch. */
PREP_FN uint32_t
prep_kld8 (const uint8_t * p)
{
  return __ldg (p);
}

PREP_FN uint32_t
prep_kld16 (const uint8_t * p)
{
  return __ldg ((const unsigned short *) p);
}

PREP_FN uint32_t
prep_kld32 (const uint8_t * p)
{
  return __ldg ((const unsigned int *) p);
}

PREP_FN PrepTap
prep_kld_tap (const PrepTap * p)
{
  int4 v = __ldg ((const int4 *) p);
  PrepTap t;

  t.i0 = v.x;
  t.i1 = v.y;
  t.w = __int_as_float (v.z);
  t.inside = v.w;
  return t;
}

/* 4 elements of 4, 2 or 1 bytes in one store. */
PREP_FN void
prep_kst16 (void *p, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
  *(uint4 *) p = make_uint4 (a, b, c, d);
}

PREP_FN void
prep_kst8 (void *p, uint32_t lo, uint32_t hi)
{
  *(uint2 *) p = make_uint2 (lo, hi);
}

PREP_FN void
prep_kst4 (void *p, uint32_t v)
{
  *(unsigned int *) p = v;
}
#endif /* __CUDACC__: the host build's are prep-kernel-shim.h's */

/* The source rows of a thread's output row: plane p's row for row tap j
 * (i0, i1), as the class reads them (a half-height chroma plane: row
 * i >> 1).  Planes the class does not have are NULL. */
typedef struct
{
  const uint8_t *r[3][2];
} PrepKRows;

PREP_FN const uint8_t *
prep_krow (uint64_t plane, int stride, int y)
{
  return (const uint8_t *) (uintptr_t) plane + (size_t) y * (size_t) stride;
}

PREP_FN void
prep_krows (int cls, const PrepKSlot * s, const PrepTap * ty, PrepKRows * rw)
{
  int j, half = cls == PREP_KCLASS_nv12 || cls == PREP_KCLASS_p010
      || cls == PREP_KCLASS_i420;

  PREP_UNROLL for (j = 0; j < 2; j++) {
    int y = j == 0 ? ty->i0 : ty->i1;

    rw->r[0][j] = prep_krow (s->plane[0], s->stride[0], y);
    rw->r[1][j] = half ? prep_krow (s->plane[1], s->stride[1], y >> 1) : NULL;
    rw->r[2][j] = cls == PREP_KCLASS_i420 ?
        prep_krow (s->plane[2], s->stride[2], y >> 1) : NULL;
  }
}

/* The three component values at column @x of row tap @j, in 8-bit units
 * (prep_sample_value ()): one load for a word's components, the component
 * cut out of it at its PrepKSource shift. */
PREP_FN void
prep_kfetch (int cls, const PrepKRows * rw, int j, int x,
    const PrepKSource * s, float v[3])
{
  size_t u = (size_t) x;
  uint32_t w;

  if (cls == PREP_KCLASS_nv12) {
    w = prep_kld16 (rw->r[1][j] + (u >> 1) * 2);
    v[0] = prep_sample_value (prep_kld8 (rw->r[0][j] + u), 0);
    v[1] = prep_sample_value ((w >> s->shift[1]) & 0xffu, 0);
    v[2] = prep_sample_value ((w >> s->shift[2]) & 0xffu, 0);
  } else if (cls == PREP_KCLASS_p010) {
    w = prep_kld32 (rw->r[1][j] + (u >> 1) * 4);
    v[0] = prep_sample_value (prep_kld16 (rw->r[0][j] + u * 2), 1);
    v[1] = prep_sample_value ((w >> s->shift[1]) & 0xffffu, 1);
    v[2] = prep_sample_value ((w >> s->shift[2]) & 0xffffu, 1);
  } else if (cls == PREP_KCLASS_i420) {
    v[0] = prep_sample_value (prep_kld8 (rw->r[0][j] + u), 0);
    v[1] = prep_sample_value (prep_kld8 (rw->r[1][j] + (u >> 1)), 0);
    v[2] = prep_sample_value (prep_kld8 (rw->r[2][j] + (u >> 1)), 0);
  } else if (cls == PREP_KCLASS_yuy2) {
    /* the macropixel of pixels 2 (x / 2) and 2 (x / 2) + 1; the odd
     * pixel's luma is 2 bytes after the even one's */
    w = prep_kld32 (rw->r[0][j] + (u >> 1) * 4);
    v[0] = prep_sample_value ((w >> (s->shift[0] + ((x & 1) << 4))) & 0xffu,
        0);
    v[1] = prep_sample_value ((w >> s->shift[1]) & 0xffu, 0);
    v[2] = prep_sample_value ((w >> s->shift[2]) & 0xffu, 0);
  } else {
    w = prep_kld32 (rw->r[0][j] + u * 4);
    v[0] = prep_sample_value ((w >> s->shift[0]) & 0xffu, 0);
    v[1] = prep_sample_value ((w >> s->shift[1]) & 0xffu, 0);
    v[2] = prep_sample_value ((w >> s->shift[2]) & 0xffu, 0);
  }
}

/* The components of an inner pixel: prep_sample ()'s for each component,
 * its 4 taps fetched together.  Nearest: the tap (i0, i0), which is
 * prep_sample ()'s value too (w = 0 and i1 = i0: a + (a - a) * 0 = a). */
PREP_FN void
prep_ksample (int cls, int filter, const PrepKRows * rw, const PrepTap * tx,
    const PrepTap * ty, const PrepKSource * s, float cv[3])
{
  float a[3], b[3], c[3], d[3];
  int k;

  prep_kfetch (cls, rw, 0, tx->i0, s, a);
  if (filter == PREP_KFILTER_nearest) {
    cv[0] = a[0];
    cv[1] = a[1];
    cv[2] = a[2];
    return;
  }
  prep_kfetch (cls, rw, 0, tx->i1, s, b);
  prep_kfetch (cls, rw, 1, tx->i0, s, c);
  prep_kfetch (cls, rw, 1, tx->i1, s, d);
  PREP_UNROLL for (k = 0; k < 3; k++)
    cv[k] = prep_bilerp (a[k], b[k], c[k], d[k], tx->w, ty->w);
}

/* The parameters prep-math.h's conversion, pad and index functions read,
 * with the format and tensor fields constants of the entry: the matrix
 * rows already in tensor order (perm the identity). */
PREP_FN void
prep_kspec_params (int elem, int layout, const PrepKArgs * a,
    const PrepKSource * s, PrepParams * q)
{
  int k, j;

  q->out_width = a->out_width;
  q->out_height = a->out_height;
  q->channels = a->channels;
  q->nhwc = layout == PREP_KLAYOUT_nhwc;
  q->elem = elem == PREP_KELEM_f32 ? PREP_ELEM_FLOAT32 :
      (elem == PREP_KELEM_f16 ? PREP_ELEM_FLOAT16 : PREP_ELEM_UINT8);
  /* the default conversion and chroma: the plans of the others take the
   * generic entries (prep-klaunch.c) */
  q->color = PREP_CONV_EXACT;
  q->chroma_lerp = 0;
  PREP_UNROLL for (k = 0; k < 3; k++) {
    q->perm[k] = k;
    q->scale[k] = a->scale[k];
    q->bias[k] = a->bias[k];
    q->pad[k] = a->pad[k];
    PREP_UNROLL for (j = 0; j < 4; j++)
      q->m[k][j] = s->m[k][j];
  }
}

/* The bits of one element of value @v: float32, float16
 * (prep_float_to_half ()), or 8-bit: prep_round_255 () minus @qoff
 * (uint8: 0; int8: 128, two's complement), what prep_store_one () stores. */
PREP_FN uint32_t
prep_kelem_bits (int elem, int qoff, float v)
{
  union
  {
    float f;
    uint32_t u;
  } b;

  if (elem == PREP_KELEM_f16)
    return prep_float_to_half (v);
  if (elem == PREP_KELEM_u8)
    return (uint32_t) (prep_round_255 (v) - qoff) & 0xffu;
  b.f = v;
  return b.u;
}

/* Elements [i, i + 4) of the tensor at @base (a 4-element aligned group):
 * one 16-, 8- or 4-byte store. */
PREP_FN void
prep_kstore_group (int elem, uint8_t * base, size_t i, uint32_t e0,
    uint32_t e1, uint32_t e2, uint32_t e3)
{
  if (elem == PREP_KELEM_f32)
    prep_kst16 (base + i * 4, e0, e1, e2, e3);
  else if (elem == PREP_KELEM_f16)
    prep_kst8 (base + i * 2, e0 | (e1 << 16), e2 | (e3 << 16));
  else
    prep_kst4 (base + i, e0 | (e1 << 8) | (e2 << 16) | (e3 << 24));
}

/* One element, at element index @i of the slot's tensor @base. */
PREP_FN void
prep_kstore_one (int elem, uint8_t * base, size_t i, uint32_t e)
{
  if (elem == PREP_KELEM_f32)
    *(uint32_t *) (void *) (base + i * 4) = e;
  else if (elem == PREP_KELEM_f16)
    *(uint16_t *) (void *) (base + i * 2) = (uint16_t) e;
  else
    base[i] = (uint8_t) e;
}

/* The 4 pixels (x0 .. x0 + 3, oy) in vector stores: NCHW, per channel the
 * 4 pixels' values; NHWC, the 4 x channels values in pixel order, 4 at a
 * time.  Every group starts at a multiple of 4 elements (out_width % 4 ==
 * 0, x0 % 4 == 0) of a 16-byte aligned tensor (PrepKArgs.vec). */
PREP_FN void
prep_kstore_vector (int elem, int layout, const PrepParams * q, int qoff,
    uint8_t * base, unsigned int x0, unsigned int oy, const float v[4][3])
{
  size_t pix = (size_t) oy * (size_t) q->out_width + x0;
  size_t plane = (size_t) q->out_width * (size_t) q->out_height;
  uint32_t e[4][3];
  int k, c;

  PREP_UNROLL for (k = 0; k < 4; k++)
    PREP_UNROLL for (c = 0; c < 3; c++)
      e[k][c] = prep_kelem_bits (elem, qoff, v[k][c]);
  if (layout == PREP_KLAYOUT_nchw) {
    prep_kstore_group (elem, base, pix, e[0][0], e[1][0], e[2][0], e[3][0]);
    if (q->channels == 1)
      return;
    prep_kstore_group (elem, base, plane + pix, e[0][1], e[1][1], e[2][1],
        e[3][1]);
    prep_kstore_group (elem, base, 2 * plane + pix, e[0][2], e[1][2],
        e[2][2], e[3][2]);
  } else if (q->channels == 1) {
    prep_kstore_group (elem, base, pix, e[0][0], e[1][0], e[2][0], e[3][0]);
  } else {
    prep_kstore_group (elem, base, 3 * pix, e[0][0], e[0][1], e[0][2],
        e[1][0]);
    prep_kstore_group (elem, base, 3 * pix + 4, e[1][1], e[1][2], e[2][0],
        e[2][1]);
    prep_kstore_group (elem, base, 3 * pix + 8, e[2][2], e[3][0], e[3][1],
        e[3][2]);
  }
}

/* The first @n pixels one element at a time, at prep_out_index (). */
PREP_FN void
prep_kstore_scalar (int elem, const PrepParams * q, int qoff, uint8_t * base,
    unsigned int x0, unsigned int oy, int n, const float v[4][3])
{
  int k, c;

  PREP_UNROLL for (k = 0; k < 4; k++)
    PREP_UNROLL for (c = 0; c < 3; c++)
      if (k < n && c < q->channels)
        prep_kstore_one (elem, base, prep_out_index (q, (int) x0 + k,
                (int) oy, c), prep_kelem_bits (elem, qoff, v[k][c]));
}

/* Pixel x0 + @k of the group: padding or sample. */
PREP_FN void
prep_kspec_pixel (int cls, int filter, const PrepParams * q,
    const PrepKSource * s, const PrepKRows * rw, const PrepTap * tx,
    const PrepTap * ty, int pad, float out[3])
{
  float cv[3];

  if (pad || !tx->inside) {
    prep_pad_pixel (q, out);
    return;
  }
  prep_ksample (cls, filter, rw, tx, ty, s, cv);
  prep_convert_normalize (q, cv, out);
}

/* One thread: pixels x0 .. x0 + n - 1 of output row oy of slot z, x0 = 4
 * (blockIdx.x * blockDim.x + threadIdx.x), n = min (4, out_width - x0);
 * threads past the output's edge do nothing.  A slot without a frame
 * (plane[0] 0) and letterbox bands hold the pad value.  @table: the kernel
 * table, the slot's taps at its col and row (16-byte units). */
PREP_FN void
prep_kspec_thread (int cls, int elem, int layout, int filter,
    const PrepKArgs * a, const uint8_t * table, void *dst)
{
  const PrepKSlot *s = &a->slot[blockIdx.z];
  const PrepKSource *src = &a->source[s->source];
  const PrepTap *taps = (const PrepTap *) (const void *) table;
  unsigned int x0 = PREP_KSPEC_PIXELS * (blockIdx.x * blockDim.x +
      threadIdx.x);
  unsigned int oy = blockIdx.y * blockDim.y + threadIdx.y;
  PrepParams q;
  PrepKRows rw;
  PrepTap ty, tx;
  float v[4][3];
  uint8_t *base;
  int n, k, pad;

  if (x0 >= (unsigned int) a->out_width || oy >= (unsigned int) a->out_height)
    return;
  n = a->out_width - (int) x0 < 4 ? a->out_width - (int) x0 : 4;
  prep_kspec_params (elem, layout, a, src, &q);
  ty = prep_kld_tap (taps + s->row + oy);
  pad = s->plane[0] == 0 || !ty.inside;
  if (!pad)
    prep_krows (cls, s, &ty, &rw);
  PREP_UNROLL for (k = 0; k < 4; k++) {
    if (k < n) {
      tx = prep_kld_tap (taps + s->col + x0 + k);
      prep_kspec_pixel (cls, filter, &q, src, &rw, &tx, &ty, pad, v[k]);
    }
  }
  base = (uint8_t *) dst + (size_t) blockIdx.z * (size_t) a->out_width *
      (size_t) a->out_height * (size_t) a->channels * (elem ==
      PREP_KELEM_f32 ? 4 : (elem == PREP_KELEM_f16 ? 2 : 1));
  if (n == 4 && a->vec)
    prep_kstore_vector (elem, layout, &q, a->qoff, base, x0, oy,
        (const float (*)[3]) v);
  else
    prep_kstore_scalar (elem, &q, a->qoff, base, x0, oy, n,
        (const float (*)[3]) v);
}

#endif /* __PREP_KERNEL_SPEC_H__ */
