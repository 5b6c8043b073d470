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
 *       pending on it (gst_cuda_memory_sync ()).
 * 1.26, 1.28: no API change that the project uses (more driver entry points
 *       resolved by the loader: tests/mock-cuda). */

#ifndef __GST_CUDA_PREPROC_COMPAT_H__
#define __GST_CUDA_PREPROC_COMPAT_H__

#include <gst/gst.h>
#include <gst/video/video.h>
#include <gst/cuda/gstcudacontext.h>
#include <gst/cuda/gstcudamemory.h>

G_BEGIN_DECLS

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

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_COMPAT_H__ */
