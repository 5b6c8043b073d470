/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/**
 * SECTION:element-cudapreproc
 * @title: cudapreproc
 *
 * Turns each video frame into a normalized tensor for a neural network, in
 * one pass driven by the output: crop, convert to RGB (or gray), resize
 * (stretch or letterbox, bilinear or nearest) and per-channel normalization,
 * without writing any intermediate image.  The input is any of NV12, NV21,
 * I420, YV12, P010_10LE, P016_LE, Y444, YUY2, UYVY, Y42B, I422_10LE,
 * I420_10LE, NV16, RGBA, BGRA, RGBx, BGRx, ARGB, ABGR, RGB, BGR and GRAY8,
 * read directly by the same pass (what software decoders, nvh264dec/
 * nvh265dec, cameras and most elements give: no videoconvert in front).  The output is NNStreamer's `other/tensors`
 * with one float32, float16, uint8 or int8 tensor, planar NCHW by default.
 *
 * The YUV to RGB matrix and range come from the input caps' colorimetry
 * (BT.601, BT.709 or BT.2020, limited or full range; GStreamer's defaults for
 * the format and frame size when the caps omit it), or from
 * #GstCudaPreproc:color-matrix and #GstCudaPreproc:color-range, or are
 * OpenCV cvtColor's (#GstCudaPreproc:color-conversion); subsampled chroma
 * is replicated or interpolated at the caps' chroma-site
 * (#GstCudaPreproc:chroma-interpolation).  Values
 * are in 8-bit units whatever the bit depth (P010, I420_10LE and I422_10LE
 * read as the 8-bit scale: the same normalization for every format).  The exact arithmetic is
 * written down in docs/semantics.md of the project.
 *
 * Input in system memory takes the CPU path (vectorized where the CPU has
 * AVX2, on #GstCudaPreproc:n-threads threads); input in CUDA memory one
 * kernel launch per frame.  Both give the same bytes.
 *
 * With #GstCudaPreproc:output-mode=meta (GStreamer 1.26 and later) the
 * video passes through unchanged and carries the tensor as a
 * GstTensorMeta, as GStreamer's analytics elements hand tensors along; on
 * 1.28 and later each slot's part of it is also a GstAnalyticsTensorMtd
 * related to the slot's object.  With #GstCudaPreproc:roi-source=meta the
 * slots are the objects of each buffer's GstVideoRegionOfInterestMeta and
 * GstAnalyticsODMtd (1.24 and later).
 *
 * ## Example launch lines
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=1 ! video/x-raw,format=NV12 ! \
 *     cudapreproc width=640 height=640 aspect=letterbox ! fakesink
 * ]| A YOLO-style 1x3x640x640 tensor, letterboxed with pad value 114.
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=1 ! \
 *     video/x-raw,format=NV12,width=1280,height=720 ! \
 *     cudapreproc crop-x=280 crop-width=720 width=224 height=224 \
 *     mean="<0.485,0.456,0.406>" std="<0.229,0.224,0.225>" ! fakesink
 * ]| An ImageNet classifier input from a centered square crop.
 * |[
 * gst-launch-1.0 filesrc location=clip.mp4 ! decodebin ! \
 *     cudapreproc width=640 height=640 aspect=letterbox \
 *     color-matrix=bt601 color-range=limited channel-order=bgr ! fakesink
 * ]| A decoder's I420 (or P010) directly, in the colours OpenCV's cvtColor
 * gives (what most OpenCV-trained detectors saw).
 * |[
 * gst-launch-1.0 filesrc location=clip.mp4 ! decodebin ! \
 *     cudapreproc output-mode=meta width=640 height=640 aspect=letterbox ! \
 *     videoconvert ! autovideosink
 * ]| The video goes on to the screen, each frame carrying its tensor as a
 * GstTensorMeta (GStreamer 1.26 and later).
 *
 * Since: 0.1
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/video/video.h>

#include "gstcudapreproc.h"
#include "gstcudapreproc-analytics.h"
#include "gstcudapreproc-caps.h"
#include "gstcudapreproc-cpu.h"
#include "gstcudapreproc-cuda.h"
#include "gstcudapreproc-enums.h"
#include "gstcudapreproc-input.h"
#include "gstcudapreproc-meta.h"
#include "gstcudapreproc-negotiate.h"
#include "gstcudapreproc-output.h"
#include "gstcudapreproc-props.h"
#include "gstcudapreproc-refusals.h"
#include "gstcudapreproc-run.h"
#include "gstcudapreproc-sources.h"
#include "prep.h"

GST_DEBUG_CATEGORY (gst_cuda_preproc_debug);
#define GST_CAT_DEFAULT gst_cuda_preproc_debug

struct _GstCudaPreproc
{
  GstBaseTransform parent;

  /* object lock */
  GstCudaPreprocSettings settings;
  gboolean settings_changed;    /* rebuild the plan before the next frame */
  gint play_width, play_height; /* the caps' frame of the plan in force;
                                 * 0 before the first caps */
  guint shape_serial;           /* counts changes of the property shape */
  gint caps_serial;             /* shape_serial of the last caps made */

  /* streaming thread */
  GstCudaPreprocNegotiated neg;
  GstCudaPreprocSource source;  /* the input, as one source of the batch */
  GstCudaPreprocSourceState source_state;
  GstCudaPreprocBatchSlots slots;       /* the frame's slots */
  GstCudaPreprocRun run;        /* the plan of the slots; NULL plan: none */
  gchar *warned;                /* the settings warnings posted last */
  gchar *last_error;            /* last negotiation error posted */
  GstCudaPreprocCuda *cuda;     /* NULL in builds without CUDA */
  GstCudaPreprocCpu cpu;        /* the CPU path's threads */
  GstCudaPreprocOutput tensors; /* output-mode=meta: the tensors */
  GstCudaPreprocRefusals refusals;      /* object lock */
};

/* GType keeps an instance's size in 16 bits. */
G_STATIC_ASSERT (sizeof (GstCudaPreproc) <= G_MAXUINT16);

