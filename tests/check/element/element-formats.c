/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Input formats, colour overrides, gray and integer tensors through the
 * element (CPU path): every format of the sink template negotiates and
 * gives the engine's bytes for its frames (GStreamer's default layout, and
 * a video meta with padded strides); color-matrix and color-range replace
 * the caps' colorimetry; channel-order=gray and data-type=uint8/int8 give
 * their caps and bytes; a format outside the list is refused with a
 * message naming it.  The engine itself is checked against the reference
 * model for every format in ../engine/formats.c. */

#include <math.h>

#include "element-common.h"
#include "ref-model.h"

/* GStreamer's name of engine format @f. */
static GstVideoFormat
video_format (PrepFormat f)
{
  return gst_video_format_from_string (prep_format_name (f));
}

static gchar *
format_caps (PrepFormat f, gint w, gint h, const gchar * colorimetry)
{
  return g_strdup_printf ("video/x-raw, format=(string)%s, width=(int)%d, "
      "height=(int)%d, framerate=(fraction)30/1%s%s", prep_format_name (f), w,
      h, colorimetry ? ", colorimetry=(string)" : "",
      colorimetry ? colorimetry : "");
}

/* The configuration `width=@ow height=@oh` means for a frame of @f without
 * colorimetry: GStreamer's defaults, BT.601 limited for YUV at these sizes,
 * full range for RGB and GRAY8. */
static void
format_config (PrepConfig * cfg, PrepFormat f, gint w, gint h, gint ow, gint oh)
{
  const GstVideoFormatInfo *info = gst_video_format_get_info (video_format (f));

  prep_config_init (cfg);
  cfg->format = f;
  cfg->src_width = w;
  cfg->src_height = h;
  cfg->out_width = ow;
  cfg->out_height = oh;
  cfg->matrix = default_matrix (h);
  cfg->range = GST_VIDEO_FORMAT_INFO_IS_YUV (info) &&
      !GST_VIDEO_FORMAT_INFO_IS_GRAY (info) ? PREP_RANGE_LIMITED :
      PREP_RANGE_FULL;
}

/* @f padded: each stride 13 bytes more than GStreamer's, the planes 7
 * bytes apart, described by a video meta. */
static void
frame_init_padded (Frame * f, PrepFormat format, gint w, gint h, guint32 seed)
{
  GstVideoInfo info;
  guint p, n;
  gsize at = 5;

  frame_init_format (f, video_format (format), w, h, seed);
  g_free (f->data);
  gst_video_info_set_format (&info, f->format, w, h);
  n = GST_VIDEO_INFO_N_PLANES (&info);
  for (p = 0; p < n; p++) {
    /* the plane's rows in GStreamer's contiguous default layout */
    gsize end = p + 1 < n ? info.offset[p + 1] : info.size;
    gsize rows = (end - info.offset[p]) / (gsize) info.stride[p];

    f->stride[p] = info.stride[p] + 13;
    f->offset[p] = at;
    at += (gsize) f->stride[p] * rows + 7;
  }
  f->size = at;
  f->meta = TRUE;
  frame_fill_random (f, seed);
}

/* Every format: GStreamer's layout, then padded planes with a video meta,
 * each the engine's bytes. */
GST_START_TEST (test_format_output)
{
  PrepFormat format = (PrepFormat) __i__;
  gchar *caps = format_caps (format, 45, 31, NULL);
  GstBus *bus;
  GstHarness *h = harness_new ("width=20 height=14 aspect=letterbox", &bus);
  gchar *what = g_strdup_printf ("%s 45x31", prep_format_name (format));
  PrepConfig cfg;
  Frame f;

  format_config (&cfg, format, 45, 31, 20, 14);
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  fail_unless (harness_push_caps (h, caps), "%s: caps refused", what);
  frame_init_format (&f, video_format (format), 45, 31, 300 + __i__);
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, what);
  frame_clear (&f);
  frame_init_padded (&f, format, 45, 31, 400 + __i__);
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, what);
  frame_clear (&f);
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_WARNING, NULL), 0);
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_ERROR, NULL), 0);
  g_free (what);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* color-matrix and color-range win over the caps' bt709; auto follows
 * them, also when set back while playing. */
