/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Caps translation between raw video and NNStreamer's other/tensors.
 * The tensor's shape comes from the element's properties; the framerate is
 * carried over both ways; caps features are kept as they are. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "gstcudapreproc-caps.h"
#include "gstcudapreproc-cuda.h"
#include "prep.h"

#define MAX_DIMENSIONS 16

static const gchar *const dtype_names[] = {
  [PREP_DTYPE_FLOAT32] = "float32",
  [PREP_DTYPE_FLOAT16] = "float16",
  [PREP_DTYPE_UINT8] = "uint8",
  [PREP_DTYPE_INT8] = "int8",
};

const gchar *
gst_cuda_preproc_dtype_name (PrepDataType dtype)
{
  return (guint) dtype < G_N_ELEMENTS (dtype_names) ? dtype_names[dtype] :
      "unknown";
}

/* The engine names its formats as GStreamer does (prep_format_name ()). */
gboolean
gst_cuda_preproc_prep_format (GstVideoFormat format, PrepFormat * out)
{
  gint f;

  for (f = 0; f < PREP_FORMAT_COUNT; f++)
    if (gst_video_format_from_string (prep_format_name ((PrepFormat) f)) ==
        format && format != GST_VIDEO_FORMAT_UNKNOWN) {
      *out = (PrepFormat) f;
      return TRUE;
    }
  return FALSE;
}

gchar *
gst_cuda_preproc_shape_to_dimensions (const GstCudaPreprocShape * shape)
{
  if (shape->nhwc)
    return g_strdup_printf ("%d:%d:%d:%d", shape->channels, shape->width,
        shape->height, shape->batch);
  return g_strdup_printf ("%d:%d:%d:%d", shape->width, shape->height,
      shape->channels, shape->batch);
}

/* TRUE when both shapes give the same caps: the same dimensions string
 * (3:N:3:B reads as NCHW Nx3... and as NHWC 3xN...) and type. */
gboolean
gst_cuda_preproc_shape_same_caps (const GstCudaPreprocShape * a,
    const GstCudaPreprocShape * b)
{
  gchar *da = gst_cuda_preproc_shape_to_dimensions (a);
  gchar *db = gst_cuda_preproc_shape_to_dimensions (b);
  gboolean same = g_strcmp0 (da, db) == 0 && a->dtype == b->dtype;

  g_free (da);
  g_free (db);
  return same;
}

/* Parses NNStreamer's "d0:d1:...": every dimension in [1, G_MAXINT]. */
static gint
parse_dimensions (const gchar * str, guint64 * dims)
{
  gchar **parts = g_strsplit (str, ":", -1);
  gint n = 0;

  for (; parts[n] != NULL; n++) {
    gchar *end = NULL;
    guint64 v = g_ascii_strtoull (parts[n], &end, 10);

    if (n == MAX_DIMENSIONS || end == parts[n] || *end != '\0' || v == 0 ||
        v > G_MAXINT) {
      n = -1;
      break;
    }
    dims[n] = v;
  }
  g_strfreev (parts);
  return n;
}

/* The dimensions and the element type of fixed tensor caps. */
static gint
caps_get_dimensions (const GstCaps * caps, guint64 * dims, PrepDataType * dtype)
{
  const GstStructure *s;
  const gchar *str, *types;
  guint i;

  if (caps == NULL || gst_caps_get_size (caps) < 1)
    return -1;
  s = gst_caps_get_structure (caps, 0);
  str = gst_structure_get_string (s, "dimensions");
  types = gst_structure_get_string (s, "types");
  for (i = 0; i < G_N_ELEMENTS (dtype_names); i++)
    if (g_strcmp0 (types, dtype_names[i]) == 0)
      break;
  if (i == G_N_ELEMENTS (dtype_names) || str == NULL)
    return -1;
  *dtype = (PrepDataType) i;
  return parse_dimensions (str, dims);
}

/* Byte size of the tensor, refused when it does not fit a gssize: the
 * overflow policy of docs/bad-input.md. */
gboolean
gst_cuda_preproc_caps_get_bytes (const GstCaps * caps, gsize * bytes)
{
  guint64 dims[MAX_DIMENSIONS], total;
  PrepDataType dtype = PREP_DTYPE_FLOAT32;
  gint i, n = caps_get_dimensions (caps, dims, &dtype);

  if (n <= 0)
    return FALSE;
  total = prep_data_type_size (dtype);
  for (i = 0; i < n; i++) {
    if (total > G_MAXSSIZE / dims[i])
      return FALSE;
    total *= dims[i];
  }
  *bytes = (gsize) total;
  return TRUE;
}