#define gst_cuda_preproc_parent_class parent_class
G_DEFINE_TYPE (GstCudaPreproc, gst_cuda_preproc, GST_TYPE_BASE_TRANSFORM);
GST_ELEMENT_REGISTER_DEFINE_WITH_CODE (cudapreproc, "cudapreproc",
    GST_RANK_NONE, GST_TYPE_CUDA_PREPROC,
    GST_DEBUG_CATEGORY_INIT (gst_cuda_preproc_debug, "cudapreproc", 0,
        "video to normalized tensor preprocessing"));

static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE ("sink",
    GST_PAD_SINK, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_CUDA_PREPROC_SINK_CAPS));

static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_CUDA_PREPROC_SRC_CAPS));

static void gst_cuda_preproc_finalize (GObject * object);
static void gst_cuda_preproc_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec);
static void gst_cuda_preproc_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec);
static GstStateChangeReturn gst_cuda_preproc_change_state (GstElement *
    element, GstStateChange transition);
static gboolean gst_cuda_preproc_stop (GstBaseTransform * trans);
static void gst_cuda_preproc_set_context (GstElement * element,
    GstContext * context);
static gboolean gst_cuda_preproc_sink_event (GstBaseTransform * trans,
    GstEvent * event);
static gboolean gst_cuda_preproc_query (GstBaseTransform * trans,
    GstPadDirection direction, GstQuery * query);
static GstCaps *gst_cuda_preproc_transform_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * filter);
static GstCaps *gst_cuda_preproc_fixate_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * othercaps);
static gboolean gst_cuda_preproc_set_caps (GstBaseTransform * trans,
    GstCaps * incaps, GstCaps * outcaps);
static gboolean gst_cuda_preproc_transform_size (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, gsize size,
    GstCaps * othercaps, gsize * othersize);
static gboolean gst_cuda_preproc_propose_allocation (GstBaseTransform * trans,
    GstQuery * decide_query, GstQuery * query);
static gboolean gst_cuda_preproc_decide_allocation (GstBaseTransform * trans,
    GstQuery * query);
static GstFlowReturn gst_cuda_preproc_prepare_output_buffer (GstBaseTransform
    * trans, GstBuffer * inbuf, GstBuffer ** outbuf);
static gboolean gst_cuda_preproc_transform_meta (GstBaseTransform * trans,
    GstBuffer * outbuf, GstMeta * meta, GstBuffer * inbuf);
static GstFlowReturn gst_cuda_preproc_transform (GstBaseTransform * trans,
    GstBuffer * inbuf, GstBuffer * outbuf);
static GstFlowReturn gst_cuda_preproc_transform_ip (GstBaseTransform * trans,
    GstBuffer * buf);

static void
gst_cuda_preproc_class_init (GstCudaPreprocClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);

  gobject_class->set_property = gst_cuda_preproc_set_property;
  gobject_class->get_property = gst_cuda_preproc_get_property;
  gobject_class->finalize = gst_cuda_preproc_finalize;
  gst_cuda_preproc_settings_install (gobject_class);
  gst_cuda_preproc_refusals_install_strict (gobject_class, PROP_STRICT);
  gst_cuda_preproc_box_meta_register ();

  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &src_template);
  gst_element_class_set_static_metadata (element_class,
      "Video to tensor preprocessor", "Filter/Converter/Video/Tensor",
      "Crops, converts to RGB, resizes and normalizes video frames (NV12, "
      "I420, P010, packed YUV and RGB, gray) into a tensor in one pass",
      "gst-cudapreproc developers");

  element_class->change_state =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_change_state);
  element_class->set_context = GST_DEBUG_FUNCPTR (gst_cuda_preproc_set_context);

  trans_class->passthrough_on_same_caps = FALSE;
  trans_class->stop = GST_DEBUG_FUNCPTR (gst_cuda_preproc_stop);
  trans_class->sink_event = GST_DEBUG_FUNCPTR (gst_cuda_preproc_sink_event);
  trans_class->query = GST_DEBUG_FUNCPTR (gst_cuda_preproc_query);
  trans_class->transform_caps =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_transform_caps);
  trans_class->fixate_caps = GST_DEBUG_FUNCPTR (gst_cuda_preproc_fixate_caps);
  trans_class->set_caps = GST_DEBUG_FUNCPTR (gst_cuda_preproc_set_caps);
  trans_class->transform_size =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_transform_size);
  trans_class->propose_allocation =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_propose_allocation);
  trans_class->decide_allocation =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_decide_allocation);
  trans_class->prepare_output_buffer =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_prepare_output_buffer);
  trans_class->transform_meta =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_transform_meta);
  trans_class->transform = GST_DEBUG_FUNCPTR (gst_cuda_preproc_transform);
  trans_class->transform_ip = GST_DEBUG_FUNCPTR (gst_cuda_preproc_transform_ip);
}

static void
gst_cuda_preproc_init (GstCudaPreproc * self)
{
  gst_cuda_preproc_settings_init (&self->settings);
  self->settings_changed = TRUE;
  gst_cuda_preproc_cpu_init (&self->cpu);
  self->cuda = gst_cuda_preproc_cuda_new (GST_ELEMENT (self));
  gst_cuda_preproc_output_init (&self->tensors, self->cuda);
  /* output-mode=meta switches to in place at set_caps () */
  gst_base_transform_set_in_place (GST_BASE_TRANSFORM (self), FALSE);
}

static void
gst_cuda_preproc_finalize (GObject * object)
{
  GstCudaPreproc *self = GST_CUDA_PREPROC (object);

  gst_cuda_preproc_run_clear (&self->run);
  gst_cuda_preproc_cpu_clear (&self->cpu);
  g_free (self->last_error);
  g_free (self->warned);
  gst_cuda_preproc_output_clear (&self->tensors);
  gst_cuda_preproc_refusals_clear (&self->refusals);
  gst_cuda_preproc_cuda_free (self->cuda);
  G_OBJECT_CLASS (parent_class)->finalize (object);
}

/* output-mode=meta needs the analytics library of GStreamer 1.26+, and
 * the mode changes the caps: only in NULL/READY. */
static gchar *
gst_cuda_preproc_output_mode_refusal (GstCudaPreproc * self,
    const GValue * value)
{
  gchar *why =
      gst_cuda_preproc_refusals_ready_only (GST_ELEMENT (self), "the mode");

  if (why == NULL &&
      g_value_get_enum (value) == GST_CUDA_PREPROC_OUTPUT_MODE_META)
    why = gst_cuda_preproc_analytics_meta_refusal ();
  return why;
}

