/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Unit tests of the engine (src/prep.h):
 *  - golden cases on a 4x4 NV12 frame, expected values worked out by hand
 *    from docs/semantics.md (they check the reference model too);
 *  - a table of cases against the float64 reference model
 *    (tests/reference), bound 1e-4 absolute on every element;
 *  - determinism, and the API's error policies. */

#include <gst/check/gstcheck.h>

#include <limits.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "prep.h"
#include "ref-model.h"
#include "engine-cases.h"

/* Agreement bound of the engine's float32 output with the float64 model
 * (docs/semantics.md, section 7), for default and for ImageNet normalization alike:
 * |out| stays below ~2.7 there, so float32 rounding is ~3e-7. */
#define REF_BOUND 1e-4
/* Hand-computed golden values are given to 6 decimals in pixel units. */
#define GOLDEN_BOUND 1e-5

/* ------------------------------------------------------------------------ */
/* Golden cases: a 4x4 frame, values computed by hand                      */
/* ------------------------------------------------------------------------ */

/* Y[r][c] = 10 + 20 c + 40 r; strides of 6 bytes, the 2 bytes of padding
 * (0xee) must never be read.  Chroma 2x2 (U, V):
 *   (0,0) = (100, 150)   (0,1) = (160, 120)
 *   (1,0) = (128, 128)   (1,1) = ( 90, 200) */
#define GOLDEN_STRIDE 6
static const guint8 golden_y[4 * GOLDEN_STRIDE] = {
  10, 30, 50, 70, 0xee, 0xee,
  50, 70, 90, 110, 0xee, 0xee,
  90, 110, 130, 150, 0xee, 0xee,
  130, 150, 170, 190, 0xee, 0xee,
};

static const guint8 golden_uv[2 * GOLDEN_STRIDE] = {
  100, 150, 160, 120, 0xee, 0xee,
  128, 128, 90, 200, 0xee, 0xee,
};

static void
golden_config (PrepConfig * cfg, int ow, int oh)
{
  prep_config_init (cfg);
  cfg->src_width = cfg->src_height = 4;
  cfg->out_width = ow;
  cfg->out_height = oh;
}

/* Runs the engine and the reference model on the golden frame and compares
 * both with the hand-computed tensor; a failure names the case, @name. */
static void
check_golden (const PrepConfig * cfg, PrepRect crop, const double *expected,
    size_t n, const char *name)
{
  float out[GUARD_HEAD + 64 + GUARD_TAIL];
  double ref[64];
  RefConfig rc;
  PrepPlan *plan = NULL;
  PrepFrame frame = nv12_frame (4, 4, golden_y, GOLDEN_STRIDE, golden_uv,
      GOLDEN_STRIDE);
  RefImage img = nv12_image (golden_y, GOLDEN_STRIDE, golden_uv,
      GOLDEN_STRIDE);
  size_t i;

  fail_unless (n == (size_t) 3 * cfg->out_width * cfg->out_height && n <= 64);
  fail_unless_equals_int (prep_plan_new (cfg, &crop, 1, &plan), PREP_OK);
  fill_sentinel (out, G_N_ELEMENTS (out));
  fail_unless_equals_int (prep_plan_run_cpu (plan, &frame, out + GUARD_HEAD,
          (n + GUARD_TAIL) * sizeof (float)), PREP_OK);
  case_ref_config (cfg, &crop, &rc);
  ref_run (&rc, &img, ref);
  for (i = 0; i < n; i++) {
    fail_each (fabs (out[GUARD_HEAD + i] - expected[i]) <= GOLDEN_BOUND,
        "%s: engine element %zu: expected %.7f, got %.7f", name, i,
        expected[i], out[GUARD_HEAD + i]);
    fail_each (fabs (ref[i] - expected[i]) <= GOLDEN_BOUND,
        "%s: reference element %zu: expected %.7f, got %.7f", name, i,
        expected[i], ref[i]);
  }
  fail_unless_equals_int (first_written (out, GUARD_HEAD), GUARD_HEAD);
  fail_unless_equals_int (first_written (out + GUARD_HEAD + n, GUARD_TAIL),
      GUARD_TAIL);
  prep_plan_free (plan);
}

/* 4x4 -> 2x2 stretch, bilinear, full-range BT.601, RGB, NCHW, /255.
 * sx = (x + 0.5) * 4 / 2 - 0.5 = 2x + 0.5: taps 2x, 2x + 1, weights 1/2
 * each; likewise rows.  Each output pixel averages one 2x2 luma block and
 * all four taps share one chroma sample:
 *   (0,0): Y = (10 + 30 + 50 + 70) / 4 = 40,       U = 100, V = 150
 *   (1,0): Y = (50 + 70 + 90 + 110) / 4 = 80,      U = 160, V = 120
 *   (0,1): Y = (90 + 110 + 130 + 150) / 4 = 120,   U = 128, V = 128
 *   (1,1): Y = (130 + 150 + 170 + 190) / 4 = 160,  U = 90,  V = 200
 * Full range BT.601 in 8-bit units (Kr = 0.299, Kb = 0.114, Kg = 0.587):
 *   R = Y + 1.402 (V - 128)
 *   G = Y - 0.3441363 (U - 128) - 0.7141363 (V - 128)
 *   B = Y + 1.772 (U - 128)                                      */
GST_START_TEST (test_golden_bilinear_full_601)
{
  static const double expected[] = {
    /* R plane */
    70.844 / 255,               /* 40 + 1.402 * 22 */
    68.784 / 255,               /* 80 + 1.402 * -8 */
    120.0 / 255,                /* gray */
    255.0 / 255,                /* 160 + 1.402 * 72 = 260.944, clamped */
    /* G plane */
    33.924818 / 255,            /* 40 + 0.3441363 * 28 - 0.7141363 * 22 */
    74.700729 / 255,            /* 80 - 0.3441363 * 32 + 0.7141363 * 8 */
    120.0 / 255,                /* gray */
    121.659366 / 255,           /* 160 + 0.3441363 * 38 - 0.7141363 * 72 */
    /* B plane */
    0.0 / 255,                  /* 40 + 1.772 * -28 = -9.616, clamped */
    136.704 / 255,              /* 80 + 1.772 * 32 */
    120.0 / 255,                /* gray */
    92.664 / 255,               /* 160 + 1.772 * -38 */
  };
  PrepConfig cfg;

  golden_config (&cfg, 2, 2);
  cfg.range = PREP_RANGE_FULL;
  cfg.matrix = PREP_MATRIX_BT601;
  check_golden (&cfg, make_rect (0, 0, 4, 4), expected,
      G_N_ELEMENTS (expected), __func__);
}

GST_END_TEST;

/* 4x4 -> 2x2 stretch, nearest, limited-range BT.709, BGR, NHWC, /255.
 * sx = 2x + 0.5, nearest tap floor (sx + 0.5) = 2x + 1: columns/rows 1, 3.
 *   (0,0): Y[1][1] = 70,  U = 100, V = 150
 *   (1,0): Y[1][3] = 110, U = 160, V = 120
 *   (0,1): Y[3][1] = 150, U = 128, V = 128
 *   (1,1): Y[3][3] = 190, U = 90,  V = 200
 * Limited range in 8-bit units: Y8 = 255 (Y - 16) / 219,
 * Cb8 = 255 (U - 128) / 224, Cr8 = 255 (V - 128) / 224; BT.709
 * (Kr = 0.2126, Kb = 0.0722, Kg = 0.7152):
 *   R = Y8 + 1.5748 Cr8
 *   G = Y8 - 0.1873243 Cb8 - 0.4681243 Cr8
 *   B = Y8 + 1.8556 Cb8
 * Element order (y, x, c) with c = B, G, R.                          */
GST_START_TEST (test_golden_nearest_limited_709_bgr_nhwc)
{
  static const double expected[] = {
    /* (0,0): Y8 = 255 * 54 / 219 = 62.876712, Cb8 = -31.875,
     *        Cr8 = 255 * 22 / 224 = 25.044643 */
    3.729462 / 255,             /* B = 62.876712 - 1.8556 * 31.875 */
    57.123667 / 255,            /* G = 62.876712 + 5.970961 - 11.724006 */
    102.317016 / 255,           /* R = 62.876712 + 1.5748 * 25.044643 */
    /* (1,0): Y8 = 255 * 94 / 219 = 109.452055, Cb8 = 255 * 32 / 224
     *        = 36.428571, Cr8 = 255 * -8 / 224 = -9.107143 */
    177.048912 / 255,           /* B = 109.452055 + 1.8556 * 36.428571 */
    106.891374 / 255,           /* G = 109.452055 - 6.823956 + 4.263275 */
    95.110026 / 255,            /* R = 109.452055 - 1.5748 * 9.107143 */
    /* (0,1): gray, Y8 = 255 * 134 / 219 = 156.027397 */
    156.027397 / 255, 156.027397 / 255, 156.027397 / 255,
    /* (1,1): Y8 = 255 * 174 / 219 = 202.602740, Cb8 = 255 * -38 / 224
     *        = -43.258929, Cr8 = 255 * 72 / 224 = 81.964286 */
    122.331471 / 255,           /* B = 202.602740 - 1.8556 * 43.258929 */
    172.336717 / 255,           /* G = 202.602740 + 8.103444 - 38.369467 */
    255.0 / 255,                /* R = 202.60274 + 129.077357, clamped */
  };
  PrepConfig cfg;

  golden_config (&cfg, 2, 2);
  cfg.interpolation = PREP_INTERP_NEAREST;
  cfg.matrix = PREP_MATRIX_BT709;
  cfg.range = PREP_RANGE_LIMITED;
  cfg.channel_order = PREP_ORDER_BGR;
  cfg.layout = PREP_LAYOUT_NHWC;
  check_golden (&cfg, make_rect (0, 0, 4, 4), expected,
      G_N_ELEMENTS (expected), __func__);
}

