/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Unit tests of the engine's batches and float16 output (src/prep.h):
 *  - the reference model's float16 (ref_half_round (), ref_half_decode ())
 *    against hand-computed constants and exhaustively against itself, then
 *    the engine's one float -> half conversion (prep_float_to_half ())
 *    against it at every rounding boundary;
 *  - batches of slots (engine-cases.h) against the float64 reference model,
 *    slot by slot: bound 1e-4 for float32, one float16 ulp for float16; pad
 *    slots hold the normalized pad value; guards untouched;
 *  - the engine's table in float16 against the model, and each float16
 *    element the nearest-even rounding of the float32 output;
 *  - prep_plan_set_slots (): changing slots equals a fresh plan, refusals
 *    leave the plan as it was; prep_config_validate () of batch sizes, data
 *    types and float16 range;
 *  - prep_plan_slot_map () against the geometry of docs/semantics.md, section 1. */

#include <gst/check/gstcheck.h>

#include <float.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include "prep.h"
#include "prep-math.h"
#include "prep-kernel.h"
#include "ref-model.h"
#include "engine-cases.h"

/* float32 output with default (and ImageNet) normalization: docs/semantics.md, section 7. */
#define REF_BOUND 1e-4
/* float16 output: within one float16 ulp of the reference (docs/semantics.md, section 7),
 * counted in float16 steps from the reference rounded to float16.
 * Near zero that cannot hold: the float16 element is the float32 result
 * rounded (checked exactly), and the float32 result carries the rounding
 * of its larger intermediate terms (up to ~2e-6 absolute, far inside the
 * float32 bound) while a float16 ulp shrinks to 2^-24.  So below
 * HALF_TINY the error is measured in units of the float16 ulp at HALF_TINY
 * (2^-18 = 3.8e-6) instead: absolute error <= 2^-18. */
#define HALF_BOUND 1
#define HALF_TINY (1.0 / 256)
/* Box mapping round trips, in pixels. */
#define MAP_BOUND 1e-3

/* ------------------------------------------------------------------------ */
/* float16 arithmetic                                                       */
/* ------------------------------------------------------------------------ */

/* The position of float16 value v among the float16 values in order:
 * neighbours differ by 1, both zeros are 0, infinity is 31 * 1024 (for
 * non-negative values, the bit pattern).  From the value alone. */
static double
half_ordinal (double v)
{
  double a = fabs (v), o;
  int e;

  if (isinf (a)) {
    o = 31 * 1024;
  } else if (a < ldexp (1.0, -14)) {
    o = a * ldexp (1.0, 24);
  } else {
    frexp (a, &e);              /* 2^(e - 1) <= a < 2^e */
    o = (e - 1 + 15) * 1024 + (a / ldexp (1.0, e - 1 - 10) - 1024);
  }
  return v < 0 ? -o : o;
}

/* Float16 steps between two float16 values. */
static double
half_steps (double a, double b)
{
  return fabs (half_ordinal (a) - half_ordinal (b));
}

static gboolean
same_value (double a, double b)
{
  return a == b || (isnan (a) && isnan (b));
}

static void
check_decode (guint16 bits, double want)
{
  double got = ref_half_decode (bits);

  fail_unless (same_value (got, want) && signbit (got) == signbit (want),
      "ref_half_decode (0x%04x) = %.17g, expected %.17g", bits, got, want);
}

static void
check_round (double v, double want)
{
  double got = ref_half_round (v);

  fail_unless (same_value (got, want) && signbit (got) == signbit (want),
      "ref_half_round (%.17g) = %.17g, expected %.17g", v, got, want);
}

/* Values worked out by hand from the IEEE 754 binary16 definition:
 * bits s eeeee ffffffffff, normal (1 + f / 1024) * 2^(e - 15). */
GST_START_TEST (test_half_constants)
{
  check_decode (0x3c00, 1.0);   /* e = 15, f = 0 */
  check_decode (0xc000, -2.0);  /* s = 1, e = 16 */
  check_decode (0x7bff, 65504.0);       /* (1 + 1023 / 1024) * 2^15 */
  check_decode (0x0400, ldexp (1.0, -14));      /* smallest normal */
  check_decode (0x03ff, 1023 * ldexp (1.0, -24));       /* largest subnormal */
  check_decode (0x0001, ldexp (1.0, -24));      /* smallest subnormal */
  check_decode (0x8001, -ldexp (1.0, -24));
  check_decode (0x0000, 0.0);
  check_decode (0x8000, -0.0);
  check_decode (0x7c00, INFINITY);
  check_decode (0xfc00, -INFINITY);
  check_decode (0x7e00, NAN);
  /* 0x2e66: e = 11, f = 614: 1638 * 2^-14 = 0.0999755859375 */
  check_decode (0x2e66, 0.0999755859375);
  /* 0x3555: e = 13, f = 341: 1365 * 2^-12 = 0.333251953125 */
  check_decode (0x3555, 0.333251953125);
  check_decode (0x3800, 0.5);
  check_decode (0x3bff, 1.0 - ldexp (1.0, -11));

  check_round (1.0, 1.0);
  check_round (0.1, ref_half_decode (0x2e66));  /* 1638.4 * 2^-14 */
  check_round (1.0 / 3.0, ref_half_decode (0x3555));    /* 1365.33 * 2^-12 */
  check_round (-1.0 / 3.0, -0.333251953125);
  /* [2048, 4096): steps of 2; ties to the even multiple of 4 */
  check_round (2049.0, 2048.0);
  check_round (2051.0, 2052.0);
  check_round (2050.0, 2050.0);
  check_round (2049.0001, 2050.0);
  /* [1, 2): steps of 2^-10 */
  check_round (1.0 + ldexp (1.0, -11), 1.0);    /* tie, 1.0 is even */
  check_round (1.0 + 3 * ldexp (1.0, -11), 1.0 + ldexp (1.0, -9));
  check_round (2.0 - ldexp (1.0, -12), 2.0);    /* carry into 2^1 */
  check_round (65504.0, 65504.0);
  check_round (65519.99, 65504.0);
  check_round (65520.0, INFINITY);      /* tie: the even neighbour is 2^16 */
  check_round (-65520.0, -INFINITY);
  check_round (1e6, INFINITY);
  /* subnormals: steps of 2^-24 */
  check_round (ldexp (1.0, -24), ldexp (1.0, -24));
  check_round (ldexp (1.0, -25), 0.0);  /* tie: 0 is even */
  check_round (ldexp (1.5, -25), ldexp (1.0, -24));
  check_round (ldexp (3.0, -25), ldexp (2.0, -24));     /* 1.5 steps: even 2 */
  check_round (ldexp (5.0, -25), ldexp (2.0, -24));     /* 2.5 steps: even 2 */
  check_round (ldexp (1.0, -30), 0.0);
  check_round (-ldexp (1.0, -30), -0.0);
  check_round (ldexp (2047.0, -25), ldexp (1.0, -14));  /* 1023.5: 1024 */
  check_round (0.0, 0.0);
  check_round (-0.0, -0.0);
  check_round (INFINITY, INFINITY);
  check_round (NAN, NAN);
}

