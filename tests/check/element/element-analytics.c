/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* gst-check suite of cudapreproc with GStreamer's analytics metas
 * (docs/analytics.md), CPU path:
 * - the object filters of roi-source=meta (roi-types, roi-min-size,
 *   roi-max-size, roi-min-confidence) on ROI metas, on every version;
 * - output-mode=meta refused where GStreamer is older than 1.26, and only
 *   changed in NULL or READY;
 * - 1.24+: GstAnalyticsODMtd objects as slots, with the same filters;
 * - 1.26+: output-mode=meta: the video passes through (same caps, same
 *   memory) carrying a GstTensorMeta whose bytes are tensor mode's, the box
 *   meta naming it; tensor-id; two elements, two tensors; what a buffer
 *   copy keeps (nothing on 1.26, the tensor on 1.28);
 * - 1.28+: each slot's part of the tensor as a GstAnalyticsTensorMtd
 *   related to its object.
 * The version tests are the feature macros of
 * gst/gstcudapreproc-analytics-compat.h. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "element-common.h"
#include "gstcudapreproc-analytics-compat.h"

#define FRAME_W 64
#define FRAME_H 48
#define BOX_META "GstCudaPreprocBoxMeta"

static gchar *
nv12_caps (void)
{
  return video_caps (FRAME_W, FRAME_H, "bt601");
}

/* The box meta of @buf describing the tensor @tensor_id (NULL: the one
 * without a tensor-id). */
static const GstStructure *
box_meta_of (GstBuffer * buf, const gchar * tensor_id)
{
  gpointer state = NULL;
  GstMeta *meta;

  while ((meta = gst_buffer_iterate_meta (buf, &state)) != NULL) {
    const GstStructure *s;

    if (!gst_meta_info_is_custom (meta->info) ||
        !gst_custom_meta_has_name ((GstCustomMeta *) meta, BOX_META))
      continue;
    s = gst_custom_meta_get_structure ((GstCustomMeta *) meta);
    if (g_strcmp0 (gst_structure_get_string (s, "tensor-id"), tensor_id) == 0)
      return s;
  }
  return NULL;
}

static const GstStructure *
box_slot (const GstStructure * box, guint i)
{
  const GValue *slots = gst_structure_get_value (box, "slots");

  fail_unless (slots != NULL && i < gst_value_array_get_size (slots));
  return gst_value_get_structure (gst_value_array_get_value (slots, i));
}

typedef struct
{
  gint x, y, width, height;
  gint roi_id, mtd_id;
} SlotWant;

/* The valid slots of @box are @want, in order, and the rest invalid. */
static void
assert_slots (const GstStructure * box, const SlotWant * want, guint n,
    const gchar * what)
{
  guint batch = 0, valid = 0, i;

  fail_unless (box != NULL, "%s: no box meta", what);
  fail_unless (gst_structure_get_uint (box, "batch-size", &batch));
  fail_unless (gst_structure_get_uint (box, "valid-slots", &valid));
  fail_unless (valid == n, "%s: %u valid slots, expected %u", what, valid, n);
  for (i = 0; i < batch; i++) {
    const GstStructure *s = box_slot (box, i);
    gint x = 0, y = 0, w = 0, h = 0, roi = 0, mtd = 0;
    gboolean ok = FALSE;

    fail_unless (gst_structure_get (s, "valid", G_TYPE_BOOLEAN, &ok,
            "x", G_TYPE_INT, &x, "y", G_TYPE_INT, &y, "width", G_TYPE_INT, &w,
            "height", G_TYPE_INT, &h, "roi-id", G_TYPE_INT, &roi, "mtd-id",
            G_TYPE_INT, &mtd, NULL));
    if (i >= n) {
      fail_unless (!ok, "%s: slot %u should be invalid", what, i);
      continue;
    }
    fail_unless (ok && x == want[i].x && y == want[i].y &&
        w == want[i].width && h == want[i].height &&
        roi == want[i].roi_id && mtd == want[i].mtd_id,
        "%s: slot %u is %s (%d, %d) %dx%d roi-id %d mtd-id %d, expected "
        "(%d, %d) %dx%d roi-id %d mtd-id %d", what, i, ok ? "valid" :
        "invalid", x, y, w, h, roi, mtd, want[i].x, want[i].y,
        want[i].width, want[i].height, want[i].roi_id, want[i].mtd_id);
  }
}

/* Property @name of @object, serialized, is @want. */
static void
assert_array_prop (gpointer object, const gchar * name, const gchar * want)
{
  GValue v = G_VALUE_INIT;
  gchar *str;

  g_value_init (&v, GST_TYPE_ARRAY);
  g_object_get_property (G_OBJECT (object), name, &v);
  str = gst_value_serialize (&v);
  fail_unless (g_strcmp0 (str, want) == 0, "%s is %s, expected %s", name,
      str, want);
  g_free (str);
  g_value_unset (&v);
}

