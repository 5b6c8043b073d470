/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* color-conversion (exact, opencv, opencv-8bit, videoconvert) and
 * chroma-interpolation
 * (nearest, bilinear at the chroma site) on every path
 * (docs/semantics.md sections 2 and 3):
 *  - random cases of every format (odd sizes and crops, a fractional
 *    window (crop-rect) every fourth case, letterbox and cover, the four
 *    filters (bicubic too) and antialias, every channel order, layout
 *    and element type, the four chroma sites) against the float64
 *    reference model, and the AVX2 entry point (which runs the scalar rows
 *    for these options), a pool of 3 threads and the kernel's host build
 *    (its planes at odd addresses too) against the scalar bytes; RGB and
 *    GRAY8 inputs give the bytes of the default options;
 *  - batches: each slot of a batch plan with the options gives the bytes
 *    of its own single-slot plan;
 *  - small hand-computed cases that fail if a coefficient of cvtColor,
 *    its footroom clamp, its rounding, the 8-bit codes of 10-bit samples,
 *    a chroma weight, videoconvert's fixed point or its chroma rounding
 *    were wrong (element-videoconvert.c compares with videoconvert
 *    itself). */

#include <gst/check/gstcheck.h>

#include <math.h>
#include <string.h>

#include "prep.h"
#include "prep-private.h"
#include "prep-kernel.h"
#include "engine-cases.h"
#include "ref-model.h"

#define CASES_PER_FORMAT 40

/* The entry of the last launch. */
static const char *last_entry;

static int
host_launch (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  int *slots = user_data;

  last_entry = entry;
  if (slots != NULL && g_str_has_prefix (entry, "prep_slots_"))
    (*slots)++;
  return prep_kernel_host_launch (entry, grid, block, shared, args);
}

/* The scalar bytes of @plan on @f, after checking that every other path
 * gives them: the AVX2 entry point, 3 threads, the kernel's host build
 * (aligned and odd planes).  *@slots counts the launches of a slots
 * entry. */
static guint8 *
run_all_paths (const PrepPlan * plan, const PrepFrame * f, size_t *bytes_out,
    int *slots, const char *what)
{
  size_t bytes = prep_plan_output_bytes (plan);
  guint8 *ref = g_malloc (bytes), *mem[PREP_PLANES_MAX];
  PrepFrame odd;
  int p, pass;

  memset (ref, 0xa5, bytes);
  fail_unless_equals_int (prep_plan_run_cpu_rows (plan, PREP_CPU_SCALAR, f,
          ref, bytes, 0, prep_plan_rows (plan)), PREP_OK);
  check_cpu_paths (plan, f, ref, bytes, what);
  odd_planes (f, &odd, mem);
  for (pass = 0; pass < 2; pass++) {
    check_kernel_host (plan, pass == 0 ? f : &odd, host_launch, slots, 0x66,
        ref, bytes, what, pass == 0 ? "the kernel's host build (aligned "
        "planes)" : "the kernel's host build (odd planes)");
    /* the options' tap fetch has an entry of its own, which no other plan
     * takes */
    fail_unless ((strcmp (last_entry, PREP_KERNEL_SLOTS_TAPS_NAME) == 0) ==
        !prep_plan_plain_color (plan, 1), "%s: entry %s", what, last_entry);
  }
  for (p = 0; p < PREP_PLANES_MAX; p++)
    g_free (mem[p]);
  *bytes_out = bytes;
  return ref;
}

/* The kernel's host build on copies of @f's planes cut to the extents
 * prep_kernel_extents () gives (what a launch may read), each followed by
 * an inaccessible page: a read past an extent faults; the bytes are
 * @want's. */
static void
check_extents (const PrepPlan * plan, const PrepFrame * f, const guint8 * want,
    size_t bytes, const char *what)
{
  size_t ext[PREP_PLANES_MAX];
  guint8 *data;
  Guarded g[PREP_PLANES_MAX];
  PrepFrame cut = *f;
  int p, n = prep_format_n_planes (f->format);

  prep_kernel_extents (prep_plan_params (plan), prep_plan_slot_table (plan),
      prep_plan_batch_size (plan), f->strides, ext, NULL);
  for (p = 0; p < n; p++) {
    data = guarded_alloc (&g[p], ext[p]);
    memcpy (data, f->planes[p], ext[p]);
    cut.planes[p] = data;
  }
  check_kernel_host (plan, &cut, host_launch, NULL, 0x77, want, bytes, what,
      "the kernel on planes cut to their extents");
  for (p = 0; p < n; p++)
    guarded_free (&g[p]);
}

