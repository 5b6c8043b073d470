/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreproc-demo: runs a pipeline that ends in an appsink and, for every
 * tensor it receives, prints the tensor's shape and per-channel statistics.
 *
 *   cudapreproc-demo [PIPELINE-DESCRIPTION]
 *
 * The description is everything before the appsink; the program appends
 * " ! appsink name=sink sync=false".  Several arguments are joined with
 * spaces.  Exit status 0 on success, 1 on a pipeline error or after 60 s
 * without end-of-stream. */

#include <stdio.h>
#include <string.h>

#include <gst/gst.h>
#include <gst/app/gstappsink.h>

#define DEFAULT_PIPELINE \
    "videotestsrc num-buffers=1 pattern=smpte ! " \
    "video/x-raw,format=NV12,width=1280,height=720,framerate=30/1 ! " \
    "cudapreproc width=640 height=640 aspect=letterbox"
#define SINK_DESCRIPTION " ! appsink name=sink sync=false"

/* Whole run, from PLAYING to EOS. */
#define RUN_TIMEOUT (60 * G_TIME_SPAN_SECOND)
/* How long one pull waits before the bus is looked at again. */
#define PULL_TIMEOUT (100 * GST_MSECOND)

#define MAX_DIMS 16

typedef enum
{
  LAYOUT_UNKNOWN,
  LAYOUT_NCHW,
  LAYOUT_NHWC,
} Layout;

/* The first tensor of a caps structure, as the demo understands it. */
typedef struct
{
  const gchar *media_type;
  gchar *type;                  /* e.g. "float32" */
  gchar *dimensions;            /* as in the caps, innermost first */
  guint64 dims[4];              /* d0 (innermost) .. d3, padded with 1 */
  guint64 n_elements;
  Layout layout;
  gboolean ambiguous;           /* 3:X:3:1 reads both ways */
  guint64 n, h, w;
} TensorDesc;

static void
tensor_desc_clear (TensorDesc * t)
{
  g_free (t->type);
  g_free (t->dimensions);
}

/* Copies the first entry of a comma separated list (one per tensor). */
static gchar *
first_entry (const gchar * list)
{
  const gchar *comma = strchr (list, ',');

  return comma ? g_strndup (list, comma - list) : g_strdup (list);
}

/* Parses NNStreamer's "d0:d1:...", innermost first, into 4 dimensions:
 * shorter strings are padded with 1, longer ones may only add 1s. */
static gboolean
parse_dimensions (const gchar * str, guint64 dims[4])
{
  gchar **parts = g_strsplit (str, ":", -1);
  guint i, n = g_strv_length (parts);
  gboolean ok = n >= 1 && n <= MAX_DIMS;

  for (i = 0; i < 4; i++)
    dims[i] = 1;
  for (i = 0; ok && i < n; i++) {
    gchar *end = NULL;
    guint64 v = g_ascii_strtoull (g_strstrip (parts[i]), &end, 10);

    ok = end != parts[i] && *end == '\0' && v >= 1 && v <= G_MAXINT &&
        (i < 4 || v == 1);
    if (ok && i < 4)
      dims[i] = v;
  }
  g_strfreev (parts);
  return ok;
}

/* Reads the tensor description from caps: other/tensors (types,
 * dimensions) or other/tensor (type, dimension). */