/* ------------------------------------------------------------------------ */
/* Object filters on ROI metas (every version)                              */
/* ------------------------------------------------------------------------ */

typedef struct
{
  const gchar *type;
  gint x, y, w, h;
  gdouble confidence;           /* < 0: no "detection" param */
} RoiIn;

/* person 20x10, car 8x8 (0.9), person 30x30 overshooting the frame's
 * right edge (0.4), dog 4x4, car 40x20 without confidence */
static const RoiIn five_rois[] = {
  {"person", 2, 3, 20, 10, -1.0},
  {"car", 30, 4, 8, 8, 0.9},
  {"person", 50, 10, 30, 30, 0.4},
  {"dog", 0, 40, 4, 4, 0.99},
  {"car", 10, 20, 40, 20, -1.0},
};

static GstBuffer *
frame_with_rois (const Frame * f, const RoiIn * rois, guint n)
{
  GstBuffer *buf = frame_buffer (f);
  guint i;

  for (i = 0; i < n; i++) {
    GstVideoRegionOfInterestMeta *m =
        gst_buffer_add_video_region_of_interest_meta (buf, rois[i].type,
        rois[i].x, rois[i].y, rois[i].w, rois[i].h);

    m->id = (gint) i + 10;
    if (rois[i].confidence >= 0.0)
      gst_video_region_of_interest_meta_add_param (m,
          gst_structure_new ("detection", "confidence", G_TYPE_DOUBLE,
              rois[i].confidence, NULL));
  }
  return buf;
}

typedef struct
{
  const gchar *name;
  const gchar *props;
  guint n;
  SlotWant want[5];
} FilterCase;

static const FilterCase roi_filter_cases[] = {
  {"all", "", 5, {{2, 3, 20, 10, 10, -1}, {30, 4, 8, 8, 11, -1},
          {50, 10, 14, 30, 12, -1}, {0, 40, 4, 4, 13, -1},
          {10, 20, 40, 20, 14, -1}}},
  {"roi-types", "roi-types=<car,dog>", 3, {{30, 4, 8, 8, 11, -1},
          {0, 40, 4, 4, 13, -1}, {10, 20, 40, 20, 14, -1}}},
  {"roi-type with roi-types", "roi-type=person roi-types=<dog>", 3,
        {{2, 3, 20, 10, 10, -1}, {50, 10, 14, 30, 12, -1},
          {0, 40, 4, 4, 13, -1}}},
  /* sizes of the clamped box: 50,10 30x30 is 14x30 in the frame */
  {"roi-min-size", "roi-min-size=<8,8>", 4, {{2, 3, 20, 10, 10, -1},
          {30, 4, 8, 8, 11, -1}, {50, 10, 14, 30, 12, -1},
          {10, 20, 40, 20, 14, -1}}},
  {"roi-min-size, one side", "roi-min-size=<0,10>", 3,
        {{2, 3, 20, 10, 10, -1}, {50, 10, 14, 30, 12, -1},
          {10, 20, 40, 20, 14, -1}}},
  {"roi-max-size", "roi-max-size=<20,0>", 4, {{2, 3, 20, 10, 10, -1},
          {30, 4, 8, 8, 11, -1}, {50, 10, 14, 30, 12, -1},
          {0, 40, 4, 4, 13, -1}}},
  {"roi-min-confidence", "roi-min-confidence=0.5", 4,
        {{2, 3, 20, 10, 10, -1}, {30, 4, 8, 8, 11, -1},
          {0, 40, 4, 4, 13, -1}, {10, 20, 40, 20, 14, -1}}},
  {"all four", "roi-types=<person,car> roi-min-size=<9,9> "
        "roi-max-size=<30,30> roi-min-confidence=0.5", 1,
      {{2, 3, 20, 10, 10, -1}}},
};

GST_START_TEST (test_roi_meta_filters)
{
  const FilterCase *c = &roi_filter_cases[__i__];
  gchar *props = g_strdup_printf ("width=16 height=16 roi-source=meta "
      "batch-size=5 %s", c->props);
  gchar *caps = nv12_caps ();
  GstBus *bus;
  GstHarness *h = harness_new (props, &bus);
  GstBuffer *out;
  Frame f;

  frame_init (&f, FRAME_W, FRAME_H, 7);
  fail_unless (harness_push_caps (h, caps));
  out = harness_push_pull (h, frame_with_rois (&f, five_rois,
          G_N_ELEMENTS (five_rois)));
  assert_slots (box_meta_of (out, NULL), c->want, c->n, c->name);
  gst_buffer_unref (out);
  frame_clear (&f);
  harness_free (h, bus);
  g_free (caps);
  g_free (props);
}

