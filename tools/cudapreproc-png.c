/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreproc-png: see what the network receives.  Runs a pipeline that
 * contains one cudapreproc element and ends in an appsink, and writes each
 * slot of every tensor as a PNG picture, the normalization undone:
 *
 *   cudapreproc-png [-o PREFIX] [-n FRAMES] PIPELINE-DESCRIPTION
 *
 * The description is everything before the appsink (" ! appsink" is
 * appended).  Files are PREFIX-<frame>-<slot>.png (PREFIX defaults to
 * "tensor"), of the first FRAMES tensors (default 1).  Each element is
 * turned back into a pixel value with the element's own scale, mean and
 * std (pixel = (out * std[c] + mean[c]) / scale; integer tensors first
 * add their offset), clamped to 0..255 and rounded; channels are shown in
 * RGB order whatever channel-order was, gray tensors as gray pictures.
 * Letterbox bands show the pad value. */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gst/gst.h>
#include <gst/app/gstappsink.h>

#include "png-write.h"

/* What the element's properties say about its tensor. */
typedef struct
{
  gdouble scale, mean[3], std[3];
  gboolean bgr, nhwc;
  gint channels;                /* 3, or 1 (gray) */
  gchar *type;                  /* "float32", "float16", "uint8", "int8" */
  gint width, height, batch;
} Tensor;

static void
read_array (GstElement * e, const gchar * name, gdouble v[3])
{
  GValue a = G_VALUE_INIT;
  guint i;

  g_value_init (&a, GST_TYPE_ARRAY);
  g_object_get_property (G_OBJECT (e), name, &a);
  for (i = 0; i < 3; i++)
    v[i] = g_value_get_double (gst_value_array_get_value (&a, i));
  g_value_unset (&a);
}

/* The nick of enum property @name of @e ("bgr", "nhwc", ...). */
static const gchar *
enum_nick (GstElement * e, const gchar * name)
{
  GParamSpec *spec = g_object_class_find_property (G_OBJECT_GET_CLASS (e),
      name);
  GEnumValue *v;
  gint value = 0;

  g_object_get (e, name, &value, NULL);
  v = g_enum_get_value (G_PARAM_SPEC_ENUM (spec)->enum_class, value);
  return v != NULL ? v->value_nick : "";
}

/* The normalization and layout from @e, the shape from the caps. */
static gboolean
tensor_read (GstElement * e, GstCaps * caps, Tensor * t)
{
  const GstStructure *s = gst_caps_get_structure (caps, 0);
  const gchar *order = enum_nick (e, "channel-order");
  guint64 d[4];
  gchar **parts;
  gint i;

  g_object_get (e, "scale", &t->scale, NULL);
  read_array (e, "mean", t->mean);
  read_array (e, "std", t->std);
  t->bgr = g_strcmp0 (order, "bgr") == 0;
  t->channels = g_strcmp0 (order, "gray") == 0 ? 1 : 3;
  t->nhwc = g_strcmp0 (enum_nick (e, "layout"), "nhwc") == 0;
  t->type = g_strdup (gst_structure_get_string (s, "types"));
  parts = g_strsplit (GST_STR_NULL (gst_structure_get_string (s,
              "dimensions")), ":", -1);
  for (i = 0; i < 4 && parts[i] != NULL; i++)
    d[i] = g_ascii_strtoull (parts[i], NULL, 10);
  g_strfreev (parts);
  if (i != 4 || t->type == NULL)
    return FALSE;
  t->width = (gint) (t->nhwc ? d[1] : d[0]);
  t->height = (gint) (t->nhwc ? d[2] : d[1]);
  t->batch = (gint) d[3];
  return TRUE;
}

/* Element @i of the tensor as the value the network got. */
static gdouble
element (const Tensor * t, const guint8 * data, gsize i)
{
  if (strcmp (t->type, "float32") == 0) {
    gfloat f;

    memcpy (&f, data + 4 * i, 4);
    return f;
  }
  if (strcmp (t->type, "float16") == 0) {
    guint16 h;
    gint e, m;

    memcpy (&h, data + 2 * i, 2);
    e = (h >> 10) & 0x1f;
    m = h & 0x3ff;
    return (h & 0x8000 ? -1.0 : 1.0) * (e == 0 ? ldexp (m, -24) :
        ldexp (1024 + m, e - 25));
  }
  return strcmp (t->type, "int8") == 0 ? (gint8) data[i] + 128.0 : data[i];
}

