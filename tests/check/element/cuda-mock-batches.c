/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Batches on the CUDA path of the mock driver: cudapreproc's batches of
 * ROIs (the rois property, ROI metas with roi-source=meta, float16, the
 * box meta's counts), and the cudapreprocbatch element's streams in CUDA
 * memory (crops, ended streams, objects, four formats), each batch one
 * kernel launch whose bytes are the CPU engine's.
 *
 * One file of the `cuda-mock` gst-check program, which cuda-mock.c puts
 * together (tests/check/element/meson.build): one program of several files,
 * so that `meson test cuda-mock` still runs every test on the mock driver,
 * under one registry and one count of checks. */

#include "cuda-mock-common.h"

/* ------------------------------------------------------------------------ */
/* cudapreproc: batches, float16 and ROI metas on the CUDA path             */
/* ------------------------------------------------------------------------ */

/* The element, and the tensor it must give (letterbox, nhwc, half and
 * metas left out: stretch, NCHW, float32, no ROI metas on the input). */
typedef struct
{
  const gchar *props;
  gint w, h, batch;
  gboolean letterbox, nhwc, half;
  gint n;                       /* valid slots */
  PrepRect rects[3];            /* what the slots sample */
  gboolean metas;               /* the buffer carries ROI metas */
} BatchCase;

/* ROI metas of the meta case: the second one overshoots the frame. */
static const struct
{
  guint x, y, w, h;
} batch_metas[] = { {5, 4, 30, 20}, {40, 30, 40, 40} };

static const BatchCase batch_cases[] = {
  {.props = "cudapreproc width=24 height=24 aspect=letterbox "
        "rois=\"<<0,0,32,24>,<10,5,41,30>,<63,47,1,1>>\"",.w = 24,.h = 24,
        .batch = 3,.letterbox = TRUE,.n = 3,
      .rects = {{0, 0, 32, 24}, {10, 5, 41, 30}, {63, 47, 1, 1}}},
  {.props = "cudapreproc width=20 height=12 layout=nhwc data-type=float16 "
        "batch-size=3 rois=\"<<3,1,50,40>,<0,0,64,48>>\"",.w = 20,.h = 12,
        .batch = 3,.nhwc = TRUE,.half = TRUE,.n = 2,
      .rects = {{3, 1, 50, 40}, {0, 0, 64, 48}}},
  {.props = "cudapreproc width=16 height=16 aspect=letterbox "
        "data-type=float16",.w = 16,.h = 16,.batch = 1,.letterbox = TRUE,
      .half = TRUE,.n = 1,.rects = {{0, 0, 64, 48}}},
  {.props = "cudapreproc width=16 height=16 aspect=letterbox roi-source=meta "
        "batch-size=3",.w = 16,.h = 16,.batch = 3,.letterbox = TRUE,.n = 2,
      .rects = {{5, 4, 30, 20}, {40, 30, 24, 18}},.metas = TRUE},
};

/* The box meta's batch and valid slots (docs/meta.md). */
static void
assert_box_counts (GstBuffer * out, guint batch, guint valid)
{
  GstCustomMeta *meta = gst_buffer_get_custom_meta (out,
      "GstCudaPreprocBoxMeta");
  guint b = 0, v = 0;

  fail_unless (meta != NULL, "no box meta");
  fail_unless (gst_structure_get (gst_custom_meta_get_structure (meta),
          "batch-size", G_TYPE_UINT, &b, "valid-slots", G_TYPE_UINT, &v, NULL));
  fail_unless_equals_int (b, batch);
  fail_unless_equals_int (v, valid);
}

static void
run_batch_case (const BatchCase * c, const gchar * out_caps, gboolean cuda)
{
  GstCudaContext *ctx = test_context (0);
  GstBufferPool *pool = cuda_pool_new (ctx);
  GstHarness *h = cuda_harness (c->props, out_caps);
  PrepConfig cfg;
  HostFrame f;
  guint i, k;

  config_for (&cfg, c->w, c->h, c->letterbox, c->nhwc);
  cfg.batch_size = c->batch;
  cfg.data_type = c->half ? PREP_DTYPE_FLOAT16 : PREP_DTYPE_FLOAT32;
  for (i = 0; i < 2; i++) {
    GstBuffer *in, *out;
    gsize bytes;
    gpointer expected;
    gchar *what = g_strdup_printf ("%s, frame %u", c->props, 40 + i);

    host_frame_fill (&f, 40 + i);
    expected = expected_slots (&cfg, f.y, f.uv, c->rects, c->n, &bytes);
    in = cuda_frame_buffer (pool, &f);
    for (k = 0; c->metas && k < G_N_ELEMENTS (batch_metas); k++)
      gst_buffer_add_video_region_of_interest_meta (in, "object",
          batch_metas[k].x, batch_metas[k].y, batch_metas[k].w,
          batch_metas[k].h);
    out = push_and_compare_buffer (h, in, expected, bytes, &cfg, cuda, what);
    assert_box_counts (out, c->batch, c->n);
    gst_buffer_unref (out);
    g_free (what);
  }
  case_end (h, pool, ctx);
}

GST_START_TEST (test_cuda_batch_to_cuda)
{
  run_batch_case (&batch_cases[__i__], CUDA_TENSORS, TRUE);
}

GST_END_TEST;

GST_START_TEST (test_cuda_batch_to_system)
{
  run_batch_case (&batch_cases[__i__], SYS_TENSORS, FALSE);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* cudapreprocbatch: streams in CUDA memory, one launch per batch           */
/* ------------------------------------------------------------------------ */

/* The batch @h's element pushes: made by exactly one launch since
 * @launches, in CUDA memory or not (@cuda: then pinned host memory, which
 * the device copied it into), holding @want's @bytes. */
static void
pull_batch (GstHarness * h, guint64 launches, gboolean cuda,
    gconstpointer want, gsize bytes, const PrepConfig * cfg, const gchar * what)
{
  GstBuffer *out = pull_and_compare (h, want, bytes, cfg, cuda, what);

  fail_unless (cuda || buffer_is_pinned (out),
      "%s: the system tensor is not pinned host memory", what);
  gst_buffer_unref (out);
  fail_unless_equals_uint64 (mock_stats ().launches, launches + 1);
}

/* Two NV12 streams in CUDA memory (64x48, and 32x24 cropped) into one
 * cudapreprocbatch: each batch is one kernel launch, and its bytes are the
 * CPU engine's streams plan's; then a batch where stream 1 has no frame
 * (EOS): its slot is padding. */
GST_START_TEST (test_batch_element_cuda)
{
  static const gchar *caps[2] = { CUDA_NV12,
    "video/x-raw(memory:CUDAMemory), format=NV12, width=32, height=24, "
        "framerate=30/1, colorimetry=bt601"
  };
  PrepStream st[2] = {
    {PREP_FORMAT_NV12, IN_W, IN_H, PREP_MATRIX_BT601, PREP_RANGE_LIMITED,
        {0, 0, IN_W, IN_H}},
    {PREP_FORMAT_NV12, 32, 24, PREP_MATRIX_BT601, PREP_RANGE_LIMITED,
        {2, 4, 28, 18}},
  };
  GstCudaContext *ctx = test_context (0);
  GstBufferPool *pools[2] = { cuda_pool_new_for (ctx, caps[0]),
    cuda_pool_new_for (ctx, caps[1])
  };
  GstHarness *h[2];
  HostFrame f[2];
  PrepFrame frames[2];
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  guint64 launches;
  gpointer want;
  gsize bytes;
  gint i, k;

  h[0] = gst_harness_new_with_padnames ("cudapreprocbatch", "sink_0", "src");
  h[1] = gst_harness_new_with_element (h[0]->element, "sink_1", NULL);
  set_props (h[0]->element, "width=24 height=24 aspect=letterbox "
      "batch-timeout=10000000000");
  gst_child_proxy_set (GST_CHILD_PROXY (h[0]->element), "sink_1::crop-x", 2,
      "sink_1::crop-y", 4, "sink_1::crop-width", 28, "sink_1::crop-height",
      18, NULL);
  for (i = 0; i < 2; i++)
    gst_harness_set_src_caps_str (h[i], caps[i]);
  gst_harness_set_sink_caps_str (h[0], SYS_TENSORS);
  prep_config_init (&cfg);
  cfg.out_width = cfg.out_height = 24;
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  cfg.batch_size = 2;
  fail_unless_equals_int (prep_plan_new_streams (&cfg, st, 2, &plan), PREP_OK);
  bytes = prep_plan_output_bytes (plan);
  for (k = 0; k < 3; k++) {
    for (i = 0; i < 2; i++) {
      host_frame_fill (&f[i], 40 + 2 * k + i);
      prep_frame_init (&frames[i], PREP_FORMAT_NV12, st[i].src_width,
          st[i].src_height);
      frames[i].planes[0] = f[i].y;
      frames[i].strides[0] = st[i].src_width;
      frames[i].planes[1] = f[i].uv;
      frames[i].strides[1] = st[i].src_width;
    }
    /* the last batch: stream 1 has ended */
    if (k == 2) {
      gst_harness_push_event (h[1], gst_event_new_eos ());
      frames[1].planes[0] = NULL;
    }
    want = g_malloc (bytes);
    fail_unless_equals_int (prep_plan_run_cpu_streams (plan, NULL,
            PREP_CPU_SCALAR, frames, want, bytes), PREP_OK);
    launches = mock_stats ().launches;
    for (i = 0; i < (k == 2 ? 1 : 2); i++)
      fail_unless_equals_int (gst_harness_push (h[i],
              cuda_buffer_from (pools[i], st[i].src_width, st[i].src_height,
                  f[i].y, f[i].uv)), GST_FLOW_OK);
    pull_batch (h[0], launches, FALSE, want, bytes, &cfg, k == 2 ?
        "batch element, CUDA, stream 1 ended" : "batch element, CUDA");
    g_free (want);
  }
  prep_plan_free (plan);
  gst_harness_teardown (h[1]);
  gst_harness_teardown (h[0]);
  for (i = 0; i < 2; i++) {
    gst_buffer_pool_set_active (pools[i], FALSE);
    gst_object_unref (pools[i]);
  }
  gst_object_unref (ctx);
  mock_cuda_check_end ();
}

GST_END_TEST;

/* A stream in CUDA memory with roi-source=meta: its two objects are two
 * slots of one kernel launch, the bytes of the CPU engine's streams plan
 * of the same frame twice, one rectangle each; the third slot padding. */
GST_START_TEST (test_batch_element_cuda_objects)
{
  PrepStream st[2] = {
    {PREP_FORMAT_NV12, IN_W, IN_H, PREP_MATRIX_BT601, PREP_RANGE_LIMITED,
          {3, 5, 20, 30}
        },
    {PREP_FORMAT_NV12, IN_W, IN_H, PREP_MATRIX_BT601, PREP_RANGE_LIMITED,
          {40, 10, 24, 38}
        },
  };
  GstCudaContext *ctx = test_context (0);
  GstBufferPool *pool = cuda_pool_new_for (ctx, CUDA_NV12);
  GstVideoRegionOfInterestMeta *m;
  GstHarness *h;
  HostFrame f;
  PrepFrame frames[2];
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  GstBuffer *in;
  guint64 launches;
  gpointer want;
  gsize bytes;
  gint i;

  h = gst_harness_new_with_padnames ("cudapreprocbatch", "sink_0", "src");
  set_props (h->element, "width=24 height=24 aspect=letterbox batch-size=3 "
      "batch-timeout=10000000000");
  gst_child_proxy_set (GST_CHILD_PROXY (h->element), "sink_0::roi-type",
      "car", NULL);
  gst_util_set_object_arg (G_OBJECT (GST_PAD_PEER (h->srcpad)), "roi-source",
      "meta");
  gst_harness_set_src_caps_str (h, CUDA_NV12);
  gst_harness_set_sink_caps_str (h, SYS_TENSORS);
  prep_config_init (&cfg);
  cfg.out_width = cfg.out_height = 24;
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  cfg.batch_size = 3;
  fail_unless_equals_int (prep_plan_new_streams (&cfg, st, 2, &plan), PREP_OK);
  bytes = prep_plan_output_bytes (plan);
  host_frame_fill (&f, 77);
  for (i = 0; i < 2; i++) {
    prep_frame_init (&frames[i], PREP_FORMAT_NV12, IN_W, IN_H);
    frames[i].planes[0] = f.y;
    frames[i].strides[0] = IN_W;
    frames[i].planes[1] = f.uv;
    frames[i].strides[1] = IN_W;
  }
  want = g_malloc (bytes);
  fail_unless_equals_int (prep_plan_run_cpu_streams (plan, NULL,
          PREP_CPU_SCALAR, frames, want, bytes), PREP_OK);
  in = cuda_buffer_from (pool, IN_W, IN_H, f.y, f.uv);
  for (i = 0; i < 2; i++) {
    m = gst_buffer_add_video_region_of_interest_meta (in, "car",
        st[i].rect.x, st[i].rect.y, st[i].rect.width, st[i].rect.height);
    m->id = i;
  }
  /* another type: not a slot */
  gst_buffer_add_video_region_of_interest_meta (in, "person", 0, 0, 8, 8);
  launches = mock_stats ().launches;
  fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_OK);
  pull_batch (h, launches, FALSE, want, bytes, &cfg,
      "batch element, CUDA, objects");
  g_free (want);
  prep_plan_free (plan);
  case_end (h, pool, ctx);
}

GST_END_TEST;

/* Four streams of four formats in CUDA memory (I420, RGBA, YUY2,
 * P010_10LE; then Y42B, I422_10LE, I420_10LE, NV12; the third one cropped)
 * into one cudapreprocbatch: one launch, the bytes of the CPU engine's
 * streams plan, into a system tensor (__i__ even) or, where downstream
 * takes it, a CUDA tensor (odd: the first the element offers for CUDA
 * inputs). */
static const PrepFormat batch_formats[][4] = {
  {PREP_FORMAT_I420, PREP_FORMAT_RGBA, PREP_FORMAT_YUY2,
      PREP_FORMAT_P010_10LE},
  {PREP_FORMAT_Y42B, PREP_FORMAT_I422_10LE, PREP_FORMAT_I420_10LE,
      PREP_FORMAT_NV12},
};

GST_START_TEST (test_batch_element_cuda_formats)
{
  const PrepFormat *formats = batch_formats[__i__ / 2];
  gboolean cuda_out = __i__ % 2;
  GstCudaContext *ctx = test_context (0);
  GstBufferPool *pools[4];
  GstHarness *h[4];
  GstBuffer *in[4];
  PrepStream st[4];
  PrepFrame frames[4];
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  guint8 *host[4];
  guint64 launches;
  gpointer want;
  gsize bytes;
  gint i;

  h[0] = gst_harness_new_with_padnames ("cudapreprocbatch", "sink_0", "src");
  set_props (h[0]->element, "width=20 height=14 batch-timeout=10000000000");
  for (i = 0; i < 4; i++) {
    gchar *caps = g_strdup_printf ("video/x-raw(memory:CUDAMemory), "
        "format=%s, width=%d, height=%d, framerate=30/1",
        prep_format_name (formats[i]), FMT_W, FMT_H);
    gchar name[16];

    g_snprintf (name, sizeof (name), "sink_%d", i);
    if (i > 0)
      h[i] = gst_harness_new_with_element (h[0]->element, name, NULL);
    gst_harness_set_src_caps_str (h[i], caps);
    pools[i] = cuda_pool_new_for (ctx, caps);
    in[i] = cuda_format_buffer (pools[i], formats[i], 70 + i, &host[i],
        &frames[i]);
    format_config (&cfg, formats[i]);
    st[i].format = formats[i];
    st[i].src_width = FMT_W;
    st[i].src_height = FMT_H;
    st[i].matrix = cfg.matrix;
    st[i].range = cfg.range;
    st[i].rect = (PrepRect) {
    i == 2 ? 3 : 0, i == 2 ? 5 : 0, i == 2 ? 30 : FMT_W, FMT_H - (i == 2 ?
          5 : 0)};
    g_free (caps);
  }
  gst_child_proxy_set (GST_CHILD_PROXY (h[0]->element), "sink_2::crop-x", 3,
      "sink_2::crop-y", 5, "sink_2::crop-width", 30, NULL);
  gst_harness_set_sink_caps_str (h[0], cuda_out ? "other/tensors"
      "(memory:CUDAMemory); other/tensors" : SYS_TENSORS);
  format_config (&cfg, formats[0]);
  cfg.batch_size = 4;
  fail_unless_equals_int (prep_plan_new_streams (&cfg, st, 4, &plan), PREP_OK);
  bytes = prep_plan_output_bytes (plan);
  want = g_malloc (bytes);
  fail_unless_equals_int (prep_plan_run_cpu_streams (plan, NULL,
          PREP_CPU_SCALAR, frames, want, bytes), PREP_OK);
  launches = mock_stats ().launches;
  for (i = 0; i < 4; i++)
    fail_unless_equals_int (gst_harness_push (h[i], in[i]), GST_FLOW_OK);
  pull_batch (h[0], launches, cuda_out, want, bytes, &cfg, cuda_out ?
      "batch element, CUDA, four formats, CUDA tensor" :
      "batch element, CUDA, four formats");
  g_free (want);
  prep_plan_free (plan);
  for (i = 3; i >= 0; i--) {
    gst_harness_teardown (h[i]);
    gst_buffer_pool_set_active (pools[i], FALSE);
    gst_object_unref (pools[i]);
    g_free (host[i]);
  }
  gst_object_unref (ctx);
  mock_cuda_check_end ();
}

GST_END_TEST;

void
cuda_mock_batches_tests (TCase * paths)
{
  tcase_add_loop_test (paths, test_cuda_batch_to_cuda, 0,
      G_N_ELEMENTS (batch_cases));
  tcase_add_loop_test (paths, test_cuda_batch_to_system, 0,
      G_N_ELEMENTS (batch_cases));
  tcase_add_test (paths, test_batch_element_cuda);
  tcase_add_test (paths, test_batch_element_cuda_objects);
  tcase_add_loop_test (paths, test_batch_element_cuda_formats, 0,
      2 * G_N_ELEMENTS (batch_formats));
}
