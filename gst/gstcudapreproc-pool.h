/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

#ifndef __GST_CUDA_PREPROC_POOL_H__
#define __GST_CUDA_PREPROC_POOL_H__

#include <gst/gst.h>
#include <gst/cuda/gstcudacontext.h>

#include "gstcudapreproc-compat.h"

G_BEGIN_DECLS

#define GST_TYPE_CUDA_PREPROC_POOL (gst_cuda_preproc_pool_get_type ())
G_DECLARE_FINAL_TYPE (GstCudaPreprocPool, gst_cuda_preproc_pool, GST,
    CUDA_PREPROC_POOL, GstBufferPool);

/* One contiguous device tensor of @bytes as a real GstCudaMemory of @ctx
 * (downstream maps it with GST_MAP_CUDA), carrying @stream (1.24+; may be
 * NULL), or NULL. */
GstMemory *gst_cuda_preproc_tensor_memory_new (GstCudaContext * ctx,
    GstCudaPreprocStream * stream, gsize bytes);

/* @bytes of device memory at @ptr, owned by someone else (@notify with
 * @user_data when the memory is freed), as such a tensor; NULL before
 * GStreamer 1.24 (no wrapped CUDA memory). */
GstMemory *gst_cuda_preproc_tensor_memory_wrap (GstCudaContext * ctx,
    GstCudaPreprocStream * stream, CUdeviceptr ptr, gsize bytes,
    gpointer user_data, GDestroyNotify notify);

/* A pool of at most @max buffers (acquire waits beyond) holding one such
 * tensor each. */
GstBufferPool *gst_cuda_preproc_pool_new (GstCudaContext * ctx,
    GstCudaPreprocStream * stream, gsize bytes, guint max);
/* A pool of @max at most pinned host tensors of @bytes in @ctx
 * (gst_cuda_preproc_pinned_memory_new ()). */
GstBufferPool *gst_cuda_preproc_pinned_pool_new (GstCudaContext * ctx,
    gsize bytes, guint max);

/* @bytes of pinned host memory allocated in @ctx (pushed here), freed with
 * @ctx current when the memory is; NULL when the driver refuses. */
GstMemory *gst_cuda_preproc_pinned_memory_new (GstCudaContext * ctx,
    gsize bytes);

/* The context @mem was pinned in, or NULL: not pinned memory of ours. */
GstCudaContext *gst_cuda_preproc_pinned_memory_context (GstMemory * mem);

gboolean gst_cuda_preproc_pool_matches (GstBufferPool * pool,
    GstCudaContext * ctx, gsize bytes, guint max);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_POOL_H__ */
