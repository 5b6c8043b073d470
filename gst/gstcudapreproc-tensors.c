/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreprocbatch's tensor buffers (see gstcudapreproc-tensors.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstcudapreproc-tensors.h"
#include "gstcudapreproc-caps.h"

void
gst_cuda_preproc_tensors_clear (GstCudaPreprocTensors * out)
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
output_make_pool (GstCudaPreprocTensors * out, GstCaps * caps, gsize bytes)
{
  GstAllocationParams params;
  GstStructure *config;

  out->pool = gst_buffer_pool_new ();
  gst_allocation_params_init (&params);
  params.align = 63;
  config = gst_buffer_pool_get_config (out->pool);
  gst_buffer_pool_config_set_params (config, caps, (guint) bytes, 0, 0);
  gst_buffer_pool_config_set_allocator (config, NULL, &params);
  return gst_buffer_pool_set_config (out->pool, config) &&
      gst_buffer_pool_set_active (out->pool, TRUE);
}

gboolean
gst_cuda_preproc_tensors_set_caps (GstCudaPreprocTensors * out,
    GstCaps * caps, gsize bytes)
{
  gst_cuda_preproc_tensors_clear (out);
  out->cuda = gst_cuda_preproc_caps_is_cuda (caps);
  out->bytes = bytes;
  return out->cuda || output_make_pool (out, caps, bytes);
}

gboolean
gst_cuda_preproc_tensors_set (GstCudaPreprocTensors * out, gboolean cuda,
    gsize bytes)
{
  if (gst_cuda_preproc_tensors_ready (out) && out->cuda == cuda &&
      out->bytes == bytes)
    return TRUE;
  gst_cuda_preproc_tensors_clear (out);
  out->cuda = cuda;
  out->bytes = bytes;
  return cuda || output_make_pool (out, NULL, bytes);
}

gboolean
gst_cuda_preproc_tensors_ready (const GstCudaPreprocTensors * out)
{
  return out->cuda || out->pool != NULL;
}

GstFlowReturn
gst_cuda_preproc_tensors_acquire (GstCudaPreprocTensors * out,
    GstElement * element, GstCudaPreprocCuda * cuda, GstBuffer ** bufs,
    guint n, gboolean inputs_cuda, gsize bytes, guint max, GstBuffer ** outbuf)
{
  guint i;

  if (!out->cuda)
    return gst_buffer_pool_acquire_buffer (out->pool, outbuf, NULL);
  for (i = 0; i < n && bufs[i] == NULL; i++);
  if (i == n || !inputs_cuda)
    goto not_cuda;
  return gst_cuda_preproc_cuda_alloc_output (cuda, bufs[i], bytes, max, outbuf);

  /* ERRORS */
not_cuda:
  {
    GST_ELEMENT_ERROR (element, STREAM, FORMAT, ("The tensor was negotiated "
            "in CUDA memory, but the streams are in system memory: a CUDA "
            "tensor takes every stream in CUDA memory"), (NULL));
    return GST_FLOW_NOT_NEGOTIATED;
  }
}
