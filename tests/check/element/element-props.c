/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The element's properties and caps: param specs and their defaults, the
 * gst-launch syntax, values out of range or refused by the setters, the
 * input caps accepted, no CUDA caps without a driver, the output caps.
 *
 * One file of the `element` gst-check program, which element.c puts
 * together (tests/check/element/meson.build): one program of several files
 * rather than one program per file, so that `meson test element` still runs
 * every test of the element's CPU path, under one registry and one count
 * of checks, and the helpers of element-common.c are built once. */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gmodule.h>

#include "element-common.h"

/* ------------------------------------------------------------------------ */
/* Properties                                                                */
/* ------------------------------------------------------------------------ */

static const gchar *all_props[] = {
  "width", "height", "crop-x", "crop-y", "crop-width", "crop-height",
  "aspect", "pad-value", "interpolation", "channel-order", "scale", "mean",
  "std", "layout", "cuda-device-id", "n-threads", "rois", "roi-source",
  "roi-type", "batch-size", "data-type", "output-buffers", "color-matrix",
  "color-range", "letterbox-align", "letterbox-rounding", "crop-fraction",
  "antialias", "output-mode", "tensor-id", "tensor-memory", "roi-types",
  "roi-min-size", "roi-max-size", "roi-min-confidence", "strict",
  "pad-values", "crop-rect", "color-conversion", "chroma-interpolation"
};

typedef struct
{
  const gchar *name;
  gint def, min;
} IntProp;

static const IntProp int_props[] = {
  {"width", 640, 1}, {"height", 640, 1}, {"crop-x", 0, 0}, {"crop-y", 0, 0},
  {"crop-width", 0, 0}, {"crop-height", 0, 0}, {"cuda-device-id", -1, -1},
};

/* n-threads, a guint: 1 by default (the streaming thread alone), 0 = one
 * per core, at most PREP_WORKERS_MAX. */
static void
check_n_threads_prop (GstElement * e)
{
  GParamSpec *p = g_object_class_find_property (G_OBJECT_GET_CLASS (e),
      "n-threads");
  guint v;

  fail_unless (p != NULL && G_IS_PARAM_SPEC_UINT (p));
  fail_unless_equals_int (G_PARAM_SPEC_UINT (p)->default_value, 1);
  fail_unless_equals_int (G_PARAM_SPEC_UINT (p)->minimum, 0);
  fail_unless_equals_int (G_PARAM_SPEC_UINT (p)->maximum, PREP_WORKERS_MAX);
  /* output-buffers: the CUDA output pool's size, 8 by default */
  p = g_object_class_find_property (G_OBJECT_GET_CLASS (e), "output-buffers");
  fail_unless (p != NULL && G_IS_PARAM_SPEC_UINT (p));
  fail_unless_equals_int (G_PARAM_SPEC_UINT (p)->default_value, 8);
  fail_unless_equals_int (G_PARAM_SPEC_UINT (p)->minimum, 1);
  fail_unless_equals_int (G_PARAM_SPEC_UINT (p)->maximum, 1024);
  fail_unless (p->flags & GST_PARAM_MUTABLE_PLAYING);
  g_object_get (e, "n-threads", &v, NULL);
  fail_unless_equals_int (v, 1);
}

typedef struct
{
  const gchar *name, *def;
  const gchar *nicks[4];
} EnumProp;

static const EnumProp enum_props[] = {
  {"aspect", "stretch", {"stretch", "letterbox"}},
  {"interpolation", "bilinear", {"bilinear", "nearest"}},
  {"channel-order", "rgb", {"rgb", "bgr"}},
  {"layout", "nchw", {"nchw", "nhwc"}},
  {"roi-source", "property", {"property", "meta"}},
  {"data-type", "float32", {"float32", "float16"}},
  {"output-mode", "tensor", {"tensor", "meta"}},
  {"tensor-memory", "auto", {"auto", "system"}},
  {"color-conversion", "exact", {"exact", "opencv", "opencv-8bit"}},
  {"chroma-interpolation", "nearest", {"nearest", "bilinear"}},
};