/* The tensor @out against the reference model of @cfg and @crop (or, when
 * not NULL, the fractional window @win); the largest float32 error into
 * *@max_err. */
static void
check_reference_win (const PrepConfig * cfg, const PrepRect * crop,
    const PrepWindow * win, const PrepFrame * f, const guint8 * out,
    double *max_err, const char *what)
{
  RefConfig rc;

  case_ref_config (cfg, crop, &rc);
  if (win != NULL) {
    rc.window = 1;
    rc.window_x = win->x;
    rc.window_y = win->y;
    rc.window_width = win->width;
    rc.window_height = win->height;
  }
  check_reference_tensor (&rc, f, cfg->data_type, out, max_err, NULL, what);
}

static void
check_reference (const PrepConfig * cfg, const PrepRect * crop,
    const PrepFrame * f, const guint8 * out, double *max_err, const char *what)
{
  check_reference_win (cfg, crop, NULL, f, out, max_err, what);
}

/* A random configuration of @format with the options, and its crop. */
static void
random_config (PrepFormat format, guint64 * s, PrepConfig * cfg,
    PrepRect * crop)
{
  random_config_sized (format, s, 45, 31, 33, 21, cfg, crop);
  cfg->color_conversion = (PrepColorConversion) lcg_pick (s, 4);
  cfg->chroma_interpolation = (PrepChromaInterp) lcg_pick (s, 3);
  cfg->chroma_site = lcg_pick (s, 4);
}

static gboolean
is_yuv (PrepFormat f)
{
  return f <= PREP_FORMAT_NV16;
}

/* Every format with random options: the reference model, every path; RGB
 * and GRAY8 inputs are not changed by the options. */
GST_START_TEST (test_color_formats)
{
  PrepFormat format = (PrepFormat) __i__;
  guint64 s = 0xc0102 + 104729 * (guint64) __i__;
  double max_err = 0.0;
  int k, slots = 0;

  for (k = 0; k < CASES_PER_FORMAT; k++) {
    PrepConfig cfg, plain;
    PrepWindow win;
    PrepRect crop;
    PrepPlan *plan = NULL, *plan0 = NULL;
    PrepFrame f;
    guint8 *out, *out0;
    size_t bytes, bytes0;
    char what[200];

    random_config (format, &s, &cfg, &crop);
    g_snprintf (what, sizeof (what), "%s case %d (%dx%d, crop %d,%d %dx%d "
        "-> %dx%d, conversion %d chroma %d site %d filter %d aa %d order "
        "%d type %d)", prep_format_name (format), k, cfg.src_width,
        cfg.src_height, crop.x, crop.y, crop.width, crop.height,
        cfg.out_width, cfg.out_height, cfg.color_conversion,
        cfg.chroma_interpolation, cfg.chroma_site, cfg.interpolation,
        cfg.antialias, cfg.channel_order, cfg.data_type);
    /* every fourth case a fractional window (crop-rect) around the crop */
    win.x = crop.x + 0.25;
    win.y = crop.y + 0.375;
    win.width = crop.width > 1 ? crop.width - 0.5 : 0.5;
    win.height = crop.height > 1 ? crop.height - 0.75 : 0.5;
    fail_unless_equals_int (k % 4 == 3 ? prep_plan_new_windows (&cfg, &win,
            1, &plan) : prep_plan_new (&cfg, &crop, 1, &plan), PREP_OK);
    random_frame_new (format, cfg.src_width, cfg.src_height, &s, &f);
    out = run_all_paths (plan, &f, &bytes, &slots, what);
    check_reference_win (&cfg, &crop, k % 4 == 3 ? &win : NULL, &f, out,
        &max_err, what);
    check_extents (plan, &f, out, bytes, what);
    if (!is_yuv (format)) {
      plain = cfg;
      plain.color_conversion = PREP_COLOR_EXACT;
      plain.chroma_interpolation = PREP_CHROMA_NEAREST;
      fail_unless_equals_int (k % 4 == 3 ? prep_plan_new_windows (&plain,
              &win, 1, &plan0) : prep_plan_new (&plain, &crop, 1, &plan0),
          PREP_OK);
      out0 = run_all_paths (plan0, &f, &bytes0, NULL, what);
      fail_unless (bytes == bytes0 && memcmp (out, out0, bytes) == 0,
          "%s: the options change an RGB or gray input", what);
      g_free (out0);
      prep_plan_free (plan0);
    }
    g_free (out);
    random_frame_free (&f);
    prep_plan_free (plan);
  }
  g_print ("%-10s %d cases with the options, max error float32 %.3g, "
      "%d launches of a slots entry\n", prep_format_name (format),
      CASES_PER_FORMAT, max_err, slots);
}

