/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreprocbatch's streams plan (see gstcudapreprocbatch-plan.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/video/video.h>

#include "gstcudapreprocbatch-plan.h"
#include "gstcudapreproc-cuda.h"
#include "gstcudapreproc-input.h"

void
gst_cuda_preproc_batch_plan_clear (GstCudaPreprocBatchPlan * bp)
{
  guint i;

  prep_plan_free (bp->plan);
  gst_cuda_preproc_batch_rois_clear (&bp->rois);
  for (i = 0; i < PREP_BATCH_MAX; i++)
    gst_clear_object (&bp->pads[i]);
  memset (bp, 0, sizeof (*bp));
}

gboolean
gst_cuda_preproc_batch_plan_current (GstCudaPreprocBatchPlan * bp,
    GstCudaPreprocBatchPad ** pads, guint n, const GstCudaPreprocShape * shape)
{
  guint i;

  if (bp->plan == NULL || n != bp->n ||
      memcmp (shape, &bp->shape, sizeof (*shape)) != 0)
    return FALSE;
  for (i = 0; i < n; i++)
    if (pads[i] != bp->pads[i] ||
        gst_cuda_preproc_batch_pad_serial (pads[i]) != bp->serials[i])
      return FALSE;
  return TRUE;
}

/* Pads, serials and streams of @n pads; the texts of clamped crops go to
 * @warnings. */
static gboolean
plan_load_streams (GstCudaPreprocBatchPlan * bp,
    const GstCudaPreprocSettings * s, GstCudaPreprocBatchPad ** pads, guint n,
    GPtrArray * warnings, gchar ** error)
{
  gboolean clamped;
  guint i;

  for (i = 0; i < n; i++) {
    PrepRect *r = &bp->streams[i].rect;

    bp->pads[i] = gst_object_ref (pads[i]);
    bp->serials[i] = gst_cuda_preproc_batch_pad_serial (pads[i]);
    if (!gst_cuda_preproc_batch_pad_stream (pads[i], s, &bp->streams[i],
            &clamped, error))
      return FALSE;
    bp->rois.meta[i] = gst_cuda_preproc_batch_pad_roi_meta (pads[i],
        &bp->rois.filters[i]);
    bp->rois.any |= bp->rois.meta[i];
    if (bp->rois.meta[i]) {
      /* its objects are its slots; the crop is not used */
      r->x = r->y = 0;
      r->width = bp->streams[i].src_width;
      r->height = bp->streams[i].src_height;
      clamped = FALSE;
    }
    if (clamped)
      g_ptr_array_add (warnings, g_strdup_printf ("The crop of %s exceeds "
              "its %dx%d frame; clamped to (x=%d, y=%d, width=%d, height=%d)",
              GST_PAD_NAME (pads[i]), bp->streams[i].src_width,
              bp->streams[i].src_height, r->x, r->y, r->width, r->height));
  }
  bp->n = n;
  /* one batch, one memory: the CPU's or one CUDA context's */
  bp->cuda = n > 0 && gst_cuda_preproc_batch_pad_is_cuda (pads[0]);
  for (i = 0; i < n; i++)
    if (gst_cuda_preproc_batch_pad_is_cuda (pads[i]) != bp->cuda)
      goto mixed;
  return TRUE;

  /* ERRORS */
mixed:
  {
    *error = g_strdup_printf ("%s is in %s memory but %s in %s memory: one "
        "batch takes all its streams in system memory or all in CUDA memory",
        GST_PAD_NAME (pads[0]), bp->cuda ? "CUDA" : "system",
        GST_PAD_NAME (pads[i]), bp->cuda ? "system" : "CUDA");
    return FALSE;
  }
}

gboolean
gst_cuda_preproc_batch_plan_build (GstCudaPreprocBatchPlan * bp,
    const GstCudaPreprocSettings * s, const GstCudaPreprocShape * shape,
    GstCudaPreprocBatchPad ** pads, guint n, GPtrArray * warnings,
    gchar ** error)
{
  GstCudaPreprocBatchPlan next;
  PrepConfig cfg;
  PrepStatus st;

  memset (&next, 0, sizeof (next));
  next.shape = *shape;
  gst_cuda_preproc_settings_config (s, shape, &cfg);
  next.cfg = cfg;
  if (!plan_load_streams (&next, s, pads, n, warnings, error))
    goto refused;
  st = prep_plan_new_streams (&cfg, next.streams, (gint) n, &next.plan);
  if (st != PREP_OK)
    goto engine_refused;
  gst_cuda_preproc_batch_plan_clear (bp);
  *bp = next;
  return TRUE;

  /* ERRORS */
engine_refused:
  {
    *error = g_strdup_printf ("Cannot prepare the %dx%dx%dx%d %s tensor of "
        "%u streams: %s", cfg.batch_size, shape->channels, cfg.out_height,
        cfg.out_width, gst_cuda_preproc_dtype_name (shape->dtype), n,
        prep_status_string (st));
    goto refused;
  }
refused:
  {
    gst_cuda_preproc_batch_plan_clear (&next);
    return FALSE;
  }
}

