/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The rectangles of a batch, per frame: the crop or the rois property
 * resolved against the visible area of the frame (the whole frame, or an
 * upstream GstVideoCropMeta), or the ROI metas of the buffer; and the box
 * meta that tells downstream where each slot came from. */

#ifndef __GST_CUDA_PREPROC_SLOTS_H__
#define __GST_CUDA_PREPROC_SLOTS_H__

#include <gst/gst.h>

#include "gstcudapreproc-rois.h"
#include "prep.h"

G_BEGIN_DECLS

typedef struct
{
  PrepRect requested[PREP_BATCH_MAX];   /* crop (0 = to the edge) or rois */
  guint n_requested;
  gboolean from_meta;           /* roi-source=meta */
  GstCudaPreprocRoiFilter filter;       /* with from_meta */
  gint batch;                   /* slots of the tensor */
  /* for the frame being processed */
  PrepRect visible;             /* in frame pixels */
  PrepRect rects[PREP_BATCH_MAX];       /* in frame pixels */
  GstCudaPreprocObject objects[PREP_BATCH_MAX]; /* where each came from */
  guint n;                      /* rectangles in rects */
  /* across frames */
  gboolean cropped;             /* the last frame's slots used a crop meta */
  gboolean dropping;            /* frames dropped since the last warning */
  gboolean warned_dropped;      /* ROI metas beyond the batch were reported,
                                 * once per stream */
} GstCudaPreprocSlots;

/* Takes the rectangles of a plan just built (@fresh, filled by
 * gst_cuda_preproc_negotiated_plan ()) into @slots, keeping what lasts
 * across plans: a run of dropped frames and the once-per-stream warning.
 * The new plan holds the property rectangles of the caps' frame, not of a
 * crop meta's area. */
void gst_cuda_preproc_slots_replace (GstCudaPreprocSlots * slots,
    const GstCudaPreprocSlots * fresh);

/* A new stream: ROI metas beyond the batch are reported again. */
void gst_cuda_preproc_slots_new_stream (GstCudaPreprocSlots * slots);

/* Resolves slots->requested against slots->visible into slots->rects
 * (clipped to the batch).  A rectangle partly outside is clamped and its
 * index set in *clamped (a bit mask of the first 64); one wholly outside or
 * empty gives FALSE and its index in *bad. */
gboolean gst_cuda_preproc_slots_resolve (GstCudaPreprocSlots * slots,
    guint64 * clamped, guint * bad);

/* The visible area of @buf in a frame of frame_width x frame_height: its
 * GstVideoCropMeta clamped to the frame, or the caps' width x height at
 * the origin.  TRUE when the buffer has a crop meta. */
gboolean gst_cuda_preproc_slots_visible (GstBuffer * buf, gint frame_width,
    gint frame_height, gint caps_width, gint caps_height, PrepRect * visible);

/* The batch's rectangles for @buf, set on @plan: its ROI metas, or the
 * property rectangles within its crop meta's visible area (the frame is
 * @frame_width x @frame_height, the caps' @caps_width x @caps_height).
 * FALSE when the frame must be dropped (a property rectangle wholly
 * outside the crop meta's area: one element warning on @element per run of
 * such frames).  ROI metas beyond the batch are dropped with one element
 * warning per stream. */
gboolean gst_cuda_preproc_slots_for_frame (GstCudaPreprocSlots * slots,
    GstElement * element, PrepPlan * plan, GstBuffer * buf,
    gint frame_width, gint frame_height, gint caps_width, gint caps_height);

/* The box maps of the plan's slots, with source rectangles in the visible
 * area's coordinates (maps[batch]). */
void gst_cuda_preproc_slots_maps (const GstCudaPreprocSlots * slots,
    const PrepPlan * plan, PrepBoxMap * maps);

/* Attaches the box meta (docs/meta.md) of the plan's slots, with source
 * rectangles in the visible area's coordinates, and the bytes of one slot
 * (@slot_bytes); @tensor_id (NULL: none)
 * names the GstTensorMeta tensor it describes (output-mode=meta). */
gboolean gst_cuda_preproc_slots_add_meta (const GstCudaPreprocSlots * slots,
    const PrepPlan * plan, GstBuffer * outbuf, gint width, gint height,
    guint64 slot_bytes, const gchar * tensor_id);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_SLOTS_H__ */
