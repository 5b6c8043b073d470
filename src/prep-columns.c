/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The vectorized CPU executor's column table (PrepColumns, in
 * prep-private.h, which says what each entry holds).  Plain data: the plan
 * keeps one for its batch and rewrites a slot's part of it whenever that
 * slot's column taps change; built whatever the CPU, so a plan is the same
 * everywhere. */

#include <stdlib.h>

#include "prep-private.h"

PrepStatus
prep_columns_init (PrepColumns * c, size_t n, int generic)
{
  size_t words = 4 + (generic ? 6 : 0);
  size_t entry = words * sizeof (int32_t) + sizeof (float);
  int k;

  c->y_word = NULL;
  if (n > SIZE_MAX / entry)
    return PREP_ERROR_NO_MEMORY;
  c->y_word = malloc (n * entry);
  if (c->y_word == NULL)
    return PREP_ERROR_NO_MEMORY;
  c->y_sel = c->y_word + n;
  c->c_word = c->y_sel + n;
  c->c_sel = c->c_word + n;
  for (k = 0; k < 6; k++)
    c->word[k / 2][k % 2] = generic ? c->c_sel + (size_t) (k + 1) * n : NULL;
  c->w = (float *) (c->c_sel + (generic ? 7 : 1) * n);
  return PREP_OK;
}

/* Component @cp's word for tap index @i: the sample's last byte is
 * offset + (i >> shift_x) * step + (bytes - 1). */
static int32_t
prep_word_at (const PrepComponent * cp, int wide, int i)
{
  return cp->offset + (i >> cp->shift_x) * cp->step + (wide ? 2 : 1) - 4;
}

/* The shuffle control picking, from a word that ends at i1's sample, i0's
 * sample @delta bytes before it: its byte (8-bit) or bytes, low first
 * (16-bit), the rest zeroed. */
static int32_t
prep_pick_control (int wide, int32_t delta)
{
  if (wide)
    return (int32_t) (0x80800000u | (uint32_t) (3 - delta) << 8 |
        (uint32_t) (2 - delta));
  return (int32_t) (PREP_SEL_ZERO | (uint32_t) (3 - delta));
}

void
prep_columns_fill (PrepColumns * c, const PrepParams * p, size_t at,
    const PrepTap * taps, size_t n)
{
  /* @at is slot at / n's first column */
  int *single = c->slot_single[n > 0 ? at / n : 0];
  size_t x;
  int k;
  int32_t w0, w1;

  for (k = 0; k < 3; k++)
    single[k] = p->comp[k].step <= 4 - (p->wide ? 2 : 1);
  for (x = 0; x < n && c->word[0][0] != NULL; x++)
    for (k = 0; k < 3; k++) {
      w0 = prep_word_at (&p->comp[k], p->wide, taps[x].i0);
      w1 = prep_word_at (&p->comp[k], p->wide, taps[x].i1);
      c->word[k][0][at + x] = single[k] ?
          prep_pick_control (p->wide, w1 - w0) : w0;
      c->word[k][1][at + x] = w1;
    }
  for (x = 0; x < n; x++) {
    const PrepTap *t = &taps[x];

    c->y_word[at + x] = t->i1 - 3;
    c->y_sel[at + x] = (int32_t) (PREP_SEL_ZERO | (t->i0 == t->i1 ? 3 : 2));
    c->c_word[at + x] = 2 * (t->i1 / 2) - 2;
    c->c_sel[at + x] =
        (int32_t) (PREP_SEL_ZERO | (t->i0 / 2 == t->i1 / 2 ? 2 : 0));
    c->w[at + x] = t->w;
  }
}

void
prep_columns_clear (PrepColumns * c)
{
  free (c->y_word);
  c->y_word = NULL;
}
