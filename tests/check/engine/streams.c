/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Multi-stream plans (prep_plan_new_streams ()): one tensor whose slots
 * read frames of different formats, sizes and colours.  On random batches
 * of 1 to 6 streams (every format, odd sizes, padded strides, crops at odd
 * offsets, every matrix and range) and random tensors (every aspect,
 * interpolation, antialias, channel order, layout and element type, with
 * padding slots after the streams, and in a quarter of the batches a
 * stream without a frame), slot i must hold the bytes of a
 * single-stream plan of stream i's config and rectangle (that plan is
 * tested against the reference model by formats.c), and padding slots
 * those of a plan without a rectangle, on the scalar executor, AVX2 (when
 * this CPU has it), a pool of 3 threads and the kernel's host build (one
 * launch for the whole batch, prep_plan_launch ()).  Then the
 * refusals. */

#include <gst/check/gstcheck.h>

#include <string.h>

#include "prep.h"
#include "prep-kernel.h"
#include "engine-cases.h"

#define TRIALS 300

/* A random stream: format, size, colour, a rectangle inside its frame. */
static void
random_stream (guint64 * s, PrepStream * st)
{
  st->format = (PrepFormat) lcg_pick (s, PREP_FORMAT_COUNT);
  st->src_width = 1 + lcg_pick (s, 61);
  st->src_height = 1 + lcg_pick (s, 41);
  st->matrix = (PrepMatrix) lcg_pick (s, 3);
  st->range = (PrepRange) lcg_pick (s, 2);
  st->rect.x = lcg_pick (s, st->src_width);
  st->rect.y = lcg_pick (s, st->src_height);
  st->rect.width = 1 + lcg_pick (s, st->src_width - st->rect.x);
  st->rect.height = 1 + lcg_pick (s, st->src_height - st->rect.y);
  st->chroma_site = lcg_pick (s, 4);
}

/* The tensor's config (its format, size and colour are the streams'). */
static void
random_tensor (guint64 * s, int n_streams, PrepConfig * cfg)
{
  prep_config_init (cfg);
  cfg->out_width = 1 + lcg_pick (s, 40);
  cfg->out_height = 1 + lcg_pick (s, 24);
  cfg->aspect = (PrepAspect) lcg_pick (s, 3);
  cfg->crop_fraction = lcg_pick (s, 2) ? 1.0 : 0.5 + lcg_pick (s, 500) / 1000.0;
  cfg->interpolation = (PrepInterp) lcg_pick (s, 3);
  cfg->antialias = lcg_pick (s, 3) == 0;
  cfg->channel_order = (PrepChannelOrder) lcg_pick (s, 3);
  cfg->layout = (PrepLayout) lcg_pick (s, 2);
  cfg->data_type = (PrepDataType) lcg_pick (s, 4);
  cfg->pad_value = lcg_pick (s, 256);
  if (cfg->data_type >= PREP_DTYPE_UINT8)
    cfg->scale = 1.0;
  cfg->batch_size = n_streams + lcg_pick (s, 3);
  /* the colour options in a third of the batches: each stream's chroma
   * site its own */
  if (lcg_pick (s, 3) == 0) {
    cfg->color_conversion = (PrepColorConversion) lcg_pick (s, 4);
    cfg->chroma_interpolation = (PrepChromaInterp) lcg_pick (s, 3);
  }
}

/* Stream @st's config: the tensor's, with its frames' format, size and
 * colour, one slot. */
static void
stream_config (const PrepConfig * cfg, const PrepStream * st, PrepConfig * c)
{
  *c = *cfg;
  c->format = st->format;
  c->src_width = st->src_width;
  c->src_height = st->src_height;
  c->matrix = st->matrix;
  c->range = st->range;
  c->chroma_site = st->chroma_site;
  c->batch_size = 1;
}

/* Slot @i of the batch as a single-stream plan gives it: stream i's, or
 * (i >= n, or a stream without a frame: planes[0] NULL) a slot without a
 * rectangle. */
