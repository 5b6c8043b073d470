/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreproc-bench: results and their output as a text table, Markdown and
 * CSV. */

#ifndef __BENCH_REPORT_H__
#define __BENCH_REPORT_H__

#include <stdio.h>

#include "bench.h"

/* One row: one implementation on one workload.  Times in milliseconds,
 * ratios = fastest peer's median / this median (> 1: faster than every
 * peer), errors in 1/255 units. */
typedef struct {
  const BenchWorkload *w;
  char name[48];
  int peer;
  int threads;
  int ok;
  const char *why;
  double warm_median, warm_min, cold_median, cold_min;
  double ratio_warm, ratio_cold;
  double bound_us;
  double max_err, mean_err;     /* on the detailed frame */
  double smooth_err;            /* max, on the smooth frame */
  /* OpenCV only (else < 0): the same against a BT.601 reference */
  double bt601_max_err, bt601_mean_err, bt601_smooth_err;
} BenchRow;

/* What the header says about the run. */
typedef struct {
  char cpu[160];
  int cores;
  char date[64];
  double copy_gbs, copy_gbs_1t;
  double wake_us_short, wake_us_frame; /* after 1 ms, 33 ms idle */
  size_t llc_bytes, flush_bytes;
  int iterations, warmup;
  int opencv_threads;
  const char *fast_name;
} BenchRun;

/* The number of implementations, the rows one workload gives. */
#define BENCH_N_IMPLS 6

/* What every measurement of a run shares. */
typedef struct {
  const BenchRun *run;
  const BenchFrame *frame;      /* the detailed input, timed */
  const BenchFrame *smooth;     /* the smooth input, for the error column */
  void *tensor;                 /* the error passes' output */
  void *outputs[BENCH_N_IMPLS]; /* each implementation's own, timed */
  size_t tensor_bytes;
  const uint8_t *flush;         /* run->flush_bytes */
  double *samples;              /* run->iterations * BENCH_N_IMPLS */
} BenchContext;

/* Frames, tensor and rows of workload w; returns the rows written (0 when
 * out of memory). */
int bench_run_workload (BenchContext * b, const BenchWorkload * w,
    BenchRow * rows);

void bench_rows_ratios (BenchRow * rows, int n);
void bench_print_header (FILE * out, const BenchRun * run, int markdown);
void bench_print_table (FILE * out, const BenchRow * rows, int n);
void bench_print_markdown (FILE * out, const BenchRow * rows, int n);
void bench_print_csv (FILE * out, const BenchRow * rows, int n);
void bench_print_notes (FILE * out, const BenchRow * rows, int n,
    int markdown);

#endif /* __BENCH_REPORT_H__ */
