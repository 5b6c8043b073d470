/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* color-conversion=videoconvert against GStreamer's own videoconvert, the
 * one of the GStreamer this runs on (docs/semantics.md section 3).
 *
 * Random frames (every byte value, most pixels out of gamut) of the nine
 * 8-bit YUV formats, of an even and an odd size, tagged with three
 * colorimetries (BT.601 limited, BT.709 full, BT.2020 limited) and four
 * chroma sites (none, jpeg, mpeg2, dv), go through `videoconvert
 * dither=none` to RGB and through cudapreproc (CPU path) at the frame's
 * own size, interpolation=nearest, uint8 NHWC, color-conversion=
 * videoconvert.  Every byte must be equal, with chroma-interpolation=
 * bilinear for the formats videoconvert upsamples linearly and nearest for
 * I420 and YV12 (its fast path for them repeats the chroma).  Each case
 * also checks that the other chroma option gives other bytes, so that the
 * comparison can fail.
 *
 * videoconvert comes from a private system plugin dir
 * (tests/check/element/meson.build) holding only its plugin
 * (videoconvert up to 1.22, videoconvertscale from 1.24); without it the
 * program exits 77 (meson's skip). */

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/video/video.h>

#include "element-harness.h"

typedef struct
{
  GstVideoFormat format;
  gboolean lerp;                /* videoconvert interpolates its chroma */
} VcFormat;

static const VcFormat vc_formats[] = {
  {GST_VIDEO_FORMAT_NV12, TRUE}, {GST_VIDEO_FORMAT_NV21, TRUE},
  {GST_VIDEO_FORMAT_I420, FALSE}, {GST_VIDEO_FORMAT_YV12, FALSE},
  {GST_VIDEO_FORMAT_Y42B, TRUE}, {GST_VIDEO_FORMAT_NV16, TRUE},
  {GST_VIDEO_FORMAT_YUY2, TRUE}, {GST_VIDEO_FORMAT_UYVY, TRUE},
  {GST_VIDEO_FORMAT_Y444, TRUE},
};

/* BT.601 limited, BT.709 full, BT.2020 limited */
static const gchar *vc_colorimetries[] = { "bt601", "1:3:5:1", "bt2020" };

static const gchar *vc_sites[] = { NULL, "jpeg", "mpeg2", "dv" };

static const gint vc_sizes[][2] = { {64, 32}, {65, 33} };

static gchar *
vc_caps (const Frame * f, const gchar * colorimetry, const gchar * site)
{
  return g_strdup_printf ("video/x-raw,format=%s,width=%d,height=%d,"
      "framerate=1/1,colorimetry=%s%s%s",
      gst_video_format_to_string (f->format), f->width, f->height,
      colorimetry, site ? ",chroma-site=" : "", site ? site : "");
}

static GstBuffer *
vc_frame_buffer (const Frame * f)
{
  return gst_buffer_new_memdup (f->data, f->size);
}

/* videoconvert's RGB of @f, packed (its rows are 4-byte aligned). */
static guint8 *
vc_videoconvert (const Frame * f, const gchar * caps)
{
  GstHarness *h = gst_harness_new ("videoconvert");
  gchar *out_caps = g_strdup_printf ("video/x-raw,format=RGB,width=%d,"
      "height=%d,framerate=1/1", f->width, f->height);
  gint row = f->width * 3, stride = GST_ROUND_UP_4 (row), y;
  guint8 *rgb = g_malloc (row * f->height);
  GstBuffer *out;
  GstMapInfo map;

  gst_util_set_object_arg (G_OBJECT (h->element), "dither", "none");
  gst_harness_set_caps_str (h, caps, out_caps);
  out = gst_harness_push_and_pull (h, vc_frame_buffer (f));
  fail_unless (out != NULL, "videoconvert gave no buffer for %s", caps);
  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless_equals_uint64 (map.size, (guint64) stride * f->height);
  for (y = 0; y < f->height; y++)
    memcpy (rgb + (gsize) y * row, map.data + (gsize) y * stride, row);
  gst_buffer_unmap (out, &map);
  gst_buffer_unref (out);
  g_free (out_caps);
  gst_harness_teardown (h);
  return rgb;
}

/* cudapreproc's uint8 NHWC tensor of @f at its own size. */
static GstBuffer *
vc_element (const Frame * f, const gchar * caps, gboolean lerp)
{
  gchar *props = g_strdup_printf ("width=%d height=%d interpolation=nearest "
      "layout=nhwc data-type=uint8 color-conversion=videoconvert "
      "chroma-interpolation=%s", f->width, f->height,
      lerp ? "bilinear" : "nearest");
  GstBus *bus;
  GstHarness *h = harness_new (props, &bus);
  GstBuffer *out;

  fail_unless (harness_push_caps (h, caps), "refused %s", caps);
  out = harness_push_pull (h, vc_frame_buffer (f));
  harness_free (h, bus);
  g_free (props);
  return out;
}

/* Whether the tensor @out holds the bytes @rgb. */
static gboolean
vc_equal (GstBuffer * out, const guint8 * rgb, gsize size, gsize * first)
{
  GstMapInfo map;
  gsize i;

  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless_equals_uint64 (map.size, size);
  for (i = 0; i < size && map.data[i] == rgb[i]; i++);
  gst_buffer_unmap (out, &map);
  *first = i;
  return i == size;
}

GST_START_TEST (test_videoconvert_bytes)
{
  const VcFormat *vf = &vc_formats[__i__];
  guint c, s, z, cases = 0;
  gsize first;

  for (z = 0; z < G_N_ELEMENTS (vc_sizes); z++)
    for (c = 0; c < G_N_ELEMENTS (vc_colorimetries); c++)
      for (s = 0; s < G_N_ELEMENTS (vc_sites); s++) {
        Frame f;
        gchar *caps;
        guint8 *want;
        GstBuffer *got, *other;
        gsize size;

        frame_init_format (&f, vf->format, vc_sizes[z][0], vc_sizes[z][1],
            1000 + 16 * z + 4 * c + s);
        caps = vc_caps (&f, vc_colorimetries[c], vc_sites[s]);
        size = (gsize) f.width * f.height * 3;
        want = vc_videoconvert (&f, caps);
        got = vc_element (&f, caps, vf->lerp);
        fail_unless (vc_equal (got, want, size, &first),
            "%s, chroma-interpolation=%s: tensor byte %" G_GSIZE_FORMAT
            " (pixel %" G_GSIZE_FORMAT ", channel %" G_GSIZE_FORMAT
            ") differs from videoconvert's", caps,
            vf->lerp ? "bilinear" : "nearest", first, first / 3, first % 3);
        if (vf->format != GST_VIDEO_FORMAT_Y444) {
          other = vc_element (&f, caps, !vf->lerp);
          fail_if (vc_equal (other, want, size, &first),
              "%s: both chroma options give videoconvert's bytes", caps);
          gst_buffer_unref (other);
        }
        gst_buffer_unref (got);
        g_free (want);
        g_free (caps);
        frame_clear (&f);
        cases++;
      }
  GST_INFO ("%s: %u cases", gst_video_format_to_string (vf->format), cases);
}

GST_END_TEST;

static Suite *
videoconvert_suite (void)
{
  Suite *s = suite_create ("videoconvert");
  TCase *tc = tcase_create ("bytes");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_videoconvert_bytes, 0,
      G_N_ELEMENTS (vc_formats));
  return s;
}

int
main (int argc, char **argv)
{
  GstElementFactory *factory;
  Suite *s;

  gst_check_init (&argc, &argv);
  factory = gst_element_factory_find ("videoconvert");
  if (factory == NULL) {
    g_print ("SKIP: videoconvert is not installed\n");
    return 77;
  }
  gst_object_unref (factory);
  s = videoconvert_suite ();
  return gst_check_run_suite (s, "videoconvert", __FILE__);
}
