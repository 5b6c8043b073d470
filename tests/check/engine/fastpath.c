/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Tests of the fast CPU path (src/prep-cpu-avx2.c, src/prep-workers.c)
 * against the scalar reference (PREP_CPU_SCALAR), bit for bit:
 *  - every case of the engine's table (engine-cases.h, the same frames in
 *    guarded planes as the engine and kernel tests): the AVX2 executor and
 *    prep_plan_run_cpu () (AUTO), every element written, the guard
 *    elements around the tensor untouched;
 *  - random small frames, crops and sizes, where the vector blocks meet
 *    the first rows and columns of the planes;
 *  - row ranges: random splits of the rows run in random order, each call
 *    writing its rows and nothing else; prep_plan_run_cpu_parallel () with
 *    pools of 1, 2, 3 and 7 threads; one pool shared by two threads;
 *  - batches (engine-cases.h) in float32 and float16, the table in float16
 *    and random small batches: AVX2 (F16C for float16) and AUTO against
 *    scalar; row ranges cut at and around slot boundaries; the parallel
 *    runner with pools of 1, 2 and 3 threads;
 *  - every output kind from every input format: element type (float32,
 *    float16, uint8, int8) x channel order (RGB, BGR, gray) x layout x
 *    filter (bilinear, nearest, nearest-floor, bicubic) x antialias x
 *    batch (one slot, or several with padding slots), on random frames of odd and
 *    even sizes, rectangles anywhere and at the frames' edges, stretch,
 *    letterbox and cover: AVX2 and AUTO (2 threads) against scalar, byte
 *    for byte, nothing written outside the tensor;
 *  - refusals: bad row ranges, implementations, pointers, strides, sizes
 *    and pool sizes give their status and write nothing.
 * No timing: benchmarks judge speed, not tests. */

#include <gst/check/gstcheck.h>

#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "prep.h"
#include "prep-private.h"
#include "engine-cases.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

/* A case's plan and frame, and the scalar reference output between guard
 * elements (GUARD_HEAD + n + GUARD_TAIL floats). */
typedef struct
{
  const char *name;             /* the case's, for failure messages */
  PrepPlan *plan;
  TestFrame frame;
  size_t n;                     /* tensor elements */
  size_t total;                 /* with the guards */
  float *ref;
} CaseRun;

static float *
sentinel_buffer (const CaseRun * r)
{
  float *buf = g_new (float, r->total);

  fill_sentinel (buf, r->total);
  return buf;
}

static PrepStatus
run_rows (const CaseRun * r, PrepCpuImpl impl, float *buf, int begin, int end)
{
  return prep_plan_run_cpu_rows (r->plan, impl, &r->frame.pf, buf + GUARD_HEAD,
      r->n * sizeof (float), begin, end);
}

static PrepStatus
run_parallel (const CaseRun * r, PrepWorkers * w, PrepCpuImpl impl, float *buf)
{
  return prep_plan_run_cpu_parallel (r->plan, w, impl, &r->frame.pf,
      buf + GUARD_HEAD, r->n * sizeof (float));
}

/* Every tensor element written, the guards untouched. */
static void
assert_complete (const CaseRun * r, const float *buf, const char *what)
{
  fail_unless_equals_int (first_written (buf, GUARD_HEAD), GUARD_HEAD);
  fail_unless_equals_int (first_written (buf + GUARD_HEAD + r->n,
          GUARD_TAIL), GUARD_TAIL);
  fail_unless (count_sentinels (buf + GUARD_HEAD, r->n) == 0,
      "%s: %zu of %zu elements not written", what,
      count_sentinels (buf + GUARD_HEAD, r->n), r->n);
}

/* Bit-identical to the reference, guards included; a failure names the
 * case, @what (the path) and the first element that differs. */
static void
assert_same (const CaseRun * r, const float *buf, const char *what)
{
  size_t diff = first_difference (r->ref, buf, r->total);

  fail_unless (diff == r->total, "%s, %s: element %zd differs: scalar %a, "
      "here %a", r->name, what, (gssize) diff - GUARD_HEAD, r->ref[diff],
      buf[diff]);
}

static void
case_run_from (CaseRun * r, const RefCase * tc, guint64 seed)
{
  guint64 rng = seed;
  PrepConfig cfg;

  case_config (tc, &cfg);
  r->name = tc->name;
  r->plan = NULL;
  fail_unless_equals_int (case_plan_new (tc, &cfg, &r->plan), PREP_OK);
  frame_new (&r->frame, tc, r->plan, &rng);
  r->n = prep_plan_output_bytes (r->plan) / sizeof (float);
  r->total = GUARD_HEAD + r->n + GUARD_TAIL;
  r->ref = sentinel_buffer (r);
  fail_unless_equals_int (run_rows (r, PREP_CPU_SCALAR, r->ref, 0,
          prep_plan_params (r->plan)->out_height), PREP_OK);
  assert_complete (r, r->ref, "scalar");
}

static void
case_run (CaseRun * r, guint i)
{
  case_run_from (r, &ref_cases[i], case_seed (i));
}

static void
case_run_free (CaseRun * r)
{
  g_free (r->ref);
  frame_free (&r->frame);
  prep_plan_free (r->plan);
}

/* ------------------------------------------------------------------------ */
/* The engine's table                                                       */
/* ------------------------------------------------------------------------ */

/* The table test's counts (see CaseCounts). */
static CaseCounts *fast_stats;

GST_START_TEST (test_table)
{
  const RefCase *tc = &ref_cases[__i__];
  gboolean avx2 = prep_cpu_impl_available (PREP_CPU_AVX2);
  gboolean last = __i__ == (int) n_ref_cases - 1;
  CaseRun r;
  float *out, *fast = NULL;

  case_run (&r, __i__);
  if (avx2) {
    fast = sentinel_buffer (&r);
    fail_unless_equals_int (run_rows (&r, PREP_CPU_AVX2, fast, 0,
            prep_plan_params (r.plan)->out_height), PREP_OK);
    /* counted before the verdict: the summary covers failing cases too */
    fast_stats->cases++;
    fast_stats->identical += first_difference (r.ref, fast, r.total) == r.total;
  }
  if (last && avx2)
    g_print ("fast path cases: %d, bit-identical: %d (impl %s)\n",
        fast_stats->cases, fast_stats->identical,
        prep_cpu_impl_name (PREP_CPU_AVX2));
  else if (last)
    g_print ("fast path cases: skipped: this CPU has no AVX2 (impl %s)\n",
        prep_cpu_impl_name (PREP_CPU_AUTO));
  if (avx2) {
    assert_complete (&r, fast, tc->name);
    assert_same (&r, fast, "avx2");
  }
  /* prep_plan_run_cpu (): AUTO, whichever it picks */
  out = sentinel_buffer (&r);
  fail_unless_equals_int (prep_plan_run_cpu (r.plan, &r.frame.pf,
          out + GUARD_HEAD, r.n * sizeof (float)), PREP_OK);
  assert_same (&r, out, "AUTO");
  g_free (out);
  g_free (fast);
  case_run_free (&r);
}

