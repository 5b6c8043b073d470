/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreprocbatch's tensor buffers: a system pool of the tensor's size,
 * or CUDA tensors from cudapreproc's output pool in the inputs' context
 * (docs/batching.md, "The tensor's memory").  No element code but the
 * errors it posts on @element. */

#ifndef __GST_CUDA_PREPROC_BATCH_OUTPUT_H__
#define __GST_CUDA_PREPROC_BATCH_OUTPUT_H__

#include <gst/gst.h>

#include "gstcudapreproc-cuda.h"

G_BEGIN_DECLS

/* The aggregator's thread only. */
typedef struct
{
  GstBufferPool *pool;          /* system tensors */
  gboolean cuda;                /* CUDA tensors negotiated */
} GstCudaPreprocBatchOutput;

void gst_cuda_preproc_batch_output_clear (GstCudaPreprocBatchOutput * out);

/* Negotiated @caps, of @bytes tensors: CUDA memory or a system pool. */
gboolean gst_cuda_preproc_batch_output_set_caps (GstCudaPreprocBatchOutput *
    out, GstCaps * caps, gsize bytes);

/* TRUE once caps were set. */
gboolean gst_cuda_preproc_batch_output_ready (const GstCudaPreprocBatchOutput *
    out);

/* A tensor buffer of @bytes: from the pool, or a CUDA tensor in the
 * context of the first frame of @bufs (@n entries, NULL: none), which
 * must be in CUDA memory (@inputs_cuda), at most @max in flight. */
GstFlowReturn gst_cuda_preproc_batch_output_acquire (GstCudaPreprocBatchOutput
    * out, GstElement * element, GstCudaPreprocCuda * cuda, GstBuffer ** bufs,
    guint n, gboolean inputs_cuda, gsize bytes, guint max,
    GstBuffer ** outbuf);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_BATCH_OUTPUT_H__ */
