/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* What a config means for the per-pixel math (prep-math.h): each slot's
 * geometry and the shared colour and normalization coefficients, derived
 * once in double, then rounded once to the float PrepParams that every path
 * (scalar, AVX2, kernel) gets. */

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "prep-private.h"

/* round (num / den) for num, den > 0, in integers: halves away from zero,
 * or to even; or floor (num / den). */
static int64_t
prep_round_div (int64_t num, int64_t den, PrepRounding rounding)
{
  int64_t q = num / den, twice_rem = 2 * (num - q * den);

  if (rounding == PREP_ROUND_FLOOR)
    return q;
  if (twice_rem > den || (twice_rem == den && (rounding == PREP_ROUND_HALF_UP
              || q % 2 != 0)))
    q++;
  return q;
}

/* Letterbox: s = min (OW / rw, OH / rh); the limiting axis fills the output,
 * the other gets round (r * s) (at least 1, halves as the config says, or
 * floor (r * s) with PREP_ROUND_FLOOR),
 * centered with floor or at the top-left corner.  Computed
 * exactly in integers (operands < 2^63): in double, 45 * (7 / 10.0) is
 * 31.499999999999996 and would round the wrong way. */
static void
prep_letterbox (const PrepConfig * cfg, const PrepRect * r, PrepSlotGeom * g)
{
  int64_t ow = cfg->out_width, oh = cfg->out_height;
  int64_t rw = r->width, rh = r->height;

  if (ow * rh <= oh * rw) {
    g->ax.inner = (int) ow;
    g->ay.inner = (int) prep_round_div (rh * ow, rw, cfg->letterbox_rounding);
  } else {
    g->ax.inner = (int) prep_round_div (rw * oh, rh, cfg->letterbox_rounding);
    g->ay.inner = (int) oh;
  }
  g->ax.inner = prep_clamp_int (g->ax.inner, 1, cfg->out_width);
  g->ay.inner = prep_clamp_int (g->ay.inner, 1, cfg->out_height);
  g->ax.offset = g->ay.offset = 0;
  if (cfg->letterbox_align == PREP_ALIGN_CENTER) {
    g->ax.offset = (cfg->out_width - g->ax.inner) / 2;
    g->ay.offset = (cfg->out_height - g->ay.inner) / 2;
  }
}

/* One axis of cover: the crop scaled to @size (>= out) and cut to the
 * output, centered as torchvision's CenterCrop does: the overflow's half
 * rounded half to even (Python's round). */
static void
prep_cover_axis (PrepAxis * a, int64_t size, int out)
{
  int64_t over = (size > INT_MAX ? INT_MAX : size) - out;

  a->inner = (int) (out + over);
  a->offset = -(int) ((over / 2) + ((over % 2) != 0 && (over / 2) % 2 != 0));
}

/* Cover: with f the crop fraction, the axis that limits the scale gets
 * floor (out / f) (timm's floor (size / crop_pct); f = 1: the output
 * size), the other the crop's aspect at that size, truncated (torchvision's
 * Resize of the shorter side: int (size * long / short)); both cut to the
 * output, centered. */
static void
prep_cover (const PrepConfig * cfg, const PrepRect * r, PrepSlotGeom * g)
{
  int64_t ow = cfg->out_width, oh = cfg->out_height;
  int64_t rw = r->width, rh = r->height, s;

  if (ow * rh >= oh * rw) {
    s = (int64_t) floor ((double) ow / cfg->crop_fraction);
    s = s < ow ? ow : (s > INT_MAX ? INT_MAX : s);
    prep_cover_axis (&g->ax, s, cfg->out_width);
    s = rh * s / rw;
    prep_cover_axis (&g->ay, s < oh ? oh : s, cfg->out_height);
  } else {
    s = (int64_t) floor ((double) oh / cfg->crop_fraction);
    s = s < oh ? oh : (s > INT_MAX ? INT_MAX : s);
    prep_cover_axis (&g->ay, s, cfg->out_height);
    s = rw * s / rh;
    prep_cover_axis (&g->ax, s < ow ? ow : s, cfg->out_width);
  }
}

void
prep_slot_geometry (const PrepConfig * cfg, const PrepRect * r,
    PrepSlotGeom * g)
{
  g->valid = 1;
  g->ax.start = r->x;
  g->ax.len = r->width;
  g->ay.start = r->y;
  g->ay.len = r->height;
  if (cfg->aspect == PREP_ASPECT_LETTERBOX) {
    prep_letterbox (cfg, r, g);
  } else if (cfg->aspect == PREP_ASPECT_COVER) {
    prep_cover (cfg, r, g);
  } else {
    g->ax.inner = cfg->out_width;
    g->ay.inner = cfg->out_height;
    g->ax.offset = g->ay.offset = 0;
  }
}