static void
get_triple (GstElement * e, const gchar * name, gdouble v[3])
{
  GValue arr = G_VALUE_INIT;
  guint i;

  g_value_init (&arr, GST_TYPE_ARRAY);
  g_object_get_property (G_OBJECT (e), name, &arr);
  fail_unless_equals_int (gst_value_array_get_size (&arr), 3);
  for (i = 0; i < 3; i++)
    v[i] = g_value_get_double (gst_value_array_get_value (&arr, i));
  g_value_unset (&arr);
}

static void
assert_triple (GstElement * e, const gchar * name, gdouble a, gdouble b,
    gdouble c)
{
  gdouble v[3];

  get_triple (e, name, v);
  fail_unless (v[0] == a && v[1] == b && v[2] == c,
      "%s is <%g,%g,%g>, expected <%g,%g,%g>", name, v[0], v[1], v[2], a, b, c);
}

static const gchar *
enum_nick (GstElement * e, const gchar * name)
{
  GParamSpec *p = g_object_class_find_property (G_OBJECT_GET_CLASS (e), name);
  GEnumValue *ev;
  gint v;

  g_object_get (e, name, &v, NULL);
  ev = g_enum_get_value (G_PARAM_SPEC_ENUM (p)->enum_class, v);
  fail_unless (ev != NULL, "%s has no valid value", name);
  return ev->value_nick;
}

static void
check_int_props (GstElement * e)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (int_props); i++) {
    GParamSpec *p = g_object_class_find_property (G_OBJECT_GET_CLASS (e),
        int_props[i].name);
    GParamSpecInt *ip;
    gint v;

    fail_unless (p != NULL && G_IS_PARAM_SPEC_INT (p), "%s", int_props[i].name);
    ip = G_PARAM_SPEC_INT (p);
    fail_unless_equals_int (ip->default_value, int_props[i].def);
    fail_unless_equals_int (ip->minimum, int_props[i].min);
    fail_unless_equals_int (ip->maximum, G_MAXINT);
    g_object_get (e, int_props[i].name, &v, NULL);
    fail_unless_equals_int (v, int_props[i].def);
  }
}

static void
check_enum_props (GstElement * e)
{
  guint i, j;

  for (i = 0; i < G_N_ELEMENTS (enum_props); i++) {
    const EnumProp *ep = &enum_props[i];
    GParamSpec *p = g_object_class_find_property (G_OBJECT_GET_CLASS (e),
        ep->name);

    fail_unless (p != NULL && G_IS_PARAM_SPEC_ENUM (p), "%s", ep->name);
    fail_unless_equals_string (enum_nick (e, ep->name), ep->def);
    for (j = 0; ep->nicks[j] != NULL; j++)
      fail_unless (g_enum_get_value_by_nick (G_PARAM_SPEC_ENUM
              (p)->enum_class, ep->nicks[j]) != NULL, "%s has no %s",
          ep->name, ep->nicks[j]);
  }
}

/* pad-values unset: an empty array */
static void
assert_pad_values_unset (GstElement * e)
{
  GValue v = G_VALUE_INIT;

  g_value_init (&v, GST_TYPE_ARRAY);
  g_object_get_property (G_OBJECT (e), "pad-values", &v);
  fail_unless_equals_int (gst_value_array_get_size (&v), 0);
  g_value_unset (&v);
}

/* pad-values: 3 values read back, and <> unsets them. */
GST_START_TEST (test_pad_values_round_trip)
{
  GstElement *e = gst_element_factory_make ("cudapreproc", NULL);

  set_props (e, "pad-values=<124,116,104.5>");
  assert_triple (e, "pad-values", 124.0, 116.0, 104.5);
  set_props (e, "pad-values=<>");
  assert_pad_values_unset (e);
  gst_object_unref (e);
}

GST_END_TEST;

static void set_array (GstElement * e, const gchar * name, gint n,
    const gdouble * v);

/* crop-rect: 4 values read back, <> unsets it; any other count is
 * refused on the bus and the previous value kept. */
