/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Every input format (docs/semantics.md section 2) on every path: for each
 * format, random frames of odd sizes with padded strides and every plane
 * malloc'd to its exact size, crops at odd offsets, every matrix and
 * range, the four interpolations, both aspects, letterbox alignments and
 * roundings, channel orders rgb, bgr and
 * gray, both layouts and the four element types.  The scalar executor is
 * compared with the float64 reference model (tests/reference/, which
 * reads each format with its own code), and AVX2 (when this CPU has it),
 * the thread pool and the kernel's host build (prep_plan_launch () on the
 * frame, and again on its planes at odd addresses, where only the
 * byte-planar formats keep a specialised entry) must give its bytes.
 * A summary per format (cases, largest error) is printed at the end.
 * Then one picture in the formats that hold it alike (P010 and
 * I420_10LE's 10-bit codes, with stray bits above I420_10LE's; 8-bit
 * 4:2:2 planar, semi-planar, packed and as 10-bit codes) must give the
 * same bytes. */

#include <gst/check/gstcheck.h>

#include <math.h>
#include <string.h>

#include "prep.h"
#include "prep-kernel.h"
#include "engine-cases.h"
#include "ref-model.h"

#define CASES_PER_FORMAT 48

typedef struct
{
  int cases;
  double max_err;               /* float32 cases, in output units */
  double max_quant;             /* integer cases, in steps */
} FormatStats;

static FormatStats stats[PREP_FORMAT_COUNT];

/* A random configuration of @format on a small frame, and its crop. */
static void
random_config (PrepFormat format, guint64 * s, PrepConfig * cfg,
    PrepRect * crop)
{
  random_config_sized (format, s, 61, 41, 40, 24, cfg, crop);
}

/* Launches per test of a specialised entry (prep_<class>_...) and of the
 * slots entries (prep_slots_...). */
static int spec_launches, slots_launches;

static int
host_launch (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  if (g_str_has_prefix (entry, "prep_slots_"))
    slots_launches++;
  else
    spec_launches++;
  return prep_kernel_host_launch (entry, grid, block, shared, args);
}

/* Every other path gives the scalar bytes: AVX2, 3 threads, the launch
 * table's entries (a specialised one where it serves), and the slots
 * entry on the same planes at odd addresses, but for the formats whose
 * specialised entry reads bytes. */
static void
check_paths (const PrepPlan * plan, const PrepFrame * f, const guint8 * ref,
    size_t bytes, const char *what)
{
  guint8 *mem[PREP_PLANES_MAX];
  PrepFrame odd;
  int p;

  check_cpu_paths (plan, f, ref, bytes, what);
  check_kernel_host (plan, f, host_launch, NULL, 0x66, ref, bytes, what,
      "the launch-table entry's host build");
  odd_planes (f, &odd, mem);
  check_kernel_host (plan, &odd, host_launch, NULL, 0x44, ref, bytes, what,
      "the kernel's host build (planes at odd addresses)");
  for (p = 0; p < PREP_PLANES_MAX; p++)
    g_free (mem[p]);
}

/* The engine's tensor against the reference model, element by element. */
static void
check_reference (const PrepConfig * cfg, const PrepRect * crop,
    const PrepFrame * f, const guint8 * out, FormatStats * st, const char *what)
{
  RefConfig rc;

  case_ref_config (cfg, crop, &rc);
  check_reference_tensor (&rc, f, cfg->data_type, out, &st->max_err,
      &st->max_quant, what);
}

static void
run_case (PrepFormat format, guint64 * s, int k)
{
  PrepConfig cfg;
  PrepRect crop;
  PrepPlan *plan = NULL;
  PrepFrame f;
  guint8 *out;
  size_t bytes;
  char what[160];

  random_config (format, s, &cfg, &crop);
  fail_unless_equals_int (prep_plan_new (&cfg, &crop, 1, &plan), PREP_OK);
  random_frame_new (cfg.format, cfg.src_width, cfg.src_height, s, &f);
  g_snprintf (what, sizeof (what), "%s case %d (%dx%d, crop %d,%d %dx%d -> "
      "%dx%d, matrix %d range %d order %d layout %d type %d)",
      prep_format_name (format), k, cfg.src_width, cfg.src_height, crop.x,
      crop.y, crop.width, crop.height, cfg.out_width, cfg.out_height,
      cfg.matrix, cfg.range, cfg.channel_order, cfg.layout, cfg.data_type);
  bytes = prep_plan_output_bytes (plan);
  out = g_malloc (bytes);
  memset (out, 0xa5, bytes);
  fail_unless_equals_int (prep_plan_run_cpu_rows (plan, PREP_CPU_SCALAR, &f,
          out, bytes, 0, prep_plan_rows (plan)), PREP_OK);
  check_reference (&cfg, &crop, &f, out, &stats[format], what);
  check_paths (plan, &f, out, bytes, what);
  stats[format].cases++;
  g_free (out);
  random_frame_free (&f);
  prep_plan_free (plan);
}

