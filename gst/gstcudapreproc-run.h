/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* A batch's run, for both elements: the engine's plan of its slots (kept
 * across batches: the slots change in place, prep_plan_set_slots () and
 * prep_plan_set_streams (); a new plan only for a new tensor or a frame
 * its tables cannot take), the sources' frames mapped in system or CUDA
 * memory, the pass on the CPU (the workers' threads) or one kernel launch,
 * then the box meta and the copied ROI metas.  cudapreproc's one source
 * runs a plain plan, cudapreprocbatch's sources a streams plan; the bytes
 * of a slot are the same either way. */

#ifndef __GST_CUDA_PREPROC_RUN_H__
#define __GST_CUDA_PREPROC_RUN_H__

#include <gst/gst.h>

#include "gstcudapreproc-caps.h"
#include "gstcudapreproc-cuda.h"
#include "gstcudapreproc-meta.h"
#include "gstcudapreproc-sources.h"
#include "prep.h"

G_BEGIN_DECLS

/* The streaming thread's. */
typedef struct
{
  PrepPlan *plan;               /* NULL: none yet */
  PrepConfig cfg;               /* the tensor's (set_tensor ()) */
  gboolean streams;             /* a streams plan: its slots read several
                                 * sources */
  guint n;                      /* the plan's slots that read a frame */
  PrepStream slots[PREP_BATCH_MAX];     /* their streams and rectangles */
  PrepStream frame;             /* a plain plan's frames (rect unused) */
  gboolean windowed;            /* a plain plan's slot 0 shows win
                                 * (crop-rect), its rectangle the smallest
                                 * integer one holding it */
  PrepWindow win;
} GstCudaPreprocRun;

void gst_cuda_preproc_run_clear (GstCudaPreprocRun * run);

/* The tensor of the next plans: @cfg (its format, frame size and colour
 * are the sources'), in a streams plan when @streams; drops the plan. */
void gst_cuda_preproc_run_set_tensor (GstCudaPreprocRun * run,
    const PrepConfig * cfg, gboolean streams);

/* The fractional window (crop-rect) of a plain plan's slot, in the
 * caps' frame, NULL: none; drops the plan when it changes. */
void gst_cuda_preproc_run_set_window (GstCudaPreprocRun * run,
    const PrepWindow * win);

/* The plan of @slots (a plain plan reads source 0 only), kept when it
 * takes them; NULL, or the engine's refusal (to free).  A streams plan
 * needs a slot. */
gchar *gst_cuda_preproc_run_prepare (GstCudaPreprocRun * run,
    const GstCudaPreprocBatchSlots * slots);

/* Where a batch runs. */
typedef struct
{
  GstElement *element;          /* errors are posted on it */
  PrepWorkers *workers;         /* the CPU path's threads (NULL: the
                                 * streaming thread) */
  GstCudaPreprocCuda *cuda;     /* the CUDA path's */
  gboolean cuda_in;             /* the sources' frames are in CUDA memory */
  gboolean cuda_out;            /* the tensor is */
} GstCudaPreprocRunOn;

/* Runs the prepared plan on the sources' frames (@bufs[k]: source k's,
 * mapped as @src[k].info says; NULL: none) into @tensor, after @header
 * (NULL: none; a plain plan only).  Errors are posted; a frame that
 * cannot be mapped is dropped with a warning. */
GstFlowReturn gst_cuda_preproc_run_batch (GstCudaPreprocRun * run,
    const GstCudaPreprocRunOn * on, const GstCudaPreprocSource * src,
    GstBuffer ** bufs, const GstCudaPreprocBatchSlots * slots,
    GstBuffer * tensor, const GstCudaPreprocHeader * header);

/* What a batch's box meta names besides its slots. */
typedef struct
{
  gint batch;                   /* the tensor's slots */
  gint width, height;           /* its spatial size */
  guint64 slot_bytes;
  const gchar *tensor_id;       /* output-mode=meta; NULL: the buffer is
                                 * the tensor */
  const GstCudaPreprocBoxStream *streams;       /* per source (NULL: no
                                                 * stream fields) */
} GstCudaPreprocRunMeta;

/* The box meta of the last run's slots onto @buffer; FALSE when refused. */
gboolean gst_cuda_preproc_run_add_meta (const GstCudaPreprocRun * run,
    const GstCudaPreprocBatchSlots * slots, const GstCudaPreprocRunMeta * m,
    GstBuffer * buffer);

/* The slot maps of the last run's slots (@maps[j], batch of them; in the
 * coordinates of each source's visible area). */
void gst_cuda_preproc_run_maps (const GstCudaPreprocRun * run,
    const GstCudaPreprocBatchSlots * slots, gint batch, PrepBoxMap * maps);

/* Copies the ROI metas of the sources' frames (@bufs[k], NULL: none) onto
 * @tensor, in frame coordinates, each with a "cudapreproc-stream" param
 * naming its source (name, index): how results on the objects go back to
 * their stream. */
void gst_cuda_preproc_run_copy_rois (const GstCudaPreprocSource * src,
    GstBuffer ** bufs, guint n_sources, GstBuffer * tensor);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_RUN_H__ */