/* While a stream plays, a crop or rois value that cannot apply to its frame
 * is refused like any other bad value, naming it and the frame size.
 * Before the first caps every value is taken (and a bad one fails
 * negotiation). */
static gchar *
gst_cuda_preproc_rects_refusal (GstCudaPreproc * self, guint prop_id,
    const GValue * value)
{
  GstCudaPreprocSettings s;
  gint w, h;

  GST_OBJECT_LOCK (self);
  s = self->settings;
  w = self->play_width;
  h = self->play_height;
  GST_OBJECT_UNLOCK (self);
  return gst_cuda_preproc_settings_rects_refusal (&s, prop_id, value, w, h);
}

/* While a stream plays, a crop-rect that is no window of its frame is
 * refused as a crop is (before the first caps it fails negotiation). */
static gchar *
gst_cuda_preproc_crop_rect_refusal (GstCudaPreproc * self, const GValue * value)
{
  gdouble r[4];
  gboolean set;
  gchar *why;
  gint w, h;

  if ((why = gst_cuda_preproc_settings_read_crop_rect (value, r, &set)) != NULL) {
    g_free (why);               /* the setter refuses it with a warning */
    return NULL;
  }
  GST_OBJECT_LOCK (self);
  w = self->play_width;
  h = self->play_height;
  GST_OBJECT_UNLOCK (self);
  if (!set || w <= 0)
    return NULL;
  return gst_cuda_preproc_settings_crop_rect_refusal (r, w, h);
}

/* Why a value cannot apply now (to free), or NULL. */
static gchar *
gst_cuda_preproc_value_refusal (GstCudaPreproc * self, guint prop_id,
    const GValue * value)
{
  if (prop_id == PROP_CROP_RECT)
    return gst_cuda_preproc_crop_rect_refusal (self, value);
  if (prop_id == PROP_CUDA_DEVICE_ID)
    return gst_cuda_preproc_refusals_ready_only (GST_ELEMENT (self),
        "the device");
  if (prop_id == PROP_OUTPUT_MODE)
    return gst_cuda_preproc_output_mode_refusal (self, value);
  if (prop_id == PROP_ROIS || (prop_id >= PROP_CROP_X &&
          prop_id <= PROP_CROP_HEIGHT))
    return gst_cuda_preproc_rects_refusal (self, prop_id, value);
  return NULL;
}

static void
gst_cuda_preproc_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstCudaPreproc *self = GST_CUDA_PREPROC (object);
  gboolean reshape;
  gchar *why;

  if (prop_id == PROP_STRICT) {
    GST_OBJECT_LOCK (self);
    self->refusals.strict = g_value_get_boolean (value);
    GST_OBJECT_UNLOCK (self);
    return;
  }
  if ((why = gst_cuda_preproc_value_refusal (self, prop_id, value)) != NULL)
    goto refused;
  if (!gst_cuda_preproc_settings_set (GST_OBJECT (self), &self->settings,
          pspec, value, &reshape, &why)) {
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    return;
  }
  if (why != NULL)
    goto refused;
  /* neither the thread count (the CPU path takes it on the next frame)
   * nor the CUDA pool's size needs a new plan */
  GST_OBJECT_LOCK (self);
  if (prop_id != PROP_N_THREADS && prop_id != PROP_OUTPUT_BUFFERS)
    self->settings_changed = TRUE;
  if (reshape)
    self->shape_serial++;
  GST_OBJECT_UNLOCK (self);
  /* a new shape is negotiated before the next buffer */
  if (reshape)
    gst_base_transform_reconfigure_src (GST_BASE_TRANSFORM (self));
  return;

  /* ERRORS */
refused:
  {
    gst_cuda_preproc_refusals_post (&self->refusals, GST_ELEMENT (self),
        object, pspec, value, why);
    return;
  }
}

static void
gst_cuda_preproc_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstCudaPreproc *self = GST_CUDA_PREPROC (object);

  if (prop_id == PROP_STRICT) {
    GST_OBJECT_LOCK (self);
    g_value_set_boolean (value, self->refusals.strict);
    GST_OBJECT_UNLOCK (self);
    return;
  }
  if (!gst_cuda_preproc_settings_get (GST_OBJECT (self), &self->settings,
          prop_id, value))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

/* output-mode=meta: the video passes through with the tensor as meta. */
static gboolean
gst_cuda_preproc_meta_mode (GstCudaPreproc * self)
{
  gboolean meta;

  GST_OBJECT_LOCK (self);
  meta = self->settings.output_mode == GST_CUDA_PREPROC_OUTPUT_MODE_META;
  GST_OBJECT_UNLOCK (self);
  return meta;
}

/* The shape the properties give, and the serial number of that shape. */
static GstCudaPreprocShape
gst_cuda_preproc_property_shape_serial (GstCudaPreproc * self, guint * serial)
{
  GstCudaPreprocShape shape;

  GST_OBJECT_LOCK (self);
  *serial = self->shape_serial;
  shape = gst_cuda_preproc_settings_shape (&self->settings);
  GST_OBJECT_UNLOCK (self);
  return shape;
}

static GstCudaPreprocShape
gst_cuda_preproc_property_shape (GstCudaPreproc * self)
{
  guint serial;

  return gst_cuda_preproc_property_shape_serial (self, &serial);
}

static GstStateChangeReturn
gst_cuda_preproc_change_state (GstElement * element, GstStateChange transition)
{
  GstCudaPreproc *self = GST_CUDA_PREPROC (element);

  /* values refused before the element had a bus */
  if (transition == GST_STATE_CHANGE_NULL_TO_READY)
    gst_cuda_preproc_refusals_flush (&self->refusals, element);
  gst_cuda_preproc_output_change_state (&self->tensors, transition);
  return GST_ELEMENT_CLASS (parent_class)->change_state (element, transition);
}