GST_END_TEST;

/* Every float16 bit pattern: decoding then rounding gives the value back;
 * the ordinal is the bit pattern; the midpoint between neighbours rounds to
 * the even one and anything off the midpoint to the nearer one. */
GST_START_TEST (test_half_exhaustive)
{
  guint b;

  for (b = 0; b < 0x10000; b++) {
    double v = ref_half_decode ((guint16) b), next, mid;
    guint mag = b & 0x7fff;

    if (isnan (v))
      continue;
    check_round (v, v);
    fail_unless (half_ordinal (v) == (b & 0x8000 ? -(double) mag : mag),
        "ordinal of 0x%04x", b);
    if (mag >= 0x7c00 - 1)
      continue;
    next = ref_half_decode ((guint16) (b + 1));
    mid = (v + next) / 2;       /* exact in double */
    check_round (mid, (mag & 1) ? next : v);
    check_round (mid + (next - v) / 1024, next);
    check_round (mid - (next - v) / 1024, v);
    fail_unless (ref_half_ulp (v) == fabs (next - v), "ulp of 0x%04x", b);
  }
}

GST_END_TEST;

/* prep_float_to_half () bits, decoded, equal ref_half_round () of the
 * float. */
static void
check_engine_half (float f)
{
  guint16 h = prep_float_to_half (f);
  double want = ref_half_round ((double) f), got = ref_half_decode (h);

  fail_unless (got == want && signbit (got) == signbit (want),
      "prep_float_to_half (%a) = 0x%04x (%.9g), expected %.9g", f, h, got,
      want);
}

/* The engine's conversion at every rounding boundary of float16 (each
 * value, each midpoint between neighbours and the floats on both sides of
 * it), and on random finite floats of every magnitude. */