GST_END_TEST;

/* Values the param specs cannot check are refused with an element
 * warning naming the rule, and the previous value stays. */
GST_START_TEST (test_roi_filter_refusals)
{
  GstElement *e = gst_element_factory_make ("cudapreproc", NULL);

  set_props (e, "roi-types=<car> roi-min-size=<4,5>");
  ASSERT_BUS_REFUSAL (e, "not 2 (<width,height>)",
      gst_util_set_object_arg (G_OBJECT (e), "roi-min-size", "<1,2,3>"));
  ASSERT_BUS_REFUSAL (e, "not in 0 .. 2147483647",
      gst_util_set_object_arg (G_OBJECT (e), "roi-max-size", "<-1,2>"));
  ASSERT_BUS_REFUSAL (e, "not a label",
      gst_util_set_object_arg (G_OBJECT (e), "roi-types", "<1,2>"));
  assert_array_prop (e, "roi-min-size", "< (int)4, (int)5 >");
  assert_array_prop (e, "roi-types", "< (string)car >");
  gst_object_unref (e);
}

GST_END_TEST;

/* The same filters on cudapreprocbatch's sink pads. */
GST_START_TEST (test_batch_pad_filters)
{
  GstElement *e = gst_element_factory_make ("cudapreprocbatch", NULL);
  GstPad *pad = gst_element_request_pad_simple (e, "sink_%u");
  gdouble conf = 0.0;

  fail_unless (pad != NULL);
  gst_util_set_object_arg (G_OBJECT (pad), "roi-types", "<person,car>");
  gst_util_set_object_arg (G_OBJECT (pad), "roi-max-size", "<100,50>");
  g_object_set (pad, "roi-min-confidence", 0.25, NULL);
  assert_array_prop (pad, "roi-types", "< (string)person, (string)car >");
  assert_array_prop (pad, "roi-max-size", "< (int)100, (int)50 >");
  g_object_get (pad, "roi-min-confidence", &conf, NULL);
  fail_unless_equals_float (conf, 0.25);
  ASSERT_BUS_REFUSAL (e, "keeping the previous value, roi-min-size=",
      gst_util_set_object_arg (G_OBJECT (pad), "roi-min-size", "<7>"));
  gst_element_release_request_pad (e, pad);
  gst_object_unref (pad);
  gst_object_unref (e);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* output-mode                                                               */
/* ------------------------------------------------------------------------ */

/* The mode changes the caps: in PLAYING a change is refused with an
 * element warning, and the mode stays. */
GST_START_TEST (test_output_mode_ready_only)
{
  GstBus *bus;
  GstHarness *h = harness_new ("width=8 height=8", &bus);
  GString *text = g_string_new (NULL);
  gchar *caps = nv12_caps ();
  gint mode = -1;

  fail_unless (harness_push_caps (h, caps));
  gst_util_set_object_arg (G_OBJECT (h->element), "output-mode", "meta");
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_WARNING, text), 1);
  assert_contains (text, "output-mode=meta");
  assert_contains (text, "NULL or READY");
  g_object_get (h->element, "output-mode", &mode, NULL);
  fail_unless_equals_int (mode, 0);
  g_string_free (text, TRUE);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

#if !GST_CUDA_PREPROC_HAVE_TENSOR_META
/* Before 1.26 (or without the analytics library) meta is refused with an
 * element warning naming 1.26; tensor mode stays. */
GST_START_TEST (test_output_mode_meta_refused)
{
  GstElement *e = gst_element_factory_make ("cudapreproc", NULL);
  GstBus *bus = gst_bus_new ();
  GString *text = g_string_new (NULL);
  gint mode = -1;

  gst_element_set_bus (e, bus);
  gst_util_set_object_arg (G_OBJECT (e), "output-mode", "meta");
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_WARNING, text), 1);
  assert_contains (text, "Refusing output-mode=meta");
  assert_contains (text, "GStreamer 1.26 or later");
  g_object_get (e, "output-mode", &mode, NULL);
  fail_unless_equals_int (mode, 0);
  g_string_free (text, TRUE);
  gst_bus_set_flushing (bus, TRUE);
  gst_element_set_bus (e, NULL);
  gst_object_unref (bus);
  gst_object_unref (e);
}

GST_END_TEST;
#endif

/* ------------------------------------------------------------------------ */
/* GstAnalyticsODMtd objects (1.24+)                                         */
/* ------------------------------------------------------------------------ */

#if GST_CUDA_PREPROC_HAVE_OD_MTD
typedef struct
{
  const gchar *label;
  gint x, y, w, h;
  gfloat confidence;
} OdIn;

/* car 10x12 (0.8), person 16x16 (0.3), car overshooting the bottom edge
 * (0.95), tree 2x2 (0.99) */
