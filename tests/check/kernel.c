/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Tests of the CUDA kernel that need no GPU (src/prep-kernel.h):
 *  - kernel emulation: the kernel's own source built for the host, run over
 *    its whole launch grid for every case of the engine's table
 *    (engine-cases.h, the same frames as the engine test): bit-identical to
 *    the CPU path, every element written, nothing written outside the
 *    tensor, nothing read past the extents of prep_kernel_extents ();
 *  - launch geometry: the grid covers the output exactly; CUDA's limits;
 *  - extents: equal to one past the last byte the taps read, found by brute
 *    force over every output pixel. */

#include <gst/check/gstcheck.h>

#include <limits.h>
#include <string.h>

#include "prep.h"
#include "prep-private.h"
#include "prep-kernel.h"
#include "engine-cases.h"

/* ------------------------------------------------------------------------ */
/* Launching the host build                                                 */
/* ------------------------------------------------------------------------ */

/* kernelParams as the contract lays them out: each slot points to storage
 * of the parameter's exact size, pointers as 8-byte CUdeviceptr values
 * (host addresses for the host build). */
typedef struct
{
  PrepParams params;
  PrepSlotTable slots;
  guint64 y, uv, dst;
  int y_stride, uv_stride;
  void *args[PREP_KARG_COUNT];
} KernelArgs;

static void
kernel_args_init (KernelArgs * k, const PrepPlan * plan, const guint8 * y,
    int y_stride, const guint8 * uv, int uv_stride, void *dst)
{
  G_STATIC_ASSERT (sizeof (k->y) == 8);

  k->params = *prep_plan_params (plan);
  k->slots = *prep_plan_slot_table (plan);
  k->y = (guintptr) y;
  k->uv = (guintptr) uv;
  k->dst = (guintptr) dst;
  k->y_stride = y_stride;
  k->uv_stride = uv_stride;
  k->args[PREP_KARG_PARAMS] = &k->params;
  k->args[PREP_KARG_SLOTS] = &k->slots;
  k->args[PREP_KARG_Y] = &k->y;
  k->args[PREP_KARG_Y_STRIDE] = &k->y_stride;
  k->args[PREP_KARG_UV] = &k->uv;
  k->args[PREP_KARG_UV_STRIDE] = &k->uv_stride;
  k->args[PREP_KARG_DST] = &k->dst;
}

/* Runs the kernel's host build over the grid of prep_launch_geometry (),
 * grown by extra_x / extra_y blocks that lie wholly outside the output. */
static void
run_kernel (const PrepPlan * plan, const guint8 * y, int y_stride,
    const guint8 * uv, int uv_stride, void *dst, guint extra_x, guint extra_y)
{
  PrepDim3 grid, block;
  static KernelArgs k;

  fail_unless_equals_int (prep_launch_geometry (prep_plan_params (plan),
          prep_plan_rows (plan) / prep_plan_params (plan)->out_height, &grid,
          &block), PREP_OK);
  grid.x += extra_x;
  grid.y += extra_y;
  kernel_args_init (&k, plan, y, y_stride, uv, uv_stride, dst);
  prep_kernel_host_launch (grid, block, k.args);
}

/* Elements of buf[0..n) that still hold the sentinel. */
static size_t
count_sentinels (const float *buf, size_t n)
{
  size_t i, count = 0;

  for (i = 0; i < n; i++)
    count += float_bits (buf[i]) == SENTINEL_BITS;
  return count;
}

static size_t
first_difference (const float *a, const float *b, size_t n)
{
  size_t i;

  for (i = 0; i < n; i++)
    if (float_bits (a[i]) != float_bits (b[i]))
      return i;
  return n;
}

/* A case's frame, its plan and the CPU path's output (between guards). */
typedef struct
{
  PrepPlan *plan;
  TestFrame frame;
  size_t n;                     /* tensor elements */
  float *cpu;                   /* GUARD_HEAD + n + GUARD_TAIL */
} CaseRun;

