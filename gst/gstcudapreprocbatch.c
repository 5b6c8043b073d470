/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/**
 * SECTION:element-cudapreprocbatch
 * @title: cudapreprocbatch
 *
 * Batches many video streams (cameras) into one tensor [N, C, H, W] (or
 * NHWC): slot i of each output buffer is the frame of the i-th sink pad
 * that has caps, in pad order (sink_0, sink_1, ...), made exactly as
 * cudapreproc makes the tensor of that stream alone (the same bytes), all
 * slots in one parallel pass on the CPU.  Each sink pad takes its own
 * format (any of cudapreproc's), size and colorimetry, and has its own
 * crop (the crop-x, crop-y, crop-width and crop-height pad properties).
 * The tensor's properties (width, height, aspect, normalization, layout,
 * data type, ...) are cudapreproc's, with the same meaning.  N is
 * #GstCudaPreprocBatch:batch-size, by default the number of sink pads.
 *
 * A batch is pushed when every sink pad has a frame or has ended (EOS), or,
 * with live sources, when #GstCudaPreprocBatch:batch-timeout has passed
 * since the batch's time: the slots of the streams with no frame are then
 * padding, marked not valid in the box meta.  Every slot of the box meta
 * (docs/meta.md) names its stream (the pad's name and index) and its
 * frame's PTS and running time.  The output's PTS is the earliest running
 * time of the batch's frames (docs/batching.md).
 *
 * The streams are all in system memory (one parallel pass on the CPU) or
 * all in CUDA memory of one context (one kernel launch per batch; the
 * tensor is downloaded to system memory in this version).
 *
 * ## Example launch line
 * |[
 * gst-launch-1.0 cudapreprocbatch name=b width=640 height=640 \
 *     aspect=letterbox ! fakesink \
 *   videotestsrc num-buffers=30 ! video/x-raw,format=NV12,width=1280,height=720 ! b.sink_0 \
 *   videotestsrc num-buffers=30 ! video/x-raw,format=I420,width=640,height=480 ! b.sink_1
 * ]| Two streams into one 2x3x640x640 tensor.
 *
 * Since: 0.1
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/video/video.h>

#include "gstcudapreprocbatch.h"
#include "gstcudapreprocbatch-pad.h"
#include "gstcudapreprocbatch-plan.h"
#include "gstcudapreproc-tensors.h"
#include "gstcudapreproc-caps.h"
#include "gstcudapreproc-refusals.h"
#include "gstcudapreproc-cpu.h"
#include "gstcudapreproc-input.h"
#include "gstcudapreproc-meta.h"
#include "gstcudapreproc-props.h"
#include "prep.h"

GST_DEBUG_CATEGORY (gst_cuda_preproc_batch_debug);
#define GST_CAT_DEFAULT gst_cuda_preproc_batch_debug

#define DEFAULT_PROP_BATCH_SIZE 0
#define DEFAULT_PROP_BATCH_TIMEOUT 0

/* a live batch with no frame at all moves its deadline on by the last
 * batch's duration, or by this */
#define DEFAULT_PERIOD (GST_SECOND / 30)

struct _GstCudaPreprocBatch
{
  GstAggregator parent;

  /* object lock */
  GstCudaPreprocSettings settings;
  guint settings_serial;        /* counts changes that need a new plan */

  /* aggregator thread */
  GstCudaPreprocShape shape;    /* negotiated; batch 0: not yet */
  guint plan_serial;            /* settings_serial of the plan */
  GstCudaPreprocBatchPlan bp;
  GstCudaPreprocCpu cpu;
  GstCudaPreprocCuda *cuda;     /* streams in CUDA memory */
  GstCudaPreprocTensors out;
  GstClockTime last_pts, period;
  gchar *warned;                /* the plan warnings posted last */
  gchar *last_error;            /* the last negotiation error posted */
  GstCudaPreprocRefusals refusals;      /* object lock */
};

#define gst_cuda_preproc_batch_parent_class parent_class
G_DEFINE_TYPE_WITH_CODE (GstCudaPreprocBatch, gst_cuda_preproc_batch,
    GST_TYPE_AGGREGATOR, G_IMPLEMENT_INTERFACE (GST_TYPE_CHILD_PROXY,
        gst_cuda_preproc_batch_child_proxy_init));
GST_ELEMENT_REGISTER_DEFINE_WITH_CODE (cudapreprocbatch, "cudapreprocbatch",
    GST_RANK_NONE, GST_TYPE_CUDA_PREPROC_BATCH,
    GST_DEBUG_CATEGORY_INIT (gst_cuda_preproc_batch_debug, "cudapreprocbatch",
        0, "many video streams to one batched tensor"));

