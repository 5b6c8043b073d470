/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The element mode of cudapreproc-bench-gpu: what the cudapreproc element
 * costs the streaming thread per frame, around the kernel.
 *
 *   appsrc (1920x1080 NV12 in CUDA memory, BT.709 limited)
 *     ! cudapreproc width=640 height=640 aspect=letterbox pad-value=114
 *     ! capsfilter (other/tensors in CUDA memory, or in system memory)
 *     ! fakesink
 *
 * The host time of a frame runs from its buffer entering the element's
 * sink pad to its tensor leaving the source pad (two pad probes): the
 * plan's slots, the kernel table's upload when it changed, the launch, and
 * for a system-memory tensor the download and its wait; for a CUDA tensor
 * from GStreamer 1.24 no wait (the memory carries the element's stream).
 * Per tensor kind: the median and mean of the frames after WARMUP, and for
 * the system tensor its bytes over the median (the download's rate, with
 * the kernel's time included).  --check instead pushes a few frames and
 * compares every tensor with the CPU engine's output of the same plan
 * (W1's), bit for bit.  Without the plugin (GST_PLUGIN_PATH) the mode is
 * skipped. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gst/gst.h>
#include <gst/video/video.h>
#include <gst/cuda/gstcudabufferpool.h>
#include <gst/cuda/gstcudamemory.h>

#include "bench-gpu.h"

#define CHECK_FRAMES 3

typedef struct
{
  double *host;                 /* host time of each frame, us */
  int n, max;
  double entered;               /* now_us () when the frame came in */
  const float *want;            /* --check: the CPU engine's tensor */
  size_t bytes;
  int mismatches, checked;
} ElementRun;

static GstPadProbeReturn
frame_in (GstPad * pad, GstPadProbeInfo * info, gpointer data)
{
  ((ElementRun *) data)->entered = now_us ();
  return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn
tensor_out (GstPad * pad, GstPadProbeInfo * info, gpointer data)
{
  ElementRun *r = data;
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
  GstMapInfo map;

  if (r->n < r->max)
    r->host[r->n++] = now_us () - r->entered;
  if (r->want == NULL)
    return GST_PAD_PROBE_OK;
  /* a CPU map of a CUDA tensor downloads it after its stream's work */
  r->checked++;
  if (!gst_buffer_map (buf, &map, GST_MAP_READ)) {
    r->mismatches++;
    return GST_PAD_PROBE_OK;
  }
  if (map.size != r->bytes || memcmp (map.data, r->want, r->bytes) != 0)
    r->mismatches++;
  gst_buffer_unmap (buf, &map);
  return GST_PAD_PROBE_OK;
}

/* A 1920x1080 NV12 frame in CUDA memory of @ctx holding (@y, @uv). */
static GstBuffer *
cuda_frame (GstCudaContext * ctx, GstCaps * caps, const uint8_t * y,
    const uint8_t * uv)
{
  GstBufferPool *pool = gst_cuda_buffer_pool_new (ctx);
  GstStructure *config = gst_buffer_pool_get_config (pool);
  GstBuffer *buf = NULL;
  GstVideoFrame frame;
  GstVideoInfo info;
  int row;

  gst_video_info_from_caps (&info, caps);
  gst_buffer_pool_config_set_params (config, caps, (guint) info.size, 1, 1);
  if (!gst_buffer_pool_set_config (pool, config)
      || !gst_buffer_pool_set_active (pool, TRUE)
      || gst_buffer_pool_acquire_buffer (pool, &buf, NULL) != GST_FLOW_OK
      || !gst_video_frame_map (&frame, &info, buf, GST_MAP_WRITE)) {
    gst_clear_buffer (&buf);
    goto out;
  }
  for (row = 0; row < FRAME_HEIGHT; row++)
    memcpy ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 0) +
        (gsize) row * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0),
        y + (size_t) row * FRAME_WIDTH, FRAME_WIDTH);
  for (row = 0; row < FRAME_HEIGHT / 2; row++)
    memcpy ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 1) +
        (gsize) row * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 1),
        uv + (size_t) row * FRAME_WIDTH, FRAME_WIDTH);
  gst_video_frame_unmap (&frame);
out:
  /* the buffer keeps the pool alive; it is freed with the buffer */
  gst_buffer_pool_set_active (pool, FALSE);
  gst_object_unref (pool);
  return buf;
}

/* Pushes @frames references to @frame and waits for EOS; 0 on an error
 * (printed). */
