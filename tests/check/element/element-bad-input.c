/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The element's bad input, the policies of docs/bad-input.md: a crop
 * partly outside the frame is clamped (one warning), wholly outside it is
 * refused (at negotiation, or at once while playing); a plane across two
 * memories and short buffers are dropped with a warning and the stream
 * goes on; caps the element cannot serve are not negotiated.
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
/* Bad input                                                                 */
/* ------------------------------------------------------------------------ */

typedef struct
{
  const gchar *props;
  PrepRect clamped;
  const gchar *requested_text, *clamped_text;
} ClampCase;

static const ClampCase clamp_cases[] = {
  {.props = "crop-x=250 crop-width=100",.clamped = {250, 0, 70, 240},
      .requested_text = "width=100",.clamped_text = "width=70"},
  {.props = "crop-y=200 crop-height=100 crop-x=8 crop-width=64",
        .clamped = {8, 200, 64, 40},.requested_text = "height=100",
      .clamped_text = "height=40"},
  {.props = "crop-x=300 crop-y=230 crop-width=50 crop-height=50",
        .clamped = {300, 230, 20, 10},.requested_text = "width=50",
      .clamped_text = "width=20"},
};

GST_START_TEST (test_crop_clamped)
{
  const ClampCase *c = &clamp_cases[__i__];
  gchar *caps = video_caps (320, 240, "bt601");
  gchar *props = g_strdup_printf ("%s width=35 height=20", c->props);
  GstBus *bus;
  GstHarness *h = harness_new (props, &bus);
  GString *text = g_string_new (NULL);
  PrepConfig cfg;
  gint i;

  prep_config_init (&cfg);
  cfg.src_width = 320;
  cfg.src_height = 240;
  cfg.out_width = 35;
  cfg.out_height = 20;
  cfg.matrix = PREP_MATRIX_BT601;
  fail_unless (harness_push_caps (h, caps));
  for (i = 0; i < 4; i++) {
    Frame f;

    frame_init (&f, 320, 240, 50 + i);
    assert_output (push_and_pull (h, &f), &cfg, &c->clamped, &f, c->props);
    frame_clear (&f);
  }
  /* exactly one warning for the stream, naming both rectangles */
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_WARNING, text), 1);
  assert_contains (text, c->requested_text);
  assert_contains (text, c->clamped_text);
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_ERROR, NULL), 0);
  g_string_free (text, TRUE);
  g_free (props);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

typedef struct
{
  const gchar *props, *rect_text;
} OutsideCase;

static const OutsideCase outside_cases[] = {
  {"crop-x=320", "x=320"},
  {"crop-y=240", "y=240"},
  {"crop-x=400 crop-width=10", "x=400"},
  {"crop-x=500 crop-y=500 crop-width=8 crop-height=8", "x=500"},
  {"crop-x=2147483647 crop-width=2147483647", "x=2147483647"},
};

