/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The engine's table of test cases and what reproduces each case's input:
 * shared by tests/check/engine/engine.c (CPU path against the float64
 * reference model) and tests/check/engine/kernel.c (the kernel's host build
 * against the CPU path), so that both iterate the same cases on the same
 * frames; also by batch.c, fastpath.c and the element's GPU test
 * (tests/check/element/cuda-gpu.c), through engine_cases_dep.
 * Headers are formatted by hand. */

#ifndef __ENGINE_CASES_H__
#define __ENGINE_CASES_H__

#include <gst/check/gstcheck.h>

#include "prep.h"
#include "prep-kernel.h"
#include "ref-model.h"
#include "../check-each.h"

/* Destination sentinel: a quiet NaN with a recognizable payload, so an
 * element that is never written is either found by its bits or is not
 * finite.  HEAD/TAIL guard elements catch writes outside the tensor. */
#define SENTINEL_BITS 0x7fc0deadu
#define GUARD_HEAD 16
#define GUARD_TAIL 67

/* 64-bit LCG (Knuth's MMIX constants), top bits out. */
guint32 lcg_next (guint64 * state);
/* lcg_next () in [0, n) */
int lcg_pick (guint64 * state, int n);

/* A @format frame of @width x @height with random bytes: each plane's
 * stride the smallest the engine takes (prep_frame_plane_bytes ()) plus
 * 0..13 bytes, each plane malloc'd to exactly the bytes it needs (so ASan
 * catches a read past it).  random_frame_free () frees the planes. */
void random_frame_new (PrepFormat format, int width, int height,
    guint64 * state, PrepFrame * f);
void random_frame_free (PrepFrame * f);

/* A buffer whose last byte is followed by an inaccessible page: a read past
 * the end of a plane faults instead of passing silently. */
typedef struct
{
  guint8 *map;
  size_t map_size;
  guint8 *data;
} Guarded;

guint8 *guarded_alloc (Guarded * g, size_t size);
void guarded_free (Guarded * g);

guint32 float_bits (float f);
void fill_sentinel (float *buf, size_t n);
/* Index of the first element of buf[0..n) that is not the sentinel, or
 * n. */
size_t first_written (const float *buf, size_t n);
/* Elements of buf[0..n) that still hold the sentinel. */
size_t count_sentinels (const float *buf, size_t n);
/* Index of the first element whose bits differ between a and b, or n. */
size_t first_difference (const float *a, const float *b, size_t n);

typedef enum
{
  PAT_RANDOM,                   /* every byte from the PRNG */
  PAT_EDGES,                    /* blocks of extreme values: sharp edges */
  PAT_GRADIENT,                 /* smooth ramps in Y, U and V */
  PAT_SATURATED,                /* Y, U, V each 0 or 255: out of gamut */
  PAT_CHECKER,                  /* 1-pixel luma / 1-sample chroma checker */
} Pattern;

typedef enum
{
  NORM_DEFAULT,                 /* scale 1/255, mean 0, std 1 */
  NORM_IMAGENET,                /* scale 1/255, ImageNet mean / std */
  NORM_SYMMETRIC,               /* scale 1, mean 127.5, std 127.5 */
} Norm;

/* Zero-initialized fields mean: stretch, bilinear, BT.601, limited range,
 * RGB, NCHW, pad 0, default normalization, random pattern, no antialias.  A crop of
 * width 0 means the whole frame. */
typedef struct
{
  const char *name;
  int w, h;                     /* frame */
  int y_pad, uv_pad;            /* stride = row bytes + pad */
  PrepRect crop;
  int ow, oh;
  PrepAspect aspect;
  PrepInterp interp;
  PrepMatrix matrix;
  PrepRange range;
  PrepChannelOrder order;
  PrepLayout layout;
  Norm norm;
  double pad;
  Pattern pattern;
  int antialias;
  double crop_fraction;         /* cover: 0 means 1 */
  double window[4];             /* x, y, width, height: a fractional window
                                 * (prep_plan_new_windows ()) instead of
                                 * the crop; width 0: none */
} RefCase;

#define LB PREP_ASPECT_LETTERBOX
#define COVER PREP_ASPECT_COVER
#define NN PREP_INTERP_NEAREST
#define BC PREP_INTERP_BICUBIC
#define FULL PREP_RANGE_FULL
#define M709 PREP_MATRIX_BT709
#define M2020 PREP_MATRIX_BT2020
#define BGR PREP_ORDER_BGR
#define NHWC PREP_LAYOUT_NHWC

extern const RefCase ref_cases[];
extern const guint n_ref_cases;

/* The PRNG seed of case i: its frame is the same in every test. */
guint64 case_seed (guint i);

/* An NV12 frame in guarded planes.  The whole planes (stride padding
 * included) are first filled with garbage, then the visible samples with
 * the pattern: an engine that reads padding gets garbage. */
typedef struct
{
  Guarded yg, uvg;
  guint8 *y, *uv;
  int y_stride, uv_stride;
  PrepFrame pf;                 /* the same planes, as the engine takes them */
  RefImage img;                 /* and as the reference model does */
} TestFrame;

