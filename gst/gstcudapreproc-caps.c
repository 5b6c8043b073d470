/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Caps translation between raw video and NNStreamer's tensors
 * (other/tensors static and flexible, the legacy other/tensor).  The
 * tensor's shape comes from the element's properties, or from downstream's
 * caps where the properties leave it free (gstcudapreproc-shape.c reads
 * its spellings); the framerate is carried over both ways; caps features
 * are kept as they are. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "gstcudapreproc-caps.h"
#include "gstcudapreproc-cuda.h"
#include "prep.h"

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

/* Which of NNStreamer's tensor structures @s is, and its fields' names:
 * other/tensors has "dimensions" and "types", the legacy other/tensor
 * "dimension" and "type"; flexible other/tensors neither. */
static gboolean
structure_is_legacy (const GstStructure * s)
{
  return gst_structure_has_name (s, "other/tensor");
}

static gboolean
structure_is_flexible (const GstStructure * s)
{
  return gst_structure_has_name (s, "other/tensors") &&
      g_strcmp0 (gst_structure_get_string (s, "format"), "flexible") == 0;
}

static const gchar *
dims_field (const GstStructure * s)
{
  return structure_is_legacy (s) ? "dimension" : "dimensions";
}

static const gchar *
type_field (const GstStructure * s)
{
  return structure_is_legacy (s) ? "type" : "types";
}

