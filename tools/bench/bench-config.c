/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The workloads in the engine's terms (bench-config.h).  Types only from
 * prep.h: no engine function is called here, so the A/B driver can use it
 * with engines it loads at run time. */

#include "bench-config.h"

void
bench_prep_config (const BenchWorkload * w,
    void (*config_init) (PrepConfig * cfg), PrepConfig * cfg,
    PrepRect rects[BENCH_MAX_ROIS])
{
  int i;

  config_init (cfg);
  cfg->src_width = w->src_width;
  cfg->src_height = w->src_height;
  cfg->out_width = w->out_width;
  cfg->out_height = w->out_height;
  cfg->batch_size = w->n_rois;
  cfg->aspect = w->letterbox ? PREP_ASPECT_LETTERBOX : PREP_ASPECT_STRETCH;
  cfg->pad_value = w->pad_value;
  cfg->interpolation = PREP_INTERP_BILINEAR;
  cfg->matrix = PREP_MATRIX_BT709;
  cfg->range = PREP_RANGE_LIMITED;
  cfg->channel_order = PREP_ORDER_RGB;
  cfg->layout = PREP_LAYOUT_NCHW;
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
