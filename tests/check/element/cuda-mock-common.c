/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The helpers that the files of the `cuda-mock` gst-check program share
 * (cuda-mock-common.h): the mock's contexts, CUDA input pools and frames,
 * the CPU engine's tensors to compare with, the push-pull-compare steps,
 * the mock's statistics and failures, and bus messages.
 *
 * One file of the `cuda-mock` gst-check program, which cuda-mock.c puts
 * together (tests/check/element/meson.build): one program of several files,
 * so that `meson test cuda-mock` still runs every test on the mock driver,
 * under one registry and one count of checks. */

#include <string.h>

#include "cuda-mock-common.h"

void
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

GstBufferPool *
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

GstBufferPool *
cuda_pool_new (GstCudaContext * ctx)
{
  return cuda_pool_new_for (ctx, CUDA_NV12);
}

/* The end of a case: the harness, then the input pool and the context,
 * then the mock's leak and extent checks. */
void
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
GstBuffer *
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

GstBuffer *
cuda_frame_buffer (GstBufferPool * pool, const HostFrame * f)
{
  return cuda_buffer_from (pool, IN_W, IN_H, f->y, f->uv);
}

/* The CPU engine's tensor for the frame: what every path must produce. */
gfloat *
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

void
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

GstCudaContext *
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

GstHarness *
cuda_harness (const gchar * props, const gchar * out_caps)
{
  GstHarness *h = gst_harness_new_parse (props);

  gst_harness_set_caps_str (h, CUDA_NV12, out_caps);
  return h;
}

/* The CUDA path's tensor @got (@bytes) is @expected, the CPU engine's for
 * @cfg; a failure names @what (the case) and the first element that
 * differs. */
void
assert_engine_tensor (gconstpointer got, gconstpointer expected, gsize bytes,
    const PrepConfig * cfg, const gchar * what)
{
  assert_same_tensor (got, expected, bytes,
      cfg->data_type == PREP_DTYPE_FLOAT16 ? 2 : 4, cfg->batch_size,
      "the CPU engine's", "%s: %d slots of %dx%d %s", what, cfg->batch_size,
      cfg->out_width, cfg->out_height,
      cfg->data_type == PREP_DTYPE_FLOAT16 ? "float16" : "float32");
}

/* Pulls the tensor and checks it: one memory, of the kind @want_cuda says,
 * within the mock's extents, holding @expected's @bytes (a failure names
 * @what). */
GstBuffer *
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

/* Pushes @in (taken), pulls the tensor, checks its memory kind and that
 * its bytes are @expected's (taken, the engine's for @cfg; @what names
 * the case); returns the tensor. */
GstBuffer *
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
void
push_and_compare (GstHarness * h, GstBufferPool * pool, const HostFrame * f,
    const PrepConfig * cfg, gboolean want_cuda, const gchar * what)
{
  gsize bytes;
  gfloat *expected = expected_tensor (cfg, f, &bytes);

  gst_buffer_unref (push_and_compare_buffer (h, cuda_frame_buffer (pool, f),
          expected, bytes, cfg, want_cuda, what));
}

const gchar *
cuda_carrier_format (PrepFormat format)
{
  return format == PREP_FORMAT_NV16 || format == PREP_FORMAT_GRAY8 ? "Y444" :
      prep_format_name (format);
}

/* A CUDA buffer of @format from @pool with random planes (written through a
 * CPU map), and a host copy of its planes in *@host (to free) described by
 * @src, as the engine reads them. */
GstBuffer *
cuda_format_buffer (GstBufferPool * pool, PrepFormat format, guint32 seed,
    guint8 ** host, PrepFrame * src)
{
  GstBuffer *buf = NULL;
  GstVideoFrame frame;
  GstVideoInfo info;
  GstVideoMeta *meta;
  gsize at[PREP_PLANES_MAX], total = 0, bytes, i;
  guint p;
  gint comp[GST_VIDEO_MAX_COMPONENTS];

  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (pool, &buf, NULL),
      GST_FLOW_OK);
  gst_video_info_set_format (&info,
      gst_video_format_from_string (prep_format_name (format)), FMT_W, FMT_H);
  meta = gst_buffer_get_video_meta (buf);
  if (meta != NULL && meta->format != GST_VIDEO_INFO_FORMAT (&info)) {
    /* a carrier's planes (cuda_carrier_format ()), described as @format's
     * in a buffer of the same memory (the pool's meta is locked) */
    gsize offset[GST_VIDEO_MAX_PLANES] = { 0 };
    gint stride[GST_VIDEO_MAX_PLANES] = { 0 };
    GstBuffer *carrier = buf;

    for (p = 0; p < GST_VIDEO_INFO_N_PLANES (&info); p++) {
      offset[p] = meta->offset[p];
      stride[p] = meta->stride[p];
    }
    buf = gst_buffer_new ();
    fail_unless (gst_buffer_copy_into (buf, carrier, GST_BUFFER_COPY_MEMORY,
            0, -1));
    gst_buffer_unref (carrier);
    gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE,
        GST_VIDEO_INFO_FORMAT (&info), FMT_W, FMT_H,
        GST_VIDEO_INFO_N_PLANES (&info), offset, stride);
  }
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
void
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

/* The CPU engine's tensor for a w x h frame (tight strides) with the slots
 * @rects of @cfg's batch. */
gpointer
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

/* The context the element answers context queries with. */
GstCudaContext *
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

/* Element errors posted so far, their texts appended to @text. */
guint
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

gboolean
mock_is_pinned (gconstpointer ptr)
{
  MockCudaIsPinnedFunc is_pinned =
      (MockCudaIsPinnedFunc) mock_cuda_check_symbol ("mock_cuda_is_pinned");

  fail_unless (is_pinned != NULL, "the mock driver is not loaded");
  return is_pinned (ptr) != 0;
}

gboolean
buffer_is_pinned (GstBuffer * buffer)
{
  GstMapInfo map;
  gboolean pinned;

  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_READ));
  pinned = map.size > 0 && mock_is_pinned (map.data) &&
      mock_is_pinned (map.data + map.size - 1);
  gst_buffer_unmap (buffer, &map);
  return pinned;
}

MockCudaStats
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

void
mock_fail (const gchar * kind, guint64 after, guint64 count)
{
  MockCudaFailFunc arm =
      (MockCudaFailFunc) mock_cuda_check_symbol ("mock_cuda_fail");

  fail_unless (arm != NULL && arm (kind, after, count), "mock_cuda_fail %s",
      kind);
}

/* Messages of @type posted so far, their texts appended to @text. */
guint
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
GstBuffer *
uploaded_frame (GstBufferPool * pool, const HostFrame * f)
{
  GstBuffer *buf = cuda_frame_buffer (pool, f);
  GstMapInfo map;

  fail_unless (gst_buffer_map (buf, &map, GST_MAP_READ | GST_MAP_CUDA));
  gst_buffer_unmap (buf, &map);
  return buf;
}

gpointer
push_job (gpointer data)
{
  PushJob *job = data;

  job->ret = gst_harness_push (job->h, job->buf);
  g_atomic_int_set (&job->done, 1);
  return NULL;
}
