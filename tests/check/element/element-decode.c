/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* `filesrc ! decodebin ! cudapreproc` on clips the test encodes itself
 * (64x48, 3 frames of videotestsrc, in Matroska): a 4:2:2 H.264 stream
 * (x264enc, High 4:2:2) that avdec_h264 decodes to Y42B, a 10-bit HEVC
 * stream (x265enc, Main 10) that avdec_h265 decodes to I420_10LE, and a
 * 10-bit 4:2:2 HEVC stream (Main 4:2:2 10) decoded to I422_10LE.  Each
 * case checks that the decoder's caps reaching cudapreproc are that
 * format, that the pipeline holds the decoder and no converter, and that
 * each tensor is the CPU engine's for the decoded frame, byte for byte,
 * and within the reference model's bound (tests/reference/).
 *
 * The encoders and decoders are optional: a case whose elements are not
 * registered prints "SKIP: <case>: <elements> missing" and is left out;
 * when every case is, the program exits 77 (meson's skip).  The plugins
 * come from a private system plugin dir (tests/check/element/meson.build)
 * that has the core elements, playback, typefind, matroska, the parsers,
 * x264, x265, libav and videotestsrc where they are installed, and no
 * videoconvert. */

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gst/check/gstcheck.h>
#include <gst/video/video.h>

#include "prep.h"
#include "ref-model.h"

#define CLIP_W 64
#define CLIP_H 48
#define CLIP_FRAMES 3
#define OUT_W 40
#define OUT_H 40

typedef struct
{
  const gchar *name;
  const gchar *raw_format;      /* what the encoder is given */
  const gchar *encoder, *parser, *decoder;
  const gchar *decoded_format;  /* what the decoder must give */
} DecodeCase;

static const DecodeCase decode_cases[] = {
  {"H.264 4:2:2 (x264enc) -> avdec_h264 -> Y42B", "Y42B", "x264enc",
      "h264parse", "avdec_h264", "Y42B"},
  {"HEVC Main 10 (x265enc) -> avdec_h265 -> I420_10LE", "I420_10LE",
      "x265enc", "h265parse", "avdec_h265", "I420_10LE"},
  {"HEVC Main 4:2:2 10 (x265enc) -> avdec_h265 -> I422_10LE", "I422_10LE",
      "x265enc", "h265parse", "avdec_h265", "I422_10LE"},
};

/* The cases whose elements are registered (main ()), in order. */
static guint runnable[G_N_ELEMENTS (decode_cases)];
static guint n_runnable;

/* Whether @factory's templates take (@sink) or give video/x-raw of
 * @format (an encoder built without 10-bit support does not take
 * I420_10LE). */
static gboolean
factory_has_format (GstElementFactory * factory, const gchar * format,
    gboolean sink)
{
  GstCaps *caps = gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING,
      format, NULL);
  gboolean ok = sink ? gst_element_factory_can_sink_any_caps (factory, caps) :
      gst_element_factory_can_src_any_caps (factory, caps);

  gst_caps_unref (caps);
  return ok;
}

/* What case @c lacks: the elements that are not registered, or an encoder
 * or decoder without the case's format, as "a, b missing" (to free); NULL
 * when nothing is. */
static gchar *
missing_elements (const DecodeCase * c)
{
  const gchar *names[] = { "videotestsrc", c->encoder, c->parser,
    "matroskamux", "filesink", "filesrc", "decodebin", "matroskademux",
    c->decoder, "fakesink", "cudapreproc"
  };
  GString *missing = g_string_new (NULL);
  guint i;

  for (i = 0; i < G_N_ELEMENTS (names); i++) {
    GstElementFactory *f = gst_element_factory_find (names[i]);

    if (f == NULL) {
      g_string_append_printf (missing, "%s%s", missing->len ? ", " : "",
          names[i]);
      continue;
    }
    if (names[i] == c->encoder && !factory_has_format (f, c->raw_format, TRUE))
      g_string_append_printf (missing, "%s%s with %s", missing->len ? ", " :
          "", names[i], c->raw_format);
    if (names[i] == c->decoder && !factory_has_format (f, c->decoded_format,
            FALSE))
      g_string_append_printf (missing, "%s%s with %s", missing->len ? ", " :
          "", names[i], c->decoded_format);
    gst_object_unref (f);
  }
  if (missing->len == 0) {
    g_string_free (missing, TRUE);
    return NULL;
  }
  g_string_append (missing, " missing");
  return g_string_free (missing, FALSE);
}

