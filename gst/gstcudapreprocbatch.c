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
 * all in CUDA memory of one context (one kernel launch per batch, into a
 * CUDA tensor, or downloaded into a system-memory one, as downstream
 * takes it).  A sink pad's slots may also be the objects of its frames'
 * ROI and analytics metas (roi-source=meta), and a crop meta on a frame
 * is honoured as by cudapreproc.
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
#include "gstcudapreproc-caps.h"
#include "gstcudapreproc-cpu.h"
#include "gstcudapreproc-input.h"
#include "gstcudapreproc-meta.h"
#include "gstcudapreproc-output.h"
#include "gstcudapreproc-props.h"
#include "gstcudapreproc-refusals.h"
#include "gstcudapreproc-run.h"
#include "gstcudapreproc-sources.h"
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
  guint plan_serial;            /* settings_serial of the sources */
  guint n_sources;              /* the sink pads with caps, in pad order,
                                 * at most the batch: the sources */
  GstCudaPreprocBatchPad *pads[PREP_BATCH_MAX]; /* owned */
  guint serials[PREP_BATCH_MAX];        /* each pad's when read */
  GstCudaPreprocSource *sources;        /* PREP_BATCH_MAX of them, owned
                                         * (too large for the instance,
                                         * which GType caps at 64 KiB) */
  gboolean cuda_in;             /* the sources are in CUDA memory */
  GstCudaPreprocBatchSlots slots;       /* the batch's */
  GstCudaPreprocRun run;
  GstCudaPreprocCpu cpu;
  GstCudaPreprocCuda *cuda;     /* streams in CUDA memory */
  GstCudaPreprocOutput out;
  GstClockTime last_pts, period;
  gchar *warned;                /* the plan warnings posted last */
  gchar *last_error;            /* the last negotiation error posted */
  GstCudaPreprocRefusals refusals;      /* object lock */
};

/* GType keeps an instance's size in 16 bits. */
G_STATIC_ASSERT (sizeof (GstCudaPreprocBatch) <= G_MAXUINT16);

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
static gboolean gst_cuda_preproc_batch_src_event (GstAggregator * agg,
    GstEvent * event);
static gboolean gst_cuda_preproc_batch_src_query (GstAggregator * agg,
    GstQuery * query);
static void gst_cuda_preproc_batch_set_context (GstElement * element,
    GstContext * context);
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
  gst_cuda_preproc_settings_install_cuda (gobject_class);
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
  element_class->set_context =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_set_context);
  element_class->request_new_pad =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_request_new_pad);
  element_class->release_pad =
      GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_release_pad);

  agg_class->stop = GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_stop);
  agg_class->sink_event = GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_sink_event);
  agg_class->sink_query = GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_sink_query);
  agg_class->src_query = GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_src_query);
  agg_class->src_event = GST_DEBUG_FUNCPTR (gst_cuda_preproc_batch_src_event);
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
  self->sources = g_new0 (GstCudaPreprocSource, PREP_BATCH_MAX);
  gst_cuda_preproc_cpu_init (&self->cpu);
  gst_cuda_preproc_refusals_attach (&self->refusals, GST_ELEMENT (self));
  self->cuda = gst_cuda_preproc_cuda_new (GST_ELEMENT (self));
  gst_cuda_preproc_output_init (&self->out, self->cuda);
  self->last_pts = self->period = GST_CLOCK_TIME_NONE;
}

/* Forgets the sources and their plan. */
static void
gst_cuda_preproc_batch_drop_sources (GstCudaPreprocBatch * self)
{
  guint k;

  for (k = 0; k < self->n_sources; k++)
    gst_object_unref (self->pads[k]);
  self->n_sources = 0;
  self->plan_serial = 0;
  gst_cuda_preproc_run_clear (&self->run);
}

static void
gst_cuda_preproc_batch_finalize (GObject * object)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (object);

  gst_cuda_preproc_batch_drop_sources (self);
  gst_cuda_preproc_cpu_clear (&self->cpu);
  gst_cuda_preproc_cuda_free (self->cuda);
  gst_cuda_preproc_output_clear (&self->out);
  gst_cuda_preproc_refusals_clear (&self->refusals);
  g_free (self->sources);
  g_free (self->warned);
  g_free (self->last_error);
  G_OBJECT_CLASS (parent_class)->finalize (object);
}

