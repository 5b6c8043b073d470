/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The element's contracts with the driver and downstream, on the mock:
 * the output pool's bound (output-buffers), no context of its own for CUDA
 * input, output synchronization (CUDA memory that carries its stream on
 * GStreamer 1.24+) and pinned staging memory for downloads, allocated once.
 *
 * One file of the `cuda-mock` gst-check program, which cuda-mock.c puts
 * together (tests/check/element/meson.build): one program of several files,
 * so that `meson test cuda-mock` still runs every test on the mock driver,
 * under one registry and one count of checks. */

#include "cuda-mock-common.h"

/* How the waiting element is released. */
enum
{
  RELEASE_BUFFER,
  RELEASE_FLUSH,
  RELEASE_READY,
  N_RELEASES
};

#define OUTPUT_BUFFERS 3

/* output-buffers=3: with three tensors held downstream, the element waits
 * for one to come back instead of allocating a fourth; a released buffer,
 * a flush or a state change to READY ends the wait. */
GST_START_TEST (test_output_pool_bound)
{
  GstCudaContext *ctx;
  GstBufferPool *pool;
  GstHarness *h;
  GstBuffer *out;
  GThread *thread;
  PushJob job = { NULL, NULL, GST_FLOW_OK, 0 };
  MockCudaStats before, after;
  HostFrame f;
  guint i;

  ctx = test_context (0);
  pool = cuda_pool_new (ctx);
  h = gst_harness_new_parse ("cudapreproc width=16 height=16 "
      "output-buffers=" G_STRINGIFY (OUTPUT_BUFFERS));
  gst_harness_set_caps_str (h, CUDA_NV12, CUDA_TENSORS);
  for (i = 0; i < OUTPUT_BUFFERS; i++) {
    host_frame_fill (&f, 60 + i);
    fail_unless_equals_int (gst_harness_push (h, uploaded_frame (pool, &f)),
        GST_FLOW_OK);
  }
  fail_unless_equals_int (gst_harness_buffers_in_queue (h), OUTPUT_BUFFERS);
  host_frame_fill (&f, 70);
  job.h = h;
  job.buf = uploaded_frame (pool, &f);
  before = mock_stats ();
  thread = g_thread_new ("push", push_job, &job);
  /* nothing comes back until a buffer is released: the push cannot end */
  fail_unless_equals_int (g_atomic_int_get (&job.done), 0);
  switch (__i__) {
    case RELEASE_BUFFER:
      out = gst_harness_pull (h);
      gst_buffer_unref (out);
      break;
    case RELEASE_FLUSH:
      fail_unless (gst_harness_push_event (h, gst_event_new_flush_start ()));
      break;
    case RELEASE_READY:
      gst_element_set_state (h->element, GST_STATE_READY);
      break;
  }
  g_thread_join (thread);
  after = mock_stats ();
  fail_unless_equals_uint64 (after.device_allocs, before.device_allocs);
  if (__i__ == RELEASE_BUFFER) {
    fail_unless_equals_int (job.ret, GST_FLOW_OK);
    /* the two held before and the new one */
    for (i = 0; i < OUTPUT_BUFFERS; i++) {
      out = gst_harness_pull (h);
      mock_cuda_check_output (out);
      gst_buffer_unref (out);
    }
  } else {
    fail_unless_equals_int (job.ret, GST_FLOW_FLUSHING);
    if (__i__ == RELEASE_FLUSH)
      gst_harness_push_event (h, gst_event_new_flush_stop (TRUE));
  }
  case_end (h, pool, ctx);
}

GST_END_TEST;

/* CUDA input brings its context: the element creates none of its own, and
 * answers context queries with the input's. */
GST_START_TEST (test_no_own_context)
{
  GstCudaContext *ctx, *got;
  GstBufferPool *pool;
  GstHarness *h;
  PrepConfig cfg;
  HostFrame f;

  ctx = test_context (0);
  pool = cuda_pool_new (ctx);
  h = cuda_harness ("cudapreproc width=16 height=16", CUDA_TENSORS);
  config_for (&cfg, 16, 16, FALSE, FALSE);
  host_frame_fill (&f, 12);
  push_and_compare (h, pool, &f, &cfg, TRUE, "the input's context");
  fail_unless_equals_uint64 (mock_stats ().contexts_created, 1);
  got = queried_context (h->element);
  fail_unless (got == ctx, "the element must answer with the input's "
      "context");
  gst_object_unref (got);
  case_end (h, pool, ctx);
}

GST_END_TEST;

/* Output synchronization: every buffer leaves with no work pending, CUDA
 * and system tensors, on every version: the input frame is released when
 * the transform returns and its producer may write into it at once, so
 * the kernel must have read it by then.  1.24+: the CUDA tensor carries
 * the element's stream. */
