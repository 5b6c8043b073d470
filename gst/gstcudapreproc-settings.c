/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The settings store behind the properties (gstcudapreproc-props.c): one
 * switch that writes a property and one that reads it, each under a single
 * hold of the object lock, so that no reader sees half of a write (a mean
 * triple, a list of rois).  A refused value (the validators of the
 * properties file) leaves the store as it was and is reported with a
 * warning that names it and the rule it breaks. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include "gstcudapreproc-props.h"
#include "gstcudapreproc-enums.h"
#include "gstcudapreproc-input.h"
#include "gstcudapreproc-roi-props.h"

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

void
gst_cuda_preproc_settings_wanted (const GstCudaPreprocSettings * s,
    GstCudaPreprocWanted * want)
{
  want->shape = gst_cuda_preproc_settings_shape (s);
  want->size_free = !s->size_set;
  want->layout_free = !s->layout_set;
  want->channels_free = !s->channel_order_set;
  want->dtype_free = !s->data_type_set;
  want->batch_free = gst_cuda_preproc_settings_batch_free (s);
}

/* The fewest values a channel of an integer tensor should span. */
#define INTEGER_VALUES_MIN 16

gchar *
gst_cuda_preproc_settings_integer_refusal (const GstCudaPreprocSettings * s,
    const GstCudaPreprocShape * shape)
{
  gdouble scale = gst_cuda_preproc_settings_scale (s, shape->dtype);
  gint c, fewest = G_MAXINT, worst = 0;
  gdouble lo = 0.0, hi = 0.0;

  if (shape->dtype != PREP_DTYPE_UINT8 && shape->dtype != PREP_DTYPE_INT8)
    return NULL;
  /* the value 0..255 of a pixel, normalized, saturated to 0..255 (int8:
   * that minus 128, the same count) */
  for (c = 0; c < shape->channels; c++) {
    gdouble a = CLAMP ((0.0 * scale - s->mean[c]) / s->std[c], 0.0, 255.0);
    gdouble b = CLAMP ((255.0 * scale - s->mean[c]) / s->std[c], 0.0, 255.0);
    gint n = (gint) (fabs (b - a) + 1.0);

    if (n < fewest) {
      fewest = n;
      worst = c;
      lo = MIN (a, b);
      hi = MAX (a, b);
    }
  }
  if (fewest >= INTEGER_VALUES_MIN)
    return NULL;
  return g_strdup_printf ("data-type=%s with scale=%g, mean[%d]=%g and "
      "std[%d]=%g maps the pixel values 0..255 to %g..%g: channel %d of the "
      "tensor holds at most %d distinct values.  A quantized model takes "
      "the pixel values: leave scale unset (1 for uint8 and int8) and mean "
      "and std at 0 and 1, or fold its quantization into mean and std",
      gst_cuda_preproc_dtype_name (shape->dtype), scale, worst,
      s->mean[worst], worst, s->std[worst], lo, hi, worst, fewest);
}

GstCudaPreprocShape
gst_cuda_preproc_settings_shape (const GstCudaPreprocSettings * s)
{
  GstCudaPreprocShape shape;

  shape.width = s->width;
  shape.height = s->height;
  shape.nhwc = s->layout == GST_CUDA_PREPROC_LAYOUT_NHWC;
  shape.batch = (gint) gst_cuda_preproc_settings_batch (s);
  shape.dtype = (PrepDataType) s->data_type;
  shape.channels = prep_channel_count ((PrepChannelOrder) s->channel_order);
  return shape;
}

void
gst_cuda_preproc_settings_config (const GstCudaPreprocSettings * s,
    const GstCudaPreprocShape * shape, PrepConfig * cfg)
{
  gint c;

  prep_config_init (cfg);
  cfg->out_width = shape->width;
  cfg->out_height = shape->height;
  cfg->batch_size = shape->batch;
  cfg->data_type = shape->dtype;
  cfg->layout = shape->nhwc ? PREP_LAYOUT_NHWC : PREP_LAYOUT_NCHW;
  cfg->aspect = (PrepAspect) s->aspect;
  cfg->pad_value = s->pad_value;
  cfg->pad_per_channel = s->pad_values_set ? 1 : 0;
  memcpy (cfg->pad_values, s->pad_values, sizeof (cfg->pad_values));
  cfg->interpolation = (PrepInterp) s->interpolation;
  cfg->color_conversion = (PrepColorConversion) s->color_conversion;
  cfg->chroma_interpolation = (PrepChromaInterp) s->chroma_interpolation;
  cfg->letterbox_align = (PrepAlign) s->letterbox_align;
  cfg->crop_fraction = s->crop_fraction;
  cfg->antialias = s->antialias ? 1 : 0;
  cfg->letterbox_rounding = (PrepRounding) s->letterbox_rounding;
  /* channel-order unset: downstream's C = 1 is gray */
  cfg->channel_order = shape->channels == 1 ? PREP_ORDER_GRAY :
      (PrepChannelOrder) s->channel_order;
  cfg->scale = gst_cuda_preproc_settings_scale (s, shape->dtype);
  for (c = 0; c < 3; c++) {
    cfg->mean[c] = s->mean[c];
    cfg->std[c] = s->std[c];
  }
}