static guint8 *
expected_slot (const PrepConfig * cfg, const PrepStream * streams, int n,
    const PrepFrame * frames, int i, size_t *bytes)
{
  gboolean pad = i >= n || frames[i].planes[0] == NULL;
  PrepConfig c;
  PrepPlan *plan = NULL;
  guint8 *out;

  /* a padding slot's plan: stream 0's config (frames[n] is its frame) */
  stream_config (cfg, &streams[pad ? 0 : i], &c);
  fail_unless_equals_int (prep_plan_new (&c, &streams[pad ? 0 : i].rect,
          pad ? 0 : 1, &plan), PREP_OK);
  *bytes = prep_plan_output_bytes (plan);
  out = g_malloc (*bytes);
  fail_unless_equals_int (prep_plan_run_cpu_rows (plan, PREP_CPU_SCALAR,
          &frames[pad ? n : i], out, *bytes, 0, cfg->out_height), PREP_OK);
  prep_plan_free (plan);
  return out;
}

/* Every slot of @got against the single-stream plans. */
static void
check_slots (const PrepConfig * cfg, const PrepStream * streams, int n,
    const PrepFrame * frames, const guint8 * got, int trial, const char *what)
{
  size_t slot_bytes, j;
  guint8 *want;
  int i;

  for (i = 0; i < cfg->batch_size; i++) {
    want = expected_slot (cfg, streams, n, frames, i, &slot_bytes);
    for (j = 0; j < slot_bytes && want[j] == got[i * slot_bytes + j]; j++);
    fail_unless (j == slot_bytes, "trial %d, %s: slot %d (%s %dx%d) differs "
        "from its single-stream plan at byte %zu", trial, what, i,
        i < n ? prep_format_name (streams[i].format) : "padding",
        streams[i < n ? i : 0].src_width, streams[i < n ? i : 0].src_height, j);
    g_free (want);
  }
}

static int
host_launch (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  int *launches = user_data;

  (*launches)++;
  return prep_kernel_host_launch (entry, grid, block, shared, args);
}

/* The batch through the kernel's host build: the plan's kernel table,
 * one launch for every stream (prep_plan_launch ()). */
static void
run_kernel (const PrepPlan * plan, const PrepFrame * frames, guint8 * out,
    size_t bytes)
{
  const void *table;
  size_t table_bytes;
  guint64 gen;
  int launches = 0;

  fail_unless_equals_int (prep_plan_kernel_table (plan, &table, &table_bytes,
          &gen), PREP_OK);
  fail_unless_equals_int (prep_plan_launch (plan, (uintptr_t) table, frames,
          (uintptr_t) out, bytes, host_launch, NULL, &launches, NULL), PREP_OK);
  fail_unless_equals_int (launches, 1);
}

static void
run_trial (guint64 * s, int trial, PrepWorkers * w)
{
  PrepStream streams[6];
  PrepFrame frames[7];
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  int n = 1 + lcg_pick (s, 6), i, missing;
  const guint8 *held = NULL;
  size_t bytes;
  guint8 *got;

  for (i = 0; i < n; i++)
    random_stream (s, &streams[i]);
  random_tensor (s, n, &cfg);
  fail_unless_equals_int (prep_plan_new_streams (&cfg, streams, n, &plan),
      PREP_OK);
  for (i = 0; i < n; i++)
    random_frame_new (streams[i].format, streams[i].src_width,
        streams[i].src_height, s, &frames[i]);
  /* frames[n]: a frame of stream 0 for the padding slots' single plans;
   * in about one trial in four, one stream has no frame (planes[0] NULL:
   * its slot is padding) */
  random_frame_new (streams[0].format, streams[0].src_width,
      streams[0].src_height, s, &frames[n]);
  missing = lcg_pick (s, 4) == 0 ? lcg_pick (s, n) : -1;
  if (missing >= 0) {
    held = frames[missing].planes[0];
    frames[missing].planes[0] = NULL;
  }
  bytes = prep_plan_output_bytes (plan);
  got = g_malloc (bytes);
  fail_unless_equals_int (prep_plan_run_cpu_streams (plan, NULL,
          PREP_CPU_SCALAR, frames, got, bytes), PREP_OK);
  check_slots (&cfg, streams, n, frames, got, trial, "scalar");
  if (prep_cpu_impl_available (PREP_CPU_AVX2)) {
    memset (got, 0x5a, bytes);
    fail_unless_equals_int (prep_plan_run_cpu_streams (plan, NULL,
            PREP_CPU_AVX2, frames, got, bytes), PREP_OK);
    check_slots (&cfg, streams, n, frames, got, trial, "avx2");
  }
  memset (got, 0x3c, bytes);
  fail_unless_equals_int (prep_plan_run_cpu_streams (plan, w, PREP_CPU_AUTO,
          frames, got, bytes), PREP_OK);
  check_slots (&cfg, streams, n, frames, got, trial, "3 threads");
  memset (got, 0x11, bytes);
  run_kernel (plan, frames, got, bytes);
  check_slots (&cfg, streams, n, frames, got, trial, "kernel host build");
  g_free (got);
  if (missing >= 0)
    frames[missing].planes[0] = held;
  for (i = 0; i <= n; i++)
    random_frame_free (&frames[i]);
  prep_plan_free (plan);
}

