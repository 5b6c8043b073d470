/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Failures on the mock driver: injected driver failures (allocation,
 * launch, synchronization, module, image, stream), no device, a device or
 * driver that cannot run the build's kernel, a fault inside the kernel and
 * a failed context push.  Each gives the documented element error and a
 * flow error (or the CPU path where it can), with no crash, hang or leak.
 *
 * One file of the `cuda-mock` gst-check program, which cuda-mock.c puts
 * together (tests/check/element/meson.build): one program of several files,
 * so that `meson test cuda-mock` still runs every test on the mock driver,
 * under one registry and one count of checks. */

#include <string.h>

#include "cuda-mock-common.h"

typedef struct
{
  const gchar *fail;            /* MOCK_CUDA_FAIL */
  const gchar *after;           /* MOCK_CUDA_FAIL_AFTER: the test's own calls */
  const gchar *message;         /* in the element error */
  gboolean sys_out;             /* system-memory tensors */
} FailureCase;

/* sys_out left out: CUDA tensors. */
static const FailureCase failure_cases[] = {
  /* the test's pool allocates a probe and its input frame first */
  {.fail = "alloc",.after = "2",
      .message = "Cannot allocate a 3072 bytes CUDA tensor"},
  {.fail = "launch",.after = "0",
      .message = "CUDA preprocessing failed: CUDA_ERROR_LAUNCH_FAILED"},
  /* the element synchronizes where it promises complete tensors: system
   * output always (CUDA output only before GStreamer 1.24) */
  {.fail = "sync",.after = "0",
        .message = "CUDA preprocessing failed: CUDA_ERROR_LAUNCH_FAILED",
      .sys_out = TRUE},
  {.fail = "module",.after = "0",
      .message = "Cannot prepare the CUDA kernel: "
        "CUDA_ERROR_NO_BINARY_FOR_GPU"},
  {.fail = "image",.after = "0",
      .message = "Cannot prepare the CUDA kernel: CUDA_ERROR_INVALID_IMAGE"},
  {.fail = "stream",.after = "0",
      .message = "Cannot prepare the CUDA kernel: CUDA_ERROR_OUT_OF_MEMORY"},
};

/* An injected driver failure gives the documented element error and a
 * flow error: no crash, no leak. */
GST_START_TEST (test_injected_failure)
{
  const FailureCase *c = &failure_cases[__i__];
  GstCudaContext *ctx;
  GstBufferPool *pool;
  GstHarness *h;
  GstBus *bus = gst_bus_new ();
  GString *text = g_string_new (NULL);
  GstBuffer *in;
  HostFrame f;

  /* the mock reads its environment at the first driver call */
  g_setenv ("MOCK_CUDA_FAIL", c->fail, TRUE);
  g_setenv ("MOCK_CUDA_FAIL_AFTER", c->after, TRUE);
  ctx = test_context (0);
  pool = cuda_pool_new (ctx);
  host_frame_fill (&f, 5);
  in = cuda_frame_buffer (pool, &f);
  h = gst_harness_new_parse ("cudapreproc width=16 height=16");
  gst_element_set_bus (h->element, bus);
  gst_harness_set_caps_str (h, CUDA_NV12, c->sys_out ? SYS_TENSORS :
      CUDA_TENSORS);
  fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_ERROR);
  fail_unless_equals_int (error_count (bus, text), 1);
  fail_unless (strstr (text->str, c->message) != NULL, "got: %s", text->str);
  gst_element_set_bus (h->element, NULL);
  gst_harness_teardown (h);
  gst_object_unref (bus);
  g_string_free (text, TRUE);
  gst_buffer_pool_set_active (pool, FALSE);
  gst_object_unref (pool);
  gst_object_unref (ctx);
  mock_cuda_check_end ();
}

GST_END_TEST;

/* No device: CUDA caps are not offered, CUDA input is refused with an
 * error that says why, and system memory still works. */
