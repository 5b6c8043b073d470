/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The element's output against the engine: each property set of a table,
 * spelled as element properties and as the engine configuration it must
 * mean, gives the engine's bytes (on one thread and on several), and caps
 * without colorimetry get GStreamer's default for the frame height.
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
/* Output against the engine                                                 */
/* ------------------------------------------------------------------------ */

/* One property set, spelled twice: as element properties and as the engine
 * configuration it must mean.  Fields left out are 0: for aspect, interp,
 * order and layout the engine's defaults (stretch, bilinear, RGB, NCHW,
 * also the element's); matrix and range are given with every colorimetry
 * (without one they are ignored); pad, scale, mean and std are always
 * given (the element's pad value is 114, not 0). */
typedef struct
{
  const gchar *name;
  gint src_width, src_height;
  const gchar *colorimetry;     /* NULL: none in the caps */
  const gchar *props;
  gint out_width, out_height;
  PrepAspect aspect;
  PrepInterp interp;
  PrepChannelOrder order;
  PrepLayout layout;
  PrepRect crop;                /* resolved */
  gdouble pad, scale, mean[3], std[3];
  PrepMatrix matrix;            /* ignored without colorimetry */
  PrepRange range;
} EngineCase;

G_STATIC_ASSERT (PREP_ASPECT_STRETCH == 0 && PREP_INTERP_BILINEAR == 0 &&
    PREP_ORDER_RGB == 0 && PREP_LAYOUT_NCHW == 0);

#define NORM_DEFAULT .scale = 1.0 / 255.0, .mean = {0.0, 0.0, 0.0}, \
    .std = {1.0, 1.0, 1.0}
#define NORM_IMAGENET .scale = 1.0 / 255.0, .mean = {0.485, 0.456, 0.406}, \
    .std = {0.229, 0.224, 0.225}
#define IMAGENET_PROPS "mean=<0.485,0.456,0.406> std=<0.229,0.224,0.225>"

