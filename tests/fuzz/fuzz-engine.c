/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* libFuzzer harness of the engine (src/prep.h), built with -Dfuzz=true
 * (tests/fuzz/meson.build, docs/fuzzing.md).
 *
 * The input is read as a stream of bytes (zeros once it runs out):
 *  - the plan's parameters (every input format, aspect, interpolation,
 *    antialias, letterbox placement and rounding, cover fraction, channel
 *    order, element type, colour conversion, chroma interpolation and
 *    site), mostly in their valid ranges, sometimes not (bad enums, sizes,
 *    crops, batch sizes, non-finite or zero normalization, pad values): a
 *    refused configuration must give its status and no plan, a valid one
 *    must give a plan;
 *  - the batch's rectangles (sometimes outside the frame or too many:
 *    refused, plan unchanged);
 *  - the strides (sometimes too small or negative: refused by every entry
 *    point), then the planes' bytes;
 *  - row splits and implementations for prep_plan_run_cpu_rows ();
 *  - or (first byte 224..239) a multi-stream plan: 1 to 4 streams of any
 *    format, size, colour and rectangle, every path and one kernel launch
 *    giving the same bytes, each stream's kernel extent within its planes.
 * The planes and every tensor are malloc'd to the byte
 * (prep_frame_plane_bytes (), prep_plan_output_bytes ()), so ASan catches
 * any read or write past them.  The scalar reference, AVX2 (when this CPU
 * has it), random row splits mixing both, the thread pools and the
 * kernel's host build must all give the same bytes; a frame of another
 * format or size is refused.
 *
 * A second mode probes the integer limits without touching memory: frames
 * up to INT_MAX pixels, any strides, any tensor sizes; every size the
 * engine gives is checked against 128-bit arithmetic. */

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prep.h"
#include "prep-private.h"
#include "prep-kernel.h"

/* Frames and tensors stay small so that a run is fast. */
#define MAX_FRAME 256
#define MAX_OUT 64
#define MAX_TENSOR_PIXELS (64 * 64 * 4)

typedef struct
{
  const uint8_t *data;
  size_t size, at;
} Reader;

static uint8_t
r8 (Reader * r)
{
  return r->at < r->size ? r->data[r->at++] : 0;
}

static uint32_t
r16 (Reader * r)
{
  uint32_t v = r8 (r);

  return v | (uint32_t) r8 (r) << 8;
}

static uint32_t
r32 (Reader * r)
{
  uint32_t v = r16 (r);

  return v | r16 (r) << 16;
}

static void
fail (const char *what)
{
  fprintf (stderr, "fuzz-engine: %s\n", what);
  abort ();
}

#define MIN64(a, b) ((a) < (b) ? (a) : (b))

#define CHECK(cond) do { if (!(cond)) fail (#cond); } while (0)

/* Values for scale, mean and std: usual ones, then troublesome ones. */
static const double interesting[] = {
  1.0 / 255.0, 1.0, 0.5, 0.229, 0.485, 2.0, -1.0, 255.0, 0.0,
  1e-3, 65504.0, 1e-320, 1e300, -1e300, 3.4e38, NAN, INFINITY, -INFINITY,
};

#define N_SAFE_NORM 8           /* the first ones give a valid plan */

static double
pick_norm (Reader * r, int *safe)
{
  uint8_t b = r8 (r);

  if (b < 224)
    return interesting[b % N_SAFE_NORM];
  *safe = 0;
  return interesting[b % (sizeof interesting / sizeof interesting[0])];
}

static int
pick_size (Reader * r, int max, int *valid)
{
  uint8_t b = r8 (r);

  if (b == 255) {
    *valid = 0;
    return -(int) (r8 (r));     /* 0 or negative */
  }
  return 1 + (int) (r16 (r) % (uint32_t) max);
}

static int
pick_enum (Reader * r, int n, int *valid)
{
  uint8_t b = r8 (r);

  if (b == 255) {
    *valid = 0;
    return n + (b & 1) * 1000;
  }
  return b % n;
}