static gboolean
gst_cuda_preproc_stop (GstBaseTransform * trans)
{
  GstCudaPreproc *self = GST_CUDA_PREPROC (trans);

  gst_cuda_preproc_run_clear (&self->run);
  gst_cuda_preproc_cpu_clear (&self->cpu);
  gst_cuda_preproc_output_clear (&self->tensors);
  g_clear_pointer (&self->warned, g_free);
  g_clear_pointer (&self->last_error, g_free);
  memset (&self->source_state, 0, sizeof (self->source_state));
  GST_OBJECT_LOCK (self);
  self->play_width = self->play_height = 0;
  GST_OBJECT_UNLOCK (self);
  gst_cuda_preproc_cuda_close (self->cuda);
  return TRUE;
}

static void
gst_cuda_preproc_set_context (GstElement * element, GstContext * context)
{
  GstCudaPreproc *self = GST_CUDA_PREPROC (element);

  gst_cuda_preproc_cuda_set_context (self->cuda, context,
      gst_cuda_preproc_settings_device_id (GST_OBJECT (self), &self->settings));
  GST_ELEMENT_CLASS (parent_class)->set_context (element, context);
}

static void gst_cuda_preproc_negotiation_error (GstCudaPreproc * self,
    gchar * text);

/* Input caps (@cuda_in: in CUDA memory) that no output caps go with, or
 * a caps query of the sink pad answered with nothing: when downstream
 * takes the tensor only in CUDA memory, say what is missing (CUDA itself,
 * or video in CUDA memory) before negotiation fails. */
static void
gst_cuda_preproc_explain_caps_failure (GstCudaPreproc * self, gboolean cuda_in)
{
  GstPad *src = GST_BASE_TRANSFORM_SRC_PAD (self);
  GstCaps *peer;
  gchar *why = NULL, *text = NULL;

  if (gst_cuda_preproc_meta_mode (self))
    return;
  peer = gst_pad_peer_query_caps (src, NULL);
  if (gst_cuda_preproc_caps_cuda_only (peer)) {
    gst_cuda_preproc_cuda_usable (self->cuda,
        gst_cuda_preproc_settings_device_id (GST_OBJECT (self),
            &self->settings), &why);
    text = gst_cuda_preproc_caps_cuda_output_refusal (why, cuda_in);
  }
  gst_clear_caps (&peer);
  g_free (why);
  if (text != NULL)
    gst_cuda_preproc_negotiation_error (self, text);
}

/* A streaming thread waiting for a CUDA tensor (output-buffers reached)
 * is released by a flush and by the way down to READY. */
static gboolean
gst_cuda_preproc_sink_event (GstBaseTransform * trans, GstEvent * event)
{
  GstCudaPreproc *self = GST_CUDA_PREPROC (trans);
  GstCaps *caps = NULL;
  gboolean ret;

  if (GST_EVENT_TYPE (event) == GST_EVENT_FLUSH_START)
    gst_cuda_preproc_output_set_flushing (&self->tensors, TRUE);
  else if (GST_EVENT_TYPE (event) == GST_EVENT_FLUSH_STOP)
    gst_cuda_preproc_output_set_flushing (&self->tensors, FALSE);
  else if (GST_EVENT_TYPE (event) == GST_EVENT_CAPS) {
    gst_event_parse_caps (event, &caps);
    gst_caps_ref (caps);
  }
  ret = GST_BASE_TRANSFORM_CLASS (parent_class)->sink_event (trans, event);
  if (!ret && caps != NULL)
    gst_cuda_preproc_explain_caps_failure (self,
        gst_cuda_preproc_caps_is_cuda (caps));
  gst_clear_caps (&caps);
  return ret;
}

/* Negotiation is retried several times on the same caps: post each
 * distinct negotiation error once (takes @text). */
static void
gst_cuda_preproc_negotiation_error (GstCudaPreproc * self, gchar * text)
{
  if (g_strcmp0 (text, self->last_error) == 0) {
    GST_DEBUG_OBJECT (self, "again: %s", text);
    g_free (text);
    return;
  }
  g_free (self->last_error);
  self->last_error = text;
  GST_ELEMENT_ERROR (self, CORE, NEGOTIATION, ("%s", text), (NULL));
}

/* Upstream insisting on a format the engine lacks, or on CUDA memory where
 * CUDA cannot be used: say why, once, before negotiation fails. */
static void
gst_cuda_preproc_refuse_cuda (GstCudaPreproc * self, GstCaps * caps)
{
  gchar *why = gst_cuda_preproc_caps_format_refusal (caps);

  if (why != NULL) {
    gst_cuda_preproc_negotiation_error (self, why);
    return;
  }
  if (!gst_cuda_preproc_caps_is_cuda (caps) ||
      gst_cuda_preproc_cuda_usable (self->cuda,
          gst_cuda_preproc_settings_device_id (GST_OBJECT (self),
              &self->settings), &why))
    return;
  gst_cuda_preproc_negotiation_error (self,
      g_strdup_printf ("Input in CUDA memory cannot be processed: %s", why));
  g_free (why);
}

/* The src pad lists the CUDA-memory twins of its system-memory tensors
 * last, also where it cannot make them: a consumer of CUDA memory only
 * then links, and negotiation tells why it fails
 * (gst_cuda_preproc_explain_caps_failure ()) instead of "could not link".
 * Negotiation itself never picks them: it uses transform_caps (). */
static void
gst_cuda_preproc_offer_cuda_last (GstQuery * query)
{
  GstCaps *filter, *caps;

  gst_query_parse_caps (query, &filter);
  gst_query_parse_caps_result (query, &caps);
  caps = gst_cuda_preproc_caps_add_cuda_last (gst_caps_ref (caps), filter);
  gst_query_set_caps_result (query, caps);
  gst_caps_unref (caps);
}

/* Upstream asking what the sink pad takes (with its own caps as the
 * filter) and told nothing: see gst_cuda_preproc_explain_caps_failure (). */
static void
gst_cuda_preproc_explain_empty_caps (GstCudaPreproc * self, GstQuery * query)
{
  GstCaps *filter, *caps;

  gst_query_parse_caps (query, &filter);
  gst_query_parse_caps_result (query, &caps);
  if (caps != NULL && gst_caps_is_empty (caps))
    gst_cuda_preproc_explain_caps_failure (self,
        gst_cuda_preproc_caps_is_cuda (filter));
}

