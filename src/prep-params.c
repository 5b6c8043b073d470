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

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "prep-private.h"

/* round (num / den) for num, den > 0, halves away from zero, in integers. */
static int64_t
prep_round_div (int64_t num, int64_t den)
{
  return (2 * num + den) / (2 * den);
}

/* Letterbox: s = min (OW / rw, OH / rh); the limiting axis fills the output,
 * the other gets round (r * s) (at least 1), centered with floor.  Computed
 * exactly in integers (operands < 2^63): in double, 45 * (7 / 10.0) is
 * 31.499999999999996 and would round the wrong way. */
static void
prep_letterbox (const PrepConfig * cfg, const PrepRect * r, PrepSlotGeom * g)
{
  int64_t ow = cfg->out_width, oh = cfg->out_height;
  int64_t rw = r->width, rh = r->height;

  if (ow * rh <= oh * rw) {
    g->ax.inner = (int) ow;
    g->ay.inner = (int) prep_round_div (rh * ow, rw);
  } else {
    g->ax.inner = (int) prep_round_div (rw * oh, rh);
    g->ay.inner = (int) oh;
  }
  g->ax.inner = prep_clamp_int (g->ax.inner, 1, cfg->out_width);
  g->ay.inner = prep_clamp_int (g->ay.inner, 1, cfg->out_height);
  g->ax.offset = (cfg->out_width - g->ax.inner) / 2;
  g->ay.offset = (cfg->out_height - g->ay.inner) / 2;
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
prep_color_matrix (const PrepConfig * cfg, PrepParams * p)
{
  double kr, kb, kg, ys, cs, yoff, m[3][3];
  int k;

  prep_matrix_kr_kb (cfg->matrix, &kr, &kb);
  kg = 1.0 - kr - kb;
  if (cfg->range == PREP_RANGE_FULL) {
    yoff = 0.0;
    ys = cs = 1.0;
  } else {
    yoff = 16.0;
    ys = 255.0 / 219.0;
    cs = 255.0 / 224.0;
  }
  m[0][0] = m[1][0] = m[2][0] = ys;
  m[0][1] = 0.0;
  m[0][2] = 2.0 * (1.0 - kr) * cs;
  m[1][1] = -2.0 * kb * (1.0 - kb) / kg * cs;
  m[1][2] = -2.0 * kr * (1.0 - kr) / kg * cs;
  m[2][1] = 2.0 * (1.0 - kb) * cs;
  m[2][2] = 0.0;
  for (k = 0; k < 3; k++) {
    p->m[k][0] = (float) m[k][0];
    p->m[k][1] = (float) m[k][1];
    p->m[k][2] = (float) m[k][2];
    p->m[k][3] = (float) (-m[k][0] * yoff - (m[k][1] + m[k][2]) * 128.0);
  }
}

/* out = (v * scale - mean) / std = v * (scale / std) + (-mean / std); the
 * pad value goes through the same float expression as a sample. */
static void
prep_normalization (const PrepConfig * cfg, PrepParams * p)
{
  int c;

  for (c = 0; c < 3; c++) {
    p->scale[c] = (float) (cfg->scale / cfg->std[c]);
    p->bias[c] = (float) (-cfg->mean[c] / cfg->std[c]);
    p->pad[c] = (float) cfg->pad_value * p->scale[c] + p->bias[c];
  }
  p->perm[0] = cfg->channel_order == PREP_ORDER_BGR ? 2 : 0;
  p->perm[1] = 1;
  p->perm[2] = cfg->channel_order == PREP_ORDER_BGR ? 0 : 2;
}

void
prep_params_init (const PrepConfig * cfg, PrepParams * p)
{
  p->out_width = cfg->out_width;
  p->out_height = cfg->out_height;
  prep_color_matrix (cfg, p);
  prep_normalization (cfg, p);
  p->nearest = cfg->interpolation == PREP_INTERP_NEAREST;
  p->nhwc = cfg->layout == PREP_LAYOUT_NHWC;
  p->half = cfg->data_type == PREP_DTYPE_FLOAT16;
}