GST_START_TEST (test_crop_rect_round_trip)
{
  static const gdouble three[3] = { 1.0, 2.0, 3.0 };
  GstElement *e = gst_element_factory_make ("cudapreproc", NULL);
  GValue v = G_VALUE_INIT;
  gdouble want[4] = { 419.46, 0.0, 1081.08, 1080.0 };
  guint i;

  g_value_init (&v, GST_TYPE_ARRAY);
  g_object_get_property (G_OBJECT (e), "crop-rect", &v);
  fail_unless_equals_int (gst_value_array_get_size (&v), 0);
  g_value_unset (&v);
  set_props (e, "crop-rect=<419.46,0,1081.08,1080>");
  ASSERT_BUS_REFUSAL (e, "crop-rect", set_array (e, "crop-rect", 3, three));
  g_value_init (&v, GST_TYPE_ARRAY);
  g_object_get_property (G_OBJECT (e), "crop-rect", &v);
  fail_unless_equals_int (gst_value_array_get_size (&v), 4);
  for (i = 0; i < 4; i++)
    fail_unless (g_value_get_double (gst_value_array_get_value (&v, i)) ==
        want[i]);
  g_value_unset (&v);
  set_props (e, "crop-rect=<>");
  g_value_init (&v, GST_TYPE_ARRAY);
  g_object_get_property (G_OBJECT (e), "crop-rect", &v);
  fail_unless_equals_int (gst_value_array_get_size (&v), 0);
  g_value_unset (&v);
  gst_object_unref (e);
}

GST_END_TEST;

static void
check_double_props (GstElement * e)
{
  GParamSpec *p = g_object_class_find_property (G_OBJECT_GET_CLASS (e),
      "pad-value");
  gdouble pad, scale;

  fail_unless (p != NULL && G_IS_PARAM_SPEC_DOUBLE (p));
  fail_unless_equals_float (G_PARAM_SPEC_DOUBLE (p)->minimum, 0.0);
  fail_unless_equals_float (G_PARAM_SPEC_DOUBLE (p)->maximum, 255.0);
  g_object_get (e, "pad-value", &pad, "scale", &scale, NULL);
  fail_unless_equals_float (pad, 114.0);
  fail_unless (scale == 1.0 / 255.0, "scale is %.17g", scale);
  assert_triple (e, "mean", 0.0, 0.0, 0.0);
  assert_triple (e, "std", 1.0, 1.0, 1.0);
  assert_pad_values_unset (e);
}

GST_START_TEST (test_properties_defaults)
{
  GstElement *e = gst_element_factory_make ("cudapreproc", NULL);
  GParamSpec **specs;
  guint i, n, own = 0;

  fail_unless (e != NULL, "cudapreproc not found");
  check_int_props (e);
  check_n_threads_prop (e);
  check_enum_props (e);
  check_double_props (e);

  /* every property exists and is documented */
  for (i = 0; i < G_N_ELEMENTS (all_props); i++)
    fail_unless (g_object_class_find_property (G_OBJECT_GET_CLASS (e),
            all_props[i]) != NULL, "no property %s", all_props[i]);
  specs = g_object_class_list_properties (G_OBJECT_GET_CLASS (e), &n);
  for (i = 0; i < n; i++) {
    if (specs[i]->owner_type != G_OBJECT_TYPE (e))
      continue;
    own++;
    fail_unless (g_param_spec_get_nick (specs[i]) != NULL &&
        *g_param_spec_get_nick (specs[i]) != '\0', "%s has no nick",
        specs[i]->name);
    fail_unless (g_param_spec_get_blurb (specs[i]) != NULL &&
        *g_param_spec_get_blurb (specs[i]) != '\0', "%s has no blurb",
        specs[i]->name);
  }
  fail_unless_equals_int (own, G_N_ELEMENTS (all_props));
  g_free (specs);
  gst_object_unref (e);
}

GST_END_TEST;

/* color-conversion and chroma-interpolation: every value read back, on
 * both elements (the shared property code). */
GST_START_TEST (test_color_props_round_trip)
{
  static const gchar *const factories[] = { "cudapreproc",
    "cudapreprocbatch"
  };
  static const gchar *const conversions[] = { "opencv", "opencv-8bit",
    "exact"
  };
  static const gchar *const chroma[] = { "bilinear", "nearest" };
  GstElement *e = gst_element_factory_make (factories[__i__], NULL);
  gchar *line;
  guint i;

  fail_unless (e != NULL, "%s not found", factories[__i__]);
  fail_unless_equals_string (enum_nick (e, "color-conversion"), "exact");
  fail_unless_equals_string (enum_nick (e, "chroma-interpolation"), "nearest");
  for (i = 0; i < G_N_ELEMENTS (conversions); i++) {
    line = g_strdup_printf ("color-conversion=%s chroma-interpolation=%s",
        conversions[i], chroma[i % 2]);
    set_props (e, line);
    g_free (line);
    fail_unless_equals_string (enum_nick (e, "color-conversion"),
        conversions[i]);
    fail_unless_equals_string (enum_nick (e, "chroma-interpolation"),
        chroma[i % 2]);
  }
  gst_object_unref (e);
}

