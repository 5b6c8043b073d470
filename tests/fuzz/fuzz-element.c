/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* libFuzzer harness of the element, built with -Dfuzz=true
 * (tests/fuzz/meson.build, docs/fuzzing.md).  The plugin is compiled into
 * the fuzzer and registered statically; the CPU path only (system memory).
 *
 * The input drives a GstHarness around cudapreproc: properties before the
 * caps, NV12 caps (sizes, colorimetry, framerate), then a sequence of
 * steps: property changes (every property, in and out of range, absurd
 * values), buffers (exact, short or long, with GstVideoMeta,
 * GstVideoCropMeta and GstVideoRegionOfInterestMeta carrying absurd
 * values), new caps.  Every buffer's bytes are an exact-size g_malloc
 * block, so ASan sees any read past them.
 *
 * Oracle: no crash, no sanitizer report, no CRITICAL (fatal here); each
 * output buffer's size equals what its caps (other/tensors) describe; and
 * where the settings are plain (roi-source=property, no video or crop meta,
 * a complete buffer), its bytes equal the engine's run directly on the same
 * plan (src/prep.h).
 *
 * Frames stay within 256x256 and tensors within 64x64 (batch <= 8), except
 * for the absurd-value probes.  Input classes that hit element bugs being
 * fixed can be switched off below (FUZZ_AVOID_*); see docs/fuzzing.md. */

#include <gst/gst.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prep.h"

/* Element bugs this fuzzer found, all fixed (tests/check/element/refusals.c and
 * element.c hold their reproducers); set one to 1 to keep the fuzzer away
 * from it while a regression is triaged. */
/* a tensor that fits in gsize but not in memory: g_malloc aborted */
#ifndef FUZZ_AVOID_HUGE_TENSOR
#define FUZZ_AVOID_HUGE_TENSOR 0
#endif
/* a GstVideoMeta width of G_MAXINT overflowed the element's row sizes */
#ifndef FUZZ_AVOID_META_WIDTH_MAX
#define FUZZ_AVOID_META_WIDTH_MAX 0
#endif
/* a plane that straddles two GstMemory of a buffer with a GstVideoMeta:
 * the element read past the first memory (heap-buffer-overflow) */
#ifndef FUZZ_AVOID_SPLIT_PLANES
#define FUZZ_AVOID_SPLIT_PLANES 0
#endif

/* A plain, complete frame with caps and valid settings must give a
 * tensor (0: only check the tensors that come out). */
#ifndef FUZZ_EXPECT_OUTPUT
#define FUZZ_EXPECT_OUTPUT 1
#endif

GST_PLUGIN_STATIC_DECLARE (cudapreproc);

typedef struct
{
  const guint8 *data;
  gsize size, at;
} Reader;

/* FUZZ_ELEMENT_TRACE=1: each step on stderr, to turn a crash input into
 * a reproducer (run the fuzzer on that one file). */
static gboolean tracing;

static guint8
r8 (Reader * r)
{
  return r->at < r->size ? r->data[r->at++] : 0;
}

static guint32
r16 (Reader * r)
{
  guint32 v = r8 (r);

  return v | (guint32) r8 (r) << 8;
}

static guint32
r32 (Reader * r)
{
  guint32 v = r16 (r);

  return v | r16 (r) << 16;
}

static gboolean
more (Reader * r)
{
  return r->at < r->size;
}

static void
fail (const gchar * what)
{
  fprintf (stderr, "fuzz-element: %s\n", what);
  abort ();
}

static void
quiet_log (const gchar * domain, GLogLevelFlags level, const gchar * message,
    gpointer user_data)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL)) {
    fprintf (stderr, "fuzz-element: %s-CRITICAL: %s\n", domain ? domain :
        "", message);
    abort ();
  }
}

/* FUZZ_ELEMENT_STATS=1: how many outputs were seen and compared */
static guint64 n_pushed, n_outputs, n_compared;

static void
print_stats (void)
{
  fprintf (stderr, "fuzz-element: %" G_GUINT64_FORMAT " buffers pushed, %"
      G_GUINT64_FORMAT " tensors out, %" G_GUINT64_FORMAT
      " compared with the engine\n", n_pushed, n_outputs, n_compared);
}

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 * data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  /* only the statically registered plugin: no registry scan, no system
   * plugins (and none of their LSan noise) */
  g_setenv ("GST_REGISTRY_FORK", "no", TRUE);
  g_setenv ("GST_PLUGIN_SYSTEM_PATH_1_0", "", TRUE);
  g_setenv ("GST_PLUGIN_PATH_1_0", "", TRUE);
  g_setenv ("GST_REGISTRY_UPDATE", "no", FALSE);
  g_setenv ("GST_REGISTRY", "/dev/null", FALSE);
  g_log_set_default_handler (quiet_log, NULL);
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR);
  gst_init (NULL, NULL);
  GST_PLUGIN_STATIC_REGISTER (cudapreproc);
  tracing = g_getenv ("FUZZ_ELEMENT_TRACE") != NULL;
  if (g_getenv ("FUZZ_ELEMENT_STATS") != NULL)
    atexit (print_stats);
  return 0;
}

