/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The sources of a batch: which frame, which rectangle of it and which
 * object each slot of the tensor reads.  A source is one stream of video
 * frames with its way of choosing slots: the crop, the rois, or the
 * objects of each frame's ROI and analytics metas.  cudapreproc has one
 * source; cudapreprocbatch one per sink pad in the batch, in pad order.
 * Per batch, the sources in order give their slots up to the batch size:
 * a crop or rois source its rectangles (clamped to the frame), a meta
 * source one per object; rectangles refer to the area a crop meta leaves
 * visible.  No element code: texts come back to the caller, but for the
 * warnings given once per stream, which are posted on @element. */

#ifndef __GST_CUDA_PREPROC_SOURCES_H__
#define __GST_CUDA_PREPROC_SOURCES_H__

#include <gst/gst.h>
#include <gst/video/video.h>

#include "gstcudapreproc-rois.h"
#include "prep.h"

G_BEGIN_DECLS

/* One source, as its caps and properties make it. */
typedef struct
{
  const GstVideoInfo *info;     /* its caps (not owned) */
  PrepStream stream;            /* format, size, matrix, range and chroma
                                 * site of the caps' frames (rect: unused) */
  gboolean from_meta;           /* a slot per object of each frame */
  GstCudaPreprocRoiFilter filter;       /* with from_meta: which objects */
  PrepRect requested[PREP_BATCH_MAX];   /* else: the crop (0 sizes: to the
                                         * edge) or the rois */
  guint n_requested;
  gboolean rois;                /* requested holds rois ("ROI %u" in the
                                 * texts; else "Crop") */
  gboolean window;              /* crop-rect: requested[0] is the smallest
                                 * integer rectangle holding win */
  PrepWindow win;
  const gchar *name;            /* a batch pad's name, for the box meta and
                                 * the texts; NULL: the element's only
                                 * source */
  gint index;                   /* that pad's index; -1: none */
} GstCudaPreprocSource;

/* What a source remembers across frames, for its texts. */
typedef struct
{
  gboolean cropped;             /* its last frame had a crop meta */
  gboolean dropping;            /* frames dropped since the last warning */
  gboolean warned_left_out;     /* objects left out were told (once per
                                 * stream) */
} GstCudaPreprocSourceState;

/* The slots of one batch. */
typedef struct
{
  guint n;                      /* slots that read a source (the first n) */
  PrepStream streams[PREP_BATCH_MAX];   /* each one's frames and rectangle
                                         * (frame pixels) */
  guint source_of[PREP_BATCH_MAX];      /* each one's source */
  gboolean reads[PREP_BATCH_MAX];       /* each one has a frame to read (a
                                         * source without one this batch
                                         * keeps its slots as padding) */
  GstCudaPreprocObject objects[PREP_BATCH_MAX]; /* where each came from */
  PrepStream frames[PREP_BATCH_MAX];    /* per source: its frames (a crop
                                         * meta's buffer holds the video
                                         * meta's frame; rect unused) */
  PrepRect visible[PREP_BATCH_MAX];     /* per source: the area its
                                         * rectangles refer to */
  guint n_sources;
} GstCudaPreprocBatchSlots;

/* @src's rectangles (the crop or the rois, not the objects) resolved in
 * @area (frame pixels; a crop meta's, or the whole frame), at most @room
 * of them, into @rects (*@n of them).  NULL, or the refusal of one that is
 * empty or outside @area (to free); a clamped one adds a text to
 * @warnings, and so do rois beyond @room (@warnings NULL: no texts). */
gchar *gst_cuda_preproc_source_resolve (const GstCudaPreprocSource * src,
    const PrepRect * area, guint room, PrepRect * rects, guint * n,
    GPtrArray * warnings);

/* The frame @buf holds for @src (the caps' size, or with a crop meta the
 * video meta's: the planes hold the whole frame) and the area of it a crop
 * meta leaves visible (the whole frame without one); TRUE when @buf has a
 * crop meta. */
gboolean gst_cuda_preproc_source_frame (const GstCudaPreprocSource * src,
    GstBuffer * buf, gint * width, gint * height, PrepRect * visible);

/* The slots of one batch: @bufs[k] is source k's frame (NULL: none this
 * batch), @states[k] what it remembers; at most @batch slots.  A source
 * whose rectangles lie outside its frame's crop meta has its frame
 * dropped (a warning per run of dropped frames); objects that do not fit
 * are left out (a warning once per stream).  Returns how many sources
 * have a frame to read. */
guint gst_cuda_preproc_sources_slots (const GstCudaPreprocSource * src,
    GstCudaPreprocSourceState ** states, guint n_sources, GstBuffer ** bufs,
    guint batch, GstElement * element, GstCudaPreprocBatchSlots * slots);

/* The box meta's rectangle of slot @j is in the coordinates of its
 * source's visible area: @map moved there. */
void gst_cuda_preproc_batch_slots_to_visible (const GstCudaPreprocBatchSlots *
    slots, guint j, PrepBoxMap * map);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_SOURCES_H__ */
