/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Kernel time from CUDA events (cudapreproc-bench-gpu): the device's own
 * clock between an event recorded before a run of back-to-back launches
 * and one recorded after them, divided by the runs: what the kernels take
 * on the GPU, without the host's launch and synchronization overhead that
 * the synchronized wall time includes.  libgstcuda's loader wraps no
 * cuEventElapsedTime (nor, before 1.26, any event call), so the event
 * calls are resolved here from libcuda.so.1: the library the loader
 * opened, which dlopen () hands back. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <dlfcn.h>
#include <stdio.h>

#include "bench-gpu.h"

typedef CUresult (CUDAAPI * EventCreateFunc) (CUevent * event,
    unsigned int flags);
typedef CUresult (CUDAAPI * EventRecordFunc) (CUevent event, CUstream stream);
typedef CUresult (CUDAAPI * EventSynchronizeFunc) (CUevent event);
typedef CUresult (CUDAAPI * EventElapsedTimeFunc) (float *ms, CUevent start,
    CUevent end);
typedef CUresult (CUDAAPI * EventDestroyFunc) (CUevent event);

static struct
{
  int tried, ok;
  EventCreateFunc create;
  EventRecordFunc record;
  EventSynchronizeFunc synchronize;
  EventElapsedTimeFunc elapsed;
  EventDestroyFunc destroy;
} ev;

int
bench_events_available (void)
{
  void *lib;

  if (ev.tried)
    return ev.ok;
  ev.tried = 1;
  lib = dlopen ("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (lib == NULL)
    return 0;
  ev.create = (EventCreateFunc) dlsym (lib, "cuEventCreate");
  ev.record = (EventRecordFunc) dlsym (lib, "cuEventRecord");
  ev.synchronize = (EventSynchronizeFunc) dlsym (lib, "cuEventSynchronize");
  ev.elapsed = (EventElapsedTimeFunc) dlsym (lib, "cuEventElapsedTime");
  ev.destroy = (EventDestroyFunc) dlsym (lib, "cuEventDestroy_v2");
  ev.ok = ev.create && ev.record && ev.synchronize && ev.elapsed && ev.destroy;
  /* the library stays loaded: libgstcuda holds it too */
  return ev.ok;
}

int
time_back_to_back (int (*run) (void *data), void *data, int n, double *us)
{
  CUevent start = NULL, end = NULL;
  float ms = 0.0f;
  int i, ok;

  ok = bench_events_available ()
      && check_cu (ev.create (&start, CU_EVENT_DEFAULT), "cuEventCreate")
      && check_cu (ev.create (&end, CU_EVENT_DEFAULT), "cuEventCreate");
  for (i = 0; ok && i < WARMUP; i++)
    ok = run (data);
  ok = ok && check_cu (CuStreamSynchronize (NULL), "cuStreamSynchronize")
      && check_cu (ev.record (start, NULL), "cuEventRecord");
  for (i = 0; ok && i < n; i++)
    ok = run (data);
  ok = ok && check_cu (ev.record (end, NULL), "cuEventRecord")
      && check_cu (ev.synchronize (end), "cuEventSynchronize")
      && check_cu (ev.elapsed (&ms, start, end), "cuEventElapsedTime");
  if (ok)
    *us = (double) ms *1e3 / n;
  if (start != NULL)
    ev.destroy (start);
  if (end != NULL)
    ev.destroy (end);
  return ok;
}
