/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* One workload, every implementation: warm-up, warm and cold timing in
 * interleaved rounds, and the error passes against the reference. */

#include <stdlib.h>
#include <string.h>

#include "bench-report.h"

static const BenchImpl *const impls[] = {
  &bench_opencv_impl, &bench_swscale_impl, &bench_libyuv_impl,
  &bench_ours_scalar_impl, &bench_ours_fast_impl, &bench_ours_parallel_impl,
};

_Static_assert (sizeof (impls) / sizeof (impls[0]) == BENCH_N_IMPLS,
    "BENCH_N_IMPLS is the length of impls[]");

/* Timed rounds: in each round every implementation runs once, starting
 * with a different one each round, so that a burst of background load hits
 * them all alike.  samples[k * iterations + i]: round i of implementation k.
 * Cold: the caches are flushed (untimed) before every call.  Each
 * implementation writes its own output tensor, as it would a buffer of its
 * pool: with one tensor for all, each call would find the tensor in the
 * private cache of the core that ran the one before it, which favours
 * one-thread runs that follow one-thread runs (docs/performance.md). */
static void
time_rounds (const BenchContext * b, void *states[], int cold)
{
  int n = b->run->iterations, i, j, k;
  double t0;

  for (i = 0; i < n; i++)
    for (j = 0; j < BENCH_N_IMPLS; j++) {
      k = (i + j) % BENCH_N_IMPLS;
      if (states[k] == NULL)
        continue;
      if (cold)
        bench_flush (b->flush, b->run->flush_bytes);
      t0 = bench_now_ms ();
      impls[k]->run (states[k], b->frame, b->outputs[k]);
      b->samples[k * n + i] = bench_now_ms () - t0;
    }
}

static void
rows_stats (const BenchContext * b, BenchRow * rows, int cold)
{
  int n = b->run->iterations, k;

  for (k = 0; k < BENCH_N_IMPLS; k++) {
    if (!rows[k].ok)
      continue;
    if (cold)
      bench_stats (b->samples + k * n, n, &rows[k].cold_median,
          &rows[k].cold_min);
    else
      bench_stats (b->samples + k * n, n, &rows[k].warm_median,
          &rows[k].warm_min);
  }
}

/* One error pass over a frame: errors[0..1] max and mean against the
 * BT.709 reference (reading the frame in the workload's format); for OpenCV
 * also errors[2..3] against a BT.601 one (the matrix it uses), which leaves
 * its 8-bit intermediates and fixed-point weights alone. */
static void
error_on (const BenchContext * b, const BenchImpl * impl,
    const BenchWorkload * w, const BenchFrame * frame, double errors[4])
{
  const char *why;
  void *state = impl->setup (w, &why);

  errors[0] = errors[1] = errors[2] = errors[3] = -1.0;
  if (state == NULL)
    return;
  /* float32: NaN, which catches holes; uint8: 255 */
  memset (b->tensor, 0xff, b->tensor_bytes);
  impl->run (state, frame, b->tensor);
  bench_error (w, frame, b->tensor, 709, &errors[0], &errors[1]);
  if (impl == &bench_opencv_impl)
    bench_error (w, frame, b->tensor, 601, &errors[2], &errors[3]);
  impl->release (state);
}

/* The error passes: the same implementation, set up with x / 255 (uint8:
 * scale 1, raw pixels), on the detailed frame and on the smooth one. */
static void
measure_error (const BenchContext * b, const BenchImpl * impl, BenchRow * row)
{
  BenchWorkload unit = *row->w;
  double detailed[4], smooth[4];
  int c;

  unit.norm.scale = row->w->out == BENCH_OUT_UINT8 ? 1.0 : 1.0 / 255.0;
  for (c = 0; c < 3; c++) {
    unit.norm.mean[c] = 0.0;
    unit.norm.std[c] = 1.0;
  }
  error_on (b, impl, &unit, b->frame, detailed);
  error_on (b, impl, &unit, b->smooth, smooth);
  row->max_err = detailed[0];
  row->mean_err = detailed[1];
  row->smooth_err = smooth[0];
  row->bt601_max_err = detailed[2];
  row->bt601_mean_err = detailed[3];
  row->bt601_smooth_err = smooth[2];
}