GST_START_TEST (test_no_device)
{
  GstHarness *h;
  GstBus *bus = gst_bus_new ();
  GString *text = g_string_new (NULL);
  GstCaps *in, *out;
  GstPad *sink;

  g_setenv ("MOCK_CUDA_DEVICES", "0", TRUE);
  h = gst_harness_new ("cudapreproc");
  gst_element_set_bus (h->element, bus);
  in = gst_caps_from_string (CUDA_NV12);
  out = gst_pad_peer_query_caps (h->srcpad, in);
  fail_unless (gst_caps_is_empty (out));
  gst_caps_unref (out);
  sink = gst_element_get_static_pad (h->element, "sink");
  fail_if (gst_pad_query_accept_caps (sink, in));
  fail_unless (error_count (bus, text) >= 1);
  fail_unless (strstr (text->str, "no CUDA device") != NULL, "got: %s",
      text->str);
  gst_object_unref (sink);
  gst_caps_unref (in);
  /* the CPU path is unaffected */
  gst_harness_set_caps_str (h, SYS_NV12, SYS_TENSORS);
  gst_harness_push (h, gst_buffer_new_and_alloc (IN_W * IN_H * 3 / 2));
  gst_buffer_unref (gst_harness_pull (h));
  gst_element_set_bus (h->element, NULL);
  gst_harness_teardown (h);
  gst_object_unref (bus);
  g_string_free (text, TRUE);
  mock_cuda_check_end ();
}

GST_END_TEST;

typedef struct
{
  const gchar *var, *value;     /* the mock's environment */
  const gchar *cc;              /* compute capability in the warning */
  gboolean old_driver;          /* a driver older than the build */
} DeviceCase;

static const DeviceCase device_cases[] = {
  /* Pascal */
  {.var = "MOCK_CUDA_CC",.value = "6.1",.cc = "6.1",.old_driver = FALSE},
  /* Volta, no SASS in CUDA 13 */
  {.var = "MOCK_CUDA_CC",.value = "7.0",.cc = "7.0",.old_driver = FALSE},
  /* the value is computed from the build's CUDA_VERSION */
  {.var = "MOCK_CUDA_DRIVER_VERSION",.value = NULL,.cc = "8.6",
      .old_driver = TRUE},
};

/* A device that cannot run the build's kernel: no CUDA caps, one warning
 * that says why, the CPU path when upstream offers both memories, and the
 * documented error for CUDA-only input. */
