/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Internal state of the mock CUDA driver, shared by its .c files (see
 * mock-cuda.c for what is mocked and how).  Everything here is private to
 * libcuda.so.1: the version script (mock-cuda.map) exports only the cu*
 * entry points and the mock_cuda_* test API.
 *
 * Locking: one global mutex.  Every entry point calls mock_enter () first and
 * mock_leave () before returning; the helpers below expect it held. */

#ifndef __MOCK_STATE_H__
#define __MOCK_STATE_H__

/* The driver's own view of cuda.h: the legacy and versioned names (cuCtxCreate
 * and cuCtxCreate_v2, cuStreamDestroy and cuStreamDestroy_v2, ...) are all
 * declared with their exact signatures and none is renamed by a macro. */
#define __CUDA_API_VERSION_INTERNAL 1
#include <cuda.h>

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "mock-cuda.h"

/* Device addresses handed out by the mock live in [BASE, END): not canonical
 * x86-64 (or AArch64) user addresses, so dereferencing a CUdeviceptr on the
 * host faults.  They grow monotonically and are never reused, with a gap
 * between allocations: a stale pointer never aliases a new allocation and an
 * overrun never lands in a neighbour. */
#define MOCK_DEVPTR_BASE 0x0c00000100000000ULL
#define MOCK_DEVPTR_END 0x0d00000000000000ULL
#define MOCK_DEVPTR_ALIGN 65536ULL

/* CUcontext, CUstream, CUmodule and CUfunction handles: TAG | kind << 40 |
 * index, equally non-dereferenceable, never reused. */
#define MOCK_HANDLE_TAG 0x0d00000000000000ULL
#define MOCK_HANDLE_TAG_MASK 0xff00000000000000ULL

#define MOCK_PITCH_ALIGN 512    /* cuMemAllocPitch pitch, texture alignment */
#define MOCK_FREED_MAX 4096     /* freed allocations remembered */
#define MOCK_STACK_MAX 64       /* per-thread context stack */
#define MOCK_DEVICES_MAX 64     /* MOCK_CUDA_DEVICES */

typedef enum {
  MOCK_FAIL_INIT = 0,
  MOCK_FAIL_CTX,
  MOCK_FAIL_ALLOC,
  MOCK_FAIL_HOSTALLOC,
  MOCK_FAIL_COPY,
  MOCK_FAIL_STREAM,
  MOCK_FAIL_MODULE,
  MOCK_FAIL_IMAGE,
  MOCK_FAIL_LAUNCH,
  MOCK_FAIL_SYNC,
  MOCK_FAIL_KERNEL,             /* a fault inside a kernel, when it runs */
  MOCK_FAIL_PUSH,               /* cuCtxPushCurrent_v2 */
  MOCK_FAIL_N
} MockFailKind;

typedef enum {
  MOCK_LEAKS_OFF = 0,
  MOCK_LEAKS_WARN,
  MOCK_LEAKS_FAIL
} MockLeakMode;

typedef struct {
  int n_devices;                /* MOCK_CUDA_DEVICES */
  int driver_version;           /* MOCK_CUDA_DRIVER_VERSION */
  int cc[MOCK_DEVICES_MAX];     /* MOCK_CUDA_CC: major * 10 + minor */
  int peer_access;              /* MOCK_CUDA_PEER */
  int fill;                     /* MOCK_CUDA_FILL, -1: leave zeroes */
  MockLeakMode leak_mode;       /* MOCK_CUDA_LEAK_CHECK */
  int trace;                    /* MOCK_CUDA_TRACE */
  int print_stats;              /* MOCK_CUDA_STATS */
  unsigned int fail_mask;       /* MOCK_CUDA_FAIL, 1 << MockFailKind */
  uint64_t fail_after;          /* MOCK_CUDA_FAIL_AFTER */
  uint64_t fail_count;          /* MOCK_CUDA_FAIL_COUNT */
  uint64_t armed_after[MOCK_FAIL_N];    /* mock_cuda_fail (): per kind */
  uint64_t armed_count[MOCK_FAIL_N];
  unsigned int armed_mask;
} MockConfig;

typedef enum {
  MOCK_OBJ_CONTEXT = 1,
  MOCK_OBJ_STREAM,
  MOCK_OBJ_MODULE,
  MOCK_OBJ_FUNCTION,
  MOCK_OBJ_EVENT,
  MOCK_OBJ_POOL
} MockObjKind;

/* A context, stream, module or function.  Index 0 of the table is unused, so
 * 0 means "none". */
typedef struct {
  MockObjKind kind;
  int live;
  pid_t pid;                    /* creator: leaks are per process */
  uint32_t owner;               /* stream, module: context; function: module */
  int device;                   /* context */
  unsigned int flags;           /* context, stream: creation flags */
  uint64_t pending;             /* stream, context (its NULL stream): queued
                                 * operations not run yet (mock-stream.c) */
  uint64_t submitted;           /* stream, context: async operations ever */
  uint32_t stream;              /* event: the queue it was last recorded on
                                 * (a stream, or a context's NULL stream) */
  uint64_t mark;                /* event: the last operation id then;
                                 * pool: its release threshold */
  CUresult sticky;              /* context: the error of a kernel fault,
                                 * returned by every later call in it */
  uint32_t *peers;              /* context: peers it may access */
  size_t n_peers;
  const MockCudaKernel *kernel; /* function: the kernel it runs, an entry
                                 * point of the engine's or the program's
                                 * (mock-module.c) */
} MockObject;

