/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreprocbatch's slots when a pad takes roi-source=meta: each batch,
 * the pads in order give their slots (a crop pad one, a meta pad one per
 * ROI meta of its frame, clamped to the frame) up to the batch size, and
 * a streams plan of those slots (rebuilt only when they change).  No
 * element code: warnings and errors come back as texts. */

#ifndef __GST_CUDA_PREPROC_BATCH_ROIS_H__
#define __GST_CUDA_PREPROC_BATCH_ROIS_H__

#include <gst/gst.h>

#include "gstcudapreproc-rois.h"
#include "prep.h"

G_BEGIN_DECLS

/* The aggregator's thread only. */
typedef struct
{
  gboolean any;                 /* a pad's slots come from ROI metas */
  gboolean meta[PREP_BATCH_MAX];        /* per pad */
  GstCudaPreprocRoiFilter filters[PREP_BATCH_MAX];      /* per meta pad */
  gboolean warned[PREP_BATCH_MAX];      /* per pad: left-out objects told */
  /* this batch's slots */
  guint n;
  guint pad_of[PREP_BATCH_MAX]; /* the pad (its position) of each slot */
  PrepStream slots[PREP_BATCH_MAX];
  GstCudaPreprocObject objects[PREP_BATCH_MAX]; /* where each came from */
  PrepPlan *plan;               /* their plan; NULL when n is 0 */
} GstCudaPreprocBatchRois;

void gst_cuda_preproc_batch_rois_clear (GstCudaPreprocBatchRois * r);

/* This batch's slots from the @n_pads pads' streams @streams (named
 * @names, for the texts) and frames @bufs (NULL: none), at most @batch,
 * and their plan, made from @cfg when the slots changed.  FALSE with
 * *@error when the engine refuses it; *@warning (or NULL) names a stream
 * whose objects or slot were left out for the first time. */
gboolean gst_cuda_preproc_batch_rois_slots (GstCudaPreprocBatchRois * r,
    const PrepConfig * cfg, const PrepStream * streams,
    const gchar * const *names, guint n_pads, GstBuffer ** bufs, gint batch,
    gchar ** warning, gchar ** error);

/* Copies the ROI metas of the @n frames @bufs (NULL: none) onto the
 * tensor @outbuf, in frame coordinates, each with a "cudapreproc-stream"
 * param naming its stream (@names[k], @indices[k]): how results on the
 * objects go back to their camera. */
void gst_cuda_preproc_batch_rois_copy (GstBuffer * outbuf, GstBuffer ** bufs,
    const gchar * const *names, const gint * indices, guint n);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_BATCH_ROIS_H__ */