/* The pipeline holds @decoder and no element that converts video. */
static void
check_elements (GstElement * pipeline, const gchar * decoder)
{
  GstIterator *it = gst_bin_iterate_recurse (GST_BIN (pipeline));
  GValue v = G_VALUE_INIT;
  gboolean found = FALSE;

  while (gst_iterator_next (it, &v) == GST_ITERATOR_OK) {
    GstElementFactory *f = gst_element_get_factory (g_value_get_object (&v));
    const gchar *name = f ? GST_OBJECT_NAME (f) : "";

    fail_if (g_str_has_prefix (name, "videoconvert") ||
        g_str_has_prefix (name, "autovideoconvert") ||
        g_str_has_prefix (name, "videoscale"), "%s in the pipeline", name);
    found |= g_strcmp0 (name, decoder) == 0;
    g_value_reset (&v);
  }
  g_value_unset (&v);
  gst_iterator_free (it);
  fail_unless (found, "decodebin did not use %s", decoder);
}

/* Runs @pipeline to EOS; fails on an error message.  With @decoder, checks
 * the elements decodebin plugged before they are removed (check_elements
 * ()). */
static void
run_to_eos (GstElement * pipeline, const gchar * what, const gchar * decoder)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;

  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE, "%s: cannot start", what);
  msg = gst_bus_timed_pop_filtered (bus, 60 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "%s: no EOS within 60 s", what);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    GError *err = NULL;
    gchar *dbg = NULL;

    gst_message_parse_error (msg, &err, &dbg);
    fail ("%s: error from %s: %s (%s)", what, GST_OBJECT_NAME (msg->src),
        err->message, dbg ? dbg : "");
  }
  gst_message_unref (msg);
  gst_object_unref (bus);
  if (decoder != NULL)
    check_elements (pipeline, decoder);
  gst_element_set_state (pipeline, GST_STATE_NULL);
}

/* The clip of case @c, encoded into @path. */
static void
encode_clip (const DecodeCase * c, const gchar * path)
{
  gchar *desc = g_strdup_printf ("videotestsrc num-buffers=%d pattern=smpte "
      "! video/x-raw, format=%s, width=%d, height=%d, framerate=30/1 ! %s ! "
      "%s ! matroskamux ! filesink location=\"%s\"", CLIP_FRAMES,
      c->raw_format, CLIP_W, CLIP_H, c->encoder, c->parser, path);
  GError *err = NULL;
  GstElement *pipeline = gst_parse_launch (desc, &err);

  fail_unless (pipeline != NULL, "%s: %s", desc, err ? err->message : "");
  run_to_eos (pipeline, desc, NULL);
  gst_object_unref (pipeline);
  g_free (desc);
}

/* What a probe on a pad saw: the caps and each buffer. */
typedef struct
{
  GstCaps *caps;
  GPtrArray *buffers;
} Seen;

static GstPadProbeReturn
seen_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Seen *seen = user_data;

  if (info->type & GST_PAD_PROBE_TYPE_BUFFER) {
    g_ptr_array_add (seen->buffers,
        gst_buffer_ref (GST_PAD_PROBE_INFO_BUFFER (info)));
  } else {
    GstEvent *ev = GST_PAD_PROBE_INFO_EVENT (info);
    GstCaps *caps;

    if (GST_EVENT_TYPE (ev) == GST_EVENT_CAPS) {
      gst_event_parse_caps (ev, &caps);
      gst_caps_replace (&seen->caps, caps);
    }
  }
  return GST_PAD_PROBE_OK;
}

/* The engine's format named @name. */
static PrepFormat
engine_format (const gchar * name)
{
  gint f;

  for (f = 0; f < PREP_FORMAT_COUNT; f++)
    if (g_strcmp0 (prep_format_name ((PrepFormat) f), name) == 0)
      return (PrepFormat) f;
  fail ("no engine format %s", name);
  return PREP_FORMAT_NV12;
}

