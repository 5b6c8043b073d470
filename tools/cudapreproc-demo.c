/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreproc-demo: runs a pipeline that ends in an appsink and, for every
 * tensor it receives, prints the tensor's shape, the box meta's mapping
 * from tensor to frame coordinates (x and y) and per-channel statistics.
 *
 *   cudapreproc-demo [PIPELINE-DESCRIPTION]
 *
 * The description is everything before the appsink; the program appends
 * " ! appsink name=sink sync=false".  Several arguments are joined with
 * spaces.  Exit status 0 on success, 1 on a pipeline error or after 60 s
 * without end-of-stream.
 *
 * Statistics (min, max and mean of each channel over the whole batch) are
 * printed for every element type the elements give (float32, float16,
 * uint8, int8; float16 is converted by hand) and every layout: NCHW
 * (W:H:C:N) and NHWC (C:W:H:N) with C = 3, or C = 1 for channel-order=gray.
 * Dimensions that read both ways (3:X:3:1, or any with 1 or 3 both first
 * and third) are reported both ways and counted as NCHW.  Tensors that
 * travel as a GstTensorMeta on video (output-mode=meta) and flexible
 * tensors are not read.
 *
 * Colorimetry: cudapreproc and cudapreprocbatch log, at INFO in their
 * debug categories "cudapreproc" and "cudapreprocbatch", one line per
 * negotiation that starts with "colorimetry: " (the YUV matrix, range and
 * transfer and where each came from).  The demo prints those lines on
 * stdout, after the name of the element (or batch sink pad) they are about:
 *
 *   cudapreproc0: colorimetry: matrix bt709 (default for 1280x720 NV12), ...
 *
 * To see them it raises the two categories' threshold to INFO
 * (gst_debug_set_threshold_for_name) when GST_DEBUG or --gst-debug chose
 * less.  The default log handler keeps the levels chosen: the demo puts a
 * filter in front of it that drops the messages of those categories above
 * the level the user chose, so GST_DEBUG output on stderr (or on stdout
 * with GST_DEBUG_FILE=-) is what it would be without the demo.  With
 * GST_DEBUG_FILE naming a file the default handler is left as it is, and
 * the file also gets the two categories' INFO messages. */

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

typedef enum
{
  TYPE_UNKNOWN,
  TYPE_FLOAT32,
  TYPE_FLOAT16,
  TYPE_UINT8,
  TYPE_INT8,
} ElementType;

/* The element types the elements give, by their caps name. */
static const struct
{
  const gchar *name;
  ElementType type;
  guint size;                   /* bytes per element */
} element_types[] = {
  {"float32", TYPE_FLOAT32, 4},
  {"float16", TYPE_FLOAT16, 2},
  {"uint8", TYPE_UINT8, 1},
  {"int8", TYPE_INT8, 1},
};

/* One reading of the dimensions as an N x C x H x W tensor. */
typedef struct
{
  Layout layout;
  guint64 n, c, h, w;
} Shape;

/* The first tensor of a caps structure, as the demo understands it. */
typedef struct
{
  const gchar *media_type;
  gchar *type;                  /* e.g. "float32" */
  gchar *dimensions;            /* as in the caps, innermost first */
  guint64 dims[4];              /* d0 (innermost) .. d3, padded with 1 */
  guint64 n_elements;
  ElementType element_type;
  guint element_size;           /* bytes; 0 for an unknown type */
  Shape shape;                  /* the one the statistics use */
  gboolean ambiguous;           /* the dimensions read both ways ... */
  Shape other;                  /* ... and this is the NHWC reading */
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

/* Looks the caps' type name up in element_types; unknown types get
 * TYPE_UNKNOWN and size 0 (no statistics). */
static void
tensor_desc_set_type (TensorDesc * t)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (element_types); i++) {
    if (strcmp (t->type, element_types[i].name) == 0) {
      t->element_type = element_types[i].type;
      t->element_size = element_types[i].size;
    }
  }
}

/* The elements write C = 3 channels, or 1 with channel-order=gray. */
static gboolean
is_channel_count (guint64 v)
{
  return v == 3 || v == 1;
}

/* Reads the 4 dimensions, innermost first, as NCHW = W:H:C:N or
 * NHWC = C:W:H:N.  When both fit (C-like values first and third, e.g.
 * 3:X:3:1, a tensor 3 pixels wide in NCHW or 3 pixels high in NHWC), the
 * statistics use NCHW, the elements' default layout, and t->other keeps
 * the NHWC reading.  (For 1:X:1:N both readings put the values in the
 * same order, so their statistics agree.) */
