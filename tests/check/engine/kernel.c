/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Tests of the CUDA kernel that need no GPU (src/prep-kernel.h,
 * src/prep-kernel-args.h):
 *  - kernel emulation: the kernel's own source built for the host, its
 *    slots entries (the entries of any plan: the same per-pixel path for
 *    every format) run over their whole launch grid (the plan's kernel
 *    table copied to memory that ends at its last byte) for every case of
 *    the engine's table (engine-cases.h, the same frames as the engine
 *    test): bit-identical to the CPU path, every element written, nothing
 *    written outside the tensor, nothing read past the extents of
 *    nv12_extents ();
 *  - the same for batches (engine-cases.h; grid z = the batch) in float32
 *    and float16 and for the table in float16, on planes that end at the
 *    extents of all slots; prep_plan_launch () on a host launcher, through
 *    the entry it picks and through the slots entry;
 *  - the kernel table: prep_axis_tap () of every valid slot's axes (with
 *    antialias: prep_aa_fill ()'s taps and weights, and the tiles of the
 *    launch's blocks), rebuilt by prep_plan_set_slots (), a new generation
 *    exactly when its bytes change;
 *  - launch geometry: the grid covers the output exactly; CUDA's limits;
 *    grid z is the number of slots;
 *  - extents: equal to one past the last byte the taps read, found by brute
 *    force over every output pixel; over a batch, the union over its valid
 *    slots (invalid ones ignored whatever their geometry). */

#include <gst/check/gstcheck.h>

#include <limits.h>
#include <string.h>

#include "prep.h"
#include "prep-private.h"
#include "prep-kernel.h"
#include "prep-kernel-args.h"
#include "prep-aa-tile.h"
#include "engine-cases.h"

/* ------------------------------------------------------------------------ */
/* Launching the host build                                                 */
/* ------------------------------------------------------------------------ */

/* The kernel table's 16-byte units (prep-kernel-args.h). */
#define UNIT 16

/* kernelParams of the slots entries as the contract lays them out: each
 * slot points to storage of the parameter's exact size, pointers as
 * 8-byte CUdeviceptr values (host addresses for the host build). */
typedef struct
{
  PrepKArgs a;
  guint64 table, dst;
  void *kargs[PREP_KARG_COUNT];
} KernelArgs;

/* The slots entries' argument as prep_plan_launch () gives it to a plan no
 * specialised entry serves: every valid slot's NV12 planes in the frame's
 * order (a padding slot has none), where its taps and its source are in
 * the kernel table.  The slots entries read nothing else of it. */
static void
kernel_args_init (KernelArgs * k, const PrepPlan * plan, const guint8 * y,
    int y_stride, const guint8 * uv, int uv_stride, void *dst)
{
  const PrepParams *p = prep_plan_params (plan);
  int s;

  G_STATIC_ASSERT (sizeof (k->table) == 8);
  memset (&k->a, 0, sizeof (k->a));
  k->a.out_width = p->out_width;
  k->a.out_height = p->out_height;
  k->a.channels = p->channels;
  k->a.elem = p->elem;
  for (s = 0; s < prep_plan_batch_size (plan); s++) {
    PrepKSlot *slot = &k->a.slot[s];

    if (prep_plan_slot_table (plan)->s[s].valid) {
      slot->plane[0] = (guintptr) y;
      slot->plane[1] = (guintptr) uv;
      slot->stride[0] = y_stride;
      slot->stride[1] = uv_stride;
    }
    slot->col = plan->kcol[s];
    slot->row = plan->krow[s];
    slot->source = plan->ksource[s];
  }
  k->table = 0;
  k->dst = (guintptr) dst;
  k->kargs[PREP_KARG_ARGS] = &k->a;
  k->kargs[PREP_KARG_TABLE] = &k->table;
  k->kargs[PREP_KARG_DST] = &k->dst;
}

/* The plan's kernel table (prep_plan_kernel_table ()): its host image,
 * which starts with its head; its bytes and generation into *@bytes and
 * *@gen. */
static const PrepKTableHead *
kernel_table (const PrepPlan * plan, size_t *bytes, guint64 * gen)
{
  const void *table = NULL;

  fail_unless_equals_int (prep_plan_kernel_table (plan, &table, bytes, gen),
      PREP_OK);
  fail_unless (table != NULL);
  return table;
}

/* Slot @s's antialiased block in the kernel table @t: its column then row
 * taps; its weights follow them. */
static const PrepAaTap *
table_aa_taps (const PrepPlan * plan, const void *t, int s)
{
  return (const PrepAaTap *) ((const guint8 *) t + (size_t) plan->kcol[s] *
      UNIT);
}

/* Slot @s's antialiased block: prep_aa_fill ()'s taps and weights for the
 * slot's geometry (a window plan's valid slots: prep_aa_fill_window ()'s
 * for its window). */
static void
check_aa_block (const PrepPlan * plan, const void *t, size_t bytes, int s)
{
  const PrepParams *p = prep_plan_params (plan);
  size_t n = (size_t) p->out_width + (size_t) p->out_height;
  size_t units = (size_t) prep_ktable_aa_block (p->out_width, p->out_height,
      p->aa_weights);
  const PrepAaTap *got = table_aa_taps (plan, t, s);
  PrepAaTap *want = g_new0 (PrepAaTap, n);
  float *w = g_new0 (float, MAX (p->aa_weights, 1));

  fail_unless (((size_t) plan->kcol[s] + units) * UNIT <= bytes,
      "slot %d: its block ends past the table", s);
  if (plan->windowed && prep_plan_slot_table (plan)->s[s].valid)
    prep_aa_fill_window (&prep_plan_slot_table (plan)->s[s], &plan->win[s],
        plan->cfg.src_width, plan->cfg.src_height, p, want, w);
  else
    prep_aa_fill (&prep_plan_slot_table (plan)->s[s], p, want, w);
  fail_unless (memcmp (got, want, n * sizeof (PrepAaTap)) == 0,
      "slot %d: the block's taps are not prep_aa_fill ()'s", s);
  fail_unless (memcmp (got + n, w, (size_t) p->aa_weights * sizeof (float))
      == 0, "slot %d: the block's weights are not prep_aa_fill ()'s", s);
  g_free (want);
  g_free (w);
}