GST_START_TEST (test_color_overrides)
{
  gchar *caps = format_caps (PREP_FORMAT_I420, 64, 48, "bt709");
  GstBus *bus;
  GstHarness *h = harness_new ("width=16 height=16 color-matrix=bt601 "
      "color-range=full", &bus);
  PrepConfig cfg;
  Frame f;

  format_config (&cfg, PREP_FORMAT_I420, 64, 48, 16, 16);
  fail_unless (harness_push_caps (h, caps));
  frame_init_format (&f, GST_VIDEO_FORMAT_I420, 64, 48, 77);
  cfg.matrix = PREP_MATRIX_BT601;
  cfg.range = PREP_RANGE_FULL;
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, "bt601 full");
  set_props (h->element, "color-matrix=auto color-range=auto");
  cfg.matrix = PREP_MATRIX_BT709;
  cfg.range = PREP_RANGE_LIMITED;
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, "caps' bt709");
  set_props (h->element, "color-matrix=bt2020");
  cfg.matrix = PREP_MATRIX_BT2020;
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, "bt2020 limited");
  frame_clear (&f);
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_WARNING, NULL), 0);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* The float32 tensor @out (a 3-channel NCHW stretch of the whole frame
 * @f, scale 1/255) within 1e-4 of the reference model (tests/reference/)
 * of @cfg's format, sizes and colour options; takes @out. */
static void
assert_reference (GstBuffer * out, const PrepConfig * cfg, const Frame * f,
    const gchar * what)
{
  RefConfig rc;
  RefImage img;
  GstMapInfo map;
  double *ref;
  size_t n, i;
  int p;

  ref_config_defaults (&rc);
  rc.format = prep_format_name (cfg->format);
  rc.src_width = rc.crop_width = cfg->src_width;
  rc.src_height = rc.crop_height = cfg->src_height;
  rc.out_width = cfg->out_width;
  rc.out_height = cfg->out_height;
  rc.matrix = cfg->matrix == PREP_MATRIX_BT709 ? REF_MATRIX_BT709 :
      (cfg->matrix == PREP_MATRIX_BT2020 ? REF_MATRIX_BT2020 :
      REF_MATRIX_BT601);
  rc.full_range = cfg->range == PREP_RANGE_FULL;
  rc.color = (int) cfg->color_conversion;
  rc.chroma_bilinear = cfg->chroma_interpolation == PREP_CHROMA_BILINEAR;
  rc.chroma_h_cosited = (cfg->chroma_site & PREP_CHROMA_SITE_H_COSITED) != 0;
  rc.chroma_v_cosited = (cfg->chroma_site & PREP_CHROMA_SITE_V_COSITED) != 0;
  for (p = 0; p < 3; p++) {
    img.plane[p] = f->data + f->offset[p];
    img.stride[p] = f->stride[p];
  }
  n = ref_tensor_elements (&rc);
  ref = g_new (double, n);
  ref_run (&rc, &img, ref);
  fail_unless (out != NULL, "%s: no output buffer", what);
  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless_equals_int (map.size, n * sizeof (gfloat));
  for (i = 0; i < n; i++) {
    gfloat v;

    memcpy (&v, map.data + i * sizeof (gfloat), sizeof (gfloat));
    fail_unless (fabs (v - ref[i]) <= 1e-4, "%s: element %zu is %.9g, the "
        "reference %.9g", what, i, v, ref[i]);
  }
  gst_buffer_unmap (out, &map);
  gst_buffer_unref (out);
  g_free (ref);
}

/* color-conversion and chroma-interpolation=bilinear: the caps'
 * chroma-site reaches the engine (mpeg2: horizontally cosited; jpeg:
 * centered; the two give other bytes on this frame), the output is the
 * engine's and the reference model's; opencv ignores the caps' bt709 and
 * color-matrix. */
