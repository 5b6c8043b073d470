/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* NNStreamer's spellings of a shape (gst/gstcudapreproc-shape.c): the
 * dimension strings read and written, the shape each spelling is for
 * what the properties leave free, and the refusals that name both
 * shapes.  Built from the source, no plugin. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>

#include "gstcudapreproc-shape.h"

typedef struct
{
  const gchar *str;
  guint rank;                   /* 0: refused */
  guint64 d[5];
} DimsCase;

static const DimsCase dims_cases[] = {
  {"224:224:3:1", 4, {224, 224, 3, 1}},
  {"224:224:3", 3, {224, 224, 3}},
  {"3:224:224:1:1:1:1:1", 8, {3, 224, 224, 1, 1}},
  {"640", 1, {640}},
  /* NNStreamer's unused ranks */
  {"3:224:224:0:0", 3, {3, 224, 224}},
  {"1:2:3:4:5:6:7:8:9:10:11:12:13:14:15:16", 16, {1, 2, 3, 4, 5}},
  {"1:2:3:4:5:6:7:8:9:10:11:12:13:14:15:16:17", 0},
  {"224:0:3", 0}, {"0:224", 0}, {"", 0}, {"224::3", 0}, {"a:1", 0},
  {"2147483648:1", 0}, {"-1:3", 0}, {"224:224:3:", 0}, {"0", 0},
};

GST_START_TEST (test_dims_parse)
{
  const DimsCase *c = &dims_cases[__i__];
  GstCudaPreprocDims dims;
  gboolean ok = gst_cuda_preproc_dims_parse (c->str, &dims);
  guint i;
  gchar *back;

  fail_unless (ok == (c->rank > 0), "\"%s\" is %s", c->str, ok ? "taken" :
      "refused");
  if (!ok)
    return;
  fail_unless_equals_int (dims.rank, c->rank);
  for (i = 0; i < MIN (c->rank, 5); i++)
    fail_unless (dims.d[i] == c->d[i], "\"%s\": d[%u] = %" G_GUINT64_FORMAT,
        c->str, i, dims.d[i]);
  back = gst_cuda_preproc_dims_to_string (&dims);
  fail_unless (g_str_has_prefix (c->str, back), "\"%s\" written as \"%s\"",
      c->str, back);
  g_free (back);
}

GST_END_TEST;

/* The properties' defaults: 640x640 NCHW rgb float32, a batch of 1;
 * @free: what they leave to downstream. */
static void
want_init (GstCudaPreprocWanted * want, gboolean free)
{
  GstCudaPreprocShape shape = { 640, 640, FALSE, 1, 3, PREP_DTYPE_FLOAT32 };

  want->shape = shape;
  want->size_free = want->layout_free = want->channels_free =
      want->dtype_free = want->batch_free = free;
}

typedef struct
{
  const gchar *dims;
  gboolean free;                /* every property unset */
  gboolean nhwc_hint;           /* the layout property (or its default) */
  /* the shape, or width 0: refused */
  gint width, height, channels, batch;
  gboolean nhwc;
  const gchar *why;             /* a part of the refusal */
} ShapeCase;

static const ShapeCase shape_cases[] = {
  {"224:224:3:1", TRUE, FALSE, 224, 224, 3, 1, FALSE},
  {"224:224:3", TRUE, FALSE, 224, 224, 3, 1, FALSE},
  {"3:224:224", TRUE, FALSE, 224, 224, 3, 1, TRUE},
  {"3:300:200:1:1:1:1:1", TRUE, FALSE, 300, 200, 3, 1, TRUE},
  {"224:224:1:1", TRUE, FALSE, 224, 224, 1, 1, FALSE},
  {"64:48", TRUE, FALSE, 64, 48, 1, 1, FALSE},
  {"1:64:48", TRUE, FALSE, 64, 48, 1, 1, TRUE},
  {"224:224:3:8", TRUE, FALSE, 224, 224, 3, 8, FALSE},
  /* reads both ways: the layout property decides */
  {"3:5:3:1", TRUE, FALSE, 3, 5, 3, 1, FALSE},
  {"3:5:3:1", TRUE, TRUE, 5, 3, 3, 1, TRUE},
  /* the properties set (rgb, NCHW): 3 channels, planar only */
  {"224:224:3", FALSE, FALSE, 224, 224, 3, 1, FALSE},
  {"224:224:1:1", FALSE, FALSE, 0, 0, 0, 0, FALSE, "dimensions=224:224:1:1"},
  {"3:224:224:1", FALSE, FALSE, 0, 0, 0, 0, FALSE, "C = 3 (channel-order), "
        "W:H:C:N (NCHW) (layout)"},
  {"224:224:3:1:2", TRUE, FALSE, 0, 0, 0, 0, FALSE, "dimension 5 is 2"},
  {"224:224:3:65", TRUE, FALSE, 0, 0, 0, 0, FALSE, "batch of 65"},
  {"224:224:4:1", TRUE, FALSE, 0, 0, 0, 0, FALSE, "the properties give "
        "dimensions=640:640:3:1"},
};

