/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The frame a plan reads: the bytes its planes span with given strides, and
 * the checks every executor (CPU or CUDA) makes before it touches memory.
 * Plane geometry comes from the format's table entry (prep-formats.c). */

#include <stdint.h>
#include <string.h>

#include "prep-private.h"

void
prep_frame_init (PrepFrame * frame, PrepFormat format, int width, int height)
{
  if (frame == NULL)
    return;
  memset (frame, 0, sizeof (PrepFrame));
  frame->format = format;
  frame->width = width;
  frame->height = height;
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
prep_frame_plane_size (const PrepFrame * frame, int plane, size_t *bytes)
{
  const PrepFormatInfo *f;
  int64_t row_bytes, rows;

  if (frame == NULL || bytes == NULL ||
      (f = prep_format_info (frame->format)) == NULL || plane < 0 ||
      plane >= f->n_planes)
    return PREP_ERROR_INVALID_ARGUMENT;
  if (frame->width <= 0 || frame->height <= 0)
    return PREP_ERROR_SIZE;
  prep_format_plane_size (f, plane, frame->width, frame->height, &row_bytes,
      &rows);
  return prep_plane_bytes (frame->strides[plane], rows, row_bytes, bytes);
}

PrepStatus
prep_frame_plane_bytes (const PrepFrame * frame, size_t bytes[PREP_PLANES_MAX])
{
  size_t b[PREP_PLANES_MAX] = { 0, 0, 0 };
  PrepStatus st;
  int p, n;

  if (frame == NULL || bytes == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  n = prep_format_n_planes (frame->format);
  if (n == 0)
    return PREP_ERROR_INVALID_ARGUMENT;
  for (p = 0; p < n; p++)
    if ((st = prep_frame_plane_size (frame, p, &b[p])) != PREP_OK)
      return st;
  memcpy (bytes, b, sizeof (b));
  return PREP_OK;
}

void
prep_plan_frame_init (const PrepPlan * plan, PrepFrame * frame)
{
  prep_frame_init (frame, plan->cfg.format, plan->cfg.src_width,
      plan->cfg.src_height);
}

/* Strides are refused whatever the width when they cannot hold a row: the
 * comparison is in 64 bits.  Pointers are only checked for NULL. */
PrepStatus
prep_frame_check (PrepFormat format, int width, int height,
    const PrepFrame * src, PrepPlanes * planes)
{
  const PrepFormatInfo *f;
  int64_t row_bytes, rows;
  int p;

  if (src == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  if (src->format != format || src->width != width || src->height != height)
    return PREP_ERROR_FORMAT;
  f = prep_format_info (src->format);
  for (p = 0; p < f->n_planes; p++) {
    if (src->planes[p] == NULL)
      return PREP_ERROR_INVALID_ARGUMENT;
    prep_format_plane_size (f, p, src->width, src->height, &row_bytes, &rows);
    if ((int64_t) src->strides[p] < row_bytes)
      return PREP_ERROR_STRIDE;
  }
  planes->d0 = src->planes[0];
  planes->d1 = f->n_planes > 1 ? src->planes[1] : NULL;
  planes->d2 = f->n_planes > 2 ? src->planes[2] : NULL;
  planes->s0 = src->strides[0];
  planes->s1 = f->n_planes > 1 ? src->strides[1] : 0;
  planes->s2 = f->n_planes > 2 ? src->strides[2] : 0;
  return PREP_OK;
}

PrepStatus
prep_plan_check_frame (const PrepPlan * plan, const PrepFrame * src,
    int have_dst, size_t dst_size, PrepPlanes * planes)
{
  PrepStatus st;

  if (plan == NULL || src == NULL || !have_dst)
    return PREP_ERROR_INVALID_ARGUMENT;
  if (plan->n_streams > 0)
    return PREP_ERROR_INVALID_ARGUMENT;
  st = prep_frame_check (plan->cfg.format, plan->cfg.src_width,
      plan->cfg.src_height, src, planes);
  if (st == PREP_OK && dst_size < plan->n_bytes)
    return PREP_ERROR_OUTPUT_SIZE;
  return st;
}