static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE ("sink_%u",
    GST_PAD_SINK, GST_PAD_REQUEST,
    GST_STATIC_CAPS (GST_CUDA_PREPROC_SINK_CAPS));

static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_CUDA_PREPROC_TENSOR_CAPS));

static void gst_cuda_preproc_batch_finalize (GObject * object);
static GstStateChangeReturn gst_cuda_preproc_batch_change_state (GstElement *
    element, GstStateChange transition);
static void gst_cuda_preproc_batch_set_property (GObject * object,
    guint prop_id, const GValue * value, GParamSpec * pspec);
static void gst_cuda_preproc_batch_get_property (GObject * object,
    guint prop_id, GValue * value, GParamSpec * pspec);
static GstPad *gst_cuda_preproc_batch_request_new_pad (GstElement * element,
    GstPadTemplate * templ, const gchar * name, const GstCaps * caps);
static void gst_cuda_preproc_batch_release_pad (GstElement * element,
    GstPad * pad);
static gboolean gst_cuda_preproc_batch_stop (GstAggregator * agg);
static gboolean gst_cuda_preproc_batch_sink_event (GstAggregator * agg,
    GstAggregatorPad * pad, GstEvent * event);
static gboolean gst_cuda_preproc_batch_sink_query (GstAggregator * agg,
    GstAggregatorPad * pad, GstQuery * query);
static gboolean gst_cuda_preproc_batch_propose_allocation (GstAggregator *
    agg, GstAggregatorPad * pad, GstQuery * decide_query, GstQuery * query);
static GstFlowReturn gst_cuda_preproc_batch_update_src_caps (GstAggregator *
    agg, GstCaps * caps, GstCaps ** ret);
static gboolean gst_cuda_preproc_batch_negotiated_src_caps (GstAggregator *
    agg, GstCaps * caps);
static GstFlowReturn gst_cuda_preproc_batch_aggregate (GstAggregator * agg,
    gboolean timeout);