static const gdouble doubles[] = {
  1.0 / 255.0, 0.0, 1.0, 0.5, 114.0, 255.0, 0.229, -1.0, 2.0, 1e-3,
  65504.0, 256.0, 1e-320, 1e300, -1e300, NAN, INFINITY,
};

static gdouble
pick_double (Reader * r)
{
  return doubles[r8 (r) % G_N_ELEMENTS (doubles)];
}

static gint
pick_small_int (Reader * r, gint max)
{
  guint8 b = r8 (r);

  switch (b) {
    case 255:
      return G_MAXINT;
    case 254:
      return -1;
    case 253:
      return 0;
    default:
      return (gint) (r16 (r) % (guint) (max + 1));
  }
}

static void
set_array (GstElement * e, const gchar * name, Reader * r)
{
  GValue arr = G_VALUE_INIT, v = G_VALUE_INIT;
  guint i, n = 3;

  if (r8 (r) >= 240)
    n = r8 (r) % 5;
  gst_value_array_init (&arr, n);
  for (i = 0; i < n; i++) {
    g_value_init (&v, G_TYPE_DOUBLE);
    g_value_set_double (&v, pick_double (r));
    gst_value_array_append_and_take_value (&arr, &v);
    memset (&v, 0, sizeof v);
  }
  g_object_set_property (G_OBJECT (e), name, &arr);
  g_value_unset (&arr);
}

static void
set_rois (GstElement * e, Reader * r)
{
  GValue arr = G_VALUE_INIT;
  guint i, k, n = r8 (r) % 6, m;

  gst_value_array_init (&arr, n);
  for (i = 0; i < n; i++) {
    GValue rect = G_VALUE_INIT;

    m = r8 (r) >= 248 ? r8 (r) % 6 : 4;
    gst_value_array_init (&rect, m);
    for (k = 0; k < m; k++) {
      GValue v = G_VALUE_INIT;
      guint8 b = r8 (r);

      g_value_init (&v, G_TYPE_INT);
      if (b >= 250)
        g_value_set_int (&v, b == 255 ? G_MAXINT : b == 254 ? G_MININT :
            -(gint) r8 (r));
      else
        g_value_set_int (&v, (gint) (r16 (r) % 300));
      gst_value_array_append_and_take_value (&rect, &v);
    }
    gst_value_array_append_and_take_value (&arr, &rect);
  }
  g_object_set_property (G_OBJECT (e), "rois", &arr);
  g_value_unset (&arr);
}


static gchar **
props_snapshot (GstElement * e)
{
  GParamSpec **specs;
  guint n, i;
  gchar **out;

  specs = g_object_class_list_properties (G_OBJECT_GET_CLASS (e), &n);
  out = g_new0 (gchar *, n + 1);
  for (i = 0; i < n; i++) {
    GValue v = G_VALUE_INIT;
    gchar *str;

    g_value_init (&v, specs[i]->value_type);
    g_object_get_property (G_OBJECT (e), specs[i]->name, &v);
    str = g_strdup_value_contents (&v);
    out[i] = g_strdup_printf ("%s=%s", specs[i]->name, str);
    g_free (str);
    g_value_unset (&v);
  }
  g_free (specs);
  return out;
}

static void
trace_changes (gchar ** before, gchar ** after)
{
  guint i;
  gboolean any = FALSE;

  for (i = 0; after[i] != NULL; i++)
    if (g_strcmp0 (before[i], after[i]) != 0) {
      fprintf (stderr, "trace: set %s\n", after[i]);
      any = TRUE;
    }
  if (!any)
    fprintf (stderr, "trace: property change refused or no change\n");
}

static void set_property_inner (GstElement * e, Reader * r);

static void
set_property (GstElement * e, Reader * r)
{
  gchar **before = NULL, **after;

  if (tracing)
    before = props_snapshot (e);
  set_property_inner (e, r);
  if (tracing) {
    after = props_snapshot (e);
    trace_changes (before, after);
    g_strfreev (before);
    g_strfreev (after);
  }
}