static int
run_pipeline (GstElement * pipeline, GstBuffer * frame, int frames)
{
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  GstBus *bus = gst_element_get_bus (pipeline);
  GstFlowReturn ret_eos;
  GstMessage *msg;
  int i, ok = 1;

  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  /* appsrc's action signals: no link to libgstapp */
  for (i = 0; i < frames; i++) {
    GstBuffer *b = gst_buffer_copy (frame);
    GstFlowReturn ret;

    GST_BUFFER_PTS (b) = (GstClockTime) i *GST_SECOND / 30;
    g_signal_emit_by_name (src, "push-buffer", b, &ret);
    gst_buffer_unref (b);
  }
  g_signal_emit_by_name (src, "end-of-stream", &ret_eos);
  msg = gst_bus_timed_pop_filtered (bus, 120 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  if (msg == NULL || GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    GError *err = NULL;

    if (msg != NULL)
      gst_message_parse_error (msg, &err, NULL);
    fprintf (stderr, "element mode: %s\n", err ? err->message :
        "no EOS within 120 s");
    g_clear_error (&err);
    ok = 0;
  }
  gst_clear_message (&msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (src);
  return ok;
}

static void
report (const char *kind, ElementRun * r, size_t bytes, int system)
{
  double sum = 0.0, median;
  int i, n = r->n - WARMUP;
  double *t = r->host + WARMUP;

  if (n < 1) {
    printf ("  %s tensor: too few frames\n", kind);
    return;
  }
  for (i = 0; i < n; i++)
    sum += t[i];
  qsort (t, (size_t) n, sizeof (double), cmp_double);
  median = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
  printf ("  %s tensor: host time per frame median %8.1f us, mean %8.1f us "
      "(%d frames)", kind, median, sum / n, n);
  if (system)
    printf (", %.2f MB at %.1f GB/s", bytes * 1e-6, bytes / (median * 1e3));
  printf ("\n");
}

/* One tensor kind (@caps_str) through the element; 0 on a failure. */
static int
element_kind (GstBuffer * frame, const char *kind, const char *caps_str,
    const float *want, size_t bytes, int iterations, int check)
{
  gchar *desc = g_strdup_printf ("appsrc name=src format=time ! cudapreproc "
      "name=p width=640 height=640 aspect=letterbox pad-value=114 ! "
      "capsfilter caps=\"%s\" ! fakesink sync=false", caps_str);
  GstElement *pipeline, *p, *src;
  GstCaps *caps;
  GstPad *sink, *srcpad;
  GError *err = NULL;
  ElementRun r;
  int frames = check ? CHECK_FRAMES : WARMUP + iterations, ok;

  pipeline = gst_parse_launch (desc, &err);
  g_free (desc);
  if (pipeline == NULL) {
    fprintf (stderr, "element mode: %s\n", err ? err->message : "?");
    g_clear_error (&err);
    return 0;
  }
  memset (&r, 0, sizeof r);
  r.max = frames;
  r.host = calloc ((size_t) frames, sizeof (double));
  r.want = check ? want : NULL;
  r.bytes = bytes;
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  caps = gst_caps_from_string ("video/x-raw(memory:CUDAMemory), format=NV12, "
      "width=1920, height=1080, framerate=30/1, colorimetry=bt709");
  g_object_set (src, "caps", caps, NULL);
  gst_caps_unref (caps);
  gst_object_unref (src);
  p = gst_bin_get_by_name (GST_BIN (pipeline), "p");
  sink = gst_element_get_static_pad (p, "sink");
  srcpad = gst_element_get_static_pad (p, "src");
  gst_pad_add_probe (sink, GST_PAD_PROBE_TYPE_BUFFER, frame_in, &r, NULL);
  gst_pad_add_probe (srcpad, GST_PAD_PROBE_TYPE_BUFFER, tensor_out, &r, NULL);
  ok = r.host != NULL && run_pipeline (pipeline, frame, frames);
  if (ok && check) {
    printf ("  %s tensor: %d of %d tensors %s the CPU engine's\n", kind,
        r.checked - r.mismatches, frames, r.mismatches == 0 &&
        r.checked == frames ? "bit-identical to" : "DIFFER from");
    ok = r.mismatches == 0 && r.checked == frames;
  } else if (ok) {
    report (kind, &r, bytes, strcmp (kind, "system") == 0);
  }
  gst_object_unref (sink);
  gst_object_unref (srcpad);
  gst_object_unref (p);
  gst_object_unref (pipeline);
  free (r.host);
  return ok;
}

int
bench_gpu_element (GstCudaContext * ctx, const PrepPlan * plan,
    const uint8_t * y, const uint8_t * uv, int iterations, int check)
{
  GstElementFactory *factory = gst_element_factory_find ("cudapreproc");
  GstElementFactory *appsrc = gst_element_factory_find ("appsrc");
  size_t bytes = prep_plan_output_bytes (plan);
  float *want = NULL;
  GstBuffer *frame = NULL;
  GstCaps *caps;
  PrepFrame src;
  int ok = 1;

  if (factory == NULL || appsrc == NULL) {
    printf ("element mode: skipped (cudapreproc or appsrc not found: "
        "GST_PLUGIN_PATH)\n");
    gst_clear_object (&factory);
    gst_clear_object (&appsrc);
    return 1;
  }
  gst_object_unref (factory);
  gst_object_unref (appsrc);
  printf ("element mode: 1920x1080 NV12 in CUDA memory -> cudapreproc W1 "
      "(letterbox 640x640) -> fakesink; %s\n", check ?
      "tensors against the CPU engine" :
      "host time from the sink pad to the source pad");
  gst_cuda_memory_init_once ();
  caps = gst_caps_from_string ("video/x-raw(memory:CUDAMemory), format=NV12, "
      "width=1920, height=1080");
  frame = cuda_frame (ctx, caps, y, uv);
  gst_caps_unref (caps);
  if (frame == NULL)
    fprintf (stderr, "element mode: no CUDA frame (GstCudaBufferPool)\n");
  if (check) {
    want = malloc (bytes);
    nv12_frame (&src, y, FRAME_WIDTH, uv, FRAME_WIDTH);
    ok = want != NULL && prep_plan_run_cpu (plan, &src, want, bytes)
        == PREP_OK;
  }
  ok = ok && frame != NULL
      && element_kind (frame, "CUDA", "other/tensors(memory:CUDAMemory)",
      want, bytes, iterations, check)
      && element_kind (frame, "system", "other/tensors", want, bytes,
      iterations, check);
  gst_clear_buffer (&frame);
  free (want);
  return ok;
}
