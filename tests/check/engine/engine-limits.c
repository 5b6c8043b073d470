/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The engine at the limits of its integer types: frames up to INT_MAX
 * pixels wide or tall (the plan allocates per output column only, so such
 * plans are cheap), strides that cannot hold a row, negative strides.
 * Every size is computed in 64 bits and every such stride refused with
 * PREP_ERROR_STRIDE by every entry point, before any byte is read or
 * written (the planes given here are a few bytes long). */

#include <gst/check/gstcheck.h>

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "prep.h"
#include "engine-cases.h"
#include "prep-kernel.h"

static PrepPlan *
plan_of_frame (int src_width, int src_height)
{
  PrepRect pixel = { 0, 0, 1, 1 };
  PrepConfig cfg;
  PrepPlan *plan = NULL;

  prep_config_init (&cfg);
  cfg.src_width = src_width;
  cfg.src_height = src_height;
  cfg.out_width = 2;
  cfg.out_height = 2;
  fail_unless_equals_int (prep_plan_new (&cfg, &pixel, 1, &plan), PREP_OK);
  return plan;
}

static int launches;

static int
count_launch (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  launches++;
  return 0;
}

/* Every entry point that takes strides gives @expected for these strides,
 * and writes nothing (dst_size is 0: a stride accepted shows as
 * PREP_ERROR_OUTPUT_SIZE). */
static void
check_strides (const PrepPlan * plan, int y_stride, int uv_stride,
    PrepStatus expected)
{
  static const uint8_t y[8], uv[8];
  float dst[4] = { 0 };
  PrepWorkers *workers = NULL;
  const void *table;
  size_t table_bytes;
  guint64 gen;
  int rows = prep_plan_rows (plan);
  PrepFrame f;

  prep_plan_frame_init (plan, &f);
  f.planes[0] = y;
  f.strides[0] = y_stride;
  f.planes[1] = uv;
  f.strides[1] = uv_stride;
  fail_unless_equals_int (prep_plan_run_cpu (plan, &f, dst, 0), expected);
  fail_unless_equals_int (prep_plan_run_cpu_rows (plan, PREP_CPU_SCALAR, &f,
          dst, 0, 0, rows), expected);
  if (prep_cpu_impl_available (PREP_CPU_AVX2))
    fail_unless_equals_int (prep_plan_run_cpu_rows (plan, PREP_CPU_AVX2, &f,
            dst, 0, 0, rows), expected);
  fail_unless_equals_int (prep_plan_run_cpu_parallel (plan, NULL,
          PREP_CPU_AUTO, &f, dst, 0), expected);
  fail_unless_equals_int (prep_workers_new (2, &workers), PREP_OK);
  fail_unless_equals_int (prep_plan_run_cpu_parallel (plan, workers,
          PREP_CPU_AUTO, &f, dst, 0), expected);
  prep_workers_free (workers);
  launches = 0;
  fail_unless_equals_int (prep_plan_kernel_table (plan, &table, &table_bytes,
          &gen), PREP_OK);
  fail_unless_equals_int (prep_plan_launch (plan, (uintptr_t) table, &f,
          (uintptr_t) dst, 0, count_launch, NULL, NULL, NULL), expected);
  fail_unless_equals_int (launches, 0);
  fail_unless (dst[0] == 0.0f && dst[3] == 0.0f);
}

/* A chroma row of a frame INT_MAX pixels wide is 2 * ceil (INT_MAX / 2) =
 * 2^31 bytes: no int stride holds it.  The row count used to be computed
 * in int and wrapped to -2^31, so a chroma stride of 1 was accepted. */
