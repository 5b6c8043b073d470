/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Every input format (docs/semantics.md section 2) on every path: for each
 * format, random frames of odd sizes with padded strides and every plane
 * malloc'd to its exact size, crops at odd offsets, every matrix and
 * range, the three interpolations, both aspects, letterbox alignments and
 * roundings, channel orders rgb, bgr and
 * gray, both layouts and the four element types.  The scalar executor is
 * compared with the float64 reference model (tests/reference/, which
 * reads each format with its own code), and AVX2 (when this CPU has it),
 * the thread pool and the kernel's host build must give its bytes.
 * A summary per format (cases, largest error) is printed at the end. */

#include <gst/check/gstcheck.h>

#include <math.h>
#include <string.h>

#include "prep.h"
#include "prep-kernel.h"
#include "engine-cases.h"
#include "ref-model.h"

#define CASES_PER_FORMAT 48

/* float32 with the default normalization: float rounding only (semantics
 * section 7); uint8/int8: within half a step of the reference, plus that
 * rounding, so a tie may go either way. */
#define FLOAT_BOUND 1e-4
#define QUANT_BOUND (0.5 + 1e-3)

typedef struct
{
  int cases;
  double max_err;               /* float32 cases, in output units */
  double max_quant;             /* integer cases, in steps */
} FormatStats;

static FormatStats stats[PREP_FORMAT_COUNT];

/* A random configuration of @format on a small frame, and its crop. */
static void
random_config (PrepFormat format, guint64 * s, PrepConfig * cfg,
    PrepRect * crop)
{
  int c;

  prep_config_init (cfg);
  cfg->format = format;
  cfg->src_width = 1 + lcg_pick (s, 61);
  cfg->src_height = 1 + lcg_pick (s, 41);
  crop->x = lcg_pick (s, cfg->src_width);
  crop->y = lcg_pick (s, cfg->src_height);
  crop->width = 1 + lcg_pick (s, cfg->src_width - crop->x);
  crop->height = 1 + lcg_pick (s, cfg->src_height - crop->y);
  cfg->out_width = 1 + lcg_pick (s, 40);
  cfg->out_height = 1 + lcg_pick (s, 24);
  cfg->aspect = (PrepAspect) lcg_pick (s, 3);
  cfg->crop_fraction = lcg_pick (s, 2) ? 1.0 : 0.5 + lcg_pick (s, 500) / 1000.0;
  cfg->letterbox_align = (PrepAlign) lcg_pick (s, 2);
  cfg->letterbox_rounding = (PrepRounding) lcg_pick (s, 3);
  cfg->interpolation = (PrepInterp) lcg_pick (s, 3);
  cfg->antialias = lcg_pick (s, 3) == 0;
  cfg->matrix = (PrepMatrix) lcg_pick (s, 3);
  cfg->range = (PrepRange) lcg_pick (s, 2);
  cfg->channel_order = (PrepChannelOrder) lcg_pick (s, 3);
  cfg->layout = (PrepLayout) lcg_pick (s, 2);
  cfg->data_type = (PrepDataType) lcg_pick (s, 4);
  cfg->pad_value = lcg_pick (s, 256);
  cfg->pad_per_channel = lcg_pick (s, 2);
  for (c = 0; c < 3; c++)
    cfg->pad_values[c] = lcg_pick (s, 256);
  /* integer tensors hold pixel values: scale 1 */
  if (cfg->data_type >= PREP_DTYPE_UINT8)
    cfg->scale = 1.0;
}

static void
ref_config_of (const PrepConfig * p, const PrepRect * crop, RefConfig * r)
{
  static const int matrices[] = { REF_MATRIX_BT601, REF_MATRIX_BT709,
    REF_MATRIX_BT2020
  };

  ref_config_defaults (r);
  r->format = prep_format_name (p->format);
  r->src_width = p->src_width;
  r->src_height = p->src_height;
  r->crop_x = crop->x;
  r->crop_y = crop->y;
  r->crop_width = crop->width;
  r->crop_height = crop->height;
  r->out_width = p->out_width;
  r->out_height = p->out_height;
  r->letterbox = p->aspect == PREP_ASPECT_LETTERBOX;
  r->cover = p->aspect == PREP_ASPECT_COVER;
  r->antialias = p->antialias;
  r->crop_fraction = p->crop_fraction;
  r->top_left = p->letterbox_align == PREP_ALIGN_TOP_LEFT;
  r->half_even = p->letterbox_rounding == PREP_ROUND_HALF_EVEN;
  r->floor_size = p->letterbox_rounding == PREP_ROUND_FLOOR;
  r->pad_value = p->pad_value;
  r->pad_per_channel = p->pad_per_channel;
  memcpy (r->pad_values, p->pad_values, sizeof (r->pad_values));
  r->nearest = p->interpolation == PREP_INTERP_NEAREST_FLOOR ? 2 :
      p->interpolation == PREP_INTERP_NEAREST;
  r->matrix = matrices[p->matrix];
  r->full_range = p->range == PREP_RANGE_FULL;
  r->bgr = p->channel_order == PREP_ORDER_BGR;
  r->gray = p->channel_order == PREP_ORDER_GRAY;
  r->nhwc = p->layout == PREP_LAYOUT_NHWC;
  r->scale = p->scale;
}