static void
gst_cuda_preproc_batch_install_properties (GObjectClass * gobject_class)
{
  gst_cuda_preproc_settings_install_tensor (gobject_class);
  /**
   * GstCudaPreprocBatch:batch-size:
   *
   * Slots N of the tensor [N, C, H, W] (dimensions W:H:C:N).  0 (the
   * default) means one per sink pad: requesting or releasing a pad then
   * renegotiates the tensor before the next batch.  With more streams
   * than slots, the streams of the highest pad indices are left out (one
   * element warning); with fewer, the last slots are padding.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_BATCH_SIZE,
      g_param_spec_uint ("batch-size", "Batch size",
          "Slots of the tensor (0 = one per sink pad)", 0, PREP_BATCH_MAX,
          DEFAULT_PROP_BATCH_SIZE, PARAM_FLAGS));
  /**
   * GstCudaPreprocBatch:batch-timeout:
   *
   * With live sources, how long after a batch's time the element waits
   * for the streams that have no frame yet, in nanoseconds.  The batch's
   * time is the running time where the previous batch ended (its PTS plus
   * its duration; 0 for the first); the batch is pushed at that time plus
   * the upstream latency plus batch-timeout on the pipeline clock, with
   * padding in the slots still empty.  It is the #GstAggregator:latency
   * property under another name (setting one sets the other), so it adds
   * to the latency the element reports.  Without live sources the element
   * waits for every stream (or its EOS) and this does nothing.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_BATCH_TIMEOUT,
      g_param_spec_uint64 ("batch-timeout", "Batch timeout",
          "Live: nanoseconds a batch waits for late streams past its time "
          "and the upstream latency (the aggregator's latency)", 0,
          G_MAXUINT64, DEFAULT_PROP_BATCH_TIMEOUT, PARAM_FLAGS));
}

static void
gst_cuda_preproc_batch_class_init (GstCudaPreprocBatchClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstAggregatorClass *agg_class = GST_AGGREGATOR_CLASS (klass);

  gobject_class->set_property = gst_cuda_preproc_batch_set_property;
  gobject_class->get_property = gst_cuda_preproc_batch_get_property;
  gobject_class->finalize = gst_cuda_preproc_batch_finalize;
  gst_cuda_preproc_batch_install_properties (gobject_class);
  gst_cuda_preproc_refusals_install_strict (gobject_class, PROP_STRICT);
  gst_cuda_preproc_box_meta_register ();

  gst_element_class_add_static_pad_template_with_gtype (element_class,
      &sink_template, GST_TYPE_CUDA_PREPROC_BATCH_PAD);
  gst_element_class_add_static_pad_template_with_gtype (element_class,
      &src_template, GST_TYPE_AGGREGATOR_PAD);
  gst_element_class_set_static_metadata (element_class,
      "Multi-stream video to batched tensor preprocessor",
      "Filter/Converter/Video/Tensor",
      "Batches the frames of many video streams, each cropped, converted, "
      "resized and normalized, into one tensor in one pass",
      "gst-cudapreproc developers");
  element_class->change_state =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_change_state);
  element_class->request_new_pad =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_request_new_pad);
  element_class->release_pad =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_release_pad);

  agg_class->stop = GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_stop);
  agg_class->sink_event = GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_sink_event);
  agg_class->sink_query = GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_sink_query);
  agg_class->propose_allocation =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_propose_allocation);
  agg_class->update_src_caps =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_update_src_caps);
  agg_class->negotiated_src_caps =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_negotiated_src_caps);
  agg_class->get_next_time = gst_aggregator_simple_get_next_time;
  agg_class->aggregate = GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_aggregate);

  gst_type_mark_as_plugin_api (GST_TYPE_CUDA_PREPROC_BATCH_PAD, 0);
}

static void
gst_cuda_preproc_batch_init (GstCudaPreprocBatch * self)
{
  gst_cuda_preproc_settings_init (&self->settings);
  self->settings.batch_size = DEFAULT_PROP_BATCH_SIZE;
  self->settings_serial = 1;
  gst_cuda_preproc_cpu_init (&self->cpu);
  gst_cuda_preproc_refusals_attach (&self->refusals, GST_ELEMENT (self));
  self->cuda = gst_cuda_preproc_cuda_new (GST_ELEMENT (self));
  self->last_pts = self->period = GST_CLOCK_TIME_NONE;
}

static void
gst_cuda_preproc_batch_finalize (GObject * object)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (object);

  gst_cuda_preproc_batch_plan_clear (&self->bp);
  gst_cuda_preproc_cpu_clear (&self->cpu);
  gst_cuda_preproc_cuda_free (self->cuda);
  gst_cuda_preproc_tensors_clear (&self->out);
  gst_cuda_preproc_refusals_clear (&self->refusals);
  g_free (self->warned);
  g_free (self->last_error);
  G_OBJECT_CLASS (parent_class)->finalize (object);
}

/* Values refused before the element had a bus are posted at READY. */
static GstStateChangeReturn
gst_cuda_preproc_batch_change_state (GstElement * element,
    GstStateChange transition)
{
  if (transition == GST_STATE_CHANGE_NULL_TO_READY)
    gst_cuda_preproc_refusals_flush (&GST_CUDA_PREPROC_BATCH
        (element)->refusals, element);
  return GST_ELEMENT_CLASS (parent_class)->change_state (element, transition);
}

static void
gst_cuda_preproc_batch_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (object);
  gboolean reshape;
  gchar *why;

  if (prop_id == PROP_BATCH_TIMEOUT) {
    g_object_set (object, "latency", g_value_get_uint64 (value), NULL);
    return;
  }
  if (prop_id == PROP_STRICT) {
    GST_OBJECT_LOCK (self);
    self->refusals.strict = g_value_get_boolean (value);
    GST_OBJECT_UNLOCK (self);
    return;
  }
  if (!gst_cuda_preproc_settings_set (GST_OBJECT (self), &self->settings,
          pspec, value, &reshape, &why)) {
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    return;
  }
  if (why != NULL) {
    gst_cuda_preproc_refusals_post (&self->refusals, GST_ELEMENT (self),
        object, pspec, value, why);
    return;
  }
  GST_OBJECT_LOCK (self);
  if (prop_id != PROP_N_THREADS)
    self->settings_serial++;
  GST_OBJECT_UNLOCK (self);
  /* a new shape is negotiated before the next batch */
  if (reshape)
    gst_pad_mark_reconfigure (GST_AGGREGATOR_SRC_PAD (self));
}

static void
gst_cuda_preproc_batch_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (object);
  guint64 latency;

  if (prop_id == PROP_BATCH_TIMEOUT) {
    g_object_get (object, "latency", &latency, NULL);
    g_value_set_uint64 (value, latency);
    return;
  }
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

/* The tensor the properties and the sink pads give (batch-size 0: a slot
 * per pad), and what of it downstream may choose. */