GST_END_TEST;

/* Crop (0, 1, 4, 2) -> 2 wide x 3 high, letterbox, pad 60, full-range
 * BT.2020, RGB, NCHW, scale 1/255, mean (0.5, 0.25, 0.125), std
 * (0.5, 0.25, 2).
 * s = min (2 / 4, 3 / 2) = 0.5; inner 2 x round (2 * 0.5) = 2 x 1;
 * ox = 0, oy = floor ((3 - 1) / 2) = 1: rows 0 and 2 are padding.
 * Row 1: sy = 1 + 0.5 * 2 / 1 - 0.5 = 1.5 (rows 1, 2, weights 1/2);
 * sx = (x + 0.5) * 4 / 2 - 0.5 = 2x + 0.5.  Luma rows 1, 2 lie in chroma
 * rows 0, 1, so U, V average two chroma samples:
 *   (0,1): Y = (50 + 70 + 90 + 110) / 4 = 80, U = (100 + 128) / 2 = 114,
 *          V = (150 + 128) / 2 = 139
 *   (1,1): Y = (90 + 110 + 130 + 150) / 4 = 120, U = (160 + 90) / 2 = 125,
 *          V = (120 + 200) / 2 = 160
 * Full range BT.2020 (Kr = 0.2627, Kb = 0.0593, Kg = 0.678):
 *   R = Y + 1.4746 (V - 128)
 *   G = Y - 0.1645531 (U - 128) - 0.5713531 (V - 128)
 *   B = Y + 1.8814 (U - 128)
 * then out = (v / 255 - mean[c]) / std[c].                            */
GST_START_TEST (test_golden_letterbox_full_2020)
{
  static const double expected[] = {
    /* R plane, mean 0.5, std 0.5 */
    (60.0 / 255 - 0.5) / 0.5, (60.0 / 255 - 0.5) / 0.5, /* pad row */
    (96.2206 / 255 - 0.5) / 0.5,        /* 80 + 1.4746 * 11 */
    (167.1872 / 255 - 0.5) / 0.5,       /* 120 + 1.4746 * 32 */
    (60.0 / 255 - 0.5) / 0.5, (60.0 / 255 - 0.5) / 0.5, /* pad row */
    /* G plane, mean 0.25, std 0.25 */
    (60.0 / 255 - 0.25) / 0.25, (60.0 / 255 - 0.25) / 0.25,
    (76.018859 / 255 - 0.25) / 0.25,    /* 80 + 0.1645531 * 14
                                         * - 0.5713531 * 11 */
    (102.210359 / 255 - 0.25) / 0.25,   /* 120 - 0.1645531 * -3
                                         * - 0.5713531 * 32 */
    (60.0 / 255 - 0.25) / 0.25, (60.0 / 255 - 0.25) / 0.25,
    /* B plane, mean 0.125, std 2 */
    (60.0 / 255 - 0.125) / 2, (60.0 / 255 - 0.125) / 2,
    (53.6604 / 255 - 0.125) / 2,        /* 80 + 1.8814 * -14 */
    (114.3558 / 255 - 0.125) / 2,       /* 120 + 1.8814 * -3 */
    (60.0 / 255 - 0.125) / 2, (60.0 / 255 - 0.125) / 2,
  };
  PrepConfig cfg;

  golden_config (&cfg, 2, 3);
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  cfg.pad_value = 60;
  cfg.matrix = PREP_MATRIX_BT2020;
  cfg.range = PREP_RANGE_FULL;
  cfg.mean[0] = 0.5;
  cfg.mean[1] = 0.25;
  cfg.mean[2] = 0.125;
  cfg.std[0] = 0.5;
  cfg.std[1] = 0.25;
  cfg.std[2] = 2;
  check_golden (&cfg, make_rect (0, 1, 4, 2), expected,
      G_N_ELEMENTS (expected), __func__);
}

GST_END_TEST;

/* Crop (1, 1, 2, 2) -> 3x1 stretch, bilinear, limited-range BT.601, RGB,
 * NCHW, /255.  Taps are clamped to the crop:
 * sx = 1 + (x + 0.5) * 2 / 3 - 0.5 = 0.8333, 1.5, 2.1667
 *   x = 0: taps 0, 1 -> both clamped to column 1
 *   x = 1: taps 1, 2, weights 1/2
 *   x = 2: taps 2, 3 -> both clamped to column 2
 * sy = 1 + 0.5 * 2 / 1 - 0.5 = 1.5: rows 1, 2, weights 1/2.
 *   x = 0: Y = (70 + 110) / 2 = 90, U = (100 + 128) / 2 = 114,
 *          V = (150 + 128) / 2 = 139
 *   x = 1: Y = (70 + 90 + 110 + 130) / 4 = 100,
 *          U = (100 + 160 + 128 + 90) / 4 = 119.5,
 *          V = (150 + 120 + 128 + 200) / 4 = 149.5
 *   x = 2: Y = (90 + 130) / 2 = 110, U = (160 + 90) / 2 = 125,
 *          V = (120 + 200) / 2 = 160
 * Limited range BT.601, 8-bit units: Y8 = 255 (Y - 16) / 219,
 * Cb8 = 255 (U - 128) / 224, Cr8 = 255 (V - 128) / 224;
 *   R = Y8 + 1.402 Cr8, G = Y8 - 0.3441363 Cb8 - 0.7141363 Cr8,
 *   B = Y8 + 1.772 Cb8                                               */
GST_START_TEST (test_golden_crop_clamp_limited_601)
{
  static const double expected[] = {
    /* R: x = 0: Y8 = 86.164384, Cb8 = -15.9375, Cr8 = 12.522321
     *    x = 1: Y8 = 97.808219, Cb8 = -9.676339, Cr8 = 24.475446
     *    x = 2: Y8 = 109.452055, Cb8 = -3.415179, Cr8 = 36.428571 */
    103.720678 / 255,           /* 86.164384 + 1.402 * 12.522321 */
    132.122795 / 255,           /* 97.808219 + 1.402 * 24.475446 */
    160.524912 / 255,           /* 109.452055 + 1.402 * 36.428571 */
    /* G */
    82.706412 / 255,            /* 86.164384 + 5.484672 - 8.942644 */
    83.659394 / 255,            /* 97.808219 + 3.329990 - 17.478815 */
    84.612377 / 255,            /* 109.452055 + 1.175286 - 26.014965 */
    /* B */
    57.923134 / 255,            /* 86.164384 + 1.772 * -15.9375 */
    80.661746 / 255,            /* 97.808219 + 1.772 * -9.676339 */
    103.400358 / 255,           /* 109.452055 + 1.772 * -3.415179 */
  };
  PrepConfig cfg;

  golden_config (&cfg, 3, 1);
  cfg.matrix = PREP_MATRIX_BT601;
  cfg.range = PREP_RANGE_LIMITED;
  check_golden (&cfg, make_rect (1, 1, 2, 2), expected,
      G_N_ELEMENTS (expected), __func__);
}

GST_END_TEST;

/* Whole frame -> 3x1 stretch, bilinear, full-range BT.709, RGB, NCHW.
 * Non-trivial weights: sx = (x + 0.5) * 4 / 3 - 0.5 = 1/6, 3/2, 17/6
 *   x = 0: columns 0, 1, weight 1/6 on column 1
 *   x = 1: columns 1, 2, weight 1/2
 *   x = 2: columns 2, 3, weight 5/6 on column 3
 * sy = 0.5 * 4 / 1 - 0.5 = 1.5: rows 1, 2, weights 1/2; the column
 * averages of rows 1, 2 are 70, 90, 110, 130; chroma columns 0, 0, 1, 1
 * with row averages (U, V) = (114, 139), (125, 160).
 *   x = 0: Y = 70 * 5/6 + 90 / 6 = 73.333333, U = 114, V = 139
 *   x = 1: Y = 100, U = (114 + 125) / 2 = 119.5, V = (139 + 160) / 2
 *          = 149.5
 *   x = 2: Y = 110 / 6 + 130 * 5/6 = 126.666667, U = 125, V = 160
 * Full range BT.709: R = Y + 1.5748 (V - 128),
 * G = Y - 0.1873243 (U - 128) - 0.4681243 (V - 128), B = Y + 1.8556
 * (U - 128).                                                           */