static const OdIn four_ods[] = {
  {"car", 4, 6, 10, 12, 0.8f},
  {"person", 30, 2, 16, 16, 0.3f},
  {"car", 40, 40, 12, 20, 0.95f},
  {"tree", 60, 0, 2, 2, 0.99f},
};

/* @buf with @n ODMtds of @ods after @pad other Mtds (so that the ids the
 * box meta must name are not the ODMtds' positions); their ids in @ids. */
static void
add_ods (GstBuffer * buf, const OdIn * ods, guint n, guint * ids)
{
  GstAnalyticsRelationMeta *rmeta = gst_buffer_add_analytics_relation_meta
      (buf);
  GstAnalyticsClsMtd cls;
  gfloat conf = 0.5f;
  GQuark q = g_quark_from_static_string ("unrelated");
  guint i;

  fail_unless (gst_analytics_relation_meta_add_cls_mtd (rmeta, 1, &conf, &q,
          &cls));
  for (i = 0; i < n; i++) {
    GstAnalyticsODMtd od;

    fail_unless (gst_analytics_relation_meta_add_od_mtd (rmeta,
            g_quark_from_string (ods[i].label), ods[i].x, ods[i].y,
            ods[i].w, ods[i].h, ods[i].confidence, &od));
    ids[i] = od.id;
  }
}

typedef struct
{
  const gchar *name;
  const gchar *props;
  guint n;
  gint which[6];                /* < 10: an ODMtd; >= 10: ROI meta - 10 */
} OdCase;

static const OdCase od_cases[] = {
  {"every object", "", 6, {10, 11, 0, 1, 2, 3}},
  {"roi-types", "roi-types=<car>", 3, {11, 0, 2}},
  {"roi-min-confidence", "roi-min-confidence=0.85", 4, {10, 11, 2, 3}},
  {"roi-min-size", "roi-min-size=<11,11>", 1, {1}},
  {"roi-max-size", "roi-max-size=<10,0>", 3, {11, 0, 3}},
};

/* ROI metas first (in meta order), then the ODMtds (in id order), both
 * through the same filters; the box meta names each slot's meta. */
GST_START_TEST (test_od_mtd_slots)
{
  const OdCase *c = &od_cases[__i__];
  gchar *props = g_strdup_printf ("width=16 height=16 roi-source=meta "
      "batch-size=8 %s", c->props);
  gchar *caps = nv12_caps ();
  static const RoiIn two_rois[] = {
    {"person", 2, 3, 20, 10, -1.0}, {"car", 30, 4, 8, 8, 0.9},
  };
  /* the clamped ODMtd boxes */
  static const PrepRect od_rects[] = {
    {4, 6, 10, 12}, {30, 2, 16, 16}, {40, 40, 12, 8}, {60, 0, 2, 2},
  };
  SlotWant want[6];
  GstBus *bus;
  GstHarness *h = harness_new (props, &bus);
  GstBuffer *in, *out;
  guint ids[4], i;
  Frame f;

  frame_init (&f, FRAME_W, FRAME_H, 11);
  in = frame_with_rois (&f, two_rois, 2);
  add_ods (in, four_ods, 4, ids);
  for (i = 0; i < c->n; i++) {
    gint k = c->which[i];

    if (k >= 10) {
      const RoiIn *r = &two_rois[k - 10];
      SlotWant w = { r->x, r->y, r->w, r->h, k, -1 };
      want[i] = w;
    } else {
      const PrepRect *r = &od_rects[k];
      SlotWant w = { r->x, r->y, r->width, r->height, -1, (gint) ids[k] };
      want[i] = w;
    }
  }
  fail_unless (harness_push_caps (h, caps));
  out = harness_push_pull (h, in);
  assert_slots (box_meta_of (out, NULL), want, c->n, c->name);
  gst_buffer_unref (out);
  frame_clear (&f);
  harness_free (h, bus);
  g_free (caps);
  g_free (props);
}

GST_END_TEST;
#endif /* GST_CUDA_PREPROC_HAVE_OD_MTD */

/* ------------------------------------------------------------------------ */
/* output-mode=meta (1.26+)                                                  */
/* ------------------------------------------------------------------------ */

#if GST_CUDA_PREPROC_HAVE_TENSOR_META
/* A harness around "cudapreproc @props" made in the NULL state (a harness
 * element is PLAYING at once, and output-mode only changes before), the
 * element in *@e (a reference), its messages in *@bus. */
static GstHarness *
parse_harness (const gchar * props, GstElement ** e, GstBus ** bus)
{
  gchar *desc = g_strdup_printf ("cudapreproc name=p %s", props);
  GstHarness *h = gst_harness_new_parse (desc);

  g_free (desc);
  *e = gst_bin_get_by_name (GST_BIN (h->element), "p");
  *bus = gst_bus_new ();
  gst_element_set_bus (h->element, *bus);
  return h;
}