gboolean
gst_cuda_preproc_shape_get_bytes (const GstCudaPreprocShape * shape,
    gsize * bytes)
{
  guint64 dims[4] = { shape->width, shape->height, shape->channels,
    shape->batch
  }, total = prep_data_type_size (shape->dtype);
  gint i;

  for (i = 0; i < 4; i++) {
    if (dims[i] == 0 || total > G_MAXSSIZE / dims[i])
      return FALSE;
    total *= dims[i];
  }
  *bytes = (gsize) total;
  return TRUE;
}

/* The shape of negotiated tensor caps.  With C channels (the hint's, the
 * properties': 3, or 1 for gray) W:H:C:N is NCHW and C:W:H:N NHWC;
 * dimensions that read both ways (3:N:3:B) take the layout of the hint. */
gboolean
gst_cuda_preproc_caps_get_shape (const GstCaps * caps,
    const GstCudaPreprocShape * hint, GstCudaPreprocShape * shape)
{
  guint64 d[MAX_DIMENSIONS];
  gboolean nchw, nhwc;
  PrepDataType dtype = PREP_DTYPE_FLOAT32;

  if (caps_get_dimensions (caps, d, &dtype) != 4 || d[3] > PREP_BATCH_MAX)
    return FALSE;
  shape->batch = (gint) d[3];
  shape->dtype = dtype;
  shape->channels = hint->channels;
  nchw = d[2] == (guint64) hint->channels;
  nhwc = d[0] == (guint64) hint->channels;
  if (nchw && nhwc)
    nchw = !hint->nhwc;
  if (!nchw && !nhwc)
    return FALSE;
  shape->nhwc = !nchw;
  shape->width = (gint) (nchw ? d[0] : d[1]);
  shape->height = (gint) (nchw ? d[1] : d[2]);
  return TRUE;
}

static void
copy_framerate (const GstStructure * from, GstStructure * to)
{
  const GValue *fps = gst_structure_get_value (from, "framerate");

  if (fps != NULL)
    gst_structure_set_value (to, "framerate", fps);
  else
    gst_structure_set (to, "framerate", GST_TYPE_FRACTION_RANGE, 0, 1,
        G_MAXINT, 1, NULL);
}

typedef GstStructure *(*StructureMapFunc) (const GstStructure * s,
    gconstpointer data);

static gboolean
features_are_cuda (const GstCapsFeatures * f)
{
  return f != NULL && !gst_caps_features_is_any (f) &&
      gst_caps_features_contains (f, GST_CUDA_PREPROC_CUDA_FEATURE);
}

static void
append_mapped (GstCaps ** res, const GstStructure * s, StructureMapFunc func,
    gconstpointer data, gboolean cuda)
{
  *res = gst_caps_merge_structure_full (*res, func (s, data),
      cuda ? gst_caps_features_new (GST_CUDA_PREPROC_CUDA_FEATURE,
          NULL) : NULL);
}

/* Each structure maps to the other side in system memory, or in CUDA
 * memory, or both: CUDA input may leave as CUDA or system tensors
 * (@to_tensor), so CUDA tensors come from CUDA video only and system tensors
 * from either. */
static GstCaps *
map_caps (const GstCaps * caps, StructureMapFunc func, gconstpointer data,
    gboolean to_tensor, gboolean with_cuda)
{
  GstCaps *res = gst_caps_new_empty ();
  guint i;

  for (i = 0; i < gst_caps_get_size (caps); i++) {
    const GstStructure *s = gst_caps_get_structure (caps, i);
    GstCapsFeatures *f = gst_caps_get_features (caps, i);
    gboolean any = f != NULL && gst_caps_features_is_any (f);
    gboolean cuda = features_are_cuda (f), sys = !cuda || any;

    if (with_cuda && (cuda || any || !to_tensor))
      append_mapped (&res, s, func, data, TRUE);
    if (sys || (to_tensor && cuda && with_cuda))
      append_mapped (&res, s, func, data, FALSE);
  }
  return res;
}

static GstStructure *
video_to_tensor (const GstStructure * s, gconstpointer data)
{
  gchar *dims = gst_cuda_preproc_shape_to_dimensions (data);
  const GstCudaPreprocShape *shape = data;
  GstStructure *t = gst_structure_new ("other/tensors",
      "format", G_TYPE_STRING, "static",
      "num_tensors", G_TYPE_INT, 1,
      "types", G_TYPE_STRING, gst_cuda_preproc_dtype_name (shape->dtype),
      "dimensions", G_TYPE_STRING, dims, NULL);

  copy_framerate (s, t);
  g_free (dims);
  return t;
}

