/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The element's CUDA path end to end, with the real libgstcuda running on
 * the mock driver of tests/mock-cuda (LD_LIBRARY_PATH): device memory is
 * host memory behind strict checks, and cuLaunchKernel runs the host build
 * of the kernel.  Outputs must be bit-identical to the CPU engine.
 *
 * The mock is configured per test through its environment variables
 * (MOCK_CUDA_DEVICES, MOCK_CUDA_FAIL, MOCK_CUDA_CC, ...), set before the
 * driver is first loaded: every test runs in its own forked process.  Its
 * work is deferred as on a GPU (tests/mock-cuda/mock-stream.c): each pulled
 * output is checked for work the element left queued where it promised
 * synchronized output, and each test ends with balanced context pushes
 * (tests/mock-cuda/mock-cuda-check.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <gst/cuda/gstcudaloader.h>
#include <gst/cuda/gstcudacontext.h>
#include <gst/cuda/gstcudamemory.h>
#include <gst/cuda/gstcudabufferpool.h>
#include <gst/cuda/gstcudautils.h>
#include <gst/cuda/cuda-gst.h>

/* 1.24+: CUDA memory can carry a stream (gst/gstcudapreproc-compat.h) */
#define GST_CUDA_PREPROC_TEST_STREAMS GST_CHECK_VERSION(1, 24, 0)

#include "prep.h"
#include "gstcudapreproc-analytics-compat.h"
#include "mock-cuda.h"
#include "mock-cuda-check.h"
#include "element-harness.h"
#include "tensor-check.h"

#define IN_W 64
#define IN_H 48
#define CUDA_NV12 "video/x-raw(memory:CUDAMemory), format=NV12, " \
    "width=64, height=48, framerate=30/1, colorimetry=bt601"
#define SYS_NV12 "video/x-raw, format=NV12, width=64, height=48, " \
    "framerate=30/1, colorimetry=bt601"
#define CUDA_TENSORS "other/tensors(memory:CUDAMemory)"
#define SYS_TENSORS "other/tensors"

/* An NV12 frame in host memory (tight strides) and the same frame in a
 * CUDA buffer. */
typedef struct
{
  guint8 y[IN_W * IN_H];
  guint8 uv[IN_W * IN_H / 2];
} HostFrame;

static void
host_frame_fill (HostFrame * f, guint32 seed)
{
  guint i;

  for (i = 0; i < sizeof (f->y); i++) {
    seed = seed * 1664525u + 1013904223u;
    f->y[i] = seed >> 24;
  }
  for (i = 0; i < sizeof (f->uv); i++) {
    seed = seed * 1664525u + 1013904223u;
    f->uv[i] = seed >> 24;
  }
}

static GstBufferPool *
cuda_pool_new_for (GstCudaContext * ctx, const gchar * caps_str)
{
  GstBufferPool *pool = gst_cuda_buffer_pool_new (ctx);
  GstStructure *config = gst_buffer_pool_get_config (pool);
  GstCaps *caps = gst_caps_from_string (caps_str);
  GstVideoInfo info;

  gst_video_info_from_caps (&info, caps);
  gst_buffer_pool_config_add_option (config, GST_BUFFER_POOL_OPTION_VIDEO_META);
  gst_buffer_pool_config_set_params (config, caps, info.size, 0, 0);
  fail_unless (gst_buffer_pool_set_config (pool, config));
  fail_unless (gst_buffer_pool_set_active (pool, TRUE));
  gst_caps_unref (caps);
  return pool;
}

static GstBufferPool *
cuda_pool_new (GstCudaContext * ctx)
{
  return cuda_pool_new_for (ctx, CUDA_NV12);
}

/* The end of a case: the harness, then the input pool and the context,
 * then the mock's leak and extent checks. */
static void
case_end (GstHarness * h, GstBufferPool * pool, GstCudaContext * ctx)
{
  gst_harness_teardown (h);
  gst_buffer_pool_set_active (pool, FALSE);
  gst_object_unref (pool);
  gst_object_unref (ctx);
  mock_cuda_check_end ();
}

/* Writes a w x h NV12 frame with tight strides into a CUDA buffer of
 * @pool through a CPU map (libgstcuda uploads it when the element maps it
 * for CUDA). */
static GstBuffer *
cuda_buffer_from (GstBufferPool * pool, gint w, gint h, const guint8 * y,
    const guint8 * uv)
{
  GstBuffer *buf = NULL;
  GstVideoFrame frame;
  GstVideoInfo info;
  gint row;

  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (pool, &buf, NULL),
      GST_FLOW_OK);
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_NV12, w, h);
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_WRITE));
  for (row = 0; row < h; row++)
    memcpy ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 0) +
        row * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0), y + row * w, w);
  for (row = 0; row < h / 2; row++)
    memcpy ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 1) +
        row * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 1), uv + row * w, w);
  gst_video_frame_unmap (&frame);
  return buf;
}

static GstBuffer *
cuda_frame_buffer (GstBufferPool * pool, const HostFrame * f)
{
  return cuda_buffer_from (pool, IN_W, IN_H, f->y, f->uv);
}

/* The CPU engine's tensor for the frame: what every path must produce. */
static gfloat *
expected_tensor (const PrepConfig * cfg, const HostFrame * f, gsize * bytes)
{
  PrepRect whole = { 0, 0, IN_W, IN_H };
  PrepPlan *plan = NULL;
  PrepFrame src;
  gfloat *out;

  fail_unless_equals_int (prep_plan_new (cfg, &whole, 1, &plan), PREP_OK);
  *bytes = prep_plan_output_bytes (plan);
  out = g_malloc (*bytes);
  prep_plan_frame_init (plan, &src);
  src.planes[0] = f->y;
  src.strides[0] = IN_W;
  src.planes[1] = f->uv;
  src.strides[1] = IN_W;
  fail_unless_equals_int (prep_plan_run_cpu (plan, &src, out, *bytes), PREP_OK);
  prep_plan_free (plan);
  return out;
}

static void
config_for (PrepConfig * cfg, gint w, gint h, gboolean letterbox, gboolean nhwc)
{
  prep_config_init (cfg);
  cfg->src_width = IN_W;
  cfg->src_height = IN_H;
  cfg->out_width = w;
  cfg->out_height = h;
  cfg->aspect = letterbox ? PREP_ASPECT_LETTERBOX : PREP_ASPECT_STRETCH;
  cfg->layout = nhwc ? PREP_LAYOUT_NHWC : PREP_LAYOUT_NCHW;
  cfg->matrix = PREP_MATRIX_BT601;
  cfg->range = PREP_RANGE_LIMITED;
}