/* An NV12 frame of w x h with these planes, as the engine and the
 * reference model take it. */
PrepFrame nv12_frame (int w, int h, const guint8 * y, int y_stride,
    const guint8 * uv, int uv_stride);
RefImage nv12_image (const guint8 * y, int y_stride, const guint8 * uv,
    int uv_stride);

/* Bytes of plane @p of the plan's frame with @stride, SIZE_MAX when the
 * engine refuses the stride or the size does not fit. */
size_t plan_plane_bytes (const PrepPlan * plan, int p, int stride);

/* Kernel parameters of an NV12 plan into a w x h float32 tensor, for the
 * tests of launch geometry and extents (no plan has outputs that large). */
void nv12_params (PrepParams * p, int w, int h);

/* Both planes of an NV12 plan's frame (prep_frame_plane_bytes ()); the
 * outputs are written only on success. */
PrepStatus nv12_frame_bytes (const PrepPlan * plan, int y_stride,
    int uv_stride, size_t * luma, size_t * chroma);

/* prep_kernel_extents () of an NV12 plan: the luma and chroma planes. */
void nv12_extents (const PrepParams * p, const PrepSlotTable * slots,
    int n_slots, int y_stride, int uv_stride, size_t * y_bytes,
    size_t * uv_bytes, size_t * dst_bytes);

/* Allocates the planes with the sizes the plan asks for (checked against
 * the minimum an NV12 frame needs) and fills them from rng. */
void frame_new (TestFrame * f, const RefCase * tc, const PrepPlan * plan,
    guint64 * rng);
void frame_free (TestFrame * f);

/* Counts kept by the table tests, in zero-filled memory shared with the
 * forked test processes so that the last iteration can print them.  Never
 * freed: it lives as long as the test program. */
typedef struct
{
  int cases;
  int identical;
  int tiled;                    /* kernel: antialiased, through the tile too */
} CaseCounts;

void *case_shared_new (size_t size);

/* The engine configuration of a case, and its source rectangle (the crop,
 * or the whole frame). */
/* The case's plan of @cfg: its window (prep_plan_new_windows ()) or its
 * crop; and the window into the reference config (nothing without one). */
PrepStatus case_plan_new (const RefCase * tc, const PrepConfig * cfg,
    PrepPlan ** plan);
void case_ref_window (const RefCase * tc, RefConfig * r);
void case_config (const RefCase * tc, PrepConfig * cfg);
PrepRect case_crop (const RefCase * tc);

/* ------------------------------------------------------------------------ */
/* Tensors of either element type, between guard elements                   */
/* ------------------------------------------------------------------------ */

/* The float16 sentinel: a NaN, which no output element is. */
#define HALF_SENTINEL_BITS 0x7dadu

/* A tensor of n elements of the data type's size between GUARD_HEAD and
 * GUARD_TAIL guard elements.  Element indices i of the functions below
 * count from the first guard element: the tensor is [GUARD_HEAD,
 * GUARD_HEAD + n). */
typedef struct
{
  PrepDataType type;
  size_t esize;                 /* bytes of one element: 4 or 2 */
  size_t n;                     /* tensor elements */
  size_t total;                 /* elements with the guards */
  guint8 *mem;                  /* total elements */
  guint8 *data;                 /* the tensor */
} TensorBuf;

/* Allocates the buffer of the tensor of @cfg (batch and element type
 * included, sized by prep_tensor_size ()), every element the sentinel. */
void tensor_buf_new (TensorBuf * b, const PrepConfig * cfg);
void tensor_buf_free (TensorBuf * b);
/* Every element, guards included, the sentinel again. */
void tensor_buf_fill (TensorBuf * b);
size_t tensor_buf_bytes (const TensorBuf * b);
gboolean tensor_buf_is_sentinel (const TensorBuf * b, size_t i);
size_t tensor_buf_count_sentinels (const TensorBuf * b, size_t from,
    size_t count);
/* The guards hold the sentinel (fails naming @what otherwise). */
void tensor_buf_assert_guards (const TensorBuf * b, const char *what);
/* Every tensor element written and the guards untouched. */
void tensor_buf_assert_complete (const TensorBuf * b, const char *what);
/* First element (guards included) whose bits differ, or total. */
size_t tensor_buf_first_diff (const TensorBuf * a, const TensorBuf * b);
/* Element i (guards included) as a float32 / float16 bit pattern. */
guint32 tensor_buf_bits (const TensorBuf * b, size_t i);

/* ------------------------------------------------------------------------ */
/* Batches: several source rectangles (slots) of one frame                  */
/* ------------------------------------------------------------------------ */

/* A batch [batch, 3, oh, ow]: base gives the frame, the output size, the
 * modes and the normalization (as a RefCase, crop unused); slots
 * [0, n_rects) take rects (or, when rects is NULL, n_rects random
 * rectangles, batch_rects ()), the others are padding. */
typedef struct
{
  const char *name;
  RefCase base;
  int batch;
  int n_rects;
  const PrepRect *rects;
} BatchCase;