static const EngineCase engine_cases[] = {
  {.name = "defaults",.src_width = 320,.src_height = 240,.props = "",
        .out_width = 640,.out_height = 640,.crop = {0, 0, 320, 240},
      .pad = 114.0, NORM_DEFAULT},
  {.name = "stretch 224",.src_width = 320,.src_height = 240,
        .colorimetry = "bt601",.props = "width=224 height=224",
        .out_width = 224,.out_height = 224,.crop = {0, 0, 320, 240},
        .pad = 114.0, NORM_DEFAULT,.matrix = PREP_MATRIX_BT601,
      .range = PREP_RANGE_LIMITED},
  {.name = "letterbox",.src_width = 320,.src_height = 240,
        .colorimetry = "bt709",
        .props = "width=160 height=160 aspect=letterbox",
        .out_width = 160,.out_height = 160,.aspect = PREP_ASPECT_LETTERBOX,
        .crop = {0, 0, 320, 240},.pad = 114.0, NORM_DEFAULT,
      .matrix = PREP_MATRIX_BT709,.range = PREP_RANGE_LIMITED},
  {.name = "letterbox portrait nearest pad 0",.src_width = 240,
        .src_height = 320,.colorimetry = "bt709",
        .props = "width=96 height=64 aspect=letterbox pad-value=0 "
        "interpolation=nearest",
        .out_width = 96,.out_height = 64,.aspect = PREP_ASPECT_LETTERBOX,
        .interp = PREP_INTERP_NEAREST,.crop = {0, 0, 240, 320},.pad = 0.0,
        NORM_DEFAULT,.matrix = PREP_MATRIX_BT709,
      .range = PREP_RANGE_LIMITED},
  {.name = "nearest",.src_width = 320,.src_height = 240,
        .colorimetry = "bt601",
        .props = "width=100 height=75 interpolation=nearest",
        .out_width = 100,.out_height = 75,.interp = PREP_INTERP_NEAREST,
        .crop = {0, 0, 320, 240},.pad = 114.0, NORM_DEFAULT,
      .matrix = PREP_MATRIX_BT601,.range = PREP_RANGE_LIMITED},
  {.name = "bgr",.src_width = 320,.src_height = 240,
        .colorimetry = "bt601",.props = "width=64 height=64 channel-order=bgr",
        .out_width = 64,.out_height = 64,.order = PREP_ORDER_BGR,
        .crop = {0, 0, 320, 240},.pad = 114.0, NORM_DEFAULT,
      .matrix = PREP_MATRIX_BT601,.range = PREP_RANGE_LIMITED},
  {.name = "nhwc",.src_width = 320,.src_height = 240,
        .colorimetry = "bt601",.props = "width=48 height=32 layout=nhwc",
        .out_width = 48,.out_height = 32,.layout = PREP_LAYOUT_NHWC,
        .crop = {0, 0, 320, 240},.pad = 114.0, NORM_DEFAULT,
      .matrix = PREP_MATRIX_BT601,.range = PREP_RANGE_LIMITED},
  {.name = "crop",.src_width = 320,.src_height = 240,
        .colorimetry = "bt601",
        .props = "crop-x=40 crop-y=30 crop-width=160 crop-height=120 "
        "width=80 height=60",
        .out_width = 80,.out_height = 60,.crop = {40, 30, 160, 120},
        .pad = 114.0, NORM_DEFAULT,.matrix = PREP_MATRIX_BT601,
      .range = PREP_RANGE_LIMITED},
  {.name = "crop to the edges",.src_width = 320,.src_height = 240,
        .colorimetry = "bt601",
        .props = "crop-x=101 crop-y=51 width=64 height=64 aspect=letterbox",
        .out_width = 64,.out_height = 64,.aspect = PREP_ASPECT_LETTERBOX,
        .crop = {101, 51, 219, 189},.pad = 114.0, NORM_DEFAULT,
      .matrix = PREP_MATRIX_BT601,.range = PREP_RANGE_LIMITED},
  {.name = "imagenet centre crop, 720p default colorimetry",
        .src_width = 1280,.src_height = 720,
        .props = "crop-x=280 crop-width=720 width=224 height=224 "
        IMAGENET_PROPS,
        .out_width = 224,.out_height = 224,.crop = {280, 0, 720, 720},
      .pad = 114.0, NORM_IMAGENET},
  {.name = "pixel-unit normalization, bgr nhwc letterbox",.src_width = 320,
        .src_height = 240,.colorimetry = "bt709",
        .props = "scale=1 mean=<103.53,116.28,123.675> "
        "std=<57.375,57.12,58.395> channel-order=bgr layout=nhwc "
        "aspect=letterbox width=64 height=64 pad-value=0",
        .out_width = 64,.out_height = 64,.aspect = PREP_ASPECT_LETTERBOX,
        .order = PREP_ORDER_BGR,.layout = PREP_LAYOUT_NHWC,
        .crop = {0, 0, 320, 240},.pad = 0.0,.scale = 1.0,
        .mean = {103.53, 116.28, 123.675},.std = {57.375, 57.12, 58.395},
      .matrix = PREP_MATRIX_BT709,.range = PREP_RANGE_LIMITED},
  {.name = "bt2020",.src_width = 320,.src_height = 240,
        .colorimetry = "bt2020",.props = "width=64 height=48 " IMAGENET_PROPS,
        .out_width = 64,.out_height = 48,.crop = {0, 0, 320, 240},
        .pad = 114.0, NORM_IMAGENET,.matrix = PREP_MATRIX_BT2020,
      .range = PREP_RANGE_LIMITED},
  {.name = "full range bt601",.src_width = 320,.src_height = 240,
        .colorimetry = "1:4:0:0",.props = "width=64 height=48",
        .out_width = 64,.out_height = 48,.crop = {0, 0, 320, 240},
        .pad = 114.0, NORM_DEFAULT,.matrix = PREP_MATRIX_BT601,
      .range = PREP_RANGE_FULL},
  {.name = "full range bt709",.src_width = 320,.src_height = 240,
        .colorimetry = "1:3:5:1",.props = "width=64 height=48",
        .out_width = 64,.out_height = 48,.crop = {0, 0, 320, 240},
        .pad = 114.0, NORM_DEFAULT,.matrix = PREP_MATRIX_BT709,
      .range = PREP_RANGE_FULL},
  {.name = "full range bt2020",.src_width = 320,.src_height = 240,
        .colorimetry = "1:6:0:0",.props = "width=64 height=48",
        .out_width = 64,.out_height = 48,.crop = {0, 0, 320, 240},
        .pad = 114.0, NORM_DEFAULT,.matrix = PREP_MATRIX_BT2020,
      .range = PREP_RANGE_FULL},
  {.name = "limited range bt709 at SD size",.src_width = 320,
        .src_height = 240,.colorimetry = "2:3:5:1",
        .props = "width=64 height=48",
        .out_width = 64,.out_height = 48,.crop = {0, 0, 320, 240},
        .pad = 114.0, NORM_DEFAULT,.matrix = PREP_MATRIX_BT709,
      .range = PREP_RANGE_LIMITED},
  /* range unknown in the caps: the default for the size (limited) */
  {.name = "bt709 matrix, unknown range",.src_width = 320,
        .src_height = 240,.colorimetry = "0:3:0:0",
        .props = "width=64 height=48",
        .out_width = 64,.out_height = 48,.crop = {0, 0, 320, 240},
        .pad = 114.0, NORM_DEFAULT,.matrix = PREP_MATRIX_BT709,
      .range = PREP_RANGE_LIMITED},
  {.name = "odd source, 1x1 output",.src_width = 321,.src_height = 241,
        .colorimetry = "bt601",.props = "width=1 height=1",
        .out_width = 1,.out_height = 1,.crop = {0, 0, 321, 241},
        .pad = 114.0, NORM_DEFAULT,.matrix = PREP_MATRIX_BT601,
      .range = PREP_RANGE_LIMITED},
  {.name = "odd source upscaled, odd crop",.src_width = 33,
        .src_height = 17,.colorimetry = "bt709",
        .props = "width=101 height=55 aspect=letterbox crop-x=3 crop-y=1 "
        "crop-width=27 crop-height=15",
        .out_width = 101,.out_height = 55,.aspect = PREP_ASPECT_LETTERBOX,
        .crop = {3, 1, 27, 15},.pad = 114.0, NORM_DEFAULT,
      .matrix = PREP_MATRIX_BT709,.range = PREP_RANGE_LIMITED},
};