gint
gst_cuda_preproc_batch_plan_slots (GstCudaPreprocBatchPlan * bp,
    GstBuffer ** bufs, gchar ** warning, gchar ** error)
{
  const gchar *names[PREP_BATCH_MAX];
  guint i;

  *warning = *error = NULL;
  memcpy (bp->run_bufs, bufs, sizeof (bp->run_bufs));
  bp->run_plan = bp->plan;
  bp->run_n = bp->n;
  bp->run_streams = bp->streams;
  bp->run_objects = NULL;
  for (i = 0; i < PREP_BATCH_MAX; i++)
    bp->pad_of[i] = i;
  if (!bp->rois.any)
    return (gint) bp->n;
  for (i = 0; i < bp->n; i++)
    names[i] = GST_PAD_NAME (bp->pads[i]);
  if (!gst_cuda_preproc_batch_rois_slots (&bp->rois, &bp->cfg, bp->streams,
          names, bp->n, bufs, bp->shape.batch, warning, error))
    return -1;
  bp->run_plan = bp->rois.plan;
  bp->run_n = bp->rois.n;
  bp->run_streams = bp->rois.slots;
  bp->run_objects = bp->rois.objects;
  memcpy (bp->pad_of, bp->rois.pad_of, sizeof (bp->pad_of));
  return (gint) bp->run_n;
}

/* Maps every pad's frame once (mapped[k] tells which were) and gives
 * each slot its pad's (a slot whose buffer is missing or cannot be mapped
 * gets a frame without planes, which the engine pads). */
static void
plan_map_frames (GstCudaPreprocBatchPlan * bp, GstBuffer ** bufs,
    GstVideoFrame * vframes, PrepFrame * frames, gboolean * mapped)
{
  PrepFrame pad_frames[PREP_BATCH_MAX];
  guint k, j;

  memset (mapped, 0, PREP_BATCH_MAX * sizeof (gboolean));
  for (k = 0; k < bp->n; k++) {
    const PrepStream *st = &bp->streams[k];

    mapped[k] = bufs[k] != NULL && gst_video_frame_map (&vframes[k],
        gst_cuda_preproc_batch_pad_info (bp->pads[k]), bufs[k], GST_MAP_READ);
    if (mapped[k])
      gst_cuda_preproc_input_frame (&vframes[k], st->format, st->src_width,
          st->src_height, &pad_frames[k]);
    else
      prep_frame_init (&pad_frames[k], st->format, st->src_width,
          st->src_height);
  }
  for (j = 0; j < bp->run_n; j++)
    frames[j] = pad_frames[bp->pad_of[j]];
}

static void
plan_unmap_frames (GstCudaPreprocBatchPlan * bp, GstVideoFrame * vframes,
    const gboolean * mapped)
{
  guint k;

  for (k = 0; k < bp->n; k++)
    if (mapped[k])
      gst_video_frame_unmap (&vframes[k]);
}

/* The inputs' ROI metas onto the tensor, each naming its stream (the
 * frames the last gst_cuda_preproc_batch_plan_slots () saw). */
static void
plan_copy_rois (GstCudaPreprocBatchPlan * bp,
    const GstCudaPreprocBoxStream * streams, GstBuffer * outbuf)
{
  const gchar *names[PREP_BATCH_MAX];
  gint indices[PREP_BATCH_MAX];
  guint k;

  for (k = 0; k < bp->n; k++) {
    names[k] = streams[k].name;
    indices[k] = streams[k].index;
  }
  gst_cuda_preproc_batch_rois_copy (outbuf, bp->run_bufs, names, indices,
      bp->n);
}

/* The box meta: a slot is valid when its pad had a frame (@had, per
 * pad); each names its pad's stream (@streams, per pad). */
static void
plan_add_meta (GstCudaPreprocBatchPlan * bp, const gboolean * had,
    const GstCudaPreprocBoxStream * streams, GstBuffer * outbuf)
{
  PrepBoxMap maps[PREP_BATCH_MAX];
  GstCudaPreprocBoxStream slots[PREP_BATCH_MAX];
  GstCudaPreprocObject objects[PREP_BATCH_MAX];
  guint j, batch = (guint) bp->shape.batch;
  const GstCudaPreprocBoxStream none = { NULL, -1, GST_CLOCK_TIME_NONE,
    GST_CLOCK_TIME_NONE
  };

  memset (maps, 0, sizeof (maps));
  for (j = 0; j < batch; j++) {
    slots[j] = j < bp->run_n ? streams[bp->pad_of[j]] : none;
    if (j < bp->run_n && bp->run_objects != NULL)
      objects[j] = bp->run_objects[j];
    else
      gst_cuda_preproc_object_none (&objects[j]);
    if (j < bp->run_n && had[bp->pad_of[j]])
      prep_plan_slot_map (bp->run_plan, (gint) j, &maps[j]);
  }
  gst_cuda_preproc_box_meta_add_streams (outbuf, maps, objects, slots, batch,
      bp->shape.width, bp->shape.height, gst_buffer_get_size (outbuf) / batch);
  plan_copy_rois (bp, streams, outbuf);
}