static gboolean
tensor_desc_from_caps (const GstCaps * caps, TensorDesc * t)
{
  const GstStructure *s;
  const gchar *types, *dims;
  guint i;

  memset (t, 0, sizeof (*t));
  if (caps == NULL || gst_caps_get_size (caps) < 1)
    return FALSE;
  s = gst_caps_get_structure (caps, 0);
  t->media_type = gst_structure_get_name (s);
  if (gst_structure_has_name (s, "other/tensors")) {
    types = gst_structure_get_string (s, "types");
    dims = gst_structure_get_string (s, "dimensions");
  } else {
    types = gst_structure_get_string (s, "type");
    dims = gst_structure_get_string (s, "dimension");
  }
  if (types == NULL || dims == NULL)
    return FALSE;
  t->type = first_entry (types);
  t->dimensions = first_entry (dims);
  if (!parse_dimensions (t->dimensions, t->dims))
    return FALSE;

  t->n_elements = 1;
  for (i = 0; i < 4; i++) {
    if (t->n_elements > G_MAXUINT64 / t->dims[i])
      return FALSE;
    t->n_elements *= t->dims[i];
  }

  /* NCHW is W:H:3:N, NHWC is 3:W:H:N */
  t->n = t->dims[3];
  if (t->dims[2] == 3) {
    t->layout = LAYOUT_NCHW;
    t->w = t->dims[0];
    t->h = t->dims[1];
    t->ambiguous = t->dims[0] == 3;
  } else if (t->dims[0] == 3) {
    t->layout = LAYOUT_NHWC;
    t->w = t->dims[1];
    t->h = t->dims[2];
  }
  return TRUE;
}

static gchar *
tensor_desc_layout_string (const TensorDesc * t)
{
  switch (t->layout) {
    case LAYOUT_NCHW:
      if (t->ambiguous)
        return g_strdup_printf ("NCHW %" G_GUINT64_FORMAT "x3x%"
            G_GUINT64_FORMAT "x%" G_GUINT64_FORMAT " or NHWC %"
            G_GUINT64_FORMAT "x3x%" G_GUINT64_FORMAT "x3; statistics "
            "as NCHW", t->n, t->h, t->w, t->n, t->h);
      return g_strdup_printf ("NCHW %" G_GUINT64_FORMAT "x3x%"
          G_GUINT64_FORMAT "x%" G_GUINT64_FORMAT, t->n, t->h, t->w);
    case LAYOUT_NHWC:
      return g_strdup_printf ("NHWC %" G_GUINT64_FORMAT "x%"
          G_GUINT64_FORMAT "x%" G_GUINT64_FORMAT "x3", t->n, t->h, t->w);
    case LAYOUT_UNKNOWN:
    default:
      return g_strdup ("layout not recognized");
  }
}

/* Min, max and mean of channel c over every image of the batch. */
static void
print_channel_stats (const TensorDesc * t, const gfloat * data, guint c)
{
  guint64 plane = t->h * t->w, count = 0, b, i;
  gdouble sum = 0.0, lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;

  for (b = 0; b < t->n; b++) {
    for (i = 0; i < plane; i++) {
      gdouble v;

      if (t->layout == LAYOUT_NHWC)
        v = data[(b * plane + i) * 3 + c];
      else
        v = data[(b * 3 + c) * plane + i];
      lo = MIN (lo, v);
      hi = MAX (hi, v);
      sum += v;
      count++;
    }
  }
  g_print ("  channel %u: min %.4f max %.4f mean %.4f\n", c, lo, hi,
      count ? sum / count : 0.0);
}

/* Prints where each slot of the batch came from, as an application reads
 * the element's box meta: by name, through GStreamer's API only
 * (docs/meta.md). */
static void
print_box_meta (GstBuffer * buf)
{
  GstCustomMeta *meta = gst_buffer_get_custom_meta (buf,
      "GstCudaPreprocBoxMeta");
  const GstStructure *s, *slot;
  const GValue *slots;
  guint i, valid = 0;
  gint x, y, w, h, id;
  gdouble sx, ox;

  if (meta == NULL)
    return;
  s = gst_custom_meta_get_structure (meta);
  slots = gst_structure_get_value (s, "slots");
  gst_structure_get_uint (s, "valid-slots", &valid);
  g_print ("  box meta: %u valid slot(s)\n", valid);
  for (i = 0; slots != NULL && i < gst_value_array_get_size (slots); i++) {
    slot = gst_value_get_structure (gst_value_array_get_value (slots, i));
    if (!gst_structure_get (slot, "x", G_TYPE_INT, &x, "y", G_TYPE_INT, &y,
            "width", G_TYPE_INT, &w, "height", G_TYPE_INT, &h, "roi-id",
            G_TYPE_INT, &id, "scale-x", G_TYPE_DOUBLE, &sx, "offset-x",
            G_TYPE_DOUBLE, &ox, NULL) || w == 0)
      continue;
    g_print ("  slot %u: %dx%d at (%d, %d), roi-id %d, tensor x = %.3f + "
        "(frame x - %d) * %.6f\n", i, w, h, x, y, id, ox, x, sx);
  }
}