static GstCudaContext *
test_context (guint device)
{
  GstCudaContext *ctx;

  fail_unless (gst_cuda_load_library (), "the mock libcuda.so.1 must load");
  /* GstCudaBufferPool needs the allocator registered */
  gst_cuda_memory_init_once ();
  ctx = gst_cuda_context_new (device);
  fail_unless (ctx != NULL);
  return ctx;
}

static GstHarness *
cuda_harness (const gchar * props, const gchar * out_caps)
{
  GstHarness *h = gst_harness_new_parse (props);

  gst_harness_set_caps_str (h, CUDA_NV12, out_caps);
  return h;
}

/* The CUDA path's tensor @got (@bytes) is @expected, the CPU engine's for
 * @cfg; a failure names @what (the case) and the first element that
 * differs. */
static void
assert_engine_tensor (gconstpointer got, gconstpointer expected, gsize bytes,
    const PrepConfig * cfg, const gchar * what)
{
  assert_same_tensor (got, expected, bytes,
      cfg->data_type == PREP_DTYPE_FLOAT16 ? 2 : 4, cfg->batch_size,
      "the CPU engine's", "%s: %d slots of %dx%d %s", what, cfg->batch_size,
      cfg->out_width, cfg->out_height,
      cfg->data_type == PREP_DTYPE_FLOAT16 ? "float16" : "float32");
}

/* Pushes @in (taken), pulls the tensor, checks its memory kind and that
 * its bytes are @expected's (taken, the engine's for @cfg; @what names
 * the case); returns the tensor. */
/* Pulls the tensor and checks it: one memory, of the kind @want_cuda says,
 * within the mock's extents, holding @expected's @bytes (a failure names
 * @what). */
static GstBuffer *
pull_and_compare (GstHarness * h, gconstpointer expected, gsize bytes,
    const PrepConfig * cfg, gboolean want_cuda, const gchar * what)
{
  GstBuffer *out = gst_harness_pull (h);
  GstMapInfo map;

  fail_unless (out != NULL, "%s: no output", what);
  mock_cuda_check_output (out);
  fail_unless_equals_int (gst_buffer_n_memory (out), 1);
  fail_unless_equals_int (gst_is_cuda_memory (gst_buffer_peek_memory (out,
              0)), want_cuda);
  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless_equals_uint64 (map.size, bytes);
  assert_engine_tensor (map.data, expected, bytes, cfg, what);
  gst_buffer_unmap (out, &map);
  return out;
}

static GstBuffer *
push_and_compare_buffer (GstHarness * h, GstBuffer * in, gpointer expected,
    gsize bytes, const PrepConfig * cfg, gboolean want_cuda, const gchar * what)
{
  GstBuffer *out;

  fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_OK);
  out = pull_and_compare (h, expected, bytes, cfg, want_cuda, what);
  g_free (expected);
  return out;
}

/* Pushes @f, pulls the tensor, checks its memory kind and its bytes (a
 * failure names @what). */
static void
push_and_compare (GstHarness * h, GstBufferPool * pool, const HostFrame * f,
    const PrepConfig * cfg, gboolean want_cuda, const gchar * what)
{
  gsize bytes;
  gfloat *expected = expected_tensor (cfg, f, &bytes);

  gst_buffer_unref (push_and_compare_buffer (h, cuda_frame_buffer (pool, f),
          expected, bytes, cfg, want_cuda, what));
}

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

/* An even height: libgstcuda lays I420's and YV12's chroma planes
 * height / 2 rows apart in CUDA memory (gstcudamemory.c), so with an odd
 * height the last U row would be the first V row. */
#define FMT_W 45
#define FMT_H 30

/* A CUDA buffer of @format from @pool with random planes (written through a
 * CPU map), and a host copy of its planes in *@host (to free) described by
 * @src, as the engine reads them. */
static GstBuffer *
cuda_format_buffer (GstBufferPool * pool, PrepFormat format, guint32 seed,
    guint8 ** host, PrepFrame * src)
{
  GstBuffer *buf = NULL;
  GstVideoFrame frame;
  GstVideoInfo info;
  gsize at[PREP_PLANES_MAX], total = 0, bytes, i;
  guint p;
  gint comp[GST_VIDEO_MAX_COMPONENTS];

  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (pool, &buf, NULL),
      GST_FLOW_OK);
  gst_video_info_set_format (&info,
      gst_video_format_from_string (prep_format_name (format)), FMT_W, FMT_H);
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_WRITE));
  prep_frame_init (src, format, FMT_W, FMT_H);
  for (p = 0; p < GST_VIDEO_FRAME_N_PLANES (&frame); p++) {
    src->strides[p] = GST_VIDEO_FRAME_PLANE_STRIDE (&frame, p);
    at[p] = total;
    gst_video_format_info_component (info.finfo, p, comp);
    total += (gsize) src->strides[p] * GST_VIDEO_FRAME_COMP_HEIGHT (&frame,
        comp[0]);
  }
  *host = g_malloc (total);
  for (i = 0; i < total; i++) {
    seed = seed * 1664525u + 1013904223u;
    (*host)[i] = seed >> 24;
  }
  for (p = 0; p < GST_VIDEO_FRAME_N_PLANES (&frame); p++) {
    bytes = (p + 1 < GST_VIDEO_FRAME_N_PLANES (&frame) ? at[p + 1] : total) -
        at[p];
    memcpy (GST_VIDEO_FRAME_PLANE_DATA (&frame, p), *host + at[p], bytes);
    src->planes[p] = *host + at[p];
  }
  gst_video_frame_unmap (&frame);
  return buf;
}

/* The configuration `width=20 height=14 @props` means for @format. */
static void
format_config (PrepConfig * cfg, PrepFormat format)
{
  prep_config_init (cfg);
  cfg->format = format;
  cfg->src_width = FMT_W;
  cfg->src_height = FMT_H;
  cfg->out_width = 20;
  cfg->out_height = 14;
  /* GStreamer's defaults without colorimetry: BT.601 limited for YUV at
   * 30 lines, full range for RGB and GRAY8 */
  cfg->matrix = PREP_MATRIX_BT601;
  cfg->range = format >= PREP_FORMAT_RGBA ? PREP_RANGE_FULL :
      PREP_RANGE_LIMITED;
}

