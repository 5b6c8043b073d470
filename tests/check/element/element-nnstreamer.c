/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* gst-check suite of cudapreproc and cudapreprocbatch in front of
 * NNStreamer (docs/nnstreamer.md), CPU path: the caps NNStreamer's
 * tensor_filter offers upstream for a model's input, and those
 * tensor_converter gives, copied as data from NNStreamer's source (v2.6.0-42-
 * g5b13ea61, nnstreamer_plugin_api_impl.c: _get_tensors_caps () and
 * _get_tensor_caps (), which offer the model's own rank and the rank-4
 * spellings of older releases; tensor_typedef.h: GST_TENSORS_CAP_DEFAULT),
 * in a capsfilter after the element:
 * - with no property set, the caps choose the size, layout, channels, type
 *   and batch, and the tensor is the one the explicit properties give, in
 *   the spelling downstream offered;
 * - with the properties set to the same, the same tensor;
 * - a property that contradicts the caps fails negotiation with an error
 *   naming both shapes (never "byte size overflows");
 * - the default scale follows the type (1 for uint8 and int8), an integer
 *   tensor that holds few values is warned about once, and so is the
 *   default size when downstream leaves it open;
 * - the legacy other/tensor and flexible tensors (NNStreamer's header,
 *   gst_tensor_meta_info_update_header ()). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "element-common.h"

#define FRAME_W 96
#define FRAME_H 64

/* tensor_filter's caps for a model input, as _get_tensors_caps () writes
 * them (the fixed fields set after GST_TENSORS_CAP_DEFAULT's) */
#define NNS_TENSORS(dims, type) \
    "other/tensors, format=(string)static, num_tensors=(int)1, " \
    "framerate=(fraction)[ 0/1, 2147483647/1 ], dimensions=(string)" dims \
    ", types=(string)" type
/* _get_tensor_caps (): the legacy other/tensor */
#define NNS_TENSOR(dims, type) \
    "other/tensor, framerate=(fraction)[ 0/1, 2147483647/1 ], " \
    "dimension=(string)" dims ", type=(string)" type

typedef struct
{
  const gchar *name;
  const gchar *caps;            /* downstream's, NNStreamer's spelling */
  const gchar *props;           /* set on the element (may be empty) */
  const gchar *explicit;        /* properties that give the same tensor */
  const gchar *dims;            /* the negotiated dimensions */
} NnsCase;

static const NnsCase nns_cases[] = {
  /* an ONNX model [1, 3, 224, 224] */
  {"onnx rank 4 float32", NNS_TENSORS ("64:48:3:1", "float32"), "",
      "width=64 height=48", "64:48:3:1"},
  /* [3, 224, 224]: rank 3, and the rank-4 spelling older releases read */
  {"rank 3 float32", NNS_TENSORS ("64:48:3", "float32") "; "
        NNS_TENSORS ("64:48:3:1", "float32"), "", "width=64 height=48",
      "64:48:3"},
  /* a TFLite uint8 NHWC model [1, 224, 224, 3]: pixel values */
  {"tflite uint8 nhwc", NNS_TENSORS ("3:40:30:1", "uint8"), "",
      "width=40 height=30 layout=nhwc data-type=uint8 scale=1", "3:40:30:1"},
  {"tflite uint8 nhwc rank 3", NNS_TENSORS ("3:40:30", "uint8") "; "
        NNS_TENSORS ("3:40:30:1", "uint8"), "",
      "width=40 height=30 layout=nhwc data-type=uint8 scale=1", "3:40:30"},
  {"float16 nchw", NNS_TENSORS ("32:24:3:1", "float16"), "",
      "width=32 height=24 data-type=float16", "32:24:3:1"},
  {"int8 nhwc", NNS_TENSORS ("3:16:16:1", "int8"), "",
      "width=16 height=16 layout=nhwc data-type=int8 scale=1", "3:16:16:1"},
  {"gray rank 2", NNS_TENSORS ("28:28", "float32"), "",
      "width=28 height=28 channel-order=gray", "28:28"},
  {"gray nhwc rank 3", NNS_TENSORS ("1:28:28", "uint8"), "",
      "width=28 height=28 channel-order=gray layout=nhwc data-type=uint8 "
        "scale=1", "1:28:28"},
  {"batch of 4", NNS_TENSORS ("20:20:3:4", "float32"), "",
      "width=20 height=20 batch-size=4", "20:20:3:4"},
  {"rank 8", NNS_TENSORS ("20:10:3:1:1:1:1:1", "float32"), "",
      "width=20 height=10", "20:10:3:1:1:1:1:1"},
  /* tensor_converter's caps of a 40x30 RGB video */
  {"tensor_converter", "other/tensors, format=(string)static, "
        "num_tensors=(int)1, dimensions=(string)3:40:30:1, "
        "types=(string)uint8, framerate=(fraction)30/1", "",
      "width=40 height=30 layout=nhwc data-type=uint8 scale=1", "3:40:30:1"},
  {"legacy other/tensor", NNS_TENSOR ("3:40:30:1", "uint8"), "",
      "width=40 height=30 layout=nhwc data-type=uint8 scale=1", "3:40:30:1"},
  /* the properties set to the same */
  {"properties set, rank 3", NNS_TENSORS ("3:40:30", "uint8"),
        "width=40 height=30 layout=nhwc data-type=uint8",
      "width=40 height=30 layout=nhwc data-type=uint8 scale=1", "3:40:30"},
  {"properties set, uint8 scaled", NNS_TENSORS ("40:30:3", "uint8"),
        "width=40 height=30 data-type=uint8 scale=0.5",
      "width=40 height=30 data-type=uint8 scale=0.5", "40:30:3"},
};

