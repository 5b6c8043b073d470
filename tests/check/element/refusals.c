/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Refusals and what follows them (docs/bad-input.md).
 *
 * "restore": a value refused while playing (crop, rois: at once, with an
 * element warning) or at negotiation (data-type, batch-size, width/height,
 * normalization, layout against downstream caps; crop and rois before the
 * first caps) leaves the element exactly as it was, and once a good value
 * is back every slot of every output is the engine's (prep.h, run here
 * with the configuration the properties give; never read back from the
 * element).  Every frame pushed differs from the one before, so a slot the
 * element left unwritten holds another frame's values and fails the
 * comparison.
 *
 * Compiled twice: plain, input and output in system memory (the CPU
 * engine); with REFUSALS_CUDA, input in CUDA memory and tensors in CUDA
 * memory (the kernel, on the mock driver of tests/mock-cuda), read back
 * by mapping.
 *
 * "user-errors" (plain build only): refusals that tell the user what to
 * do, integer entries, downstream caps that choose the shape, and sizes
 * that end in an error message rather than an abort. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gmodule.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#ifdef REFUSALS_CUDA
#include <gst/cuda/gstcudaloader.h>
#include <gst/cuda/gstcudacontext.h>
#include <gst/cuda/gstcudamemory.h>
#include <gst/cuda/gstcudabufferpool.h>
#include "mock-cuda-check.h"
#endif

#include "prep.h"
#include "element-harness.h"
#include "tensor-check.h"

#define IN_W 64
#define IN_H 48

#ifdef REFUSALS_CUDA
#define MEMORY "(memory:CUDAMemory)"
#else
#define MEMORY ""
#endif

#define IN_CAPS "video/x-raw" MEMORY ", format=NV12, width=64, height=48, " \
    "framerate=30/1, colorimetry=bt601"
#define OUT_CAPS "other/tensors" MEMORY
/* Downstream caps that fix the tensor's dimensions */
#define FIXED_CAPS(dims) "other/tensors" MEMORY ", format=static, " \
    "num_tensors=1, types=float32, dimensions=" dims ", " \
    "framerate=[0/1,2147483647/1]"

/* ------------------------------------------------------------------------ */
/* The element in a harness, and its input                                   */
/* ------------------------------------------------------------------------ */

typedef struct
{
  GstHarness *h;
  GstBus *bus;
  guint32 seed;                 /* of the next frame */
#ifdef REFUSALS_CUDA
  GstCudaContext *ctx;
  GstBufferPool *pool;          /* input frames in CUDA memory */
#endif
} Rig;

/* A cudapreproc with @props (gst-launch syntax), downstream caps
 * @sink_caps (NULL: any tensors in the memory of this build), messages on
 * r->bus.  No caps are sent yet (rig_push_caps ()). */
static void
rig_new (Rig * r, const gchar * props, const gchar * sink_caps)
{
  GstCaps *caps;

  memset (r, 0, sizeof (*r));
  r->h = harness_new (props, &r->bus);
  r->seed = 1;
  caps = gst_caps_from_string (sink_caps ? sink_caps : OUT_CAPS);
  fail_unless (caps != NULL, "bad caps %s", sink_caps);
  gst_harness_set_sink_caps (r->h, caps);
#ifdef REFUSALS_CUDA
  {
    GstStructure *config;
    GstVideoInfo info;

    caps = gst_caps_from_string (IN_CAPS);
    fail_unless (gst_cuda_load_library (), "the mock libcuda.so.1 must load");
    gst_cuda_memory_init_once ();
    r->ctx = gst_cuda_context_new (0);
    fail_unless (r->ctx != NULL);
    r->pool = gst_cuda_buffer_pool_new (r->ctx);
    config = gst_buffer_pool_get_config (r->pool);
    fail_unless (gst_video_info_from_caps (&info, caps));
    gst_buffer_pool_config_add_option (config,
        GST_BUFFER_POOL_OPTION_VIDEO_META);
    gst_buffer_pool_config_set_params (config, caps, info.size, 0, 0);
    fail_unless (gst_buffer_pool_set_config (r->pool, config));
    fail_unless (gst_buffer_pool_set_active (r->pool, TRUE));
    gst_caps_unref (caps);
  }
#endif
}

static void
rig_free (Rig * r)
{
  harness_free (r->h, r->bus);
#ifdef REFUSALS_CUDA
  gst_buffer_pool_set_active (r->pool, FALSE);
  gst_object_unref (r->pool);
  gst_object_unref (r->ctx);
  mock_cuda_check_end ();
#endif
}

/* The 64x48 NV12 caps and a segment; FALSE when the element refused them. */
static gboolean
rig_push_caps (Rig * r)
{
  return harness_push_caps (r->h, IN_CAPS);
}

/* A new 64x48 frame, different from every one before it. */
static void
rig_frame (Rig * r, Frame * f)
{
  frame_init (f, IN_W, IN_H, r->seed++);
}

/* A frame brighter than any random one: luma 160..239. */
static void
rig_bright_frame (Rig * r, Frame * f)
{
  gint i;

  rig_frame (r, f);
  for (i = 0; i < IN_W * IN_H; i++)
    f->data[f->offset[0] + i] = 160 + f->data[f->offset[0] + i] % 80;
}

/* @f in an input buffer: system memory, or CUDA memory of the rig's pool
 * (written through a CPU map; libgstcuda uploads it when the element maps
 * it for CUDA). */
static GstBuffer *
rig_input (Rig * r, const Frame * f)
{
#ifdef REFUSALS_CUDA
  GstBuffer *buf = NULL;
  GstVideoFrame frame;
  GstVideoInfo info;
  gint p, row;

  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (r->pool, &buf,
          NULL), GST_FLOW_OK);
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_NV12, IN_W, IN_H);
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_WRITE));
  for (p = 0; p < 2; p++)
    for (row = 0; row < (p ? IN_H / 2 : IN_H); row++)
      memcpy ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, p) +
          row * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, p),
          f->data + f->offset[p] + row * f->stride[p], IN_W);
  gst_video_frame_unmap (&frame);
  return buf;
