/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Where the elements' tensors come from.  System tensors: the pool and
 * allocation parameters cudapreproc puts in the allocation query that
 * decide_allocation () hands on to GstBaseTransform, or a pool of the
 * element's own.  CUDA tensors: the CUDA output pool in the inputs'
 * context (gstcudapreproc-cuda.c), at most output-buffers of them in
 * flight; a thread waiting for one is released by a flush and on the way
 * down to READY.  The element's own tensors serve cudapreprocbatch's
 * output and cudapreproc's tensors of output-mode=meta.  No element code
 * but the errors posted on @element. */

#ifndef __GST_CUDA_PREPROC_OUTPUT_H__
#define __GST_CUDA_PREPROC_OUTPUT_H__

#include <gst/gst.h>

#include "gstcudapreproc-cuda.h"

G_BEGIN_DECLS

/* Makes the first pool of @query one for tensors of @bytes: downstream's
 * when it holds buffers that large, a new plain GstBufferPool otherwise.
 * @bytes must fit a guint (set_caps () refused larger tensors). */
void gst_cuda_preproc_output_pool (GstQuery * query, gsize bytes);

/* Makes the first allocation params of @query cache-line aligned. */
void gst_cuda_preproc_output_align (GstQuery * query);

/* An element's own tensors; the streaming thread's but for
 * gst_cuda_preproc_output_set_flushing (). */
typedef struct
{
  GstBufferPool *pool;          /* system tensors */
  gboolean cuda;                /* CUDA tensors */
  gsize bytes;                  /* the tensors' size */
  GstCudaPreprocCuda *cuda_path;        /* the CUDA output pool's owner */
} GstCudaPreprocOutput;

/* @cuda: the element's CUDA path (may be NULL in builds without it). */
void gst_cuda_preproc_output_init (GstCudaPreprocOutput * out,
    GstCudaPreprocCuda * cuda);
void gst_cuda_preproc_output_clear (GstCudaPreprocOutput * out);

/* Tensors of @bytes in CUDA memory (@cuda) or in a system pool; kept
 * when they are those already.  FALSE when the pool cannot be made. */
gboolean gst_cuda_preproc_output_set (GstCudaPreprocOutput * out,
    gboolean cuda, gsize bytes);

/* TRUE once set. */
gboolean gst_cuda_preproc_output_ready (const GstCudaPreprocOutput * out);

/* A tensor buffer: from the system pool, or a CUDA tensor in the context
 * of @frame (a frame of the batch, in CUDA memory), at most @max in
 * flight (waits while downstream holds them all; FLUSHING when released
 * by a flush or a state change). */
GstFlowReturn gst_cuda_preproc_output_acquire (GstCudaPreprocOutput * out,
    GstElement * element, GstBuffer * frame, guint max, GstBuffer ** tensor);

/* Releases (@flushing) a thread waiting for a tensor, and makes the next
 * wait end at once until set back. */
void gst_cuda_preproc_output_set_flushing (GstCudaPreprocOutput * out,
    gboolean flushing);

/* The flushing of @transition: set on PAUSED to READY (before the
 * streaming thread is joined), unset on READY to PAUSED. */
void gst_cuda_preproc_output_change_state (GstCudaPreprocOutput * out,
    GstStateChange transition);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_OUTPUT_H__ */