static void
tensor_desc_set_shape (TensorDesc * t)
{
  const guint64 *d = t->dims;
  gboolean nchw = is_channel_count (d[2]), nhwc = is_channel_count (d[0]);
  Shape as_nchw = { LAYOUT_NCHW, d[3], d[2], d[1], d[0] };
  Shape as_nhwc = { LAYOUT_NHWC, d[3], d[0], d[2], d[1] };

  t->ambiguous = nchw && nhwc;
  if (nchw)
    t->shape = as_nchw;
  else if (nhwc)
    t->shape = as_nhwc;
  if (t->ambiguous)
    t->other = as_nhwc;
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
  tensor_desc_set_type (t);
  tensor_desc_set_shape (t);
  return TRUE;
}

/* "NCHW NxCxHxW" or "NHWC NxHxWxC", outermost first. */
static gchar *
shape_string (const Shape * s)
{
  if (s->layout == LAYOUT_NHWC)
    return g_strdup_printf ("NHWC %" G_GUINT64_FORMAT "x%" G_GUINT64_FORMAT
        "x%" G_GUINT64_FORMAT "x%" G_GUINT64_FORMAT, s->n, s->h, s->w, s->c);
  return g_strdup_printf ("NCHW %" G_GUINT64_FORMAT "x%" G_GUINT64_FORMAT
      "x%" G_GUINT64_FORMAT "x%" G_GUINT64_FORMAT, s->n, s->c, s->h, s->w);
}

static gchar *
tensor_desc_layout_string (const TensorDesc * t)
{
  gchar *first, *second, *str;

  if (t->shape.layout == LAYOUT_UNKNOWN)
    return g_strdup ("layout not recognized");
  first = shape_string (&t->shape);
  if (!t->ambiguous)
    return first;
  second = shape_string (&t->other);
  str = g_strdup_printf ("%s or %s; statistics as NCHW", first, second);
  g_free (first);
  g_free (second);
  return str;
}

/* IEEE 754 binary16 to binary32; exact, every half is a float.  A half
 * has sign s (bit 15), exponent e (bits 14..10, bias 15) and fraction f
 * (bits 9..0):
 *   e = 0       zero or subnormal: (-1)^s * f * 2^-24
 *   e = 31      infinity (f = 0) or NaN
 *   otherwise   (-1)^s * (1 + f / 2^10) * 2^(e - 15)
 * The normal case is the float with exponent field e - 15 + 127 = e + 112
 * and fraction f << 13 (10 fraction bits widened to 23). */
static gfloat
half_to_float (guint16 h)
{
  guint32 sign = (guint32) (h >> 15) << 31;
  guint32 e = (h >> 10) & 0x1f, f = h & 0x3ff, bits;
  gfloat v;

  if (e == 0) {
    /* f <= 1023 and 2^-24 = 1 / 16777216 are exact in float */
    v = (gfloat) f / 16777216.0f;
    return sign ? -v : v;
  }
  if (e == 31)
    bits = sign | 0x7f800000u | (f << 13);
  else
    bits = sign | ((e + 112) << 23) | (f << 13);
  memcpy (&v, &bits, sizeof (v));
  return v;
}

/* Element @index of the tensor (in host byte order, as NNStreamer's
 * tensors are); int8 is the uint8 value minus 128, stored signed. */
static gdouble
element_value (const TensorDesc * t, const guint8 * data, guint64 index)
{
  const guint8 *p = data + index * t->element_size;
  gfloat f;
  guint16 h;

  switch (t->element_type) {
    case TYPE_FLOAT32:
      memcpy (&f, p, sizeof (f));
      return f;
    case TYPE_FLOAT16:
      memcpy (&h, p, sizeof (h));
      return half_to_float (h);
    case TYPE_UINT8:
      return p[0];
    case TYPE_INT8:
      return (gint8) p[0];
    case TYPE_UNKNOWN:
    default:
      return 0.0;
  }
}

/* The element index of pixel i (= y * W + x) of channel c of image b:
 *   NCHW  ((b * C + c) * H + y) * W + x  =  (b * C + c) * HW + i
 *   NHWC  ((b * H + y) * W + x) * C + c  =  (b * HW + i) * C + c */
static guint64
element_index (const Shape * s, guint64 b, guint64 c, guint64 i)
{
  guint64 plane = s->h * s->w;

  if (s->layout == LAYOUT_NHWC)
    return (b * plane + i) * s->c + c;
  return (b * s->c + c) * plane + i;
}

/* Min, max and mean of channel c over every image of the batch. */
static void
print_channel_stats (const TensorDesc * t, const guint8 * data, guint64 c)
{
  const Shape *s = &t->shape;
  guint64 plane = s->h * s->w, count = 0, b, i;
  gdouble sum = 0.0, lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;

  for (b = 0; b < s->n; b++) {
    for (i = 0; i < plane; i++) {
      gdouble v = element_value (t, data, element_index (s, b, c, i));

      lo = MIN (lo, v);
      hi = MAX (hi, v);
      sum += v;
      count++;
    }
  }
  g_print ("  channel %" G_GUINT64_FORMAT ": min %.4f max %.4f mean %.4f\n",
      c, lo, hi, count ? sum / count : 0.0);
}