gboolean
gst_cuda_preproc_caps_get_shape (const GstCaps * caps,
    const GstCudaPreprocWanted * want, GstCudaPreprocShape * shape,
    gboolean * flexible, gchar ** why)
{
  const GstStructure *s;
  const gchar *dims_str, *type;
  GstCudaPreprocDims dims;
  PrepDataType dtype;
  gint n = 1;

  *why = NULL;
  *flexible = FALSE;
  if (caps == NULL || gst_caps_get_size (caps) < 1)
    goto no_tensor;
  s = gst_caps_get_structure (caps, 0);
  if (structure_is_flexible (s)) {
    *shape = want->shape;
    *flexible = TRUE;
    return TRUE;
  }
  if (gst_structure_get_int (s, "num_tensors", &n) && n != 1)
    goto not_one;
  type = gst_structure_get_string (s, type_field (s));
  if (!gst_cuda_preproc_dtype_from_name (type, &dtype))
    goto bad_type;
  dims_str = gst_structure_get_string (s, dims_field (s));
  if (!gst_cuda_preproc_dims_parse (dims_str, &dims))
    goto bad_dims;
  return gst_cuda_preproc_shape_from_dims (&dims, dtype, want, shape, why);

  /* ERRORS */
no_tensor:
  {
    *why = g_strdup ("No tensor caps downstream");
    return FALSE;
  }
not_one:
  {
    *why = g_strdup_printf ("Downstream wants num_tensors=%d: the element "
        "gives one tensor", n);
    return FALSE;
  }
bad_type:
  {
    *why = g_strdup_printf ("Downstream wants %s=%s: the element writes "
        "float32, float16, uint8 or int8", type_field (s), GST_STR_NULL (type));
    return FALSE;
  }
bad_dims:
  {
    *why = g_strdup_printf ("Downstream's %s=%s is no tensor shape: 1 to "
        "%d dimensions, each 1 .. %d, innermost first", dims_field (s),
        GST_STR_NULL (dims_str), GST_CUDA_PREPROC_RANK_MAX, G_MAXINT);
    return FALSE;
  }
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

/* The kinds of tensor structure a video structure maps to, in the order
 * of preference. */
typedef enum
{
  TENSOR_FIXED,                 /* the properties' dimensions and type */
  TENSOR_OPEN,                  /* any dimensions and type */
  LEGACY_FIXED,                 /* other/tensor, likewise */
  LEGACY_OPEN,
  TENSOR_FLEXIBLE,              /* other/tensors, format=flexible */
  TENSOR_KINDS
} TensorKind;

typedef struct
{
  const GstCudaPreprocWanted *want;
  TensorKind kind;
} TensorMap;

/* The type field: the properties' type, or all four with it first. */
static void
set_types (GstStructure * t, const gchar * field, PrepDataType dtype,
    gboolean any)
{
  GValue list = G_VALUE_INIT, item = G_VALUE_INIT;
  gint d;

  if (!any) {
    gst_structure_set (t, field, G_TYPE_STRING,
        gst_cuda_preproc_dtype_name (dtype), NULL);
    return;
  }
  g_value_init (&list, GST_TYPE_LIST);
  g_value_init (&item, G_TYPE_STRING);
  g_value_set_string (&item, gst_cuda_preproc_dtype_name (dtype));
  gst_value_list_append_value (&list, &item);
  for (d = 0; d <= PREP_DTYPE_INT8; d++) {
    if (d == (gint) dtype)
      continue;
    g_value_set_string (&item, gst_cuda_preproc_dtype_name ((PrepDataType) d));
    gst_value_list_append_value (&list, &item);
  }
  g_value_unset (&item);
  gst_structure_take_value (t, field, &list);
}

static GstStructure *
video_to_tensor (const GstStructure * s, gconstpointer data)
{
  const TensorMap *map = data;
  const GstCudaPreprocWanted *want = map->want;
  gboolean legacy = map->kind == LEGACY_FIXED || map->kind == LEGACY_OPEN;
  gboolean open = map->kind == TENSOR_OPEN || map->kind == LEGACY_OPEN;
  GstStructure *t;
  gchar *dims;

  if (map->kind == TENSOR_FLEXIBLE) {
    t = gst_structure_new ("other/tensors", "format", G_TYPE_STRING,
        "flexible", NULL);
  } else {
    t = gst_structure_new_empty (legacy ? "other/tensor" : "other/tensors");
    if (!legacy)
      gst_structure_set (t, "format", G_TYPE_STRING, "static",
          "num_tensors", G_TYPE_INT, 1, NULL);
    /* the open structures take every type, so that a set data-type that
     * downstream contradicts fails in set_caps () with a message naming
     * both, not in linking */
    set_types (t, type_field (t), want->shape.dtype, open);
    if (!open) {
      dims = gst_cuda_preproc_shape_to_dimensions (&want->shape);
      gst_structure_set (t, dims_field (t), G_TYPE_STRING, dims, NULL);
      g_free (dims);
    }
  }
  copy_framerate (s, t);
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
    const GstCudaPreprocWanted * want, gboolean with_cuda)
{
  GstCaps *res = gst_caps_new_empty ();
  TensorMap map = { want, TENSOR_FIXED };

  for (; map.kind < TENSOR_KINDS; map.kind++)
    res = gst_caps_merge (res, map_caps (caps, video_to_tensor, &map, TRUE,
            with_cuda));
  return res;
}

gboolean
gst_cuda_preproc_tensor_caps_fixate_dimensions (GstCaps * caps,
    const GstCudaPreprocShape * shape)
{
  GstStructure *s = gst_caps_get_structure (caps, 0);
  gchar *dims;

  if (!gst_structure_has_name (s, "other/tensor") &&
      !gst_structure_has_name (s, "other/tensors"))
    return FALSE;
  if (structure_is_flexible (s) || gst_structure_has_field (s, dims_field (s)))
    return structure_is_flexible (s);
  dims = gst_cuda_preproc_shape_to_dimensions (shape);
  gst_structure_set (s, dims_field (s), G_TYPE_STRING, dims, NULL);
  g_free (dims);
  return TRUE;
}

/* NNStreamer's GstTensorMetaInfo (nnstreamer_plugin_api_util_impl.c):
 * 32-bit words, magic 0xfeedcced, version 1.0 (0xDE000000 | 1 << 12), the
 * type (tensor_type: int32, uint32, int16, uint16, int8, uint8, float64,
 * float32, int64, uint64, float16), 16 dimensions innermost first (0 past
 * the rank), format (0: static), media type (4: tensor). */
#define FLEX_MAGIC 0xfeedccedu
#define FLEX_VERSION_1 (0xDE000000u | (1u << 12))
#define FLEX_MEDIA_TENSOR 4u

static guint32
flex_type (PrepDataType dtype)
{
  switch (dtype) {
    case PREP_DTYPE_FLOAT16:
      return 10;
    case PREP_DTYPE_UINT8:
      return 5;
    case PREP_DTYPE_INT8:
      return 4;
    case PREP_DTYPE_FLOAT32:
    default:
      return 7;
  }
}

void
gst_cuda_preproc_flex_header (const GstCudaPreprocShape * shape,
    guint8 header[GST_CUDA_PREPROC_FLEX_HEADER_BYTES])
{
  guint32 words[GST_CUDA_PREPROC_FLEX_HEADER_BYTES / 4] = { 0 };
  GstCudaPreprocDims dims;
  guint i;

  gst_cuda_preproc_shape_dims (shape, &dims);
  words[0] = FLEX_MAGIC;
  words[1] = FLEX_VERSION_1;
  words[2] = flex_type (shape->dtype);
  for (i = 0; i < dims.rank; i++)
    words[3 + i] = (guint32) dims.d[i];
  words[3 + GST_CUDA_PREPROC_RANK_MAX] = 0;     /* format: static */
  words[4 + GST_CUDA_PREPROC_RANK_MAX] = FLEX_MEDIA_TENSOR;
  memcpy (header, words, sizeof (words));
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
gst_cuda_preproc_caps_have_dimensions (const GstCaps * caps)
{
  guint i;

  for (i = 0; caps != NULL && i < gst_caps_get_size (caps); i++) {
    const GstStructure *s = gst_caps_get_structure (caps, i);

    if (gst_structure_get_string (s, dims_field (s)) != NULL)
      return TRUE;
  }
  return FALSE;
}

gboolean
gst_cuda_preproc_caps_is_cuda (const GstCaps * caps)
{
  return caps != NULL && gst_caps_get_size (caps) > 0 &&
      features_are_cuda (gst_caps_get_features (caps, 0));
}

/* The limit @bytes passes, as the texts name it (to free); NULL: none. */
static gchar *
tensor_limit (gsize bytes, gboolean cuda)
{
  gpointer probe;

  if (bytes > GST_CUDA_PREPROC_MAX_TENSOR_BYTES)
    return g_strdup_printf ("the %" G_GSIZE_FORMAT " bytes a tensor buffer "
        "can hold", GST_CUDA_PREPROC_MAX_TENSOR_BYTES);
  if (cuda && bytes > GST_CUDA_PREPROC_MAX_CUDA_TENSOR_BYTES)
    return g_strdup_printf ("the %" G_GSIZE_FORMAT " bytes a CUDA tensor "
        "can hold (GStreamer's CUDA memory)",
        GST_CUDA_PREPROC_MAX_CUDA_TENSOR_BYTES);
  if (cuda || (probe = g_try_malloc (bytes)) != NULL) {
    if (!cuda)
      g_free (probe);
    return NULL;
  }
  return g_strdup ("this process can allocate");
}

gchar *
gst_cuda_preproc_tensor_bytes_refusal (const GstCudaPreprocShape * shape,
    gsize bytes, gboolean cuda)
{
  gchar *limit = tensor_limit (bytes, cuda), *dims, *text;

  if (limit == NULL)
    return NULL;
  dims = gst_cuda_preproc_shape_to_dimensions (shape);
  text = g_strdup_printf ("The output tensor (dimensions=%s) takes %"
      G_GSIZE_FORMAT " bytes, more than %s: lower width, height or "
      "batch-size", dims, bytes, limit);
  g_free (dims);
  g_free (limit);
  return text;
}

gchar *
gst_cuda_preproc_shape_bytes_refusal (const GstCudaPreprocShape * shape,
    gboolean cuda, gsize * bytes)
{
  gchar *dims, *text;

  if (gst_cuda_preproc_shape_get_bytes (shape, bytes))
    return gst_cuda_preproc_tensor_bytes_refusal (shape, *bytes, cuda);
  dims = gst_cuda_preproc_shape_to_dimensions (shape);
  text = g_strdup_printf ("Output tensor (dimensions=%s, %s) is too large: "
      "its byte size overflows", dims,
      gst_cuda_preproc_dtype_name (shape->dtype));
  g_free (dims);
  return text;
}

gboolean
gst_cuda_preproc_caps_cuda_only (const GstCaps * caps)
{
  guint i;

  if (caps == NULL || gst_caps_is_empty (caps) || gst_caps_is_any (caps))
    return FALSE;
  for (i = 0; i < gst_caps_get_size (caps); i++)
    if (!features_are_cuda (gst_caps_get_features (caps, i)))
      return FALSE;
  return TRUE;
}

static GstStructure *
copy_structure (const GstStructure * s, gconstpointer data)
{
  return gst_structure_copy (s);
}

GstCaps *
gst_cuda_preproc_caps_add_cuda_last (GstCaps * caps, GstCaps * filter)
{
  GstCaps *cuda = gst_caps_new_empty (), *tmp;
  guint i;

  for (i = 0; i < gst_caps_get_size (caps); i++)
    if (!features_are_cuda (gst_caps_get_features (caps, i)))
      append_mapped (&cuda, gst_caps_get_structure (caps, i),
          copy_structure, NULL, TRUE);
  if (filter != NULL) {
    tmp = gst_caps_intersect_full (cuda, filter, GST_CAPS_INTERSECT_FIRST);
    gst_caps_unref (cuda);
    cuda = tmp;
  }
  return gst_caps_merge (caps, cuda);
}

gchar *
gst_cuda_preproc_caps_cuda_output_refusal (const gchar * cuda_why,
    gboolean cuda_in)
{
  if (cuda_why != NULL)
    return g_strdup_printf ("Downstream takes the tensor only in CUDA memory, "
        "and CUDA cannot be used: %s", cuda_why);
  if (!cuda_in)
    return g_strdup ("Downstream takes the tensor only in CUDA memory, but "
        "the input is in system memory: a CUDA tensor is made from video in "
        "CUDA memory (put cudaupload in front, or let downstream take "
        "system memory)");
  return NULL;
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