static PrepRect
pick_rect (Reader * r, int w, int h, int *inside)
{
  PrepRect rc;

  if (r8 (r) >= 250) {
    /* anywhere, often outside */
    rc.x = (int) r32 (r);
    rc.y = (int) r32 (r);
    rc.width = (int) r32 (r);
    rc.height = (int) r32 (r);
    *inside = rc.x >= 0 && rc.y >= 0 && rc.width > 0 && rc.height > 0 &&
        rc.width <= w - rc.x && rc.height <= h - rc.y;
    return rc;
  }
  rc.x = (int) (r16 (r) % (uint32_t) w);
  rc.y = (int) (r16 (r) % (uint32_t) h);
  rc.width = 1 + (int) (r16 (r) % (uint32_t) (w - rc.x));
  rc.height = 1 + (int) (r16 (r) % (uint32_t) (h - rc.y));
  *inside = 1;
  return rc;
}

static PrepWorkers *pool2, *pool3;

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t * data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  if (prep_workers_new (2, &pool2) != PREP_OK ||
      prep_workers_new (3, &pool3) != PREP_OK)
    fail ("cannot start the worker pools");
  return 0;
}

static int
host_launch (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  return prep_kernel_host_launch (entry, grid, block, shared, args);
}

static int
failing_launch (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  return 700;
}

/* An NV12 frame of @cfg's size with these strides (the limits mode's
 * planes point to one byte each: nothing is read). */
static void
nv12_frame (const PrepConfig * cfg, PrepFrame * f, const uint8_t * y,
    int y_stride, const uint8_t * uv, int uv_stride)
{
  prep_frame_init (f, PREP_FORMAT_NV12, cfg->src_width, cfg->src_height);
  f->planes[0] = y;
  f->strides[0] = y_stride;
  f->planes[1] = uv;
  f->strides[1] = uv_stride;
}

/* prep_tensor_size () on any ints */
static void
fuzz_tensor_size (Reader * r)
{
  static const unsigned elem_bytes[] = { 4, 2, 1, 1 };
  size_t n_el, n_bytes;
  int tw, th, tb, dt, ch;
  unsigned __int128 need;
  PrepStatus st;

  tw = (int) r32 (r);
  th = (int) r32 (r);
  tb = (int) (int8_t) r8 (r);
  dt = r8 (r) % 5;
  ch = r8 (r) % 4;
  st = prep_tensor_size (tw, th, ch, tb, (PrepDataType) dt, &n_el, &n_bytes);
  if (tw <= 0 || th <= 0 || tb <= 0) {
    CHECK (st == PREP_ERROR_SIZE);
  } else if (dt == 4 || tb > PREP_BATCH_MAX || (ch != 1 && ch != 3)) {
    CHECK (st == PREP_ERROR_INVALID_ARGUMENT);
  } else {
    need = (unsigned __int128) tw *(unsigned __int128) th *(unsigned) ch *
        (unsigned) tb *elem_bytes[dt];
    if (need > SIZE_MAX || (int64_t) tb * th > INT_MAX) {
      CHECK (st == PREP_ERROR_OVERFLOW);
    } else {
      CHECK (st == PREP_OK);
      CHECK (n_bytes == (size_t) need);
    }
  }
}