/* Maps the buffer and prints the statistics of each channel; FALSE when
 * the buffer cannot be read or is smaller than its caps say. */
static gboolean
print_statistics (const TensorDesc * t, GstBuffer * buf, guint index)
{
  GstMapInfo map;
  gboolean ok = TRUE;
  guint64 c;

  if (buf == NULL || !gst_buffer_map (buf, &map, GST_MAP_READ)) {
    g_printerr ("tensor %u: cannot map the buffer\n", index);
    return FALSE;
  }
  if (t->n_elements > map.size / t->element_size) {
    g_printerr ("tensor %u: buffer of %" G_GSIZE_FORMAT " bytes is smaller "
        "than the %" G_GUINT64_FORMAT " %s values its caps describe\n", index,
        map.size, t->n_elements, t->type);
    ok = FALSE;
  } else {
    for (c = 0; c < t->shape.c; c++)
      print_channel_stats (t, map.data, c);
  }
  gst_buffer_unmap (buf, &map);
  return ok;
}

/* Prints one slot of the box meta: its frame rectangle and, per axis,
 * the mapping tensor = offset + (frame - origin) * scale (docs/meta.md). */
static void
print_slot (guint i, const GstStructure * slot)
{
  gint x, y, w, h, id;
  gdouble sx, sy, ox, oy;

  if (!gst_structure_get (slot, "x", G_TYPE_INT, &x, "y", G_TYPE_INT, &y,
          "width", G_TYPE_INT, &w, "height", G_TYPE_INT, &h, "roi-id",
          G_TYPE_INT, &id, "scale-x", G_TYPE_DOUBLE, &sx, "scale-y",
          G_TYPE_DOUBLE, &sy, "offset-x", G_TYPE_DOUBLE, &ox, "offset-y",
          G_TYPE_DOUBLE, &oy, NULL) || w == 0)
    return;
  g_print ("  slot %u: %dx%d at (%d, %d), roi-id %d\n", i, w, h, x, y, id);
  g_print ("    tensor x = %.3f + (frame x - %d) * %.6f\n", ox, x, sx);
  g_print ("    tensor y = %.3f + (frame y - %d) * %.6f\n", oy, y, sy);
}

/* Prints where each slot of the batch came from, as an application reads
 * the element's box meta: by name, through GStreamer's API only
 * (docs/meta.md). */
static void
print_box_meta (GstBuffer * buf)
{
  GstCustomMeta *meta = gst_buffer_get_custom_meta (buf,
      "GstCudaPreprocBoxMeta");
  const GstStructure *s;
  const GValue *slots;
  guint i, valid = 0;

  if (meta == NULL)
    return;
  s = gst_custom_meta_get_structure (meta);
  slots = gst_structure_get_value (s, "slots");
  gst_structure_get_uint (s, "valid-slots", &valid);
  g_print ("  box meta: %u valid slot(s)\n", valid);
  for (i = 0; slots != NULL && i < gst_value_array_get_size (slots); i++)
    print_slot (i, gst_value_get_structure (gst_value_array_get_value (slots,
                i)));
}

/* Prints one pulled tensor; FALSE when its buffer does not match its
 * caps. */
static gboolean
print_sample (GstSample * sample, guint index)
{
  GstBuffer *buf = gst_sample_get_buffer (sample);
  TensorDesc t;
  gchar *layout, *caps;
  gboolean ok = TRUE;

  if (!tensor_desc_from_caps (gst_sample_get_caps (sample), &t)) {
    /* g_printerr knows no GST_PTR_FORMAT: print the caps as a string */
    caps = gst_sample_get_caps (sample) ?
        gst_caps_to_string (gst_sample_get_caps (sample)) : g_strdup ("none");
    g_printerr ("tensor %u: caps %s do not describe a tensor\n", index, caps);
    g_free (caps);
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

  if (t.element_type == TYPE_UNKNOWN)
    g_print ("  (no statistics: type %s is not float32, float16, uint8 or "
        "int8)\n", t.type);
  else if (t.shape.layout == LAYOUT_UNKNOWN)
    g_print ("  (no statistics: not an NCHW or NHWC tensor of 1 or 3 "
        "channels)\n");
  else
    ok = print_statistics (&t, buf, index);
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

/* The debug categories whose "colorimetry: " INFO line is printed, and the
 * threshold each had before the demo raised it (the user's choice). */
static struct
{
  const gchar *name;
  GstDebugCategory *category;   /* NULL until the plugin registered it */
  GstDebugLevel user_threshold;
} watched[] = {
  {"cudapreproc", NULL, GST_LEVEL_NONE},
  {"cudapreprocbatch", NULL, GST_LEVEL_NONE},
};

#define COLORIMETRY_PREFIX "colorimetry: "

/* Where the default log handler writes when the demo filters it: stderr,
 * or stdout with GST_DEBUG_FILE=-; NULL when it is left alone. */
static FILE *default_log_file;

/* The entry of watched[] for @category, or -1. */
static gint
watched_index (GstDebugCategory * category)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (watched); i++)
    if (watched[i].category != NULL && watched[i].category == category)
      return i;
  return -1;
}

