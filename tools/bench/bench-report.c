/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The ratios against the fastest peer, and the three output formats. */

#include <string.h>

#include "bench-report.h"

static double
fastest_peer (const BenchRow * rows, int n, const BenchWorkload * w, int cold)
{
  double best = 0.0, t;
  int i;

  for (i = 0; i < n; i++) {
    if (rows[i].w != w || !rows[i].peer || !rows[i].ok)
      continue;
    t = cold ? rows[i].cold_median : rows[i].warm_median;
    if (best == 0.0 || t < best)
      best = t;
  }
  return best;
}

void
bench_rows_ratios (BenchRow * rows, int n)
{
  double warm, cold;
  int i;

  for (i = 0; i < n; i++) {
    warm = fastest_peer (rows, n, rows[i].w, 0);
    cold = fastest_peer (rows, n, rows[i].w, 1);
    rows[i].ratio_warm = rows[i].ok && warm > 0 ?
        warm / rows[i].warm_median : 0.0;
    rows[i].ratio_cold = rows[i].ok && cold > 0 ?
        cold / rows[i].cold_median : 0.0;
  }
}

void
bench_print_header (FILE * out, const BenchRun * r, int markdown)
{
  const char *b = markdown ? "- " : "";

  fprintf (out, "%sMachine: %s, %d cores (online), last level cache %zu KiB"
      "\n", b, r->cpu, r->cores, r->llc_bytes >> 10);
  fprintf (out, "%sDate: %s\n", b, r->date);
  fprintf (out, "%sCopy bandwidth (STREAM-like memcpy, read + write bytes): "
      "%.1f GB/s on %d threads, %.1f GB/s on 1 thread\n", b, r->copy_gbs,
      r->cores, r->copy_gbs_1t);
  fprintf (out, "%sThread wake-up (condition variable, as the pool's "
      "threads; median): %.0f us after 1 ms idle, %.0f us after 33 ms idle "
      "(a 30 fps stream)\n", b, r->wake_us_short, r->wake_us_frame);
  fprintf (out, "%sTimed runs per cell: %d, in rounds that interleave the "
      "implementations, after %d warm-up rounds; cold = caches flushed by "
      "reading %zu MiB before each call\n", b,
      r->iterations, r->warmup, r->flush_bytes >> 20);
  fprintf (out, "%sPeers: OpenCV %s (%d thread%s), libswscale %s, libyuv %s;"
      " our fast path: %s\n", b, bench_opencv_version (), r->opencv_threads,
      r->opencv_threads == 1 ? "" : "s", bench_swscale_version (),
      bench_libyuv_version (), r->fast_name);
}

static void
threads_text (const BenchRow * r, char *buf, size_t size)
{
  if (r->threads > 0)
    snprintf (buf, size, "%d", r->threads);
  else
    snprintf (buf, size, "all");
}

static void
ratio_text (double ratio, int peer, char *buf, size_t size)
{
  if (ratio <= 0.0)
    snprintf (buf, size, "-");
  else
    snprintf (buf, size, "%s%.2fx", peer ? "(" : "", ratio);
  if (peer && ratio > 0.0)
    strncat (buf, ")", size - strlen (buf) - 1);
}

#define TABLE_FMT "%-8s %-18s %3s %8s %8s %8s %8s %8s %8s %6s %8s %8s %8s\n"

void
bench_print_table (FILE * out, const BenchRow * rows, int n)
{
  char t[16], rw[24], rc[24];
  int i;

  fprintf (out, TABLE_FMT, "", "", "", "warm", "warm", "cold", "cold",
      "vs peer", "vs peer", "bound", "max", "mean", "smooth");
  fprintf (out, TABLE_FMT, "", "implementation", "thr", "med ms", "min ms",
      "med ms", "min ms", "warm", "cold", "ms", "err", "err", "max err");
  for (i = 0; i < n; i++) {
    const BenchRow *r = &rows[i];

    threads_text (r, t, sizeof (t));
    if (!r->ok) {
      fprintf (out, "%-8s %-18s %3s  not run: %s\n", r->w->name, r->name, t,
          r->why);
      continue;
    }
    ratio_text (r->ratio_warm, r->peer, rw, sizeof (rw));
    ratio_text (r->ratio_cold, r->peer, rc, sizeof (rc));
    fprintf (out, "%-8s %-18s %3s %8.3f %8.3f %8.3f %8.3f %8s %8s %6.3f "
        "%8.4f %8.4f %8.4f\n", r->w->name, r->name, t, r->warm_median,
        r->warm_min, r->cold_median, r->cold_min, rw, rc, r->bound_us * 1e-3,
        r->max_err, r->mean_err, r->smooth_err);
  }
}