#else
  return gst_buffer_new_memdup (f->data, f->size);
#endif
}

/* ------------------------------------------------------------------------ */
/* Expected tensors: the engine, configured here                            */
/* ------------------------------------------------------------------------ */

static PrepRect
rect (gint x, gint y, gint width, gint height)
{
  PrepRect r = { x, y, width, height };

  return r;
}

/* The configuration of `width=@w height=@h` on the 64x48 bt601 caps; the
 * tests change what their properties change. */
static void
config_init (PrepConfig * cfg, gint w, gint h)
{
  prep_config_init (cfg);
  cfg->src_width = IN_W;
  cfg->src_height = IN_H;
  cfg->out_width = w;
  cfg->out_height = h;
  cfg->batch_size = 1;
  cfg->matrix = PREP_MATRIX_BT601;
  cfg->range = PREP_RANGE_LIMITED;
}

/* The engine's tensor for @f (planes at its offsets and strides) with the
 * slots @rects (@n of them; NULL: the whole frame). */
static guint8 *
expected_tensor (const PrepConfig * cfg, const PrepRect * rects, gint n,
    const guint8 * y, gint y_stride, const guint8 * uv, gint uv_stride,
    gsize * size)
{
  PrepRect whole = rect (0, 0, cfg->src_width, cfg->src_height);
  PrepPlan *plan = NULL;
  PrepFrame src;
  PrepStatus st;
  guint8 *data;

  if (rects == NULL) {
    rects = &whole;
    n = 1;
  }
  st = prep_plan_new (cfg, rects, n, &plan);
  fail_unless (st == PREP_OK, "prep_plan_new: %s", prep_status_string (st));
  *size = prep_plan_output_bytes (plan);
  data = g_malloc (*size);
  prep_plan_frame_init (plan, &src);
  src.planes[0] = y;
  src.strides[0] = y_stride;
  src.planes[1] = uv;
  src.strides[1] = uv_stride;
  st = prep_plan_run_cpu (plan, &src, data, *size);
  fail_unless (st == PREP_OK, "prep_plan_run_cpu: %s", prep_status_string (st));
  prep_plan_free (plan);
  return data;
}

/* @out is in the memory of this build and every byte of every slot is the
 * engine's; a failure names @what (the frame) and the tensor, then the
 * first element that differs. */
static void
assert_output (GstBuffer * out, const PrepConfig * cfg, const guint8 * want,
    gsize size, const gchar * what)
{
  GstMapInfo map;

  fail_unless (out != NULL, "no output buffer");
  fail_unless_equals_int (gst_buffer_n_memory (out), 1);
#ifdef REFUSALS_CUDA
  fail_unless (gst_is_cuda_memory (gst_buffer_peek_memory (out, 0)),
      "the tensor is not in CUDA memory");
#endif
  fail_unless_equals_uint64 (size, (guint64) cfg->batch_size * 3 *
      cfg->out_width * cfg->out_height *
      (cfg->data_type == PREP_DTYPE_FLOAT16 ? 2 : 4));
  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless_equals_uint64 (map.size, size);
  assert_same_tensor (map.data, want, size,
      cfg->data_type == PREP_DTYPE_FLOAT16 ? 2 : 4, cfg->batch_size,
      "the engine's", "%s: %d slots of %dx%d %s", what, cfg->batch_size,
      cfg->out_width, cfg->out_height,
      cfg->data_type == PREP_DTYPE_FLOAT16 ? "float16" : "float32");
  gst_buffer_unmap (out, &map);
}

/* Pushes @f (in the memory of this build): flow OK, one tensor, the
 * engine's for @cfg and @rects. */
static void
push_check_frame (Rig * r, const Frame * f, const PrepConfig * cfg,
    const PrepRect * rects, gint n)
{
  GstBuffer *out;
  guint8 *want;
  gsize size;
  gchar what[32];

  want = expected_tensor (cfg, rects, n, f->data + f->offset[0], f->stride[0],
      f->data + f->offset[1], f->stride[1], &size);
  out = harness_push_pull (r->h, rig_input (r, f));
#ifdef REFUSALS_CUDA
  mock_cuda_check_output (out);
#endif
  /* every frame pushed is the rig's last one (rig_frame ()) */
  g_snprintf (what, sizeof (what), "frame %u", r->seed - 1);
  assert_output (out, cfg, want, size, what);
  gst_buffer_unref (out);
  g_free (want);
}

/* The same with a new frame. */
static void
push_check (Rig * r, const PrepConfig * cfg, const PrepRect * rects, gint n)
{
  Frame f;

  rig_frame (r, &f);
  push_check_frame (r, &f, cfg, rects, n);
  frame_clear (&f);
}

/* A new frame is refused: not-negotiated, no tensor. */
static void
push_not_negotiated (Rig * r)
{
  guint before = gst_harness_buffers_received (r->h);
  Frame f;

  rig_frame (r, &f);
  fail_unless_equals_int (gst_harness_push (r->h, rig_input (r, &f)),
      GST_FLOW_NOT_NEGOTIATED);
  fail_unless_equals_int (gst_harness_buffers_received (r->h), before);
  frame_clear (&f);
}

/* ------------------------------------------------------------------------ */
/* Messages                                                                  */
/* ------------------------------------------------------------------------ */

/* Pops every error and warning posted so far; their texts appended to
 * @text.  GstBaseTransform's "not negotiated" warnings are left out. */
static void
take_messages (GstBus * bus, guint * n_errors, guint * n_warnings,
    GString * text)
{
  GstMessage *msg;

  *n_errors = *n_warnings = 0;
  while ((msg = gst_bus_pop_filtered (bus,
              GST_MESSAGE_ERROR | GST_MESSAGE_WARNING)) != NULL) {
    GError *err = NULL;

    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
      gst_message_parse_error (msg, &err, NULL);
      (*n_errors)++;
    } else {
      gst_message_parse_warning (msg, &err, NULL);
      /* GstBaseTransform's own, with every not-negotiated flow */
      if (g_strcmp0 (err->message, "not negotiated") == 0) {
        g_clear_error (&err);
        gst_message_unref (msg);
        continue;
      }
      (*n_warnings)++;
    }
    GST_INFO ("message: %s", err->message);
    g_string_append_printf (text, "%s from %s: %s\n",
        GST_MESSAGE_TYPE_NAME (msg), GST_MESSAGE_SRC_NAME (msg), err->message);
    g_clear_error (&err);
    gst_message_unref (msg);
  }
}

