/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The tensor as GStreamer analytics metadata on the video buffer
 * (output-mode=meta, docs/analytics.md): a GstTensorMeta holding the
 * tensor (GStreamer 1.26+), and on 1.28+ each slot's part of it as a
 * GstAnalyticsTensorMtd related to the slot's object in the buffer's
 * GstAnalyticsRelationMeta.  The version differences are the feature
 * macros of gstcudapreproc-analytics-compat.h. */

#ifndef __GST_CUDA_PREPROC_ANALYTICS_H__
#define __GST_CUDA_PREPROC_ANALYTICS_H__

#include <gst/gst.h>

#include "gstcudapreproc-caps.h"
#include "gstcudapreproc-rois.h"
#include "prep.h"

G_BEGIN_DECLS

/* The label of the GstAnalyticsODMtd added for a slot that came from no
 * analytics object (a crop, a rois rectangle, a ROI meta without a
 * type). */
#define GST_CUDA_PREPROC_SLOT_LABEL "cudapreproc-slot"

/* NULL when this build can carry the tensor as a GstTensorMeta; else why
 * not, naming the GStreamer release that can (to free). */
gchar *gst_cuda_preproc_analytics_meta_refusal (void);

/* What the metas say of one tensor. */
typedef struct
{
  GstBuffer *data;              /* the tensor's bytes (a reference is taken) */
  GQuark id;                    /* tensor-id */
  const GstCudaPreprocShape *shape;
  /* the slots (1.28+: the relation meta) */
  const PrepBoxMap *maps;       /* maps[batch]: src in the coordinates of the
                                 * input's visible frame */
  const GstCudaPreprocObject *objects;  /* objects[batch] */
} GstCudaPreprocTensorMetaSpec;

/* The dimensions of @shape's tensor, outermost first (row-major): N, C, H,
 * W (NCHW) or N, H, W, C (NHWC), with @batch (1 for a slot's part) as N. */
void gst_cuda_preproc_analytics_dims (const GstCudaPreprocShape * shape,
    gsize batch, gsize dims[4]);

/* Puts the tensor on the writable @video: into its GstTensorMeta (added
 * when it has none; a tensor of the same id is replaced, others are kept)
 * and, on 1.28+, each valid slot's part as a GstAnalyticsTensorMtd related
 * both ways (RELATE_TO) to the slot's object: the GstAnalyticsODMtd it
 * came from, or one added for its rectangle (label: the ROI meta's type,
 * else GST_CUDA_PREPROC_SLOT_LABEL).  FALSE (the buffer may then carry
 * part of it) with *@error (to free) when the library refuses. */
gboolean gst_cuda_preproc_analytics_attach (GstBuffer * video,
    const GstCudaPreprocTensorMetaSpec * spec, gchar ** error);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_ANALYTICS_H__ */
