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

#include "gstcudapreproc-caps.h"
#include "prep.h"

G_BEGIN_DECLS

#define GST_CUDA_PREPROC_CUDA_FEATURE "memory:CUDAMemory"

typedef struct _GstCudaPreprocCuda GstCudaPreprocCuda;

/* Why CUDA cannot be used in this process (the driver does not load or
 * initialize, or there is no device; static), or NULL.  Checked once;
 * never aborts. */
const gchar *gst_cuda_preproc_cuda_driver_refusal (void);
/* Why the element cannot run its kernel on @device (no driver, no such
 * device, a compute capability or driver the embedded fat binary cannot
 * serve: the message names them and what the build needs; to free), or
 * NULL.  Checked once per device, without making a context
 * (gstcudapreproc-cuda-device.c). */
gchar *gst_cuda_preproc_cuda_device_refusal (gint device);

GstCudaPreprocCuda *gst_cuda_preproc_cuda_new (GstElement * element);
void gst_cuda_preproc_cuda_free (GstCudaPreprocCuda * cuda);

/* Whether CUDA memory can be taken: the device the element will meet (a
 * shared context's, else @device_id, else 0) can run the kernel.  When it
 * cannot for a reason of its own (not for a missing driver), one element
 * warning per device says why.  *@why (to free) when not NULL. */
gboolean gst_cuda_preproc_cuda_usable (GstCudaPreprocCuda * cuda,
    gint device_id, gchar ** why);

/* At negotiation of CUDA input: FALSE, with an element error, when the
 * device cannot be used.  No context is made: the input brings its own. */
gboolean gst_cuda_preproc_cuda_open (GstCudaPreprocCuda * cuda,
    gint device_id);
void gst_cuda_preproc_cuda_close (GstCudaPreprocCuda * cuda);
/* A flushing element: an allocation waiting for a tensor returns
 * GST_FLOW_FLUSHING. */
void gst_cuda_preproc_cuda_set_flushing (GstCudaPreprocCuda * cuda,
    gboolean flushing);
void gst_cuda_preproc_cuda_set_context (GstCudaPreprocCuda * cuda,
    GstContext * context, gint device_id);
gboolean gst_cuda_preproc_cuda_query (GstCudaPreprocCuda * cuda,
    GstQuery * query);

/* Allocates the output buffer of a CUDA input buffer for CUDA output: a
 * contiguous GstCudaMemory tensor of @bytes, from a pool of at most @max in
 * the input memory's context (waits while downstream holds them all).
 * Errors are posted on the element. */
GstFlowReturn gst_cuda_preproc_cuda_alloc_output (GstCudaPreprocCuda * cuda,
    GstBuffer * inbuf, gsize bytes, guint max, GstBuffer ** outbuf);

/* Allocates the output buffer of a CUDA input buffer for system-memory
 * output: a pinned host tensor of @bytes (the download's DMA copy goes
 * straight into it), from a pool of at most @max in the input memory's
 * context (waits while downstream holds them all).  Errors are posted on
 * the element. */
GstFlowReturn gst_cuda_preproc_cuda_alloc_host_output (GstCudaPreprocCuda *
    cuda, GstBuffer * inbuf, gsize bytes, guint max, GstBuffer ** outbuf);

/* Runs the plan's kernel on a CUDA input buffer (a @format frame of
 * frame_width x frame_height, mapped as @in_info says) into @outbuf (device memory
 * when @cuda_out, else host memory through a device scratch buffer,
 * one DMA copy into a pinned tensor of
 * gst_cuda_preproc_cuda_alloc_host_output ()).  System output is synchronized before it
 * returns; CUDA output too before GStreamer 1.24, from 1.24 it carries the
 * element's stream instead (docs/cuda.md).  Errors are posted on the
 * element. */
GstFlowReturn gst_cuda_preproc_cuda_process (GstCudaPreprocCuda * cuda,
    const PrepPlan * plan, const GstVideoInfo * in_info, PrepFormat format,
    gint frame_width, gint frame_height, GstBuffer * inbuf,
    GstBuffer * outbuf, gboolean cuda_out, const GstCudaPreprocHeader * header);

/* A batch of a streams plan (cudapreprocbatch): inbufs[i] is stream i's
 * frame in CUDA memory (@infos[i] its layout), NULL for a stream without a
 * frame (padding); every input in one context.  One kernel launch into
 * @outbuf's memory (@cuda_out: a CUDA tensor from
 * gst_cuda_preproc_cuda_alloc_output ()), or into scratch device memory
 * then downloaded into @outbuf (system memory).  Errors are posted. */
GstFlowReturn gst_cuda_preproc_cuda_process_streams (GstCudaPreprocCuda *
    cuda, const PrepPlan * plan, GstBuffer ** inbufs,
    const GstVideoInfo ** infos, const PrepStream * streams, guint n,
    GstBuffer * outbuf, gboolean cuda_out);

/* A buffer of @size bytes at @offset of the CUDA tensor @tensor, sharing
 * its device memory (and stream) and holding a reference to it; NULL when
 * @tensor is not in CUDA memory, or before GStreamer 1.24 (no wrapped
 * CUDA memory).  CUDA memory cannot be shared by gst_memory_share ():
 * gst_buffer_copy_region () must not be used on it. */
GstBuffer *gst_cuda_preproc_cuda_sub_tensor (GstBuffer * tensor,
    gsize offset, gsize size);

/* TRUE for a buffer whose first memory is CUDA memory. */
gboolean gst_cuda_preproc_cuda_is_cuda_buffer (GstBuffer * buffer);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_CUDA_H__ */