GST_END_TEST;

/* A batch of random rectangles of one frame with the options: each slot
 * has the bytes of its own plan, on every path. */
GST_START_TEST (test_color_batch)
{
  static const PrepFormat formats[] = { PREP_FORMAT_NV12, PREP_FORMAT_I420,
    PREP_FORMAT_P010_10LE, PREP_FORMAT_YUY2, PREP_FORMAT_I422_10LE,
    PREP_FORMAT_NV16
  };
  guint64 s = 0xba7c4 + 31 * (guint64) __i__;
  PrepConfig cfg, one;
  PrepRect crop, rects[PREP_BATCH_MAX];
  PrepPlan *plan = NULL, *single = NULL;
  PrepFrame f;
  guint8 *out, *want;
  size_t bytes, bytes1;
  double max_err = 0.0;
  int n, i, slots = 0;
  char what[160];

  random_config (formats[__i__], &s, &cfg, &crop);
  cfg.color_conversion = (PrepColorConversion) (1 + __i__ % 3);
  cfg.chroma_interpolation = PREP_CHROMA_BILINEAR;
  if (__i__ % 3 == 0)
    cfg.color_conversion = PREP_COLOR_EXACT;
  cfg.batch_size = 2 + lcg_pick (&s, 4);
  n = cfg.batch_size - lcg_pick (&s, 2);
  for (i = 0; i < n; i++) {
    rects[i].x = lcg_pick (&s, cfg.src_width);
    rects[i].y = lcg_pick (&s, cfg.src_height);
    rects[i].width = 1 + lcg_pick (&s, cfg.src_width - rects[i].x);
    rects[i].height = 1 + lcg_pick (&s, cfg.src_height - rects[i].y);
  }
  fail_unless_equals_int (prep_plan_new (&cfg, rects, n, &plan), PREP_OK);
  random_frame_new (cfg.format, cfg.src_width, cfg.src_height, &s, &f);
  g_snprintf (what, sizeof (what), "%s batch of %d (%d rectangles)",
      prep_format_name (cfg.format), cfg.batch_size, n);
  out = run_all_paths (plan, &f, &bytes, &slots, what);
  one = cfg;
  one.batch_size = 1;
  for (i = 0; i < n; i++) {
    fail_unless_equals_int (prep_plan_new (&one, &rects[i], 1, &single),
        PREP_OK);
    want = run_all_paths (single, &f, &bytes1, NULL, what);
    fail_unless (memcmp (out + (size_t) i * bytes1, want, bytes1) == 0,
        "%s: slot %d differs from its own plan", what, i);
    check_reference (&one, &rects[i], &f, want, &max_err, what);
    g_free (want);
    prep_plan_free (single);
  }
  g_free (out);
  random_frame_free (&f);
  prep_plan_free (plan);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Hand-computed cases                                                      */

/* A w x h NV12 frame of luma @y everywhere and chroma planes @u, @v (cw x
 * ch samples each), into @mem; run with @cfg (nearest, the frame's size,
 * float32, scale 1: the tensor holds R, G, B (or the gray) in pixel
 * units) on every path. */
static float *
run_nv12 (PrepConfig * cfg, int w, int h, guint8 y, const guint8 * u,
    const guint8 * v, guint8 * mem)
{
  int cw = (w + 1) / 2, ch = (h + 1) / 2, i, slots = 0;
  PrepRect crop = { 0, 0, w, h };
  PrepPlan *plan = NULL;
  PrepFrame f;
  size_t bytes;
  guint8 *out;

  memset (mem, y, (size_t) w * h);
  for (i = 0; i < cw * ch; i++) {
    mem[w * h + 2 * i] = u[i];
    mem[w * h + 2 * i + 1] = v[i];
  }
  cfg->format = PREP_FORMAT_NV12;
  cfg->src_width = cfg->out_width = w;
  cfg->src_height = cfg->out_height = h;
  cfg->interpolation = PREP_INTERP_NEAREST;
  cfg->scale = 1.0;
  prep_frame_init (&f, PREP_FORMAT_NV12, w, h);
  f.planes[0] = mem;
  f.strides[0] = w;
  f.planes[1] = mem + w * h;
  f.strides[1] = 2 * cw;
  fail_unless_equals_int (prep_plan_new (cfg, &crop, 1, &plan), PREP_OK);
  out = run_all_paths (plan, &f, &bytes, &slots, "hand-computed NV12");
  prep_plan_free (plan);
  return (float *) out;
}

/* run_nv12 () of a 2 x 2 frame of luma @y and chroma (@u, @v) with
 * color-conversion @conv, @matrix, @range and channel order @order, the
 * other options the defaults; @mem holds 8 bytes. */
static float *
run_pixel (PrepColorConversion conv, PrepMatrix matrix, PrepRange range,
    PrepChannelOrder order, guint8 y, guint8 u, guint8 v, guint8 * mem)
{
  PrepConfig cfg;

  prep_config_init (&cfg);
  cfg.color_conversion = conv;
  cfg.matrix = matrix;
  cfg.range = range;
  cfg.channel_order = order;
  return run_nv12 (&cfg, 2, 2, y, &u, &v, mem);
}

/* One pixel's 8-bit R, G, B computed by hand, and why it matters. */
typedef struct
{
  guint8 y, u, v, r, g, b;
  const char *why;
} CodeCase;

/* Each case through run_pixel () with @conv, @matrix and @range gives its
 * R, G, B. */
static void
check_code_cases (PrepColorConversion conv, PrepMatrix matrix,
    PrepRange range, const CodeCase * cases, guint n)
{
  guint8 mem[8];
  float *out;
  guint i;

  for (i = 0; i < n; i++) {
    out = run_pixel (conv, matrix, range, PREP_ORDER_RGB, cases[i].y,
        cases[i].u, cases[i].v, mem);
    fail_unless (out[0] == cases[i].r && out[4] == cases[i].g &&
        out[8] == cases[i].b, "%s: (%d, %d, %d) gave (%g, %g, %g), not "
        "(%d, %d, %d)", cases[i].why, cases[i].y, cases[i].u, cases[i].v,
        out[0], out[4], out[8], cases[i].r, cases[i].g, cases[i].b);
    g_free (out);
  }
}

/* cvtColor's 8-bit R, G, B of (Y, U, V), from its integer formula by
 * hand (docs/semantics.md section 3): each value checks a coefficient, the
 * footroom clamp or the rounding. */
GST_START_TEST (test_opencv_8bit_codes)
{
  static const CodeCase cases[] = {
    /* max (0, Y - 16): without the clamp R would be 108 */
    {10, 128, 200, 115, 0, 0, "footroom clamp"},
    /* 4 * 1220542 / 2^20 = 4.656: rounded half up 5, truncated 4 */
    {20, 128, 128, 5, 5, 5, "rounding"},
    {17, 128, 128, 1, 1, 1, "rounding down"},
    {128, 100, 160, 181, 115, 74, "every coefficient"},
    {235, 16, 240, 255, 208, 29, "saturation"},
    {145, 54, 34, 0, 255, 1, "saturation of R and G"},
    {0, 255, 0, 0, 54, 255, "black luma"},
    {255, 0, 255, 255, 225, 20, "white luma"},
  };

  /* matrix and range ignored: cvtColor's BT.601 limited range */
  check_code_cases (PREP_COLOR_OPENCV_8BIT, PREP_MATRIX_BT2020,
      PREP_RANGE_FULL, cases, G_N_ELEMENTS (cases));
}

GST_END_TEST;

/* videoconvert's 8-bit R, G, B of (Y, U, V), BT.601 limited range, from
 * its fixed point by hand (docs/semantics.md section 3: K_Y 298, K_RV 409,
 * K_GU -100, K_GV -208, K_BU 516; w (c) = 257 (c - 128), plus 256 below
 * 128; floor (w K / 65536)). */
GST_START_TEST (test_videoconvert_codes)
{
  static const CodeCase cases[] = {
    /* floor (27499 * 298 / 65536) = 125: 2 steps below 255 */
    {235, 128, 128, 253, 253, 253, "limited white"},
    /* w = -16192 (the + 256), floor (-73.6) = -74 */
    {64, 128, 128, 54, 54, 54, "negative word, floor"},
    {16, 128, 128, 0, 0, 0, "black saturates"},
    /* R: floor (18504 * 409 / 65536) = 115; G: floor (-58.7) = -59 */
    {128, 128, 200, 243, 69, 128, "K_RV and K_GV"},
    /* G: w (60) = -17220, floor (-17220 * -100 / 65536) = 26; B:
     * floor (-135.6) = -136 saturates */
    {128, 60, 128, 128, 154, 0, "K_GU and K_BU"},
  };

  check_code_cases (PREP_COLOR_VIDEOCONVERT, PREP_MATRIX_BT601,
      PREP_RANGE_LIMITED, cases, G_N_ELEMENTS (cases));
}

GST_END_TEST;

/* videoconvert's centered chroma upsampling rounds each mix: a 4 x 2 NV12
 * frame of luma 128 whose V row is (100, 108) has V codes 100,
 * (300 + 108 + 2) >> 2 = 102 (not 102.5 or 103), (100 + 324 + 2) >> 2 =
 * 106 and 108, so R = 84, 87, 94, 97 by the fixed point above. */
GST_START_TEST (test_videoconvert_chroma_rounding)
{
  static const guint8 u[2] = { 128, 128 }, v[2] = { 100, 108 };
  static const float want[4] = { 84, 87, 94, 97 };
  guint8 mem[12];
  PrepConfig cfg;
  float *out;
  int x;

  prep_config_init (&cfg);
  cfg.color_conversion = PREP_COLOR_VIDEOCONVERT;
  cfg.matrix = PREP_MATRIX_BT601;
  cfg.range = PREP_RANGE_LIMITED;
  cfg.chroma_interpolation = PREP_CHROMA_BILINEAR;
  cfg.chroma_site = 0;
  out = run_nv12 (&cfg, 4, 2, 128, u, v, mem);
  for (x = 0; x < 8; x++)
    fail_unless (out[x] == want[x % 4], "pixel %d: R %g, not %g", x, out[x],
        want[x % 4]);
  g_free (out);
}

GST_END_TEST;

/* A 10-bit sample's 8-bit code is the integer part of its value (D >> 2):
 * luma code 83 is 20.75, code 20, so 5 (rounded to 21 it would be 6). */
GST_START_TEST (test_opencv_8bit_depth)
{
  static const PrepFormat formats[] = { PREP_FORMAT_P010_10LE,
    PREP_FORMAT_I420_10LE
  };
  guint16 mem[6 * 2 * 2];
  PrepRect crop = { 0, 0, 2, 2 };
  PrepPlan *plan = NULL;
  PrepConfig cfg;
  PrepFrame f;
  size_t bytes;
  float *out;
  guint i, k;

  for (i = 0; i < G_N_ELEMENTS (formats); i++) {
    gboolean p010 = formats[i] == PREP_FORMAT_P010_10LE;
    guint16 y = p010 ? 83 << 6 : 83 | 0xfc00, c = p010 ? 512 << 6 : 512;

    prep_config_init (&cfg);
    cfg.format = formats[i];
    cfg.src_width = cfg.src_height = cfg.out_width = cfg.out_height = 2;
    cfg.interpolation = PREP_INTERP_NEAREST;
    cfg.color_conversion = PREP_COLOR_OPENCV_8BIT;
    cfg.scale = 1.0;
    for (k = 0; k < 4; k++)
      mem[k] = y;
    for (k = 4; k < 8; k++)
      mem[k] = c;
    prep_frame_init (&f, formats[i], 2, 2);
    f.planes[0] = (const guint8 *) mem;
    f.strides[0] = 4;
    f.planes[1] = (const guint8 *) (mem + 4);
    f.strides[1] = p010 ? 4 : 2;
    f.planes[2] = (const guint8 *) (mem + 6);
    f.strides[2] = 2;
    fail_unless_equals_int (prep_plan_new (&cfg, &crop, 1, &plan), PREP_OK);
    out = (float *) run_all_paths (plan, &f, &bytes, NULL, "10-bit codes");
    for (k = 0; k < 12; k++)
      fail_unless (out[k] == 5.0f, "%s: element %u is %g, not 5",
          prep_format_name (formats[i]), k, out[k]);
    g_free (out);
    prep_plan_free (plan);
  }
}

GST_END_TEST;

/* color-conversion=opencv: cvtColor's coefficients in float, the footroom
 * clamp included, after interpolation. */
GST_START_TEST (test_opencv_float)
{
  static const struct
  {
    guint8 y, u, v;
    double r, g, b, gray;
  } cases[] = {
    /* 72 * 1673527 / 2^20 = 114.912; the BT.601 matrix without the
     * footroom clamp gives 107.93 */
    {10, 128, 200, 114.91198, 0.0, 0.0, 0.0},
    /* 219 * 1220542 / 2^20 = 254.9159 (the BT.601 matrix: 255) */
    {235, 128, 128, 254.9159, 254.9159, 254.9159, 254.9159},
    /* y = 112 CY; R = y + 32 CVR, G = y - 28 CUG + 32 CVG, B = y - 28 CUB,
     * all / 2^20 */
    {128, 100, 160, 181.43994, 115.29995, 73.86396, 130.36795},
  };
  guint8 mem[8];
  float *out;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    out = run_pixel (PREP_COLOR_OPENCV, PREP_MATRIX_BT601,
        PREP_RANGE_LIMITED, PREP_ORDER_RGB, cases[i].y, cases[i].u,
        cases[i].v, mem);
    fail_unless (fabs (out[0] - cases[i].r) < 1e-3 &&
        fabs (out[4] - cases[i].g) < 1e-3 &&
        fabs (out[8] - cases[i].b) < 1e-3, "(%d, %d, %d) gave (%.5f, %.5f, "
        "%.5f), not (%.5f, %.5f, %.5f)", cases[i].y, cases[i].u, cases[i].v,
        out[0], out[4], out[8], cases[i].r, cases[i].g, cases[i].b);
    g_free (out);
    out = run_pixel (PREP_COLOR_OPENCV, PREP_MATRIX_BT601,
        PREP_RANGE_LIMITED, PREP_ORDER_GRAY, cases[i].y, cases[i].u,
        cases[i].v, mem);
    fail_unless (fabs (out[0] - cases[i].gray) < 1e-3, "gray of %d: %.5f, "
        "not %.5f", cases[i].y, out[0], cases[i].gray);
    g_free (out);
  }
}

