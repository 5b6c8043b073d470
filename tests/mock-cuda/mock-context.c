/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Contexts: creation and destruction, the per-thread stack of current
 * contexts (cuCtxPushCurrent_v2 / cuCtxPopCurrent_v2) and peer access. */

#include "mock-state.h"

#include <stdlib.h>

/* Each thread's stack of current contexts (object ids). */
static __thread uint32_t ctx_stack[MOCK_STACK_MAX];
static __thread unsigned int ctx_depth;

unsigned int
mock_cuda_get_context_depth (void)
{
  return ctx_depth;
}

uint32_t
mock_current_context (void)
{
  return ctx_depth > 0 ? ctx_stack[ctx_depth - 1] : 0;
}

/* The current context of a call that needs one: fatal without one, or when
 * it was destroyed meanwhile. */
uint32_t
mock_require_context (const char *call)
{
  uint32_t ctx = mock_current_context ();

  if (ctx == 0)
    mock_fatal (call, "no current CUDA context on this thread (missing "
        "gst_cuda_context_push () / CuCtxPushCurrent ()?)");
  if (!mock_object (ctx)->live)
    mock_fatal (call, "the current context %p was destroyed",
        mock_handle (ctx));
  return ctx;
}

int
mock_device_valid (CUdevice dev)
{
  return dev >= 0 && dev < mock_state.config.n_devices;
}

static void
stack_push (const char *call, uint32_t ctx)
{
  if (ctx_depth == MOCK_STACK_MAX)
    mock_fatal (call, "context stack overflow: %u contexts pushed on this "
        "thread (unbalanced push/pop?)", ctx_depth);
  ctx_stack[ctx_depth++] = ctx;
}

static int
peer_index (const MockObject * ctx, uint32_t peer)
{
  size_t i;

  for (i = 0; i < ctx->n_peers; i++) {
    if (ctx->peers[i] == peer)
      return (int) i;
  }
  return -1;
}

static void
peer_remove (MockObject * ctx, uint32_t peer)
{
  int i = peer_index (ctx, peer);

  if (i >= 0)
    ctx->peers[i] = ctx->peers[--ctx->n_peers];
}

/* Kernels of @ctx may touch memory of @owner. */
int
mock_context_can_access (uint32_t ctx, uint32_t owner)
{
  return ctx == owner || peer_index (mock_object (ctx), owner) >= 0;
}

CUresult CUDAAPI
cuCtxCreate_v2 (CUcontext * pctx, unsigned int flags, CUdevice dev)
{
  const char *call = "cuCtxCreate_v2";
  CUresult ret;
  uint32_t ctx;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  if (pctx == NULL) {
    ret = CUDA_ERROR_INVALID_VALUE;
    goto out;
  }
  if (!mock_device_valid (dev)) {
    ret = CUDA_ERROR_INVALID_DEVICE;
    goto out;
  }
  if (mock_inject (MOCK_FAIL_CTX, call)) {
    ret = CUDA_ERROR_OUT_OF_MEMORY;
    goto out;
  }
  ctx = mock_object_new (MOCK_OBJ_CONTEXT, 0);
  mock_object (ctx)->device = dev;
  mock_object (ctx)->flags = flags;
  stack_push (call, ctx);
  mock_state.stats.contexts_created++;
  *pctx = mock_handle (ctx);
  mock_trace (call, "device %d -> %p", dev, *pctx);
out:
  mock_leave ();
  return ret;
}

/* What a destroyed context still owned: released now, counted as leaks. */
static void
release_children (const char *call, uint32_t ctx)
{
  unsigned int n_mem, n_mod, n_str;

  n_mem = mock_memory_release_context (ctx);
  n_mod = mock_module_release_context (ctx);
  n_str = mock_stream_release_context (ctx)
      + mock_async_release_context (ctx);
  if (n_mem + n_mod + n_str == 0)
    return;
  if (mock_object (ctx)->sticky != CUDA_SUCCESS) {
    /* after a fault, destroying the context is the only way out */
    mock_trace (call, "faulted context %p: %u allocation(s), %u module(s), "
        "%u stream(s) released", mock_handle (ctx), n_mem, n_mod, n_str);
    return;
  }
  mock_warn (call, "context %p destroyed while it still owned %u "
      "allocation(s), %u module(s), %u stream(s): released, and reported as "
      "leaks at exit", mock_handle (ctx), n_mem, n_mod, n_str);
  mock_count_released (n_mem + n_mod + n_str);
}

static void
forget_peers (uint32_t ctx)
{
  MockObject *o = mock_object (ctx);
  uint32_t i;

  for (i = 1; i < mock_state.n_objects; i++) {
    if (mock_state.objects[i].kind == MOCK_OBJ_CONTEXT)
      peer_remove (&mock_state.objects[i], ctx);
  }
  free (o->peers);
  o->peers = NULL;
  o->n_peers = 0;
}

