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
 * centers), take the interpolation taps clamped to the ROI, fetch the three
 * components of every tap (Y and the nearest chroma sample, or R, G, B; a
 * 16-bit container divided by 256, a 10-bit code in a container's low
 * bits divided by 4), interpolate them with the same
 * weights, convert once to R'G'B' (or the luma) with the matrix and range,
 * clamp to [0, 255], order the channels and normalize.  Nothing is rounded on the
 * way; the source coordinate is derived exactly from integers so the model
 * has no position error even on huge frames.
 *
 * float16 (the tensor's other element type) is modelled on the value: the
 * nearest float16 by arithmetic on the double, and a decoder of the bits
 * from sign, exponent and fraction (IEEE 754 binary16). */

#include "ref-model.h"

#include <math.h>
#include <string.h>

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
  cfg->format = "NV12";
  cfg->crop_fraction = 1.0;
  cfg->matrix = REF_MATRIX_BT601;
  cfg->scale = 1.0 / 255.0;
  for (c = 0; c < 3; c++)
    cfg->std[c] = 1.0;
}

int
ref_channels (const RefConfig * cfg)
{
  return cfg->gray ? 1 : 3;
}

size_t
ref_tensor_elements (const RefConfig * cfg)
{
  return (size_t) ref_channels (cfg) * (size_t) cfg->out_width *
      (size_t) cfg->out_height;
}

size_t
ref_tensor_index (const RefConfig * cfg, int c, int x, int y)
{
  size_t plane = (size_t) cfg->out_width * (size_t) cfg->out_height;
  size_t pixel = (size_t) y * (size_t) cfg->out_width + (size_t) x;

  /* NCHW: c * OH * OW + y * OW + x;  NHWC: (y * OW + x) * C + c */
  return cfg->nhwc ? pixel * (size_t) ref_channels (cfg) + (size_t) c :
      (size_t) c *plane + pixel;
}

/* floor (num / den) for den > 0, any sign of num (C division truncates). */
static int64_t
floor_div (int64_t num, int64_t den)
{
  int64_t q = num / den;

  return (num % den != 0 && num < 0) ? q - 1 : q;
}

/* round (num / den) for num, den > 0: halves away from zero as C round (),
 * or to even as Python's round () (half_even); floor (num / den) as
 * Python's int () (floor_size). */
