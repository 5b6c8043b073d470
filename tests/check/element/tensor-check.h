/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Tensors compared bit for bit, with a failure that names the case and
 * the first element that differs, with both values: shared by the
 * element's suites (built into element_harness_dep with
 * element-harness.c), and free of GstHarness and prep.h so that the CUDA
 * tests can use it too.  Headers are formatted by hand. */

#ifndef __TENSOR_CHECK_H__
#define __TENSOR_CHECK_H__

#include <gst/check/gstcheck.h>

/* Fails unless the @size bytes at @got and @want hold the same elements,
 * bit for bit: float32 when @esize is 4, float16 when it is 2.  The
 * message starts with the case (@fmt, printf-style), then names the first
 * element that differs (its index in the tensor and, when @slots > 1, its
 * slot and index in the slot) and both values, @want's as @ref's (e.g.
 * "the engine's"). */
void assert_same_tensor (const void *got, const void *want, gsize size,
    guint esize, guint slots, const gchar * ref, const gchar * fmt, ...)
    G_GNUC_PRINTF (7, 8);

/* The value of a float16 bit pattern. */
gdouble half_to_double (guint16 h);

#endif /* __TENSOR_CHECK_H__ */