static void
case_config (const EngineCase * c, PrepConfig * cfg)
{
  gint i;

  prep_config_init (cfg);
  cfg->src_width = c->src_width;
  cfg->src_height = c->src_height;
  cfg->out_width = c->out_width;
  cfg->out_height = c->out_height;
  cfg->aspect = c->aspect;
  cfg->pad_value = c->pad;
  cfg->interpolation = c->interp;
  cfg->channel_order = c->order;
  cfg->layout = c->layout;
  cfg->scale = c->scale;
  for (i = 0; i < 3; i++) {
    cfg->mean[i] = c->mean[i];
    cfg->std[i] = c->std[i];
  }
  if (c->colorimetry != NULL) {
    cfg->matrix = c->matrix;
    cfg->range = c->range;
  } else {
    cfg->matrix = default_matrix (c->src_height);
    cfg->range = PREP_RANGE_LIMITED;
  }
}

/* No warning, but for the case without width and height: the harness's
 * sink takes any dimensions, so the defaults are warned about, once. */
static void
assert_size_warnings (GstBus * bus, const EngineCase * c)
{
  GString *text = g_string_new (NULL);
  gboolean sized = strstr (c->props, "width=") != NULL;

  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_WARNING, text),
      sized ? 0 : 1);
  if (!sized)
    assert_contains (text, "the tensor is 640x640, the defaults");
  g_string_free (text, TRUE);
}

