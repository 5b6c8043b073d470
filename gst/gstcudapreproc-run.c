/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* A batch's run (see gstcudapreproc-run.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include <gst/base/gstbasetransform.h>
#include <gst/video/video.h>

#include "gstcudapreproc-run.h"
#include "gstcudapreproc-input.h"

void
gst_cuda_preproc_run_clear (GstCudaPreprocRun * run)
{
  prep_plan_free (run->plan);
  run->plan = NULL;
  run->n = 0;
}

void
gst_cuda_preproc_run_set_tensor (GstCudaPreprocRun * run,
    const PrepConfig * cfg, gboolean streams)
{
  gst_cuda_preproc_run_clear (run);
  run->cfg = *cfg;
  run->streams = streams;
}

void
gst_cuda_preproc_run_set_window (GstCudaPreprocRun * run,
    const PrepWindow * win)
{
  if ((win != NULL) == run->windowed && (win == NULL ||
          memcmp (win, &run->win, sizeof (PrepWindow)) == 0))
    return;
  gst_cuda_preproc_run_clear (run);
  run->windowed = win != NULL;
  if (win != NULL)
    run->win = *win;
}

/* The engine's refusal of the tensor of @n slots (to free). */
static gchar *
run_refusal (const GstCudaPreprocRun * run, guint n, PrepStatus st)
{
  const PrepConfig *c = &run->cfg;
  gchar *of = run->streams ? g_strdup_printf (" of %u streams", n) :
      g_strdup ("");
  gchar *text = g_strdup_printf ("Cannot prepare the %dx%dx%dx%d %s tensor%s:"
      " %s", c->batch_size, prep_channel_count (c->channel_order),
      c->out_height, c->out_width, gst_cuda_preproc_dtype_name (c->data_type),
      of, prep_status_string (st));

  g_free (of);
  return text;
}

/* The slots are those the plan has: nothing to do. */
static gboolean
run_has (const GstCudaPreprocRun * run, const GstCudaPreprocBatchSlots * s)
{
  return run->plan != NULL && run->n == s->n &&
      memcmp (run->slots, s->streams, s->n * sizeof (PrepStream)) == 0;
}

/* Frames of one format, size and colour. */
static gboolean
same_frames (const PrepStream * a, const PrepStream * b)
{
  return a->format == b->format && a->src_width == b->src_width &&
      a->src_height == b->src_height && a->matrix == b->matrix &&
      a->range == b->range && a->chroma_site == b->chroma_site;
}

static PrepStatus
run_prepare_streams (GstCudaPreprocRun * run,
    const GstCudaPreprocBatchSlots * s)
{
  if (run->plan != NULL && prep_plan_set_streams (run->plan, s->streams,
          (gint) s->n) == PREP_OK)
    return PREP_OK;
  gst_cuda_preproc_run_clear (run);
  return prep_plan_new_streams (&run->cfg, s->streams, (gint) s->n, &run->plan);
}

/* A plain plan: source 0's frames, the slots' rectangles. */
static PrepStatus
run_prepare_plain (GstCudaPreprocRun * run, const GstCudaPreprocBatchSlots * s)
{
  PrepRect rects[PREP_BATCH_MAX];
  PrepConfig cfg = run->cfg;
  guint j;

  PrepWindow wins[PREP_BATCH_MAX];

  for (j = 0; j < s->n; j++) {
    rects[j] = s->streams[j].rect;
    /* crop-rect: the window where its rectangle went (a crop meta's area
     * moves it), the same fraction past the rectangle's corner */
    wins[j].x = rects[j].x + (run->win.x - floor (run->win.x));
    wins[j].y = rects[j].y + (run->win.y - floor (run->win.y));
    wins[j].width = run->win.width;
    wins[j].height = run->win.height;
  }
  if (run->plan != NULL && same_frames (&run->frame, &s->frames[0]))
    return run->windowed ? prep_plan_set_windows (run->plan, wins,
        (gint) s->n) : prep_plan_set_slots (run->plan, rects, (gint) s->n);
  gst_cuda_preproc_run_clear (run);
  cfg.format = s->frames[0].format;
  cfg.src_width = s->frames[0].src_width;
  cfg.src_height = s->frames[0].src_height;
  cfg.matrix = s->frames[0].matrix;
  cfg.range = s->frames[0].range;
  cfg.chroma_site = s->frames[0].chroma_site;
  if (run->windowed)
    return prep_plan_new_windows (&cfg, wins, (gint) s->n, &run->plan);
  return prep_plan_new (&cfg, rects, (gint) s->n, &run->plan);
}

gchar *
gst_cuda_preproc_run_prepare (GstCudaPreprocRun * run,
    const GstCudaPreprocBatchSlots * slots)
{
  PrepStatus st;

  if (run_has (run, slots) && (run->streams ||
          same_frames (&run->frame, &slots->frames[0])))
    return NULL;
  st = run->streams ? run_prepare_streams (run, slots) :
      run_prepare_plain (run, slots);
  if (st != PREP_OK) {
    gst_cuda_preproc_run_clear (run);
    return run_refusal (run, slots->n, st);
  }
  run->n = slots->n;
  memcpy (run->slots, slots->streams, slots->n * sizeof (PrepStream));
  run->frame = slots->frames[0];
  return NULL;
}