/* The tensor @got of the decoded frame @in (caps @info): the CPU engine's
 * bytes, and within 1e-4 of the reference model. */
static void
check_tensor (const GstVideoInfo * info, GstBuffer * in, GstBuffer * got,
    const gchar * what)
{
  GstVideoFrame vf;
  GstMapInfo map;
  PrepConfig cfg;
  PrepRect whole = { 0, 0, CLIP_W, CLIP_H };
  PrepPlan *plan = NULL;
  PrepFrame frame;
  RefConfig rc;
  RefImage img;
  gfloat *want, v;
  gdouble *ref, err = 0.0;
  gsize bytes, n, i;
  guint p;

  prep_config_init (&cfg);
  cfg.format = engine_format (gst_video_format_to_string
      (GST_VIDEO_INFO_FORMAT (info)));
  cfg.src_width = CLIP_W;
  cfg.src_height = CLIP_H;
  cfg.out_width = OUT_W;
  cfg.out_height = OUT_H;
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  cfg.pad_value = 114;
  cfg.matrix = PREP_MATRIX_BT601;
  cfg.range = PREP_RANGE_LIMITED;
  fail_unless_equals_int (prep_plan_new (&cfg, &whole, 1, &plan), PREP_OK);
  bytes = prep_plan_output_bytes (plan);
  want = g_malloc (bytes);
  fail_unless (gst_video_frame_map (&vf, info, in, GST_MAP_READ));
  prep_frame_init (&frame, cfg.format, CLIP_W, CLIP_H);
  ref_config_defaults (&rc);
  rc.format = prep_format_name (cfg.format);
  rc.src_width = CLIP_W;
  rc.src_height = CLIP_H;
  rc.crop_width = CLIP_W;
  rc.crop_height = CLIP_H;
  rc.out_width = OUT_W;
  rc.out_height = OUT_H;
  rc.letterbox = 1;
  rc.pad_value = 114;
  rc.matrix = REF_MATRIX_BT601;
  for (p = 0; p < GST_VIDEO_FRAME_N_PLANES (&vf); p++) {
    frame.planes[p] = GST_VIDEO_FRAME_PLANE_DATA (&vf, p);
    frame.strides[p] = GST_VIDEO_FRAME_PLANE_STRIDE (&vf, p);
    img.plane[p] = frame.planes[p];
    img.stride[p] = frame.strides[p];
  }
  fail_unless_equals_int (prep_plan_run_cpu (plan, &frame, want, bytes),
      PREP_OK);
  n = ref_tensor_elements (&rc);
  fail_unless_equals_uint64 (n * sizeof (gfloat), bytes);
  ref = g_new (gdouble, n);
  ref_run (&rc, &img, ref);
  gst_video_frame_unmap (&vf);

  fail_unless_equals_uint64 (gst_buffer_get_size (got), bytes);
  fail_unless (gst_buffer_map (got, &map, GST_MAP_READ));
  for (i = 0; i < n; i++) {
    memcpy (&v, map.data + i * sizeof (gfloat), sizeof (gfloat));
    fail_unless (memcmp (&v, &want[i], sizeof (gfloat)) == 0, "%s: element "
        "%" G_GSIZE_FORMAT " is %.9g, the CPU engine's %.9g", what, i, v,
        want[i]);
    err = MAX (err, fabs (v - ref[i]));
  }
  gst_buffer_unmap (got, &map);
  fail_unless (err <= 1e-4, "%s: %g from the reference model", what, err);
  g_free (ref);
  g_free (want);
  prep_plan_free (plan);
}

