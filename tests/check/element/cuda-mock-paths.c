/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreproc's CUDA path on the mock driver, one frame at a time: CUDA
 * input into CUDA or system tensors (stretch, letterbox, NHWC, upscaling),
 * the caps it prefers, every input format, antialias and cover, flexible
 * tensors, output-mode=meta (GStreamer 1.26+) and a GstVideoCropMeta on
 * the input.  Every tensor is bit-identical to the CPU engine's.
 *
 * One file of the `cuda-mock` gst-check program, which cuda-mock.c puts
 * together (tests/check/element/meson.build): one program of several files,
 * so that `meson test cuda-mock` still runs every test on the mock driver,
 * under one registry and one count of checks. */

#include <string.h>

#include "cuda-mock-common.h"

/* The element, and the tensor it must give (letterbox and nhwc left out:
 * stretch, NCHW). */
typedef struct
{
  const gchar *props;
  gint w, h;
  gboolean letterbox, nhwc;
} PathCase;

static const PathCase path_cases[] = {
  {.props = "cudapreproc width=32 height=24",.w = 32,.h = 24},
  {.props = "cudapreproc width=40 height=40 aspect=letterbox",.w = 40,
      .h = 40,.letterbox = TRUE},
  {.props = "cudapreproc width=97 height=13 layout=nhwc",.w = 97,.h = 13,
      .nhwc = TRUE},
  {.props = "cudapreproc width=128 height=96",.w = 128,.h = 96},
};

static void
run_path_case (const PathCase * c, const gchar * out_caps, gboolean cuda)
{
  GstCudaContext *ctx = test_context (0);
  GstBufferPool *pool = cuda_pool_new (ctx);
  GstHarness *h = cuda_harness (c->props, out_caps);
  PrepConfig cfg;
  HostFrame f;
  guint i;

  config_for (&cfg, c->w, c->h, c->letterbox, c->nhwc);
  for (i = 0; i < 3; i++) {
    gchar *what = g_strdup_printf ("%s, frame %u", c->props, 7 + i);

    host_frame_fill (&f, 7 + i);
    push_and_compare (h, pool, &f, &cfg, cuda, what);
    g_free (what);
  }
  case_end (h, pool, ctx);
}

GST_START_TEST (test_cuda_to_cuda)
{
  run_path_case (&path_cases[__i__], CUDA_TENSORS, TRUE);
}

GST_END_TEST;

GST_START_TEST (test_cuda_to_system)
{
  run_path_case (&path_cases[__i__], SYS_TENSORS, FALSE);
}

GST_END_TEST;

#if GST_CUDA_PREPROC_HAVE_TENSOR_META
/* @data is in CUDA memory when @want_cuda says, and holds @expected's
 * @bytes. */
static void
assert_meta_tensor (GstBuffer * data, gboolean want_cuda,
    gconstpointer expected, gsize bytes, const PrepConfig * cfg,
    const gchar * what)
{
  GstMapInfo map;

  fail_unless_equals_int (gst_is_cuda_memory (gst_buffer_peek_memory (data,
              0)), want_cuda);
  fail_unless (gst_buffer_map (data, &map, GST_MAP_READ));
  fail_unless_equals_uint64 (map.size, bytes);
  assert_engine_tensor (map.data, expected, bytes, cfg, what);
  gst_buffer_unmap (data, &map);
}

/* output-mode=meta on CUDA input: the video goes on in its own CUDA
 * memory, carrying a GstTensorMeta whose tensor is the CPU engine's, in
 * CUDA memory from the element's pool (tensor-memory=auto) or downloaded
 * into system memory (tensor-memory=system).  On 1.28 each slot's
 * GstAnalyticsTensorMtd shares the CUDA tensor's device memory. */
