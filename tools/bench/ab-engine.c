/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreproc-ab-engine: two builds of the engine, A and B (shared objects
 * made by tools/bench/ab-engine.sh), timed in one process on the
 * benchmark's workloads and frames.  A change to the fast path is judged
 * by the ratio A/B: on a shared machine two separate runs of one binary can
 * differ by more than the change, but within a round the four cells (A and
 * B, on 1 thread and on all cores) run back to back, in an order drawn
 * afresh for each round, so a slow period hits them alike.  Each cell
 * writes its own tensor.  Plans come from each build's ab_plan_for ()
 * and runs go through ab_run () (ab-plan.c, compiled against that build's
 * prep.h); the pool entry points are called directly and must keep their
 * signatures. */

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-config.h"

#define N_CELLS 4               /* A 1 thread, B 1 thread, A all, B all */

typedef struct
{
  PrepPlan *(*plan_for) (const BenchWorkload * w);
  void (*plan_free) (PrepPlan * plan);
    PrepStatus (*workers_new) (int n_threads, PrepWorkers ** workers);
  void (*workers_free) (PrepWorkers * workers);
    PrepStatus (*run) (const PrepPlan * plan, PrepWorkers * workers,
      const BenchFrame * f, void *dst, size_t dst_size);
} Engine;

typedef struct
{
  const Engine *engine;
  PrepPlan *plan;
  PrepWorkers *workers;         /* NULL: the caller alone */
  void *tensor;
  double *samples;
} Cell;

static void
fail (const char *what, const char *why)
{
  fprintf (stderr, "cudapreproc-ab-engine: %s: %s\n", what, why);
  exit (1);
}

static void *
symbol (void *lib, const char *path, const char *name)
{
  void *s = dlsym (lib, name);

  if (s == NULL)
    fail (path, name);
  return s;
}

/* RTLD_LOCAL: each build's calls between its own files stay inside it. */
static void
engine_load (const char *path, Engine * e)
{
  void *lib = dlopen (path, RTLD_NOW | RTLD_LOCAL);

  if (lib == NULL)
    fail (path, dlerror ());
  *(void **) &e->plan_for = symbol (lib, path, "ab_plan_for");
  *(void **) &e->plan_free = symbol (lib, path, "prep_plan_free");
  *(void **) &e->workers_new = symbol (lib, path, "prep_workers_new");
  *(void **) &e->workers_free = symbol (lib, path, "prep_workers_free");
  *(void **) &e->run = symbol (lib, path, "ab_run");
}

/* The benchmark's plan of workload w in engine e (ab-plan.c). */
static PrepPlan *
plan_for (const Engine * e, const BenchWorkload * w)
{
  PrepPlan *plan = e->plan_for (w);

  if (plan == NULL)
    fail (w->name, w->format != BENCH_FORMAT_NV12 ?
        "the engine refused the workload's plan (engines before PrepFrame "
        "read NV12 only)" : w->antialias || w->cover ?
        "the engine refused the workload's plan (engines before antialias "
        "and cover have neither)" : !bench_default_output (w) ?
        "the engine refused the workload's plan (engines before uint8 "
        "tensors take float32 NCHW RGB bilinear only)" :
        "the engine refused the workload's plan");
  return plan;
}

/* The cells' order in each round: a fresh permutation (xorshift32, fixed
 * seed).  A fixed cyclic order would have one cell always follow the same
 * other cell: B on all cores right after A on all cores found the second
 * core just busy and woke its pool's thread faster, which made identical
 * builds differ by 5 %. */
