/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The slots of a batch [N, C, H, W]: each slot has its own source
 * rectangle (region of interest) and so its own axes and column taps; the
 * colour and normalization coefficients are shared.  Changing the
 * rectangles recomputes the taps in the tables sized at plan creation:
 * nothing is allocated per frame. */

#include <string.h>

#include "prep-private.h"

/* Padding slots keep the taps they had: no executor reads them (their
 * rows are all pad), and with ROI metas a large batch is mostly padding
 * on every frame. */
void
prep_plan_fill_taps (PrepPlan * plan)
{
  int w = plan->cfg.out_width, h = plan->cfg.out_height;
  int nearest = plan->params.nearest;
  int i, x, y;

  for (i = 0; i < plan->cfg.batch_size; i++) {
    PrepTap *taps = plan->col_taps + (size_t) i * (size_t) w;
    PrepTap *k = plan->kernel_taps + (size_t) i * ((size_t) w + (size_t) h);

    if (!plan->slots.s[i].valid)
      continue;

    for (x = 0; x < w; x++)
      taps[x] = prep_axis_tap (&plan->slots.s[i].ax, x, nearest);
    prep_columns_fill (plan, i);
    /* the kernel's block: the same column taps, then the row taps */
    memcpy (k, taps, (size_t) w * sizeof (PrepTap));
    for (y = 0; y < h; y++)
      k[(size_t) w + (size_t) y] =
          prep_axis_tap (&plan->slots.s[i].ay, y, nearest);
  }
}

void
prep_plan_slot_view (const PrepPlan * plan, int slot, PrepSlotView * v)
{
  size_t at = (size_t) slot * (size_t) plan->cfg.out_width;

  v->geom = &plan->slots.s[slot];
  v->col_taps = plan->col_taps + at;
  v->cols.y_word = plan->cols.y_word + at;
  v->cols.y_sel = plan->cols.y_sel + at;
  v->cols.c_word = plan->cols.c_word + at;
  v->cols.c_sel = plan->cols.c_sel + at;
  v->cols.w = plan->cols.w + at;
}

PrepStatus
prep_plan_set_slots (PrepPlan * plan, const PrepRect * rects, int n_rects)
{
  const PrepConfig *cfg;
  int i;

  if (plan == NULL || (rects == NULL && n_rects > 0) || n_rects < 0 ||
      n_rects > plan->cfg.batch_size)
    return PREP_ERROR_INVALID_ARGUMENT;
  cfg = &plan->cfg;
  for (i = 0; i < n_rects; i++)
    if (!prep_crop_inside (cfg->src_width, cfg->src_height, &rects[i]))
      return PREP_ERROR_CROP;
  for (i = 0; i < cfg->batch_size; i++) {
    if (i < n_rects) {
      prep_slot_geometry (cfg, &rects[i], &plan->slots.s[i]);
    } else {
      /* a padding slot: a 1x1 source that no executor reads */
      memset (&plan->slots.s[i], 0, sizeof (PrepSlotGeom));
      plan->slots.s[i].ax.len = plan->slots.s[i].ax.inner = 1;
      plan->slots.s[i].ay.len = plan->slots.s[i].ay.inner = 1;
    }
  }
  plan->n_valid = n_rects;
  prep_plan_fill_taps (plan);
  return PREP_OK;
}

int
prep_plan_valid_slots (const PrepPlan * plan)
{
  return plan != NULL ? plan->n_valid : 0;
}

PrepStatus
prep_plan_slot_map (const PrepPlan * plan, int slot, PrepBoxMap * map)
{
  const PrepSlotGeom *g;

  if (plan == NULL || map == NULL || slot < 0 || slot >= plan->cfg.batch_size)
    return PREP_ERROR_INVALID_ARGUMENT;
  memset (map, 0, sizeof (PrepBoxMap));
  g = &plan->slots.s[slot];
  if (!g->valid)
    return PREP_OK;
  map->valid = 1;
  map->src.x = g->ax.start;
  map->src.y = g->ay.start;
  map->src.width = g->ax.len;
  map->src.height = g->ay.len;
  /* output index o covers [o, o + 1); source pixel start + k covers
   * [start + k, start + k + 1): inner output pixels span len source ones */
  map->scale_x = (double) g->ax.inner / (double) g->ax.len;
  map->scale_y = (double) g->ay.inner / (double) g->ay.len;
  map->offset_x = g->ax.offset;
  map->offset_y = g->ay.offset;
  return PREP_OK;
}