static int64_t
round_div (int64_t num, int64_t den, int half_even, int floor_size)
{
  int64_t q = num / den, r = num % den;

  if (floor_size)
    return q;
  if (2 * r > den || (2 * r == den && (!half_even || q % 2 == 1)))
    return q + 1;
  return q;
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
/* Cover (torchvision's Resize of the shorter side, then CenterCrop): the
 * side whose scale is larger (OW / rw against OH / rh) becomes
 * S = floor (O / crop_fraction), the other the crop's aspect at that size,
 * truncated; each cut to the output by round ((R - O) / 2) with Python's
 * round (halves to even), the cut part left of (above) the output. */
static int64_t
python_round_half (int64_t twice)
{
  int64_t k = twice / 2;

  return twice % 2 != 0 && k % 2 != 0 ? k + 1 : k;
}

static RefInner
cover_rect (const RefConfig * cfg)
{
  int64_t ow = cfg->out_width, oh = cfg->out_height;
  int64_t rw = cfg->crop_width, rh = cfg->crop_height, rwid, rhei;
  RefInner r;

  if (ow * rh >= oh * rw) {     /* OW / rw >= OH / rh: the width limits */
    rwid = (int64_t) floor (ow / cfg->crop_fraction);
    rhei = rh * rwid / rw;
  } else {
    rhei = (int64_t) floor (oh / cfg->crop_fraction);
    rwid = rw * rhei / rh;
  }
  rwid = rwid < ow ? ow : rwid;
  rhei = rhei < oh ? oh : rhei;
  r.width = (int) rwid;
  r.height = (int) rhei;
  r.x = -(int) python_round_half (rwid - ow);
  r.y = -(int) python_round_half (rhei - oh);
  return r;
}

/* A fractional window's inner rectangle: the same rules on its double
 * sizes w, h.  Letterbox: the axis with the smaller O / size (OW * h <=
 * OH * w: the width) fills the output, the other is round (size * O / limiting size) (halves up, to
 * even, or down), clamped to [1, O].  Cover: floor (O / f) on the axis
 * with the larger O / size (at least O), the other floor (size * that /
 * limiting size) (at least O); offsets as for integers. */
static double
window_round (const RefConfig * cfg, double v)
{
  double f = floor (v);

  if (cfg->floor_size)
    return f;
  if (v - f > 0.5 || (v - f == 0.5 && (!cfg->half_even || fmod (f, 2.0))))
    return f + 1.0;
  return f;
}

static RefInner
window_inner (const RefConfig * cfg)
{
  double ow = cfg->out_width, oh = cfg->out_height;
  double w = cfg->window_width, h = cfg->window_height, iw = ow, ih = oh;
  RefInner r;

  if (cfg->cover) {
    if (ow * h >= oh * w) {
      iw = fmax (floor (ow / cfg->crop_fraction), ow);
      ih = fmax (floor (h * iw / w), oh);
    } else {
      ih = fmax (floor (oh / cfg->crop_fraction), oh);
      iw = fmax (floor (w * ih / h), ow);
    }
    r.width = (int) iw;
    r.height = (int) ih;
    r.x = -(int) python_round_half ((int64_t) iw - cfg->out_width);
    r.y = -(int) python_round_half ((int64_t) ih - cfg->out_height);
    return r;
  }
  if (cfg->letterbox && ow * h <= oh * w)
    ih = window_round (cfg, h * ow / w);
  else if (cfg->letterbox)
    iw = window_round (cfg, w * oh / h);
  r.width = clamp_int ((int64_t) fmin (iw, ow), 1, cfg->out_width);
  r.height = clamp_int ((int64_t) fmin (ih, oh), 1, cfg->out_height);
  r.x = cfg->top_left ? 0 : (cfg->out_width - r.width) / 2;
  r.y = cfg->top_left ? 0 : (cfg->out_height - r.height) / 2;
  return r;
}

static RefInner
inner_rect (const RefConfig * cfg)
{
  int64_t ow = cfg->out_width, oh = cfg->out_height;
  int64_t rw = cfg->crop_width, rh = cfg->crop_height;
  int64_t iw = ow, ih = oh;
  RefInner r;

  if (cfg->window)
    return window_inner (cfg);
  if (cfg->cover)
    return cover_rect (cfg);
  if (cfg->letterbox && ow * rh <= oh * rw)
    ih = round_div (rh * ow, rw, cfg->half_even, cfg->floor_size);
  else if (cfg->letterbox)
    iw = round_div (rw * oh, rh, cfg->half_even, cfg->floor_size);
  r.width = clamp_int (iw, 1, ow);
  r.height = clamp_int (ih, 1, oh);
  r.x = cfg->top_left ? 0 : (int) ((ow - r.width) / 2); /* >= 0: floor */
  r.y = cfg->top_left ? 0 : (int) ((oh - r.height) / 2);
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
  if (nearest == 1)
    num += inner;
  q = floor_div (num, den);
  /* nearest-floor: the source pixel under the output pixel's left edge,
   * floor ((x - off) * len / inner) */
  if (nearest == 2)
    q = floor_div ((int64_t) (x - off) * len, inner);
  t.inside = 1;
  t.w = nearest ? 0.0 : (double) (num - q * den) / (double) den;
  t.i0 = clamp_int (r + q, r, (int64_t) r + len - 1);
  t.i1 = clamp_int (r + q + 1, r, (int64_t) r + len - 1);
  return t;
}

static int
is (const RefConfig * cfg, const char *name)
{
  return strcmp (cfg->format != NULL ? cfg->format : "NV12", name) == 0;
}

/* Byte (x, y) of plane p. */
static double
byte_at (const RefImage * im, int p, int x, int y)
{
  return im->plane[p][(size_t) y * (size_t) im->stride[p] + (size_t) x];
}

/* The 16-bit little-endian container at byte x of row y of plane p, in
 * 8-bit units: u / 256 (P010 holds D * 64, so D / 4; P016 D / 256). */
static double
word_at (const RefImage * im, int p, int x, int y)
{
  return (byte_at (im, p, x, y) + 256.0 * byte_at (im, p, x + 1, y)) / 256.0;
}

/* The 10-bit code in the low bits of the 16-bit little-endian container
 * at byte x of row y of plane p (I420_10LE, I422_10LE), in 8-bit units:
 * D / 4, the container's 6 high bits ignored. */
static double
code10_at (const RefImage * im, int p, int x, int y)
{
  unsigned int u = (unsigned int) byte_at (im, p, x, y) +
      256u * (unsigned int) byte_at (im, p, x + 1, y);

  return (double) (u % 1024u) / 4.0;
}

/* Positions of R, G, B in a packed pixel of the RGB formats, and its
 * bytes; 0 for a format that is not one of them. */
static int
rgb_layout (const RefConfig * cfg, int pos[3])
{
  static const struct
  {
    const char *name;
    int r, g, b, bytes;
  } packed[] = {
    {"RGBA", 0, 1, 2, 4}, {"RGBx", 0, 1, 2, 4}, {"BGRA", 2, 1, 0, 4},
    {"BGRx", 2, 1, 0, 4}, {"ARGB", 1, 2, 3, 4}, {"ABGR", 3, 2, 1, 4},
    {"RGB", 0, 1, 2, 3}, {"BGR", 2, 1, 0, 3},
  };
  size_t i;

  for (i = 0; i < sizeof (packed) / sizeof (packed[0]); i++)
    if (is (cfg, packed[i].name)) {
      pos[0] = packed[i].r;
      pos[1] = packed[i].g;
      pos[2] = packed[i].b;
      return packed[i].bytes;
    }
  return 0;
}

/* 4:2:0 with U and V in their own planes (I420: 1, 2; YV12: 2, 1) or
 * interleaved in plane 1 (NV12: U first; NV21: V first; P010/P016: 16-bit
 * U, V words).  Chroma (x / 2, y / 2) covers luma (x, y). */
static int
fetch_420 (const RefConfig * cfg, const RefImage * im, int x, int y,
    double c[3])
{
  int cx = x / 2, cy = y / 2;

  if (is (cfg, "P010_10LE") || is (cfg, "P016_LE")) {
    c[0] = word_at (im, 0, 2 * x, y);
    c[1] = word_at (im, 1, 4 * cx, cy);
    c[2] = word_at (im, 1, 4 * cx + 2, cy);
    return 1;
  }
  c[0] = byte_at (im, 0, x, y);
  if (is (cfg, "NV12") || is (cfg, "NV21")) {
    c[1] = byte_at (im, 1, 2 * cx + is (cfg, "NV21"), cy);
    c[2] = byte_at (im, 1, 2 * cx + is (cfg, "NV12"), cy);
    return 1;
  }
  if (is (cfg, "I420") || is (cfg, "YV12")) {
    c[1] = byte_at (im, is (cfg, "I420") ? 1 : 2, cx, cy);
    c[2] = byte_at (im, is (cfg, "I420") ? 2 : 1, cx, cy);
    return 1;
  }
  return 0;
}

/* The planar and semi-planar formats whose chroma is half width only
 * (4:2:2: Y42B, I422_10LE, NV16; chroma (x / 2, y) covers luma (x, y)),
 * and I420_10LE (4:2:0 as I420, in 16-bit containers with the 10-bit code
 * in the low bits). */
static int
fetch_planar_more (const RefConfig * cfg, const RefImage * im, int x, int y,
    double c[3])
{
  int cx = x / 2;

  if (is (cfg, "Y42B")) {
    c[0] = byte_at (im, 0, x, y);
    c[1] = byte_at (im, 1, cx, y);
    c[2] = byte_at (im, 2, cx, y);
    return 1;
  }
  if (is (cfg, "NV16")) {
    c[0] = byte_at (im, 0, x, y);
    c[1] = byte_at (im, 1, 2 * cx, y);
    c[2] = byte_at (im, 1, 2 * cx + 1, y);
    return 1;
  }
  if (is (cfg, "I422_10LE") || is (cfg, "I420_10LE")) {
    int cy = is (cfg, "I420_10LE") ? y / 2 : y;

    c[0] = code10_at (im, 0, 2 * x, y);
    c[1] = code10_at (im, 1, 2 * cx, cy);
    c[2] = code10_at (im, 2, 2 * cx, cy);
    return 1;
  }
  return 0;
}

/* The three components of pixel (x, y): Y, U, V (YUV formats), R, G, B
 * (RGB formats) or Y three times (GRAY8).  4:2:2 packed: the macropixel
 * x / 2 of 4 bytes holds Y0 U Y1 V (YUY2) or U Y0 V Y1 (UYVY). */
static void
fetch (const RefConfig * cfg, const RefImage * im, int x, int y, double c[3])
{
  int pos[3], bytes, k;

  if (fetch_420 (cfg, im, x, y, c) || fetch_planar_more (cfg, im, x, y, c))
    return;
  if (is (cfg, "Y444")) {
    for (k = 0; k < 3; k++)
      c[k] = byte_at (im, k, x, y);
  } else if (is (cfg, "YUY2") || is (cfg, "UYVY")) {
    int m = 4 * (x / 2), uyvy = is (cfg, "UYVY");

    c[0] = byte_at (im, 0, 2 * x + uyvy, y);
    c[1] = byte_at (im, 0, m + (uyvy ? 0 : 1), y);
    c[2] = byte_at (im, 0, m + (uyvy ? 2 : 3), y);
  } else if ((bytes = rgb_layout (cfg, pos)) > 0) {
    for (k = 0; k < 3; k++)
      c[k] = byte_at (im, 0, bytes * x + pos[k], y);
  } else {                      /* GRAY8 */
    c[0] = c[1] = c[2] = byte_at (im, 0, x, y);
  }
}

/* The chroma grid of a YUV format: 2 along a subsampled axis, else 1
 * (4:2:0 both, 4:2:2 horizontally); 0 for RGB and gray formats. */
static int
chroma_grid (const RefConfig * cfg, int *sx, int *sy)
{
  static const char *f420[] = { "NV12", "NV21", "I420", "YV12", "P010_10LE",
    "P016_LE", "I420_10LE"
  };
  static const char *f422[] = { "YUY2", "UYVY", "Y42B", "I422_10LE", "NV16" };
  size_t i;

  *sx = *sy = 1;
  for (i = 0; i < sizeof (f420) / sizeof (f420[0]); i++)
    if (is (cfg, f420[i]))
      *sx = *sy = 2;
  for (i = 0; i < sizeof (f422) / sizeof (f422[0]); i++)
    if (is (cfg, f422[i]))
      *sx = 2;
  return is (cfg, "Y444") || *sx == 2;
}

/* Along one axis, the chroma that luma pixel x sees with bilinear chroma:
 * the chroma sample j sits at luma position 2 j (cosited) or 2 j + 1 / 2
 * (centered, between luma 2 j and 2 j + 1); so luma x is at chroma
 * position x / 2 or (x - 1 / 2) / 2, interpolated linearly between the
 * samples around it, each index clamped to [0, n - 1]. */
static void
chroma_pos (int x, int cosited, int n, int *i0, int *i1, double *w)
{
  double pos = cosited ? x / 2.0 : (x - 0.5) / 2.0;
  int f = (int) floor (pos);

  *w = pos - f;
  *i0 = f < 0 ? 0 : (f > n - 1 ? n - 1 : f);
  *i1 = f + 1 < 0 ? 0 : (f + 1 > n - 1 ? n - 1 : f + 1);
}

/* One axis with swscale's full_chroma_int (docs/semantics.md section 2):
 * the step xinc = floor ((n 2^16 + floor (full / 2)) / full), luma x at
 * P / 2^17 with P = (2 x + 1) xinc - 2^16, f = floor (P / 2^17), weight
 * a = P / 2^17 - f of sample f + 1; a weight 1 - a of f of at most 0.002
 * (262 / 2^17 or less) is dropped: f + 1 alone.  A plane of 3 samples or
 * fewer: the sample floor (P / 2^17 + 1/2) alone, clamped.  Horizontally linear, indices clamped
 * to the plane.  Vertically: f < 0: row 0 alone; f + 1 > n - 1: the mean
 * of rows n - 2 and n - 1; else row f alone when a <= 65520 / 2^17, the
 * mean of rows f and f + 1 above. */
static void
chroma_pos_swscale (int x, int full, int n, int vertical, int *i0, int *i1,
    double *w)
{
  int64_t xinc = ((int64_t) n * 65536 + full / 2) / full;
  int64_t pos = (2 * (int64_t) x + 1) * xinc - 65536;
  int f = (int) floor ((double) pos / 131072.0);
  double a = ((double) pos - 131072.0 * f) / 131072.0;

  if ((1.0 - a) * 131072.0 <= 262.0) {
    f++;
    a = 0.0;
  }
  if (n <= 3) {
    f = (int) floor ((double) pos / 131072.0 + 0.5);
    *i0 = *i1 = f < 0 ? 0 : (f > n - 1 ? n - 1 : f);
    *w = 0.0;
    return;
  }
  *w = a;
  if (vertical) {
    *w = a * 131072.0 > 65520.0 ? 0.5 : 0.0;
    if (f < 0) {
      f = 0;
      *w = 0.0;
    } else if (f + 1 > n - 1) {
      f = n - 2;
      *w = 0.5;
    }
  }
  *i0 = f < 0 ? 0 : (f > n - 1 ? n - 1 : f);
  *i1 = f + 1 < 0 ? 0 : (f + 1 > n - 1 ? n - 1 : f + 1);
}

static void fetch (const RefConfig * cfg, const RefImage * im, int x, int y,
    double c[3]);

/* cvtColor's integer YUV -> RGB of 8-bit codes (the contract,
 * docs/semantics.md section 3): with d = 2^20 and
 * CY = 1220542, CUB = 2116026, CUG = -409993, CVG = -852492, CVR = 1673527,
 *   R = clamp (floor ((CY max (0, Y - 16) + CVR (V - 128) + d / 2) / d))
 * (G with CUG (U - 128) + CVG (V - 128), B with CUB (U - 128)), clamped to
 * [0, 255]. */
static void
opencv_8bit (double yv, double uv, double vv, double rgb[3])
{
  const int64_t d = 1 << 20;
  int64_t y = (int64_t) floor (yv), u = (int64_t) floor (uv) - 128;
  int64_t v = (int64_t) floor (vv) - 128, ys, t[3];
  int k;

  ys = 1220542 * (y > 16 ? y - 16 : 0);
  t[0] = ys + 1673527 * v + d / 2;
  t[1] = ys - 409993 * u - 852492 * v + d / 2;
  t[2] = ys + 2116026 * u + d / 2;
  for (k = 0; k < 3; k++) {
    int64_t q = t[k] >= 0 ? t[k] / d : -((-t[k] + d - 1) / d);

    rgb[k] = q < 0 ? 0.0 : (q > 255 ? 255.0 : (double) q);
  }
}

static void videoconvert_8bit (const RefConfig * cfg, double yv, double uv,
    double vv, double rgb[3]);

/* videoconvert's integer mix of chroma codes a and b, b of weight w
 * (0, 1/4, 1/2 or 3/4): the nearest integer, halves up. */
static double
vc_mix (double a, double b, double w)
{
  return floor ((1.0 - w) * a + w * b + 0.5);
}

/* The components of tap (x, y): fetch ()'s, but with opencv-8bit the
 * tap's R, G, B (its own Y and its block's chroma, each code the integer
 * part of the value), and with bilinear chroma (subsampled formats, not
 * opencv-8bit) the chroma interpolated on its plane; with videoconvert the
 * tap's R, G, B of its own Y and its block's chroma, or with bilinear
 * chroma of the codes interpolated horizontally, rounded, then vertically
 * (not at a vertically cosited site), rounded. */
static void
fetch_tap (const RefConfig * cfg, const RefImage * im, int x, int y,
    double c[3])
{
  int sx, sy, n, m, x0, x1, y0, y1, k, vc;
  double wx, wy, a[3], b[3], e[3], g[3];

  fetch (cfg, im, x, y, c);
  if (!chroma_grid (cfg, &sx, &sy))
    return;
  if (cfg->color == REF_COLOR_OPENCV_8BIT) {
    opencv_8bit (c[0], c[1], c[2], c);
    return;
  }
  vc = cfg->color == REF_COLOR_VIDEOCONVERT;
  if (!cfg->chroma_bilinear || (sx == 1 && sy == 1)) {
    if (vc)
      videoconvert_8bit (cfg, floor (c[0]), floor (c[1]), floor (c[2]), c);
    return;
  }
  n = (cfg->src_width + sx - 1) / sx;
  m = (cfg->src_height + sy - 1) / sy;
  if (sx == 2 && cfg->chroma_swscale)
    chroma_pos_swscale (x, cfg->src_width, n, 0, &x0, &x1, &wx);
  else if (sx == 2)
    chroma_pos (x, cfg->chroma_h_cosited, n, &x0, &x1, &wx);
  else
    x0 = x1 = x, wx = 0.0;
  if (sy == 2 && cfg->chroma_swscale)
    chroma_pos_swscale (y, cfg->src_height, m, 1, &y0, &y1, &wy);
  else if (sy == 2)
    chroma_pos (y, cfg->chroma_v_cosited, m, &y0, &y1, &wy);
  else
    y0 = y1 = y, wy = 0.0;
  fetch (cfg, im, sx * x0, sy * y0, a);
  fetch (cfg, im, sx * x1, sy * y0, b);
  fetch (cfg, im, sx * x0, sy * y1, e);
  fetch (cfg, im, sx * x1, sy * y1, g);
  if (vc) {
    if (cfg->chroma_v_cosited && !cfg->chroma_swscale)
      wy = 0.0;
    for (k = 1; k < 3; k++)
      c[k] = vc_mix (vc_mix (floor (a[k]), floor (b[k]), wx),
          vc_mix (floor (e[k]), floor (g[k]), wx), wy);
    videoconvert_8bit (cfg, floor (c[0]), c[1], c[2], c);
    return;
  }
  for (k = 1; k < 3; k++)
    c[k] = (1.0 - wy) * ((1.0 - wx) * a[k] + wx * b[k]) +
        wy * ((1.0 - wx) * e[k] + wx * g[k]);
}

int
ref_format_known (const char *format)
{
  static const char *known[] = { "NV12", "NV21", "I420", "YV12",
    "P010_10LE", "P016_LE", "Y444", "YUY2", "UYVY", "Y42B", "I422_10LE",
    "I420_10LE", "NV16", "RGBA", "BGRA", "RGBx", "BGRx", "ARGB", "ABGR",
    "RGB", "BGR", "GRAY8"
  };
  size_t i;

  for (i = 0; i < sizeof (known) / sizeof (known[0]); i++)
    if (strcmp (format, known[i]) == 0)
      return 1;
  return 0;
}

/* Bilinear blend of the four taps, the same weights for every component:
 *   (1 - wy) * ((1 - wx) p00 + wx p01) + wy * ((1 - wx) p10 + wx p11).
 * Nearest has wx = wy = 0 and reduces to p00. */
static void
interpolate (const RefConfig * cfg, const RefImage * im, const RefTap * tx,
    const RefTap * ty, double v[3])
{
  double p00[3], p01[3], p10[3], p11[3];
  int k;

  fetch_tap (cfg, im, tx->i0, ty->i0, p00);
  fetch_tap (cfg, im, tx->i1, ty->i0, p01);
  fetch_tap (cfg, im, tx->i0, ty->i1, p10);
  fetch_tap (cfg, im, tx->i1, ty->i1, p11);
  for (k = 0; k < 3; k++) {
    double top = (1.0 - tx->w) * p00[k] + tx->w * p01[k];
    double bottom = (1.0 - tx->w) * p10[k] + tx->w * p11[k];
    v[k] = (1.0 - ty->w) * top + ty->w * bottom;
  }
}

/* Antialias (PIL's and torchvision's antialiased bilinear and bicubic):
 * for output index x of an axis mapping [r, r + len) onto
 * [off, off + inner), with fs = max (len / inner, 1), the filter (the
 * triangle 1 - |u| on |u| < 1, or with bicubic Keys' cubic with
 * a = -0.5 on |u| < 2) widened to support = fs (triangle) or 2 fs (cubic)
 * around the centre r + (x - off + 0.5) * len / inner, on the samples
 * [max ((int) (centre - support + 0.5), r),
 *  min ((int) (centre + support + 0.5), r + len)),
 * each weighted by filter ((s - centre + 0.5) / fs), normalized.  Up to
 * REF_AA_MAX samples, sample j at x[j]. */
#define REF_AA_MAX 4096

typedef struct
{
  int inside, count;
  int x[REF_AA_MAX];
  double w[REF_AA_MAX];
} RefAaTap;

/* Keys' cubic convolution kernel with parameter a (Keys 1981): the
 * piecewise cubic (a + 2) |u|^3 - (a + 3) |u|^2 + 1 on |u| <= 1,
 * a |u|^3 - 5 a |u|^2 + 8 a |u| - 4 a on 1 < |u| < 2, 0 beyond. */
static double
keys_cubic (double u, double a)
{
  u = fabs (u);
  if (u <= 1.0)
    return (a + 2.0) * u * u * u - (a + 3.0) * u * u + 1.0;
  if (u < 2.0)
    return a * u * u * u - 5.0 * a * u * u + 8.0 * a * u - 4.0 * a;
  return 0.0;
}

static void
aa_tap (int x, int off, int inner, int r, int len, int bicubic, RefAaTap * t)
{
  double scale = (double) len / inner, fs = scale > 1.0 ? scale : 1.0;
  double support = bicubic ? 2.0 * fs : fs;
  double centre = r + (x - off + 0.5) * scale, sum = 0.0, d;
  int lo, hi, s;

  t->inside = x >= off && x < off + inner;
  lo = (int) (centre - support + 0.5);
  hi = (int) (centre + support + 0.5);
  lo = lo < r ? r : lo;
  hi = hi > r + len ? r + len : hi;
  t->count = hi - lo < REF_AA_MAX ? hi - lo : REF_AA_MAX;
  for (s = 0; s < t->count; s++) {
    d = (lo + s - centre + 0.5) / fs;
    t->x[s] = lo + s;
    t->w[s] = bicubic ? keys_cubic (d, -0.5) : (fabs (d) < 1.0 ?
        1.0 - fabs (d) : 0.0);
    sum += t->w[s];
  }
  for (s = 0; s < t->count; s++)
    t->w[s] = sum != 0.0 ? t->w[s] / sum : 0.0;
}

/* Bicubic (torch's upsample_bicubic2d, align_corners=False; OpenCV's
 * INTER_CUBIC): sx - r = num / den exactly (axis_tap ()), i = floor (sx),
 * t = sx - i; the samples i - 1, i, i + 1, i + 2, each clamped to
 * [r, r + len - 1] (a sample outside reads the edge pixel), weighted
 * keys_cubic (t + 1), keys_cubic (t), keys_cubic (1 - t),
 * keys_cubic (2 - t) with A = -0.75; not normalized (they add up to 1). */
static void
cubic_tap (int x, int off, int inner, int r, int len, RefAaTap * t)
{
  int64_t den = 2 * (int64_t) inner;
  int64_t num = (2 * (int64_t) (x - off) + 1) * len - inner;
  int64_t q = floor_div (num, den);
  double frac = (double) (num - q * den) / (double) den;
  int j;

  t->inside = x >= off && x < off + inner;
  t->count = 4;
  for (j = 0; j < 4; j++) {
    t->x[j] = clamp_int (r + q - 1 + j, r, (int64_t) r + len - 1);
    t->w[j] = keys_cubic (frac + 1.0 - j, -0.75);
  }
}

/* A fractional window [wx, wx + wlen) of a frame of n samples onto
 * [off, off + inner): source coordinate sx = wx + (x - off + 0.5) * wlen
 * / inner - 0.5 in double; every sample clamped to the frame [0, n - 1].
 * Nearest floor (sx + 0.5), nearest-floor floor (wx + (x - off) * wlen /
 * inner), bilinear floor (sx) and the next with 1 - t, t, bicubic as
 * cubic_tap (); antialiased as aa_tap () around the centre
 * wx + (x - off + 0.5) * wlen / inner on [0, n). */
static void
window_tap (const RefConfig * cfg, int x, int off, int inner, double wx,
    double wlen, int n, RefAaTap * t)
{
  double sx = wx + (x - off + 0.5) * wlen / inner - 0.5, fl, frac, fs;
  double centre, support, sum = 0.0, d;
  int lo, hi, j;

  t->inside = x >= off && x < off + inner;
  if (cfg->antialias) {
    fs = wlen / inner > 1.0 ? wlen / inner : 1.0;
    support = cfg->bicubic ? 2.0 * fs : fs;
    centre = wx + (x - off + 0.5) * wlen / inner;
    lo = (int) fmax (centre - support + 0.5, 0.0);
    hi = (int) fmin (centre + support + 0.5, (double) n);
    t->count = hi - lo;
    for (j = 0; j < t->count; j++) {
      d = (lo + j - centre + 0.5) / fs;
      t->x[j] = lo + j;
      t->w[j] = cfg->bicubic ? keys_cubic (d, -0.5) : (fabs (d) < 1.0 ?
          1.0 - fabs (d) : 0.0);
      sum += t->w[j];
    }
    for (j = 0; j < t->count; j++)
      t->w[j] /= sum;
    return;
  }
  if (cfg->nearest == 2 && !cfg->bicubic)
    fl = floor (wx + (x - off) * wlen / inner);
  else if (cfg->nearest == 1 && !cfg->bicubic)
    fl = floor (sx + 0.5);
  else
    fl = floor (sx);
  frac = sx - fl;
  if (cfg->bicubic) {
    t->count = 4;
    for (j = 0; j < 4; j++) {
      t->x[j] = clamp_int ((int64_t) fl - 1 + j, 0, n - 1);
      t->w[j] = keys_cubic (frac + 1.0 - j, -0.75);
    }
  } else if (cfg->nearest) {
    t->count = 1;
    t->x[0] = clamp_int ((int64_t) fl, 0, n - 1);
    t->w[0] = 1.0;
  } else {
    t->count = 2;
    t->x[0] = clamp_int ((int64_t) fl, 0, n - 1);
    t->x[1] = clamp_int ((int64_t) fl + 1, 0, n - 1);
    t->w[0] = 1.0 - frac;
    t->w[1] = frac;
  }
}

/* sum over the row taps of wy * (sum over the column taps of wx * P) */
static void
aa_interpolate (const RefConfig * cfg, const RefImage * im,
    const RefAaTap * tx, const RefAaTap * ty, double v[3])
{
  double p[3];
  int i, j, k;

  v[0] = v[1] = v[2] = 0.0;
  for (i = 0; i < ty->count; i++)
    for (j = 0; j < tx->count; j++) {
      fetch_tap (cfg, im, tx->x[j], ty->x[i], p);
      for (k = 0; k < 3; k++)
        v[k] += ty->w[i] * tx->w[j] * p[k];
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

/* videoconvert's 8-bit R, G, B of codes y, u, v (docs/semantics.md
 * section 3): the coefficients of the exact matrix, the range's scale
 * 1 / 219, 1 / 224 (or 1 / 255) taken as a float, times 255 * 256, each
 * rounded to the nearest integer K; a code c is the word
 * 257 (c - 128) + (256 if c < 128); each product keeps
 * floor (word K / 65536); the sums are clamped to [-128, 127] and 128 is
 * added. */
static double
vc_word (double c)
{
  return 257.0 * (c - 128.0) + (c < 128.0 ? 256.0 : 0.0);
}

static double
vc_high (double word, double k)
{
  return floor (word * k / 65536.0);
}

static void
videoconvert_8bit (const RefConfig * cfg, double yv, double uv, double vv,
    double rgb[3])
{
  float ys = 1.0f / (cfg->full_range ? 255.0f : 219.0f);
  float cs = 1.0f / (cfg->full_range ? 255.0f : 224.0f);
  double kr, kb, kg, f = 255.0 * 256.0, y, t[3];
  int k;

  matrix_kr_kb (cfg->matrix, &kr, &kb);
  kg = 1.0 - kr - kb;
  y = vc_high (vc_word (yv), nearbyint ((double) ys * f));
  t[0] = y + vc_high (vc_word (vv), nearbyint (2.0 * (1.0 - kr) * cs * f));
  t[1] = y + vc_high (vc_word (uv), nearbyint (-2.0 * kb * (1.0 - kb) / kg *
          cs * f)) + vc_high (vc_word (vv), nearbyint (-2.0 * kr * (1.0 -
              kr) / kg * cs * f));
  t[2] = y + vc_high (vc_word (uv), nearbyint (2.0 * (1.0 - kb) * cs * f));
  for (k = 0; k < 3; k++)
    rgb[k] = (t[k] < -128.0 ? -128.0 : (t[k] > 127.0 ? 127.0 : t[k])) + 128.0;
}

/* A component of an RGB or gray input in [0, 255] units, range-scaled:
 * full range as it is, limited (16..235) stretched to 0..255. */
static double
range_scaled (const RefConfig * cfg, double v)
{
  return cfg->full_range ? v : (v - 16.0) * 255.0 / 219.0;
}

static int
is_rgb (const RefConfig * cfg)
{
  int pos[3];

  return rgb_layout (cfg, pos) > 0;
}

/* The interpolated components to R'G'B' (clamped) and the luma (clamped):
 * YUV through the matrix; RGB through the range alone; GRAY8 R = G = B =
 * the range-scaled Y.  The luma of an RGB input is BT.601's of the
 * range-scaled channels. */
static void
to_rgb_and_luma (const RefConfig * cfg, const double v[3], double rgb[3],
    double *luma)
{
  int k, sx, sy;

  if (!is_rgb (cfg) && !is (cfg, "GRAY8") && cfg->color == REF_COLOR_OPENCV) {
    /* cvtColor's coefficients in real numbers: y = CY max (Y - 16, 0),
     * R = y + CVR (V - 128), G = y + CUG (U - 128) + CVG (V - 128),
     * B = y + CUB (U - 128), each constant / 2^20 */
    double y = 1220542.0 / 1048576.0 * (v[0] > 16.0 ? v[0] - 16.0 : 0.0);

    rgb[0] = clamp_255 (y + 1673527.0 / 1048576.0 * (v[2] - 128.0));
    rgb[1] = clamp_255 (y - 409993.0 / 1048576.0 * (v[1] - 128.0)
        - 852492.0 / 1048576.0 * (v[2] - 128.0));
    rgb[2] = clamp_255 (y + 2116026.0 / 1048576.0 * (v[1] - 128.0));
    *luma = clamp_255 (y);
    return;
  }
  if (is_rgb (cfg) || ((cfg->color == REF_COLOR_OPENCV_8BIT ||
              cfg->color == REF_COLOR_VIDEOCONVERT) &&
          chroma_grid (cfg, &sx, &sy))) {
    /* opencv-8bit, videoconvert: the taps were cvtColor's or
     * videoconvert's R, G, B: a full-range RGB input from here on */
    if (!is_rgb (cfg)) {
      /* full range: the interpolated values, clamped (after the luma) */
      *luma = clamp_255 (0.299 * v[0] + 0.587 * v[1] + 0.114 * v[2]);
      for (k = 0; k < 3; k++)
        rgb[k] = clamp_255 (v[k]);
      return;
    }
    for (k = 0; k < 3; k++)
      rgb[k] = range_scaled (cfg, v[k]);
    *luma = clamp_255 (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]);
    for (k = 0; k < 3; k++)
      rgb[k] = clamp_255 (rgb[k]);
    return;
  }
  *luma = clamp_255 (range_scaled (cfg, v[0]));
  if (is (cfg, "GRAY8"))
    rgb[0] = rgb[1] = rgb[2] = *luma;
  else
    yuv_to_rgb (cfg, v, rgb);
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
ref_pixel (const RefConfig * cfg, const RefImage * img, int x, int y,
    double out[3])
{
  RefInner in = inner_rect (cfg);
  RefTap tx = axis_tap (x, in.x, in.width, cfg->crop_x, cfg->crop_width,
      cfg->nearest);
  RefTap ty = axis_tap (y, in.y, in.height, cfg->crop_y, cfg->crop_height,
      cfg->nearest);
  double comp[3], rgb[3], luma, v[3];
  int c;

  if (!tx.inside || !ty.inside) {
    /* letterbox band: the pad value, of each tensor channel with
     * pad_per_channel */
    for (c = 0; c < 3; c++)
      v[c] = cfg->pad_per_channel ? cfg->pad_values[c] : cfg->pad_value;
  } else {
    if (cfg->window) {
      static RefAaTap ax, ay;

      window_tap (cfg, x, in.x, in.width, cfg->window_x, cfg->window_width,
          cfg->src_width, &ax);
      window_tap (cfg, y, in.y, in.height, cfg->window_y,
          cfg->window_height, cfg->src_height, &ay);
      aa_interpolate (cfg, img, &ax, &ay, comp);
    } else if (cfg->antialias) {
      static RefAaTap ax, ay;

      aa_tap (x, in.x, in.width, cfg->crop_x, cfg->crop_width, cfg->bicubic,
          &ax);
      aa_tap (y, in.y, in.height, cfg->crop_y, cfg->crop_height,
          cfg->bicubic, &ay);
      aa_interpolate (cfg, img, &ax, &ay, comp);
    } else if (cfg->bicubic) {
      static RefAaTap ax, ay;

      cubic_tap (x, in.x, in.width, cfg->crop_x, cfg->crop_width, &ax);
      cubic_tap (y, in.y, in.height, cfg->crop_y, cfg->crop_height, &ay);
      aa_interpolate (cfg, img, &ax, &ay, comp);
    } else {
      interpolate (cfg, img, &tx, &ty, comp);
    }
    to_rgb_and_luma (cfg, comp, rgb, &luma);
    v[0] = cfg->gray ? luma : rgb[cfg->bgr ? 2 : 0];
    v[1] = rgb[1];
    v[2] = rgb[cfg->bgr ? 0 : 2];
  }
  normalize (cfg, v, out);
}

void
ref_run (const RefConfig * cfg, const RefImage * img, double *out)
{
  int x, y, c;
  double px[3];

  for (y = 0; y < cfg->out_height; y++) {
    for (x = 0; x < cfg->out_width; x++) {
      ref_pixel (cfg, img, x, y, px);
      for (c = 0; c < ref_channels (cfg); c++)
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

double
ref_quantize (double v, int int8)
{
  double q = round_half_even (clamp_255 (v));

  return int8 ? q - 128.0 : q;
}