static void
parse_harness_free (GstHarness * h, GstElement * e, GstBus * bus)
{
  gst_object_unref (e);
  harness_free (h, bus);
}

/* The tensor tensor mode gives for @f with @props. */
static GstBuffer *
tensor_mode_output (const gchar * props, const Frame * f, GstBuffer * in)
{
  GstBus *bus;
  GstHarness *h = harness_new (props, &bus);
  gchar *caps = nv12_caps ();
  GstBuffer *out;

  fail_unless (harness_push_caps (h, caps));
  out = harness_push_pull (h, in != NULL ? in : frame_buffer (f));
  harness_free (h, bus);
  g_free (caps);
  return out;
}

/* The tensor of @id in @buf's GstTensorMeta, or NULL. */
static const GstTensor *
tensor_of (GstBuffer * buf, const gchar * id)
{
  GstTensorMeta *tmeta = gst_buffer_get_tensor_meta (buf);
  gint i;

  if (tmeta == NULL)
    return NULL;
  i = gst_tensor_meta_get_index_from_id (tmeta, g_quark_from_string (id));
  return i < 0 ? NULL : gst_tensor_meta_get (tmeta, (gsize) i);
}

static void
assert_same_bytes (GstBuffer * got, GstBuffer * want, const gchar * what)
{
  GstMapInfo a, b;
  gsize i;

  fail_unless (gst_buffer_map (got, &a, GST_MAP_READ));
  fail_unless (gst_buffer_map (want, &b, GST_MAP_READ));
  fail_unless (a.size == b.size, "%s: %" G_GSIZE_FORMAT " bytes, expected %"
      G_GSIZE_FORMAT, what, a.size, b.size);
  for (i = 0; i < a.size; i++)
    fail_each (a.data[i] == b.data[i], "%s: byte %" G_GSIZE_FORMAT " is "
        "0x%02x, tensor mode's 0x%02x", what, i, a.data[i], b.data[i]);
  gst_buffer_unmap (got, &a);
  gst_buffer_unmap (want, &b);
}

typedef struct
{
  const gchar *name;
  const gchar *props;
  GstTensorDataType dtype;
  gsize dims[4];
} MetaCase;

static const MetaCase meta_cases[] = {
  {"float32 NCHW letterbox", "width=20 height=16 aspect=letterbox",
      GST_TENSOR_DATA_TYPE_FLOAT32, {1, 3, 16, 20}},
  {"float16 NHWC", "width=12 height=10 layout=nhwc data-type=float16",
      GST_TENSOR_DATA_TYPE_FLOAT16, {1, 10, 12, 3}},
  {"uint8 gray", "width=8 height=6 data-type=uint8 channel-order=gray "
        "scale=1", GST_TENSOR_DATA_TYPE_UINT8, {1, 1, 6, 8}},
  {"int8 rois", "width=8 height=8 data-type=int8 scale=1 "
        "rois=<<0,0,32,24>,<32,24,32,24>>", GST_TENSOR_DATA_TYPE_INT8,
      {2, 3, 8, 8}},
};

/* The video passes through: the same caps, the same memory; the tensor is
 * tensor mode's, with its dims outermost first and its type; the box meta
 * names it. */
GST_START_TEST (test_meta_mode_tensor)
{
  const MetaCase *c = &meta_cases[__i__];
  gchar *props = g_strdup_printf ("output-mode=meta %s", c->props);
  gchar *caps = nv12_caps ();
  GstElement *e;
  GstBus *bus;
  GstHarness *h = parse_harness (props, &e, &bus);
  GstBuffer *in, *out, *want;
  GstMemory *in_mem;
  GstCaps *out_caps, *in_caps;
  const GstTensor *t;
  Frame f;
  guint i;

  frame_init (&f, FRAME_W, FRAME_H, 3);
  fail_unless (harness_push_caps (h, caps));
  in = frame_buffer (&f);
  in_mem = gst_buffer_get_memory (in, 0);
  out = harness_push_pull (h, in);
  fail_unless (gst_buffer_peek_memory (out, 0) == in_mem,
      "%s: the video's memory must pass through", c->name);
  gst_memory_unref (in_mem);
  out_caps = last_caps_event (h);
  in_caps = gst_caps_from_string (caps);
  fail_unless (out_caps != NULL && gst_caps_is_equal (out_caps, in_caps),
      "%s: caps %" GST_PTR_FORMAT ", expected %" GST_PTR_FORMAT, c->name,
      out_caps, in_caps);
  gst_caps_unref (in_caps);
  gst_caps_unref (out_caps);

  t = tensor_of (out, "input");
  fail_unless (t != NULL, "%s: no tensor \"input\"", c->name);
  fail_unless_equals_int (gst_buffer_get_tensor_meta (out)->num_tensors, 1);
  fail_unless_equals_int (t->data_type, c->dtype);
  fail_unless_equals_int (t->dims_order, GST_TENSOR_DIM_ORDER_ROW_MAJOR);
  fail_unless_equals_int (t->num_dims, 4);
  for (i = 0; i < 4; i++)
    fail_unless (t->dims[i] == c->dims[i], "%s: dims[%u] is %" G_GSIZE_FORMAT
        ", expected %" G_GSIZE_FORMAT, c->name, i, t->dims[i], c->dims[i]);
  want = tensor_mode_output (c->props, &f, NULL);
  assert_same_bytes (t->data, want, c->name);
  fail_unless (box_meta_of (want, NULL) != NULL);
  fail_unless (box_meta_of (out, "input") != NULL, "%s: no box meta naming "
      "the tensor", c->name);
  fail_unless (box_meta_of (out, NULL) == NULL);
  gst_buffer_unref (want);
  gst_buffer_unref (out);
  frame_clear (&f);
  parse_harness_free (h, e, bus);
  g_free (caps);
  g_free (props);
}