GST_START_TEST (test_color_conversion_output)
{
  static const struct
  {
    const gchar *site;
    gint flags;
  } sites[] = {
    {"mpeg2", PREP_CHROMA_SITE_H_COSITED}, {"jpeg", 0},
    {"dv", PREP_CHROMA_SITE_H_COSITED | PREP_CHROMA_SITE_V_COSITED},
    /* no chroma-site: unknown, centered */
    {NULL, 0},
  };
  static const gchar *const conversions[] = { "exact", "opencv",
    "opencv-8bit"
  };
  GstBus *bus;
  GstHarness *h = harness_new ("width=20 height=14 color-matrix=bt2020 "
      "chroma-interpolation=bilinear", &bus);
  PrepConfig cfg, other;
  GstBuffer *out;
  gsize size;
  gfloat *a, *b;
  gchar *caps, *what, *props;
  guint i, k;
  Frame f;

  frame_init_format (&f, GST_VIDEO_FORMAT_I420, 64, 48, 91);
  for (k = 0; k < G_N_ELEMENTS (conversions); k++) {
    props = g_strdup_printf ("color-conversion=%s", conversions[k]);
    set_props (h->element, props);
    g_free (props);
    for (i = 0; i < G_N_ELEMENTS (sites); i++) {
      /* a colorimetry with it: GStreamer 1.22.0's GstVideoInfo drops the
       * chroma-site of caps without one (docs/semantics.md) */
      caps = g_strdup_printf ("video/x-raw, format=(string)I420, "
          "width=(int)64, height=(int)48, framerate=(fraction)30/1, "
          "colorimetry=(string)bt709%s%s", sites[i].site ?
          ", chroma-site=(string)" : "", sites[i].site ? sites[i].site : "");
      what = g_strdup_printf ("%s, chroma-site %s", conversions[k],
          sites[i].site ? sites[i].site : "(none)");
      format_config (&cfg, PREP_FORMAT_I420, 64, 48, 20, 14);
      cfg.matrix = PREP_MATRIX_BT2020;
      cfg.color_conversion = (PrepColorConversion) k;
      cfg.chroma_interpolation = PREP_CHROMA_BILINEAR;
      cfg.chroma_site = sites[i].flags;
      fail_unless (harness_push_caps (h, caps), "%s: caps refused", what);
      out = push_and_pull (h, &f);
      assert_output (gst_buffer_ref (out), &cfg, NULL, &f, what);
      assert_reference (out, &cfg, &f, what);
      /* the site matters here: another one gives other bytes */
      other = cfg;
      other.chroma_site = sites[(i + 1) % G_N_ELEMENTS (sites)].flags;
      a = expected_output (&cfg, NULL, &f, &size);
      b = expected_output (&other, NULL, &f, &size);
      fail_unless (k == 2 || memcmp (a, b, size) != 0, "%s: the chroma "
          "site does not change this frame's tensor", what);
      g_free (a);
      g_free (b);
      g_free (caps);
      g_free (what);
    }
  }
  frame_clear (&f);
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_WARNING, NULL), 0);
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_ERROR, NULL), 0);
  harness_free (h, bus);
}

GST_END_TEST;

/* A caps matrix the element refuses with color-conversion=exact (FCC,
 * element-bad-input.c) is accepted with opencv and opencv-8bit, which do
 * not use it: the tensor is the engine's for cvtColor's conversion. */
GST_START_TEST (test_opencv_ignores_caps_matrix)
{
  static const gchar *const props[] = { "width=16 height=16 "
        "color-conversion=opencv", "width=16 height=16 "
        "color-conversion=opencv-8bit"
  };
  gchar *caps = video_caps (320, 240, "2:2:0:0");
  GstBus *bus;
  GstHarness *h = harness_new (props[__i__], &bus);
  PrepConfig cfg;
  Frame f;

  format_config (&cfg, PREP_FORMAT_NV12, 320, 240, 16, 16);
  cfg.color_conversion = __i__ == 0 ? PREP_COLOR_OPENCV :
      PREP_COLOR_OPENCV_8BIT;
  fail_unless (harness_push_caps (h, caps), "FCC caps refused");
  frame_init (&f, 320, 240, 12);
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, props[__i__]);
  frame_clear (&f);
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_ERROR, NULL), 0);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* The lines "colorimetry: ..." the element logs at INFO level. */
static void
collect_colorimetry (GstDebugCategory * category, GstDebugLevel level,
    const gchar * file, const gchar * function, gint line, GObject * object,
    GstDebugMessage * message, gpointer user_data)
{
  const gchar *text = gst_debug_message_get (message);

  if (level == GST_LEVEL_INFO && g_str_has_prefix (text, "colorimetry: ") &&
      g_str_equal (gst_debug_category_get_name (category), "cudapreproc"))
    g_ptr_array_add (user_data, g_strdup (text));
}