static void
case_run_cpu (CaseRun * r, guint i)
{
  const RefCase *tc = &ref_cases[i];
  guint64 rng = case_seed (i);
  PrepConfig cfg;
  size_t total;

  case_config (tc, &cfg);
  r->plan = NULL;
  fail_unless_equals_int (prep_plan_new (&cfg, &r->plan), PREP_OK);
  frame_new (&r->frame, tc, r->plan, &rng);
  r->n = prep_plan_output_bytes (r->plan) / sizeof (float);
  total = GUARD_HEAD + r->n + GUARD_TAIL;
  r->cpu = g_new (float, total);
  fill_sentinel (r->cpu, total);
  fail_unless_equals_int (prep_plan_run_cpu (r->plan, r->frame.y,
          r->frame.y_stride, r->frame.uv, r->frame.uv_stride,
          r->cpu + GUARD_HEAD, r->n * sizeof (float)), PREP_OK);
  fail_unless_equals_int (count_sentinels (r->cpu + GUARD_HEAD, r->n), 0);
}

static void
case_run_free (CaseRun * r)
{
  g_free (r->cpu);
  frame_free (&r->frame);
  prep_plan_free (r->plan);
}

/* Runs the kernel on r's frame (grid grown by extra blocks) and compares
 * with the CPU output: the tensor and the guards around it, bit for bit.
 * Returns whether they are identical, with the first difference in why;
 * fails on a sentinel left. */
static gboolean
kernel_matches_cpu (const CaseRun * r, const guint8 * y, const guint8 * uv,
    guint extra_x, guint extra_y, const char *name, char *why, size_t why_len)
{
  size_t total = GUARD_HEAD + r->n + GUARD_TAIL, diff;
  float *emu = g_new (float, total);
  gboolean same;

  fill_sentinel (emu, total);
  run_kernel (r->plan, y, r->frame.y_stride, uv,
      r->frame.uv_stride, emu + GUARD_HEAD, extra_x, extra_y);
  fail_unless_equals_int (first_written (emu, GUARD_HEAD), GUARD_HEAD);
  fail_unless_equals_int (first_written (emu + GUARD_HEAD + r->n,
          GUARD_TAIL), GUARD_TAIL);
  fail_unless (count_sentinels (emu + GUARD_HEAD, r->n) == 0,
      "%s: %zu of %zu elements not written by the kernel", name,
      count_sentinels (emu + GUARD_HEAD, r->n), r->n);
  diff = first_difference (r->cpu, emu, total);
  same = diff == total;
  if (!same)
    g_snprintf (why, why_len, "%s: element %zd differs: CPU %a, kernel %a",
        name, (gssize) diff - GUARD_HEAD, r->cpu[diff], emu[diff]);
  g_free (emu);
  return same;
}

/* ------------------------------------------------------------------------ */
/* Kernel emulation over the engine's table                                 */
/* ------------------------------------------------------------------------ */

/* The table test's counts (see CaseCounts). */
static CaseCounts *emu_stats;

/* The kernel reads copies of the planes that end exactly at its extents,
 * each followed by an inaccessible page: a read past them faults. */
GST_START_TEST (test_emulation_table)
{
  const RefCase *tc = &ref_cases[__i__];
  size_t y_ext, uv_ext, dst_ext;
  Guarded yg, uvg;
  CaseRun r;
  gboolean same;
  char why[256] = "";

  case_run_cpu (&r, __i__);
  prep_kernel_extents (prep_plan_params (r.plan),
      prep_plan_slot_table (r.plan), 1, r.frame.y_stride, r.frame.uv_stride,
      &y_ext, &uv_ext, &dst_ext);
  fail_unless (y_ext <= prep_plan_luma_bytes (r.plan, r.frame.y_stride));
  fail_unless (uv_ext <= prep_plan_chroma_bytes (r.plan, r.frame.uv_stride));
  fail_unless_equals_uint64 (dst_ext, r.n * sizeof (float));
  memcpy (guarded_alloc (&yg, y_ext), r.frame.y, y_ext);
  memcpy (guarded_alloc (&uvg, uv_ext), r.frame.uv, uv_ext);

  same = kernel_matches_cpu (&r, yg.data, uvg.data, 0, 0, tc->name, why,
      sizeof (why));
  /* counted before the verdict: the summary covers failing cases too */
  emu_stats->cases++;
  emu_stats->identical += same;
  if (__i__ == (int) n_ref_cases - 1)
    g_print ("kernel emulation cases: %d, bit-identical: %d\n",
        emu_stats->cases, emu_stats->identical);
  fail_unless (same, "the kernel's host build differs from the CPU path: "
      "%s", why);

  guarded_free (&yg);
  guarded_free (&uvg);
  case_run_free (&r);
}

