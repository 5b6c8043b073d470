/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* gst-check assertions over the mock driver's test API (mock-cuda.h), for
 * the tests that run the element on it (tests/check/element/cuda-mock.c,
 * tests/check/element/refusals.c as refusals-cuda):
 *
 *  mock_cuda_check_output (buf)  at each output buffer pulled: no queued
 *      work is left at push (nothing the mock still has to run), CUDA and
 *      system memory output, on every version: the element's input frames
 *      are released when it pushes, and its kernel must have read them
 *      (docs/cuda.md).  Call it before mapping the buffer (a map waits for
 *      the work).
 *  mock_cuda_check_end ()  at the end of each test: the calling thread's
 *      context pushes and pops are balanced.
 *
 * Without the mock (no mock_cuda_* symbol) both check nothing. */

#ifndef __MOCK_CUDA_CHECK_H__
#define __MOCK_CUDA_CHECK_H__

#include <gmodule.h>
#include <gst/check/gstcheck.h>
#include <gst/cuda/gstcudamemory.h>

#include "mock-cuda.h"

static inline gpointer
mock_cuda_check_symbol (const gchar * name)
{
  GModule *m = g_module_open ("libcuda.so.1", G_MODULE_BIND_LAZY);
  gpointer sym = NULL;

  if (m == NULL)
    return NULL;
  if (!g_module_symbol (m, name, &sym))
    sym = NULL;
  /* the loader holds the library */
  g_module_close (m);
  return sym;
}

/* Work queued in the driver and not run yet (0 without the mock). */
static inline guint64
mock_cuda_check_pending (gconstpointer handle)
{
  MockCudaGetPendingFunc get =
      (MockCudaGetPendingFunc) mock_cuda_check_symbol ("mock_cuda_get_pending");

  return get != NULL ? get (handle) : 0;
}

static inline void
mock_cuda_check_output (GstBuffer * buf)
{
  GstMemory *mem = gst_buffer_peek_memory (buf, 0);
  guint64 pending = mock_cuda_check_pending (NULL);

  fail_unless (pending == 0, "%" G_GUINT64_FORMAT " driver operation(s) "
      "still queued when the buffer (%s memory) left the element: its "
      "output is not synchronized", pending,
      gst_is_cuda_memory (mem) ? "CUDA" : "system");
}

static inline void
mock_cuda_check_end (void)
{
  MockCudaGetContextDepthFunc depth = (MockCudaGetContextDepthFunc)
      mock_cuda_check_symbol ("mock_cuda_get_context_depth");

  if (depth != NULL)
    fail_unless_equals_int (depth (), 0);
}

#endif /* __MOCK_CUDA_CHECK_H__ */
