/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The element over time: state changes (in cycles and under stress),
 * renegotiation when properties or input caps change while streaming,
 * properties read and written from other threads, and real pipelines.
 *
 * One file of the `element` gst-check program, which element.c puts
 * together (tests/check/element/meson.build): one program of several files
 * rather than one program per file, so that `meson test element` still runs
 * every test of the element's CPU path, under one registry and one count
 * of checks, and the helpers of element-common.c are built once. */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "element-common.h"

/* ------------------------------------------------------------------------ */
/* States                                                                    */
/* ------------------------------------------------------------------------ */

static void
small_config (PrepConfig * cfg, gint out_w, gint out_h, gboolean nhwc)
{
  prep_config_init (cfg);
  cfg->src_width = 64;
  cfg->src_height = 48;
  cfg->out_width = out_w;
  cfg->out_height = out_h;
  cfg->layout = nhwc ? PREP_LAYOUT_NHWC : PREP_LAYOUT_NCHW;
  /* the caps these tests send carry no colorimetry */
  cfg->matrix = default_matrix (48);
  cfg->range = PREP_RANGE_LIMITED;
}

GST_START_TEST (test_state_cycles)
{
  static const GstState seq[] = {
    GST_STATE_READY, GST_STATE_PAUSED, GST_STATE_PLAYING, GST_STATE_PAUSED,
    GST_STATE_READY, GST_STATE_NULL, GST_STATE_PAUSED, GST_STATE_READY,
    GST_STATE_PLAYING,
  };
  gchar *caps = video_caps (64, 48, NULL);
  GstBus *bus;
  GstHarness *h = harness_new ("width=24 height=12", &bus);
  PrepConfig cfg;
  Frame f;
  guint i;

  small_config (&cfg, 24, 12, FALSE);
  frame_init (&f, 64, 48, 8);
  fail_unless (harness_push_caps (h, caps));
  for (i = 0; i < 20; i++) {
    fail_unless_equals_int (gst_element_set_state (h->element,
            GST_STATE_NULL), GST_STATE_CHANGE_SUCCESS);
    gst_harness_play (h);
    assert_output (push_and_pull (h, &f), &cfg, NULL, &f, __func__);
  }
  for (i = 0; i < G_N_ELEMENTS (seq); i++) {
    fail_unless (gst_element_set_state (h->element, seq[i]) !=
        GST_STATE_CHANGE_FAILURE);
    if (seq[i] >= GST_STATE_PAUSED)
      assert_output (push_and_pull (h, &f), &cfg, NULL, &f, __func__);
  }
  fail_unless_equals_int (gst_harness_buffers_received (h), 20 + 5);
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_ERROR, NULL), 0);
  frame_clear (&f);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* Pulls everything queued; every buffer matches its size and is finite.
 * Returns how many there were. */
static guint
drain_outputs (GstHarness * h, gsize size)
{
  GstBuffer *out;
  guint n = 0;

  while ((out = gst_harness_try_pull (h)) != NULL) {
    fail_unless_equals_uint64 (gst_buffer_get_size (out), size);
    assert_buffer_finite (out);
    gst_buffer_unref (out);
    n++;
  }
  return n;
}

/* Pushes test_state_stress makes at most, to stop a broken element */
#define MAX_STRESS_PUSHES 1000000