/* The plan's kernel table, checked against its head and, for its valid
 * slots, against prep_axis_tap () (antialias: prep_aa_fill ()), copied
 * to memory that ends at its last byte (an inaccessible page follows). */
static guint8 *
copy_table (const PrepPlan * plan, Guarded * g)
{
  const PrepParams *p = prep_plan_params (plan);
  const PrepSlotTable *t = prep_plan_slot_table (plan);
  int n = prep_plan_batch_size (plan), s, i;
  const PrepKTableHead *h;
  size_t bytes;
  guint64 gen;

  h = kernel_table (plan, &bytes, &gen);
  fail_if (gen == 0);
  fail_unless_equals_int (h->magic, PREP_KTABLE_MAGIC);
  fail_unless_equals_uint64 (h->bytes, bytes);
  fail_unless_equals_int (bytes % UNIT, 0);
  fail_unless_equals_int (h->out_width, p->out_width);
  fail_unless_equals_int (h->out_height, p->out_height);
  fail_unless (h->n_sources >= 1 && h->n_sources <= n);
  fail_unless_equals_int (h->aa_weights, p->antialias ? p->aa_weights : 0);
  for (s = 0; s < n; s++) {
    const PrepTap *col = (const PrepTap *) ((const guint8 *) h +
        (size_t) plan->kcol[s] * UNIT);
    const PrepTap *row = (const PrepTap *) ((const guint8 *) h +
        (size_t) plan->krow[s] * UNIT);

    fail_unless (plan->ksource[s] >= 0 && plan->ksource[s] < h->n_sources);
    if (!t->s[s].valid)
      continue;
    if (p->antialias) {
      check_aa_block (plan, h, bytes, s);
      continue;
    }
    fail_unless ((size_t) (plan->kcol[s] + p->out_width) * UNIT <= bytes &&
        (size_t) (plan->krow[s] + p->out_height) * UNIT <= bytes);
    for (i = 0; i < p->out_width + p->out_height; i++) {
      PrepTap want = i < p->out_width ?
          prep_axis_tap (&t->s[s].ax, i, p->nearest) :
          prep_axis_tap (&t->s[s].ay, i - p->out_width, p->nearest);
      const PrepTap *got = i < p->out_width ? &col[i] : &row[i - p->out_width];

      fail_unless (memcmp (got, &want, sizeof (PrepTap)) == 0,
          "slot %d, tap %d of the table is not prep_axis_tap ()'s", s, i);
    }
  }
  return memcpy (guarded_alloc (g, bytes), h, bytes);
}

/* Runs the kernel's host build over the grid of prep_launch_geometry (),
 * grown by extra_x / extra_y blocks that lie wholly outside the output,
 * with @tile floats of shared memory for the antialiased tile (0: the
 * entry without a tile, every pixel on its own; otherwise the tile entry
 * with every source of the table asking for @tile floats: less than the
 * plan's, the blocks whose tile does not fit on their own). */
