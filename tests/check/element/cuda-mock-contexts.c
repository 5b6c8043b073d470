/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* CUDA contexts on the mock driver: the one the application shares, the
 * one an upstream neighbour answers context queries with, cuda-device-id
 * (no context of the element's own), and buffers of another device's
 * context processed in their own.
 *
 * One file of the `cuda-mock` gst-check program, which cuda-mock.c puts
 * together (tests/check/element/meson.build): one program of several files,
 * so that `meson test cuda-mock` still runs every test on the mock driver,
 * under one registry and one count of checks. */

#include "cuda-mock-common.h"

/* A context shared by the application is the one the element uses and
 * hands on to its neighbours. */
GST_START_TEST (test_context_from_application)
{
  GstCudaContext *ctx = test_context (0), *got;
  GstBufferPool *pool = cuda_pool_new (ctx);
  GstHarness *h = gst_harness_new_parse ("cudapreproc width=32 height=24");
  GstContext *context = gst_context_new_cuda_context (ctx);
  PrepConfig cfg;
  HostFrame f;

  gst_element_set_context (h->element, context);
  gst_context_unref (context);
  gst_harness_set_caps_str (h, CUDA_NV12, CUDA_TENSORS);
  config_for (&cfg, 32, 24, FALSE, FALSE);
  host_frame_fill (&f, 3);
  push_and_compare (h, pool, &f, &cfg, TRUE, "the application's context");
  got = queried_context (h->element);
  fail_unless (got == ctx, "the element must use the shared context");
  gst_object_unref (got);
  case_end (h, pool, ctx);
}

GST_END_TEST;

/* An upstream neighbour that answers context queries with its context, as
 * cudaupload or a decoder does. */
static GstPadProbeReturn
answer_context_query (GstPad * pad, GstPadProbeInfo * info, gpointer ctx)
{
  GstQuery *query = GST_PAD_PROBE_INFO_QUERY (info);
  const gchar *type = NULL;
  GstContext *context;

  if (GST_QUERY_TYPE (query) != GST_QUERY_CONTEXT ||
      !gst_query_parse_context_type (query, &type) ||
      g_strcmp0 (type, GST_CUDA_CONTEXT_TYPE) != 0)
    return GST_PAD_PROBE_OK;
  context = gst_context_new_cuda_context (ctx);
  gst_query_set_context (query, context);
  gst_context_unref (context);
  return GST_PAD_PROBE_HANDLED;
}

/* Both elements: a neighbour's context answers theirs, and after a first
 * tensor they answer downstream's queries with it themselves. */
GST_START_TEST (test_context_from_upstream)
{
  GstCudaContext *ctx = test_context (0), *got;
  GstBufferPool *pool = cuda_pool_new (ctx);
  GstHarness *h;
  HostFrame f;
  gulong probe;

  if (__i__ == 0) {
    h = gst_harness_new_parse ("cudapreproc width=8 height=8");
  } else {
    h = gst_harness_new_with_padnames ("cudapreprocbatch", "sink_0", "src");
    set_props (h->element, "width=8 height=8");
  }
  probe = gst_pad_add_probe (h->srcpad, GST_PAD_PROBE_TYPE_QUERY_UPSTREAM,
      answer_context_query, ctx, NULL);
  gst_harness_set_caps_str (h, CUDA_NV12, CUDA_TENSORS);
  host_frame_fill (&f, 5);
  fail_unless_equals_int (gst_harness_push (h, uploaded_frame (pool, &f)),
      GST_FLOW_OK);
  gst_buffer_unref (gst_harness_pull (h));
  /* the answer is the element's own, not upstream's again */
  gst_pad_remove_probe (h->srcpad, probe);
  got = queried_context (h->element);
  fail_unless (got == ctx, "the element must take its neighbour's context");
  gst_clear_object (&got);
  case_end (h, pool, ctx);
}

GST_END_TEST;

/* cuda-device-id only picks the device checked before CUDA caps are
 * offered: the element makes no context of its own (CUDA input brings
 * one), so before a buffer came it has none to answer queries with (two
 * mock devices). */
GST_START_TEST (test_device_id)
{
  GstHarness *h;
  GstCudaContext *got;

  g_setenv ("MOCK_CUDA_DEVICES", "2", TRUE);
  h = gst_harness_new_parse ("cudapreproc cuda-device-id=1 width=8 height=8");
  gst_harness_set_caps_str (h, CUDA_NV12, CUDA_TENSORS);
  got = queried_context (h->element);
  fail_unless (got == NULL, "the element made a context of its own");
  gst_harness_teardown (h);
  mock_cuda_check_end ();
}

GST_END_TEST;

/* Buffers from a context on another device are processed in their own
 * context, not the element's. */
GST_START_TEST (test_input_context_honoured)
{
  GstCudaContext *ctx;
  GstBufferPool *pool;
  GstHarness *h;
  PrepConfig cfg;
  HostFrame f;

  g_setenv ("MOCK_CUDA_DEVICES", "2", TRUE);
  ctx = test_context (1);
  pool = cuda_pool_new (ctx);
  h = cuda_harness ("cudapreproc cuda-device-id=0 width=16 height=16",
      CUDA_TENSORS);
  config_for (&cfg, 16, 16, FALSE, FALSE);
  host_frame_fill (&f, 11);
  push_and_compare (h, pool, &f, &cfg, TRUE,
      "a frame from the context of device 1");
  case_end (h, pool, ctx);
}

GST_END_TEST;

void
cuda_mock_contexts_tests (TCase * contexts)
{
  tcase_add_test (contexts, test_context_from_application);
  tcase_add_loop_test (contexts, test_context_from_upstream, 0, 2);
  tcase_add_test (contexts, test_device_id);
  tcase_add_test (contexts, test_input_context_honoured);
}