void
gst_cuda_preproc_settings_roi_filter (const GstCudaPreprocSettings * s,
    GstCudaPreprocRoiFilter * filter)
{
  gst_cuda_preproc_roi_props_filter (&s->roi_props, s->roi_type, filter);
}

/* color-conversion=opencv and opencv-8bit: cvtColor's BT.601 limited range
 * replaces the matrix and range (videoconvert follows them, as exact) */
static gboolean
settings_opencv_colors (const GstCudaPreprocSettings * s)
{
  return s->color_conversion == GST_CUDA_PREPROC_COLOR_CONVERSION_OPENCV ||
      s->color_conversion == GST_CUDA_PREPROC_COLOR_CONVERSION_OPENCV_8BIT;
}

gboolean
gst_cuda_preproc_settings_colorimetry (const GstCudaPreprocSettings * s,
    gboolean known, PrepMatrix * matrix, PrepRange * range)
{
  if (s->color_matrix != GST_CUDA_PREPROC_COLOR_MATRIX_AUTO)
    *matrix = (PrepMatrix) (s->color_matrix - 1);
  if (s->color_range != GST_CUDA_PREPROC_COLOR_RANGE_AUTO)
    *range = (PrepRange) (s->color_range - 1);
  /* color-conversion=opencv*: cvtColor's BT.601 whatever the caps say */
  return known || s->color_matrix != GST_CUDA_PREPROC_COLOR_MATRIX_AUTO ||
      settings_opencv_colors (s);
}

gchar *
gst_cuda_preproc_settings_describe_colorimetry (const GstCudaPreprocSettings *
    s, const GstVideoInfo * info, const GstVideoColorimetry * stated,
    PrepMatrix matrix, PrepRange range)
{
  gchar *text, *more;

  gst_cuda_preproc_settings_colorimetry (s, TRUE, &matrix, &range);
  text = gst_cuda_preproc_input_describe_colorimetry (info, stated, matrix,
      s->color_matrix != GST_CUDA_PREPROC_COLOR_MATRIX_AUTO, range,
      s->color_range != GST_CUDA_PREPROC_COLOR_RANGE_AUTO);
  /* YUV input: cvtColor's BT.601 limited range replaces the matrix and
   * range (an explicit color-matrix or color-range is ignored) */
  if (!settings_opencv_colors (s) || !GST_VIDEO_INFO_IS_YUV (info) ||
      GST_VIDEO_INFO_IS_GRAY (info))
    return text;
  more = g_strdup_printf ("%s; color-conversion=%s: OpenCV cvtColor's "
      "BT.601 limited range instead", text, s->color_conversion ==
      GST_CUDA_PREPROC_COLOR_CONVERSION_OPENCV ? "opencv" : "opencv-8bit");
  g_free (text);
  return more;
}

/* The fields that make the tensor's caps: a change of any is a reshape. */
#define SHAPE_KEYS 6

static void
settings_shape_key (const GstCudaPreprocSettings * s, gint key[SHAPE_KEYS])
{
  key[0] = s->width;
  key[1] = s->height;
  key[2] = s->layout;
  key[3] = s->data_type;
  key[4] = (gint) gst_cuda_preproc_settings_batch (s);
  key[5] = s->channel_order == GST_CUDA_PREPROC_CHANNEL_ORDER_GRAY;
}

/* Stores @value (checked already, or checked here under the lock for the
 * normalization, which is validated as a whole); *@why (to free) when it
 * is refused.  FALSE for a property that is not one of these. */