static void
gst_cuda_preproc_batch_wanted (GstCudaPreprocBatch * self,
    GstCudaPreprocWanted * want)
{
  GST_OBJECT_LOCK (self);
  gst_cuda_preproc_settings_wanted (&self->settings, want);
  want->batch_free = self->settings.batch_size == 0;
  if (want->batch_free)
    want->shape.batch = CLAMP ((gint) GST_ELEMENT (self)->numsinkpads, 1,
        PREP_BATCH_MAX);
  GST_OBJECT_UNLOCK (self);
}

/* With batch-size 0 the tensor has one slot per sink pad. */
static void
gst_cuda_preproc_batch_pads_changed (GstCudaPreprocBatch * self)
{
  gboolean automatic;

  GST_OBJECT_LOCK (self);
  automatic = self->settings.batch_size == 0;
  GST_OBJECT_UNLOCK (self);
  if (automatic)
    gst_pad_mark_reconfigure (GST_AGGREGATOR_SRC_PAD (self));
}

static GstPad *
gst_cuda_preproc_batch_request_new_pad (GstElement * element,
    GstPadTemplate * templ, const gchar * name, const GstCaps * caps)
{
  GstPad *pad = GST_ELEMENT_CLASS (parent_class)->request_new_pad (element,
      templ, name, caps);

  if (pad != NULL)
    gst_cuda_preproc_batch_pads_changed (GST_CUDA_PREPROC_BATCH (element));
  return pad;
}

static void
gst_cuda_preproc_batch_release_pad (GstElement * element, GstPad * pad)
{
  GST_ELEMENT_CLASS (parent_class)->release_pad (element, pad);
  gst_cuda_preproc_batch_pads_changed (GST_CUDA_PREPROC_BATCH (element));
}

static gboolean
gst_cuda_preproc_batch_stop (GstAggregator * agg)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (agg);

  gst_cuda_preproc_batch_plan_clear (&self->bp);
  gst_cuda_preproc_cpu_clear (&self->cpu);
  gst_cuda_preproc_cuda_close (self->cuda);
  gst_cuda_preproc_tensors_clear (&self->out);
  g_clear_pointer (&self->warned, g_free);
  g_clear_pointer (&self->last_error, g_free);
  memset (&self->shape, 0, sizeof (self->shape));
  self->last_pts = self->period = GST_CLOCK_TIME_NONE;
  return TRUE;
}

/* Negotiation is retried on the same caps: post each distinct error once
 * (takes @text). */
static void
gst_cuda_preproc_batch_negotiation_error (GstCudaPreprocBatch * self,
    gchar * text)
{
  gboolean again;

  GST_OBJECT_LOCK (self);
  again = g_strcmp0 (text, self->last_error) == 0;
  if (!again) {
    g_free (self->last_error);
    self->last_error = g_strdup (text);
  }
  GST_OBJECT_UNLOCK (self);
  if (!again)
    GST_ELEMENT_ERROR (self, CORE, NEGOTIATION, ("%s", text), (NULL));
  g_free (text);
}

static gboolean
gst_cuda_preproc_batch_sink_event (GstAggregator * agg,
    GstAggregatorPad * pad, GstEvent * event)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (agg);
  GstCaps *caps;
  gchar *error;

  if (GST_EVENT_TYPE (event) == GST_EVENT_CAPS) {
    gst_event_parse_caps (event, &caps);
    GST_DEBUG_OBJECT (pad, "caps %" GST_PTR_FORMAT, caps);
    if (!gst_cuda_preproc_batch_pad_set_caps (GST_CUDA_PREPROC_BATCH_PAD (pad),
            caps, &error)) {
      gst_cuda_preproc_batch_negotiation_error (self, error);
      gst_event_unref (event);
      return FALSE;
    }
    /* the framerate of the tensor's caps follows the streams' */
    gst_pad_mark_reconfigure (GST_AGGREGATOR_SRC_PAD (self));
  }
  return GST_AGGREGATOR_CLASS (parent_class)->sink_event (agg, pad, event);
}

/* Caps a sink pad refuses: say why (CUDA memory, a format the engine
 * lacks), once, before negotiation fails. */
static gboolean
gst_cuda_preproc_batch_sink_query (GstAggregator * agg,
    GstAggregatorPad * pad, GstQuery * query)
{
  GstCaps *caps;
  gboolean handled, accepted;
  gchar *why;

  handled = GST_AGGREGATOR_CLASS (parent_class)->sink_query (agg, pad, query);
  if (!handled || GST_QUERY_TYPE (query) != GST_QUERY_ACCEPT_CAPS)
    return handled;
  gst_query_parse_accept_caps (query, &caps);
  gst_query_parse_accept_caps_result (query, &accepted);
  if (!accepted && (why = gst_cuda_preproc_batch_pad_caps_refusal
          (GST_CUDA_PREPROC_BATCH_PAD (pad), caps)))
    gst_cuda_preproc_batch_negotiation_error (GST_CUDA_PREPROC_BATCH (agg),
        why);
  return handled;
}

