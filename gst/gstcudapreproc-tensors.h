/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Tensor buffers that an element allocates itself: a system pool of the
 * tensor's size, or CUDA tensors from the CUDA output pool in the inputs'
 * context.  cudapreprocbatch's output (docs/batching.md, "The tensor's
 * memory") and cudapreproc's tensors of output-mode=meta.  No element code
 * but the errors it posts on @element. */

#ifndef __GST_CUDA_PREPROC_TENSORS_H__
#define __GST_CUDA_PREPROC_TENSORS_H__

#include <gst/gst.h>

#include "gstcudapreproc-cuda.h"

G_BEGIN_DECLS

/* The streaming thread only. */
typedef struct
{
  GstBufferPool *pool;          /* system tensors */
  gboolean cuda;                /* CUDA tensors negotiated */
  gsize bytes;                  /* the tensors' size */
} GstCudaPreprocTensors;

void gst_cuda_preproc_tensors_clear (GstCudaPreprocTensors * out);

/* Negotiated @caps, of @bytes tensors: CUDA memory or a system pool. */
gboolean gst_cuda_preproc_tensors_set_caps (GstCudaPreprocTensors *
    out, GstCaps * caps, gsize bytes);

/* Tensors of @bytes in CUDA memory (@cuda) or in a system pool; kept
 * when they are those already. */
gboolean gst_cuda_preproc_tensors_set (GstCudaPreprocTensors * out,
    gboolean cuda, gsize bytes);

/* TRUE once caps were set. */
gboolean gst_cuda_preproc_tensors_ready (const GstCudaPreprocTensors *
    out);

/* A tensor buffer of @bytes: from the pool, or a CUDA tensor in the
 * context of the first frame of @bufs (@n entries, NULL: none), which
 * must be in CUDA memory (@inputs_cuda), at most @max in flight. */
GstFlowReturn gst_cuda_preproc_tensors_acquire (GstCudaPreprocTensors
    * out, GstElement * element, GstCudaPreprocCuda * cuda, GstBuffer ** bufs,
    guint n, gboolean inputs_cuda, gsize bytes, guint max,
    GstBuffer ** outbuf);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_TENSORS_H__ */
