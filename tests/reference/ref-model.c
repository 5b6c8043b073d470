/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Float64 reference model, straight from docs/semantics.md.
 *
 * For each output pixel: map it back to a source coordinate (half-pixel
 * centers), take the interpolation taps clamped to the ROI, fetch Y and the
 * nearest chroma pair for every tap, interpolate Y, U, V with the same
 * weights, convert once to R'G'B' with the matrix and range, clamp to
 * [0, 255], order the channels and normalize.  Nothing is rounded on the
 * way; the source coordinate is derived exactly from integers so the model
 * has no position error even on huge frames.
 *
 * float16 (the tensor's other element type) is modelled on the value: the
 * nearest float16 by arithmetic on the double, and a decoder of the bits
 * from sign, exponent and fraction (IEEE 754 binary16). */

#include "ref-model.h"

#include <math.h>
#include <string.h>

/* The NV12 planes, bundled to keep argument lists short. */
typedef struct
{
  const uint8_t *luma;
  int y_stride;
  const uint8_t *chroma;
  int uv_stride;
} RefFrame;

/* One axis of the mapping for one output index. */
typedef struct
{
  int inside;                   /* 0: the index lies in a letterbox band */
  int i0, i1;                   /* the two taps, clamped to the ROI */
  double w;                     /* weight of i1 (0 for nearest) */
} RefTap;

/* The inner (non-padding) rectangle of the output. */
typedef struct
{
  int x, y, width, height;
} RefInner;

void
ref_config_defaults (RefConfig * cfg)
{
  int c;

  memset (cfg, 0, sizeof (*cfg));
  cfg->matrix = REF_MATRIX_BT601;
  cfg->scale = 1.0 / 255.0;
  for (c = 0; c < 3; c++)
    cfg->std[c] = 1.0;
}

size_t
ref_tensor_elements (const RefConfig * cfg)
{
  return (size_t) 3 *(size_t) cfg->out_width * (size_t) cfg->out_height;
}

size_t
ref_tensor_index (const RefConfig * cfg, int c, int x, int y)
{
  size_t plane = (size_t) cfg->out_width * (size_t) cfg->out_height;
  size_t pixel = (size_t) y * (size_t) cfg->out_width + (size_t) x;

  /* NCHW: c * OH * OW + y * OW + x;  NHWC: (y * OW + x) * 3 + c */
  return cfg->nhwc ? pixel * 3 + (size_t) c : (size_t) c *plane + pixel;
}

/* floor (num / den) for den > 0, any sign of num (C division truncates). */
static int64_t
floor_div (int64_t num, int64_t den)
{
  int64_t q = num / den;

  return (num % den != 0 && num < 0) ? q - 1 : q;
}

/* round (num / den) for num, den > 0, halves away from zero as C round(). */
static int64_t
round_div (int64_t num, int64_t den)
{
  return (2 * num + den) / (2 * den);
}

static int
clamp_int (int64_t v, int64_t lo, int64_t hi)
{
  return (int) (v < lo ? lo : (v > hi ? hi : v));
}

/* Stretch: the ROI covers the whole output.  Letterbox: scale
 * s = min (OW / rw, OH / rh), inner size round (rw * s) x round (rh * s)
 * (at least 1), centred with floor () offsets.  The comparison
 * OW / rw <= OH / rh is done exactly as OW * rh <= OH * rw; then the side
 * that fits is the output size itself and the other is round (len * s)
 * computed as an exact rational. */
static RefInner
inner_rect (const RefConfig * cfg)
{
  int64_t ow = cfg->out_width, oh = cfg->out_height;
  int64_t rw = cfg->crop_width, rh = cfg->crop_height;
  int64_t iw = ow, ih = oh;
  RefInner r;

  if (cfg->letterbox && ow * rh <= oh * rw)
    ih = round_div (rh * ow, rw);       /* s = OW / rw */
  else if (cfg->letterbox)
    iw = round_div (rw * oh, rh);       /* s = OH / rh */
  r.width = clamp_int (iw, 1, ow);
  r.height = clamp_int (ih, 1, oh);
  r.x = (int) ((ow - r.width) / 2);     /* non-negative: floor */
  r.y = (int) ((oh - r.height) / 2);
  return r;
}

/* Output index x in [off, off + inner) maps to
 *   sx = r + (x - off + 0.5) * len / inner - 0.5
 * so sx - r = ((2 (x - off) + 1) * len - inner) / (2 * inner), an exact
 * rational num / den.  Bilinear: taps floor (sx), floor (sx) + 1, weight
 * frac (sx) on the second.  Nearest: floor (sx + 0.5), i.e. num + inner.
 * Taps are clamped to [r, r + len - 1] (crop-then-resize).  int64 is
 * enough for any frame below 2^30 pixels a side. */
static RefTap
axis_tap (int x, int off, int inner, int r, int len, int nearest)
{
  RefTap t = { 0, 0, 0, 0.0 };
  int64_t den = 2 * (int64_t) inner;
  int64_t num, q;

  if (x < off || x >= off + inner)
    return t;
  num = (2 * (int64_t) (x - off) + 1) * len - inner;
  if (nearest)
    num += inner;
  q = floor_div (num, den);
  t.inside = 1;
  t.w = nearest ? 0.0 : (double) (num - q * den) / (double) den;
  t.i0 = clamp_int (r + q, r, (int64_t) r + len - 1);
  t.i1 = clamp_int (r + q + 1, r, (int64_t) r + len - 1);
  return t;
}

/* One tap: Y at (tx, ty), U and V from the chroma sample covering it
 * (nearest chroma: row ty / 2, pair tx / 2). */
static void
fetch_yuv (const RefFrame * f, int tx, int ty, double yuv[3])
{
  const uint8_t *uv = f->chroma + (size_t) (ty / 2) * f->uv_stride
      + 2 * (size_t) (tx / 2);

  yuv[0] = f->luma[(size_t) ty * f->y_stride + (size_t) tx];
  yuv[1] = uv[0];
  yuv[2] = uv[1];
}

/* Bilinear blend of the four taps, the same weights for Y, U and V:
 *   (1 - wy) * ((1 - wx) p00 + wx p01) + wy * ((1 - wx) p10 + wx p11).
 * Nearest has wx = wy = 0 and reduces to p00. */
static void
interpolate_yuv (const RefFrame * f, const RefTap * tx, const RefTap * ty,
    double yuv[3])
{
  double p00[3], p01[3], p10[3], p11[3];
  int k;

  fetch_yuv (f, tx->i0, ty->i0, p00);
  fetch_yuv (f, tx->i1, ty->i0, p01);
  fetch_yuv (f, tx->i0, ty->i1, p10);
  fetch_yuv (f, tx->i1, ty->i1, p11);
  for (k = 0; k < 3; k++) {
    double top = (1.0 - tx->w) * p00[k] + tx->w * p01[k];
    double bottom = (1.0 - tx->w) * p10[k] + tx->w * p11[k];
    yuv[k] = (1.0 - ty->w) * top + ty->w * bottom;
  }
}

/* Kr, Kb of the matrix (ITU-R BT.601, BT.709, BT.2020 non-constant). */
static void
matrix_kr_kb (int matrix, double *kr, double *kb)
{
  if (matrix == REF_MATRIX_BT709) {
    *kr = 0.2126;
    *kb = 0.0722;
  } else if (matrix == REF_MATRIX_BT2020) {
    *kr = 0.2627;
    *kb = 0.0593;
  } else {
    *kr = 0.299;
    *kb = 0.114;
  }
}

static double
clamp_255 (double v)
{
  return v < 0.0 ? 0.0 : (v > 255.0 ? 255.0 : v);
}

/* Y'CbCr -> R'G'B' in [0, 255].  Normalize: limited range
 * Y' = (Y - 16) / 219, Cb = (U - 128) / 224, Cr = (V - 128) / 224; full
 * range Y' = Y / 255, Cb = (U - 128) / 255, Cr = (V - 128) / 255.  Then with
 * Kg = 1 - Kr - Kb:
 *   R = Y' + 2 (1 - Kr) Cr
 *   G = Y' - 2 Kb (1 - Kb) / Kg Cb - 2 Kr (1 - Kr) / Kg Cr
 *   B = Y' + 2 (1 - Kb) Cb
 * scaled by 255 and clamped. */
static void
yuv_to_rgb (const RefConfig * cfg, const double yuv[3], double rgb[3])
{
  double kr, kb, kg, yn, cb, cr;

  matrix_kr_kb (cfg->matrix, &kr, &kb);
  kg = 1.0 - kr - kb;
  if (cfg->full_range) {
    yn = yuv[0] / 255.0;
    cb = (yuv[1] - 128.0) / 255.0;
    cr = (yuv[2] - 128.0) / 255.0;
  } else {
    yn = (yuv[0] - 16.0) / 219.0;
    cb = (yuv[1] - 128.0) / 224.0;
    cr = (yuv[2] - 128.0) / 224.0;
  }
  rgb[0] = clamp_255 (255.0 * (yn + 2.0 * (1.0 - kr) * cr));
  rgb[1] = clamp_255 (255.0 * (yn - 2.0 * kb * (1.0 - kb) / kg * cb
          - 2.0 * kr * (1.0 - kr) / kg * cr));
  rgb[2] = clamp_255 (255.0 * (yn + 2.0 * (1.0 - kb) * cb));
}

/* out[c] = (v[c] * scale - mean[c]) / std[c], c in output order. */
static void
normalize (const RefConfig * cfg, const double v[3], double out[3])
{
  int c;

  for (c = 0; c < 3; c++)
    out[c] = (v[c] * cfg->scale - cfg->mean[c]) / cfg->std[c];
}

void
ref_pixel (const RefConfig * cfg, const uint8_t * luma, int y_stride,
    const uint8_t * chroma, int uv_stride, int x, int y, double out[3])
{
  RefFrame f = { luma, y_stride, chroma, uv_stride };
  RefInner in = inner_rect (cfg);
  RefTap tx = axis_tap (x, in.x, in.width, cfg->crop_x, cfg->crop_width,
      cfg->nearest);
  RefTap ty = axis_tap (y, in.y, in.height, cfg->crop_y, cfg->crop_height,
      cfg->nearest);
  double yuv[3], rgb[3], v[3];

  if (!tx.inside || !ty.inside) {
    /* letterbox band: the pad value on every channel */
    v[0] = v[1] = v[2] = cfg->pad_value;
  } else {
    interpolate_yuv (&f, &tx, &ty, yuv);
    yuv_to_rgb (cfg, yuv, rgb);
    v[0] = rgb[cfg->bgr ? 2 : 0];
    v[1] = rgb[1];
    v[2] = rgb[cfg->bgr ? 0 : 2];
  }
  normalize (cfg, v, out);
}

void
ref_run (const RefConfig * cfg, const uint8_t * luma, int y_stride,
    const uint8_t * chroma, int uv_stride, double *out)
{
  int x, y, c;
  double px[3];

  for (y = 0; y < cfg->out_height; y++) {
    for (x = 0; x < cfg->out_width; x++) {
      ref_pixel (cfg, luma, y_stride, chroma, uv_stride, x, y, px);
      for (c = 0; c < 3; c++)
        out[ref_tensor_index (cfg, c, x, y)] = px[c];
    }
  }
}

/* ------------------------------------------------------------------------ */
/* float16                                                                  */
/* ------------------------------------------------------------------------ */

/* The magnitude from which round to nearest gives infinity: the largest
 * finite float16, 65504, plus half its ulp (2^(15 - 10) = 32). */
#define HALF_OVERFLOW (65504.0 + 16.0)

double
ref_half_ulp (double v)
{
  int e;

  v = fabs (v);
  if (v < ldexp (1.0, -14))
    return ldexp (1.0, -24);
  /* frexp: v = m * 2^e with m in [0.5, 1), so 2^(e - 1) <= v < 2^e */
  frexp (v, &e);
  return ldexp (1.0, e - 1 - 10);
}

/* x >= 0 rounded to an integer, ties to even. */
static double
round_half_even (double x)
{
  double f = floor (x), rest = x - f;   /* exact: x < 2^53 */

  if (rest > 0.5 || (rest == 0.5 && fmod (f, 2.0) != 0.0))
    return f + 1.0;
  return f;
}

double
ref_half_round (double v)
{
  double a = fabs (v), q;

  if (isnan (v))
    return v;
  if (a >= HALF_OVERFLOW)
    return copysign (INFINITY, v);
  /* a / q is exact (q is a power of two) and at most 2^11: the value in
   * units of the spacing of its binade, rounded there.  A carry into the
   * next binade (2047.5 -> 2048) is that binade's first value. */
  q = ref_half_ulp (a);
  return copysign (round_half_even (a / q) * q, v);
}

double
ref_half_decode (uint16_t bits)
{
  int sign = bits >> 15, e = (bits >> 10) & 0x1f, f = bits & 0x3ff;
  double mag;

  if (e == 0x1f)
    mag = f != 0 ? NAN : INFINITY;
  else if (e == 0)
    mag = ldexp ((double) f, -24);
  else
    mag = ldexp (1024.0 + f, e - 15 - 10);
  return sign ? -mag : mag;
}
