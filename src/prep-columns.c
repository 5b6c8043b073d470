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
prep_columns_init (PrepColumns * c, size_t n)
{
  size_t entry = 4 * sizeof (int32_t) + sizeof (float);

  c->y_word = NULL;
  if (n > SIZE_MAX / entry)
    return PREP_ERROR_NO_MEMORY;
  c->y_word = malloc (n * entry);
  if (c->y_word == NULL)
    return PREP_ERROR_NO_MEMORY;
  c->y_sel = c->y_word + n;
  c->c_word = c->y_sel + n;
  c->c_sel = c->c_word + n;
  c->w = (float *) (c->c_sel + n);
  return PREP_OK;
}

void
prep_columns_fill (PrepColumns * c, size_t at, const PrepTap * taps, size_t n)
{
  size_t x;

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