static gboolean
gst_cuda_preproc_query (GstBaseTransform * trans, GstPadDirection direction,
    GstQuery * query)
{
  GstCudaPreproc *self = GST_CUDA_PREPROC (trans);
  GstCaps *caps;
  gboolean handled, accepted;

  if (GST_QUERY_TYPE (query) == GST_QUERY_CONTEXT &&
      gst_cuda_preproc_cuda_query (self->cuda, query))
    return TRUE;
  handled = GST_BASE_TRANSFORM_CLASS (parent_class)->query (trans, direction,
      query);
  if (handled && GST_QUERY_TYPE (query) == GST_QUERY_CAPS &&
      !gst_cuda_preproc_meta_mode (self)) {
    if (direction == GST_PAD_SRC)
      gst_cuda_preproc_offer_cuda_last (query);
    else
      gst_cuda_preproc_explain_empty_caps (self, query);
  }
  if (handled && GST_QUERY_TYPE (query) == GST_QUERY_ACCEPT_CAPS &&
      direction == GST_PAD_SINK) {
    gst_query_parse_accept_caps (query, &caps);
    gst_query_parse_accept_caps_result (query, &accepted);
    if (!accepted)
      gst_cuda_preproc_refuse_cuda (self, caps);
  }
  return handled;
}

static GstCaps *
gst_cuda_preproc_transform_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * filter)
{
  GstCudaPreproc *self = GST_CUDA_PREPROC (trans);
  gboolean with_cuda = gst_cuda_preproc_cuda_usable (self->cuda,
      gst_cuda_preproc_settings_device_id (GST_OBJECT (self),
          &self->settings), NULL);
  GstCudaPreprocWanted want;
  GstCaps *res, *tmp;
  guint serial;

  GST_OBJECT_LOCK (self);
  serial = self->shape_serial;
  gst_cuda_preproc_settings_wanted (&self->settings, &want);
  GST_OBJECT_UNLOCK (self);
  g_atomic_int_set (&self->caps_serial, serial);
  if (gst_cuda_preproc_meta_mode (self))
    res = gst_cuda_preproc_video_passthrough_caps (caps, with_cuda);
  else if (direction == GST_PAD_SINK)
    res = gst_cuda_preproc_video_to_tensor_caps (caps, &want, with_cuda);
  else
    res = gst_cuda_preproc_tensor_to_video_caps (caps, with_cuda);
  if (filter) {
    tmp = gst_caps_intersect_full (filter, res, GST_CAPS_INTERSECT_FIRST);
    gst_caps_unref (res);
    res = tmp;
  }
  GST_DEBUG_OBJECT (self, "%s caps %" GST_PTR_FORMAT " -> %" GST_PTR_FORMAT,
      direction == GST_PAD_SINK ? "sink" : "src", caps, res);
  return res;
}

/* What the properties leave to downstream.  A shape property that changed
 * since the caps were made is no downstream choice: anything is allowed,
 * and the new shape is negotiated before the next buffer. */
static void
gst_cuda_preproc_wanted (GstCudaPreproc * self, GstCudaPreprocWanted * want)
{
  guint serial;

  GST_OBJECT_LOCK (self);
  serial = self->shape_serial;
  gst_cuda_preproc_settings_wanted (&self->settings, want);
  GST_OBJECT_UNLOCK (self);
  if (serial != (guint) g_atomic_int_get (&self->caps_serial))
    want->size_free = want->layout_free = want->channels_free =
        want->dtype_free = want->batch_free = TRUE;
}

/* @one (one structure; taken) fixated: the framerate nearest @caps', and
 * on the tensor side the dimensions the properties give where downstream
 * left them open. */
static GstCaps *
gst_cuda_preproc_fixate_one (GstCudaPreproc * self, GstPadDirection direction,
    GstCaps * caps, GstCaps * one)
{
  GstCudaPreprocShape shape;
  gint num, den;

  one = gst_caps_make_writable (one);
  if (gst_structure_get_fraction (gst_caps_get_structure (caps, 0),
          "framerate", &num, &den))
    gst_structure_fixate_field_nearest_fraction (gst_caps_get_structure (one,
            0), "framerate", num, den);
  if (direction == GST_PAD_SINK) {
    shape = gst_cuda_preproc_property_shape (self);
    gst_cuda_preproc_tensor_caps_fixate_dimensions (one, &shape);
  }
  return gst_caps_fixate (one);
}

/* TRUE when the fixated tensor caps @one give a shape the properties
 * allow (what set_caps () would take), and are flexible tensors only if
 * @flexible. */
static gboolean
gst_cuda_preproc_allows (GstCudaPreproc * self, GstCaps * one,
    gboolean flexible)
{
  GstCudaPreprocWanted want;
  GstCudaPreprocShape shape;
  gboolean is_flexible, ok;
  gchar *why = NULL;

  gst_cuda_preproc_wanted (self, &want);
  ok = gst_cuda_preproc_caps_get_shape (one, &want, &shape, &is_flexible,
      &why) && (why = gst_cuda_preproc_shape_refusal (&want, &shape)) == NULL
      && (flexible || !is_flexible);
  g_free (why);
  return ok;
}

/* The open fields are the framerate (the other side's is kept) and, when
 * downstream left them open, the tensor's dimensions (the properties').
 * Of downstream's structures, in its order, the first the properties
 * allow once fixated is taken, static tensors before flexible ones (which
 * carry a header): an element may list caps it does not take first
 * (NNStreamer's tensor_filter and tensor_transform list their output caps
 * before their input caps).  When none is allowed, the first is taken,
 * and set_caps () refuses it with a message naming both shapes.
 * With output-mode=meta the video passes through: the other side's caps
 * are this side's. */
static GstCaps *
gst_cuda_preproc_fixate_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * othercaps)
{
  GstCudaPreproc *self = GST_CUDA_PREPROC (trans);
  GstCaps *one;
  guint i, pass;

  if (gst_cuda_preproc_meta_mode (self)) {
    one = gst_caps_intersect_full (othercaps, caps, GST_CAPS_INTERSECT_FIRST);
    gst_caps_unref (othercaps);
    return gst_caps_fixate (one);
  }
  for (pass = 0; direction == GST_PAD_SINK && pass < 2; pass++) {
    for (i = 0; i < gst_caps_get_size (othercaps); i++) {
      one = gst_cuda_preproc_fixate_one (self, direction, caps,
          gst_caps_copy_nth (othercaps, i));
      if (gst_cuda_preproc_allows (self, one, pass == 1)) {
        gst_caps_unref (othercaps);
        return one;
      }
      gst_caps_unref (one);
    }
  }
  return gst_cuda_preproc_fixate_one (self, direction, caps,
      gst_caps_truncate (othercaps));
}