/* Slot @slot as 8-bit RGB (or gray) pixels, the normalization undone. */
static guint8 *
slot_pixels (const Tensor * t, const guint8 * data, gint slot)
{
  gsize plane = (gsize) t->width * t->height, p;
  guint8 *px = g_malloc (plane * t->channels);
  gint c, k;

  for (p = 0; p < plane; p++)
    for (c = 0; c < t->channels; c++) {
      /* picture channel c (RGB) is tensor channel k */
      gsize base = (gsize) slot * plane * t->channels;
      gdouble v;

      k = t->bgr ? 2 - c : c;
      v = element (t, data, base + (t->nhwc ? p * t->channels + k :
              k * plane + p));
      v = (v * t->std[k] + t->mean[k]) / t->scale;
      px[p * t->channels + c] = (guint8) CLAMP (lround (v), 0, 255);
    }
  return px;
}

static gboolean
write_tensor (GstElement * e, GstSample * sample, const gchar * prefix,
    guint frame)
{
  GstBuffer *buf = gst_sample_get_buffer (sample);
  Tensor t = { 0, };
  GstMapInfo map;
  gboolean ok;
  gint s;

  ok = tensor_read (e, gst_sample_get_caps (sample), &t) && buf != NULL &&
      gst_buffer_map (buf, &map, GST_MAP_READ);
  for (s = 0; ok && s < t.batch; s++) {
    gchar *path = g_strdup_printf ("%s-%u-%d.png", prefix, frame, s);
    guint8 *px = slot_pixels (&t, map.data, s);

    ok = png_write (path, px, t.width, t.height, t.channels);
    g_print ("%s: %dx%d %s\n", path, t.width, t.height, ok ? "written" :
        "NOT written");
    g_free (px);
    g_free (path);
  }
  if (buf != NULL && t.type != NULL)
    gst_buffer_unmap (buf, &map);
  g_free (t.type);
  return ok;
}

static GstElement *
find_preproc (GstElement * pipeline)
{
  GstIterator *it = gst_bin_iterate_all_by_element_factory_name (GST_BIN
      (pipeline), "cudapreproc");
  GValue v = G_VALUE_INIT;
  GstElement *e = NULL;

  if (gst_iterator_next (it, &v) == GST_ITERATOR_OK)
    e = g_value_dup_object (&v);
  g_value_unset (&v);
  gst_iterator_free (it);
  return e;
}

static gint
run (const gchar * description, const gchar * prefix, guint frames)
{
  gchar *full = g_strdup_printf ("%s ! appsink name=sink sync=false",
      description);
  GError *err = NULL;
  GstElement *pipeline = gst_parse_launch (full, &err), *e, *sink;
  GstSample *sample;
  guint n = 0;
  gint ret = 1;

  g_free (full);
  if (pipeline == NULL || (e = find_preproc (pipeline)) == NULL) {
    g_printerr ("cannot build a pipeline with a cudapreproc element: %s\n",
        err ? err->message : "no cudapreproc in it");
    g_clear_error (&err);
    gst_clear_object (&pipeline);
    return 1;
  }
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  while (n < frames && (sample = gst_app_sink_pull_sample (GST_APP_SINK
              (sink))) != NULL) {
    ret = write_tensor (e, sample, prefix, n++) ? 0 : 1;
    gst_sample_unref (sample);
    if (ret != 0)
      break;
  }
  if (n == 0)
    g_printerr ("no tensor came out of the pipeline\n");
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (sink);
  gst_object_unref (e);
  gst_object_unref (pipeline);
  return n == 0 ? 1 : ret;
}

int
main (int argc, char *argv[])
{
  gchar *prefix = NULL, *description;
  gint frames = 1, ret;
  GOptionEntry entries[] = {
    {"output", 'o', 0, G_OPTION_ARG_STRING, &prefix, "File prefix "
          "(default: tensor)", "PREFIX"},
    {"frames", 'n', 0, G_OPTION_ARG_INT, &frames, "Tensors to write "
          "(default: 1)", "N"},
    {NULL}
  };
  GOptionContext *ctx = g_option_context_new ("PIPELINE-DESCRIPTION");
  GError *err = NULL;

  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_add_group (ctx, gst_init_get_option_group ());
  if (!g_option_context_parse (ctx, &argc, &argv, &err) || argc < 2 ||
      frames < 1) {
    g_printerr ("%s\n", err ? err->message : "usage: cudapreproc-png [-o "
        "PREFIX] [-n FRAMES] PIPELINE-DESCRIPTION");
    g_clear_error (&err);
    g_option_context_free (ctx);
    return 2;
  }
  g_option_context_free (ctx);
  description = g_strjoinv (" ", argv + 1);
  ret = run (description, prefix ? prefix : "tensor", (guint) frames);
  g_free (description);
  g_free (prefix);
  return ret;
}