GST_END_TEST;

/* gst-launch syntax through gst_util_set_object_arg. */
GST_START_TEST (test_properties_launch_syntax)
{
  GstElement *e = gst_element_factory_make ("cudapreproc", NULL);
  gdouble pad, scale;
  gint w;

  set_props (e, "mean=<0.485,0.456,0.406> std=<0.229,0.224,0.225> "
      "aspect=letterbox interpolation=nearest channel-order=bgr layout=nhwc "
      "width=224 pad-value=0 scale=1");
  assert_triple (e, "mean", 0.485, 0.456, 0.406);
  assert_triple (e, "std", 0.229, 0.224, 0.225);
  fail_unless_equals_string (enum_nick (e, "aspect"), "letterbox");
  fail_unless_equals_string (enum_nick (e, "interpolation"), "nearest");
  fail_unless_equals_string (enum_nick (e, "channel-order"), "bgr");
  fail_unless_equals_string (enum_nick (e, "layout"), "nhwc");
  g_object_get (e, "width", &w, "pad-value", &pad, "scale", &scale, NULL);
  fail_unless_equals_int (w, 224);
  fail_unless_equals_float (pad, 0.0);
  fail_unless_equals_float (scale, 1.0);
  gst_object_unref (e);
}

GST_END_TEST;

/* Out of the param spec's range: GLib warns, the old value stays.  Fields
 * left out are 0: an integer property (is_double FALSE, good_d and bad_d
 * unused), or a double one's unused good_i and bad_i. */
typedef struct
{
  const gchar *name;
  gboolean is_double;
  gint good_i, bad_i;
  gdouble good_d, bad_d;
} RangeCase;

static const RangeCase range_cases[] = {
  {.name = "width",.good_i = 320,.bad_i = 0},
  {.name = "width",.good_i = 320,.bad_i = -5},
  {.name = "height",.good_i = 200,.bad_i = 0},
  {.name = "crop-x",.good_i = 10,.bad_i = -1},
  {.name = "crop-y",.good_i = 10,.bad_i = -1},
  {.name = "crop-width",.good_i = 10,.bad_i = -1},
  {.name = "crop-height",.good_i = 10,.bad_i = -100},
  {.name = "pad-value",.is_double = TRUE,.good_d = 7.0,.bad_d = 300.0},
  {.name = "pad-value",.is_double = TRUE,.good_d = 7.0,.bad_d = -1.0},
  {.name = "n-threads",.good_i = 2,.bad_i = PREP_WORKERS_MAX + 1},
};

GST_START_TEST (test_properties_out_of_range)
{
  const RangeCase *c = &range_cases[__i__];
  GstElement *e = gst_element_factory_make ("cudapreproc", NULL);

  if (c->is_double) {
    gdouble v;

    g_object_set (e, c->name, c->good_d, NULL);
    ASSERT_REFUSED (g_object_set (e, c->name, c->bad_d, NULL));
    g_object_get (e, c->name, &v, NULL);
    fail_unless_equals_float (v, c->good_d);
  } else {
    gint v;

    g_object_set (e, c->name, c->good_i, NULL);
    ASSERT_REFUSED (g_object_set (e, c->name, c->bad_i, NULL));
    g_object_get (e, c->name, &v, NULL);
    fail_unless_equals_int (v, c->good_i);
  }
  gst_object_unref (e);
}

GST_END_TEST;

/* Values refused with an element warning on the bus, the old value kept:
 * the setter refuses zero std, arrays of other than 3 values and
 * normalizations that overflow float; a NaN or infinite scale is already
 * caught by GObject's validation against the param spec. */
typedef struct
{
  const gchar *name;
  gint n;                       /* values in the array; -1: a double */
  gdouble v[4];
} SetterCase;