GST_START_TEST (test_stride_refused_at_int_max_width)
{
  PrepPlan *plan = plan_of_frame (INT_MAX, 2);

  check_strides (plan, INT_MAX, 1, PREP_ERROR_STRIDE);
  check_strides (plan, INT_MAX, 2, PREP_ERROR_STRIDE);
  check_strides (plan, INT_MAX, INT_MAX, PREP_ERROR_STRIDE);
  check_strides (plan, INT_MAX - 1, INT_MAX, PREP_ERROR_STRIDE);
  prep_plan_free (plan);

  /* INT_MAX - 1 is even: its chroma row is INT_MAX - 1 bytes */
  plan = plan_of_frame (INT_MAX - 1, 2);
  check_strides (plan, INT_MAX - 1, INT_MAX - 2, PREP_ERROR_STRIDE);
  check_strides (plan, INT_MAX - 1, INT_MAX - 1, PREP_ERROR_OUTPUT_SIZE);
  check_strides (plan, INT_MAX, INT_MAX, PREP_ERROR_OUTPUT_SIZE);
  prep_plan_free (plan);
}

GST_END_TEST;

/* Odd widths: the chroma row is the width rounded up to even. */
GST_START_TEST (test_stride_odd_width)
{
  PrepPlan *plan = plan_of_frame (5, 3);

  check_strides (plan, 4, 6, PREP_ERROR_STRIDE);
  check_strides (plan, 5, 5, PREP_ERROR_STRIDE);
  check_strides (plan, 5, 6, PREP_ERROR_OUTPUT_SIZE);
  prep_plan_free (plan);
}

GST_END_TEST;

/* Negative strides never hold a row, whatever their magnitude. */
GST_START_TEST (test_stride_negative)
{
  PrepPlan *plan = plan_of_frame (4, 4);

  check_strides (plan, -4, 4, PREP_ERROR_STRIDE);
  check_strides (plan, 4, -4, PREP_ERROR_STRIDE);
  check_strides (plan, INT_MIN, 4, PREP_ERROR_STRIDE);
  check_strides (plan, 4, INT_MIN, PREP_ERROR_STRIDE);
  check_strides (plan, 4, 4, PREP_ERROR_OUTPUT_SIZE);

  fail_unless_equals_uint64 (plan_plane_bytes (plan, 0, -4), SIZE_MAX);
  fail_unless_equals_uint64 (plan_plane_bytes (plan, 1, INT_MIN), SIZE_MAX);
  fail_unless_equals_uint64 (plan_plane_bytes (plan, 0, 3), SIZE_MAX);
  fail_unless_equals_uint64 (plan_plane_bytes (plan, 0, 4), 16);
  fail_unless_equals_uint64 (plan_plane_bytes (plan, 1, 4), 8);
  fail_unless_equals_int (nv12_frame_bytes (plan, -4, 4, NULL, NULL),
      PREP_ERROR_STRIDE);
  fail_unless_equals_int (nv12_frame_bytes (plan, 4, -4, NULL, NULL),
      PREP_ERROR_STRIDE);
  prep_plan_free (plan);
}

GST_END_TEST;

/* The plane sizes in 64 bits.  plan_plane_bytes () used to give
 * 18446744071562067968 (the chroma row, 1, -2^31 in int, converted) for a
 * frame INT_MAX pixels wide. */
