/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* A plan and its slots.  A batch [N, C, H, W] has one slot per tensor
 * entry; each has its own source rectangle (region of interest) and so its
 * own axes and taps, while the colour and normalization coefficients
 * (prep-params.c) are shared.  Every table is sized when the plan is made;
 * the rectangles come with prep_plan_new () and prep_plan_set_slots (),
 * which recompute the taps in place, once per change: nothing is allocated
 * per frame. */

#include <stdlib.h>
#include <string.h>

#include "prep-private.h"

/* The CPU's column taps of the valid slots (the kernel's taps and every
 * antialiased tap are the kernel table's, prep-ktable.c).  Padding slots
 * keep the taps they had: no executor reads them (their rows are all
 * pad), and with ROI metas a large batch is mostly padding on every
 * frame. */
static void
prep_plan_fill_taps (PrepPlan * plan)
{
  int w = plan->cfg.out_width, n = plan->cfg.batch_size;
  int nearest = plan->params.nearest;
  int i, x;

  for (i = 0; i < n; i++) {
    PrepTap *taps = plan->col_taps + (size_t) i * (size_t) w;

    if (!plan->slots.s[i].valid)
      continue;

    for (x = 0; x < w; x++)
      taps[x] = prep_axis_tap (&plan->slots.s[i].ax, x, nearest);
    prep_columns_fill (&plan->cols, prep_plan_slot_params (plan, i),
        (size_t) i * (size_t) w, taps, (size_t) w);
  }
}

static PrepStatus
prep_plan_alloc (PrepPlan * plan)
{
  size_t n = (size_t) plan->cfg.batch_size * (size_t) plan->cfg.out_width;

  if (n > SIZE_MAX / sizeof (PrepTap))
    return PREP_ERROR_NO_MEMORY;
  plan->col_taps = malloc (n * sizeof (PrepTap));
  if (plan->col_taps == NULL)
    return PREP_ERROR_NO_MEMORY;
  if (prep_columns_init (&plan->cols, n, plan->cfg.format != PREP_FORMAT_NV12
          || plan->n_streams > 0) != PREP_OK)
    return PREP_ERROR_NO_MEMORY;
  return prep_ktable_alloc (plan);
}

/* The geometry of slots for @rects: slot i < n_rects takes rects[i]
 * (already checked to lie inside the frame), the others are padding: a 1x1
 * source that no executor reads. */
static void
prep_plan_geometry (const PrepPlan * plan, const PrepRect * rects,
    int n_rects, PrepSlotTable * slots)
{
  PrepSlotGeom *g;
  int i;

  memset (slots, 0, sizeof (PrepSlotTable));
  for (i = 0; i < plan->cfg.batch_size; i++) {
    g = &slots->s[i];
    if (i < n_rects && plan->windowed) {
      prep_window_geometry (&plan->cfg, &plan->params, &plan->win[i], g);
    } else if (i < n_rects) {
      prep_slot_geometry (&plan->cfg, &rects[i], g);
    } else {
      g->ax.len = g->ax.inner = 1;
      g->ay.len = g->ay.inner = 1;
    }
  }
}

/* The taps are a function of the slots' geometry and parameters: the
 * kernel table keeps its generation when they give the same bytes again
 * (its launcher need not copy it again). */
void
prep_plan_place (PrepPlan * plan, const PrepRect * rects, int n_rects)
{
  prep_plan_geometry (plan, rects, n_rects, &plan->slots);
  plan->n_valid = n_rects;
  prep_plan_fill_taps (plan);
  prep_ktable_build (plan);
}

/* What prep_plan_set_slots () refuses, for a plan's config. */
static PrepStatus
prep_rects_check (const PrepConfig * cfg, const PrepRect * rects, int n_rects)
{
  int i;

  if ((rects == NULL && n_rects > 0) || n_rects < 0 ||
      n_rects > cfg->batch_size)
    return PREP_ERROR_INVALID_ARGUMENT;
  for (i = 0; i < n_rects; i++)
    if (!prep_crop_inside (cfg->src_width, cfg->src_height, &rects[i]))
      return PREP_ERROR_CROP;
  return PREP_OK;
}

PrepPlan *
prep_plan_make (const PrepConfig * cfg)
{
  PrepPlan *plan = calloc (1, sizeof (PrepPlan));

  if (plan == NULL)
    return NULL;
  plan->cfg = *cfg;
  prep_tensor_size (cfg->out_width, cfg->out_height,
      prep_channel_count (cfg->channel_order), 1, cfg->data_type,
      &plan->n_elements, &plan->slot_bytes);
  prep_tensor_size (cfg->out_width, cfg->out_height,
      prep_channel_count (cfg->channel_order), cfg->batch_size,
      cfg->data_type, &plan->n_elements, &plan->n_bytes);
  prep_params_init (cfg, &plan->params);
  return plan;
}

