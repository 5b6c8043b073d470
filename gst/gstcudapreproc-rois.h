/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Objects from upstream metadata, as source rectangles for the engine's
 * batch slots: GstVideoRegionOfInterestMeta, and GstAnalyticsODMtd of the
 * buffer's GstAnalyticsRelationMeta (GStreamer 1.24+), filtered by label,
 * size and confidence as DeepStream's preprocessing selects its objects.
 * Detectors overshoot: boxes are clamped to the frame silently (a debug
 * line), empty ones are skipped (docs/bad-input.md). */

#ifndef __GST_CUDA_PREPROC_ROIS_H__
#define __GST_CUDA_PREPROC_ROIS_H__

#include <gst/gst.h>

#include "prep.h"

G_BEGIN_DECLS

/* The most labels a filter holds (roi-types). */
#define GST_CUDA_PREPROC_ROI_TYPES_MAX 32

/* Which objects become slots (roi-type, roi-types, roi-min-size,
 * roi-max-size, roi-min-confidence). */
typedef struct
{
  GQuark types[GST_CUDA_PREPROC_ROI_TYPES_MAX + 1];     /* the labels taken:
                                                         * roi-types, and
                                                         * roi-type */
  guint n_types;                /* 0: every label */
  gint min_width, min_height;   /* 0: no minimum */
  gint max_width, max_height;   /* 0: no maximum */
  gdouble min_confidence;       /* 0: any */
} GstCudaPreprocRoiFilter;

/* Takes every object. */
void gst_cuda_preproc_roi_filter_init (GstCudaPreprocRoiFilter * filter);

/* TRUE when @filter takes @label (0: an object without one is taken only
 * when no labels are asked for). */
gboolean gst_cuda_preproc_roi_filter_label (const GstCudaPreprocRoiFilter *
    filter, GQuark label);

/* Where a slot's rectangle came from. */
typedef struct
{
  gint roi_id;                  /* the GstVideoRegionOfInterestMeta's id,
                                 * -1: none */
  gint mtd_id;                  /* the GstAnalyticsODMtd's id in the
                                 * buffer's relation meta, -1: none */
  GQuark label;                 /* its roi_type or label; 0: none */
} GstCudaPreprocObject;

/* A slot that came from no object (a property rectangle, padding). */
void gst_cuda_preproc_object_none (GstCudaPreprocObject * object);

/* The objects of @buffer: its GstVideoRegionOfInterestMetas in meta order
 * (gst_buffer_iterate_meta_filtered ()), then the GstAnalyticsODMtds of its
 * relation meta in the order of their ids (GStreamer 1.24+; a build
 * without the analytics library reads the ROI metas alone), keeping those
 * that @filter takes:
 * - label: the ROI meta's roi_type, the ODMtd's label (obj_type);
 * - size: of the rectangle clamped to the frame; min and max are inclusive;
 * - confidence: the ODMtd's location confidence; for a ROI meta the
 *   "confidence" (double) of its "detection" param structure where it has
 *   one, else 1.
 *
 * Each one is clamped to the frame [0, frame_width) x [0, frame_height),
 * computed in 64 bits so that no value (x = G_MAXUINT, w = G_MAXUINT)
 * overflows; one that is empty after clamping (wholly outside the frame,
 * or w or h 0) is skipped.  Of the rest, the first @max are stored (rects[i]
 * and, when @objects is not NULL, objects[i]) and the others are counted in
 * *@n_dropped (when not NULL; set to 0 first).  Skipped and filtered-out
 * objects are not counted.  A frame size <= 0 stores nothing.
 *
 * One GST_DEBUG line on the "cudapreproc-rois" category for each clamped,
 * skipped, filtered-out and dropped object.
 *
 * Returns the number of rectangles stored (<= @max).  @buffer must be a
 * buffer, @filter non-NULL, and @rects non-NULL when @max > 0
 * (g_return_val_if_fail). */
guint gst_cuda_preproc_rois_from_meta (GstBuffer * buffer,
    const GstCudaPreprocRoiFilter * filter, gint frame_width,
    gint frame_height, PrepRect * rects, GstCudaPreprocObject * objects,
    guint max, guint * n_dropped);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_ROIS_H__ */