GST_START_TEST (test_crop_outside)
{
  const OutsideCase *c = &outside_cases[__i__];
  gchar *caps = video_caps (320, 240, "bt601");
  GstBus *bus;
  GstHarness *h = harness_new (c->props, &bus);
  GString *text = g_string_new (NULL);
  Frame f;

  frame_init (&f, 320, 240, 3);
  fail_if (harness_push_caps (h, caps), "caps accepted with %s", c->props);
  /* refused at negotiation, before any buffer */
  fail_unless (take_messages (bus, GST_MESSAGE_ERROR, text) >= 1);
  fail_unless_equals_int (gst_harness_push (h, frame_buffer (&f)),
      GST_FLOW_NOT_NEGOTIATED);
  fail_unless_equals_int (gst_harness_buffers_received (h), 0);
  assert_contains (text, c->rect_text);
  assert_contains (text, "320x240");
  g_string_free (text, TRUE);
  frame_clear (&f);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* The crop moves out of the frame while playing. */
GST_START_TEST (test_crop_outside_while_playing)
{
  gchar *caps = video_caps (320, 240, "bt601");
  GstBus *bus;
  GstHarness *h = harness_new ("width=16 height=16", &bus);
  GString *text = g_string_new (NULL);
  GstBuffer *out;
  gint crop_y;
  Frame f;

  frame_init (&f, 320, 240, 4);
  fail_unless (harness_push_caps (h, caps));
  out = push_and_pull (h, &f);
  gst_buffer_unref (out);
  /* refused like any bad value: a warning, the old value kept, the stream
   * goes on */
  g_object_set (h->element, "crop-y", 1000, NULL);
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_WARNING, text), 1);
  assert_contains (text, "crop-y=1000");
  assert_contains (text, "y=1000");
  assert_contains (text, "320x240 frame being played");
  g_object_get (h->element, "crop-y", &crop_y, NULL);
  fail_unless_equals_int (crop_y, 0);
  fail_unless_equals_int (gst_harness_push (h, frame_buffer (&f)), GST_FLOW_OK);
  fail_unless_equals_int (gst_harness_buffers_received (h), 2);
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_ERROR, NULL), 0);
  g_string_free (text, TRUE);
  frame_clear (&f);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* A plane that straddles two memories of a buffer with a video meta (the
 * element fuzzer's reproducer): mapped from its first memory only, it
 * would be read past that memory's end; the frame is dropped with a
 * warning instead. */
GST_START_TEST (test_plane_across_memories)
{
  GstBus *bus;
  GstHarness *h = harness_new ("width=4 height=4", &bus);
  gsize offsets[GST_VIDEO_MAX_PLANES] = { 0, 8 };
  gint strides[GST_VIDEO_MAX_PLANES] = { 4, 4 };
  GString *text = g_string_new (NULL);
  GstBuffer *buf = gst_buffer_new ();

  fail_unless (harness_push_caps (h, "video/x-raw, format=NV12, width=1, "
          "height=1, framerate=30/1"));
  gst_buffer_append_memory (buf, gst_allocator_alloc (NULL, 9, NULL));
  gst_buffer_append_memory (buf, gst_allocator_alloc (NULL, 1, NULL));
  gst_buffer_memset (buf, 0, 0x80, 10);
  gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_FORMAT_NV12, 1, 1, 2, offsets, strides);
  fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
  fail_unless_equals_int (gst_harness_buffers_received (h), 0);
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_WARNING, text), 1);
  assert_contains (text, "spans several memories");
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_ERROR, NULL), 0);
  g_string_free (text, TRUE);
  harness_free (h, bus);
}

GST_END_TEST;

/* A buffer smaller than its caps or video meta say (or a meta that does not
 * fit the caps): warning, dropped, and the stream goes on. */
typedef enum
{
  SHORT_BY_ONE,
  SHORT_HALF,
  SHORT_EMPTY,
  SHORT_META_STRIDE,
  SHORT_META_OFFSET,
  SHORT_META_SMALL_FRAME,
  SHORT_META_NARROW_STRIDE,
} ShortKind;

static GstBuffer *
short_buffer (const Frame * f, ShortKind kind)
{
  GstBuffer *buf;
  gsize offset[GST_VIDEO_MAX_PLANES] = { 0, };
  gint stride[GST_VIDEO_MAX_PLANES] = { 0, };

  if (kind == SHORT_EMPTY)
    return gst_buffer_new ();
  buf = frame_buffer (f);
  if (kind == SHORT_BY_ONE)
    gst_buffer_resize (buf, 0, f->size - 1);
  else if (kind == SHORT_HALF)
    gst_buffer_resize (buf, 0, f->size / 2);
  offset[1] = f->offset[1];
  stride[0] = f->stride[0];
  stride[1] = f->stride[1];
  if (kind == SHORT_META_STRIDE) {
    stride[0] *= 2;
    stride[1] *= 2;
  } else if (kind == SHORT_META_OFFSET) {
    offset[1] = f->size - f->stride[1];
  } else if (kind == SHORT_META_NARROW_STRIDE) {
    /* rows overlap: a stride below the width */
    stride[0] = f->width - 1;
  }
  if (kind >= SHORT_META_STRIDE)
    gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE,
        GST_VIDEO_FORMAT_NV12, f->width,
        kind == SHORT_META_SMALL_FRAME ? f->height / 2 : f->height, 2,
        offset, stride);
  return buf;
}