GST_START_TEST (test_golden_weights_full_709)
{
  static const double expected[] = {
    90.656133 / 255,            /* 73.333333 + 1.5748 * 11 */
    133.8582 / 255,             /* 100 + 1.5748 * 21.5 */
    177.060267 / 255,           /* 126.666667 + 1.5748 * 32 */
    70.806506 / 255,            /* 73.333333 + 2.622540 - 5.149367 */
    91.527584 / 255,            /* 100 + 1.592256 - 10.064672 */
    112.248663 / 255,           /* 126.666667 + 0.561973 - 14.979978 */
    47.354933 / 255,            /* 73.333333 + 1.8556 * -14 */
    84.2274 / 255,              /* 100 + 1.8556 * -8.5 */
    121.099867 / 255,           /* 126.666667 + 1.8556 * -3 */
  };
  PrepConfig cfg;

  golden_config (&cfg, 3, 1);
  cfg.matrix = PREP_MATRIX_BT709;
  cfg.range = PREP_RANGE_FULL;
  check_golden (&cfg, make_rect (0, 0, 4, 4), expected,
      G_N_ELEMENTS (expected), __func__);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* The table: engine vs the float64 reference model                         */
/* ------------------------------------------------------------------------ */

/* Statistics of the table test, in memory shared with the forked test
 * processes so that the last iteration can print them. */
typedef struct
{
  int cases;
  double max_err;
} RefStats;

static RefStats *ref_stats;

/* Worst element of a comparison. */
typedef struct
{
  double err, expected, got;
  int c, x, y;
} Worst;

/* Every element of the tensor must have been written (no sentinel left),
 * be finite and lie within REF_BOUND of the model. */
static Worst
compare_tensor (const RefConfig * rc, const float *out, const double *ref,
    const char *name)
{
  Worst w = { -1.0, 0, 0, 0, 0, 0 };
  int x, y, c;

  for (y = 0; y < rc->out_height; y++)
    for (x = 0; x < rc->out_width; x++)
      for (c = 0; c < 3; c++) {
        size_t i = ref_tensor_index (rc, c, x, y);
        double err = fabs ((double) out[i] - ref[i]);

        /* no fail_unless () per element: it costs a syscall each */
        if (float_bits (out[i]) == SENTINEL_BITS || !isfinite (out[i]))
          fail ("%s: element (c %d, y %d, x %d) not written or not finite",
              name, c, y, x);
        if (err > w.err) {
          w.err = err;
          w.expected = ref[i];
          w.got = out[i];
          w.c = c;
          w.x = x;
          w.y = y;
        }
      }
  return w;
}

GST_START_TEST (test_reference_table)
{
  const RefCase *tc = &ref_cases[__i__];
  guint64 rng = case_seed (__i__);
  PrepConfig cfg;
  RefConfig rc;
  PrepPlan *plan = NULL;
  PrepRect crop;
  TestFrame f;
  size_t n, bytes, total;
  float *dst;
  double *ref;
  Worst w;

  case_config (tc, &cfg);
  crop = case_crop (tc);
  fail_unless_equals_int (case_plan_new (tc, &cfg, &plan), PREP_OK);
  fail_unless_equals_int (prep_tensor_size (tc->ow, tc->oh, 3, 1,
          PREP_DTYPE_FLOAT32, &n, &bytes), PREP_OK);
  fail_unless (n == (size_t) 3 * tc->ow * tc->oh && bytes == n * 4);
  fail_unless_equals_uint64 (prep_plan_output_bytes (plan), bytes);
  frame_new (&f, tc, plan, &rng);

  total = GUARD_HEAD + n + GUARD_TAIL;
  dst = g_new (float, total);
  fill_sentinel (dst, total);
  fail_unless_equals_int (prep_plan_run_cpu (plan, &f.pf, dst + GUARD_HEAD,
          (n + GUARD_TAIL) * sizeof (float)), PREP_OK);
  fail_unless_equals_int (first_written (dst, GUARD_HEAD), GUARD_HEAD);
  fail_unless_equals_int (first_written (dst + GUARD_HEAD + n, GUARD_TAIL),
      GUARD_TAIL);

  case_ref_config (&cfg, &crop, &rc);
  case_ref_window (tc, &rc);
  ref = g_new (double, n);
  ref_run (&rc, &f.img, ref);
  w = compare_tensor (&rc, dst + GUARD_HEAD, ref, tc->name);
  GST_INFO ("%s: max abs error %.3g", tc->name, w.err);
  /* counted before the verdict: the summary covers failing cases too */
  ref_stats->cases++;
  ref_stats->max_err = MAX (ref_stats->max_err, w.err);
  if (__i__ == (int) n_ref_cases - 1)
    g_print ("reference cases: %d, max abs error: %.3g (bound %g)\n",
        ref_stats->cases, ref_stats->max_err, REF_BOUND);
  fail_unless (w.err <= REF_BOUND, "%s: max abs error %.3g > %g at "
      "(c %d, y %d, x %d): expected %.9f, got %.9f", tc->name, w.err,
      REF_BOUND, w.c, w.y, w.x, w.expected, w.got);

  g_free (ref);
  g_free (dst);
  frame_free (&f);
  prep_plan_free (plan);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Determinism                                                              */
/* ------------------------------------------------------------------------ */

/* The same plan run twice on the same frame gives the same bytes. */
static void
check_deterministic (const RefCase * tc)
{
  guint64 rng = 42;
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  TestFrame f;
  size_t bytes;
  float *a, *b;

  case_config (tc, &cfg);
  fail_unless_equals_int (case_plan_new (tc, &cfg, &plan), PREP_OK);
  frame_new (&f, tc, plan, &rng);
  bytes = prep_plan_output_bytes (plan);
  a = g_malloc (bytes);
  b = g_malloc (bytes);
  memset (a, 0x11, bytes);
  memset (b, 0x22, bytes);
  fail_unless_equals_int (prep_plan_run_cpu (plan, &f.pf, a, bytes), PREP_OK);
  fail_unless_equals_int (prep_plan_run_cpu (plan, &f.pf, b, bytes), PREP_OK);
  if (memcmp (a, b, bytes) != 0) {
    size_t i = first_difference (a, b, bytes / sizeof (float));

    fail ("%s: runs differ at element %zu: %a, then %a", tc->name, i, a[i],
        b[i]);
  }
  g_free (a);
  g_free (b);
  frame_free (&f);
  prep_plan_free (plan);
}

GST_START_TEST (test_deterministic)
{
  static const RefCase cases[] = {
    {"34x18 imagenet letterbox",.w = 34,.h = 18,.ow = 24,.oh = 24,
        .aspect = LB,.pad = 114,.norm = NORM_IMAGENET},
    {"1921x1081 -> 320x320 nhwc",.w = 1921,.h = 1081,.ow = 320,.oh = 320,
        .layout = NHWC,.y_pad = 7,.uv_pad = 9},
    {"5x7 nearest bgr",.w = 5,.h = 7,.ow = 11,.oh = 3,.interp = NN,
        .order = BGR},
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    check_deterministic (&cases[i]);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* API error policies                                                       */
/* ------------------------------------------------------------------------ */

static void
check_crop (const PrepRect * req, PrepStatus want, const PrepRect * out,
    int want_clamped)
{
  PrepRect got = { -7, -7, -7, -7 };
  int clamped = -1;

  fail_unless_equals_int (prep_crop_resolve (64, 48, req, &got, &clamped),
      want);
  if (want != PREP_OK)
    return;
  fail_unless (got.x == out->x && got.y == out->y && got.width == out->width
      && got.height == out->height, "crop (%d,%d %dx%d) -> (%d,%d %dx%d), "
      "expected (%d,%d %dx%d)", req->x, req->y, req->width, req->height,
      got.x, got.y, got.width, got.height, out->x, out->y, out->width,
      out->height);
  fail_unless_equals_int (clamped, want_clamped);
}

/* Frame 64x48. */
GST_START_TEST (test_crop_resolve)
{
  static const struct
  {
    PrepRect req;
    PrepStatus status;
    PrepRect out;
    int clamped;
  } cases[] = {
    /* 0 width/height: to the frame's edge */
    {{0, 0, 0, 0}, PREP_OK, {0, 0, 64, 48}, 0},
    {{10, 20, 0, 0}, PREP_OK, {10, 20, 54, 28}, 0},
    {{10, 20, 30, 0}, PREP_OK, {10, 20, 30, 28}, 0},
    {{10, 20, 0, 5}, PREP_OK, {10, 20, 54, 5}, 0},
    /* inside, touching the edges */
    {{0, 0, 64, 48}, PREP_OK, {0, 0, 64, 48}, 0},
    {{63, 47, 1, 1}, PREP_OK, {63, 47, 1, 1}, 0},
    /* partly outside: clamped */
    {{50, 40, 30, 20}, PREP_OK, {50, 40, 14, 8}, 1},
    {{-5, -6, 20, 20}, PREP_OK, {0, 0, 15, 14}, 1},
    {{-1, 0, 65, 48}, PREP_OK, {0, 0, 64, 48}, 1},
    {{10, 10, INT_MAX, INT_MAX}, PREP_OK, {10, 10, 54, 38}, 1},
    /* entirely outside, empty, negative */
    {{64, 0, 10, 10}, PREP_ERROR_CROP},
    {{0, 48, 10, 10}, PREP_ERROR_CROP},
    {{-20, 0, 10, 10}, PREP_ERROR_CROP},
    {{-10, 0, 10, 10}, PREP_ERROR_CROP},
    {{0, -10, 10, 10}, PREP_ERROR_CROP},
    {{64, 0, 0, 0}, PREP_ERROR_CROP},
    {{0, 0, -1, 10}, PREP_ERROR_CROP},
    {{0, 0, 10, -3}, PREP_ERROR_CROP},
    {{INT_MAX - 5, 0, 10, 10}, PREP_ERROR_CROP},
    {{INT_MIN, 0, 10, 10}, PREP_ERROR_CROP},
  };
  PrepRect r = { 0, 0, 0, 0 }, got;
  int clamped;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    check_crop (&cases[i].req, cases[i].status, &cases[i].out,
        cases[i].clamped);

  fail_unless_equals_int (prep_crop_resolve (0, 48, &r, &got, &clamped),
      PREP_ERROR_SIZE);
  fail_unless_equals_int (prep_crop_resolve (64, -1, &r, &got, &clamped),
      PREP_ERROR_SIZE);
  fail_unless_equals_int (prep_crop_resolve (64, 48, NULL, &got, &clamped),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_crop_resolve (64, 48, &r, NULL, &clamped),
      PREP_ERROR_INVALID_ARGUMENT);
}

GST_END_TEST;

/* A valid configuration: 64x48 frame, whole crop, 32x32 tensor. */
static void
valid_config (PrepConfig * cfg)
{
  prep_config_init (cfg);
  cfg->src_width = 64;
  cfg->src_height = 48;
  cfg->out_width = 32;
  cfg->out_height = 32;
}

/* prep_plan_new (with the whole frame as its one rectangle) and
 * prep_config_validate both give want; a refused plan stays NULL. */
static void
check_plan_status (const PrepConfig * cfg, PrepStatus want, const char *what)
{
  PrepRect whole = make_rect (0, 0, cfg->src_width, cfg->src_height);
  PrepPlan *plan = NULL;
  PrepStatus got = prep_plan_new (cfg, &whole, 1, &plan);

  fail_unless (got == want, "%s: prep_plan_new gave %d (%s), expected %d (%s)",
      what, got, prep_status_string (got), want, prep_status_string (want));
  fail_unless_equals_int (prep_config_validate (cfg), want);
  if (want == PREP_OK)
    fail_unless (plan != NULL, "%s: no plan", what);
  else
    fail_unless (plan == NULL, "%s: refused but returned a plan", what);
  prep_plan_free (plan);
}

/* Sets one double field of a valid config and checks the status. */
static void
check_double_field (gsize offset, double value, PrepStatus want,
    const char *what)
{
  PrepConfig cfg;

  valid_config (&cfg);
  G_STRUCT_MEMBER (double, &cfg, offset) = value;
  check_plan_status (&cfg, want, what);
}

#define STD(c) G_STRUCT_OFFSET (PrepConfig, std) + (c) * sizeof (double)
#define MEAN(c) G_STRUCT_OFFSET (PrepConfig, mean) + (c) * sizeof (double)

GST_START_TEST (test_plan_normalization_and_pad)
{
  gsize scale = G_STRUCT_OFFSET (PrepConfig, scale);
  gsize pad = G_STRUCT_OFFSET (PrepConfig, pad_value);

  check_double_field (STD (0), 0.0, PREP_ERROR_NORMALIZATION, "std[0] 0");
  check_double_field (STD (1), -0.0, PREP_ERROR_NORMALIZATION, "std[1] -0");
  check_double_field (STD (2), NAN, PREP_ERROR_NORMALIZATION, "std[2] nan");
  check_double_field (STD (0), INFINITY, PREP_ERROR_NORMALIZATION, "std inf");
  check_double_field (STD (1), -INFINITY, PREP_ERROR_NORMALIZATION, "std -inf");
  check_double_field (MEAN (0), NAN, PREP_ERROR_NORMALIZATION, "mean nan");
  check_double_field (MEAN (2), INFINITY, PREP_ERROR_NORMALIZATION, "mean inf");
  check_double_field (scale, NAN, PREP_ERROR_NORMALIZATION, "scale nan");
  check_double_field (scale, INFINITY, PREP_ERROR_NORMALIZATION, "scale inf");
  check_double_field (STD (2), 1e-3, PREP_OK, "std 1e-3");
  check_double_field (MEAN (1), -3.5, PREP_OK, "mean -3.5");

  check_double_field (pad, -1.0, PREP_ERROR_PAD_VALUE, "pad -1");
  check_double_field (pad, 255.5, PREP_ERROR_PAD_VALUE, "pad 255.5");
  check_double_field (pad, NAN, PREP_ERROR_PAD_VALUE, "pad nan");
  check_double_field (pad, INFINITY, PREP_ERROR_PAD_VALUE, "pad inf");
  check_double_field (pad, 0.0, PREP_OK, "pad 0");
  check_double_field (pad, 255.0, PREP_OK, "pad 255");
}

GST_END_TEST;

/* pad_values: each tensor channel's bands take its own value, normalized
 * with its own mean and std, in tensor channel order whatever the layout
 * and the channel order; checked (each value in [0, 255]) only where they
 * apply, and pad_value then does not matter. */
GST_START_TEST (test_pad_per_channel)
{
  static const double pads[3] = { 124.0, 116.0, 104.0 };
  PrepRect whole = make_rect (0, 0, 8, 2);
  PrepPlan *plan = NULL;
  PrepConfig cfg;
  guint8 y[16], uv[8];
  PrepFrame f;
  gfloat out[3 * 8 * 8];
  int c, layout, i;

  memset (y, 200, sizeof (y));
  memset (uv, 128, sizeof (uv));
  for (layout = 0; layout < 2; layout++) {
    prep_config_init (&cfg);
    cfg.src_width = 8;
    cfg.src_height = 2;
    cfg.out_width = cfg.out_height = 8;
    cfg.aspect = PREP_ASPECT_LETTERBOX;
    cfg.channel_order = PREP_ORDER_BGR;
    cfg.layout = layout ? PREP_LAYOUT_NHWC : PREP_LAYOUT_NCHW;
    cfg.pad_value = 300.0;      /* not used: refused if it were */
    cfg.pad_per_channel = 1;
    for (c = 0; c < 3; c++) {
      cfg.pad_values[c] = pads[c];
      cfg.mean[c] = 0.5 * c;
      cfg.std[c] = 0.25 + c;
    }
    fail_unless_equals_int (prep_plan_new (&cfg, &whole, 1, &plan), PREP_OK);
    prep_frame_init (&f, PREP_FORMAT_NV12, 8, 2);
    f.planes[0] = y;
    f.strides[0] = 8;
    f.planes[1] = uv;
    f.strides[1] = 8;
    fail_unless_equals_int (prep_plan_run_cpu (plan, &f, out, sizeof (out)),
        PREP_OK);
    prep_plan_free (plan);
    /* 8x2 into 8x8: 2 image rows (3, 4), the others are bands */
    for (c = 0; c < 3; c++) {
      gfloat want = (gfloat) pads[c] * (gfloat) (cfg.scale / cfg.std[c]) +
          (gfloat) (-cfg.mean[c] / cfg.std[c]);

      for (i = 0; i < 8; i++) {
        gsize at = layout ? (gsize) i * 3 + c : (gsize) c * 64 + i;

        fail_unless (out[at] == want, "%s: channel %d, band pixel %d: %g, "
            "want %g", layout ? "NHWC" : "NCHW", c, i, out[at], want);
      }
    }
  }
  /* refused only where they apply */
  cfg.pad_values[1] = 255.5;
  fail_unless_equals_int (prep_config_validate (&cfg), PREP_ERROR_PAD_VALUE);
  cfg.pad_values[1] = NAN;
  fail_unless_equals_int (prep_config_validate (&cfg), PREP_ERROR_PAD_VALUE);
  cfg.pad_per_channel = 0;
  cfg.pad_value = 0.0;
  fail_unless_equals_int (prep_config_validate (&cfg), PREP_OK);
  cfg.pad_per_channel = 2;
  fail_unless_equals_int (prep_config_validate (&cfg),
      PREP_ERROR_INVALID_ARGUMENT);
}

GST_END_TEST;

/* Sets one int field of a valid config and checks the status. */
static void
check_int_field (gsize offset, int value, PrepStatus want, const char *what)
{
  PrepConfig cfg;

  valid_config (&cfg);
  G_STRUCT_MEMBER (int, &cfg, offset) = value;
  check_plan_status (&cfg, want, what);
}

#define FIELD(f) G_STRUCT_OFFSET (PrepConfig, f)

/* A rectangle of a valid config's frame: prep_plan_new () with it gives
 * want, and prep_plan_set_slots () with it gives want too and, when it
 * refuses, leaves the plan's slot as it was. */
static void
check_rect_status (PrepRect r, PrepStatus want, const char *what)
{
  PrepRect whole = make_rect (0, 0, 64, 48);
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  PrepBoxMap map;

  valid_config (&cfg);
  fail_unless (prep_plan_new (&cfg, &r, 1, &plan) == want,
      "%s: prep_plan_new did not give %s", what, prep_status_string (want));
  fail_unless ((plan != NULL) == (want == PREP_OK), "%s: plan %p", what, plan);
  prep_plan_free (plan);
  fail_unless_equals_int (prep_plan_new (&cfg, &whole, 1, &plan), PREP_OK);
  fail_unless (prep_plan_set_slots (plan, &r, 1) == want,
      "%s: prep_plan_set_slots did not give %s", what,
      prep_status_string (want));
  fail_unless_equals_int (prep_plan_slot_map (plan, 0, &map), PREP_OK);
  if (want != PREP_OK)
    fail_unless (memcmp (&map.src, &whole, sizeof whole) == 0,
        "%s: refused, but the slot changed", what);
  prep_plan_free (plan);
}

GST_START_TEST (test_plan_sizes_and_crop)
{
  PrepConfig cfg;
  PrepPlan *plan = NULL;

  check_int_field (FIELD (out_width), 0, PREP_ERROR_SIZE, "out width 0");
  check_int_field (FIELD (out_height), 0, PREP_ERROR_SIZE, "out height 0");
  check_int_field (FIELD (out_width), -3, PREP_ERROR_SIZE, "out width -3");
  check_int_field (FIELD (src_width), 0, PREP_ERROR_SIZE, "src width 0");
  check_int_field (FIELD (src_height), -1, PREP_ERROR_SIZE, "src height -1");

  check_rect_status (make_rect (1, 0, 64, 48), PREP_ERROR_CROP,
      "crop past right");
  check_rect_status (make_rect (0, -1, 64, 48), PREP_ERROR_CROP,
      "crop above top");
  check_rect_status (make_rect (0, 0, 0, 48), PREP_ERROR_CROP, "crop width 0");
  check_rect_status (make_rect (0, 0, 64, 49), PREP_ERROR_CROP,
      "crop too tall");
  check_rect_status (make_rect (64, 0, 64, 48), PREP_ERROR_CROP,
      "crop outside");
  check_rect_status (make_rect (63, 47, 1, 1), PREP_OK, "crop 1x1 corner");

  check_int_field (FIELD (aspect), 7, PREP_ERROR_INVALID_ARGUMENT, "aspect");
  check_int_field (FIELD (interpolation), 4, PREP_ERROR_INVALID_ARGUMENT,
      "interpolation");
  check_int_field (FIELD (letterbox_align), 2, PREP_ERROR_INVALID_ARGUMENT,
      "letterbox align");
  check_int_field (FIELD (letterbox_rounding), -1,
      PREP_ERROR_INVALID_ARGUMENT, "letterbox rounding");
  check_int_field (FIELD (matrix), 99, PREP_ERROR_INVALID_ARGUMENT, "matrix");
  check_int_field (FIELD (range), -1, PREP_ERROR_INVALID_ARGUMENT, "range");
  check_int_field (FIELD (channel_order), 3, PREP_ERROR_INVALID_ARGUMENT,
      "channel order");
  check_int_field (FIELD (format), PREP_FORMAT_COUNT,
      PREP_ERROR_INVALID_ARGUMENT, "format");
  check_int_field (FIELD (data_type), 4, PREP_ERROR_INVALID_ARGUMENT,
      "data type");
  check_int_field (FIELD (layout), 3, PREP_ERROR_INVALID_ARGUMENT, "layout");

  /* 3 * INT_MAX^2 floats: the byte count overflows size_t */
  valid_config (&cfg);
  cfg.out_width = cfg.out_height = INT_MAX;
  check_plan_status (&cfg, PREP_ERROR_OVERFLOW, "out INT_MAX x INT_MAX");

  /* the weights of a slot, 2 (W + H + OW + OH) + 4 with the triangle, 4
   * (...) + 4 with bicubic, must fit in an int: W + H + OW + OH of
   * 2^29 + 2 is refused with bicubic only, 2^29 - 3 taken */
  valid_config (&cfg);
  cfg.src_width = 1 << 28;
  cfg.src_height = (1 << 28) - cfg.out_width - cfg.out_height + 2;
  cfg.antialias = 1;
  fail_unless_equals_int (prep_config_validate (&cfg), PREP_OK);
  cfg.interpolation = PREP_INTERP_BICUBIC;
  fail_unless_equals_int (prep_config_validate (&cfg), PREP_ERROR_OVERFLOW);
  cfg.antialias = 0;
  fail_unless_equals_int (prep_config_validate (&cfg), PREP_ERROR_OVERFLOW);
  cfg.src_height -= 5;
  fail_unless_equals_int (prep_config_validate (&cfg), PREP_OK);

  valid_config (&cfg);
  fail_unless_equals_int (prep_plan_new (NULL, NULL, 0, &plan),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_new (&cfg, NULL, 0, NULL),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_new (&cfg, NULL, 1, &plan),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_new (&cfg, NULL, -1, &plan),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless (plan == NULL);
  /* no rectangle: a plan of padding */
  fail_unless_equals_int (prep_plan_new (&cfg, NULL, 0, &plan), PREP_OK);
  fail_unless_equals_int (prep_plan_valid_slots (plan), 0);
  prep_plan_free (plan);
  plan = NULL;
  fail_unless (plan == NULL);
  prep_plan_free (NULL);        /* allowed, like free () */
}

GST_END_TEST;

/* The slot map of a 640x640 letterbox of a @w x @h frame. */
static PrepBoxMap
letterbox_map (int w, int h, PrepAlign align, PrepRounding rounding)
{
  PrepRect whole = make_rect (0, 0, w, h);
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  PrepBoxMap map;

  prep_config_init (&cfg);
  cfg.src_width = w;
  cfg.src_height = h;
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  cfg.letterbox_align = align;
  cfg.letterbox_rounding = rounding;
  fail_unless_equals_int (prep_plan_new (&cfg, &whole, 1, &plan), PREP_OK);
  fail_unless_equals_int (prep_plan_slot_map (plan, 0, &map), PREP_OK);
  prep_plan_free (plan);
  return map;
}

/* Ultralytics' LetterBox (Python's round, half to even) and the default
 * (half away from zero) differ only at exact ties: 1280x721 into 640x640
 * is 640 x 360.5, 360 rows one way and 361 the other, hand-computed.
 * YOLOX truncates (floor): 1280x727 is 363.5, 363 rows where half-up
 * gives 364; 1280x721 gives 360, and 1279x725 (362.78) 362.
 * Top-left puts the image at (0, 0). */
GST_START_TEST (test_letterbox_rounding_and_align)
{
  PrepBoxMap m;

  m = letterbox_map (1280, 721, PREP_ALIGN_CENTER, PREP_ROUND_HALF_UP);
  fail_unless (m.scale_y * 721 == 361.0 && m.offset_y == 139.0,
      "half up: %g rows at %g", m.scale_y * 721, m.offset_y);
  m = letterbox_map (1280, 721, PREP_ALIGN_CENTER, PREP_ROUND_HALF_EVEN);
  fail_unless (m.scale_y * 721 == 360.0 && m.offset_y == 140.0,
      "half even: %g rows at %g", m.scale_y * 721, m.offset_y);
  m = letterbox_map (1280, 727, PREP_ALIGN_CENTER, PREP_ROUND_FLOOR);
  fail_unless (m.scale_y * 727 == 363.0 && m.offset_y == 138.0,
      "floor: %g rows at %g", m.scale_y * 727, m.offset_y);
  m = letterbox_map (1280, 727, PREP_ALIGN_CENTER, PREP_ROUND_HALF_UP);
  fail_unless (m.scale_y * 727 == 364.0, "half up: %g", m.scale_y * 727);
  m = letterbox_map (1280, 721, PREP_ALIGN_CENTER, PREP_ROUND_FLOOR);
  fail_unless (m.scale_y * 721 == 360.0, "floor: %g", m.scale_y * 721);
  m = letterbox_map (1279, 725, PREP_ALIGN_CENTER, PREP_ROUND_FLOOR);
  fail_unless (m.scale_y * 725 == 362.0, "floor: %g", m.scale_y * 725);
  /* 1280x723: 361.5, even is 362 both ways */
  m = letterbox_map (1280, 723, PREP_ALIGN_CENTER, PREP_ROUND_HALF_EVEN);
  fail_unless (m.scale_y * 723 == 362.0, "%g", m.scale_y * 723);
  m = letterbox_map (1280, 720, PREP_ALIGN_TOP_LEFT, PREP_ROUND_HALF_UP);
  fail_unless (m.offset_x == 0.0 && m.offset_y == 0.0 &&
      m.scale_y * 720 == 360.0, "top-left: %g rows at (%g, %g)",
      m.scale_y * 720, m.offset_x, m.offset_y);
  m = letterbox_map (720, 1280, PREP_ALIGN_TOP_LEFT, PREP_ROUND_HALF_UP);
  fail_unless (m.offset_x == 0.0 && m.scale_x * 720 == 360.0, "%g at %g",
      m.scale_x * 720, m.offset_x);
}

GST_END_TEST;

/* Cover with crop fraction 224/256 = 0.875 is torchvision's eval
 * transform, Resize (256) + CenterCrop (224), on 1920x1080 (hand-computed
 * as torchvision does it: the short side 256, the long one
 * int (256 * 1920 / 1080) = 455, cut at round ((455 - 224) / 2) = 116
 * (115.5, Python rounds to even) and round ((256 - 224) / 2) = 16); with
 * fraction 1 a 1280x720 crop covers 640x640 as 1137x640, cut at 248
 * (round (248.5) = 248). */
GST_START_TEST (test_cover_geometry)
{
  PrepRect whole = make_rect (0, 0, 1920, 1080);
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  PrepBoxMap m;

  prep_config_init (&cfg);
  cfg.src_width = 1920;
  cfg.src_height = 1080;
  cfg.out_width = cfg.out_height = 224;
  cfg.aspect = PREP_ASPECT_COVER;
  cfg.crop_fraction = 0.875;
  fail_unless_equals_int (prep_plan_new (&cfg, &whole, 1, &plan), PREP_OK);
  fail_unless_equals_int (prep_plan_slot_map (plan, 0, &m), PREP_OK);
  fail_unless (m.scale_x * 1920 == 455.0 && m.scale_y * 1080 == 256.0,
      "%g x %g", m.scale_x * 1920, m.scale_y * 1080);
  fail_unless (m.offset_x == -116.0 && m.offset_y == -16.0, "at (%g, %g)",
      m.offset_x, m.offset_y);
  prep_plan_free (plan);
  whole = make_rect (0, 0, 1280, 720);
  cfg.src_width = 1280;
  cfg.src_height = 720;
  cfg.out_width = cfg.out_height = 640;
  cfg.crop_fraction = 1.0;
  fail_unless_equals_int (prep_plan_new (&cfg, &whole, 1, &plan), PREP_OK);
  fail_unless_equals_int (prep_plan_slot_map (plan, 0, &m), PREP_OK);
  fail_unless (m.scale_x * 1280 == 1137.0 && m.offset_x == -248.0 &&
      m.scale_y * 720 == 640.0 && m.offset_y == 0.0, "%g at %g",
      m.scale_x * 1280, m.offset_x);
  prep_plan_free (plan);
  cfg.crop_fraction = 0.0;
  fail_unless_equals_int (prep_config_validate (&cfg),
      PREP_ERROR_INVALID_ARGUMENT);
  cfg.crop_fraction = 1.5;
  fail_unless_equals_int (prep_config_validate (&cfg),
      PREP_ERROR_INVALID_ARGUMENT);
  cfg.crop_fraction = NAN;
  fail_unless_equals_int (prep_config_validate (&cfg),
      PREP_ERROR_INVALID_ARGUMENT);
}

GST_END_TEST;

/* nearest-floor takes floor (o * len / inner), nearest the sample under the
 * output pixel's centre: 4 pixels into 3 (hand-computed: o * 4 / 3 gives
 * 0, 1, 2; (2 o + 1) * 4 / 6 rounded gives 0, 2, 3). */
GST_START_TEST (test_nearest_floor_taps)
{
  static const guint8 y[4] = { 10, 20, 30, 40 }, uv[4] = { 128, 128, 128,
    128
  };
  static const float floor_y[3] = { 10, 20, 30 }, exact_y[3] = { 10, 30, 40 };
  PrepRect whole = make_rect (0, 0, 4, 1);
  PrepFrame f = nv12_frame (4, 1, y, 4, uv, 4);
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  float out[9];
  int k, x;

  for (k = 0; k < 2; k++) {
    prep_config_init (&cfg);
    cfg.src_width = 4;
    cfg.src_height = 1;
    cfg.out_width = 3;
    cfg.out_height = 1;
    cfg.range = PREP_RANGE_FULL;
    cfg.scale = 1.0;
    cfg.interpolation = k ? PREP_INTERP_NEAREST : PREP_INTERP_NEAREST_FLOOR;
    fail_unless_equals_int (prep_plan_new (&cfg, &whole, 1, &plan), PREP_OK);
    fail_unless_equals_int (prep_plan_run_cpu (plan, &f, out, sizeof (out)),
        PREP_OK);
    for (x = 0; x < 3; x++)
      fail_unless (out[x] == (k ? exact_y[x] : floor_y[x]), "%s x=%d: %g",
          k ? "nearest" : "nearest-floor", x, out[x]);
    prep_plan_free (plan);
  }
}

GST_END_TEST;

/* The configuration @cfg of the 1-row GRAY8 frame @f of the pixels @px
 * (@w wide) into a @ow x 1 tensor: full range, gray, scale 1 (pixel
 * units), the other options the defaults. */
static void
gray_row (const guint8 * px, int w, int ow, PrepConfig * cfg, PrepFrame * f)
{
  prep_config_init (cfg);
  cfg->format = PREP_FORMAT_GRAY8;
  cfg->src_width = w;
  cfg->src_height = 1;
  cfg->out_width = ow;
  cfg->out_height = 1;
  cfg->range = PREP_RANGE_FULL;
  cfg->channel_order = PREP_ORDER_GRAY;
  cfg->scale = 1.0;
  prep_frame_init (f, PREP_FORMAT_GRAY8, w, 1);
  f->planes[0] = px;
  f->strides[0] = w;
}

/* Output row 0 of a 1-row GRAY8 frame @px (@w wide) resized to @ow x 1
 * with @interp and @antialias (scale 1: pixel units), on the CPU
 * implementation @impl. */
static void
bicubic_run (const guint8 * px, int w, int ow, int antialias,
    PrepCpuImpl impl, float *out)
{
  PrepRect whole = make_rect (0, 0, w, 1);
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  PrepFrame f;

  gray_row (px, w, ow, &cfg, &f);
  cfg.interpolation = PREP_INTERP_BICUBIC;
  cfg.antialias = antialias;
  fail_unless_equals_int (prep_plan_new (&cfg, &whole, 1, &plan), PREP_OK);
  fail_unless_equals_int (prep_plan_run_cpu_rows (plan, impl, &f, out,
          (size_t) ow * sizeof (float), 0, 1), PREP_OK);
  prep_plan_free (plan);
}

/* Bicubic weights worked out by hand (docs/semantics.md, "Bicubic"), so
 * that a wrong A, a, support or window fails:
 * - plain, 4 -> 8 columns (scale 1/2): output 3 is at s = 3.5 / 2 - 0.5 =
 *   1.25, i = 1, t = 0.25, taps 0..3 weighted by Keys' cubic with
 *   A = -0.75 at 1.25, 0.25, 0.75, 1.75:
 *   -0.10546875, 0.87890625, 0.26171875, -0.03515625 (dyadic: the result
 *   is exact in float).  Output 0 is at s = -0.25, i = -1, t = 0.75: taps
 *   -2..1 clamp to 0, 0, 0, 1, pixel 1 weighted cubic (1.25) < 0: with
 *   pixel 0 black the value is negative, clamped to 0.  A bright run
 *   overshoots above 255, clamped to 255.
 * - antialiased, 8 -> 2 columns (scale 4): fs = 4, support 8, output 0's
 *   centre 2, window [max (int (-5.5), 0), min (int (10.5), 8)) = [0, 8),
 *   pixel x weighted cubic ((x - 1.5) / 4) with a = -0.5 (PIL's), before
 *   normalization; output 1 the same mirrored. */
GST_START_TEST (test_bicubic_weights)
{
  static const guint8 ramp[4] = { 0, 100, 200, 40 };
  static const guint8 bright[4] = { 0, 255, 255, 255 };
  static const guint8 aa_px[8] = { 10, 200, 30, 250, 0, 120, 255, 60 };
  static const double aa_w[8] = { 0.7275390625, 0.9638671875, 0.9638671875,
    0.7275390625, 0.3896484375, 0.0908203125, -0.0478515625, -0.0732421875
  };
  PrepCpuImpl impls[2] = { PREP_CPU_SCALAR, PREP_CPU_AVX2 };
  double want, sum;
  float out[8];
  int i, o, x;

  for (i = 0; i < 2; i++) {
    if (!prep_cpu_impl_available (impls[i]))
      continue;
    bicubic_run (ramp, 4, 8, 0, impls[i], out);
    fail_unless (out[3] == 138.828125f, "plain bicubic out[3] = %.9g", out[3]);
    fail_unless (out[0] == 0.0f, "undershoot not clamped: %.9g", out[0]);
    bicubic_run (bright, 4, 8, 0, impls[i], out);
    fail_unless (out[3] == 255.0f, "overshoot not clamped: %.9g", out[3]);
    bicubic_run (aa_px, 8, 2, 1, impls[i], out);
    for (o = 0; o < 2; o++) {
      want = sum = 0.0;
      for (x = 0; x < 8; x++) {
        want += aa_w[o ? 7 - x : x] * aa_px[x];
        sum += aa_w[o ? 7 - x : x];
      }
      want /= sum;
      fail_unless (fabs (out[o] - want) < 1e-3, "antialiased bicubic "
          "out[%d] = %.9g, want %.9g", o, out[o], want);
    }
  }
}

GST_END_TEST;

/* Output row 0 of the 1-row GRAY8 frame @px (@w wide) through window
 * [x, x + len) (height the frame's) or, with len 0, the integer crop
 * [x, x + 1), resized bilinear to @ow x 1, scale 1. */
static void
window_row (const guint8 * px, int w, double x, double len, int ow, float *out)
{
  PrepWindow win = { x, 0.0, len, 1.0 };
  PrepRect crop = make_rect ((int) x, 0, 1, 1);
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  PrepFrame f;

  gray_row (px, w, ow, &cfg, &f);
  fail_unless_equals_int (len > 0.0 ? prep_plan_new_windows (&cfg, &win, 1,
          &plan) : prep_plan_new (&cfg, &crop, 1, &plan), PREP_OK);
  fail_unless_equals_int (prep_plan_run_cpu (plan, &f, out,
          (size_t) ow * sizeof (float)), PREP_OK);
  prep_plan_free (plan);
}

/* Fractional windows (prep_plan_new_windows ()), worked out by hand:
 * s = x + (o + 0.5) * len / inner - 0.5, taps clamped to the frame, not
 * to the window (resize-then-crop); the refusals; the box map back to
 * the window. */
GST_START_TEST (test_windows)
{
  static const guint8 px[4] = { 0, 100, 200, 40 };
  PrepWindow bad[] = {
    {NAN, 0, 1, 1}, {0, 0, 0, 1}, {0, 0, 1, -1}, {-0.5, 0, 1, 1},
    {3.5, 0, 0.75, 1}, {0, 0.5, 1, 1}, {0, 0, INFINITY, 1},
  };
  PrepWindow blob = { 87.0 * 1080 / 224, 0, 1080, 1080 }, one = { 0, 0, 4, 1 };
  PrepRect whole = make_rect (0, 0, 4, 1);
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  PrepBoxMap m;
  float out[4];
  guint i;

  /* [0.5, 2.5) into 4: s = 0.25, 0.75, 1.25, 1.75 */
  window_row (px, 4, 0.5, 2.0, 4, out);
  fail_unless (out[0] == 25.0f && out[1] == 75.0f && out[2] == 125.0f &&
      out[3] == 175.0f, "window [0.5, 2.5): %g %g %g %g", out[0], out[1],
      out[2], out[3]);
  /* the window [1, 2) into 2: s = 0.75 and 1.25 read pixels 0 and 2,
   * outside the window; the integer crop (1, 0, 1, 1) reads pixel 1 only */
  window_row (px, 4, 1.0, 1.0, 2, out);
  fail_unless (out[0] == 75.0f && out[1] == 125.0f, "window [1, 2): %g %g",
      out[0], out[1]);
  window_row (px, 4, 1.0, 0.0, 2, out);
  fail_unless (out[0] == 100.0f && out[1] == 100.0f, "crop [1, 2): %g %g",
      out[0], out[1]);

  prep_config_init (&cfg);
  cfg.src_width = 4;
  cfg.src_height = 1;
  for (i = 0; i < G_N_ELEMENTS (bad); i++) {
    fail_unless_equals_int (prep_plan_new_windows (&cfg, &bad[i], 1, &plan),
        PREP_ERROR_CROP);
    fail_unless (plan == NULL);
  }
  fail_unless_equals_int (prep_plan_new_windows (&cfg, &one, 2, &plan),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_new_windows (&cfg, &one, 1, &plan),
      PREP_OK);
  fail_unless_equals_int (prep_plan_set_slots (plan, &whole, 1),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_set_windows (plan, &bad[3], 1),
      PREP_ERROR_CROP);
  fail_unless_equals_int (prep_plan_set_windows (plan, &one, 1), PREP_OK);
  prep_plan_free (plan);
  fail_unless_equals_int (prep_plan_new (&cfg, &whole, 1, &plan), PREP_OK);
  fail_unless_equals_int (prep_plan_set_windows (plan, &one, 1),
      PREP_ERROR_INVALID_ARGUMENT);
  prep_plan_free (plan);

  /* OpenCV's blobFromImage (crop=True) of 1920x1080 into 224x224: the
   * box map gives the window's edges back */
  cfg.src_width = 1920;
  cfg.src_height = 1080;
  cfg.out_width = cfg.out_height = 224;
  fail_unless_equals_int (prep_plan_new_windows (&cfg, &blob, 1, &plan),
      PREP_OK);
  fail_unless_equals_int (prep_plan_slot_map (plan, 0, &m), PREP_OK);
  fail_unless (m.valid && m.src.x == 419 && m.src.y == 0 &&
      m.src.width == 1081 && m.src.height == 1080);
  fail_unless (fabs (m.src.x + (0.0 - m.offset_x) / m.scale_x - blob.x) <
      1e-9, "left edge %.12g", m.src.x + (0.0 - m.offset_x) / m.scale_x);
  fail_unless (fabs (m.src.x + (224.0 - m.offset_x) / m.scale_x - blob.x -
          blob.width) < 1e-9);
  fail_unless (fabs (m.src.y + (224.0 - m.offset_y) / m.scale_y - 1080.0) <
      1e-9);
  prep_plan_free (plan);
}

GST_END_TEST;

/* A batch of windows: each slot holds the bytes of its window's own plan
 * on every CPU implementation, before and after new windows; two slots of
 * one window share its taps. */
GST_START_TEST (test_window_batch)
{
  PrepWindow w[4] = { {10.25, 3.5, 60.5, 40.25}, {0, 0, 97, 61},
  {10.25, 3.5, 60.5, 40.25}, {50.75, 30.125, 46.25, 30.875}
  };
  PrepCpuImpl impls[3] = { PREP_CPU_SCALAR, PREP_CPU_AVX2, PREP_CPU_AUTO };
  guint64 rng = 7;
  PrepConfig cfg;
  PrepPlan *plan = NULL, *one = NULL;
  PrepFrame f;
  size_t slot;
  guint8 *batch, *single;
  int k, i, n, r, aa, interp;

  for (r = 0; r < 8; r++) {
    prep_config_init (&cfg);
    cfg.format = r % 2 ? PREP_FORMAT_I420 : PREP_FORMAT_NV12;
    cfg.src_width = 97;
    cfg.src_height = 61;
    cfg.out_width = 37;
    cfg.out_height = 21;
    cfg.batch_size = 4;
    interp = r / 2;
    aa = r % 3 == 0;
    cfg.interpolation = (PrepInterp) interp;
    cfg.antialias = aa;
    cfg.aspect = (PrepAspect) (r % 3);
    random_frame_new (cfg.format, 97, 61, &rng, &f);
    fail_unless_equals_int (prep_plan_new_windows (&cfg, w, 3, &plan), PREP_OK);
    slot = prep_plan_output_bytes (plan) / 4;
    batch = g_malloc (4 * slot);
    single = g_malloc (4 * slot);
    for (n = 0; n < 2; n++) {
      if (n == 1)
        fail_unless_equals_int (prep_plan_set_windows (plan, w + 1, 3),
            PREP_OK);
      for (k = 0; k < 3; k++) {
        if (!prep_cpu_impl_available (impls[k]))
          continue;
        memset (batch, 0xa5, 4 * slot);
        fail_unless_equals_int (prep_plan_run_cpu_rows (plan, impls[k], &f,
                batch, 4 * slot, 0, prep_plan_rows (plan)), PREP_OK);
        for (i = 0; i < 3; i++) {
          cfg.batch_size = 1;
          fail_unless_equals_int (prep_plan_new_windows (&cfg, &w[i + n], 1,
                  &one), PREP_OK);
          fail_unless_equals_int (prep_plan_run_cpu_rows (one,
                  PREP_CPU_SCALAR, &f, single, slot, 0, cfg.out_height),
              PREP_OK);
          fail_unless (memcmp (batch + i * slot, single, slot) == 0,
              "run %d, windows %d, %s: slot %d differs", r, n,
              prep_cpu_impl_name (impls[k]), i);
          prep_plan_free (one);
          cfg.batch_size = 4;
        }
      }
    }
    g_free (batch);
    g_free (single);
    random_frame_free (&f);
    prep_plan_free (plan);
  }
}

GST_END_TEST;

GST_START_TEST (test_tensor_size)
{
  size_t n = 1, bytes = 1;

  const PrepDataType f32 = PREP_DTYPE_FLOAT32, f16 = PREP_DTYPE_FLOAT16;

  fail_unless_equals_int (prep_tensor_size (640, 480, 3, 1, f32, &n, &bytes),
      PREP_OK);
  fail_unless_equals_uint64 (n, 3 * 640 * 480);
  fail_unless_equals_uint64 (bytes, 4 * 3 * 640 * 480);
  fail_unless_equals_int (prep_tensor_size (224, 224, 3, 16, f16, &n, &bytes),
      PREP_OK);
  fail_unless_equals_uint64 (n, 16 * 3 * 224 * 224);
  fail_unless_equals_uint64 (bytes, 2 * 16 * 3 * 224 * 224);
  fail_unless_equals_int (prep_tensor_size (INT_MAX, INT_MAX, 3, 1, f32, &n,
          &bytes), PREP_ERROR_OVERFLOW);
  fail_unless_equals_int (prep_tensor_size (0, 480, 3, 1, f32, &n, &bytes),
      PREP_ERROR_SIZE);
  fail_unless_equals_int (prep_tensor_size (640, -1, 3, 1, f32, &n, &bytes),
      PREP_ERROR_SIZE);
  fail_unless_equals_int (prep_tensor_size (640, 480, 3, 0, f32, &n, &bytes),
      PREP_ERROR_SIZE);
  fail_unless_equals_int (prep_tensor_size (640, 480, 3, PREP_BATCH_MAX + 1,
          f32, &n, &bytes), PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_tensor_size (640, 480, 3, 1, (PrepDataType) 7,
          &n, &bytes), PREP_ERROR_INVALID_ARGUMENT);
  /* one channel (gray), one byte (uint8, int8); 2 channels are no tensor
   * the engine writes */
  fail_unless_equals_int (prep_tensor_size (640, 480, 1, 2,
          PREP_DTYPE_UINT8, &n, &bytes), PREP_OK);
  fail_unless_equals_uint64 (n, 2 * 640 * 480);
  fail_unless_equals_uint64 (bytes, 2 * 640 * 480);
  fail_unless_equals_int (prep_tensor_size (64, 48, 3, 1, PREP_DTYPE_INT8,
          &n, &bytes), PREP_OK);
  fail_unless_equals_uint64 (bytes, 3 * 64 * 48);
  fail_unless_equals_int (prep_tensor_size (640, 480, 2, 1, f32, &n,
          &bytes), PREP_ERROR_INVALID_ARGUMENT);
  /* the batch's rows, N * H, are counted in int: 64 * 2^25 rows of one
   * pixel fit in size_t but not in int */
  fail_unless_equals_int (prep_tensor_size (1, 1 << 25, 3, 64, f16, &n, &bytes),
      PREP_ERROR_OVERFLOW);
  fail_unless_equals_int (prep_tensor_size (1, INT_MAX / 64, 3, 64, f16, &n,
          &bytes), PREP_OK);
  fail_unless_equals_int (prep_tensor_size (1, INT_MAX / 64 + 1, 3, 64, f16, &n,
          &bytes), PREP_ERROR_OVERFLOW);
}

GST_END_TEST;

/* A 5x3 frame (odd: chroma rows of 3 pairs = 6 bytes, 2 rows) -> 4x4.
 * Each refused run must leave the destination untouched. */
#define RUN_W 5
#define RUN_H 3

static void
check_run_refused (const PrepPlan * plan, const guint8 * y, int y_stride,
    const guint8 * uv, int uv_stride, size_t dst_size, PrepStatus want)
{
  float dst[GUARD_HEAD + 48 + GUARD_TAIL];
  PrepFrame f = nv12_frame (RUN_W, RUN_H, y, y_stride, uv, uv_stride);

  fill_sentinel (dst, G_N_ELEMENTS (dst));
  fail_unless_equals_int (prep_plan_run_cpu (plan, &f, dst + GUARD_HEAD,
          dst_size), want);
  fail_unless_equals_int (first_written (dst, G_N_ELEMENTS (dst)),
      G_N_ELEMENTS (dst));
}

GST_START_TEST (test_run_refusals)
{
  guint8 y[RUN_H * 8], uv[2 * 8];
  float dst[48];
  size_t bytes = sizeof (dst), sizes[PREP_PLANES_MAX];
  PrepFrame f;
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  PrepRect crop;

  memset (y, 100, sizeof (y));
  memset (uv, 128, sizeof (uv));
  prep_config_init (&cfg);
  cfg.src_width = RUN_W;
  cfg.src_height = RUN_H;
  cfg.out_width = cfg.out_height = 4;
  crop = make_rect (0, 0, RUN_W, RUN_H);
  fail_unless_equals_int (prep_plan_new (&cfg, &crop, 1, &plan), PREP_OK);
  fail_unless_equals_uint64 (prep_plan_output_bytes (plan), bytes);

  check_run_refused (plan, y, RUN_W - 1, uv, 6, bytes, PREP_ERROR_STRIDE);
  check_run_refused (plan, y, 0, uv, 6, bytes, PREP_ERROR_STRIDE);
  check_run_refused (plan, y, RUN_W, uv, 5, bytes, PREP_ERROR_STRIDE);
  check_run_refused (plan, y, RUN_W, uv, 0, bytes, PREP_ERROR_STRIDE);
  check_run_refused (plan, y, RUN_W, uv, 6, bytes - 1, PREP_ERROR_OUTPUT_SIZE);
  check_run_refused (plan, y, RUN_W, uv, 6, 0, PREP_ERROR_OUTPUT_SIZE);
  check_run_refused (plan, NULL, RUN_W, uv, 6, bytes,
      PREP_ERROR_INVALID_ARGUMENT);
  check_run_refused (plan, y, RUN_W, NULL, 6, bytes,
      PREP_ERROR_INVALID_ARGUMENT);
  check_run_refused (NULL, y, RUN_W, uv, 6, bytes, PREP_ERROR_INVALID_ARGUMENT);
  f = nv12_frame (RUN_W, RUN_H, y, RUN_W, uv, 6);
  fail_unless_equals_int (prep_plan_run_cpu (plan, &f, NULL, bytes),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_run_cpu (plan, NULL, dst, bytes),
      PREP_ERROR_INVALID_ARGUMENT);

  /* the exact sizes and strides are accepted; gray in, gray out */
  fill_sentinel (dst, G_N_ELEMENTS (dst));
  fail_unless_equals_int (prep_plan_run_cpu (plan, &f, dst, bytes), PREP_OK);
  fail_unless (fabs (dst[0] - 255.0 * 84 / 219 / 255) <= GOLDEN_BOUND);
  fail_unless (fabs (dst[47] - 255.0 * 84 / 219 / 255) <= GOLDEN_BOUND);
  f.strides[0] = f.strides[1] = 8;
  fail_unless_equals_int (prep_frame_plane_bytes (&f, sizes), PREP_OK);
  fail_unless (sizes[0] >= 2 * 8 + RUN_W);
  fail_unless (sizes[1] >= 8 + 6);
  prep_plan_free (plan);
}

GST_END_TEST;

GST_START_TEST (test_status_strings)
{
  const char *seen[PREP_ERROR_GRID + 1];
  int s, t;

  for (s = PREP_OK; s <= PREP_ERROR_GRID; s++) {
    seen[s] = prep_status_string ((PrepStatus) s);
    fail_unless (seen[s] != NULL && seen[s][0] != '\0', "status %d", s);
    for (t = 0; t < s; t++)
      fail_unless (strcmp (seen[s], seen[t]) != 0, "statuses %d and %d share "
          "the text \"%s\"", t, s, seen[s]);
  }
  /* out-of-range values still give text, never NULL */
  fail_unless (prep_status_string ((PrepStatus) 1000) != NULL);
}

GST_END_TEST;

GST_START_TEST (test_config_defaults)
{
  PrepConfig cfg;
  int c;

  memset (&cfg, 0x5a, sizeof (cfg));
  prep_config_init (&cfg);
  fail_unless (fabs (cfg.scale - 1.0 / 255.0) < 1e-15);
  for (c = 0; c < 3; c++) {
    fail_unless (cfg.mean[c] == 0.0);
    fail_unless (cfg.std[c] == 1.0);
  }
  fail_unless_equals_int (cfg.aspect, PREP_ASPECT_STRETCH);
  fail_unless_equals_int (cfg.interpolation, PREP_INTERP_BILINEAR);
  fail_unless_equals_int (cfg.channel_order, PREP_ORDER_RGB);
  fail_unless_equals_int (cfg.layout, PREP_LAYOUT_NCHW);
}

GST_END_TEST;

static Suite *
engine_suite (void)
{
  Suite *s = suite_create ("engine");
  TCase *golden = tcase_create ("golden");
  TCase *table = tcase_create ("reference");
  TCase *api = tcase_create ("api");

  /* shared with the forked test processes (see RefStats) */
  ref_stats = case_shared_new (sizeof (RefStats));

  suite_add_tcase (s, golden);
  tcase_add_test (golden, test_golden_bilinear_full_601);
  tcase_add_test (golden, test_golden_nearest_limited_709_bgr_nhwc);
  tcase_add_test (golden, test_golden_letterbox_full_2020);
  tcase_add_test (golden, test_golden_crop_clamp_limited_601);
  tcase_add_test (golden, test_golden_weights_full_709);

  suite_add_tcase (s, table);
  tcase_add_loop_test (table, test_reference_table, 0, n_ref_cases);
  tcase_add_test (table, test_deterministic);

  suite_add_tcase (s, api);
  tcase_add_test (api, test_config_defaults);
  tcase_add_test (api, test_crop_resolve);
  tcase_add_test (api, test_plan_normalization_and_pad);
  tcase_add_test (api, test_plan_sizes_and_crop);
  tcase_add_test (api, test_tensor_size);
  tcase_add_test (api, test_letterbox_rounding_and_align);
  tcase_add_test (api, test_pad_per_channel);
  tcase_add_test (api, test_nearest_floor_taps);
  tcase_add_test (api, test_bicubic_weights);
  tcase_add_test (api, test_windows);
  tcase_add_test (api, test_window_batch);
  tcase_add_test (api, test_cover_geometry);
  tcase_add_test (api, test_run_refusals);
  tcase_add_test (api, test_status_strings);
  return s;
}

GST_CHECK_MAIN (engine);