GST_END_TEST;

/* Blocks wholly past the right and bottom edges (and every partial block
 * of the table's odd sizes) must write nothing: the bounds check. */
GST_START_TEST (test_emulation_oversized_grid)
{
  static const guint cases[] = { 0, 1, 2, 4, 7, 13, 17, 31 };
  static const guint extra[][2] = { {2, 0}, {0, 3}, {1, 1} };
  char why[256] = "";
  guint i, j;

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    CaseRun r;

    case_run_cpu (&r, cases[i]);
    for (j = 0; j < G_N_ELEMENTS (extra); j++)
      fail_unless (kernel_matches_cpu (&r, r.frame.y, r.frame.uv,
              extra[j][0], extra[j][1], ref_cases[cases[i]].name, why,
              sizeof (why)), "grid grown by %u x %u blocks: %s", extra[j][0],
          extra[j][1], why);
    case_run_free (&r);
  }
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Launch geometry                                                          */
/* ------------------------------------------------------------------------ */

#define GRID_X_MAX 2147483647u
#define GRID_Y_MAX 65535u
/* The tallest output a 65535-block grid of 8-row blocks covers. */
#define HEIGHT_MAX (65535 * 8)

static void
params_of_size (PrepParams * p, int w, int h)
{
  memset (p, 0, sizeof (*p));
  p->out_width = w;
  p->out_height = h;
}

/* n threads in blocks of b along one axis, g blocks: covered, and the last
 * block is needed. */
static void
check_axis_cover (guint g, guint b, int n, const char *axis, int w, int h)
{
  fail_unless ((guint64) g * b >= (guint64) n && (guint64) (g - 1) * b <
      (guint64) n, "%dx%d: %s: %u blocks of %u for %d", w, h, axis, g, b, n);
}

static void
check_geometry (int w, int h)
{
  PrepParams p;
  PrepDim3 grid, block;

  params_of_size (&p, w, h);
  fail_unless_equals_int (prep_launch_geometry (&p, 1, &grid, &block), PREP_OK);
  /* a warp is 32 consecutive x of one row: coalesced stores */
  fail_unless_equals_int (block.x, 32);
  fail_unless (block.x * block.y * block.z <= 1024);
  fail_unless_equals_int (block.z, 1);
  fail_unless_equals_int (grid.z, 1);
  fail_unless (grid.x >= 1 && grid.x <= GRID_X_MAX);
  fail_unless (grid.y >= 1 && grid.y <= GRID_Y_MAX);
  check_axis_cover (grid.x, block.x, w, "x", w, h);
  check_axis_cover (grid.y, block.y, h, "y", w, h);
}

static void
check_geometry_refused (int w, int h, PrepStatus want)
{
  PrepParams p;
  PrepDim3 grid, block, untouched;

  params_of_size (&p, w, h);
  memset (&grid, 0xab, sizeof (grid));
  memset (&block, 0xab, sizeof (block));
  memset (&untouched, 0xab, sizeof (untouched));
  fail_unless_equals_int (prep_launch_geometry (&p, 1, &grid, &block), want);
  fail_unless (memcmp (&grid, &untouched, sizeof (grid)) == 0);
  fail_unless (memcmp (&block, &untouched, sizeof (block)) == 0);
}

GST_START_TEST (test_geometry)
{
  static const int sizes[][2] = {
    {1, 1}, {2, 1}, {1, 2}, {31, 7}, {32, 8}, {33, 9}, {63, 15}, {64, 16},
    {65, 17}, {224, 224}, {640, 640}, {1920, 1080}, {1921, 1081}, {3999, 3},
    {3, 3999}, {INT_MAX, 1}, {INT_MAX - 31, 5}, {1, HEIGHT_MAX - 1},
    {1, HEIGHT_MAX}, {INT_MAX, HEIGHT_MAX},
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (sizes); i++)
    check_geometry (sizes[i][0], sizes[i][1]);
}

GST_END_TEST;

/* Outputs taller than 65535 blocks of 8 rows exceed CUDA's grid.y limit;
 * empty sizes and missing pointers are refused too.  A refusal leaves the
 * outputs untouched. */