GST_END_TEST;

/* Bilinear chroma: an NV12 frame of 4 x 4 pixels, luma 128, U 80 and 170
 * in its two chroma columns (or rows), V 128; the BT.601 full-range
 * matrix gives B = 128 + 1.772 (U' - 128), where U' is the chroma each
 * pixel sees: centered 80, 102.5, 147.5, 170 (weights 3/4 1/4 and 1/4
 * 3/4, the edges clamped); cosited 80, 125, 170, 170; nearest (the
 * default) 80, 80, 170, 170. */
GST_START_TEST (test_chroma_weights)
{
  static const double centered[4] = { 80.0, 102.5, 147.5, 170.0 };
  static const double cosited[4] = { 80.0, 125.0, 170.0, 170.0 };
  static const double nearest[4] = { 80.0, 80.0, 170.0, 170.0 };
  guint8 u[4], v[4] = { 128, 128, 128, 128 }, mem[24];
  PrepConfig cfg;
  float *out;
  int site, vertical, x, y;

  for (vertical = 0; vertical < 2; vertical++) {
    /* the chroma varies along x (columns 100, 200) or along y */
    u[0] = 80;
    u[1] = vertical ? 80 : 170;
    u[2] = vertical ? 170 : 80;
    u[3] = 170;
    for (site = -1; site < 4; site++) {
      int cos = vertical ? (site & PREP_CHROMA_SITE_V_COSITED) :
          (site & PREP_CHROMA_SITE_H_COSITED);
      const double *want = site < 0 ? nearest : (cos ? cosited : centered);

      prep_config_init (&cfg);
      cfg.matrix = PREP_MATRIX_BT601;
      cfg.range = PREP_RANGE_FULL;
      cfg.chroma_interpolation = site < 0 ? PREP_CHROMA_NEAREST :
          PREP_CHROMA_BILINEAR;
      cfg.chroma_site = site < 0 ? 0 : site;
      out = run_nv12 (&cfg, 4, 4, 128, u, v, mem);
      for (y = 0; y < 4; y++)
        for (x = 0; x < 4; x++) {
          double b = 128.0 + 1.772 * (want[vertical ? y : x] - 128.0);

          fail_unless (fabs (out[32 + 4 * y + x] - b) < 1e-3, "site %d, "
              "chroma along %s: B of (%d, %d) is %.5f, not %.5f", site,
              vertical ? "y" : "x", x, y, out[32 + 4 * y + x], b);
        }
      g_free (out);
    }
  }
}