/* Pushes @f under @caps after @props, and returns the last colorimetry
 * line logged (to free), or NULL. */
static gchar *
logged_colorimetry (GstHarness * h, GPtrArray * lines, const gchar * caps,
    const gchar * props, const Frame * f)
{
  gchar *last = NULL;

  g_ptr_array_set_size (lines, 0);
  set_props (h->element, props);
  gst_harness_set_src_caps_str (h, caps);
  gst_buffer_unref (push_and_pull (h, f));
  if (lines->len > 0)
    last = g_strdup (g_ptr_array_index (lines, lines->len - 1));
  return last;
}

/* The matrix, range and transfer the element converts with are logged,
 * each with where it came from: the caps, a property, or GStreamer's
 * default for the format and size (an untagged HD stream is BT.709). */
GST_START_TEST (test_colorimetry_logged)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  gchar *hd = format_caps (PREP_FORMAT_NV12, 1280, 720, NULL);
  gchar *tagged = format_caps (PREP_FORMAT_NV12, 1280, 720, "bt601");
  GstHarness *h = gst_harness_new ("cudapreproc");
  gchar *line;
  Frame f;

  gst_debug_remove_log_function (gst_debug_log_default);
  gst_debug_add_log_function (collect_colorimetry, lines, NULL);
  gst_debug_set_threshold_for_name ("cudapreproc", GST_LEVEL_INFO);
  frame_init_format (&f, GST_VIDEO_FORMAT_NV12, 1280, 720, 5);
  gst_harness_set_sink_caps_str (h, "other/tensors");
  set_props (h->element, "width=16 height=16");

  line = logged_colorimetry (h, lines, hd, "", &f);
  fail_unless_equals_string (line, "colorimetry: matrix bt709 (default for "
      "1280x720 NV12), range limited (default for 1280x720 NV12), transfer "
      "bt709 (default for 1280x720 NV12; not applied)");
  g_free (line);
  line = logged_colorimetry (h, lines, hd, "color-matrix=bt601", &f);
  fail_unless (line != NULL && g_str_has_prefix (line, "colorimetry: matrix "
          "bt601 (property), range limited (default"), "%s", line);
  g_free (line);
  line = logged_colorimetry (h, lines, tagged, "color-matrix=auto "
      "color-range=full", &f);
  fail_unless_equals_string (line, "colorimetry: matrix bt601 (caps), range "
      "full (property), transfer bt601 (caps; not applied)");
  g_free (line);

  gst_debug_remove_log_function (collect_colorimetry);
  gst_debug_add_log_function (gst_debug_log_default, NULL, NULL);
  gst_debug_unset_threshold_for_name ("cudapreproc");
  frame_clear (&f);
  gst_harness_teardown (h);
  g_free (hd);
  g_free (tagged);
  g_ptr_array_unref (lines);
}

GST_END_TEST;

typedef struct
{
  const gchar *props;
  const gchar *dims, *types;
  PrepChannelOrder order;
  PrepLayout layout;
  PrepDataType type;
} ShapeCase;