GST_START_TEST (test_state_stress)
{
  gchar *caps = video_caps (64, 48, NULL);
  GstBus *bus;
  GstHarness *h = harness_new ("width=24 height=12", &bus);
  GstHarnessThread *stress;
  PrepConfig cfg;
  guint pushed = 0, ok = 0, received = 0;
  Frame f;

  /* Core messages caused by pushing while the harness cycles the element
   * (upstream filters the first two in its stress tests).  A buffer can slip
   * in between the sink pad's unflushing and the rescheduling of the sticky
   * events (gstpad.c pre_activate ()): it reaches GstBaseTransform with no
   * caps on either pad and no pool, and default_prepare_output_buffer ()'s
   * no_outcaps path unrefs the NULL input caps (seen once in ~30 loaded
   * runs).  None of these comes from the element's code. */
  gst_check_add_log_filter ("GStreamer", G_LOG_LEVEL_WARNING,
      g_regex_new ("Got data flow before (stream-start|segment) event", 0, 0,
          NULL), NULL, NULL, NULL);
  gst_check_add_log_filter ("GStreamer", G_LOG_LEVEL_WARNING,
      g_regex_new ("Sticky event misordering", 0, 0, NULL), NULL, NULL, NULL);
  gst_check_add_log_filter ("GStreamer", G_LOG_LEVEL_CRITICAL,
      g_regex_new ("gst_mini_object_unref: assertion 'mini_object != NULL'",
          0, 0, NULL), NULL, NULL, NULL);
  small_config (&cfg, 24, 12, FALSE);
  frame_init (&f, 64, 48, 9);
  fail_unless (harness_push_caps (h, caps));
  stress = gst_harness_stress_statechange_start_full (h, 100);
  /* No time window: push until both outcomes were seen (a push that went
   * through, and one that met the cycling, which proves the stress thread
   * ran), whatever the machine's speed; the bound only stops a broken
   * element from looping for ever. */
  while ((ok < 20 || pushed - ok < 5) && pushed < MAX_STRESS_PUSHES) {
    GstFlowReturn ret = gst_harness_push (h, frame_buffer (&f));

    /* While the pads cycle a push may fail in ways that belong to the core
     * and the base class, not to the element: flushing, not-linked, an
     * error for a sticky event that meets the already deactivated src pad,
     * not-negotiated when caps land between the sink pad's unflushing and
     * GstBaseTransform's activate () (which clears its negotiated flag).
     * Upstream stress tests ignore the flow return; here every OK push must
     * give one correct-size, finite output, and the element must post no
     * error. */
    GST_LOG ("push: %s", gst_flow_get_name (ret));
    pushed++;
    ok += ret == GST_FLOW_OK;
    received += drain_outputs (h, 24 * 12 * 3 * sizeof (gfloat));
  }
  fail_unless (gst_harness_stress_thread_stop (stress) > 0);
  GST_INFO ("%u pushed, %u ok, %u out", pushed, ok, received);
  fail_unless (ok >= 20 && pushed - ok >= 5, "%u pushes, %u of them ok",
      pushed, ok);
  fail_unless_equals_int (received, ok);
  /* the element itself never failed */
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_ERROR, NULL), 0);

  /* and works after one more clean restart */
  fail_unless_equals_int (gst_element_set_state (h->element, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_harness_play (h);
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, __func__);
  gst_check_clear_log_filter ();
  frame_clear (&f);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Renegotiation and property changes while playing                         */
/* ------------------------------------------------------------------------ */

static void
assert_dimensions (GstCaps * caps, const gchar * dims)
{
  fail_unless (caps != NULL, "no caps event");
  fail_unless_equals_string (gst_structure_get_string
      (gst_caps_get_structure (caps, 0), "dimensions"), dims);
}

/* The properties set, then the dimensions and the tensor they give
 * (nhwc left out: NCHW). */
typedef struct
{
  const gchar *props, *dims;
  gint width, height;
  gboolean nhwc;
} Reshape;

static const Reshape reshapes[] = {
  {.props = "width=32 height=24",.dims = "32:24:3:1",.width = 32,
      .height = 24},
  {.props = "width=16 height=8",.dims = "16:8:3:1",.width = 16,.height = 8},
  {.props = "layout=nhwc",.dims = "3:16:8:1",.width = 16,.height = 8,
      .nhwc = TRUE},
  {.props = "width=40",.dims = "3:40:8:1",.width = 40,.height = 8,
      .nhwc = TRUE},
  {.props = "layout=nchw height=30",.dims = "40:30:3:1",.width = 40,
      .height = 30},
};

GST_START_TEST (test_renegotiation)
{
  gchar *caps = video_caps (64, 48, NULL);
  GstBus *bus;
  GstHarness *h = harness_new (reshapes[0].props, &bus);
  guint i;

  fail_unless (harness_push_caps (h, caps));
  for (i = 0; i < G_N_ELEMENTS (reshapes); i++) {
    const Reshape *r = &reshapes[i];
    GstCaps *ev_caps, *cur;
    PrepConfig cfg;
    Frame f;

    set_props (h->element, r->props);
    small_config (&cfg, r->width, r->height, r->nhwc);
    frame_init (&f, 64, 48, 20 + i);
    assert_output (push_and_pull (h, &f), &cfg, NULL, &f, __func__);
    ev_caps = last_caps_event (h);
    assert_dimensions (ev_caps, r->dims);
    cur = gst_pad_get_current_caps (h->sinkpad);
    fail_unless (gst_caps_is_equal (cur, ev_caps));
    gst_caps_unref (cur);
    gst_caps_unref (ev_caps);
    frame_clear (&f);
  }
  /* a property that keeps the shape sends no new caps */
  set_props (h->element, "interpolation=nearest");
  {
    Frame f;

    frame_init (&f, 64, 48, 30);
    gst_buffer_unref (push_and_pull (h, &f));
    fail_unless (last_caps_event (h) == NULL);
    frame_clear (&f);
  }
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* NNStreamer dimensions 3:N:3:1 read both as NCHW Nx3... and as NHWC: a
 * layout change can leave the caps as they are, and the data must still
 * follow the properties.  (Failed on the element of commit 4570e74: the
 * plan kept the layout negotiated last, as GstBaseTransform does not call
 * set_caps () again for unchanged caps.) */
static const Reshape same_caps_steps[] = {
  {.props = "width=3 height=3",.dims = "3:3:3:1",.width = 3,.height = 3},
  {.props = "layout=nhwc",.dims = "3:3:3:1",.width = 3,.height = 3,
      .nhwc = TRUE},
  {.props = "layout=nchw",.dims = "3:3:3:1",.width = 3,.height = 3},
  {.props = "height=5",.dims = "3:5:3:1",.width = 3,.height = 5},
  {.props = "layout=nhwc width=5 height=3",.dims = "3:5:3:1",.width = 5,
      .height = 3,.nhwc = TRUE},
};

GST_START_TEST (test_layout_change_same_caps)
{
  gchar *caps = video_caps (64, 48, NULL);
  GstBus *bus;
  GstHarness *h = harness_new (same_caps_steps[0].props, &bus);
  guint i;

  fail_unless (harness_push_caps (h, caps));
  for (i = 0; i < G_N_ELEMENTS (same_caps_steps); i++) {
    const Reshape *r = &same_caps_steps[i];
    GstCaps *cur;
    PrepConfig cfg;
    Frame f;

    set_props (h->element, r->props);
    small_config (&cfg, r->width, r->height, r->nhwc);
    frame_init (&f, 64, 48, 40 + i);
    assert_output (push_and_pull (h, &f), &cfg, NULL, &f, __func__);
    cur = gst_pad_get_current_caps (h->sinkpad);
    assert_dimensions (cur, r->dims);
    gst_caps_unref (cur);
    frame_clear (&f);
  }
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* New input caps mid-stream: new frame size, new colorimetry. */
GST_START_TEST (test_input_renegotiation)
{
  static const struct
  {
    gint width, height;
    const gchar *colorimetry;
    PrepMatrix matrix;
    PrepRange range;
  } inputs[] = {
    {.width = 64,.height = 48,.colorimetry = "bt601",
        .matrix = PREP_MATRIX_BT601,.range = PREP_RANGE_LIMITED},
    {.width = 40,.height = 30,.colorimetry = "1:3:5:1",
        .matrix = PREP_MATRIX_BT709,.range = PREP_RANGE_FULL},
    /* none: the default for 700 lines */
    {.width = 64,.height = 700,.colorimetry = NULL,
        .matrix = PREP_MATRIX_BT709,.range = PREP_RANGE_LIMITED},
    {.width = 17,.height = 9,.colorimetry = "bt2020",
        .matrix = PREP_MATRIX_BT2020,.range = PREP_RANGE_LIMITED},
  };
  GstBus *bus;
  GstHarness *h = harness_new ("width=20 height=10 aspect=letterbox", &bus);
  guint i;

  for (i = 0; i < G_N_ELEMENTS (inputs); i++) {
    gchar *caps = video_caps (inputs[i].width, inputs[i].height,
        inputs[i].colorimetry);
    PrepConfig cfg;
    Frame f;

    prep_config_init (&cfg);
    cfg.src_width = inputs[i].width;
    cfg.src_height = inputs[i].height;
    cfg.out_width = 20;
    cfg.out_height = 10;
    cfg.aspect = PREP_ASPECT_LETTERBOX;
    cfg.matrix = inputs[i].matrix;
    cfg.range = inputs[i].range;
    fail_unless (harness_push_caps (h, caps));
    frame_init (&f, inputs[i].width, inputs[i].height, 60 + i);
    assert_output (push_and_pull (h, &f), &cfg, NULL, &f, __func__);
    frame_clear (&f);
    g_free (caps);
  }
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_WARNING, NULL), 0);
  harness_free (h, bus);
}

GST_END_TEST;

typedef struct
{
  GstElement *element;
  gint stop;                    /* atomic */
  gint writes;                  /* atomic */
} TripleWriter;

/* Writes mean and std as <k,k,k> with k alternating 1 and 2. */
static gpointer
write_triples (gpointer data)
{
  TripleWriter *w = data;
  gint i;

  for (i = 0; !g_atomic_int_get (&w->stop); i++) {
    gst_util_set_object_arg (G_OBJECT (w->element), "mean",
        i & 1 ? "<1.0,1.0,1.0>" : "<2.0,2.0,2.0>");
    gst_util_set_object_arg (G_OBJECT (w->element), "std",
        i & 1 ? "<1.0,1.0,1.0>" : "<2.0,2.0,2.0>");
    g_atomic_int_set (&w->writes, i + 1);
  }
  return NULL;
}

/* A reader racing a writer sees one whole write or the other, never a mix
 * of two (each triple is read and written under one hold of the lock). */
GST_START_TEST (test_triple_not_torn)
{
  GstElement *e = gst_element_factory_make ("cudapreproc", NULL);
  TripleWriter w = { e, 0, 0 };
  const gchar *names[] = { "mean", "std" };
  GThread *thread;
  guint reads = 0, changes = 0;
  gdouble last = 0;

  thread = g_thread_new ("triples", write_triples, &w);
  /* the reader yields now and then, so that the writer makes progress on
   * a loaded machine too (CI runs other lanes beside it) */
  while ((reads < 300000 || changes < 100 || g_atomic_int_get (&w.writes) < 100)
      && reads < 20 * MAX_STRESS_PUSHES) {
    GValue v = G_VALUE_INIT;
    gdouble d[3];
    gint k;

    if ((reads & 255) == 255)
      g_thread_yield ();
    g_value_init (&v, GST_TYPE_ARRAY);
    g_object_get_property (G_OBJECT (e), names[reads & 1], &v);
    for (k = 0; k < 3; k++)
      d[k] = g_value_get_double (gst_value_array_get_value (&v, k));
    g_value_unset (&v);
    fail_unless (d[0] == d[1] && d[1] == d[2], "%s read as <%g,%g,%g>",
        names[reads & 1], d[0], d[1], d[2]);
    changes += d[0] != last;
    last = d[0];
    reads++;
  }
  g_atomic_int_set (&w.stop, 1);
  g_thread_join (thread);
  fail_unless (changes >= 100, "%u reads saw only %u changes", reads, changes);
  gst_object_unref (e);
}

GST_END_TEST;

typedef struct
{
  GstElement *element;
  gint stop;
  gint changes;                 /* atomic */
} Toggler;

static gpointer
toggle_properties (gpointer data)
{
  Toggler *t = data;
  guint i = 0;

  while (!g_atomic_int_get (&t->stop)) {
    gboolean odd = i & 1;

    switch (i % 5) {
      case 0:
        g_object_set (t->element, "width", odd ? 16 : 32, NULL);
        break;
      case 1:
        g_object_set (t->element, "crop-x", odd ? 0 : 24, NULL);
        break;
      case 2:
        gst_util_set_object_arg (G_OBJECT (t->element), "interpolation",
            odd ? "nearest" : "bilinear");
        break;
      case 3:
        gst_util_set_object_arg (G_OBJECT (t->element), "mean",
            odd ? "<0.485,0.456,0.406>" : "<0.0,0.0,0.0>");
        break;
      default:
        gst_util_set_object_arg (G_OBJECT (t->element), "layout",
            odd ? "nhwc" : "nchw");
        break;
    }
    i++;
    g_atomic_int_set (&t->changes, i);
    g_usleep (200);
  }
  return NULL;
}

/* Every output matches the caps that came before it; values stay finite. */
GST_START_TEST (test_property_changes_from_thread)
{
  gchar *caps = video_caps (64, 48, NULL);
  GstBus *bus;
  GstHarness *h = harness_new ("width=32 height=24", &bus);
  GValue order = G_VALUE_INIT;
  GstHarnessThread *stress;
  Toggler t = { h->element, 0, 0 };
  GThread *thread;
  GHashTable *sizes = g_hash_table_new (NULL, NULL);
  guint n = 0;
  Frame f;

  frame_init (&f, 64, 48, 11);
  fail_unless (harness_push_caps (h, caps));
  g_value_init (&order, G_PARAM_SPEC_VALUE_TYPE (g_object_class_find_property
          (G_OBJECT_GET_CLASS (h->element), "channel-order")));
  fail_unless (gst_value_deserialize (&order, "bgr"));
  stress = gst_harness_stress_property_start_full (h, "channel-order",
      &order, 500);
  thread = g_thread_new ("toggler", toggle_properties, &t);
  /* No time window: run until enough buffers and changes were seen, and
   * both widths; the bound only stops a broken element from looping. */
  while ((n < 50 || g_atomic_int_get (&t.changes) < 50 ||
          g_hash_table_size (sizes) < 2) && n < MAX_STRESS_PUSHES) {
    GstBuffer *out = push_and_pull (h, &f);
    GstCaps *cur = gst_pad_get_current_caps (h->sinkpad);

    fail_unless_equals_uint64 (gst_buffer_get_size (out),
        tensor_caps_bytes (cur));
    assert_buffer_finite (out);
    g_hash_table_add (sizes, GSIZE_TO_POINTER (gst_buffer_get_size (out)));
    gst_caps_unref (cur);
    gst_buffer_unref (out);
    while (gst_harness_events_in_queue (h) > 0)
      gst_event_unref (gst_harness_pull_event (h));
    n++;
  }
  g_atomic_int_set (&t.stop, 1);
  g_thread_join (thread);
  fail_unless (gst_harness_stress_thread_stop (stress) > 0);
  GST_INFO ("%u buffers, %u property changes, %u sizes", n, t.changes,
      g_hash_table_size (sizes));
  fail_unless (n >= 50 && t.changes >= 50, "%u buffers, %d changes", n,
      t.changes);
  /* width 16 and 32 were both seen */
  fail_unless_equals_int (g_hash_table_size (sizes), 2);
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_ERROR, NULL), 0);
  g_hash_table_destroy (sizes);
  g_value_unset (&order);
  frame_clear (&f);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* A real pipeline                                                           */
