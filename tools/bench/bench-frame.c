/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The synthetic inputs, deterministic frames.  The detailed one (the one
 * that is timed) has smooth gradients, saturated (and out-of-gamut) colour
 * bars, sharp edges of every spacing, a zone plate and noise.  The smooth
 * one has only gradients of Y, U and V over their whole 0..255 range: on it,
 * an implementation that samples at slightly different positions or
 * filters differently still agrees with the reference to a fraction of a
 * step, so its error is that of its arithmetic (matrix, rounding).  Regions
 * are fractions of the frame, so 1080p and 2160p frames look alike.
 *
 * One picture in every format.  Each sample is a 10-bit code
 * D = 4 * v + e: v is the 8-bit sample (the same values, drawn from the
 * same random sequence, as before there were formats) and e two more bits
 * (0..3).  NV12 and I420 hold v, the top 8 bits of D, so their frames are
 * the same picture, byte for byte the same samples, only laid out
 * differently.  P010_10LE holds D << 6 (its 6 low bits zero, a conforming
 * stream): read in 8-bit units (docs/semantics.md, section 2) that is
 * v + e / 4, the 8-bit picture plus up to 3/4 of a step of 10-bit detail.
 * On the smooth frame D is a 10-bit gradient (e its two low bits); on the
 * detailed frame e is a hash of the position (fine noise that only the
 * 10-bit formats see). */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static uint32_t
next_random (uint32_t * state)
{
  uint32_t x = *state;

  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  *state = x;
  return x;
}

static uint8_t
clamp_u8 (int v)
{
  return (uint8_t) (v < 0 ? 0 : (v > 255 ? 255 : v));
}

/* Luma: gradient on the left half, edges (checkerboards of 1, 2, 4 and 16
 * pixels) on the top right, a zone plate on the bottom right. */
static int
luma_at (int x, int y, int w, int h)
{
  static const int cells[4] = { 1, 2, 4, 16 };
  double fx = (double) x / w, fy = (double) y / h;
  int cell;

  if (fx < 0.5)
    return 16 + (int) (219.0 * (0.7 * fx * 2.0 + 0.3 * fy));
  if (fy < 0.5) {
    cell = cells[(int) (8.0 * (fx - 0.5))];
    return ((x / cell + y / cell) & 1) ? 235 : 16;
  }
  fx -= 0.75;
  fy -= 0.75;
  return 128 + (int) (110.0 * sin (2000.0 * (fx * fx + fy * fy)));
}

/* Chroma (U, V) at chroma sample (cx, cy) of a (cw x ch) plane: smooth
 * gradients, and saturated bars (extreme and out-of-gamut pairs) in the
 * bottom left quarter. */
static void
chroma_at (int cx, int cy, int cw, int ch, int *u, int *v)
{
  static const int bars[8][2] = {
    {16, 16}, {240, 16}, {16, 240}, {240, 240},
    {0, 255}, {255, 0}, {128, 255}, {255, 128},
  };
  double fx = (double) cx / cw, fy = (double) cy / ch;

  if (fx < 0.5 && fy >= 0.5) {
    int bar = (int) (fx * 16.0);

    *u = bars[bar][0];
    *v = bars[bar][1];
    return;
  }
  *u = 16 + (int) (224.0 * fy);
  *v = 240 - (int) (224.0 * fx);
}

/* Two more bits of detailed sample (x, y) of component c (0: Y, 1: U,
 * 2: V): a hash of the position. */
static int
low_bits (int x, int y, int c)
{
  uint32_t h = (uint32_t) x * 0x9e3779b1u ^ (uint32_t) y * 0x85ebca77u ^
      (uint32_t) c * 0xc2b2ae3du;

  h ^= h >> 15;
  h *= 0x2c1b3c6du;
  h ^= h >> 12;
  return (int) (h >> 30);
}

/* Stores sample v (8 bits) with two more bits e of component c (0: Y at
 * luma (x, y); 1: U, 2: V at chroma (x, y)) in the frame's layout. */
static void
store (BenchFrame * f, int c, int x, int y, int v, int e)
{
  uint8_t *row = f->planes[0] + (size_t) y * f->strides[0];
  unsigned word = ((unsigned) v << 8) | ((unsigned) e << 6);

  switch (f->format) {
    case BENCH_FORMAT_NV12:
      if (c == 0)
        row[x] = (uint8_t) v;
      else
        f->planes[1][(size_t) y * f->strides[1] + 2 * x + c - 1] = (uint8_t) v;
      break;
    case BENCH_FORMAT_I420:
      row = f->planes[c] + (size_t) y *f->strides[c];
      row[x] = (uint8_t) v;
      break;
    case BENCH_FORMAT_P010:
      if (c == 0)
        row += 2 * x;
      else
        row = f->planes[1] + (size_t) y *f->strides[1] + 4 * x + 2 * (c - 1);
      row[0] = (uint8_t) (word & 0xff);
      row[1] = (uint8_t) (word >> 8);
      break;
  }
}

static void
fill_luma (BenchFrame * f, uint32_t * rng)
{
  int x, y, noise;

  for (y = 0; y < f->height; y++)
    for (x = 0; x < f->width; x++) {
      noise = (int) (next_random (rng) % 17) - 8;
      store (f, 0, x, y, clamp_u8 (luma_at (x, y, f->width, f->height) +
              noise), low_bits (x, y, 0));
    }
}

