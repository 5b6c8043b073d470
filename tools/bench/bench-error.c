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
 * cover and its crop fraction), antialias, interpolation, channels
 * (gray), layout and input format (RefConfig.format "NV12", "I420",
 * "P010_10LE"), limited range (BT.709, the stream's matrix, or another one
 * to isolate a peer's other errors) and the default normalization x / 255,
 * so that |error| * 255 is in 8-bit steps (uint8 tensors: scale 1, the
 * error is in steps as it is). */

#include <math.h>
#include <stdint.h>
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
  cfg->nearest = w->nearest;
  cfg->gray = w->gray;
  cfg->nhwc = w->nhwc;
  cfg->scale = w->norm.scale;
}

/* Element i of a slot, and its error against the reference value @ref in
 * steps of 1/255 of full scale: float32 tensors hold x / 255, uint8 ones
 * the pixel values (against the reference saturated to [0, 255], so that
 * the rounding to integers costs at most half a step). */
static double
elem_error (const BenchWorkload * w, const void *slot, size_t i, double ref)
{
  double v;

  if (w->out == BENCH_OUT_UINT8) {
    v = ((const uint8_t *) slot)[i];
    return fabs (v - (ref < 0.0 ? 0.0 : (ref > 255.0 ? 255.0 : ref)));
  }
  v = ((const float *) slot)[i];
  return fabs (v - ref) * 255.0;
}

int
bench_error (const BenchWorkload * w, const BenchFrame * f,
    const void *tensor, int matrix, double *max_err, double *mean_err)
{
  size_t n = bench_slot_elements (w), i;
  double *ref = malloc (n * sizeof (double)), d, sum = 0.0, max = 0.0;
  const uint8_t *slot;
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
    slot = (const uint8_t *) tensor + (size_t) r *n * bench_elem_size (w);
    for (i = 0; i < n; i++) {
      d = elem_error (w, slot, i, ref[i]);
      if (isnan (d))
        d = INFINITY;
      if (d > max)
        max = d;
      sum += d;
    }
  }
  free (ref);
  *max_err = max;
  *mean_err = sum / (double) (n * (size_t) w->n_rois);
  return 1;
}