static const SetterCase setter_cases[] = {
  {"std", 3, {0.229, 0.0, 0.225}},
  {"std", 3, {NAN, 1.0, 1.0}},
  {"std", 3, {1.0, INFINITY, 1.0}},
  {"std", 3, {1.0, 1.0, -INFINITY}},
  {"std", 2, {1.0, 1.0}},
  {"std", 4, {1.0, 1.0, 1.0, 1.0}},
  {"mean", 3, {0.5, NAN, 0.5}},
  {"mean", 3, {INFINITY, 0.5, 0.5}},
  {"mean", 2, {0.5, 0.5}},
  {"mean", 4, {0.5, 0.5, 0.5, 0.5}},
  {"mean", 0, {0.0}},
  /* finite, but the normalized values would overflow float */
  {"std", 3, {1e-300, 1.0, 1.0}},
  {"mean", 3, {0.0, -1e300, 0.0}},
  {"pad-values", 3, {1.0, 255.5, 1.0}},
  {"pad-values", 3, {-1.0, 1.0, 1.0}},
  {"pad-values", 3, {1.0, 1.0, NAN}},
  {"pad-values", 2, {1.0, 1.0}},
  {"pad-values", 4, {1.0, 1.0, 1.0, 1.0}},
  {"scale", -1, {1e300}},
  {"scale", -1, {NAN}},
  {"scale", -1, {INFINITY}},
  {"scale", -1, {-INFINITY}},
};

static void
set_array (GstElement * e, const gchar * name, gint n, const gdouble * v)
{
  GValue arr = G_VALUE_INIT;
  gint i;

  g_value_init (&arr, GST_TYPE_ARRAY);
  for (i = 0; i < n; i++) {
    GValue d = G_VALUE_INIT;

    g_value_init (&d, G_TYPE_DOUBLE);
    g_value_set_double (&d, v[i]);
    gst_value_array_append_and_take_value (&arr, &d);
  }
  g_object_set_property (G_OBJECT (e), name, &arr);
  g_value_unset (&arr);
}

GST_START_TEST (test_properties_setter_refuses)
{
  static const gdouble good[3] = { 0.25, 0.5, 0.75 };
  const SetterCase *c = &setter_cases[__i__];
  GstElement *e = gst_element_factory_make ("cudapreproc", NULL);

  if (c->n < 0) {
    gdouble scale;

    g_object_set (e, "scale", 0.5, NULL);
    /* NaN and infinities are outside the property's range: GLib refuses
     * them before the setter (a critical from GLib 2.84, a warning before) */
    if (isfinite (c->v[0]))
      ASSERT_BUS_REFUSAL (e, "scale", g_object_set (e, "scale", c->v[0], NULL));
    else
      ASSERT_REFUSED (g_object_set (e, "scale", c->v[0], NULL));
    g_object_get (e, "scale", &scale, NULL);
    fail_unless_equals_float (scale, 0.5);
  } else {
    set_array (e, c->name, 3, good);
    ASSERT_BUS_REFUSAL (e, c->name, set_array (e, c->name, c->n, c->v));
    assert_triple (e, c->name, good[0], good[1], good[2]);
  }
  gst_object_unref (e);
}

GST_END_TEST;