/* What a rebuilt negotiated state holds besides @neg. */
typedef struct
{
  GstCudaPreprocSource source;
  GstCudaPreprocBatchSlots slots;
  GstCudaPreprocRun run;
} GstCudaPreprocRebuilt;

/* The one place where the negotiated state changes, as a whole. */
static void
gst_cuda_preproc_commit (GstCudaPreproc * self,
    const GstCudaPreprocNegotiated * neg, GstCudaPreprocRebuilt * r)
{
  gst_cuda_preproc_run_clear (&self->run);
  self->run = r->run;
  self->neg = *neg;
  self->source = r->source;
  self->source.info = &self->neg.in_info;
  self->slots = r->slots;
  self->source_state.cropped = FALSE;
  g_clear_pointer (&self->last_error, g_free);
  GST_OBJECT_LOCK (self);
  self->play_width = GST_VIDEO_INFO_WIDTH (&neg->in_info);
  self->play_height = GST_VIDEO_INFO_HEIGHT (&neg->in_info);
  GST_OBJECT_UNLOCK (self);
}

/* The source, slots and plan from @neg (completed where the properties
 * decide) and the current properties into @r; the warnings about the
 * rectangles are posted.  FALSE with *@error (to free) when the plan
 * cannot be built. */
static gboolean
gst_cuda_preproc_make_plan (GstCudaPreproc * self,
    GstCudaPreprocNegotiated * neg, GstCudaPreprocRebuilt * r, gchar ** error)
{
  GstCudaPreprocSettings s;
  GstCudaPreprocWanted want;
  GPtrArray *warnings;
  gboolean ok;

  GST_OBJECT_LOCK (self);
  s = self->settings;
  self->settings_changed = FALSE;
  GST_OBJECT_UNLOCK (self);

  gst_cuda_preproc_wanted (self, &want);
  warnings = g_ptr_array_new_with_free_func (g_free);
  memset (r, 0, sizeof (*r));
  ok = gst_cuda_preproc_negotiated_run (neg, &s, &want, &r->source,
      &r->slots, &r->run, warnings, error);
  if (ok) {
    gchar *colour = gst_cuda_preproc_settings_describe_colorimetry (&s,
        &neg->in_info, &neg->stated, neg->matrix, neg->range);

    GST_INFO_OBJECT (self, "%s", colour);
    g_free (colour);
    gst_cuda_preproc_settings_warn (GST_ELEMENT (self), warnings,
        &self->warned);
  } else {
    gst_cuda_preproc_run_clear (&r->run);
  }
  g_ptr_array_unref (warnings);
  return ok;
}

/* Makes @candidate, with a plan built from it and the current properties,
 * the element's state.  When the plan cannot be built (a rectangle outside
 * the frame, a tensor the engine refuses) an element error is posted,
 * nothing changes, and the next frame tries again. */
static gboolean
gst_cuda_preproc_rebuild_plan (GstCudaPreproc * self,
    const GstCudaPreprocNegotiated * candidate)
{
  GstCudaPreprocNegotiated neg = *candidate;
  GstCudaPreprocRebuilt r;
  gchar *error;

  if (!gst_cuda_preproc_make_plan (self, &neg, &r, &error))
    goto refused;
  gst_cuda_preproc_commit (self, &neg, &r);
  GST_DEBUG_OBJECT (self, "%s frame, %u of %d slots -> %dx%d %s %s",
      GST_VIDEO_INFO_NAME (&neg.in_info), r.slots.n, neg.shape.batch,
      neg.shape.width, neg.shape.height, neg.shape.nhwc ? "NHWC" : "NCHW",
      gst_cuda_preproc_dtype_name (neg.shape.dtype));
  return TRUE;

  /* ERRORS */
refused:
  {
    gst_cuda_preproc_negotiation_error (self, error);
    GST_OBJECT_LOCK (self);
    self->settings_changed = TRUE;
    GST_OBJECT_UNLOCK (self);
    return FALSE;
  }
}

/* TRUE when downstream's caps fix the tensor's dimensions (a model's input
 * size); FALSE when it takes any (a fakesink, an appsink, a filter that
 * learns its size late). */
static gboolean
gst_cuda_preproc_downstream_sized (GstCudaPreproc * self)
{
  GstCaps *peer =
      gst_pad_peer_query_caps (GST_BASE_TRANSFORM_SRC_PAD (self), NULL);
  gboolean sized = gst_cuda_preproc_caps_have_dimensions (peer);

  gst_clear_caps (&peer);
  return sized;
}

static gboolean
gst_cuda_preproc_set_caps (GstBaseTransform * trans, GstCaps * incaps,
    GstCaps * outcaps)
{
  GstCudaPreproc *self = GST_CUDA_PREPROC (trans);
  GstCudaPreprocNegotiated neg;
  GstCudaPreprocWanted want;
  gboolean meta;
  gchar *error;

  gst_cuda_preproc_wanted (self, &want);
  meta = gst_cuda_preproc_meta_mode (self);
  if (meta && !gst_cuda_preproc_negotiated_from_video (&neg, incaps, &want,
          &error))
    goto refused;
  GST_OBJECT_LOCK (self);
  neg.size_defaulted = !meta && !self->settings.size_set;
  GST_OBJECT_UNLOCK (self);
  if (neg.size_defaulted)
    neg.size_defaulted = !gst_cuda_preproc_downstream_sized (self);
  if (!meta && !gst_cuda_preproc_negotiated_from_caps (&neg, incaps, outcaps,
          &want, &error))
    goto refused;
  /* meta: the buffer goes on with the tensor attached */
  gst_base_transform_set_in_place (trans, meta);
  GST_DEBUG_OBJECT (self, "%s memory in, %s memory out",
      neg.cuda_in ? "CUDA" : "system", neg.cuda_out ? "CUDA" : "system");
  if (neg.cuda_in && !gst_cuda_preproc_cuda_open (self->cuda,
          gst_cuda_preproc_settings_device_id (GST_OBJECT (self),
              &self->settings)))
    return FALSE;
  return gst_cuda_preproc_rebuild_plan (self, &neg);

  /* ERRORS */
refused:
  {
    GST_DEBUG_OBJECT (self, "refusing %" GST_PTR_FORMAT " -> %" GST_PTR_FORMAT,
        incaps, outcaps);
    if (error != NULL)
      gst_cuda_preproc_negotiation_error (self, error);
    return FALSE;
  }
}

