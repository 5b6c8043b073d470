/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The engine's table of test cases and the frames they run on (see
 * engine-cases.h). */

#include <math.h>
#include <sys/mman.h>
#include <string.h>
#include <unistd.h>

#include "engine-cases.h"
#include "prep-private.h"

/* ------------------------------------------------------------------------ */
/* Helpers: PRNG, guarded planes, sentinel-filled destinations              */
/* ------------------------------------------------------------------------ */

guint32
lcg_next (guint64 * state)
{
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (guint32) (*state >> 33);
}

int
lcg_pick (guint64 * state, int n)
{
  return (int) (lcg_next (state) % (guint32) n);
}

void
random_frame_new (PrepFormat format, int width, int height, guint64 * state,
    PrepFrame * f)
{
  size_t bytes[PREP_PLANES_MAX], i;
  int p, q, n = prep_format_n_planes (format);

  prep_frame_init (f, format, width, height);
  for (p = 0; p < n; p++) {
    /* the smallest stride the engine takes for this plane (the later ones
     * large meanwhile), then padded */
    PrepFrame probe = *f;

    for (q = p; q < n; q++)
      probe.strides[q] = q == p ? 1 : 1 << 20;
    while (prep_frame_plane_bytes (&probe, bytes) == PREP_ERROR_STRIDE)
      probe.strides[p]++;
    f->strides[p] = probe.strides[p] + lcg_pick (state, 14);
  }
  fail_unless_equals_int (prep_frame_plane_bytes (f, bytes), PREP_OK);
  for (p = 0; p < n; p++) {
    guint8 *d = g_malloc (bytes[p]);

    for (i = 0; i < bytes[p]; i++)
      d[i] = (guint8) lcg_next (state);
    f->planes[p] = d;
  }
}

void
random_frame_free (PrepFrame * f)
{
  int p;

  for (p = 0; p < PREP_PLANES_MAX; p++)
    g_free ((gpointer) f->planes[p]);
}

