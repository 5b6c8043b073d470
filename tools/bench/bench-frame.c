/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The synthetic inputs, deterministic NV12 frames.  The detailed one (the
 * one that is timed) has smooth gradients, saturated (and out-of-gamut)
 * colour bars, sharp edges of every spacing, a zone plate and noise.  The
 * smooth one has only gradients of Y, U and V over their whole 0..255 range:
 * on it, an implementation that samples at slightly different positions or
 * filters differently still agrees with the reference to a fraction of a
 * step, so its error is that of its arithmetic (matrix, rounding).  Regions
 * are fractions of the frame, so 1080p and 2160p frames look alike. */

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

static void
fill_luma (BenchFrame * f, uint32_t * rng)
{
  int x, y, noise;

  for (y = 0; y < f->height; y++)
    for (x = 0; x < f->width; x++) {
      noise = (int) (next_random (rng) % 17) - 8;
      f->y[(size_t) y * f->y_stride + x] =
          clamp_u8 (luma_at (x, y, f->width, f->height) + noise);
    }
}

static void
fill_chroma (BenchFrame * f, uint32_t * rng)
{
  int cw = (f->width + 1) / 2, ch = (f->height + 1) / 2;
  int x, y, u, v;
  uint8_t *row;

  for (y = 0; y < ch; y++) {
    row = f->uv + (size_t) y *f->uv_stride;
    for (x = 0; x < cw; x++) {
      chroma_at (x, y, cw, ch, &u, &v);
      row[2 * x] = clamp_u8 (u + (int) (next_random (rng) % 9) - 4);
      row[2 * x + 1] = clamp_u8 (v + (int) (next_random (rng) % 9) - 4);
    }
  }
}

static void
fill_smooth (BenchFrame * f)
{
  int cw = (f->width + 1) / 2, ch = (f->height + 1) / 2;
  uint8_t *row;
  int x, y;

  for (y = 0; y < f->height; y++)
    for (x = 0; x < f->width; x++)
      f->y[(size_t) y * f->y_stride + x] = (uint8_t)
          (255.0 * (0.6 * x / f->width + 0.4 * y / f->height));
  for (y = 0; y < ch; y++) {
    row = f->uv + (size_t) y *f->uv_stride;
    for (x = 0; x < cw; x++) {
      row[2 * x] = (uint8_t) (255 * y / ch);
      row[2 * x + 1] = (uint8_t) (255 - 255 * x / cw);
    }
  }
}

int
bench_frame_init (BenchFrame * f, int width, int height, int smooth)
{
  uint32_t rng = 0x2545f491u;
  size_t uv_rows = (size_t) (height + 1) / 2;

  memset (f, 0, sizeof (*f));
  f->width = width;
  f->height = height;
  f->y_stride = (width + 63) / 64 * 64;
  f->uv_stride = f->y_stride;
  f->y = bench_alloc ((size_t) f->y_stride * height);
  f->uv = bench_alloc ((size_t) f->uv_stride * uv_rows);
  if (f->y == NULL || f->uv == NULL) {
    bench_frame_clear (f);
    return 0;
  }
  memset (f->y, 0, (size_t) f->y_stride * height);
  memset (f->uv, 128, (size_t) f->uv_stride * uv_rows);
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
  free (f->y);
  free (f->uv);
  f->y = NULL;
  f->uv = NULL;
}