/* Runs `cudapreproc width=20 height=14 @props` on a CUDA frame of @format
 * and compares with the CPU engine for @cfg. */
static void
run_format_case (PrepFormat format, const gchar * props,
    const PrepConfig * cfg, guint32 seed)
{
  gchar *caps = g_strdup_printf ("video/x-raw(memory:CUDAMemory), "
      "format=%s, width=%d, height=%d, framerate=30/1",
      prep_format_name (format), FMT_W, FMT_H);
  gchar *line = g_strdup_printf ("cudapreproc width=20 height=14 %s", props);
  gchar *what = g_strdup_printf ("%s, %s", prep_format_name (format), props);
  GstCudaContext *ctx = test_context (0);
  GstBufferPool *pool = cuda_pool_new_for (ctx, caps);
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
  fail_unless_equals_int (prep_plan_new (cfg, &whole, 1, &plan), PREP_OK);
  bytes = prep_plan_output_bytes (plan);
  expected = g_malloc (bytes);
  fail_unless_equals_int (prep_plan_run_cpu (plan, &src, expected, bytes),
      PREP_OK);
  prep_plan_free (plan);
  gst_buffer_unref (push_and_compare_buffer (h, in, expected, bytes, cfg,
          TRUE, what));
  g_free (host);
  g_free (caps);
  g_free (line);
  g_free (what);
  case_end (h, pool, ctx);
}

/* Antialias and cover on the CUDA path: the kernel reads the weighted taps
 * from the same table as the CPU path. */
GST_START_TEST (test_cuda_antialias)
{
  PrepFormat format = __i__ ? PREP_FORMAT_P010_10LE : PREP_FORMAT_NV12;
  PrepConfig cfg;

  format_config (&cfg, format);
  cfg.antialias = 1;
  run_format_case (format, "antialias=true", &cfg, 40 + __i__);
  cfg.aspect = PREP_ASPECT_COVER;
  cfg.crop_fraction = 0.875;
  run_format_case (format, "antialias=true aspect=cover crop-fraction=0.875",
      &cfg, 50 + __i__);
}

GST_END_TEST;

/* Every format in CUDA memory: the kernel (its host build, through the
 * mock driver) gives the CPU engine's bytes, into CUDA tensors.  All but
 * GRAY8, the last one: libgstcuda's allocator has no layout for it (it
 * aborts), so no CUDA producer hands it over; the kernel reads it as any
 * other format (its host build: ../engine/formats.c). */
GST_START_TEST (test_cuda_formats)
{
  PrepConfig cfg;

  format_config (&cfg, (PrepFormat) __i__);
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  run_format_case ((PrepFormat) __i__, "aspect=letterbox", &cfg, 900 + __i__);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Batches, float16, ROI metas and crop metas on the CUDA path               */
/* ------------------------------------------------------------------------ */

/* The CPU engine's tensor for a w x h frame (tight strides) with the slots
 * @rects of @cfg's batch. */
static gpointer
expected_slots (const PrepConfig * cfg, const guint8 * y, const guint8 * uv,
    const PrepRect * rects, gint n, gsize * bytes)
{
  PrepConfig c = *cfg;
  PrepPlan *plan = NULL;
  PrepFrame src;
  gpointer out;

  fail_unless_equals_int (prep_plan_new (&c, rects, n, &plan), PREP_OK);
  *bytes = prep_plan_output_bytes (plan);
  out = g_malloc (*bytes);
  prep_plan_frame_init (plan, &src);
  src.planes[0] = y;
  src.strides[0] = c.src_width;
  src.planes[1] = uv;
  src.strides[1] = c.src_width;
  fail_unless_equals_int (prep_plan_run_cpu (plan, &src, out, *bytes), PREP_OK);
  prep_plan_free (plan);
  return out;
}

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

/* The context the element answers context queries with. */
static GstCudaContext *
queried_context (GstElement * e)
{
  GstQuery *q = gst_query_new_context (GST_CUDA_CONTEXT_TYPE);
  GstPad *pad = gst_element_get_static_pad (e, "src");
  GstCudaContext *ctx = NULL;
  GstContext *context = NULL;

  if (gst_pad_query (pad, q)) {
    gst_query_parse_context (q, &context);
    gst_structure_get (gst_context_get_structure (context),
        GST_CUDA_CONTEXT_TYPE, GST_TYPE_CUDA_CONTEXT, &ctx, NULL);
  }
  gst_query_unref (q);
  gst_object_unref (pad);
  return ctx;
}

/* A context shared by the application is the one the element uses and
 * hands on to its neighbours. */
GST_START_TEST (test_context_from_application)
{
  GstCudaContext *ctx = test_context (0), *got;
  GstBufferPool *pool = cuda_pool_new (ctx);
  GstHarness *h = gst_harness_new_parse ("cudapreproc width=32 height=24");
  GstContext *context = gst_context_new_cuda_context (ctx);
  PrepConfig cfg;
  HostFrame f;

  gst_element_set_context (h->element, context);
  gst_context_unref (context);
  gst_harness_set_caps_str (h, CUDA_NV12, CUDA_TENSORS);
  config_for (&cfg, 32, 24, FALSE, FALSE);
  host_frame_fill (&f, 3);
  push_and_compare (h, pool, &f, &cfg, TRUE, "the application's context");
  got = queried_context (h->element);
  fail_unless (got == ctx, "the element must use the shared context");
  gst_object_unref (got);
  case_end (h, pool, ctx);
}

GST_END_TEST;

/* An upstream neighbour that answers context queries with its context, as
 * cudaupload or a decoder does. */
static GstPadProbeReturn
answer_context_query (GstPad * pad, GstPadProbeInfo * info, gpointer ctx)
{
  GstQuery *query = GST_PAD_PROBE_INFO_QUERY (info);
  const gchar *type = NULL;
  GstContext *context;

  if (GST_QUERY_TYPE (query) != GST_QUERY_CONTEXT ||
      !gst_query_parse_context_type (query, &type) ||
      g_strcmp0 (type, GST_CUDA_CONTEXT_TYPE) != 0)
    return GST_PAD_PROBE_OK;
  context = gst_context_new_cuda_context (ctx);
  gst_query_set_context (query, context);
  gst_context_unref (context);
  return GST_PAD_PROBE_HANDLED;
}

GST_START_TEST (test_context_from_upstream)
{
  GstCudaContext *ctx = test_context (0), *got;
  GstHarness *h = gst_harness_new_parse ("cudapreproc width=8 height=8");

  gst_pad_add_probe (h->srcpad, GST_PAD_PROBE_TYPE_QUERY_UPSTREAM,
      answer_context_query, ctx, NULL);
  gst_harness_set_caps_str (h, CUDA_NV12, CUDA_TENSORS);
  got = queried_context (h->element);
  fail_unless (got == ctx, "the element must take its neighbour's context");
  gst_object_unref (got);
  gst_harness_teardown (h);
  gst_object_unref (ctx);
  mock_cuda_check_end ();
}

GST_END_TEST;

/* cuda-device-id only picks the device checked before CUDA caps are
 * offered: the element makes no context of its own (CUDA input brings
 * one), so before a buffer came it has none to answer queries with (two
 * mock devices). */
GST_START_TEST (test_device_id)
{
  GstHarness *h;
  GstCudaContext *got;

  g_setenv ("MOCK_CUDA_DEVICES", "2", TRUE);
  h = gst_harness_new_parse ("cudapreproc cuda-device-id=1 width=8 height=8");
  gst_harness_set_caps_str (h, CUDA_NV12, CUDA_TENSORS);
  got = queried_context (h->element);
  fail_unless (got == NULL, "the element made a context of its own");
  gst_harness_teardown (h);
  mock_cuda_check_end ();
}

GST_END_TEST;

/* Buffers from a context on another device are processed in their own
 * context, not the element's. */
GST_START_TEST (test_input_context_honoured)
{
  GstCudaContext *ctx;
  GstBufferPool *pool;
  GstHarness *h;
  PrepConfig cfg;
  HostFrame f;

  g_setenv ("MOCK_CUDA_DEVICES", "2", TRUE);
  ctx = test_context (1);
  pool = cuda_pool_new (ctx);
  h = cuda_harness ("cudapreproc cuda-device-id=0 width=16 height=16",
      CUDA_TENSORS);
  config_for (&cfg, 16, 16, FALSE, FALSE);
  host_frame_fill (&f, 11);
  push_and_compare (h, pool, &f, &cfg, TRUE,
      "a frame from the context of device 1");
  case_end (h, pool, ctx);
}

GST_END_TEST;

/* Element errors posted so far, their texts appended to @text. */
static guint
error_count (GstBus * bus, GString * text)
{
  GstMessage *msg;
  guint n = 0;

  while ((msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR)) != NULL) {
    GError *err = NULL;

    gst_message_parse_error (msg, &err, NULL);
    g_string_append_printf (text, "%s\n", err->message);
    g_clear_error (&err);
    gst_message_unref (msg);
    n++;
  }
  return n;
}

