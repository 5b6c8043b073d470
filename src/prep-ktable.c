/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The kernel table of the launch-table entries (layout:
 * prep-kernel-args.h): what every launch reads and only a change of the
 * slots changes, so that a launcher uploads it once per change (its
 * generation) instead of once per frame.  Slots share what they have in
 * common: one PrepKTableSource per distinct slot parameters (a streams
 * plan's streams of the same format and colour share one), one block of
 * column taps per distinct horizontal axis and one of row taps per
 * distinct vertical axis (32 streams of the same size: one of each), one
 * antialiased block per distinct slot geometry.  Padding slots point to
 * the taps of their 1x1 placeholder geometry (prep_plan_place ()), which
 * no thread samples (their plane[0] is 0) but which keeps every read
 * inside the table.  Built on the host, in the plan's own memory sized
 * once for the worst case: nothing is allocated per change. */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "prep-private.h"
#include "prep-aa-tile.h"

#define UNIT 16

/* A generation no table of this process had before: the tables of two
 * plans never share one, even where a new plan reuses a freed one's
 * memory. */
static uint64_t
prep_ktable_gen_next (void)
{
  static uint64_t last;

  return __atomic_add_fetch (&last, 1, __ATOMIC_RELAXED);
}

/* The slot's frames' format. */
PrepFormat
prep_plan_slot_format (const PrepPlan * plan, int slot)
{
  if (plan->n_streams == 0)
    return plan->cfg.format;
  return plan->streams[slot < plan->n_streams ? slot : 0].format;
}

/* Bytes of the table with every slot distinct, 0 when they do not fit in
 * size_t or its 16-byte units in an int (the slots' offsets). */
static size_t
prep_ktable_worst (const PrepPlan * plan)
{
  const PrepParams *p = &plan->params;
  uint64_t n = (uint64_t) plan->cfg.batch_size, taps, units;

  taps = (uint64_t) p->out_width + (uint64_t) p->out_height;
  if (p->antialias)
    taps += ((uint64_t) prep_ktable_round4 (p->aa_weights) +
        (uint64_t) prep_ktable_round4 (2 * prep_ktile_columns (p->out_width) +
            prep_ktile_rows (p->out_height))) / 4;
  /* the sources' end is rounded up to a unit: every tap block is aligned */
  units = (sizeof (PrepKTableHead) + n * sizeof (PrepKTableSource) +
      UNIT - 1) / UNIT + n * taps;
  if (taps > (uint64_t) INT32_MAX || units > (uint64_t) INT32_MAX ||
      units > (uint64_t) SIZE_MAX / UNIT)
    return 0;
  return (size_t) units *UNIT;
}

PrepStatus
prep_ktable_alloc (PrepPlan * plan)
{
  plan->ktable_max = prep_ktable_worst (plan);
  if (plan->ktable_max == 0)
    return PREP_ERROR_NO_MEMORY;
  plan->ktable = calloc (plan->ktable_max, 1);
  plan->ktable_next = calloc (plan->ktable_max, 1);
  return plan->ktable != NULL && plan->ktable_next != NULL ? PREP_OK :
      PREP_ERROR_NO_MEMORY;
}

/* The distinct sources of the slots, and each slot's. */
static size_t
prep_ktable_sources (PrepPlan * plan, size_t at)
{
  PrepKTableSource *src = (PrepKTableSource *) (plan->ktable_next + at), one;
  int i, j, n = 0;

  for (i = 0; i < plan->cfg.batch_size; i++) {
    memset (&one, 0, sizeof one);
    one.params = *prep_plan_slot_params (plan, i);
    /* the plan's tile, the same for every source: set once the blocks are
     * built (prep_ktable_aa_tile ()) */
    one.params.aa_tile = 0;
    one.format = (int32_t) prep_plan_slot_format (plan, i);
    for (j = 0; j < n && memcmp (&src[j], &one, sizeof one) != 0; j++);
    if (j == n)
      src[n++] = one;
    plan->ksource[i] = j;
  }
  plan->n_ksources = n;
  at += (size_t) n *sizeof (PrepKTableSource);
  return (at + UNIT - 1) / UNIT * UNIT;
}

/* The first slot before @i whose axis @which (0: horizontal) equals slot
 * @i's, or -1. */
static int
prep_ktable_same_axis (const PrepPlan * plan, int i, int which)
{
  const PrepSlotGeom *g = plan->slots.s;
  int j;

  for (j = 0; j < i; j++)
    if (memcmp (which ? &g[j].ay : &g[j].ax, which ? &g[i].ay : &g[i].ax,
            sizeof (PrepAxis)) == 0)
      return j;
  return -1;
}

/* The taps of axis @a for @out output indices at @at; its 16-byte unit. */
static size_t
prep_ktable_axis (PrepPlan * plan, const PrepAxis * a, int out, size_t at,
    int *unit)
{
  PrepTap *t = (PrepTap *) (plan->ktable_next + at);
  int o;

  for (o = 0; o < out; o++)
    t[o] = prep_axis_tap (a, o, plan->params.nearest);
  *unit = (int) (at / UNIT);
  return at + (size_t) out *UNIT;
}

static size_t
prep_ktable_taps (PrepPlan * plan, size_t at)
{
  int i, j;

  for (i = 0; i < plan->cfg.batch_size; i++) {
    if ((j = prep_ktable_same_axis (plan, i, 0)) >= 0)
      plan->kcol[i] = plan->kcol[j];
    else
      at = prep_ktable_axis (plan, &plan->slots.s[i].ax,
          plan->cfg.out_width, at, &plan->kcol[i]);
    if ((j = prep_ktable_same_axis (plan, i, 1)) >= 0)
      plan->krow[i] = plan->krow[j];
    else
      at = prep_ktable_axis (plan, &plan->slots.s[i].ay,
          plan->cfg.out_height, at, &plan->krow[i]);
  }
  return at;
}

/* The tile descriptors of a block's antialiased taps @aa (out_width
 * column then out_height row taps): per block column its source columns
 * [s0, s1) (prep_aa_tile_columns ()), per block row its rows that are not
 * letterbox bands. */
static void
prep_ktable_tiles (const PrepParams * p, const PrepAaTap * aa, int32_t * d)
{
  int gx = prep_ktile_columns (p->out_width), bx, y, x0, x1;
  PrepAaTile t;

  for (bx = 0; bx < gx; bx++) {
    x0 = bx * PREP_KBLOCK_W;
    x1 = x0 + PREP_KBLOCK_W < p->out_width ? x0 + PREP_KBLOCK_W : p->out_width;
    prep_aa_tile_columns (p, aa, x0, x1, &t);
    d[2 * bx] = t.s0;
    d[2 * bx + 1] = t.s1;
  }
  for (y = 0; y < p->out_height; y++)
    d[2 * gx + y / PREP_KBLOCK_H] += aa[p->out_width + y].inside;
}

/* Slot @i's antialiased block at @at: its taps, weights and tiles. */
static size_t
prep_ktable_aa (PrepPlan * plan, int i, size_t at)
{
  const PrepParams *p = &plan->params;
  PrepAaTap *aa = (PrepAaTap *) (plan->ktable_next + at);
  float *w = (float *) (aa + p->out_width + p->out_height);
  int32_t *d = (int32_t *) (w + prep_ktable_round4 (p->aa_weights));
  size_t units = (size_t) prep_ktable_aa_block (p->out_width, p->out_height,
      p->aa_weights);

  memset (aa, 0, units * UNIT);
  if (plan->windowed && plan->slots.s[i].valid)
    prep_aa_fill_window (&plan->slots.s[i], &plan->win[i],
        plan->cfg.src_width, plan->cfg.src_height, p, aa, w);
  else
    prep_aa_fill (&plan->slots.s[i], p, aa, w);
  prep_ktable_tiles (p, aa, d);
  plan->kcol[i] = plan->krow[i] = (int) (at / UNIT);
  return at + units * UNIT;
}

static size_t
prep_ktable_aa_blocks (PrepPlan * plan, size_t at)
{
  int i, j;

  for (i = 0; i < plan->cfg.batch_size; i++) {
    /* a window plan's slots of one geometry differ by their windows */
    for (j = 0; j < i && (memcmp (&plan->slots.s[j], &plan->slots.s[i],
                sizeof (PrepSlotGeom)) != 0 || memcmp (&plan->win[j],
                &plan->win[i], sizeof (PrepWindow)) != 0); j++);
    if (j < i)
      plan->kcol[i] = plan->krow[i] = plan->kcol[j];
    else
      at = prep_ktable_aa (plan, i, at);
  }
  return at;
}

/* The kernel's antialiased tile: the floats of shared memory the largest
 * block of a valid slot needs (prep_aa_tile_most () of the slot's block
 * of taps), into the plan and into every source's parameters. */
static void
prep_ktable_aa_tile (PrepPlan * plan)
{
  PrepKTableSource *src = (PrepKTableSource *) (plan->ktable_next +
      sizeof (PrepKTableHead));
  const PrepAaTap *aa;
  int i, tile;

  plan->aa_tile = 0;
  for (i = 0; i < plan->cfg.batch_size; i++) {
    if (!plan->slots.s[i].valid)
      continue;
    aa = (const PrepAaTap *) (plan->ktable_next + (size_t) plan->kcol[i] *
        UNIT);
    tile = prep_aa_tile_most (prep_plan_slot_params (plan, i), aa,
        PREP_BLOCK_W, PREP_BLOCK_H);
    plan->aa_tile = tile > plan->aa_tile ? tile : plan->aa_tile;
  }
  /* no tile for the options' tap fetch (prep_tap3 ()): each pixel on its
   * own */
  if (!prep_plan_plain_color (plan, 1))
    plan->aa_tile = 0;
  for (i = 0; i < plan->n_ksources; i++)
    src[i].params.aa_tile = plan->aa_tile;
}

/* The table into ktable_next, the slots' offsets and the antialiased
 * tile into the plan. */
static size_t
prep_ktable_fill (PrepPlan * plan)
{
  PrepKTableHead *h = (PrepKTableHead *) plan->ktable_next;
  size_t at;

  memset (h, 0, sizeof (PrepKTableHead));
  at = prep_ktable_sources (plan, sizeof (PrepKTableHead));
  plan->aa_tile = 0;
  if (plan->params.antialias) {
    at = prep_ktable_aa_blocks (plan, at);
    prep_ktable_aa_tile (plan);
  } else {
    at = prep_ktable_taps (plan, at);
  }
  h->magic = PREP_KTABLE_MAGIC;
  h->bytes = (uint64_t) at;
  h->n_sources = plan->n_ksources;
  h->out_width = plan->cfg.out_width;
  h->out_height = plan->cfg.out_height;
  h->aa_weights = plan->params.antialias ? plan->params.aa_weights : 0;
  h->aa_block = plan->params.antialias ?
      prep_ktable_aa_block (plan->cfg.out_width, plan->cfg.out_height,
      plan->params.aa_weights) : 0;
  return at;
}

/* A new generation only when the bytes differ: the slots' offsets are the
 * new build's either way (equal bytes serve them alike). */
void
prep_ktable_build (PrepPlan * plan)
{
  size_t bytes = prep_ktable_fill (plan);
  uint8_t *t;

  if (plan->ktable_gen > 0 && bytes == plan->ktable_bytes &&
      memcmp (plan->ktable, plan->ktable_next, bytes) == 0)
    return;
  t = plan->ktable;
  plan->ktable = plan->ktable_next;
  plan->ktable_next = t;
  plan->ktable_bytes = bytes;
  /* unique in the process: a launcher's copy of another plan's table
   * never passes for this one's */
  plan->ktable_gen = prep_ktable_gen_next ();
}

const PrepAaTap *
prep_ktable_aa_taps (const PrepPlan * plan, int slot)
{
  return (const PrepAaTap *) (plan->ktable + (size_t) plan->kcol[slot] * UNIT);
}
