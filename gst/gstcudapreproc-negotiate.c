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

#include <math.h>
#include <string.h>

#include "gstcudapreproc-negotiate.h"
#include "gstcudapreproc-enums.h"
#include "gstcudapreproc-input.h"

/* A tensor buffer the element cannot allocate is refused at negotiation
 * (gst_cuda_preproc_tensor_bytes_refusal ()). */
static gchar *
output_too_large (const GstCudaPreprocNegotiated * neg)
{
  return gst_cuda_preproc_tensor_bytes_refusal (&neg->shape, neg->out_bytes,
      neg->cuda_out);
}

/* The tensor buffer's bytes: the tensor's, after the header of flexible
 * tensors; NULL, or why not (the overflow policy of docs/bad-input.md). */
static gchar *
buffer_bytes (GstCudaPreprocNegotiated * neg, gboolean flexible)
{
  gchar *str, *text;

  neg->header_bytes = flexible ? GST_CUDA_PREPROC_FLEX_HEADER_BYTES : 0;
  if (gst_cuda_preproc_shape_get_bytes (&neg->shape, &neg->out_bytes) &&
      neg->out_bytes <= G_MAXSSIZE - neg->header_bytes) {
    neg->out_bytes += neg->header_bytes;
    return NULL;
  }
  str = gst_cuda_preproc_shape_to_dimensions (&neg->shape);
  text = g_strdup_printf ("Output tensor (dimensions=%s, %s) is too large: "
      "its byte size overflows", str,
      gst_cuda_preproc_dtype_name (neg->shape.dtype));
  g_free (str);
  return text;
}

/* The input's info, format and colorimetry; FALSE with *@error (or NULL
 * for caps GstVideoInfo cannot parse). */
static gboolean
read_input (GstCudaPreprocNegotiated * neg, GstCaps * incaps, gchar ** error)
{
  *error = NULL;
  if (!gst_video_info_from_caps (&neg->in_info, incaps))
    return FALSE;
  if (!gst_cuda_preproc_prep_format (GST_VIDEO_INFO_FORMAT (&neg->in_info),
          &neg->format))
    goto bad_format;
  neg->matrix_known = gst_cuda_preproc_input_colorimetry (&neg->in_info,
      &neg->matrix, &neg->range);
  gst_cuda_preproc_input_stated_colorimetry (incaps, &neg->stated);
  neg->cuda_in = gst_cuda_preproc_caps_is_cuda (incaps);
  return TRUE;

  /* ERRORS */
bad_format:
  {
    *error = g_strdup_printf ("Unsupported input format %s: the formats are "
        "%s", gst_video_format_to_string (GST_VIDEO_INFO_FORMAT
            (&neg->in_info)), GST_CUDA_PREPROC_FORMATS);
    return FALSE;
  }
}

gboolean
gst_cuda_preproc_negotiated_from_caps (GstCudaPreprocNegotiated * neg,
    GstCaps * incaps, GstCaps * outcaps, const GstCudaPreprocWanted * want,
    gchar ** error)
{
  gboolean flexible;

  if (!read_input (neg, incaps, error))
    return FALSE;
  neg->meta = FALSE;
  if (!gst_cuda_preproc_caps_get_shape (outcaps, want, &neg->shape,
          &flexible, error))
    return FALSE;
  neg->cuda_out = gst_cuda_preproc_caps_is_cuda (outcaps);
  if ((*error = buffer_bytes (neg, flexible)) == NULL)
    *error = output_too_large (neg);
  return *error == NULL;
}

/* output-mode=meta: the properties' shape, in the memory @neg says. */
static gchar *
meta_shape (GstCudaPreprocNegotiated * neg, const GstCudaPreprocWanted * want)
{
  gchar *error;

  neg->shape = want->shape;
  if ((error = buffer_bytes (neg, FALSE)) != NULL)
    return error;
  return output_too_large (neg);
}

gboolean
gst_cuda_preproc_negotiated_from_video (GstCudaPreprocNegotiated * neg,
    GstCaps * incaps, const GstCudaPreprocWanted * want, gchar ** error)
{
  if (!read_input (neg, incaps, error))
    return FALSE;
  neg->meta = TRUE;
  neg->cuda_out = neg->cuda_in;
  *error = meta_shape (neg, want);
  return *error == NULL;
}