/* ------------------------------------------------------------------------ */

typedef struct
{
  guint buffers;
  gsize size;
  gboolean all_white;
} SinkStats;

static void
on_handoff (GstElement * sink, GstBuffer * buf, GstPad * pad, gpointer data)
{
  SinkStats *st = data;
  GstMapInfo map;
  const gfloat *v;
  gsize i;

  st->buffers++;
  st->size = gst_buffer_get_size (buf);
  if (!gst_buffer_map (buf, &map, GST_MAP_READ))
    return;
  v = (const gfloat *) map.data;
  /* white: Y=235, U=V=128 limited range is RGB 255, normalized 1.0 */
  for (i = 0; i < map.size / sizeof (gfloat); i++)
    if (!(fabsf (v[i] - 1.0f) < 1e-4f))
      st->all_white = FALSE;
  gst_buffer_unmap (buf, &map);
}

/* A pipeline that runs to EOS gives tensors of dims and size; one with
 * error_text (dims and size left out) ends with that error. */
typedef struct
{
  const gchar *element, *dims;
  gsize size;
  const gchar *error_text;      /* NULL: runs to EOS */
} PipelineCase;

static const PipelineCase pipeline_cases[] = {
  {.element = "cudapreproc width=224 height=224",.dims = "224:224:3:1",
      .size = 224 * 224 * 12},
  {.element = "cudapreproc width=224 height=224 n-threads=0",
      .dims = "224:224:3:1",.size = 224 * 224 * 12},
  {.element = "cudapreproc width=64 height=48 layout=nhwc aspect=letterbox "
        "mean=<0,0,0> std=<1,1,1>",.dims = "3:64:48:1",
      .size = 64 * 48 * 12},
  {.element = "cudapreproc crop-x=400",.error_text = "320x240"},
};

