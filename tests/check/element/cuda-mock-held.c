/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Both elements in a pipeline, CUDA in and CUDA out, with downstream
 * holding every tensor of output-buffers: the element waits for one to
 * come back; a flushing seek releases that wait, then a stop from another
 * thread returns, and the teardown that follows finds no kernel still
 * queued (the mock refuses to unload a module under queued launches).
 * Each of those steps runs under a watchdog: a hang fails the test instead
 * of stalling the suite.  And a CUDA tensor larger than the memory
 * allocator takes (3 GiB) is refused at negotiation, the message giving
 * its size.
 *
 * One file of the `cuda-mock` gst-check program (cuda-mock.c). */

#include <string.h>

#include "cuda-mock-common.h"

#define HELD 2
#define WATCHDOG_S 20

/* The two elements: the pipeline's middle, its sources named s0 (and s1). */
static const gchar *held_pipelines[] = {
  "appsrc name=s0 ! cudapreproc width=16 height=16 output-buffers=2 ! "
      CUDA_TENSORS " ! fakesink name=sink sync=false signal-handoffs=true",
  "appsrc name=s0 ! b.sink_0 appsrc name=s1 ! b.sink_1 "
      "cudapreprocbatch name=b width=16 height=16 output-buffers=2 ! "
      CUDA_TENSORS " ! fakesink name=sink sync=false signal-handoffs=true",
};

/* What downstream holds: every tensor it was given. */
typedef struct
{
  GMutex lock;
  GCond cond;
  GPtrArray *buffers;
} Held;

static void
hold_buffer (GstElement * sink, GstBuffer * buf, GstPad * pad, Held * held)
{
  g_mutex_lock (&held->lock);
  g_ptr_array_add (held->buffers, gst_buffer_ref (buf));
  g_cond_broadcast (&held->cond);
  g_mutex_unlock (&held->lock);
}

/* Waits until downstream holds @n tensors (fails after WATCHDOG_S). */
static void
wait_held (Held * held, guint n)
{
  gint64 end = g_get_monotonic_time () + WATCHDOG_S * G_TIME_SPAN_SECOND;
  gboolean timed_out = FALSE;

  g_mutex_lock (&held->lock);
  while (held->buffers->len < n && !timed_out)
    timed_out = !g_cond_wait_until (&held->cond, &held->lock, end);
  g_mutex_unlock (&held->lock);
  fail_if (timed_out, "downstream got %u tensors, not %u", held->buffers->len,
      n);
}

static guint
held_count (Held * held)
{
  guint n;

  g_mutex_lock (&held->lock);
  n = held->buffers->len;
  g_mutex_unlock (&held->lock);
  return n;
}

/* A call that may block, run by a thread under the watchdog. */
typedef struct
{
  GstElement *pipeline;
  gboolean seek;                /* else: the stop (to NULL) */
  gboolean result;
  gint done;
} BoundedCall;

static gpointer
bounded_call_run (gpointer data)
{
  BoundedCall *c = data;

  if (c->seek)
    c->result = gst_element_seek_simple (c->pipeline, GST_FORMAT_TIME,
        GST_SEEK_FLAG_FLUSH, 0);
  else
    c->result = gst_element_set_state (c->pipeline, GST_STATE_NULL) !=
        GST_STATE_CHANGE_FAILURE;
  g_atomic_int_set (&c->done, 1);
  return NULL;
}

/* Runs the seek or the stop of @pipeline in another thread and waits for
 * it at most WATCHDOG_S: a call still blocked then fails the test. */
static gboolean
bounded_call (GstElement * pipeline, gboolean seek)
{
  BoundedCall c = { pipeline, seek, FALSE, 0 };
  GThread *thread = g_thread_new (seek ? "seek" : "stop", bounded_call_run,
      &c);
  gint64 end = g_get_monotonic_time () + WATCHDOG_S * G_TIME_SPAN_SECOND;

  while (!g_atomic_int_get (&c.done) && g_get_monotonic_time () < end)
    g_usleep (G_USEC_PER_SEC / 100);
  /* a blocked thread cannot be joined: the forked test process ends */
  fail_unless (g_atomic_int_get (&c.done), "the %s did not return within "
      "%d s: a thread waits forever", seek ? "flushing seek" : "stop",
      WATCHDOG_S);
  g_thread_join (thread);
  return c.result;
}

static gboolean
seek_data (GstElement * appsrc, guint64 offset, gpointer unused)
{
  return TRUE;
}

static void
source_setup (GstElement * pipeline, const gchar * name)
{
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), name);
  GstCaps *caps;

  if (src == NULL)
    return;
  caps = gst_caps_from_string (CUDA_NV12);
  g_object_set (src, "caps", caps, "format", GST_FORMAT_TIME,
      "stream-type", 1 /* seekable */ , NULL);
  g_signal_connect (src, "seek-data", G_CALLBACK (seek_data), NULL);
  gst_caps_unref (caps);
  gst_object_unref (src);
}

