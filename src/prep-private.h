/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Engine internals shared by the engine's .c files (not installed, not
 * used by the element). */

#ifndef __PREP_PRIVATE_H__
#define __PREP_PRIVATE_H__

#include "prep.h"
#include "prep-math.h"

struct _PrepPlan
{
  PrepConfig cfg;
  PrepParams params;            /* what the per-pixel math (and kernel) gets */
  PrepTap *col_taps;            /* out_width entries: prep_axis_tap () per x */
  size_t n_elements;
  size_t n_bytes;
};

/* The float parameters every path hands to the per-pixel math. */
const PrepParams *prep_plan_params (const PrepPlan * plan);

/* The checks every executor makes before it touches memory: pointers
 * present, strides that hold a row, a destination that holds the tensor. */
PrepStatus prep_plan_check_frame (const PrepPlan * plan, int have_pointers,
    int y_stride, int uv_stride, size_t dst_size);

#endif /* __PREP_PRIVATE_H__ */
