/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The config: its defaults and validation, the tensor's size, rectangles
 * against the frame, and the words for every status. */

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "prep-private.h"

void
prep_config_init (PrepConfig * cfg)
{
  int c;

  cfg->format = PREP_FORMAT_NV12;
  cfg->src_width = cfg->src_height = 0;
  cfg->out_width = cfg->out_height = PREP_DEFAULT_OUT_SIZE;
  cfg->aspect = PREP_ASPECT_STRETCH;
  cfg->letterbox_align = PREP_ALIGN_CENTER;
  cfg->letterbox_rounding = PREP_ROUND_HALF_UP;
  cfg->crop_fraction = 1.0;
  cfg->antialias = 0;
  cfg->pad_value = PREP_DEFAULT_PAD_VALUE;
  cfg->pad_per_channel = 0;
  for (c = 0; c < 3; c++)
    cfg->pad_values[c] = PREP_DEFAULT_PAD_VALUE;
  cfg->interpolation = PREP_INTERP_BILINEAR;
  cfg->matrix = PREP_MATRIX_BT709;
  cfg->range = PREP_RANGE_LIMITED;
  cfg->color_conversion = PREP_COLOR_EXACT;
  cfg->chroma_interpolation = PREP_CHROMA_NEAREST;
  cfg->chroma_site = 0;
  cfg->channel_order = PREP_ORDER_RGB;
  cfg->layout = PREP_LAYOUT_NCHW;
  cfg->scale = PREP_DEFAULT_SCALE;
  for (c = 0; c < 3; c++) {
    cfg->mean[c] = 0.0;
    cfg->std[c] = 1.0;
  }
  cfg->data_type = PREP_DTYPE_FLOAT32;
  cfg->batch_size = 1;
}

static int
prep_enums_valid (const PrepConfig * cfg)
{
  return (unsigned) cfg->format < PREP_FORMAT_COUNT
      && (unsigned) cfg->aspect <= PREP_ASPECT_COVER
      && cfg->crop_fraction > 0.0 && cfg->crop_fraction <= 1.0
      && (cfg->antialias == 0 || cfg->antialias == 1)
      && (unsigned) cfg->interpolation <= PREP_INTERP_BICUBIC
      && (unsigned) cfg->letterbox_align <= PREP_ALIGN_TOP_LEFT
      && (unsigned) cfg->letterbox_rounding <= PREP_ROUND_FLOOR
      && (unsigned) cfg->matrix <= PREP_MATRIX_BT2020
      && (unsigned) cfg->range <= PREP_RANGE_FULL
      && (unsigned) cfg->color_conversion <= PREP_COLOR_VIDEOCONVERT
      && (unsigned) cfg->chroma_interpolation <= PREP_CHROMA_SWSCALE
      && (unsigned) cfg->channel_order <= PREP_ORDER_GRAY
      && (unsigned) cfg->layout <= PREP_LAYOUT_NHWC
      && (unsigned) cfg->data_type <= PREP_DTYPE_INT8;
}

/* Every normalized value is v * s + b with v in [0, 255], s = scale / std
 * and b = -mean / std rounded to float: the parameters are usable when
 * those, and 255 |s| + |b|, are finite in float too. */