GST_START_TEST (test_output_matches_engine)
{
  const EngineCase *c = &engine_cases[__i__];
  gchar *caps = video_caps (c->src_width, c->src_height, c->colorimetry);
  GstBus *bus;
  GstHarness *h = harness_new (c->props, &bus);
  PrepConfig cfg;
  gint i;

  GST_INFO ("case %s", c->name);
  case_config (c, &cfg);
  fail_unless (harness_push_caps (h, caps), "%s: caps refused", c->name);
  for (i = 0; i < N_FRAMES; i++) {
    Frame f;

    frame_init (&f, c->src_width, c->src_height, 100 * __i__ + i);
    assert_output (push_and_pull (h, &f), &cfg, &c->crop, &f, c->name);
    frame_clear (&f);
  }
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_ERROR, NULL), 0);
  assert_size_warnings (bus, c);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* The CPU path on several threads gives the engine's bytes (computed on the
 * test's thread): n-threads 2, then 0 (one per core), 3 and back to 1,
 * changed while streaming. */
GST_START_TEST (test_output_threads)
{
  static const gchar *counts[] = { "2", "0", "3", "1" };
  const EngineCase *c = &engine_cases[__i__];
  gchar *caps = video_caps (c->src_width, c->src_height, c->colorimetry);
  GstBus *bus;
  GstHarness *h = harness_new (c->props, &bus);
  PrepConfig cfg;
  guint i, j;

  case_config (c, &cfg);
  fail_unless (harness_push_caps (h, caps), "%s: caps refused", c->name);
  for (i = 0; i < G_N_ELEMENTS (counts); i++) {
    gst_util_set_object_arg (G_OBJECT (h->element), "n-threads", counts[i]);
    for (j = 0; j < 2; j++) {
      Frame f;

      frame_init (&f, c->src_width, c->src_height, 500 + 10 * __i__ + j);
      assert_output (push_and_pull (h, &f), &cfg, &c->crop, &f, c->name);
      frame_clear (&f);
    }
  }
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_ERROR, NULL), 0);
  assert_size_warnings (bus, c);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* Caps without colorimetry: GStreamer's default for the frame height. */
static const gint default_colorimetry_sizes[][2] = {
  {64, 240}, {64, 576}, {64, 577}, {64, 578}, {32, 720}, {16, 1080},
  {8, 2160},
};

GST_START_TEST (test_default_colorimetry)
{
  gint w = default_colorimetry_sizes[__i__][0];
  gint hh = default_colorimetry_sizes[__i__][1];
  gchar *caps = video_caps (w, hh, NULL);
  GstBus *bus;
  GstHarness *h = harness_new ("width=16 height=16", &bus);
  PrepConfig cfg;
  Frame f;

  prep_config_init (&cfg);
  cfg.src_width = w;
  cfg.src_height = hh;
  cfg.out_width = cfg.out_height = 16;
  cfg.matrix = default_matrix (hh);
  cfg.range = PREP_RANGE_LIMITED;
  fail_unless (harness_push_caps (h, caps));
  frame_init (&f, w, hh, 7 + __i__);
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, __func__);
  frame_clear (&f);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

void
element_output_tests (TCase * tc)
{
  tcase_add_loop_test (tc, test_output_matches_engine, 0,
      G_N_ELEMENTS (engine_cases));
  tcase_add_loop_test (tc, test_output_threads, 0, G_N_ELEMENTS (engine_cases));
  tcase_add_loop_test (tc, test_default_colorimetry, 0,
      G_N_ELEMENTS (default_colorimetry_sizes));
}
