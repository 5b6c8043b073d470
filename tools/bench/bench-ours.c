/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Our engine, three ways: the scalar path on one thread, the fast
 * (vectorized, runtime-dispatched) path on one thread, and the fast path on
 * one thread per core.  One plan whose batch has a slot per ROI, as the
 * element's rois property makes it. */

#include <stdio.h>
#include <stdlib.h>

#include "bench-config.h"

typedef struct
{
  PrepCpuImpl impl;
  PrepWorkers *workers;         /* NULL: one thread */
  PrepPlan *plan;
  size_t bytes;
} Ours;

static void
ours_release (void *state)
{
  Ours *o = state;

  prep_plan_free (o->plan);
  if (o->workers)
    prep_workers_free (o->workers);
  free (o);
}

static void *
ours_setup (const BenchWorkload * w, PrepCpuImpl impl, int threaded,
    const char **why)
{
  Ours *o = calloc (1, sizeof (Ours));
  PrepRect rects[BENCH_MAX_ROIS];
  PrepConfig cfg;

  if (o == NULL)
    return NULL;
  o->impl = impl;
  o->bytes = bench_tensor_bytes (w);
  bench_prep_config (w, prep_config_init, &cfg, rects);
  if (prep_plan_new (&cfg, rects, w->n_rois, &o->plan) != PREP_OK)
    goto failed;
  if (threaded && prep_workers_new (0, &o->workers) != PREP_OK)
    goto failed;
  return o;
failed:
  *why = "prep_plan_new or prep_workers_new failed";
  ours_release (o);
  return NULL;
}

static void
ours_check (PrepStatus st)
{
  if (st != PREP_OK) {
    fprintf (stderr, "cudapreproc-bench: engine: %s\n",
        prep_status_string (st));
    exit (1);
  }
}

/* One pass over the batch: on the calling thread, or its rows shared by
 * one thread per core. */
static void
ours_run (void *state, const BenchFrame * f, void *dst)
{
  Ours *o = state;
  PrepFrame src;

  bench_prep_frame (f, &src);
  ours_check (prep_plan_run_cpu_parallel (o->plan, o->workers, o->impl, &src,
          dst, o->bytes));
}

static void *
scalar_setup (const BenchWorkload * w, const char **why)
{
  return ours_setup (w, PREP_CPU_SCALAR, 0, why);
}

static void *
fast_setup (const BenchWorkload * w, const char **why)
{
  return ours_setup (w, PREP_CPU_AUTO, 0, why);
}

static void *
parallel_setup (const BenchWorkload * w, const char **why)
{
  return ours_setup (w, PREP_CPU_AUTO, 1, why);
}

const char *
bench_ours_fast_name (void)
{
  return prep_cpu_impl_name (PREP_CPU_AUTO);
}

const BenchImpl bench_ours_scalar_impl = {
  "ours scalar", 0, 1, scalar_setup, ours_run, ours_release
};

const BenchImpl bench_ours_fast_impl = {
  "ours fast", 0, 1, fast_setup, ours_run, ours_release
};

const BenchImpl bench_ours_parallel_impl = {
  "ours fast", 0, 0, parallel_setup, ours_run, ours_release
};
