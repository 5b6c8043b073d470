/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Stands in for gstcudapreproc-cuda.c in builds without CUDA: CUDA is never
 * available, so the element offers no CUDA caps and never calls the rest. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstcudapreproc-cuda.h"

const gchar *
gst_cuda_preproc_cuda_driver_refusal (void)
{
  return "this build of gst-cudapreproc has no CUDA path (nvcc was missing "
      "or could not compile when it was configured; see its configure "
      "summary)";
}

gchar *
gst_cuda_preproc_cuda_device_refusal (gint device)
{
  return g_strdup (gst_cuda_preproc_cuda_driver_refusal ());
}

gboolean
gst_cuda_preproc_cuda_usable (GstCudaPreprocCuda * cuda, gint device_id,
    gchar ** why)
{
  if (why != NULL)
    *why = gst_cuda_preproc_cuda_device_refusal (device_id);
  return FALSE;
}

GstCudaPreprocCuda *
gst_cuda_preproc_cuda_new (GstElement * element)
{
  return NULL;
}

void
gst_cuda_preproc_cuda_free (GstCudaPreprocCuda * cuda)
{
}

gboolean
gst_cuda_preproc_cuda_open (GstCudaPreprocCuda * cuda, gint device_id)
{
  return FALSE;
}

void
gst_cuda_preproc_cuda_close (GstCudaPreprocCuda * cuda)
{
}

void
gst_cuda_preproc_cuda_set_flushing (GstCudaPreprocCuda * cuda,
    gboolean flushing)
{
}

void
gst_cuda_preproc_cuda_set_context (GstCudaPreprocCuda * cuda,
    GstContext * context, gint device_id)
{
}

gboolean
gst_cuda_preproc_cuda_query (GstCudaPreprocCuda * cuda, GstQuery * query)
{
  return FALSE;
}

GstFlowReturn
gst_cuda_preproc_cuda_alloc_output (GstCudaPreprocCuda * cuda,
    GstBuffer * inbuf, gsize bytes, guint max, GstBuffer ** outbuf)
{
  return GST_FLOW_NOT_NEGOTIATED;
}

GstFlowReturn
gst_cuda_preproc_cuda_alloc_host_output (GstCudaPreprocCuda * cuda,
    GstBuffer * inbuf, gsize bytes, guint max, GstBuffer ** outbuf)
{
  return GST_FLOW_NOT_NEGOTIATED;
}

GstFlowReturn
gst_cuda_preproc_cuda_process (GstCudaPreprocCuda * cuda,
    const PrepPlan * plan, const GstVideoInfo * in_info, PrepFormat format,
    gint frame_width, gint frame_height, GstBuffer * inbuf,
    GstBuffer * outbuf, gboolean cuda_out, const GstCudaPreprocHeader * header)
{
  return GST_FLOW_NOT_NEGOTIATED;
}

GstFlowReturn
gst_cuda_preproc_cuda_process_streams (GstCudaPreprocCuda * cuda,
    const PrepPlan * plan, GstBuffer ** inbufs, const GstVideoInfo ** infos,
    const PrepStream * streams, guint n, GstBuffer * outbuf, gboolean cuda_out)
{
  return GST_FLOW_ERROR;
}

GstBuffer *
gst_cuda_preproc_cuda_sub_tensor (GstBuffer * tensor, gsize offset, gsize size)
{
  return NULL;
}

gboolean
gst_cuda_preproc_cuda_is_cuda_buffer (GstBuffer * buffer)
{
  return FALSE;
}