/* Values refused before the element had a bus are posted at READY; the
 * aggregator's thread waiting for a CUDA tensor (output-buffers reached)
 * is released on the way down to READY, before the thread is joined. */
static GstStateChangeReturn
gst_cuda_preproc_batch_change_state (GstElement * element,
    GstStateChange transition)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (element);

  if (transition == GST_STATE_CHANGE_NULL_TO_READY)
    gst_cuda_preproc_refusals_flush (&self->refusals, element);
  gst_cuda_preproc_output_change_state (&self->out, transition);
  return GST_ELEMENT_CLASS (parent_class)->change_state (element, transition);
}

static void
gst_cuda_preproc_batch_set_context (GstElement * element, GstContext * context)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (element);

  gst_cuda_preproc_cuda_set_context (self->cuda, context,
      gst_cuda_preproc_settings_device_id (GST_OBJECT (self), &self->settings));
  GST_ELEMENT_CLASS (parent_class)->set_context (element, context);
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
  if (prop_id == PROP_CUDA_DEVICE_ID &&
      (why = gst_cuda_preproc_refusals_ready_only (GST_ELEMENT (self),
              "the device")) != NULL)
    goto refused;
  if (!gst_cuda_preproc_settings_set (GST_OBJECT (self), &self->settings,
          pspec, value, &reshape, &why)) {
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    return;
  }
  if (why != NULL)
    goto refused;
  /* neither the thread count nor the CUDA pool's size needs new sources */
  GST_OBJECT_LOCK (self);
  if (prop_id != PROP_N_THREADS && prop_id != PROP_OUTPUT_BUFFERS)
    self->settings_serial++;
  GST_OBJECT_UNLOCK (self);
  /* a new shape is negotiated before the next batch */
  if (reshape)
    gst_pad_mark_reconfigure (GST_AGGREGATOR_SRC_PAD (self));
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

  gst_cuda_preproc_batch_drop_sources (self);
  gst_cuda_preproc_cpu_clear (&self->cpu);
  gst_cuda_preproc_output_clear (&self->out);
  gst_cuda_preproc_cuda_close (self->cuda);
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

/* New caps on @pad; FALSE with the error posted. */
static gboolean
gst_cuda_preproc_batch_pad_caps (GstCudaPreprocBatch * self,
    GstCudaPreprocBatchPad * pad, GstCaps * caps)
{
  gchar *error;

  GST_DEBUG_OBJECT (pad, "caps %" GST_PTR_FORMAT, caps);
  if (!gst_cuda_preproc_batch_pad_set_caps (pad, caps, &error)) {
    gst_cuda_preproc_batch_negotiation_error (self, error);
    return FALSE;
  }
  if (gst_cuda_preproc_caps_is_cuda (caps) &&
      !gst_cuda_preproc_cuda_open (self->cuda,
          gst_cuda_preproc_settings_device_id (GST_OBJECT (self),
              &self->settings)))
    return FALSE;
  /* the framerate of the tensor's caps follows the streams' */
  gst_pad_mark_reconfigure (GST_AGGREGATOR_SRC_PAD (self));
  return TRUE;
}

/* A flush releases the aggregator's thread waiting for a CUDA tensor; a
 * new stream on a pad gets its texts again. */
static gboolean
gst_cuda_preproc_batch_sink_event (GstAggregator * agg,
    GstAggregatorPad * pad, GstEvent * event)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (agg);
  GstCudaPreprocBatchPad *bpad = GST_CUDA_PREPROC_BATCH_PAD (pad);
  GstCaps *caps;

  switch (GST_EVENT_TYPE (event)) {
    case GST_EVENT_FLUSH_START:
      gst_cuda_preproc_output_set_flushing (&self->out, TRUE);
      break;
    case GST_EVENT_FLUSH_STOP:
      gst_cuda_preproc_output_set_flushing (&self->out, FALSE);
      break;
    case GST_EVENT_STREAM_START:
      memset (gst_cuda_preproc_batch_pad_state (bpad), 0,
          sizeof (GstCudaPreprocSourceState));
      break;
    case GST_EVENT_CAPS:
      gst_event_parse_caps (event, &caps);
      if (!gst_cuda_preproc_batch_pad_caps (self, bpad, caps)) {
        gst_event_unref (event);
        return FALSE;
      }
      break;
    default:
      break;
  }
  return GST_AGGREGATOR_CLASS (parent_class)->sink_event (agg, pad, event);
}