typedef struct
{
  const gchar *fail;            /* MOCK_CUDA_FAIL */
  const gchar *after;           /* MOCK_CUDA_FAIL_AFTER: the test's own calls */
  const gchar *message;         /* in the element error */
  gboolean sys_out;             /* system-memory tensors */
} FailureCase;

/* sys_out left out: CUDA tensors. */
static const FailureCase failure_cases[] = {
  /* the test's pool allocates a probe and its input frame first */
  {.fail = "alloc",.after = "2",
      .message = "Cannot allocate a 3072 bytes CUDA tensor"},
  {.fail = "launch",.after = "0",
      .message = "CUDA preprocessing failed: CUDA_ERROR_LAUNCH_FAILED"},
  /* the element synchronizes where it promises complete tensors: system
   * output always (CUDA output only before GStreamer 1.24) */
  {.fail = "sync",.after = "0",
        .message = "CUDA preprocessing failed: CUDA_ERROR_LAUNCH_FAILED",
      .sys_out = TRUE},
  {.fail = "module",.after = "0",
      .message = "Cannot prepare the CUDA kernel: "
        "CUDA_ERROR_NO_BINARY_FOR_GPU"},
  {.fail = "image",.after = "0",
      .message = "Cannot prepare the CUDA kernel: CUDA_ERROR_INVALID_IMAGE"},
  {.fail = "stream",.after = "0",
      .message = "Cannot prepare the CUDA kernel: CUDA_ERROR_OUT_OF_MEMORY"},
};

/* An injected driver failure gives the documented element error and a
 * flow error: no crash, no leak. */
GST_START_TEST (test_injected_failure)
{
  const FailureCase *c = &failure_cases[__i__];
  GstCudaContext *ctx;
  GstBufferPool *pool;
  GstHarness *h;
  GstBus *bus = gst_bus_new ();
  GString *text = g_string_new (NULL);
  GstBuffer *in;
  HostFrame f;

  /* the mock reads its environment at the first driver call */
  g_setenv ("MOCK_CUDA_FAIL", c->fail, TRUE);
  g_setenv ("MOCK_CUDA_FAIL_AFTER", c->after, TRUE);
  ctx = test_context (0);
  pool = cuda_pool_new (ctx);
  host_frame_fill (&f, 5);
  in = cuda_frame_buffer (pool, &f);
  h = gst_harness_new_parse ("cudapreproc width=16 height=16");
  gst_element_set_bus (h->element, bus);
  gst_harness_set_caps_str (h, CUDA_NV12, c->sys_out ? SYS_TENSORS :
      CUDA_TENSORS);
  fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_ERROR);
  fail_unless_equals_int (error_count (bus, text), 1);
  fail_unless (strstr (text->str, c->message) != NULL, "got: %s", text->str);
  gst_element_set_bus (h->element, NULL);
  gst_harness_teardown (h);
  gst_object_unref (bus);
  g_string_free (text, TRUE);
  gst_buffer_pool_set_active (pool, FALSE);
  gst_object_unref (pool);
  gst_object_unref (ctx);
  mock_cuda_check_end ();
}

GST_END_TEST;

/* No device: CUDA caps are not offered, CUDA input is refused with an
 * error that says why, and system memory still works. */
