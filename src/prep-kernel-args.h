/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* What the kernel's launch-table entry points (prep_plan_launch (),
 * docs/cuda.md "Entry points") get: their one argument by value
 * (PrepKArgs: the parameters every slot shares, and each slot's planes),
 * and the plan's kernel table in device memory (PrepKTableHead and what
 * follows it), which changes only with the slots (its generation,
 * prep_plan_kernel_table_size ()).  Shared by the kernel (nvcc and its
 * host build), the engine's launcher, the tests and the mock CUDA driver.
 * The same C subset as prep-math.h; headers are formatted by hand.
 *
 * Entry points:
 *  - specialised ones, one per format class, element kind, layout and
 *    filter (PREP_KSPEC_FOR_EACH), named prep_<class>_<elem>_<layout>_<filter>
 *    ("prep_nv12_f32_nchw_bilinear"): 4 adjacent output pixels per thread,
 *    every format field a constant, vector loads and stores;
 *  - PREP_KERNEL_SLOTS_NAME and PREP_KERNEL_SLOTS_AA_NAME: any plan, one
 *    pixel per thread, each slot's PrepParams read from the table (the
 *    formats, element types and alignments no specialised entry serves,
 *    and antialias); PREP_KERNEL_SLOTS_TAPS_NAME the same for the plans
 *    of the colour options' tap fetch. */

#ifndef __PREP_KERNEL_ARGS_H__
#define __PREP_KERNEL_ARGS_H__

#include "prep-math.h"

/* Format classes: how a format's samples lie in memory, which the
 * specialised entries hard-code (the byte positions within a word are
 * PrepKSource's). */
#define PREP_KCLASS_nv12 0      /* NV12, NV21: 8-bit luma plane, (U, V) byte
                                 * pairs at half resolution, one 16-bit load */
#define PREP_KCLASS_p010 1      /* P010_10LE, P016_LE: 16-bit luma, 16-bit
                                 * (U, V) pairs, one 32-bit load */
#define PREP_KCLASS_i420 2      /* I420, YV12: three 8-bit planes, 4:2:0
                                 * (YV12's U and V planes swapped in the
                                 * slot) */
#define PREP_KCLASS_yuy2 3      /* YUY2, UYVY: 4-byte macropixels of two
                                 * pixels, one 32-bit load per tap */
#define PREP_KCLASS_rgbx 4      /* RGBA, BGRA, RGBx, BGRx, ARGB, ABGR: one
                                 * 32-bit load per tap */
#define PREP_KCLASS_COUNT 5

/* Element kinds of the specialised entries. */
#define PREP_KELEM_f32 0
#define PREP_KELEM_f16 1
#define PREP_KELEM_u8 2         /* uint8 and int8 (PrepKArgs.qoff) */
#define PREP_KELEM_COUNT 3

#define PREP_KLAYOUT_nchw 0
#define PREP_KLAYOUT_nhwc 1

/* bilinear, and nearest (nearest and nearest-floor: the table holds their
 * taps, i1 = i0 and w = 0, so one sample per component is the bilinear
 * value a + (a - a) * 0 exactly) */
#define PREP_KFILTER_bilinear 0
#define PREP_KFILTER_nearest 1

/* Every specialised entry point, X (class, elem, layout, filter), in the
 * order of prep_kspec_index (). */
#define PREP_KSPEC_FILTERS(X, c, e, l) X (c, e, l, bilinear) X (c, e, l, nearest)
#define PREP_KSPEC_LAYOUTS(X, c, e) \
  PREP_KSPEC_FILTERS (X, c, e, nchw) PREP_KSPEC_FILTERS (X, c, e, nhwc)
#define PREP_KSPEC_ELEMS(X, c) \
  PREP_KSPEC_LAYOUTS (X, c, f32) PREP_KSPEC_LAYOUTS (X, c, f16) \
  PREP_KSPEC_LAYOUTS (X, c, u8)
#define PREP_KSPEC_FOR_EACH(X) \
  PREP_KSPEC_ELEMS (X, nv12) PREP_KSPEC_ELEMS (X, p010) \
  PREP_KSPEC_ELEMS (X, i420) PREP_KSPEC_ELEMS (X, yuy2) \
  PREP_KSPEC_ELEMS (X, rgbx)

#define PREP_KSPEC_COUNT (PREP_KCLASS_COUNT * PREP_KELEM_COUNT * 2 * 2)

/* An entry point's name, as a string literal. */
#define PREP_KSPEC_NAME(c, e, l, f) "prep_" #c "_" #e "_" #l "_" #f

PREP_FN int
prep_kspec_index (int cls, int elem, int layout, int filter)
{
  return ((cls * PREP_KELEM_COUNT + elem) * 2 + layout) * 2 + filter;
}

/* The entries of any plan (the table's PrepParams per slot). */
#define PREP_KERNEL_SLOTS_NAME "prep_slots_to_tensor"
#define PREP_KERNEL_SLOTS_AA_NAME "prep_slots_to_tensor_aa"
/* The same for plans with the colour options' tap fetch
 * (color-conversion=opencv-8bit, chroma-interpolation=bilinear: prep_tap3
 * ()), with and without antialias, no antialiased tile: the two above
 * leave that code out, and the registers it takes. */