void
bench_print_markdown (FILE * out, const BenchRow * rows, int n)
{
  char t[16], rw[24], rc[24];
  int i;

  fprintf (out, "| workload | implementation | threads | warm median ms | "
      "warm min ms | cold median ms | cold min ms | vs fastest peer, warm | "
      "vs fastest peer, cold | lower bound ms | max err | mean err | "
      "max err, smooth input |\n");
  fprintf (out, "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
  for (i = 0; i < n; i++) {
    const BenchRow *r = &rows[i];

    threads_text (r, t, sizeof (t));
    if (!r->ok) {
      fprintf (out, "| %s | %s | %s | not run: %s |||||||||\n", r->w->name,
          r->name, t, r->why);
      continue;
    }
    ratio_text (r->ratio_warm, r->peer, rw, sizeof (rw));
    ratio_text (r->ratio_cold, r->peer, rc, sizeof (rc));
    fprintf (out, "| %s | %s | %s | %.3f | %.3f | %.3f | %.3f | %s | %s | "
        "%.3f | %.4f | %.4f | %.4f |\n", r->w->name, r->name, t,
        r->warm_median, r->warm_min, r->cold_median, r->cold_min, rw, rc,
        r->bound_us * 1e-3, r->max_err, r->mean_err, r->smooth_err);
  }
}

void
bench_print_csv (FILE * out, const BenchRow * rows, int n)
{
  char t[16];
  int i;

  fprintf (out, "workload,implementation,threads,peer,warm_median_ms,"
      "warm_min_ms,cold_median_ms,cold_min_ms,ratio_warm,ratio_cold,"
      "lower_bound_us,max_err_255,mean_err_255,smooth_max_err_255\n");
  for (i = 0; i < n; i++) {
    const BenchRow *r = &rows[i];

    threads_text (r, t, sizeof (t));
    if (!r->ok) {
      fprintf (out, "%s,%s,%s,%d,,,,,,,,,,\n", r->w->name, r->name, t, r->peer);
      continue;
    }
    fprintf (out, "%s,%s,%s,%d,%.4f,%.4f,%.4f,%.4f,%.3f,%.3f,%.1f,%.5f,"
        "%.5f,%.5f\n", r->w->name, r->name, t, r->peer, r->warm_median,
        r->warm_min, r->cold_median, r->cold_min, r->ratio_warm,
        r->ratio_cold, r->bound_us, r->max_err, r->mean_err, r->smooth_err);
  }
}

/* The row of the same workload and name on one thread, or NULL. */
static const BenchRow *
single_thread_row (const BenchRow * rows, int n, const BenchRow * r)
{
  int i;

  for (i = 0; i < n; i++)
    if (rows[i].w == r->w && rows[i].threads == 1 && rows[i].ok &&
        strcmp (rows[i].name, r->name) == 0)
      return &rows[i];
  return NULL;
}

static void
print_scaling (FILE * out, const BenchRow * rows, int n, int markdown)
{
  const BenchRow *one;
  int i;

  for (i = 0; i < n; i++) {
    const BenchRow *r = &rows[i];

    if (!r->ok || r->peer || r->threads < 2)
      continue;
    one = single_thread_row (rows, n, r);
    if (one == NULL)
      continue;
    fprintf (out, "%s%s %s on %d threads: %.2fx (warm), %.2fx (cold) the "
        "speed of 1 thread\n", markdown ? "- " : "", r->w->name, r->name,
        r->threads, one->warm_median / r->warm_median,
        one->cold_median / r->cold_median);
  }
}

/* Below the table: the thread scaling of our rows, and what OpenCV's error
 * is once its matrix is accounted for. */
void
bench_print_notes (FILE * out, const BenchRow * rows, int n, int markdown)
{
  int i;

  print_scaling (out, rows, n, markdown);
  for (i = 0; i < n; i++) {
    const BenchRow *r = &rows[i];

    if (!r->ok || r->bt601_max_err < 0.0)
      continue;
    fprintf (out, "%s%s %s against a BT.601 reference (the matrix it uses): "
        "max err %.4f, mean err %.4f, smooth input max err %.4f\n",
        markdown ? "- " : "", r->w->name, r->name, r->bt601_max_err,
        r->bt601_mean_err, r->bt601_smooth_err);
  }
}