GST_START_TEST (test_streams_match_single_plans)
{
  guint64 s = 0x57e4a5;
  PrepWorkers *w = NULL;
  int t;

  fail_unless_equals_int (prep_workers_new (3, &w), PREP_OK);
  for (t = 0; t < TRIALS; t++)
    run_trial (&s, t, w);
  prep_workers_free (w);
}

GST_END_TEST;

/* A new rectangle inside @st's frame. */
static void
random_rect (guint64 * s, PrepStream * st)
{
  st->rect.x = lcg_pick (s, st->src_width);
  st->rect.y = lcg_pick (s, st->src_height);
  st->rect.width = 1 + lcg_pick (s, st->src_width - st->rect.x);
  st->rect.height = 1 + lcg_pick (s, st->src_height - st->rect.y);
  st->chroma_site = lcg_pick (s, 4);
}

/* @plan's bytes for @frames on the scalar executor (to free). */
static guint8 *
scalar_bytes (const PrepPlan * plan, const PrepFrame * frames)
{
  size_t bytes = prep_plan_output_bytes (plan);
  guint8 *out = g_malloc (bytes);

  fail_unless_equals_int (prep_plan_run_cpu_streams (plan, NULL,
          PREP_CPU_SCALAR, frames, out, bytes), PREP_OK);
  return out;
}

/* One plan, new streams each batch (prep_plan_set_streams ()): the
 * streams of the next batch are some of the plan's, in any order and
 * number, with new rectangles (the objects of a ROI meta), and the bytes
 * are those of a new plan of them, on the scalar executor and the kernel's
 * host build. */
static void
set_trial (guint64 * s, int trial)
{
  PrepStream made[6], next[8];  /* batch_size <= 6 + 2 */
  PrepFrame frames[8];
  PrepConfig cfg;
  PrepPlan *plan = NULL, *fresh = NULL;
  int n = 1 + lcg_pick (s, 6), m, i;
  guint8 *got, *want;
  size_t bytes;

  for (i = 0; i < n; i++)
    random_stream (s, &made[i]);
  random_tensor (s, n, &cfg);
  fail_unless_equals_int (prep_plan_new_streams (&cfg, made, n, &plan),
      PREP_OK);
  m = 1 + lcg_pick (s, cfg.batch_size);
  for (i = 0; i < m; i++) {
    next[i] = made[lcg_pick (s, n)];
    random_rect (s, &next[i]);
    random_frame_new (next[i].format, next[i].src_width, next[i].src_height,
        s, &frames[i]);
  }
  fail_unless_equals_int (prep_plan_set_streams (plan, next, m), PREP_OK);
  fail_unless_equals_int (prep_plan_new_streams (&cfg, next, m, &fresh),
      PREP_OK);
  bytes = prep_plan_output_bytes (plan);
  got = scalar_bytes (plan, frames);
  want = scalar_bytes (fresh, frames);
  fail_unless (memcmp (got, want, bytes) == 0, "trial %d: set_streams () "
      "gives other bytes than a new plan", trial);
  memset (got, 0x11, bytes);
  run_kernel (plan, frames, got, bytes);
  fail_unless (memcmp (got, want, bytes) == 0, "trial %d: the kernel's host "
      "build after set_streams () gives other bytes", trial);
  g_free (got);
  g_free (want);
  for (i = 0; i < m; i++)
    random_frame_free (&frames[i]);
  prep_plan_free (fresh);
  prep_plan_free (plan);
}