/* The next string of a NULL-terminated list of arguments. */
static const gchar *
next_string (va_list * args)
{
  return va_arg (*args, const gchar *);
}

/* Exactly @n_errors errors and @n_warnings warnings since the last call,
 * each of @needles (NULL-terminated) in their texts. */
static void
assert_messages (Rig * r, guint n_errors, guint n_warnings, ...)
{
  GString *text = g_string_new (NULL);
  const gchar *needle;
  guint e, w;
  va_list args;

  take_messages (r->bus, &e, &w, text);
  fail_unless (e == n_errors && w == n_warnings,
      "%u errors and %u warnings, not %u and %u: %s", e, w, n_errors,
      n_warnings, text->str);
  va_start (args, n_warnings);
  while ((needle = next_string (&args)) != NULL)
    assert_contains (text, needle);
  va_end (args);
  g_string_free (text, TRUE);
}

static gchar *
get_serialized (GstElement * e, const gchar * name)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (e),
      name);
  GValue v = G_VALUE_INIT;
  gchar *s;

  fail_unless (pspec != NULL);
  g_value_init (&v, pspec->value_type);
  g_object_get_property (G_OBJECT (e), name, &v);
  s = gst_value_serialize (&v);
  g_value_unset (&v);
  return s;
}

/* The property @name of @e serializes as after set_props (@e, @props)
 * (a value in the syntax of gst-launch, compared through a scratch
 * element). */
static void
assert_property (GstElement * e, const gchar * name, const gchar * props)
{
  GstElement *ref = gst_element_factory_make ("cudapreproc", NULL);
  gchar *want, *got;

  set_props (ref, props);
  want = get_serialized (ref, name);
  got = get_serialized (e, name);
  fail_unless_equals_string (got, want);
  g_free (want);
  g_free (got);
  gst_object_unref (ref);
}

/* ------------------------------------------------------------------------ */
/* Refused, then restored                                                    */
/* ------------------------------------------------------------------------ */

#define TWO_ROIS "rois=<<0,0,8,8>,<8,8,8,8>>"

static const PrepRect two_rois[] = { {0, 0, 8, 8}, {8, 8, 8, 8} };

/* Two rois, one moved outside the frame being played: refused at once,
 * the old value kept; put back, a brighter frame fills both slots. */