/* The matrix and range of the plan: the properties', or with auto the
 * caps'.  NULL, or the refusal of a YUV matrix the engine lacks. */
static gchar *
choose_colorimetry (const GstCudaPreprocNegotiated * neg,
    const GstCudaPreprocSettings * s, PrepConfig * cfg)
{
  gchar *str, *text;

  cfg->matrix = neg->matrix;
  cfg->range = neg->range;
  if (gst_cuda_preproc_settings_colorimetry (s, neg->matrix_known,
          &cfg->matrix, &cfg->range))
    return NULL;
  str = gst_video_colorimetry_to_string (&neg->in_info.colorimetry);
  text = g_strdup_printf ("Unsupported colorimetry %s: the YUV matrix must "
      "be BT.601, BT.709 or BT.2020 (or set color-matrix)", GST_STR_NULL (str));
  g_free (str);
  return text;
}

static void
fill_config (const GstCudaPreprocNegotiated * neg,
    const GstCudaPreprocSettings * s, PrepConfig * cfg)
{
  gst_cuda_preproc_settings_config (s, &neg->shape, cfg);
  cfg->format = neg->format;
  cfg->src_width = GST_VIDEO_INFO_WIDTH (&neg->in_info);
  cfg->src_height = GST_VIDEO_INFO_HEIGHT (&neg->in_info);
  cfg->chroma_site = gst_cuda_preproc_input_chroma_site (&neg->in_info);
}

/* The negotiated caps fix the shape, but 3:N:3:1 reads both as NCHW and as
 * NHWC: a layout change that keeps the caps is not renegotiated, so the
 * properties decide whenever they give the negotiated caps. */
static void
follow_layout (GstCudaPreprocNegotiated * neg, const GstCudaPreprocSettings * s)
{
  GstCudaPreprocShape want;

  want = neg->shape;
  want.width = s->width;
  want.height = s->height;
  want.nhwc = s->layout == GST_CUDA_PREPROC_LAYOUT_NHWC;
  if (gst_cuda_preproc_shape_same_caps (&want, &neg->shape))
    neg->shape = want;
}

/* The source of @neg's frames: its caps, the colour of @cfg, and how its
 * slots are chosen: the rois, or the crop (whose 0 sizes mean "to the
 * edge"), or the objects of ROI and analytics metas. */
static void
load_source (GstCudaPreprocSource * src, const GstCudaPreprocNegotiated * neg,
    const GstCudaPreprocSettings * s, const PrepConfig * cfg)
{
  memset (src, 0, sizeof (*src));
  src->info = &neg->in_info;
  src->stream.format = neg->format;
  src->stream.src_width = GST_VIDEO_INFO_WIDTH (&neg->in_info);
  src->stream.src_height = GST_VIDEO_INFO_HEIGHT (&neg->in_info);
  src->stream.matrix = cfg->matrix;
  src->stream.range = cfg->range;
  src->stream.chroma_site = cfg->chroma_site;
  src->from_meta = s->roi_source == GST_CUDA_PREPROC_ROI_SOURCE_META;
  gst_cuda_preproc_settings_roi_filter (s, &src->filter);
  src->rois = s->n_rois > 0;
  src->n_requested = s->n_rois > 0 ? s->n_rois : 1;
  if (s->n_rois > 0)
    memcpy (src->requested, s->rois, s->n_rois * sizeof (PrepRect));
  else
    src->requested[0] = s->crop;
  src->index = -1;
  /* crop-rect (checked to lie inside the frame) replaces the crop */
  src->window = s->crop_rect_set && s->n_rois == 0 && !src->from_meta;
  if (src->window) {
    src->win.x = s->crop_rect[0];
    src->win.y = s->crop_rect[1];
    src->win.width = s->crop_rect[2];
    src->win.height = s->crop_rect[3];
    src->requested[0].x = (gint) floor (src->win.x);
    src->requested[0].y = (gint) floor (src->win.y);
    src->requested[0].width = (gint) (ceil (src->win.x + src->win.width) -
        floor (src->win.x));
    src->requested[0].height = (gint) (ceil (src->win.y + src->win.height) -
        floor (src->win.y));
  }
}