extern const BatchCase batch_cases[];
extern const guint n_batch_cases;

/* The PRNG seed of batch case i (its frame and random rectangles). */
guint64 batch_seed (guint i);

/* The rectangles of batch case i, n_rects of them, into rects (room for
 * PREP_BATCH_MAX). */
void batch_rects (guint i, PrepRect * rects);

/* The engine configuration of batch case i with element type @type. */
void batch_config (guint i, PrepDataType type, PrepConfig * cfg);

/* A batch case ready to run: its plan with the slots set, the frame
 * (from batch_seed (i)), and its tensor buffer. */
typedef struct
{
  const BatchCase *bc;
  PrepConfig cfg;
  PrepRect rects[PREP_BATCH_MAX];
  PrepPlan *plan;
  TestFrame frame;
  TensorBuf out;
} BatchRun;

void batch_run_new (BatchRun * r, guint i, PrepDataType type);
/* The same for any BatchCase (it must outlive the run): the frame and the
 * random rectangles come from @seed. */
void batch_run_from (BatchRun * r, const BatchCase * bc, guint64 seed,
    PrepDataType type);
void batch_run_free (BatchRun * r);

/* Case i of the engine's table as a batch of one slot: its crop (or the
 * whole frame) into *crop, which bc points to. */
void table_case_as_batch (guint i, BatchCase * bc, PrepRect * crop);

PrepRect make_rect (int x, int y, int width, int height);

/* "float32" / "float16" */
const char *dtype_name (PrepDataType type);

/* The reference model's configuration of engine configuration @p, field
 * by field, with the source rectangle @crop (p->crop, or a batch slot's). */
void case_ref_config (const PrepConfig * p, const PrepRect * crop,
    RefConfig * r);

/* ------------------------------------------------------------------------ */
/* One plan on every path, and its tensor against the reference model       */
/* ------------------------------------------------------------------------ */

/* A random configuration of @format (from prep_config_init ()) on a frame
 * of 1..@max_w x 1..@max_h pixels into a tensor of 1..@max_ow x 1..@max_oh,
 * and a random crop of the frame: every aspect, crop fraction, letterbox
 * alignment and rounding, interpolation, matrix, range, channel order,
 * layout, element type (the integer ones with scale 1) and pad value(s),
 * antialias one time in three.  The colour options keep their defaults. */
void random_config_sized (PrepFormat format, guint64 * s, int max_w,
    int max_h, int max_ow, int max_oh, PrepConfig * cfg, PrepRect * crop);

/* A copy of @f whose planes start one byte past a malloc'd address, each
 * malloc'd to the byte (prep_frame_plane_bytes ()): word loads of a row
 * are misaligned.  Free with g_free (@mem[p]) for every p (NULL for the
 * planes the format lacks). */
void odd_planes (const PrepFrame * f, PrepFrame * odd,
    guint8 * mem[PREP_PLANES_MAX]);

/* @got holds the @bytes of @want (fails naming @what, the path @path that
 * gave @got, and the first byte that differs). */
void check_same_bytes (const guint8 * got, const guint8 * want, size_t bytes,
    const char *what, const char *path);

/* The CPU paths other than the scalar one give @plan's scalar bytes @want
 * on @f: the AVX2 entry point (when this CPU has it) and a pool of 3
 * threads. */
void check_cpu_paths (const PrepPlan * plan, const PrepFrame * f,
    const guint8 * want, size_t bytes, const char *what);

/* prep_plan_launch () of @plan's kernel table on @f through @launch (the
 * kernel's host build, with @user_data) into a buffer first filled with
 * @fill: it gives @want's @bytes (fails naming @what and @path). */
void check_kernel_host (const PrepPlan * plan, const PrepFrame * f,
    PrepLaunchFunc launch, void *user_data, guint8 fill,
    const guint8 * want, size_t bytes, const char *what, const char *path);

/* Element @i of a tensor of @type as a double: float16 decoded, int8
 * signed. */
double tensor_element_at (const guint8 * t, PrepDataType type, size_t i);

/* How far a tensor may be from the reference model: float32 with the
 * default normalization, float rounding only (semantics section 7);
 * uint8 / int8 within half a step of the unrounded value, plus that
 * rounding, so a tie may go either way; float16 within half an ulp of
 * the reference plus 2^-18. */
#define REF_FLOAT_BOUND 1e-4
#define REF_QUANT_BOUND (0.5 + 1e-3)

/* The tensor @out of @type against the reference model's run of @rc on
 * @f, element by element, within the bounds above (integer elements
 * against the reference clamped to 0..255, int8 offset by 128).  The
 * largest float32 error (output units) goes into *@max_err and the largest
 * integer one (steps) into *@max_quant, each when not NULL.  A failure
 * names @what, the element, its value, the reference's and the bound. */
void check_reference_tensor (const RefConfig * rc, const PrepFrame * f,
    PrepDataType type, const guint8 * out, double *max_err,
    double *max_quant, const char *what);

#endif /* __ENGINE_CASES_H__ */
