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
 * same table; the slot's geometry has the samples its taps read as its
 * rectangle and the inner size and offset of the window's fractional
 * size. */

#include <limits.h>
#include <math.h>
#include <string.h>

#include "prep-private.h"

/* @v rounded to an integer as @rounding says (v > 0), clamped to
 * [1, hi]. */
static int
prep_window_round (double v, PrepRounding rounding, int hi)
{
  double f = floor (v), r = v - f;

  if (rounding == PREP_ROUND_HALF_UP ? r >= 0.5 :
      (rounding == PREP_ROUND_HALF_EVEN ? r > 0.5 || (r == 0.5 &&
              fmod (f, 2.0) != 0.0) : 0))
    f += 1.0;
  return f < 1.0 ? 1 : (f > hi ? hi : (int) f);
}

/* One axis of cover: the window scaled to @size (>= out) and cut to the
 * output, centered with the overflow's half rounded half to even, as
 * prep_cover_axis (). */
static void
prep_window_cover_axis (PrepAxis * a, double size, int out)
{
  int64_t s = size > INT_MAX ? INT_MAX : (int64_t) size, over;

  s = s < out ? out : s;
  over = s - out;
  a->inner = (int) s;
  a->offset = -(int) ((over / 2) + ((over % 2) != 0 && (over / 2) % 2 != 0));
}

void
prep_window_geometry (const PrepConfig * cfg, const PrepParams * p,
    const PrepWindow * win, PrepSlotGeom * g)
{
  double ow = cfg->out_width, oh = cfg->out_height, s;
  int lo, hi;

  memset (g, 0, sizeof (PrepSlotGeom));
  g->valid = 1;
  g->ax.len = cfg->src_width;
  g->ay.len = cfg->src_height;
  g->ax.inner = cfg->out_width;
  g->ay.inner = cfg->out_height;
  if (cfg->aspect == PREP_ASPECT_LETTERBOX) {
    /* the limiting axis fills the output, the other gets round (size * s)
     * of the window's fractional size, in double */
    if (ow * win->height <= oh * win->width)
      g->ay.inner = prep_window_round (win->height * ow / win->width,
          cfg->letterbox_rounding, cfg->out_height);
    else
      g->ax.inner = prep_window_round (win->width * oh / win->height,
          cfg->letterbox_rounding, cfg->out_width);
    if (cfg->letterbox_align == PREP_ALIGN_CENTER) {
      g->ax.offset = (cfg->out_width - g->ax.inner) / 2;
      g->ay.offset = (cfg->out_height - g->ay.inner) / 2;
    }
  } else if (cfg->aspect == PREP_ASPECT_COVER) {
    /* floor (out / f) on the limiting axis, the other floor (its size *
     * that / the limiting size), as prep_cover () in integers */
    if (ow * win->height >= oh * win->width) {
      s = floor (ow / cfg->crop_fraction);
      s = s < ow ? ow : s;
      prep_window_cover_axis (&g->ax, s, cfg->out_width);
      prep_window_cover_axis (&g->ay, floor (win->height * g->ax.inner /
              win->width), cfg->out_height);
    } else {
      s = floor (oh / cfg->crop_fraction);
      s = s < oh ? oh : s;
      prep_window_cover_axis (&g->ay, s, cfg->out_height);
      prep_window_cover_axis (&g->ax, floor (win->width * g->ay.inner /
              win->height), cfg->out_width);
    }
  }
  /* the rectangle: the samples the taps read (the read extent of the
   * kernel's launch check) */
  prep_window_reach (p, win->x, win->width, cfg->src_width, &g->ax,
      cfg->out_width, &lo, &hi);
  g->ax.start = lo;
  g->ax.len = hi - lo;
  prep_window_reach (p, win->y, win->height, cfg->src_height, &g->ay,
      cfg->out_height, &lo, &hi);
  g->ay.start = lo;
  g->ay.len = hi - lo;
}

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

/* tensor_x = offset_x + (frame_x - src.x) * scale_x with src.x =
 * floor (x): the window's start x maps onto the inner area's edge
 * (offset) exactly when offset_x = offset - (x - floor (x)) * scale_x. */
void
prep_window_map (const PrepWindow * win, const PrepSlotGeom * g,
    PrepBoxMap * map)
{
  double x0 = floor (win->x), y0 = floor (win->y);
  double x1 = ceil (win->x + win->width), y1 = ceil (win->y + win->height);

  map->src.x = (int) x0;
  map->src.y = (int) y0;
  map->src.width = (int) (x1 - x0);
  map->src.height = (int) (y1 - y0);
  map->scale_x = g->ax.inner / win->width;
  map->scale_y = g->ay.inner / win->height;
  map->offset_x = g->ax.offset - (win->x - x0) * map->scale_x;
  map->offset_y = g->ay.offset - (win->y - y0) * map->scale_y;
}
