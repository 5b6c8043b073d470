/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Every difference of the GStreamer CUDA library API between the supported
 * versions (1.22 to 1.28, docs/platforms.md), in one place.  The plugin, the
 * tests and the tools call these instead of the library where the API
 * differs; nothing else tests GST_CHECK_VERSION.
 *
 * 1.24: gst_cuda_allocator_alloc () takes a GstCudaStream (an API and ABI
 *       break under the same soname); memory may carry a stream, with work
 *       pending on it (gst_cuda_memory_sync ()); GstCudaStream.
 *       gst_cuda_allocator_alloc_wrapped () (device memory of another
 *       owner as GstCudaMemory).
 * 1.26, 1.28: no API change that the project uses (more driver entry points
 *       resolved by the loader: tests/mock-cuda). */

#ifndef __GST_CUDA_PREPROC_COMPAT_H__
#define __GST_CUDA_PREPROC_COMPAT_H__

#include <gst/gst.h>
#include <gst/video/video.h>
#include <gst/cuda/gstcudacontext.h>
#include <gst/cuda/gstcudamemory.h>

#if GST_CHECK_VERSION(1, 24, 0)
#include <gst/cuda/gstcudastream.h>
#endif
#include <gst/cuda/cuda-gst.h>

G_BEGIN_DECLS

/* 1.24+: memory can carry the stream that writes it; downstream then waits
 * for that stream (gst_cuda_memory_sync ()), not the producer's host. */
#define GST_CUDA_PREPROC_MEMORY_STREAMS GST_CHECK_VERSION(1, 24, 0)

#if GST_CUDA_PREPROC_MEMORY_STREAMS
typedef GstCudaStream GstCudaPreprocStream;
#else
typedef struct _GstCudaPreprocStream GstCudaPreprocStream;      /* none */
#endif

/* A stream of @ctx, whose handle goes to *@handle: the library's
 * GstCudaStream on 1.24+ (memory can carry it), a plain blocking CUstream
 * before (@ctx must be current then). */
static inline gboolean
gst_cuda_preproc_compat_stream_new (GstCudaContext * ctx,
    GstCudaPreprocStream ** stream, CUstream * handle)
{
#if GST_CUDA_PREPROC_MEMORY_STREAMS
  *stream = gst_cuda_stream_new (ctx);
  *handle = *stream ? (CUstream) gst_cuda_stream_get_handle (*stream) : NULL;
  return *stream != NULL;
#else
  *stream = NULL;
  return CuStreamCreate (handle, CU_STREAM_DEFAULT) == CUDA_SUCCESS;
#endif
}

/* Frees what gst_cuda_preproc_compat_stream_new () made (before 1.24 with
 * its context current). */
static inline void
gst_cuda_preproc_compat_stream_free (GstCudaPreprocStream * stream,
    CUstream handle)
{
#if GST_CUDA_PREPROC_MEMORY_STREAMS
  if (stream != NULL)
    gst_cuda_stream_unref (stream);
#else
  if (handle != NULL)
    CuStreamDestroy (handle);
#endif
}

/* gst_cuda_allocator_alloc () with @stream (1.24+: the memory carries it;
 * before, there is none). */
static inline GstMemory *
gst_cuda_preproc_compat_alloc_on (GstCudaAllocator * alloc,
    GstCudaContext * ctx, GstCudaPreprocStream * stream,
    const GstVideoInfo * info)
{
#if GST_CUDA_PREPROC_MEMORY_STREAMS
  return gst_cuda_allocator_alloc (alloc, ctx, stream, info);
#else
  return gst_cuda_allocator_alloc (alloc, ctx, info);
#endif
}

/* gst_cuda_allocator_alloc () without a stream: the memory carries none, so
 * mapping it never has to wait for one. */
static inline GstMemory *
gst_cuda_preproc_compat_alloc (GstCudaAllocator * alloc, GstCudaContext * ctx,
    const GstVideoInfo * info)
{
#if GST_CHECK_VERSION(1, 24, 0)
  return gst_cuda_allocator_alloc (alloc, ctx, NULL, info);
#else
  return gst_cuda_allocator_alloc (alloc, ctx, info);
#endif
}

/* Waits for the work pending on the stream @mem carries (1.24+); before
 * 1.24, CUDA memory carries no stream and is always ready. */
static inline void
gst_cuda_preproc_compat_memory_sync (GstMemory * mem)
{
#if GST_CHECK_VERSION(1, 24, 0)
  if (mem != NULL && gst_is_cuda_memory (mem))
    gst_cuda_memory_sync (GST_CUDA_MEMORY_CAST (mem));
#endif
}

/* gst_cuda_allocator_alloc_wrapped () (device memory of another owner as
 * GstCudaMemory, @notify (@user_data) when it is freed); NULL before 1.24,
 * which has none. */
static inline GstMemory *
gst_cuda_preproc_compat_alloc_wrapped (GstCudaAllocator * alloc,
    GstCudaContext * ctx, GstCudaPreprocStream * stream,
    const GstVideoInfo * info, CUdeviceptr ptr, gpointer user_data,
    GDestroyNotify notify)
{
#if GST_CHECK_VERSION(1, 24, 0)
  return gst_cuda_allocator_alloc_wrapped (alloc, ctx, stream, info, ptr,
      user_data, notify);
#else
  return NULL;
#endif
}

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_COMPAT_H__ */