/* Prints "NAME: colorimetry: ..." with the name of the element, or of
 * the batch element's sink pad ("cudapreprocbatch0:sink_0"). */
static void
print_colorimetry (GstDebugCategory * category, GObject * object,
    const gchar * text)
{
  gchar *name;

  if (object != NULL && GST_IS_PAD (object))
    name = g_strdup_printf ("%s:%s", GST_DEBUG_PAD_NAME (object));
  else if (object != NULL && GST_IS_OBJECT (object))
    name = g_strdup (GST_STR_NULL (GST_OBJECT_NAME (object)));
  else
    name = g_strdup (gst_debug_category_get_name (category));
  g_print ("%s: %s\n", name, text);
  g_free (name);
}

/* The demo's log function: prints the colorimetry lines, and passes
 * every message on to the default handler (when it filters it) unless
 * it is one the demo's raised threshold let through. */
static void
log_colorimetry (GstDebugCategory * category, GstDebugLevel level,
    const gchar * file, const gchar * function, gint line, GObject * object,
    GstDebugMessage * message, gpointer user_data)
{
  gint w = watched_index (category);
  const gchar *text;

  if (w >= 0 && level == GST_LEVEL_INFO) {
    text = gst_debug_message_get (message);
    if (text != NULL && g_str_has_prefix (text, COLORIMETRY_PREFIX))
      print_colorimetry (category, object, text);
  }
  if (default_log_file != NULL && (w < 0 || level <= watched[w].user_threshold))
    gst_debug_log_default (category, level, file, function, line, object,
        message, default_log_file);
}

/* Finds the watched categories (the plugin registers them when it is
 * loaded, so after the pipeline is built) and records their thresholds;
 * TRUE when one of them is below INFO. */
static gboolean
find_watched_categories (void)
{
  GSList *all = gst_debug_get_all_categories (), *l;
  gboolean below_info = FALSE;
  guint i;

  for (l = all; l != NULL; l = l->next) {
    for (i = 0; i < G_N_ELEMENTS (watched); i++) {
      if (strcmp (gst_debug_category_get_name (l->data), watched[i].name))
        continue;
      watched[i].category = l->data;
      watched[i].user_threshold = gst_debug_category_get_threshold (l->data);
      below_info |= watched[i].user_threshold < GST_LEVEL_INFO;
    }
  }
  g_slist_free (all);
  return below_info;
}

/* Puts the filter in front of the default handler when it writes to
 * stderr or stdout (GStreamer opens a GST_DEBUG_FILE itself and does not
 * say where; that handler is left alone). */
static void
filter_default_log (void)
{
  const gchar *env = g_getenv ("GST_DEBUG_FILE");
  FILE *out = NULL;

  if (env == NULL || *env == '\0')
    out = stderr;
  else if (strcmp (env, "-") == 0)
    out = stdout;
  if (out == NULL)
    return;
  /* on its own: gstinfo.h's macro for it is an unbracketed "?:" */
  if (gst_debug_remove_log_function (gst_debug_log_default) > 0)
    default_log_file = out;
}

/* Prints the elements' "colorimetry: " lines (see the top of the file):
 * the watched categories log at least INFO, and the default handler only
 * gets what the user asked for. */
static void
watch_colorimetry (void)
{
  guint i;

  /* with the user's levels at INFO or above, nothing needs filtering */
  if (find_watched_categories ())
    filter_default_log ();
  gst_debug_add_log_function (log_colorimetry, NULL, NULL);
  for (i = 0; i < G_N_ELEMENTS (watched); i++)
    if (watched[i].category != NULL &&
        watched[i].user_threshold < GST_LEVEL_INFO)
      gst_debug_set_threshold_for_name (watched[i].name, GST_LEVEL_INFO);
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
  watch_colorimetry ();

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
      "and prints the shape, box meta mapping and per-channel statistics of "
      "every tensor, and the elements' \"colorimetry: \" log lines.\n"
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