/* One property change: any property, usual values mostly, then absurd
 * ones (GLib refuses those out of the param spec's range, the element
 * those it cannot use; both keep the previous value). */
static void
set_property_inner (GstElement * e, Reader * r)
{
  const gchar *name;
  gint size;
#if FUZZ_AVOID_HUGE_TENSOR
  gint other;
#endif

  switch (r8 (r) % 22) {
    case 0:
    case 1:
      size = pick_small_int (r, 64);
      name = r8 (r) & 1 ? "width" : "height";
#if FUZZ_AVOID_HUGE_TENSOR
      /* G_MAXINT only for both (the byte size overflows: refused); a
       * small size for one while the other is G_MAXINT goes to both */
      g_object_get (e, strcmp (name, "width") ? "width" : "height", &other,
          NULL);
      if (size == G_MAXINT || other > 64)
        g_object_set (e, "width", size, "height", size, NULL);
      else
#endif
        g_object_set (e, name, size, NULL);
      break;
    case 2:
      g_object_set (e, "crop-x", pick_small_int (r, 300), NULL);
      break;
    case 3:
      g_object_set (e, "crop-y", pick_small_int (r, 300), NULL);
      break;
    case 4:
      g_object_set (e, "crop-width", pick_small_int (r, 300), NULL);
      break;
    case 5:
      g_object_set (e, "crop-height", pick_small_int (r, 300), NULL);
      break;
    case 6:
      g_object_set (e, "aspect", r8 (r) & 1, NULL);
      break;
    case 7:
      g_object_set (e, "interpolation", r8 (r) & 1, NULL);
      break;
    case 8:
      g_object_set (e, "channel-order", r8 (r) & 1, NULL);
      break;
    case 9:
      g_object_set (e, "layout", r8 (r) & 1, NULL);
      break;
    case 10:
      g_object_set (e, "data-type", r8 (r) & 1, NULL);
      break;
    case 11:
      g_object_set (e, "pad-value", pick_double (r), NULL);
      break;
    case 12:
      g_object_set (e, "scale", pick_double (r), NULL);
      break;
    case 13:
      set_array (e, "mean", r);
      break;
    case 14:
      set_array (e, "std", r);
      break;
    case 15:
      set_rois (e, r);
      break;
    case 16:
      g_object_set (e, "batch-size", (guint) (r8 (r) % 10 == 9 ? 65 :
              r8 (r) % 9), NULL);
      break;
    case 17:
      g_object_set (e, "roi-source", r8 (r) & 1, NULL);
      break;
    case 18:
      g_object_set (e, "roi-type", r8 (r) & 1 ? "a" : NULL, NULL);
      break;
    case 19:
      g_object_set (e, "n-threads", (guint) (r8 (r) % 4), NULL);
      break;
    case 20:
      g_object_set (e, "color-conversion", r8 (r) % 4, NULL);
      break;
    case 21:
      g_object_set (e, "chroma-interpolation", r8 (r) % 3, NULL);
      break;
  }
}

static const gchar *colorimetries[] = {
  NULL, "bt601", "bt709", "bt2020", "1:4:0:0", "2:3:5:1", "0:4:0:0",
  "smpte240m", "1:1:1:1", "bogus",
};

static const gint framerates[][2] = {
  {30, 1}, {0, 1}, {30000, 1001}, {G_MAXINT, 1}, {1, G_MAXINT},
};

static gchar *
make_caps (Reader * r, gint * width, gint * height)
{
  const gchar *col = colorimetries[r8 (r) % G_N_ELEMENTS (colorimetries)];
  const gint *fr = framerates[r8 (r) % G_N_ELEMENTS (framerates)];
  guint8 b = r8 (r);
  gchar *str;

  *width = 1 + (gint) (r16 (r) % 256);
  *height = 1 + (gint) (r16 (r) % 256);
  if (b == 255) {
    /* absurd sizes: refused, or not a buffer we can make */
    *width = r8 (r) & 1 ? G_MAXINT : 1 << 20;
    *height = r8 (r) & 1 ? 1 : G_MAXINT;
  }
  str = g_strdup_printf ("video/x-raw,format=NV12,width=%d,height=%d,"
      "framerate=%d/%d%s%s", *width, *height, fr[0], fr[1],
      col ? ",colorimetry=" : "", col ? col : "");
  if (tracing)
    fprintf (stderr, "trace: caps %s\n", str);
  return str;
}

