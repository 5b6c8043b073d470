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

/* Clamps the span [start, start + len) to [0, limit): the clamped start and
 * length in *out_start and *out_len.  FALSE when it is empty.  start and
 * len come from guints, so start + len fits in gint64. */
static gboolean
clamp_span (gint64 start, gint64 len, gint limit, gint * out_start,
    gint * out_len)
{
  gint64 begin = CLAMP (start, 0, (gint64) limit);
  gint64 end = CLAMP (start + len, 0, (gint64) limit);

  if (end <= begin)
    return FALSE;
  *out_start = (gint) begin;
  *out_len = (gint) (end - begin);
  return TRUE;
}

/* The rectangle of @roi clamped to the frame; FALSE when it is empty. */
static gboolean
roi_clamp (const GstVideoRegionOfInterestMeta * roi, gint frame_width,
    gint frame_height, PrepRect * rect)
{
  return clamp_span (roi->x, roi->w, frame_width, &rect->x, &rect->width)
      && clamp_span (roi->y, roi->h, frame_height, &rect->y, &rect->height);
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
