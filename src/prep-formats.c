/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The input formats, one table entry each (docs/semantics.md section 2):
 * where each component's samples are (PrepComponent, what the per-pixel
 * math reads through), and how many rows and row bytes each plane has at a
 * frame size (what the frame checks and the kernel's extents use).  Adding
 * a format is an entry here, its name in prep.h, and its tests. */

#include <stddef.h>

#include "prep-private.h"

/* component: plane, byte offset, byte step, shift x, shift y */
#define FULL(p, o, s) { p, o, s, 0, 0 }
#define HALF(p, o, s) { p, o, s, 1, 1 }
#define HALF_X(p, o, s) { p, o, s, 1, 0 }
/* plane: shift x, shift y, bytes per unit of its row */
#define PLANE(sx, sy, unit) { sx, sy, unit }
#define NO_PLANE { 0, 0, 0 }

static const PrepFormatInfo prep_formats[PREP_FORMAT_COUNT] = {
  [PREP_FORMAT_NV12] = {"NV12", 2, PREP_SAMPLE_8, PREP_KIND_YUV,
        {FULL (0, 0, 1), HALF (1, 0, 2), HALF (1, 1, 2)},
      {PLANE (0, 0, 1), PLANE (1, 1, 2), NO_PLANE}},
  [PREP_FORMAT_NV21] = {"NV21", 2, PREP_SAMPLE_8, PREP_KIND_YUV,
        {FULL (0, 0, 1), HALF (1, 1, 2), HALF (1, 0, 2)},
      {PLANE (0, 0, 1), PLANE (1, 1, 2), NO_PLANE}},
  [PREP_FORMAT_I420] = {"I420", 3, PREP_SAMPLE_8, PREP_KIND_YUV,
        {FULL (0, 0, 1), HALF (1, 0, 1), HALF (2, 0, 1)},
      {PLANE (0, 0, 1), PLANE (1, 1, 1), PLANE (1, 1, 1)}},
  [PREP_FORMAT_YV12] = {"YV12", 3, PREP_SAMPLE_8, PREP_KIND_YUV,
        {FULL (0, 0, 1), HALF (2, 0, 1), HALF (1, 0, 1)},
      {PLANE (0, 0, 1), PLANE (1, 1, 1), PLANE (1, 1, 1)}},
  [PREP_FORMAT_P010_10LE] = {"P010_10LE", 2, PREP_SAMPLE_16, PREP_KIND_YUV,
        {FULL (0, 0, 2), HALF (1, 0, 4), HALF (1, 2, 4)},
      {PLANE (0, 0, 2), PLANE (1, 1, 4), NO_PLANE}},
  [PREP_FORMAT_P016_LE] = {"P016_LE", 2, PREP_SAMPLE_16, PREP_KIND_YUV,
        {FULL (0, 0, 2), HALF (1, 0, 4), HALF (1, 2, 4)},
      {PLANE (0, 0, 2), PLANE (1, 1, 4), NO_PLANE}},
  [PREP_FORMAT_Y444] = {"Y444", 3, PREP_SAMPLE_8, PREP_KIND_YUV,
        {FULL (0, 0, 1), FULL (1, 0, 1), FULL (2, 0, 1)},
      {PLANE (0, 0, 1), PLANE (0, 0, 1), PLANE (0, 0, 1)}},
  [PREP_FORMAT_YUY2] = {"YUY2", 1, PREP_SAMPLE_8, PREP_KIND_YUV,
        {FULL (0, 0, 2), HALF_X (0, 1, 4), HALF_X (0, 3, 4)},
      {PLANE (1, 0, 4), NO_PLANE, NO_PLANE}},
  [PREP_FORMAT_UYVY] = {"UYVY", 1, PREP_SAMPLE_8, PREP_KIND_YUV,
        {FULL (0, 1, 2), HALF_X (0, 0, 4), HALF_X (0, 2, 4)},
      {PLANE (1, 0, 4), NO_PLANE, NO_PLANE}},
  [PREP_FORMAT_Y42B] = {"Y42B", 3, PREP_SAMPLE_8, PREP_KIND_YUV,
        {FULL (0, 0, 1), HALF_X (1, 0, 1), HALF_X (2, 0, 1)},
      {PLANE (0, 0, 1), PLANE (1, 0, 1), PLANE (1, 0, 1)}},
  [PREP_FORMAT_I422_10LE] = {"I422_10LE", 3, PREP_SAMPLE_10_LSB,
        PREP_KIND_YUV,
        {FULL (0, 0, 2), HALF_X (1, 0, 2), HALF_X (2, 0, 2)},
      {PLANE (0, 0, 2), PLANE (1, 0, 2), PLANE (1, 0, 2)}},
  [PREP_FORMAT_I420_10LE] = {"I420_10LE", 3, PREP_SAMPLE_10_LSB,
        PREP_KIND_YUV,
        {FULL (0, 0, 2), HALF (1, 0, 2), HALF (2, 0, 2)},
      {PLANE (0, 0, 2), PLANE (1, 1, 2), PLANE (1, 1, 2)}},
  [PREP_FORMAT_NV16] = {"NV16", 2, PREP_SAMPLE_8, PREP_KIND_YUV,
        {FULL (0, 0, 1), HALF_X (1, 0, 2), HALF_X (1, 1, 2)},
      {PLANE (0, 0, 1), PLANE (1, 0, 2), NO_PLANE}},
  [PREP_FORMAT_RGBA] = {"RGBA", 1, PREP_SAMPLE_8, PREP_KIND_RGB,
        {FULL (0, 0, 4), FULL (0, 1, 4), FULL (0, 2, 4)},
      {PLANE (0, 0, 4), NO_PLANE, NO_PLANE}},
  [PREP_FORMAT_BGRA] = {"BGRA", 1, PREP_SAMPLE_8, PREP_KIND_RGB,
        {FULL (0, 2, 4), FULL (0, 1, 4), FULL (0, 0, 4)},
      {PLANE (0, 0, 4), NO_PLANE, NO_PLANE}},
  [PREP_FORMAT_RGBX] = {"RGBx", 1, PREP_SAMPLE_8, PREP_KIND_RGB,
        {FULL (0, 0, 4), FULL (0, 1, 4), FULL (0, 2, 4)},
      {PLANE (0, 0, 4), NO_PLANE, NO_PLANE}},
  [PREP_FORMAT_BGRX] = {"BGRx", 1, PREP_SAMPLE_8, PREP_KIND_RGB,
        {FULL (0, 2, 4), FULL (0, 1, 4), FULL (0, 0, 4)},
      {PLANE (0, 0, 4), NO_PLANE, NO_PLANE}},
  [PREP_FORMAT_ARGB] = {"ARGB", 1, PREP_SAMPLE_8, PREP_KIND_RGB,
        {FULL (0, 1, 4), FULL (0, 2, 4), FULL (0, 3, 4)},
      {PLANE (0, 0, 4), NO_PLANE, NO_PLANE}},
  [PREP_FORMAT_ABGR] = {"ABGR", 1, PREP_SAMPLE_8, PREP_KIND_RGB,
        {FULL (0, 3, 4), FULL (0, 2, 4), FULL (0, 1, 4)},
      {PLANE (0, 0, 4), NO_PLANE, NO_PLANE}},
  [PREP_FORMAT_RGB] = {"RGB", 1, PREP_SAMPLE_8, PREP_KIND_RGB,
        {FULL (0, 0, 3), FULL (0, 1, 3), FULL (0, 2, 3)},
      {PLANE (0, 0, 3), NO_PLANE, NO_PLANE}},
  [PREP_FORMAT_BGR] = {"BGR", 1, PREP_SAMPLE_8, PREP_KIND_RGB,
        {FULL (0, 2, 3), FULL (0, 1, 3), FULL (0, 0, 3)},
      {PLANE (0, 0, 3), NO_PLANE, NO_PLANE}},
  [PREP_FORMAT_GRAY8] = {"GRAY8", 1, PREP_SAMPLE_8, PREP_KIND_GRAY,
        {FULL (0, 0, 1), FULL (0, 0, 1), FULL (0, 0, 1)},
      {PLANE (0, 0, 1), NO_PLANE, NO_PLANE}},
};

const PrepFormatInfo *
prep_format_info (PrepFormat format)
{
  if ((unsigned) format >= PREP_FORMAT_COUNT)
    return NULL;
  return &prep_formats[format];
}

int
prep_format_n_planes (PrepFormat format)
{
  const PrepFormatInfo *f = prep_format_info (format);

  return f != NULL ? f->n_planes : 0;
}

const char *
prep_format_name (PrepFormat format)
{
  const PrepFormatInfo *f = prep_format_info (format);

  return f != NULL ? f->name : NULL;
}

/* Rows of plane @p at height @h, and its row bytes at width @w, in 64
 * bits: ceil (w / 2^shift_x) units, ceil (h / 2^shift_y) rows. */
void
prep_format_plane_size (const PrepFormatInfo * f, int p, int64_t w,
    int64_t h, int64_t * row_bytes, int64_t * rows)
{
  const PrepPlaneInfo *pl = &f->plane[p];

  *row_bytes = ((w + (1 << pl->shift_x) - 1) >> pl->shift_x) * pl->unit;
  *rows = (h + (1 << pl->shift_y) - 1) >> pl->shift_y;
}