/* The tensor's byte size from output caps, 0 when they are not ours. */
static gsize
caps_tensor_bytes (GstCaps * caps)
{
  GstStructure *s;
  const gchar *dims, *types;
  gchar **d;
  guint64 n = 1;
  guint i;

  if (caps == NULL || gst_caps_get_size (caps) != 1)
    return 0;
  s = gst_caps_get_structure (caps, 0);
  dims = gst_structure_get_string (s, "dimensions");
  types = gst_structure_get_string (s, "types");
  if (dims == NULL || types == NULL)
    fail ("output caps without dimensions or types");
  d = g_strsplit (dims, ":", -1);
  for (i = 0; d[i] != NULL; i++)
    n *= g_ascii_strtoull (d[i], NULL, 10);
  g_strfreev (d);
  if (g_strcmp0 (types, "float32") == 0)
    return (gsize) (n * 4);
  if (g_strcmp0 (types, "float16") == 0)
    return (gsize) (n * 2);
  fail ("output caps with an unknown type");
  return 0;
}

typedef struct
{
  gboolean plain;               /* complete, no crop meta, no video meta
                                 * but one of a valid padded layout */
  gsize size;
  guint8 *data;                 /* the buffer's bytes, contiguous (the
                                 * buffer holds copies, maybe in two
                                 * memories) */
  gsize offset[2];
  gint stride[2];
} Input;

/* A memory over an exact-size copy of @n bytes. */
static GstMemory *
wrap_copy (const guint8 * data, gsize n)
{
  guint8 *copy = g_malloc (n ? n : 1);

  memcpy (copy, data, n);
  return gst_memory_new_wrapped (GST_MEMORY_FLAG_READONLY, copy, n, 0, n,
      copy, g_free);
}