static void
run_kernel (const PrepPlan * plan, const guint8 * y, int y_stride,
    const guint8 * uv, int uv_stride, void *dst, guint extra_x, guint extra_y,
    int tile)
{
  PrepDim3 grid, block;
  static KernelArgs k;
  PrepKTableHead *h;
  PrepKTableSource *src;
  Guarded tg;
  int i;

  fail_unless_equals_int (prep_launch_geometry (prep_plan_params (plan),
          prep_plan_batch_size (plan), &grid, &block), PREP_OK);
  grid.x += extra_x;
  grid.y += extra_y;
  kernel_args_init (&k, plan, y, y_stride, uv, uv_stride, dst);
  h = (PrepKTableHead *) copy_table (plan, &tg);
  src = (PrepKTableSource *) (h + 1);
  for (i = 0; i < h->n_sources; i++)
    src[i].params.aa_tile = tile;
  k.table = (guintptr) h;
  fail_unless_equals_int (prep_kernel_host_launch (tile > 0 ?
          PREP_KERNEL_SLOTS_AA_NAME : PREP_KERNEL_SLOTS_NAME, grid, block,
          (unsigned int) tile * sizeof (float), k.kargs), 0);
  guarded_free (&tg);
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
case_run_cpu_of (CaseRun * r, const RefCase * tc, guint64 rng)
{
  PrepConfig cfg;
  size_t total;

  case_config (tc, &cfg);
  r->plan = NULL;
  fail_unless_equals_int (case_plan_new (tc, &cfg, &r->plan), PREP_OK);
  frame_new (&r->frame, tc, r->plan, &rng);
  r->n = prep_plan_output_bytes (r->plan) / sizeof (float);
  total = GUARD_HEAD + r->n + GUARD_TAIL;
  r->cpu = g_new (float, total);
  fill_sentinel (r->cpu, total);
  fail_unless_equals_int (prep_plan_run_cpu (r->plan, &r->frame.pf,
          r->cpu + GUARD_HEAD, r->n * sizeof (float)), PREP_OK);
  fail_unless_equals_int (count_sentinels (r->cpu + GUARD_HEAD, r->n), 0);
}

static void
case_run_cpu (CaseRun * r, guint i)
{
  case_run_cpu_of (r, &ref_cases[i], case_seed (i));
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
    guint extra_x, guint extra_y, int tile, const char *name, char *why,
    size_t why_len)
{
  size_t total = GUARD_HEAD + r->n + GUARD_TAIL, diff;
  float *emu = g_new (float, total);
  gboolean same;

  fill_sentinel (emu, total);
  run_kernel (r->plan, y, r->frame.y_stride, uv,
      r->frame.uv_stride, emu + GUARD_HEAD, extra_x, extra_y, tile);
  fail_unless_equals_int (first_written (emu, GUARD_HEAD), GUARD_HEAD);
  fail_unless_equals_int (first_written (emu + GUARD_HEAD + r->n,
          GUARD_TAIL), GUARD_TAIL);
  fail_unless (count_sentinels (emu + GUARD_HEAD, r->n) == 0,
      "%s: %zu of %zu elements not written by the kernel", name,
      count_sentinels (emu + GUARD_HEAD, r->n), r->n);
  diff = first_difference (r->cpu, emu, total);
  same = diff == total;
  if (!same)
    g_snprintf (why, why_len, "%s (tile of %d floats): element %zd differs: "
        "CPU %a, kernel %a", name, tile, (gssize) diff - GUARD_HEAD,
        r->cpu[diff], emu[diff]);
  g_free (emu);
  return same;
}

/* ------------------------------------------------------------------------ */
/* Kernel emulation over the engine's table                                 */
/* ------------------------------------------------------------------------ */

/* The tile descriptors after each valid slot's antialiased block in the
 * kernel table (prep-kernel-args.h) are its blocks' tiles: the source
 * columns [s0, s1) of each block column, the rows of each block row that
 * are not letterbox bands.  The plan's tile is what its largest block
 * needs (src/prep-aa-tile.h), or the most a block may have: every block
 * of a valid slot fits. */
static void
assert_tile_sized (const PrepPlan * plan)
{
  const PrepParams *p = prep_plan_params (plan);
  int gx = prep_ktile_columns (p->out_width), most = 0, s, bx, by, y, y1;
  const PrepKTableHead *h;
  size_t bytes;
  guint64 gen;

  h = kernel_table (plan, &bytes, &gen);
  for (s = 0; s < prep_plan_batch_size (plan); s++) {
    const PrepAaTap *aa = table_aa_taps (plan, h, s);
    const gint32 *d = (const gint32 *) ((const float *) (aa + p->out_width +
            p->out_height) + prep_ktable_round4 (p->aa_weights));

    if (!prep_plan_slot_table (plan)->s[s].valid)
      continue;
    for (by = 0; by < prep_ktile_rows (p->out_height); by++) {
      int rows = 0;

      y1 = MIN ((by + 1) * PREP_BLOCK_H, p->out_height);
      for (y = by * PREP_BLOCK_H; y < y1; y++)
        rows += aa[p->out_width + y].inside;
      fail_unless_equals_int (d[2 * gx + by], rows);
      for (bx = 0; bx < gx; bx++) {
        PrepAaTile t;
        int per = prep_aa_tile_columns (p, aa, bx * PREP_BLOCK_W,
            MIN ((bx + 1) * PREP_BLOCK_W, p->out_width), &t);
        int floats = rows > 0 ? (y1 - by * PREP_BLOCK_H) * per : 0;

        fail_unless (d[2 * bx] == t.s0 && d[2 * bx + 1] == t.s1, "slot %d, "
            "block column %d: the table's tile [%d, %d), its taps' [%d, %d)",
            s, bx, d[2 * bx], d[2 * bx + 1], t.s0, t.s1);
        most = floats > most ? floats : most;
      }
    }
  }
  fail_unless (most <= plan->aa_tile || plan->aa_tile ==
      PREP_AA_TILE_MAX_FLOATS, "a block's tile takes %d floats, the plan "
      "gives %d", most, plan->aa_tile);
  fail_unless (plan->aa_tile <= PREP_AA_TILE_MAX_FLOATS);
}

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
  nv12_extents (prep_plan_params (r.plan),
      prep_plan_slot_table (r.plan), 1, r.frame.y_stride, r.frame.uv_stride,
      &y_ext, &uv_ext, &dst_ext);
  fail_unless (y_ext <= plan_plane_bytes (r.plan, 0, r.frame.y_stride));
  fail_unless (uv_ext <= plan_plane_bytes (r.plan, 1, r.frame.uv_stride));
  fail_unless_equals_uint64 (dst_ext, r.n * sizeof (float));
  memcpy (guarded_alloc (&yg, y_ext), r.frame.y, y_ext);
  memcpy (guarded_alloc (&uvg, uv_ext), r.frame.uv, uv_ext);

  same = kernel_matches_cpu (&r, yg.data, uvg.data, 0, 0, 0, tc->name, why,
      sizeof (why));
  /* antialiased: through the tile too, with the plan's shared memory and
   * with half of it (the blocks whose tile does not fit on their own) */
  if (same && r.plan->aa_tile > 0) {
    assert_tile_sized (r.plan);
    emu_stats->tiled++;
    same = kernel_matches_cpu (&r, yg.data, uvg.data, 0, 0,
        r.plan->aa_tile, tc->name, why, sizeof (why))
        && kernel_matches_cpu (&r, yg.data, uvg.data, 0, 0,
        r.plan->aa_tile / 2, tc->name, why, sizeof (why));
  }
  /* counted before the verdict: the summary covers failing cases too */
  emu_stats->cases++;
  emu_stats->identical += same;
  if (__i__ == (int) n_ref_cases - 1)
    g_print ("kernel emulation cases: %d, bit-identical: %d (antialiased, "
        "also through the tile with all and half of its memory: %d)\n",
        emu_stats->cases, emu_stats->identical, emu_stats->tiled);
  fail_unless (same, "the kernel's host build differs from the CPU path: "
      "%s", why);

  guarded_free (&yg);
  guarded_free (&uvg);
  case_run_free (&r);
}

GST_END_TEST;

/* A downscale by 32: a block's tile would take 8 x 2176 floats, more than
 * a block may have, so the plan caps the tile and every block sums each
 * of its pixels directly, with the CPU's bytes. */
