/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* A minimal PNG writer (no dependency): 8-bit gray or RGB rows, the image
 * data as a zlib stream of stored (uncompressed) deflate blocks.  Enough for
 * pictures of tensors; files are as large as the raw pixels. */

#include "png-write.h"

#include <stdio.h>
#include <string.h>

static guint32
crc_update (guint32 crc, const guint8 * p, gsize n)
{
  static guint32 table[256];
  static gboolean ready = FALSE;
  guint32 c;
  gsize i;
  gint k;

  if (!ready) {
    for (i = 0; i < 256; i++) {
      for (c = (guint32) i, k = 0; k < 8; k++)
        c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
      table[i] = c;
    }
    ready = TRUE;
  }
  for (i = 0; i < n; i++)
    crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
  return crc;
}

static void
put_u32 (guint8 * p, guint32 v)
{
  p[0] = v >> 24;
  p[1] = v >> 16;
  p[2] = v >> 8;
  p[3] = v;
}

/* One chunk: length, type, data, CRC of type and data. */
static gboolean
write_chunk (FILE * f, const gchar * type, const guint8 * data, gsize n)
{
  guint8 head[8], tail[4];
  guint32 crc;

  put_u32 (head, (guint32) n);
  memcpy (head + 4, type, 4);
  crc = crc_update (0xffffffffu, head + 4, 4);
  crc = crc_update (crc, data, n) ^ 0xffffffffu;
  put_u32 (tail, crc);
  return fwrite (head, 1, 8, f) == 8 && fwrite (data, 1, n, f) == n &&
      fwrite (tail, 1, 4, f) == 4;
}

/* The zlib stream of @raw: header, stored blocks of at most 65535 bytes,
 * Adler-32. */
static GByteArray *
zlib_stored (const guint8 * raw, gsize n)
{
  GByteArray *z = g_byte_array_new ();
  guint32 a = 1, b = 0;
  guint8 hdr[5], adler[4];
  gsize at = 0, i, len;

  g_byte_array_append (z, (const guint8 *) "\x78\x01", 2);
  do {
    len = MIN (n - at, 65535);
    hdr[0] = at + len == n ? 1 : 0;
    hdr[1] = len & 0xff;
    hdr[2] = len >> 8;
    hdr[3] = ~len & 0xff;
    hdr[4] = (~len >> 8) & 0xff;
    g_byte_array_append (z, hdr, 5);
    g_byte_array_append (z, raw + at, (guint) len);
    at += len;
  } while (at < n);
  for (i = 0; i < n; i++) {
    a = (a + raw[i]) % 65521;
    b = (b + a) % 65521;
  }
  put_u32 (adler, (b << 16) | a);
  g_byte_array_append (z, adler, 4);
  return z;
}

gboolean
png_write (const gchar * path, const guint8 * pixels, guint width,
    guint height, guint channels)
{
  static const guint8 signature[8] = { 137, 'P', 'N', 'G', 13, 10, 26, 10 };
  gsize row = (gsize) width * channels, y;
  guint8 ihdr[13];
  guint8 *raw = g_malloc ((row + 1) * height);
  GByteArray *z;
  FILE *f;
  gboolean ok;

  /* each row: filter type 0 (none), then its pixels */
  for (y = 0; y < height; y++) {
    raw[y * (row + 1)] = 0;
    memcpy (raw + y * (row + 1) + 1, pixels + y * row, row);
  }
  z = zlib_stored (raw, (row + 1) * height);
  put_u32 (ihdr, width);
  put_u32 (ihdr + 4, height);
  ihdr[8] = 8;                  /* bit depth */
  ihdr[9] = channels == 3 ? 2 : 0;      /* RGB or gray */
  ihdr[10] = ihdr[11] = ihdr[12] = 0;
  f = fopen (path, "wb");
  ok = f != NULL && fwrite (signature, 1, 8, f) == 8 &&
      write_chunk (f, "IHDR", ihdr, 13) &&
      write_chunk (f, "IDAT", z->data, z->len) &&
      write_chunk (f, "IEND", NULL, 0);
  if (f != NULL && fclose (f) != 0)
    ok = FALSE;
  g_byte_array_unref (z);
  g_free (raw);
  return ok;
}
