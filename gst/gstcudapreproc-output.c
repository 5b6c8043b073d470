/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* System-memory output allocation (see gstcudapreproc-output.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

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