GST_END_TEST;

/* swscale's chroma: an NV12 frame of 8 x 8 pixels, luma 128, U 80 and 170
 * alternating along x (or y) over its 4 chroma columns (rows), V 128, the
 * caps saying cosited (swscale ignores it); B = 128 + 1.772 (U' - 128)
 * (BT.601 full range).  Along x linear at the centered site: 80, 102.5,
 * 147.5, 147.5, 102.5, 102.5, 147.5, 170.  Along y one row or the mean of
 * two: rows 0 and 1 take row 0 (80), row 2 the mean of rows 0 and 1
 * (125), row 3 row 1 (170), row 4 the mean (125), row 5 row 2 (80), rows
 * 6 and 7 the mean of rows 2 and 3 (125; the last row too). */
GST_START_TEST (test_chroma_swscale)
{
  static const double along_x[8] = { 80, 102.5, 147.5, 147.5, 102.5, 102.5,
    147.5, 170
  };
  static const double along_y[8] = { 80, 80, 125, 170, 125, 80, 125, 125 };
  guint8 u[16], v[16], mem[96];
  PrepConfig cfg;
  float *out;
  int vertical, i, x, y;

  for (vertical = 0; vertical < 2; vertical++) {
    for (i = 0; i < 16; i++) {
      u[i] = ((vertical ? i / 4 : i % 4) & 1) ? 170 : 80;
      v[i] = 128;
    }
    prep_config_init (&cfg);
    cfg.matrix = PREP_MATRIX_BT601;
    cfg.range = PREP_RANGE_FULL;
    cfg.chroma_interpolation = PREP_CHROMA_SWSCALE;
    cfg.chroma_site = PREP_CHROMA_SITE_H_COSITED | PREP_CHROMA_SITE_V_COSITED;
    out = run_nv12 (&cfg, 8, 8, 128, u, v, mem);
    for (y = 0; y < 8; y++)
      for (x = 0; x < 8; x++) {
        double b = 128.0 + 1.772 * ((vertical ? along_y[y] : along_x[x]) -
            128.0);

        fail_unless (fabs (out[128 + 8 * y + x] - b) < 1e-3, "chroma along "
            "%s: B of (%d, %d) is %.5f, not %.5f", vertical ? "y" : "x", x,
            y, out[128 + 8 * y + x], b);
      }
    g_free (out);
  }
}

GST_END_TEST;

static Suite *
color_suite (void)
{
  Suite *s = suite_create ("color");
  TCase *tc = tcase_create ("color");

  tcase_set_timeout (tc, 300);
  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_color_formats, 0, PREP_FORMAT_COUNT);
  tcase_add_loop_test (tc, test_color_batch, 0, 6);
  tcase_add_test (tc, test_opencv_8bit_codes);
  tcase_add_test (tc, test_opencv_8bit_depth);
  tcase_add_test (tc, test_opencv_float);
  tcase_add_test (tc, test_chroma_weights);
  tcase_add_test (tc, test_chroma_swscale);
  tcase_add_test (tc, test_videoconvert_codes);
  tcase_add_test (tc, test_videoconvert_chroma_rounding);
  return s;
}

GST_CHECK_MAIN (color);
