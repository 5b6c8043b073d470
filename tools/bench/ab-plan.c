/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The one call through which cudapreproc-ab-engine makes a plan.
 * ab-engine.sh compiles this file (and bench-config.c) into each
 * revision's engine, against that revision's prep.h, so the driver never
 * sees a PrepConfig and two revisions may differ in it.  Revisions before
 * the plan took its rectangles (prep_plan_new (cfg, &plan), with
 * PrepConfig.crop) are built with AB_PLAN_NEW_WITHOUT_RECTS. */

#include "bench-config.h"

PrepPlan *ab_plan_for (const BenchWorkload * w);

PrepPlan *
ab_plan_for (const BenchWorkload * w)
{
  PrepRect rects[BENCH_MAX_ROIS];
  PrepConfig cfg;
  PrepPlan *plan = NULL;

  bench_prep_config (w, prep_config_init, &cfg, rects);
#ifdef AB_PLAN_NEW_WITHOUT_RECTS
  cfg.crop = rects[0];
  if (prep_plan_new (&cfg, &plan) != PREP_OK)
    return NULL;
  if (prep_plan_set_slots (plan, rects, w->n_rois) != PREP_OK) {
    prep_plan_free (plan);
    return NULL;
  }
#else
  if (prep_plan_new (&cfg, rects, w->n_rois, &plan) != PREP_OK)
    return NULL;
#endif
  return plan;
}
