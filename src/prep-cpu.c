/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The CPU executor: one pass over the output, row by row, around the shared
 * per-pixel math of prep-math.h.  Column taps come from the plan's table
 * (filled by the same prep_axis_tap () the kernel calls), row taps are
 * computed once per row. */

#include "prep-private.h"

/* NV12 chroma: ceil (w / 2) interleaved U,V pairs per row, ceil (h / 2)
 * rows. */
static int
prep_chroma_row_bytes (int width)
{
  return 2 * ((width + 1) / 2);
}

size_t
prep_plan_luma_bytes (const PrepPlan * plan, int y_stride)
{
  const PrepConfig *cfg = &plan->cfg;

  return (size_t) y_stride *(size_t) (cfg->src_height - 1) +
      (size_t) cfg->src_width;
}

size_t
prep_plan_chroma_bytes (const PrepPlan * plan, int uv_stride)
{
  const PrepConfig *cfg = &plan->cfg;

  return (size_t) uv_stride *(size_t) ((cfg->src_height + 1) / 2 - 1) +
      (size_t) prep_chroma_row_bytes (cfg->src_width);
}

PrepStatus
prep_plan_check_frame (const PrepPlan * plan, int have_pointers, int y_stride,
    int uv_stride, size_t dst_size)
{
  if (plan == NULL || !have_pointers)
    return PREP_ERROR_INVALID_ARGUMENT;
  if (y_stride < plan->cfg.src_width ||
      uv_stride < prep_chroma_row_bytes (plan->cfg.src_width))
    return PREP_ERROR_STRIDE;
  if (dst_size < plan->n_bytes)
    return PREP_ERROR_OUTPUT_SIZE;
  return PREP_OK;
}

PrepStatus
prep_plan_run_cpu (const PrepPlan * plan, const uint8_t * y, int y_stride,
    const uint8_t * uv, int uv_stride, float *dst, size_t dst_size)
{
  const PrepParams *p;
  PrepStatus st;
  PrepTap ty;
  float v[3];
  int ox, oy;

  st = prep_plan_check_frame (plan, y != NULL && uv != NULL && dst != NULL,
      y_stride, uv_stride, dst_size);
  if (st != PREP_OK)
    return st;
  p = &plan->params;
  for (oy = 0; oy < p->out_height; oy++) {
    ty = prep_axis_tap (&p->ay, oy, p->nearest);
    for (ox = 0; ox < p->out_width; ox++) {
      prep_pixel (p, &plan->col_taps[ox], &ty, y, y_stride, uv, uv_stride, v);
      prep_store (p, dst, ox, oy, v);
    }
  }
  return PREP_OK;
}
