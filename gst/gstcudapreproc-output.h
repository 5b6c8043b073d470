/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* How the element allocates its output tensors in system memory: the pool
 * and the allocation parameters it puts in the allocation query that
 * decide_allocation () hands on to GstBaseTransform.  (CUDA tensors come
 * from the element's own pool: gstcudapreproc-cuda.c.) */

#ifndef __GST_CUDA_PREPROC_OUTPUT_H__
#define __GST_CUDA_PREPROC_OUTPUT_H__

#include <gst/gst.h>

G_BEGIN_DECLS

/* Makes the first pool of @query one for tensors of @bytes: downstream's
 * when it holds buffers that large, a new plain GstBufferPool otherwise.
 * @bytes must fit a guint (set_caps () refused larger tensors). */
void gst_cuda_preproc_output_pool (GstQuery * query, gsize bytes);

/* Makes the first allocation params of @query cache-line aligned. */
void gst_cuda_preproc_output_align (GstQuery * query);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_OUTPUT_H__ */
