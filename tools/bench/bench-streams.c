/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreproc-bench-streams: many cameras into one tensor (issue 15,
 * docs/performance.md "Many streams, one batch").  N streams of 1080p NV12
 * (default 8), each letterboxed into its slot of [N, 3, 640, 640], x/255:
 *   batch    one multi-stream plan (prep_plan_new_streams ()): one pass over
 *            all slots' rows, what cudapreprocbatch runs;
 *   singles  N single-stream plans, one after the other, each a pass of
 *            its own (what N cudapreproc elements run), into the same
 *            tensor's slots;
 * each on 1 thread and on a pool of --threads (default 2).  Interleaved
 * rounds (every variant once per round, the first one rotating), after
 * warm-up rounds; the median and minimum per variant, and batch / singles
 * as a ratio.  The frames differ per stream (a moving pattern), stay in
 * memory across rounds (warm), and the tensor is the variant's own.  Both
 * give the same bytes (checked once before timing). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "prep.h"

#define MAX_STREAMS 32
#define W 1920
#define H 1080

typedef struct
{
  const char *name;
  int threads;
  int batch;                    /* 1: the streams plan, 0: singles */
  double *ms;
} Variant;

static PrepPlan *batch_plan, *singles[MAX_STREAMS];
static PrepFrame frames[MAX_STREAMS];
static int n_streams = 8, rounds = 100;

static void
config (PrepConfig * c, int batch)
{
  prep_config_init (c);
  c->format = PREP_FORMAT_NV12;
  c->src_width = W;
  c->src_height = H;
  c->aspect = PREP_ASPECT_LETTERBOX;
  c->batch_size = batch;
}

static void
setup (void)
{
  PrepStream st[MAX_STREAMS];
  PrepRect whole = { 0, 0, W, H };
  PrepConfig c;
  size_t bytes[3], i;
  int s, p;

  config (&c, n_streams);
  for (s = 0; s < n_streams; s++) {
    st[s] = (PrepStream) {
    PREP_FORMAT_NV12, W, H, PREP_MATRIX_BT709, PREP_RANGE_LIMITED, whole};
    prep_frame_init (&frames[s], PREP_FORMAT_NV12, W, H);
    frames[s].strides[0] = frames[s].strides[1] = W;
    prep_frame_plane_bytes (&frames[s], bytes);
    for (p = 0; p < 2; p++) {
      uint8_t *d = malloc (bytes[p]);

      for (i = 0; i < bytes[p]; i++)
        d[i] = (uint8_t) ((i * 7 + (i / W) * 3 + (size_t) s * 41) >> 1);
      frames[s].planes[p] = d;
    }
  }
  if (prep_plan_new_streams (&c, st, n_streams, &batch_plan) != PREP_OK)
    exit (1);
  config (&c, 1);
  for (s = 0; s < n_streams; s++)
    if (prep_plan_new (&c, &whole, 1, &singles[s]) != PREP_OK)
      exit (1);
}

static void
run (const Variant * v, PrepWorkers * pool, uint8_t * dst)
{
  size_t slot = prep_plan_output_bytes (singles[0]);
  int s;

  if (v->batch) {
    prep_plan_run_cpu_streams (batch_plan, pool, PREP_CPU_AUTO, frames, dst,
        slot * (size_t) n_streams);
    return;
  }
  for (s = 0; s < n_streams; s++)
    prep_plan_run_cpu_parallel (singles[s], pool, PREP_CPU_AUTO, &frames[s],
        dst + slot * (size_t) s, slot);
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

int
main (int argc, char **argv)
{
  Variant v[4] = {
    {"batch (one streams plan)", 1, 1, NULL},
    {"singles (one plan per stream)", 1, 0, NULL},
    {"batch (one streams plan)", 2, 1, NULL},
    {"singles (one plan per stream)", 2, 0, NULL},
  };
  PrepWorkers *pool = NULL;
  uint8_t *dst[4];
  size_t bytes;
  int a, r, k, threads = 2;
  double t0;

  for (a = 1; a + 1 < argc; a += 2) {
    if (strcmp (argv[a], "--streams") == 0)
      n_streams = atoi (argv[a + 1]);
    else if (strcmp (argv[a], "--rounds") == 0)
      rounds = atoi (argv[a + 1]);
    else if (strcmp (argv[a], "--threads") == 0)
      threads = atoi (argv[a + 1]);
  }
  if (n_streams < 1 || n_streams > MAX_STREAMS || rounds < 1 || threads < 2) {
    fprintf (stderr, "usage: %s [--streams 1..%d] [--rounds N] "
        "[--threads N>=2]\n", argv[0], MAX_STREAMS);
    return 2;
  }
  v[2].threads = v[3].threads = threads;
  setup ();
  prep_workers_new (threads, &pool);
  bytes = prep_plan_output_bytes (batch_plan);
  for (k = 0; k < 4; k++) {
    dst[k] = calloc (1, bytes);
    v[k].ms = calloc ((size_t) rounds, sizeof (double));
    run (&v[k], v[k].threads > 1 ? pool : NULL, dst[k]);
  }
  for (k = 1; k < 4; k++)
    if (memcmp (dst[0], dst[k], bytes) != 0) {
      fprintf (stderr, "variant %d gives other bytes than the batch\n", k);
      return 1;
    }
  for (r = -5; r < rounds; r++)
    for (k = 0; k < 4; k++) {
      const Variant *x = &v[((r < 0 ? 0 : r) + k) % 4];

      t0 = bench_now_ms ();
      run (x, x->threads > 1 ? pool : NULL, dst[x - v]);
      if (r >= 0)
        x->ms[r] = bench_now_ms () - t0;
    }
  printf ("%d streams of %dx%d NV12 -> [%d,3,640,640] letterbox, x/255; "
      "%d rounds, warm\n", n_streams, W, H, n_streams, rounds);
  for (k = 0; k < 4; k++) {
    qsort (v[k].ms, (size_t) rounds, sizeof (double), cmp_double);
    printf ("%-32s %d thread(s): median %.3f ms, min %.3f ms, "
        "%.3f ms per stream\n", v[k].name, v[k].threads,
        v[k].ms[rounds / 2], v[k].ms[0], v[k].ms[rounds / 2] / n_streams);
  }
  printf ("batch against singles: %.2fx on 1 thread, %.2fx on %d threads "
      "(singles median / batch median)\n", v[1].ms[rounds / 2] /
      v[0].ms[rounds / 2], v[3].ms[rounds / 2] / v[2].ms[rounds / 2], threads);
  return 0;
}