static const ShapeCase shape_cases[] = {
  {.props = "channel-order=gray",.dims = "20:14:1:1",.types = "float32",
      .order = PREP_ORDER_GRAY},
  {.props = "channel-order=gray layout=nhwc data-type=float16",.dims =
        "1:20:14:1",.types = "float16",.order = PREP_ORDER_GRAY,.layout =
        PREP_LAYOUT_NHWC,.type = PREP_DTYPE_FLOAT16},
  {.props = "data-type=uint8 scale=1",.dims = "20:14:3:1",.types = "uint8",
      .type = PREP_DTYPE_UINT8},
  {.props = "data-type=int8 scale=1 channel-order=bgr layout=nhwc",.dims =
        "3:20:14:1",.types = "int8",.order = PREP_ORDER_BGR,.layout =
        PREP_LAYOUT_NHWC,.type = PREP_DTYPE_INT8},
  {.props = "data-type=uint8 channel-order=gray scale=1",.dims = "20:14:1:1",
      .types = "uint8",.order = PREP_ORDER_GRAY,.type = PREP_DTYPE_UINT8},
};

/* Gray and integer tensors: their caps and the engine's bytes, from a YUV
 * and from an RGB input. */
GST_START_TEST (test_gray_and_integer_tensors)
{
  const ShapeCase *c = &shape_cases[__i__ / 2];
  PrepFormat format = __i__ % 2 ? PREP_FORMAT_BGRX : PREP_FORMAT_NV12;
  gchar *props = g_strdup_printf ("width=20 height=14 %s", c->props);
  gchar *caps = format_caps (format, 33, 25, NULL);
  GstBus *bus;
  GstHarness *h = harness_new (props, &bus);
  GstCaps *out;
  GstStructure *s;
  PrepConfig cfg;
  Frame f;

  format_config (&cfg, format, 33, 25, 20, 14);
  cfg.channel_order = c->order;
  cfg.layout = c->layout;
  cfg.data_type = c->type;
  if (c->type >= PREP_DTYPE_UINT8)
    cfg.scale = 1.0;
  fail_unless (harness_push_caps (h, caps), "%s: caps refused", props);
  frame_init_format (&f, video_format (format), 33, 25, 500 + __i__);
  assert_output_bytes (push_and_pull (h, &f), &cfg, &f, props);
  out = gst_pad_get_current_caps (h->sinkpad);
  s = gst_caps_get_structure (out, 0);
  fail_unless_equals_string (gst_structure_get_string (s, "dimensions"),
      c->dims);
  fail_unless_equals_string (gst_structure_get_string (s, "types"), c->types);
  gst_caps_unref (out);
  frame_clear (&f);
  g_free (caps);
  g_free (props);
  harness_free (h, bus);
}

GST_END_TEST;

/* letterbox-align, letterbox-rounding, nearest-floor and bicubic (plain
 * and antialiased) reach the engine:
 * a 40x21 frame into 20x20 is 20 x 10.5, a tie (10 rows half to even, 11
 * half up), at the top-left corner. */
GST_START_TEST (test_letterbox_options)
{
  gchar *caps = format_caps (PREP_FORMAT_NV12, 40, 21, NULL);
  GstBus *bus;
  GstHarness *h = harness_new ("width=20 height=20 aspect=letterbox "
      "letterbox-align=top-left letterbox-rounding=half-even "
      "interpolation=nearest-floor", &bus);
  PrepConfig cfg;
  Frame f;

  format_config (&cfg, PREP_FORMAT_NV12, 40, 21, 20, 20);
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  cfg.letterbox_align = PREP_ALIGN_TOP_LEFT;
  cfg.letterbox_rounding = PREP_ROUND_HALF_EVEN;
  cfg.interpolation = PREP_INTERP_NEAREST_FLOOR;
  fail_unless (harness_push_caps (h, caps));
  frame_init (&f, 40, 21, 61);
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, "top-left, "
      "half-even, nearest-floor");
  set_props (h->element, "letterbox-align=center letterbox-rounding=half-up "
      "interpolation=bilinear");
  cfg.letterbox_align = PREP_ALIGN_CENTER;
  cfg.letterbox_rounding = PREP_ROUND_HALF_UP;
  cfg.interpolation = PREP_INTERP_BILINEAR;
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, "center, half-up");
  /* 10.5 rows: 10 rounded down */
  set_props (h->element, "letterbox-rounding=floor");
  cfg.letterbox_rounding = PREP_ROUND_FLOOR;
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, "center, floor");
  /* a band value per channel, then back to pad-value */
  set_props (h->element, "pad-values=<10,200,55.5>");
  cfg.pad_per_channel = 1;
  cfg.pad_values[0] = 10.0;
  cfg.pad_values[1] = 200.0;
  cfg.pad_values[2] = 55.5;
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, "pad-values");
  set_props (h->element, "pad-values=<>");
  cfg.pad_per_channel = 0;
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, "pad-values <>");
  /* bicubic, plain (torch, OpenCV) and antialiased (PIL) */
  set_props (h->element, "interpolation=bicubic");
  cfg.interpolation = PREP_INTERP_BICUBIC;
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, "bicubic");
  set_props (h->element, "antialias=true");
  cfg.antialias = 1;
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, "antialias bicubic");
  frame_clear (&f);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* The structure of slot 0 of @out's GstCudaPreprocBoxMeta, which @out
 * must have. */