/* Prints one pulled tensor; FALSE when its buffer does not match its
 * caps. */
static gboolean
print_sample (GstSample * sample, guint index)
{
  GstBuffer *buf = gst_sample_get_buffer (sample);
  TensorDesc t;
  GstMapInfo map;
  gchar *layout;
  gboolean ok = TRUE;
  guint c;

  if (!tensor_desc_from_caps (gst_sample_get_caps (sample), &t)) {
    g_printerr ("tensor %u: caps %" GST_PTR_FORMAT " do not describe a "
        "tensor\n", index, gst_sample_get_caps (sample));
    tensor_desc_clear (&t);
    return FALSE;
  }
  layout = tensor_desc_layout_string (&t);
  g_print ("tensor %u: %s %s dimensions=%s (%s), pts %" GST_TIME_FORMAT "\n",
      index, t.media_type, t.type, t.dimensions, layout,
      GST_TIME_ARGS (buf ? GST_BUFFER_PTS (buf) : GST_CLOCK_TIME_NONE));
  g_free (layout);
  if (buf != NULL)
    print_box_meta (buf);

  if (strcmp (t.type, "float32") != 0 || t.layout == LAYOUT_UNKNOWN) {
    g_print ("  (statistics only for float32 NCHW or NHWC tensors)\n");
  } else if (buf == NULL || !gst_buffer_map (buf, &map, GST_MAP_READ)) {
    g_printerr ("tensor %u: cannot map the buffer\n", index);
    ok = FALSE;
  } else {
    if (t.n_elements > map.size / sizeof (gfloat)) {
      g_printerr ("tensor %u: buffer of %" G_GSIZE_FORMAT " bytes is "
          "smaller than the %" G_GUINT64_FORMAT " float32 values its caps "
          "describe\n", index, map.size, t.n_elements);
      ok = FALSE;
    } else {
      for (c = 0; c < 3; c++)
        print_channel_stats (&t, (const gfloat *) map.data, c);
    }
    gst_buffer_unmap (buf, &map);
  }
  tensor_desc_clear (&t);
  return ok;
}

/* Prints an error or warning message; TRUE for an error. */
static gboolean
print_message (GstMessage * msg)
{
  GError *err = NULL;
  gchar *debug = NULL;
  gboolean is_error = GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR;

  if (is_error)
    gst_message_parse_error (msg, &err, &debug);
  else if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_WARNING)
    gst_message_parse_warning (msg, &err, &debug);
  else
    return FALSE;
  /* keep the order of stdout and stderr lines when both go to one file */
  fflush (stdout);
  g_printerr ("%s from element %s: %s\n", is_error ? "ERROR" : "WARNING",
      GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)), err->message);
  g_printerr ("Debugging information: %s\n", debug ? debug : "none");
  g_clear_error (&err);
  g_free (debug);
  return is_error;
}

/* Prints the warnings waiting on the bus and the first error, if any;
 * TRUE when there was an error (later ones repeat or follow from it). */
static gboolean
drain_bus (GstBus * bus)
{
  GstMessage *msg;
  gboolean error = FALSE;

  while (!error && (msg = gst_bus_pop_filtered (bus,
              GST_MESSAGE_ERROR | GST_MESSAGE_WARNING)) != NULL) {
    error = print_message (msg);
    gst_message_unref (msg);
  }
  return error;
}