static GstBuffer *
make_buffer (Reader * r, const GstVideoInfo * info, Input * in)
{
  GstBuffer *buf;
  gsize size = GST_VIDEO_INFO_SIZE (info), i, take;
  guint8 kind = r8 (r), meta = r8 (r);
  guint n_rois, k;

  gboolean padded = FALSE;
  gsize split;

  in->plain = TRUE;
  in->offset[0] = GST_VIDEO_INFO_PLANE_OFFSET (info, 0);
  in->offset[1] = GST_VIDEO_INFO_PLANE_OFFSET (info, 1);
  in->stride[0] = GST_VIDEO_INFO_PLANE_STRIDE (info, 0);
  in->stride[1] = GST_VIDEO_INFO_PLANE_STRIDE (info, 1);
  if (kind >= 240) {
    size = size > 0 ? size - 1 - r8 (r) % MIN (size, 64) : 0;
  } else if (kind >= 224) {
    size += r8 (r);
  } else if (kind >= 192) {
    /* a valid layout of its own, told by a video meta: padded strides,
     * offsets, and not a byte more than the last row */
    gint h = GST_VIDEO_INFO_HEIGHT (info), ch = (h + 1) / 2;
    gint w = GST_VIDEO_INFO_WIDTH (info);

    padded = TRUE;
    in->stride[0] = w + r8 (r) % 64;
    in->stride[1] = GST_ROUND_UP_2 (w) + r8 (r) % 64;
    in->offset[0] = r8 (r) % 32;
    in->offset[1] = in->offset[0] + (gsize) in->stride[0] * h + r8 (r);
    size = in->offset[1] + (gsize) in->stride[1] * (ch - 1) +
        GST_ROUND_UP_2 (w);
  }
  if (kind >= 224)
    in->plain = size >= GST_VIDEO_INFO_SIZE (info);
  in->size = size;
  in->data = g_malloc (size ? size : 1);
  take = MIN (size, r->size - r->at);
  memcpy (in->data, r->data + r->at, take);
  r->at += take;
  for (i = take; i < size; i++)
    in->data[i] = (guint8) (i * 151u + (i >> 7));
  /* the buffer: exact-size copies, in two memories now and then */
  buf = gst_buffer_new ();
  split = r8 (r) >= 224 && size > 1 ? 1 + r32 (r) % (size - 1) : size;
#if FUZZ_AVOID_SPLIT_PLANES
  /* only between the planes */
  if (split < size)
    split = in->offset[1] > 0 && in->offset[1] < size ? in->offset[1] : size;
#endif
  /* with a video meta a plane must lie in one memory, or the element drops
   * the frame (docs/bad-input.md): such a buffer is not plain */
  if (padded && split < size) {
    gint w = GST_VIDEO_INFO_WIDTH (info), h = GST_VIDEO_INFO_HEIGHT (info);
    gsize end0 = in->offset[0] + (gsize) in->stride[0] * (h - 1) + w;

    if ((split > in->offset[0] && split < end0) || split > in->offset[1])
      in->plain = FALSE;
  }
  gst_buffer_append_memory (buf, wrap_copy (in->data, split));
  if (split < size)
    gst_buffer_append_memory (buf, wrap_copy (in->data + split, size - split));
  GST_BUFFER_PTS (buf) = r8 (r) * GST_MSECOND;
  if (tracing)
    fprintf (stderr, "trace: buffer of %" G_GSIZE_FORMAT " bytes (frame %"
        G_GSIZE_FORMAT ")%s, memories [0, %" G_GSIZE_FORMAT ")%s, planes at %"
        G_GSIZE_FORMAT ", %" G_GSIZE_FORMAT " strides %d, %d\n", size,
        GST_VIDEO_INFO_SIZE (info), padded ? " with its own layout" : "",
        split, split < size ? " and the rest" : "", in->offset[0],
        in->offset[1], in->stride[0], in->stride[1]);

  if (padded) {
    gsize offset[GST_VIDEO_MAX_PLANES] = { in->offset[0], in->offset[1] };
    gint stride[GST_VIDEO_MAX_PLANES] = { in->stride[0], in->stride[1] };

    gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE,
        GST_VIDEO_FORMAT_NV12, GST_VIDEO_INFO_WIDTH (info),
        GST_VIDEO_INFO_HEIGHT (info), 2, offset, stride);
  } else if (meta & 1) {
    gsize offset[GST_VIDEO_MAX_PLANES] = { 0 };
    gint stride[GST_VIDEO_MAX_PLANES] = { 0 };
    guint w = GST_VIDEO_INFO_WIDTH (info), h = GST_VIDEO_INFO_HEIGHT (info);
    GstVideoFormat fmt;
    guint n_planes;

    offset[1] = GST_VIDEO_INFO_PLANE_OFFSET (info, 1);
    stride[0] = GST_VIDEO_INFO_PLANE_STRIDE (info, 0);
    stride[1] = GST_VIDEO_INFO_PLANE_STRIDE (info, 1);
    switch (r8 (r) % 8) {
      case 0:
        stride[0] -= r8 (r) % 8;
        stride[1] += r8 (r) % 8;
        break;
      case 1:
        stride[r8 (r) & 1] = (gint) r32 (r);
        break;
      case 2:
        offset[r8 (r) & 1] = r32 (r);
        break;
      case 3:
        w += r8 (r) % 8;
        h += r8 (r) % 8;
        break;
      case 4:
        w = r8 (r) & 1 ? (guint) G_MAXINT : G_MAXUINT;
#if FUZZ_AVOID_META_WIDTH_MAX
        w = 1u << 20;
#endif
        break;
      case 5:
        h = r8 (r) & 1 ? G_MAXUINT : (guint) G_MAXINT;
        break;
      case 6:
        w = h = 0;
        break;
      default:
        break;
    }
    fmt = r8 (r) == 255 ? GST_VIDEO_FORMAT_I420 : GST_VIDEO_FORMAT_NV12;
    n_planes = r8 (r) == 255 ? 3 : 2;
    gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE, fmt, w, h,
        n_planes, offset, stride);
    if (tracing)
      fprintf (stderr, "trace:   video meta %s %ux%u, %u planes, offsets %"
          G_GSIZE_FORMAT ", %" G_GSIZE_FORMAT ", strides %d, %d\n",
          gst_video_format_to_string (fmt), w, h, n_planes, offset[0],
          offset[1], stride[0], stride[1]);
    in->plain = FALSE;
  }
  if (meta & 2) {
    GstVideoCropMeta *c = gst_buffer_add_video_crop_meta (buf);
    gboolean wild = r8 (r) >= 200;

    c->x = wild ? r32 (r) : r16 (r) % 300;
    c->y = wild ? r32 (r) : r16 (r) % 300;
    c->width = wild ? r32 (r) : r16 (r) % 300;
    c->height = wild ? r32 (r) : r16 (r) % 300;
    if (tracing)
      fprintf (stderr, "trace:   crop meta %u, %u, %ux%u\n", c->x, c->y,
          c->width, c->height);
    in->plain = FALSE;
  }
  if (meta & 4) {
    n_rois = r8 (r) % 70;
    for (k = 0; k < n_rois; k++) {
      gboolean wild = r8 (r) >= 200;

      const gchar *type = r8 (r) & 1 ? "a" : "b";
      guint x = wild ? r32 (r) : r16 (r) % 300;
      guint y = wild ? r32 (r) : r16 (r) % 300;
      guint w = wild ? r32 (r) : r16 (r) % 300;
      guint h = wild ? r32 (r) : r16 (r) % 300;

      gst_buffer_add_video_region_of_interest_meta (buf, type, x, y, w, h);
      if (tracing)
        fprintf (stderr, "trace:   ROI meta %s %u, %u, %ux%u\n", type, x, y,
            w, h);
      if (!more (r))
        break;
    }
  }
  return buf;
}

