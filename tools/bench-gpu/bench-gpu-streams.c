/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreproc-bench-gpu --streams N: many cameras, one launch (issue 15,
 * docs/performance.md "Many streams, one batch").  N streams of 1080p NV12,
 * each in its own device frame, letterboxed into [N, 3, 640, 640] (pad
 * 114, x/255), as cudapreprocbatch runs them (one launch for every
 * stream, the frames' planes in its argument) against N cudapreproc
 * elements (N launches of the single-stream kernel, one per slot).  Timed
 * per batch like the other workloads (launches, then cuStreamSynchronize),
 * or, with --check, one run of each compared with the CPU engine's streams
 * plan, with the launches each made (counted in launch_counted ()). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-gpu.h"

#define OUT 640

typedef struct
{
  int n;
  CUmodule module;              /* the engine's kernel */
  CUdeviceptr y[PREP_BATCH_MAX], uv[PREP_BATCH_MAX];
  CUdeviceptr dst, taps_batch, taps_single;
  PrepPlan *batch, *single;
  PrepFrame frames[PREP_BATCH_MAX];     /* device addresses */
  size_t bytes, slot_bytes;
  int launches;
} Streams;

/* launch_cu (), counted in the Streams passed as user data */
static int
launch_counted (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  ((Streams *) user_data)->launches++;
  return launch_cu (entry, grid, block, shared, stream, args,
      ((Streams *) user_data)->module);
}

static void
streams_config (PrepConfig * cfg, int batch)
{
  prep_config_init (cfg);
  cfg->src_width = FRAME_WIDTH;
  cfg->src_height = FRAME_HEIGHT;
  cfg->out_width = cfg->out_height = OUT;
  cfg->aspect = PREP_ASPECT_LETTERBOX;
  cfg->pad_value = 114.0;
  cfg->batch_size = batch;
}

/* Both plans and their kernel tables on the device. */
static int
streams_plans (Streams * s)
{
  PrepStream st[PREP_BATCH_MAX];
  PrepRect full = { 0, 0, FRAME_WIDTH, FRAME_HEIGHT };
  PrepConfig cfg;
  const void *taps;
  size_t bytes;
  uint64_t gen;
  int i;

  for (i = 0; i < s->n; i++) {
    st[i].format = PREP_FORMAT_NV12;
    st[i].src_width = FRAME_WIDTH;
    st[i].src_height = FRAME_HEIGHT;
    st[i].matrix = PREP_MATRIX_BT709;
    st[i].range = PREP_RANGE_LIMITED;
    st[i].rect = full;
  }
  streams_config (&cfg, s->n);
  if (prep_plan_new_streams (&cfg, st, s->n, &s->batch) != PREP_OK)
    return 0;
  streams_config (&cfg, 1);
  if (prep_plan_new (&cfg, &full, 1, &s->single) != PREP_OK)
    return 0;
  s->bytes = prep_plan_output_bytes (s->batch);
  s->slot_bytes = prep_plan_output_bytes (s->single);
  return prep_plan_kernel_table (s->batch, &taps, &bytes, &gen) == PREP_OK
      && check_cu (CuMemAlloc (&s->taps_batch, bytes), "cuMemAlloc")
      && copy_linear (s->taps_batch, (void *) taps, bytes, 1)
      && prep_plan_kernel_table (s->single, &taps, &bytes, &gen) == PREP_OK
      && check_cu (CuMemAlloc (&s->taps_single, bytes), "cuMemAlloc")
      && copy_linear (s->taps_single, (void *) taps, bytes, 1)
      && check_cu (CuMemAlloc (&s->dst, s->bytes), "cuMemAlloc");
}

/* The n device frames, each a copy of (@y, @uv). */
static int
streams_frames (Streams * s, const uint8_t * y, const uint8_t * uv)
{
  size_t yb = (size_t) FRAME_WIDTH * FRAME_HEIGHT, uvb = yb / 2;
  int i, ok = 1;

  for (i = 0; ok && i < s->n; i++) {
    ok = check_cu (CuMemAlloc (&s->y[i], yb), "cuMemAlloc")
        && check_cu (CuMemAlloc (&s->uv[i], uvb), "cuMemAlloc")
        && copy_linear (s->y[i], (void *) y, yb, 1)
        && copy_linear (s->uv[i], (void *) uv, uvb, 1);
    nv12_frame (&s->frames[i], (const uint8_t *) (uintptr_t) s->y[i],
        FRAME_WIDTH, (const uint8_t *) (uintptr_t) s->uv[i], FRAME_WIDTH);
  }
  return ok;
}

/* One batch as cudapreprocbatch runs it: one launch. */
static int
run_batch (Streams * s)
{
  int err = 0;

  return prep_plan_launch (s->batch, s->taps_batch, s->frames, s->dst,
      s->bytes, launch_counted, NULL, s, &err) == PREP_OK;
}

/* The same batch as n cudapreproc elements: a launch per slot. */
static int
run_singles (Streams * s)
{
  int i, err = 0;

  for (i = 0; i < s->n; i++)
    if (prep_plan_launch (s->single, s->taps_single, &s->frames[i],
            s->dst + (CUdeviceptr) (i * s->slot_bytes), s->slot_bytes,
            launch_counted, NULL, s, &err) != PREP_OK)
      return 0;
  return 1;
}

static int
run_batch_of (void *data)
{
  return run_batch (data);
}

static int
run_singles_of (void *data)
{
  return run_singles (data);
}

/* Median of @iterations synchronized runs of one path, microseconds. */
static int
time_streams (Streams * s, int batch, int iterations, double *median)
{
  return time_runs (batch ? run_batch_of : run_singles_of, s, iterations,
      median, NULL);
}

/* One run of one path: the same bytes as the CPU engine's streams plan. */
static int
check_path (Streams * s, int batch, const float *cpu, float *got)
{
  int ok;

  s->launches = 0;
  ok = (batch ? run_batch (s) : run_singles (s))
      && check_cu (CuStreamSynchronize (NULL), "cuStreamSynchronize")
      && copy_linear (s->dst, got, s->bytes, 0);
  printf ("  %s: %d launch%s, %s the CPU engine's streams plan\n", batch ?
      "cudapreprocbatch (streams kernel)" : "one launch per stream",
      s->launches, s->launches == 1 ? "" : "es", !ok ? "not compared with" :
      memcmp (cpu, got, s->bytes) == 0 ? "bit-identical to" : "DIFFERS from");
  return ok && memcmp (cpu, got, s->bytes) == 0 &&
      s->launches == (batch ? 1 : s->n);
}

static int
check_streams (Streams * s, const uint8_t * y, const uint8_t * uv)
{
  PrepFrame host[PREP_BATCH_MAX];
  float *cpu = malloc (s->bytes), *got = malloc (s->bytes);
  int i, ok = cpu != NULL && got != NULL;

  for (i = 0; i < s->n; i++)
    nv12_frame (&host[i], y, FRAME_WIDTH, uv, FRAME_WIDTH);
  ok = ok && prep_plan_run_cpu_streams (s->batch, NULL, PREP_CPU_SCALAR,
      host, cpu, s->bytes) == PREP_OK;
  ok = ok && check_path (s, 1, cpu, got);
  ok = ok && check_path (s, 0, cpu, got);
  free (cpu);
  free (got);
  return ok;
}

static void
streams_free (Streams * s)
{
  CUdeviceptr *all[] = { &s->dst, &s->taps_batch, &s->taps_single };
  int i;

  for (i = 0; i < s->n; i++) {
    if (s->y[i])
      CuMemFree (s->y[i]);
    if (s->uv[i])
      CuMemFree (s->uv[i]);
  }
  for (i = 0; i < (int) (sizeof (all) / sizeof (all[0])); i++)
    if (*all[i])
      CuMemFree (*all[i]);
  prep_plan_free (s->batch);
  prep_plan_free (s->single);
}

/* Bytes a batch moves at least: each stream's NV12 frame read once and
 * the tensor written. */
static double
streams_bytes (const Streams * s)
{
  return s->n * (double) FRAME_WIDTH *FRAME_HEIGHT * 1.5 + (double) s->bytes;
}

/* The timing: synchronized wall time and, where events are had, the
 * kernels' back-to-back time, with its share of @peak GB/s. */
static int
time_both (Streams * s, int iterations, double peak)
{
  double tb = 0, ts = 0, kb = 0, ks = 0, bytes = streams_bytes (s);
  int ok;

  ok = time_streams (s, 1, iterations, &tb)
      && time_streams (s, 0, iterations, &ts);
  if (!ok)
    return 0;
  printf ("  synchronized wall time per batch: one launch %9.1f us, %d "
      "launches %9.1f us, %d launches / one: %.2fx\n", tb, s->n, ts, s->n,
      ts / tb);
  if (!bench_events_available ()) {
    printf ("  kernel time: no events (cuEventElapsedTime not found)\n");
    return 1;
  }
  ok = time_back_to_back (run_batch_of, s, iterations, &kb)
      && time_back_to_back (run_singles_of, s, iterations, &ks);
  if (!ok)
    return 0;
  printf ("  kernel time per batch (events, back to back): one launch "
      "%9.1f us, %d launches %9.1f us, %d launches / one: %.2fx; %.1f MB, "
      "one launch at %.1f GB/s", kb, s->n, ks, s->n, ks / kb, bytes * 1e-6,
      bytes / (kb * 1e3));
  if (peak > 0)
    printf (" (%.1f%% of DRAM peak)", 100.0 * bytes / (kb * 1e3) / peak);
  printf ("\n");
  return 1;
}

int
bench_gpu_streams (CUmodule module, int n, const uint8_t * y,
    const uint8_t * uv, int iterations, int check, double peak)
{
  Streams s;
  int ok;

  memset (&s, 0, sizeof s);
  s.n = n;
  s.module = module;
  ok = streams_plans (&s) && streams_frames (&s, y, uv);
  printf ("streams: %d x %dx%d NV12 -> [%d, 3, %d, %d] letterbox, pad 114, "
      "x/255\n", n, FRAME_WIDTH, FRAME_HEIGHT, n, OUT, OUT);
  if (ok && check)
    ok = check_streams (&s, y, uv);
  else if (ok)
    ok = time_both (&s, iterations, peak);
  streams_free (&s);
  return ok;
}