static gboolean
settings_store (GstCudaPreprocSettings * s, guint prop_id,
    const GValue * value, const PrepRect * rois, guint n_rois, gchar ** why)
{
  GstCudaPreprocNormalization n;
  gdouble pad[3] = { 0.0, 0.0, 0.0 }, rect[4] = { 0.0, 0.0, 0.0, 0.0 };
  gboolean pad_set, rect_set;
  const gchar *type;

  switch (prop_id) {
    case PROP_WIDTH:
      s->width = g_value_get_int (value);
      s->size_set = TRUE;
      break;
    case PROP_HEIGHT:
      s->height = g_value_get_int (value);
      s->size_set = TRUE;
      break;
    case PROP_CROP_X:
      s->crop.x = g_value_get_int (value);
      break;
    case PROP_CROP_Y:
      s->crop.y = g_value_get_int (value);
      break;
    case PROP_CROP_WIDTH:
      s->crop.width = g_value_get_int (value);
      break;
    case PROP_CROP_HEIGHT:
      s->crop.height = g_value_get_int (value);
      break;
    case PROP_CROP_RECT:
      *why = gst_cuda_preproc_settings_read_crop_rect (value, rect, &rect_set);
      if (*why != NULL)
        break;
      s->crop_rect_set = rect_set;
      memcpy (s->crop_rect, rect, sizeof (rect));
      break;
    case PROP_ASPECT:
      s->aspect = g_value_get_enum (value);
      break;
    case PROP_INTERPOLATION:
      s->interpolation = g_value_get_enum (value);
      break;
    case PROP_CHANNEL_ORDER:
      s->channel_order = g_value_get_enum (value);
      s->channel_order_set = TRUE;
      break;
    case PROP_LAYOUT:
      s->layout = g_value_get_enum (value);
      s->layout_set = TRUE;
      break;
    case PROP_CUDA_DEVICE_ID:
      s->cuda_device_id = g_value_get_int (value);
      break;
    case PROP_N_THREADS:
      s->n_threads = g_value_get_uint (value);
      break;
    case PROP_OUTPUT_BUFFERS:
      s->output_buffers = g_value_get_uint (value);
      break;
    case PROP_PAD_VALUE:
      s->pad_value = g_value_get_double (value);
      break;
    case PROP_PAD_VALUES:
      *why = gst_cuda_preproc_settings_read_pad_values (value, pad, &pad_set);
      if (*why != NULL)
        break;
      s->pad_values_set = pad_set;
      memcpy (s->pad_values, pad, sizeof (pad));
      break;
    case PROP_SCALE:
    case PROP_MEAN:
    case PROP_STD:
      *why = gst_cuda_preproc_settings_check_normalization (s, prop_id, value,
          &n);
      if (*why != NULL)
        break;
      s->scale = n.scale;
      s->scale_set |= prop_id == PROP_SCALE;
      memcpy (s->mean, n.mean, sizeof (n.mean));
      memcpy (s->std, n.std, sizeof (n.std));
      break;
    case PROP_ROIS:
      memcpy (s->rois, rois, n_rois * sizeof (PrepRect));
      s->n_rois = n_rois;
      break;
    case PROP_ROI_SOURCE:
      s->roi_source = g_value_get_enum (value);
      break;
    case PROP_ROI_TYPE:
      type = g_value_get_string (value);
      s->roi_type = type != NULL && *type != '\0' ?
          g_quark_from_string (type) : 0;
      break;
    case PROP_BATCH_SIZE:
      s->batch_size = g_value_get_uint (value);
      break;
    case PROP_COLOR_MATRIX:
      s->color_matrix = g_value_get_enum (value);
      break;
    case PROP_COLOR_RANGE:
      s->color_range = g_value_get_enum (value);
      break;
    case PROP_COLOR_CONVERSION:
      s->color_conversion = g_value_get_enum (value);
      break;
    case PROP_CHROMA_INTERPOLATION:
      s->chroma_interpolation = g_value_get_enum (value);
      break;
    case PROP_LETTERBOX_ALIGN:
      s->letterbox_align = g_value_get_enum (value);
      break;
    case PROP_CROP_FRACTION:
      s->crop_fraction = g_value_get_double (value);
      break;
    case PROP_ANTIALIAS:
      s->antialias = g_value_get_boolean (value);
      break;
    case PROP_LETTERBOX_ROUNDING:
      s->letterbox_rounding = g_value_get_enum (value);
      break;
    case PROP_DATA_TYPE:
      s->data_type = g_value_get_enum (value);
      s->data_type_set = TRUE;
      break;
    case PROP_OUTPUT_MODE:
      s->output_mode = g_value_get_enum (value);
      break;
    case PROP_TENSOR_ID:
      type = g_value_get_string (value);
      if (type == NULL || *type == '\0')
        *why = g_strdup ("the tensor id must not be empty");
      else
        s->tensor_id = g_quark_from_string (type);
      break;
    case PROP_TENSOR_MEMORY:
      s->tensor_memory = g_value_get_enum (value);
      break;
    case PROP_ROI_TYPES:
    case PROP_ROI_MIN_SIZE:
    case PROP_ROI_MAX_SIZE:
    case PROP_ROI_MIN_CONFIDENCE:
      *why = gst_cuda_preproc_roi_props_read (prop_id - PROP_ROI_TYPES, value,
          &s->roi_props);
      break;
    default:
      return FALSE;
  }
  return TRUE;
}

