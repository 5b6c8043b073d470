/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The sink pads of cudapreprocbatch (see gstcudapreprocbatch-pad.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "gstcudapreprocbatch-pad.h"
#include "gstcudapreproc-caps.h"
#include "gstcudapreproc-cuda.h"
#include "gstcudapreproc-enums.h"
#include "gstcudapreproc-input.h"
#include "gstcudapreproc-roi-props.h"
#include "gstcudapreproc-refusals.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cuda_preproc_batch_debug);
#define GST_CAT_DEFAULT gst_cuda_preproc_batch_debug

#define DEFAULT_PROP_CROP_X 0
#define DEFAULT_PROP_CROP_Y 0
#define DEFAULT_PROP_CROP_WIDTH 0
#define DEFAULT_PROP_CROP_HEIGHT 0
#define DEFAULT_PROP_ROI_SOURCE GST_CUDA_PREPROC_ROI_SOURCE_PROPERTY
#define DEFAULT_PROP_ROI_TYPE NULL

enum
{
  PROP_PAD_0,
  PROP_PAD_CROP_X,
  PROP_PAD_CROP_Y,
  PROP_PAD_CROP_WIDTH,
  PROP_PAD_CROP_HEIGHT,
  PROP_PAD_ROI_SOURCE,
  PROP_PAD_ROI_TYPE,
  PROP_PAD_ROI_TYPES,           /* and the 3 after it: roi-props.h */
  PROP_PAD_ROI_MIN_SIZE,
  PROP_PAD_ROI_MAX_SIZE,
  PROP_PAD_ROI_MIN_CONFIDENCE,
};

struct _GstCudaPreprocBatchPad
{
  GstAggregatorPad parent;

  /* object lock */
  PrepRect crop;                /* as requested: 0 size = to the edge */
  GstCudaPreprocRoiSource roi_source;
  GQuark roi_type;              /* 0: any */
  GstCudaPreprocRoiFilter roi_props;    /* roi-types, sizes, confidence */
  guint serial;                 /* counts changes of caps and properties */
  gboolean has_caps;
  GstVideoInfo info;
  PrepFormat format;
  PrepMatrix matrix;            /* the caps' */
  PrepRange range;
  gboolean matrix_known;
  GstVideoColorimetry stated;   /* what the caps say, for the log */
  gboolean cuda;                /* caps with memory:CUDAMemory */

  /* the aggregator's thread */
  GstCudaPreprocSourceState state;      /* the stream's texts told */
};

G_DEFINE_TYPE (GstCudaPreprocBatchPad, gst_cuda_preproc_batch_pad,
    GST_TYPE_AGGREGATOR_PAD);

static void gst_cuda_preproc_batch_pad_set_property (GObject * object,
    guint prop_id, const GValue * value, GParamSpec * pspec);
static void gst_cuda_preproc_batch_pad_get_property (GObject * object,
    guint prop_id, GValue * value, GParamSpec * pspec);

static GParamSpec *
crop_spec (const gchar * name, const gchar * nick, const gchar * blurb)
{
  return g_param_spec_int (name, nick, blurb, 0, G_MAXINT, 0,
      G_PARAM_READWRITE | GST_PARAM_MUTABLE_PLAYING | G_PARAM_STATIC_STRINGS);
}

static void
gst_cuda_preproc_batch_pad_class_init (GstCudaPreprocBatchPadClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);

  gobject_class->set_property = gst_cuda_preproc_batch_pad_set_property;
  gobject_class->get_property = gst_cuda_preproc_batch_pad_get_property;
  /**
   * GstCudaPreprocBatchPad:crop-x:
   *
   * Left edge of the stream's crop rectangle, in luma pixels of its frames
   * (as #GstCudaPreproc:crop-x).  A change takes effect at the next batch.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_PAD_CROP_X,
      crop_spec ("crop-x", "Crop X",
          "Left edge of the crop rectangle in input pixels"));
  /**
   * GstCudaPreprocBatchPad:crop-y:
   *
   * Top edge of the stream's crop rectangle, in luma pixels.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_PAD_CROP_Y,
      crop_spec ("crop-y", "Crop Y",
          "Top edge of the crop rectangle in input pixels"));
  /**
   * GstCudaPreprocBatchPad:crop-width:
   *
   * Width of the stream's crop rectangle; 0 extends it to the frame's
   * right edge.  A crop partly outside the frame is clamped to it (one
   * element warning); one entirely outside stops the batch with an
   * element error naming the stream, the crop and the frame size.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_PAD_CROP_WIDTH,
      crop_spec ("crop-width", "Crop width",
          "Width of the crop rectangle (0 = to the frame's right edge)"));
  /**
   * GstCudaPreprocBatchPad:crop-height:
   *
   * Height of the stream's crop rectangle; 0 extends it to the frame's
   * bottom edge.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_PAD_CROP_HEIGHT,
      crop_spec ("crop-height", "Crop height",
          "Height of the crop rectangle (0 = to the frame's bottom edge)"));
  /**
   * GstCudaPreprocBatchPad:roi-source:
   *
   * Where the stream's slots come from.  property (the default): one slot,
   * the crop above.  meta: one slot per object of each frame (its
   * #GstVideoRegionOfInterestMeta, then on GStreamer 1.24+ the
   * GstAnalyticsODMtd of its relation meta; those the roi-type, roi-types,
   * roi-min-size, roi-max-size and roi-min-confidence of the pad select, as
   * cudapreproc's), clamped to the frame, the crop not used; the pads' slots follow each other in pad
   * order up to #GstCudaPreprocBatch:batch-size, and objects past it are
   * left out (one element warning per stream).  A frame without objects
   * takes no slot.  Each slot's box meta names the stream and the ROI
   * meta's or ODMtd's id.  A change takes effect at the next batch.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_PAD_ROI_SOURCE,
      g_param_spec_enum ("roi-source", "ROI source",
          "Where the stream's slots come from: its crop, or its frames' "
          "objects (ROI metas, ODMtd)", GST_TYPE_CUDA_PREPROC_ROI_SOURCE,
          DEFAULT_PROP_ROI_SOURCE, G_PARAM_READWRITE |
          GST_PARAM_MUTABLE_PLAYING | G_PARAM_STATIC_STRINGS));
  /**
   * GstCudaPreprocBatchPad:roi-type:
   *
   * With roi-source=meta, only the objects of this label (the ROI metas'
   * type, the ODMtds' label, e.g. "person"); NULL or empty: all.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_PAD_ROI_TYPE,
      g_param_spec_string ("roi-type", "ROI type",
          "With roi-source=meta, only objects of this label (empty = all)",
          DEFAULT_PROP_ROI_TYPE, G_PARAM_READWRITE |
          GST_PARAM_MUTABLE_PLAYING | G_PARAM_STATIC_STRINGS));
  /* roi-types, roi-min-size, roi-max-size, roi-min-confidence: as
   * cudapreproc's, on this stream's objects */
  gst_cuda_preproc_roi_props_install (gobject_class, PROP_PAD_ROI_TYPES,
      G_PARAM_READWRITE | GST_PARAM_MUTABLE_PLAYING | G_PARAM_STATIC_STRINGS);
}