/* The formats without a specialised kernel entry (prep-klaunch.c). */
static gboolean
classless (PrepFormat f)
{
  return f == PREP_FORMAT_Y444 || f == PREP_FORMAT_RGB ||
      f == PREP_FORMAT_BGR || f == PREP_FORMAT_GRAY8 ||
      f == PREP_FORMAT_Y42B || f == PREP_FORMAT_I422_10LE ||
      f == PREP_FORMAT_I420_10LE || f == PREP_FORMAT_NV16;
}

GST_START_TEST (test_format)
{
  guint64 s = 0xf0f0 + 7919 * (guint64) __i__;
  int k;

  spec_launches = slots_launches = 0;
  fail_unless (ref_format_known (prep_format_name ((PrepFormat) __i__)));
  for (k = 0; k < CASES_PER_FORMAT; k++)
    run_case ((PrepFormat) __i__, &s, k);
  g_print ("%-10s %d cases, max error float32 %.3g, integer %.3g steps, "
      "launches: %d of a specialised entry, %d of a slots entry\n",
      prep_format_name ((PrepFormat) __i__), stats[__i__].cases,
      stats[__i__].max_err, stats[__i__].max_quant, spec_launches,
      slots_launches);
  /* every format through the slots entries too: its antialiased cases,
   * and its planes at odd addresses */
  fail_unless (slots_launches > 0, "no %s case took the slots entry",
      prep_format_name ((PrepFormat) __i__));
  /* the formats of a class have a specialised entry: some of the random
   * cases (aligned rows, no antialias) must have taken it; the others are
   * read by the generic entries only */
  if (classless ((PrepFormat) __i__))
    fail_unless (spec_launches == 0, "%d %s cases took a specialised entry",
        spec_launches, prep_format_name ((PrepFormat) __i__));
  else
    fail_unless (spec_launches > 0, "no %s case took a specialised entry",
        prep_format_name ((PrepFormat) __i__));
}

GST_END_TEST;

/* A frame of another format, of another size, or missing a plane is
 * refused before anything is written. */