/* Pushes @f through "cudapreproc @props ! capsfilter caps=@caps"; returns
 * the tensor and in *@caps_out the negotiated caps. */
static GstBuffer *
run_filtered (const gchar * props, const gchar * caps, const Frame * f,
    GstCaps ** caps_out)
{
  gchar *desc = g_strdup_printf ("cudapreproc %s ! capsfilter caps=\"%s\"",
      props, caps);
  gchar *in = video_caps (FRAME_W, FRAME_H, "bt601");
  GstHarness *h = gst_harness_new_parse (desc);
  GstBuffer *out;

  gst_harness_set_src_caps_str (h, in);
  out = harness_push_pull (h, frame_buffer (f));
  *caps_out = last_caps_event (h);
  gst_harness_teardown (h);
  g_free (in);
  g_free (desc);
  return out;
}

static void
assert_same_bytes (GstBuffer * got, GstBuffer * want, gsize skip,
    const gchar * what)
{
  GstMapInfo a, b;
  gsize i;

  fail_unless (gst_buffer_map (got, &a, GST_MAP_READ));
  fail_unless (gst_buffer_map (want, &b, GST_MAP_READ));
  fail_unless (a.size == b.size + skip, "%s: %" G_GSIZE_FORMAT " bytes, "
      "expected %" G_GSIZE_FORMAT, what, a.size, b.size + skip);
  for (i = 0; i < b.size; i++)
    fail_each (a.data[skip + i] == b.data[i], "%s: byte %" G_GSIZE_FORMAT
        " is 0x%02x, the explicit properties give 0x%02x", what, i,
        a.data[skip + i], b.data[i]);
  gst_buffer_unmap (got, &a);
  gst_buffer_unmap (want, &b);
}

static const gchar *
caps_dims (GstCaps * caps)
{
  const GstStructure *s = gst_caps_get_structure (caps, 0);
  const gchar *d = gst_structure_get_string (s, "dimensions");

  return d != NULL ? d : gst_structure_get_string (s, "dimension");
}

/* NNStreamer's caps choose, or agree with, the tensor: the bytes of the
 * explicit properties, in NNStreamer's spelling. */
GST_START_TEST (test_nnstreamer_caps)
{
  const NnsCase *c = &nns_cases[__i__];
  GstBuffer *got, *want;
  GstCaps *got_caps, *want_caps;
  Frame f;

  frame_init (&f, FRAME_W, FRAME_H, 21);
  got = run_filtered (c->props, c->caps, &f, &got_caps);
  want = run_filtered (c->explicit, "other/tensors", &f, &want_caps);
  fail_unless (got_caps != NULL);
  fail_unless_equals_string (caps_dims (got_caps), c->dims);
  assert_same_bytes (got, want, 0, c->name);
  gst_caps_unref (got_caps);
  gst_caps_unref (want_caps);
  gst_buffer_unref (got);
  gst_buffer_unref (want);
  frame_clear (&f);
}

GST_END_TEST;

/* Answers every caps query of the pad with @user_data, whatever the
 * query's filter, as NNStreamer's tensor_transform and tensor_filter do:
 * they list their output caps before what they take. */
