/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

#ifndef __GST_CUDA_PREPROC_BATCH_H__
#define __GST_CUDA_PREPROC_BATCH_H__

#include <gst/gst.h>
#include <gst/base/gstaggregator.h>

G_BEGIN_DECLS

#define GST_TYPE_CUDA_PREPROC_BATCH (gst_cuda_preproc_batch_get_type ())
G_DECLARE_FINAL_TYPE (GstCudaPreprocBatch, gst_cuda_preproc_batch, GST,
    CUDA_PREPROC_BATCH, GstAggregator);

GST_ELEMENT_REGISTER_DECLARE (cudapreprocbatch);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_BATCH_H__ */
