/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Where the tensors come from (see gstcudapreproc-output.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "gstcudapreproc-output.h"

/* Tensors are large: recycle them through a pool of their size unless
 * downstream offers one that fits.  Pool sizes are 32-bit: set_caps ()
 * refused larger tensors (GST_CUDA_PREPROC_MAX_TENSOR_BYTES). */
void
gst_cuda_preproc_output_pool (GstQuery * query, gsize bytes)
{
  GstBufferPool *pool = NULL;
  guint size = 0, min = 0, max = 0;

  g_return_if_fail (bytes <= G_MAXUINT);
  if (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_parse_nth_allocation_pool (query, 0, &pool, &size, &min, &max);
  if (pool == NULL || size < bytes) {
    g_clear_object (&pool);
    pool = gst_buffer_pool_new ();
    min = max = 0;
  }
  if (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_set_nth_allocation_pool (query, 0, pool, (guint) bytes, min, max);
  else
    gst_query_add_allocation_pool (query, pool, (guint) bytes, min, max);
  gst_object_unref (pool);
}

/* The vector stores of the CPU path want cache-line aligned tensors:
 * GStreamer's default alignment is 8 bytes, and 32-byte stores that
 * straddle cache lines cost measurably. */
void
gst_cuda_preproc_output_align (GstQuery * query)
{
  GstAllocationParams params;
  GstAllocator *allocator = NULL;

  gst_allocation_params_init (&params);
  if (gst_query_get_n_allocation_params (query) > 0)
    gst_query_parse_nth_allocation_param (query, 0, &allocator, &params);
  params.align |= 63;
  if (gst_query_get_n_allocation_params (query) > 0)
    gst_query_set_nth_allocation_param (query, 0, allocator, &params);
  else
    gst_query_add_allocation_param (query, allocator, &params);
  if (allocator != NULL)
    gst_object_unref (allocator);
}

void
gst_cuda_preproc_output_init (GstCudaPreprocOutput * out,
    GstCudaPreprocCuda * cuda)
{
  memset (out, 0, sizeof (*out));
  out->cuda_path = cuda;
}

void
gst_cuda_preproc_output_clear (GstCudaPreprocOutput * out)
{
  if (out->pool != NULL)
    gst_buffer_pool_set_active (out->pool, FALSE);
  gst_clear_object (&out->pool);
  out->cuda = FALSE;
  out->bytes = 0;
}

/* A pool of the tensor's size, cache-line aligned (the vector stores of
 * the CPU path), the element's own. */
static gboolean
output_make_pool (GstCudaPreprocOutput * out, gsize bytes)
{
  GstAllocationParams params;
  GstStructure *config;

  out->pool = gst_buffer_pool_new ();
  gst_allocation_params_init (&params);
  params.align = 63;
  config = gst_buffer_pool_get_config (out->pool);
  gst_buffer_pool_config_set_params (config, NULL, (guint) bytes, 0, 0);
  gst_buffer_pool_config_set_allocator (config, NULL, &params);
  return gst_buffer_pool_set_config (out->pool, config) &&
      gst_buffer_pool_set_active (out->pool, TRUE);
}

gboolean
gst_cuda_preproc_output_set (GstCudaPreprocOutput * out, gboolean cuda,
    gsize bytes)
{
  if (gst_cuda_preproc_output_ready (out) && out->cuda == cuda &&
      out->bytes == bytes)
    return TRUE;
  gst_cuda_preproc_output_clear (out);
  out->cuda = cuda;
  out->bytes = bytes;
  return cuda || output_make_pool (out, bytes);
}

gboolean
gst_cuda_preproc_output_ready (const GstCudaPreprocOutput * out)
{
  return out->cuda || out->pool != NULL;
}

GstFlowReturn
gst_cuda_preproc_output_acquire (GstCudaPreprocOutput * out,
    GstElement * element, GstBuffer * frame, guint max, GstBuffer ** tensor)
{
  /* a system tensor computed on the GPU: pinned, for its download */
  if (!out->cuda && frame != NULL && gst_cuda_preproc_cuda_is_cuda_buffer
      (frame))
    return gst_cuda_preproc_cuda_alloc_host_output (out->cuda_path, frame,
        out->bytes, max, tensor);
  if (!out->cuda)
    return gst_buffer_pool_acquire_buffer (out->pool, tensor, NULL);
  if (frame == NULL || !gst_cuda_preproc_cuda_is_cuda_buffer (frame))
    goto not_cuda;
  return gst_cuda_preproc_cuda_alloc_output (out->cuda_path, frame,
      out->bytes, max, tensor);

  /* ERRORS */
not_cuda:
  {
    GST_ELEMENT_ERROR (element, STREAM, FORMAT, ("The tensor was negotiated "
            "in CUDA memory, but the input is in system memory: a CUDA "
            "tensor takes every input in CUDA memory"), (NULL));
    return GST_FLOW_NOT_NEGOTIATED;
  }
}

void
gst_cuda_preproc_output_set_flushing (GstCudaPreprocOutput * out,
    gboolean flushing)
{
  if (out->cuda_path != NULL)
    gst_cuda_preproc_cuda_set_flushing (out->cuda_path, flushing);
}

void
gst_cuda_preproc_output_change_state (GstCudaPreprocOutput * out,
    GstStateChange transition)
{
  if (transition == GST_STATE_CHANGE_PAUSED_TO_READY)
    gst_cuda_preproc_output_set_flushing (out, TRUE);
  else if (transition == GST_STATE_CHANGE_READY_TO_PAUSED)
    gst_cuda_preproc_output_set_flushing (out, FALSE);
}
