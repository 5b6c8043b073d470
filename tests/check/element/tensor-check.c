/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

#include <math.h>
#include <string.h>

#include "tensor-check.h"

gdouble
half_to_double (guint16 h)
{
  gint exp = (h >> 10) & 0x1f, man = h & 0x3ff;
  gdouble v;

  if (exp == 0x1f)
    v = man ? NAN : INFINITY;
  else if (exp == 0)
    v = ldexp (man, -24);
  else
    v = ldexp (man | 0x400, exp - 25);
  return h & 0x8000 ? -v : v;
}

/* Element @i of @t as "VALUE (0xBITS)". */
static void
element_text (const guint8 * t, gsize i, guint esize, gchar * text, gsize len)
{
  if (esize == 2) {
    guint16 h;

    memcpy (&h, t + i * 2, 2);
    g_snprintf (text, len, "%.9g (0x%04x)", half_to_double (h), h);
  } else {
    guint32 bits;
    gfloat f;

    memcpy (&bits, t + i * 4, 4);
    memcpy (&f, &bits, 4);
    g_snprintf (text, len, "%.9g (0x%08x)", f, bits);
  }
}

void
assert_same_tensor (const void *got, const void *want, gsize size,
    guint esize, guint slots, const gchar * ref, const gchar * fmt, ...)
{
  const guint8 *g = got, *w = want;
  gchar what[256], at[96] = "", gv[48], wv[48];
  gsize n, i;
  va_list args;

  fail_unless (esize == 2 || esize == 4, "element size %u", esize);
  if (memcmp (got, want, size) == 0)
    return;
  va_start (args, fmt);
  g_vsnprintf (what, sizeof (what), fmt, args);
  va_end (args);
  n = size / esize;
  for (i = 0; i < n; i++)
    if (memcmp (g + i * esize, w + i * esize, esize) != 0)
      break;
  fail_unless (i < n, "%s: the tensors differ in their last %" G_GSIZE_FORMAT
      " bytes, after the %" G_GSIZE_FORMAT " elements", what, size % esize, n);
  if (slots > 1)
    g_snprintf (at, sizeof (at), " (slot %" G_GSIZE_FORMAT ", element %"
        G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT ")", i / (n / slots),
        i % (n / slots), n / slots);
  element_text (g, i, esize, gv, sizeof (gv));
  element_text (w, i, esize, wv, sizeof (wv));
  fail ("%s: output element %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT
      "%s is %s, %s is %s", what, i, n, at, gv, ref, wv);
}