GST_START_TEST (test_shape_from_dims)
{
  const ShapeCase *c = &shape_cases[__i__];
  GstCudaPreprocWanted want;
  GstCudaPreprocShape got;
  GstCudaPreprocDims dims;
  gchar *why = NULL;
  gboolean ok;

  want_init (&want, c->free);
  want.shape.nhwc = c->nhwc_hint;
  fail_unless (gst_cuda_preproc_dims_parse (c->dims, &dims));
  ok = gst_cuda_preproc_shape_from_dims (&dims, PREP_DTYPE_UINT8, &want,
      &got, &why);
  if (c->width == 0) {
    fail_unless (!ok, "%s: taken", c->dims);
    fail_unless (why != NULL && strstr (why, c->why) != NULL,
        "%s: \"%s\" does not say \"%s\"", c->dims, GST_STR_NULL (why), c->why);
    fail_unless (strstr (why, "byte size") == NULL);
    g_free (why);
    return;
  }
  fail_unless (ok, "%s: %s", c->dims, GST_STR_NULL (why));
  fail_unless (got.width == c->width && got.height == c->height &&
      got.channels == c->channels && got.batch == c->batch &&
      !got.nhwc == !c->nhwc && got.dtype == PREP_DTYPE_UINT8,
      "%s: %dx%d C=%d N=%d %s", c->dims, got.width, got.height, got.channels,
      got.batch, got.nhwc ? "NHWC" : "NCHW");
}

GST_END_TEST;

/* What a set property refuses names both shapes and the property. */
GST_START_TEST (test_shape_refusal)
{
  GstCudaPreprocWanted want;
  GstCudaPreprocShape got = { 224, 224, FALSE, 1, 3, PREP_DTYPE_UINT8 };
  gchar *why;

  want_init (&want, TRUE);
  fail_unless (gst_cuda_preproc_shape_refusal (&want, &got) == NULL);
  want.dtype_free = FALSE;
  why = gst_cuda_preproc_shape_refusal (&want, &got);
  fail_unless (why != NULL && strstr (why, "types=uint8") &&
      strstr (why, "data-type gives float32"), "%s", GST_STR_NULL (why));
  g_free (why);
  got.dtype = PREP_DTYPE_FLOAT32;
  want.size_free = FALSE;
  why = gst_cuda_preproc_shape_refusal (&want, &got);
  fail_unless (why != NULL && strstr (why, "dimensions=224:224:3:1") &&
      strstr (why, "dimensions=640:640:3:1") && strstr (why, "width and "
          "height"), "%s", GST_STR_NULL (why));
  g_free (why);
  want.size_free = TRUE;
  want.batch_free = FALSE;
  got.batch = 4;
  why = gst_cuda_preproc_shape_refusal (&want, &got);
  fail_unless (why != NULL && strstr (why, "batch-size"), "%s",
      GST_STR_NULL (why));
  g_free (why);
}

GST_END_TEST;

/* Equal bytes: 3:N:3:B read as NCHW and as NHWC are one tensor. */
GST_START_TEST (test_shape_same_caps)
{
  GstCudaPreprocShape a = { 3, 5, FALSE, 1, 3, PREP_DTYPE_FLOAT32 };
  GstCudaPreprocShape b = { 5, 3, TRUE, 1, 3, PREP_DTYPE_FLOAT32 };
  gsize bytes = 0;

  fail_unless (gst_cuda_preproc_shape_same_caps (&a, &b));
  b.dtype = PREP_DTYPE_FLOAT16;
  fail_if (gst_cuda_preproc_shape_same_caps (&a, &b));
  fail_unless (gst_cuda_preproc_shape_get_bytes (&a, &bytes));
  fail_unless_equals_int (bytes, 3 * 5 * 3 * 4);
  /* 2^62 bytes fit a gssize, 3 times that does not */
  a.width = a.height = G_MAXINT;
  a.channels = 1;
  a.dtype = PREP_DTYPE_UINT8;
  fail_unless (gst_cuda_preproc_shape_get_bytes (&a, &bytes));
  a.channels = 3;
  fail_if (gst_cuda_preproc_shape_get_bytes (&a, &bytes));
}

GST_END_TEST;

static Suite *
shape_suite (void)
{
  Suite *s = suite_create ("cudapreproc-shape");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_dims_parse, 0, G_N_ELEMENTS (dims_cases));
  tcase_add_loop_test (tc, test_shape_from_dims, 0, G_N_ELEMENTS (shape_cases));
  tcase_add_test (tc, test_shape_refusal);
  tcase_add_test (tc, test_shape_same_caps);
  return s;
}

GST_CHECK_MAIN (shape);