static void
prep_matrix_kr_kb (PrepMatrix matrix, double *kr, double *kb)
{
  switch (matrix) {
    case PREP_MATRIX_BT601:
      *kr = 0.299;
      *kb = 0.114;
      break;
    case PREP_MATRIX_BT2020:
      *kr = 0.2627;
      *kb = 0.0593;
      break;
    case PREP_MATRIX_BT709:
    default:
      *kr = 0.2126;
      *kb = 0.0722;
      break;
  }
}

/* 8-bit Y'CbCr -> R'G'B' in 0..255 units.  With Kg = 1 - Kr - Kb,
 *   Y' = (Y - yoff) * ys,  Cb = (U - 128) * cs,  Cr = (V - 128) * cs,
 *   R = Y' + 2 (1 - Kr) Cr
 *   G = Y' - 2 Kb (1 - Kb) / Kg Cb - 2 Kr (1 - Kr) / Kg Cr
 *   B = Y' + 2 (1 - Kb) Cb
 * limited range: yoff = 16, ys = 255 / 219, cs = 255 / 224;
 * full range:    yoff = 0,  ys = 1,         cs = 1.
 * The offsets fold into the constant column m[k][3]. */
static void
prep_yuv_matrix (const PrepConfig * cfg, double m[3][4])
{
  double kr, kb, kg, ys, cs, yoff;
  int k;

  prep_matrix_kr_kb (cfg->matrix, &kr, &kb);
  kg = 1.0 - kr - kb;
  yoff = cfg->range == PREP_RANGE_FULL ? 0.0 : 16.0;
  ys = cfg->range == PREP_RANGE_FULL ? 1.0 : 255.0 / 219.0;
  cs = cfg->range == PREP_RANGE_FULL ? 1.0 : 255.0 / 224.0;
  m[0][0] = m[1][0] = m[2][0] = ys;
  m[0][1] = 0.0;
  m[0][2] = 2.0 * (1.0 - kr) * cs;
  m[1][1] = -2.0 * kb * (1.0 - kb) / kg * cs;
  m[1][2] = -2.0 * kr * (1.0 - kr) / kg * cs;
  m[2][1] = 2.0 * (1.0 - kb) * cs;
  m[2][2] = 0.0;
  for (k = 0; k < 3; k++)
    m[k][3] = -m[k][0] * yoff - (m[k][1] + m[k][2]) * 128.0;
}

/* videoconvert's coefficients (prep_vc_rgb ()): GStreamer's matrix
 * (gst-libs/gst/video/video-converter.c, compute_matrix_to_RGB () and
 * prepare_matrix ()) is the exact one of prep_yuv_matrix () (in 8-bit
 * RGB units), times 256 for its fixed point, rounded to integers (rint ()).
 * GStreamer takes the range's 1 / 219 (1 / 224, 1 / 255) as a float: no
 * coefficient lies near a half, so the rounded values are the same. */
static void
prep_videoconvert_coefs (const PrepConfig * cfg, PrepParams * p)
{
  double m[3][4];

  prep_yuv_matrix (cfg, m);
  p->vc[PREP_VC_Y] = (int) rint (256.0 * m[0][0]);
  p->vc[PREP_VC_RV] = (int) rint (256.0 * m[0][2]);
  p->vc[PREP_VC_GU] = (int) rint (256.0 * m[1][1]);
  p->vc[PREP_VC_GV] = (int) rint (256.0 * m[1][2]);
  p->vc[PREP_VC_BU] = (int) rint (256.0 * m[2][1]);
}

/* swscale's fixed-point step from @n chroma samples to @full luma samples
 * (libswscale/utils.c): ((n << 16) + full / 2) / full. */
static int
prep_swscale_step (int n, int full)
{
  return (int) ((((int64_t) n << 16) + full / 2) / full);
}

/* The chroma interpolation of a format (PREP_CHROMA_LERP_*, 0 for the
 * block's sample): subsampled YUV formats only, and not with opencv-8bit,
 * which takes cvtColor's chroma (the block's). */
static int
prep_chroma_lerp (const PrepConfig * cfg, const PrepFormatInfo * f, int color)
{
  if (f->kind != PREP_KIND_YUV || color == PREP_CONV_OPENCV_8BIT
      || !(f->comp[1].shift_x || f->comp[1].shift_y))
    return 0;
  switch (cfg->chroma_interpolation) {
    case PREP_CHROMA_BILINEAR:
      return PREP_CHROMA_LERP_SITE;
    case PREP_CHROMA_SWSCALE:
      return PREP_CHROMA_LERP_SWSCALE;
    default:
      return 0;
  }
}