GST_START_TEST (test_output_synchronization)
{
  gboolean cuda_out = __i__ == 1;
  GstCudaContext *ctx;
  GstBufferPool *pool;
  GstHarness *h;
  GstBuffer *out;
  GstMemory *mem;
  GstMapInfo map;
  PrepConfig cfg;
  HostFrame f;
  gfloat *expected;
  gsize bytes;

  ctx = test_context (0);
  pool = cuda_pool_new (ctx);
  h = cuda_harness ("cudapreproc width=32 height=24",
      cuda_out ? CUDA_TENSORS : SYS_TENSORS);
  config_for (&cfg, 32, 24, FALSE, FALSE);
  host_frame_fill (&f, 31);
  expected = expected_tensor (&cfg, &f, &bytes);
  fail_unless_equals_int (gst_harness_push (h, uploaded_frame (pool, &f)),
      GST_FLOW_OK);
  out = gst_harness_pull (h);
  mem = gst_buffer_peek_memory (out, 0);
  fail_unless_equals_int (gst_is_cuda_memory (mem), cuda_out);
  fail_unless_equals_uint64 (mock_cuda_check_pending (NULL), 0);
#if GST_CUDA_PREPROC_TEST_STREAMS
  if (cuda_out)
    fail_unless (gst_cuda_memory_get_stream (GST_CUDA_MEMORY_CAST (mem))
        != NULL, "the tensor carries no stream");
#endif
  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless_equals_uint64 (map.size, bytes);
  assert_engine_tensor (map.data, expected, bytes, &cfg, cuda_out ?
      "CUDA tensors, after the synchronization" :
      "system tensors, after the synchronization");
  gst_buffer_unmap (out, &map);
  gst_buffer_unref (out);
  g_free (expected);
  case_end (h, pool, ctx);
}

GST_END_TEST;

/* CUDA to system memory: the tensor is pinned host memory (the device
 * copies it by DMA, no staging copy on the host), from a pool made on the
 * first frame: the later frames allocate no pinned memory.  (The meta
 * mode's and cudapreprocbatch's system tensors: test_cuda_meta_mode,
 * test_batch_system_pinned.) */
GST_START_TEST (test_pinned_download)
{
  GstCudaContext *ctx;
  GstBufferPool *pool;
  GstHarness *h;
  PrepConfig cfg;
  HostFrame f;
  guint64 n;
  guint i;

  ctx = test_context (0);
  pool = cuda_pool_new (ctx);
  h = cuda_harness ("cudapreproc width=32 height=24", SYS_TENSORS);
  config_for (&cfg, 32, 24, FALSE, FALSE);
  for (i = 0; i < 3; i++) {
    GstBuffer *in, *out;
    gfloat *expected;
    gsize bytes;
    gchar *what;

    host_frame_fill (&f, 40 + i);
    expected = expected_tensor (&cfg, &f, &bytes);
    /* the input's own staging (libgstcuda) is allocated here */
    in = uploaded_frame (pool, &f);
    n = mock_stats ().host_allocs;
    what = g_strdup_printf ("frame %u", 40 + i);
    out = push_and_compare_buffer (h, in, expected, bytes, &cfg, FALSE, what);
    fail_unless (buffer_is_pinned (out), "%s: the tensor is not pinned", what);
    gst_buffer_unref (out);
    g_free (what);
    n = mock_stats ().host_allocs - n;
    if (i == 0)
      fail_unless (n >= 1, "no pinned memory (cuMemAllocHost)");
    else
      fail_unless_equals_uint64 (n, 0);
  }
  case_end (h, pool, ctx);
}

GST_END_TEST;

#define TAP_FRAMES 6

/* The tap table reaches the device when the slots change, not with every
 * frame: the frames of one crop copy it once (cudapreproc, CUDA in and
 * out: no other copy), a new crop copies it again, and so does going back
 * to the first.  Each copy is a DMA transfer from pinned memory (no copy
 * with a pageable side), allocated on the first frame only: a table of
 * the same size reuses it. */
GST_START_TEST (test_taps_copied_on_change)
{
  GstCudaContext *ctx = test_context (0);
  GstBufferPool *pool = cuda_pool_new (ctx);
  GstHarness *h = cuda_harness ("cudapreproc name=p width=16 height=16",
      CUDA_TENSORS);
  GstElement *e = gst_bin_get_by_name (GST_BIN (h->element), "p");
  GstBuffer *in[TAP_FRAMES];
  guint64 copies[TAP_FRAMES], pinned[TAP_FRAMES], pageable;
  HostFrame f;
  guint i;

  for (i = 0; i < TAP_FRAMES; i++) {
    host_frame_fill (&f, 30 + i);
    in[i] = uploaded_frame (pool, &f);
  }
  pageable = mock_stats ().pageable_async_copies;
  for (i = 0; i < TAP_FRAMES; i++) {
    if (i == 3)
      g_object_set (e, "crop-x", 8, NULL);
    if (i == 5)
      g_object_set (e, "crop-x", 0, NULL);
    fail_unless_equals_int (gst_harness_push (h, in[i]), GST_FLOW_OK);
    gst_buffer_unref (gst_harness_pull (h));
    copies[i] = mock_stats ().async_copies;
    pinned[i] = mock_stats ().host_allocs;
    fail_unless_equals_uint64 (mock_stats ().pageable_async_copies, pageable);
  }
  /* frames 1, 2 and 4 copy nothing; 3 and 5 (new crops) copy the table */
  fail_unless_equals_uint64 (copies[1], copies[0]);
  fail_unless_equals_uint64 (copies[2], copies[0]);
  fail_unless_equals_uint64 (copies[3], copies[2] + 1);
  fail_unless_equals_uint64 (copies[4], copies[3]);
  fail_unless_equals_uint64 (copies[5], copies[4] + 1);
  for (i = 1; i < TAP_FRAMES; i++)
    fail_unless_equals_uint64 (pinned[i], pinned[0]);
  gst_object_unref (e);
  case_end (h, pool, ctx);
}

GST_END_TEST;

void
cuda_mock_contracts_tests (TCase * contracts)
{
  tcase_add_loop_test (contracts, test_output_pool_bound, 0, N_RELEASES);
  tcase_add_test (contracts, test_no_own_context);
  tcase_add_loop_test (contracts, test_output_synchronization, 0, 2);
  tcase_add_test (contracts, test_pinned_download);
  tcase_add_test (contracts, test_taps_copied_on_change);
}