/* The same without dimensions: a downstream that fixes them chooses */
static GstStructure *
video_to_open_tensor (const GstStructure * s, gconstpointer data)
{
  GstStructure *t = video_to_tensor (s, data);

  gst_structure_remove_field (t, "dimensions");
  return t;
}

/* Every format of the engine's table, in its order. */
static void
set_formats (GstStructure * v)
{
  GValue list = G_VALUE_INIT, item = G_VALUE_INIT;
  gint f;

  g_value_init (&list, GST_TYPE_LIST);
  g_value_init (&item, G_TYPE_STRING);
  for (f = 0; f < PREP_FORMAT_COUNT; f++) {
    g_value_set_string (&item, prep_format_name ((PrepFormat) f));
    gst_value_list_append_value (&list, &item);
  }
  gst_structure_take_value (v, "format", &list);
  g_value_unset (&item);
}

static GstStructure *
tensor_to_video (const GstStructure * s, gconstpointer data)
{
  GstStructure *v = gst_structure_new_empty ("video/x-raw");

  set_formats (v);
  gst_structure_set (v, "width", GST_TYPE_INT_RANGE, 1, G_MAXINT,
      "height", GST_TYPE_INT_RANGE, 1, G_MAXINT, NULL);
  copy_framerate (s, v);
  return v;
}

GstCaps *
gst_cuda_preproc_video_to_tensor_caps (const GstCaps * caps,
    const GstCudaPreprocShape * shape, gboolean with_cuda)
{
  GstCaps *res = map_caps (caps, video_to_tensor, shape, TRUE, with_cuda);

  return gst_caps_merge (res, map_caps (caps, video_to_open_tensor, shape,
          TRUE, with_cuda));
}

/* Fixed tensor caps that left the dimensions open take @shape's. */
void
gst_cuda_preproc_tensor_caps_fixate_dimensions (GstCaps * caps,
    const GstCudaPreprocShape * shape)
{
  GstStructure *s = gst_caps_get_structure (caps, 0);
  gchar *dims;

  if (gst_structure_has_field (s, "dimensions"))
    return;
  dims = gst_cuda_preproc_shape_to_dimensions (shape);
  gst_structure_set (s, "dimensions", G_TYPE_STRING, dims, NULL);
  g_free (dims);
}

GstCaps *
gst_cuda_preproc_tensor_to_video_caps (const GstCaps * caps, gboolean with_cuda)
{
  return map_caps (caps, tensor_to_video, NULL, FALSE, with_cuda);
}

GstCaps *
gst_cuda_preproc_video_passthrough_caps (const GstCaps * caps,
    gboolean with_cuda)
{
  GstCaps *video = gst_caps_from_string (GST_CUDA_PREPROC_SINK_CAPS);
  GstCaps *res;
  guint i;

  for (i = gst_caps_get_size (video); i > 0; i--)
    if (!with_cuda && features_are_cuda (gst_caps_get_features (video, i - 1)))
      gst_caps_remove_structure (video, i - 1);
  res = gst_caps_intersect_full ((GstCaps *) caps, video,
      GST_CAPS_INTERSECT_FIRST);
  gst_caps_unref (video);
  return res;
}

gboolean
gst_cuda_preproc_caps_is_cuda (const GstCaps * caps)
{
  return caps != NULL && gst_caps_get_size (caps) > 0 &&
      features_are_cuda (gst_caps_get_features (caps, 0));
}

gchar *
gst_cuda_preproc_caps_format_refusal (const GstCaps * caps)
{
  const GstStructure *s;
  const gchar *name;
  PrepFormat format;

  if (caps == NULL || gst_caps_get_size (caps) != 1)
    return NULL;
  s = gst_caps_get_structure (caps, 0);
  name = gst_structure_get_string (s, "format");
  if (!gst_structure_has_name (s, "video/x-raw") || name == NULL ||
      gst_cuda_preproc_prep_format (gst_video_format_from_string (name),
          &format))
    return NULL;
  return g_strdup_printf ("Input format %s is not supported (the formats "
      "are %s): put videoconvert, or cudaconvert for CUDA memory, in front",
      name, GST_CUDA_PREPROC_FORMATS);
}