GST_START_TEST (test_short_buffer)
{
  ShortKind kind = (ShortKind) __i__;
  gchar *caps = video_caps (320, 240, "bt601");
  GstBus *bus;
  GstHarness *h = harness_new ("width=20 height=20", &bus);
  PrepConfig cfg;
  Frame f;

  prep_config_init (&cfg);
  cfg.src_width = 320;
  cfg.src_height = 240;
  cfg.out_width = cfg.out_height = 20;
  cfg.matrix = PREP_MATRIX_BT601;
  frame_init (&f, 320, 240, 5);
  fail_unless (harness_push_caps (h, caps));
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, __func__);

  fail_unless_equals_int (gst_harness_push (h, short_buffer (&f, kind)),
      GST_FLOW_OK);
  fail_unless_equals_int (gst_harness_buffers_received (h), 1);
  fail_unless (take_messages (bus, GST_MESSAGE_WARNING, NULL) >= 1,
      "no warning for a short buffer (kind %d)", kind);
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_ERROR, NULL), 0);

  /* the stream goes on */
  assert_output (push_and_pull (h, &f), &cfg, NULL, &f, __func__);
  fail_unless_equals_int (gst_harness_buffers_received (h), 2);
  frame_clear (&f);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* Negotiation that must fail with not-negotiated and an element error. */
typedef struct
{
  const gchar *name, *props, *colorimetry;
} RefusedCase;

static const RefusedCase refused_cases[] = {
  {"byte size overflows", "width=2147483647 height=2147483647", "bt601"},
  {"byte size overflows, nhwc",
      "width=2147483647 height=2147483647 layout=nhwc", "bt601"},
  {"FCC matrix", "width=16 height=16", "2:2:0:0"},
  {"SMPTE 240M matrix", "width=16 height=16", "2:5:0:0"},
  {"SMPTE 240M named", "width=16 height=16", "smpte240m"},
};

GST_START_TEST (test_negotiation_refused)
{
  const RefusedCase *c = &refused_cases[__i__];
  gchar *caps = video_caps (320, 240, c->colorimetry);
  GstBus *bus;
  GstHarness *h = harness_new (c->props, &bus);
  Frame f;

  GST_INFO ("case %s", c->name);
  frame_init (&f, 320, 240, 6);
  fail_if (harness_push_caps (h, caps), "%s: caps accepted", c->name);
  fail_unless (take_messages (bus, GST_MESSAGE_ERROR, NULL) >= 1,
      "%s: no element error", c->name);
  fail_unless_equals_int (gst_harness_push (h, frame_buffer (&f)),
      GST_FLOW_NOT_NEGOTIATED);
  fail_unless_equals_int (gst_harness_buffers_received (h), 0);
  frame_clear (&f);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

void
element_bad_input_tests (TCase * tc)
{
  tcase_add_loop_test (tc, test_crop_clamped, 0, G_N_ELEMENTS (clamp_cases));
  tcase_add_loop_test (tc, test_crop_outside, 0, G_N_ELEMENTS (outside_cases));
  tcase_add_test (tc, test_crop_outside_while_playing);
  tcase_add_test (tc, test_plane_across_memories);
  tcase_add_loop_test (tc, test_short_buffer, SHORT_BY_ONE,
      SHORT_META_NARROW_STRIDE + 1);
  tcase_add_loop_test (tc, test_negotiation_refused, 0,
      G_N_ELEMENTS (refused_cases));
}