/* Pulls and prints tensors until EOS, an error or the timeout. */
static gint
pull_tensors (GstBus * bus, GstAppSink * appsink)
{
  gint64 deadline = g_get_monotonic_time () + RUN_TIMEOUT;
  guint index = 0;

  for (;;) {
    GstSample *sample;
    gboolean ok;

    if (drain_bus (bus))
      return 1;
    if (g_get_monotonic_time () > deadline) {
      g_printerr ("ERROR: no end-of-stream after %d s, giving up\n",
          (gint) (RUN_TIMEOUT / G_TIME_SPAN_SECOND));
      return 1;
    }
    sample = gst_app_sink_try_pull_sample (appsink, PULL_TIMEOUT);
    if (sample != NULL) {
      /* messages posted while this buffer was made come first */
      if (drain_bus (bus)) {
        gst_sample_unref (sample);
        return 1;
      }
      ok = print_sample (sample, index++);
      gst_sample_unref (sample);
      if (!ok)
        return 1;
      continue;
    }
    if (gst_app_sink_is_eos (appsink)) {
      /* a source that fails posts its error, then sends EOS */
      if (drain_bus (bus))
        return 1;
      g_print ("EOS after %u tensor(s)\n", index);
      return 0;
    }
  }
}

static gint
run (const gchar * description)
{
  gchar *full = g_strconcat (description, SINK_DESCRIPTION, NULL);
  GstElement *pipeline, *sink = NULL;
  GstBus *bus = NULL;
  GError *err = NULL;
  gint ret = 1;

  g_print ("pipeline: %s\n", full);
  pipeline = gst_parse_launch (full, &err);
  g_free (full);
  if (err != NULL) {
    g_printerr ("ERROR: cannot build the pipeline: %s\n", err->message);
    g_clear_error (&err);
    goto done;
  }
  if (pipeline == NULL || !GST_IS_BIN (pipeline)) {
    g_printerr ("ERROR: the description does not make a pipeline\n");
    goto done;
  }
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  if (sink == NULL || !GST_IS_APP_SINK (sink)) {
    g_printerr ("ERROR: the pipeline has no appsink named \"sink\"\n");
    goto done;
  }

  bus = gst_element_get_bus (pipeline);
  if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE) {
    if (!drain_bus (bus))
      g_printerr ("ERROR: the pipeline does not go to PLAYING\n");
    goto done;
  }
  ret = pull_tensors (bus, GST_APP_SINK (sink));

done:
  if (pipeline != NULL) {
    gst_element_set_state (pipeline, GST_STATE_NULL);
    gst_object_unref (pipeline);
  }
  if (sink != NULL)
    gst_object_unref (sink);
  if (bus != NULL)
    gst_object_unref (bus);
  return ret;
}

int
main (int argc, char *argv[])
{
  GOptionContext *ctx;
  GError *err = NULL;
  gchar *description;
  gint ret;

  ctx = g_option_context_new ("[PIPELINE-DESCRIPTION]");
  g_option_context_set_summary (ctx, "Runs PIPELINE-DESCRIPTION ! appsink "
      "and prints the shape and per-channel statistics of every tensor.\n"
      "Default:\n  " DEFAULT_PIPELINE);
  g_option_context_add_group (ctx, gst_init_get_option_group ());
  if (!g_option_context_parse (ctx, &argc, &argv, &err)) {
    g_printerr ("%s\n", err->message);
    g_clear_error (&err);
    g_option_context_free (ctx);
    return 1;
  }
  g_option_context_free (ctx);

  if (argc > 1)
    description = g_strjoinv (" ", argv + 1);
  else
    description = g_strdup (DEFAULT_PIPELINE);
  ret = run (description);
  g_free (description);

  gst_deinit ();
  return ret;
}