PrepStatus
prep_plan_start (const PrepConfig * cfg, PrepPlan ** out)
{
  if (out == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  *out = NULL;
  return prep_config_validate (cfg);
}

PrepStatus
prep_plan_finish (PrepPlan * plan, const PrepRect * rects, int n_rects,
    PrepPlan ** out)
{
  if (prep_plan_alloc (plan) != PREP_OK) {
    prep_plan_free (plan);
    return PREP_ERROR_NO_MEMORY;
  }
  prep_plan_place (plan, rects, n_rects);
  *out = plan;
  return PREP_OK;
}

PrepStatus
prep_plan_new (const PrepConfig * cfg, const PrepRect * rects, int n_rects,
    PrepPlan ** out)
{
  PrepPlan *plan;
  PrepStatus st;

  if ((st = prep_plan_start (cfg, out)) != PREP_OK)
    return st;
  if ((st = prep_rects_check (cfg, rects, n_rects)) != PREP_OK)
    return st;
  if ((plan = prep_plan_make (cfg)) == NULL)
    return PREP_ERROR_NO_MEMORY;
  return prep_plan_finish (plan, rects, n_rects, out);
}

PrepStatus
prep_plan_set_slots (PrepPlan * plan, const PrepRect * rects, int n_rects)
{
  PrepSlotTable slots;
  PrepStatus st;

  if (plan == NULL || plan->n_streams > 0 || plan->windowed)
    return PREP_ERROR_INVALID_ARGUMENT;
  if ((st = prep_rects_check (&plan->cfg, rects, n_rects)) != PREP_OK)
    return st;
  /* the taps are a function of the geometry (and of the slots' parameters,
   * which only a streams plan changes): the same rectangles again, every
   * frame with ROI metas that do not move, recompute nothing */
  prep_plan_geometry (plan, rects, n_rects, &slots);
  if (n_rects == plan->n_valid && memcmp (&slots, &plan->slots,
          sizeof slots) == 0)
    return PREP_OK;
  prep_plan_place (plan, rects, n_rects);
  return PREP_OK;
}

void
prep_plan_free (PrepPlan * plan)
{
  if (plan == NULL)
    return;
  prep_columns_clear (&plan->cols);
  free (plan->streams);
  free (plan->slot_params);
  free (plan->col_taps);
  free (plan->ktable);
  free (plan->ktable_next);
  free (plan);
}

size_t
prep_plan_output_bytes (const PrepPlan * plan)
{
  return plan->n_bytes;
}

int
prep_plan_rows (const PrepPlan * plan)
{
  return plan->cfg.batch_size * plan->cfg.out_height;
}

int
prep_plan_batch_size (const PrepPlan * plan)
{
  return plan->cfg.batch_size;
}

const PrepParams *
prep_plan_params (const PrepPlan * plan)
{
  return &plan->params;
}

const PrepSlotTable *
prep_plan_slot_table (const PrepPlan * plan)
{
  return &plan->slots;
}

void
prep_plan_slot_view (const PrepPlan * plan, int slot, PrepSlotView * v)
{
  size_t at = (size_t) slot * (size_t) plan->cfg.out_width;
  int k;

  v->params = prep_plan_slot_params (plan, slot);
  v->src_width = plan->n_streams > 0 ?
      plan->streams[slot < plan->n_streams ? slot : 0].src_width :
      plan->cfg.src_width;
  v->nv12 = (plan->n_streams > 0 ? plan->streams[slot < plan->n_streams ?
          slot : 0].format : plan->cfg.format) == PREP_FORMAT_NV12;
  v->geom = &plan->slots.s[slot];
  v->col_taps = plan->col_taps + at;
  v->aa = NULL;
  v->aa_weights = NULL;
  if (plan->params.antialias) {
    v->aa = prep_ktable_aa_taps (plan, slot);
    v->aa_weights = (const float *) (v->aa + plan->cfg.out_width +
        plan->cfg.out_height);
  }
  v->cols.y_word = plan->cols.y_word + at;
  v->cols.y_sel = plan->cols.y_sel + at;
  v->cols.c_word = plan->cols.c_word + at;
  v->cols.c_sel = plan->cols.c_sel + at;
  v->cols.w = plan->cols.w + at;
  for (k = 0; k < 6; k++)
    v->cols.word[k / 2][k % 2] = plan->cols.word[k / 2][k % 2] != NULL ?
        plan->cols.word[k / 2][k % 2] + at : NULL;
  for (k = 0; k < 3; k++)
    v->cols.single[k] = plan->cols.slot_single[slot][k];
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
  if (plan->windowed)
    prep_window_map (&plan->win[slot], g, map);
  return PREP_OK;
}
