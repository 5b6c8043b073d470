/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The helpers that the files of the `element` gst-check program share
 * (element-common.h): input buffers, the engine's output to compare with,
 * caps strings and bus messages.
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

GstBuffer *
frame_buffer (const Frame * f)
{
  GstBuffer *buf;

  if (f->split > 0)
    buf = gst_buffer_append (gst_buffer_new_memdup (f->data, f->split),
        gst_buffer_new_memdup (f->data + f->split, f->size - f->split));
  else
    buf = gst_buffer_new_memdup (f->data, f->size);
  if (f->meta)
    gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE,
        f->format, f->width, f->height,
        GST_VIDEO_FORMAT_INFO_N_PLANES (gst_video_format_get_info
            (f->format)), (gsize *) f->offset, (gint *) f->stride);
  return buf;
}

/* ------------------------------------------------------------------------ */
/* Expected output                                                           */
/* ------------------------------------------------------------------------ */

/* GStreamer's default colorimetry for 8-bit YUV caps that carry none
 * (gst_video_info_from_caps): BT.601 up to 576 lines, BT.709 above, always
 * limited range.  Written down here, not asked from the library. */
PrepMatrix
default_matrix (gint height)
{
  return height <= 576 ? PREP_MATRIX_BT601 : PREP_MATRIX_BT709;
}

/* The engine's output for @frame with @crop (NULL: the whole frame); the
 * caller frees it. */
gfloat *
expected_output (const PrepConfig * cfg, const PrepRect * crop,
    const Frame * f, gsize * size)
{
  PrepRect whole = { 0, 0, cfg->src_width, cfg->src_height };
  PrepPlan *plan = NULL;
  PrepFrame src;
  PrepStatus st;
  gfloat *out;

  st = prep_plan_new (cfg, crop != NULL ? crop : &whole, 1, &plan);
  fail_unless (st == PREP_OK, "prep_plan_new: %s", prep_status_string (st));
  *size = prep_plan_output_bytes (plan);
  out = g_malloc (*size);
  frame_prep (f, &src);
  st = prep_plan_run_cpu (plan, &src, out, *size);
  fail_unless (st == PREP_OK, "prep_plan_run_cpu: %s", prep_status_string (st));
  prep_plan_free (plan);
  return out;
}

static void
assert_finite (const gfloat * v, gsize n)
{
  gsize i;

  for (i = 0; i < n; i++)
    fail_each (isfinite (v[i]), "output element %" G_GSIZE_FORMAT
        " is %f", i, v[i]);
}

void
assert_buffer_finite (GstBuffer * buf)
{
  GstMapInfo map;

  fail_unless (gst_buffer_map (buf, &map, GST_MAP_READ));
  fail_unless_equals_int (map.size % sizeof (gfloat), 0);
  assert_finite ((const gfloat *) map.data, map.size / sizeof (gfloat));
  gst_buffer_unmap (buf, &map);
}

/* Output buffer bit-identical to the engine's output for @f with @crop
 * (NULL: the whole frame); takes @out.  A failure names @what (the case)
 * and the first element that differs, with both values. */
void
assert_output (GstBuffer * out, const PrepConfig * cfg, const PrepRect * crop,
    const Frame * f, const gchar * what)
{
  GstMapInfo map;
  gsize size, i;
  gfloat *exp = expected_output (cfg, crop, f, &size);
  const gfloat *got;

  fail_unless (out != NULL, "%s: no output buffer", what);
  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless (map.size == size, "%s: %" G_GSIZE_FORMAT " output bytes, "
      "expected %" G_GSIZE_FORMAT, what, map.size, size);
  got = (const gfloat *) map.data;
  assert_finite (got, size / sizeof (gfloat));
  for (i = 0; i < size / sizeof (gfloat); i++)
    fail_each (memcmp (&got[i], &exp[i], sizeof (gfloat)) == 0,
        "%s: output element %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT
        " is %.9g, the engine's is %.9g", what, i, size / sizeof (gfloat),
        got[i], exp[i]);
  gst_buffer_unmap (out, &map);
  gst_buffer_unref (out);
  g_free (exp);
}

