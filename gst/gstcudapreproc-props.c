/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The properties of cudapreproc: their documentation, ranges and defaults,
 * and the thread-safe store behind them (the object lock guards it).
 * Values the param specs cannot refuse (non-finite scale, mean, std; a zero
 * std; arrays of other than 3 values) are refused here with a warning, and
 * the previous value is kept. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include "gstcudapreproc-props.h"
#include "gstcudapreproc-enums.h"

#define DEFAULT_PROP_WIDTH 640
#define DEFAULT_PROP_HEIGHT 640
#define DEFAULT_PROP_CROP_X 0
#define DEFAULT_PROP_CROP_Y 0
#define DEFAULT_PROP_CROP_WIDTH 0
#define DEFAULT_PROP_CROP_HEIGHT 0
#define DEFAULT_PROP_ASPECT GST_CUDA_PREPROC_ASPECT_STRETCH
#define DEFAULT_PROP_PAD_VALUE 114.0
#define DEFAULT_PROP_INTERPOLATION GST_CUDA_PREPROC_INTERPOLATION_BILINEAR
#define DEFAULT_PROP_CHANNEL_ORDER GST_CUDA_PREPROC_CHANNEL_ORDER_RGB
#define DEFAULT_PROP_SCALE (1.0 / 255.0)
#define DEFAULT_PROP_MEAN 0.0
#define DEFAULT_PROP_STD 1.0
#define DEFAULT_PROP_LAYOUT GST_CUDA_PREPROC_LAYOUT_NCHW
#define DEFAULT_PROP_CUDA_DEVICE_ID -1
#define DEFAULT_PROP_N_THREADS 1

