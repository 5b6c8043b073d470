/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The sources of a batch (see gstcudapreproc-sources.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "gstcudapreproc-sources.h"

/* "sink_1: " before a named source's texts, "" for the only one. */
static gchar *
source_prefix (const GstCudaPreprocSource * src)
{
  return src->name != NULL ? g_strdup_printf ("%s: ", src->name) :
      g_strdup ("");
}

/* "Crop" or "ROI @i", as the texts name a requested rectangle. */
static gchar *
rect_name (const GstCudaPreprocSource * src, guint i)
{
  gchar *prefix = source_prefix (src);
  gchar *name = src->rois ? g_strdup_printf ("%sROI %u", prefix, i) :
      g_strdup_printf ("%sCrop", prefix);

  g_free (prefix);
  return name;
}

/* @src's first @n rectangles resolved in @area into @rects, and in
 * *@clamped a bit per one clamped; the index of the first empty or
 * outside @area, or -1. */
static gint
resolve_rects (const GstCudaPreprocSource * src, const PrepRect * area,
    guint n, PrepRect * rects, guint64 * clamped)
{
  guint i;
  int part;

  *clamped = 0;
  for (i = 0; i < n; i++) {
    /* the crop's 0 sizes mean "to the area's edge" */
    if (prep_crop_resolve (area->width, area->height, &src->requested[i],
            &rects[i], &part) != PREP_OK)
      return (gint) i;
    rects[i].x += area->x;
    rects[i].y += area->y;
    if (part)
      *clamped |= G_GUINT64_CONSTANT (1) << i;
  }
  return -1;
}

gchar *
gst_cuda_preproc_source_resolve (const GstCudaPreprocSource * src,
    const PrepRect * area, guint room, PrepRect * rects, guint * n,
    GPtrArray * warnings)
{
  const PrepRect *q;
  guint64 clamped;
  gchar *what, *text;
  gint bad;
  guint i;

  *n = MIN (src->n_requested, room);
  if ((bad = resolve_rects (src, area, *n, rects, &clamped)) >= 0)
    goto outside;
  for (i = 0; i < *n && warnings != NULL; i++) {
    if (!(clamped & (G_GUINT64_CONSTANT (1) << i)))
      continue;
    q = &src->requested[i];
    what = rect_name (src, i);
    g_ptr_array_add (warnings, g_strdup_printf ("%s (x=%d, y=%d, width=%d, "
            "height=%d) exceeds the %dx%d frame; clamped to (x=%d, y=%d, "
            "width=%d, height=%d)", what, q->x, q->y, q->width, q->height,
            area->width, area->height, rects[i].x - area->x,
            rects[i].y - area->y, rects[i].width, rects[i].height));
    g_free (what);
  }
  if (src->n_requested > *n && warnings != NULL)
    g_ptr_array_add (warnings, g_strdup_printf ("%u rois for a batch of %u: "
            "the last %u are not used", src->n_requested, room,
            src->n_requested - *n));
  return NULL;

  /* ERRORS */
outside:
  {
    q = &src->requested[bad];
    what = rect_name (src, (guint) bad);
    text = g_strdup_printf ("%s (x=%d, y=%d, width=%d, height=%d) is empty or "
        "lies outside the %dx%d frame", what, q->x, q->y, q->width, q->height,
        area->width, area->height);
    g_free (what);
    return text;
  }
}

gboolean
gst_cuda_preproc_source_frame (const GstCudaPreprocSource * src,
    GstBuffer * buf, gint * width, gint * height, PrepRect * visible)
{
  GstVideoCropMeta *crop = gst_buffer_get_video_crop_meta (buf);
  GstVideoMeta *meta = gst_buffer_get_video_meta (buf);
  gint caps_width = GST_VIDEO_INFO_WIDTH (src->info);
  gint caps_height = GST_VIDEO_INFO_HEIGHT (src->info);
  PrepRect want;
  int part;

  *width = caps_width;
  *height = caps_height;
  if (crop != NULL && meta != NULL) {
    /* upstream cropped by metadata: the caps give the visible size, the
     * planes hold the video meta's frame */
    *width = MAX (*width, (gint) MIN (meta->width, (guint) G_MAXINT));
    *height = MAX (*height, (gint) MIN (meta->height, (guint) G_MAXINT));
  }
  visible->x = visible->y = 0;
  visible->width = MIN (caps_width, *width);
  visible->height = MIN (caps_height, *height);
  if (crop == NULL)
    return FALSE;
  /* an empty crop meta (or one outside the frame) leaves the whole frame */
  want.x = (gint) MIN (crop->x, (guint) G_MAXINT);
  want.y = (gint) MIN (crop->y, (guint) G_MAXINT);
  want.width = (gint) MIN (crop->width, (guint) G_MAXINT);
  want.height = (gint) MIN (crop->height, (guint) G_MAXINT);
  if (want.width > 0 && want.height > 0)
    prep_crop_resolve (*width, *height, &want, visible, &part);
  return TRUE;
}

/* A batch being filled. */
typedef struct
{
  GstCudaPreprocBatchSlots *slots;
  guint batch;
  GstElement *element;
} SlotFill;

/* Source @k's @n rectangles (and their objects, NULL: none) as slots. */
static void
fill_add (SlotFill * f, const GstCudaPreprocSource * src, guint k,
    const PrepStream * frame, const PrepRect * rects,
    const GstCudaPreprocObject * objects, guint n, gboolean reads)
{
  GstCudaPreprocBatchSlots *s = f->slots;
  guint i;

  for (i = 0; i < n; i++, s->n++) {
    s->streams[s->n] = *frame;
    s->streams[s->n].rect = rects[i];
    s->source_of[s->n] = k;
    s->reads[s->n] = reads;
    if (objects != NULL)
      s->objects[s->n] = objects[i];
    else
      gst_cuda_preproc_object_none (&s->objects[s->n]);
  }
}

/* Objects that did not fit: told once per stream. */
static void
warn_left_out (SlotFill * f, const GstCudaPreprocSource * src,
    GstCudaPreprocSourceState * st, GstBuffer * buf, guint left)
{
  gchar *prefix;

  if (left == 0 || st->warned_left_out)
    return;
  st->warned_left_out = TRUE;
  prefix = source_prefix (src);
  if (src->from_meta)
    GST_ELEMENT_WARNING (f->element, STREAM, FORMAT,
        ("%sThe frame at %" GST_TIME_FORMAT " carries %u object%s more "
            "than the %u slots of batch-size hold; dropped: raise batch-size "
            "to keep them (this warning is given once per stream)", prefix,
            GST_TIME_ARGS (GST_BUFFER_PTS (buf)), left, left == 1 ? "" : "s",
            f->batch), (NULL));
  else
    GST_ELEMENT_WARNING (f->element, STREAM, FORMAT,
        ("%sThe sources before it fill the %u slots of batch-size: %u of "
            "its rectangles left out: raise batch-size to keep them (this "
            "warning is given once per stream)", prefix, f->batch, left),
        (NULL));
  g_free (prefix);
}

/* A frame whose rectangle @bad lies outside its crop meta's @visible
 * area: dropped, told once per run of dropped frames. */
static void
warn_outside (SlotFill * f, const GstCudaPreprocSource * src,
    GstCudaPreprocSourceState * st, const PrepRect * visible, guint bad)
{
  const PrepRect *q = &src->requested[bad];
  gchar *prefix;

  if (!st->dropping) {
    prefix = source_prefix (src);
    GST_ELEMENT_WARNING (f->element, STREAM, FORMAT,
        ("%sRectangle %u (x=%d, y=%d, width=%d, height=%d) lies outside the "
            "%dx%d area at (%d, %d) of the buffer's crop meta; frame dropped",
            prefix, bad, q->x, q->y, q->width, q->height, visible->width,
            visible->height, visible->x, visible->y), (NULL));
    g_free (prefix);
  }
  st->dropping = TRUE;
}

/* Source @k's slots from its frame @buf (NULL: none this batch); TRUE when
 * it has a frame to read. */
static gboolean
fill_source (SlotFill * f, const GstCudaPreprocSource * src,
    GstCudaPreprocSourceState * st, guint k, GstBuffer * buf)
{
  GstCudaPreprocObject objects[PREP_BATCH_MAX];
  PrepRect rects[PREP_BATCH_MAX], *visible = &f->slots->visible[k];
  guint room = f->batch - f->slots->n, n = 0, dropped = 0, i;
  PrepStream frame = src->stream;
  guint64 clamped;
  gint bad;

  visible->x = visible->y = 0;
  visible->width = frame.src_width;
  visible->height = frame.src_height;
  if (buf != NULL)
    st->cropped = gst_cuda_preproc_source_frame (src, buf, &frame.src_width,
        &frame.src_height, visible);
  f->slots->frames[k] = frame;
  if (src->from_meta) {
    if (buf != NULL)
      n = gst_cuda_preproc_rois_from_meta (buf, &src->filter, visible->width,
          visible->height, rects, objects, room, &dropped);
    for (i = 0; i < n; i++) {
      rects[i].x += visible->x;
      rects[i].y += visible->y;
    }
    fill_add (f, src, k, &frame, rects, objects, n, TRUE);
    warn_left_out (f, src, st, buf, dropped);
    return buf != NULL;
  }
  n = MIN (src->n_requested, room);
  bad = resolve_rects (src, visible, n, rects, &clamped);
  if (bad >= 0) {
    warn_outside (f, src, st, visible, (guint) bad);
    /* its slots stay, as padding */
    for (i = 0; i < n; i++)
      rects[i] = *visible;
    fill_add (f, src, k, &frame, rects, NULL, n, FALSE);
    return FALSE;
  }
  if (buf != NULL)
    st->dropping = FALSE;
  fill_add (f, src, k, &frame, rects, NULL, n, buf != NULL);
  /* the sources before it took the slots its rectangles would have had */
  if (buf != NULL)
    warn_left_out (f, src, st, buf, MIN (src->n_requested, f->batch) - n);
  return buf != NULL;
}

guint
gst_cuda_preproc_sources_slots (const GstCudaPreprocSource * src,
    GstCudaPreprocSourceState ** states, guint n_sources, GstBuffer ** bufs,
    guint batch, GstElement * element, GstCudaPreprocBatchSlots * slots)
{
  SlotFill f = { slots, MIN (batch, PREP_BATCH_MAX), element };
  guint k, reading = 0;

  memset (slots, 0, sizeof (*slots));
  slots->n_sources = n_sources;
  for (k = 0; k < n_sources; k++)
    if (fill_source (&f, &src[k], states[k], k, bufs[k]))
      reading++;
  for (k = slots->n; k < PREP_BATCH_MAX; k++)
    gst_cuda_preproc_object_none (&slots->objects[k]);
  return reading;
}

void
gst_cuda_preproc_batch_slots_to_visible (const GstCudaPreprocBatchSlots *
    slots, guint j, PrepBoxMap * map)
{
  const PrepRect *v = &slots->visible[slots->source_of[j]];

  if (!map->valid)
    return;
  map->src.x -= v->x;
  map->src.y -= v->y;
}