GST_START_TEST (test_pipeline)
{
  const PipelineCase *c = &pipeline_cases[__i__];
  gchar *desc = g_strdup_printf ("videotestsrc num-buffers=3 pattern=white ! "
      "video/x-raw,format=NV12,width=320,height=240,framerate=30/1 ! %s ! "
      "fakesink name=sink signal-handoffs=true", c->element);
  GstElement *pipe = gst_parse_launch (desc, NULL);
  GstElement *sink;
  GstBus *bus;
  GstMessage *msg;
  SinkStats st = { 0, 0, TRUE };

  fail_unless (pipe != NULL, "cannot build %s", desc);
  sink = gst_bin_get_by_name (GST_BIN (pipe), "sink");
  g_signal_connect (sink, "handoff", G_CALLBACK (on_handoff), &st);
  bus = gst_element_get_bus (pipe);
  fail_if (gst_element_set_state (pipe, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_timed_pop_filtered (bus, 20 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no EOS or error within 20 s");
  if (c->error_text == NULL) {
    GstPad *pad = gst_element_get_static_pad (sink, "sink");
    GstCaps *caps = gst_pad_get_current_caps (pad);

    fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_EOS);
    fail_unless_equals_int (st.buffers, 3);
    fail_unless_equals_uint64 (st.size, c->size);
    fail_unless (st.all_white, "white frames did not give 1.0 everywhere");
    assert_dimensions (caps, c->dims);
    gst_caps_unref (caps);
    gst_object_unref (pad);
  } else {
    GError *err = NULL;

    fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_ERROR);
    gst_message_parse_error (msg, &err, NULL);
    fail_unless (strstr (err->message, c->error_text) != NULL, "%s",
        err->message);
    fail_unless_equals_int (st.buffers, 0);
    g_clear_error (&err);
  }
  gst_message_unref (msg);
  fail_unless_equals_int (gst_element_set_state (pipe, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (bus);
  gst_object_unref (sink);
  gst_object_unref (pipe);
  g_free (desc);
}

GST_END_TEST;

void
element_states_tests (TCase * tc)
{
  tcase_add_test (tc, test_state_cycles);
  tcase_add_test (tc, test_state_stress);
  tcase_add_test (tc, test_renegotiation);
  tcase_add_test (tc, test_layout_change_same_caps);
  tcase_add_test (tc, test_input_renegotiation);
  tcase_add_test (tc, test_property_changes_from_thread);
  tcase_add_test (tc, test_triple_not_torn);
  tcase_add_loop_test (tc, test_pipeline, 0, G_N_ELEMENTS (pipeline_cases));
}