/* Pushes @n frames of @pool into the source @name (if any). */
static void
source_push (GstElement * pipeline, const gchar * name, GstBufferPool * pool,
    guint n)
{
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), name);
  GstFlowReturn ret;
  HostFrame f;
  guint i;

  if (src == NULL)
    return;
  for (i = 0; i < n; i++) {
    GstBuffer *buf;

    host_frame_fill (&f, 90 + i);
    buf = uploaded_frame (pool, &f);
    GST_BUFFER_PTS (buf) = i * GST_SECOND / 30;
    GST_BUFFER_DURATION (buf) = GST_SECOND / 30;
    g_signal_emit_by_name (src, "push-buffer", buf, &ret);
    gst_buffer_unref (buf);
    fail_unless_equals_int (ret, GST_FLOW_OK);
  }
  gst_object_unref (src);
}

/* Downstream holds both tensors of output-buffers=2 and a third frame
 * waits for one; a flushing seek ends that wait, a stop from another
 * thread returns, and nothing is left queued on the device. */
GST_START_TEST (test_held_seek_stop)
{
  GstCudaContext *ctx = test_context (0);
  GstBufferPool *pool = cuda_pool_new (ctx);
  GError *err = NULL;
  GstElement *pipeline = gst_parse_launch (held_pipelines[__i__], &err);
  GstElement *sink;
  GstBus *bus;
  GString *errors = g_string_new (NULL);
  Held held;

  fail_unless (err == NULL, "%s", err ? err->message : "");
  g_mutex_init (&held.lock);
  g_cond_init (&held.cond);
  held.buffers = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_buffer_unref);
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  g_signal_connect (sink, "handoff", G_CALLBACK (hold_buffer), &held);
  source_setup (pipeline, "s0");
  source_setup (pipeline, "s1");
  bus = gst_element_get_bus (pipeline);
  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  source_push (pipeline, "s0", pool, HELD + 1);
  source_push (pipeline, "s1", pool, HELD + 1);
  wait_held (&held, HELD);
  /* the third tensor has no buffer to go to while both are held */
  g_usleep (G_USEC_PER_SEC / 5);
  fail_unless_equals_int (held_count (&held), HELD);

  fail_unless (bounded_call (pipeline, TRUE), "the flushing seek failed");
  fail_unless (bounded_call (pipeline, FALSE), "the stop failed");
  fail_unless (error_count (bus, errors) == 0, "%s", errors->str);

  g_ptr_array_unref (held.buffers);
  g_mutex_clear (&held.lock);
  g_cond_clear (&held.cond);
  g_string_free (errors, TRUE);
  gst_object_unref (bus);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  gst_buffer_pool_set_active (pool, FALSE);
  gst_object_unref (pool);
  gst_object_unref (ctx);
  mock_cuda_check_end ();
}

GST_END_TEST;

/* 16384 x 16384 x 3 float32: 3 GiB, past what the CUDA memory allocator
 * takes (G_MAXINT bytes). */
#define HUGE_PROPS "width=16384 height=16384"
#define HUGE_BYTES "3221225472 bytes"

/* A CUDA tensor of 3 GiB is refused when the caps are negotiated, with its
 * size, before any device memory is asked for. */
GST_START_TEST (test_huge_cuda_tensor_refused)
{
  GstCudaContext *ctx = test_context (0);
  GstBufferPool *pool = cuda_pool_new (ctx);
  GstHarness *h;
  GstBus *bus = gst_bus_new ();
  GString *text = g_string_new (NULL);
  MockCudaStats before;
  GstMessage *msg;
  GError *err = NULL;
  GstBuffer *in;
  HostFrame f;

  if (__i__ == 0)
    h = gst_harness_new_parse ("cudapreproc " HUGE_PROPS);
  else
    h = gst_harness_new_with_padnames ("cudapreprocbatch", "sink_0", "src");
  if (__i__ == 1)
    set_props (h->element, HUGE_PROPS);
  gst_element_set_bus (h->element, bus);
  gst_harness_set_src_caps_str (h, CUDA_NV12);
  gst_harness_set_sink_caps_str (h, CUDA_TENSORS);
  host_frame_fill (&f, 3);
  in = uploaded_frame (pool, &f);
  before = mock_stats ();
  /* cudapreproc negotiates in the push, the batch element in its thread */
  gst_harness_push (h, in);
  msg = gst_bus_timed_pop_filtered (bus, WATCHDOG_S * GST_SECOND,
      GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no error within %d s", WATCHDOG_S);
  gst_message_parse_error (msg, &err, NULL);
  g_string_append (text, err->message);
  g_error_free (err);
  gst_message_unref (msg);
  fail_unless (strstr (text->str, HUGE_BYTES) != NULL, "no error with the "
      "tensor's size: \"%s\"", text->str);
  fail_unless (strstr (text->str, "dimensions=16384:16384:3:1") != NULL,
      "%s", text->str);
  fail_unless_equals_uint64 (mock_stats ().device_bytes_live,
      before.device_bytes_live);
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  g_string_free (text, TRUE);
  case_end (h, pool, ctx);
}

GST_END_TEST;

void
cuda_mock_held_tests (TCase * contracts)
{
  tcase_add_loop_test (contracts, test_held_seek_stop, 0,
      G_N_ELEMENTS (held_pipelines));
  tcase_add_loop_test (contracts, test_huge_cuda_tensor_refused, 0, 2);
}
