/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreprocbatch's streams plan: the engine's plan of the sink pads that
 * have caps (slot i reads the i-th of them in pad order) and the set of
 * pads and serials it was made for.  A stream without a frame in a batch
 * gets a frame without planes, which the engine pads.  No element code:
 * errors come back as texts. */

#ifndef __GST_CUDA_PREPROC_BATCH_PLAN_H__
#define __GST_CUDA_PREPROC_BATCH_PLAN_H__

#include <gst/gst.h>

#include "gstcudapreprocbatch-pad.h"
#include "gstcudapreprocbatch-rois.h"
#include "gstcudapreproc-caps.h"
#include "gstcudapreproc-cuda.h"
#include "gstcudapreproc-meta.h"
#include "gstcudapreproc-props.h"
#include "prep.h"

G_BEGIN_DECLS

/* The aggregator's thread only. */
typedef struct
{
  PrepPlan *plan;               /* NULL: none yet */
  GstCudaPreprocShape shape;    /* the negotiated tensor it writes */
  guint n;                      /* streams (slots that read a frame) */
  GstCudaPreprocBatchPad *pads[PREP_BATCH_MAX]; /* owned */
  guint serials[PREP_BATCH_MAX];
  PrepStream streams[PREP_BATCH_MAX];
  gboolean cuda;                /* the streams are in CUDA memory */
  PrepConfig cfg;               /* the tensor's, for the objects' plans */
  GstCudaPreprocBatchRois rois; /* with a pad in roi-source=meta */
  /* this batch's slots (gst_cuda_preproc_batch_plan_slots ()) */
  const PrepPlan *run_plan;
  guint run_n;                  /* slots that read a frame */
  guint pad_of[PREP_BATCH_MAX]; /* each one's pad (position in pads) */
  const PrepStream *run_streams;        /* each one's stream */
  const GstCudaPreprocObject *run_objects;      /* where each came from;
                                                 * NULL: no object */
  GstBuffer *run_bufs[PREP_BATCH_MAX];  /* each pad's frame (not owned) */
} GstCudaPreprocBatchPlan;

void gst_cuda_preproc_batch_plan_clear (GstCudaPreprocBatchPlan * bp);

/* TRUE when @bp was made for these @n pads (in this order, at their
 * current serials) and @shape. */
gboolean gst_cuda_preproc_batch_plan_current (GstCudaPreprocBatchPlan * bp,
    GstCudaPreprocBatchPad ** pads, guint n,
    const GstCudaPreprocShape * shape);

/* Replaces @bp with the plan of @n pads (1..shape->batch) and @s; the
 * texts of clamped crops are appended to @warnings.  FALSE with *@error
 * (to free), @bp unchanged, when a stream or the tensor is refused. */
gboolean gst_cuda_preproc_batch_plan_build (GstCudaPreprocBatchPlan * bp,
    const GstCudaPreprocSettings * s, const GstCudaPreprocShape * shape,
    GstCudaPreprocBatchPad ** pads, guint n, GPtrArray * warnings,
    gchar ** error);

/* This batch's slots from its frames @bufs (one per pad, NULL: none):
 * one per pad, or, with a pad in roi-source=meta, the pads' objects and
 * crops in pad order.  Returns how many read a frame (0: none, only
 * objects were asked for and no frame has any), or -1 with *@error;
 * *@warning (or NULL) tells of objects left out. */
gint gst_cuda_preproc_batch_plan_slots (GstCudaPreprocBatchPlan * bp,
    GstBuffer ** bufs, gchar ** warning, gchar ** error);

/* Writes the batch into @outbuf, after gst_cuda_preproc_batch_plan_slots
 * (): each slot from its pad's frame in @bufs (NULL: padding, and a slot
 * that is not valid in the box meta), the slots past them padding; the
 * box meta names each slot's stream (@streams, one per pad position) and
 * object.  bufs[i] must hold a whole frame of stream i (checked by the
 * caller).  Streams in CUDA memory run through @cuda, in one kernel
 * launch, into @outbuf's CUDA memory when @cuda_out (which needs every
 * stream in CUDA memory).  FALSE with *@error (to free) when a buffer cannot be mapped or
 * the engine fails; with *@error NULL when @cuda posted the error. */
gboolean gst_cuda_preproc_batch_plan_run (GstCudaPreprocBatchPlan * bp,
    PrepWorkers * workers, GstCudaPreprocCuda * cuda, GstBuffer ** bufs,
    const GstCudaPreprocBoxStream * streams, GstBuffer * outbuf,
    gboolean cuda_out, gchar ** error);

/* Each pad's stream for the box meta (pad name and index, the frame's PTS
 * and running time; positions from n on: none), the batch's time (the
 * earliest running time of its frames, NONE for none) and duration (the
 * shortest of theirs, NONE for none). */
void gst_cuda_preproc_batch_plan_streams (GstCudaPreprocBatchPlan * bp,
    GstBuffer ** bufs, GstCudaPreprocBoxStream * streams, GstClockTime * pts,
    GstClockTime * duration);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_BATCH_PLAN_H__ */