/* The same refusals through the gst-launch syntax. */
GST_START_TEST (test_properties_setter_refuses_launch_syntax)
{
  GstElement *e = gst_element_factory_make ("cudapreproc", NULL);

  set_props (e, "std=<0.5,0.5,0.5>");
  ASSERT_BUS_REFUSAL (e, "the second std value is 0",
      set_props (e, "std=<0.5,0,0.5>"));
  ASSERT_BUS_REFUSAL (e, "exactly 3 values", set_props (e, "std=<0.5,0.5>"));
  ASSERT_BUS_REFUSAL (e, "keeping the previous value, mean=",
      set_props (e, "mean=<0.1,0.2,0.3,0.4>"));
  assert_triple (e, "std", 0.5, 0.5, 0.5);
  assert_triple (e, "mean", 0.0, 0.0, 0.0);
  gst_object_unref (e);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Caps                                                                      */
/* ------------------------------------------------------------------------ */

typedef struct
{
  const gchar *caps;
  gboolean accepted;
} AcceptCase;

static const AcceptCase accept_cases[] = {
  {"video/x-raw, format=NV12, width=320, height=240, framerate=30/1", TRUE},
  {"video/x-raw, format=NV12, width=1, height=1, framerate=0/1", TRUE},
  {"video/x-raw, format=NV12, width=321, height=241, framerate=25/2, "
        "colorimetry=bt709", TRUE},
  {"video/x-raw, format=I420, width=320, height=240, framerate=30/1", TRUE},
  {"video/x-raw, format=RGB, width=320, height=240, framerate=30/1", TRUE},
  {"video/x-raw, format=NV21, width=320, height=240, framerate=30/1", TRUE},
  {"video/x-raw, format=P010_10LE, width=321, height=241, framerate=30/1",
      TRUE},
  {"video/x-raw, format=GRAY8, width=3, height=1, framerate=30/1", TRUE},
  {"video/x-raw, format=Y42B, width=321, height=241, framerate=30/1", TRUE},
  {"video/x-raw, format=I422_10LE, width=321, height=241, framerate=30/1",
      TRUE},
  {"video/x-raw, format=I420_10LE, width=321, height=241, framerate=30/1",
      TRUE},
  {"video/x-raw, format=NV16, width=321, height=241, framerate=30/1", TRUE},
  {"video/x-raw, format=NV61, width=320, height=240, framerate=30/1", FALSE},
  {"video/x-raw, format=I422_12LE, width=320, height=240, framerate=30/1",
      FALSE},
  {"video/x-raw, format=Y444_10LE, width=320, height=240, framerate=30/1",
      FALSE},
  {"video/x-raw, format=v210, width=320, height=240, framerate=30/1", FALSE},
  {"other/tensors, format=static, num_tensors=1, types=float32, "
        "dimensions=640:640:3:1, framerate=30/1", FALSE},
  {"audio/x-raw, format=F32LE, rate=48000, channels=2", FALSE},
};

GST_START_TEST (test_accept_caps)
{
  GstElement *e = gst_element_factory_make ("cudapreproc", NULL);
  GstPad *sink = gst_element_get_static_pad (e, "sink");
  guint i;

  for (i = 0; i < G_N_ELEMENTS (accept_cases); i++) {
    GstCaps *caps = gst_caps_from_string (accept_cases[i].caps);

    fail_unless (caps != NULL);
    fail_unless_equals_int (gst_pad_query_accept_caps (sink, caps),
        accept_cases[i].accepted);
    gst_caps_unref (caps);
  }
  gst_object_unref (sink);
  gst_object_unref (e);
}

GST_END_TEST;

/* Without a CUDA driver (or in a build without CUDA) the element still
 * works on system memory, offers no CUDA caps, and refuses CUDA input with
 * an error that says why.  Skipped where a driver is installed. */
GST_START_TEST (test_no_driver_no_cuda_caps)
{
  GModule *driver = g_module_open ("libcuda.so.1", G_MODULE_BIND_LAZY);
  GstBus *bus;
  GstHarness *h;
  GstCaps *cuda, *out;
  GstPad *sink, *src;
  GString *text = g_string_new (NULL);

  if (driver != NULL) {
    g_module_close (driver);
    g_print ("a CUDA driver is installed: no-driver test not run\n");
    g_string_free (text, TRUE);
    return;
  }
  h = harness_new ("width=8 height=8", &bus);
  sink = gst_element_get_static_pad (h->element, "sink");
  src = gst_element_get_static_pad (h->element, "src");
  cuda = gst_caps_from_string ("video/x-raw(memory:CUDAMemory), format=NV12, "
      "width=64, height=48, framerate=30/1");
  fail_if (gst_pad_query_accept_caps (sink, cuda));
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_ERROR, text), 1);
  assert_contains (text, "Input in CUDA memory cannot be processed");
  out = gst_pad_query_caps (src, NULL);
  fail_if (gst_caps_features_contains (gst_caps_get_features (out, 0),
          "memory:CUDAMemory"));
  gst_caps_unref (out);
  gst_caps_unref (cuda);
  gst_object_unref (sink);
  gst_object_unref (src);
  g_string_free (text, TRUE);
  harness_free (h, bus);
}

GST_END_TEST;

typedef struct
{
  const gchar *props;
  const gchar *in_caps;
  const gchar *out_caps;
} CapsCase;

#define TENSOR_CAPS "other/tensors, format=(string)static, " \
    "num_tensors=(int)1, types=(string)float32, "