/* Limits: no memory touched, sizes checked against 128-bit arithmetic. */
static void
fuzz_limits (Reader * r)
{
  PrepConfig cfg;
  PrepRect corner;
  PrepPlan *plan = NULL;
  PrepFrame f;
  PrepStatus st;
  size_t bytes[PREP_PLANES_MAX];
  int y_stride, uv_stride;
  unsigned __int128 need;
  /* table: any address, the launch fails before a kernel runs */
  static const uint8_t y[1], uv[1], table[1];
  float dst[1];

  fuzz_tensor_size (r);
  /* a frame of any size, a small tensor: the plan allocates per output
   * column only */
  prep_config_init (&cfg);
  cfg.src_width = 1 + (int) (r32 (r) & INT_MAX) % INT_MAX;
  cfg.src_height = 1 + (int) (r32 (r) & INT_MAX) % INT_MAX;
  if (r8 (r) & 1)
    cfg.src_width = INT_MAX - (r8 (r) & 3);
  corner.x = cfg.src_width - 1;
  corner.y = cfg.src_height - 1;
  corner.width = corner.height = 1;
  cfg.out_width = cfg.out_height = 2;
  cfg.aspect = (PrepAspect) (r8 (r) & 1);
  CHECK (prep_plan_new (&cfg, &corner, 1, &plan) == PREP_OK);
  y_stride = (int) r32 (r);
  uv_stride = (int) r32 (r);
  if (r8 (r) & 1)
    y_stride = (int) MIN64 ((int64_t) cfg.src_width + (r8 (r) & 7), INT_MAX);
  if (r8 (r) & 1)
    uv_stride = (int) MIN64 ((int64_t) cfg.src_width + (r8 (r) & 7), INT_MAX);
  nv12_frame (&cfg, &f, y, y_stride, uv, uv_stride);
  st = prep_frame_plane_bytes (&f, bytes);
  {
    int64_t crow = 2 * (((int64_t) cfg.src_width + 1) / 2);
    int bad = y_stride < cfg.src_width || (int64_t) uv_stride < crow;

    if (bad) {
      CHECK (st == PREP_ERROR_STRIDE);
    } else {
      CHECK (st == PREP_OK);
      need = (unsigned __int128) y_stride *(unsigned) (cfg.src_height - 1) +
          (unsigned) cfg.src_width;
      CHECK (bytes[0] == (size_t) need);
      need = (unsigned __int128) uv_stride *
          (unsigned) ((cfg.src_height + 1) / 2 - 1) + (uint64_t) crow;
      CHECK (bytes[1] == (size_t) need);
      CHECK (bytes[2] == 0);
    }
    /* every entry point refuses such strides; with a destination of 0
     * bytes an accepted one shows as PREP_ERROR_OUTPUT_SIZE */
    st = prep_plan_run_cpu (plan, &f, dst, 0);
    CHECK (st == (bad ? PREP_ERROR_STRIDE : PREP_ERROR_OUTPUT_SIZE));
    st = prep_plan_run_cpu_parallel (plan, pool2, PREP_CPU_AUTO, &f, dst, 0);
    CHECK (st == (bad ? PREP_ERROR_STRIDE : PREP_ERROR_OUTPUT_SIZE));
    st = prep_plan_launch (plan, (uintptr_t) table, &f, (uintptr_t) dst, 0,
        failing_launch, NULL, NULL, NULL);
    CHECK (st == (bad ? PREP_ERROR_STRIDE : PREP_ERROR_OUTPUT_SIZE));
  }
  prep_plan_free (plan);
}

/* Fills @n bytes from the input, then a pattern once it runs out. */
static void
fill (Reader * r, uint8_t * p, size_t n)
{
  size_t i, take = r->size - r->at < n ? r->size - r->at : n;

  memcpy (p, r->data + r->at, take);
  r->at += take;
  for (i = take; i < n; i++)
    p[i] = (uint8_t) (i * 151u + (i >> 8) * 7u);
}

static void *
xmalloc (size_t n)
{
  void *p = malloc (n ? n : 1);

  if (p == NULL)
    fail ("out of memory");
  return p;
}

static int
streams_launch (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  (*(int *) user_data)++;
  return prep_kernel_host_launch (entry, grid, block, shared, args);
}

/* Stream @s's frame: exact-size planes from the input; each plane's
 * extent for the kernel within it. */
static void
stream_frame (Reader * r, const PrepPlan * plan, int i, const PrepStream * s,
    PrepFrame * f, uint8_t * planes[PREP_PLANES_MAX])
{
  size_t bytes[PREP_PLANES_MAX], ext[PREP_PLANES_MAX];
  int64_t row_bytes, n_rows;
  int k;

  prep_frame_init (f, s->format, s->src_width, s->src_height);
  for (k = 0; k < prep_format_n_planes (s->format); k++) {
    prep_format_plane_size (prep_format_info (s->format), k, s->src_width,
        s->src_height, &row_bytes, &n_rows);
    f->strides[k] = (int) row_bytes + r8 (r) % 16;
  }
  CHECK (prep_frame_plane_bytes (f, bytes) == PREP_OK);
  CHECK (prep_plan_stream_extents (plan, i, f->strides, ext) == PREP_OK);
  for (k = 0; k < prep_format_n_planes (s->format); k++) {
    CHECK (ext[k] <= bytes[k]);
    planes[k] = xmalloc (bytes[k]);
    fill (r, planes[k], bytes[k]);
    f->planes[k] = planes[k];
  }
}