GST_END_TEST;

/* tensor-id names the tensor; an empty one is refused. */
GST_START_TEST (test_meta_mode_tensor_id)
{
  GstElement *e;
  GstBus *bus;
  GstHarness *h = parse_harness ("output-mode=meta width=8 height=8 "
      "tensor-id=detector-input", &e, &bus);
  gchar *caps = nv12_caps (), *id = NULL;
  GstBuffer *out;
  Frame f;

  /* e is in the harness's bin: its messages reach the bin's bus */
  g_object_set (e, "tensor-id", "", NULL);
  assert_one_refusal (bus, "must not be empty");
  g_object_get (e, "tensor-id", &id, NULL);
  fail_unless_equals_string (id, "detector-input");
  g_free (id);
  frame_init (&f, FRAME_W, FRAME_H, 4);
  fail_unless (harness_push_caps (h, caps));
  out = push_and_pull (h, &f);
  fail_unless (tensor_of (out, "detector-input") != NULL);
  fail_unless (tensor_of (out, "input") == NULL);
  fail_unless (box_meta_of (out, "detector-input") != NULL);
  gst_buffer_unref (out);
  frame_clear (&f);
  parse_harness_free (h, e, bus);
  g_free (caps);
}

GST_END_TEST;

/* Two elements (a detector's and a classifier's input): one GstTensorMeta
 * with both tensors, one box meta each; the same id again replaces it. */
GST_START_TEST (test_meta_mode_two_tensors)
{
  GstHarness *h = gst_harness_new_parse ("cudapreproc output-mode=meta "
      "width=16 height=16 tensor-id=a ! cudapreproc output-mode=meta "
      "width=8 height=4 tensor-id=b ! cudapreproc output-mode=meta "
      "width=4 height=4 tensor-id=a");
  gchar *caps = nv12_caps ();
  const GstTensor *a, *b;
  GstBuffer *out;
  gint w = 0;
  Frame f;

  frame_init (&f, FRAME_W, FRAME_H, 5);
  gst_harness_set_src_caps_str (h, caps);
  out = harness_push_pull (h, frame_buffer (&f));
  fail_unless_equals_int (gst_buffer_get_tensor_meta (out)->num_tensors, 2);
  a = tensor_of (out, "a");
  b = tensor_of (out, "b");
  fail_unless (a != NULL && b != NULL);
  fail_unless (a->dims[3] == 4 && a->dims[2] == 4, "the last a replaces "
      "the first");
  fail_unless (b->dims[3] == 8 && b->dims[2] == 4);
  fail_unless (gst_structure_get_int (box_meta_of (out, "a"),
          "tensor-width", &w) && w == 4);
  fail_unless (gst_structure_get_int (box_meta_of (out, "b"),
          "tensor-width", &w) && w == 8);
  gst_buffer_unref (out);
  frame_clear (&f);
  gst_harness_teardown (h);
  g_free (caps);
}

GST_END_TEST;

/* GStreamer 1.26 registered GstTensorMeta without a transform function: a
 * copy of the buffer has no tensor (docs/analytics.md says what meta mode
 * can promise); 1.28 copies it, sharing the tensor's data.  The box meta
 * is copied on both. */
