/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* gst-check suite of cudapreprocbatch (CPU path): each slot of a batch
 * holds the bytes one cudapreproc with the same properties gives for that
 * stream alone (run through GstHarness for the reference), a stream that
 * ends early or stalls (live) leaves a padding slot marked invalid, pads
 * requested and released while playing join and leave at the next batch,
 * a property changed while playing takes effect, a batch that mixes
 * streams in system memory and in CUDA memory is refused with an error
 * naming both pads, a pad with roi-source=meta gives one slot per object.
 * The element takes its streams all in system memory or all in CUDA
 * memory of one context (one kernel launch per batch): that path runs on
 * the mock driver (cuda-mock-batches.c).  One harness per sink pad, all on
 * one element (sink_0's also holds the src pad); the harness is live, on a
 * test clock that only moves when a test cranks it. */

#include <stdlib.h>
#include <string.h>

#include <gmodule.h>

#include "element-harness.h"

#define MAX_PADS 4
#define FRAME_DURATION (GST_SECOND / 30)
/* far enough that the test clock never reaches it unless cranked */
#define NO_TIMEOUT "batch-timeout=10000000000"

typedef struct
{
  GstHarness *h[MAX_PADS];      /* h[0] holds the src pad; NULL: no pad */
  GstBus *bus;
} Batch;

/* A cudapreprocbatch with @props on a harness with sink_0. */
static void
batch_start (Batch * b, const gchar * props)
{
  memset (b, 0, sizeof (*b));
  b->h[0] = gst_harness_new_with_padnames ("cudapreprocbatch", "sink_0", "src");
  b->bus = gst_bus_new ();
  gst_element_set_bus (b->h[0]->element, b->bus);
  set_props (b->h[0]->element, props);
}

/* Requests sink_@index, with @caps. */
static void
batch_add (Batch * b, guint index, const gchar * caps)
{
  gchar name[16];

  g_snprintf (name, sizeof (name), "sink_%u", index);
  if (b->h[index] == NULL)
    b->h[index] = gst_harness_new_with_element (b->h[0]->element, name, NULL);
  gst_harness_set_src_caps_str (b->h[index], caps);
}

/* Releases sink_@index (index > 0). */
static void
batch_remove (Batch * b, guint index)
{
  gst_harness_teardown (b->h[index]);
  b->h[index] = NULL;
}

static void
batch_stop (Batch * b)
{
  guint i;

  gst_bus_set_flushing (b->bus, TRUE);
  gst_element_set_bus (b->h[0]->element, NULL);
  gst_object_unref (b->bus);
  for (i = MAX_PADS - 1; i > 0; i--)
    if (b->h[i] != NULL)
      batch_remove (b, i);
  gst_harness_teardown (b->h[0]);
}

static GstPad *
batch_pad (Batch * b, guint index)
{
  return GST_PAD_PEER (b->h[index]->srcpad);
}

static GstBuffer *
frame_wrap (const Frame * f, guint k)
{
  GstBuffer *buf = gst_buffer_new_memdup (f->data, f->size);

  GST_BUFFER_PTS (buf) = k * FRAME_DURATION;
  GST_BUFFER_DURATION (buf) = FRAME_DURATION;
  return buf;
}

static void
batch_push (Batch * b, guint index, const Frame * f, guint k)
{
  fail_unless_equals_int (gst_harness_push (b->h[index], frame_wrap (f, k)),
      GST_FLOW_OK);
}

/* What one cudapreproc with @props gives for @f with @caps. */
static GstBuffer *
reference (const gchar * props, const gchar * caps, const Frame * f)
{
  GstBus *bus;
  GstHarness *h = harness_new (props, &bus);
  GstBuffer *out;

  fail_unless (harness_push_caps (h, caps), "cudapreproc refused %s", caps);
  out = harness_push_pull (h, frame_wrap (f, 0));
  harness_free (h, bus);
  return out;
}

/* Slot @slot of @batch holds the bytes of @ref (taken). */
static void
assert_slot (GstBuffer * batch, guint slot, GstBuffer * ref, const gchar * what)
{
  GstMapInfo a, r;
  gsize i;

  fail_unless (gst_buffer_map (batch, &a, GST_MAP_READ));
  fail_unless (gst_buffer_map (ref, &r, GST_MAP_READ));
  fail_unless (a.size >= (slot + 1) * r.size, "%s: batch of %" G_GSIZE_FORMAT
      " bytes, no slot %u of %" G_GSIZE_FORMAT, what, a.size, slot, r.size);
  for (i = 0; i < r.size && a.data[slot * r.size + i] == r.data[i]; i++);
  fail_unless (i == r.size, "%s: slot %u differs from cudapreproc's tensor "
      "at byte %" G_GSIZE_FORMAT, what, slot, i);
  gst_buffer_unmap (ref, &r);
  gst_buffer_unmap (batch, &a);
  gst_buffer_unref (ref);
}

static const GstStructure *
slot_meta (GstBuffer * buf, guint slot)
{
  GstCustomMeta *meta = gst_buffer_get_custom_meta (buf,
      "GstCudaPreprocBoxMeta");
  const GValue *slots;

  fail_unless (meta != NULL, "no box meta");
  slots = gst_structure_get_value (gst_custom_meta_get_structure (meta),
      "slots");
  fail_unless (slots != NULL && slot < gst_value_array_get_size (slots));
  return gst_value_get_structure (gst_value_array_get_value (slots, slot));
}

/* Slot @slot's meta: valid or not, its stream and frame time. */
static void
assert_slot_meta (GstBuffer * buf, guint slot, gboolean valid,
    const gchar * stream, GstClockTime pts)
{
  const GstStructure *s = slot_meta (buf, slot);
  gboolean v = !valid;
  guint64 p = 0;
  gint index = -2;

  fail_unless (gst_structure_get_boolean (s, "valid", &v));
  fail_unless_equals_int (v, valid);
  fail_unless_equals_string (gst_structure_get_string (s, "stream"), stream);
  fail_unless (gst_structure_get_int (s, "stream-index", &index));
  fail_unless_equals_int (index, stream[0] ? atoi (stream + 5) : -1);
  fail_unless (gst_structure_get_uint64 (s, "pts", &p));
  fail_unless_equals_uint64 (p, pts);
}

static gchar *
caps_dimensions (GstHarness * h)
{
  GstCaps *caps = last_caps_event (h);
  gchar *dims;

  if (caps == NULL)
    return NULL;
  dims = g_strdup (gst_structure_get_string (gst_caps_get_structure (caps, 0),
          "dimensions"));
  gst_caps_unref (caps);
  return dims;
}

/* Two sets of four streams: 8-bit 4:2:0, RGB and packed 4:2:2; then the
 * planar and semi-planar 4:2:2 and the 10-bit LSB-aligned formats. */
static const gchar *const four_caps[][4] = {
  {"video/x-raw,format=NV12,width=1280,height=720,framerate=30/1",
        "video/x-raw,format=I420,width=640,height=480,framerate=30/1,"
        "colorimetry=bt709",
        "video/x-raw,format=RGBA,width=320,height=240,framerate=30/1",
      "video/x-raw,format=YUY2,width=400,height=300,framerate=30/1"},
  {"video/x-raw,format=Y42B,width=1280,height=720,framerate=30/1",
        "video/x-raw,format=I422_10LE,width=640,height=480,framerate=30/1,"
        "colorimetry=bt709",
        "video/x-raw,format=I420_10LE,width=320,height=240,framerate=30/1",
      "video/x-raw,format=NV16,width=400,height=300,framerate=30/1"},
};

static const GstVideoFormat four_formats[][4] = {
  {GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_RGBA,
      GST_VIDEO_FORMAT_YUY2},
  {GST_VIDEO_FORMAT_Y42B, GST_VIDEO_FORMAT_I422_10LE,
      GST_VIDEO_FORMAT_I420_10LE, GST_VIDEO_FORMAT_NV16},
};

static const gint four_sizes[][2] = {
  {1280, 720}, {640, 480}, {320, 240}, {400, 300}
};

/* Frames of set @set, batch @k. */
static void
four_frames (Frame * frames, guint set, guint k)
{
  guint i;

  for (i = 0; i < 4; i++)
    frame_init_format (&frames[i], four_formats[set][i], four_sizes[i][0],
        four_sizes[i][1], 100 * k + i);
}

#define TENSOR_PROPS "width=96 height=80 aspect=letterbox pad-value=50 " \
    "mean=<0.5,0.4,0.3> std=<0.2,0.25,0.3> channel-order=bgr"

/* The filter of run i of test_batch_matches_cudapreproc (): bilinear for
 * each set of formats, then bicubic (plain, antialiased). */
static const gchar *const four_filters[] = { "", "",
  " interpolation=bicubic", " interpolation=bicubic antialias=true"
};

/* Four streams of other sizes and formats, one cropped: each slot is what
 * cudapreproc gives for its stream, the meta names it, for two batches;
 * for each set of formats, bilinear then bicubic. */
GST_START_TEST (test_batch_matches_cudapreproc)
{
  const gchar *const *caps = four_caps[__i__ % 2];
  gchar *tensor = g_strconcat (TENSOR_PROPS, four_filters[__i__], NULL);
  gchar *bprops = g_strconcat (tensor, " " NO_TIMEOUT, NULL);
  Frame frames[4];
  GstBuffer *out;
  Batch b;
  guint i, k;
  gchar *dims;

  batch_start (&b, bprops);
  g_free (bprops);
  for (i = 0; i < 4; i++)
    batch_add (&b, i, caps[i]);
  g_object_set (batch_pad (&b, 0), "crop-x", 100, "crop-width", 600, NULL);
  for (k = 0; k < 2; k++) {
    four_frames (frames, __i__ % 2, k);
    for (i = 0; i < 4; i++)
      batch_push (&b, i, &frames[i], k);
    out = gst_harness_pull (b.h[0]);
    fail_unless (out != NULL);
    fail_unless_equals_uint64 (GST_BUFFER_PTS (out), k * FRAME_DURATION);
    for (i = 0; i < 4; i++) {
      gchar *props = g_strdup_printf ("%s%s", tensor, i == 0 ?
          " crop-x=100 crop-width=600" : "");
      gchar name[16];

      assert_slot (out, i, reference (props, caps[i], &frames[i]), caps[i]);
      g_snprintf (name, sizeof (name), "sink_%u", i);
      assert_slot_meta (out, i, TRUE, name, k * FRAME_DURATION);
      g_free (props);
      frame_clear (&frames[i]);
    }
    gst_buffer_unref (out);
  }
  dims = caps_dimensions (b.h[0]);
  fail_unless_equals_string (dims, "96:80:3:4");
  g_free (dims);
  g_free (tensor);
  batch_stop (&b);
}

GST_END_TEST;

#define SMALL_PROPS "width=32 height=24"
#define SMALL_NV12 "video/x-raw,format=NV12,width=64,height=48,framerate=30/1"
#define SMALL_I420 "video/x-raw,format=I420,width=80,height=60,framerate=30/1"
#define SMALL_RGBA "video/x-raw,format=RGBA,width=40,height=30,framerate=30/1"

static const gchar *const small_caps[] = { SMALL_NV12, SMALL_I420, SMALL_RGBA };

static void
small_frames (Frame * frames, guint k)
{
  frame_init_format (&frames[0], GST_VIDEO_FORMAT_NV12, 64, 48, 10 * k);
  frame_init_format (&frames[1], GST_VIDEO_FORMAT_I420, 80, 60, 10 * k + 1);
  frame_init_format (&frames[2], GST_VIDEO_FORMAT_RGBA, 40, 30, 10 * k + 2);
}

/* The pad value's slot: slot 1 of a cudapreproc batch of 2 with one
 * rectangle. */
static GstBuffer *
padding_slot (const gchar * props, const Frame * f)
{
  gchar *p = g_strdup_printf ("%s batch-size=2", props);
  GstBuffer *two = reference (p, SMALL_NV12, f);
  gsize half = gst_buffer_get_size (two) / 2;
  GstBuffer *slot = gst_buffer_copy_region (two, GST_BUFFER_COPY_MEMORY,
      half, half);

  gst_buffer_unref (two);
  g_free (p);
  return slot;
}

static void
push_small (Batch * b, const Frame * frames, guint k, guint mask)
{
  guint i;

  for (i = 0; i < 3; i++)
    if (mask & (1u << i))
      batch_push (b, i, &frames[i], k);
}

static void
clear_frames (Frame * frames, guint n)
{
  guint i;

  for (i = 0; i < n; i++)
    frame_clear (&frames[i]);
}

/* chroma-interpolation=bilinear with each stream's own chroma site
 * (horizontally cosited, centered, cosited both ways) and the opencv
 * conversions: each slot is what cudapreproc gives for its stream. */
GST_START_TEST (test_batch_chroma_sites)
{
  static const gchar *const caps[] = {
    "video/x-raw,format=NV12,width=64,height=48,framerate=30/1,"
        "colorimetry=bt601,chroma-site=mpeg2",
    "video/x-raw,format=I420,width=80,height=60,framerate=30/1,"
        "colorimetry=bt709,chroma-site=jpeg",
    "video/x-raw,format=Y42B,width=40,height=30,framerate=30/1,"
        "colorimetry=bt601,chroma-site=cosited",
  };
  static const gchar *const props[] = {
    SMALL_PROPS " chroma-interpolation=bilinear",
    SMALL_PROPS " chroma-interpolation=bilinear color-conversion=opencv",
    SMALL_PROPS " antialias=true color-conversion=opencv-8bit",
  };
  Frame frames[3];
  GstBuffer *out;
  gchar *line;
  Batch b;
  guint i;

  line = g_strdup_printf ("%s " NO_TIMEOUT, props[__i__]);
  batch_start (&b, line);
  g_free (line);
  for (i = 0; i < 3; i++)
    batch_add (&b, i, caps[i]);
  frame_init_format (&frames[0], GST_VIDEO_FORMAT_NV12, 64, 48, 31);
  frame_init_format (&frames[1], GST_VIDEO_FORMAT_I420, 80, 60, 32);
  frame_init_format (&frames[2], GST_VIDEO_FORMAT_Y42B, 40, 30, 33);
  for (i = 0; i < 3; i++)
    batch_push (&b, i, &frames[i], 0);
  out = gst_harness_pull (b.h[0]);
  fail_unless (out != NULL);
  for (i = 0; i < 3; i++)
    assert_slot (out, i, reference (props[__i__], caps[i], &frames[i]),
        caps[i]);
  gst_buffer_unref (out);
  clear_frames (frames, 3);
  batch_stop (&b);
}

GST_END_TEST;

/* sink_1 ends after its first frame: the next batch goes on without it,
 * its slot padding and not valid; EOS on the src pad once all ended. */
GST_START_TEST (test_batch_stream_ends_early)
{
  Frame frames[3];
  GstBuffer *out;
  GstEvent *ev;
  Batch b;
  guint i, k;

  batch_start (&b, SMALL_PROPS " " NO_TIMEOUT);
  for (i = 0; i < 3; i++)
    batch_add (&b, i, small_caps[i]);
  for (k = 0; k < 2; k++) {
    small_frames (frames, k);
    push_small (&b, frames, k, k == 0 ? 7 : 5);
    if (k == 0)
      fail_unless (gst_harness_push_event (b.h[1], gst_event_new_eos ()));
    out = gst_harness_pull (b.h[0]);
    fail_unless (out != NULL);
    assert_slot_meta (out, 1, k == 0, "sink_1", k == 0 ? 0 :
        GST_CLOCK_TIME_NONE);
    assert_slot_meta (out, 2, TRUE, "sink_2", k * FRAME_DURATION);
    assert_slot (out, 2, reference (SMALL_PROPS, SMALL_RGBA, &frames[2]),
        "RGBA");
    if (k == 1)
      assert_slot (out, 1, padding_slot (SMALL_PROPS, &frames[0]), "padding");
    gst_buffer_unref (out);
    clear_frames (frames, 3);
  }
  fail_unless (gst_harness_push_event (b.h[0], gst_event_new_eos ()));
  fail_unless (gst_harness_push_event (b.h[2], gst_event_new_eos ()));
  for (i = 0; i < 10; i++) {
    ev = gst_harness_pull_event (b.h[0]);
    fail_unless (ev != NULL, "no EOS on the src pad");
    k = GST_EVENT_TYPE (ev) == GST_EVENT_EOS;
    gst_event_unref (ev);
    if (k)
      break;
  }
  fail_unless (k, "no EOS on the src pad");
  batch_stop (&b);
}

GST_END_TEST;

/* A live stream that stalls: nothing is pushed before batch-timeout, then
 * the batch goes with its slot padding and not valid. */
GST_START_TEST (test_batch_live_timeout)
{
  GstTestClock *clock;
  GstBuffer *out = NULL;
  Frame frames[3];
  Batch b;
  guint i;

  batch_start (&b, SMALL_PROPS " batch-timeout=100000000");
  batch_add (&b, 1, SMALL_I420);
  batch_add (&b, 0, SMALL_NV12);
  small_frames (frames, 0);
  push_small (&b, frames, 0, 1);
  fail_unless (gst_harness_wait_for_clock_id_waits (b.h[0], 1, 10));
  g_usleep (G_USEC_PER_SEC / 10);
  out = gst_harness_try_pull (b.h[0]);
  fail_unless (out == NULL, "a batch was pushed before its timeout");
  for (i = 0; i < 5 && out == NULL; i++) {
    fail_unless (gst_harness_crank_single_clock_wait (b.h[0]));
    g_usleep (G_USEC_PER_SEC / 20);
    out = gst_harness_try_pull (b.h[0]);
  }
  fail_unless (out != NULL, "no batch after the timeout");
  clock = gst_harness_get_testclock (b.h[0]);
  fail_unless (gst_clock_get_time (GST_CLOCK (clock)) >= 100 * GST_MSECOND);
  gst_object_unref (clock);
  assert_slot_meta (out, 0, TRUE, "sink_0", 0);
  assert_slot_meta (out, 1, FALSE, "sink_1", GST_CLOCK_TIME_NONE);
  assert_slot (out, 0, reference (SMALL_PROPS, SMALL_NV12, &frames[0]), "NV12");
  assert_slot (out, 1, padding_slot (SMALL_PROPS, &frames[0]), "padding");
  gst_buffer_unref (out);
  clear_frames (frames, 3);
  batch_stop (&b);
}

GST_END_TEST;

static GstBuffer *
pull_batch (Batch * b, const gchar * dims)
{
  GstBuffer *out = gst_harness_pull (b->h[0]);
  gchar *got = caps_dimensions (b->h[0]);

  fail_unless (out != NULL);
  if (dims != NULL)
    fail_unless_equals_string (got, dims);
  g_free (got);
  return out;
}

/* A batch element with sink_0 (NV12) and sink_1 (I420) that has pushed
 * its first batch, [2, 3, 24, 32]. */
static void
batch_start_two (Batch * b)
{
  Frame frames[3];

  batch_start (b, SMALL_PROPS " " NO_TIMEOUT);
  batch_add (b, 0, SMALL_NV12);
  batch_add (b, 1, SMALL_I420);
  small_frames (frames, 0);
  push_small (b, frames, 0, 3);
  gst_buffer_unref (pull_batch (b, "32:24:3:2"));
  clear_frames (frames, 3);
}

/* sink_2 requested while playing joins the next batch (N = 3), sink_1
 * released leaves it (N = 2, sink_2 in slot 1). */
GST_START_TEST (test_batch_pads_join_and_leave)
{
  Frame frames[3];
  GstBuffer *out;
  Batch b;

  batch_start_two (&b);

  batch_add (&b, 2, SMALL_RGBA);
  small_frames (frames, 1);
  push_small (&b, frames, 1, 7);
  out = pull_batch (&b, "32:24:3:3");
  assert_slot_meta (out, 2, TRUE, "sink_2", FRAME_DURATION);
  assert_slot (out, 2, reference (SMALL_PROPS, SMALL_RGBA, &frames[2]), "3");
  gst_buffer_unref (out);
  clear_frames (frames, 3);

  batch_remove (&b, 1);
  small_frames (frames, 2);
  push_small (&b, frames, 2, 5);
  out = pull_batch (&b, "32:24:3:2");
  assert_slot_meta (out, 1, TRUE, "sink_2", 2 * FRAME_DURATION);
  assert_slot (out, 1, reference (SMALL_PROPS, SMALL_RGBA, &frames[2]), "2");
  assert_slot (out, 0, reference (SMALL_PROPS, SMALL_NV12, &frames[0]), "0");
  gst_buffer_unref (out);
  clear_frames (frames, 3);
  batch_stop (&b);
}

GST_END_TEST;

/* width, a pad's crop and the normalization changed while playing take
 * effect at the next batch. */
GST_START_TEST (test_batch_property_change)
{
  Frame frames[3];
  GstBuffer *out;
  Batch b;

  batch_start_two (&b);

  set_props (b.h[0]->element, "width=16 scale=0.5 layout=nhwc");
  g_object_set (batch_pad (&b, 1), "crop-y", 10, NULL);
  small_frames (frames, 1);
  push_small (&b, frames, 1, 3);
  out = pull_batch (&b, "3:16:24:2");
  assert_slot (out, 0, reference ("width=16 height=24 scale=0.5 layout=nhwc",
          SMALL_NV12, &frames[0]), "NV12 after");
  assert_slot (out, 1, reference ("width=16 height=24 scale=0.5 layout=nhwc "
          "crop-y=10", SMALL_I420, &frames[1]), "I420 cropped after");
  gst_buffer_unref (out);
  clear_frames (frames, 3);

  /* the same shape: only the plan changes */
  set_props (b.h[0]->element, "mean=<0.1,0.2,0.3>");
  small_frames (frames, 2);
  push_small (&b, frames, 2, 3);
  out = pull_batch (&b, NULL);
  assert_slot (out, 0, reference ("width=16 height=24 scale=0.5 layout=nhwc "
          "mean=<0.1,0.2,0.3>", SMALL_NV12, &frames[0]), "NV12 new mean");
  gst_buffer_unref (out);
  clear_frames (frames, 3);
  batch_stop (&b);
}

GST_END_TEST;

/* Pushes @f on pad @index with a GstVideoCropMeta of @crop (x, y, w, h). */
static void
batch_push_cropped (Batch * b, guint index, const Frame * f, guint k,
    const guint crop[4])
{
  GstBuffer *buf = frame_wrap (f, k);
  GstVideoCropMeta *meta = gst_buffer_add_video_crop_meta (buf);

  meta->x = crop[0];
  meta->y = crop[1];
  meta->width = crop[2];
  meta->height = crop[3];
  fail_unless_equals_int (gst_harness_push (b->h[index], buf), GST_FLOW_OK);
}

/* A GstVideoCropMeta on a stream's frame: the slot reads the area it
 * leaves, as cudapreproc's crop-* of that area would; a pad's crop is
 * inside that area. */
GST_START_TEST (test_batch_crop_meta)
{
  static const guint crop0[4] = { 8, 6, 40, 30 }, crop1[4] = { 4, 2, 60, 50 };
  Frame frames[3];
  GstBuffer *out;
  Batch b;

  batch_start_two (&b);
  g_object_set (batch_pad (&b, 1), "crop-y", 10, NULL);
  small_frames (frames, 1);
  batch_push_cropped (&b, 0, &frames[0], 1, crop0);
  batch_push_cropped (&b, 1, &frames[1], 1, crop1);
  out = pull_batch (&b, NULL);
  assert_slot (out, 0, reference (SMALL_PROPS " crop-x=8 crop-y=6 "
          "crop-width=40 crop-height=30", SMALL_NV12, &frames[0]),
      "NV12, crop meta");
  assert_slot (out, 1, reference (SMALL_PROPS " crop-x=4 crop-y=12 "
          "crop-width=60 crop-height=40", SMALL_I420, &frames[1]),
      "I420, crop meta and the pad's crop-y inside it");
  gst_buffer_unref (out);
  clear_frames (frames, 3);
  batch_stop (&b);
}

GST_END_TEST;

#define SMALL_CUDA_I420 "video/x-raw(memory:CUDAMemory),format=I420,width=80," \
    "height=60,framerate=30/1"

/* The error on the bus starts with @prefix (caps events reach the element
 * from the aggregator's thread: waits for it). */
static void
expect_pad_refusal (Batch * b, const gchar * prefix)
{
  GstMessage *msg = gst_bus_timed_pop_filtered (b->bus, 10 * GST_SECOND,
      GST_MESSAGE_ERROR);
  GError *err = NULL;

  fail_unless (msg != NULL, "no error, expected \"%s...\"", prefix);
  gst_message_parse_error (msg, &err, NULL);
  fail_unless (g_str_has_prefix (err->message, prefix), "\"%s\" does not "
      "start with \"%s\"", err->message, prefix);
  g_error_free (err);
  gst_message_unref (msg);
}

/* A format the engine lacks, offered to a sink pad: the error names the
 * pad and the format. */
GST_START_TEST (test_batch_format_refusal_names_pad)
{
  GstCaps *caps = gst_caps_from_string ("video/x-raw,format=Y41B,width=64,"
      "height=48,framerate=30/1");
  Batch b;

  batch_start (&b, SMALL_PROPS);
  batch_add (&b, 1, SMALL_NV12);
  fail_if (gst_pad_query_accept_caps (batch_pad (&b, 1), caps));
  expect_pad_refusal (&b, "sink_1: Input format Y41B is not supported");
  gst_caps_unref (caps);
  batch_stop (&b);
}

GST_END_TEST;

/* Streams in system memory and in CUDA memory in one batch: refused with
 * an error naming both pads (without a driver, or in a build without the
 * CUDA path, the pad refuses CUDA caps itself, saying so); the pad properties and batch-timeout read back.  The CUDA
 * path itself runs on the mock driver (cuda-mock.c). */
GST_START_TEST (test_batch_mixed_memory)
{
  GstCaps *caps = gst_caps_from_string ("video/x-raw(memory:CUDAMemory),"
      "format=NV12,width=64,height=48,framerate=30/1");
  GModule *driver = g_module_open ("libcuda.so.1", G_MODULE_BIND_LAZY);
  GstMessage *msg;
  GError *err = NULL;
  guint64 timeout = 0, latency = 0;
  gint crop = -1;
  Frame frames[3];
  Batch b;

  batch_start (&b, "batch-timeout=5000000 " SMALL_PROPS);
  if (!gst_pad_query_accept_caps (batch_pad (&b, 0), caps)) {
    /* no CUDA path: the refusal names the pad and why */
    expect_pad_refusal (&b, "sink_0: Input in CUDA memory cannot be "
        "processed: ");
  } else if (driver == NULL) {
    /* caps with CUDA memory but no driver to read it */
    batch_add (&b, 1, SMALL_CUDA_I420);
    expect_pad_refusal (&b, "sink_1: Input in CUDA memory cannot be "
        "processed: the CUDA driver");
  } else {
    small_frames (frames, 0);
    batch_add (&b, 0, SMALL_NV12);
    batch_add (&b, 1, SMALL_CUDA_I420);
    batch_push (&b, 0, &frames[0], 0);
    gst_harness_push (b.h[1], frame_wrap (&frames[1], 0));
    msg = gst_bus_timed_pop_filtered (b.bus, 10 * GST_SECOND,
        GST_MESSAGE_ERROR);
    fail_unless (msg != NULL, "no error for a batch of mixed memories");
    gst_message_parse_error (msg, &err, NULL);
    fail_unless (strstr (err->message, "sink_0 is in system memory but "
            "sink_1 in CUDA memory") != NULL, "%s", err->message);
    g_error_free (err);
    gst_message_unref (msg);
    clear_frames (frames, 3);
  }
  g_clear_pointer (&driver, g_module_close);
  gst_caps_unref (caps);

  g_object_get (b.h[0]->element, "batch-timeout", &timeout, "latency",
      &latency, NULL);
  fail_unless_equals_uint64 (timeout, 5000000);
  fail_unless_equals_uint64 (latency, 5000000);
  /* as gst-launch-1.0 sets it: through the element's GstChildProxy */
  gst_child_proxy_set (GST_CHILD_PROXY (b.h[0]->element), "sink_0::crop-height",
      7, NULL);
  g_object_get (batch_pad (&b, 0), "crop-height", &crop, NULL);
  fail_unless_equals_int (crop, 7);
  batch_stop (&b);
}

GST_END_TEST;

/* A frame of @f on sink_@index with ROI metas: @n rectangles (x, y, w,
 * h) of type "person", ids @ids. */
static void
batch_push_rois (Batch * b, guint index, const Frame * f, guint k,
    const guint (*rois)[4], const gint * ids, guint n)
{
  GstBuffer *buf = frame_wrap (f, k);
  GstVideoRegionOfInterestMeta *m;
  guint i;

  for (i = 0; i < n; i++) {
    m = gst_buffer_add_video_region_of_interest_meta (buf, "person",
        rois[i][0], rois[i][1], rois[i][2], rois[i][3]);
    m->id = ids[i];
  }
  fail_unless_equals_int (gst_harness_push (b->h[index], buf), GST_FLOW_OK);
}

/* cudapreproc's tensor of the rectangle (x, y, w, h) of @f (NV12 caps). */
static GstBuffer *
reference_rect (const Frame * f, gint x, gint y, gint w, gint h)
{
  gchar *props = g_strdup_printf ("%s crop-x=%d crop-y=%d crop-width=%d "
      "crop-height=%d", TENSOR_PROPS, x, y, w, h);
  GstBuffer *ref = reference (props, four_caps[0][0], f);

  g_free (props);
  return ref;
}

/* @buf carries @n ROI metas, the i-th with id ids[i], each with a
 * "cudapreproc-stream" param naming @stream. */
static void
assert_rois_carried (GstBuffer * buf, const gint * ids, guint n,
    const gchar * stream)
{
  GstVideoRegionOfInterestMeta *roi;
  GstStructure *param;
  gpointer state = NULL;
  guint i = 0;

  while ((roi = (GstVideoRegionOfInterestMeta *)
          gst_buffer_iterate_meta_filtered (buf, &state,
              GST_VIDEO_REGION_OF_INTEREST_META_API_TYPE)) != NULL) {
    fail_unless (i < n, "more than %u ROI metas on the tensor", n);
    fail_unless_equals_int (roi->id, ids[i]);
    param = gst_video_region_of_interest_meta_get_param (roi,
        "cudapreproc-stream");
    fail_unless (param != NULL, "ROI %d without its stream", roi->id);
    fail_unless_equals_string (gst_structure_get_string (param, "stream"),
        stream);
    i++;
  }
  fail_unless_equals_int (i, n);
}

static gint
slot_roi_id (GstBuffer * buf, guint slot)
{
  gint id = -2;

  fail_unless (gst_structure_get_int (slot_meta (buf, slot), "roi-id", &id));
  return id;
}

/* sink_0 with roi-source=meta, sink_1 with its crop, a batch of 4: sink_0's
 * objects take the first slots (one clamped to the frame), sink_1 the
 * next, the rest is padding; a frame without objects takes no slot;
 * objects past the batch are left out with a warning, and the slots say
 * which stream and object they hold; the ROI metas travel with the
 * tensor, naming their stream. */
GST_START_TEST (test_batch_objects_as_slots)
{
  static const guint rois[][4] = { {100, 50, 300, 200}, {1200, 600, 200, 200},
  {0, 0, 64, 64}, {10, 20, 30, 40}, {500, 300, 100, 90}
  };
  static const gint ids[] = { 7, 9, 11, 13, 15 };
  Frame frames[4];
  GError *err = NULL;
  GstMessage *msg;
  GstBuffer *out;
  Batch b;

  batch_start (&b, TENSOR_PROPS " batch-size=4 " NO_TIMEOUT);
  batch_add (&b, 0, four_caps[0][0]);
  batch_add (&b, 1, four_caps[0][1]);
  gst_util_set_object_arg (G_OBJECT (batch_pad (&b, 0)), "roi-source", "meta");
  four_frames (frames, 0, 0);
  batch_push_rois (&b, 0, &frames[0], 0, rois, ids, 2);
  batch_push (&b, 1, &frames[1], 0);
  out = gst_harness_pull (b.h[0]);
  fail_unless (out != NULL);
  assert_slot (out, 0, reference_rect (&frames[0], 100, 50, 300, 200), "1st");
  assert_slot (out, 1, reference_rect (&frames[0], 1200, 600, 80, 120),
      "2nd, clamped");
  assert_slot (out, 2, reference (TENSOR_PROPS, four_caps[0][1], &frames[1]),
      "sink_1");
  assert_slot_meta (out, 0, TRUE, "sink_0", 0);
  assert_slot_meta (out, 1, TRUE, "sink_0", 0);
  assert_slot_meta (out, 2, TRUE, "sink_1", 0);
  assert_slot_meta (out, 3, FALSE, "", GST_CLOCK_TIME_NONE);
  fail_unless_equals_int (slot_roi_id (out, 0), 7);
  fail_unless_equals_int (slot_roi_id (out, 1), 9);
  fail_unless_equals_int (slot_roi_id (out, 2), -1);
  assert_rois_carried (out, ids, 2, "sink_0");
  gst_buffer_unref (out);

  /* no objects: sink_1 moves up to slot 0 */
  batch_push_rois (&b, 0, &frames[0], 1, rois, ids, 0);
  batch_push (&b, 1, &frames[1], 1);
  out = gst_harness_pull (b.h[0]);
  assert_slot (out, 0, reference (TENSOR_PROPS, four_caps[0][1], &frames[1]),
      "sink_1 alone");
  assert_slot_meta (out, 0, TRUE, "sink_1", FRAME_DURATION);
  assert_slot_meta (out, 1, FALSE, "", GST_CLOCK_TIME_NONE);
  gst_buffer_unref (out);

  /* 5 objects for 4 slots: the 5th and sink_1's slot are left out */
  batch_push_rois (&b, 0, &frames[0], 2, rois, ids, 5);
  batch_push (&b, 1, &frames[1], 2);
  out = gst_harness_pull (b.h[0]);
  assert_slot (out, 3, reference_rect (&frames[0], 10, 20, 30, 40), "4th");
  assert_slot_meta (out, 3, TRUE, "sink_0", 2 * FRAME_DURATION);
  fail_unless_equals_int (slot_roi_id (out, 3), 13);
  gst_buffer_unref (out);
  msg = gst_bus_pop_filtered (b.bus, GST_MESSAGE_WARNING);
  fail_unless (msg != NULL, "no warning for objects left out");
  gst_message_parse_warning (msg, &err, NULL);
  fail_unless (g_str_has_prefix (err->message, "sink_0: The frame at "
          "0:00:00.066666666 carries 1 object more than the 4 slots of "
          "batch-size hold"), "%s", err->message);
  g_error_free (err);
  gst_message_unref (msg);
  /* sink_1's slot left out is told once too */
  while ((msg = gst_bus_pop_filtered (b.bus, GST_MESSAGE_WARNING)))
    gst_message_unref (msg);

  /* a new plan (a property, a crop) does not tell either again: once per
   * pad per stream */
  set_props (b.h[0]->element, "mean=<0.1,0.2,0.3>");
  g_object_set (batch_pad (&b, 1), "crop-y", 10, NULL);
  batch_push_rois (&b, 0, &frames[0], 3, rois, ids, 5);
  batch_push (&b, 1, &frames[1], 3);
  gst_buffer_unref (gst_harness_pull (b.h[0]));
  msg = gst_bus_pop_filtered (b.bus, GST_MESSAGE_WARNING);
  if (msg != NULL)
    gst_message_parse_warning (msg, &err, NULL);
  fail_unless (msg == NULL, "told again: %s", err->message);
  clear_frames (frames, 4);
  batch_stop (&b);
}

GST_END_TEST;

static Suite *
cudapreprocbatch_suite (void)
{
  Suite *s = suite_create ("cudapreprocbatch");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_batch_matches_cudapreproc, 0,
      G_N_ELEMENTS (four_filters));
  tcase_add_test (tc, test_batch_stream_ends_early);
  tcase_add_loop_test (tc, test_batch_chroma_sites, 0, 3);
  tcase_add_test (tc, test_batch_live_timeout);
  tcase_add_test (tc, test_batch_pads_join_and_leave);
  tcase_add_test (tc, test_batch_property_change);
  tcase_add_test (tc, test_batch_crop_meta);
  tcase_add_test (tc, test_batch_mixed_memory);
  tcase_add_test (tc, test_batch_format_refusal_names_pad);
  tcase_add_test (tc, test_batch_objects_as_slots);
  return s;
}

GST_CHECK_MAIN (cudapreprocbatch);
