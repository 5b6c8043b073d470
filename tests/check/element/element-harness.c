/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

#include <string.h>

#include "element-harness.h"

void
set_props (GstElement * e, const gchar * props)
{
  gchar **kv = g_strsplit (props ? props : "", " ", -1);
  gint i;

  for (i = 0; kv[i] != NULL; i++) {
    gchar *eq = strchr (kv[i], '=');

    if (kv[i][0] == '\0')
      continue;
    fail_unless (eq != NULL, "bad property setting %s", kv[i]);
    *eq = '\0';
    gst_util_set_object_arg (G_OBJECT (e), kv[i], eq + 1);
  }
  g_strfreev (kv);
}

GstHarness *
harness_new (const gchar * props, GstBus ** bus)
{
  GstHarness *h = gst_harness_new ("cudapreproc");

  *bus = gst_bus_new ();
  gst_element_set_bus (h->element, *bus);
  set_props (h->element, props);
  return h;
}

void
harness_free (GstHarness * h, GstBus * bus)
{
  gst_bus_set_flushing (bus, TRUE);
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  gst_harness_teardown (h);
}

GstBus *
refusal_bus (GstElement * e)
{
  GstBus *bus = gst_element_get_bus (e);

  if (bus == NULL) {
    bus = gst_bus_new ();
    gst_element_set_bus (e, bus);
  }
  return bus;
}

void
assert_one_refusal (GstBus * bus, const gchar * needle)
{
  GstMessage *msg;
  GError *err = NULL;
  gchar *dbg = NULL;

  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_WARNING | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no refusal on the bus");
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_WARNING)
    gst_message_parse_warning (msg, &err, &dbg);
  else
    gst_message_parse_error (msg, &err, &dbg);
  fail_unless (needle == NULL || strstr (err->message, needle) != NULL,
      "refusal \"%s\" does not name \"%s\"", err->message, needle);
  fail_unless (strstr (err->message, "Refusing") != NULL, "not a refusal: "
      "%s", err->message);
  g_clear_error (&err);
  g_free (dbg);
  gst_message_unref (msg);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_WARNING | GST_MESSAGE_ERROR);
  fail_unless (msg == NULL, "more than one refusal on the bus");
}

void
assert_contains (const GString * text, const gchar * needle)
{
  fail_unless (strstr (text->str, needle) != NULL,
      "message \"%s\" does not contain \"%s\"", text->str, needle);
}

gboolean
harness_push_caps (GstHarness * h, const gchar * caps_str)
{
  GstCaps *caps = gst_caps_from_string (caps_str);
  GstPad *sink = gst_element_get_static_pad (h->element, "sink");
  GstSegment segment;
  gboolean ok;

  fail_unless (caps != NULL, "bad caps %s", caps_str);
  gst_harness_push_event (h, gst_event_new_caps (caps));
  gst_caps_unref (caps);
  gst_segment_init (&segment, GST_FORMAT_TIME);
  gst_harness_push_event (h, gst_event_new_segment (&segment));
  ok = gst_pad_has_current_caps (sink);
  gst_object_unref (sink);
  return ok;
}

GstBuffer *
harness_push_pull (GstHarness * h, GstBuffer * buf)
{
  GstBuffer *out;

  fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
  out = gst_harness_try_pull (h);
  fail_unless (out != NULL, "the frame gave no output");
  return out;
}

GstCaps *
last_caps_event (GstHarness * h)
{
  GstEvent *ev;
  GstCaps *caps = NULL;

  while ((ev = gst_harness_try_pull_event (h)) != NULL) {
    if (GST_EVENT_TYPE (ev) == GST_EVENT_CAPS) {
      GstCaps *c;

      gst_event_parse_caps (ev, &c);
      gst_caps_replace (&caps, c);
    }
    gst_event_unref (ev);
  }
  return caps;
}

void
frame_fill_random (Frame * f, guint32 seed)
{
  GRand *rand = g_rand_new_with_seed (seed);
  gsize i;

  f->data = g_malloc (f->size);
  for (i = 0; i < f->size; i++)
    f->data[i] = (guint8) g_rand_int_range (rand, 0, 256);
  g_rand_free (rand);
}

/* GStreamer's default NV12 layout for the size, as caps without a video meta
 * describe it. */
void
frame_init (Frame * f, gint width, gint height, guint32 seed)
{
  frame_init_format (f, GST_VIDEO_FORMAT_NV12, width, height, seed);
}

void
frame_init_format (Frame * f, GstVideoFormat format, gint width, gint height,
    guint32 seed)
{
  GstVideoInfo info;
  guint p;

  memset (f, 0, sizeof (*f));
  fail_unless (gst_video_info_set_format (&info, format, width, height));
  f->format = format;
  f->width = width;
  f->height = height;
  for (p = 0; p < GST_VIDEO_INFO_N_PLANES (&info); p++) {
    f->offset[p] = info.offset[p];
    f->stride[p] = info.stride[p];
  }
  f->size = info.size;
  frame_fill_random (f, seed);
}

void
frame_prep (const Frame * f, PrepFrame * out)
{
  const gchar *name = gst_video_format_to_string (f->format);
  guint p, n = GST_VIDEO_FORMAT_INFO_N_PLANES (gst_video_format_get_info
      (f->format));
  gint k;

  for (k = 0; k < PREP_FORMAT_COUNT; k++)
    if (g_strcmp0 (prep_format_name ((PrepFormat) k), name) == 0)
      break;
  fail_unless (k < PREP_FORMAT_COUNT, "no engine format %s", name);
  prep_frame_init (out, (PrepFormat) k, f->width, f->height);
  for (p = 0; p < n; p++) {
    out->planes[p] = f->data + f->offset[p];
    out->strides[p] = f->stride[p];
  }
}

void
frame_clear (Frame * f)
{
  g_clear_pointer (&f->data, g_free);
}
