/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The properties of batches (rois, roi-source, roi-type, batch-size) and
 * of the element type (data-type): documentation, defaults, the checks of
 * the rois value, and their part of the settings store. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "gstcudapreproc-props.h"
#include "gstcudapreproc-enums.h"

#define DEFAULT_PROP_ROI_SOURCE GST_CUDA_PREPROC_ROI_SOURCE_PROPERTY
#define DEFAULT_PROP_ROI_TYPE NULL
#define DEFAULT_PROP_BATCH_SIZE 0
#define DEFAULT_PROP_DATA_TYPE GST_CUDA_PREPROC_DATA_TYPE_FLOAT32

void
gst_cuda_preproc_settings_install_batch (GObjectClass * gobject_class)
{
  /**
   * GstCudaPreproc:rois:
   *
   * Regions of interest in frame pixels, one slot of the batch each:
   * `rois="<<x,y,width,height>,<x,y,width,height>>"`, at most 64.  Each is
   * cropped, converted, resized and normalized like the crop, all in the
   * same pass.  Empty (the default): one slot from the crop-* properties.
   * Width and height must be positive; a value that is not a list of
   * 4-integer arrays is refused with a warning that shows this form.  A
   * rectangle partly outside the frame is clamped with an element warning.
   * While a stream plays, a value with a rectangle wholly outside the frame
   * is refused with an element warning naming it and the frame size (the
   * previous value stays); before the first caps such a value fails
   * negotiation, as the crop does.  Used with roi-source=property.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_ROIS,
      gst_param_spec_array ("rois", "Regions of interest",
          "Rectangles <x,y,width,height> in frame pixels, one batch slot "
          "each: \"<<x,y,w,h>,...>\" (empty = the crop)", NULL, PARAM_FLAGS));
  /**
   * GstCudaPreproc:roi-source:
   *
   * Where the rectangles come from: the #GstCudaPreproc:rois property (or
   * the crop), or the #GstVideoRegionOfInterestMeta of each buffer, in meta
   * order (optionally only those of #GstCudaPreproc:roi-type).  Metadata
   * rectangles partly outside the frame are clamped and empty ones skipped
   * (debug log); the first batch-size are used, the rest dropped (the
   * first frame that drops some posts one element warning per stream,
   * saying how many and to raise #GstCudaPreproc:batch-size; the rest a
   * debug log); unused slots hold the normalized pad value.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_ROI_SOURCE,
      g_param_spec_enum ("roi-source", "ROI source",
          "Where the batch's rectangles come from",
          GST_TYPE_CUDA_PREPROC_ROI_SOURCE, DEFAULT_PROP_ROI_SOURCE,
          PARAM_FLAGS));
  /**
   * GstCudaPreproc:roi-type:
   *
   * With roi-source=meta, only the metas of this type (e.g. "person");
   * NULL or empty (the default) takes every one.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_ROI_TYPE,
      g_param_spec_string ("roi-type", "ROI type",
          "With roi-source=meta, only ROI metas of this type (empty = all)",
          DEFAULT_PROP_ROI_TYPE, PARAM_FLAGS));
  /**
   * GstCudaPreproc:batch-size:
   *
   * Slots N of the tensor [N, 3, H, W] (fixed in the caps: dimensions
   * W:H:3:N).  0 (the default) means the number of #GstCudaPreproc:rois
   * with roi-source=property, else 1; while it is 0 and no rois are in
   * use, downstream caps with a fixed batch choose it.  With
   * roi-source=meta set it to the most objects a frame may carry: the
   * number of valid slots varies per buffer and travels in the box meta
   * (docs/meta.md).
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_BATCH_SIZE,
      g_param_spec_uint ("batch-size", "Batch size",
          "Slots of the tensor (0 = the number of rois, or 1)", 0,
          PREP_BATCH_MAX, DEFAULT_PROP_BATCH_SIZE, PARAM_FLAGS));
  /**
   * GstCudaPreproc:data-type:
   *
   * Element type of the tensor: float32, or float16 (IEEE half, rounded
   * to nearest even; the same bits on the CPU and CUDA paths).  float16
   * needs normalized values within +-65504.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_DATA_TYPE,
      g_param_spec_enum ("data-type", "Data type",
          "Element type of the tensor", GST_TYPE_CUDA_PREPROC_DATA_TYPE,
          DEFAULT_PROP_DATA_TYPE, PARAM_FLAGS));
}

void
gst_cuda_preproc_settings_init_batch (GstCudaPreprocSettings * s)
{
  s->n_rois = 0;
  s->roi_source = DEFAULT_PROP_ROI_SOURCE;
  s->roi_type = 0;
  s->batch_size = DEFAULT_PROP_BATCH_SIZE;
  s->data_type = DEFAULT_PROP_DATA_TYPE;
}

guint
gst_cuda_preproc_settings_batch (const GstCudaPreprocSettings * s)
{
  if (s->batch_size > 0)
    return s->batch_size;
  if (s->roi_source == GST_CUDA_PREPROC_ROI_SOURCE_PROPERTY && s->n_rois > 0)
    return s->n_rois;
  return 1;
}

gboolean
gst_cuda_preproc_settings_batch_free (const GstCudaPreprocSettings * s)
{
  return s->batch_size == 0 && (s->roi_source !=
      GST_CUDA_PREPROC_ROI_SOURCE_PROPERTY || s->n_rois == 0);
}

/* One integer entry, of any integer GType (gst-launch gives gint, Python
 * may give gint64); FALSE for anything else or a value outside gint. */
static gboolean
settings_read_int (const GValue * e, gint * out)
{
  GValue v = G_VALUE_INIT;
  gint64 i;

  if (!G_VALUE_HOLDS_INT (e) && !G_VALUE_HOLDS_UINT (e) &&
      !G_VALUE_HOLDS_INT64 (e) && !G_VALUE_HOLDS_UINT64 (e) &&
      !G_VALUE_HOLDS_LONG (e) && !G_VALUE_HOLDS_ULONG (e))
    return FALSE;
  g_value_init (&v, G_TYPE_INT64);
  if (!g_value_transform (e, &v))
    return FALSE;
  i = g_value_get_int64 (&v);
  if (G_VALUE_HOLDS_UINT64 (e) && g_value_get_uint64 (e) > G_MAXINT)
    return FALSE;
  if (i < G_MININT || i > G_MAXINT)
    return FALSE;
  *out = (gint) i;
  return TRUE;
}

/* Reads rectangle @i, <x,y,width,height>; NULL, or what is wrong with it
 * (to free). */
static gchar *
settings_read_rect (const GValue * v, guint i, PrepRect * r)
{
  gint f[4], k;

  if (!GST_VALUE_HOLDS_ARRAY (v))
    return g_strdup_printf ("entry %u is a %s, not a rectangle "
        "<x,y,width,height>", i, G_VALUE_TYPE_NAME (v));
  if (gst_value_array_get_size (v) != 4)
    return g_strdup_printf ("rectangle %u has %u values, not 4", i,
        gst_value_array_get_size (v));
  for (k = 0; k < 4; k++)
    if (!settings_read_int (gst_value_array_get_value (v, k), &f[k]))
      return g_strdup_printf ("value %d of rectangle %u is not an integer",
          k, i);
  r->x = f[0];
  r->y = f[1];
  r->width = f[2];
  r->height = f[3];
  if (r->width <= 0 || r->height <= 0)
    return g_strdup_printf ("rectangle %u is %dx%d: width and height must be "
        "positive", i, r->width, r->height);
  return NULL;
}

/* Reads the rois value into @rects; NULL, or why it is refused (to free). */
gchar *
gst_cuda_preproc_settings_read_rois (const GValue * value, PrepRect * rects,
    guint * n_rects)
{
  guint i, n = gst_value_array_get_size (value);
  gchar *why;

  if (n > PREP_BATCH_MAX)
    return g_strdup_printf ("%u rectangles, more than the %d slots of a "
        "batch", n, PREP_BATCH_MAX);
  for (i = 0; i < n; i++)
    if ((why = settings_read_rect (gst_value_array_get_value (value, i), i,
                &rects[i])) != NULL)
      return why;
  *n_rects = n;
  return NULL;
}

/* The rois property: every rectangle valid, at most PREP_BATCH_MAX, or
 * the whole value is refused with a warning that shows the expected form,
 * and the old one kept.  TRUE when the automatic batch size changed. */
static gboolean
settings_set_rois (GstObject * self, GstCudaPreprocSettings * s,
    const GValue * value)
{
  PrepRect rects[PREP_BATCH_MAX];
  guint n = 0, before, after;
  gchar *why, *str;

  why = gst_cuda_preproc_settings_read_rois (value, rects, &n);
  if (why == NULL) {
    GST_OBJECT_LOCK (self);
    before = gst_cuda_preproc_settings_batch (s);
    memcpy (s->rois, rects, n * sizeof (PrepRect));
    s->n_rois = n;
    after = gst_cuda_preproc_settings_batch (s);
    GST_OBJECT_UNLOCK (self);
    return before != after;
  }
  str = gst_value_serialize (value);
  g_warning ("%s: refusing rois=%s: %s; expected "
      "rois=\"<<x,y,width,height>,...>\", at most %d rectangles of "
      "integers with width and height > 0, e.g. rois=\"<<0,0,640,360>>\"; "
      "keeping the previous value", GST_OBJECT_NAME (self),
      GST_STR_NULL (str), why, PREP_BATCH_MAX);
  g_free (str);
  g_free (why);
  return FALSE;
}

gchar *
gst_cuda_preproc_settings_rects_refusal (const GstCudaPreprocSettings * now,
    guint prop_id, const GValue * value, gint frame_width, gint frame_height)
{
  GstCudaPreprocSettings s = *now;
  const PrepRect *rects = s.n_rois > 0 ? s.rois : &s.crop;
  PrepRect r;
  guint i;
  gint part;
  gchar *why;

  if (frame_width <= 0 || s.roi_source == GST_CUDA_PREPROC_ROI_SOURCE_META)
    return NULL;
  if (prop_id == PROP_ROIS) {
    if ((why = gst_cuda_preproc_settings_read_rois (value, s.rois,
                &s.n_rois)) != NULL) {
      g_free (why);             /* the setter refuses it with a warning */
      return NULL;
    }
    rects = s.n_rois > 0 ? s.rois : &s.crop;
  } else if (s.n_rois > 0) {
    return NULL;                /* the crop is not used */
  } else {
    gint *field[] = { &s.crop.x, &s.crop.y, &s.crop.width, &s.crop.height };

    *field[prop_id - PROP_CROP_X] = g_value_get_int (value);
  }
  for (i = 0; i < MAX (s.n_rois, 1); i++)
    if (prep_crop_resolve (frame_width, frame_height, &rects[i], &r,
            &part) != PREP_OK)
      goto outside;
  return NULL;

  /* ERRORS */
outside:
  {
    gchar what[32];

    g_snprintf (what, sizeof (what), s.n_rois > 0 ? "ROI %u" : "the crop", i);
    return g_strdup_printf ("%s (x=%d, y=%d, width=%d, height=%d) is empty "
        "or lies outside the %dx%d frame being played", what, rects[i].x,
        rects[i].y, rects[i].width, rects[i].height, frame_width, frame_height);
  }
}

static void
settings_get_rois (GstObject * self, const GstCudaPreprocSettings * s,
    GValue * value)
{
  guint i;

  GST_OBJECT_LOCK (self);
  for (i = 0; i < s->n_rois; i++) {
    GValue rect = G_VALUE_INIT, v = G_VALUE_INIT;
    gint f[4] = { s->rois[i].x, s->rois[i].y, s->rois[i].width,
      s->rois[i].height
    }, k;

    gst_value_array_init (&rect, 4);
    for (k = 0; k < 4; k++) {
      g_value_init (&v, G_TYPE_INT);
      g_value_set_int (&v, f[k]);
      gst_value_array_append_and_take_value (&rect, &v);
    }
    gst_value_array_append_and_take_value (value, &rect);
  }
  GST_OBJECT_UNLOCK (self);
}

/* batch-size or roi-source, which both decide the automatic batch size;
 * TRUE when the batch changed. */
static gboolean
settings_set_batch_input (GstObject * self, GstCudaPreprocSettings * s,
    guint prop_id, const GValue * value)
{
  guint before, after;

  GST_OBJECT_LOCK (self);
  before = gst_cuda_preproc_settings_batch (s);
  if (prop_id == PROP_BATCH_SIZE)
    s->batch_size = g_value_get_uint (value);
  else
    s->roi_source = g_value_get_enum (value);
  after = gst_cuda_preproc_settings_batch (s);
  GST_OBJECT_UNLOCK (self);
  return before != after;
}

static void
settings_set_roi_type (GstObject * self, GstCudaPreprocSettings * s,
    const gchar * type)
{
  GST_OBJECT_LOCK (self);
  s->roi_type = type != NULL && *type != '\0' ? g_quark_from_string (type) : 0;
  GST_OBJECT_UNLOCK (self);
}

/* The properties of batches and element types. */
gboolean
gst_cuda_preproc_settings_set_batch (GstObject * self,
    GstCudaPreprocSettings * s, guint prop_id, const GValue * value,
    gboolean * reshape)
{
  switch (prop_id) {
    case PROP_ROIS:
      *reshape = settings_set_rois (self, s, value);
      break;
    case PROP_ROI_SOURCE:
    case PROP_BATCH_SIZE:
      *reshape = settings_set_batch_input (self, s, prop_id, value);
      break;
    case PROP_ROI_TYPE:
      settings_set_roi_type (self, s, g_value_get_string (value));
      break;
    case PROP_DATA_TYPE:
      *reshape = gst_cuda_preproc_settings_set_int (self, &s->data_type,
          g_value_get_enum (value), TRUE);
      break;
    default:
      return FALSE;
  }
  return TRUE;
}

/* Reads a property of batches and element types; FALSE for another. */
gboolean
gst_cuda_preproc_settings_get_batch (GstObject * self,
    const GstCudaPreprocSettings * s, guint prop_id, GValue * value)
{
  switch (prop_id) {
    case PROP_ROIS:
      settings_get_rois (self, s, value);
      break;
    case PROP_ROI_SOURCE:
      g_value_set_enum (value, gst_cuda_preproc_settings_get_int (self,
              &s->roi_source));
      break;
    case PROP_ROI_TYPE:
      GST_OBJECT_LOCK (self);
      g_value_set_string (value, g_quark_to_string (s->roi_type));
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_BATCH_SIZE:
      GST_OBJECT_LOCK (self);
      g_value_set_uint (value, s->batch_size);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_DATA_TYPE:
      g_value_set_enum (value, gst_cuda_preproc_settings_get_int (self,
              &s->data_type));
      break;
    default:
      return FALSE;
  }
  return TRUE;
}
