/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Contiguous CUDA tensors that are real GstCudaMemory, and the pinned host
 * tensors that a GPU-computed tensor in system memory is copied into.
 *
 * libgstcuda allocates only video frames, always pitched.  A frame of ONE
 * row is contiguous whatever the pitch: so the tensor of n bytes is a
 * 1-row RGBA "frame" of ceil (n / 4) pixels with its stride forced to n
 * (the library's download copies stride x rows bytes, which must not exceed
 * the memory's size), resized to n bytes.  Consumers ignore the memory's
 * video info: the tensor's shape is in the caps.
 *
 * Pinned (page-locked) host memory, cuMemAllocHost () in the input's
 * context: the device writes a system-memory tensor straight into it by
 * DMA at the bus's speed, where into pageable memory the driver stages the
 * copy through its own pinned buffer (a second copy, on the host).  Each
 * such memory is tagged with its context
 * (gst_cuda_preproc_pinned_memory_context ()), which is current while it
 * is allocated and freed. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/video/video.h>
#include <gst/cuda/gstcudamemory.h>

#include "gstcudapreproc-compat.h"
#include "gstcudapreproc-pool.h"

struct _GstCudaPreprocPool
{
  GstBufferPool parent;

  GstCudaContext *context;
  GstCudaPreprocStream *stream;
  gsize bytes;
  guint max;
  gboolean pinned;              /* host tensors, not CUDA ones */
};

G_DEFINE_TYPE (GstCudaPreprocPool, gst_cuda_preproc_pool, GST_TYPE_BUFFER_POOL);

/* The 1-row "frame" of a tensor of @bytes; FALSE for a size that a gint
 * stride cannot hold. */
static gboolean
tensor_info (GstVideoInfo * info, gsize bytes)
{
  if (bytes == 0 || bytes > G_MAXINT)
    return FALSE;
  gst_video_info_set_format (info, GST_VIDEO_FORMAT_RGBA, (bytes + 3) / 4, 1);
  info->stride[0] = (gint) bytes;
  info->size = bytes;
  return TRUE;
}

/* A tensor of @bytes: new device memory when @ptr is 0, else @ptr's
 * (@notify with @user_data when the memory is freed). */
static GstMemory *
tensor_memory (GstCudaContext * ctx, GstCudaPreprocStream * stream,
    gsize bytes, CUdeviceptr ptr, gpointer user_data, GDestroyNotify notify)
{
  GstAllocator *alloc;
  GstVideoInfo info;
  GstMemory *mem;

  if (!tensor_info (&info, bytes))
    return NULL;
  alloc = gst_allocator_find (GST_CUDA_MEMORY_TYPE_NAME);
  if (alloc == NULL)
    return NULL;
  if (ptr == 0)
    mem = gst_cuda_preproc_compat_alloc_on (GST_CUDA_ALLOCATOR (alloc), ctx,
        stream, &info);
  else
    mem = gst_cuda_preproc_compat_alloc_wrapped (GST_CUDA_ALLOCATOR (alloc),
        ctx, stream, &info, ptr, user_data, notify);
  gst_object_unref (alloc);
  if (mem != NULL)
    gst_memory_resize (mem, 0, bytes);
  return mem;
}

GstMemory *
gst_cuda_preproc_tensor_memory_new (GstCudaContext * ctx,
    GstCudaPreprocStream * stream, gsize bytes)
{
  return tensor_memory (ctx, stream, bytes, 0, NULL, NULL);
}

GstMemory *
gst_cuda_preproc_tensor_memory_wrap (GstCudaContext * ctx,
    GstCudaPreprocStream * stream, CUdeviceptr ptr, gsize bytes,
    gpointer user_data, GDestroyNotify notify)
{
  g_return_val_if_fail (ptr != 0, NULL);
  return tensor_memory (ctx, stream, bytes, ptr, user_data, notify);
}

/* What frees a pinned memory: its block and the context it came from. */
typedef struct
{
  GstCudaContext *context;
  gpointer data;
} PinnedBlock;

static GQuark
pinned_quark (void)
{
  static gsize quark;

  if (g_once_init_enter (&quark))
    g_once_init_leave (&quark,
        g_quark_from_static_string ("GstCudaPreprocPinnedContext"));
  return (GQuark) quark;
}

static void
pinned_block_free (gpointer user_data)
{
  PinnedBlock *block = user_data;

  if (gst_cuda_context_push (block->context)) {
    CuMemFreeHost (block->data);
    gst_cuda_context_pop (NULL);
  }
  gst_object_unref (block->context);
  g_free (block);
}

GstMemory *
gst_cuda_preproc_pinned_memory_new (GstCudaContext * ctx, gsize bytes)
{
  PinnedBlock *block;
  gpointer data = NULL;
  GstMemory *mem;
  CUresult res;

  if (bytes == 0 || !gst_cuda_context_push (ctx))
    return NULL;
  res = CuMemAllocHost (&data, bytes);
  gst_cuda_context_pop (NULL);
  if (res != CUDA_SUCCESS)
    return NULL;
  block = g_new0 (PinnedBlock, 1);
  block->context = gst_object_ref (ctx);
  block->data = data;
  mem = gst_memory_new_wrapped (0, data, bytes, 0, bytes, block,
      pinned_block_free);
  /* the block holds the context as long as the memory lives */
  gst_mini_object_set_qdata (GST_MINI_OBJECT_CAST (mem), pinned_quark (), ctx,
      NULL);
  return mem;
}

GstCudaContext *
gst_cuda_preproc_pinned_memory_context (GstMemory * mem)
{
  return gst_mini_object_get_qdata (GST_MINI_OBJECT_CAST (mem),
      pinned_quark ());
}

static GstFlowReturn
gst_cuda_preproc_pool_alloc_buffer (GstBufferPool * pool, GstBuffer ** buffer,
    GstBufferPoolAcquireParams * params)
{
  GstCudaPreprocPool *self = GST_CUDA_PREPROC_POOL (pool);
  GstMemory *mem = self->pinned ?
      gst_cuda_preproc_pinned_memory_new (self->context, self->bytes) :
      gst_cuda_preproc_tensor_memory_new (self->context, self->stream,
      self->bytes);

  if (mem == NULL)
    return GST_FLOW_ERROR;
  *buffer = gst_buffer_new ();
  gst_buffer_append_memory (*buffer, mem);
  return GST_FLOW_OK;
}

static void
gst_cuda_preproc_pool_finalize (GObject * object)
{
  GstCudaPreprocPool *self = GST_CUDA_PREPROC_POOL (object);

  gst_clear_object (&self->context);
#if GST_CUDA_PREPROC_MEMORY_STREAMS
  gst_clear_cuda_stream (&self->stream);
#endif
  G_OBJECT_CLASS (gst_cuda_preproc_pool_parent_class)->finalize (object);
}

static void
gst_cuda_preproc_pool_class_init (GstCudaPreprocPoolClass * klass)
{
  G_OBJECT_CLASS (klass)->finalize = gst_cuda_preproc_pool_finalize;
  GST_BUFFER_POOL_CLASS (klass)->alloc_buffer =
      gst_cuda_preproc_pool_alloc_buffer;
}

static void
gst_cuda_preproc_pool_init (GstCudaPreprocPool * self)
{
}

GstBufferPool *
gst_cuda_preproc_pool_new (GstCudaContext * ctx, GstCudaPreprocStream * stream,
    gsize bytes, guint max)
{
  GstCudaPreprocPool *self = g_object_new (GST_TYPE_CUDA_PREPROC_POOL, NULL);
  GstStructure *config;

  gst_object_ref_sink (self);
  self->context = gst_object_ref (ctx);
#if GST_CUDA_PREPROC_MEMORY_STREAMS
  self->stream = stream ? gst_cuda_stream_ref (stream) : NULL;
#endif
  self->bytes = bytes;
  self->max = max;
  config = gst_buffer_pool_get_config (GST_BUFFER_POOL (self));
  gst_buffer_pool_config_set_params (config, NULL, (guint) MIN (bytes,
          G_MAXUINT), 0, max);
  gst_buffer_pool_set_config (GST_BUFFER_POOL (self), config);
  return GST_BUFFER_POOL (self);
}

GstBufferPool *
gst_cuda_preproc_pinned_pool_new (GstCudaContext * ctx, gsize bytes, guint max)
{
  GstBufferPool *pool = gst_cuda_preproc_pool_new (ctx, NULL, bytes, max);

  GST_CUDA_PREPROC_POOL (pool)->pinned = TRUE;
  return pool;
}

gboolean
gst_cuda_preproc_pool_matches (GstBufferPool * pool, GstCudaContext * ctx,
    gsize bytes, guint max)
{
  GstCudaPreprocPool *self = GST_CUDA_PREPROC_POOL (pool);

  return self->context == ctx && self->bytes == bytes && self->max == max;
}
