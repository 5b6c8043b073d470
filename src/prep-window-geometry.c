/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The slot geometry of a fractional window (docs/semantics.md,
 * "Fractional windows"; the plans of prep-window.c): the rectangle of the
 * samples its taps read, the inner size and offset of the window's
 * fractional size, and the box map that takes tensor coordinates back to
 * the window exactly.  What prep-plan.c computes for a window slot, as
 * prep_slot_geometry () (prep-params.c) for an integer one. */

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