GST_START_TEST (test_meta_mode_buffer_copy)
{
  GstElement *e;
  GstBus *bus;
  GstHarness *h = parse_harness ("output-mode=meta width=8 height=8", &e, &bus);
  gchar *caps = nv12_caps ();
  GstBuffer *out, *copy;
  const GstTensor *t;
  Frame f;

  frame_init (&f, FRAME_W, FRAME_H, 6);
  fail_unless (harness_push_caps (h, caps));
  out = push_and_pull (h, &f);
  copy = gst_buffer_copy (out);
  fail_unless (box_meta_of (copy, "input") != NULL);
  t = tensor_of (copy, "input");
#if GST_CUDA_PREPROC_TENSOR_META_COPIES
  fail_unless (t != NULL, "1.28+ copies the GstTensorMeta");
  fail_unless (t->data == tensor_of (out, "input")->data,
      "the copy shares the tensor's data");
#else
  fail_unless (t == NULL, "GStreamer %d.%d is expected to drop the "
      "GstTensorMeta on a copy: if it keeps it now, update "
      "GST_CUDA_PREPROC_TENSOR_META_COPIES and docs/analytics.md",
      GST_VERSION_MAJOR, GST_VERSION_MINOR);
#endif
  gst_buffer_unref (copy);
  gst_buffer_unref (out);
  frame_clear (&f);
  parse_harness_free (h, e, bus);
  g_free (caps);
}

GST_END_TEST;

/* A frame that a CPU-path tensor buffer outlives: the tensor's data stays
 * valid after the video is gone only as long as it is referenced. */
GST_START_TEST (test_meta_mode_tensor_outlives_video)
{
  GstElement *e;
  GstBus *bus;
  GstHarness *h = parse_harness ("output-mode=meta width=8 height=8", &e, &bus);
  gchar *caps = nv12_caps ();
  GstBuffer *out, *data, *want;
  Frame f;

  frame_init (&f, FRAME_W, FRAME_H, 8);
  fail_unless (harness_push_caps (h, caps));
  out = push_and_pull (h, &f);
  data = gst_buffer_ref (tensor_of (out, "input")->data);
  gst_buffer_unref (out);
  want = tensor_mode_output ("width=8 height=8", &f, NULL);
  assert_same_bytes (data, want, "the tensor after its video");
  gst_buffer_unref (want);
  gst_buffer_unref (data);
  frame_clear (&f);
  parse_harness_free (h, e, bus);
  g_free (caps);
}

GST_END_TEST;
#endif /* GST_CUDA_PREPROC_HAVE_TENSOR_META */

/* ------------------------------------------------------------------------ */
/* Each slot's tensor related to its object (1.28+)                          */
/* ------------------------------------------------------------------------ */

#if GST_CUDA_PREPROC_HAVE_TENSOR_MTD
/* The ODMtd related to the TensorMtd @t (RELATE_TO); FALSE if none. */
static gboolean
related_od (GstAnalyticsRelationMeta * rmeta, GstAnalyticsMtd * t,
    GstAnalyticsODMtd * od)
{
  gpointer state = NULL;

  return gst_analytics_relation_meta_get_direct_related (rmeta, t->id,
      GST_ANALYTICS_REL_TYPE_RELATE_TO, gst_analytics_od_mtd_get_mtd_type (),
      &state, od);
}

/* Slots from two ODMtds (a third filtered out) and a property-less slot
 * padding: each valid slot is a TensorMtd of dims 1,3,H,W whose bytes are
 * its slice of the GstTensorMeta's tensor, related both ways to its
 * ODMtd. */
GST_START_TEST (test_tensor_mtd_od_slots)
{
  GstElement *e;
  GstBus *bus;
  GstHarness *h = parse_harness ("output-mode=meta width=8 height=6 "
      "roi-source=meta batch-size=3 roi-types=<car>", &e, &bus);
  gchar *caps = nv12_caps ();
  GstAnalyticsRelationMeta *rmeta;
  GstAnalyticsMtd mtd;
  gpointer state = NULL;
  const GstTensor *whole;
  GstBuffer *in, *out;
  GstMapInfo all;
  guint ids[4], n = 0;
  gsize slot_bytes = 3 * 6 * 8 * 4;
  Frame f;

  frame_init (&f, FRAME_W, FRAME_H, 9);
  in = frame_buffer (&f);
  add_ods (in, four_ods, 4, ids);
  fail_unless (harness_push_caps (h, caps));
  out = harness_push_pull (h, in);
  whole = tensor_of (out, "input");
  fail_unless (whole != NULL);
  fail_unless (gst_buffer_map (whole->data, &all, GST_MAP_READ));
  rmeta = gst_buffer_get_analytics_relation_meta (out);
  fail_unless (rmeta != NULL);
  while (gst_analytics_relation_meta_iterate (rmeta, &state,
          gst_analytics_tensor_mtd_get_mtd_type (), &mtd)) {
    GstTensor *t = gst_analytics_tensor_mtd_get_tensor (&mtd);
    GstAnalyticsODMtd od;
    GstMapInfo part;

    fail_unless (t->id == g_quark_from_string ("input"));
    fail_unless (t->num_dims == 4 && t->dims[0] == 1 && t->dims[1] == 3 &&
        t->dims[2] == 6 && t->dims[3] == 8);
    fail_unless (related_od (rmeta, &mtd, &od), "slot %u has no object", n);
    /* the car ODMtds, in id order: slots 0 and 1 */
    fail_unless (od.id == ids[n == 0 ? 0 : 2], "slot %u's object is %u", n,
        od.id);
    fail_unless (gst_analytics_relation_meta_exist (rmeta, od.id, mtd.id, 1,
            GST_ANALYTICS_REL_TYPE_RELATE_TO, NULL),
        "the object must name the slot's tensor too");
    fail_unless (gst_buffer_map (t->data, &part, GST_MAP_READ));
    fail_unless (part.size == slot_bytes);
    fail_unless (memcmp (part.data, all.data + n * slot_bytes,
            slot_bytes) == 0, "slot %u's tensor is not its slice", n);
    gst_buffer_unmap (t->data, &part);
    n++;
  }
  fail_unless_equals_int (n, 2);
  gst_buffer_unmap (whole->data, &all);
  gst_buffer_unref (out);
  frame_clear (&f);
  parse_harness_free (h, e, bus);
  g_free (caps);
}

