/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Objects from upstream metadata (see gstcudapreproc-rois.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/video/video.h>

#include <string.h>

#include "gstcudapreproc-rois.h"
#include "gstcudapreproc-analytics-compat.h"

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

void
gst_cuda_preproc_roi_filter_init (GstCudaPreprocRoiFilter * filter)
{
  memset (filter, 0, sizeof (*filter));
}

gboolean
gst_cuda_preproc_roi_filter_label (const GstCudaPreprocRoiFilter * filter,
    GQuark label)
{
  guint i;

  if (filter->n_types == 0)
    return TRUE;
  for (i = 0; i < filter->n_types; i++)
    if (filter->types[i] == label)
      return TRUE;
  return FALSE;
}

void
gst_cuda_preproc_object_none (GstCudaPreprocObject * object)
{
  object->roi_id = -1;
  object->mtd_id = -1;
  object->label = 0;
}

/* One object as the metas give it, before clamping. */
typedef struct
{
  const gchar *kind;            /* "ROI meta" or "ODMtd", for the log */
  GstCudaPreprocObject object;
  gint64 x, y, width, height;
  gdouble confidence;
} RoiCandidate;

/* One debug line about @c: "<what>" and, for a clamp, the result. */
static void
roi_log (const RoiCandidate * c, const gchar * what, const PrepRect * rect)
{
  gchar *to = NULL;

  if (gst_debug_category_get_threshold (GST_CAT_DEFAULT) < GST_LEVEL_DEBUG)
    return;
  if (rect)
    to = g_strdup_printf (" to %d,%d %dx%d", rect->x, rect->y, rect->width,
        rect->height);
  GST_DEBUG ("%s %d (%s, confidence %g) %" G_GINT64_FORMAT ",%"
      G_GINT64_FORMAT " %" G_GINT64_FORMAT "x%" G_GINT64_FORMAT " %s%s",
      c->kind, c->object.roi_id >= 0 ? c->object.roi_id : c->object.mtd_id,
      GST_STR_NULL (g_quark_to_string (c->object.label)), c->confidence,
      c->x, c->y, c->width, c->height, what, to ? to : "");
  g_free (to);
}

/* Where the objects go. */
typedef struct
{
  const GstCudaPreprocRoiFilter *filter;
  gint frame_width, frame_height;
  PrepRect *rects;
  GstCudaPreprocObject *objects;
  guint max;
  guint n, dropped;
} RoiCollect;

/* The size filter, on the clamped rectangle; NULL or why it fails. */
static const gchar *
roi_size_refusal (const GstCudaPreprocRoiFilter * f, const PrepRect * r)
{
  if (r->width < f->min_width || r->height < f->min_height)
    return "filtered out: smaller than roi-min-size";
  if ((f->max_width > 0 && r->width > f->max_width) ||
      (f->max_height > 0 && r->height > f->max_height))
    return "filtered out: larger than roi-max-size";
  return NULL;
}

/* Stores, filters out, skips or drops @cand. */
static void
roi_collect (RoiCollect * c, const RoiCandidate * cand)
{
  const gchar *why;
  PrepRect rect;

  if (!gst_cuda_preproc_roi_filter_label (c->filter, cand->object.label))
    return;                     /* another kind of object: not logged */
  if (!prep_rect_clamp (c->frame_width, c->frame_height, cand->x, cand->y,
          cand->width, cand->height, &rect)) {
    roi_log (cand, "skipped: empty in the frame", NULL);
  } else if ((why = roi_size_refusal (c->filter, &rect)) != NULL) {
    roi_log (cand, why, &rect);
  } else if (cand->confidence < c->filter->min_confidence) {
    roi_log (cand, "filtered out: below roi-min-confidence", NULL);
  } else if (c->n == c->max) {
    roi_log (cand, "dropped: the batch is full", NULL);
    c->dropped++;
  } else {
    if (rect.width != cand->width || rect.height != cand->height)
      roi_log (cand, "clamped to the frame", &rect);
    c->rects[c->n] = rect;
    if (c->objects)
      c->objects[c->n] = cand->object;
    c->n++;
  }
}

/* A ROI meta's confidence: its "detection" param's, else 1. */
static gdouble
roi_meta_confidence (GstVideoRegionOfInterestMeta * roi)
{
  GstStructure *detection =
      gst_video_region_of_interest_meta_get_param (roi, "detection");
  gdouble confidence;

  if (detection != NULL &&
      gst_structure_get_double (detection, "confidence", &confidence))
    return confidence;
  return 1.0;
}

static void
rois_collect_roi_metas (RoiCollect * c, GstBuffer * buffer)
{
  gpointer state = NULL;
  GstMeta *meta;

  while ((meta = gst_buffer_iterate_meta_filtered (buffer, &state,
              GST_VIDEO_REGION_OF_INTEREST_META_API_TYPE)) != NULL) {
    GstVideoRegionOfInterestMeta *roi = (GstVideoRegionOfInterestMeta *) meta;
    RoiCandidate cand = { "ROI meta", {roi->id, -1, roi->roi_type},
    roi->x, roi->y, roi->w, roi->h, roi_meta_confidence (roi)
    };

    roi_collect (c, &cand);
  }
}

#if GST_CUDA_PREPROC_HAVE_OD_MTD
static void
rois_collect_od_mtds (RoiCollect * c, GstBuffer * buffer)
{
  GstAnalyticsRelationMeta *rmeta =
      gst_buffer_get_analytics_relation_meta (buffer);
  gpointer state = NULL;
  GstAnalyticsMtd mtd;
  gint x, y, w, h;
  gfloat confidence;

  if (rmeta == NULL)
    return;
  while (gst_analytics_relation_meta_iterate (rmeta, &state,
          gst_analytics_od_mtd_get_mtd_type (), &mtd)) {
    GstAnalyticsODMtd *od = (GstAnalyticsODMtd *) & mtd;
    RoiCandidate cand = { "ODMtd", {-1, (gint) od->id,
        gst_analytics_od_mtd_get_obj_type (od)}, 0, 0, 0, 0, 0.0
    };

    if (!gst_analytics_od_mtd_get_location (od, &x, &y, &w, &h, &confidence))
      continue;
    cand.x = x;
    cand.y = y;
    cand.width = w;
    cand.height = h;
    cand.confidence = confidence;
    roi_collect (c, &cand);
  }
}
#endif

guint
gst_cuda_preproc_rois_from_meta (GstBuffer * buffer,
    const GstCudaPreprocRoiFilter * filter, gint frame_width,
    gint frame_height, PrepRect * rects, GstCudaPreprocObject * objects,
    guint max, guint * n_dropped)
{
  RoiCollect c = { filter, frame_width, frame_height, rects, objects, max,
    0, 0
  };

  rois_debug_init ();
  if (n_dropped)
    *n_dropped = 0;
  g_return_val_if_fail (GST_IS_BUFFER (buffer), 0);
  g_return_val_if_fail (filter != NULL, 0);
  g_return_val_if_fail (max == 0 || rects != NULL, 0);

  rois_collect_roi_metas (&c, buffer);
#if GST_CUDA_PREPROC_HAVE_OD_MTD
  rois_collect_od_mtds (&c, buffer);
#endif
  if (n_dropped)
    *n_dropped = c.dropped;
  return c.n;
}
