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
 * (a real driver has no such symbol: skip the checks when it is missing).
 *
 * Kernels a program brings (MockCudaKernel below)
 * The mock itself knows one kernel: the engine's (its entry points:
 * src/prep-kernel-args.h), run through its host build.
 * Any other kernel is supplied by the program that loads the mock, which
 * the mock never links: cuModuleGetFunction (&f, module, "NAME") looks up
 * the data symbol
 *
 *   mock_cuda_kernel_NAME          (MOCK_CUDA_KERNEL_SYMBOL_PREFIX "NAME")
 *
 * with dlsym (RTLD_DEFAULT, ...), i.e. in the executable and the libraries
 * of the global scope, and takes it as a const MockCudaKernel describing
 * the kernel.  NAME must be a C identifier (an extern "C" name or a mangled
 * one).  No such symbol: CUDA_ERROR_NOT_FOUND, as for an unknown kernel.
 * An executable must export the symbol to its dynamic symbol table: link it
 * with -Wl,--dynamic-list=<source>/tests/mock-cuda/mock-cuda-kernels.list
 * (exports mock_cuda_kernel_* only; meson: mock_cuda_kernels_link_args,
 * or by path where tests/mock-cuda is not configured yet), -rdynamic or
 * meson's export_dynamic.  A descriptor the mock cannot use (another
 * MOCK_CUDA_KERNEL_ABI, a name that differs from NAME, counts or indices
 * out of range, a pointer argument not of 8 bytes, a missing callback) is a
 * contract violation: "mock-cuda: FATAL: cuModuleGetFunction: ..." and
 * abort ().
 *
 * Each launch of such a kernel gets checks like the engine kernel's:
 * kernelParams non-NULL for n_args entries (their contents copied at
 * launch, arg_sizes[i] bytes each, since the launch runs later), then when
 * the queued launch runs, each pointer argument's extent (extents ()) must
 * be non-zero and lie inside a live allocation of the current context (or
 * of a peer it may access), and the output must not overlap any input;
 * then run () executes the whole grid on the host, under the mock's lock. */

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
  uint64_t pageable_async_copies;       /* async_copies with a pageable
                                         * host side (synchronous for the
                                         * host) */
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

/* Whether @ptr lies in a live cuMemAllocHost block (pinned memory). */
int mock_cuda_is_pinned (const void *ptr);
typedef int (*MockCudaIsPinnedFunc) (const void *ptr);

/* Depth of the calling thread's context stack (0: no current context). */
unsigned int mock_cuda_get_context_depth (void);
typedef unsigned int (*MockCudaGetContextDepthFunc) (void);

/* A kernel the program supplies (see the top of this file).  The layout is
 * the mock's ABI: change it only together with MOCK_CUDA_KERNEL_ABI. */
#define MOCK_CUDA_KERNEL_ABI 1
#define MOCK_CUDA_KERNEL_SYMBOL_PREFIX "mock_cuda_kernel_"
/* The descriptor's symbol for kernel @name (an identifier):
 *   const MockCudaKernel MOCK_CUDA_KERNEL (my_kernel) = { ... }; */
#define MOCK_CUDA_KERNEL(name) mock_cuda_kernel_ ## name
#define MOCK_CUDA_KERNEL_MAX_ARGS 16
#define MOCK_CUDA_KERNEL_MAX_POINTERS 4

typedef struct {
  unsigned int x, y, z;
} MockCudaDim3;

typedef struct {
  unsigned int abi;             /* MOCK_CUDA_KERNEL_ABI */
  const char *name;             /* the kernel's name: NAME of the symbol */
  /* kernelParams entries (1..MOCK_CUDA_KERNEL_MAX_ARGS), and the bytes each
   * kernelParams[i] points to (> 0) */
  int n_args;
  size_t arg_sizes[MOCK_CUDA_KERNEL_MAX_ARGS];
  /* the device pointer arguments (8-byte CUdeviceptr, 1..MAX_POINTERS of
   * them): their distinct indices in kernelParams, their names in messages */
  int n_pointers;
  int pointer_args[MOCK_CUDA_KERNEL_MAX_POINTERS];
  const char *pointer_names[MOCK_CUDA_KERNEL_MAX_POINTERS];
  /* index in pointer_args of the one the kernel writes: it may not overlap
   * the others */
  int output;
  /* Bytes each pointer argument's kernel may touch (bytes[i] for
   * pointer_args[i]), from the other arguments in @args (the launch's
   * kernelParams, device addresses in the pointer slots); 0 when the
   * arguments are invalid (the mock then aborts). */
  void (*extents) (void *const *args,
      size_t bytes[MOCK_CUDA_KERNEL_MAX_POINTERS]);
  /* The host build over every block and thread of the grid.  @args are the
   * launch's kernelParams (copies), except that each pointer slot points to
   * a void * holding the host address of that argument's memory. */
  void (*run) (MockCudaDim3 grid, MockCudaDim3 block, void **args);
} MockCudaKernel;

#ifdef __cplusplus
}
#endif

#endif /* __MOCK_CUDA_H__ */