/* Sets up every implementation, warms them up, times them in rounds
 * (warm, then cold) and releases them. */
static void
measure (const BenchContext * b, BenchRow * rows)
{
  void *states[BENCH_N_IMPLS];
  const char *why;
  int i, k;

  for (k = 0; k < BENCH_N_IMPLS; k++) {
    why = "setup failed";
    states[k] = impls[k]->setup (rows[k].w, &why);
    rows[k].ok = states[k] != NULL;
    rows[k].why = why;
  }
  for (i = 0; i < b->run->warmup; i++)
    for (k = 0; k < BENCH_N_IMPLS; k++)
      if (states[k])
        impls[k]->run (states[k], b->frame, b->outputs[k]);
  time_rounds (b, states, 0);
  rows_stats (b, rows, 0);
  time_rounds (b, states, 1);
  rows_stats (b, rows, 1);
  for (k = 0; k < BENCH_N_IMPLS; k++)
    if (states[k])
      impls[k]->release (states[k]);
}

static void
row_init (BenchRow * row, const BenchWorkload * w, const BenchImpl * impl,
    const BenchRun * run)
{
  memset (row, 0, sizeof (*row));
  row->w = w;
  row->peer = impl->peer;
  row->threads = impl->threads > 0 ? impl->threads : run->cores;
  if (impl == &bench_opencv_impl)
    row->threads = run->opencv_threads > 0 ? run->opencv_threads : run->cores;
  if (impl == &bench_ours_scalar_impl || impl->peer)
    snprintf (row->name, sizeof (row->name), "%s", impl->name);
  else
    snprintf (row->name, sizeof (row->name), "%s (%s)", impl->name,
        run->fast_name);
}

/* The error passes' tensor and each implementation's timed one (NULL
 * each when out of memory). */
static int
tensors_alloc (BenchContext * b, const BenchWorkload * w)
{
  int ok, k;

  b->tensor_bytes = bench_tensor_bytes (w);
  b->tensor = bench_alloc (b->tensor_bytes);
  ok = b->tensor != NULL;
  for (k = 0; k < BENCH_N_IMPLS; k++) {
    b->outputs[k] = bench_alloc (b->tensor_bytes);
    ok = ok && b->outputs[k] != NULL;
  }
  return ok;
}

static void
tensors_free (BenchContext * b)
{
  int k;

  for (k = 0; k < BENCH_N_IMPLS; k++) {
    free (b->outputs[k]);
    b->outputs[k] = NULL;
  }
  free (b->tensor);
  b->tensor = NULL;
}

/* All implementations on one workload; returns the rows written. */
int
bench_run_workload (BenchContext * b, const BenchWorkload * w, BenchRow * rows)
{
  BenchFrame frame, smooth;
  double bound_us;
  int i, ok;

  if (!bench_frame_init (&frame, w->format, w->src_width, w->src_height, 0))
    return 0;
  if (!bench_frame_init (&smooth, w->format, w->src_width, w->src_height, 1)) {
    bench_frame_clear (&frame);
    return 0;
  }
  b->frame = &frame;
  b->smooth = &smooth;
  ok = tensors_alloc (b, w);
  bound_us = (double) (bench_needed_input_bytes (w, &frame) +
      b->tensor_bytes) / (b->run->copy_gbs * 1e3);
  for (i = 0; i < BENCH_N_IMPLS; i++) {
    row_init (&rows[i], w, impls[i], b->run);
    rows[i].bound_us = bound_us;
  }
  if (ok) {
    measure (b, rows);
    for (i = 0; i < BENCH_N_IMPLS; i++)
      if (rows[i].ok)
        measure_error (b, impls[i], &rows[i]);
  }
  tensors_free (b);
  bench_frame_clear (&frame);
  bench_frame_clear (&smooth);
  return ok ? BENCH_N_IMPLS : 0;
}