GST_START_TEST (test_frame_refused)
{
  guint64 s = 99;
  PrepConfig cfg;
  PrepRect crop;
  PrepPlan *plan = NULL;
  PrepFrame f, other;
  guint8 out[4];

  random_config ((PrepFormat) __i__, &s, &cfg, &crop);
  fail_unless_equals_int (prep_plan_new (&cfg, &crop, 1, &plan), PREP_OK);
  random_frame_new (cfg.format, cfg.src_width, cfg.src_height, &s, &f);
  other = f;
  other.format = (PrepFormat) ((__i__ + 1) % PREP_FORMAT_COUNT);
  fail_unless_equals_int (prep_plan_run_cpu (plan, &other, out, 4),
      PREP_ERROR_FORMAT);
  other = f;
  other.width++;
  fail_unless_equals_int (prep_plan_run_cpu (plan, &other, out, 4),
      PREP_ERROR_FORMAT);
  other = f;
  other.planes[prep_format_n_planes (cfg.format) - 1] = NULL;
  fail_unless_equals_int (prep_plan_run_cpu (plan, &other, out, 4),
      PREP_ERROR_INVALID_ARGUMENT);
  other = f;
  other.strides[0] = 0;
  fail_unless_equals_int (prep_plan_run_cpu (plan, &other, out, 4),
      PREP_ERROR_STRIDE);
  random_frame_free (&f);
  prep_plan_free (plan);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* One picture in several formats                                           */

/* The Y, U, V codes (10-bit, 0..1023) of a picture: Y per pixel, U and V
 * per chroma position of a cw x ch grid. */
typedef struct
{
  int w, h, cw, ch;
  guint16 *y, *u, *v;
} Codes;

/* The container (or byte) format @f stores for code @c: a byte c / 4
 * (the 8-bit formats get codes that are multiples of 4), P010's c << 6,
 * or the code in the low 10 bits with random bits above it (the
 * contract masks them off). */
static guint
stored (PrepFormat f, guint c, guint64 * s)
{
  if (f == PREP_FORMAT_P010_10LE)
    return c << 6;
  if (f == PREP_FORMAT_I420_10LE || f == PREP_FORMAT_I422_10LE)
    return c | (guint) lcg_pick (s, 64) << 10;
  return c >> 2;
}

static void
put_sample (PrepFormat f, guint8 * d, guint c, guint64 * s)
{
  guint v = stored (f, c, s);

  d[0] = (guint8) v;
  if (f == PREP_FORMAT_P010_10LE || f == PREP_FORMAT_I420_10LE ||
      f == PREP_FORMAT_I422_10LE)
    d[1] = (guint8) (v >> 8);
}

/* The planes of a hand-made frame: each one's row bytes and size. */
typedef struct
{
  int row_bytes[PREP_PLANES_MAX];
  size_t size[PREP_PLANES_MAX];
} Layout;

/* Plane @p of @f: @row_bytes bytes in each of @rows rows, a random
 * padding after each, allocated to its exact size. */
static guint8 *
plane_new (PrepFrame * f, Layout * l, int p, int row_bytes, int rows,
    guint64 * s)
{
  f->strides[p] = row_bytes + lcg_pick (s, 9);
  l->row_bytes[p] = row_bytes;
  l->size[p] = (gsize) f->strides[p] * (gsize) (rows - 1) + (gsize) row_bytes;
  f->planes[p] = g_malloc0 (l->size[p]);
  return (guint8 *) f->planes[p];
}

/* The picture @c in format @f, laid out by hand from GStreamer's
 * descriptions of the formats (not from the engine's table). */
static void
codes_frame (PrepFormat f, const Codes * c, guint64 * s, PrepFrame * fr,
    Layout * l)
{
  int bytes = f == PREP_FORMAT_P010_10LE || f == PREP_FORMAT_I420_10LE ||
      f == PREP_FORMAT_I422_10LE ? 2 : 1;
  guint8 *d0, *d1 = NULL, *d2 = NULL;
  gsize at;
  int x, y;

  prep_frame_init (fr, f, c->w, c->h);
  if (f == PREP_FORMAT_YUY2) {
    d0 = plane_new (fr, l, 0, 4 * c->cw, c->h, s);
    for (y = 0; y < c->h; y++)
      for (x = 0; x < c->cw; x++) {
        at = (gsize) y *fr->strides[0] + 4 * (gsize) x;
        put_sample (f, d0 + at, c->y[y * c->w + 2 * x], s);
        put_sample (f, d0 + at + 1, c->u[y * c->cw + x], s);
        if (2 * x + 1 < c->w)
          put_sample (f, d0 + at + 2, c->y[y * c->w + 2 * x + 1], s);
        put_sample (f, d0 + at + 3, c->v[y * c->cw + x], s);
      }
    return;
  }
  d0 = plane_new (fr, l, 0, bytes * c->w, c->h, s);
  for (y = 0; y < c->h; y++)
    for (x = 0; x < c->w; x++)
      put_sample (f, d0 + (gsize) y * fr->strides[0] + (gsize) (bytes * x),
          c->y[y * c->w + x], s);
  if (f == PREP_FORMAT_P010_10LE || f == PREP_FORMAT_NV16) {
    /* U V pairs */
    d1 = plane_new (fr, l, 1, 2 * bytes * c->cw, c->ch, s);
    for (y = 0; y < c->ch; y++)
      for (x = 0; x < c->cw; x++) {
        at = (gsize) y *fr->strides[1] + (gsize) (2 * bytes * x);
        put_sample (f, d1 + at, c->u[y * c->cw + x], s);
        put_sample (f, d1 + at + bytes, c->v[y * c->cw + x], s);
      }
    return;
  }
  /* U and V planes */
  d1 = plane_new (fr, l, 1, bytes * c->cw, c->ch, s);
  d2 = plane_new (fr, l, 2, bytes * c->cw, c->ch, s);
  for (y = 0; y < c->ch; y++)
    for (x = 0; x < c->cw; x++) {
      at = (gsize) y *fr->strides[1] + (gsize) (bytes * x);
      put_sample (f, d1 + at, c->u[y * c->cw + x], s);
      at = (gsize) y *fr->strides[2] + (gsize) (bytes * x);
      put_sample (f, d2 + at, c->v[y * c->cw + x], s);
    }
}

/* Sets of formats that hold one picture the same, by the contract
 * (docs/semantics.md section 2): a 10-bit code D is D / 4 in P010 (D << 6
 * in the container's high bits) and in I420_10LE (D in the low bits, the
 * bits above it ignored); a byte b is b, also as the 10-bit code 4 b of
 * I422_10LE; the 4:2:2 formats planar, semi-planar and packed. */
static const struct
{
  gboolean half_height;         /* 4:2:0 chroma */
  gboolean multiples_of_4;      /* codes an 8-bit format holds */
  PrepFormat formats[4];
  int n;
} equivalent[] = {
  {TRUE, FALSE, {PREP_FORMAT_P010_10LE, PREP_FORMAT_I420_10LE}, 2},
  {TRUE, TRUE, {PREP_FORMAT_I420, PREP_FORMAT_I420_10LE,
          PREP_FORMAT_P010_10LE}, 3},
  {FALSE, TRUE, {PREP_FORMAT_Y42B, PREP_FORMAT_I422_10LE, PREP_FORMAT_NV16,
          PREP_FORMAT_YUY2}, 4},
};

/* The engine's plane sizes of frame @f are those of its hand-made layout
 * @l, and a stride one byte short of a plane's row is refused. */
static void
check_layout (const PrepPlan * plan, const PrepFrame * f, const Layout * l,
    const char *what)
{
  size_t got[PREP_PLANES_MAX];
  guint8 out[4];
  PrepFrame bad;
  int p;

  fail_unless_equals_int (prep_frame_plane_bytes (f, got), PREP_OK);
  for (p = 0; p < prep_format_n_planes (f->format); p++) {
    fail_unless (got[p] == l->size[p], "%s: plane %d is %zu bytes, the "
        "layout's %zu", what, p, got[p], l->size[p]);
    bad = *f;
    bad.strides[p] = l->row_bytes[p] - 1;
    fail_unless_equals_int (prep_plan_run_cpu (plan, &bad, out, sizeof (out)),
        PREP_ERROR_STRIDE);
  }
}

/* The same picture in each format of a set gives the same bytes, on every
 * path (check_paths ()), for random configurations; the engine's plane
 * sizes are those of the formats' layouts. */
GST_START_TEST (test_equivalent_formats)
{
  guint64 s = 0xe9 + 131 * (guint64) __i__;
  int k, j, i, n;

  for (k = 0; k < 24; k++) {
    PrepConfig cfg;
    PrepRect crop;
    Codes c;
    guint8 *first = NULL;
    size_t bytes = 0;

    random_config (equivalent[__i__].formats[0], &s, &cfg, &crop);
    c.w = cfg.src_width;
    c.h = cfg.src_height;
    c.cw = (c.w + 1) / 2;
    c.ch = equivalent[__i__].half_height ? (c.h + 1) / 2 : c.h;
    c.y = g_new (guint16, c.w * c.h);
    c.u = g_new (guint16, c.cw * c.ch);
    c.v = g_new (guint16, c.cw * c.ch);
    n = c.w * c.h;
    for (i = 0; i < n + 2 * c.cw * c.ch; i++) {
      guint16 code = (guint16) lcg_pick (&s, 1024);

      if (equivalent[__i__].multiples_of_4)
        code &= ~3;
      if (i < n)
        c.y[i] = code;
      else if (i < n + c.cw * c.ch)
        c.u[i - n] = code;
      else
        c.v[i - n - c.cw * c.ch] = code;
    }
    for (j = 0; j < equivalent[__i__].n; j++) {
      PrepPlan *plan = NULL;
      PrepFrame f;
      Layout l;
      guint8 *out;
      char what[160];

      cfg.format = equivalent[__i__].formats[j];
      g_snprintf (what, sizeof (what), "%s as %s, case %d (%dx%d, crop %d,%d "
          "%dx%d -> %dx%d, type %d)", prep_format_name (cfg.format),
          prep_format_name (equivalent[__i__].formats[0]), k, c.w, c.h,
          crop.x, crop.y, crop.width, crop.height, cfg.out_width,
          cfg.out_height, cfg.data_type);
      fail_unless_equals_int (prep_plan_new (&cfg, &crop, 1, &plan), PREP_OK);
      codes_frame (cfg.format, &c, &s, &f, &l);
      check_layout (plan, &f, &l, what);
      bytes = prep_plan_output_bytes (plan);
      out = g_malloc (bytes);
      fail_unless_equals_int (prep_plan_run_cpu_rows (plan, PREP_CPU_SCALAR,
              &f, out, bytes, 0, prep_plan_rows (plan)), PREP_OK);
      if (first == NULL) {
        first = out;
      } else {
        for (i = 0; (size_t) i < bytes && out[i] == first[i]; i++);
        fail_unless ((size_t) i == bytes, "%s: differs at byte %d", what, i);
      }
      check_paths (plan, &f, out, bytes, what);
      if (out != first)
        g_free (out);
      random_frame_free (&f);
      prep_plan_free (plan);
    }
    g_free (first);
    g_free (c.y);
    g_free (c.u);
    g_free (c.v);
  }
}

GST_END_TEST;

static Suite *
formats_suite (void)
{
  Suite *s = suite_create ("formats");
  TCase *tc = tcase_create ("formats");

  tcase_set_timeout (tc, 300);
  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_format, 0, PREP_FORMAT_COUNT);
  tcase_add_loop_test (tc, test_frame_refused, 0, PREP_FORMAT_COUNT);
  tcase_add_loop_test (tc, test_equivalent_formats, 0,
      G_N_ELEMENTS (equivalent));
  return s;
}

GST_CHECK_MAIN (formats);