/* Multi-stream plans: 1 to 4 streams of any format, size, colour and
 * rectangle into one tensor; the scalar rows, AVX2, a pool and the
 * kernel's host build (one launch) give the same bytes. */
static void
fuzz_streams (Reader * r)
{
  PrepStream st[4];
  PrepFrame frames[4];
  uint8_t *planes[4][PREP_PLANES_MAX];
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  int n = 1 + r8 (r) % 4, i, in, launches = 0;
  size_t bytes, table_bytes;
  const void *table;
  uint64_t gen;
  uint8_t *ref, *got;

  memset (planes, 0, sizeof planes);
  for (i = 0; i < n; i++) {
    st[i].format = (PrepFormat) (r8 (r) % PREP_FORMAT_COUNT);
    st[i].src_width = 1 + r8 (r) % 48;
    st[i].src_height = 1 + r8 (r) % 32;
    st[i].matrix = (PrepMatrix) (r8 (r) % 3);
    st[i].range = (PrepRange) (r8 (r) % 2);
    st[i].rect = pick_rect (r, st[i].src_width, st[i].src_height, &in);
    if (!in)
      st[i].rect = (PrepRect) {
      0, 0, st[i].src_width, st[i].src_height};
  }
  prep_config_init (&cfg);
  cfg.out_width = 1 + r8 (r) % 40;
  cfg.out_height = 1 + r8 (r) % 24;
  cfg.aspect = (PrepAspect) (r8 (r) % 3);
  cfg.interpolation = (PrepInterp) (r8 (r) % 4);
  cfg.antialias = r8 (r) & 1;
  cfg.channel_order = (PrepChannelOrder) (r8 (r) % 3);
  cfg.layout = (PrepLayout) (r8 (r) % 2);
  cfg.data_type = (PrepDataType) (r8 (r) % 4);
  cfg.batch_size = n + r8 (r) % 3;
  CHECK (prep_plan_new_streams (&cfg, st, n, &plan) == PREP_OK);
  for (i = 0; i < n; i++)
    stream_frame (r, plan, i, &st[i], &frames[i], planes[i]);
  bytes = prep_plan_output_bytes (plan);
  ref = xmalloc (bytes);
  got = xmalloc (bytes);
  CHECK (prep_plan_run_cpu_streams (plan, NULL, PREP_CPU_SCALAR, frames, ref,
          bytes) == PREP_OK);
  if (prep_cpu_impl_available (PREP_CPU_AVX2)) {
    CHECK (prep_plan_run_cpu_streams (plan, NULL, PREP_CPU_AVX2, frames, got,
            bytes) == PREP_OK);
    CHECK (memcmp (ref, got, bytes) == 0);
  }
  memset (got, 0x11, bytes);
  CHECK (prep_plan_run_cpu_streams (plan, pool3, PREP_CPU_AUTO, frames, got,
          bytes) == PREP_OK);
  CHECK (memcmp (ref, got, bytes) == 0);
  memset (got, 0x22, bytes);
  CHECK (prep_plan_kernel_table (plan, &table, &table_bytes, &gen) == PREP_OK);
  CHECK (prep_plan_launch (plan, (uintptr_t) table, frames, (uintptr_t) got,
          bytes, streams_launch, NULL, &launches, NULL) == PREP_OK);
  CHECK (launches == 1);
  CHECK (memcmp (ref, got, bytes) == 0);
  for (i = 0; i < n; i++)
    for (in = 0; in < PREP_PLANES_MAX; in++)
      free (planes[i][in]);
  free (ref);
  free (got);
  prep_plan_free (plan);
}