gboolean
gst_cuda_preproc_settings_set (GstObject * self, GstCudaPreprocSettings * s,
    GParamSpec * pspec, const GValue * value, gboolean * reshape,
    gchar ** refusal)
{
  gint before[SHAPE_KEYS], after[SHAPE_KEYS];
  PrepRect rois[PREP_BATCH_MAX];
  guint n_rois = 0;
  gchar *why = NULL;
  gboolean known = TRUE;

  if (pspec->param_id == PROP_ROIS)
    why = gst_cuda_preproc_settings_read_rois (value, rois, &n_rois);
  GST_OBJECT_LOCK (self);
  settings_shape_key (s, before);
  if (why == NULL)
    known = settings_store (s, pspec->param_id, value, rois, n_rois, &why);
  settings_shape_key (s, after);
  GST_OBJECT_UNLOCK (self);
  *reshape = memcmp (before, after, sizeof (before)) != 0;
  *refusal = NULL;
  if (why != NULL && pspec->param_id == PROP_ROIS) {
    *refusal = g_strdup_printf ("%s; expected rois=\"<<x,y,width,height>,"
        "...>\", at most 64 rectangles of integers with width and height "
        "> 0, e.g. rois=\"<<0,0,640,360>>\"", why);
    g_free (why);
  } else {
    *refusal = why;
  }
  return known;
}

static void
settings_get_doubles (const gdouble * src, gint n, GValue * value)
{
  gint i;

  for (i = 0; i < n; i++) {
    GValue d = G_VALUE_INIT;

    g_value_init (&d, G_TYPE_DOUBLE);
    g_value_set_double (&d, src[i]);
    gst_value_array_append_and_take_value (value, &d);
  }
}

static void
settings_get_triple (const gdouble * src, GValue * value)
{
  settings_get_doubles (src, 3, value);
}

static void
settings_get_rois (const GstCudaPreprocSettings * s, GValue * value)
{
  guint i;
  gint k;

  for (i = 0; i < s->n_rois; i++) {
    GValue rect = G_VALUE_INIT, v = G_VALUE_INIT;
    gint f[4] = { s->rois[i].x, s->rois[i].y, s->rois[i].width,
      s->rois[i].height
    };

    gst_value_array_init (&rect, 4);
    for (k = 0; k < 4; k++) {
      g_value_init (&v, G_TYPE_INT);
      g_value_set_int (&v, f[k]);
      gst_value_array_append_and_take_value (&rect, &v);
    }
    gst_value_array_append_and_take_value (value, &rect);
  }
}