/* Caps a sink pad refuses: say why (CUDA memory, a format the engine
 * lacks), once, before negotiation fails.  CUDA memory is offered only
 * where the device can run the kernel, and the context shared with the
 * element is the one asked for. */
static gboolean
gst_cuda_preproc_batch_sink_query (GstAggregator * agg,
    GstAggregatorPad * pad, GstQuery * query)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (agg);
  GstCaps *caps;
  gboolean handled, accepted;
  gchar *why;

  if (GST_QUERY_TYPE (query) == GST_QUERY_CONTEXT &&
      gst_cuda_preproc_cuda_query (self->cuda, query))
    return TRUE;
  handled = GST_AGGREGATOR_CLASS (parent_class)->sink_query (agg, pad, query);
  if (handled && GST_QUERY_TYPE (query) == GST_QUERY_CAPS &&
      !gst_cuda_preproc_cuda_usable (self->cuda,
          gst_cuda_preproc_settings_device_id (GST_OBJECT (self),
              &self->settings), NULL)) {
    gst_query_parse_caps_result (query, &caps);
    caps = gst_cuda_preproc_video_passthrough_caps (caps, FALSE);
    gst_query_set_caps_result (query, caps);
    gst_caps_unref (caps);
  }
  if (!handled || GST_QUERY_TYPE (query) != GST_QUERY_ACCEPT_CAPS)
    return handled;
  gst_query_parse_accept_caps (query, &caps);
  gst_query_parse_accept_caps_result (query, &accepted);
  if (!accepted && (why = gst_cuda_preproc_batch_pad_caps_refusal
          (GST_CUDA_PREPROC_BATCH_PAD (pad), caps)))
    gst_cuda_preproc_batch_negotiation_error (self, why);
  return handled;
}

/* A flushing seek stops the aggregator's thread before any flush reaches
 * the sink pads: a thread waiting for a CUDA tensor is released first.
 * The FLUSH_STOP that ends the seek's flush clears it (sink_event); a seek
 * refused upstream clears it at once. */
static gboolean
gst_cuda_preproc_batch_src_event (GstAggregator * agg, GstEvent * event)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (agg);
  GstSeekFlags flags = 0;
  gboolean ret;

  if (GST_EVENT_TYPE (event) == GST_EVENT_SEEK)
    gst_event_parse_seek (event, NULL, NULL, &flags, NULL, NULL, NULL, NULL);
  if (flags & GST_SEEK_FLAG_FLUSH)
    gst_cuda_preproc_output_set_flushing (&self->out, TRUE);
  ret = GST_AGGREGATOR_CLASS (parent_class)->src_event (agg, event);
  if ((flags & GST_SEEK_FLAG_FLUSH) && !ret)
    gst_cuda_preproc_output_set_flushing (&self->out, FALSE);
  return ret;
}