GST_START_TEST (test_engine_half_boundaries)
{
  guint64 rng = 0xf16f16;
  guint32 u;
  guint b, i;
  float f;

  for (b = 0; b < 0x7c00; b++) {
    double v = ref_half_decode ((guint16) b);
    /* past 65504, the next value of the binade would be 65536 */
    double next = b < 0x7bff ? ref_half_decode ((guint16) (b + 1)) : 65536.0;
    float mid = (float) ((v + next) / 2);

    check_engine_half ((float) v);
    check_engine_half (-(float) v);
    check_engine_half (mid);    /* 12 significant bits: exact in float */
    check_engine_half (nextafterf (mid, 0.0f));
    check_engine_half (nextafterf (mid, INFINITY));
    check_engine_half (-mid);
  }
  for (i = 0; i < 2000000; i++) {
    u = lcg_next (&rng);
    memcpy (&f, &u, sizeof f);
    if (isfinite (f))
      check_engine_half (f);
  }
  check_engine_half (FLT_MAX);
  check_engine_half (-FLT_MIN);
  check_engine_half (65519.996f);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Comparing slots with the reference                                       */
/* ------------------------------------------------------------------------ */

/* The worst element of one or more slots. */
typedef struct
{
  double err;                   /* float32: abs error; float16: ulps
                                 * (half_error ()) */
  double got, want;
  int slot;
  size_t elem;                  /* within the slot */
  long exact;                   /* float16: elements equal to the rounded
                                 * reference */
  long elements;
  double max_steps;             /* float16: steps, near zero included */
} SlotErr;

static void
slot_err_init (SlotErr * e)
{
  memset (e, 0, sizeof (*e));
  e->err = -1.0;
}

/* Element @j of slot @slot of the run's tensor, as a double. */
static double
slot_value (const TensorBuf * b, size_t slot_elems, int slot, size_t j)
{
  size_t i = GUARD_HEAD + (size_t) slot * slot_elems + j;
  guint32 bits = tensor_buf_bits (b, i);
  float f;

  if (b->esize == 2)
    return ref_half_decode ((guint16) bits);
  memcpy (&f, &bits, sizeof f);
  return f;
}

/* The error of float16 element @got against the reference @want, in
 * float16 ulps (see HALF_BOUND); counts exact ones and the steps. */
static double
half_error (SlotErr * e, double got, double want)
{
  double steps = half_steps (got, ref_half_round (want));

  e->exact += steps == 0;
  e->max_steps = MAX (e->max_steps, steps);
  if (fabs (want) < HALF_TINY)
    return fabs (got - want) / ref_half_ulp (HALF_TINY);
  return steps;
}

/* One element against its reference value @want: abs error (float32) or
 * float16 ulps (float16). */
static void
compare_element (SlotErr * e, const TensorBuf * b, double got, double want,
    int slot, size_t j)
{
  double err;

  if (b->esize == 2) {
    err = half_error (e, got, want);
  } else {
    err = fabs (got - want);
  }
  e->elements++;
  if (isnan (err))
    err = INFINITY;
  if (err <= e->err)
    return;
  e->err = err;
  e->got = got;
  e->want = want;
  e->slot = slot;
  e->elem = j;
}

static void
compare_slot (SlotErr * e, const TensorBuf * b, int slot, const double *ref,
    size_t slot_elems)
{
  size_t j;

  for (j = 0; j < slot_elems; j++)
    compare_element (e, b, slot_value (b, slot_elems, slot, j), ref[j], slot,
        j);
}

/* The reference's normalized pad value of channel c: (pad * scale -
 * mean[c]) / std[c]. */
static double
ref_pad (const PrepConfig * cfg, int c)
{
  return (cfg->pad_value * cfg->scale - cfg->mean[c]) / cfg->std[c];
}

/* A padding slot: every element of channel c the pad value of c (the same
 * bits everywhere) and within the bound of the reference's; a failure
 * names the case, @name. */
static void
compare_pad_slot (SlotErr * e, const TensorBuf * b, const PrepConfig * cfg,
    int slot, const char *name)
{
  size_t plane = (size_t) cfg->out_width * cfg->out_height, j;
  size_t slot_elems = 3 * plane;
  int nhwc = cfg->layout == PREP_LAYOUT_NHWC, c;

  for (j = 0; j < slot_elems; j++) {
    c = nhwc ? (int) (j % 3) : (int) (j / plane);
    compare_element (e, b, slot_value (b, slot_elems, slot, j),
        ref_pad (cfg, c), slot, j);
    /* no fail_unless () per element: it costs a syscall each */
    if (slot_value (b, slot_elems, slot, j) !=
        slot_value (b, slot_elems, slot, nhwc ? (size_t) c : c * plane))
      fail ("%s: pad slot %d: element %zu is %.9g, the first of its channel "
          "%.9g", name, slot, j, slot_value (b, slot_elems, slot, j),
          slot_value (b, slot_elems, slot, nhwc ? (size_t) c : c * plane));
  }
}

/* Every slot of a batch run against the reference; e accumulates. */
static void
compare_batch (SlotErr * e, const BatchRun * r)
{
  size_t slot_elems = r->out.n / r->cfg.batch_size;
  double *ref = g_new (double, slot_elems);
  RefConfig rc;
  int s;

  for (s = 0; s < r->cfg.batch_size; s++) {
    if (s >= r->bc->n_rects) {
      compare_pad_slot (e, &r->out, &r->cfg, s, r->bc->name);
      continue;
    }
    case_ref_config (&r->cfg, &r->rects[s], &rc);
    fail_unless (ref_tensor_elements (&rc) == slot_elems);
    ref_run (&rc, &r->frame.img, ref);
    compare_slot (e, &r->out, s, ref, slot_elems);
  }
  g_free (ref);
}

static void
run_batch_cpu (BatchRun * r)
{
  tensor_buf_fill (&r->out);
  fail_unless_equals_int (prep_plan_run_cpu (r->plan, &r->frame.pf, r->out.data,
          tensor_buf_bytes (&r->out) + GUARD_TAIL * r->out.esize), PREP_OK);
  tensor_buf_assert_complete (&r->out, r->bc->name);
}

/* ------------------------------------------------------------------------ */
/* Batches against the reference                                            */
/* ------------------------------------------------------------------------ */

/* float16 results: worst error in steps, elements equal to the rounded
 * reference. */
typedef struct
{
  int cases;
  double max_err, max_steps;
  long exact, elements;
} HalfStats;

/* Counts of the table tests, shared with the forked test processes. */
typedef struct
{
  int cases, slots, pad_slots;
  double max_err;
  HalfStats half_table, half_batch;
  long rne_elements, rne_exact;
} Stats;

static Stats *stats;

GST_START_TEST (test_batch_reference)
{
  BatchRun r;
  SlotErr e;

  batch_run_new (&r, __i__, PREP_DTYPE_FLOAT32);
  run_batch_cpu (&r);
  slot_err_init (&e);
  compare_batch (&e, &r);
  GST_INFO ("%s: max abs error %.3g", r.bc->name, e.err);
  stats->cases++;
  stats->slots += r.cfg.batch_size;
  stats->pad_slots += r.cfg.batch_size - r.bc->n_rects;
  stats->max_err = MAX (stats->max_err, e.err);
  if (__i__ == (int) n_batch_cases - 1)
    g_print ("batch cases: %d (%d slots, %d of them padding), max abs "
        "error: %.3g (bound %g)\n", stats->cases, stats->slots,
        stats->pad_slots, stats->max_err, REF_BOUND);
  fail_unless (e.err <= REF_BOUND, "%s: slot %d element %zu: expected %.9f, "
      "got %.9f", r.bc->name, e.slot, e.elem, e.want, e.got);
  batch_run_free (&r);
}

GST_END_TEST;

static void
count_half (HalfStats * h, const SlotErr * e)
{
  h->cases++;
  h->max_err = MAX (h->max_err, e->err);
  h->max_steps = MAX (h->max_steps, e->max_steps);
  h->exact += e->exact;
  h->elements += e->elements;
}

static void
print_half (const char *what, const HalfStats * h)
{
  g_print ("%s: %d, max error: %.3g ulp, exact: %ld of %ld (bound %d ulp; "
      "|ref| < 2^%d in ulps at 2^%d; max float16 steps %g)\n", what,
      h->cases, h->max_err, h->exact, h->elements, HALF_BOUND,
      (int) log2 (HALF_TINY), (int) log2 (HALF_TINY), h->max_steps);
}

static void
assert_half_bound (const SlotErr * e, const char *name)
{
  fail_unless (e->err <= HALF_BOUND, "%s: slot %d element %zu: float16 "
      "%.9g, %.3g ulp from the reference %.9g (rounded: %.9g)", name, e->slot,
      e->elem, e->got, e->err, e->want, ref_half_round (e->want));
}

GST_START_TEST (test_batch_float16)
{
  BatchRun r;
  SlotErr e;

  batch_run_new (&r, __i__, PREP_DTYPE_FLOAT16);
  run_batch_cpu (&r);
  slot_err_init (&e);
  compare_batch (&e, &r);
  count_half (&stats->half_batch, &e);
  if (__i__ == (int) n_batch_cases - 1)
    print_half ("float16 batch cases", &stats->half_batch);
  assert_half_bound (&e, r.bc->name);
  batch_run_free (&r);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* The engine's table in float16                                            */
/* ------------------------------------------------------------------------ */

/* Runs case i's plan of element type @type on @f into a fresh buffer. */
static void
run_case (guint i, PrepDataType type, TestFrame * f, gboolean make_frame,
    PrepConfig * cfg, TensorBuf * out)
{
  guint64 rng = case_seed (i);
  PrepPlan *plan = NULL;
  PrepRect crop = case_crop (&ref_cases[i]);

  case_config (&ref_cases[i], cfg);
  cfg->data_type = type;
  fail_unless_equals_int (prep_plan_new (cfg, &crop, 1, &plan), PREP_OK);
  if (make_frame)
    frame_new (f, &ref_cases[i], plan, &rng);
  tensor_buf_new (out, cfg);
  fail_unless_equals_int (prep_plan_run_cpu (plan, &f->pf, out->data,
          tensor_buf_bytes (out)), PREP_OK);
  tensor_buf_assert_complete (out, ref_cases[i].name);
  prep_plan_free (plan);
}

/* Each float16 element is the float32 output rounded to nearest even. */
static long
count_rounded_from_float32 (const TensorBuf * h, const TensorBuf * f32,
    const char *name)
{
  long exact = 0;
  size_t i;
  float f;
  double want, got;

  for (i = GUARD_HEAD; i < GUARD_HEAD + h->n; i++) {
    guint32 bits = tensor_buf_bits (f32, i);

    memcpy (&f, &bits, sizeof f);
    want = ref_half_round (f);
    got = ref_half_decode ((guint16) tensor_buf_bits (h, i));
    if (got == want)
      exact++;
    else
      fail ("%s: element %zu: float32 %a rounds to %.9g, float16 is %.9g",
          name, i - GUARD_HEAD, f, want, got);
  }
  return exact;
}

GST_START_TEST (test_float16_table)
{
  const RefCase *tc = &ref_cases[__i__];
  PrepConfig cfg;
  PrepRect crop;
  TensorBuf h, f32;
  TestFrame f;
  RefConfig rc;
  double *ref;
  SlotErr e;
  long rne;

  run_case (__i__, PREP_DTYPE_FLOAT16, &f, TRUE, &cfg, &h);
  run_case (__i__, PREP_DTYPE_FLOAT32, &f, FALSE, &cfg, &f32);
  crop = case_crop (tc);
  case_ref_config (&cfg, &crop, &rc);
  ref = g_new (double, h.n);
  ref_run (&rc, &f.img, ref);
  slot_err_init (&e);
  compare_slot (&e, &h, 0, ref, h.n);
  rne = count_rounded_from_float32 (&h, &f32, tc->name);
  count_half (&stats->half_table, &e);
  stats->rne_elements += h.n;
  stats->rne_exact += rne;
  if (__i__ == (int) n_ref_cases - 1) {
    print_half ("float16 cases", &stats->half_table);
    g_print ("float16 = float32 output rounded to nearest even: %ld of %ld\n",
        stats->rne_exact, stats->rne_elements);
  }
  assert_half_bound (&e, tc->name);
  g_free (ref);
  tensor_buf_free (&h);
  tensor_buf_free (&f32);
  frame_free (&f);
}

GST_END_TEST;

/* The largest normalization float16 holds: scale 256, bias +224, so that
 * v = 255 gives exactly 65504; saturated frames reach it, and nothing
 * overflows to infinity. */
GST_START_TEST (test_float16_extremes)
{
  static const RefCase tc = {.name = "float16 extremes",.w = 34,.h = 18,
    .ow = 40,.oh = 20,.range = FULL,.pattern = PAT_SATURATED,
    .aspect = LB,.pad = 255
  };
  guint64 rng = 77;
  PrepConfig cfg;
  PrepRect crop;
  PrepPlan *plan = NULL;
  TestFrame f;
  TensorBuf out;
  size_t i, at_max = 0;
  int c;

  case_config (&tc, &cfg);
  cfg.data_type = PREP_DTYPE_FLOAT16;
  cfg.scale = 256.0;
  for (c = 0; c < 3; c++)
    cfg.mean[c] = -224.0;
  crop = case_crop (&tc);
  fail_unless_equals_int (prep_plan_new (&cfg, &crop, 1, &plan), PREP_OK);
  frame_new (&f, &tc, plan, &rng);
  tensor_buf_new (&out, &cfg);
  fail_unless_equals_int (prep_plan_run_cpu (plan, &f.pf, out.data,
          tensor_buf_bytes (&out)), PREP_OK);
  tensor_buf_assert_complete (&out, tc.name);
  for (i = GUARD_HEAD; i < GUARD_HEAD + out.n; i++) {
    double v = ref_half_decode ((guint16) tensor_buf_bits (&out, i));

    fail_unless (isfinite (v) && v >= 224.0 && v <= 65504.0,
        "element %zu: %g", i - GUARD_HEAD, v);
    at_max += v == 65504.0;
  }
  /* the pad value 255 alone gives 65504 in the letterbox bands */
  fail_unless (at_max > 0);
  tensor_buf_free (&out);
  frame_free (&f);
  prep_plan_free (plan);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Changing slots                                                           */
/* ------------------------------------------------------------------------ */

/* A fresh plan of r's configuration with these slots, run on r's frame:
 * its output must equal r->out bit for bit. */
static void
assert_same_as_fresh (const BatchRun * r, const PrepRect * rects, int n,
    const char *what)
{
  PrepPlan *plan = NULL;
  TensorBuf out;
  size_t diff;

  fail_unless_equals_int (prep_plan_new (&r->cfg, rects, n, &plan), PREP_OK);
  tensor_buf_new (&out, &r->cfg);
  fail_unless_equals_int (prep_plan_run_cpu (plan, &r->frame.pf, out.data,
          tensor_buf_bytes (&out)), PREP_OK);
  diff = tensor_buf_first_diff (&r->out, &out);
  fail_unless (diff == out.total, "%s, %s: %d slots set again differ from "
      "a fresh plan at element %zd: 0x%x, fresh 0x%x", r->bc->name, what, n,
      (gssize) diff - GUARD_HEAD, tensor_buf_bits (&r->out, diff),
      tensor_buf_bits (&out, diff));
  tensor_buf_free (&out);
  prep_plan_free (plan);
}

/* Sets @n slots from rects on r's plan, runs it, and compares with a fresh
 * plan. */
static void
reslot_and_check (BatchRun * r, const PrepRect * rects, int n, const char *what)
{
  fail_unless_equals_int (prep_plan_set_slots (r->plan, rects, n), PREP_OK);
  fail_unless_equals_int (prep_plan_valid_slots (r->plan), n);
  run_batch_cpu (r);
  assert_same_as_fresh (r, rects, n, what);
}

static void
random_rects (const BatchRun * r, guint64 * rng, PrepRect * rects, int n)
{
  int k, w = r->cfg.src_width, h = r->cfg.src_height;

  for (k = 0; k < n; k++) {
    rects[k].width = 1 + lcg_next (rng) % w;
    rects[k].height = 1 + lcg_next (rng) % h;
    rects[k].x = lcg_next (rng) % (w - rects[k].width + 1);
    rects[k].y = lcg_next (rng) % (h - rects[k].height + 1);
  }
}

/* Counts full, one fewer, one, none, then back to the case's own rects:
 * each equals a fresh plan, and the last equals the first run. */
static void
check_reslot (guint i, PrepDataType type)
{
  guint64 rng = batch_seed (i) ^ 0x2e5107;
  PrepRect rects[PREP_BATCH_MAX];
  BatchRun r;
  TensorBuf first;
  size_t diff;
  int counts[4], k;

  batch_run_new (&r, i, type);
  run_batch_cpu (&r);
  tensor_buf_new (&first, &r.cfg);
  memcpy (first.mem, r.out.mem, first.total * first.esize);
  counts[0] = r.cfg.batch_size;
  counts[1] = r.cfg.batch_size - 1;
  counts[2] = 1;
  counts[3] = 0;
  for (k = 0; k < 4; k++) {
    random_rects (&r, &rng, rects, counts[k]);
    reslot_and_check (&r, rects, counts[k], dtype_name (type));
  }
  reslot_and_check (&r, NULL, 0, "NULL rects");
  reslot_and_check (&r, r.rects, r.bc->n_rects, "the case's own rects");
  diff = tensor_buf_first_diff (&first, &r.out);
  fail_unless (diff == first.total, "%s, %s: back to the first slots, the "
      "output differs at element %zd: 0x%x, first 0x%x", r.bc->name,
      dtype_name (type), (gssize) diff - GUARD_HEAD,
      tensor_buf_bits (&r.out, diff), tensor_buf_bits (&first, diff));
  tensor_buf_free (&first);
  batch_run_free (&r);
}

GST_START_TEST (test_reslot)
{
  check_reslot (__i__, PREP_DTYPE_FLOAT32);
  check_reslot (__i__, PREP_DTYPE_FLOAT16);
}

GST_END_TEST;

/* A new plan takes its rectangles: n of them fill the first n slots, the
 * others are padding. */
GST_START_TEST (test_fresh_plan_slots)
{
  PrepRect crops[PREP_BATCH_MAX];
  PrepBoxMap map;
  BatchRun r;
  int s, n;

  batch_run_new (&r, 2, PREP_DTYPE_FLOAT32);
  fail_unless (r.cfg.batch_size > 1);
  for (s = 0; s < r.cfg.batch_size; s++)
    crops[s] = make_rect (100 + s, 50, 300, 200 - s);
  for (n = r.cfg.batch_size; n >= 0; n -= r.cfg.batch_size - 1) {
    prep_plan_free (r.plan);
    r.plan = NULL;
    fail_unless_equals_int (prep_plan_new (&r.cfg, crops, n, &r.plan), PREP_OK);
    fail_unless_equals_int (prep_plan_valid_slots (r.plan), n);
    for (s = 0; s < r.cfg.batch_size; s++) {
      fail_unless_equals_int (prep_plan_slot_map (r.plan, s, &map), PREP_OK);
      fail_unless (map.valid == (s < n), "slot %d of %d: valid %d", s, n,
          map.valid);
      fail_unless (s >= n || memcmp (&map.src, &crops[s],
              sizeof (PrepRect)) == 0, "slot %d is not its rectangle", s);
    }
    run_batch_cpu (&r);
    assert_same_as_fresh (&r, crops, n, "rectangles of a new plan");
  }
  fail_unless_equals_int (prep_plan_valid_slots (NULL), 0);
  batch_run_free (&r);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Refused slots                                                            */
/* ------------------------------------------------------------------------ */

/* r's plan as it is: valid count, every slot map, and its output. */
typedef struct
{
  int valid;
  PrepBoxMap maps[PREP_BATCH_MAX];
  TensorBuf out;
} PlanState;

static void
plan_state_take (BatchRun * r, PlanState * st)
{
  int s;

  st->valid = prep_plan_valid_slots (r->plan);
  for (s = 0; s < r->cfg.batch_size; s++)
    fail_unless_equals_int (prep_plan_slot_map (r->plan, s, &st->maps[s]),
        PREP_OK);
  run_batch_cpu (r);
  tensor_buf_new (&st->out, &r->cfg);
  memcpy (st->out.mem, r->out.mem, st->out.total * st->out.esize);
}

static void
assert_plan_unchanged (BatchRun * r, const PlanState * st, const char *what)
{
  PrepBoxMap map;
  size_t diff;
  int s;

  fail_unless_equals_int (prep_plan_valid_slots (r->plan), st->valid);
  for (s = 0; s < r->cfg.batch_size; s++) {
    fail_unless_equals_int (prep_plan_slot_map (r->plan, s, &map), PREP_OK);
    fail_unless (memcmp (&map, &st->maps[s], sizeof (map)) == 0,
        "%s: slot %d's map changed", what, s);
  }
  run_batch_cpu (r);
  diff = tensor_buf_first_diff (&st->out, &r->out);
  fail_unless (diff == st->out.total, "%s, %s: the output changed at element "
      "%zd: 0x%x, before 0x%x", r->bc->name, what, (gssize) diff - GUARD_HEAD,
      tensor_buf_bits (&r->out, diff), tensor_buf_bits (&st->out, diff));
}

/* rects[0..n) with @bad as the last one: refused with @want, plan as it
 * was. */
static void
check_bad_rect (BatchRun * r, const PlanState * st, PrepRect bad,
    PrepStatus want)
{
  PrepRect rects[3] = { {0, 0, 4, 4}, {1, 1, 2, 2}, bad };
  char what[96];

  g_snprintf (what, sizeof (what), "rect (%d, %d, %d x %d)", bad.x, bad.y,
      bad.width, bad.height);
  fail_unless (prep_plan_set_slots (r->plan, rects, 3) == want,
      "%s: expected status %d", what, want);
  assert_plan_unchanged (r, st, what);
}

GST_START_TEST (test_set_slots_refused)
{
  /* a 34x18 frame, batch 8 with 6 valid slots */
  static const PrepRect bad[] = {
    {30, 0, 5, 5}, {0, 14, 5, 5}, {-1, 0, 5, 5}, {0, -1, 5, 5},
    {0, 0, -3, 5}, {0, 0, 5, -2}, {0, 0, 0, 5}, {3, 3, 5, 0},
    {34, 0, 1, 1}, {0, 18, 1, 1}, {INT_MAX, 0, 1, 1}, {0, 0, INT_MAX, 1},
    {1, 1, INT_MAX, INT_MAX}, {INT_MIN, 0, 4, 4}, {0, 0, 35, 18},
  };
  PrepRect ok[PREP_BATCH_MAX + 1];
  PlanState st;
  BatchRun r;
  guint k;

  batch_run_new (&r, 6, PREP_DTYPE_FLOAT16);
  plan_state_take (&r, &st);
  for (k = 0; k < G_N_ELEMENTS (bad); k++)
    check_bad_rect (&r, &st, bad[k], PREP_ERROR_CROP);
  for (k = 0; k <= PREP_BATCH_MAX; k++)
    ok[k] = make_rect (k % 30, k % 14, 4, 4);
  fail_unless_equals_int (prep_plan_set_slots (r.plan, ok,
          r.cfg.batch_size + 1), PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_set_slots (r.plan, ok,
          PREP_BATCH_MAX + 1), PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_set_slots (r.plan, ok, -1),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_set_slots (r.plan, ok, INT_MIN),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_set_slots (r.plan, NULL, 2),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_set_slots (NULL, ok, 1),
      PREP_ERROR_INVALID_ARGUMENT);
  assert_plan_unchanged (&r, &st, "bad counts and pointers");
  /* and a good call still works after all of them */
  fail_unless_equals_int (prep_plan_set_slots (r.plan, ok,
          r.cfg.batch_size), PREP_OK);
  fail_unless_equals_int (prep_plan_valid_slots (r.plan), r.cfg.batch_size);
  tensor_buf_free (&st.out);
  batch_run_free (&r);
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Configurations                                                           */
/* ------------------------------------------------------------------------ */

static void
check_config (const PrepConfig * cfg, PrepStatus want, const char *what)
{
  PrepRect whole = make_rect (0, 0, cfg->src_width, cfg->src_height);
  PrepPlan *plan = NULL;
  PrepStatus got = prep_plan_new (cfg, &whole, 1, &plan);

  fail_unless (got == want, "%s: prep_plan_new gave %d (%s), expected %d",
      what, got, prep_status_string (got), want);
  fail_unless_equals_int (prep_config_validate (cfg), want);
  fail_unless ((plan != NULL) == (want == PREP_OK), "%s: plan %p", what, plan);
  prep_plan_free (plan);
}

static void
base_config (PrepConfig * cfg)
{
  prep_config_init (cfg);
  cfg->src_width = 64;
  cfg->src_height = 48;
  cfg->out_width = 16;
  cfg->out_height = 8;
}

static void
check_batch_size (int n, PrepStatus want)
{
  PrepConfig cfg;
  char what[32];

  base_config (&cfg);
  cfg.batch_size = n;
  g_snprintf (what, sizeof (what), "batch size %d", n);
  check_config (&cfg, want, what);
}

static void
check_data_type (int type, PrepStatus want)
{
  PrepConfig cfg;
  char what[32];

  base_config (&cfg);
  cfg.data_type = (PrepDataType) type;
  g_snprintf (what, sizeof (what), "data type %d", type);
  check_config (&cfg, want, what);
}

/* scale, mean, std on every channel; float16 and float32. */
static void
check_half_range (double scale, double mean, double std, PrepStatus want16,
    const char *what)
{
  PrepConfig cfg;
  int c;

  base_config (&cfg);
  cfg.scale = scale;
  for (c = 0; c < 3; c++) {
    cfg.mean[c] = mean;
    cfg.std[c] = std;
  }
  cfg.data_type = PREP_DTYPE_FLOAT16;
  check_config (&cfg, want16, what);
  cfg.data_type = PREP_DTYPE_FLOAT32;
  check_config (&cfg, PREP_OK, what);
}

/* The generation of @plan's kernel table (prep_plan_kernel_table ()). */
static guint64
table_gen (const PrepPlan * plan)
{
  const void *table;
  size_t bytes;
  guint64 gen = 0;

  fail_unless_equals_int (prep_plan_kernel_table (plan, &table, &bytes,
          &gen), PREP_OK);
  return gen;
}

/* The kernel table's generation (what a launcher keys its device copy
 * on): a new one when the slots change (other rectangles, another count,
 * streams of other parameters), the same when the same slots are given
 * again, never 0, and no two plans share one. */
GST_START_TEST (test_table_generation)
{
  static const PrepRect a[2] = { {0, 0, 32, 24}, {8, 8, 16, 16} };
  static const PrepRect b = { 4, 4, 20, 10 };
  PrepStream st[2] = {
    {PREP_FORMAT_NV12, 64, 48, PREP_MATRIX_BT709, PREP_RANGE_LIMITED,
        {0, 0, 64, 48}},
    {PREP_FORMAT_RGBA, 30, 20, PREP_MATRIX_BT601, PREP_RANGE_FULL,
        {10, 2, 20, 18}},
  };
  const void *table;
  size_t bytes;
  PrepConfig cfg;
  PrepPlan *p, *q, *s;
  guint64 id;

  fail_unless_equals_int (prep_plan_kernel_table (NULL, &table, &bytes,
          &id), PREP_ERROR_INVALID_ARGUMENT);
  prep_config_init (&cfg);
  cfg.src_width = 64;
  cfg.src_height = 48;
  cfg.out_width = cfg.out_height = 16;
  cfg.batch_size = 3;
  fail_unless_equals_int (prep_plan_new (&cfg, a, 2, &p), PREP_OK);
  id = table_gen (p);
  fail_if (id == 0);
  fail_unless_equals_int (prep_plan_set_slots (p, a, 2), PREP_OK);
  fail_unless_equals_uint64 (table_gen (p), id);
  fail_unless_equals_int (prep_plan_set_slots (p, a, 1), PREP_OK);
  fail_if (table_gen (p) == id, "one slot fewer");
  id = table_gen (p);
  fail_unless_equals_int (prep_plan_set_slots (p, &b, 1), PREP_OK);
  fail_if (table_gen (p) == id, "another rectangle");
  id = table_gen (p);
  fail_unless_equals_int (prep_plan_set_slots (p, &b, 1), PREP_OK);
  fail_unless_equals_uint64 (table_gen (p), id);
  fail_unless_equals_int (prep_plan_new (&cfg, &b, 1, &q), PREP_OK);
  fail_if (table_gen (q) == id, "two plans, one id");
  fail_if (table_gen (q) == 0);

  cfg.batch_size = 2;
  fail_unless_equals_int (prep_plan_new_streams (&cfg, st, 2, &s), PREP_OK);
  id = table_gen (s);
  fail_if (id == 0);
  fail_unless_equals_int (prep_plan_set_streams (s, st, 2), PREP_OK);
  fail_unless_equals_uint64 (table_gen (s), id);
  st[0].range = PREP_RANGE_FULL;
  fail_unless_equals_int (prep_plan_set_streams (s, st, 2), PREP_OK);
  fail_if (table_gen (s) == id, "a stream's parameters");
  id = table_gen (s);
  st[1].rect.x = 0;
  fail_unless_equals_int (prep_plan_set_streams (s, st, 2), PREP_OK);
  fail_if (table_gen (s) == id, "a stream's rectangle");
  prep_plan_free (s);
  prep_plan_free (q);
  prep_plan_free (p);
}

GST_END_TEST;

GST_START_TEST (test_config_batch_and_type)
{
  PrepConfig cfg;

  prep_config_init (&cfg);
  fail_unless_equals_int (cfg.batch_size, 1);
  fail_unless_equals_int (cfg.data_type, PREP_DTYPE_FLOAT32);

  check_batch_size (0, PREP_ERROR_INVALID_ARGUMENT);
  check_batch_size (-1, PREP_ERROR_INVALID_ARGUMENT);
  check_batch_size (INT_MIN, PREP_ERROR_INVALID_ARGUMENT);
  check_batch_size (PREP_BATCH_MAX + 1, PREP_ERROR_INVALID_ARGUMENT);
  check_batch_size (INT_MAX, PREP_ERROR_INVALID_ARGUMENT);
  check_batch_size (1, PREP_OK);
  check_batch_size (PREP_BATCH_MAX, PREP_OK);
  fail_unless_equals_int (PREP_BATCH_MAX, 64);

  check_data_type (7, PREP_ERROR_INVALID_ARGUMENT);
  check_data_type (4, PREP_ERROR_INVALID_ARGUMENT);
  check_data_type (PREP_DTYPE_UINT8, PREP_OK);
  check_data_type (PREP_DTYPE_INT8, PREP_OK);
  check_data_type (-1, PREP_ERROR_INVALID_ARGUMENT);
  check_data_type (PREP_DTYPE_FLOAT16, PREP_OK);
  fail_unless_equals_int (prep_data_type_size (PREP_DTYPE_FLOAT32), 4);
  fail_unless_equals_int (prep_data_type_size (PREP_DTYPE_FLOAT16), 2);
  fail_unless_equals_int (prep_data_type_size (PREP_DTYPE_UINT8), 1);
  fail_unless_equals_int (prep_data_type_size (PREP_DTYPE_INT8), 1);
  fail_unless_equals_int (prep_data_type_size ((PrepDataType) 7), 0);

  /* 255 |scale / std| + |mean / std| <= 65504 */
  check_half_range (256.0, 224.0, 1.0, PREP_OK, "255 * 256 + 224 = 65504");
  check_half_range (256.0, -224.0, 1.0, PREP_OK, "bias +224");
  check_half_range (-256.0, 224.0, 1.0, PREP_OK, "scale -256");
  check_half_range (256.0, 225.0, 1.0, PREP_ERROR_NORMALIZATION, "65505");
  check_half_range (1.0 / 255.0, 0.0, 1e-5, PREP_ERROR_NORMALIZATION,
      "std 1e-5: 1e5");
  check_half_range (1.0 / 255.0, 0.5, -1e-5, PREP_ERROR_NORMALIZATION,
      "std -1e-5");
  check_half_range (1.0, 0.0, 0.5, PREP_OK, "510");
  check_half_range (1.0, 65504.0, 1.0, PREP_ERROR_NORMALIZATION, "mean 65504");
  check_half_range (0.0, 65504.0, 1.0, PREP_OK, "scale 0, mean 65504");
}

GST_END_TEST;

/* ------------------------------------------------------------------------ */
/* Box mapping                                                              */
/* ------------------------------------------------------------------------ */

/* The inner rectangle of a slot, from docs/semantics.md (section 1): stretch covers the
 * output; letterbox s = min (OW / rw, OH / rh), iw = round (rw * s),
 * ih = round (rh * s), at least 1, offsets floor ((OW - iw) / 2) ...
 * The axis with the smaller ratio fills the output (compared exactly as
 * OW * rh <= OH * rw); the other is len * s = len * num / den, rounded
 * halves up as an exact rational. */
typedef struct
{
  gint64 iw, ih, ox, oy;
} Inner;

static Inner
semantics_inner (const PrepConfig * cfg, const PrepRect * r)
{
  gint64 ow = cfg->out_width, oh = cfg->out_height;
  Inner in = { ow, oh, 0, 0 };

  if (cfg->aspect == PREP_ASPECT_LETTERBOX) {
    if (ow * r->height <= oh * r->width)        /* s = OW / rw */
      in.ih = (2 * r->height * ow + r->width) / (2 * (gint64) r->width);
    else                        /* s = OH / rh */
      in.iw = (2 * r->width * oh + r->height) / (2 * (gint64) r->height);
    in.iw = MAX (in.iw, 1);
    in.ih = MAX (in.ih, 1);
    in.ox = (ow - in.iw) / 2;
    in.oy = (oh - in.ih) / 2;
  }
  return in;
}

/* Frame coordinate of tensor coordinate t along one axis of the map. */
static double
to_frame (double t, int src, double scale, double offset)
{
  return src + (t - offset) / scale;
}

static double
to_tensor (double f, int src, double scale, double offset)
{
  return offset + (f - src) * scale;
}

/* One axis: the inner span [off, off + inner) maps onto [start, start +
 * len) at its ends and middle, round trips within MAP_BOUND, and each
 * output pixel center x + 0.5 lands on docs/semantics.md's sx + 0.5. */
static void
check_map_axis (int start, int len, double scale, double offset,
    gint64 inner, gint64 off, const char *what)
{
  double f, t, sx;
  gint64 x;
  int k;

  fail_unless (fabs (scale - (double) inner / len) <= 1e-12 * scale,
      "%s: scale %.17g, expected %lld / %d", what, scale, (long long) inner,
      len);
  fail_unless (offset == (double) off, "%s: offset %g, expected %lld", what,
      offset, (long long) off);
  for (k = 0; k <= 4; k++) {
    /* 0, 1/4, 1/2, 3/4 and the far end of the inner span */
    t = off + inner * (k / 4.0);
    f = to_frame (t, start, scale, offset);
    fail_unless (fabs (f - (start + len * (k / 4.0))) <= MAP_BOUND,
        "%s: tensor %g -> frame %g", what, t, f);
    fail_unless (fabs (to_tensor (f, start, scale, offset) - t) <= MAP_BOUND,
        "%s: round trip of %g", what, t);
  }
  for (x = off; x < off + inner; x++) {
    sx = start + (x - off + 0.5) * len / inner - 0.5;
    f = to_frame (x + 0.5, start, scale, offset);
    fail_unless (fabs (f - (sx + 0.5)) <= 1e-9, "%s: center of %lld -> %.12g,"
        " semantics.md %.12g", what, (long long) x, f, sx + 0.5);
  }
}

static void
check_slot_map (const PrepPlan * plan, const PrepConfig * cfg, int slot,
    const PrepRect * r, const char *name)
{
  Inner in = semantics_inner (cfg, r);
  PrepBoxMap map;
  char what[160];

  fail_unless_equals_int (prep_plan_slot_map (plan, slot, &map), PREP_OK);
  g_snprintf (what, sizeof (what), "%s, slot %d (%d, %d, %d x %d)", name,
      slot, r->x, r->y, r->width, r->height);
  fail_unless (map.valid == 1, "%s: not valid", what);
  fail_unless (memcmp (&map.src, r, sizeof (*r)) == 0, "%s: src (%d, %d, "
      "%d x %d)", what, map.src.x, map.src.y, map.src.width, map.src.height);
  check_map_axis (r->x, r->width, map.scale_x, map.offset_x, in.iw, in.ox,
      what);
  check_map_axis (r->y, r->height, map.scale_y, map.offset_y, in.ih, in.oy,
      what);
}

static void
check_pad_map (const PrepPlan * plan, int slot)
{
  PrepBoxMap map, zero;

  memset (&map, 0x5a, sizeof (map));
  memset (&zero, 0, sizeof (zero));
  fail_unless_equals_int (prep_plan_slot_map (plan, slot, &map), PREP_OK);
  fail_unless (map.valid == 0 && memcmp (&map.src, &zero.src,
          sizeof (PrepRect)) == 0, "padding slot %d: valid %d", slot,
      map.valid);
}

static void
check_plan_maps (const PrepPlan * plan, const PrepConfig * cfg,
    const PrepRect * rects, int n, const char *name)
{
  PrepBoxMap map;
  int s;

  for (s = 0; s < cfg->batch_size; s++) {
    if (s < n)
      check_slot_map (plan, cfg, s, &rects[s], name);
    else
      check_pad_map (plan, s);
  }
  fail_unless_equals_int (prep_plan_slot_map (plan, -1, &map),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_slot_map (plan, cfg->batch_size, &map),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_slot_map (plan, 0, NULL),
      PREP_ERROR_INVALID_ARGUMENT);
  fail_unless_equals_int (prep_plan_slot_map (NULL, 0, &map),
      PREP_ERROR_INVALID_ARGUMENT);
}

/* Every batch case, both aspects. */
GST_START_TEST (test_slot_map_cases)
{
  PrepRect rects[PREP_BATCH_MAX];
  PrepConfig cfg;
  PrepPlan *plan;
  guint i;
  int aspect;

  for (i = 0; i < n_batch_cases; i++)
    for (aspect = 0; aspect < 2; aspect++) {
      batch_config (i, PREP_DTYPE_FLOAT32, &cfg);
      cfg.aspect = (PrepAspect) aspect;
      batch_rects (i, rects);
      plan = NULL;
      fail_unless_equals_int (prep_plan_new (&cfg, rects,
              batch_cases[i].n_rects, &plan), PREP_OK);
      check_plan_maps (plan, &cfg, rects, batch_cases[i].n_rects,
          batch_cases[i].name);
      prep_plan_free (plan);
    }
}

GST_END_TEST;

/* Odd sizes and the rounding ties of letterbox: 45 * 7 / 10 = 31.5 rounds
 * to 32 (in double, 45 * (7 / 10.0) is 31.499999999999996); slivers whose
 * inner side rounds to 0 and is kept at 1. */
GST_START_TEST (test_slot_map_odd)
{
  static const PrepRect rects[] = {
    {20, 1, 10, 45}, {1, 20, 45, 10}, {0, 0, 47, 47}, {3, 4, 1, 1},
    {0, 0, 47, 1}, {0, 0, 1, 47}, {46, 46, 1, 1}, {5, 7, 13, 29},
  };
  static const int sizes[][2] = { {7, 32}, {32, 7}, {1, 1}, {13, 5},
  {640, 640}, {3, 300}
  };
  PrepConfig cfg;
  PrepPlan *plan;
  guint k;
  int aspect;
  char name[64];

  for (k = 0; k < G_N_ELEMENTS (sizes); k++)
    for (aspect = 0; aspect < 2; aspect++) {
      base_config (&cfg);
      cfg.src_width = cfg.src_height = 47;
      cfg.out_width = sizes[k][0];
      cfg.out_height = sizes[k][1];
      cfg.aspect = (PrepAspect) aspect;
      cfg.batch_size = G_N_ELEMENTS (rects) + 2;
      plan = NULL;
      fail_unless_equals_int (prep_plan_new (&cfg, rects,
              G_N_ELEMENTS (rects), &plan), PREP_OK);
      g_snprintf (name, sizeof (name), "%dx%d %s", sizes[k][0], sizes[k][1],
          aspect ? "letterbox" : "stretch");
      check_plan_maps (plan, &cfg, rects, G_N_ELEMENTS (rects), name);
      prep_plan_free (plan);
    }
  /* the tie itself: 10x45 into 7x32 is 7 x 32, 45x10 into 32x7 is 32 x 7 */
  cfg.out_width = 7;
  cfg.out_height = 32;
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  fail_unless_equals_int (semantics_inner (&cfg, &rects[0]).ih, 32);
  fail_unless_equals_int (semantics_inner (&cfg, &rects[0]).iw, 7);
  fail_unless_equals_int (semantics_inner (&cfg, &rects[4]).ih, 1);
}

GST_END_TEST;

static Suite *
batch_suite (void)
{
  Suite *s = suite_create ("batch");
  TCase *half = tcase_create ("float16");
  TCase *batch = tcase_create ("batch");
  TCase *slots = tcase_create ("slots");
  TCase *map = tcase_create ("map");

  stats = case_shared_new (sizeof (Stats));

  suite_add_tcase (s, half);
  tcase_add_test (half, test_half_constants);
  tcase_add_test (half, test_half_exhaustive);
  tcase_add_test (half, test_engine_half_boundaries);
  tcase_add_loop_test (half, test_batch_float16, 0, n_batch_cases);
  tcase_add_loop_test (half, test_float16_table, 0, n_ref_cases);
  tcase_add_test (half, test_float16_extremes);

  suite_add_tcase (s, batch);
  tcase_add_loop_test (batch, test_batch_reference, 0, n_batch_cases);

  suite_add_tcase (s, slots);
  tcase_add_loop_test (slots, test_reslot, 0, n_batch_cases);
  tcase_add_test (slots, test_fresh_plan_slots);
  tcase_add_test (slots, test_set_slots_refused);
  tcase_add_test (slots, test_config_batch_and_type);
  tcase_add_test (slots, test_table_generation);

  suite_add_tcase (s, map);
  tcase_add_test (map, test_slot_map_cases);
  tcase_add_test (map, test_slot_map_odd);
  return s;
}

GST_CHECK_MAIN (batch);