GST_END_TEST;

/* Small frames, crops anywhere (edges, first rows and columns of the
 * planes, strides of 1 and 2 bytes), wide outputs so that the vector blocks
 * run: AVX2 against the scalar reference. */
GST_START_TEST (test_random_configs)
{
  guint64 rng = 0xfa575eed;
  int i;

  if (!prep_cpu_impl_available (PREP_CPU_AVX2)) {
    g_print ("random configs: skipped: this CPU has no AVX2\n");
    return;
  }
  for (i = 0; i < 1500; i++) {
    RefCase tc;
    CaseRun r;
    float *out;
    char name[64];

    memset (&tc, 0, sizeof (tc));
    g_snprintf (name, sizeof (name), "random config %d", i);
    tc.name = name;
    tc.w = 1 + lcg_next (&rng) % 40;
    tc.h = 1 + lcg_next (&rng) % 24;
    tc.y_pad = lcg_next (&rng) % 3;
    tc.uv_pad = lcg_next (&rng) % 3;
    tc.crop.x = lcg_next (&rng) % tc.w;
    tc.crop.y = lcg_next (&rng) % tc.h;
    tc.crop.width = 1 + lcg_next (&rng) % (tc.w - tc.crop.x);
    tc.crop.height = 1 + lcg_next (&rng) % (tc.h - tc.crop.y);
    tc.ow = 1 + lcg_next (&rng) % 70;
    tc.oh = 1 + lcg_next (&rng) % 12;
    tc.aspect = lcg_next (&rng) % 2;
    tc.interp = lcg_next (&rng) % 2;
    tc.order = lcg_next (&rng) % 2;
    tc.layout = lcg_next (&rng) % 2;
    tc.range = lcg_next (&rng) % 2;
    tc.pad = lcg_next (&rng) % 256;
    tc.pattern = lcg_next (&rng) % 5;
    case_run_from (&r, &tc, rng);
    out = sentinel_buffer (&r);
    fail_unless_equals_int (run_rows (&r, PREP_CPU_AVX2, out, 0, tc.oh),
        PREP_OK);
    assert_same (&r, out, "avx2");
    g_free (out);
    case_run_free (&r);
  }
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Row ranges and threads                                                   */
/* ------------------------------------------------------------------------ */

/* Rows with done[row] hold the reference, the others (and the guards)
 * still the sentinel. */
static void
assert_rows (const CaseRun * r, const float *buf, const gboolean * done)
{
  const PrepParams *p = prep_plan_params (r->plan);
  size_t row = (size_t) p->out_width * (p->nhwc ? 3 : 1), i, at;
  int y, c, planes = p->nhwc ? 1 : 3;

  fail_unless_equals_int (first_written (buf, GUARD_HEAD), GUARD_HEAD);
  fail_unless_equals_int (first_written (buf + GUARD_HEAD + r->n,
          GUARD_TAIL), GUARD_TAIL);
  for (y = 0; y < p->out_height; y++)
    for (c = 0; c < planes; c++) {
      at = GUARD_HEAD + prep_out_index (p, 0, y, c);
      if (done[y])
        i = first_difference (buf + at, r->ref + at, row);
      else
        i = first_written (buf + at, row);
      fail_unless (i == row, "%s: row %d, plane %d, element %zu: %s: %a, "
          "scalar %a", r->name, y, c, i, done[y] ? "differs from the "
          "reference" : "written too early", buf[at + i], r->ref[at + i]);
    }
}

/* A random split of [0, height) into up to 6 ranges (some empty), run in
 * a random order; after each call exactly the rows run so far are
 * written. */
static void
check_random_split (const CaseRun * r, PrepCpuImpl impl, guint64 * rng)
{
  int h = prep_plan_params (r->plan)->out_height;
  int cuts[7], order[6], n = 1 + lcg_next (rng) % 6, i, j, t;
  gboolean *done = g_new0 (gboolean, h);
  float *buf = sentinel_buffer (r);

  cuts[0] = 0;
  cuts[n] = h;
  for (i = 1; i < n; i++)
    cuts[i] = lcg_next (rng) % (h + 1);
  for (i = 1; i < n; i++)       /* insertion sort of cuts[1..n-1] */
    for (j = i; j > 1 && cuts[j - 1] > cuts[j]; j--) {
      t = cuts[j];
      cuts[j] = cuts[j - 1];
      cuts[j - 1] = t;
    }
  for (i = 0; i < n; i++)
    order[i] = i;
  for (i = n - 1; i > 0; i--) { /* Fisher-Yates */
    j = lcg_next (rng) % (i + 1);
    t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  for (i = 0; i < n; i++) {
    int b = cuts[order[i]], e = cuts[order[i] + 1];

    fail_unless_equals_int (run_rows (r, impl, buf, b, e), PREP_OK);
    for (j = b; j < e; j++)
      done[j] = TRUE;
    assert_rows (r, buf, done);
  }
  g_free (buf);
  g_free (done);
}

GST_START_TEST (test_row_splits)
{
  static const PrepCpuImpl impls[] = { PREP_CPU_SCALAR, PREP_CPU_AVX2 };
  static const int pools[] = { 1, 2, 3, 7 };
  guint64 rng = case_seed (__i__) ^ 0x5b117ULL;
  CaseRun r;
  guint i, s;

  case_run (&r, __i__);
  for (i = 0; i < G_N_ELEMENTS (impls); i++) {
    if (!prep_cpu_impl_available (impls[i]))
      continue;
    for (s = 0; s < 3; s++)
      check_random_split (&r, impls[i], &rng);
  }
  for (i = 0; i < G_N_ELEMENTS (pools); i++) {
    PrepWorkers *w = NULL;
    float *buf = sentinel_buffer (&r);

    fail_unless_equals_int (prep_workers_new (pools[i], &w), PREP_OK);
    fail_unless_equals_int (prep_workers_count (w), pools[i]);
    fail_unless_equals_int (run_parallel (&r, w, PREP_CPU_AUTO, buf), PREP_OK);
    assert_same (&r, buf, "parallel, AUTO");
    fill_sentinel (buf, r.total);
    fail_unless_equals_int (run_parallel (&r, w, PREP_CPU_SCALAR, buf),
        PREP_OK);
    assert_same (&r, buf, "parallel, scalar");
    prep_workers_free (w);
    g_free (buf);
  }
  case_run_free (&r);
}

GST_END_TEST;

/* Two threads that share one pool of 3 run frames at the same time: the
 * calls are serialized and each gets its own bytes. */
typedef struct
{
  PrepWorkers *workers;
  const CaseRun *runs;
  guint n_runs;
  guint frames;
} SharedPool;

static gpointer
shared_pool_thread (gpointer data)
{
  SharedPool *sp = data;
  guint i;

  for (i = 0; i < sp->frames; i++) {
    const CaseRun *r = &sp->runs[i % sp->n_runs];
    float *buf = sentinel_buffer (r);

    fail_unless_equals_int (run_parallel (r, sp->workers, PREP_CPU_AUTO, buf),
        PREP_OK);
    assert_same (r, buf, "shared pool");
    g_free (buf);
  }
  return NULL;
}

GST_START_TEST (test_shared_pool)
{
  static const guint cases[] = { 7, 14, 19, 29, 36, 46 };
  CaseRun runs[G_N_ELEMENTS (cases)];
  SharedPool sp;
  GThread *a, *b;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    case_run (&runs[i], cases[i]);
  sp.runs = runs;
  sp.n_runs = G_N_ELEMENTS (cases);
  sp.frames = 60;
  fail_unless_equals_int (prep_workers_new (3, &sp.workers), PREP_OK);
  a = g_thread_new ("caller-a", shared_pool_thread, &sp);
  b = g_thread_new ("caller-b", shared_pool_thread, &sp);
  g_thread_join (a);
  g_thread_join (b);
  prep_workers_free (sp.workers);
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    case_run_free (&runs[i]);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Several plans on one frame                                               */
/* ------------------------------------------------------------------------ */

/* ------------------------------------------------------------------------ */
/* Batches and float16                                                      */
/* ------------------------------------------------------------------------ */

static PrepStatus
batch_rows (const BatchRun * r, PrepCpuImpl impl, TensorBuf * buf, int begin,
    int end)
{
  return prep_plan_run_cpu_rows (r->plan, impl, &r->frame.pf, buf->data,
      tensor_buf_bytes (buf), begin, end);
}

static PrepStatus
batch_parallel (const BatchRun * r, PrepWorkers * w, PrepCpuImpl impl,
    TensorBuf * buf)
{
  return prep_plan_run_cpu_parallel (r->plan, w, impl, &r->frame.pf, buf->data,
      tensor_buf_bytes (buf));
}

/* The scalar output of the run into r->out: the reference below. */
static void
batch_scalar (BatchRun * r)
{
  fail_unless_equals_int (batch_rows (r, PREP_CPU_SCALAR, &r->out, 0,
          prep_plan_rows (r->plan)), PREP_OK);
  tensor_buf_assert_complete (&r->out, "scalar");
}

/* Whether buf is bit-identical to the scalar output, guards included;
 * if not, the case, @what (the path) and the first element that differs
 * in @why. */
static gboolean
batch_same (const BatchRun * r, const TensorBuf * buf, const char *what,
    char *why, size_t why_len)
{
  size_t diff = tensor_buf_first_diff (&r->out, buf);

  if (diff != buf->total)
    g_snprintf (why, why_len, "%s, %s, %s: element %zd differs: scalar "
        "0x%x, here 0x%x", r->bc->name, dtype_name (r->cfg.data_type), what,
        (gssize) diff - GUARD_HEAD, tensor_buf_bits (&r->out, diff),
        tensor_buf_bits (buf, diff));
  return diff == buf->total;
}

/* The same, failing with that text. */
static void
assert_batch_same (const BatchRun * r, const TensorBuf * buf, const char *what)
{
  char why[256] = "";

  fail_unless (batch_same (r, buf, what, why, sizeof (why)), "%s", why);
}

/* Batch row @row (slot row / H, row row % H) of buf: the reference's bits
 * when done, else still the sentinel; NCHW rows are 3 runs of W elements,
 * NHWC one run of 3 W. */
static void
assert_batch_row (const BatchRun * r, const TensorBuf * buf, int row,
    gboolean done)
{
  const PrepParams *p = prep_plan_params (r->plan);
  size_t slot_elems = buf->n / r->cfg.batch_size, len, at;
  int slot = row / p->out_height, y = row % p->out_height, c;
  int planes = p->nhwc ? 1 : 3;

  len = (size_t) p->out_width * (p->nhwc ? 3 : 1);
  for (c = 0; c < planes; c++) {
    at = GUARD_HEAD + slot * slot_elems + prep_out_index (p, 0, y, c);
    if (done && memcmp (buf->mem + at * buf->esize, r->out.mem + at *
            buf->esize, len * buf->esize) != 0) {
      size_t k;

      for (k = 0; k < len; k++)
        if (tensor_buf_bits (buf, at + k) != tensor_buf_bits (&r->out, at + k))
          break;
      fail ("%s, %s: batch row %d (slot %d, row %d), plane %d, element %zu "
          "differs: scalar 0x%x, here 0x%x", r->bc->name,
          dtype_name (r->cfg.data_type), row, slot, y, c, k,
          tensor_buf_bits (&r->out, at + k), tensor_buf_bits (buf, at + k));
    } else if (!done) {
      fail_unless (tensor_buf_count_sentinels (buf, at, len) == len,
          "%s, %s: batch row %d (slot %d, row %d) written too early",
          r->bc->name, dtype_name (r->cfg.data_type), row, slot, y);
    }
  }
}

static void
assert_batch_rows (const BatchRun * r, const TensorBuf * buf,
    const gboolean * done)
{
  int row;

  tensor_buf_assert_guards (buf, r->bc->name);
  for (row = 0; row < prep_plan_rows (r->plan); row++)
    assert_batch_row (r, buf, row, done[row]);
}

/* A cut of [0, rows]: anywhere, or at a slot boundary, one before or one
 * after it. */
static int
random_cut (int rows, int h, guint64 * rng)
{
  int cut;

  if (lcg_next (rng) % 2)
    return lcg_next (rng) % (rows + 1);
  cut = (int) (lcg_next (rng) % (rows / h + 1)) * h +
      (int) (lcg_next (rng) % 3) - 1;
  return CLAMP (cut, 0, rows);
}

static void
sort_ints (int *v, int n)
{
  int i, j, t;

  for (i = 1; i < n; i++)
    for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
      t = v[j];
      v[j] = v[j - 1];
      v[j - 1] = t;
    }
}

static void
shuffle_ints (int *v, int n, guint64 * rng)
{
  int i, j, t;

  for (i = n - 1; i > 0; i--) {
    j = lcg_next (rng) % (i + 1);
    t = v[i];
    v[i] = v[j];
    v[j] = t;
  }
}

/* Up to 8 ranges of the batch's rows, cut partly at slot boundaries, run
 * in a random order; after each call exactly the rows run so far are
 * written, and in the end the whole tensor. */
static void
check_batch_split (const BatchRun * r, PrepCpuImpl impl, guint64 * rng)
{
  int rows = prep_plan_rows (r->plan), h = r->cfg.out_height;
  int cuts[9], order[8], n = 1 + lcg_next (rng) % 8, i, k;
  gboolean *done = g_new0 (gboolean, rows);
  TensorBuf buf;

  tensor_buf_new (&buf, &r->cfg);
  cuts[0] = 0;
  cuts[n] = rows;
  for (i = 1; i < n; i++)
    cuts[i] = random_cut (rows, h, rng);
  sort_ints (cuts + 1, n - 1);
  for (i = 0; i < n; i++)
    order[i] = i;
  shuffle_ints (order, n, rng);
  for (k = 0; k < n; k++) {
    int b = cuts[order[k]], e = cuts[order[k] + 1];

    fail_unless_equals_int (batch_rows (r, impl, &buf, b, e), PREP_OK);
    for (i = b; i < e; i++)
      done[i] = TRUE;
    assert_batch_rows (r, &buf, done);
  }
  assert_batch_same (r, &buf, "row split");
  tensor_buf_free (&buf);
  g_free (done);
}

/* The parallel runner with pools of 1, 2 and 3 threads (and none), AUTO
 * and scalar. */
static void
check_batch_pools (const BatchRun * r)
{
  static const PrepCpuImpl impls[] = { PREP_CPU_AUTO, PREP_CPU_SCALAR };
  TensorBuf buf;
  PrepWorkers *w;
  int pool;
  guint i;

  tensor_buf_new (&buf, &r->cfg);
  for (pool = 0; pool <= 3; pool++) {
    w = NULL;
    if (pool > 0)
      fail_unless_equals_int (prep_workers_new (pool, &w), PREP_OK);
    for (i = 0; i < G_N_ELEMENTS (impls); i++) {
      tensor_buf_fill (&buf);
      fail_unless_equals_int (batch_parallel (r, w, impls[i], &buf), PREP_OK);
      assert_batch_same (r, &buf, pool ? "parallel" : "parallel, no pool");
    }
    prep_workers_free (w);
  }
  tensor_buf_free (&buf);
}

/* AVX2 over all rows; returns whether identical, the first difference in
 * @why if not. */
static gboolean
batch_avx2_same (const BatchRun * r, char *why, size_t why_len)
{
  TensorBuf buf;
  gboolean same;

  tensor_buf_new (&buf, &r->cfg);
  fail_unless_equals_int (batch_rows (r, PREP_CPU_AVX2, &buf, 0,
          prep_plan_rows (r->plan)), PREP_OK);
  tensor_buf_assert_complete (&buf, "avx2");
  same = batch_same (r, &buf, "avx2", why, why_len);
  tensor_buf_free (&buf);
  return same;
}

static void
check_batch_auto (const BatchRun * r)
{
  TensorBuf buf;

  tensor_buf_new (&buf, &r->cfg);
  fail_unless_equals_int (prep_plan_run_cpu (r->plan, &r->frame.pf, buf.data,
          tensor_buf_bytes (&buf)), PREP_OK);
  assert_batch_same (r, &buf, "AUTO");
  tensor_buf_free (&buf);
}

/* The batch and float16 tests' counts (see CaseCounts). */
static CaseCounts *batch_stats, *half_stats;

/* AVX2 against scalar on @r, counted in @counts (when the CPU has AVX2),
 * the first difference in @why; the verdict comes with assert_avx2 ()
 * after the summary. */
static gboolean
count_avx2 (const BatchRun * r, CaseCounts * counts, char *why, size_t why_len)
{
  gboolean same;

  if (!prep_cpu_impl_available (PREP_CPU_AVX2))
    return TRUE;
  same = batch_avx2_same (r, why, why_len);
  counts->cases++;
  counts->identical += same;
  return same;
}

static void
assert_avx2 (gboolean same, const char *why)
{
  fail_unless (same, "AVX2 differs from scalar: %s", why);
}

static void
print_counts (const char *what, const CaseCounts * counts)
{
  if (prep_cpu_impl_available (PREP_CPU_AVX2))
    g_print ("%s: %d, bit-identical: %d (impl avx2)\n", what, counts->cases,
        counts->identical);
  else
    g_print ("%s: skipped: this CPU has no AVX2\n", what);
}

/* Batch case i in float32 and float16: AVX2, AUTO, row splits with both
 * implementations and the pools, all bit-identical to scalar. */
GST_START_TEST (test_batch_table)
{
  static const PrepCpuImpl impls[] = { PREP_CPU_SCALAR, PREP_CPU_AVX2 };
  guint64 rng = batch_seed (__i__) ^ 0xfa57;
  char why[256] = "";
  gboolean same;
  int t, s;
  guint k;

  for (t = 0; t < 2; t++) {
    BatchRun r;

    batch_run_new (&r, __i__, t ? PREP_DTYPE_FLOAT16 : PREP_DTYPE_FLOAT32);
    batch_scalar (&r);
    same = count_avx2 (&r, batch_stats, why, sizeof (why));
    /* the summary is printed before the verdict: it covers failures too */
    if (t == 1 && __i__ == (int) n_batch_cases - 1)
      print_counts ("fast path batch cases (float32 + float16)", batch_stats);
    assert_avx2 (same, why);
    check_batch_auto (&r);
    for (k = 0; k < G_N_ELEMENTS (impls); k++)
      for (s = 0; s < 3 && prep_cpu_impl_available (impls[k]); s++)
        check_batch_split (&r, impls[k], &rng);
    check_batch_pools (&r);
    batch_run_free (&r);
  }
}

GST_END_TEST;

/* Every case of the engine's table in float16: AVX2 (F16C conversions)
 * and AUTO bit-identical to scalar. */
GST_START_TEST (test_float16_table)
{
  BatchCase bc;
  PrepRect crop;
  BatchRun r;
  char why[256] = "";
  gboolean same;

  table_case_as_batch (__i__, &bc, &crop);
  batch_run_from (&r, &bc, case_seed (__i__), PREP_DTYPE_FLOAT16);
  batch_scalar (&r);
  same = count_avx2 (&r, half_stats, why, sizeof (why));
  if (__i__ == (int) n_ref_cases - 1)
    print_counts ("fast path float16 cases", half_stats);
  assert_avx2 (same, why);
  check_batch_auto (&r);
  batch_run_free (&r);
}

GST_END_TEST;

/* Random small frames, batches, valid counts, rectangles, modes and element
 * types: AVX2 against scalar, and one random row split. */
static void
random_batch_case (BatchCase * bc, guint64 * rng)
{
  RefCase *tc = &bc->base;

  memset (bc, 0, sizeof (*bc));
  bc->name = "random batch";
  tc->w = 1 + lcg_next (rng) % 40;
  tc->h = 1 + lcg_next (rng) % 24;
  tc->y_pad = lcg_next (rng) % 3;
  tc->uv_pad = lcg_next (rng) % 3;
  tc->ow = 1 + lcg_next (rng) % 40;
  tc->oh = 1 + lcg_next (rng) % 6;
  tc->aspect = lcg_next (rng) % 2;
  tc->interp = lcg_next (rng) % 2;
  tc->order = lcg_next (rng) % 2;
  tc->layout = lcg_next (rng) % 2;
  tc->range = lcg_next (rng) % 2;
  tc->norm = lcg_next (rng) % 3;
  tc->pad = lcg_next (rng) % 256;
  tc->pattern = lcg_next (rng) % 5;
  bc->batch = 1 + lcg_next (rng) % 9;
  bc->n_rects = lcg_next (rng) % (bc->batch + 1);
}

GST_START_TEST (test_random_batches)
{
  guint64 rng = 0xba7c4e5;
  char why[256] = "";
  BatchCase bc;
  BatchRun r;
  int i;

  if (!prep_cpu_impl_available (PREP_CPU_AVX2)) {
    g_print ("random batches: skipped: this CPU has no AVX2\n");
    return;
  }
  for (i = 0; i < 600; i++) {
    random_batch_case (&bc, &rng);
    batch_run_from (&r, &bc, rng, (PrepDataType) (i % 2));
    batch_scalar (&r);
    fail_unless (batch_avx2_same (&r, why, sizeof (why)), "random batch %d: %s",
        i, why);
    check_batch_split (&r, PREP_CPU_AVX2, &rng);
    batch_run_free (&r);
  }
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Every output kind                                                        */
/* ------------------------------------------------------------------------ */

/* Normalizations (scale, mean[3], std[3]) for the output kinds: raw
 * pixels, x/255, ImageNet, symmetric, and two that push uint8 and int8 past
 * both ends of [0, 255] (float16 stays below 65504); the channels differ,
 * so that a channel's coefficients used for another one show. */
typedef struct
{
  double scale, mean[3], std[3];
} OutputNorm;

static const OutputNorm output_norms[] = {
  {1.0, {0.0, 0.0, 0.0}, {1.0, 1.0, 1.0}},
  {1.0 / 255.0, {0.0, 0.0, 0.0}, {1.0, 1.0, 1.0}},
  {1.0 / 255.0, {0.485, 0.456, 0.406}, {0.229, 0.224, 0.225}},
  {1.0, {127.5, 127.5, 127.5}, {127.5, 127.5, 127.5}},
  {2.0, {100.0, 60.0, 140.0}, {1.0, 1.25, 0.75}},
  {1.5, {-40.0, -10.0, 0.0}, {0.5, 0.75, 1.0}},
};

/* The matrix's dimensions, one index each (output_combo ()). */
#define N_TYPES 4               /* float32, float16, uint8, int8 */
#define N_ORDERS 3              /* rgb, bgr, gray */
#define N_LAYOUTS 2             /* NCHW, NHWC */
#define N_INTERPS 4             /* bilinear, nearest, nearest-floor,
                                 * bicubic */
#define N_AA 2                  /* antialias off, on */
#define N_BATCHES 2             /* one slot; 2 to 4 slots, some padding */
#define N_COMBOS (N_TYPES * N_ORDERS * N_LAYOUTS * N_INTERPS * N_AA * \
    N_BATCHES)

/* A rectangle of a @w x @h frame: anywhere, at the top left corner, at
 * the bottom right corner (the last rows and columns of every plane), or
 * the whole frame. */
static void
output_rect (int w, int h, guint64 * s, PrepRect * r)
{
  int kind = lcg_pick (s, 4);

  r->width = 1 + lcg_pick (s, w);
  r->height = 1 + lcg_pick (s, h);
  r->x = lcg_pick (s, w - r->width + 1);
  r->y = lcg_pick (s, h - r->height + 1);
  if (kind == 1)
    r->x = r->y = 0;
  else if (kind == 2) {
    r->x = w - r->width;
    r->y = h - r->height;
  } else if (kind == 3) {
    r->x = r->y = 0;
    r->width = w;
    r->height = h;
  }
}

/* Case @combo (0 to N_COMBOS - 1) of @format: element type, channel order,
 * layout, interpolation, antialias and batch from the combo's digits, the
 * aspect from the combo and the format (so that each combo meets stretch,
 * letterbox and cover over the formats); frame size (odd ones too),
 * rectangles, crop fraction, colour, normalization and pad values (one,
 * or one per channel) at random.  Outputs of 8 to 72 columns, so that the 8-pixel blocks, their
 * scalar tails and the pad bands all run. */
static void
output_config (PrepFormat format, int combo, guint64 * s, PrepConfig * cfg,
    PrepRect * rects, int *n_rects)
{
  const OutputNorm *norm = &output_norms[lcg_pick (s,
          G_N_ELEMENTS (output_norms))];
  int d = combo, i, c;

  prep_config_init (cfg);
  cfg->format = format;
  cfg->data_type = (PrepDataType) (d % N_TYPES);
  d /= N_TYPES;
  cfg->channel_order = (PrepChannelOrder) (d % N_ORDERS);
  d /= N_ORDERS;
  cfg->layout = (PrepLayout) (d % N_LAYOUTS);
  d /= N_LAYOUTS;
  cfg->interpolation = (PrepInterp) (d % N_INTERPS);
  d /= N_INTERPS;
  cfg->antialias = d % N_AA;
  d /= N_AA;
  cfg->batch_size = d % N_BATCHES ? 2 + lcg_pick (s, 3) : 1;
  cfg->aspect = (PrepAspect) ((combo + (int) format) % 3);
  cfg->src_width = 1 + lcg_pick (s, 96);
  cfg->src_height = 1 + lcg_pick (s, 60);
  cfg->out_width = 8 + lcg_pick (s, 65);
  cfg->out_height = 1 + lcg_pick (s, 20);
  cfg->crop_fraction = lcg_pick (s, 2) ? 1.0 : 0.5 + lcg_pick (s, 500) / 1e3;
  cfg->matrix = (PrepMatrix) lcg_pick (s, 3);
  cfg->range = (PrepRange) lcg_pick (s, 2);
  cfg->pad_value = lcg_pick (s, 256);
  cfg->pad_per_channel = lcg_pick (s, 2);
  cfg->scale = norm->scale;
  for (c = 0; c < 3; c++) {
    cfg->pad_values[c] = lcg_pick (s, 256);
    cfg->mean[c] = norm->mean[c];
    cfg->std[c] = norm->std[c];
  }
  /* a batch: sometimes the last slots are padding (no rectangle) */
  *n_rects = cfg->batch_size > 1 && lcg_pick (s, 2) ?
      1 + lcg_pick (s, cfg->batch_size - 1) : cfg->batch_size;
  for (i = 0; i < *n_rects; i++)
    output_rect (cfg->src_width, cfg->src_height, s, &rects[i]);
}

#define OUTPUT_GUARD 64

/* @impl's bytes of the tensor, between OUTPUT_GUARD bytes of @fill either
 * side, which must stay as they are; through a pool when @w. */
static guint8 *
output_run (const PrepPlan * plan, PrepWorkers * w, PrepCpuImpl impl,
    const PrepFrame * f, guint8 fill, const char *what)
{
  size_t bytes = prep_plan_output_bytes (plan), i;
  guint8 *buf = g_malloc (bytes + 2 * OUTPUT_GUARD);
  PrepStatus st;

  memset (buf, fill, bytes + 2 * OUTPUT_GUARD);
  if (w != NULL)
    st = prep_plan_run_cpu_parallel (plan, w, impl, f, buf + OUTPUT_GUARD,
        bytes);
  else
    st = prep_plan_run_cpu_rows (plan, impl, f, buf + OUTPUT_GUARD, bytes, 0,
        prep_plan_rows (plan));
  fail_unless_equals_int (st, PREP_OK);
  for (i = 0; i < OUTPUT_GUARD; i++)
    fail_unless (buf[i] == fill && buf[OUTPUT_GUARD + bytes + i] == fill,
        "%s: written outside the tensor", what);
  return buf;
}

/* @got's tensor is the scalar one, byte for byte. */
static void
assert_output_same (const guint8 * ref, const guint8 * got, size_t bytes,
    const char *what)
{
  size_t i;

  for (i = 0; i < bytes && got[OUTPUT_GUARD + i] == ref[OUTPUT_GUARD + i]; i++);
  fail_unless (i == bytes, "%s: byte %zu of %zu differs: scalar 0x%02x, "
      "here 0x%02x", what, i, bytes, ref[OUTPUT_GUARD + i],
      got[OUTPUT_GUARD + i]);
}

/* The output kinds' counts (see CaseCounts). */
static CaseCounts *output_stats;

/* Every output kind (4 element types x rgb, bgr, gray x NCHW, NHWC x
 * bilinear, nearest, nearest-floor x antialias or not x one slot or a
 * batch: 288) from random frames of one input format: AVX2 against the
 * scalar reference, byte for byte, run twice on buffers filled with 0x00
 * and 0xff (so that an element it does not write shows), and AUTO through
 * a pool of 2 threads. */
GST_START_TEST (test_outputs)
{
  PrepFormat format = (PrepFormat) __i__;
  guint64 s = 0x07b175ULL + 104729 * (guint64) __i__;
  PrepWorkers *w = NULL;
  int combo, n_rects, fill, same;

  if (!prep_cpu_impl_available (PREP_CPU_AVX2)) {
    if (__i__ == PREP_FORMAT_COUNT - 1)
      g_print ("output kinds: skipped: this CPU has no AVX2\n");
    return;
  }
  fail_unless_equals_int (prep_workers_new (2, &w), PREP_OK);
  for (combo = 0; combo < N_COMBOS; combo++) {
    PrepRect rects[4];
    PrepConfig cfg;
    PrepPlan *plan = NULL;
    PrepFrame f;
    guint8 *ref, *got;
    size_t bytes;
    char what[320];

    output_config (format, combo, &s, &cfg, rects, &n_rects);
    fail_unless_equals_int (prep_plan_new (&cfg, rects, n_rects, &plan),
        PREP_OK);
    random_frame_new (format, cfg.src_width, cfg.src_height, &s, &f);
    g_snprintf (what, sizeof (what), "combo %d: %s %dx%d (first rect "
        "%d,%d %dx%d) -> %dx%dx%d (%d of %d slots), type %d order %d layout %d "
        "interp %d antialias %d aspect %d range %d scale %g mean %g",
        combo, prep_format_name (format), cfg.src_width, cfg.src_height,
        n_rects > 0 ? rects[0].x : 0, n_rects > 0 ? rects[0].y : 0,
        n_rects > 0 ? rects[0].width : 0, n_rects > 0 ? rects[0].height : 0,
        cfg.out_width, cfg.out_height, cfg.batch_size, n_rects,
        cfg.batch_size, cfg.data_type, cfg.channel_order, cfg.layout,
        cfg.interpolation, cfg.antialias, cfg.aspect, cfg.range, cfg.scale,
        cfg.mean[0]);
    bytes = prep_plan_output_bytes (plan);
    ref = output_run (plan, NULL, PREP_CPU_SCALAR, &f, 0x5a, what);
    for (fill = 0, same = 1; fill < 2; fill++) {
      got = output_run (plan, NULL, PREP_CPU_AVX2, &f, fill ? 0xff : 0x00,
          what);
      same = same && memcmp (ref + OUTPUT_GUARD, got + OUTPUT_GUARD,
          bytes) == 0;
      assert_output_same (ref, got, bytes, what);
      g_free (got);
    }
    output_stats->cases++;
    output_stats->identical += same;
    got = output_run (plan, w, PREP_CPU_AUTO, &f, 0x33, what);
    assert_output_same (ref, got, bytes, what);
    g_free (got);
    g_free (ref);
    random_frame_free (&f);
    prep_plan_free (plan);
  }
  prep_workers_free (w);
  if (__i__ == PREP_FORMAT_COUNT - 1)
    g_print ("output kinds, every format: %d cases, bit-identical: %d "
        "(impl avx2)\n", output_stats->cases, output_stats->identical);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Refusals                                                                 */
/* ------------------------------------------------------------------------ */

static void
assert_untouched (const CaseRun * r, const float *buf, const char *what)
{
  fail_unless (first_written (buf, r->total) == r->total,
      "%s: the output was written", what);
}

GST_START_TEST (test_refused_rows)
{
  CaseRun r;
  float *buf;
  int h, i;

  case_run (&r, 14);
  h = prep_plan_params (r.plan)->out_height;
  {
    const int bad[][2] = { {-1, 1}, {0, h + 1}, {3, 2}, {INT_MIN, 0},
    {0, INT_MAX}, {h + 1, h + 1}, {-1, -1}, {h, h - 1}
    };
    const int empty[][2] = { {0, 0}, {h, h}, {5, 5} };

    buf = sentinel_buffer (&r);
    for (i = 0; i < (int) G_N_ELEMENTS (bad); i++) {
      fail_unless_equals_int (run_rows (&r, PREP_CPU_SCALAR, buf, bad[i][0],
              bad[i][1]), PREP_ERROR_INVALID_ARGUMENT);
      fail_unless_equals_int (run_rows (&r, PREP_CPU_AUTO, buf, bad[i][0],
              bad[i][1]), PREP_ERROR_INVALID_ARGUMENT);
      assert_untouched (&r, buf, "bad row range");
    }
    for (i = 0; i < (int) G_N_ELEMENTS (empty); i++) {
      fail_unless_equals_int (run_rows (&r, PREP_CPU_AUTO, buf, empty[i][0],
              empty[i][1]), PREP_OK);
      assert_untouched (&r, buf, "empty row range");
    }
  }
  g_free (buf);
  case_run_free (&r);
}

GST_END_TEST;

/* Unknown implementations (and AVX2 where the CPU lacks it), missing
 * pointers, short strides and a short destination: refused by both entry
 * points, with or without a pool, nothing written. */
GST_START_TEST (test_refused_frames)
{
  PrepCpuImpl bad_impls[3] = { (PrepCpuImpl) 3, (PrepCpuImpl) - 1,
    PREP_CPU_AVX2
  };
  int n_bad = prep_cpu_impl_available (PREP_CPU_AVX2) ? 2 : 3, i, k;
  const TestFrame *f;
  PrepWorkers *pool = NULL;
  size_t bytes;
  CaseRun r;
  float *buf, *d;

  case_run (&r, 14);
  f = &r.frame;
  buf = sentinel_buffer (&r);
  d = buf + GUARD_HEAD;
  bytes = r.n * sizeof (float);
  fail_unless_equals_int (prep_workers_new (2, &pool), PREP_OK);
  for (i = 0; i < n_bad; i++) {
    fail_unless_equals_int (run_rows (&r, bad_impls[i], buf, 0, 1),
        PREP_ERROR_INVALID_ARGUMENT);
    fail_unless_equals_int (run_parallel (&r, pool, bad_impls[i], buf),
        PREP_ERROR_INVALID_ARGUMENT);
  }
  for (k = 0; k < 2; k++) {
    PrepWorkers *w = k ? pool : NULL;

    PrepFrame bad;

#define PAR(plan, frame, dst, size) \
    prep_plan_run_cpu_parallel (plan, w, PREP_CPU_AUTO, frame, dst, size)
    fail_unless_equals_int (PAR (NULL, &f->pf, d, bytes),
        PREP_ERROR_INVALID_ARGUMENT);
    fail_unless_equals_int (PAR (r.plan, NULL, d, bytes),
        PREP_ERROR_INVALID_ARGUMENT);
    bad = f->pf;
    bad.planes[0] = NULL;
    fail_unless_equals_int (PAR (r.plan, &bad, d, bytes),
        PREP_ERROR_INVALID_ARGUMENT);
    bad = f->pf;
    bad.planes[1] = NULL;
    fail_unless_equals_int (PAR (r.plan, &bad, d, bytes),
        PREP_ERROR_INVALID_ARGUMENT);
    fail_unless_equals_int (PAR (r.plan, &f->pf, NULL, bytes),
        PREP_ERROR_INVALID_ARGUMENT);
    bad = f->pf;
    bad.strides[0] = 33;
    fail_unless_equals_int (PAR (r.plan, &bad, d, bytes), PREP_ERROR_STRIDE);
    bad = f->pf;
    bad.strides[1] = 33;
    fail_unless_equals_int (PAR (r.plan, &bad, d, bytes), PREP_ERROR_STRIDE);
    fail_unless_equals_int (PAR (r.plan, &f->pf, d, bytes - 1),
        PREP_ERROR_OUTPUT_SIZE);
#undef PAR
  }
  fail_unless_equals_int (prep_plan_run_cpu_rows (NULL, PREP_CPU_AUTO, &f->pf,
          d, bytes, 0, 1), PREP_ERROR_INVALID_ARGUMENT);
  {
    PrepFrame bad = f->pf;

    bad.strides[0] = 33;
    fail_unless_equals_int (prep_plan_run_cpu_rows (r.plan, PREP_CPU_SCALAR,
            &bad, d, bytes, 0, 1), PREP_ERROR_STRIDE);
  }
  fail_unless_equals_int (prep_plan_run_cpu_rows (r.plan, PREP_CPU_SCALAR,
          &f->pf, d, bytes - 4, 0, 1), PREP_ERROR_OUTPUT_SIZE);
  assert_untouched (&r, buf, "refused frame");
  prep_workers_free (pool);
  g_free (buf);
  case_run_free (&r);
}

GST_END_TEST;

/* A batch's rows: ranges past N * H and destinations short of the whole
 * batch (even for rows of the first slot only) are refused, nothing
 * written; an empty range at the end is fine. */
GST_START_TEST (test_refused_batch_rows)
{
  BatchRun r;
  int rows, h, i;
  size_t bytes;

  batch_run_new (&r, 2, PREP_DTYPE_FLOAT16);
  rows = prep_plan_rows (r.plan);
  h = r.cfg.out_height;
  bytes = tensor_buf_bytes (&r.out);
  fail_unless_equals_int (rows, r.cfg.batch_size * h);
  {
    const int bad[][2] = { {0, rows + 1}, {rows, rows + 1}, {-1, h},
    {rows + 1, rows + 1}, {h + 1, h}
    };

    for (i = 0; i < (int) G_N_ELEMENTS (bad); i++)
      fail_unless_equals_int (batch_rows (&r, PREP_CPU_AUTO, &r.out,
              bad[i][0], bad[i][1]), PREP_ERROR_INVALID_ARGUMENT);
  }
  fail_unless_equals_int (batch_rows (&r, PREP_CPU_AUTO, &r.out, rows, rows),
      PREP_OK);
  fail_unless_equals_int (prep_plan_run_cpu_rows (r.plan, PREP_CPU_SCALAR,
          &r.frame.pf,
          r.out.data, bytes / r.cfg.batch_size, 0, h), PREP_ERROR_OUTPUT_SIZE);
  fail_unless_equals_int (prep_plan_run_cpu_parallel (r.plan, NULL,
          PREP_CPU_AUTO, &r.frame.pf, r.out.data, bytes - 1),
      PREP_ERROR_OUTPUT_SIZE);
  fail_unless (tensor_buf_count_sentinels (&r.out, 0,
          r.out.total) == r.out.total, "a refused call wrote");
  batch_run_free (&r);
}

GST_END_TEST;

GST_START_TEST (test_workers_api)
{
  long online = sysconf (_SC_NPROCESSORS_ONLN);
  PrepWorkers *w = (PrepWorkers *) & w;

  fail_unless_equals_int (prep_workers_new (-1, &w),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless (w == NULL);
  fail_unless_equals_int (prep_workers_new (PREP_WORKERS_MAX + 1, &w),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless (w == NULL);
  fail_unless_equals_int (prep_workers_new (2, NULL),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_workers_count (NULL), 1);
  prep_workers_free (NULL);

  fail_unless_equals_int (prep_workers_new (0, &w), PREP_OK);
  fail_unless_equals_int (prep_workers_count (w),
      CLAMP (online, 1, PREP_WORKERS_MAX));
  prep_workers_free (w);
  /* created and freed without ever running a frame */
  fail_unless_equals_int (prep_workers_new (16, &w), PREP_OK);
  fail_unless_equals_int (prep_workers_count (w), 16);
  prep_workers_free (w);
}

GST_END_TEST;

GST_START_TEST (test_impl_names)
{
  gboolean avx2 = prep_cpu_impl_available (PREP_CPU_AVX2);

  fail_unless_equals_int (prep_cpu_impl_available (PREP_CPU_AUTO), 1);
  fail_unless_equals_int (prep_cpu_impl_available (PREP_CPU_SCALAR), 1);
  fail_unless_equals_int (prep_cpu_impl_available ((PrepCpuImpl) 3), 0);
  fail_unless_equals_string (prep_cpu_impl_name (PREP_CPU_SCALAR), "scalar");
  fail_unless_equals_string (prep_cpu_impl_name (PREP_CPU_AVX2), "avx2");
  fail_unless_equals_string (prep_cpu_impl_name (PREP_CPU_AUTO),
      avx2 ? "avx2" : "scalar");
  fail_unless (prep_cpu_impl_name ((PrepCpuImpl) 3) == NULL);
  fail_unless (prep_cpu_impl_name ((PrepCpuImpl) - 1) == NULL);
  g_print ("CPU path: AUTO picks %s\n", prep_cpu_impl_name (PREP_CPU_AUTO));
}

GST_END_TEST;

static Suite *
fastpath_suite (void)
{
  Suite *s = suite_create ("fastpath");
  TCase *table = tcase_create ("table");
  TCase *rows = tcase_create ("rows");
  TCase *refused = tcase_create ("refused");

  fast_stats = case_shared_new (sizeof (CaseCounts));
  batch_stats = case_shared_new (sizeof (CaseCounts));
  half_stats = case_shared_new (sizeof (CaseCounts));
  output_stats = case_shared_new (sizeof (CaseCounts));

  suite_add_tcase (s, table);
  tcase_add_loop_test (table, test_table, 0, n_ref_cases);
  tcase_add_test (table, test_random_configs);
  tcase_add_loop_test (table, test_float16_table, 0, n_ref_cases);
  tcase_add_loop_test (table, test_batch_table, 0, n_batch_cases);
  tcase_add_test (table, test_random_batches);
  tcase_add_loop_test (table, test_outputs, 0, PREP_FORMAT_COUNT);

  suite_add_tcase (s, rows);
  tcase_add_loop_test (rows, test_row_splits, 0, n_ref_cases);
  tcase_add_test (rows, test_shared_pool);

  suite_add_tcase (s, refused);
  tcase_add_test (refused, test_refused_rows);
  tcase_add_test (refused, test_refused_frames);
  tcase_add_test (refused, test_refused_batch_rows);
  tcase_add_test (refused, test_workers_api);
  tcase_add_test (refused, test_impl_names);
  return s;
}

GST_CHECK_MAIN (fastpath);