GST_START_TEST (test_plane_bytes_in_64_bits)
{
  PrepPlan *plan = plan_of_frame (INT_MAX, 1);
  size_t luma = 0, chroma = 0, sizes[PREP_PLANES_MAX];

  fail_unless_equals_uint64 (plan_plane_bytes (plan, 1, INT_MAX), SIZE_MAX);
  fail_unless_equals_uint64 (plan_plane_bytes (plan, 0, INT_MAX), INT_MAX);
  fail_unless_equals_int (nv12_frame_bytes (plan, INT_MAX, INT_MAX,
          &luma, &chroma), PREP_ERROR_STRIDE);
  fail_unless_equals_uint64 (luma, 0);
  fail_unless_equals_uint64 (chroma, 0);
  prep_plan_free (plan);

  /* INT_MAX x INT_MAX with INT_MAX strides: (2^31 - 1)^2 bytes of luma,
   * (2^31 - 1) * (2^30 - 1) + (2^31 - 2) of chroma (width - 1 even) */
  plan = plan_of_frame (INT_MAX - 1, INT_MAX);
  fail_unless_equals_int (nv12_frame_bytes (plan, INT_MAX, INT_MAX,
          &luma, &chroma), PREP_OK);
  fail_unless_equals_uint64 (luma, (uint64_t) INT_MAX * (INT_MAX - 1) +
      (INT_MAX - 1));
  fail_unless_equals_uint64 (chroma, (uint64_t) INT_MAX * ((1u << 30) - 1)
      + (INT_MAX - 1));
  fail_unless_equals_uint64 (plan_plane_bytes (plan, 0, INT_MAX), luma);
  fail_unless_equals_uint64 (plan_plane_bytes (plan, 1, INT_MAX), chroma);
  fail_unless_equals_int (prep_frame_plane_bytes (NULL, sizes),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_frame_plane_size (NULL, 0, &luma),
      PREP_ERROR_INVALID_ARGUMENT);
  prep_plan_free (plan);
}

GST_END_TEST;

/* The kernel's extents saturate rather than wrap: a negative stride (which
 * no checked launch passes) gives SIZE_MAX, not a small count. */
GST_START_TEST (test_kernel_extents_saturate)
{
  static PrepSlotTable t;
  PrepParams p;
  size_t y_bytes = 0, uv_bytes = 0, dst = 0;

  nv12_params (&p, 2, 2);
  t.s[0].valid = 1;
  t.s[0].ax.start = t.s[0].ay.start = 4;
  t.s[0].ax.len = t.s[0].ay.len = t.s[0].ax.inner = t.s[0].ay.inner = 2;
  nv12_extents (&p, &t, 1, -1, INT_MIN, &y_bytes, &uv_bytes, &dst);
  fail_unless_equals_uint64 (y_bytes, SIZE_MAX);
  fail_unless_equals_uint64 (uv_bytes, SIZE_MAX);
  fail_unless_equals_uint64 (dst, 2 * 2 * 3 * 4);

  /* the last pixel of an INT_MAX x INT_MAX frame */
  t.s[0].ax.start = t.s[0].ay.start = INT_MAX - 2;
  nv12_extents (&p, &t, 1, INT_MAX, INT_MAX, &y_bytes, &uv_bytes, NULL);
  fail_unless_equals_uint64 (y_bytes, (uint64_t) (INT_MAX - 1) * INT_MAX +
      INT_MAX);
  fail_unless_equals_uint64 (uv_bytes, (uint64_t) (INT_MAX - 1) / 2 *
      INT_MAX + (INT_MAX - 1) / 2 * 2 + 2);
}

GST_END_TEST;

GST_START_TEST (test_stride_status_string)
{
  const char *s = prep_status_string (PREP_ERROR_STRIDE);

  fail_unless (strstr (s, "stride") != NULL);
  fail_unless (strstr (s, "negative") != NULL);
  fail_unless (strstr (s, "chroma") != NULL);
}

GST_END_TEST;

static Suite *
engine_limits_suite (void)
{
  Suite *s = suite_create ("engine-limits");
  TCase *strides = tcase_create ("strides");
  TCase *sizes = tcase_create ("sizes");

  suite_add_tcase (s, strides);
  tcase_add_test (strides, test_stride_refused_at_int_max_width);
  tcase_add_test (strides, test_stride_odd_width);
  tcase_add_test (strides, test_stride_negative);
  tcase_add_test (strides, test_stride_status_string);
  suite_add_tcase (s, sizes);
  tcase_add_test (sizes, test_plane_bytes_in_64_bits);
  tcase_add_test (sizes, test_kernel_extents_saturate);
  return s;
}

GST_CHECK_MAIN (engine_limits);