GST_START_TEST (test_emulation_tile_too_large)
{
  static const RefCase tc = { "4096x256 -> 128x8 antialias (32x)",.w = 4096,
    .h = 256,.ow = 128,.oh = 8,.antialias = 1,.pattern = PAT_RANDOM
  };
  char why[256] = "";
  CaseRun r;

  case_run_cpu_of (&r, &tc, 32);
  fail_unless_equals_int (r.plan->aa_tile, PREP_AA_TILE_MAX_FLOATS);
  fail_unless (kernel_matches_cpu (&r, r.frame.y, r.frame.uv, 0, 0,
          r.plan->aa_tile, tc.name, why, sizeof (why)), "%s", why);
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
              extra[j][0], extra[j][1], r.plan->aa_tile,
              ref_cases[cases[i]].name, why,
              sizeof (why)), "grid grown by %u x %u blocks: %s", extra[j][0],
          extra[j][1], why);
    case_run_free (&r);
  }
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Kernel emulation of batches and float16                                  */
/* ------------------------------------------------------------------------ */

/* The CPU output of the run into r->out. */
static void
batch_cpu (BatchRun * r)
{
  fail_unless_equals_int (prep_plan_run_cpu (r->plan, &r->frame.pf, r->out.data,
          tensor_buf_bytes (&r->out)), PREP_OK);
  tensor_buf_assert_complete (&r->out, r->bc->name);
}

/* The extents of every slot of the run's plan. */
static void
batch_extents (const BatchRun * r, size_t *y_ext, size_t *uv_ext,
    size_t *dst_ext)
{
  nv12_extents (prep_plan_params (r->plan),
      prep_plan_slot_table (r->plan), r->cfg.batch_size, r->frame.y_stride,
      r->frame.uv_stride, y_ext, uv_ext, dst_ext);
}

/* Runs the kernel (grid z = the batch, grown by extra blocks in x and y)
 * on copies of the planes that end exactly at the extents of all slots,
 * each followed by an inaccessible page, and compares with the CPU output
 * in r->out, guards included.  Returns whether identical, with the first
 * difference in why. */
static gboolean
kernel_matches_batch (const BatchRun * r, guint extra, char *why,
    size_t why_len)
{
  size_t y_ext, uv_ext, dst_ext, diff;
  Guarded yg, uvg;
  TensorBuf emu;

  batch_extents (r, &y_ext, &uv_ext, &dst_ext);
  fail_unless_equals_uint64 (dst_ext, tensor_buf_bytes (&r->out));
  fail_unless (y_ext <= plan_plane_bytes (r->plan, 0, r->frame.y_stride));
  fail_unless (uv_ext <= plan_plane_bytes (r->plan, 1, r->frame.uv_stride));
  memcpy (guarded_alloc (&yg, y_ext), r->frame.y, y_ext);
  memcpy (guarded_alloc (&uvg, uv_ext), r->frame.uv, uv_ext);
  tensor_buf_new (&emu, &r->cfg);
  run_kernel (r->plan, yg.data, r->frame.y_stride, uvg.data,
      r->frame.uv_stride, emu.data, extra, extra, r->plan->aa_tile);
  tensor_buf_assert_complete (&emu, "kernel");
  diff = tensor_buf_first_diff (&r->out, &emu);
  if (diff != emu.total)
    g_snprintf (why, why_len, "%s, %s: element %zd differs: CPU 0x%x, "
        "kernel 0x%x", r->bc->name, dtype_name (r->cfg.data_type),
        (gssize) diff - GUARD_HEAD, tensor_buf_bits (&r->out, diff),
        tensor_buf_bits (&emu, diff));
  tensor_buf_free (&emu);
  guarded_free (&yg);
  guarded_free (&uvg);
  return diff == emu.total;
}

/* The batch and float16 tests' counts (see CaseCounts). */
static CaseCounts *batch_stats, *half_stats;

/* Batch case i in float32 and float16, with the exact grid and with one
 * more block each way. */
GST_START_TEST (test_emulation_batches)
{
  char why[256] = "";
  gboolean same;
  BatchRun r;
  int t;

  for (t = 0; t < 2; t++) {
    batch_run_new (&r, __i__, t ? PREP_DTYPE_FLOAT16 : PREP_DTYPE_FLOAT32);
    batch_cpu (&r);
    same = kernel_matches_batch (&r, 0, why, sizeof (why));
    batch_stats->cases++;
    batch_stats->identical += same;
    if (t == 1 && __i__ == (int) n_batch_cases - 1)
      g_print ("kernel emulation batch cases (float32 + float16): %d, "
          "bit-identical: %d\n", batch_stats->cases, batch_stats->identical);
    fail_unless (same, "the kernel's host build differs from the CPU path: "
        "%s", why);
    fail_unless (kernel_matches_batch (&r, 1, why, sizeof (why)),
        "grid grown by one block: %s", why);
    batch_run_free (&r);
  }
}

GST_END_TEST;

/* Every case of the engine's table in float16, as a batch of one. */
GST_START_TEST (test_emulation_float16_table)
{
  PrepRect crop;
  BatchCase bc;
  char why[256] = "";
  gboolean same;
  BatchRun r;

  table_case_as_batch (__i__, &bc, &crop);
  batch_run_from (&r, &bc, case_seed (__i__), PREP_DTYPE_FLOAT16);
  batch_cpu (&r);
  same = kernel_matches_batch (&r, 0, why, sizeof (why));
  half_stats->cases++;
  half_stats->identical += same;
  if (__i__ == (int) n_ref_cases - 1)
    g_print ("kernel emulation float16 cases: %d, bit-identical: %d\n",
        half_stats->cases, half_stats->identical);
  fail_unless (same, "the kernel's host build differs from the CPU path: "
      "%s", why);
  batch_run_free (&r);
}

GST_END_TEST;

/* Fails unless @emu is bit-identical to the CPU path's r->out, guards
 * included, naming the case, @what and the first element that differs. */
