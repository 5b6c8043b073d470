/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The error column: each implementation against the float64 reference
 * model of tests/reference/, with the workload's geometry (letterbox or
 * cover and its crop fraction), antialias and input format
 * (RefConfig.format "NV12", "I420", "P010_10LE"), limited range
 * (BT.709, the stream's matrix, or another one to isolate a peer's other
 * errors) and the default normalization x / 255, so that |error| * 255 is in
 * 8-bit steps. */

#include <math.h>
#include <stdlib.h>

#include "bench.h"
#include "ref-model.h"

static void
ref_config_for (const BenchWorkload * w, const BenchRect * roi, int matrix,
    RefConfig * cfg)
{
  ref_config_defaults (cfg);
  cfg->src_width = w->src_width;
  cfg->src_height = w->src_height;
  cfg->crop_x = roi->x;
  cfg->crop_y = roi->y;
  cfg->crop_width = roi->width;
  cfg->crop_height = roi->height;
  cfg->out_width = w->out_width;
  cfg->out_height = w->out_height;
  cfg->letterbox = w->letterbox;
  cfg->cover = w->cover;
  cfg->crop_fraction = w->cover ? w->crop_fraction : 1.0;
  cfg->antialias = w->antialias;
  cfg->pad_value = w->pad_value;
  cfg->format = bench_format_name (w->format);
  cfg->matrix = matrix == 601 ? REF_MATRIX_BT601 : REF_MATRIX_BT709;
  cfg->full_range = 0;
}

int
bench_error (const BenchWorkload * w, const BenchFrame * f,
    const float *tensor, int matrix, double *max_err, double *mean_err)
{
  size_t n = bench_slot_elements (w), i;
  double *ref = malloc (n * sizeof (double)), d, sum = 0.0, max = 0.0;
  const float *slot;
  RefConfig cfg;
  RefImage img;
  int r;

  for (r = 0; r < 3; r++) {
    img.plane[r] = f->planes[r];
    img.stride[r] = f->strides[r];
  }

  if (ref == NULL)
    return 0;
  for (r = 0; r < w->n_rois; r++) {
    ref_config_for (w, &w->rois[r], matrix, &cfg);
    ref_run (&cfg, &img, ref);
    slot = tensor + (size_t) r *n;
    for (i = 0; i < n; i++) {
      d = fabs ((double) slot[i] - ref[i]);
      if (isnan (d))
        d = INFINITY;
      if (d > max)
        max = d;
      sum += d;
    }
  }
  free (ref);
  *max_err = max * 255.0;
  *mean_err = sum / (double) (n * (size_t) w->n_rois) * 255.0;
  return 1;
}