static void
run_meta_case (const gchar * memory, gboolean want_cuda)
{
  GstCudaContext *ctx = test_context (0);
  GstBufferPool *pool = cuda_pool_new (ctx);
  gchar *props = g_strdup_printf ("cudapreproc output-mode=meta "
      "tensor-memory=%s width=32 height=24", memory);
  GstHarness *h = cuda_harness (props, CUDA_NV12);
  PrepConfig cfg;
  HostFrame f;
  guint i;

  config_for (&cfg, 32, 24, FALSE, FALSE);
  for (i = 0; i < 3; i++) {
    gchar *what = g_strdup_printf ("tensor-memory=%s, frame %u", memory, i);
    GstBuffer *in, *out;
    GstMemory *video;
    GstTensorMeta *tmeta;
    const GstTensor *t;
    gfloat *expected;
    gsize bytes;

    host_frame_fill (&f, 20 + i);
    expected = expected_tensor (&cfg, &f, &bytes);
    in = cuda_frame_buffer (pool, &f);
    video = gst_buffer_get_memory (in, 0);
    fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_OK);
    out = gst_harness_pull (h);
    fail_unless (out != NULL, "%s: no output", what);
    fail_unless (gst_buffer_peek_memory (out, 0) == video,
        "%s: the video's CUDA memory must pass through", what);
    tmeta = gst_buffer_get_tensor_meta (out);
    fail_unless (tmeta != NULL && tmeta->num_tensors == 1, "%s", what);
    t = gst_tensor_meta_get (tmeta, 0);
    mock_cuda_check_output (t->data);
    assert_meta_tensor (t->data, want_cuda, expected, bytes, &cfg, what);
    fail_unless (want_cuda || buffer_is_pinned (t->data),
        "%s: the system tensor is not pinned host memory", what);
#if GST_CUDA_PREPROC_HAVE_TENSOR_MTD
    {
      GstAnalyticsRelationMeta *rmeta =
          gst_buffer_get_analytics_relation_meta (out);
      GstAnalyticsMtd mtd;
      gpointer state = NULL;
      GstTensor *slot;

      fail_unless (rmeta != NULL && gst_analytics_relation_meta_iterate
          (rmeta, &state, gst_analytics_tensor_mtd_get_mtd_type (), &mtd));
      slot = gst_analytics_tensor_mtd_get_tensor (&mtd);
      assert_meta_tensor (slot->data, want_cuda, expected, bytes, &cfg, what);
    }
#endif
    gst_memory_unref (video);
    gst_buffer_unref (out);
    g_free (expected);
    g_free (what);
  }
  g_free (props);
  case_end (h, pool, ctx);
}

GST_START_TEST (test_cuda_meta_mode)
{
  if (__i__ == 0)
    run_meta_case ("auto", TRUE);
  else
    run_meta_case ("system", FALSE);
}

GST_END_TEST;
#endif

/* Flexible tensors (NNStreamer's header, then the tensor) from CUDA input:
 * in CUDA memory the header is copied in on the element's stream before
 * the launch, in system memory written after the download. */