GST_END_TEST;

/* A crop: the slot's object is an ODMtd the element adds, labelled
 * cudapreproc-slot, with the crop's rectangle. */
GST_START_TEST (test_tensor_mtd_crop_slot)
{
  GstElement *e;
  GstBus *bus;
  GstHarness *h = parse_harness ("output-mode=meta width=8 height=8 "
      "crop-x=8 crop-y=4 crop-width=32 crop-height=20", &e, &bus);
  gchar *caps = nv12_caps ();
  GstAnalyticsRelationMeta *rmeta;
  GstAnalyticsMtd mtd;
  GstAnalyticsODMtd od;
  gpointer state = NULL;
  gint x, y, w, hh;
  gfloat conf;
  GstBuffer *out;
  Frame f;

  frame_init (&f, FRAME_W, FRAME_H, 10);
  fail_unless (harness_push_caps (h, caps));
  out = push_and_pull (h, &f);
  rmeta = gst_buffer_get_analytics_relation_meta (out);
  fail_unless (rmeta != NULL);
  fail_unless (gst_analytics_relation_meta_iterate (rmeta, &state,
          gst_analytics_tensor_mtd_get_mtd_type (), &mtd));
  fail_unless (related_od (rmeta, &mtd, &od));
  fail_unless (gst_analytics_od_mtd_get_location (&od, &x, &y, &w, &hh, &conf));
  fail_unless (x == 8 && y == 4 && w == 32 && hh == 20,
      "the slot's object is at (%d, %d) %dx%d", x, y, w, hh);
  fail_unless_equals_string (g_quark_to_string
      (gst_analytics_od_mtd_get_obj_type (&od)), "cudapreproc-slot");
  fail_if (gst_analytics_relation_meta_iterate (rmeta, &state,
          gst_analytics_tensor_mtd_get_mtd_type (), &mtd));
  gst_buffer_unref (out);
  frame_clear (&f);
  parse_harness_free (h, e, bus);
  g_free (caps);
}

GST_END_TEST;
#endif /* GST_CUDA_PREPROC_HAVE_TENSOR_MTD */

static Suite *
analytics_suite (void)
{
  Suite *s = suite_create ("cudapreproc-analytics");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_roi_meta_filters, 0,
      G_N_ELEMENTS (roi_filter_cases));
  tcase_add_test (tc, test_roi_filter_refusals);
  tcase_add_test (tc, test_batch_pad_filters);
  tcase_add_test (tc, test_output_mode_ready_only);
#if !GST_CUDA_PREPROC_HAVE_TENSOR_META
  tcase_add_test (tc, test_output_mode_meta_refused);
#endif
#if GST_CUDA_PREPROC_HAVE_OD_MTD
  tcase_add_loop_test (tc, test_od_mtd_slots, 0, G_N_ELEMENTS (od_cases));
#endif
#if GST_CUDA_PREPROC_HAVE_TENSOR_META
  tcase_add_loop_test (tc, test_meta_mode_tensor, 0, G_N_ELEMENTS (meta_cases));
  tcase_add_test (tc, test_meta_mode_tensor_id);
  tcase_add_test (tc, test_meta_mode_two_tensors);
  tcase_add_test (tc, test_meta_mode_buffer_copy);
  tcase_add_test (tc, test_meta_mode_tensor_outlives_video);
#endif
#if GST_CUDA_PREPROC_HAVE_TENSOR_MTD
  tcase_add_test (tc, test_tensor_mtd_od_slots);
  tcase_add_test (tc, test_tensor_mtd_crop_slot);
#endif
  return s;
}

GST_CHECK_MAIN (analytics);