/* Reads from a copy taken under one hold of the lock. */
gboolean
gst_cuda_preproc_settings_get (GstObject * self,
    const GstCudaPreprocSettings * store, guint prop_id, GValue * value)
{
  GstCudaPreprocSettings s;

  GST_OBJECT_LOCK (self);
  s = *store;
  GST_OBJECT_UNLOCK (self);
  switch (prop_id) {
    case PROP_WIDTH:
      g_value_set_int (value, s.width);
      break;
    case PROP_HEIGHT:
      g_value_set_int (value, s.height);
      break;
    case PROP_CROP_X:
      g_value_set_int (value, s.crop.x);
      break;
    case PROP_CROP_Y:
      g_value_set_int (value, s.crop.y);
      break;
    case PROP_CROP_WIDTH:
      g_value_set_int (value, s.crop.width);
      break;
    case PROP_CROP_HEIGHT:
      g_value_set_int (value, s.crop.height);
      break;
    case PROP_ASPECT:
      g_value_set_enum (value, s.aspect);
      break;
    case PROP_INTERPOLATION:
      g_value_set_enum (value, s.interpolation);
      break;
    case PROP_CHANNEL_ORDER:
      g_value_set_enum (value, s.channel_order);
      break;
    case PROP_LAYOUT:
      g_value_set_enum (value, s.layout);
      break;
    case PROP_CUDA_DEVICE_ID:
      g_value_set_int (value, s.cuda_device_id);
      break;
    case PROP_N_THREADS:
      g_value_set_uint (value, s.n_threads);
      break;
    case PROP_OUTPUT_BUFFERS:
      g_value_set_uint (value, s.output_buffers);
      break;
    case PROP_PAD_VALUE:
      g_value_set_double (value, s.pad_value);
      break;
    case PROP_PAD_VALUES:
      if (s.pad_values_set)
        settings_get_triple (s.pad_values, value);
      break;
    case PROP_CROP_RECT:
      if (s.crop_rect_set)
        settings_get_doubles (s.crop_rect, 4, value);
      break;
    case PROP_SCALE:
      g_value_set_double (value, gst_cuda_preproc_settings_scale (&s,
              (PrepDataType) s.data_type));
      break;
    case PROP_MEAN:
      settings_get_triple (s.mean, value);
      break;
    case PROP_STD:
      settings_get_triple (s.std, value);
      break;
    case PROP_ROIS:
      settings_get_rois (&s, value);
      break;
    case PROP_ROI_SOURCE:
      g_value_set_enum (value, s.roi_source);
      break;
    case PROP_ROI_TYPE:
      g_value_set_string (value, g_quark_to_string (s.roi_type));
      break;
    case PROP_BATCH_SIZE:
      g_value_set_uint (value, s.batch_size);
      break;
    case PROP_COLOR_MATRIX:
      g_value_set_enum (value, s.color_matrix);
      break;
    case PROP_COLOR_RANGE:
      g_value_set_enum (value, s.color_range);
      break;
    case PROP_COLOR_CONVERSION:
      g_value_set_enum (value, s.color_conversion);
      break;
    case PROP_CHROMA_INTERPOLATION:
      g_value_set_enum (value, s.chroma_interpolation);
      break;
    case PROP_LETTERBOX_ALIGN:
      g_value_set_enum (value, s.letterbox_align);
      break;
    case PROP_CROP_FRACTION:
      g_value_set_double (value, s.crop_fraction);
      break;
    case PROP_ANTIALIAS:
      g_value_set_boolean (value, s.antialias);
      break;
    case PROP_LETTERBOX_ROUNDING:
      g_value_set_enum (value, s.letterbox_rounding);
      break;
    case PROP_DATA_TYPE:
      g_value_set_enum (value, s.data_type);
      break;
    case PROP_OUTPUT_MODE:
      g_value_set_enum (value, s.output_mode);
      break;
    case PROP_TENSOR_ID:
      g_value_set_string (value, g_quark_to_string (s.tensor_id));
      break;
    case PROP_TENSOR_MEMORY:
      g_value_set_enum (value, s.tensor_memory);
      break;
    case PROP_ROI_TYPES:
    case PROP_ROI_MIN_SIZE:
    case PROP_ROI_MAX_SIZE:
    case PROP_ROI_MIN_CONFIDENCE:
      gst_cuda_preproc_roi_props_write (prop_id - PROP_ROI_TYPES,
          &s.roi_props, value);
      break;
    default:
      return FALSE;
  }
  return TRUE;
}

void
gst_cuda_preproc_settings_warn (GstElement * element, GPtrArray * texts,
    gchar ** last)
{
  gchar *all;
  guint i;

  g_ptr_array_add (texts, NULL);
  all = g_strjoinv ("\n", (gchar **) texts->pdata);
  if (g_strcmp0 (all, *last) == 0) {
    g_free (all);
    return;
  }
  for (i = 0; i + 1 < texts->len; i++)
    GST_ELEMENT_WARNING (element, RESOURCE, SETTINGS, ("%s",
            (const gchar *) g_ptr_array_index (texts, i)), (NULL));
  g_free (*last);
  *last = all;
}

gint
gst_cuda_preproc_settings_device_id (GstObject * self,
    const GstCudaPreprocSettings * s)
{
  gint id;

  GST_OBJECT_LOCK (self);
  id = s->cuda_device_id;
  GST_OBJECT_UNLOCK (self);
  return id;
}

gint
gst_cuda_preproc_settings_n_threads (GstObject * self,
    const GstCudaPreprocSettings * s)
{
  gint n;

  GST_OBJECT_LOCK (self);
  n = (gint) s->n_threads;
  GST_OBJECT_UNLOCK (self);
  return n;
}