/* The slots of the caps' frame: the property rectangles resolved against
 * it (a clamped one adds a warning, one outside is the error), none for
 * ROI metas (each frame gives its own). */
static gchar *
first_slots (const GstCudaPreprocSource * src, guint batch,
    GstCudaPreprocBatchSlots * slots, GPtrArray * warnings)
{
  PrepRect rects[PREP_BATCH_MAX];
  PrepRect area = { 0, 0, src->stream.src_width, src->stream.src_height };
  gchar *error = NULL;
  guint n = 0, j;

  memset (slots, 0, sizeof (*slots));
  if (!src->from_meta)
    error = gst_cuda_preproc_source_resolve (src, &area, batch, rects, &n,
        warnings);
  slots->n_sources = 1;
  slots->frames[0] = src->stream;
  slots->visible[0] = area;
  for (j = 0; error == NULL && j < n; j++) {
    slots->streams[j] = src->stream;
    slots->streams[j].rect = rects[j];
    slots->reads[j] = TRUE;
  }
  slots->n = error == NULL ? n : 0;
  for (j = 0; j < PREP_BATCH_MAX; j++)
    gst_cuda_preproc_object_none (&slots->objects[j]);
  return error;
}

/* What about the shape is worth a warning: an integer tensor that holds
 * few values, a size nobody chose. */
static void
shape_warnings (const GstCudaPreprocNegotiated * neg,
    const GstCudaPreprocSettings * s, GPtrArray * warnings)
{
  gchar *text = gst_cuda_preproc_settings_integer_refusal (s, &neg->shape);

  if (text != NULL)
    g_ptr_array_add (warnings, text);
  /* the defaults, not a size downstream fixed in a structure after one
   * with open dimensions */
  if (neg->size_defaulted && neg->shape.width == s->width &&
      neg->shape.height == s->height)
    g_ptr_array_add (warnings, g_strdup_printf ("Neither width nor height "
            "is set and downstream leaves the tensor's dimensions open: the "
            "tensor is %dx%d, the defaults; set width and height to the "
            "model's input size", neg->shape.width, neg->shape.height));
}

gboolean
gst_cuda_preproc_negotiated_run (GstCudaPreprocNegotiated * neg,
    const GstCudaPreprocSettings * s, const GstCudaPreprocWanted * want,
    GstCudaPreprocSource * src, GstCudaPreprocBatchSlots * slots,
    GstCudaPreprocRun * run, GPtrArray * warnings, gchar ** error)
{
  PrepConfig cfg;

  if (neg->meta) {
    neg->cuda_out = neg->cuda_in &&
        s->tensor_memory == GST_CUDA_PREPROC_TENSOR_MEMORY_AUTO;
    if ((*error = meta_shape (neg, want)) != NULL)
      return FALSE;
  }
  follow_layout (neg, s);
  /* here, not only at set_caps (): a shape property changed while playing
   * may leave the caps as they were (downstream fixed them), and then
   * GstBaseTransform does not call set_caps () */
  if ((*error = gst_cuda_preproc_shape_refusal (want, &neg->shape)) != NULL)
    return FALSE;
  fill_config (neg, s, &cfg);
  if ((*error = choose_colorimetry (neg, s, &cfg)) != NULL)
    return FALSE;
  if (s->crop_rect_set && s->n_rois == 0 &&
      s->roi_source != GST_CUDA_PREPROC_ROI_SOURCE_META &&
      (*error = gst_cuda_preproc_settings_crop_rect_refusal (s->crop_rect,
              GST_VIDEO_INFO_WIDTH (&neg->in_info),
              GST_VIDEO_INFO_HEIGHT (&neg->in_info))) != NULL)
    return FALSE;
  load_source (src, neg, s, &cfg);
  if ((*error = first_slots (src, (guint) neg->shape.batch, slots,
              warnings)) != NULL)
    return FALSE;
  gst_cuda_preproc_run_set_tensor (run, &cfg, FALSE);
  gst_cuda_preproc_run_set_window (run, src->window ? &src->win : NULL);
  if ((*error = gst_cuda_preproc_run_prepare (run, slots)) != NULL)
    return FALSE;
  shape_warnings (neg, s, warnings);
  return TRUE;
}
