/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The kernel's antialiased tile (docs/cuda.md, "Antialias: the tile").
 * prep_sample_aa () sums, per output pixel and component, for each column
 * tap the vertical sum of its row taps, then those.  A vertical sum depends
 * on the output row and the source column only, so the pixels of a block
 * share them: the block first computes, for each of its output rows, the
 * vertical sums of every source column its pixels' column taps reach (one
 * item per thread, adjacent threads on adjacent columns) into shared
 * memory; after a barrier each thread sums its own pixel's column taps
 * from there.  The products and sums are prep_sample_aa ()'s, in its
 * order, so the tile changes where a vertical sum is kept, not its bits.
 *
 * Used by the kernel (nvcc and its host build) and by the plan, which
 * sizes the launch's shared memory with prep_aa_tile_columns ().  The same
 * C subset as prep-math.h; headers are formatted by hand. */

#ifndef __PREP_AA_TILE_H__
#define __PREP_AA_TILE_H__

#include "prep-math.h"

/* The most shared memory a tile takes, in floats: 48 KiB, what a block
 * gets on every device without opting in.  A block whose tile would be
 * larger (a downscale by about 24 or more) sums each pixel directly. */
#define PREP_AA_TILE_MAX_FLOATS 12288

/* The tile of a block: the source columns [s0, s1) that the inner column
 * taps of its output columns reach (s0 = s1 when none is inner), and its
 * output rows [y0, y1).  Component k, whose grid is x >> shift_x, has the
 * columns [s0 >> shift_x, ((s1 - 1) >> shift_x) + 1) of them; row r of
 * the tile holds the vertical sums of component 0's columns, then 1's,
 * then 2's.  Four numbers, the rest derived where it is needed: what a
 * thread keeps across the barrier stays in a few registers. */
typedef struct
{
  int s0, s1;
  int y0, y1;
} PrepAaTile;

/* Columns of the component on grid x >> @sx. */
PREP_FN int
prep_aa_tile_n (const PrepAaTile * t, int sx)
{
  return t->s1 > t->s0 ? ((t->s1 - 1) >> sx) + 1 - (t->s0 >> sx) : 0;
}

/* Floats of one tile row. */
PREP_FN int
prep_aa_tile_per (const PrepParams * p, const PrepAaTile * t)
{
  return prep_aa_tile_n (t, p->comp[0].shift_x) + prep_aa_tile_n (t,
      p->comp[1].shift_x) + prep_aa_tile_n (t, p->comp[2].shift_x);
}

/* Where component @k's sums start in a tile row. */
PREP_FN int
prep_aa_tile_at (const PrepParams * p, const PrepAaTile * t, int k)
{
  int at0 = prep_aa_tile_n (t, p->comp[0].shift_x);

  return k == 0 ? 0 : (k == 1 ? at0 : at0 + prep_aa_tile_n (t,
          p->comp[1].shift_x));
}

/* The columns part of @t for output columns [x0, x1) (inside the output)
 * of the slot's taps @aa; returns the floats of one tile row. */
PREP_FN int
prep_aa_tile_columns (const PrepParams * p, const PrepAaTap * aa, int x0,
    int x1, PrepAaTile * t)
{
  int any = 0, x;

  t->s0 = t->s1 = 0;
  for (x = x0; x < x1; x++) {
    if (!aa[x].inside || aa[x].count < 1)
      continue;
    t->s0 = any && t->s0 < aa[x].first ? t->s0 : aa[x].first;
    t->s1 = any && t->s1 > aa[x].first + aa[x].count ? t->s1 :
        aa[x].first + aa[x].count;
    any = 1;
  }
  return prep_aa_tile_per (p, t);
}

/* The most floats a tile of the slot's taps @aa takes, for blocks of @bw
 * x @bh (the host sizes the launch's shared memory with it): the widest
 * block of columns' row, times the rows of a block; at most
 * PREP_AA_TILE_MAX_FLOATS. */
PREP_FN int
prep_aa_tile_most (const PrepParams * p, const PrepAaTap * aa, int bw, int bh)
{
  int rows = p->out_height < bh ? p->out_height : bh;
  int x, x1, per, most = 0;
  PrepAaTile t;

  for (x = 0; x < p->out_width; x += bw) {
    x1 = x + bw < p->out_width ? x + bw : p->out_width;
    per = prep_aa_tile_columns (p, aa, x, x1, &t);
    most = per > most ? per : most;
  }
  return most > PREP_AA_TILE_MAX_FLOATS / rows ? PREP_AA_TILE_MAX_FLOATS :
      most * rows;
}

/* The tile's first phase for component @k, the share of thread @tid of
 * @n: item i is the component's column (s0 >> shift_x) + i % n of tile
 * row i / n.  Rows in a letterbox band are left unset: no pixel reads
 * them. */
PREP_FN void
prep_aa_tile_fill (const PrepParams * p, const PrepComponent * c, int k,
    const PrepAaTile * t, const PrepAaTap * aa, const float *w,
    const PrepPlanes * f, float *tile, int tid, int n)
{
  int nk = prep_aa_tile_n (t, c->shift_x), per = prep_aa_tile_per (p, t);
  int at = prep_aa_tile_at (p, t, k), i, r, u;
  const PrepAaTap *ty;

  for (i = tid; i < (t->y1 - t->y0) * nk; i += n) {
    r = i / nk;
    u = i - r * nk;
    ty = &aa[p->out_width + t->y0 + r];
    if (ty->inside)
      tile[r * per + at + u] = prep_aa_vertical_sum (p, c, ty, w, f,
          ((t->s0 >> c->shift_x) + u) << c->shift_x);
  }
}

/* Component @k of an inner pixel with column taps @tx, from its tile row
 * @row: prep_sample_aa ()'s horizontal sum. */
PREP_FN float
prep_aa_tile_sample (const PrepParams * p, const PrepAaTile * t, int k,
    const float *row, const PrepAaTap * tx, const float *wx)
{
  int sx = k == 0 ? p->comp[0].shift_x : (k == 1 ? p->comp[1].shift_x :
      p->comp[2].shift_x);
  int base = prep_aa_tile_at (p, t, k) - (t->s0 >> sx), j;
  float acc = 0.0f;

  for (j = 0; j < tx->count; j++)
    acc = acc + wx[tx->woff + j] * row[base + ((tx->first + j) >> sx)];
  return acc;
}

/* The tile's second phase: pixel (ox, oy) of the block, as prep_pixel_aa ()
 * of a valid slot computes it. */
PREP_FN void
prep_aa_tile_pixel (const PrepParams * p, const PrepAaTile * t,
    const PrepAaTap * aa, const float *w, const float *tile, int ox, int oy,
    float out[3])
{
  const PrepAaTap *tx = &aa[ox], *ty = &aa[p->out_width + oy];
  const float *row = tile + (size_t) (oy - t->y0) *
      (size_t) prep_aa_tile_per (p, t);
  float cv[3];

  if (!tx->inside || !ty->inside) {
    prep_pad_pixel (p, out);
    return;
  }
  cv[0] = prep_aa_tile_sample (p, t, 0, row, tx, w);
  cv[1] = prep_aa_tile_sample (p, t, 1, row, tx, w);
  cv[2] = prep_aa_tile_sample (p, t, 2, row, tx, w);
  prep_convert_normalize (p, cv, out);
}

#endif /* __PREP_AA_TILE_H__ */
