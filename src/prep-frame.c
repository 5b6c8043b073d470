/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The NV12 frame a plan reads: the bytes its planes span with given
 * strides, and the checks every executor (CPU or CUDA) makes before it
 * touches memory. */

#include <stdint.h>

#include "prep-private.h"

/* NV12 chroma: ceil (w / 2) interleaved U,V pairs per row, ceil (h / 2)
 * rows.  In 64 bits: for a width of INT_MAX the row is 2^31 bytes, more
 * than any int stride holds. */
static int64_t
prep_chroma_row_bytes (int width)
{
  return 2 * (((int64_t) width + 1) / 2);
}

/* Bytes of a plane of @rows rows of @row_bytes with @stride: stride *
 * (rows - 1) + row_bytes, in 64 bits, or PREP_ERROR_STRIDE when the stride
 * cannot hold a row (negative strides included), PREP_ERROR_OVERFLOW when
 * the count does not fit in size_t. */
static PrepStatus
prep_plane_bytes (int64_t stride, int64_t rows, int64_t row_bytes,
    size_t *bytes)
{
  uint64_t n;

  if (stride < row_bytes || row_bytes <= 0 || rows <= 0)
    return PREP_ERROR_STRIDE;
  /* stride < 2^31, rows < 2^31, row_bytes <= stride: below 2^62 */
  n = (uint64_t) stride *(uint64_t) (rows - 1) + (uint64_t) row_bytes;
  if (n > (uint64_t) SIZE_MAX)
    return PREP_ERROR_OVERFLOW;
  *bytes = (size_t) n;
  return PREP_OK;
}

PrepStatus
prep_plan_frame_bytes (const PrepPlan * plan, int y_stride, int uv_stride,
    size_t *luma_bytes, size_t *chroma_bytes)
{
  const PrepConfig *cfg;
  size_t ly, luv;
  PrepStatus st;

  if (plan == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  cfg = &plan->cfg;
  st = prep_plane_bytes (y_stride, cfg->src_height, cfg->src_width, &ly);
  if (st == PREP_OK)
    st = prep_plane_bytes (uv_stride, ((int64_t) cfg->src_height + 1) / 2,
        prep_chroma_row_bytes (cfg->src_width), &luv);
  if (st != PREP_OK)
    return st;
  if (luma_bytes != NULL)
    *luma_bytes = ly;
  if (chroma_bytes != NULL)
    *chroma_bytes = luv;
  return PREP_OK;
}

size_t
prep_plan_luma_bytes (const PrepPlan * plan, int y_stride)
{
  size_t n;

  if (plan == NULL || prep_plane_bytes (y_stride, plan->cfg.src_height,
          plan->cfg.src_width, &n) != PREP_OK)
    return SIZE_MAX;
  return n;
}

size_t
prep_plan_chroma_bytes (const PrepPlan * plan, int uv_stride)
{
  size_t n;

  if (plan == NULL || prep_plane_bytes (uv_stride,
          ((int64_t) plan->cfg.src_height + 1) / 2,
          prep_chroma_row_bytes (plan->cfg.src_width), &n) != PREP_OK)
    return SIZE_MAX;
  return n;
}

/* Strides are refused whatever the width when they cannot hold a row: the
 * comparison is in 64 bits. */
PrepStatus
prep_plan_check_frame (const PrepPlan * plan, int have_pointers, int y_stride,
    int uv_stride, size_t dst_size)
{
  if (plan == NULL || !have_pointers)
    return PREP_ERROR_INVALID_ARGUMENT;
  if ((int64_t) y_stride < (int64_t) plan->cfg.src_width ||
      (int64_t) uv_stride < prep_chroma_row_bytes (plan->cfg.src_width))
    return PREP_ERROR_STRIDE;
  if (dst_size < plan->n_bytes)
    return PREP_ERROR_OUTPUT_SIZE;
  return PREP_OK;
}
