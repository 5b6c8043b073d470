/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The object-selection properties (see gstcudapreproc-roi-props.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "gstcudapreproc-roi-props.h"

#define DEFAULT_PROP_ROI_MIN_CONFIDENCE 0.0

/* The documentation below is that of cudapreproc's properties; the sink
 * pads of cudapreprocbatch (#GstCudaPreprocBatchPad) have the same ones,
 * applied to their stream's objects. */
void
gst_cuda_preproc_roi_props_install (GObjectClass * gobject_class,
    guint first_id, GParamFlags flags)
{
  /**
   * GstCudaPreproc:roi-types:
   *
   * With roi-source=meta, the labels of the objects that become slots:
   * `roi-types="<person,car>"` takes the ROI metas of those types and the
   * GstAnalyticsODMtd of those labels.  Empty (the default) takes every
   * label.  Together with #GstCudaPreproc:roi-type: an object is taken
   * when its label is either's.  At most 32 labels, none empty.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class,
      first_id + GST_CUDA_PREPROC_ROI_PROP_TYPES,
      gst_param_spec_array ("roi-types", "ROI types",
          "With roi-source=meta, the labels of the objects taken, "
          "\"<person,car>\" (empty = all)", NULL, flags));
  /**
   * GstCudaPreproc:roi-min-size:
   *
   * With roi-source=meta, the smallest object that becomes a slot, as
   * `<width,height>` in frame pixels, both inclusive, measured on the box
   * clamped to the frame; `<0,0>` (the default): no minimum.  Smaller
   * objects are left out (a debug line on the cudapreproc-rois category).
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class,
      first_id + GST_CUDA_PREPROC_ROI_PROP_MIN_SIZE,
      gst_param_spec_array ("roi-min-size", "ROI minimum size",
          "With roi-source=meta, the smallest object taken, <width,height> "
          "in frame pixels (<0,0> = no minimum)", NULL, flags));
  /**
   * GstCudaPreproc:roi-max-size:
   *
   * With roi-source=meta, the largest object that becomes a slot, as
   * `<width,height>` in frame pixels, both inclusive, measured on the box
   * clamped to the frame; 0 for either (the default `<0,0>`): no maximum
   * on that side.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class,
      first_id + GST_CUDA_PREPROC_ROI_PROP_MAX_SIZE,
      gst_param_spec_array ("roi-max-size", "ROI maximum size",
          "With roi-source=meta, the largest object taken, <width,height> "
          "in frame pixels (0 = no maximum)", NULL, flags));
  /**
   * GstCudaPreproc:roi-min-confidence:
   *
   * With roi-source=meta, the lowest confidence of an object that becomes
   * a slot: a GstAnalyticsODMtd's location confidence, or the
   * `confidence` of a ROI meta's `detection` parameter structure (a ROI
   * meta without one counts as 1).  0 (the default): any.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class,
      first_id + GST_CUDA_PREPROC_ROI_PROP_MIN_CONFIDENCE,
      g_param_spec_double ("roi-min-confidence", "ROI minimum confidence",
          "With roi-source=meta, the lowest confidence of an object taken",
          0.0, 1.0, DEFAULT_PROP_ROI_MIN_CONFIDENCE, flags));
}

/* roi-types: a list of non-empty strings. */
static gchar *
roi_props_read_types (const GValue * value, GstCudaPreprocRoiFilter * f)
{
  GQuark types[GST_CUDA_PREPROC_ROI_TYPES_MAX];
  guint i, n = gst_value_array_get_size (value);

  if (n > GST_CUDA_PREPROC_ROI_TYPES_MAX)
    return g_strdup_printf ("%u labels, more than %d", n,
        GST_CUDA_PREPROC_ROI_TYPES_MAX);
  for (i = 0; i < n; i++) {
    const GValue *e = gst_value_array_get_value (value, i);
    const gchar *label;

    if (!G_VALUE_HOLDS_STRING (e))
      return g_strdup_printf ("entry %u is a %s, not a label; expected "
          "roi-types=\"<person,car>\"", i, G_VALUE_TYPE_NAME (e));
    label = g_value_get_string (e);
    if (label == NULL || *label == '\0')
      return g_strdup_printf ("entry %u is empty", i);
    types[i] = g_quark_from_string (label);
  }
  memcpy (f->types, types, n * sizeof (GQuark));
  f->n_types = n;
  return NULL;
}

/* <width,height>: two integers >= 0. */
static gchar *
roi_props_read_size (const GValue * value, gint * width, gint * height)
{
  gint v[2];
  guint i;

  if (gst_value_array_get_size (value) != 2)
    return g_strdup_printf ("it has %u values, not 2 (<width,height>)",
        gst_value_array_get_size (value));
  for (i = 0; i < 2; i++) {
    const GValue *e = gst_value_array_get_value (value, i);
    GValue as_int = G_VALUE_INIT;

    g_value_init (&as_int, G_TYPE_INT64);
    if (G_VALUE_HOLDS_STRING (e) || G_VALUE_HOLDS_DOUBLE (e) ||
        G_VALUE_HOLDS_FLOAT (e) || !g_value_transform (e, &as_int))
      return g_strdup_printf ("value %u is a %s, not an integer", i,
          G_VALUE_TYPE_NAME (e));
    if (g_value_get_int64 (&as_int) < 0
        || g_value_get_int64 (&as_int) > G_MAXINT)
      return g_strdup_printf ("value %u is %" G_GINT64_FORMAT ", not in 0 .. "
          "%d", i, g_value_get_int64 (&as_int), G_MAXINT);
    v[i] = (gint) g_value_get_int64 (&as_int);
  }
  *width = v[0];
  *height = v[1];
  return NULL;
}

gchar *
gst_cuda_preproc_roi_props_read (GstCudaPreprocRoiProp which,
    const GValue * value, GstCudaPreprocRoiFilter * filter)
{
  switch (which) {
    case GST_CUDA_PREPROC_ROI_PROP_TYPES:
      return roi_props_read_types (value, filter);
    case GST_CUDA_PREPROC_ROI_PROP_MIN_SIZE:
      return roi_props_read_size (value, &filter->min_width,
          &filter->min_height);
    case GST_CUDA_PREPROC_ROI_PROP_MAX_SIZE:
      return roi_props_read_size (value, &filter->max_width,
          &filter->max_height);
    case GST_CUDA_PREPROC_ROI_PROP_MIN_CONFIDENCE:
      filter->min_confidence = g_value_get_double (value);
      return NULL;
    default:
      g_return_val_if_reached (g_strdup ("not an object property"));
  }
}

static void
roi_props_append_int (GValue * array, gint v)
{
  GValue e = G_VALUE_INIT;

  g_value_init (&e, G_TYPE_INT);
  g_value_set_int (&e, v);
  gst_value_array_append_and_take_value (array, &e);
}

void
gst_cuda_preproc_roi_props_write (GstCudaPreprocRoiProp which,
    const GstCudaPreprocRoiFilter * filter, GValue * value)
{
  guint i;

  switch (which) {
    case GST_CUDA_PREPROC_ROI_PROP_TYPES:
      for (i = 0; i < filter->n_types; i++) {
        GValue e = G_VALUE_INIT;

        g_value_init (&e, G_TYPE_STRING);
        g_value_set_string (&e, g_quark_to_string (filter->types[i]));
        gst_value_array_append_and_take_value (value, &e);
      }
      break;
    case GST_CUDA_PREPROC_ROI_PROP_MIN_SIZE:
      roi_props_append_int (value, filter->min_width);
      roi_props_append_int (value, filter->min_height);
      break;
    case GST_CUDA_PREPROC_ROI_PROP_MAX_SIZE:
      roi_props_append_int (value, filter->max_width);
      roi_props_append_int (value, filter->max_height);
      break;
    case GST_CUDA_PREPROC_ROI_PROP_MIN_CONFIDENCE:
      g_value_set_double (value, filter->min_confidence);
      break;
    default:
      g_return_if_reached ();
  }
}

void
gst_cuda_preproc_roi_props_filter (const GstCudaPreprocRoiFilter * props,
    GQuark roi_type, GstCudaPreprocRoiFilter * filter)
{
  *filter = *props;
  if (roi_type == 0 || (props->n_types > 0 &&
          gst_cuda_preproc_roi_filter_label (props, roi_type)))
    return;
  /* the room for one more is there: roi-types holds at most the maximum */
  filter->types[filter->n_types++] = roi_type;
}