/* The context shared with the element, for downstream's CUDA elements. */
static gboolean
gst_cuda_preproc_batch_src_query (GstAggregator * agg, GstQuery * query)
{
  GstCudaPreprocBatch *self = GST_CUDA_PREPROC_BATCH (agg);

  if (GST_QUERY_TYPE (query) == GST_QUERY_CONTEXT &&
      gst_cuda_preproc_cuda_query (self->cuda, query))
    return TRUE;
  return GST_AGGREGATOR_CLASS (parent_class)->src_query (agg, query);
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
  gboolean flexible, cuda = gst_cuda_preproc_caps_is_cuda (caps);
  GstCudaPreprocWanted want;
  GstCudaPreprocShape shape;
  gchar *why = NULL;
  gsize bytes = 0;

  gst_cuda_preproc_batch_wanted (self, &want);
  if (!gst_cuda_preproc_caps_get_shape (caps, &want, &shape, &flexible, &why)
      || (why = gst_cuda_preproc_shape_refusal (&want, &shape)) != NULL ||
      (why = gst_cuda_preproc_shape_bytes_refusal (&shape, cuda, &bytes)))
    goto refused;
  if (!gst_cuda_preproc_output_set (&self->out, cuda, bytes))
    return FALSE;
  if (shape.batch != self->shape.batch)
    gst_cuda_preproc_batch_drop_sources (self);
  self->shape = shape;
  GST_DEBUG_OBJECT (self, "tensor %" GST_PTR_FORMAT, caps);
  return TRUE;

  /* ERRORS */
refused:
  {
    gst_cuda_preproc_batch_negotiation_error (self, why);
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

/* The sources are those of @pads (@n of them) at their serials, and the
 * settings are those they were read with. */
static gboolean
gst_cuda_preproc_batch_sources_current (GstCudaPreprocBatch * self,
    GstCudaPreprocBatchPad ** pads, guint n, guint serial)
{
  guint k;

  if (serial != self->plan_serial || n != self->n_sources)
    return FALSE;
  for (k = 0; k < n; k++)
    if (pads[k] != self->pads[k] ||
        gst_cuda_preproc_batch_pad_serial (pads[k]) != self->serials[k])
      return FALSE;
  return TRUE;
}

/* The crop of each source against its caps' frame: a clamped one is
 * warned about, one outside is the error (to free). */
static gchar *
gst_cuda_preproc_batch_check_crops (GstCudaPreprocBatch * self,
    GPtrArray * warnings)
{
  PrepRect rects[1], area;
  gchar *error = NULL;
  guint k, n;

  for (k = 0; k < self->n_sources && error == NULL; k++) {
    const GstCudaPreprocSource *src = &self->sources[k];

    if (src->from_meta)
      continue;
    area.x = area.y = 0;
    area.width = src->stream.src_width;
    area.height = src->stream.src_height;
    error = gst_cuda_preproc_source_resolve (src, &area, 1, rects, &n,
        warnings);
  }
  return error;
}

/* Reads the @n pads' sources (their memory must be one for all). */
static gchar *
gst_cuda_preproc_batch_read_sources (GstCudaPreprocBatch * self,
    const GstCudaPreprocSettings * s, GstCudaPreprocBatchPad ** pads, guint n)
{
  gchar *error = NULL;
  guint k;

  gst_cuda_preproc_batch_drop_sources (self);
  self->cuda_in = n > 0 && gst_cuda_preproc_batch_pad_is_cuda (pads[0]);
  for (k = 0; k < n && error == NULL; k++) {
    self->pads[k] = gst_object_ref (pads[k]);
    self->serials[k] = gst_cuda_preproc_batch_pad_serial (pads[k]);
    self->n_sources = k + 1;
    if (gst_cuda_preproc_batch_pad_is_cuda (pads[k]) != self->cuda_in)
      error = g_strdup_printf ("%s is in %s memory but %s in %s memory: one "
          "batch takes all its streams in system memory or all in CUDA "
          "memory", GST_PAD_NAME (pads[0]), self->cuda_in ? "CUDA" : "system",
          GST_PAD_NAME (pads[k]), self->cuda_in ? "system" : "CUDA");
    else
      gst_cuda_preproc_batch_pad_source (pads[k], s, &self->sources[k], &error);
  }
  return error;
}

/* Reads the sources again when the pads, their caps or properties, the
 * negotiated tensor or a property changed since the last batch; the
 * plan follows each batch's slots (gst_cuda_preproc_run_prepare ()). */
static gboolean
gst_cuda_preproc_batch_ensure_sources (GstCudaPreprocBatch * self,
    GPtrArray * all)
{
  GstCudaPreprocBatchPad *pads[PREP_BATCH_MAX];
  GstCudaPreprocSettings s;
  PrepConfig cfg;
  GPtrArray *warnings;
  guint n, left_out, serial;
  gchar *error;

  n = gst_cuda_preproc_batch_slot_pads (self, all, pads, &left_out);
  GST_OBJECT_LOCK (self);
  s = self->settings;
  serial = self->settings_serial;
  GST_OBJECT_UNLOCK (self);
  if (n == 0 || gst_cuda_preproc_batch_sources_current (self, pads, n, serial))
    return TRUE;
  warnings = g_ptr_array_new_with_free_func (g_free);
  if (left_out > 0)
    g_ptr_array_add (warnings, g_strdup_printf ("%u streams for a batch of "
            "%d: the last %u are left out (raise batch-size)", n + left_out,
            self->shape.batch, left_out));
  if ((error = gst_cuda_preproc_batch_read_sources (self, &s, pads, n)) ||
      (error = gst_cuda_preproc_batch_check_crops (self, warnings)))
    goto refused;
  gst_cuda_preproc_settings_config (&s, &self->shape, &cfg);
  gst_cuda_preproc_run_set_tensor (&self->run, &cfg, TRUE);
  self->plan_serial = serial;
  gst_cuda_preproc_settings_warn (GST_ELEMENT (self), warnings, &self->warned);
  g_ptr_array_unref (warnings);
  GST_DEBUG_OBJECT (self, "%u streams in a batch of %d", n, self->shape.batch);
  return TRUE;

  /* ERRORS */
refused:
  {
    g_ptr_array_unref (warnings);
    gst_cuda_preproc_batch_drop_sources (self);
    gst_cuda_preproc_batch_negotiation_error (self, error);
    return FALSE;
  }
}

/* Takes the frame at the head of each source's pad (NULL: none, or one
 * that does not hold the whole frame it says: dropped with a warning), and
 * drops the frames of pads without a slot. */
static guint
gst_cuda_preproc_batch_take_frames (GstCudaPreprocBatch * self,
    GPtrArray * all, GstBuffer ** bufs)
{
  const GstCudaPreprocSource *src;
  PrepRect visible;
  gint w, h;
  guint i, k, n = 0;

  memset (bufs, 0, sizeof (GstBuffer *) * PREP_BATCH_MAX);
  for (i = 0; i < all->len; i++) {
    GstAggregatorPad *pad = g_ptr_array_index (all, i);
    GstBuffer *buf = gst_aggregator_pad_pop_buffer (pad);

    for (k = 0; k < self->n_sources && self->pads[k] != (gpointer) pad; k++);
    if (buf == NULL)
      continue;
    if (k < self->n_sources) {
      src = &self->sources[k];
      gst_cuda_preproc_source_frame (src, buf, &w, &h, &visible);
      if (gst_cuda_preproc_input_complete (GST_ELEMENT (self), src->info,
              src->stream.format, w, h, buf)) {
        bufs[k] = buf;
        n++;
        continue;
      }
    }
    gst_buffer_unref (buf);
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

static GstClockTime
gst_cuda_preproc_batch_running_time (GstAggregatorPad * pad, GstBuffer * buf)
{
  if (!GST_BUFFER_PTS_IS_VALID (buf))
    return GST_CLOCK_TIME_NONE;
  return gst_segment_to_running_time (&pad->segment, GST_FORMAT_TIME,
      GST_BUFFER_PTS (buf));
}

/* Each source's stream for the box meta (its pad, its frame's times), the
 * batch's time (the earliest running time of its frames) and duration
 * (the shortest). */
static void
gst_cuda_preproc_batch_streams (GstCudaPreprocBatch * self, GstBuffer ** bufs,
    GstCudaPreprocBoxStream * streams, GstClockTime * pts,
    GstClockTime * duration)
{
  GstCudaPreprocBoxStream *st;
  guint k;

  *pts = *duration = GST_CLOCK_TIME_NONE;
  for (k = 0; k < self->n_sources; k++) {
    st = &streams[k];
    st->name = self->sources[k].name;
    st->index = self->sources[k].index;
    st->pts = st->running_time = GST_CLOCK_TIME_NONE;
    if (bufs[k] == NULL)
      continue;
    st->pts = GST_BUFFER_PTS (bufs[k]);
    st->running_time = gst_cuda_preproc_batch_running_time
        (GST_AGGREGATOR_PAD (self->pads[k]), bufs[k]);
    if (GST_CLOCK_TIME_IS_VALID (st->running_time) &&
        (!GST_CLOCK_TIME_IS_VALID (*pts) || st->running_time < *pts))
      *pts = st->running_time;
    if (GST_BUFFER_DURATION_IS_VALID (bufs[k]) &&
        (!GST_CLOCK_TIME_IS_VALID (*duration) ||
            GST_BUFFER_DURATION (bufs[k]) < *duration))
      *duration = GST_BUFFER_DURATION (bufs[k]);
  }
}

/* The batch's tensor: a frame of it for the CUDA tensor's context. */
static GstFlowReturn
gst_cuda_preproc_batch_acquire (GstCudaPreprocBatch * self, GstBuffer ** bufs,
    GstBuffer ** tensor)
{
  GstBuffer *frame = NULL;
  guint k, max;

  for (k = 0; k < self->n_sources && frame == NULL; k++)
    frame = bufs[k];
  GST_OBJECT_LOCK (self);
  max = self->settings.output_buffers;
  GST_OBJECT_UNLOCK (self);
  return gst_cuda_preproc_output_acquire (&self->out, GST_ELEMENT (self),
      frame, max, tensor);
}

/* The box meta and the inputs' ROI metas onto the batch's @tensor. */
static void
gst_cuda_preproc_batch_metas (GstCudaPreprocBatch * self, GstBuffer ** bufs,
    const GstCudaPreprocBoxStream * streams, GstBuffer * tensor)
{
  GstCudaPreprocRunMeta m = { self->shape.batch, self->shape.width,
    self->shape.height, gst_buffer_get_size (tensor) / self->shape.batch,
    NULL, streams
  };

  gst_cuda_preproc_run_add_meta (&self->run, &self->slots, &m, tensor);
  gst_cuda_preproc_run_copy_rois (self->sources, bufs, self->n_sources, tensor);
}

static GstFlowReturn
gst_cuda_preproc_batch_push (GstCudaPreprocBatch * self, GstBuffer ** bufs)
{
  GstCudaPreprocSourceState *states[PREP_BATCH_MAX];
  GstCudaPreprocBoxStream streams[PREP_BATCH_MAX];
  GstCudaPreprocRunOn on = { GST_ELEMENT (self), NULL, self->cuda,
    self->cuda_in, self->out.cuda
  };
  GstClockTime pts, duration;
  GstBuffer *outbuf = NULL;
  GstFlowReturn ret;
  gchar *error;
  guint k;

  for (k = 0; k < self->n_sources; k++)
    states[k] = gst_cuda_preproc_batch_pad_state (self->pads[k]);
  gst_cuda_preproc_sources_slots (self->sources, states, self->n_sources,
      bufs, (guint) self->shape.batch, GST_ELEMENT (self), &self->slots);
  if (self->slots.n == 0) {
    GST_LOG_OBJECT (self, "no object in any frame: no tensor");
    return GST_FLOW_OK;
  }
  if ((error = gst_cuda_preproc_run_prepare (&self->run, &self->slots)))
    goto failed;
  if ((ret = gst_cuda_preproc_batch_acquire (self, bufs, &outbuf)))
    return ret;
  if (!on.cuda_in)
    on.workers = gst_cuda_preproc_cpu_workers (&self->cpu, GST_ELEMENT (self),
        gst_cuda_preproc_settings_n_threads (GST_OBJECT (self),
            &self->settings));
  ret = gst_cuda_preproc_run_batch (&self->run, &on, self->sources, bufs,
      &self->slots, outbuf, NULL);
  if (ret != GST_FLOW_OK) {
    gst_buffer_unref (outbuf);
    return ret;
  }
  gst_cuda_preproc_batch_streams (self, bufs, streams, &pts, &duration);
  gst_cuda_preproc_batch_metas (self, bufs, streams, outbuf);
  gst_cuda_preproc_batch_stamp (self, outbuf, pts, duration);
  return gst_aggregator_finish_buffer (GST_AGGREGATOR (self), outbuf);

  /* ERRORS */
failed:
  {
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
  if (all_eos || !gst_cuda_preproc_output_ready (&self->out) ||
      self->shape.batch == 0) {
    g_ptr_array_unref (all);
    return all_eos ? GST_FLOW_EOS : GST_FLOW_NOT_NEGOTIATED;
  }
  if (!gst_cuda_preproc_batch_ensure_sources (self, all)) {
    g_ptr_array_unref (all);
    return GST_FLOW_NOT_NEGOTIATED;
  }
  n = gst_cuda_preproc_batch_take_frames (self, all, bufs);
  g_ptr_array_unref (all);
  if (n == 0)
    return timeout ? gst_cuda_preproc_batch_skip (self) :
        GST_AGGREGATOR_FLOW_NEED_DATA;
  GST_LOG_OBJECT (self, "%u of %u streams%s", n, self->n_sources,
      timeout ? " (timeout)" : "");
  ret = gst_cuda_preproc_batch_push (self, bufs);
  for (i = 0; i < PREP_BATCH_MAX; i++)
    if (bufs[i] != NULL)
      gst_buffer_unref (bufs[i]);
  return ret;
}