GST_START_TEST (test_no_device)
{
  GstHarness *h;
  GstBus *bus = gst_bus_new ();
  GString *text = g_string_new (NULL);
  GstCaps *in, *out;
  GstPad *sink;

  g_setenv ("MOCK_CUDA_DEVICES", "0", TRUE);
  h = gst_harness_new ("cudapreproc");
  gst_element_set_bus (h->element, bus);
  in = gst_caps_from_string (CUDA_NV12);
  out = gst_pad_peer_query_caps (h->srcpad, in);
  fail_unless (gst_caps_is_empty (out));
  gst_caps_unref (out);
  sink = gst_element_get_static_pad (h->element, "sink");
  fail_if (gst_pad_query_accept_caps (sink, in));
  fail_unless (error_count (bus, text) >= 1);
  fail_unless (strstr (text->str, "no CUDA device") != NULL, "got: %s",
      text->str);
  gst_object_unref (sink);
  gst_caps_unref (in);
  /* the CPU path is unaffected */
  gst_harness_set_caps_str (h, SYS_NV12, SYS_TENSORS);
  gst_harness_push (h, gst_buffer_new_and_alloc (IN_W * IN_H * 3 / 2));
  gst_buffer_unref (gst_harness_pull (h));
  gst_element_set_bus (h->element, NULL);
  gst_harness_teardown (h);
  gst_object_unref (bus);
  g_string_free (text, TRUE);
  mock_cuda_check_end ();
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* The driver's contracts: devices that cannot run the build, the output   */
/* pool's bound, kernel faults, contexts, synchronization, pinned staging   */
/* ------------------------------------------------------------------------ */

static MockCudaStats
mock_stats (void)
{
  MockCudaGetStatsFunc get =
      (MockCudaGetStatsFunc) mock_cuda_check_symbol ("mock_cuda_get_stats");
  MockCudaStats s;

  memset (&s, 0, sizeof (s));
  fail_unless (get != NULL, "the mock driver is not loaded");
  get (&s, sizeof (s));
  return s;
}

static void
mock_fail (const gchar * kind, guint64 after, guint64 count)
{
  MockCudaFailFunc arm =
      (MockCudaFailFunc) mock_cuda_check_symbol ("mock_cuda_fail");

  fail_unless (arm != NULL && arm (kind, after, count), "mock_cuda_fail %s",
      kind);
}

/* Messages of @type posted so far, their texts appended to @text. */
static guint
message_count (GstBus * bus, GstMessageType type, GString * text)
{
  GstMessage *msg;
  guint n = 0;

  while ((msg = gst_bus_pop_filtered (bus, type)) != NULL) {
    GError *err = NULL;
    gchar *debug = NULL;

    if (type == GST_MESSAGE_WARNING)
      gst_message_parse_warning (msg, &err, &debug);
    else
      gst_message_parse_error (msg, &err, &debug);
    g_string_append_printf (text, "%s (%s)\n", err->message,
        debug ? debug : "");
    g_clear_error (&err);
    g_free (debug);
    gst_message_unref (msg);
    n++;
  }
  return n;
}

/* A CUDA input frame whose bytes are already on the device (its upload
 * done), so that processing it needs no transfer. */
static GstBuffer *
uploaded_frame (GstBufferPool * pool, const HostFrame * f)
{
  GstBuffer *buf = cuda_frame_buffer (pool, f);
  GstMapInfo map;

  fail_unless (gst_buffer_map (buf, &map, GST_MAP_READ | GST_MAP_CUDA));
  gst_buffer_unmap (buf, &map);
  return buf;
}

typedef struct
{
  const gchar *var, *value;     /* the mock's environment */
  const gchar *cc;              /* compute capability in the warning */
  gboolean old_driver;          /* a driver older than the build */
} DeviceCase;

static const DeviceCase device_cases[] = {
  /* Pascal */
  {.var = "MOCK_CUDA_CC",.value = "6.1",.cc = "6.1",.old_driver = FALSE},
  /* Volta, no SASS in CUDA 13 */
  {.var = "MOCK_CUDA_CC",.value = "7.0",.cc = "7.0",.old_driver = FALSE},
  /* the value is computed from the build's CUDA_VERSION */
  {.var = "MOCK_CUDA_DRIVER_VERSION",.value = NULL,.cc = "8.6",
      .old_driver = TRUE},
};

/* A device that cannot run the build's kernel: no CUDA caps, one warning
 * that says why, the CPU path when upstream offers both memories, and the
 * documented error for CUDA-only input. */
GST_START_TEST (test_device_cannot_run_build)
{
  const DeviceCase *c = &device_cases[__i__];
  GstElement *element;
  GstHarness *h;
  GstBus *bus;
  GString *text;
  GstCaps *caps, *both, *got;
  GstPad *sink;
  gchar *old = NULL, *driver;
  gint version = CUDA_VERSION;
  PrepConfig cfg;
  HostFrame f;
  GstBuffer *in, *out;
  GstMapInfo map;
  gfloat *expected;
  gsize bytes;
  guint i;

  bus = gst_bus_new ();
  text = g_string_new (NULL);
  if (c->old_driver) {
    /* one major version older than the toolkit of the build */
    version = (CUDA_VERSION / 1000 - 1) * 1000 + 20;
    old = g_strdup_printf ("%d", version);
    g_setenv (c->var, old, TRUE);
  } else {
    g_setenv (c->var, c->value, TRUE);
  }
  driver = g_strdup_printf ("%d.%d", version / 1000, version % 1000 / 10);
  /* the bus first: the element may check the device as soon as it starts */
  element = gst_element_factory_make ("cudapreproc", NULL);
  g_object_set (element, "width", 16, "height", 16, NULL);
  gst_element_set_bus (element, bus);
  h = gst_harness_new_with_element (element, "sink", "src");
  gst_object_unref (element);
  sink = gst_element_get_static_pad (h->element, "sink");
  caps = gst_pad_query_caps (sink, NULL);
  for (i = 0; i < gst_caps_get_size (caps); i++) {
    gchar *str = gst_caps_to_string (caps);

    fail_if (gst_caps_features_contains (gst_caps_get_features (caps, i),
            GST_CAPS_FEATURE_MEMORY_CUDA_MEMORY), "CUDA caps offered: %s", str);
    g_free (str);
  }
  gst_caps_unref (caps);
  fail_unless_equals_int (message_count (bus, GST_MESSAGE_WARNING, text), 1);
  fail_unless (g_regex_match_simple ("device\\D{0,16}0", text->str, 0, 0),
      "no device number: %s", text->str);
  fail_unless (strstr (text->str, c->cc) != NULL, "no compute capability "
      "%s: %s", c->cc, text->str);
  fail_unless (strstr (text->str, driver) != NULL, "no driver version %s: "
      "%s", driver, text->str);
  /* upstream offers both memories: system memory is negotiated */
  both = gst_caps_from_string (CUDA_NV12 "; " SYS_NV12);
  got = gst_pad_peer_query_caps (h->srcpad, both);
  fail_if (gst_caps_is_empty (got));
  got = gst_caps_fixate (got);
  fail_if (gst_caps_features_contains (gst_caps_get_features (got, 0),
          GST_CAPS_FEATURE_MEMORY_CUDA_MEMORY));
  gst_harness_set_src_caps (h, got);
  gst_harness_set_sink_caps_str (h, SYS_TENSORS);
  config_for (&cfg, 16, 16, FALSE, FALSE);
  host_frame_fill (&f, 21);
  expected = expected_tensor (&cfg, &f, &bytes);
  in = gst_buffer_new_allocate (NULL, sizeof (f), NULL);
  gst_buffer_fill (in, 0, &f, sizeof (f));
  fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless_equals_uint64 (map.size, bytes);
  assert_engine_tensor (map.data, expected, bytes, &cfg, c->old_driver ?
      "an old driver: the CPU path's tensor" : "a device of compute "
      "capability below the build's: the CPU path's tensor");
  gst_buffer_unmap (out, &map);
  gst_buffer_unref (out);
  g_free (expected);
  /* the warning is posted once, not per query */
  caps = gst_pad_query_caps (sink, NULL);
  gst_caps_unref (caps);
  fail_unless_equals_int (message_count (bus, GST_MESSAGE_WARNING, text), 0);
  gst_caps_unref (both);
  gst_object_unref (sink);
  gst_element_set_bus (h->element, NULL);
  gst_harness_teardown (h);

  /* CUDA-only upstream: not negotiated, with the documented error */
  element = gst_element_factory_make ("cudapreproc", NULL);
  g_object_set (element, "width", 16, "height", 16, NULL);
  gst_element_set_bus (element, bus);
  h = gst_harness_new_with_element (element, "sink", "src");
  gst_object_unref (element);
  sink = gst_element_get_static_pad (h->element, "sink");
  caps = gst_caps_from_string (CUDA_NV12);
  fail_if (gst_pad_query_accept_caps (sink, caps));
  gst_caps_unref (caps);
  gst_object_unref (sink);
  gst_harness_set_src_caps_str (h, CUDA_NV12);
  fail_if (gst_harness_push (h, gst_buffer_new_and_alloc (IN_W * IN_H * 3 /
              2)) == GST_FLOW_OK);
  g_string_truncate (text, 0);
  fail_unless (message_count (bus, GST_MESSAGE_ERROR, text) >= 1);
  fail_unless (strstr (text->str, "Input in CUDA memory cannot be processed")
      != NULL, "got: %s", text->str);
  gst_element_set_bus (h->element, NULL);
  gst_harness_teardown (h);
  gst_object_unref (bus);
  g_string_free (text, TRUE);
  g_free (driver);
  g_free (old);
  mock_cuda_check_end ();
}

GST_END_TEST;

typedef struct
{
  GstHarness *h;
  GstBuffer *buf;
  GstFlowReturn ret;
  gint done;
} PushJob;

static gpointer
push_job (gpointer data)
{
  PushJob *job = data;

  job->ret = gst_harness_push (job->h, job->buf);
  g_atomic_int_set (&job->done, 1);
  return NULL;
}

/* How the waiting element is released. */
enum
{
  RELEASE_BUFFER,
  RELEASE_FLUSH,
  RELEASE_READY,
  N_RELEASES
};

#define OUTPUT_BUFFERS 3

/* output-buffers=3: with three tensors held downstream, the element waits
 * for one to come back instead of allocating a fourth; a released buffer,
 * a flush or a state change to READY ends the wait. */
GST_START_TEST (test_output_pool_bound)
{
  GstCudaContext *ctx;
  GstBufferPool *pool;
  GstHarness *h;
  GstBuffer *out;
  GThread *thread;
  PushJob job = { NULL, NULL, GST_FLOW_OK, 0 };
  MockCudaStats before, after;
  HostFrame f;
  guint i;

  ctx = test_context (0);
  pool = cuda_pool_new (ctx);
  h = gst_harness_new_parse ("cudapreproc width=16 height=16 "
      "output-buffers=" G_STRINGIFY (OUTPUT_BUFFERS));
  gst_harness_set_caps_str (h, CUDA_NV12, CUDA_TENSORS);
  for (i = 0; i < OUTPUT_BUFFERS; i++) {
    host_frame_fill (&f, 60 + i);
    fail_unless_equals_int (gst_harness_push (h, uploaded_frame (pool, &f)),
        GST_FLOW_OK);
  }
  fail_unless_equals_int (gst_harness_buffers_in_queue (h), OUTPUT_BUFFERS);
  host_frame_fill (&f, 70);
  job.h = h;
  job.buf = uploaded_frame (pool, &f);
  before = mock_stats ();
  thread = g_thread_new ("push", push_job, &job);
  /* nothing comes back until a buffer is released: the push cannot end */
  fail_unless_equals_int (g_atomic_int_get (&job.done), 0);
  switch (__i__) {
    case RELEASE_BUFFER:
      out = gst_harness_pull (h);
      gst_buffer_unref (out);
      break;
    case RELEASE_FLUSH:
      fail_unless (gst_harness_push_event (h, gst_event_new_flush_start ()));
      break;
    case RELEASE_READY:
      gst_element_set_state (h->element, GST_STATE_READY);
      break;
  }
  g_thread_join (thread);
  after = mock_stats ();
  fail_unless_equals_uint64 (after.device_allocs, before.device_allocs);
  if (__i__ == RELEASE_BUFFER) {
    fail_unless_equals_int (job.ret, GST_FLOW_OK);
    /* the two held before and the new one */
    for (i = 0; i < OUTPUT_BUFFERS; i++) {
      out = gst_harness_pull (h);
      mock_cuda_check_output (out);
      gst_buffer_unref (out);
    }
  } else {
    fail_unless_equals_int (job.ret, GST_FLOW_FLUSHING);
    if (__i__ == RELEASE_FLUSH)
      gst_harness_push_event (h, gst_event_new_flush_stop (TRUE));
  }
  case_end (h, pool, ctx);
}

GST_END_TEST;

/* A fault inside the kernel (when the queued launch runs): an element
 * error that names it, GST_FLOW_ERROR, no hang, and the element goes to
 * NULL cleanly.  With CUDA output on 1.24+ the frame may leave before its
 * kernel ran: the fault is then reported at the next frame (the driver's
 * error is sticky). */
GST_START_TEST (test_kernel_fault)
{
  const gchar *out_caps = __i__ == 0 ? SYS_TENSORS : CUDA_TENSORS;
  GstCudaContext *ctx;
  GstBufferPool *pool;
  GstHarness *h;
  GstBus *bus = gst_bus_new ();
  GString *text = g_string_new (NULL);
  GstFlowReturn ret;
  HostFrame f;

  g_setenv ("MOCK_CUDA_FAIL", "kernel-fault", TRUE);
  ctx = test_context (0);
  pool = cuda_pool_new (ctx);
  h = gst_harness_new_parse ("cudapreproc width=16 height=16");
  gst_element_set_bus (h->element, bus);
  gst_harness_set_caps_str (h, CUDA_NV12, out_caps);
  host_frame_fill (&f, 5);
  ret = gst_harness_push (h, uploaded_frame (pool, &f));
  if (ret == GST_FLOW_OK) {
    GstBuffer *out = gst_harness_pull (h);

    fail_unless (__i__ == 1 && GST_CUDA_PREPROC_TEST_STREAMS,
        "the faulting frame was pushed as synchronized output");
    gst_buffer_unref (out);
    host_frame_fill (&f, 6);
    ret = gst_harness_push (h, uploaded_frame (pool, &f));
  }
  fail_unless_equals_int (ret, GST_FLOW_ERROR);
  fail_unless_equals_int (message_count (bus, GST_MESSAGE_ERROR, text), 1);
  fail_unless (strstr (text->str, "CUDA preprocessing failed: "
          "CUDA_ERROR_ILLEGAL_ADDRESS") != NULL, "got: %s", text->str);
  fail_unless_equals_int (gst_element_set_state (h->element, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_element_set_bus (h->element, NULL);
  gst_harness_teardown (h);
  gst_object_unref (bus);
  g_string_free (text, TRUE);
  gst_buffer_pool_set_active (pool, FALSE);
  gst_object_unref (pool);
  gst_object_unref (ctx);
  mock_cuda_check_end ();
}

GST_END_TEST;

/* The push of the input's context before the launch fails: an element
 * error and GST_FLOW_ERROR, and no pop of a context it did not push (the
 * thread's context stack stays as it was). */
GST_START_TEST (test_context_push_fails)
{
  GstCudaContext *ctx;
  GstBufferPool *pool;
  GstHarness *h;
  GstBus *bus;
  GString *text;
  MockCudaGetContextDepthFunc depth;
  PrepConfig cfg;
  GstBuffer *in;
  HostFrame f;

  ctx = test_context (0);
  pool = cuda_pool_new (ctx);
  h = gst_harness_new_parse ("cudapreproc width=16 height=16");
  bus = gst_bus_new ();
  text = g_string_new (NULL);
  depth = (MockCudaGetContextDepthFunc)
      mock_cuda_check_symbol ("mock_cuda_get_context_depth");
  gst_element_set_bus (h->element, bus);
  gst_harness_set_caps_str (h, CUDA_NV12, CUDA_TENSORS);
  /* a first frame prepares the stream, the module and the output pool */
  config_for (&cfg, 16, 16, FALSE, FALSE);
  host_frame_fill (&f, 8);
  push_and_compare (h, pool, &f, &cfg, TRUE, "the first frame");
  host_frame_fill (&f, 9);
  in = uploaded_frame (pool, &f);
  fail_unless_equals_int (depth (), 0);
  mock_fail ("push", 0, 1);
  fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_ERROR);
  fail_unless_equals_int (depth (), 0);
  fail_unless_equals_int (message_count (bus, GST_MESSAGE_ERROR, text), 1);
  gst_element_set_bus (h->element, NULL);
  gst_harness_teardown (h);
  gst_object_unref (bus);
  g_string_free (text, TRUE);
  gst_buffer_pool_set_active (pool, FALSE);
  gst_object_unref (pool);
  gst_object_unref (ctx);
  mock_cuda_check_end ();
}

GST_END_TEST;

/* CUDA input brings its context: the element creates none of its own, and
 * answers context queries with the input's. */
GST_START_TEST (test_no_own_context)
{
  GstCudaContext *ctx, *got;
  GstBufferPool *pool;
  GstHarness *h;
  PrepConfig cfg;
  HostFrame f;

  ctx = test_context (0);
  pool = cuda_pool_new (ctx);
  h = cuda_harness ("cudapreproc width=16 height=16", CUDA_TENSORS);
  config_for (&cfg, 16, 16, FALSE, FALSE);
  host_frame_fill (&f, 12);
  push_and_compare (h, pool, &f, &cfg, TRUE, "the input's context");
  fail_unless_equals_uint64 (mock_stats ().contexts_created, 1);
  got = queried_context (h->element);
  fail_unless (got == ctx, "the element must answer with the input's "
      "context");
  gst_object_unref (got);
  case_end (h, pool, ctx);
}

GST_END_TEST;

/* Output synchronization.  1.22: every buffer leaves synchronized.  1.24+:
 * CUDA output carries the element's stream and may have work pending on
 * it (GST_CUDA_MEMORY_TRANSFER_NEED_SYNC); gst_cuda_memory_sync () then
 * gives the right bytes.  System output is always synchronized. */
GST_START_TEST (test_output_synchronization)
{
  gboolean cuda_out = __i__ == 1;
  GstCudaContext *ctx;
  GstBufferPool *pool;
  GstHarness *h;
  GstBuffer *out;
  GstMemory *mem;
  GstMapInfo map;
  PrepConfig cfg;
  HostFrame f;
  gfloat *expected;
  gsize bytes;

  ctx = test_context (0);
  pool = cuda_pool_new (ctx);
  h = cuda_harness ("cudapreproc width=32 height=24",
      cuda_out ? CUDA_TENSORS : SYS_TENSORS);
  config_for (&cfg, 32, 24, FALSE, FALSE);
  host_frame_fill (&f, 31);
  expected = expected_tensor (&cfg, &f, &bytes);
  fail_unless_equals_int (gst_harness_push (h, uploaded_frame (pool, &f)),
      GST_FLOW_OK);
  out = gst_harness_pull (h);
  mem = gst_buffer_peek_memory (out, 0);
  fail_unless_equals_int (gst_is_cuda_memory (mem), cuda_out);
  if (!cuda_out || !GST_CUDA_PREPROC_TEST_STREAMS) {
    fail_unless_equals_uint64 (mock_cuda_check_pending (NULL), 0);
  } else {
#if GST_CUDA_PREPROC_TEST_STREAMS
    GstCudaStream *stream = gst_cuda_memory_get_stream (GST_CUDA_MEMORY_CAST
        (mem));

    fail_unless (stream != NULL, "the tensor carries no stream");
    if (mock_cuda_check_pending (NULL) > 0)
      fail_unless (GST_MEMORY_FLAG_IS_SET (mem,
              GST_CUDA_MEMORY_TRANSFER_NEED_SYNC));
    gst_cuda_memory_sync (GST_CUDA_MEMORY_CAST (mem));
    fail_unless_equals_uint64 (mock_cuda_check_pending (NULL), 0);
#endif
  }
  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless_equals_uint64 (map.size, bytes);
  assert_engine_tensor (map.data, expected, bytes, &cfg, cuda_out ?
      "CUDA tensors, after the synchronization" :
      "system tensors, after the synchronization");
  gst_buffer_unmap (out, &map);
  gst_buffer_unref (out);
  g_free (expected);
  case_end (h, pool, ctx);
}

GST_END_TEST;

/* CUDA to system memory: the download goes through pinned host memory, at
 * least one staging buffer allocated once and reused for later frames. */
GST_START_TEST (test_pinned_download)
{
  GstCudaContext *ctx;
  GstBufferPool *pool;
  GstHarness *h;
  PrepConfig cfg;
  HostFrame f;
  guint64 first = 0, n;
  guint i;

  ctx = test_context (0);
  pool = cuda_pool_new (ctx);
  h = cuda_harness ("cudapreproc width=32 height=24", SYS_TENSORS);
  config_for (&cfg, 32, 24, FALSE, FALSE);
  for (i = 0; i < 3; i++) {
    GstBuffer *in;
    gfloat *expected;
    gsize bytes;
    gchar *what;

    host_frame_fill (&f, 40 + i);
    expected = expected_tensor (&cfg, &f, &bytes);
    /* the input's own staging (libgstcuda) is allocated here */
    in = uploaded_frame (pool, &f);
    n = mock_stats ().host_allocs;
    what = g_strdup_printf ("frame %u", 40 + i);
    gst_buffer_unref (push_and_compare_buffer (h, in, expected, bytes, &cfg,
            FALSE, what));
    g_free (what);
    n = mock_stats ().host_allocs - n;
    if (i == 0) {
      first = n;
      fail_unless (first >= 1, "no pinned staging memory (cuMemAllocHost)");
    } else {
      fail_unless_equals_uint64 (n, 0);
    }
  }
  case_end (h, pool, ctx);
}

GST_END_TEST;
/* ------------------------------------------------------------------------ */
/* cudapreprocbatch: streams in CUDA memory, one launch per batch           */
/* ------------------------------------------------------------------------ */

/* The batch @h's element pushes: made by exactly one launch since
 * @launches, in CUDA memory or not (@cuda), holding @want's @bytes. */
static void
pull_batch (GstHarness * h, guint64 launches, gboolean cuda,
    gconstpointer want, gsize bytes, const PrepConfig * cfg, const gchar * what)
{
  gst_buffer_unref (pull_and_compare (h, want, bytes, cfg, cuda, what));
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
 * P010_10LE; one cropped) into one cudapreprocbatch: one launch, the bytes
 * of the CPU engine's streams plan, into a system tensor (__i__ 0) or,
 * where downstream takes it, a CUDA tensor (1: the first the element
 * offers for CUDA inputs). */
GST_START_TEST (test_batch_element_cuda_formats)
{
  static const PrepFormat formats[4] = { PREP_FORMAT_I420, PREP_FORMAT_RGBA,
    PREP_FORMAT_YUY2, PREP_FORMAT_P010_10LE
  };
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
  gst_harness_set_sink_caps_str (h[0], __i__ ? "other/tensors"
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
  pull_batch (h[0], launches, __i__, want, bytes, &cfg, __i__ ?
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

static Suite *
cuda_mock_suite (void)
{
  Suite *s = suite_create ("cudapreproc-cuda-mock");
  TCase *paths = tcase_create ("paths");
  TCase *contexts = tcase_create ("contexts");
  TCase *failures = tcase_create ("failures");
  TCase *contracts = tcase_create ("contracts");

  suite_add_tcase (s, paths);
  tcase_add_loop_test (paths, test_cuda_to_cuda, 0, G_N_ELEMENTS (path_cases));
  tcase_add_loop_test (paths, test_cuda_to_system, 0,
      G_N_ELEMENTS (path_cases));
  tcase_add_test (paths, test_cuda_caps_preferred);
  tcase_add_loop_test (paths, test_cuda_batch_to_cuda, 0,
      G_N_ELEMENTS (batch_cases));
  tcase_add_loop_test (paths, test_cuda_batch_to_system, 0,
      G_N_ELEMENTS (batch_cases));
  tcase_add_test (paths, test_cuda_crop_meta);
  tcase_add_test (paths, test_batch_element_cuda);
  tcase_add_test (paths, test_batch_element_cuda_objects);
  tcase_add_loop_test (paths, test_batch_element_cuda_formats, 0, 2);
  G_STATIC_ASSERT (PREP_FORMAT_GRAY8 == PREP_FORMAT_COUNT - 1);
  tcase_add_loop_test (paths, test_cuda_formats, 0, PREP_FORMAT_GRAY8);
  tcase_add_loop_test (paths, test_cuda_antialias, 0, 2);
  tcase_add_loop_test (paths, test_cuda_flexible, 0, 2);
#if GST_CUDA_PREPROC_HAVE_TENSOR_META
  tcase_add_loop_test (paths, test_cuda_meta_mode, 0, 2);
#endif
  suite_add_tcase (s, contexts);
  tcase_add_test (contexts, test_context_from_application);
  tcase_add_test (contexts, test_context_from_upstream);
  tcase_add_test (contexts, test_device_id);
  tcase_add_test (contexts, test_input_context_honoured);
  suite_add_tcase (s, failures);
  tcase_add_loop_test (failures, test_injected_failure, 0,
      G_N_ELEMENTS (failure_cases));
  tcase_add_test (failures, test_no_device);
  suite_add_tcase (s, contracts);
  tcase_add_loop_test (contracts, test_device_cannot_run_build, 0,
      G_N_ELEMENTS (device_cases));
  tcase_add_loop_test (contracts, test_output_pool_bound, 0, N_RELEASES);
  tcase_add_loop_test (contracts, test_kernel_fault, 0, 2);
  tcase_add_test (contracts, test_context_push_fails);
  tcase_add_test (contracts, test_no_own_context);
  tcase_add_loop_test (contracts, test_output_synchronization, 0, 2);
  tcase_add_test (contracts, test_pinned_download);
  return s;
}

GST_CHECK_MAIN (cuda_mock);