static void
gst_cuda_preproc_batch_pad_init (GstCudaPreprocBatchPad * pad)
{
  pad->crop.x = DEFAULT_PROP_CROP_X;
  pad->crop.y = DEFAULT_PROP_CROP_Y;
  pad->crop.width = DEFAULT_PROP_CROP_WIDTH;
  pad->crop.height = DEFAULT_PROP_CROP_HEIGHT;
  pad->roi_source = DEFAULT_PROP_ROI_SOURCE;
  pad->roi_type = 0;
  gst_cuda_preproc_roi_filter_init (&pad->roi_props);
}

static gint *
crop_field (GstCudaPreprocBatchPad * pad, guint prop_id)
{
  gint *fields[] = { &pad->crop.x, &pad->crop.y, &pad->crop.width,
    &pad->crop.height
  };

  return fields[prop_id - PROP_PAD_CROP_X];
}

static void
gst_cuda_preproc_batch_pad_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstCudaPreprocBatchPad *pad = GST_CUDA_PREPROC_BATCH_PAD (object);
  const gchar *type;
  GstCudaPreprocRefusals *refusals;
  GstObject *parent;
  gchar *why = NULL;

  GST_OBJECT_LOCK (pad);
  switch (prop_id) {
    case PROP_PAD_CROP_X:
    case PROP_PAD_CROP_Y:
    case PROP_PAD_CROP_WIDTH:
    case PROP_PAD_CROP_HEIGHT:
      *crop_field (pad, prop_id) = g_value_get_int (value);
      break;
    case PROP_PAD_ROI_SOURCE:
      pad->roi_source = g_value_get_enum (value);
      break;
    case PROP_PAD_ROI_TYPE:
      type = g_value_get_string (value);
      pad->roi_type = type != NULL && *type != '\0' ?
          g_quark_from_string (type) : 0;
      break;
    case PROP_PAD_ROI_TYPES:
    case PROP_PAD_ROI_MIN_SIZE:
    case PROP_PAD_ROI_MAX_SIZE:
    case PROP_PAD_ROI_MIN_CONFIDENCE:
      why = gst_cuda_preproc_roi_props_read (prop_id - PROP_PAD_ROI_TYPES,
          value, &pad->roi_props);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      GST_OBJECT_UNLOCK (pad);
      return;
  }
  if (why == NULL)
    pad->serial++;
  GST_OBJECT_UNLOCK (pad);
  if (why == NULL)
    return;
  parent = gst_object_get_parent (GST_OBJECT (pad));
  refusals = GST_IS_ELEMENT (parent) ?
      gst_cuda_preproc_refusals_of (GST_ELEMENT (parent)) : NULL;
  if (refusals != NULL) {
    gst_cuda_preproc_refusals_post (refusals, GST_ELEMENT (parent), object,
        pspec, value, why);
  } else {
    g_warning ("%s: refusing %s: %s", GST_OBJECT_NAME (pad), pspec->name, why);
    g_free (why);
  }
  gst_clear_object (&parent);
}