GST_START_TEST (test_streams_set_streams)
{
  guint64 s = 0x5e7;
  int t;

  for (t = 0; t < TRIALS; t++)
    set_trial (&s, t);
}

GST_END_TEST;

/* Refused plans and runs, each with its status; a refused run writes
 * nothing. */
GST_START_TEST (test_streams_refusals)
{
  PrepStream st[2] = {
    {PREP_FORMAT_NV12, 64, 48, PREP_MATRIX_BT709, PREP_RANGE_LIMITED,
          {0, 0, 64, 48}
        },
    {PREP_FORMAT_RGBA, 30, 20, PREP_MATRIX_BT601, PREP_RANGE_FULL,
          {10, 2, 20, 18}
        },
  };
  PrepStream bad = st[1];
  PrepFrame frames[2], wrong;
  PrepConfig cfg;
  PrepPlan *plan = (PrepPlan *) & cfg;
  guint64 s = 7;
  size_t bytes;
  guint8 *out;

  prep_config_init (&cfg);
  cfg.out_width = cfg.out_height = 16;
  cfg.batch_size = 2;
  fail_unless_equals_int (prep_plan_new_streams (&cfg, st, 0, &plan),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless (plan == NULL);
  fail_unless_equals_int (prep_plan_new_streams (&cfg, st, 3, &plan),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_new_streams (&cfg, NULL, 1, &plan),
      PREP_ERROR_INVALID_ARGUMENT);
  bad.rect.x = 25;              /* 25 + 20 > 30 */
  fail_unless_equals_int (prep_plan_new_streams (&cfg, (PrepStream[]) {
          st[0], bad}, 2, &plan), PREP_ERROR_CROP);
  bad = st[1];
  bad.src_width = 0;
  fail_unless_equals_int (prep_plan_new_streams (&cfg, (PrepStream[]) {
          st[0], bad}, 2, &plan), PREP_ERROR_SIZE);
  fail_unless (plan == NULL);

  fail_unless_equals_int (prep_plan_new_streams (&cfg, st, 2, &plan), PREP_OK);
  random_frame_new (st[0].format, st[0].src_width, st[0].src_height, &s,
      &frames[0]);
  random_frame_new (st[1].format, st[1].src_width, st[1].src_height, &s,
      &frames[1]);
  bytes = prep_plan_output_bytes (plan);
  out = g_malloc0 (bytes);
  /* a frame of another format or size than its stream's */
  wrong = frames[1];
  wrong.width = 31;
  fail_unless_equals_int (prep_plan_run_cpu_streams (plan, NULL,
          PREP_CPU_AUTO, (PrepFrame[]) {
          frames[0], wrong}, out, bytes), PREP_ERROR_FORMAT);
  fail_unless_equals_int (prep_plan_run_cpu_streams (plan, NULL,
          PREP_CPU_AUTO, frames, out, bytes - 1), PREP_ERROR_OUTPUT_SIZE);
  fail_unless_equals_int (prep_plan_run_cpu_streams (plan, NULL,
          PREP_CPU_AUTO, NULL, out, bytes), PREP_ERROR_INVALID_ARGUMENT);
  /* the launch refuses them alike, and a table or tensor at 0, launching
   * nothing */
  {
    const void *table;
    size_t table_bytes;
    guint64 gen;
    int launches = 0;

    fail_unless_equals_int (prep_plan_kernel_table (plan, &table,
            &table_bytes, &gen), PREP_OK);
    fail_unless_equals_int (prep_plan_launch (plan, (uintptr_t) table,
            (PrepFrame[]) {
            frames[0], wrong}, (uintptr_t) out, bytes, host_launch, NULL,
            &launches, NULL), PREP_ERROR_FORMAT);
    fail_unless_equals_int (prep_plan_launch (plan, (uintptr_t) table, frames,
            (uintptr_t) out, bytes - 1, host_launch, NULL, &launches, NULL),
        PREP_ERROR_OUTPUT_SIZE);
    fail_unless_equals_int (prep_plan_launch (plan, (uintptr_t) table, NULL,
            (uintptr_t) out, bytes, host_launch, NULL, &launches, NULL),
        PREP_ERROR_INVALID_ARGUMENT);
    fail_unless_equals_int (prep_plan_launch (plan, 0, frames,
            (uintptr_t) out, bytes, host_launch, NULL, &launches, NULL),
        PREP_ERROR_INVALID_ARGUMENT);
    fail_unless_equals_int (prep_plan_launch (plan, (uintptr_t) table, frames,
            0, bytes, host_launch, NULL, &launches, NULL),
        PREP_ERROR_INVALID_ARGUMENT);
    fail_unless_equals_int (launches, 0);
  }
  /* set_streams: the same refusals as a new plan, the plan unchanged;
   * a larger frame than the plan's under antialias needs a new plan */
  bad = st[1];
  bad.rect.x = 25;
  fail_unless_equals_int (prep_plan_set_streams (plan, (PrepStream[]) {
          st[0], bad}, 2), PREP_ERROR_CROP);
  fail_unless_equals_int (prep_plan_set_streams (plan, st, 3),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_set_streams (plan, st, 0),
      PREP_ERROR_INVALID_ARGUMENT);
  {
    PrepPlan *aa = NULL;
    PrepConfig c = cfg;
    PrepStream large = st[0];

    c.antialias = 1;
    c.out_width = c.out_height = 4;
    fail_unless_equals_int (prep_plan_new_streams (&c, &st[1], 1, &aa),
        PREP_OK);
    large.src_width = large.rect.width = 640;
    large.src_height = large.rect.height = 480;
    fail_unless_equals_int (prep_plan_set_streams (aa, &large, 1),
        PREP_ERROR_INVALID_ARGUMENT);
    prep_plan_free (aa);
  }
  /* the single-frame entry points and set_slots take no streams plan, and
   * set_streams no plain plan */
  fail_unless_equals_int (prep_plan_run_cpu (plan, &frames[0], out, bytes),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_set_slots (plan, &st[0].rect, 1),
      PREP_ERROR_INVALID_ARGUMENT);
  for (s = 0; s < bytes && out[s] == 0; s++);
  fail_unless (s == bytes, "a refused run wrote byte %zu", (size_t) s);
  /* a plain plan is no streams plan */
  {
    PrepPlan *single = NULL;
    PrepConfig c = cfg;

    c.batch_size = 1;
    c.src_width = 64;
    c.src_height = 48;
    fail_unless_equals_int (prep_plan_new (&c, NULL, 0, &single), PREP_OK);
    fail_unless_equals_int (prep_plan_run_cpu_streams (single, NULL,
            PREP_CPU_AUTO, frames, out, bytes), PREP_ERROR_INVALID_ARGUMENT);
    fail_unless_equals_int (prep_plan_set_streams (single, st, 1),
        PREP_ERROR_INVALID_ARGUMENT);
    prep_plan_free (single);
  }
  g_free (out);
  random_frame_free (&frames[0]);
  random_frame_free (&frames[1]);
  prep_plan_free (plan);
}

GST_END_TEST;

static Suite *
streams_suite (void)
{
  Suite *s = suite_create ("streams");
  TCase *tc = tcase_create ("streams");

  tcase_set_timeout (tc, 600);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_streams_match_single_plans);
  tcase_add_test (tc, test_streams_set_streams);
  tcase_add_test (tc, test_streams_refusals);
  return s;
}

GST_CHECK_MAIN (streams);