/* Launches of a specialised entry (prep_<class>_...), per test. */
static int spec_launches;

static int
host_launch (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  if (!g_str_has_prefix (entry, "prep_frame_") &&
      !g_str_has_prefix (entry, "prep_slots_") &&
      !g_str_has_prefix (entry, "prep_streams_"))
    spec_launches++;
  return prep_kernel_host_launch (entry, grid, block, shared, args);
}

/* Every other path gives the scalar bytes. */
static void
check_paths (const PrepPlan * plan, const PrepFrame * f, const guint8 * ref,
    size_t bytes, const char *what)
{
  guint8 *got = g_malloc (bytes);
  const void *taps;
  size_t taps_bytes, i;
  guint64 gen;
  PrepWorkers *w = NULL;

  if (prep_cpu_impl_available (PREP_CPU_AVX2)) {
    memset (got, 0x5a, bytes);
    fail_unless_equals_int (prep_plan_run_cpu_rows (plan, PREP_CPU_AVX2, f,
            got, bytes, 0, prep_plan_rows (plan)), PREP_OK);
    for (i = 0; i < bytes && got[i] == ref[i]; i++);
    fail_unless (i == bytes, "%s: AVX2 differs at byte %zu", what, i);
  }
  fail_unless_equals_int (prep_workers_new (3, &w), PREP_OK);
  memset (got, 0x3c, bytes);
  fail_unless_equals_int (prep_plan_run_cpu_parallel (plan, w, PREP_CPU_AUTO,
          f, got, bytes), PREP_OK);
  prep_workers_free (w);
  for (i = 0; i < bytes && got[i] == ref[i]; i++);
  fail_unless (i == bytes, "%s: 3 threads differ at byte %zu", what, i);
  memset (got, 0x44, bytes);
  fail_unless_equals_int (prep_plan_kernel_taps (plan, &taps, &taps_bytes),
      PREP_OK);
  fail_unless_equals_int (prep_plan_launch_taps (plan, (uintptr_t) taps, f,
          (uintptr_t) got, bytes, host_launch, NULL, NULL, NULL), PREP_OK);
  for (i = 0; i < bytes && got[i] == ref[i]; i++);
  fail_unless (i == bytes, "%s: the kernel's host build differs at byte %zu",
      what, i);
  /* the launch-table entries (a specialised one where it serves) */
  memset (got, 0x66, bytes);
  fail_unless_equals_int (prep_plan_kernel_table (plan, &taps, &taps_bytes,
          &gen), PREP_OK);
  fail_unless_equals_int (prep_plan_launch (plan, (uintptr_t) taps, f,
          (uintptr_t) got, bytes, host_launch, NULL, NULL, NULL), PREP_OK);
  for (i = 0; i < bytes && got[i] == ref[i]; i++);
  fail_unless (i == bytes, "%s: the launch-table entry's host build differs "
      "at byte %zu", what, i);
  g_free (got);
}

/* Element i of the tensor as a double. */
static double
element_at (const guint8 * t, PrepDataType type, size_t i)
{
  float f;
  guint16 h;

  switch (type) {
    case PREP_DTYPE_FLOAT32:
      memcpy (&f, t + 4 * i, 4);
      return f;
    case PREP_DTYPE_FLOAT16:
      memcpy (&h, t + 2 * i, 2);
      return ref_half_decode (h);
    case PREP_DTYPE_UINT8:
      return t[i];
    default:
      return (gint8) t[i];
  }
}

/* The engine's tensor against the reference model, element by element. */
static void
check_reference (const PrepConfig * cfg, const PrepRect * crop,
    const PrepFrame * f, const guint8 * out, FormatStats * st, const char *what)
{
  RefConfig rc;
  RefImage img;
  double *ref, d, v, bound;
  size_t n, i;
  int p;

  ref_config_of (cfg, crop, &rc);
  for (p = 0; p < 3; p++) {
    img.plane[p] = f->planes[p];
    img.stride[p] = f->strides[p];
  }
  n = ref_tensor_elements (&rc);
  ref = g_new (double, n);
  ref_run (&rc, &img, ref);
  for (i = 0; i < n; i++) {
    v = element_at (out, cfg->data_type, i);
    if (cfg->data_type >= PREP_DTYPE_UINT8) {
      /* within half a step of the unrounded value, and the right side of
       * every clamp */
      d = fabs (v + (cfg->data_type == PREP_DTYPE_INT8 ? 128.0 : 0.0) -
          CLAMP (ref[i], 0.0, 255.0));
      st->max_quant = MAX (st->max_quant, d);
      bound = QUANT_BOUND;
    } else {
      d = fabs (v - ref[i]);
      bound = cfg->data_type == PREP_DTYPE_FLOAT16 ?
          ref_half_ulp (ref[i]) + ldexp (1.0, -18) : FLOAT_BOUND;
      if (cfg->data_type == PREP_DTYPE_FLOAT32)
        st->max_err = MAX (st->max_err, d);
    }
    fail_unless (d <= bound, "%s: element %zu of %zu is %.9g, the reference "
        "%.9g (error %.3g > %.3g)", what, i, n, v, ref[i], d, bound);
  }
  g_free (ref);
}