PrepStatus
prep_normalization_validate (double scale, const double mean[3],
    const double std[3])
{
  double s, b;
  int c;

  if (mean == NULL || std == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  if (!isfinite (scale))
    return PREP_ERROR_NORMALIZATION;
  for (c = 0; c < 3; c++) {
    if (!isfinite (mean[c]) || !isfinite (std[c]) || std[c] == 0.0)
      return PREP_ERROR_NORMALIZATION;
    s = scale / std[c];
    b = -mean[c] / std[c];
    if (!isfinite (s) || !isfinite (b) || 255.0 * fabs (s) + fabs (b) > FLT_MAX)
      return PREP_ERROR_NORMALIZATION;
  }
  return PREP_OK;
}

int
prep_crop_inside (int frame_width, int frame_height, const PrepRect * r)
{
  return r->x >= 0 && r->y >= 0 && r->width > 0 && r->height > 0 &&
      r->width <= frame_width - r->x && r->height <= frame_height - r->y;
}

/* float16 holds magnitudes below 65520 (65504 is its largest finite
 * value): the normalized extremes, pad included, must stay inside. */
static int
prep_fits_half (const PrepConfig * cfg)
{
  double s, b;
  int c;

  for (c = 0; c < 3; c++) {
    s = cfg->scale / cfg->std[c];
    b = -cfg->mean[c] / cfg->std[c];
    if (255.0 * fabs (s) + fabs (b) > 65504.0)
      return 0;
  }
  return 1;
}

static int
prep_pad_value_valid (double v)
{
  return isfinite (v) && v >= 0.0 && v <= 255.0;
}

double
prep_config_pad (const PrepConfig * cfg, int c)
{
  return cfg->pad_per_channel ? cfg->pad_values[c] : cfg->pad_value;
}

PrepStatus
prep_config_validate (const PrepConfig * cfg)
{
  size_t n, bytes;
  int c, k;

  if (cfg == NULL || !prep_enums_valid (cfg))
    return PREP_ERROR_INVALID_ARGUMENT;
  if (cfg->batch_size < 1 || cfg->batch_size > PREP_BATCH_MAX)
    return PREP_ERROR_INVALID_ARGUMENT;
  if (cfg->src_width <= 0 || cfg->src_height <= 0)
    return PREP_ERROR_SIZE;
  /* weighted taps per slot: k (W + H + OW + OH) + 4, an int (k = 4 for
   * bicubic, 2 else: prep_params_init ()) */
  k = cfg->interpolation == PREP_INTERP_BICUBIC ? 4 : 2;
  if ((cfg->antialias || k == 4) && (int64_t) cfg->src_width +
      cfg->src_height + (int64_t) cfg->out_width + cfg->out_height >
      INT_MAX / k - 2)
    return PREP_ERROR_OVERFLOW;
  if (prep_normalization_validate (cfg->scale, cfg->mean, cfg->std) != PREP_OK)
    return PREP_ERROR_NORMALIZATION;
  if (cfg->data_type == PREP_DTYPE_FLOAT16 && !prep_fits_half (cfg))
    return PREP_ERROR_NORMALIZATION;
  if (cfg->pad_per_channel != 0 && cfg->pad_per_channel != 1)
    return PREP_ERROR_INVALID_ARGUMENT;
  for (c = 0; c < 3; c++)
    if (!prep_pad_value_valid (prep_config_pad (cfg, c)))
      return PREP_ERROR_PAD_VALUE;
  return prep_tensor_size (cfg->out_width, cfg->out_height,
      prep_channel_count (cfg->channel_order), cfg->batch_size,
      cfg->data_type, &n, &bytes);
}

size_t
prep_data_type_size (PrepDataType data_type)
{
  switch (data_type) {
    case PREP_DTYPE_FLOAT32:
      return 4;
    case PREP_DTYPE_FLOAT16:
      return 2;
    case PREP_DTYPE_UINT8:
    case PREP_DTYPE_INT8:
      return 1;
  }
  return 0;
}

int
prep_channel_count (PrepChannelOrder order)
{
  switch (order) {
    case PREP_ORDER_RGB:
    case PREP_ORDER_BGR:
      return 3;
    case PREP_ORDER_GRAY:
      return 1;
  }
  return 0;
}

PrepStatus
prep_tensor_size (int out_width, int out_height, int channels,
    int batch_size, PrepDataType data_type, size_t *n_elements, size_t *n_bytes)
{
  size_t w = (size_t) out_width, h = (size_t) out_height;
  size_t e = prep_data_type_size (data_type);
  size_t n = (size_t) batch_size * (size_t) channels;

  if (out_width <= 0 || out_height <= 0 || batch_size <= 0)
    return PREP_ERROR_SIZE;
  if (e == 0 || batch_size > PREP_BATCH_MAX || (channels != 1
          && channels != 3) || n_elements == NULL || n_bytes == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  /* N * C channels of e bytes: w * h * n * e must fit; the rows of the
   * batch, N * h, are counted in int */
  if (w > SIZE_MAX / h || w * h > SIZE_MAX / (n * e) ||
      (int64_t) batch_size * out_height > INT_MAX)
    return PREP_ERROR_OVERFLOW;
  *n_elements = w * h * n;
  *n_bytes = w * h * n * e;
  return PREP_OK;
}

int
prep_rect_clamp (int frame_width, int frame_height, int64_t x, int64_t y,
    int64_t width, int64_t height, PrepRect * out)
{
  int64_t x1 = x + width, y1 = y + height;

  x = x < 0 ? 0 : x;
  y = y < 0 ? 0 : y;
  x1 = x1 > frame_width ? frame_width : x1;
  y1 = y1 > frame_height ? frame_height : y1;
  if (x1 <= x || y1 <= y)
    return 0;
  out->x = (int) x;
  out->y = (int) y;
  out->width = (int) (x1 - x);
  out->height = (int) (y1 - y);
  return 1;
}

PrepStatus
prep_crop_resolve (int frame_width, int frame_height,
    const PrepRect * requested, PrepRect * resolved, int *clamped)
{
  int64_t x, y, w, h;

  if (requested == NULL || resolved == NULL || clamped == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  if (frame_width <= 0 || frame_height <= 0)
    return PREP_ERROR_SIZE;
  x = requested->x;
  y = requested->y;
  w = requested->width;
  h = requested->height;
  if (w < 0 || h < 0)
    return PREP_ERROR_CROP;
  /* 0 means "to the frame's edge" */
  if (w == 0)
    w = frame_width - x;
  if (h == 0)
    h = frame_height - y;
  if (!prep_rect_clamp (frame_width, frame_height, x, y, w, h, resolved))
    return PREP_ERROR_CROP;
  *clamped = x < 0 || y < 0 || x + w > frame_width || y + h > frame_height;
  return PREP_OK;
}

const char *
prep_status_string (PrepStatus status)
{
  switch (status) {
    case PREP_OK:
      return "success";
    case PREP_ERROR_INVALID_ARGUMENT:
      return "invalid argument";
    case PREP_ERROR_SIZE:
      return "width and height must be positive";
    case PREP_ERROR_CROP:
      return "crop rectangle is empty or outside the frame";
    case PREP_ERROR_NORMALIZATION:
      return "scale, mean and std must be finite, std non-zero, and "
          "(255 * scale - mean) / std must fit in float (within +-65504 for "
          "float16)";
    case PREP_ERROR_PAD_VALUE:
      return "pad value must be in [0, 255]";
    case PREP_ERROR_OVERFLOW:
      return "output tensor byte size overflows";
    case PREP_ERROR_STRIDE:
      return "a stride is negative or smaller than the row it holds "
          "(luma: width bytes, chroma: width rounded up to even)";
    case PREP_ERROR_OUTPUT_SIZE:
      return "output buffer smaller than the tensor";
    case PREP_ERROR_NO_MEMORY:
      return "out of memory";
    case PREP_ERROR_LAUNCH:
      return "the CUDA kernel launch failed";
    case PREP_ERROR_FORMAT:
      return "the frame's format or size is not the plan's";
    case PREP_ERROR_GRID:
      /* grid y is at most 65535 blocks of 8 rows (prep-cuda.c) */
      return "output taller than 524280 rows, the limit of one CUDA launch";
  }
  return "unknown error";
}
