/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Time, statistics, cache flushing and the STREAM-like copy bandwidth. */

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

#define COPY_REPEATS 10
#define MIN_COPY_BYTES ((size_t) 256 << 20)
#define FALLBACK_LLC_BYTES ((size_t) 32 << 20)

double
bench_now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec * 1e3 + (double) ts.tv_nsec * 1e-6;
}

void *
bench_alloc (size_t size)
{
  void *p = NULL;

  if (posix_memalign (&p, 64, size ? size : 64) != 0)
    return NULL;
  return p;
}

/* The last level cache, from the C library (cpuid on x86). */
size_t
bench_llc_bytes (void)
{
  long v = -1;

#ifdef _SC_LEVEL3_CACHE_SIZE
  v = sysconf (_SC_LEVEL3_CACHE_SIZE);
#endif
  return v > 0 ? (size_t) v : FALLBACK_LLC_BYTES;
}

/* Reads one byte of every 64-byte line: the lines of anything else fall out
 * of every cache level, and nothing dirty is left behind to be written back
 * during the timed call. */
void
bench_flush (const uint8_t * buf, size_t size)
{
  static volatile unsigned sink;
  unsigned sum = 0;
  size_t i;

  for (i = 0; i < size; i += 64)
    sum += buf[i];
  sink += sum;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : (x > y ? 1 : 0);
}

/* Sorts the samples. */
void
bench_stats (double *samples, int n, double *median, double *min)
{
  qsort (samples, (size_t) n, sizeof (double), compare_double);
  *min = samples[0];
  *median = n % 2 ? samples[n / 2] :
      0.5 * (samples[n / 2 - 1] + samples[n / 2]);
}

typedef struct
{
  uint8_t *dst;
  const uint8_t *src;
  size_t size;
} CopyPart;

static void *
copy_part (void *data)
{
  CopyPart *part = data;

  memcpy (part->dst, part->src, part->size);
  return NULL;
}

/* One copy of size bytes split over n threads; milliseconds. */
static double
timed_copy (uint8_t * dst, const uint8_t * src, size_t size, int n)
{
  pthread_t threads[64];
  CopyPart parts[64];
  size_t chunk = size / (size_t) n / 64 * 64;
  double t0;
  int i;

  for (i = 0; i < n; i++) {
    parts[i].dst = dst + i * chunk;
    parts[i].src = src + i * chunk;
    parts[i].size = i == n - 1 ? size - i * chunk : chunk;
  }
  t0 = bench_now_ms ();
  for (i = 1; i < n; i++)
    pthread_create (&threads[i], NULL, copy_part, &parts[i]);
  copy_part (&parts[0]);
  for (i = 1; i < n; i++)
    pthread_join (threads[i], NULL);
  return bench_now_ms () - t0;
}

/* STREAM "copy": bytes read + bytes written per second, best of a few
 * memcpy's of a buffer several times the last level cache, on n_threads
 * threads.  GB/s (1e9), 0 on failure. */
double
bench_copy_bandwidth (int n_threads)
{
  size_t size = 4 * bench_llc_bytes ();
  uint8_t *src, *dst;
  double best = 1e30, t;
  int i;

  if (size < MIN_COPY_BYTES)
    size = MIN_COPY_BYTES;
  if (n_threads < 1)
    n_threads = 1;
  if (n_threads > 64)
    n_threads = 64;
  src = bench_alloc (size);
  dst = bench_alloc (size);
  if (src == NULL || dst == NULL) {
    free (src);
    free (dst);
    return 0.0;
  }
  memset (src, 1, size);
  memset (dst, 2, size);
  for (i = 0; i < COPY_REPEATS; i++) {
    t = timed_copy (dst, src, size, n_threads);
    if (t < best)
      best = t;
  }
  free (src);
  free (dst);
  return 2.0 * (double) size / (best * 1e-3) / 1e9;
}