/* The sources' frames mapped (@mapped[k]: source k's was), each as its
 * engine frame. */
static void
run_map_sources (const GstCudaPreprocSource * src, GstBuffer ** bufs,
    const GstCudaPreprocBatchSlots * slots, GstVideoFrame * vframes,
    PrepFrame * frames, gboolean * mapped)
{
  const PrepStream *f;
  guint k;

  for (k = 0; k < slots->n_sources; k++) {
    f = &slots->frames[k];
    mapped[k] = bufs[k] != NULL && gst_video_frame_map (&vframes[k],
        src[k].info, bufs[k], GST_MAP_READ);
    if (mapped[k])
      gst_cuda_preproc_input_frame (&vframes[k], f->format, f->src_width,
          f->src_height, &frames[k]);
    else
      prep_frame_init (&frames[k], f->format, f->src_width, f->src_height);
  }
}

static void
run_unmap_sources (const GstCudaPreprocBatchSlots * slots,
    GstVideoFrame * vframes, const gboolean * mapped)
{
  guint k;

  for (k = 0; k < slots->n_sources; k++)
    if (mapped[k])
      gst_video_frame_unmap (&vframes[k]);
}

/* The pass on the CPU into @out (after the header). */
static PrepStatus
run_cpu_pass (const GstCudaPreprocRun * run, const GstCudaPreprocRunOn * on,
    const GstCudaPreprocBatchSlots * slots, const PrepFrame * per_source,
    guint8 * out, gsize size)
{
  PrepFrame frames[PREP_BATCH_MAX];
  const PrepStream *s;
  guint j;

  if (!run->streams)
    return prep_plan_run_cpu_parallel (run->plan, on->workers, PREP_CPU_AUTO,
        &per_source[0], out, size);
  for (j = 0; j < slots->n; j++) {
    s = &slots->streams[j];
    frames[j] = per_source[slots->source_of[j]];
    /* a slot without a frame to read is padding in this run */
    if (!slots->reads[j])
      prep_frame_init (&frames[j], s->format, s->src_width, s->src_height);
  }
  return prep_plan_run_cpu_streams (run->plan, on->workers, PREP_CPU_AUTO,
      frames, out, size);
}

static GstFlowReturn
run_cpu (const GstCudaPreprocRun * run, const GstCudaPreprocRunOn * on,
    const GstCudaPreprocSource * src, GstBuffer ** bufs,
    const GstCudaPreprocBatchSlots * slots, GstBuffer * tensor,
    const GstCudaPreprocHeader * header)
{
  GstVideoFrame vframes[PREP_BATCH_MAX];
  PrepFrame frames[PREP_BATCH_MAX];
  gboolean mapped[PREP_BATCH_MAX];
  gsize skip = header != NULL ? header->bytes : 0;
  GstMapInfo out;
  PrepStatus st;

  run_map_sources (src, bufs, slots, vframes, frames, mapped);
  if (!run->streams && !mapped[0])
    goto map_in_failed;
  if (!gst_buffer_map (tensor, &out, GST_MAP_WRITE))
    goto map_out_failed;
  /* the buffer's size is the negotiated one, header included */
  if (skip > 0)
    memcpy (out.data, header->data, skip);
  st = run_cpu_pass (run, on, slots, frames, out.data + skip, out.size - skip);
  gst_buffer_unmap (tensor, &out);
  run_unmap_sources (slots, vframes, mapped);
  if (st != PREP_OK)
    goto run_failed;
  return GST_FLOW_OK;

  /* ERRORS */
map_in_failed:
  {
    GST_ELEMENT_WARNING (on->element, STREAM, FORMAT,
        ("Cannot map the input frame; frame dropped"), (NULL));
    return GST_BASE_TRANSFORM_FLOW_DROPPED;
  }
map_out_failed:
  {
    run_unmap_sources (slots, vframes, mapped);
    GST_ELEMENT_ERROR (on->element, RESOURCE, WRITE,
        ("Cannot map the output tensor buffer for writing"), (NULL));
    return GST_FLOW_ERROR;
  }
run_failed:
  {
    GST_ELEMENT_ERROR (on->element, STREAM, FAILED,
        ("Preprocessing failed: %s", prep_status_string (st)), (NULL));
    return GST_FLOW_ERROR;
  }
}

/* One kernel launch: the plain plan's on source 0, or the streams plan's
 * on every slot's frame. */