/* Upstream may send frames with any strides and plane offsets. */
static gboolean
gst_cuda_preproc_batch_propose_allocation (GstAggregator * agg,
    GstAggregatorPad * pad, GstQuery * decide_query, GstQuery * query)
{
  gst_query_add_allocation_meta (query, GST_VIDEO_META_API_TYPE, NULL);
  return TRUE;
}

/* The streams' common framerate, or 0/1 (variable) when they differ;
 * *@cuda when they are all in CUDA memory (at least one). */
static void
gst_cuda_preproc_batch_framerate (GstCudaPreprocBatch * self, gint * num,
    gint * den, gboolean * cuda)
{
  GList *l;
  gboolean first = TRUE, same = TRUE;

  *num = 0;
  *den = 1;
  *cuda = FALSE;
  GST_OBJECT_LOCK (self);
  for (l = GST_ELEMENT (self)->sinkpads; l != NULL; l = l->next) {
    GstCudaPreprocBatchPad *pad = l->data;
    const GstVideoInfo *info = gst_cuda_preproc_batch_pad_info (pad);

    if (!gst_cuda_preproc_batch_pad_has_caps (pad))
      continue;
    *cuda = (first || *cuda) && gst_cuda_preproc_batch_pad_is_cuda (pad);
    if (first) {
      *num = GST_VIDEO_INFO_FPS_N (info);
      *den = GST_VIDEO_INFO_FPS_D (info);
    }
    same = same && *num == GST_VIDEO_INFO_FPS_N (info) &&
        *den == GST_VIDEO_INFO_FPS_D (info);
    first = FALSE;
  }
  GST_OBJECT_UNLOCK (self);
  if (!same) {
    *num = 0;
    *den = 1;
  }
}

/* Downstream (@caps) taking the tensor only in CUDA memory where the
 * streams (@cuda: all in CUDA memory) cannot give one: why, or NULL. */
static gchar *
gst_cuda_preproc_batch_cuda_refusal (GstCudaPreprocBatch * self,
    GstCaps * caps, gboolean cuda)
{
  gchar *why = NULL, *text;

  if (cuda || !gst_cuda_preproc_caps_cuda_only (caps))
    return NULL;
  gst_cuda_preproc_cuda_usable (self->cuda, -1, &why);
  text = gst_cuda_preproc_caps_cuda_output_refusal (why, FALSE);
  g_free (why);
  return text;
}

/* The tensor caps of the properties (cudapreproc's caps code), as
 * downstream takes them: what the properties leave free, downstream's
 * fixed caps choose.  Flexible tensors are cudapreproc's only. */
static GstFlowReturn
gst_cuda_preproc_batch_update_src_caps (GstAggregator * agg, GstCaps * caps,
    GstCaps ** ret)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (agg);
  GstCudaPreprocWanted want;
  GstCaps *video, *tensor;
  gchar *dims, *theirs, *why;
  gint num, den, i;
  gboolean cuda;

  gst_cuda_preproc_batch_wanted (self, &want);
  gst_cuda_preproc_batch_framerate (self, &num, &den, &cuda);
  video = gst_caps_new_simple ("video/x-raw", "framerate", GST_TYPE_FRACTION,
      num, den, NULL);
  if (cuda)
    gst_caps_set_features (video, 0,
        gst_caps_features_new ("memory:CUDAMemory", NULL));
  /* CUDA inputs: a CUDA tensor first, else a system one */
  tensor = gst_cuda_preproc_video_to_tensor_caps (video, &want, cuda);
  gst_caps_unref (video);
  for (i = (gint) gst_caps_get_size (tensor) - 1; i >= 0; i--)
    if (g_strcmp0 (gst_structure_get_string (gst_caps_get_structure (tensor,
                    i), "format"), "flexible") == 0)
      gst_caps_remove_structure (tensor, i);
  *ret = gst_caps_intersect_full (tensor, caps, GST_CAPS_INTERSECT_FIRST);
  gst_caps_unref (tensor);
  if (!gst_caps_is_empty (*ret)) {
    *ret = gst_caps_fixate (gst_caps_truncate (*ret));
    gst_cuda_preproc_tensor_caps_fixate_dimensions (*ret, &want.shape);
    return GST_FLOW_OK;
  }
  if ((why = gst_cuda_preproc_batch_cuda_refusal (self, caps, cuda))) {
    gst_cuda_preproc_batch_negotiation_error (self, why);
    gst_clear_caps (ret);
    return GST_FLOW_NOT_NEGOTIATED;
  }
  dims = gst_cuda_preproc_shape_to_dimensions (&want.shape);
  theirs = gst_caps_to_string (caps);
  gst_cuda_preproc_batch_negotiation_error (self, g_strdup_printf
      ("Downstream does not take the tensor dimensions=%s (%s) the "
          "properties give: it takes %s", dims,
          gst_cuda_preproc_dtype_name (want.shape.dtype), theirs));
  g_free (dims);
  g_free (theirs);
  gst_clear_caps (ret);
  return GST_FLOW_NOT_NEGOTIATED;
}