GST_START_TEST (test_cuda_flexible)
{
  const gboolean cuda = __i__ == 0;
  GstCudaContext *ctx = test_context (0);
  GstBufferPool *pool = cuda_pool_new (ctx);
  GstHarness *h = cuda_harness ("cudapreproc width=32 height=24",
      cuda ? CUDA_TENSORS ", format=(string)flexible" :
      SYS_TENSORS ", format=(string)flexible");
  const gsize header = 128;
  guint32 words[3];
  PrepConfig cfg;
  HostFrame f;
  GstBuffer *out;
  GstMapInfo map;
  gfloat *expected;
  gsize bytes;

  config_for (&cfg, 32, 24, FALSE, FALSE);
  host_frame_fill (&f, 41);
  expected = expected_tensor (&cfg, &f, &bytes);
  fail_unless_equals_int (gst_harness_push (h, cuda_frame_buffer (pool, &f)),
      GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_unless (out != NULL);
  mock_cuda_check_output (out);
  fail_unless_equals_int (gst_is_cuda_memory (gst_buffer_peek_memory (out,
              0)), cuda);
  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless_equals_uint64 (map.size, header + bytes);
  memcpy (words, map.data, sizeof (words));
  fail_unless (words[0] == 0xfeedcced && words[1] == 0xDE001000 &&
      words[2] == 7, "header %08x %08x %u", words[0], words[1], words[2]);
  assert_engine_tensor (map.data + header, expected, bytes, &cfg,
      cuda ? "flexible CUDA tensor" : "flexible system tensor");
  gst_buffer_unmap (out, &map);
  gst_buffer_unref (out);
  g_free (expected);
  case_end (h, pool, ctx);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Every input format on the CUDA path                                      */
/* ------------------------------------------------------------------------ */


/* Runs `cudapreproc width=20 height=14 @props` on a CUDA frame of @format
 * and compares with the CPU engine for @cfg (and window @win, the props'
 * crop-rect; NULL: the whole frame). */
static void
run_window_case (PrepFormat format, const gchar * props,
    const PrepConfig * cfg, const PrepWindow * win, guint32 seed)
{
  gchar *caps = g_strdup_printf ("video/x-raw(memory:CUDAMemory), "
      "format=%s, width=%d, height=%d, framerate=30/1",
      prep_format_name (format), FMT_W, FMT_H);
  gchar *carrier = g_strdup_printf ("video/x-raw(memory:CUDAMemory), "
      "format=%s, width=%d, height=%d, framerate=30/1",
      cuda_carrier_format (format), FMT_W, FMT_H);
  gchar *line = g_strdup_printf ("cudapreproc width=20 height=14 %s", props);
  gchar *what = g_strdup_printf ("%s, %s", prep_format_name (format), props);
  GstCudaContext *ctx = test_context (0);
  GstBufferPool *pool = cuda_pool_new_for (ctx, carrier);
  GstHarness *h = gst_harness_new_parse (line);
  PrepRect whole = { 0, 0, FMT_W, FMT_H };
  PrepPlan *plan = NULL;
  PrepFrame src;
  gpointer expected;
  gsize bytes;
  guint8 *host;
  GstBuffer *in;

  gst_harness_set_caps_str (h, caps, CUDA_TENSORS);
  in = cuda_format_buffer (pool, format, seed, &host, &src);
  fail_unless_equals_int (win != NULL ? prep_plan_new_windows (cfg, win, 1,
          &plan) : prep_plan_new (cfg, &whole, 1, &plan), PREP_OK);
  bytes = prep_plan_output_bytes (plan);
  expected = g_malloc (bytes);
  fail_unless_equals_int (prep_plan_run_cpu (plan, &src, expected, bytes),
      PREP_OK);
  prep_plan_free (plan);
  gst_buffer_unref (push_and_compare_buffer (h, in, expected, bytes, cfg,
          TRUE, what));
  g_free (host);
  g_free (caps);
  g_free (carrier);
  g_free (line);
  g_free (what);
  case_end (h, pool, ctx);
}

static void
run_format_case (PrepFormat format, const gchar * props,
    const PrepConfig * cfg, guint32 seed)
{
  run_window_case (format, props, cfg, NULL, seed);
}

/* Antialias and cover on the CUDA path: the kernel reads the weighted taps
 * from the same table as the CPU path (the 10-bit formats, MSB- and
 * LSB-aligned, and 4:2:2 through the antialiased tile too). */
static const PrepFormat antialias_formats[] = { PREP_FORMAT_NV12,
  PREP_FORMAT_P010_10LE, PREP_FORMAT_I420_10LE, PREP_FORMAT_Y42B
};

GST_START_TEST (test_cuda_antialias)
{
  PrepFormat format = antialias_formats[__i__];
  PrepConfig cfg;

  format_config (&cfg, format);
  cfg.antialias = 1;
  run_format_case (format, "antialias=true", &cfg, 40 + __i__);
  cfg.aspect = PREP_ASPECT_COVER;
  cfg.crop_fraction = 0.875;
  run_format_case (format, "antialias=true aspect=cover crop-fraction=0.875",
      &cfg, 50 + __i__);
  /* bicubic, plain and antialiased: weighted taps too */
  cfg.interpolation = PREP_INTERP_BICUBIC;
  run_format_case (format, "antialias=true aspect=cover crop-fraction=0.875 "
      "interpolation=bicubic", &cfg, 60 + __i__);
  cfg.antialias = 0;
  cfg.aspect = PREP_ASPECT_STRETCH;
  run_format_case (format, "interpolation=bicubic", &cfg, 70 + __i__);
}

GST_END_TEST;

/* crop-rect on the CUDA path: the window's weighted taps, clamped to the
 * frame, from the same table as the CPU path (bilinear, then letterbox
 * antialiased bicubic). */
GST_START_TEST (test_cuda_crop_rect)
{
  PrepFormat format = antialias_formats[__i__];
  PrepWindow win = { 1.25, 0.5, FMT_W - 3.5, FMT_H - 1.75 };
  gchar *props = g_strdup_printf ("crop-rect=<%.17g,%.17g,%.17g,%.17g>",
      win.x, win.y, win.width, win.height);
  gchar *more = g_strdup_printf ("%s aspect=letterbox antialias=true "
      "interpolation=bicubic", props);
  PrepConfig cfg;

  format_config (&cfg, format);
  run_window_case (format, props, &cfg, &win, 80 + __i__);
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  cfg.antialias = 1;
  cfg.interpolation = PREP_INTERP_BICUBIC;
  run_window_case (format, more, &cfg, &win, 90 + __i__);
  g_free (props);
  g_free (more);
}

GST_END_TEST;

/* color-conversion and chroma-interpolation on the CUDA path: the
 * kernel's generic entries (the options take no specialised entry nor the
 * antialiased tile) give the CPU engine's bytes, for bilinear, nearest
 * and antialiased taps.  The caps have no colorimetry: GStreamer's
 * defaults at this size, the chroma site jpeg (centered, 0). */
static const PrepFormat color_formats[] = { PREP_FORMAT_NV12,
  PREP_FORMAT_P010_10LE, PREP_FORMAT_I420_10LE, PREP_FORMAT_Y42B,
  PREP_FORMAT_YUY2, PREP_FORMAT_I420
};

GST_START_TEST (test_cuda_color)
{
  PrepFormat format = color_formats[__i__];
  PrepConfig cfg;

  format_config (&cfg, format);
  cfg.color_conversion = PREP_COLOR_OPENCV_8BIT;
  run_format_case (format, "color-conversion=opencv-8bit", &cfg, 60 + __i__);
  cfg.antialias = 1;
  run_format_case (format, "color-conversion=opencv-8bit antialias=true",
      &cfg, 70 + __i__);
  cfg.color_conversion = PREP_COLOR_OPENCV;
  cfg.chroma_interpolation = PREP_CHROMA_BILINEAR;
  run_format_case (format, "color-conversion=opencv antialias=true "
      "chroma-interpolation=bilinear", &cfg, 80 + __i__);
  cfg.antialias = 0;
  cfg.interpolation = PREP_INTERP_NEAREST;
  run_format_case (format, "color-conversion=opencv interpolation=nearest "
      "chroma-interpolation=bilinear", &cfg, 90 + __i__);
}

GST_END_TEST;

/* Every format in CUDA memory: the kernel (its host build, through the
 * mock driver) gives the CPU engine's bytes, into CUDA tensors.  NV16 and
 * GRAY8, which libgstcuda's allocator has no layout for, come in a Y444
 * allocation with a video meta of their own (cuda_carrier_format ()). */
GST_START_TEST (test_cuda_formats)
{
  PrepConfig cfg;

  format_config (&cfg, (PrepFormat) __i__);
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  run_format_case ((PrepFormat) __i__, "aspect=letterbox", &cfg, 900 + __i__);
}

GST_END_TEST;

/* Which entry point serves a plan: a specialised one (4 output pixels per
 * thread: 200 wide is 2 blocks of 32 threads) for a format of a class
 * (NV12), the slots entry (one pixel per thread: 7 blocks) for one
 * without (RGB).  Their bytes: test_cuda_formats. */
GST_START_TEST (test_cuda_entry_chosen)
{
  static const PrepFormat formats[] = { PREP_FORMAT_NV12, PREP_FORMAT_RGB };
  static const unsigned int blocks[] = { 2, 7 };
  PrepFormat format = formats[__i__];
  gchar *caps = g_strdup_printf ("video/x-raw(memory:CUDAMemory), "
      "format=%s, width=%d, height=%d, framerate=30/1",
      prep_format_name (format), FMT_W, FMT_H);
  GstCudaContext *ctx = test_context (0);
  GstBufferPool *pool = cuda_pool_new_for (ctx, caps);
  GstHarness *h = gst_harness_new_parse ("cudapreproc width=200 height=8");
  PrepFrame src;
  guint8 *host;

  gst_harness_set_caps_str (h, caps, CUDA_TENSORS);
  fail_unless_equals_int (gst_harness_push (h, cuda_format_buffer (pool,
              format, 5, &host, &src)), GST_FLOW_OK);
  gst_buffer_unref (gst_harness_pull (h));
  fail_unless_equals_int (mock_stats ().last_grid[0], blocks[__i__]);
  g_free (host);
  g_free (caps);
  case_end (h, pool, ctx);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Crop metas and caps                                                       */
/* ------------------------------------------------------------------------ */

/* A CUDA frame of 80x60 with a GstVideoCropMeta (9, 5, 64, 48) under
 * 64x48 caps: the rois refer to the visible area and the kernel reads the
 * whole frame (odd offset: chroma from the frame's own pairs). */
#define BIG_W 80
#define BIG_H 60

GST_START_TEST (test_cuda_crop_meta)
{
  static const PrepRect vis[] = { {0, 0, 64, 48}, {7, 3, 31, 17} };
  GstCudaContext *ctx = test_context (0);
  GstBufferPool *pool = cuda_pool_new_for (ctx,
      "video/x-raw(memory:CUDAMemory), format=NV12, width=80, height=60, "
      "framerate=30/1, colorimetry=bt601");
  GstHarness *h = cuda_harness ("cudapreproc width=20 height=20 "
      "aspect=letterbox rois=\"<<0,0,64,48>,<7,3,31,17>>\"", CUDA_TENSORS);
  guint8 *y = g_malloc (BIG_W * BIG_H), *uv = g_malloc (BIG_W * BIG_H / 2);
  PrepRect rects[2];
  PrepConfig cfg;
  GstBuffer *in;
  GstVideoCropMeta *crop;
  gsize bytes, i;
  guint32 seed = 77;
  gpointer expected;

  for (i = 0; i < BIG_W * BIG_H; i++) {
    seed = seed * 1664525u + 1013904223u;
    y[i] = seed >> 24;
    if (i < BIG_W * BIG_H / 2)
      uv[i] = seed >> 16;
  }
  for (i = 0; i < 2; i++) {
    rects[i] = vis[i];
    rects[i].x += 9;
    rects[i].y += 5;
  }
  config_for (&cfg, 20, 20, TRUE, FALSE);
  cfg.src_width = BIG_W;
  cfg.src_height = BIG_H;
  cfg.batch_size = 2;
  expected = expected_slots (&cfg, y, uv, rects, 2, &bytes);
  in = cuda_buffer_from (pool, BIG_W, BIG_H, y, uv);
  crop = gst_buffer_add_video_crop_meta (in);
  crop->x = 9;
  crop->y = 5;
  crop->width = IN_W;
  crop->height = IN_H;
  gst_buffer_unref (push_and_compare_buffer (h, in, expected, bytes, &cfg,
          TRUE, "crop meta (9, 5, 64, 48) of an 80x60 frame"));
  g_free (y);
  g_free (uv);
  case_end (h, pool, ctx);
}

GST_END_TEST;

/* With CUDA input, CUDA tensors come first, system tensors second; with
 * no downstream preference, the CUDA ones are negotiated.  (GStreamer 1.26+
 * appends the unfixed template structures to the query's answer: only the
 * first two are checked.) */
GST_START_TEST (test_cuda_caps_preferred)
{
  GstHarness *h = gst_harness_new ("cudapreproc");
  GstPad *src = gst_element_get_static_pad (h->element, "src");
  GstCaps *out, *current;

  gst_harness_set_src_caps_str (h, CUDA_NV12);
  out = gst_pad_query_caps (src, NULL);
  fail_unless (gst_caps_get_size (out) >= 2);
  fail_unless (gst_caps_features_contains (gst_caps_get_features (out, 0),
          GST_CAPS_FEATURE_MEMORY_CUDA_MEMORY));
  fail_if (gst_caps_features_contains (gst_caps_get_features (out, 1),
          GST_CAPS_FEATURE_MEMORY_CUDA_MEMORY));
  current = gst_pad_get_current_caps (src);
  fail_unless (current != NULL);
  fail_unless (gst_caps_features_contains (gst_caps_get_features (current,
              0), GST_CAPS_FEATURE_MEMORY_CUDA_MEMORY));
  gst_caps_unref (current);
  gst_caps_unref (out);
  gst_object_unref (src);
  gst_harness_teardown (h);
  mock_cuda_check_end ();
}

GST_END_TEST;

void
cuda_mock_paths_tests (TCase * paths)
{
  tcase_add_loop_test (paths, test_cuda_to_cuda, 0, G_N_ELEMENTS (path_cases));
  tcase_add_loop_test (paths, test_cuda_to_system, 0,
      G_N_ELEMENTS (path_cases));
  tcase_add_test (paths, test_cuda_caps_preferred);
  tcase_add_test (paths, test_cuda_crop_meta);
  tcase_add_loop_test (paths, test_cuda_formats, 0, PREP_FORMAT_COUNT);
  tcase_add_loop_test (paths, test_cuda_color, 0, G_N_ELEMENTS (color_formats));
  tcase_add_loop_test (paths, test_cuda_entry_chosen, 0, 2);
  tcase_add_loop_test (paths, test_cuda_antialias, 0,
      G_N_ELEMENTS (antialias_formats));
  tcase_add_loop_test (paths, test_cuda_crop_rect, 0,
      G_N_ELEMENTS (antialias_formats));
  tcase_add_loop_test (paths, test_cuda_flexible, 0, 2);
#if GST_CUDA_PREPROC_HAVE_TENSOR_META
  tcase_add_loop_test (paths, test_cuda_meta_mode, 0, 2);
#endif
}
