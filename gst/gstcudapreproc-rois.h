/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Regions of interest from upstream metadata (GstVideoRegionOfInterestMeta),
 * as source rectangles for the engine's batch slots.  Detectors overshoot:
 * boxes are clamped to the frame silently (a debug line), empty ones are
 * skipped (docs/bad-input.md). */

#ifndef __GST_CUDA_PREPROC_ROIS_H__
#define __GST_CUDA_PREPROC_ROIS_H__

#include <gst/gst.h>

#include "prep.h"

G_BEGIN_DECLS

/* The rectangles of @buffer's GstVideoRegionOfInterestMetas, in meta order
 * (gst_buffer_iterate_meta_filtered ()), keeping those whose roi_type is
 * @roi_type (0: all).
 *
 * Each one is clamped to the frame [0, frame_width) x [0, frame_height),
 * computed in 64 bits so that no guint value (x = G_MAXUINT, w = G_MAXUINT)
 * overflows; one that is empty after clamping (wholly outside the frame,
 * or w or h 0) is skipped.  Of the rest, the first @max are stored (rects[i],
 * and ids[i] = the meta's id when @ids is not NULL) and the others are
 * counted in *@n_dropped (when not NULL; set to 0 first).  Skipped and
 * filtered-out metas are not counted.  A frame size <= 0 stores nothing.
 *
 * One GST_DEBUG line on the "cudapreproc-rois" category for each clamped,
 * skipped and dropped ROI.
 *
 * Returns the number of rectangles stored (<= @max).  @buffer must be a
 * buffer and @rects non-NULL when @max > 0 (g_return_val_if_fail). */
guint gst_cuda_preproc_rois_from_meta (GstBuffer * buffer, GQuark roi_type,
    gint frame_width, gint frame_height, PrepRect * rects, gint * ids,
    guint max, guint * n_dropped);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_ROIS_H__ */
