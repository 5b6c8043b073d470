/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The element's input buffers: padded strides, planes at offsets, frames
 * in two memories (each the engine's output for the same planes), and the
 * timestamps and flags that pass to the output.
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
/* Strides, offsets, several memories                                       */
/* ------------------------------------------------------------------------ */

/* Planes with padded strides at non-default offsets, described by a video
 * meta: @pad bytes more per row than needed (@pad + 3 on the chroma plane, so
 * the strides differ), the luma plane @lead bytes into the buffer and @gap
 * bytes between the planes. */
static void
frame_init_strided (Frame * f, gint width, gint height, gint pad, gsize lead,
    gsize gap, guint32 seed)
{
  memset (f, 0, sizeof (*f));
  f->format = GST_VIDEO_FORMAT_NV12;
  f->width = width;
  f->height = height;
  f->stride[0] = width + pad;
  f->stride[1] = GST_ROUND_UP_2 (width) + pad + 3;
  f->offset[0] = lead;
  f->offset[1] = lead + (gsize) f->stride[0] * height + gap;
  f->size = f->offset[1] + (gsize) f->stride[1] * ((height + 1) / 2);
  f->meta = TRUE;
  frame_fill_random (f, seed);
}

/* Fields left out are 0: no padding (pad), the luma plane at the start
 * of the buffer (lead), the planes back to back (gap), one memory. */
typedef struct
{
  const gchar *name;
  gint width, height, pad;
  gsize lead, gap;
  gboolean split;
} StrideCase;

static const StrideCase stride_cases[] = {
  {.name = "padded strides",.width = 100,.height = 50,.pad = 28},
  {.name = "padded strides at offsets",.width = 100,.height = 50,
      .pad = 60,.lead = 64,.gap = 100},
  {.name = "odd size, odd strides",.width = 101,.height = 51,.pad = 17,
      .lead = 3,.gap = 5},
  {.name = "two memories",.width = 100,.height = 50,.gap = 32,
      .split = TRUE},
  {.name = "two memories, padded, offsets",.width = 101,.height = 51,
      .pad = 45,.lead = 13,.gap = 40,.split = TRUE},
};

GST_START_TEST (test_strided_input)
{
  const StrideCase *c = &stride_cases[__i__];
  gchar *caps = video_caps (c->width, c->height, "bt601");
  GstBus *bus;
  GstHarness *h = harness_new ("width=40 height=30 aspect=letterbox", &bus);
  PrepConfig cfg;
  gint i;

  prep_config_init (&cfg);
  cfg.src_width = c->width;
  cfg.src_height = c->height;
  cfg.out_width = 40;
  cfg.out_height = 30;
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  cfg.matrix = PREP_MATRIX_BT601;
  cfg.range = PREP_RANGE_LIMITED;
  fail_unless (harness_push_caps (h, caps));
  for (i = 0; i < N_FRAMES; i++) {
    GstBuffer *in;
    Frame f;

    frame_init_strided (&f, c->width, c->height, c->pad, c->lead, c->gap,
        1000 + 10 * __i__ + i);
    /* the UV plane starts 16 bytes into the second memory */
    f.split = c->split ? f.offset[1] - 16 : 0;
    in = frame_buffer (&f);
    fail_unless_equals_int (gst_buffer_n_memory (in), c->split ? 2 : 1);
    fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_OK);
    assert_output (gst_harness_try_pull (h), &cfg, NULL, &f, c->name);
    frame_clear (&f);
  }
  fail_unless_equals_int (take_messages (bus, GST_MESSAGE_WARNING, NULL), 0);
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Timestamps and flags                                                      */
/* ------------------------------------------------------------------------ */

GST_START_TEST (test_timestamps_and_flags)
{
  static const GstBufferFlags flags[] = {
    GST_BUFFER_FLAG_DISCONT,
    0,
    GST_BUFFER_FLAG_DELTA_UNIT,
    GST_BUFFER_FLAG_DISCONT | GST_BUFFER_FLAG_DELTA_UNIT,
  };
  gchar *caps = video_caps (64, 48, NULL);
  GstBus *bus;
  GstHarness *h = harness_new ("width=8 height=8", &bus);
  guint i;

  fail_unless (harness_push_caps (h, caps));
  for (i = 0; i < G_N_ELEMENTS (flags); i++) {
    GstBuffer *in, *out;
    Frame f;

    frame_init (&f, 64, 48, i);
    in = frame_buffer (&f);
    GST_BUFFER_PTS (in) = (i + 1) * GST_SECOND;
    GST_BUFFER_DTS (in) = (i + 1) * GST_SECOND - 10 * GST_MSECOND;
    GST_BUFFER_DURATION (in) = 40 * GST_MSECOND + i;
    GST_BUFFER_FLAG_SET (in, flags[i]);
    fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_OK);
    out = gst_harness_try_pull (h);
    fail_unless (out != NULL);
    fail_unless_equals_clocktime (GST_BUFFER_PTS (out), (i + 1) * GST_SECOND);
    fail_unless_equals_clocktime (GST_BUFFER_DTS (out),
        (i + 1) * GST_SECOND - 10 * GST_MSECOND);
    fail_unless_equals_clocktime (GST_BUFFER_DURATION (out),
        40 * GST_MSECOND + i);
    fail_unless_equals_int (GST_BUFFER_IS_DISCONT (out) != 0,
        (flags[i] & GST_BUFFER_FLAG_DISCONT) != 0);
    fail_unless_equals_int (GST_BUFFER_FLAG_IS_SET (out,
            GST_BUFFER_FLAG_DELTA_UNIT) != 0,
        (flags[i] & GST_BUFFER_FLAG_DELTA_UNIT) != 0);
    /* a tensor has no video layout to describe */
    fail_unless (gst_buffer_get_video_meta (out) == NULL);
    gst_buffer_unref (out);
    frame_clear (&f);
  }
  g_free (caps);
  harness_free (h, bus);
}

GST_END_TEST;

void
element_buffers_tests (TCase * tc)
{
  tcase_add_loop_test (tc, test_strided_input, 0, G_N_ELEMENTS (stride_cases));
  tcase_add_test (tc, test_timestamps_and_flags);
}