int
LLVMFuzzerTestOneInput (const uint8_t * data, size_t size)
{
  Reader rd = { data, size, 0 }, *r = &rd;
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  PrepStatus st;
  PrepRect crop = { 0, 0, 0, 0 }, rects[PREP_BATCH_MAX + 2];
  PrepBoxMap map;
  int valid = 1, crop_inside = 1, norm_safe = 1, pad_ok = 1, i, n_rects;
  int rects_inside = 1, rows, mode, k;
  size_t bytes[PREP_PLANES_MAX], ext[PREP_PLANES_MAX], out_bytes, ext_dst;
  size_t table_bytes;
  const void *table;
  uint64_t gen;
  PrepFrame f;
  uint8_t *planes[PREP_PLANES_MAX] = { NULL, NULL, NULL };
  uint8_t *ref = NULL, *got = NULL, *got2 = NULL;

  mode = r8 (r);
  if (mode >= 240) {
    fuzz_limits (r);
    return 0;
  }
  if (mode >= 224) {
    fuzz_streams (r);
    return 0;
  }

  prep_config_init (&cfg);
  cfg.format = (PrepFormat) pick_enum (r, PREP_FORMAT_COUNT, &valid);
  cfg.src_width = pick_size (r, MAX_FRAME, &valid);
  cfg.src_height = pick_size (r, MAX_FRAME, &valid);
  if (cfg.src_width > 0 && cfg.src_height > 0)
    crop = pick_rect (r, cfg.src_width, cfg.src_height, &crop_inside);
  else
    crop_inside = 0;
  cfg.out_width = pick_size (r, MAX_OUT, &valid);
  cfg.out_height = pick_size (r, MAX_OUT, &valid);
  cfg.aspect = (PrepAspect) pick_enum (r, 3, &valid);
  cfg.interpolation = (PrepInterp) pick_enum (r, 4, &valid);
  cfg.matrix = (PrepMatrix) pick_enum (r, 3, &valid);
  cfg.range = (PrepRange) pick_enum (r, 2, &valid);
  cfg.channel_order = (PrepChannelOrder) pick_enum (r, 3, &valid);
  cfg.layout = (PrepLayout) pick_enum (r, 2, &valid);
  cfg.data_type = (PrepDataType) pick_enum (r, 4, &valid);
  cfg.scale = pick_norm (r, &norm_safe);
  for (i = 0; i < 3; i++) {
    cfg.mean[i] = pick_norm (r, &norm_safe);
    cfg.std[i] = pick_norm (r, &norm_safe);
    if (cfg.std[i] == 0.0)
      norm_safe = 0;
  }
  switch (r8 (r) % 8) {
    case 0:
      cfg.pad_value = 0.0;
      break;
    case 1:
      cfg.pad_value = 255.0;
      break;
    case 2:
      cfg.pad_value = r8 (r) & 1 ? NAN : -1.0;
      pad_ok = 0;
      break;
    default:
      cfg.pad_value = r8 (r) * (255.0 / 255.0);
      break;
  }
  /* a value per channel replaces pad_value, whatever it is */
  if (r8 (r) % 4 == 0) {
    cfg.pad_per_channel = 1;
    pad_ok = 1;
    for (i = 0; i < 3; i++)
      cfg.pad_values[i] = r8 (r);
  }
  cfg.batch_size = 1 + r8 (r) % 8;
  if (r8 (r) == 255) {
    cfg.batch_size = (int) (int8_t) r8 (r);
    valid = valid && cfg.batch_size >= 1 && cfg.batch_size <= PREP_BATCH_MAX;
  }
  /* antialias, letterbox placement and rounding, cover's fraction */
  cfg.antialias = r8 (r) & 1;
  cfg.letterbox_align = (PrepAlign) pick_enum (r, 2, &valid);
  cfg.letterbox_rounding = (PrepRounding) pick_enum (r, 3, &valid);
  switch (r8 (r) % 4) {
    case 0:
      cfg.crop_fraction = 1.0;
      break;
    case 1:
      cfg.crop_fraction = (1 + r8 (r)) / 256.0;
      break;
    case 2:
      cfg.crop_fraction = r8 (r) & 1 ? NAN : (r8 (r) & 1 ? 0.0 : 1.5);
      valid = 0;
      break;
    default:
      cfg.crop_fraction = 0.875;
      break;
  }
  /* the colour options (YUV inputs; the others ignore them) */
  cfg.color_conversion = (PrepColorConversion) pick_enum (r, 4, &valid);
  cfg.chroma_interpolation = (PrepChromaInterp) pick_enum (r, 3, &valid);
  cfg.chroma_site = r8 (r) % 4;
  if (valid && cfg.out_width * cfg.out_height * cfg.batch_size >
      MAX_TENSOR_PIXELS)
    cfg.batch_size = 1 + MAX_TENSOR_PIXELS / (cfg.out_width *
        cfg.out_height) / 2;

  st = prep_plan_new (&cfg, &crop, 1, &plan);
  if (st != PREP_OK) {
    CHECK (plan == NULL);
    CHECK (!valid || !crop_inside || !norm_safe || !pad_ok ||
        cfg.data_type == PREP_DTYPE_FLOAT16);
    CHECK (prep_status_string (st) != NULL);
    /* the config's own refusal first; a config it accepts is refused only
     * for its rectangle */
    CHECK (st == prep_config_validate (&cfg) ||
        (st == PREP_ERROR_CROP && !crop_inside &&
            prep_config_validate (&cfg) == PREP_OK));
    return 0;
  }
  CHECK (valid && crop_inside && pad_ok);
  CHECK (prep_config_validate (&cfg) == PREP_OK);
  rows = prep_plan_rows (plan);
  CHECK (rows == cfg.batch_size * cfg.out_height);

  /* the batch's rectangles */
  if (r8 (r) & 1) {
    n_rects = r8 (r) % (cfg.batch_size + 3) - 1;
    for (i = 0; i < n_rects && i < PREP_BATCH_MAX + 2; i++) {
      int in;

      rects[i] = pick_rect (r, cfg.src_width, cfg.src_height, &in);
      rects_inside = rects_inside && in;
    }
    st = prep_plan_set_slots (plan, rects, n_rects);
    if (n_rects < 0 || n_rects > cfg.batch_size) {
      CHECK (st == PREP_ERROR_INVALID_ARGUMENT);
    } else if (!rects_inside) {
      CHECK (st == PREP_ERROR_CROP);
    } else {
      CHECK (st == PREP_OK);
      CHECK (prep_plan_valid_slots (plan) == n_rects);
    }
  }
  for (i = -1; i <= cfg.batch_size; i++) {
    st = prep_plan_slot_map (plan, i, &map);
    CHECK ((i >= 0 && i < cfg.batch_size) == (st == PREP_OK));
    if (st == PREP_OK)
      CHECK (map.valid == (i < prep_plan_valid_slots (plan)));
  }

  /* strides, and the planes at their exact size */
  prep_frame_init (&f, cfg.format, cfg.src_width, cfg.src_height);
  for (k = 0; k < prep_format_n_planes (cfg.format); k++) {
    int64_t row_bytes, n_rows;

    prep_format_plane_size (prep_format_info (cfg.format), k, cfg.src_width,
        cfg.src_height, &row_bytes, &n_rows);
    f.strides[k] = (int) row_bytes + r8 (r) % 48;
    if (r8 (r) >= 250) {
      /* too small or negative: refused everywhere */
      PrepFrame bad = f;
      uint8_t one[1] = { 0 };
      float d[1];
      int j;

      bad.strides[k] = r8 (r) & 1 ? (int) row_bytes - 1 : -(int) r8 (r);
      for (j = 0; j < PREP_PLANES_MAX; j++)
        bad.planes[j] = one;
      CHECK (prep_frame_plane_bytes (&bad, bytes) == PREP_ERROR_STRIDE);
      CHECK (prep_plan_run_cpu (plan, &bad, d, 1 << 30) == PREP_ERROR_STRIDE);
    }
  }
  CHECK (prep_frame_plane_bytes (&f, bytes) == PREP_OK);
  for (k = 0; k < prep_format_n_planes (cfg.format); k++) {
    planes[k] = xmalloc (bytes[k]);
    fill (r, planes[k], bytes[k]);
    f.planes[k] = planes[k];
  }
  out_bytes = prep_plan_output_bytes (plan);
  ref = xmalloc (out_bytes);
  got = xmalloc (out_bytes);
  got2 = xmalloc (out_bytes);

  /* a destination one byte short, a frame of another format or size, a
   * missing plane: refused */
  CHECK (prep_plan_run_cpu (plan, &f, ref, out_bytes - 1) ==
      PREP_ERROR_OUTPUT_SIZE);
  {
    PrepFrame other = f;

    other.format = (PrepFormat) ((cfg.format + 1) % PREP_FORMAT_COUNT);
    CHECK (prep_plan_run_cpu (plan, &other, ref, out_bytes) ==
        PREP_ERROR_FORMAT);
    other = f;
    other.height++;
    CHECK (prep_plan_run_cpu (plan, &other, ref, out_bytes) ==
        PREP_ERROR_FORMAT);
    other = f;
    other.planes[prep_format_n_planes (cfg.format) - 1] = NULL;
    CHECK (prep_plan_run_cpu (plan, &other, ref, out_bytes) ==
        PREP_ERROR_INVALID_ARGUMENT);
  }

  /* the scalar reference */
  memset (ref, 0xa5, out_bytes);
  CHECK (prep_plan_run_cpu_rows (plan, PREP_CPU_SCALAR, &f, ref, out_bytes,
          0, rows) == PREP_OK);

  /* AVX2 over everything */
  if (prep_cpu_impl_available (PREP_CPU_AVX2)) {
    memset (got, 0x5a, out_bytes);
    CHECK (prep_plan_run_cpu_rows (plan, PREP_CPU_AVX2, &f, got, out_bytes,
            0, rows) == PREP_OK);
    CHECK (memcmp (ref, got, out_bytes) == 0);
  }

  /* random row splits, each range with either implementation */
  {
    int at = 0, end;

    memset (got, 0x3c, out_bytes);
    CHECK (prep_plan_run_cpu_rows (plan, PREP_CPU_SCALAR, &f, got, out_bytes,
            rows, rows + 1) == PREP_ERROR_INVALID_ARGUMENT);
    CHECK (prep_plan_run_cpu_rows (plan, (PrepCpuImpl) 7, &f, got, out_bytes,
            0, rows) == PREP_ERROR_INVALID_ARGUMENT);
    while (at < rows) {
      PrepCpuImpl impl = (PrepCpuImpl) (r8 (r) % 3);

      end = at + (int) (r8 (r) % 17);
      if (end > rows || r->at >= r->size)
        end = rows;
      if (!prep_cpu_impl_available (impl))
        impl = PREP_CPU_SCALAR;
      CHECK (prep_plan_run_cpu_rows (plan, impl, &f, got, out_bytes, at,
              end) == PREP_OK);
      at = end;
    }
    CHECK (memcmp (ref, got, out_bytes) == 0);
  }

  /* the thread pools, and the caller alone */
  memset (got, 0x11, out_bytes);
  CHECK (prep_plan_run_cpu_parallel (plan, mode & 1 ? pool3 : pool2,
          PREP_CPU_AUTO, &f, got, out_bytes) == PREP_OK);
  CHECK (memcmp (ref, got, out_bytes) == 0);
  memset (got2, 0x33, out_bytes);
  CHECK (prep_plan_run_cpu_parallel (plan, mode & 2 ? pool2 : NULL,
          PREP_CPU_SCALAR, &f, got2, out_bytes) == PREP_OK);
  CHECK (memcmp (ref, got2, out_bytes) == 0);

  /* the kernel's host build, over the launch grid; what it may touch
   * lies within the planes */
  prep_kernel_extents (prep_plan_params (plan), prep_plan_slot_table (plan),
      cfg.batch_size, f.strides, ext, &ext_dst);
  for (k = 0; k < PREP_PLANES_MAX; k++)
    CHECK (ext[k] <= bytes[k]);
  CHECK (ext_dst == out_bytes);
  memset (got, 0x44, out_bytes);
  CHECK (prep_plan_kernel_table (plan, &table, &table_bytes, &gen) == PREP_OK);
  st = prep_plan_launch (plan, (uintptr_t) table, &f, (uintptr_t) got,
      out_bytes, host_launch, NULL, NULL, NULL);
  CHECK (st == PREP_OK);
  CHECK (memcmp (ref, got, out_bytes) == 0);

  for (k = 0; k < PREP_PLANES_MAX; k++)
    free (planes[k]);
  free (ref);
  free (got);
  free (got2);
  prep_plan_free (plan);
  return 0;
}