void
assert_output_bytes (GstBuffer * out, const PrepConfig * cfg, const Frame * f,
    const gchar * what)
{
  gsize size, i, e = prep_data_type_size (cfg->data_type);
  guint8 *exp = (guint8 *) expected_output (cfg, NULL, f, &size);
  GstMapInfo map;

  fail_unless (out != NULL, "%s: no output buffer", what);
  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless (map.size == size, "%s: %" G_GSIZE_FORMAT " output bytes, "
      "expected %" G_GSIZE_FORMAT, what, map.size, size);
  for (i = 0; i < size && map.data[i] == exp[i]; i++);
  fail_unless (i == size, "%s: output element %" G_GSIZE_FORMAT " of %"
      G_GSIZE_FORMAT " differs from the engine's (byte %" G_GSIZE_FORMAT
      ": 0x%02x, the engine's 0x%02x)", what, i / e, size / e, i,
      map.data[i], exp[i]);
  gst_buffer_unmap (out, &map);
  gst_buffer_unref (out);
  g_free (exp);
}

/* ------------------------------------------------------------------------ */
/* Harness                                                                   */
/* ------------------------------------------------------------------------ */

gchar *
video_caps (gint width, gint height, const gchar * colorimetry)
{
  gchar *base = g_strdup_printf ("video/x-raw, format=(string)NV12, "
      "width=(int)%d, height=(int)%d, framerate=(fraction)30/1", width,
      height);
  gchar *caps;

  if (colorimetry == NULL)
    return base;
  caps = g_strdup_printf ("%s, colorimetry=(string)%s", base, colorimetry);
  g_free (base);
  return caps;
}

/* Pushes @f and returns the one output buffer it gave. */
GstBuffer *
push_and_pull (GstHarness * h, const Frame * f)
{
  return harness_push_pull (h, frame_buffer (f));
}

/* Pops every message of @type from @bus; returns how many there were and
 * appends their texts (not the debug strings) to @text.  Messages of other
 * types are posted again, in their order: counting errors must not
 * swallow the warnings a later count looks for. */
guint
take_messages (GstBus * bus, GstMessageType type, GString * text)
{
  GQueue others = G_QUEUE_INIT;
  GstMessage *msg;
  guint n = 0;

  while ((msg = gst_bus_pop (bus)) != NULL) {
    GError *err = NULL;
    gchar *dbg = NULL;

    if (GST_MESSAGE_TYPE (msg) != type) {
      g_queue_push_tail (&others, msg);
      continue;
    }

    if (type == GST_MESSAGE_ERROR)
      gst_message_parse_error (msg, &err, &dbg);
    else
      gst_message_parse_warning (msg, &err, &dbg);
    GST_INFO ("message: %s (%s)", err->message, GST_STR_NULL (dbg));
    if (text)
      g_string_append_printf (text, "%s\n", err->message);
    g_clear_error (&err);
    g_free (dbg);
    gst_message_unref (msg);
    n++;
  }
  while ((msg = g_queue_pop_head (&others)) != NULL)
    gst_bus_post (bus, msg);
  return n;
}

/* Byte size of a float32 tensor caps, from its dimensions, computed here. */
gsize
tensor_caps_bytes (GstCaps * caps)
{
  const gchar *dims = gst_structure_get_string (gst_caps_get_structure (caps,
          0), "dimensions");
  guint d[4];

  fail_unless (dims != NULL);
  fail_unless_equals_int (sscanf (dims, "%u:%u:%u:%u", &d[0], &d[1], &d[2],
          &d[3]), 4);
  return (gsize) d[0] * d[1] * d[2] * d[3] * sizeof (gfloat);
}