CUresult CUDAAPI
cuCtxDestroy_v2 (CUcontext handle)
{
  const char *call = "cuCtxDestroy_v2";
  CUresult ret;
  uint32_t ctx;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_object_lookup (call, "context", handle, MOCK_OBJ_CONTEXT);
  /* the driver pops it when it is the calling thread's current context */
  if (mock_current_context () == ctx)
    ctx_depth--;
  /* its queued work ends first (dropped if it faulted) */
  if (mock_object (ctx)->sticky == CUDA_SUCCESS)
    mock_stream_sync_context (ctx);
  release_children (call, ctx);
  forget_peers (ctx);
  mock_object (ctx)->live = 0;
  mock_state.stats.contexts_destroyed++;
out:
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuCtxPushCurrent_v2 (CUcontext handle)
{
  const char *call = "cuCtxPushCurrent_v2";
  CUresult ret;
  uint32_t ctx;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_object_lookup (call, "context", handle, MOCK_OBJ_CONTEXT);
  if (mock_inject (MOCK_FAIL_PUSH, call))
    ret = CUDA_ERROR_INVALID_CONTEXT;
  else
    stack_push (call, ctx);
out:
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuCtxPopCurrent_v2 (CUcontext * pctx)
{
  const char *call = "cuCtxPopCurrent_v2";
  CUresult ret;
  uint32_t ctx;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  if (ctx_depth == 0)
    mock_fatal (call, "no current context to pop (unbalanced push/pop)");
  ctx = ctx_stack[--ctx_depth];
  if (pctx != NULL)
    *pctx = mock_handle (ctx);
out:
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuCtxGetCurrent (CUcontext * pctx)
{
  const char *call = "cuCtxGetCurrent";
  CUresult ret;
  uint32_t ctx;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret == CUDA_SUCCESS && pctx == NULL)
    ret = CUDA_ERROR_INVALID_VALUE;
  if (ret == CUDA_SUCCESS) {
    ctx = mock_current_context ();
    *pctx = ctx != 0 ? mock_handle (ctx) : NULL;
  }
  mock_leave ();
  return ret;
}

/* Peer access: the current context's kernels may then use memory of
 * @peer_handle (a context on another device, when MOCK_CUDA_PEER=1). */
static CUresult
peer_check (uint32_t ctx, uint32_t peer)
{
  const MockObject *a = mock_object (ctx), *b = mock_object (peer);

  if (peer == ctx)
    return CUDA_ERROR_INVALID_VALUE;
  if (!mock_state.config.peer_access || a->device == b->device)
    return CUDA_ERROR_PEER_ACCESS_UNSUPPORTED;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI
cuCtxEnablePeerAccess (CUcontext peer_handle, unsigned int flags)
{
  const char *call = "cuCtxEnablePeerAccess";
  CUresult ret;
  uint32_t ctx, peer;
  MockObject *o;
  uint32_t *peers;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  peer = mock_object_lookup (call, "peer context", peer_handle,
      MOCK_OBJ_CONTEXT);
  ret = flags != 0 ? CUDA_ERROR_INVALID_VALUE : peer_check (ctx, peer);
  if (ret != CUDA_SUCCESS)
    goto out;
  o = mock_object (ctx);
  if (peer_index (o, peer) >= 0) {
    ret = CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED;
    goto out;
  }
  peers = realloc (o->peers, (o->n_peers + 1) * sizeof (uint32_t));
  if (peers == NULL)
    mock_fatal (call, "out of host memory");
  o->peers = peers;
  o->peers[o->n_peers++] = peer;
  mock_state.stats.peer_enables++;
out:
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuCtxDisablePeerAccess (CUcontext peer_handle)
{
  const char *call = "cuCtxDisablePeerAccess";
  CUresult ret;
  uint32_t ctx, peer;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  peer = mock_object_lookup (call, "peer context", peer_handle,
      MOCK_OBJ_CONTEXT);
  if (peer_index (mock_object (ctx), peer) < 0)
    ret = CUDA_ERROR_PEER_ACCESS_NOT_ENABLED;
  else
    peer_remove (mock_object (ctx), peer);
out:
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuDeviceCanAccessPeer (int *can_access, CUdevice dev, CUdevice peer)
{
  const char *call = "cuDeviceCanAccessPeer";
  CUresult ret;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret == CUDA_SUCCESS && can_access == NULL)
    ret = CUDA_ERROR_INVALID_VALUE;
  else if (ret == CUDA_SUCCESS && (!mock_device_valid (dev)
          || !mock_device_valid (peer)))
    ret = CUDA_ERROR_INVALID_DEVICE;
  if (ret == CUDA_SUCCESS)
    *can_access = mock_state.config.peer_access && dev != peer;
  mock_leave ();
  return ret;
}