static GstPadProbeReturn
answer_in_own_order (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  GstQuery *query = GST_PAD_PROBE_INFO_QUERY (info);

  if (GST_QUERY_TYPE (query) == GST_QUERY_CAPS)
    gst_query_set_caps_result (query, user_data);
  return GST_PAD_PROBE_OK;
}

typedef struct
{
  const gchar *name;
  const gchar *caps;            /* downstream's answer, in its order */
  const gchar *props;           /* set on the element */
  const gchar *explicit;        /* properties that give the same tensor */
  const gchar *dims;            /* the negotiated dimensions */
} OrderCase;

static const OrderCase order_cases[] = {
  /* tensor_transform mode=typecast option=float32: its float32 output
   * first, then its input (any type) */
  {"uint8 nhwc set", NNS_TENSORS ("3:32:24:1", "float32") "; "
        NNS_TENSORS ("3:32:24:1", "uint8"),
        "width=32 height=24 layout=nhwc data-type=uint8",
      "width=32 height=24 layout=nhwc data-type=uint8 scale=1", "3:32:24:1"},
  /* the same with flexible tensors listed between: static ones first */
  {"uint8 nhwc set, flexible listed", NNS_TENSORS ("3:32:24:1", "float32")
        "; other/tensors, format=(string)flexible; "
        NNS_TENSORS ("3:32:24:1", "uint8"),
        "width=32 height=24 layout=nhwc data-type=uint8",
      "width=32 height=24 layout=nhwc data-type=uint8 scale=1", "3:32:24:1"},
  /* tensor_filter on a model that takes any input and gives [3]: its
   * output in both spellings, then anything */
  {"size set", NNS_TENSORS ("3:1:1:1", "float32") "; "
        NNS_TENSOR ("3:1:1:1", "float32") "; "
        "other/tensors, format=(string)static, num_tensors=(int)1",
      "width=64 height=48", "width=64 height=48", "64:48:3:1"},
  /* nothing set: downstream's first structure, as GStreamer fixates, and
   * no warning that the tensor has the default size: it has not */
  {"nothing set", NNS_TENSORS ("3:1:1:1", "float32") "; "
        "other/tensors, format=(string)static, num_tensors=(int)1", "",
      "width=3 height=1 channel-order=gray", "3:1:1:1"},
};

/* With the properties set, the structure they allow is taken, not
 * downstream's first: the same tensor as the explicit properties, and no
 * warning about a default size the tensor does not have. */
GST_START_TEST (test_downstream_order)
{
  const OrderCase *c = &order_cases[__i__];
  gchar *in = video_caps (FRAME_W, FRAME_H, "bt601");
  GstCaps *answer = gst_caps_from_string (c->caps), *got_caps, *want_caps;
  GstHarness *h = gst_harness_new ("cudapreproc");
  GstBuffer *got, *want;
  GstBus *bus = gst_bus_new ();
  Frame f;

  gst_element_set_bus (h->element, bus);
  /* GstBaseTransform queries its peer pad directly */
  gst_pad_add_probe (h->sinkpad, GST_PAD_PROBE_TYPE_QUERY_DOWNSTREAM |
      GST_PAD_PROBE_TYPE_PULL, answer_in_own_order, answer, NULL);
  set_props (h->element, c->props);
  frame_init (&f, FRAME_W, FRAME_H, 22);
  gst_harness_set_src_caps_str (h, in);
  got = harness_push_pull (h, frame_buffer (&f));
  fail_unless (got != NULL, "%s: no tensor", c->name);
  got_caps = last_caps_event (h);
  fail_unless_equals_string (caps_dims (got_caps), c->dims);
  want = run_filtered (c->explicit, "other/tensors", &f, &want_caps);
  assert_same_bytes (got, want, 0, c->name);
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_WARNING |
          GST_MESSAGE_ERROR, NULL), 0);

  gst_bus_set_flushing (bus, TRUE);
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  gst_caps_unref (got_caps);
  gst_caps_unref (want_caps);
  gst_buffer_unref (got);
  gst_buffer_unref (want);
  gst_harness_teardown (h);
  gst_caps_unref (answer);
  frame_clear (&f);
  g_free (in);
}

GST_END_TEST;

typedef struct
{
  const gchar *name;
  const gchar *caps;
  const gchar *props;
  const gchar *says[3];         /* parts of the error */
} RefusalCase;