GST_START_TEST (test_device_cannot_run_build)
{
  const DeviceCase *c = &device_cases[__i__];
  GstElement *element;
  GstHarness *h;
  GstBus *bus;
  GString *text;
  GstCaps *caps, *both, *got;
  GstPad *sink;
  gchar *old = NULL, *driver;
  gint version = CUDA_VERSION;
  PrepConfig cfg;
  HostFrame f;
  GstBuffer *in, *out;
  GstMapInfo map;
  gfloat *expected;
  gsize bytes;
  guint i;

  bus = gst_bus_new ();
  text = g_string_new (NULL);
  if (c->old_driver) {
    /* one major version older than the toolkit of the build */
    version = (CUDA_VERSION / 1000 - 1) * 1000 + 20;
    old = g_strdup_printf ("%d", version);
    g_setenv (c->var, old, TRUE);
  } else {
    g_setenv (c->var, c->value, TRUE);
  }
  driver = g_strdup_printf ("%d.%d", version / 1000, version % 1000 / 10);
  /* the bus first: the element may check the device as soon as it starts */
  element = gst_element_factory_make ("cudapreproc", NULL);
  g_object_set (element, "width", 16, "height", 16, NULL);
  gst_element_set_bus (element, bus);
  h = gst_harness_new_with_element (element, "sink", "src");
  gst_object_unref (element);
  sink = gst_element_get_static_pad (h->element, "sink");
  caps = gst_pad_query_caps (sink, NULL);
  for (i = 0; i < gst_caps_get_size (caps); i++) {
    gchar *str = gst_caps_to_string (caps);

    fail_if (gst_caps_features_contains (gst_caps_get_features (caps, i),
            GST_CAPS_FEATURE_MEMORY_CUDA_MEMORY), "CUDA caps offered: %s", str);
    g_free (str);
  }
  gst_caps_unref (caps);
  fail_unless_equals_int (message_count (bus, GST_MESSAGE_WARNING, text), 1);
  fail_unless (g_regex_match_simple ("device\\D{0,16}0", text->str, 0, 0),
      "no device number: %s", text->str);
  fail_unless (strstr (text->str, c->cc) != NULL, "no compute capability "
      "%s: %s", c->cc, text->str);
  fail_unless (strstr (text->str, driver) != NULL, "no driver version %s: "
      "%s", driver, text->str);
  /* upstream offers both memories: system memory is negotiated */
  both = gst_caps_from_string (CUDA_NV12 "; " SYS_NV12);
  got = gst_pad_peer_query_caps (h->srcpad, both);
  fail_if (gst_caps_is_empty (got));
  got = gst_caps_fixate (got);
  fail_if (gst_caps_features_contains (gst_caps_get_features (got, 0),
          GST_CAPS_FEATURE_MEMORY_CUDA_MEMORY));
  gst_harness_set_src_caps (h, got);
  gst_harness_set_sink_caps_str (h, SYS_TENSORS);
  config_for (&cfg, 16, 16, FALSE, FALSE);
  host_frame_fill (&f, 21);
  expected = expected_tensor (&cfg, &f, &bytes);
  in = gst_buffer_new_allocate (NULL, sizeof (f), NULL);
  gst_buffer_fill (in, 0, &f, sizeof (f));
  fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless_equals_uint64 (map.size, bytes);
  assert_engine_tensor (map.data, expected, bytes, &cfg, c->old_driver ?
      "an old driver: the CPU path's tensor" : "a device of compute "
      "capability below the build's: the CPU path's tensor");
  gst_buffer_unmap (out, &map);
  gst_buffer_unref (out);
  g_free (expected);
  /* the warning is posted once, not per query */
  caps = gst_pad_query_caps (sink, NULL);
  gst_caps_unref (caps);
  fail_unless_equals_int (message_count (bus, GST_MESSAGE_WARNING, text), 0);
  gst_caps_unref (both);
  gst_object_unref (sink);
  gst_element_set_bus (h->element, NULL);
  gst_harness_teardown (h);

  /* CUDA-only upstream: not negotiated, with the documented error */
  element = gst_element_factory_make ("cudapreproc", NULL);
  g_object_set (element, "width", 16, "height", 16, NULL);
  gst_element_set_bus (element, bus);
  h = gst_harness_new_with_element (element, "sink", "src");
  gst_object_unref (element);
  sink = gst_element_get_static_pad (h->element, "sink");
  caps = gst_caps_from_string (CUDA_NV12);
  fail_if (gst_pad_query_accept_caps (sink, caps));
  gst_caps_unref (caps);
  gst_object_unref (sink);
  gst_harness_set_src_caps_str (h, CUDA_NV12);
  fail_if (gst_harness_push (h, gst_buffer_new_and_alloc (IN_W * IN_H * 3 /
              2)) == GST_FLOW_OK);
  g_string_truncate (text, 0);
  fail_unless (message_count (bus, GST_MESSAGE_ERROR, text) >= 1);
  fail_unless (strstr (text->str, "Input in CUDA memory cannot be processed")
      != NULL, "got: %s", text->str);
  gst_element_set_bus (h->element, NULL);
  gst_harness_teardown (h);
  gst_object_unref (bus);
  g_string_free (text, TRUE);
  g_free (driver);
  g_free (old);
  mock_cuda_check_end ();
}

GST_END_TEST;

/* A fault inside the kernel (when the queued launch runs): an element
 * error that names it, GST_FLOW_ERROR, no hang, and the element goes to
 * NULL cleanly.  With CUDA output on 1.24+ the frame may leave before its
 * kernel ran: the fault is then reported at the next frame (the driver's
 * error is sticky). */