static const GstStructure *
box_meta_slot0 (GstBuffer * out)
{
  GstCustomMeta *meta = gst_buffer_get_custom_meta (out,
      "GstCudaPreprocBoxMeta");

  fail_unless (meta != NULL, "no GstCudaPreprocBoxMeta on the output");
  return gst_value_get_structure (gst_value_array_get_value
      (gst_structure_get_value (gst_custom_meta_get_structure (meta),
              "slots"), 0));
}

/* aspect=cover with crop-fraction reaches the engine, and the box meta
 * maps the tensor back through the fractional window (torchvision's
 * Resize (48) + CenterCrop (42) of 80x60: 64x48 cut at (11, 3)). */
GST_START_TEST (test_cover)
{
  gchar *caps = format_caps (PREP_FORMAT_I420, 80, 60, NULL);
  GstBus *bus;
  GstHarness *h = harness_new ("width=42 height=42 aspect=cover "
      "crop-fraction=0.875", &bus);
  PrepConfig cfg;
  GstBuffer *out;
  const GstStructure *slot;
  gdouble sx, ox, oy;
  Frame f;

  format_config (&cfg, PREP_FORMAT_I420, 80, 60, 42, 42);
  cfg.aspect = PREP_ASPECT_COVER;
  cfg.crop_fraction = 0.875;
  fail_unless (harness_push_caps (h, caps));
  frame_init_format (&f, GST_VIDEO_FORMAT_I420, 80, 60, 97);
  set_props (h->element, "antialias=true");
  cfg.antialias = 1;
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, "cover 0.875, "
      "antialias");
  set_props (h->element, "antialias=false");
  cfg.antialias = 0;
  out = push_and_pull (h, &f);
  slot = box_meta_slot0 (out);
  fail_unless (gst_structure_get (slot, "scale-x", G_TYPE_DOUBLE, &sx,
          "offset-x", G_TYPE_DOUBLE, &ox, "offset-y", G_TYPE_DOUBLE, &oy,
          NULL));
  fail_unless (sx == 64.0 / 80.0 && ox == -11.0 && oy == -3.0,
      "scale %g, offset (%g, %g)", sx, ox, oy);
  assert_output (out, &cfg, NULL, &f, "cover 0.875");
  frame_clear (&f);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* The tensor of cudapreproc's crop-rect @w on I420 frame @f with @cfg:
 * the engine's window plan, and the float64 reference model within the
 * bound of docs/semantics.md section 7. */
