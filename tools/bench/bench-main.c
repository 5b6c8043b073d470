/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreproc-bench: the fused CPU path against the unfused chains a user
 * would otherwise write (OpenCV, libswscale, libyuv), side by side in one
 * process.  See docs/performance.md.
 *
 *   cudapreproc-bench [--iterations N] [--workload W1,W4-I420,...] [--quick]
 *       [--opencv-threads N] [--markdown FILE] [--csv FILE]
 */

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench-report.h"

#define DEFAULT_ITERATIONS 50
#define QUICK_ITERATIONS 5
#define MIN_FLUSH_BYTES ((size_t) 64 << 20)

typedef struct
{
  int iterations;
  int quick;
  int opencv_threads;
  const char *workloads;        /* NULL: all */
  const char *markdown;
  const char *csv;
} Options;


static void
usage (FILE * out)
{
  fprintf (out, "Usage: cudapreproc-bench [OPTION]...\n"
      "  --iterations N      timed runs per cell (default %d, at least 1)\n"
      "  --workload LIST     comma-separated subset of W1,W2,W3,W4,\n"
      "                      W1-I420,W4-I420,W1-P010,W4-P010,\n"
      "                      W2-AA,W4-AA,W2-cover,W1-uint8,W2-uint8,\n"
      "                      W1-gray,W2-gray,W1-nearest,W2-nearest\n"
      "                      (default: all)\n"
      "  --quick             %d iterations, 1 warm-up: a smoke run\n"
      "  --opencv-threads N  OpenCV's threads (default 1; 0: its default)\n"
      "  --markdown FILE     also write the table as Markdown\n"
      "  --csv FILE          also write the table as CSV\n",
      DEFAULT_ITERATIONS, QUICK_ITERATIONS);
}

static int
parse_int (const char *s, int min, int *out)
{
  char *end;
  long v = strtol (s, &end, 10);

  if (*s == '\0' || *end != '\0' || v < min || v > 1000000)
    return 0;
  *out = (int) v;
  return 1;
}

static int
parse_options (int argc, char **argv, Options * o)
{
  static const struct option longopts[] = {
    {"iterations", required_argument, NULL, 'i'},
    {"workload", required_argument, NULL, 'w'},
    {"quick", no_argument, NULL, 'q'},
    {"opencv-threads", required_argument, NULL, 't'},
    {"markdown", required_argument, NULL, 'm'},
    {"csv", required_argument, NULL, 'c'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}
  };
  int c, ok = 1;

  memset (o, 0, sizeof (*o));
  o->iterations = DEFAULT_ITERATIONS;
  o->opencv_threads = 1;
  while (ok && (c = getopt_long (argc, argv, "", longopts, NULL)) != -1) {
    switch (c) {
      case 'i':
        ok = parse_int (optarg, 1, &o->iterations);
        break;
      case 'w':
        o->workloads = optarg;
        break;
      case 'q':
        o->quick = 1;
        break;
      case 't':
        ok = parse_int (optarg, 0, &o->opencv_threads);
        break;
      case 'm':
        o->markdown = optarg;
        break;
      case 'c':
        o->csv = optarg;
        break;
      case 'h':
        usage (stdout);
        exit (0);
      default:
        ok = 0;
    }
  }
  if (ok && optind < argc)
    ok = 0;
  if (o->quick)
    o->iterations = QUICK_ITERATIONS;
  return ok;
}

static int
check_workloads (const char *list)
{
  char buf[256], *tok, *save = NULL;
  int i, found;

  if (list == NULL)
    return 1;
  snprintf (buf, sizeof (buf), "%s", list);
  for (tok = strtok_r (buf, ",", &save); tok; tok = strtok_r (NULL, ",", &save)) {
    for (i = 0, found = 0; i < bench_workload_count (); i++)
      found |= strcmp (tok, bench_workload_get (i)->name) == 0;
    if (!found) {
      fprintf (stderr, "cudapreproc-bench: unknown workload '%s'\n", tok);
      return 0;
    }
  }
  return 1;
}

/* The value of the first /proc/cpuinfo line whose key is exactly key. */
static int
cpuinfo_value (const char *key, char *buf, size_t size)
{
  FILE *f = fopen ("/proc/cpuinfo", "r");
  char line[256], *colon;
  size_t len = strlen (key);
  int found = 0;

  if (f == NULL)
    return 0;
  while (!found && fgets (line, sizeof (line), f)) {
    colon = strchr (line, ':');
    if (colon == NULL || strncmp (line, key, len) != 0 ||
        strspn (line + len, " \t") != (size_t) (colon - line) - len)
      continue;
    snprintf (buf, size, "%s", colon[1] == ' ' ? colon + 2 : colon + 1);
    buf[strcspn (buf, "\n")] = '\0';
    found = 1;
  }
  fclose (f);
  return found;
}