GST_START_TEST (test_kernel_fault)
{
  const gchar *out_caps = __i__ == 0 ? SYS_TENSORS : CUDA_TENSORS;
  GstCudaContext *ctx;
  GstBufferPool *pool;
  GstHarness *h;
  GstBus *bus = gst_bus_new ();
  GString *text = g_string_new (NULL);
  GstFlowReturn ret;
  HostFrame f;

  g_setenv ("MOCK_CUDA_FAIL", "kernel-fault", TRUE);
  ctx = test_context (0);
  pool = cuda_pool_new (ctx);
  h = gst_harness_new_parse ("cudapreproc width=16 height=16");
  gst_element_set_bus (h->element, bus);
  gst_harness_set_caps_str (h, CUDA_NV12, out_caps);
  host_frame_fill (&f, 5);
  ret = gst_harness_push (h, uploaded_frame (pool, &f));
  if (ret == GST_FLOW_OK) {
    GstBuffer *out = gst_harness_pull (h);

    fail_unless (__i__ == 1 && GST_CUDA_PREPROC_TEST_STREAMS,
        "the faulting frame was pushed as synchronized output");
    gst_buffer_unref (out);
    host_frame_fill (&f, 6);
    ret = gst_harness_push (h, uploaded_frame (pool, &f));
  }
  fail_unless_equals_int (ret, GST_FLOW_ERROR);
  fail_unless_equals_int (message_count (bus, GST_MESSAGE_ERROR, text), 1);
  fail_unless (strstr (text->str, "CUDA preprocessing failed: "
          "CUDA_ERROR_ILLEGAL_ADDRESS") != NULL, "got: %s", text->str);
  fail_unless_equals_int (gst_element_set_state (h->element, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_element_set_bus (h->element, NULL);
  gst_harness_teardown (h);
  gst_object_unref (bus);
  g_string_free (text, TRUE);
  gst_buffer_pool_set_active (pool, FALSE);
  gst_object_unref (pool);
  gst_object_unref (ctx);
  mock_cuda_check_end ();
}

GST_END_TEST;

/* The push of the input's context before the launch fails: an element
 * error and GST_FLOW_ERROR, and no pop of a context it did not push (the
 * thread's context stack stays as it was). */
GST_START_TEST (test_context_push_fails)
{
  GstCudaContext *ctx;
  GstBufferPool *pool;
  GstHarness *h;
  GstBus *bus;
  GString *text;
  MockCudaGetContextDepthFunc depth;
  PrepConfig cfg;
  GstBuffer *in;
  HostFrame f;

  ctx = test_context (0);
  pool = cuda_pool_new (ctx);
  h = gst_harness_new_parse ("cudapreproc width=16 height=16");
  bus = gst_bus_new ();
  text = g_string_new (NULL);
  depth = (MockCudaGetContextDepthFunc)
      mock_cuda_check_symbol ("mock_cuda_get_context_depth");
  gst_element_set_bus (h->element, bus);
  gst_harness_set_caps_str (h, CUDA_NV12, CUDA_TENSORS);
  /* a first frame prepares the stream, the module and the output pool */
  config_for (&cfg, 16, 16, FALSE, FALSE);
  host_frame_fill (&f, 8);
  push_and_compare (h, pool, &f, &cfg, TRUE, "the first frame");
  host_frame_fill (&f, 9);
  in = uploaded_frame (pool, &f);
  fail_unless_equals_int (depth (), 0);
  mock_fail ("push", 0, 1);
  fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_ERROR);
  fail_unless_equals_int (depth (), 0);
  fail_unless_equals_int (message_count (bus, GST_MESSAGE_ERROR, text), 1);
  gst_element_set_bus (h->element, NULL);
  gst_harness_teardown (h);
  gst_object_unref (bus);
  g_string_free (text, TRUE);
  gst_buffer_pool_set_active (pool, FALSE);
  gst_object_unref (pool);
  gst_object_unref (ctx);
  mock_cuda_check_end ();
}

GST_END_TEST;

/* Adds the injected failures and no device to @failures, and the device
 * that cannot run the build, the kernel fault and the failed context push
 * to @contracts (the test cases they always ran in). */
void
cuda_mock_failures_tests (TCase * failures, TCase * contracts)
{
  tcase_add_loop_test (failures, test_injected_failure, 0,
      G_N_ELEMENTS (failure_cases));
  tcase_add_test (failures, test_no_device);
  tcase_add_loop_test (contracts, test_device_cannot_run_build, 0,
      G_N_ELEMENTS (device_cases));
  tcase_add_loop_test (contracts, test_kernel_fault, 0, 2);
  tcase_add_test (contracts, test_context_push_fails);
}
