/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The CPU path on several threads.  Output rows are independent (each one
 * is written from the source and the plan alone), so a frame is cut into
 * row ranges ("chunks") that the pool's threads and the caller take from a
 * shared counter until none is left: the bytes do not depend on who wrote
 * which row.  The pool's threads sleep on a condition variable between
 * frames; a frame costs one broadcast and one wait, no allocation.  (No
 * spinning before sleeping: it measured no faster here, and it would steal
 * the core from the caller when threads outnumber free cores.) */

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "prep-private.h"

/* Chunks per thread: small enough to even out the cheap letterbox rows and
 * scheduling noise, large enough to keep the counter cold.  A batch gets at
 * least PREP_MIN_CHUNKS_PER_SLOT per slot of it: its slots differ in cost
 * (a padding slot is cheap), and finer chunks even out the tail. */
#define PREP_CHUNKS_PER_THREAD 8
#define PREP_MIN_CHUNKS_PER_SLOT 8

/* A frame's work: the plan's checked frame, its rows cut into n_chunks
 * chunks. */
typedef struct
{
  const PrepPlan *plan;
  PrepRowsFunc rows;
  PrepPass frame;
  int n_rows;
  int n_chunks;
} PrepJob;

struct _PrepWorkers
{
  int n;                        /* threads on a frame, the caller included */
  int n_started;                /* pool threads running: n - 1 */
  pthread_t *threads;
  pthread_mutex_t run_lock;     /* held by the caller of a frame */
  pthread_mutex_t lock;         /* guards the fields below */
  pthread_cond_t wake;          /* a new frame, or quit */
  pthread_cond_t done;          /* active reached 0 */
  unsigned generation;          /* frames started */
  int open;                     /* a frame takes helpers */
  int active;                   /* pool threads inside the open frame */
  int quit;
  const PrepJob *job;           /* the caller's, during a frame */
  int next_chunk;               /* atomic: the next chunk to take */
};

/* Takes chunks until none is left.  Chunk k is rows
 * [k * n_rows / n_chunks, (k + 1) * n_rows / n_chunks). */
static void
prep_workers_take_chunks (PrepWorkers * w)
{
  const PrepJob *j = w->job;
  int k, r0, r1;

  while ((k = __atomic_fetch_add (&w->next_chunk, 1, __ATOMIC_RELAXED)) <
      j->n_chunks) {
    r0 = (int) ((int64_t) k * j->n_rows / j->n_chunks);
    r1 = (int) ((int64_t) (k + 1) * j->n_rows / j->n_chunks);
    if (r1 > r0)
      prep_run_batch_rows (j->plan, j->rows, &j->frame, r0, r1);
  }
}

static void *
prep_workers_main (void *data)
{
  PrepWorkers *w = data;
  unsigned seen = 0;

  pthread_mutex_lock (&w->lock);
  for (;;) {
    while (!w->quit && (!w->open || w->generation == seen))
      pthread_cond_wait (&w->wake, &w->lock);
    if (w->quit)
      break;
    seen = w->generation;
    w->active++;
    pthread_mutex_unlock (&w->lock);
    prep_workers_take_chunks (w);
    pthread_mutex_lock (&w->lock);
    if (--w->active == 0)
      pthread_cond_signal (&w->done);
  }
  pthread_mutex_unlock (&w->lock);
  return NULL;
}

static int
prep_online_cores (void)
{
  long n = sysconf (_SC_NPROCESSORS_ONLN);

  return n < 1 ? 1 : (n > PREP_WORKERS_MAX ? PREP_WORKERS_MAX : (int) n);
}

/* Pool threads block every signal: asynchronous signals go to the
 * application's own threads. */
static int
prep_workers_start (PrepWorkers * w)
{
  sigset_t all, old;
  int ok = 1;

  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  while (ok && w->n_started < w->n - 1) {
    ok = pthread_create (&w->threads[w->n_started], NULL, prep_workers_main,
        w) == 0;
    w->n_started += ok;
  }
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  return ok;
}

