/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Multi-stream batches: a plan whose slot i reads stream i's frames.  The
 * tensor is the config's; what a frame is (format, size, colour matrix and
 * range) is per stream, so each slot has its own PrepParams (the plan's
 * slot_params, which the executors take through PrepSlotView.params) and
 * its own planes (PrepPass.slot_src).  Everything else is a batch plan's:
 * one slot table, one kernel table, one pass over all rows. */

#include <stdlib.h>

#include <string.h>

#include "prep-kernel.h"
#include "prep-private.h"

/* Stream @s's config: @cfg with its frames' format, size and colour. */
static void
prep_stream_config (const PrepConfig * cfg, const PrepStream * s,
    PrepConfig * out)
{
  *out = *cfg;
  out->format = s->format;
  out->src_width = s->src_width;
  out->src_height = s->src_height;
  out->matrix = s->matrix;
  out->range = s->range;
  out->chroma_site = s->chroma_site;
}

/* What prep_plan_new () would refuse for each stream's config and
 * rectangle, the first refusal. */
static PrepStatus
prep_streams_check (const PrepConfig * cfg, const PrepStream * streams,
    int n_streams)
{
  PrepConfig c;
  PrepStatus st;
  int i;

  if (cfg == NULL || streams == NULL || n_streams < 1 ||
      n_streams > cfg->batch_size || n_streams > PREP_BATCH_MAX)
    return PREP_ERROR_INVALID_ARGUMENT;
  for (i = 0; i < n_streams; i++) {
    prep_stream_config (cfg, &streams[i], &c);
    if ((st = prep_config_validate (&c)) != PREP_OK)
      return st;
    if (!prep_crop_inside (c.src_width, c.src_height, &streams[i].rect))
      return PREP_ERROR_CROP;
  }
  return PREP_OK;
}

/* Every slot's parameters for @streams (slot i < n_streams: stream i's
 * config; the padding slots: stream 0's) into @params, the most antialias
 * weights any of them needs into *@most. */
static void
prep_streams_params (const PrepConfig * cfg, const PrepStream * streams,
    int n_streams, PrepParams * params, int *most)
{
  PrepConfig c;
  int i;

  *most = 0;
  for (i = 0; i < cfg->batch_size; i++) {
    prep_stream_config (cfg, &streams[i < n_streams ? i : 0], &c);
    /* every byte defined: the kernel table's build compares them */
    memset (&params[i], 0, sizeof (PrepParams));
    prep_params_init (&c, &params[i]);
    *most = params[i].aa_weights > *most ? params[i].aa_weights : *most;
  }
}

/* The streams and every slot's parameters into @plan (tables for a whole
 * batch of streams, so that prep_plan_set_streams () allocates nothing);
 * the antialias weights per slot are sized for the largest frame. */
static PrepStatus
prep_plan_take_streams (PrepPlan * plan, const PrepStream * streams,
    int n_streams)
{
  int n = plan->cfg.batch_size, i, most;

  plan->streams = malloc ((size_t) n * sizeof (PrepStream));
  plan->slot_params = malloc ((size_t) n * sizeof (PrepParams));
  if (plan->streams == NULL || plan->slot_params == NULL)
    return PREP_ERROR_NO_MEMORY;
  plan->n_streams = n_streams;
  memcpy (plan->streams, streams, (size_t) n_streams * sizeof (PrepStream));
  prep_streams_params (&plan->cfg, streams, n_streams, plan->slot_params,
      &most);
  for (i = 0; i < n; i++)
    plan->slot_params[i].aa_weights = most;
  plan->params.aa_weights = most;
  return PREP_OK;
}

PrepStatus
prep_plan_new_streams (const PrepConfig * cfg, const PrepStream * streams,
    int n_streams, PrepPlan ** out)
{
  PrepRect rects[PREP_BATCH_MAX];
  PrepConfig c;
  PrepPlan *plan;
  PrepStatus st;
  int i;

  if (out == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  *out = NULL;
  if ((st = prep_streams_check (cfg, streams, n_streams)) != PREP_OK)
    return st;
  prep_stream_config (cfg, &streams[0], &c);
  if ((plan = prep_plan_make (&c)) == NULL)
    return PREP_ERROR_NO_MEMORY;
  for (i = 0; i < n_streams; i++)
    rects[i] = streams[i].rect;
  if ((st = prep_plan_take_streams (plan, streams, n_streams)) != PREP_OK) {
    prep_plan_free (plan);
    return st;
  }
  return prep_plan_finish (plan, rects, n_streams, out);
}

PrepStatus
prep_plan_set_streams (PrepPlan * plan, const PrepStream * streams,
    int n_streams)
{
  PrepParams params[PREP_BATCH_MAX];
  PrepRect rects[PREP_BATCH_MAX];
  PrepConfig c;
  PrepStatus st;
  int i, most;

  if (plan == NULL || plan->n_streams == 0)
    return PREP_ERROR_INVALID_ARGUMENT;
  if ((st = prep_streams_check (&plan->cfg, streams, n_streams)) != PREP_OK)
    return st;
  prep_streams_params (&plan->cfg, streams, n_streams, params, &most);
  /* the antialias weights of every slot are sized at prep_plan_new_streams
   * () for its streams' whole frames: a larger frame needs a new plan */
  if (most > plan->params.aa_weights)
    return PREP_ERROR_INVALID_ARGUMENT;
  for (i = 0; i < plan->cfg.batch_size; i++) {
    params[i].aa_weights = plan->params.aa_weights;
    plan->slot_params[i] = params[i];
  }
  memcpy (plan->streams, streams, (size_t) n_streams * sizeof (PrepStream));
  plan->n_streams = n_streams;
  prep_stream_config (&plan->cfg, &streams[0], &c);
  plan->cfg = c;
  for (i = 0; i < n_streams; i++)
    rects[i] = streams[i].rect;
  prep_plan_place (plan, rects, n_streams);
  return PREP_OK;
}

PrepStatus
prep_streams_check_frames (const PrepPlan * plan, const PrepFrame * frames,
    size_t dst_size, PrepPlanes * planes)
{
  const PrepStream *s;
  PrepStatus st;
  int i;

  for (i = 0; i < plan->n_streams; i++) {
    s = &plan->streams[i];
    /* no frame from this stream: its slot is padding */
    if (frames[i].planes[0] == NULL) {
      memset (&planes[i], 0, sizeof (PrepPlanes));
      continue;
    }
    st = prep_frame_check (s->format, s->src_width, s->src_height,
        &frames[i], &planes[i]);
    if (st != PREP_OK)
      return st;
  }
  /* padding slots read nothing */
  for (; i < plan->cfg.batch_size; i++)
    memset (&planes[i], 0, sizeof (PrepPlanes));
  return dst_size < plan->n_bytes ? PREP_ERROR_OUTPUT_SIZE : PREP_OK;
}

PrepStatus
prep_plan_stream_extents (const PrepPlan * plan, int i,
    const int strides[PREP_PLANES_MAX], size_t plane_bytes[PREP_PLANES_MAX])
{
  PrepSlotTable one;

  if (plan == NULL || i < 0 || i >= plan->n_streams || strides == NULL ||
      plane_bytes == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  memset (&one, 0, sizeof one);
  one.s[0] = plan->slots.s[i];
  prep_kernel_extents (&plan->slot_params[i], &one, 1, strides, plane_bytes,
      NULL);
  return PREP_OK;
}