static void
assert_window_output (GstBuffer * out, const PrepConfig * cfg,
    const PrepWindow * w, const Frame * f, const gchar * what)
{
  PrepPlan *plan = NULL;
  PrepFrame src;
  RefConfig rc;
  RefImage img;
  GstMapInfo map;
  gfloat *exp;
  gdouble *ref;
  gsize size, i, n;
  gint c, x, y;

  fail_unless_equals_int (prep_plan_new_windows (cfg, w, 1, &plan), PREP_OK);
  size = prep_plan_output_bytes (plan);
  exp = g_malloc (size);
  frame_prep (f, &src);
  fail_unless_equals_int (prep_plan_run_cpu (plan, &src, exp, size), PREP_OK);
  prep_plan_free (plan);
  n = size / sizeof (gfloat);
  ref_config_defaults (&rc);
  rc.format = "I420";
  rc.src_width = cfg->src_width;
  rc.src_height = cfg->src_height;
  rc.out_width = cfg->out_width;
  rc.out_height = cfg->out_height;
  rc.letterbox = cfg->aspect == PREP_ASPECT_LETTERBOX;
  rc.cover = cfg->aspect == PREP_ASPECT_COVER;
  rc.crop_fraction = cfg->crop_fraction;
  rc.pad_value = cfg->pad_value;
  rc.antialias = cfg->antialias;
  rc.bicubic = cfg->interpolation == PREP_INTERP_BICUBIC;
  rc.nearest = cfg->interpolation == PREP_INTERP_NEAREST;
  rc.matrix = cfg->matrix == PREP_MATRIX_BT709 ? REF_MATRIX_BT709 :
      REF_MATRIX_BT601;
  rc.window = 1;
  rc.window_x = w->x;
  rc.window_y = w->y;
  rc.window_width = w->width;
  rc.window_height = w->height;
  for (i = 0; i < 3; i++) {
    img.plane[i] = f->data + f->offset[i];
    img.stride[i] = f->stride[i];
  }
  ref = g_new (gdouble, n);
  ref_run (&rc, &img, ref);
  fail_unless (out != NULL, "%s: no output buffer", what);
  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless_equals_uint64 (map.size, size);
  for (i = 0; i < n; i++) {
    gfloat got = ((const gfloat *) map.data)[i];

    c = (gint) (i / (gsize) (cfg->out_width * cfg->out_height));
    y = (gint) (i / (gsize) cfg->out_width) % cfg->out_height;
    x = (gint) (i % (gsize) cfg->out_width);
    fail_unless (memcmp (&got, &exp[i], sizeof (gfloat)) == 0, "%s: element "
        "(%d, %d, %d) is %.9g, the engine's %.9g", what, c, y, x, got, exp[i]);
    fail_unless (fabs (got - ref[i]) <= 1e-4, "%s: element (%d, %d, %d) is "
        "%.9g, the reference's %.9g", what, c, y, x, got, ref[i]);
  }
  gst_buffer_unmap (out, &map);
  gst_buffer_unref (out);
  g_free (ref);
  g_free (exp);
}

/* crop-rect: the window of the resized frame, before crop-x and
 * crop-width; bilinear, bicubic, letterbox, antialias; the box meta maps
 * the tensor back onto the window; <> gives the integer crop back. */
