/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The workloads in the engine's terms (bench-config.h).  Compiled into
 * each engine that the A/B driver loads (ab-engine.sh), so it calls
 * nothing but the engine's own functions: no other file of the benchmark
 * is linked there. */

#include "bench-config.h"

#ifndef AB_RUN_NV12_PLANES
static PrepFormat
prep_format_of (BenchFormat format)
{
  switch (format) {
    case BENCH_FORMAT_I420:
      return PREP_FORMAT_I420;
    case BENCH_FORMAT_P010:
      return PREP_FORMAT_P010_10LE;
    default:
      return PREP_FORMAT_NV12;
  }
}
#endif

void
bench_prep_config (const BenchWorkload * w,
    void (*config_init) (PrepConfig * cfg), PrepConfig * cfg,
    PrepRect rects[BENCH_MAX_ROIS])
{
  int i;

  config_init (cfg);
#ifndef AB_RUN_NV12_PLANES
  cfg->format = prep_format_of (w->format);
#endif
  cfg->src_width = w->src_width;
  cfg->src_height = w->src_height;
  cfg->out_width = w->out_width;
  cfg->out_height = w->out_height;
  cfg->batch_size = w->n_rois;
  cfg->aspect = w->letterbox ? PREP_ASPECT_LETTERBOX : PREP_ASPECT_STRETCH;
#ifndef AB_NO_ANTIALIAS
  if (w->cover) {
    cfg->aspect = PREP_ASPECT_COVER;
    cfg->crop_fraction = w->crop_fraction;
  }
  cfg->antialias = w->antialias;
#endif
  cfg->pad_value = w->pad_value;
  cfg->interpolation = PREP_INTERP_BILINEAR;
  cfg->matrix = PREP_MATRIX_BT709;
  cfg->range = PREP_RANGE_LIMITED;
  cfg->channel_order = PREP_ORDER_RGB;
  cfg->layout = PREP_LAYOUT_NCHW;
#ifndef AB_NO_OUTPUT_KINDS
  if (w->nearest)
    cfg->interpolation = PREP_INTERP_NEAREST;
  if (w->gray)
    cfg->channel_order = PREP_ORDER_GRAY;
  if (w->nhwc)
    cfg->layout = PREP_LAYOUT_NHWC;
  if (w->out == BENCH_OUT_UINT8)
    cfg->data_type = PREP_DTYPE_UINT8;
#endif
  cfg->scale = w->norm.scale;
  for (i = 0; i < 3; i++) {
    cfg->mean[i] = w->norm.mean[i];
    cfg->std[i] = w->norm.std[i];
  }
  for (i = 0; i < w->n_rois; i++) {
    rects[i].x = w->rois[i].x;
    rects[i].y = w->rois[i].y;
    rects[i].width = w->rois[i].width;
    rects[i].height = w->rois[i].height;
  }
}

#ifndef AB_RUN_NV12_PLANES
void
bench_prep_frame (const BenchFrame * f, PrepFrame * out)
{
  int p;

  prep_frame_init (out, prep_format_of (f->format), f->width, f->height);
  for (p = 0; p < 3 && p < PREP_PLANES_MAX; p++) {      /* unused: NULL, 0 */
    out->planes[p] = f->planes[p];
    out->strides[p] = f->strides[p];
  }
}
#endif
