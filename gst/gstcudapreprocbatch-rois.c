/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreprocbatch's slots from ROI metas (see gstcudapreprocbatch-rois.h;
 * docs/batching.md, "Objects as slots"). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/video/video.h>

#include "gstcudapreprocbatch-rois.h"
#include "gstcudapreproc-rois.h"

void
gst_cuda_preproc_batch_rois_clear (GstCudaPreprocBatchRois * r)
{
  prep_plan_free (r->plan);
  memset (r, 0, sizeof (*r));
}

/* Pad @k's slots from slot r->n on (at most @room); returns how many of
 * its objects did not fit (or 1 for a crop pad without room). */
static guint
rois_add_pad (GstCudaPreprocBatchRois * r, const PrepStream * stream,
    guint k, GstBuffer * buf, guint room)
{
  PrepRect rects[PREP_BATCH_MAX];
  guint got, dropped = 0, i;

  if (!r->meta[k]) {
    if (room == 0)
      return 1;
    rects[0] = stream->rect;
    gst_cuda_preproc_object_none (&r->objects[r->n]);
    got = 1;
  } else if (buf != NULL) {
    got = gst_cuda_preproc_rois_from_meta (buf, &r->filters[k],
        stream->src_width, stream->src_height, rects, r->objects + r->n, room,
        &dropped);
  } else {
    got = 0;
  }
  for (i = 0; i < got; i++) {
    r->slots[r->n] = *stream;
    r->slots[r->n].rect = rects[i];
    r->pad_of[r->n++] = k;
  }
  return dropped;
}

/* The plan of the current slots, kept when they are those of the last
 * batch. */
static gboolean
rois_plan (GstCudaPreprocBatchRois * r, const PrepConfig * cfg, guint last_n,
    const PrepStream * last, gchar ** error)
{
  PrepPlan *plan = NULL;
  PrepStatus st;

  if (r->plan != NULL && r->n == last_n &&
      memcmp (last, r->slots, r->n * sizeof (PrepStream)) == 0)
    return TRUE;
  prep_plan_free (r->plan);
  r->plan = NULL;
  if (r->n == 0)
    return TRUE;
  st = prep_plan_new_streams (cfg, r->slots, (gint) r->n, &plan);
  if (st != PREP_OK) {
    *error = g_strdup_printf ("Cannot prepare the batch of %u objects: %s",
        r->n, prep_status_string (st));
    return FALSE;
  }
  r->plan = plan;
  return TRUE;
}

gboolean
gst_cuda_preproc_batch_rois_slots (GstCudaPreprocBatchRois * r,
    const PrepConfig * cfg, const PrepStream * streams,
    const gchar * const *names, guint n_pads, GstBuffer ** bufs, gint batch,
    gchar ** warning, gchar ** error)
{
  PrepStream last[PREP_BATCH_MAX];
  guint last_n = r->n, k, left;

  *warning = NULL;
  memcpy (last, r->slots, sizeof (last));
  r->n = 0;
  for (k = 0; k < n_pads; k++) {
    left = rois_add_pad (r, &streams[k], k, bufs[k], (guint) batch - r->n);
    if (left == 0 || r->warned[k] || *warning != NULL)
      continue;
    r->warned[k] = TRUE;
    *warning = r->meta[k] ? g_strdup_printf ("%u object%s of %s do%s not "
        "fit in the batch of %d: left out (raise batch-size)", left,
        left == 1 ? "" : "s", names[k], left == 1 ? "es" : "",
        batch) : g_strdup_printf ("The objects of the pads before %s fill "
        "the batch of %d: its slot is left out (raise batch-size)", names[k],
        batch);
  }
  return rois_plan (r, cfg, last_n, last, error);
}

/* One ROI meta onto @outbuf, its params too, and the stream's. */
static void
rois_copy_one (GstBuffer * outbuf, const GstVideoRegionOfInterestMeta * roi,
    const gchar * name, gint index)
{
  GstVideoRegionOfInterestMeta *copy;
  GList *l;

  copy = gst_buffer_add_video_region_of_interest_meta_id (outbuf,
      roi->roi_type, roi->x, roi->y, roi->w, roi->h);
  copy->id = roi->id;
  copy->parent_id = roi->parent_id;
  for (l = roi->params; l != NULL; l = l->next)
    gst_video_region_of_interest_meta_add_param (copy,
        gst_structure_copy (l->data));
  gst_video_region_of_interest_meta_add_param (copy,
      gst_structure_new ("cudapreproc-stream", "stream", G_TYPE_STRING, name,
          "stream-index", G_TYPE_INT, index, NULL));
}

void
gst_cuda_preproc_batch_rois_copy (GstBuffer * outbuf, GstBuffer ** bufs,
    const gchar * const *names, const gint * indices, guint n)
{
  GstVideoRegionOfInterestMeta *roi;
  gpointer state;
  guint k;

  for (k = 0; k < n; k++) {
    if (bufs[k] == NULL)
      continue;
    state = NULL;
    while ((roi = (GstVideoRegionOfInterestMeta *)
            gst_buffer_iterate_meta_filtered (bufs[k], &state,
                GST_VIDEO_REGION_OF_INTEREST_META_API_TYPE)) != NULL)
      rois_copy_one (outbuf, roi, names[k], indices[k]);
  }
}