GST_START_TEST (test_geometry_refused)
{
  PrepParams p;
  PrepDim3 grid, block;

  check_geometry_refused (1, HEIGHT_MAX + 1, PREP_ERROR_GRID);
  check_geometry_refused (640, INT_MAX, PREP_ERROR_GRID);
  check_geometry_refused (INT_MAX, INT_MAX, PREP_ERROR_GRID);
  check_geometry_refused (0, 1, PREP_ERROR_SIZE);
  check_geometry_refused (1, 0, PREP_ERROR_SIZE);
  check_geometry_refused (-5, 7, PREP_ERROR_SIZE);
  check_geometry_refused (7, INT_MIN, PREP_ERROR_SIZE);

  params_of_size (&p, 4, 4);
  fail_unless_equals_int (prep_launch_geometry (NULL, 1, &grid, &block),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_launch_geometry (&p, 1, NULL, &block),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_launch_geometry (&p, 1, &grid, NULL),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_launch_geometry (&p, 0, &grid, &block),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_launch_geometry (&p, PREP_BATCH_MAX + 1, &grid,
          &block), PREP_ERROR_INVALID_ARGUMENT);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Extents                                                                  */
/* ------------------------------------------------------------------------ */

/* One past the last byte of each plane that prep_sample_yuv () reads, by
 * brute force: every output pixel inside the letterbox, its 4 taps, luma
 * [ty][tx] and the (U, V) pair at chroma [ty / 2][(tx / 2) * 2]. */
static void
brute_extents (const PrepParams * p, const PrepSlotGeom * g, int y_stride,
    int uv_stride, size_t *y_bytes, size_t *uv_bytes)
{
  PrepTap *cols = g_new (PrepTap, p->out_width);
  size_t y_last = 0, uv_last = 0;
  int x, y, i, j;

  for (x = 0; x < p->out_width; x++)
    cols[x] = prep_axis_tap (&g->ax, x, p->nearest);
  for (y = 0; y < p->out_height; y++) {
    PrepTap ty = prep_axis_tap (&g->ay, y, p->nearest);
    int rows[2] = { ty.i0, ty.i1 };

    if (!ty.inside)
      continue;
    for (x = 0; x < p->out_width; x++) {
      int taps[2] = { cols[x].i0, cols[x].i1 };

      if (!cols[x].inside)
        continue;
      for (i = 0; i < 2; i++)
        for (j = 0; j < 2; j++) {
          size_t r = (size_t) rows[i], c = (size_t) taps[j];

          y_last = MAX (y_last, r * (size_t) y_stride + c);
          uv_last = MAX (uv_last, r / 2 * (size_t) uv_stride + c / 2 * 2 + 1);
        }
    }
  }
  g_free (cols);
  *y_bytes = y_last + 1;
  *uv_bytes = uv_last + 1;
}

/* Compares prep_kernel_extents () with the brute force; returns whether the
 * luma extent stops short of the crop's last pixel (a strong downscale). */
static gboolean
check_extents (const PrepPlan * plan, int y_stride, int uv_stride,
    const char *name)
{
  const PrepParams *p = prep_plan_params (plan);
  const PrepSlotGeom *g = &prep_plan_slot_table (plan)->s[0];
  size_t y_bytes, uv_bytes, dst_bytes, y_want, uv_want, crop_end;

  prep_kernel_extents (p, prep_plan_slot_table (plan), 1, y_stride,
      uv_stride, &y_bytes, &uv_bytes, &dst_bytes);
  brute_extents (p, g, y_stride, uv_stride, &y_want, &uv_want);
  fail_unless (y_bytes == y_want, "%s: luma extent %zu, taps reach %zu",
      name, y_bytes, y_want);
  fail_unless (uv_bytes == uv_want, "%s: chroma extent %zu, taps reach %zu",
      name, uv_bytes, uv_want);
  fail_unless_equals_uint64 (dst_bytes,
      (guint64) 12 * p->out_width * p->out_height);
  fail_unless_equals_uint64 (dst_bytes, prep_plan_output_bytes (plan));
  fail_unless (y_bytes <= prep_plan_luma_bytes (plan, y_stride));
  fail_unless (uv_bytes <= prep_plan_chroma_bytes (plan, uv_stride));
  crop_end = (size_t) (g->ay.start + g->ay.len - 1) * y_stride +
      (size_t) (g->ax.start + g->ax.len - 1) + 1;
  fail_unless (y_bytes <= crop_end);
  return y_bytes < crop_end;
}

/* Every case of the table, with its strides. */
GST_START_TEST (test_extents_table)
{
  guint i;

  for (i = 0; i < n_ref_cases; i++) {
    const RefCase *tc = &ref_cases[i];
    PrepConfig cfg;
    PrepPlan *plan = NULL;

    case_config (tc, &cfg);
    fail_unless_equals_int (prep_plan_new (&cfg, &plan), PREP_OK);
    check_extents (plan, tc->w + tc->y_pad, 2 * ((tc->w + 1) / 2) +
        tc->uv_pad, tc->name);
    prep_plan_free (plan);
  }
}

GST_END_TEST;

/* Random frames, crops, sizes, modes and strides; small enough for the
 * brute force.  Some must downscale so strongly that the taps stop short of
 * the crop's edge, or the test would not tell the tight extent from the
 * crop's. */
GST_START_TEST (test_extents_random)
{
  guint64 rng = 0x5eed5eed;
  int i, short_of_crop = 0;

  for (i = 0; i < 3000; i++) {
    PrepConfig cfg;
    PrepPlan *plan = NULL;
    int y_stride, uv_stride;
    char name[64];

    prep_config_init (&cfg);
    cfg.src_width = 1 + lcg_next (&rng) % 48;
    cfg.src_height = 1 + lcg_next (&rng) % 48;
    cfg.crop.x = lcg_next (&rng) % cfg.src_width;
    cfg.crop.y = lcg_next (&rng) % cfg.src_height;
    cfg.crop.width = 1 + lcg_next (&rng) % (cfg.src_width - cfg.crop.x);
    cfg.crop.height = 1 + lcg_next (&rng) % (cfg.src_height - cfg.crop.y);
    cfg.out_width = 1 + lcg_next (&rng) % 40;
    cfg.out_height = 1 + lcg_next (&rng) % 40;
    cfg.aspect = lcg_next (&rng) % 2;
    cfg.interpolation = lcg_next (&rng) % 2;
    y_stride = cfg.src_width + lcg_next (&rng) % 9;
    uv_stride = 2 * ((cfg.src_width + 1) / 2) + lcg_next (&rng) % 9;
    g_snprintf (name, sizeof (name), "random config %d", i);
    fail_unless_equals_int (prep_plan_new (&cfg, &plan), PREP_OK);
    short_of_crop += check_extents (plan, y_stride, uv_stride, name);
    prep_plan_free (plan);
  }
  fail_unless (short_of_crop > 0);
}

GST_END_TEST;

/* Output pointers may be NULL: only the others are written. */
GST_START_TEST (test_extents_optional_outputs)
{
  PrepParams p;
  static PrepSlotTable t;
  size_t dst = 0;

  params_of_size (&p, 3, 2);
  t.s[0].valid = 1;
  t.s[0].ax.len = t.s[0].ax.inner = 3;
  t.s[0].ay.len = t.s[0].ay.inner = 2;
  prep_kernel_extents (&p, &t, 1, 8, 8, NULL, NULL, &dst);
  fail_unless_equals_uint64 (dst, 72);
}

GST_END_TEST;

static Suite *
kernel_suite (void)
{
  Suite *s = suite_create ("kernel");
  TCase *emulation = tcase_create ("emulation");
  TCase *geometry = tcase_create ("geometry");
  TCase *extents = tcase_create ("extents");

  emu_stats = case_shared_new (sizeof (CaseCounts));

  suite_add_tcase (s, emulation);
  tcase_add_loop_test (emulation, test_emulation_table, 0, n_ref_cases);
  tcase_add_test (emulation, test_emulation_oversized_grid);

  suite_add_tcase (s, geometry);
  tcase_add_test (geometry, test_geometry);
  tcase_add_test (geometry, test_geometry_refused);

  suite_add_tcase (s, extents);
  tcase_add_test (extents, test_extents_table);
  tcase_add_test (extents, test_extents_random);
  tcase_add_test (extents, test_extents_optional_outputs);
  return s;
}

GST_CHECK_MAIN (kernel);