/* The engine run directly, as the element should have, when the settings
 * are plain; FALSE when this oracle does not cover them. */
static gboolean
engine_expected (GstElement * e, GstCaps * in_caps, GstCaps * out_caps,
    const Input * in, guint8 ** out, gsize * out_size)
{
  GstVideoInfo info;
  PrepConfig cfg;
  PrepRect crop, req[PREP_BATCH_MAX], rects[PREP_BATCH_MAX];
  PrepPlan *plan = NULL;
  PrepFrame src;
  GValue rois = G_VALUE_INIT, mean = G_VALUE_INIT, std = G_VALUE_INIT;
  gint roi_source, aspect, interp, order, layout, dtype, w, h, part, c;
  gint conversion, chroma;
  guint batch, n_req, n, i;
  gdouble pad, scale;
  gsize n_el, n_bytes;
  gchar *dims;
  const gchar *have;
  gboolean ok = FALSE;

  if (!in->plain || in_caps == NULL ||
      !gst_video_info_from_caps (&info, in_caps))
    return FALSE;
  g_object_get (e, "roi-source", &roi_source, "width", &w, "height", &h,
      "crop-x", &crop.x, "crop-y", &crop.y, "crop-width", &crop.width,
      "crop-height", &crop.height, "aspect", &aspect, "interpolation",
      &interp, "channel-order", &order, "layout", &layout, "data-type",
      &dtype, "pad-value", &pad, "scale", &scale, "batch-size", &batch,
      "color-conversion", &conversion, "chroma-interpolation", &chroma, NULL);
  if (roi_source != 0)
    return FALSE;
  g_value_init (&rois, GST_TYPE_ARRAY);
  g_value_init (&mean, GST_TYPE_ARRAY);
  g_value_init (&std, GST_TYPE_ARRAY);
  g_object_get_property (G_OBJECT (e), "rois", &rois);
  g_object_get_property (G_OBJECT (e), "mean", &mean);
  g_object_get_property (G_OBJECT (e), "std", &std);

  prep_config_init (&cfg);
  cfg.src_width = GST_VIDEO_INFO_WIDTH (&info);
  cfg.src_height = GST_VIDEO_INFO_HEIGHT (&info);
  switch (info.colorimetry.matrix) {
    case GST_VIDEO_COLOR_MATRIX_BT601:
      cfg.matrix = PREP_MATRIX_BT601;
      break;
    case GST_VIDEO_COLOR_MATRIX_BT709:
      cfg.matrix = PREP_MATRIX_BT709;
      break;
    case GST_VIDEO_COLOR_MATRIX_BT2020:
      cfg.matrix = PREP_MATRIX_BT2020;
      break;
    default:
      goto done;
  }
  cfg.range = info.colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255 ?
      PREP_RANGE_FULL : PREP_RANGE_LIMITED;
  cfg.color_conversion = (PrepColorConversion) conversion;
  cfg.chroma_interpolation = (PrepChromaInterp) chroma;
  cfg.chroma_site = ((info.chroma_site & GST_VIDEO_CHROMA_SITE_H_COSITED) ?
      PREP_CHROMA_SITE_H_COSITED : 0) | ((info.chroma_site &
          GST_VIDEO_CHROMA_SITE_V_COSITED) ? PREP_CHROMA_SITE_V_COSITED : 0);
  cfg.out_width = w;
  cfg.out_height = h;
  cfg.aspect = (PrepAspect) aspect;
  cfg.interpolation = (PrepInterp) interp;
  cfg.channel_order = (PrepChannelOrder) order;
  cfg.layout = (PrepLayout) layout;
  cfg.data_type = (PrepDataType) dtype;
  cfg.pad_value = pad;
  cfg.scale = scale;
  if (gst_value_array_get_size (&mean) != 3 ||
      gst_value_array_get_size (&std) != 3)
    goto done;
  for (c = 0; c < 3; c++) {
    cfg.mean[c] = g_value_get_double (gst_value_array_get_value (&mean, c));
    cfg.std[c] = g_value_get_double (gst_value_array_get_value (&std, c));
  }
  n_req = gst_value_array_get_size (&rois);
  if (n_req > PREP_BATCH_MAX)
    goto done;
  for (i = 0; i < n_req; i++) {
    const GValue *rv = gst_value_array_get_value (&rois, i);

    req[i].x = g_value_get_int (gst_value_array_get_value (rv, 0));
    req[i].y = g_value_get_int (gst_value_array_get_value (rv, 1));
    req[i].width = g_value_get_int (gst_value_array_get_value (rv, 2));
    req[i].height = g_value_get_int (gst_value_array_get_value (rv, 3));
  }
  if (n_req == 0) {
    req[0] = crop;
    n_req = 1;
  }
  if (batch == 0)
    batch = gst_value_array_get_size (&rois) > 0 ?
        gst_value_array_get_size (&rois) : 1;
  cfg.batch_size = (gint) batch;
  n = MIN (n_req, batch);
  for (i = 0; i < n; i++)
    if (prep_crop_resolve (cfg.src_width, cfg.src_height, &req[i], &rects[i],
            &part) != PREP_OK)
      goto done;
  /* tensors that cannot be allocated (the plan's tables grow with the
   * width too): not covered */
  if (prep_tensor_size (w, h, 3, (int) batch, (PrepDataType) dtype, &n_el,
          &n_bytes) != PREP_OK || n_bytes > (64 << 20))
    goto done;

  /* without output caps: only whether these settings give a plan (and a
   * tensor that can be allocated: larger ones may fail, as documented) */
  if (out_caps == NULL) {
    ok = prep_plan_new (&cfg, rects, (int) n, &plan) == PREP_OK;
    goto done;
  }
  /* only when the output caps are those of these settings */
  if (layout == 0)
    dims = g_strdup_printf ("%d:%d:3:%u", w, h, batch);
  else
    dims = g_strdup_printf ("3:%d:%d:%u", w, h, batch);
  have = gst_structure_get_string (gst_caps_get_structure (out_caps, 0),
      "dimensions");
  if (g_strcmp0 (have, dims) != 0 || g_strcmp0 (gst_structure_get_string
          (gst_caps_get_structure (out_caps, 0), "types"),
          dtype ? "float16" : "float32") != 0) {
    g_free (dims);
    goto done;
  }
  g_free (dims);
  if (prep_plan_new (&cfg, rects, (int) n, &plan) != PREP_OK)
    goto done;
  *out_size = prep_plan_output_bytes (plan);
  *out = g_malloc (*out_size);
  prep_frame_init (&src, PREP_FORMAT_NV12, cfg.src_width, cfg.src_height);
  src.planes[0] = in->data + in->offset[0];
  src.strides[0] = in->stride[0];
  src.planes[1] = in->data + in->offset[1];
  src.strides[1] = in->stride[1];
  if (prep_plan_run_cpu_rows (plan, PREP_CPU_SCALAR, &src, *out, *out_size,
          0, prep_plan_rows (plan)) != PREP_OK)
    fail ("the engine refused a frame the element processed");
  ok = TRUE;

done:
  prep_plan_free (plan);
  g_value_unset (&rois);
  g_value_unset (&mean);
  g_value_unset (&std);
  return ok;
}