static void
gst_cuda_preproc_batch_pad_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstCudaPreprocBatchPad *pad = GST_CUDA_PREPROC_BATCH_PAD (object);

  GST_OBJECT_LOCK (pad);
  switch (prop_id) {
    case PROP_PAD_CROP_X:
    case PROP_PAD_CROP_Y:
    case PROP_PAD_CROP_WIDTH:
    case PROP_PAD_CROP_HEIGHT:
      g_value_set_int (value, *crop_field (pad, prop_id));
      break;
    case PROP_PAD_ROI_SOURCE:
      g_value_set_enum (value, pad->roi_source);
      break;
    case PROP_PAD_ROI_TYPE:
      g_value_set_string (value, g_quark_to_string (pad->roi_type));
      break;
    case PROP_PAD_ROI_TYPES:
    case PROP_PAD_ROI_MIN_SIZE:
    case PROP_PAD_ROI_MAX_SIZE:
    case PROP_PAD_ROI_MIN_CONFIDENCE:
      gst_cuda_preproc_roi_props_write (prop_id - PROP_PAD_ROI_TYPES,
          &pad->roi_props, value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (pad);
}

guint
gst_cuda_preproc_batch_pad_index (GstCudaPreprocBatchPad * pad)
{
  guint index = G_MAXUINT;

  if (sscanf (GST_PAD_NAME (pad), "sink_%u", &index) != 1)
    return G_MAXUINT;
  return index;
}

guint
gst_cuda_preproc_batch_pad_serial (GstCudaPreprocBatchPad * pad)
{
  guint serial;

  GST_OBJECT_LOCK (pad);
  serial = pad->serial;
  GST_OBJECT_UNLOCK (pad);
  return serial;
}

gboolean
gst_cuda_preproc_batch_pad_has_caps (GstCudaPreprocBatchPad * pad)
{
  gboolean has;

  GST_OBJECT_LOCK (pad);
  has = pad->has_caps;
  GST_OBJECT_UNLOCK (pad);
  return has;
}

const GstVideoInfo *
gst_cuda_preproc_batch_pad_info (GstCudaPreprocBatchPad * pad)
{
  return &pad->info;
}

gchar *
gst_cuda_preproc_batch_pad_caps_refusal (GstCudaPreprocBatchPad * pad,
    GstCaps * caps)
{
  gchar *why = gst_cuda_preproc_caps_format_refusal (caps), *text;
  const gchar *driver = gst_cuda_preproc_cuda_driver_refusal ();

  if (why == NULL && gst_cuda_preproc_caps_is_cuda (caps) && driver != NULL)
    why = g_strdup_printf ("Input in CUDA memory cannot be processed: %s",
        driver);
  if (why == NULL)
    return NULL;
  text = g_strdup_printf ("%s: %s", GST_PAD_NAME (pad), why);
  g_free (why);
  return text;
}

gboolean
gst_cuda_preproc_batch_pad_is_cuda (GstCudaPreprocBatchPad * pad)
{
  gboolean cuda;

  GST_OBJECT_LOCK (pad);
  cuda = pad->cuda;
  GST_OBJECT_UNLOCK (pad);
  return cuda;
}

gboolean
gst_cuda_preproc_batch_pad_set_caps (GstCudaPreprocBatchPad * pad,
    GstCaps * caps, gchar ** error)
{
  GstVideoInfo info;
  PrepFormat format;

  *error = gst_cuda_preproc_batch_pad_caps_refusal (pad, caps);
  if (*error != NULL)
    return FALSE;
  if (!gst_video_info_from_caps (&info, caps) ||
      !gst_cuda_preproc_prep_format (GST_VIDEO_INFO_FORMAT (&info), &format))
    goto bad_caps;
  GST_OBJECT_LOCK (pad);
  pad->info = info;
  pad->format = format;
  pad->matrix_known = gst_cuda_preproc_input_colorimetry (&info, &pad->matrix,
      &pad->range);
  gst_cuda_preproc_input_stated_colorimetry (caps, &pad->stated);
  pad->has_caps = TRUE;
  pad->cuda = gst_cuda_preproc_caps_is_cuda (caps);
  pad->serial++;
  GST_OBJECT_UNLOCK (pad);
  return TRUE;

  /* ERRORS */
bad_caps:
  {
    gchar *str = gst_caps_to_string (caps);

    *error = g_strdup_printf ("Cannot read the video caps %s on %s", str,
        GST_PAD_NAME (pad));
    g_free (str);
    return FALSE;
  }
}

gboolean
gst_cuda_preproc_batch_pad_source (GstCudaPreprocBatchPad * pad,
    const GstCudaPreprocSettings * s, GstCudaPreprocSource * src,
    gchar ** error)
{
  GstVideoColorimetry stated;
  gboolean known;
  gchar *str;

  memset (src, 0, sizeof (*src));
  GST_OBJECT_LOCK (pad);
  src->info = &pad->info;
  src->stream.format = pad->format;
  src->stream.src_width = GST_VIDEO_INFO_WIDTH (&pad->info);
  src->stream.src_height = GST_VIDEO_INFO_HEIGHT (&pad->info);
  src->stream.matrix = pad->matrix;
  src->stream.range = pad->range;
  src->stream.chroma_site = gst_cuda_preproc_input_chroma_site (&pad->info);
  src->requested[0] = pad->crop;
  src->from_meta = pad->roi_source == GST_CUDA_PREPROC_ROI_SOURCE_META;
  gst_cuda_preproc_roi_props_filter (&pad->roi_props, pad->roi_type,
      &src->filter);
  known = pad->matrix_known;
  stated = pad->stated;
  GST_OBJECT_UNLOCK (pad);
  src->n_requested = 1;
  src->name = GST_PAD_NAME (pad);
  src->index = (gint) gst_cuda_preproc_batch_pad_index (pad);
  str = gst_cuda_preproc_settings_describe_colorimetry (s, src->info, &stated,
      src->stream.matrix, src->stream.range);
  GST_INFO_OBJECT (pad, "%s", str);
  g_free (str);
  if (gst_cuda_preproc_settings_colorimetry (s, known, &src->stream.matrix,
          &src->stream.range))
    return TRUE;
  str = gst_video_colorimetry_to_string (&src->info->colorimetry);
  *error = g_strdup_printf ("Unsupported colorimetry %s on %s: the YUV "
      "matrix must be BT.601, BT.709 or BT.2020 (or set color-matrix)",
      GST_STR_NULL (str), GST_PAD_NAME (pad));
  g_free (str);
  return FALSE;
}

GstCudaPreprocSourceState *
gst_cuda_preproc_batch_pad_state (GstCudaPreprocBatchPad * pad)
{
  return &pad->state;
}

static GObject *
child_proxy_get_child_by_index (GstChildProxy * proxy, guint index)
{
  GstElement *element = GST_ELEMENT (proxy);
  GObject *child;

  GST_OBJECT_LOCK (element);
  child = g_list_nth_data (element->sinkpads, index);
  if (child != NULL)
    gst_object_ref (child);
  GST_OBJECT_UNLOCK (element);
  return child;
}

static guint
child_proxy_get_children_count (GstChildProxy * proxy)
{
  GstElement *element = GST_ELEMENT (proxy);
  guint count;

  GST_OBJECT_LOCK (element);
  count = element->numsinkpads;
  GST_OBJECT_UNLOCK (element);
  return count;
}

void
gst_cuda_preproc_batch_child_proxy_init (gpointer g_iface, gpointer iface_data)
{
  GstChildProxyInterface *iface = g_iface;

  iface->get_child_by_index = child_proxy_get_child_by_index;
  iface->get_children_count = child_proxy_get_children_count;
}