static gboolean
gst_cuda_preproc_batch_negotiated_src_caps (GstAggregator * agg, GstCaps * caps)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (agg);
  GstCudaPreprocWanted want;
  GstCudaPreprocShape shape;
  gboolean flexible;
  gchar *why = NULL;
  gsize bytes;

  gst_cuda_preproc_batch_wanted (self, &want);
  if (!gst_cuda_preproc_caps_get_shape (caps, &want, &shape, &flexible, &why)
      || (why = gst_cuda_preproc_shape_refusal (&want, &shape)) != NULL)
    goto refused;
  if (!gst_cuda_preproc_shape_get_bytes (&shape, &bytes) ||
      bytes > GST_CUDA_PREPROC_MAX_TENSOR_BYTES)
    goto too_large;
  if (!gst_cuda_preproc_tensors_set_caps (&self->out, caps, bytes))
    return FALSE;
  self->shape = shape;
  GST_DEBUG_OBJECT (self, "tensor %" GST_PTR_FORMAT, caps);
  return TRUE;

  /* ERRORS */
refused:
  {
    gst_cuda_preproc_batch_negotiation_error (self, why);
    return FALSE;
  }
too_large:
  {
    gchar *dims = gst_cuda_preproc_shape_to_dimensions (&shape);

    gst_cuda_preproc_batch_negotiation_error (self, g_strdup_printf
        ("The output tensor (dimensions=%s) takes more than the %u bytes a "
            "tensor buffer can hold: lower width, height or batch-size", dims,
            G_MAXUINT));
    g_free (dims);
    return FALSE;
  }
}

static gint
gst_cuda_preproc_batch_compare_pads (gconstpointer a, gconstpointer b)
{
  guint ia = gst_cuda_preproc_batch_pad_index (*(GstCudaPreprocBatchPad **) a);
  guint ib = gst_cuda_preproc_batch_pad_index (*(GstCudaPreprocBatchPad **) b);

  return ia < ib ? -1 : ia > ib ? 1 : 0;
}

/* The sink pads (owned) in pad order; *@all_eos when every one has ended
 * and has nothing left. */
static GPtrArray *
gst_cuda_preproc_batch_sink_pads (GstCudaPreprocBatch * self,
    gboolean * all_eos)
{
  GPtrArray *pads = g_ptr_array_new_with_free_func (gst_object_unref);
  GList *l;
  guint i;

  GST_OBJECT_LOCK (self);
  for (l = GST_ELEMENT (self)->sinkpads; l != NULL; l = l->next)
    g_ptr_array_add (pads, gst_object_ref (l->data));
  GST_OBJECT_UNLOCK (self);
  g_ptr_array_sort (pads, gst_cuda_preproc_batch_compare_pads);
  *all_eos = TRUE;
  for (i = 0; i < pads->len; i++) {
    GstAggregatorPad *pad = g_ptr_array_index (pads, i);

    if (!gst_aggregator_pad_is_eos (pad) || gst_aggregator_pad_has_buffer (pad))
      *all_eos = FALSE;
  }
  return pads;
}

/* The pads of the batch's slots: those with caps, in pad order, at most
 * the negotiated batch (the others are counted in *@left_out). */
static guint
gst_cuda_preproc_batch_slot_pads (GstCudaPreprocBatch * self, GPtrArray * all,
    GstCudaPreprocBatchPad ** pads, guint * left_out)
{
  guint i, n = 0;

  *left_out = 0;
  for (i = 0; i < all->len; i++) {
    GstCudaPreprocBatchPad *pad = g_ptr_array_index (all, i);

    if (!gst_cuda_preproc_batch_pad_has_caps (pad))
      continue;
    if (n < (guint) self->shape.batch)
      pads[n++] = pad;
    else
      (*left_out)++;
  }
  return n;
}