/* Every output buffer: its size as its caps say, and its bytes those of
 * the engine where the oracle covers the settings.  With
 * FUZZ_EXPECT_OUTPUT, a plain buffer pushed while the element has caps and
 * settings the engine accepts must give a tensor. */
static void
check_outputs (GstHarness * h, const Input * in, GstFlowReturn ret)
{
  GstBuffer *out;
  GstPad *sink = gst_element_get_static_pad (h->element, "sink");
  GstCaps *sink_caps = gst_pad_get_current_caps (sink), *src_caps;
  guint n_out = 0;

  gst_object_unref (sink);
  while ((out = gst_harness_try_pull (h)) != NULL) {
    GstCaps *out_caps = gst_pad_get_current_caps (h->sinkpad);
    GstCaps *in_caps = sink_caps ? gst_caps_ref (sink_caps) : NULL;

    gsize want = caps_tensor_bytes (out_caps), ref_size = 0;
    guint8 *ref = NULL;
    GstMapInfo map;

    n_out++;

    if (want == 0 || gst_buffer_get_size (out) != want) {
      fprintf (stderr, "fuzz-element: output of %" G_GSIZE_FORMAT
          " bytes, caps %s say %" G_GSIZE_FORMAT "\n",
          gst_buffer_get_size (out), gst_caps_to_string (out_caps), want);
      abort ();
    }
    n_outputs++;
    if (engine_expected (h->element, in_caps, out_caps, in, &ref, &ref_size)) {
      n_compared++;
      if (!gst_buffer_map (out, &map, GST_MAP_READ))
        fail ("cannot map the output");
      if (map.size != ref_size || memcmp (map.data, ref, ref_size) != 0) {
        fprintf (stderr, "fuzz-element: output differs from the engine's, "
            "caps %s -> %s\n", gst_caps_to_string (in_caps),
            gst_caps_to_string (out_caps));
        abort ();
      }
      gst_buffer_unmap (out, &map);
      g_free (ref);
    }
    if (in_caps)
      gst_caps_unref (in_caps);
    if (out_caps)
      gst_caps_unref (out_caps);
    gst_buffer_unref (out);
  }
  if (tracing)
    fprintf (stderr, "trace: push %s buffer of %" G_GSIZE_FORMAT
        " bytes: flow %s, %u tensors\n", in->plain ? "plain" : "meta/short",
        in->size, gst_flow_get_name (ret), n_out);
#if FUZZ_EXPECT_OUTPUT
  /* the caps the buffer was pushed with are the element's (new caps it
   * refused leave the old ones on its pad) */
  src_caps = gst_pad_get_current_caps (h->srcpad);
  if (n_out == 0 && sink_caps != NULL && src_caps != NULL &&
      gst_caps_is_equal (sink_caps, src_caps)) {
    guint8 *ref = NULL;
    gsize ref_size = 0;

    if (engine_expected (h->element, sink_caps, NULL, in, &ref, &ref_size)) {
      gchar *str = gst_caps_to_string (sink_caps);

      fprintf (stderr, "fuzz-element: no tensor (flow %s) for a complete "
          "frame, caps %s, with settings the engine accepts\n",
          gst_flow_get_name (ret), str);
      abort ();
    }
  }
  if (src_caps)
    gst_caps_unref (src_caps);
#endif
  if (sink_caps)
    gst_caps_unref (sink_caps);
}