typedef enum {
  MOCK_MEM_DEVICE = 1,
  MOCK_MEM_PINNED
} MockMemKind;

typedef struct {
  MockMemKind kind;
  uint64_t serial;              /* #n in messages */
  pid_t pid;
  uint32_t ctx;                 /* owning context */
  uint64_t addr;                /* what the caller got: CUdeviceptr or the
                                 * pinned host address */
  uint8_t *host;                /* where the bytes are */
  size_t size;                  /* bytes the caller may touch */
  void *map;                    /* the mmap holding host, with guard pages */
  size_t map_len;
  const char *call;             /* allocating call */
  const char *free_call;        /* freeing call (freed ring only) */
} MockAlloc;

/* An operation queued on a stream (or a context's NULL stream), run later:
 * at a synchronization, or first by an operation that depends on it
 * (mock-stream.c). */
typedef struct MockOp MockOp;
typedef void (*MockOpRun) (MockOp * op);

struct MockOp {
  uint64_t id;                  /* global order of submission, from 1 */
  uint32_t ctx;
  uint32_t queue;               /* a stream, or ctx for its NULL stream */
  const char *call;             /* the submitting call */
  MockOpRun run;                /* NULL: a cuStreamWaitEvent marker */
  void *data;                   /* free ()d after it ran or was dropped */
  uint32_t wait_queue;          /* marker: ops of this queue ... */
  uint64_t wait_mark;           /* ... up to this id come first */
  int done;
};

typedef struct {
  pthread_mutex_t lock;
  MockConfig config;
  int initialized;              /* cuInit succeeded */

  MockObject *objects;
  uint32_t n_objects;
  uint32_t cap_objects;

  MockAlloc *allocs;            /* live allocations */
  size_t n_allocs;
  size_t cap_allocs;
  MockAlloc freed[MOCK_FREED_MAX];      /* ring of the last frees */
  uint64_t n_freed;

  uint64_t next_devptr;
  uint64_t next_serial;
  uint64_t fail_calls[MOCK_FAIL_N];

  /* objects cuCtxDestroy had to release: leaks of the process released_pid */
  unsigned int released;
  pid_t released_pid;

  MockOp **ops;                 /* queued operations, by id */
  size_t n_ops;
  size_t cap_ops;
  uint64_t next_op;
  int flushing;                 /* ops are running: none is removed */

  MockCudaStats stats;
} MockState;

extern MockState mock_state;

/* mock-state.c */
void mock_enter (const char *call);
void mock_leave (void);
void mock_fatal (const char *call, const char *format, ...)
    __attribute__ ((noreturn, format (printf, 2, 3)));
void mock_warn (const char *call, const char *format, ...)
    __attribute__ ((format (printf, 2, 3)));
void mock_trace (const char *call, const char *format, ...)
    __attribute__ ((format (printf, 2, 3)));
int mock_inject (MockFailKind kind, const char *call);
CUresult mock_check_init (const char *call);
uint32_t mock_object_new (MockObjKind kind, uint32_t owner);
MockObject *mock_object (uint32_t id);
void *mock_handle (uint32_t id);
uint32_t mock_object_lookup (const char *call, const char *what,
    const void *handle, MockObjKind kind);
void mock_count_released (unsigned int n);

/* mock-context.c */
uint32_t mock_current_context (void);
uint32_t mock_require_context (const char *call);
int mock_context_can_access (uint32_t ctx, uint32_t owner);
int mock_device_valid (CUdevice dev);

/* mock-memory.c */
int mock_is_device_address (uint64_t addr);
uint8_t *mock_device_range (const char *call, const char *what,
    CUdeviceptr addr, size_t bytes, uint32_t ctx);
void mock_host_range (const char *call, const char *what, const void *ptr,
    size_t bytes);
int mock_host_is_pinned (const void *ptr);
unsigned int mock_memory_release_context (uint32_t ctx);
unsigned int mock_memory_report_leaks (pid_t pid);

/* mock-stream.c */
MockObject *mock_stream_resolve (const char *call, CUstream stream,
    uint32_t ctx);
int mock_queue_is_null (const MockObject * queue);
void mock_stream_submit (MockObject * queue);
void mock_stream_enqueue (MockObject * queue, uint32_t ctx, const char *call,
    MockOpRun run, void *data);
void mock_stream_enqueue_wait (MockObject * queue, uint32_t ctx,
    const char *call, uint32_t wait_queue, uint64_t wait_mark);
CUresult mock_stream_flush_queue (uint32_t queue, uint64_t upto);
CUresult mock_stream_sync_legacy (uint32_t ctx);
CUresult mock_stream_sync_context (uint32_t ctx);
void mock_stream_sync_device (int device);
void mock_stream_fault (uint32_t ctx, CUresult error);
unsigned int mock_stream_release_context (uint32_t ctx);

/* mock-async.c */
unsigned int mock_async_release_context (uint32_t ctx);
CUresult mock_device_alloc (const char *call, uint32_t ctx, size_t size,
    CUdeviceptr * dptr);
CUresult mock_device_free (const char *call, uint32_t ctx, CUdeviceptr dptr);

/* mock-unsupported.c */
CUresult mock_unsupported (const char *call);

/* mock-module.c */
unsigned int mock_module_release_context (uint32_t ctx);

#endif /* __MOCK_STATE_H__ */