static void
install_geometry_properties (GObjectClass * gobject_class)
{
  /**
   * GstCudaPreproc:width:
   *
   * Width of the output tensor in pixels.  Changing it while playing
   * renegotiates on the next buffer.  While neither width nor height is
   * set, downstream caps with fixed dimensions choose the tensor's size
   * (and its layout); once one is set, the properties decide, and
   * downstream caps that want another shape fail negotiation with a
   * message naming both.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_WIDTH,
      g_param_spec_int ("width", "Width", "Output tensor width in pixels",
          1, G_MAXINT, DEFAULT_PROP_WIDTH, PARAM_FLAGS));
  /**
   * GstCudaPreproc:height:
   *
   * Height of the output tensor in pixels.  Changing it while playing
   * renegotiates on the next buffer.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_HEIGHT,
      g_param_spec_int ("height", "Height", "Output tensor height in pixels",
          1, G_MAXINT, DEFAULT_PROP_HEIGHT, PARAM_FLAGS));
  /**
   * GstCudaPreproc:crop-x:
   *
   * Left edge of the crop rectangle, in luma pixels of the input frame.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_CROP_X,
      g_param_spec_int ("crop-x", "Crop X",
          "Left edge of the crop rectangle in input pixels",
          0, G_MAXINT, DEFAULT_PROP_CROP_X, PARAM_FLAGS));
  /**
   * GstCudaPreproc:crop-y:
   *
   * Top edge of the crop rectangle, in luma pixels of the input frame.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_CROP_Y,
      g_param_spec_int ("crop-y", "Crop Y",
          "Top edge of the crop rectangle in input pixels",
          0, G_MAXINT, DEFAULT_PROP_CROP_Y, PARAM_FLAGS));
  /**
   * GstCudaPreproc:crop-width:
   *
   * Width of the crop rectangle; 0 extends it to the frame's right edge.
   * A crop partly outside the frame is clamped to it (with one element
   * warning).  While a stream plays, a crop-* value that puts the crop
   * entirely outside the frame is refused with an element warning naming
   * the crop and the frame size, and the previous value stays; before the
   * first caps such a crop fails negotiation.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_CROP_WIDTH,
      g_param_spec_int ("crop-width", "Crop width",
          "Width of the crop rectangle (0 = to the frame's right edge)",
          0, G_MAXINT, DEFAULT_PROP_CROP_WIDTH, PARAM_FLAGS));
  /**
   * GstCudaPreproc:crop-height:
   *
   * Height of the crop rectangle; 0 extends it to the frame's bottom edge.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_CROP_HEIGHT,
      g_param_spec_int ("crop-height", "Crop height",
          "Height of the crop rectangle (0 = to the frame's bottom edge)",
          0, G_MAXINT, DEFAULT_PROP_CROP_HEIGHT, PARAM_FLAGS));
}

static void
install_mapping_properties (GObjectClass * gobject_class)
{
  /**
   * GstCudaPreproc:aspect:
   *
   * How the crop maps onto the tensor: stretched onto all of it, or
   * letterboxed (aspect ratio kept, centered, bands filled with
   * #GstCudaPreproc:pad-value).
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_ASPECT,
      g_param_spec_enum ("aspect", "Aspect",
          "How the crop maps onto the tensor", GST_TYPE_CUDA_PREPROC_ASPECT,
          DEFAULT_PROP_ASPECT, PARAM_FLAGS));
  /**
   * GstCudaPreproc:pad-value:
   *
   * Value of the letterbox bands in pixel units (0..255, before
   * normalization, the same for the three channels); 114 is YOLO's gray.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_PAD_VALUE,
      g_param_spec_double ("pad-value", "Pad value",
          "Letterbox band value in pixel units (0-255), normalized like "
          "a pixel", 0.0, 255.0, DEFAULT_PROP_PAD_VALUE, PARAM_FLAGS));
  /**
   * GstCudaPreproc:interpolation:
   *
   * Resampling method.  Both use half-pixel centers and never read pixels
   * outside the crop.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_INTERPOLATION,
      g_param_spec_enum ("interpolation", "Interpolation",
          "Resampling method", GST_TYPE_CUDA_PREPROC_INTERPOLATION,
          DEFAULT_PROP_INTERPOLATION, PARAM_FLAGS));
  /**
   * GstCudaPreproc:channel-order:
   *
   * Order of the color channels in the tensor.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_CHANNEL_ORDER,
      g_param_spec_enum ("channel-order", "Channel order",
          "Order of the color channels in the tensor",
          GST_TYPE_CUDA_PREPROC_CHANNEL_ORDER, DEFAULT_PROP_CHANNEL_ORDER,
          PARAM_FLAGS));
  /**
   * GstCudaPreproc:layout:
   *
   * Memory layout of the tensor.  Changing it while playing renegotiates.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_LAYOUT,
      g_param_spec_enum ("layout", "Layout", "Memory layout of the tensor",
          GST_TYPE_CUDA_PREPROC_LAYOUT, DEFAULT_PROP_LAYOUT, PARAM_FLAGS));
  /**
   * GstCudaPreproc:cuda-device-id:
   *
   * CUDA device of the context the element creates when no neighbour or
   * application shares one (-1: any, which is device 0).  Buffers that
   * arrive in CUDA memory are always processed in their own memory's
   * context.  Only used with CUDA memory.  Can only be changed in the NULL
   * and READY states: a change in PAUSED or PLAYING is refused with an
   * element warning, and the previous value stays.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_CUDA_DEVICE_ID,
      g_param_spec_int ("cuda-device-id", "CUDA device id",
          "CUDA device for the element's own context (-1 = any)", -1,
          G_MAXINT, DEFAULT_PROP_CUDA_DEVICE_ID, G_PARAM_READWRITE |
          GST_PARAM_MUTABLE_READY | G_PARAM_STATIC_STRINGS));
}

static void
install_normalization_properties (GObjectClass * gobject_class)
{
  /**
   * GstCudaPreproc:scale:
   *
   * Factor applied to the 0..255 value before the mean is subtracted:
   * out = (value * scale - mean[c]) / std[c].  Must be finite.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_SCALE,
      g_param_spec_double ("scale", "Scale",
          "Factor on the 0-255 value: out = (value * scale - mean) / std",
          -G_MAXDOUBLE, G_MAXDOUBLE, DEFAULT_PROP_SCALE, PARAM_FLAGS));
  /**
   * GstCudaPreproc:mean:
   *
   * Per-channel mean, three values in tensor channel order (after
   * #GstCudaPreproc:channel-order), e.g. `mean="<0.485,0.456,0.406>"`.
   * Values must be finite numbers (integers are taken too, as in
   * `mean="<0,0,0>"`); anything else is refused with a warning naming the
   * rule that failed, and the previous value is kept.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_MEAN,
      gst_param_spec_array ("mean", "Mean",
          "Per-channel mean, 3 numbers in tensor channel order",
          NULL, PARAM_FLAGS));
  /**
   * GstCudaPreproc:std:
   *
   * Per-channel standard deviation, three values in tensor channel order,
   * e.g. `std="<0.229,0.224,0.225>"`.  Values must be finite, non-zero
   * numbers (integers are taken too); anything else is refused with a
   * warning naming the rule that failed, and the previous value is kept.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_STD,
      gst_param_spec_array ("std", "Std",
          "Per-channel standard deviation, 3 non-zero numbers in tensor "
          "channel order", NULL, PARAM_FLAGS));
}

static void
install_execution_properties (GObjectClass * gobject_class)
{
  /**
   * GstCudaPreproc:n-threads:
   *
   * Threads that compute a frame on the CPU path (input in system memory),
   * the streaming thread included: 1 (the default, as videoconvert) keeps
   * the work on the streaming thread, 0 uses one thread per online CPU
   * core.  The rows of the tensor are shared out among them; the output is
   * the same, bit for bit, whatever the count.  The CUDA path ignores it.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_N_THREADS,
      g_param_spec_uint ("n-threads", "Threads",
          "Threads for the CPU path, the streaming thread included "
          "(0 = one per CPU core)", 0, PREP_WORKERS_MAX,
          DEFAULT_PROP_N_THREADS, PARAM_FLAGS));
}

void
gst_cuda_preproc_settings_install (GObjectClass * gobject_class)
{
  gst_cuda_preproc_settings_install_batch (gobject_class);
  install_geometry_properties (gobject_class);
  install_mapping_properties (gobject_class);
  install_normalization_properties (gobject_class);
  install_execution_properties (gobject_class);
}

void
gst_cuda_preproc_settings_init (GstCudaPreprocSettings * s)
{
  gint c;

  s->width = DEFAULT_PROP_WIDTH;
  s->height = DEFAULT_PROP_HEIGHT;
  s->size_set = FALSE;
  s->crop.x = DEFAULT_PROP_CROP_X;
  s->crop.y = DEFAULT_PROP_CROP_Y;
  s->crop.width = DEFAULT_PROP_CROP_WIDTH;
  s->crop.height = DEFAULT_PROP_CROP_HEIGHT;
  s->aspect = DEFAULT_PROP_ASPECT;
  s->pad_value = DEFAULT_PROP_PAD_VALUE;
  s->interpolation = DEFAULT_PROP_INTERPOLATION;
  s->channel_order = DEFAULT_PROP_CHANNEL_ORDER;
  s->layout = DEFAULT_PROP_LAYOUT;
  s->cuda_device_id = DEFAULT_PROP_CUDA_DEVICE_ID;
  s->n_threads = DEFAULT_PROP_N_THREADS;
  s->scale = DEFAULT_PROP_SCALE;
  gst_cuda_preproc_settings_init_batch (s);
  for (c = 0; c < 3; c++) {
    s->mean[c] = DEFAULT_PROP_MEAN;
    s->std[c] = DEFAULT_PROP_STD;
  }
}

/* Reads a 3-value array of numbers (doubles, or integers as Python and
 * gst-launch give them); NULL, or why not (to free). */
static gchar *
settings_read_triple (const GValue * value, gdouble out[3])
{
  guint i, n = gst_value_array_get_size (value);

  if (n != 3)
    return g_strdup_printf ("it needs exactly 3 values, not %u", n);
  for (i = 0; i < 3; i++) {
    const GValue *e = gst_value_array_get_value (value, i);
    GValue d = G_VALUE_INIT;

    g_value_init (&d, G_TYPE_DOUBLE);
    if (!G_VALUE_HOLDS (e, G_TYPE_STRING) && g_value_transform (e, &d)) {
      out[i] = g_value_get_double (&d);
      continue;
    }
    return g_strdup_printf ("value %u is a %s, not a number", i,
        G_VALUE_TYPE_NAME (e));
  }
  return NULL;
}

/* The rule of docs/properties.md that scale, mean and std break, or NULL
 * (prep_normalization_validate () has the last word). */
static gchar *
settings_normalization_rule (gdouble scale, const gdouble mean[3],
    const gdouble std[3])
{
  gint c;

  if (!isfinite (scale))
    return g_strdup ("scale must be a finite number");
  for (c = 0; c < 3; c++) {
    if (!isfinite (mean[c]))
      return g_strdup_printf ("mean value %d is not finite", c);
    if (!isfinite (std[c]))
      return g_strdup_printf ("std value %d is not finite", c);
    if (std[c] == 0.0)
      return g_strdup_printf ("std value %d is 0", c);
  }
  if (prep_normalization_validate (scale, mean, std) != PREP_OK)
    return g_strdup ("(255 * scale - mean) / std must fit in a float for "
        "every channel");
  return NULL;
}

/* scale, mean and std are checked together (prep_normalization_validate ():
 * finite, std non-zero, folded values finite in float).  A refused value is
 * reported with a warning naming it and the rule it breaks, and the
 * previous values stay. */
static void
settings_set_normalization (GstObject * self, GstCudaPreprocSettings * s,
    guint prop_id, const GValue * value)
{
  gdouble scale, mean[3], std[3];
  gchar *why = NULL, *str;

  GST_OBJECT_LOCK (self);
  scale = s->scale;
  memcpy (mean, s->mean, sizeof (mean));
  memcpy (std, s->std, sizeof (std));
  if (prop_id == PROP_SCALE)
    scale = g_value_get_double (value);
  else
    why = settings_read_triple (value, prop_id == PROP_MEAN ? mean : std);
  if (why == NULL)
    why = settings_normalization_rule (scale, mean, std);
  if (why == NULL) {
    s->scale = scale;
    memcpy (s->mean, mean, sizeof (mean));
    memcpy (s->std, std, sizeof (std));
  }
  GST_OBJECT_UNLOCK (self);
  if (why == NULL)
    return;
  str = gst_value_serialize (value);
  g_warning ("%s: refusing %s=%s: %s; keeping the previous value",
      GST_OBJECT_NAME (self), prop_id == PROP_SCALE ? "scale" :
      prop_id == PROP_MEAN ? "mean" : "std", GST_STR_NULL (str), why);
  g_free (str);
  g_free (why);
}

/* The three values are read under one lock: never a mix of two writes. */
static void
settings_get_triple (GstObject * self, const gdouble * src, GValue * value)
{
  gdouble v[3];
  gint i;

  GST_OBJECT_LOCK (self);
  memcpy (v, src, sizeof (v));
  GST_OBJECT_UNLOCK (self);
  for (i = 0; i < 3; i++) {
    GValue d = G_VALUE_INIT;

    g_value_init (&d, G_TYPE_DOUBLE);
    g_value_set_double (&d, v[i]);
    gst_value_array_append_and_take_value (value, &d);
  }
}

/* Sets an int-like property; TRUE when the tensor shape changed. */
gboolean
gst_cuda_preproc_settings_set_int (GstObject * self, gint * field, gint v,
    gboolean shapes)
{
  gboolean changed;

  GST_OBJECT_LOCK (self);
  changed = *field != v;
  *field = v;
  GST_OBJECT_UNLOCK (self);
  return shapes && changed;
}

/* Stores a property value; FALSE for an unknown property.  *reshape is set
 * when the tensor's shape (width, height, layout) changed. */
gboolean
gst_cuda_preproc_settings_set (GstObject * self, GstCudaPreprocSettings * s,
    guint prop_id, const GValue * value, gboolean * reshape)
{
  *reshape = FALSE;

  switch (prop_id) {
    case PROP_WIDTH:
    case PROP_HEIGHT:
      GST_OBJECT_LOCK (self);
      s->size_set = TRUE;
      GST_OBJECT_UNLOCK (self);
      *reshape = gst_cuda_preproc_settings_set_int (self, prop_id ==
          PROP_WIDTH ? &s->width : &s->height, g_value_get_int (value), TRUE);
      break;
    case PROP_CROP_X:
      gst_cuda_preproc_settings_set_int (self, &s->crop.x,
          g_value_get_int (value), 0);
      break;
    case PROP_CROP_Y:
      gst_cuda_preproc_settings_set_int (self, &s->crop.y,
          g_value_get_int (value), 0);
      break;
    case PROP_CROP_WIDTH:
      gst_cuda_preproc_settings_set_int (self, &s->crop.width,
          g_value_get_int (value), FALSE);
      break;
    case PROP_CROP_HEIGHT:
      gst_cuda_preproc_settings_set_int (self, &s->crop.height,
          g_value_get_int (value), FALSE);
      break;
    case PROP_ASPECT:
      gst_cuda_preproc_settings_set_int (self, &s->aspect,
          g_value_get_enum (value), 0);
      break;
    case PROP_INTERPOLATION:
      gst_cuda_preproc_settings_set_int (self, &s->interpolation,
          g_value_get_enum (value), FALSE);
      break;
    case PROP_CHANNEL_ORDER:
      gst_cuda_preproc_settings_set_int (self, &s->channel_order,
          g_value_get_enum (value), FALSE);
      break;
    case PROP_LAYOUT:
      *reshape = gst_cuda_preproc_settings_set_int (self, &s->layout,
          g_value_get_enum (value), TRUE);
      break;
    case PROP_CUDA_DEVICE_ID:
      gst_cuda_preproc_settings_set_int (self, &s->cuda_device_id,
          g_value_get_int (value), FALSE);
      break;
    case PROP_N_THREADS:
      GST_OBJECT_LOCK (self);
      s->n_threads = g_value_get_uint (value);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_PAD_VALUE:
      GST_OBJECT_LOCK (self);
      s->pad_value = g_value_get_double (value);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_SCALE:
    case PROP_MEAN:
    case PROP_STD:
      settings_set_normalization (self, s, prop_id, value);
      break;
    default:
      return gst_cuda_preproc_settings_set_batch (self, s, prop_id, value,
          reshape);
  }
  return TRUE;
}

gint
gst_cuda_preproc_settings_get_int (GstObject * self, const gint * field)
{
  gint v;

  GST_OBJECT_LOCK (self);
  v = *field;
  GST_OBJECT_UNLOCK (self);
  return v;
}

static gdouble
settings_get_double (GstObject * self, const gdouble * field)
{
  gdouble v;

  GST_OBJECT_LOCK (self);
  v = *field;
  GST_OBJECT_UNLOCK (self);
  return v;
}

/* Reads a property value; FALSE for an unknown property. */
gboolean
gst_cuda_preproc_settings_get (GstObject * self,
    const GstCudaPreprocSettings * s, guint prop_id, GValue * value)
{
  switch (prop_id) {
    case PROP_WIDTH:
      g_value_set_int (value, gst_cuda_preproc_settings_get_int (self,
              &s->width));
      break;
    case PROP_HEIGHT:
      g_value_set_int (value, gst_cuda_preproc_settings_get_int (self,
              &s->height));
      break;
    case PROP_CROP_X:
      g_value_set_int (value, gst_cuda_preproc_settings_get_int (self,
              &s->crop.x));
      break;
    case PROP_CROP_Y:
      g_value_set_int (value, gst_cuda_preproc_settings_get_int (self,
              &s->crop.y));
      break;
    case PROP_CROP_WIDTH:
      g_value_set_int (value, gst_cuda_preproc_settings_get_int (self,
              &s->crop.width));
      break;
    case PROP_CROP_HEIGHT:
      g_value_set_int (value, gst_cuda_preproc_settings_get_int (self,
              &s->crop.height));
      break;
    case PROP_ASPECT:
      g_value_set_enum (value, gst_cuda_preproc_settings_get_int (self,
              &s->aspect));
      break;
    case PROP_INTERPOLATION:
      g_value_set_enum (value, gst_cuda_preproc_settings_get_int (self,
              &s->interpolation));
      break;
    case PROP_CHANNEL_ORDER:
      g_value_set_enum (value, gst_cuda_preproc_settings_get_int (self,
              &s->channel_order));
      break;
    case PROP_LAYOUT:
      g_value_set_enum (value, gst_cuda_preproc_settings_get_int (self,
              &s->layout));
      break;
    case PROP_CUDA_DEVICE_ID:
      g_value_set_int (value, gst_cuda_preproc_settings_get_int (self,
              &s->cuda_device_id));
      break;
    case PROP_N_THREADS:
      GST_OBJECT_LOCK (self);
      g_value_set_uint (value, s->n_threads);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_PAD_VALUE:
      g_value_set_double (value, settings_get_double (self, &s->pad_value));
      break;
    case PROP_SCALE:
      g_value_set_double (value, settings_get_double (self, &s->scale));
      break;
    case PROP_MEAN:
      settings_get_triple (self, s->mean, value);
      break;
    case PROP_STD:
      settings_get_triple (self, s->std, value);
      break;
    default:
      return gst_cuda_preproc_settings_get_batch (self, s, prop_id, value);
  }
  return TRUE;
}