/* "model name (family F, model M)", as far as /proc/cpuinfo tells. */
static void
cpu_model (char *buf, size_t size)
{
  char name[100], family[16], model[16];

  if (!cpuinfo_value ("model name", name, sizeof (name)))
    snprintf (name, sizeof (name), "unknown CPU");
  if (cpuinfo_value ("cpu family", family, sizeof (family)) &&
      cpuinfo_value ("model", model, sizeof (model)))
    snprintf (buf, size, "%s (family %s, model %s)", name, family, model);
  else
    snprintf (buf, size, "%s", name);
}

static void
describe_run (BenchRun * run, const Options * o)
{
  time_t now = time (NULL);
  size_t flush;

  memset (run, 0, sizeof (*run));
  cpu_model (run->cpu, sizeof (run->cpu));
  run->cores = (int) sysconf (_SC_NPROCESSORS_ONLN);
  strftime (run->date, sizeof (run->date), "%Y-%m-%d %H:%M %Z",
      localtime (&now));
  run->llc_bytes = bench_llc_bytes ();
  flush = 2 * run->llc_bytes;
  run->flush_bytes = flush < MIN_FLUSH_BYTES ? MIN_FLUSH_BYTES : flush;
  run->iterations = o->iterations;
  run->warmup = o->quick ? 1 : 5;
  run->opencv_threads = o->opencv_threads;
  run->fast_name = bench_ours_fast_name ();
  run->copy_gbs = bench_copy_bandwidth (run->cores);
  run->copy_gbs_1t = bench_copy_bandwidth (1);
  run->wake_us_short = bench_wake_latency_us (1.0);
  run->wake_us_frame = bench_wake_latency_us (33.0);
}

static int
write_file (const char *path, const BenchRun * run, const BenchRow * rows,
    int n, int markdown)
{
  FILE *f = fopen (path, "w");

  if (f == NULL) {
    perror (path);
    return 0;
  }
  if (markdown) {
    bench_print_header (f, run, 1);
    fprintf (f, "\n");
    bench_print_markdown (f, rows, n);
    fprintf (f, "\n");
    bench_print_notes (f, rows, n, 1);
  } else {
    bench_print_csv (f, rows, n);
  }
  return fclose (f) == 0;
}

static void
print_workloads (const Options * o)
{
  int i;

  for (i = 0; i < bench_workload_count (); i++)
    if (bench_workload_selected (o->workloads, bench_workload_get (i)->name))
      printf ("%s: %s\n", bench_workload_get (i)->name,
          bench_workload_get (i)->title);
}

int
main (int argc, char **argv)
{
  BenchRow *rows;
  Options o;
  BenchRun run;
  BenchContext b;
  int i, n = 0, ok = 1;

  if (!parse_options (argc, argv, &o) || !check_workloads (o.workloads)) {
    usage (stderr);
    return 2;
  }
  bench_opencv_set_threads (o.opencv_threads > 0 ? o.opencv_threads : -1);
  describe_run (&run, &o);
  bench_print_header (stdout, &run, 0);
  print_workloads (&o);
  memset (&b, 0, sizeof (b));
  b.run = &run;
  b.samples = calloc ((size_t) o.iterations * BENCH_N_IMPLS, sizeof (double));
  b.flush = bench_alloc (run.flush_bytes);
  rows = calloc ((size_t) bench_workload_count () * BENCH_N_IMPLS,
      sizeof (BenchRow));
  if (b.samples == NULL || b.flush == NULL || rows == NULL)
    return 1;
  memset ((void *) b.flush, 1, run.flush_bytes);
  for (i = 0; i < bench_workload_count (); i++)
    if (bench_workload_selected (o.workloads, bench_workload_get (i)->name))
      n += bench_run_workload (&b, bench_workload_get (i), rows + n);
  bench_rows_ratios (rows, n);
  printf ("\n");
  bench_print_table (stdout, rows, n);
  printf ("\n");
  bench_print_notes (stdout, rows, n, 0);
  if (o.markdown)
    ok &= write_file (o.markdown, &run, rows, n, 1);
  if (o.csv)
    ok &= write_file (o.csv, &run, rows, n, 0);
  return ok ? 0 : 1;
}