static void
assert_same_as_cpu (const BatchRun * r, const TensorBuf * emu, const char *what)
{
  size_t diff = tensor_buf_first_diff (&r->out, emu);

  fail_unless (diff == emu->total, "%s, %s, %s: element %zd differs: CPU "
      "0x%x, kernel 0x%x", r->bc->name, dtype_name (r->cfg.data_type), what,
      (gssize) diff - GUARD_HEAD, tensor_buf_bits (&r->out, diff),
      tensor_buf_bits (emu, diff));
}

/* What prep_plan_launch () hands to the driver: the entry, the grid and
 * the argument are recorded and the host build runs it (device addresses
 * are host addresses here). */
typedef struct
{
  const char *entry;
  PrepDim3 grid, block;
  PrepKArgs args;
  int calls;
} LaunchRecord;

static int
host_launch (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  LaunchRecord *rec = user_data;

  rec->entry = entry;
  rec->grid = grid;
  rec->block = block;
  memcpy (&rec->args, args[PREP_KARG_ARGS], sizeof (PrepKArgs));
  rec->calls++;
  return prep_kernel_host_launch (entry, grid, block, shared, args);
}

/* The launcher of the CUDA path: one launch per batch, grid z = the
 * batch size, the CPU path's bytes, through the entry it picks and
 * through the slots entry (the chroma plane at an odd address, where no
 * specialised entry's pair loads are aligned), whose argument is the one
 * kernel_args_init () gives the emulation. */