/* Rebuilds the streams plan when the pads, their caps or crops, the
 * negotiated tensor or a property changed since the last batch. */
static gboolean
gst_cuda_preproc_batch_ensure_plan (GstCudaPreprocBatch * self, GPtrArray * all)
{
  GstCudaPreprocBatchPad *pads[PREP_BATCH_MAX];
  GstCudaPreprocSettings s;
  GPtrArray *warnings;
  guint n, left_out, serial;
  gchar *error = NULL;
  gboolean ok;

  n = gst_cuda_preproc_batch_slot_pads (self, all, pads, &left_out);
  GST_OBJECT_LOCK (self);
  s = self->settings;
  serial = self->settings_serial;
  GST_OBJECT_UNLOCK (self);
  if (n == 0 || (serial == self->plan_serial &&
          gst_cuda_preproc_batch_plan_current (&self->bp, pads, n,
              &self->shape)))
    return TRUE;
  warnings = g_ptr_array_new_with_free_func (g_free);
  if (left_out > 0)
    g_ptr_array_add (warnings, g_strdup_printf ("%u streams for a batch of "
            "%d: the last %u are left out (raise batch-size)", n + left_out,
            self->shape.batch, left_out));
  ok = gst_cuda_preproc_batch_plan_build (&self->bp, &s, &self->shape, pads, n,
      warnings, &error);
  if (ok) {
    self->plan_serial = serial;
    gst_cuda_preproc_settings_warn (GST_ELEMENT (self), warnings,
        &self->warned);
    GST_DEBUG_OBJECT (self, "%u streams in a batch of %d", n,
        self->shape.batch);
  } else {
    gst_cuda_preproc_batch_negotiation_error (self, error);
  }
  g_ptr_array_unref (warnings);
  return ok;
}

/* Takes the frame at the head of each slot's pad (NULL: none, or one that
 * does not hold the whole frame of its caps: dropped with a warning), and
 * drops the frames of pads without a slot. */
static guint
gst_cuda_preproc_batch_take_frames (GstCudaPreprocBatch * self,
    GPtrArray * all, GstBuffer ** bufs)
{
  GstCudaPreprocBatchPlan *bp = &self->bp;
  guint i, k, n = 0;

  memset (bufs, 0, sizeof (GstBuffer *) * PREP_BATCH_MAX);
  for (i = 0; i < all->len; i++) {
    GstAggregatorPad *pad = g_ptr_array_index (all, i);
    GstBuffer *buf = gst_aggregator_pad_pop_buffer (pad);

    for (k = 0; k < bp->n && bp->pads[k] != (gpointer) pad; k++);
    if (buf != NULL && k < bp->n && gst_cuda_preproc_input_complete
        (GST_ELEMENT (self), gst_cuda_preproc_batch_pad_info (bp->pads[k]),
            bp->streams[k].format, bp->streams[k].src_width,
            bp->streams[k].src_height, buf)) {
      bufs[k] = buf;
      n++;
    } else if (buf != NULL) {
      gst_buffer_unref (buf);
    }
  }
  return n;
}

/* The output's timestamps, and where the next batch's time is: the end of
 * this one. */
static void
gst_cuda_preproc_batch_stamp (GstCudaPreprocBatch * self, GstBuffer * outbuf,
    GstClockTime pts, GstClockTime duration)
{
  GstSegment *segment = &GST_AGGREGATOR_PAD (GST_AGGREGATOR_SRC_PAD
      (self))->segment;

  if (GST_CLOCK_TIME_IS_VALID (self->last_pts) &&
      (!GST_CLOCK_TIME_IS_VALID (pts) || pts < self->last_pts))
    pts = self->last_pts;
  GST_BUFFER_PTS (outbuf) = pts;
  GST_BUFFER_DURATION (outbuf) = duration;
  self->last_pts = pts;
  if (GST_CLOCK_TIME_IS_VALID (duration))
    self->period = duration;
  GST_OBJECT_LOCK (self);
  if (GST_CLOCK_TIME_IS_VALID (pts))
    segment->position = pts + (GST_CLOCK_TIME_IS_VALID (duration) ?
        duration : 0);
  GST_OBJECT_UNLOCK (self);
  gst_aggregator_selected_samples (GST_AGGREGATOR (self), pts,
      GST_CLOCK_TIME_NONE, duration, NULL);
}

/* A live deadline with no frame at all: nothing to push; the next
 * deadline is one period later. */
