/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* What the files of the `element` gst-check program share: the helpers of
 * element-common.c, and each file's function that adds its tests to the
 * suite of element.c.  (The set-up shared with the element's other
 * programs is element-harness.h.)  Headers are formatted by hand. */

#ifndef __ELEMENT_COMMON_H__
#define __ELEMENT_COMMON_H__

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "prep.h"
#include "element-harness.h"
#include "../check-each.h"

/* Frames pushed per case */
#define N_FRAMES 3

/* @f in a buffer: one memory, or two split at f->split; with a GstVideoMeta
 * when f->meta. */
GstBuffer *frame_buffer (const Frame * f);

/* GStreamer's default matrix for 8-bit YUV caps without colorimetry, for a
 * frame of @height lines (the range is always limited). */
PrepMatrix default_matrix (gint height);

/* Every element of the float32 tensor in @buf is finite. */
void assert_buffer_finite (GstBuffer * buf);

/* Output buffer @out (taken) bit-identical to the engine's output for @f
 * with @crop (NULL: the whole frame); a failure names @what (the case) and
 * the first element that differs, with both values. */
/* The engine's float32 output of @cfg for @f with @crop (NULL: the whole
 * frame), its bytes into *@size; to free. */
gfloat *expected_output (const PrepConfig * cfg, const PrepRect * crop,
    const Frame * f, gsize * size);
void assert_output (GstBuffer * out, const PrepConfig * cfg,
    const PrepRect * crop, const Frame * f, const gchar * what);

/* The same for a tensor of any element type (cfg->data_type): byte for
 * byte, a failure names the first element that differs. */
void assert_output_bytes (GstBuffer * out, const PrepConfig * cfg,
    const Frame * f, const gchar * what);

/* NV12 caps of @width x @height at 30/1, with @colorimetry unless NULL;
 * to free. */
gchar *video_caps (gint width, gint height, const gchar * colorimetry);

/* Pushes @f and returns the one output buffer it gave. */
GstBuffer *push_and_pull (GstHarness * h, const Frame * f);

/* Pops every message of @type from @bus and returns how many there were,
 * their texts appended to @text (may be NULL); other messages stay. */
guint take_messages (GstBus * bus, GstMessageType type, GString * text);

/* Byte size of a float32 tensor caps, from its dimensions. */
gsize tensor_caps_bytes (GstCaps * caps);

/* Each file's tests, added to @tc in the order of the file: */
void element_props_tests (TCase * tc);      /* element-props.c */
void element_output_tests (TCase * tc);     /* element-output.c */
void element_buffers_tests (TCase * tc);    /* element-buffers.c */
void element_bad_input_tests (TCase * tc);  /* element-bad-input.c */
void element_states_tests (TCase * tc);     /* element-states.c */
void element_formats_tests (TCase * tc);    /* element-formats.c */

#endif /* __ELEMENT_COMMON_H__ */
