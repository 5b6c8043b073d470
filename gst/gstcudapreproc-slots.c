/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/video/video.h>

#include "gstcudapreproc-slots.h"
#include "gstcudapreproc-meta.h"
#include "gstcudapreproc-rois.h"

void
gst_cuda_preproc_slots_replace (GstCudaPreprocSlots * slots,
    const GstCudaPreprocSlots * fresh)
{
  gboolean warned = slots->warned_dropped;
  gboolean dropping = slots->dropping;

  *slots = *fresh;
  slots->cropped = FALSE;
  slots->dropping = dropping;
  slots->warned_dropped = warned;
}

void
gst_cuda_preproc_slots_new_stream (GstCudaPreprocSlots * slots)
{
  slots->warned_dropped = FALSE;
}

gboolean
gst_cuda_preproc_slots_resolve (GstCudaPreprocSlots * slots,
    guint64 * clamped, guint * bad)
{
  const PrepRect *v = &slots->visible;
  guint i;
  int part;

  *clamped = 0;
  slots->n = MIN (slots->n_requested, (guint) slots->batch);
  for (i = 0; i < slots->n; i++) {
    PrepRect *r = &slots->rects[i];

    /* the crop's 0 sizes mean "to the visible area's edge" */
    if (prep_crop_resolve (v->width, v->height, &slots->requested[i], r,
            &part) != PREP_OK) {
      *bad = i;
      return FALSE;
    }
    if (part)
      *clamped |= G_GUINT64_CONSTANT (1) << i;
    r->x += v->x;
    r->y += v->y;
    gst_cuda_preproc_object_none (&slots->objects[i]);
  }
  return TRUE;
}

gboolean
gst_cuda_preproc_slots_visible (GstBuffer * buf, gint frame_width,
    gint frame_height, gint caps_width, gint caps_height, PrepRect * visible)
{
  GstVideoCropMeta *meta = gst_buffer_get_video_crop_meta (buf);
  PrepRect want;
  int part;

  visible->x = visible->y = 0;
  visible->width = MIN (caps_width, frame_width);
  visible->height = MIN (caps_height, frame_height);
  if (meta == NULL)
    return FALSE;
  /* an empty crop meta (or one outside the frame) leaves the whole frame */
  want.x = (gint) MIN (meta->x, (guint) G_MAXINT);
  want.y = (gint) MIN (meta->y, (guint) G_MAXINT);
  want.width = (gint) MIN (meta->width, (guint) G_MAXINT);
  want.height = (gint) MIN (meta->height, (guint) G_MAXINT);
  if (want.width > 0 && want.height > 0)
    prep_crop_resolve (frame_width, frame_height, &want, visible, &part);
  return TRUE;
}

/* The objects of @buf's metas (the filter's, clamped to the visible area,
 * empty ones skipped, at most the batch) into slots->rects and
 * slots->objects; those dropped because the batch is full are reported
 * once per stream. */
static void
slots_from_meta (GstCudaPreprocSlots * slots, GstElement * element,
    GstBuffer * buf)
{
  const PrepRect *v = &slots->visible;
  guint i, dropped = 0;

  slots->n = gst_cuda_preproc_rois_from_meta (buf, &slots->filter,
      v->width, v->height, slots->rects, slots->objects, (guint) slots->batch,
      &dropped);
  for (i = 0; i < slots->n; i++) {
    slots->rects[i].x += v->x;
    slots->rects[i].y += v->y;
  }
  for (; i < (guint) slots->batch; i++)
    gst_cuda_preproc_object_none (&slots->objects[i]);
  if (dropped == 0 || slots->warned_dropped)
    return;
  slots->warned_dropped = TRUE;
  GST_ELEMENT_WARNING (element, STREAM, FORMAT,
      ("The frame at %" GST_TIME_FORMAT " carries %u more objects than "
          "the %d slots of batch-size; they were dropped: raise batch-size "
          "to keep them (this warning is given once per stream)",
          GST_TIME_ARGS (GST_BUFFER_PTS (buf)), dropped, slots->batch), (NULL));
}

gboolean
gst_cuda_preproc_slots_for_frame (GstCudaPreprocSlots * slots,
    GstElement * element, PrepPlan * plan, GstBuffer * buf,
    gint frame_width, gint frame_height, gint caps_width, gint caps_height)
{
  const PrepRect *q;
  gboolean cropped;
  guint64 clamped;
  guint bad;

  cropped = gst_cuda_preproc_slots_visible (buf, frame_width, frame_height,
      caps_width, caps_height, &slots->visible);
  if (slots->from_meta)
    slots_from_meta (slots, element, buf);
  else if (!cropped && !slots->cropped)
    return TRUE;                /* the rectangles the plan was built with */
  else if (!gst_cuda_preproc_slots_resolve (slots, &clamped, &bad))
    goto outside;
  slots->cropped = cropped;
  slots->dropping = FALSE;
  return prep_plan_set_slots (plan, slots->rects, (int) slots->n) == PREP_OK;

  /* ERRORS: one warning per run of dropped frames */
outside:
  {
    slots->cropped = TRUE;
    if (slots->dropping)
      return FALSE;
    slots->dropping = TRUE;
    q = &slots->requested[bad];
    GST_ELEMENT_WARNING (element, STREAM, FORMAT,
        ("Rectangle %u (x=%d, y=%d, width=%d, height=%d) lies outside the "
            "%dx%d area at (%d, %d) of the buffer's crop meta; frame dropped",
            bad, q->x, q->y, q->width, q->height, slots->visible.width,
            slots->visible.height, slots->visible.x, slots->visible.y), (NULL));
    return FALSE;
  }
}

void
gst_cuda_preproc_slots_maps (const GstCudaPreprocSlots * slots,
    const PrepPlan * plan, PrepBoxMap * maps)
{
  gint i;

  for (i = 0; i < slots->batch; i++) {
    prep_plan_slot_map (plan, i, &maps[i]);
    if (maps[i].valid) {
      maps[i].src.x -= slots->visible.x;
      maps[i].src.y -= slots->visible.y;
    }
  }
}

gboolean
gst_cuda_preproc_slots_add_meta (const GstCudaPreprocSlots * slots,
    const PrepPlan * plan, GstBuffer * outbuf, gint width, gint height,
    guint64 slot_bytes, const gchar * tensor_id)
{
  PrepBoxMap maps[PREP_BATCH_MAX];
  GstCudaPreprocBoxMetaSpec spec = {
    .maps = maps,.objects = slots->objects,.batch_size = (guint) slots->batch,
    .tensor_width = width,.tensor_height = height,.slot_bytes = slot_bytes,
    .tensor_id = tensor_id,
  };

  gst_cuda_preproc_slots_maps (slots, plan, maps);
  return gst_cuda_preproc_box_meta_add_spec (outbuf, &spec);
}
