/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Regions of interest from upstream metadata (see gstcudapreproc-rois.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/video/video.h>

#include "gstcudapreproc-rois.h"

/* Its own category: the file serves every element of the plugin. */
GST_DEBUG_CATEGORY_STATIC (gst_cuda_preproc_rois_debug);
#define GST_CAT_DEFAULT gst_cuda_preproc_rois_debug

static void
rois_debug_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done)) {
    GST_DEBUG_CATEGORY_INIT (gst_cuda_preproc_rois_debug, "cudapreproc-rois",
        0, "cudapreproc: regions of interest from ROI metas");
    g_once_init_leave (&done, 1);
  }
}

/* The rectangle of @roi clamped to the frame; FALSE when it is empty. */
static gboolean
roi_clamp (const GstVideoRegionOfInterestMeta * roi, gint frame_width,
    gint frame_height, PrepRect * rect)
{
  return prep_rect_clamp (frame_width, frame_height, roi->x, roi->y, roi->w,
      roi->h, rect);
}

/* One debug line about @roi: "<what>" and, for a clamp, the result. */
static void
roi_log (const GstVideoRegionOfInterestMeta * roi, const gchar * what,
    const PrepRect * rect)
{
  gchar *to = NULL;

  if (gst_debug_category_get_threshold (GST_CAT_DEFAULT) < GST_LEVEL_DEBUG)
    return;
  if (rect)
    to = g_strdup_printf (" to %d,%d %dx%d", rect->x, rect->y, rect->width,
        rect->height);
  GST_DEBUG ("ROI %d (%s) %u,%u %ux%u %s%s", roi->id,
      GST_STR_NULL (g_quark_to_string (roi->roi_type)), roi->x, roi->y,
      roi->w, roi->h, what, to ? to : "");
  g_free (to);
}

/* Where the ROIs go. */
typedef struct
{
  gint frame_width, frame_height;
  PrepRect *rects;
  gint *ids;
  guint max;
  guint n, dropped;
} RoiCollect;

/* Stores, skips or drops @roi. */
static void
roi_collect (RoiCollect * c, const GstVideoRegionOfInterestMeta * roi)
{
  PrepRect rect;

  if (!roi_clamp (roi, c->frame_width, c->frame_height, &rect)) {
    roi_log (roi, "skipped: empty in the frame", NULL);
  } else if (c->n == c->max) {
    roi_log (roi, "dropped: the batch is full", NULL);
    c->dropped++;
  } else {
    if ((guint) rect.width != roi->w || (guint) rect.height != roi->h)
      roi_log (roi, "clamped to the frame", &rect);
    c->rects[c->n] = rect;
    if (c->ids)
      c->ids[c->n] = roi->id;
    c->n++;
  }
}

guint
gst_cuda_preproc_rois_from_meta (GstBuffer * buffer, GQuark roi_type,
    gint frame_width, gint frame_height, PrepRect * rects, gint * ids,
    guint max, guint * n_dropped)
{
  RoiCollect c = { frame_width, frame_height, rects, ids, max, 0, 0 };
  gpointer state = NULL;
  GstMeta *meta;

  rois_debug_init ();
  if (n_dropped)
    *n_dropped = 0;
  g_return_val_if_fail (GST_IS_BUFFER (buffer), 0);
  g_return_val_if_fail (max == 0 || rects != NULL, 0);

  while ((meta = gst_buffer_iterate_meta_filtered (buffer, &state,
              GST_VIDEO_REGION_OF_INTEREST_META_API_TYPE)) != NULL) {
    GstVideoRegionOfInterestMeta *roi = (GstVideoRegionOfInterestMeta *) meta;

    if (roi_type == 0 || roi->roi_type == roi_type)
      roi_collect (&c, roi);
  }
  if (n_dropped)
    *n_dropped = c.dropped;
  return c.n;
}