static gboolean
gst_cuda_preproc_transform_size (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, gsize size,
    GstCaps * othercaps, gsize * othersize)
{
  if (direction == GST_PAD_SRC)
    return FALSE;
  /* the negotiated tensor's, with a flexible tensor's header */
  *othersize = GST_CUDA_PREPROC (trans)->neg.out_bytes;
  return *othersize > 0;
}

/* Upstream may hand us frames with any strides and plane offsets, and
 * crop by metadata: the crop meta's area is what crop and ROIs refer to.
 * With output-mode=meta the frames go on downstream: its answer is the
 * one (GstBaseTransform asks it for in-place elements). */
static gboolean
gst_cuda_preproc_propose_allocation (GstBaseTransform * trans,
    GstQuery * decide_query, GstQuery * query)
{
  if (!GST_BASE_TRANSFORM_CLASS (parent_class)->propose_allocation (trans,
          decide_query, query))
    return FALSE;
  if (gst_base_transform_is_in_place (trans))
    return TRUE;
  gst_query_add_allocation_meta (query, GST_VIDEO_META_API_TYPE, NULL);
  gst_query_add_allocation_meta (query, GST_VIDEO_CROP_META_API_TYPE, NULL);
  return TRUE;
}

/* The output pool: none for CUDA tensors (they come from the element's
 * own pool, prepare_output_buffer ()); for system ones a pool of their
 * size, cache-line aligned (gstcudapreproc-output.c), which GstBaseTransform
 * then configures and activates, and the CPU path fills (CUDA input takes
 * pinned tensors of the element's own). */
static gboolean
gst_cuda_preproc_decide_allocation (GstBaseTransform * trans, GstQuery * query)
{
  gsize bytes = GST_CUDA_PREPROC (trans)->neg.out_bytes;

  if (bytes == 0)
    return FALSE;
  if (GST_CUDA_PREPROC (trans)->neg.cuda_out) {
    while (gst_query_get_n_allocation_pools (query) > 0)
      gst_query_remove_nth_allocation_pool (query, 0);
    return TRUE;
  }
  gst_cuda_preproc_output_pool (query, bytes);
  gst_cuda_preproc_output_align (query);
  return GST_BASE_TRANSFORM_CLASS (parent_class)->decide_allocation (trans,
      query);
}

/* The tensors of CUDA input come from the element's pools in the input's
 * CUDA context: CUDA tensors, or pinned host ones that the device copies
 * into by DMA; the CPU path's from the negotiated allocation. */
static GstFlowReturn
gst_cuda_preproc_prepare_output_buffer (GstBaseTransform * trans,
    GstBuffer * inbuf, GstBuffer ** outbuf)
{
  GstCudaPreproc *self = GST_CUDA_PREPROC (trans);
  GstBaseTransformClass *klass = GST_BASE_TRANSFORM_GET_CLASS (trans);
  GstFlowReturn ret;
  guint max;

  if (!self->neg.cuda_in || self->neg.meta)
    return GST_BASE_TRANSFORM_CLASS (parent_class)->prepare_output_buffer
        (trans, inbuf, outbuf);
  GST_OBJECT_LOCK (self);
  max = self->settings.output_buffers;
  GST_OBJECT_UNLOCK (self);
  if (self->neg.cuda_out)
    ret = gst_cuda_preproc_cuda_alloc_output (self->cuda, inbuf,
        self->neg.out_bytes, max, outbuf);
  else
    ret = gst_cuda_preproc_cuda_alloc_host_output (self->cuda, inbuf,
        self->neg.out_bytes, max, outbuf);
  if (ret == GST_FLOW_OK && klass->copy_metadata != NULL)
    klass->copy_metadata (trans, inbuf, *outbuf);
  return ret;
}

/* The input's ROI metas go on with the tensor, in frame coordinates, so
 * that downstream can attach results to the objects: the box meta's roi-id
 * names the one each slot came from.  Other metas follow GstBaseTransform's
 * rule (untagged ones only). */
static gboolean
gst_cuda_preproc_transform_meta (GstBaseTransform * trans, GstBuffer * outbuf,
    GstMeta * meta, GstBuffer * inbuf)
{
  if (meta->info->api == GST_VIDEO_REGION_OF_INTEREST_META_API_TYPE)
    return TRUE;
  return GST_BASE_TRANSFORM_CLASS (parent_class)->transform_meta (trans,
      outbuf, meta, inbuf);
}

/* Rebuilds the plan when a property changed since the last frame (a new
 * frame size only changes the plan's slots, gst_cuda_preproc_run_prepare
 * ()). */
static gboolean
gst_cuda_preproc_ensure_plan (GstCudaPreproc * self)
{
  gboolean changed;

  GST_OBJECT_LOCK (self);
  changed = self->settings_changed;
  GST_OBJECT_UNLOCK (self);
  if (!changed && self->run.plan != NULL)
    return TRUE;
  return gst_cuda_preproc_rebuild_plan (self, &self->neg);
}

/* The bytes of one slot of the negotiated tensor. */
static guint64
gst_cuda_preproc_slot_bytes (GstCudaPreproc * self)
{
  return (self->neg.out_bytes - self->neg.header_bytes) /
      (guint64) self->neg.shape.batch;
}

/* The plan and the slots of the frame @inbuf: OK, or NOT_NEGOTIATED, or
 * DROPPED (a short buffer, rectangles outside its crop meta: warned
 * about). */