guint8 *
guarded_alloc (Guarded * g, size_t size)
{
  size_t page = (size_t) sysconf (_SC_PAGESIZE);
  size_t body = (size + page - 1) / page * page;

  g->map_size = body + page;
  g->map = mmap (NULL, g->map_size, PROT_READ | PROT_WRITE,
      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  fail_if (g->map == MAP_FAILED, "mmap of %zu bytes failed", g->map_size);
  fail_unless (mprotect (g->map + body, page, PROT_NONE) == 0);
  g->data = g->map + body - size;
  return g->data;
}

void
guarded_free (Guarded * g)
{
  munmap (g->map, g->map_size);
}

guint32
float_bits (float f)
{
  guint32 u;

  memcpy (&u, &f, sizeof u);
  return u;
}

void
fill_sentinel (float *buf, size_t n)
{
  guint32 s = SENTINEL_BITS;
  size_t i;

  for (i = 0; i < n; i++)
    memcpy (&buf[i], &s, sizeof s);
}

/* Index of the first element of buf[0..n) that is not the sentinel, or n. */
size_t
first_written (const float *buf, size_t n)
{
  size_t i;

  for (i = 0; i < n; i++)
    if (float_bits (buf[i]) != SENTINEL_BITS)
      return i;
  return n;
}

size_t
count_sentinels (const float *buf, size_t n)
{
  size_t i, count = 0;

  for (i = 0; i < n; i++)
    count += float_bits (buf[i]) == SENTINEL_BITS;
  return count;
}

size_t
first_difference (const float *a, const float *b, size_t n)
{
  size_t i;

  for (i = 0; i < n; i++)
    if (float_bits (a[i]) != float_bits (b[i]))
      return i;
  return n;
}

/* ------------------------------------------------------------------------ */
/* The table                                                                */
/* ------------------------------------------------------------------------ */

const RefCase ref_cases[] = {
  /* tiny and odd frames */
  {"2x2 1:1",.w = 2,.h = 2,.ow = 2,.oh = 2},
  {"2x2 up 7x5",.w = 2,.h = 2,.ow = 7,.oh = 5,.pattern = PAT_SATURATED},
  {"2x2 down 1x1",.w = 2,.h = 2,.ow = 1,.oh = 1,.y_pad = 3,.uv_pad = 1},
  {"3x3 up 8x8 full 709",.w = 3,.h = 3,.ow = 8,.oh = 8,.range = FULL,
      .matrix = M709,.pattern = PAT_CHECKER},
  {"3x3 1:1 nearest bgr",.w = 3,.h = 3,.ow = 3,.oh = 3,.interp = NN,
      .order = BGR,.y_pad = 1,.uv_pad = 1},
  {"5x7 down 3x2 nearest",.w = 5,.h = 7,.ow = 3,.oh = 2,.interp = NN},
  {"5x7 letterbox 16x16 (tall)",.w = 5,.h = 7,.ow = 16,.oh = 16,
      .aspect = LB,.pad = 114,.pattern = PAT_EDGES},
  {"5x7 up 13x29 nhwc",.w = 5,.h = 7,.ow = 13,.oh = 29,.layout = NHWC,
      .y_pad = 11,.uv_pad = 2},
  /* 34x18: crops touching each edge, odd offsets and sizes */
  {"34x18 1:1 full 601",.w = 34,.h = 18,.ow = 34,.oh = 18,.range = FULL},
  {"34x18 crop left edge",.w = 34,.h = 18,.crop = {0, 3, 11, 9},.ow = 16,
      .oh = 16,.pattern = PAT_EDGES},
  {"34x18 crop top edge",.w = 34,.h = 18,.crop = {5, 0, 13, 7},.ow = 9,
      .oh = 4,.interp = NN},
  {"34x18 crop right edge",.w = 34,.h = 18,.crop = {21, 5, 13, 7},.ow = 20,
      .oh = 20,.pattern = PAT_CHECKER},
  {"34x18 crop bottom edge",.w = 34,.h = 18,.crop = {7, 11, 9, 7},.ow = 5,
      .oh = 5,.layout = NHWC},
  {"34x18 crop right+bottom nearest",.w = 34,.h = 18,
      .crop = {19, 9, 15, 9},.ow = 40,.oh = 23,.interp = NN,.order = BGR},
  {"34x18 crop odd offsets, padded strides",.w = 34,.h = 18,.y_pad = 5,
      .uv_pad = 3,.crop = {3, 5, 17, 9},.ow = 31,.oh = 13},
  {"34x18 crop 1x1",.w = 34,.h = 18,.crop = {17, 9, 1, 1},.ow = 4,.oh = 4},
  {"34x18 crop 1x1 corner nearest",.w = 34,.h = 18,.crop = {33, 17, 1, 1},
      .ow = 3,.oh = 2,.interp = NN},
  {"34x18 crop 1x1 letterbox 5x3",.w = 34,.h = 18,.crop = {1, 2, 1, 1},
      .ow = 5,.oh = 3,.aspect = LB,.pad = 255},
  {"34x18 crop 1 column",.w = 34,.h = 18,.crop = {13, 2, 1, 15},.ow = 4,
      .oh = 9,.pattern = PAT_EDGES},
  {"34x18 gradient up 100x60",.w = 34,.h = 18,.ow = 100,.oh = 60,
      .pattern = PAT_GRADIENT},
  {"34x18 gradient down 7x3 nhwc bgr",.w = 34,.h = 18,.ow = 7,.oh = 3,
      .pattern = PAT_GRADIENT,.layout = NHWC,.order = BGR},
  /* every matrix x range, saturated input so that the clamp bites */
  {"601 limited saturated",.w = 34,.h = 18,.ow = 23,.oh = 11,
      .pattern = PAT_SATURATED},
  {"601 full saturated",.w = 34,.h = 18,.ow = 23,.oh = 11,.range = FULL,
      .pattern = PAT_SATURATED},
  {"709 limited saturated",.w = 34,.h = 18,.ow = 23,.oh = 11,.matrix = M709,
      .pattern = PAT_SATURATED},
  {"709 full saturated",.w = 34,.h = 18,.ow = 23,.oh = 11,.matrix = M709,
      .range = FULL,.pattern = PAT_SATURATED},
  {"2020 limited saturated",.w = 34,.h = 18,.ow = 23,.oh = 11,
      .matrix = M2020,.pattern = PAT_SATURATED},
  {"2020 full saturated",.w = 34,.h = 18,.ow = 23,.oh = 11,.matrix = M2020,
      .range = FULL,.pattern = PAT_SATURATED},
  {"709 limited random nearest nhwc",.w = 34,.h = 18,.ow = 17,.oh = 29,
      .matrix = M709,.interp = NN,.layout = NHWC},
  {"2020 full random bgr",.w = 34,.h = 18,.ow = 50,.oh = 10,.matrix = M2020,
      .range = FULL,.order = BGR},
  /* normalization */
  {"34x18 imagenet",.w = 34,.h = 18,.ow = 30,.oh = 30,.norm = NORM_IMAGENET},
  {"34x18 imagenet letterbox bgr",.w = 34,.h = 18,.ow = 24,.oh = 24,
        .aspect = LB,.pad = 114,.norm = NORM_IMAGENET,.order = BGR,
      .pattern = PAT_SATURATED},
  {"34x18 symmetric nhwc",.w = 34,.h = 18,.ow = 12,.oh = 20,
      .norm = NORM_SYMMETRIC,.layout = NHWC,.range = FULL},
  /* letterbox both ways */
  {"letterbox wide 32x32",.w = 34,.h = 18,.ow = 32,.oh = 32,.aspect = LB,
      .pad = 127.5},
  {"letterbox tall 32x32",.w = 34,.h = 18,.crop = {4, 0, 9, 18},.ow = 32,
      .oh = 32,.aspect = LB,.pad = 0,.interp = NN},
  {"letterbox exact fit 17x9",.w = 34,.h = 18,.ow = 17,.oh = 9,.aspect = LB,
      .pad = 255},
  {"letterbox wide into tall 9x40",.w = 34,.h = 18,.ow = 9,.oh = 40,
      .aspect = LB,.pad = 60,.layout = NHWC},
  {"letterbox tall into wide 40x9",.w = 34,.h = 18,.crop = {30, 1, 3, 16},
      .ow = 40,.oh = 9,.aspect = LB,.pad = 200,.pattern = PAT_EDGES},
  {"letterbox rounding tie, tall",.w = 34,.h = 47,.crop = {20, 1, 10, 45},
      .ow = 7,.oh = 32,.aspect = LB,.pad = 33},
  {"letterbox rounding tie, wide",.w = 47,.h = 34,.crop = {1, 20, 45, 10},
      .ow = 32,.oh = 7,.aspect = LB,.pad = 33},
  /* extreme aspect ratios */
  {"1000x2 -> 32x32 stretch",.w = 1000,.h = 2,.ow = 32,.oh = 32},
  {"1000x2 -> 32x32 letterbox",.w = 1000,.h = 2,.ow = 32,.oh = 32,
      .aspect = LB,.pad = 90,.pattern = PAT_EDGES},
  {"2x500 -> 32x32 stretch nearest",.w = 2,.h = 500,.ow = 32,.oh = 32,
      .interp = NN},
  {"2x500 -> 32x32 letterbox",.w = 2,.h = 500,.ow = 32,.oh = 32,
      .aspect = LB,.pad = 17,.y_pad = 62,.uv_pad = 14},
  /* full HD, and the odd 1921x1081 */
  {"1920x1080 -> 640x640 letterbox imagenet",.w = 1920,.h = 1080,.ow = 640,
        .oh = 640,.aspect = LB,.pad = 114,.matrix = M709,
      .norm = NORM_IMAGENET},
  {"1920x1080 1:1 edges",.w = 1920,.h = 1080,.ow = 1920,.oh = 1080,
      .matrix = M709,.pattern = PAT_EDGES},
  {"1920x1080 crop right+bottom -> 224x224 nearest bgr nhwc",.w = 1920,
        .h = 1080,.crop = {1277, 601, 643, 479},.ow = 224,.oh = 224,
      .interp = NN,.order = BGR,.layout = NHWC},
  {"1920x1080 crop left+top -> 500x300 bgr edges",.w = 1920,.h = 1080,
        .crop = {0, 0, 333, 211},.ow = 500,.oh = 300,.order = BGR,
      .pattern = PAT_EDGES},
  {"1920x1080 -> 1280x720 full 2020 nhwc gradient",.w = 1920,.h = 1080,
        .ow = 1280,.oh = 720,.range = FULL,.matrix = M2020,.layout = NHWC,
      .pattern = PAT_GRADIENT},
  {"1920x1080 -> 3999x3 checker (precision)",.w = 1920,.h = 1080,.ow = 3999,
      .oh = 3,.pattern = PAT_CHECKER},
  {"1921x1081 -> 416x416 letterbox padded strides",.w = 1921,.h = 1081,
        .y_pad = 63,.uv_pad = 31,.ow = 416,.oh = 416,.aspect = LB,.pad = 114,
      .range = FULL},
  {"1921x1081 crop odd -> 640x360",.w = 1921,.h = 1081,
      .crop = {1, 1, 1919, 1079},.ow = 640,.oh = 360,.matrix = M2020},
  {"1921x1081 crop last odd column -> 64x64",.w = 1921,.h = 1081,
      .crop = {1900, 1070, 21, 11},.ow = 64,.oh = 64,.pattern = PAT_CHECKER},
  /* antialias (PIL / torchvision) and cover */
  {"34x18 -> 5x3 antialias (6.8x) nhwc",.w = 34,.h = 18,.ow = 5,.oh = 3,
      .antialias = 1,.layout = NHWC,.pattern = PAT_CHECKER},
  {"20x12 crop -> 64x40 antialias (upscale) letterbox",.w = 20,.h = 12,
        .crop = {3, 1, 15, 11},.ow = 64,.oh = 40,.antialias = 1,.aspect = LB,
      .pad = 114,.pattern = PAT_EDGES},
  {"34x18 crop odd -> 17x23 cover 0.6 antialias bgr",.w = 34,.h = 18,
        .crop = {3, 1, 29, 16},.ow = 17,.oh = 23,.aspect = COVER,
      .crop_fraction = 0.6,.antialias = 1,.order = BGR},
  {"1920x1080 crop 720x720 -> 224x224 antialias imagenet",.w = 1920,
        .h = 1080,.crop = {600, 200, 720, 720},.ow = 224,.oh = 224,
      .antialias = 1,.matrix = M709,.norm = NORM_IMAGENET},
  {"1920x1080 -> 224x224 cover 0.875 antialias (torchvision eval)",.w = 1920,
        .h = 1080,.ow = 224,.oh = 224,.aspect = COVER,.crop_fraction = 0.875,
      .antialias = 1,.matrix = M709,.norm = NORM_IMAGENET,.pattern = PAT_EDGES},
  {"400x300 -> 396x297 antialias (1.01x) edges",.w = 400,.h = 300,
      .ow = 396,.oh = 297,.antialias = 1,.pattern = PAT_EDGES},
  {"512x256 crop top-left -> 40x20 antialias (8x) checker",.w = 512,
        .h = 256,.crop = {0, 0, 320, 160},.ow = 40,.oh = 20,.antialias = 1,
      .pattern = PAT_CHECKER},
  {"1921x1081 crop bottom-right odd -> 12x7 antialias (8.3x) nhwc",
        .w = 1921,.h = 1081,.crop = {1821, 1023, 100, 58},.ow = 12,.oh = 7,
      .antialias = 1,.layout = NHWC,.matrix = M2020,.pattern = PAT_EDGES},
  {"1921x1081 -> 333x333 letterbox antialias padded strides",.w = 1921,
        .h = 1081,.y_pad = 63,.uv_pad = 31,.ow = 333,.oh = 333,.aspect = LB,
      .pad = 114,.antialias = 1,.range = FULL,.pattern = PAT_CHECKER},
  /* bicubic (torch, OpenCV INTER_CUBIC) and antialiased bicubic (PIL) */
  {"34x18 -> 5x3 bicubic (6.8x) checker",.w = 34,.h = 18,.ow = 5,.oh = 3,
      .interp = BC,.pattern = PAT_CHECKER},
  {"20x12 crop -> 64x40 bicubic (upscale) letterbox edges",.w = 20,.h = 12,
        .crop = {3, 1, 15, 11},.ow = 64,.oh = 40,.interp = BC,.aspect = LB,
      .pad = 114,.pattern = PAT_EDGES},
  {"3x2 -> 17x9 bicubic (tiny crop, taps on one edge pixel) nhwc",.w = 3,
      .h = 2,.ow = 17,.oh = 9,.interp = BC,.layout = NHWC},
  {"1x1 -> 5x4 bicubic",.w = 1,.h = 1,.ow = 5,.oh = 4,.interp = BC},
  {"1920x1080 crop right+bottom -> 224x224 bicubic bgr saturated",
        .w = 1920,.h = 1080,.crop = {1277, 601, 643, 479},.ow = 224,
      .oh = 224,.interp = BC,.order = BGR,.pattern = PAT_SATURATED},
  {"34x18 crop odd -> 17x23 cover 0.6 bicubic imagenet edges",.w = 34,
        .h = 18,.crop = {3, 1, 29, 16},.ow = 17,.oh = 23,.aspect = COVER,
        .crop_fraction = 0.6,.interp = BC,.norm = NORM_IMAGENET,
      .pattern = PAT_EDGES},
  {"34x18 -> 5x3 antialias bicubic (6.8x) nhwc checker",.w = 34,.h = 18,
        .ow = 5,.oh = 3,.interp = BC,.antialias = 1,.layout = NHWC,
      .pattern = PAT_CHECKER},
  {"20x12 crop -> 64x40 antialias bicubic (upscale) letterbox",.w = 20,
        .h = 12,.crop = {3, 1, 15, 11},.ow = 64,.oh = 40,.interp = BC,
      .antialias = 1,.aspect = LB,.pad = 114,.pattern = PAT_EDGES},
  {"1920x1080 -> 224x224 cover 0.875 antialias bicubic (timm eval)",
        .w = 1920,.h = 1080,.ow = 224,.oh = 224,.aspect = COVER,
        .crop_fraction = 0.875,.interp = BC,.antialias = 1,.matrix = M709,
      .norm = NORM_IMAGENET,.pattern = PAT_EDGES},
  {"1921x1081 crop bottom-right odd -> 12x7 antialias bicubic saturated",
        .w = 1921,.h = 1081,.crop = {1821, 1023, 100, 58},.ow = 12,.oh = 7,
        .interp = BC,.antialias = 1,.matrix = M2020,
      .pattern = PAT_SATURATED},
  /* fractional windows (crop-rect): resize-then-crop, taps clamped to
   * the frame */
  {"1920x1080 window blobFromImage crop -> 224x224 bilinear",.w = 1920,
        .h = 1080,.ow = 224,.oh = 224,.matrix = M709,
      .window = {87.0 * 1080 / 224, 0, 1080, 1080},.pattern = PAT_EDGES},
  {"1920x1080 window 419.46,0,1081.08x1080 -> 224x224 bicubic bgr",
        .w = 1920,.h = 1080,.ow = 224,.oh = 224,.interp = BC,.order = BGR,
      .window = {419.46, 0, 1081.08, 1080},.pattern = PAT_SATURATED},
  {"40x30 window at the edges -> 33x17 nearest nhwc",.w = 40,.h = 30,
        .ow = 33,.oh = 17,.interp = NN,.layout = NHWC,
      .window = {0.25, 0.5, 39.75, 29.5}},
  {"40x30 window -> 21x19 nearest-floor",.w = 40,.h = 30,.ow = 21,.oh = 19,
        .interp = PREP_INTERP_NEAREST_FLOOR,.window = {3.3, 2.7, 30.1, 20.9},
      .pattern = PAT_CHECKER},
  {"40x30 window -> 64x48 letterbox bilinear (upscale)",.w = 40,.h = 30,
        .ow = 64,.oh = 48,.aspect = LB,.pad = 114,
      .window = {5.5, 1.25, 17.5, 26.0},.pattern = PAT_EDGES},
  {"40x30 window -> 17x23 cover 0.6 bicubic imagenet",.w = 40,.h = 30,
        .ow = 17,.oh = 23,.aspect = COVER,.crop_fraction = 0.6,.interp = BC,
      .norm = NORM_IMAGENET,.window = {3.3, 1.1, 29.2, 16.4}},
  {"400x300 window -> 37x29 antialias (8x) checker",.w = 400,.h = 300,
        .ow = 37,.oh = 29,.antialias = 1,.window = {10.7, 20.3, 290.6, 230.2},
      .pattern = PAT_CHECKER},
  {"400x300 window -> 37x29 letterbox antialias bicubic edges",.w = 400,
        .h = 300,.ow = 37,.oh = 29,.aspect = LB,.pad = 50,.interp = BC,
      .antialias = 1,.window = {0, 0.5, 399.5, 150.25},.pattern = PAT_EDGES},
  {"4096x64 -> 96x8 antialias bicubic (42.7x, past the tile) gradient",
        .w = 4096,.h = 64,.ow = 96,.oh = 8,.interp = BC,.antialias = 1,
      .pattern = PAT_GRADIENT},
};

const guint n_ref_cases = G_N_ELEMENTS (ref_cases);

guint64
case_seed (guint i)
{
  return 0x9e3779b97f4a7c15ULL ^ (guint64) (i + 1) * 1000003;
}

static guint8
pattern_luma (Pattern p, int x, int y, guint64 * rng)
{
  switch (p) {
    case PAT_EDGES:
      return ((x / 7 + y / 5) & 1) ? 235 : ((x % 13) == 0 ? 255 : 16);
    case PAT_GRADIENT:
      /* triangle wave 0..255..0 along a diagonal */
      return (guint8) ((x * 3 + y * 2) % 256 < 128 ? (x * 3 + y * 2) % 256 * 2
          : 511 - (x * 3 + y * 2) % 256 * 2);
    case PAT_SATURATED:
      return (lcg_next (rng) & 1) ? 255 : 0;
    case PAT_CHECKER:
      return ((x + y) & 1) ? 255 : 0;
    default:
      return (guint8) lcg_next (rng);
  }
}

/* One chroma sample (cx, cy), component k (0: U, 1: V). */
static guint8
pattern_chroma (Pattern p, int cx, int cy, int k, guint64 * rng)
{
  switch (p) {
    case PAT_EDGES:
      return ((cx / 3 + cy / 2 + k) & 1) ? 240 : 16;
    case PAT_GRADIENT:
      return (guint8) (k ? 64 + (cx * 5) % 128 : 200 - (cy * 3) % 128);
    case PAT_SATURATED:
      return (lcg_next (rng) & 1) ? 255 : 0;
    case PAT_CHECKER:
      return (((k ? cy : cx) & 1) ? 255 : 0);
    default:
      return (guint8) lcg_next (rng);
  }
}

static void
frame_fill (TestFrame * f, const RefCase * tc, guint64 * rng, size_t y_bytes,
    size_t uv_bytes)
{
  int x, y, cw = (tc->w + 1) / 2, ch = (tc->h + 1) / 2;
  size_t i;

  for (i = 0; i < y_bytes; i++)
    f->y[i] = (guint8) lcg_next (rng);
  for (i = 0; i < uv_bytes; i++)
    f->uv[i] = (guint8) lcg_next (rng);
  for (y = 0; y < tc->h; y++)
    for (x = 0; x < tc->w; x++)
      f->y[(size_t) y * f->y_stride + x] = pattern_luma (tc->pattern, x, y,
          rng);
  for (y = 0; y < ch; y++)
    for (x = 0; x < 2 * cw; x++)
      f->uv[(size_t) y * f->uv_stride + x] =
          pattern_chroma (tc->pattern, x / 2, y, x & 1, rng);
}

/* Allocates the planes with the sizes the plan asks for, after checking
 * them against the minimum an NV12 frame needs. */
void
frame_new (TestFrame * f, const RefCase * tc, const PrepPlan * plan,
    guint64 * rng)
{
  int cw = (tc->w + 1) / 2, ch = (tc->h + 1) / 2;
  size_t y_bytes, uv_bytes, bytes[PREP_PLANES_MAX];

  f->y_stride = tc->w + tc->y_pad;
  f->uv_stride = 2 * cw + tc->uv_pad;
  prep_frame_init (&f->pf, PREP_FORMAT_NV12, tc->w, tc->h);
  f->pf.strides[0] = f->y_stride;
  f->pf.strides[1] = f->uv_stride;
  fail_unless_equals_int (prep_frame_plane_bytes (&f->pf, bytes), PREP_OK);
  y_bytes = bytes[0];
  uv_bytes = bytes[1];
  fail_unless (y_bytes >= (size_t) (tc->h - 1) * f->y_stride + tc->w
      && y_bytes <= (size_t) tc->h * f->y_stride, "luma bytes %zu", y_bytes);
  fail_unless (uv_bytes >= (size_t) (ch - 1) * f->uv_stride + 2 * cw
      && uv_bytes <= (size_t) ch * f->uv_stride, "chroma bytes %zu", uv_bytes);
  f->y = guarded_alloc (&f->yg, y_bytes);
  f->uv = guarded_alloc (&f->uvg, uv_bytes);
  f->pf.planes[0] = f->y;
  f->pf.planes[1] = f->uv;
  memset (&f->img, 0, sizeof (f->img));
  f->img.plane[0] = f->y;
  f->img.stride[0] = f->y_stride;
  f->img.plane[1] = f->uv;
  f->img.stride[1] = f->uv_stride;
  frame_fill (f, tc, rng, y_bytes, uv_bytes);
}

PrepFrame
nv12_frame (int w, int h, const guint8 * y, int y_stride, const guint8 * uv,
    int uv_stride)
{
  PrepFrame f;

  prep_frame_init (&f, PREP_FORMAT_NV12, w, h);
  f.planes[0] = y;
  f.strides[0] = y_stride;
  f.planes[1] = uv;
  f.strides[1] = uv_stride;
  return f;
}

size_t
plan_plane_bytes (const PrepPlan * plan, int p, int stride)
{
  PrepFrame f;
  size_t bytes;

  prep_plan_frame_init (plan, &f);
  f.strides[p] = stride;
  return prep_frame_plane_size (&f, p, &bytes) == PREP_OK ? bytes : SIZE_MAX;
}

void
nv12_params (PrepParams * p, int w, int h)
{
  const PrepFormatInfo *f = prep_format_info (PREP_FORMAT_NV12);

  memset (p, 0, sizeof (*p));
  p->out_width = w;
  p->out_height = h;
  p->channels = 3;
  p->elem = PREP_ELEM_FLOAT32;
  memcpy (p->comp, f->comp, sizeof (p->comp));
}

PrepStatus
nv12_frame_bytes (const PrepPlan * plan, int y_stride, int uv_stride,
    size_t *luma, size_t *chroma)
{
  size_t bytes[PREP_PLANES_MAX];
  PrepFrame f;
  PrepStatus st;

  prep_plan_frame_init (plan, &f);
  f.strides[0] = y_stride;
  f.strides[1] = uv_stride;
  if ((st = prep_frame_plane_bytes (&f, bytes)) != PREP_OK)
    return st;
  if (luma != NULL)
    *luma = bytes[0];
  if (chroma != NULL)
    *chroma = bytes[1];
  return PREP_OK;
}

void
nv12_extents (const PrepParams * p, const PrepSlotTable * slots, int n_slots,
    int y_stride, int uv_stride, size_t *y_bytes, size_t *uv_bytes,
    size_t *dst_bytes)
{
  int strides[PREP_PLANES_MAX] = { y_stride, uv_stride, 0 };
  size_t planes[PREP_PLANES_MAX];

  prep_kernel_extents (p, slots, n_slots, strides, planes, dst_bytes);
  fail_unless_equals_uint64 (planes[2], 0);
  if (y_bytes != NULL)
    *y_bytes = planes[0];
  if (uv_bytes != NULL)
    *uv_bytes = planes[1];
}

RefImage
nv12_image (const guint8 * y, int y_stride, const guint8 * uv, int uv_stride)
{
  RefImage img;

  memset (&img, 0, sizeof (img));
  img.plane[0] = y;
  img.stride[0] = y_stride;
  img.plane[1] = uv;
  img.stride[1] = uv_stride;
  return img;
}

void
frame_free (TestFrame * f)
{
  guarded_free (&f->yg);
  guarded_free (&f->uvg);
}

PrepRect
case_crop (const RefCase * tc)
{
  return tc->crop.width ? tc->crop : make_rect (0, 0, tc->w, tc->h);
}

PrepStatus
case_plan_new (const RefCase * tc, const PrepConfig * cfg, PrepPlan ** plan)
{
  PrepWindow win = { tc->window[0], tc->window[1], tc->window[2],
    tc->window[3]
  };
  PrepRect crop = case_crop (tc);

  if (tc->window[2] > 0.0)
    return prep_plan_new_windows (cfg, &win, 1, plan);
  return prep_plan_new (cfg, &crop, 1, plan);
}

void
case_ref_window (const RefCase * tc, RefConfig * r)
{
  if (tc->window[2] <= 0.0)
    return;
  r->window = 1;
  r->window_x = tc->window[0];
  r->window_y = tc->window[1];
  r->window_width = tc->window[2];
  r->window_height = tc->window[3];
}

void
case_config (const RefCase * tc, PrepConfig * cfg)
{
  static const double imagenet_mean[3] = { 0.485, 0.456, 0.406 };
  static const double imagenet_std[3] = { 0.229, 0.224, 0.225 };
  int c;

  prep_config_init (cfg);
  cfg->src_width = tc->w;
  cfg->src_height = tc->h;
  cfg->out_width = tc->ow;
  cfg->out_height = tc->oh;
  cfg->aspect = tc->aspect;
  cfg->pad_value = tc->pad;
  cfg->interpolation = tc->interp;
  cfg->matrix = tc->matrix;
  cfg->range = tc->range;
  cfg->channel_order = tc->order;
  cfg->layout = tc->layout;
  cfg->antialias = tc->antialias;
  cfg->crop_fraction = tc->crop_fraction > 0.0 ? tc->crop_fraction : 1.0;
  cfg->scale = tc->norm == NORM_SYMMETRIC ? 1.0 : 1.0 / 255.0;
  for (c = 0; c < 3; c++) {
    int k = tc->order == PREP_ORDER_BGR ? 2 - c : c;    /* mean/std are RGB */
    cfg->mean[c] = tc->norm == NORM_IMAGENET ? imagenet_mean[k] :
        tc->norm == NORM_SYMMETRIC ? 127.5 : 0.0;
    cfg->std[c] = tc->norm == NORM_IMAGENET ? imagenet_std[k] :
        tc->norm == NORM_SYMMETRIC ? 127.5 : 1.0;
  }
}

void *
case_shared_new (size_t size)
{
  void *p = mmap (NULL, size, PROT_READ | PROT_WRITE,
      MAP_SHARED | MAP_ANONYMOUS, -1, 0);

  g_assert (p != MAP_FAILED);
  return p;
}

/* ------------------------------------------------------------------------ */
/* Tensors of either element type, between guard elements                   */
/* ------------------------------------------------------------------------ */

const char *
dtype_name (PrepDataType type)
{
  return type == PREP_DTYPE_FLOAT16 ? "float16" : "float32";
}

guint32
tensor_buf_bits (const TensorBuf * b, size_t i)
{
  guint32 u32;
  guint16 u16;

  if (b->esize == 2) {
    memcpy (&u16, b->mem + i * 2, 2);
    return u16;
  }
  memcpy (&u32, b->mem + i * 4, 4);
  return u32;
}

gboolean
tensor_buf_is_sentinel (const TensorBuf * b, size_t i)
{
  return tensor_buf_bits (b, i) ==
      (b->esize == 2 ? HALF_SENTINEL_BITS : SENTINEL_BITS);
}

void
tensor_buf_fill (TensorBuf * b)
{
  guint16 h = HALF_SENTINEL_BITS;
  size_t i;

  if (b->esize == 4) {
    fill_sentinel ((float *) b->mem, b->total);
    return;
  }
  for (i = 0; i < b->total; i++)
    memcpy (b->mem + i * 2, &h, 2);
}

void
tensor_buf_new (TensorBuf * b, const PrepConfig * cfg)
{
  size_t bytes;

  fail_unless_equals_int (prep_tensor_size (cfg->out_width, cfg->out_height, 3,
          cfg->batch_size, cfg->data_type, &b->n, &bytes), PREP_OK);
  b->type = cfg->data_type;
  b->esize = prep_data_type_size (cfg->data_type);
  fail_unless (b->esize * b->n == bytes);
  b->total = GUARD_HEAD + b->n + GUARD_TAIL;
  b->mem = g_malloc (b->total * b->esize);
  b->data = b->mem + GUARD_HEAD * b->esize;
  tensor_buf_fill (b);
}

void
tensor_buf_free (TensorBuf * b)
{
  g_free (b->mem);
  b->mem = b->data = NULL;
}

size_t
tensor_buf_bytes (const TensorBuf * b)
{
  return b->n * b->esize;
}

size_t
tensor_buf_count_sentinels (const TensorBuf * b, size_t from, size_t count)
{
  size_t i, k = 0;

  for (i = from; i < from + count; i++)
    k += tensor_buf_is_sentinel (b, i);
  return k;
}

void
tensor_buf_assert_guards (const TensorBuf * b, const char *what)
{
  fail_unless (tensor_buf_count_sentinels (b, 0, GUARD_HEAD) == GUARD_HEAD,
      "%s: written before the tensor", what);
  fail_unless (tensor_buf_count_sentinels (b, GUARD_HEAD + b->n,
          GUARD_TAIL) == GUARD_TAIL, "%s: written after the tensor", what);
}

void
tensor_buf_assert_complete (const TensorBuf * b, const char *what)
{
  size_t left = tensor_buf_count_sentinels (b, GUARD_HEAD, b->n);

  tensor_buf_assert_guards (b, what);
  fail_unless (left == 0, "%s: %zu of %zu elements not written", what, left,
      b->n);
}

size_t
tensor_buf_first_diff (const TensorBuf * a, const TensorBuf * b)
{
  size_t i;

  g_assert (a->esize == b->esize && a->total == b->total);
  if (memcmp (a->mem, b->mem, a->total * a->esize) == 0)
    return a->total;
  for (i = 0; i < a->total; i++)
    if (tensor_buf_bits (a, i) != tensor_buf_bits (b, i))
      break;
  return i;
}

/* ------------------------------------------------------------------------ */
/* Batches                                                                  */
/* ------------------------------------------------------------------------ */

/* 1920x1080: ROIs on the edges (x = 0, the right edge, the bottom edge),
 * overlapping, 1x1, one column, one row, the whole frame. */
static const PrepRect hd_edges[] = {
  {0, 200, 300, 401}, {1620, 99, 300, 500}, {501, 880, 641, 200},
};

static const PrepRect hd_mixed[] = {
  {100, 100, 700, 500}, {400, 300, 700, 500}, {1919, 1079, 1, 1},
  {960, 540, 1, 1}, {0, 0, 1920, 1080},
};

static const PrepRect hd_sixteen[] = {
  {0, 0, 1920, 1080}, {0, 0, 1, 1080}, {0, 1079, 1920, 1}, {3, 5, 17, 9},
  {1337, 0, 583, 1080}, {1918, 0, 2, 2}, {0, 0, 1, 1}, {700, 400, 520, 280},
  {701, 401, 519, 279}, {1000, 1000, 920, 80}, {250, 7, 33, 1071},
  {1919, 0, 1, 1080}, {64, 36, 1792, 1008}, {0, 540, 960, 540},
  {960, 0, 960, 540}, {1213, 677, 3, 401},
};

static const PrepRect hd_whole[] = { {0, 0, 1920, 1080} };

/* 1280x720: a tall ROI (left and right bands 64 wide at 160x96) and the
 * whole frame (top and bottom bands): long planar pad runs, whole rows of
 * 8-pixel blocks, next to two padding slots. */
static const PrepRect hd720_bands[] = {
  {100, 50, 200, 600}, {0, 0, 1280, 720},
};

/* 34x18: each edge, a 1x1 corner, an odd inner rectangle. */
static const PrepRect small_edges[] = {
  {0, 0, 34, 18}, {33, 0, 1, 18}, {0, 17, 34, 1}, {5, 3, 11, 9},
  {33, 17, 1, 1}, {0, 1, 9, 16},
};

const BatchCase batch_cases[] = {
  {"1920x1080 batch 1, whole frame",
        {.w = 1920,.h = 1080,.ow = 64,.oh = 36,.matrix = M709,
            .pattern = PAT_EDGES},
      1, 1, hd_whole},
  {"1920x1080 batch 3 edges letterbox nhwc bgr",
        {.w = 1920,.h = 1080,.ow = 48,.oh = 48,.aspect = LB,.pad = 114,
            .layout = NHWC,.order = BGR},
      3, 3, hd_edges},
  {"1920x1080 batch 8, 5 valid, letterbox nearest wide",
        {.w = 1920,.h = 1080,.ow = 40,.oh = 24,.aspect = LB,.pad = 60,
            .interp = NN,.pattern = PAT_CHECKER},
      8, 5, hd_mixed},
  {"1920x1080 batch 16 stretch imagenet nhwc",
        {.w = 1920,.h = 1080,.ow = 33,.oh = 31,.layout = NHWC,
            .norm = NORM_IMAGENET,.matrix = M709},
      16, 16, hd_sixteen},
  {"1920x1080 batch 16, 11 random, letterbox full 2020 gradient",
        {.w = 1920,.h = 1080,.ow = 41,.oh = 29,.aspect = LB,.pad = 200,
            .range = FULL,.matrix = M2020,.pattern = PAT_GRADIENT},
      16, 11, NULL},
  {"1280x720 batch 4, 2 valid, letterbox 160x96 wide bands",
        {.w = 1280,.h = 720,.ow = 160,.oh = 96,.aspect = LB,.pad = 114,
            .pattern = PAT_GRADIENT},
      4, 2, hd720_bands},
  {"34x18 batch 6 edges 13x7 padded strides",
        {.w = 34,.h = 18,.ow = 13,.oh = 7,.y_pad = 3,.uv_pad = 5,
            .pattern = PAT_SATURATED},
      6, 6, small_edges},
  {"34x18 batch 8, 6 valid, letterbox 17x17 symmetric bgr",
        {.w = 34,.h = 18,.ow = 17,.oh = 17,.aspect = LB,.pad = 17,
            .norm = NORM_SYMMETRIC,.order = BGR,.pattern = PAT_EDGES},
      8, 6, small_edges},
  {"34x18 batch 5, all padding",
        {.w = 34,.h = 18,.ow = 19,.oh = 3,.aspect = LB,.pad = 255,
            .layout = NHWC},
      5, 0, NULL},
  {"97x61 batch 64 random letterbox 9x7",
        {.w = 97,.h = 61,.ow = 9,.oh = 7,.aspect = LB,.pad = 90},
      PREP_BATCH_MAX, PREP_BATCH_MAX, NULL},
  {"97x61 batch 64, 1 valid, nearest nhwc",
        {.w = 97,.h = 61,.ow = 11,.oh = 5,.interp = NN,.layout = NHWC},
      PREP_BATCH_MAX, 1, NULL},
  {"1921x1081 batch 6, 4 random, padded strides nearest bgr",
        {.w = 1921,.h = 1081,.ow = 37,.oh = 23,.y_pad = 63,.uv_pad = 31,
            .interp = NN,.order = BGR,.range = FULL},
      6, 4, NULL},
};

const guint n_batch_cases = G_N_ELEMENTS (batch_cases);

guint64
batch_seed (guint i)
{
  return 0xb47c4b47c4ULL ^ (guint64) (i + 1) * 7919;
}

/* A random rectangle inside a w x h frame; some touch an edge, some are
 * 1x1. */
static PrepRect
random_rect (int w, int h, guint64 * rng)
{
  PrepRect r;

  r.width = 1 + lcg_next (rng) % w;
  r.height = 1 + lcg_next (rng) % h;
  r.x = lcg_next (rng) % (w - r.width + 1);
  r.y = lcg_next (rng) % (h - r.height + 1);
  switch (lcg_next (rng) % 8) {
    case 0:
      r.x = 0;
      break;
    case 1:
      r.x = w - r.width;
      break;
    case 2:
      r.y = h - r.height;
      break;
    case 3:
      r.width = r.height = 1;
      r.x = lcg_next (rng) % w;
      r.y = lcg_next (rng) % h;
      break;
    default:
      break;
  }
  return r;
}

/* The rectangles of @bc, random ones from @seed. */
static void
rects_of (const BatchCase * bc, guint64 seed, PrepRect * rects)
{
  guint64 rng = seed ^ 0x2ec7ULL;
  int k;

  g_assert (bc->n_rects >= 0 && bc->n_rects <= PREP_BATCH_MAX);
  for (k = 0; k < bc->n_rects; k++)
    rects[k] = bc->rects != NULL ? bc->rects[k] :
        random_rect (bc->base.w, bc->base.h, &rng);
}

static void
config_of (const BatchCase * bc, PrepDataType type, PrepConfig * cfg)
{
  case_config (&bc->base, cfg);
  cfg->batch_size = bc->batch;
  cfg->data_type = type;
}

void
batch_rects (guint i, PrepRect * rects)
{
  rects_of (&batch_cases[i], batch_seed (i), rects);
}

void
batch_config (guint i, PrepDataType type, PrepConfig * cfg)
{
  config_of (&batch_cases[i], type, cfg);
}

void
batch_run_new (BatchRun * r, guint i, PrepDataType type)
{
  batch_run_from (r, &batch_cases[i], batch_seed (i), type);
}

void
batch_run_from (BatchRun * r, const BatchCase * bc, guint64 seed,
    PrepDataType type)
{
  guint64 rng = seed;

  r->bc = bc;
  config_of (bc, type, &r->cfg);
  rects_of (bc, seed, r->rects);
  r->plan = NULL;
  fail_unless_equals_int (prep_plan_new (&r->cfg, r->rects, r->bc->n_rects,
          &r->plan), PREP_OK);
  fail_unless_equals_int (prep_plan_valid_slots (r->plan), r->bc->n_rects);
  frame_new (&r->frame, &r->bc->base, r->plan, &rng);
  tensor_buf_new (&r->out, &r->cfg);
  fail_unless_equals_uint64 (tensor_buf_bytes (&r->out),
      prep_plan_output_bytes (r->plan));
}

PrepRect
make_rect (int x, int y, int width, int height)
{
  PrepRect r;

  r.x = x;
  r.y = y;
  r.width = width;
  r.height = height;
  return r;
}

void
table_case_as_batch (guint i, BatchCase * bc, PrepRect * crop)
{
  const RefCase *tc = &ref_cases[i];

  memset (bc, 0, sizeof (*bc));
  bc->name = tc->name;
  bc->base = *tc;
  bc->batch = bc->n_rects = 1;
  *crop = case_crop (tc);
  bc->rects = crop;
}

void
batch_run_free (BatchRun * r)
{
  tensor_buf_free (&r->out);
  frame_free (&r->frame);
  prep_plan_free (r->plan);
}

/* ------------------------------------------------------------------------ */
/* The reference model's configuration                                      */
/* ------------------------------------------------------------------------ */

void
case_ref_config (const PrepConfig * p, const PrepRect * crop, RefConfig * r)
{
  static const int matrices[] = { REF_MATRIX_BT601, REF_MATRIX_BT709,
    REF_MATRIX_BT2020
  };
  int c;

  ref_config_defaults (r);
  r->src_width = p->src_width;
  r->src_height = p->src_height;
  r->crop_x = crop->x;
  r->crop_y = crop->y;
  r->crop_width = crop->width;
  r->crop_height = crop->height;
  r->out_width = p->out_width;
  r->out_height = p->out_height;
  r->letterbox = p->aspect == PREP_ASPECT_LETTERBOX;
  r->pad_value = p->pad_value;
  r->pad_per_channel = p->pad_per_channel;
  memcpy (r->pad_values, p->pad_values, sizeof (r->pad_values));
  r->nearest = p->interpolation == PREP_INTERP_NEAREST_FLOOR ? 2 :
      p->interpolation == PREP_INTERP_NEAREST;
  r->bicubic = p->interpolation == PREP_INTERP_BICUBIC;
  r->top_left = p->letterbox_align == PREP_ALIGN_TOP_LEFT;
  r->cover = p->aspect == PREP_ASPECT_COVER;
  r->antialias = p->antialias;
  r->crop_fraction = p->crop_fraction;
  r->half_even = p->letterbox_rounding == PREP_ROUND_HALF_EVEN;
  r->floor_size = p->letterbox_rounding == PREP_ROUND_FLOOR;
  r->matrix = matrices[p->matrix];
  r->full_range = p->range == PREP_RANGE_FULL;
  r->color = p->color_conversion == PREP_COLOR_VIDEOCONVERT ?
      REF_COLOR_VIDEOCONVERT : (p->color_conversion == PREP_COLOR_OPENCV_8BIT ?
      REF_COLOR_OPENCV_8BIT : (p->color_conversion == PREP_COLOR_OPENCV ?
          REF_COLOR_OPENCV : REF_COLOR_EXACT));
  r->chroma_bilinear = p->chroma_interpolation != PREP_CHROMA_NEAREST;
  r->chroma_swscale = p->chroma_interpolation == PREP_CHROMA_SWSCALE;
  r->chroma_h_cosited = (p->chroma_site & PREP_CHROMA_SITE_H_COSITED) != 0;
  r->chroma_v_cosited = (p->chroma_site & PREP_CHROMA_SITE_V_COSITED) != 0;
  r->format = prep_format_name (p->format);
  r->bgr = p->channel_order == PREP_ORDER_BGR;
  r->gray = p->channel_order == PREP_ORDER_GRAY;
  r->nhwc = p->layout == PREP_LAYOUT_NHWC;
  r->scale = p->scale;
  for (c = 0; c < 3; c++) {
    r->mean[c] = p->mean[c];
    r->std[c] = p->std[c];
  }
}

/* ------------------------------------------------------------------------ */
/* One plan on every path, and its tensor against the reference model       */
/* ------------------------------------------------------------------------ */

void
random_config_sized (PrepFormat format, guint64 * s, int max_w, int max_h,
    int max_ow, int max_oh, PrepConfig * cfg, PrepRect * crop)
{
  int c;

  prep_config_init (cfg);
  cfg->format = format;
  cfg->src_width = 1 + lcg_pick (s, max_w);
  cfg->src_height = 1 + lcg_pick (s, max_h);
  crop->x = lcg_pick (s, cfg->src_width);
  crop->y = lcg_pick (s, cfg->src_height);
  crop->width = 1 + lcg_pick (s, cfg->src_width - crop->x);
  crop->height = 1 + lcg_pick (s, cfg->src_height - crop->y);
  cfg->out_width = 1 + lcg_pick (s, max_ow);
  cfg->out_height = 1 + lcg_pick (s, max_oh);
  cfg->aspect = (PrepAspect) lcg_pick (s, 3);
  cfg->crop_fraction = lcg_pick (s, 2) ? 1.0 : 0.5 + lcg_pick (s, 500) / 1000.0;
  cfg->letterbox_align = (PrepAlign) lcg_pick (s, 2);
  cfg->letterbox_rounding = (PrepRounding) lcg_pick (s, 3);
  cfg->interpolation = (PrepInterp) lcg_pick (s, 4);
  cfg->antialias = lcg_pick (s, 3) == 0;
  cfg->matrix = (PrepMatrix) lcg_pick (s, 3);
  cfg->range = (PrepRange) lcg_pick (s, 2);
  cfg->channel_order = (PrepChannelOrder) lcg_pick (s, 3);
  cfg->layout = (PrepLayout) lcg_pick (s, 2);
  cfg->data_type = (PrepDataType) lcg_pick (s, 4);
  cfg->pad_value = lcg_pick (s, 256);
  cfg->pad_per_channel = lcg_pick (s, 2);
  for (c = 0; c < 3; c++)
    cfg->pad_values[c] = lcg_pick (s, 256);
  /* integer tensors hold pixel values: scale 1 */
  if (cfg->data_type >= PREP_DTYPE_UINT8)
    cfg->scale = 1.0;
}

void
odd_planes (const PrepFrame * f, PrepFrame * odd, guint8 * mem[PREP_PLANES_MAX])
{
  size_t bytes[PREP_PLANES_MAX];
  int p;

  fail_unless_equals_int (prep_frame_plane_bytes (f, bytes), PREP_OK);
  *odd = *f;
  for (p = 0; p < PREP_PLANES_MAX; p++) {
    mem[p] = NULL;
    if (p >= prep_format_n_planes (f->format))
      continue;
    mem[p] = g_malloc (bytes[p] + 1);
    memcpy (mem[p] + 1, f->planes[p], bytes[p]);
    odd->planes[p] = mem[p] + 1;
  }
}

void
check_same_bytes (const guint8 * got, const guint8 * want, size_t bytes,
    const char *what, const char *path)
{
  size_t i;

  for (i = 0; i < bytes && got[i] == want[i]; i++);
  fail_unless (i == bytes, "%s: %s differs at byte %zu of %zu (0x%02x, "
      "not 0x%02x)", what, path, i, bytes, i < bytes ? got[i] : 0,
      i < bytes ? want[i] : 0);
}

void
check_cpu_paths (const PrepPlan * plan, const PrepFrame * f,
    const guint8 * want, size_t bytes, const char *what)
{
  guint8 *got = g_malloc (bytes);
  PrepWorkers *w = NULL;

  if (prep_cpu_impl_available (PREP_CPU_AVX2)) {
    memset (got, 0x5a, bytes);
    fail_unless_equals_int (prep_plan_run_cpu_rows (plan, PREP_CPU_AVX2, f,
            got, bytes, 0, prep_plan_rows (plan)), PREP_OK);
    check_same_bytes (got, want, bytes, what, "AVX2");
  }
  fail_unless_equals_int (prep_workers_new (3, &w), PREP_OK);
  memset (got, 0x3c, bytes);
  fail_unless_equals_int (prep_plan_run_cpu_parallel (plan, w, PREP_CPU_AUTO,
          f, got, bytes), PREP_OK);
  prep_workers_free (w);
  check_same_bytes (got, want, bytes, what, "a pool of 3 threads");
  g_free (got);
}

void
check_kernel_host (const PrepPlan * plan, const PrepFrame * f,
    PrepLaunchFunc launch, void *user_data, guint8 fill,
    const guint8 * want, size_t bytes, const char *what, const char *path)
{
  guint8 *got = g_malloc (bytes);
  const void *table;
  size_t table_bytes;
  guint64 gen;

  fail_unless_equals_int (prep_plan_kernel_table (plan, &table, &table_bytes,
          &gen), PREP_OK);
  memset (got, fill, bytes);
  fail_unless_equals_int (prep_plan_launch (plan, (uintptr_t) table, f,
          (uintptr_t) got, bytes, launch, NULL, user_data, NULL), PREP_OK);
  check_same_bytes (got, want, bytes, what, path);
  g_free (got);
}

double
tensor_element_at (const guint8 * t, PrepDataType type, size_t i)
{
  float f;
  guint16 h;

  switch (type) {
    case PREP_DTYPE_FLOAT32:
      memcpy (&f, t + 4 * i, 4);
      return f;
    case PREP_DTYPE_FLOAT16:
      memcpy (&h, t + 2 * i, 2);
      return ref_half_decode (h);
    case PREP_DTYPE_UINT8:
      return t[i];
    default:
      return (gint8) t[i];
  }
}

void
check_reference_tensor (const RefConfig * rc, const PrepFrame * f,
    PrepDataType type, const guint8 * out, double *max_err,
    double *max_quant, const char *what)
{
  RefImage img;
  double *ref, d, v, bound;
  size_t n, i;
  int p;

  for (p = 0; p < 3; p++) {
    img.plane[p] = f->planes[p];
    img.stride[p] = f->strides[p];
  }
  n = ref_tensor_elements (rc);
  ref = g_new (double, n);
  ref_run (rc, &img, ref);
  for (i = 0; i < n; i++) {
    v = tensor_element_at (out, type, i);
    if (type >= PREP_DTYPE_UINT8) {
      /* within half a step of the unrounded value, and the right side of
       * every clamp */
      d = fabs (v + (type == PREP_DTYPE_INT8 ? 128.0 : 0.0) -
          CLAMP (ref[i], 0.0, 255.0));
      bound = REF_QUANT_BOUND;
      if (max_quant != NULL)
        *max_quant = MAX (*max_quant, d);
    } else {
      d = fabs (v - ref[i]);
      bound = type == PREP_DTYPE_FLOAT16 ?
          ref_half_ulp (ref[i]) + ldexp (1.0, -18) : REF_FLOAT_BOUND;
      if (type == PREP_DTYPE_FLOAT32 && max_err != NULL)
        *max_err = MAX (*max_err, d);
    }
    fail_each (d <= bound, "%s: element %zu of %zu is %.9g, the reference "
        "%.9g (error %.3g > %.3g)", what, i, n, v, ref[i], d, bound);
  }
  g_free (ref);
}