#define PREP_KERNEL_SLOTS_TAPS_NAME "prep_slots_to_tensor_taps"

/* Pixels of one output row per thread: 4 in the specialised entries. */
#define PREP_KSPEC_PIXELS 4

/* Distinct sources (colour rows and byte positions) one launch of a
 * specialised entry takes; more distinct streams use the slots entry. */
#define PREP_KSOURCE_MAX 6

/* One source of a specialised launch: a stream's colour rows and where its
 * components lie in the class's word. */
typedef struct
{
  /* channel c of the tensor = clamp (m[c] . (C0, C1, C2, 1)), the rows of
   * PrepParams.m permuted on the host (m[c] = PrepParams.m[perm[c]]), so
   * that prep_convert_normalize () runs with perm = (0, 1, 2) and the same
   * operations */
  float m[3][4];
  /* bit position of component k in the word one load gives: the pair of
   * nv12 and p010 (16 or 32 bits), the macropixel of yuy2 (32, for the
   * even pixel; the odd one's luma is 16 bits higher), the pixel of rgbx
   * (32); i420: 0 */
  int shift[3];
  int pad_;
} PrepKSource;

/* One slot: its frame's planes (device addresses; plane[0] 0: a slot of
 * padding), their strides, and where its taps are in the table. */
typedef struct
{
  uint64_t plane[3];
  int stride[3];
  /* 16-byte units from the table's start: its column taps and its row
   * taps (PrepTap), or (antialias) its block (PrepKTableHead) at col */
  int col, row;
  /* its PrepKSource (specialised entries), its PrepKTableSource (slots
   * entries): the same index */
  int source;
} PrepKSlot;

/* The argument every launch-table entry takes by value (__grid_constant__:
 * read in place, each slot with the run-time index blockIdx.z; under 4 KiB,
 * CUDA's limit). */
typedef struct
{
  int out_width, out_height;
  int channels;                 /* 3, or 1 (gray) */
  int elem;                     /* PREP_ELEM_* of the tensor */
  int qoff;                     /* 8-bit elements: 0 uint8, 128 int8 */
  /* 1: the tensor starts at a 16-byte boundary and out_width % 4 == 0, so
   * that every group of 4 pixels is stored with vector stores */
  int vec;
  float scale[3], bias[3], pad[3];
  int n_sources;
  PrepKSource source[PREP_KSOURCE_MAX];
  PrepKSlot slot[PREP_SLOT_TABLE_SIZE];
} PrepKArgs;

/* Index of each kernel parameter in kernelParams. */
enum
{
  PREP_KARG_ARGS = 0,           /* PrepKArgs, by value */
  PREP_KARG_TABLE,              /* const void *, the kernel table */
  PREP_KARG_DST,                /* void *, the tensor (all slots) */
  PREP_KARG_COUNT
};

/* The kernel table (device memory, 16-byte aligned): this head, then
 * n_sources PrepKTableSource, then the tap blocks the slots point to:
 * without antialias a block of out_width column taps or of out_height row
 * taps (PrepTap), shared by every slot with the same axis; with antialias
 * a block per distinct slot geometry of aa_block 16-byte units:
 * out_width + out_height PrepAaTap (columns, then rows), aa_weights floats
 * (rounded up to 4), then the tile of each block of the launch
 * (PREP_BLOCK_W x PREP_BLOCK_H pixels), computed on the host: for each
 * block column its source columns [s0, s1) (PrepAaTile), for each block
 * row the number of its rows that are not letterbox bands. */
#define PREP_KTABLE_MAGIC 0x314b5450u   /* "PTK1" */

typedef struct
{
  uint32_t magic;
  int32_t n_sources;
  uint64_t bytes;               /* the whole table */
  int32_t out_width, out_height;
  int32_t aa_weights;           /* antialias: floats of a block's weights */
  int32_t aa_block;             /* antialias: 16-byte units of a block */
  int32_t reserved[8];
} PrepKTableHead;

/* One distinct slot source: its parameters (aa_tile the plan's) and its
 * format (a PrepFormat, for the extents). */
typedef struct
{
  PrepParams params;
  int32_t format;
  int32_t reserved[3];
} PrepKTableSource;

/* The block layout of antialiased taps. */
#define PREP_KBLOCK_W 32
#define PREP_KBLOCK_H 8

PREP_FN int
prep_ktable_round4 (int n)
{
  return (n + 3) & ~3;
}

/* Block columns and rows of the launch grid of the slots entries. */
PREP_FN int
prep_ktile_columns (int out_width)
{
  return (out_width + PREP_KBLOCK_W - 1) / PREP_KBLOCK_W;
}

PREP_FN int
prep_ktile_rows (int out_height)
{
  return (out_height + PREP_KBLOCK_H - 1) / PREP_KBLOCK_H;
}

/* 16-byte units of an antialiased block for this geometry. */
PREP_FN int
prep_ktable_aa_block (int out_width, int out_height, int aa_weights)
{
  int ints = prep_ktable_round4 (aa_weights) + prep_ktable_round4 (2 *
      prep_ktile_columns (out_width) + prep_ktile_rows (out_height));

  return out_width + out_height + ints / 4;
}

#endif /* __PREP_KERNEL_ARGS_H__ */
