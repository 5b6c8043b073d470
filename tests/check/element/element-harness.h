/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The GstHarness set-up and the input frames that the element's test
 * suites share (the element program, element-batch.c, refusals.c). */

#ifndef __ELEMENT_HARNESS_H__
#define __ELEMENT_HARNESS_H__

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "prep.h"

/* Sets properties written as on a gst-launch line: "width=224
 * aspect=letterbox mean=<0.5,0.5,0.5>" (no spaces inside values). */
void set_props (GstElement * e, const gchar * props);

/* Runs @code, which must log a refusal: a g_warning or a g_critical.  GLib
 * logs an out-of-range property value as a warning up to 2.82 (GStreamer
 * 1.22 on Debian 12) and as a critical from 2.84 (Debian 13 and later); the
 * test then checks that the old value is kept, which is what matters. */
#define ASSERT_REFUSED(code)                                            \
G_STMT_START {                                                          \
  _gst_check_expecting_log = TRUE;                                      \
  _gst_check_raised_warning = FALSE;                                    \
  _gst_check_raised_critical = FALSE;                                   \
  code;                                                                 \
  if (!_gst_check_raised_warning && !_gst_check_raised_critical)        \
    _ck_assert_failed (__FILE__, __LINE__,                              \
        "Expected g_warning or g_critical, got nothing", NULL);         \
  _gst_check_expecting_log = FALSE;                                     \
} G_STMT_END

/* Runs @code on @e (an element, or a pad of cudapreprocbatch: its element),
 * which must refuse a value the element's own checks refuse: exactly one
 * element warning on the element's bus (one is set on it when it has none),
 * naming @needle (NULL: any text). */
#define ASSERT_BUS_REFUSAL(e, needle, code)                             \
G_STMT_START {                                                          \
  GstBus *_refusal_bus = refusal_bus (GST_ELEMENT (e));                 \
  code;                                                                 \
  assert_one_refusal (_refusal_bus, needle);                            \
  gst_object_unref (_refusal_bus);                                      \
} G_STMT_END

GstBus *refusal_bus (GstElement * e);
void assert_one_refusal (GstBus * bus, const gchar * needle);

/* A harness around a fresh cudapreproc with @props, its messages going to
 * *@bus; harness_free () flushes the bus (queued messages hold the
 * element) and tears both down. */
GstHarness *harness_new (const gchar * props, GstBus ** bus);
void harness_free (GstHarness * h, GstBus * bus);

/* Sends caps @caps_str and a segment; FALSE when the element refused the
 * caps (its sink pad has none then). */
gboolean harness_push_caps (GstHarness * h, const gchar * caps_str);

/* Pushes @buf (taken) and returns the one output buffer it gave. */
GstBuffer *harness_push_pull (GstHarness * h, GstBuffer * buf);

/* The caps of the last caps event queued on the harness sink, or NULL;
 * drops every queued event. */
GstCaps *last_caps_event (GstHarness * h);

void assert_contains (const GString * text, const gchar * needle);

/* An NV12 frame: its bytes (owned by the test) and where the planes lie. */
typedef struct
{
  GstVideoFormat format;        /* NV12 unless frame_init_format () */
  gint width, height;
  gsize offset[GST_VIDEO_MAX_PLANES];
  gint stride[GST_VIDEO_MAX_PLANES];
  gsize size;
  gboolean meta;                /* attach a GstVideoMeta */
  gsize split;                  /* > 0: a second GstMemory from this byte */
  guint8 *data;
} Frame;

/* @f->size random bytes (seeded) into a new @f->data. */
void frame_fill_random (Frame * f, guint32 seed);
/* GStreamer's default NV12 layout for the size, as caps without a video
 * meta describe it, filled with random bytes. */
void frame_init (Frame * f, gint width, gint height, guint32 seed);
/* The same in @format, GStreamer's default layout for it. */
void frame_init_format (Frame * f, GstVideoFormat format, gint width,
    gint height, guint32 seed);
/* @f's planes as the engine's frame description. */
void frame_prep (const Frame * f, PrepFrame * out);
void frame_clear (Frame * f);

#endif /* __ELEMENT_HARNESS_H__ */