GST_START_TEST (test_rois_refused_then_restored)
{
  PrepConfig cfg;
  Frame f;
  Rig r;

  rig_new (&r, "width=8 height=8 " TWO_ROIS, NULL);
  config_init (&cfg, 8, 8);
  cfg.batch_size = 2;
  fail_unless (rig_push_caps (&r));
  push_check (&r, &cfg, two_rois, 2);
  set_props (r.h->element, "rois=<<100,0,8,8>>");
  assert_messages (&r, 0, 1, "Refusing rois=",
      "ROI 0 (x=100, y=0, width=8, height=8)", "64x48 frame being played",
      "keeping the previous value", NULL);
  assert_property (r.h->element, "rois", TWO_ROIS);
  set_props (r.h->element, TWO_ROIS);
  rig_bright_frame (&r, &f);
  push_check_frame (&r, &f, &cfg, two_rois, 2);
  frame_clear (&f);
  push_check (&r, &cfg, two_rois, 2);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* The same, and the frames pushed while the refused value would have been
 * in force still give both slots. */
GST_START_TEST (test_rois_refused_frames_go_on)
{
  PrepConfig cfg;
  Rig r;

  rig_new (&r, "width=8 height=8 " TWO_ROIS, NULL);
  config_init (&cfg, 8, 8);
  cfg.batch_size = 2;
  fail_unless (rig_push_caps (&r));
  push_check (&r, &cfg, two_rois, 2);
  set_props (r.h->element, "rois=<<100,0,8,8>>");
  assert_messages (&r, 0, 1, "64x48 frame being played", NULL);
  push_check (&r, &cfg, two_rois, 2);
  push_check (&r, &cfg, two_rois, 2);
  set_props (r.h->element, TWO_ROIS);
  push_check (&r, &cfg, two_rois, 2);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* A refused value, then rois="<>": one slot, from new caps. */
GST_START_TEST (test_rois_refused_then_emptied)
{
  PrepConfig cfg;
  GstCaps *caps;
  gchar *dims;
  Rig r;

  rig_new (&r, "width=8 height=8 " TWO_ROIS, NULL);
  config_init (&cfg, 8, 8);
  cfg.batch_size = 2;
  fail_unless (rig_push_caps (&r));
  push_check (&r, &cfg, two_rois, 2);
  gst_caps_unref (last_caps_event (r.h));
  set_props (r.h->element, "rois=<<100,0,8,8>,<0,0,8,8>>");
  assert_messages (&r, 0, 1, "ROI 0 (x=100, y=0, width=8, height=8)",
      "64x48 frame being played", NULL);
  set_props (r.h->element, "rois=<>");
  cfg.batch_size = 1;
  push_check (&r, &cfg, NULL, 0);
  caps = last_caps_event (r.h);
  fail_unless (caps != NULL, "no new caps for the single slot");
  dims = g_strdup (gst_structure_get_string (gst_caps_get_structure (caps, 0),
          "dimensions"));
  fail_unless_equals_string (dims, "8:8:3:1");
  g_free (dims);
  gst_caps_unref (caps);
  push_check (&r, &cfg, NULL, 0);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* float16 refused at negotiation (the normalized values overflow it);
 * float32 back: the frames are float32 and right. */
GST_START_TEST (test_data_type_refused_then_restored)
{
  PrepConfig cfg;
  Rig r;
  gint c;

  rig_new (&r, "width=8 height=8 scale=1 std=<0.001,0.001,0.001>", NULL);
  config_init (&cfg, 8, 8);
  cfg.scale = 1;
  for (c = 0; c < 3; c++)
    cfg.std[c] = 0.001;
  fail_unless (rig_push_caps (&r));
  push_check (&r, &cfg, NULL, 0);
  set_props (r.h->element, "data-type=float16");
  push_not_negotiated (&r);
  assert_messages (&r, 1, 0, "float16", "tensor", NULL);
  set_props (r.h->element, "data-type=float32");
  push_check (&r, &cfg, NULL, 0);
  push_check (&r, &cfg, NULL, 0);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* A crop-* value that puts the crop outside the frame being played. */
static const struct
{
  const gchar *set, *text;
} crop_refusals[] = {
  {"crop-x=100", "the crop (x=100, y=4, width=32, height=24)"},
  {"crop-y=48", "the crop (x=8, y=48, width=32, height=24)"},
  {"crop-x=64", "the crop (x=64, y=4, width=32, height=24)"},
};

GST_START_TEST (test_crop_refused_while_playing)
{
  const gchar *crop = "crop-x=8 crop-y=4 crop-width=32 crop-height=24";
  gchar *props = g_strdup_printf ("width=8 height=8 %s", crop);
  gchar *name = g_strndup (crop_refusals[__i__].set,
      strchr (crop_refusals[__i__].set, '=') - crop_refusals[__i__].set);
  PrepConfig cfg;
  PrepRect at = rect (8, 4, 32, 24);
  Rig r;

  rig_new (&r, props, NULL);
  config_init (&cfg, 8, 8);
  fail_unless (rig_push_caps (&r));
  push_check (&r, &cfg, &at, 1);
  set_props (r.h->element, crop_refusals[__i__].set);
  assert_messages (&r, 0, 1, crop_refusals[__i__].set,
      crop_refusals[__i__].text, "64x48 frame being played",
      "keeping the previous value", NULL);
  assert_property (r.h->element, name, crop);
  push_check (&r, &cfg, &at, 1);
  /* restored, then moved to another good place */
  set_props (r.h->element, crop);
  push_check (&r, &cfg, &at, 1);
  set_props (r.h->element, "crop-x=30 crop-y=20");
  at = rect (30, 20, 32, 24);
  push_check (&r, &cfg, &at, 1);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
  g_free (name);
  g_free (props);
}

GST_END_TEST;

/* Before the first caps, a crop outside the frame fails negotiation; the
 * crop put right, the same caps negotiate. */
GST_START_TEST (test_crop_refused_before_caps)
{
  PrepConfig cfg;
  PrepRect at = rect (40, 0, 16, 48);
  Rig r;

  rig_new (&r, "width=8 height=8 crop-x=100 crop-width=16", NULL);
  fail_if (rig_push_caps (&r), "caps accepted with the crop outside");
  assert_messages (&r, 1, 0, "Crop (x=100, y=0, width=16, height=0)",
      "64x48 frame", NULL);
  push_not_negotiated (&r);
  set_props (r.h->element, "crop-x=40");
  fail_unless (rig_push_caps (&r), "caps refused after the crop was fixed");
  config_init (&cfg, 8, 8);
  push_check (&r, &cfg, &at, 1);
  push_check (&r, &cfg, &at, 1);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* The same with rois. */
GST_START_TEST (test_rois_refused_before_caps)
{
  PrepConfig cfg;
  Rig r;

  rig_new (&r, "width=8 height=8 rois=<<0,0,8,8>,<100,0,8,8>>", NULL);
  fail_if (rig_push_caps (&r), "caps accepted with a roi outside");
  assert_messages (&r, 1, 0, "ROI 1 (x=100, y=0, width=8, height=8)",
      "64x48 frame", NULL);
  push_not_negotiated (&r);
  set_props (r.h->element, TWO_ROIS);
  fail_unless (rig_push_caps (&r), "caps refused after the rois were fixed");
  config_init (&cfg, 8, 8);
  cfg.batch_size = 2;
  push_check (&r, &cfg, two_rois, 2);
  push_check (&r, &cfg, two_rois, 2);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* 64 slots of 2400x2331 take 4296499200 bytes, more than the 4294967295 a
 * tensor buffer holds: refused at negotiation; one slot back: right. */
GST_START_TEST (test_batch_size_refused_then_restored)
{
  PrepConfig cfg;
  Rig r;

  rig_new (&r, "width=2400 height=2331 batch-size=1", NULL);
  config_init (&cfg, 2400, 2331);
  fail_unless (rig_push_caps (&r));
  push_check (&r, &cfg, NULL, 0);
  set_props (r.h->element, "batch-size=64");
  push_not_negotiated (&r);
  assert_messages (&r, 1, 0, "4296499200 bytes", "4294967295", NULL);
  set_props (r.h->element, "batch-size=1");
  push_check (&r, &cfg, NULL, 0);
  push_check (&r, &cfg, NULL, 0);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* float16, then a std whose normalized values overflow float16: refused
 * when the plan is built; std back: right. */
GST_START_TEST (test_normalization_refused_then_restored)
{
  PrepConfig cfg;
  Rig r;

  rig_new (&r, "width=8 height=8 data-type=float16 std=<0.5,0.25,2>", NULL);
  config_init (&cfg, 8, 8);
  cfg.data_type = PREP_DTYPE_FLOAT16;
  cfg.std[0] = 0.5;
  cfg.std[1] = 0.25;
  cfg.std[2] = 2;
  fail_unless (rig_push_caps (&r));
  push_check (&r, &cfg, NULL, 0);
  set_props (r.h->element, "std=<0.5,0.00001,2>");
  push_not_negotiated (&r);
  assert_messages (&r, 1, 0, "float16", NULL);
  set_props (r.h->element, "std=<0.5,0.25,2>");
  push_check (&r, &cfg, NULL, 0);
  push_check (&r, &cfg, NULL, 0);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* A tensor of 1048576x1048576 is refused at negotiation with an error
 * naming its size; width and height back: right. */
GST_START_TEST (test_size_refused_then_restored)
{
  PrepConfig cfg;
  Rig r;

  rig_new (&r, "width=8 height=8", NULL);
  config_init (&cfg, 8, 8);
  fail_unless (rig_push_caps (&r));
  push_check (&r, &cfg, NULL, 0);
  set_props (r.h->element, "width=1048576 height=1048576");
  push_not_negotiated (&r);
  assert_messages (&r, 1, 0, "dimensions=1048576:1048576:3:1",
      "13194139533312 bytes", NULL);
  set_props (r.h->element, "width=8 height=8");
  push_check (&r, &cfg, NULL, 0);
  push_check (&r, &cfg, NULL, 0);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* Downstream fixes dimensions=8:8:3:1: layout=nhwc cannot give it (an
 * error naming both); nchw back: right. */
GST_START_TEST (test_layout_refused_then_restored)
{
  PrepConfig cfg;
  Rig r;

  rig_new (&r, "width=8 height=8", FIXED_CAPS ("8:8:3:1"));
  config_init (&cfg, 8, 8);
  fail_unless (rig_push_caps (&r));
  push_check (&r, &cfg, NULL, 0);
  set_props (r.h->element, "layout=nhwc");
  push_not_negotiated (&r);
  assert_messages (&r, 1, 0, "dimensions=8:8:3:1", "dimensions=3:8:8:1", NULL);
  set_props (r.h->element, "layout=nchw");
  push_check (&r, &cfg, NULL, 0);
  push_check (&r, &cfg, NULL, 0);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* The same before the first caps: the caps are refused with an error
 * naming both; nchw, and the same caps negotiate. */
GST_START_TEST (test_layout_refused_before_caps)
{
  PrepConfig cfg;
  Rig r;

  rig_new (&r, "width=8 height=8 layout=nhwc", FIXED_CAPS ("8:8:3:1"));
  fail_if (rig_push_caps (&r), "caps accepted");
  assert_messages (&r, 1, 0, "dimensions=8:8:3:1", "dimensions=3:8:8:1", NULL);
  push_not_negotiated (&r);
  set_props (r.h->element, "layout=nchw");
  fail_unless (rig_push_caps (&r), "caps refused after layout=nchw");
  config_init (&cfg, 8, 8);
  push_check (&r, &cfg, NULL, 0);
  push_check (&r, &cfg, NULL, 0);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* Downstream chose 8x8 (width and height unset); width=16 set while
 * playing cannot give dimensions=8:8:3:1: an error naming both, and
 * width=8 back gives the 8x8 tensor. */
GST_START_TEST (test_width_refused_then_restored)
{
  PrepConfig cfg;
  Rig r;

  rig_new (&r, "", FIXED_CAPS ("8:8:3:1"));
  config_init (&cfg, 8, 8);
  fail_unless (rig_push_caps (&r));
  push_check (&r, &cfg, NULL, 0);
  set_props (r.h->element, "width=16");
  push_not_negotiated (&r);
  assert_messages (&r, 1, 0, "dimensions=8:8:3:1", "dimensions=16:640:3:1",
      NULL);
  set_props (r.h->element, "width=8 height=8");
  push_check (&r, &cfg, NULL, 0);
  push_check (&r, &cfg, NULL, 0);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* Runs @pipeline to its end; the first error's text (to free), or NULL
 * at EOS. */
static gchar *
run_to_end (GstElement * pipeline)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;
  GString *text = g_string_new (NULL);
  guint e, w;

  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_timed_pop_filtered (bus, GST_CLOCK_TIME_NONE,
      GST_MESSAGE_ERROR | GST_MESSAGE_EOS);
  fail_unless (msg != NULL);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    GError *err = NULL;

    gst_message_parse_error (msg, &err, NULL);
    g_string_append_printf (text, "%s\n", err->message);
    g_clear_error (&err);
  }
  gst_message_unref (msg);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  take_messages (bus, &e, &w, text);
  gst_object_unref (bus);
  if (text->len == 0) {
    g_string_free (text, TRUE);
    return NULL;
  }
  return g_string_free (text, FALSE);
}

#ifndef REFUSALS_CUDA

/* ------------------------------------------------------------------------ */
/* Errors a user can act on (CPU path)                                       */
/* ------------------------------------------------------------------------ */

/* The refusals the element posted on @bus (refusal_bus ()), a line each,
 * appended to @text. */
static void
take_refusals (GstBus * bus, GString * text)
{
  GstMessage *msg;

  while ((msg = gst_bus_pop_filtered (bus, GST_MESSAGE_WARNING |
              GST_MESSAGE_ERROR)) != NULL) {
    GError *err = NULL;
    gchar *dbg = NULL;

    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_WARNING)
      gst_message_parse_warning (msg, &err, &dbg);
    else
      gst_message_parse_error (msg, &err, &dbg);
    g_string_append_printf (text, "%s\n", err->message);
    g_clear_error (&err);
    g_free (dbg);
    gst_message_unref (msg);
  }
}

/* One line logged, containing @needle, none of @absent (NULL-terminated). */
static void
assert_logged (const GString * text, const gchar * needle, ...)
{
  const gchar *a;
  va_list args;

  fail_unless (text->len > 0, "nothing logged");
  fail_unless (strchr (text->str, '\n') == text->str + text->len - 1,
      "more than one line logged: %s", text->str);
  assert_contains (text, needle);
  va_start (args, needle);
  while ((a = next_string (&args)) != NULL)
    fail_if (strstr (text->str, a) != NULL, "\"%s\" names \"%s\"",
        text->str, a);
  va_end (args);
}

typedef struct
{
  const gchar *prop, *value, *text;
} RuleCase;

static const RuleCase rule_cases[] = {
  {"mean", "<0.5,0.5>", "exactly 3 values"},
  {"std", "<1,0,1>", "the second std value is 0"},
  {"rois", "<0,0,640,360>", "<<x,y,width,height>,...>"},
};

/* The warning on the bus names the rule that was broken, and only that
 * one, and the value kept; the old value stays. */
GST_START_TEST (test_refusal_names_rule)
{
  const RuleCase *c = &rule_cases[__i__];
  GstElement *e = gst_element_factory_make ("cudapreproc", NULL);
  GString *text = g_string_new (NULL);
  GstBus *bus;
  gchar *good = g_strdup_printf ("%s=%s", c->prop,
      g_str_equal (c->prop, "rois") ? "<<1,2,3,4>>" : "<2,3,4>");

  set_props (e, good);
  bus = refusal_bus (e);
  gst_util_set_object_arg (G_OBJECT (e), c->prop, c->value);
  take_refusals (bus, text);
  gst_object_unref (bus);
  GST_INFO ("posted: %s", text->str);
  if (g_str_equal (c->prop, "rois"))
    assert_logged (text, c->text, NULL);
  else
    assert_logged (text, c->text, "finite", "non-zero", "must fit",
        g_str_equal (c->prop, "mean") ? "is 0" : "exactly 3", NULL);
  assert_contains (text, c->prop);
  assert_contains (text, "keeping the previous value");
  assert_property (e, c->prop, good);
  g_string_free (text, TRUE);
  g_free (good);
  gst_object_unref (e);
}

GST_END_TEST;

/* An array of @n integers of @type. */
static void
int_array (GValue * v, GType type, const gint * values, gint n)
{
  gint i;

  g_value_init (v, GST_TYPE_ARRAY);
  for (i = 0; i < n; i++) {
    GValue e = G_VALUE_INIT;

    g_value_init (&e, type);
    if (type == G_TYPE_INT64)
      g_value_set_int64 (&e, values[i]);
    else
      g_value_set_int (&e, values[i]);
    gst_value_array_append_and_take_value (v, &e);
  }
}

static const gint int_mean[] = { 1, 0, 2 };
static const gint int_std[] = { 2, 3, 4 };
static const PrepRect int_rois[] = { {0, 0, 8, 8}, {16, 8, 32, 24} };

#define INT_PROPS "mean=<1.0,0.0,2.0> std=<2.0,3.0,4.0> " \
    "rois=<<0,0,8,8>,<16,8,32,24>>"

/* The element with the integer values: they read back as given, and a
 * frame gives the engine's tensor for them.  Takes @e (not floating). */
static void
check_int_values (GstElement * e)
{
  PrepConfig cfg;
  GstBus *bus = gst_bus_new ();
  GstHarness *h;
  Rig r;
  gint c;

  assert_property (e, "mean", INT_PROPS);
  assert_property (e, "std", INT_PROPS);
  assert_property (e, "rois", INT_PROPS);
  config_init (&cfg, 8, 8);
  cfg.batch_size = 2;
  for (c = 0; c < 3; c++) {
    cfg.mean[c] = int_mean[c];
    cfg.std[c] = int_std[c];
  }
  h = gst_harness_new_with_element (e, "sink", "src");
  gst_element_set_bus (h->element, bus);
  memset (&r, 0, sizeof (r));
  r.h = h;
  r.bus = bus;
  r.seed = 40;
  fail_unless (rig_push_caps (&r));
  push_check (&r, &cfg, int_rois, 2);
  push_check (&r, &cfg, int_rois, 2);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
  gst_object_unref (e);
}

/* mean, std and rois of G_TYPE_INT (gst-launch) and G_TYPE_INT64 (Python's
 * Gst.ValueArray) entries are taken, silently. */
GST_START_TEST (test_integer_entries)
{
  GType type = __i__ ? G_TYPE_INT64 : G_TYPE_INT;
  GstElement *e =
      gst_object_ref_sink (gst_element_factory_make ("cudapreproc", NULL));
  GString *text = g_string_new (NULL);
  GstBus *bus;
  GValue mean = G_VALUE_INIT, std = G_VALUE_INIT, rois = G_VALUE_INIT;
  guint i;

  set_props (e, "width=8 height=8");
  int_array (&mean, type, int_mean, 3);
  int_array (&std, type, int_std, 3);
  g_value_init (&rois, GST_TYPE_ARRAY);
  for (i = 0; i < G_N_ELEMENTS (int_rois); i++) {
    const gint v[4] = { int_rois[i].x, int_rois[i].y, int_rois[i].width,
      int_rois[i].height
    };
    GValue r = G_VALUE_INIT;

    int_array (&r, type, v, 4);
    gst_value_array_append_and_take_value (&rois, &r);
  }
  bus = refusal_bus (e);
  g_object_set_property (G_OBJECT (e), "mean", &mean);
  g_object_set_property (G_OBJECT (e), "std", &std);
  g_object_set_property (G_OBJECT (e), "rois", &rois);
  take_refusals (bus, text);
  gst_element_set_bus (e, NULL);
  gst_object_unref (bus);
  fail_unless (text->len == 0, "refused: %s", text->str);
  check_int_values (e);
  g_value_unset (&mean);
  g_value_unset (&std);
  g_value_unset (&rois);
  g_string_free (text, TRUE);
}

GST_END_TEST;

/* The same values in gst-launch syntax. */
GST_START_TEST (test_integer_entries_launch)
{
  GString *text = g_string_new (NULL);
  GError *err = NULL;
  GstElement *e;
  GstBus *bus;

  /* parsed before it has a bus: a refusal would be posted at READY, which
   * check_int_values () counts */
  e = gst_parse_launch ("cudapreproc width=8 height=8 mean=<1,0,2> "
      "std=<2,3,4> rois=<<0,0,8,8>,<16,8,32,24>>", &err);
  fail_unless (err == NULL, "%s", err ? err->message : "");
  fail_unless (e != NULL);
  check_int_values (gst_object_ref_sink (e));
  /* and on a created element, the way set_props () does it */
  e = gst_object_ref_sink (gst_element_factory_make ("cudapreproc", NULL));
  bus = refusal_bus (e);
  set_props (e, "width=8 height=8 mean=<1,0,2> std=<2,3,4> "
      "rois=<<0,0,8,8>,<16,8,32,24>>");
  take_refusals (bus, text);
  gst_element_set_bus (e, NULL);
  gst_object_unref (bus);
  fail_unless (text->len == 0, "refused: %s", text->str);
  check_int_values (e);
  g_string_free (text, TRUE);
}

GST_END_TEST;

/* width and height never set: downstream's dimensions=224:224:3:1 choose
 * the size. */
GST_START_TEST (test_downstream_chooses_size)
{
  PrepConfig cfg;
  GstCaps *caps;
  Rig r;

  rig_new (&r, "", FIXED_CAPS ("224:224:3:1"));
  fail_unless (rig_push_caps (&r), "caps refused");
  config_init (&cfg, 224, 224);
  push_check (&r, &cfg, NULL, 0);
  caps = last_caps_event (r.h);
  fail_unless (caps != NULL);
  fail_unless_equals_string (gst_structure_get_string (gst_caps_get_structure
          (caps, 0), "dimensions"), "224:224:3:1");
  gst_caps_unref (caps);
  push_check (&r, &cfg, NULL, 0);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* batch-size 0 and no rois: downstream's dimensions=16:12:3:4 choose the
 * batch (slot 0 the frame, the others the pad value). */
GST_START_TEST (test_downstream_chooses_batch)
{
  PrepConfig cfg;
  Rig r;

  rig_new (&r, "width=16 height=12", FIXED_CAPS ("16:12:3:4"));
  fail_unless (rig_push_caps (&r), "caps refused");
  config_init (&cfg, 16, 12);
  cfg.batch_size = 4;
  push_check (&r, &cfg, NULL, 0);
  push_check (&r, &cfg, NULL, 0);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* width=640 set, downstream wants 224x224: an error naming both. */
GST_START_TEST (test_downstream_refused_explicit_width)
{
  Rig r;

  rig_new (&r, "width=640", FIXED_CAPS ("224:224:3:1"));
  fail_if (rig_push_caps (&r), "caps accepted");
  assert_messages (&r, 1, 0, "dimensions=224:224:3:1",
      "dimensions=640:640:3:1", NULL);
  push_not_negotiated (&r);
  rig_free (&r);
}

GST_END_TEST;

/* The pipeline's input and output buffers, taken on the way. */
typedef struct
{
  GstBuffer *in, *out;
  GstCaps *in_caps;
} Taken;

static GstPadProbeReturn
take_input (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Taken *t = user_data;

  if (t->in == NULL) {
    t->in = gst_buffer_ref (GST_PAD_PROBE_INFO_BUFFER (info));
    t->in_caps = gst_pad_get_current_caps (pad);
  }
  return GST_PAD_PROBE_OK;
}

static void
take_output (GstElement * sink, GstBuffer * buf, GstPad * pad,
    gpointer user_data)
{
  Taken *t = user_data;

  if (t->out == NULL)
    t->out = gst_buffer_ref (buf);
}

/* The same in a real pipeline: the caps and the tensor of a videotestsrc
 * frame. */
GST_START_TEST (test_downstream_chooses_size_pipeline)
{
  GError *err = NULL;
  GstElement *pipeline = gst_parse_launch ("videotestsrc num-buffers=1 "
      "pattern=smpte ! video/x-raw,format=NV12,width=64,height=48 ! "
      "cudapreproc name=p ! capsfilter caps=\"other/tensors,format=static,"
      "num_tensors=1,types=float32,dimensions=224:224:3:1\" ! "
      "fakesink name=s signal-handoffs=true", &err);
  GstElement *p, *s;
  GstPad *sink;
  GstVideoInfo info;
  GstVideoFrame frame;
  PrepConfig cfg;
  Taken t = { NULL, NULL, NULL };
  guint8 *want;
  gsize size;
  gchar *error;

  fail_unless (err == NULL, "%s", err ? err->message : "");
  p = gst_bin_get_by_name (GST_BIN (pipeline), "p");
  s = gst_bin_get_by_name (GST_BIN (pipeline), "s");
  sink = gst_element_get_static_pad (p, "sink");
  gst_pad_add_probe (sink, GST_PAD_PROBE_TYPE_BUFFER, take_input, &t, NULL);
  g_signal_connect (s, "handoff", G_CALLBACK (take_output), &t);
  error = run_to_end (pipeline);
  fail_unless (error == NULL, "%s", error);
  fail_unless (t.in != NULL && t.out != NULL && t.in_caps != NULL);
  fail_unless (gst_video_info_from_caps (&info, t.in_caps));
  fail_unless (info.colorimetry.matrix == GST_VIDEO_COLOR_MATRIX_BT601 &&
      info.colorimetry.range == GST_VIDEO_COLOR_RANGE_16_235,
      "videotestsrc's 64x48 NV12 is no longer bt601 limited range");
  config_init (&cfg, 224, 224);
  fail_unless (gst_video_frame_map (&frame, &info, t.in, GST_MAP_READ));
  want = expected_tensor (&cfg, NULL, 0,
      GST_VIDEO_FRAME_PLANE_DATA (&frame, 0),
      GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0),
      GST_VIDEO_FRAME_PLANE_DATA (&frame, 1),
      GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 1), &size);
  gst_video_frame_unmap (&frame);
  assert_output (t.out, &cfg, want, size, "the videotestsrc frame");
  g_free (want);
  gst_buffer_unref (t.in);
  gst_buffer_unref (t.out);
  gst_caps_unref (t.in_caps);
  gst_object_unref (sink);
  gst_object_unref (p);
  gst_object_unref (s);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* cuda-device-id is refused in PLAYING (a warning, the value stays), and
 * taken again once the element is back in NULL. */
GST_START_TEST (test_device_id_refused_playing)
{
  GstState state;
  gint id = 0;
  Rig r;

  rig_new (&r, "width=8 height=8", NULL);
  gst_harness_play (r.h);
  fail_unless_equals_int (gst_element_get_state (r.h->element, &state, NULL,
          0), GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (state, GST_STATE_PLAYING);
  g_object_set (r.h->element, "cuda-device-id", 1, NULL);
  assert_messages (&r, 0, 1, "cuda-device-id=1", "PLAYING", NULL);
  g_object_get (r.h->element, "cuda-device-id", &id, NULL);
  fail_unless_equals_int (id, -1);
  fail_unless_equals_int (gst_element_set_state (r.h->element,
          GST_STATE_NULL), GST_STATE_CHANGE_SUCCESS);
  g_object_set (r.h->element, "cuda-device-id", 1, NULL);
  g_object_get (r.h->element, "cuda-device-id", &id, NULL);
  fail_unless_equals_int (id, 1);
  assert_messages (&r, 0, 0, NULL);
  rig_free (&r);
}

GST_END_TEST;

/* A tensor too large for any buffer ends the stream with an error that
 * names its byte count, never an abort. */
GST_START_TEST (test_too_large_pipeline_error)
{
  GError *err = NULL;
  GstElement *pipeline = gst_parse_launch ("videotestsrc num-buffers=1 ! "
      "video/x-raw,format=NV12,width=64,height=48 ! "
      "cudapreproc width=1048576 height=1048576 ! fakesink", &err);
  gchar *error, *bytes;

  fail_unless (err == NULL, "%s", err ? err->message : "");
  error = run_to_end (pipeline);
  fail_unless (error != NULL, "the pipeline ran to EOS");
  bytes = g_strdup_printf ("%" G_GUINT64_FORMAT " bytes",
      (guint64) 1048576 * 1048576 * 3 * 4);
  fail_unless (strstr (error, bytes) != NULL, "\"%s\" does not name %s",
      error, bytes);
  g_free (bytes);
  g_free (error);
  gst_object_unref (pipeline);
}

GST_END_TEST;

#endif /* !REFUSALS_CUDA */

static const gchar *cuda_only_pipelines[] = {
  "videotestsrc num-buffers=1 ! video/x-raw,format=NV12,width=64,height=48 ! "
      "cudapreproc width=8 height=8 ! other/tensors(memory:CUDAMemory) ! "
      "fakesink",
  "videotestsrc num-buffers=1 ! video/x-raw,format=NV12,width=64,height=48 ! "
      "b.sink_0 cudapreprocbatch name=b width=8 height=8 ! "
      "other/tensors(memory:CUDAMemory) ! fakesink",
};

/* Downstream taking the tensor only in CUDA memory, and system-memory
 * video in: the pipeline links, and the error says what is missing: CUDA
 * (no driver, or a build without the CUDA path), or else video in CUDA
 * memory (the mock driver here); not "could not link" nor a shape. */
GST_START_TEST (test_cuda_only_downstream)
{
  GError *err = NULL;
  GstElement *pipeline = gst_parse_launch (cuda_only_pipelines[__i__], &err);
  GModule *driver = g_module_open ("libcuda.so.1", G_MODULE_BIND_LAZY);
  const gchar *reason;
  gchar *error;

#ifdef REFUSALS_CUDA
  reason = "but the input is in system memory: a CUDA tensor is made from "
      "video in CUDA memory";
#else
  reason = driver == NULL ? "and CUDA cannot be used: " : "";
#endif
  g_clear_pointer (&driver, g_module_close);
  fail_unless (err == NULL, "%s", err ? err->message : "");
  error = run_to_end (pipeline);
  fail_unless (error != NULL, "the pipeline ran to EOS");
  fail_unless (g_str_has_prefix (error, "Downstream takes the tensor only in "
          "CUDA memory, "), "%s", error);
  fail_unless (strstr (error, reason) != NULL, "\"%s\" does not say \"%s\"",
      error, reason);
  g_free (error);
  gst_object_unref (pipeline);
}

GST_END_TEST;

static Suite *
refusals_suite (void)
{
#ifdef REFUSALS_CUDA
  Suite *s = suite_create ("cudapreproc-refusals-cuda");
#else
  Suite *s = suite_create ("cudapreproc-refusals");
  TCase *user = tcase_create ("user-errors");
#endif
  TCase *restore = tcase_create ("restore");

  suite_add_tcase (s, restore);
  tcase_add_test (restore, test_rois_refused_then_restored);
  tcase_add_test (restore, test_rois_refused_frames_go_on);
  tcase_add_test (restore, test_rois_refused_then_emptied);
  tcase_add_test (restore, test_data_type_refused_then_restored);
  tcase_add_loop_test (restore, test_crop_refused_while_playing, 0,
      G_N_ELEMENTS (crop_refusals));
  tcase_add_test (restore, test_crop_refused_before_caps);
  tcase_add_test (restore, test_rois_refused_before_caps);
  tcase_add_test (restore, test_batch_size_refused_then_restored);
  tcase_add_test (restore, test_normalization_refused_then_restored);
  tcase_add_test (restore, test_size_refused_then_restored);
  tcase_add_test (restore, test_layout_refused_before_caps);
  /* a shape property changed while playing that downstream's fixed
   * dimensions cannot take leaves the caps as they are: GstBaseTransform
   * does not call set_caps (), and the plan's check must refuse it */
  tcase_add_test (restore, test_layout_refused_then_restored);
  tcase_add_test (restore, test_width_refused_then_restored);
  tcase_add_loop_test (restore, test_cuda_only_downstream, 0,
      G_N_ELEMENTS (cuda_only_pipelines));
#ifndef REFUSALS_CUDA
  suite_add_tcase (s, user);
  tcase_add_loop_test (user, test_refusal_names_rule, 0,
      G_N_ELEMENTS (rule_cases));
  tcase_add_loop_test (user, test_integer_entries, 0, 2);
  tcase_add_test (user, test_integer_entries_launch);
  tcase_add_test (user, test_downstream_chooses_size);
  tcase_add_test (user, test_downstream_chooses_batch);
  tcase_add_test (user, test_downstream_refused_explicit_width);
  tcase_add_test (user, test_downstream_chooses_size_pipeline);
  tcase_add_test (user, test_device_id_refused_playing);
  tcase_add_test (user, test_too_large_pipeline_error);
#endif
  return s;
}

GST_CHECK_MAIN (refusals);
