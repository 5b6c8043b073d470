/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Streams, and the work queued on them.
 *
 * Work is deferred, as on a GPU: a kernel launch, an asynchronous copy or
 * memset is queued (a MockOp, in the global order of submission) and runs
 * only when something waits for it:
 *  - cuStreamSynchronize (its stream), cuCtxSynchronize (its context),
 *    cuEventSynchronize (what was queued before the event's record);
 *  - a later operation that depends on it, which first runs what it depends
 *    on: the earlier work of its own stream; with the legacy default stream,
 *    an operation on a blocking stream (created without
 *    CU_STREAM_NON_BLOCKING) the earlier NULL-stream work of its context,
 *    and a NULL-stream operation the earlier work of every blocking stream
 *    of its context (a non-blocking stream is not ordered with the NULL
 *    stream); after cuStreamWaitEvent, the stream's later work the event's
 *    work;
 *  - a synchronous operation: a synchronous copy or memset is a NULL-stream
 *    operation run at once; cuMemFree_v2 and cuMemFreeHost synchronize the
 *    device first (as the driver does); a stream's work runs when it is
 *    destroyed, a context's when it is destroyed (unless it faulted).
 * So memory read through a path that is not ordered after its producer
 * still holds the old bytes.  A kernel fault (MOCK_CUDA_FAIL=kernel-fault)
 * happens when the kernel runs: the context's queued work is dropped and its
 * error is sticky (mock_check_init ()).
 *
 * A stream (or a context, for its NULL stream) counts its queued operations
 * not run yet (pending: what MockCudaStats.unsynced_ops sums and
 * mock_cuda_get_pending () reads).  The NULL stream (and CU_STREAM_LEGACY,
 * CU_STREAM_PER_THREAD) is the context's own.  Every stream call needs a
 * current context, and a stream must be used with the context it was
 * created in current: anything else is fatal. */

#include "mock-state.h"

#include <stdlib.h>
#include <string.h>

/* The object counting @stream's work: the stream, or for the NULL and the
 * special streams the current context @ctx. */
MockObject *
mock_stream_resolve (const char *call, CUstream stream, uint32_t ctx)
{
  uint32_t id;

  if (stream == NULL || stream == CU_STREAM_LEGACY
      || stream == CU_STREAM_PER_THREAD)
    return mock_object (ctx);
  id = mock_object_lookup (call, "stream", stream, MOCK_OBJ_STREAM);
  if (mock_object (id)->owner != ctx)
    mock_fatal (call, "stream %p belongs to context %p, but context %p is "
        "current", (void *) stream, mock_handle (mock_object (id)->owner),
        mock_handle (ctx));
  return mock_object (id);
}

int
mock_queue_is_null (const MockObject * queue)
{
  return queue->kind == MOCK_OBJ_CONTEXT;
}

/* One more asynchronous operation submitted to @queue (a stream or a
 * context's NULL stream). */
void
mock_stream_submit (MockObject * queue)
{
  queue->submitted++;
}

static uint32_t
object_id (const MockObject * o)
{
  return (uint32_t) (o - mock_state.objects);
}

/* Whether queue @q (of its context) is ordered with the legacy NULL stream:
 * the NULL stream itself or a blocking stream. */
static int
queue_blocking (uint32_t q)
{
  const MockObject *o = mock_object (q);

  return o->kind == MOCK_OBJ_CONTEXT || !(o->flags & CU_STREAM_NON_BLOCKING);
}

/* Whether @op must run after the earlier @p. */
static int
depends (const MockOp * op, const MockOp * p)
{
  if (op->run == NULL && p->id <= op->wait_mark && (p->queue == op->wait_queue
          || (mock_object (op->wait_queue)->kind == MOCK_OBJ_CONTEXT
              && p->ctx == op->wait_queue && queue_blocking (p->queue))))
    return 1;
  if (p->queue == op->queue)
    return 1;
  if (p->ctx != op->ctx || !queue_blocking (p->queue)
      || !queue_blocking (op->queue))
    return 0;
  /* legacy default stream: NULL-stream work and blocking streams' work */
  return p->queue == p->ctx || op->queue == op->ctx;
}

static void
op_finish (MockOp * op)
{
  MockObject *q = mock_object (op->queue);

  op->done = 1;
  if (op->run != NULL && q->pending > 0)
    q->pending--;
  free (op->data);
  op->data = NULL;
}

static void
op_run (MockOp * op)
{
  size_t i;

  if (op->done)
    return;
  for (i = 0; i < mock_state.n_ops && mock_state.ops[i]->id < op->id; i++) {
    MockOp *p = mock_state.ops[i];

    if (!p->done && depends (op, p))
      op_run (p);
  }
  if (op->done)
    return;
  /* a fault of its context meanwhile dropped it */
  if (op->run != NULL && mock_object (op->ctx)->sticky == CUDA_SUCCESS)
    op->run (op);
  op_finish (op);
}

/* Removes the operations that ran, once no flush is under way. */
static void
ops_compact (void)
{
  size_t i, n = 0;

  if (mock_state.flushing)
    return;
  for (i = 0; i < mock_state.n_ops; i++) {
    if (mock_state.ops[i]->done)
      free (mock_state.ops[i]);
    else
      mock_state.ops[n++] = mock_state.ops[i];
  }
  mock_state.n_ops = n;
}

static MockOp *
op_new (MockObject * queue, uint32_t ctx, const char *call)
{
  MockOp *op = calloc (1, sizeof (MockOp));

  if (op == NULL)
    mock_fatal (call, "out of host memory");
  if (mock_state.n_ops == mock_state.cap_ops) {
    size_t cap = mock_state.cap_ops ? mock_state.cap_ops * 2 : 64;
    MockOp **ops = realloc (mock_state.ops, cap * sizeof (MockOp *));

    if (ops == NULL)
      mock_fatal (call, "out of host memory");
    mock_state.ops = ops;
    mock_state.cap_ops = cap;
  }
  op->id = ++mock_state.next_op;
  op->ctx = ctx;
  op->queue = object_id (queue);
  op->call = call;
  mock_state.ops[mock_state.n_ops++] = op;
  return op;
}

/* Queues @run on @queue, with @data (malloc ()ed, taken); it runs later with
 * its context's objects as they are then. */
void
mock_stream_enqueue (MockObject * queue, uint32_t ctx, const char *call,
    MockOpRun run, void *data)
{
  MockOp *op = op_new (queue, ctx, call);

  op->run = run;
  op->data = data;
  queue->pending++;
  queue->submitted++;
  mock_trace (call, "queued as operation %llu", (unsigned long long) op->id);
}

/* cuStreamWaitEvent: @queue's later work runs after @wait_queue's work up
 * to operation @wait_mark. */
void
mock_stream_enqueue_wait (MockObject * queue, uint32_t ctx, const char *call,
    uint32_t wait_queue, uint64_t wait_mark)
{
  MockOp *op = op_new (queue, ctx, call);

  op->wait_queue = wait_queue;
  op->wait_mark = wait_mark;
}

/* Runs the operations selected by @select (with what they depend on);
 * returns the sticky error of @ctx afterwards (or CUDA_SUCCESS). */
static CUresult
flush (int (*select) (const MockOp * op, uint64_t a, uint64_t b),
    uint64_t a, uint64_t b, uint32_t ctx)
{
  uint64_t last = mock_state.next_op;
  size_t i;

  mock_state.flushing++;
  for (i = 0; i < mock_state.n_ops && mock_state.ops[i]->id <= last; i++) {
    MockOp *op = mock_state.ops[i];

    if (!op->done && select (op, a, b))
      op_run (op);
  }
  mock_state.flushing--;
  ops_compact ();
  return ctx != 0 ? mock_object (ctx)->sticky : CUDA_SUCCESS;
}

/* A stream's work, or for a NULL stream (a context) what precedes a
 * NULL-stream operation: its own and its blocking streams' work. */
static int
select_queue (const MockOp * op, uint64_t queue, uint64_t upto)
{
  if (op->id > upto)
    return 0;
  if (mock_object ((uint32_t) queue)->kind == MOCK_OBJ_CONTEXT)
    return op->ctx == queue && queue_blocking (op->queue);
  return op->queue == queue;
}

static int
select_legacy (const MockOp * op, uint64_t ctx, uint64_t unused)
{
  return op->ctx == ctx && queue_blocking (op->queue);
}

static int
select_context (const MockOp * op, uint64_t ctx, uint64_t unused)
{
  return op->ctx == ctx;
}

static int
select_device (const MockOp * op, uint64_t device, uint64_t unused)
{
  return (uint64_t) mock_object (op->ctx)->device == device;
}

/* @queue's work up to operation @upto (UINT64_MAX: all of it). */
CUresult
mock_stream_flush_queue (uint32_t queue, uint64_t upto)
{
  const MockObject *q = mock_object (queue);

  return flush (select_queue, queue, upto,
      q->kind == MOCK_OBJ_CONTEXT ? queue : q->owner);
}

/* A synchronous NULL-stream operation of @ctx: its NULL stream's and its
 * blocking streams' work first. */
CUresult
mock_stream_sync_legacy (uint32_t ctx)
{
  return flush (select_legacy, ctx, 0, ctx);
}

/* cuCtxSynchronize: all the work of @ctx. */
CUresult
mock_stream_sync_context (uint32_t ctx)
{
  return flush (select_context, ctx, 0, ctx);
}

/* The whole device (cuMemFree_v2, cuMemFreeHost). */
void
mock_stream_sync_device (int device)
{
  flush (select_device, (uint64_t) device, 0, 0);
}

/* A fault in @ctx: its queued work is dropped, and @error sticks. */
void
mock_stream_fault (uint32_t ctx, CUresult error)
{
  size_t i;

  mock_object (ctx)->sticky = error;
  for (i = 0; i < mock_state.n_ops; i++) {
    MockOp *op = mock_state.ops[i];

    if (op->ctx == ctx && !op->done)
      op_finish (op);
  }
}

unsigned int
mock_stream_release_context (uint32_t ctx)
{
  unsigned int n = 0;
  uint32_t i;

  for (i = 1; i < mock_state.n_objects; i++) {
    MockObject *o = &mock_state.objects[i];

    if (o->kind == MOCK_OBJ_STREAM && o->live && o->owner == ctx) {
      o->live = 0;
      n++;
    }
  }
  return n;
}

CUresult CUDAAPI
cuStreamCreate (CUstream * phStream, unsigned int Flags)
{
  const char *call = "cuStreamCreate";
  CUresult ret;
  uint32_t ctx, id;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  if (phStream == NULL || (Flags & ~CU_STREAM_NON_BLOCKING) != 0)
    ret = CUDA_ERROR_INVALID_VALUE;
  else if (mock_inject (MOCK_FAIL_STREAM, call))
    ret = CUDA_ERROR_OUT_OF_MEMORY;
  if (ret != CUDA_SUCCESS)
    goto out;
  id = mock_object_new (MOCK_OBJ_STREAM, ctx);
  mock_object (id)->flags = Flags;
  mock_state.stats.streams_created++;
  *phStream = mock_handle (id);
out:
  mock_leave ();
  return ret;
}

static CUresult
stream_destroy (const char *call, CUstream hStream)
{
  MockObject *queue;
  CUresult ret;
  uint32_t ctx;

  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    return ret;
  ctx = mock_require_context (call);
  if (hStream == NULL || hStream == CU_STREAM_LEGACY
      || hStream == CU_STREAM_PER_THREAD) {
    mock_warn (call, "the NULL stream cannot be destroyed");
    return CUDA_ERROR_INVALID_HANDLE;
  }
  queue = mock_stream_resolve (call, hStream, ctx);
  /* the driver finishes the stream's work, then releases it */
  mock_stream_flush_queue (object_id (queue), UINT64_MAX);
  queue->live = 0;
  return CUDA_SUCCESS;
}

/* libgstcuda 1.22 resolves the unversioned name; cuda.h maps the API to
 * the _v2 one: both exist. */
CUresult CUDAAPI
cuStreamDestroy (CUstream hStream)
{
  CUresult ret;

  mock_enter ("cuStreamDestroy");
  ret = stream_destroy ("cuStreamDestroy", hStream);
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuStreamDestroy_v2 (CUstream hStream)
{
  CUresult ret;

  mock_enter ("cuStreamDestroy_v2");
  ret = stream_destroy ("cuStreamDestroy_v2", hStream);
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuStreamSynchronize (CUstream hStream)
{
  const char *call = "cuStreamSynchronize";
  MockObject *queue;
  CUresult ret;
  uint32_t ctx;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  queue = mock_stream_resolve (call, hStream, ctx);
  if (mock_inject (MOCK_FAIL_SYNC, call)) {
    ret = CUDA_ERROR_LAUNCH_FAILED;
    goto out;
  }
  mock_state.stats.syncs++;
  if (queue->kind == MOCK_OBJ_CONTEXT)
    ret = mock_stream_sync_legacy (ctx);
  else
    ret = mock_stream_flush_queue (object_id (queue), UINT64_MAX);
out:
  mock_leave ();
  return ret;
}
