/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The calls through which cudapreproc-ab-engine makes a plan and runs it.
 * ab-engine.sh compiles this file (and bench-config.c) into each
 * revision's engine, against that revision's prep.h, so the driver never
 * sees a PrepConfig or a frame description and two revisions may differ in
 * them.  Revisions before the plan took its rectangles (prep_plan_new (cfg,
 * &plan), with PrepConfig.crop) are built with AB_PLAN_NEW_WITHOUT_RECTS;
 * those before the frame description (PrepFrame) with AB_RUN_NV12_PLANES:
 * they read NV12 only, so they refuse the workloads of other formats; those
 * without antialias and cover (PrepConfig.antialias) with AB_NO_ANTIALIAS:
 * they refuse the workloads that use them; those without uint8 tensors
 * with AB_NO_OUTPUT_KINDS: they refuse the uint8, gray and nearest
 * workloads. */

#include "bench-config.h"

PrepPlan *ab_plan_for (const BenchWorkload * w);
PrepStatus ab_run (const PrepPlan * plan, PrepWorkers * workers,
    const BenchFrame * f, void *dst, size_t dst_size);

PrepPlan *
ab_plan_for (const BenchWorkload * w)
{
  PrepRect rects[BENCH_MAX_ROIS];
  PrepConfig cfg;
  PrepPlan *plan = NULL;

#ifdef AB_RUN_NV12_PLANES
  if (w->format != BENCH_FORMAT_NV12)
    return NULL;
#endif
#ifdef AB_NO_ANTIALIAS
  if (w->antialias || w->cover)
    return NULL;
#endif
#ifdef AB_NO_OUTPUT_KINDS
  if (w->out != BENCH_OUT_FLOAT32 || w->nhwc || w->gray || w->nearest)
    return NULL;
#endif
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

PrepStatus
ab_run (const PrepPlan * plan, PrepWorkers * workers, const BenchFrame * f,
    void *dst, size_t dst_size)
{
#ifdef AB_RUN_NV12_PLANES
  return prep_plan_run_cpu_parallel (plan, workers, PREP_CPU_AUTO,
      f->planes[0], f->strides[0], f->planes[1], f->strides[1], dst, dst_size);
#else
  PrepFrame src;

  bench_prep_frame (f, &src);
  return prep_plan_run_cpu_parallel (plan, workers, PREP_CPU_AUTO, &src, dst,
      dst_size);
#endif
}
