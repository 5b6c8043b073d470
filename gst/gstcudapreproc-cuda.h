/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The CUDA side of cudapreproc: the driver check, the element's CUDA
 * context and its sharing, and per-context runtime state (stream, module,
 * tensor memory).  Built only with CUDA; gstcudapreproc-cuda-stub.c stands
 * in otherwise. */

#ifndef __GST_CUDA_PREPROC_CUDA_H__
#define __GST_CUDA_PREPROC_CUDA_H__

#include <gst/gst.h>
#include <gst/video/video.h>

#include "prep.h"

G_BEGIN_DECLS

#define GST_CUDA_PREPROC_CUDA_FEATURE "memory:CUDAMemory"

typedef struct _GstCudaPreprocCuda GstCudaPreprocCuda;

/* Whether CUDA can be used in this process: the driver loads, initializes
 * and has a device.  Checked once; never aborts.  *why (static) says what
 * is missing when it returns FALSE. */
gboolean gst_cuda_preproc_cuda_available (const gchar ** why);

GstCudaPreprocCuda *gst_cuda_preproc_cuda_new (GstElement * element);
void gst_cuda_preproc_cuda_free (GstCudaPreprocCuda * cuda);

/* The element's own context: found through GStreamer's context sharing
 * (neighbours, the application) or created on @device_id (-1: any). */
gboolean gst_cuda_preproc_cuda_open (GstCudaPreprocCuda * cuda,
    gint device_id);
void gst_cuda_preproc_cuda_close (GstCudaPreprocCuda * cuda);
void gst_cuda_preproc_cuda_set_context (GstCudaPreprocCuda * cuda,
    GstContext * context, gint device_id);
gboolean gst_cuda_preproc_cuda_query (GstCudaPreprocCuda * cuda,
    GstQuery * query);

/* Allocates the output buffer of a CUDA input buffer for CUDA output: a
 * contiguous GstCudaMemory tensor of @bytes, from a pool in the input
 * memory's context.  Errors are posted on the element. */
GstFlowReturn gst_cuda_preproc_cuda_alloc_output (GstCudaPreprocCuda * cuda,
    GstBuffer * inbuf, gsize bytes, GstBuffer ** outbuf);

/* Runs the plan's kernel on a CUDA input buffer into @outbuf (device memory
 * when @cuda_out, host memory through a device scratch buffer otherwise),
 * synchronized before it returns.  Errors are posted on the element. */
GstFlowReturn gst_cuda_preproc_cuda_process (GstCudaPreprocCuda * cuda,
    const PrepPlan * plan, const GstVideoInfo * in_info, GstBuffer * inbuf,
    GstBuffer * outbuf, gboolean cuda_out);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_CUDA_H__ */