/* R, G, B inputs: only the range applies, per channel (full: identity);
 * GRAY8: every row is the luma row of the YUV matrix (no chroma). */
static void
prep_rgb_or_gray_matrix (const PrepConfig * cfg, PrepKind kind, double m[3][4])
{
  double s = cfg->range == PREP_RANGE_FULL ? 1.0 : 255.0 / 219.0;
  double off = cfg->range == PREP_RANGE_FULL ? 0.0 : 16.0;
  int k, j;

  for (k = 0; k < 3; k++) {
    for (j = 0; j < 3; j++)
      m[k][j] = kind == PREP_KIND_GRAY ? (j == 0 ? s : 0.0) :
          (j == k ? s : 0.0);
    m[k][3] = -s * off;
  }
}

/* channel-order=gray: row 0 becomes the luma: for YUV and GRAY8 inputs
 * ys (Y - yoff), the term the RGB rows share, without chroma; for R, G, B
 * the BT.601 luma of the range-scaled channels (OpenCV's RGB2GRAY
 * weights).  (ys, yoff) = (1, 0) full range, (255 / 219, 16) limited. */
static void
prep_gray_row (const PrepConfig * cfg, PrepKind kind, double m[3][4])
{
  static const double w[3] = { 0.299, 0.587, 0.114 };
  double s = cfg->range == PREP_RANGE_FULL ? 1.0 : 255.0 / 219.0;
  double off = cfg->range == PREP_RANGE_FULL ? 0.0 : 16.0;
  int j;

  for (j = 0; j < 3; j++)
    m[0][j] = kind == PREP_KIND_RGB ? w[j] * s : (j == 0 ? s : 0.0);
  m[0][3] = kind == PREP_KIND_RGB ? -(w[0] + w[1] + w[2]) * s * off : -s * off;
}

/* color-conversion=opencv: cvtColor's fixed-point coefficients
 * (PREP_CV_*, prep-math.h) divided by 2^20, exact in double, on
 * max (Y, 16) (prep_convert_normalize ()): R = CY (Y - 16) + CVR (V - 128),
 * G = CY (Y - 16) + CUG (U - 128) + CVG (V - 128), B = CY (Y - 16) +
 * CUB (U - 128); the offsets fold into m[k][3] as for the other
 * matrices. */
static void
prep_opencv_matrix (double m[3][4])
{
  double s = 1.0 / (double) (1 << PREP_CV_SHIFT);
  int k;

  m[0][0] = m[1][0] = m[2][0] = PREP_CV_CY * s;
  m[0][1] = 0.0;
  m[0][2] = PREP_CV_CVR * s;
  m[1][1] = PREP_CV_CUG * s;
  m[1][2] = PREP_CV_CVG * s;
  m[2][1] = PREP_CV_CUB * s;
  m[2][2] = 0.0;
  for (k = 0; k < 3; k++)
    m[k][3] = -m[k][0] * 16.0 - (m[k][1] + m[k][2]) * 128.0;
}

static void
prep_color_matrix (const PrepConfig * cfg, PrepParams * p)
{
  const PrepFormatInfo *f = prep_format_info (cfg->format);
  PrepKind kind = f->kind;
  PrepConfig rgb;
  double m[3][4];
  int k, j;

  /* opencv-8bit, videoconvert: the taps are cvtColor's or videoconvert's
   * 8-bit R, G, B; from there on a full-range RGB input's (identity, or the
   * RGB luma for gray) */
  if (kind == PREP_KIND_YUV && (cfg->color_conversion ==
          PREP_COLOR_OPENCV_8BIT
          || cfg->color_conversion == PREP_COLOR_VIDEOCONVERT)) {
    rgb = *cfg;
    rgb.range = PREP_RANGE_FULL;
    cfg = &rgb;
    kind = PREP_KIND_RGB;
  }
  if (kind == PREP_KIND_YUV && cfg->color_conversion == PREP_COLOR_OPENCV)
    prep_opencv_matrix (m);
  else if (kind == PREP_KIND_YUV)
    prep_yuv_matrix (cfg, m);
  else
    prep_rgb_or_gray_matrix (cfg, kind, m);
  if (cfg->channel_order == PREP_ORDER_GRAY && kind == PREP_KIND_YUV
      && cfg->color_conversion == PREP_COLOR_OPENCV) {
    /* the luma term of the rows: CY (max (Y, 16) - 16) */
    m[0][1] = m[0][2] = 0.0;
    m[0][3] = -m[0][0] * 16.0;
  } else if (cfg->channel_order == PREP_ORDER_GRAY) {
    prep_gray_row (cfg, kind, m);
  }
  for (k = 0; k < 3; k++)
    for (j = 0; j < 4; j++)
      p->m[k][j] = (float) m[k][j];
}