static void
run_case (PrepFormat format, guint64 * s, int k)
{
  PrepConfig cfg;
  PrepRect crop;
  PrepPlan *plan = NULL;
  PrepFrame f;
  guint8 *out;
  size_t bytes;
  char what[160];

  random_config (format, s, &cfg, &crop);
  fail_unless_equals_int (prep_plan_new (&cfg, &crop, 1, &plan), PREP_OK);
  random_frame_new (cfg.format, cfg.src_width, cfg.src_height, s, &f);
  g_snprintf (what, sizeof (what), "%s case %d (%dx%d, crop %d,%d %dx%d -> "
      "%dx%d, matrix %d range %d order %d layout %d type %d)",
      prep_format_name (format), k, cfg.src_width, cfg.src_height, crop.x,
      crop.y, crop.width, crop.height, cfg.out_width, cfg.out_height,
      cfg.matrix, cfg.range, cfg.channel_order, cfg.layout, cfg.data_type);
  bytes = prep_plan_output_bytes (plan);
  out = g_malloc (bytes);
  memset (out, 0xa5, bytes);
  fail_unless_equals_int (prep_plan_run_cpu_rows (plan, PREP_CPU_SCALAR, &f,
          out, bytes, 0, prep_plan_rows (plan)), PREP_OK);
  check_reference (&cfg, &crop, &f, out, &stats[format], what);
  check_paths (plan, &f, out, bytes, what);
  stats[format].cases++;
  g_free (out);
  random_frame_free (&f);
  prep_plan_free (plan);
}

GST_START_TEST (test_format)
{
  guint64 s = 0xf0f0 + 7919 * (guint64) __i__;
  int k;

  spec_launches = 0;
  fail_unless (ref_format_known (prep_format_name ((PrepFormat) __i__)));
  for (k = 0; k < CASES_PER_FORMAT; k++)
    run_case ((PrepFormat) __i__, &s, k);
  g_print ("%-10s %d cases, max error float32 %.3g, integer %.3g steps, "
      "%d through a specialised entry\n",
      prep_format_name ((PrepFormat) __i__), stats[__i__].cases,
      stats[__i__].max_err, stats[__i__].max_quant, spec_launches);
  /* the formats of a class have a specialised entry: some of the random
   * cases (aligned rows, no antialias) must have taken it */
  if (__i__ != PREP_FORMAT_Y444 && __i__ != PREP_FORMAT_RGB &&
      __i__ != PREP_FORMAT_BGR && __i__ != PREP_FORMAT_GRAY8)
    fail_unless (spec_launches > 0, "no %s case took a specialised entry",
        prep_format_name ((PrepFormat) __i__));
}

GST_END_TEST;

/* A frame of another format, of another size, or missing a plane is
 * refused before anything is written. */
GST_START_TEST (test_frame_refused)
{
  guint64 s = 99;
  PrepConfig cfg;
  PrepRect crop;
  PrepPlan *plan = NULL;
  PrepFrame f, other;
  guint8 out[4];

  random_config ((PrepFormat) __i__, &s, &cfg, &crop);
  fail_unless_equals_int (prep_plan_new (&cfg, &crop, 1, &plan), PREP_OK);
  random_frame_new (cfg.format, cfg.src_width, cfg.src_height, &s, &f);
  other = f;
  other.format = (PrepFormat) ((__i__ + 1) % PREP_FORMAT_COUNT);
  fail_unless_equals_int (prep_plan_run_cpu (plan, &other, out, 4),
      PREP_ERROR_FORMAT);
  other = f;
  other.width++;
  fail_unless_equals_int (prep_plan_run_cpu (plan, &other, out, 4),
      PREP_ERROR_FORMAT);
  other = f;
  other.planes[prep_format_n_planes (cfg.format) - 1] = NULL;
  fail_unless_equals_int (prep_plan_run_cpu (plan, &other, out, 4),
      PREP_ERROR_INVALID_ARGUMENT);
  other = f;
  other.strides[0] = 0;
  fail_unless_equals_int (prep_plan_run_cpu (plan, &other, out, 4),
      PREP_ERROR_STRIDE);
  random_frame_free (&f);
  prep_plan_free (plan);
}

GST_END_TEST;

static Suite *
formats_suite (void)
{
  Suite *s = suite_create ("formats");
  TCase *tc = tcase_create ("formats");

  tcase_set_timeout (tc, 300);
  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_format, 0, PREP_FORMAT_COUNT);
  tcase_add_loop_test (tc, test_frame_refused, 0, PREP_FORMAT_COUNT);
  return s;
}

GST_CHECK_MAIN (formats);