static GstFlowReturn
gst_cuda_preproc_batch_skip (GstCudaPreprocBatch * self)
{
  GstSegment *segment = &GST_AGGREGATOR_PAD (GST_AGGREGATOR_SRC_PAD
      (self))->segment;
  GstClockTime period = GST_CLOCK_TIME_IS_VALID (self->period) ?
      self->period : DEFAULT_PERIOD;

  GST_OBJECT_LOCK (self);
  if (!GST_CLOCK_TIME_IS_VALID (segment->position) ||
      segment->position < segment->start)
    segment->position = segment->start;
  segment->position += period;
  GST_OBJECT_UNLOCK (self);
  GST_LOG_OBJECT (self, "no frame by the deadline");
  return GST_FLOW_OK;
}

static GstFlowReturn
gst_cuda_preproc_batch_push (GstCudaPreprocBatch * self, GstBuffer ** bufs)
{
  GstCudaPreprocBoxStream streams[PREP_BATCH_MAX];
  GstClockTime pts, duration;
  GstBuffer *outbuf = NULL;
  PrepWorkers *workers;
  GstFlowReturn ret;
  gchar *error, *warning;
  gint n_threads, n_slots;
  guint max;

  n_slots = gst_cuda_preproc_batch_plan_slots (&self->bp, bufs, &warning,
      &error);
  if (warning != NULL)
    GST_ELEMENT_WARNING (self, STREAM, FAILED, ("%s", warning), (NULL));
  g_free (warning);
  if (n_slots < 0)
    goto failed;
  if (n_slots == 0) {
    GST_LOG_OBJECT (self, "no object in any frame: no tensor");
    return GST_FLOW_OK;
  }
  GST_OBJECT_LOCK (self);
  n_threads = (gint) self->settings.n_threads;
  max = self->settings.output_buffers;
  GST_OBJECT_UNLOCK (self);
  ret = gst_cuda_preproc_tensors_acquire (&self->out, GST_ELEMENT (self),
      self->cuda, bufs, PREP_BATCH_MAX, self->bp.cuda,
      prep_plan_output_bytes (self->bp.run_plan), max, &outbuf);
  if (ret != GST_FLOW_OK)
    return ret;
  workers = gst_cuda_preproc_cpu_workers (&self->cpu, GST_ELEMENT (self),
      n_threads);
  gst_cuda_preproc_batch_plan_streams (&self->bp, bufs, streams, &pts,
      &duration);
  if (!gst_cuda_preproc_batch_plan_run (&self->bp, workers, self->cuda, bufs,
          streams, outbuf, self->out.cuda, &error))
    goto failed;
  gst_cuda_preproc_batch_stamp (self, outbuf, pts, duration);
  return gst_aggregator_finish_buffer (GST_AGGREGATOR (self), outbuf);

  /* ERRORS */
failed:
  {
    gst_clear_buffer (&outbuf);
    if (error != NULL)
      GST_ELEMENT_ERROR (self, STREAM, FAILED, ("%s", error), (NULL));
    g_free (error);
    return GST_FLOW_ERROR;
  }
}

static GstFlowReturn
gst_cuda_preproc_batch_aggregate (GstAggregator * agg, gboolean timeout)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (agg);
  GstBuffer *bufs[PREP_BATCH_MAX];
  GstFlowReturn ret;
  GPtrArray *all;
  gboolean all_eos;
  guint i, n;

  all = gst_cuda_preproc_batch_sink_pads (self, &all_eos);
  if (all_eos || !gst_cuda_preproc_tensors_ready (&self->out) ||
      self->shape.batch == 0) {
    g_ptr_array_unref (all);
    return all_eos ? GST_FLOW_EOS : GST_FLOW_NOT_NEGOTIATED;
  }
  if (!gst_cuda_preproc_batch_ensure_plan (self, all)) {
    g_ptr_array_unref (all);
    return GST_FLOW_NOT_NEGOTIATED;
  }
  n = gst_cuda_preproc_batch_take_frames (self, all, bufs);
  g_ptr_array_unref (all);
  if (n == 0)
    return timeout ? gst_cuda_preproc_batch_skip (self) :
        GST_AGGREGATOR_FLOW_NEED_DATA;
  GST_LOG_OBJECT (self, "%u of %u streams%s", n, self->bp.n,
      timeout ? " (timeout)" : "");
  ret = gst_cuda_preproc_batch_push (self, bufs);
  for (i = 0; i < PREP_BATCH_MAX; i++)
    if (bufs[i] != NULL)
      gst_buffer_unref (bufs[i]);
  return ret;
}