static void
shuffle (int order[N_CELLS], uint32_t * rng)
{
  int i, j, t;

  for (i = N_CELLS - 1; i > 0; i--) {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 17;
    *rng ^= *rng << 5;
    j = (int) (*rng % (uint32_t) (i + 1));
    t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
}

static void
time_rounds (Cell * cells, const BenchFrame * f, size_t bytes, int rounds)
{
  int order[N_CELLS] = { 0, 1, 2, 3 }, i, j;
  uint32_t rng = 0x9e3779b9u;

  for (i = 0; i < rounds; i++) {
    shuffle (order, &rng);
    for (j = 0; j < N_CELLS; j++) {
      Cell *c = &cells[order[j]];
      double t0 = bench_now_ms ();

      if (c->engine->run (c->plan, c->workers, f, c->tensor, bytes) != PREP_OK)
        fail ("run", "the engine refused the frame");
      c->samples[i] = bench_now_ms () - t0;
    }
  }
}

/* The 90th percentile of sorted samples. */
static double
p90 (const double *sorted, int n)
{
  return sorted[(n * 9) / 10 < n ? (n * 9) / 10 : n - 1];
}

/* Medians and 90th percentiles of A and B, and the median of the
 * per-round ratios A/B. */
static void
report (const char *label, const Cell * a, const Cell * b, int rounds)
{
  double *r = malloc ((size_t) rounds * sizeof (double));
  double ma, mb, mr, lo;
  int i, b_faster = 0;

  for (i = 0; i < rounds; i++) {
    r[i] = a->samples[i] / b->samples[i];
    b_faster += r[i] > 1.0;
  }
  bench_stats (r, rounds, &mr, &lo);
  bench_stats (a->samples, rounds, &ma, &lo);
  bench_stats (b->samples, rounds, &mb, &lo);
  printf ("  %-10s A %7.3f ms  B %7.3f ms  A/B %.3fx  per-round A/B "
      "median %.3fx, B faster in %d of %d rounds; 90th percentile A %.3f "
      "B %.3f ms\n", label, ma, mb, ma / mb, mr, b_faster, rounds,
      p90 (a->samples, rounds), p90 (b->samples, rounds));
  free (r);
}

static void
run_workload (const Engine e[2], const BenchWorkload * w, int rounds)
{
  size_t bytes = bench_tensor_bytes (w);
  Cell cells[N_CELLS];
  BenchFrame frame;
  int k;

  if (!bench_frame_init (&frame, w->format, w->src_width, w->src_height, 0))
    fail (w->name, "no memory for the frame");
  for (k = 0; k < N_CELLS; k++) {
    cells[k].engine = &e[k % 2];
    cells[k].plan = plan_for (cells[k].engine, w);
    cells[k].workers = NULL;
    if (k >= 2 && cells[k].engine->workers_new (0, &cells[k].workers))
      fail (w->name, "no thread pool");
    cells[k].tensor = bench_alloc (bytes);
    cells[k].samples = malloc ((size_t) rounds * sizeof (double));
    if (cells[k].tensor == NULL || cells[k].samples == NULL)
      fail (w->name, "no memory for the tensors");
  }
  time_rounds (cells, &frame, bytes, 5 < rounds ? 5 : rounds);  /* warm-up */
  time_rounds (cells, &frame, bytes, rounds);
  printf ("%s: %s\n", w->name, w->title);
  report ("1 thread", &cells[0], &cells[1], rounds);
  report ("all cores", &cells[2], &cells[3], rounds);
  for (k = 0; k < N_CELLS; k++) {
    if (cells[k].workers)
      cells[k].engine->workers_free (cells[k].workers);
    cells[k].engine->plan_free (cells[k].plan);
    free (cells[k].tensor);
    free (cells[k].samples);
  }
  bench_frame_clear (&frame);
}

int
main (int argc, char **argv)
{
  const char *only = NULL;
  int rounds = 200, i;
  Engine e[2];

  if (argc < 3) {
    fprintf (stderr, "Usage: cudapreproc-ab-engine A.so B.so [ROUNDS "
        "[W1,W2,...]]\n  (tools/bench/ab-engine.sh builds A.so and B.so "
        "from two revisions; workloads W1 to W4, W1-I420, W4-I420, "
        "W1-P010, W4-P010, W2-AA, W4-AA, W2-cover, W1-uint8, W2-uint8, "
        "W1-gray, W2-gray, W1-nearest, W2-nearest)\n");
    return 2;
  }
  if (argc > 3 && (rounds = atoi (argv[3])) < 1)
    fail ("ROUNDS", argv[3]);
  if (argc > 4)
    only = argv[4];
  engine_load (argv[1], &e[0]);
  engine_load (argv[2], &e[1]);
  printf ("A: %s\nB: %s\n%d rounds per workload; in each, A and B on 1 "
      "thread and on all cores, in a random order\n", argv[1], argv[2], rounds);
  for (i = 0; i < bench_workload_count (); i++) {
    const BenchWorkload *w = bench_workload_get (i);

    if (bench_workload_selected (only, w->name))
      run_workload (e, w, rounds);
  }
  return 0;
}