/* The batch in CUDA memory: one kernel launch (errors are posted). */
static gboolean
plan_run_cuda (GstCudaPreprocBatchPlan * bp, GstCudaPreprocCuda * cuda,
    GstBuffer ** bufs, const GstCudaPreprocBoxStream * streams,
    GstBuffer * outbuf, gboolean cuda_out)
{
  const GstVideoInfo *infos[PREP_BATCH_MAX];
  GstBuffer *slot_bufs[PREP_BATCH_MAX];
  gboolean had[PREP_BATCH_MAX];
  guint j;

  for (j = 0; j < bp->n; j++)
    had[j] = bufs[j] != NULL;
  for (j = 0; j < bp->run_n; j++) {
    infos[j] = gst_cuda_preproc_batch_pad_info (bp->pads[bp->pad_of[j]]);
    slot_bufs[j] = bufs[bp->pad_of[j]];
  }
  if (gst_cuda_preproc_cuda_process_streams (cuda, bp->run_plan, slot_bufs,
          infos, bp->run_streams, bp->run_n, outbuf, cuda_out) != GST_FLOW_OK)
    return FALSE;
  plan_add_meta (bp, had, streams, outbuf);
  return TRUE;
}

gboolean
gst_cuda_preproc_batch_plan_run (GstCudaPreprocBatchPlan * bp,
    PrepWorkers * workers, GstCudaPreprocCuda * cuda, GstBuffer ** bufs,
    const GstCudaPreprocBoxStream * streams, GstBuffer * outbuf,
    gboolean cuda_out, gchar ** error)
{
  GstVideoFrame vframes[PREP_BATCH_MAX];
  PrepFrame frames[PREP_BATCH_MAX];
  gboolean mapped[PREP_BATCH_MAX];
  GstMapInfo out;
  PrepStatus st = PREP_ERROR_NO_MEMORY;

  *error = NULL;
  if (bp->cuda)
    return plan_run_cuda (bp, cuda, bufs, streams, outbuf, cuda_out);
  if (cuda_out)
    goto not_cuda;

  plan_map_frames (bp, bufs, vframes, frames, mapped);
  if (!gst_buffer_map (outbuf, &out, GST_MAP_WRITE))
    goto failed;
  st = prep_plan_run_cpu_streams (bp->run_plan, workers, PREP_CPU_AUTO,
      frames, out.data, out.size);
  gst_buffer_unmap (outbuf, &out);
  if (st != PREP_OK)
    goto failed;
  plan_unmap_frames (bp, vframes, mapped);
  plan_add_meta (bp, mapped, streams, outbuf);
  return TRUE;

  /* ERRORS */
not_cuda:
  {
    *error = g_strdup_printf ("The tensor was negotiated in CUDA memory, but "
        "%s is in system memory: a CUDA tensor takes every stream in CUDA "
        "memory", GST_PAD_NAME (bp->pads[0]));
    return FALSE;
  }
failed:
  {
    plan_unmap_frames (bp, vframes, mapped);
    *error = g_strdup_printf ("Preprocessing the batch failed: %s",
        prep_status_string (st));
    return FALSE;
  }
}

static GstClockTime
plan_running_time (GstAggregatorPad * pad, GstBuffer * buf)
{
  if (!GST_BUFFER_PTS_IS_VALID (buf))
    return GST_CLOCK_TIME_NONE;
  return gst_segment_to_running_time (&pad->segment, GST_FORMAT_TIME,
      GST_BUFFER_PTS (buf));
}

void
gst_cuda_preproc_batch_plan_streams (GstCudaPreprocBatchPlan * bp,
    GstBuffer ** bufs, GstCudaPreprocBoxStream * streams, GstClockTime * pts,
    GstClockTime * duration)
{
  guint i;

  *pts = *duration = GST_CLOCK_TIME_NONE;
  for (i = 0; i < (guint) bp->shape.batch; i++) {
    GstCudaPreprocBoxStream *st = &streams[i];
    GstAggregatorPad *pad = i < bp->n ? GST_AGGREGATOR_PAD (bp->pads[i]) : NULL;

    st->name = pad != NULL ? GST_PAD_NAME (pad) : NULL;
    st->index = pad != NULL ? (gint) gst_cuda_preproc_batch_pad_index
        (bp->pads[i]) : -1;
    st->pts = st->running_time = GST_CLOCK_TIME_NONE;
    if (pad == NULL || bufs[i] == NULL)
      continue;
    st->pts = GST_BUFFER_PTS (bufs[i]);
    st->running_time = plan_running_time (pad, bufs[i]);
    if (GST_CLOCK_TIME_IS_VALID (st->running_time) &&
        (!GST_CLOCK_TIME_IS_VALID (*pts) || st->running_time < *pts))
      *pts = st->running_time;
    if (GST_BUFFER_DURATION_IS_VALID (bufs[i]) &&
        (!GST_CLOCK_TIME_IS_VALID (*duration) ||
            GST_BUFFER_DURATION (bufs[i]) < *duration))
      *duration = GST_BUFFER_DURATION (bufs[i]);
  }
}