static const RefusalCase refusal_cases[] = {
  {"width set", NNS_TENSORS ("64:48:3", "float32"), "width=32 height=48",
      {"dimensions=64:48:3:1", "dimensions=32:48:3:1", "width and height"}},
  {"gray caps, rgb set", NNS_TENSORS ("64:48:1:1", "float32"),
        "channel-order=rgb", {"dimensions=64:48:1:1", "C = 3 (channel-order)",
          "dimensions=640:640:3:1"}},
  {"rgb caps, gray set", NNS_TENSORS ("64:48:3:1", "float32"),
        "channel-order=gray", {"dimensions=64:48:3:1", "C = 1",
          "dimensions=640:640:1:1"}},
  {"type set", NNS_TENSORS ("64:48:3:1", "uint8"), "data-type=float32",
      {"types=uint8", "data-type gives float32"}},
  {"layout set", NNS_TENSORS ("3:64:48:1", "float32"), "layout=nchw",
      {"dimensions=3:64:48:1", "W:H:C:N (NCHW) (layout)"}},
  {"rank 5", NNS_TENSORS ("64:48:3:1:2", "float32"), "",
      {"dimension 5 is 2"}},
};

/* A property that contradicts downstream's caps: not negotiated, one error
 * naming both shapes, never the overflow message. */
GST_START_TEST (test_nnstreamer_refusal)
{
  const RefusalCase *c = &refusal_cases[__i__];
  gchar *desc = g_strdup_printf ("cudapreproc %s ! capsfilter caps=\"%s\"",
      c->props, c->caps);
  gchar *in = video_caps (FRAME_W, FRAME_H, "bt601");
  GstHarness *h = gst_harness_new_parse (desc);
  GstBus *bus = gst_bus_new ();
  GString *text = g_string_new (NULL);
  Frame f;
  guint i;

  gst_element_set_bus (h->element, bus);
  frame_init (&f, FRAME_W, FRAME_H, 22);
  gst_harness_set_src_caps_str (h, in);
  fail_unless_equals_int (gst_harness_push (h, frame_buffer (&f)),
      GST_FLOW_NOT_NEGOTIATED);
  fail_unless (take_messages (bus, GST_MESSAGE_ERROR, text) >= 1,
      "%s: no error", c->name);
  for (i = 0; i < G_N_ELEMENTS (c->says) && c->says[i] != NULL; i++)
    assert_contains (text, c->says[i]);
  fail_unless (strstr (text->str, "byte size") == NULL, "%s: %s", c->name,
      text->str);
  g_string_free (text, TRUE);
  gst_bus_set_flushing (bus, TRUE);
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  gst_harness_teardown (h);
  frame_clear (&f);
  g_free (in);
  g_free (desc);
}

GST_END_TEST;

/* The default scale follows the type: uint8 without scale is scale=1; the
 * scale property reads back so. */
GST_START_TEST (test_default_scale)
{
  GstElement *e = gst_element_factory_make ("cudapreproc", NULL);
  gdouble scale = 0.0;

  g_object_get (e, "scale", &scale, NULL);
  fail_unless (scale == 1.0 / 255.0, "float32: scale %g", scale);
  gst_util_set_object_arg (G_OBJECT (e), "data-type", "uint8");
  g_object_get (e, "scale", &scale, NULL);
  fail_unless (scale == 1.0, "uint8: scale %g", scale);
  g_object_set (e, "scale", 0.5, NULL);
  gst_util_set_object_arg (G_OBJECT (e), "data-type", "int8");
  g_object_get (e, "scale", &scale, NULL);
  fail_unless (scale == 0.5, "a set scale stays: %g", scale);
  gst_object_unref (e);
}

GST_END_TEST;

/* Warned once: an integer tensor of 0s and 1s (uint8 with scale=1/255),
 * and the default size where downstream leaves the dimensions open. */
GST_START_TEST (test_surprises_warned_once)
{
  static const struct
  {
    const gchar *props;
    const gchar *says;
  } cases[] = {
    {"width=16 height=16 data-type=uint8 scale=0.00392156862745098",
        "at most 2 distinct values"},
    {"", "the tensor is 640x640, the defaults"},
  };
  guint i, k;

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstBus *bus;
    GstHarness *h = harness_new (cases[i].props, &bus);
    gchar *in = video_caps (FRAME_W, FRAME_H, "bt601");
    GString *text = g_string_new (NULL);
    Frame f;

    frame_init (&f, FRAME_W, FRAME_H, 23);
    fail_unless (harness_push_caps (h, in));
    for (k = 0; k < 3; k++)
      gst_buffer_unref (push_and_pull (h, &f));
    fail_unless_equals_int (take_messages (bus, GST_MESSAGE_WARNING, text), 1);
    assert_contains (text, cases[i].says);
    g_string_free (text, TRUE);
    frame_clear (&f);
    g_free (in);
    harness_free (h, bus);
  }
}