static GstFlowReturn
run_cuda (const GstCudaPreprocRun * run, const GstCudaPreprocRunOn * on,
    const GstCudaPreprocSource * src, GstBuffer ** bufs,
    const GstCudaPreprocBatchSlots * slots, GstBuffer * tensor,
    const GstCudaPreprocHeader * header)
{
  const GstCudaPreprocHeader none = { NULL, 0 };
  const GstVideoInfo *infos[PREP_BATCH_MAX];
  GstBuffer *frames[PREP_BATCH_MAX];
  const PrepStream *f = &slots->frames[0];
  guint j, k;

  if (!run->streams)
    return gst_cuda_preproc_cuda_process (on->cuda, run->plan, src[0].info,
        f->format, f->src_width, f->src_height, bufs[0], tensor, on->cuda_out,
        header != NULL ? header : &none);
  for (j = 0; j < slots->n; j++) {
    k = slots->source_of[j];
    infos[j] = src[k].info;
    frames[j] = slots->reads[j] ? bufs[k] : NULL;
  }
  return gst_cuda_preproc_cuda_process_streams (on->cuda, run->plan, frames,
      infos, slots->streams, slots->n, tensor, on->cuda_out);
}

GstFlowReturn
gst_cuda_preproc_run_batch (GstCudaPreprocRun * run,
    const GstCudaPreprocRunOn * on, const GstCudaPreprocSource * src,
    GstBuffer ** bufs, const GstCudaPreprocBatchSlots * slots,
    GstBuffer * tensor, const GstCudaPreprocHeader * header)
{
  if (on->cuda_in)
    return run_cuda (run, on, src, bufs, slots, tensor, header);
  if (on->cuda_out)
    goto not_cuda;
  return run_cpu (run, on, src, bufs, slots, tensor, header);

  /* ERRORS */
not_cuda:
  {
    GST_ELEMENT_ERROR (on->element, STREAM, FORMAT, ("The tensor was "
            "negotiated in CUDA memory, but the input is in system memory: "
            "a CUDA tensor takes every input in CUDA memory"), (NULL));
    return GST_FLOW_NOT_NEGOTIATED;
  }
}

void
gst_cuda_preproc_run_maps (const GstCudaPreprocRun * run,
    const GstCudaPreprocBatchSlots * slots, gint batch, PrepBoxMap * maps)
{
  gint j;

  for (j = 0; j < batch; j++) {
    memset (&maps[j], 0, sizeof (PrepBoxMap));
    /* a slot without a frame to read holds padding */
    if ((guint) j >= slots->n || !slots->reads[j])
      continue;
    prep_plan_slot_map (run->plan, j, &maps[j]);
    gst_cuda_preproc_batch_slots_to_visible (slots, (guint) j, &maps[j]);
  }
}

gboolean
gst_cuda_preproc_run_add_meta (const GstCudaPreprocRun * run,
    const GstCudaPreprocBatchSlots * slots, const GstCudaPreprocRunMeta * m,
    GstBuffer * buffer)
{
  const GstCudaPreprocBoxStream none = { NULL, -1, GST_CLOCK_TIME_NONE,
    GST_CLOCK_TIME_NONE
  };
  GstCudaPreprocBoxStream streams[PREP_BATCH_MAX];
  PrepBoxMap maps[PREP_BATCH_MAX];
  GstCudaPreprocBoxMetaSpec spec = {
    .maps = maps,.objects = slots->objects,.batch_size = (guint) m->batch,
    .tensor_width = m->width,.tensor_height = m->height,
    .slot_bytes = m->slot_bytes,.tensor_id = m->tensor_id,
  };
  gint j;

  gst_cuda_preproc_run_maps (run, slots, m->batch, maps);
  if (m->streams != NULL) {
    for (j = 0; j < m->batch; j++)
      streams[j] = (guint) j < slots->n ?
          m->streams[slots->source_of[j]] : none;
    spec.streams = streams;
  }
  return gst_cuda_preproc_box_meta_add_spec (buffer, &spec);
}

/* One ROI meta onto @tensor, its params too, and its source's. */
static void
copy_roi (GstBuffer * tensor, const GstVideoRegionOfInterestMeta * roi,
    const GstCudaPreprocSource * src)
{
  GstVideoRegionOfInterestMeta *copy;
  GList *l;

  copy = gst_buffer_add_video_region_of_interest_meta_id (tensor,
      roi->roi_type, roi->x, roi->y, roi->w, roi->h);
  copy->id = roi->id;
  copy->parent_id = roi->parent_id;
  for (l = roi->params; l != NULL; l = l->next)
    gst_video_region_of_interest_meta_add_param (copy,
        gst_structure_copy (l->data));
  gst_video_region_of_interest_meta_add_param (copy,
      gst_structure_new ("cudapreproc-stream", "stream", G_TYPE_STRING,
          src->name, "stream-index", G_TYPE_INT, src->index, NULL));
}

void
gst_cuda_preproc_run_copy_rois (const GstCudaPreprocSource * src,
    GstBuffer ** bufs, guint n_sources, GstBuffer * tensor)
{
  GstVideoRegionOfInterestMeta *roi;
  gpointer state;
  guint k;

  for (k = 0; k < n_sources; k++) {
    if (bufs[k] == NULL)
      continue;
    state = NULL;
    while ((roi = (GstVideoRegionOfInterestMeta *)
            gst_buffer_iterate_meta_filtered (bufs[k], &state,
                GST_VIDEO_REGION_OF_INTEREST_META_API_TYPE)) != NULL)
      copy_roi (tensor, roi, &src[k]);
  }
}