GST_START_TEST (test_decodebin)
{
  const DecodeCase *c = &decode_cases[runnable[__i__]];
  gchar *dir = g_dir_make_tmp ("cudapreproc-decode-XXXXXX", NULL);
  gchar *path = g_build_filename (dir, "clip.mkv", NULL);
  gchar *desc = g_strdup_printf ("filesrc location=\"%s\" ! decodebin ! "
      "cudapreproc name=prep width=%d height=%d aspect=letterbox "
      "pad-value=114 color-matrix=bt601 color-range=limited ! "
      "fakesink sync=false", path, OUT_W, OUT_H);
  Seen in = { NULL, g_ptr_array_new_with_free_func ((GDestroyNotify)
        gst_buffer_unref)
  };
  Seen out = { NULL, g_ptr_array_new_with_free_func ((GDestroyNotify)
        gst_buffer_unref)
  };
  GstElement *pipeline, *prep;
  GstPad *sinkpad, *srcpad;
  GstVideoInfo info;
  GError *err = NULL;
  guint i;

  GST_INFO ("case %s", c->name);
  fail_unless (dir != NULL);
  encode_clip (c, path);

  pipeline = gst_parse_launch (desc, &err);
  fail_unless (pipeline != NULL, "%s: %s", desc, err ? err->message : "");
  prep = gst_bin_get_by_name (GST_BIN (pipeline), "prep");
  sinkpad = gst_element_get_static_pad (prep, "sink");
  srcpad = gst_element_get_static_pad (prep, "src");
  gst_pad_add_probe (sinkpad, GST_PAD_PROBE_TYPE_BUFFER |
      GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, seen_probe, &in, NULL);
  gst_pad_add_probe (srcpad, GST_PAD_PROBE_TYPE_BUFFER |
      GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, seen_probe, &out, NULL);
  run_to_eos (pipeline, desc, c->decoder);

  /* the decoder's own format reached cudapreproc */
  fail_unless (in.caps != NULL, "%s: no caps reached cudapreproc", c->name);
  GST_INFO ("%s: %" GST_PTR_FORMAT, c->name, in.caps);
  fail_unless (gst_video_info_from_caps (&info, in.caps));
  fail_unless_equals_string (gst_video_format_to_string
      (GST_VIDEO_INFO_FORMAT (&info)), c->decoded_format);
  fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&info), CLIP_W);
  fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&info), CLIP_H);
  /* a 40x40 NCHW float32 tensor per frame */
  fail_unless (out.caps != NULL, "%s: no tensor caps", c->name);
  fail_unless_equals_string (gst_structure_get_string (gst_caps_get_structure
          (out.caps, 0), "dimensions"), "40:40:3:1");
  fail_unless_equals_int (in.buffers->len, CLIP_FRAMES);
  fail_unless_equals_int (out.buffers->len, CLIP_FRAMES);
  for (i = 0; i < CLIP_FRAMES; i++) {
    gchar *what = g_strdup_printf ("%s, frame %u", c->name, i);

    check_tensor (&info, g_ptr_array_index (in.buffers, i),
        g_ptr_array_index (out.buffers, i), what);
    g_free (what);
  }

  g_ptr_array_unref (in.buffers);
  g_ptr_array_unref (out.buffers);
  gst_caps_unref (in.caps);
  gst_caps_unref (out.caps);
  gst_object_unref (sinkpad);
  gst_object_unref (srcpad);
  gst_object_unref (prep);
  gst_object_unref (pipeline);
  g_unlink (path);
  g_rmdir (dir);
  g_free (desc);
  g_free (path);
  g_free (dir);
}

GST_END_TEST;

static Suite *
decode_suite (void)
{
  Suite *s = suite_create ("decode");
  TCase *tc = tcase_create ("decodebin");

  tcase_set_timeout (tc, 120);
  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_decodebin, 0, n_runnable);
  return s;
}

int
main (int argc, char **argv)
{
  guint i;

  gst_check_init (&argc, &argv);
  for (i = 0; i < G_N_ELEMENTS (decode_cases); i++) {
    gchar *missing = missing_elements (&decode_cases[i]);

    if (missing == NULL) {
      runnable[n_runnable++] = i;
      continue;
    }
    g_print ("SKIP: %s: %s\n", decode_cases[i].name, missing);
    g_free (missing);
  }
  if (n_runnable == 0) {
    g_print ("decode: every case skipped (needs gstreamer1.0-plugins-ugly "
        "(x264enc), gstreamer1.0-plugins-bad (x265enc, h264parse, "
        "h265parse), gstreamer1.0-plugins-good (matroska) and "
        "gstreamer1.0-libav (avdec_h264, avdec_h265))\n");
    return 77;
  }
  return gst_check_run_suite (decode_suite (), "decode", __FILE__);
}
