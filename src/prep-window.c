/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Fractional windows (docs/semantics.md, "Fractional windows"): a plan
 * whose slots show windows [x, x + w) x [y, y + h) of the frame given in
 * double, as a window onto the resized whole frame (OpenCV's
 * blobFromImage (crop=True), torchvision's Resize then CenterCrop): the
 * taps are clamped to the frame, not to the window.  Every filter goes
 * through the weighted taps (prep-antialias.c), so every path reads the
 * same table; the slot's geometry (prep-window-geometry.c) has the
 * samples its taps read as its rectangle and the inner size and offset of
 * the window's fractional size. */

#include <limits.h>
#include <math.h>
#include <string.h>

#include "prep-private.h"

/* A window is usable: finite, not empty, inside the frame. */
static int
prep_window_inside (const PrepConfig * cfg, const PrepWindow * w)
{
  return isfinite (w->x) && isfinite (w->y) && isfinite (w->width) &&
      isfinite (w->height) && w->width > 0.0 && w->height > 0.0 &&
      w->x >= 0.0 && w->y >= 0.0 && w->x + w->width <= cfg->src_width &&
      w->y + w->height <= cfg->src_height;
}

static PrepStatus
prep_windows_check (const PrepConfig * cfg, const PrepWindow * windows,
    int n_windows)
{
  int i;

  if ((windows == NULL && n_windows > 0) || n_windows < 0 ||
      n_windows > cfg->batch_size)
    return PREP_ERROR_INVALID_ARGUMENT;
  for (i = 0; i < n_windows; i++)
    if (!prep_window_inside (cfg, &windows[i]))
      return PREP_ERROR_CROP;
  return PREP_OK;
}

/* The windows into the plan (the padding slots' all zeros). */
static void
prep_windows_take (PrepPlan * plan, const PrepWindow * windows, int n)
{
  memset (plan->win, 0, sizeof (plan->win));
  if (n > 0)
    memcpy (plan->win, windows, (size_t) n * sizeof (PrepWindow));
}

PrepStatus
prep_plan_new_windows (const PrepConfig * cfg, const PrepWindow * windows,
    int n_windows, PrepPlan ** out)
{
  static const int point[] = { PREP_WTAPS_LINEAR, PREP_WTAPS_NEAREST,
    PREP_WTAPS_NEAREST_FLOOR, PREP_WTAPS_CUBIC
  };
  PrepParams *p;
  PrepPlan *plan;
  PrepStatus st;

  if ((st = prep_plan_start (cfg, out)) != PREP_OK)
    return st;
  /* the weights of every filter: 4 (W + H + OW + OH) + 4, an int */
  if ((int64_t) cfg->src_width + cfg->src_height + (int64_t) cfg->out_width +
      cfg->out_height > INT_MAX / 4 - 1)
    return PREP_ERROR_OVERFLOW;
  if ((st = prep_windows_check (cfg, windows, n_windows)) != PREP_OK)
    return st;
  if ((plan = prep_plan_make (cfg)) == NULL)
    return PREP_ERROR_NO_MEMORY;
  /* every filter through weighted taps, clamped to the frame */
  p = &plan->params;
  if (!p->antialias)
    p->antialias = point[cfg->interpolation];
  p->antialias |= PREP_WTAPS_WINDOW;
  p->aa_weights = 4 * (cfg->src_width + cfg->src_height + cfg->out_width +
      cfg->out_height) + 4;
  plan->windowed = 1;
  prep_windows_take (plan, windows, n_windows);
  return prep_plan_finish (plan, NULL, n_windows, out);
}

PrepStatus
prep_plan_set_windows (PrepPlan * plan, const PrepWindow * windows,
    int n_windows)
{
  PrepStatus st;

  if (plan == NULL || !plan->windowed)
    return PREP_ERROR_INVALID_ARGUMENT;
  if ((st = prep_windows_check (&plan->cfg, windows, n_windows)) != PREP_OK)
    return st;
  /* the same windows again recompute nothing */
  if (n_windows == plan->n_valid && (n_windows == 0 || memcmp (windows,
              plan->win, (size_t) n_windows * sizeof (PrepWindow)) == 0))
    return PREP_OK;
  prep_windows_take (plan, windows, n_windows);
  prep_plan_place (plan, NULL, n_windows);
  return PREP_OK;
}
