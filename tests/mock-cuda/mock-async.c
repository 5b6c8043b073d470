/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* What libgstcuda 1.24+ resolves for its own synchronisation and
 * allocation, with real semantics: cuCtxSynchronize, cuCtx[GS]etLimit, events
 * (cuEventCreate, cuEventRecord, cuEventSynchronize, cuEventDestroy_v2,
 * and cuEventElapsedTime for the GPU benchmark's timing) and
 * the stream-ordered allocator (cuMemAllocAsync, cuMemAllocFromPoolAsync,
 * cuMemFreeAsync, cuMemPool*).
 *
 * Work is deferred (mock-stream.c): an event recorded on a stream marks the
 * work submitted to it before the record; cuEventSynchronize runs that work,
 * cuStreamWaitEvent orders a stream's later work after it.  Stream-ordered
 * allocations are ordinary device allocations of the stream's context,
 * made at once; cuMemFreeAsync is queued work of its stream, that frees
 * when it runs; a memory pool
 * is a handle with attributes (reads of the usage attributes return the
 * 0).  Strictness as elsewhere: handles of
 * another kind, destroyed or of another context than the current one are
 * fatal, and events and pools still alive at exit are leaks. */

#include "mock-state.h"

#include <stdlib.h>
#include <string.h>

/* cuda.h declares only the unversioned name under
 * __CUDA_API_VERSION_INTERNAL; libgstcuda 1.24+ resolves the _v2 one */
CUresult CUDAAPI cuEventDestroy_v2 (CUevent hEvent);

unsigned int
mock_async_release_context (uint32_t ctx)
{
  unsigned int n = 0;
  uint32_t i;

  for (i = 1; i < mock_state.n_objects; i++) {
    MockObject *o = &mock_state.objects[i];

    if ((o->kind == MOCK_OBJ_EVENT || o->kind == MOCK_OBJ_POOL) && o->live
        && o->owner == ctx) {
      o->live = 0;
      n++;
    }
  }
  return n;
}

/* ------------------------------------------------------------------------ */
/* Context synchronization */

CUresult CUDAAPI
cuCtxSynchronize (void)
{
  const char *call = "cuCtxSynchronize";
  CUresult ret;
  uint32_t ctx;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  if (mock_inject (MOCK_FAIL_SYNC, call)) {
    ret = CUDA_ERROR_LAUNCH_FAILED;
    goto out;
  }
  mock_state.stats.syncs++;
  ret = mock_stream_sync_context (ctx);
out:
  mock_leave ();
  return ret;
}

/* ------------------------------------------------------------------------ */
/* Context limits (libgstcuda 1.26+ reads them when it creates a context):
 * an Ampere GPU's defaults, settable, one set per process. */

static size_t limits[CU_LIMIT_MAX] = {
  [CU_LIMIT_STACK_SIZE] = 1024,
  [CU_LIMIT_PRINTF_FIFO_SIZE] = 1048576,
  [CU_LIMIT_MALLOC_HEAP_SIZE] = 8388608,
  [CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH] = 2,
  [CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT] = 2048,
  [CU_LIMIT_MAX_L2_FETCH_GRANULARITY] = 64,
  [CU_LIMIT_PERSISTING_L2_CACHE_SIZE] = 0,
};

static CUresult
ctx_limit (const char *call, CUlimit limit, size_t *get, size_t set)
{
  CUresult ret;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  mock_require_context (call);
  if ((int) limit < 0 || limit >= CU_LIMIT_MAX
      || limit == CU_LIMIT_SHMEM_SIZE || limit == CU_LIMIT_CIG_ENABLED
      || limit == CU_LIMIT_CIG_SHMEM_FALLBACK_ENABLED) {
    ret = CUDA_ERROR_UNSUPPORTED_LIMIT;
    goto out;
  }
  if (get != NULL)
    *get = limits[limit];
  else
    limits[limit] = set;
out:
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuCtxGetLimit (size_t *pvalue, CUlimit limit)
{
  if (pvalue == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  return ctx_limit ("cuCtxGetLimit", limit, pvalue, 0);
}

CUresult CUDAAPI
cuCtxSetLimit (CUlimit limit, size_t value)
{
  return ctx_limit ("cuCtxSetLimit", limit, NULL, value);
}

/* ------------------------------------------------------------------------ */
/* Events */

CUresult CUDAAPI
cuEventCreate (CUevent * phEvent, unsigned int Flags)
{
  const char *call = "cuEventCreate";
  CUresult ret;
  uint32_t ctx, id;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  if (phEvent == NULL || (Flags & ~(CU_EVENT_BLOCKING_SYNC |
              CU_EVENT_DISABLE_TIMING | CU_EVENT_INTERPROCESS)) != 0
      || ((Flags & CU_EVENT_INTERPROCESS)
          && !(Flags & CU_EVENT_DISABLE_TIMING))) {
    ret = CUDA_ERROR_INVALID_VALUE;
    goto out;
  }
  id = mock_object_new (MOCK_OBJ_EVENT, ctx);
  mock_object (id)->flags = Flags;
  *phEvent = mock_handle (id);
  mock_trace (call, "%p", (void *) *phEvent);
out:
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuEventDestroy_v2 (CUevent hEvent)
{
  const char *call = "cuEventDestroy_v2";
  CUresult ret;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret == CUDA_SUCCESS)
    mock_object (mock_object_lookup (call, "event", hEvent,
            MOCK_OBJ_EVENT))->live = 0;
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuEventRecord (CUevent hEvent, CUstream hStream)
{
  const char *call = "cuEventRecord";
  MockObject *event, *queue;
  CUresult ret;
  uint32_t ctx;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  event = mock_object (mock_object_lookup (call, "event", hEvent,
          MOCK_OBJ_EVENT));
  if (event->owner != ctx)
    mock_fatal (call, "event %p belongs to context %p, but context %p is "
        "current", (void *) hEvent, mock_handle (event->owner),
        mock_handle (ctx));
  queue = mock_stream_resolve (call, hStream, ctx);
  event->stream = (uint32_t) (queue - mock_state.objects);
  event->mark = mock_state.next_op;
out:
  mock_leave ();
  return ret;
}

/* The work submitted to the event's queue before the record is done. */
CUresult CUDAAPI
cuEventSynchronize (CUevent hEvent)
{
  const char *call = "cuEventSynchronize";
  MockObject *event, *queue;
  CUresult ret;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  event = mock_object (mock_object_lookup (call, "event", hEvent,
          MOCK_OBJ_EVENT));
  if (mock_inject (MOCK_FAIL_SYNC, call)) {
    ret = CUDA_ERROR_LAUNCH_FAILED;
    goto out;
  }
  queue = mock_object (event->stream);
  mock_state.stats.syncs++;
  if (queue != NULL && queue->live)
    ret = mock_stream_flush_queue (event->stream, event->mark);
out:
  mock_leave ();
  return ret;
}

/* Whether the work @event's last record followed has run. */
static int
event_done (const MockObject * event)
{
  size_t i;

  for (i = 0; i < mock_state.n_ops; i++) {
    const MockOp *op = mock_state.ops[i];

    if (!op->done && op->queue == event->stream && op->id <= event->mark)
      return 0;
  }
  return 1;
}

/* The time between two records of timing events, both reached: the mock
 * has no device clock, so it reports 1 us per operation submitted between
 * them (0 for none), a deterministic stand-in.  An event without timing or
 * never recorded is an invalid handle for it, as with the driver;
 * NOT_READY while the work before either record is queued. */
CUresult CUDAAPI
cuEventElapsedTime (float *pMilliseconds, CUevent hStart, CUevent hEnd)
{
  const char *call = "cuEventElapsedTime";
  MockObject *start, *end;
  CUresult ret;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  start = mock_object (mock_object_lookup (call, "event", hStart,
          MOCK_OBJ_EVENT));
  end = mock_object (mock_object_lookup (call, "event", hEnd, MOCK_OBJ_EVENT));
  if (pMilliseconds == NULL)
    ret = CUDA_ERROR_INVALID_VALUE;
  else if ((start->flags | end->flags) & CU_EVENT_DISABLE_TIMING
      || start->stream == 0 || end->stream == 0)
    ret = CUDA_ERROR_INVALID_HANDLE;
  else if (!event_done (start) || !event_done (end))
    ret = CUDA_ERROR_NOT_READY;
  else
    *pMilliseconds = end->mark > start->mark ?
        (float) (end->mark - start->mark) * 1e-3f : 0.0f;
out:
  mock_leave ();
  return ret;
}

/* The later work of @hStream runs after what @hEvent's record followed. */
CUresult CUDAAPI
cuStreamWaitEvent (CUstream hStream, CUevent hEvent, unsigned int Flags)
{
  const char *call = "cuStreamWaitEvent";
  MockObject *event, *queue;
  CUresult ret;
  uint32_t ctx;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  queue = mock_stream_resolve (call, hStream, ctx);
  event = mock_object (mock_object_lookup (call, "event", hEvent,
          MOCK_OBJ_EVENT));
  if (Flags != 0) {
    ret = CUDA_ERROR_INVALID_VALUE;
    goto out;
  }
  if (event->stream != 0 && mock_object (event->stream)->live)
    mock_stream_enqueue_wait (queue, ctx, call, event->stream, event->mark);
out:
  mock_leave ();
  return ret;
}

/* ------------------------------------------------------------------------ */
/* Stream-ordered allocation and memory pools */

static CUresult
alloc_async (const char *call, CUdeviceptr * dptr, size_t bytesize,
    CUmemoryPool pool, CUstream hStream)
{
  CUresult ret;
  uint32_t ctx, id;

  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    return ret;
  ctx = mock_require_context (call);
  mock_stream_resolve (call, hStream, ctx);
  if (pool != NULL) {
    id = mock_object_lookup (call, "pool", pool, MOCK_OBJ_POOL);
    if (mock_object (id)->owner != ctx)
      mock_fatal (call, "pool %p belongs to context %p, but context %p is "
          "current", (void *) pool, mock_handle (mock_object (id)->owner),
          mock_handle (ctx));
  }
  return mock_device_alloc (call, ctx, bytesize, dptr);
}

CUresult CUDAAPI
cuMemAllocAsync (CUdeviceptr * dptr, size_t bytesize, CUstream hStream)
{
  CUresult ret;

  mock_enter ("cuMemAllocAsync");
  ret = alloc_async ("cuMemAllocAsync", dptr, bytesize, NULL, hStream);
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuMemAllocFromPoolAsync (CUdeviceptr * dptr, size_t bytesize,
    CUmemoryPool pool, CUstream hStream)
{
  const char *call = "cuMemAllocFromPoolAsync";
  CUresult ret;

  mock_enter (call);
  if (pool == NULL) {
    mock_leave ();
    return CUDA_ERROR_INVALID_VALUE;
  }
  ret = alloc_async (call, dptr, bytesize, pool, hStream);
  mock_leave ();
  return ret;
}

static void
free_async_run (MockOp * op)
{
  mock_device_free (op->call, op->ctx, *(CUdeviceptr *) op->data);
}

CUresult CUDAAPI
cuMemFreeAsync (CUdeviceptr dptr, CUstream hStream)
{
  const char *call = "cuMemFreeAsync";
  CUdeviceptr *p;
  MockObject *queue;
  CUresult ret;
  uint32_t ctx;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  queue = mock_stream_resolve (call, hStream, ctx);
  if (dptr == 0) {
    ret = CUDA_ERROR_INVALID_VALUE;
    goto out;
  }
  mock_device_range (call, "cuMemFreeAsync dptr", dptr, 1, ctx);
  p = malloc (sizeof (CUdeviceptr));
  if (p == NULL)
    mock_fatal (call, "out of host memory");
  *p = dptr;
  /* stream-ordered: freed when the stream gets there */
  mock_stream_enqueue (queue, ctx, call, free_async_run, p);
out:
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuMemPoolCreate (CUmemoryPool * pool, const CUmemPoolProps * poolProps)
{
  const char *call = "cuMemPoolCreate";
  CUresult ret;
  uint32_t ctx, id;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  if (pool == NULL || poolProps == NULL
      || poolProps->allocType != CU_MEM_ALLOCATION_TYPE_PINNED
      || poolProps->location.type != CU_MEM_LOCATION_TYPE_DEVICE
      || !mock_device_valid (poolProps->location.id)) {
    ret = CUDA_ERROR_INVALID_VALUE;
    goto out;
  }
  id = mock_object_new (MOCK_OBJ_POOL, ctx);
  *pool = mock_handle (id);
  mock_trace (call, "%p", (void *) *pool);
out:
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuMemPoolDestroy (CUmemoryPool pool)
{
  const char *call = "cuMemPoolDestroy";
  CUresult ret;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret == CUDA_SUCCESS)
    mock_object (mock_object_lookup (call, "pool", pool,
            MOCK_OBJ_POOL))->live = 0;
  mock_leave ();
  return ret;
}

/* Attributes: the release threshold is kept (in the object's mark); the
 * reuse flags are accepted; the usage counters read 0. */
static CUresult
pool_attribute (const char *call, CUmemoryPool pool, CUmemPool_attribute attr,
    void *value, int set)
{
  MockObject *o;
  CUresult ret;

  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    return ret;
  o = mock_object (mock_object_lookup (call, "pool", pool, MOCK_OBJ_POOL));
  if (value == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  switch (attr) {
    case CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES:
    case CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC:
    case CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES:
      if (!set)
        *(int *) value = 1;
      return CUDA_SUCCESS;
    case CU_MEMPOOL_ATTR_RELEASE_THRESHOLD:
      if (set)
        o->mark = *(cuuint64_t *) value;
      else
        *(cuuint64_t *) value = o->mark;
      return CUDA_SUCCESS;
    case CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT:
    case CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH:
    case CU_MEMPOOL_ATTR_USED_MEM_CURRENT:
    case CU_MEMPOOL_ATTR_USED_MEM_HIGH:
      if (!set)
        *(cuuint64_t *) value = 0;
      return CUDA_SUCCESS;
    default:
      return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult CUDAAPI
cuMemPoolSetAttribute (CUmemoryPool pool, CUmemPool_attribute attr, void *value)
{
  CUresult ret;

  mock_enter ("cuMemPoolSetAttribute");
  ret = pool_attribute ("cuMemPoolSetAttribute", pool, attr, value, 1);
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuMemPoolGetAttribute (CUmemoryPool pool, CUmemPool_attribute attr, void *value)
{
  CUresult ret;

  mock_enter ("cuMemPoolGetAttribute");
  ret = pool_attribute ("cuMemPoolGetAttribute", pool, attr, value, 0);
  mock_leave ();
  return ret;
}