static const CapsCase caps_cases[] = {
  {"", "video/x-raw, format=NV12, width=320, height=240, framerate=30/1",
      TENSOR_CAPS "dimensions=(string)640:640:3:1, framerate=(fraction)30/1"},
  {"width=224 height=224",
        "video/x-raw, format=NV12, width=320, height=240, framerate=30/1",
      TENSOR_CAPS "dimensions=(string)224:224:3:1, framerate=(fraction)30/1"},
  {"width=64 height=48 layout=nhwc",
        "video/x-raw, format=NV12, width=320, height=240, framerate=30/1",
      TENSOR_CAPS "dimensions=(string)3:64:48:1, framerate=(fraction)30/1"},
  {"width=1 height=1",
        "video/x-raw, format=NV12, width=320, height=240, framerate=30/1",
      TENSOR_CAPS "dimensions=(string)1:1:3:1, framerate=(fraction)30/1"},
  {"width=32 height=16",
        "video/x-raw, format=NV12, width=64, height=48, framerate=0/1",
      TENSOR_CAPS "dimensions=(string)32:16:3:1, framerate=(fraction)0/1"},
  {"width=32 height=16 layout=nhwc",
        "video/x-raw, format=NV12, width=64, height=48, framerate=25/2",
      TENSOR_CAPS "dimensions=(string)3:32:16:1, framerate=(fraction)25/2"},
  {"width=3 height=5 layout=nhwc",
        "video/x-raw, format=NV12, width=64, height=48, framerate=60000/1001",
      TENSOR_CAPS "dimensions=(string)3:3:5:1, "
        "framerate=(fraction)60000/1001"},
  {"width=3 height=5",
        "video/x-raw, format=NV12, width=64, height=48, framerate=30/1",
      TENSOR_CAPS "dimensions=(string)3:5:3:1, framerate=(fraction)30/1"},
};

GST_START_TEST (test_output_caps)
{
  const CapsCase *c = &caps_cases[__i__];
  GstCaps *expected = gst_caps_from_string (c->out_caps), *got;
  GstStructure *s = gst_structure_from_string (c->in_caps, NULL);
  GstBus *bus;
  GstHarness *h = harness_new (c->props, &bus);
  GstBuffer *out;
  gchar *str, *exp_str;
  gint w, hh;
  Frame f;

  fail_unless (expected != NULL && s != NULL);
  fail_unless (gst_structure_get_int (s, "width", &w) &&
      gst_structure_get_int (s, "height", &hh));
  frame_init (&f, w, hh, 1);
  fail_unless (harness_push_caps (h, c->in_caps));
  out = push_and_pull (h, &f);
  got = gst_pad_get_current_caps (h->sinkpad);
  fail_unless (got != NULL);
  str = gst_caps_to_string (got);
  g_print ("%s + \"%s\"\n  -> %s\n", c->in_caps, c->props, str);
  exp_str = gst_caps_to_string (expected);
  fail_unless (gst_caps_is_equal (got, expected),
      "output caps\n  %s\nexpected\n  %s", str, exp_str);
  g_free (exp_str);
  g_free (str);
  fail_unless_equals_uint64 (gst_buffer_get_size (out),
      tensor_caps_bytes (expected));
  assert_buffer_finite (out);

  gst_buffer_unref (out);
  gst_caps_unref (got);
  gst_caps_unref (expected);
  gst_structure_free (s);
  frame_clear (&f);
  harness_free (h, bus);
}

GST_END_TEST;

void
element_props_tests (TCase * tc)
{
  tcase_add_test (tc, test_properties_defaults);
  tcase_add_test (tc, test_pad_values_round_trip);
  tcase_add_test (tc, test_crop_rect_round_trip);
  tcase_add_loop_test (tc, test_color_props_round_trip, 0, 2);
  tcase_add_test (tc, test_properties_launch_syntax);
  tcase_add_loop_test (tc, test_properties_out_of_range, 0,
      G_N_ELEMENTS (range_cases));
  tcase_add_loop_test (tc, test_properties_setter_refuses, 0,
      G_N_ELEMENTS (setter_cases));
  tcase_add_test (tc, test_properties_setter_refuses_launch_syntax);
  tcase_add_test (tc, test_accept_caps);
  tcase_add_test (tc, test_no_driver_no_cuda_caps);
  tcase_add_loop_test (tc, test_output_caps, 0, G_N_ELEMENTS (caps_cases));
}
