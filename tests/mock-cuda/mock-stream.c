/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Streams.  Work "queued" on a stream runs at once; a stream only counts the
 * asynchronous operations issued since its last synchronization (what
 * MockCudaStats.unsynced_ops sums), so tests can check that an element
 * synchronizes before its buffers leave.  The NULL stream (and
 * CU_STREAM_LEGACY, CU_STREAM_PER_THREAD) is the context's own.  Every stream
 * call needs a current context, and a stream must be used with the context
 * it was created in current: anything else is fatal. */

#include "mock-state.h"

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

/* One more asynchronous operation on @queue (a stream or a context's NULL
 * stream), not yet waited for. */
void
mock_stream_submit (MockObject * queue)
{
  queue->pending++;
  queue->submitted++;
}

/* The legacy NULL stream of @ctx synchronized: it and the blocking streams
 * (created without CU_STREAM_NON_BLOCKING) are done. */
void
mock_stream_sync_legacy (uint32_t ctx)
{
  uint32_t i;

  mock_object (ctx)->pending = 0;
  for (i = 1; i < mock_state.n_objects; i++) {
    MockObject *o = &mock_state.objects[i];

    if (o->kind == MOCK_OBJ_STREAM && o->live && o->owner == ctx
        && !(o->flags & CU_STREAM_NON_BLOCKING))
      o->pending = 0;
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
  mock_stream_resolve (call, hStream, ctx)->live = 0;
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
  if (queue->kind == MOCK_OBJ_CONTEXT)
    mock_stream_sync_legacy (ctx);
  else
    queue->pending = 0;
  mock_state.stats.syncs++;
out:
  mock_leave ();
  return ret;
}