GST_END_TEST;

/* NNStreamer's header of flexible tensors (gst_tensor_meta_info_init (),
 * _update_header ()), then the tensor. */
GST_START_TEST (test_flexible)
{
  GstBuffer *got, *want;
  GstCaps *caps, *want_caps;
  GstMapInfo map;
  guint32 words[32];
  Frame f;

  frame_init (&f, FRAME_W, FRAME_H, 24);
  got = run_filtered ("width=40 height=30 layout=nhwc data-type=uint8",
      "other/tensors, format=(string)flexible", &f, &caps);
  want = run_filtered ("width=40 height=30 layout=nhwc data-type=uint8",
      "other/tensors", &f, &want_caps);
  fail_unless_equals_string (gst_structure_get_string
      (gst_caps_get_structure (caps, 0), "format"), "flexible");
  fail_unless (gst_buffer_map (got, &map, GST_MAP_READ));
  fail_unless (map.size >= sizeof (words));
  memcpy (words, map.data, sizeof (words));
  gst_buffer_unmap (got, &map);
  fail_unless_equals_int (words[0], 0xfeedcced);        /* magic */
  fail_unless_equals_int (words[1], 0xDE001000);        /* version 1.0 */
  fail_unless_equals_int (words[2], 5); /* _NNS_UINT8 */
  fail_unless (words[3] == 3 && words[4] == 40 && words[5] == 30 &&
      words[6] == 1 && words[7] == 0, "dimension %u:%u:%u:%u:%u", words[3],
      words[4], words[5], words[6], words[7]);
  fail_unless_equals_int (words[19], 0);        /* format: static */
  fail_unless_equals_int (words[20], 4);        /* media type: tensor */
  fail_unless_equals_int (words[21], 0);
  assert_same_bytes (got, want, 128, "flexible");
  gst_caps_unref (caps);
  gst_caps_unref (want_caps);
  gst_buffer_unref (got);
  gst_buffer_unref (want);
  frame_clear (&f);
}

GST_END_TEST;

/* cudapreprocbatch: downstream chooses the shape where the properties
 * leave it free, as for cudapreproc. */
GST_START_TEST (test_batch_downstream_shape)
{
  GstHarness *h = gst_harness_new_with_padnames ("cudapreprocbatch", "sink_0",
      "src");
  gchar *in = video_caps (FRAME_W, FRAME_H, "bt601");
  GstCaps *got_caps, *want_caps;
  GstBuffer *buf, *got, *want;
  Frame f;

  frame_init (&f, FRAME_W, FRAME_H, 25);
  gst_harness_set_sink_caps_str (h, NNS_TENSORS ("3:40:30", "uint8"));
  gst_harness_set_src_caps_str (h, in);
  buf = frame_buffer (&f);
  GST_BUFFER_PTS (buf) = 0;
  GST_BUFFER_DURATION (buf) = GST_SECOND / 30;
  fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
  got = gst_harness_pull (h);
  got_caps = last_caps_event (h);
  fail_unless (got != NULL && got_caps != NULL);
  fail_unless_equals_string (caps_dims (got_caps), "3:40:30");
  want = run_filtered ("width=40 height=30 layout=nhwc data-type=uint8",
      "other/tensors", &f, &want_caps);
  assert_same_bytes (got, want, 0, "cudapreprocbatch");
  gst_caps_unref (got_caps);
  gst_caps_unref (want_caps);
  gst_buffer_unref (got);
  gst_buffer_unref (want);
  gst_harness_teardown (h);
  frame_clear (&f);
  g_free (in);
}

GST_END_TEST;

static Suite *
nnstreamer_suite (void)
{
  Suite *s = suite_create ("cudapreproc-nnstreamer");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_nnstreamer_caps, 0, G_N_ELEMENTS (nns_cases));
  tcase_add_loop_test (tc, test_nnstreamer_refusal, 0,
      G_N_ELEMENTS (refusal_cases));
  tcase_add_loop_test (tc, test_downstream_order, 0,
      G_N_ELEMENTS (order_cases));
  tcase_add_test (tc, test_default_scale);
  tcase_add_test (tc, test_surprises_warned_once);
  tcase_add_test (tc, test_flexible);
  tcase_add_test (tc, test_batch_downstream_shape);
  return s;
}

GST_CHECK_MAIN (nnstreamer);