GST_START_TEST (test_plan_launch_batches)
{
  LaunchRecord rec;
  TensorBuf emu;
  BatchRun r;
  PrepFrame odd;
  static KernelArgs k;
  const void *table;
  size_t table_bytes, uv_bytes;
  guint64 gen;
  guint8 *uv;
  int err = -1, s;

  memset (&rec, 0, sizeof (rec));
  batch_run_new (&r, __i__, __i__ % 2 ? PREP_DTYPE_FLOAT16 :
      PREP_DTYPE_FLOAT32);
  batch_cpu (&r);
  tensor_buf_new (&emu, &r.cfg);
  /* the kernel table: its host address */
  fail_unless_equals_int (prep_plan_kernel_table (r.plan, &table,
          &table_bytes, &gen), PREP_OK);
  fail_unless_equals_int (prep_plan_launch (r.plan, (guintptr) table,
          &r.frame.pf, (guintptr) emu.data, tensor_buf_bytes (&emu),
          host_launch, NULL, &rec, &err), PREP_OK);
  fail_unless_equals_int (err, 0);
  fail_unless_equals_int (rec.calls, 1);
  fail_unless_equals_int (rec.grid.z, r.cfg.batch_size);
  assert_same_as_cpu (&r, &emu, rec.entry);

  uv_bytes = plan_plane_bytes (r.plan, 1, r.frame.uv_stride);
  uv = g_malloc (uv_bytes + 1);
  memcpy (uv + 1, r.frame.uv, uv_bytes);
  odd = r.frame.pf;
  odd.planes[1] = uv + 1;
  tensor_buf_fill (&emu);
  fail_unless_equals_int (prep_plan_launch (r.plan, (guintptr) table, &odd,
          (guintptr) emu.data, tensor_buf_bytes (&emu), host_launch, NULL,
          &rec, &err), PREP_OK);
  fail_unless_equals_int (rec.calls, 2);
  fail_unless_equals_int (rec.grid.z, r.cfg.batch_size);
  /* a batch of padding only reads no plane: any entry serves it */
  if (prep_plan_valid_slots (r.plan) > 0)
    fail_unless_equals_string (rec.entry, PREP_KERNEL_SLOTS_NAME);
  assert_same_as_cpu (&r, &emu, "the slots entry");
  kernel_args_init (&k, r.plan, r.frame.y, r.frame.y_stride, uv + 1,
      r.frame.uv_stride, emu.data);
  for (s = 0; s < r.cfg.batch_size; s++)
    fail_unless (memcmp (&rec.args.slot[s], &k.a.slot[s],
            sizeof (PrepKSlot)) == 0, "slot %d: kernel_args_init () is not "
        "the slots entry's argument", s);
  g_free (uv);

  /* a destination one byte short of the batch: refused, nothing launched */
  fail_unless_equals_int (prep_plan_launch (r.plan, (guintptr) table,
          &r.frame.pf, (guintptr) emu.data, tensor_buf_bytes (&emu) - 1,
          host_launch, NULL, &rec, &err), PREP_ERROR_OUTPUT_SIZE);
  /* a table or a destination at 0: refused like a missing plane */
  fail_unless_equals_int (prep_plan_launch (r.plan, 0,
          &r.frame.pf, (guintptr) emu.data, tensor_buf_bytes (&emu),
          host_launch, NULL, &rec, &err), PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_launch (r.plan, (guintptr) table,
          &r.frame.pf, 0, tensor_buf_bytes (&emu), host_launch, NULL, &rec,
          &err), PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (rec.calls, 2);
  tensor_buf_free (&emu);
  batch_run_free (&r);
}

GST_END_TEST;

/* A batch of fractional windows (prep_plan_new_windows ()), two slots of
 * one window, one padding: the launcher gives the CPU path's bytes for
 * every filter and aspect, before and after prep_plan_set_windows (). */
GST_START_TEST (test_plan_launch_windows)
{
  static const RefCase tc = {.name = "windows",.w = 97,.h = 61,
    .pattern = PAT_EDGES
  };
  PrepWindow w[4] = { {10.25, 3.5, 60.5, 40.25}, {0, 0, 97, 61},
  {10.25, 3.5, 60.5, 40.25}, {50.75, 30.125, 46.25, 30.875}
  };
  guint64 rng = 11, gen;
  LaunchRecord rec;
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  TestFrame f;
  const void *table;
  size_t bytes, table_bytes;
  float *cpu, *emu;
  int r, n, err = -1;

  for (r = 0; r < 8; r++) {
    prep_config_init (&cfg);
    cfg.src_width = 97;
    cfg.src_height = 61;
    cfg.out_width = 37;
    cfg.out_height = 21;
    cfg.batch_size = 4;
    cfg.interpolation = (PrepInterp) (r / 2);
    cfg.antialias = r % 3 == 0;
    cfg.aspect = (PrepAspect) (r % 3);
    fail_unless_equals_int (prep_plan_new_windows (&cfg, w, 3, &plan), PREP_OK);
    frame_new (&f, &tc, plan, &rng);
    bytes = prep_plan_output_bytes (plan);
    cpu = g_malloc (bytes);
    emu = g_malloc (bytes);
    for (n = 0; n < 2; n++) {
      if (n == 1)
        fail_unless_equals_int (prep_plan_set_windows (plan, w + 1, 3),
            PREP_OK);
      memset (&rec, 0, sizeof (rec));
      memset (emu, 0xa5, bytes);
      fail_unless_equals_int (prep_plan_run_cpu (plan, &f.pf, cpu, bytes),
          PREP_OK);
      fail_unless_equals_int (prep_plan_kernel_table (plan, &table,
              &table_bytes, &gen), PREP_OK);
      fail_unless_equals_int (prep_plan_launch (plan, (guintptr) table,
              &f.pf, (guintptr) emu, bytes, host_launch, NULL, &rec, &err),
          PREP_OK);
      fail_unless_equals_int (err, 0);
      fail_unless (memcmp (cpu, emu, bytes) == 0, "run %d, windows %d: the "
          "kernel differs from the CPU path at element %zu", r, n,
          first_difference (cpu, emu, bytes / sizeof (float)));
    }
    g_free (cpu);
    g_free (emu);
    frame_free (&f);
    prep_plan_free (plan);
  }
}

GST_END_TEST;

/* The kernel table is rebuilt by prep_plan_set_slots () in the plan's own
 * two host images (allocated with the plan: nothing per change), with
 * the new rectangles' taps (copy_table () checks them) and a new
 * generation exactly when its bytes change; the kernel that reads it
 * gives the CPU path's bytes after every change. */
GST_START_TEST (test_taps_follow_slots)
{
  const void *table, *images[2] = { NULL, NULL };
  size_t bytes, bytes0;
  guint64 gen, gen0;
  guint8 *before;
  PrepRect rects[PREP_BATCH_MAX];
  TensorBuf emu;
  Guarded tg;
  BatchRun r;
  char what[32];
  int n, i;

  batch_run_new (&r, __i__, PREP_DTYPE_FLOAT32);
  fail_unless_equals_int (prep_plan_kernel_table (r.plan, &table, &bytes0,
          &gen0), PREP_OK);
  images[0] = table;
  before = memcpy (g_malloc (bytes0), table, bytes0);
  fail_unless_equals_int (prep_plan_kernel_table (NULL, &table, &bytes,
          &gen), PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_kernel_table (r.plan, NULL, &bytes,
          &gen), PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_kernel_table (r.plan, &table, NULL,
          &gen), PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_kernel_table (r.plan, &table, &bytes,
          NULL), PREP_ERROR_INVALID_ARGUMENT);
  tensor_buf_new (&emu, &r.cfg);
  for (n = r.cfg.batch_size; n >= 0; n -= MAX (1, r.cfg.batch_size / 3)) {
    /* the case's rectangles, reversed and shortened */
    for (i = 0; i < n; i++)
      rects[i] = r.rects[(r.bc->n_rects > 0 ? (n - 1 - i) % r.bc->n_rects : 0)];
    if (r.bc->n_rects == 0)
      for (i = 0; i < n; i++)
        rects[i] = make_rect (0, 0, r.cfg.src_width, r.cfg.src_height);
    fail_unless_equals_int (prep_plan_set_slots (r.plan, rects, n), PREP_OK);
    fail_unless_equals_int (prep_plan_kernel_table (r.plan, &table, &bytes,
            &gen), PREP_OK);
    if (table != images[0] && images[1] == NULL)
      images[1] = table;
    fail_unless (table == images[0] || table == images[1],
        "%d slots: a third host image of the table", n);
    if (bytes == bytes0 && memcmp (table, before, bytes) == 0) {
      fail_unless_equals_uint64 (gen, gen0);
    } else {
      fail_if (gen == gen0, "%d slots: other bytes, the same generation", n);
    }
    g_free (before);
    before = memcpy (g_malloc (bytes), table, bytes);
    bytes0 = bytes;
    gen0 = gen;
    copy_table (r.plan, &tg);
    guarded_free (&tg);
    tensor_buf_fill (&r.out);
    batch_cpu (&r);
    tensor_buf_fill (&emu);
    run_kernel (r.plan, r.frame.y, r.frame.y_stride, r.frame.uv,
        r.frame.uv_stride, emu.data, 0, 0, r.plan->aa_tile);
    g_snprintf (what, sizeof (what), "%d slots set again", n);
    assert_same_as_cpu (&r, &emu, what);
    if (n == 0)
      break;
  }
  g_free (before);
  tensor_buf_free (&emu);
  batch_run_free (&r);
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
  nv12_params (p, w, h);
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

/* Grid z is the number of slots; x, y and the block do not depend on it. */
GST_START_TEST (test_geometry_batch)
{
  static const int sizes[][2] = { {1, 1}, {33, 9}, {640, 640}, {3999, 3} };
  PrepDim3 grid, block, grid1, block1;
  PrepParams p;
  guint i;
  int n;

  for (i = 0; i < G_N_ELEMENTS (sizes); i++) {
    params_of_size (&p, sizes[i][0], sizes[i][1]);
    fail_unless_equals_int (prep_launch_geometry (&p, 1, &grid1, &block1),
        PREP_OK);
    for (n = 1; n <= PREP_BATCH_MAX; n++) {
      fail_unless_equals_int (prep_launch_geometry (&p, n, &grid, &block),
          PREP_OK);
      fail_unless_equals_int (grid.z, n);
      fail_unless (grid.x == grid1.x && grid.y == grid1.y, "%d slots", n);
      fail_unless (memcmp (&block, &block1, sizeof (block)) == 0);
    }
  }
  fail_unless_equals_int (PREP_SLOT_TABLE_SIZE, PREP_BATCH_MAX);
  fail_unless_equals_int (prep_launch_geometry (&p, -1, &grid, &block),
      PREP_ERROR_INVALID_ARGUMENT);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Extents                                                                  */
/* ------------------------------------------------------------------------ */

/* The source indices output index @o of an axis reads, [lo, hi]:
 * bilinear taps i0 and i1 (@aa NULL), or antialiased [first, first +
 * count); FALSE outside the letterbox. */
static gboolean
axis_reach (const PrepParams * p, const PrepAxis * a, const PrepAaTap * aa,
    int o, int *lo, int *hi)
{
  PrepTap t;

  if (aa != NULL) {
    *lo = aa[o].first;
    *hi = aa[o].first + aa[o].count - 1;
    return aa[o].inside && aa[o].count > 0;
  }
  t = prep_axis_tap (a, o, p->nearest);
  *lo = MIN (t.i0, t.i1);
  *hi = MAX (t.i0, t.i1);
  return t.inside;
}

/* One past the last byte of each plane that the pass reads, by brute
 * force: every output pixel inside the letterbox, every source pixel it
 * reads (axis_reach (); @aa: the slot's antialiased column then row taps,
 * or NULL), luma [ty][tx] and the (U, V) pair at chroma
 * [ty / 2][(tx / 2) * 2]. */
static void
brute_extents (const PrepParams * p, const PrepSlotGeom * g,
    const PrepAaTap * aa, int y_stride, int uv_stride, size_t *y_bytes,
    size_t *uv_bytes)
{
  size_t y_last = 0, uv_last = 0, r, c;
  int x, y, x0, x1, y0, y1, i, j;

  for (y = 0; y < p->out_height; y++) {
    if (!axis_reach (p, &g->ay, aa ? aa + p->out_width : NULL, y, &y0, &y1))
      continue;
    for (x = 0; x < p->out_width; x++) {
      if (!axis_reach (p, &g->ax, aa, x, &x0, &x1))
        continue;
      for (i = y0; i <= y1; i++)
        for (j = x0; j <= x1; j++) {
          r = (size_t) i;
          c = (size_t) j;
          y_last = MAX (y_last, r * (size_t) y_stride + c);
          uv_last = MAX (uv_last, r / 2 * (size_t) uv_stride + c / 2 * 2 + 1);
        }
    }
  }
  *y_bytes = y_last + 1;
  *uv_bytes = uv_last + 1;
}

/* Compares nv12_extents () with the brute force; returns whether the
 * luma extent stops short of the crop's last pixel (a strong downscale). */
static gboolean
check_extents (const PrepPlan * plan, int y_stride, int uv_stride,
    const char *name)
{
  const PrepParams *p = prep_plan_params (plan);
  const PrepSlotGeom *g = &prep_plan_slot_table (plan)->s[0];
  size_t y_bytes, uv_bytes, dst_bytes, y_want, uv_want, crop_end, bytes;
  const PrepKTableHead *h;
  guint64 gen;

  nv12_extents (p, prep_plan_slot_table (plan), 1, y_stride,
      uv_stride, &y_bytes, &uv_bytes, &dst_bytes);
  h = kernel_table (plan, &bytes, &gen);
  brute_extents (p, g, p->antialias ? table_aa_taps (plan, h, 0) : NULL,
      y_stride, uv_stride, &y_want, &uv_want);
  fail_unless (y_bytes == y_want, "%s: luma extent %zu, taps reach %zu",
      name, y_bytes, y_want);
  fail_unless (uv_bytes == uv_want, "%s: chroma extent %zu, taps reach %zu",
      name, uv_bytes, uv_want);
  fail_unless_equals_uint64 (dst_bytes,
      (guint64) 12 * p->out_width * p->out_height);
  fail_unless_equals_uint64 (dst_bytes, prep_plan_output_bytes (plan));
  fail_unless (y_bytes <= plan_plane_bytes (plan, 0, y_stride));
  fail_unless (uv_bytes <= plan_plane_bytes (plan, 1, uv_stride));
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
    fail_unless_equals_int (case_plan_new (tc, &cfg, &plan), PREP_OK);
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
    PrepRect crop;
    PrepPlan *plan = NULL;
    int y_stride, uv_stride;
    char name[64];

    prep_config_init (&cfg);
    cfg.src_width = 1 + lcg_next (&rng) % 48;
    cfg.src_height = 1 + lcg_next (&rng) % 48;
    crop.x = lcg_next (&rng) % cfg.src_width;
    crop.y = lcg_next (&rng) % cfg.src_height;
    crop.width = 1 + lcg_next (&rng) % (cfg.src_width - crop.x);
    crop.height = 1 + lcg_next (&rng) % (cfg.src_height - crop.y);
    cfg.out_width = 1 + lcg_next (&rng) % 40;
    cfg.out_height = 1 + lcg_next (&rng) % 40;
    cfg.aspect = lcg_next (&rng) % 2;
    cfg.interpolation = lcg_next (&rng) % 2;
    y_stride = cfg.src_width + lcg_next (&rng) % 9;
    uv_stride = 2 * ((cfg.src_width + 1) / 2) + lcg_next (&rng) % 9;
    g_snprintf (name, sizeof (name), "random config %d", i);
    fail_unless_equals_int (prep_plan_new (&cfg, &crop, 1, &plan), PREP_OK);
    short_of_crop += check_extents (plan, y_stride, uv_stride, name);
    prep_plan_free (plan);
  }
  fail_unless (short_of_crop > 0);
}

GST_END_TEST;

/* The union of brute_extents () over the valid slots of the first
 * @n_slots of @t (0, 0 when none is valid); bilinear taps. */
static void
brute_union (const PrepParams * p, const PrepSlotTable * t, int n_slots,
    int y_stride, int uv_stride, size_t *y_bytes, size_t *uv_bytes)
{
  size_t yb, uvb;
  int s;

  *y_bytes = *uv_bytes = 0;
  for (s = 0; s < n_slots; s++) {
    if (!t->s[s].valid)
      continue;
    brute_extents (p, &t->s[s], NULL, y_stride, uv_stride, &yb, &uvb);
    *y_bytes = MAX (*y_bytes, yb);
    *uv_bytes = MAX (*uv_bytes, uvb);
  }
}

/* nv12_extents () over the first @n_slots of @t against the brute
 * force. */
static void
check_union (const PrepParams * p, const PrepSlotTable * t, int n_slots,
    int y_stride, int uv_stride, const char *what)
{
  size_t y_bytes, uv_bytes, dst_bytes, y_want, uv_want;

  nv12_extents (p, t, n_slots, y_stride, uv_stride, &y_bytes,
      &uv_bytes, &dst_bytes);
  brute_union (p, t, n_slots, y_stride, uv_stride, &y_want, &uv_want);
  fail_unless (y_bytes == y_want && uv_bytes == uv_want, "%s, %d slots: "
      "extents %zu, %zu; taps reach %zu, %zu", what, n_slots, y_bytes,
      uv_bytes, y_want, uv_want);
  fail_unless_equals_uint64 (dst_bytes, (guint64) 3 * p->out_width *
      p->out_height * prep_elem_size (p) * n_slots);
}

/* A random batch on a small frame: 1..9 slots, some valid. */
static void
random_batch_config (PrepConfig * cfg, guint64 * rng)
{
  prep_config_init (cfg);
  cfg->src_width = 1 + lcg_next (rng) % 48;
  cfg->src_height = 1 + lcg_next (rng) % 48;
  cfg->out_width = 1 + lcg_next (rng) % 40;
  cfg->out_height = 1 + lcg_next (rng) % 40;
  cfg->aspect = lcg_next (rng) % 2;
  cfg->interpolation = lcg_next (rng) % 2;
  cfg->data_type = lcg_next (rng) % 2;
  cfg->batch_size = 1 + lcg_next (rng) % 9;
}

static void
random_slot_rects (const PrepConfig * cfg, guint64 * rng, PrepRect * rects,
    int n)
{
  int k, w = cfg->src_width, h = cfg->src_height;

  for (k = 0; k < n; k++) {
    rects[k].width = 1 + lcg_next (rng) % w;
    rects[k].height = 1 + lcg_next (rng) % h;
    rects[k].x = lcg_next (rng) % (w - rects[k].width + 1);
    rects[k].y = lcg_next (rng) % (h - rects[k].height + 1);
  }
}

/* Extents over several slots: the union of the valid slots' taps, over
 * the first n_slots only; invalid slots are ignored whatever their
 * geometry says. */
GST_START_TEST (test_extents_batches)
{
  static PrepSlotTable t;
  PrepRect rects[PREP_BATCH_MAX];
  guint64 rng = 0xe87e875;
  int i, n, y_stride, uv_stride, s;

  for (i = 0; i < 1500; i++) {
    PrepConfig cfg;
    PrepPlan *plan = NULL;
    const PrepParams *p;

    random_batch_config (&cfg, &rng);
    n = lcg_next (&rng) % (cfg.batch_size + 1);
    random_slot_rects (&cfg, &rng, rects, n);
    y_stride = cfg.src_width + lcg_next (&rng) % 9;
    uv_stride = 2 * ((cfg.src_width + 1) / 2) + lcg_next (&rng) % 9;
    fail_unless_equals_int (prep_plan_new (&cfg, rects, n, &plan), PREP_OK);
    p = prep_plan_params (plan);
    t = *prep_plan_slot_table (plan);
    for (s = 1; s <= cfg.batch_size; s++)
      check_union (p, &t, s, y_stride, uv_stride, "slots of the plan");
    /* invalid slots that claim a far source rectangle: still ignored */
    for (s = n; s < cfg.batch_size; s++) {
      t.s[s].ax.start = t.s[s].ay.start = 1 << 20;
      t.s[s].ax.len = t.s[s].ax.inner = 7;
      t.s[s].ay.len = t.s[s].ay.inner = 5;
    }
    check_union (p, &t, cfg.batch_size, y_stride, uv_stride,
        "far invalid slots");
    prep_plan_free (plan);
  }
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
  nv12_extents (&p, &t, 1, 8, 8, NULL, NULL, &dst);
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
  batch_stats = case_shared_new (sizeof (CaseCounts));
  half_stats = case_shared_new (sizeof (CaseCounts));

  suite_add_tcase (s, emulation);
  tcase_add_loop_test (emulation, test_emulation_table, 0, n_ref_cases);
  tcase_add_test (emulation, test_emulation_oversized_grid);
  tcase_add_test (emulation, test_emulation_tile_too_large);
  tcase_add_loop_test (emulation, test_emulation_batches, 0, n_batch_cases);
  tcase_add_loop_test (emulation, test_emulation_float16_table, 0, n_ref_cases);
  tcase_add_loop_test (emulation, test_plan_launch_batches, 0, n_batch_cases);
  tcase_add_test (emulation, test_plan_launch_windows);
  tcase_add_loop_test (emulation, test_taps_follow_slots, 0, n_batch_cases);

  suite_add_tcase (s, geometry);
  tcase_add_test (geometry, test_geometry);
  tcase_add_test (geometry, test_geometry_refused);
  tcase_add_test (geometry, test_geometry_batch);

  suite_add_tcase (s, extents);
  tcase_add_test (extents, test_extents_table);
  tcase_add_test (extents, test_extents_random);
  tcase_add_test (extents, test_extents_batches);
  tcase_add_test (extents, test_extents_optional_outputs);
  return s;
}

GST_CHECK_MAIN (kernel);