PrepStatus
prep_workers_new (int n_threads, PrepWorkers ** workers)
{
  PrepWorkers *w;

  if (workers == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  *workers = NULL;
  if (n_threads < 0 || n_threads > PREP_WORKERS_MAX)
    return PREP_ERROR_INVALID_ARGUMENT;
  w = calloc (1, sizeof (PrepWorkers));
  if (w == NULL)
    return PREP_ERROR_NO_MEMORY;
  w->n = n_threads == 0 ? prep_online_cores () : n_threads;
  w->threads = calloc ((size_t) w->n, sizeof (pthread_t));
  pthread_mutex_init (&w->run_lock, NULL);
  pthread_mutex_init (&w->lock, NULL);
  pthread_cond_init (&w->wake, NULL);
  pthread_cond_init (&w->done, NULL);
  if (w->threads == NULL || !prep_workers_start (w)) {
    prep_workers_free (w);
    return PREP_ERROR_NO_MEMORY;
  }
  *workers = w;
  return PREP_OK;
}

int
prep_workers_count (const PrepWorkers * workers)
{
  return workers != NULL ? workers->n : 1;
}

void
prep_workers_free (PrepWorkers * w)
{
  int i;

  if (w == NULL)
    return;
  pthread_mutex_lock (&w->lock);
  w->quit = 1;
  pthread_cond_broadcast (&w->wake);
  pthread_mutex_unlock (&w->lock);
  for (i = 0; i < w->n_started; i++)
    pthread_join (w->threads[i], NULL);
  pthread_cond_destroy (&w->done);
  pthread_cond_destroy (&w->wake);
  pthread_mutex_destroy (&w->lock);
  pthread_mutex_destroy (&w->run_lock);
  free (w->threads);
  free (w);
}

/* Opens the frame to the pool, takes chunks too, then waits for the pool
 * threads that joined it (each finishes the chunk it took) and closes it.
 * A thread that wakes after the close finds the frame closed and sleeps
 * again: the caller never waits for a thread to wake up, only for chunks
 * in progress.  (Waiting for every thread to check in made a frame last
 * until the slowest wake-up, even when that thread then found no rows
 * left.)  Threads join and the caller closes under the lock, so no thread
 * touches the job after the close. */
static void
prep_workers_run (PrepWorkers * w, const PrepJob * job)
{
  pthread_mutex_lock (&w->run_lock);
  pthread_mutex_lock (&w->lock);
  w->job = job;
  w->next_chunk = 0;
  w->open = 1;
  w->generation++;
  pthread_cond_broadcast (&w->wake);
  pthread_mutex_unlock (&w->lock);

  prep_workers_take_chunks (w);

  pthread_mutex_lock (&w->lock);
  while (w->active > 0)
    pthread_cond_wait (&w->done, &w->lock);
  w->open = 0;
  w->job = NULL;
  pthread_mutex_unlock (&w->lock);
  pthread_mutex_unlock (&w->run_lock);
}

/* Runs @job on the caller alone, or cut into chunks across the pool:
 * about PREP_CHUNKS_PER_THREAD chunks per thread, never more than its
 * rows. */
static void
prep_workers_run_job (PrepWorkers * workers, PrepJob * job)
{
  int64_t n;

  if (workers == NULL || workers->n_started == 0) {
    prep_run_batch_rows (job->plan, job->rows, &job->frame, 0, job->n_rows);
    return;
  }
  n = (int64_t) workers->n * PREP_CHUNKS_PER_THREAD;
  if (n < (int64_t) PREP_MIN_CHUNKS_PER_SLOT * job->plan->cfg.batch_size)
    n = (int64_t) PREP_MIN_CHUNKS_PER_SLOT *job->plan->cfg.batch_size;
  job->n_chunks = (int) (n < job->n_rows ? n : job->n_rows);
  prep_workers_run (workers, job);
}

PrepStatus
prep_plan_run_cpu_parallel (const PrepPlan * plan, PrepWorkers * workers,
    PrepCpuImpl impl, const PrepFrame * src, void *dst, size_t dst_size)
{
  PrepJob job;
  PrepStatus st;

  st = prep_cpu_prepare (plan, impl, src, dst, dst_size, &job.rows, &job.frame);
  if (st != PREP_OK)
    return st;
  job.plan = plan;
  job.n_rows = prep_plan_rows (plan);
  prep_workers_run_job (workers, &job);
  return PREP_OK;
}

PrepStatus
prep_plan_run_cpu_streams (const PrepPlan * plan, PrepWorkers * workers,
    PrepCpuImpl impl, const PrepFrame * frames, void *dst, size_t dst_size)
{
  PrepJob job;
  PrepStatus st;

  st = prep_cpu_prepare_streams (plan, impl, frames, dst, dst_size, &job.rows,
      &job.frame);
  if (st != PREP_OK)
    return st;
  job.plan = plan;
  job.n_rows = prep_plan_rows (plan);
  prep_workers_run_job (workers, &job);
  return PREP_OK;
}