static void
fill_chroma (BenchFrame * f, uint32_t * rng)
{
  int cw = (f->width + 1) / 2, ch = (f->height + 1) / 2;
  int x, y, u, v;

  for (y = 0; y < ch; y++)
    for (x = 0; x < cw; x++) {
      chroma_at (x, y, cw, ch, &u, &v);
      store (f, 1, x, y, clamp_u8 (u + (int) (next_random (rng) % 9) - 4),
          low_bits (x, y, 1));
      store (f, 2, x, y, clamp_u8 (v + (int) (next_random (rng) % 9) - 4),
          low_bits (x, y, 2));
    }
}

/* Stores the 10-bit code d (0..1023) of component c at (x, y). */
static void
store_code (BenchFrame * f, int c, int x, int y, int d)
{
  store (f, c, x, y, d >> 2, d & 3);
}

/* Gradients of 10-bit codes whose top 8 bits are the 8-bit gradients
 * floor (s) (Y, U) and 255 - floor (t) (V) of the frames before there were
 * formats: floor (4 s) >> 2 = floor (s), (1023 - floor (4 t)) >> 2 =
 * 255 - floor (t). */
static void
fill_smooth (BenchFrame * f)
{
  int cw = (f->width + 1) / 2, ch = (f->height + 1) / 2;
  int x, y;

  for (y = 0; y < f->height; y++)
    for (x = 0; x < f->width; x++)
      store_code (f, 0, x, y, (int) (4.0 * (255.0 * (0.6 * x / f->width +
                      0.4 * y / f->height))));
  for (y = 0; y < ch; y++)
    for (x = 0; x < cw; x++) {
      store_code (f, 1, x, y, (int) (1020.0 * y / ch));
      store_code (f, 2, x, y, 1023 - (int) (1020.0 * x / cw));
    }
}

const char *
bench_format_name (BenchFormat format)
{
  switch (format) {
    case BENCH_FORMAT_NV12:
      return "NV12";
    case BENCH_FORMAT_I420:
      return "I420";
    case BENCH_FORMAT_P010:
      return "P010_10LE";
  }
  return NULL;
}

int
bench_format_n_planes (BenchFormat format)
{
  return format == BENCH_FORMAT_I420 ? 3 : 2;
}

static size_t
round_up (size_t v, size_t to)
{
  return (v + to - 1) / to * to;
}

/* Strides and plane offsets in one block: planes one after the other, each
 * stride a multiple of 64 (I420: luma a multiple of 128, chroma half of
 * it). */
int
bench_frame_init (BenchFrame * f, BenchFormat format, int width, int height,
    int smooth)
{
  uint32_t rng = 0x2545f491u;
  size_t rows[3], offset[3], total = 0, cw = (size_t) (width + 1) / 2;
  int p, n = bench_format_n_planes (format);

  memset (f, 0, sizeof (*f));
  f->format = format;
  f->width = width;
  f->height = height;
  rows[0] = (size_t) height;
  rows[1] = rows[2] = (size_t) (height + 1) / 2;
  switch (format) {
    case BENCH_FORMAT_NV12:
      f->strides[0] = (int) round_up ((size_t) width, 64);
      f->strides[1] = (int) round_up (2 * cw, 64);
      break;
    case BENCH_FORMAT_I420:
      f->strides[0] = (int) round_up ((size_t) width, 128);
      f->strides[1] = f->strides[2] = f->strides[0] / 2;
      break;
    case BENCH_FORMAT_P010:
      f->strides[0] = (int) round_up (2 * (size_t) width, 64);
      f->strides[1] = (int) round_up (4 * cw, 64);
      break;
  }
  for (p = 0; p < n; p++) {
    offset[p] = total;
    total += (size_t) f->strides[p] * rows[p];
  }
  f->block = bench_alloc (total);
  if (f->block == NULL)
    return 0;
  memset (f->block, 0, total);
  for (p = 0; p < n; p++)
    f->planes[p] = f->block + offset[p];
  if (smooth) {
    fill_smooth (f);
  } else {
    fill_luma (f, &rng);
    fill_chroma (f, &rng);
  }
  return 1;
}

void
bench_frame_clear (BenchFrame * f)
{
  free (f->block);
  memset (f, 0, sizeof (*f));
}

/* A copy of NV12 frame @src as one block with GStreamer's default layout
 * (stride = width rounded up to 4, chroma right after luma), as appsrc
 * hands it to the elements; 0 when it cannot be allocated. */
int
bench_frame_contiguous (const BenchFrame * src, BenchFrame * f)
{
  int stride = (src->width + 3) / 4 * 4, rows = (src->height + 1) / 2, r;

  *f = *src;
  f->strides[0] = f->strides[1] = stride;
  f->block = bench_alloc ((size_t) stride * (src->height + rows));
  if (f->block == NULL)
    return 0;
  f->planes[0] = f->block;
  f->planes[1] = f->block + (size_t) stride *src->height;
  for (r = 0; r < src->height; r++)
    memcpy (f->planes[0] + (size_t) r * stride, src->planes[0] +
        (size_t) r * src->strides[0], src->width);
  for (r = 0; r < rows; r++)
    memcpy (f->planes[1] + (size_t) r * stride, src->planes[1] +
        (size_t) r * src->strides[1], (src->width + 1) / 2 * 2);
  return 1;
}