GST_START_TEST (test_crop_rect)
{
  gchar *caps = format_caps (PREP_FORMAT_I420, 80, 60, NULL);
  GstBus *bus;
  GstHarness *h = harness_new ("width=24 height=20 crop-x=5 crop-width=10 "
      "crop-rect=<10.25,3.5,50.5,40.75>", &bus);
  PrepWindow w = { 10.25, 3.5, 50.5, 40.75 };
  PrepRect crop = { 5, 0, 10, 60 };
  PrepConfig cfg;
  GstBuffer *out;
  const GstStructure *slot;
  gdouble sx, sy, ox, oy;
  gint x, y, bw, bh;
  Frame f;

  format_config (&cfg, PREP_FORMAT_I420, 80, 60, 24, 20);
  fail_unless (harness_push_caps (h, caps));
  frame_init_format (&f, GST_VIDEO_FORMAT_I420, 80, 60, 31);
  out = push_and_pull (h, &f);
  slot = box_meta_slot0 (out);
  fail_unless (gst_structure_get (slot, "x", G_TYPE_INT, &x, "y", G_TYPE_INT,
          &y, "width", G_TYPE_INT, &bw, "height", G_TYPE_INT, &bh, "scale-x",
          G_TYPE_DOUBLE, &sx, "scale-y", G_TYPE_DOUBLE, &sy, "offset-x",
          G_TYPE_DOUBLE, &ox, "offset-y", G_TYPE_DOUBLE, &oy, NULL));
  /* frame_x = x + (tensor_x - offset_x) / scale_x: 0 and 24 give the
   * window's edges */
  fail_unless (x == 10 && y == 3 && bw == 51 && bh == 42, "box %d,%d %dx%d",
      x, y, bw, bh);
  fail_unless (fabs (x + (0.0 - ox) / sx - 10.25) < 1e-9 &&
      fabs (x + (24.0 - ox) / sx - 60.75) < 1e-9 &&
      fabs (y + (0.0 - oy) / sy - 3.5) < 1e-9 &&
      fabs (y + (20.0 - oy) / sy - 44.25) < 1e-9, "map %g %g %g %g", sx, sy,
      ox, oy);
  assert_window_output (out, &cfg, &w, &f, "crop-rect bilinear");
  set_props (h->element, "interpolation=bicubic");
  cfg.interpolation = PREP_INTERP_BICUBIC;
  assert_window_output (push_and_pull (h, &f), &cfg, &w, &f,
      "crop-rect bicubic");
  set_props (h->element, "aspect=letterbox antialias=true");
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  cfg.antialias = 1;
  assert_window_output (push_and_pull (h, &f), &cfg, &w, &f,
      "crop-rect letterbox antialias bicubic");
  set_props (h->element, "crop-rect=<> aspect=stretch antialias=false "
      "interpolation=bilinear");
  cfg.aspect = PREP_ASPECT_STRETCH;
  cfg.antialias = 0;
  cfg.interpolation = PREP_INTERP_BILINEAR;
  assert_output (push_and_pull (h, &f), &cfg, &crop, &f, "crop-rect <>");
  frame_clear (&f);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* A crop-rect that is no window of the frame fails negotiation with an
 * element error that names the value. */
GST_START_TEST (test_crop_rect_outside)
{
  static const gchar *const bad[] = {
    "crop-rect=<70.5,0,10,10>", "crop-rect=<0,0,0,10>",
    "crop-rect=<-0.5,0,10,10>", "crop-rect=<0,55.25,10,5>",
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (bad); i++) {
    gchar *caps = format_caps (PREP_FORMAT_I420, 80, 60, NULL);
    GString *text = g_string_new (NULL);
    GstBus *bus;
    GstHarness *h = harness_new (bad[i], &bus);

    fail_if (harness_push_caps (h, caps), "%s accepted", bad[i]);
    fail_unless (take_messages (bus, GST_MESSAGE_ERROR, text) >= 1, "%s: no "
        "error", bad[i]);
    assert_contains (text, "crop-rect <");
    assert_contains (text, "80x60 frame");
    g_string_free (text, TRUE);
    g_free (caps);
    harness_free (h, bus);
  }
}

GST_END_TEST;

/* A format outside the list: caps refused, and an error that names it
 * and says what to do. */
GST_START_TEST (test_unsupported_format)
{
  GstBus *bus;
  GstHarness *h = harness_new ("width=8 height=8", &bus);
  GString *text = g_string_new (NULL);

  fail_if (harness_push_caps (h, "video/x-raw, format=(string)Y444_10LE, "
          "width=(int)64, height=(int)48, framerate=(fraction)30/1"));
  fail_unless (take_messages (bus, GST_MESSAGE_ERROR, text) >= 1);
  assert_contains (text, "Input format Y444_10LE is not supported");
  assert_contains (text, "videoconvert");
  g_string_free (text, TRUE);
  harness_free (h, bus);
}

GST_END_TEST;

void
element_formats_tests (TCase * tc)
{
  tcase_add_test (tc, test_color_conversion_output);
  tcase_add_loop_test (tc, test_opencv_ignores_caps_matrix, 0, 2);
  tcase_add_loop_test (tc, test_format_output, 0, PREP_FORMAT_COUNT);
  tcase_add_test (tc, test_color_overrides);
  tcase_add_test (tc, test_colorimetry_logged);
  tcase_add_loop_test (tc, test_gray_and_integer_tensors, 0,
      2 * G_N_ELEMENTS (shape_cases));
  tcase_add_test (tc, test_letterbox_options);
  tcase_add_test (tc, test_cover);
  tcase_add_test (tc, test_crop_rect);
  tcase_add_test (tc, test_crop_rect_outside);
  tcase_add_test (tc, test_unsupported_format);
}