int
LLVMFuzzerTestOneInput (const guint8 * data, size_t size)
{
  Reader rd = { data, size, 0 }, *r = &rd;
  GstHarness *h;
  GstVideoInfo info;
  GstCaps *caps;
  gchar *caps_str;
  gint width, height, steps, i, n_props;
  gboolean have_info;
  GstFlowReturn ret;
  GstSegment segment;
  Input in;

  h = gst_harness_new ("cudapreproc");
  if (h == NULL)
    fail ("no cudapreproc");
  /* small tensors by default */
  g_object_set (h->element, "width", 1 + r8 (r) % 64, "height",
      1 + r8 (r) % 64, NULL);
  n_props = r8 (r) % 4;
  for (i = 0; i < n_props; i++)
    set_property (h->element, r);

  caps_str = make_caps (r, &width, &height);
  caps = gst_caps_from_string (caps_str);
  have_info = caps != NULL && gst_video_info_from_caps (&info, caps) &&
      GST_VIDEO_INFO_SIZE (&info) <= 256 * 256 * 2;
  if (caps != NULL)
    gst_harness_set_src_caps (h, caps);
  g_free (caps_str);

  for (steps = 0; steps < 8 && more (r); steps++) {
    switch (r8 (r) % 10) {
      case 0:
      case 1:
        set_property (h->element, r);
        break;
      case 8:
        /* a flush, then the segment again */
        if (tracing)
          fprintf (stderr, "trace: flush\n");
        gst_harness_push_event (h, gst_event_new_flush_start ());
        gst_harness_push_event (h, gst_event_new_flush_stop (TRUE));
        gst_segment_init (&segment, GST_FORMAT_TIME);
        gst_harness_push_event (h, gst_event_new_segment (&segment));
        break;
      case 9:
        /* READY and back (the element forgets its caps), then the last
         * caps again */
        if (tracing)
          fprintf (stderr, "trace: state READY, PLAYING, caps again\n");
        caps = gst_pad_get_current_caps (h->srcpad);
        gst_element_set_state (h->element, GST_STATE_READY);
        gst_element_set_state (h->element, GST_STATE_PLAYING);
        if (caps != NULL)
          gst_harness_set_src_caps (h, caps);
        break;
      case 2:
        caps_str = make_caps (r, &width, &height);
        caps = gst_caps_from_string (caps_str);
        have_info = caps != NULL && gst_video_info_from_caps (&info, caps) &&
            GST_VIDEO_INFO_SIZE (&info) <= 256 * 256 * 2;
        if (caps != NULL)
          gst_harness_set_src_caps (h, caps);
        g_free (caps_str);
        break;
      default:
        if (!have_info)
          break;
        n_pushed++;
        ret = gst_harness_push (h, make_buffer (r, &info, &in));
        check_outputs (h, &in, ret);
        g_free (in.data);
        break;
    }
  }
  gst_harness_teardown (h);
  return 0;
}
