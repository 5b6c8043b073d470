/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* How long a sleeping thread takes to run after it is signalled, the way
 * the engine's pool wakes for a frame (prep-workers.c): it waits on a
 * condition variable while the caller works (here: spins) for a while,
 * then the caller broadcasts and the time until the thread runs is taken.
 * A frame on 2 threads loses about half of it, since the caller takes rows
 * meanwhile; on a virtual machine whose idle virtual CPUs the host puts to
 * sleep it is tens of microseconds (docs/performance.md). */

#include <pthread.h>
#include <stdlib.h>

#include "bench.h"

#define WAKE_ROUNDS 31

typedef struct
{
  pthread_mutex_t lock;
  pthread_cond_t wake, done;
  unsigned generation, seen;
  int quit;
  double woke_ms;
} Sleeper;

static void *
sleeper_main (void *data)
{
  Sleeper *s = data;
  unsigned seen = 0;

  pthread_mutex_lock (&s->lock);
  for (;;) {
    while (!s->quit && s->generation == seen)
      pthread_cond_wait (&s->wake, &s->lock);
    if (s->quit)
      break;
    s->woke_ms = bench_now_ms ();
    s->seen = seen = s->generation;
    pthread_cond_signal (&s->done);
  }
  pthread_mutex_unlock (&s->lock);
  return NULL;
}

/* One round: idle_ms of spinning, a broadcast, the thread's delay in ms. */
static double
wake_once (Sleeper * s, double idle_ms)
{
  double t0 = bench_now_ms ();

  while (bench_now_ms () - t0 < idle_ms);
  pthread_mutex_lock (&s->lock);
  t0 = bench_now_ms ();
  s->generation++;
  pthread_cond_broadcast (&s->wake);
  while (s->seen != s->generation)
    pthread_cond_wait (&s->done, &s->lock);
  pthread_mutex_unlock (&s->lock);
  return s->woke_ms - t0;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

double
bench_wake_latency_us (double idle_ms)
{
  Sleeper s = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
    PTHREAD_COND_INITIALIZER, 0, 0, 0, 0.0
  };
  double delays[WAKE_ROUNDS];
  pthread_t thread;
  int i;

  if (pthread_create (&thread, NULL, sleeper_main, &s) != 0)
    return 0.0;
  for (i = 0; i < WAKE_ROUNDS; i++)
    delays[i] = wake_once (&s, idle_ms);
  pthread_mutex_lock (&s.lock);
  s.quit = 1;
  pthread_cond_broadcast (&s.wake);
  pthread_mutex_unlock (&s.lock);
  pthread_join (thread, NULL);
  qsort (delays, WAKE_ROUNDS, sizeof (double), compare_doubles);
  return delays[WAKE_ROUNDS / 2] * 1e3;
}