/* out = (v * scale - mean) / std = v * (scale / std) + (-mean / std); the
 * pad value (of the tensor channel) goes through the same float expression
 * as a sample.  The
 * channel order picks the matrix row of each tensor channel. */
static void
prep_normalization (const PrepConfig * cfg, PrepParams * p)
{
  int c;

  for (c = 0; c < 3; c++) {
    p->scale[c] = (float) (cfg->scale / cfg->std[c]);
    p->bias[c] = (float) (-cfg->mean[c] / cfg->std[c]);
    p->pad[c] = (float) prep_config_pad (cfg, c) * p->scale[c] + p->bias[c];
  }
  p->perm[0] = cfg->channel_order == PREP_ORDER_BGR ? 2 : 0;
  p->perm[1] = cfg->channel_order == PREP_ORDER_GRAY ? 0 : 1;
  p->perm[2] = cfg->channel_order == PREP_ORDER_RGB ? 2 : 0;
}

void
prep_params_init (const PrepConfig * cfg, PrepParams * p)
{
  const PrepFormatInfo *f = prep_format_info (cfg->format);
  int k;

  p->out_width = cfg->out_width;
  p->out_height = cfg->out_height;
  prep_color_matrix (cfg, p);
  prep_normalization (cfg, p);
  p->nearest = cfg->interpolation == PREP_INTERP_NEAREST ? PREP_TAPS_NEAREST :
      (cfg->interpolation == PREP_INTERP_NEAREST_FLOOR ?
      PREP_TAPS_NEAREST_FLOOR : PREP_TAPS_BILINEAR);
  p->nhwc = cfg->layout == PREP_LAYOUT_NHWC;
  p->elem = (int) cfg->data_type;
  /* bicubic and antialias: weighted taps (prep-antialias.c) */
  p->antialias = cfg->interpolation == PREP_INTERP_BICUBIC ? (cfg->antialias ?
      PREP_WTAPS_CUBIC_AA : PREP_WTAPS_CUBIC) : (cfg->antialias ?
      PREP_WTAPS_TRIANGLE : 0);
  /* per axis the taps of an output index span at most 2 support + 1
   * samples (support = k / 2 * max (len / inner, 1), k = 2 for the
   * triangle, 4 for the cubic; plain bicubic: 4), so at most k len + k out
   * weights, len <= the frame's size */
  k = cfg->interpolation == PREP_INTERP_BICUBIC ? 4 : 2;
  p->aa_weights = p->antialias ? k * (cfg->src_width + cfg->src_height +
      cfg->out_width + cfg->out_height) + 4 : 0;
  p->channels = prep_channel_count (cfg->channel_order);
  for (k = 0; k < 3; k++)
    p->comp[k] = f->comp[k];
  p->wide = f->sample != PREP_SAMPLE_8;
  p->lsb10 = f->sample == PREP_SAMPLE_10_LSB;
  /* color-conversion and chroma-interpolation: YUV inputs only
   * (prep_chroma_lerp (); videoconvert interpolates the chroma in
   * integers, prep_vc_chroma ()); the chroma site, plane size and steps
   * only where they are used (the kernel table shares equal parameters) */
  p->color = f->kind == PREP_KIND_YUV ? (int) cfg->color_conversion :
      PREP_CONV_EXACT;
  for (k = 0; k < 5; k++)
    p->vc[k] = 0;
  if (p->color == PREP_CONV_VIDEOCONVERT)
    prep_videoconvert_coefs (cfg, p);
  p->chroma_lerp = prep_chroma_lerp (cfg, f, p->color);
  /* swscale takes the chroma as centered whatever the stream says */
  p->chroma_cosited = p->chroma_lerp == PREP_CHROMA_LERP_SITE ?
      cfg->chroma_site & (PREP_CHROMA_SITE_H_COSITED |
      PREP_CHROMA_SITE_V_COSITED) : 0;
  p->chroma_w = p->chroma_lerp ? (int) (((int64_t) cfg->src_width +
          (1 << f->comp[1].shift_x) - 1) >> f->comp[1].shift_x) : 0;
  p->chroma_h = p->chroma_lerp ? (int) (((int64_t) cfg->src_height +
          (1 << f->comp[1].shift_y) - 1) >> f->comp[1].shift_y) : 0;
  p->chroma_xinc = p->chroma_lerp == PREP_CHROMA_LERP_SWSCALE ?
      prep_swscale_step (p->chroma_w, cfg->src_width) : 0;
  p->chroma_yinc = p->chroma_lerp == PREP_CHROMA_LERP_SWSCALE ?
      prep_swscale_step (p->chroma_h, cfg->src_height) : 0;
}