static GstFlowReturn
gst_cuda_preproc_prepare_frame (GstCudaPreproc * self, GstBuffer * inbuf)
{
  GstCudaPreprocSourceState *state = &self->source_state;
  const PrepStream *frame = &self->slots.frames[0];
  gchar *error;

  if (!gst_cuda_preproc_ensure_plan (self))
    return GST_FLOW_NOT_NEGOTIATED;
  if (gst_cuda_preproc_sources_slots (&self->source, &state, 1, &inbuf,
          (guint) self->neg.shape.batch, GST_ELEMENT (self),
          &self->slots) == 0 ||
      !gst_cuda_preproc_input_complete (GST_ELEMENT (self),
          &self->neg.in_info, self->neg.format, frame->src_width,
          frame->src_height, inbuf))
    return GST_BASE_TRANSFORM_FLOW_DROPPED;
  if ((error = gst_cuda_preproc_run_prepare (&self->run, &self->slots))) {
    gst_cuda_preproc_negotiation_error (self, error);
    return GST_FLOW_NOT_NEGOTIATED;
  }
  return GST_FLOW_OK;
}

/* The tensor of the frame @inbuf into @tensor (after NNStreamer's header
 * for flexible tensors): one kernel launch for CUDA input, the CPU path
 * for the rest. */
static GstFlowReturn
gst_cuda_preproc_compute (GstCudaPreproc * self, GstBuffer * inbuf,
    GstBuffer * tensor)
{
  guint8 flex[GST_CUDA_PREPROC_FLEX_HEADER_BYTES];
  GstCudaPreprocHeader header = { flex, self->neg.header_bytes };
  GstCudaPreprocRunOn on = { GST_ELEMENT (self), NULL, self->cuda,
    self->neg.cuda_in, self->neg.cuda_out
  };

  if (header.bytes > 0)
    gst_cuda_preproc_flex_header (&self->neg.shape, flex);
  if (!on.cuda_in)
    on.workers = gst_cuda_preproc_cpu_workers (&self->cpu, GST_ELEMENT (self),
        gst_cuda_preproc_settings_n_threads (GST_OBJECT (self),
            &self->settings));
  return gst_cuda_preproc_run_batch (&self->run, &on, &self->source, &inbuf,
      &self->slots, tensor, &header);
}

/* The box meta of the frame's slots onto @buffer (@tensor_id: the tensor
 * it describes with output-mode=meta; NULL: the buffer is the tensor). */
static void
gst_cuda_preproc_add_box_meta (GstCudaPreproc * self, GstBuffer * buffer,
    const gchar * tensor_id)
{
  GstCudaPreprocRunMeta m = { self->neg.shape.batch, self->neg.shape.width,
    self->neg.shape.height, gst_cuda_preproc_slot_bytes (self), tensor_id,
    NULL
  };

  gst_cuda_preproc_run_add_meta (&self->run, &self->slots, &m, buffer);
}

static GstFlowReturn
gst_cuda_preproc_transform (GstBaseTransform * trans, GstBuffer * inbuf,
    GstBuffer * outbuf)
{
  GstCudaPreproc *self = GST_CUDA_PREPROC (trans);
  GstFlowReturn ret = gst_cuda_preproc_prepare_frame (self, inbuf);

  if (ret != GST_FLOW_OK)
    return ret;
  gst_cuda_preproc_add_box_meta (self, outbuf, NULL);
  return gst_cuda_preproc_compute (self, inbuf, outbuf);
}

/* output-mode=meta: a tensor buffer of the element's own, CUDA memory
 * where negotiated (at most output-buffers in flight), else system. */
static GstFlowReturn
gst_cuda_preproc_acquire_tensor (GstCudaPreproc * self, GstBuffer * inbuf,
    GstBuffer ** tensor)
{
  guint max;

  if (!gst_cuda_preproc_output_set (&self->tensors, self->neg.cuda_out,
          self->neg.out_bytes))
    goto no_pool;
  GST_OBJECT_LOCK (self);
  max = self->settings.output_buffers;
  GST_OBJECT_UNLOCK (self);
  return gst_cuda_preproc_output_acquire (&self->tensors, GST_ELEMENT (self),
      inbuf, max, tensor);

  /* ERRORS */
no_pool:
  {
    GST_ELEMENT_ERROR (self, RESOURCE, NO_SPACE_LEFT, ("Cannot allocate "
            "%" G_GSIZE_FORMAT " bytes tensors", self->neg.out_bytes), (NULL));
    return GST_FLOW_ERROR;
  }
}

/* output-mode=meta: @tensor onto the frame @video, as a GstTensorMeta
 * (and on 1.28+ the relation meta), with the box meta naming it. */
static GstFlowReturn
gst_cuda_preproc_attach_tensor (GstCudaPreproc * self, GstBuffer * video,
    GstBuffer * tensor)
{
  PrepBoxMap maps[PREP_BATCH_MAX];
  GstCudaPreprocTensorMetaSpec spec = {
    .data = tensor,.shape = &self->neg.shape,.maps = maps,
    .objects = self->slots.objects,
  };
  gchar *error = NULL;

  GST_OBJECT_LOCK (self);
  spec.id = self->settings.tensor_id;
  GST_OBJECT_UNLOCK (self);
  gst_cuda_preproc_run_maps (&self->run, &self->slots, self->neg.shape.batch,
      maps);
  gst_cuda_preproc_add_box_meta (self, video, g_quark_to_string (spec.id));
  if (!gst_cuda_preproc_analytics_attach (video, &spec, &error))
    goto refused;
  return GST_FLOW_OK;

  /* ERRORS */
refused:
  {
    GST_ELEMENT_ERROR (self, STREAM, FAILED, ("%s", error), (NULL));
    g_free (error);
    return GST_FLOW_ERROR;
  }
}

/* output-mode=meta: the frame goes on, carrying its tensor. */
static GstFlowReturn
gst_cuda_preproc_transform_ip (GstBaseTransform * trans, GstBuffer * buf)
{
  GstCudaPreproc *self = GST_CUDA_PREPROC (trans);
  GstBuffer *tensor = NULL;
  GstFlowReturn ret = gst_cuda_preproc_prepare_frame (self, buf);

  if (ret == GST_FLOW_OK)
    ret = gst_cuda_preproc_acquire_tensor (self, buf, &tensor);
  if (ret == GST_FLOW_OK)
    ret = gst_cuda_preproc_compute (self, buf, tensor);
  if (ret == GST_FLOW_OK)
    ret = gst_cuda_preproc_attach_tensor (self, buf, tensor);
  if (tensor != NULL)
    gst_buffer_unref (tensor);
  return ret;
}
