/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The test-facing API of the mock CUDA driver (tests/mock-cuda/libcuda.so.1).
 *
 * Tests never link the mock: libgstcuda dlopens it through LD_LIBRARY_PATH.
 * To read its counters, look the functions up in the already loaded library:
 *
 *   GModule *m = g_module_open ("libcuda.so.1", G_MODULE_BIND_LAZY);
 *   MockCudaGetStatsFunc get_stats;
 *   if (m && g_module_symbol (m, "mock_cuda_get_stats",
 *           (gpointer *) & get_stats)) {
 *     MockCudaStats s;
 *     get_stats (&s, sizeof (s));
 *     ...
 *   }
 *
 * (a real driver has no such symbol: skip the checks when it is missing). */

#ifndef __MOCK_CUDA_H__
#define __MOCK_CUDA_H__

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Counters of the whole process (all threads, all contexts).  "_live" fields
 * are current values; the others count calls that succeeded since the start
 * or since mock_cuda_reset_stats (). */
typedef struct {
  uint64_t init_calls;
  uint64_t contexts_created;
  uint64_t contexts_destroyed;
  uint64_t contexts_live;
  uint64_t device_allocs;       /* cuMemAlloc_v2, cuMemAllocPitch_v2,
                                 * cuMemAlloc[FromPool]Async */
  uint64_t device_frees;
  uint64_t device_live;
  uint64_t device_bytes_live;
  uint64_t host_allocs;         /* cuMemAllocHost_v2 (pinned) */
  uint64_t host_frees;
  uint64_t host_live;
  uint64_t copies;              /* cuMemcpy2D_v2, the 1D copies, memsets */
  uint64_t async_copies;        /* their Async variants */
  uint64_t modules_loaded;
  uint64_t modules_live;
  uint64_t launches;
  uint64_t streams_created;
  uint64_t streams_live;
  uint64_t syncs;               /* cuStreamSynchronize, cuCtxSynchronize,
                                 * cuEventSynchronize */
  uint64_t unsynced_ops;        /* queued work not run yet: no
                                 * synchronization waited for it (live
                                 * streams and NULL streams) */
  uint64_t peer_enables;
  uint64_t injected_failures;
  unsigned int last_grid[3];    /* geometry of the last successful launch */
  unsigned int last_block[3];
} MockCudaStats;

/* Copies min (size, sizeof (MockCudaStats)) bytes of the counters. */
void mock_cuda_get_stats (MockCudaStats * stats, size_t size);
typedef void (*MockCudaGetStatsFunc) (MockCudaStats * stats, size_t size);

/* Zeroes the cumulative counters (the "_live" ones are kept). */
void mock_cuda_reset_stats (void);
typedef void (*MockCudaResetStatsFunc) (void);

/* Reports (stderr) what this process still holds and returns how many
 * objects that is; does not exit.  The same check runs at process exit. */
unsigned int mock_cuda_check_leaks (void);
typedef unsigned int (*MockCudaCheckLeaksFunc) (void);

/* Queued work not run yet (mock-stream.c): of the stream @handle, of the
 * context @handle (its NULL stream and its streams), or with NULL of the
 * whole process (MockCudaStats.unsynced_ops). */
uint64_t mock_cuda_get_pending (const void *handle);
typedef uint64_t (*MockCudaGetPendingFunc) (const void *handle);

/* Arms failures of @kind (a MOCK_CUDA_FAIL name) from now on: the next
 * @after calls of that kind succeed, the @count after them fail, the later
 * ones succeed (overrides MOCK_CUDA_FAIL* for that kind).  FALSE for an
 * unknown kind. */
int mock_cuda_fail (const char *kind, uint64_t after, uint64_t count);
typedef int (*MockCudaFailFunc) (const char *kind, uint64_t after,
    uint64_t count);

/* Depth of the calling thread's context stack (0: no current context). */
unsigned int mock_cuda_get_context_depth (void);
typedef unsigned int (*MockCudaGetContextDepthFunc) (void);

#ifdef __cplusplus
}
#endif

#endif /* __MOCK_CUDA_H__ */
